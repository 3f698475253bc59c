"""Sync over every kind of remote, with real servers on 127.0.0.1: file://, git
daemon, smart HTTP (git http-backend, basic auth from the URL, the environment or
git's credential helper) and ssh through a stand-in GIT_SSH_COMMAND."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import git
from remotes import Device, GitDaemon, HttpBackend, entry_text, fake_ssh, fsck, make_hub


def _round_trip(a: Device, b: Device, url: str, run, env: dict[str, str] | None = None) -> None:
    a.path.mkdir(parents=True)
    a.add("facts/one", "one", "first\n")
    out = run("sync", "init", url, "--root", str(a.path), env=env)
    assert out.returncode == 0, out.stderr
    out = run("sync", "init", url, "--root", str(b.path), env=env)
    assert out.returncode == 0, out.stderr
    assert "first" in b.read("facts/one.md")
    b.add("facts/two", "two", "second\n")
    a.add("facts/one", "one", "first, edited\n", updated=1_700_000_000_001)
    for d in (b, a, b):
        out = run("sync", "--root", str(d.path), env=env)
        assert out.returncode == 0, out.stderr
    assert a.files() == b.files()
    assert "first, edited" in b.read("facts/one.md") and "second" in a.read("facts/two.md")


def test_file_url(tmp_path: Path, run) -> None:
    hub = make_hub(tmp_path / "hub.git")
    _round_trip(Device(tmp_path / "a"), Device(tmp_path / "b"), f"file://{hub}", run)
    fsck(hub)


def test_git_daemon(tmp_path: Path, run) -> None:
    base = tmp_path / "served"
    base.mkdir()
    hub = make_hub(base / "hub.git")
    daemon = GitDaemon(base)
    try:
        url = daemon.url("hub.git")
        _round_trip(Device(tmp_path / "a"), Device(tmp_path / "b"), url, run)
        clone = tmp_path / "cli"
        subprocess.run(["git", "clone", "-q", url, str(clone)], check=True)
        (clone / "facts" / "cli.md").write_text(entry_text("facts/cli", "cli", "via daemon\n"))
        git(clone, "add", "-A")
        git(clone, "commit", "-qm", "cli")
        git(clone, "push", "-q")
        assert run("sync", "--root", str(tmp_path / "a")).returncode == 0
        assert "via daemon" in (tmp_path / "a" / "facts" / "cli.md").read_text()
        # The daemon going away is "offline", not an error.
        daemon.stop()
        Device(tmp_path / "a").add("facts/later", "later", "x\n")
        out = run("sync", "--root", str(tmp_path / "a"))
        assert out.returncode == 3 and "could not reach" in out.stderr
    finally:
        daemon.stop()
    fsck(hub)


def test_ssh_through_git_ssh_command(tmp_path: Path, run) -> None:
    hub = make_hub(tmp_path / "hub.git")
    env = fake_ssh(tmp_path)
    url = f"ssh://memsync-test-host{hub}"
    _round_trip(Device(tmp_path / "a"), Device(tmp_path / "b"), url, run, env=env)
    log = Path(env["FAKE_SSH_LOG"]).read_text()
    assert "memsync-test-host git-upload-pack" in log and "git-receive-pack" in log
    fsck(hub)


@pytest.fixture
def http(tmp_path: Path):
    base = tmp_path / "served"
    base.mkdir()
    make_hub(base / "hub.git")
    server = HttpBackend(base)
    yield server
    server.stop()


def _no_password_anywhere(root: Path, outputs: list[str], password: str) -> None:
    for out in outputs:
        assert password not in out
    for path in (root / ".git").rglob("*"):
        if path.is_file() and path.stat().st_size < 1 << 20:
            assert password.encode() not in path.read_bytes(), path


def test_http_credentials_from_url_are_never_stored(http: HttpBackend, tmp_path: Path, run) -> None:
    password = http.server.credentials[1]
    a, b = Device(tmp_path / "a"), Device(tmp_path / "b")
    a.path.mkdir()
    a.add("facts/one", "one", "over http\n")
    out = run("sync", "init", http.url("hub.git", with_credentials=True), "--root", str(a.path))
    assert out.returncode == 0, out.stderr
    assert "not stored" in out.stderr
    outputs = [out.stdout, out.stderr]
    # Without credentials the next sync is refused with a clean message.
    a.add("facts/two", "two", "more\n")
    out = run("sync", "--root", str(a.path))
    outputs += [out.stdout, out.stderr]
    assert out.returncode == 2 and "refused the credentials" in out.stderr
    # From the environment.
    env = {"MEMSYNC_GIT_USERNAME": "alice", "MEMSYNC_GIT_PASSWORD": password}
    out = run("sync", "--root", str(a.path), env=env)
    outputs += [out.stdout, out.stderr]
    assert out.returncode == 0, out.stderr
    out = run("sync", "init", http.url("hub.git"), "--root", str(b.path), env=env)
    outputs += [out.stdout, out.stderr]
    assert out.returncode == 0 and "more" in b.read("facts/two.md")
    for root in (a.path, b.path):
        _no_password_anywhere(root, outputs, password)
    assert all(password not in line for line in http.server.log)
    assert any(h.startswith("Basic ") for h in http.server.auth_headers)


def test_http_credentials_from_git_credential_helper(http: HttpBackend, tmp_path: Path, run) -> None:
    password = http.server.credentials[1]
    store = tmp_path / "credentials-store"
    store.write_text(f"http://alice:{password}@127.0.0.1%3a{http.port}\n".replace("%3a", ":"))
    git(tmp_path, "config", "--global", "credential.helper", f"store --file={store}")
    a = Device(tmp_path / "a")
    a.path.mkdir()
    a.add("facts/one", "one", "via helper\n")
    out = run("sync", "init", http.url("hub.git"), "--root", str(a.path))
    assert out.returncode == 0, out.stderr
    a.add("facts/two", "two", "again\n")
    out2 = run("sync", "--root", str(a.path), "--json")
    assert out2.returncode == 0, out2.stderr
    _no_password_anywhere(a.path, [out.stdout, out.stderr, out2.stdout, out2.stderr], password)
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", http.url("hub.git"), str(clone)], check=True)
    assert "again" in (clone / "facts" / "two.md").read_text()


def test_a_remote_rule_refusing_the_push_fails_without_retrying(tmp_path: Path, run) -> None:
    hub = tmp_path / "not-bare"
    hub.mkdir()
    git(hub, "init", "-q", "-b", "main")  # a checked-out main: git refuses pushes to it
    a = Device(tmp_path / "a")
    a.path.mkdir()
    a.add("facts/one", "one", "x\n")
    out = run("sync", "init", str(hub), "--root", str(a.path))
    assert out.returncode == 2, out.stderr
    assert "refused the push" in out.stderr and "checked out" in out.stderr
    assert git(a.path, "log", "--format=%s").count("memsync: record") == 1  # committed locally, kept
