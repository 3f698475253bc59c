"""Claude Code: the MCP server entry (``.mcp.json`` or ``~/.claude.json``) and the context and
extraction hooks (``settings.json``). Formats: docs/agents.md; facts: code.claude.com's mcp and hooks pages."""
from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.hosts import jsonc
from memsync.hosts.common import SERVER_NAME, Step, home, merge, server_edit

# Which memsync command each hook event runs: the context block before the agent answers;
# extraction when a turn ends or before a compaction (it detaches at once: docs/extract.md).
HOOKS = {"SessionStart": "context", "UserPromptSubmit": "context", "Stop": "extract", "PreCompact": "extract"}
HOOK_EVENTS = tuple(HOOKS)
HOOK_TIMEOUT_S = 10  # both answer in well under a second; a stuck one must not hold the prompt 30 s
_ARGS = {"context": ["context", "--format", "claude-code"], "extract": ["extract", "--hook", "claude-code"]}


# Words that may stand before memsync's own program in a hook command an earlier setup (or the
# user's --command) wrote: env and its VAR=value words, uvx, uv run, pipx run.
_LAUNCHERS = frozenset(("env", "uvx", "uv", "run", "pipx", "exec", "--"))


def _program(command: str, sub: str) -> int | None:
    """Where memsync's subcommand ``sub`` starts in a hook command of ours: the words before it are
    the program (``/path/memsync``, ``python3 -m memsync``, ``uvx memsync``), the words from it on
    are the subcommand and its flags. None for any other command (``echo memsync context …``)."""
    try:
        words = shlex.split(command)
    except ValueError:  # an unclosed quote: no command of ours
        return None
    for k, word in enumerate(words):
        name = word.replace("\\", "/").rsplit("/", 1)[-1].lower()
        if name in ("memsync", "memsync.exe"):
            before = words[:k]
            program = (not before or before[-1] == "-m"
                       or all(w in _LAUNCHERS or "=" in w or w.startswith("-") for w in before))
            rest = [w for w in words[k + 1:] if not w.startswith("-")]
            return k + 1 if program and rest[:1] == [sub] else None
    return None


def config_dir() -> Path:
    """``$CLAUDE_CONFIG_DIR``, else ``~/.claude`` (the one lookup, memsync.sources')."""
    from memsync.sources import claude_config_dir

    return claude_config_dir()


def user_json() -> Path:
    """The user-scope MCP servers' file: ``~/.claude.json`` (inside ``$CLAUDE_CONFIG_DIR`` when set)."""
    from memsync.sources import claude_config_env

    explicit = claude_config_env()
    return explicit / ".claude.json" if explicit is not None else home() / ".claude.json"


def server_entry(command: list[str]) -> dict[str, Any]:
    """A new ``mcpServers.memsync`` entry (the shape ``claude mcp add`` writes)."""
    return {"type": "stdio", "command": command[0], "args": [*command[1:], "mcp"], "env": {}}


# The keys of an entry or hook that memsync owns and updates. Every other key in it is the
# user's and is kept (an entry's `env` may hold MEMSYNC_DISABLE_WRITE=1; a hook its own timeout).
SERVER_KEYS = ("type", "command", "args")
HOOK_KEYS = ("type", "command")


def mcp_step(scope: str, project: Path, command: list[str]) -> Step:
    path = project / ".mcp.json" if scope == "project" else user_json()
    return Step(path, [server_edit(("mcpServers", SERVER_NAME), server_entry(command), SERVER_KEYS, str(path))])


def hook_command(command: list[str], sub: str = "context") -> str:
    return shlex.join([*command, *_ARGS[sub]])


def settings_path(scope: str, project: Path) -> Path:
    return project / ".claude" / "settings.json" if scope == "project" else config_dir() / "settings.json"


def hooks_block(command: list[str]) -> dict[str, Any]:
    """The ``hooks`` object to paste into settings.json (docs/agents.md shows it)."""
    return {event: [{"hooks": [{"type": "command", "command": hook_command(command, sub), "timeout": HOOK_TIMEOUT_S}]}]
            for event, sub in HOOKS.items()}


def _edit_event(event: str, hook: dict[str, Any], name: str) -> Callable[[str], tuple[str, list[str]]]:
    sub = HOOKS[event]
    program = shlex.split(hook["command"])[:-len(_ARGS[sub])]

    def locate(i: int, j: int) -> Callable[[str], jsonc.Node]:
        def at(text: str) -> jsonc.Node:
            arr = jsonc.find(text, ("hooks", event), name)
            inner = arr.items[i].member("hooks") if arr is not None else None
            assert inner is not None
            return inner.items[j]
        return at

    def edit(text: str) -> tuple[str, list[str]]:
        arr = jsonc.find(text, ("hooks", event), name)
        if arr is None:
            return jsonc.set_path(text, ("hooks", event), [{"hooks": [hook]}], name), [f"added hooks.{event}"]
        if arr.kind != "array":
            # Replacing it would drop the user's hooks there; refused like a `hooks` that is no object.
            raise MemsyncError(f"hooks.{event} is not a JSON array; fix it by hand, then run again", path=name)
        for i, group in enumerate(arr.items):
            inner = group.member("hooks") if group.kind == "object" else None
            for j, h in enumerate(inner.items if inner is not None and inner.kind == "array" else ()):
                cmd = h.value.get("command") if isinstance(h.value, dict) else None
                at = _program(cmd, sub) if isinstance(cmd, str) else None
                if at is not None:
                    assert isinstance(cmd, str)
                    words = shlex.split(cmd)
                    # The user's subcommand flags (--scope project) are kept; only a program that
                    # moved is updated, and an unchanged one keeps the command as written.
                    command = cmd if words[:at] == program else shlex.join([*program, *words[at:]])
                    new = merge(text, locate(i, j), {"type": hook["type"], "command": command},
                                {k: v for k, v in hook.items() if k not in HOOK_KEYS})
                    return (text, []) if new == text else (new, [f"updated the memsync hook in hooks.{event}"])
        return jsonc.append_item(text, arr, {"hooks": [hook]}), [f"added a memsync hook to hooks.{event}"]
    return edit


def hooks_step(scope: str, project: Path, command: list[str]) -> Step:
    path = settings_path(scope, project)
    block = hooks_block(command)
    return Step(path, [_edit_event(event, block[event][0]["hooks"][0], str(path)) for event in HOOK_EVENTS])
