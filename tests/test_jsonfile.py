"""memsync.jsonfile: small JSON files written atomically and read back as written."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from memsync.jsonfile import read_json, write_json

NOT_UTF8 = os.fsdecode(b"/tmp/g\xffx")  # a path whose bytes are not UTF-8, as os.fsdecode keeps it


@pytest.mark.parametrize("value", [
    {"root": "/home/u/memory", "entries": {"facts/a.md": [1, 2]}},
    {"root": "/home/用户/记忆"},  # written as UTF-8, not escaped
    {"root": NOT_UTF8},
    {"paths": [NOT_UTF8, "ok", "中文"]},
    [],
])
def test_a_value_reads_back_as_written(tmp_path: Path, value: object) -> None:
    target = tmp_path / "cache" / "x.json"
    write_json(target, value)
    assert read_json(target) == value
    assert not [p for p in target.parent.iterdir() if p != target]  # no temporary file left


def test_utf8_text_stays_readable_in_the_file(tmp_path: Path) -> None:
    write_json(tmp_path / "x.json", {"root": "/home/用户"})
    assert "用户" in (tmp_path / "x.json").read_text(encoding="utf-8")


def test_a_global_root_whose_path_is_not_utf8_is_inspected(run, tmp_path: Path) -> None:
    # the parse cache records the root's path: a path of non-UTF-8 bytes once stopped inspect
    # (and memory_inspect over MCP) with an internal error
    root = tmp_path / os.fsdecode(b"g\xffx")
    env = {"MEMSYNC_GLOBAL_ROOT": str(root), "MEMSYNC_CACHE_DIR": str(tmp_path / "cache")}
    assert run("init", "--global", env=env).returncode == 0
    wrote = run("remember", "--scope", "global", "--category", "facts", "--summary",
                "Staging Postgres listens on port 5433", env=env)
    assert wrote.returncode == 0, wrote.stderr
    shown = run("inspect", env=env)
    assert shown.returncode == 0, shown.stderr
    assert "internal error" not in shown.stderr
    assert "facts" in shown.stdout
    again = run("inspect", env=env)  # the cache written by the first run is read back
    assert again.returncode == 0 and again.stdout == shown.stdout
