"""Text -> search tokens (SPEC §4). Pure functions, no I/O.

Text is NFKC-normalized and case-folded. A CJK run (Han, Hiragana, Katakana,
Hangul) becomes its overlapping bigrams, framed by its first and last
character as unigrams; a run of one character is that unigram. Latin, digit
and other letter runs become words; everything else separates tokens.

Why the framing unigrams: a query that glues CJK to Latin (``用pnpm``) must
match where the CJK character ends a longer run (``…本用pnpm…``). With the
run's edge characters indexed as tokens of their own, the query becomes the
phrase ``用 pnpm`` and FTS5's position matching does the rest. Inside a run only
bigrams are indexed, so a CJK query word matches only where its characters
stand together.

Why the boundary token: a phrase must not run from one list item (or one
Markdown block) into the next: ``load_when: [部署, pnpm]`` holds no ``部署pnpm``.
Such boundaries are marked with ``BREAK``, a private-use character that the
query side never turns into a token, and indexed as a token of its own, so no
query phrase can step over it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Code points of the scripts that are written without spaces, restricted to
# letters and letter-like numbers (punctuation in these blocks stays a separator).
_CJK = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u3005-\u3007\u3021-\u3029\u3038-\u303b"  # 々〆〇, Hangzhou numerals
    "\u3041-\u3096\u309d-\u309f"  # Hiragana
    "\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff"  # Katakana
    "\u3131-\u318e"  # Hangul compatibility Jamo
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Han
    "\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb"  # Hangul
    "\U00020000-\U0002fa1f\U00030000-\U0003134f"  # Han extensions
)
# Group 1: a CJK run. Group 2: a run of other letters and digits ('_' separates,
# as in SQLite's unicode61, so DATABASE_URL is the words database, url).
# (Compiling a class of this many code points costs milliseconds: compile it once.)
TOKEN_RE = re.compile(f"([{_CJK}]+)|([^\\W_{_CJK}]+)")


BREAK = "\ue000"  # a boundary no phrase crosses (SQLite's unicode61 keeps private-use characters as tokens)
_BLOCK_START = re.compile(r"[ \t]{0,3}(?:[-*+>#|]|\d{1,9}[.)]|```|~~~)")


def mark_blocks(text: str) -> str:
    """``text`` with each line break that ends a Markdown block turned into ``BREAK``.

    A break inside a paragraph joins its lines (Chinese wraps without spaces);
    a blank line, a list item, a heading, a quote, a table row or a code fence
    starts a new block. The result has the same length as ``text``, so offsets
    into it are offsets into the original.
    """
    if "\n" not in text:
        return text
    lines = text.split("\n")
    out = [lines[0]]
    for prev, line in zip(lines, lines[1:]):
        joined = prev.strip() and line.strip() and not _BLOCK_START.match(line) and not _BLOCK_START.match(prev)
        out.append(("\n" if joined else BREAK) + line)
    return "".join(out)


def join_items(items: "list[str] | tuple[str, ...]") -> str:
    """List items (``load_when``) as one text whose items no phrase spans."""
    return BREAK.join(items)


def normalize(text: str) -> str:
    """NFKC then case-fold: full-width ＡＢＣ１ → abc1, half-width ｶﾀｶﾅ → カタカナ."""
    return unicodedata.normalize("NFKC", text).casefold()


@dataclass(frozen=True)
class Segment:
    """One run of a normalized text: ``cjk`` runs are bigrammed, others are words."""

    text: str
    cjk: bool
    start: int  # offsets in the normalized text
    end: int


def segments(norm: str, limit: int | None = None) -> list[Segment]:
    """The runs of an already normalized text, in order (the first ``limit`` of them)."""
    from itertools import islice

    return [Segment(m.group(), m.group(1) is not None, m.start(), m.end())
            for m in islice(TOKEN_RE.finditer(norm), limit)]


def cjk_tokens(run: str, lead: bool = True, trail: bool = True) -> list[str]:
    """Bigrams of a CJK run, optionally framed by its first/last character."""
    if len(run) == 1:
        return [run]
    grams = [run[i : i + 2] for i in range(len(run) - 1)]
    return ([run[0]] if lead else []) + grams + ([run[-1]] if trail else [])


def _expand(m: re.Match[str]) -> str:
    run = m.group(1)
    if run is None:
        return m.group(2)
    if len(run) == 1:
        return run
    return f"{run[0]} {' '.join([run[i : i + 2] for i in range(len(run) - 1)])} {run[-1]}"


def index_text(text: str) -> str:
    """Tokens of ``text`` joined by spaces: what the FTS5 columns store.

    SQLite's unicode61 tokenizer then splits this on the spaces and sees our
    tokens unchanged (it only folds diacritics, which both sides share). Each
    ``BREAK`` in ``text`` becomes a ``BREAK`` token between the tokens of the
    parts it separates.
    """
    norm = normalize(text)
    if BREAK not in norm:
        return " ".join(_expand(m) for m in TOKEN_RE.finditer(norm))
    parts = [" ".join(_expand(m) for m in TOKEN_RE.finditer(part)) for part in norm.split(BREAK)]
    return f" {BREAK} ".join(p for p in parts if p)


def length(tokens_text: str) -> int:
    """How many tokens (boundaries not counted) an ``index_text`` result holds."""
    if not tokens_text:
        return 0
    return tokens_text.count(" ") + 1 - tokens_text.count(BREAK)


def tokens(text: str) -> list[str]:
    """The index tokens of ``text`` as a list (for tests and the baselines)."""
    return index_text(text).split()


def is_word_char(text: str, i: int) -> bool:
    """Is ``text[i]`` a letter or digit of a word run (not CJK, not '_')?"""
    m = TOKEN_RE.match(text, i, i + 1)
    return m is not None and m.group(2) is not None
