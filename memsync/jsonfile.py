"""Small JSON files memsync keeps (caches, sync state): read leniently, written atomically."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def read_json(path: Path) -> Any:
    """The file's value, or None when it is missing or not JSON (these files are caches and notes)."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


def write_json(path: Path, value: Any) -> None:
    """Replace ``path`` atomically. ``json.dumps`` runs the C encoder; ``json.dump`` would not."""
    path.parent.mkdir(parents=True, exist_ok=True)
    from memsync.fsutil import temp_path

    tmp = temp_path(path)
    try:
        try:
            data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except UnicodeEncodeError:
            # a path whose bytes are not UTF-8 (os.fsdecode keeps them as lone surrogates): JSON's
            # \udcff escapes carry it, and read_json gives back the same string
            data = json.dumps(value, separators=(",", ":")).encode("ascii")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
