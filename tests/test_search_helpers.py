"""Helpers shared by the search tests (this module holds no tests)."""
from __future__ import annotations

import json
from pathlib import Path

DAY_MS = 86_400_000
NOW_MS = 1_800_000_000_000


def write_entry(root: Path, rel: str, summary: str, body: str = "", **meta: object) -> Path:
    """Write ``root/rel`` (``category/slug.md``) as an entry; extra frontmatter from ``meta``."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    fields: dict[str, object] = {"id": rel[:-3], "kind": meta.pop("kind", "fact"), "summary": summary}
    fields.update(meta)
    lines = ["---"]
    for key, value in fields.items():
        lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    lines += ["---", "", body, ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.id for h in result.hits]


def json_ids(out: str) -> list[str]:
    return [h["id"] for h in json.loads(out)["hits"]]
