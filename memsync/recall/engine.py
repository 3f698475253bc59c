"""``search()``: the library face of ``memsync search`` (SPEC §4).

For each root: make its index match the files (fresh + index), ask FTS5 for
the best candidates (an AND query first, then OR when AND leaves room),
score them (rank: BM25 per field from the candidates' tokens, then the
priors), and describe each hit from the file itself (snippet), secrets masked.
A glued word found nowhere as written (``pnpm部署``) is searched as its parts.

The cache can be missing, corrupt, from another schema or locked: the answer is
the same, only slower. Another memsync process updating it is waited for, and a
file it replaced is opened again; only a lock held by something else, or a
cache that cannot be written at all, makes a search answer from a temporary
index in memory (and say so in a note).
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from memsync.errors import MemsyncError
from memsync.fsutil import NotRegularFile
from memsync.recall import fresh, monitor, rank, snippet, state
from memsync.recall.index import BUSY_TIMEOUT_S, COLUMNS, Busy, Doc, Index, Stale, WriterBusy, db_path, is_busy
from memsync.recall.layout import layout_of
from memsync.recall.query import Query, Word, parse
from memsync.recall.tokenize import BREAK, mark_blocks
from memsync.recall.watch import Watcher
from memsync.roots import Root, select_roots

HINT = "no entry matches; try fewer or rarer words"
# What a damaged database raises; SQLite's message may even hold undecodable bytes.
_BROKEN = (sqlite3.DatabaseError, UnicodeDecodeError)
_ATTEMPTS = 8  # per root: each retry follows another process's finished update or repair
T = TypeVar("T")


@dataclass
class Hit:
    """One result, described from the entry's file (secrets masked)."""

    id: str
    root: str  # the root as shown to the user
    scope: str  # project, global or root
    path: str  # the entry's file, shown under its root
    score: float  # relative to the best hit (1.0), in the order shown
    summary: str
    kind: str
    snippet: str
    matched: dict[str, int]
    updated: int | None
    pinned: bool
    superseded: bool
    reasons: list[str] = field(default_factory=list)  # how words matched, when not simply as written

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["score"] = round(self.score, 4)
        return out

    def file(self) -> str | None:
        """The entry's file relative to its root, as on disk (the id is its name composed, NFC,
        which need not be the bytes a device stored: memsync.names); None when the path shown
        is not under the root shown (a source's, or one masked as a secret)."""
        prefix = self.root.rstrip("/") + "/" if self.root not in ("", ".") else ""
        return self.path[len(prefix):] if self.path.startswith(prefix) else None


@dataclass
class SearchResult:
    """What a search found, and what the user should know about how."""

    query: str
    words: list[str]  # the words searched (a glued word found nowhere is replaced by its parts)
    hits: list[Hit]
    truncated: bool = False  # the query was longer than memsync searches
    notes: list[str] = field(default_factory=list)  # things the user should know (cache trouble, ...)
    split: dict[str, list[str]] = field(default_factory=dict)  # glued word -> the parts searched instead
    translated: dict[str, list[str]] = field(default_factory=dict)  # word -> its other-language words, searched too

    @property
    def hint(self) -> str | None:
        if self.hits:
            return None
        if not self.words:
            return "the query has no letters or digits to search for"
        return HINT


@dataclass
class _Open:
    """An open search index and its change watcher, kept by a long-lived engine."""

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


def _refresh(cur: _Open, root: Path, watch: bool, mon: monitor.Client | None = None,
             taken: fresh.Snapshot | None = None) -> None:
    """Bring ``cur.index`` in line with the files under ``root``.

    With ``watch`` this process's own inotify watcher says what changed; else
    the change monitor's token (taken before the walk) may say that nothing
    did, and otherwise every file is stat-ed (always, for a layout that is not ``live``), unless
    the caller passes a snapshot of the whole root it has ``taken`` already (``fresh.from_walk``).
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
            named = cur.watcher.names
            stored_names = cur.index.stored()
            if all(named.get(c) is not None and c in stored_names for c in changed):
                # The events name each changed entry file: look at those alone.
                cur.index.sync_files({c: named[c] or set() for c in changed})
                return
            only = changed
    if cur.watcher is not None and only is None:
        # Watch before looking, so a change during the walk is reported next time.
        if not cur.watcher.watch(fresh.categories(root)):
            cur.watcher.close()
            cur.watcher = None
    cur.synced = False
    stored = cur.index.stored()
    if taken is not None and only is None and not watch:
        snap = taken
    else:
        snap = fresh.snapshot(root, only, sizes={name: row[2] for name, row in stored.items()})
    cur.index.sync(snap, only, stored, token=token.key if token is not None else None)
    cur.synced = True


class _RootIndex:
    """One root's index for one search: opened and brought up to date on first use, and
    opened again when a use fails because another process was writing or repairing it."""

    def __init__(self, root: Root, watch: bool, mon: monitor.Client | None,
                 snap: fresh.Snapshot | None = None) -> None:
        self.root = root
        self.watch = watch
        self.mon = mon
        self.snap = snap
        self.layout = layout_of(root)
        self.path = db_path(root.path, self.layout)
        self.key = (str(root.path), str(self.path))
        self.cur: _Open | None = None
        self.memory: Index | None = None
        self.notes: list[str] = []

    @property
    def index(self) -> Index:
        if self.memory is not None:
            return self.memory
        assert self.cur is not None
        return self.cur.index

    def _open(self, patient: bool) -> None:
        cur = _OPEN.get(self.key) if self.watch else None
        if cur is not None and (cur.index.replaced() or not cur.index.stamp_ok()):
            _forget(self.key)  # written, replaced or deleted by someone else
            cur = None
        short = 0.2 if patient else BUSY_TIMEOUT_S
        if cur is None:
            cur = _Open(Index(self.root.path, self.path, self.layout, timeout=short), None)
            if self.watch:
                _OPEN[self.key] = cur
        else:
            cur.index.set_timeout(short)
        self.cur = cur
        try:
            _refresh(cur, self.root.path, self.watch, self.mon, self.snap)
        finally:
            if patient:
                cur.index.set_timeout(BUSY_TIMEOUT_S)

    def _drop(self) -> None:
        if self.cur is not None:
            if self.watch:
                _forget(self.key)
            else:
                self.cur.index.close()
            self.cur = None

    def close(self) -> None:
        if self.memory is not None:
            self.memory.close()
        elif not self.watch:
            self._drop()

    def _fall_back(self, why: str) -> None:
        self._drop()
        mem = Index(self.root.path, None, self.layout)
        mem.sync(fresh.snapshot(self.root.path, layout=self.layout))
        self.memory = mem
        self.notes.append(f"{why}; answered from a temporary index")

    def call(self, fn: Callable[[Index], T]) -> T:
        """``fn`` on the up-to-date index, retried as the cache's state demands."""
        patient = False
        for attempt in range(_ATTEMPTS):
            if self.memory is not None:
                return fn(self.memory)
            try:
                if self.cur is None:
                    self._open(patient)
                return fn(self.index)
            except Stale:
                self._drop()  # another process replaced the file: open the new one
            except BaseException as exc:
                if not isinstance(exc, (*_BROKEN, Busy, OSError)):
                    self._drop()
                    raise
                if is_busy(exc):
                    self._drop()
                    if isinstance(exc, WriterBusy):
                        self._fall_back("the search cache is locked by another memsync process")
                    elif Index.writer_done(self.path):
                        pass  # a memsync process was writing: it is done now, try again
                    elif not patient:
                        patient = True  # nobody of ours writes: one more short try, then give up
                    else:
                        self._fall_back("the search cache is locked by another process")
                elif isinstance(exc, _BROKEN) and self.cur is not None and attempt + 1 < _ATTEMPTS:
                    # A damaged page, or a file another process has since replaced.
                    try:
                        self.cur.index.repair()
                    except (*_BROKEN, Busy, Stale, OSError) as again:
                        self._fall_back(f"the search cache is unusable ({type(again).__name__})")
                    self._drop()
                else:
                    self._fall_back(f"the search cache is unusable ({type(exc).__name__})")
        self._fall_back("the search cache kept changing under this search")
        assert self.memory is not None
        return fn(self.memory)


def close_all() -> None:
    """Close every index and watcher this process keeps open."""
    with _LOCK:
        for key in list(_OPEN):
            _forget(key)


@dataclass
class _Filters:
    """What a search is limited to and how it gathers hits."""

    categories: tuple[str, ...]
    kinds: tuple[str, ...]
    include_superseded: bool
    all_first: bool = True  # ask for entries holding every word before any word
    describe: bool = True  # read each hit's file for its summary and snippet


@dataclass
class _Candidate:
    """A matching document with its quality and relevance, before ranking."""

    doc: Doc
    quality: float
    relevance: float


def _features(idx: Index, q: Query, rowids: list[int], s: rank.Settings) -> dict[int, _Candidate]:
    """Score each candidate from its index tokens: quality and BM25 per field."""
    if not rowids:
        return {}
    docs = idx.docs(rowids)
    fields = idx.fields(rowids)
    stats = idx.stats()
    n = max(stats.count, 1)
    idfs = [rank.idf(idx.df(w.group), n) for w in q.words]
    out: dict[int, _Candidate] = {}
    none = [0] * len(COLUMNS)
    for rowid in rowids:
        doc, cols = docs.get(rowid), fields.get(rowid)
        if doc is None or cols is None:
            continue
        whole = "".join(cols)  # each column is padded: a needle cannot span two
        tfs: list[list[int]] = []
        qual = 0.0
        for w, counted in zip(q.words, q.counted):
            best, tf = 0.0, none
            # A translation is the same word (Word.alts): the best of the forms counts, once.
            for form in (w, *w.alts) if w.alts else (w,):
                if form.stem not in whole:  # most OR candidates lack most words: skip the columns
                    continue
                # Inline rather than Word.counts: this loop runs for every candidate and word.
                needle, stem = form.needle, form.stem
                exact = [col.count(needle) if len(col) > 2 else 0 for col in cols]
                if form.prefix:
                    found = [col.count(stem) if len(col) > 2 else 0 for col in cols]
                    part = rank.quality(sum(exact), sum(found) - sum(exact))
                else:
                    found = exact
                    part = rank.quality(sum(exact), 0)
                best = max(best, part)
                tf = found if tf is none else [a + b for a, b in zip(tf, found)]
            qual += best if counted else 0.0
            tfs.append(tf)
        rel = rank.relevance(tfs, doc.lengths, stats.averages, idfs, s.weights)
        out[rowid] = _Candidate(doc, qual, rel)
    return out


def _candidates(idx: Index, q: Query, s: rank.Settings, limit: int, f: _Filters) -> dict[int, _Candidate]:
    """One root's best candidates, scored."""
    def match(op: str) -> list[int]:
        return idx.match(q.match(op), s.candidates, s.weights, categories=f.categories, kinds=f.kinds,
                         include_superseded=f.include_superseded)

    n = sum(q.counted)
    out: dict[int, _Candidate] = {}
    if n > 1 and f.all_first:
        out = _features(idx, q, match("AND"), s)
        if sum(c.quality > n - 1 for c in out.values()) >= 2 * limit:
            return out  # entries holding every word fill the page: no entry lacking one can rank above them
    rest = [r for r in match("OR") if r not in out]
    out.update(_features(idx, q, rest, s))
    return out


def _found_anywhere(indexes: list[_RootIndex], w: Word, f: _Filters) -> bool:
    return any(ri.call(lambda idx: bool(idx.match(w.phrase, 1, None, categories=f.categories, kinds=f.kinds,
                                                  include_superseded=f.include_superseded)))
               for ri in indexes)


def _redact(text: str) -> str:
    from memsync.secrets.gate import redact

    return redact(text)


def _bare(root: Root, doc: Doc, score: float) -> Hit:
    """A hit named from the index alone (``describe=False``): the caller reads the file itself."""
    return Hit(id=doc.id, root=root.display, scope=root.scope, path=f"{root.display}/{doc.path}", score=score,
               summary="", kind=doc.kind, snippet="", matched={}, updated=doc.updated, pinned=doc.pinned,
               superseded=doc.superseded)


def _describe(root: Root, doc: Doc, score: float, q: Query) -> Hit | None:
    """The hit as its file says now, secrets masked; None if the file vanished or no longer matches."""
    layout = layout_of(root)
    try:
        data = layout.read(root.path, doc.path)
    except (OSError, NotRegularFile):
        return None
    doc_id, info, body = layout.parse(doc.path, data)
    if not info.valid:
        return None
    # Matched in masked text, as the index holds it: a query word matching part of a secret (as the
    # start of a longer word) must neither find it nor be named as matched, nor show any of it.
    body = mark_blocks(_redact(body))
    triggers = [_redact(t) for t in info.load_when]
    load_when = (";" + BREAK).join(triggers)  # shown as "a; b", matched item by item
    summary, highlight = _redact(info.summary), _redact(info.highlight)
    shown_id = _redact(doc_id)  # a file named like a token (arrived by a pull) is masked as the id is
    # In the order a snippet prefers them: the body on a tie.
    fields = [(body, [body]), (summary, [summary]), (highlight, [highlight]), (load_when, triggers),
              (shown_id, [shown_id])]
    per_field = [snippet.find(texts, q.words) for _, texts in fields]
    found = snippet.merge(per_field)
    if not found:
        return None
    # Show the field holding the most distinct query words.
    best = max(range(len(fields)), key=lambda i: len(per_field[i]))
    shown = snippet.make(fields[best][0], q.words)
    return Hit(
        id=shown_id, root=root.display, scope=root.scope, path=_redact(layout.show(root.display, doc.path)),
        score=score, summary=summary, kind=_redact(info.kind), snippet=shown or summary,
        matched={word: f.total for word, f in found.items()}, updated=info.updated, pinned=info.pinned,
        superseded=doc.superseded, reasons=_reasons(q, found),
    )


def _reasons(q: Query, found: dict[str, snippet.Found]) -> list[str]:
    out = []
    for glued, parts in q.split.items():
        held = [p for p in parts if p in found]
        if held:
            out.append(f"{glued}: found nowhere as written; searched as {' + '.join(parts)}"
                       + ("" if len(held) == len(parts) else f" (this entry holds {', '.join(held)})"))
    for word, f in found.items():
        if f.via and not f.native:
            out.append(f"{word}: as {', '.join(f.via)} (the other language's word)")
        elif not f.exact:
            out.append(f"{word}: only as the start of {', '.join(f.forms)}")
    return out


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
    all_first: bool = True,
    describe: bool = True,
    snapshots: dict[Path, fresh.Snapshot] | None = None,
    translate: bool = True,
) -> SearchResult:
    """Search memory roots; the best hits first.

    Roots: ``roots`` as given, else ``root`` (one folder), else ``scope``
    (``"project"`` or ``"global"``), else every existing root (the project found
    from ``cwd``; see ``memsync.roots.select_roots``). ``record``
    adds the hits to each root's ``.state.json`` (the CLI does; a library
    caller decides). ``watch`` lets a long-lived process use change
    notification instead of a stat walk per search; without it the change
    monitor daemon may vouch that nothing changed (``search.monitor``).
    ``all_first=False`` skips the first query for entries holding every word, for a
    caller whose many words are rarely all in one entry (the dedupe gate); with
    ``describe=False`` hits carry ids and index fields only (no file read, no snippet),
    for a caller that reads the files itself. ``snapshots`` (root path -> ``fresh.Snapshot``)
    are freshness snapshots the caller took already (``fresh.from_walk``), used instead of a walk.
    ``translate`` also finds each word's other-language words (memsync.recall.crossterms); the
    dedupe gate, which translates for itself, turns it off.
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
    categories = _spellings((category,) if isinstance(category, str) else tuple(category), roots)
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    q = parse(query.replace("\0", " "), translate=translate)
    result = SearchResult(query, [w.text for w in q.words], [], truncated=q.truncated, translated=_translations(q))
    if not q:
        return result
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms

    filters = _Filters(categories, kinds, include_superseded, all_first, describe)
    indexes = [_RootIndex(r, watch, mon, (snapshots or {}).get(r.path)) for r in roots if r.path.is_dir()]
    try:
        with _LOCK:
            _gather(q, indexes, s, limit, filters, now_ms, result)
    finally:
        for ri in indexes:
            ri.close()
    for ri in indexes:  # one cache serves every root and source: its trouble is said once
        result.notes += [n for n in ri.notes if n not in result.notes]
    if record and result.hits:
        for ri in indexes:
            r = ri.root
            if not ri.layout.counts:
                continue  # a read-only source: nothing is written into it
            ids = [h.id for h in result.hits if h.root == r.display and h.scope == r.scope]
            try:
                note = state.record(r.path, ids, now_ms)
            except (OSError, MemsyncError) as exc:
                result.notes.append(f"recall counts not recorded in {r.display}: {exc}")
            else:
                if note:
                    result.notes.append(f"{r.display}: {note}")
    return result


def _spellings(categories: tuple[str, ...], roots: list[Root]) -> tuple[str, ...]:
    """Each category as typed plus its folders' names as on disk in any root: a category typed
    composed (NFC) finds the folder macOS wrote decomposed (NFD), as ids do (memsync.names)."""
    from memsync.names import folders_named, one_spelling

    out = list(categories)
    for c in categories:
        if not one_spelling(c):
            out += [n for r in roots for n in folders_named(r.path, c) if n not in out]
    return tuple(out)


def _translations(q: Query) -> dict[str, list[str]]:
    return {w.text: [a.text for a in w.alts] for w in q.words if w.alts}


def _gather(q: Query, indexes: list[_RootIndex], s: rank.Settings, limit: int, f: _Filters, now_ms: int,
            result: SearchResult) -> None:
    for ri in indexes:
        ri.call(lambda idx: None)  # open and bring up to date
    for _ in range(3):  # a sentence's clause, a clause's glued part, a long CJK part: each may be found nowhere
        glued = {w.text for w in q.words if w.parts and not _found_anywhere(indexes, w, f)}
        if not glued:
            break
        q = q.apart(glued)
        result.words = [w.text for w in q.words]
        result.split = {k: list(v) for k, v in q.split.items()}
        result.translated = _translations(q)
    scored: list[rank.Scored] = []
    found: list[dict[int, _Candidate]] = []
    for j, ri in enumerate(indexes):
        cands = ri.call(lambda idx: _candidates(idx, q, s, limit, f))
        found.append(cands)
        hits = state.ranking_hits(ri.root.path, now_ms) if ri.layout.counts else {}
        for rowid, cand in cands.items():
            d = cand.doc
            p = rank.prior(ri.root.scope, d.updated, d.pinned, hits.get(d.id, 0), now_ms, s)
            scored.append(rank.Scored((j, rowid), cand.quality, cand.relevance * p, (d.path, j)))
    # The project entry wins over a global one with the same id (SPEC §1).
    project = [j for j, ri in enumerate(indexes) if ri.root.scope == "project"]
    if project:
        pj = project[0]
        glob = {found[j][rowid].doc.path for j, rowid in (c.key for c in scored) if indexes[j].root.scope == "global"}
        shadowed = indexes[pj].call(lambda idx: idx.has_paths(glob))
        scored = [c for c in scored
                  if not (indexes[c.key[0]].root.scope == "global" and found[c.key[0]][c.key[1]].doc.path in shadowed)]
    for c in rank.order(scored, sum(q.counted), s, limit=len(scored)):
        j, rowid = c.key
        if len(result.hits) == limit:
            break
        doc = found[j][rowid].doc
        hit = _describe(indexes[j].root, doc, c.score, q) if f.describe else _bare(indexes[j].root, doc, c.score)
        if hit is not None:
            result.hits.append(hit)
    if result.hits:
        # Shown relative to the best hit; the order is the score's, so the list reads downwards.
        top = result.hits[0].score or 1.0
        for h in result.hits:
            h.score = h.score / top
