"""Every bad input named by the core issue: the message names the file, the exit
code is right, and nothing but the compiled files is written (nothing outside the root)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from memtree import entry_text, snapshot, write_entry

COMPILED = ("ROOT.md", "index.md")


@pytest.fixture
def mem(cli, tmp_path: Path) -> Path:
    code, _, _ = cli("init", "--root", "mem")
    assert code == 0
    write_entry(tmp_path / "mem", "facts/good", "a good entry", load_when=["ok"])
    assert cli("compile", "--root", "mem")[0] == 0
    return tmp_path / "mem"


def _changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {k for k in set(before) | set(after) if before.get(k) != after.get(k)}


def _run_all(cli, tmp_path: Path, bad_rel: str):
    """lint, check, compile; returns their results and what compile changed."""
    outside = snapshot(tmp_path)
    lint = cli("lint", "--root", "mem")
    check = cli("check", "--root", "mem")
    assert _changed(outside, snapshot(tmp_path)) == set(), "lint/check wrote something"
    before = snapshot(tmp_path)
    comp = cli("compile", "--root", "mem")
    changed = _changed(before, snapshot(tmp_path))
    assert all(p.startswith("mem/") and p.endswith(COMPILED) for p in changed), changed
    assert f"mem/{bad_rel}" not in changed
    return lint, check, comp


BAD_ENTRIES = [
    ("invalid-yaml", b"---\nid: facts/bad\nsummary: [unclosed\n---\n", "facts/bad.md:4: E006 invalid YAML"),
    ("alias-bomb", b'---\na: &a ["x","x"]\nb: &b [*a,*a]\nc: [*b,*b]\n---\n', "facts/bad.md:2: E007"),
    ("non-mapping", b"---\n- one\n- two\n---\n", "facts/bad.md:2: E008 frontmatter is a list, not a mapping"),
    ("no-frontmatter", b"# Title\n\nJust text.\n", "facts/bad.md:1: E004 no frontmatter"),
    ("empty", b"", "facts/bad.md: E003 empty file"),
    ("not-utf8", b"---\nid: facts/bad\nkind: k\nsummary: caf\xe9\n---\n", "facts/bad.md:4: E001 not valid UTF-8"),
    ("5MiB", b"---\nid: facts/bad\nkind: k\nsummary: s\n---\n" + b"x" * (5 << 20), "facts/bad.md: E002 entry is 5242921 bytes; the limit is 1 MiB"),
]


@pytest.mark.parametrize("name,data,message", BAD_ENTRIES, ids=[b[0] for b in BAD_ENTRIES])
def test_unreadable_entry(cli, tmp_path: Path, mem: Path, name, data, message):
    (mem / "facts" / "bad.md").write_bytes(data)
    lint, check, comp = _run_all(cli, tmp_path, "facts/bad.md")
    assert lint[0] == 1 and f"mem/{message}" in lint[1]
    assert check[0] == 1 and f"mem/{message}" in check[2]
    assert comp[0] == 1 and f"mem/{message}" in comp[2]
    assert "Traceback" not in lint[1] + lint[2] + check[2] + comp[2]
    # The unreadable entry is left out of the index; the good one stays.
    index = (mem / "facts" / "index.md").read_text()
    assert "[good](good.md)" in index and "bad" not in index
    assert (mem / "facts" / "bad.md").read_bytes() == data


@pytest.mark.parametrize("variant", ["bom", "crlf", "bom+crlf"])
def test_bom_and_crlf_entries_are_fine(cli, tmp_path: Path, mem: Path, variant):
    data = entry_text("facts/win", "from Windows", load_when=["Windows"]).encode()
    if "crlf" in variant:
        data = data.replace(b"\n", b"\r\n")
    if "bom" in variant:
        data = b"\xef\xbb\xbf" + data
    (mem / "facts" / "win.md").write_bytes(data)
    assert cli("lint", "--root", "mem")[0] == 1  # only stale compiled files
    assert cli("compile", "--root", "mem")[0] == 0
    assert cli("lint", "--root", "mem") == (0, "", "")
    assert "- [win](win.md) — from Windows\n" in (mem / "facts" / "index.md").read_text()
    assert (mem / "facts" / "win.md").read_bytes() == data


def test_summary_with_pipe_and_newline(cli, tmp_path: Path, mem: Path):
    (mem / "facts" / "pipe.md").write_text(
        '---\nid: facts/pipe\nkind: k\nsummary: "a | b\\nc"\nload_when: ["x | y"]\n---\n', encoding="utf-8")
    code, out, _ = cli("lint", "--root", "mem")
    assert code == 1 and "mem/facts/pipe.md:4: E015 'summary' must be one line" in out
    assert cli("compile", "--root", "mem")[0] == 0
    root = (mem / "ROOT.md").read_text()
    assert "| x \\| y | [facts/pipe](facts/pipe.md) |" in root
    assert "- [pipe](pipe.md) — a | b c\n" in (mem / "facts" / "index.md").read_text()


def test_duplicate_ids_in_two_categories(cli, tmp_path: Path, mem: Path):
    write_entry(mem, "facts/dup", "one")
    (mem / "pitfalls" / "dup.md").write_text(entry_text("facts/dup", "two"), encoding="utf-8")
    code, out, _ = cli("lint", "--root", "mem")
    assert code == 1
    assert "mem/facts/dup.md:1: E016 id 'facts/dup' is also used by pitfalls/dup.md" in out
    assert "mem/pitfalls/dup.md:1: E016 id 'facts/dup' is also used by facts/dup.md" in out
    assert "mem/pitfalls/dup.md:2: E012 id 'facts/dup' does not match the path (expected 'pitfalls/dup')" in out


@pytest.mark.parametrize(
    "rel,message",
    [
        ("a..b/x.md", "mem/a..b: E020 folder name is not a valid category"),
        ("facts/a..b.md", "mem/facts/a..b.md: E020 entry name is not a valid slug"),
        ("facts/-x.md", "mem/facts/-x.md: E020 entry name is not a valid slug"),
    ],
)
def test_bad_names_are_reported_and_skipped(cli, tmp_path: Path, mem: Path, rel, message):
    path = mem / rel
    path.parent.mkdir(exist_ok=True)
    path.write_text(entry_text(rel[:-3], "x"), encoding="utf-8")
    lint, check, comp = _run_all(cli, tmp_path, rel)
    assert lint[0] == 1 and message in lint[1]
    assert comp[0] == 1 and message in comp[2]
    assert "a..b" not in (mem / "ROOT.md").read_text() + (mem / "facts" / "index.md").read_text()


@pytest.mark.parametrize("rel", [".hidden/x.md", "facts/.x.md", ".x.md"])
def test_dot_names_are_ignored(cli, tmp_path: Path, mem: Path, rel):
    path = mem / rel
    path.parent.mkdir(exist_ok=True)
    path.write_text("not even an entry", encoding="utf-8")
    assert cli("lint", "--root", "mem") == (0, "", "")
    assert cli("check", "--root", "mem") == (0, "", "")


def test_symlinked_entry_outside_root_is_not_followed(cli, tmp_path: Path, mem: Path):
    secret = tmp_path / "outside.md"
    secret.write_text(entry_text("facts/leak", "PRIVATE SUMMARY OUTSIDE"), encoding="utf-8")
    os.symlink(secret, mem / "facts" / "leak.md")
    lint, check, comp = _run_all(cli, tmp_path, "facts/leak.md")
    assert lint[0] == 1
    assert "mem/facts/leak.md: E021 symlink not followed (it points outside the root)" in lint[1]
    assert "PRIVATE SUMMARY OUTSIDE" not in (mem / "facts" / "index.md").read_text()
    assert "PRIVATE" not in lint[1] + check[1] + check[2] + comp[1] + comp[2]


def test_symlinked_category_outside_root_is_not_followed(cli, tmp_path: Path, mem: Path):
    elsewhere = tmp_path / "elsewhere"
    write_entry(elsewhere, "cat/x", "OUTSIDE")
    os.symlink(elsewhere / "cat", mem / "linked")
    lint, check, comp = _run_all(cli, tmp_path, "linked")
    assert "mem/linked: E021 symlink not followed (it points outside the root)" in lint[1]
    assert not (elsewhere / "cat" / "index.md").exists()
    assert "OUTSIDE" not in (mem / "ROOT.md").read_text()


@pytest.mark.parametrize("target", ["facts/index.md", "ROOT.md"])
def test_symlinked_compiled_file_is_never_written_through(cli, tmp_path: Path, mem: Path, target):
    victim = tmp_path / "victim.txt"
    victim.write_text("do not touch\n")
    (mem / target).unlink()
    os.symlink(victim, mem / target)
    write_entry(mem, "facts/new", "new entry")
    code, out, err = cli("compile", "--root", "mem")
    assert code == 2
    assert f"mem/{target}: is a symlink; refusing to write through it" in err
    assert victim.read_text() == "do not touch\n"
    assert os.path.islink(mem / target)


def test_read_only_index_is_a_clear_error(cli, tmp_path: Path, mem: Path):
    index = mem / "facts" / "index.md"
    os.chmod(index, 0o444)
    write_entry(mem, "facts/new", "new entry")
    before = snapshot(tmp_path)
    code, out, err = cli("compile", "--root", "mem")
    assert code == 2
    assert err.strip().endswith("mem/facts/index.md: is read-only; make it writable (chmod u+w) or leave it alone")
    assert snapshot(tmp_path) == before  # all or nothing: ROOT.md was not rewritten either
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "root_md,expect_code,expect",
    [
        ("# Mine\n\nhand text\n", 0, ["<!-- memsync:begin directory -->", "<!-- memsync:begin routing -->"]),
        ("# Mine\n<!-- memsync:begin routing -->\n<!-- memsync:end routing -->\n", 0,
         ["## Directory\n\n<!-- memsync:begin directory -->"]),
    ],
    ids=["no-markers", "one-pair"],
)
def test_missing_regions_are_appended(cli, tmp_path: Path, mem: Path, root_md, expect_code, expect):
    (mem / "ROOT.md").write_text(root_md, encoding="utf-8")
    code, out, _ = cli("compile", "--root", "mem")
    assert code == expect_code and "Fixing mem/ROOT.md" in out
    text = (mem / "ROOT.md").read_text()
    assert text.startswith(root_md.split("<!--")[0])
    assert text.count("<!-- memsync:begin routing -->") == 1
    for snippet in expect:
        assert snippet in text
    assert cli("check", "--root", "mem") == (0, "", "")


@pytest.mark.parametrize(
    "root_md,line,message",
    [
        ("# Mine\n<!-- memsync:end routing -->\n<!-- memsync:begin routing -->\n", 2, "region 'routing' ends before it begins"),
        ("# Mine\n<!-- memsync:begin directory -->\nno end\n", 2, "region 'directory' begins but never ends"),
    ],
)
def test_malformed_markers_leave_root_md_alone(cli, tmp_path: Path, mem: Path, root_md, line, message):
    (mem / "ROOT.md").write_text(root_md, encoding="utf-8")
    lint, check, comp = _run_all(cli, tmp_path, "ROOT.md")
    expected = f"mem/ROOT.md:{line}: E031 {message}; ROOT.md not rewritten"
    assert lint[0] == 1 and expected in lint[1]
    assert comp[0] == 1 and expected in comp[2]
    assert (mem / "ROOT.md").read_text() == root_md


def test_missing_root_is_a_usage_error(cli, tmp_path: Path):
    code, out, err = cli("compile", "--root", "nope")
    assert code == 2 and "memory root nope does not exist" in err
    assert not (tmp_path / "nope").exists()
    assert cli("compile", "--root", "nope", "--missing-ok") == (0, "", "")


def test_unknown_option_is_a_usage_error(cli):
    code, out, err = cli("compile", "--frobnicate")
    assert code == 2 and "unrecognized arguments: --frobnicate" in err


@pytest.mark.parametrize("text, where, message", [
    ("sync: [unclosed\n", ".memsync.yaml:2", "invalid YAML"),
    ("sync:\n  attempts: 0\n", ".memsync.yaml", "sync.attempts must be a whole number from 1 to 1000 (got 0)"),
    ("categories: 7\n", ".memsync.yaml", "'categories' must be a list of names"),
    ("- a\n- b\n", ".memsync.yaml", "config must be a mapping"),
])
def test_lint_names_root_settings_that_do_not_load(cli, tmp_path: Path, mem: Path, text: str, where: str,
                                                   message: str) -> None:
    """Every command that reads the settings stops on them (sync leaves such a file out):
    lint names the file and why, rather than stopping too, and writes nothing."""
    (mem / ".memsync.yaml").write_text(text)
    before = snapshot(mem)
    code, out, err = cli("lint", "--root", str(mem))
    assert code == 1, err
    assert f"mem/{where}: E032 settings do not load: " in out and message in out, out
    assert snapshot(mem) == before
