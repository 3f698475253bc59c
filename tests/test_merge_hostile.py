"""Hostile inputs: bad encodings, broken or hostile YAML, huge files, marker lines.

None may raise; none may lose a side's bytes; none may add a conflict marker."""
from __future__ import annotations

import pytest
from merge_helpers import PATH, body_of, meta_of, no_markers_added, note

from memsync.entry import MAX_ENTRY_BYTES, parse_entry
from memsync.merge import merge_entry, merge_lines, merge_root_md, sibling_path
from memsync.merge.lines import MAX_MERGE_LINES

FM = b"---\nid: facts/x\nkind: fact\nsummary: s\nupdated: 1000\n---\n"


def _merge(base, ours, theirs):
    one = merge_entry(PATH, base, ours, theirs)
    assert merge_entry(PATH, base, theirs, ours) == one
    return one


def _lines(data: bytes) -> set[bytes]:
    return set(data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n").split(b"\n"))


def _all_lines_kept(result, base: bytes, *sides: bytes) -> None:
    """Every line a side added is in the merged file or in the sibling."""
    kept = _lines(b"\n".join(v for v in result.writes.values() if v is not None))
    for side in sides:
        assert _lines(side) - _lines(base) <= kept


@pytest.mark.parametrize(
    ("base", "ours", "theirs"),
    [
        pytest.param(FM + b"a\nb\nc\n", FM + b"a \xff\xfe\nb\nc\n", FM + b"a\nb\nc \x80\n", id="invalid-utf8-different-lines"),
        pytest.param(b"---\nid: [unclosed\n---\na\nb\nc\n", b"---\nid: [unclosed\n---\nA\nb\nc\n",
                     b"---\nid: [unclosed\n---\na\nb\nC\n", id="yaml-error-on-all-sides"),
        pytest.param(FM + b"a\nb\nc\n", b"---\nsummary: [oops\n---\na\nb\nc\n", FM + b"a\nb\nC\n", id="yaml-error-on-one-side"),
        pytest.param(FM + b"a\nb\nc\n", b"---\n- a list\n---\nA\nb\nc\n", FM + b"a\nb\nC\n", id="frontmatter-not-a-mapping"),
        pytest.param(FM + b"a\nb\nc\n", b"---\nx: &a [1]\ny: *a\n---\nA\nb\nc\n", FM + b"a\nb\nC\n", id="yaml-alias"),
        pytest.param(FM + b"a\nb\nc\n", b"---\nx: " + b"[" * 200 + b"]" * 200 + b"\n---\nA\nb\nc\n", FM + b"a\nb\nC\n",
                     id="deep-nesting"),
        pytest.param(FM + b"a\nb\nc\n", b"no frontmatter\na\nb\nc\n", FM + b"a\nb\nC\n", id="no-frontmatter"),
        pytest.param(b"", b"A\n", b"B\n", id="empty-base"),
        pytest.param(FM + b"a\nb\nc\n", b"", FM + b"a\nb\nC\n", id="emptied-on-one-side"),
        pytest.param(FM + b"a\nb\nc\n", b"\xef\xbb\xbf" + FM.replace(b"\n", b"\r\n") + b"A\r\nb\r\nc\r\n",
                     FM + b"a\nb\nC\n", id="bom-crlf"),
    ],
)
def test_unreadable_or_odd_sides_never_raise_and_keep_every_line(base, ours, theirs):
    result = _merge(base, ours, theirs)
    assert PATH in result.writes
    _all_lines_kept(result, base, ours, theirs)
    for data in result.writes.values():
        assert no_markers_added(data, base, ours, theirs)


def test_invalid_utf8_merges_line_by_line_and_bytes_survive():
    result = _merge(FM + b"a\nb\nc\n", FM + b"a \xff\xfe\nb\nc\n", FM + b"a\nb\nc \x80\n")
    assert result.conflict is None
    assert result.writes == {PATH: FM + b"a \xff\xfe\nb\nc \x80\n"}


def test_unreadable_loser_is_kept_verbatim_in_the_sibling():
    broken = b"---\nsummary: [oops\n---\nA, broken side\nb\nc\n"
    fine = FM + b"A, fine side\nb\nc\n"
    result = _merge(FM + b"a\nb\nc\n", broken, fine)
    assert result.writes[PATH] == fine  # a readable `updated` beats an unreadable one
    assert result.conflict.sibling == sibling_path(PATH, broken)
    assert result.writes[result.conflict.sibling] == broken


def test_entry_over_one_mib_is_a_conflict_not_a_crash():
    huge = FM + b"x" * (MAX_ENTRY_BYTES + 10) + b"\n"
    edited = FM + b"small edit\n"
    result = _merge(FM + b"base\n", huge, edited)
    assert result.conflict is not None
    assert result.writes[PATH] == edited
    assert result.writes[result.conflict.sibling] == huge


def test_entry_with_too_many_lines_is_not_line_merged():
    many = "".join(f"line {i % 50}\n" for i in range(MAX_MERGE_LINES + 5))
    base = note(many)
    ours = note("first\n" + many, updated=2000)
    theirs = note(many + "last\n", updated=3000)
    result = _merge(base, ours, theirs)
    assert result.conflict is not None and "too large" in result.conflict.reason
    assert result.writes[PATH] == theirs
    assert body_of(result.writes[result.conflict.sibling], result.conflict.sibling) == "first\n" + many


def test_merge_lines_and_root_md_on_huge_inputs_keep_both_without_merging():
    big = "".join(f"{i % 7}\n" for i in range(MAX_MERGE_LINES + 1))
    text, clean = merge_lines(big, "ours\n" + big, big + "theirs\n")
    assert not clean and text.count("ours\n") == 1 and text.count("theirs\n") == 1
    merged = merge_root_md(big.encode(), b"ours\n" + big.encode(), big.encode() + b"theirs\n")
    assert merged.count(b"ours\n") == 1 and merged.count(b"theirs\n") == 1
    assert len(merged) == 2 * len(big) + len("ours\ntheirs\n")


def test_body_with_conflict_marker_lines_merges_cleanly():
    markers = "<<<<<<< ours\nmine\n=======\nyours\n>>>>>>> theirs\n"
    base = note("intro\n" + markers + "outro\n")
    ours = note("intro, edited\n" + markers + "outro\n", updated=2000)
    theirs = note("intro\n" + markers + "outro, edited\n", updated=3000)
    result = _merge(base, ours, theirs)
    assert result.conflict is None
    assert body_of(result.writes[PATH]) == "intro, edited\n" + markers + "outro, edited\n"


def test_same_line_conflict_in_a_body_with_markers_adds_none():
    markers = "<<<<<<< ours\n=======\n>>>>>>> theirs\n"
    base = note(markers + "x\n")
    ours = note(markers + "x ours\n", updated=2000)
    theirs = note(markers + "x theirs\n", updated=3000)
    result = _merge(base, ours, theirs)
    assert result.conflict is not None
    for data in result.writes.values():
        assert data.count(b"<<<<<<<") == 1 and data.count(b"=======") == 1


def test_yaml_values_that_round_trip_oddly_still_merge():
    extra = "when: 2024-05-01\nblob: !!binary aGVsbG8=\n1: numeric key\nnested: {a: [1, 2.5, null, true]}\n"
    base = note(extra=extra)
    ours = note("one\ntwo\nthree, ours\n", extra=extra, updated=2000)
    theirs = note("one, theirs\ntwo\nthree\n", extra=extra.replace("2.5", "3.5"), updated=3000)
    result = _merge(base, ours, theirs)
    assert result.conflict is None
    meta = meta_of(result.writes[PATH])
    assert meta["blob"] == b"hello" and meta[1] == "numeric key" and meta["nested"] == {"a": [1, 3.5, None, True]}
    assert str(meta["when"]) == "2024-05-01"
    assert body_of(result.writes[PATH]) == "one, theirs\ntwo\nthree, ours\n"


def test_true_and_one_are_different_values():
    base = note(extra="flag: 1\n")
    ours = note("body ours\n", extra="flag: true\n", updated=2000)
    theirs = note("one\ntwo\nthree, theirs\n", extra="flag: 1\n", updated=3000)
    merged = _merge(base, ours, theirs)
    # ours changed the field (1 -> true), so ours' value wins; the bodies clash though
    assert merged.conflict is not None and "same lines" in merged.conflict.reason
    result = _merge(base, note(extra="flag: true\n", updated=2000), note("one\ntwo\nthree, theirs\n", extra="flag: 1\n", updated=3000))
    assert result.conflict is None and meta_of(result.writes[PATH])["flag"] is True


def test_nan_field_is_not_a_phantom_change():
    base = note(extra="score: .nan\n")
    ours = note("one, ours\ntwo\nthree\n", extra="score: .nan\n", updated=2000)
    theirs = note("one\ntwo\nthree, theirs\n", extra="score: .nan\n", updated=3000)
    result = _merge(base, ours, theirs)
    assert result.conflict is None


def test_merged_entries_parse_without_new_problems():
    base = note("一\n二\n三\n", summary="概要", load_when=("部署", "SQLite"))
    ours = note("一\n二（改）\n三\n", summary="概要", load_when=("部署", "SQLite", "FTS5"), updated=2000)
    theirs = note("一\n二\n三\n四\n", summary="概要", load_when=("部署",), updated=3000)
    result = _merge(base, ours, theirs)
    assert result.conflict is None
    entry = parse_entry(result.writes[PATH], PATH)
    assert entry.problems == []
    assert entry.meta["load_when"] == ["部署", "FTS5"]
    assert entry.body == "一\n二（改）\n三\n四\n"
