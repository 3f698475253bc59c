"""What ``inspect`` says of the sources: on or off, where, how much, and what could not be read."""
from __future__ import annotations

from collections import Counter
from typing import Any

from memsync.sources import NAMES, SETTING, SourceRoot

MAX_LISTED = 20


def describe(found: list[SourceRoot], *, only: str | None = None) -> list[dict[str, Any]]:
    """One report per source (those turned off too, so a user learns they exist); reading a
    source that is off is never done."""
    by_scope = {r.scope: r for r in found}
    out = []
    for scope, name in NAMES.items():
        if only is not None and scope != only:
            continue
        root = by_scope.get(scope)
        if root is None:
            out.append({"scope": scope, "name": name, "enabled": False, "root": None,
                        "summary": f"off or not present (turn on with {SETTING[scope]} in your settings; "
                                   "see docs/sources.md); nothing read"})
            continue
        out.append(_report(root))
    return out


def _report(root: SourceRoot) -> dict[str, Any]:
    scan = root.layout.scan()
    groups = root.layout.groups(root.path)
    kinds = dict(sorted(Counter(d.kind for d in scan.docs).items()))
    problems = [{"path": root.layout.show(root.display, rel), "problem": why} for rel, why in scan.problems.items]
    parts = [f"{scan.files} file{'s' if scan.files != 1 else ''}, {len(scan.docs)} searchable document"
             f"{'s' if len(scan.docs) != 1 else ''}"]
    if kinds:
        parts.append("types: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    if problems:
        parts.append(f"{len(problems)} not read as they are")
    where = ", ".join(groups) if groups else "no folder of this project yet"
    return {
        "scope": root.scope, "name": root.name, "enabled": True, "root": root.display, "folders": groups,
        "files": scan.files, "documents": len(scan.docs), "by_type": kinds, "problems": problems[:MAX_LISTED],
        "notes": scan.notes, "read_only": True,
        "summary": f"{root.name} at {root.display} ({where}): " + "; ".join(parts) + "; read only",
    }
