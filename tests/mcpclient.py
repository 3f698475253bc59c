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
