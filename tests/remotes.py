"""Real git remotes for sync tests, all on 127.0.0.1 with free ports.

- ``make_hub``: a bare repository (HEAD -> main) reached by path.
- ``GitDaemon``: ``git daemon`` serving a folder (push enabled).
- ``HttpBackend``: smart HTTP through ``git http-backend`` behind a small
  threaded Python server that demands basic auth and logs every request line.
- ``fake_ssh``: a stand-in for ``ssh`` (used via GIT_SSH_COMMAND) that runs the
  remote command (git-upload-pack / git-receive-pack) locally.
"""
from __future__ import annotations

import base64
import os
import shlex
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest


def make_hub(path: Path) -> Path:
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True)
    subprocess.run(["git", "-C", str(path), "config", "receive.denyNonFastForwards", "true"], check=True)
    subprocess.run(["git", "-C", str(path), "config", "receive.denyDeletes", "true"], check=True)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen | None = None, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited early: {proc.stderr.read() if proc.stderr else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")


class GitDaemon:
    """``git daemon`` on a free port; ``url(name)`` is the git:// URL of ``base/name``."""

    def __init__(self, base: Path) -> None:
        self.base = base
        for attempt in range(5):
            self.port = free_port()
            self.proc = subprocess.Popen(
                ["git", "daemon", "--reuseaddr", "--listen=127.0.0.1", f"--port={self.port}", "--export-all",
                 "--enable=receive-pack", f"--base-path={base}", str(base)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            )
            try:
                _wait_port(self.port, self.proc)
                return
            except RuntimeError:
                self.stop()
        raise RuntimeError("git daemon did not start")

    def url(self, name: str) -> str:
        return f"git://127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stderr:
            self.proc.stderr.close()


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt: str, *args: object) -> None:
        self.server.log.append(fmt % args)

    def do_GET(self) -> None:
        self._cgi()

    def do_POST(self) -> None:
        self._cgi()

    def _authorized(self) -> str | None:
        header = self.headers.get("Authorization", "")
        self.server.auth_headers.append(header)
        if not header.startswith("Basic "):
            return None
        try:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
        except ValueError:
            return None
        return user if (user, password) == self.server.credentials else None

    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            out = b""
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    return out
                out += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _cgi(self) -> None:
        body = self._body() if self.command == "POST" else b""
        user = self._authorized()
        if user is None:
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="memsync-test"')
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        path, _, query = self.path.partition("?")
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_PROJECT_ROOT": str(self.server.base),
            "GIT_HTTP_EXPORT_ALL": "1",
            "REQUEST_METHOD": self.command,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_USER": user,
            "REMOTE_ADDR": "127.0.0.1",
            "GIT_CONFIG_NOSYSTEM": "1",
            "HOME": str(self.server.base),
        }
        if self.headers.get("Content-Encoding"):
            env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
        if self.headers.get("Git-Protocol"):
            env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
        out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True, check=False).stdout
        head, _, payload = out.partition(b"\r\n\r\n")
        status = 200
        headers = []
        for line in head.split(b"\r\n"):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    base: Path
    credentials: tuple[str, str]
    log: list[str]
    auth_headers: list[str]


class HttpBackend:
    """Smart HTTP on a free port; every request needs basic auth ``user:password``."""

    def __init__(self, base: Path, user: str = "alice", password: str = "s3cret-Pa55") -> None:
        self.server = _Server(("127.0.0.1", 0), _Handler)
        self.server.base = base
        self.server.credentials = (user, password)
        self.server.log = []
        self.server.auth_headers = []
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, name: str, *, with_credentials: bool = False) -> str:
        user, password = self.server.credentials
        auth = f"{user}:{password}@" if with_credentials else ""
        return f"http://{auth}127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


FAKE_SSH = r'''
import os, shlex, subprocess, sys
args = sys.argv[1:]
takes_value = {"-p", "-o", "-i", "-l", "-F", "-c", "-m", "-b", "-e", "-J"}
i = 0
while i < len(args) and args[i].startswith("-"):
    i += 2 if args[i] in takes_value else 1
host, command = args[i], " ".join(args[i + 1:])
with open(os.environ["FAKE_SSH_LOG"], "a") as log:
    log.write(f"{host} {command}\n")
words = shlex.split(command)
sys.exit(subprocess.call(words))
'''


@contextmanager
def served_hub(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A bare hub under ``tmp_path/served`` behind ``git daemon``: (hub path, its git:// URL)."""
    base = tmp_path / "served"
    base.mkdir()
    hub = make_hub(base / "hub.git")
    daemon = GitDaemon(base)
    try:
        yield hub, daemon.url("hub.git")
    finally:
        daemon.stop()


def fake_ssh(folder: Path) -> dict[str, str]:
    """Environment that makes git and memsync reach ssh://anyhost/<abs path> through a local stand-in."""
    script = folder / "fake_ssh.py"
    script.write_text(FAKE_SSH)
    log = folder / "fake_ssh.log"
    log.touch()
    return {
        "GIT_SSH_COMMAND": f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}",
        "FAKE_SSH_LOG": str(log),
    }


# -- devices: memory roots connected to a hub ----------------------------------------------

def entry_text(entry_id: str, summary: str, body: str, *, updated: int = 1_700_000_000_000,
               created: int = 1_700_000_000_000, load_when: list[str] | None = None, extra: str = "") -> str:
    lines = ["---", f"id: {entry_id}", "kind: fact", f"summary: {summary}", f"created: {created}",
             f"updated: {updated}"]
    if load_when:
        lines.append("load_when:")
        lines += [f"  - {w}" for w in load_when]
    if extra:
        lines.append(extra.rstrip("\n"))
    lines += ["---", "", body.rstrip("\n"), ""]
    return "\n".join(lines)


class Device:
    """A memory root on one 'device', synced in-process (fast) or as a subprocess."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, rel: str, text: str) -> Path:
        target = self.path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        return target

    def read(self, rel: str) -> str:
        return (self.path / rel).read_text(encoding="utf-8")

    def add(self, entry_id: str, summary: str, body: str, **kw) -> Path:  # type: ignore[no-untyped-def]
        return self.write(f"{entry_id}.md", entry_text(entry_id, summary, body, **kw))

    def init(self, url: str) -> int:
        from memsync.cli import main

        return main(["sync", "init", url, "--root", str(self.path)])

    def sync(self):  # type: ignore[no-untyped-def]
        from memsync.roots import Root
        from memsync.sync.engine import sync_root

        return sync_root(Root.at(self.path))

    def files(self) -> dict[str, str]:
        out = {}
        for p in sorted(self.path.rglob("*")):
            rel = p.relative_to(self.path).as_posix()
            if p.is_file() and not rel.startswith(".git/") and rel != ".state.json":
                out[rel] = p.read_text(encoding="utf-8", errors="replace")
        return out

    def git(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(["git", "-C", str(self.path), *args], capture_output=True, text=True, check=False)
        if check and out.returncode != 0:
            raise AssertionError(f"git {' '.join(args)}: {out.stderr}")
        return out.stdout


def make_pair(tmp_path: Path, hub: Path) -> tuple[Device, Device]:
    """Device A with two entries, pushed to an empty hub; device B adopts it."""
    from memsync.cli import main

    a, b = Device(tmp_path / "a"), Device(tmp_path / "b")
    assert main(["init", "--root", str(a.path)]) == 0
    a.add("facts/alpha", "alpha", "line 1\nline 2\nline 3\nline 4\nline 5\n", load_when=["alpha"])
    a.add("facts/beta", "beta", "beta body\n")
    assert a.init(str(hub)) == 0
    assert b.init(str(hub)) == 0
    return a, b


@pytest.fixture
def hub(tmp_path: Path) -> Path:
    """A bare hub reached by path (a fixture: import it into a test module to use it)."""
    return make_hub(tmp_path / "hub.git")


@pytest.fixture
def pair(tmp_path: Path, hub: Path) -> tuple[Device, Device]:
    """Two devices synced through ``hub`` (see ``make_pair``)."""
    return make_pair(tmp_path, hub)


def synced(result) -> bool:  # type: ignore[no-untyped-def]
    """The sync ended well (the command line would exit 0)."""
    return result.outcome in ("ok", "up-to-date")


def fsck(path: Path) -> None:
    """``git fsck --strict`` reports no error or warning (dangling objects are fine)."""
    out = subprocess.run(["git", "-C", str(path), "fsck", "--strict", "--no-progress"], capture_output=True,
                         text=True, check=False)
    bad = [ln for ln in (out.stdout + out.stderr).splitlines() if ln and not ln.startswith("dangling ")]
    assert out.returncode == 0 and not bad, f"fsck of {path}: {bad}"


def history_paths(path: Path) -> set[str]:
    """Every path that ever appeared in any commit of the repo."""
    out = subprocess.run(["git", "-C", str(path), "log", "--all", "--format=", "--name-only"],
                         capture_output=True, text=True, check=True).stdout
    return {ln for ln in out.splitlines() if ln}


MARKERS = ("<<<<<<<", ">>>>>>>", "\n=======\n")
