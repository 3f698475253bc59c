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
