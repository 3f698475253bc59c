"""Caches outside the tree that make a root where nothing changed cheap to check.

- parsed frontmatter (EntryInfo) per entry, keyed by the file's stat fingerprint;
- a "verified" record: the digest of the last walk after which nothing was
  stale, with the lint problems of that state, so an unchanged root is answered
  from directory listings and lstat alone.

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

from memsync.jsonfile import write_json
from memsync.roots import cache_dir

# Bump when EntryInfo's fields or the parser's checks change.
SCHEMA = 5  # 5: ids and supersede links composed (NFC)


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
    _write(_cache_file(root), {"schema": SCHEMA, "root": str(root), "entries": entries})


def _write(path: Path, doc: dict[str, Any]) -> None:
    try:
        write_json(path, doc)
    except OSError:
        pass  # a cache that cannot be written only costs time


def _verified_file(root: Path) -> Path:
    return _cache_file(root).with_suffix(".verified.json")


def load_verified(root: Path, digest: str) -> list[list[Any]] | None:
    """The problems recorded when the root, in the state ``digest`` names, was
    last found consistent (nothing stale); None if that is not the current state."""
    try:
        with open(_verified_file(root), "rb") as fh:
            doc = json.loads(fh.read())
        if doc.get("schema") == SCHEMA and doc.get("digest") == digest and isinstance(doc.get("problems"), list):
            return doc["problems"]
    except (OSError, ValueError, AttributeError):
        pass
    return None


def save_verified(root: Path, digest: str, problems: list[list[Any]]) -> None:
    _write(_verified_file(root), {"schema": SCHEMA, "digest": digest, "problems": problems})
