"""Review findings on the service layer (real `python3 -m memsync` runs, real roots, Claude Code's
auto-memory turned on as a source the way the sources tests do it):

- with a source on, a broken root setup (the cache inside a root, `.memory` a file) is the
  same exit-2 error as with the sources off, never a silent "no entry matches", and no
  source cache is written into the tree;
- `context --scope` narrows roots and sources exactly as `search --scope` does;
- a cache that cannot hold lock files: `context` still gives its block (with a note), and
  `extract` never calls the model for an answer it could neither write nor record.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from memtree import snapshot, write_entry
from sourcetrees import claude_memory, git_repo, scrub, settings, topic

from memsync.build import init_root
from memsync.roots import Root

CATEGORIES = ["preferences", "decisions", "pitfalls", "facts"]
CACHE_INSIDE = ("memsync's cache folder .memory/cache is inside the memory root .memory, and the cache must stay "
                "out of the tree (it would be committed and synced): point MEMSYNC_CACHE_DIR at a folder outside it")


@pytest.fixture
def home(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    scrub(monkeypatch)
    settings(clean_env, monkeypatch, "sources:\n  claude_code: true\n")
    return clean_env


@pytest.fixture
def project(tmp_path: Path, home: Path) -> Path:
    repo = git_repo(tmp_path / "proj")
    topic(claude_memory(home / ".claude", repo), "user_review", kind="user",
          description="the user is anxious about code review from alice",
          body="The user is anxious about code review from alice.\n")
    return repo


def _project_root(project: Path) -> Path:
    root = project / ".memory"
    init_root(Root.at(root), CATEGORIES)
    write_entry(root, "decisions/pnpm", "deploy with pnpm, not npm", kind="decision", body="npm rewrites the lockfile\n")
    return root


def _world(project: Path, home: Path) -> dict[str, dict[str, str]]:
    """Everything memsync must not write: the project (its root included) and the source."""
    return {"project": snapshot(project), "claude": snapshot(home / ".claude")}


def _hook(run, cwd: Path, prompt: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    payload = {"session_id": "s1", "prompt": prompt, "cwd": str(cwd), "hook_event_name": "UserPromptSubmit"}
    return run("context", "--format", "claude-code", cwd=cwd, input=json.dumps(payload), env=env)


# 1. a root error is not swallowed when a source is on -----------------------------------------

def test_cache_inside_the_root_is_refused_with_a_source_on(run, home: Path, project: Path) -> None:
    _project_root(project)
    env = {"MEMSYNC_CACHE_DIR": str(project / ".memory" / "cache")}
    before = _world(project, home)
    for args in (("search", "pnpm"), ("search", "--json", "pnpm"), ("context", "--prompt", "deploy with pnpm")):
        done = run(*args, cwd=project, env=env)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", f"memsync: {CACHE_INSIDE}\n"), args
    hook = _hook(run, project, "deploy with pnpm", env)
    assert (hook.returncode, hook.stdout) == (0, "")
    assert hook.stderr == f"memsync context: MemsyncError: {CACHE_INSIDE}; no memory context added\n"
    # no source cache (nor anything else) in the tree; the source untouched
    assert not os.path.lexists(project / ".memory" / "cache")
    assert _world(project, home) == before


def test_a_relative_cache_from_inside_the_root_is_refused(run, home: Path, project: Path) -> None:
    root = _project_root(project)
    before = _world(project, home)
    done = run("search", "pnpm", cwd=root, env={"MEMSYNC_CACHE_DIR": "cache"})
    assert done.returncode == 2 and "memsync's cache folder cache is inside the memory root ." in done.stderr
    assert not os.path.lexists(root / "cache") and _world(project, home) == before


def test_cache_inside_a_project_root_not_made_yet_is_refused(run, home: Path, project: Path) -> None:
    """No root exists (sources only are read), but the source cache would create .memory/."""
    before = _world(project, home)
    done = run("search", "code", "review", cwd=project, env={"MEMSYNC_CACHE_DIR": str(project / ".memory" / "cache")})
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"memsync: {CACHE_INSIDE}\n")
    assert not os.path.lexists(project / ".memory") and _world(project, home) == before


def test_memory_that_is_a_file_is_an_error_with_a_source_on(run, home: Path, project: Path) -> None:
    (project / ".memory").write_text("not a folder\n")
    init_root(Root.at(Path(os.environ["MEMSYNC_GLOBAL_ROOT"])), CATEGORIES)  # a write went here, silently
    want = "memsync: memory root .memory is not a folder\n"  # named, not "no memory root found"
    before = _world(project, home)
    for args in (("search", "code", "review"), ("context", "--prompt", "code review from alice"),
                 ("remember", "--category", "facts", "--summary", "project secret sauce")):
        done = run(*args, cwd=project)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", want), args
    hook = _hook(run, project, "code review from alice")
    assert (hook.returncode, hook.stdout) == (0, "")
    assert hook.stderr == f"memsync context: MemsyncError: {want[len('memsync: '):-1]}; no memory context added\n"
    assert _world(project, home) == before


def test_no_root_yet_still_reads_the_sources(run, home: Path, project: Path) -> None:
    """The one case that may fall back to the sources alone."""
    done = run("search", "--json", "code", "review", cwd=project)
    assert done.returncode == 0 and [h["id"] for h in json.loads(done.stdout)["hits"]] == ["claude-code:user_review"]
    block = json.loads(run("context", "--prompt", "code review from alice", "--format", "json", cwd=project).stdout)
    assert block["injected"] == ["claude-code:user_review"]
    assert not os.path.lexists(project / ".memory")


# 2. context --scope -----------------------------------------------------------------------------

def test_context_scope_narrows_like_search(run, home: Path, project: Path) -> None:
    _project_root(project)
    glob = Path(os.environ["MEMSYNC_GLOBAL_ROOT"])
    init_root(Root.at(glob), CATEGORIES)
    write_entry(glob, "preferences/short", "the user prefers short answers in code review", kind="preference")
    prompt = "code review from alice"

    def ctx(*scope: str) -> dict:  # type: ignore[type-arg]
        done = run("context", *scope, "--prompt", prompt, "--format", "json", cwd=project)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def found(*scope: str) -> list[str]:
        done = run("search", *scope, "--json", "code", "review", cwd=project)
        return [h["id"] for h in json.loads(done.stdout)["hits"]] if done.returncode == 0 else []

    every = ctx()
    assert {"claude-code:user_review", "preferences/short"} <= set(every["injected"])
    for scope, ids in (("project", []), ("global", ["preferences/short"]),
                       ("claude-code", ["claude-code:user_review"])):
        block = ctx("--scope", scope)
        assert block["injected"] == ids == found("--scope", scope), scope
        text = block["text"]
        assert ("project memory (.memory)" in text) == (scope == "project"), scope
        assert (f"global memory ({glob})" in text) == (scope == "global"), scope
        assert ("claude-code: Claude Code's auto-memory" in text) == (scope == "claude-code"), scope
    start = run("context", "--scope", "global", "--event", "SessionStart", cwd=project)
    assert start.returncode == 0 and "global memory" in start.stdout and "project memory" not in start.stdout
    hook = run("context", "--format", "claude-code", "--scope", "project", cwd=project,
               input=json.dumps({"session_id": "s", "prompt": prompt, "cwd": str(project),
                                 "hook_event_name": "UserPromptSubmit"}))
    assert hook.returncode == 0 and "claude-code" not in hook.stdout and hook.stderr == ""


# 3. a cache that cannot hold lock files -----------------------------------------------------------

@pytest.fixture
def locked_out(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A root, and a cache whose locks/ is a file: no lock can be created."""
    root = tmp_path / "root"
    init_root(Root.at(root), CATEGORIES)
    write_entry(root, "decisions/pnpm", "deploy with pnpm, not npm", kind="decision", body="npm rewrites the lockfile\n")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "locks").write_text("x\n")
    return root, {"MEMSYNC_CACHE_DIR": str(cache)}


def test_context_gives_its_block_without_locks(run, locked_out, tmp_path: Path) -> None:
    root, env = locked_out
    before = snapshot(root)
    done = run("context", "--root", str(root), "--prompt", "deploy with pnpm", cwd=tmp_path, env=env)
    assert done.returncode == 0 and "### decisions/pnpm (root, decision)" in done.stdout
    assert done.stderr.startswith("memsync: context counters not kept for root (inspect will not show this run): ")
    assert done.stderr.rstrip().endswith("activity.lock: cannot create a lock file in memsync's cache: File exists")
    assert len(done.stderr.splitlines()) == 1
    doc = json.loads(run("context", "--root", str(root), "--prompt", "deploy with pnpm", "--session", "s",
                         "--format", "json", cwd=tmp_path, env=env).stdout)
    assert doc["injected"] == ["decisions/pnpm"]
    assert [n.split(":")[0] for n in doc["notes"]] == ["session dedupe not kept, so bodies may repeat in this session",
                                                       "context counters not kept for root (inspect will not show this run)"]
    hook = run("context", "--root", str(root), "--format", "claude-code", cwd=tmp_path, env=env,
               input=json.dumps({"session_id": "s", "prompt": "deploy with pnpm", "cwd": str(tmp_path),
                                 "hook_event_name": "UserPromptSubmit"}))
    assert hook.returncode == 0
    assert "decisions/pnpm" in json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]
    assert hook.stderr.startswith("memsync context: session dedupe not kept") and len(hook.stderr.splitlines()) == 1
    assert snapshot(root) == before


def _extract_setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    model = tmp_path / "model.sh"
    marker = tmp_path / "model-was-called"
    model.write_text(f"#!/bin/sh\ncat > '{marker}'\necho '[{{\"category\":\"facts\",\"summary\":\"kafka consumer "
                     "lag grows when partitions are fewer than consumers\",\"body\":\"x\"}]'\n")
    model.chmod(model.stat().st_mode | stat.S_IXUSR)
    transcript = tmp_path / "t.jsonl"
    transcript.write_text("\n".join(json.dumps({"role": r, "content": f"we talked about kafka consumer lag and "
                                                                      f"partitions in detail, turn {i}"})
                                    for i in range(5) for r in ("user", "assistant")) + "\n")
    return model, marker, transcript


@pytest.mark.parametrize("broken", ["locks", "activity"])
def test_extract_never_calls_the_model_when_it_cannot_finish(run, tmp_path: Path, broken: str) -> None:
    root = tmp_path / "root"
    init_root(Root.at(root), CATEGORIES)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / broken).write_text("x\n")  # locks/: no lock at all; activity/: no status can be kept
    env = {"MEMSYNC_CACHE_DIR": str(cache)}
    model, marker, transcript = _extract_setup(tmp_path)
    before = snapshot(root)
    done = run("extract", str(transcript), "--root", str(root), "--model-cmd", str(model), "--json", cwd=tmp_path,
               env=env)
    assert done.returncode == 2 and not marker.exists()
    doc = json.loads(done.stdout)
    assert doc["outcome"] == "error" and doc["parts"] == 0 and doc["written"] == []
    assert doc["reason"].startswith("memsync's cache cannot hold this run's locks or status (")
    assert doc["reason"].endswith("): the transcript was not sent to the model and nothing was written; fix the "
                                  "cache folder or point MEMSYNC_CACHE_DIR at a usable one")
    assert ("write.lock" if broken == "locks" else f"{cache / 'activity'}: cannot keep run records") in doc["reason"]
    assert snapshot(root) == before
    text = run("extract", str(transcript), "--root", str(root), "--model-cmd", str(model), cwd=tmp_path, env=env)
    assert text.returncode == 2 and "error: memsync's cache cannot hold this run's locks or status" in text.stderr
    assert not marker.exists() and snapshot(root) == before


def test_extract_with_a_usable_cache_still_calls_the_model_and_records(run, tmp_path: Path) -> None:
    root = tmp_path / "root"
    init_root(Root.at(root), CATEGORIES)
    model, marker, transcript = _extract_setup(tmp_path)
    done = run("extract", str(transcript), "--root", str(root), "--model-cmd", str(model), "--json", cwd=tmp_path)
    doc = json.loads(done.stdout)
    assert done.returncode == 0 and marker.exists() and doc["outcome"] == "written", done.stderr
    shown = json.loads(run("inspect", "--root", str(root), "--json", cwd=tmp_path).stdout)
    assert "written" in json.dumps(shown)
