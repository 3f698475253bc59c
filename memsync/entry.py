"""Parse and write one memory entry: YAML frontmatter plus a Markdown body.

Everything here is pure: bytes or text in, values out. Reading is strict about
what could hurt (size, encoding, YAML aliases, deep nesting) and tolerant about
the rest: a wrong field type becomes a Problem, not an exception, so that lint
can report every problem of a tree in one run.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from memsync.names import nfc
from memsync.problems import EntryError, Problem
from memsync.simpleyaml import load_simple

MAX_ENTRY_BYTES = 1 << 20
# Frontmatter is metadata; a bound on it also bounds how deep YAML can nest,
# which matters because libyaml's composer recurses on the C stack.
MAX_FRONTMATTER_CHARS = 64 * 1024
MAX_NESTING = 64
# Timestamps are epoch milliseconds from 1970 to the end of year 9999; anything beyond is
# a mistake (seconds * 1e6, a pasted hash) that would overflow SQLite's 64-bit integers.
MAX_EPOCH_MS = 253402300799999

KNOWN_KEYS = (
    "id",
    "kind",
    "summary",
    "highlight",
    "created",
    "updated",
    "load_when",
    "pinned",
    "supersedes",
    "superseded_by",
)
REQUIRED_KEYS = ("id", "kind", "summary")

_COMPACT_NESTING = re.compile(r"(?:[-?][ \t]+){%d,}" % MAX_NESTING)


def _check_nesting(fm: str) -> None:
    if fm.count("[") + fm.count("{") > MAX_NESTING:
        depth = deepest = 0
        for ch in re.findall(r"[\[\]{}]", fm):
            depth = depth + 1 if ch in "[{" else max(depth - 1, 0)
            deepest = max(deepest, depth)
        if deepest > MAX_NESTING:
            raise EntryError(2, "E009", f"frontmatter nests more than {MAX_NESTING} levels deep")
    if _COMPACT_NESTING.search(fm):
        raise EntryError(2, "E009", f"frontmatter nests more than {MAX_NESTING} levels deep")


# Bytes that text holds: what pre-commit's `types: [text]` (the identify library, like
# file(1)) counts as text. Any other byte (NUL, most C0 controls, DEL) means binary data
# or UTF-16 without a BOM, which secret scanners skip, so such a file is not an entry.
_TEXT_BYTES = bytes([7, 8, 9, 10, 11, 12, 13, 27]) + bytes(range(0x20, 0x7F)) + bytes(range(0x80, 0x100))
_NOT_TEXT = re.compile(b"[^" + re.escape(_TEXT_BYTES) + b"]")
_WIDE_BOMS = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"),
              (b"\xfe\xff", "UTF-16"), (b"\xff\xfe", "UTF-16"))


def text_problem(data: bytes) -> EntryError | None:
    """Why ``data`` is not UTF-8 text (an EntryError with code E001 to raise), or None."""
    for bom, name in _WIDE_BOMS:
        if data.startswith(bom):
            return EntryError(1, "E001", f"not UTF-8 text: the file is {name}; save it as UTF-8")
    if data.translate(None, _TEXT_BYTES):  # fast: most files hold no such byte
        m = _NOT_TEXT.search(data)
        assert m is not None
        at = m.start()
        line = data.count(b"\n", 0, at) + 1
        head = data[:64]
        half = len(head) // 2
        if half and max(head[0::2].count(0), head[1::2].count(0)) * 2 >= half:  # NUL in every other byte
            return EntryError(line, "E001", "not UTF-8 text: looks like UTF-16 without a byte-order mark;"
                                            " save it as UTF-8")
        return EntryError(line, "E001", f"not UTF-8 text: byte 0x{data[at]:02x} at offset {at} (binary data?)")
    return None


def decode(data: bytes) -> str:
    """UTF-8 text without a BOM, with CRLF turned into LF; EntryError (E001) if the bytes are
    not UTF-8 text: invalid UTF-8, UTF-16/32, or binary bytes such as NUL."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    problem = text_problem(data)
    if problem is not None:
        raise problem
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise EntryError(line, "E001", f"not valid UTF-8 (byte {exc.start})") from None
    return text.replace("\r\n", "\n")


def split_frontmatter(text: str) -> tuple[str, str, int]:
    """Return (frontmatter, body, first body line); EntryError when there is none."""
    if not text.strip():
        raise EntryError(0, "E003", "empty file")
    first, sep, rest = text.partition("\n")
    if first.rstrip() != "---":
        raise EntryError(1, "E004", "no frontmatter: an entry starts with a '---' line")
    pos = 0
    line_no = 2
    while True:
        end = rest.find("\n", pos)
        line = rest[pos:] if end < 0 else rest[pos:end]
        if line.rstrip() in ("---", "..."):
            fm = rest[:pos]
            body = "" if end < 0 else rest[end + 1 :]
            return fm, body, line_no + 1
        if end < 0:
            raise EntryError(1, "E005", "frontmatter is not closed by a '---' line")
        if pos > MAX_FRONTMATTER_CHARS:
            raise EntryError(2, "E009", "frontmatter is larger than 64 KiB")
        pos = end + 1
        line_no += 1


def load_frontmatter(fm: str) -> tuple[Any, dict[str, int], list[tuple[str, int]]]:
    """Load YAML frontmatter; return (value, key -> 1-based line, duplicate keys)."""
    if len(fm) > MAX_FRONTMATTER_CHARS:
        raise EntryError(2, "E009", "frontmatter is larger than 64 KiB")
    simple = load_simple(fm)
    if simple is not None:
        value, lines, duplicates = simple
        return value, {k: v + 2 for k, v in lines.items()}, [(k, v + 2) for k, v in duplicates]
    _check_nesting(fm)
    from memsync import yamlio  # PyYAML only for frontmatter simpleyaml cannot read

    value, lines, duplicates = yamlio.load(fm)
    return value, {k: v + 2 for k, v in lines.items()}, [(k, v + 2) for k, v in duplicates]


_ASCII_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*\Z")


def valid_name(name: str) -> bool:
    """A category or slug: Unicode letters, digits (and their marks), '-' and '_'."""
    if name.isascii():
        return _ASCII_NAME.match(name) is not None
    if not name or name[0] in ".-":
        return False
    return all(c in "-_" or unicodedata.category(c)[0] in "LNM" for c in name)


def _one_line(value: str) -> str:
    return " ".join(value.split())


class _PathNames:
    """id, category and slug, all derived from ``path`` (``<category>/<slug>.md``).

    ``id`` and ``category`` are computed once per object: compiling 10,000 entries
    asks for them hundreds of thousands of times (``path`` never changes)."""

    path: str

    @cached_property
    def id(self) -> str:
        """The id the path gives, composed (NFC) whatever the file name's bytes (memsync.names);
        lint checks the frontmatter agrees."""
        return nfc(self.path[: -len(".md")])

    @cached_property
    def category(self) -> str:
        return self.path.split("/", 1)[0]

    @cached_property
    def slug(self) -> str:
        return nfc(self.path.rsplit("/", 1)[-1][: -len(".md")])


@dataclass
class Entry(_PathNames):
    """One entry file, parsed. ``meta`` is None when the frontmatter is unreadable."""

    path: str
    meta: dict[str, Any] | None = None
    body: str = ""
    body_line: int = 1
    key_lines: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.meta is not None

    def _problem(self, key: str | None, code: str, message: str) -> None:
        line = self.key_lines.get(key, 1) if key else 1
        self.problems.append(Problem(self.path, line, code, message))

    def _str(self, key: str) -> str:
        value = (self.meta or {}).get(key)
        return value if isinstance(value, str) else ""

    def _time(self, key: str) -> int | None:
        return _timestamp((self.meta or {}).get(key))

    def _str_list(self, key: str, *, allow_scalar: bool) -> tuple[str, ...]:
        value = (self.meta or {}).get(key)
        if allow_scalar and isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return ()
        return tuple(v.strip() for v in value if isinstance(v, str) and v.strip())

    def info(self) -> EntryInfo:
        """The normalized fields compile, lint and search use."""
        # Ids are compared composed: a link written on a device that decomposes names still holds.
        superseded_by = nfc(self._str("superseded_by").strip()) or None
        return EntryInfo(
            path=self.path,
            valid=self.valid,
            doc_id=nfc(self._str("id").strip()),
            kind=_one_line(self._str("kind")),
            summary=_one_line(self._str("summary")),
            highlight=_one_line(self._str("highlight")),
            created=self._time("created"),
            updated=self._time("updated"),
            load_when=self._str_list("load_when", allow_scalar=False),
            pinned=(self.meta or {}).get("pinned") is True,
            supersedes=tuple(nfc(v) for v in self._str_list("supersedes", allow_scalar=True)),
            superseded_by=superseded_by,
            conflict_of=nfc(self._str("conflict_of").strip()) or None,
            problems=tuple(self.problems),
        )


@dataclass(frozen=True)
class EntryInfo(_PathNames):
    """What the tree-wide passes need of an entry; small and cacheable as JSON."""

    path: str
    valid: bool
    doc_id: str
    kind: str
    summary: str
    highlight: str
    created: int | None
    updated: int | None
    load_when: tuple[str, ...]
    pinned: bool
    supersedes: tuple[str, ...]
    superseded_by: str | None
    conflict_of: str | None
    problems: tuple[Problem, ...]

    def to_json(self) -> list[Any]:
        return [
            self.path, self.valid, self.doc_id, self.kind, self.summary, self.highlight,
            self.created, self.updated, list(self.load_when), self.pinned,
            list(self.supersedes), self.superseded_by, self.conflict_of,
            [[p.line, p.code, p.message] for p in self.problems],
        ]

    @classmethod
    def from_json(cls, row: list[Any]) -> EntryInfo:
        path = row[0]
        # Loading a cache builds thousands of these: fill the instance dict directly rather
        # than through the frozen dataclass's __init__ (one object.__setattr__ per field).
        obj = object.__new__(cls)
        obj.__dict__.update(
            # id and category filled here too: a first cached_property lookup costs more than the slicing
            path=path, id=nfc(path[:-3]), category=path.split("/", 1)[0], valid=row[1], doc_id=row[2], kind=row[3], summary=row[4], highlight=row[5],
            created=row[6], updated=row[7], load_when=tuple(row[8]), pinned=row[9], supersedes=tuple(row[10]),
            superseded_by=row[11], conflict_of=row[12],
            problems=tuple(Problem(path, line, code, msg) for line, code, msg in row[13]) if row[13] else (),
        )
        if len(row) != 14:
            raise ValueError("not an EntryInfo row")
        return obj


def too_big(path: str, size: int) -> Problem:
    return Problem(path, 0, "E002", f"entry is {size} bytes; the limit is 1 MiB ({MAX_ENTRY_BYTES} bytes)")


def parse_entry(data: bytes, path: str) -> Entry:
    """Parse an entry's bytes; ``path`` is ``<category>/<slug>.md`` relative to the root.

    Never raises for bad content: problems are collected on the result, and an
    unreadable frontmatter leaves ``meta`` as None.
    """
    entry = Entry(path)
    if len(data) > MAX_ENTRY_BYTES:
        entry.problems.append(too_big(path, len(data)))
        return entry
    try:
        text = decode(data)
        fm, body, body_line = split_frontmatter(text)
        meta, key_lines, dups = load_frontmatter(fm)
    except EntryError as exc:
        entry.problems.append(Problem(path, exc.line, exc.code, exc.message))
        return entry
    entry.body, entry.body_line, entry.key_lines = body, body_line, key_lines
    if not isinstance(meta, dict):
        shown = "empty" if meta is None else f"a {type(meta).__name__}"
        entry.problems.append(Problem(path, 2, "E008", f"frontmatter is {shown}, not a mapping"))
        return entry
    entry.meta = meta
    for key, line in dups:
        entry.problems.append(Problem(path, line, "E022", f"key {key!r} appears more than once"))
    _check_fields(entry)
    return entry


def _check_fields(entry: Entry) -> None:
    meta = entry.meta or {}
    for key in REQUIRED_KEYS:
        if key not in meta:
            entry._problem(None, "E010", f"missing required field {key!r}")
        elif meta[key] is None or (isinstance(meta[key], str) and not meta[key].strip()):
            entry._problem(key, "E011", f"field {key!r} is empty")
    for key in ("id", "kind", "summary", "highlight", "superseded_by"):
        value = meta.get(key)
        if value is not None and not isinstance(value, str):
            entry._problem(key, "E013", f"{key!r} must be a string, not {_type_name(value)}")
    for key in ("summary", "highlight", "kind"):
        value = meta.get(key)
        if isinstance(value, str) and "\n" in value.strip():
            entry._problem(key, "E015", f"{key!r} must be one line")
    doc_id = meta.get("id")
    if isinstance(doc_id, str) and doc_id.strip() and nfc(doc_id.strip()) != entry.id:
        entry._problem("id", "E012", f"id {doc_id.strip()!r} does not match the path (expected {entry.id!r})")
    for key in ("created", "updated"):
        value = meta.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            entry._problem(key, "E013", f"{key!r} must be an integer (epoch milliseconds), not {_type_name(value)}")
        elif isinstance(value, int) and not 0 <= value <= MAX_EPOCH_MS:
            entry._problem(key, "E013", f"{key!r} is {value}: epoch milliseconds run from 0 (1970)"
                                        f" to {MAX_EPOCH_MS} (the end of year 9999)")
    created, updated = _timestamp(meta.get("created")), _timestamp(meta.get("updated"))
    if created is not None and updated is not None and updated < created:
        entry._problem("updated", "E014", f"updated ({updated}) is earlier than created ({created})")
    if "pinned" in meta and not isinstance(meta["pinned"], bool):
        entry._problem("pinned", "E013", f"'pinned' must be true or false, not {_type_name(meta['pinned'])}")
    load_when = meta.get("load_when")
    if load_when is not None and not (
        isinstance(load_when, list) and all(isinstance(v, str) for v in load_when)
    ):
        entry._problem("load_when", "E013", "'load_when' must be a list of strings")
    elif isinstance(load_when, list) and any("\n" in v.strip() for v in load_when):
        entry._problem("load_when", "E015", "each 'load_when' trigger must be one line")
    supersedes = meta.get("supersedes")
    if supersedes is not None and not (
        isinstance(supersedes, str)
        or (isinstance(supersedes, list) and all(isinstance(v, str) for v in supersedes))
    ):
        entry._problem("supersedes", "E013", "'supersedes' must be an id or a list of ids")


def _timestamp(value: Any) -> int | None:
    """An epoch-millisecond value lint accepts, else None: nothing downstream (search's
    SQLite columns, merge, decay) ever sees one outside 0 .. MAX_EPOCH_MS."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_EPOCH_MS:
        return value
    return None


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    names = {int: "an integer", float: "a number", list: "a list", dict: "a mapping"}
    return names.get(type(value), type(value).__name__)


def render_entry(meta: dict[str, Any], body: str) -> str:
    """Write an entry back: known keys in canonical order, unknown keys kept after them."""
    from memsync.simpleyaml import dump_simple

    ordered = {k: meta[k] for k in KNOWN_KEYS if k in meta}
    ordered.update((k, v) for k, v in meta.items() if k not in ordered)
    fm = dump_simple(ordered)  # the bytes PyYAML would write, without importing it (~12 ms)
    if fm is None:
        from frontmatter.default_handlers import YAMLHandler  # what the plain subset cannot say

        from memsync.yamlio import Dumper

        fm = YAMLHandler().export(ordered, Dumper=Dumper, sort_keys=False, width=1 << 16)
    return f"---\n{fm}\n---\n{body}"
