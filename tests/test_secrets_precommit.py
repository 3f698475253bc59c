"""End to end with real git and real pre-commit: the `memsync-secrets` hook refuses a commit that
adds a secret (printing only the masked finding) and lets the same commit through without it."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git

from bench.secrets_corpus import FAKES

pytestmark = pytest.mark.xdist_group("pre-commit")  # one worker shares the installed hook environment


def secrets_hook_consumer(consumer: Path, env: dict[str, str], hook_repo: tuple[Path, str]) -> Path:
    """A fresh git repo whose .pre-commit-config.yaml names the `memsync-secrets` hook of
    ``hook_repo`` (this checkout's files at one commit), with pre-commit's git hook installed."""
    source, rev = hook_repo
    consumer.mkdir()
    git(consumer, "init", "-q", "-b", "main")
    (consumer / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {source}\n  rev: {rev}\n  hooks:\n  - id: memsync-secrets\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=consumer, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return consumer


def commit(repo: Path, env: dict[str, str], message: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "commit", "-m", message], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=600, check=False)


def test_pre_commit_refuses_a_secret_and_accepts_the_clean_commit(
        tmp_path: Path, pre_commit_env: dict[str, str], hook_repo: tuple[Path, str]) -> None:
    # hook_repo: this checkout's files committed in a fresh repo, named by `repo:` + `rev:`.
    consumer = secrets_hook_consumer(tmp_path / "consumer", pre_commit_env, hook_repo)
    git(consumer, "add", ".pre-commit-config.yaml")
    done = commit(consumer, pre_commit_env, "add pre-commit config")  # installs the hook environment
    assert done.returncode == 0, done.stdout + done.stderr

    secret = FAKES["anthropic-api-key"](random.Random(11))
    docs = consumer / "docs" / "deploy.md"
    docs.parent.mkdir()
    docs.write_text(f"# Deploy\n\nThe agent calls the API with key {secret}。\n", encoding="utf-8")
    (consumer / "app.py").write_text("print('hello')\n", encoding="utf-8")
    git(consumer, "add", ".")
    done = commit(consumer, pre_commit_env, "add deploy notes")
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "memsync secrets" in output and "Failed" in output
    assert f"docs/deploy.md:3:34: anthropic-api-key: sk-a*** ({len(secret)} chars)" in output, output
    leaked = secret in output or secret[10:40] in output  # computed first: a failure names no secret
    assert not leaked
    assert git(consumer, "log", "--format=%s").split("\n")[0] == "add pre-commit config"

    docs.write_text("# Deploy\n\nThe agent calls the API with the key in $ANTHROPIC_API_KEY.\n", encoding="utf-8")
    git(consumer, "add", ".")
    done = commit(consumer, pre_commit_env, "add deploy notes")
    assert done.returncode == 0, done.stdout + done.stderr
    assert git(consumer, "log", "--format=%s", "-1").strip() == "add deploy notes"
    assert git(consumer, "show", "HEAD:docs/deploy.md").count("ANTHROPIC_API_KEY") == 1
