"""OpenCode: the ``mcp`` entry in opencode.json(c) and the context plugin in ``plugins/``."""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.hosts import jsonc
from memsync.hosts.common import SERVER_NAME, Step, server_edit, whole_file

PLUGIN_TEMPLATE = "opencode/memsync.js"
PLUGIN_FILE = "memsync.js"
_NAMES = ("opencode.jsonc", "opencode.json")


def config_home() -> Path:
    from memsync.roots import xdg_dir

    return xdg_dir("XDG_CONFIG_HOME", ".config") / "opencode"


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


# The keys of an existing entry that memsync sets; the rest (`environment` with
# MEMSYNC_DISABLE_WRITE=1, a `timeout`, keys of the user's own) is kept as it is. `enabled` is
# added only when missing: an `"enabled": false` there is the user turning memsync off.
SERVER_KEYS = ("type", "command")


def _entry_edit(command: list[str], name: str) -> Callable[[str], tuple[str, list[str]]]:
    local = [*command, "mcp"]

    def edit(text: str) -> tuple[str, list[str]]:
        servers = jsonc.find(text, ("mcp", "servers"), name)
        if servers is not None and servers.kind == "object":
            # The newer layout (mcp.servers, `disabled` instead of `enabled`).
            value: dict[str, Any] = {"type": "local", "command": local}
            return server_edit(("mcp", "servers", SERVER_NAME), value, SERVER_KEYS, name)(text)
        value = {"type": "local", "command": local, "enabled": True}
        return server_edit(("mcp", SERVER_NAME), value, SERVER_KEYS, name, defaults=("enabled",))(text)
    return edit


def mcp_step(scope: str, project: Path, command: list[str]) -> Step:
    path = config_path(scope, project)
    return Step(path, [_entry_edit(command, str(path))])


def plugin_text(command: list[str]) -> str:
    from memsync.templates import read_template

    return read_template(PLUGIN_TEMPLATE).replace("__MEMSYNC_COMMAND__", json.dumps(command, ensure_ascii=False))


def _plugin_edit(content: str, name: str) -> Callable[[str], tuple[str, list[str]]]:
    """The plugin file made to hold ``content``. memsync's own plugin (an earlier setup's) is
    replaced whole, a backup kept; any other file there is the user's and is refused."""
    write = whole_file(content, "the memsync context plugin")
    mark = content.split("\n", 1)[0]  # the template's first line, the same in every version

    def edit(text: str) -> tuple[str, list[str]]:
        if text.strip() and not text.lstrip("\ufeff").startswith(mark):
            raise MemsyncError(f"is not memsync's context plugin (its first line is not {mark!r}); "
                               "move or rename it, then run again", path=name)
        return write(text)
    return edit


def plugin_step(scope: str, project: Path, command: list[str]) -> Step:
    path = plugin_path(scope, project)
    return Step(path, [_plugin_edit(plugin_text(command), str(path))])
