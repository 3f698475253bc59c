"""Sources are opt-in: with the settings off nothing of them is read (watched through Python's
audit hooks in a real process), only the user's own settings turn them on, and turning one off
removes what memsync cached of it."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from sourcetrees import claude_memory, git_repo, mimo_data, mimo_project_id, scrub, settings, topic

AUDIT = '''
import os, sys
_log = os.environ["AUDIT_LOG"]
_watch = tuple(os.environ["AUDIT_WATCH"].split(os.pathsep))

def _hook(event, args):
    if event not in ("open", "os.listdir", "os.scandir") or not args or args[0] is None:
        return
    path = args[0]
    if isinstance(path, int):
        return
    path = os.fsdecode(os.fspath(path))
    if path.startswith(_watch):
        with open(_log, "a", encoding="utf-8") as fh:
            fh.write(f"{event} {path}\\n")

sys.addaudithook(_hook)
'''


@pytest.fixture
def world(clean_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Path]:
    """A project with memsync memory, Claude Code memory and MiMo memory, all holding 'ibex'."""
    scrub(monkeypatch)
    home = clean_env
    repo = git_repo(tmp_path / "proj")
    topic(claude_memory(home / ".claude", repo), "feedback_ibex", description="ibex feedback", kind="feedback")
    mimo = mimo_data(home)
    mimo_project_id(repo, "0b9f2c1e-7d7e-4a34-9d3e-5c3c2f1e8a10")
    (mimo / "projects" / "0b9f2c1e-7d7e-4a34-9d3e-5c3c2f1e8a10").mkdir(parents=True)
    (mimo / "projects" / "0b9f2c1e-7d7e-4a34-9d3e-5c3c2f1e8a10" / "MEMORY.md").write_text(
        "# Project memory\n\n## Rules\n- ibex rule from MiMo\n")
    audit = tmp_path / "audit"
    audit.mkdir()
    (audit / "sitecustomize.py").write_text(AUDIT)
    return {"home": home, "repo": repo, "audit": audit, "log": tmp_path / "audit.log",
            "claude": home / ".claude" / "projects", "mimo": mimo}


def _audited(run, world, *args: str):  # type: ignore[no-untyped-def]
    from conftest import REPO

    env = {"PYTHONPATH": f"{world['audit']}{os.pathsep}{REPO}", "AUDIT_LOG": str(world["log"]),
           "AUDIT_WATCH": os.pathsep.join([str(world["claude"]), str(world["mimo"])])}
    return run(*args, cwd=world["repo"], env=env)


def _reads(world) -> list[str]:  # type: ignore[no-untyped-def]
    return world["log"].read_text().splitlines() if world["log"].exists() else []


COMMANDS = [("search", "ibex", "--json"), ("context", "--prompt", "tell me about the ibex", "--format", "json"),
            ("inspect", "--json")]


def test_off_by_default_nothing_of_a_source_is_read(run, world) -> None:
    assert run("init", "--project", cwd=world["repo"]).returncode == 0
    assert run("remember", "--category", "facts", "--summary", "our own ibex note", cwd=world["repo"]).returncode == 0
    for args in COMMANDS:
        out = _audited(run, world, *args)
        assert out.returncode == 0, out.stderr
        assert "claude-code:" not in out.stdout and "mimo:" not in out.stdout
    assert _reads(world) == []
    listed = json.loads(_audited(run, world, "inspect", "--json").stdout)["sources"]
    assert [(s["scope"], s["enabled"]) for s in listed] == [("claude-code", False), ("mimo", False)]
    assert not (Path(os.environ["MEMSYNC_CACHE_DIR"]) / "sources").exists()


def test_on_they_are_read_and_found(run, world, monkeypatch) -> None:
    settings(world["home"], monkeypatch, "sources:\n  claude_code: true\n  mimo: true\n")
    out = _audited(run, world, "search", "ibex", "--json")
    assert out.returncode == 0, out.stderr
    assert {h["scope"] for h in json.loads(out.stdout)["hits"]} == {"claude-code", "mimo"}
    reads = _reads(world)
    assert any(str(world["claude"]) in r for r in reads) and any(str(world["mimo"]) in r for r in reads)


def test_a_roots_settings_file_cannot_turn_a_source_on(run, world) -> None:
    assert run("init", "--project", cwd=world["repo"]).returncode == 0
    (world["repo"] / ".memory" / ".memsync.yaml").write_text("sources:\n  claude_code: all\n  mimo: true\n")
    for args in COMMANDS:
        out = _audited(run, world, *args)
        assert out.returncode in (0, 1) and "claude-code:" not in out.stdout and "mimo:" not in out.stdout
    assert _reads(world) == []


def test_turning_a_source_off_removes_its_cache(cli, world, monkeypatch) -> None:
    cache = Path(os.environ["MEMSYNC_CACHE_DIR"]) / "sources"
    settings(world["home"], monkeypatch, "sources:\n  claude_code: true\n  mimo: true\n")
    assert cli("search", "ibex", cwd=world["repo"])[0] == 0
    assert any((cache / "claude-code").iterdir()) and any((cache / "mimo").iterdir())
    settings(world["home"], monkeypatch, "sources:\n  mimo: true\n")
    assert cli("search", "ibex", cwd=world["repo"])[0] == 0
    assert not (cache / "claude-code").exists() and (cache / "mimo").exists()


def test_a_source_scope_that_is_off_says_how_to_turn_it_on(cli, world) -> None:
    code, out, err = cli("search", "ibex", "--scope", "claude-code", cwd=world["repo"])
    assert code == 2 and out == ""
    assert "claude-code (Claude Code's auto-memory) is off" in err and "claude_code: true" in err
