"""How memsync starts itself in another process: this Python, never the project's files.

``python -m memsync`` puts the working directory first on the import path, and memsync
runs in project folders (a detached extraction, a host's hook, a git hook): a cloned
repository holding ``memsync/`` or ``json.py`` at its top would run instead of us. ``-P``
(Python 3.11+) leaves that folder off; older Pythons get the same from a one-line
``-c`` that drops it before memsync is imported.
"""
from __future__ import annotations

import sys

_DROP_CWD = "import sys; del sys.path[0]; import runpy; runpy.run_module('memsync', run_name='__main__', alter_sys=True)"


def python_words(executable: str | None = None) -> list[str]:
    """The words that run memsync with this interpreter (``executable``: another path to it)."""
    exe = executable or sys.executable
    if sys.version_info >= (3, 11):
        return [exe, "-P", "-m", "memsync"]
    return [exe, "-c", _DROP_CWD]
