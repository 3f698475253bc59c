"""Red team 5: the context command's prompt input (``--prompt-file``, the hook's stdin) read as
hostile. Each test names a hole that was found (it failed before its fix)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from memtree import snapshot, write_entry

from memsync.build import compile_root, init_root
from memsync.roots import Root

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def project_memory(git_repo: Path) -> Path:
    root = git_repo / ".memory"
    init_root(Root.at(root), ["decisions", "facts"])
    write_entry(root, "decisions/pnpm-for-deploy", "deploy with pnpm, not npm", kind="decision",
                body="npm kept rewriting pnpm-lock.yaml.\n")
    compile_root(Root.at(root))
    return root


def _held_open(args: list[str], cwd: Path, payload: bytes) -> tuple[subprocess.CompletedProcess[bytes], bool]:
    """Run ``memsync ARGS`` with ``payload`` written to a stdin pipe that is then held open (a host
    that never closes it); whether the process had to be killed."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    read_end, write_end = os.pipe()
    try:
        child = subprocess.Popen([sys.executable, "-m", "memsync", *args], cwd=cwd, env=env, stdin=read_end,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(read_end)
        os.write(write_end, payload)
        killed = False
        try:
            out, err = child.communicate(timeout=60)  # a hang guard, not a measurement: the wait is seconds
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            killed = True
    finally:
        os.close(write_end)
    return subprocess.CompletedProcess(args, child.returncode, out, err), killed


@pytest.mark.parametrize("payload", [b"", b'{"hook_event_name": "UserPromptSubmit", "prompt": "how to deploy"}'],
                         ids=["nothing-written", "payload-written"])
def test_the_context_hook_does_not_wait_forever_on_a_stdin_nobody_closes(project_memory, git_repo, payload) -> None:
    """Before: a host (or a FIFO) that kept the hook's stdin open without ending it held the
    hook — and with it the user's prompt — until the host killed it (Claude Code: 60 s)."""
    before = snapshot(project_memory)
    done, killed = _held_open(["context", "--format", "claude-code"], git_repo, payload)
    assert not killed and done.returncode == 0 and done.stdout == b""
    err = done.stderr.decode()
    assert "did not end" in err and "no memory context added" in err and len(err.splitlines()) == 1
    assert snapshot(project_memory) == before


def test_a_prompt_on_stdin_nobody_closes_is_an_error_not_a_hang(project_memory, git_repo) -> None:
    """Before: ``--prompt-file -`` (the OpenCode plugin's way) read stdin until it ended, however long."""
    done, killed = _held_open(["context", "--prompt-file", "-"], git_repo, b"how do we deploy")
    assert not killed and done.returncode == 2 and done.stdout == b""
    assert "did not end" in done.stderr.decode() and "Traceback" not in done.stderr.decode()


def test_a_prompt_on_stdin_that_ends_is_read_whole(project_memory, git_repo, run) -> None:
    done = run("context", "--prompt-file", "-", cwd=git_repo, input="how do we deploy with pnpm")
    assert done.returncode == 0 and "npm kept rewriting pnpm-lock.yaml." in done.stdout, done.stderr
    payload = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "deploy with pnpm", "session_id": "s1"})
    done = run("context", "--format", "claude-code", cwd=git_repo, input=payload)
    assert done.returncode == 0 and "pnpm-lock.yaml" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize("args, code, says", [
    (["context", "--format", "claude-code"], 0, "memsync context: cannot read hook input: stdin is closed; no memory context added"),
    (["extract", "--hook", "claude-code"], 0, "memsync extract: cannot read hook input: stdin is closed; nothing extracted"),
    (["context", "--prompt-file", "-"], 2, "cannot read the prompt on stdin: stdin is closed"),
], ids=["context-hook", "extract-hook", "prompt-file"])
def test_a_closed_stdin_is_named_and_hooks_still_exit_0(project_memory, git_repo, args, code, says) -> None:
    """Before: started with stdin closed (``<&-``), ``sys.stdin`` is None: 'internal error:
    AttributeError' with exit 70 from ``--prompt-file -`` and the extract hook (a failing hook)."""
    before = snapshot(project_memory)
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "memsync", *args], cwd=git_repo, env=env, capture_output=True,
                          text=True, timeout=120, preexec_fn=lambda: os.close(0))
    assert done.returncode == code and done.stdout == "" and says in done.stderr, done.stderr
    assert "AttributeError" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert snapshot(project_memory) == before
