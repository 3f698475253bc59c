"""Ordering hits: text relevance first, then the plugin's priors, bounded.

Pure functions. The order is:

1. **coverage**: how many of the query's words an entry contains. An entry
   with every word is never placed below one that shares fewer, whatever
   the priors say (SPEC §4: an old note matching every word must not lose to
   a fresh note sharing one common word);
2. **score** = relevance × scope × decay × recall boost, where relevance is
   FTS5 bm25 over weighted columns and each prior is bounded:
   scope weights come from the config (project 1.0, global 0.8), decay is
   ``decay_floor + (1 - decay_floor) · 0.5^(age / half_life)`` (pinned
   entries and ``half_life_days: 0`` give 1), and the recall boost is
   ``min(recall_cap, 1 + recall_boost · ln(1 + hits))``.

Then hits scoring below ``floor`` × the first hit's score are dropped and at
most ``limit`` are kept.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from memsync.errors import MemsyncError

DAY_MS = 86_400_000
FIELDS = ("id", "summary", "load_when", "highlight", "body")


@dataclass(frozen=True)
class Settings:
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


@dataclass
class Scored:
    """One candidate: ``key`` identifies it for the caller; coverage and score order it."""

    key: Any
    coverage: int
    relevance: float
    score: float


def order(items: list[Scored], s: Settings, limit: int | None = None) -> list[Scored]:
    """Sort by (coverage, score), drop the tail below the floor, keep ``limit``."""
    items = sorted(items, key=lambda c: (-c.coverage, -c.score))
    if not items:
        return items
    top = items[0].score
    kept = [items[0]] + [c for c in items[1:] if c.score >= s.floor * top]
    return kept[: limit if limit is not None else s.limit]
