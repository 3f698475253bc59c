"""What the two sources share: the document model and the read-only search layout.

A source file is read as one or more *pieces* (a Claude Code topic file is one piece;
a MiMo file is cut at its ``##`` headings); each piece is one search document, named
``<file>`` or ``<file>#<section>``. The index keeps a row per piece, so a one-line
change to a 1 MB MEMORY.md re-indexes one section, and a hit is a section.
"""
from __future__ import annotations

import abc
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.entry import EntryInfo
from memsync.fsutil import NotRegularFile
from memsync.recall.layout import Layout
from memsync.sources import files
from memsync.sources.files import Problems


@dataclass(frozen=True)
class Doc:
    """One searchable document of a source: a Claude Code topic file, a MiMo section."""

    id: str  # claude-code:<name> / mimo:<path>#<section>
    kind: str  # the source's type: feedback, project, memory, checkpoint, …
    summary: str
    body: str
    updated: int | None  # epoch ms: the file's own time stamp, else its mtime
    file: str  # the file, relative to the source root
    highlight: str = ""
    meta: dict[str, Any] = field(default_factory=dict)  # what else the source says (name, type, link, …)

    def info(self, rel: str) -> EntryInfo:
        return EntryInfo(rel, True, self.id, self.kind, self.summary, self.highlight, None, self.updated, (),
                         False, (), None, None, ())


def _invalid(rel: str) -> EntryInfo:
    return EntryInfo(rel, False, "", "", "", "", None, None, (), False, (), None, None, ())


@dataclass
class Scan:
    """Everything a source holds, read in one pass (inspect, import)."""

    docs: list[Doc] = field(default_factory=list)
    files: int = 0
    problems: Problems = field(default_factory=Problems)
    notes: list[str] = field(default_factory=list)  # about the source as a whole


class SourceLayout(Layout, abc.ABC):
    """A read-only source: stat-checked on every search, no recall counts written into it."""

    live = False
    counts = False
    scope = ""
    split = False  # files are cut into pieces (reading a file to list its documents)

    def __init__(self, root: Path, key: str) -> None:
        self.root = root
        self.key = key
        self.cache_folder = f"sources/{self.scope}"
        self._pieces: dict[str, tuple[tuple[int, int, int, int], dict[str, str]]] = {}

    # what a subclass says ---------------------------------------------------------------

    @abc.abstractmethod
    def groups(self, root: Path) -> list[str]:
        """The folders of the source that hold its documents."""

    @abc.abstractmethod
    def document(self, rel: str, text: str, st: os.stat_result | None) -> Doc | None:
        """The document of one piece (``rel`` is ``<file>`` or ``<file>#<section>``)."""

    def cut(self, file: str, text: str) -> dict[str, str]:
        """``{document path: text}`` of one file (for ``split`` sources)."""
        return {file: text}

    @abc.abstractmethod
    def file_of(self, doc_id: str) -> str | None:
        """The file (relative to the root) an id of this source names, or None."""

    def skip(self, name: str) -> bool:
        """A ``*.md`` file of a group that is not a document (Claude Code's MEMORY.md index)."""
        return False

    # the index's questions ------------------------------------------------------------

    def stat_group(self, root: Path, name: str) -> Any:
        from memsync.recall import fresh

        if not self._inside(name):
            return None
        return fresh.stat_category(root, name)

    def is_group(self, root: Path, name: str) -> bool:
        return name in self.groups(root)

    def files(self, root: Path, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if not self._inside(name):
            return out
        for fname, st in sorted(files.markdown_files(root / name).items()):
            if self.skip(fname):
                continue
            rel = f"{name}/{fname}"
            if not self.split:
                out[rel] = st
                continue
            for piece in self._cut(rel, st) or {}:
                out[piece] = st
        return out

    def read(self, root: Path, rel: str) -> bytes:
        file = self.file_part(rel)
        if not self._inside(file.rpartition("/")[0]):
            raise NotRegularFile("a folder on the way is a symlink")
        if not self.split:
            return files.read_bytes(root / file)
        st = os.lstat(root / file)
        pieces = self._cut(file, st)
        if pieces is None or rel not in pieces:
            raise FileNotFoundError(rel)
        return pieces[rel].encode("utf-8", "surrogatepass")

    def parse(self, rel: str, data: bytes) -> tuple[str, EntryInfo, str]:
        try:
            text = files.decode(data)
        except files.NotText:
            return "", _invalid(rel), ""
        doc = self.document(rel, text, self.stat_of(self.file_part(rel)))
        if doc is None:
            return "", _invalid(rel), ""
        return doc.id, doc.info(rel), doc.body

    def show(self, display: str, rel: str) -> str:
        return f"{display}/{self.file_part(rel)}"

    def file_part(self, rel: str) -> str:
        """The file of a document path: ``a/b.md#sec`` is in ``a/b.md`` (a file name may hold ``#``;
        a section name never holds ``.md#``)."""
        if not self.split or rel.endswith(".md"):
            return rel
        return rel[: rel.rfind(".md#") + 3]

    # reading for context, show, inspect and import ------------------------------------

    def doc(self, doc_id: str) -> Doc | None:
        """The document an id names, read from its file now."""
        file = self.file_of(doc_id)
        if file is None or not self._inside(file.rpartition("/")[0]) \
                or file.rpartition("/")[0] not in self.groups(self.root):
            return None  # only what search would read: never another folder an id names
        text = files.read_text(self.root / file)
        if text is None:
            return None
        st = self.stat_of(file)
        for rel, piece in self.cut(file, text).items():
            doc = self.document(rel, piece, st)
            if doc is not None and doc.id == doc_id:
                return doc
        return None

    def scan(self) -> Scan:
        """Every document, and what could not be read (named, never followed)."""
        out = Scan()
        for group in self.groups(self.root):
            listing = files.markdown_files(self.root / group, out.problems, f"{group}/")
            for fname in sorted(listing):
                if self.skip(fname):
                    continue
                rel = f"{group}/{fname}"
                out.files += 1
                text = files.read_text(self.root / rel, rel, out.problems)
                if text is None:
                    continue
                for piece, piece_text in self.cut(rel, text).items():
                    doc = self.document(piece, piece_text, listing[fname])
                    if doc is not None:
                        out.docs.append(doc)
        return out

    # helpers ----------------------------------------------------------------------------

    def stat_of(self, rel: str) -> os.stat_result | None:
        try:
            return os.lstat(self.root / rel)
        except OSError:
            return None

    def _inside(self, folder: str) -> bool:
        """Every folder from the root down to ``folder`` is a real folder (no symlink on the way)."""
        path = self.root
        for part in folder.split("/") if folder else ():
            if part in ("", ".", ".."):
                return False
            path = path / part
            if not files.real_dir(path):
                return False
        return True

    def _cut(self, file: str, st: os.stat_result) -> dict[str, str] | None:
        """The pieces of a file as it is now, read once per version of it."""
        fp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        cached = self._pieces.get(file)
        if cached is not None and cached[0] == fp:
            return cached[1]
        try:
            text = files.decode(files.read_bytes(self.root / file))
        except (OSError, NotRegularFile, files.NotText):
            return None
        pieces = self.cut(file, text)
        self._pieces[file] = (fp, pieces)
        return pieces
