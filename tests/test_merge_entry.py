"""merge_entry: each case of the merge policy (SPEC §6, issue 5), in English and Chinese."""
from __future__ import annotations

import pytest
from merge_helpers import (
    PATH,
    apply,
    body_of,
    lint_errors,
    meta_of,
    no_markers_added,
    note,
)

from memsync.entry import parse_entry
from memsync.merge import blob_id, is_conflict_sibling, merge_entry, sibling_path

BASE = note("first line\nsecond line\nthird line\n")
ZH_BASE = note("部署脚本用pnpm\n测试用pytest\n发布前跑lint\n", summary="构建约定", load_when=("部署",))


def _symmetric(path, base, ours, theirs):
    """Run the merge from both devices' point of view; they must agree."""
    one = merge_entry(path, base, ours, theirs)
    assert merge_entry(path, base, theirs, ours) == one
    return one


# --- deletions and one-sided changes -------------------------------------------------

EDITED = note("first line\nsecond line, edited\nthird line\n", updated=2000)
ZH_EDITED = note("部署脚本用pnpm而不是npm\n测试用pytest\n发布前跑lint\n", summary="构建约定", load_when=("部署",), updated=2000)


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "expected"),
    [
        pytest.param(BASE, None, None, None, id="deleted-on-both"),
        pytest.param(BASE, None, BASE, None, id="deleted-ours-unchanged-theirs"),
        pytest.param(BASE, BASE, None, None, id="unchanged-ours-deleted-theirs"),
        pytest.param(BASE, None, EDITED, EDITED, id="deleted-ours-edited-theirs-edit-survives"),
        pytest.param(BASE, EDITED, None, EDITED, id="edited-ours-deleted-theirs-edit-survives"),
        pytest.param(ZH_BASE, ZH_EDITED, None, ZH_EDITED, id="zh-edit-survives-deletion"),
        pytest.param(BASE, EDITED, BASE, EDITED, id="changed-ours-only"),
        pytest.param(BASE, BASE, EDITED, EDITED, id="changed-theirs-only"),
        pytest.param(BASE, EDITED, EDITED, EDITED, id="identical-changes"),
        pytest.param(ZH_BASE, ZH_EDITED, ZH_EDITED, ZH_EDITED, id="zh-identical-changes"),
        pytest.param(None, EDITED, None, EDITED, id="added-ours-only"),
        pytest.param(None, None, ZH_EDITED, ZH_EDITED, id="added-theirs-only"),
        pytest.param(None, EDITED, EDITED, EDITED, id="added-both-identical"),
        pytest.param(BASE, BASE, BASE, BASE, id="nothing-changed"),
    ],
)
def test_one_sided_and_deletions(base, ours, theirs, expected):
    result = _symmetric(PATH, base, ours, theirs)
    assert result.writes == {PATH: expected}
    assert result.conflict is None


def test_crlf_edit_survives_deletion_byte_for_byte():
    edited = note("first line\nsecond line, edited\n", eol="\r\n", updated=2000)
    assert _symmetric(PATH, BASE, None, edited).writes == {PATH: edited}


# --- both changed, merged cleanly ------------------------------------------------------


@pytest.mark.parametrize(
    ("base_body", "ours_body", "theirs_body", "merged_body"),
    [
        pytest.param(
            "first line\nsecond line\nthird line\nfourth line\n",
            "first line, ours\nsecond line\nthird line\nfourth line\n",
            "first line\nsecond line\nthird line\nfourth line, theirs\n",
            "first line, ours\nsecond line\nthird line\nfourth line, theirs\n",
            id="different-lines",
        ),
        pytest.param(
            "部署脚本用pnpm\n测试用pytest\n发布前跑lint\n数据库用SQLite\n",
            "部署脚本用pnpm而不是npm\n测试用pytest\n发布前跑lint\n数据库用SQLite\n",
            "部署脚本用pnpm\n测试用pytest\n发布前跑lint\n数据库用SQLite（FTS5）\n",
            "部署脚本用pnpm而不是npm\n测试用pytest\n发布前跑lint\n数据库用SQLite（FTS5）\n",
            id="zh-different-lines",
        ),
        pytest.param(
            "first line\n",
            "first line\nadded by the earlier device\n",
            "first line\nadded by the later device\n",
            "first line\nadded by the earlier device\nadded by the later device\n",
            id="both-append-keeps-both-earlier-first",
        ),
        pytest.param(
            "标题\n",
            "标题\n- 共同的一条\n- 早的设备\n",
            "标题\n- 共同的一条\n- 晚的设备\n",
            "标题\n- 共同的一条\n- 早的设备\n- 晚的设备\n",
            id="zh-both-append-common-line-once",
        ),
        pytest.param(
            "a\nb\nc\n",
            "a\nc\n",
            "a\nb\nc\nd\n",
            "a\nc\nd\n",
            id="delete-line-and-append",
        ),
        pytest.param(
            "no newline at end",
            "no newline at end\nsecond",
            "first\nno newline at end",
            "first\nno newline at end\nsecond",
            id="no-final-newline-kept",
        ),
    ],
)
def test_body_merged_by_lines(base_body, ours_body, theirs_body, merged_body):
    base = note(base_body)
    ours = note(ours_body, updated=1500)
    theirs = note(theirs_body, updated=2500)
    result = _symmetric(PATH, base, ours, theirs)
    assert result.conflict is None
    assert set(result.writes) == {PATH}
    assert body_of(result.writes[PATH]) == merged_body
    assert meta_of(result.writes[PATH])["updated"] == 2500


def test_crlf_and_bom_sides_merge_by_lines():
    base = note("a\nb\nc\n", eol="\r\n")
    ours = note("a, ours\nb\nc\n", eol="\r\n", bom=True, updated=1100)
    theirs = note("a\nb\nc, theirs\n", updated=1200)
    result = _symmetric(PATH, base, ours, theirs)
    merged = result.writes[PATH]
    assert result.conflict is None
    assert body_of(merged) == "a, ours\nb\nc, theirs\n"
    assert b"\r" not in merged and not merged.startswith(b"\xef\xbb\xbf")  # written canonically


def test_frontmatter_fields_merge_one_by_one():
    base = note(extra="source: book\n", summary="old summary", created=1000, updated=1000)
    ours = note(extra="source: book\npinned: true\n", summary="new summary", created=900, updated=3000)
    theirs = note("one\ntwo, edited\nthree\n", extra="source: a talk\n", summary="old summary", created=800, updated=2000)
    result = _symmetric(PATH, base, ours, theirs)
    assert result.conflict is None
    meta = meta_of(result.writes[PATH])
    assert meta["summary"] == "new summary"  # changed on one side only
    assert meta["pinned"] is True
    assert meta["source"] == "a talk"  # an unknown key, kept and merged
    assert meta["created"] == 800  # the earliest
    assert meta["updated"] == 3000  # the latest
    assert body_of(result.writes[PATH]) == "one\ntwo, edited\nthree\n"
    assert parse_entry(result.writes[PATH], PATH).problems == []


@pytest.mark.parametrize(
    ("base_lw", "ours_lw", "theirs_lw", "merged_lw"),
    [
        pytest.param(("git",), ("git", "pnpm"), ("git", "部署"), ["git", "pnpm", "部署"], id="both-add"),
        pytest.param(("b", "a"), ("b", "a", "z"), ("b", "a", "c"), ["b", "a", "z", "c"], id="base-order-then-additions"),
        pytest.param(("git", "old"), ("git",), ("git", "old", "new"), ["git", "new"], id="removal-sticks"),
        pytest.param(("git",), ("git", "x"), ("git", "x", "y"), ["git", "x", "y"], id="common-addition-once"),
        pytest.param(None, ("a",), ("b",), ["a", "b"], id="absent-in-base"),
        pytest.param(("a",), (), ("a", "b"), ["b"], id="emptied-and-added"),
    ],
)
def test_load_when_is_a_union_of_both_sides_changes(base_lw, ours_lw, theirs_lw, merged_lw):
    # ours is older (1500) so its additions come first
    base = note(load_when=base_lw)
    ours = note(load_when=ours_lw, updated=1500)
    theirs = note(load_when=theirs_lw, updated=2500)
    result = _symmetric(PATH, base, ours, theirs)
    assert result.conflict is None
    assert meta_of(result.writes[PATH])["load_when"] == merged_lw


def test_load_when_emptied_on_one_side_dropped_on_other():
    result = _symmetric(PATH, note(load_when=("a",)), note(load_when=None, updated=1500), note(load_when=(), updated=2000))
    assert "load_when" not in meta_of(result.writes[PATH])


@pytest.mark.parametrize(
    ("base_s", "ours_s", "theirs_s", "merged_s"),
    [
        pytest.param("", "supersedes: facts/a\n", "supersedes: facts/b\n", ["facts/a", "facts/b"], id="two-scalars"),
        pytest.param("supersedes: facts/a\n", "supersedes: [facts/a, facts/b]\n", "supersedes: [facts/a, facts/c]\n",
                     ["facts/a", "facts/b", "facts/c"], id="lists"),
        pytest.param("", "supersedes: facts/a\n", "supersedes: facts/a\n", "facts/a", id="same-scalar"),
    ],
)
def test_supersedes_is_a_union(base_s, ours_s, theirs_s, merged_s):
    result = _symmetric(PATH, note(extra=base_s), note(extra=ours_s, updated=1500), note(extra=theirs_s, updated=2500))
    assert result.conflict is None
    assert meta_of(result.writes[PATH])["supersedes"] == merged_s


def test_key_order_is_canonical_and_unknown_keys_kept():
    base = note(extra="zeta: 1\nalpha: 2\n")
    ours = note(extra="zeta: 1\nalpha: 2\nnew_ours: x\n", updated=1500)
    theirs = note("one\n", extra="zeta: 1\nalpha: 3\nnew_theirs: y\n", updated=2000)
    merged = _symmetric(PATH, base, ours, theirs).writes[PATH]
    keys = list(meta_of(merged))
    assert keys == ["id", "kind", "summary", "created", "updated", "load_when", "zeta", "alpha", "new_ours", "new_theirs"]
    assert meta_of(merged)["alpha"] == 3


# --- true conflicts --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "why"),
    [
        pytest.param(
            BASE,
            note("first line\nsecond line, ours\nthird line\n", updated=3000),
            note("first line\nsecond line, theirs\nthird line\n", updated=2000),
            "changed the same lines",
            id="same-line",
        ),
        pytest.param(
            ZH_BASE,
            note("部署脚本用yarn\n测试用pytest\n发布前跑lint\n", summary="构建约定", load_when=("部署",), updated=3000),
            note("部署脚本用bun\n测试用pytest\n发布前跑lint\n", summary="构建约定", load_when=("部署",), updated=2000),
            "changed the same lines",
            id="zh-same-line",
        ),
        pytest.param(
            BASE,
            note(summary="summary from ours", updated=3000),
            note(summary="summary from theirs", updated=2000),
            "changed 'summary' differently",
            id="same-field",
        ),
        pytest.param(
            note(extra="source: book\n"),
            note(extra="source: paper\n", updated=3000),
            note(extra="source: talk\n", updated=2000),
            "changed 'source' differently",
            id="unknown-field",
        ),
        pytest.param(
            None,
            note("written on the laptop\n", updated=3000),
            note("written on the desktop\n", updated=2000),
            "added on both devices with different content",
            id="add-add",
        ),
        pytest.param(
            None,
            note("在笔记本上写的\n", summary="笔记", updated=3000),
            note("在台式机上写的\n", summary="笔记", updated=2000),
            "added on both devices",
            id="zh-add-add",
        ),
        pytest.param(
            note("a\nb\n", eol="\r\n"),
            note("a\nb, ours\n", eol="\r\n", updated=3000),
            note("a\nb, theirs\n", updated=2000),
            "changed the same lines",
            id="crlf-same-line",
        ),
    ],
)
def test_true_conflict_keeps_later_at_path_and_other_in_sibling(base, ours, theirs, why):
    result = _symmetric(PATH, base, ours, theirs)
    conflict = result.conflict
    assert conflict is not None
    assert why in conflict.reason and "\n" not in conflict.reason
    assert conflict.path == PATH and conflict.sibling == sibling_path(PATH, theirs)
    assert conflict.sibling == f"facts/x--conflict-{blob_id(theirs)[:7]}.md"
    assert is_conflict_sibling(conflict.sibling) and not is_conflict_sibling(PATH)
    assert set(result.writes) == {PATH, conflict.sibling}
    assert result.writes[PATH] == ours  # updated later: kept byte for byte
    sibling = result.writes[conflict.sibling]
    meta = meta_of(sibling, conflict.sibling)
    assert meta["id"] == conflict.sibling[: -len(".md")]
    assert meta["conflict_of"] == "facts/x"
    assert body_of(sibling, conflict.sibling) == body_of(theirs)
    assert {k: v for k, v in meta.items() if k not in ("id", "conflict_of")} == {
        k: v for k, v in meta_of(theirs).items() if k != "id"
    }
    assert no_markers_added(result.writes[PATH], base, ours, theirs)
    assert no_markers_added(sibling, base, ours, theirs)
    # the merged tree lints clean apart from the W040 warning for the sibling
    assert lint_errors(apply({}, result)) == []


def test_list_field_of_the_wrong_type_is_a_conflict_not_a_crash():
    ours = note("line\n", load_when=("ok",), updated=3000)
    theirs = note("line\n", load_when=None, extra="load_when: not a list\n", updated=2000)
    result = _symmetric(PATH, BASE, ours, theirs)
    assert "'load_when'" in result.conflict.reason
    assert result.writes[PATH] == ours
    assert meta_of(result.writes[result.conflict.sibling], result.conflict.sibling)["load_when"] == "not a list"


def test_conflict_tie_on_updated_is_decided_by_hash():
    ours = note("first line\nours\nthird line\n", updated=2000)
    theirs = note("first line\ntheirs\nthird line\n", updated=2000)
    winner, loser = sorted((ours, theirs), key=blob_id, reverse=True)
    result = _symmetric(PATH, BASE, ours, theirs)
    assert result.writes[PATH] == winner
    assert result.conflict.sibling == sibling_path(PATH, loser)
    assert "larger hash" in result.conflict.reason


@pytest.mark.parametrize("later", ["ours", "theirs"])
def test_conflict_tie_on_updated_goes_to_the_side_changed_later(later: str):
    ours = note("first line\nours\nthird line\n", updated=2000)
    theirs = note("first line\ntheirs\nthird line\n", updated=2000)
    when = (200, 100) if later == "ours" else (100, 200)
    result = merge_entry(PATH, BASE, ours, theirs, when=when)
    assert merge_entry(PATH, BASE, theirs, ours, when=when[::-1]) == result  # the same from the other device
    winner, loser = (ours, theirs) if later == "ours" else (theirs, ours)
    assert result.writes[PATH] == winner
    assert result.conflict.sibling == sibling_path(PATH, loser)
    assert "the one changed later" in result.conflict.reason


def test_conflict_tie_on_updated_and_time_falls_back_to_the_hash():
    ours = note("first line\nours\nthird line\n", updated=2000)
    theirs = note("first line\ntheirs\nthird line\n", updated=2000)
    winner = max((ours, theirs), key=blob_id)
    result = merge_entry(PATH, BASE, ours, theirs, when=(100, 100))
    assert result.writes[PATH] == winner and "larger hash" in result.conflict.reason


def test_a_later_updated_beats_a_later_change():
    ours = note("first line\nours\nthird line\n", updated=3000)
    theirs = note("first line\ntheirs\nthird line\n", updated=2000)
    result = merge_entry(PATH, BASE, ours, theirs, when=(100, 999))
    assert result.writes[PATH] == ours and "updated later" in result.conflict.reason


def test_conflict_missing_updated_loses():
    dated = note("first line\ndated\nthird line\n", updated=5)
    undated = note("first line\nundated\nthird line\n", updated=None)
    result = _symmetric(PATH, BASE, undated, dated)
    assert result.writes[PATH] == dated
    assert result.conflict.sibling == sibling_path(PATH, undated)


def test_add_add_differing_only_in_formatting_is_not_a_conflict():
    lf = note("正文\n", summary="摘要")
    crlf_bom = note("正文\n", summary="摘要", eol="\r\n", bom=True)
    result = _symmetric(PATH, None, lf, crlf_bom)
    assert result.conflict is None
    assert result.writes == {PATH: max((lf, crlf_bom), key=blob_id)}


def test_sibling_supersede_links_become_inert_and_lint_stays_clean():
    old = note("old fact\n", id="facts/old", extra="superseded_by: facts/x\n")
    base = note(extra="supersedes: facts/old\n")
    ours = note("one\ntwo, ours\nthree\n", extra="supersedes: facts/old\n", updated=3000)
    theirs = note("one\ntwo, theirs\nthree\n", extra="supersedes: facts/old\n", updated=2000)
    result = _symmetric(PATH, base, ours, theirs)
    sibling = result.writes[result.conflict.sibling]
    meta = meta_of(sibling, result.conflict.sibling)
    assert "supersedes" not in meta and meta["conflict_supersedes"] == "facts/old"
    assert lint_errors(apply({"facts/old.md": old}, result)) == []

    superseded = note("two, ours\n", extra="superseded_by: facts/new\n", updated=3000)
    other = note("two, theirs\n", extra="superseded_by: facts/new\n", updated=2000)
    newer = note("new\n", id="facts/new", extra="supersedes: facts/x\n")
    result = _symmetric(PATH, base, superseded, other)
    meta = meta_of(result.writes[result.conflict.sibling], result.conflict.sibling)
    assert "superseded_by" not in meta and meta["conflict_superseded_by"] == "facts/new"
    files = apply({"facts/new.md": newer}, result)
    assert lint_errors(files) == []


def test_lint_reports_the_sibling_as_w040():
    from memsync.lint import cross_checks
    from memsync.tree import from_files

    result = _symmetric(PATH, BASE, note("x\n", updated=3000), note("y\n", updated=2000))
    tree = from_files(apply({}, result))
    warnings = [p for p in cross_checks(tree) if p.code == "W040"]
    assert [(p.path, "facts/x" in p.message) for p in warnings] == [(result.conflict.sibling, True)]


def test_conflict_on_a_sibling_names_the_sibling():
    path = "facts/x--conflict-abcdef1.md"
    base = note(id="facts/x--conflict-abcdef1", extra="conflict_of: facts/x\n")
    ours = note("ours\n", id="facts/x--conflict-abcdef1", extra="conflict_of: facts/x\n", updated=3000)
    theirs = note("theirs\n", id="facts/x--conflict-abcdef1", extra="conflict_of: facts/x\n", updated=2000)
    result = _symmetric(path, base, ours, theirs)
    sib = result.conflict.sibling
    assert sib.startswith("facts/x--conflict-abcdef1--conflict-") and is_conflict_sibling(sib)
    assert meta_of(result.writes[sib], sib)["conflict_of"] == "facts/x--conflict-abcdef1"
    assert parse_entry(result.writes[sib], sib).problems == []


def test_sibling_name_fits_255_bytes_with_a_long_chinese_slug():
    slug = "很长的名字" * 16  # 240 bytes in UTF-8
    path = f"facts/{slug}.md"
    sib = sibling_path(path, b"loser")
    name = sib.split("/", 1)[1]
    assert len(name.encode()) <= 255 and is_conflict_sibling(sib)
    assert name.startswith("很长的名字") and sib.startswith("facts/")
    assert sibling_path("facts/x.md", b"loser") == f"facts/x--conflict-{blob_id(b'loser')[:7]}.md"


def test_blob_id_is_gits():
    assert blob_id(b"") == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
    assert blob_id(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"
