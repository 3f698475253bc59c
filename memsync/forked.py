"""Run a piece of work in a forked child and get its bytes back through a pipe.

Used to spread system-call-bound work (stat walks, secret scans) over two cores
in a one-shot process. The caller always has a fallback: when fork is missing
or fails, or the child fails, it does the work itself.
"""
from __future__ import annotations

import os
from collections.abc import Callable


def worthwhile() -> bool:
    """Forking is cheap and safe here: Linux, and no other thread (fork() in a
    process with other threads can deadlock the child; a one-shot command has none)."""
    import sys
    import threading

    return sys.platform.startswith("linux") and threading.active_count() == 1


def start(work: Callable[[], bytes]) -> tuple[int, int] | None:
    """Fork a child that runs ``work`` and writes the result; (pid, read fd), or None."""
    if not hasattr(os, "fork"):
        return None
    try:
        r, w = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(r)
        os.close(w)
        return None
    if pid == 0:  # the child: work, send, leave without running any of the parent's cleanup
        code = 1
        try:
            os.close(r)
            view = memoryview(work())
            while view:
                view = view[os.write(w, view):]
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def collect(child: tuple[int, int]) -> bytes | None:
    """The child's bytes, or None if it failed."""
    pid, r = child
    chunks = []
    try:
        while chunk := os.read(r, 1 << 16):
            chunks.append(chunk)
    finally:
        os.close(r)
        _, status = os.waitpid(pid, 0)
    return b"".join(chunks) if status == 0 else None
