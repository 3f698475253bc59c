"""Advisory per-root locks kept in memsync's cache (never in the tree).

``root_lock(root, "write")`` serialises memsync's own writers of one root (the CLI,
hooks, several MCP servers), so each sees the others' finished writes before it
recompiles. Readers never take it.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memsync.errors import MemsyncError


def lock_path(root: Path, name: str) -> Path:
    from memsync.roots import cache_dir

    key = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:24]
    return cache_dir() / "locks" / f"{key}.{name}.lock"


def _open(path: Path) -> int:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as exc:
        raise MemsyncError(f"cannot create a lock file in memsync's cache: {exc.strerror or exc}",
                           path=str(path)) from None


def check(root: Path, name: str) -> None:
    """MemsyncError when this lock's file cannot be created (a cache that cannot hold it), without
    taking the lock: for a caller that must know before it starts work it could not finish
    (extract, before it sends anything to the model)."""
    os.close(_open(lock_path(root, name)))


@contextmanager
def _locked(root: Path, name: str, wait: bool) -> Iterator[bool]:
    fd = _open(lock_path(root, name))
    try:
        try:
            import fcntl
        except ImportError:  # Windows: writes stay atomic per file; no cross-process ordering
            yield True
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False  # only without wait: another process holds it
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@contextmanager
def root_lock(root: Path, name: str) -> Iterator[None]:
    with _locked(root, name, wait=True):
        yield


def try_lock(root: Path, name: str) -> contextlib.AbstractContextManager[bool]:
    """Like ``root_lock`` but never waits: the context's value is True when this process
    holds the lock, False when another does (``memsync extract --hook``: one extraction
    per session)."""
    return _locked(root, name, wait=False)
