"""Settings: defaults, then the user's ``config.yaml``, then the root's ``.memsync.yaml``.

The user file lives at ``$MEMSYNC_CONFIG`` or ``${XDG_CONFIG_HOME:-~/.config}/memsync/config.yaml``.
A root's ``.memsync.yaml`` travels with the root (it is committed and synced).
docs/config.md lists every key.
"""
from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError

DEFAULTS: dict[str, Any] = {
    "categories": ["rules", "preferences", "decisions", "pitfalls", "facts"],
    # docs/config.md explains each key; memsync.recall.rank validates them.
    "search": {
        "limit": 10,
        "floor": 0.15,
        "half_life_days": 14,
        "decay_floor": 0.7,
        "scope_weights": {"project": 1.0, "global": 0.8, "root": 1.0, "claude-code": 0.8, "mimo": 0.8},
        "recall_boost": 0.05,
        "recall_cap": 1.25,
        "candidates": 200,
        "field_weights": {"id": 3.0, "summary": 4.0, "load_when": 3.0, "highlight": 2.0, "body": 1.0},
        "monitor": True,  # memsync.recall.monitor validates these two
        "monitor_idle_minutes": 30,
    },
    "sync": {"lock_timeout": 30, "attempts": 8, "timeout": 60},
    # docs/config.md explains these; memsync.service validates them.
    "memory": {"disable_write": False, "dedupe_coverage": 0.55, "similar_coverage": 0.3},
    "context": {
        "budget": 4000,  # characters of one context block (the iron rules always go in)
        "cap": 9000,  # never exceeded (Claude Code drops hook output over 10,000)
        "outline": 1500,  # at most this much of the budget for tier 2
        "bodies": 3,  # at most this many entry bodies per block
        "body_chars": 1500,  # one body is cut beyond this, with a note on how to read the rest
        "evidence": 2,  # prompt words a hit shares (or one load_when trigger) for its body to be inlined
        "session_days": 7,  # per-session deduplication is forgotten after this
    },
    # docs/config.md and docs/extract.md explain these; memsync.extract.run validates them.
    "extract": {
        "model_cmd": None,  # read from the user's settings file only, never a root's .memsync.yaml
        "timeout": 120,  # seconds one model call may take; then its process group is killed
        "min_turns": 4,  # user turns (new ones, for the hook) before a run asks the model
        "min_chars": 200,  # characters of conversation below which a session is too short
        "chunk_chars": 60000,  # transcript characters per prompt; a longer session is sent in parts
        "tool_chars": 2000,  # a tool call or output longer than this keeps its head and tail (0: whole)
        "max_parts": 40,  # model calls one run may make; a longer conversation is refused whole, not cut
    },
    # Other agents' memory, read in place (docs/sources.md); memsync.sources validates these, and
    # only the user's own settings file can turn them on.
    "sources": {"claude_code": False, "mimo": False, "mimo_sessions": False},
}
ROOT_CONFIG = ".memsync.yaml"
MAX_CONFIG_BYTES = 256 * 1024


def user_config_path() -> Path:
    explicit = os.environ.get("MEMSYNC_CONFIG")
    if explicit:
        return Path(explicit).expanduser()
    from memsync.roots import xdg_dir

    return xdg_dir("XDG_CONFIG_HOME", ".config") / "memsync" / "config.yaml"


def _read(path: Path) -> dict[str, Any]:
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        data = read_regular(path, MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        return {}
    except (NotRegularFile, OSError) as exc:
        raise MemsyncError(f"cannot read config: {exc}", path=str(path)) from None
    return parse_config(data, str(path))


def parse_config(data: bytes, path: str) -> dict[str, Any]:
    """A settings file's mapping ({} when empty); MemsyncError naming ``path`` (and the line)."""
    from memsync.entry import EntryError, load_frontmatter

    if len(data) > MAX_CONFIG_BYTES:
        raise MemsyncError("config file is larger than 256 KiB", path=path)
    try:
        value, _, _ = load_frontmatter(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise MemsyncError("config is not valid UTF-8", path=path) from None
    except EntryError as exc:
        # load_frontmatter counts from an opening '---' line; a config has none.
        raise MemsyncError(exc.message, path=path, line=max(exc.line - 1, 1)) from None
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MemsyncError("config must be a mapping", path=path)
    categories = value.get("categories", [])
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        raise MemsyncError("'categories' must be a list of names", path=path)
    return value


def root_config_error(data: bytes) -> MemsyncError | None:
    """Why ``data`` would not load as a root's ``.memsync.yaml`` (None: it loads), by the
    loader's rules and sync's checks of its settings: every command on the root reads that
    file first, so sync does not spread one that does not load, and lint names it."""
    from memsync.sync.settings import Settings

    try:
        Settings.from_config(parse_config(data, ROOT_CONFIG))
    except MemsyncError as exc:
        return exc
    return None


def _merge(base: dict[str, Any], over: dict[str, Any]) -> None:
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        else:
            base[key] = value


def user_settings() -> dict[str, Any]:
    """The defaults and the user's own settings file, without any root's ``.memsync.yaml``."""
    config = copy.deepcopy(DEFAULTS)
    _merge(config, _read(user_config_path()))
    return config


def load_config(root: Path | None = None) -> dict[str, Any]:
    """Merged settings; MemsyncError (exit 2) names the file for a bad one."""
    config = copy.deepcopy(DEFAULTS)
    sources = [user_config_path()]
    if root is not None:
        sources.append(root / ROOT_CONFIG)
    for path in sources:
        _merge(config, _read(path))
    return config
