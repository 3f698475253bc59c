"""Host installers against a hostile project: a cloned repository decides what its folders are,
so a project-scope setup never writes through a symlinked folder (out of the project, into the
user's own settings or another project's)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

CMD = ["--command", "memsync"]


def tree(folder: Path) -> dict[str, bytes | str]:
    """Every path under ``folder``: a file's bytes, a symlink's target, a folder's marker."""
    out: dict[str, bytes | str] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(folder))
            out[rel] = ("-> " + os.readlink(path)) if path.is_symlink() else \
                ("<dir>" if path.is_dir() else path.read_bytes())
    return out


# (command, the folder the project holds as a symlink)
INSTALLS = [
    (["hooks", "install", "--claude-code", "--project"], ".claude"),
    (["setup", "claude-code", "--project"], ".claude"),
    (["setup", "cursor", "--project"], ".cursor"),
    (["setup", "opencode", "--project"], ".opencode"),
]


@pytest.mark.parametrize("target", ["a folder outside", "nowhere (dangling)"])
@pytest.mark.parametrize("args, folder", INSTALLS)
def test_a_symlinked_settings_folder_in_the_project_is_refused_and_nothing_is_written(
        tmp_path: Path, cli, args: list[str], folder: str, target: str) -> None:
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    outside = tmp_path / "outside"
    if target == "a folder outside":
        outside.mkdir()
        (outside / "keep.txt").write_text("theirs\n")
    (project / folder).symlink_to(outside, target_is_directory=True)
    before, before_outside = tree(project), tree(outside) if outside.exists() else None
    code, out, err = cli(*args, *CMD, cwd=project)
    assert code == 2, (out, err)
    assert f"{folder} is a symlink" in err and "nothing written" in err
    assert tree(project) == before  # no .mcp.json or opencode.json written beside it either
    assert (tree(outside) if outside.exists() else None) == before_outside


@pytest.mark.parametrize("args, folder", INSTALLS[:1])
def test_dry_run_says_the_same(tmp_path: Path, cli, args: list[str], folder: str) -> None:
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    (project / folder).symlink_to(tmp_path / "outside")
    code, _, err = cli(*args, *CMD, "--dry-run", cwd=project)
    assert code == 2 and f"{folder} is a symlink" in err


def test_user_scope_may_live_in_a_symlinked_folder(tmp_path: Path, cli) -> None:
    """Dotfile managers link ~/.claude to a repository of the user's own: that stays allowed."""
    home = Path(os.environ["HOME"])
    dotfiles = tmp_path / "dotfiles" / "claude"
    dotfiles.mkdir(parents=True)
    (home / ".claude").symlink_to(dotfiles)
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    code, out, err = cli("hooks", "install", "--claude-code", "--user", *CMD, cwd=project)
    assert code == 0, err
    assert "memsync context" in (dotfiles / "settings.json").read_text()
