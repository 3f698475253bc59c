"""Trigger passes: find every rule anchor with a few fast regex scans instead of one slow one.

Why passes: Python's ``re`` scans at memory speed (GB/s) for a pattern that
starts with one literal byte or string, but at about 100 MB/s for a pattern
whose first byte may be one of many (an alternation of anchors). So anchors
are grouped, and each group becomes one pattern that starts with a literal:

* vendor anchors (case-sensitive) by a *pivot*: a byte they contain that is
  rare in prose — ``_`` for ``ghp_``/``npm_``/``sk_live_``, ``-`` for
  ``glpat-``/``sk-``, ``A`` for ``AKIA``/``AIza``. The pattern starts at the
  pivot, checks the part of the anchor before it with a lookbehind and the
  rest, plus the rule's "tail" (a lookahead on the token's shape), after it;
* English keywords (matched on a lower-cased copy) by first letter, as a trie
  with the shared operator lookahead written once; Chinese keywords by a
  character several share (密 for 密码, 密钥, 密碼), like vendor anchors.

About twenty passes cover all rules, so ordinary text costs roughly twenty
memory scans and almost nothing reaches Python code.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

# Pivot bytes for case-sensitive anchors, rarest in notes first (ties in coverage
# go to the earlier one). Lower-case letters and the space are never pivots there:
# too common. Separators and digits are common too (snake_case, well-known, dates):
# an anchor takes one of them only when it has no rarer byte.
_PIVOT_ORDER = b"~=|JQXZKVYWBGFPUMHCDLNROITESA"
_COMMON_PIVOTS = b"_.:-/+0123456789"


class Pass:
    """One scan over the original bytes or their lower-cased copy, compiled on first use
    (an English note never compiles the Chinese-keyword passes).

    A pivot pass marks which anchor matched with an empty group per anchor
    (``anchors[i]``, starting ``offsets[i]`` bytes before the pivot); a trie
    pass matches the anchor text itself (``anchors`` is empty).
    """

    __slots__ = ("_regex", "anchors", "ascii", "checks", "lowered", "offsets", "source", "words")

    def __init__(self, source: bytes, anchors: tuple[bytes, ...], offsets: tuple[int, ...], lowered: bool,
                 words: tuple[bytes, ...] = ()) -> None:
        self.source = source
        self.anchors = anchors
        self.offsets = offsets
        self.lowered = lowered
        # Every literal a match must contain: a short text holding none of them skips the
        # pass without compiling its pattern (a hook scanning one note compiles few or none).
        self.words = words or anchors
        self.checks = 0  # texts looked at that way so far: past a few dozen, compiling pays
        # A pass for Chinese anchors cannot match in pure-ASCII text: skipped there.
        self.ascii = all(a.isascii() for a in anchors) and source[:1].isascii()
        self._regex: re.Pattern[bytes] | None = None

    @property
    def regex(self) -> re.Pattern[bytes]:
        if self._regex is None:
            self._regex = re.compile(self.source)
        return self._regex

    def positions(self, buf: bytes) -> Iterable[tuple[int, bytes]]:
        """(anchor start, anchor) for every place this pass's anchors match in ``buf``."""
        if not self.anchors:
            for m in self.regex.finditer(buf):
                yield m.start(), m.group()
            return
        anchors, offsets = self.anchors, self.offsets
        for m in self.regex.finditer(buf):
            i = m.lastindex - 1  # type: ignore[operator]
            yield m.start() - offsets[i], anchors[i]


def _lookahead(tails: list[str]) -> bytes:
    options = sorted(set(tails))
    return b"" if "" in options else b"(?=" + b"|".join(t.encode("ascii") for t in options) + b")"


def _cover(anchors: list[bytes], candidates: Iterable[bytes]) -> dict[bytes, list[bytes]]:
    """Greedy set cover: pivot -> anchors, preferring pivots shared by many anchors."""
    order = list(dict.fromkeys(candidates))
    left = set(anchors)
    holding = {p: {a for a in anchors if p in a} for p in order}  # computed once: the plan is built per process
    rank = {p: i for i, p in enumerate(order)}
    groups: dict[bytes, list[bytes]] = {}
    while left:
        best = max(order, key=lambda p: (len(holding[p] & left), -rank[p]))
        chosen = sorted(holding[best] & left, key=lambda a: (-len(a), a))
        if not chosen:  # nothing shared: each anchor is its own literal
            for a in sorted(left):
                groups[a] = [a]
            break
        groups[best] = chosen
        left -= set(chosen)
    return groups


# Token bytes: an anchor marked long is followed by at least this many of them after its
# pivot, so a pivot in prose ("well-known", "end. Next", "max_tokens:") fails one cheap
# class check before any anchor alternative is tried.
_LONG_GATE = rb"(?=[A-Za-z0-9_.~+/=$%-]{12})"


def _alternatives(pivot: bytes, members: list[bytes], tails: dict[bytes, list[str]], tail: bytes) -> tuple[bytes, list[bytes]]:
    """The alternation of ``members`` after ``pivot`` (grouped by the byte before it behind
    one class check) and the anchors in the order of their marker groups."""
    by_before: dict[bytes, list[bytes]] = {}
    for a in members:
        at = a.index(pivot)
        by_before.setdefault(a[at - 1:at] if at else b"", []).append(a)
    gated: list[bytes] = []
    free: list[bytes] = []
    order: list[bytes] = []

    def alternative(a: bytes) -> bytes:
        at = a.index(pivot)
        behind = b"(?<=" + re.escape(a[:at + len(pivot)]) + b")" if at else b""
        # The empty group marks the anchor; re restores it when it backtracks out of a branch.
        return behind + re.escape(a[at + len(pivot):]) + (b"" if tail else _lookahead(tails[a])) + b"()"

    for before in sorted(k for k in by_before if k) + ([b""] if b"" in by_before else []):
        group = by_before[before]
        order += group
        alternatives = b"|".join(alternative(a) for a in group)
        if not before:
            free.append(alternatives)
        elif len(group) > 1:
            gated.append(b"(?<=" + re.escape(before + pivot) + b")(?:" + alternatives + b")")
        else:
            gated.append(alternatives)
    parts: list[bytes] = []
    if len(gated) > 2:
        befores = b"".join(re.escape(b) for b in sorted(k for k in by_before if k))
        parts.append(b"(?<=[" + befores + b"]" + re.escape(pivot) + b")(?:" + b"|".join(gated) + b")")
    else:
        parts += gated
    return b"|".join(parts + free), order


def _merge_small(groups: dict[bytes, list[bytes]]) -> dict[bytes, list[bytes]]:
    """Fold groups of one or two anchors into a larger group whose pivot they also hold:
    a pass costs a scan of the whole buffer, one more alternative in a pass costs little."""
    for pivot in sorted(groups, key=lambda p: len(groups[p])):
        members = groups[pivot]
        if len(members) > 2:
            break
        for a in list(members):
            home = max((p for p in groups if p != pivot and p in a and len(groups[p]) > len(members)),
                       key=lambda p: len(groups[p]), default=None)
            if home is not None:
                groups[home].append(a)
                members.remove(a)
        if not members:
            del groups[pivot]
    return {p: sorted(m, key=lambda a: (-len(a), a)) for p, m in groups.items()}


def _pivot_pass(pivot: bytes, members: list[bytes], tails: dict[bytes, list[str]], lowered: bool,
                long: frozenset[bytes] = frozenset()) -> Pass:
    """``pivot`` then one alternative per anchor; anchors in ``long`` sit behind _LONG_GATE."""
    # Chinese keywords share one long operator lookahead: written once after the group.
    shared = {_lookahead(tails[a]) for a in members}
    tail = shared.pop() if len(shared) == 1 else b""
    bodies: list[bytes] = []
    order: list[bytes] = []
    gated_members = [a for a in members if a in long]
    if gated_members:
        body, got = _alternatives(pivot, gated_members, tails, tail)
        bodies.append(_LONG_GATE + b"(?:" + body + b")")
        order += got
    rest = [a for a in members if a not in long]
    if rest:
        body, got = _alternatives(pivot, rest, tails, tail)
        bodies.append(body)
        order += got
    source = re.escape(pivot) + b"(?:" + b"|".join(bodies) + b")" + tail
    return Pass(source, tuple(order), tuple(a.index(pivot) for a in order), lowered)


def trie(words: list[bytes]) -> bytes:
    """An alternation of ``words`` with shared prefixes merged (one literal prefix for ``re``)."""
    heads: dict[bytes, list[bytes]] = {}
    for w in words:
        heads.setdefault(w[:1], []).append(w[1:])
    alternatives = []
    for head in sorted(heads):
        rests = [r for r in heads[head] if r]
        optional = len(rests) < len(heads[head])  # a word ends here; longer ones are tried first
        if not rests:
            alternatives.append(re.escape(head))
            continue
        inner = trie(rests)
        if optional or b"|" in inner and len({r[:1] for r in rests}) > 1:
            inner = b"(?:" + inner + b")" + (b"?" if optional else b"")
        alternatives.append(re.escape(head) + inner)
    return b"|".join(alternatives)


def _trie_pass(words: list[bytes], tails: dict[bytes, list[str]]) -> Pass:
    """Keywords sharing a first letter and one tail: the match is the keyword itself."""
    tail = _lookahead([t for w in words for t in tails[w]])
    return Pass(b"(?:" + trie(words) + b")" + tail, (), (), True, tuple(words))


def plan(triggers: Iterable[tuple]) -> list[Pass]:
    """Passes for (anchor, tail, lowered[, long]) triggers; the same anchor may carry several
    tails. ``long`` says the token has 12+ token bytes after any pivot (see _LONG_GATE)."""
    tails: dict[bool, dict[bytes, list[str]]] = {False: {}, True: {}}
    short: set[bytes] = set()
    for anchor, tail, lowered, *rest in triggers:
        tails[lowered].setdefault(anchor, []).append(tail)
        if not (rest and rest[0]):
            short.add(anchor)
    long = frozenset(a for a in tails[False] if a not in short)
    passes = []
    vendor = sorted(tails[False])
    rare = [a for a in vendor if any(b in _PIVOT_ORDER for b in a)]
    groups = _cover(rare, (bytes([b]) for b in _PIVOT_ORDER))
    groups.update(_cover([a for a in vendor if a not in rare], (bytes([b]) for b in _COMMON_PIVOTS)))
    for pivot, members in sorted(_merge_small(groups).items()):
        passes.append(_pivot_pass(pivot, members, tails[False], False, long))
    # English keywords: one trie pass per first letter (p, s, t, k, c).
    by_letter: dict[bytes, list[bytes]] = {}
    for word in sorted(w for w in tails[True] if w.isascii()):
        by_letter.setdefault(word[:1], []).append(word)
    for words in by_letter.values():
        passes.append(_trie_pass(words, tails[True]))
    # Chinese keywords pivot on a character several share (密 for 密码/密钥/密碼).
    cjk = sorted(w for w in tails[True] if not w.isascii())
    chars = sorted({c.encode("utf-8") for w in cjk for c in w.decode("utf-8")})
    for pivot, members in sorted(_cover(cjk, chars).items()):
        passes.append(_pivot_pass(pivot, members, tails[True], True))
    return passes
