"""Merge ROOT.md's hand-written parts; compiled regions are left for the caller."""
from __future__ import annotations

import re

from memsync.merge.lines import (
    decode_lossless,
    encode_lossless,
    keep_both,
    merge_text,
    split_lines,
    too_big,
    union,
)
from memsync.regions import RegionError, find_regions

_MARKER_LINE = re.compile(r"<!-- memsync:(begin|end) [A-Za-z0-9_-]+ -->[ \t]*\n?\Z")


def _blank_regions(text: str) -> str:
    """Empty every compiled region (the caller recompiles them) so they never clash."""
    try:
        regions = find_regions(text)
    except RegionError:
        return text
    for region in sorted(regions.values(), key=lambda r: r.start, reverse=True):
        text = text[: region.start] + text[region.end :]
    return text


def _tidy_markers(text: str) -> str:
    """Keep each marker line once; if the markers still do not pair up, drop them
    all (the compiler then appends the missing regions with their headings)."""
    seen: set[str] = set()
    lines = []
    for line in text.splitlines(keepends=True):
        if _MARKER_LINE.match(line):
            key = line.rstrip()
            if key in seen:
                continue
            seen.add(key)
        lines.append(line)
    tidy = "".join(lines)
    try:
        find_regions(tidy)
    except RegionError:
        return "".join(line for line in lines if not _MARKER_LINE.match(line))
    return tidy


def merge_root_md(base: bytes | None, ours: bytes | None, theirs: bytes | None) -> bytes:
    """Merge ROOT.md's hand-written parts by lines; the compiled regions come
    back empty for the caller to recompile. A true conflict keeps both versions
    of the clashing lines (the version whose bytes sort first, first), with no
    markers. ROOT.md is always regenerated, so a deletion never wins over text.
    """
    return merge_root_md_clean(base, ours, theirs)[0]


def merge_root_md_clean(base: bytes | None, ours: bytes | None, theirs: bytes | None) -> tuple[bytes, bool]:
    """``merge_root_md``, and whether it merged without keeping two versions of some lines
    (False: the user should look, as at any conflict)."""
    if ours is None or theirs is None or ours == theirs:
        return (ours if ours is not None else theirs if theirs is not None else b""), True
    if ours == base:
        return theirs, True
    if theirs == base:
        return ours, True
    first, second = sorted((ours, theirs))
    (a, bom_a, crlf_a), (b, bom_b, crlf_b) = decode_lossless(first), decode_lossless(second)
    a, b = _blank_regions(a), _blank_regions(b)
    if base is None:
        clean = a == b  # added on both devices: only the compiled tables differed
        text = a if clean else keep_both(a, b) if too_big(a, b) else "".join(union(split_lines(a), split_lines(b)))
    else:
        text, clean = merge_text(_blank_regions(decode_lossless(base)[0]), a, b)
    return encode_lossless(_tidy_markers(text), bom_a and bom_b, crlf_a and crlf_b), clean
