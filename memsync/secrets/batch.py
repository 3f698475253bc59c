"""Many files at once: small notes joined into batches, optionally split among processes.

Why batches: the trigger passes cost a fixed amount per call, so running them
once per 1 MiB of notes instead of once per note is what makes a whole tree
fast. Why processes: a large scan on several CPUs; the files are dealt out in
turn (not in halves), because secrets cluster in a few folders and the work
follows the secrets.
"""
from __future__ import annotations

import bisect
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from memsync import forked
from memsync.errors import MemsyncError
from memsync.secrets.finding import Finding
from memsync.secrets.scanner import (
    CHUNK,
    SNIFF,
    Reader,
    _findings,
    _is_utf16,
    find_hits,
    key_file_hits,
    legacy_encodings,
    open_regular,
    scan_bytes,
    scan_stream,
)

SEPARATOR = b"\n\0\n"  # between files in a batch: no token, value or key block crosses a NUL
PARALLEL_FILES = 1000  # fewer files than this: a second process costs more than it saves

Item = tuple[str | Path, str, frozenset[str]]  # (path, display, allowlist)
Numbered = list[tuple[int, Item]]
Result = tuple[list[tuple[int, Finding]], int, list[tuple[int, str]]]  # numbered findings, files, errors


def _read_head(fd: int, size: int, shown: str, stop_at: int = -1) -> bytes:
    """Up to ``size`` bytes; stops early at end of file, or once ``stop_at`` bytes (the
    size fstat gave) have arrived, which saves the extra read that would return b\"\"."""
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
        self.found: list[tuple[int, Finding]] = []  # (file number, finding)
        self._open: dict[bool, tuple[list[bytes], list[tuple[int, str, frozenset[str], int, int]]]] = {}
        self._size = {True: 0, False: 0}

    def add(self, number: int, data: bytes, shown: str, allowlist: frozenset[str]) -> None:
        ascii_only = data.isascii()
        parts, files = self._open.setdefault(ascii_only, ([], []))
        begin = self._size[ascii_only]
        files.append((number, shown, allowlist, begin, begin + len(data)))
        parts += (data, SEPARATOR)
        self._size[ascii_only] = begin + len(data) + len(SEPARATOR)
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

    def close(self) -> list[tuple[int, Finding]]:
        self.flush(True)
        self.flush(False)
        return self.found


def _scan_serial(numbered: Numbered) -> Result:
    batches = _Batches()
    errors: list[tuple[int, str]] = []
    scanned = 0
    for number, (path, shown, allowlist) in numbered:
        try:
            fd, size = open_regular(path, shown)
        except MemsyncError as exc:
            errors.append((number, str(exc)))
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
            elif b"\0" in data or _is_utf16(data) or legacy_encodings(data[:SNIFF]) or key_file_hits(data, shown):
                # UTF-16, a legacy CJK encoding, binary or a key file: decoded, or scanned with its UTF-16
                # runs or its name, on its own
                batches.found += ((number, f) for f in scan_bytes(data, shown, allowlist=allowlist))
            else:
                batches.add(number, data, shown, allowlist)
            scanned += 1
        except MemsyncError as exc:
            errors.append((number, str(exc)))
        finally:
            os.close(fd)
    return batches.close(), scanned, errors


def _scan_forked(numbered: Numbered, workers: int) -> list[Result]:
    """Deal the files out to ``workers`` processes; forked children take all turns but
    the last, which this process scans meanwhile. Results come back pickled through
    pipes; a child that fails has its share rescanned here, so the result is always
    what a serial scan gives."""
    import pickle

    shares = [numbered[k::workers] for k in range(workers)]

    def work(share: Numbered) -> Callable[[], bytes]:
        return lambda: pickle.dumps(_scan_serial(share))

    children = [(forked.start(work(share)), share) for share in shares[:-1]]
    results = [_scan_serial(shares[-1])]
    for child, share in children:
        data = forked.collect(child) if child is not None else None
        results.append(pickle.loads(data) if data else _scan_serial(share))
    return results


def scan_files(items: Iterable[Item], *, workers: int = 1) -> tuple[list[Finding], int, list[str]]:
    """Scan many (path, display, allowlist) files: (findings in input order, files scanned, errors).

    Files up to 1 MiB are batched; larger ones are streamed. A file that cannot
    be read becomes an error message and the rest go on. With ``workers`` > 1
    (and ``os.fork``), the files are dealt out to that many processes.
    """
    numbered = list(enumerate(items))
    if workers > 1 and len(numbered) > 1 and hasattr(os, "fork"):
        results = _scan_forked(numbered, min(workers, len(numbered)))
    else:
        results = [_scan_serial(numbered)]
    # Sorting by file number alone is stable: a file's findings keep their order.
    found = sorted((item for r in results for item in r[0]), key=lambda item: item[0])
    errors = sorted((item for r in results for item in r[2]), key=lambda item: item[0])
    return [f for _, f in found], sum(r[1] for r in results), [message for _, message in errors]
