"""Field-by-field three-way merge of entry frontmatter."""
from __future__ import annotations

import math
from typing import Any

ABSENT: Any = object()  # a key missing from one version
_CLASH: Any = object()  # a field changed differently on both sides


def same(x: Any, y: Any) -> bool:
    """Equal values of equal types (YAML ``true`` is not ``1``; NaN equals NaN)."""
    if type(x) is not type(y):
        return False
    if isinstance(x, list):
        return len(x) == len(y) and all(map(same, x, y))
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(same(x[k], y[k]) for k in x)
    if isinstance(x, float) and math.isnan(x):
        return math.isnan(y)
    return bool(x == y)


def _id_list(value: Any, scalar_ok: bool) -> list[str] | None:
    if value is ABSENT or value is None:
        return []
    if scalar_ok and isinstance(value, str):
        value = [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(dict.fromkeys(value))
    return None


def _merge_set(key: str, base: Any, first: Any, second: Any) -> Any:
    """``load_when`` / ``supersedes`` changed on both sides: items both sides kept,
    in base order, then every addition (the earlier version's first).

    Returns ABSENT to drop the key, _CLASH when a side is not a list of strings.
    """
    scalar_ok = key == "supersedes"
    b, f, s = (_id_list(v, scalar_ok) for v in (base, first, second))
    if b is None or f is None or s is None:
        return _CLASH
    kept = [v for v in b if v in f and v in s]
    merged = list(dict.fromkeys(kept + [v for v in f + s if v not in b]))
    if scalar_ok and len(merged) == 1 and isinstance(first, str) and isinstance(second, str):
        return merged[0]
    if not merged and (first is ABSENT or second is ABSENT):
        return ABSENT
    return merged


def _both_changed(key: Any, base: Any, first: Any, second: Any) -> Any:
    if key in ("load_when", "supersedes"):
        return _merge_set(key, base, first, second)
    if key in ("created", "updated") and type(first) is int and type(second) is int:
        return min(first, second) if key == "created" else max(first, second)
    return _CLASH


def merge_meta(base: dict, first: dict, second: dict) -> tuple[dict, list[str]]:
    """Field-by-field three-way merge; returns (merged, keys in true conflict).

    Key order: the base's, then keys new on either side (the earlier version's
    first); render_entry puts the known keys in canonical order anyway.
    """
    keys = list(base) + [k for k in list(first) + list(second) if k not in base]
    merged: dict = {}
    clashes: list[str] = []
    for key in dict.fromkeys(keys):
        b, f, s = (m.get(key, ABSENT) for m in (base, first, second))
        if same(f, s) or same(s, b):
            value = f
        elif same(f, b):
            value = s
        else:
            value = _both_changed(key, b, f, s)
            if value is _CLASH:
                clashes.append(str(key))
                continue
        if value is not ABSENT:
            merged[key] = value
    return merged, clashes
