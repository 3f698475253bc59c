"""What the search index reads of a root: which folders, which files, and what each file says.

``NATIVE`` is a memsync memory tree (category folders of entries). Read-only sources
(other agents' memory, ``memsync.sources``) subclass ``Layout`` so that the same index,
freshness check, ranking and snippets serve them: a root that carries a ``layout``
attribute is read through it.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from memsync.entry import MAX_ENTRY_BYTES, EntryInfo, parse_entry
from memsync.fsutil import read_regular
from memsync.recall import fresh


class Layout:
    """The native layout; every method takes the root's resolved path."""

    key = ""  # told apart in the cache: one database per (root, key)
    cache_folder = "search"
    live = True  # an inotify watcher or the change monitor may vouch for freshness
    counts = True  # recall counts kept in the root's .state.json

    def groups(self, root: Path) -> list[str]:
        """The folders whose files are documents (categories)."""
        return fresh.categories(root)

    def stat_group(self, root: Path, name: str) -> fresh.CategoryStat | None:
        return fresh.stat_category(root, name)

    def is_group(self, root: Path, name: str) -> bool:
        """Is ``name`` one of the groups now (checked again before its rows are dropped)?"""
        try:
            return stat.S_ISDIR(os.lstat(os.path.join(root, name)).st_mode)
        except OSError:
            return False

    def files(self, root: Path, name: str) -> dict[str, Any]:
        """``{document path: lstat}`` of one group (the stat of the file the document is in)."""
        return fresh.entry_files(root, name)

    def read(self, root: Path, rel: str) -> bytes:
        """A document's bytes; OSError or NotRegularFile when it cannot be read."""
        return read_regular(root / rel, MAX_ENTRY_BYTES + 1)

    def parse(self, rel: str, data: bytes) -> tuple[str, EntryInfo, str]:
        """(id, fields, body) of a document; ``fields.valid`` False leaves it out of search."""
        entry = parse_entry(data, rel)
        info = entry.info()
        return info.id, info, entry.body

    def show(self, display: str, rel: str) -> str:
        """How a hit names the document's file."""
        return f"{display}/{rel}"


NATIVE = Layout()


def layout_of(root: Any) -> Layout:
    found = getattr(root, "layout", None)
    return found if isinstance(found, Layout) else NATIVE
