"""Names a case-insensitive file system cannot hold apart.

git trees may hold ``facts/Dup.md`` and ``facts/dup.md`` (or ``café`` spelled
NFC and NFD); on macOS or Windows both are one file, so writing the second
would overwrite the first and the next sync would commit that as an edit,
losing a version on every device. A device whose file system folds names
(git's ``core.ignorecase``, which ``sync init`` sets after probing, as git
does) writes one of such twins and keeps the others in git, out of its
checkout (``engine.checkout``), naming them on every sync.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from memsync.names import fold

__all__ = ["Twins", "fold", "folds_case", "index_twins", "repo_folds_case"]

_TREE = 0o040000


def folds_case(folder: Path) -> bool:
    """The file system holding ``folder`` treats names differing only in case as one (probed
    with a file of our own, as git does at init)."""
    probe = folder / f"memsync-CaseProbe-{os.getpid()}"
    try:
        probe.touch(exist_ok=False)
    except OSError:
        return False
    try:
        return (folder / probe.name.lower()).exists()
    finally:
        probe.unlink()


def repo_folds_case(repo: Any) -> bool:
    """git's ``core.ignorecase`` of ``repo`` (false when unset, as git reads it)."""
    try:
        value = repo.get_config().get((b"core",), b"ignorecase")
    except KeyError:
        return False
    return value.strip().lower() in (b"true", b"yes", b"on", b"1")


class Twins:
    """Other paths of one tree that fold to the same name as a given path."""

    def __init__(self, listing: Any, tree: bytes | None) -> None:
        self._listing = listing  # sha -> {name bytes: (mode, sha)}
        self.tree = tree
        self._folded: dict[bytes, dict[str, list[tuple[str, int, bytes]]]] = {}

    def _by_fold(self, sha: bytes) -> dict[str, list[tuple[str, int, bytes]]]:
        found = self._folded.get(sha)
        if found is None:
            found = {}
            for name, (mode, child) in self._listing(sha).items():
                text = name.decode("utf-8", "surrogateescape")
                found.setdefault(fold(text), []).append((text, mode, child))
            self._folded[sha] = found
        return found

    def of(self, path: str) -> list[str]:
        if self.tree is None:
            return []
        parts = path.split("/")
        level: list[tuple[str, bytes]] = [("", self.tree)]
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            level = [(prefix + name + ("" if last else "/"), child)
                     for prefix, sha in level
                     for name, mode, child in self._by_fold(sha).get(fold(part), [])
                     if (mode != _TREE) == last]
            if not level:
                return []
        return sorted(p for p, _ in level if p != path)


def index_twins(keys: Iterable[bytes]) -> dict[str, list[str]]:
    """Paths of an index that fold to one name, by that name (only names with twins)."""
    groups: dict[str, list[str]] = {}
    for key in keys:
        path = key.decode("utf-8", "surrogateescape")
        groups.setdefault(fold(path), []).append(path)
    return {k: sorted(v) for k, v in groups.items() if len(v) > 1}
