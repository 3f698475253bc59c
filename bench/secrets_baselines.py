"""The two baseline scanners the blind secret benches run beside memsync, as whole processes.

    found, seconds, raw_output = run_detect_secrets(folder, key)
    found, seconds, raw_output = run_gitleaks(folder, tmp, key)

``found`` maps ``key(path)`` (default: the file name) to that file's findings, each
``{"line", "rule", "encoding": ""}``; None when the tool is not installed. detect-secrets
runs as ``detect-secrets scan --all-files`` in the folder; gitleaks (from $GITLEAKS or
PATH) as ``gitleaks dir --redact``. ``raw_output`` is everything the tool printed or wrote,
for the check that no line of it holds a whole secret.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

Found = dict[str, list[dict]]


def _name(path: str) -> str:
    return Path(path).name


def run_detect_secrets(notes: Path, key: Callable[[str], str] = _name) -> tuple[Found | None, float, str]:
    exe = shutil.which("detect-secrets")
    if not exe:
        return None, 0.0, ""
    t0 = time.perf_counter()
    p = subprocess.run([exe, "scan", "--all-files", "."], cwd=notes, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    out: Found = defaultdict(list)
    for fname, items in json.loads(p.stdout)["results"].items():
        for it in items:
            out[key(fname)].append({"line": it["line_number"], "rule": it["type"], "encoding": ""})
    return out, dt, p.stdout + p.stderr


def run_gitleaks(notes: Path, tmp: Path, key: Callable[[str], str] = _name) -> tuple[Found | None, float, str]:
    exe = os.environ.get("GITLEAKS") or shutil.which("gitleaks")
    if not exe:
        return None, 0.0, ""
    report = tmp / "gitleaks.json"
    t0 = time.perf_counter()
    p = subprocess.run([exe, "dir", str(notes), "--no-banner", "--redact", "--exit-code", "0",
                        "--report-format", "json", "--report-path", str(report)], capture_output=True, text=True)
    dt = time.perf_counter() - t0
    out: Found = defaultdict(list)
    for it in json.loads(report.read_text() or "[]"):
        out[key(it["File"])].append({"line": it["StartLine"], "rule": it["RuleID"], "encoding": ""})
    return out, dt, p.stdout + p.stderr + report.read_text()
