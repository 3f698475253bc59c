"""The README's quick start, CI and the docs stay in step with the code."""
from __future__ import annotations

import re

import yaml
from conftest import REPO

from memsync.problems import CODES


def _quick_start_commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_quick_start_is_exactly_two_commands():
    commands = _quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    assert "memsync demo" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert _quick_start_commands()[1] in ci.splitlines()


def test_every_hook_is_documented():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    docs = (REPO / "docs" / "hooks.md").read_text(encoding="utf-8") + readme
    for hook in hooks:
        assert hook["id"] in docs, hook["id"]


def test_every_lint_code_is_documented():
    doc = (REPO / "docs" / "lint.md").read_text(encoding="utf-8")
    for code, meaning in CODES.items():
        assert f"| `{code}` |" in doc and meaning in doc, code
