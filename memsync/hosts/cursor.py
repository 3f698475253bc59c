"""Cursor: the MCP server entry in ``.cursor/mcp.json`` (project) or ``~/.cursor/mcp.json`` (user)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from memsync.hosts.common import SERVER_NAME, Step, home, server_edit

# Cursor fills in ${workspaceFolder}; the server ignores the argument if a host leaves it as written.
WORKSPACE = "${workspaceFolder}"


def server_entry(command: list[str]) -> dict[str, Any]:
    return {"command": command[0], "args": [*command[1:], "mcp", "--project", WORKSPACE]}


# The keys of an existing entry that memsync sets; the rest (`env` with MEMSYNC_DISABLE_WRITE=1,
# `envFile`, a `type`, keys of the user's own) is kept as it is.
SERVER_KEYS = ("command", "args")


def mcp_step(scope: str, project: Path, command: list[str]) -> Step:
    path = project / ".cursor" / "mcp.json" if scope == "project" else home() / ".cursor" / "mcp.json"
    return Step(path, [server_edit(("mcpServers", SERVER_NAME), server_entry(command), SERVER_KEYS, str(path))])
