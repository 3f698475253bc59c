"""What each category of a root lists, for the context outline: its compiled ``index.md``'s
live lines, corrected for entry files added or deleted since the last compile.

The outline runs on every session start, so it must not walk and parse the whole tree; but an
agent told an entry exists that was deleted by hand (or not told of one just written by an
editor) is misled. One ``scandir`` per category (names and file types, no stat: ~4 ms for 10k
files) says which ids the index misses or names in vain; only files the index misses are read.
An existing entry edited by hand keeps its compiled summary until the next compile, and an entry
added by hand that a compiled one supersedes is listed until then (only the supersedes of the
files read are known here).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from memsync.rootdoc import Line, index_lines

# ``- [slug](slug.md) — …`` and, in the superseded section, ``- ~~[slug](slug.md)~~ — …``
_ANY_LINE = re.compile(r"^- (~~)?\[([^\]\n]+)\]\(\2\.md\)", re.M)
MAX_UNCOMPILED = 200  # files read per call: a folder of 100k new files must not stall a hook


@dataclass
class Listing:
    """Per category, its live lines (conflict copies included, flagged) in index order."""

    lines: dict[str, list[Line]] = field(default_factory=dict)
    uncompiled: int = 0  # entry files the index misses that were not read (over MAX_UNCOMPILED)
    stale: list[str] = field(default_factory=list)  # categories whose index.md is out of date
    routes: list[tuple[str, str]] = field(default_factory=list)  # (load_when trigger, id) of entries read

    def live_ids(self) -> set[str]:
        return {ln.id for lines in self.lines.values() for ln in lines if not ln.conflict}


def _read(path: Path, limit: int) -> str:
    return (_read_bytes(path, limit) or b"").decode("utf-8", "replace")


def _entry_names(folder: Path) -> dict[str, str] | None:
    """``{NFC slug: name on disk}`` of the regular files named as entries (scandir's file
    type, no stat: a symlink, a folder or a FIFO named ``x.md`` is no entry, as for compile)."""
    from memsync.names import nfc
    from memsync.recall.fresh import is_entry_name

    try:
        with os.scandir(folder) as it:
            return {nfc(d.name[:-3]): d.name for d in it if is_entry_name(d.name) and d.is_file(follow_symlinks=False)}
    except OSError:
        return None


def read_listing(root: Path) -> Listing:
    """Every category folder of ``root`` (by tree.scan's rules) with what it lists now."""
    from memsync.entry import MAX_ENTRY_BYTES, parse_entry
    from memsync.names import nfc
    from memsync.recall.fresh import categories
    from memsync.tree import INDEX, MAX_COMPILED_BYTES

    out = Listing()
    try:
        folders = sorted(categories(root))
    except OSError:
        return out
    superseded: set[str] = set()  # ids an uncompiled entry lists in ``supersedes``
    budget = MAX_UNCOMPILED
    for folder_name in folders:
        category = nfc(folder_name)  # ids are NFC, whatever the file system keeps (names.py)
        folder = root / folder_name
        on_disk = _entry_names(folder)
        if on_disk is None:
            continue
        index = _read(folder / INDEX, MAX_COMPILED_BYTES)
        compiled = {nfc(m.group(2)) for m in _ANY_LINE.finditer(index)}
        lines = [ln for ln in index_lines(category, nfc(index)) if ln.id.split("/", 1)[1] in on_disk]
        stale = bool(compiled - on_disk.keys())  # an entry deleted since the compile
        for slug in sorted(on_disk.keys() - compiled):
            if budget <= 0:
                out.uncompiled += 1
                stale = True
                continue
            budget -= 1
            rel = f"{folder_name}/{on_disk[slug]}"
            data = _read_bytes(root / rel, MAX_ENTRY_BYTES + 1)
            if data is None or len(data) > MAX_ENTRY_BYTES:
                continue
            e = parse_entry(data, f"{category}/{slug}.md").info()
            if not e.valid:
                continue  # compile leaves it out too (lint names it): not "not compiled yet"
            stale = True
            superseded.update(old for old in e.supersedes if old != e.id)
            if not e.superseded_by:
                summary = " ".join(e.summary.split()) or "(no summary)"
                lines.append(Line(e.id, summary, e.pinned, bool(e.conflict_of)))
                out.routes += [(t, e.id) for t in e.load_when]
        if stale:
            out.stale.append(category)
            lines.sort(key=lambda ln: ln.id + ".md")  # compile's order: by path
        out.lines[category] = lines
    if superseded:  # a pinned entry stays live whoever lists it (tree.superseded_ids)
        for category, lines in out.lines.items():
            out.lines[category] = [ln for ln in lines if ln.id not in superseded or ln.pinned]
    return out


def _read_bytes(path: Path, limit: int) -> bytes | None:
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        return read_regular(path, limit)
    except (OSError, NotRegularFile):
        return None


def triggers(root_md: str, listing: Listing) -> list[str]:
    """The routing table's triggers, as compile would write them for what ``listing`` saw:
    rows whose entries are all gone are dropped, triggers of entries read since are merged in
    (one per trigger after NFKC and case folding, spelled as the smallest spelling)."""
    import unicodedata

    from memsync.compile import cell
    from memsync.rootdoc import routing

    if not listing.stale:
        return [t for t, _ in routing(root_md)]
    live = listing.live_ids()
    groups: dict[str, str] = {}

    def add(spelled: str) -> None:
        key = unicodedata.normalize("NFKC", spelled).casefold()
        groups[key] = min(groups.get(key, spelled), spelled)

    for trigger, ids in routing(root_md, links=True):
        if any(i in live for i in ids):
            add(trigger)
    for trigger, entry_id in listing.routes:
        if entry_id in live:  # as the table reads it back: one line, escaped, then unescaped
            add(re.sub(r"\\(.)", r"\1", cell(" ".join(trigger.split()))).strip())
    return [groups[k] for k in sorted(groups)]
