"""A root's entries held in memory by a long-lived process, kept fresh cheaply.

``LiveTree.tree()`` returns what ``tree.scan`` would: categories, entries (parsed
fields) and compiled bytes. Without ``watch`` (one-shot processes) it scans every
time, through the parse cache. With ``watch`` (the MCP server) inotify names the
category folders that changed since the last call (``recall.watch.Watcher``); only
those are walked again, and only entries whose stat fingerprint changed are parsed.
Any doubt (no inotify, an overflow, a new folder) means a full scan. ROOT.md and
the ``index.md`` files are re-read on every call: they are a handful of files, and
edits to them are not entry events.
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
        # category -> (rel -> (fingerprint, parsed), problems of that folder)
        self._cats: dict[str, tuple[dict[str, _Row], list[Problem]]] | None = None
        self._top: list[Problem] = []

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None
        self._cats = None

    def tree(self) -> T.Tree:
        """The root as it is on disk now."""
        changed = self._changed()
        if changed is None or self._cats is None:
            self._full()
        elif changed:
            self._reread(changed)
        assert self._cats is not None
        out = T.Tree(categories=sorted(self._cats), problems=list(self._top))
        for name in out.categories:
            rows, problems = self._cats[name]
            out.entries += [info for _, info in rows.values()]
            out.problems += problems
        for rel in [T.ROOT_MD] + [f"{name}/{T.INDEX}" for name in out.categories]:
            out.compiled[rel] = T._read_compiled(self.root / rel, rel, out)
        return out

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
        w = T.walk(self.root)  # watches are placed first, so nothing after this walk is missed
        if self._watcher is not None and not self._watcher.watch(w.categories):
            self._watcher.close()  # cannot watch them all: scan per call instead
            self._watcher, self.watch = None, False
        t = T.read(w)
        prints = dict(w.entries)
        self._cats = {name: ({}, []) for name in w.categories}
        self._top = [p for p in w.problems if "/" not in p.path]
        for info in t.entries:
            self._cats[info.category][0][info.path] = (prints[info.path], info)
        for p in t.problems:
            if "/" in p.path and p.path.split("/", 1)[0] in self._cats:
                self._cats[p.path.split("/", 1)[0]][1].append(p)

    def _reread(self, names: set[str]) -> None:
        assert self._cats is not None
        w = T.walk_categories(self.root, names)
        if self._watcher is not None:
            self._watcher.watch(w.categories)
        old = {name: self._cats.pop(name, ({}, []))[0] for name in names}
        for name in w.categories:
            self._cats[name] = ({}, [p for p in w.problems if p.path.split("/", 1)[0] == name])
        for rel, fp in w.entries:
            name = rel.split("/", 1)[0]
            known = old.get(name, {}).get(rel)
            if known is not None and known[0] == fp:
                self._cats[name][0][rel] = known
                continue
            got = T.read_entry(self.root, rel, fp)
            if isinstance(got, Problem):
                self._cats[name][1].append(got)
            else:
                self._cats[name][0][rel] = (fp, got)
