"""Compiled files of a git tree, regenerated from its entries without reading them all.

Sync never merges ``<category>/index.md`` or ROOT.md's regions: it renders them
from the merged entries with the functions ``memsync compile`` uses. Parsing
10,000 entries per sync would cost seconds, so the parsed fields of every entry
are cached under ``.git/memsync/entries/``: ``index.json`` names the tree the
cache is exact for, its categories and the (few) entries with supersede links,
and one file per folder holds that folder's rows, keyed by path and blob id.
The cache is moved from one tree to another by a tree diff, which skips
unchanged folders.

When the tree we start from is known to be compiled (memsync committed it, see
``repo.is_compiled``), only what the changes can affect is rendered again:

- an entry or category added or removed, or a supersede link or validity
  changed, moves counts and links that every index shows: everything is rendered;
- otherwise the index of each category whose entries changed is rendered, and
  ROOT.md's tables too when ``load_when`` or ``conflict_of`` changed;
- a hand edit of ROOT.md outside its tables keeps the tables it had.

Without that knowledge everything is rendered. Every path gives the same bytes as
``compile_tree`` on the whole tree (tests compare them).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.compile import REGION_HEADINGS, compile_entries, render_root, root_text
from memsync.entry import EntryInfo, parse_entry, valid_name
from memsync.problems import Problem
from memsync.regions import RegionError, find_regions
from memsync.sync import repo as R
from memsync.sync.gitindex import blob_sha
from memsync.jsonfile import read_json, write_json
from memsync.sync.repo import GitRepo
from memsync.tree import INDEX, ROOT_MD

SCHEMA = 3  # 3: ids and links composed (NFC)


def is_entry_path(path: str) -> bool:
    parts = path.split("/")
    if len(parts) != 2 or not path.endswith(".md") or any(p.startswith(".") for p in parts):
        return False
    category, name = parts
    return name != INDEX and valid_name(category) and valid_name(name[:-3])


def is_compiled_path(path: str) -> bool:
    if path == ROOT_MD:
        return True
    parts = path.split("/")
    return len(parts) == 2 and parts[1] == INDEX and valid_name(parts[0]) and not parts[0].startswith(".")


def _counts_for_category(path: str) -> bool:
    """A depth-2 .md file: it makes its folder a category (from_files' rule)."""
    parts = path.split("/")
    return len(parts) == 2 and path.endswith(".md") and not any(p.startswith(".") for p in parts) and valid_name(parts[0])


def _link(info: EntryInfo | None) -> tuple[object, ...] | None:
    if info is None:
        return None
    return (info.valid, info.superseded_by, info.supersedes, info.pinned)


def _routing(info: EntryInfo | None) -> tuple[object, ...] | None:
    """What ROOT.md's tables show of an entry (conflict copies are left out of both)."""
    return None if info is None else (info.load_when, info.conflict_of)


class EntryCache:
    """Parsed fields of every entry of one tree, kept on disk between syncs.

    ``<dir>/index.json`` names the tree, its categories and the rows of entries
    that carry supersede links (few); each category's rows live in their own
    file, read only when that category is needed and written only if it changed.
    A row is ``[blob hex, EntryInfo json, ids it links to]``.
    """

    def __init__(self, repo: GitRepo, folder: Path) -> None:
        self.repo = repo
        self.folder = folder
        self.tree: bytes | None = None
        self.categories: set[str] = set()
        self.links: dict[str, list] = {}  # rows of entries with supersedes / superseded_by
        self.folders: set[str] = set()  # folders that hold at least one entry
        self._shards: dict[str, dict[str, list]] = {}
        self._dirty: set[str] = set()
        self._objects: dict[tuple[str, str], EntryInfo] = {}
        self.dirty = False
        self._load()

    @staticmethod
    def _shard_name(folder: str) -> str:
        import hashlib

        return hashlib.sha1(folder.encode("utf-8", "surrogateescape")).hexdigest()[:20] + ".json"

    def _read(self, name: str) -> dict | None:  # type: ignore[type-arg]
        doc = read_json(self.folder / name)
        return doc if isinstance(doc, dict) and doc.get("schema") == SCHEMA else None

    def _load(self) -> None:
        doc = self._read("index.json")
        try:
            if doc is not None:
                self.tree = doc["tree"].encode("ascii") if isinstance(doc.get("tree"), str) else None
                self.categories = set(doc["categories"])
                self.folders = set(doc["folders"])
                self.links = dict(doc["links"])
        except (KeyError, TypeError, AttributeError):
            self.tree, self.categories, self.folders, self.links = None, set(), set(), {}

    def rows(self, folder: str) -> dict[str, list]:
        """The rows of one folder's entries (read from its file on first use)."""
        got = self._shards.get(folder)
        if got is None:
            doc = self._read(self._shard_name(folder)) if folder in self.folders else None
            got = doc.get("rows") if doc is not None and doc.get("folder") == folder else None
            if not isinstance(got, dict):
                if folder in self.folders:
                    raise _Stale(folder)  # a shard is missing or damaged: rebuild
                got = {}
            self._shards[folder] = got
        return got

    def save(self) -> None:
        if not self.dirty:
            return
        if self.tree is not None:
            R.persist(self.repo, self.tree)  # so the next sync can diff from it
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for folder in sorted(self._dirty):
                rows = self._shards.get(folder, {})
                write_json(self.folder / self._shard_name(folder), {"schema": SCHEMA, "folder": folder, "rows": rows})
            write_json(self.folder / "index.json", {
                "schema": SCHEMA,
                "tree": self.tree.decode("ascii") if self.tree else None,
                "categories": sorted(self.categories),
                "folders": sorted(self.folders),
                "links": self.links,
            })
            self._dirty.clear()
            self.dirty = False
        except OSError:
            pass

    def info(self, path: str, sha: bytes | None) -> EntryInfo | None:
        """Fields of the entry blob ``sha`` at ``path`` (parsed once, then cached)."""
        if sha is None:
            return None
        hexsha = sha.decode("ascii")
        key = (path, hexsha)
        got = self._objects.get(key)
        if got is not None:
            return got
        try:
            row = self.rows(path.split("/", 1)[0]).get(path)
        except _Stale:
            row = None
        if row is not None and row[0] == hexsha:
            try:
                got = EntryInfo.from_json(row[1])
            except (IndexError, TypeError, ValueError):
                got = None
        if got is None:
            got = parse_entry(R.objects(self.repo)[sha].as_raw_string(), path).info()
        self._objects[key] = got
        return got

    def _set(self, path: str, row: list | None) -> None:  # type: ignore[type-arg]
        folder = path.split("/", 1)[0]
        rows = self.rows(folder)
        if row is None:
            rows.pop(path, None)
            self.links.pop(path, None)
        else:
            rows[path] = row
            if row[2]:
                self.links[path] = row
            else:
                self.links.pop(path, None)
        if rows:
            self.folders.add(folder)
        else:
            self.folders.discard(folder)
        self._dirty.add(folder)

    def move_to(self, tree: bytes) -> None:
        """Make the rows exact for ``tree``."""
        if self.tree == tree:
            return
        start = self.tree if self.tree is not None and R.known(self.repo, self.tree) else None
        try:
            self._move(start, tree)
        except _Stale:
            self._move(None, tree)

    def _move(self, start: bytes | None, tree: bytes) -> None:
        if start is None:
            self.tree = None
            self._shards = {}
            for folder in self.folders:
                self._shards[folder] = {}
                self._dirty.add(folder)
            self.categories, self.folders, self.links = set(), set(), {}
        changes = R.diff(self.repo, start, tree)
        touched_folders: set[str] = set()
        for path, ch in changes.items():
            if _counts_for_category(path) and (start is None or (ch.old is None) != (ch.new is None)):
                touched_folders.add(path.split("/")[0])
            if not is_entry_path(path):
                continue
            if ch.new is None or ch.new_mode is None or ch.new_mode & 0o170000 != 0o100000:
                self._set(path, None)
                continue
            info = self.info(path, ch.new)
            assert info is not None
            links = list(info.supersedes) + ([info.superseded_by] if info.superseded_by else [])
            self._set(path, [ch.new.decode("ascii"), info.to_json(), links])
        for folder in touched_folders:
            names = R.subtree_files(self.repo, tree, folder)
            if any(n.endswith(".md") and not n.startswith(".") for n in names):
                self.categories.add(folder)
            else:
                self.categories.discard(folder)
        self.tree = tree
        self.dirty = True

    def entries(self, categories: set[str] | None = None) -> list[EntryInfo]:
        """Entries of the current tree, sorted by path (compile's order).

        With ``categories``: only those categories' entries plus every entry
        that can change who is superseded or what a superseded line says
        (entries with ``supersedes`` or ``superseded_by``, and their targets).
        ``Tree.superseded()`` gives the same answer for these entries on this
        subset as on the whole tree, since the others take no part in it.
        """
        try:
            return self._entries(categories)
        except _Stale:
            tree = self.tree
            self.tree = None
            assert tree is not None
            self._move(None, tree)
            return self._entries(categories)

    def _entries(self, categories: set[str] | None) -> list[EntryInfo]:
        chosen: dict[str, list] = {}  # type: ignore[type-arg]
        folders = self.folders if categories is None else categories & self.folders
        for folder in folders:
            chosen.update(self.rows(folder))
        if categories is not None:
            chosen.update(self.links)
            for row in list(self.links.values()):
                for target in row[2]:
                    # A link names an id (NFC); the tree may hold its file decomposed.
                    for path in dict.fromkeys((f"{target}.md", unicodedata.normalize("NFD", f"{target}.md"))):
                        if path not in chosen and is_entry_path(path):
                            hit = self.rows(path.split("/", 1)[0]).get(path)
                            if hit is not None:
                                chosen[path] = hit
        return [self.info(path, chosen[path][0].encode("ascii")) for path in sorted(chosen)]  # type: ignore[misc]


class _Stale(Exception):
    """A cache file the index names is missing or damaged."""


@dataclass
class Regenerated:
    """The compiled files a merge must rewrite."""

    outputs: dict[str, bytes] = field(default_factory=dict)  # compiled paths whose bytes must change
    problems: list[Problem] = field(default_factory=list)
    full: bool = False


def _fill_root(
    root_md: bytes | None, template: str, bodies: dict[str, str], outputs: dict[str, bytes], problems: list[Problem]
) -> None:
    """ROOT.md (or the template) with its regions holding ``bodies``, as compile_tree writes it."""
    text, found = root_text(root_md, template)
    problems.extend(found)
    if text is not None:
        data, found = render_root(text, bodies)
        problems.extend(found)
        if data is not None:
            outputs[ROOT_MD] = data


def _render(categories: Iterable[str], entries: list[EntryInfo], root_md: bytes | None, template: str,
            **kw: Any) -> tuple[dict[str, bytes], list[Problem]]:
    result = compile_entries(categories, entries, root_md, template, **kw)
    return result.outputs, result.problems


def region_bodies(root_md: bytes | None) -> dict[str, str] | None:
    """The compiled region bodies of a ROOT.md, or None if they cannot be read."""
    if root_md is None:
        return None
    try:
        text = root_md.decode("utf-8")
        regions = find_regions(text)
    except (UnicodeDecodeError, RegionError):
        return None
    if set(regions) != set(REGION_HEADINGS):
        return None
    return {name: text[r.start:r.end] for name, r in regions.items()}


def _impact(cache: EntryCache, changes: dict[str, Any], old_infos: dict[str, EntryInfo | None]) -> tuple[bool, set[str], bool]:
    """What ``changes`` (a tree diff; ``old_infos``: its entries' old fields) do to compiled files:
    (everything must be rendered, the categories whose index must be, ROOT.md's tables must be)."""
    full = False
    touched: set[str] = set()
    root_regions = False
    for path, ch in changes.items():
        if _counts_for_category(path) and (ch.old is None) != (ch.new is None):
            full = True  # an entry (or a category) appeared or went: counts and links move
        if path in old_infos:
            new = cache.info(path, ch.new)
            old = old_infos[path]
            if _link(old) != _link(new):
                full = True
            if _routing(old) != _routing(new):
                root_regions = True
            touched.add(path.split("/")[0])
        elif is_compiled_path(path) and path != ROOT_MD:
            touched.add(path.split("/")[0])
    return full, touched, root_regions


def regenerate(
    repo: GitRepo,
    cache: EntryCache,
    old_tree: bytes | None,
    new_tree: bytes,
    *,
    old_compiled: bool,
    template: str,
    create_root: bool = True,
    also_compiled: bytes | None = None,
) -> Regenerated:
    """Compiled files of ``new_tree`` that differ from what it holds.

    ``old_compiled`` says ``old_tree``'s compiled files match its entries, which
    lets unchanged parts be kept instead of rendered. ``also_compiled`` is
    another tree known to be compiled (the other side of a merge): a category
    that ``new_tree`` holds exactly as that tree does keeps its index too,
    provided nothing between the two trees moves the links every index shows
    (no entry added or removed, no supersede link or validity changed).
    ``create_root=False`` leaves a missing ROOT.md missing (a first commit that
    will adopt a remote's).
    """
    changes = R.diff(repo, old_tree, new_tree)
    out = Regenerated()
    if old_tree is not None:
        cache.move_to(old_tree)
    old_infos = {p: cache.info(p, ch.old) for p, ch in changes.items() if is_entry_path(p)}
    cache.move_to(new_tree)
    full, touched, root_regions = _impact(cache, changes, old_infos)
    full = full or not old_compiled or old_tree is None
    if also_compiled is not None and not full:
        side = R.diff(repo, also_compiled, new_tree)
        side_full, side_touched, _ = _impact(
            cache, side, {p: cache.info(p, ch.old) for p, ch in side.items() if is_entry_path(p)}
        )
        if not side_full:
            touched &= side_touched
    root_changed = ROOT_MD in changes
    root_entry = R.lookup(repo, new_tree, ROOT_MD)
    # ROOT.md's text is read only when its tables are to be rendered or refilled.
    new_root = R.blob(repo, (root_entry or (0, None))[1]) if full or root_regions or root_changed else None
    if full:
        outputs, problems = _render(cache.categories, cache.entries(), new_root, template)
        out.full = True
    else:
        touched &= cache.categories
        if root_regions:
            entries = cache.entries()
        else:
            entries = cache.entries(touched) if touched else []
        outputs, problems = _render(
            cache.categories, entries, new_root, template, only=touched, with_root=root_regions
        )
        if not root_regions and root_changed:
            bodies = region_bodies(R.blob(repo, (R.lookup(repo, old_tree, ROOT_MD) or (0, None))[1]))
            if bodies is None:
                outputs, problems = _render(cache.categories, cache.entries(), new_root, template)
                out.full = True
            else:
                _fill_root(new_root, template, bodies, outputs, problems)
    out.problems = problems
    if root_entry is None and not create_root:
        outputs.pop(ROOT_MD, None)
    for path, data in outputs.items():
        current = R.lookup(repo, new_tree, path)  # compared by blob id: no need to read the blob
        if current is None or current[0] & 0o170000 != 0o100000 or blob_sha(data).hex().encode() != current[1]:
            out.outputs[path] = data
    return out
