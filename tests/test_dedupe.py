"""Keyword-coverage dedupe (memsync.dedupe): the pure rule and its parts, case by case.

The labelled development set is tests/dedupe_devset.py (scored by tests/test_dedupe_dev.py);
the independent set (bench/dedupe_corpus.py, written without reading this package) is scored
by bench/dedupe_bench.py. Here: the lead's cases, then one table per mechanism.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from memsync import dedupe, service
from memsync.dedupe import MAX_JUDGED_CHARS, checks, judge, keywords, specifics, stem
from memsync.dedupe.numerals import numbers, zh_int
from memsync.dedupe.text import read

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


# -- numbers -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, values", [
    # one duration, however written
    ("30 minutes", ["t1800000"]), ("30min", ["t1800000"]), ("half an hour", ["t1800000"]),
    ("半小时", ["t1800000"]), ("半个小时", ["t1800000"]), ("三十分钟", ["t1800000"]),
    ("two weeks", ["t1209600000"]), ("14 days", ["t1209600000"]), ("两周", ["t1209600000"]),
    ("十四天", ["t1209600000"]), ("60s", ["t60000"]), ("六十秒", ["t60000"]), ("1 minute", ["t60000"]),
    ("一个半小时", ["t5400000"]), ("60+ minutes", ["t3600000"]), ("5-second timeout", ["t5000"]),
    ("an hour", ["t3600000"]), ("一小时", ["t3600000"]), ("一个小时", ["t3600000"]),
    # a unit with no count is one of it (a rate reads as a one-unit duration)
    ("100 requests a minute", ["100", "t60000"]), ("每分钟100次请求", ["t60000", "100"]),
    ("daily", ["t86400000"]), ("every day", ["t86400000"]), ("每天", ["t86400000"]), ("按天", ["t86400000"]),
    ("nightly", ["t86400000"]), ("100 req/min", ["100", "t60000"]), ("每秒一千个请求", ["t1000", "1000"]),
    # sizes (1024-based), percentages, weekdays, clock times
    ("8G", ["b8589934592"]), ("8 GB", ["b8589934592"]), ("8192MB", ["b8589934592"]), ("512Mi", ["b536870912"]),
    ("百分之八十", ["80%"]), ("80%", ["80%"]), ("90 percent", ["90%"]), ("七成", ["70%"]),
    ("百分之零点五", ["0.5%"]), ("周五", ["wd5"]), ("星期五", ["wd5"]), ("Fridays", ["wd5"]), ("星期天", ["wd7"]),
    ("每周一早上", ["wd1"]), ("凌晨两点", ["h2"]), ("2am", ["h2"]), ("02:00", ["h2"]), ("下午三点", ["h15"]),
    # counts: 千/百/万 compounds, 两, English words, k and thousands separators
    ("一千", ["1000"]), ("三百个", ["300"]), ("两万条", ["20000"]), ("一万五", ["15000"]), ("三百五", ["350"]),
    ("一千零五", ["1005"]), ("五百万行", ["5000000"]), ("两核", ["2"]), ("四核", ["4"]), ("two cores", ["2"]),
    ("twice", ["2"]), ("zero", ["0"]), ("1k", ["1000"]), ("1,000", ["1000"]), ("二〇二四", ["2024"]),
    # versions stay as written
    ("3.12", ["3.12"]), ("v1.2.3", ["1.2.3"]), ("Python 3.10", ["3.10"]),
    # not numbers: parts of words, the article 一, "a little" 一点, "very" 十分, idioms
    ("一直", []), ("统一", []), ("万一", []), ("一个坑", []), ("一次", []), ("一点", []), ("十分重要", []),
    ("千万不要", []), ("三四天", []), ("每周一次", []), ("4xx", []), ("e2e", []), ("one token", []),
    # a capital M after a number is a size, a small m minutes; SI style puts a space before the unit
    ("512M", ["b536870912"]), ("-Xmx512M", []), ("512m", ["t30720000"]), ("0.8 s", ["t800"]), ("2 h", ["t7200000"]),
    ("a quarter of an hour", ["t900000"]), ("quarter-hour", ["t900000"]), ("一刻钟", ["t900000"]),
    ("一刻也不能等", []), ("凌晨 3 点", ["h3"]), ("晚上 8 点", ["h20"]), ("it's 5 s long", ["t5000"]),
    # a calendar month by name is not a number of months ("may" is a verb far more often)
    ("in March", ["month3"]), ("三月份", ["month3"]), ("十二月", ["month12"]), ("三个月", ["mo3"]), ("you may", []),
    # an Arabic month or calendar year with 月/年 is the month or the year, not a duration
    ("7 月上线", ["month7"]), ("7 个月", ["mo7"]), ("13 月", ["mo13"]), ("2019 年迁移", ["2019"]), ("3 年", ["mo36"]),
    ("2019年", ["2019"]),
    # "N more minutes" is N minutes
    ("five more minutes", ["t300000"]), ("5 more minutes", ["t300000"]), ("3 extra days", ["t259200000"]),
    # a unit per unit of time after a number is a rate, not a path
    ("5 GB/day", ["b5368709120", "t86400000"]),
    # "and a half", compound durations (each part in a smaller unit), a year is 12 months
    ("an hour and a half", ["t5400000"]), ("one and a half hours", ["t5400000"]), ("1h30m", ["t5400000"]),
    ("1 hour 30 minutes", ["t5400000"]), ("1 hour and 30 minutes", ["t5400000"]), ("1小时30分钟", ["t5400000"]),
    ("2 days and a half", ["t216000000"]), ("2m30s", ["t150000"]), ("a fortnight", ["t1209600000"]),
    ("1 hour, 30 minutes", ["t3600000", "t1800000"]), ("3 ms and 2 s", ["t3", "t2000"]),
    ("1 year", ["mo12"]), ("12 months", ["mo12"]),
    # big words, times, dozens, ordinals, noon and midnight, gigs and megs
    ("2 million rows", ["2000000"]), ("two million", ["2000000"]), ("3 billion", ["3000000000"]),
    ("3x faster", ["3"]), ("3× faster", ["3"]), ("0x1F", []), ("4x4", []), ("a dozen workers", ["12"]),
    ("the third retry", ["3"]), ("the tenth", ["10"]), ("at midnight", ["h0"]), ("at noon", ["h12"]),
    ("8 gigs", ["b8589934592"]), ("512 megs", ["b536870912"]),
    ("a two-hour window", ["t7200000"]), ("a one-year cache header", ["mo12"]), ("a hundred", ["100"]),
    ("半个 G 内存", ["b536870912"]), ("半G", ["b536870912"]),
    ("an order of magnitude", ["10"]), ("two orders of magnitude", ["100"]), ("降一个数量级", ["10"]), ("10x", ["10"]),
])
def test_numbers_read_to_one_value(text: str, values: list[str]) -> None:
    assert [n.value for n in numbers(unicodedata.normalize("NFKC", text))] == values


@pytest.mark.parametrize("numeral, value", [
    ("三", 3), ("十", 10), ("十四", 14), ("二十三", 23), ("一百", 100), ("三百五", 350), ("一千二", 1200),
    ("一千零五", 1005), ("两万", 20000), ("一万五", 15000), ("一万五千", 15000), ("五百万", 5_000_000),
    ("二〇二四", 2024), ("三四", None), ("万", None), ("百十", None), ("", None), ("亿万", None),
])
def test_chinese_numerals(numeral: str, value: int | None) -> None:
    assert zh_int(numeral) == value


# -- what a text is made of -----------------------------------------------------------------------

@pytest.mark.parametrize("text, numbers_, idents, negated", [
    ("端口5432，版本v1.2.3", {"5432", "1.2.3"}, set(), False),
    ("set DATABASE_URL and --frozen-lockfile on py3", set(), {"database_url", "frozen-lockfile", "py3"}, False),
    ("不同的配置", set(), set(), False),  # 不同 does not negate
    ("不要用 npm", set(), set(), True),
    ("we don't deploy on friday", {"wd5"}, set(), True),
    ("别忘了先rebase", set(), set(), False),  # "don't forget" is a reminder, not a negation
    ("日志级别是INFO", set(), set(), False),  # 别 inside 级别
    ("pre-commit and user-facing are prose; CI/CD is an acronym pair", set(), set(), False),
    ("camelCase useEffect, not MySQL", set(), {"useeffect", "camelcase"}, True),
])
def test_specifics(text: str, numbers_: set[str], idents: set[str], negated: bool) -> None:
    s = specifics(text)
    assert (s.numbers, s.identifiers, s.negated) == (numbers_, idents, negated)


def test_keywords_drop_stopwords_filler_particles_and_negations() -> None:
    assert keywords("the deploy scripts are not running") == {"deploy", "script"}  # run: too common to count
    assert keywords("部署的脚本") == {"deploy", "script"} == keywords("the deploy script")
    assert keywords("Note: for future reference, heads-up") == frozenset()
    assert keywords("记住：提醒一下") == frozenset()
    assert keywords("") == frozenset()
    assert stem("lockfiles") == "lockfile" and stem("policies") == "policy" and stem("class") == "class"
    assert stem("dropped") == "drop" and stem("caches") == "cach" and stem("status") == "status"


@pytest.mark.parametrize("a, b", [
    ("folder", "directory"), ("db", "database"), ("k8s", "Kubernetes"), ("PostgreSQL", "postgres"),
    ("删掉", "删除"), ("数据库", "db"), ("钩子", "hook"), ("端到端", "end-to-end"), ("pull requests", "PRs"),
    ("times out", "timeout"), ("dislikes", "doesn't like"), ("retained", "kept"), ("回复", "回答"),
    ("W&B", "wandb"), ("Weights & Biases", "wandb"), ("北京时间", "Beijing time"), ("回填", "backfill"),
    ("补数", "回填"), ("评测", "eval"), ("权重", "weight"), ("经理", "manager"),
    ("不需要", "needs no"), ("省掉", "not needed"), ("蛇形命名", "snake case"), ("internal identifiers", "internal IDs"),
])
def test_interchangeable_words_read_as_one(a: str, b: str) -> None:
    assert keywords(a) == keywords(b) != frozenset()


# -- why a covered text is still new ------------------------------------------------------------------

@pytest.mark.parametrize("new, existing, says", [
    # negation scope: what is negated, not only whether
    ("Use npm, not pnpm, for deploys.", "Use pnpm, not npm, for deploys.", "negates what the entry asserts (pnpm)"),
    ("Cache POST responses, not GET responses.", "Cache GET responses, not POST responses.", "(GET)"),
    ("In the service layer, favor inheritance rather than composition.",
     "The team prefers composition over inheritance in the service layer.", "negat"),
    ("Migrations do not run automatically on deploy.", "Migrations run automatically on deploy.", "negates"),
    ("The user likes emojis in code comments.", "The user dislikes emojis in code comments.", "asserts"),
    ("VPN配置归我们管，不归运维团队。", "VPN配置归运维团队管，不归我们。", "swaps"),
    ("只在预发环境开Sentry，生产环境不开。", "Sentry只在生产环境开启，预发环境不开。", "negates what the entry asserts (prod)"),
    ("合并分支用rebase，不要用merge。", "更新功能分支用merge，不要rebase。", "asserts what the entry negates (rebase)"),
    ("Switch the deploy script from pnpm to npm.", "The deploy script uses pnpm, not npm.", "(npm)"),
    ("We picked npm over pnpm for deploys.", "Deploys use pnpm rather than npm.", "negates what the entry asserts (pnpm)"),
    ("Replace Redis with Memcached for sessions.", "Sessions are stored in Redis, not Memcached.", "(memcached)"),
    # a reversal across languages: the reason clause (因为/because) mentions the other tool again
    ("部署脚本必须用npm，不能用pnpm，因为pnpm会破坏lockfile。",
     "The deploy script must use pnpm instead of npm because npm breaks the lockfile.", "(pnpm)"),
    # order and direction
    ("Run database migrations after deploying the new code.",
     "Run database migrations before deploying the new code.", "reverses the order"),
    ("Migrate the user service from Postgres to MySQL.", "Migrate the user service from MySQL to Postgres.",
     "reverses the direction of postgres and mysql"),
    ("先部署新代码，再跑数据库迁移。", "先跑数据库迁移，再部署新代码。", "reverses the order"),
    ("Store uploaded avatars in the S3 bucket, thumbnails on local disk.",
     "Store uploaded avatars on local disk, thumbnails in the S3 bucket.", "swaps"),
    ("读操作走主库，写操作走从库。", "写操作走主库，读操作走从库。", "swaps"),
    # one content word swapped
    ("The e2e suite runs against the production environment.",
     "The e2e suite runs against the staging environment.", "names prod where the entry names staging"),
    ("Run the visual regression tests in Firefox before each release.",
     "Run the visual regression tests in Chrome before each release.", "names firefox"),
    ("订单表的email字段要加唯一索引。", "用户表的email字段要加唯一索引。", "has order where the entry has user"),
    ("日志表按月分区。", "流水表按月分区。", "has log where the entry has 水"),
    ("配置文件的修改要先在测试群里通知。", "配置文件的修改要先在运维群里通知。", "where the entry has"),
    ("Error messages shown to users must not include internal IDs.",
     "Error messages shown to users must not include stack traces.", "where the entry has stacktrace"),
    ("The user prefers large, detailed pull requests with a clear description and a test plan.",
     "The user prefers small, focused pull requests with a clear description and a test plan.", "(size)"),
    # numbers the old reader did not read
    ("覆盖率低于百分之七十时CI失败。", "覆盖率低于百分之八十时CI失败。", "70%"),
    ("周四下午三点以后不要往生产环境发布上线。", "周五下午三点以后不要往生产环境发布上线。", "(wd4)"),
    ("压测目标：订单服务每秒三百个请求。", "压测目标：订单服务每秒一千个请求。", "300"),
    ("Image uploads are limited to 10 GB.", "Image uploads are limited to 10 MB.", "10 GiB"),
    # flags, settings, exceptions, added clauses
    ("Set DEBUG=true in the production config of the API service.",
     "Set DEBUG=false in the production config of the API service.", "(boolean)"),
    ("Run pnpm install --no-frozen-lockfile in CI.", "Run pnpm install --frozen-lockfile in CI.", "identifier"),
    ("Dependabot PRs are auto-merged into main when CI passes.", "Dependabot PRs are auto-merged into main.",
     "adds a condition the entry does not have (if/when ci pass)"),
    ("合并PR一律用squash merge合到main，保留提交说明，release分支除外。",
     "合并PR一律用squash merge合到main，保留提交说明。", "exception"),
    ("Image uploads from the mobile app are limited to 10 MB per file and must be JPEG or PNG.",
     "Image uploads from the mobile app are limited to 10 MB per file.", "adds what the entry does not say (jpeg png)"),
])
def test_a_covered_text_that_changes_a_fact_is_new(new: str, existing: str, says: str) -> None:
    verdict = judge(new, existing)
    assert verdict.coverage >= 0.7, verdict  # the words are there: only the check tells it apart
    assert not verdict.duplicate and says in verdict.reason, verdict.reason


@pytest.mark.parametrize("new, existing", [
    # the same fact written another way: none of the checks above may fire
    ("CI半小时就超时，所有测试要在这个时间内跑完。", "CI超时时间是三十分钟，整个测试套件必须在这之内跑完。"),
    ("Session tokens stay valid for two weeks, then expire.", "Session tokens expire after 14 days."),
    ("The health check times out after 60s.", "Health check timeout: 1 minute."),
    ("压测目标是订单服务每秒1000个请求。", "压测目标：订单服务每秒一千个请求。"),
    ("Use pnpm, not npm, in the deploy script: npm corrupts the lockfile.",
     "The deploy script must use pnpm instead of npm because npm breaks the lockfile."),
    ("No emojis in code comments; the user doesn't like them.", "The user dislikes emojis in code comments."),
    ("Keep answers short; no long explanations.", "The user wants short answers without long explanations."),
    ("Don't merge until CI passes.", "Merge only after CI is green."),
    ("npm and pnpm lockfiles are incompatible.", "pnpm and npm lockfiles are incompatible."),
    ("Use tabs for Go and spaces for YAML.", "Use spaces for YAML and tabs for Go."),
    ("Coverage reports are optional in local runs.", "Coverage reports are not required for local runs."),
    ("别忘了：推送前先rebase到main。", "推送前先rebase到main。"),
    ("Deploy only after the migrations run.", "Run the migrations before deploying."),
    ("PostgreSQL 16 runs in staging.", "Staging runs Postgres 16."),
    ("Vite builds the frontend. The webpack config under /legacy is dead.",
     "Frontend builds with Vite; the old webpack config in /legacy is unused."),
    ("When committing, run make lint first.", "Run make lint before every commit."),
    ("The cache is invalidated when the config changes.", "Config changes invalidate the cache."),
    ("每次改完配置都要重启服务才能生效。", "修改配置后需要重启服务，否则不会生效。"),  # 否则 + 不: a double negative
    ("周末不要发版。", "禁止在周末发布新版本。"),  # both negate releasing at weekends
    ("会话令牌的有效期是两周。", "Session tokens expire after 14 days."),  # across languages
    ("Builds must be reproducible; pin every dependency.", "Pin all dependencies so the build can reproduce."),
])
def test_rewordings_pass_every_check(new: str, existing: str) -> None:
    verdict = judge(new, existing)
    assert verdict.duplicate, verdict.reason


@pytest.mark.parametrize("a, b, same", [
    ("postgres", "postgresql", True), ("reproduce", "reproducible", True), ("compile", "compilation", True),
    ("configure", "configuration", True), ("general", "generate", False), ("install", "instance", False),
    ("describe", "description", False),
])
def test_word_forms(a: str, b: str, same: bool) -> None:
    from memsync.dedupe.text import related

    assert related(a, b) is same and related(b, a) is same


def test_the_threshold_is_the_share_of_new_keywords() -> None:
    new, old = "Log files rotate every day and are retained for one week.", "Logs are rotated daily and kept for 7 days."
    share = judge(new, old).coverage
    assert 0.7 <= share < 1.0
    assert judge(new, old, threshold=share).duplicate
    assert not judge(new, old, threshold=min(1.0, share + 0.01)).duplicate


# -- bad input --------------------------------------------------------------------------------------

def test_empty_new_text_is_never_a_duplicate() -> None:
    assert not judge("", "anything at all").duplicate
    assert not judge("!!!", "anything").duplicate
    assert not judge("the and of", "the and of").duplicate  # stopwords only: nothing to cover


@pytest.mark.parametrize("text", [
    "9" * 400 + " seconds", "一" * 500 + "个", "\x00\x01 abc \x00 12 \ud800", "不" * 2000, "not " * 3000,
    "从" * 1000 + "到" * 1000, "--" * 500, "a.b.c." * 1000, "先再" * 1000 + "前后" * 1000,
])
def test_hostile_text_is_judged_without_error(text: str) -> None:
    verdict = judge(text, text)
    assert isinstance(verdict.duplicate, bool) and 0.0 <= verdict.coverage <= 1.0
    assert judge(text + " Postgres on port 1", text).duplicate is False


def test_texts_over_the_limit_are_compared_exactly() -> None:
    body = "Deploy with pnpm. " * (MAX_JUDGED_CHARS // 18 + 10)
    same = judge(body, " ".join(body.split()).upper())  # case and spacing differ only
    assert same.duplicate and "compared exactly" in same.reason
    changed = judge(body + " Use yarn.", body)
    assert not changed.duplicate and "compared exactly" in changed.reason


def test_reading_is_cached_but_pure() -> None:
    new, old = "Staging Postgres listens on port 5433.", "Postgres in staging listens on port 5433"
    first = judge(new, old)
    read.cache_clear()
    assert judge(new, old) == first and judge(new, old) == first


# -- end to end: the remember gate ------------------------------------------------------------------

@pytest.fixture
def root(tmp_path: Path) -> Path:
    from memtree import write_entry

    from memsync.build import compile_root, init_root
    from memsync.roots import Root

    path = tmp_path / "mem"
    init_root(Root.at(path), ["facts", "decisions"])
    write_entry(path, "facts/ci-timeout", "CI超时时间是三十分钟", body="整个测试套件必须在这之内跑完。\n",
                created=1791600000000, updated=1791600000000)
    write_entry(path, "decisions/coverage-gate", "覆盖率低于百分之八十时CI失败", kind="decision",
                created=1791600000000, updated=1791600000000)
    compile_root(Root.at(path))
    return path


def test_remember_refuses_a_paraphrase_and_writes_a_near_miss(root: Path, cli) -> None:
    from memtree import snapshot

    before = snapshot(root)
    with pytest.raises(service.Duplicate) as info:
        service.remember("CI半小时就超时，所有测试要在这个时间内跑完", category="facts", root=root)
    assert info.value.existing == "facts/ci-timeout" and snapshot(root) == before
    code, out, err = cli("remember", "--category", "decisions", "--summary", "测试覆盖率不到80%的话CI会失败",
                         "--root", str(root))
    assert code == 1 and "decisions/coverage-gate already says this" in err and snapshot(root) == before
    # a different percentage says something new: written
    written = service.remember("覆盖率低于百分之七十时CI失败", category="decisions", root=root)
    assert (root / f"{written.id}.md").is_file()
    assert dedupe.judge("覆盖率低于百分之七十时CI失败", "覆盖率低于百分之八十时CI失败").reason.endswith("(70%)")


# Pairs written from descriptions of each check (not taken from any labelled set).
@pytest.mark.parametrize("label, new, existing, what", [
    ("near", "Switch the context with `kubectx prod-us` before applying",
     "Switch the context with `kubectx prod` before applying", "a code span the entry does not spell"),
    ("dup", "Run `make lint` before pushing", "Before pushing, run make lint", "a code span the entry spells in prose"),
    ("dup", "Pass `--frozen-lockfile` to pnpm install in CI", "CI runs pnpm install --frozen-lockfile",
     "a code span the entry spells in prose"),
    ("near", "One reviewer must approve a release", "Two reviewers must approve a release", "a count word"),
    ("near", "发布前需要一个人审批", "发布前需要两个人审批", "a count word (zh)"),
    ("dup", "A single worker handles the queue", "One worker handles the queue", "both count one"),
    ("near", "告警同时发到钉钉和 PagerDuty", "告警发到钉钉", "a list gains a member (zh)"),
    ("near", "Alerts go to Slack and PagerDuty", "Alerts go to Slack", "a list gains a member (a name)"),
    ("dup", "Build the image and push it to the registry", "Build the image, then push it to the registry",
     "an and joining clauses is no list"),
    ("near", "读写 CSV 文件要指定编码", "读写文件要指定编码", "a name narrows a shared phrase"),
    ("near", "Compress JPEG images before upload", "Compress images before upload", "a name narrows a shared phrase"),
    ("near", "Type hints are required everywhere, tests included", "Type hints are required except in tests",
     "the exception dropped"),
    ("dup", "The worker has a 512M memory limit", "The worker's memory limit is 512MB", "a capital M is a size"),
    ("dup", "The p99 budget is 0.8 s", "The p99 budget is 800 ms", "decimal seconds"),
    ("dup", "Tokens expire after a quarter of an hour", "Tokens expire after 15 minutes", "a quarter of an hour"),
    ("dup", "令牌一刻钟后过期", "令牌15分钟后过期", "一刻钟"),
    ("dup", "Never log user IDs", "Never log the user ID", "a plural acronym"),
    ("dup", "Never run migrations by hand in production", "在生产环境里永远不要手动跑 migrations",
     "a negation whose reach differs between the scripts"),
    ("near", "warm up the long lived memory", "端口的预热需要内存", "two concepts shared across scripts, one missing"),
    ("near", "After editing dependencies run `poetry lock --no-update`", "After editing dependencies run `poetry lock`",
     "a flag is code even when it reads as a word"),
    ("near", "每次改依赖后跑 poetry lock --no-update", "每次改依赖后跑 poetry lock", "a flag (zh)"),
    ("near", "Invoices are keyed by account_id", "Invoices are keyed by user_id; each account has many users",
     "an identifier is not its parts scattered over other words"),
    ("dup", "Read the DATABASE_URL from the environment", "The database URL is read from the environment",
     "an identifier spelled as words"),
    ("near", "Cache API responses in the mobile app too", "Cache API responses in the web app",
     "it holds for more (too)"),
    ("near", "覆盖率统计 src/ 和 tools/ 目录", "覆盖率统计 src/ 目录", "a path added to a list"),
    ("dup", "We moved from Jenkins to GitHub Actions in March", "三月份从 Jenkins 迁到了 GitHub Actions",
     "a month by name across scripts"),
    ("dup", "Mutating the props object is off-limits", "Never mutate the props object", "off-limits is a negation"),
    ("dup", "Secrets stay in Vault, never in .env files committed to git", "密钥放在 Vault，绝不写进提交到 git 的 .env 文件",
     "a dot-file's dot is no full stop"),
    ("dup", "Build paths with `os.path.join`", "Use os.path.join to build paths", "a code span spelled word by word"),
    ("near", "After changing dependencies run uv lock --upgrade, the lockfile is updated", "After changing dependencies "
     "run uv lock; the lockfile is updated", "a flag matches as itself, not through a word elsewhere"),
    ("near", "迁移脚本不要求可回滚", "迁移脚本必须可回滚", "不要求 is optional"),
    ("near", "日志里不能有手机号，银行卡号要整段替换成星号", "日志里不能有手机号", "a clause that is mostly new"),
    ("dup", "Run the linter before pushing.", "推送之前先跑代码检查。", "a short note found whole across scripts"),
    ("dup", "The orders table was sharded in 2021", "订单表在 2021 年做了分片", "a calendar year with 年"),
    ("near", "The orders table was sharded in 2021", "订单表在 2020 年做了分片", "another calendar year"),
    ("dup", "支付服务 3 月切到了新网关", "The payment service moved to the new gateway in March", "an Arabic month with 月"),
    ("near", "支付服务 3 个月后切到新网关", "The payment service moves to the new gateway in March",
     "a duration in months is no month"),
    ("dup", "Wait five more minutes, then page the lead", "Wait another 5 minutes, then page the lead",
     "N more minutes"),
    ("dup", "The ingest job writes 3 TB/day to the lake", "The ingest job writes three TB a day to the lake",
     "a rate is no path"),
    ("near", "The ingest job writes 3 TB/day to the lake", "The ingest job writes 3 TB/hour to the lake",
     "another rate"),
    ("dup", "Benchmarks run on H100s only", "Benchmarks run only on the H100", "a plural model name"),
    ("near", "Benchmarks run on H100s only", "Benchmarks run only on the A100", "another model name"),
    ("dup", "Verify the signature with `verify_header` first", "First verify the signature with "
     "acme.webhooks.verify_header", "the identifier tail of a qualified name"),
    ("near", "Verify the signature with `verify_body` first", "First verify the signature with "
     "acme.webhooks.verify_header", "another function of the module"),
    ("dup", "上传只接受 gif、webp、avif", "Uploads accept only gif/webp/avif", "a slash-joined list is its members"),
    ("near", "上传只接受 gif、webp、avif、bmp", "Uploads accept only gif/webp/avif", "a member added to a slash list"),
    ("dup", "Metrics go to grafana-prod/billing-v3", "Metrics go to the billing-v3 dashboard in grafana-prod",
     "a slash-joined identifier whose segments the entry spells"),
    ("dup", "No retries for requests shorter than 2 s", "Retries are off for requests shorter than 2 s",
     "'X is off' negates X"),
    ("near", "Retries are on for requests shorter than 2 s", "Retries are off for requests shorter than 2 s",
     "off against on"),
    ("dup", "Language comes from profile.language, falling back to the browser language",
     "语言取 profile.language，没填就用浏览器语言", "a negation before 就 is a condition"),
    ("near", "头像取 profile.avatar，没填就不显示", "头像取 profile.avatar，为空时显示默认图",
     "a negation after 就 still counts"),
    ("dup", "Python 3.12 needs no backport of tomllib", "Python 3.12 不需要 tomllib 的 backport",
     "needs no is optional"),
    ("near", "No need to restart the worker after a deploy", "Restart the worker after a deploy",
     "optional where the entry asks for it"),
    ("near", "部署后要重启 worker", "部署后无需重启 worker", "asked for where the entry says optional"),
    ("dup", "换成 uv 以后省掉了 pip-tools", "Since the move to uv pip-tools is not needed", "省掉 is optional"),
    ("dup", "Set shuffle partitions to 400 for the daily job", "The daily job sets spark.sql.shuffle.partitions=400",
     "an identifier spelled out in words is no substitute for it"),
    ("near", "Set the driver memory to 400 for the daily job", "The daily job sets spark.sql.shuffle.partitions=400",
     "another setting"),
    ("dup", "Eval runs set seed 42 plus cudnn.deterministic", "Eval runs set seed 42 and torch.backends.cudnn.deterministic",
     "a qualified name's tail names it"),
    ("dup", "The sync job runs at 02:00 Beijing time", "同步任务在北京时间凌晨两点跑", "a place name is no participle"),
    ("near", "The sync job runs at 02:00 Beijing time", "The sync job runs at 02:00 UTC", "another time zone"),
    ("near", "Every endpoint needs rate limiting, even internal ones", "Public endpoints need rate limiting",
     "even: it holds more widely"),
    ("near", "所有接口都要限流，包括内部接口", "对外接口要限流", "包括: it holds more widely (zh)"),
    ("near", "Squash when merging, hotfix or not", "Squash when merging feature branches", "X or not"),
    ("dup", "Feature branches are squashed on merge", "Squash when merging feature branches",
     "no widening word: a rewording"),
    ("near", "Every log line is shipped to Loki", "Only error log lines are shipped to Loki",
     "the entry's only dropped for every"),
    ("dup", "Only error log lines go to Loki", "Loki receives only the error log lines", "only kept on both sides"),
    ("near", "Thumbnails resize with ?size=", "Thumbnails resize with ?s=", "a query parameter is code"),
    ("dup", "Thumbnails resize via the `s` param, max 512", "Thumbnails resize with ?s=; max 512",
     "a query parameter written by its name"),
    ("near", "Roll back with deployctl rollback --to stable", "Roll back with deployctl rollback --to previous",
     "a flag's value is code"),
    ("dup", "Roll back with `deployctl rollback --to previous`", "To roll back run deployctl rollback --to previous",
     "the same flag value"),
    ("near", "读请求走从库，写请求走主库", "读请求走主库，写请求走从库\n从库有秒级延迟，读自己刚写的数据会读不到。",
     "two words trade places in the entry's opening sentence"),
    ("dup", "读请求走主库，写请求也走主库", "读请求走主库，写请求走主库\n从库有秒级延迟。",
     "the entry's opening said again"),
    ("near", "Never send anything to the legacy queue", "Never send invoices to the legacy queue; it drops messages",
     "anything where the entry names what"),
    ("dup", "Never send invoices to the legacy queue", "Invoices must never be sent to the legacy queue",
     "the same thing named"),
    ("near", "Admin pages and admin APIs need SSO", "Admin pages need SSO; the proxy enforces it",
     "a list member after the modifier the first item has"),
    ("dup", "Admin pages need SSO and the proxy enforces it", "Admin pages need SSO; the proxy enforces it",
     "an and joining clauses"),
    ("dup", "导出任务只能跑在 batch 节点上", "导出任务必须跑在 batch 节点上", "只能 is a requirement, as 必须"),
    ("near", "导出任务只在周末跑在 batch 节点上", "导出任务必须跑在 batch 节点上", "a restriction that is no modal"),
    ("dup", "Search boosts: `title^3`, `brand^2`", "Search boosts title ^3 and the brand field ^2",
     "a code span's digits are numbers"),
    ("near", "Search boosts: `title^3`, `brand^4`", "Search boosts title ^3 and the brand field ^2",
     "another number in the code span"),
    ("dup", "Reload with _reload_search_analyzers after editing synonyms",
     "After editing synonyms, POST /products/_reload_search_analyzers", "a path's last segment names it"),
    ("dup", "Pre-2019 invoices are archived to S3", "Invoices from before 2019 are archived to S3", "pre-N is before N"),
    ("near", "Pre-2018 invoices are archived to S3", "Invoices from before 2019 are archived to S3",
     "pre-N reads N"),
    ("near", "只有 staging 和 dev 会自动部署", "staging、dev 和 preview 会自动部署", "only keeps part of the entry's list"),
    ("near", "Only minor updates are merged automatically", "Minor and patch updates are merged automatically",
     "only keeps part of the entry's list (en)"),
    ("dup", "Only minor and patch updates are merged automatically", "Minor and patch updates are merged automatically",
     "only keeps the whole list"),
    ("near", "The API logs at debug level in production", "The API logs at info level in production",
     "log levels are a closed class"),
    ("near", "Bump the patch version for a bug fix", "Bump the minor version for a bug fix",
     "version parts are a closed class"),
    ("dup", "For a bug fix bump the patch version", "Bug fixes bump the patch version", "the same version part"),
    ("dup", "表名一律用 snake_case", "数据库表名一律用蛇形命名", "蛇形命名 is snake_case"),
    ("near", "表名一律用 camelCase", "数据库表名一律用蛇形命名", "camel case is not snake case"),
    # what a flip needs: the word stated positively, outside a negative clause and a consequence
    ("dup", "Don't put batch jobs on the default queue, otherwise interactive jobs starve",
     "Batch jobs on the default queue starve the interactive jobs", "a prohibition said as its consequence (starve)"),
    ("dup", "批处理任务别放 default 队列，否则交互任务会被饿死", "批处理任务放在 default 队列会把交互任务饿死",
     "a prohibition said as its consequence (饿死)"),
    ("near", "批处理任务放在 default 队列", "批处理任务别放 default 队列，否则交互任务会被饿死",
     "the entry's prohibition asserted"),
    ("dup", "Commit the lockfile; CI fails when it is missing", "Commit the lockfile, otherwise CI fails",
     "a consequence after otherwise is not asserted"),
    ("dup", "Never run terraform apply by hand against prod", "不要手动对 prod 跑 terraform apply",
     "a negation reaching a word further along"),
    ("near", "Run terraform apply by hand against prod", "Never run terraform apply by hand against prod",
     "a negated word asserted"),
    ("dup", "The docs site moved from Jekyll to Hugo", "The docs site is built with Hugo instead of Jekyll",
     "the source of a change is not asserted"),
    ("near", "The docs site is built with Jekyll, not Hugo", "The docs site moved from Jekyll to Hugo",
     "the target of a change negated"),
    ("near", "Lint with flake8, not ruff", "We prefer ruff over flake8 for linting",
     "a contrast's preferred side negated"),
    ("dup", "Admin routes need the auth decorator; without it any user can call them",
     "Admin routes need the auth decorator, otherwise any user can call them", "without it: a harm's condition, not a negation"),
    ("dup", "绝对不要在 local 对 prod 跑 migrate", "Never run migrate locally against prod",
     "a negation before a preposition reaches the clause"),
    ("dup", "Lint config lives in pyproject.toml, and flake8 is banned by the pre-commit hooks",
     "Lint config lives in pyproject.toml; the pre-commit hooks forbid flake8", "banned by: the clause is negative"),
    ("dup", "`eval` is banned by eslint in the frontend", "eslint 禁止前端代码使用 eval",
     "banned by eslint across scripts"),
    ("near", "eslint 允许前端代码使用 eval", "`eval` is banned by eslint in the frontend",
     "allowed where the entry bans"),
    ("dup", "Without a BOM Excel garbles Chinese in CSV exports, so write them as utf-8-sig",
     "CSV exports need a BOM, otherwise Excel garbles Chinese; write utf-8-sig", "a negation in a clause that states a harm (garbles)"),
    # substitution: two names (or class members) in one slot, not a name against an ordinary word
    ("dup", "Report SQL must not use SELECT *: the events table has 80 columns",
     "No SELECT * in report queries, because the events table has 80 columns", "a name against an ordinary word in one slot (SQL / queries) is no swap"),
    ("dup", "On Apple Silicon Macs, build images with --platform linux/amd64",
     "Images must be built with --platform linux/amd64 on Apple Silicon laptops", "a class member against an ordinary word (macOS / laptops) is no swap"),
    ("near", "Error pages must not show internal IDs",
     "Error pages must not show stack traces", "one slot of an otherwise identical text, a name on one side"),
    ("near", "Tokens are issued by Okta in staging",
     "Tokens are issued by Keycloak in staging", "two names in one slot"),
    ("near", "Store timestamps in PST",
     "Store timestamps in UTC", "time zones are a closed class"),
    ("near", "时间一律按北京时间存库",
     "时间一律按 UTC 存库", "北京时间 is a time zone"),
    ("near", "Enable tracing per request with the X-Trace header",
     "Enable tracing per request with the trace header", "a header name is an identifier"),
    ("dup", "Set LOG_LEVEL=debug locally; the debug output is dropped in prod",
     "Set LOG_LEVEL=debug locally; the debug logs are dropped in prod", "an identifier's capitals do not make its parts names"),
    ("near", "Mailgun sending keys are per region; EU keys fail on the US endpoint",
     "Postmark server tokens are per region; EU keys fail on the US endpoint", "two names opening an otherwise identical text (one slot)"),
    ("dup", "Mailgun sending keys are per region; EU keys fail on the US endpoint",
     "Sending keys are per region in Mailgun; EU keys fail on the US endpoint", "the same name, placed elsewhere"),
    ("near", "评测脚本不需要设 PYTHONHASHSEED",
     "Eval scripts set PYTHONHASHSEED before starting", "unnecessary what the entry does (the verb 设 is not compared)"),
    ("near", "服务日志输出纯文本格式",
     "Service logs are written in JSON format", "plain text is a data format"),
    ("near", "SES sending limits are per region; a new region starts in the sandbox",
     "SMTP relay limits are set per region, and a new region starts in the sandbox", "the subjects are different names"),
    ("dup", "SES sending limits are per region; a new region starts in the sandbox",
     "Sending limits in SES are set per region, and a new region starts in the sandbox", "the same subject, placed elsewhere"),
    # conditions and restrictions, non-negating 差不多, 但 as a clause boundary
    ("dup", "Convert times to the local zone only when the frontend displays them",
     "时间只在前端展示时转成本地时区", "only when is a restriction, as 只在…时"),
    ("near", "Convert times to the local zone only when the frontend displays them",
     "Convert times to the local zone when they are stored", "only when the entry has no restriction"),
    ("dup", "全量测试差不多要跑 20 分钟",
     "全量测试大约要跑 20 分钟", "差不多 is about, no negation"),
    ("near", "全量测试差不多要跑 20 分钟，不用每次提交都跑",
     "全量测试大约要跑 20 分钟，每次提交都要跑", "a real negation next to 差不多"),
    ("near", "/v1 已经废弃但还没下线",
     "/v1 已经废弃并且下线了", "但 opens a clause, as but does"),
    ("dup", "新建仓库时默认分支叫 main",
     "仓库的默认分支叫 main", "新建X时 is the occasion of a rule about X"),
    ("near", "迁移仓库到 GitLab 时默认分支叫 main",
     "仓库的默认分支叫 main", "a condition that is more than making the thing"),
    ("dup", "/v1 接口已经废弃但还没下线",
     "/v1 接口已经废弃了，还没有下线", "但 opens a clause (the negation reaches only its own)"),
    # all but X is only X; HTTP reason phrases
    ("dup", "导出的手机号除了后四位都要打码",
     "导出的手机号只保留后四位，其余打码", "all but X (除了…都) is only X"),
    ("near", "只能从 main 部署，hotfix 分支除外",
     "只能从 main 部署", "an exception added to a rule that restricts"),
    ("near", "Deploy from main, except hotfixes",
     "Deploy only from main", "an exception where the entry says only"),
    ("dup", "Mask every digit of the card number except the last four",
     "Show only the last four digits of the card number, mask the rest", "every … except is no widening"),
    ("dup", "The API answers 429 Too Many Requests past 100 requests a minute",
     "Past 100 requests a minute the API answers 429", "a status code's reason phrase is its name"),
    ("near", "The API answers 503 Service Unavailable past 100 requests a minute",
     "Past 100 requests a minute the API answers 429", "another status code, named"),
    # a freeze negates; Esc
    ("dup", "Mobile app release freeze over the holidays",
     "No mobile app releases over the holidays", "a freeze on X forbids X"),
    ("near", "Mobile app releases go out over the holidays",
     "Mobile app release freeze over the holidays", "asserted where the entry freezes"),
    ("dup", "Press Esc to close the search dialog",
     "Escape closes the search dialog", "Esc is the Escape key"),
    # a head noun's modifier is written right before it; word forms
    ("dup", "报表查询只选用到的列",
     "报表查询只取需要的列", "a verb before a head noun, words between, is no modifier (取…的列)"),
    ("near", "会话表每晚清理过期数据",
     "日志表每晚清理过期数据", "a modifier written right before its head (会话表)"),
    ("near", "Sessions are cleaned from the staging db every night",
     "Sessions are cleaned from the analytics db every night", "a modifier right before its head (staging db)"),
    ("dup", "登录成功后刷新 refresh token",
     "Refresh tokens are rotated after a successful login", "successful is pass (成功)"),
    ("dup", "Benchmarks only reproduce with the fixed seed 42",
     "Benchmarks are reproducible with the fixed seed 42", "reproducible is reproduce"),
    # negative numbers; key=value
    ("near", "Run the backup job with nice -5",
     "Run the backup job with nice 5", "a minus sign is read (-5 is not 5)"),
    ("dup", "Staging runs 1-2 replicas of the API",
     "Run 1-2 replicas of the API in staging", "a range's hyphen is no minus sign"),
    ("near", '重试次数 retries="-1" 表示不限，timeout="0" 表示不超时',
     '重试次数 retries="0" 表示不限，timeout="-1" 表示不超时', 'values traded between keys (key="value" is one clause)'),
    ("dup", 'Set workers="4" in gunicorn.conf',
     'In gunicorn.conf, set workers = 4', 'key="value" and key = value'),
    # removal negates (X was removed, X 被删除)
    ("dup", "The repo has no Makefile anymore",
     "The Makefile was removed from the repo", "no X = X was removed"),
    ("near", "Keep the Makefile for the release script",
     "The Makefile was removed; the release script uses just", "kept where the entry removed it"),
    ("dup", "We dropped the nightly build and the weekly build",
     "The nightly and weekly builds were removed", "active dropped, passive removed"),
    ("dup", "旧的 nightly 构建任务已经被删除了",
     "The old nightly build job was deleted", "被删除 is was deleted"),
    ("near", "旧的 nightly 构建任务还在跑",
     "The old nightly build job was deleted", "still running where the entry deleted it"),
    ("dup", "Staging logs at info level; verbose traces are dropped",
     "Staging defaults to info and verbose traces are dropped", "a list does not reach across a preposition (to info and …)"),
    # a negated word and its opposite said plainly agree: 不要开启 = 关闭, never unpinned = pin
    ("dup", "生产环境必须关闭调试模式", "生产环境不要开启调试模式", "must close / don't enable"),
    ("near", "生产环境必须开启调试模式", "生产环境不要开启调试模式", "must enable / don't enable"),
    ("dup", "Always pin the Node version in CI", "Never use an unpinned Node version in CI",
     "a double negative: never unpinned = pin"),
    ("near", "Use an unpinned Node version in CI", "Never use an unpinned Node version in CI",
     "the same word negated on one side only"),
    # round 5: a universal determiner over the noun whose modifier opens the entry's clause widens it
    ("dup", "Every report endpoint returns gzip responses", "Report endpoints return gzip responses",
     "every X / X (no modifier in the entry): the same rule"),
    ("dup", "Every staging deploy posts a message to Slack", "Staging deploys post a message to Slack",
     "every staging deploy / staging deploys: the new text keeps the entry's modifier"),
    # round 5: a list member set before the one the entry names (Chinese 和/、, or a name), and a
    # list of phrases that repeat their preposition ("from the VPN and from CI runners")
    ("near", "构建在 CI 里要开缓存，本地随意", "构建在 CI 里要开缓存",
     "本地随意 put after the entry's words is new (and no list: see the test below)"),
    ("dup", "Deploys are announced in Slack and in the release notes",
     "Each deploy is announced in Slack and listed in the release notes", "in X and in Y: both members are the entry's"),
    # round 5: a setting's value (key=value) is code, as a flag's is: another value is another setting
    ("dup", "In CI the build cache is configured with type=registry", "The build cache uses type=registry in CI",
     "the same key=value, the sentence built otherwise"),
    # round 5: an "only" moved onto a word the entry says without restricting it narrows another thing
    ("dup", "The admin API needs a token; only the CDN serves the public API",
     "The admin API needs a token; the public API is only served from the CDN", "only on the same clause's words"),
    ("dup", "Only mode=max caches the intermediate stages", "mode=max 才会缓存中间 stage", "X 才 Y restricts X as only does"),
    # round 5: a prerequisite step (先 / first) where the entry orders nothing
    ("dup", "Before tagging, first let CI sign the release build", "Release builds are signed in CI before tagging",
     "the entry's own order, worded with first"),
    # round 5: a prohibition added as a further clause about what the entry never mentions
    ("dup", "Deploys go through the release pipeline and never by hand", "Deploys go through the release pipeline, not by hand",
     "the entry's own prohibition, joined by and"),
    # round 5: the identifier opening the entry's clause dropped where the new text says every/all
    ("dup", "In eu-west-1 every project gets a 500 GB bucket quota", "eu-west-1 bucket quota is 500 GB per project",
     "every project, the entry's identifier kept"),
    # round 5: what a negation forbids is a list too: a member added to it is a new prohibition
    ("near", "Never store raw card numbers or bank routing details in the logs", "Never store raw card numbers in the logs",
     "never X or Y / never X"),
    ("dup", "Never store raw card numbers in the logs or in analytics events",
     "Raw card numbers must never be stored in the logs or in analytics events", "both members are the entry's"),
    # round 5: "only after X" is an order; where the entry orders the steps it restricts nothing
    ("dup", "Merge the PR only after the diff is reviewed", "Review the diff, then merge the PR", "only after / then"),
    ("near", "Merge the PR only after the diff is reviewed", "Merge the PR once the diff looks fine",
     "only after, where the entry orders nothing: still a restriction"),
    # round 5: a list said of all together where the entry says different things of its members
    ("dup", "日志和指标都保留 30 天", "日志保留 30 天，指标也保留 30 天", "the entry says the same of both"),
    ("dup", "Both the API and the worker images use Alpine", "The API image uses Alpine; the worker image does too",
     "both X and Y / X …; Y too"),
    # round 5: can't / won't read as can not / will not (no "ca" keyword), and a negated verb with a
    # pronoun object ("can't overwrite it") does not negate the clause's topic
    ("dup", "Only tags deploy to production; deploys from feature branches go to the preview cluster and can't touch it.",
     "Feature branches deploy to the preview cluster, so a feature branch can't touch production; only tags deploy to "
     "production.", "can't touch it: the pronoun is the object, the preview cluster is not negated"),
    ("near", "Release tags are protected, so a pull request can overwrite them; CI pushes tags to the release branch",
     "CI pushes tags to the release branch; release tags are protected and cannot be overwritten by a pull request",
     "can / cannot"),
    # round 5: a time-out, a hang or a crash is a harm: a negation in its clause is its condition
    ("dup", "不加 --keepalive 上传会超时，所以一定要加", "上传要加 --keepalive，不然会超时", "不加 X 会超时 = 要加 X"),
    ("dup", "Without --keepalive the upload times out, so always pass it",
     "Pass --keepalive to the upload, otherwise it times out", "without X it times out = pass X"),
    ("near", "上传不要加 --keepalive", "上传要加 --keepalive，不然会超时", "a prohibition, no harm stated"),
    # … and a lone character before 、/和 (停住、请求) ends a verb: no list member
    ("dup", "不加 --keepalive 会让上传停住、请求超时，所以一定要加", "上传要加 --keepalive，不然请求会超时",
     "停住、请求超时: two clauses, not a list"),
    # round 5: 只要 without a 就 is "only needs" (a restriction, as 只); 只要 X 就 Y is a condition
    ("dup", "GitHub app 的权限只要 contents 和 metadata", "GitHub app 只申请 contents 和 metadata 两个权限",
     "只要 X 和 Y = 只申请 X 和 Y"),
    ("near", "只要 CI 通过，PR 就自动合并", "PR 会自动合并", "只要 X，就 Y: a condition the entry does not have"),
    # round 5: a negation inside a reason (because …, 为了 …) is why, not what the text asks
    ("dup", "Run migrations in a separate job, because the app container should not hold the DDL lock",
     "Run migrations in a separate job; an app container holding the DDL lock blocks restarts", "because … should not"),
    ("dup", "为了改代码后不用重装依赖，Dockerfile 先拷 requirements.txt 再拷源码",
     "Dockerfile 先拷 requirements.txt 再拷源码，顺序反了每次改代码都要重装依赖", "为了不用 X: a purpose"),
    ("near", "Don't run migrations in a separate job, because the app container should not hold the DDL lock",
     "Run migrations in a separate job; an app container holding the DDL lock blocks restarts",
     "the main clause's negation still flips"),
    # round 5: 可以不 X ("may leave X undone") is 不必 X: optional, not a negation
    ("dup", "nit 评论作者可以不改；必须改的要标 blocker", "nit 评论是可选的，作者不强制修改；必须改的要标 blocker",
     "可以不改 = 不强制修改"),
    ("near", "nit 评论作者必须改；blocker 也要改", "nit 评论作者可以不改；blocker 要改", "必须 / 可以不: required against optional"),
    # round 5: "without" reaches forward only (PRs without one, resolve them without changing anything);
    # a negation that reaches no word negates nothing; "sent back" is rejected, a harm
    ("dup", "FYI: a changelog without an Upgrade section gets sent back by maintainers.",
     "Changelogs must include an Upgrade section; maintainers send back releases without one.",
     "X without Y gets sent back = X must include Y"),
    ("dup", "Maintainers send back any release whose changelog lacks an Upgrade section.",
     "Changelogs must include an Upgrade section; maintainers send back releases without one.",
     "releases without one: the releases are not negated"),
    ("near", "Changelogs must not include an Upgrade section; maintainers send back releases with one.",
     "Changelogs must include an Upgrade section; maintainers send back releases without one.",
     "must not include / must include, the entry's 'without one' reaching no word"),
    ("dup", "Authors may close nit comments without editing anything, and must fix blockers",
     "Authors may close nit comments; blockers must be fixed", "close them without editing: the closing is not negated"),
    # 没问题 ("no problem") is fine, as 正常: no negation
    ("dup", "先传到 TestPyPI，看 README 渲染没问题再发 PyPI", "发 PyPI 前先传 TestPyPI，确认 README 渲染正常",
     "渲染没问题 = 渲染正常"),
    # round 5: "X is deleted" in the present is a step of a procedure (says delete, as 删除 X does);
    # "X was deleted" says X is gone
    ("dup", "Old build artifacts are deleted after 30 days", "Delete old build artifacts after 30 days",
     "are deleted after 30 days = delete after 30 days"),
    ("near", "The old build artifacts were deleted", "Keep the old build artifacts", "were deleted: gone"),
    ("near", "Old build artifacts are deleted", "Never delete old build artifacts", "are deleted / never delete"),
    # round 5: "9 a.m." / "9 p.m." are clock times, as 9am / 9pm
    ("dup", "The backup job runs at 2 a.m. UTC", "The backup job runs at 2am UTC", "2 a.m. = 2am"),
    ("near", "The backup job runs at 2 p.m. UTC", "The backup job runs at 2am UTC", "2 p.m. / 2am"),
    # round 5: a month counted against days is 30 of them
    ("dup", "数据导出申请一个月内必须处理完", "数据导出申请 30 天内必须处理完", "一个月 = 30 天"),
    ("dup", "Export requests must be handled within 90 days", "Export requests must be handled within three months",
     "90 days = three months"),
    ("near", "数据导出申请两个月内必须处理完", "数据导出申请 30 天内必须处理完", "两个月 / 30 天"),
    # round 5: a negation inside a condition (if X is not …, 不配 X 的话) is the condition, not the
    # text's claim; 的话 closes a condition as 时 does
    ("dup", "settings.xml 不配 mirror 的话，内部包会去 Maven Central 找", "settings.xml 要配 mirror，不然内部包会去 Maven Central 找",
     "不配 X 的话 = X, 不然"),
    ("dup", "If the mirror is not configured in settings.xml, packages come from Maven Central",
     "Configure the mirror in settings.xml, otherwise packages come from Maven Central", "if X is not … = X, otherwise"),
    ("near", "Do not configure the mirror in settings.xml; packages come from Maven Central",
     "Configure the mirror in settings.xml, otherwise packages come from Maven Central", "a prohibition, no condition"),
    ("near", "settings.xml 不要配 mirror，内部包去 Maven Central 找", "settings.xml 要配 mirror，不然内部包会去 Maven Central 找",
     "不要配 X / 要配 X"),
    # round 5: 可空 is nullable (not 空, empty)
    ("dup", "加字段分三步：先加 nullable 列，再 backfill，最后加约束", "加字段分三步：先加可空列，再 backfill，最后加约束",
     "可空列 = nullable column"),
    ("near", "加字段分三步：先加可空列，再 backfill，最后加约束", "加字段分三步：先加 NOT NULL 列，再 backfill，最后加约束",
     "可空 / NOT NULL"),
    # a harm word describing a noun ("failing checks") is not what the clause says happens
    ("near", "A PR with failing checks may be merged by an admin", "Never merge a PR with failing checks",
     "may merge / never merge, beside an attribute"),
    ("near", "Merge a PR with failing checks when it is urgent", "Never merge a PR with failing checks",
     "merge / never merge"),
    ("dup", "A PR with failing checks must not be merged", "Never merge a PR with failing checks", "both negate merge"),
    # keep / leave / turn X off, refrain from, nobody, no one: negations as people write them
    ("dup", "Keep telemetry off in the CI runners", "Telemetry must be disabled in the CI runners", "keep X off"),
    ("near", "Keep telemetry on in the CI runners", "Telemetry must be disabled in the CI runners", "keep X on"),
    ("dup", "Refrain from editing generated protobuf files by hand", "Never hand-edit the generated protobuf files",
     "refrain from"),
    ("near", "Edit the generated protobuf files by hand", "Never hand-edit the generated protobuf files", "edit / never"),
    ("dup", "Nobody deploys on Fridays", "No deploys on Fridays", "nobody"),
    ("dup", "No one deploys to production on Fridays", "Never deploy to production on Fridays", "no one"),
    ("near", "Everybody deploys to production on Fridays", "Never deploy to production on Fridays", "asserted"),
    # an exception whose words are the entry's condition says the entry's rule from the other side
    ("dup", "Don't deploy unless CI is green", "Deploy only when CI is green", "unless / only when"),
    ("dup", "Do not merge unless two reviewers approved", "Merge only after two reviewers approved", "unless / only after"),
    ("dup", "除非 CI 通过，否则不要部署", "只有 CI 通过后才能部署", "除非 / 只有"),
    ("near", "Deploy only when CI is green, unless it is a security hotfix", "Deploy only when CI is green",
     "an exception beside the entry's own condition"),
    ("near", "Don't deploy on Fridays unless the release manager agrees", "Don't deploy on Fridays",
     "an exception the entry lacks"),
    # one exception however it is written: 除了…以外 against …除外, "all X but Y" against "every X except Y"
    ("dup", "除了 billing 以外的服务都用 Postgres", "所有服务都用 Postgres，billing 除外", "除了…以外 / 除外"),
    ("dup", "Every service except billing uses Postgres", "All services but billing use Postgres", "all but / except"),
    # "don't X without Y": two negations cancel, Y is required and X allowed once it is
    ("dup", "Bump rust-version in Cargo.toml before using std APIs stabilised after 1.74",
     "Don't use std APIs stabilised after 1.74 without bumping rust-version in Cargo.toml", "don't X without Y"),
    ("near", "Use std APIs stabilised after 1.74 without bumping rust-version in Cargo.toml",
     "Don't use std APIs stabilised after 1.74 without bumping rust-version in Cargo.toml", "X without Y / don't"),
    ("dup", "Never merge without a review", "Merge only after a review", "never X without Y / X only after Y"),
    ("near", "Merging a PR without a review is fine", "Never merge a PR without a review", "the requirement dropped"),
    # the entry's own words with more put in: what is put in is new
    ("near", "Never commit .env files or the local SQLite database; add them to .gitignore",
     "Never commit .env files; add them to .gitignore", "a list member put into the entry's words"),
    ("near", "提交前先跑 make lint，再跑 make test，而且要更新 CHANGELOG", "提交前先跑 make lint，再跑 make test",
     "a clause put at the end (zh)"),
    ("near", "Staging deploys run from the release branch, and every deploy posts to the #ops channel; "
     "rollbacks use the previous tag", "Staging deploys run from the release branch; rollbacks use the previous tag",
     "a clause put in the middle"),
    ("dup", "备忘：提交前先跑 make lint 和 make test", "提交前先跑 make lint 和 make test", "only a new opening (zh)"),
    ("dup", "Note: the staging database is reset every Sunday night", "The staging database is reset every Sunday night",
     "only a new opening"),
    ("dup", "Run the unit tests before you push a branch", "Run the unit tests before pushing a branch",
     "small words reworded"),
    # the same key set to another value; a list member set before the entry's one
    ("near", "Deploy the worker with concurrency=8 and prefetch=1", "Deploy the worker with concurrency=4 and prefetch=1",
     "a number in a setting"),
    ("near", "Caddy 反代时设 header_up=Host，lb_policy=first", "Caddy 反代时设 header_up=Host，lb_policy=round_robin",
     "another value for the same key"),
    ("dup", "Set lb_policy=first on the Caddy proxy", "The Caddy proxy runs with lb_policy=first", "the same setting"),
    ("near", "在 staging 和 production 里都要开 query log", "在 production 里要开 query log",
     "a member before the entry's (zh)"),
    ("near", "Run the smoke tests against canary and prod after a deploy", "Run the smoke tests against prod after a deploy",
     "a member before the entry's"),
    # a story of what once happened tells why: what it mentions is not asked for
    ("dup", "服务器 cron 一律按 UTC 写，别按本地时间写", "服务器 cron 按 UTC 写\n曾经有人按本地时间写，任务晚跑了 8 小时",
     "曾经…: an anecdote (zh)"),
    ("dup", "Write server cron schedules in UTC, never in local time",
     "Server cron schedules are in UTC\nLast time someone used local time, the backup ran 8 hours late",
     "last time …: an anecdote"),
    # an aside in parentheses: its clause goes on past it, and a negation does not reach into it
    ("dup", "A release without a changelog entry (what changed, for whom) gets sent back by the release bot",
     "Every release must have a changelog entry saying what changed; the release bot sends back releases without one",
     "a harm after an aside"),
    ("dup", "没有 changelog（写清改了什么、影响谁）的发布会被机器人打回",
     "每次发布都要有 changelog，写清改了什么；机器人会打回没有 changelog 的发布", "a harm after an aside (zh)"),
    ("dup", "Call torch.manual_seed(42) before every eval run", "Every eval run starts with torch.manual_seed(42)",
     "a call's brackets are no aside"),
    # "only after" is the order the entry gives, not a restriction
    ("dup", "Show the user the diff first and push only after they confirm", "先给用户看 diff，确认后再 push",
     "only after / 确认后再"),
    ("near", "Push only on weekdays after they confirm", "Push after they confirm", "only on … is a restriction"),
    # every one of a kind where the entry names one of them
    ("near", "Every queue worker retries a failed message three times",
     "The billing queue worker retries a failed message three times", "every X / the billing X"),
    ("near", "All Lambda functions log to CloudWatch with a 30-day retention",
     "Our ingest Lambda functions log to CloudWatch with a 30-day retention", "all X / our ingest X"),
    ("dup", "Use pathlib for all paths, never string concatenation with '/'",
     "Never build paths with string concatenation and '/'; use pathlib", "all paths / never build paths: a verb"),
    ("dup", "Every deploy to production needs a green CI run", "Production deploys need a green CI run",
     "every deploy / production deploys: the new text keeps the modifier"),
    # the entry's own words with a qualifier taken out: the rule now holds more widely
    ("near", "Nightly backups are copied to the eu-west bucket",
     "Nightly database backups are copied to the eu-west bucket", "a modifier taken out"),
    ("near", "Retry failed webhook deliveries with backoff", "Retry failed webhook deliveries to Stripe with backoff",
     "a phrase taken out of the middle"),
    ("near", "接口返回的错误都要带 request_id", "对外接口返回的错误都要带 request_id", "a modifier taken out (zh)"),
    ("near", "缓存失效后要预热", "首页缓存失效后要预热", "a modifier taken out of a short note (zh)"),
    ("dup", "Nightly database backups are copied to the eu-west bucket",
     "Nightly database backups are copied to the eu-west bucket\nThe bucket has versioning on, so a bad backup "
     "never overwrites a good one.", "the body left out: a shorter note"),
    ("dup", "Keep pull requests small", "Keep pull requests small and focused", "an ending left out"),
    ("dup", "Use pnpm, not npm, for the web app", "Use pnpm, not npm, for the web app; npm rewrites the lockfile.",
     "a clause left out"),
    ("dup", "部署前先跑迁移", "部署前先跑迁移，不然新代码会读到旧表结构", "a clause left out (zh)"),
])
def test_the_later_checks(label: str, new: str, existing: str, what: str) -> None:
    verdict = judge(new, existing)
    assert verdict.duplicate is (label == "dup"), (what, verdict.reason)


def test_a_word_in_another_clause_is_no_list_member() -> None:
    # 本地 follows a comma, not 和/、: the clause is put in, but no list gains a member
    verdict = judge("构建在 CI 里要开缓存，本地随意", "构建在 CI 里要开缓存")
    assert verdict.reason == "adds local 随意 to the entry's own words"
    assert checks.joined(read("构建在 CI 里要开缓存，本地随意"), read("构建在 CI 里要开缓存")) is None


# What a negation reaches, and what "optional" leaves neither asserted nor negated.
@pytest.mark.parametrize("text, negated, unasserted", [
    ("ISR 里别用 HAL_Delay", {"hal_delay"}, {"hal_delay"}),  # 用 X: X is the object, the topic stays asserted
    ("生产环境不开", {"prod", "env", "enable"}, {"prod", "env", "enable"}),  # the verb right after: the topic too
    ("没填就用浏览器的", set(), set()),  # a negation before 就 is a condition
    ("没填就不显示头像", {"show", "头", "像"}, {"show", "头", "像"}),  # ... one after it is not
    ("不用 reindex 就行", {"rebuild", "行"}, {"rebuild", "行"}),  # 就行 closes no condition
    ("Typo tolerance is off for short queries", {"typo", "tolerance"}, {"typo", "tolerance"}),
    ("Turn off the cache", {"cache"}, {"cache"}),
    ("不需要 loss scaling", set(), {"loss", "scale"}),
    ("Loss scaling is not required", set(), {"loss", "scale"}),
])
def test_what_a_negation_reaches(text: str, negated: set[str], unasserted: set[str]) -> None:
    from memsync.dedupe.text import read

    polarity = read(text).polarity
    assert set(polarity.negated) == negated
    assert read(text).keywords - polarity.asserted - {"optional"} == unasserted


def _reference_phrases(words: list[str]):  # type: ignore[no-untyped-def]
    """What replace_phrases must do, as one regex: longest alternative first, whole words only."""
    import re

    alts = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<![a-z0-9])(?:{alts})(?![a-z0-9])")


_PHRASES = ["as well as", "as well", "as", "w&b", "weights & biases", "e.g. this", "node", "node js", "c3po"]


@pytest.mark.parametrize("text, expected", [
    ("as well as a", "<as well as> a"),  # the longest phrase starting here wins
    ("as wellas", "<as> wellas"),  # a phrase ends where a word ends
    ("has well", "has well"),  # and starts where one starts
    ("w&b and weights & biases", "<w&b> and <weights & biases>"),
    ("node js, nodejs, node-js", "<node js>, nodejs, <node>-js"),
    ("c3po3", "c3po3"),
    ("é.g. this, e.g. this", "é.g. this, <e.g. this>"),  # a letter outside [a-z0-9] is a boundary
    ("", ""),
])
def test_phrases_are_replaced_whole_word_and_longest_first(text: str, expected: str) -> None:
    from memsync.dedupe.text import _heads, replace_phrases

    assert replace_phrases(text, _heads(_PHRASES), lambda p: f"<{p}>") == expected
    assert _reference_phrases(_PHRASES).sub(lambda m: f"<{m.group()}>", text) == expected


def test_phrase_replacement_equals_a_regex_of_every_phrase() -> None:
    """The shipped phrase tables, on texts built from their own pieces and separators."""
    import random

    from memsync.dedupe import vocab
    from memsync.dedupe.text import _EN_FILLER, _EN_PHRASE_MAP, _EN_PHRASES, replace_phrases

    rnd = random.Random(7)
    for table, words in ((_EN_PHRASES, list(_EN_PHRASE_MAP)), (_EN_FILLER, list(vocab.EN_FILLER_PHRASES))):
        ref = _reference_phrases(words)
        pieces = [p for w in words for p in w.split()] + ["x", "9", "é", "中文"]
        for _ in range(400):
            text = "".join(rnd.choice(pieces) + rnd.choice([" ", "  ", "-", ".", ",", "", "&", "\x00"])
                           for _ in range(rnd.randint(1, 12)))
            assert replace_phrases(text, table, lambda p: f"<{p}>") == ref.sub(lambda m: f"<{m.group()}>", text)


def test_a_phrase_table_refuses_a_phrase_it_could_not_match() -> None:
    from memsync.dedupe.text import _heads

    with pytest.raises(ValueError, match="must start and end"):
        _heads(["-dash"])
