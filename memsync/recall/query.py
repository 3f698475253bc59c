"""User text -> a safe FTS5 MATCH expression and the patterns that mark matches.

The user's words are split on white space. Each word becomes one FTS5 phrase
of its tokens (``数据库迁移`` -> ``"数据 据库 库迁 迁移"``, ``DATABASE_URL`` ->
``"database url"``), so a word matches only where its pieces stand together.
Tokens hold nothing but letters and digits and every phrase is quoted, so no
user text ever reaches FTS5 syntax: ``AND``, ``*``, ``:`` or a quote in a query
is just text.

Two kinds of word also match more than their exact tokens (FTS5 prefix
phrases, ``"..." *``): a word of one CJK character, because inside a run such
a character is only indexed as part of a bigram; and a word ending in a Latin
or digit run of at least ``PREFIX_MIN`` characters, which also finds longer
words starting with it (``postgres`` -> ``PostgreSQL``). Ranking puts such
prefix-only matches below exact ones (``rank``).

A word gluing CJK to Latin (``pnpm部署``) is one phrase; its ``parts``
(``pnpm``, ``部署``) are what the engine searches instead when the phrase is
found nowhere. So is a CJK run of three or more characters: a question typed
as one run (``为什么部署老是失败``) is found nowhere as written, and is then
searched as its bigrams (``部署``, ``失败``, …), less those made of two function
characters (``什么``, ``为什``).

Function words (``the``, ``how``, ``to``, ``我们``…) are searched and score
relevance, but do not count in an entry's *quality* (how many query words it
holds) unless the query holds nothing else: "how do we run migrations" is
about migrations, and an entry holding "how", "do" and "we" is not a better
answer than one about migrations.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from memsync.recall.tokenize import BREAK, cjk_tokens, is_word_char, normalize, segments

MAX_WORDS = 32  # more is not a search, it is a document
MAX_TOKENS = 64  # per word; a longer CJK phrase is matched on its start
PREFIX_MIN = 3  # a shorter Latin word would match too many longer ones
# Grammar words that say nothing about a topic: searched, but not counted in quality.
FUNCTION_WORDS = frozenset("""
a an the and or but if of in on at to for from with by as is are was were be been being am do does did
has have had will would can could should shall may might must it its this that these those there here
i me my we our us you your they them their he she his her what which who whom whose why how when where
so than then also just very into onto about any some
我 你 他 她 它 我们 你们 他们 的 了 吗 呢 吧 啊 是 在 和 与 或 也 都 就 这 那 这个 那个 一个 什么 怎么 怎样
为什么 如何 哪 哪个 哪里 谁 有 没有 要 会 能 可以 应该 需要 一下 还是 就是 时候
""".split())
# Characters of Chinese function words: a bigram of two of them (什么, 为什, 怎么) is no topic.
_FUNCTION_CHARS = frozenset("我你他她它们的了吗呢吧啊是在和与或也都就这那个一些什么怎样为如何哪谁有没要会能可以应该需下还时候么")
SPLIT_MIN = 3  # a CJK word this long, found nowhere, is searched as its bigrams
MAX_SPLIT_WORDS = 2 * MAX_WORDS  # words searched after splitting (a question's bigrams fit; a pasted page does not)
# Between a word's pieces: separators, but never a block or list-item boundary.
_GAP = f"(?:[^\\w{BREAK}]|_)*"


@dataclass(frozen=True)
class Word:
    """One query word: its normalized text, index tokens and how to find it."""

    text: str
    tokens: tuple[str, ...]
    lone: bool  # a single CJK character: matches any token starting with it
    extends: bool  # ends in a Latin/digit run long enough to match as the start of a longer word
    pattern: re.Pattern[str]  # candidates in normalized text; see spans()
    bounded: tuple[bool, bool]  # starts / ends with a Latin-or-digit run: must not touch another there
    parts: tuple[str, ...] = ()  # searched instead when found nowhere: glued pieces, or a long CJK run's bigrams
    function: bool = False  # a function word (FUNCTION_WORDS): not counted in quality
    alts: tuple[Word, ...] = ()  # the other language's words for it (memsync.recall.crossterms): either counts

    @property
    def prefix(self) -> bool:
        return self.lone or self.extends

    @property
    def phrase(self) -> str:
        """The FTS5 phrase finding every occurrence, prefix ones included."""
        # Tokens are letters and digits only, so they cannot close the quotes.
        return '"' + " ".join(self.tokens) + '"' + (" *" if self.prefix else "")

    @property
    def group(self) -> str:
        """The FTS5 expression finding the word or one of its translations."""
        if not self.alts:
            return self.phrase
        return "(" + " OR ".join([self.phrase, *(a.phrase for a in self.alts)]) + ")"

    @cached_property
    def needle(self) -> str:
        """The word in index tokens joined by spaces, framed by spaces (an exact occurrence)."""
        return " " + " ".join(self.tokens) + " "

    @cached_property
    def stem(self) -> str:
        """``needle`` without its closing space: an exact or a prefix occurrence."""
        return self.needle[:-1]

    def counts(self, padded: str) -> tuple[int, int]:
        """``(exact, prefix-only)`` occurrences in ``padded`` index tokens (spaces at both ends)."""
        exact = padded.count(self.needle)
        if not self.prefix:
            return exact, 0
        return exact, padded.count(self.stem) - exact

    def spans(self, norm: str) -> list[tuple[int, int, bool]]:
        """``(start, end, exact)`` where the word (or a translation of it) stands in normalized
        text, by the index's rules.

        A prefix occurrence (``postgres`` in ``postgresql``) spans the whole longer word.
        """
        out = self._spans(norm)
        for alt in self.alts:
            out += alt._spans(norm)
        return sorted(out) if self.alts else out

    def _spans(self, norm: str) -> list[tuple[int, int, bool]]:
        out = []
        lead, tail = self.bounded
        for m in self.pattern.finditer(norm):
            a, b = m.span()
            # Checked here, not by look-arounds in the pattern: compiling the
            # CJK character class into every query word's pattern costs milliseconds.
            if b == a or (lead and a and is_word_char(norm, a - 1)):
                continue
            exact = True
            if tail and b < len(norm) and is_word_char(norm, b):
                if not self.extends:
                    continue
                exact = False
                while b < len(norm) and is_word_char(norm, b):  # to the end of the Latin run (not into CJK)
                    b += 1
            out.append((a, b, exact))
        return out


@dataclass(frozen=True)
class Query:
    """A query as searched: its words, and what was dropped or split."""

    words: tuple[Word, ...]
    truncated: bool  # words or tokens beyond the limits were dropped
    split: dict[str, tuple[str, ...]] = field(default_factory=dict)  # glued word -> the parts searched instead
    translate: bool = False  # words get their translations (Word.alts), parts split off later too

    @cached_property
    def counted(self) -> tuple[bool, ...]:
        """Per word: does it count in quality? Function words do not, unless every word is one."""
        if all(w.function for w in self.words):
            return tuple(True for _ in self.words)
        return tuple(not w.function for w in self.words)

    def match(self, op: str = "OR") -> str:
        """The MATCH expression joining every word with ``op`` (``OR`` or ``AND``)."""
        return f" {op} ".join(w.group for w in self.words)

    def __bool__(self) -> bool:
        return bool(self.words)

    def apart(self, glued: set[str]) -> Query:
        """This query with each word named in ``glued`` replaced by its parts."""
        words: list[Word] = []
        split = dict(self.split)
        seen: dict[tuple[str, ...], int] = {}
        truncated = self.truncated
        for w in self.words:
            if w.text in glued and w.parts:
                pieces = [p for p in (_word(part)[0] for part in w.parts) if p is not None]
                split[w.text] = tuple(p.text for p in pieces)
                if self.translate:
                    pieces = [_translated(p) for p in pieces + _units(w)]
            else:
                pieces = [w]
            for p in pieces:
                if p.tokens in seen:
                    _merge_alts(words, seen[p.tokens], p)
                    continue
                if len(words) == MAX_SPLIT_WORDS:  # a query of long runs: their bigrams are bounded too
                    truncated = True
                    break
                seen[p.tokens] = len(words)
                words.append(p)
        return Query(tuple(words), truncated, split, self.translate)


def _translated(w: Word) -> Word:
    """``w`` with the other language's words for it as alternatives (none for a function word)."""
    if w.function or w.alts:
        return w
    from memsync.recall.crossterms import of

    alts = [a for a in (_word(t)[0] for t in of(w.text)) if a is not None and a.tokens != w.tokens]
    return replace(w, alts=tuple(alts)) if alts else w


def _merge_alts(words: list[Word], i: int, other: Word) -> None:
    """One word met twice (a unit of the glossary and a run's bigram): keep both's translations."""
    have = {a.tokens for a in words[i].alts}
    more = tuple(a for a in other.alts if a.tokens not in have)
    if more:
        words[i] = replace(words[i], alts=words[i].alts + more)


def _word(raw: str) -> tuple[Word | None, bool]:
    norm = normalize(raw)
    # Each run gives a token at least, and only MAX_TOKENS are kept: the runs past them would only
    # feed the fallback parts, one parsed word each ('部a' glued 200,000 times took seconds).
    segs = segments(norm, MAX_TOKENS + 1)
    if not segs:
        return None, False
    toks: list[str] = []
    parts: list[str] = []
    for i, seg in enumerate(segs):
        if seg.cjk:
            toks += cjk_tokens(seg.text, lead=i > 0, trail=i < len(segs) - 1)
        else:
            toks.append(seg.text)
        parts.append(re.escape(seg.text))
    truncated = len(toks) > MAX_TOKENS
    if truncated:
        toks = toks[:MAX_TOKENS]
    lone = len(segs) == 1 and segs[0].cjk and len(segs[0].text) == 1
    last = segs[-1]
    extends = not truncated and not last.cjk and len(last.text) >= PREFIX_MIN
    # Shown as the user glued it (用pnpm stays 用pnpm), without outer punctuation.
    text = norm[segs[0].start : segs[-1].end][:80]
    pattern = re.compile(_GAP.join(parts if not truncated else parts[:1]))
    bounded = (not segs[0].cjk, not last.cjk and not truncated)
    fallback = _glued_parts(norm, segs) or _bigram_parts(segs)
    return Word(text, tuple(toks), lone, extends, pattern, bounded, fallback, text in FUNCTION_WORDS), truncated


def _bigram_parts(segs: list) -> tuple[str, ...]:  # type: ignore[type-arg]
    """A lone CJK run of SPLIT_MIN+ characters as its bigrams, less those of two function characters
    (all of them if nothing else is left)."""
    if len(segs) != 1 or not segs[0].cjk or len(segs[0].text) < SPLIT_MIN:
        return ()
    run = segs[0].text[:MAX_TOKENS + 1]  # as the phrase itself: matched on its start
    grams = list(dict.fromkeys(run[i:i + 2] for i in range(len(run) - 1)))
    content = [g for g in grams if not (g[0] in _FUNCTION_CHARS and g[1] in _FUNCTION_CHARS)]
    return tuple(content or grams)


def _glued_parts(norm: str, segs: list) -> tuple[str, ...]:  # type: ignore[type-arg]
    """The pieces of a word where CJK and other letters touch with nothing between them, and
    where punctuation stands next to CJK (a sentence's clauses: ``部署老是失败，怎么办``)."""
    cuts = [i for i in range(1, len(segs))
            if (segs[i - 1].cjk != segs[i].cjk and segs[i - 1].end == segs[i].start)
            or ((segs[i - 1].cjk or segs[i].cjk) and segs[i - 1].end != segs[i].start)]
    if not cuts:
        return ()
    bounds = [0, *cuts, len(segs)]
    return tuple(norm[segs[a].start : segs[b - 1].end] for a, b in zip(bounds, bounds[1:]))


def parse(text: str, translate: bool = False) -> Query:
    """Parse a user query; words without letters or digits are dropped. With ``translate``, each
    word gets the other language's words for it as alternatives, and the glossary words inside
    a CJK run are searched too, each with its translations (memsync.recall.crossterms)."""
    words: list[Word] = []
    seen: dict[tuple[str, ...], int] = {}
    truncated = False
    for raw in text.split():
        word, cut = _word(raw)
        truncated |= cut
        if word is None or word.tokens in seen:
            continue
        if len(words) == MAX_WORDS:
            truncated = True
            break
        seen[word.tokens] = len(words)
        words.append(_translated(word) if translate else word)
    return Query(tuple(words), truncated, translate=translate)


def _units(w: Word) -> list[Word]:
    """The glossary's words of three or more characters inside a CJK run that is being split
    (``数据库`` in ``本地怎么跑数据库迁移``): its bigrams alone would not carry their translations."""
    from memsync.recall.crossterms import inside

    out = []
    for seg in segments(w.text):
        if seg.cjk and len(seg.text) > 3:
            out += [u for u in (_word(zh)[0] for zh in inside(seg.text) if len(zh) > 2) if u is not None]
    return out
