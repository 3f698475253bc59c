"""Source files named by someone else: a file name is hostile input wherever memsync echoes it."""
from __future__ import annotations

from pathlib import Path

import pytest
from sourcetrees import claude_memory, git_repo, scrub, settings, topic


@pytest.fixture
def project(clean_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    scrub(monkeypatch)
    settings(clean_env, monkeypatch, "sources:\n  claude_code: true\n")
    return git_repo(tmp_path / "proj")


@pytest.mark.parametrize("name", ["esc\x1b[2Jname", "bell\x07title", "csi\x9b31m"])
def test_show_of_a_source_file_whose_name_holds_control_characters_prints_none(
        cli, clean_env: Path, project: Path, name: str) -> None:
    folder = claude_memory(clean_env / ".claude", project)
    topic(folder, name, description="the staging database is rebuilt on sunday", kind="project", body="rebuilt")
    code, out, err = cli("show", f"claude-code:{name}", cwd=project)
    assert code == 0, err
    assert out.startswith("# claude-code:") and "rebuilt" in out
    assert not any(ch in out for ch in "\x1b\x07\x9b"), "a control character of the file name reached the terminal"
