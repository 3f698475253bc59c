"""The fast frontmatter reader must agree with PyYAML whenever it answers."""
from __future__ import annotations

import random

import pytest
import yaml

from memsync.simpleyaml import load_simple
from memsync.yamlio import EntryLoader

KEYS = ["id", "kind", "summary", "load_when", "pinned", "created", "x_1", "_k", "true", "null", "on", "123",
        "a-b", "Yes", "y", "summary"]
VALUES = [
    "plain text", "部署脚本用pnpm而不是npm", "emoji 🙂 ok", "1791512014824", "0", "-5", "007", "0x1F", "1_000",
    "1.5", ".inf", "yes", "No", "ON", "off", "y", "n", "~", "null", "Null", "NULL", "", "''", "'it''s'", "'a' b",
    '"quoted"', '"a\\"b"', '"a\\nb"', "a: b", "a #c", "#c", "C#", "-x", "- x", "2024-01-01", "=", "<<", "&a x",
    "*a", "!!str x", "[a, b]", "{a: b}", "|", ">", "trailing   ", "tab\there", "ends:", "http://x.y/z?q=1",
    "100%", "@at", "`tick`", "a, b]", "?q", ":c", "12:30", "1e3", "+1", "0o17", "0b101", "TRUE", "true", "False",
    "'''", "'unterminated", '"unterminated', "\u00a0nbsp", "\x85nel", "ﬁ", "q'uote", 'd"q',
    # flow sequences: what JSON-like frontmatter writers emit, and forms the fast path must leave alone
    '["vue", "版本"]', "[]", "[ ]", "['x', 'y''s']", "[1, yes, ~, null, -3]", "[a,]", "[a b, c]", '["a,b"]',
    "[a: b]", "[a:b]", "[?x]", "[#x]", "[x] y", "[[x]]", "[{a: b}]", '["x" , "y"]', "[-x]", "[- x]",
    "[0x1F, 1.5]", "[x", '["a\\"b"]', "[a , b ]", "[,a]", "[a,,b]", "[a] #c", "[C#, F#]", "[http://x]",
    "yEs", "nULL", "tRue", "Off", "OFF", "N", "Y", "[true, tRUE, Null, nULL, ~]",
    "[2024-01-01]", "[<<]", "[=]", "['a' b]", "[q'uote]", "[&a x]", "[*a]", "[!!str x]", "[ 'a' , 2 ]",
]
INDENTS = ["", " ", "  ", "    "]
SIMPLE = ["plain text", "部署脚本用pnpm而不是npm", "1791512014824", "true", "false", "'quoted'", '"dq"', "~", "C#",
          "http://x.y/z?q=1", "a, b]", '["vue", "版本"]', "[a, 'b c', 3]"]


def _value(rng: random.Random) -> str:
    return rng.choice(SIMPLE) if rng.random() < 0.8 else rng.choice(VALUES)


def _doc(rng: random.Random) -> str:
    lines = []
    for _ in range(rng.randrange(1, 8)):
        key = rng.choice(KEYS)
        roll = rng.random()
        if roll < 0.25:
            lines.append(f"{key}:" + rng.choice(["", " ", "   "]))
            indent = rng.choice(INDENTS)
            for _ in range(rng.randrange(0, 4)):
                item = _value(rng)
                lines.append(f"{indent if rng.random() < 0.9 else rng.choice(INDENTS)}-" + ("" if rng.random() < 0.03 else f" {item}"))
        elif roll < 0.27:
            lines.append(rng.choice(["# comment", "", "   ", "  nested: x", "\tkey: v", "key:value"]))
        else:
            lines.append(f"{key}: {_value(rng)}")
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


def _pyyaml(doc: str):
    loader = EntryLoader(doc)
    try:
        return loader.get_single_data(), loader.key_lines, loader.duplicate_keys
    finally:
        loader.dispose()


@pytest.mark.parametrize("seed", range(8))
def test_agrees_with_pyyaml_whenever_it_answers(seed):
    rng = random.Random(seed)
    answered = flows = 0
    for _ in range(1500):
        doc = _doc(rng)
        fast = load_simple(doc)
        if fast is None:
            continue
        answered += 1
        flows += any(isinstance(v, list) and f"{k}: [" in doc for k, v in fast[0].items())
        expected = _pyyaml(doc)  # must not raise: the fast path only accepts valid YAML
        assert fast[0] == expected[0] and [type(v) for v in fast[0].values()] == [type(v) for v in expected[0].values()], doc
        assert fast[1] == expected[1] and fast[2] == expected[2], doc
    assert answered > 100 and flows > 20  # the generator does exercise the fast path, flow lists too


@pytest.mark.parametrize(
    "doc",
    [
        "id: a/b\nkind: fact\nsummary: s\ncreated: 1791512014824\nload_when:\n  - SQLite\n  - 分词\npinned: true\n",
        "summary: 'it''s quoted'\nhighlight: \"measured: 0 hits\"\n",
        "load_when:\n- indentless\n- list\n",
        "pinned:\n",
        'id: "facts/n1"\nkind: "fact"\nload_when: ["vue", "版本", "事务"]\n',
        "load_when: []\n",
    ],
)
def test_typical_frontmatter_takes_the_fast_path(doc):
    fast = load_simple(doc)
    assert fast is not None and fast[0] == yaml.safe_load(doc)


@pytest.mark.parametrize(
    "doc",
    ["a: 1.5\n", "a: 2024-01-01\n", "a: [x, [y]]\n", "a: [x,]\n", "a: [x: y]\n", 'a: ["x, y"]\n', "a: [x\n  , y]\n", "# c\na: b\n", "a: |\n  x\n", "a: &x b\nc: *x\n", "a: b # c\n",
     "a:\n  b: c\n", "a: 0x10\n", "? a\n: b\n", "a: \"\\u00e9\"\n", "a:\n  -\n", "a: " + "9" * 5000 + "\n", ""],
)
def test_everything_else_falls_back(doc):
    assert load_simple(doc) is None


# -- the writer: byte-for-byte what memsync's PyYAML Dumper writes ----------------------------

WRITE_STRINGS = VALUES + [
    "Use pnpm, not npm: npm breaks the lockfile", "CI 超时：30 分钟", "don't push on Fridays", "a #tag", "a#b",
    "ends with colon:", "? question", "?x", "- dash", "-dash", "--frozen-lockfile", "---", "...x", "x...", "a  b",
    " lead", "trail ", "'single", 'say "hi"', "100", "1.0", "Tests must pass", "Never push", "On call", "Yes please",
    "no", "NO", "nO", "Null", "nUll", "~x", "<<x", "=x", "2001-12-14", "v2", "3 things", "0.5s", "12:30:00",
    "\ufeffbom", "a\u2028b", "a\tb", "x" * 5000, "😀", "\u3000全角空格", "a: ", "key:val", "#", "@", "|x", ">x",
    "%x", "`x`", "!x", "&x", "*x", "[x", "]x", "{x", "}x", ",x", "a,b", "a[b]", "a{b}", "a?b", "a-b",
]


def _write_value(rng: random.Random):  # type: ignore[no-untyped-def]
    roll = rng.random()
    if roll < 0.1:
        return rng.choice([True, False, None, 0, 42, -7, 1791512014824])
    if roll < 0.25:
        return [rng.choice(WRITE_STRINGS) for _ in range(rng.randrange(0, 4))]
    if roll < 0.27:
        return rng.choice([1.5, {"a": "b"}, [["x"]], ("t", "u")])
    return rng.choice(WRITE_STRINGS)


@pytest.mark.parametrize("seed", range(8))
def test_the_writer_agrees_with_pyyaml_whenever_it_answers(seed: int) -> None:
    from frontmatter.default_handlers import YAMLHandler

    from memsync.simpleyaml import dump_simple
    from memsync.yamlio import Dumper

    rng = random.Random(seed)
    answered = quoted = 0
    for _ in range(600):
        doc = {rng.choice(KEYS + ["highlight", "supersedes"]): _write_value(rng) for _ in range(rng.randrange(1, 7))}
        ours = dump_simple(doc)
        if ours is None:
            continue
        answered += 1
        quoted += "'" in ours
        theirs = YAMLHandler().export(doc, Dumper=Dumper, sort_keys=False, width=1 << 16)
        assert ours == theirs, doc
        assert yaml.safe_load(ours) == {k: list(v) if isinstance(v, tuple) else v for k, v in doc.items()}
    assert answered > 50 and quoted > 10  # both styles were compared (bad keys and odd values fall back)


@pytest.mark.parametrize("value", WRITE_STRINGS)
def test_each_string_is_written_as_pyyaml_writes_it_or_left_to_it(value: str) -> None:
    from frontmatter.default_handlers import YAMLHandler

    from memsync.simpleyaml import dump_simple
    from memsync.yamlio import Dumper

    doc = {"summary": value, "load_when": [value]}
    ours = dump_simple(doc)
    if ours is not None:
        assert ours == YAMLHandler().export(doc, Dumper=Dumper, sort_keys=False, width=1 << 16)


def test_typical_entries_are_written_without_pyyaml() -> None:
    from memsync.simpleyaml import dump_simple

    doc = {"id": "facts/ci-timeout", "kind": "fact", "summary": "CI times out after 30 minutes: keep the suite short",
           "created": 1791600000000, "updated": 1791700000000, "load_when": ["ci", "超时"], "pinned": True}
    assert dump_simple(doc) == ("id: facts/ci-timeout\nkind: fact\nsummary: 'CI times out after 30 minutes: keep the "
                                "suite short'\ncreated: 1791600000000\nupdated: 1791700000000\nload_when:\n  - ci\n"
                                "  - 超时\npinned: true")
