"""Scan what is about to be committed: the blobs staged in the git index, not the work tree.

``git diff --cached --raw`` lists added/changed regular files and symlinks (a
symlink's blob is its target, text git records and pushes like any other; it is
scanned as that text, never followed; a submodule is a commit id, no text);
``git cat-file --batch`` streams each blob, which the scanner reads in bounded
windows, so a huge staged file is fine.
"""
from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import IO

from memsync.errors import MemsyncError
from memsync.secrets.finding import Finding
from memsync.secrets.scanner import CHUNK, scan_stream

_SCANNED_MODES = (b"100644", b"100755", b"120000")


def _git(cwd: Path, *args: str) -> bytes:
    try:
        out = subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, check=False)
    except FileNotFoundError:
        raise MemsyncError("git is not installed; --staged needs it") from None
    if out.returncode != 0:
        detail = out.stderr.decode("utf-8", "replace").strip().splitlines()
        raise MemsyncError(detail[-1] if detail else f"git {args[0]} failed", path=str(cwd))
    return out.stdout


def worktree_top(cwd: Path) -> Path | None:
    """Top of the git worktree holding ``cwd``, or None outside git."""
    try:
        out = subprocess.run(["git", "-C", str(cwd), "rev-parse", "--show-toplevel"],
                             capture_output=True, check=False)
    except FileNotFoundError:
        raise MemsyncError("git is not installed; --staged needs it") from None
    if out.returncode != 0:
        return None
    return Path(out.stdout.decode("utf-8", "surrogateescape").removesuffix("\n"))  # the path may end in one too


def staged_blobs(top: Path, pathspecs: list[str]) -> list[tuple[str, str]]:
    """(path relative to ``top``, blob id) of regular files and symlinks added or changed in the index."""
    raw = _git(top, "diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames",
               "--diff-filter=ACMRT", "--", *pathspecs)
    fields = raw.split(b"\0")
    out = []
    for meta, path in zip(fields[0::2], fields[1::2]):
        parts = meta.split()
        if len(parts) >= 4 and parts[1] in _SCANNED_MODES:
            out.append((path.decode("utf-8", "surrogateescape"), parts[3].decode("ascii")))
    return out


class _Blob:
    """Reads one blob of ``size`` bytes from ``git cat-file --batch`` output, in pieces."""

    def __init__(self, stream: IO[bytes], size: int, rel: str) -> None:
        self.stream = stream
        self.remaining = size
        self.rel = rel

    def read(self, size: int) -> bytes:
        if not self.remaining:
            return b""
        data = self.stream.read(min(size, self.remaining, CHUNK))
        if not data:
            raise MemsyncError(f"git stopped while sending the staged blob of {self.rel}")
        self.remaining -= len(data)
        return data


def scan_staged(cwd: Path, pathspecs: list[str], allowlist_for: Callable[[Path], frozenset[str]],
                display: Callable[[Path], str]) -> list[Finding]:
    """Findings in the staged version of the files matching ``pathspecs`` (absolute or top-relative)."""
    top = worktree_top(cwd)
    if top is None:
        raise MemsyncError("not inside a git repository, so nothing is staged", path=str(cwd))
    blobs = staged_blobs(top, pathspecs)
    if not blobs:
        return []
    proc = subprocess.Popen(["git", "-C", str(top), "cat-file", "--batch"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    out: list[Finding] = []
    try:
        for rel, sha in blobs:
            proc.stdin.write(sha.encode("ascii") + b"\n")
            proc.stdin.flush()
            header = proc.stdout.readline().split()
            if len(header) != 3 or header[1] != b"blob":
                raise MemsyncError(f"git could not read the staged blob of {rel}")
            blob = _Blob(proc.stdout, int(header[2]), rel)
            path = top / rel
            out += scan_stream(blob.read, display(path), allowlist=allowlist_for(path))
            while blob.read(CHUNK):  # whatever the scan left unread (it stops at the end of its data)
                pass
            proc.stdout.read(1)  # the newline after each blob
    finally:
        proc.stdin.close()
        proc.stdout.close()
        proc.wait()
    return out
