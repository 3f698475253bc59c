"""Keyword-coverage dedupe (memsync.dedupe): the pure rule, on pairs written for its development.

The independent labelled set (bench/dedupe_corpus.py, written without reading this module)
is scored by bench/dedupe_bench.py; these are the cases the rule was built against.
"""
from __future__ import annotations

import pytest

from memsync.dedupe import judge, keywords, specifics, stem

DUPLICATES = [
    # (new, existing): a model re-saying what is stored
    ("部署脚本用pnpm，不用npm，lockfile不兼容",
     "部署脚本用pnpm而不是npm，因为两者的lockfile不兼容。"),
    ("记住：部署脚本必须用pnpm，不要用npm（lockfile不兼容）",
     "部署脚本用pnpm而不是npm，因为lockfile不兼容"),
    ("CI机器只有两核，测试套件要在十分钟内跑完",
     "CI 跑在两核的机器上：整个测试套件必须十分钟内跑完"),
    ("Deploy scripts use pnpm, not npm: the lockfiles are incompatible",
     "The deploy script uses pnpm and not npm because their lockfiles are incompatible."),
    ("The user prefers tabs over spaces in Go code",
     "User preference: in Go code, tabs rather than spaces."),
    ("Run the tests with pytest -n 2 because CI has two cores",
     "CI has two cores, so run the tests with pytest -n 2"),
    ("SQLite unicode61 treats a whole Chinese run as one token",
     "With unicode61, SQLite treats a whole run of Chinese as a single token."),
    ("用户喜欢简洁的回答，不要长篇大论", "用户偏好简洁回答，不要长篇大论"),
    ("Postgres in staging listens on port 5433", "Staging Postgres listens on port 5433."),
    ("release 前要先跑 make check", "每次release之前先跑make check"),
]

NEW = [
    # same topic, but something changed
    ("Postgres in staging listens on port 5434", "Staging Postgres listens on port 5433."),
    ("Use Python 3.12 for the build image", "Use Python 3.11 for the build image"),
    ("Never run migrations on Friday", "Run migrations on Friday afternoon"),
    ("部署脚本现在改用npm了", "部署脚本用pnpm而不是npm，因为lockfile不兼容"),
    ("CI机器有四核，测试要在十分钟内跑完", "CI 跑在两核的机器上：整个测试套件必须十分钟内跑完"),
    ("Set DATABASE_URL before running the migrations", "Set REDIS_URL before running the migrations"),
    ("Pass --frozen-lockfile to pnpm install in CI", "Run pnpm install in CI"),
    ("用户不喜欢简洁的回答", "用户喜欢简洁的回答"),
    # a different fact in the same area
    ("部署前要先跑数据库迁移", "部署脚本用pnpm而不是npm，因为lockfile不兼容"),
    ("The deploy job needs the AWS role from the vault", "The deploy script uses pnpm, not npm"),
    ("Redis cache keys expire after one hour", "Postgres holds the session table"),
    ("日志保留三十天后自动删除", "监控告警发到值班群"),
    ("The user writes commit messages in English", "The user prefers tabs over spaces in Go code"),
]


@pytest.mark.parametrize("new, existing", DUPLICATES)
def test_rewordings_are_duplicates(new: str, existing: str) -> None:
    verdict = judge(new, existing)
    assert verdict.duplicate, verdict.reason
    assert verdict.coverage >= 0.7


@pytest.mark.parametrize("new, existing", NEW)
def test_changed_or_different_facts_are_new(new: str, existing: str) -> None:
    verdict = judge(new, existing)
    assert not verdict.duplicate, verdict.reason


@pytest.mark.parametrize("text, numbers, idents, negated", [
    ("端口5432，版本v1.2.3", {"5432", "1.2.3"}, set(), False),
    ("set DATABASE_URL and --frozen-lockfile on py3", set(), {"database_url", "frozen-lockfile", "py3"}, False),
    ("不同的配置", set(), set(), False),  # 不同 does not negate
    ("不要用 npm", set(), set(), True),
    ("we don't deploy on friday", set(), set(), True),
])
def test_specifics(text: str, numbers: set[str], idents: set[str], negated: bool) -> None:
    s = specifics(text)
    assert s.numbers == numbers and s.identifiers == idents and s.negated is negated


def test_keywords_drop_stopwords_particles_and_negations() -> None:
    assert keywords("the deploy scripts are not running") == {"deploy", "script", "runn"}
    assert keywords("部署的脚本") == {"部", "署", "脚", "本"}
    assert keywords("") == frozenset()
    assert stem("lockfiles") == "lockfile" and stem("policies") == "policy" and stem("class") == "class"


def test_empty_new_text_is_never_a_duplicate() -> None:
    assert not judge("", "anything at all").duplicate
    assert not judge("!!!", "anything").duplicate
