"""A model's answer -> candidates. Pure and tolerant: models wrap JSON in prose and fences.

Where the JSON is looked for, in order: the whole answer; each fenced code block; then
every ``[`` or ``{`` in the text, decoded from there (so prose before and after does not
matter). The first array found is the answer; failing that, an object holding an array
under ``memories`` / ``candidates`` / ``items`` / ``entries``; failing that, the objects
found one after another (JSON Lines). A trailing comma, the commonest slip, is
forgiven. Each element is then read on its own: one bad candidate is reported as
invalid beside the good ones, never a reason to lose them.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from memsync.errors import MemsyncError

_FENCE = re.compile(r"```[\w+-]*[ \t]*\n(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[\]}])")
_OPEN = re.compile(r"[\[{]")
_WRAPPERS = ("memories", "candidates", "items", "entries", "results", "memory")
MAX_SUPERSEDES = 8  # entries one candidate may replace (a model listing more is not being precise)
MAX_STARTS = 400  # positions tried when scanning prose for JSON (a hostile answer has many brackets)
SCAN_READS = 3  # and characters decoded, in all, at most this many times the answer's length: 400
# openings that never close would each be decoded to the end (400 reads of 4 MB took 50 s)


class Unparseable(MemsyncError):
    """No JSON answer could be found."""


@dataclass
class Candidate:
    """One proposed memory as the model gave it (fields coerced to text, nothing judged yet)."""

    summary: str = ""
    category: str | None = None
    kind: str | None = None
    body: str = ""
    load_when: list[str] = field(default_factory=list)
    supersedes: list[str] = field(default_factory=list)  # ids the model says this fact replaces
    problem: str | None = None  # why it cannot be a memory at all (then it is "invalid")

    def to_json(self) -> dict[str, Any]:
        from memsync.secrets.gate import redact

        return {"category": self.category, "kind": self.kind, "summary": redact(self.summary),
                "body": redact(self.body), "load_when": [redact(t) for t in self.load_when],
                "supersedes": [redact(i) for i in self.supersedes]}


def _decode(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    fixed = _TRAILING_COMMA.sub(r"\1", text)
    if fixed != text:
        try:
            return json.loads(fixed)
        except (ValueError, RecursionError):
            pass
    raise ValueError


def _items(value: Any) -> list[Any] | None:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in _WRAPPERS:
            if isinstance(value.get(key), list):
                return value[key]
        if "summary" in value:
            return [value]
    return None


def _scan(text: str) -> list[Any] | None:
    decoder = json.JSONDecoder()
    objects: list[Any] = []  # candidate objects found one after another (JSON Lines)
    fallback: list[Any] | None = None  # an array of something other than objects
    at = tried = spent = 0
    allowance = SCAN_READS * len(text)
    while tried < MAX_STARTS and spent <= allowance:
        m = _OPEN.search(text, at)
        if m is None:
            break
        tried += 1
        try:
            value, end = decoder.raw_decode(text, m.start())
        except ValueError as exc:
            spent += max(getattr(exc, "pos", len(text)) - m.start(), 1)  # how far it read before failing
            at = m.start() + 1
            continue
        except RecursionError:
            spent += len(text) - m.start()
            at = m.start() + 1
            continue
        spent += end - m.start()
        if isinstance(value, list) and not objects:
            if not value or any(isinstance(v, dict) for v in value):
                return value
            fallback = fallback if fallback is not None else value
        elif isinstance(value, dict):
            if "summary" in value or "title" in value:
                objects.append(value)
            elif not objects and (items := _items(value)) is not None:
                return items
        at = end
    return objects or fallback


def parse(answer: str) -> list[Candidate]:
    """The candidates in ``answer``; ``[]`` when the model said there is nothing;
    Unparseable when no JSON answer is there at all."""
    text = answer.strip().lstrip("\ufeff")
    found: list[Any] | None = None
    for attempt in (text, *(m.group(1) for m in _FENCE.finditer(text))):
        try:
            found = _items(_decode(attempt.strip()))
        except ValueError:
            continue
        if found is not None:
            break
    if found is None:
        found = _scan(text)
    if found is None:
        from memsync.output import visible
        from memsync.secrets.gate import redact

        shown = visible(redact(" ".join(text.split())[:120])) or "(empty)"
        raise Unparseable(f"the model's answer holds no JSON array of memories: {shown}"
                          + ("…" if len(text) > 120 else ""))
    return [candidate(item) for item in found]


def _text(value: Any) -> str | None:
    from memsync.extract.transcript import clean

    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return clean("\n".join(value))
    return None


def candidate(item: Any) -> Candidate:
    """One element of the answer, read leniently; ``problem`` says why it is unusable."""
    if not isinstance(item, dict):
        return Candidate(problem=f"not an object ({type(item).__name__})")
    summary = _text(item.get("summary", item.get("title")))
    out = Candidate()
    if summary is None or not summary.strip():
        out.problem = "no summary"
    else:
        first, _, rest = summary.strip().partition("\n")
        out.summary = first.strip()
        if rest.strip():  # a multi-line summary: its first line is the summary, the rest goes to the body
            out.body = rest.strip()
    body = item.get("body", item.get("details", item.get("content")))
    body_text = _text(body) if body is not None else ""
    if body_text is None:
        out.problem = out.problem or "the body is not text"
    elif body_text.strip():
        out.body = f"{out.body}\n\n{body_text.strip()}" if out.body else body_text.strip()
    for key in ("category", "kind"):
        value = item.get(key)
        if value is not None and not isinstance(value, str):
            out.problem = out.problem or f"the {key} is not text"
        elif isinstance(value, str) and value.strip():
            setattr(out, key, _text(value.strip()))
    triggers = item.get("load_when", item.get("keywords", item.get("tags")))
    if isinstance(triggers, str):
        out.load_when = [t.strip() for t in re.split(r"[,，;；]", _text(triggers) or "") if t.strip()]
    elif isinstance(triggers, list):
        out.load_when = [(_text(t) or "").strip() for t in triggers if isinstance(t, str) and t.strip()]
        if len(out.load_when) != len([t for t in triggers if t is not None and t != ""]):
            out.problem = out.problem or "load_when holds something that is not text"
    elif triggers is not None:
        out.problem = out.problem or "load_when is not a list of words"
    replaced = item.get("supersedes")
    if isinstance(replaced, str):
        replaced = [replaced]
    if isinstance(replaced, list) and all(isinstance(i, str) for i in replaced):
        out.supersedes = list(dict.fromkeys(i.strip() for i in replaced if i.strip()))[:MAX_SUPERSEDES]
    elif replaced is not None:
        out.problem = out.problem or "supersedes is not a list of entry ids"
    return out
