"""A conversation transcript -> turns. Pure: bytes in, values out; every line is hostile.

Two formats, told apart by the first non-blank line:

- **JSON Lines** (Claude Code's session files, and any log of chat messages): one record
  per line. The role is read wherever it is kept — ``message.role``, then ``role``, then
  ``type`` — because a reader that looks in one place only never fires on the other
  shape (the plugin seed's failure). The content is a string or a list of blocks:
  ``text``; ``tool_use`` (name and input); ``tool_result`` (a string or blocks: tool
  output is where secrets hide, so it is read like everything else); images and
  documents become a placeholder; ``thinking`` is the model's scratchpad and is left out.
  Records that are not messages (summaries, snapshots, system notes, ``isMeta`` and
  compaction summaries) are skipped without complaint.
- **Plain text**: ``role: text`` lines (``user:``, ``assistant:``, ``human:``, ``ai:``,
  ``用户：``, ``助手：`` …); a line without a role continues the turn before it.

Nothing is cut: every line is read, however many. A line that cannot be read (not JSON,
not an object, too deeply nested, no role, longer than ``MAX_LINE``) is counted, the first
few with their line numbers, never silently dropped; bytes that are not UTF-8 are replaced
(and counted).

Memory does not grow with the file: lines are read one at a time, each turn can be handed
on as it is read (``on_turn``) rather than kept, and what is noted about bad lines is a
count. The line bound keeps one line bounded too: the hook names the file, and one line of
a gigabyte (a sparse file is all one line of NULs) would otherwise be held whole, several
times over.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

USER, ASSISTANT, TOOL = "user", "assistant", "tool"
_ROLES = {
    "user": USER, "human": USER, "me": USER, "用户": USER, "我": USER,
    "assistant": ASSISTANT, "ai": ASSISTANT, "model": ASSISTANT, "claude": ASSISTANT, "bot": ASSISTANT,
    "助手": ASSISTANT, "agent": ASSISTANT,
    "tool": TOOL, "function": TOOL,
}
# JSON roles and record types that are not conversation (left out, not a problem).
_NOT_CONVERSATION = frozenset({"system", "developer", "summary", "file-history-snapshot", "progress", "result",
                               "queue-operation", "attachment"})
_LINE_ROLE = re.compile(r"^\s*(?:[#>*]+\s*)?(user|human|me|assistant|ai|model|claude|bot|agent|tool|function"
                        r"|system|用户|我|助手)\s*(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s?", re.IGNORECASE)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
KEEP_PROBLEMS = 5  # problems shown with their line numbers (the count is always exact)
MAX_LINE = 32 << 20  # a record with a large pasted file or image fits; a runaway line is skipped, and said


@dataclass(frozen=True)
class Part:
    """One piece of a turn: ``text``, a ``tool_use`` (call) or a ``tool_result`` (output)."""

    kind: str
    text: str
    name: str = ""  # the tool's name for a call


@dataclass(frozen=True)
class Turn:
    """One turn of a transcript: who spoke, and the parts it holds."""

    role: str  # user | assistant | tool
    parts: tuple[Part, ...]
    line: int  # where it starts in the file

    @property
    def prompt(self) -> bool:
        """Something the user said (not tool output handed back): what ``min_turns`` counts."""
        return self.role == USER and any(p.kind == "text" and p.text.strip() for p in self.parts)

    @property
    def chars(self) -> int:
        return sum(len(p.text) for p in self.parts)


@dataclass
class Transcript:
    """A transcript as read: its turns (or only their counts, when each is handed on as read),
    and the lines that were not turns.

    ``after_turn`` is where this reading starts (the turns a previous run read): those turns
    are counted, not kept, and the problems noted are those after the last of them. What is
    noted is bounded: exact counts, the first ``KEEP_PROBLEMS`` line numbers."""

    turns: list[Turn] = field(default_factory=list)  # the turns after after_turn (none kept with on_turn)
    format: str = "empty"  # jsonl | text | empty
    session: str | None = None  # the session id a record named (Claude Code's sessionId)
    lines: int = 0
    unreadable: list[tuple[int, str]] = field(default_factory=list)  # the first (line, why) of lines not turns
    undecodable: list[int] = field(default_factory=list)  # the first lines holding bytes that are not UTF-8
    unreadable_count: int = 0
    undecodable_count: int = 0
    count: int = 0  # turns in the whole file, after_turn's included
    prompts: int = 0  # of the turns after after_turn, what the user said (what min_turns counts)
    chars: int = 0  # characters in the turns after after_turn
    after_turn: int = 0
    on_turn: Callable[[Turn], None] | None = None  # given each turn after after_turn, which is then not kept

    def add(self, turn: Turn) -> None:
        self.count += 1
        if self.count <= self.after_turn:
            if self.count == self.after_turn:  # what was noted so far, the previous run said
                self.unreadable, self.undecodable = [], []
                self.unreadable_count = self.undecodable_count = 0
            return
        self.prompts += turn.prompt
        self.chars += turn.chars
        if self.on_turn is None:
            self.turns.append(turn)
        else:
            self.on_turn(turn)

    def problem(self, line: int, why: str) -> None:
        self.unreadable_count += 1
        if len(self.unreadable) < KEEP_PROBLEMS:
            self.unreadable.append((line, why))

    def odd_bytes(self, line: int) -> None:
        self.undecodable_count += 1
        if len(self.undecodable) < KEEP_PROBLEMS:
            self.undecodable.append(line)

    def notes(self) -> list[str]:
        """What the status says about the reading of the lines after ``after_turn`` (never silent)."""
        out = []
        bad = self.unreadable_count
        if bad:
            shown = "; ".join(f"line {n}: {why}" for n, why in self.unreadable)
            out.append(f"{bad} unreadable line{'s' if bad != 1 else ''} skipped "
                       f"({shown}{'; …' if bad > len(self.unreadable) else ''})")
        odd = self.undecodable_count
        if odd:
            out.append(f"{odd} line{'s' if odd != 1 else ''} with bytes that are not UTF-8 "
                       f"(line {self.undecodable[0]}{' …' if odd > 1 else ''}; read with U+FFFD in their place)")
        return out


def parse(lines: Iterable[bytes | None], *, after_turn: int = 0,
          on_turn: Callable[[Turn], None] | None = None) -> Transcript:
    """Read a transcript from its lines (bytes, as a file yields them; None for a line over
    ``MAX_LINE``, which ``read`` does not hold), one at a time. With ``on_turn`` each turn
    after ``after_turn`` is handed to it and let go, so memory does not grow with the file."""
    out = Transcript(after_turn=after_turn, on_turn=on_turn)
    plain: _PlainReader | None = None
    for number, raw in enumerate(lines, 1):
        out.lines = number
        if raw is None:
            out.problem(number, f"longer than {MAX_LINE >> 20} MiB; not read")
            continue
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("utf-8", "replace")
            out.odd_bytes(number)
        complete = line.endswith("\n")
        line = line.rstrip("\r\n")
        if out.format == "empty":
            if not line.strip():
                continue
            out.format = "jsonl" if line.lstrip().startswith("{") else "text"
            if out.format == "text":
                plain = _PlainReader(out)
        if plain is not None:
            plain.feed(number, line)
        else:
            _json_line(out, number, line, complete)
    if plain is not None:
        plain.close()
    return out


def read(path: str, *, after_turn: int = 0, on_turn: Callable[[Turn], None] | None = None) -> Transcript:
    """Read the file at ``path`` as ``parse`` does; OSError when it cannot be opened (a FIFO
    cannot hang us)."""
    import os
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(0, "a folder, not a file" if stat.S_ISDIR(st.st_mode) else "not a regular file")
        with os.fdopen(os.dup(fd), "rb") as fh:
            return parse(_bounded_lines(fh), after_turn=after_turn, on_turn=on_turn)
    finally:
        os.close(fd)


def _bounded_lines(fh: Any) -> Iterable[bytes | None]:
    """The file's lines, None for one longer than ``MAX_LINE`` (read past, never held)."""
    while True:
        raw = fh.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE:
            while raw and not raw.endswith(b"\n"):
                raw = fh.readline(1 << 20)
            yield None
            continue
        yield raw


# JSON Lines -------------------------------------------------------------------------------

def _json_line(out: Transcript, number: int, line: str, complete: bool = True) -> None:
    if not line.strip():
        return
    try:
        record = json.loads(line)
    except RecursionError:
        out.problem(number, "nested too deeply")
        return
    except ValueError:
        # A last line without its newline may be one the agent is still writing.
        out.problem(number, "not JSON" if complete else "not JSON (an unfinished last line: still being written?)")
        return
    if not isinstance(record, dict):
        out.problem(number, "not a JSON object")
        return
    if out.session is None and isinstance(record.get("sessionId"), str):
        out.session = record["sessionId"]
    if record.get("isMeta") is True or record.get("isCompactSummary") is True:
        return  # Claude Code's injected notes and compaction summaries: not the conversation
    message = record.get("message")
    message = message if isinstance(message, dict) else {}
    role_value = next((v for v in (message.get("role"), record.get("role"), record.get("type"))
                       if isinstance(v, str) and v), None)
    if role_value is None:
        out.problem(number, "no role")
        return
    if role_value.casefold() in _NOT_CONVERSATION:
        return
    role = _ROLES.get(role_value.casefold())
    if role is None:
        out.problem(number, f"unknown role {role_value[:20]!r}")
        return
    content = message["content"] if "content" in message else record.get("content", record.get("text"))
    parts = tuple(_parts(content))
    if parts:
        out.add(Turn(role, parts, number))


def clean(text: str) -> str:
    """JSON's ``\\ud800`` escapes decode to lone surrogates, which no encoder takes: U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def _parts(content: Any, depth: int = 0) -> Iterable[Part]:
    for part in _raw_parts(content, depth):
        yield Part(part.kind, clean(part.text), clean(part.name))


def _raw_parts(content: Any, depth: int = 0) -> Iterable[Part]:
    if isinstance(content, str):
        if content.strip():
            yield Part("text", content)
        return
    if isinstance(content, dict):
        content = [content]
    if not isinstance(content, list) or depth > 4:
        return
    for block in content:
        if isinstance(block, str):
            if block.strip():
                yield Part("text", block)
            continue
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "tool_use" or kind == "server_tool_use":
            name = block.get("name")
            yield Part("tool_use", _json_text(block.get("input")), name[:80] if isinstance(name, str) else "tool")
        elif kind == "tool_result" or kind == "function_call_output":
            inner = block.get("content", block.get("output"))
            if isinstance(inner, dict) and "type" not in inner:
                # output as an object ({"stdout": …}), not a block: its JSON is what the tool said
                text = _json_text(inner)
            else:
                text = "\n".join(p.text for p in _raw_parts(inner, depth + 1))
            if block.get("is_error") is True:
                text = "(error) " + text
            if text.strip():
                yield Part("tool_result", text)
        elif kind in ("thinking", "redacted_thinking"):
            continue  # the model's scratchpad, not the conversation
        elif kind in ("image", "document", "input_image", "file"):
            yield Part("text", f"[{kind}]")
        elif isinstance(block.get("text"), str):
            if block["text"].strip():
                yield Part("text", block["text"])
        elif kind == "text" and isinstance(block.get("text"), (dict, list)):
            yield Part("text", _json_text(block["text"]))  # {"value": …}: read, not dropped
        elif isinstance(block.get("content"), (str, list)):
            yield from _raw_parts(block["content"], depth + 1)


def _json_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return ""


# plain text -------------------------------------------------------------------------------

class _PlainReader:
    """Lines without a role continue the turn before them. A turn that grows past ``MAX_LINE``
    characters is handed on and the rest goes on as the next turn of the same role: a file
    of a million lines after one ``user:`` is read whole, never held whole."""

    def __init__(self, out: Transcript) -> None:
        self.out = out
        self.role: str | None = None
        self.start = 0
        self.buf: list[str] = []
        self.size = 0

    def feed(self, number: int, line: str) -> None:
        m = _LINE_ROLE.match(line)
        if m:
            self.close()
            word = m.group(1).casefold()
            self.role = None if word == "system" else _ROLES[word]
            self.start = number
            self.buf = [line[m.end():]]
            self.size = len(self.buf[0])
        elif self.role is not None:
            if self.size + len(line) > MAX_LINE:
                role = self.role
                self.close()
                self.role, self.start, self.size = role, number, 0
            self.buf.append(line)
            self.size += len(line) + 1
        elif self.start == 0 and line.strip():
            self.out.problem(number, "no role (expected 'user:' or 'assistant:')")

    def close(self) -> None:
        text = "\n".join(self.buf).strip("\n")
        if self.role is not None and text.strip():
            self.out.add(Turn(self.role, (Part("text", text),), self.start))
        self.role, self.buf = None, []
