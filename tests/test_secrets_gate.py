"""The one secret gate (memsync.secrets.gate): names, redaction, and one allowlist lookup
shared by the plain git hook and sync."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import git

from bench.secrets_corpus import FAKES
from memsync.secrets import ALLOW_FILE
from memsync.secrets.gate import allowlist_for, check, check_text, name_findings, redact


def token(seed: int = 0, kind: str = "github-pat") -> str:
    return FAKES[kind](random.Random(seed))


@pytest.mark.parametrize("kind", ["github-pat", "aws-access-key-id", "openai-api-key", "slack-bot-token"])
def test_redact_masks_every_secret_and_keeps_the_rest(kind: str) -> None:
    secret = token(3, kind)
    text = f"部署用 {secret}，然后 {secret} again"
    shown = redact(text)
    assert secret not in shown
    assert shown.startswith("部署用 ") and shown.endswith(" again") and "，然后 " in shown
    assert shown.count("*** (") == 2


def test_redact_leaves_clean_text_alone() -> None:
    text = "no secret: sha 3f1c0a9e5b7d2e4f6a8c0b1d3e5f7a9c0b1d3e5f, uuid 123e4567-e89b-12d3-a456-426614174000"
    assert redact(text) == text


def test_a_file_named_like_a_token_is_a_finding_that_does_not_show_the_name() -> None:
    secret = token(5)
    [finding] = name_findings(f"facts/{secret}.md")
    assert finding.rule == "github-pat" and finding.line == 0 and finding.col == 7
    assert secret not in finding.format() and finding.path == "facts/ghp_*** (40 chars).md"
    [folder] = check("/nonexistent-root", {f"{secret}/note.md": b"clean text\n"}, allowlist=frozenset())
    assert secret not in folder.format()


def test_check_scans_content_and_names_sorted_by_path() -> None:
    a, b = token(1), token(2, "openai-api-key")
    found = check("/nonexistent-root", {"z.md": f"k {b}".encode(), "a.md": f"k {a}".encode()},
                  allowlist=frozenset())
    assert [f.path for f in found] == ["a.md", "z.md"]
    assert check_text("/nonexistent-root", "x.md", "nothing here") == []


def test_allowlist_for_a_project_root_includes_the_repository_s(git_repo: Path) -> None:
    """The hook reads the repository's allowlist beside .memory/; sync and remember must agree."""
    secret = token(7)
    root = git_repo / ".memory"
    (root / "facts").mkdir(parents=True)
    [finding] = check(root, {"facts/x.md": f"t {secret}".encode()})
    (git_repo / ALLOW_FILE).write_text(f"{finding.fingerprint}  # a test fixture\n", encoding="utf-8")
    assert finding.fingerprint in allowlist_for(root)
    assert check(root, {"facts/x.md": f"t {secret}".encode()}) == []


def test_allowlist_outside_git_is_the_root_s_own(tmp_path: Path) -> None:
    secret = token(8)
    root = tmp_path / "inner" / "root"
    root.mkdir(parents=True)
    [finding] = check(root, {"a.md": f"t {secret}".encode()})
    # An allowlist in a parent folder of a root outside git does not apply ...
    (tmp_path / "inner" / ALLOW_FILE).write_text(finding.fingerprint + "\n", encoding="utf-8")
    assert len(check(root, {"a.md": f"t {secret}".encode()})) == 1
    # ... the root's own does.
    (root / ALLOW_FILE).write_text(finding.fingerprint + "\n", encoding="utf-8")
    assert check(root, {"a.md": f"t {secret}".encode()}) == []


def test_hook_and_sync_agree_on_a_repository_allowlist(git_repo: Path, run) -> None:
    """The plain git pre-commit hook passes a staged entry whose finding the repo allows."""
    secret = token(9)
    root = git_repo / ".memory"
    assert run("init", "--root", str(root)).returncode == 0
    entry = root / "facts" / "ci.md"
    entry.write_text(f"---\nid: facts/ci\nkind: fact\nsummary: ci\n---\n\ntoken {secret}\n", encoding="utf-8")
    assert run("compile", "--root", str(root)).returncode == 0
    git(git_repo, "add", "-A")
    blocked = run("hooks", "run", "pre-commit", "--root", str(root), cwd=git_repo)
    assert blocked.returncode == 1 and "commit blocked" in blocked.stderr
    assert secret not in blocked.stdout + blocked.stderr
    [finding] = check(root, {"facts/ci.md": entry.read_bytes()})
    (git_repo / ALLOW_FILE).write_text(finding.fingerprint + "\n", encoding="utf-8")
    passed = run("hooks", "run", "pre-commit", "--root", str(root), cwd=git_repo)
    assert passed.returncode == 0, passed.stderr
