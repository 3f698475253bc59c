"""The per-root allowlist: a committed file of finding fingerprints (hashes, never secrets).

Format of ``.memsync-secrets-allow``: one 32-hex-digit fingerprint per line,
optionally followed by ``# comment``; blank lines and ``#`` lines are ignored.
Any other line is an error (reported by line number, never echoed: someone may
have pasted the secret itself).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from memsync.errors import MemsyncError

ALLOW_FILE = ".memsync-secrets-allow"
MAX_ALLOW_BYTES = 1 << 20
HEADER = (
    "# memsync secrets allowlist: fingerprints of findings that are not secrets.\n"
    "# One per line (`memsync secrets allow PATH:LINE` adds them). Hashes only, never a secret.\n"
)
FINGERPRINT = re.compile(r"[0-9a-f]{32}")


def parse_allowlist(data: bytes, display: str) -> frozenset[str]:
    out = set()
    for number, raw in enumerate(data.splitlines(), 1):
        line = raw.split(b"#", 1)[0].strip().decode("ascii", "replace").lower()
        if not line:
            continue
        if not FINGERPRINT.fullmatch(line):
            raise MemsyncError("not a finding fingerprint (expected 32 hex digits, then an optional # comment)",
                               path=display, line=number)
        out.add(line)
    return frozenset(out)


def _read(path: Path) -> bytes | None:
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        data = read_regular(path, MAX_ALLOW_BYTES + 1)
    except FileNotFoundError:
        return None
    except NotRegularFile as exc:
        raise MemsyncError(f"allowlist not read ({exc})", path=str(path)) from None
    except OSError as exc:
        raise MemsyncError(f"cannot read allowlist: {exc.strerror or exc}", path=str(path)) from None
    if len(data) > MAX_ALLOW_BYTES:
        raise MemsyncError("allowlist is larger than 1 MiB", path=str(path))
    return data


def load_allowlist(root: Path) -> frozenset[str]:
    """Fingerprints in ``root/.memsync-secrets-allow`` (empty when there is none)."""
    path = Path(root) / ALLOW_FILE
    data = _read(path)
    return frozenset() if data is None else parse_allowlist(data, str(path))


class AllowlistFinder:
    """Allowlists that apply to a file: those in its folder and every parent up to the
    top of its git worktree (a memory root and the repository both may keep one)."""

    def __init__(self) -> None:
        self._cache: dict[str, frozenset[str]] = {}
        self._parents: dict[str, frozenset[str]] = {}  # by the folder as given: no abspath per file

    def for_file(self, path: str | Path) -> frozenset[str]:
        given = os.path.dirname(path)
        found = self._parents.get(given)
        if found is None:
            found = self._parents[given] = self.for_dir(os.path.abspath(given or "."))
        return found

    def for_dir(self, folder: str) -> frozenset[str]:
        cached = self._cache.get(folder)
        if cached is not None:
            return cached
        here = load_allowlist(Path(folder))
        parent = os.path.dirname(folder)
        at_top = os.path.lexists(os.path.join(folder, ".git")) or parent == folder
        result = here if at_top else here | self.for_dir(parent)
        self._cache[folder] = result
        return result


def add_to_allowlist(root: Path, entries: list[tuple[str, str]]) -> list[str]:
    """Append (fingerprint, comment) pairs not already present; returns the added fingerprints."""
    from memsync.fsutil import write_inside

    path = Path(root) / ALLOW_FILE
    data = _read(path)
    existing = parse_allowlist(data, str(path)) if data is not None else frozenset()
    text = data.decode("utf-8", "replace") if data is not None else HEADER
    if text and not text.endswith("\n"):
        text += "\n"
    added: list[str] = []
    for fp, comment in entries:
        fp = fp.lower()
        if not FINGERPRINT.fullmatch(fp):
            raise MemsyncError(f"{fp!r} is not a finding fingerprint (32 hex digits)")
        if fp in existing or fp in added:
            continue
        clean = "".join(c if c.isprintable() else "?" for c in comment)
        text += f"{fp}  # {clean}\n" if clean else f"{fp}\n"
        added.append(fp)
    if added:
        write_inside(Path(root), ALLOW_FILE, text.encode("utf-8"), display=str(path))
    return added
