"""The two seed designs, re-implemented as baselines for bench/search_bench.py.

- ``Mimo`` (seed 000, MiMo Code; details in shared/notes/seed-implementations.md):
  an external-content FTS5 table with ``unicode61 remove_diacritics 1`` over
  each file's raw text; before every search a reconcile walk stats every
  ``*.md`` file and re-reads those whose ``size-mtimeMs`` fingerprint changed,
  pruning rows of vanished files; the query is the OR of quoted
  ``[\\p{L}\\p{N}_]+`` tokens; bm25 ranking, over-fetch ``min(limit*3, 50)``,
  relative floor 0.15. No priors, no superseded handling.
- ``Plugin`` (seed 004, the OpenCode memory plugin): no index; every query
  reads and tokenizes every note (CJK bigrams, Latin words), and scores
  term overlap × idf × scope prior (project 1.0 / global 0.5) × 14-day
  half-life decay (pinned exempt) × recall boost; superseded notes excluded.

Run as a script for whole-process timing:
``python bench/search_baselines.py mimo|plugin BASE QUERY``.
"""
from __future__ import annotations

import json
import math
import os
import re
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

_TOKEN = re.compile(r"\w+")  # = [\p{L}\p{N}_]+ for assigned code points (notes/search.md)
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_RUN = re.compile(f"([{_CJK}]+)|([^\\W_{_CJK}]+)")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def roots_of(base: Path) -> dict[str, Path]:
    return {"project": base / "project" / ".memory", "global": base / "global"}


class Mimo:
    def __init__(self, base: Path, db: Path) -> None:
        self.roots = roots_of(base)
        self.conn = sqlite3.connect(db, isolation_level=None)
        self.conn.executescript("""
        CREATE TABLE IF NOT EXISTS memory_fts(id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT UNIQUE, scope TEXT,
            body TEXT, fingerprint TEXT, last_indexed_at INTEGER);
        CREATE VIRTUAL TABLE IF NOT EXISTS memory_fts_idx USING fts5(body, content='memory_fts', content_rowid='id',
            tokenize='unicode61 remove_diacritics 1');
        CREATE TRIGGER IF NOT EXISTS m_ai AFTER INSERT ON memory_fts BEGIN
            INSERT INTO memory_fts_idx(rowid, body) VALUES (new.id, new.body); END;
        CREATE TRIGGER IF NOT EXISTS m_ad AFTER DELETE ON memory_fts BEGIN
            INSERT INTO memory_fts_idx(memory_fts_idx, rowid, body) VALUES ('delete', old.id, old.body); END;
        CREATE TRIGGER IF NOT EXISTS m_au AFTER UPDATE ON memory_fts BEGIN
            INSERT INTO memory_fts_idx(memory_fts_idx, rowid, body) VALUES ('delete', old.id, old.body);
            INSERT INTO memory_fts_idx(rowid, body) VALUES (new.id, new.body); END;
        """)

    def reconcile(self) -> tuple[int, int]:
        """Walk every *.md, upsert changed fingerprints, prune the rest (after the whole walk)."""
        known = dict(self.conn.execute("SELECT path, fingerprint FROM memory_fts"))
        seen: set[str] = set()
        indexed = 0
        self.conn.execute("BEGIN")
        for scope, root in self.roots.items():
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    if not name.endswith(".md"):
                        continue
                    path = os.path.join(dirpath, name)
                    st = os.stat(path)
                    fp = f"{st.st_size}-{st.st_mtime_ns / 1e6}"
                    seen.add(path)
                    if known.get(path) == fp:
                        continue
                    with open(path, encoding="utf-8") as fh:
                        body = fh.read()
                    self.conn.execute(
                        "INSERT INTO memory_fts(path, scope, body, fingerprint, last_indexed_at) VALUES (?, ?, ?, ?, ?)"
                        " ON CONFLICT(path) DO UPDATE SET body=excluded.body, fingerprint=excluded.fingerprint,"
                        " last_indexed_at=excluded.last_indexed_at",
                        (path, scope, body, fp, int(time.time() * 1000)),
                    )
                    indexed += 1
        gone = [p for p in known if p not in seen]
        self.conn.executemany("DELETE FROM memory_fts WHERE path = ?", [(p,) for p in gone])
        self.conn.execute("COMMIT")
        return indexed, len(gone)

    @staticmethod
    def build_query(raw: str) -> str | None:
        tokens = _TOKEN.findall(raw)
        if not tokens:
            return None
        return " OR ".join('"' + t.replace('"', "") + '"' for t in tokens)

    def search(self, raw: str, limit: int = 10, reconcile: bool = True) -> list[str]:
        """``<scope>:<id>`` of the hits, best first."""
        if reconcile:
            self.reconcile()
        expr = self.build_query(raw)
        if expr is None:
            return []
        rows = self.conn.execute(
            "SELECT m.path, m.scope, bm25(memory_fts_idx) AS r FROM memory_fts_idx JOIN memory_fts m"
            " ON m.id = memory_fts_idx.rowid WHERE memory_fts_idx MATCH ? ORDER BY r LIMIT ?",
            (expr, min(limit * 3, 50)),
        ).fetchall()
        if not rows:
            return []
        top = -rows[0][2]
        kept = [r for i, r in enumerate(rows) if i == 0 or -r[2] >= top * 0.15][:limit]
        out = []
        for path, scope, _ in kept:
            rel = os.path.relpath(path, self.roots[scope])
            out.append(f"{scope}:{rel[:-3]}")
        return out


@dataclass
class PluginDoc:
    key: str  # "<scope>:<id>"
    scope: str
    terms: dict[str, int]
    updated: int
    pinned: bool
    hits: int


def _frontmatter(fm: str) -> dict:
    """The plugin's light frontmatter read: one ``key: value`` per line (the corpus writes
    JSON scalars and lists), falling back to YAML for anything else."""
    meta = {}
    for line in fm.splitlines():
        key, sep, value = line.partition(": ")
        if not sep:
            return yaml.load(fm, Loader=_Loader) or {}
        try:
            meta[key] = json.loads(value)
        except ValueError:
            return yaml.load(fm, Loader=_Loader) or {}
    return meta


def plugin_tokens(text: str) -> list[str]:
    out: list[str] = []
    for m in _RUN.finditer(text.lower()):
        run = m.group(1)
        if run is None:
            out.append(m.group(2))
        elif len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
    return out


class Plugin:
    HALF_LIFE_DAYS = 14.0
    SCOPE = {"project": 1.0, "global": 0.5}

    def __init__(self, base: Path) -> None:
        self.roots = roots_of(base)

    def scan(self) -> list[PluginDoc]:
        """Read and tokenize every note (what the plugin does on every query)."""
        docs: list[PluginDoc] = []
        for scope, root in self.roots.items():
            try:
                state = json.loads((root / ".state.json").read_text(encoding="utf-8"))["recall"]
            except (OSError, ValueError, KeyError):
                state = {}
            for category in sorted(os.listdir(root)):
                folder = root / category
                if category.startswith(".") or not folder.is_dir():
                    continue
                for name in os.listdir(folder):
                    if not name.endswith(".md") or name == "index.md":
                        continue
                    text = (folder / name).read_text(encoding="utf-8")
                    _, fm, body = text.split("---\n", 2)
                    meta = _frontmatter(fm)
                    if meta.get("superseded_by"):
                        continue
                    words = " ".join([meta.get("summary", ""), " ".join(meta.get("load_when") or []), body])
                    terms: dict[str, int] = {}
                    for t in plugin_tokens(words):
                        terms[t] = terms.get(t, 0) + 1
                    key = f"{scope}:{category}/{name[:-3]}"
                    hits = state.get(f"{category}/{name[:-3]}", {}).get("hits", 0)
                    docs.append(PluginDoc(key, scope, terms, int(meta.get("updated") or 0), bool(meta.get("pinned")),
                                          hits))
        return docs

    def rank(self, docs: list[PluginDoc], raw: str, limit: int = 10, now_ms: int | None = None) -> list[str]:
        now_ms = int(time.time() * 1000) if now_ms is None else now_ms
        q = set(plugin_tokens(raw))
        if not q:
            return []
        df = {t: 0 for t in q}
        for d in docs:
            for t in q:
                if t in d.terms:
                    df[t] += 1
        n = len(docs)
        idf = {t: math.log(1 + n / (1 + df[t])) for t in q}
        scored = []
        for d in docs:
            overlap = sum(idf[t] for t in q if t in d.terms)
            if overlap <= 0:
                continue
            age_days = max(0, now_ms - d.updated) / 86_400_000
            decay = 1.0 if d.pinned else 0.5 ** (age_days / self.HALF_LIFE_DAYS)
            boost = 1 + 0.1 * math.log1p(d.hits)
            scored.append((overlap * self.SCOPE[d.scope] * decay * boost, d.key))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return [k for _, k in scored[:limit]]

    def search(self, raw: str, limit: int = 10, now_ms: int | None = None) -> list[str]:
        return self.rank(self.scan(), raw, limit, now_ms)


if __name__ == "__main__":
    system, base, query = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    if system == "mimo":
        hits = Mimo(base, base / "mimo.sqlite").search(query)
    else:
        hits = Plugin(base).search(query, now_ms=int(os.environ.get("BENCH_NOW_MS", "0")) or None)
    print("\n".join(hits))
