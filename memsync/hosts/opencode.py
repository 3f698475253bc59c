"""OpenCode: the ``mcp`` entry in opencode.json(c) and the context plugin in ``plugins/``."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from memsync.hosts import jsonc
from memsync.hosts.common import SERVER_NAME, Step, home, set_json, whole_file

PLUGIN_TEMPLATE = "opencode/memsync.js"
PLUGIN_FILE = "memsync.js"
_NAMES = ("opencode.jsonc", "opencode.json")


def config_home() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or home() / ".config") / "opencode"


def config_path(scope: str, project: Path) -> Path:
    """The file OpenCode reads: an existing opencode.jsonc or opencode.json (also under
    ``.opencode/`` in a project), else a new ``opencode.json``."""
    folders = [project, project / ".opencode"] if scope == "project" else [config_home()]
    for folder in folders:
        for name in _NAMES:
            if os.path.lexists(folder / name):
                return folder / name
    return folders[0] / "opencode.json"


def plugin_path(scope: str, project: Path) -> Path:
    base = project / ".opencode" if scope == "project" else config_home()
    return base / "plugins" / PLUGIN_FILE


def _entry_edit(command: list[str], name: str):  # type: ignore[no-untyped-def]
    local = [*command, "mcp"]

    def edit(text: str) -> tuple[str, list[str]]:
        servers = jsonc.find(text, ("mcp", "servers"), name)
        if servers is not None and servers.kind == "object":
            # The newer layout (mcp.servers, `disabled` instead of `enabled`).
            value: dict[str, Any] = {"type": "local", "command": local}
            return set_json(("mcp", "servers", SERVER_NAME), value, f"mcp.servers.{SERVER_NAME}", name)(text)
        value = {"type": "local", "command": local, "enabled": True}
        return set_json(("mcp", SERVER_NAME), value, f"mcp.{SERVER_NAME}", name)(text)
    return edit


def mcp_step(scope: str, project: Path, command: list[str]) -> Step:
    path = config_path(scope, project)
    return Step(path, [_entry_edit(command, str(path))])


def plugin_text(command: list[str]) -> str:
    from memsync.templates import read_template

    return read_template(PLUGIN_TEMPLATE).replace("__MEMSYNC_COMMAND__", json.dumps(command, ensure_ascii=False))


def plugin_step(scope: str, project: Path, command: list[str]) -> Step:
    return Step(plugin_path(scope, project), [whole_file(plugin_text(command), "the memsync context plugin")])
