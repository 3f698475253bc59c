"""Cursor: the MCP server entry in ``.cursor/mcp.json`` (project) or ``~/.cursor/mcp.json`` (user)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from memsync.hosts.common import SERVER_NAME, Step, home, set_json

# Cursor fills in ${workspaceFolder}; the server ignores the argument if a host leaves it as written.
WORKSPACE = "${workspaceFolder}"


def server_entry(command: list[str]) -> dict[str, Any]:
    return {"command": command[0], "args": [*command[1:], "mcp", "--project", WORKSPACE]}


def mcp_step(scope: str, project: Path, command: list[str]) -> Step:
    path = project / ".cursor" / "mcp.json" if scope == "project" else home() / ".cursor" / "mcp.json"
    return Step(path, [set_json(("mcpServers", SERVER_NAME), server_entry(command), f"mcpServers.{SERVER_NAME}",
                                str(path))])
