"""Merge one entry file changed on both sides; a true conflict makes a sibling."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from memsync.entry import Entry, parse_entry, render_entry
from memsync.merge.fields import ABSENT, merge_meta, same
from memsync.merge.frontmatter import (
    edit_header,
    frontmatter_of,
    keeps_unmodelled,
    merge_headers,
    render_by_fields,
    split_header,
)
from memsync.merge.lines import decode_lossless, encode_lossless, merge_text, too_big

# A file name must fit in 255 bytes on common file systems.
_MAX_NAME_BYTES = 255
_SIBLING = re.compile(r"--conflict-[0-9a-f]{7}\.md\Z")


@dataclass(frozen=True)
class Conflict:
    """A true conflict: ``path`` keeps the winning version, ``sibling`` the other."""

    path: str
    sibling: str
    reason: str


@dataclass(frozen=True)
class FileMerge:
    """What to write: ``writes[path]`` is always present (None = delete); a
    conflict adds the sibling's path."""

    writes: dict[str, bytes | None]
    conflict: Conflict | None = None


def blob_id(data: bytes) -> str:
    """Git's object id for ``data`` as a blob, so ``git show <7 hex>`` finds it."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def is_conflict_sibling(path: str) -> bool:
    """True for ``<category>/<slug>--conflict-<7 hex>.md``, a path merge_entry writes."""
    return _SIBLING.search(path) is not None


def sibling_path(path: str, data: bytes) -> str:
    """Where the losing version ``data`` of entry ``path`` is kept.

    The slug is shortened (never the category) when the name would pass 255 bytes.
    """
    folder, _, name = path.rpartition("/")
    slug = name.removesuffix(".md")
    suffix = f"--conflict-{blob_id(data)[:7]}.md"
    room = _MAX_NAME_BYTES - len(suffix)
    while len(slug.encode("utf-8", "surrogatepass")) > room:
        slug = slug[:-1]
    return f"{folder}/{slug}{suffix}" if folder else f"{slug}{suffix}"


@dataclass(frozen=True)
class _Version:
    """One side's entry file, parsed once (``entry.meta`` is None when unreadable).
    ``touched``: when that side last changed the file (a commit time; -1 unknown)."""

    data: bytes
    entry: Entry
    blob: str
    touched: int = -1

    @classmethod
    def of(cls, data: bytes, path: str, touched: int = -1) -> _Version:
        return cls(data, parse_entry(data, path), blob_id(data), touched)

    @property
    def updated(self) -> int:
        value = (self.entry.meta or {}).get("updated")
        return value if type(value) is int else -1

    @property
    def rank(self) -> tuple[int, int, str]:
        """The later ``updated`` wins a conflict; equal (or missing): the side that changed
        the file later (hand edits rarely bump ``updated``); then the larger hash."""
        return (self.updated, self.touched, self.blob)


def _render(meta: dict, body: str) -> bytes | None:
    from memsync.yamlio import YAMLError  # render_entry loads PyYAML anyway

    try:
        return render_entry(meta, body).encode("utf-8", "surrogateescape")
    except (YAMLError, ValueError, TypeError, RecursionError):
        return None  # a value YAML cannot write back: keep both versions whole


def _sibling_bytes(loser: _Version, path: str, sibling: str) -> bytes:
    """The losing version, renamed: its id matches the sibling's path and it
    names the entry it conflicts with. Its supersede links become inert
    (``conflict_supersedes`` / ``conflict_superseded_by``) so the sibling never
    takes part in, or breaks, the supersede graph; nothing is dropped."""
    original = loser.entry.meta
    if original is None:
        return loser.data  # unreadable frontmatter cannot be rewritten; keep it as is
    meta = dict(original)
    values = {"id": sibling.removesuffix(".md"), "conflict_of": path.removesuffix(".md")}
    meta.update(values)
    renames: dict[str, str] = {}
    for key in ("supersedes", "superseded_by"):
        if key in meta:
            value, kept = meta.pop(key), meta.get("conflict_" + key, ABSENT)
            meta["conflict_" + key] = value if kept is ABSENT or same(kept, value) else [kept, value]
            renames[key] = "conflict_" + key
    # Edit the loser's own text, so its comments and exact values survive in the sibling too.
    header = split_header(loser.data, loser.entry, duplicates=True)
    if header is not None:
        text = edit_header(header, values, renames)
        if text is not None:
            data = text.encode("utf-8", "surrogateescape")
            if _holds(data, sibling, meta, loser.entry.body, _repeats(loser.entry)):
                return data
    return _render(meta, loser.entry.body) or loser.data


def _repeats(entry: Entry) -> int:
    return sum(p.code == "E022" for p in entry.problems)


def _holds(data: bytes, path: str, meta: dict, body: str, repeats: int = 0) -> bool:
    """``data`` reads back as exactly ``meta`` and ``body``, with no more keys written
    twice than ``repeats`` (what the version it is made from already had)."""
    entry = parse_entry(data, path)
    return (entry.meta is not None and same(entry.meta, meta) and entry.body == body
            and _repeats(entry) <= repeats)


def _conflict(path: str, winner: _Version, loser: _Version, why: str) -> FileMerge:
    sibling = sibling_path(path, loser.data)
    if winner.updated > loser.updated:
        kept = "the version updated later"
    elif winner.touched > loser.touched:
        kept = "of two versions with the same 'updated', the one changed later"
    else:
        kept = "of two versions with the same 'updated', the one with the larger hash"
    reason = f"{why}: {kept} stays at {path}, the other is in {sibling}"
    writes: dict[str, bytes | None] = {path: winner.data, sibling: _sibling_bytes(loser, path, sibling)}
    return FileMerge(writes, Conflict(path, sibling, reason))


def _merge_versions(path: str, base: bytes, first: _Version, second: _Version) -> tuple[bytes | None, str]:
    """Merge two changed versions; (merged bytes, "") or (None, why it conflicts)."""
    old = parse_entry(base, path)
    if old.meta is None or first.entry.meta is None or second.entry.meta is None:
        texts = [decode_lossless(data)[0] for data in (base, first.data, second.data)]
        if too_big(*texts):
            return None, "too large to merge line by line"
        text, clean = merge_text(*texts)
        return (encode_lossless(text), "") if clean else (None, "both devices changed the same lines")
    meta, clashes = merge_meta(old.meta, first.entry.meta, second.entry.meta)
    if clashes:
        return None, "both devices changed " + ", ".join(f"'{k}'" for k in clashes) + " differently"
    if too_big(old.body, first.entry.body, second.entry.body):
        return None, "too large to merge line by line"
    body, clean = merge_text(old.body, first.entry.body, second.entry.body)
    if not clean:
        return None, "both devices changed the same lines"
    return _merge_frontmatter(path, (base, old), first, second, meta, body)


def _merge_frontmatter(path: str, base: tuple[bytes, Entry], first: _Version, second: _Version,
                       meta: dict, body: str) -> tuple[bytes | None, str]:
    """The merged entry for the field merge's ``meta`` and the merged ``body``."""
    assert first.entry.meta is not None and second.entry.meta is not None
    # The frontmatter as text first: what neither side changed stays as written (comments,
    # `0x1F`, `~`, nanoseconds), and each side's text edits survive. Accepted only when it
    # reads back as the field merge's mapping, so the field rules still decide every value.
    old, one, two = (split_header(*base), split_header(first.data, first.entry),
                     split_header(second.data, second.entry))
    merged: bytes | None = None
    if old is not None and one is not None and two is not None:
        metas = (first.entry.meta, second.entry.meta)
        text = merge_headers(old, one, two, *metas, meta, body)
        if text is not None and _holds(data := text.encode("utf-8", "surrogateescape"), path, meta, body):
            return data, ""
        # Field by field, each key still spelled as its side wrote it where possible:
        # for when the units cannot be put in one order.
        text = render_by_fields(old, one, two, *metas, meta, body)
        if text is not None and _holds(data := text.encode("utf-8", "surrogateescape"), path, meta, body):
            merged = data
    merged = merged or _render(meta, body)
    if merged is None:
        return None, "the merged frontmatter cannot be written"
    # A re-rendered frontmatter is kept only when it loses no comment or exact value a side wrote.
    fms = [frontmatter_of(data) for data in (base[0], first.data, second.data, merged)]
    if any(fm is None for fm in fms) or not keeps_unmodelled(*(fm or "" for fm in fms)):
        return None, ("both devices changed the frontmatter where merging it field by field"
                      " would drop a comment or an exact value")
    return merged, ""


def _same_entry(a: _Version, b: _Version) -> bool:
    """Two readable versions that differ only in formatting (CRLF, BOM, key order, quoting)."""
    ma, mb = a.entry.meta, b.entry.meta
    return ma is not None and mb is not None and same(ma, mb) and a.entry.body == b.entry.body


def merge_entry(path: str, base: bytes | None, ours: bytes | None, theirs: bytes | None, *,
                when: tuple[int, int] | None = None) -> FileMerge:
    """Merge entry file ``path`` (``<category>/<slug>.md``); None = absent on that side.

    One side changed: that side (a deletion included). Deleted against edited:
    the edit. Both edited: fields and body merged; a true conflict keeps the
    version updated later at ``path`` and the other in a conflict sibling.
    ``when``: (ours, theirs) times each side last changed the file, which decide
    between versions with the same ``updated`` (the later wins; then the hash).
    """
    if ours == theirs or theirs == base:
        return FileMerge({path: ours})
    if ours == base:
        return FileMerge({path: theirs})
    if ours is None or theirs is None:
        return FileMerge({path: ours if theirs is None else theirs})  # an edit beats a deletion
    times = when if when is not None else (-1, -1)
    first, second = sorted((_Version.of(ours, path, times[0]), _Version.of(theirs, path, times[1])),
                           key=lambda v: v.rank)
    if base is None:
        if _same_entry(first, second):
            return FileMerge({path: second.data})
        return _conflict(path, second, first, "added on both devices with different content")
    merged, why = _merge_versions(path, base, first, second)
    if merged is not None:
        return FileMerge({path: merged})
    return _conflict(path, second, first, why)
