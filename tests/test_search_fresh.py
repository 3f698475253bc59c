"""Freshness: a change by any tool is seen by the very next search, with the
one-shot stat check, with change notification (a long-lived process) and with
the change-monitor daemon's tokens (what the CLI uses)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import git
from searchkit import ids, json_ids, start_monitor, wait_monitor, write_entry

import memsync
from memsync.recall import engine


@pytest.fixture(params=["stat", "watch", "monitor", "cli"])
def searcher(request, monkeypatch, tmp_path: Path):  # type: ignore[no-untyped-def]
    """One-shot stat walk, a long-lived watcher, the change-monitor daemon's tokens in
    process, and the CLI as a real process with the daemon (what a user runs)."""
    mode = request.param
    if mode == "stat":
        monkeypatch.setenv("MEMSYNC_NO_MONITOR", "1")
    elif mode in ("monitor", "cli"):
        daemon = start_monitor(tmp_path)
    if mode == "cli":
        run = request.getfixturevalue("run")

        def cli_search(query: str, root: Path) -> list[str]:
            out = run("search", query, "--root", str(root), "--json", "--limit", "50")
            assert out.returncode in (0, 1) and "Traceback" not in out.stderr, out.stderr
            return json_ids(out.stdout)

        yield cli_search
    else:
        yield lambda query, root: ids(memsync.search(query, root=root, watch=mode == "watch"))
    engine.close_all()
    if mode in ("monitor", "cli"):  # one daemon served the whole story
        assert wait_monitor(tmp_path)["instance"] == daemon["instance"]


def test_create_edit_rename_delete(tmp_path: Path, searcher) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/base.md", "基础 note")
    assert searcher("基础", root) == ["facts/base"]
    assert searcher("redis", root) == []
    # create
    path = write_entry(root, "facts/cache.md", "redis 缓存 ttl 60")
    assert searcher("redis", root) == ["facts/cache"]
    # edit in place keeping the size, within the same clock tick as the last check
    before = path.stat()
    text = path.read_text(encoding="utf-8").replace("ttl 60", "ttl 90")
    with open(path, "r+", encoding="utf-8") as fh:
        fh.write(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # even the mtime is put back
    assert path.stat().st_size == before.st_size
    assert searcher("90", root) == ["facts/cache"] and searcher("60", root) == []
    # atomic replace, as editors save
    tmp = root / "facts" / ".cache.md.swp"
    tmp.write_text(path.read_text(encoding="utf-8").replace("redis", "memcached"), encoding="utf-8")
    os.replace(tmp, path)
    assert searcher("memcached", root) == ["facts/cache"] and searcher("redis", root) == []
    # rename
    os.rename(path, root / "facts" / "kv-cache.md")
    assert searcher("memcached", root) == ["facts/kv-cache"]
    # a new category, then a second entry in it, then delete it all
    write_entry(root, "pitfalls/x.md", "memcached 内存 上限")
    assert sorted(searcher("memcached", root)) == ["facts/kv-cache", "pitfalls/x"]
    write_entry(root, "pitfalls/evict.md", "淘汰 策略")
    assert searcher("淘汰", root) == ["pitfalls/evict"]
    os.unlink(root / "pitfalls" / "evict.md")
    os.unlink(root / "pitfalls" / "x.md")
    os.rmdir(root / "pitfalls")
    os.unlink(root / "facts" / "kv-cache.md")
    assert searcher("memcached", root) == []
    assert searcher("基础", root) == ["facts/base"]


def test_supersedes_added_later_hides_the_old_entry(tmp_path: Path, searcher) -> None:
    root = tmp_path / "mem"
    write_entry(root, "decisions/old.md", "部署 用 npm")
    assert searcher("部署", root) == ["decisions/old"]
    write_entry(root, "decisions/new.md", "部署 用 pnpm", supersedes="decisions/old")
    assert searcher("部署", root) == ["decisions/new"]
    os.unlink(root / "decisions" / "new.md")
    assert searcher("部署", root) == ["decisions/old"]


def test_git_pull_and_checkout(tmp_path: Path, searcher) -> None:
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q", "-b", "main")
    write_entry(origin, "facts/a.md", "kafka 分区 数量")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "a")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    assert searcher("kafka", clone) == ["facts/a"]
    # upstream edits a (same size), adds b, then we pull
    write_entry(origin, "facts/a.md", "kafka 副本 数量")
    write_entry(origin, "facts/b.md", "kafka 消费者 组")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "b")
    git(clone, "pull", "-q", "--no-rebase")
    assert searcher("副本", clone) == ["facts/a"] and searcher("分区", clone) == []
    assert sorted(searcher("kafka", clone)) == ["facts/a", "facts/b"]
    # check out the first commit again
    git(clone, "checkout", "-q", "HEAD~1")
    assert searcher("分区", clone) == ["facts/a"] and searcher("消费者", clone) == []


def test_cache_lives_outside_the_tree(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "prometheus 告警")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    assert ids(memsync.search("prometheus", root=root, watch=False)) == ["facts/a"]
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
    assert list((Path(os.environ["MEMSYNC_CACHE_DIR"]) / "search").glob("*.sqlite"))


def test_parallel_snapshot_equals_serial(tmp_path: Path) -> None:
    from memsync.recall import fresh

    root = tmp_path / "mem"
    for c in ("rules", "facts", "pitfalls", "decisions"):
        for i in range(5):
            write_entry(root, f"{c}/e{i}.md", f"{c} {i}")
    serial = fresh.snapshot(root)
    big = {c: fresh.PARALLEL_MIN for c in serial.categories}
    parallel = fresh.snapshot(root, sizes=big)
    assert parallel.categories == serial.categories and len(serial.categories) == 4
    assert fresh.snapshot(root, only={"facts"}, sizes=big).categories == {"facts": serial.categories["facts"]}


def test_snapshot_by_path_equals_by_folder_fd(tmp_path: Path, monkeypatch) -> None:
    from memsync.recall import fresh

    root = tmp_path / "mem"
    for i in range(3):
        write_entry(root, f"facts/e{i}.md", f"fact {i}")
    by_fd = fresh.snapshot(root)
    monkeypatch.setattr(fresh, "_DIR_FD", False)  # what a platform without dir_fd support does
    assert fresh.snapshot(root).categories == by_fd.categories


def test_snapshot_from_a_walk_equals_a_stat_walk(tmp_path: Path) -> None:
    """remember's dedupe search takes its freshness snapshot from the tree walk it made: it
    must be the one a stat walk takes, odd names included, or every search would compare
    file by file (or, worse, miss a change)."""
    from memsync import tree
    from memsync.recall import fresh

    root = tmp_path / "mem"
    for c in ("facts", "pitfalls"):
        for i in range(4):
            write_entry(root, f"{c}/e{i}.md", f"{c} {i}")
    (root / "facts" / "index.md").write_text("# facts\n", encoding="utf-8")
    (root / "facts" / ".hidden.md").write_text("x", encoding="utf-8")  # a dot-file the walk skips
    (root / "facts" / "bad name.md").write_text("x", encoding="utf-8")  # not a valid slug
    (root / "facts" / "folder.md").mkdir()  # a folder whose name ends in .md
    os.symlink(tmp_path / "elsewhere.md", root / "facts" / "link.md")  # a dangling symlink
    (root / "empty").mkdir()  # a category folder with nothing in it yet
    (root / "notes.txt").write_text("x", encoding="utf-8")
    walked = fresh.from_walk(tree.walk(root))
    assert walked is not None
    assert walked.categories == fresh.snapshot(root).categories and set(walked.categories) == {"facts", "pitfalls",
                                                                                                "empty"}
    # and the entry files, as a changed category's closer look lists them
    for name in walked.categories:
        files = walked.files_of(name)
        assert files is not None
        assert {rel: fresh.fingerprint(st) for rel, st in files.items()} \
            == {rel: fresh.fingerprint(st) for rel, st in fresh.entry_files(root, name).items()}
    assert walked.files_of("nowhere") is None and fresh.snapshot(root).files_of("facts") is None
    before = fresh.snapshot(root)
    write_entry(root, "pitfalls/e9.md", "a new one")  # the walk's snapshot moves as the stat walk's does
    after = fresh.from_walk(tree.walk(root))
    assert after is not None and after.categories["pitfalls"] != before.categories["pitfalls"]
    assert after.categories == fresh.snapshot(root).categories
    assert fresh.from_walk(tree.walk_categories(root, ["facts"])) is None  # a partial walk vouches for nothing


def test_threads_share_the_open_index(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    root = tmp_path / "mem"
    for i in range(20):
        write_entry(root, f"facts/e{i}.md", f"线程 安全 {i}")
    try:
        with ThreadPoolExecutor(4) as pool:
            found = list(pool.map(lambda _: len(memsync.search("线程", root=root, limit=50).hits), range(16)))
    finally:
        engine.close_all()
    assert found == [20] * 16
