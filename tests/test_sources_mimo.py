"""MiMo Code's layered memory read as a source: ``<data>/memory/{global,projects,sessions}``
built as the seed's layer table describes it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from sourcetrees import problems_by_name, source_report, git_repo, mimo_data, mimo_project_id, scrub, settings, worktree

from memsync.sources import mimo

PID = "5f0c8a3e-2b1d-4c6e-9a7b-0d1e2f3a4b5c"


@pytest.fixture
def home(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    scrub(monkeypatch)
    settings(clean_env, monkeypatch, "sources:\n  mimo: true\n")
    return clean_env


@pytest.fixture
def project(tmp_path: Path) -> Path:
    repo = git_repo(tmp_path / "proj")
    mimo_project_id(repo, PID)
    return repo


def _search(cli, cwd: Path, *words: str) -> tuple[int, dict]:  # type: ignore[no-untyped-def]
    code, out, _ = cli("search", *words, "--json", cwd=cwd)
    return code, json.loads(out)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("key, kind", [
    ("MEMORY", "memory"), ("memory", "memory"), ("Memory-db", "memory"), ("MEMORY-ports", "memory"),
    ("checkpoint", "checkpoint"), ("checkpoint-2", "checkpoint"),
    ("Checkpoint", "free"),  # the checkpoint patterns keep their case, as MiMo's do
    ("tasks/T3/progress", "progress"), ("tasks/T3.1/notes", "notes"), ("notes", "free"),
    ("tasks/T3/extra/progress", "free"), ("memoryless", "free"), ("design", "free"),
])
def test_types_come_from_the_path(key: str, kind: str) -> None:
    assert mimo.memory_type(key) == kind


@pytest.mark.parametrize("env, expected", [
    ({"MIMOCODE_HOME": "/opt/mimo"}, "/opt/mimo/data"),
    ({"MIMOCODE_HOME": "relative/home"}, "{home}/.local/share/mimocode"),
    ({"XDG_DATA_HOME": "/xdg/data"}, "/xdg/data/mimocode"),
    ({"XDG_DATA_HOME": "not/absolute"}, "{home}/.local/share/mimocode"),
    ({}, "{home}/.local/share/mimocode"),
])
def test_data_folder(monkeypatch, home, env, expected) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert str(mimo.data_dir()) == expected.format(home=home)


def test_layers_types_and_sessions_option(cli, home, project, monkeypatch) -> None:
    mem = mimo_data(home)
    _write(mem / "global" / "MEMORY.md", "# Global memory\n\n## Preferences\n- answer in terse English, llama\n")
    _write(mem / "projects" / PID / "MEMORY.md", "# Project memory\n\n## Rules\n- never force-push main, llama\n")
    _write(mem / "projects" / PID / "memory-db.md", "## Ports\n- postgres listens on 5433, llama\n")
    _write(mem / "projects" / "another-project" / "MEMORY.md", "## Rules\n- someone else's llama\n")
    _write(mem / "sessions" / "ses1" / "checkpoint.md", "# Session checkpoint\n## §1 Active intent\nllama work\n")
    _write(mem / "sessions" / "ses1" / "notes.md", "## [turn 3 · 2026-05-01T10:00:00Z]\nllama scratch\n")
    _write(mem / "sessions" / "ses1" / "tasks" / "T1" / "progress.md", "## §1\nllama progress\n")

    code, res = _search(cli, project, "llama")
    got = {(h["id"], h["kind"]) for h in res["hits"]}
    assert got == {(f"mimo:global/MEMORY#preferences", "memory"), (f"mimo:projects/{PID}/MEMORY#rules", "memory"),
                   (f"mimo:projects/{PID}/memory-db#ports", "memory")}
    hit = next(h for h in res["hits"] if h["id"].endswith("#rules"))
    assert hit["summary"] == "Rules" and hit["path"] == str(mem / "projects" / PID / "MEMORY.md")

    settings(home, monkeypatch, "sources:\n  mimo: true\n  mimo_sessions: true\n")
    code, res = _search(cli, project, "llama")
    kinds = {h["id"]: h["kind"] for h in res["hits"]}
    assert kinds["mimo:sessions/ses1/checkpoint#1-active-intent"] == "checkpoint"
    assert kinds["mimo:sessions/ses1/notes#turn-3-2026-05-01t10-00-00z"] == "free"  # a session's notes.md is free
    assert kinds["mimo:sessions/ses1/tasks/T1/progress#1"] == "progress"
    code, out, _ = cli("search", "llama", "--kind", "checkpoint", cwd=project)
    assert code == 0 and "checkpoint" in out and "MEMORY" not in out


def test_a_long_memory_file_is_searched_and_injected_by_sections(cli, home, project) -> None:
    mem = mimo_data(home)
    parts = ["# Project memory", "_Durable knowledge of this project._"]
    for i in range(400):
        parts.append(f"## Topic {i:03d}")
        parts.append(f"- detail {i} of the build, " + "padding words " * 40)
    parts[-1] += " the unicorn flag is set in build.toml"
    parts.insert(10, "```md\n## not a heading inside a fence\n```")
    text = "\n".join(parts) + "\n"
    assert len(text) > 200_000
    _write(mem / "projects" / PID / "MEMORY.md", text)

    code, res = _search(cli, project, "unicorn")
    assert [h["id"] for h in res["hits"]] == [f"mimo:projects/{PID}/MEMORY#topic-399"]
    assert res["hits"][0]["summary"] == "Topic 399"
    code, res = _search(cli, project, "fence")
    assert [h["id"] for h in res["hits"]] == [f"mimo:projects/{PID}/MEMORY#topic-003"]

    code, out, _ = cli("context", "--prompt", "where is the unicorn flag set", "--format", "json", cwd=project)
    block = json.loads(out)
    assert block["injected"] == [f"mimo:projects/{PID}/MEMORY#topic-399"]
    assert "unicorn flag" in block["text"] and "Topic 398" not in block["text"]
    assert block["tiers"]["bodies"] < 1500  # one section, not the whole file


def test_one_huge_section_is_cut_into_parts(cli, home, project) -> None:
    mem = mimo_data(home)
    body = "\n\n".join(f"paragraph {i} " + "filler " * 100 for i in range(60)) + "\n\nthe jackal sits at the end\n"
    _write(mem / "global" / "MEMORY.md", "## Everything\n" + body)
    code, res = _search(cli, project, "jackal")
    assert len(res["hits"]) == 1 and res["hits"][0]["id"].startswith("mimo:global/MEMORY#everything-part-")
    assert all(len(t) <= mimo.MAX_SECTION for t in mimo.MimoLayout(mem, None, False).cut(
        "global/MEMORY.md", "## Everything\n" + body).values())


def test_linked_worktree_shares_the_project_id(cli, home, project, tmp_path) -> None:
    mem = mimo_data(home)
    _write(mem / "projects" / PID / "MEMORY.md", "## Rules\n- the kestrel rule\n")
    linked = worktree(project, tmp_path / "linked", "feature")
    code, res = _search(cli, linked, "kestrel")
    assert [h["id"] for h in res["hits"]] == [f"mimo:projects/{PID}/MEMORY#rules"]


@pytest.mark.parametrize("content, note", [
    (None, "has not run in this project"),
    (b"", "holds no usable project id"),
    (b"../../etc\n", "holds no usable project id"),
    (b"\x00\xff\xfe garbage", "holds no usable project id"),
    (b"a" * 5000, "holds no usable project id"),
    (b"sessions\n", "holds no usable project id"),
])
def test_a_missing_or_garbage_project_id_reads_global_memory_only(cli, home, tmp_path, content, note) -> None:
    repo = git_repo(tmp_path / "repo")
    if content is not None:
        mimo_project_id(repo, content)
    mem = mimo_data(home)
    _write(mem / "global" / "MEMORY.md", "## Preferences\n- the global heron preference\n")
    _write(mem / "projects" / "global" / "MEMORY.md", "## Rules\n- the outside-git heron rule\n")
    _write(mem / "sessions" / "etc" / "MEMORY.md", "## Rules\n- a heron in sessions\n")
    code, res = _search(cli, repo, "heron")
    assert [h["id"] for h in res["hits"]] == ["mimo:global/MEMORY#preferences"]
    src = source_report(cli, repo, "mimo")
    assert any(note in n for n in src["notes"])


def test_outside_git_the_project_is_global(cli, home, tmp_path) -> None:
    plain = tmp_path / "not-a-repo"
    plain.mkdir()
    mem = mimo_data(home)
    _write(mem / "projects" / "global" / "MEMORY.md", "## Rules\n- the outside-git osprey rule\n")
    code, res = _search(cli, plain, "osprey")
    assert [h["id"] for h in res["hits"]] == ["mimo:projects/global/MEMORY#rules"]


def test_symlinked_layer_and_id_file_are_not_followed(cli, home, tmp_path) -> None:
    repo = git_repo(tmp_path / "repo")
    outside = tmp_path / "outside"
    _write(outside / "MEMORY.md", "## Rules\n- the outside puffin\n")
    _write(tmp_path / "idfile", PID + "\n")
    (repo / ".git" / "mimocode-project-id").symlink_to(tmp_path / "idfile")
    mem = mimo_data(home)
    (mem / "projects").mkdir()
    (mem / "projects" / PID).symlink_to(outside)
    (mem / "global").symlink_to(outside)
    code, res = _search(cli, repo, "puffin")
    assert code == 1 and res["hits"] == []


def test_bad_bytes_binary_and_huge_files_are_bounded_and_reported(cli, home, project) -> None:
    mem = mimo_data(home)
    _write(mem / "global" / "MEMORY.md", "## Preferences\n- tea over coffee\n")
    (mem / "global" / "memory-latin1.md").write_bytes(b"## Caf\xe9\n- the dormouse likes caf\xe9 au lait\n")
    (mem / "global" / "memory-bin.md").write_bytes(b"## x\n\0\0 binary dormouse")
    big = b"## Start\n- the first dormouse\n" + b"## filler\n" + b"filler text line\n" * 300_000
    (mem / "projects" / PID).mkdir(parents=True)
    (mem / "projects" / PID / "MEMORY.md").write_bytes(big + b"## Tail\n- the last dormouse\n")
    code, res = _search(cli, project, "dormouse")
    ids = sorted(h["id"] for h in res["hits"])
    assert ids == sorted([f"mimo:projects/{PID}/MEMORY#start", "mimo:global/memory-latin1#caf"])
    problems = problems_by_name(source_report(cli, project, "mimo"))
    assert "not valid UTF-8" in problems["memory-latin1.md"]
    assert "binary" in problems["memory-bin.md"]
    assert "larger than 4 MiB" in problems["MEMORY.md"]


def test_an_edit_is_seen_by_the_next_search(cli, home, project) -> None:
    mem = mimo_data(home)
    path = _write(mem / "projects" / PID / "MEMORY.md", "## Rules\n- the lynx rule\n\n## Context\n- the lynx project\n")
    assert {h["id"] for h in _search(cli, project, "lynx")[1]["hits"]} == {
        f"mimo:projects/{PID}/MEMORY#rules", f"mimo:projects/{PID}/MEMORY#context"}
    path.write_text("## Rules\n- the bobcat rule\n\n## Context\n- the lynx project\n")
    assert [h["id"] for h in _search(cli, project, "lynx")[1]["hits"]] == [f"mimo:projects/{PID}/MEMORY#context"]
    assert [h["id"] for h in _search(cli, project, "bobcat")[1]["hits"]] == [f"mimo:projects/{PID}/MEMORY#rules"]
    path.write_text("## Context\n- the lynx project\n")
    assert _search(cli, project, "bobcat")[0] == 1
