"""Transcripts as hostile input to ``memsync extract``: a file the hook names can be anything,
and the detached run must neither blow memory nor lose the readable turns around a bad line."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from extractkit import Model, answer, conversation, jsonl

from memsync.extract.transcript import MAX_LINE

FACT = {"category": "facts", "kind": "fact", "summary": "The staging database is rebuilt every Sunday night",
        "body": "Its data is gone on Monday morning.", "load_when": ["staging", "database"]}
MEMORY_CAP = 768 << 20  # address space for the whole extract process: far below the gigabyte line


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _sparse_line(fh, size: int) -> None:
    """``size`` bytes of one line (a hole: NULs the file system does not store), then its newline."""
    fh.flush()
    fh.truncate(fh.tell() + size)
    fh.seek(0, os.SEEK_END)
    fh.write(b"\n")


# What lies between two readable halves of a conversation: one line of ...
HUGE = {
    "a gigabyte of NULs (a sparse file)": lambda fh: _sparse_line(fh, 1 << 30),
    "a JSON record just over the line bound": lambda fh: fh.write(
        json.dumps({"type": "user", "message": {"role": "user", "content": "x" * (MAX_LINE + 10)}}).encode() + b"\n"),
}


@pytest.mark.parametrize("what", HUGE)
def test_a_line_beyond_the_bound_is_skipped_and_said_and_memory_stays_bounded(tmp_path: Path, what: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMSYNC_CONFIG=str(tmp_path / "config.yaml"))
    root = tmp_path / "root"
    assert subprocess.run([sys.executable, "-m", "memsync", "init", "--root", str(root)], env=env,
                          capture_output=True).returncode == 0
    transcript = tmp_path / "huge.jsonl"
    with open(transcript, "wb") as fh:
        fh.write(jsonl(conversation(2, start=0)))
        HUGE[what](fh)
        fh.write(jsonl(conversation(2, start=2)))
    model = Model(tmp_path / "m", answer(FACT))
    done = subprocess.run([sys.executable, "-m", "memsync", "extract", str(transcript), "--root", str(root),
                           "--model-cmd", model.cmd, "--json"], env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=_capped)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["outcome"] == "written" and report["turns"] == 8
    assert any(f"line 5: longer than {MAX_LINE >> 20} MiB" in note for note in report["notes"]), report["notes"]
    [prompt] = model.prompts()
    assert "marker-u0" in prompt and "marker-a3" in prompt  # the turns on both sides were read


def test_over_long_lines_are_each_counted_in_the_result_and_the_turns_around_them_read(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMSYNC_CONFIG=str(tmp_path / "config.yaml"))
    root = tmp_path / "root"
    assert subprocess.run([sys.executable, "-m", "memsync", "init", "--root", str(root)], env=env,
                          capture_output=True).returncode == 0
    transcript = tmp_path / "huge.jsonl"
    with open(transcript, "wb") as fh:  # two lines of 100 MB (holes: NULs not stored) among the turns
        fh.write(jsonl(conversation(1, start=0)))
        _sparse_line(fh, 100 << 20)
        fh.write(jsonl(conversation(1, start=1)))
        _sparse_line(fh, 100 << 20)
        fh.write(jsonl(conversation(2, start=2)))
    model = Model(tmp_path / "m", "[]")
    done = subprocess.run([sys.executable, "-m", "memsync", "extract", str(transcript), "--root", str(root),
                           "--model-cmd", model.cmd, "--json", "--dry-run"], env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=_capped)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert (report["outcome"], report["turns"], report["prompts"], report["parts"]) == ("dry-run", 8, 4, 1)
    assert report["notes"] == [f"2 unreadable lines skipped (line 3: longer than {MAX_LINE >> 20} MiB; not read; "
                               f"line 6: longer than {MAX_LINE >> 20} MiB; not read)"]
    [prompt] = model.prompts()
    assert all(f"marker-u{i}:" in prompt and f"marker-a{i}:" in prompt for i in range(4))
    assert "\0" not in prompt and not list(root.glob("*/*-*.md"))


# A root's .memsync.yaml travels with a repository: it may lower what a run may spend, never raise it.
@pytest.mark.parametrize("root_says, user_says, outcome, calls", [
    ({"max_parts": 100000, "chunk_chars": 2000}, {}, "too-long", 0),  # raised: the user's 40 stands
    ({"chunk_chars": 2000}, {"max_parts": 100000}, "written", None),  # the user raised it: allowed
    ({"max_parts": 2}, {"chunk_chars": 2000}, "too-long", 0),  # lowered by the root: allowed
])
def test_a_roots_settings_cannot_raise_the_cost_of_a_run(cli, tmp_path: Path, monkeypatch, root_says, user_says,
                                                         outcome: str, calls: int | None) -> None:
    root = tmp_path / "root"
    assert cli("init", "--root", str(root))[0] == 0
    model = Model(tmp_path / "m", answer(FACT))
    (root / ".memsync.yaml").write_text("extract:\n" + "".join(f"  {k}: {v}\n" for k, v in root_says.items()))
    config = tmp_path / "config.yaml"
    config.write_text("extract:\n" + "".join(f"  {k}: {v}\n" for k, v in user_says.items()) + "  model_cmd: "
                      + json.dumps(model.cmd) + "\n")
    monkeypatch.setenv("MEMSYNC_CONFIG", str(config))
    transcript = tmp_path / "long.jsonl"
    transcript.write_bytes(jsonl(conversation(80, words="the staging database is rebuilt every sunday " * 12)))
    code, out, err = cli("extract", str(transcript), "--root", str(root), "--json")
    report = json.loads(out)
    assert report["outcome"] == outcome, report["reason"]
    if calls is not None:
        assert len(model.prompts()) == calls
    else:
        assert len(model.prompts()) > 40


def test_a_roots_settings_cannot_lengthen_the_model_deadline(cli, tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "root"
    assert cli("init", "--root", str(root))[0] == 0
    model = Model(tmp_path / "m", answer(FACT), before="time.sleep(30)")
    (root / ".memsync.yaml").write_text("extract:\n  timeout: 86400\n")
    config = tmp_path / "config.yaml"
    config.write_text(f"extract:\n  timeout: 1\n  model_cmd: {json.dumps(model.cmd)}\n")
    monkeypatch.setenv("MEMSYNC_CONFIG", str(config))
    transcript = tmp_path / "s.jsonl"
    transcript.write_bytes(jsonl(conversation(4)))
    code, out, err = cli("extract", str(transcript), "--root", str(root), "--json")
    report = json.loads(out)
    assert code == 2 and report["outcome"] == "model-timeout" and "within 1 s" in report["reason"]


def test_tool_output_and_text_given_as_objects_are_read_not_dropped() -> None:
    """A tool result whose content is an object ({"stdout": …}) and a text block whose text is
    one reach the prompt as their JSON: nothing a session said is dropped without a word."""
    import json

    from memsync.extract.transcript import parse

    lines = [
        {"type": "user", "message": {"role": "user", "content": "check the deploy log"}},
        {"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "name": "Bash", "input": {"command": "cat deploy.log"}}]}},
        {"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "content": {"stdout": "IMPORTANT-B migration timed out", "code": 1}}]}},
        {"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "text", "text": {"value": "IMPORTANT-C the lock wait is 5 s"}}]}},
    ]
    got = parse(json.dumps(line).encode() + b"\n" for line in lines)
    said = "\n".join(p.text for t in got.turns for p in t.parts)
    assert "IMPORTANT-B migration timed out" in said and '"code": 1' in said
    assert "IMPORTANT-C the lock wait is 5 s" in said
    assert got.unreadable == []
