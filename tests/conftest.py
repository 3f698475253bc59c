"""Shared fixtures. Every test runs with a scrubbed environment: a fresh HOME, no
user or system git config, a fixed git identity, a private memsync cache and
global root, so nothing from the developer's machine leaks in or is written to."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(REPO / "tests"))

_SCRUB_PREFIXES = ("GIT_", "MEMSYNC_", "PRE_COMMIT", "XDG_", "PIP_")
IDENTITY = {
    "GIT_AUTHOR_NAME": "Test Author",
    "GIT_AUTHOR_EMAIL": "author@example.invalid",
    "GIT_COMMITTER_NAME": "Test Committer",
    "GIT_COMMITTER_EMAIL": "committer@example.invalid",
}


@pytest.fixture(autouse=True)
def clean_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("home")
    for key in list(os.environ):
        if key.startswith(_SCRUB_PREFIXES) or key in ("NO_COLOR", "LANG", "LC_ALL", "PYTHONHASHSEED"):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("MEMSYNC_CACHE_DIR", str(home / "memsync-cache"))
    monkeypatch.setenv("MEMSYNC_GLOBAL_ROOT", str(home / "global-memory"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_TERMINAL_PROMPT", "0")
    for key, value in IDENTITY.items():
        monkeypatch.setenv(key, value)
    (home / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n[protocol \"file\"]\n\tallow = always\n")
    # A search starts a change-monitor daemon; it must not outlive the test (stopped below), and
    # exits by itself soon in any case.
    monkeypatch.setenv("MEMSYNC_MONITOR_IDLE", "60")
    yield home
    stop_monitors(str(tmp_path_factory.getbasetemp()))


def monitor_pids(under: str) -> list[int]:
    """Change-monitor daemons whose folder lies under ``under`` (read from /proc)."""
    found = []
    prefix = os.fsencode(under.rstrip("/") + "/")
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as fh:
                args = fh.read().split(b"\0")
        except OSError:
            continue
        if (b"memsync.recall.monitord" in args and b"--folder" in args[:-1]
                and args[args.index(b"--folder") + 1].startswith(prefix)):
            found.append(int(name))
    return found


def _alive(pid: int) -> bool:
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False  # our own child (a search run in-process started it): reaped now
    except ChildProcessError:
        pass
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def stop_monitors(under: str) -> None:
    """SIGTERM (then SIGKILL) every monitor daemon serving a folder under ``under``; wait for each."""
    import signal
    import time

    for sig, wait_s in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 10.0)):
        pids = monitor_pids(under)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + wait_s
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.01)


@pytest.fixture
def run(tmp_path: Path):
    """Run ``memsync ARGS`` as a separate process (the real console entry point)."""

    def _run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
             input: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        full_env = dict(os.environ)
        full_env["PYTHONPATH"] = str(REPO) + os.pathsep + full_env.get("PYTHONPATH", "")
        full_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-m", "memsync", *args],
            cwd=cwd or tmp_path, env=full_env, input=input, capture_output=True,
            text=True, encoding="utf-8", errors="replace", timeout=timeout,
        )

    return _run


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Run ``memsync.cli.main(argv)`` in-process; returns (exit code, stdout, stderr)."""
    from memsync.cli import main

    def _cli(*args: str, cwd: Path | None = None) -> tuple[int, str, str]:
        monkeypatch.chdir(cwd or tmp_path)
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return _cli


def git(cwd: Path, *args: str, check: bool = True) -> str:
    out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if check and out.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {out.stderr}")
    return out.stdout


@pytest.fixture
def git_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    return repo


@pytest.fixture(scope="session")
def wheelhouse() -> Path:
    """Wheels for memsync's dependencies and build backend, so pre-commit can
    install hook environments with no network (see README: the test command
    fills it)."""
    path = Path(os.environ.get("MEMSYNC_TEST_WHEELHOUSE", REPO / ".wheelhouse"))
    wheels = {p.name.split("-")[0].lower() for p in path.glob("*.whl")}
    needed = {"hatchling", "dulwich", "pyyaml", "python_frontmatter", "merge3"}
    missing = needed - wheels
    if missing:
        pytest.fail(
            f"the offline wheelhouse {path} lacks {sorted(missing)}: run "
            "`python3 tests/prepare.py` once (README, test command)"
        )
    return path


@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One pre-commit store per test session, so hook environments install once."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def pre_commit_env(wheelhouse: Path, pre_commit_home: Path) -> dict[str, str]:
    """Environment for running real `pre-commit`, offline."""
    env = dict(os.environ)
    env.update(
        PRE_COMMIT_HOME=str(pre_commit_home),
        PIP_NO_INDEX="1",
        PIP_FIND_LINKS=str(wheelhouse),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        VIRTUALENV_NO_DOWNLOAD="1",
        PRE_COMMIT_NO_CONCURRENCY="1",
        GIT_ALLOW_PROTOCOL="file",
    )
    return env


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A git repo holding this checkout's current files at one commit, so a
    consumer's .pre-commit-config.yaml can name it with `repo:` and `rev:`
    exactly as a user names the published repository."""
    dest = tmp_path_factory.mktemp("hook-repo")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if not src.is_file():
            continue  # deleted in the working tree
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(src.read_bytes())
        target.chmod(src.stat().st_mode)
    env = dict(os.environ, **IDENTITY, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "--no-verify", "-m", "snapshot"]):
        subprocess.run(["git", *args], cwd=dest, env=env, check=True, capture_output=True)
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=dest, env=env, capture_output=True,
                         text=True, check=True).stdout.strip()
    return dest, sha
