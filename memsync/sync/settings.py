"""Sync's own settings (``sync:`` of the config), each value checked.

A module of its own, importing nothing of sync: ``accept`` holds an incoming
``.memsync.yaml`` to these rules, and ``engine`` reads them before a sync.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from memsync.errors import MemsyncError

MAX_SECONDS = 24 * 3600.0
MAX_ATTEMPTS = 1000


@dataclass
class Settings:
    """Sync's lock wait, attempts and network timeout, read from config."""

    lock_timeout: float = 30.0
    attempts: int = 8
    timeout: float = 60.0

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Settings:
        """``sync:`` of the config, each value checked (MemsyncError naming the setting)."""
        raw = config.get("sync")
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise MemsyncError("config: sync must be a mapping (lock_timeout, attempts, timeout)")
        out = cls()
        for name, value in raw.items():
            if name not in ("lock_timeout", "attempts", "timeout"):
                continue  # unknown keys are the config loader's to report
            setattr(out, name, _setting(str(name), value))
        return out


def _setting(name: str, value: Any) -> float | int:
    try:
        number = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    except OverflowError:  # an int too large for a float
        number = False
    if name == "attempts":
        if not (number and value == int(value) and 1 <= value <= MAX_ATTEMPTS):
            raise MemsyncError(f"config: sync.attempts must be a whole number from 1 to {MAX_ATTEMPTS} (got {value!r})")
        return int(value)
    least = 0.0 if name == "lock_timeout" else 0.001
    if not (number and least <= value <= MAX_SECONDS):
        low = "0" if name == "lock_timeout" else "more than 0"
        raise MemsyncError(f"config: sync.{name} must be a number of seconds from {low} to {MAX_SECONDS:g} "
                           f"(got {value!r})")
    return float(value)
