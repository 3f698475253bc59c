"""What every host's settings need: how to start memsync, where the project is, one planned step."""
from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.hosts import jsonc

SERVER_NAME = "memsync"


def memsync_command(scope: str, override: str | None = None) -> list[str]:
    """The words a host runs to start this memsync.

    ``override`` (``--command``) wins. A project file is shared through git, so it
    names plain ``memsync`` when that is on PATH; a user file names this
    installation exactly (an editor started from a desktop may not have the
    shell's PATH): the console script's absolute path, or this Python with ``-m``.
    """
    if override is not None:
        try:
            words = shlex.split(override)
        except ValueError as exc:  # "No closing quotation"
            raise MemsyncError(f"--command cannot be read as a shell command ({str(exc).lower()}); "
                               "nothing written") from None
        if not words:
            raise MemsyncError("--command is empty; give the command that starts memsync, e.g. --command memsync")
        if any(not _utf8(w) for w in words):
            raise MemsyncError("--command holds bytes that are not UTF-8 text; settings files are UTF-8 JSON: "
                               "nothing written")
        if scope == "project":
            from memsync.secrets import scan_text

            leaks = scan_text(override)
            if leaks:  # a project's settings are committed and shared
                raise MemsyncError(f"--command holds a secret ({leaks[0].rule}: {leaks[0].masked}); a project's "
                                   "settings files are shared through git: give it to memsync through the "
                                   "environment instead; nothing written")
        return words
    found = shutil.which("memsync")
    if scope == "project" and found:
        return ["memsync"]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "memsync" and script.is_file():
        return [str(script.resolve())]
    if found and Path(found).resolve().parent == Path(sys.executable).resolve().parent:
        return [str(Path(found).resolve())]
    from memsync.launch import python_words

    return python_words()


def _utf8(word: str) -> bool:
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: an argument's undecodable bytes
        return False
    return True


def project_dir(cwd: str | os.PathLike[str] | None = None) -> Path:
    """The folder a host treats as the project: the top of the current git worktree, else ``cwd``."""
    here = Path(os.path.realpath(cwd if cwd is not None else os.getcwd()))
    for top in (here, *here.parents):
        if os.path.lexists(top / ".git"):
            return top
    return here


def home() -> Path:
    from memsync.roots import home_dir

    return home_dir()


@dataclass
class Step:
    """One file and the edits it needs."""

    path: Path
    edits: list[Callable[[str], tuple[str, list[str]]]]


def set_json(path: tuple[str, ...], value: Any, label: str, name: str) -> Callable[[str], tuple[str, list[str]]]:
    """An edit setting the member at ``path`` to ``value``."""
    def edit(text: str) -> tuple[str, list[str]]:
        old = jsonc.find(text, path, name)
        if old is not None and jsonc.same(old.value, value):
            return text, []
        new = jsonc.set_path(text, path, value, name)
        return new, [f"{'updated' if old is not None else 'added'} {label}"]
    return edit


def merge(text: str, locate: Callable[[str], jsonc.Node], values: dict[str, Any],
          defaults: dict[str, Any]) -> str:
    """``text`` with the object ``locate`` finds holding ``values``, and ``defaults`` where it has
    no such key; its other members, and the text around them, stay as they were."""
    for key, value in [*values.items(), *defaults.items()]:
        obj = locate(text)  # found afresh each time: a splice moves everything after it
        if key in values or obj.member(key) is None:
            text = jsonc.set_member(text, obj, key, value)
    return text


def server_edit(where: tuple[str, ...], entry: dict[str, Any], keys: tuple[str, ...], name: str,
                defaults: tuple[str, ...] = ()) -> Callable[[str], tuple[str, list[str]]]:
    """An edit putting memsync's server ``entry`` at ``where``. An existing entry that is an object
    gets only memsync's ``keys`` (and ``defaults`` it lacks) set in place: every other key in it is
    the user's and is kept, such as an env holding MEMSYNC_DISABLE_WRITE=1 (docs/agents.md)."""
    label = ".".join(where)

    def locate(text: str) -> jsonc.Node:
        node = jsonc.find(text, where, name)
        assert node is not None
        return node

    def edit(text: str) -> tuple[str, list[str]]:
        old = jsonc.find(text, where, name)
        if old is None or old.kind != "object":
            # Nothing there yet, or something that is no server entry at all: write ours.
            return set_json(where, entry, label, name)(text)
        new = merge(text, locate, {k: entry[k] for k in keys}, {k: entry[k] for k in defaults})
        return (text, []) if new == text else (new, [f"updated {label}"])
    return edit


def whole_file(content: str, label: str) -> Callable[[str], tuple[str, list[str]]]:
    """An edit making the file hold exactly ``content`` (a file memsync ships)."""
    def edit(text: str) -> tuple[str, list[str]]:
        if text == content:
            return text, []
        return content, [f"{'updated' if text else 'wrote'} {label}"]
    return edit
