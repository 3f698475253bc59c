"""A long-lived server meets files other processes make while it runs: a name that is no
entry (bytes that are not UTF-8) is skipped by the watcher as a fresh server skips it."""
from __future__ import annotations

import os
from pathlib import Path

from mcpclient import connect, make_project, run, text
from memtree import snapshot, write_entry


def test_a_non_utf8_file_name_written_while_the_server_runs_is_skipped(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root = project / ".memory"
    write_entry(root, "facts/okapi", "the okapi service listens on 7100")

    async def main() -> None:
        async with connect(project) as c:
            first = await c.call_tool("memory_recall", {"query": "okapi"})
            assert not first.is_error and "facts/okapi" in text(first)
            write_entry(root, "facts/okapi-two", "the okapi worker listens on 7101")
            with open(os.fsencode(str(root / "facts")) + b"/bad\xff.md", "wb") as fh:
                fh.write(b"---\nid: facts/bad\n---\nokapi\n")
            before = {k: v for k, v in snapshot(root).items() if k != ".state.json"}  # recall counts
            second = await c.call_tool("memory_recall", {"query": "okapi"})
            assert not second.is_error, text(second)
            assert "facts/okapi-two" in text(second) and "internal error" not in text(second)
            assert {k: v for k, v in snapshot(root).items() if k != ".state.json"} == before

    run(main)


def test_sigint_ends_the_server_at_once_while_the_host_keeps_stdin_open(tmp_path: Path) -> None:
    """It said "interrupted" and went on living until the host closed stdin: the read of the wire
    sat in a worker thread that the cancellation and the interpreter's exit both waited for."""
    import json
    import signal
    import subprocess
    import sys

    from mcpclient import server_env

    project = make_project(tmp_path)
    p = subprocess.Popen([sys.executable, "-m", "memsync", "mcp"], cwd=project, env=server_env(),
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
        assert p.stdin is not None and p.stdout is not None and p.stderr is not None
        p.stdin.write((json.dumps(hello) + "\n").encode())
        p.stdin.flush()
        assert json.loads(p.stdout.readline())["id"] == 1
        p.send_signal(signal.SIGINT)
        code = p.wait(timeout=30)  # with stdin still open: before, it never exited (TimeoutExpired)
        assert code == 130 and p.stderr.read().decode().endswith("memsync: interrupted\n")
    finally:
        if p.poll() is None:
            p.kill()
