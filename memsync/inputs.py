"""Text a user names on the command line (``--body-file``, ``--body -``, ``--prompt-file``):
read bounded, and never waited on for ever — a pipe nobody writes to or closes is an error.

Paths here are the user's own input, outside any memory root, so they are opened as given:
``<(cmd)`` is a ``/dev/fd/N`` link to a pipe.
"""
from __future__ import annotations

import os
import stat

from memsync.errors import MemsyncError

PIPE_WAIT = 5.0  # seconds a pipe may stay silent before we stop waiting on it


def read_named(name: str, limit: int, *, what: str, wait: float = PIPE_WAIT, idle: bool = True) -> bytes:
    """At most ``limit`` bytes of the file ``name`` or, for ``-``, of stdin. A regular file is read
    as is; a pipe, socket or device is read while it keeps producing (``idle``) or, without
    ``idle``, for at most ``wait`` seconds in all. Every failure is a MemsyncError naming ``what``."""
    from memsync.hookio import StdinOpen, read_bounded, read_fd, stdin

    if name == "-":
        try:
            return read_bounded(stdin(), limit, wait, idle=idle)
        except StdinOpen as exc:
            raise MemsyncError(f"{what} on stdin: {exc} (close stdin after writing it); nothing was written") from None
        except OSError as exc:
            raise MemsyncError(f"cannot read {what} on stdin: {exc.strerror or exc}") from None
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (select waits for one, bounded).
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise MemsyncError(f"cannot read {what}: {exc.strerror or exc}", path=name) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise MemsyncError(f"cannot read {what}: it is a folder", path=name)
        if stat.S_ISREG(mode) or os.name != "posix":
            return _read_all(fd, limit)  # O_NONBLOCK does not apply to regular files
        try:
            return read_fd(fd, limit, wait, idle=idle)
        except StdinOpen:
            kind = "a pipe" if stat.S_ISFIFO(mode) else "a device or socket"
            how = "stayed silent for" if idle else "did not end within"
            raise MemsyncError(f"{what} is {kind} that {how} {wait:g} s (nobody wrote to it or closed it); "
                               "nothing was written", path=name) from None
    except OSError as exc:
        raise MemsyncError(f"cannot read {what}: {exc.strerror or exc}", path=name) from None
    finally:
        os.close(fd)


def _read_all(fd: int, limit: int) -> bytes:
    chunks, size = [], 0
    while size < limit:
        chunk = os.read(fd, min(limit - size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)
