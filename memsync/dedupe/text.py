"""A note read for dedupe: its tokens, keywords, names, and what it negates or orders.

Pure functions. ``read(text)`` NFKC-normalizes and case-folds the text, takes out its
identifiers and numbers (memsync.dedupe.numerals) as single tokens, reads filler, phrases
and interchangeable words to canonical words (memsync.dedupe.vocab), and turns the rest into
a token list: keywords (``k``), stopwords (``s``, kept so "otherwise identical" can be
checked), clause boundaries (``b``), ``and``/``or`` (``conj``) and markers (negation,
contrast, exception, order, direction). Everything else a check needs is derived from the
tokens once, lazily, in linear time (a body may be a megabyte).
"""
from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from dataclasses import dataclass
from collections.abc import Iterable, Sequence
from typing import Callable

from memsync.dedupe import vocab
from memsync.dedupe.numerals import numbers as read_numbers
from memsync.recall.tokenize import TOKEN_RE

Tok = tuple[str, str]  # (kind, value)

# Identifiers: words with a digit, an inner '_' '.' '/' or '::', camelCase, or a --flag. A word
# joined by hyphens only (``pre-commit``, ``user-facing``) is prose, not an identifier.
_IDENT = re.compile(
    r"(?<![\w.-])--?[a-z][\w-]*"  # a command-line flag
    r"|[?&][A-Za-z_][\w-]*="  # a query parameter: ?w=, &page_size=
    r"|(?<![\w.])(?:\.?[A-Za-z_][\w]*(?:(?:::|[._/-])[\w]+)+"  # DATABASE_URL, node-gyp, config.yaml, a::b, .github/x
    r"|[a-z]+[A-Z][A-Za-z0-9]*"  # camelCase (not the tail of MySQL)
    r"|[A-Za-z]+\d[\w]*"  # py3, h264, v2beta
    r"|(?:(?<=[\s(`'\"、,])|^)\.[a-z][\w-]*)",  # a dot-file: .env, .nvmrc, .gitignore (its dot is no full stop)
    re.ASCII,
)
_VERSION = re.compile(r"[vV]\d+(?:\.\d+)*")  # v2, v1.2.3: a version, read as a number
_ACRONYMS = re.compile(r"[A-Z]{1,5}(?:/[A-Z]{1,5})+")  # CI/CD, TCP/IP: two words, not a path
_PROSE_HYPHEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")
# Every part capitalised (X-Debug, Content-Type, X-Request-Id): a header's name, not prose.
_HEADER_NAME = re.compile(r"[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)+")
_PARTS = re.compile(r"[._/:-]+")
_CONTRACTION = re.compile(r"(?<=[A-Za-z])'(?:re|ve|ll|d|m|s)\b|n't\b", re.IGNORECASE)
_CAN_T = re.compile(r"\b(ca|wo|sha)n't\b", re.IGNORECASE)
_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,}|[A-Z]+\d+)s\b")  # IDs, PRs; A100s, RTX4090s: the name itself
# A unit per unit of time after a number (2 TB/day, 500 req/s): a rate, not a path.
_RATE = re.compile(r"[A-Za-z]+/(?:s|sec|second|min|minute|h|hr|hour|d|day|wk|week|mo|month)")
_AFTER_NUMBER = re.compile(r"\d\s?$")
_CODE_SPAN = re.compile(r"`([^`\n]{1,200})`")
_NOT_LITERAL = re.compile(r"[\W_]+")
_FLAG_VALUE = re.compile(r"(?<![\w.-])--[a-z][\w-]*[ =](?P<v>[A-Za-z0-9][\w.-]*)")
_PRE_POST = re.compile(r"\b(pre|post)-(\d)", re.IGNORECASE)
_PRESENT_REMOVAL = re.compile(r"\b(is|are|gets|get|be)\s+(?:removed|deleted)\b", re.IGNORECASE)
_OFF = re.compile(r"\b(is|are|was|were|be|been|stays?|stayed|kept|left|turned|switched)\s+off\b"
                  # keep / leave / turn / switch X off: X is off
                  r"|\b((?:keep|leave|turn|switch)(?:s|ing)?\s+(?:the\s+)?[\w-]+)\s+off\b", re.IGNORECASE)
_HTTP_METHOD = re.compile(r"\b(GET|POST|PUT|PATCH|DELETE)\b")
# An HTTP status code's reason phrase is the code's name (400 Bad Request is 400), not added words.
_REASON_PHRASE = re.compile(
    r"\b([1-5]\d\d)[ \t]+(?:OK|Created|Accepted|No Content|Moved Permanently|Found|Not Modified|Bad Request|"
    r"Unauthori[sz]ed|Forbidden|Not Found|Method Not Allowed|Conflict|Gone|Payload Too Large|Unprocessable Entity|"
    r"Unprocessable Content|Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout|"
    r"Request Timeout)\b", re.IGNORECASE)
_STATUS_HINT = re.compile(r"\d\d\d[ \t]+[A-Za-z]")
_CAPITALISED = re.compile(r"(?<![A-Za-z0-9])[a-z]*[A-Z][A-Za-z0-9]*")
_SENTENCE_END = frozenset(".!?:;。！？：；\n-—•*#>")
# Letters and digits of any script as one run; a run holding CJK is split by recall.tokenize's
# TOKEN_RE, compiled once for search (a character class of every CJK code point takes
# milliseconds to compile: not twice per process).
_TOKEN = re.compile(
    r"\x00(?P<ph>\d+)\x00|(?P<b>[,.;:!?，。；：！？()（）【】\[\]「」『』\"“”—–\n|<>=]+)|(?P<conj>[、/&+])"
    r"|(?P<w>[^\W_]+)"
)


_RUN = re.compile(r"[a-z0-9]+")
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _heads(phrases: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Phrases by their first run of ``[a-z0-9]``, longest first. Every phrase starts and ends
    with one, so a whole-word match spans whole runs: a dict lookup per run finds it, where a
    regex of every phrase would take ~10 ms to compile in each process (hooks start many)."""
    by: dict[str, list[str]] = {}
    for p in phrases:
        head = _RUN.match(p)
        if head is None or p[-1] not in _ALNUM:
            raise ValueError(f"a phrase must start and end with [a-z0-9]: {p!r}")
        by.setdefault(head.group(), []).append(p)
    return {h: tuple(sorted(ps, key=lambda p: (-len(p), p))) for h, ps in by.items()}


def replace_phrases(text: str, heads: dict[str, tuple[str, ...]], repl: Callable[[str], str]) -> str:
    """Each whole-word occurrence of a phrase (the longest where several start at one place;
    not preceded or followed by ``[a-z0-9]``) replaced by ``repl(phrase)``, left to right."""
    out: list[str] = []
    pos = 0
    n = len(text)
    for m in _RUN.finditer(text):
        start = m.start()
        if start < pos:
            continue  # inside the phrase just replaced
        for p in heads.get(m.group(), ()):
            end = start + len(p)
            if text.startswith(p, start) and (end == n or text[end] not in _ALNUM):
                out += (text[pos:start], repl(p))
                pos = end
                break
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


_EN_FILLER = _heads(vocab.EN_FILLER_PHRASES)
_EN_PHRASE_MAP = {**vocab.EN_PHRASES, **vocab.EN_EXTRA}
_EN_PHRASES = _heads(_EN_PHRASE_MAP)
# Compounds whose characters must not read as order markers (前, 后) stay as they are.
_ZH_KEEP = ("前缀", "后缀", "前面", "后面", "前提", "后台", "前台", "最后", "最前", "以前", "事前", "事后", "提前",
            "落后", "先进", "再次", "到期", "达到", "得到", "用到", "收到", "找到", "遇到", "到达")
_ZH_MAP = {**{w: "" for w in vocab.ZH_FILLER}, **vocab.ZH_WORDS, **{w: w for w in _ZH_KEEP}}
_ZH_LONGEST = max(map(len, _ZH_MAP))
_ZH_MARK = {"前": "before2", "后": "after2"}  # X前 / X后: X happens later / earlier
_ZH_CONJ = frozenset("和或与及跟")
LIGHT = frozenset({"run"})  # canonical words too common in notes to tell two apart
MARKERS = {
    **{w: "neg" for w in vocab.NEG_WORDS}, **{w: "negafter" for w in vocab.NEG_AFTER},
    **{w: "instead" for w in vocab.CONTRAST_WORDS}, **{w: "unless" for w in vocab.UNLESS_WORDS},
    **{w: "b" for w in vocab.CLAUSE_WORDS}, **{w: "conj" for w in vocab.CONJ_WORDS},
    "over": "over", "than": "than", "before": "before", "after": "after", "then": "then", "from": "from",
    "to": "to", "into": "to", "onto": "to", "until": "until", "till": "until", "otherwise": "otherwise",
    "zzotherwise": "otherwise", "if": "if", "when": "if", "whenever": "if", "zzif": "if", "zzfirst": "first", "replace": "replace", "replaces": "replace",
    "replaced": "replace", "replacing": "replace",
    "zzthen": "then", "zzbefore2": "before2", "zzafter2": "after2", "zzfrom": "from", "zzto": "to",
    "zzchangeto": "to", "zzwhen2": "ifpost", "zzonly": "only", "zzoff": "negafter", "zzremoved": "negafter",
    "zzaslong": "unless",
}
_REASON = frozenset({("b", "because"), ("b", "since")})
_PARENS = {"(": "(", "（": "(", ")": ")", "）": ")"}  # an aside's brackets, told from other boundaries
# How a clause that tells a past event opens, as tokens: 曾经, 上次, 以前, "once", "last time", "someone once".
_ANECDOTES = (("曾", "经"), ("上", "次"), ("以", "前"), ("once",), ("last", "time"), ("someone", "once"))
_OBJECT_OF = frozenset(("s", w) for w in "at in on for with by of".split())
_REMOVAL = frozenset({"removed", "deleted", "dropped", "zzremoved"})
_TRANSPARENT = frozenset({"use", "allow", "write"})  # verbs a negation reaches through ("not allowed to X" negates X)


def _anecdote(toks: Sequence[Tok], i: int) -> bool:
    opening = tuple(v for _, v in toks[i:i + 2])
    return any(opening[:len(a)] == a for a in _ANECDOTES)


# Chinese prepositions that open a phrase between a negation and its verb (不要把X硬编码,
# 禁止对main强推, 不允许在生产环境改库): the negation reaches the whole clause.
_ZH_PREP = frozenset("在 对 给 向 往 将 把 从 zzfrom".split())
_PRONOUNS = frozenset("it them this that these those they 它 它们 这 那".split())  # the boundary that opens a reason clause
# After 就 these say "that is enough" (不用 reindex 就行), not the consequence of a condition.
_JIU_ENOUGH = frozenset("行 好 够 可 可以 ok".split())
# Verbs of a change of state: with one, the "from" side of a direction is what no longer holds.
_CHANGE = frozenset("migrate switch move".split())
SCOPE = 2  # keywords a negation reaches (plus those joined to them by and/or)
_DETERMINERS = frozenset("a an the with of for any no its their our your this that these those".split())


def _attribute(toks: tuple[Tok, ...] | list[Tok], i: int) -> bool:
    """A word between a determiner or preposition and a noun describes the noun ("never merge a
    PR with failing checks", "a broken build"): it is not what the clause says happens."""
    return (0 < i < len(toks) - 1 and toks[i - 1][0] == "s" and toks[i - 1][1] in _DETERMINERS
            and toks[i + 1][0] == "k")


def stem(word: str) -> str:
    """A light English stemmer: plural and tense endings, so ``lockfiles`` meets ``lockfile``."""
    if len(word) <= 4 or not (word.isascii() and word.isalpha()):
        return word
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith("es") and (word[-3] in "sxz" or word.endswith(("ches", "shes"))) and not word.endswith("sses"):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix):
            base = word[: -len(suffix)]
            if len(base) >= 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # dropped -> drop, running -> run
            return base if len(base) >= 4 else word
    return word


@functools.lru_cache(maxsize=8192)
def canon(word: str) -> str:
    """A casefolded Latin word's keyword: its canonical equivalent or its stem (a name the
    vocabulary knows is not stemmed: ``postgres``, ``windows``)."""
    if word in vocab.CANONICAL:
        return word
    return vocab.WORDS.get(word) or vocab.WORDS.get(stem(word)) or stem(word)


def related(a: str, b: str) -> bool:
    """Two prefixable words that are one word's forms: one a prefix of the other, or the shorter
    (five letters or more) ending in an ``e`` the longer drops before its suffix
    (``reproduce``/``reproducible``, ``compile``/``compilation``; not ``general``/``generate``)."""
    if a.startswith(b) or b.startswith(a):
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 5 and short.endswith("e") and long_.startswith(short[:-1])


def prefixable(w: str) -> bool:
    """May ``w`` meet a longer or shorter form by prefix (``postgres``/``postgresql``)? Not a
    canonical word: ``prod`` must not meet ``product``."""
    return len(w) >= 4 and w.isascii() and w.isalpha() and w not in vocab.CANONICAL


_DURATIONS = (("d", 86_400_000), ("h", 3_600_000), ("min", 60_000), ("s", 1000), ("ms", 1))
_SIZES = (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("B", 1))


def _in_units(value: str, units: tuple[tuple[str, int], ...], sep: str) -> str | None:
    """``604800000`` (ms) as ``7d``: the largest unit it is a whole number of; else the smallest."""
    try:
        n = float(value)
    except ValueError:
        return None
    for name, size in units:
        if n >= size and (n / size).is_integer():
            return f"{int(n // size)}{sep}{name}"
    return f"{value}{sep}{units[-1][0]}"


def show(word: str) -> str:
    """A keyword as the user reads it in a reason: ``#80%`` -> ``80%``, ``zzget`` -> ``GET``,
    ``#t604800000`` -> ``7d``, ``#b536870912`` -> ``512 MiB``, ``#mo3`` -> ``3 months``, ``#h15`` -> ``15:00``."""
    if word.startswith("#"):
        value = word[1:]
        if value[:1] == "t":
            return _in_units(value[1:], _DURATIONS, "") or value
        if value[:1] == "b":
            return _in_units(value[1:], _SIZES, " ") or value
        if value[:2] == "mo" and value[2:].isdigit():
            return f"{value[2:]} month{'' if value[2:] == '1' else 's'}"
        if value[:1] == "h" and value[1:].isdigit():
            return f"{value[1:]}:00"
        return value
    return word[2:].upper() if word.startswith("zz") else word


def _word_token(w: str, toks: list[Tok]) -> None:
    kind = MARKERS.get(w)
    if kind:
        toks.append((kind, w))
        if w in _REMOVAL:  # "X was removed" negates X and still says remove ("Remove X", 删除 X)
            toks.append(("k", "remove"))
    elif w in vocab.EN_STOP or (len(w) < 2 and not w.isdigit()):
        toks.append(("s", w))
    elif w.isdigit():
        toks.append(("k", "#" + (w.lstrip("0") or "0")))
    else:
        value = canon(w)
        toks.append(("k", value) if value not in LIGHT else ("s", value))


def _cjk_tokens(run: str, toks: list[Tok]) -> None:
    """Tokens of a CJK run: dictionary words (longest first) read as their canonical words,
    the other characters one by one (negations, conjunctions and stop characters marked)."""
    i, n = 0, len(run)
    while i < n:
        for size in range(min(_ZH_LONGEST, n - i), 1, -1):
            piece = run[i:i + size]
            if piece in _ZH_MAP:
                break
        else:
            piece = run[i]
        i += len(piece)
        mapped = _ZH_MAP.get(piece)
        if mapped is not None and mapped != piece:
            for w in mapped.split():
                _word_token(w, toks)
            continue
        for c in piece:
            if c in vocab.ZH_NEG_CHARS:
                toks.append(("neg", c))
            elif c == "但":  # "but": a new clause, as in English (/v1 已废弃但还没下线)
                toks.append(("b", ""))
            elif c in _ZH_CONJ:
                toks.append(("conj", ""))
            elif c in _ZH_MARK:
                toks.append((_ZH_MARK[c], c))
            elif c in vocab.ZH_STOP_CHARS:
                toks.append(("s", c))
            else:
                toks.append(("k", c))


@functools.cache
def _zh_targets() -> frozenset[str]:
    """The keywords some Chinese word is read as: what an English word can be translated to."""
    return frozenset(w for v in _ZH_MAP.values() for w in v.split() if not w.startswith("zz"))


@functools.cache
def _forms() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """For search: a canonical keyword's English spellings (the canonical word, then its
    group's members) and its Chinese words (the shortest first). Built on first use only:
    the gate's judging never needs it."""
    english: dict[str, list[str]] = {}
    for canonical, members in vocab.EN_GROUPS.items():
        english[canonical] = list(dict.fromkeys([canonical, *members.split()]))
    chinese: dict[str, list[str]] = {}
    for zh, value in _ZH_MAP.items():
        parts = [w for w in value.split() if not w.startswith("zz")]
        if len(parts) == 1 and zh != value:
            chinese.setdefault(parts[0], []).append(zh)
    for words in chinese.values():
        # a lone character finds little; the hand-written table's word is the usual one
        words.sort(key=lambda w: (len(w) < 2, w not in vocab.ZH_HAND, len(w), w))
    return english, chinese


def translations(text: str, limit: int, per_word: int = 2) -> list[str]:
    """Search words in the other script for ``text``'s keywords: for a word read from Chinese
    its English spellings, for an English word its Chinese words; at most ``per_word`` each
    and ``limit`` in all, in the order the keywords come (a summary first)."""
    english, chinese = _forms()
    t = read(text)
    out: list[str] = []
    for w in dict.fromkeys(t.seq):
        if w.startswith("#") or not w.isascii():
            continue
        forms = (chinese.get(w, [])[:per_word] if not t.cjk else [])
        forms += [f for f in english.get(w, [w])[:per_word] if t.cjk]
        for f in forms:
            if f not in out:
                out.append(f)
        if len(out) >= limit:
            break
    return out[:limit]


# Keywords a Chinese note leaves unsaid (its 用 is a stop character): they carry nothing across.
_CROSS_LIGHT = frozenset({"use"})


def portable(w: str, text: Text, other: Text) -> bool:
    """Can keyword ``w`` of ``text`` be carried into ``other``'s script? Always, when both are
    written in the same script; across scripts, a number, identifier or name always, a Latin
    word when the glossary has a Chinese word for it, a CJK character never (an unmapped
    character has no English reading)."""
    if text.cjk == other.cjk:
        return True
    if w.startswith(("#", "zz")) or w in text.idents or w in text.names:  # zzget: an HTTP method
        return True
    if not w.isascii():
        return False
    return w not in _CROSS_LIGHT and (text.cjk or w in _zh_targets())


def tails(word: str) -> set[str]:
    """The identifiers a qualified name also goes by: its tails that are themselves identifiers
    (``stripe.webhook.construct_event`` -> ``webhook.construct_event``, ``construct_event``)."""
    if "/" in word:  # a path's last segment: /products/_reload_search_analyzers
        last = word.rstrip("/").rsplit("/", 1)[-1]
        return {last} | tails(last) if "_" in last or "." in last.lstrip(".") or any(c.isdigit() for c in last) else set()
    if "." not in word.lstrip("."):
        return set()
    pieces = word.split(".")
    return {t for t in (".".join(pieces[i:]) for i in range(1, len(pieces)))
            if "." in t or "_" in t or any(c.isdigit() for c in t)}


def _same(a: str, b: str) -> bool:
    return a == b or (prefixable(a) and prefixable(b) and related(a, b))


def _by_prefix(words: frozenset[str]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for w in words:
        if prefixable(w):
            index.setdefault(w[:4], []).append(w)
    return index


@dataclass(frozen=True)
class Polarity:
    """Which keywords of a text are negated, asserted or optional."""

    negated: frozenset[str]  # keywords a negation or contrast applies to
    asserted: frozenset[str]  # keywords outside every negation's scope
    has_negation: bool
    optional: frozenset[str] = frozenset()  # keywords "optional" (no need to, 无需) governs
    # keywords said positively: in a clause with no negation (a contrast's preferred side excepted)
    # and no consequence, outside a reason and not the source of a change (see Text.polarity)
    stated: frozenset[str] = frozenset()

    @functools.cached_property
    def _index(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        return _by_prefix(self.negated), _by_prefix(self.asserted)

    def negates(self, w: str) -> bool:
        """Is ``w`` negated here (exactly or by a shared prefix, as coverage matches)?"""
        return w in self.negated or (prefixable(w) and any(_same(w, x) for x in self._index[0].get(w[:4], ())))

    def asserts(self, w: str) -> bool:
        return w in self.asserted or (prefixable(w) and any(_same(w, x) for x in self._index[1].get(w[:4], ())))

    def states(self, w: str) -> bool:
        """Is ``w`` said positively here (``stated``, exactly or by a shared prefix)?"""
        return w in self.stated or (prefixable(w) and any(_same(w, x) for x in self.stated if x[:4] == w[:4]))


Relation = tuple[str, frozenset[str], frozenset[str]]  # (order|direction, earlier/from, later/to)


@dataclass(frozen=True, eq=False)
class Text:
    """A text read once for judging. Derived views are computed on first use and kept."""

    toks: tuple[Tok, ...]
    keywords: frozenset[str]
    numbers: frozenset[str]  # "#" + canonical value
    idents: dict[str, frozenset[str]]  # identifier -> its parts (canonical words)
    names: frozenset[str]  # written as names: Capitalized mid-sentence, ACRONYMS, identifiers
    words: frozenset[str]  # keywords and identifier parts
    cjk: bool = False  # has content written in CJK characters (mapped words or characters)
    code: tuple[tuple[str, str], ...] = ()  # `code spans`: (as written, as ``literal`` spells it)
    literal: str = ""  # the text casefolded, letters and digits only: what a code span is looked up in
    lowered: str = ""  # the text NFKC-folded and casefolded, as written

    @functools.cached_property
    def seq(self) -> list[str]:
        return [v for k, v in self.toks if k == "k"]

    @functools.cached_property
    def modifiers(self) -> frozenset[str]:
        """Keywords written right before a head noun, nothing between (``订单表``, ``staging env``,
        not ``取需要的列``): what names which of the head's kind is meant."""
        toks = self.toks
        return frozenset(toks[j][1] for j in range(len(toks) - 1)
                         if toks[j][0] == "k" and toks[j + 1][0] == "k" and toks[j + 1][1] in vocab.HEADS)

    @functools.cached_property
    def qualified(self) -> frozenset[str]:
        """What this text's compound identifiers also name: the tail of a qualified name that is
        itself an identifier (``stripe.webhook.construct_event`` names ``construct_event`` and
        ``webhook.construct_event``), and the members of a slash-joined list (``png/jpeg/pdf``)."""
        out: set[str] = set()
        for ident, parts in self.idents.items():
            if "/" in ident and not ident.startswith("."):
                out.update(parts)
                continue
            out |= tails(ident)
        return frozenset(out)

    @functools.cached_property
    def match(self) -> Callable[..., bool]:
        """``match(word, parts=None)``: is the word in this text — exactly, by a shared prefix of
        four letters or more, or (an identifier) with all its parts here?"""
        kws = self.keywords | self.qualified
        # a query parameter is also written by its name: ?w= is "the `w` query param"
        kws = kws | {f"?{shown.casefold()}=" for shown, _ in self.code}
        long_words = sorted(w for w in kws if prefixable(w))
        memo: dict[str, bool] = {}

        def found(w: str) -> bool:
            hit = memo.get(w)
            if hit is None:
                hit = w in kws
                if not hit and prefixable(w):
                    i = bisect.bisect_left(long_words, w)
                    hit = (i < len(long_words) and long_words[i].startswith(w)) or any(
                        w[:k] in kws and prefixable(w[:k]) for k in range(4, len(w)))
                    if not hit and len(w) >= 5:  # derived forms: words sharing the first five letters
                        j = bisect.bisect_left(long_words, w[:5])
                        while not hit and j < len(long_words) and long_words[j].startswith(w[:5]):
                            hit = related(w, long_words[j])
                            j += 1
                memo[w] = hit
            return hit

        def match(w: str, parts: frozenset[str] | None = None) -> bool:
            # an identifier's parts must be words here, not parts of another identifier
            # (``order_id`` is not in a text that has ``user_id`` and ``订单``)
            return found(w) or (bool(parts) and all(found(p) for p in parts or ()))

        return match

    @functools.cached_property
    def clauses(self) -> tuple[list[int], list[int]]:
        """For each token, the first and last index of its clause (between boundaries). An aside in
        parentheses is a clause of its own that the clause around it goes on past: ``a PR without a
        Testing section (how it was verified) gets sent back`` is one clause with an aside."""
        n = len(self.toks)
        lo, hi = [0] * n, [0] * n
        start, outer = 0, []
        for i, (kind, value) in enumerate(self.toks):
            if kind == "b" and value == "(":
                outer.append(start)
                start = i + 1
            elif kind == "b" and value == ")" and outer:
                start = outer.pop()
            elif kind in ("b", "otherwise"):
                start = i + 1  # inside an aside, a comma starts a clause of the aside
            lo[i] = start
        end, outer = n - 1, []
        for i in range(n - 1, -1, -1):
            kind, value = self.toks[i]
            if kind == "b" and value == ")":
                outer.append(end)
                end = i - 1
            elif kind == "b" and value == "(" and outer:
                end = outer.pop()
            elif kind in ("b", "otherwise"):
                end = i - 1
            hi[i] = end
        return lo, hi

    def _forward(self, i: int, hi: int) -> list[int] | None:
        """Positions of the keywords after ``i`` in its clause a negation reaches; None when a
        pronoun stands first (``does not run it``: what ``it`` is, the text does not say here)."""
        out: list[int] = []
        reach = 0.0
        scope = SCOPE
        j = i + 1
        while j <= hi:
            kind, value = self.toks[j]
            if kind == "b":
                break  # an aside in parentheses: the clause goes on past it, a negation does not
            if not out and value in _ZH_PREP and kind in ("s", "from"):
                scope = hi - i  # the verb comes after the prepositional phrase
            elif kind == "k" and value in _TRANSPARENT:
                pass  # "don't use the ORM": the negation is about the ORM
            elif kind == "k":
                out.append(j)
                if j + 2 <= hi and self.toks[j + 1][0] == "conj" and self.toks[j + 2][0] == "k":
                    j += 2
                    continue
                # a CJK character is half a word: 禁止在周末发布 reaches 发布
                reach += 0.5 if len(value) == 1 and not value.isascii() else 1
                if reach >= scope:
                    break
            elif kind in ("neg", "instead"):
                break
            elif kind == "s" and not out and value in _PRONOUNS:
                return None
            elif kind == "s" and out and value.isascii():
                break  # "over pnpm for deploys": an English phrase ends at its preposition
            j += 1
        return out

    def _backward(self, i: int, lo: int) -> list[int]:
        """The keyword before ``i`` in its clause, with the keywords written next to it (the
        topic of ``生产环境不开``) and those joined to it by and/or."""
        out: list[int] = []
        j = i - 1
        while j >= lo and self.toks[j][0] != "k":
            if self.toks[j][0] == "b":
                return out  # an aside's bracket: what is inside it is not the topic
            j -= 1
        while j >= lo and self.toks[j][0] == "k":
            out.append(j)
            if j - 2 >= lo and self.toks[j - 1][0] == "conj" and self.toks[j - 2][0] == "k" and not (
                    j - 3 >= lo and (self.toks[j - 3][0] in ("to", "from") or self.toks[j - 3] in _OBJECT_OF)):
                # (not across a preposition: "defaults to info and debug logs are dropped" joins
                # two clauses, not info and debug logs)
                j -= 2
                continue
            j -= 1
        return out

    @functools.cached_property
    def polarity(self) -> Polarity:
        """What the text negates: the keywords after ``not``/``never``/``不``/``instead of``/
        ``rather than``/``而不是`` (and after ``over``/``than`` in a clause that prefers), the
        keyword before a negating participle (``X is disabled``); the rest is asserted.
        A negation in a clause with ``until``/``unless`` is conditional and left out."""
        toks = self.toks
        lo, hi = self.clauses
        # per clause: does it prefer (for over/than), is it conditional (until/unless)?
        prefer_at: dict[int, int] = {}
        conditional: set[int] = set()
        condition: set[int] = set()  # negations inside a condition that 就 closes
        consequence: set[int] = set()  # clauses after otherwise/否则, or stating a harm
        negative: set[int] = set()  # clauses with a negation that is not a contrast
        behind: set[int] = set()  # positions after a contrast (instead of, rather than, over) in its clause
        for i, (kind, value) in enumerate(toks):
            if kind == "k" and (value in vocab.PREFER_WORDS or value in vocab.USE_WORDS):
                prefer_at.setdefault(lo[i], i)
            elif kind in ("until", "unless"):
                conditional.add(lo[i])
            elif kind == "otherwise" and i + 1 < len(toks):
                conditional.add(i + 1)  # "…, otherwise it won't apply" / 否则不会生效: a double negative
                consequence.add(i + 1)
            elif kind == "k" and value in vocab.HARM and not _attribute(toks, i):
                # "CI fails if go.sum is stale", "没有 BOM 的 CSV 会乱码": a clause that states a harm
                # says what happens, not what to do; a negation in it is the harm's condition
                conditional.add(lo[i])
                consequence.add(lo[i])
            elif (kind, value) == ("s", "就") and i + 1 < len(toks) and toks[i + 1][1] not in _JIU_ENOUGH:
                # 没填就用浏览器的, 不确认就呼副值班: "if not X, Y"; a negation after 就 still counts
                condition.update(j for j in range(lo[i], i) if toks[j][0] == "neg")
        reason = {lo[i] for i, tok in enumerate(toks) if i + 1 < len(toks) and tok in _REASON}
        # a story of what once happened (曾经有人…, 上次…, "someone once …", "last time …") tells why,
        # as a reason does; what it mentions is not what the text asks for
        reason.update(lo[i] for i in range(len(toks)) if lo[i] == i and _anecdote(toks, i))
        # "don't use X without bumping Y" is "use X with Y bumped": two negations in a clause, the
        # second "without", cancel (Y is required, X allowed once it is), as people read them
        double: set[int] = set()
        for i, tok in enumerate(toks):
            if tok == ("neg", "without"):
                first = next((j for j in range(lo[i], i) if toks[j][0] == "neg" and j not in double), None)
                if first is not None:
                    double.update((first, i))
        scoped: set[int] = set()
        has = False
        for i, (kind, _) in enumerate(toks):
            if kind not in ("neg", "negafter", "instead", "over", "than") or i in double:
                continue
            if kind in ("over", "than") and not prefer_at.get(lo[i], i) < i:
                continue
            has = True
            if kind in ("neg", "negafter"):
                negative.add(lo[i])
            else:  # what follows a contrast in its clause, however far, is on its rejected side
                behind.update(range(i + 1, hi[i] + 1))
            if kind == "neg" and (any(toks[x][0] == "if" for x in range(lo[i], i))
                                  or any(toks[x][0] == "ifpost" for x in range(i + 1, hi[i] + 1))):
                condition.add(i)  # inside a condition: "if X is not set", 不配 mirror 的话, 没有 X 时
            if lo[i] in conditional or i in condition or lo[i] in reason:
                # "don't merge until CI passes" is "merge after CI passes"; a negation in a reason
                # (because …, 为了不用重装依赖) is why, not what the text asks
                continue
            if kind == "negafter":
                scope = self._backward(i, lo[i]) or self._forward(i, hi[i]) or []
            else:
                ahead = self._forward(i, hi[i])
                if ahead is None:
                    continue  # a pronoun: unresolved
                # "without" reaches forward only: "PRs without one", "resolve them without changing
                # anything" do not negate the PRs or the resolving
                backward = kind == "neg" and toks[i][1] != "without"
                scope = ahead or (self._backward(i, lo[i]) if backward else [])
                if backward and len(ahead) == 1 and ahead[0] == i + 1 and not any(
                        toks[j][0] == "k" or toks[j][1] in _PRONOUNS for j in range(ahead[0] + 1, hi[i] + 1)):
                    # the clause ends at the one word after the negation: the topic before it is
                    # what is negated too ("生产环境不开", "In staging, Sentry is not enabled"); not
                    # when a pronoun is the verb's object ("a PR can't overwrite it")
                    scope = scope + self._backward(i, lo[i])
            scoped.update(scope)
        # what "optional" (no need to, 不需要, 无需) governs is neither asserted nor negated: "no need
        # for loss scaling" agrees with "bf16 needs no loss scaling" and with "不用 loss scaling"
        soft: set[int] = set()
        for i, tok in enumerate(toks) if "optional" in self.keywords else ():
            if tok == ("k", "optional"):
                soft.update(self._forward(i, hi[i]) or self._backward(i, lo[i]))
        optional = frozenset(toks[j][1] for j in soft)
        negated = {toks[j][1] for j in scoped}
        # the same word elsewhere in the clause of a negation is negated too; in other clauses it is
        # asserted, except in a reason ("use pnpm, not npm, because npm breaks …" decides against npm)
        negated_clause = {(lo[j], toks[j][1]) for j in scoped}
        asserted = {v for j, (k, v) in enumerate(toks)
                    if k == "k" and (lo[j], v) not in negated_clause and lo[j] not in reason and j not in soft}
        # A flip needs the word said positively: not in a clause that has a negation (worded
        # otherwise it may reach the word: "never run apply locally against prod"; "`any` is banned
        # by eslint"), a contrast's preferred side excepted ("prefers A over B" says A); not in a
        # consequence ("放在 default 队列会把任务饿死", "…, otherwise users can call it": what a harm
        # mentions is not what the text asks for); not the source of a change ("from webpack to Vite").
        change = any(k == "replace" or v == "zzchangeto" or (k == "k" and v in _CHANGE) for k, v in toks)
        source = {w for kind, x, _ in self.relations if kind == "direction" for w in x} if change else set()
        stated = asserted - source if not (negative or consequence or behind) else {
            v for j, (k, v) in enumerate(toks) if k == "k" and v in asserted and v not in source
            and lo[j] not in negative and lo[j] not in consequence and j not in behind}
        return Polarity(frozenset(negated), frozenset(asserted), has, optional, frozenset(stated))

    @functools.cached_property
    def relations(self) -> list[Relation]:
        """(kind, earlier, later): ``X before Y``, ``Y after X``, ``before Y, X``, ``X, then Y``,
        ``先X…再Y``, ``X之前…先Y``, and (direction) ``from X to Y``, ``从X到Y``, ``把X换成Y``,
        ``replace X with Y``, ``Y replaces X``.
        Each side is the run of keywords next to the marker."""
        toks = self.toks
        n = len(toks)
        lo, hi = self.clauses
        out: list[Relation] = []

        def run_after(i: int, limit: int) -> frozenset[str]:
            j = i + 1
            while j < limit and toks[j][0] in ("first", "conj", "s"):
                j += 1
            vals = []
            while j < limit and toks[j][0] == "k":
                vals.append(toks[j][1])
                j += 1
            return frozenset(vals)

        def run_before(i: int, start: int) -> frozenset[str]:
            j = i - 1
            while j >= start and toks[j][0] == "s":
                j -= 1
            vals = []
            while j >= start and toks[j][0] == "k":
                vals.append(toks[j][1])
                j -= 1
            return frozenset(vals)

        last_first = -1  # the latest 先 ("first") marker
        last_clause_kw = frozenset[str]()  # keywords opening the latest clause that had any
        clause_kw = frozenset[str]()
        for i, (kind, _) in enumerate(toks):
            if kind == "b":
                if clause_kw:
                    last_clause_kw = clause_kw
                clause_kw = frozenset()
                continue
            if kind == "k" and not clause_kw:
                clause_kw = run_after(i - 1, hi[i] + 1)
            if kind == "first":
                last_first = i
            elif kind in ("before", "after"):
                left, right = run_before(i, lo[i]), run_after(i, hi[i] + 1)
                if not left and hi[i] + 1 < n:  # "Before Y, X" / "After Y, X"
                    left = run_after(hi[i] + 1, n)
                    left, right = (left, right) if kind == "before" else (right, left)
                    if left and right:
                        out.append(("order", left, right))
                    continue
                if left and right:
                    out.append(("order", left, right) if kind == "before" else ("order", right, left))
            elif kind == "then":
                if last_first >= 0:
                    earlier = run_after(last_first, i)
                elif i > 0 and toks[i - 1][0] == "k":
                    earlier = run_before(i, lo[i])
                else:
                    earlier = clause_kw if clause_kw else last_clause_kw
                later = run_after(i, n)
                if earlier and later:
                    out.append(("order", earlier, later))
                last_first = -1
            elif kind in ("before2", "after2"):
                x = run_before(i, lo[i])
                y = run_after(i, n)
                if x and y:
                    out.append(("order", y, x) if kind == "before2" else ("order", x, y))
            elif kind == "replace":  # replace X with Y, X was replaced by Y: X -> Y; X replaces Y: Y -> X
                word = toks[i][1]
                by = next((j for j in range(i + 1, hi[i] + 1) if toks[j] in (("s", "with"), ("s", "by"))), None)
                if word == "replaces":
                    x, y = run_after(i, hi[i] + 1), run_before(i, lo[i])
                elif word == "replaced":
                    x, y = run_before(i, lo[i]), run_after(by, hi[i] + 1) if by is not None else frozenset()
                else:
                    x = run_after(i, by) if by is not None else frozenset()
                    y = run_after(by, hi[i] + 1) if by is not None else frozenset()
                if x and y:
                    out.append(("direction", x, y))
            elif kind == "to" and toks[i][1] == "zzchangeto" and not any(
                    toks[j][0] == "from" for j in range(lo[i], i)):  # X改成Y, X换成Y: X -> Y
                x, y = run_before(i, lo[i]), run_after(i, hi[i] + 1)
                if x and y:
                    out.append(("direction", x, y))
            elif kind == "from":
                to = next((j for j in range(i + 1, hi[i] + 1) if toks[j][0] == "to"), None)
                if to is not None:
                    x, y = run_after(i, to), run_after(to, hi[i] + 1)
                    if x and y:
                        out.append(("direction", x, y))
        return out


@functools.lru_cache(maxsize=64)
def read(text: str) -> Text:
    """Read ``text`` once. Cached (a pure function of the text): the gate judges one new text
    against up to eight candidates."""
    raw = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
    raw = _ACRONYM_PLURAL.sub(r"\1", raw)  # IDs, PRs, APIs: the acronym itself
    if "n't" in raw or "N'T" in raw:  # can't, won't: the verb is can, will (not "ca", "wo")
        raw = _CAN_T.sub(lambda m: {"ca": "can", "wo": "will", "sha": "shall"}[m[1].lower()] + " not", raw)
    raw = _CONTRACTION.sub(lambda m: " zzneg" if m.group().lower() == "n't" else " ", raw)
    if "e-" in raw or "t-" in raw or "E-" in raw or "T-" in raw:  # pre-2023, post-2.0: before/after
        raw = _PRE_POST.sub(lambda m: ("before " if m[1].lower() == "pre" else "after ") + m[2], raw)
    if "ed" in raw:  # "data is removed within 30 days": a procedure, not "X is gone" (X was removed)
        raw = _PRESENT_REMOVAL.sub(r"\1 remove", raw)
    if "ff" in raw or "FF" in raw:
        raw = _OFF.sub(lambda m: f"{m[1] or m[2]} zzoff", raw)  # "tolerance is off": the word before is negated, as by "disabled"
    if _STATUS_HINT.search(raw):  # a cheap scan first: the phrase alternation costs ~4 µs a text
        raw = _REASON_PHRASE.sub(r"\1", raw)
    raw = _HTTP_METHOD.sub(lambda m: f" zz{m.group().lower()} ", raw)
    spans: list[tuple[int, int, Tok, frozenset[str] | None]] = []
    taken = bytearray(len(raw) + 1)
    for m in _IDENT.finditer(raw):
        ident = m.group()
        if ((_PROSE_HYPHEN.fullmatch(ident) and not _HEADER_NAME.fullmatch(ident)) or _VERSION.fullmatch(ident) or _ACRONYMS.fullmatch(ident)
                or (_RATE.fullmatch(ident) and _AFTER_NUMBER.search(raw, max(0, m.start() - 2), m.start()))
                or (not ident.startswith("-") and all(len(p) <= 1 for p in _PARTS.split(ident)))):
            continue
        value = ident.casefold().strip("-")
        # a flag is code, however wordlike (--upgrade is not "update"): it stays an identifier
        known = None if ident.startswith("-") else vocab.WORDS.get(value)
        parts = frozenset(canon(p) for p in _PARTS.split(value) if p and p not in vocab.EN_STOP)
        if "/" in value and not value.startswith("."):
            # a slash joins names (team-ml/ranker-v2, png/jpeg/pdf): a segment that is itself an
            # identifier is a part as a whole, as the other text would write it alone
            parts = frozenset(p for seg in value.split("/") if seg for p in (
                (seg,) if _IDENT.fullmatch(seg) and not _PROSE_HYPHEN.fullmatch(seg) and any(c in seg for c in "._0123456789")
                else (canon(q) for q in _PARTS.split(seg) if q and q not in vocab.EN_STOP)))
        if ident.startswith(("-", "?", "&")):
            parts = frozenset()  # a flag matches as itself: --upgrade is not "update" somewhere else
            value = "?" + value[1:] if value.startswith("&") else value  # ?page= and &page= are one parameter
        spans.append((m.start(), m.end(), ("k", known or value), None if known else parts))
        taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
    for num in read_numbers(raw):
        if not any(taken[num.start:num.end]):
            spans.append((num.start, num.end, ("k", "#" + num.value), None))
            taken[num.start:num.end] = b"\x01" * (num.end - num.start)
    names: set[str] = set()
    for m in _FLAG_VALUE.finditer(raw) if "--" in raw else ():  # --to previous: a flag's value is code, as exact as the flag
        names.update(canon(p) for p in _PARTS.split(m["v"].casefold()) if p and p not in vocab.EN_STOP)
    for m in _CAPITALISED.finditer(raw):
        if taken[m.start()]:
            continue  # LOG in LOG_LEVEL: the identifier is the name, not its parts as words
        w = m.group()
        j = m.start() - 1
        while j >= 0 and raw[j] in " \t":
            j -= 1
        if sum(c.isupper() for c in w) >= 2 or (w[0].isupper() and j >= 0 and raw[j] not in _SENTENCE_END) or w == "Go":
            value = canon(w.casefold())
            names.add(value)
            if w.casefold() in vocab.EN_STOP and len(w) > 1 and w == w.capitalize() and not any(taken[m.start():m.end()]):
                spans.append((m.start(), m.end(), ("k", value), None))  # "Go" is the language, not the verb
    spans.sort(key=lambda s: s[0])
    # Numbers and identifiers become placeholders, so the phrase pass cannot reach into them.
    pieces: list[str] = []
    kept: list[tuple[Tok, frozenset[str] | None]] = []
    pos = 0
    for start, end, tok, span_parts in spans:
        if start < pos:
            continue
        pieces += [raw[pos:start], f" \x00{len(kept)}\x00 "]
        kept.append((tok, span_parts))
        pos = end
    pieces.append(raw[pos:])
    flat = replace_phrases("".join(pieces).casefold(), _EN_FILLER, lambda p: " ")
    flat = replace_phrases(flat, _EN_PHRASES, lambda p: f" {_EN_PHRASE_MAP[p]} ")
    toks: list[Tok] = []
    idents: dict[str, frozenset[str]] = {}
    cjk = False
    for m in _TOKEN.finditer(flat):
        if m["ph"]:
            tok, ident_parts = kept[int(m["ph"])]
            toks.append(tok)
            if ident_parts is not None:
                idents[tok[1]] = ident_parts
        elif m["b"]:
            # key=value, tabindex="0": the value belongs to its key, in one clause
            mark = m["b"].strip()
            if mark == "(" and m.start() > 0 and (flat[m.start() - 1].isalnum() or flat[:m.start()].endswith("\x00 ")):
                mark = ""  # f(42), torch.manual_seed(42) (an identifier's placeholder): a call, not an aside
            toks.append(("s", "=") if "=" in m["b"] and not m["b"].strip("=\"'“” ")
                        else ("b", _PARENS.get(mark, "")))
        elif m["conj"]:
            c = m["conj"]
            toks.append(("conj", "" if c == "、" else c))  # "/", "&", "+" join names, not list items
        elif m["w"].isascii():
            _word_token(m["w"], toks)
        else:
            for run in TOKEN_RE.finditer(m["w"]):
                if run[1]:
                    before = len(toks)
                    _cjk_tokens(run[1], toks)
                    cjk = cjk or any(k == "k" for k, _ in toks[before:])
                else:
                    _word_token(run[2], toks)
    for i, tok in enumerate(toks) if "只要" in raw else ():
        # 只要 X(，)就 Y is "as long as X, Y" (a condition); without a 就 in its clause or the next
        # it is "only needs X" (scope 只要 repo)
        if tok == ("unless", "zzaslong"):
            j, ends = i + 1, 0
            while j < len(toks) and toks[j] != ("s", "就") and ends < 2:
                ends += toks[j][0] == "b"
                j += 1
            if j == len(toks) or toks[j] != ("s", "就"):
                toks[i] = ("only", "zzonly")
    kws = {v for k, v in toks if k == "k"}
    names |= set(idents)
    words = set(kws)
    for parts in idents.values():
        words |= parts
    code = tuple((m.group(1), c) for m in _CODE_SPAN.finditer(raw) if (c := _literal(m.group(1))))
    return Text(tuple(toks), frozenset(kws), frozenset(v for v in kws if v.startswith("#")), idents,
                frozenset(names), frozenset(words), cjk, code, _literal(raw), raw.casefold())


def _literal(text: str) -> str:
    return _NOT_LITERAL.sub("", text.casefold())
