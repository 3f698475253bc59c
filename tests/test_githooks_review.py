"""Plain git hooks installer, review fixes: living with the pre-commit framework in either order
(the real `pre-commit`, offline: a `repo: local` hook), upgrading an install that used
`<hook>.legacy`, concurrent installs, and bad inputs that must be refused with nothing written."""
from __future__ import annotations

import multiprocessing
import os
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from memtree import write_entry

pytestmark = pytest.mark.xdist_group("pre-commit")

USER_HOOK = b'#!/bin/sh\necho user-ran >> "$(git rev-parse --show-toplevel)/../user.log"\n'
PC_CONFIG = """repos:
- repo: local
  hooks:
  - id: mark
    name: mark
    entry: sh -c 'echo pc-ran >> ../pc.log'
    language: system
    pass_filenames: false
    always_run: true
"""
# The hook an older memsync installed: it ran `<hook>.legacy` and took its name from $0.
OLD_HOOK = """#!/bin/sh
# memsync-hook: installed by `memsync hooks install`; safe to delete.
# A hook that was here before is kept as <name>.legacy and runs first.
hook=$(basename "$0")
legacy="$(dirname "$0")/$hook.legacy"
if [ -x "$legacy" ]; then
    "$legacy" "$@" || exit $?
fi
top=$(git rev-parse --show-toplevel) || exit 1
exec @MEMSYNC@ hooks run "$hook" --root "$top"/.memory
""".replace("@MEMSYNC@", shlex.join([sys.executable, "-m", "memsync"]))
STAGE_AGAIN = "stage them (git add) and commit again"  # memsync's pre-commit hook fixed the index


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO), PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"))


def _sh(cwd: Path, env: dict[str, str], *args: str | bytes) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, errors="replace",
                          timeout=300, check=False)


def _memsync(cwd: Path, env: dict[str, str], *args: str | bytes, prefix: tuple[str, ...] = ()):
    return _sh(cwd, env, *prefix, sys.executable, "-m", "memsync", *args)


def _pre_commit_install(repo: Path, env: dict[str, str]) -> None:
    out = _sh(repo, env, sys.executable, "-m", "pre_commit", "install")
    assert out.returncode == 0, out.stdout + out.stderr


def _write_hook(path: Path, data: bytes | str) -> None:
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    path.chmod(0o755)


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes | str | None]]:
    """Every entry of the hooks folder: its mode and its bytes (a link: its target)."""
    found: dict[str, tuple[int, bytes | str | None]] = {}
    for name in sorted(os.listdir(folder)):
        path = folder / name
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            found[name] = (st.st_mode, os.readlink(path))
        elif stat.S_ISREG(st.st_mode) and st.st_mode & 0o444:
            found[name] = (st.st_mode, path.read_bytes())
        else:
            found[name] = (st.st_mode, None)
    return found


def _debris(folder: Path) -> list[str]:
    return [n for n in os.listdir(folder) if ".memsync-" in n and not n.endswith(".memsync-previous")]


@pytest.fixture
def project(tmp_path: Path, cli) -> tuple[Path, dict[str, str]]:
    """A project repo with `.memory/`, a pre-commit config, and a user's own pre-commit hook."""
    repo = tmp_path / "proj"
    repo.mkdir()
    env = _env(tmp_path)
    _sh(repo, env, "git", "init", "-q", "-b", "main")
    assert cli("init", "--project", cwd=repo)[0] == 0
    (repo / ".pre-commit-config.yaml").write_text(PC_CONFIG)
    _write_hook(repo / ".git" / "hooks" / "pre-commit", USER_HOOK)
    return repo, env


def _commit_runs_everything(repo: Path, env: dict[str, str], n: int, *, user: bool = True) -> None:
    """A stale index is refused by memsync's hook; once staged the commit passes; the user's
    hook and pre-commit's hook ran on every attempt."""
    log = repo.parent
    write_entry(repo / ".memory", f"facts/f{n}", f"fact {n}")
    _sh(repo, env, "git", "add", "-A")
    refused = _sh(repo, env, "git", "commit", "-qm", f"c{n}")
    assert refused.returncode == 1 and STAGE_AGAIN in refused.stdout + refused.stderr, refused.stderr
    _sh(repo, env, "git", "add", "-A")
    passed = _sh(repo, env, "git", "commit", "-qm", f"c{n}")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    if user:
        assert (log / "user.log").read_text().count("user-ran") == 2 * n
    assert (log / "pc.log").read_text().count("pc-ran") == 2 * n


@pytest.mark.parametrize("first", ["pre-commit", "memsync"])
def test_both_installers_in_either_order_keep_the_users_hook(project, first: str) -> None:
    repo, env = project
    hooks = repo / ".git" / "hooks"
    install = {
        "pre-commit": lambda: _pre_commit_install(repo, env),
        "memsync": lambda: _sh_ok(_memsync(repo, env, "hooks", "install", "--project")),
    }
    second = "memsync" if first == "pre-commit" else "pre-commit"
    install[first]()
    install[second]()
    _commit_runs_everything(repo, env, 1)
    # Either installer again, in either order, changes nothing that matters.
    for name in (first, second, second, first):
        install[name]()
    _commit_runs_everything(repo, env, 2)
    # The user's hook is kept byte for byte under memsync's name; pre-commit's script is the
    # hook and runs memsync's from <hook>.legacy.
    assert (hooks / "pre-commit.memsync-previous").read_bytes() == USER_HOOK
    assert b"File generated by pre-commit" in (hooks / "pre-commit").read_bytes()  # the real one's
    assert "memsync-hook" in (hooks / "pre-commit.legacy").read_text()
    assert _debris(hooks) == []


def _sh_ok(out: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert out.returncode == 0, out.stdout + out.stderr
    return out


def test_upgrade_moves_the_users_hook_off_legacy(project) -> None:
    repo, env = project
    hooks = repo / ".git" / "hooks"
    os.replace(hooks / "pre-commit", hooks / "pre-commit.legacy")  # what an older memsync did
    _write_hook(hooks / "pre-commit", OLD_HOOK)
    (repo / ".pre-commit-config.yaml").unlink()  # no pre-commit framework here
    out = _sh_ok(_memsync(repo, env, "hooks", "install", "--project"))
    assert (f"Kept your pre-commit hook from {hooks / 'pre-commit.legacy'} to "
            f"{hooks / 'pre-commit.memsync-previous'} (it still runs first)") in out.stdout
    assert not os.path.lexists(hooks / "pre-commit.legacy")
    assert (hooks / "pre-commit.memsync-previous").read_bytes() == USER_HOOK
    # Now `pre-commit install` moves memsync's hook to .legacy without overwriting anything.
    (repo / ".pre-commit-config.yaml").write_text(PC_CONFIG)
    _pre_commit_install(repo, env)
    _commit_runs_everything(repo, env, 1)


def test_upgrade_repairs_pre_commit_script_moved_to_legacy(project) -> None:
    """The review's bug: an older memsync moved pre-commit's script to .legacy; every commit failed."""
    repo, env = project
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").unlink()  # no user hook in this one
    _pre_commit_install(repo, env)
    os.replace(hooks / "pre-commit", hooks / "pre-commit.legacy")
    _write_hook(hooks / "pre-commit", OLD_HOOK)
    _sh(repo, env, "git", "add", "-A")
    broken = _sh(repo, env, "git", "commit", "-qm", "broken")
    assert broken.returncode != 0 and "installed in migration mode" in broken.stdout + broken.stderr
    out = _sh_ok(_memsync(repo, env, "hooks", "install", "--project"))
    assert f"Moved pre-commit's pre-commit script back to {hooks / 'pre-commit'}" in out.stdout
    assert f"Installed {hooks / 'pre-commit.legacy'} (pre-commit's hook runs it)" in out.stdout
    assert b"File generated by pre-commit" in (hooks / "pre-commit").read_bytes()  # the real one's
    passed = _sh(repo, env, "git", "commit", "-qm", "init")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    (repo.parent / "pc.log").unlink()
    _commit_runs_everything(repo, env, 1, user=False)  # the older memsync had lost no user hook here


# -- concurrent installs --------------------------------------------------------------------

def _install_in_child(path: str, barrier, results) -> None:  # type: ignore[no-untyped-def]
    from memsync.githooks import install_hooks
    from memsync.roots import Root

    barrier.wait()
    try:
        results.put(("ok", install_hooks(Root.at(path))))
    except Exception as exc:  # noqa: BLE001 -- reported to the test, not swallowed
        results.put(("error", repr(exc)))


def test_concurrent_installs_never_lose_the_users_hook(tmp_path: Path, cli) -> None:
    repo = tmp_path / "race"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    assert cli("init", "--project", cwd=repo)[0] == 0
    hooks = repo / ".git" / "hooks"
    ctx = multiprocessing.get_context("fork")
    procs_per_round, rounds = 6, 15
    for _ in range(rounds):
        for name in os.listdir(hooks):
            (hooks / name).unlink()
        _write_hook(hooks / "pre-commit", USER_HOOK)
        barrier, results = ctx.Barrier(procs_per_round), ctx.Queue()
        procs = [ctx.Process(target=_install_in_child, args=(str(repo / ".memory"), barrier, results))
                 for _ in range(procs_per_round)]
        for p in procs:
            p.start()
        outcomes = [results.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(60)
            assert p.exitcode == 0
        assert all(kind == "ok" for kind, _ in outcomes), outcomes
        kept = [line for _, lines in outcomes for line in lines if line.startswith("Kept your")]
        assert len(kept) == 1, outcomes  # exactly one run found the user's hook; the rest saw it kept
        assert (hooks / "pre-commit.memsync-previous").read_bytes() == USER_HOOK
        assert "memsync-hook" in (hooks / "pre-commit").read_text()
        assert sorted(os.listdir(hooks)) == ["post-checkout", "post-merge", "pre-commit", "pre-commit.memsync-previous"]


def test_a_held_lock_is_waited_for_then_refused(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from memsync import githooks

    repo = tmp_path / "locked"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    assert cli("init", "--project", cwd=repo)[0] == 0
    hooks = repo / ".git" / "hooks"
    _write_hook(hooks / "pre-commit", USER_HOOK)
    (hooks / githooks.LOCK_NAME).write_text("")
    before = _snapshot(hooks)
    monkeypatch.setattr(githooks, "LOCK_WAIT_S", 0.2)
    code, out, err = cli("hooks", "install", "--project", cwd=repo)
    assert code == 2 and out == ""
    assert (f"another `memsync hooks install` is writing {hooks} (lock file {hooks / githooks.LOCK_NAME}); "
            "if none is running, delete the lock file and retry; nothing written") in err
    assert _snapshot(hooks) == before  # the other run's lock is left to it


# -- bad inputs: refused, exit 2, the path named, nothing written ---------------------------

def _no_dac() -> tuple[str, ...]:
    """As root, run without the capabilities that ignore file modes (as a normal user would)."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be tested")
    return ("setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--")


def _hook_folder_is_dir(h: Path) -> str:
    (h / "pre-commit").mkdir()
    (h / "pre-commit" / "x").write_text("x")
    return f"{h / 'pre-commit'} is not a regular file (a folder, say); move it away and retry; nothing written"


def _hook_is_fifo(h: Path) -> str:
    os.mkfifo(h / "post-merge")  # never opened: reading it would hang
    return f"{h / 'post-merge'} is not a regular file (a folder, say); move it away and retry; nothing written"


def _hook_mode_000(h: Path) -> str:
    _write_hook(h / "pre-commit", USER_HOOK)
    (h / "pre-commit").chmod(0)
    return f"cannot read {h / 'pre-commit'}: Permission denied; nothing written"


def _hooks_read_only(h: Path) -> str:
    _write_hook(h / "pre-commit", USER_HOOK)
    h.chmod(0o555)
    return f"cannot write in the hooks folder {h}: Permission denied; nothing written"


def _hooks_is_a_file(h: Path) -> str:
    shutil.rmtree(h)
    h.write_text("not a folder\n")
    return f"the hooks folder {h} is not a folder; nothing written"


def _second_hook_cannot_be_kept(h: Path) -> str:
    _write_hook(h / "pre-commit", USER_HOOK)  # could be kept, but must not be moved either
    _write_hook(h / "post-merge", b"#!/bin/sh\necho mine\n")
    _write_hook(h / "post-merge.memsync-previous", b"#!/bin/sh\necho older\n")
    return (f"both {h / 'post-merge'} and {h / 'post-merge.memsync-previous'} exist and neither is memsync's "
            "hook; move one away and retry; nothing written")


def _old_install_and_previous_both_taken(h: Path) -> str:
    _write_hook(h / "pre-commit", OLD_HOOK)
    _write_hook(h / "pre-commit.legacy", USER_HOOK)
    _write_hook(h / "pre-commit.memsync-previous", b"#!/bin/sh\necho other\n")
    return (f"both {h / 'pre-commit.legacy'} and {h / 'pre-commit.memsync-previous'} exist and neither is "
            "memsync's hook; move one away and retry; nothing written")


def _pre_commit_script_twice(h: Path) -> str:
    script = (b"#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n"
              b"# ID: 138fd403232d2ddd5efb44317e38bf03\n")
    _write_hook(h / "pre-commit", script)
    _write_hook(h / "pre-commit.legacy", script)
    return (f"{h / 'pre-commit.legacy'} is pre-commit's own script, which then fails every commit; "
            "run `pre-commit install -f --hook-type pre-commit` and retry; nothing written")


BAD = [
    ("hook-is-a-folder", _hook_folder_is_dir, False),
    ("hook-is-a-fifo", _hook_is_fifo, False),
    ("hook-mode-000", _hook_mode_000, True),
    ("hooks-folder-read-only", _hooks_read_only, True),
    ("hooks-folder-is-a-file", _hooks_is_a_file, False),
    ("second-hook-cannot-be-kept", _second_hook_cannot_be_kept, False),
    ("old-install-previous-taken", _old_install_and_previous_both_taken, False),
    ("pre-commit-script-twice", _pre_commit_script_twice, False),
]


@pytest.mark.parametrize(("name", "make", "modes"), BAD, ids=[b[0] for b in BAD])
def test_bad_hooks_folder_is_refused_and_nothing_written(tmp_path: Path, cli, name: str, make, modes: bool) -> None:
    prefix = _no_dac() if modes else ()
    repo = tmp_path / "bad"
    repo.mkdir()
    env = _env(tmp_path)
    _sh(repo, env, "git", "init", "-q", "-b", "main")
    assert cli("init", "--project", cwd=repo)[0] == 0
    hooks = repo / ".git" / "hooks"
    for sample in list(hooks.iterdir()):
        sample.unlink()
    message = make(hooks)
    before = _snapshot(hooks) if hooks.is_dir() else hooks.read_bytes()
    try:
        out = _memsync(repo, env, "hooks", "install", "--project", prefix=prefix)
        after = _snapshot(hooks) if hooks.is_dir() else hooks.read_bytes()
    finally:
        if hooks.is_dir():
            hooks.chmod(0o755)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stdout == "" and out.stderr == f"memsync: {message}\n"
    assert after == before


def test_root_path_not_utf8_is_refused(tmp_path: Path) -> None:
    repo = tmp_path / "nonutf8"
    repo.mkdir()
    env = _env(tmp_path)
    _sh(repo, env, "git", "init", "-q", "-b", "main")
    assert _memsync(repo, env, "init", "--root", b"mem\xffory").returncode == 0
    hooks = repo / ".git" / "hooks"
    before = _snapshot(hooks)
    out = _memsync(repo, env, "hooks", "install", "--root", b"mem\xffory")
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr == ("memsync: the path of mem\\xffory (or of this Python) is not valid UTF-8, so a hook "
                          "script cannot name it; rename the folder and retry; nothing written\n")
    assert _snapshot(hooks) == before


def test_repo_path_ending_in_a_space(tmp_path: Path) -> None:
    repo = tmp_path / "trail "
    repo.mkdir()
    env = _env(tmp_path)
    _sh(repo, env, "git", "init", "-q", "-b", "main")
    _sh_ok(_memsync(repo, env, "init", "--project"))
    out = _sh_ok(_memsync(repo, env, "hooks", "install", "--project"))
    assert f"Installed {repo / '.git' / 'hooks' / 'pre-commit'}\n" in out.stdout
    _sh(repo, env, "git", "add", "-A")
    _sh_ok(_sh(repo, env, "git", "commit", "-qm", "init"))
    write_entry(repo / ".memory", "facts/x", "a fact")
    _sh(repo, env, "git", "add", "-A")
    refused = _sh(repo, env, "git", "commit", "-qm", "entry")
    assert refused.returncode == 1 and "Fixing .memory/facts/index.md" in refused.stdout + refused.stderr
    _sh(repo, env, "git", "add", "-A")
    _sh_ok(_sh(repo, env, "git", "commit", "-qm", "entry"))


def test_hook_finds_a_root_whose_path_ends_in_a_newline(tmp_path: Path) -> None:
    """`$(git rev-parse ...)` would drop the newline; the hook keeps it (and compiles the root)."""
    repo = tmp_path / "nl\n"
    repo.mkdir()
    env = _env(tmp_path)
    _sh(repo, env, "git", "init", "-q", "-b", "main")
    _sh_ok(_memsync(repo, env, "init", "--project"))
    _sh_ok(_memsync(repo, env, "hooks", "install", "--project"))
    write_entry(repo / ".memory", "facts/x", "a fact")
    _sh(repo, env, "git", "add", "-A")
    out = _sh(repo, env, "git", "commit", "-qm", "entry")
    assert "Fixing .memory/facts/index.md" in out.stdout + out.stderr
    assert "[x](x.md) — a fact" in (repo / ".memory" / "facts" / "index.md").read_text()


def test_a_failure_while_writing_leaves_the_hooks_and_no_temp_file(tmp_path: Path, cli,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The third script cannot be written (a full disk, say): the user's hook stays where it was."""
    from memsync import githooks

    repo = tmp_path / "full"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    assert cli("init", "--project", cwd=repo)[0] == 0
    hooks = repo / ".git" / "hooks"
    _write_hook(hooks / "pre-commit", USER_HOOK)
    before = _snapshot(hooks)
    real = githooks.temp_path
    monkeypatch.setattr(githooks, "temp_path",
                        lambda target: real(target) if target.name != "post-checkout" else hooks / "gone" / "x.tmp")
    code, out, err = cli("hooks", "install", "--project", cwd=repo)
    assert code == 2 and out == ""
    assert err == f"memsync: cannot write the hooks in {hooks}: No such file or directory\n"
    assert _snapshot(hooks) == before


def test_a_bare_repository_is_named_as_one_not_as_no_repository(tmp_path: Path) -> None:
    import subprocess
    import sys

    bare = tmp_path / "memory.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    before = sorted(p.name for p in (bare / "hooks").iterdir())
    done = subprocess.run([sys.executable, "-m", "memsync", "hooks", "install", "--root", str(bare)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2
    assert done.stderr == (f"memsync: {bare} is a bare repository: it has no work tree for the hooks to compile and "
                           "check; install them in a clone of it\n")
    assert sorted(p.name for p in (bare / "hooks").iterdir()) == before
