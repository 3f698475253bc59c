"""Helpers to build memory trees in tests."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path


def entry_text(
    entry_id: str,
    summary: str = "a summary",
    *,
    kind: str = "fact",
    body: str = "Body text.\n",
    **fields: object,
) -> str:
    lines = ["---", f"id: {entry_id}", f"kind: {kind}", f"summary: {summary}"]
    for key, value in fields.items():
        if isinstance(value, list):
            lines.append(f"{key}:")
            lines += [f"  - {v}" for v in value]
        elif isinstance(value, bool):
            lines.append(f"{key}: {'true' if value else 'false'}")
        else:
            lines.append(f"{key}: {value}")
    lines.append("---")
    return "\n".join(lines) + "\n\n" + body


def write_entry(root: Path, entry_id: str, summary: str = "a summary", **kw: object) -> Path:
    path = root / f"{entry_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(entry_text(entry_id, summary, **kw), encoding="utf-8")
    return path


def snapshot(top: Path) -> dict[str, str]:
    """Every file under ``top`` (dot-files included, .git excluded) -> sha256, plus symlink targets."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(top))
            if path.is_symlink():
                out[rel] = "-> " + os.readlink(path)
            elif path.is_file():
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out
