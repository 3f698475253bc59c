"""The secret gate: every blob sync is about to commit or push is scanned first.

One call, ``scan(root, {path: bytes})``, returning the findings formatted as
``path:line:col: rule-id: <masked>`` (never the whole secret). The root's
allowlist of finding fingerprints applies, as for the pre-commit hook.
"""
from __future__ import annotations

from pathlib import Path


def scan(root: Path, files: dict[str, bytes]) -> list[str]:
    if not files:
        return []
    try:
        from memsync.secrets import load_allowlist, scan_bytes
    except ImportError:
        # Fail closed: without the scanner nothing is committed or pushed.
        from memsync.errors import MemsyncError

        raise MemsyncError("memsync's secret scanner (memsync.secrets) is missing; sync commits and pushes nothing "
                           "without it (reinstall memsync)") from None

    allowlist = load_allowlist(root)
    findings: list[str] = []
    for path in sorted(files):
        for finding in scan_bytes(files[path], path, allowlist=allowlist):
            findings.append(finding.format())
    return findings
