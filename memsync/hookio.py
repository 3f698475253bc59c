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
STDIN_WAIT = 3.0  # seconds for stdin to end: hosts write the payload at once, and the user's prompt waits on us
# Claude Code's hook events. Any other hook_event_name is not kept: the name is counted and shown
# by inspect, and a payload is hostile (a token pasted there must not come back whole).
EVENTS = frozenset({
    "SessionStart", "SessionEnd", "UserPromptSubmit", "UserPromptExpansion", "PreToolUse", "PostToolUse",
    "PostToolUseFailure", "PermissionRequest", "Notification", "Stop", "StopFailure", "SubagentStart",
    "SubagentStop", "PreCompact", "PostCompact",
})


class StdinOpen(Exception):
    """The input did not end within ``STDIN_WAIT`` seconds (a writer that holds the pipe open)."""


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
    unknown_event: bool = False  # hook_event_name was given but is not one of EVENTS (so event is None)


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
    if got.event is not None and got.event not in EVENTS:
        got.event, got.unknown_event = None, True
        got.problem = "hook input's hook_event_name is not a Claude Code hook event"
    elif got.event is None:
        got.problem = "hook input has no hook_event_name"
    return got


def stdin() -> IO[bytes] | None:
    """The process's binary stdin; None when it was started with stdin closed."""
    import sys

    return getattr(sys.stdin, "buffer", None)


def read_bounded(stream: IO[bytes] | None, limit: int, wait: float = STDIN_WAIT, *, idle: bool = False) -> bytes:
    """At most ``limit`` bytes of ``stream``, up to its end; ``StdinOpen`` when it has not ended
    within ``wait`` seconds (with ``idle``: when it stayed silent that long, so a slow producer
    that keeps writing is read whole). A stream with no descriptor, a terminal (a person typing)
    or a platform without ``select`` on pipes is read as usual."""
    import os

    if stream is None:
        raise OSError(0, "stdin is closed")
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return stream.read(limit)
    if os.name != "posix" or os.isatty(fd):
        return stream.read(limit)
    return read_fd(fd, limit, wait, idle=idle)


def read_fd(fd: int, limit: int, wait: float, *, idle: bool = False) -> bytes:
    """``read_bounded`` on a descriptor. Waiting in ``select`` before each read also waits for a
    named pipe's writer to arrive: a read before that would see an end that is not one."""
    import os
    import select
    import time

    deadline = time.monotonic() + wait
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            silent = "stayed silent for" if idle else "did not end within"
            raise StdinOpen(f"input {silent} {wait:g} s")
        try:
            chunk = os.read(fd, min(limit - size, 1 << 20))
        except BlockingIOError:  # a descriptor opened O_NONBLOCK that select woke for nothing
            continue
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if idle:
            deadline = time.monotonic() + wait
    return b"".join(chunks)


def read(stream: IO[bytes] | None) -> HookInput:
    try:
        return parse(read_bounded(stream, MAX_PAYLOAD + 1))
    except StdinOpen as exc:
        return HookInput(problem=f"hook {exc}")
    except OSError as exc:
        return HookInput(problem=f"cannot read hook input: {exc.strerror or exc}")
