"""Secret scanning: the gate every write, commit and sync passes before anything reaches git.

    from memsync.secrets import scan_text, scan_bytes, scan_file, Finding, load_allowlist

    findings = scan_text(note, "facts/deploy.md", allowlist=load_allowlist(root))
    for f in findings:
        print(f.format())          # path:line:col: rule-id: <masked>, never the secret

Importing this package is cheap (the rules compile on the first scan), because
git hooks start a process per commit.
"""
from __future__ import annotations

from memsync.secrets.allowlist import ALLOW_FILE, load_allowlist
from memsync.secrets.finding import Finding
from memsync.secrets.scanner import scan_bytes, scan_file, scan_text

__all__ = ["ALLOW_FILE", "Finding", "load_allowlist", "scan_bytes", "scan_file", "scan_text"]
