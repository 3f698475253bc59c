"""A cache of parsed frontmatter, outside the tree, keyed by each file's stat fingerprint.

It only ever saves work: a missing, unreadable, corrupt or foreign cache file is
ignored, and failing to write one is silent. Contents are JSON (never pickle or
marshal), so a tampered cache cannot run code.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from memsync.roots import cache_dir

# Bump when EntryInfo's fields or the parser's checks change.
SCHEMA = 3


def _cache_file(root: Path) -> Path:
    key = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:24]
    return cache_dir() / "parsed" / f"{key}.json"


def load(root: Path) -> dict[str, list[Any]]:
    try:
        with open(_cache_file(root), "rb") as fh:
            doc = json.loads(fh.read())
        if doc.get("schema") == SCHEMA and doc.get("root") == str(root) and isinstance(doc.get("entries"), dict):
            return doc["entries"]
    except (OSError, ValueError, AttributeError):
        pass
    return {}


def save(root: Path, entries: dict[str, list[Any]]) -> None:
    path = _cache_file(root)
    doc = {"schema": SCHEMA, "root": str(root), "entries": entries}
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, ensure_ascii=False, separators=(",", ":"))
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
