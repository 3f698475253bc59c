"""Reading another agent's files: never through a symlink, bounded, any bytes survived.

Every folder and file is looked at with ``lstat``: a symlink (which could lead out of
the source) is skipped and named, never followed. A file is read up to
``MAX_BYTES``: a longer one is cut at its last line break within that bound, a file
holding NUL bytes is binary and skipped, and bytes that are not UTF-8 are read as
replacement characters — each named in ``Problems`` for ``inspect`` and ``import``.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from memsync.fsutil import NotRegularFile, read_regular

MAX_BYTES = 4 << 20  # 4 MiB: a 1 MB MEMORY.md is read whole; a runaway log is cut


@dataclass
class Problems:
    """What could not be read as it is, by path relative to the source."""

    items: list[tuple[str, str]] = field(default_factory=list)

    def add(self, rel: str, why: str) -> None:
        self.items.append((rel, why))


def real_dir(path: Path) -> bool:
    """A folder that is not a symlink."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


_NOT_UTF8 = "file name is not valid UTF-8 (its bytes are shown as \\xNN); not read"


def _undecodable(name: str) -> bool:
    """os.listdir hands bytes that are not UTF-8 over as surrogate escapes, which no index,
    JSON file or terminal takes: such a name is skipped and named, never read."""
    return any("\udc80" <= c <= "\udcff" for c in name)


def shown_name(name: str) -> str:
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def subdirs(folder: Path, problems: Problems | None = None, rel: str = "") -> list[str]:
    """Names of the real folders directly in ``folder`` (no dot-names, no symlinks), sorted."""
    out: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for d in entries:
        if d.name.startswith("."):
            continue
        if _undecodable(d.name):
            if problems is not None:
                problems.add(f"{rel}{shown_name(d.name)}", _NOT_UTF8)
            continue
        try:
            mode = d.stat(follow_symlinks=False).st_mode
        except OSError:
            continue
        if stat.S_ISDIR(mode):
            out.append(d.name)
        elif stat.S_ISLNK(mode) and problems is not None:
            problems.add(f"{rel}{d.name}", "a symlink; not followed (it could lead out of the source)")
    return sorted(out)


def markdown_files(folder: Path, problems: Problems | None = None, rel: str = "") -> dict[str, os.stat_result]:
    """``{name: lstat}`` of the regular ``*.md`` files directly in ``folder`` (no dot-names)."""
    out: dict[str, os.stat_result] = {}
    try:
        names = os.listdir(folder)
    except OSError:
        return out
    for name in names:
        if name.startswith(".") or not name.endswith(".md"):
            continue
        if _undecodable(name):
            if problems is not None:
                problems.add(f"{rel}{shown_name(name)}", _NOT_UTF8)
            continue
        try:
            st = os.lstat(os.path.join(folder, name))
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            out[name] = st
        elif problems is not None:
            why = "a symlink; not followed (it could lead out of the source)" if stat.S_ISLNK(st.st_mode) \
                else "not a regular file; not read"
            problems.add(f"{rel}{name}", why)
    return out


class NotText(Exception):
    """The file holds NUL bytes: binary, not Markdown."""


def read_bytes(path: Path) -> bytes:
    """At most ``MAX_BYTES`` (+1, to tell a cut) of a regular file; OSError / NotRegularFile otherwise."""
    return read_regular(path, MAX_BYTES + 1)


def decode(data: bytes, rel: str = "", problems: Problems | None = None) -> str:
    """The text of a file's bytes: cut at ``MAX_BYTES``, BOM and CRLF dropped, bad bytes replaced.
    NotText for binary data."""
    if len(data) > MAX_BYTES:
        data = data[:MAX_BYTES]
        cut = data.rfind(b"\n")
        if cut > 0:
            data = data[: cut + 1]
        if problems is not None:
            problems.add(rel, f"larger than {MAX_BYTES >> 20} MiB; only its first {len(data)} bytes are read")
    if b"\0" in data:
        raise NotText("binary (holds NUL bytes); not read")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", "replace")
        if problems is not None:
            line = data.count(b"\n", 0, exc.start) + 1
            problems.add(rel, f"not valid UTF-8 (line {line}); read with replacement characters")
    return text.replace("\r\n", "\n")


def read_text(path: Path, rel: str = "", problems: Problems | None = None) -> str | None:
    """The file's text (see ``decode``), or None when it cannot be read (named in ``problems``)."""
    try:
        return decode(read_bytes(path), rel, problems)
    except NotRegularFile:
        if problems is not None:
            problems.add(rel, "a symlink or not a regular file; not followed")
    except NotText as exc:
        if problems is not None:
            problems.add(rel, str(exc))
    except OSError as exc:
        if problems is not None:
            problems.add(rel, f"cannot be read: {exc.strerror or exc}")
    return None


def mtime_ms(st: os.stat_result) -> int:
    return st.st_mtime_ns // 1_000_000
