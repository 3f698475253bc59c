"""Compiled output: exact bytes, determinism, and hand-written ROOT.md text kept byte for byte."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from memtree import entry_text, snapshot, write_entry

from memsync.compile import cell, compile_tree, render_routing
from memsync.entry import parse_entry
from memsync.regions import RegionError, find_regions, replace_regions
from memsync.tree import from_files


def _tree(files: dict[str, str]):
    return from_files({k: v.encode() for k, v in files.items()})


def test_index_and_tables_exact_bytes():
    files = {
        "decisions/new.md": entry_text("decisions/new", "Use pnpm", supersedes="decisions/old",
                                       load_when=["部署", "pnpm"], pinned=True),
        "decisions/old.md": entry_text("decisions/old", "Use npm", superseded_by="decisions/new",
                                       load_when=["部署"]),
        "facts/db.md": entry_text("facts/db", "Port | 5433", load_when=["PostgreSQL", "postgresql "]),
    }
    out = compile_tree(_tree(files), template="# Memory\n").outputs
    assert out["decisions/index.md"].decode() == (
        "# decisions\n\n"
        "<!-- Compiled by memsync from the entries in this folder; edits here are overwritten."
        " Run `memsync compile`. -->\n\n"
        "- [new](new.md) — Use pnpm (pinned)\n\n"
        "## Superseded\n\n"
        "- ~~[old](old.md)~~ — Use npm — superseded by [decisions/new](../decisions/new.md)\n"
    )
    assert out["ROOT.md"].decode() == (
        "# Memory\n\n## Directory\n\n<!-- memsync:begin directory -->\n"
        "| Category | Entries | Index |\n| --- | ---: | --- |\n"
        "| decisions | 1 | [decisions/index.md](decisions/index.md) |\n"
        "| facts | 1 | [facts/index.md](facts/index.md) |\n"
        "<!-- memsync:end directory -->\n\n## Routing\n\n<!-- memsync:begin routing -->\n"
        "| When | Load |\n| --- | --- |\n"
        "| pnpm | [decisions/new](decisions/new.md) |\n"
        "| PostgreSQL | [facts/db](facts/db.md) |\n"
        "| 部署 | [decisions/new](decisions/new.md) |\n"
        "<!-- memsync:end routing -->\n"
    )


def test_summary_with_pipe_and_newline_keeps_tables_valid():
    raw = b'---\nid: facts/a\nkind: k\nsummary: "a | b\\nc <!-- memsync:end routing -->"\nload_when: ["x|y\\nz", "back\\\\slash"]\n---\n'
    tree = from_files({"facts/a.md": raw})
    out = compile_tree(tree, template="# M\n").outputs
    root = out["ROOT.md"].decode()
    # Still exactly one pair of markers per region, and every table row has the same cell count.
    assert root.count("<!-- memsync:end routing -->") == 1
    assert "x\\|y z" in root and "back\\\\slash" in root
    rows = [line for line in root.splitlines() if line.startswith("| ")]
    for row in rows:
        unescaped = row.replace("\\\\", "").replace("\\|", "")
        assert unescaped.count("|") == (4 if "Entries" in row or "---:" in row or "index.md" in row else 3)
    index = out["facts/index.md"].decode()
    assert index.endswith("\n- [a](a.md) — a | b c &lt;!-- memsync:end routing -->\n")
    find_regions(root)  # parses cleanly


@pytest.mark.parametrize("text,expected", [("a|b", "a\\|b"), ("a\nb", "a b"), ("a\\b", "a\\\\b"),
                                           ("<x>", "&lt;x>"), ("a\x00b\tc", "a b c")])
def test_cell_escaping(text, expected):
    assert cell(text) == expected


def test_routing_groups_case_and_width_variants():
    files = {
        "a/x.md": entry_text("a/x", "s", load_when=["SQLite"]),
        "a/y.md": entry_text("a/y", "s", load_when=["sqlite", "ＳＱＬｉｔｅ"]),
    }
    tree = _tree(files)
    assert render_routing(tree.entries, set()) == (
        "| When | Load |\n| --- | --- |\n| SQLite | [a/x](a/x.md), [a/y](a/y.md) |\n"
    )


def test_superseded_entries_leave_routing_but_stay_in_index():
    files = {
        "a/new.md": entry_text("a/new", "new", supersedes="a/old"),
        "a/old.md": entry_text("a/old", "old", load_when=["only-old"]),
        "a/pinned.md": entry_text("a/pinned", "p", pinned=True, load_when=["kept"]),
        "a/other.md": entry_text("a/other", "o", supersedes="a/pinned"),
    }
    tree = _tree(files)
    assert tree.superseded() == {"a/old"}  # a pinned entry is never superseded implicitly
    out = compile_tree(tree, template="").outputs
    assert b"only-old" not in out["ROOT.md"] and b"kept" in out["ROOT.md"]
    assert b"~~[old](old.md)~~" in out["a/index.md"]


ROOT_HAND = (
    "# My memory  \r\n\r\nGoal: ship it.\t\r\n\r\n## Iron rules\r\n- never push on Friday   \r\n\r\n"
    "<!-- memsync:begin routing -->\r\nstale junk\r\n<!-- memsync:end routing -->\r\n"
    "trailing hand text without newline"
)


def test_hand_written_root_md_preserved_byte_for_byte():
    text = replace_regions(ROOT_HAND, {"routing": "NEW\n", "directory": "DIR\n"},
                           {"routing": "Routing", "directory": "Directory"})
    regions = find_regions(ROOT_HAND)
    r = regions["routing"]
    assert text.startswith(ROOT_HAND[: r.start])
    assert text[r.start:].startswith("NEW\n<!-- memsync:end routing -->\r\ntrailing hand text without newline\n")
    assert text.endswith("\n## Directory\n\n<!-- memsync:begin directory -->\nDIR\n<!-- memsync:end directory -->\n")


@pytest.mark.parametrize(
    "text,line,message",
    [
        ("<!-- memsync:end routing -->\n<!-- memsync:begin routing -->\n", 1, "ends before it begins"),
        ("<!-- memsync:begin routing -->\nx\n", 1, "never ends"),
        ("<!-- memsync:begin a -->\n<!-- memsync:begin b -->\n", 2, "begins inside region 'a'"),
        ("<!-- memsync:begin a -->\n<!-- memsync:end a -->\n<!-- memsync:begin a -->\n<!-- memsync:end a -->\n",
         3, "appears twice"),
        ("<!-- memsync:begin a -->\n<!-- memsync:end b -->\n", 2, "ends inside region 'a'"),
    ],
)
def test_malformed_markers(text, line, message):
    with pytest.raises(RegionError) as info:
        find_regions(text)
    assert info.value.line == line and message in info.value.message


def _build_sample(root: Path) -> None:
    shutil.copytree(REPO / "templates" / "demo" / "project", root)
    write_entry(root, "facts/混合-mixed", "中文 and English | pipes", load_when=["Ünïcödé", "ß", "ﬁ", "部署"])
    write_entry(root, "facts/Zeta", "capital Z sorts before lower case", load_when=["zeta", "Zeta"])


def test_compile_is_deterministic_across_locales_and_hash_seeds(tmp_path: Path, run):
    outputs = []
    for i, env in enumerate([
        {"LC_ALL": "C", "PYTHONHASHSEED": "0"},
        {"LC_ALL": "zh_CN.UTF-8", "PYTHONHASHSEED": "12345"},
        {"LANG": "en_US.UTF-8", "PYTHONHASHSEED": "random", "MEMSYNC_CACHE_DIR": str(tmp_path / "c2")},
    ]):
        root = tmp_path / f"r{i}" / "mem"
        _build_sample(root)
        result = run("compile", "--root", str(root), env=env)
        assert result.returncode == 0, result.stderr
        outputs.append({k: (root / k).read_bytes() for k in ["ROOT.md", "facts/index.md", "decisions/index.md"]})
        assert run("compile", "--root", str(root), env=env).stdout == ""  # idempotent
    assert outputs[0] == outputs[1] == outputs[2]
    assert b"\r" not in outputs[0]["ROOT.md"]
    assert str(tmp_path).encode() not in outputs[0]["ROOT.md"]


def test_compile_twice_changes_nothing_and_check_agrees(cli, tmp_path: Path):
    root = tmp_path / "mem"
    _build_sample(root)
    code, out, _ = cli("compile", "--root", "mem")
    assert code == 0 and out.count("Fixing ") == 4
    before = snapshot(root)
    assert cli("compile", "--root", "mem") == (0, "", "")
    assert cli("check", "--root", "mem") == (0, "", "")
    assert snapshot(root) == before


def test_parse_cache_never_changes_results(cli, tmp_path: Path, monkeypatch):
    root = tmp_path / "mem"
    _build_sample(root)
    cli("compile", "--root", "mem")
    # Corrupt the cache: results must not change, and compile must not fail.
    cache = Path(os.environ["MEMSYNC_CACHE_DIR"]) / "parsed"
    for f in cache.glob("*.json"):
        f.write_bytes(b'{"schema": 4, "root": "x", "entries": {"facts/x.md": [[1]]}} garbage')
    assert cli("check", "--root", "mem") == (0, "", "")
    # An edit that keeps the size and is written in the same second is still seen.
    p = root / "facts" / "staging-database.md"
    data = p.read_bytes()
    st = p.stat()
    p.write_bytes(data.replace(b"port 5433", b"port 6433"))
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    code, out, _ = cli("check", "--root", "mem")
    assert code == 1 and "+- [staging-database](staging-database.md) — Staging runs PostgreSQL 16 on port 6433" in out


def test_in_memory_and_disk_trees_compile_identically(tmp_path: Path):
    from memsync.tree import scan

    root = tmp_path / "mem"
    _build_sample(root)
    files = {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    a, b = scan(root, use_cache=False), from_files(files)
    assert compile_tree(a, "").outputs == compile_tree(b, "").outputs


def test_compile_path_does_not_import_dulwich_or_sqlite(tmp_path: Path):
    root = tmp_path / "mem"
    _build_sample(root)
    code = (
        "import sys; from memsync.cli import main; rc = main(['compile', '--root', sys.argv[1]]);"
        "bad = [m for m in ('dulwich', 'sqlite3', 'merge3', 'frontmatter') if m in sys.modules];"
        "print(bad); sys.exit(rc)"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_entries_with_problems_are_parsed_consistently():
    e = parse_entry(entry_text("a/x", "s").encode(), "a/x.md")
    assert e.valid and e.problems == []


def test_conflict_siblings_are_flagged_in_the_index_and_kept_out_of_the_tables():
    files = {
        "a/x.md": entry_text("a/x", "kept", load_when=["deploy"]),
        "a/x--conflict-abc1234.md": entry_text("a/x--conflict-abc1234", "other version", load_when=["deploy"],
                                               conflict_of="a/x"),
    }
    out = compile_tree(_tree(files), template="").outputs
    index = out["a/index.md"].decode()
    assert ("- [x--conflict-abc1234](x--conflict-abc1234.md) — other version"
            " (conflict copy of a/x: merge it by hand, then delete this file)\n") in index
    root = out["ROOT.md"].decode()
    assert "| deploy | [a/x](a/x.md) |" in root and "| a | 1 |" in root


@pytest.mark.parametrize("seed", range(6))
def test_routing_kept_between_changes_renders_what_a_full_render_gives(seed: int) -> None:
    """compile.Routing.update (a long-lived writer's incremental routing) against render_routing."""
    import random

    from memsync.compile import Routing
    from memsync.entry import parse_entry

    rng = random.Random(seed)
    spellings = ["部署", "Deploy", "deploy", " deploy ", "ＤＥＰＬＯＹ", "kafka", "Kafka", "a|b", "x\\\\y", "<3", "积压"]
    tree: dict[str, object] = {}

    def entry(path: str, step: int):  # type: ignore[no-untyped-def]
        triggers = rng.sample(spellings, rng.randint(0, 3))
        lines = "".join(f"  - {json.dumps(t, ensure_ascii=False)}\n" for t in triggers)
        extra = rng.choice(["", "conflict_of: facts/a\n", "summary2: x\n"])
        data = f"---\nid: {path[:-3]}\nkind: fact\nsummary: s{step}\n{extra}load_when:\n{lines}---\n".encode()
        if not triggers:
            data = f"---\nid: {path[:-3]}\nkind: fact\nsummary: s{step}\n---\n".encode()
        return parse_entry(data, path).info()

    kept = Routing.of([], frozenset())
    for step in range(80):
        path = f"{rng.choice(['facts', 'pitfalls'])}/e{rng.randint(0, 12)}.md"
        if rng.random() < 0.25 and path in tree:
            del tree[path]
        else:
            tree[path] = entry(path, step)
        entries = list(tree.values())
        kept.update(entries)
        assert kept.render() == render_routing(entries, set()), f"step {step}"


@pytest.mark.parametrize("seed", range(8))
def test_kept_tables_compile_what_a_full_compile_gives(seed: int) -> None:
    """compile.Kept (links, counts and routing kept by a long-lived writer) against a full compile,
    over random changes that include supersede links, pinned flags, conflict copies and invalid files."""
    import random

    from memsync.compile import Kept, compile_entries
    from memsync.entry import parse_entry

    rng = random.Random(seed)
    ids = [f"{c}/e{i}" for c in ("facts", "pitfalls", "rules") for i in range(6)]
    tree: dict[str, object] = {}
    root_md = b"# R\n\n## Directory\n\n<!-- memsync:begin directory -->\n<!-- memsync:end directory -->\n"

    def entry(entry_id: str, step: int):  # type: ignore[no-untyped-def]
        lines = [f"id: {entry_id}", "kind: fact", f"summary: s{step}"]
        if rng.random() < 0.6:
            lines.append("load_when: " + json.dumps(rng.sample(["部署", "Kafka", "kafka", "db", "x|y"], 2)))
        if rng.random() < 0.2:
            lines.append(f"supersedes: {rng.choice(ids)}")
        if rng.random() < 0.1:
            lines.append(f"superseded_by: {rng.choice(ids)}")
        if rng.random() < 0.2:
            lines.append("pinned: true")
        if rng.random() < 0.1:
            lines.append(f"conflict_of: {rng.choice(ids)}")
        body = "---\n" + "\n".join(lines) + "\n---\nbody\n"
        if rng.random() < 0.05:
            body = "not an entry\n"
        return parse_entry(body.encode(), f"{entry_id}.md").info()

    kept = Kept()
    for step in range(120):
        entry_id = rng.choice(ids)
        if rng.random() < 0.2 and f"{entry_id}.md" in tree:
            del tree[f"{entry_id}.md"]
        else:
            tree[f"{entry_id}.md"] = entry(entry_id, step)
        entries = list(tree.values())
        cats = sorted({p.split("/")[0] for p in tree})
        only = {entry_id.split("/")[0]}
        want = compile_entries(cats, entries, root_md, only=only)
        got = compile_entries(cats, entries, root_md, only=only, kept=kept)
        assert got.outputs == want.outputs, f"step {step}"
