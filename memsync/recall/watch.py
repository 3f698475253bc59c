"""Change notification for long-lived processes (Linux inotify through ctypes).

A process that searches many times (a library user, an MCP server) can ask
the kernel to report changes instead of stat-ing every file per search. The
watches are placed before the first full check, so nothing that happens
after that check is missed; any doubt (queue overflow, a folder removed, a
watch lost) answers "unknown" and the caller falls back to the full check.
Elsewhere ``Watcher.create`` returns None and the stat walk is used.

Not seen by inotify: writes through mmap, writes through a hard link that
lives in another folder, and changes made on another machine to a network file
system. One-shot processes get the same benefit through the change-monitor
daemon (``monitord``), which keeps a Watcher per root.
"""
from __future__ import annotations

import ctypes
import os
import struct
import sys
from collections.abc import Iterator
from pathlib import Path

from memsync.tree import INDEX

IN_MODIFY = 0x2
IN_ATTRIB = 0x4
IN_CLOSE_WRITE = 0x8
IN_MOVED_FROM = 0x40
IN_MOVED_TO = 0x80
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_Q_OVERFLOW = 0x4000
IN_IGNORED = 0x8000
IN_ONLYDIR = 0x01000000
IN_DONT_FOLLOW = 0x02000000
IN_ISDIR = 0x40000000
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000

_NAMES = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
_SELF = IN_DELETE_SELF | IN_MOVE_SELF
_ROOT = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | _SELF
_HEADER = struct.Struct("iIII")
_INDEX = os.fsencode(INDEX)
_libc = None


def _lib() -> ctypes.CDLL | None:
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            lib = ctypes.CDLL(None, use_errno=True)
            lib.inotify_init1.argtypes = [ctypes.c_int]
            lib.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
            _libc = lib
        except (OSError, AttributeError):
            _libc = False  # type: ignore[assignment]
    return _libc or None


def events(buf: bytes) -> Iterator[tuple[int, int, bytes]]:
    """``(watch descriptor, mask, name)`` of each event in bytes read from an inotify fd."""
    pos = 0
    while pos + _HEADER.size <= len(buf):
        wd, mask, _cookie, length = _HEADER.unpack_from(buf, pos)
        yield wd, mask, buf[pos + _HEADER.size : pos + _HEADER.size + length].rstrip(b"\0")
        pos += _HEADER.size + length


class Watcher:
    """Watches a root folder and its category folders."""

    def __init__(self, fd: int, root: Path) -> None:
        self.fd = fd
        self.root = root
        self.wds: dict[int, str] = {}  # watch descriptor -> category name ("" for the root)
        self.names: dict[str, set[str] | None] = {}  # what the last drain saw, per category
        self.broken = False

    @classmethod
    def create(cls, root: Path) -> Watcher | None:
        lib = _lib()
        if lib is None:
            return None
        fd = lib.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            return None
        w = cls(fd, root)
        if not w._add("", _ROOT):
            w.close()
            return None
        return w

    def _add(self, name: str, mask: int) -> bool:
        lib = _lib()
        path = os.fsencode(os.path.join(self.root, name) if name else str(self.root))
        wd = lib.inotify_add_watch(self.fd, path, mask | IN_ONLYDIR | IN_DONT_FOLLOW) if lib else -1
        if wd < 0:
            return False
        self.wds[wd] = name
        return True

    def watch(self, categories: list[str]) -> bool:
        """Watch these category folders too (adding an existing watch is harmless)."""
        known = set(self.wds.values())
        ok = True
        for name in categories:
            if name not in known:
                ok &= self._add(name, _NAMES | _SELF)
        return ok

    def drain(self) -> set[str] | None:
        """Categories changed since the last call; None when unknown (check everything).

        ``self.names`` then holds, per changed category, the entry file names the events
        named, or None for a category whose folder itself changed (look at all of it)."""
        changed: set[str] = set()
        names: dict[str, set[str] | None] = {}
        self.names = names
        unknown = self.broken
        while True:
            try:
                buf = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            except OSError:
                self.broken = True
                return None
            if not buf:
                break
            for wd, mask, name in events(buf):
                if mask & (IN_Q_OVERFLOW | IN_IGNORED) or mask & _SELF:
                    unknown = True
                    if mask & IN_IGNORED:
                        self.wds.pop(wd, None)
                    continue
                where = self.wds.get(wd)
                if where is None:
                    continue
                if where == "":
                    # In the root only folders matter (.state.json and ROOT.md are not
                    # entries), and the root itself (an empty name: its mode changed).
                    if not name or mask & IN_ISDIR and not name.startswith(b"."):
                        unknown = True
                elif not name or not name.startswith(b".") and name.endswith(b".md") and name != _INDEX:
                    changed.add(where)  # an entry, or the folder itself (its mode)
                    known = names.setdefault(where, set())
                    if not name or mask & IN_ISDIR:
                        names[where] = None
                    elif known is not None:
                        known.add(os.fsdecode(name))
        if unknown:
            self.broken = False
            return None
        return changed

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass
