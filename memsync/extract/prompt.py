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
from collections.abc import Callable, Iterable, Sequence
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
    parts: int = 0  # parts the turns take (texts holds them all, unless too many to send were let go)

    def notes(self, tool_chars: int) -> list[str]:
        out = []
        if self.parts > 1:
            out.append(f"read in {self.parts} parts (extract.chunk_chars), the model ran once per part")
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


CONTINUES = "\n[… this turn continues in the next part …]"


class Builder:
    """The prompts, built a turn at a time (``add``) as the transcript is read; ``finish`` fills
    them in. With ``bounded``, the text of the parts is let go once there are more than
    ``max_parts`` of them (nothing will be sent): they are still counted, so the refusal says
    how many calls it would take, and memory stays within max_parts × chunk_chars."""

    def __init__(self, *, categories: Sequence[str], chunk_chars: int, tool_chars: int, first_number: int = 1,
                 template: str | None = None, max_parts: int | None = None, bounded: bool = False) -> None:
        if template is None:
            from memsync.templates import read_template

            template = read_template(TEMPLATE)
        self.head = template.replace("{{categories}}", ", ".join(f'"{c}"' for c in categories))
        self.chunk_chars, self.tool_chars, self.max_parts, self.bounded = chunk_chars, tool_chars, max_parts, bounded
        self.number = first_number
        self.chunks: list[list[str]] | None = [[]]  # None: over max_parts and bounded, the text let go
        self.parts = 1
        self.size = 0  # of the current part
        self.filled = False  # the current part holds something
        self.turns = self.shortened = self.masked = 0

    @property
    def over(self) -> bool:
        return self.max_parts is not None and self.parts > self.max_parts

    def _next_part(self) -> None:
        self.parts += 1
        self.size, self.filled = 0, False
        if self.chunks is not None:
            if self.bounded and self.over:
                self.chunks = None
            else:
                self.chunks.append([])

    def add(self, turn: Turn) -> None:
        text, cut, hidden = render(turn, self.number, self.tool_chars)
        self.number += 1
        self.turns += 1
        self.shortened += cut
        self.masked += hidden
        at = 0  # an offset, not text = text[room:]: re-slicing the rest made a 100 MB turn quadratic
        while at < len(text):
            room = self.chunk_chars - self.size
            if room < min(len(text) - at, 200) and self.filled:
                self._next_part()  # start a new part rather than leave a sliver
                room = self.chunk_chars
            end = min(at + room, len(text))
            size = end - at
            if self.chunks is not None:
                piece = text[at:end] + (CONTINUES if end < len(text) else "")
                self.chunks[-1].append(piece)
            at = end
            self.size += size + (len(CONTINUES) if at < len(text) else 0) + 2
            self.filled = True

    def finish(self, known: Callable[[str], Sequence[str]] | None = None) -> Prompts:
        """The prompts; ``known`` is not asked past ``max_parts`` (nothing will be sent)."""
        if self.over:
            known = None
        texts = []
        total = self.parts
        for n, chunk in enumerate(self.chunks or [], 1):
            body = "\n\n".join(chunk)
            values = {"part": "the whole session" if total == 1 else f"part {n} of {total}",
                      "known": known_block(known(body) if known else []), "transcript": _fenced(body)}
            # One pass: a placeholder written inside an entry or the transcript stays text.
            texts.append(_PLACEHOLDER.sub(functools.partial(_fill, values), self.head))
        return Prompts(texts, self.turns, self.shortened, self.masked, total)


def build(turns: Iterable[Turn], *, categories: Sequence[str], chunk_chars: int, tool_chars: int,
          first_number: int = 1, template: str | None = None,
          known: Callable[[str], Sequence[str]] | None = None, max_parts: int | None = None) -> Prompts:
    """The prompts for ``turns`` (numbered from ``first_number``, as the file counts them).

    ``known`` answers, for a part's conversation text, what memory already holds on it (one
    line per entry): the model is shown it so it does not propose restatements in the first
    place; the dedupe gate still judges whatever it proposes. Past ``max_parts`` parts nothing
    will be sent, so ``known`` (a search per part) is not asked: a 100 MB transcript is refused
    in seconds, not minutes."""
    builder = Builder(categories=categories, chunk_chars=chunk_chars, tool_chars=tool_chars,
                      first_number=first_number, template=template, max_parts=max_parts)
    for turn in turns:
        builder.add(turn)
    return builder.finish(known)
