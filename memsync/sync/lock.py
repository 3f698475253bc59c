"""One sync at a time per repository: ``.git/memsync.lock``.

The lock is an advisory ``flock`` on that file, so the kernel releases it when
the holder exits for any reason, including SIGKILL: a lock left by a killed
sync is never "stale" in a way that blocks the next one. The file also holds a
small JSON record (pid, start time, the git lock files the holder was about to
create), so the next holder can say that it recovered from a crash and can
remove the ``index.lock`` or ``<ref>.lock`` the dead process left behind (only
those it recorded, and only if they are not newer than the record).
"""
from __future__ import annotations

import fcntl
import json
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memsync.errors import MemsyncError

LOCK_NAME = "memsync.lock"
_RECORD = 512


class RepoLock:
    """Held for the duration of a sync; ``recovered`` tells whether the last holder died mid-sync."""

    def __init__(self, gitdir: Path) -> None:
        self.gitdir = gitdir
        self.path = gitdir / LOCK_NAME
        self.fd: int | None = None
        self.recovered: dict[str, object] | None = None
        self.removed: list[str] = []
        self._record: dict[str, object] = {}

    def acquire(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the lock; MemsyncError (exit 2) if another sync keeps it."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = _read_record(fd)
                    os.close(fd)
                    who = f" (pid {holder.get('pid')})" if holder.get("pid") else ""
                    raise MemsyncError(
                        f"another memsync sync{who} is running on this repository; waited {timeout:g} s. "
                        "Try again when it has finished (sync.lock_timeout sets the wait)",
                    ) from None
                time.sleep(random.uniform(0.05, 0.2))
        self.fd = fd
        previous = _read_record(fd)
        if previous.get("state") == "running":
            # The last holder never wrote "done": it was killed or crashed.
            self.recovered = previous
            self._clean_after(previous)
        self._record = {"pid": os.getpid(), "started": time.time(), "state": "running", "holding": []}
        self._write()

    def _clean_after(self, previous: dict[str, object]) -> None:
        when = previous.get("noted")
        holding = previous.get("holding")
        if not isinstance(holding, list) or not isinstance(when, (int, float)):
            return
        for rel in holding:
            if not isinstance(rel, str) or ".." in rel.split("/") or not rel.endswith(".lock"):
                continue
            target = self.gitdir / rel
            try:
                st = os.lstat(target)
            except OSError:
                continue
            # Written by the dead holder if it is not newer than its note (+ clock slack).
            if st.st_mtime <= float(when) + 5.0:
                try:
                    os.unlink(target)
                    self.removed.append(rel)
                except OSError:
                    pass

    @contextmanager
    def holding(self, *git_locks: str) -> Iterator[None]:
        """Note the git lock files (relative to .git) about to be created, for crash recovery."""
        self._record["holding"] = list(git_locks)
        self._record["noted"] = time.time()
        self._write()
        try:
            yield
        finally:
            self._record["holding"] = []
            self._write()

    def _write(self) -> None:
        if self.fd is None:
            return
        # Padded to a fixed size and written in place: no truncate, one syscall.
        data = json.dumps(self._record).encode()
        os.pwrite(self.fd, data.ljust(max(_RECORD, len(data)), b" "), 0)

    def release(self) -> None:
        if self.fd is None:
            return
        self._record["state"] = "done"
        self._record["holding"] = []
        try:
            self._write()
        finally:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def _read_record(fd: int) -> dict[str, object]:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        data = os.read(fd, 4096).strip()
        value = json.loads(data) if data else {}
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}
