"""Turns -> the prompts a model reads. Pure, except for reading the shipped template.

Every part of every turn goes through the secret gate's ``redact`` before it is placed
in a prompt, so no secret ever reaches the model — tool output included. Nothing is
dropped: when the transcript is longer than ``chunk_chars`` it is cut at turn
boundaries into several prompts (a single turn longer than that is split across them),
and the model is run once per prompt. Tool calls and tool output longer than
``tool_chars`` keep their head and tail; how many were shortened is counted, and the
status says so.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memsync.extract.transcript import ASSISTANT, TOOL, USER, Turn

TEMPLATE = "extract-prompt.md"
END_MARK = "TRANSCRIPT>>>"  # the template's end of the data block
KNOWN_END = "MEMORY>>>"  # the end of the block listing what memory already holds
KNOWN_CHARS = 2_500  # what memory holds, per prompt: a dozen summary lines
NOTHING_KNOWN = "(nothing on these subjects yet)"
_PLACEHOLDER = re.compile(r"\{\{(part|known|transcript)\}\}")
_LABEL = {USER: "user", ASSISTANT: "assistant", TOOL: "tool"}


@dataclass
class Prompts:
    """The prompts for one transcript, with counts of what was shortened or masked."""

    texts: list[str]  # one prompt per chunk, in order
    turns: int  # turns placed in them (always every turn given)
    shortened: int  # tool calls or results cut to head + tail
    masked: int  # secrets masked

    def notes(self, tool_chars: int) -> list[str]:
        out = []
        if len(self.texts) > 1:
            out.append(f"read in {len(self.texts)} parts (extract.chunk_chars), the model ran once per part")
        if self.shortened:
            out.append(f"{self.shortened} tool call{'s' if self.shortened != 1 else ''} or output"
                       f"{'s' if self.shortened != 1 else ''} shortened to their first and last "
                       f"{tool_chars // 2:,} characters (extract.tool_chars)")
        if self.masked:
            out.append(f"{self.masked} secret{'s' if self.masked != 1 else ''} masked before the model saw "
                       f"{'them' if self.masked != 1 else 'it'}")
        return out


def _shorten(text: str, limit: int) -> tuple[str, bool]:
    if limit <= 0 or len(text) <= limit:
        return text, False
    half = limit // 2
    return f"{text[:half]}\n[… {len(text) - 2 * half:,} characters left out …]\n{text[-half:]}", True


def _fenced(text: str) -> str:
    """The transcript cannot close the data block it sits in (a line reading the end
    marker, planted in a tool output, would let what follows pose as instructions)."""
    return text.replace(END_MARK, END_MARK[:-1] + "›").replace(KNOWN_END, KNOWN_END[:-1] + "›")


def known_block(lines: Sequence[str]) -> str:
    """What memory already holds, one ``- id — summary`` line each, masked and fenced like the
    transcript (an entry is hostile input too), cut at KNOWN_CHARS."""
    from memsync.secrets.gate import redact

    out: list[str] = []
    size = 0
    for line in lines:
        text = "- " + _fenced(redact(" ".join(line.split())))[:300]
        if size + len(text) > KNOWN_CHARS:
            break
        out.append(text)
        size += len(text) + 1
    return "\n".join(out) or NOTHING_KNOWN


def render(turn: Turn, number: int, tool_chars: int) -> tuple[str, int, int]:
    """One turn as prompt text: (text, parts shortened, secrets masked)."""
    from memsync.secrets.gate import redact

    lines = [f"[{number}] {_LABEL.get(turn.role, turn.role)}:"]
    shortened = masked = 0
    for part in turn.parts:
        text = redact(part.text)
        if text != part.text:
            masked += text.count("*** (") - part.text.count("*** (")
        name = redact(part.name)  # the transcript's own text too: a tool's name can hold anything
        if name != part.name:
            masked += name.count("*** (") - part.name.count("*** (")
        if part.kind == "text":
            lines.append(text)
            continue
        text, cut = _shorten(text, tool_chars)
        shortened += cut
        lines.append(f"(tool call {name}) {text}" if part.kind == "tool_use" else f"(tool output) {text}")
    return "\n".join(lines), shortened, max(masked, 0)


def _fill(values: dict[str, str], m: re.Match[str]) -> str:
    return values[m.group(1)]


def build(turns: Sequence[Turn], *, categories: Sequence[str], chunk_chars: int, tool_chars: int,
          first_number: int = 1, template: str | None = None,
          known: Callable[[str], Sequence[str]] | None = None, max_parts: int | None = None) -> Prompts:
    """The prompts for ``turns`` (numbered from ``first_number``, as the file counts them).

    ``known`` answers, for a part's conversation text, what memory already holds on it (one
    line per entry): the model is shown it so it does not propose restatements in the first
    place; the dedupe gate still judges whatever it proposes. Past ``max_parts`` parts nothing
    will be sent, so ``known`` (a search per part) is not asked: a 100 MB transcript is refused
    in seconds, not minutes."""
    if template is None:
        from memsync.templates import read_template

        template = read_template(TEMPLATE)
    head = template.replace("{{categories}}", ", ".join(f'"{c}"' for c in categories))
    chunks: list[list[str]] = [[]]
    size = 0
    shortened = masked = 0
    for i, turn in enumerate(turns):
        text, cut, hidden = render(turn, first_number + i, tool_chars)
        shortened += cut
        masked += hidden
        at = 0  # an offset, not text = text[room:]: re-slicing the rest made a 100 MB turn quadratic
        while at < len(text):
            room = chunk_chars - size
            if room < min(len(text) - at, 200) and chunks[-1]:
                chunks.append([])  # start a new part rather than leave a sliver
                size, room = 0, chunk_chars
            piece = text[at:at + room]
            at += len(piece)
            if at < len(text):
                piece += "\n[… this turn continues in the next part …]"
            chunks[-1].append(piece)
            size += len(piece) + 2
    total = len(chunks)
    if max_parts is not None and total > max_parts:
        known = None
    texts = []
    for n, chunk in enumerate(chunks, 1):
        body = "\n\n".join(chunk)
        values = {"part": "the whole session" if total == 1 else f"part {n} of {total}",
                  "known": known_block(known(body) if known else []), "transcript": _fenced(body)}
        # One pass: a placeholder written inside an entry or the transcript stays text.
        texts.append(_PLACEHOLDER.sub(functools.partial(_fill, values), head))
    return Prompts(texts, len(turns), shortened, masked)
