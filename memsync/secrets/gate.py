"""The one secret gate: what ``remember`` writes, what a commit records and what sync
commits or pushes all pass here, with one allowlist lookup.

    from memsync.secrets.gate import check, redact

    findings = check(root, {"facts/x.md": data})   # [] means the write may go ahead

A file's *name* is scanned too (a folder or file named like a token would reach
git as surely as its content); such a finding names the file with the secret
masked. ``redact`` masks every secret in a text for display (search snippets,
diffs), the way findings are masked.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from memsync.secrets.finding import Finding, fingerprint, mask


def allowlist_for(root: str | os.PathLike[str]) -> frozenset[str]:
    """Fingerprints allowed for files of ``root``: its ``.memsync-secrets-allow`` and those of
    its parents up to the top of the git worktree holding it (the pre-commit hook's view:
    a project repo may keep one beside ``.memory/``). Outside git, the root's own only."""
    from memsync.secrets.allowlist import AllowlistFinder, load_allowlist

    folder = os.path.abspath(root)
    if _inside_git(folder):
        return AllowlistFinder().for_dir(folder)
    return load_allowlist(Path(folder))


def _inside_git(folder: str) -> bool:
    here = folder
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return True
        parent = os.path.dirname(here)
        if parent == here:
            return False
        here = parent


def check(root: str | os.PathLike[str], files: Mapping[str, bytes], *,
          allowlist: frozenset[str] | None = None) -> list[Finding]:
    """Findings in ``files`` (``{path relative to root: bytes}``), names included, sorted by path.

    Every byte is scanned whatever it looks like (the scanner decodes UTF-16 and reads
    tokens out of binary data); nothing is skipped for being large or odd.
    """
    from memsync.secrets.scanner import scan_bytes

    if not files:
        return []
    allowed = allowlist_for(root) if allowlist is None else allowlist
    out: list[Finding] = []
    for path in sorted(files):
        out += name_findings(path, allowed)
        out += scan_bytes(files[path], path, allowlist=allowed)
    return out


def check_text(root: str | os.PathLike[str], path: str, text: str) -> list[Finding]:
    """Findings in one file about to be written as ``text`` (``remember``)."""
    return check(root, {path: text.encode("utf-8", "surrogatepass")})


def name_findings(path: str, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Secrets in the parts of a relative path; the finding's path shows them masked."""
    from memsync.secrets.scanner import find_hits

    data = path.encode("utf-8", "surrogateescape")
    hits = [h for h in find_hits(data.replace(b"/", b"\n")) if fingerprint(h[2], h[3]) not in allowlist]
    if not hits:
        return []
    shown = redact(path)
    return [Finding(shown, 0, len(data[:start].decode("utf-8", "replace")) + 1, rule, mask(secret),
                    fingerprint(rule, secret), *encoding) for start, _end, rule, secret, *encoding in hits]


def redact_all(value: Any) -> Any:
    """``value`` (JSON-shaped: dicts, lists, strings, numbers) with every string, keys included,
    passed through ``redact``: for reports built from state a hook payload or a device wrote."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact_all(k): redact_all(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_all(v) for v in value]
    return value


def redact(text: str) -> str:
    """``text`` with every suspected secret replaced by its masked form (``ghp_*** (40 chars)``);
    a secret found under an encoding has its whole encoded span replaced."""
    if not text:
        return text  # an empty part (most turns' tool name) costs a scan's whole setup otherwise
    from memsync.secrets.scanner import find_hits

    data = text.encode("utf-8", "surrogateescape")
    hits = find_hits(data)
    if not hits:
        return text
    out: list[bytes] = []
    at = 0
    for start, end, _rule, secret, *_ in hits:
        if start < at:
            continue  # a second secret in the same encoded run: the run is masked already
        out += [data[at:start], mask(secret).encode("utf-8")]
        at = end
    out.append(data[at:])
    return b"".join(out).decode("utf-8", "surrogateescape")
