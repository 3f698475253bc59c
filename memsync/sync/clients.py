"""dulwich clients whose every socket and helper process is watched by a Deadline.

One client per network operation, built for its URL:

- a path or ``file://``: C git's ``upload-pack`` / ``receive-pack`` run on the
  hub when git is installed (the process is watched), else dulwich's local
  client (plain file access, nothing to wait on);
- ``git://``: a TCP connection made here, with a connect timeout of the time
  left, then watched (through ``core.gitProxy``: the proxy process);
- ``ssh://`` and ``user@host:path``: the ssh process, watched through the
  vendor that starts it;
- ``http(s)://``: urllib3 with no retries (a retry would restart the wait),
  every connection's socket watched as it is made, each request given the
  time left as its timeout.

dulwich's TCP and subprocess clients give no way in to the socket or process
they make, so ``_connect`` is written here for them: resolve and connect (or
start the process), wrap it in dulwich's ``Protocol``, announce the service.
"""
from __future__ import annotations

import os
import select
import shutil
import socket
import subprocess
from typing import Any

from memsync.sync.deadline import Deadline
from memsync.sync.urls import HTTP_SCHEMES, is_local, local_path


def make_client(url: str, *, config: Any, user: str | None, password: str | None, auth_callback: Any,
                deadline: Deadline) -> tuple[Any, str]:
    """(client, path on the remote) for ``url`` (already stripped of credentials)."""
    from urllib.parse import urlsplit

    scheme = urlsplit(url).scheme.lower() if "://" in url else ""
    if scheme in HTTP_SCHEMES:
        return _http(url, config, user, password, auth_callback, deadline), urlsplit(url).path
    if is_local(url):
        path = os.path.abspath(local_path(url))
        if shutil.which("git"):
            # C git's upload-pack/receive-pack on the hub: it finds what to send without
            # walking every tree (dulwich's local client takes 0.1 s for 10,000 files),
            # and honours the hub's hooks, receive.denyNonFastForwards and ref locking.
            return _local_git_class()(deadline), path
        from dulwich.client import LocalGitClient

        return LocalGitClient(), path
    if scheme == "git":
        from urllib.parse import urlparse

        parsed = urlparse(url)
        tcp: Any = _tcp_class()
        client: Any = tcp.from_parsedurl(parsed, config=config)
        client.deadline = deadline
        return client, parsed.path
    from dulwich.client import SSHGitClient, get_transport_and_path

    ssh_command = os.environ.get("GIT_SSH_COMMAND") or os.environ.get("GIT_SSH") or None
    client, path = get_transport_and_path(url, config=config, ssh_command=ssh_command)
    if not isinstance(client, SSHGitClient):
        raise RuntimeError(f"no deadline for a {type(client).__name__}")  # every scheme dulwich has is above
    client.ssh_vendor = _WatchedVendor(client.ssh_vendor, deadline)  # type: ignore[assignment]
    return client, path


class _WatchedVendor:
    """An ssh vendor whose processes the deadline kills."""

    def __init__(self, inner: Any, deadline: Deadline) -> None:
        self.inner = inner
        self.deadline = deadline

    def run_command(self, *args: Any, **kwargs: Any) -> Any:
        self.deadline.check()
        con = self.inner.run_command(*args, **kwargs)
        proc = getattr(con, "proc", None)
        if proc is not None:
            self.deadline.watch_process(proc)
        return con


def _announce(client: Any, proto: Any, cmd: bytes, path: bytes, host: bytes, protocol_version: int | None) -> None:
    """Set the protocol version and send git://'s request line, as dulwich's own ``_connect`` does."""
    from dulwich.protocol import DEFAULT_GIT_PROTOCOL_VERSION_FETCH, DEFAULT_GIT_PROTOCOL_VERSION_SEND

    if cmd == b"upload-pack":
        client.protocol_version = DEFAULT_GIT_PROTOCOL_VERSION_FETCH if protocol_version is None else protocol_version
    else:
        client.protocol_version = DEFAULT_GIT_PROTOCOL_VERSION_SEND
    extra = b"\0\0version=%d\0" % client.protocol_version if cmd == b"upload-pack" and client.protocol_version == 2 else b""
    proto.send_cmd(b"git-" + cmd, path, b"host=" + host + extra)


def _can_read(fd: int) -> bool:
    return bool(select.select([fd], [], [], 0)[0])


_classes: dict[str, type] = {}


def _tcp_class() -> type:
    got = _classes.get("tcp")
    if got is not None:
        return got
    from dulwich.client import TCPGitClient
    from dulwich.protocol import Protocol

    class WatchedTCPGitClient(TCPGitClient):
        deadline: Deadline

        def _connect(self, cmd: bytes, path: Any, protocol_version: int | None = None) -> Any:
            if self._proxy_command is not None:
                return self._connect_proxied(cmd, path, protocol_version)
            self.deadline.check()
            if not isinstance(path, bytes):
                path = path.encode(self._remote_path_encoding)
            sock = socket.create_connection((self._host, self._port), timeout=self.deadline.left())
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.deadline.watch_socket(sock)
            rfile = sock.makefile("rb", -1)
            wfile = sock.makefile("wb", 0)

            def close() -> None:
                rfile.close()
                wfile.close()
                sock.close()

            def shutdown_write() -> None:
                wfile.flush()
                try:
                    sock.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

            proto = Protocol(rfile.read, wfile.write, close, report_activity=self._report_activity,
                             shutdown_write=shutdown_write)
            if path.startswith(b"/~"):
                path = path[1:]
            _announce(self, proto, cmd, path, self._host.encode("ascii"), protocol_version)
            return proto, lambda: _can_read(sock.fileno()), None

        def _connect_proxied(self, cmd: bytes, path: Any, protocol_version: int | None) -> Any:
            """Through ``core.gitProxy``: the proxy process is what the deadline kills."""
            self.deadline.check()
            proto, can_read, stderr = super()._connect(cmd, path, protocol_version)
            owner = getattr(getattr(proto, "_close", None), "__self__", None)  # dulwich's SubprocessWrapper
            proc = getattr(owner, "proc", None)
            if proc is None:
                proto.close()
                raise RuntimeError("cannot watch the git proxy process (dulwich changed)")
            self.deadline.watch_process(proc)
            return proto, can_read, stderr

    _classes["tcp"] = WatchedTCPGitClient
    return WatchedTCPGitClient


def _local_git_class() -> type:
    got = _classes.get("local")
    if got is not None:
        return got
    from dulwich.client import SubprocessGitClient, SubprocessWrapper
    from dulwich.protocol import Protocol

    class WatchedSubprocessGitClient(SubprocessGitClient):
        def __init__(self, deadline: Deadline) -> None:
            super().__init__()
            self.deadline = deadline

        def _connect(self, cmd: bytes, path: Any, protocol_version: int | None = None) -> Any:
            self.deadline.check()
            if isinstance(path, bytes):
                path = path.decode(self._remote_path_encoding)
            proc = subprocess.Popen(
                ["git", cmd.decode("ascii"), path], bufsize=0,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            )
            self.deadline.watch_process(proc)
            wrapper = SubprocessWrapper(proc)
            proto = Protocol(wrapper.read, wrapper.write, wrapper.close, report_activity=self._report_activity)
            return proto, wrapper.can_read, proc.stderr

    _classes["local"] = WatchedSubprocessGitClient
    return WatchedSubprocessGitClient


def _http(url: str, config: Any, user: str | None, password: str | None, auth_callback: Any,
          deadline: Deadline) -> Any:
    import urllib3
    from dulwich.client import default_urllib3_manager

    manager: Any = default_urllib3_manager(config, base_url=url, timeout=deadline.seconds, auth_callback=auth_callback)
    inner = getattr(manager, "_pool_manager", manager)  # dulwich wraps it for the auth callback
    # No retries: each would start the wait again (a silent server took 4x the timeout).
    inner.connection_pool_kw["retries"] = urllib3.Retry(total=None, connect=0, read=0, status=0, other=0, redirect=5)
    inner.pool_classes_by_scheme = {scheme: _watched_pool(cls, deadline)
                                    for scheme, cls in inner.pool_classes_by_scheme.items()}
    client = _http_class()(url, config=config, username=user, password=password, pool_manager=manager,
                           timeout=deadline.seconds)
    client.deadline = deadline
    return client


def _watched_pool(pool_cls: type, deadline: Deadline) -> type:
    base_conn: Any = pool_cls.ConnectionCls  # type: ignore[attr-defined]

    class WatchedConnection(base_conn):  # type: ignore[misc, valid-type]
        def _new_conn(self) -> socket.socket:
            deadline.check()
            given: Any = getattr(self, "timeout", None)
            setattr(self, "timeout", min(given, deadline.left()) if isinstance(given, (int, float)) else deadline.left())
            sock = super()._new_conn()
            deadline.watch_socket(sock)
            return sock

    return type(f"Watched{pool_cls.__name__}", (pool_cls,), {"ConnectionCls": WatchedConnection})


def _http_class() -> type:
    got = _classes.get("http")
    if got is not None:
        return got
    from dulwich.client import Urllib3HttpGitClient

    class WatchedHttpGitClient(Urllib3HttpGitClient):
        deadline: Deadline

        def _http_request(self, url: str, headers: Any = None, data: Any = None, raise_for_status: bool = True) -> Any:
            self.deadline.check()
            self._timeout = self.deadline.left()  # each request waits at most what is left
            return super()._http_request(url, headers, data, raise_for_status)

    _classes["http"] = WatchedHttpGitClient
    return WatchedHttpGitClient
