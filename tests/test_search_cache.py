"""The cache is only a cache: deleted, truncated, corrupted, from another schema
or locked by another process, search still answers correctly. And recall counts
survive eight processes searching at once."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO
from memsync.recall.index import SCHEMA, db_path
from test_search_helpers import json_ids, write_entry


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    for i in range(30):
        write_entry(root, f"facts/n{i:02}.md", f"日志 轮转 第{i}条", "logrotate 每天 " * (i + 1))
    write_entry(root, "decisions/deploy.md", "部署脚本用pnpm而不是npm", "lockfile 不兼容")
    return root


def _search(cli, root: Path, query: str = "部署") -> tuple[int, list[str], str]:
    code, out, err = cli("search", query, "--root", str(root), "--json")
    return code, json_ids(out), err


def _db(root: Path) -> Path:
    return db_path(Path(os.path.realpath(root)))


def test_deleted_cache_is_rebuilt(cli, mem: Path) -> None:
    assert _search(cli, mem) == (0, ["decisions/deploy"], "")
    for p in _db(mem).parent.iterdir():
        p.unlink()
    assert _search(cli, mem) == (0, ["decisions/deploy"], "")
    assert _db(mem).exists()


@pytest.mark.parametrize("keep", [0, 100, 4096, "half"])
def test_truncated_cache(cli, mem: Path, keep) -> None:
    assert _search(cli, mem)[1] == ["decisions/deploy"]
    db = _db(mem)
    size = db.stat().st_size
    os.truncate(db, size // 2 if keep == "half" else keep)
    write_entry(mem, "facts/new.md", "部署 完成后 通知")
    code, found, err = _search(cli, mem)
    assert code == 0 and sorted(found) == ["decisions/deploy", "facts/new"]
    assert "Traceback" not in err
    code, again, _ = _search(cli, mem)
    assert (code, sorted(again)) == (0, found)


@pytest.mark.parametrize("seed", range(4))
def test_corrupt_bytes(cli, mem: Path, seed: int) -> None:
    import random

    assert _search(cli, mem)[1] == ["decisions/deploy"]
    db = _db(mem)
    rng = random.Random(seed)
    data = bytearray(db.read_bytes())
    for _ in range(8):
        at = rng.randrange(100, len(data) - 64)
        data[at : at + 64] = bytes(rng.randrange(256) for _ in range(64))
    db.write_bytes(bytes(data))
    for _ in range(2):
        code, out, err = cli("search", "部署", "--root", str(mem), "--json")
        assert (code, json_ids(out)) == (0, ["decisions/deploy"]), err
        assert "Traceback" not in err and "internal error" not in err
        code, found, _ = _search(cli, mem, "logrotate")
        assert code == 0 and len(found) == 10 and all(f.startswith("facts/n") for f in found)


def test_schema_change_rebuilds(cli, mem: Path) -> None:
    assert _search(cli, mem)[1] == ["decisions/deploy"]
    db = sqlite3.connect(_db(mem))
    db.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    db.execute("DELETE FROM docs")
    db.commit()
    db.close()
    assert _search(cli, mem) == (0, ["decisions/deploy"], "")
    db = sqlite3.connect(_db(mem))
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA
    db.close()


def test_cache_written_by_another_program_is_rebuilt(cli, mem: Path) -> None:
    assert _search(cli, mem)[1] == ["decisions/deploy"]
    db = sqlite3.connect(_db(mem))
    db.execute("DELETE FROM fts")  # a well-formed file that would silently miss every hit
    db.commit()
    db.close()
    assert _search(cli, mem) == (0, ["decisions/deploy"], "")


def test_foreign_file_in_place_of_the_cache(cli, mem: Path) -> None:
    db = _db(mem)
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(b"not a database at all" * 100)
    assert _search(cli, mem) == (0, ["decisions/deploy"], "")


_LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":  # nobody may even read
    db.execute("BEGIN EXCLUSIVE")
else:  # a writer in the middle of a transaction
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO meta VALUES ('locker', 'x')")
print("locked", flush=True)
sys.stdin.read()
"""


@pytest.mark.parametrize("mode", ["write", "exclusive"])
def test_locked_by_another_process(cli, mem: Path, mode: str) -> None:
    assert _search(cli, mem)[1] == ["decisions/deploy"]
    locker = subprocess.Popen([sys.executable, "-c", _LOCKER, str(_db(mem)), mode],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout.readline() == "locked\n"
        code, found, err = _search(cli, mem)
        assert (code, found) == (0, ["decisions/deploy"])
        if mode == "exclusive":
            assert "locked by another process; answered from a temporary index" in err
        write_entry(mem, "facts/new.md", "部署 需要 审批")
        code, found, err = _search(cli, mem)
        assert code == 0 and sorted(found) == ["decisions/deploy", "facts/new"]
        assert "locked by another process; answered from a temporary index" in err
        assert "Traceback" not in err
    finally:
        locker.communicate("")
    code, found, err = _search(cli, mem)
    assert (code, sorted(found), err) == (0, ["decisions/deploy", "facts/new"], "")


_SEARCHER = """
import sys, time
from memsync.cli import main
start = float(sys.argv[2])
while time.time() < start:
    time.sleep(0.005)
for _ in range(int(sys.argv[3])):
    assert main(["search", "日志", "--root", sys.argv[1], "--limit", "3", "--json"]) == 0
"""


def test_eight_processes_lose_no_recall_count(mem: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    start = time.time() + 1.5
    procs = [
        subprocess.Popen([sys.executable, "-c", _SEARCHER, str(mem), str(start), "4"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for _ in range(8)
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 8, errors
    assert not any("Traceback" in e for e in errors)
    state = json.loads((mem / ".state.json").read_text(encoding="utf-8"))
    counts = {k: v["hits"] for k, v in state["recall"].items()}
    assert len(counts) == 3 and set(counts.values()) == {32}
    assert sorted(p.name for p in mem.iterdir()) == [".state.json", "decisions", "facts"]


def test_state_json_symlink_is_not_followed(cli, mem: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (mem / ".state.json").symlink_to(outside)
    code, found, err = _search(cli, mem)
    assert (code, found) == (0, ["decisions/deploy"])
    assert "recall counts not recorded" in err and "symlink" in err
    assert outside.read_text() == "{}"


def test_invalid_state_json_is_replaced_not_fatal(cli, mem: Path) -> None:
    (mem / ".state.json").write_text("{not json")
    assert _search(cli, mem)[:2] == (0, ["decisions/deploy"])
    assert json.loads((mem / ".state.json").read_text())["recall"] == {"decisions/deploy": {
        "hits": 1, "last": json.loads((mem / ".state.json").read_text())["recall"]["decisions/deploy"]["last"]}}
