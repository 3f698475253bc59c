"""merge_lines and merge_root_md: line merges without markers, compiled regions ignored."""
from __future__ import annotations

import pytest
from merge_helpers import MARKER

from memsync.compile import compile_tree
from memsync.merge import merge_lines, merge_root_md
from memsync.regions import find_regions
from memsync.templates import read_template
from memsync.tree import from_files


def _lines_both_ways(base, ours, theirs):
    one = merge_lines(base, ours, theirs)
    assert merge_lines(base, theirs, ours) == one
    return one


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "expected"),
    [
        pytest.param("a\nb\nc\n", "A\nb\nc\n", "a\nb\nC\n", ("A\nb\nC\n", True), id="different-lines"),
        pytest.param("a\nb\nc\n", "a\nb\nc\n", "a\nB\nc\n", ("a\nB\nc\n", True), id="one-side"),
        pytest.param("a\nb\n", "a\nx\n", "a\nx\n", ("a\nx\n", True), id="same-change"),
        pytest.param("甲\n乙\n丙\n", "甲（改）\n乙\n丙\n", "甲\n乙\n丙\n丁\n", ("甲（改）\n乙\n丙\n丁\n", True), id="zh"),
        pytest.param("a\n", "a\nfrom y\n", "a\nfrom x\n", ("a\nfrom x\nfrom y\n", True), id="insert-insert-sorted"),
        pytest.param("a\n", "a\nx\n", "a\nx\ny\n", ("a\nx\ny\n", True), id="insert-prefix-once"),
        pytest.param("", "only ours\n", "only theirs\n", ("only ours\nonly theirs\n", True), id="empty-base"),
        pytest.param("a\nb\nc\n", "a\nB1\nc\n", "a\nB2\nc\n", ("a\nB1\nB2\nc\n", False), id="same-line-conflict"),
        pytest.param("a\nb\n", "a\n", "a\nB\n", ("a\nB\n", False), id="delete-vs-change-conflict"),
        pytest.param("a\r\nb\r\nc\r\n", "A\r\nb\r\nc\r\n", "a\r\nb\r\nC\r\n", ("A\r\nb\r\nC\r\n", True), id="crlf-lines"),
        pytest.param("a\nb\n", "A\nb\n", "a\nB\n", ("A\nb\na\nB\n", False), id="adjacent-lines-conflict-like-git"),
        pytest.param("x", "x\ny", "w\nx", ("w\nx\ny", True), id="no-final-newline"),
        pytest.param("x\n", "x", "w\nx\n", ("w\nx", True), id="final-newline-removed-on-one-side"),
        pytest.param("", "", "", ("", True), id="all-empty"),
        pytest.param(
            "text\n<<<<<<< ours\nold\n=======\nnew\n>>>>>>> theirs\nend\n",
            "text, edited\n<<<<<<< ours\nold\n=======\nnew\n>>>>>>> theirs\nend\n",
            "text\n<<<<<<< ours\nold\n=======\nnew\n>>>>>>> theirs\nend, edited\n",
            ("text, edited\n<<<<<<< ours\nold\n=======\nnew\n>>>>>>> theirs\nend, edited\n", True),
            id="marker-text-in-a-note-is-not-a-conflict",
        ),
    ],
)
def test_merge_lines(base, ours, theirs, expected):
    assert _lines_both_ways(base, ours, theirs) == expected


def test_merge_lines_splits_on_lf_only():
    # \x0c, \x1c and U+2028 are not line breaks for git or for us
    base = "a\x0cb\u2028c\nd\n"
    assert _lines_both_ways(base, base + "ours\n", "z\n" + base) == ("z\n" + base + "ours\n", True)


def test_merge_lines_conflict_text_has_no_markers_and_both_sides():
    text, clean = _lines_both_ways("keep\nx\n", "keep\nfrom ours\n", "keep\nfrom theirs\n")
    assert not clean
    assert "from ours" in text and "from theirs" in text and not MARKER.search(text)


# --- ROOT.md ------------------------------------------------------------------------

TEMPLATE = read_template("ROOT.md")


def _root(goal: str, rules: str = "", directory: str = "", eol: str = "\n") -> bytes:
    text = TEMPLATE.replace(
        "<!-- One or two sentences: what you are working towards now. -->", goal
    ).replace("## Iron rules\n", "## Iron rules\n" + rules).replace(
        "<!-- memsync:begin directory -->\n", "<!-- memsync:begin directory -->\n" + directory
    )
    return text.replace("\n", eol).encode()


def _root_both_ways(base, ours, theirs) -> bytes:
    one = merge_root_md(base, ours, theirs)
    assert merge_root_md(base, theirs, ours) == one
    find_regions(one.decode("utf-8", "surrogateescape"))  # markers always pair up
    return one


def test_root_hand_written_parts_merge_by_lines():
    base = _root("Ship v1.")
    ours = _root("Ship v2.", directory="| rules | 3 |\n")
    theirs = _root("Ship v1.", rules="\n- 不要提交密钥\n", directory="| facts | 9 |\n")
    merged = _root_both_ways(base, ours, theirs).decode()
    assert "Ship v2." in merged and "Ship v1." not in merged
    assert "- 不要提交密钥" in merged
    # the compiled regions come back empty for the caller to recompile
    assert "<!-- memsync:begin directory -->\n<!-- memsync:end directory -->" in merged
    assert "| rules |" not in merged and "| facts |" not in merged


def test_root_regions_alone_never_conflict():
    base = _root("Goal.", directory="| a | 1 |\n")
    ours = _root("Goal.", directory="| a | 2 |\n")
    theirs = _root("Goal.", directory="| a | 3 |\n| b | 1 |\n")
    merged = _root_both_ways(base, ours, theirs)
    assert merged == _root("Goal.")


def test_root_true_conflict_keeps_both_versions_without_markers():
    base = _root("Ship v1.")
    ours = _root("Ship v2 (laptop).")
    theirs = _root("Ship v3 (desktop).")
    merged = _root_both_ways(base, ours, theirs).decode()
    assert not MARKER.search(merged)
    first, second = sorted((ours, theirs))
    assert merged.index(_goal(first)) < merged.index(_goal(second))
    assert merged.count("## Current goal") == 1


def _goal(data: bytes) -> str:
    return next(line for line in data.decode().splitlines() if line.startswith("Ship"))


def test_root_compiles_after_merge():
    merged = _root_both_ways(_root("a"), _root("b"), _root("c"))
    tree = from_files({"ROOT.md": merged})
    result = compile_tree(tree, TEMPLATE)
    assert result.problems == []
    assert result.outputs["ROOT.md"].count(b"<!-- memsync:begin directory -->") == 1


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "expected"),
    [
        pytest.param(b"# R\n", None, b"# R\nedited\n", b"# R\nedited\n", id="deleted-vs-edited"),
        pytest.param(b"# R\n", b"# R\n", None, b"# R\n", id="deleted-vs-unchanged-keeps-text"),
        pytest.param(b"# R\n", None, None, b"", id="deleted-on-both"),
        pytest.param(b"# R\n", b"# R\nx\n", b"# R\n", b"# R\nx\n", id="one-side"),
        pytest.param(None, b"# R\n", b"# R\n", b"# R\n", id="same-add"),
    ],
)
def test_root_trivial_cases(base, ours, theirs, expected):
    assert _root_both_ways(base, ours, theirs) == expected


def test_root_added_on_both_sides_is_a_union_of_lines():
    ours = _root("laptop goal")
    theirs = _root("desktop goal", rules="- 规则一\n")
    merged = _root_both_ways(None, ours, theirs).decode()
    for text in ("laptop goal", "desktop goal", "- 规则一"):
        assert merged.count(text) == 1
    assert merged.count("## Routing") == 1 and merged.count("<!-- memsync:begin routing -->") == 1


def test_root_crlf_on_both_sides_stays_crlf():
    merged = _root_both_ways(_root("a", eol="\r\n"), _root("b", eol="\r\n"), _root("a", rules="x\n", eol="\r\n"))
    assert merged == _root("b", rules="x\n", eol="\r\n")


def test_root_mixed_line_endings_merge_as_lf():
    merged = _root_both_ways(_root("a", eol="\r\n"), _root("b", eol="\r\n"), _root("a", rules="x\n"))
    assert merged == _root("b", rules="x\n")


def test_root_bom_kept_when_both_sides_have_it():
    bom = b"\xef\xbb\xbf"
    merged = _root_both_ways(bom + _root("a"), bom + _root("b"), bom + _root("a", rules="r\n"))
    assert merged == bom + _root("b", rules="r\n")


def test_root_invalid_utf8_bytes_survive():
    base = _root("a") + b"\xff\xfe raw\n"
    ours = _root("b") + b"\xff\xfe raw\n"
    theirs = _root("a", rules="r\n") + b"\xff\xfe raw\n\x80 more\n"
    assert _root_both_ways(base, ours, theirs) == _root("b", rules="r\n") + b"\xff\xfe raw\n\x80 more\n"


def test_root_marker_lines_never_duplicated_by_a_conflict():
    # both sides rewrite the lines around the directory markers differently
    base = b"# R\n<!-- memsync:begin directory -->\n<!-- memsync:end directory -->\ntail\n"
    ours = b"# R\nours before\n<!-- memsync:begin directory -->\n<!-- memsync:end directory -->\nours after\n"
    theirs = b"# R\n<!-- memsync:begin directory -->\n<!-- memsync:end directory -->\ntheirs after\nmore\n"
    merged = _root_both_ways(base, ours, theirs).decode()
    assert merged.count("<!-- memsync:begin directory -->") <= 1
    assert merged.count("<!-- memsync:begin directory -->") == merged.count("<!-- memsync:end directory -->")
    for text in ("ours before", "ours after", "theirs after", "more"):
        assert text in merged


def test_root_markers_moved_into_conflict_are_tidied():
    base = b"top\n<!-- memsync:begin routing -->\n<!-- memsync:end routing -->\n"
    ours = b"top ours\n<!-- memsync:begin routing -->\n<!-- memsync:end routing -->\n"
    theirs = b"<!-- memsync:begin routing -->\n<!-- memsync:end routing -->\ntop theirs\n"
    merged = _root_both_ways(base, ours, theirs).decode()
    assert "top ours" in merged and "top theirs" in merged
    assert merged.count("<!-- memsync:begin routing -->") <= 1


def test_root_malformed_markers_on_one_side_do_not_crash():
    base = _root("a")
    broken = _root("b").replace(b"<!-- memsync:end routing -->\n", b"")
    merged = _root_both_ways(base, broken, _root("a", rules="r\n"))
    assert b"b" in merged and b"r\n" in merged


BEGIN, END = "<!-- memsync:begin directory -->\n", "<!-- memsync:end directory -->\n"


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "expected"),
    [
        pytest.param(
            # an old ROOT.md without regions, compiled (regions appended) and edited on two devices
            "# R\nlast\n",
            f"# R\nlast ours\n\n## Directory\n\n{BEGIN}| a |\n{END}",
            f"# R\nlast theirs\n\n## Directory\n\n{BEGIN}| b |\n{END}",
            f"# R\nlast ours\nlast theirs\n\n## Directory\n\n{BEGIN}{END}",
            id="regions-appended-on-both-sides-appear-once",
        ),
        pytest.param(
            # theirs sorts first ('<' < 'o'); the second copy of the markers is dropped
            "# R\nold\n",
            f"# R\nours\n{BEGIN}{END}more ours\n",
            f"# R\n{BEGIN}{END}theirs\n",
            f"# R\n{BEGIN}{END}theirs\nours\nmore ours\n",
            id="markers-in-both-clashing-versions-kept-once",
        ),
        pytest.param(
            # reversed markers (malformed on that side, which sorts first): all dropped,
            # and the compiler appends the regions again
            "# R\nold\n",
            f"# R\n{END}{BEGIN}ours\n",
            f"# R\nzz\n{BEGIN}{END}",
            "# R\nours\nzz\n",
            id="markers-that-cannot-pair-up-are-dropped",
        ),
    ],
)
def test_root_marker_lines_stay_well_formed(base, ours, theirs, expected):
    merged = _root_both_ways(base.encode(), ours.encode(), theirs.encode())
    assert merged.decode() == expected
    result = compile_tree(from_files({"ROOT.md": merged}), TEMPLATE)
    assert result.problems == [] and result.outputs["ROOT.md"].count(BEGIN.encode()) == 1
