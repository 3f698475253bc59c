"""Apply entry changes to a root and recompile only what they touch.

The service layer decides *what* to write (after the gates); this module writes it:
every target is checked before the first write (all or nothing, like compile), each
file is replaced atomically, a new entry is created exclusively (two writers never
share a file name), and then the ``index.md`` of each affected category and ROOT.md's
tables are rendered with compile's own functions from the tree as it now is, and
written only where their bytes change. ``memsync check`` is clean afterwards when it
was clean before.
"""
from __future__ import annotations

import os
import re
import stat
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from memsync.compile import compile_entries
from memsync.entry import EntryInfo, parse_entry, valid_name
from memsync.errors import MemsyncError
from memsync.fsutil import check_writable, mkdir_inside, unlink_inside, write_inside
from memsync.names import fold, invisible, nfc
from memsync.roots import Root
from memsync.tree import ROOT_MD, Tree

MAX_SLUG = 60


# Names Windows keeps for devices, whatever the extension (NFKC has made COM¹ com1 already).
_WINDOWS_DEVICE = re.compile(r"con|prn|aux|nul|com[0-9]|lpt[0-9]")


def slugify(summary: str) -> str:
    """A file name from a summary, composed (NFC): NFKC, letters and digits of any script kept (Latin lower-cased),
    every other run a single ``-``, at most ~60 characters, cut at a ``-`` when one is near."""
    text = unicodedata.normalize("NFKC", summary).lower()
    out: list[str] = []
    for c in text:
        if invisible(c):
            continue  # a file name must not hold what cannot be seen (facts/a\u034fb looks like facts/ab)
        kind = unicodedata.category(c)[0]
        # A mark is kept only on a letter or digit: one with no base (leading, after a space, a
        # format character or NFKC's own " \u3099") would start the slug or sit on its "-".
        if kind in "LN" or (kind == "M" and out and out[-1] != " "):
            out.append(c)
        else:
            out.append(" ")
    slug = nfc("-".join("".join(out).split()))  # the name a file system normalizing to NFC keeps as written
    if len(slug) > MAX_SLUG:
        cut = slug.rfind("-", MAX_SLUG // 2, MAX_SLUG + 1)
        slug = slug[: cut if cut > 0 else MAX_SLUG].rstrip("-")
    while slug and not valid_name(slug):  # a leading combining mark, say
        slug = slug[1:].lstrip("-")
    if _WINDOWS_DEVICE.fullmatch(slug):
        slug += "-entry"  # con.md, nul.md: a Windows clone of the memory could not check the file out
    return slug or "entry"


def free_slug(base: str, taken: Iterable[str]) -> str:
    """``base``, or ``base-2``, ``base-3`` ... whichever is not taken (compared case-insensitively
    and as NFC, for file systems that fold case or normalize names: ``café`` stored decomposed is
    taken for ``café`` typed composed)."""
    used = {fold(t) for t in taken}
    if fold(base) not in used:
        return base
    n = 2
    while fold(f"{base}-{n}") in used:
        n += 1
    return f"{base}-{n}"


def folder_names(root: Root, category: str) -> list[str]:
    """Entry slugs present in a category folder (any file, so a stray name is not reused)."""
    try:
        return [n[:-3] if n.endswith(".md") else n for n in os.listdir(root.path / category)]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise MemsyncError(f"cannot list folder: {exc.strerror or exc}", path=root.show(category)) from None


def affected_categories(entries: Iterable[EntryInfo], changed_ids: set[str]) -> set[str]:
    """Category folders whose index shows a supersede link to one of the changed entries
    (``changed_ids``: their ids, NFC)."""
    out: set[str] = set()
    for e in entries:
        # most entries carry no link: two attribute tests, no set built per entry
        if (e.supersedes or e.superseded_by) and (e.superseded_by in changed_ids
                                                  or not changed_ids.isdisjoint(e.supersedes)):
            out.add(e.category)
    return out


def apply(root: Root, tree: Tree, changes: Mapping[str, bytes | None], *, create: Iterable[str] = (),
          template: str | None = None, kept: Any = None) -> list[str]:
    """Write ``changes`` (``{relpath: bytes, or None to delete}``) and recompile; returns the
    compiled files written. ``create`` names the paths that must not exist yet.

    ``tree`` is the root as read under the caller's write lock, before the changes.
    ``kept`` (a long-lived writer's ``compile.Kept`` for this root) carries links, counts and
    routing groups between calls, so a change works out only what it touches.
    """
    create = set(create)
    for rel in sorted(changes):  # refuse before the first write
        if rel in create:
            if os.path.lexists(root.path / rel):
                raise FileExistsError(rel)
        elif changes[rel] is not None:
            check_writable(root.path, rel, display=root.show(rel))
    before = {e.path: e for e in tree.entries if e.path in changes}
    after = {rel: parse_entry(data, rel).info() for rel, data in changes.items() if data is not None}
    # Only the changed entries differ between before and after: the rest is the old tree as it is.
    entries = [e for e in tree.entries if e.path not in changes] + list(after.values())
    categories = sorted(set(tree.categories) | {rel.split("/", 1)[0] for rel in changes})
    changed_ids = {nfc(rel[:-3]) for rel in changes}
    affected = ({rel.split("/", 1)[0] for rel in changes} | affected_categories(tree.entries, changed_ids)
                | affected_categories(after.values(), changed_ids))
    tables = _tables(changes, before, after, tree.entries)
    result = compile_entries(categories, entries, tree.compiled.get(ROOT_MD), template,
                             only=affected, with_root=bool(tables) or tree.compiled.get(ROOT_MD) is None,
                             tables=tables or {"directory", "routing"}, kept=kept)
    compiled = {rel: data for rel, data in result.outputs.items() if tree.compiled.get(rel) != data}
    for rel in sorted(compiled):
        check_writable(root.path, rel, display=root.show(rel))
    _check_folders(root, [*changes, *compiled])
    for rel in sorted(changes):
        data = changes[rel]
        if data is None:
            _delete(root, rel)
            continue
        mkdir_inside(root.path, rel.split("/", 1)[0])
        try:
            write_inside(root.path, rel, data, display=root.show(rel), exclusive=rel in create)
        except MemsyncError:
            if rel in create and os.path.lexists(root.path / rel):
                raise FileExistsError(rel) from None  # another writer took the name meanwhile
            raise
    for rel in sorted(compiled):
        write_inside(root.path, rel, compiled[rel], display=root.show(rel))
    return sorted(compiled)


def _tables(changes: Mapping[str, bytes | None], before: Mapping[str, EntryInfo],
            after: Mapping[str, EntryInfo], rest: Iterable[EntryInfo]) -> set[str]:
    """Which of ROOT.md's tables these changes can alter (an edit of a summary or a body
    alters neither; a new entry without triggers only the directory's count). ``before`` and
    ``after`` hold the changed entries; ``rest`` is the whole old tree."""
    named: set[str] | None = None
    out: set[str] = set()
    for rel in changes:
        old, new = before.get(rel), after.get(rel)
        if old is not None and new is not None and _links(old) == _links(new):
            linked = False
        else:  # created or deleted: does some entry name it in supersedes?
            if named is None:
                named = {i for e in rest if e.supersedes for i in e.supersedes}
                named |= {i for e in after.values() if e.supersedes for i in e.supersedes}
            linked = nfc(rel[:-3]) in named or any(e is not None and _links(e) != (None, (), False) for e in (old, new))
        if linked:
            return {"directory", "routing"}  # who is superseded may change: both tables
        if _counted(old) != _counted(new):
            out.add("directory")
        if (old is not None and old.load_when or new is not None and new.load_when) and _routed(old) != _routed(new):
            out.add("routing")
    return out


def _links(e: EntryInfo) -> tuple[object, ...]:
    return (e.superseded_by, e.supersedes, e.pinned)


def _counted(e: EntryInfo | None) -> tuple[object, ...] | None:
    """What the directory table shows of an entry."""
    return None if e is None else (e.category, e.valid, e.conflict_of)


def _routed(e: EntryInfo | None) -> tuple[object, ...] | None:
    """What the routing table shows of an entry."""
    return None if e is None else (e.valid, e.conflict_of, e.load_when)


def _delete(root: Root, rel: str) -> None:
    unlink_inside(root.path, rel, display=root.show(rel))


def _check_folders(root: Root, rels: Iterable[str]) -> None:
    """A folder without write permission is the user's "leave this alone", honoured even for root."""
    for folder in sorted({"", *(rel.rpartition("/")[0] for rel in rels)}):
        path = root.path / folder if folder else root.path
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        if stat.S_ISDIR(st.st_mode) and not st.st_mode & 0o222:
            raise MemsyncError("is read-only; nothing was written (make it writable to let memsync write here)",
                               path=root.show(folder) if folder else root.display)
