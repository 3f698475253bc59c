"""``memsync import claude-code|mimo``: every memory through remember's gates, per-file report,
source time stamps kept, and a second run imports nothing new."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from sourcetrees import claude_memory, git_repo, mimo_data, mimo_project_id, scrub, settings, topic, tree_state

from memsync.entry import parse_entry

PID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
TOKEN = "ghp_" + "Zx9Qw3Er5Ty7Ui1Op2As4Df6Gh8Jk0Lz3Xc5Vb"


@pytest.fixture
def world(clean_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Path]:
    scrub(monkeypatch)
    home = clean_env
    repo = git_repo(tmp_path / "proj")
    return {"home": home, "repo": repo, "claude": claude_memory(home / ".claude", repo),
            "global": Path(os.environ["MEMSYNC_GLOBAL_ROOT"])}


def _entries(root: Path) -> dict[str, dict]:
    out = {}
    for path in root.glob("*/*.md"):
        if path.name == "index.md":
            continue
        parsed = parse_entry(path.read_bytes(), f"{path.parent.name}/{path.name}")
        out[f"{path.parent.name}/{path.stem}"] = {**(parsed.meta or {}), "body": parsed.body.strip()}
    return out


def _claude_tree(mem: Path) -> None:
    topic(mem, "user_role", description="The user is a data engineer who prefers terse answers", kind="user",
          body="Prefers terse answers and SQL examples.\n")
    topic(mem, "feedback_tests", description="Integration tests must hit a real Postgres, not mocks",
          kind="feedback", nested=True, modified="2026-02-03T04:05:06Z",
          body="Mocks hid a broken migration last quarter.\n\n**Why:** incident 42\n")
    topic(mem, "project_freeze", description="Merge freeze begins 2026-03-05 for the mobile release",
          kind="project", body="Non-critical merges wait until after the release branch is cut.\n")
    topic(mem, "reference_tracker", description="Pipeline bugs are tracked in the INGEST project",
          kind="reference", body="See https://tracker.example.invalid/projects/INGEST for pipeline bugs.\n")
    (mem / "scratch.md").write_text("Remember that the staging cluster is shared with the QA team.\n")
    topic(mem, "leaky", description="The deploy token for the bot", kind="project", body=f"token: {TOKEN}\n")
    (mem / "latin1.md").write_bytes(b"---\ndescription: caf\xe9 notes\ntype: user\n---\nbody\n")
    (mem / "MEMORY.md").write_text("- [Role](user_role.md) — who the user is\n")
    os.utime(mem / "scratch.md", ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))


def test_import_claude_code(cli, world) -> None:
    _claude_tree(world["claude"])
    assert cli("init", "--project", cwd=world["repo"])[0] == 0
    before = tree_state(world["claude"])
    code, out, err = cli("import", "claude-code", "--json", cwd=world["repo"])
    report = json.loads(out)
    assert code == 1  # the secret was refused
    by_file = {Path(i["file"]).name: i for i in report["items"]}
    assert {n: i["outcome"] for n, i in by_file.items()} == {
        "user_role.md": "imported", "feedback_tests.md": "imported", "project_freeze.md": "imported",
        "reference_tracker.md": "imported", "scratch.md": "imported", "leaky.md": "refused",
        "latin1.md": "skipped"}
    assert by_file["leaky.md"]["reason"].startswith("secrets:") and TOKEN not in out + err
    assert "not valid UTF-8" in by_file["latin1.md"]["reason"]
    assert report["counts"] == {"skipped": 1, "imported": 5, "refused": 1}

    project = _entries(world["repo"] / ".memory")
    personal = _entries(world["global"])
    # user and feedback memories are personal: the global root; project and reference: the project root
    assert {by_file["user_role.md"]["id"], by_file["feedback_tests.md"]["id"]} <= set(personal)
    assert by_file["user_role.md"]["id"].startswith("preferences/")
    assert by_file["feedback_tests.md"]["id"].startswith("preferences/")
    freeze = project[by_file["project_freeze.md"]["id"]]
    assert by_file["project_freeze.md"]["id"].startswith("facts/")
    assert freeze["summary"] == "Merge freeze begins 2026-03-05 for the mobile release"
    tracker = project[by_file["reference_tracker.md"]["id"]]
    assert tracker["highlight"] == "https://tracker.example.invalid/projects/INGEST"
    assert "https://tracker.example.invalid/projects/INGEST" in tracker["body"]
    # time stamps: Claude Code's modified, else the file's mtime
    tests = personal[by_file["feedback_tests.md"]["id"]]
    assert tests["created"] == tests["updated"] == 1770091506000
    assert project[by_file["scratch.md"]["id"]]["created"] == 1_700_000_000_000
    assert not any(TOKEN in str(e) for e in [*project.values(), *personal.values()])
    assert tree_state(world["claude"]) == before

    # twice: nothing new
    code, out, _ = cli("import", "claude-code", "--json", cwd=world["repo"])
    again = json.loads(out)
    assert again["counts"] == {"skipped": 1, "duplicate": 5, "refused": 1}
    dup = {Path(i["file"]).name: i for i in again["items"]}["project_freeze.md"]
    assert dup["id"] == by_file["project_freeze.md"]["id"]
    assert _entries(world["repo"] / ".memory") == project and _entries(world["global"]) == personal


def test_dry_run_writes_nothing_and_category_and_scope_apply(cli, world) -> None:
    _claude_tree(world["claude"])
    code, out, _ = cli("import", "claude-code", "--dry-run", cwd=world["repo"])
    assert code == 1 and "would import as" in out and "(dry run: nothing written)" in out
    assert not (world["repo"] / ".memory").exists() and not world["global"].exists()
    code, out, _ = cli("import", "claude-code", "--category", "decisions", "--scope", "project", "--json",
                       cwd=world["repo"])
    imported = [i for i in json.loads(out)["items"] if i["outcome"] == "imported"]
    assert len(imported) == 5 and all(i["id"].startswith("decisions/") for i in imported)
    assert all(i["root"] == ".memory" for i in imported)
    assert not world["global"].exists() or not _entries(world["global"])


def test_configured_categories(cli, world, monkeypatch) -> None:
    settings(world["home"], monkeypatch, "sources:\n  claude_code_categories:\n    user: facts\n")
    topic(world["claude"], "user_role", description="The user reviews in the mornings", kind="user")
    code, out, _ = cli("import", "claude-code", "--json", cwd=world["repo"])
    assert [i["id"].split("/")[0] for i in json.loads(out)["items"]] == ["facts"]


def test_writes_disabled_imports_nothing(cli, world, monkeypatch) -> None:
    _claude_tree(world["claude"])
    monkeypatch.setenv("MEMSYNC_DISABLE_WRITE", "1")
    code, out, err = cli("import", "claude-code", cwd=world["repo"])
    assert code == 2 and "writing memory is turned off by the user" in err
    assert not world["global"].exists() and not (world["repo"] / ".memory").exists()


def test_nothing_to_import(cli, world, tmp_path) -> None:
    other = git_repo(tmp_path / "no-memory-here")
    (world["home"] / ".claude" / "projects").mkdir(parents=True, exist_ok=True)
    code, out, err = cli("import", "mimo", cwd=other)
    assert code == 1 and "nothing to import" in err


def test_import_mimo(cli, world) -> None:
    mem = mimo_data(world["home"])
    mimo_project_id(world["repo"], PID)
    (mem / "global").mkdir()
    (mem / "global" / "MEMORY.md").write_text("# Global memory\n\n## Preferences\n- Answer in English, tersely.\n")
    (mem / "projects" / PID).mkdir(parents=True)
    (mem / "projects" / PID / "MEMORY.md").write_text(
        "# Project memory\n_Maintained by the checkpoint writer._\n\n"
        "## Project context\n_What this project is._\n\nA CLI that syncs agent memory through git.\n\n"
        "## Rules\n_Hard constraints from the user._\n- Never push to main without review.\n"
        "- Keep CI under ten minutes.\n\n"
        "## Architecture decisions\n_Major choices._\n- Search uses SQLite FTS5 with CJK bigrams.\n"
        "  Why: unicode61 keeps a Chinese run as one token.\n\n"
        "## Discovered durable knowledge\n(none yet)\n")
    (mem / "sessions" / "s1").mkdir(parents=True)
    (mem / "sessions" / "s1" / "checkpoint.md").write_text("## §1 Active intent\nfix the build\n")
    assert cli("init", "--project", cwd=world["repo"])[0] == 0

    code, out, _ = cli("import", "mimo", "--json", cwd=world["repo"])
    report = json.loads(out)
    assert code == 0, out
    got = {i["source_id"]: (i["outcome"], i["category"]) for i in report["items"]}
    assert got == {
        "mimo:global/MEMORY#preferences:1": ("imported", "facts"),
        f"mimo:projects/{PID}/MEMORY#project-context:1": ("imported", "facts"),
        f"mimo:projects/{PID}/MEMORY#rules:1": ("imported", "rules"),
        f"mimo:projects/{PID}/MEMORY#rules:2": ("imported", "rules"),
        f"mimo:projects/{PID}/MEMORY#architecture-decisions:1": ("imported", "decisions"),
    }
    rules = [i for i in report["items"] if i["category"] == "rules"]
    assert all("rule proposal" in i["reason"] for i in rules)
    project = _entries(world["repo"] / ".memory")
    assert {e["kind"] for k, e in project.items() if k.startswith("rules/")} == {"rule-proposal"}
    decision = next(e for k, e in project.items() if k.startswith("decisions/"))
    assert decision["summary"] == "Search uses SQLite FTS5 with CJK bigrams."
    assert "Why: unicode61 keeps a Chinese run as one token." in decision["body"]
    assert [e["summary"] for e in _entries(world["global"]).values()] == ["Answer in English, tersely."]

    code, out, _ = cli("import", "mimo", "--json", cwd=world["repo"])
    assert json.loads(out)["counts"] == {"duplicate": 5}
