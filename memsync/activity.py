"""What memsync did for agents, kept in its cache (never in the tree): counters and the
last results with their reasons, for ``memsync inspect``.

One small JSON file per root: context fires per event, bodies injected and skipped as
already injected, injections per entry, and the last context run; extraction runs per
session (the last few). Read-modify-write happens under a lock, so concurrent hooks
lose no count.
"""
from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

KEEP_RUNS = 20  # extraction runs kept per root
KEEP_ENTRIES = 2000  # per-entry injection counters kept (the most injected)


def _file(root: Path) -> Path:
    from memsync.roots import cache_dir

    key = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:24]
    return cache_dir() / "activity" / f"{key}.json"


def load(root: Path) -> dict[str, Any]:
    from memsync.jsonfile import read_json

    doc = read_json(_file(root))
    return doc if isinstance(doc, dict) and doc.get("root") == str(root) else {"root": str(root)}


def _update(root: Path, change: Any) -> str | None:
    """Apply ``change`` under the lock; None, or why it could not be kept (for a note)."""
    from memsync.errors import MemsyncError
    from memsync.jsonfile import write_json
    from memsync.locks import root_lock

    try:
        with root_lock(root, "activity"):
            doc = load(root)
            change(doc)
            write_json(_file(root), doc)
    except (OSError, MemsyncError) as exc:
        # Counters are a courtesy: a cache that cannot hold them (its lock file included) must
        # not fail a hook or lose a context block; the caller says so in a note.
        return str(exc) if isinstance(exc, MemsyncError) else f"{_file(root)}: {exc.strerror or exc}"
    return None


def check(root: Path) -> None:
    """MemsyncError when a run of ``root`` could not be recorded (the lock file or the folder
    cannot be made in memsync's cache): extract asks before it calls the model."""
    from memsync.errors import MemsyncError
    from memsync.locks import check as check_lock

    check_lock(root, "activity")
    folder = _file(root).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as exc:
        raise MemsyncError(f"cannot keep run records in memsync's cache: {exc.strerror or exc}",
                           path=str(folder)) from None


def _count(bucket: dict[str, Any], key: str, n: int = 1) -> None:
    value = bucket.get(key)
    bucket[key] = (value if isinstance(value, int) and not isinstance(value, bool) else 0) + n


def record_context(root: Path, *, event: str, injected: Iterable[str], skipped: Iterable[str], listed: int,
                   chars: int, reason: str, now_ms: int | None = None) -> str | None:
    """Count one context run; None, or why the counters could not be kept."""
    injected, skipped = list(injected), list(skipped)

    def change(doc: dict[str, Any]) -> None:
        ctx: dict[str, Any] = doc["context"] if isinstance(doc.get("context"), dict) else {}
        fires: dict[str, Any] = ctx["fires"] if isinstance(ctx.get("fires"), dict) else {}
        _count(fires, event or "cli")
        ctx["fires"] = fires
        _count(ctx, "injected", len(injected))
        _count(ctx, "deduplicated", len(skipped))
        per: dict[str, Any] = ctx["entries"] if isinstance(ctx.get("entries"), dict) else {}
        for i in injected:
            _count(per, i)
        if len(per) > KEEP_ENTRIES:
            per = dict(sorted(per.items(), key=lambda kv: (-kv[1] if isinstance(kv[1], int) else 0, kv[0]))[:KEEP_ENTRIES])
        ctx["entries"] = per
        ctx["last"] = {"at": now_ms or int(time.time() * 1000), "event": event or "cli", "chars": chars,
                       "injected": injected, "deduplicated": skipped, "listed": listed, "reason": reason}
        doc["context"] = ctx

    return _update(root, change)


def record_run(root: Path, kind: str, run: dict[str, Any], *,
               replaces: Callable[[dict[str, Any]], bool] | None = None) -> str | None:
    """Append one run (say, an extraction: when, session, turns read, outcome, reason).

    ``replaces`` picks earlier runs this one makes obsolete (an extraction's "still
    waiting for turns" of the same session), so they do not crowd out real results."""

    def change(doc: dict[str, Any]) -> None:
        runs: list[Any] = doc[kind] if isinstance(doc.get(kind), list) else []
        if replaces is not None:
            runs = [r for r in runs if not (isinstance(r, dict) and replaces(r))]
        runs.append(run)
        doc[kind] = runs[-KEEP_RUNS:]

    return _update(root, change)
