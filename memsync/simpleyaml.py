"""A fast reader for the plain subset of YAML that frontmatter almost always uses.

PyYAML's C parser still builds Python objects in pure Python, which made a
cold compile of 10,000 entries spend most of its time in the YAML constructor.
Frontmatter written by people and by memsync is nearly always flat:

    key: plain or 'quoted' or "quoted" scalar
    key:
      - item
      - item
    key: ["item", 'item', item]

``load_simple`` reads exactly that subset and returns None for anything else
(comments, flow mappings, nested or multi-line flow sequences, block scalars, anchors, tags, floats, dates,
escapes, odd indentation...), so the caller falls back to the real YAML loader.
When it does answer, the answer equals PyYAML's SafeLoader result; a property
test in tests/test_simpleyaml.py compares the two on generated documents.

PyYAML itself (its resolver of implicit types) is imported only for a scalar
that could be something other than a string or a plain integer: one starting
with a character that opens a YAML 1.1 bool, null, number, date, merge key or
value key, unless it is a word that none of those can be. Typical frontmatter
never needs it, which saves importing PyYAML at all.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

_KEY_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: +(.*))?\Z")
_ITEM_LINE = re.compile(r"( *)- +(.*)\Z|( *)-\Z")
# Characters PyYAML's reader rejects, and tabs (indentation rules differ): leave them to it.
# ASCII text is checked with the ASCII part of the class (compiled at import; the whole class lazily).
_UNUSUAL_ASCII = re.compile("[^\\x0A\\x20-\\x7E]")
# Spelled as the characters outside YAML's printable set rather than "not inside it": the same
# set, but a class of a few small ranges compiles in 0.7 ms, the negated one of huge ranges in 7.
_UNUSUAL_PATTERN = "[\\x00-\\x09\\x0B-\\x1F\\x7F-\\x9F\\uD800-\\uDFFF\\uFFFE\\uFFFF]"
_PLAIN_START = set("-?:,[]{}#&*!|>'\"%@`")
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")
_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}

_STR = "tag:yaml.org,2002:str"
# First characters of every implicit type of YAML 1.1 but strings (bool, null, int,
# float, timestamp, merge '<<', value '=', and '!&*' of the "yaml" type), and,
# lowercased, every word a bool or null can be spelled as (a superset of PyYAML's).
_TYPED_START = frozenset("yYnNtTfFoO~-+0123456789.<=!&*")
_TYPED_WORDS = frozenset({"y", "yes", "n", "no", "true", "false", "on", "off", "null"})
# How PyYAML's resolver spells bools and nulls ('pinned: true' is read without importing it).
_BOOL, _NULL = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"
_BOOL_WORDS = frozenset("yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off OFF".split())
_NULL_WORDS = frozenset({"~", "null", "Null", "NULL"})


@cache
def _unusual() -> re.Pattern[str]:
    return re.compile(_UNUSUAL_PATTERN)


@cache
def _resolver() -> Any:
    import yaml

    return yaml.resolver.Resolver().resolve, yaml.ScalarNode


def _tag(text: str) -> str:
    """The tag SafeLoader would give the plain scalar ``text`` (PyYAML asked only when it could matter)."""
    first = text[0]
    if first not in _TYPED_START or (first.isalpha() and text.lower() not in _TYPED_WORDS):
        return _STR
    if _INT.match(text):
        return "tag:yaml.org,2002:int"
    if first.isalpha() or first == "~":  # a word of _TYPED_WORDS: YAML 1.1 spells these cases only
        return _BOOL if text in _BOOL_WORDS else _NULL if text in _NULL_WORDS else _STR
    resolve, node = _resolver()
    return resolve(node, text, (True, False))


class _NotSimple(Exception):
    pass


def _scalar(text: str) -> Any:
    """One scalar on one line, as SafeLoader would construct it, or _NotSimple."""
    text = text.rstrip(" ")
    if not text:
        return None
    first = text[0]
    if first == "'":
        if len(text) < 2 or not text.endswith("'"):
            raise _NotSimple
        inner = text[1:-1]
        if "'" in inner.replace("''", ""):
            raise _NotSimple
        return inner.replace("''", "'")
    if first == '"':
        inner = text[1:-1]
        if len(text) < 2 or not text.endswith('"') or '"' in inner or "\\" in inner:
            raise _NotSimple
        return inner
    if first in _PLAIN_START or ": " in text or text.endswith(":") or " #" in text:
        raise _NotSimple
    tag = _tag(text)
    if tag == _STR:
        return text
    if tag == "tag:yaml.org,2002:int" and _INT.match(text):
        return int(text)
    if tag == _BOOL:
        return _BOOLS[text.lower()]
    if tag == _NULL:
        return None
    raise _NotSimple  # floats, dates, octal/hex ints, '=': the real loader decides


# Inside a flow sequence a plain item ends at any of these (PyYAML reads ':' there as a mapping's).
_FLOW_STOPS = re.compile(r"[:?#\[\]{},]")


def _flow(text: str) -> list[Any]:
    """A one-line flow sequence of scalars (``["vue", 'db', 2]``, as tools that write JSON-like
    frontmatter emit ``load_when``), as SafeLoader reads it, or _NotSimple. A quoted item holding a
    comma, a trailing comma, nesting: the real loader decides."""
    text = text.rstrip(" ")
    if not text.endswith("]"):
        raise _NotSimple
    inner = text[1:-1]
    if not inner.strip(" "):
        return []
    items = []
    for part in inner.split(","):
        part = part.strip(" ")
        if not part or (part[0] not in "'\"" and _FLOW_STOPS.search(part)):
            raise _NotSimple
        items.append(_scalar(part))
    return items


def load_simple(fm: str) -> tuple[dict[str, Any], dict[str, int], list[tuple[str, int]]] | None:
    """(mapping, key -> 0-based line, duplicate keys) for simple frontmatter, else None."""
    if (_UNUSUAL_ASCII if fm.isascii() else _unusual()).search(fm):
        return None
    lines = fm.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    data: dict[str, Any] = {}
    key_lines: dict[str, int] = {}
    dups: list[tuple[str, int]] = []
    current: list[Any] | None = None  # the list being filled by "- item" lines
    indent: int | None = None
    last_key: str | None = None
    try:
        for number, line in enumerate(lines):
            if not line.strip():
                continue
            m = _KEY_LINE.match(line)
            if m:
                key, value = m.groups()
                if _tag(key) != _STR:
                    return None  # 'true:', 'null:', '123:' are not string keys
                if key in key_lines:
                    dups.append((key, number))
                else:
                    key_lines[key] = number
                last_key, current, indent = key, None, None
                if value is None or not value.strip():
                    current = []
                    data[key] = None  # stays null unless list items follow
                else:
                    data[key] = _flow(value) if value[0] == "[" else _scalar(value)
                continue
            m = _ITEM_LINE.match(line)
            if not m or current is None or last_key is None:
                return None
            spaces = m.group(1) if m.group(1) is not None else m.group(3)
            if indent is None:
                indent = len(spaces)
            elif len(spaces) != indent:
                return None
            if m.group(2) is None:
                return None  # "-" alone: a null item; rare, let YAML decide
            current.append(_scalar(m.group(2)))
            data[last_key] = current
    except (_NotSimple, ValueError):  # ValueError: an int too long for int()
        return None
    if not data:
        return None
    return data, key_lines, dups


# -- writing ------------------------------------------------------------------------------------
# The same subset, written as memsync's Dumper (PyYAML's SafeDumper, block style, unicode kept,
# list items indented under their key) writes it, so writing an entry needs no PyYAML import
# either. A value outside it (a mapping, a float, a multi-line or control-character string, a
# string only the resolver can type) makes ``dump_simple`` answer None: the caller asks PyYAML.
# tests/test_simpleyaml.py compares the two on generated documents.

_BREAKS = "\n\x85\u2028\u2029"
_SPACE_AFTER = frozenset("\0 \t\r" + _BREAKS)
_FIRST_INDICATORS = frozenset("#,[]{}&*!|>'\"%@`")
_MAX_DUMPED = 4096  # PyYAML folds a long plain line at its width; far below it here


def _printable(text: str) -> bool:
    """Every character one PyYAML writes as it is with allow_unicode (no escape, no break)."""
    if text.isascii():
        return not _UNUSUAL_ASCII.search(text) and "\n" not in text
    return not _unusual().search(text) and "\n" not in text and "\ufeff" not in text and "\x85" not in text \
        and "\u2028" not in text and "\u2029" not in text


def _plain_ok(text: str) -> bool:
    """PyYAML's analysis of a one-line scalar in block context: may it be written plain?"""
    if text[0] == " " or text[-1] == " " or text.startswith(("---", "...")):
        return False
    n = len(text)
    for i, ch in enumerate(text):
        followed = i + 1 >= n or text[i + 1] in _SPACE_AFTER
        if i == 0:
            if ch in _FIRST_INDICATORS or (ch in "?:-" and followed):
                return False
        elif (ch == ":" and followed) or (ch == "#" and text[i - 1] in " \t"):
            return False
    return True


def _dump_str(text: str) -> str | None:
    if not text or len(text) > _MAX_DUMPED or not _printable(text):
        return None
    first = text[0]
    if first not in _TYPED_START or (first.isalpha() and text.lower() not in _TYPED_WORDS):
        typed = False  # surely a string to the resolver
    elif _INT.match(text):
        typed = True  # '42' must stay a string: quoted
    else:
        return None  # the resolver decides (a bool, a float, a date?)
    if not typed and _plain_ok(text):
        return text
    return "'" + text.replace("'", "''") + "'"


def _dump_scalar(value: Any) -> str | None:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _dump_str(value)
    return None


def dump_simple(data: dict[str, Any]) -> str | None:
    """``data`` as memsync's PyYAML Dumper writes it (stripped), or None outside the subset."""
    out: list[str] = []
    for key, value in data.items():
        if not isinstance(key, str) or not _KEY_LINE.match(key + ":") or _tag(key) != _STR:
            return None
        if isinstance(value, (list, tuple)):
            if not value:
                out.append(f"{key}: []")
                continue
            out.append(f"{key}:")
            for item in value:
                if isinstance(item, (list, tuple, dict)):
                    return None
                written = _dump_scalar(item)
                if written is None:
                    return None
                out.append(f"  - {written}")
            continue
        written = _dump_scalar(value)
        if written is None:
            return None
        out.append(f"{key}: {written}")
    return "\n".join(out) if out else None
