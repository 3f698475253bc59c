"""The change-monitor daemon: one-shot searches skip the stat walk when it vouches
that nothing changed, and stay correct whatever happens to it.

Real processes throughout: the CLI (`run`), the daemon started the way a
search starts it, and test servers on its socket path. conftest stops every
daemon a test started.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import REPO, monitor_pids
from searchkit import (
    ask_monitor,
    ids,
    json_ids,
    start_monitor,
    wait_monitor,
    write_entry,
)

import memsync
from memsync.recall import monitor, monitord, watch


def _cache() -> Path:
    return Path(os.environ["MEMSYNC_CACHE_DIR"])


def _search(run, root: Path, *words: str, env: dict[str, str] | None = None) -> list[str]:
    out = run("search", *words, "--root", str(root), "--json", "--limit", "50", env=env)
    assert out.returncode in (0, 1), out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr, out.stderr
    return sorted(json_ids(out.stdout))


def _edit_same_size_and_mtime(path: Path, old: str, new: str) -> None:
    assert len(old.encode()) == len(new.encode())
    before = path.stat()
    text = path.read_text(encoding="utf-8").replace(old, new)
    with open(path, "r+", encoding="utf-8") as fh:
        fh.write(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)


# -- with the daemon running (test_search_fresh.py runs the change stories with it: CLI too) -----


def test_a_write_no_event_reports_is_not_seen_which_proves_the_walk_is_skipped(tmp_path: Path, monkeypatch) -> None:
    """The documented limit, used as a probe: inotify reports a write to the folder the file was
    opened through, so a write through a hard link kept elsewhere moves no generation. Seeing the
    old text proves the search trusted the token; the stat walk (monitor off) sees the new text."""
    root = tmp_path / "mem"
    entry = write_entry(root, "facts/a.md", "postgres 连接池 10")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.link(entry, elsewhere / "a.md")
    start_monitor(root)
    at = entry.read_bytes().index(b"10")
    stale = False
    for attempt in range(10):  # the daemon must answer within 50 ms; a loaded machine may miss that once
        assert ids(memsync.search("postgres", root=root, watch=False)) == ["facts/a"]  # walk, token stored
        assert ids(memsync.search("postgres", root=root, watch=False)) == ["facts/a"]
        with open(elsewhere / "a.md", "r+b") as fh:
            fh.seek(at)
            fh.write(f"2{attempt}".encode())
        if ids(memsync.search(f"2{attempt}", root=root, watch=False)) == []:
            stale = True
            break
        entry.write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")  # an event, to start over
    assert stale
    monkeypatch.setenv("MEMSYNC_NO_MONITOR", "1")
    assert ids(memsync.search(f"2{attempt}", root=root, watch=False)) == ["facts/a"]


def test_a_symlinked_project_root_is_watched_where_it_leads(run, git_repo: Path, tmp_path: Path) -> None:
    real = tmp_path / "memory-elsewhere"
    write_entry(real, "facts/a.md", "vault 密钥 轮换")
    (git_repo / ".memory").symlink_to(real)
    start_monitor(real)
    search = ["search", "vault", "--scope", "project", "--json"]
    for _ in range(2):  # the second search stores a token that is not fresh
        assert json_ids(run(*search, cwd=git_repo).stdout) == ["facts/a"]
    write_entry(real, "facts/b.md", "vault 审计 日志")
    assert sorted(json_ids(run(*search, cwd=git_repo).stdout)) == ["facts/a", "facts/b"]


def test_a_sync_from_an_older_snapshot_cannot_drop_a_category_that_exists(tmp_path: Path) -> None:
    """Tokens rest on the index never going back to an older state. A process whose
    snapshot predates a new category commits after one that indexed it: the category
    must survive, or a later search trusting the token would miss its entries."""
    from memsync.recall import fresh
    from memsync.recall.index import Index, db_path

    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "x")
    slow, quick = (Index(root, db_path(root)) for _ in range(2))
    try:
        slow.sync(fresh.snapshot(root))
        old_snap = fresh.snapshot(root)
        write_entry(root, "rules/r.md", "规则 新")
        quick.sync(fresh.snapshot(root), token="abc 7")
        slow.sync(old_snap)
        assert quick.token() == "abc 7"
        assert {r[0] for r in quick.conn.execute("SELECT path FROM docs")} == {"facts/a.md", "rules/r.md"}
    finally:
        slow.close()
        quick.close()


def test_a_busy_index_only_loses_the_token(tmp_path: Path) -> None:
    """Storing a new token when nothing changed needs the write lock; if another process
    keeps it, the search answers as usual and the next one walks."""
    import fcntl

    from memsync.recall.index import db_path

    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "istio 网格")
    time.sleep(2.1)  # older than the racy window (fresh.RACY_NS), so the walk finds nothing to update
    start_monitor(root)
    memsync.search("istio", root=root, watch=False)  # builds the index and stores a token
    db = db_path(Path(os.path.realpath(root)))
    with open(root / "facts" / "a.md", "a"):  # an event (closed after opening to write), no change
        pass
    fd = os.open(f"{db}.lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        result = memsync.search("istio", root=root, watch=False)
    finally:
        os.close(fd)
    assert ids(result) == ["facts/a"] and result.notes == []


# -- the daemon dies, lies or dawdles: results stay correct ------------------------------------


def test_daemon_killed_between_searches(run, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    path = write_entry(root, "facts/a.md", "nginx 超时 30")
    first = start_monitor(root)
    assert _search(run, root, "nginx") == ["facts/a"]
    assert _search(run, root, "nginx") == ["facts/a"]
    (pid,) = monitor_pids(str(_cache()))
    os.kill(pid, signal.SIGKILL)
    while pid in monitor_pids(str(_cache())):
        time.sleep(0.01)
    _edit_same_size_and_mtime(path, "超时 30", "超时 45")
    assert (_cache() / "monitor" / "socket").exists()  # left behind by the killed daemon
    assert _search(run, root, "45") == ["facts/a"]  # walks, and starts a new daemon
    second = wait_monitor(root)
    assert second["instance"] != first["instance"]
    _edit_same_size_and_mtime(path, "超时 45", "超时 60")
    assert _search(run, root, "60") == ["facts/a"] and _search(run, root, "45") == []


def test_a_stale_socket_file_is_replaced(run, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "grafana 面板")
    folder = _cache() / "monitor"
    monitor._private_folder(folder)
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(folder / "socket"))
    dead.close()  # the file stays; nobody listens
    assert _search(run, root, "grafana") == ["facts/a"]
    assert "gen" in wait_monitor(root)  # someone listens on that path now: the new daemon
    assert len(monitor_pids(str(_cache()))) == 1


class _Bogus:
    """A test server on the daemon's socket path that misbehaves."""

    def __init__(self, path: str, behaviour: str) -> None:
        self.behaviour = behaviour
        self.stop = threading.Event()
        self.srv = socket.socket(socket.AF_UNIX)
        self.srv.bind(path)
        self.srv.listen(16)
        self.srv.settimeout(0.05)
        self.served = 0
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        threads = []
        while not self.stop.is_set():
            try:
                conn, _ = self.srv.accept()
            except OSError:
                continue
            self.served += 1
            threads.append(threading.Thread(target=self._answer, args=(conn,)))
            threads[-1].start()
        for t in threads:
            t.join()

    def _answer(self, conn: socket.socket) -> None:
        b = self.behaviour
        try:
            if b == "silent":
                self.stop.wait()  # reads nothing, answers nothing, until the test ends
                return
            conn.recv(4096)
            if b == "garbage":
                conn.sendall(b"\xff\xfe not json \x00\n")
            elif b == "wrong types":
                conn.sendall(json.dumps({"instance": ["x"], "gen": "7", "fresh": "no"}).encode() + b"\n")
            elif b == "endless":
                conn.sendall(b"{" * 100_000)
            elif b == "nested":
                conn.sendall(b"[" * 1020 + b"\n")
            elif b == "slow":
                self.stop.wait(1.0)
                conn.sendall(json.dumps({"instance": "abc", "gen": 1, "fresh": False}).encode() + b"\n")
        except OSError:
            pass  # the client gave up first
        finally:
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.srv.close()


@pytest.mark.parametrize("behaviour", ["garbage", "wrong types", "endless", "nested", "slow", "silent", "hang up"])
def test_a_bogus_daemon_changes_nothing(run, tmp_path: Path, behaviour: str) -> None:
    root = tmp_path / "mem"
    path = write_entry(root, "facts/a.md", "consul 服务 发现 v1")
    folder = _cache() / "monitor"
    monitor._private_folder(folder)
    bogus = _Bogus(str(folder / "socket"), behaviour)
    try:
        assert _search(run, root, "consul") == ["facts/a"]
        _edit_same_size_and_mtime(path, "v1", "v2")
        assert _search(run, root, "v2") == ["facts/a"] and _search(run, root, "v1") == []
        assert bogus.served >= 3  # it was asked every time, and no daemon took its place
        assert monitor_pids(str(_cache())) == []
    finally:
        bogus.close()


# -- switching it off ---------------------------------------------------------------------------


def test_no_daemon_with_env_or_config_off(run, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "etcd 选主")
    assert _search(run, root, "etcd", env={"MEMSYNC_NO_MONITOR": "1"}) == ["facts/a"]
    (root / ".memsync.yaml").write_text("search:\n  monitor: false\n", encoding="utf-8")
    assert _search(run, root, "etcd") == ["facts/a"]
    assert ids(memsync.search("etcd", root=root, watch=False)) == ["facts/a"]
    time.sleep(0.3)  # a daemon, had one been started, would be up by now
    assert monitor_pids(str(_cache())) == [] and not (_cache() / "monitor" / "socket").exists()


@pytest.mark.parametrize("setting, message", [
    ("monitor: yes please", "search.monitor must be true or false"),
    ("monitor_idle_minutes: 0", "search.monitor_idle_minutes must be a number from 1 to 10080"),
    ("monitor_idle_minutes: true", "search.monitor_idle_minutes must be a number from 1 to 10080"),
])
def test_bad_monitor_settings_are_usage_errors(run, tmp_path: Path, setting: str, message: str) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "etcd 选主")
    (root / ".memsync.yaml").write_text(f"search:\n  {setting}\n", encoding="utf-8")
    out = run("search", "etcd", "--root", str(root))
    assert out.returncode == 2 and message in out.stderr and out.stdout == ""
    assert monitor_pids(str(_cache())) == []


def test_too_long_a_socket_path_means_the_walk(run, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "jaeger 链路")
    cache = tmp_path / ("c" * 120)
    assert _search(run, root, "jaeger", env={"MEMSYNC_CACHE_DIR": str(cache)}) == ["facts/a"]
    time.sleep(0.3)
    assert monitor_pids(str(cache)) == [] and not (cache / "monitor").exists()


def test_the_socket_folder_is_private(run, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "loki 日志")
    folder = _cache() / "monitor"
    folder.mkdir(parents=True, mode=0o777)
    folder.chmod(0o777)
    assert _search(run, root, "loki") == ["facts/a"]
    wait_monitor(root)
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / "socket").stat().st_mode & 0o777 == 0o600


def test_a_symlinked_socket_folder_is_not_used(run, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "tempo 追踪")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    _cache().mkdir(parents=True)
    (_cache() / "monitor").symlink_to(elsewhere)
    assert _search(run, root, "tempo") == ["facts/a"]
    time.sleep(0.3)
    assert monitor_pids(str(_cache())) == [] and list(elsewhere.iterdir()) == []


# -- the daemon itself --------------------------------------------------------------------------


def _daemon(folder: Path, idle: float = 60) -> subprocess.Popen[bytes]:
    monitor._private_folder(folder)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen([sys.executable, "-m", "memsync.recall.monitord", "--folder", str(folder),
                             "--idle", str(idle)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def _raw(path: Path, data: bytes, shut: bool = False) -> bytes:
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(5)
        s.connect(str(path))
        try:
            s.sendall(data)
        except OSError:
            pass  # the daemon closed before reading everything
        if shut:
            s.shutdown(socket.SHUT_WR)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except ConnectionResetError:
            pass  # closed with our request unread
        return out


@pytest.mark.parametrize("request_bytes", [
    b"not json\n",
    b"[" * 4000 + b"\n",
    b'{"root": "relative/path"}\n',
    b'{"root": "/tmp/../etc"}\n',
    b'{"root": "/tmp/a\\u0000b"}\n',
    b'{"root": 7}\n',
    b'["/tmp"]\n',
    b'{"root": "/' + b"x" * 10_000 + b'"}\n',
    b"\xff\xfe\xfd\n",
    b'{"root": "/tmp"}',  # no newline: the daemon waits briefly, then hangs up
], ids=["text", "nested", "relative", "dotdot", "nul", "number", "list", "huge", "bytes", "unterminated"])
def test_hostile_requests_get_no_answer_and_do_not_hurt(tmp_path: Path, request_bytes: bytes) -> None:
    folder = tmp_path / "mon"
    proc = _daemon(folder)
    try:
        root = tmp_path / "mem"
        write_entry(root, "facts/a.md", "x")
        wait_until = time.monotonic() + 20
        while not (folder / "socket").exists() and time.monotonic() < wait_until:
            time.sleep(0.01)
        assert _raw(folder / "socket", request_bytes, shut=True) == b""
        answer = json.loads(_raw(folder / "socket", json.dumps({"root": str(root)}).encode() + b"\n"))
        assert answer["fresh"] is True and isinstance(answer["gen"], int)
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0 and out == b"" and err == b""
    assert not (folder / "socket").exists()


def test_one_daemon_per_folder_and_idle_exit(tmp_path: Path) -> None:
    folder = tmp_path / "mon"
    first = _daemon(folder, idle=1.5)
    root = tmp_path / "mem"
    root.mkdir()
    deadline = time.monotonic() + 20
    while not (folder / "socket").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    second = _daemon(folder)
    assert second.wait(timeout=20) == 0  # the lock is taken: it leaves at once
    assert json.loads(_raw(folder / "socket", json.dumps({"root": str(root)}).encode() + b"\n"))["fresh"]
    assert first.wait(timeout=20) == 0  # idle for 1.5 s
    assert not (folder / "socket").exists()
    assert _raw_fails(folder / "socket")


def _raw_fails(path: Path) -> bool:
    try:
        _raw(path, b"{}\n")
    except OSError:
        return True
    return False


# -- the Monitor's bookkeeping, without sockets ---------------------------------------------------


def test_generations_move_on_entry_events_only(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    path = write_entry(root, "facts/a.md", "x")
    mon = monitord.Monitor()
    try:
        a = mon.query(str(root))
        assert a["fresh"] is True
        b = mon.query(str(root))
        assert b == {**a, "fresh": False}
        # Not entries: recall counts, compiled files, dot-files, a stray file in the root.
        (root / ".state.json").write_text("{}")
        (root / "ROOT.md").write_text("# root")
        (root / "facts" / "index.md").write_text("# facts")
        (root / "facts" / ".a.md.swp").write_text("draft")
        (root / "facts" / ".hidden.md").write_text("draft")
        assert mon.query(str(root)) == b
        path.write_text(path.read_text() + "more\n")
        c = mon.query(str(root))
        assert c["gen"] > b["gen"] and c["fresh"] is False
        os.chmod(path, 0o600)
        d = mon.query(str(root))
        assert d["gen"] > c["gen"]
        (root / "rules").mkdir()  # a category appears: watches are set anew
        e = mon.query(str(root))
        assert e["gen"] > d["gen"] and e["fresh"] is True
        write_entry(root, "rules/r.md", "y")
        assert mon.query(str(root))["gen"] > e["gen"]
        os.rename(root, tmp_path / "old")  # the path now names another folder (or none)
        assert "error" in mon.query(str(root)) and str(root) not in mon.roots
        root.mkdir()
        f = mon.query(str(root))
        assert f["fresh"] is True and f["gen"] > e["gen"]
    finally:
        mon.close()


def test_a_replaced_parent_is_noticed(tmp_path: Path) -> None:
    """inotify watches folders, not paths: renaming a parent sends no event to the root's watch."""
    parent = tmp_path / "proj"
    write_entry(parent / "mem", "facts/a.md", "x")
    root = str(parent / "mem")
    mon = monitord.Monitor()
    try:
        a = mon.query(root)
        os.rename(parent, tmp_path / "proj-old")
        write_entry(parent / "mem", "facts/a.md", "y")
        b = mon.query(root)
        assert b["fresh"] is True and b["gen"] != a["gen"]
    finally:
        mon.close()


def test_queue_overflow_sets_the_watches_anew(tmp_path: Path) -> None:
    """A real overflow: the daemon is stopped while more events than the queue holds arrive."""
    root = tmp_path / "mem"
    a = write_entry(root, "facts/a.md", "x")
    b = write_entry(root, "facts/b.md", "y")
    start_monitor(root)
    wait_monitor(root)
    assert ask_monitor(root)["fresh"] is False
    (pid,) = monitor_pids(str(_cache()))
    limit = int(Path("/proc/sys/fs/inotify/max_queued_events").read_text())
    os.kill(pid, signal.SIGSTOP)
    try:
        for i in range(limit // 2 + 8):  # alternating files: the kernel merges only repeats of the last event
            os.utime(a, ns=(i, i))
            os.utime(b, ns=(i, i))
    finally:
        os.kill(pid, signal.SIGCONT)
    assert wait_monitor(root)["fresh"] is True


def _event(wd: int, mask: int, name: bytes = b"") -> bytes:
    padded = name + b"\0" * (-len(name) % 16 or (16 if name else 0))
    return struct.pack("iIII", wd, mask, 0, len(padded)) + padded


def test_event_parser_on_synthetic_bytes(tmp_path: Path) -> None:
    r, w = os.pipe()
    os.set_blocking(r, False)
    watcher = watch.Watcher(r, tmp_path)
    watcher.wds = {1: "", 2: "facts"}
    try:
        os.write(w, _event(2, watch.IN_MODIFY, b"a.md") + _event(2, watch.IN_CREATE, b".a.md.swp")
                 + _event(2, watch.IN_CLOSE_WRITE, b"index.md") + _event(1, watch.IN_CREATE, b".state.json"))
        assert watcher.drain() == {"facts"}
        os.write(w, _event(2, watch.IN_ATTRIB))  # the folder's own mode
        assert watcher.drain() == {"facts"}
        os.write(w, _event(9, watch.IN_MODIFY, b"x.md"))  # a watch we no longer know
        assert watcher.drain() == set()
        os.write(w, _event(2, watch.IN_MODIFY, b"a.md") + _event(-1, watch.IN_Q_OVERFLOW))
        assert watcher.drain() is None
        os.write(w, _event(1, watch.IN_CREATE | watch.IN_ISDIR, b"rules"))
        assert watcher.drain() is None
        os.write(w, _event(2, watch.IN_IGNORED))
        assert watcher.drain() is None and watcher.wds == {1: ""}
        assert watcher.drain() == set()  # doubt is reported once
    finally:
        watcher.close()
        os.close(w)


@pytest.mark.parametrize("line, root", [
    (b'{"root": "/srv/mem"}', "/srv/mem"),
    (b'{"root": "/srv/mem/"}', None),
    (b'{"root": "/srv//mem"}', None),
    (b'{"root": ""}', None),
    (b'{"other": "/srv/mem"}', None),
    (b"null", None),
    (b"[" * 5000, None),
])
def test_read_request(line: bytes, root: str | None) -> None:
    assert monitord.read_request(line) == root


@pytest.mark.parametrize("answer, key", [
    ({"instance": "ab12", "gen": 3, "fresh": False}, "ab12 3"),
    ({"instance": "ab12", "gen": True, "fresh": False}, None),
    ({"instance": "ab 12", "gen": 3, "fresh": False}, None),
    ({"instance": "ab12", "gen": -1, "fresh": False}, None),
    ({"instance": "ab12", "gen": 3}, None),
    ({"instance": "ab12", "error": "cannot watch"}, None),
    ([1, 2], None),
])
def test_token_from_answer(answer: object, key: str | None) -> None:
    token = monitor._token(answer)
    assert (token.key if token else None) == key
