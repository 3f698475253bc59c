"""End to end with the real pre-commit framework: a project repo lists this
repository (`repo:` + `rev:`) and gets working hooks, offline."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from memtree import write_entry

pytestmark = pytest.mark.xdist_group("pre-commit")


def _sh(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture
def project(git_repo: Path, hook_repo, pre_commit_env, cli) -> tuple[Path, dict[str, str]]:
    hook_path, rev = hook_repo
    (git_repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {hook_path}\n  rev: {rev}\n  hooks:\n"
        "  - id: memsync-compile\n  - id: memsync-lint\n  - id: memsync-check\n"
    )
    env = dict(pre_commit_env, PYTHONPATH=str(REPO))
    out = _sh(git_repo, env, sys.executable, "-m", "pre_commit", "install")
    assert out.returncode == 0, out.stdout + out.stderr
    code, _, _ = cli("init", "--root", ".memory", cwd=git_repo)
    assert code == 0
    _sh(git_repo, env, "git", "add", "-A")
    first = _sh(git_repo, env, "git", "commit", "-qm", "init memory")
    assert first.returncode == 0, first.stdout + first.stderr
    return git_repo, env


def test_manifest_is_valid(pre_commit_env):
    out = subprocess.run([sys.executable, "-m", "pre_commit", "validate-manifest", ".pre-commit-hooks.yaml"],
                         cwd=REPO, env=pre_commit_env, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_stale_index_is_fixed_then_commit_passes(project):
    repo, env = project
    write_entry(repo / ".memory", "facts/deploy", "deploys run pnpm", load_when=["部署"])
    _sh(repo, env, "git", "add", "-A")
    refused = _sh(repo, env, "git", "commit", "-qm", "add entry without compiling")
    assert refused.returncode == 1
    assert "Fixing .memory/facts/index.md" in refused.stderr
    assert "files were modified by this hook" in refused.stderr
    assert "- [deploy](deploy.md) — deploys run pnpm" in (repo / ".memory" / "facts" / "index.md").read_text()
    assert "| 部署 | [facts/deploy](facts/deploy.md) |" in (repo / ".memory" / "ROOT.md").read_text()
    _sh(repo, env, "git", "add", "-A")
    passed = _sh(repo, env, "git", "commit", "-qm", "add entry")
    assert passed.returncode == 0, passed.stderr
    assert _sh(repo, env, "git", "status", "--porcelain").stdout == ""


def test_lint_error_refuses_the_commit(project):
    repo, env = project
    (repo / ".memory" / "facts" / "bad.md").write_text('---\nid: facts/bad\nkind: fact\nsummary: s\npinned: "true"\n---\n')
    _sh(repo, env, "git", "add", "-A")
    head = _sh(repo, env, "git", "rev-parse", "HEAD").stdout
    refused = _sh(repo, env, "git", "commit", "-qm", "bad entry")
    assert refused.returncode == 1
    assert ".memory/facts/bad.md:5: E013 'pinned' must be true or false, not the string 'true'" in refused.stderr
    assert _sh(repo, env, "git", "rev-parse", "HEAD").stdout == head
    # Compiling and re-staging does not help: the lint error still blocks.
    _sh(repo, env, "git", "add", "-A")
    again = _sh(repo, env, "git", "commit", "-qm", "bad entry")
    assert again.returncode == 1 and "E013" in again.stderr


def test_compile_hook_at_post_merge_recompiles_after_a_pull(project, tmp_path: Path):
    repo, env = project
    out = _sh(repo, env, sys.executable, "-m", "pre_commit", "install", "--hook-type", "post-merge")
    assert out.returncode == 0, out.stdout + out.stderr
    other = tmp_path / "other-device"
    _sh(tmp_path, env, "git", "clone", "-q", str(repo), str(other))
    write_entry(other / ".memory", "facts/remote", "written on another device")
    _sh(other, env, "git", "add", "-A")
    _sh(other, env, "git", "commit", "-q", "--no-verify", "-m", "stale index on purpose")
    pulled = _sh(repo, env, "git", "pull", "-q", "--no-rebase", str(other), "main")
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert "- [remote](remote.md) — written on another device" in (repo / ".memory" / "facts" / "index.md").read_text()
