"""Read what a root's compiled files and hand-written ROOT.md sections say (pure).

Context injection reads a root's overview from the files compile keeps: ROOT.md's
hand-written *Current goal* and *Iron rules* sections, its ``routing`` table, and each
``index.md``'s one line per entry. They are a handful
of small files, so an outline costs no walk of the entries.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from memsync.regions import RegionError, find_regions

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
IRON_RULES = ("iron rules", "iron rule", "铁规则", "铁律")
GOAL = ("current goal", "goal", "当前目标", "目标")


def section(text: str, names: tuple[str, ...]) -> str:
    """The body of the first Markdown section whose heading is one of ``names`` (case-insensitive),
    without HTML comments and surrounding blank lines; "" when absent or empty."""
    lines = text.replace("\r\n", "\n").split("\n")
    start = level = None
    for i, line in enumerate(lines):
        m = _HEADING.match(line)
        if not m:
            continue
        if start is not None and len(m.group(1)) <= level:  # type: ignore[operator]
            return _clean("\n".join(lines[start:i]))
        if start is None and m.group(2).strip().casefold() in names:
            start, level = i + 1, len(m.group(1))
    return _clean("\n".join(lines[start:])) if start is not None else ""


def _clean(text: str) -> str:
    text = _COMMENT.sub("", text)
    kept = [ln.rstrip() for ln in text.split("\n") if not ln.lstrip().startswith("<!-- memsync:")]
    return "\n".join(kept).strip("\n")


def iron_rules(root_md: str) -> str:
    return section(root_md, IRON_RULES)


def goal(root_md: str) -> str:
    return section(root_md, GOAL)


def _region(root_md: str, name: str) -> list[str]:
    try:
        regions = find_regions(root_md)
    except RegionError:
        return []
    r = regions.get(name)
    if r is None:
        return []
    return [ln for ln in root_md[r.start : r.end].splitlines() if ln.startswith("|")][2:]  # skip header rows


_FIRST_CELL = re.compile(r"\|((?:[^|\\]|\\.)*)\|")
_LINK = re.compile(r"\[([^\]\n]+)\]\(\1\.md\)")


def routing(root_md: str, *, links: bool = False) -> list[tuple[str, list[str]]]:
    """The compiled routing table's rows in its order: each ``load_when`` trigger and (with
    ``links``) the ids it loads. Without ``links`` only each row's first cell is read: a row's
    links can run to thousands of characters."""
    out = []
    for row in _region(root_md, "routing"):
        row = row.strip()
        m = _FIRST_CELL.match(row)
        if m:
            cell = re.sub(r"\\(.)", r"\1", m.group(1)).strip()
            if cell:
                out.append((cell, _LINK.findall(row, m.end()) if links else []))
    return out


class Line(NamedTuple):
    """One live entry as its category's index.md lists it."""

    id: str
    summary: str
    pinned: bool
    conflict: bool


_INDEX_LINE = re.compile(r"^- \[([^\]\n]+)\]\(\1\.md\) — (.*)$", re.M)
_PINNED = " (pinned)"
_CONFLICT = " (conflict copy of "


def index_lines(category: str, index_md: str) -> list[Line]:
    """Live entries of a compiled ``index.md`` (the superseded section is left out)."""
    cut = index_md.find("\n## ")
    live = index_md if cut < 0 else index_md[:cut]
    out: list[Line] = []
    for m in _INDEX_LINE.finditer(live):
        rest = m.group(2)
        conflict = _CONFLICT in rest
        if conflict:
            rest = rest[: rest.index(_CONFLICT)]
        pinned = rest.endswith(_PINNED)
        if pinned:
            rest = rest[: -len(_PINNED)]
        out.append(Line(f"{category}/{m.group(1)}", rest.replace("&lt;", "<"), pinned, conflict))
    return out
