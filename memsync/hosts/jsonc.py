"""JSON with comments and trailing commas, read with positions so an edit rewrites only what it changes.

Hosts keep their settings in JSON (Claude Code, Cursor) or JSONC (OpenCode's
``opencode.jsonc``, and people do comment their ``opencode.json``). Loading and
dumping would drop every comment and reorder nothing we were asked to touch; so
``parse`` records where each value sits in the text, and the edit functions splice
new text into those places, leaving every other byte as it was.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from memsync.errors import MemsyncError

MAX_DEPTH = 200  # a hostile file must not exhaust the stack

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_WORDS = {"true": True, "false": False, "null": None}


@dataclass
class Node:
    """A value in the text: ``text[start:end]`` is its source."""

    start: int
    end: int
    value: Any
    members: list[tuple[str, Node]] = field(default_factory=list)  # objects: (key, value), in order
    items: list[Node] = field(default_factory=list)  # arrays
    kind: str = "scalar"  # "object", "array" or "scalar"

    def member(self, key: str) -> Node | None:
        """The value of ``key`` (the last one when a key repeats, as JSON readers do)."""
        found = None
        for k, v in self.members:
            if k == key:
                found = v
        return found


class JsonError(MemsyncError):
    """The file is not JSON (or JSONC); it names the line and column."""


class _Parser:
    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.pos = 0

    def fail(self, message: str, pos: int | None = None) -> JsonError:
        at = self.pos if pos is None else pos
        line = self.text.count("\n", 0, at) + 1
        col = at - (self.text.rfind("\n", 0, at) + 1) + 1
        return JsonError(f"not valid JSON at line {line}, column {col}: {message}", path=self.name)

    def skip(self) -> None:
        """Whitespace and comments."""
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c in " \t\r\n\ufeff":
                self.pos += 1
            elif text.startswith("//", self.pos):
                nl = text.find("\n", self.pos)
                self.pos = n if nl < 0 else nl + 1
            elif text.startswith("/*", self.pos):
                close = text.find("*/", self.pos + 2)
                if close < 0:
                    raise self.fail("a /* comment is never closed")
                self.pos = close + 2
            else:
                return

    def value(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise self.fail(f"nested deeper than {MAX_DEPTH} levels")
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("the text ends where a value should be")
        c = self.text[self.pos]
        if c == "{":
            return self.obj(depth)
        if c == "[":
            return self.arr(depth)
        if c == '"':
            start = self.pos
            text = self.string()
            return Node(start, self.pos, text)
        m = _NUMBER.match(self.text, self.pos)
        if m and m.end() > self.pos:
            self.pos = m.end()
            raw = m.group()
            # Past Python's 4,300-digit int limit (JSON has none) the value is only compared, never
            # written back: a float stands in for it, the text stays as it was.
            whole = not any(ch in raw for ch in ".eE") and len(raw) < 4300
            return Node(m.start(), m.end(), int(raw) if whole else float(raw))
        for word, val in _WORDS.items():
            if self.text.startswith(word, self.pos):
                start, self.pos = self.pos, self.pos + len(word)
                return Node(start, self.pos, val)
        raise self.fail(f"unexpected character {c!r}")

    def string(self) -> str:
        start = self.pos
        i = start + 1
        text = self.text
        while True:
            j = text.find('"', i)
            if j < 0:
                raise self.fail("a string is never closed", start)
            k = j - 1
            while text[k] == "\\":
                k -= 1
            if (j - 1 - k) % 2 == 0:  # an even number of backslashes: this quote ends it
                break
            i = j + 1
        raw = text[start:j + 1]
        try:
            value: str = json.loads(raw)
        except ValueError:
            raise self.fail("a string holds a bad escape or a raw control character", start) from None
        self.pos = j + 1
        return value

    def another(self, close: str) -> bool:
        """After an element: True when a comma says another may follow, False at ``close``."""
        self.skip()
        if self.pos < len(self.text) and self.text[self.pos] == ",":
            self.pos += 1
            return True
        if self.pos >= len(self.text) or self.text[self.pos] != close:
            raise self.fail(f"expected , or {close} after a value")
        return False

    def obj(self, depth: int) -> Node:
        node = Node(self.pos, -1, {}, kind="object")
        self.pos += 1
        while True:
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == "}":
                break
            if self.pos >= len(self.text) or self.text[self.pos] != '"':
                raise self.fail("expected a quoted key or }")
            key = self.string()
            self.skip()
            if self.pos >= len(self.text) or self.text[self.pos] != ":":
                raise self.fail("expected : after a key")
            self.pos += 1
            val = self.value(depth + 1)
            node.members.append((key, val))
            node.value[key] = val.value
            if not self.another("}"):
                break
        self.pos += 1
        node.end = self.pos
        return node

    def arr(self, depth: int) -> Node:
        node = Node(self.pos, -1, [], kind="array")
        self.pos += 1
        while True:
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == "]":
                break
            val = self.value(depth + 1)
            node.items.append(val)
            node.value.append(val.value)
            if not self.another("]"):
                break
        self.pos += 1
        node.end = self.pos
        return node


def parse(text: str, name: str = "<text>") -> Node:
    """The document's top value with positions; ``JsonError`` (line and column) if it is not JSONC."""
    p = _Parser(text, name)
    node = p.value(0)
    p.skip()
    if p.pos != len(text):
        raise p.fail("unexpected text after the end of the document")
    return node


def indent_unit(text: str) -> str:
    """The file's indentation step (the first indented line's), else two spaces."""
    m = re.search(r"\n([ \t]+)[\"\[{}\]]", text)
    return m.group(1) if m else "  "


def _line_indent(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    m = re.match(r"[ \t]*", text[start:pos])
    return m.group() if m else ""


def render(value: Any, base: str, unit: str) -> str:
    """``value`` as JSON whose continuation lines start with ``base``."""
    if unit.strip(" ") == "" and unit:
        dumped = json.dumps(value, ensure_ascii=False, indent=len(unit))
    else:
        dumped = json.dumps(value, ensure_ascii=False, indent=unit)
    return dumped.replace("\n", "\n" + base)


def replace(text: str, node: Node, value: Any) -> str:
    """``text`` with ``node`` replaced by ``value``."""
    if "\n" not in text[node.start:node.end] and _line_indent(text, node.start) != text[text.rfind("\n", 0, node.start) + 1:node.start]:
        new = json.dumps(value, ensure_ascii=False)  # it sits inside a one-line value: stay on one line
    else:
        new = render(value, _line_indent(text, node.start), indent_unit(text))
    return text[:node.start] + new + text[node.end:]


def _after_value(text: str, end: int) -> tuple[int, bool]:
    """Where a new sibling goes after a value ending at ``end``: (position, a comma follows already)."""
    i = end
    while i < len(text) and text[i] in " \t":
        i += 1
    if i < len(text) and text[i] == ",":
        return i + 1, True
    return end, False


def _insert(text: str, container: Node, last: tuple[int, int] | None, piece: str) -> str:
    """Insert ``piece`` (already indented for a member line) as the container's last element."""
    unit = indent_unit(text)
    base = _line_indent(text, container.start)
    inner = base + unit
    rendered = piece.replace("\n", "\n" + inner)
    if last is None:  # empty: `{}` or `{ // comment \n }`
        close_at = container.end - 1
        body = text[container.start + 1:close_at]
        if body.strip() == "":
            return text[:container.start + 1] + "\n" + inner + rendered + "\n" + base + text[close_at:]
        return text[:close_at].rstrip(" \t") + "\n" + inner + rendered + "\n" + base + text[close_at:]
    last_start, last_end = last
    pos, comma = _after_value(text, last_end)
    # Keep a comment that ends the last element's line on that line.
    nl = text.find("\n", pos)
    rest = text[pos:nl if nl >= 0 else len(text)]
    stripped = rest.strip()
    if nl >= 0 and (stripped == "" or stripped.startswith("//")):
        line_indent = _line_indent(text, last_start) if text.rfind("\n", 0, last_start) >= 0 else inner
        head = text[:pos] if comma else text[:pos] + ","
        tail = "," if comma else ""
        return head + rest + "\n" + line_indent + rendered + tail + text[nl:]
    return text[:pos] + ("" if comma else ",") + " " + rendered + ("," if comma else "") + text[pos:]


def same(a: Any, b: Any) -> bool:
    """Equal as JSON (``True`` is not ``1``, key order does not matter)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _piece(text: str, container: Node, value: Any) -> str:
    """``value`` rendered to sit in ``container``: on one line when the container is."""
    if "\n" not in text[container.start:container.end]:
        return json.dumps(value, ensure_ascii=False)
    return render(value, "", indent_unit(text))


def set_member(text: str, obj: Node, key: str, value: Any) -> str:
    """``text`` with ``obj[key] = value``: the old value replaced in place, or a member appended."""
    old = obj.member(key)
    if old is not None:
        return text if same(old.value, value) else replace(text, old, value)
    piece = json.dumps(key, ensure_ascii=False) + ": " + _piece(text, obj, value)
    last = (obj.members[-1][1].start, obj.members[-1][1].end) if obj.members else None
    return _insert(text, obj, last, piece)


def append_item(text: str, arr: Node, value: Any) -> str:
    """``text`` with ``value`` appended to the array ``arr``."""
    piece = _piece(text, arr, value)
    last = (arr.items[-1].start, arr.items[-1].end) if arr.items else None
    return _insert(text, arr, last, piece)


_BLANK = " \t\r\n\ufeff"


def set_path(text: str, path: tuple[str, ...], value: Any, name: str = "<text>") -> str:
    """``text`` with the member at ``path`` (keys from the top object) set to ``value``,
    creating the objects on the way; an empty text becomes a new document."""
    if text.strip(_BLANK) == "":  # a BOM alone is an empty file too
        doc: Any = value
        for key in reversed(path):
            doc = {key: doc}
        return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    node = parse(text, name)
    walked: list[str] = []
    for i, key in enumerate(path):
        if node.kind != "object":
            where = ".".join(walked) or "the document"
            raise MemsyncError(f"{where} is not a JSON object; fix it by hand, then run again", path=name)
        child = node.member(key)
        if i == len(path) - 1 or child is None:
            rest: Any = value
            for k in reversed(path[i + 1:]):
                rest = {k: rest}
            return set_member(text, node, key, rest)
        walked.append(key)
        node = child
    raise AssertionError("unreachable")


def find(text: str, path: tuple[str, ...], name: str = "<text>") -> Node | None:
    """The node at ``path`` (object keys), or None."""
    if text.strip(_BLANK) == "":  # a BOM alone is an empty file too
        return None
    node: Node | None = parse(text, name)
    for key in path:
        if node is None or node.kind != "object":
            return None
        node = node.member(key)
    return node
