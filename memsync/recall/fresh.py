"""The cheap freshness check: has anything under a root changed since the index saw it?

Every search owes one (SPEC §4: a change by any tool is seen by the very next
search), so it must cost as little as the file system allows. Per category
folder it takes one ``lstat`` per entry file and folds four numbers, without
reading a file or the index's per-file rows. Only when a category's summary
differs does the index compare file by file (``index.sync``).

Why the summary is enough: creating, deleting or renaming a file changes its
folder's mtime; writing a file in place changes its ctime, which no tool can
set back (``touch -d`` and ``git checkout`` set mtime, not ctime). Time stamps
are coarse (a file written twice within one clock tick keeps them), so a
category whose newest change falls within ``RACY_NS`` of the previous check
is compared file by file and by content hash: the "racy clean" rule git uses
for its index.
"""
from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memsync import forked
from memsync.entry import valid_name
from memsync.tree import INDEX

RACY_NS = 2_000_000_000  # FAT stores 2 s; network clocks drift
_MASK = (1 << 63) - 1


def wrap64(n: int) -> int:
    """``n`` folded into SQLite's signed 64 bits: an inode number above 2**63 (some
    network and FUSE file systems) or a time stamp past the year 2262 still compares equal."""
    n &= (1 << 64) - 1
    return n - (1 << 64) if n >> 63 else n


@dataclass(frozen=True)
class CategoryStat:
    """What the check saw of one category folder."""

    name: str
    ino: int
    mtime_ns: int
    count: int
    digest: int
    newest_ns: int  # latest ctime of a file, or the folder's mtime if later


@dataclass(frozen=True)
class Snapshot:
    started_ns: int  # wall clock before the first stat: changes after it are not vouched for
    categories: dict[str, CategoryStat]
    # per category, (name, lstat) of every ``*.md`` name a walk saw in it, when the snapshot
    # was taken from one (``from_walk``): a changed category is then compared file by file
    # without listing and stat-ing its folder again (``files_of``)
    seen: dict[str, list[tuple[str, os.stat_result]]] | None = None

    def files_of(self, name: str) -> dict[str, os.stat_result] | None:
        """``{relative path: lstat}`` of a category's entries as ``entry_files`` gives them, from
        the walk; None without one. Filtered on demand: most categories are clean."""
        if self.seen is None or name not in self.seen:
            return None
        return {f"{name}/{n}": st for n, st in self.seen[name] if is_entry_name(n) and stat.S_ISREG(st.st_mode)}


def categories(root: Path) -> list[str]:
    """Category folder names, by tree.scan's rules: no dot-names, no symlinks, valid names."""
    out = []
    with os.scandir(root) as it:
        for d in it:
            name = d.name
            if name[0] != "." and valid_name(name) and d.is_dir(follow_symlinks=False):
                out.append(name)
    return out


_DIR_FD = os.lstat in os.supports_dir_fd and os.listdir in os.supports_fd


def stat_category(root: Path, name: str) -> CategoryStat | None:
    """Fold the stat of every ``*.md`` file of one folder; None if it vanished."""
    path = os.path.join(root, name)
    if not _DIR_FD:  # Windows: by path
        try:
            dst = os.lstat(path)
            sts = [os.lstat(os.path.join(path, n)) for n in os.listdir(path) if n.endswith(".md")]
        except OSError:
            return None
        return _fold(name, dst, sts)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    # Stat names relative to the open folder: no path walk per file, and the
    # folder cannot be swapped for a symlink halfway.
    try:
        dst = os.fstat(fd)
        names = os.listdir(fd)
        lstat = os.lstat
        # Dot-files ending in .md are folded in too: harmless here, since this
        # only says whether to look closer, and the closer look (entry_files) skips them.
        try:
            sts = [lstat(n, dir_fd=fd) for n in names if n.endswith(".md")]
        except OSError:  # a file vanished between listdir and lstat
            sts = []
            for n in names:
                if n.endswith(".md"):
                    try:
                        sts.append(lstat(n, dir_fd=fd))
                    except OSError:
                        pass
    except OSError:
        return None
    finally:
        os.close(fd)
    return _fold(name, dst, sts)


def _fold(name: str, dst: os.stat_result, sts: list[os.stat_result]) -> CategoryStat:
    ctimes = [st.st_ctime_ns for st in sts]
    # Any write, chmod, utime or rename moves a file's ctime; a replacement changes its inode.
    digest = 3 * sum(ctimes) + sum(st.st_ino for st in sts)
    newest = max(max(ctimes, default=0), dst.st_mtime_ns)
    return CategoryStat(name, wrap64(dst.st_ino), wrap64(dst.st_mtime_ns), len(sts), digest & _MASK, newest)


PARALLEL_MIN = 4000  # below this many files a second process costs more than it saves


def snapshot(root: Path, only: set[str] | None = None, sizes: dict[str, int] | None = None,
             layout: Any = None) -> Snapshot:
    """Stat every category (or just ``only``) of ``root``.

    ``sizes`` (files per category, as last seen) lets a large tree be split
    between this process and a forked helper: the stat calls are system
    calls, so two cores halve the wall time. A ``layout``
    (``memsync.recall.layout``) says which folders to stat instead of the categories.
    """
    started = time.time_ns()
    stat_one = layout.stat_group if layout is not None else stat_category
    groups = layout.groups(root) if layout is not None else categories(root)
    names = [n for n in groups if only is None or n in only]
    cats: dict[str, CategoryStat] = {}
    mine, theirs = names, list[str]()
    if sizes and sum(sizes.get(n, 0) for n in names) >= PARALLEL_MIN and len(names) > 1 and forked.worthwhile():
        mine, theirs = _halves(names, sizes)
    helper = _fork(root, theirs, stat_one) if theirs else None
    for name in mine:
        found = stat_one(root, name)
        if found is not None:
            cats[name] = found
    if theirs:
        done = _collect(helper) if helper is not None else None
        if done is None:  # no helper, or it failed: do its half here
            done = {n: c for n in theirs if (c := stat_one(root, n)) is not None}
        cats.update(done)
    return Snapshot(started, cats)


def from_walk(w: Any) -> Snapshot | None:
    """The snapshot ``snapshot`` would take, from the lstat calls a ``tree.walk`` (``w``) made
    already: a process that walked the root (remember, before its dedupe search) need not stat
    every file twice. None when the walk did not see every category folder whole."""
    if not w.started_ns or len(w.folders) != len(set(w.categories) | set(w.folders)):
        return None
    cats = {name: _fold(name, dst, [st for _, st in seen]) for name, (dst, seen) in w.folders.items()}
    return Snapshot(w.started_ns, cats, {name: seen for name, (_, seen) in w.folders.items()})


def _halves(names: list[str], sizes: dict[str, int]) -> tuple[list[str], list[str]]:
    mine: list[str] = []
    theirs: list[str] = []
    load = [0, 0]
    for name in sorted(names, key=lambda n: -sizes.get(n, 0)):
        side = 0 if load[0] <= load[1] else 1
        (mine, theirs)[side].append(name)
        load[side] += sizes.get(name, 0)
    return mine, theirs


def _fork(root: Path, names: list[str], stat_one: Callable[[Path, str], CategoryStat | None]
          ) -> tuple[int, int] | None:
    """Start a child that stats ``names`` and sends the result back."""
    def work() -> bytes:
        rows = [[c.name, c.ino, c.mtime_ns, c.count, c.digest, c.newest_ns]
                for n in names if (c := stat_one(root, n)) is not None]
        return json.dumps(rows).encode()

    return forked.start(work)


def _collect(helper: tuple[int, int]) -> dict[str, CategoryStat] | None:
    data = forked.collect(helper)
    if data is None:
        return None
    try:
        return {row[0]: CategoryStat(*row) for row in json.loads(data)}
    except (ValueError, TypeError):
        return None


def fingerprint(st: os.stat_result) -> tuple[int, int, int, int]:
    """What the index stores of an entry file's stat: size, mtime, ctime, inode."""
    return wrap64(st.st_size), wrap64(st.st_mtime_ns), wrap64(st.st_ctime_ns), wrap64(st.st_ino)


def is_clean(seen: CategoryStat, stored: tuple[int, int, int, int, int] | None) -> bool:
    """Does ``seen`` match what the index stored (ino, mtime, count, digest, checked_at)?"""
    if stored is None:
        return False
    ino, mtime_ns, count, digest, checked_ns = stored
    return (
        (seen.ino, seen.mtime_ns, seen.count, seen.digest) == (ino, mtime_ns, count, digest)
        and seen.newest_ns < checked_ns - RACY_NS
    )


def is_entry_name(n: str) -> bool:
    """A file name tree.scan reads as an entry (before it looks at the file itself)."""
    return bool(n) and n[0] != "." and n.endswith(".md") and n != INDEX and valid_name(n[:-3])


def entry_file(root: Path, category: str, n: str) -> os.stat_result | None:
    """The lstat of one entry file, by ``entry_files``' rules; None when it is not one (now)."""
    if not is_entry_name(n):
        return None
    try:
        st = os.lstat(os.path.join(root, category, n))
    except OSError:
        return None
    return st if stat.S_ISREG(st.st_mode) else None


def entry_files(root: Path, name: str) -> dict[str, os.stat_result]:
    """``{relative path: lstat}`` of the entries of one category, by tree.scan's rules.

    Dot-files, index.md, names that are not valid slugs, symlinks and anything
    but a regular file are not entries.
    """
    out: dict[str, os.stat_result] = {}
    folder = os.path.join(root, name)
    fd = -1
    try:
        if _DIR_FD:  # names relative to the open folder: no path walk per file (as stat_category)
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0))
            names = os.listdir(fd)
        else:
            names = os.listdir(folder)
    except OSError:
        if fd >= 0:
            os.close(fd)
        return out
    try:
        for n in names:
            if not is_entry_name(n):
                continue
            try:
                st = os.lstat(n, dir_fd=fd) if fd >= 0 else os.lstat(os.path.join(folder, n))
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                out[f"{name}/{n}"] = st
    finally:
        if fd >= 0:
            os.close(fd)
    return out
