"""``.state.json``: per-device recall counters in a root (SPEC §1).

Format (version 1)::

    {"version": 1,
     "recall": {"decisions/pnpm-for-deploy": {"hits": 3, "last": 1791700000000, "earlier": 2}}}

``hits`` counts how often a CLI search returned the entry; ``last`` is when
(epoch ms); ``earlier`` is how many of the hits came before the (UTC) day of
``last``. Ranking counts a day's recalls from the next day on (``ranked``), so
searching again the same day, with the same files, gives the same scores
rather than drifting with each search's own count. Unknown keys are kept. The file is git-ignored (``memsync init``
writes the .gitignore line) and never synced: counts differ per device.

Updates read, change and replace the file under an exclusive lock, writing a
temporary file in the root and renaming it over ``.state.json`` (``fsutil.write_inside``), so concurrent
searches lose no increment and a reader never sees half a file. The lock file
lives in the cache folder, outside the tree.
"""
from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any


STATE = ".state.json"
VERSION = 1
MAX_STATE_BYTES = 16 << 20
DAY_MS = 86_400_000


def _locked(root: Path) -> contextlib.AbstractContextManager[None]:
    from memsync.locks import root_lock

    return root_lock(root, "state")


def _read(root: Path) -> tuple[dict[str, Any], str | None]:
    """The state document, and why it was unusable if it was: an absent file reads as
    empty without a reason; an unreadable or malformed one as empty with one."""
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        data = read_regular(root / STATE, MAX_STATE_BYTES)
    except FileNotFoundError:
        return _empty(), None
    except (OSError, NotRegularFile) as exc:
        return _empty(), f"could not be read ({exc})"
    try:
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return _empty(), "was not valid JSON"
    if not isinstance(doc, dict):
        return _empty(), "was not a JSON object"
    if not isinstance(doc.get("recall"), dict):
        doc["recall"] = {}
        return doc, "had no valid 'recall' object"
    doc["recall"] = _composed(doc["recall"])
    return doc, None


def _composed(recall: dict[str, Any]) -> dict[str, Any]:
    """Counters keyed by composed (NFC) ids, as ids now are: counts an earlier version kept
    under a decomposed id (a macOS file name) are carried over, added to any kept under the
    composed one, not dropped."""
    from memsync.names import nfc

    if all(k.isascii() for k in recall):
        return recall
    out: dict[str, Any] = {}
    for key in sorted(recall, key=lambda k: (nfc(k) != k, k)):  # the composed key's own item first
        item, name = recall[key], nfc(key)
        have = out.get(name)
        if have is None or not isinstance(have, dict) or not isinstance(item, dict):
            out.setdefault(name, item)
            continue
        merged = dict(have)
        merged["hits"] = (_count(have.get("hits")) or 0) + (_count(item.get("hits")) or 0)
        lasts = [v for v in (_count(have.get("last")), _count(item.get("last"))) if v is not None]
        if lasts:
            merged["last"] = max(lasts)
        merged["earlier"] = (_count(have.get("earlier")) or 0) + (_count(item.get("earlier")) or 0)
        out[name] = merged
    return out


def _empty() -> dict[str, Any]:
    return {"version": VERSION, "recall": {}}


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def ranked(item: object, now_ms: int) -> int:
    """The hits that count for ranking at ``now_ms``: those before the day of ``last``
    while that day lasts, all of them afterwards."""
    if not isinstance(item, dict):
        return 0
    hits = _count(item.get("hits")) or 0
    last, earlier = _count(item.get("last")), _count(item.get("earlier"))
    if last is not None and earlier is not None and earlier <= hits and last // DAY_MS == now_ms // DAY_MS:
        return earlier
    return hits


# Parsed counters by file stat, so a long-lived process does not re-read an unchanged file.
_ITEMS: dict[Path, tuple[tuple[int, int, int, int], dict[str, Any]]] = {}


def _stat_key(root: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.lstat(root / STATE)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def _items(root: Path, key: tuple[int, int, int, int] | None) -> dict[str, Any]:
    if key is None:
        return {}
    cached = _ITEMS.get(root)
    if cached is None or cached[0] != key:
        cached = (key, _read(root)[0]["recall"])
        _ITEMS[root] = cached
        _RANKED.pop(root, None)
    return cached[1]


# Ranking counts by file stat and day, so a long-lived process computes them once a day per change.
_RANKED: dict[Path, tuple[tuple[int, int, int, int], int, dict[str, int]]] = {}


def hits(root: Path) -> dict[str, int]:
    """``{entry id: recall hits}``, every hit counted (what ``inspect`` reports)."""
    out: dict[str, int] = {}
    for name, item in _items(root, _stat_key(root)).items():
        n = _count(item.get("hits")) if isinstance(item, dict) else None
        if n:
            out[name] = n
    return out


def ranking_hits(root: Path, now_ms: int) -> dict[str, int]:
    """``{entry id: recall hits}`` as search ranks at ``now_ms`` (see ``ranked``)."""
    key = _stat_key(root)
    items = _items(root, key)
    day = now_ms // DAY_MS
    cached = _RANKED.get(root)
    if key is not None and cached is not None and cached[0] == key and cached[1] == day:
        return cached[2]
    out: dict[str, int] = {}
    for name, item in items.items():
        n = ranked(item, now_ms)
        if n > 0:
            out[name] = n
    if key is not None:
        _RANKED[root] = (key, day, out)
    return out


def record(root: Path, ids: Iterable[str], now_ms: int | None = None) -> str | None:
    """Add one hit to each id; returns a note when an unusable ``.state.json`` was replaced.

    Raises MemsyncError (or OSError) if the root cannot take the write.
    """
    ids = list(ids)
    if not ids:
        return None
    from memsync.fsutil import write_inside

    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    with _locked(root):
        doc, problem = _read(root)
        doc["version"] = VERSION
        recall = doc["recall"]
        for i in ids:
            item = recall.get(i)
            if not isinstance(item, dict):
                item = recall[i] = {}
            n = _count(item.get("hits")) or 0
            last = _count(item.get("last"))
            if last is None or last // DAY_MS != now_ms // DAY_MS or _count(item.get("earlier")) is None:
                item["earlier"] = n  # a new day: every hit so far counts from now on
            item["hits"] = n + 1
            item["last"] = now_ms
        try:
            # One line: json's C encoder runs only without indent (indent=1 cost milliseconds a search).
            data = json.dumps(doc, ensure_ascii=False, sort_keys=True).encode("utf-8") + b"\n"
        except UnicodeEncodeError:  # a lone surrogate read from a \ud800 escape: keep it escaped
            data = json.dumps(doc, ensure_ascii=True, sort_keys=True).encode("ascii") + b"\n"
        # Atomic (temp file + rename) and refuses a symlinked or read-only .state.json.
        write_inside(root, STATE, data)
    if problem is None:
        return None
    return f"{STATE} {problem}; its recall counts were reset"
