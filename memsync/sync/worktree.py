"""The checkout on disk: what changed locally, and a checkout that never overwrites.

``local_changes`` compares each file's stat with its index entry (hashing only
files whose stat differs, or that changed in the same instant the index was
written), finds untracked files that are not ignored, and stores the new
blobs. ``checkout`` writes a known set of incoming changes, but first checks
every one of them, so that an untracked or ignored file in the way, or a file
edited since the sync began, stops the sync before anything is touched.

Like ``git add -A``, every file that is not ignored is committed, except
dot-files memsync does not know (editors' swap files, ``.DS_Store``...), which
stay untracked unless git already tracks them. Only regular files are synced:
symlinks and nested repositories are skipped and reported, and ``.state.json``
(per-device counters) is never committed, whatever the ignore files say (one
the index holds, added with the git CLI, is taken out of it; the file stays). A file
``accept`` refuses (an entry that is not UTF-8 text, or too large) is reported
and left as it is, and so are entries that ignore rules keep out.
"""
from __future__ import annotations

import os
import pickle
import stat
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from memsync import forked
from memsync.errors import MemsyncError
from memsync.fsutil import is_abandoned_temp, mkdir_inside, write_inside
from memsync.sync.accept import (
    MAX_FILE_BYTES,
    STATE_FILE,
    checkout_problem,
    is_state_path,
    never_synced,
    shown,
    valid_repo_path,
)
from memsync.sync.gitindex import (
    MODE_EXEC,
    MODE_FILE,
    GitIndex,
    IndexEntry,
    blob_sha,
    decode,
    entry_for,
    left_out_keys,
)

# Dot-files are not memory (SPEC §1: editors' swap files, .DS_Store, .obsidian/...):
# an untracked one stays untracked unless it is one of these.
SYNCED_DOTFILES = frozenset({".gitignore", ".gitattributes", ".memsync.yaml"})
# List folders through a descriptor and stat names relative to it (no path walk per file,
# and a folder swapped for a symlink halfway is not followed); by path where unsupported.
_BY_FD = os.scandir in os.supports_fd and os.stat in os.supports_dir_fd and hasattr(os, "O_DIRECTORY")


@dataclass
class LocalChanges:
    """Paths whose worktree content differs from the index (None: deleted)."""

    files: dict[str, tuple[int, bytes] | None] = field(default_factory=dict)  # path -> (mode, hex sha)
    data: dict[str, bytes] = field(default_factory=dict)  # new bytes of added/modified paths
    index_updates: dict[bytes, IndexEntry | None] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)  # "path: why", shown as warnings
    refused: dict[str, str] = field(default_factory=dict)  # path -> why sync does not commit it
    ignored: list[str] = field(default_factory=list)  # entries that ignore rules keep out of git
    state_in_git: list[str] = field(default_factory=list)  # .state.json the index held: taken out, kept on disk


@dataclass
class Survey:
    """What the stat walk alone tells, without the ignore rules: every tracked file whose
    stat vouches for it is left out, the rest is left for ``local_changes`` to look at."""

    index_stamp: list[int]  # of the index file the walk compared with
    attention: list[str] = field(default_factory=list)  # changed, untracked or odd names; untracked folders
    missing: list[bytes] = field(default_factory=list)  # tracked keys the walk did not meet
    skipped: list[str] = field(default_factory=list)  # folders it could not read
    walked: list[int] = field(default_factory=list)  # which groups of top-level folders (see Surveyor)

    def add(self, other: Survey) -> None:
        self.attention += other.attention
        self.missing += other.missing
        self.skipped += other.skipped
        self.walked += other.walked


MAX_GROUPS = 1024  # queue items: 4 bytes each, so the whole queue fits a pipe's buffer anywhere


class Surveyor:
    """The stat walk, begun early and shared out with a forked child.

    The root folder is listed at once; its folders holding tracked files are
    put in groups, and the group numbers in a pipe that a forked child and
    this process both read from (the kernel hands each number to one reader),
    so the walk is spread over two cores however busy this process is
    meanwhile: the child starts at once, this process joins in ``finish``.
    """

    def __init__(self, root: Path, index: GitIndex) -> None:
        self.root = root
        self.index = index
        self.keys = sorted(index.raw)
        self.result = Survey(index.stamp)
        seen: set[bytes] = set()
        tops: list[str] = []

        def note(rel: str, abs_path: str, key: bytes, st: os.stat_result, dir_fd: int | None) -> None:
            (tops if self._holds_tracked(key, st, abs_path) else self.result.attention).append(rel)

        _walk([("", str(root))], index, seen, note, self.result.skipped)
        # Tracked files outside those folders: at the root, or under a path that is no folder now.
        ranges = [self._range(top) for top in tops]
        outside = self.keys[:]
        for lo, hi in sorted(ranges, reverse=True):
            del outside[lo:hi]
        self.result.missing = [k for k in outside if k not in seen]
        size = max(1, -(-len(tops) // MAX_GROUPS))
        self.groups = [tops[i:i + size] for i in range(0, len(tops), size)]
        self._queue: int | None = None
        self._child: tuple[int, int] | None = None
        if len(self.groups) > 1 and forked.worthwhile():
            r, w = os.pipe()
            os.write(w, b"".join(i.to_bytes(4, "little") for i in range(len(self.groups))))
            os.close(w)
            self._queue = r
            self._child = forked.start(lambda: pickle.dumps(self._part(self._take)))
            if self._child is None:
                os.close(r)
                self._queue = None

    def _holds_tracked(self, key: bytes, st: os.stat_result, abs_path: str) -> bool:
        lo, hi = self._range_of(key)
        return stat.S_ISDIR(st.st_mode) and hi > lo and not os.path.lexists(os.path.join(abs_path, ".git"))

    def _range_of(self, key: bytes) -> tuple[int, int]:
        # Every key below "folder/" sorts between "folder/" and "folder0" ('0' follows '/').
        return bisect_left(self.keys, key + b"/"), bisect_left(self.keys, key + b"0")

    def _range(self, rel: str) -> tuple[int, int]:
        return self._range_of(rel.encode("utf-8", "surrogateescape"))

    def _take(self) -> int | None:
        assert self._queue is not None
        data = os.read(self._queue, 4)
        return int.from_bytes(data, "little") if len(data) == 4 else None

    def _part(self, take: Callable[[], int | None]) -> Survey:
        """Walk the groups ``take`` hands out, each folder to the bottom (subfolders holding
        tracked files included; the rest noted for a closer look)."""
        out = Survey(self.index.stamp)
        seen: set[bytes] = set()
        stack: list[tuple[str, str]] = []

        def note(rel: str, abs_path: str, key: bytes, st: os.stat_result, dir_fd: int | None) -> None:
            if self._holds_tracked(key, st, abs_path):
                stack.append((rel + "/", abs_path))
            else:
                out.attention.append(rel)

        while (group := take()) is not None:
            out.walked.append(group)
            for top in self.groups[group]:
                stack.append((top + "/", os.path.join(str(self.root), top)))
                _walk(stack, self.index, seen, note, out.skipped)
        ranges = [self._range(top) for group in out.walked for top in self.groups[group]]
        if len(seen) < sum(hi - lo for lo, hi in ranges):
            out.missing = [k for lo, hi in ranges for k in self.keys[lo:hi] if k not in seen]
        return out

    def finish(self) -> Survey:
        """Walk whatever groups are left, merge the child's share, and return the whole survey."""
        result = self.result
        if self._queue is None:
            result.add(self._part(_counter(len(self.groups))))
            return result
        result.add(self._part(self._take))
        theirs = self._collect()
        if theirs is None:  # the child failed: walk its groups here
            done = set(result.walked)
            result.add(self._part(_counter(len(self.groups), skip=done)))
        else:
            result.add(theirs)
        return result

    def _collect(self) -> Survey | None:
        child, self._child = self._child, None
        if self._queue is not None:
            os.close(self._queue)
            self._queue = None
        if child is None:
            return None
        data = forked.collect(child)
        # Our own child's result, through a pipe: not outside input.
        found = pickle.loads(data) if data is not None else None
        return found if isinstance(found, Survey) else None

    def close(self) -> None:
        """Never leave the child unreaped (when ``finish`` was not reached)."""
        if self._child is not None:
            while self._take() is not None:  # take its remaining work away, so it ends soon
                pass
            self._collect()


def _counter(n: int, skip: set[int] | frozenset[int] = frozenset()) -> Callable[[], int | None]:
    """``take`` for a walk done here alone: 0 .. n-1, less ``skip``."""
    left = iter([i for i in range(n) if i not in skip])
    return lambda: next(left, None)


def local_changes(root: Path, index: GitIndex, is_ignored: Callable[[str], bool],
                  surveyed: Survey | None = None) -> LocalChanges:
    """Worktree vs index, like ``git add -A`` would stage it, without writing anything but blobs' bytes in memory.

    ``surveyed`` is a ``Surveyor``'s result for the same index file; without
    one, the walk happens here. Folders are listed
    through an open descriptor and files stat'ed relative to it (where the OS
    allows); a file whose stat equals its entry's (read straight from the
    entry's bytes) costs one ``lstat`` and a dict lookup. Everything else
    takes the slow, careful path in ``_look``.
    """
    if surveyed is None or surveyed.index_stamp != index.stamp:
        surveyed = Surveyor(root, index).finish()
    out = LocalChanges(skipped=list(surveyed.skipped))
    stack: list[tuple[str, str]] = []
    for rel in surveyed.attention:
        abs_path = os.path.join(str(root), rel)
        try:
            st = os.lstat(abs_path)
        except OSError:
            continue
        _look(rel, abs_path, rel.encode("utf-8", "surrogateescape"), st, None, index, is_ignored, out, stack)

    def look(rel: str, abs_path: str, key: bytes, st: os.stat_result, dir_fd: int | None) -> None:
        _look(rel, abs_path, key, st, dir_fd, index, is_ignored, out, stack)

    _walk(stack, index, set(), look, out.skipped)  # untracked folders worth walking
    _deleted(root, index, surveyed.missing, out)
    return out


def _walk(stack: list[tuple[str, str]], index: GitIndex, seen: set[bytes],
          look: Callable[[str, str, bytes, os.stat_result, int | None], None], skipped: list[str]) -> None:
    """List the folders on ``stack`` (``(relative path ending in '/', absolute path)``; ``look``
    may push more) and hand every name but the tracked files whose stat vouches for them to ``look``."""
    raw = index.raw
    unchanged = index.unchanged
    while stack:
        rel_dir, abs_dir = stack.pop()
        fd = None
        try:
            if _BY_FD:  # the root itself may be a symlink; folders below it may not
                fd = os.open(abs_dir, os.O_RDONLY | os.O_DIRECTORY | (os.O_NOFOLLOW if rel_dir else 0))
            with os.scandir(abs_dir if fd is None else fd) as it:
                items = list(it)
        except OSError as exc:
            if fd is not None:
                os.close(fd)
            skipped.append(f"{shown(rel_dir) or '.'}: cannot read folder ({exc.strerror})")
            continue
        try:
            for d in items:
                name = d.name
                if name[0] == "." and (name.casefold() == STATE_FILE or name.lower() == ".git"):
                    continue
                try:
                    st = d.stat(follow_symlinks=False)
                except OSError:
                    continue
                key = (rel_dir + name).encode("utf-8", "surrogateescape")
                found = raw.get(key)
                if found is not None:
                    seen.add(key)
                    if stat.S_ISREG(st.st_mode) and unchanged(found, st):
                        continue
                look(rel_dir + name, os.path.join(abs_dir, name), key, st, fd)
        finally:
            if fd is not None:
                os.close(fd)


def _look(rel: str, abs_path: str, key: bytes, st: os.stat_result, dir_fd: int | None, index: GitIndex,
          is_ignored: Callable[[str], bool], out: LocalChanges, stack: list[tuple[str, str]]) -> None:
    """One name of the worktree whose stat does not vouch for it: a folder, an untracked or changed file."""
    from memsync.sync.accept import content_problem, size_problem
    from memsync.sync.compiled import is_entry_path

    entry = index.entries.get(key)
    if stat.S_ISDIR(st.st_mode):
        if os.path.lexists(os.path.join(abs_path, ".git")):
            out.skipped.append(f"{shown(rel)}/: a nested git repository; not synced")
            return
        hidden = rel.rpartition("/")[2].startswith(".")
        if hidden and not _tracked_below(index.raw, key + b"/"):
            return
        if not hidden and is_ignored(rel + "/") and not _tracked_below(index.raw, key + b"/"):
            if "/" not in rel:  # a category folder the rules keep out: its entries must be named
                out.ignored += _entries_in(rel, abs_path, is_entry_path)
            return
        stack.append((rel + "/", abs_path))
        return
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
        if entry is None and not is_ignored(rel):
            out.skipped.append(f"{shown(rel)}: not a regular file (symlinks are not synced)")
        return
    name = rel.rpartition("/")[2]
    if entry is None and (name.startswith(".") and name not in SYNCED_DOTFILES or is_ignored(rel)):
        if is_abandoned_temp(name):  # a sync or compile was killed mid-write: the litter goes
            try:
                os.unlink(abs_path)
            except OSError:
                pass
        elif not name.startswith(".") and is_entry_path(rel):
            out.ignored.append(rel)
        return
    if entry is not None and (entry.skip_worktree or (entry.matches(st) and not index.is_racy(entry))):
        return
    why = size_problem(rel, st.st_size)
    if why is not None:
        _refuse(out, rel, why)
        return
    try:
        data = _read(abs_path if dir_fd is None else name, dir_fd)
    except OSError as exc:
        out.skipped.append(f"{shown(rel)}: cannot read ({exc.strerror})")
        return
    sha = blob_sha(data)
    mode = MODE_EXEC if st.st_mode & 0o100 else MODE_FILE
    if entry is not None and entry.sha == sha and entry.mode == mode:
        # Same content, new stat: refresh the entry so the next sync need not hash it.
        out.index_updates[key] = entry_for(key, st, sha, mode)
        return
    why = content_problem(rel, data)
    if why is not None:
        _refuse(out, rel, why)
        return
    out.files[rel] = (mode, sha.hex().encode("ascii"))
    out.data[rel] = data
    out.index_updates[key] = entry_for(key, st, sha, mode)


def _refuse(out: LocalChanges, rel: str, why: str) -> None:
    """Keep the file as it is on disk, uncommitted, and say so."""
    out.refused[rel] = why
    out.skipped.append(f"{shown(rel)}: not synced: {why} (the file is kept as it is)")


def _entries_in(folder: str, abs_path: str, is_entry_path: Callable[[str], bool]) -> list[str]:
    try:
        with os.scandir(abs_path) as it:
            names = [d.name for d in it if d.is_file(follow_symlinks=False)]
    except OSError:
        return []
    return sorted(f"{folder}/{n}" for n in names if is_entry_path(f"{folder}/{n}"))


def _deleted(root: Path, index: GitIndex, keys: Iterable[bytes], out: LocalChanges) -> None:
    """Tracked regular files among ``keys`` (ones the walk did not meet) that are gone from disk."""
    for key in keys:
        entry = index.entries[key]
        rel = key.decode("utf-8", "surrogateescape")
        if is_state_path(rel) and not entry.stage:
            # Added with the git CLI (`git add -f`): out of the index, like `git rm --cached`;
            # the walk never looks at such a name, so the file on disk is left as it is.
            out.files[rel] = None
            out.index_updates[key] = None
            out.state_in_git.append(rel)
            continue
        if entry.stage or entry.skip_worktree:
            continue
        if entry.mode & 0o170000 != 0o100000:
            continue  # a symlink or submodule someone else committed: left as it is
        if never_synced(rel):
            continue
        if not os.path.lexists(os.path.join(str(root), rel)):
            out.files[rel] = None
            out.index_updates[key] = None


def _tracked_below(entries: Mapping[bytes, object], prefix: bytes) -> bool:
    return any(k.startswith(prefix) for k in entries)


def _read(path: str, dir_fd: int | None = None) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), dir_fd=dir_fd)
    try:
        chunks: list[bytes] = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Incoming:
    """One path to change on disk: ``expected`` is the sha we believe is there now."""

    path: str
    expected: bytes | None
    new: tuple[int, bytes] | None  # (mode, hex sha) or None to delete


def preflight(root: Path, index: GitIndex, incoming: list[Incoming], refused: Mapping[str, str] | None = None,
              kept_out: Iterable[str] = ()) -> dict[str, os.stat_result | None]:
    """Refuse (changing nothing) if any incoming change would overwrite something not ours to replace.

    ``refused``: local files sync did not commit, and why (a change to one of them is
    not an edit made while sync ran). ``kept_out``: paths the branch gets that stay out
    of the checkout (``accept.checkout_problem``); a file of this device's own at one
    would never be synced, so it stops the sync like an untracked file in the way.
    Returns each path's stat as checked (None: absent), for ``apply`` to notice an
    edit made after the check."""
    paths = {c.path for c in incoming}
    refused = refused or {}
    for path in sorted(kept_out):
        entry = index.entries.get(path.encode("utf-8", "surrogateescape"))
        if path not in paths and (entry is None or not entry.skip_worktree) and _exists(root, path):
            raise MemsyncError(
                f"{shown(path)} exists here but is not tracked, and the remote adds a file there that this "
                "device keeps out of its checkout; move it away and sync again. Nothing was changed."
            )
    seen: dict[str, os.stat_result | None] = {}
    deleting = {c.path for c in incoming if c.new is None}
    for c in sorted(incoming, key=lambda c: c.path):
        if not valid_repo_path(c.path) or never_synced(c.path):
            raise MemsyncError(f"the remote has a file at a path memsync will not write: {shown(c.path)}. "
                               "Nothing was changed.")
        if c.new is not None and c.new[0] not in (MODE_FILE, MODE_EXEC):
            raise MemsyncError(
                f"the remote has {shown(c.path)} as a symlink or submodule; memsync syncs regular files only. "
                "Nothing was changed."
            )
        target = os.path.join(str(root), c.path)
        _check_parents(root, c.path, index, paths)
        seen[c.path] = None
        try:
            st = os.lstat(target)
        except FileNotFoundError:
            continue
        except NotADirectoryError:
            continue  # a parent is a file; _check_parents decided about it
        key = c.path.encode("utf-8", "surrogateescape")
        entry = index.entries.get(key)
        name = shown(c.path)  # only paths that exist here get this far: the few a merge changes
        if stat.S_ISDIR(st.st_mode) and c.new is not None and _emptied(target, c.path, deleting):
            continue  # a folder the file replaces, all of whose files this checkout deletes (first)
        if entry is None or entry.skip_worktree or stat.S_ISDIR(st.st_mode):
            raise MemsyncError(
                f"{name} exists here but is not tracked (untracked or ignored), and the remote "
                f"{'adds' if c.expected is None else 'changes'} it; move it away and sync again. "
                "Nothing was changed.",
            )
        if not stat.S_ISREG(st.st_mode):
            raise MemsyncError(f"{name} is not a regular file here; move it away and sync again. Nothing was changed.")
        if c.path in refused:
            raise MemsyncError(
                f"{name} has local changes sync does not commit ({refused[c.path]}), and the remote changes "
                "it too; fix or move the file, then sync again. Nothing was changed."
            )
        if not _clean(index, entry, st, target) or entry.hexsha != c.expected:
            raise MemsyncError(
                f"{name} was edited while sync ran; nothing was changed. Run sync again to include the edit."
            )
        if c.new is not None and not st.st_mode & 0o200:
            raise MemsyncError(f"{name} is read-only; make it writable (chmod u+w) and sync again. Nothing was changed.")
        seen[c.path] = st
    return seen


def _emptied(folder: str, rel: str, deleting: set[str]) -> bool:
    """Every file below ``folder`` (``rel`` in the root) is one the checkout deletes, so the
    folder goes with them (``_prune_empty``) and a file can be written at its name."""
    try:
        for here, dirs, files in os.walk(folder):
            if any(os.path.islink(os.path.join(here, d)) for d in dirs):
                return False  # a link is never followed, so never taken for part of the folder
            inside = os.path.relpath(here, folder)
            for name in files:
                path = f"{rel}/{name}" if inside == "." else f"{rel}/{inside}/{name}"
                if path.replace(os.sep, "/") not in deleting:
                    return False
    except OSError:
        return False
    return True


def left_out_lines(root: Path, index: Mapping[bytes, bytes], folds_case: bool = False,
                   read: Callable[[bytes], bytes | None] | None = None) -> list[str]:
    """One line per file of the branch this device keeps out of its checkout (``index``: a
    GitIndex's raw entries), saying why; the sync, ``sync status`` and ``inspect`` show them.
    ``folds_case``: the file system holds names differing only in case as one (``casefold``);
    ``read``: a blob by hex id, to say why an entry that is not text was left out."""
    from memsync.sync.accept import entry_problem
    from memsync.sync.casefold import fold, index_twins

    out = []
    twins: dict[str, list[str]] | None = None
    for key in sorted(left_out_keys(index)):
        path = key.decode("utf-8", "surrogateescape")
        entry = decode(key, index[key])
        why = checkout_problem(path, entry.mode)
        if why is None and read is not None:
            why = entry_problem(path, entry.hexsha, read)
        if why is None and folds_case:
            twins = index_twins(index) if twins is None else twins
            others = [p for p in twins.get(fold(path), []) if p != path]
            if others:
                why = (f"its name differs only in letter case or Unicode form from {shown(others[0])}, "
                       "which this device's file system cannot hold apart")
                out.append(f"{shown(path)}: {why}: kept in git as it is, not written on this device")
            continue
        if why is None:
            continue  # a sparse checkout's choice, not memsync's
        here = " (the file at that path here is not synced: move it away)" if _exists(root, path) else ""
        out.append(f"{shown(path)}: {why}: kept in git as it is, not written on this device{here}")
    return out


def _exists(root: Path, path: str) -> bool:
    try:
        os.lstat(os.path.join(str(root), path))
    except (OSError, ValueError):  # absent, a parent that is a file, a name too long to exist
        return False
    return True


def _check_parents(root: Path, path: str, index: GitIndex, changing: set[str]) -> None:
    parts = path.split("/")
    for i in range(1, len(parts)):
        parent = "/".join(parts[:i])
        try:
            st = os.lstat(os.path.join(str(root), parent))
        except FileNotFoundError:
            return
        if stat.S_ISDIR(st.st_mode):
            continue
        tracked = parent.encode("utf-8", "surrogateescape") in index.entries
        if stat.S_ISLNK(st.st_mode) or not tracked or parent not in changing:
            raise MemsyncError(
                f"{shown(parent)} is in the way of {shown(path)} from the remote (a file or symlink where a "
                "folder must go); move it away and sync again. Nothing was changed."
            )


def _clean(index: GitIndex, entry: IndexEntry, st: os.stat_result, target: str) -> bool:
    if entry.matches(st) and not index.is_racy(entry):
        return True
    try:
        return blob_sha(_read(target)) == entry.sha
    except OSError:
        return False


def _unchanged_since(target: str, before: os.stat_result | None, expected: bytes | None) -> bool:
    """The file is as ``preflight`` saw it: same stat, or (stat moved) still the content expected."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return True  # gone (deleted meanwhile): writing the incoming version loses no edit
    if before is None:
        return False  # appeared after the check
    if (st.st_mode, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns) == (
            before.st_mode, before.st_ino, before.st_size, before.st_mtime_ns, before.st_ctime_ns):
        return True
    return stat.S_ISREG(st.st_mode) and holds(target, expected)


def holds(path: str | Path, expected: bytes | None) -> bool:
    """The file at ``path`` is the blob ``expected`` (hex), read now (False: unreadable)."""
    try:
        return blob_sha(_read(str(path))).hex().encode("ascii") == expected
    except OSError:
        return False


def edited_meanwhile(path: str) -> MemsyncError:
    return MemsyncError(
        f"{shown(path)} was edited while sync ran; it was left as it is and the sync stopped before "
        "recording anything. Run sync again to include the edit."
    )


def apply(root: Path, incoming: list[Incoming], read_blob: Callable[[bytes], bytes],
          seen: Mapping[str, os.stat_result | None] | None = None) -> dict[bytes, IndexEntry | None]:
    """Write the (preflighted) changes; returns the index entries describing the new files.

    Deletions go first so that a file replaced by a folder (or the reverse) can be written.
    An OS error (a full disk, a name the file system refuses) is a MemsyncError naming the file.
    ``seen``: ``preflight``'s stats; a file changed since then (an edit made while the sync
    ran) is never overwritten or deleted: the sync stops there, before the branch moves, so
    the next sync commits the edit and what was already written here (the incoming versions).
    """
    updates: dict[bytes, IndexEntry | None] = {}

    def check(c: Incoming, target: str) -> None:
        if seen is not None and c.path in seen and not _unchanged_since(target, seen[c.path], c.expected):
            raise edited_meanwhile(c.path)

    for c in sorted((c for c in incoming if c.new is None), key=lambda c: c.path, reverse=True):
        target = os.path.join(str(root), c.path)
        check(c, target)
        try:
            os.unlink(target)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise MemsyncError(f"cannot delete: {exc.strerror}", path=shown(c.path)) from None
        updates[c.path.encode("utf-8", "surrogateescape")] = None
        _prune_empty(root, c.path)
    for c in sorted((c for c in incoming if c.new is not None), key=lambda c: c.path):
        assert c.new is not None
        mode, sha = c.new
        parent = c.path.rpartition("/")[0]
        try:
            if parent:
                mkdir_inside(root, parent)
            target = os.path.join(str(root), c.path)
            check(c, target)
            write_inside(root, c.path, read_blob(sha))
            if (mode == MODE_EXEC) != bool(os.lstat(target).st_mode & 0o100):
                os.chmod(target, 0o755 if mode == MODE_EXEC else 0o644)
            st = os.lstat(target)
        except MemsyncError as exc:  # the name, shown as every path is: only on the way out
            raise MemsyncError(exc.message, path=shown(c.path)) from None
        except OSError as exc:
            raise MemsyncError(f"cannot write: {exc.strerror}", path=shown(c.path)) from None
        key = c.path.encode("utf-8", "surrogateescape")
        updates[key] = entry_for(key, st, bytes.fromhex(sha.decode("ascii")), mode)
    return updates


def _prune_empty(root: Path, path: str) -> None:
    parts = path.split("/")[:-1]
    while parts:
        try:
            os.rmdir(os.path.join(str(root), *parts))
        except OSError:
            return
        parts.pop()
