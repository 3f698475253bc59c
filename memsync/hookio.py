"""Claude Code hook payloads: what arrives on stdin, read as hostile input.

The payload is JSON with ``session_id``, ``prompt``, ``cwd``, ``hook_event_name``,
``source`` and ``transcript_path`` (SPEC §8; /work notes: hooks.md). Anything else —
empty input, not JSON, a list, wrong types, gigabytes — gives a ``HookInput`` with
the fields that could be read, and ``problem`` saying what was wrong.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO

MAX_PAYLOAD = 4 << 20  # a prompt can be long; a payload beyond this is not a hook's


@dataclass
class HookInput:
    """The fields memsync reads from a hook's JSON payload (each None unless a non-empty string), or
    the problem that kept it from being read."""

    session_id: str | None = None
    prompt: str | None = None
    cwd: str | None = None
    event: str | None = None
    source: str | None = None
    transcript_path: str | None = None
    problem: str | None = None


def _text(doc: dict[str, object], key: str, limit: int = 1 << 20) -> str | None:
    value = doc.get(key)
    if not isinstance(value, str) or not value or "\0" in value:
        return None
    return value[:limit]


def parse(data: bytes) -> HookInput:
    if not data.strip():
        return HookInput(problem="no hook input on stdin")
    if len(data) > MAX_PAYLOAD:
        return HookInput(problem=f"hook input larger than {MAX_PAYLOAD >> 20} MiB; ignored")
    try:
        doc = json.loads(data.decode("utf-8", "replace"))
    except RecursionError:
        return HookInput(problem="hook input is nested too deeply to read")
    except ValueError:
        return HookInput(problem="hook input is not JSON")
    if not isinstance(doc, dict):
        return HookInput(problem="hook input is not a JSON object")
    got = HookInput(
        session_id=_text(doc, "session_id", 256),
        prompt=_text(doc, "prompt"),
        cwd=_text(doc, "cwd", 4096),
        event=_text(doc, "hook_event_name", 64),
        source=_text(doc, "source", 64),
        transcript_path=_text(doc, "transcript_path", 4096),
    )
    if got.event is None:
        got.problem = "hook input has no hook_event_name"
    return got


def read(stream: IO[bytes]) -> HookInput:
    try:
        return parse(stream.read(MAX_PAYLOAD + 1))
    except OSError as exc:
        return HookInput(problem=f"cannot read hook input: {exc.strerror or exc}")
