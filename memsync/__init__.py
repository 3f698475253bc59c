"""memsync: long-term memory for AI coding agents as plain Markdown in git.

The library API is what the CLI, the pre-commit hooks and any server call:

    from memsync import Root, compile_root, check_root, lint_root, init_root

Names are imported on first use so that ``import memsync`` stays cheap.
"""
from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

_LAZY = {
    "Root": "memsync.roots",
    "MemsyncError": "memsync.errors",
    "compile_root": "memsync.build",
    "check_root": "memsync.build",
    "lint_root": "memsync.build",
    "init_root": "memsync.build",
    "parse_entry": "memsync.entry",
    "render_entry": "memsync.entry",
    "compile_tree": "memsync.compile",
    "scan": "memsync.tree",
    "search": "memsync.recall",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'memsync' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = sorted(_LAZY)
