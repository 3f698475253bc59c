"""``search()``: the library face of ``memsync search`` (SPEC §4).

For each root: make its index match the files (fresh + index), ask FTS5 for
the best candidates (an AND query first, then OR when AND leaves room),
weigh them with the priors (rank), and describe each hit from the file
itself (snippet). The cache can be missing, corrupt, from another schema or
locked by another process: the answer is the same, only slower.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.fsutil import NotRegularFile
from memsync.recall import fresh, monitor, rank, snippet, state
from memsync.recall.index import Busy, Doc, Index, Stale, db_path, is_busy, remove_db
from memsync.recall.layout import layout_of
from memsync.recall.query import Query, parse
from memsync.recall.watch import Watcher
from memsync.roots import Root, select_roots

HINT = "no entry matches; try fewer or rarer words"
# What a damaged database raises; SQLite's message may even hold undecodable bytes.
_BROKEN = (Stale, sqlite3.DatabaseError, UnicodeDecodeError)


@dataclass
class Hit:
    """One result, described from the entry's file."""

    id: str
    root: str  # the root as shown to the user
    scope: str  # project, global or root
    path: str  # the entry's file, shown under its root
    score: float  # relative to the best hit (1.0); priors included
    summary: str
    kind: str
    snippet: str
    matched: dict[str, int]
    updated: int | None
    pinned: bool
    superseded: bool

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["score"] = round(self.score, 4)
        return out


@dataclass
class SearchResult:
    query: str
    words: list[str]
    hits: list[Hit]
    truncated: bool = False  # the query was longer than memsync searches
    notes: list[str] = field(default_factory=list)  # things the user should know (cache trouble, ...)

    @property
    def hint(self) -> str | None:
        if self.hits:
            return None
        if not self.words:
            return "the query has no letters or digits to search for"
        return HINT


@dataclass
class _Open:
    index: Index
    watcher: Watcher | None
    synced: bool = False


# Open indexes of this process, so repeated searches reuse connections and watchers;
# one search at a time uses them (threads take turns).
_OPEN: dict[tuple[str, str], _Open] = {}
_LOCK = threading.RLock()


def _forget(key: tuple[str, str]) -> None:
    cur = _OPEN.pop(key, None)
    if cur is not None:
        cur.index.close()
        if cur.watcher is not None:
            cur.watcher.close()


def _refresh(cur: _Open, root: Path, watch: bool, mon: monitor.Client | None = None) -> None:
    """Bring ``cur.index`` in line with the files under ``root``.

    With ``watch`` this process's own inotify watcher says what changed; else
    the change monitor's token (taken before the walk) may say that nothing
    did, and otherwise every file is stat-ed (always, for a layout that is not ``live``).
    """
    only: set[str] | None = None
    layout = cur.index.layout
    if not layout.live:
        cur.index.sync(fresh.snapshot(root, layout=layout))
        return
    token = mon.token(root) if mon is not None and not watch else None
    if token is not None and not token.fresh and cur.index.token() == token.key:
        return  # no event since the last walk began: the index is as fresh as a walk would make it
    if watch and cur.watcher is None:
        cur.watcher = Watcher.create(root)
        cur.synced = False
    if cur.watcher is not None:
        changed = cur.watcher.drain()
        if changed is None:
            cur.watcher.close()
            cur.watcher = Watcher.create(root)
            cur.synced = False
        elif cur.synced:
            if not changed:
                return
            only = changed
    if cur.watcher is not None and only is None:
        # Watch before looking, so a change during the walk is reported next time.
        if not cur.watcher.watch(fresh.categories(root)):
            cur.watcher.close()
            cur.watcher = None
    cur.synced = False
    stored = cur.index.stored()
    snap = fresh.snapshot(root, only, sizes={name: row[2] for name, row in stored.items()})
    cur.index.sync(snap, only, stored, token=token.key if token is not None else None)
    cur.synced = True


def _file_index(root: Root, watch: bool, mon: monitor.Client | None) -> tuple[Index, bool]:
    """An up-to-date index in the cache folder, rebuilt when unusable.

    Returns the index and whether the caller must close it: with ``watch``
    it stays open in this process for the next search.
    """
    layout = layout_of(root)
    path = db_path(root.path, layout)
    key = (str(root.path), str(path))
    for attempt in range(2):
        cur = _OPEN.get(key) if watch else None
        if cur is not None and not cur.index.stamp_ok():
            _forget(key)  # written, replaced or deleted by someone else
            cur = None
        try:
            if cur is None:
                cur = _Open(Index(root.path, path, layout), None)
                if watch:
                    _OPEN[key] = cur
            _refresh(cur, root.path, watch, mon)
            return cur.index, not watch
        except BaseException as exc:
            if watch:
                _forget(key)
            elif cur is not None:
                cur.index.close()
            if isinstance(exc, sqlite3.Error) and is_busy(exc):
                raise Busy(str(exc)) from None
            if not isinstance(exc, _BROKEN) or attempt:
                raise
            # Corrupt, truncated or another schema: throw it away and build anew.
            remove_db(path)
    raise AssertionError("unreachable")


def _index(root: Root, watch: bool, mon: monitor.Client | None) -> tuple[Index, bool, list[str]]:
    try:
        return (*_file_index(root, watch, mon), [])
    except Busy:
        why = "the search cache is locked by another process"
    except (*_BROKEN, sqlite3.Error, OSError) as exc:
        why = f"the search cache is unusable ({type(exc).__name__})"
    return _memory(root, why)


def _memory(root: Root, why: str) -> tuple[Index, bool, list[str]]:
    """A temporary index in memory: slower, same answer."""
    layout = layout_of(root)
    mem = Index(root.path, None, layout)
    mem.sync(fresh.snapshot(root.path, layout=layout))
    return mem, True, [f"{why}; answered from a temporary index"]


def close_all() -> None:
    """Close every index and watcher this process keeps open."""
    with _LOCK:
        for key in list(_OPEN):
            _forget(key)


def _candidates(idx: Index, q: Query, s: rank.Settings, limit: int, categories: tuple[str, ...],
                kinds: tuple[str, ...], include_superseded: bool) -> dict[int, tuple[float, int]]:
    """``{rowid: (relevance, words matched)}`` of one root's best candidates."""
    def match(op: str) -> list[tuple[int, float]]:
        return idx.match(q.match(op), s.candidates, s.weights, categories=categories, kinds=kinds,
                         include_superseded=include_superseded)

    n = len(q.words)
    out: dict[int, tuple[float, int]] = {}
    if n > 1:
        for rowid, rel in match("AND"):
            out[rowid] = (rel, n)
        if len(out) >= 2 * limit:
            return out  # entries with every word fill the page: no partial match can rank above them
    rest = [(r, rel) for r, rel in match("OR") if r not in out]
    tokens = idx.token_text(r for r, _ in rest) if n > 1 else {}
    for rowid, rel in rest:
        covered = sum(w.in_tokens(tokens.get(rowid, "")) for w in q.words) if n > 1 else 1
        out[rowid] = (rel, max(covered, 1))
    return out


def _describe(root: Root, doc: Doc, score: float, q: Query) -> Hit | None:
    """The hit as its file says now; None if the file vanished or no longer matches."""
    layout = layout_of(root)
    try:
        data = layout.read(root.path, doc.path)
    except (OSError, NotRegularFile):
        return None
    doc_id, info, body = layout.parse(doc.path, data)
    if not info.valid:
        return None
    texts = [doc_id, info.summary, "\n".join(info.load_when), info.highlight, body]
    matched = snippet.count(texts, q.words)
    if not matched:
        return None
    # Show the field holding the most distinct query words; the body on a tie.
    fields = (body, info.summary, info.highlight, "; ".join(info.load_when), doc_id)
    best = max(fields, key=lambda t: len(snippet.count([t], q.words)))
    shown = snippet.make(best, q.words)
    return Hit(
        id=doc_id, root=root.display, scope=root.scope, path=layout.show(root.display, doc.path), score=score,
        summary=info.summary, kind=info.kind, snippet=shown or info.summary, matched=matched,
        updated=info.updated, pinned=info.pinned, superseded=doc.superseded,
    )


def search(
    query: str,
    *,
    roots: list[Root] | None = None,
    root: str | os.PathLike[str] | None = None,
    scope: str | None = None,
    category: str | list[str] | tuple[str, ...] = (),
    kind: str | list[str] | tuple[str, ...] = (),
    limit: int | None = None,
    include_superseded: bool = False,
    record: bool = False,
    config: dict[str, Any] | None = None,
    now_ms: int | None = None,
    watch: bool = True,
    cwd: str | os.PathLike[str] | None = None,
) -> SearchResult:
    """Search memory roots; the best hits first.

    Roots: ``roots`` as given, else ``root`` (one folder), else ``scope``
    (``"project"`` or ``"global"``), else every existing root (the project found
    from ``cwd``; see ``memsync.roots.select_roots``). ``record``
    adds the hits to each root's ``.state.json`` (the CLI does; a library
    caller decides). ``watch`` lets a long-lived process use change
    notification instead of a stat walk per search; without it the change
    monitor daemon may vouch that nothing changed (``search.monitor``).
    """
    if roots is None:
        roots = select_roots(root=root, scope=scope, default="all", cwd=cwd)
    if config is None:
        from memsync.config import load_config

        config = load_config(roots[0].path if roots else None)
    s = rank.settings_from(config)
    opts = monitor.options(config)
    mon = monitor.Client(opts) if opts.enabled and not watch else None
    limit = s.limit if limit is None else limit
    if limit < 1:
        raise MemsyncError("--limit must be at least 1")
    categories = (category,) if isinstance(category, str) else tuple(category)
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    q = parse(query.replace("\0", " "))
    result = SearchResult(query, [w.text for w in q.words], [], truncated=q.truncated)
    if not q:
        return result
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms

    opened: list[tuple[Root, Index, dict[int, Doc]]] = []
    owned: list[Index] = []
    try:
        with _LOCK:
            _gather(q, roots, s, limit, categories, kinds, include_superseded, watch, mon, now_ms, result, opened,
                    owned)
    finally:
        for idx in owned:
            idx.close()
    if record and result.hits:
        for r, _, _ in opened:
            ids = [h.id for h in result.hits if h.root == r.display and h.scope == r.scope]
            if not layout_of(r).counts:
                continue  # a read-only source: nothing is written into it
            try:
                state.record(r.path, ids, now_ms)
            except (OSError, MemsyncError) as exc:
                result.notes.append(f"recall counts not recorded in {r.display}: {exc}")
    return result


def _gather(q: Query, roots: list[Root], s: rank.Settings, limit: int, categories: tuple[str, ...],
            kinds: tuple[str, ...], include_superseded: bool, watch: bool, mon: monitor.Client | None, now_ms: int,
            result: SearchResult, opened: list[tuple[Root, Index, dict[int, Doc]]], owned: list[Index]) -> None:
    scored: list[rank.Scored] = []
    for r in roots:
        if not r.path.is_dir():
            continue
        idx, own, notes = _index(r, watch, mon)
        try:
            found = _candidates(idx, q, s, limit, categories, kinds, include_superseded)
            docs = idx.docs(found)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            # Locked for reading, or a damaged page only a query reads: answer from memory.
            (idx.close() if own else _forget((str(r.path), str(idx.path))))
            if isinstance(exc, sqlite3.Error) and is_busy(exc):
                why = "the search cache is locked by another process"
            else:
                why = "the search cache is damaged"
                if idx.path is not None:
                    remove_db(idx.path)
            idx, own, notes = _memory(r, why)
            found = _candidates(idx, q, s, limit, categories, kinds, include_superseded)
            docs = idx.docs(found)
        if own:
            owned.append(idx)
        result.notes += notes
        hits = state.hits(r.path) if layout_of(r).counts else {}
        opened.append((r, idx, docs))
        for rowid, (rel, covered) in found.items():
            d = docs.get(rowid)
            if d is None:
                continue
            p = rank.prior(r.scope, d.updated, d.pinned, hits.get(d.id, 0), now_ms, s)
            scored.append(rank.Scored((len(opened) - 1, rowid), covered, rel, rel * p))
    # The project entry wins over a global one with the same id (SPEC §1).
    project = [j for j, (r, _, _) in enumerate(opened) if r.scope == "project"]
    if project:
        pidx = opened[project[0]][1]
        glob = {opened[j][2][rowid].path for j, rowid in (c.key for c in scored) if opened[j][0].scope == "global"}
        shadowed = pidx.has_paths(glob)
        scored = [c for c in scored
                  if not (opened[c.key[0]][0].scope == "global" and opened[c.key[0]][2][c.key[1]].path in shadowed)]
    for c in rank.order(scored, s, limit=len(scored)):
        j, rowid = c.key
        r, _, docs = opened[j]
        if len(result.hits) == limit:
            break
        if result.hits and c.score < s.floor * result.hits[0].score:
            break
        hit = _describe(r, docs[rowid], c.score, q)
        if hit is not None:
            result.hits.append(hit)
    if result.hits:
        # Raw bm25 depends on corpus size (tiny in a small root); show scores relative to the best hit.
        top = result.hits[0].score or 1.0
        for h in result.hits:
            h.score = h.score / top
