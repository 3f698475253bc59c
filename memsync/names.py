"""Entry names under Unicode normalization: what an id is, and which file on disk it names.

A file name may reach the disk composed (NFC: what people type, what git on macOS
commits) or decomposed (NFD: HFS+, some sync tools; Hangul as jamo). An id is the
NFC spelling of ``<category>/<slug>`` whatever the file's bytes are, so ids, links and
compiled files are the same on every machine; the file is found from the id here and
written where it is, never next to it under a second spelling.
"""
from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path
from typing import Callable

from memsync.errors import MemsyncError

# The ASCII characters some other character composes to under NFC (U+212A KELVIN SIGN is
# K, U+037E is ';', U+1FEF is '`'; tests check the set against unicodedata). An ASCII name
# without them has no other spelling: its file is found with one lstat, no listing.
_ASCII_TARGETS = frozenset("K;`")


# Unicode's Default_Ignorable_Code_Point: drawn as nothing. A name or a summary made of them looks
# blank, and one inside a name makes two names that look the same (a CGJ, a variation selector,
# a Hangul filler, which are letters or marks by category).
_INVISIBLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))


def invisible(c: str) -> bool:
    """Is ``c`` a default-ignorable code point (drawn as nothing)?"""
    o = ord(c)
    return o >= 0xAD and any(lo <= o <= hi for lo, hi in _INVISIBLE)


def nfc(text: str) -> str:
    """``text`` composed (NFC); ASCII is returned as it is, without a call into unicodedata."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def fold(name: str) -> str:
    """What a folding file system compares: Unicode composed (NFC), then case-folded."""
    return nfc(name).casefold()


def one_spelling(name: str) -> bool:
    """True when no other string has the NFC form of ``name``'s (so an exact match is the only one)."""
    return name.isascii() and _ASCII_TARGETS.isdisjoint(name)


class AmbiguousEntry(MemsyncError):
    """An id that names two or more files differing only by Unicode normalization."""

    def __init__(self, entry_id: str, paths: list[str]) -> None:
        shown = " and ".join(_spelled(p) for p in paths)
        super().__init__(f"{entry_id} names {len(paths)} files whose names differ only by Unicode normalization: "
                         f"{shown}; nothing was read or written. Rename or delete all but one (`memsync lint` "
                         "reports them as W043), then retry")
        self.id = entry_id
        self.paths = paths


def _spelled(path: str) -> str:
    """A path with its spelling told apart: two such paths look the same on a terminal."""
    form = "NFC" if unicodedata.is_normalized("NFC", path) else "NFD" if unicodedata.is_normalized("NFD", path) \
        else "mixed"
    return f"{path} ({form}: {ascii(path)[1:-1]})"


def _named(parent: Path, name: str, is_kind: Callable[[int], bool]) -> list[str]:
    """Names in ``parent`` that are ``name`` under NFC and of the kind ``is_kind`` accepts (an
    ``stat.S_IS*`` test on the entry's own mode: symlinks are never followed)."""
    if one_spelling(name):
        try:
            return [name] if is_kind(os.lstat(parent / name).st_mode) else []
        except OSError:
            return []
    want = nfc(name)
    try:
        with os.scandir(parent) as it:
            return sorted(d.name for d in it
                          if nfc(d.name) == want and is_kind(d.stat(follow_symlinks=False).st_mode))
    except OSError:
        return []


def folders_named(parent: Path, name: str) -> list[str]:
    """Names of the real folders (no symlinks) in ``parent`` that are ``name`` under NFC."""
    return _named(parent, name, stat.S_ISDIR)


def _files_named(folder: Path, name: str) -> list[str]:
    """Names of the regular files (no symlinks) in ``folder`` that are ``name`` under NFC."""
    return _named(folder, name, stat.S_ISREG)


def entry_file(root: Path, category: str, slug: str) -> str | None:
    """The relative path (as on disk) of the entry ``<category>/<slug>`` names under ``root``;
    None when there is none. Only regular files in real folders directly under ``root`` count
    (a symlink is never followed, so nothing outside the root is found). AmbiguousEntry when
    two files match: which one was meant is for a person to say, never a guess."""
    # index.md is the folder's compiled index, never an entry (tree.scan skips it too).
    found = [f"{c}/{n}" for c in folders_named(root, category) for n in _files_named(root / c, slug + ".md")
             if n != "index.md"]
    if len(found) > 1:
        raise AmbiguousEntry(nfc(f"{category}/{slug}"), found)
    return found[0] if found else None
