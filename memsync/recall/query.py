"""User text -> a safe FTS5 MATCH expression and the patterns that mark matches.

The user's words are split on white space. Each word becomes one FTS5 phrase
of its tokens (``数据库迁移`` -> ``"数据 据库 库迁 迁移"``, ``DATABASE_URL`` ->
``"database url"``), so a word matches only where its pieces stand together.
Tokens hold nothing but letters and digits and every phrase is quoted, so no
user text ever reaches FTS5 syntax: ``AND``, ``*``, ``:`` or a quote in a query
is just text. A word of one CJK character becomes a prefix phrase (``"用" *``)
because inside a run such a character is only indexed as part of a bigram.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from memsync.recall.tokenize import cjk_tokens, is_word_char, normalize, segments

MAX_WORDS = 32  # more is not a search, it is a document
MAX_TOKENS = 64  # per word; a longer CJK phrase is matched on its start
_GAP = r"[\W_]*"


@dataclass(frozen=True)
class Word:
    """One query word: its normalized text, index tokens and how to find it."""

    text: str
    tokens: tuple[str, ...]
    prefix: bool  # a lone CJK character: matches any token starting with it
    pattern: re.Pattern[str]  # candidates in normalized text; see spans()
    bounded: tuple[bool, bool]  # starts / ends with a Latin-or-digit run: must not touch another there

    @property
    def phrase(self) -> str:
        # Tokens are letters and digits only, so they cannot close the quotes.
        return '"' + " ".join(self.tokens) + '"' + (" *" if self.prefix else "")

    def spans(self, norm: str) -> list[tuple[int, int]]:
        """Where the word stands in normalized text, with the index's word boundaries."""
        out = []
        lead, tail = self.bounded
        for m in self.pattern.finditer(norm):
            a, b = m.span()
            # Checked here, not by look-arounds in the pattern: compiling the
            # CJK character class into every query word's pattern costs milliseconds.
            if b == a or (lead and a and is_word_char(norm, a - 1)) or (tail and b < len(norm) and is_word_char(norm, b)):
                continue
            out.append((a, b))
        return out

    def in_tokens(self, padded: str) -> bool:
        """Is the word in ``padded`` (index tokens joined by spaces, with a space at each end)?"""
        needle = " " + " ".join(self.tokens) + ("" if self.prefix else " ")
        return needle in padded


@dataclass(frozen=True)
class Query:
    words: tuple[Word, ...]
    truncated: bool  # words or tokens beyond the limits were dropped

    def match(self, op: str = "OR") -> str:
        """The MATCH expression joining every word with ``op`` (``OR`` or ``AND``)."""
        return f" {op} ".join(w.phrase for w in self.words)

    def __bool__(self) -> bool:
        return bool(self.words)


def _word(raw: str) -> tuple[Word | None, bool]:
    norm = normalize(raw)
    segs = segments(norm)
    if not segs:
        return None, False
    toks: list[str] = []
    parts: list[str] = []
    for i, seg in enumerate(segs):
        if seg.cjk:
            toks += cjk_tokens(seg.text, lead=i > 0, trail=i < len(segs) - 1)
            parts.append(re.escape(seg.text))
        else:
            toks.append(seg.text)
            parts.append(re.escape(seg.text))
    truncated = len(toks) > MAX_TOKENS
    if truncated:
        toks = toks[:MAX_TOKENS]
    prefix = len(segs) == 1 and segs[0].cjk and len(segs[0].text) == 1
    # Shown as the user glued it (用pnpm stays 用pnpm), without outer punctuation.
    text = norm[segs[0].start : segs[-1].end][:80]
    pattern = re.compile(_GAP.join(parts if not truncated else parts[:1]))
    bounded = (not segs[0].cjk, not segs[-1].cjk and not truncated)
    return Word(text, tuple(toks), prefix, pattern, bounded), truncated


def parse(text: str) -> Query:
    """Parse a user query; words without letters or digits are dropped."""
    words: list[Word] = []
    seen: set[tuple[tuple[str, ...], bool]] = set()
    truncated = False
    for raw in text.split():
        word, cut = _word(raw)
        truncated |= cut
        if word is None or (word.tokens, word.prefix) in seen:
            continue
        if len(words) == MAX_WORDS:
            truncated = True
            break
        seen.add((word.tokens, word.prefix))
        words.append(word)
    return Query(tuple(words), truncated)
