"""Ordering hits: the query's words first, then relevance and the plugin's priors, bounded.

Pure functions. An entry's **quality** is how much of the query it holds: per
query word 1 if the word occurs as written, ½ if it occurs only as the start
of longer words (``postgres`` in ``PostgreSQL``), else 0. Its **strength** is
relevance × scope × decay × recall boost, where

- relevance sums, over the query words, ``idf × Σ_field weight × bm25(field)``:
  each field's term frequency saturates on its own and is normalized by that
  field's length against its average (BM25 per field), so ``summary: 4`` means
  a match in the summary counts four times a match in the body, as
  ``search.field_weights`` says, however long the body is;
- scope weights come from the config (project 1.0, global 0.8), decay is
  ``decay_floor + (1 - decay_floor) · 0.5^(age / half_life)`` (pinned
  entries and ``half_life_days: 0`` give 1), and the recall boost is
  ``min(recall_cap, 1 + recall_boost · ln(1 + hits))``.

Entries are sorted by quality, then strength, then path. The score shown is
``quality + ½ · strength / strongest``, relative to the first hit: it follows
the order exactly, so an entry holding every word is never placed (or scored)
below one that holds fewer, whatever the priors say (SPEC §4). The floor drops
entries that lack some query word and whose strength is below ``floor`` × the
first hit's; an entry holding every word is never cut by it.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from memsync.errors import MemsyncError

DAY_MS = 86_400_000
FIELDS = ("id", "summary", "load_when", "highlight", "body")


@dataclass(frozen=True)
class Settings:
    """The ranking's knobs, read from config (docs/config.md)."""

    limit: int = 10
    floor: float = 0.15
    half_life_days: float = 14.0
    decay_floor: float = 0.7
    scope_weights: dict[str, float] = field(
        default_factory=lambda: {"project": 1.0, "global": 0.8, "root": 1.0, "claude-code": 0.8, "mimo": 0.8}
    )
    recall_boost: float = 0.05
    recall_cap: float = 1.25
    candidates: int = 200
    field_weights: dict[str, float] = field(
        default_factory=lambda: {"id": 3.0, "summary": 4.0, "load_when": 3.0, "highlight": 2.0, "body": 1.0}
    )

    @property
    def weights(self) -> tuple[float, ...]:
        return tuple(self.field_weights[f] for f in FIELDS)


def _number(section: dict[str, Any], key: str, lo: float, hi: float, default: float) -> float:
    value = section.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
        raise MemsyncError(f"config: search.{key} must be a number from {lo:g} to {hi:g}, not {value!r}")
    return float(value)


def _weights(section: dict[str, Any], key: str, default: dict[str, float], names: tuple[str, ...]) -> dict[str, float]:
    value = section.get(key, {})
    if not isinstance(value, dict):
        raise MemsyncError(f"config: search.{key} must be a mapping of name: weight")
    out = dict(default)
    for name, w in value.items():
        if name not in names:
            raise MemsyncError(f"config: search.{key} has unknown name {name!r} (known: {', '.join(names)})")
        out[name] = _number(value, name, 0.0, 1000.0, 0.0) if w is not None else default[name]
    return out


def settings_from(config: dict[str, Any]) -> Settings:
    """Validated search settings from a loaded config (``config['search']``)."""
    section = config.get("search") or {}
    if not isinstance(section, dict):
        raise MemsyncError("config: 'search' must be a mapping")
    d = Settings()
    limit = section.get("limit", d.limit)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
        raise MemsyncError(f"config: search.limit must be an integer from 1 to 1000, not {limit!r}")
    candidates = section.get("candidates", d.candidates)
    if isinstance(candidates, bool) or not isinstance(candidates, int) or not 10 <= candidates <= 100_000:
        raise MemsyncError(f"config: search.candidates must be an integer from 10 to 100000, not {candidates!r}")
    return Settings(
        limit=limit,
        floor=_number(section, "floor", 0.0, 1.0, d.floor),
        half_life_days=_number(section, "half_life_days", 0.0, 36_500.0, d.half_life_days),
        decay_floor=_number(section, "decay_floor", 0.0, 1.0, d.decay_floor),
        scope_weights=_weights(section, "scope_weights", d.scope_weights, tuple(d.scope_weights)),
        recall_boost=_number(section, "recall_boost", 0.0, 10.0, d.recall_boost),
        recall_cap=_number(section, "recall_cap", 1.0, 10.0, d.recall_cap),
        candidates=candidates,
        field_weights=_weights(section, "field_weights", d.field_weights, FIELDS),
    )


def decay(updated_ms: int | None, now_ms: int, pinned: bool, s: Settings) -> float:
    if pinned or s.half_life_days <= 0:
        return 1.0
    if updated_ms is None:  # no time stamp: as old as can be
        return s.decay_floor
    age_days = max(0, now_ms - updated_ms) / DAY_MS
    return s.decay_floor + (1.0 - s.decay_floor) * 0.5 ** (age_days / s.half_life_days)


def boost(hits: int, s: Settings) -> float:
    return min(s.recall_cap, 1.0 + s.recall_boost * math.log1p(max(0, hits)))


def prior(scope: str, updated_ms: int | None, pinned: bool, hits: int, now_ms: int, s: Settings) -> float:
    return s.scope_weights.get(scope, 1.0) * decay(updated_ms, now_ms, pinned, s) * boost(hits, s)


K1 = 1.2  # BM25's usual term-frequency saturation
B = 0.75  # and length normalization


def idf(df: int, n: int) -> float:
    """BM25's inverse document frequency, never negative (Lucene's form)."""
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def field_bm25(tf: int, length: int, avg: float) -> float:
    if tf <= 0:
        return 0.0
    ratio = length / avg if avg > 0 else 1.0
    return tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * ratio))


def relevance(tfs: Sequence[Sequence[int]], lengths: Sequence[int], averages: Sequence[float],
              idfs: Sequence[float], weights: Sequence[float]) -> float:
    """Σ over words of ``idf × Σ_field weight × bm25(field)``; ``tfs[word][field]``, fields in ``FIELDS`` order."""
    total = 0.0
    for word_tf, word_idf in zip(tfs, idfs):
        part = 0.0
        for f, tf in enumerate(word_tf):
            if tf:
                part += weights[f] * field_bm25(tf, lengths[f], averages[f])
        total += word_idf * part
    return total


def quality(exact: int, prefix: int) -> float:
    """What one word adds to an entry's quality: 1 as written, ½ only as a prefix, else 0."""
    return 1.0 if exact else 0.5 if prefix else 0.0


@dataclass
class Scored:
    """One candidate: ``key`` identifies it for the caller; ``tie`` breaks equal scores (a path)."""

    key: Any
    quality: float
    strength: float  # relevance × priors
    tie: Any = ""
    score: float = 0.0  # set by order(): quality + ½ · strength / strongest


def order(items: list[Scored], n_words: int, s: Settings, limit: int | None = None) -> list[Scored]:
    """Sort by (quality, strength, tie), set each score, drop the floor's tail, keep ``limit``."""
    if not items:
        return []
    strongest = max(c.strength for c in items) or 1.0
    for c in items:
        c.score = c.quality + 0.5 * (c.strength / strongest)
    items = sorted(items, key=lambda c: (-c.quality, -c.strength, c.tie))
    top = items[0].strength
    kept = [c for c in items if c.quality >= n_words or c.strength >= s.floor * top]
    return kept[: limit if limit is not None else s.limit]
