"""The developer glossary (memsync.dedupe.glossary), cross-language coverage, the other
language's search words, and the sturdier near-miss checks.

The pairs are in tests/dedupe_glossary_pairs.py (written from descriptions, not from any
benchmark). The table checks hold the glossary to what vocab.py's merge relies on: values read
exactly as the English words they name, groups that never merge named alternatives.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from memtree import snapshot, write_entry

from memsync import dedupe
from memsync.build import check_root, compile_root, init_root
from memsync.dedupe import glossary, vocab
from memsync.dedupe.text import _ZH_MAP, canon, read
from memsync.roots import Root
from memsync.service import _keyword_query
from tests.dedupe_glossary_pairs import CROSS, EN, MIXED, STURDY, ZH

ROWS = [("cross", r) for r in CROSS] + [("zh", r) for r in ZH] + [("en", r) for r in EN] + [("sturdy", r) for r in STURDY] + [
    ("mixed", r) for r in MIXED]


@pytest.mark.parametrize("label, new, existing", [
    pytest.param(label, new, existing, id=f"{name}-{label}-{how}-{i}")
    for i, (name, (label, how, new, existing)) in enumerate(ROWS)])
def test_pair(label: str, new: str, existing: str) -> None:
    verdict = dedupe.judge(new, existing)
    assert verdict.duplicate is (label == "dup"), verdict.reason


def test_the_tables_have_the_promised_size() -> None:
    assert len(glossary.ZH) >= 800
    # groups that merge at least two words (a one-word entry only makes its word canonical)
    assert len([g for g, ws in glossary.EN_GROUPS.items() if len(set(ws.split()) | {g}) >= 2]) >= 150


@pytest.mark.parametrize("zh", sorted(glossary.ZH))
def test_a_chinese_word_reads_as_its_english_value(zh: str) -> None:
    """Same canonicalisation as English text: ``锁文件`` has the keywords of ``lockfile``. (A
    word the hand table in vocab.py or the filler list decides is left to them.)"""
    if _ZH_MAP[zh] != glossary.ZH[zh]:
        pytest.skip("decided by vocab.py or text.py")
    english = " ".join(w for w in glossary.ZH[zh].split() if not w.startswith("zz"))
    assert read(zh).keywords == read(english).keywords


# Members of one class that are the same thing under two names.
ALIASES = {frozenset({"mongo", "mongodb"})}


def test_english_groups_never_merge_named_alternatives_or_share_a_word() -> None:
    for name, words in vocab.CLASSES.items():
        members = words.split()
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                if frozenset({a, b}) not in ALIASES:
                    assert canon(a) != canon(b), (name, a, b)
    owner: dict[str, str] = {}
    for canonical, words in vocab.EN_GROUPS.items():
        for w in words.split():
            assert owner.setdefault(w, canonical) == canonical, (w, owner[w], canonical)
    for canonical in glossary.EN_GROUPS:  # a canonical word is not another group's member
        assert owner.get(canonical, canonical) == canonical, (canonical, owner[canonical])


@pytest.mark.parametrize("word, other", [
    ("npm", "yarn"), ("staging", "production"), ("postgres", "mysql"), ("chrome", "firefox"),
    ("github", "gitlab"), ("jest", "vitest"), ("aws", "gcp"), ("kafka", "rabbitmq"), ("nginx", "caddy"),
    ("terraform", "pulumi"), ("react", "vue"), ("json", "yaml"), ("http", "https"), ("slack", "feishu"),
    ("gzip", "zstd"), ("django", "fastapi"), ("prometheus", "datadog"), ("aliyun", "aws"), ("钉钉", "飞书")])
def test_alternatives_stay_distinct(word: str, other: str) -> None:
    assert read(word).keywords != read(other).keywords
    assert not dedupe.judge(f"Use {word} for this project.", f"Use {other} for this project.").duplicate


@pytest.mark.parametrize("text, absent", [
    ("五分钟内必须回复", "cent"),  # 分 of 分钟 is not a unit of money
    ("切到新分支再提交", "cent"),
    ("测试数据库监听5433端口", "fixture"),  # 测试数据 must not eat 数据库
    ("冷启动很慢", "column"),  # 'cold' is not an inflection of 'col'
])
def test_segmentation_does_not_misread(text: str, absent: str) -> None:
    assert absent not in read(text).keywords


@pytest.mark.parametrize("text, expected", [
    ("回滚迁移之后再重启服务", {"rollback", "migrate", "migration", "restart"}),
    ("Roll back the migration, then restart the service.", {"回滚", "迁移", "重启", "服务"}),
    ("锁文件必须提交到仓库", {"lockfile", "commit", "repo", "repository"}),
])
def test_query_terms_carry_the_other_language(text: str, expected: set[str]) -> None:
    terms = dedupe.query_terms(text, 16)
    assert expected <= set(terms), terms
    assert len(dedupe.query_terms(text, 3)) <= 3


def test_keyword_query_appends_translations_within_its_bound() -> None:
    text = "重启服务之前先回滚迁移。" * 5
    words = _keyword_query(text, limit=10).split()
    assert len(words) <= 15 and "rollback" in words and "重启" in words
    assert _keyword_query("", limit=10) == ""
    assert "回滚" in _keyword_query("Roll back the migration before restarting", limit=20).split()


@pytest.fixture
def root(tmp_path: Path) -> Path:
    path = tmp_path / "mem"
    r = Root.at(path)
    init_root(r, ["decisions", "facts"])
    write_entry(path, "decisions/d1", "重启服务之前先回滚迁移。", kind="decision",
                created=1791600000000, updated=1791600000000)
    write_entry(path, "facts/f1", "金额用整数存（单位是分），不要用浮点。",
                created=1791600000000, updated=1791600000000)
    write_entry(path, "facts/f2", "Set the connection pool size to 20.", created=1791600000000, updated=1791600000000)
    compile_root(r)
    assert not check_root(r).changed
    return path


@pytest.mark.parametrize("summary, entry", [
    ("Roll back the migration before restarting the service.", "decisions/d1"),
    ("Store money amounts as integers in cents, never as floats.", "facts/f1"),
    ("连接池大小设为20。", "facts/f2"),  # and the reverse: a Chinese note finds the English entry
])
def test_remember_refuses_a_restatement_in_the_other_language(root: Path, cli, summary: str,
                                                                     entry: str) -> None:
    before = snapshot(root)
    code, out, err = cli("remember", "--root", str(root), "--category", "facts", "--summary", summary)
    assert code == 1 and f"{entry} already says this" in err, err
    assert snapshot(root) == before


@pytest.mark.parametrize("summary", ["Restart the service before rolling back the migration.", "连接池大小设为50。"])
def test_remember_writes_a_cross_language_near_miss(root: Path, cli, summary: str) -> None:
    code, out, err = cli("remember", "--root", str(root), "--category", "decisions", "--summary", summary)
    assert code == 0 and out.startswith("Created decisions/"), err
    assert not check_root(Root.at(root)).changed
