"""Queries written as people ask, not as keywords: a Chinese question typed as one run, and
English questions whose function words ("how", "do", "we", "the") outnumber the topic's.
Found by the blind search set (bench/search_blind.py): before, a Chinese sentence was one
phrase found nowhere (no hit at all), and an entry holding "how do we … the" outranked the one
about the question's subject."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from searchkit import NOW_MS, write_entry


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    write_entry(root, "pitfalls/deploy-fails.md", "部署失败多半是lockfile没提交", "先检查 pnpm-lock.yaml 是否在提交里。",
                kind="pitfall", updated=NOW_MS)
    write_entry(root, "facts/what-is-ci.md", "CI 是什么：每次推送都跑测试", "为什么要这样：防止坏提交进主干。", updated=NOW_MS)
    write_entry(root, "facts/rollback.md", "How do we roll back? We use the release tool",
                "The rollback script is in the ops repo; we run it from the release tool.", updated=NOW_MS)
    write_entry(root, "facts/migrations.md", "Run migrations locally with make migrate",
                "make migrate applies every pending migration to the local database.", updated=NOW_MS)
    return root


def search(cli, root: Path, *words: str) -> dict:
    code, out, err = cli("search", "--root", str(root), "--json", "--", *words)
    assert code in (0, 1), err
    return json.loads(out)


@pytest.mark.parametrize("question", ["为什么部署老是失败", "为什么部署老是失败？", "部署老是失败怎么办",
                                      "部署老是失败，怎么办？", "请问：为什么部署老是失败"])
def test_a_chinese_question_typed_as_one_run_finds_its_subject(cli, mem: Path, question: str) -> None:
    answer = search(cli, mem, question)
    assert [h["id"] for h in answer["hits"]][:1] == ["pitfalls/deploy-fails"], answer
    parts = [p for ps in answer["split"].values() for p in ps]  # clauses first, then their bigrams
    assert "部署" in parts and "失败" in parts
    assert "什么" not in parts and "为什" not in parts  # two function characters: no topic
    assert any("found nowhere as written; searched as" in r for r in answer["hits"][0]["reasons"])


def test_a_chinese_run_found_as_written_is_not_split(cli, mem: Path) -> None:
    answer = search(cli, mem, "每次推送")
    assert answer["split"] == {} and [h["id"] for h in answer["hits"]] == ["facts/what-is-ci"]


def test_function_words_do_not_outrank_the_subject(cli, mem: Path) -> None:
    answer = search(cli, mem, "how", "do", "we", "run", "the", "migrations", "locally")
    assert [h["id"] for h in answer["hits"]][0] == "facts/migrations", answer
    # They are still searched: the entry holding only them is found, below.
    assert "facts/rollback" in [h["id"] for h in answer["hits"]]


def test_a_query_of_function_words_only_still_ranks_by_them(cli, mem: Path) -> None:
    answer = search(cli, mem, "how", "do", "we")
    assert [h["id"] for h in answer["hits"]][:1] == ["facts/rollback"]


def test_bigram_parts_of_a_run_of_function_characters_are_kept() -> None:
    from memsync.recall.query import parse

    [word] = parse("为什么").words
    assert word.parts == ("为什", "什么")  # nothing else left: all of them
    [word] = parse("数据库迁移").words
    assert word.parts == ("数据", "据库", "库迁", "迁移")
    assert parse("部署").words[0].parts == ()


def test_a_glued_words_long_chinese_part_is_split_too(cli, tmp_path: Path) -> None:
    root = tmp_path / "mem"
    write_entry(root, "decisions/cache.md", "缓存放在 Redis 里", "会话也放 Redis。", updated=NOW_MS)
    write_entry(root, "facts/other.md", "用 make 构建", "无关。", updated=NOW_MS)
    answer = search(cli, root, "用redis做缓存")
    assert [h["id"] for h in answer["hits"]][0] == "decisions/cache", answer
    assert answer["split"]["用redis做缓存"] == ["用", "redis", "做缓存"]
    assert answer["split"]["做缓存"] == ["做缓", "缓存"]


def test_a_pasted_page_of_chinese_is_searched_on_a_bounded_number_of_words(cli, mem: Path) -> None:
    import random

    rng = random.Random(7)
    page = "".join(chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(20_000))
    words = [page[i:i + 2000] for i in range(0, len(page), 2000)] + ["部署老是失败"]
    code, out, err = cli("search", "--root", str(mem), "--json", "--", *words)
    assert code in (0, 1), err
    answer = json.loads(out)
    from memsync.recall.query import MAX_SPLIT_WORDS

    assert len(answer["words"]) <= MAX_SPLIT_WORDS
    assert "only its first words were searched" in err or any("long" in n for n in answer["notes"])


@pytest.mark.parametrize("glued, first", [("部a" * 200_000, ("部", "a")), ("部署pnpm" * 50_000 + "缓存", ("部署", "pnpm"))],
                         ids=["alternating", "repeated-pair"])
def test_a_word_of_thousands_of_glued_pieces_keeps_only_its_first_pieces(cli, mem: Path, glued: str,
                                                                         first: tuple[str, str]) -> None:
    """Before: a word gluing CJK and Latin hundreds of thousands of times ('部a部a…', 1.5 MB)
    kept every piece as a fallback part, and each was parsed as a word of its own when the
    phrase was found nowhere: 5 s for one search on a 1,000-entry root (now under 0.1 s)."""
    from memsync.recall.query import MAX_SPLIT_WORDS, MAX_TOKENS, parse

    [word] = parse(glued).words
    assert 2 <= len(word.parts) <= MAX_TOKENS + 1 and word.parts[:2] == first
    code, out, err = cli("search", "--root", str(mem), "--json", "--", glued)
    assert code in (0, 1), err
    answer = json.loads(out)
    assert len(answer["words"]) <= MAX_SPLIT_WORDS and "Traceback" not in err
