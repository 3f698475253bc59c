"""Thin typed wrappers over dulwich for one synced root: open, inspect, read trees,
build commits and move refs with compare-and-swap.

Everything that touches dulwich's repository objects lives here (and in
``transport``), so the engine reads as the algorithm it is.
"""
from __future__ import annotations

import hashlib
import os
import time
from binascii import unhexlify
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dulwich.errors import NotGitRepository
from dulwich.objects import Blob, Commit, Tree, sorted_tree_items
from dulwich.repo import Repo

from memsync.errors import MemsyncError

# dulwich types ids as NewTypes (ObjectID, Ref) of bytes; memsync passes plain bytes
# (hex ids, ref names) everywhere, so the repository is typed loosely at this boundary.
GitRepo = Any

BRANCH = b"main"
BRANCH_REF = b"refs/heads/main"
REMOTE = b"origin"
TRACKING_REF = b"refs/remotes/origin/main"
COMPILED_TRAILER = b"Memsync-Compiled"
FALLBACK_IDENTITY = b"memsync <memsync@localhost>"

# What a git command leaves behind while it waits for the user to finish an operation.
_IN_PROGRESS = {
    "MERGE_HEAD": "a merge",
    "rebase-merge": "a rebase",
    "rebase-apply": "a rebase (or `git am`)",
    "CHERRY_PICK_HEAD": "a cherry-pick",
    "REVERT_HEAD": "a revert",
}


def open_repo(root: Path, display: str) -> GitRepo:
    """The repository whose top level is ``root``; MemsyncError if there is none there."""
    if not (root / ".git").exists():
        raise MemsyncError(
            f"{display} is not a git repository of its own; run `memsync sync init REMOTE --root {display}` first"
        )
    try:
        repo = Repo(str(root))
    except NotGitRepository:
        raise MemsyncError(f"{display}/.git is not a usable git repository") from None
    if repo.bare:
        repo.close()
        raise MemsyncError(f"{display} is a bare repository; sync needs a checkout")
    return repo


def refuse_in_progress(repo: GitRepo, display: str) -> None:
    """Stop before touching a repo that git left in the middle of an operation."""
    gitdir = Path(repo.controldir())
    for name, what in _IN_PROGRESS.items():
        if (gitdir / name).exists():
            raise MemsyncError(
                f"{display}: git is in the middle of {what} (found .git/{name}); finish it "
                "(`git status` says how) or abort it, then run sync again. Nothing was changed."
            )


def head_branch(repo: GitRepo) -> bytes | None:
    """The branch HEAD points at (``refs/heads/...``), or None when HEAD is detached."""
    try:
        chain, _ = repo.refs.follow(b"HEAD")
    except (KeyError, ValueError):
        return None
    target = chain[-1] if chain else b"HEAD"
    return target if target.startswith(b"refs/heads/") else None


def ref_value(repo: GitRepo, ref: bytes) -> bytes | None:
    try:
        return repo.refs[ref]
    except KeyError:
        return None


def store_object(store: Any, obj: Any) -> None:
    """Write ``obj`` as a loose object the way git does: a uniquely named temp file renamed
    into place. (dulwich's ``add_object`` writes through ``<id>.lock``; one left by a killed
    sync would make every later write of that object fail.)"""
    sha = obj.id.decode("ascii")
    folder = os.path.join(store.path, sha[:2])
    path = os.path.join(folder, sha[2:])
    try:
        os.utime(path)  # there already: freshened, so a concurrent gc's grace period restarts
        return
    except FileNotFoundError:
        pass
    except PermissionError:  # another user's object in a shared repository: it is there
        return
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f"tmp_obj_{os.getpid()}_{os.urandom(4).hex()}")  # git prunes old tmp_obj_*
    data = memoryview(obj.as_legacy_object(compression_level=getattr(store, "loose_compression_level", -1)))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
    try:
        try:
            while data:
                data = data[os.write(fd, data):]
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    try:
        os.unlink(path + ".lock")  # a dulwich writer of this object was killed; git fsck would flag it
    except OSError:
        pass


class _ObjectMemo:
    """The object store, with the objects one sync keeps touching held in memory.

    Trees once read (they are immutable; reading one from a pack means a zlib
    inflate and a parse each time) as ``{name: (mode, sha)}`` listings, and
    every object this sync stored or fetched: the merge, the recompile and the
    push read them again soon after. Trees this sync builds are kept as raw
    bytes until a commit names them (``persist``): a merge or a recompile
    builds intermediate trees that nothing keeps.
    """

    def __init__(self, store: object) -> None:
        self.store = store
        self.trees: dict[bytes, object] = {}
        self.kept: dict[bytes, object] = {}
        self.pending: dict[bytes, bytes] = {}  # tree id -> raw bytes, built here and not stored yet
        self.listings: dict[bytes, dict[bytes, tuple[int, bytes]]] = {}
        self.identities: dict[str, bytes] = {}

    def listing(self, sha: bytes) -> dict[bytes, tuple[int, bytes]]:
        """``{name: (mode, sha)}`` of a tree, unsorted (set operations on it run in C)."""
        got = self.listings.get(sha)
        if got is None:
            tree: Any = self[sha]
            got = {name: tree[name] for name in tree}
            self.listings[sha] = got
        return got

    def put_tree(self, entries: dict[bytes, tuple[int, bytes]]) -> bytes:
        """The id of the tree holding ``entries``, kept in memory (see ``persist``) if it is new."""
        items = sorted_tree_items(entries, False)  # type: ignore[arg-type]  # git's order (folders as "name/")
        raw = b"".join([b"%o %s\0%s" % (e.mode, e.path, unhexlify(e.sha)) for e in items])
        sha = hashlib.sha1(b"tree %d\0%s" % (len(raw), raw)).hexdigest().encode("ascii")
        if sha not in self.listings and sha not in self.trees:
            self.listings[sha] = entries
            self.pending[sha] = raw
        return sha

    def add(self, obj: Any) -> None:
        """Store ``obj`` and keep it at hand."""
        store_object(self.store, obj)
        self.kept[obj.id] = obj

    def __getitem__(self, sha: bytes):  # type: ignore[no-untyped-def]
        obj = self.kept.get(sha)
        if obj is None:
            obj = self.trees.get(sha)
        if obj is None:
            raw = self.pending.get(sha)
            obj = _tree_object(raw, sha) if raw is not None else self.store[sha]  # type: ignore[index]
            if obj.type_num == 2:
                self.trees[sha] = obj
        return obj

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.store, name)


def _tree_object(raw: bytes, sha: bytes) -> Any:
    return Tree.from_raw_string(Tree.type_num, raw, sha)  # type: ignore[arg-type]


def objects(repo: GitRepo) -> _ObjectMemo:
    memo = getattr(repo, "_memsync_objects", None)
    if memo is None:
        memo = _ObjectMemo(repo.object_store)
        repo._memsync_objects = memo  # type: ignore[attr-defined]
    return memo


def tree_of(repo: GitRepo, commit: bytes | None) -> bytes | None:
    if commit is None:
        return None
    return objects(repo)[commit].tree


def empty_tree(repo: GitRepo) -> bytes:
    tree = Tree()
    store_object(repo.object_store, tree)
    return tree.id


@dataclass(frozen=True)
class Change:
    """A path that differs between two trees (a None sha: absent on that side)."""

    path: str
    old: bytes | None
    new: bytes | None
    old_mode: int | None
    new_mode: int | None


def diff(repo: GitRepo, old_tree: bytes | None, new_tree: bytes | None) -> dict[str, Change]:
    """Changed files between two trees, by path (folders equal on both sides are skipped).

    Each pair of folders is compared as two ``{name: (mode, sha)}`` maps with a
    set difference, so only changed names cost Python work. A path whose type
    changed (a file becoming a symlink) is one Change carrying both sides; a
    file replaced by a folder is the file's deletion plus the folder's files.
    """
    out: dict[str, Change] = {}
    if old_tree != new_tree:
        _diff_into(objects(repo), old_tree, new_tree, b"", out)
    return out


def _diff_into(store: _ObjectMemo, old: bytes | None, new: bytes | None, prefix: bytes, out: dict[str, Change]) -> None:
    a = store.listing(old) if old is not None else {}
    b = store.listing(new) if new is not None else {}
    for name in sorted({name for name, _ in a.items() ^ b.items()}):
        av, bv = a.get(name), b.get(name)
        a_dir = av is not None and av[0] & 0o170000 == 0o040000
        b_dir = bv is not None and bv[0] & 0o170000 == 0o040000
        if a_dir or b_dir:
            _diff_into(store, av[1] if a_dir else None, bv[1] if b_dir else None,  # type: ignore[index]
                       prefix + name + b"/", out)
        a_file = None if a_dir else av
        b_file = None if b_dir else bv
        if a_file is not None or b_file is not None:
            path = (prefix + name).decode("utf-8", "surrogateescape")
            out[path] = Change(
                path,
                a_file[1] if a_file is not None else None,
                b_file[1] if b_file is not None else None,
                a_file[0] if a_file is not None else None,
                b_file[0] if b_file is not None else None,
            )


def lookup(repo: GitRepo, tree: bytes | None, path: str) -> tuple[int, bytes] | None:
    """(mode, sha) of ``path`` in ``tree``, or None."""
    if tree is None:
        return None
    store = objects(repo)
    listing = store.listing(tree)
    parts = path.encode("utf-8", "surrogateescape").split(b"/")
    for i, part in enumerate(parts):
        found = listing.get(part)
        if found is None:
            return None
        if i == len(parts) - 1:
            return found
        if found[0] != 0o040000:
            return None
        listing = store.listing(found[1])
    return None


def subtree_files(repo: GitRepo, tree: bytes | None, folder: str) -> dict[str, bytes]:
    """``{name: blob sha}`` of the regular files directly inside ``folder`` (one tree read)."""
    found = lookup(repo, tree, folder)
    if found is None or found[0] != 0o040000:
        return {}
    return {
        name.decode("utf-8", "surrogateescape"): sha
        for name, (mode, sha) in objects(repo).listing(found[1]).items()
        if mode & 0o170000 == 0o100000
    }


def blob(repo: GitRepo, sha: bytes | None) -> bytes | None:
    if sha is None:
        return None
    return objects(repo)[sha].as_raw_string()


def add_blob(repo: GitRepo, data: bytes) -> bytes:
    obj = Blob.from_string(data)
    objects(repo).add(obj)
    return obj.id


def apply_changes(repo: GitRepo, tree: bytes | None, changes: Iterable[tuple[str, int | None, bytes | None]]) -> bytes:
    """A new root tree: ``tree`` with each (path, mode, sha or None to delete) applied.

    Only the folders on the changed paths are rewritten; emptied folders go away.
    """
    store = objects(repo)
    by_folder: dict[bytes, dict[bytes, tuple[int, bytes] | None]] = {}
    for path, mode, sha in changes:
        parent, _, name = path.encode("utf-8", "surrogateescape").rpartition(b"/")
        by_folder.setdefault(parent, {})[name] = None if sha is None or mode is None else (mode, sha)
    if not by_folder:
        return tree if tree is not None else empty_tree(repo)
    # Every ancestor of a changed folder must be rebuilt too (deepest first).
    for folder in list(by_folder):
        parts = folder.split(b"/") if folder else []
        for i in range(len(parts)):
            by_folder.setdefault(b"/".join(parts[:i]), {})
    subfolders: dict[bytes, list[bytes]] = {}
    for folder in by_folder:
        if folder:
            parent, _, name = folder.rpartition(b"/")
            subfolders.setdefault(parent, []).append(name)
    new_ids: dict[bytes, bytes | None] = {}
    for folder in sorted(by_folder, key=lambda f: (-(f.count(b"/") + 1) if f else 0, f)):
        found = lookup(repo, tree, folder.decode("utf-8", "surrogateescape")) if folder else (
            (0o040000, tree) if tree is not None else None)
        entries = dict(store.listing(found[1])) if found is not None and found[0] == 0o040000 else {}
        for name, value in by_folder[folder].items():
            if value is None:
                entries.pop(name, None)
            else:
                entries[name] = value
        prefix = folder + b"/" if folder else b""
        for name in subfolders.get(folder, ()):
            child = new_ids[prefix + name]
            if child is not None:
                entries[name] = (0o040000, child)
            elif entries.get(name, (0, b""))[0] == 0o040000:
                del entries[name]  # emptied: it goes (a file put at its name stays)
        if not entries and folder:
            new_ids[folder] = None
            continue
        new_ids[folder] = store.put_tree(entries)
    root = new_ids.get(b"")
    return root if root is not None else empty_tree(repo)


def identity(repo: GitRepo, kind: str) -> bytes:
    """``AUTHOR`` or ``COMMITTER`` as git would name it (read once per sync: the config
    stack is several files)."""
    memo = objects(repo).identities
    if kind not in memo:
        from dulwich.repo import get_user_identity

        try:
            memo[kind] = get_user_identity(repo.get_config_stack(), kind) or FALLBACK_IDENTITY
        except (KeyError, ValueError, OSError, UnicodeError):  # no usable name: a fixed, honest identity
            memo[kind] = FALLBACK_IDENTITY
    return memo[kind]


def persist(repo: GitRepo, tree: bytes) -> None:
    """Write the trees ``tree`` needs that were only built in memory."""
    memo = objects(repo)
    stack = [tree]
    while stack:
        sha = stack.pop()
        raw = memo.pending.pop(sha, None)
        if raw is None:
            continue
        obj = _tree_object(raw, sha)
        store_object(repo.object_store, obj)
        memo.trees[sha] = obj
        stack.extend(s for mode, s in memo.listings[sha].values() if mode == 0o040000 and s in memo.pending)


def known(repo: GitRepo, sha: bytes) -> bool:
    """The object exists (on disk, or built in memory by this sync)."""
    return sha in objects(repo).pending or sha in repo.object_store


def make_commit(repo: GitRepo, tree: bytes, parents: Sequence[bytes], message: str, *, compiled: bool) -> bytes:
    """Store a commit (and the trees it needs); ``compiled`` adds the trailer saying its
    compiled files match its entries."""
    from memsync import __version__

    persist(repo, tree)

    commit: Any = Commit()
    commit.tree = tree
    commit.parents = list(parents)
    commit.author = identity(repo, "AUTHOR")
    commit.committer = identity(repo, "COMMITTER")
    now = int(time.time())
    offset = -time.altzone if time.localtime(now).tm_isdst > 0 else -time.timezone
    commit.author_time = commit.commit_time = now
    commit.author_timezone = commit.commit_timezone = offset
    text = message.rstrip("\n") + "\n"
    if compiled:
        text += f"\n{COMPILED_TRAILER.decode()}: {__version__}\n"
    commit.message = text.encode("utf-8")
    objects(repo).add(commit)
    return commit.id


def is_compiled(repo: GitRepo, commit: bytes | None) -> bool:
    """The commit says (by its trailer) that memsync of this version compiled its tree."""
    from memsync import __version__

    if commit is None:
        return False
    line = COMPILED_TRAILER + b": " + __version__.encode()
    return any(ln.strip() == line for ln in objects(repo)[commit].message.splitlines()[-3:])


def cas(repo: GitRepo, ref: bytes, old: bytes | None, new: bytes, message: str) -> bool:
    """Move ``ref`` from ``old`` to ``new`` only if nobody moved it meanwhile."""
    committer = identity(repo, "COMMITTER")
    if old is None:
        return repo.refs.add_if_new(ref, new, committer=committer, message=message.encode())
    return repo.refs.set_if_equals(ref, old, new, committer=committer, message=message.encode())


def merge_bases(repo: GitRepo, a: bytes, b: bytes) -> list[bytes]:
    from dulwich.graph import find_merge_base

    find: Any = find_merge_base
    return sorted(find(repo, [a, b]))


def is_ancestor(repo: GitRepo, ancestor: bytes, descendant: bytes) -> bool:
    from dulwich.graph import can_fast_forward

    check: Any = can_fast_forward
    return ancestor == descendant or bool(check(repo, ancestor, descendant))


def count_commits(repo: GitRepo, include: bytes | None, exclude: bytes | None) -> int:
    """Commits reachable from ``include`` but not from ``exclude``."""
    if include is None:
        return 0
    walker = repo.get_walker(include=[include], exclude=[exclude] if exclude else None)
    return sum(1 for _ in walker)


def last_touched(repo: GitRepo, tip: bytes, bases: Sequence[bytes], path: str) -> int:
    """Commit time of the newest commit after ``bases`` on ``tip``'s side that changed
    ``path`` (-1: none did)."""
    walker = repo.get_walker(include=[tip], exclude=list(bases) or None,
                             paths=[path.encode("utf-8", "surrogateescape")], max_entries=1)
    for entry in walker:
        return int(entry.commit.commit_time)
    return -1


def commits_between(repo: GitRepo, include: bytes, exclude: bytes | None) -> list[Commit]:
    walker = repo.get_walker(include=[include], exclude=[exclude] if exclude else None)
    return [entry.commit for entry in walker]


def tree_from_index(repo: GitRepo, entries: dict) -> bytes:  # type: ignore[type-arg]
    """Store the trees an index describes (stage-0 entries) and return the root tree's id."""
    root: dict = {}  # type: ignore[type-arg]
    for entry in entries.values():
        if entry.stage:
            continue
        parts = entry.path.split(b"/")
        node = root
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = (entry.mode, entry.hexsha)

    def build(node: dict) -> bytes:  # type: ignore[type-arg]
        tree: Any = Tree()
        for name, value in node.items():
            if isinstance(value, dict):
                tree.add(name, 0o040000, build(value))
            else:
                tree.add(name, value[0], value[1])
        store_object(repo.object_store, tree)
        return tree.id

    return build(root)


def new_objects(repo: GitRepo, head: bytes, remote: bytes) -> list[object]:
    """Objects a remote at ``remote`` (an ancestor of ``head``) lacks, found by tree diffs.

    dulwich's own finder walks every tree of the remote's commits to learn what
    it has: 0.2 s for 10,000 files. Here each commit to send is diffed with its
    parents instead: every parent is either on the remote or sent too, so an
    object of the commit is new only if no parent has it at the same path, and
    only the changed files and the folders that hold them can be new. (An
    object sent twice would be harmless; one left out would break the push.)
    """
    store = objects(repo)
    wanted: dict[bytes, object] = {}
    for commit in commits_between(repo, head, remote):
        wanted[commit.id] = commit
        parents = [store[p].tree for p in commit.parents]
        if not parents:  # a root commit the remote lacks: all of its tree
            parents = [None]
        folders = {b""}
        for path, ch in diff(repo, parents[0], commit.tree).items():
            parts = path.encode("utf-8", "surrogateescape").split(b"/")[:-1]
            # A deletion changes its folder too (when the folder remains).
            folders.update(b"/".join(parts[:i]) for i in range(1, len(parts) + 1))
            if ch.new is None or ch.new in wanted:
                continue
            if not any(lookup(repo, t, path) == (ch.new_mode, ch.new) for t in parents[1:]):
                wanted[ch.new] = store[ch.new]
        for folder in folders:
            name = folder.decode("utf-8", "surrogateescape")
            found = lookup(repo, commit.tree, name) if folder else (0o040000, commit.tree)
            if found is None or found[0] != 0o040000 or found[1] in wanted:
                continue
            if not any((lookup(repo, t, name) if folder else (0o040000, t)) == found for t in parents):
                wanted[found[1]] = store[found[1]]
    return list(wanted.values())
