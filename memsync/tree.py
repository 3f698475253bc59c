"""Read a memory root from disk: its categories, entries and compiled files.

Only the first level of folders are categories; dot-files and dot-folders are
skipped; symlinks are reported and never followed. Parsed frontmatter is kept in
a cache outside the tree (see ``parsecache``) keyed by each file's stat
fingerprint, so a tree where nothing changed is read without opening entries.
"""
from __future__ import annotations

import functools
import os
import stat
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.entry import MAX_ENTRY_BYTES, Entry, EntryInfo, parse_entry, too_big, valid_name
from memsync.fsutil import NotRegularFile, read_regular
from memsync.problems import Problem

INDEX = "index.md"
ROOT_MD = "ROOT.md"
# Compiled files and ROOT.md are bounded too; a hostile multi-GB file is not read.
MAX_COMPILED_BYTES = 16 << 20


def superseded_ids(entries: Iterable[EntryInfo]) -> set[str]:
    """Ids of entries that left search and routing.

    An entry is superseded when it says ``superseded_by``, or when another
    entry lists it in ``supersedes`` and it is not pinned.
    """
    by_id = {e.id: e for e in entries if e.valid}
    out = {e.id for e in by_id.values() if e.superseded_by}
    for e in by_id.values():
        for old in e.supersedes:
            target = by_id.get(old)
            if target is not None and not target.pinned and old != e.id:
                out.add(old)
    return out


@dataclass
class Tree:
    """A root as read from disk (or built in memory by sync)."""

    categories: list[str] = field(default_factory=list)
    entries: list[EntryInfo] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # Current bytes of each <category>/index.md and of ROOT.md (None: absent).
    compiled: dict[str, bytes | None] = field(default_factory=dict)

    def superseded(self) -> set[str]:
        """Ids of entries that left search and routing."""
        return superseded_ids(self.entries)


def from_files(files: Mapping[str, bytes]) -> Tree:
    """A Tree from ``{relative path: bytes}`` (say, a git tree held in memory).

    Follows the same rules as ``scan``: categories are valid-named top-level
    folders holding a .md file, dot-names are skipped, deeper files ignored.
    """
    tree = Tree()
    tree.compiled[ROOT_MD] = files.get(ROOT_MD)
    categories: set[str] = set()
    for path in sorted(files):
        parts = path.split("/")
        if len(parts) != 2 or not path.endswith(".md") or any(p.startswith(".") for p in parts):
            continue
        category, name = parts
        if not valid_name(category):
            continue
        categories.add(category)
        if name == INDEX:
            tree.compiled[path] = files[path]
        elif valid_name(name[:-3]):
            tree.entries.append(parse_entry(files[path], path).info())
    tree.categories = sorted(categories)
    for category in tree.categories:
        tree.compiled.setdefault(f"{category}/{INDEX}", None)
    return tree


def _fingerprint(st: os.stat_result) -> list[int]:
    # ctime changes on every write, so an edit that keeps size and mtime is still seen.
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


@dataclass
class Walk:
    """What a root holds, from directory listings and lstat alone (no file read)."""

    root: Path
    categories: list[str] = field(default_factory=list)
    entries: list[tuple[str, list[int]]] = field(default_factory=list)  # (relpath, fingerprint)
    compiled: dict[str, list[int] | None] = field(default_factory=dict)  # ROOT.md, index.md files
    problems: list[Problem] = field(default_factory=list)
    # What the search index's freshness check would stat, seen by this walk already
    # (recall.fresh.from_walk): wall clock before the first stat, and per category folder its
    # own lstat and the lstat of every name in it ending in .md.
    started_ns: int = 0
    folders: dict[str, tuple[os.stat_result, list[tuple[str, os.stat_result]]]] = field(default_factory=dict)

    def digest(self) -> str:
        """Changes whenever anything compile, check or lint look at may have changed."""
        import hashlib
        import json

        from memsync import __version__

        doc = [__version__, self.categories, self.entries, sorted(self.compiled.items()),
               [[p.path, p.line, p.code, p.message] for p in self.problems]]
        return hashlib.sha256(json.dumps(doc, ensure_ascii=False).encode()).hexdigest()


def walk(root: Path) -> Walk:
    """List categories, entry candidates and compiled files; report what is skipped."""
    w = Walk(root, started_ns=time.time_ns())
    w.compiled[ROOT_MD] = _compiled_fingerprint(root / ROOT_MD, ROOT_MD, w)
    try:
        top = sorted(os.scandir(root), key=lambda d: d.name)
    except OSError as exc:
        from memsync.errors import MemsyncError

        raise MemsyncError(f"cannot read the root: {exc.strerror}", path=str(root)) from None
    for d in top:
        if d.name.startswith("."):
            continue
        if d.is_symlink():
            w.problems.append(Problem(d.name, 0, "E021", "symlink not followed" + _where(root, d.path)))
            continue
        if not d.is_dir(follow_symlinks=False):
            continue
        if not valid_name(d.name):
            if _holds_markdown(d.path):
                w.problems.append(Problem(d.name, 0, "E020", _bad_name(d.name, "folder name is not a valid category")))
            continue
        try:
            folder = d.stat(follow_symlinks=False)
        except OSError:
            folder = None
        _walk_category(root, d.name, w, folder)
    return w


def _walk_category(root: Path, name: str, w: Walk, folder: os.stat_result | None = None) -> None:
    try:
        items = sorted(os.scandir(root / name), key=lambda d: d.name)
    except OSError as exc:
        w.problems.append(Problem(name, 0, "E020", f"cannot read folder: {exc.strerror}"))
        return
    has_md = False
    seen: list[tuple[str, os.stat_result]] | None = [] if folder is not None else None
    entries = w.entries
    for d in items:
        n = d.name
        if seen is not None and n.endswith(".md"):
            try:  # a DirEntry keeps its lstat: the entry check below costs no second call
                st = d.stat(follow_symlinks=False)
            except OSError:
                st = None  # gone since the listing, as the freshness check would find too
            if st is not None:
                seen.append((n, st))
                # the common case in a few steps: a regular file with a plain name
                if stat.S_ISREG(st.st_mode) and n != INDEX and n[0] != "." and valid_name(n[:-3]):
                    has_md = True
                    entries.append((f"{name}/{n}", [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]))
                    continue
        rel = f"{name}/{n}"
        if d.name.startswith("."):
            continue
        if d.name == INDEX:
            has_md = True
            w.compiled[rel] = _compiled_fingerprint(Path(d.path), rel, w)
            continue
        if not d.name.endswith(".md"):
            if d.is_dir(follow_symlinks=False) and _holds_markdown(d.path):
                w.problems.append(Problem(rel, 0, "W041", "nested folder ignored: entries live one level deep"))
            continue
        has_md = True
        _look_entry(root, rel, d.name, d.is_symlink(), functools.partial(d.stat, follow_symlinks=False), w)
    if folder is not None and seen is not None:
        w.folders[name] = (folder, seen)
    if has_md:
        w.categories.append(name)
        w.compiled.setdefault(f"{name}/{INDEX}", None)


def _look_entry(root: Path, rel: str, name: str, is_link: bool, lstat: Callable[[], os.stat_result], w: Walk) -> None:
    """One ``*.md`` file of a category folder: an entry to read, or the problem that keeps it out."""
    if is_link:
        w.problems.append(Problem(rel, 0, "E021", "symlink not followed" + _where(root, str(root / rel))))
        return
    if not valid_name(name[:-3]):
        w.problems.append(Problem(rel, 0, "E020", _bad_name(name, "entry name is not a valid slug")))
        return
    try:
        st = lstat()
    except FileNotFoundError:
        return  # deleted since the listing
    except OSError as exc:
        w.problems.append(Problem(rel, 0, "E001", f"cannot read: {exc.strerror}"))
        return
    if stat.S_ISLNK(st.st_mode):  # swapped in since the listing
        w.problems.append(Problem(rel, 0, "E021", "symlink not followed" + _where(root, str(root / rel))))
    elif stat.S_ISREG(st.st_mode):
        w.entries.append((rel, _fingerprint(st)))


def walk_files(root: Path, category: str, names: Iterable[str]) -> Walk:
    """A ``Walk`` of just these files of one category: what change notification named (a
    long-lived process re-reads one written entry, not its whole folder)."""
    w = Walk(root)
    for name in sorted(set(names)):
        if name.startswith(".") or name == INDEX or not name.endswith(".md"):
            continue
        rel = f"{category}/{name}"
        path = root / rel
        _look_entry(root, rel, name, os.path.islink(path), functools.partial(os.lstat, path), w)
    return w


def _compiled_fingerprint(path: Path, rel: str, w: Walk) -> list[int] | None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        w.problems.append(Problem(rel, 0, "E001", f"cannot read: {exc.strerror}"))
        return None
    if not stat.S_ISREG(st.st_mode):
        w.problems.append(Problem(rel, 0, "E021", "is a symlink or not a regular file; memsync will not write it"))
        return None
    return _fingerprint(st)


def read(w: Walk, *, use_cache: bool = True, save: bool = True) -> Tree:
    """Parse the walked entries (through the parse cache) and read the compiled files.

    ``save=False`` leaves the cache as it was: a writer about to change the tree (remember)
    would only rewrite it for a state that is gone a moment later."""
    from memsync import parsecache

    cache = parsecache.load(w.root) if use_cache else {}
    fresh: dict[str, list] = {}
    tree = Tree(categories=list(w.categories), problems=list(w.problems))
    for rel, fp in w.entries:
        hit: list[Any] | None = cache.get(rel)
        info = _cached(hit, fp)
        if info is None or hit is None:
            got = read_entry(w.root, rel, fp)
            if isinstance(got, Problem):
                tree.problems.append(got)
                continue
            info = got
            hit = [fp, info.to_json()]
        fresh[rel] = hit  # a cache hit is kept as read: comparing it below costs nothing
        tree.entries.append(info)
    for rel, compiled_fp in w.compiled.items():
        tree.compiled[rel] = None if compiled_fp is None else _read_compiled(w.root / rel, rel, tree)
    if use_cache and save and fresh != cache:
        parsecache.save(w.root, fresh)
    return tree


def read_entry(root: Path, rel: str, fp: list[int]) -> EntryInfo | Problem:
    """One walked entry parsed (or the problem that kept it from being read)."""
    if fp[0] > MAX_ENTRY_BYTES:  # reported without reading it
        return Entry(rel, problems=[too_big(rel, fp[0])]).info()
    try:
        data = read_regular(root / rel, MAX_ENTRY_BYTES + 1)
    except NotRegularFile:
        return Problem(rel, 0, "E021", "symlink not followed")
    except OSError as exc:
        return Problem(rel, 0, "E001", f"cannot read: {exc.strerror}")
    return parse_entry(data, rel).info()


def scan(root: Path, *, use_cache: bool = True) -> Tree:
    """Read every category, entry and compiled file under ``root``."""
    return read(walk(root), use_cache=use_cache)


def _bad_name(name: str, what: str) -> str:
    if any("\udc80" <= c <= "\udcff" for c in name):
        # os.scandir hands undecodable bytes over as surrogate escapes; Problem shows them as \xNN.
        return "file name is not valid UTF-8 (its bytes are shown as \\xNN); rename it"
    return what + " (letters, digits, '-', '_'; no dots)"


def _where(root: Path, path: str) -> str:
    try:
        target = os.path.realpath(path)
    except OSError:
        return ""
    if os.path.commonpath([str(root), target]) != str(root):
        return " (it points outside the root)"
    return ""


def _holds_markdown(path: str) -> bool:
    try:
        with os.scandir(path) as it:
            return any(d.name.endswith(".md") for d in it)
    except OSError:
        return False


def _cached(hit: object, fp: list[int]) -> EntryInfo | None:
    """The cached record if its fingerprint matches; a malformed record is a miss."""
    try:
        if isinstance(hit, list) and hit[0] == fp:
            return EntryInfo.from_json(hit[1])
    except (IndexError, TypeError, ValueError):
        pass
    return None


def _read_compiled(path: Path, rel: str, tree: Tree) -> bytes | None:
    try:
        return read_regular(path, MAX_COMPILED_BYTES)
    except FileNotFoundError:
        return None
    except NotRegularFile:
        tree.problems.append(Problem(rel, 0, "E021", "is a symlink or not a regular file; memsync will not write it"))
        return None
    except OSError as exc:
        tree.problems.append(Problem(rel, 0, "E001", f"cannot read: {exc.strerror}"))
        return None


def walk_categories(root: Path, names: Iterable[str]) -> Walk:
    """A ``Walk`` of just these category folders (ROOT.md and the top level are not looked at):
    what a long-lived process re-reads when change notification names the folders that changed."""
    w = Walk(root)
    for name in sorted(set(names)):
        if valid_name(name) and os.path.isdir(root / name) and not os.path.islink(root / name):
            _walk_category(root, name, w)
    return w
