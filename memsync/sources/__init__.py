"""Other agents' memory, read in place as read-only sources (SPEC §9).

Two sources, each off until the user turns it on in their own settings file
(``sources.claude_code``, ``sources.mimo``; a root's ``.memsync.yaml`` cannot turn
them on, since a cloned repository must not decide to read your personal memories):

- ``claude-code``: Claude Code's auto-memory (``memsync.sources.claude``);
- ``mimo``: MiMo Code's layered memory (``memsync.sources.mimo``).

A source is a ``SourceRoot``: a root whose ``layout`` tells the search index which
files to read and how (``memsync.recall.layout``), so search, context and the MCP
tools rank them with memsync's own entries. memsync never writes into a source:
remember and forget refuse its ids and scope names (``memsync.gates.ReadOnlySource``),
compile, lint and sync never see it, and its search cache lives in memsync's cache
(``<cache>/sources/<name>/``), removed when the source is turned off.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.roots import Root, cache_dir, display_path

# scope name -> what to call it in messages
NAMES = {"claude-code": "Claude Code's auto-memory", "mimo": "MiMo Code's memory"}
SETTING = {"claude-code": "sources.claude_code", "mimo": "sources.mimo"}
DEFAULTS: dict[str, Any] = {"claude_code": False, "mimo": False, "mimo_sessions": False}


@dataclass(frozen=True)
class SourceRoot(Root):
    """A read-only root; ``layout`` reads it for the search index."""

    layout: Any = None

    @property
    def name(self) -> str:
        return NAMES[self.scope]


@dataclass(frozen=True)
class Settings:
    """Which other agents' memory is read as sources."""

    claude_code: bool | str  # False, True (this project's), "all" (every project's)
    mimo: bool
    mimo_sessions: bool


def settings(config: dict[str, Any] | None = None) -> Settings:
    """The user's source settings (their own settings file only), validated."""
    if config is None:
        from memsync.config import user_settings

        config = user_settings()
    section = config.get("sources", {})
    if section is None:
        section = {}
    if not isinstance(section, dict):
        raise MemsyncError("config: 'sources' must be a mapping (claude_code, mimo, mimo_sessions)")
    unknown = sorted(set(section) - set(DEFAULTS) - {"claude_code_categories"})
    if unknown:
        raise MemsyncError(f"config: sources has unknown key {unknown[0]!r} (known: claude_code, mimo, "
                           "mimo_sessions, claude_code_categories)")
    claude = section.get("claude_code", False)
    if claude not in (False, True, "all"):
        raise MemsyncError(f"config: sources.claude_code must be false, true or all, not {claude!r}")
    values = {}
    for key in ("mimo", "mimo_sessions"):
        value = section.get(key, False)
        if not isinstance(value, bool):
            raise MemsyncError(f"config: sources.{key} must be true or false, not {value!r}")
        values[key] = value
    return Settings(claude, values["mimo"], values["mimo_sessions"])


def claude_config_env() -> Path | None:
    """``$CLAUDE_CONFIG_DIR`` when it names an absolute folder (``~`` expanded); a relative one is
    ignored, as a relative HOME is: it would name whatever folder a command ran in."""
    explicit = os.path.expanduser(os.environ.get("CLAUDE_CONFIG_DIR") or "")
    return Path(explicit) if os.path.isabs(explicit) else None


def claude_config_dir() -> Path:
    """``$CLAUDE_CONFIG_DIR`` (an absolute path), else ``~/.claude``: read by the sources, written by setup."""
    from memsync.roots import home_dir

    return claude_config_env() or home_dir() / ".claude"


def mimo_data_dir() -> Path:
    """``$MIMOCODE_HOME/data`` (an absolute path only), else ``${XDG_DATA_HOME:-~/.local/share}/mimocode``."""
    home = os.environ.get("MIMOCODE_HOME", "")
    if home and os.path.isabs(home):
        return Path(home) / "data"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path(os.environ.get("HOME") or os.path.expanduser("~")) \
        / ".local" / "share"
    return base / "mimocode"


def folders() -> dict[str, Path]:
    """The folders each source's memory lives in (resolved), on or off: memsync never writes there."""
    return {"claude-code": Path(os.path.realpath(claude_config_dir())) / "projects",
            "mimo": Path(os.path.realpath(mimo_data_dir())) / "memory"}


def refuse_root_inside(roots: list[Root]) -> None:
    """MemsyncError if a root is, or lies inside, another agent's memory folder: memsync would
    write its ROOT.md, category folders and entries among that agent's files (``--root``,
    ``MEMSYNC_GLOBAL_ROOT`` or a config naming such a folder)."""
    for r in roots:
        for scope, folder in folders().items():
            if r.path == folder or folder in r.path.parents:
                raise MemsyncError(
                    f"memory root {r.display} is inside {NAMES[scope]} ({display_path(folder)}), which memsync "
                    f"reads as the {scope} source; memsync never writes there: choose a root outside it (to copy "
                    f"those memories into memsync, run `memsync import {scope}`)")


def is_source_scope(scope: str | None) -> bool:
    return scope in NAMES


def source_of_id(entry_id: object) -> str | None:
    """The source an id belongs to (``claude-code:…``, ``mimo:…``), else None."""
    if not isinstance(entry_id, str):
        return None
    head, sep, _ = entry_id.strip().partition(":")
    # Only the ':' form: a memsync category may well be named "mimo" (ids mimo/<slug>).
    return head if sep and head in NAMES else None


def cache_folder(scope: str) -> Path:
    return cache_dir() / "sources" / scope


def _forget_cache(scope: str) -> None:
    """A source turned off leaves nothing of it in memsync's cache."""
    folder = cache_folder(scope)
    if os.path.lexists(folder):
        shutil.rmtree(folder, ignore_errors=True)


def roots(*, cwd: str | os.PathLike[str] | None = None, scope: str | None = None,
          config: dict[str, Any] | None = None) -> list[SourceRoot]:
    """The sources to read with the project found from ``cwd``: every one turned on, or the
    one ``scope`` names (an error if it is off). Nothing of a source that is off is read."""
    s = settings(config)
    on = {"claude-code": bool(s.claude_code), "mimo": s.mimo}
    for name, enabled in on.items():
        if not enabled:
            _forget_cache(name)
    if scope is not None:
        if not is_source_scope(scope):
            return []
        if not on[scope]:
            from memsync.config import user_config_path

            key = SETTING[scope].split(".")[1]
            raise MemsyncError(f"{scope} ({NAMES[scope]}) is off, so memsync reads none of it; to read it, put "
                               f"`sources: {{{key}: true}}` in your memsync settings ({user_config_path()})")
    out: list[SourceRoot] = []
    if on["claude-code"] and scope in (None, "claude-code"):
        from memsync.sources import claude

        found = claude.source_root(cwd, every_project=s.claude_code == "all")
        if found is not None:
            out.append(found)
    if on["mimo"] and scope in (None, "mimo"):
        from memsync.sources import mimo

        found = mimo.source_root(cwd, sessions=s.mimo_sessions)
        if found is not None:
            out.append(found)
    return out
