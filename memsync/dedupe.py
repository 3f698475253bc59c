"""Is a new memory already said? Keyword coverage, not a score threshold (SPEC §8, gate 5).

Pure functions. A text's *keywords* are its distinct content words: Latin words (lightly
stemmed), the characters of its CJK runs, identifiers and numbers, minus stopwords, filler
and light verbs. Before that, words developers use interchangeably are read as one word
(``folder``/``directory``, ``删掉``/``删除``, ``数据库``/``db``; memsync.dedupe_vocab) and numbers
are read to one value whatever the writing (``半小时`` = ``30 minutes``, ``两周`` = ``14 days``;
memsync.numerals). A live entry *covers* a share of the new text's keywords; a share at or
above the threshold (0.7 by default) makes the new text a duplicate — unless it says
something new. It does when it differs from the entry in

* a number, version, port, duration or size the entry does not have;
* an identifier (``DATABASE_URL``, ``--frozen-lockfile``, ``py3``) the entry does not spell;
* a named alternative: another member of a closed class (``staging``/``production``,
  ``Chrome``/``Firefox``, ``npm``/``yarn``, ``CPU``/``memory``) than the entry names;
* a negation: what is negated (``not``, ``never``, ``instead of``, ``不``, ``而不是`` and the word
  they apply to) is asserted by the other text, so ``A, not B`` against ``B, not A`` is new;
* order or direction: ``X before Y`` against ``Y before X``, ``from X to Y`` against ``from Y
  to X``, ``先X再Y`` against ``先Y再X``, or two words trading places in an otherwise identical text;
* one word swapped for another in the same place (``订单表``/``用户表``, ``in Firefox before``/
  ``in Chrome before``) when the word is a name, an identifier or the modifier of a noun;
* an exception (``unless``, ``except``, ``除非``, ``除外``) the entry does not have.

A reworded fact keeps its vocabulary and its specifics; a changed fact changes one of them.

Why coverage and not overlap: the share of the *new* text that is already there is
stable as the corpus grows and does not punish an existing entry for saying more
(the plugin's bigram overlap scored 0.43 on real model rewrites; see the seed).
"""
from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable

from memsync import dedupe_vocab as vocab
from memsync.numerals import numbers as read_numbers
from memsync.recall.tokenize import _CJK

DEFAULT_COVERAGE = 0.7

# Identifiers: words with a digit, an inner '_' '.' '/' or '::', camelCase, or a --flag. A word
# joined by hyphens only (``pre-commit``, ``user-facing``) is prose, not an identifier.
_IDENT = re.compile(
    r"(?<![\w.-])--?[a-z][\w-]*"  # a command-line flag
    r"|(?<![\w.])(?:[A-Za-z_][\w]*(?:(?:::|[._/-])[\w]+)+"  # DATABASE_URL, node-gyp, config.yaml, a::b
    r"|[a-z]+[A-Z][A-Za-z0-9]*"  # camelCase (not the tail of MySQL)
    r"|[A-Za-z]+\d[\w]*)",  # py3, h264, v2beta
    re.ASCII,
)
_VERSION = re.compile(r"[vV]\d+(?:\.\d+)*")  # v2, v1 of v1.2.3: a version, read as a number
_ACRONYMS = re.compile(r"[A-Z]{1,5}(?:/[A-Z]{1,5})+")  # CI/CD, TCP/IP: two words, not a path
_PROSE_HYPHEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")
_CONTRACTION = re.compile(r"(?<=[A-Za-z])'(?:re|ve|ll|d|m|s)\b|n't\b", re.IGNORECASE)
_HTTP_METHOD = re.compile(r"\b(GET|POST|PUT|PATCH|DELETE)\b")
_CAPITALISED = re.compile(r"(?<![A-Za-z0-9])[a-z]*[A-Z][A-Za-z0-9]*")
_SENTENCE_END = frozenset(".!?:;。！？：；\n-—•*#>")
_TOKEN = re.compile(
    r"\x00(?P<ph>\d+)\x00|(?P<b>[,.;:!?，。；：！？()（）【】\[\]「」『』\"“”—–\n|<>=]+)|(?P<conj>[、/&+])"
    f"|(?P<cjk>[{_CJK}]+)|(?P<w>[^\\W_{_CJK}]+)"
)


def _trie(words: list[str]) -> str:
    """A regex body matching any of ``words``, factored by common prefixes (Python's ``re`` tries
    alternatives one by one; a trie keeps a scan over long texts linear in practice)."""
    tree: dict[str, dict] = {}  # type: ignore[type-arg]
    for w in words:
        node = tree
        for c in w:
            node = node.setdefault(c, {})
        node[""] = {}

    def emit(node: dict) -> str:  # type: ignore[type-arg]
        branches = [re.escape(c) + emit(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 and "" not in node else "(?:" + "|".join(branches) + ")"
        return body + "?" if "" in node and branches else body

    return emit(tree)


def _phrases(words: list[str] | tuple[str, ...]) -> re.Pattern[str]:
    """Whole-word matches of any of ``words``, longest first (the trie is greedy)."""
    return re.compile(rf"(?<![a-z0-9])(?:{_trie(list(words))})(?![a-z0-9])")


_EN_FILLER_RE = _phrases(vocab.EN_FILLER_PHRASES)
_EN_PHRASE_MAP = {**vocab.EN_PHRASES, **vocab.EN_EXTRA}
_EN_PHRASE_RE = _phrases(list(_EN_PHRASE_MAP))
_ZH_MAP = {**{w: "" for w in vocab.ZH_FILLER}, **vocab.ZH_WORDS,
           # keep these compounds' characters from reading as order markers
           **{w: w for w in ("前缀", "后缀", "前面", "后面", "前提", "后台", "前台", "最后", "最前", "以前", "事前", "事后",
                             "提前", "落后", "先进", "再次", "到期", "达到", "得到", "用到", "收到", "找到", "遇到",
                             "到达")}}
_ZH_LONGEST = max(map(len, _ZH_MAP))
_ZH_MARK = {"前": "zzbefore2", "后": "zzafter2"}
_LIGHT = frozenset({"run"})  # canonical words too common in notes to tell two apart
# Nouns whose modifier names the thing (X表, X env, X queue): a swapped modifier is a new fact.
_HEADS = frozenset("表 库 群 页 层 桶 端 env channel cluster service branch node column api queue dir machine bucket "
                   "topic index repo pool probe gateway browser region account table team".split())
_MARKERS = {
    **{w: "neg" for w in vocab.NEG_WORDS}, **{w: "negafter" for w in vocab.NEG_AFTER},
    **{w: "instead" for w in vocab.CONTRAST_WORDS}, **{w: "unless" for w in vocab.UNLESS_WORDS},
    **{w: "b" for w in vocab.CLAUSE_WORDS}, **{w: "conj" for w in vocab.CONJ_WORDS},
    "over": "over", "than": "than", "before": "before", "after": "after", "then": "then", "from": "from",
    "to": "to", "into": "to", "onto": "to", "until": "until", "till": "until", "zzfirst": "first", "zzthen": "then", "zzbefore2": "before2",
    "zzafter2": "after2", "zzfrom": "from", "zzto": "to",
}
_ZH_CONJ = frozenset("和或与及跟")


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


def _canon(word: str) -> str:
    """A casefolded Latin word's keyword: its canonical equivalent or its stem (a name the
    vocabulary knows is not stemmed: ``postgres``, ``windows``)."""
    if word in vocab.CANONICAL:
        return word
    return vocab.WORDS.get(word) or vocab.WORDS.get(stem(word)) or stem(word)


Tok = tuple[str, str]  # (kind, value): "k" keyword, a marker kind, "b" clause boundary, "conj"


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
            elif c in _ZH_CONJ:
                toks.append(("conj", ""))
            elif c in _ZH_MARK:
                toks.append((_MARKERS[_ZH_MARK[c]], ""))
            elif c in vocab.ZH_STOP_CHARS:
                toks.append(("s", c))
            else:
                toks.append(("k", c))


def _word_token(w: str, toks: list[Tok]) -> None:
    kind = _MARKERS.get(w)
    if kind:
        toks.append((kind, w))
    elif w in vocab.EN_STOP or (len(w) < 2 and not w.isdigit()):
        toks.append(("s", w))
    elif w.isdigit():
        toks.append(("k", "#" + (w.lstrip("0") or "0")))
    else:
        value = _canon(w)
        toks.append(("k", value) if value not in _LIGHT else ("s", value))


@dataclass(frozen=True)
class _Text:
    """A text read once for judging: its tokens and what they say."""

    toks: list[Tok]
    keywords: frozenset[str]
    numbers: frozenset[str]
    idents: dict[str, frozenset[str]]  # identifier -> its parts (canonical words)
    names: frozenset[str]  # keywords written as names: Capitalized mid-sentence, ACRONYMS, identifiers
    words: frozenset[str] = field(default=frozenset())  # keywords and identifier parts, for matching parts

    @property
    def seq(self) -> list[str]:
        return [v for k, v in self.toks if k == "k"]


@functools.lru_cache(maxsize=64)
def _read(text: str) -> _Text:
    """Read ``text`` once. Cached (a pure function of the text): the gate judges one new text
    against up to eight candidates, and an entry against many new texts over a session."""
    raw = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
    raw = _CONTRACTION.sub(lambda m: " zzneg" if m.group().lower() == "n't" else " ", raw)
    raw = _HTTP_METHOD.sub(lambda m: f" zz{m.group().lower()} ", raw)
    spans: list[tuple[int, int, Tok, frozenset[str] | None]] = []
    taken = bytearray(len(raw) + 1)
    for m in _IDENT.finditer(raw):
        ident = m.group()
        if _PROSE_HYPHEN.fullmatch(ident) or _VERSION.fullmatch(ident) or _ACRONYMS.fullmatch(ident) or (
                not ident.startswith("-") and all(len(p) <= 1 for p in re.split(r"[._/:-]+", ident))):
            continue
        value = ident.casefold().strip("-")
        canon = vocab.WORDS.get(value)
        parts = frozenset(_canon(p) for p in re.split(r"[._/:-]+", value) if p and p not in vocab.EN_STOP)
        spans.append((m.start(), m.end(), ("k", canon or value), None if canon else parts))
        taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
    for n in read_numbers(raw):
        if not any(taken[n.start:n.end]):
            spans.append((n.start, n.end, ("k", "#" + n.value), None))
    spans.sort(key=lambda s: s[0])
    # Numbers and identifiers become placeholders, so the phrase pass cannot reach into them.
    pieces: list[str] = []
    kept: list[tuple[Tok, frozenset[str] | None]] = []
    pos = 0
    for start, end, tok, parts in spans:
        if start < pos:
            continue
        pieces.append(raw[pos:start])
        pieces.append(f" \x00{len(kept)}\x00 ")
        kept.append((tok, parts))
        pos = end
    pieces.append(raw[pos:])
    flat = "".join(pieces).casefold()
    flat = _EN_FILLER_RE.sub(" ", flat)
    flat = _EN_PHRASE_RE.sub(lambda m: f" {_EN_PHRASE_MAP[m.group()]} ", flat)
    toks: list[Tok] = []
    idents: dict[str, frozenset[str]] = {}
    for m in _TOKEN.finditer(flat):
        if m["ph"]:
            tok, parts = kept[int(m["ph"])]
            toks.append(tok)
            if parts is not None:
                idents[tok[1]] = parts
        elif m["b"]:
            toks.append(("b", ""))
        elif m["conj"]:
            toks.append(("conj", ""))
        elif m["cjk"]:
            _cjk_tokens(m["cjk"], toks)
        else:
            _word_token(m["w"], toks)
    kws = {v for k, v in toks if k == "k"}
    names = set(idents)
    for m in _CAPITALISED.finditer(raw):
        w = m.group()
        upper = sum(c.isupper() for c in w)
        j = m.start() - 1
        while j >= 0 and raw[j] in " \t":
            j -= 1
        if upper >= 2 or (w[0].isupper() and j >= 0 and raw[j] not in _SENTENCE_END):
            value = _canon(w.casefold())
            names.add(value)
            if w.casefold() in vocab.EN_STOP and w == w.capitalize() and len(w) > 1 and value not in kws:
                toks.append(("k", value))  # "Go" mid-sentence is the language, not the verb
                kws.add(value)
    words = set(kws)
    for parts in idents.values():
        words |= parts
    return _Text(toks, frozenset(kws), frozenset(v for v in kws if v.startswith("#")), idents, frozenset(names),
                 frozenset(words))


def _prefixable(w: str) -> bool:
    return len(w) >= 4 and w.isascii() and w.isalpha() and w not in vocab.CANONICAL


def _matcher(other: _Text) -> Callable[..., bool]:
    """A test ``word -> bool``: is the word in ``other`` (exactly, by a shared long prefix, or as
    an identifier whose parts all appear there)? Memoised: a judge asks about the same words often."""
    kws = other.keywords
    long_words = sorted(w for w in kws if _prefixable(w))
    memo: dict[str, bool] = {}

    def found(w: str) -> bool:
        hit = memo.get(w)
        if hit is None:
            hit = w in kws
            if not hit and _prefixable(w):
                i = bisect.bisect_left(long_words, w)
                hit = (i < len(long_words) and long_words[i].startswith(w)) or any(
                    w[:k] in kws and _prefixable(w[:k]) for k in range(4, len(w)))
            memo[w] = hit
        return hit

    def match(w: str, parts: frozenset[str] | None = None) -> bool:
        if found(w):
            return True
        return bool(parts) and all(p in other.words or found(p) for p in parts or ())

    return match


def keywords(text: str) -> frozenset[str]:
    """The distinct content units of ``text``: canonical Latin words, CJK characters,
    identifiers and numbers (``#`` + canonical value). Negations and other markers are not
    keywords; they are read by ``judge``."""
    return _read(text).keywords


@dataclass(frozen=True)
class Specifics:
    """What must agree for two texts to say the same thing."""

    numbers: frozenset[str]  # canonical values (memsync.numerals)
    identifiers: frozenset[str]
    negated: bool


def specifics(text: str) -> Specifics:
    t = _read(text)
    return Specifics(frozenset(v[1:] for v in t.numbers), frozenset(t.idents),
                     any(k in ("neg", "negafter", "instead") for k, _ in t.toks))


@dataclass(frozen=True)
class Verdict:
    duplicate: bool
    coverage: float  # share of the new keywords the existing text holds
    reason: str  # why it is (or is not) a duplicate, for the user


def _coverage(new: _Text, old: _Text) -> float:
    if not new.keywords:
        return 0.0
    match = _matcher(old)
    return sum(1 for w in new.keywords if match(w, new.idents.get(w))) / len(new.keywords)


def coverage(new: frozenset[str], existing: frozenset[str]) -> float:
    """Share of ``new`` found in ``existing``; a Latin word of 4+ letters also counts when one
    side is a prefix of the other (``postgres`` / ``postgresql``, ``config`` / ``configuration``)."""
    if not new:
        return 0.0
    long_words = [w for w in existing if _prefixable(w)]
    found = sum(1 for w in new if w in existing or (_prefixable(w) and any(
        o.startswith(w) or w.startswith(o) for o in long_words)))
    return found / len(new)


# -- what a text says about its words -----------------------------------------------------------

def _clause_bounds(toks: list[Tok], i: int) -> tuple[int, int]:
    lo = i
    while lo > 0 and toks[lo - 1][0] != "b":
        lo -= 1
    hi = i
    while hi + 1 < len(toks) and toks[hi + 1][0] != "b":
        hi += 1
    return lo, hi


_SCOPE = 2  # keywords a negation reaches past its first (and those joined by and/or)


def _forward(toks: list[Tok], i: int, hi: int) -> list[str]:
    """The keyword after ``toks[i]`` in its clause, and those joined to it by and/or."""
    out: list[str] = []
    j = i + 1
    while j <= hi:
        kind, value = toks[j]
        if kind == "k":
            out.append(value)
            if j + 2 <= hi and toks[j + 1][0] == "conj" and toks[j + 2][0] == "k":
                j += 2
                continue
            if len(out) >= _SCOPE:
                break
        elif kind in ("neg", "instead", "b"):
            break
        j += 1
    return out


def _backward(toks: list[Tok], i: int, lo: int) -> list[str]:
    out: list[str] = []
    j = i - 1
    while j >= lo:
        kind, value = toks[j]
        if kind == "k":
            out.append(value)
            if j - 2 >= lo and toks[j - 1][0] == "conj" and toks[j - 2][0] == "k":
                j -= 2
                continue
            break
        j -= 1
    return out


@dataclass(frozen=True)
class _Polarity:
    negated: frozenset[str]  # keywords a negation or contrast applies to
    asserted: frozenset[str]  # keywords outside every negation's scope
    has_negation: bool


def _polarity(t: _Text) -> _Polarity:
    toks = t.toks
    scoped: set[int] = set()
    negated: set[str] = set()
    has = False
    for i, (kind, _) in enumerate(toks):
        if kind not in ("neg", "negafter", "instead", "over", "than"):
            continue
        lo, hi = _clause_bounds(toks, i)
        if kind in ("over", "than"):
            if not any(toks[j] == ("k", "prefer") or toks[j] == ("k", "better") for j in range(lo, i)):
                continue
        has = True
        if any(toks[j][0] in ("until", "unless") for j in range(lo, hi + 1)):
            continue  # "don't merge until CI passes" is "merge after CI passes": conditional, not a flip
        if kind == "negafter":
            scope = _backward(toks, i, lo) or _forward(toks, i, hi)
        else:
            scope = _forward(toks, i, hi) or (_backward(toks, i, lo) if kind == "neg" else [])
        negated.update(scope)
        # remember the positions so the same words elsewhere still count as asserted
        for j in range(lo, hi + 1):
            if toks[j][0] == "k" and toks[j][1] in scope:
                scoped.add(j)
    asserted = {v for j, (k, v) in enumerate(toks) if k == "k" and j not in scoped}
    return _Polarity(frozenset(negated), frozenset(asserted), has)


def _flip(new: _Text, old: _Text) -> str | None:
    """A word one text negates and the other asserts (and does not negate), as a reason."""
    a, b = _polarity(new), _polarity(old)
    in_old, in_new = _matcher(old), _matcher(new)

    def flipped(own: _Polarity, other: _Polarity, m) -> set[str]:  # type: ignore[no-untyped-def]
        # a word the text both negates and asserts (``not X … X breaks``) is ambiguous: skipped
        return {w for w in own.negated if m(w) and w not in own.asserted
                and not any(_same(w, x) for x in other.negated) and any(_same(w, x) for x in other.asserted)}

    fa, fb = flipped(a, b, in_old), flipped(b, a, in_new)
    if fa and (not b.has_negation or fb):
        return f"negates what the entry asserts ({_show(min(fa))})"
    if fb and (not a.has_negation or fa):
        return f"asserts what the entry negates ({_show(min(fb))})"
    return None


def _same(a: str, b: str) -> bool:
    return a == b or (_prefixable(a) and _prefixable(b) and (a.startswith(b) or b.startswith(a)))


def _show(word: str) -> str:
    return word[1:] if word.startswith("#") else word


def _relations(t: _Text) -> list[tuple[str, frozenset[str], frozenset[str]]]:
    """(kind, earlier, later) facts: X before Y, from X to Y (each side the keywords next to the marker)."""
    toks = t.toks
    out: list[tuple[str, frozenset[str], frozenset[str]]] = []

    def run_after(i: int, limit: int) -> frozenset[str]:
        vals: list[str] = []
        j = i + 1
        while j < limit and toks[j][0] in ("first", "conj", "s"):
            j += 1
        while j < limit and toks[j][0] == "k":
            vals.append(toks[j][1])
            j += 1
        return frozenset(vals)

    def run_before(i: int, lo: int) -> frozenset[str]:
        vals: list[str] = []
        j = i - 1
        while j >= lo and toks[j][0] == "s":
            j -= 1
        while j >= lo and toks[j][0] == "k":
            vals.append(toks[j][1])
            j -= 1
        return frozenset(vals)

    def next_clause_start(i: int) -> int:
        j = i
        while j < len(toks) and toks[j][0] != "b":
            j += 1
        return j

    def prev_clause_keywords(i: int) -> frozenset[str]:
        j = i - 1
        while j >= 0 and toks[j][0] == "b":
            j -= 1
        lo, _ = _clause_bounds(toks, max(j, 0))
        k = lo
        while k <= j and toks[k][0] != "k":
            k += 1
        return run_after(k - 1, j + 1) if k <= j else frozenset()

    for i, (kind, _) in enumerate(toks):
        if kind not in ("before", "after", "then", "before2", "after2", "from"):
            continue
        lo, hi = _clause_bounds(toks, i)
        if kind in ("before", "after"):
            left, right = run_before(i, lo), run_after(i, hi + 1)
            if not left:
                nxt = next_clause_start(i)
                left = run_after(nxt, len(toks)) if nxt < len(toks) else frozenset()
                if kind == "after":
                    left, right = right, left
                    out.append(("order", left, right))
                    continue
            if left and right:
                out.append(("order", left, right) if kind == "before" else ("order", right, left))
        elif kind == "then":
            earlier = run_before(i, lo) if toks[i - 1:i] and toks[i - 1][0] == "k" else prev_clause_keywords(i)
            firsts = [j for j in range(0, i) if toks[j][0] == "first"]
            if firsts:
                earlier = run_after(firsts[-1], i)
            later = run_after(i, len(toks))
            if earlier and later:
                out.append(("order", earlier, later))
        elif kind in ("before2", "after2"):
            x = run_before(i, lo)
            firsts = [j for j in range(i, hi + 1) if toks[j][0] == "first"]
            y = run_after(firsts[0], len(toks)) if firsts else run_after(i, len(toks))
            if x and y:
                out.append(("order", y, x) if kind == "before2" else ("order", x, y))
        else:  # from X to Y
            to = next((j for j in range(i + 1, hi + 1) if toks[j][0] == "to"), None)
            if to is not None:
                x, y = run_after(i, to), run_after(to, hi + 1)
                if x and y:
                    out.append(("direction", x, y))
    return out


def _reversal(new: _Text, old: _Text) -> str | None:
    for kind, a1, b1 in _relations(new):
        for kind2, a2, b2 in _relations(old):
            if kind != kind2:
                continue
            if (a1 & b2) and (b1 & a2) and not ((a1 & a2) and (b1 & b2)):
                what = "order" if kind == "order" else "direction"
                return f"reverses the {what} of {_show(min(a1 & b2))} and {_show(min(b1 & a2))}"
    return None


def _middles(a: list[Tok], b: list[Tok]) -> tuple[int, list[Tok], list[Tok]]:
    """Strip the common head and tail of two token lists: (shared count, rest of a, rest of b)."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head + tail, a[head:len(a) - tail], b[head:len(b) - tail]


def _words(span: list[Tok]) -> str:
    return " ".join(_show(v) for k, v in span if k in ("k", "s"))


def _has_word(span: list[Tok]) -> bool:
    return any(k == "k" for k, _ in span)


def _swap(new: _Text, old: _Text) -> str | None:
    """The same text with two words or phrases trading places: ``from MySQL to Postgres`` /
    ``from Postgres to MySQL``, ``读…主库，写…从库`` / ``写…主库，读…从库``, ``npm … pnpm`` exchanged."""
    a, b = new.toks, old.toks
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        pairs = {(a[i], b[i]) for i in diff}
        listed = len(diff) == 2 and all(k in ("conj", "b") for k, _ in a[diff[0] + 1:diff[1]])
        if len(pairs) == 2 and not listed:  # "npm and pnpm" / "pnpm and npm" is one list
            (x, y), (y2, x2) = sorted(pairs)
            if x == x2 and y == y2 and x[0] == y[0] == "k":
                return f"swaps {_show(x[1])} and {_show(y[1])}"
    _, ma, mb = _middles(a, b)
    n = len(ma)
    if n != len(mb) or n > 16:
        return None
    for lx in range(1, n):
        for ly in range(1, n - lx):
            x, y = ma[:lx], mb[:ly]
            if x == y or mb[n - lx:] != x or ma[n - ly:] != y or ma[lx:n - ly] != mb[ly:n - lx]:
                continue
            between = ma[lx:n - ly]
            # one side may be a pronoun ("owned by us, not by the ops team")
            # between them a word or a marker ("from X to Y", "X, not Y"), not just "and" or a comma
            if (_has_word(x) or _has_word(y)) and any(k not in ("b", "conj") for k, _ in between):
                return f"swaps {_words(x)} and {_words(y)}"
    return None


# Words before a noun slot: determiners and prepositions (English), and their Chinese counterparts.
_NOUN_SLOT = frozenset("the a an this that these those our your its their in on at to with for from via through "
                       "against of into onto by per 在 用 走 到 从 给 对 把 于 往 向 被 是".split())


def _added(new: _Text, old: _Text) -> str | None:
    """A stretch of new words (a clause the entry does not have): three Latin words, two names
    or six CJK characters in a row, none of them in the entry."""
    in_old = _matcher(old)
    run: list[str] = []
    weight = 0
    for kind, value in new.toks + [("k", "")]:
        if kind != "k":
            continue
        if value and not in_old(value, new.idents.get(value)):
            run.append(value)
            cjk = len(value) == 1 and not value.isascii()
            weight += 1 if cjk else 3 if value in new.names else 2
            continue
        if weight >= 6:
            return f"adds what the entry does not say ({' '.join(_show(w) for w in run)})"
        run, weight = [], 0
    return None


def _substitution(new: _Text, old: _Text) -> str | None:
    """A word of the new text standing where the entry has another: a named alternative of
    the same class, or a name / noun modifier between the same neighbours."""
    in_old, in_new = _matcher(old), _matcher(new)
    negated = _polarity(new).negated | _polarity(old).negated
    for w in sorted(new.keywords):
        cls = vocab.CLASS_OF.get(w)
        if cls and w not in old.keywords:
            others = sorted(o for o in old.keywords if vocab.CLASS_OF.get(o) == cls and o not in new.keywords)
            if cls in vocab.ANTONYMS and (w in negated or any(o in negated for o in others)):
                continue  # "no long answers" says "short answers"
            if others:
                return f"names {w} where the entry names {others[0]} ({cls})"
    a, b = new.seq, old.seq
    # old-only words by their neighbours: (previous word, None) and (None, next word)
    by_context: dict[tuple[str | None, str | None], list[str]] = {}
    for j, v in enumerate(b):
        if not in_new(v, old.idents.get(v)):
            if j > 0:
                by_context.setdefault((b[j - 1], None), []).append(v)
            if j + 1 < len(b):
                by_context.setdefault((None, b[j + 1]), []).append(v)
    for i, u in enumerate(a):
        if in_old(u, new.idents.get(u)):
            continue
        for ctx, after in (((a[i - 1], None), False) if i > 0 else (None, False),
                           ((None, a[i + 1]), True) if i + 1 < len(a) else (None, True)):
            if ctx is None:
                continue
            for v in by_context.get(ctx, ()):
                if v != u and (u in new.names or v in old.names or (after and a[i + 1] in _HEADS)):
                    return f"has {_show(u)} where the entry has {_show(v)}"
    shared, ma, mb = _middles(new.toks, old.toks)
    if 0 < len(ma) <= 3 and 0 < len(mb) <= 3 and shared >= max(3, 0.6 * max(len(new.toks), len(old.toks))):
        us = [v for k, v in ma if k == "k" and not in_old(v, new.idents.get(v))]
        vs = [v for k, v in mb if k == "k" and (k, v) not in ma]
        head = _common_head(new.toks, old.toks)
        prev = new.toks[head - 1] if head else None
        nxt = new.toks[head + len(ma)] if head + len(ma) < len(new.toks) else None
        slot = prev is None or (prev[0] == "s" and prev[1] in _NOUN_SLOT) or (nxt is not None and nxt[1] in _HEADS)
        named = any(u in new.names for u in us) or any(v in old.names for v in vs)
        if us and vs and (slot or named):
            return f"has {_show(us[0])} where the entry has {_show(vs[0])}"
    return None


def _common_head(a: list[Tok], b: list[Tok]) -> int:
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    return head


def judge(new_text: str, existing_text: str, threshold: float = DEFAULT_COVERAGE) -> Verdict:
    """Does ``existing_text`` already say ``new_text``?"""
    new, old = _read(new_text), _read(existing_text)
    share = _coverage(new, old)
    if not new.keywords or share < threshold:
        return Verdict(False, share, f"covers {share:.0%} of the new keywords (< {threshold:.0%})")
    extra_numbers = sorted(new.numbers - old.numbers)
    if extra_numbers:
        return Verdict(False, share, f"differs in a number or version ({_show(extra_numbers[0])})")
    in_old = _matcher(old)
    extra_ids = sorted(i for i, parts in new.idents.items() if not in_old(i, parts))
    if extra_ids:
        return Verdict(False, share, f"differs in an identifier ({extra_ids[0]})")
    for check in (_substitution, _flip, _reversal, _swap, _added):
        reason = check(new, old)
        if reason:
            return Verdict(False, share, reason)
    if sum(k == "unless" for k, _ in new.toks) > sum(k == "unless" for k, _ in old.toks):
        return Verdict(False, share, "adds an exception (unless/except) the entry does not have")
    return Verdict(True, share, f"covers {share:.0%} of the new keywords")


def entry_text(summary: str, load_when: tuple[str, ...] | list[str], body: str) -> str:
    """The text an entry is judged by: summary, triggers and body."""
    return "\n".join([summary, " ".join(load_when), body])
