"""The change-monitor daemon: inotify watches on memory roots, answered over a unix socket.

    python -m memsync.recall.monitord --folder <cache>/monitor --idle SECONDS

Started detached by the first one-shot search that finds none (``monitor.py``);
one per cache folder (an exclusive lock on ``<folder>/lock``; a second one
exits at once). For every root it is asked about it watches the root folder
and its category folders (``watch.Watcher``, one inotify descriptor per root,
so one root's queue overflow or lost watch touches no other) and keeps a
generation number, taken from one counter, so no two states of any root ever
share a number within a run.

Protocol: the client sends one line ``{"root": "/real/path"}`` and reads one
line ``{"instance": ID, "gen": N, "fresh": BOOL}`` (or ``{"instance": ID,
"error": "..."}``). Before answering, the daemon reads every event queued for
that root: a change whose system call returned before the question is in the
queue, so the answer accounts for it. An event on an entry file (name, content,
mode), a category folder appearing or leaving, the root's own mode, and any
doubt (queue overflow, a watch lost, the path now naming another folder) moves
the generation; doubt also throws the watches away and sets them anew, and the
next answer says ``fresh``. Events that cannot change an entry (``.state.json``,
``ROOT.md``, ``index.md``, dot-files) do not.

Every request is hostile: the peer must be this user (SO_PEERCRED), the line
is bounded, and anything malformed closes the connection unanswered. The daemon
exits after ``--idle`` seconds without a question, on SIGTERM, when inotify is
unavailable, and when its socket file is removed or replaced.
"""
from __future__ import annotations

import argparse
import fcntl
import json
import os
import select
import signal
import socket
import stat
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any

from memsync.recall import fresh, watch
from memsync.recall.monitor import _UCRED, LOCK, SOCKET, SUN_PATH_MAX

MAX_LINE = 4096
MAX_ROOTS = 64  # least recently asked roots beyond this lose their watches
MAX_CATEGORIES = 4096  # inotify watches are a per-user budget shared with editors and IDEs
CLIENT_TIMEOUT_S = 0.2  # a client that does not send its line by then is dropped
HOUSEKEEPING_S = 10.0


@dataclass
class _Root:
    """A root the monitor daemon watches."""

    watcher: watch.Watcher
    ident: tuple[int, int]  # (st_dev, st_ino) of the folder the watches are on
    gen: int
    fresh: bool
    used: float


class Monitor:
    """The watched roots and their generations (no sockets: tested directly)."""

    def __init__(self) -> None:
        self.instance = os.urandom(8).hex()
        self._gens = count(1)
        self.roots: dict[str, _Root] = {}

    def query(self, root: str) -> dict[str, Any]:
        """The answer for ``root`` after reading every pending event."""
        try:
            st = os.stat(root)
        except OSError:
            st = None
        if st is None or not stat.S_ISDIR(st.st_mode):
            self._drop(root)
            return {"instance": self.instance, "error": "not a folder"}
        ident = (st.st_dev, st.st_ino)
        cur = self.roots.get(root)
        if cur is not None and cur.ident != ident:
            self._drop(root)  # a parent was renamed or mounted over: the path names another folder
            cur = None
        if cur is not None and not self._drain(root, cur):
            cur = None
        if cur is None:
            cur = self._watch(root, ident)
            if cur is None:
                return {"instance": self.instance, "error": "cannot watch"}
        cur.used = time.monotonic()
        answer = {"instance": self.instance, "gen": cur.gen, "fresh": cur.fresh}
        cur.fresh = False
        return answer

    def drain_fd(self, fd: int) -> None:
        """Read the events of the root watched through ``fd`` (between questions)."""
        for root, cur in list(self.roots.items()):
            if cur.watcher.fd == fd:
                self._drain(root, cur)

    def fds(self) -> list[int]:
        return [cur.watcher.fd for cur in self.roots.values()]

    def close(self) -> None:
        for root in list(self.roots):
            self._drop(root)

    def _drain(self, root: str, cur: _Root) -> bool:
        """Apply pending events; False when the watches were dropped (set anew on the next question)."""
        changed = cur.watcher.drain()
        if changed is None:
            self._drop(root)
            return False
        if changed:
            cur.gen = next(self._gens)
        return True

    def _watch(self, root: str, ident: tuple[int, int]) -> _Root | None:
        if len(self.roots) >= MAX_ROOTS:
            self._drop(min(self.roots, key=lambda r: self.roots[r].used))
        w = watch.Watcher.create(Path(root))
        if w is None:
            return None
        try:
            names = fresh.categories(Path(root))
            ok = len(names) <= MAX_CATEGORIES and w.watch(names)
            # The root watch went on by path: make sure it is the folder we stat-ed.
            st = os.stat(root)
            ok = ok and (st.st_dev, st.st_ino) == ident
        except OSError:
            ok = False
        if not ok:
            w.close()
            return None
        cur = _Root(w, ident, next(self._gens), True, time.monotonic())
        self.roots[root] = cur
        return cur

    def _drop(self, root: str) -> None:
        cur = self.roots.pop(root, None)
        if cur is not None:
            cur.watcher.close()


def read_request(data: bytes) -> str | None:
    """The root named by one request line; None for anything else."""
    if len(data) > MAX_LINE:
        return None
    try:
        req = json.loads(data)
    except (ValueError, RecursionError):
        return None
    root = req.get("root") if isinstance(req, dict) else None
    if not isinstance(root, str) or not root.startswith("/") or "\0" in root or len(root) > MAX_LINE:
        return None
    return root if os.path.normpath(root) == root else None


def _peer_uid(conn: socket.socket) -> int:
    return _UCRED.unpack(conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _UCRED.size))[1]


def handle(conn: socket.socket, mon: Monitor) -> None:
    """Answer one connection; anything unexpected closes it unanswered."""
    try:
        if _peer_uid(conn) != os.getuid():
            return
        deadline = time.monotonic() + CLIENT_TIMEOUT_S
        data = b""
        while b"\n" not in data:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            conn.settimeout(left)
            chunk = conn.recv(MAX_LINE + 1)
            if not chunk or len(data) + len(chunk) > MAX_LINE + 1:
                return
            data += chunk
        root = read_request(data[: data.index(b"\n")])
        if root is None:
            return
        conn.sendall(json.dumps(mon.query(root)).encode() + b"\n")
    except OSError:
        pass
    finally:
        conn.close()


def _serve(srv: socket.socket, mon: Monitor, idle_s: float, path: str, ino: int) -> None:
    last = checked = time.monotonic()
    while True:
        now = time.monotonic()
        if now - last >= idle_s:
            return
        if now - checked >= HOUSEKEEPING_S:
            checked = now
            if not _still_ours(path, ino):
                return  # the cache folder was removed or another daemon took over: nobody can reach us
        poller = select.poll()
        poller.register(srv, select.POLLIN)
        for fd in mon.fds():
            poller.register(fd, select.POLLIN)
        wait = min(idle_s - (now - last), HOUSEKEEPING_S - (now - checked))
        for fd, _ in poller.poll(max(wait, 0.001) * 1000):
            if fd != srv.fileno():
                mon.drain_fd(fd)
                continue
            while True:
                try:
                    conn, _ = srv.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    break  # out of descriptors, for instance: try again on the next round
                handle(conn, mon)
                last = time.monotonic()


def _still_ours(path: str, ino: int) -> bool:
    try:
        return os.lstat(path).st_ino == ino
    except OSError:
        return False


def _private(folder: Path) -> bool:
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m memsync.recall.monitord")
    ap.add_argument("--folder", required=True, help="the private folder holding the socket and the lock")
    ap.add_argument("--idle", type=float, default=1800.0, help="exit after this many seconds without a question")
    args = ap.parse_args(argv)
    folder = Path(args.folder)
    path = str(folder / SOCKET)
    if watch._lib() is None or not _private(folder) or len(os.fsencode(path)) > SUN_PATH_MAX:
        return 0
    try:
        lock = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    except OSError:
        return 0
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return 0  # another daemon serves this folder
    os.ftruncate(lock, 0)
    os.write(lock, f"{os.getpid()}\n".encode())
    signal.signal(signal.SIGTERM, _stop)
    mon = Monitor()
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC)
    ino = -1
    private = path
    try:
        # Bind and listen under a private name, then rename over the public one (replacing
        # a killed daemon's socket; we hold the lock, so it is nobody's): whoever finds the
        # socket file finds someone listening.
        private = f"{path}.{os.getpid()}"
        if len(os.fsencode(private)) > SUN_PATH_MAX:
            private = path
        try:
            os.unlink(private)
        except FileNotFoundError:
            pass
        mask = os.umask(0o177)
        try:
            srv.bind(private)
        finally:
            os.umask(mask)
        srv.listen(64)
        srv.setblocking(False)
        os.replace(private, path)
        ino = os.lstat(path).st_ino
        _serve(srv, mon, args.idle, path, ino)
    except (OSError, KeyboardInterrupt):
        pass
    finally:
        srv.close()
        mon.close()
        if _still_ours(path, ino):
            os.unlink(path)
        if private != path and os.path.lexists(private):
            os.unlink(private)
        os.close(lock)
    return 0


if __name__ == "__main__":
    sys.exit(main())
