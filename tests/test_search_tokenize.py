"""Tokenizer and query building: pure tables."""
from __future__ import annotations

import random
import sqlite3

import pytest

from memsync.recall.query import MAX_WORDS, parse
from memsync.recall.tokenize import BREAK, index_text, join_items, length, mark_blocks, normalize, tokens


@pytest.mark.parametrize(
    "text, expected",
    [
        ("部署", ["部", "部署", "署"]),
        ("部署脚本用pnpm而不是npm", ["部", "部署", "署脚", "脚本", "本用", "用", "pnpm", "而", "而不", "不是", "是", "npm"]),
        ("用pnpm部署", ["用", "pnpm", "部", "部署", "署"]),
        ("数据库迁移", ["数", "数据", "据库", "库迁", "迁移", "移"]),
        ("东京タワーに行く", ["东", "东京", "京タ", "タワ", "ワー", "ーに", "に行", "行く", "く"]),
        ("한국어 분석", ["한", "한국", "국어", "어", "분", "분석", "석"]),
        ("ＡＢＣ１２３", ["abc123"]),  # full-width Latin and digits
        ("ｶﾀｶﾅ", ["カ", "カタ", "タカ", "カナ", "ナ"]),  # half-width katakana
        ("DATABASE_URL=postgres://x", ["database", "url", "postgres", "x"]),
        ("Straße CAFÉ", ["strasse", "café"]),
        ("中", ["中"]),
        ("a中b", ["a", "中", "b"]),
        ("🚀 — !!", []),
    ],
)
def test_tokens(text: str, expected: list[str]) -> None:
    assert tokens(text) == expected


@pytest.mark.parametrize(
    "text, marked",
    [
        ("一行", "一行"),
        ("数据库\n迁移", "数据库\n迁移"),  # a wrapped paragraph stays one block
        ("部署\n\npnpm", f"部署{BREAK}{BREAK}pnpm"),  # a blank line ends a paragraph
        ("- 部署\n- pnpm", f"- 部署{BREAK}- pnpm"),  # list items
        ("intro\n* a\n1. b\n2) c", f"intro{BREAK}* a{BREAK}1. b{BREAK}2) c"),
        ("# 部署\npnpm", f"# 部署{BREAK}pnpm"),  # a heading
        ("text\n> quote\n| a | b |", f"text{BREAK}> quote{BREAK}| a | b |"),
        ("```\ncode\n```", f"```{BREAK}code{BREAK}```"),
    ],
)
def test_markdown_blocks_are_marked_in_place(text: str, marked: str) -> None:
    assert mark_blocks(text) == marked and len(mark_blocks(text)) == len(text)


def test_boundaries_are_tokens_of_their_own() -> None:
    assert index_text(join_items(["部署", "pnpm"])) == f"部 部署 署 {BREAK} pnpm"
    assert length(index_text(join_items(["部署", "pnpm"]))) == 4
    assert index_text(f"{BREAK}{BREAK}a{BREAK}") == "a" and length("") == 0
    assert parse(BREAK).words == ()  # the query side never makes one a token


def test_normalize_folds_width_and_case() -> None:
    assert normalize("Ｐｎｐｍ　部署") == "pnpm 部署"


@pytest.mark.parametrize(
    "text, expr",
    [
        ("部署", '"部署"'),
        ("数据库迁移", '"数据 据库 库迁 迁移"'),
        ("用pnpm", '"用 pnpm" *'),  # ends in a Latin word: also its prefix
        ("pnpm部署", '"pnpm 部 部署"'),
        ("DATABASE_URL", '"database url" *'),
        ("用", '"用" *'),
        ("s3", '"s3"'),  # too short to match as a prefix
        ('"x" OR NOT(y) NEAR z* ^a -b :c', '"x" OR "or" OR "not y" OR "near" * OR "z" OR "a" OR "b" OR "c"'),
        ("pnpm PNPM ｐｎｐｍ", '"pnpm" *'),
    ],
)
def test_query_expression(text: str, expr: str) -> None:
    assert parse(text).match() == expr


def test_query_without_words() -> None:
    for text in ("", "   ", "🚀🔥", '"*^():-', "\0\0"):
        assert not parse(text)


def test_long_queries_are_cut() -> None:
    q = parse(" ".join(f"w{i}" for i in range(200)))
    assert len(q.words) == MAX_WORDS and q.truncated
    q = parse("部" * 10_000)
    assert q.truncated and len(q.words[0].tokens) == 64


def _fts() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE f USING fts5(body, tokenize='unicode61 remove_diacritics 2')")
    for text in ("部署脚本用pnpm而不是npm", "用pnpm部署", "数据库迁移很慢", "数据迁入新库", "DATABASE_URL 设置",
                 "部门署名", "用了pnpm", "database-url", "pnpmfile", join_items(["部署", "pnpm"]),
                 mark_blocks("- pnpm\n- 部署"), "PostgreSQL 16", "deploying"):
        db.execute("INSERT INTO f VALUES (?)", (index_text(text),))
    return db


@pytest.mark.parametrize(
    "query, rows",
    [
        ("部署", {1, 2, 10, 11}),
        ("pnpm", {1, 2, 7, 9, 10, 11}),  # pnpmfile as a prefix
        ("用pnpm", {1, 2}),
        ("pnpm部署", {2}),  # not rows 10 and 11: list items are not glued
        ("部署pnpm", set()),
        ("数据库迁移", {3}),  # not row 4, which shares the bigram 数据
        ("database_url", {5, 8}),
        ("库", {3, 4}),
        ("pnpmfile", {9}),
        ("了", {7}),
        ("postgres", {12}),
        ("deploy", {13}),
        ("deployings", set()),
    ],
)
def test_phrases_match_only_where_characters_stand_together(query: str, rows: set[int]) -> None:
    db = _fts()
    found = {r[0] for r in db.execute("SELECT rowid FROM f WHERE f MATCH ?", (parse(query).match(),))}
    assert found == rows


def test_random_text_never_breaks_fts5_syntax() -> None:
    db = _fts()
    rng = random.Random(7)
    alphabet = '"*^():-+_.,\\/ \0\tANDORNOTNEAR部署pnpm🚀ｱｲ한글\u0301\u200b{}[]<>|~`\'$#@!%&=?'
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        q = parse(text)
        if q:
            for op in ("OR", "AND"):
                db.execute("SELECT rowid FROM f WHERE f MATCH ?", (q.match(op),)).fetchall()


def test_snippet_marks_and_counts_follow_the_index_rules() -> None:
    from memsync.recall import snippet

    words = parse("pnpm 数据库迁移 DATABASE_URL").words
    text = "pnpmfile 算前缀；用ｐｎｐｍ部署。数据库的迁移不算，数据库迁移算。database-url 也算。"
    assert snippet.count([text], words) == {"pnpm": 2, "数据库迁移": 1, "database_url": 1}
    found = snippet.find([text], words)
    assert (found["pnpm"].exact, found["pnpm"].prefix, found["pnpm"].forms) == (1, 1, ["pnpmfile"])
    assert snippet.make(text, words) == (
        "<<pnpmfile>> 算前缀；用<<ｐｎｐｍ>>部署。数据库的迁移不算，<<数据库迁移>>算。<<database-url>> 也算。")
    # A prefix match takes in the whole Latin word, and stops where CJK begins.
    assert snippet.make("PostgreSQL数据库", parse("postgres").words) == "<<PostgreSQL>>数据库"
    # No match across a block or list-item boundary; a boundary shows as a space.
    assert snippet.make(mark_blocks("- 部署\n- pnpm"), parse("部署pnpm").words) is None
    assert snippet.make(mark_blocks("- 部署\n- pnpm"), parse("pnpm").words) == "- 部署 - <<pnpm>>"
    long = "开头。" + "无关的文字。" * 100 + "最后提到 pnpm。"
    assert snippet.make(long, words).startswith("...") and "<<pnpm>>" in snippet.make(long, words)
    assert snippet.make("nothing here", words) is None


def _window_by_brute_force(text: str, words, width: int = 160) -> int:
    """The window start the snippet picks, found the obvious (quadratic) way."""
    from memsync.recall import snippet

    by_word = [snippet.spans(text, w) for w in words]
    marks = snippet._merge([s for found in by_word for s in found])
    best_start, best_n = marks[0][0], -1
    for a, _ in marks:
        lo = max(0, a - width // 5)
        n = sum(1 for found in by_word if any(lo <= s and e <= lo + width for s, e in found))
        if n > best_n:
            best_start, best_n = a, n
    return best_start


@pytest.mark.parametrize("seed", range(40))
def test_the_snippet_window_is_the_one_the_obvious_search_finds(seed: int) -> None:
    """The window search bisects each word's matches: the same choice as trying every pair
    (under MAX_WINDOWS matches)."""
    from memsync.recall import snippet

    rng = random.Random(seed)
    vocab = ["pnpm", "lockfile", "部署", "deploy", "staging", "db", "x"]
    text = " ".join(rng.choice(vocab + ["filler"] * 6) for _ in range(rng.randrange(5, 400)))
    words = parse(" ".join(rng.sample(vocab, 3))).words
    by_word = [snippet.spans(text, w) for w in words]
    marks = snippet._merge([s for found in by_word for s in found])
    if not marks:
        assert snippet.make(text, words) is None
        return
    assert snippet.window(by_word, marks) == _window_by_brute_force(text, words)


def test_a_word_repeated_forty_thousand_times_gets_its_first_window() -> None:
    """The case that made a search take 20 s: only the first matches open a window."""
    from memsync.recall import snippet

    text = "hippoq " * 40000
    got = snippet.make(text, parse("hippoq").words)
    assert got is not None and got.startswith("<<hippoq>> <<hippoq>>") and got.endswith("...")
