"""Claude Code's auto-memory read as a source: real folders laid out as Claude Code writes them."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from sourcetrees import problems_by_name, source_report, claude_encode, claude_memory, git_repo, scrub, settings, topic, tree_state, worktree

from memsync.sources import claude


@pytest.fixture
def home(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    scrub(monkeypatch)
    return clean_env


@pytest.fixture
def project(tmp_path: Path) -> Path:
    repo = git_repo(tmp_path / "proj")
    return repo


def _on(home: Path, monkeypatch: pytest.MonkeyPatch, value: str = "true") -> None:
    settings(home, monkeypatch, f"sources:\n  claude_code: {value}\n")


def _search(cli, cwd: Path, *words: str) -> tuple[int, dict]:  # type: ignore[no-untyped-def]
    code, out, err = cli("search", *words, "--json", cwd=cwd)
    return code, json.loads(out)


def test_topic_files_both_type_forms_and_files_without_frontmatter(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    mem = claude_memory(home / ".claude", project)
    topic(mem, "feedback_testing", description="Integration tests hit a real database, never mocks",
          kind="feedback", body="Mocked tests passed while the prod migration failed.\n\n**Why:** incident\n")
    topic(mem, "deploy-flow", description="Deploys go through the pnpm release script", kind="project",
          nested=True, modified="2026-03-01T10:00:00Z", body="部署脚本用pnpm而不是npm\n")
    (mem / "plain.md").write_text("# Staging notes\n\nThe staging host rotates its certificates weekly.\n")
    (mem / "MEMORY.md").write_text("- [Testing](feedback_testing.md) — hookword-zebra real db\n"
                                   "- [[deploy-flow]]\n- [Plain](plain.md)\n")

    code, res = _search(cli, project, "database", "mocks")
    assert code == 0
    hit = res["hits"][0]
    assert (hit["id"], hit["scope"], hit["kind"]) == ("claude-code:feedback_testing", "claude-code", "feedback")
    assert hit["path"] == str(mem / "feedback_testing.md")
    assert hit["summary"] == "Integration tests hit a real database, never mocks"
    assert "<<database>>" in hit["snippet"]

    code, res = _search(cli, project, "部署")
    assert [(h["id"], h["kind"]) for h in res["hits"]] == [("claude-code:deploy-flow", "project")]
    # the nested metadata.modified is the document's time
    assert res["hits"][0]["updated"] == 1772359200000

    code, res = _search(cli, project, "certificates")
    assert [(h["id"], h["kind"], h["summary"]) for h in res["hits"]] == [
        ("claude-code:plain", "free", "Staging notes")]

    # MEMORY.md is the index: its own words are never a hit
    code, res = _search(cli, project, "hookword-zebra")
    assert code == 1 and res["hits"] == []

    code, out, _ = cli("search", "deploys", "--kind", "project", cwd=project)
    assert code == 0 and "claude-code:deploy-flow" in out
    code, out, _ = cli("search", "deploys", "--kind", "feedback", cwd=project)
    assert code == 1


def test_index_links_checked_by_inspect(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    mem = claude_memory(home / ".claude", project)
    topic(mem, "kept", description="a memory the index lists", kind="user")
    topic(mem, "unlisted", description="a memory the index forgot", kind="user")
    (mem / "MEMORY.md").write_text("- [Kept](kept.md) — listed\n- [Gone](gone.md) — deleted since\n")
    code, out, _ = cli("inspect", "--json", cwd=project)
    assert code == 0
    src = {s["scope"]: s for s in json.loads(out)["sources"]}["claude-code"]
    assert src["enabled"] and src["files"] == 2 and src["documents"] == 2
    assert src["by_type"] == {"user": 2}
    assert any("gone.md" in n and "not a readable memory file" in n for n in src["notes"])
    assert any("does not list unlisted.md" in n for n in src["notes"])
    code, out, _ = cli("inspect", cwd=project)
    assert "source claude-code: Claude Code's auto-memory" in out and "read only" in out


def test_symlinks_out_of_the_source_are_never_followed(cli, home, project, monkeypatch, tmp_path) -> None:
    _on(home, monkeypatch, "all")
    outside = tmp_path / "outside"
    outside.mkdir()
    secret_note = outside / "private.md"
    secret_note.write_text("---\ndescription: outsideword lives here\ntype: user\n---\noutsideword\n")
    mem = claude_memory(home / ".claude", project)
    topic(mem, "fine", description="an ordinary insideword memory", kind="user")
    os.symlink(secret_note, mem / "linked.md")
    # a whole project folder, and a memory folder, that are symlinks leading out
    os.symlink(outside, home / ".claude" / "projects" / "-linked-project")
    (home / ".claude" / "projects" / "-other").mkdir()
    os.symlink(outside, home / ".claude" / "projects" / "-other" / "memory")
    before = tree_state(outside)

    code, res = _search(cli, project, "outsideword")
    assert code == 1 and res["hits"] == []
    code, res = _search(cli, project, "insideword")
    assert [h["id"] for h in res["hits"]] == [f"claude-code:{claude_encode(str(project))}/fine"]
    src = source_report(cli, project, "claude-code")
    assert any(p["path"].endswith("linked.md") and "symlink" in p["problem"] for p in src["problems"])
    assert tree_state(outside) == before


def test_bad_bytes_binary_and_huge_files_are_bounded_and_reported(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    mem = claude_memory(home / ".claude", project)
    (mem / "latin1.md").write_bytes(b"---\ndescription: caf\xe9 menu notes\ntype: user\n---\nespresso quality\n")
    (mem / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0binaryword")
    big = b"---\ndescription: a runaway log\ntype: project\n---\nheadword start\n" + b"filler line\n" * 500_000
    (mem / "huge.md").write_bytes(big + b"tailword after five megabytes\n")

    code, res = _search(cli, project, "espresso")
    assert [h["id"] for h in res["hits"]] == ["claude-code:latin1"]
    assert "\ufffd" in res["hits"][0]["summary"]  # the bad byte shows as a replacement character
    code, res = _search(cli, project, "headword")
    assert [h["id"] for h in res["hits"]] == ["claude-code:huge"]
    code, res = _search(cli, project, "tailword")  # beyond the bound: not read
    assert code == 1
    code, res = _search(cli, project, "binaryword")
    assert code == 1

    problems = problems_by_name(source_report(cli, project, "claude-code"))
    assert "not valid UTF-8" in problems["latin1.md"]
    assert "binary" in problems["binary.md"]
    assert "larger than 4 MiB" in problems["huge.md"]


def test_linked_worktrees_and_subfolders_share_the_main_worktrees_project(cli, home, monkeypatch, tmp_path) -> None:
    _on(home, monkeypatch)
    repo = git_repo(tmp_path / "main-wt")
    linked = worktree(repo, tmp_path / "linked-wt", "feature")
    (linked / "src" / "deep").mkdir(parents=True)
    mem = claude_memory(home / ".claude", repo)
    topic(mem, "shared", description="worktrees share this zephyr memory", kind="project")
    for where in (repo, linked, linked / "src" / "deep"):
        code, res = _search(cli, where, "zephyr")
        assert [h["id"] for h in res["hits"]] == ["claude-code:shared"], where
    assert claude.folder_name(home / ".claude" / "projects", claude.project_path(linked))[0] == claude_encode(str(repo))


def _node_hash(text: str) -> str:
    """The 31-multiplier string hash Claude Code's Node build appends (as its bundle defines it)."""
    h = 0
    for unit in [int.from_bytes(text.encode("utf-16-le")[i:i + 2], "little") for i in range(0, 2 * len(text), 2)]:
        h = (h * 31 + unit) % 2**32
    h = abs(h - 2**32 if h >= 2**31 else h)
    digits = ""
    while True:
        h, r = divmod(h, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + digits
        if h == 0:
            return digits


def _long_project(tmp_path: Path) -> Path:
    deep = tmp_path
    for i in range(12):
        deep = deep / f"a-rather-long-folder-name-{i:02d}"
    repo = git_repo(deep)
    assert len(claude_encode(str(repo))) > 200
    return repo


@pytest.mark.parametrize("suffix", ["node", "other-runtime"])
def test_project_path_over_200_characters(cli, home, monkeypatch, tmp_path, suffix) -> None:
    _on(home, monkeypatch)
    repo = _long_project(tmp_path)
    name = claude_encode(str(repo))
    folder = name[:200] + "-" + (_node_hash(str(repo)) if suffix == "node" else "q0bunhash")
    mem = home / ".claude" / "projects" / folder / "memory"
    mem.mkdir(parents=True)
    topic(mem, "long", description="a long path keeps its quokka memory", kind="project")
    code, res = _search(cli, repo, "quokka")
    assert [h["id"] for h in res["hits"]] == ["claude-code:long"]


def test_project_path_over_200_characters_ambiguous(cli, home, monkeypatch, tmp_path) -> None:
    _on(home, monkeypatch)
    repo = _long_project(tmp_path)
    prefix = claude_encode(str(repo))[:200]
    for tail in ("one", "two"):  # two projects share the first 200 characters; neither hash is Node's
        mem = home / ".claude" / "projects" / f"{prefix}-{tail}" / "memory"
        mem.mkdir(parents=True)
        topic(mem, tail, description=f"ambiguous {tail} wombat memory", kind="project")
    code, res = _search(cli, repo, "wombat")
    assert code == 1 and res["hits"] == []
    src = source_report(cli, repo, "claude-code")
    assert any("cannot tell which is this project's" in n for n in src["notes"])


def test_a_change_is_seen_by_the_next_search(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    mem = claude_memory(home / ".claude", project)
    path = topic(mem, "evolving", description="first version mentions marmot", kind="user")
    assert _search(cli, project, "marmot")[0] == 0
    topic(mem, "evolving", description="second version mentions ocelot", kind="user")
    assert _search(cli, project, "marmot")[0] == 1
    assert [h["id"] for h in _search(cli, project, "ocelot")[1]["hits"]] == ["claude-code:evolving"]
    path.unlink()
    assert _search(cli, project, "ocelot")[0] == 1


def test_every_project_with_all(cli, home, project, monkeypatch, tmp_path) -> None:
    _on(home, monkeypatch, "all")
    other = tmp_path / "elsewhere"
    topic(claude_memory(home / ".claude", project), "mine", description="capybara here", kind="user")
    topic(claude_memory(home / ".claude", other), "theirs", description="capybara there", kind="user")
    code, res = _search(cli, project, "capybara")
    assert sorted(h["id"] for h in res["hits"]) == sorted(
        [f"claude-code:{claude_encode(str(project))}/mine", f"claude-code:{claude_encode(str(other))}/theirs"])
    _on(home, monkeypatch, "true")  # back to this project's only
    code, res = _search(cli, project, "capybara")
    assert [h["id"] for h in res["hits"]] == ["claude-code:mine"]


def test_claude_config_dir_moves_the_folder(cli, home, project, monkeypatch, tmp_path) -> None:
    _on(home, monkeypatch)
    topic(claude_memory(home / ".claude", project), "default", description="default-place narwhal", kind="user")
    moved = tmp_path / "elsewhere-config"
    topic(claude_memory(moved, project), "moved", description="moved-place narwhal", kind="user")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(moved))
    code, res = _search(cli, project, "narwhal")
    assert [h["id"] for h in res["hits"]] == ["claude-code:moved"]
    assert res["hits"][0]["path"].startswith(str(moved))


def test_context_injects_a_source_body_once_per_session(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    topic(claude_memory(home / ".claude", project), "feedback_db",
          description="Run migrations against a scratch database first", kind="feedback",
          body="Never run a migration straight on production.\n**How to apply:** use the scratch copy.\n")
    args = ("context", "--prompt", "how should I run the database migrations", "--session", "s1",
            "--event", "UserPromptSubmit", "--format", "json")
    code, out, _ = cli(*args, cwd=project)
    block = json.loads(out)
    assert code == 0 and block["injected"] == ["claude-code:feedback_db"]
    assert "### claude-code:feedback_db (claude-code, feedback)" in block["text"]
    assert "Never run a migration straight on production." in block["text"]
    code, out, _ = cli("context", "--prompt", "and the database migrations again, in short", "--session", "s1",
                       "--event", "UserPromptSubmit", "--format", "json", cwd=project)
    again = json.loads(out)
    assert again["injected"] == [] and "claude-code:feedback_db" in again["skipped"]


@pytest.mark.parametrize("text, message", [
    ("sources: {claude_code: yes-please}\n", "sources.claude_code must be false, true or all"),
    ("sources: {mimo: 3}\n", "sources.mimo must be true or false"),
    ("sources: [claude_code]\n", "'sources' must be a mapping"),
    ("sources: {claud_code: true}\n", "unknown key 'claud_code'"),
])
def test_bad_settings_are_named(cli, home, project, monkeypatch, text, message) -> None:
    settings(home, monkeypatch, text)
    topic(claude_memory(home / ".claude", project), "x", description="anything", kind="user")
    code, out, err = cli("search", "anything", cwd=project)
    assert code == 2 and message in err and out == ""


def test_a_secret_in_a_source_is_masked_in_context(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    token = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8L9z0"
    topic(claude_memory(home / ".claude", project), "reference_bot", description="The release bot credentials",
          kind="reference", body=f"The release bot uses {token} for pushes.\n")
    code, out, _ = cli("context", "--prompt", "which credentials does the release bot use", "--format", "json",
                       cwd=project)
    block = json.loads(out)
    assert code == 0 and block["injected"] == ["claude-code:reference_bot"]
    assert token not in out and "ghp_" in block["text"]
    code, out, _ = cli("show", "claude-code:reference_bot", "--json", cwd=project)
    assert code == 0 and token not in out


@pytest.mark.parametrize("name, data", [
    ("laughs", b"---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
               b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\ndescription: *c\n---\nthe gecko body survives\n"),
    ("nested", b"---\ndescription: " + b"[" * 5000 + b"]" * 5000 + b"\n---\nthe gecko body survives\n"),
    ("bigfront", b"---\ndescription: x\nfiller: " + b"y" * 200_000 + b"\n---\nthe gecko body survives\n"),
    ("notyaml", b"---\ndescription: [unclosed\n---\nthe gecko body survives\n"),
    ("scalar", b"---\njust a string\n---\nthe gecko body survives\n"),
], ids=["laughs", "nested", "bigfront", "notyaml", "scalar"])
def test_hostile_frontmatter_never_breaks_a_search(cli, home, project, monkeypatch, name, data) -> None:
    _on(home, monkeypatch)
    mem = claude_memory(home / ".claude", project)
    (mem / f"{name}.md").write_bytes(data)
    code, res = _search(cli, project, "gecko")
    assert code == 0 and [h["id"] for h in res["hits"]] == [f"claude-code:{name}"]
    assert len(res["hits"][0]["summary"]) <= 300


def test_a_fifo_in_the_source_is_skipped(cli, home, project, monkeypatch) -> None:
    _on(home, monkeypatch)
    mem = claude_memory(home / ".claude", project)
    os.mkfifo(mem / "pipe.md")
    topic(mem, "ok", description="the tapir memory", kind="user")
    code, res = _search(cli, project, "tapir")
    assert [h["id"] for h in res["hits"]] == ["claude-code:ok"]
    problems = problems_by_name(source_report(cli, project, "claude-code"))
    assert problems == {"pipe.md": "not a regular file; not read"}


def test_the_outline_names_the_sources_read(cli, home, project, monkeypatch) -> None:
    topic(claude_memory(home / ".claude", project), "x", description="anything at all", kind="user")
    assert cli("init", "--project", cwd=project)[0] == 0
    code, out, _ = cli("context", "--event", "SessionStart", cwd=project)
    assert code == 0 and "claude-code" not in out
    _on(home, monkeypatch)
    code, out, _ = cli("context", "--event", "SessionStart", cwd=project)
    assert code == 0
    assert "claude-code: Claude Code's auto-memory, searched too; read only (its ids start claude-code:)" in out
