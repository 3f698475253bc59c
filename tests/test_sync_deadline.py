"""Every network operation of sync ends within ``sync.timeout``, however the remote behaves:
a server that never answers, one that trickles a byte at a time, a hub whose hook hangs,
an ssh that never returns. All servers are real sockets or processes on 127.0.0.1. No
retry restarts the wait (the server sees one connection), and nothing process-global is
touched (``socket.getdefaulttimeout`` stays None while a sync waits)."""
from __future__ import annotations

import os
import shlex
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import git
from remotes import Device, make_hub, make_pair

TIMEOUT = 1  # sync.timeout for these tests; a hung operation would otherwise last for hours


class HostileServer:
    """Accepts connections on 127.0.0.1 and answers each with ``reply`` (called with the
    socket), counting connections; ``stop`` closes everything."""

    def __init__(self, reply) -> None:  # type: ignore[no-untyped-def]
        self.reply = reply
        self.connections = 0
        self.stopping = threading.Event()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.1)
        self.port = self.listener.getsockname()[1]
        self.threads: list[threading.Thread] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            t = threading.Thread(target=self._handle, args=(conn,), daemon=True)
            t.start()
            self.threads.append(t)

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(0.1)
        try:
            self.reply(conn, self.stopping)
        except OSError:
            pass
        finally:
            conn.close()

    def stop(self) -> None:
        self.stopping.set()
        self.listener.close()
        self.thread.join(5)
        for t in self.threads:
            t.join(5)


def silent(conn: socket.socket, stopping: threading.Event) -> None:
    """Read whatever comes, never say a word."""
    while not stopping.is_set():
        try:
            if not conn.recv(4096):
                return
        except TimeoutError:
            continue


def trickle(conn: socket.socket, stopping: threading.Event) -> None:
    """Start an HTTP answer, then send one byte of an endless header every 0.2 s."""
    conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
    while not stopping.is_set():
        conn.sendall(b"a")
        stopping.wait(0.2)


@pytest.fixture
def device(tmp_path: Path) -> Device:
    a, _ = make_pair(tmp_path, make_hub(tmp_path / "hub.git"))
    a.write(".memsync.yaml", f"sync:\n  timeout: {TIMEOUT}\n  attempts: 3\n")
    a.add("facts/waiting", "waiting", "written before the remote went bad\n")
    return a


def _expect_bounded(out, device: Device) -> None:  # type: ignore[no-untyped-def]
    assert out.returncode == 3, out.stderr
    assert f"no answer within {TIMEOUT} s (sync.timeout)" in out.stderr
    assert "local changes are committed" in out.stderr and "Traceback" not in out.stderr
    assert "facts/waiting.md" in device.git("ls-files")  # committed, waiting for the next sync


@pytest.mark.parametrize(("scheme", "reply"), [("http", silent), ("http", trickle), ("git", silent)],
                         ids=["http-silent", "http-trickle", "git-silent"])
def test_a_server_that_never_finishes_answering_is_given_up_on(device: Device, run, scheme: str, reply) -> None:
    server = HostileServer(reply)
    try:
        device.git("remote", "set-url", "origin", f"{scheme}://127.0.0.1:{server.port}/hub.git")
        out = run("sync", "--root", str(device.path), timeout=60)
    finally:
        server.stop()
    _expect_bounded(out, device)
    assert server.connections == 1  # no retry started the wait again


def test_a_hub_whose_hook_hangs_is_given_up_on(device: Device, run, tmp_path: Path) -> None:
    hub = tmp_path / "hub.git"
    hook = hub / "hooks" / "pre-receive"
    # Hangs for as long as the receive-pack that runs it lives (so it never outlives the test).
    hook.write_text("#!/bin/sh\ncat >/dev/null\nwhile kill -0 $PPID 2>/dev/null; do sleep 0.1; done\n")
    hook.chmod(0o755)
    before = git(hub, "rev-parse", "main")
    out = run("sync", "--root", str(device.path), timeout=60)
    _expect_bounded(out, device)
    assert git(hub, "rev-parse", "main") == before
    hook.unlink()
    device.write(".memsync.yaml", "")
    assert run("sync", "--root", str(device.path)).returncode == 0
    assert "facts/waiting.md" in git(hub, "ls-tree", "-r", "--name-only", "main")


def test_an_ssh_that_never_returns_is_given_up_on(device: Device, run, tmp_path: Path) -> None:
    script = tmp_path / "stuck_ssh.py"
    script.write_text("import time\ntime.sleep(600)\n")
    env = {"GIT_SSH_COMMAND": f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"}
    device.git("remote", "set-url", "origin", f"ssh://memsync-test-host{tmp_path / 'hub.git'}")
    out = run("sync", "--root", str(device.path), env=env, timeout=60)
    _expect_bounded(out, device)
    assert not _processes_running(str(script))  # the deadline killed it


def _processes_running(needle: str) -> bool:
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as fh:
                if needle.encode() in fh.read():
                    return True
        except OSError:
            continue
    return False


def test_no_process_global_timeout_while_a_sync_waits(device: Device) -> None:
    from memsync.roots import Root
    from memsync.sync.engine import sync_root

    server = HostileServer(silent)
    seen: list[float | None] = []
    done = threading.Event()
    got = {}

    def work() -> None:
        got["result"] = sync_root(Root.at(device.path))
        done.set()

    try:
        device.git("remote", "set-url", "origin", f"http://127.0.0.1:{server.port}/hub.git")
        worker = threading.Thread(target=work)
        worker.start()
        while not done.is_set():
            seen.append(socket.getdefaulttimeout())
            with socket.socket() as probe:
                seen.append(probe.gettimeout())
            time.sleep(0.05)
        worker.join()
    finally:
        server.stop()
    assert got["result"].outcome == "offline" and "no answer within" in got["result"].message
    assert len(seen) > 2 and set(seen) == {None}
