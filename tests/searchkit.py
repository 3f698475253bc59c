"""Helpers shared by the search tests: writing entries, reading hit ids, the change monitor."""
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


def ask_monitor(root: Path) -> dict | None:
    """The change monitor's answer for ``root``, or None when no daemon answers."""
    from memsync.recall import monitor

    path = monitor.socket_path()
    assert path is not None
    try:
        answer = monitor._ask(path, {"root": str(root)}, timeout=5.0)
    except (OSError, ValueError):
        return None
    return answer if isinstance(answer, dict) else None


def wait_monitor(root: Path, timeout: float = 20.0) -> dict:
    """Wait until a change-monitor daemon answers for ``root``; its answer."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = ask_monitor(root)
        if answer is not None and "gen" in answer:
            return answer
        time.sleep(0.02)
    raise AssertionError("no change-monitor daemon answered")


def start_monitor(root: Path) -> dict:
    """Start a daemon for this test's cache folder (as a search would) and wait for it."""
    from memsync.recall import monitor

    here = monitor.folder()
    monitor._private_folder(here)
    monitor._spawn(here, 60)
    return wait_monitor(root)
