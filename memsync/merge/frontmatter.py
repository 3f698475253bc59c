"""Entry frontmatter as text: merged and edited without re-serializing it.

Re-rendering a parsed mapping drops what YAML does not model (comments) and
rewrites values nobody touched (``0x1F`` becomes ``31``, nanoseconds are cut).
So the frontmatter is cut into *units*: one per top-level key (its line and
continuation lines, inline comments included) and one per other line
(comments, blank lines). A key's identity is its name, a line's identity its
text, so a value change never moves or clashes with a neighbour. The caller
checks that the text it builds here parses to the field merge's mapping;
everything here returns None rather than guess.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache, partial
from typing import Any

from memsync.entry import KNOWN_KEYS, Entry, decode, load_frontmatter, render_entry, split_frontmatter
from memsync.merge.fields import ABSENT, same
from memsync.merge.lines import merge_loose, merge_sequences, merge_text, split_lines
from memsync.problems import EntryError

_KEY = "\x00"  # prefix of a key unit's identity; decoded entry text never holds NUL


@dataclass(frozen=True)
class Header:
    """An entry's frontmatter cut into units; ``opening``/``closing`` are the '---' lines."""

    opening: str
    units: tuple[tuple[str, str], ...]  # (identity, text); texts end in '\n'
    closing: str
    body: str

    @property
    def keys(self) -> dict[str, str]:
        return {ident: text for ident, text in self.units if ident.startswith(_KEY)}

    def text(self, units: list[str] | None = None) -> str:
        parts = [t for _, t in self.units] if units is None else units
        return self.opening + "".join(parts) + self.closing + self.body


def _standalone(line: str) -> bool:
    """A line that belongs to no key: blank, or a comment at the start of the line."""
    return not line.strip() or line.startswith("#")


def split_header(data: bytes, entry: Entry, *, duplicates: bool = False) -> Header | None:
    """The units of a readable entry, or None when its layout is not one key per line range
    (a flow mapping, non-scalar keys; duplicate keys unless ``duplicates``, when a repeated
    key's lines stay in the unit before them): such text is only merged field by field."""
    if entry.meta is None or (not duplicates and any(p.code == "E022" for p in entry.problems)):
        return None
    try:
        text = decode(data)
        fm, body, _ = split_frontmatter(text)
    except EntryError:
        return None
    opening = text.partition("\n")[0] + "\n"
    rest = text[len(opening):]
    closing = rest[len(fm): len(rest) - len(body)]
    closing += "" if closing.endswith("\n") else "\n"  # '---' at the end of the file
    lines = split_lines(fm)
    starts = [(line - 2, key) for key, line in entry.key_lines.items()]  # file line -> fm line
    if len(starts) != len(entry.meta) or any(
        not 0 <= at < len(lines) or (i and at <= starts[i - 1][0]) for i, (at, _) in enumerate(starts)
    ):
        return None
    units: list[tuple[str, str]] = [(ln, ln) for ln in lines[: starts[0][0]]] if starts else []
    for i, (at, key) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(lines)
        tail = end
        while tail > at + 1 and _standalone(lines[tail - 1]):
            tail -= 1
        units.append((_KEY + key, "".join(lines[at:tail])))
        units.extend((ln, ln) for ln in lines[tail:end])
    return Header(opening, tuple(units), closing, body)


# --- what a text holds that a parsed value does not -----------------------------------


def _tokens(text: str) -> list[Any] | None:
    import yaml  # the pure-Python scanner: its marks index characters of ``text``

    try:
        return list(yaml.scan(text, Loader=yaml.SafeLoader))
    except Exception:  # any scanner failure: the caller assumes the worst
        return None


def comments(text: str) -> list[str] | None:
    """The YAML comments in ``text``, in order; None when it does not scan."""
    tokens = _tokens(text)
    if tokens is None:
        return None
    spans = sorted((t.start_mark.index, t.end_mark.index) for t in tokens if t.end_mark.index > t.start_mark.index)
    found: list[str] = []
    pos, i = 0, 0
    while (at := text.find("#", pos)) >= 0:
        while i < len(spans) and spans[i][1] <= at:
            i += 1
        if i < len(spans) and spans[i][0] <= at:
            pos = spans[i][1]  # a '#' inside a scalar ('a#b', "issue #1") is text
            continue
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        found.append(text[at:end].rstrip())
        pos = end
    return found


_FRACTION = re.compile(r"[.](\d+)")


@cache
def _resolve() -> Any:
    import yaml

    return partial(yaml.resolver.Resolver().resolve, yaml.ScalarNode)


def _inexact(value: str) -> bool:
    """A plain scalar whose parsed value keeps less than its text says: a timestamp
    with more than microseconds, a float with more digits than a double holds."""
    import yaml

    tag = _resolve()(value, (True, False))
    if tag == "tag:yaml.org,2002:timestamp":
        fraction = _FRACTION.search(value)
        return fraction is not None and len(fraction.group(1).rstrip("0")) > 6
    if tag == "tag:yaml.org,2002:float":
        written = value.replace("_", "").lower()
        if written.lstrip("+-") in (".inf", ".nan"):
            return False
        try:
            parsed = yaml.safe_load(value)
            return Decimal(written) != Decimal(repr(parsed))
        except (InvalidOperation, ValueError, yaml.YAMLError):
            return True  # sexagesimal and the like: not worth the risk
    return False


def frontmatter_of(data: bytes) -> str | None:
    """The frontmatter text of an entry file, or None when it has none."""
    try:
        return split_frontmatter(decode(data))[0]
    except EntryError:
        return None


def unmodelled(fm: str) -> set[str] | None:
    """What of frontmatter text its parsed mapping does not hold: the comments and the
    inexact scalars (a timestamp's nanoseconds). Formatting alone (quotes, ``0x1F``, ``~``)
    is not counted: a re-render changes it but keeps the value. None if it does not scan."""
    tokens = _tokens(fm)
    found = comments(fm)
    if tokens is None or found is None:
        return None
    return set(found) | {t.value for t in tokens if getattr(t, "plain", False) and _inexact(t.value)}


def keeps_unmodelled(base: str, first: str, second: str, merged: str) -> bool:
    """Does ``merged`` keep every comment and inexact value a side wrote, and every one both
    sides kept? (One a side removed or replaced may go: that is the side's edit.)"""
    old, one, two, out = (unmodelled(t) for t in (base, first, second, merged))
    if old is None or one is None or two is None or out is None:
        return False
    return ((one - old) | (two - old) | (one & two)) <= out


def _comments_kept(dropped: str | None, kept: str) -> bool:
    if dropped is None:
        return True
    lost, have = comments(dropped), comments(kept)
    return lost is not None and have is not None and all(c in have for c in lost)


def render_field(key: str, value: Any) -> str | None:
    """``key: value`` as render_entry writes it (lines ending in '\\n'), or None."""
    from memsync.yamlio import YAMLError

    try:
        text = render_entry({key: value}, "")
    except (YAMLError, ValueError, TypeError, RecursionError):
        return None
    if not (text.startswith("---\n") and text.endswith("\n---\n")):
        return None
    return text[4:-4]


def _unit_value(text: str, key: str) -> Any:
    try:
        value, _, dups = load_frontmatter(text)
    except EntryError:
        return ABSENT
    if not isinstance(value, dict) or dups or list(value) != [key]:
        return ABSENT
    return value[key]


# --- merging ---------------------------------------------------------------------------


def _both_edited(key: str, texts: tuple[str | None, str | None, str | None], values: tuple[Any, Any],
                 want: Any, strict: bool = True) -> str | None:
    """The text of a key both sides rewrote, holding the field merge's value ``want``
    and every comment either side wrote there; None if no such text is found
    (not ``strict``: then ``want`` freshly written, comments or not)."""
    base, first, second = texts
    if want is ABSENT:
        return None
    if first is not None and second is not None:
        # Items added to a list on both sides merge like lines, keeping their comments.
        merged, clean = merge_text(base or "", first, second)
        if clean and same(_unit_value(merged, key), want):
            return merged
        loose = merge_loose(split_lines(base or ""), split_lines(first), split_lines(second))
        if loose is not None and same(_unit_value("".join(loose), key), want):
            return "".join(loose)
    for text, value, other in ((second, values[1], first), (first, values[0], second)):
        if text is not None and same(value, want) and _comments_kept(other, text):
            return text
    fresh = render_field(key, want)
    if fresh is None or not strict:
        return fresh
    return fresh if all(comments(t) == [] for t in (first, second) if t is not None) else None


def _pick(base: Any, first: Any, second: Any) -> tuple[bool, Any]:
    """The 3-way choice for a part one side changed at most: (True, it), else (False, None)."""
    if first == second or second == base:
        return True, first
    if first == base:
        return True, second
    return False, None


def merge_headers(base: Header, first: Header, second: Header, first_meta: dict, second_meta: dict,
                  meta: dict, body: str) -> str | None:
    """The whole merged entry text, keeping each side's frontmatter text; None when the
    units cannot be combined without guessing (the caller then merges field by field)."""
    sequences = ([i for i, _ in base.units], [i for i, _ in first.units], [i for i, _ in second.units])
    order: list[str] | None
    order, clean = merge_sequences(*sequences)
    if not clean:
        order = merge_loose(*sequences)  # e.g. one side drops a key, the other adds one after it
    if order is None:
        return None
    keys = [i for i in order if i.startswith(_KEY)]
    if len(keys) != len(set(keys)):
        return None
    old, one, two = base.keys, first.keys, second.keys
    parts: list[str] = []
    for ident in order:
        if not ident.startswith(_KEY):
            parts.append(ident)
            continue
        key = ident[len(_KEY):]
        texts = (old.get(ident), one.get(ident), two.get(ident))
        done, text = _pick(*texts)
        if not done:
            values = (first_meta.get(key, ABSENT), second_meta.get(key, ABSENT))
            text = _both_edited(key, texts, values, meta.get(key, ABSENT))
        if text is None:
            return None
        parts.append(text)
    opening = _pick(base.opening, first.opening, second.opening)[1] or "---\n"
    closing = _pick(base.closing, first.closing, second.closing)[1] or "---\n"
    return opening + "".join(parts) + closing + body


def render_by_fields(base: Header, first: Header, second: Header, first_meta: dict, second_meta: dict,
                     meta: dict, body: str) -> str | None:
    """The field merge written out in render_entry's key order, but each key's text taken
    from the side whose value is used, so values nobody changed keep their spelling.
    For when the units cannot be ordered (both sides moved keys or lines at one place);
    standalone comment lines are not kept, the caller checks what that loses."""
    ordered = [k for k in KNOWN_KEYS if k in meta] + [k for k in meta if k not in KNOWN_KEYS]
    old, one, two = base.keys, first.keys, second.keys
    parts: list[str] = []
    for key in ordered:
        if not isinstance(key, str):
            return None
        ident = _KEY + key
        texts = (old.get(ident), one.get(ident), two.get(ident))
        done, text = _pick(*texts)
        if not done or text is None or not same(_unit_value(text, key), meta[key]):
            values = (first_meta.get(key, ABSENT), second_meta.get(key, ABSENT))
            text = _both_edited(key, texts, values, meta[key], strict=False)
        if text is None:
            return None
        parts.append(text)
    return "---\n" + "".join(parts) + "---\n" + body


# --- editing one version (a conflict sibling) ------------------------------------------


def _set_scalar(unit: str, key: str, value: Any) -> str | None:
    """``unit`` with its single scalar value replaced, so spacing and inline comments stay."""
    fresh = render_field(key, value)
    tokens = _tokens(unit)
    if fresh is None or tokens is None:
        return None
    prefix = key + ": "
    if not fresh.startswith(prefix) or fresh.count("\n") != 1:
        return None
    import yaml

    kinds = [type(t) for t in tokens]
    if yaml.ValueToken not in kinds:
        return None
    after = tokens[kinds.index(yaml.ValueToken) + 1:]
    scalars = [t for t in after if isinstance(t, yaml.ScalarToken)]
    if len(scalars) != 1 or any(not isinstance(t, (yaml.ScalarToken, yaml.BlockEndToken, yaml.StreamEndToken))
                                for t in after):
        return None
    span = scalars[0]
    return unit[: span.start_mark.index] + fresh[len(prefix):-1] + unit[span.end_mark.index:]


def _rename_key(unit: str, new: str) -> str | None:
    import yaml

    tokens = _tokens(unit)
    if tokens is None:
        return None
    for i, tok in enumerate(tokens[:-1]):
        if isinstance(tok, yaml.KeyToken) and isinstance(tokens[i + 1], yaml.ScalarToken):
            span = tokens[i + 1]
            if not span.plain:
                return None
            return unit[: span.start_mark.index] + new + unit[span.end_mark.index:]
    return None


def edit_header(header: Header, values: dict[str, Any], renames: dict[str, str]) -> str | None:
    """The entry text with keys renamed (old -> new name) and scalar ``values`` set, every
    other byte kept; a key not yet there is added at the end. None if it cannot be done."""
    units = list(header.units)
    for old, new in renames.items():
        idents = [i for i, _ in units]
        if _KEY + old not in idents or _KEY + new in idents:
            return None
        at = idents.index(_KEY + old)
        text = _rename_key(units[at][1], new)
        if text is None:
            return None
        units[at] = (_KEY + new, text)
    for key, value in values.items():
        idents = [i for i, _ in units]
        if _KEY + key in idents:
            at = idents.index(_KEY + key)
            text = _set_scalar(units[at][1], key, value)
            if text is None:
                return None
            units[at] = (_KEY + key, text)
        else:
            fresh = render_field(key, value)
            if fresh is None:
                return None
            last = max((n for n, (i, _) in enumerate(units) if i.startswith(_KEY)), default=len(units) - 1)
            units.insert(last + 1, (_KEY + key, fresh))  # after the last key, before trailing comments
    return header.text([t for _, t in units])
