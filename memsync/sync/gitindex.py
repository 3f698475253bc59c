"""git's index file (``.git/index``), read and rewritten as raw bytes.

dulwich's Index turns every entry into Python objects and writes every entry
back: about 0.2 s for 10,000 files. A sync knows which few paths it changed, so
this module keeps every entry as the byte slice it was read as (decoded into an
``IndexEntry`` only when asked for), compares a file's stat with the slice
directly, and packs only the changed entries. Versions 2, 3 and 4 are read; 2 or 3 is written
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
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

from memsync.errors import MemsyncError

_HEADER = struct.Struct(">4sLL")
_FIELDS = struct.Struct(">LLLLLLLLLL20sH")  # ctime s/ns, mtime s/ns, dev, ino, mode, uid, gid, size, sha, flags
_STAT = struct.Struct(">LLLL4xLL8xL")  # the fields git's default stat check compares: ctime, mtime, ino, mode, size
_NS = 1_000_000_000
_U32 = 0xFFFFFFFF
_EXTENDED = 0x4000
_NAME_MASK = 0x0FFF
_SKIP_WORKTREE = 0x4000 << 16  # in the extended flags, shifted to sit above the 16 basic bits

MODE_FILE = 0o100644
MODE_EXEC = 0o100755
MODE_LINK = 0o120000


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
        return same_stat(self.ctime + self.mtime + (self.ino, self.mode, self.size), st)


def same_stat(fields: tuple[int, ...], st: os.stat_result) -> bool:
    """``fields`` (ctime s, ns, mtime s, ns, ino, mode, size as an index stores them) describe ``st``."""
    cs, cn, ms, mn, ino, mode, size = fields
    m = st.st_mtime_ns
    c = st.st_ctime_ns
    return (
        mn == m % _NS
        and ms == (m // _NS) & _U32
        and size == st.st_size & _U32
        and cn == c % _NS
        and cs == (c // _NS) & _U32
        and ino == st.st_ino & _U32
        and mode == mode_of(st)
    )


def mode_of(st: os.stat_result) -> int:
    if stat.S_ISLNK(st.st_mode):
        return MODE_LINK
    return MODE_EXEC if st.st_mode & 0o100 else MODE_FILE


def entry_for(path: bytes, st: os.stat_result, sha: bytes, mode: int | None = None) -> IndexEntry:
    """A fresh stage-0 entry for a file just written or hashed."""
    return IndexEntry(
        path=path,
        ctime=((st.st_ctime_ns // _NS) & _U32, st.st_ctime_ns % _NS),
        mtime=((st.st_mtime_ns // _NS) & _U32, st.st_mtime_ns % _NS),
        dev=st.st_dev & _U32,
        ino=st.st_ino & _U32,
        mode=mode if mode is not None else mode_of(st),
        uid=st.st_uid & _U32,
        gid=st.st_gid & _U32,
        size=st.st_size & _U32,
        sha=sha,
        flags=min(len(path), _NAME_MASK),
    )


def left_out_entry(path: bytes, mode: int, sha: bytes) -> IndexEntry:
    """A stage-0 entry flagged skip-worktree (git's own "not in this checkout"): the file
    stays in every tree built from the index, and nothing is looked for on disk."""
    return IndexEntry(path, (0, 0), (0, 0), 0, 0, mode, 0, 0, 0, sha, min(len(path), _NAME_MASK) | _SKIP_WORKTREE)


def is_left_out(raw: bytes) -> bool:
    """The entry whose bytes are ``raw`` is flagged skip-worktree (read without decoding it)."""
    return bool(raw[60] & (_EXTENDED >> 8) and raw[62] & (_SKIP_WORKTREE >> 24))


def left_out_keys(raw: Mapping[bytes, bytes]) -> list[bytes]:
    """Keys of the skip-worktree entries."""
    return [k for k, r in raw.items() if r[60] & (_EXTENDED >> 8) and r[62] & (_SKIP_WORKTREE >> 24)]


class Entries(Mapping[bytes, IndexEntry]):
    """Path (plus NUL and stage for conflict stages) -> entry, decoded from its raw bytes on access."""

    def __init__(self, raw: dict[bytes, bytes]) -> None:
        self.raw = raw

    def __getitem__(self, key: bytes) -> IndexEntry:
        return decode(key, self.raw[key])

    def __contains__(self, key: object) -> bool:
        return key in self.raw

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.raw)

    def __len__(self) -> int:
        return len(self.raw)


class GitIndex:
    """The entries of an index file, by path, in git's order.

    ``raw`` maps each key to the entry's bytes as a version 2/3 file holds them
    (a version 4 file's entries are packed that way when read); ``entries`` is
    the decoded view of the same map.
    """

    def __init__(self, path: Path, raw: dict[bytes, bytes], version: int, mtime_ns: int,
                 conflicts: list[bytes] | None = None, stamp: list[int] | None = None) -> None:
        self.path = path
        self.stamp = stamp or []  # [size, mtime_ns, inode] of the file read: which index this is
        self.raw = raw
        self.entries = Entries(raw)
        self.version = version
        self.mtime_ns = mtime_ns  # of the file when read: entries this new or newer are "racy"
        self.conflicts = conflicts or []  # keys of entries in a conflict stage

    @classmethod
    def read(cls, path: Path) -> GitIndex:
        try:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                data = fh.read()
        except FileNotFoundError:
            return cls(path, {}, 2, 0)
        raw, conflicts = parse_raw(data, str(path))
        return cls(path, raw, _version(data), st.st_mtime_ns, conflicts, file_stamp(st))

    def is_racy(self, entry: IndexEntry) -> bool:
        """Changed in the same instant the index was written: stat cannot tell, hash it."""
        return entry.mtime[0] * _NS + entry.mtime[1] >= self.mtime_ns

    def unchanged(self, raw: bytes, st: os.stat_result) -> bool:
        """The regular file ``st`` describes still has the content of the entry ``raw`` (from
        ``self.raw``), by stat alone: git's stat fields equal, and the entry not racy."""
        m = st.st_mtime_ns
        mode = MODE_EXEC if st.st_mode & 0o100 else MODE_FILE
        # Seconds are compared untruncated: a time past 2106 only costs a re-hash.
        return _STAT.unpack_from(raw) == (
            *divmod(st.st_ctime_ns, _NS), *divmod(m, _NS), st.st_ino & _U32, mode, st.st_size & _U32,
        ) and m < self.mtime_ns

    def stage_conflicts(self) -> list[str]:
        return sorted({k.partition(b"\0")[0].decode("utf-8", "replace") for k in self.conflicts})

    def apply(self, updates: Mapping[bytes, IndexEntry | None]) -> None:
        """Change the entries in memory (None deletes); ``write`` stores them."""
        for p, e in updates.items():
            if e is None:
                self.raw.pop(p, None)
            else:
                self.raw[p] = e.raw if e.raw is not None else _pack(e)
        self.conflicts = [k for k in self.conflicts if k in self.raw]

    def write(self, updates: Mapping[bytes, IndexEntry | None] | None = None, lock: Path | None = None) -> None:
        """Apply ``updates`` and replace the file atomically via ``index.lock``.

        The lock file is created exclusively, as git does, so a git command
        running at the same moment makes this fail instead of both writing.
        """
        if updates:
            self.apply(updates)
        data = serialize(self.raw)
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
        st = os.stat(self.path)
        self.mtime_ns = st.st_mtime_ns
        self.stamp = file_stamp(st)


def file_stamp(st: os.stat_result) -> list[int]:
    """What tells one version of the index file from another (with its checksum, practically)."""
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def _version(data: bytes) -> int:
    return _HEADER.unpack_from(data, 0)[1] if len(data) >= 12 else 2


def _bad(where: str, why: str) -> MemsyncError:
    return MemsyncError(f"cannot read the git index: {why}", path=where)


def parse_raw(data: bytes, where: str = ".git/index") -> tuple[dict[bytes, bytes], list[bytes]]:
    """``({key: raw entry bytes}, keys in a conflict stage)`` of an index file's bytes."""
    if len(data) < 32:
        raise _bad(where, "file is truncated")
    sig, version, count = _HEADER.unpack_from(data, 0)
    if sig != b"DIRC" or version not in (2, 3, 4):
        raise _bad(where, f"unknown format (signature {sig!r}, version {version})")
    if hashlib.sha1(data[:-20]).digest() != data[-20:]:
        raise _bad(where, "checksum mismatch (the file is damaged; `git reset` rebuilds it)")
    end = len(data) - 20
    try:
        if version == 4:
            entries, pos = _parse_v4(data, count, end, where)
            raw = {k: _pack(e) for k, e in entries.items()}
            conflicted = any(e.stage for e in entries.values())
        else:
            raw, pos, conflicted = _parse_v23(data, count, end, version, where)
    except (ValueError, IndexError, struct.error):
        raise _bad(where, "entry runs past the end of the file") from None
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
    return raw, [k for k in raw if b"\0" in k] if conflicted else []


def _parse_v23(data: bytes, count: int, end: int, version: int, where: str) -> tuple[dict[bytes, bytes], int, bool]:
    # Only what is needed to cut the entries apart: the flags (name length, stage) and the name.
    raw: dict[bytes, bytes] = {}
    stages = 0
    pos = 12
    for _ in range(count):
        if pos + 62 > end:
            raise _bad(where, "entry runs past the end of the file")
        flags = (data[pos + 60] << 8) | data[pos + 61]
        name_at = pos + 62
        if flags & _EXTENDED:
            if version < 3:
                raise _bad(where, "extended flags in a version 2 index")
            name_at += 2
        length = flags & _NAME_MASK
        nul = name_at + length if length != _NAME_MASK else data.index(b"\0", name_at, end)
        if nul >= end:
            raise _bad(where, "entry runs past the end of the file")
        size = (nul - pos + 8) & ~7
        stage = (flags >> 12) & 3
        key = data[name_at:nul] if not stage else data[name_at:nul] + b"\0" + bytes([stage])
        stages |= stage
        raw[key] = data[pos:pos + size]
        pos += size
    return raw, pos, bool(stages)


def _parse_v4(data: bytes, count: int, end: int, where: str) -> tuple[dict[bytes, IndexEntry], int]:
    entries: dict[bytes, IndexEntry] = {}
    pos = 12
    prev = b""
    unpack = _FIELDS.unpack_from
    for _ in range(count):
        if pos + 62 > end:
            raise _bad(where, "entry runs past the end of the file")
        cs, cn, ms, mn, dev, ino, mode, uid, gid, size, sha, flags = unpack(data, pos)
        pos += 62
        full_flags = flags
        if flags & _EXTENDED:
            full_flags |= struct.unpack_from(">H", data, pos)[0] << 16
            pos += 2
        strip, pos = _varint(data, pos)
        nul = data.index(b"\0", pos, end)
        if strip > len(prev):
            raise _bad(where, "bad path compression")
        name = prev[: len(prev) - strip] + data[pos:nul]
        pos = nul + 1
        prev = name
        stage = (full_flags >> 12) & 3
        key = name if not stage else name + b"\0" + bytes([stage])
        entries[key] = IndexEntry(name, (cs, cn), (ms, mn), dev, ino, mode, uid, gid, size, sha, full_flags)
    return entries, pos


def decode(key: bytes, raw: bytes) -> IndexEntry:
    """The entry whose v2/v3 bytes are ``raw`` (``key`` as ``GitIndex.raw`` has it)."""
    cs, cn, ms, mn, dev, ino, mode, uid, gid, size, sha, flags = _FIELDS.unpack_from(raw)
    if flags & _EXTENDED:
        flags |= struct.unpack_from(">H", raw, 62)[0] << 16
    name = key.partition(b"\0")[0]
    return IndexEntry(name, (cs, cn), (ms, mn), dev, ino, mode, uid, gid, size, sha, flags, raw)


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


def serialize(raw: Mapping[bytes, bytes]) -> bytes:
    """Index bytes for the entries ``raw`` holds (by key, as ``GitIndex.raw``)."""
    # Keys are the path (plus NUL and the stage for conflict stages), so plain byte
    # order of the keys is git's order: by path, then stage.
    ordered = [raw[k] for k in sorted(raw)]
    version = 3 if any(r[60] & (_EXTENDED >> 8) for r in ordered) else 2
    body = b"".join([_HEADER.pack(b"DIRC", version, len(ordered)), *ordered])
    return body + hashlib.sha1(body).digest()


def blob_sha(data: bytes) -> bytes:
    """git's object id of a blob holding ``data`` (20 raw bytes)."""
    h = hashlib.sha1(b"blob %d\0" % len(data))
    h.update(data)
    return h.digest()

