"""Properties over many generated cases: the result does not depend on which device
merges, no side's added text is lost, no conflict marker is ever added.

Hypothesis runs derandomized (the same examples on every run and machine)."""
from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir
from merge_helpers import MARKER, PATH, no_markers_added

from memsync.entry import parse_entry
from memsync.merge import is_conflict_sibling, merge_entry, merge_lines, merge_root_md
from memsync.regions import find_regions

# Hypothesis caches what it learns from our code; keep it in pytest's (ignored) cache.
set_hypothesis_home_dir(Path(__file__).resolve().parent.parent / ".pytest_cache" / "hypothesis")
SETTINGS = settings(derandomize=True, deadline=None, database=None, max_examples=400,
                    suppress_health_check=[HealthCheck.too_slow])

# Few distinct lines, so that sides often touch the same lines and clash.
WORDS = ["a", "b", "c", "d", "部署", "测试用pytest", "", "  indented", "<<<<<<< ours", "=======", "x | y"]
TRIGGERS = ["git", "pnpm", "部署", "SQLite", "FTS5"]


@st.composite
def edited(draw, lines: list[str]) -> list[str]:
    """A copy of ``lines`` with a few random replacements, insertions and deletions."""
    out = list(lines)
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["replace", "insert", "delete", "append"]))
        word = draw(st.sampled_from(WORDS + ["new " + draw(st.sampled_from(WORDS))]))
        if op == "append" or not out:
            out.append(word)
        elif op == "insert":
            out.insert(draw(st.integers(0, len(out))), word)
        else:
            i = draw(st.integers(0, len(out) - 1))
            if op == "replace":
                out[i] = word
            else:
                del out[i]
    return out


@st.composite
def meta_edit(draw, meta: dict) -> dict:
    out = dict(meta)
    if draw(st.booleans()):
        out["summary"] = draw(st.sampled_from(["s", "t", "概要", "总结"]))
    if draw(st.booleans()):
        out["updated"] = draw(st.sampled_from([1000, 2000, 3000]))
    if draw(st.booleans()):
        out["created"] = draw(st.sampled_from([500, 900, 1000]))
    if draw(st.booleans()):
        out["load_when"] = draw(st.lists(st.sampled_from(TRIGGERS), max_size=4, unique=True))
    if draw(st.booleans()):
        choice = draw(st.sampled_from(["drop", "facts/a", "facts/b", ["facts/a", "facts/c"]]))
        if choice == "drop":
            out.pop("supersedes", None)
        else:
            out["supersedes"] = choice
    if draw(st.booleans()):
        out["source"] = draw(st.sampled_from(["book", "talk", "会议"]))
    return out


def render(meta: dict, lines: list[str], *, eol: str, bom: bool, final_newline: bool, flow: bool) -> bytes:
    fm = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, default_flow_style=flow)
    body = "\n".join(lines) + ("\n" if final_newline and lines else "")
    text = f"---\n{fm}---\n{body}"
    return (b"\xef\xbb\xbf" if bom else b"") + text.replace("\n", eol).encode()


@st.composite
def version(draw, meta: dict, lines: list[str]) -> bytes | None:
    kind = draw(st.sampled_from(["edit"] * 8 + ["same", "delete", "garbage"]))
    if kind == "delete":
        return None
    if kind == "garbage":
        return draw(st.sampled_from([b"---\nsummary: [oops\n---\n", b"\xff\xfe\n", b""])) + "\n".join(
            draw(edited(lines))
        ).encode()
    if kind == "same":
        return render(meta, lines, eol="\n", bom=False, final_newline=True, flow=False)
    return render(
        draw(meta_edit(meta)),
        draw(edited(lines)),
        eol=draw(st.sampled_from(["\n", "\n", "\r\n"])),
        bom=draw(st.booleans()),
        final_newline=draw(st.booleans()),
        flow=draw(st.booleans()),
    )


@st.composite
def three_versions(draw):
    meta = {"id": "facts/x", "kind": "fact", "summary": "s", "created": 1000, "updated": 1000,
            "load_when": draw(st.lists(st.sampled_from(TRIGGERS), max_size=3, unique=True))}
    lines = draw(st.lists(st.sampled_from(WORDS), max_size=8))
    base = None if draw(st.integers(0, 9)) == 0 else render(meta, lines, eol="\n", bom=False, final_newline=True, flow=False)
    return base, draw(version(meta, lines)), draw(version(meta, lines))


def _body_lines(data: bytes | None, path: str) -> set[str]:
    if data is None:
        return set()
    entry = parse_entry(data, path)
    if entry.meta is None:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace").replace("\r\n", "\n")
        return set(text.split("\n"))
    return set(entry.body.split("\n"))


def _meta(data: bytes | None, path: str) -> dict:
    entry = parse_entry(data, path) if data is not None else None
    return entry.meta or {} if entry is not None else {}


def _as_list(value) -> list:
    return [value] if isinstance(value, str) else list(value or [])


@SETTINGS
@given(three_versions())
def test_entry_merge_is_symmetric_and_loses_nothing(case):
    base, ours, theirs = case
    result = merge_entry(PATH, base, ours, theirs)
    assert merge_entry(PATH, base, theirs, ours) == result
    assert PATH in result.writes
    if result.conflict is None:
        assert set(result.writes) == {PATH}
    else:
        assert set(result.writes) == {PATH, result.conflict.sibling}
        assert is_conflict_sibling(result.conflict.sibling)
        assert result.writes[PATH] in (ours, theirs)
    if ours == base:
        assert result.writes[PATH] == theirs
    if theirs == base:
        assert result.writes[PATH] == ours
    if (ours is None) != (theirs is None) and base not in (ours, theirs):
        assert result.writes[PATH] == (ours or theirs)  # an edit beats a deletion

    written = [(p, d) for p, d in result.writes.items() if d is not None]
    kept = set().union(*(_body_lines(d, p) for p, d in written)) if written else set()
    triggers = set().union(*(_as_list(_meta(d, p).get("load_when")) for p, d in written)) if written else set()
    summaries = {_meta(d, p).get("summary") for p, d in written}
    base_meta = _meta(base, PATH)
    for side in (ours, theirs):
        if side is None:
            continue
        assert _body_lines(side, PATH) - _body_lines(base, PATH) <= kept
        added = set(_as_list(_meta(side, PATH).get("load_when"))) - set(_as_list(base_meta.get("load_when")))
        assert added <= triggers
        side_summary = _meta(side, PATH).get("summary")
        if side_summary != base_meta.get("summary") and side_summary is not None:
            assert side_summary in summaries
    for _, data in written:
        assert no_markers_added(data, base, ours, theirs)
    merged = result.writes[PATH]
    if merged is not None and all(v is None or parse_entry(v, PATH).meta is not None for v in (base, ours, theirs)):
        assert parse_entry(merged, PATH).meta is not None


TEXT_LINES = st.lists(st.sampled_from(WORDS + ["\r", "x\r", "末尾"]), max_size=10)


@st.composite
def texts(draw):
    lines = draw(TEXT_LINES)
    versions = (lines, draw(edited(lines)), draw(edited(lines)))
    return tuple("\n".join(ls) + draw(st.sampled_from(["", "\n", "\n"])) for ls in versions)


def _set(text: str) -> set[str]:
    return set(text.split("\n")) - {""}


@SETTINGS
@given(texts())
def test_merge_lines_is_symmetric_and_loses_nothing(case):
    base, ours, theirs = case
    text, clean = merge_lines(base, ours, theirs)
    assert merge_lines(base, theirs, ours) == (text, clean)
    for side in (ours, theirs):
        assert _set(side) - _set(base) <= _set(text)
    assert set(MARKER.findall(text)) <= set().union(*(MARKER.findall(t) for t in case))
    if clean and ours == base:
        assert text == theirs


REGIONS = "<!-- memsync:begin directory -->\n| compiled |\n<!-- memsync:end directory -->"


@st.composite
def roots(draw):
    lines = draw(st.lists(st.sampled_from(WORDS + ["# Memory", "## Current goal", "- 铁规则"]), max_size=8))
    at = draw(st.integers(0, len(lines)))
    base_lines = lines[:at] + [REGIONS] + lines[at:]

    def side():
        out = draw(edited(base_lines))
        if REGIONS not in out:  # a side may move the region, never lose it
            out.insert(draw(st.integers(0, len(out))), REGIONS.replace("compiled", draw(st.sampled_from(["x", "y"]))))
        return ("\n".join(out) + "\n").encode()

    base = None if draw(st.integers(0, 9)) == 0 else ("\n".join(base_lines) + "\n").encode()
    return base, side(), side()


def _hand_lines(data: bytes | None) -> set[str]:
    if data is None:
        return set()
    text = data.decode()
    return {ln for ln in text.split("\n") if ln and "memsync:" not in ln and not ln.startswith("| ")}


@SETTINGS
@given(roots())
def test_root_md_merge_is_symmetric_keeps_hand_text_and_valid_regions(case):
    base, ours, theirs = case
    merged = merge_root_md(base, ours, theirs)
    assert merge_root_md(base, theirs, ours) == merged
    text = merged.decode()
    find_regions(text)  # never raises: markers pair up or are gone
    for side in (ours, theirs):
        assert _hand_lines(side) - _hand_lines(base) <= set(text.split("\n"))
    assert no_markers_added(merged, *case)
