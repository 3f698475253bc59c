"""Driving `memsync mcp` as hosts do: the official SDK client, the server a real stdio subprocess."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import REPO

mcp = pytest.importorskip("mcp", reason="the MCP SDK (pip install '.[mcp]')")
from mcp import Client, StdioServerParameters  # noqa: E402

NPM_DIR = Path(os.environ.get("MEMSYNC_TEST_NPM_DIR") or Path.home() / ".cache" / "memsync-npm")


def server_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra or {})
    return env


def params(cwd: Path, *args: str, env: dict[str, str] | None = None) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "memsync", "mcp", *args], cwd=str(cwd),
                                 env=server_env(env))


@asynccontextmanager
async def connect(cwd: Path, *args: str, env: dict[str, str] | None = None, **kw: Any) -> AsyncIterator[Client]:
    async with Client(params(cwd, *args, env=env), **kw) as client:
        yield client


def run(fn: Callable[[], Awaitable[Any]]) -> Any:
    return anyio.run(fn)


def text(result: Any) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def make_project(base: Path, name: str = "proj") -> Path:
    """A git repository with an initialised project memory."""
    project = base / name
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=project, check=True)
    out = subprocess.run([sys.executable, "-m", "memsync", "init", "--project"], cwd=project, env=server_env(),
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return project


def npm_bin(name: str) -> str:
    """A host's CLI installed by .ci/run (npm, pinned); CI must have it, elsewhere the test skips."""
    found = NPM_DIR / "node_modules" / ".bin" / name
    if found.exists():
        return str(found)
    on_path = shutil.which(name)
    if on_path:
        return on_path
    if shutil.which("npm"):  # tests/prepare.py installs the hosts wherever npm is: missing is a failure
        pytest.fail(f"{name} is not installed in {NPM_DIR}: run `python3 tests/prepare.py` (README, test command)")
    pytest.skip(f"{name} not installed: npm is not on this machine (tests/prepare.py installs the hosts with it)")


class RawServer:
    """`memsync mcp` as a subprocess spoken to in raw bytes, a line at a time, as a host's transport
    writes them (the SDK client would refuse to send most hostile lines). Replies are read by a
    thread, so a line that gets no reply shows as a timeout, never a hang."""

    def __init__(self, cwd: Path, env: dict[str, str] | None = None) -> None:
        import queue
        import threading

        self.proc = subprocess.Popen([sys.executable, "-m", "memsync", "mcp"], cwd=cwd, env=server_env(env),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.replies: queue.Queue[bytes | None] = queue.Queue()
        self.stderr = b""
        self.stdout: list[bytes] = []
        self.others: list[dict[str, Any]] = []

        def pump_out() -> None:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                self.stdout.append(line)
                self.replies.put(line)
            self.replies.put(None)

        def pump_err() -> None:
            assert self.proc.stderr is not None
            self.stderr = self.proc.stderr.read()

        self._threads = [threading.Thread(target=pump_out, daemon=True), threading.Thread(target=pump_err,
                                                                                       daemon=True)]
        for t in self._threads:
            t.start()

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def request(self, id: Any, method: str, params: dict[str, Any] | None = None) -> None:
        import json

        message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(json.dumps(message).encode() + b"\n")

    def next(self, timeout: float) -> dict[str, Any] | None:
        """The next reply, or None when none came within ``timeout`` seconds (or the server closed)."""
        import json
        import queue

        try:
            line = self.replies.get(timeout=timeout)
        except queue.Empty:
            return None
        return None if line is None else json.loads(line)

    def answer(self, id: Any, timeout: float = 30) -> dict[str, Any] | None:
        """The reply to ``id``; the replies read on the way (to other ids) are kept in ``others``."""
        import time

        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            reply = self.next(left)
            if reply is None:
                return None
            if reply.get("id") == id and ("result" in reply or "error" in reply):
                return reply
            self.others.append(reply)
        return None

    def initialize(self) -> dict[str, Any]:
        self.others = []
        self.request("init", "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                            "clientInfo": {"name": "raw", "version": "0"}})
        reply = self.answer("init")
        assert reply is not None and "result" in reply, reply
        self.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        return reply

    def close(self, timeout: float = 30) -> tuple[int, list[dict[str, Any]], str]:
        """Close stdin; the exit code, every reply not yet read, and stderr."""
        import json

        assert self.proc.stdin is not None
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        for t in self._threads:
            t.join(10)
        rest = []
        while (line := self.replies.get_nowait() if not self.replies.empty() else None) is not None:
            rest.append(json.loads(line))
        return code, rest, self.stderr.decode("utf-8", "replace")
