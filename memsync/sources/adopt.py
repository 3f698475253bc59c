"""``memsync import``: another agent's memories made memsync entries, through remember's gates.

Nothing here checks a gate itself: every candidate goes to ``Memory.remember`` (write
switch, path guard, rule proposals, secrets, dedupe by keyword coverage), so a second
import finds each memory already there and writes nothing.

- Claude Code: one entry per topic file; summary = ``description`` (else ``name``,
  else the first line), body = the file's body; the category from the type
  (``sources.claude_code_categories``: ``user`` and ``feedback`` → preferences,
  ``project`` and ``reference`` → facts, anything else facts); a reference keeps its
  first link as the highlight. ``user`` and ``feedback`` memories are personal: they go
  to the global root unless a scope or root is named.
- MiMo: one entry per top-level list item of a ``memory``-type file (MEMORY.md,
  memory-*.md) in the global layer and this project's, by section: ``Rules`` →
  rules (a rule proposal for a person to accept), ``…decisions`` → decisions, else
  facts. Session files (checkpoints, notes, progress) are task state, not imported.
- Time stamps: Claude Code's ``modified``, else the file's mtime, become the entry's
  ``created`` and ``updated``.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from memsync.errors import MemsyncError
from memsync.sources import NAMES, SourceRoot
from memsync.sources.base import Doc

CLAUDE_CATEGORIES = {"user": "preferences", "feedback": "preferences", "project": "facts", "reference": "facts"}
PERSONAL = ("user", "feedback")
_URL = re.compile(r"https?://[^\s)>\]]+")
_ITEM = re.compile(r"(?:[-*+]|\d+[.)])[ \t]+(.*)")
_PLACEHOLDER = re.compile(r"\(?\s*(none yet|n/a|none|todo|暂无|无)\s*\)?\.?", re.I)


@dataclass
class Candidate:
    """An entry of another agent's memory that could be adopted."""

    source_id: str
    file: str  # shown
    summary: str
    body: str
    category: str
    scope: str | None
    when_ms: int | None
    highlight: str | None = None
    skip: str = ""  # why it is not offered to remember


@dataclass
class Item:
    """What became of one memory of the source."""

    source_id: str
    file: str
    outcome: str  # imported | would import | duplicate | refused | skipped
    id: str | None = None  # the entry written, or the one it duplicates
    reason: str = ""
    category: str | None = None
    root: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _one_line(text: str, limit: int = 300) -> str:
    line = " ".join(text.replace("**", "").split())
    if len(line) <= limit:
        return line
    sentence = re.match(r"(.{20,%d}?[.!?。！？])(\s|$)" % (limit - 1), line)
    return sentence.group(1) if sentence else line[: limit - 1].rstrip() + "…"


def _categories(config: dict[str, Any]) -> dict[str, str]:
    from memsync.gates import name

    section = config.get("sources") or {}
    given = section.get("claude_code_categories", {}) if isinstance(section, dict) else {}
    if not isinstance(given, dict):
        raise MemsyncError("config: sources.claude_code_categories must map a Claude Code type to a category")
    out = dict(CLAUDE_CATEGORIES)
    for kind, category in given.items():
        if not isinstance(kind, str) or not isinstance(category, str):
            raise MemsyncError("config: sources.claude_code_categories must map a Claude Code type to a category")
        out[kind.lower()] = name(category, "category")
    return out


def claude_candidates(src: SourceRoot, docs: list[Doc], config: dict[str, Any], category: str | None,
                      scope: str | None) -> list[Candidate]:
    mapping = _categories(config)
    out = []
    for doc in docs:
        shown = src.layout.show(src.display, doc.file)
        cat = category or mapping.get(doc.kind, "facts")
        where = scope if scope is not None else ("global" if doc.kind in PERSONAL else None)
        link = _URL.search(doc.body) if doc.kind == "reference" else None
        summary = _one_line(doc.summary)
        out.append(Candidate(doc.id, shown, summary, doc.body, cat, where, doc.updated,
                             highlight=_one_line(link.group(0), 400) if link else None))
    return out


def _items(body: str) -> list[str]:
    """Top-level list items of a section (with their continuation lines), else its paragraphs."""
    items: list[list[str]] = []
    loose: list[str] = []
    for line in body.split("\n"):
        if line.lstrip().startswith("#") or _instruction(line):
            continue  # headings and the template's instruction lines are not memories
        m = _ITEM.match(line)
        if m:
            items.append([m.group(1)])
        elif items and (line.startswith((" ", "\t")) or (line.strip() and not loose)):
            items[-1].append(line.strip())
        elif line.strip():
            loose.append(line.strip())
    texts = ["\n".join(i).strip() for i in items] if items else (["\n".join(loose)] if loose else [])
    return [t for t in texts if t and not _PLACEHOLDER.fullmatch(t) and not _instruction(t)]


def _instruction(text: str) -> bool:
    """MiMo's template lines in italics tell its writer what to put there; they are not memories."""
    t = text.strip()
    return len(t) > 2 and ((t[0] == t[-1] == "_") or (t[0] == t[-1] == "*" and not t.startswith("**")))


def _mimo_category(section: str) -> str:
    s = section.casefold()
    if "rule" in s or "规则" in s or "规定" in s:
        return "rules"
    if "decision" in s or "决策" in s or "决定" in s:
        return "decisions"
    if "pitfall" in s or "error" in s or "坑" in s:
        return "pitfalls"
    return "facts"


def mimo_candidates(src: SourceRoot, docs: list[Doc], category: str | None, scope: str | None) -> list[Candidate]:
    out = []
    for doc in docs:
        shown = src.layout.show(src.display, doc.file)
        layer = doc.meta.get("layer", "")
        if layer == "sessions" or doc.kind not in ("memory", "free"):
            out.append(Candidate(doc.id, shown, doc.summary, "", "", None, None,
                                 skip=f"session state ({doc.kind}), not durable memory: not imported"))
            continue
        where = scope if scope is not None else ("global" if layer == "global" else None)
        section = doc.meta.get("section", "")
        cat = category or _mimo_category(section)
        for n, text in enumerate(_items(doc.body), 1):
            first, _, rest = text.partition("\n")
            summary = _one_line(first)
            body = text if (rest.strip() or summary != " ".join(first.split())) else ""
            out.append(Candidate(f"{doc.id}:{n}", shown, summary, body, cat, where, doc.updated))
    return out


def run(memory: Any, source: str, *, category: str | None = None, scope: str | None = None,
        dry_run: bool = False) -> tuple[SourceRoot | None, list[Item]]:
    """Import one source into memory (``memory`` is a ``service.Memory``)."""
    from memsync import gates
    from memsync.config import user_settings
    from memsync.sources import settings

    if source not in NAMES:
        raise MemsyncError(f"unknown source {source!r} (claude-code or mimo)")
    if category is not None:
        gates.name(category, "category")
    memory.target_root(scope, create=False)  # a root that cannot be written to refuses the whole import
    config = user_settings()
    s = settings(config)
    cwd = memory.cwd
    if source == "claude-code":
        from memsync.sources import claude

        src = claude.source_root(cwd, every_project=s.claude_code == "all")
    else:
        from memsync.sources import mimo

        src = mimo.source_root(cwd, sessions=s.mimo_sessions)
    if src is None:
        return None, []
    scan = src.layout.scan()
    troubled = {rel: why for rel, why in scan.problems.items}
    items = [Item("", src.layout.show(src.display, rel), "skipped", reason=why) for rel, why in scan.problems.items
             if not any(d.file == rel for d in scan.docs)]
    docs = [d for d in scan.docs if d.file not in troubled]
    for doc in scan.docs:
        if doc.file in troubled and not any(i.file == src.layout.show(src.display, doc.file) for i in items):
            items.append(Item(doc.id, src.layout.show(src.display, doc.file), "skipped",
                              reason=f"{troubled[doc.file]}: fix the file first"))
    found = claude_candidates(src, docs, config, category, scope) if source == "claude-code" \
        else mimo_candidates(src, docs, category, scope)
    for c in found:
        items.append(_remember(memory, c, dry_run))
    return src, items


def _remember(memory: Any, c: Candidate, dry_run: bool) -> Item:
    from memsync.gates import Duplicate, Refused, WritesDisabled

    if c.skip:
        return Item(c.source_id, c.file, "skipped", reason=c.skip)
    try:
        w = memory.remember(c.summary, category=c.category, body=c.body, highlight=c.highlight, scope=c.scope,
                            now_ms=c.when_ms, dry_run=dry_run)
    except WritesDisabled:
        raise  # the user turned writing off: nothing is imported at all
    except Duplicate as exc:
        return Item(c.source_id, c.file, "duplicate", exc.existing, f"already in memory as {exc.existing} "
                    f"({exc.coverage:.0%} of its keywords)", c.category)
    except Refused as exc:
        return Item(c.source_id, c.file, "refused", None, f"{exc.gate}: {exc}", c.category)
    except MemsyncError as exc:
        return Item(c.source_id, c.file, "refused", None, str(exc), c.category)
    outcome = "would import" if dry_run else "imported"
    note = "as a rule proposal, for a person to accept" if w.proposal else ""
    return Item(c.source_id, c.file, outcome, w.id, note, w.id.split("/")[0], w.root)


def counts(items: list[Item]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in items:
        out[i.outcome] = out.get(i.outcome, 0) + 1
    return out
