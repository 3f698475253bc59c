"""Per-session memory of what a context hook already gave (SPEC §8), in memsync's cache.

A session (Claude Code's ``session_id``) gets the iron rules and the outline once, at
its start and again after a compaction; each entry body once; and nothing for a
prompt it already saw. Session ids are hashed for file names (they are hostile input
like any other); files older than ``context.session_days`` are swept at session start.
"""
from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

KEEP_PROMPTS = 64


def _folder() -> Path:
    from memsync.roots import cache_dir

    return cache_dir() / "sessions"


def key(session: str) -> str:
    return hashlib.sha256(session.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def prompt_key(prompt: str) -> str:
    return hashlib.sha256(" ".join(prompt.split()).encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass
class Session:
    """What the context hook remembers of one agent session."""

    key: str
    outline_given: bool = False
    injected: dict[str, int] = field(default_factory=dict)  # entry id -> when (ms)
    prompts: list[str] = field(default_factory=list)  # prompt keys seen, newest last

    def to_json(self) -> dict[str, Any]:
        return {"outline_given": self.outline_given, "injected": self.injected, "prompts": self.prompts[-KEEP_PROMPTS:]}


def _load(k: str) -> Session:
    from memsync.jsonfile import read_json

    doc = read_json(_folder() / f"{k}.json")
    s = Session(k)
    if isinstance(doc, dict):
        s.outline_given = doc.get("outline_given") is True
        injected = doc.get("injected")
        if isinstance(injected, dict):
            s.injected = {i: t for i, t in injected.items() if isinstance(i, str) and isinstance(t, int)}
        prompts = doc.get("prompts")
        if isinstance(prompts, list):
            s.prompts = [p for p in prompts if isinstance(p, str)]
    return s


@contextmanager
def opened(session: str) -> Iterator[Session]:
    """The session's state, saved when the block ends (under a lock: one hook at a time)."""
    from memsync.jsonfile import write_json
    from memsync.locks import root_lock

    k = key(session)
    with root_lock(_folder() / k, "session"):
        s = _load(k)
        yield s
        try:
            write_json(_folder() / f"{k}.json", s.to_json())
        except OSError:
            pass  # losing dedupe state only repeats an injection


def sweep(days: float) -> int:
    """Remove session files untouched for ``days``; how many."""
    cutoff = time.time() - days * 86400
    removed = 0
    try:
        with os.scandir(_folder()) as it:
            for d in it:
                if d.name.endswith(".json") and d.is_file(follow_symlinks=False) and d.stat().st_mtime < cutoff:
                    try:
                        os.unlink(d.path)
                        removed += 1
                    except OSError:
                        pass
    except OSError:
        pass
    return removed
