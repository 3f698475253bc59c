"""A project's own files never run as memsync: the processes memsync starts in a project folder
(the detached extraction, the commands it installs into hosts' settings and git hooks) do not put
that folder first on Python's import path, where a ``memsync/`` package or a ``json.py`` of a
cloned repository would be imported in place of ours."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, git
from extractkit import Model, answer, conversation, runs, wait_for, write_transcript

FACT = {"category": "facts", "kind": "fact", "summary": "The staging database is rebuilt every Sunday night",
        "body": "Its data is gone on Monday morning.", "load_when": ["staging", "database"]}

# What a hostile repository could hold at its top: each writes a marker when imported.
PLANTS = {
    "a memsync package": ("memsync/__init__.py", "memsync/__main__.py"),
    "a stdlib module's name": ("json.py",),
}


def plant(folder: Path, files: tuple[str, ...], marker: Path) -> None:
    for rel in files:
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"open({str(marker)!r}, 'a').write({rel!r} + '\\n')\n")


@pytest.mark.parametrize("plant_name", PLANTS)
def test_the_detached_extraction_does_not_import_the_projects_files(tmp_path: Path, run, monkeypatch, plant_name):
    root = tmp_path / "root"
    assert run("init", "--root", str(root)).returncode == 0
    model = Model(tmp_path / "m", answer(FACT))
    config = tmp_path / "config.yaml"
    config.write_text(f"extract:\n  model_cmd: {json.dumps(model.cmd)}\n")
    monkeypatch.setenv("MEMSYNC_CONFIG", str(config))
    project = tmp_path / "project"
    marker = tmp_path / "ran-the-projects-code"
    plant(project, PLANTS[plant_name], marker)
    transcript = write_transcript(tmp_path / "s.jsonl", conversation(4, session="s-1"))
    payload = json.dumps({"session_id": "s-1", "transcript_path": str(transcript), "cwd": str(project),
                          "hook_event_name": "Stop"})
    # PYTHONPATH without an empty entry (which would name the working folder: our choice, not memsync's).
    done = run("extract", "--hook", "claude-code", "--root", str(root), input=payload, env={"PYTHONPATH": str(REPO)})
    assert (done.returncode, done.stderr) == (0, "")
    wait_for(lambda: runs(root) or marker.exists(), "the detached run's status (or the planted code)")
    assert not marker.exists(), "the detached extraction imported a file of the project"
    [status] = wait_for(lambda: runs(root), "the detached run's status")
    assert status["outcome"] == "written"


def _no_memsync_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PATH without a memsync script: the installed command is this Python running memsync."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("git", "sh"):
        found = subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True, text=True).stdout.strip()
        (bin_dir / tool).symlink_to(found)
    monkeypatch.setenv("PATH", str(bin_dir))


@pytest.mark.parametrize("plant_name", PLANTS)
def test_the_installed_claude_code_hook_does_not_import_the_projects_files(tmp_path: Path, cli, monkeypatch,
                                                                            plant_name):
    _no_memsync_on_path(tmp_path, monkeypatch)
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    code, out, err = cli("hooks", "install", "--claude-code", "--user", cwd=project)
    assert code == 0, err
    settings = json.loads((Path(os.environ["HOME"]) / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"]
    assert command.startswith(sys.executable)  # this interpreter: the case where Python's path matters
    marker = tmp_path / "ran-the-projects-code"
    plant(project, PLANTS[plant_name], marker)
    payload = json.dumps({"session_id": "s", "prompt": "what about staging", "cwd": str(project),
                          "hook_event_name": "UserPromptSubmit"})
    env = dict(os.environ, PYTHONPATH=str(REPO))
    # Claude Code runs a hook's command through a shell, in the project folder.
    done = subprocess.run(["sh", "-c", command], cwd=project, input=payload, capture_output=True, text=True,
                          env=env, timeout=60)
    assert not marker.exists(), "the installed hook imported a file of the project"
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("plant_name", PLANTS)
def test_the_installed_git_hook_does_not_import_files_of_the_repository(tmp_path: Path, run, monkeypatch,
                                                                         plant_name):
    root = tmp_path / "mem"
    assert run("init", "--root", str(root)).returncode == 0
    git(root, "init", "-q")
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the hook runs this checkout's memsync
    assert run("hooks", "install", "--root", str(root)).returncode == 0
    marker = tmp_path / "ran-the-repositorys-code"
    plant(root, PLANTS[plant_name], marker)  # a file a remote pushed to the memory repository
    git(root, "add", "-A")
    done = subprocess.run(["git", "commit", "-q", "-m", "x"], cwd=root, capture_output=True, text=True, timeout=60)
    assert not marker.exists(), "the git hook imported a file of the repository"
    assert done.returncode == 0, done.stderr
