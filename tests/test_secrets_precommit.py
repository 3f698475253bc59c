"""End to end with real git and real pre-commit: the `memsync-secrets` hook refuses a commit that
adds a secret (printing only the masked finding) and lets the same commit through without it."""
from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO, git

from bench.secrets_corpus import FAKES

# What building the package needs (see pyproject.toml), copied from this checkout.
PACKAGE_FILES = ("pyproject.toml", "README.md", "LICENSE", ".pre-commit-hooks.yaml", "memsync", "templates", "hooks")


def hook_repo(tmp_path: Path) -> tuple[Path, str]:
    """A git repo holding this checkout's files at one commit: what `repo:`/`rev:` point at."""
    repo = tmp_path / "memsync-hooks"
    repo.mkdir()
    for name in PACKAGE_FILES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, repo / name)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "memsync at test time")
    return repo, git(repo, "rev-parse", "HEAD").strip()


def commit(repo: Path, env: dict[str, str], message: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "commit", "-m", message], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=600)


def test_pre_commit_refuses_a_secret_and_accepts_the_clean_commit(tmp_path: Path, pre_commit_env: dict[str, str]) -> None:
    source, rev = hook_repo(tmp_path)
    consumer = tmp_path / "consumer"
    consumer.mkdir()
    git(consumer, "init", "-q", "-b", "main")
    (consumer / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {source}\n  rev: {rev}\n  hooks:\n  - id: memsync-secrets\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=consumer, env=pre_commit_env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
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
    assert "docs/deploy.md:3:33: anthropic-api-key: sk-a*** (108 chars)" in output
    assert secret not in output and secret[10:40] not in output
    assert git(consumer, "log", "--format=%s").split("\n")[0] == "add pre-commit config"

    docs.write_text("# Deploy\n\nThe agent calls the API with the key in $ANTHROPIC_API_KEY.\n", encoding="utf-8")
    git(consumer, "add", ".")
    done = commit(consumer, pre_commit_env, "add deploy notes")
    assert done.returncode == 0, done.stdout + done.stderr
    assert git(consumer, "log", "--format=%s", "-1").strip() == "add deploy notes"
    assert git(consumer, "show", "HEAD:docs/deploy.md").count("ANTHROPIC_API_KEY") == 1
