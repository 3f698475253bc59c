"""Compiled regions in ROOT.md: text between ``<!-- memsync:begin NAME -->`` and
``<!-- memsync:end NAME -->`` lines. Everything else is the user's, kept byte for byte."""
from __future__ import annotations

import re
from dataclasses import dataclass

_MARKER = re.compile(r"<!-- memsync:(begin|end) ([A-Za-z0-9_-]+) -->[ \t]*\r?\n?\Z")


class RegionError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Region:
    """A compiled region of ROOT.md: where its markers are."""

    name: str
    begin_line: int  # 1-based line of the begin marker
    start: int  # offset just after the begin marker line
    end: int  # offset of the end marker line


def begin_marker(name: str) -> str:
    return f"<!-- memsync:begin {name} -->"


def end_marker(name: str) -> str:
    return f"<!-- memsync:end {name} -->"


def find_regions(text: str) -> dict[str, Region]:
    """Locate every region; RegionError for an unpaired, nested or repeated marker."""
    regions: dict[str, Region] = {}
    open_name: str | None = None
    open_line = start = 0
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        m = _MARKER.match(line)
        if m:
            kind, name = m.groups()
            if kind == "begin":
                if open_name is not None:
                    raise RegionError(number, f"region {name!r} begins inside region {open_name!r} (line {open_line})")
                if name in regions:
                    raise RegionError(number, f"region {name!r} appears twice (first at line {regions[name].begin_line})")
                open_name, open_line, start = name, number, offset + len(line)
            else:
                if open_name is None:
                    raise RegionError(number, f"region {name!r} ends before it begins")
                if name != open_name:
                    raise RegionError(number, f"region {name!r} ends inside region {open_name!r} (line {open_line})")
                regions[name] = Region(name, open_line, start, offset)
                open_name = None
        offset += len(line)
    if open_name is not None:
        raise RegionError(open_line, f"region {open_name!r} begins but never ends")
    return regions


def replace_regions(text: str, bodies: dict[str, str], headings: dict[str, str]) -> str:
    """Put each body between its markers; append a missing region with its heading.

    Bodies are LF text ending in a newline. Only the bytes between the marker
    lines change, so hand-written parts (CRLF, trailing spaces) stay as they are.
    """
    regions = find_regions(text)
    out: list[str] = []
    pos = 0
    for region in sorted(regions.values(), key=lambda r: r.start):
        if region.name not in bodies:
            continue
        out.append(text[pos : region.start])
        if region.start and not text[region.start - 1] == "\n":
            out.append("\n")  # a begin marker on the file's last line
        out.append(bodies[region.name])
        pos = region.end
    out.append(text[pos:])
    result = "".join(out)
    for name, body in bodies.items():
        if name in regions:
            continue
        if result and not result.endswith("\n"):
            result += "\n"
        if result.strip():
            result += "\n"
        result += f"## {headings[name]}\n\n{begin_marker(name)}\n{body}{end_marker(name)}\n"
    return result
