"""The sync loop for one root: commit, fetch, fast-forward or merge, push, verify, retry.

Order of one sync, under the repository lock:

1. Refuse a repo git left mid-merge/rebase; find local changes by stat (index
   entries compared with the files), recompile what they affect, run the
   secret gate on every new blob, commit if the tree changed.
2. Fetch the remote branch R. Unreachable: stop, report the commits waiting.
3. Our head L: equal to R, ahead of R (push), behind R (fast-forward), or
   diverged (merge with ``treemerge``, regenerate compiled files, commit with
   parents L and R). The worktree is updated before the branch moves, after a
   preflight that refuses to overwrite anything untracked or edited; a crash in
   between leaves changes the next sync commits as a no-op.
4. Push with compare-and-swap on the remote ref, read the ref back; on a
   rejection wait a random, growing delay and go to 2 (bounded).

memsync builds its commits itself instead of calling ``porcelain.commit``, so
the repo's pre-commit hook does not run: it would spawn memsync again to do
what this process has just done (recompile; the secret gate), and a hook that
rejects the commit for a lint warning would leave a device unable to sync.
"""
from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.roots import Root
from memsync.sync.accept import (
    checkout_problem,
    entry_problem,
    is_state_path,
    listing,
    local_state_line,
    remote_state_line,
    shown,
    shown_all,
)
from memsync.sync.pause import pause
from memsync.sync.settings import MAX_ATTEMPTS, MAX_SECONDS, Settings  # noqa: F401 - re-exported


@dataclass
class SyncResult:
    """What a sync did; ``to_json`` is the shape of ``--json`` and of the status file.

    Every path in it is as ``accept.shown`` gives it (secrets masked, control
    characters escaped). Each changed path is in one list only: taken from one
    side (``sent``, ``received`` and their deletions), combined from both
    (``merged``), an edit kept against a deletion (``kept``), or a conflict (its
    sibling is named there, nowhere else). A ``.state.json`` that was in git
    (committed with the git CLI, here or on another device) is in none of them:
    ``healed`` says in one line each what sync did about it.
    """

    root: str
    remote: str = ""
    outcome: str = "ok"  # ok | up-to-date | offline | secrets | error
    committed: str | None = None
    sent: list[str] = field(default_factory=list)
    sent_deletions: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)
    received_deletions: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)
    kept: list[dict[str, str]] = field(default_factory=list)
    conflicts: list[dict[str, str | None]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # entries that ignore rules keep out of sync
    healed: list[str] = field(default_factory=list)  # .state.json found in git and taken out, one line each
    left_out: list[str] = field(default_factory=list)  # "path: why" of files in git this device does not write
    waiting: int = 0
    attempts: int = 0
    head: str | None = None
    warnings: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return _printable({
            "root": self.root,
            "remote": self.remote,
            "outcome": self.outcome,
            "committed": self.committed,
            "sent": self.sent,
            "sent_deletions": self.sent_deletions,
            "received": self.received,
            "received_deletions": self.received_deletions,
            "merged": self.merged,
            "kept": self.kept,
            "conflicts": self.conflicts,
            "ignored": self.ignored,
            "healed": self.healed,
            "left_out": self.left_out,
            "waiting": self.waiting,
            "attempts": self.attempts,
            "head": self.head,
            "warnings": self.warnings,
            "findings": self.findings,
            "message": self.message,
        })


def _printable(value: Any) -> Any:
    """Every string escaped for output (a no-op for text already shown): whatever reached
    the result, an OS error's file name included, can be printed and stored as JSON."""
    from memsync.output import visible

    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [_printable(v) for v in value]
    if isinstance(value, dict):
        return {k: _printable(v) for k, v in value.items()}
    return value


class Session:
    """One open repository under its lock, with the state the phases share."""

    def __init__(self, root: Root, settings: Settings) -> None:
        self.root = root
        self.settings = settings
        self.repo: Any = None
        self.lock: Any = None
        self.cache: Any = None  # the EntryCache, once open
        self.result = SyncResult(root=root.display)
        self._index: Any = None  # the GitIndex, once read
        self._index_checked = False
        self._index_tree: bytes | None = None  # the tree the index in memory describes, once changed
        self._index_changed = False
        self._surveyor: Any = None  # the stat walk begun in open(), until survey() finishes it
        self.refused: dict[str, str] = {}  # local files sync does not commit, and why
        self.clashes: dict[str, Any] = {}  # path -> treemerge.Clash, from every merge of this sync
        self.kept: dict[str, str] = {}  # path -> why: an edit that beat a deletion
        self.moved: set[str] = set()  # folders at compiled paths and the siblings they went to, told as clashes
        self.regenerated: set[str] = set()  # compiled files rendered here from what a merge took in: sent, not merged
        self.remote_tree: bytes | None = None  # the remote branch's tree as last fetched
        self.pushed_from: bytes | None | bool = False  # the remote's tree our push replaced (False: no push)
        self.folds_case: bool | None = None  # git's core.ignorecase, once read

    def open(self) -> None:
        """Lock, then open the repository and check it is in a state to sync.

        In an ordinary repository (``.git`` a folder), the lock is taken and the
        worktree's stat walk starts in a forked child before dulwich is even
        imported: the walk is system calls, the imports are Python, so they
        overlap on two cores (this process takes its share of the walk later,
        in ``survey``).
        """
        gitdir = self.root.path / ".git"
        if (gitdir / "HEAD").is_file():
            from memsync.sync.gitindex import GitIndex
            from memsync.sync.worktree import Surveyor

            self._acquire(gitdir)
            with suppress(MemsyncError):  # a damaged index is reported in its turn, by index()
                self._index = GitIndex.read(gitdir / "index")
                self._surveyor = Surveyor(self.root.path, self._index)
        from memsync.sync import repo as R
        from memsync.sync.compiled import EntryCache

        self.R = R
        self.repo = R.open_repo(self.root.path, self.root.display)
        self.gitdir = Path(self.repo.controldir())
        if self.lock is None:
            self._acquire(self.gitdir)
        self.R.refuse_in_progress(self.repo, self.root.display)
        branch = self.R.head_branch(self.repo)
        if branch != self.R.BRANCH_REF:
            shown = branch.decode() if branch else "a detached HEAD"
            raise MemsyncError(
                f"{self.root.display} is on {shown}; memsync syncs the branch main "
                "(`git switch main`, or run `memsync sync init` to set it up)"
            )
        self.cache = EntryCache(self.repo, self.gitdir / "memsync" / "entries")

    def _acquire(self, gitdir: Path) -> None:
        from memsync.sync.lock import RepoLock

        lock = RepoLock(gitdir)
        lock.acquire(self.settings.lock_timeout)
        self.lock = lock
        if lock.recovered is not None:
            pid = lock.recovered.get("pid")
            cleaned = f"; removed {', '.join(lock.removed)}" if lock.removed else ""
            self.result.warnings.append(f"the previous sync (pid {pid}) was interrupted; recovered its lock{cleaned}")

    def survey(self):  # type: ignore[no-untyped-def]
        """The stat walk begun in ``open`` (None: there was none)."""
        surveyor, self._surveyor = self._surveyor, None
        return surveyor.finish() if surveyor is not None else None

    def folding(self) -> bool:
        """The file system holds names differing only in case as one (git's core.ignorecase)."""
        if self.folds_case is None:
            from memsync.sync.casefold import repo_folds_case

            self.folds_case = repo_folds_case(self.repo)
        return self.folds_case

    def close(self) -> None:
        try:
            if self._surveyor is not None:
                self._surveyor.close()  # never leave its child unreaped
            if self._index_tree is not None:  # left by an error: keep what is already true on disk
                with suppress(MemsyncError, OSError):
                    self.save_index()
            if self.cache is not None:
                self.cache.save()
        finally:
            if self.lock is not None:
                self.lock.release()
            if self.repo is not None:
                self.repo.close()

    # -- state kept in .git/memsync/ -------------------------------------------------
    def _state_path(self, name: str) -> Path:
        return self.gitdir / "memsync" / name

    def read_state(self, name: str) -> dict[str, Any]:
        from memsync.jsonfile import read_json

        value = read_json(self._state_path(name))
        return value if isinstance(value, dict) else {}

    def write_state(self, name: str, value: dict[str, Any]) -> None:
        from memsync.jsonfile import write_json

        write_json(self._state_path(name), value)

    # -- the index ------------------------------------------------------------------
    def index(self):  # type: ignore[no-untyped-def]
        from memsync.sync.gitindex import GitIndex

        if self._index is None:
            self._index = GitIndex.read(self.gitdir / "index")
        if not self._index_checked:
            conflicts = self._index.stage_conflicts()
            if conflicts:
                raise MemsyncError(
                    f"{self.root.display}: the git index has unresolved conflicts ({', '.join(conflicts[:5])}); "
                    "resolve them with git (or `git merge --abort`), then sync again. Nothing was changed."
                )
            self._index_checked = True
        return self._index

    def index_tree(self) -> bytes:
        """The tree the index describes (from our stamp when the index is as we left it)."""
        index = self.index()
        stamp = self.read_state("index.json")
        if stamp.get("stat") == index.stamp and isinstance(stamp.get("tree"), str):
            tree = stamp["tree"].encode("ascii")
            if tree in self.repo.object_store:
                return tree
        return self.R.tree_from_index(self.repo, index.entries)

    def update_index(self, updates: dict, tree: bytes) -> None:  # type: ignore[type-arg]
        """Change the index in memory to describe ``tree``; ``save_index`` writes it once, at the end.

        Deferring is safe: the entries only ever describe files as they are on
        disk, so an index left behind by a crash just makes the next sync hash
        those files again (and find the tree it already committed).
        """
        if updates:
            self.index().apply(updates)
            self._index_changed = True
        self._index_tree = tree

    def save_index(self) -> None:
        if self._index_tree is None:
            return
        if self._index_changed:
            with self.lock.holding("index.lock"):
                self.index().write()
            self._index_changed = False
        self.write_state("index.json", {"stat": self.index().stamp, "tree": self._index_tree.decode("ascii")})
        self._index_tree = None

    @contextmanager
    def saving_meanwhile(self) -> Iterator[None]:
        """Write the index and the entry cache in a helper thread while the body runs (a push,
        which mostly waits on the remote). Both describe the worktree and the head as they are
        now, whatever the push does; if writing fails, ``close`` and the end of the sync
        write them again (and report a failure)."""
        import threading

        if self.cache is not None and self.cache.tree is not None:
            self.R.persist(self.repo, self.cache.tree)  # objects, in this thread: the push reads the store

        def work() -> None:
            with suppress(MemsyncError, OSError):
                self.save_index()
                if self.cache is not None:
                    self.cache.save()

        helper = threading.Thread(target=work, name="memsync-save", daemon=True)
        helper.start()
        try:
            yield
        finally:
            helper.join()

    def is_compiled(self, commit: bytes | None) -> bool:
        if commit is None:
            return False
        if self.R.is_compiled(self.repo, commit):
            return True
        from memsync import __version__

        known = self.read_state("compiled.json")
        return known.get("tree") == (self.R.tree_of(self.repo, commit) or b"").decode() and known.get("version") == __version__

    def note_compiled(self, tree: bytes) -> None:
        from memsync import __version__

        self.write_state("compiled.json", {"tree": tree.decode("ascii"), "version": __version__})

    def move_tracking(self, new: bytes, why: str) -> None:
        """Point origin/main at ``new`` (a lock file a kill leaves behind is noted for recovery)."""
        R = self.R
        with self.lock.holding(f"{R.TRACKING_REF.decode()}.lock"):
            R.cas(self.repo, R.TRACKING_REF, R.ref_value(self.repo, R.TRACKING_REF), new, f"memsync: {why}")

    def move_branch(self, old: bytes | None, new: bytes, why: str) -> None:
        ref = self.R.BRANCH_REF.decode()
        with self.lock.holding(f"{ref}.lock"):
            ok = self.R.cas(self.repo, self.R.BRANCH_REF, old, new, f"memsync: {why}")
        if not ok:
            raise MemsyncError(
                f"{self.root.display}: the branch main moved while sync ran (another git command?); "
                "run sync again"
            )


@contextmanager
def session(root: Root, settings: Settings) -> Iterator[Session]:
    s = Session(root, settings)
    try:
        s.open()
        yield s
    finally:
        s.close()


# -- phase 1: local changes -------------------------------------------------------------

def scan_local(s: Session):  # type: ignore[no-untyped-def]
    """What changed on disk since the index was written (like ``git add -A`` would see it)."""
    from dulwich.ignore import IgnoreFilterManager

    from memsync.sync.worktree import local_changes

    manager = IgnoreFilterManager.from_repo(s.repo)
    changes = local_changes(s.root.path, s.index(), lambda p: bool(manager.is_ignored(p)), s.survey())
    s.result.warnings.extend(changes.skipped)
    s.result.ignored = shown_all(sorted(changes.ignored))
    s.refused = changes.refused
    return changes


def commit_local(s: Session, template: str, changes) -> bytes | None:  # type: ignore[no-untyped-def]
    """Recompile, gate, and commit ``changes`` (from ``scan_local``); returns the branch head."""
    from memsync.sync.compiled import regenerate
    from memsync.tree import ROOT_MD

    R = s.R
    repo = s.repo
    head = R.ref_value(repo, R.BRANCH_REF)
    head_tree = R.tree_of(repo, head)
    base = s.index_tree()
    # Gate what changed first: a refusal then leaves no trace of it (no tree, no cache row).
    _gate(s, changes.data)
    if changes.state_in_git:
        s.result.healed.append(local_state_line(changes.state_in_git, done=True))
    for path, version in changes.files.items():
        if version is not None:
            R.add_blob(repo, changes.data[path])
    tree = R.apply_changes(repo, base, [(p, v[0] if v else None, v[1] if v else None) for p, v in changes.files.items()])
    index_updates = dict(changes.index_updates)
    if base != head_tree and head_tree is not None:
        tree = _keep_left_out(s, head_tree, tree, changes.files, index_updates)
    compiled = s.is_compiled(head)
    if changes.files or not compiled:  # what will be recompiled: the changed categories, or everything
        tree, index_updates = _settle_folders(s, tree, changes.files if compiled else None, index_updates)
    assert s.cache is not None
    regen = regenerate(
        repo, s.cache, head_tree, tree, old_compiled=compiled, template=template, create_root=head is not None
    )
    s.result.warnings.extend(_problem_lines(regen.problems))
    _gate(s, regen.outputs)
    if regen.outputs:
        pause("before-compiled-write")
        index_updates.update(write_compiled(s, regen.outputs, tree))
        tree = R.apply_changes(repo, tree, [(p, 0o100644, R.add_blob(repo, d)) for p, d in regen.outputs.items()])
        s.cache.move_to(tree)  # same entries; keeps the cache on a tree that will be stored
    pause("before-commit")
    if tree != head_tree:
        touched = sorted(set(changes.files) | set(regen.outputs))
        message = _commit_message("record local changes", touched)
        # A first commit leaves a missing ROOT.md missing (the remote's may be adopted next);
        # without the trailer, the next sync renders everything and creates it.
        complete = head is not None or R.lookup(repo, tree, ROOT_MD) is not None
        commit = R.make_commit(repo, tree, [head] if head else [], message, compiled=complete)
        s.move_branch(head, commit, "commit local changes")
        s.result.committed = commit.decode()
        head = commit
    elif head is not None:
        s.note_compiled(tree)
    pause("after-commit")
    s.update_index(index_updates, tree)
    return head


def _settle_folders(s: Session, tree: bytes, changed: dict[str, Any] | None,
                    index_updates: dict[bytes, Any]) -> tuple[bytes, dict[bytes, Any]]:
    """A folder here at a compiled path (taken in before sync moved such folders aside, or made
    by hand) is moved aside on disk and in ``tree`` as a merge does it (``settle_compiled``), so
    the compiled file can be written there; returns the tree and the index updates still due."""
    from memsync.sync.treemerge import settle_compiled

    settled, moved = settle_compiled(s.repo, tree, None, changed)  # a change in its category is what recompiles it
    if not moved:
        return tree, index_updates
    s.update_index(index_updates, tree)  # the index must describe the disk before checkout moves files
    checkout(s, tree, settled)
    _note_moved(s, moved)
    return settled, {}


def _note_moved(s: Session, moved: list[Any]) -> None:
    """Folders ``settle_compiled`` moved aside: each is one conflict line, its files in no other list."""
    for clash in moved:
        s.clashes[clash.path] = clash
        s.moved.update((clash.path, clash.sibling))


def _keep_left_out(s: Session, head_tree: bytes, tree: bytes, files: dict[str, Any],
                   index_updates: dict[bytes, Any]) -> bytes:
    """``tree`` with the files of ``head_tree`` that the checkout leaves out put back, when the
    index lags the branch (a sync killed after moving the branch, before writing the index):
    such a file was never on disk here, so its absence is not a deletion. Each gets its
    skip-worktree entry in ``index_updates``."""
    from memsync.sync.casefold import Twins
    from memsync.sync.gitindex import left_out_entry

    R = s.R
    raw = s.index().raw
    twins = Twins(R.objects(s.repo).listing, head_tree) if s.folding() else None
    back = []
    for path, ch in R.diff(s.repo, head_tree, tree).items():
        key = path.encode("utf-8", "surrogateescape")
        if ch.new is not None or ch.old is None or key in raw or path in files or is_state_path(path):
            continue
        kept_out = (checkout_problem(path, ch.old_mode) is not None
                    or entry_problem(path, ch.old, lambda h: R.blob(s.repo, h)) is not None
                    or (twins is not None and bool(twins.of(path))))
        if not kept_out:
            continue  # a file this device did write, deleted since: a deletion
        back.append((path, ch.old_mode, ch.old))
        index_updates[key] = left_out_entry(key, ch.old_mode, bytes.fromhex(ch.old.decode("ascii")))
    return R.apply_changes(s.repo, tree, back) if back else tree


def _problem_lines(problems: list[Any]) -> list[str]:
    return [shown(p.format()) for p in problems]


def write_compiled(s: Session, outputs: dict[str, bytes], compiled_from: bytes | None) -> dict:  # type: ignore[type-arg]
    """Write the recompiled files; each must still hold what ``compiled_from`` (the tree read
    from disk) has, or it was edited while sync ran (ROOT.md's own text, say): then the sync
    stops, before committing anything, and the edit stays for the next sync."""
    from memsync.fsutil import mkdir_inside, write_inside
    from memsync.sync.gitindex import blob_sha, entry_for
    from memsync.sync.worktree import edited_meanwhile, holds

    updates = {}
    for path in sorted(outputs):
        was = s.R.lookup(s.repo, compiled_from, path)
        if was is not None and not holds(s.root.path / path, was[1]):
            raise edited_meanwhile(path)
    for path, data in sorted(outputs.items()):
        parent = path.rpartition("/")[0]
        if parent:
            mkdir_inside(s.root.path, parent)
        write_inside(s.root.path, path, data, display=f"{s.root.display}/{path}")
        key = path.encode("utf-8")
        updates[key] = entry_for(key, os.lstat(s.root.path / path), blob_sha(data), 0o100644)
    return updates


def _commit_message(what: str, paths: list[str], left_out: list[str] | None = None) -> str:
    """The subject and the paths, one per line, as ``shown`` gives them: a name holding a
    newline cannot forge a line (the ``Memsync-Compiled`` trailer), nor a token be recorded."""
    head = f"memsync: {what} ({len(paths)} file{'s' if len(paths) != 1 else ''})"
    listed = "\n".join(f"- {p}" for p in shown_all(paths[:20]))
    more = f"\n- ... and {len(paths) - 20} more" if len(paths) > 20 else ""
    text = f"{head}\n\n{listed}{more}" if paths else head
    if left_out:
        text += f"\n\nLeft out and removed from the branch (per-device, committed outside memsync): {listing(left_out)}"
    return text


class SecretsFound(Exception):
    """The secret gate stopped the sync; ``advice`` (when set) replaces the usual way out."""

    def __init__(self, findings: list[str], advice: str | None = None) -> None:
        super().__init__(f"{len(findings)} secret(s) found")
        self.findings = findings
        self.advice = advice


# -- phase 2-4: integrate and push ------------------------------------------------------

def checkout(s: Session, old_tree: bytes | None, new_tree: bytes, changes: dict[str, Any] | None = None) -> None:
    """Update the worktree and index from ``old_tree`` to ``new_tree`` (preflighted);
    ``changes``: their diff, when the caller has it. A ``.state.json`` on the way is
    never written nor deleted on disk (it is this device's own): a deletion only
    takes it out of the index."""
    from memsync.sync.gitindex import is_left_out, left_out_entry
    from memsync.sync.worktree import Incoming, apply, preflight

    R = s.R
    if changes is None:
        changes = R.diff(s.repo, old_tree, new_tree)
    index = s.index()
    twins = _case_twins(s, new_tree, changes, index)
    incoming = []
    untracked: dict[bytes, Any] = {}  # index-only changes: nothing on disk is written or deleted
    kept_out = []  # left out for what they are: nothing of ours may sit at their path
    for path, ch in changes.items():
        key = path.encode("utf-8", "surrogateescape")
        if is_state_path(path):
            if ch.new is None:
                untracked[key] = None
            continue
        # A file this device never creates (a symlink, a name it cannot write, a twin of a name
        # its file system holds already) is kept in git as it is, out of the checkout, instead
        # of stopping the sync here and on every device.
        was = index.raw.get(key) if ch.old is not None else None
        was_out = was is not None and is_left_out(was)
        if ch.new is not None and (path in twins or checkout_problem(path, ch.new_mode) is not None
                                   or entry_problem(path, ch.new, lambda sha: R.blob(s.repo, sha)) is not None):
            untracked[key] = left_out_entry(key, ch.new_mode, bytes.fromhex(ch.new.decode("ascii")))
            if path not in twins:
                kept_out.append(path)
            if ch.old is not None and not was_out:
                incoming.append(Incoming(path, ch.old, None))  # the file it replaces goes, if unedited
            continue
        if was_out:
            untracked[key] = None
            if ch.new is None:
                continue
        new = (ch.new_mode, ch.new) if ch.new is not None else None
        incoming.append(Incoming(path, None if was_out else ch.old, new))
    seen = preflight(s.root.path, index, incoming, s.refused, kept_out)
    pause("before-checkout")
    updates = apply(s.root.path, incoming, lambda sha: R.blob(s.repo, sha) or b"", seen)
    for key, entry in untracked.items():
        if entry is not None:
            updates[key] = entry
        elif key in index.entries and key not in updates:
            updates[key] = None
    s.update_index(updates, new_tree)


def _case_twins(s: Session, new_tree: bytes, changes: dict[str, Any], index: Any) -> set[str]:
    """Paths ``changes`` adds that, on a file system folding case (``casefold``), would land on
    a file another path of ``new_tree`` keeps: one already here, or one sorting first."""
    from memsync.sync.casefold import Twins

    if not s.folding():
        return set()
    adds = {p for p, ch in changes.items() if ch.new is not None and not is_state_path(p)}
    finder = Twins(s.R.objects(s.repo).listing, new_tree)
    out = set()
    for path in sorted(adds):
        for other in finder.of(path):
            entry = index.entries.get(other.encode("utf-8", "surrogateescape"))
            here = other not in adds and entry is not None and not entry.skip_worktree
            if here or (other in adds and other < path and other not in out):
                out.add(path)
                break
    return out


def _left_out(s: Session, paths: list[str], tree: bytes) -> None:
    """Say what was done about the remote's .state.json files (``paths`` of ``tree``); one
    holding a secret is named (masked): the remote's history keeps it."""
    from memsync.secrets.gate import check

    line = remote_state_line(paths, done=True)
    if line not in s.result.healed:
        s.result.healed.append(line)
    blobs = {p: s.R.blob(s.repo, v[1]) for p in paths if (v := s.R.lookup(s.repo, tree, p)) is not None}
    for finding in check(s.root.path, {p: d for p, d in blobs.items() if d is not None}):
        warning = (f"{shown(finding.format())}: a possible secret, in a .state.json the remote's history holds "
                   "(committed outside memsync); removing it from the branch does not take it out of that "
                   "history: rotate the secret")
        if warning not in s.result.warnings:
            s.result.warnings.append(warning)


def integrate(s: Session, local: bytes | None, remote: bytes, template: str) -> bytes:
    """Bring ``remote`` in: fast-forward, or merge; returns the new head (worktree updated)."""
    from memsync.sync.compiled import regenerate
    from memsync.sync.treemerge import merge_trees, settle_compiled

    R = s.R
    repo = s.repo
    local_tree = R.tree_of(repo, local)
    remote_tree = R.tree_of(repo, remote)
    assert remote_tree is not None
    if local is None or R.is_ancestor(repo, local, remote):
        return _fast_forward(s, local, local_tree, remote, remote_tree, template)
    base_commits = R.merge_bases(repo, local, remote)
    bases = [R.tree_of(repo, b) for b in base_commits]

    def touched(path: str) -> tuple[int, int]:
        return R.last_touched(repo, local, base_commits, path), R.last_touched(repo, remote, base_commits, path)

    # A folder their side put at a compiled path is moved aside before merging: the file stays ours.
    theirs_tree, moved = settle_compiled(repo, remote_tree, local_tree, R.diff(repo, local_tree, remote_tree))
    merged = merge_trees(repo, [b for b in bases if b is not None], local_tree, theirs_tree, touched)
    _note_moved(s, moved)
    tree = R.apply_changes(repo, local_tree, [(p, v[0] if v else None, v[1] if v else None) for p, v in merged.changes.items()])
    assert s.cache is not None
    regen = regenerate(repo, s.cache, local_tree, tree, old_compiled=True, template=template,
                       also_compiled=remote_tree if s.is_compiled(remote) and not moved else None)
    s.result.warnings.extend(w for w in _problem_lines(regen.problems) if w not in s.result.warnings)
    if regen.outputs:
        tree = R.apply_changes(repo, tree, [(p, 0o100644, R.add_blob(repo, d)) for p, d in regen.outputs.items()])
        s.cache.move_to(tree)
        s.regenerated.update(p for p in regen.outputs if p not in merged.merged)
    fresh = {p: R.blob(repo, v[1]) for p, v in merged.changes.items() if v is not None and p in merged.merged}
    fresh.update(regen.outputs)
    _gate(s, {p: d for p, d in fresh.items() if d is not None})
    for clash in merged.clashes:
        s.clashes[clash.path] = clash
    for path, why in merged.kept.items():
        s.kept[path] = why
    if tree == remote_tree:
        # Everything we had is already there: take their commit instead of adding a merge.
        checkout(s, local_tree, remote_tree)
        pause("after-checkout")
        s.move_branch(local, remote, "fast-forward (our changes were already there)")
        return remote
    message = _commit_message("merge remote changes", sorted(p for p in merged.changes if not is_state_path(p)),
                              merged.left_out)
    commit = R.make_commit(repo, tree, [local, remote], message, compiled=True)
    checkout(s, local_tree, tree)
    pause("after-checkout")
    s.move_branch(local, commit, "merge")
    if merged.left_out:
        _left_out(s, merged.left_out, remote_tree)
    return commit


def _fast_forward(s: Session, local: bytes | None, local_tree: bytes | None, remote: bytes, remote_tree: bytes,
                  template: str) -> bytes:
    """Take ``remote`` (a descendant of ``local``) as it is, or with a commit on top when it
    needs one: a ``.state.json`` it holds (the git CLI put it there) is left out, a folder at a
    compiled path is moved aside, and compiled files a commit made without memsync left stale
    are regenerated (and gated), so the files on disk are compiled when the sync ends."""
    from memsync.sync.compiled import regenerate
    from memsync.sync.treemerge import settle_compiled

    R = s.R
    repo = s.repo
    changes = R.diff(repo, local_tree, remote_tree)
    left = sorted(p for p, ch in changes.items() if ch.new is not None and is_state_path(p))
    tree = R.apply_changes(repo, remote_tree, [(p, None, None) for p in left]) if left else remote_tree
    tree, moved = settle_compiled(repo, tree, local_tree, changes)
    regenerated: list[str] = []
    secrets: SecretsFound | None = None
    if moved or not s.is_compiled(remote):
        assert s.cache is not None
        # Only what local..remote changed can be stale when ours was compiled; else all is rendered.
        regen = regenerate(repo, s.cache, local_tree, tree, old_compiled=s.is_compiled(local), template=template)
        s.result.warnings.extend(w for w in _problem_lines(regen.problems) if w not in s.result.warnings)
        try:
            _gate(s, regen.outputs)
        except SecretsFound as exc:
            # Their entry holds it (published already): take their commit as it is, so that this
            # device has the entry to fix, but commit no compiled file copying it (exit 1).
            secrets = exc
        if regen.outputs and secrets is None:
            tree = R.apply_changes(repo, tree, [(p, 0o100644, R.add_blob(repo, d)) for p, d in regen.outputs.items()])
            regenerated = sorted(regen.outputs)
            s.regenerated.update(regenerated)
        s.cache.move_to(tree)
    _note_moved(s, moved)
    if tree == remote_tree:
        checkout(s, local_tree, remote_tree, changes)
        pause("after-checkout")
        s.move_branch(local, remote, "fast-forward")
        if secrets is not None:
            raise secrets
        s.note_compiled(remote_tree)  # checked just now: the next sync need not render it all again
        return remote
    what = "regenerate compiled files" if regenerated or moved else "leave out .state.json"
    commit = R.make_commit(repo, tree, [remote], _commit_message(what, regenerated + [c.path for c in moved], left),
                           compiled=secrets is None)
    # A .state.json is in neither tree: the diff to the remote's tree tells checkout to leave it alone.
    checkout(s, local_tree, tree, {**R.diff(repo, local_tree, tree), **{p: changes[p] for p in left}})
    pause("after-checkout")
    s.move_branch(local, commit, "fast-forward, with compiled files regenerated or .state.json left out")
    if left:
        _left_out(s, left, remote_tree)
    if secrets is not None:
        raise secrets
    return commit


def _drop_unpushed_state(s: Session, head: bytes, remote: bytes | None) -> bytes:
    """``head`` with every ``.state.json`` taken out of the commits not pushed yet (a ``git add -f``
    and commit made by hand, which ``commit_local`` only removed on top): rewritten like a rebase,
    parents first, dropping a commit left empty, so the file never reaches the remote's history.
    Pushed commits are never rewritten. Returns the new head (``head`` when nothing held one)."""
    R = s.R
    repo = s.repo
    commits = {c.id: c for c in R.commits_between(repo, head, remote)}
    found: set[str] = set()
    for commit in commits.values():
        if R.is_compiled(repo, commit.id):
            continue  # memsync never commits one
        parent = R.tree_of(repo, commit.parents[0]) if commit.parents else None
        found.update(p for p, ch in R.diff(repo, parent, commit.tree).items() if ch.new is not None and is_state_path(p))
    if not found:
        return head
    order: list[bytes] = []
    seen: set[bytes] = set()

    def visit(sha: bytes) -> None:  # parents before children
        stack = [(sha, False)]
        while stack:
            at, done = stack.pop()
            if done:
                order.append(at)
                continue
            if at in seen or at not in commits:
                continue
            seen.add(at)
            stack.append((at, True))
            stack.extend((p, False) for p in commits[at].parents)

    visit(head)
    new_ids: dict[bytes, bytes] = {}
    for sha in order:
        old = commits[sha]
        parents = [new_ids.get(p, p) for p in old.parents]
        tree = R.apply_changes(repo, old.tree, [(p, None, None) for p in sorted(found)])
        if len(parents) == 1:
            changed = R.diff(repo, R.tree_of(repo, old.parents[0]), old.tree)
            if changed and all(is_state_path(p) for p in changed):
                new_ids[sha] = parents[0]  # it only added (or took out) .state.json: nothing left to keep
                continue
        new_ids[sha] = _recommit(s, old, tree, parents)
    new_head = new_ids[head]
    if R.tree_of(repo, new_head) != R.tree_of(repo, head):
        return head  # the branch itself still holds one: commit_local's removal did not run; leave it be
    s.move_branch(head, new_head, "take .state.json out of the commits not pushed yet")
    also = "and out of the commits not pushed yet (their ids changed), so the remote never held it"
    for i, line in enumerate(s.result.healed):
        if line.startswith("this device's git index held") and also not in line:
            s.result.healed[i] = f"{line}, {also}"  # one line for one .state.json: commit_local's, completed
            break
    else:
        line = f"commits not pushed yet held {listing(sorted(found))} (committed with the git CLI): taken out of them, {also}"
        if line not in s.result.healed:
            s.result.healed.append(line)
    return new_head


def _recommit(s: Session, old: Any, tree: bytes, parents: list[bytes]) -> bytes:
    """``old`` again with ``tree`` and ``parents``: same author, committer, dates and message
    (a signature would no longer match, so none is kept)."""
    from dulwich.objects import Commit

    s.R.persist(s.repo, tree)
    commit: Any = Commit()
    commit.tree = tree
    commit.parents = parents
    for name in ("author", "committer", "author_time", "commit_time", "author_timezone", "commit_timezone",
                 "message", "encoding"):
        setattr(commit, name, getattr(old, name))
    s.R.objects(s.repo).add(commit)
    return commit.id


def gate_push(s: Session, head: bytes, remote: bytes | None) -> None:
    """Scan what commits made outside memsync would publish (ours were scanned when made),
    and hold them to the rules a local file is held to (``accept``)."""
    from memsync.sync.accept import content_problem, never_synced

    R = s.R
    files: dict[str, bytes] = {}
    head_tree = R.tree_of(s.repo, head)
    for commit in R.commits_between(s.repo, head, remote):
        if R.is_compiled(s.repo, commit.id):
            continue
        parents = [R.tree_of(s.repo, p) for p in commit.parents] or [None]
        changed = R.diff(s.repo, parents[0], commit.tree)
        for path, ch in changed.items():
            if ch.new is None:
                continue
            if any((R.lookup(s.repo, p, path) or (0, None))[1] == ch.new for p in parents[1:]):
                continue  # brought in from another parent, not new in this commit
            data = R.blob(s.repo, ch.new) or b""
            # What the remote's branch would hold is held to the rules its other devices apply
            # (``accept.check_fetched``); a version a later commit replaced is history.
            if R.lookup(s.repo, head_tree, path) == (ch.new_mode, ch.new):
                why = "memsync never syncs it" if never_synced(path) else content_problem(path, data)
                if why is not None:
                    raise MemsyncError(
                        f"commit {commit.id.decode()[:7]} (not made by memsync) adds {shown(path)}: {why}; nothing "
                        f"was pushed. Take it out of git, keeping the file (`git rm --cached {shown(path)}`, then "
                        "commit), and sync again."
                    )
            files[f"{path}@{commit.id.decode()[:7]}"] = data
    try:
        _gate(s, files)
    except SecretsFound as exc:
        ids = sorted({m.group(1) for f in exc.findings if (m := re.search(r"@([0-9a-f]{7}):\d+:\d+: ", f))})
        # Already in this device's history: editing the file does not take it out of there.
        undo = (f"run `git reset origin/main` in {s.root.display}: it drops the commits not pushed yet and "
                "keeps every file on disk as it is" if remote is not None else
                "take it out of the commits not pushed yet with the git CLI (`git rebase -i`, `git commit --amend`)")
        raise SecretsFound(exc.findings, (
            f"{len(exc.findings)} possible secret(s) found in commits made outside memsync "
            f"({', '.join(ids) or 'not pushed yet'}); nothing was pushed. To drop them, {undo}; then remove the "
            "secret from any file still holding it (a .state.json can stay: it is never synced) and sync again."
        )) from None


def _gate(s: Session, files: dict[str, bytes]) -> None:
    """The secret gate (memsync.secrets.gate) over what is about to be committed or pushed."""
    from memsync.secrets.gate import check
    from memsync.sync.compiled import is_compiled_path

    found = check(s.root.path, files)
    findings = [shown(f.format()) for f in found]
    if findings:
        s.result.findings = findings
        compiled = sorted({f.path for f in found if is_compiled_path(f.path)})
        raise SecretsFound(findings, _copied_from(s, compiled) if compiled else None)


def _copied_from(s: Session, compiled: list[str]) -> str | None:
    """What to do when a compiled file would hold a secret: it copies an entry's summary,
    highlight or triggers, so the entry is named (editing the compiled file is no use). An
    entry pushed by another device with the git CLI holds it too: say to rotate it."""
    from memsync.secrets.gate import check
    from memsync.tree import ROOT_MD

    if s.cache is None:
        return None
    categories = None if ROOT_MD in compiled else {p.partition("/")[0] for p in compiled}
    shown_fields = {info.path: "\n".join([info.summary, info.highlight, *info.load_when]).encode("utf-8", "surrogatepass")
                    for info in s.cache.entries(categories) if info is not None}
    sources = sorted({f.path for f in check(s.root.path, shown_fields)})
    if not sources:
        return None
    return (f"{listing(compiled)} would copy a possible secret from the summary, highlight or load_when of "
            f"{listing(sources)}; nothing was committed or pushed. Remove it from that entry (on any device that has "
            "it, or with the git CLI) and rotate it if the remote's history holds it, then sync again.")


def sync_root(root: Root, *, remote_override: Any = None, settings: Settings | None = None) -> SyncResult:
    """One full sync of ``root`` with its ``origin`` remote.

    The outcome says how it ended (``ok``, ``up-to-date``, ``offline``, ``secrets``,
    ``error``); a failure that stops the sync raises MemsyncError, an OS error included.
    """
    try:
        return _sync_root(root, remote_override, settings)
    except OSError as exc:
        where = f" ({shown(os.fsdecode(exc.filename))})" if exc.filename else ""
        raise MemsyncError(f"{root.display}: {exc.strerror or exc}{where}; sync stopped") from None


def _settings(root: Root) -> tuple[Settings, str | None]:
    """Sync's settings, and a warning when the root's ``.memsync.yaml`` does not load but is what
    git has (another device sent it, before sync left such files out): sync then uses the
    defaults and the user's own settings, so it can still fetch a repaired file. A broken edit
    made here, or a broken user file, still stops it (exit 2): its owner fixes it here."""
    from memsync.config import ROOT_CONFIG, load_config, user_settings

    try:
        return Settings.from_config(load_config(root.path)), None
    except MemsyncError as exc:
        if not _as_committed(root.path / ROOT_CONFIG):
            raise  # this device's own edit (or the user's file): its owner fixes it here
        own = Settings.from_config(user_settings())
        return own, (f"{shown(str(exc))}; this sync used the defaults and your own settings instead (fix the "
                     "file here, or on any device: a repaired one arrives with the next sync)")


def _as_committed(path: Path) -> bool:
    """``path`` holds what this device's git index has for it: it came from git (another device
    sent it, before sync checked such files), not from an edit here. Read before the lock: a
    guess that only picks which of two messages a broken file gets."""
    from memsync.sync.gitindex import GitIndex, blob_sha

    try:
        entry = GitIndex.read(path.parent / ".git" / "index").entries.get(path.name.encode())
        return entry is not None and not entry.skip_worktree and blob_sha(path.read_bytes()) == entry.sha
    except (MemsyncError, OSError):
        return False


def _sync_root(root: Root, remote_override: Any, settings: Settings | None) -> SyncResult:
    from memsync.templates import read_template
    from memsync.tree import ROOT_MD

    warning = None
    if settings is None:
        settings, warning = _settings(root)
    template = read_template(ROOT_MD)
    with session(root, settings) as s:
        if warning is not None:
            s.result.warnings.append(warning)
        from memsync.sync import transport as T  # dulwich: after the session started its stat walk

        remote = remote_override or _configured_remote(s)
        remote.timeout = settings.timeout
        s.result.remote = remote.display
        try:
            _run(s, remote, template, settings, T)
        except SecretsFound as exc:
            s.result.outcome = "secrets"
            s.result.message = exc.advice or (
                f"{len(exc.findings)} possible secret(s) found; nothing was committed or pushed. "
                "Remove them (or mark a line `memsync: allow-secret`) and sync again."
            )
        s.save_index()
        s.result.head = (s.R.ref_value(s.repo, s.R.BRANCH_REF) or b"").decode() or None
        _save_status(s)
        return s.result


def _configured_remote(s: Session):  # type: ignore[no-untyped-def]
    from memsync.sync.transport import Remote

    try:
        url = s.repo.get_config().get((b"remote", b"origin"), b"url")
    except KeyError:
        raise MemsyncError(
            f"{s.root.display} has no remote; run `memsync sync init REMOTE --root {s.root.display}` first"
        ) from None
    try:
        return Remote(url.decode("utf-8", "surrogateescape"))
    except MemsyncError as exc:
        raise MemsyncError(f"{s.root.display}: remote.origin.url in .git/config: {exc.message}") from None


def _run(s: Session, remote, template: str, settings: Settings, T) -> None:  # type: ignore[no-untyped-def]
    R = s.R
    changes = scan_local(s)
    # The first fetch's network half (a git process on the other core, mostly) runs
    # while the local changes are committed; the stat walk above wanted both cores.
    early = T.Prefetch(str(s.root.path), remote)
    try:
        commit_local(s, template, changes)
    except BaseException:
        early.wait()  # nothing of it is used; just never leave it running
        raise
    start = R.ref_value(s.repo, R.BRANCH_REF)  # what the files on disk hold now
    try:
        _attempts(s, remote, template, settings, T, early)
    finally:
        _summarize(s, R.tree_of(s.repo, start))


def _attempts(s: Session, remote, template: str, settings: Settings, T, early) -> None:  # type: ignore[no-untyped-def]
    R = s.R
    for attempt in range(1, settings.attempts + 1):
        s.result.attempts = attempt
        head = R.ref_value(s.repo, R.BRANCH_REF)  # a rejected attempt may have merged already
        fetched, early = early, None
        try:
            _attempt(s, remote, head, template, T, fetched)
            return
        except T.Unreachable as exc:
            _waiting(s, "offline", f"could not reach the remote ({exc.why})")
            return
        except T.Rejected:
            time.sleep(random.uniform(0.05, 0.25) * attempt)  # jitter, growing with each attempt
    _waiting(s, "error", f"the remote kept moving: gave up after {settings.attempts} attempts")


def _attempt(s: Session, remote, head: bytes | None, template: str, T, fetched) -> None:  # type: ignore[no-untyped-def]
    """One fetch (``fetched``: already under way), integrate, push. Unreachable or Rejected
    propagate to the retry loop."""
    R = s.R
    theirs = fetched.finish(s.repo) if fetched is not None else T.fetch(s.repo, remote)
    pause("after-fetch")
    if theirs is not None:
        s.move_tracking(theirs, "fetch")
    s.remote_tree = R.tree_of(s.repo, theirs)
    if theirs is not None and theirs != head and not (head is not None and R.is_ancestor(s.repo, theirs, head)):
        head = integrate(s, head, theirs, template)
        pause("after-integrate")  # the branch moved; the index is written later
    if head is not None and head != theirs:
        head = _drop_unpushed_state(s, head, theirs)
    if head is None or head == theirs:
        _done(s)
        return
    gate_push(s, head, theirs)
    with s.saving_meanwhile():
        T.push(s.repo, remote, theirs, head)
    pause("after-push")
    s.move_tracking(head, "push")
    s.pushed_from = s.remote_tree
    _done(s)


def _done(s: Session) -> None:
    s.result.outcome = "ok"
    s.result.message = "synced"
    _housekeeping(s)


def _summarize(s: Session, start: bytes | None) -> None:
    """Sort every path the sync changed into one list of the result (see SyncResult):
    what the files here went through (``start`` to the head) and what the remote did
    (the tree it had to the head, when a push made it so)."""
    R = s.R
    head_tree = R.tree_of(s.repo, R.ref_value(s.repo, R.BRANCH_REF))
    here = R.diff(s.repo, start, head_tree) if head_tree is not None else {}
    there = R.diff(s.repo, s.pushed_from, head_tree) if s.pushed_from is not False and head_tree is not None else {}
    siblings = {c.sibling for c in s.clashes.values() if c.sibling}
    special = siblings | set(s.clashes) | set(s.kept)
    moved = tuple(f"{p}/" for p in s.moved)
    result = s.result
    kept_out: set[bytes] = set()
    with suppress(MemsyncError, OSError):  # an index that cannot be read was reported already
        from memsync.sync.gitindex import left_out_keys
        from memsync.sync.worktree import left_out_lines

        result.left_out = left_out_lines(s.root.path, s.index().raw, s.folding(), lambda sha: s.R.blob(s.repo, sha))
        kept_out = set(left_out_keys(s.index().raw))
    for path in sorted(set(here) | set(there)):
        if path in special or is_state_path(path) or path.startswith(moved):
            continue  # a .state.json taken out of git is told in ``healed``, a folder moved aside in ``conflicts``
        change = here.get(path) or there[path]
        gone = change.new is None
        if not gone and (checkout_problem(path, change.new_mode) is not None
                         or path.encode("utf-8", "surrogateescape") in kept_out):
            continue  # told in ``left_out``: not written here, so not "received"
        if path in here and path in there and path in s.regenerated:
            result.sent.append(shown(path))  # rendered here from the merged entries (never merged), and pushed
        elif path in here and path in there:
            result.merged.append(shown(path))
        elif path in here:
            (result.received_deletions if gone else result.received).append(shown(path))
        else:
            (result.sent_deletions if gone else result.sent).append(shown(path))
    result.kept = [{"path": shown(p), "reason": why} for p, why in sorted(s.kept.items()) if p in here or p in there]
    result.conflicts = [{"path": shown(c.path), "sibling": shown(c.sibling) if c.sibling else None,
                         "reason": shown(c.reason)} for _, c in sorted(s.clashes.items())]
    if result.outcome == "ok" and not (here or there) and s.pushed_from is False:
        # Commits pushed whose trees net out (a .state.json committed by hand, then taken out) are a sync.
        result.outcome, result.message = "up-to-date", "up to date"


def _housekeeping(s: Session) -> None:
    """git's `gc --auto` rule, estimated as git does (loose objects in one of the 256
    folders, times 256; the number of packs), so the check costs two directory reads."""
    objects = s.gitdir / "objects"
    try:
        loose = len(os.listdir(objects / "17")) * 256
    except OSError:
        loose = 0
    try:
        packs = sum(1 for name in os.listdir(objects / "pack") if name.endswith(".pack"))
    except OSError:
        packs = 0
    config = s.repo.get_config()
    limits = []
    for key, default in ((b"auto", 6700), (b"autoPackLimit", 50)):
        try:
            limits.append(int(config.get((b"gc",), key)))
        except (KeyError, ValueError):
            limits.append(default)
    if limits[0] <= 0 or (loose < limits[0] and (limits[1] <= 0 or packs < limits[1])):
        return
    from dulwich.gc import garbage_collect

    try:
        garbage_collect(s.repo, auto=True)
    except (OSError, ValueError, KeyError) as exc:
        s.result.warnings.append(f"housekeeping (gc) skipped: {exc}")


def _waiting(s: Session, outcome: str, why: str) -> None:
    """Stop with local work committed; it waits for the next sync to push it (the command
    turns these outcomes into exit 3)."""
    R = s.R
    s.result.outcome = outcome
    s.result.waiting = R.count_commits(s.repo, R.ref_value(s.repo, R.BRANCH_REF), R.ref_value(s.repo, R.TRACKING_REF))
    s.result.message = (
        f"{why}; local changes are committed and {s.result.waiting} commit(s) wait to be pushed. "
        "The next sync pushes them."
    )


def _save_status(s: Session) -> None:
    from memsync.sync.status import save_last

    save_last(s.gitdir, s.result.to_json())
