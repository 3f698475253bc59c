"""Why an entry matched: a snippet of its original text with matches marked
``<<`` ``>>``, and how often each query word occurs. Pure functions.

Matching runs on the normalized text (NFKC, case-folded) with the same rules
as the index (``query.Word.pattern``) and is mapped back to offsets in the
original, so the snippet shows exactly what the file says.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from memsync.recall.query import Word
from memsync.recall.tokenize import normalize

OPEN, CLOSE = "<<", ">>"
WIDTH = 160  # characters of context shown
_SPACE = re.compile(r"\s+")


def _normalized(text: str) -> tuple[str, list[int] | None]:
    """The normalized text and, unless it maps one to one, the original offset of each character."""
    if unicodedata.is_normalized("NFKC", text):
        folded = text.casefold()
        if len(folded) == len(text):  # casefold never drops a character, so this is 1:1
            return folded, None
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        n = normalize(ch)
        out.append(n)
        where.extend([i] * len(n))
    where.append(len(text))
    return "".join(out), where


def spans(text: str, word: Word) -> list[tuple[int, int]]:
    """Where ``word`` occurs in ``text``, as offsets into the original text."""
    norm, where = _normalized(text)
    found = word.spans(norm)
    if where is None:
        return found
    return [(where[a], where[b - 1] + 1) for a, b in found]


def count(texts: Sequence[str], words: Sequence[Word]) -> dict[str, int]:
    """``{word: occurrences}`` over all ``texts``, for the words that occur."""
    out: dict[str, int] = {}
    for w in words:
        n = sum(len(spans(t, w)) for t in texts)
        if n:
            out[w.text] = n
    return out


def _merge(found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for a, b in sorted(found):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def make(text: str, words: Sequence[Word], width: int = WIDTH) -> str | None:
    """A one-line window of ``text`` around the most varied matches, or None if none."""
    by_word = [spans(text, w) for w in words]
    marks = _merge([s for found in by_word for s in found])
    if not marks:
        return None
    # The window holding the most distinct words wins; earlier wins ties.
    best_start, best_n = marks[0][0], -1
    for a, _ in marks:
        lo, hi = max(0, a - width // 5), max(0, a - width // 5) + width
        n = sum(1 for found in by_word if any(lo <= s and e <= hi for s, e in found))
        if n > best_n:
            best_start, best_n = a, n
    lo = max(0, best_start - width // 5)
    hi = min(len(text), lo + width)
    parts = []
    pos = lo
    for a, b in marks:
        if b <= lo or a >= hi:
            continue
        a, b = max(a, lo), min(b, hi)
        parts += [text[pos:a], OPEN, text[a:b], CLOSE]
        pos = b
    parts.append(text[pos:hi])
    body = _SPACE.sub(" ", "".join(parts)).strip()
    return ("..." if lo > 0 else "") + body + ("..." if hi < len(text) else "")
