"""Ask the change-monitor daemon whether a root may have changed (the client side).

A one-shot search must prove that nothing changed since the index was last
brought in line with the files; the stat walk does it with one ``lstat`` per
entry file. The daemon (``memsync.recall.monitord``, Linux only) keeps inotify
watches on every root it was asked about and answers with a *token*: its run's
random id and a generation number that moves on every event that could touch
an entry. The engine asks for a token BEFORE its walk and stores it with the
index after the walk; a later search that gets the very same token knows that
no such event happened since that walk began, and skips the walk.

Correctness never rests on the daemon: a missing, dead, slow (over
``TIMEOUT_S``), foreign or confused daemon gives no token, and the search walks
exactly as before. When there is no daemon, the first search starts one
(detached) and walks itself this time.
"""
from __future__ import annotations

import json
import os
import struct
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.roots import cache_dir

TIMEOUT_S = 0.05  # connect + answer; the walk is the fallback, so waiting longer buys nothing
MAX_ANSWER = 1024
RESTART_S = 5.0  # a process starts at most one daemon in this time (it takes ~0.1 s to listen)
SUN_PATH_MAX = 107  # sockaddr_un.sun_path holds 108 bytes with the closing NUL
DEFAULT_IDLE_MINUTES = 30
SOCKET = "socket"
LOCK = "lock"
_UCRED = struct.Struct("iII")  # struct ucred: pid, uid, gid


@dataclass(frozen=True)
class Token:
    """The change monitor's generation for a root: the same token again means no change since."""

    key: str  # "<instance> <gen>": what the index stores
    fresh: bool  # the daemon has just started watching this root: the token vouches for nothing yet


@dataclass(frozen=True)
class Options:
    """Whether the change monitor runs, and how long it stays idle."""

    enabled: bool
    idle_s: float


def options(config: dict[str, Any]) -> Options:
    """``search.monitor`` and ``search.monitor_idle_minutes``, validated; env switches."""
    section = config.get("search")
    section = section if isinstance(section, dict) else {}  # rank.settings_from reports a bad one
    enabled = section.get("monitor", True)
    if not isinstance(enabled, bool):
        raise MemsyncError(f"config: search.monitor must be true or false, not {enabled!r}")
    minutes = section.get("monitor_idle_minutes", DEFAULT_IDLE_MINUTES)
    if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not 1 <= minutes <= 10_080:
        raise MemsyncError(f"config: search.monitor_idle_minutes must be a number from 1 to 10080, not {minutes!r}")
    idle_s = float(minutes) * 60
    override = os.environ.get("MEMSYNC_MONITOR_IDLE", "")  # seconds; the tests keep daemons short-lived
    if override:
        try:
            idle_s = max(float(override), 0.1)
        except ValueError:
            pass
    off = os.environ.get("MEMSYNC_NO_MONITOR", "") not in ("", "0")
    return Options(enabled and not off and sys.platform.startswith("linux"), idle_s)


def folder() -> Path:
    return cache_dir() / "monitor"


def socket_path() -> str | None:
    """Where the daemon listens; None when the path is too long for a unix socket."""
    path = os.path.join(folder(), SOCKET)
    return path if len(os.fsencode(path)) <= SUN_PATH_MAX else None


_STARTED: dict[str, float] = {}  # socket path -> when this process last started a daemon for it
_CHILDREN: list[Any] = []  # Popen objects of the daemons this process started, until they exit


class Client:
    """Tokens for one search; starts the daemon (once per process) when there is none."""

    def __init__(self, opts: Options) -> None:
        self.opts = opts

    def token(self, root: Path) -> Token | None:
        path = socket_path()
        if path is None:
            return None
        try:
            # The daemon watches folders, not names: ask about the folder a symlinked root leads to.
            answer = _ask(path, {"root": os.path.realpath(root)})
        except (FileNotFoundError, ConnectionRefusedError):
            self._start(path)  # nobody listens (never started, idle exit, killed): start one for next time
            return None
        except (OSError, ValueError):
            return None  # slow, foreign, broken: walk
        return _token(answer)

    def _start(self, path: str) -> None:
        now = time.monotonic()
        if now - _STARTED.get(path, -RESTART_S) < RESTART_S:
            return  # one is on its way
        _STARTED[path] = now
        _reap()
        try:
            here = folder()
            _private_folder(here)
            if _locked(here / LOCK):
                return  # a daemon holds the lock: it is starting, or exiting
            _spawn(here, self.opts.idle_s)
        except (OSError, ValueError):
            pass  # no daemon this time; the walk does the job


def _ask(path: str, request: dict[str, str], timeout: float = TIMEOUT_S) -> Any:
    """Send one request line, read one answer line, within ``timeout`` in all."""
    import _socket  # the C module: ``socket`` would add several ms of imports to every search

    deadline = time.monotonic() + timeout
    s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM | _socket.SOCK_CLOEXEC)
    try:
        s.settimeout(timeout)
        s.connect(path)
        _, uid, _ = _UCRED.unpack(s.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, _UCRED.size))
        if uid != os.getuid():
            raise ValueError("the monitor socket belongs to another user")
        s.sendall(json.dumps(request).encode() + b"\n")
        data = b""
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or len(data) > MAX_ANSWER:
                raise ValueError("no answer")
            s.settimeout(left)
            chunk = s.recv(MAX_ANSWER + 1)
            if not chunk:
                raise ValueError("the monitor closed the connection")
            data += chunk
        return json.loads(data)
    except _socket.timeout as exc:
        raise ValueError("the monitor did not answer in time") from exc
    except RecursionError as exc:  # json nested deeper than the interpreter's limit
        raise ValueError("a malformed answer") from exc
    finally:
        s.close()


def _token(answer: Any) -> Token | None:
    """A token from the daemon's answer; None for anything malformed or an error answer."""
    if not isinstance(answer, dict):
        return None
    instance, gen, fresh = answer.get("instance"), answer.get("gen"), answer.get("fresh")
    if not (isinstance(instance, str) and 0 < len(instance) <= 64 and instance.isalnum()):
        return None
    if isinstance(gen, bool) or not isinstance(gen, int) or gen < 0 or not isinstance(fresh, bool):
        return None
    return Token(f"{instance} {gen}", fresh)


def _private_folder(path: Path) -> None:
    """Create ``path`` 0700; refuse one that is a symlink, another user's, or open to others."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        pass
    st = os.lstat(path)
    import stat

    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise ValueError(f"{path} is not a folder of this user")
    if st.st_mode & 0o077:
        os.chmod(path, 0o700)


def _locked(lock: Path) -> bool:
    """Does a daemon hold the lock of this folder?"""
    import fcntl

    try:
        fd = os.open(lock, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # also drops our shared lock
    return False


def _spawn(here: Path, idle_s: float) -> None:
    """Start the daemon fully detached: own session, no inherited descriptors, stdio to /dev/null."""
    import subprocess

    if not sys.executable:
        return
    package_parent = str(Path(__file__).resolve().parent.parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync.recall.monitord", "--folder", str(here), "--idle", f"{idle_s:g}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        close_fds=True, start_new_session=True, cwd="/", env=env,
    )
    _CHILDREN.append(proc)


def _reap() -> None:
    """Collect daemons this process started that have exited (a long-lived library user)."""
    _CHILDREN[:] = [p for p in _CHILDREN if p.poll() is None]
