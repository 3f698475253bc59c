"""``.state.json``: per-device recall counters in a root (SPEC §1).

Format (version 1)::

    {"version": 1,
     "recall": {"decisions/pnpm-for-deploy": {"hits": 3, "last": 1791700000000}}}

``hits`` counts how often a CLI search returned the entry; ``last`` is when
(epoch ms). Unknown keys are kept. The file is git-ignored (``memsync init``
writes the .gitignore line) and never synced: counts differ per device.

Updates read, change and replace the file under an exclusive lock, writing a
temporary file in the root and renaming it over ``.state.json`` (``fsutil.write_inside``), so concurrent
searches lose no increment and a reader never sees half a file. The lock file
lives in the cache folder, outside the tree.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memsync.roots import cache_dir

STATE = ".state.json"
VERSION = 1
MAX_STATE_BYTES = 16 << 20


def _lock_path(root: Path) -> Path:
    key = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:24]
    return cache_dir() / "locks" / f"{key}.lock"


@contextmanager
def _locked(root: Path) -> Iterator[None]:
    path = _lock_path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks; the rename still keeps the file whole
            yield
            return
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _read(root: Path) -> dict[str, Any]:
    """The state document; an absent, unreadable or malformed file reads as empty."""
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        data = read_regular(root / STATE, MAX_STATE_BYTES)
        doc = json.loads(data.decode("utf-8"))
    except (OSError, NotRegularFile, ValueError):
        return {"version": VERSION, "recall": {}}
    if not isinstance(doc, dict):
        return {"version": VERSION, "recall": {}}
    if not isinstance(doc.get("recall"), dict):
        doc["recall"] = {}
    return doc


# Parsed counters by file stat, so a long-lived process does not re-read an unchanged file.
_HITS: dict[Path, tuple[tuple[int, int, int, int], dict[str, int]]] = {}


def hits(root: Path) -> dict[str, int]:
    """``{entry id: recall hits}`` for ranking."""
    try:
        st = os.lstat(root / STATE)
        key = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    except OSError:
        return {}
    cached = _HITS.get(root)
    if cached is not None and cached[0] == key:
        return cached[1]
    out: dict[str, int] = {}
    for name, value in _read(root)["recall"].items():
        n = value.get("hits") if isinstance(value, dict) else None
        if isinstance(n, int) and not isinstance(n, bool) and n > 0:
            out[name] = n
    _HITS[root] = (key, out)
    return out


def record(root: Path, ids: Iterable[str], now_ms: int | None = None) -> None:
    """Add one hit to each id. Raises MemsyncError (or OSError) if the root cannot take the write."""
    ids = list(ids)
    if not ids:
        return
    from memsync.fsutil import write_inside

    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    with _locked(root):
        doc = _read(root)
        doc["version"] = VERSION
        recall = doc["recall"]
        for i in ids:
            item = recall.get(i)
            if not isinstance(item, dict):
                item = recall[i] = {}
            n = item.get("hits")
            item["hits"] = (n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0) + 1
            item["last"] = now_ms
        data = json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=1).encode("utf-8") + b"\n"
        # Atomic (temp file + rename) and refuses a symlinked or read-only .state.json.
        write_inside(root, STATE, data)
