"""Plain git hooks (no pre-commit framework): `memsync hooks install` and real commits."""
from __future__ import annotations

import os
import random
import string
import subprocess
from pathlib import Path

import pytest
from conftest import REPO
from memtree import write_entry


@pytest.fixture
def memrepo(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A global-memory-style repo: the root is the repo's top level."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the hooks run `python -m memsync`
    root = tmp_path / "mem"
    cli("init", "--root", "mem")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "init")
    return root


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)


def test_install_keeps_foreign_hook_as_previous_and_runs_it(memrepo: Path, cli):
    hooks = memrepo / ".git" / "hooks"
    (hooks / "pre-commit").write_text("#!/bin/sh\necho legacy-ran >> \"$(git rev-parse --show-toplevel)/../legacy.log\"\n")
    os.chmod(hooks / "pre-commit", 0o755)
    code, out, _ = cli("hooks", "install", "--root", "mem")
    assert code == 0
    assert f"Kept your pre-commit hook as {hooks / 'pre-commit.memsync-previous'} (it still runs first)" in out
    for name in ("pre-commit", "post-merge", "post-checkout"):
        assert "memsync-hook" in (hooks / name).read_text()
        assert os.access(hooks / name, os.X_OK)
    # Re-installing updates our hooks and leaves the kept one alone.
    code, out, _ = cli("hooks", "install", "--root", "mem")
    assert code == 0 and "Kept" not in out
    assert "legacy-ran" in (hooks / "pre-commit.memsync-previous").read_text()
    assert not (hooks / "pre-commit.legacy").exists()  # the pre-commit framework's name
    _git(memrepo, "commit", "-q", "--allow-empty", "-m", "empty")
    assert (memrepo.parent / "legacy.log").read_text() == "legacy-ran\n"


def test_pre_commit_hook_fixes_index_then_passes(memrepo: Path, cli):
    cli("hooks", "install", "--root", "mem")
    write_entry(memrepo, "facts/new", "a new fact", load_when=["deploy"])
    _git(memrepo, "add", "-A")
    first = _git(memrepo, "commit", "-qm", "add entry")
    assert first.returncode == 1
    assert "Fixing ROOT.md\nFixing facts/index.md\n" in first.stderr and "stage them (git add) and commit again" in first.stderr
    assert "[new](new.md) — a new fact" in (memrepo / "facts" / "index.md").read_text()
    _git(memrepo, "add", "-A")
    second = _git(memrepo, "commit", "-qm", "add entry")
    assert second.returncode == 0, second.stderr
    assert _git(memrepo, "status", "--porcelain").stdout == ""


def test_pre_commit_hook_refuses_lint_errors(memrepo: Path, cli):
    cli("hooks", "install", "--root", "mem")
    (memrepo / "facts" / "bad.md").write_text("---\nid: facts/bad\nkind: k\nsummary: [oops\n---\n")
    _git(memrepo, "add", "-A")
    out = _git(memrepo, "commit", "-qm", "bad")
    assert out.returncode == 1
    assert "facts/bad.md:5: E006 invalid YAML" in out.stderr
    assert _git(memrepo, "log", "--oneline").stdout.count("\n") == 1  # still only the first commit


def test_post_merge_recompiles_after_pull(memrepo: Path, cli, tmp_path: Path):
    cli("hooks", "install", "--root", "mem")
    other = tmp_path / "other"
    _git(tmp_path, "clone", "-q", str(memrepo), str(other))
    # The other clone commits an entry with a stale index (no hooks there).
    write_entry(other, "facts/remote", "from the other device")
    _git(other, "add", "-A")
    _git(other, "commit", "-qm", "remote entry")
    pull = _git(memrepo, "pull", "-q", str(other), "main")
    assert pull.returncode == 0, pull.stderr
    assert "[remote](remote.md) — from the other device" in (memrepo / "facts" / "index.md").read_text()


def test_install_outside_git_repo_is_clear(tmp_path: Path, cli):
    cli("init", "--root", "loose")
    code, _, err = cli("hooks", "install", "--root", "loose")
    assert code == 2 and "is not inside a git repository" in err


# Hostile names and links staged with git, through the plain pre-commit hook: each row is what
# is staged (a file's bytes, or a link's target), whether the commit goes through, and what the
# hook must say. A link is never followed (its target outside the root holds a token that must
# never be printed), but the target is text git records and pushes, so a token there is stopped.
_RNG = random.Random(3)
_TOKEN = "ghp_" + "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(36))
HOSTILE_STAGED = [
    ("link-target-is-a-token", b"notes/tok", ("link", _TOKEN), 1, "notes/tok:1:1: github-pat: ghp_***"),
    ("link-out-of-the-root", b"facts/leak.md", ("link", "../../outside.txt"), 1, "E021 symlink not followed"),
    ("link-absolute", b"notes/abs", ("link", "/etc/passwd"), 0, ""),
    ("leading-dash-entry", b"facts/-rf.md", ("file", b"---\nid: facts/-rf\n---\n"), 1, "facts/-rf.md: E020"),
    ("leading-dash-file", b"notes/--help", ("file", b"plain\n"), 0, ""),
    ("newline-in-name", b"notes/a\nb.txt", ("file", b"plain\n"), 0, ""),
    ("not-utf8-entry", b"facts/\xff.md", ("file", b"plain\n"), 1, "facts/\\xff.md: E020 file name is not valid UTF-8"),
    ("secret-under-odd-name", b"notes/-\n\xfe.txt", ("file", f"key {_TOKEN}\n".encode()), 1, "github-pat: ghp_***"),
]


@pytest.mark.parametrize(("name", "rel", "what", "code", "said"), HOSTILE_STAGED, ids=[r[0] for r in HOSTILE_STAGED])
def test_pre_commit_hook_with_hostile_names_and_links(memrepo: Path, cli, name: str, rel: bytes,
                                                      what: tuple[str, object], code: int, said: str) -> None:
    cli("hooks", "install", "--root", "mem")
    (memrepo.parent / "outside.txt").write_text(f"outside the root: {_TOKEN}\n")
    target = os.path.join(os.fsencode(memrepo), rel)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    kind, data = what
    if kind == "link":
        os.symlink(str(data), target)
    else:
        with open(target, "wb") as fh:
            fh.write(data)  # type: ignore[arg-type]
    assert subprocess.run(["git", "add", "-A"], cwd=memrepo).returncode == 0
    out = subprocess.run(["git", "commit", "-qm", "hostile"], cwd=memrepo, capture_output=True)
    text = (out.stdout + out.stderr).decode("utf-8", "replace")
    assert out.returncode == code, text
    assert said in text and "Traceback" not in text
    assert _TOKEN not in text and b"\x1b" not in out.stdout + out.stderr
    commits = _git(memrepo, "log", "--oneline").stdout.count("\n")
    assert commits == (2 if code == 0 else 1)
    assert (memrepo.parent / "outside.txt").read_text() == f"outside the root: {_TOKEN}\n"
