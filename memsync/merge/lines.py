"""Three-way line merge over merge3's groups, never writing conflict markers."""
from __future__ import annotations

import difflib

from merge3 import Merge3

# merge3 runs difflib, which can take seconds on long files of few distinct
# lines; real entries have tens to hundreds of lines, so longer files are
# never line-merged (an entry becomes a conflict; ROOT.md keeps both texts).
MAX_MERGE_LINES = 10_000
MAX_MERGE_CHARS = 8 << 20


def split_lines(text: str) -> list[str]:
    """Split on LF only (not on the other separators str.splitlines knows);
    every line keeps a final '\\n' so the last line compares like the others."""
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [p + "\n" for p in parts]


def union(a: list[str], b: list[str]) -> list[str]:
    """Both sequences with their common lines once: a's lines before b's where they differ."""
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
        if op == "equal":
            out.extend(a[i1:i2])
        else:
            out.extend(a[i1:i2])
            out.extend(b[j1:j2])
    return out


def _both(a: list[str], b: list[str]) -> list[str]:
    """Two clashing versions of a hunk, whole, one after the other; lines they
    share at the start and at the end are written once."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return a[: len(a) - tail] + b[head : len(b) - tail] + b[len(b) - tail :]


def _merge(base: list[str], first: list[str], second: list[str]) -> tuple[list[str], bool]:
    """merge3 over lines; both sides inserting at one place keeps both insertions
    (clean); changing the same base lines is a conflict (both versions, no markers)."""
    out: list[str] = []
    clean = True
    for group in Merge3(base, first, second).merge_groups():
        if group[0] != "conflict":
            out.extend(group[1])
            continue
        _, zone, a, b = group
        if zone:
            clean = False
            out.extend(_both(list(a), list(b)))
        else:
            out.extend(union(list(a), list(b)))
    return out, clean


def merge_sequences(base: list[str], first: list[str], second: list[str]) -> tuple[list[str], bool]:
    """The line merge of bodies over any sequences of strings (frontmatter units too)."""
    return _merge(base, first, second)


def _hunks(base: list[str], side: list[str]) -> list[tuple[int, int, list[str]]]:
    # autojunk as merge3 has it: without it, thousands of equal lines take difflib minutes
    ops = difflib.SequenceMatcher(None, base, side).get_opcodes()
    return [(i1, i2, side[j1:j2]) for op, i1, i2, j1, j2 in ops if op != "equal"]


def merge_loose(base: list[str], first: list[str], second: list[str]) -> list[str] | None:
    """A 3-way merge that, unlike merge3 and git, combines changes to *neighbouring*
    lines; None when both sides change one base line. For frontmatter only, where a
    line is a field and the caller checks what the result parses to."""
    hunks = sorted(_hunks(base, first) + _hunks(base, second), key=lambda h: (h[0], h[1]))
    out: list[str] = []
    pos = 0
    last: tuple[int, int, list[str]] | None = None
    for i1, i2, lines in hunks:
        if last is not None and (i1, i2, lines) == last:
            continue  # the same change on both sides
        if last is not None and i1 == i2 == last[0] == last[1]:
            # both insert at one place: both insertions, the first version's first
            out[len(out) - len(last[2]):] = union(last[2], lines)
            last = (i1, i2, lines)
            continue
        if i1 < pos:
            return None  # both sides changed the same base lines
        out.extend(base[pos:i1])
        out.extend(lines)
        pos, last = i2, (i1, i2, lines)
    out.extend(base[pos:])
    return out


def too_big(*texts: str) -> bool:
    return any(len(t) > MAX_MERGE_CHARS or t.count("\n") > MAX_MERGE_LINES for t in texts)


def keep_both(first: str, second: str) -> str:
    """Two whole texts, one after the other, on separate lines."""
    return first + ("" if not first or first.endswith("\n") else "\n") + second


def merge_text(base: str, first: str, second: str) -> tuple[str, bool]:
    """merge_lines for two sides already in canonical order (``first`` leads where both insert)."""
    if too_big(base, first, second):
        return keep_both(first, second), False
    lines, clean = _merge(split_lines(base), split_lines(first), split_lines(second))
    text = "".join(lines)
    # Whether the file ends in a newline merges like a one-bit field.
    ends = [not t or t.endswith("\n") for t in (base, first, second)]
    newline = ends[2] if ends[1] == ends[0] else ends[1]
    if not newline and text.endswith("\n"):
        text = text[:-1]
    return text, clean


def merge_lines(base: str, ours: str, theirs: str) -> tuple[str, bool]:
    """Three-way line merge; returns (text, clean). Never writes conflict markers.

    Both sides inserting lines at the same place is clean: both insertions are
    kept (the one whose text sorts first comes first). Changing the same lines
    differently is not clean; ``text`` is then both versions of each clashing
    hunk, one after the other, which a caller should not use as a result.
    """
    if ours == theirs or theirs == base:
        return ours, True
    if ours == base:
        return theirs, True
    first, second = sorted((ours, theirs))
    return merge_text(base, first, second)


def decode_lossless(data: bytes) -> tuple[str, bool, bool]:
    """Text for a line merge: (text without BOM and CRLF, had a BOM, all lines CRLF).

    Invalid UTF-8 survives as surrogate escapes, so encoding back is lossless.
    """
    bom = data.startswith(b"\xef\xbb\xbf")
    text = data[3 if bom else 0 :].decode("utf-8", "surrogateescape")
    crlf = "\r\n" in text and text.count("\n") == text.count("\r\n")
    return text.replace("\r\n", "\n"), bom, crlf


def encode_lossless(text: str, bom: bool = False, crlf: bool = False) -> bytes:
    if crlf:
        text = text.replace("\n", "\r\n")
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "surrogateescape")
