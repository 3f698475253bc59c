"""CJK-aware search over memory roots (SPEC §4), importable as ``memsync.search``.

Modules: ``tokenize`` (text -> tokens), ``query`` (user text -> safe FTS5
expression), ``fresh`` (the per-search freshness check), ``watch`` (change
notification for long-lived processes), ``monitor`` and ``monitord`` (the
change-monitor daemon that spares one-shot searches the stat walk, and its
client), ``index`` (the SQLite FTS5 cache),
``rank`` (relevance and priors), ``state`` (.state.json recall counters),
``snippet`` (marked excerpts) and ``engine`` (``search``).
"""
from __future__ import annotations

from memsync.recall.engine import Hit, SearchResult, search

__all__ = ["Hit", "SearchResult", "search"]
