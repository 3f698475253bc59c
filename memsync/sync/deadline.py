"""A total time limit for one network operation (a fetch, a push, a read of the remote ref).

A socket timeout bounds each wait, not the whole: a server that trickles one
byte a second never trips it, and urllib3's retries multiply it. A Deadline
bounds the operation itself. Each socket it watches waits at most the time
that is left, and when the time is up a timer thread shuts down every socket
and kills every process (ssh, git upload-pack / receive-pack) it watches, so a
blocked read returns at once and the operation fails; ``expired`` then tells
the caller why. Every client gets its own Deadline, so nothing process-global
(like ``socket.setdefaulttimeout``) is touched.
"""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from types import TracebackType
from typing import Any


# A socket whose timeout was set to the time left can give up a moment before the timer fires.
_SLACK = 0.05


class Deadline:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds
        self.expired = False
        self._lock = threading.Lock()
        self._aborts: list[Callable[[], None]] = []
        self._timer: threading.Timer | None = None

    @property
    def passed(self) -> bool:
        """The time is up (or so nearly that a socket timeout ended the wait)."""
        return self.expired or time.monotonic() >= self.end - _SLACK

    def check(self) -> None:
        """Raise TimeoutError once the time is up: nothing new (a connection, a retry, a
        fallback to another protocol) may start after that."""
        if self.passed:
            raise TimeoutError("the deadline passed")

    def left(self) -> float:
        """Seconds left (a little more than zero at the end, for a socket timeout)."""
        return max(self.end - time.monotonic(), 0.001)

    def watch(self, abort: Callable[[], None]) -> None:
        """Call ``abort`` when the time is up (at once if it is up already)."""
        with self._lock:
            if not self.expired:
                self._aborts.append(abort)
                return
        with suppress(OSError):
            abort()

    def watch_socket(self, sock: socket.socket) -> None:
        sock.settimeout(self.left())

        def shut() -> None:
            sock.shutdown(socket.SHUT_RDWR)  # wakes a read blocked in another thread; close() would not

        self.watch(shut)

    def watch_process(self, proc: Any) -> None:
        self.watch(proc.kill)

    def __enter__(self) -> Deadline:
        self._timer = threading.Timer(max(self.end - time.monotonic(), 0.0), self._expire)
        self._timer.name = "memsync-deadline"
        self._timer.daemon = True
        self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer.join()
        with self._lock:
            self._aborts.clear()

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            aborts, self._aborts = self._aborts, []
        for abort in aborts:
            with suppress(OSError):
                abort()
