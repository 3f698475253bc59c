"""Root discovery (SPEC §1): project root from a subdirectory or a linked worktree,
the global root from MEMSYNC_GLOBAL_ROOT / XDG_CONFIG_HOME, and --root overriding both."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import git
from memtree import write_entry

from memsync.errors import MemsyncError
from memsync.roots import global_root_path, main_worktree, project_root, select_roots


@pytest.fixture
def project(git_repo: Path) -> Path:
    (git_repo / "src" / "deep").mkdir(parents=True)
    (git_repo / "README").write_text("x\n")
    (git_repo / "src" / "deep" / "main.py").write_text("pass\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-qm", "init")
    return git_repo


def test_project_root_from_top_and_subdirectory(project: Path):
    assert project_root(project).path == project / ".memory"
    assert project_root(project / "src" / "deep").path == project / ".memory"
    assert main_worktree(project / "src") == project


def test_linked_worktree_resolves_to_main_worktree(project: Path, tmp_path: Path):
    linked = tmp_path / "linked-wt"
    git(project, "worktree", "add", "-q", str(linked), "-b", "feature")
    assert main_worktree(linked) == project
    assert project_root(linked / "src").path == project / ".memory"


def test_linked_worktree_cli_uses_main_memory(project: Path, tmp_path: Path, cli):
    linked = tmp_path / "linked-wt"
    git(project, "worktree", "add", "-q", str(linked), "-b", "feature")
    code, out, _ = cli("init", "--project", cwd=linked / "src")
    assert code == 0
    assert (project / ".memory" / "ROOT.md").is_file()
    assert not (linked / ".memory").exists()


def test_not_in_git_repo(tmp_path: Path, cli):
    assert project_root(tmp_path) is None
    code, _, err = cli("compile", "--project")
    assert code == 2 and "not inside a git repository" in err


def test_global_root_env_and_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("MEMSYNC_GLOBAL_ROOT", str(tmp_path / "g"))
    assert global_root_path() == tmp_path / "g"
    monkeypatch.delenv("MEMSYNC_GLOBAL_ROOT")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert global_root_path() == tmp_path / "xdg" / "opencode" / "memory"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert global_root_path() == Path(os.environ["HOME"]) / ".config" / "opencode" / "memory"


def test_default_prefers_project_then_global(project: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cli):
    monkeypatch.setenv("MEMSYNC_GLOBAL_ROOT", str(tmp_path / "g"))
    monkeypatch.chdir(project)
    with pytest.raises(MemsyncError, match="no memory root found"):
        select_roots()
    cli("init", "--global", cwd=project)
    assert [r.scope for r in select_roots()] == ["global"]
    cli("init", "--project", cwd=project)
    assert [r.scope for r in select_roots()] == ["project"]
    assert [r.scope for r in select_roots(default="all")] == ["project", "global"]


def test_root_option_overrides_discovery(project: Path, tmp_path: Path, cli):
    cli("init", "--project", cwd=project)
    other = tmp_path / "other"
    cli("init", "--root", str(other), cwd=project)
    write_entry(other, "facts/here", "only in other")
    code, out, _ = cli("compile", "--root", str(other), cwd=project / "src")
    assert code == 0 and "other/facts/index.md" in out
    assert "only in other" not in (project / ".memory" / "facts" / "index.md").read_text()


def test_init_is_idempotent_and_never_overwrites(tmp_path: Path, cli):
    cli("init", "--root", "m")
    (tmp_path / "m" / "ROOT.md").write_text("# hand written\n")
    (tmp_path / "m" / ".gitignore").write_text("*.tmp")
    code, out, _ = cli("init", "--root", "m")
    assert code == 0
    assert out == "Updated m/.gitignore (added .state.json)\n"
    assert (tmp_path / "m" / "ROOT.md").read_text() == "# hand written\n"
    assert (tmp_path / "m" / ".gitignore").read_text() == "*.tmp\n.state.json\n"
    assert cli("init", "--root", "m")[1] == "m is already set up; nothing changed\n"


def test_init_in_git_repo_ignores_state_json(project: Path, cli):
    cli("init", "--project", cwd=project)
    (project / ".memory" / ".state.json").write_text("{}")
    assert git(project, "status", "--porcelain", "--ignored", ".memory/.state.json").startswith("!!")


def test_init_rejects_bad_category(tmp_path: Path, cli):
    code, _, err = cli("init", "--root", "m", "--category", "../escape")
    assert code == 2 and "invalid category name '../escape'" in err
    assert not (tmp_path / "m").exists() and not (tmp_path / "escape").exists()


@pytest.mark.parametrize("home, xdg", [("", ""), ("relative/home", "relative/cache"), ("", "also-relative")])
def test_an_empty_or_relative_home_never_puts_memsync_files_at_the_top_or_in_the_cwd(
        monkeypatch: pytest.MonkeyPatch, home: str, xdg: str) -> None:
    """A hook may run with HOME stripped or relative: memsync's cache, config and global root go
    to the account's home then, never to /.cache or ./relative (XDG: a relative value is ignored)."""
    import pwd

    from memsync.config import user_config_path
    from memsync.roots import cache_dir

    account = Path(pwd.getpwuid(os.getuid()).pw_dir)
    for name in ("MEMSYNC_CACHE_DIR", "MEMSYNC_CONFIG", "MEMSYNC_GLOBAL_ROOT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", home)
    monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert cache_dir() == account / ".cache" / "memsync"
    assert user_config_path() == account / ".config" / "memsync" / "config.yaml"
    assert global_root_path() == account / ".config" / "opencode" / "memory"
