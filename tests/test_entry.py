"""The entry parser: what it accepts, and the problem it reports for each bad input."""
from __future__ import annotations

import time

import pytest

from memsync.entry import parse_entry, render_entry, valid_name

GOOD = (
    b"---\nid: pitfalls/x\nkind: pitfall\nsummary: one line\nhighlight: h\n"
    b"created: 1791512014824\nupdated: 1791512014825\nload_when:\n  - SQLite\n  - \xe5\x88\x86\xe8\xaf\x8d\n"
    b"pinned: true\nsupersedes: pitfalls/old\ncustom: kept\n---\n\nBody.\n"
)


def test_good_entry_parses_every_field():
    e = parse_entry(GOOD, "pitfalls/x.md")
    info = e.info()
    assert e.problems == []
    assert (info.id, info.doc_id, info.kind, info.summary, info.highlight) == (
        "pitfalls/x", "pitfalls/x", "pitfall", "one line", "h")
    assert (info.created, info.updated, info.pinned) == (1791512014824, 1791512014825, True)
    assert info.load_when == ("SQLite", "分词")
    assert info.supersedes == ("pitfalls/old",)
    assert e.meta["custom"] == "kept"
    assert e.body == "\nBody.\n"


def test_bom_and_crlf_are_accepted():
    data = b"\xef\xbb\xbf" + GOOD.replace(b"\n", b"\r\n")
    e = parse_entry(data, "pitfalls/x.md")
    assert e.problems == []
    assert e.info().summary == "one line"
    assert e.body == "\nBody.\n"


def _codes(data: bytes, path: str = "facts/a.md") -> list[tuple[int, str]]:
    return [(p.line, p.code) for p in parse_entry(data, path).problems]


BAD = [
    pytest.param(b"", [(0, "E003")], id="empty"),
    pytest.param(b"  \n\n", [(0, "E003")], id="blank"),
    pytest.param(b"# just markdown\n", [(1, "E004")], id="no-frontmatter"),
    pytest.param(b"---\nid: facts/a\n", [(1, "E005")], id="unclosed"),
    pytest.param(b"---\nid: [facts/a\n---\n", [(3, "E006")], id="invalid-yaml"),
    pytest.param(b"---\n- a\n- b\n---\n", [(2, "E008")], id="list-frontmatter"),
    pytest.param(b"---\n---\nbody\n", [(2, "E008")], id="empty-frontmatter"),
    pytest.param(b"---\njust a string\n---\n", [(2, "E008")], id="scalar-frontmatter"),
    pytest.param(b"---\nid: facts/a\nkind: fact\nsummary: \xff\xfe\n---\n", [(4, "E001")], id="not-utf8"),
    pytest.param(b"---\nid: facts/a\nkind: fact\n---\n", [(1, "E010")], id="missing-summary"),
    pytest.param(b"---\nid: facts/a\nkind: ''\nsummary: s\n---\n", [(3, "E011")], id="empty-kind"),
    pytest.param(b"---\nid: facts/b\nkind: k\nsummary: s\n---\n", [(2, "E012")], id="id-mismatch"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\npinned: \"true\"\n---\n", [(5, "E013")], id="pinned-string"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\nload_when: SQLite\n---\n", [(5, "E013")], id="load-when-scalar"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\nload_when: [1, x]\n---\n", [(5, "E013")], id="load-when-ints"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\ncreated: 2024-01-01\n---\n", [(5, "E013")], id="created-date"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\ncreated: 1.5\n---\n", [(5, "E013")], id="created-float"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\nupdated: true\n---\n", [(5, "E013")], id="updated-bool"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\ncreated: 5\nupdated: 4\n---\n", [(6, "E014")], id="updated-before-created"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: |\n  two\n  lines\n---\n", [(4, "E015")], id="multiline-summary"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\nsummary: t\n---\n", [(5, "E022")], id="duplicate-key"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: 42\n---\n", [(4, "E013")], id="summary-int"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\nsupersedes: {a: b}\n---\n", [(5, "E013")], id="supersedes-map"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\ncreated: " + b"9" * 5000 + b"\n---\n", [(2, "E006")], id="huge-int"),
    pytest.param(b"---\n!!python/object:os.system {}\n---\n", [(2, "E006")], id="python-tag"),
    # Not UTF-8 *text*: what secret scanners (and pre-commit's `types: [text]`) skip as binary.
    pytest.param(GOOD + b"token\0here\n", [(17, "E001")], id="nul-in-body"),
    pytest.param(GOOD.replace(b"one line", b"one\0line"), [(4, "E001")], id="nul-in-summary"),
    pytest.param(GOOD + b"x" * 9000 + b"\0", [(17, "E001")], id="nul-after-9000-bytes"),
    pytest.param(GOOD.decode().encode("utf-16-le"), [(1, "E001")], id="utf16le-no-bom"),
    pytest.param(GOOD.decode().encode("utf-16-be"), [(1, "E001")], id="utf16be-no-bom"),
    pytest.param(GOOD.decode().encode("utf-16"), [(1, "E001")], id="utf16-bom"),
    pytest.param(GOOD.decode().encode("utf-32"), [(1, "E001")], id="utf32-bom"),
    pytest.param(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", [(2, "E001")], id="png"),
    pytest.param(GOOD + b"\x01\x02", [(17, "E001")], id="c0-control"),
    pytest.param(GOOD + b"\x7f", [(17, "E001")], id="del"),
    # Timestamps: epoch milliseconds from 0 to the end of year 9999.
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\nupdated: 9223372036854775808\n---\n", [(5, "E013")],
                 id="updated-2**63"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\ncreated: 253402300800000\n---\n", [(5, "E013")],
                 id="created-year-10000"),
    pytest.param(b"---\nid: facts/a\nkind: k\nsummary: s\ncreated: -1\n---\n", [(5, "E013")], id="created-negative"),
]


@pytest.mark.parametrize("data,expected", BAD)
def test_bad_input_reports_code_and_line(data, expected):
    assert _codes(data) == expected


def test_alias_bomb_is_rejected_without_expanding():
    levels = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    levels += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 12)]
    data = ("---\n" + "\n".join(levels) + "\nid: facts/a\n---\n").encode()
    start = time.perf_counter()
    problems = parse_entry(data, "facts/a.md").problems
    elapsed = time.perf_counter() - start
    assert [(p.line, p.code) for p in problems] == [(2, "E007")]
    # 9**12 strings if expanded; the guard stops at the first alias. Generous bound,
    # only to catch expansion (which would take minutes), not a performance target.
    assert elapsed < 5


@pytest.mark.parametrize("nesting", ["[" * 100_000, "{a: " * 50_000, "- " * 40_000 + "x"])
def test_deep_nesting_is_rejected_not_crashing(nesting):
    data = ("---\nx: " + nesting + "\n---\n").encode()
    assert [p.code for p in parse_entry(data, "facts/a.md").problems] == ["E009"]


def test_oversized_entry():
    data = GOOD + b"x" * (5 << 20)
    assert _codes(data, "pitfalls/x.md") == [(0, "E002")]


@pytest.mark.parametrize(
    "name,ok",
    [("sqlite-cjk", True), ("分词_坑", True), ("a1", True), ("", False), (".hidden", False),
     ("a..b", False), ("a.b", False), ("-lead", False), ("a/b", False), ("a b", False), ("..", False)],
)
def test_valid_name(name, ok):
    assert valid_name(name) is ok


def test_render_keeps_unknown_keys_and_canonical_order():
    e = parse_entry(GOOD.replace(b"id: pitfalls/x\n", b"").replace(b"custom: kept\n", b"custom: kept\nid: pitfalls/x\n"),
                    "pitfalls/x.md")
    text = render_entry(e.meta, e.body)
    keys = [line.split(":")[0] for line in text.split("---\n")[1].splitlines() if not line.startswith(" ")]
    assert keys == ["id", "kind", "summary", "highlight", "created", "updated", "load_when", "pinned",
                    "supersedes", "custom"]
    again = parse_entry(text.encode(), "pitfalls/x.md")
    assert again.meta == e.meta and again.body == e.body and again.problems == []


NOT_TEXT_MESSAGES = [
    (GOOD + b"a\0b", "not UTF-8 text: byte 0x00 at offset"),
    (GOOD.decode().encode("utf-16-le"), "looks like UTF-16 without a byte-order mark; save it as UTF-8"),
    (GOOD.decode().encode("utf-16"), "the file is UTF-16; save it as UTF-8"),
    (b"\x00\x00\xfe\xff" + GOOD.decode().encode("utf-32-be"), "the file is UTF-32; save it as UTF-8"),
]


@pytest.mark.parametrize("data,message", NOT_TEXT_MESSAGES, ids=["nul", "utf16-no-bom", "utf16-bom", "utf32-bom"])
def test_not_text_is_left_out_with_a_message_that_says_why(data, message):
    e = parse_entry(data, "facts/a.md")
    [problem] = e.problems
    assert problem.code == "E001" and message in problem.message
    assert not e.valid and not e.info().valid


@pytest.mark.parametrize("char", [b"\t", b"\x0c", b"\x0b", b"\x07", b"\x08", b"\x1b[31m", "\u0085".encode()])
def test_control_bytes_that_text_holds_are_accepted_in_the_body(char):
    e = parse_entry(GOOD + b"log: " + char + b" end\n", "pitfalls/x.md")
    assert e.problems == [] and e.valid


@pytest.mark.parametrize("value,ok", [(0, True), (1791512014824, True), (253402300799999, True),
                                      (253402300800000, False), (2 ** 63, False), (-1, False)])
def test_timestamp_bounds(value, ok):
    data = GOOD.replace(b"created: 1791512014824", f"created: {value}".encode())
    data = data.replace(b"updated: 1791512014825", f"updated: {max(value, 0)}".encode())
    e = parse_entry(data, "pitfalls/x.md")
    info = e.info()
    assert (e.problems == []) is ok, e.problems
    # A value lint refuses never reaches search, merge or decay: it reads as absent.
    assert info.created == (value if ok else None)
    if not ok and value > 0:
        assert "epoch milliseconds run from 0 (1970) to 253402300799999" in e.problems[0].message
