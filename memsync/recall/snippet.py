"""Why an entry matched: a snippet of its original text with matches marked
``<<`` ``>>``, and how often each query word occurs. Pure functions.

Matching runs on the normalized text (NFKC, case-folded) with the same rules
as the index (``query.Word.spans``) and is mapped back to offsets in the
original, so the snippet shows exactly what the file says. Texts given here
carry their boundaries as ``tokenize.BREAK`` (``tokenize.mark_blocks``), which
no match crosses and which is shown as a space.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field

from memsync.recall.query import Word
from memsync.recall.tokenize import BREAK, normalize

OPEN, CLOSE = "<<", ">>"
WIDTH = 160  # characters of context shown
MAX_FORMS = 3  # longer words shown for a prefix match
MAX_WINDOWS = 2000  # matches tried as a window's anchor (the first ones: earlier wins ties)
_SPACE = re.compile(f"[\\s{BREAK}]+")


@dataclass
class Found:
    """How one query word occurs in an entry."""

    exact: int = 0
    prefix: int = 0  # occurrences only as the start of a longer word
    forms: list[str] = field(default_factory=list)  # those longer words, normalized, first few
    via: list[str] = field(default_factory=list)  # its translations found (Word.alts)
    native: bool = True  # the word itself found (not only a translation)

    @property
    def total(self) -> int:
        return self.exact + self.prefix


def _normalized(text: str) -> tuple[str, list[int] | None]:
    """The normalized text and, unless it maps one to one, the original offset of each character."""
    if unicodedata.is_normalized("NFKC", text):
        folded = text.casefold()
        if len(folded) == len(text):  # casefold never drops a character, so this is 1:1
            return folded, None
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        n = _CHAR.get(ch)
        if n is None:
            n = normalize(ch)
            if len(_CHAR) < 1 << 16:
                _CHAR[ch] = n
        out.append(n)
        if len(n) == 1:
            where.append(i)
        else:
            where.extend([i] * len(n))
    where.append(len(text))
    return "".join(out), where


_CHAR: dict[str, str] = {}  # each character's normalized form, as met (bounded)


def _spans(text: str, word: Word) -> tuple[str, list[tuple[int, int, bool]], list[tuple[int, int, bool]]]:
    """The normalized text, and the word's spans in it and in the original."""
    norm, where = _normalized(text)
    found = word.spans(norm)
    if where is None:
        return norm, found, found
    return norm, found, [(where[a], where[b - 1] + 1, exact) for a, b, exact in found]


def spans(text: str, word: Word) -> list[tuple[int, int]]:
    """Where ``word`` occurs in ``text`` (prefix occurrences included), as offsets into the original."""
    return [(a, b) for a, b, _ in _spans(text, word)[2]]


def find(texts: Sequence[str], words: Sequence[Word]) -> dict[str, Found]:
    """``{word: Found}`` over all ``texts``, for the words that occur."""
    out: dict[str, Found] = {}
    for w in words:
        f = Found(native=not w.alts)
        for t in texts:
            norm, in_norm, _ = _spans(t, w)
            if w.alts and in_norm:
                f.native = f.native or bool(w._spans(norm))
                f.via += [a.text for a in w.alts if a.text not in f.via and a._spans(norm)]
            for a, b, exact in in_norm:
                if exact:
                    f.exact += 1
                else:
                    f.prefix += 1
                    form = norm[a:b]
                    if form not in f.forms and len(f.forms) < MAX_FORMS:
                        f.forms.append(form)
        if f.total:
            out[w.text] = f
    return out


def merge(parts: Sequence[dict[str, Found]]) -> dict[str, Found]:
    """``find`` over several groups of texts, added up (in the order of the first group that has a word)."""
    out: dict[str, Found] = {}
    for part in parts:
        for word, f in part.items():
            into = out.setdefault(word, Found(native=False))
            into.exact += f.exact
            into.prefix += f.prefix
            into.forms += [x for x in f.forms if x not in into.forms][: MAX_FORMS - len(into.forms)]
            into.via += [x for x in f.via if x not in into.via]
            into.native = into.native or f.native
    return out


def count(texts: Sequence[str], words: Sequence[Word]) -> dict[str, int]:
    """``{word: occurrences}`` over all ``texts``, for the words that occur."""
    return {k: f.total for k, f in find(texts, words).items()}


def _merge(found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for a, b in sorted(found):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def window(by_word: list[list[tuple[int, int]]], marks: list[tuple[int, int]], width: int = WIDTH) -> int:
    """Where the snippet's window opens: at the match whose window holds the most distinct
    words, the earlier on ties. Each word's first match at or after the window's start is found
    by bisection, and only the first MAX_WINDOWS matches open a window: a body repeating a word
    40,000 times made the plain way quadratic (20 s a search, longer than a hook's timeout)."""
    for found in by_word:
        found.sort()
    starts = [[s for s, _ in found] for found in by_word]
    best_start, best_n = marks[0][0], -1
    for a, _ in marks[:MAX_WINDOWS]:
        lo = max(0, a - width // 5)
        hi = lo + width
        n = 0
        for found, at in zip(by_word, starts):
            i = bisect_left(at, lo)
            n += i < len(found) and found[i][1] <= hi
        if n > best_n:
            best_start, best_n = a, n
    return best_start


def make(text: str, words: Sequence[Word], width: int = WIDTH) -> str | None:
    """A one-line window of ``text`` around the most varied matches, or None if none."""
    by_word = [spans(text, w) for w in words]
    marks = _merge([s for found in by_word for s in found])
    if not marks:
        return None
    best_start = window(by_word, marks, width)
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
