"""MCP tool arguments typed boolean or integer take only a JSON boolean or a JSON integer.

pydantic's lax mode took "yes", "true", "1", 1 or 1.0 for `pinned`/`force` and "5", 5.0 or
true for `limit`/`offset`: a confused or hostile client pinned or force-wrote on a guess.
Driven over real stdio with the SDK's client, as a host does.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from mcpclient import connect, make_project, run, text
from memtree import snapshot, write_entry

BOOL = "a JSON boolean (true or false)"
INT = "a JSON integer (a whole number)"
TAIL = ". Nothing was done; call it again with corrected arguments."

# Valid arguments for each tool; the case adds one wrong-typed argument to them.
BASE: dict[str, dict[str, Any]] = {
    "memory_remember": {"summary": "the staging database listens on port 6543", "category": "facts"},
    "memory_forget": {"id": "facts/keep-me"},  # pinned: only force=true deletes it
    "memory_recall": {"query": "staging"},
}
READ_BY_ID = {"id": "facts/keep-me"}  # offset is read only with an id

BAD: list[tuple[str, str, Any, str, str]] = [
    # (tool, argument, value, expected type, what the value is)
    ("memory_remember", "pinned", "yes", BOOL, "a string"),
    ("memory_remember", "pinned", "true", BOOL, "a string"),
    ("memory_remember", "pinned", "1", BOOL, "a string"),
    ("memory_remember", "pinned", 1, BOOL, "an integer"),
    ("memory_remember", "pinned", 1.0, BOOL, "a number with a decimal point"),
    ("memory_remember", "pinned", [True], BOOL, "an array"),
    ("memory_remember", "force", "true", BOOL, "a string"),
    ("memory_remember", "force", "on", BOOL, "a string"),
    ("memory_remember", "force", 1, BOOL, "an integer"),
    ("memory_remember", "force", 0, BOOL, "an integer"),
    ("memory_remember", "force", {"v": True}, BOOL, "an object"),
    ("memory_forget", "force", "yes", BOOL, "a string"),
    ("memory_forget", "force", "true", BOOL, "a string"),
    ("memory_forget", "force", 1, BOOL, "an integer"),
    ("memory_forget", "force", 1.0, BOOL, "a number with a decimal point"),
    ("memory_recall", "limit", "5", INT, "a string"),
    ("memory_recall", "limit", 5.0, INT, "a number with a decimal point"),
    ("memory_recall", "limit", 2.5, INT, "a fraction"),
    ("memory_recall", "limit", True, INT, "a boolean"),
    ("memory_recall", "offset", "3", INT, "a string"),
    ("memory_recall", "offset", 3.0, INT, "a number with a decimal point"),
    ("memory_recall", "offset", False, INT, "a boolean"),
]


def _kinds(schema: dict[str, Any]) -> set[str]:
    return {schema["type"]} if "type" in schema else {k for s in schema.get("anyOf", []) for k in _kinds(s)}


def test_booleans_and_integers_take_only_json_booleans_and_integers_and_nothing_is_written(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root = project / ".memory"
    write_entry(root, "facts/keep-me", "a pinned fact about staging", pinned=True)
    before = snapshot(root)

    async def main() -> None:
        async with connect(project) as c:
            # Every boolean and integer parameter of every tool is in the table (a new one must be too).
            typed = {(t.name, name) for t in (await c.list_tools()).tools
                     for name, prop in t.input_schema["properties"].items() if _kinds(prop) & {"boolean", "integer"}}
            assert typed == {(tool, arg) for tool, arg, *_ in BAD}
            for tool, arg, value, expected, what in BAD:
                args = {**(READ_BY_ID if arg == "offset" else BASE[tool]), arg: value}
                r = await c.call_tool(tool, args)
                assert r.is_error, (tool, arg, value)
                assert text(r) == f"{tool}: {arg} must be {expected}, not {what}{TAIL}", (tool, arg, value)

    run(main)
    assert snapshot(root) == before  # no entry, index, ROOT.md or .state.json was touched
    global_root = Path.home() / "global-memory"
    assert not global_root.exists()


def test_real_booleans_and_integers_still_work(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root = project / ".memory"
    write_entry(root, "facts/keep-me", "a pinned fact about staging", pinned=True)

    async def main() -> None:
        async with connect(project) as c:
            made = await c.call_tool("memory_remember", {**BASE["memory_remember"], "pinned": True, "force": False})
            assert not made.is_error, text(made)
            assert made.structured_content["id"] == "facts/the-staging-database-listens-on-port-6543"
            found = await c.call_tool("memory_recall", {"query": "staging", "limit": 1})
            assert not found.is_error and len(found.structured_content["hits"]) == 1
            read = await c.call_tool("memory_recall", {**READ_BY_ID, "offset": 0})
            assert not read.is_error and read.structured_content["entry"]["id"] == "facts/keep-me"
            gone = await c.call_tool("memory_forget", {"id": "facts/keep-me", "force": True})
            assert not gone.is_error, text(gone)

    run(main)
    assert "pinned: true" in (root / "facts" / "the-staging-database-listens-on-port-6543.md").read_text()
    assert not (root / "facts" / "keep-me.md").exists()
