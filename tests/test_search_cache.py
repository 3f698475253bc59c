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
from searchkit import json_ids, write_entry


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
    assert (code, again) == (0, found)


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
    # Eight processes building one fresh cache at once is ordinary: nobody degrades
    # to a temporary index (issue 10, item 19: it did, under load).
    assert errors == [""] * 8
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


@pytest.mark.parametrize("content, why", [
    (b"{not json", "was not valid JSON"),
    (b"\xff\xfe{}", "was not valid JSON"),
    (b"[1, 2]", "was not a JSON object"),
    (b'{"recall": [1]}', "had no valid 'recall' object"),
    pytest.param(b"[" * 100_000, "was not valid JSON", id="deeply-nested"),
])
def test_invalid_state_json_is_reset_and_said_once(cli, mem: Path, content: bytes, why: str) -> None:
    """Issue 10, item 11: a corrupt .state.json is replaced, and the search says so, once."""
    (mem / ".state.json").write_bytes(content)
    code, out, err = cli("search", "部署", "--root", str(mem))
    assert code == 0 and "decisions/deploy" in out
    assert err == f"memsync: mem: .state.json {why}; its recall counts were reset\n"
    recall = json.loads((mem / ".state.json").read_text())["recall"]
    assert set(recall) == {"decisions/deploy"} and recall["decisions/deploy"]["hits"] == 1
    code, out, err = cli("search", "部署", "--root", str(mem), "--json")
    assert (code, err, json.loads(out)["notes"]) == (0, "", [])
    assert json.loads((mem / ".state.json").read_text())["recall"]["decisions/deploy"]["hits"] == 2


def test_a_memsync_writer_holding_the_index_is_waited_for(cli, mem: Path) -> None:
    """Another memsync process updating the index (here: holding its write lock for
    longer than SQLite's busy timeout) is doing the same work: wait, do not degrade."""
    import fcntl

    assert _search(cli, mem)[1] == ["decisions/deploy"]
    write_entry(mem, "facts/new.md", "部署 新的 一条")
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, f"{_db(mem)}.lock", "2.5"], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        t = time.monotonic()
        code, found, err = _search(cli, mem)
        waited = time.monotonic() - t
    finally:
        holder.wait(timeout=30)
    assert (code, sorted(found), err) == (0, ["decisions/deploy", "facts/new"], "")
    assert waited > 1.0  # it did wait for the holder (which kept the lock 2.5 s), not answer from memory
    fd = os.open(f"{_db(mem)}.lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # and left no lock behind
    finally:
        os.close(fd)


_HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
"""


_VALUES = ["9223372036854775808", "-9223372036854775809", "18446744073709551616", "1" + "0" * 400, "1e400",
           "-.inf", ".nan", "1.5", "1.7e12", "'1791000000000'", "abc", "true", "[1, 2]", "{a: 1}",
           "0x7fffffffffffffff", "9223372036854775807"]


@pytest.mark.parametrize("value", _VALUES)
def test_no_time_stamp_a_parse_can_produce_breaks_the_index(cli, mem: Path, value: str) -> None:
    """Issue 10, item 7: `updated: 9223372036854775808` overflowed SQLite and broke every
    search of the root. Whatever a parse makes of updated/created, the entry is indexed
    and found, the root's other entries too, and nothing else is written into the root."""
    (mem / "facts" / "odd.md").write_text(
        f"---\nid: facts/odd\nkind: fact\nsummary: 部署 时间戳\nupdated: {value}\ncreated: {value}\n---\n\nbody\n",
        encoding="utf-8")
    before = sorted(p.name for p in mem.rglob("*"))
    for _ in range(2):
        code, found, err = _search(cli, mem)
        assert code == 0 and err == "" and sorted(found) == ["decisions/deploy", "facts/odd"]
        code, found, _ = _search(cli, mem, "logrotate")
        assert code == 0 and len(found) == 10
    assert sorted(p.name for p in mem.rglob("*")) == sorted([*before, ".state.json"])


def test_file_times_past_2262_do_not_break_the_index(cli, mem: Path) -> None:
    """The same class from the file system's side: a time stamp beyond SQLite's 64 bits
    in nanoseconds (touch -d 2300-01-01), on a file and on its folder; inode numbers
    above 2**63 (some network file systems) fold the same way."""
    from memsync.recall.fresh import wrap64

    path = mem / "decisions" / "deploy.md"
    os.utime(path, ns=(10**19, 10**19))
    os.utime(mem / "decisions", ns=(10**19 + 7, 10**19 + 7))
    for _ in range(2):
        assert _search(cli, mem) == (0, ["decisions/deploy"], "")
    assert wrap64(2**64 - 1) == -1 and wrap64(2**63) == -(2**63) and wrap64(5) == 5


def test_state_json_with_a_lone_surrogate_key_is_kept_and_written(cli, mem: Path) -> None:
    """Valid JSON may escape a lone surrogate ("\\ud800"), which UTF-8 cannot carry:
    the counts are kept and the file is written with the escape, not a crash (exit 70)."""
    (mem / ".state.json").write_text('{"recall": {"\\ud800x": {"hits": 4, "last": 1}}, "mine": [1]}')
    code, out, err = cli("search", "部署", "--root", str(mem))
    assert (code, err) == (0, "") and "decisions/deploy" in out
    doc = json.loads((mem / ".state.json").read_bytes().decode("utf-8"))
    assert doc["recall"]["\ud800x"] == {"hits": 4, "last": 1} and doc["mine"] == [1]
    assert doc["recall"]["decisions/deploy"]["hits"] == 1


def test_an_unusable_cache_is_noted_once_however_many_roots_it_serves(tmp_path: Path, git_repo: Path) -> None:
    """The project and the global root share one cache: when it cannot be used the search still
    answers, and says so once, not once per root."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSYNC_")}
    cache = tmp_path / "cachefile"
    cache.write_text("a file where the cache folder should be\n")
    env.update(MEMSYNC_CACHE_DIR=str(cache), MEMSYNC_GLOBAL_ROOT=str(tmp_path / "global"), MEMSYNC_NO_MONITOR="1",
               PYTHONPATH=str(REPO))
    for args in (["init", "--project"], ["init", "--global"]):
        subprocess.run([sys.executable, "-m", "memsync", *args], cwd=git_repo, env=env, check=True,
                       capture_output=True)
    write_entry(git_repo / ".memory", "facts/deploy.md", "deploy with pnpm")
    write_entry(tmp_path / "global", "facts/deploy-too.md", "deploy with pnpm too")
    done = subprocess.run([sys.executable, "-m", "memsync", "search", "--json", "pnpm"], cwd=git_repo, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    notes = json.loads(done.stdout)["notes"]
    assert sorted(json_ids(done.stdout)) == ["facts/deploy", "facts/deploy-too"]
    assert [n for n in notes if "search cache is unusable" in n] == [
        "the search cache is unusable (NotADirectoryError); answered from a temporary index"], notes


PROJECT_CACHE_INSIDE = ("memsync's cache folder .memory/cache is inside the memory root .memory, and the cache "
                        "must stay out of the tree (it would be committed and synced): point MEMSYNC_CACHE_DIR at "
                        "a folder outside it")


@pytest.mark.parametrize("args", [["search", "pnpm"], ["search", "--json", "pnpm"],
                                  ["search", "--scope", "global", "pnpm"], ["search", "--root", "{global}", "pnpm"],
                                  # by id: they said "no entry facts/deploy in any memory root; search memory to
                                  # find the id", and an agent told that searched again or wrote a twin
                                  ["show", "facts/deploy"], ["forget", "facts/deploy"],
                                  ["supersede", "facts/deploy", "facts/deploy-v2"],
                                  ["remember", "--id", "facts/deploy", "--summary", "deploy with pnpm 9"],
                                  ["show", "--root", "{global}", "facts/deploy"]],
                         ids=["default", "json", "scope-global", "root-global", "show", "forget", "supersede",
                              "remember-id", "show-root"])
def test_a_cache_under_a_project_memory_not_made_yet_is_refused_and_never_creates_it(
        cli, git_repo: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """Only the global root exists; the cache is set under the project's .memory. The search read
    the global root and made .memory/cache/ (the project then seemed to have a memory, and the next
    search refused it): now the first search refuses as the next did, and nothing is created."""
    from memtree import snapshot

    glob = Path(os.environ["MEMSYNC_GLOBAL_ROOT"])
    assert cli("init", "--global", cwd=git_repo)[0] == 0
    write_entry(glob, "facts/deploy.md", "deploy with pnpm")
    write_entry(glob, "facts/deploy-v2.md", "deploy with pnpm 9")
    assert cli("search", "pnpm", "--json", cwd=git_repo)[0] == 0  # the cache elsewhere: found
    before = snapshot(glob)
    monkeypatch.setenv("MEMSYNC_CACHE_DIR", str(git_repo / ".memory" / "cache"))
    code, out, err = cli(*[a.replace("{global}", str(glob)) for a in args], cwd=git_repo)
    assert (code, out, err) == (2, "", f"memsync: {PROJECT_CACHE_INSIDE}\n")
    assert not os.path.lexists(git_repo / ".memory")
    assert snapshot(glob) == before


@pytest.mark.parametrize("scope", [None, "global"])
def test_the_service_search_refuses_the_same_and_creates_nothing(git_repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 scope: str | None) -> None:
    from memsync import service
    from memsync.build import init_root
    from memsync.errors import MemsyncError
    from memsync.roots import Root

    glob = Path(os.environ["MEMSYNC_GLOBAL_ROOT"])
    init_root(Root.at(glob), ["facts"])
    write_entry(glob, "facts/deploy.md", "deploy with pnpm")
    monkeypatch.setenv("MEMSYNC_CACHE_DIR", str(git_repo / ".memory" / "cache"))
    monkeypatch.chdir(git_repo)
    for call in (lambda: service.recall("pnpm", cwd=git_repo, scope=scope),
                 lambda: service.Memory(cwd=git_repo).recall("pnpm", scope=scope)):
        with pytest.raises(MemsyncError) as refused:
            call()
        assert str(refused.value) == PROJECT_CACHE_INSIDE
        assert not os.path.lexists(git_repo / ".memory")


def test_an_id_with_no_memory_root_at_all_is_still_unknown(cli, git_repo: Path) -> None:
    code, out, err = cli("show", "facts/deploy", cwd=git_repo)
    assert code == 2 and out == "" and "no entry facts/deploy" in err
