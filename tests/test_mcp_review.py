"""Bugs an outside review of `memsync mcp` found (its numbers 4, 5, 9 and 10), each driven over
real stdio with the SDK's client, as a host does:

4. paging a body by ``offset`` stopped moving on a long run of spaces, and lost its note when
   control characters (shown as ``\\x07``) pushed the text past its cap;
5. reading a broken entry by id answered success with an empty entry, naming no problem;
9. ``memory_inspect`` named entries deleted since among the most recalled;
10. a deleted working folder made every tool an internal error.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcpclient import connect, make_project, run, server_env, text
from memtree import snapshot, write_entry

from memsync.entry import MAX_ENTRY_BYTES
from memsync.mcp.render import TEXT_CAP


def cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memsync", *args], cwd=cwd, env=server_env(), capture_output=True,
                          text=True)


def global_root() -> Path:
    """The global memory (MEMSYNC_GLOBAL_ROOT, set by conftest), made, with one entry."""
    root = Path.home() / "global-memory"
    done = cli(Path.home(), "init", "--global")
    assert done.returncode == 0, done.stderr
    write_entry(root, "facts/okapi-global", "the okapi fact kept globally")
    return root


# -- 4. paging by offset -------------------------------------------------------------------------

def note(entry_id: str, at: int, total: int) -> str:
    return (f"[body cut at {at:,} of {total:,} characters: call memory_recall with id=\"{entry_id}\" and "
            f"offset={at} for the rest]")


async def pages(c: Any, entry_id: str) -> list[tuple[dict[str, Any], str]]:
    """Every page of an entry, following next_offset as a model does (at most 50 calls)."""
    out, offset = [], 0
    for _ in range(50):
        r = await c.call_tool("memory_recall", {"id": entry_id, "offset": offset})
        assert not r.is_error, text(r)
        e = r.structured_content["entry"]
        out.append((e, text(r)))
        if e["next_offset"] is None:
            return out
        assert e["next_offset"] > offset, (entry_id, offset, e["next_offset"])  # every page moves on
        offset = e["next_offset"]
    raise AssertionError(f"{entry_id}: still paging after 50 calls")


def test_paging_by_offset_always_moves_on_keeps_its_note_and_gives_the_body_back(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root = project / ".memory"
    pad = "start " + " " * 7000 + "end"  # cut() once trimmed the whole page away: offset 5 -> 5 forever
    ctl = "\x07" * 7000 + " TAIL"  # each shows as \x07: 4 characters of text per character of body
    write_entry(root, "facts/pad", "padded table", body=pad + "\n")
    write_entry(root, "facts/ctl", "bell log", body=ctl + "\n")
    before = snapshot(root)
    got: dict[str, list[tuple[dict[str, Any], str]]] = {}

    async def main() -> None:
        async with connect(project) as c:
            for entry_id in ("facts/pad", "facts/ctl"):
                got[entry_id] = await pages(c, entry_id)

    run(main)
    assert snapshot(root) == before  # reading wrote nothing

    # A body of plain spaces pages at the full 6,000 characters, spaces and all.
    (first, first_text), (last, last_text) = got["facts/pad"]
    assert (first["offset"], first["next_offset"], first["body"]) == (0, 6000, pad[:6000])
    assert first_text == ("facts/pad  (project memory, .memory/facts/pad.md)\nkind: fact\nsummary: padded table\n\n"
                          + pad[:6000] + "\n" + note("facts/pad", 6000, 7009))
    assert (last["offset"], last["next_offset"], last["body"]) == (6000, None, pad[6000:])
    assert last_text.endswith("[body from character 6,000 of 7,009]\n" + pad[6000:])

    # Control characters: each page is 6,000 characters as shown (1,500 of them), and says where to read on.
    ctl_pages = got["facts/ctl"]
    assert [(e["offset"], e["next_offset"]) for e, _ in ctl_pages] == [
        (0, 1500), (1500, 3000), (3000, 4500), (4500, 6000), (6000, None)]
    assert ctl_pages[0][1] == ("facts/ctl  (project memory, .memory/facts/ctl.md)\nkind: fact\nsummary: bell log\n\n"
                               + "\\x07" * 1500 + "\n" + note("facts/ctl", 1500, 7005))
    for e, shown_text in ctl_pages:
        assert len(shown_text) <= TEXT_CAP and "result cut" not in shown_text
        assert ("\\x07" * len(e["body"].rstrip(" TAIL"))) in shown_text  # the whole page is in the text
        if e["next_offset"] is not None:
            assert shown_text.endswith(note("facts/ctl", e["next_offset"], 7005))
    assert ctl_pages[-1][1].endswith("\\x07" * 1000 + " TAIL")
    for entry_id, body in (("facts/pad", pad), ("facts/ctl", ctl)):
        assert "".join(e["body"] for e, _ in got[entry_id]) == body  # the pages joined: the body, exactly


# -- 5. a broken entry read by id ----------------------------------------------------------------

def test_reading_a_broken_entry_by_id_names_the_problem_and_writes_nothing(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root = project / ".memory"
    (root / "facts" / "broken.md").write_text("---\nid: facts/broken\nkind: [unclosed\nsummary: deploy with pnpm\n"
                                              "---\nnpm rewrites the lockfile\n", encoding="utf-8")
    big = root / "facts" / "big.md"
    big.write_text("---\nid: facts/big\nkind: fact\nsummary: too big\n---\n\n" + "y" * MAX_ENTRY_BYTES,
                   encoding="utf-8")
    size = big.stat().st_size
    problems = {
        "facts/broken": ".memory/facts/broken.md:4: E006 invalid YAML: did not find expected ',' or ']'",
        "facts/big": f".memory/facts/big.md: E002 entry is {size} bytes; the limit is 1 MiB (1048576 bytes)",
    }
    lint = cli(project, "lint", "--project")
    for problem in problems.values():
        assert problem in lint.stdout  # as `memsync lint` names it
    before = snapshot(root)
    answers: dict[str, Any] = {}

    async def main() -> None:
        async with connect(project) as c:
            for entry_id in problems:
                answers[entry_id] = await c.call_tool("memory_recall", {"id": entry_id})

    run(main)
    for entry_id, problem in problems.items():
        r = answers[entry_id]
        message = (f"{entry_id} exists but cannot be read: {problem}. The file must be fixed by hand (`memsync lint` "
                   f"lists what is wrong, `memsync show {entry_id}` prints it as stored); do not write another entry "
                   "for it")
        assert r.is_error and text(r) == message
        assert r.structured_content == {"ok": False, "error": "BadInput", "gate": None, "message": message}
        # The CLI prints the file as stored and, with --json, the same problem.
        shown = cli(project, "show", entry_id, "--json")
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout)["unreadable"] == [problem]
    assert snapshot(root) == before


# -- 9. inspect names only live entries among the most recalled ----------------------------------

def test_inspect_names_only_live_entries_as_most_recalled(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root = project / ".memory"
    write_entry(root, "facts/deploy-pnpm", "okapi deploys run pnpm install")
    write_entry(root, "facts/okapi-keeper", "okapi keeper rota lives in the wiki")
    recalled: dict[str, Any] = {}

    async def main() -> None:
        async with connect(project) as c:
            for _ in range(3):
                r = await c.call_tool("memory_recall", {"query": "okapi"})
                assert {h["id"] for h in r.structured_content["hits"]} == {"facts/deploy-pnpm", "facts/okapi-keeper"}
            r = await c.call_tool("memory_inspect", {})
            assert "most recalled: facts/deploy-pnpm ×3, facts/okapi-keeper ×3" in text(r)
            (root / "facts" / "deploy-pnpm.md").unlink()  # by another process, while the server runs
            before = snapshot(root)
            recalled["mcp"] = await c.call_tool("memory_inspect", {})
            assert snapshot(root) == before

    run(main)
    r = recalled["mcp"]
    assert not r.is_error
    only_live = ["  most recalled: facts/okapi-keeper ×3"]
    assert [ln for ln in text(r).splitlines() if "most recalled" in ln] == only_live
    assert r.structured_content["roots"][0]["recalled"] == [{"id": "facts/okapi-keeper", "hits": 3}]
    before = snapshot(root)
    out = cli(project, "inspect", "--scope", "project")
    assert out.returncode == 0, out.stderr
    assert [ln for ln in out.stdout.splitlines() if "most recalled" in ln] == only_live
    assert "deploy-pnpm" not in out.stdout
    assert snapshot(root) == before


# -- 10. the working folder deleted under the server ---------------------------------------------

def test_a_deleted_working_folder_leaves_no_project_and_the_global_memory_working(tmp_path: Path) -> None:
    glob = global_root()
    project = make_project(tmp_path)
    write_entry(project / ".memory", "facts/okapi-project", "the okapi fact of the project")
    answers: dict[str, Any] = {}

    async def main() -> None:
        async with connect(project) as c:
            shutil.rmtree(project)  # the server's working folder, before its first call
            answers["recall"] = await c.call_tool("memory_recall", {"query": "okapi"})
            answers["inspect"] = await c.call_tool("memory_inspect", {})
            answers["remember"] = await c.call_tool("memory_remember", {"category": "facts",
                                                                        "summary": "zebra crossings need a permit"})

    run(main)
    for r in answers.values():
        assert not r.is_error, text(r)
    assert [h["id"] for h in answers["recall"].structured_content["hits"]] == ["facts/okapi-global"]
    assert [(x["scope"], x["root"]) for x in answers["inspect"].structured_content["roots"]] == [("global", str(glob))]
    written = answers["remember"].structured_content
    assert (written["id"], written["scope"]) == ("facts/zebra-crossings-need-a-permit", "global")
    assert (glob / "facts" / "zebra-crossings-need-a-permit.md").is_file()
    assert not project.exists()  # nothing made where the project was


def test_a_deleted_subfolder_of_the_repository_still_serves_its_project(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    write_entry(project / ".memory", "facts/okapi-project", "the okapi fact of the project")
    sub = project / "build"
    sub.mkdir()
    hits: list[str] = []

    async def main() -> None:
        async with connect(sub) as c:
            sub.rmdir()
            r = await c.call_tool("memory_recall", {"query": "okapi", "scope": "project"})
            assert not r.is_error, text(r)
            hits.extend(h["id"] for h in r.structured_content["hits"])

    run(main)
    assert hits == ["facts/okapi-project"]


def test_a_deleted_project_named_with_project_is_a_clear_error_and_nothing_is_written(tmp_path: Path) -> None:
    glob = global_root()
    project = make_project(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    before = snapshot(glob)
    answers: dict[str, Any] = {}

    async def main() -> None:
        async with connect(elsewhere, "--project", str(project)) as c:
            shutil.rmtree(project)
            for tool, args in (("memory_recall", {"query": "okapi"}), ("memory_inspect", {}),
                               ("memory_remember", {"category": "facts", "summary": "zebra crossings need a permit"})):
                answers[tool] = await c.call_tool(tool, args)

    run(main)
    message = (f"--project {project.resolve()}: the folder no longer exists (deleted while the server ran); nothing "
               "was read or written. Restart the server on a project folder that exists")
    for r in answers.values():
        assert r.is_error and text(r) == message
        assert r.structured_content == {"ok": False, "error": "MemsyncError", "gate": None, "message": message}
    assert snapshot(glob) == before and not project.exists()
