"""Is a new memory already said? Keyword coverage, not a score threshold (SPEC §8, gate 5).

Pure functions. A text's *keywords* are its distinct search tokens (§4: CJK bigrams,
Latin and digit words) minus stopwords and the bigrams that straddle a Chinese particle
(``署的`` in ``部署的脚本`` is an artefact of bigramming, not vocabulary). A live entry
*covers* a share of the new text's keywords; a share at or above the threshold (0.7
by default) makes the new text a duplicate — unless the two differ in a *specific*:
a number, version or port, an identifier (``DATABASE_URL``, ``--frozen-lockfile``,
``py3``), or a negation (``不``, ``not``, ``never`` …) one side has and the other lacks.
A reworded fact shares its vocabulary; a changed fact changes one of those.

Why coverage and not overlap: the share of the *new* text that is already there is
stable as the corpus grows and does not punish an existing entry for saying more
(the plugin's bigram overlap scored 0.43 on real model rewrites; see the seed).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from memsync.recall.tokenize import normalize, segments

DEFAULT_COVERAGE = 0.7

_EN_STOP = frozenset("""
a an the and or but if then than so as at by for from in into of on onto to with without via per
is are was were be been being am do does did done doing has have had having will would shall should
can could may might must it its it's this that these those there here we you i me my our your they
them their he she his her us also just only even very really still yet again always often usually
when while where which what who whom whose why how all any some each every both either neither
about above after before below between during over under up down out off too more most less such
own same other another one ones thing things something note notes remember remembered please make makes made get gets got
like e.g eg i.e ie etc because since though although whether rather instead
""".split())
# Chinese particles and function characters: a bigram holding one is not vocabulary.
_ZH_STOP_CHARS = frozenset("的了是在和与及也就都而把被对从向为以于个这那其之或且但则并很更最还又再已所着过"
                           "啊吗呢吧呀么它我你他她们您该些此每各")
_ZH_FILLER = frozenset({"记住", "注意", "提示", "备注", "一下", "一个", "一些", "这个", "那个", "需要", "应该",
                        "可以", "就是", "还是", "然后", "因为", "所以", "如果", "时候", "进行", "使用"})

# Numbers, versions, ports, sizes: 5432, 3.12, v1.2.3, 8080/tcp parts, 2GB.
_NUMBER = re.compile(r"(?<![\w.])v?\d+(?:[.:]\d+)*(?![\d])", re.ASCII)
# Identifiers: words with a digit, an inner '_' '.' '-' '/' or '::', camelCase, or a --flag.
_IDENT = re.compile(
    r"--?[a-z][\w-]*"  # a command-line flag
    r"|[A-Za-z_][\w]*(?:(?:::|[._/-])[\w]+)+"  # DATABASE_URL, node-gyp, config.yaml, a::b
    r"|[a-z]+[A-Z][A-Za-z0-9]*"  # camelCase
    r"|[A-Za-z]+\d[\w]*",  # py3, h264, v2beta
    re.ASCII,
)
_EN_NEG = re.compile(r"\b(?:not|never|no|none|nor|cannot|can't|won't|don't|doesn't|didn't|isn't|aren't|wasn't"
                     r"|weren't|shouldn't|mustn't|without|avoid|avoids|stop|stopped|disable|disabled|forbid"
                     r"|forbidden)\b|n't\b")
# Chinese negation; compounds where the character does not negate are removed first.
_ZH_NEG = re.compile(r"[不没別别勿未莫无非]|禁止|避免|而非|停用|关闭")
_ZH_NOT_NEG = re.compile(r"不同|不过|不断|不少|不仅|不管|不久|不错|非常|无论|别名|别的|莫名")


def stem(word: str) -> str:
    """A light English stemmer: plural and tense endings, so ``lockfiles`` meets ``lockfile``."""
    if len(word) > 4 and word.isascii() and word.isalpha():
        for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("s", "")):
            if word.endswith(suffix) and not word.endswith("ss") and len(word) - len(suffix) >= 3:
                return word[: -len(suffix)] + keep
    return word


def keywords(text: str) -> frozenset[str]:
    """The distinct content units of ``text``: Latin words (stemmed) and, for CJK, the
    characters of its runs (see the module doc). Negation words are left to ``specifics``."""
    out: set[str] = set()
    for seg in segments(normalize(text)):
        if seg.cjk:
            for filler in _ZH_FILLER:
                if filler in seg.text:
                    seg = type(seg)(seg.text.replace(filler, " "), True, seg.start, seg.end)
            out.update(c for c in seg.text if c not in _ZH_STOP_CHARS and not c.isspace())
        elif (len(seg.text) > 1 or seg.text.isdigit()) and seg.text not in _EN_STOP and not _EN_NEG.fullmatch(seg.text):
            out.add(stem(seg.text))
    return frozenset(out)


@dataclass(frozen=True)
class Specifics:
    """What must agree for two texts to say the same thing."""

    numbers: frozenset[str]
    identifiers: frozenset[str]
    negated: bool


_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# A Chinese numeral counts as a number when a unit or measure word follows it (两核, 十分钟, 三次)
# or 第 precedes it; elsewhere 一 and friends are parts of words (一直, 统一, 万一).
_ZH_NUMBER = re.compile("(第)?([零〇一二两三四五六七八九十百千]+)(?(1)|(?=[个核次分秒时天周月年台条行位倍种点号层遍轮步颗张页]))")


def _zh_value(numeral: str) -> str | None:
    """``十分`` -> 10, ``二十三`` -> 23, ``两`` -> 2; None for what this small reader does not know."""
    if all(c in _ZH_DIGITS for c in numeral):
        return "".join(str(_ZH_DIGITS[c]) for c in numeral)
    head, ten, tail = numeral.partition("十")
    if ten and "十" not in tail and all(c in _ZH_DIGITS for c in head + tail) and len(head) <= 1 and len(tail) <= 1:
        return str((_ZH_DIGITS[head] if head else 1) * 10 + (_ZH_DIGITS[tail] if tail else 0))
    return None


def specifics(text: str) -> Specifics:
    norm = normalize(text)
    found = [m.group().lstrip("v") for m in _NUMBER.finditer(norm)]
    # A lone 一 before a measure word is the article "a" (一个坑, 一次), not a count.
    found += [v for m in _ZH_NUMBER.finditer(norm)
              if (m.group(1) or m.group(2) != "一") and (v := _zh_value(m.group(2))) is not None]
    numbers = frozenset(found)
    raw = unicodedata.normalize("NFKC", text)
    idents = frozenset(m.group().casefold().strip("-") for m in _IDENT.finditer(raw)
                       if not _NUMBER.fullmatch(m.group().casefold()))
    zh = _ZH_NOT_NEG.sub("", norm)
    negated = bool(_EN_NEG.search(norm) or _ZH_NEG.search(zh))
    return Specifics(numbers, idents, negated)


@dataclass(frozen=True)
class Verdict:
    duplicate: bool
    coverage: float  # share of the new keywords the existing text holds
    reason: str  # why it is (or is not) a duplicate, for the user


def coverage(new: frozenset[str], existing: frozenset[str]) -> float:
    """Share of ``new`` found in ``existing``; a Latin word of 4+ letters also counts when one
    side is a prefix of the other (``postgres`` / ``postgresql``, ``config`` / ``configuration``)."""
    if not new:
        return 0.0
    found = new & existing
    long_words = [w for w in existing - found if len(w) >= 4 and w.isascii()]
    for word in new - found:
        if len(word) >= 4 and word.isascii() and any(o.startswith(word) or word.startswith(o) for o in long_words):
            found = found | {word}
    return len(found) / len(new)


def judge(new_text: str, existing_text: str, threshold: float = DEFAULT_COVERAGE) -> Verdict:
    """Does ``existing_text`` already say ``new_text``?"""
    new_kw, old_kw = keywords(new_text), keywords(existing_text)
    share = coverage(new_kw, old_kw)
    if not new_kw or share < threshold:
        return Verdict(False, share, f"covers {share:.0%} of the new keywords (< {threshold:.0%})")
    a, b = specifics(new_text), specifics(existing_text)
    extra_numbers = sorted(a.numbers - b.numbers)
    if extra_numbers:
        return Verdict(False, share, f"differs in a number or version ({extra_numbers[0]})")
    extra_ids = sorted(a.identifiers - b.identifiers)
    if extra_ids:
        return Verdict(False, share, f"differs in an identifier ({extra_ids[0]})")
    if a.negated != b.negated:
        return Verdict(False, share, "one says not/never (不/没) where the other does not")
    return Verdict(True, share, f"covers {share:.0%} of the new keywords")


def entry_text(summary: str, load_when: tuple[str, ...] | list[str], body: str) -> str:
    """The text an entry is judged by: summary, triggers and body."""
    return "\n".join([summary, " ".join(load_when), body])
