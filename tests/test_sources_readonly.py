"""Sources are read-only: every write aimed at one is refused with a message naming it, and no
command (search, context, inspect, show, compile, lint, check, import) changes a byte in them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from sourcetrees import claude_memory, git_repo, mimo_data, mimo_project_id, scrub, settings, topic, tree_state

from memsync import service

PID = "0c7d3b9e-1f2a-4b5c-8d6e-7f8091a2b3c4"


@pytest.fixture
def world(clean_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Path]:
    scrub(monkeypatch)
    home = clean_env
    settings(home, monkeypatch, "sources:\n  claude_code: true\n  mimo: true\n  mimo_sessions: true\n")
    repo = git_repo(tmp_path / "proj")
    topic(claude_memory(home / ".claude", repo), "feedback_gnu", description="the gnu feedback", kind="feedback",
          body="Say gnu twice.\n")
    mem = mimo_data(home)
    mimo_project_id(repo, PID)
    (mem / "projects" / PID).mkdir(parents=True)
    (mem / "projects" / PID / "MEMORY.md").write_text("## Rules\n- the gnu rule\n")
    (mem / "sessions" / "s9").mkdir(parents=True)
    (mem / "sessions" / "s9" / "checkpoint.md").write_text("## §1 Active intent\ngnu intent\n")
    return {"home": home, "repo": repo, "claude": home / ".claude", "mimo": mem}


REFUSALS = [
    (("forget", "claude-code:feedback_gnu"), "claude-code is Claude Code's auto-memory", "nothing was deleted"),
    (("forget", f"mimo:projects/{PID}/MEMORY#rules", "--force"), "mimo is MiMo Code's memory", "nothing was deleted"),
    (("remember", "--scope", "claude-code", "--category", "facts", "--summary", "a new gnu fact"),
     "claude-code is Claude Code's auto-memory", "nothing was written"),
    (("remember", "--scope", "mimo", "--category", "facts", "--summary", "a new gnu fact"),
     "mimo is MiMo Code's memory", "nothing was written"),
    (("remember", "--id", "claude-code:feedback_gnu", "--summary", "changed"),
     "claude-code is Claude Code's auto-memory", "nothing was written"),
    (("supersede", "claude-code:feedback_gnu", "facts/anything"), "claude-code is Claude Code's auto-memory",
     "nothing was written"),
]


@pytest.mark.parametrize("args, names, what", REFUSALS)
def test_writes_to_a_source_are_refused(cli, world, args, names, what) -> None:
    assert cli("init", "--project", cwd=world["repo"])[0] == 0
    before = {k: tree_state(world[k]) for k in ("claude", "mimo")}
    project_before = tree_state(world["repo"] / ".memory")
    code, out, err = cli(*args, cwd=world["repo"])
    assert code == 2
    assert names in err and what in err and "memsync import" in err
    assert {k: tree_state(world[k]) for k in ("claude", "mimo")} == before
    assert tree_state(world["repo"] / ".memory") == project_before
    code, out, err = cli(*args, "--json", cwd=world["repo"])
    refusal = json.loads(out)
    assert code == 2 and refusal["ok"] is False and refusal["error"] == "ReadOnlySource"
    assert refusal["gate"] == "read-only"


def test_the_service_refuses_with_a_typed_error(world) -> None:
    with pytest.raises(service.ReadOnlySource) as info:
        service.remember("a gnu fact", category="facts", scope="mimo", cwd=world["repo"])
    assert info.value.source == "mimo" and info.value.gate == "read-only"
    with pytest.raises(service.ReadOnlySource):
        service.forget("claude-code:feedback_gnu", cwd=world["repo"])
    shown = service.show("claude-code:feedback_gnu", cwd=world["repo"])
    assert (shown.scope, shown.body, shown.meta["type"]) == ("claude-code", "Say gnu twice.", "feedback")


def test_no_command_changes_a_source(run, world) -> None:
    before = {k: tree_state(world[k]) for k in ("claude", "mimo")}
    repo = world["repo"]
    steps = [
        ("init", "--project"), ("remember", "--category", "facts", "--summary", "our own gnu note"),
        ("search", "gnu"), ("search", "gnu", "--scope", "claude-code"), ("search", "gnu", "--scope", "mimo"),
        ("context", "--prompt", "the gnu rule", "--session", "x"), ("inspect",),
        ("show", "claude-code:feedback_gnu"), ("show", f"mimo:projects/{PID}/MEMORY#rules"),
        ("compile", "--project"), ("check", "--project"), ("lint", "--project"),
        ("import", "claude-code"), ("import", "mimo"),
    ]
    for args in steps:
        out = run(*args, cwd=repo)
        assert out.returncode in (0, 1), (args, out.stderr)
        assert "Traceback" not in out.stderr
    assert {k: tree_state(world[k]) for k in ("claude", "mimo")} == before
    # compile and lint never saw the sources: the project's indexes list only memsync entries
    indexes = "".join(p.read_text() for p in (repo / ".memory").glob("*/index.md"))
    assert "gnu" in indexes and "claude-code" not in indexes and "mimo:" not in indexes
    assert ".state.json" not in {p.name for p in world["claude"].rglob("*")} | {p.name for p in world["mimo"].rglob("*")}


@pytest.mark.parametrize("doc_id", [
    "claude-code:../../../etc/passwd", "claude-code:feedback_gnu/../../x", f"mimo:projects/{PID}/../../../etc/passwd",
    "mimo:sessions/s9/checkpoint", "mimo:projects/someone-elses-project/MEMORY", "mimo:/etc/passwd",
])
def test_show_reads_only_what_search_reads(cli, world, monkeypatch, doc_id) -> None:
    settings(world["home"], monkeypatch, "sources:\n  claude_code: true\n  mimo: true\n")  # sessions off
    other = world["mimo"] / "projects" / "someone-elses-project"
    other.mkdir(parents=True)
    (other / "MEMORY.md").write_text("## Rules\n- not this project's\n")
    code, out, err = cli("show", doc_id, cwd=world["repo"])
    assert code == 2 and out == "" and "no document" in err


def test_file_names_holding_a_hash_sign(cli, world) -> None:
    topic(claude_memory(world["claude"], world["repo"]), "issue#42", description="the issue 42 gnu fix", kind="project",
          body="Pin the parser to 3.2.\n")
    (world["mimo"] / "projects" / PID / "memory-c#.md").write_text("## Tips\n- c# gnu tip\n")
    code, out, _ = cli("search", "gnu", "--json", cwd=world["repo"])
    ids = {h["id"]: h["path"] for h in json.loads(out)["hits"]}
    assert ids["claude-code:issue#42"].endswith("/memory/issue#42.md")
    assert ids[f"mimo:projects/{PID}/memory-c##tips"].endswith("/memory-c#.md")
    assert cli("show", "claude-code:issue#42", cwd=world["repo"])[1].rstrip().endswith("Pin the parser to 3.2.")
    assert "c# gnu tip" in cli("show", f"mimo:projects/{PID}/memory-c##tips", cwd=world["repo"])[1]


def test_a_category_named_like_a_source_is_memsyncs_own(cli, world) -> None:
    root = world["repo"] / ".memory"
    assert cli("init", "--project", cwd=world["repo"])[0] == 0
    (root / "mimo").mkdir()
    code, out, err = cli("remember", "--category", "mimo", "--summary", "notes about the mimo editor", "--json",
                         cwd=world["repo"])
    assert code == 0, err
    written = json.loads(out)["id"]
    assert written.startswith("mimo/")
    code, out, err = cli("forget", written, cwd=world["repo"])
    assert code == 0, err
    assert sorted(p.name for p in (root / "mimo").glob("*.md")) == ["index.md"]


def test_show_with_a_source_scope_takes_a_bare_name(cli, world) -> None:
    code, out, _ = cli("show", "feedback_gnu", "--scope", "claude-code", cwd=world["repo"])
    assert code == 0 and "Say gnu twice." in out
