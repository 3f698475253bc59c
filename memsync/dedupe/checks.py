"""Does a new text say something its covering entry does not? One check per way a fact changes.

Pure functions of two read texts (memsync.dedupe.text), each returning a reason or None.
They run only on pairs that already pass the coverage threshold, so they look for the few
words that differ, not for similarity. Each is linear (or bounded) in the texts' length.
"""
from __future__ import annotations

import itertools
import os
import re

from memsync.dedupe import vocab
from memsync.dedupe.text import Text, Tok, canon, portable, show, tails

HEADS = vocab.HEADS
# Words before a noun slot: determiners and prepositions, and their Chinese counterparts.
NOUN_SLOT = frozenset("the a an this that these those our your its their in on at to with for from via through "
                      "against of into onto by per 在 用 走 到 从 给 对 把 于 往 向 被 是".split())


_DAY_MS = 86_400_000


def _as_days(value: str) -> str:
    """``#mo3`` as ``#t<90 days in ms>``: a month counted against days is 30 of them (一个月内 = 30 天内)."""
    if value.startswith("#mo") and value[3:].isdigit():
        return f"#t{int(value[3:]) * 30 * _DAY_MS}"
    return value


def numbers(new: Text, old: Text) -> str | None:
    theirs = old.numbers | {_as_days(v) for v in old.numbers}
    extra = sorted(v for v in new.numbers - old.numbers if _as_days(v) not in theirs)
    return f"differs in a number or version ({show(extra[0])})" if extra else None


def _slots(t: Text) -> set[tuple[str, int, str]]:
    """(number, side, word): each number with the keyword next to it in its clause (-1 before,
    +1 after; only stopwords between), so ``4 workers`` is (#4, +1, worker)."""
    out: set[tuple[str, int, str]] = set()
    toks = t.toks
    for i, (kind, value) in enumerate(toks):
        if kind != "k" or not value.startswith("#"):
            continue
        for side in (-1, 1):
            j = i + side
            while 0 <= j < len(toks) and toks[j][0] == "s":
                j += side
            if 0 <= j < len(toks) and toks[j][0] == "k" and not toks[j][1].startswith("#"):
                out.add((value, side, toks[j][1]))
    return out


def slots(new: Text, old: Text) -> str | None:
    """The same numbers attached to other words (``4 workers and 8 threads`` / ``8 workers and
    4 threads``): a number next to a word where the entry has another number next to it."""
    if len(new.numbers) < 2 and len(old.numbers) < 2:
        return None
    mine, theirs = _slots(new), _slots(old)
    for n, side, w in sorted(mine - theirs):
        other = sorted(m for m, s2, w2 in theirs if s2 == side and w2 == w and m != n and (m, side, w) not in mine
                       # the trade confirmed the other way round: the entry has n where we have m (a
                       # sentence built differently attaches numbers to other words, and that is all)
                       and any((n, side, w3) in theirs and (m, side, w3) in mine for _, _, w3 in mine if w3 != w))
        if other:
            return f"has {show(n)} where the entry has {show(other[0])} ({show(w)})"
    return None


def identifiers(new: Text, old: Text) -> str | None:
    extra = sorted(i for i, parts in new.idents.items() if not old.match(i, parts))
    return f"differs in an identifier ({extra[0]})" if extra else None


def _settings(t: Text) -> dict[str, set[str]]:
    """``key=value`` as written (``type=gha``, ``mode=max``): each key with its values."""
    toks = t.toks
    out: dict[str, set[str]] = {}
    for i in range(1, len(toks) - 1):
        if toks[i] == ("s", "=") and toks[i - 1][0] == "k" and toks[i + 1][0] in ("k", "s"):  # =first, =none
            out.setdefault(toks[i - 1][1], set()).add(toks[i + 1][1])
    return out


def setting(new: Text, old: Text) -> str | None:
    """The same key set to another value (``type=registry`` / ``type=gha``): another setting,
    however much of the sentence is the same."""
    mine, theirs = _settings(new), _settings(old)
    for key in sorted(mine.keys() & theirs.keys()):
        if not mine[key] & theirs[key]:
            value = min(mine[key])
            if not old.match(value, new.idents.get(value)) and value not in {v for _, v in old.toks}:
                return f"sets {show(key)} to {show(value)} where the entry has {show(min(theirs[key]))}"
    return None


def _opposite(w: str) -> str | None:
    """The word ``w`` is the opposite of: its antonym, or for ``unpinned`` what it negates
    (``never use an unpinned image`` / ``always pin the image``: a double negative)."""
    if w in vocab.ANTONYM_OF:
        return vocab.ANTONYM_OF[w]
    return w[2:] if w.startswith("un") and len(w) > 4 else None


def flip(new: Text, old: Text) -> str | None:
    """A word one text negates and the other *states*: says positively, in a clause with no
    negation (a contrast's preferred side excepted) and no harm or consequence (``otherwise``,
    ``否则``, ``fails``, ``会乱码``, ``饿死``), and not as the source of a change (``from webpack to
    Vite``). "Doing X breaks Y" is "don't do X" said as a consequence, and a negation elsewhere in
    the clause may, worded otherwise, reach the word. When both texts negate something, it takes a
    flip each way (``A, not B`` / ``B, not A``): a negation placed elsewhere in a rewording is not
    a new fact."""
    a, b = new.polarity, old.polarity

    def flipped(own: Text, other: Text, strict: bool) -> set[str]:
        mine, theirs = own.polarity, other.polarity
        return {w for w in mine.negated
                # negated and asserted (``not X … X breaks``) is ambiguous: it only completes a
                # flip the other way
                if (not strict or w not in mine.asserted)
                and other.match(w) and not theirs.negates(w) and theirs.states(w)}

    def negates_any(own: Text, other: Text) -> bool:
        # across scripts a negation of a word with no reading in the other script (不归我们:
        # 归, a pronoun) cannot be compared, so it does not count as the text's own negation
        if own.cjk == other.cjk:  # a negation that reaches no word ("PRs without one") negates nothing
            return own.polarity.has_negation and bool(own.polarity.negated)
        return any(portable(w, own, other) for w in own.polarity.negated)

    def antonym_negated(own: Text, other: Text) -> bool:
        # "dislikes long answers" / "prefers short answers": the negation is carried by an
        # antonym the other text asserts, so what it negates is not a flip
        return any(_opposite(w) in other.polarity.asserted and not other.match(w) for w in own.polarity.negated)

    if antonym_negated(new, old) or antonym_negated(old, new):
        return None
    fa, fb = flipped(new, old, True), flipped(old, new, True)
    if fa and (not negates_any(old, new) or flipped(old, new, False)):
        return f"negates what the entry asserts ({show(min(fa))})"
    if fb and (not negates_any(new, old) or flipped(new, old, False)):
        return f"asserts what the entry negates ({show(min(fb))})"
    return None


def reversal(new: Text, old: Text) -> str | None:
    """``X before Y`` against ``Y before X``; ``from X to Y`` against ``from Y to X``."""
    later_by_earlier: dict[tuple[str, str], list[tuple[frozenset[str], frozenset[str]]]] = {}
    for kind, a2, b2 in set(old.relations):
        for w in a2:
            later_by_earlier.setdefault((kind, w), []).append((a2, b2))
    for kind, a1, b1 in set(new.relations):
        for w in b1:  # an old relation whose earlier side holds one of our later words
            for a2, b2 in later_by_earlier.get((kind, w), ()):
                if (a1 & b2) and not ((a1 & a2) and (b1 & b2)):
                    return f"reverses the {kind} of {show(min(a1 & b2))} and {show(min(b1 & a2))}"
    return None


def _middles(a: tuple[Tok, ...], b: tuple[Tok, ...]) -> tuple[int, int, tuple[Tok, ...], tuple[Tok, ...]]:
    """Strip the common head and tail of two token lists: (head, tail, rest of a, rest of b)."""
    head = len(os.path.commonprefix([a, b]))  # any sequences, not only paths
    tail = len(os.path.commonprefix([a[head:][::-1], b[head:][::-1]]))
    return head, tail, a[head:len(a) - tail], b[head:len(b) - tail]


def _words(span: tuple[Tok, ...]) -> str:
    return " ".join(show(v) for k, v in span if k in ("k", "s"))


def _has_word(span: tuple[Tok, ...]) -> bool:
    return any(k == "k" for k, _ in span)


def swap(new: Text, old: Text) -> str | None:
    """The same text with two words or phrases trading places: ``from MySQL to Postgres`` /
    ``from Postgres to MySQL``, ``读…主库，写…从库`` / ``写…主库，读…从库``, npm and pnpm
    exchanged throughout. A list in another order (``X and Y`` / ``Y and X``) is not a swap."""
    a, b = new.toks, old.toks
    # one text may go on after the other's end: compare its opening, when it ends a clause there
    if len(a) < len(b) and b[len(a)][0] == "b":
        b = b[:len(a)]
    elif len(b) < len(a) and a[len(b)][0] == "b":
        a = a[:len(b)]
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        pairs = {(a[i], b[i]) for i in diff[:3]}
        listed = len(diff) == 2 and all(k in ("conj", "b") for k, _ in a[diff[0] + 1:diff[1]])
        if len(pairs) == 2 and not listed and all((a[i], b[i]) in pairs for i in diff):
            (p, q), (q2, p2) = sorted(pairs)
            if p == p2 and q == q2 and p[0] == q[0] == "k":
                return f"swaps {show(p[1])} and {show(q[1])}"
    _, _, ma, mb = _middles(a, b)
    n = len(ma)
    if n != len(mb) or n > 16:
        return None
    for lx in range(1, n):
        for ly in range(1, n - lx):
            x, y = ma[:lx], mb[:ly]
            if x == y or mb[n - lx:] != x or ma[n - ly:] != y or ma[lx:n - ly] != mb[ly:n - lx]:
                continue
            # between them a word or a marker ("from X to Y", "X, not Y"), not just "and" or a
            # comma; one side may be a pronoun ("owned by us, not by the ops team")
            if (_has_word(x) or _has_word(y)) and any(k not in ("b", "conj") for k, _ in ma[lx:n - ly]):
                return f"swaps {_words(x)} and {_words(y)}"
    return None


def substitution(new: Text, old: Text) -> str | None:
    """A word of the new text standing where the entry has another: a named alternative of the
    same class (``staging``/``prod``, ``npm``/``yarn``); between the same neighbours, two names
    (each a name or a closed-class member: ``Okta``/``Keycloak``) or the modifier written right
    before a head noun (``订单表``/``用户表``; not the verb of ``取需要的列``) — a name against an ordinary word is weak evidence, as often a rewording
    (``SQL``/``queries``, ``Macs``/``laptops``); two texts opening with different names the other
    never mentions (``FCM tokens …``/``APNs tokens …``); or the one slot in which two otherwise
    identical texts differ, when it holds a name or follows a determiner or preposition."""
    old_members: dict[str, list[str]] = {}
    for o in old.keywords:
        if o in vocab.CLASS_OF and o not in new.keywords:
            old_members.setdefault(vocab.CLASS_OF[o], []).append(o)
    for w in sorted(w for w in new.keywords if w in vocab.CLASS_OF and w not in old.keywords):
        cls = vocab.CLASS_OF[w]
        others = sorted(old_members.get(cls, ()))
        if not others:
            continue
        negated = new.polarity.negated | old.polarity.negated
        if cls in vocab.ANTONYMS and (w in negated or any(o in negated for o in others)):
            continue  # "no long answers" says "short answers"
        return f"names {w} where the entry names {others[0]} ({cls})"
    a, b = new.seq, old.seq
    # old-only words by neighbour: (previous word, None) and (None, next word); two kept per context
    by_context: dict[tuple[str | None, str | None], list[str]] = {}
    for j, v in enumerate(b):
        if new.match(v, old.idents.get(v)) or not portable(v, old, new) or (("." in v or "/" in v) and not tails(v).isdisjoint(new.keywords)):
            continue  # (across scripts, a word with no reading in the other one is no substitute)
        keys: list[tuple[str | None, str | None]] = []
        if j > 0:
            keys.append((b[j - 1], None))
        if j + 1 < len(b):
            keys.append((None, b[j + 1]))
        for key in keys:
            seen = by_context.setdefault(key, [])
            if len(seen) < 2 and v not in seen:
                seen.append(v)
    for i, u in enumerate(a):
        if old.match(u, new.idents.get(u)) or not portable(u, new, old):
            continue
        contexts: list[tuple[tuple[str | None, str | None], bool]] = []
        if i > 0:
            contexts.append(((a[i - 1], None), False))
        if i + 1 < len(a):
            contexts.append(((None, a[i + 1]), True))
        for ctx, after in contexts:
            for v in by_context.get(ctx, ()):
                if u in old.idents.get(v, ()):
                    continue  # the entry's identifier spelled out in words: shuffle partitions / spark.sql.shuffle.partitions
                if v != u and ((_named(u, new) and _named(v, old)) or (after and a[i + 1] in HEADS
                                                                       and u in new.modifiers and v in old.modifiers)):
                    return f"has {show(u)} where the entry has {show(v)}"
    # the subjects differ: both texts open with a name the other never mentions (``FCM tokens …``
    # / ``APNs tokens …``)
    if a and b and a[0] != b[0] and a[0] in new.names and b[0] in old.names \
            and not old.match(a[0], new.idents.get(a[0])) and not new.match(b[0], old.idents.get(b[0])) \
            and portable(a[0], new, old) and portable(b[0], old, new):
        return f"is about {show(a[0])} where the entry is about {show(b[0])}"
    head, tail, ma, mb = _middles(new.toks, old.toks)
    if 0 < len(ma) <= 3 and 0 < len(mb) <= 3 and head + tail >= max(3, 0.6 * max(len(new.toks), len(old.toks))):
        us = [v for k, v in ma if k == "k" and not old.match(v, new.idents.get(v))]
        vs = [v for k, v in mb if k == "k" and (k, v) not in ma and not (("." in v or "/" in v) and not tails(v).isdisjoint(new.keywords))]
        prev = new.toks[head - 1] if head else None
        nxt = new.toks[head + len(ma)] if head + len(ma) < len(new.toks) else None
        slot = prev is None or (prev[0] == "s" and prev[1] in NOUN_SLOT) or (nxt is not None and nxt[1] in HEADS)
        named = any(u in new.names for u in us) or any(v in old.names for v in vs)
        if us and vs and (slot or named):
            return f"has {show(us[0])} where the entry has {show(vs[0])}"
    return None


def _named(w: str, t: Text) -> bool:
    """Is ``w`` a name: written as one in ``t`` (capitalised, an acronym, an identifier) or a
    member of a closed class (``json``, ``macos``, ``true``)? Two names in one slot are two
    things; a name against an ordinary word is, as often as not, the same thing said otherwise
    (``macOS`` / ``laptops``, ``SQL`` / ``query``)."""
    return w in t.names or (w in vocab.CLASS_OF and vocab.CLASS_OF[w] not in vocab.ANTONYMS)


def named(new: Text, old: Text) -> str | None:
    """A named alternative the entry has no member of its class for, written as the object of
    a preposition (``… on Safari``, ``… in Postgres``, ``在Windows上…``): the note narrows the
    fact to one alternative the entry does not name."""
    toks = new.toks
    for i, (kind, w) in enumerate(toks):
        if kind != "k" or w not in vocab.CLASS_OF or w in vocab.ANTONYM_OF or old.match(w):
            continue
        cls = vocab.CLASS_OF[w]
        if cls in vocab.ANTONYMS or any(vocab.CLASS_OF.get(o) == cls for o in old.keywords):
            continue
        if i > 0 and toks[i - 1][0] == "s" and toks[i - 1][1] in PREPOSITIONS:
            return f"names {show(w)} ({cls}), which the entry does not"
    return None


# Prepositions before a name that narrows a fact to it.
PREPOSITIONS = frozenset("on in with for using via under 在 用".split())


def added(new: Text, old: Text) -> str | None:
    """A stretch of new words (a clause the entry does not have): three Latin words, two names
    or six CJK characters in a row, none of them in the entry, after the first shared word (a
    new title or a filler opening is not a new fact)."""
    run: list[str] = []
    weight = 0
    started = False  # words before the first shared one are a preamble or a title, not an added fact
    for kind, value in new.toks + (("k", ""),):
        if kind != "k":
            continue
        if value and not old.match(value, new.idents.get(value)):
            if not started:
                continue
            run.append(value)
            cjk = len(value) == 1 and not value.isascii()
            weight += 1 if cjk else 3 if value in new.names else 2
            continue
        if weight >= 6:
            return f"adds what the entry does not say ({' '.join(show(w) for w in run)})"
        run, weight, started = [], 0, True
    return _added_clause(new, old)


def _added_clause(new: Text, old: Text) -> str | None:
    """A whole clause after the first that is mostly new: at least three quarters of its keywords,
    worth six as ``added`` weighs them, absent from the entry (``…，身份证号整段替换成星号``):
    a shared word or two inside it does not make it the entry's."""
    lo, hi = new.clauses
    toks = new.toks
    seen_first = False
    i = 0
    while i < len(toks):
        start, end = lo[i], hi[i]
        words = [v for k, v in toks[start:end + 1] if k == "k"]
        if words and seen_first:
            fresh = [w for w in words if not old.match(w, new.idents.get(w)) and portable(w, new, old)]
            weight = sum(1 if len(w) == 1 and not w.isascii() else 3 if w in new.names else 2 for w in fresh)
            if weight >= 6 and len(fresh) * 4 >= len(words) * 3:
                return f"adds what the entry does not say ({' '.join(show(w) for w in fresh)})"
        seen_first = seen_first or bool(words)
        i = max(end + 1, i + 1)
    return None


# "only", 只, 仅 (stopwords, kept as tokens) and 只有/仅在 (markers): a restriction of what follows.
ONLY = frozenset("only solely exclusively 只 仅".split())


def _listed_with(t: Text, word: str, other: Text) -> str | None:
    """A member of a list in ``t`` that holds ``word`` (``X、Y 和 Z``, ``X and Y``, ``X/Y``) that
    ``other`` lacks."""
    toks = t.toks
    i = 0
    while i < len(toks):
        if toks[i][0] != "k":
            i += 1
            continue
        members = [toks[i][1]]
        j = i + 1
        while j + 1 < len(toks) and toks[j][0] == "conj" and toks[j + 1][0] == "k":
            members.append(toks[j + 1][1])
            j += 2
        if len(members) > 1 and word in members:
            missing = [m for m in members if not other.match(m, t.idents.get(m))]
            if missing:
                return missing[0]
        i = j
    return None


def _modal(toks: tuple[Tok, ...], i: int) -> bool:
    """Is the restriction at ``i`` a modal one (只能, can only, may only): "must" said otherwise?"""
    return _restricts(toks[i]) and ((i + 1 < len(toks) and toks[i + 1] == ("s", "能"))
                                    or (i > 0 and toks[i - 1] in (("s", "can"), ("s", "may"))))


def _restricts(tok: Tok) -> bool:
    return tok[0] == "only" or (tok[0] == "s" and tok[1] in ONLY)


def _conditioned(t: Text) -> bool:
    """Has a condition or a restriction: only, if/when, until."""
    return any(_restricts(tok) or tok[0] in ("if", "ifpost", "until") for tok in t.toks)


def _excepted_known(new: Text, old: Text) -> bool:
    """Every word of ``new``'s exceptions (what follows unless/except in its clause) is the entry's:
    "unless CI is green" restates "only when CI is green"; "except hotfixes" adds hotfixes."""
    _, hi = new.clauses
    toks = new.toks
    words = [v for i, (k, _) in enumerate(toks) if k == "unless"
             for kind, v in toks[i + 1:hi[i] + 1] if kind == "k"]
    return bool(words) and all(old.match(v, new.idents.get(v)) for v in words)


def _exceptions(t: Text) -> int:
    """Exceptions a text makes: clauses holding unless/except/除非/除外 (除了…以外 is one), and a
    ``but`` right after "all/every <noun>" ("all services but billing")."""
    lo, _ = t.clauses
    toks = t.toks
    clauses = {lo[i] for i, (k, _) in enumerate(toks) if k == "unless"}
    all_but = sum(1 for i, tok in enumerate(toks) if tok == ("b", "but") and 2 <= i < len(toks) - 1
                  and toks[i - 2][1] in _UNIVERSAL and toks[i - 1][0] == "k" and toks[i + 1][0] == "k")
    return len(clauses) + all_but


def required(new: Text, old: Text) -> str | None:
    """``optional`` in one text where the other says ``required``/``must``/必须 (stopwords, since
    every note has them; read here only against their opposite)."""
    a, b = "optional" in new.keywords, "optional" in old.keywords
    if a == b:
        return None
    own, other = (new, old) if a else (old, new)
    if any(k == "s" and v in MUST for k, v in other.toks):
        return "says optional where the entry says required" if a else "says required where the entry says optional"
    # "no need to hold BOOT" / "hold BOOT while pressing RESET": the other text gives as an
    # instruction what this one says is unnecessary
    # (what it governs that the other text has: 不需要设 X / set X=True, the verb is not compared)
    governed = {w for w in own.polarity.optional if other.match(w)}
    if governed and all(other.polarity.asserts(w) and not other.polarity.negates(w) for w in governed):
        return f"says {show(min(governed))} is optional where the entry asks for it" if a else \
            f"asks for {show(min(governed))} where the entry says it is optional"
    return None


# Verbs that make a thing: "when creating X" is the occasion of a rule about X.
_MAKING = frozenset("create write writ add new define naming".split())

MUST = frozenset("must required require requires mandatory need needs needed 必须 必需 必填 必要".split())


def exception(new: Text, old: Text) -> str | None:
    """``unless``/``except``/``除非``/``除外`` the entry does not have; or ``if``/``when``/``如果``
    opening a clause of two or more words the entry does not have (``… when CI passes``)
    where the entry has no condition at all."""
    # "all but the last four" is "only the last four": an exception to "all" (都, every) where the
    # entry restricts with "only" is the same rule said from the other side
    but_all = any(_restricts(t) for t in old.toks) and not any(_restricts(t) for t in new.toks) \
        and any(v in _UNIVERSAL or v == "都" for _, v in new.toks)
    # "don't deploy unless CI is green" is "deploy only when CI is green": an exception where the
    # entry has a condition or a restriction, and no condition of its own, says the entry's rule
    # from the other side (which words it holds is coverage's business)
    turned = _conditioned(old) and not _conditioned(new) and _excepted_known(new, old)
    if _exceptions(new) > _exceptions(old) and not but_all and not turned:
        return "adds an exception (unless/except) the entry does not have"
    if _exceptions(old) > _exceptions(new) and not _conditioned(old):
        return None  # the entry's exception said as a condition or a restriction here
    lo, hi = new.clauses

    def fresh_in(span: tuple[Tok, ...]) -> list[str]:
        return [v for k, v in span if k == "k" and not old.match(v, new.idents.get(v)) and portable(v, new, old)]

    def occasion(span: tuple[Tok, ...]) -> bool:
        # "建表时表名用 snake_case" / "表名用 snake_case", "when writing report queries" / "report
        # queries …": a condition that only makes what the entry is about (create, write, add …
        # a word the entry has) is when the rule applies, not a narrowing of it
        words = [v for k, v in span if k == "k"]
        return any(old.match(v) for v in words) and all(v in _MAKING for v in fresh_in(span))

    if not any(_restricts(t) for t in old.toks):
        must = any(k == "s" and v in MUST for k, v in old.toks)
        ordered = any(kind == "order" for kind, _, _ in old.relations)
        for i, tok in enumerate(new.toks):  # "only on weekdays", 仅在CI上, 只有主分支才
            if must and _modal(new.toks, i):
                continue  # 只能提交到X, "can only go to X": a requirement, as the entry's 必须/must
            if i + 1 < len(new.toks) and new.toks[i + 1][0] == "after" and ordered:
                continue  # "commit only after they confirm" / 确认后再 commit: the order the entry gives
            if _restricts(tok) and fresh_in(new.toks[lo[i]:hi[i] + 1]):
                return f"adds a restriction the entry does not have (only … {show(fresh_in(new.toks[lo[i]:hi[i] + 1])[0])})"
            if _restricts(tok) and i + 1 < len(new.toks) and new.toks[i + 1][0] == "k":
                # 只有 patch 会自动合并 / minor 和 patch 会自动合并: "only" keeps one of the entry's list
                dropped = _listed_with(old, new.toks[i + 1][1], new)
                if dropped:
                    return f"narrows the entry's list to {show(new.toks[i + 1][1])} (drops {show(dropped)})"
    if any(k in ("if", "ifpost") for k, _ in old.toks):
        return None
    for i, (kind, _) in enumerate(new.toks):
        if kind == "ifpost":  # 部署到生产时, 数据量大的情况下: the condition comes before its marker
            fresh = fresh_in(new.toks[lo[i]:i])
            if not occasion(new.toks[lo[i]:i]) and sum(1 if len(w) == 1 and not w.isascii() else 2 for w in fresh) >= 2:  # a word, or two characters
                return f"adds a condition the entry does not have ({' '.join(show(w) for w in fresh)} 时)"
        if kind == "if":
            fresh = [v for k, v in new.toks[i + 1:hi[i] + 1]
                     if k == "k" and not old.match(v, new.idents.get(v)) and portable(v, new, old)]
            if len(fresh) >= 2 and not occasion(new.toks[i + 1:hi[i] + 1]):
                return f"adds a condition the entry does not have (if/when {' '.join(show(w) for w in fresh)})"
    return None


def code(new: Text, old: Text) -> str | None:
    """A `code span` whose letters and digits the entry does not spell anywhere, with or without
    backticks (``kubectx staging-eu`` / ``kubectx staging``): code is exact, not prose."""
    for shown, literal in new.code:
        # spelled whole, or word by word (`pathlib.Path` / "use pathlib … paths")
        if literal not in old.literal and not all(old.match(canon(w)) or (w.isdigit() and f"#{int(w)}" in old.numbers)
                                                  for w in _CODE_WORDS.findall(shown.casefold())):
            return f"has code the entry does not ({shown})"
    return None


_CODE_WORDS = re.compile(r"[^\W_]+")


_ONE = frozenset({"one", "single", "一"})  # a count of one that is not written as a number


def _counted(t: Text) -> dict[str, set[str]]:
    """noun -> the counts written before it (``two sprints``, ``一个人``, ``one reviewer``)."""
    out: dict[str, set[str]] = {}
    toks = t.toks
    for i, (kind, value) in enumerate(toks):
        if not ((kind == "k" and value.startswith("#")) or value in _ONE):
            continue
        j = i + 1
        if j < len(toks) and toks[j][0] == "s":
            j += 1  # a measure word or an article: 个, 位, "of the"
        if j < len(toks) and toks[j][0] == "k" and not toks[j][1].startswith("#") and toks[j][1] not in _ONE:
            out.setdefault(toks[j][1], set()).add(value if value.startswith("#") else "#1")
    return out


def counts(new: Text, old: Text) -> str | None:
    """The same thing counted differently, where one side writes the count as a word the number
    check cannot see (``one sprint`` / ``two sprints``, ``一个人`` / ``两个人``)."""
    theirs = _counted(old)
    for noun, mine in sorted(_counted(new).items()):
        other = theirs.get(noun)
        # two written numbers are the number check's; here one side is a count word
        if other and not mine & other and ("#1" in mine or "#1" in other):
            return f"counts {show(min(mine))} {show(noun)} where the entry counts {show(min(other))}"
    return None


def joined(new: Text, old: Text) -> str | None:
    """A list that gains a member: ``X and Y`` (``X、Y``, ``X和Y``) where the entry has X but none
    of Y's words (``代码注释和 commit message 都用英文`` / ``代码注释用英文``)."""
    toks = new.toks
    for i in range(1, len(toks) - 1):
        if toks[i][0] != "conj" or toks[i][1] in ("/", "&", "+"):
            continue
        j = i - 1
        while j > 0 and toks[j] in (("conj", "/"), ("conj", "&"), ("conj", "+")):
            j -= 1  # a path's slash: "src/ 和 scripts/", "infra/ and .github/"
        if toks[j][0] != "k":
            continue
        before = toks[j][1]
        if not old.match(before, new.idents.get(before)):
            continue
        member = []
        # "icon-only buttons and icon-only links": the modifiers the item before repeats are no new member
        start = i + 1
        item = {v for k, v in toks[max(0, j - 3):j + 1] if k in ("k", "s")}
        while start < len(toks) and toks[start][1] in item and (toks[start][0] == "k" or start > i + 1):
            start += 1
        parallel = start > i + 1 and any(k == "k" for k, _ in toks[i + 1:start])
        for kind, value in toks[start:start + 3]:
            if kind != "k" or old.match(value, new.idents.get(value)):
                break
            member.append(value)
        # an English "and" also joins clauses ("... as UTC and convert it"): only a name is an item,
        # or a noun after the modifiers the item before it has
        english = toks[i][1] in ("and", "or")
        if member and (not english or parallel or any(w in new.names for w in member)):
            return f"adds {' '.join(show(w) for w in member)} to what the entry names"
    return _joined_before(new, old)


def _joined_before(new: Text, old: Text) -> str | None:
    """The new member set before the entry's: ``在本地和 CI 里都要设`` / ``在 CI 里要设`` — what
    comes before the list is what the entry has right before its one member."""
    toks = new.toks
    pairs = set(zip(old.toks, old.toks[1:]))
    for i in range(2, len(toks) - 1):
        if toks[i][0] != "conj" or toks[i][1] in ("/", "&", "+"):
            continue
        member, after = toks[i - 1], toks[i + 1]
        if member[0] == after[0] == "k" and not old.match(member[1], new.idents.get(member[1])) \
                and (toks[i - 2], after) in pairs:
            return f"adds {show(member[1])} to what the entry names (before {show(after[1])})"
    return None


def inserted(new: Text, old: Text) -> str | None:
    """A name the entry never mentions, set between two words the entry has side by side
    (``读写 CSV 文件`` / ``读写文件``): it narrows what the entry says to one kind."""
    seq, theirs = new.seq, old.seq
    pairs = set(zip(theirs, theirs[1:]))
    for i in range(1, len(seq) - 1):
        w = seq[i]
        if w in new.names and not old.match(w, new.idents.get(w)) and (seq[i - 1], seq[i + 1]) in pairs:
            return f"narrows it to {show(w)}"
    return None


_UNIVERSAL = frozenset("all every everywhere always anything everything 所有 一律 全部 任何 统统".split())  # not "any": a type, too


# "also", and the words that say a rule holds regardless of a case: "even ones with …", "incident
# or not", "regardless", 无论/不管, 包括 …
_ALSO = re.compile(r"\b(?:too|as well|not (?:only|just)|also|even|regardless|whether or not|\w+ or not)\b"
                   r"|不只|不仅|同样|也要|也得|也需要|无论|不管|不论|包括")


def widened(new: Text, old: Text) -> str | None:
    """The entry's exception dropped while the new text says "all"/"everywhere": the
    rule now has no exception. Or the new text says it holds for more ("too", "not only",
    "also", ``不仅``, ``也要``) where the entry says nothing of the kind."""
    if any(k == "unless" for k, _ in old.toks) and not any(k == "unless" for k, _ in new.toks) \
            and any(v in _UNIVERSAL for _, v in new.toks):
        return "drops the entry's exception (says it holds everywhere)"
    if any(_restricts(t) for t in old.toks) and not any(_restricts(t) for t in new.toks) \
            and any(v in _UNIVERSAL for _, v in new.toks) \
            and not any(k == "unless" for k, _ in new.toks):  # "every digit except the last four": still narrowed
        return "drops the entry's restriction (only …) and says it holds for all"
    # "don't point anything at X" / "don't point notebooks at X": a universal word stands where the
    # entry names what the rule is about, between the same neighbours
    toks, theirs = new.toks, old.toks
    around = {} if not any(v in _UNIVERSAL for _, v in toks) else {(theirs[j - 1], theirs[j + 1]): theirs[j][1] for j in range(1, len(theirs) - 1)
              if theirs[j][0] == "k" and not new.match(theirs[j][1], old.idents.get(theirs[j][1]))}
    for i in range(1, len(toks) - 1):
        if toks[i][1] in _UNIVERSAL and (toks[i - 1], toks[i + 1]) in around:
            return f"says {toks[i][1]} where the entry names {show(around[toks[i - 1], toks[i + 1]])}"
    if _ALSO.search(new.lowered) and not _ALSO.search(old.lowered):
        return "says it holds for more than the entry (too, also, not only)"
    return None


def extended(new: Text, old: Text) -> str | None:
    """The entry's own words with more put in (``never log emails`` / ``never log emails or
    phone numbers``, ``…，确认后再 commit，而且不要自己 push``): nothing of the entry is
    reworded, so what is put in is what the new text adds. A new opening (a title, ``FYI:``) is
    not a fact; where the entry's middle is only small words, one plain word may be a rewording."""
    head, _, ma, mb = _middles(new.toks, old.toks)
    if head == 0 or _has_word(mb):
        return None
    fresh = [v for k, v in ma if k == "k" and not old.match(v, new.idents.get(v))]
    if not fresh or (mb and len(fresh) < 2 and not any(w in new.names for w in fresh)):
        return None
    return f"adds {' '.join(show(w) for w in fresh)} to the entry's own words"


def dropped(new: Text, old: Text) -> str | None:
    """The entry's own words with a qualifier taken out of a clause (``webpack builds ship no
    source maps`` / ``Production webpack builds ship no source maps``, ``登录接口限流`` /
    ``登录接口按 IP 限流``): nothing is reworded, so the words left out are what the new text no
    longer restricts — it says the rule more widely. The mirror of ``extended``. A sentence,
    clause or ending left out (a shorter note, a body dropped) is not a qualifier."""
    _, tail, ma, mb = _middles(new.toks, old.toks)
    # ``the migrations`` / ``database migrations``: a word in the gap refers to what was said
    if tail == 0 or ma or any(k == "b" for k, _ in mb):
        return None
    if old.toks[len(old.toks) - tail][0] == "b":  # what follows the gap is another clause
        return None
    gone = [v for k, v in mb if k == "k" and not new.match(v, old.idents.get(v))]
    if not gone or len(gone) > _MAX_DROPPED:
        return None
    if len(gone) == 1 and _CJK_CHAR.fullmatch(gone[0]):  # one character is a verb or particle (设为 / 是)
        return None
    return f"drops {' '.join(show(w) for w in gone)} from the entry's own words (says it more widely)"


_MAX_DROPPED = 3  # a qualifier is a word or a short phrase; more is a rewrite
_CJK_CHAR = re.compile(r"[\u3400-\u9fff\U00020000-\U0002ffff]")


# English determiners that say the rule is about every one of a kind (``every job``). Chinese
# 所有/全部 are read as filler (vocab.ZH_FILLER), so only English is judged here.
_EVERY = frozenset(("every", "all", "each"))
_DETERMINERS = frozenset("the this that these those our your its their".split())
_MAX_EVERY = 16


def generalised(new: Text, old: Text) -> str | None:
    """``Every scheduled job takes the lock`` / ``The nightly export job takes the lock``: the new
    text says every one of a kind where the entry names one of them — a noun phrase (after a
    determiner or at the text's start) whose modifiers the new text does not have."""
    if new.cjk or old.cjk:  # across languages the modifiers the glossary maps are no evidence
        return None
    toks, theirs = new.toks, old.toks
    old_every = {w for i, (_, v) in enumerate(theirs) if v in _EVERY
                 for _, w in itertools.takewhile(lambda t: t[0] == "k", theirs[i + 1:i + 4])}
    at: dict[str, list[int]] = {}
    for a in range(1, len(theirs)):
        if theirs[a][0] == "k" and theirs[a - 1][0] == "k":
            at.setdefault(theirs[a][1], []).append(a)
    # a note says "every" a few times; a text of thousands of them is not read past the first few
    for i in [j for j, (_, v) in enumerate(toks) if v in _EVERY][:_MAX_EVERY]:
        v = toks[i][1]
        phrase = [w for _, w in itertools.takewhile(lambda t: t[0] == "k", toks[i + 1:i + 4])]
        for word in phrase:
            if word in old_every:
                continue  # the entry says "all clients" too
            for a in at.get(word, ())[:_MAX_EVERY]:
                p = a - 1
                while p > 0 and theirs[p - 1][0] == "k":
                    p -= 1
                # the phrase opens the text or follows a determiner ("the nightly export job"); after
                # a verb or mid-clause ("never build paths", "reviewers send back PRs") the words
                # before the noun are a verb and its subject, not modifiers
                if p > 0 and theirs[p - 1][1] not in _DETERMINERS:
                    continue
                mods = [w for _, w in theirs[p:a] if w not in phrase and not new.match(w, old.idents.get(w))]
                if mods:
                    named = [m for m in mods if not m.startswith("#")] or mods  # "nightly" reads as a period
                    return (f"says {v} {show(word)} where the entry names "
                            f"{' '.join(show(m) for m in named)} {show(word)}")
    return None


# In order: the cheap exact checks first, then the structural ones.
ALL = (numbers, counts, slots, identifiers, code, substitution, setting, flip, required, reversal, swap, named, joined,
       inserted, added, exception, widened, generalised, extended, dropped)
