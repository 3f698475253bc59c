"""The scanning engine: bytes in, findings out; files and pipes streamed in bounded windows.

All matching happens on UTF-8 bytes. A token's alphabet is ASCII, so any byte
of a multi-byte character — Chinese text, ``，`` ``。`` ``）`` ``」``, the
ideographic space — ends it without special cases, and invalid UTF-8 needs no
decoding at all. Rules are loaded and compiled on the first scan, so importing
this module costs almost nothing (hooks start a process per commit).
"""
from __future__ import annotations

import bisect
import codecs
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path

from memsync.errors import MemsyncError
from memsync.secrets.finding import Finding, fingerprint, mask

BINARY_SNIFF = 8000  # like git: a NUL byte in the first 8000 bytes means binary
CHUNK = 1 << 20  # bytes read at a time from a file or pipe
OVERLAP = 64 << 10  # longer than any secret a rule matches (JWT <= 25 KiB, PEM window 16 KiB)
CONTEXT = 1 << 10  # bytes before a token a rule may look back at (key names, URL schemes)

_CONTINUATION = bytes(range(0x80, 0xC0))
_ALLOW_MARKER = re.compile(rb"memsync:[ \t]*allow-secret")
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

Reader = Callable[[int], bytes]
Hit = tuple  # (start, end, rule id, secret bytes)
_engine_state: tuple[list, dict] | None = None


def _engine() -> tuple[list, dict]:
    """The trigger passes and the (anchor, lowered) -> rules map, built once per process."""
    global _engine_state
    if _engine_state is None:
        from memsync.secrets import keywords, rules, structured, trigger

        # Priority decides overlaps: a vendor shape beats a URL/PEM/header rule beats a keyword.
        ordered = [(0, r) for r in rules.TOKEN_RULES] + [(1, r) for r in structured.RULES] + [(2, keywords.RULE)]
        dispatch: dict[tuple[bytes, bool], list] = {}
        triggers = []
        for priority, rule in ordered:
            for anchor, tail in rule.triggers:  # type: ignore[attr-defined]
                key = anchor.encode("utf-8")
                dispatch.setdefault((key, rule.lowered), []).append((priority, rule))  # type: ignore[attr-defined]
                triggers.append((key, tail, rule.lowered))  # type: ignore[attr-defined]
        _engine_state = (trigger.plan(triggers), dispatch)
    return _engine_state


def rule_ids() -> list[str]:
    """Every rule id a finding can carry, sorted (docs/secrets.md lists them all)."""
    from memsync.secrets import keywords, rules, structured

    found = {rule_id for rule in (*rules.TOKEN_RULES, *structured.RULES, keywords.RULE)
             for rule_id in getattr(rule, "ids", (rule.id,))}
    return sorted(found)


def find_hits(buf: bytes) -> list[Hit]:
    """(start, end, rule id, secret) for every secret in ``buf``, sorted by start, no overlaps."""
    passes, dispatch = _engine()
    lowered = None
    ascii_only = buf.isascii()
    found = []
    for scan in passes:
        if ascii_only and not scan.ascii:
            continue
        if scan.lowered and lowered is None:
            lowered = buf.lower()
        for pos, anchor in scan.positions(lowered if scan.lowered else buf):
            for priority, rule in dispatch[(anchor, scan.lowered)]:
                hit = rule.match(buf, pos, anchor)
                if hit is not None:
                    found.append((priority, hit))
                    break
    if len(found) < 2:
        return [hit for _, hit in found]
    found.sort(key=lambda item: (item[0], item[1][0]))
    starts: list[int] = []
    ends: list[int] = []
    kept = []
    for _, hit in found:
        start, end = hit[0], hit[1]
        i = bisect.bisect_right(starts, start)
        if (i and ends[i - 1] > start) or (i < len(starts) and starts[i] < end):
            continue
        starts.insert(i, start)
        ends.insert(i, end)
        kept.append(hit)
    kept.sort()
    return kept


def _chars(data: bytes) -> int:
    """Characters in UTF-8 bytes: every byte that is not a continuation byte starts one."""
    return len(data.translate(None, _CONTINUATION))


def _findings(buf: bytes, hits: list[Hit], path: str, allowlist: frozenset[str], *,
              base: int = 0, line0: int = 1, col0: int = 0) -> list[Finding]:
    """Findings for ``hits`` (sorted); ``buf[base]`` is on line ``line0`` after ``col0`` characters.

    Work per line is done once (marker check) and columns are counted
    incrementally, so a megabyte-long line with thousands of tokens stays linear.
    """
    out = []
    line, counted = line0, base
    line_start = -1
    allowed = False
    chars = chars_at = 0
    for start, _end, rule, secret in hits:
        newlines = buf.count(b"\n", counted, start)
        line += newlines
        counted = start
        if newlines or line_start < 0:
            line_start = buf.rfind(b"\n", base, start) + 1 or base
            line_end = buf.find(b"\n", start)
            allowed = _ALLOW_MARKER.search(buf, line_start, line_end if line_end >= 0 else len(buf)) is not None
            chars, chars_at = (col0 if line_start == base else 0), line_start
        if allowed:
            continue
        fp = fingerprint(rule, secret)
        if fp in allowlist:
            continue
        chars += _chars(buf[chars_at:start])
        chars_at = start
        out.append(Finding(path, line, chars + 1, rule, mask(secret), fp))
    return out


def _is_utf16(head: bytes) -> bool:
    return head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))


def scan_text(text: str, path: str = "<text>", *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in a string (what the write paths and sync call before writing)."""
    data = text.encode("utf-8", "surrogatepass")
    return _findings(data, find_hits(data), path, allowlist)


def scan_bytes(data: bytes, path: str, *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in file content. Binary data gives []; UTF-16 (with a BOM) is decoded first."""
    if _is_utf16(data):
        return scan_text(data.decode("utf-16", "replace"), path, allowlist=allowlist)
    if b"\0" in data[:BINARY_SNIFF]:
        return []
    return _findings(data, find_hits(data), path, allowlist)


def _utf16_reader(first: bytes, read: Reader) -> Reader:
    """Re-encode a UTF-16 stream as UTF-8, one chunk at a time."""
    decoder = codecs.getincrementaldecoder("utf-16")("replace")
    pending = [first]

    def _read(size: int) -> bytes:
        while True:
            raw = pending.pop() if pending else read(size)
            text = decoder.decode(raw, final=not raw)
            if text or not raw:
                return text.encode("utf-8")

    return _read


def scan_stream(read: Reader, path: str, *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Scan what ``read(n)`` returns until it returns b"", holding at most about 1 MiB.

    Windows overlap by ``OVERLAP + CONTEXT`` bytes; a finding is reported by the
    window where it starts, so a secret straddling a window edge is found once.
    """
    buf = read(CHUNK)
    if _is_utf16(buf):
        read = _utf16_reader(buf, read)
        buf = read(CHUNK)
    elif b"\0" in buf[:BINARY_SNIFF]:
        return []
    out: list[Finding] = []
    line0, col0, lo = 1, 0, 0
    while True:
        more = read(CHUNK)
        if more and len(buf) < CHUNK:
            buf += more  # short reads from a pipe: fill the window first
            continue
        hi = len(buf) if not more else len(buf) - OVERLAP
        hits = [h for h in find_hits(buf) if lo <= h[0] < hi]
        out += _findings(buf, hits, path, allowlist, line0=line0, col0=col0)
        if not more:
            return out
        cut = hi - CONTEXT
        newlines = buf.count(b"\n", 0, cut)
        if newlines:
            line0 += newlines
            col0 = _chars(buf[buf.rfind(b"\n", 0, cut) + 1:cut])
        else:
            col0 += _chars(buf[:cut])
        buf = buf[cut:] + more
        lo = CONTEXT


def open_regular(path: str | Path, display: str) -> tuple[int, int]:
    """(descriptor, size) of a regular file opened read-only, never through a symlink; else MemsyncError."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW | _O_NONBLOCK)
    except FileNotFoundError:
        raise MemsyncError("no such file or directory", path=display) from None
    except PermissionError:
        raise MemsyncError("cannot read: permission denied", path=display) from None
    except OSError as exc:
        if os.path.islink(path):
            raise MemsyncError("is a symlink; not followed (scan its target instead)", path=display) from None
        raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=display) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        what = "is a directory" if stat.S_ISDIR(info.st_mode) else "is not a regular file"
        raise MemsyncError(f"{what}; not scanned", path=display)
    return fd, info.st_size


def scan_file(path: Path, display: str | None = None, *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in one file of any size, read in 1 MiB chunks; binary files give []."""
    shown = display if display is not None else str(path)
    fd, _size = open_regular(path, shown)
    try:
        def read(size: int) -> bytes:
            try:
                return os.read(fd, size)
            except OSError as exc:
                raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=shown) from None

        return scan_stream(read, shown, allowlist=allowlist)
    finally:
        os.close(fd)



_SEPARATOR = b"\n\0\n"  # between files in a batch: no token, value or key block crosses a NUL
PARALLEL_FILES = 1000  # fewer files than this: a second process costs more than it saves


def _read_head(fd: int, size: int, shown: str, stop_at: int = -1) -> bytes:
    """Up to ``size`` bytes; stops early at end of file, or once ``stop_at`` bytes (the
    size fstat gave) have arrived, which saves the extra read that would return b""."""
    parts, got = [], 0
    while got < size and got != stop_at:
        try:
            part = os.read(fd, size - got)
        except OSError as exc:
            raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=shown) from None
        if not part:
            break
        parts.append(part)
        got += len(part)
    return b"".join(parts)


def _continue_reading(first: bytes, fd: int, shown: str) -> Reader:
    """A reader that returns ``first`` (already read), then the rest of the file."""
    pending = [first]

    def read(size: int) -> bytes:
        return pending.pop() if pending else _read_head(fd, size, shown)

    return read


class _Batches:
    """Small files joined into ~1 MiB buffers (ASCII-only files apart: they skip the
    Chinese-keyword passes), so the passes run once per batch, not once per note."""

    def __init__(self) -> None:
        self.found: list[tuple[int, Finding]] = []  # (file number, finding): sorted at the end
        self._open: dict[bool, tuple[list[bytes], list[tuple[int, str, frozenset[str], int, int]]]] = {}
        self._size = {True: 0, False: 0}

    def add(self, number: int, data: bytes, shown: str, allowlist: frozenset[str]) -> None:
        ascii_only = data.isascii()
        parts, files = self._open.setdefault(ascii_only, ([], []))
        begin = self._size[ascii_only]
        files.append((number, shown, allowlist, begin, begin + len(data)))
        parts += (data, _SEPARATOR)
        self._size[ascii_only] = begin + len(data) + len(_SEPARATOR)
        if self._size[ascii_only] >= CHUNK:
            self.flush(ascii_only)

    def flush(self, ascii_only: bool) -> None:
        parts, files = self._open.pop(ascii_only, ([], []))
        self._size[ascii_only] = 0
        if not files:
            return
        buf = b"".join(parts)
        hits = find_hits(buf)
        starts = [h[0] for h in hits]
        for number, shown, allowlist, begin, end in files:
            mine = hits[bisect.bisect_left(starts, begin):bisect.bisect_left(starts, end)]
            if mine:
                self.found += ((number, f) for f in _findings(buf, mine, shown, allowlist, base=begin))

    def close(self) -> list[Finding]:
        self.flush(True)
        self.flush(False)
        self.found.sort(key=lambda item: (item[0], item[1].line, item[1].col))
        return [f for _, f in self.found]


def _scan_serial(items: list[tuple[str | Path, str, frozenset[str]]]) -> tuple[list[Finding], int, list[str]]:
    batches = _Batches()
    errors: list[str] = []
    scanned = 0
    for number, (path, shown, allowlist) in enumerate(items):
        try:
            fd, size = open_regular(path, shown)
        except MemsyncError as exc:
            errors.append(str(exc))
            continue
        try:
            # Ask for what the file holds (plus one byte to notice growth) in one read:
            # os.read allocates its whole buffer up front, so 1 MiB per note would dominate.
            want = min(size, CHUNK) + 1
            data = _read_head(fd, want, shown, stop_at=size or -1)  # /proc files claim size 0
            if len(data) == want <= CHUNK:  # it grew since fstat: read on, up to the limit
                data += _read_head(fd, CHUNK + 1 - want, shown)
            if len(data) > CHUNK:
                read = _continue_reading(data, fd, shown)
                batches.found += ((number, f) for f in scan_stream(read, shown, allowlist=allowlist))
            elif _is_utf16(data):
                batches.found += ((number, f) for f in scan_bytes(data, shown, allowlist=allowlist))
            elif b"\0" not in data[:BINARY_SNIFF]:
                batches.add(number, data, shown, allowlist)
            scanned += 1
        except MemsyncError as exc:
            errors.append(str(exc))
        finally:
            os.close(fd)
    return batches.close(), scanned, errors


def _scan_forked(items: list, workers: int) -> tuple[list[Finding], int, list[str]]:
    """Split ``items`` into ``workers`` runs; forked children scan all but the last,
    which this process scans meanwhile. Results come back pickled through pipes in
    order; a child that fails has its run rescanned here, so the result is always
    what a serial scan gives."""
    import pickle

    size = -(-len(items) // workers)
    runs = [items[i:i + size] for i in range(0, len(items), size)]
    children = []
    for run in runs[:-1]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: scan, send, leave without running any cleanup of the parent's
            os.close(read_end)
            status = 1
            try:
                data = pickle.dumps(_scan_serial(run))
                view = memoryview(data)
                while view:
                    view = view[os.write(write_end, view):]
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        children.append((pid, read_end, run))
    last = _scan_serial(runs[-1])
    results = []
    for pid, read_end, run in children:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        results.append(pickle.loads(data) if status == 0 and data else _scan_serial(run))
    results.append(last)
    return ([f for r in results for f in r[0]], sum(r[1] for r in results), [e for r in results for e in r[2]])


def scan_files(items: Iterable[tuple[str | Path, str, frozenset[str]]], *,
               workers: int = 1) -> tuple[list[Finding], int, list[str]]:
    """Scan many (path, display, allowlist) files: (findings in input order, files scanned, errors).

    Files up to 1 MiB are batched; larger ones are streamed. A file that cannot
    be read becomes an error message and the rest go on. With ``workers`` > 1
    (and ``os.fork``), the files are split among that many processes.
    """
    listed = list(items)
    if workers > 1 and len(listed) > 1 and hasattr(os, "fork"):
        return _scan_forked(listed, min(workers, len(listed)))
    return _scan_serial(listed)
