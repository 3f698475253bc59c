"""A root's entries held in memory by a long-lived process, kept fresh cheaply.

``LiveTree.tree()`` returns what ``tree.scan`` would of categories, entries (parsed
fields) and compiled bytes — not its problems (lint reads those), and a folder that
holds nothing but its compiled ``index.md`` may be left out (nothing to compile). Without ``watch``
(one-shot processes) it scans every time, through the parse cache. With ``watch``
(the MCP server) inotify names what changed since the last call
(``recall.watch.Watcher``): the entry files it names are looked at again (one lstat
each, a parse only when the fingerprint moved), and a folder whose own state changed is
walked again. Any doubt (no inotify, an overflow, a new folder at the top) means a full
scan. ROOT.md and the ``index.md`` files are re-read on every call: they are a handful
of files, and edits to them are not entry events.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from memsync import tree as T
from memsync.entry import EntryInfo
from memsync.problems import Problem

_Row = tuple[list[int], EntryInfo]


class LiveTree:
    def __init__(self, root: Path, *, watch: bool = False) -> None:
        self.root = root
        self.watch = watch
        self._watcher: Any = None
        self._cats: dict[str, dict[str, _Row]] | None = None  # category -> rel -> (fingerprint, parsed)
        self._walk: T.Walk | None = None  # the last full walk of a one-shot tree

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None
        self._cats = None

    def tree(self) -> T.Tree:
        """The root as it is on disk now (``problems`` left empty)."""
        changed = self._changed()
        if changed is None or self._cats is None:
            self._full()
        elif changed:
            self._reread(changed)
        assert self._cats is not None
        out = T.Tree(categories=sorted(self._cats))
        for name in out.categories:
            out.entries += [info for _, info in self._cats[name].values()]
        unread: list[Problem] = []
        for rel in [T.ROOT_MD] + [f"{name}/{T.INDEX}" for name in out.categories]:
            out.compiled[rel] = T._read_compiled(self.root / rel, rel, T.Tree(problems=unread))
        return out

    def snapshot(self) -> Any:
        """The search index's freshness snapshot as the last ``tree()`` call's walk saw the
        root (``recall.fresh.from_walk``), or None: a one-shot process stats every file once."""
        if self.watch or self._walk is None:
            return None
        from memsync.recall.fresh import from_walk

        return from_walk(self._walk)

    def _changed(self) -> set[str] | None:
        """Category folders changed since the last call; None: unknown, scan everything."""
        if not self.watch:
            return None
        if self._watcher is None:
            from memsync.recall.watch import Watcher

            self._watcher = Watcher.create(self.root)
            if self._watcher is None:
                self.watch = False
            return None
        return self._watcher.drain()

    def _full(self) -> None:
        # Watches are placed before the walk, so nothing after it is missed; every folder that
        # could become a category is watched (an empty one turns into one with its first entry).
        if self._watcher is not None:
            from memsync.recall.fresh import categories

            try:
                folders = categories(self.root)
            except OSError:
                folders = []
            if not self._watcher.watch(folders):
                self._watcher.close()  # cannot watch them all: scan per call instead
                self._watcher, self.watch = None, False
        w = T.walk(self.root)
        self._walk = None if self.watch else w
        # A one-shot writer's tree is gone once it writes: leave the parse cache to compile and lint.
        t = T.read(w, save=self.watch)
        prints = dict(w.entries)
        self._cats = {name: {} for name in w.categories}
        for info in t.entries:
            self._cats[info.category][info.path] = (prints[info.path], info)

    def _reread(self, names: set[str]) -> None:
        assert self._cats is not None
        files = self._watcher.names if self._watcher is not None else {}
        whole = {n for n in names if files.get(n) is None or n not in self._cats}
        for name in names - whole:
            if not self._refresh_files(name, files[name] or set()):
                whole.add(name)
        if whole:
            self._reread_folders(whole)

    def _refresh_files(self, category: str, names: set[str]) -> bool:
        """Only the files the events named: an own write costs one lstat, not a folder walk.
        False when the category lost its last entry (whether it stays one needs its folder)."""
        assert self._cats is not None
        rows = self._cats[category]
        rels = {f"{category}/{n}" for n in names}
        seen = dict(T.walk_files(self.root, category, names).entries)
        for rel in rels - seen.keys():
            rows.pop(rel, None)
        for rel, fp in seen.items():
            known = rows.get(rel)
            if known is not None and known[0] == fp:
                continue
            got = T.read_entry(self.root, rel, fp)
            if isinstance(got, Problem):
                rows.pop(rel, None)
            else:
                rows[rel] = (fp, got)
        return bool(rows)

    def _reread_folders(self, names: set[str]) -> None:
        assert self._cats is not None
        w = T.walk_categories(self.root, names)
        if self._watcher is not None:
            self._watcher.watch(w.categories)
        old = {name: self._cats.pop(name, {}) for name in names}
        for name in w.categories:
            self._cats[name] = {}
        for rel, fp in w.entries:
            name = rel.split("/", 1)[0]
            known = old.get(name, {}).get(rel)
            if known is not None and known[0] == fp:
                self._cats[name][rel] = known
                continue
            got = T.read_entry(self.root, rel, fp)
            if not isinstance(got, Problem):
                self._cats[name][rel] = (fp, got)
