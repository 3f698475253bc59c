"""git's index file (``.git/index``), read and rewritten as raw bytes.

dulwich's Index turns every entry into Python objects and writes every entry
back: about 0.2 s for 10,000 files. A sync knows which few paths it changed, so
this module keeps the other entries as the byte slices they were read as and
only packs the changed ones. Versions 2, 3 and 4 are read; 2 or 3 is written
(git reads both and rewrites in its configured version later). Optional
extensions (the cache tree, the untracked cache...) describe the old entries,
so they are dropped on rewrite, which git tolerates and rebuilds; an index with
a required extension (split or sparse index) is refused with a clear message.
"""
from __future__ import annotations

import hashlib
import os
import stat
import struct
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from memsync.errors import MemsyncError

_HEADER = struct.Struct(">4sLL")
_FIELDS = struct.Struct(">LLLLLLLLLL20sH")  # ctime s/ns, mtime s/ns, dev, ino, mode, uid, gid, size, sha, flags
_EXTENDED = 0x4000
_NAME_MASK = 0x0FFF
_SKIP_WORKTREE = 0x4000 << 16  # in the extended flags, shifted to sit above the 16 basic bits

MODE_FILE = 0o100644
MODE_EXEC = 0o100755
MODE_LINK = 0o120000
MODE_GITLINK = 0o160000


class IndexEntry(NamedTuple):
    """One entry. ``raw`` is its exact bytes when read from a v2/v3 file.

    A NamedTuple, not a dataclass: 10,000 of these are built per sync and a
    frozen dataclass costs three times as much to create.
    """

    path: bytes
    ctime: tuple[int, int]
    mtime: tuple[int, int]
    dev: int
    ino: int
    mode: int
    uid: int
    gid: int
    size: int
    sha: bytes  # 20 raw bytes
    flags: int  # basic flags | extended flags << 16 (stage bits included)
    raw: bytes | None = None

    @property
    def stage(self) -> int:
        return (self.flags >> 12) & 3

    @property
    def hexsha(self) -> bytes:
        return self.sha.hex().encode("ascii")

    @property
    def skip_worktree(self) -> bool:
        return bool(self.flags & _SKIP_WORKTREE)

    def matches(self, st: os.stat_result) -> bool:
        """The stat fields git compares (default core.checkStat) equal ``st``'s."""
        m = st.st_mtime_ns
        c = st.st_ctime_ns
        return (
            self.mtime[1] == m % 1_000_000_000
            and self.mtime[0] == (m // 1_000_000_000) & 0xFFFFFFFF
            and self.size == st.st_size & 0xFFFFFFFF
            and self.ctime[1] == c % 1_000_000_000
            and self.ctime[0] == (c // 1_000_000_000) & 0xFFFFFFFF
            and self.ino == st.st_ino & 0xFFFFFFFF
            and self.mode == mode_of(st)
        )


def mode_of(st: os.stat_result) -> int:
    if stat.S_ISLNK(st.st_mode):
        return MODE_LINK
    return MODE_EXEC if st.st_mode & 0o100 else MODE_FILE


def entry_for(path: bytes, st: os.stat_result, sha: bytes, mode: int | None = None) -> IndexEntry:
    """A fresh stage-0 entry for a file just written or hashed."""
    return IndexEntry(
        path=path,
        ctime=((st.st_ctime_ns // 1_000_000_000) & 0xFFFFFFFF, st.st_ctime_ns % 1_000_000_000),
        mtime=((st.st_mtime_ns // 1_000_000_000) & 0xFFFFFFFF, st.st_mtime_ns % 1_000_000_000),
        dev=st.st_dev & 0xFFFFFFFF,
        ino=st.st_ino & 0xFFFFFFFF,
        mode=mode if mode is not None else mode_of(st),
        uid=st.st_uid & 0xFFFFFFFF,
        gid=st.st_gid & 0xFFFFFFFF,
        size=st.st_size & 0xFFFFFFFF,
        sha=sha,
        flags=min(len(path), _NAME_MASK),
    )


class GitIndex:
    """The entries of an index file, by path, in git's order."""

    def __init__(self, path: Path, entries: dict[bytes, IndexEntry], version: int, mtime_ns: int) -> None:
        self.path = path
        self.entries = entries
        self.version = version
        self.mtime_ns = mtime_ns  # of the file when read: entries this new or newer are "racy"

    @classmethod
    def read(cls, path: Path) -> GitIndex:
        try:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                data = fh.read()
        except FileNotFoundError:
            return cls(path, {}, 2, 0)
        return cls(path, parse(data, str(path)), _version(data), st.st_mtime_ns)

    def is_racy(self, entry: IndexEntry) -> bool:
        """Changed in the same instant the index was written: stat cannot tell, hash it."""
        return entry.mtime[0] * 1_000_000_000 + entry.mtime[1] >= self.mtime_ns

    def stage_conflicts(self) -> list[str]:
        return sorted(p.decode("utf-8", "replace") for p, e in self.entries.items() if e.stage)

    def write(self, updates: Mapping[bytes, IndexEntry | None], lock: Path | None = None) -> None:
        """Apply ``updates`` (None deletes) and replace the file atomically via ``index.lock``.

        The lock file is created exclusively, as git does, so a git command
        running at the same moment makes this fail instead of both writing.
        """
        entries = dict(self.entries)
        for p, e in updates.items():
            if e is None:
                entries.pop(p, None)
            else:
                entries[p] = e
        data = serialize(entries, self.version)
        lock = lock or self.path.with_name(self.path.name + ".lock")
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise MemsyncError(
                f"{lock} exists: another git command is using this repository; "
                "if none is running, delete that file and retry"
            ) from None
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        except BaseException:
            os.close(fd)
            os.unlink(lock)
            raise
        os.close(fd)
        os.replace(lock, self.path)
        self.entries = entries
        self.mtime_ns = os.stat(self.path).st_mtime_ns


def _version(data: bytes) -> int:
    return _HEADER.unpack_from(data, 0)[1] if len(data) >= 12 else 2


def _bad(where: str, why: str) -> MemsyncError:
    return MemsyncError(f"cannot read the git index: {why}", path=where)


def parse(data: bytes, where: str = ".git/index") -> dict[bytes, IndexEntry]:
    if len(data) < 32:
        raise _bad(where, "file is truncated")
    sig, version, count = _HEADER.unpack_from(data, 0)
    if sig != b"DIRC" or version not in (2, 3, 4):
        raise _bad(where, f"unknown format (signature {sig!r}, version {version})")
    if hashlib.sha1(data[:-20]).digest() != data[-20:]:
        raise _bad(where, "checksum mismatch (the file is damaged; `git reset` rebuilds it)")
    entries: dict[bytes, IndexEntry] = {}
    pos = 12
    prev = b""
    end = len(data) - 20
    unpack = _FIELDS.unpack_from
    for _ in range(count):
        start = pos
        if pos + 62 > end:
            raise _bad(where, "entry runs past the end of the file")
        cs, cn, ms, mn, dev, ino, mode, uid, gid, size, sha, flags = unpack(data, pos)
        pos += 62
        full_flags = flags
        if flags & _EXTENDED:
            if version < 3:
                raise _bad(where, "extended flags in a version 2 index")
            full_flags |= struct.unpack_from(">H", data, pos)[0] << 16
            pos += 2
        if version == 4:
            strip, pos = _varint(data, pos)
            nul = data.index(b"\0", pos)
            if strip > len(prev):
                raise _bad(where, "bad path compression")
            name = prev[: len(prev) - strip] + data[pos:nul]
            pos = nul + 1
            raw = None
        else:
            length = flags & _NAME_MASK
            if length == _NAME_MASK:
                nul = data.index(b"\0", pos)
            else:
                nul = pos + length
            name = data[pos:nul]
            entry_len = (nul - start + 8) & ~7
            pos = start + entry_len
            raw = data[start:pos]
        prev = name
        key = name if not (full_flags >> 12) & 3 else name + b"\0" + bytes([(full_flags >> 12) & 3])
        entries[key] = IndexEntry(name, (cs, cn), (ms, mn), dev, ino, mode, uid, gid, size, sha, full_flags, raw)
    while pos + 8 <= end:
        ext = data[pos:pos + 4]
        size = struct.unpack_from(">L", data, pos + 4)[0]
        if not (65 <= ext[0] <= 90):
            shown = ext.decode("ascii", "replace")
            raise MemsyncError(
                f"the git index uses the {shown!r} extension (split or sparse index), which memsync does not "
                "rewrite; turn it off (`git config index.sparse false; git config core.splitIndex false; "
                "git update-index --no-split-index`) and retry",
                path=where,
            )
        pos += 8 + size
    return entries


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    # git's offset encoding (varint.c): 7 bits per byte, each continuation adds one.
    byte = data[pos]
    value = byte & 0x7F
    pos += 1
    while byte & 0x80:
        byte = data[pos]
        value = ((value + 1) << 7) | (byte & 0x7F)
        pos += 1
    return value, pos


def _pack(e: IndexEntry) -> bytes:
    flags = e.flags & 0xFFFF
    ext = e.flags >> 16
    flags = (flags & ~_NAME_MASK & ~_EXTENDED) | min(len(e.path), _NAME_MASK) | (_EXTENDED if ext else 0)
    head = _FIELDS.pack(
        e.ctime[0], e.ctime[1], e.mtime[0], e.mtime[1], e.dev, e.ino, e.mode,
        e.uid, e.gid, e.size, e.sha, flags,
    )
    if ext:
        head += struct.pack(">H", ext)
    body = head + e.path
    return body + b"\0" * (8 - len(body) % 8)


def serialize(entries: Mapping[bytes, IndexEntry], source_version: int = 2) -> bytes:
    """Index bytes for ``entries``: raw slices reused, changed entries packed."""
    # Keys are the path (plus NUL and the stage for conflict stages), so plain byte
    # order of the keys is git's order: by path, then stage.
    ordered = [(k, entries[k]) for k in sorted(entries)]
    version = 3 if any(e.flags >> 16 for _, e in ordered) else 2
    reuse = source_version in (2, 3)
    parts = [_HEADER.pack(b"DIRC", version, len(ordered))]
    for _, e in ordered:
        parts.append(e.raw if reuse and e.raw is not None else _pack(e))
    body = b"".join(parts)
    return body + hashlib.sha1(body).digest()


def blob_sha(data: bytes) -> bytes:
    """git's object id of a blob holding ``data`` (20 raw bytes)."""
    h = hashlib.sha1(b"blob %d\0" % len(data))
    h.update(data)
    return h.digest()

