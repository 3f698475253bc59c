"""Helpers for the extraction tests: transcripts built from their documented shapes, and
model commands that are real programs (a Python script the test writes) answering fixed text."""
from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any


def record(role: str, content: Any, *, placement: str = "message", **extra: Any) -> dict[str, Any]:
    """One JSONL record: Claude Code's shape (role under ``message``) or the flat one."""
    if placement == "message":
        return {"type": role, "message": {"role": role, "content": content}, **extra}
    return {"role": role, "content": content, **extra}


def jsonl(records: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode("utf-8") + b"\n" for r in records)


def conversation(pairs: int, *, placement: str = "message", session: str = "sess-1", start: int = 0,
                 words: str = "we talked about the deploy script and its lockfile") -> list[dict[str, Any]]:
    """``pairs`` user/assistant exchanges, each turn carrying a unique marker."""
    out = []
    for i in range(start, start + pairs):
        out.append(record("user", f"question {i} marker-u{i}: {words}", placement=placement, sessionId=session))
        out.append(record("assistant", [{"type": "text", "text": f"answer {i} marker-a{i}: {words}"}],
                          placement=placement, sessionId=session))
    return out


def write_transcript(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_bytes(jsonl(records))
    return path


def append_transcript(path: Path, records: list[dict[str, Any]]) -> None:
    with open(path, "ab") as fh:
        fh.write(jsonl(records))


MODEL = r'''
import json, os, sys, time
here = {here!r}
prompt = sys.stdin.buffer.read()
n = len([p for p in os.listdir(here) if p.startswith("prompt-")]) + 1
with open(os.path.join(here, f"prompt-{{n}}.txt"), "wb") as fh:
    fh.write(prompt)
with open(os.path.join(here, f"env-{{n}}.json"), "w") as fh:
    json.dump({{"MEMSYNC_EXTRACTING": os.environ.get("MEMSYNC_EXTRACTING"), "cwd": os.getcwd()}}, fh)
{before}
answers = {answers!r}
sys.stdout.write(answers[min(n, len(answers)) - 1])
sys.stdout.flush()
{after}
'''


class Model:
    """A model command: a script in ``folder`` that saves each prompt and answers fixed text
    (the i-th call gets ``answers[i]``, the last one repeated)."""

    def __init__(self, folder: Path, answers: str | list[str], *, before: str = "", after: str = "") -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.script = folder / "model.py"
        texts = [answers] if isinstance(answers, str) else answers
        self.script.write_text(MODEL.format(here=str(folder), answers=texts, before=before, after=after),
                               encoding="utf-8")

    @property
    def cmd(self) -> str:
        return shlex.join([sys.executable, str(self.script)])

    def prompts(self) -> list[str]:
        files = sorted(self.folder.glob("prompt-*.txt"), key=lambda p: int(p.stem.split("-")[1]))
        return [p.read_text(encoding="utf-8") for p in files]

    def envs(self) -> list[dict[str, Any]]:
        files = sorted(self.folder.glob("env-*.json"), key=lambda p: int(p.stem.split("-")[1]))
        return [json.loads(p.read_text()) for p in files]


def answer(*candidates: dict[str, Any]) -> str:
    return json.dumps(list(candidates), ensure_ascii=False)


def wait_for(predicate: Any, what: str, timeout: float = 90.0) -> Any:
    """Poll until ``predicate()`` is truthy (a detached run finishing); fail with ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def runs(root: Path) -> list[dict[str, Any]]:
    """The extraction runs recorded for ``root`` (what ``memsync inspect`` shows)."""
    from memsync import activity

    doc = activity.load(Path(os.path.realpath(root)))
    return [r for r in doc.get("extract", []) if isinstance(r, dict)]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False
