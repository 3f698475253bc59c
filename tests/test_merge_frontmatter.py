"""merge_entry keeps the frontmatter as the devices wrote it: comments, inline comments and
values spelled in ways a re-render would change (``0x1F``, ``~``, nanosecond timestamps)
survive a field merge, each side's edit of such text survives, and what a field merge would
have to drop becomes a conflict sibling instead (review report §3)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir
from merge_helpers import PATH, apply, lint_errors, meta_of

from memsync.entry import parse_entry
from memsync.merge import merge_entry, sibling_path
from memsync.merge.frontmatter import comments, frontmatter_of, unmodelled
from memsync.merge.lines import merge_loose


# Hypothesis caches what it learns from our code; keep it in pytest's (ignored) cache.
set_hypothesis_home_dir(Path(__file__).resolve().parent.parent / ".pytest_cache" / "hypothesis")


def entry(*fm: str, body: str = "one\ntwo\nthree\n") -> bytes:
    return ("---\n" + "".join(line + "\n" for line in fm) + "---\n" + body).encode()


def _symmetric(base: bytes, ours: bytes, theirs: bytes):  # type: ignore[no-untyped-def]
    one = merge_entry(PATH, base, ours, theirs)
    assert merge_entry(PATH, base, theirs, ours) == one
    return one


HEAD = ("id: facts/x", "kind: fact", "summary: a fact", "created: 1000")
EXACT = ("ts: 2024-01-01 10:00:00.123456789+02:00", "mask: 0x1F", "nothing: ~")

# (base, ours (updated earlier), theirs (updated later), the merged file)
CLEAN = [
    pytest.param(
        entry(*HEAD, "updated: 1000", "# KEEP-ME: a note", "owner: me  # INLINE-NOTE"),
        entry(*HEAD[:2], "summary: edited on ours", HEAD[3], "updated: 2000", "# KEEP-ME: a note",
              "owner: me  # INLINE-NOTE"),
        entry(*HEAD, "updated: 3000", "# KEEP-ME: a note", "owner: me  # INLINE-NOTE", body="one\ntwo\nthree\nfour\n"),
        entry(*HEAD[:2], "summary: edited on ours", HEAD[3], "updated: 3000", "# KEEP-ME: a note",
              "owner: me  # INLINE-NOTE", body="one\ntwo\nthree\nfour\n"),
        id="comments-kept-when-sides-edit-different-fields",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000", "# KEEP-ME: a note", "owner: me  # INLINE-NOTE"),
        entry(*HEAD[:2], "summary: edited on ours", HEAD[3], "updated: 2000", "# KEEP-ME: a note, EDITED",
              "owner: me  # INLINE-NOTE, EDITED"),
        entry(*HEAD, "updated: 3000", "# KEEP-ME: a note", "owner: me  # INLINE-NOTE", body="one\ntwo\nthree\nfour\n"),
        entry(*HEAD[:2], "summary: edited on ours", HEAD[3], "updated: 3000", "# KEEP-ME: a note, EDITED",
              "owner: me  # INLINE-NOTE, EDITED", body="one\ntwo\nthree\nfour\n"),
        id="one-sides-comment-edits-survive-the-others-field-edit",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000", *EXACT),
        entry(*HEAD[:2], "summary: edited on ours", HEAD[3], "updated: 2000", *EXACT),
        entry(*HEAD, "updated: 3000", *EXACT, "pinned: true"),
        entry(*HEAD[:2], "summary: edited on ours", HEAD[3], "updated: 3000", *EXACT, "pinned: true"),
        id="untouched-values-kept-as-written",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000", "# notes:"),
        entry(*HEAD, "updated: 2000", "# notes:", "# from ours"),
        entry(*HEAD, "updated: 3000", "# notes:", "# from theirs"),
        entry(*HEAD, "updated: 3000", "# notes:", "# from ours", "# from theirs"),
        id="comment-lines-added-at-one-place-both-kept",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000  # epoch ms", "load_when:  # triggers", "  - git  # vcs"),
        entry(*HEAD, "updated: 2000  # epoch ms", "load_when:  # triggers", "  - git  # vcs", "  - pnpm"),
        entry(*HEAD, "updated: 3000  # epoch ms", "load_when:  # triggers", "  - git  # vcs", "  - 部署  # zh"),
        entry(*HEAD, "updated: 3000  # epoch ms", "load_when:  # triggers", "  - git  # vcs", "  - pnpm",
              "  - 部署  # zh"),
        id="list-union-and-timestamps-keep-their-comments",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000", "old: 1", "# about mask", "mask: 0x1F"),
        entry(*HEAD, "updated: 2000", "# about mask", "mask: 0x1F"),
        entry(*HEAD, "updated: 3000", "old: 1", "new: 2", "# about mask", "mask: 0x1F"),
        entry(*HEAD, "updated: 3000", "new: 2", "# about mask", "mask: 0x1F"),
        id="one-drops-a-key-the-other-adds-one-next-to-it",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000", "mask: 0x1F"),
        entry(HEAD[1], HEAD[0], *HEAD[2:], "updated: 2000", "mask: 0x1F"),
        entry(*HEAD, "updated: 3000", "mask: 0x1F", "# a comment"),
        entry(HEAD[1], HEAD[0], *HEAD[2:], "updated: 3000", "mask: 0x1F", "# a comment"),
        id="key-order-a-side-chose-is-kept",
    ),
    pytest.param(
        entry(*HEAD, "updated: 1000", "# c"),
        b"\xef\xbb\xbf" + entry(*HEAD, "updated: 2000", "# c, edited").replace(b"\n", b"\r\n"),
        entry(*HEAD, "updated: 3000", "# c", body="one\ntwo\nthree\nfour\n"),
        entry(*HEAD, "updated: 3000", "# c, edited", body="one\ntwo\nthree\nfour\n"),
        id="crlf-bom-side-written-with-lf-comment-kept",
    ),
]


@pytest.mark.parametrize(("base", "ours", "theirs", "merged"), CLEAN)
def test_frontmatter_text_survives_a_field_merge(base: bytes, ours: bytes, theirs: bytes, merged: bytes) -> None:
    result = _symmetric(base, ours, theirs)
    assert result.conflict is None
    assert result.writes == {PATH: merged}
    assert lint_errors(apply({}, result)) == []


def test_keys_the_units_cannot_order_still_keep_their_spelling() -> None:
    # Both sides rewrote the same place (one deleted `old`, the other added `new` right after
    # it and moved `mask`): the field merge decides, but no value is re-spelled.
    base = entry(*HEAD, "updated: 1000", *EXACT, "old: 1", "mask2: 0o17")
    ours = entry(*HEAD, "updated: 2000", *EXACT, "mask2: 0o17")
    theirs = entry(*HEAD, "updated: 3000", *EXACT, "mask2: 0o17", "old: 1", "new: 2", body="one\ntwo\n")
    result = _symmetric(base, ours, theirs)
    assert result.conflict is None
    text = result.writes[PATH].decode()
    for line in (*EXACT, "mask2: 0o17", "new: 2"):
        assert line + "\n" in text
    assert "old:" not in text and meta_of(result.writes[PATH])["updated"] == 3000


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "lost"),
    [
        pytest.param(
            entry(*HEAD, "updated: 1000", "# note"),
            entry(*HEAD, "updated: 2000", "# note, as ours put it"),
            entry(*HEAD, "updated: 3000", "# note, as theirs put it"),
            "# note, as ours put it",
            id="comment-line-changed-on-both-sides",
        ),
        pytest.param(
            entry(*HEAD, "updated: 1000  # ms"),
            entry(*HEAD, "updated: 2000  # ms since 1970"),
            entry(*HEAD, "updated: 3000  # ms"),
            "# ms since 1970",
            id="inline-comment-edited-where-the-other-side-bumped-the-value",
        ),
        pytest.param(
            entry(*HEAD, "updated: 1000", "old: 1", "# keep", EXACT[0]),
            entry(*HEAD, "updated: 2000", "# keep, edited", EXACT[0]),
            entry(*HEAD, "updated: 3000", "old: 2", "# keep", EXACT[0]),
            "# keep, edited",
            id="a-comment-the-field-merge-would-drop",
        ),
    ],
)
def test_what_a_field_merge_would_drop_becomes_a_sibling(base: bytes, ours: bytes, theirs: bytes, lost: str) -> None:
    result = _symmetric(base, ours, theirs)
    conflict = result.conflict
    if "old: 2" in theirs.decode():  # 'old' deleted against changed: a true field conflict
        assert "'old'" in conflict.reason
    else:
        assert "would drop a comment" in conflict.reason
    assert result.writes[PATH] == theirs  # updated later: byte for byte
    sibling = result.writes[conflict.sibling]
    assert conflict.sibling == sibling_path(PATH, ours)
    # the sibling is ours, with only its id changed and conflict_of added (after the last key)
    assert sibling.count(b"\nconflict_of: facts/x\n") == 1
    assert sibling.replace(b"\nconflict_of: facts/x\n", b"\n") == ours.replace(
        b"id: facts/x\n", f"id: {conflict.sibling[:-3]}\n".encode())
    assert lost in sibling.decode()
    assert lint_errors(apply({}, result)) == []


def test_same_field_conflict_behaves_as_before_and_the_sibling_keeps_its_text() -> None:
    base = entry(*HEAD, "updated: 1000", "# c", "supersedes: facts/old  # replaced it", *EXACT)
    ours = entry(HEAD[0], HEAD[1], "summary: from ours", HEAD[3], "updated: 2000", "# c, ours",
                 "supersedes: facts/old  # replaced it", *EXACT)
    theirs = entry(HEAD[0], HEAD[1], "summary: from theirs", HEAD[3], "updated: 3000", "# c",
                   "supersedes: facts/old  # replaced it", *EXACT)
    result = _symmetric(base, ours, theirs)
    assert "changed 'summary' differently" in result.conflict.reason
    assert result.writes[PATH] == theirs
    sib = result.conflict.sibling
    expected = entry(f"id: {sib[:-3]}", HEAD[1], "summary: from ours", HEAD[3], "updated: 2000", "# c, ours",
                     "conflict_supersedes: facts/old  # replaced it", *EXACT, "conflict_of: facts/x")
    assert result.writes[sib] == expected
    old = entry("id: facts/old", "kind: fact", "summary: old", "superseded_by: facts/x")
    assert lint_errors(apply({"facts/old.md": old}, result)) == []


def test_the_merge_is_deterministic_across_runs() -> None:
    base, ours, theirs, merged = CLEAN[1].values
    assert {merge_entry(PATH, base, ours, theirs).writes[PATH] for _ in range(5)} == {merged}


# --- generated cases -------------------------------------------------------------------------

PIECES = ["summary: s", "summary: t", "created: 900", "updated: 2000", "updated: 3000", "# c1", "# c2",
          "owner: me  # note", "owner: you", "mask: 0x1F", "nothing: ~", EXACT[0], "load_when:\n  - git",
          "load_when:\n  - git\n  - a  # why", "", "pinned: true"]


@st.composite
def _sides(draw):  # type: ignore[no-untyped-def]
    def edit(lines: list[str]) -> list[str]:
        out = list(lines)
        for _ in range(draw(st.integers(0, 3))):
            op, piece = draw(st.sampled_from("rida")), draw(st.sampled_from(PIECES))
            if op == "a" or not out:
                out.append(piece)
            elif op == "i":
                out.insert(draw(st.integers(0, len(out))), piece)
            elif op == "r":
                out[draw(st.integers(0, len(out) - 1))] = piece
            else:
                del out[draw(st.integers(0, len(out) - 1))]
        return out

    base = draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=6))
    bodies = draw(st.sampled_from([("a\n", "a\n"), ("a\n", "a\nb\n"), ("a\nb\n", "b\n")]))
    head = ("id: facts/x", "kind: fact")
    return (entry(*head, *base, body="a\n"), entry(*head, *edit(base), body=bodies[0]),
            entry(*head, *edit(base), body=bodies[1]))


def _unmodelled(data: bytes) -> set[str]:
    entry_ = parse_entry(data, PATH)
    fm = frontmatter_of(data)
    assert fm is not None and entry_.meta is not None
    found = unmodelled(fm)
    assert found is not None
    return found


@settings(derandomize=True, deadline=None, database=None, max_examples=300,
          suppress_health_check=[HealthCheck.too_slow])
@given(_sides())
def test_no_comment_or_exact_value_a_side_wrote_is_lost(case: tuple[bytes, bytes, bytes]) -> None:
    base, ours, theirs = case
    if any(p.code == "E022" for v in case for p in parse_entry(v, PATH).problems):
        return  # a key written twice: not what this is about
    result = _symmetric(base, ours, theirs)
    kept: set[str] = set().union(*(_unmodelled(d) for d in result.writes.values() if d is not None))
    old, one, two = (_unmodelled(v) for v in case)
    assert (one - old) | (two - old) | (one & two) <= kept
    if result.conflict is None:  # no problem that the field merge's mapping would not have
        merged = parse_entry(result.writes[PATH], PATH)
        assert merged.meta is not None and "E022" not in {p.code for p in merged.problems}


# --- the helpers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        pytest.param("a: 1  # one\n# two\nb: 'x # not'\nc: a#b\n", {"# one", "# two"}, id="comments-not-hashes"),
        pytest.param("ts: 2024-01-01 10:00:00.123456789+02:00\n", {"2024-01-01 10:00:00.123456789+02:00"},
                     id="nanoseconds"),
        pytest.param("ts: 2024-01-01 10:00:00.123456+02:00\nd: 2024-01-01\n", set(), id="microseconds-exact"),
        pytest.param("f: 3.14159265358979323846\n", {"3.14159265358979323846"}, id="float-past-double"),
        pytest.param("f: 1.5\ng: 1.0e+3\nh: .inf\nm: 0x1F\nn: ~\n", set(), id="formatting-only"),
        pytest.param("s: '2024-01-01 10:00:00.123456789'\n", set(), id="a-quoted-string-is-exact"),
    ],
)
def test_unmodelled_text(text: str, found: set[str]) -> None:
    assert unmodelled(text) == found


def test_comments_of_text_that_does_not_scan_are_unknown() -> None:
    assert comments("a: 'unclosed\n") is None


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "expected"),
    [
        pytest.param("a\nb\n", "A\nb\n", "a\nB\n", "A\nB\n", id="neighbouring-lines-combine"),
        pytest.param("a\nb\n", "b\n", "a\nx\nb\n", "x\nb\n", id="delete-and-insert-next-to-it"),
        pytest.param("a\n", "a\nx\n", "a\ny\n", "a\nx\ny\n", id="insertions-at-one-place-first-first"),
        pytest.param("a\nb\n", "a\nB\n", "a\nB\n", "a\nB\n", id="same-change-once"),
        pytest.param("a\nb\n", "a\nB1\n", "a\nB2\n", None, id="same-line-is-no-merge"),
    ],
)
def test_merge_loose(base: str, ours: str, theirs: str, expected: str | None) -> None:
    split = [s.splitlines(keepends=True) for s in (base, ours, theirs)]
    merged = merge_loose(*split)
    assert (None if merged is None else "".join(merged)) == expected


# --- end to end: two devices, real `memsync sync`, a bare hub by path -------------------------

from remotes import Device, hub, pair  # noqa: E402, F401 - fixtures


def test_two_devices_keep_comments_and_exact_values_through_sync(pair: tuple[Device, Device], hub: Path,
                                                                   run) -> None:  # type: ignore[no-untyped-def]
    a, b = pair

    def sync(d: Device) -> None:
        out = run("sync", "--root", str(d.path))
        assert out.returncode == 0, out.stdout + out.stderr

    start = ("---\nid: facts/noted\nkind: fact\nsummary: s\ncreated: 1700000000000\nupdated: 1700000000000\n"
             "# KEEP-ME: a note\nowner: me  # INLINE-NOTE\nmask: 0x1F\nnothing: ~\n"
             "ts: 2024-01-01 10:00:00.123456789+02:00\n---\n\nbody\n")
    a.write("facts/noted.md", start)
    sync(a)
    sync(b)
    a.write("facts/noted.md", start.replace("summary: s", "summary: edited on a")
            .replace("updated: 1700000000000", "updated: 1700000001000").replace("a note", "a note, EDITED-ON-A"))
    b.write("facts/noted.md", start.replace("body\n", "body\nmore body from b\n")
            .replace("updated: 1700000000000", "updated: 1700000002000"))
    sync(a)
    sync(b)
    sync(a)
    expected = (start.replace("summary: s", "summary: edited on a")
                .replace("updated: 1700000000000", "updated: 1700000002000")
                .replace("a note", "a note, EDITED-ON-A").replace("body\n", "body\nmore body from b\n"))
    assert a.read("facts/noted.md") == b.read("facts/noted.md") == expected
    assert not list(a.path.glob("facts/noted--conflict-*"))
    assert a.files() == b.files()
    assert a.git("show", "origin/main:facts/noted.md") == expected
    assert run("check", "--root", str(a.path)).returncode == 0
