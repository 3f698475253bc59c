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

import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from memsync.entry import valid_name
from memsync.tree import INDEX

RACY_NS = 2_000_000_000  # FAT stores 2 s; network clocks drift
_MASK = (1 << 63) - 1


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


def categories(root: Path) -> list[str]:
    """Category folder names, by tree.scan's rules: no dot-names, no symlinks, valid names."""
    out = []
    with os.scandir(root) as it:
        for d in it:
            name = d.name
            if name[0] != "." and valid_name(name) and d.is_dir(follow_symlinks=False):
                out.append(name)
    return out


def stat_category(root: Path, name: str) -> CategoryStat | None:
    """Fold the stat of every ``*.md`` file of one folder; None if it vanished."""
    path = os.path.join(root, name)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    # Stat names relative to the open folder: no path walk per file, and the
    # folder cannot be swapped for a symlink halfway.
    try:
        dst = os.fstat(fd)
        names = os.listdir(fd)
        count = digest = 0
        newest = dst.st_mtime_ns
        lstat = os.lstat
        for n in names:
            if n[0] == "." or not n.endswith(".md"):
                continue
            try:
                st = lstat(n, dir_fd=fd)
            except OSError:
                continue
            c = st.st_ctime_ns
            digest += st.st_ino + st.st_size * 1_000_003 + st.st_mtime_ns * 31 + c
            count += 1
            if c > newest:
                newest = c
    except OSError:
        return None
    finally:
        os.close(fd)
    return CategoryStat(name, dst.st_ino, dst.st_mtime_ns, count, digest & _MASK, newest)


def snapshot(root: Path, only: set[str] | None = None) -> Snapshot:
    """Stat every category (or just ``only``) of ``root``."""
    started = time.time_ns()
    cats: dict[str, CategoryStat] = {}
    for name in categories(root):
        if only is not None and name not in only:
            continue
        found = stat_category(root, name)
        if found is not None:
            cats[name] = found
    return Snapshot(started, cats)


def is_clean(seen: CategoryStat, stored: tuple[int, int, int, int, int] | None) -> bool:
    """Does ``seen`` match what the index stored (ino, mtime, count, digest, checked_at)?"""
    if stored is None:
        return False
    ino, mtime_ns, count, digest, checked_ns = stored
    return (
        (seen.ino, seen.mtime_ns, seen.count, seen.digest) == (ino, mtime_ns, count, digest)
        and seen.newest_ns < checked_ns - RACY_NS
    )


def entry_files(root: Path, name: str) -> dict[str, os.stat_result]:
    """``{relative path: lstat}`` of the entries of one category, by tree.scan's rules.

    Dot-files, index.md, names that are not valid slugs, symlinks and anything
    but a regular file are not entries.
    """
    out: dict[str, os.stat_result] = {}
    folder = os.path.join(root, name)
    try:
        names = os.listdir(folder)
    except OSError:
        return out
    for n in names:
        if n[0] == "." or not n.endswith(".md") or n == INDEX or not valid_name(n[:-3]):
            continue
        try:
            st = os.lstat(os.path.join(folder, n))
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            out[f"{name}/{n}"] = st
    return out
