"""A labelled set of model-style extraction candidates against an existing project memory.

The quality half of issue 14: how extraction's gates decide each candidate next to the
truth. Written from descriptions only (SPEC §8 and §10, the plugin seed's "该记什么" table,
docs/extract.md), not from memsync's gate code or its tests, so the set is not tuned to it.

- ``ROOT_ENTRIES``: the memory of "harbor", a plausible pnpm + FastAPI monorepo kept by a
  Chinese-speaking team (preferences, decisions, pitfalls, facts; zh, en and mixed), with
  ``IRON_RULES`` and ``CURRENT_GOAL`` written by a person in ROOT.md.
- ``CASES``: candidates as a model writes them when asked to extract memories from a coding
  session (concise summaries, "Why:" / "How to apply:" bodies, over-eager progress notes,
  branch names, machine paths, thanks, "Always use X" rules, pasted tokens), each with its
  class, language and truth:

  ====================  ===================================================  ==============
  class                 what it is                                           truth
  ====================  ===================================================  ==============
  ``duplicate``         restates an existing entry verbatim-ish              duplicate
  ``paraphrase``        restates one in other words (some across languages)  duplicate
  ``new``               a genuinely new durable memory                       written
  ``rule``              a rule-like request                                  rule-proposal
  ``task-state``        progress, todo, status, branch, absolute path, chat  dropped
  ``secret``            a durable note that carries a credential             secret
  ====================  ===================================================  ==============

Credentials are never stored here: a secret case holds markers like ``<<github_pat>>``
that ``render`` fills at run time with random values in the vendor's published format
(``SECRET_FORMATS``). ``<<project>>`` and ``<<home>>`` become the bench's project folder
and this machine's home, so a path of "this machine" is one the gates can know about.
"""
from __future__ import annotations

import base64
import json
import random
import re
import string
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

CLASSES = ("duplicate", "paraphrase", "new", "rule", "task-state", "secret")
TRUTH = {"duplicate": "duplicate", "paraphrase": "duplicate", "new": "written", "rule": "rule-proposal",
         "task-state": "dropped", "secret": "secret"}
LANGS = ("en", "zh", "mixed")
TASK_KINDS = ("task", "branch", "path", "chatter")  # the reason a task-state case should be dropped for


@dataclass(frozen=True)
class RootEntry:
    id: str
    kind: str
    lang: str
    summary: str
    body: str
    load_when: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    key: str
    cls: str
    lang: str
    category: str
    kind: str
    summary: str
    body: str = ""
    load_when: tuple[str, ...] = ()
    target: str | None = None  # duplicate / paraphrase: the root entry it restates
    sub: str | None = None  # task-state: task, branch, path or chatter
    note: str = ""  # why the case is hard, when it is
    unsure: bool = False  # the label itself is debatable (the report lists these)
    markers: tuple[str, ...] = field(default=())  # filled by __post_init__

    def __post_init__(self) -> None:
        found = tuple(dict.fromkeys(MARKER.findall(self.summary + "\n" + self.body)))
        object.__setattr__(self, "markers", found)

    @property
    def truth(self) -> str:
        return TRUTH[self.cls]


MARKER = re.compile(r"<<([a-z0-9_]+)>>")

CURRENT_GOAL = "Ship billing v2 (usage-based pricing on Stripe meters) by the end of the quarter."
IRON_RULES = (
    "Never push directly to main; every change goes through a reviewed PR.",
    "生产数据库只读：任何数据修改都走迁移或后台任务，不许在 psql 里手改。",
    "No customer data in logs, fixtures or screenshots.",
)

E = RootEntry
ROOT_ENTRIES: tuple[RootEntry, ...] = (
    # preferences
    E("preferences/reply-in-chinese", "preference", "zh",
      "用户希望对话用中文，代码注释和 commit message 用英文",
      "Why: 团队母语是中文，但仓库是开源的，对外贡献者看英文。\nHow to apply: 回答、解释用中文；commit message、代码注释、PR 描述写英文。",
      ("commit", "注释", "语言")),
    E("preferences/small-prs", "preference", "en",
      "Prefers small PRs (under ~400 changed lines), one concern per PR",
      "Why: reviews happen on the phone during the commute.\nHow to apply: split refactors from behaviour changes; "
      "stack PRs rather than growing one.",
      ("PR", "review")),
    E("preferences/pnpm-only", "preference", "zh",
      "JS 依赖一律用 pnpm 安装（workspace 协议），不用 npm / yarn",
      "Why: 仓库是 pnpm workspace，npm 会生成 package-lock.json 把锁文件搞乱。",
      ("pnpm", "npm", "依赖")),
    E("preferences/python-type-hints", "preference", "en",
      "Python code: full type hints, checked by mypy --strict in CI",
      "How to apply: new functions get annotations for every parameter and the return; no bare `Any` without a "
      "comment saying why.",
      ("mypy", "typing")),
    E("preferences/named-exports-only", "preference", "en",
      "TypeScript: named exports only, no default exports",
      "Why: default exports get renamed at every import site, which breaks grep and auto-import.",
      ("TypeScript", "export")),
    E("preferences/failing-test-first", "preference", "zh",
      "修 bug 先写能复现问题的失败测试，再改代码",
      "Why: 用户被\"修好了又坏\"的回归坑过好几次。\nHow to apply: PR 里先有红的测试提交，再有修复提交。",
      ("bug", "测试")),
    E("preferences/ask-before-migrations", "preference", "en",
      "Ask before generating a new Alembic migration; the user reviews schema changes first",
      "Why: migrations run against prod on deploy and are hard to undo.",
      ("Alembic", "migration", "schema")),
    # decisions
    E("decisions/fastapi-over-django", "decision", "en",
      "API uses FastAPI + SQLAlchemy 2.0 (async), chosen over Django for async streaming endpoints",
      "The export and live-usage endpoints stream; Django's async story was incomplete when we started (2023).",
      ("FastAPI", "SQLAlchemy", "Django")),
    E("decisions/uv-for-python", "decision", "mixed",
      "Python 依赖用 uv 管理（uv.lock 提交进仓库），替代 poetry",
      "Why: uv 安装快一个数量级，CI 缓存也简单。\nHow to apply: `uv add` / `uv sync`，不要再提交 poetry.lock。",
      ("uv", "poetry", "Python 依赖")),
    E("decisions/postgres-15-on-fly", "decision", "en",
      "Production database is Postgres 15 on Fly.io; no MySQL support planned",
      "RLS, enums and timestamptz are used throughout, so portability to MySQL is explicitly not a goal.",
      ("Postgres", "database", "Fly")),
    E("decisions/rq-not-celery", "decision", "en",
      "Background jobs use RQ on Redis, not Celery — fewer moving parts",
      "One Redis, one worker type; no beat scheduler (cron jobs are Fly scheduled machines).",
      ("RQ", "Redis", "Celery", "jobs")),
    E("decisions/money-integer-cents", "decision", "zh",
      "金额一律存整数分（int cents），不用 float / Decimal 列",
      "Why: Stripe 的金额本身就是最小货币单位的整数；float 有精度问题，Decimal 在 JSON 里要特殊序列化。",
      ("金额", "money", "Stripe")),
    E("decisions/utc-timestamps", "decision", "en",
      "All timestamps are stored as timestamptz in UTC; convert to Asia/Shanghai only in the UI",
      "Why: tenants exist in several time zones; reports pick the tenant's zone at render time.",
      ("timezone", "timestamptz", "时区")),
    E("decisions/i18n-next-intl", "decision", "mixed",
      "Web 端 i18n 用 next-intl，message 文件在 apps/web/messages/{zh-CN,en}.json",
      "新增文案两个语言文件都要加 key；key 用 dot.case 按页面分组。",
      ("i18n", "next-intl", "翻译")),
    E("decisions/unleash-feature-flags", "decision", "zh",
      "Feature flag 走自托管 Unleash，flag 名用 kebab-case，前缀是团队名",
      "例如 payments-usage-meter。前端通过 @unleash/proxy-client-react 读取，后端用 UnleashClient。",
      ("feature flag", "Unleash")),
    E("decisions/monorepo-layout", "decision", "en",
      "Monorepo layout: apps/web (Next.js 14), apps/api (FastAPI), packages/ui (shared React components), "
      "worker/ (RQ jobs)",
      "packages/api-client holds the generated TS client; infra/ holds fly.toml files per app.",
      ("monorepo", "layout")),
    E("decisions/api-version-in-path", "decision", "zh",
      "REST API 的版本号放在路径里（/v1/…），只有破坏性改动才升 /v2",
      "原因：网关和日志按路径前缀统计最方便；header 版本号客户端经常忘记带。",
      ("API", "版本")),
    # pitfalls
    E("pitfalls/asyncpg-pgbouncer-prepared", "pitfall", "en",
      "asyncpg + PgBouncer transaction mode breaks prepared statements; set statement_cache_size=0",
      "Symptom: `prepared statement \"__asyncpg_stmt_1__\" already exists` under load. Root cause: the pooler "
      "hands the same server connection to different clients between transactions.",
      ("asyncpg", "PgBouncer")),
    E("pitfalls/next-public-env-build-time", "pitfall", "en",
      "NEXT_PUBLIC_* env vars are inlined at build time; changing them on Fly needs a rebuild, not a restart",
      "`fly secrets set NEXT_PUBLIC_...` restarts the machines but the old value stays in the JS bundle.",
      ("Next.js", "env", "Fly")),
    E("pitfalls/vitest-jsdom-timezone", "pitfall", "zh",
      "Vitest 的 jsdom 环境里 Intl 时区默认 UTC，日期快照测试要设 TZ=Asia/Shanghai",
      "在 vitest.config.ts 的 test.env 里设置 TZ，否则本地和 CI 的快照不一致。",
      ("Vitest", "时区", "snapshot")),
    E("pitfalls/alembic-enum-values", "pitfall", "zh",
      "Alembic autogenerate 检测不到 Postgres enum 新增的值，需要手写 ALTER TYPE … ADD VALUE",
      "而且 ADD VALUE 不能在事务里执行，迁移里要用 op.get_context().autocommit_block()。",
      ("Alembic", "enum", "Postgres")),
    E("pitfalls/playwright-cjk-fonts", "pitfall", "en",
      "Playwright screenshot tests flake on CI because CJK fonts are missing; install fonts-noto-cjk in the CI image",
      "Without the fonts Chinese glyphs render as tofu boxes whose width varies between runners.",
      ("Playwright", "screenshot", "CI")),
    E("pitfalls/fly-release-command-timeout", "pitfall", "en",
      "Fly's release_command (migrations) times out after 5 min by default; long migrations must run as a "
      "separate job",
      "A timed-out release_command aborts the deploy but a half-applied migration stays.",
      ("Fly", "migration", "deploy")),
    E("pitfalls/rq-fork-sqlalchemy-engine", "pitfall", "en",
      "RQ forks a work horse per job; a SQLAlchemy engine created before the fork shares sockets — call "
      "engine.dispose() in job setup",
      "Symptom: random `SSL error: decryption failed or bad record mac` in jobs.",
      ("RQ", "SQLAlchemy", "fork")),
    E("pitfalls/pnpm-eslint-hoist", "pitfall", "mixed",
      "pnpm 严格依赖隔离导致 eslint 插件找不到，需要在 .npmrc 里加 public-hoist-pattern[]=*eslint*",
      "报错是 `ESLint couldn't find the plugin \"eslint-plugin-react\"`。",
      ("pnpm", "eslint")),
    E("pitfalls/redis-py-ex-seconds", "pitfall", "zh",
      "redis-py 的 set(ex=) 单位是秒，px= 才是毫秒",
      "之前把 30000 当毫秒传给 ex，缓存活了 8 个多小时，价格改了页面不更新。",
      ("Redis", "缓存", "TTL")),
    # facts
    E("facts/local-dev-ports", "fact", "en",
      "Local dev ports: web 3000, api 8000, Postgres 5433 (not 5432, to avoid a system Postgres), Redis 6380",
      "All set in docker-compose.yml and .env.example.",
      ("ports", "docker-compose", "本地开发")),
    E("facts/ci-pipeline", "fact", "en",
      "CI runs on GitHub Actions: lint, typecheck, pytest, vitest and Playwright on every PR; merge to main "
      "deploys to Fly",
      "Workflow files: .github/workflows/ci.yml and deploy.yml.",
      ("CI", "GitHub Actions")),
    E("facts/staging-and-prod-deploys", "fact", "en",
      "Staging (harbor-staging.fly.dev) deploys automatically from main; prod deploys are manual with "
      "`fly deploy --app harbor-prod`",
      "", ("staging", "deploy", "prod")),
    E("facts/sentry-projects", "fact", "zh",
      "错误上报用 Sentry，前端和后端是两个 project：harbor-web、harbor-api",
      "环境名 staging / production，release 名是 git SHA。",
      ("Sentry", "错误")),
    E("facts/make-seed-demo-data", "fact", "en",
      "`make seed` loads demo data (3 tenants, 200 orders); the demo login is demo@harbor.test",
      "", ("seed", "demo")),
    E("facts/tenant-isolation-rls", "fact", "zh",
      "多租户隔离靠 Postgres RLS：每个请求 SET app.tenant_id，新表都要加 policy",
      "漏加 policy 的表对所有租户可见。tests/test_rls.py 会检查每张表都有 policy。",
      ("RLS", "租户", "tenant")),
    E("facts/generated-api-client", "fact", "en",
      "The TS API client in packages/api-client is generated from FastAPI's OpenAPI schema with `pnpm gen:api`; "
      "it is not edited by hand",
      "", ("api-client", "OpenAPI")),
    E("facts/payments-codeowners", "fact", "en",
      "Payments code (apps/api/payments/) needs review from @liwei per CODEOWNERS",
      "", ("payments", "CODEOWNERS")),
    E("facts/python-312", "fact", "en",
      "Python 3.12 everywhere (Dockerfile, CI, .python-version)",
      "", ("Python",)),
    E("facts/node-20", "fact", "mixed",
      "Node 20 LTS，版本锁在 .nvmrc 和 package.json 的 engines 里",
      "", ("Node",)),
)

C = Case
DUPLICATES: tuple[Case, ...] = (
    C("dup-01", "duplicate", "zh", "preferences", "preference", "用户希望用中文对话，代码注释和 commit message 用英文",
      "Why: 团队母语是中文，仓库开源。\nHow to apply: 回答用中文，commit message 和注释写英文。", ("commit", "注释"),
      target="preferences/reply-in-chinese"),
    C("dup-02", "duplicate", "en", "preferences", "preference",
      "User prefers small PRs (under ~400 changed lines), one concern per PR",
      "Why: reviews happen on the phone during the commute.\nHow to apply: split refactors from behaviour changes.",
      ("PR",), target="preferences/small-prs"),
    C("dup-03", "duplicate", "zh", "preferences", "preference", "JS 依赖一律用 pnpm 安装，不用 npm 或 yarn",
      "", ("pnpm",), target="preferences/pnpm-only"),
    C("dup-04", "duplicate", "en", "preferences", "preference",
      "Python code should have full type hints, checked by mypy --strict in CI", "", ("mypy",),
      target="preferences/python-type-hints"),
    C("dup-05", "duplicate", "en", "preferences", "preference", "TypeScript: use named exports only, no default exports",
      "Why: default exports get renamed at import sites, breaking grep and auto-import.", ("TypeScript",),
      target="preferences/named-exports-only"),
    C("dup-06", "duplicate", "zh", "preferences", "preference", "修 bug 时先写一个能复现问题的失败测试，再改代码",
      "", ("bug", "测试"), target="preferences/failing-test-first"),
    C("dup-07", "duplicate", "en", "decisions", "decision",
      "API is built on FastAPI + SQLAlchemy 2.0 async, chosen over Django for async streaming endpoints", "",
      ("FastAPI",), target="decisions/fastapi-over-django"),
    C("dup-08", "duplicate", "mixed", "decisions", "decision", "Python 依赖用 uv 管理，uv.lock 提交进仓库，替代 poetry",
      "", ("uv",), target="decisions/uv-for-python"),
    C("dup-09", "duplicate", "en", "decisions", "decision",
      "Production DB is Postgres 15 on Fly.io; MySQL support is not planned", "", ("Postgres",),
      target="decisions/postgres-15-on-fly"),
    C("dup-10", "duplicate", "en", "decisions", "decision",
      "Background jobs use RQ on Redis rather than Celery (fewer moving parts)", "", ("RQ", "Redis"),
      target="decisions/rq-not-celery"),
    C("dup-11", "duplicate", "zh", "decisions", "decision", "金额统一存整数分（int cents），不用 float 或 Decimal 列",
      "", ("金额",), target="decisions/money-integer-cents"),
    C("dup-12", "duplicate", "en", "decisions", "decision",
      "Timestamps are stored as timestamptz in UTC and converted to Asia/Shanghai only in the UI", "",
      ("timezone",), target="decisions/utc-timestamps"),
    C("dup-13", "duplicate", "mixed", "decisions", "decision",
      "Web 端 i18n 用 next-intl，message 文件放在 apps/web/messages/{zh-CN,en}.json", "", ("i18n",),
      target="decisions/i18n-next-intl"),
    C("dup-14", "duplicate", "en", "pitfalls", "pitfall",
      "asyncpg behind PgBouncer in transaction mode breaks prepared statements — set statement_cache_size=0",
      "", ("asyncpg", "PgBouncer"), target="pitfalls/asyncpg-pgbouncer-prepared"),
    C("dup-15", "duplicate", "en", "pitfalls", "pitfall",
      "NEXT_PUBLIC_* env vars are inlined at build time, so changing them on Fly needs a rebuild, not a restart",
      "", ("Next.js", "env"), target="pitfalls/next-public-env-build-time"),
    C("dup-16", "duplicate", "zh", "pitfalls", "pitfall",
      "Vitest jsdom 环境里 Intl 时区默认是 UTC，日期快照测试需要设 TZ=Asia/Shanghai", "", ("Vitest",),
      target="pitfalls/vitest-jsdom-timezone"),
    C("dup-17", "duplicate", "zh", "pitfalls", "pitfall",
      "Alembic autogenerate 检测不到 Postgres enum 新增的值，要手写 ALTER TYPE … ADD VALUE", "", ("Alembic",),
      target="pitfalls/alembic-enum-values"),
    C("dup-18", "duplicate", "en", "pitfalls", "pitfall",
      "Playwright screenshot tests flake on CI because CJK fonts are missing; install fonts-noto-cjk in the CI image",
      "", ("Playwright", "CI"), target="pitfalls/playwright-cjk-fonts"),
    C("dup-19", "duplicate", "en", "pitfalls", "pitfall",
      "Fly release_command times out after 5 minutes by default, so long migrations must run as a separate job",
      "", ("Fly", "migration"), target="pitfalls/fly-release-command-timeout"),
    C("dup-20", "duplicate", "en", "pitfalls", "pitfall",
      "RQ forks a work horse per job; a SQLAlchemy engine created before the fork shares sockets, so call "
      "engine.dispose() in job setup", "", ("RQ", "SQLAlchemy"), target="pitfalls/rq-fork-sqlalchemy-engine"),
    C("dup-21", "duplicate", "mixed", "pitfalls", "pitfall",
      "pnpm 的严格依赖隔离导致 eslint 插件找不到，要在 .npmrc 加 public-hoist-pattern[]=*eslint*", "", ("pnpm",),
      target="pitfalls/pnpm-eslint-hoist"),
    C("dup-22", "duplicate", "zh", "pitfalls", "pitfall", "redis-py 的 set(ex=) 单位是秒，px= 才是毫秒", "",
      ("Redis",), target="pitfalls/redis-py-ex-seconds"),
    C("dup-23", "duplicate", "en", "facts", "fact",
      "Local dev ports: web 3000, api 8000, Postgres 5433 (not 5432), Redis 6380", "", ("ports",),
      target="facts/local-dev-ports"),
    C("dup-24", "duplicate", "en", "facts", "fact",
      "Staging (harbor-staging.fly.dev) auto-deploys from main; prod deploys are manual via "
      "`fly deploy --app harbor-prod`", "", ("deploy",), target="facts/staging-and-prod-deploys"),
    C("dup-25", "duplicate", "zh", "facts", "fact", "Sentry 错误上报分两个 project：harbor-web 和 harbor-api", "",
      ("Sentry",), target="facts/sentry-projects"),
    C("dup-26", "duplicate", "zh", "facts", "fact", "多租户隔离用 Postgres RLS，每个请求 SET app.tenant_id，新表必须加 policy",
      "", ("RLS",), target="facts/tenant-isolation-rls",
      note="the model hardened 'should' into 必须: a duplicate that also reads like a rule"),
    C("dup-27", "duplicate", "en", "facts", "fact",
      "The TS API client in packages/api-client is generated from the OpenAPI schema with `pnpm gen:api`, not "
      "edited by hand", "", ("api-client",), target="facts/generated-api-client"),
    C("dup-28", "duplicate", "en", "facts", "fact", "Python 3.12 is used everywhere (Dockerfile, CI, .python-version)",
      "", ("Python",), target="facts/python-312"),
    C("dup-29", "duplicate", "mixed", "facts", "fact", "Node 20 LTS，版本锁在 .nvmrc 和 package.json engines 里", "",
      ("Node",), target="facts/node-20"),
    C("dup-30", "duplicate", "en", "facts", "fact", "Payments code under apps/api/payments/ needs review from @liwei "
      "(CODEOWNERS)", "", ("payments",), target="facts/payments-codeowners"),
    C("dup-31", "duplicate", "mixed", "decisions", "decision", "Feature flag 用自托管 Unleash，flag 名 kebab-case，前缀是团队名", "",
      ("Unleash",), target="decisions/unleash-feature-flags"),
    C("dup-32", "duplicate", "zh", "decisions", "decision", "REST API 版本号放在路径里（/v1/…），破坏性改动才升 /v2", "",
      ("API",), target="decisions/api-version-in-path"),
    C("dup-33", "duplicate", "en", "facts", "fact",
      "Every PR goes through lint, typecheck, pytest, vitest and Playwright on GitHub Actions; merging to main "
      "deploys to Fly", "", ("CI",), target="facts/ci-pipeline", note="the entry's list of names, reordered"),
)

PARAPHRASES: tuple[Case, ...] = (
    C("para-01", "paraphrase", "zh", "preferences", "preference", "和用户交流说中文；提交记录和代码里的注释保持英文",
      "原因：仓库开源，面向国外贡献者。", ("语言",), target="preferences/reply-in-chinese"),
    C("para-02", "paraphrase", "en", "preferences", "preference", "Keep pull requests small and focused",
      "Why: the user reviews on their phone on the commute; big diffs are painful there.\nHow to apply: aim for "
      "< 400 lines and put refactoring in its own PR, separate from behaviour changes.", ("PR", "review"),
      target="preferences/small-prs"),
    C("para-03", "paraphrase", "en", "preferences", "preference",
      "The JS side uses pnpm exclusively (workspace protocol); npm and yarn are not used",
      "Why: running npm creates a package-lock.json that conflicts with the pnpm lockfile.", ("pnpm",),
      target="preferences/pnpm-only", note="English restatement of a Chinese entry"),
    C("para-04", "paraphrase", "mixed", "preferences", "preference", "Python 代码要求完整的类型标注，CI 里跑 mypy --strict",
      "", ("mypy",), target="preferences/python-type-hints", note="Chinese restatement of an English entry"),
    C("para-05", "paraphrase", "en", "preferences", "preference",
      "Avoid `export default` in TS modules — the codebase sticks to named exports",
      "Why: named exports keep refactors and auto-imports reliable.", ("TypeScript",),
      target="preferences/named-exports-only"),
    C("para-06", "paraphrase", "en", "preferences", "preference",
      "For bug fixes, reproduce the bug with a failing test before changing the code",
      "How to apply: the failing test goes in its own commit, then the fix.", ("bug", "testing"),
      target="preferences/failing-test-first", note="English restatement of a Chinese entry"),
    C("para-07", "paraphrase", "en", "preferences", "preference",
      "Check with the user before creating any Alembic migration",
      "Why: they want to review every schema change; migrations run on prod at deploy.", ("Alembic",),
      target="preferences/ask-before-migrations"),
    C("para-08", "paraphrase", "en", "decisions", "decision",
      "We went with FastAPI and async SQLAlchemy 2.0 rather than Django because the API needs async streaming",
      "", ("FastAPI",), target="decisions/fastapi-over-django"),
    C("para-09", "paraphrase", "zh", "decisions", "decision", "Python 包管理从 poetry 迁到了 uv，锁文件 uv.lock 要提交",
      "原因：安装速度快很多，CI 缓存也简单。", ("uv",), target="decisions/uv-for-python"),
    C("para-10", "paraphrase", "en", "decisions", "decision",
      "Monetary amounts are stored as integer cents, never as float or Decimal columns",
      "Why: Stripe already uses integers in the smallest currency unit.", ("money",),
      target="decisions/money-integer-cents", note="English restatement of a Chinese entry"),
    C("para-11", "paraphrase", "mixed", "decisions", "decision", "数据库时间统一存 UTC（timestamptz），只有 UI 层才转成 Asia/Shanghai",
      "", ("时区",), target="decisions/utc-timestamps", note="Chinese restatement of an English entry"),
    C("para-12", "paraphrase", "en", "decisions", "decision",
      "Feature flags live in our self-hosted Unleash; flag names are kebab-case, prefixed with the team name",
      "", ("Unleash",), target="decisions/unleash-feature-flags", note="English restatement of a Chinese entry"),
    C("para-13", "paraphrase", "en", "decisions", "decision",
      "Repo structure: Next.js 14 app in apps/web, FastAPI service in apps/api, shared React components in "
      "packages/ui, RQ jobs in worker/", "", ("monorepo",), target="decisions/monorepo-layout"),
    C("para-14", "paraphrase", "en", "decisions", "decision",
      "API versions go in the URL path (/v1/...); bump to /v2 only for breaking changes", "", ("API",),
      target="decisions/api-version-in-path", note="English restatement of a Chinese entry"),
    C("para-15", "paraphrase", "mixed", "pitfalls", "pitfall",
      "用了 PgBouncer 事务模式后 asyncpg 报 prepared statement already exists",
      "根因：事务池模式下服务端连接会被不同客户端复用，asyncpg 的预编译语句缓存冲突。\n解决：create_async_engine 的 "
      "connect_args 里设 statement_cache_size=0。", ("asyncpg",), target="pitfalls/asyncpg-pgbouncer-prepared"),
    C("para-16", "paraphrase", "en", "pitfalls", "pitfall",
      "Restarting the Fly app doesn't pick up new NEXT_PUBLIC_ values",
      "Why: Next.js bakes NEXT_PUBLIC_* into the bundle during `next build`.\nHow to apply: rebuild and redeploy "
      "after changing one.", ("Next.js",), target="pitfalls/next-public-env-build-time"),
    C("para-17", "paraphrase", "en", "pitfalls", "pitfall",
      "Date snapshot tests in Vitest need TZ=Asia/Shanghai because jsdom's Intl defaults to UTC", "",
      ("Vitest",), target="pitfalls/vitest-jsdom-timezone", note="English restatement of a Chinese entry"),
    C("para-18", "paraphrase", "en", "pitfalls", "pitfall",
      "New Postgres enum values aren't detected by alembic autogenerate; write ALTER TYPE ... ADD VALUE by hand",
      "", ("Alembic",), target="pitfalls/alembic-enum-values", note="English restatement of a Chinese entry"),
    C("para-19", "paraphrase", "zh", "pitfalls", "pitfall", "CI 上 Playwright 截图测试不稳定，是因为镜像里没装中文字体，装 fonts-noto-cjk 就好",
      "", ("Playwright",), target="pitfalls/playwright-cjk-fonts", note="Chinese restatement of an English entry"),
    C("para-20", "paraphrase", "en", "pitfalls", "pitfall",
      "Long-running migrations can't go in fly.toml's release_command",
      "It's killed after the default 5-minute timeout and the deploy aborts. Run them as a separate one-off job.",
      ("Fly", "migration"), target="pitfalls/fly-release-command-timeout"),
    C("para-21", "paraphrase", "en", "pitfalls", "pitfall", "Dispose the SQLAlchemy engine at the start of each RQ job",
      "Why: RQ forks a work horse per job and an engine created in the parent shares its sockets with the child.",
      ("RQ",), target="pitfalls/rq-fork-sqlalchemy-engine"),
    C("para-22", "paraphrase", "en", "pitfalls", "pitfall",
      "ESLint plugins can't be resolved under pnpm's strict isolation; add public-hoist-pattern[]=*eslint* to .npmrc",
      "", ("eslint",), target="pitfalls/pnpm-eslint-hoist", note="English restatement of a mixed entry"),
    C("para-23", "paraphrase", "en", "pitfalls", "pitfall", "redis-py: `ex=` is in seconds, `px=` is milliseconds",
      "We once passed 30000 to ex thinking it was ms and cached prices for 8 hours.", ("Redis",),
      target="pitfalls/redis-py-ex-seconds", note="English restatement of a Chinese entry"),
    C("para-24", "paraphrase", "zh", "facts", "fact", "本地开发端口：前端 3000，API 8000，Postgres 用 5433 避开系统自带的 5432，Redis 6380",
      "", ("端口",), target="facts/local-dev-ports", note="Chinese restatement of an English entry"),
    C("para-26", "paraphrase", "en", "facts", "fact",
      "Run `make seed` for demo data (3 tenants, 200 orders) and log in as demo@harbor.test", "", ("seed",),
      target="facts/make-seed-demo-data"),
    C("para-27", "paraphrase", "en", "facts", "fact",
      "Tenant isolation relies on Postgres row-level security: SET app.tenant_id per request, and every new "
      "table needs a policy", "", ("RLS",), target="facts/tenant-isolation-rls",
      note="English restatement of a Chinese entry"),
    C("para-28", "paraphrase", "zh", "facts", "fact", "packages/api-client 是用 `pnpm gen:api` 从 OpenAPI schema 生成的，不要手改",
      "", ("api-client",), target="facts/generated-api-client", note="Chinese restatement of an English entry"),
    C("para-29", "paraphrase", "zh", "facts", "fact", "项目统一使用 Python 3.12（Dockerfile、CI、.python-version 都是）",
      "", ("Python",), target="facts/python-312", note="Chinese restatement of an English entry"),
    C("para-30", "paraphrase", "en", "facts", "fact",
      "Sentry has separate projects for the frontend (harbor-web) and the backend (harbor-api)", "",
      ("Sentry",), target="facts/sentry-projects", note="English restatement of a Chinese entry"),
    C("para-31", "paraphrase", "zh", "decisions", "decision", "所有金额字段都用整数（单位：分）保存，避免浮点误差",
      "Stripe 的金额也是最小货币单位的整数。", ("金额",), target="decisions/money-integer-cents"),
    C("para-32", "paraphrase", "mixed", "pitfalls", "pitfall", "eslint-plugin-react 在 pnpm 下 resolve 不到，.npmrc 里配 public-hoist-pattern 解决",
      "", ("eslint",), target="pitfalls/pnpm-eslint-hoist"),
    C("para-33", "paraphrase", "zh", "decisions", "decision", "接口版本写在 URL 路径上，比如 /v1/orders；不兼容的改动才开 /v2",
      "", ("API",), target="decisions/api-version-in-path"),
    C("para-34", "paraphrase", "mixed", "decisions", "decision", "翻译文案放在 apps/web/messages 下的 zh-CN.json 和 en.json，框架是 next-intl",
      "", ("i18n",), target="decisions/i18n-next-intl"),
    C("para-35", "paraphrase", "zh", "facts", "fact", "租户之间的数据隔离用的是 Postgres 行级安全策略，新建表记得加 policy",
      "", ("租户",), target="facts/tenant-isolation-rls"),
)

NEW: tuple[Case, ...] = (
    C("new-01", "new", "en", "pitfalls", "pitfall",
      "Next.js middleware runs on the Edge runtime and can't import Node's `crypto` module",
      "Why: middleware.ts is bundled for the Edge runtime, where Node built-ins are missing.\nHow to apply: use "
      "Web Crypto (`crypto.subtle`) in middleware.", ("Next.js", "middleware")),
    C("new-02", "new", "zh", "pitfalls", "pitfall", "FastAPI 的 BackgroundTasks 在响应发出后才执行，里面抛的异常不会返回给客户端，也不会自动进 Sentry",
      "How to apply: 任务函数里自己 try/except 并调用 sentry_sdk.capture_exception。", ("FastAPI", "BackgroundTasks")),
    C("new-03", "new", "en", "decisions", "decision",
      "Billing v2 uses Stripe Billing meters for usage-based pricing instead of computing invoices ourselves",
      "Why: proration and tax are Stripe's problem; we only report usage events.", ("billing", "Stripe")),
    C("new-04", "new", "mixed", "preferences", "preference", "用户喜欢在 UI 改动的 PR 描述里附上 before/after 截图", "",
      ("PR", "UI")),
    C("new-05", "new", "en", "facts", "convention",
      "Release branches are named release/YYYY.MM and cut from main on the first Monday of each month",
      "Hotfixes are cherry-picked onto the release branch after landing on main.", ("release",),
      note="a branch-naming convention is durable; it names a branch pattern, not the current branch",
      unsure=True),
    C("new-06", "new", "en", "facts", "fact", "The harbor CLI reads user settings from ~/.config/harbor/config.toml",
      "Keys: api_url, default_tenant. The file is created by `harbor login`.", ("CLI", "config"),
      note="a ~/ path is the same on every machine"),
    C("new-07", "new", "en", "facts", "fact", "Staging runs Postgres 16 while prod is still on 15",
      "How to apply: avoid SQL that only works on 16 (e.g. new JSON functions) until prod is upgraded.",
      ("Postgres", "staging"), note="differs from decisions/postgres-15-on-fly in a version number"),
    C("new-08", "new", "zh", "pitfalls", "pitfall", "本地 6380 端口的 Redis 没开持久化，容器重启后 RQ 队列里的任务会丢",
      "需要保留任务时用 docker compose 的 redis-persist profile。", ("Redis", "RQ"),
      note="shares ports and Redis with facts/local-dev-ports"),
    C("new-09", "new", "en", "pitfalls", "pitfall",
      "`pnpm gen:api` fails silently when the API isn't running on port 8000",
      "It fetches /openapi.json from the local API; with nothing listening it writes an empty client.",
      ("api-client", "OpenAPI"), note="shares pnpm gen:api, OpenAPI and port 8000 with two entries"),
    C("new-10", "new", "en", "facts", "fact",
      "The release workflow reads GITHUB_TOKEN from the repo's Actions secrets; locally the script uses `gh auth token`",
      "", ("release", "GitHub Actions"), note="names a token variable but carries no credential"),
    C("new-11", "new", "zh", "decisions", "decision", "日志统一用 structlog 输出 JSON，字段名用 snake_case",
      "Why: Better Stack 按字段建索引，驼峰和下划线混用会拆成两个字段。", ("日志", "structlog")),
    C("new-12", "new", "en", "pitfalls", "pitfall", "An AsyncSession must not be shared across asyncio tasks",
      "Symptom: `InvalidRequestError: This session is provisioning a new connection`. How to apply: one session "
      "per request or task.", ("SQLAlchemy", "asyncio")),
    C("new-13", "new", "mixed", "pitfalls", "pitfall", "next-intl 的 useTranslations 不能在 async Server Component 里用，要改用 getTranslations",
      "", ("next-intl", "Server Component"), note="shares next-intl with decisions/i18n-next-intl"),
    C("new-14", "new", "en", "facts", "fact", "Grafana sits behind nginx on the bastion; its vhost is "
      "/etc/nginx/conf.d/grafana.conf", "", ("Grafana", "nginx"),
      note="an absolute path, but a system path on the bastion, not this machine's"),
    C("new-15", "new", "en", "preferences", "preference", "User prefers pytest fixtures over unittest-style setUp methods",
      "", ("pytest",)),
    C("new-16", "new", "zh", "facts", "fact", "导出报表任务超过 10 万行时会分片，每片 2 万行写一个 CSV，最后打成 zip",
      "", ("导出", "报表")),
    C("new-17", "new", "en", "decisions", "decision",
      "The analytics replica does not use RLS; tenant filtering there happens in the query layer",
      "Why: the BI tool connects with one role for all tenants.", ("RLS", "analytics"),
      note="a negation of what facts/tenant-isolation-rls says for the main database"),
    C("new-18", "new", "en", "pitfalls", "pitfall",
      "Fly volumes are pinned to one machine; scaling the API to 2 machines needs object storage for uploads",
      "", ("Fly", "volumes")),
    C("new-19", "new", "mixed", "facts", "fact", "Playwright e2e 测试的账号是 e2e@harbor.test，由 `make seed-e2e` 创建",
      "", ("Playwright", "seed"), note="shares make seed and the login domain with facts/make-seed-demo-data"),
    C("new-20", "new", "en", "pitfalls", "pitfall",
      "Vitest hoists vi.mock() above the imports, so variables used in the mock factory need vi.hoisted()",
      "", ("Vitest", "mock")),
    C("new-21", "new", "zh", "preferences", "preference", "用户不喜欢缩写变量名（usr、cfg 之类），倾向写完整单词", "",
      ("命名",)),
    C("new-22", "new", "en", "facts", "fact",
      "Payments talks to Stripe only through apps/api/payments/stripe_client.py, which tests replace with a fake",
      "", ("payments", "Stripe"), note="a path inside the project"),
    C("new-23", "new", "en", "decisions", "decision", "API pagination is cursor-based (opaque base64 cursor), not offset-based",
      "Why: the orders table is past 10M rows and OFFSET scans got slow.", ("API", "pagination")),
    C("new-24", "new", "zh", "pitfalls", "pitfall", "Alembic 迁移里不能 import 应用的 ORM model，模型一改历史迁移就跑不起来",
      "How to apply: 迁移里用 sa.table() / sa.column() 临时声明需要的列。", ("Alembic", "迁移"),
      note="shares Alembic with two entries"),
    C("new-25", "new", "en", "facts", "fact", "Uploads go to Cloudflare R2 through its S3 API; buckets are named "
      "harbor-uploads-<env>", "", ("uploads", "R2")),
    C("new-26", "new", "en", "pitfalls", "pitfall",
      "Fly's .internal DNS only resolves inside the private network, so local scripts reach the DB via "
      "`fly proxy 5433:5432`", "", ("Fly", "Postgres"), note="shares ports 5433 and 5432 with facts/local-dev-ports"),
    C("new-27", "new", "mixed", "decisions", "decision", "前端的服务端状态用 TanStack Query 管理，不引入 Redux",
      "", ("state", "TanStack Query")),
    C("new-28", "new", "en", "facts", "fact",
      "Billing v2 ships dark behind the `payments-billing-v2` Unleash flag",
      "It was developed on feat/billing-v2, but all of it is merged into main; turning the flag on is the launch.",
      ("billing", "Unleash"), note="a durable fact that mentions a branch as context", unsure=True),
    C("new-29", "new", "en", "decisions", "decision",
      "Celery was tried in 2023 and dropped because its prefork pool leaked connections with async SQLAlchemy",
      "", ("Celery",), note="overlaps decisions/rq-not-celery but adds the reason"),
    C("new-30", "new", "zh", "facts", "fact", "客服后台 apps/admin 只给内部员工用，登录走 Google Workspace SSO，不走租户账号",
      "", ("admin", "SSO")),
    C("new-31", "new", "en", "preferences", "preference",
      "User likes commit messages in Conventional Commits style (feat:, fix:, chore:)", "", ("commit",)),
    C("new-32", "new", "en", "pitfalls", "pitfall",
      "`fly deploy` uses a remote builder by default; pass --local-only when the remote builder is out of disk",
      "", ("Fly", "deploy")),
    C("new-33", "new", "mixed", "facts", "fact", "API rate limit 是每个租户每分钟 600 次，超过返回 429 和 Retry-After",
      "", ("rate limit",)),
    C("new-34", "new", "en", "decisions", "decision",
      "Transactional email goes through Postmark; templates are MJML files in apps/api/emails/templates",
      "", ("email", "Postmark")),
    C("new-35", "new", "zh", "pitfalls", "pitfall", "Next.js 14 的 fetch 默认缓存 GET 请求，要拿实时数据得加 cache: 'no-store'",
      "", ("Next.js", "缓存")),
    C("new-36", "new", "en", "facts", "fact", "The API Docker image is built from python:3.12-slim and runs as uid 10001",
      "", ("Docker",), note="shares Python 3.12 with facts/python-312"),
    C("new-37", "new", "en", "pitfalls", "pitfall",
      "Tests use Redis db 15 and flush it on teardown, so pointing the test env at the dev Redis (db 0) wipes it",
      "", ("Redis", "tests")),
    C("new-38", "new", "en", "facts", "fact", "Logs are kept 14 days in Better Stack; anything older is gone",
      "", ("logs",)),
)

RULES: tuple[Case, ...] = (
    C("rule-01", "rule", "en", "rules", "rule", "Always run `pnpm lint && pnpm typecheck` before pushing", "",
      ("lint",)),
    C("rule-02", "rule", "en", "rules", "rule", "Never commit .env files", "Use .env.example for documentation.",
      ("env",)),
    C("rule-03", "rule", "zh", "rules", "rule", "所有数据库结构变更必须通过 Alembic 迁移，禁止手工改表", "", ("数据库",)),
    C("rule-04", "rule", "zh", "rules", "rule", "禁止在 worker 里直接调用 Stripe API，必须走 payments 服务", "",
      ("Stripe", "worker")),
    C("rule-05", "rule", "en", "preferences", "preference", "Always write tests for new API endpoints", "",
      ("tests",), note="a rule filed as a preference"),
    C("rule-06", "rule", "en", "decisions", "decision", "IRON RULE: never deploy to prod on Fridays", "",
      ("deploy",), note="says it is an iron rule, filed as a decision"),
    C("rule-07", "rule", "mixed", "facts", "fact", "铁规则：生产环境的配置只能通过 fly secrets 修改", "", ("config",),
      note="says it is an iron rule, filed as a fact"),
    C("rule-08", "rule", "en", "rules", "rule", "Must use `uv add` for Python dependencies, never pip install", "",
      ("uv",)),
    C("rule-09", "rule", "en", "rules", "rule", "MUST NOT log request bodies of /payments endpoints", "PII.",
      ("logging",)),
    C("rule-10", "rule", "zh", "preferences", "preference", "代码里一律不许留 console.log，提交前必须删掉", "",
      ("console.log",), note="a rule filed as a preference"),
    C("rule-11", "rule", "en", "conventions", "rule", "All new tables must have created_at and updated_at timestamptz "
      "columns", "", ("schema",), note="a category the root does not have"),
    C("rule-12", "rule", "en", "rules", "rule", "Never use `any` in TypeScript; use `unknown` and narrow", "",
      ("TypeScript",)),
    C("rule-13", "rule", "zh", "rules", "rule", "每个 PR 都必须更新 CHANGELOG.md", "", ("CHANGELOG",)),
    C("rule-14", "rule", "en", "rules", "rule",
      "The assistant must always ask before running destructive commands like `fly apps destroy` or DROP TABLE",
      "", ("safety",)),
    C("rule-15", "rule", "mixed", "decisions", "rule", "Rule: 所有对外 API 响应字段一律用 camelCase", "", ("API",),
      note="kind rule in decisions"),
    C("rule-16", "rule", "en", "decisions", "decision",
      "Add to the iron rules: no raw SQL in route handlers, go through the repository layer", "", ("SQL",),
      note="asks for an iron rule, filed as a decision"),
    C("rule-17", "rule", "zh", "preferences", "preference", "以后一律用 pnpm dlx，禁止用 npx", "", ("pnpm",),
      note="a rule filed as a preference; shares pnpm and 一律 with preferences/pnpm-only"),
    C("rule-18", "rule", "en", "rules", "rule", "Always pin GitHub Actions to a full commit SHA, never to a tag", "",
      ("GitHub Actions",)),
    C("rule-19", "rule", "en", "rules", "rule", "Never bypass pre-commit hooks with --no-verify", "", ("git",)),
    C("rule-20", "rule", "zh", "rules", "rule", "任何情况下都不得把用户手机号写进日志", "", ("日志",)),
    C("rule-21", "rule", "en", "pitfalls", "pitfall", "Hard rule: every Playwright test must delete the data it creates",
      "", ("Playwright",), note="calls itself a hard rule, filed as a pitfall"),
    C("rule-22", "rule", "mixed", "rules", "rule", "Always 用 `make test` 跑测试，不要直接调用 pytest", "", ("test",)),
    C("rule-23", "rule", "en", "rules", "rule", "You must run `pnpm gen:api` after changing any FastAPI route signature",
      "", ("api-client",), note="shares pnpm gen:api and FastAPI with facts/generated-api-client"),
    C("rule-24", "rule", "zh", "rules", "rule", "新增第三方依赖必须先在 issue 里讨论", "", ("依赖",)),
    C("rule-25", "rule", "en", "rules", "iron-rule",
      "Secrets come only from fly secrets or GitHub Actions secrets; never hard-code them", "", ("secrets",),
      note="talks about secrets, carries none"),
    C("rule-26", "rule", "en", "preferences", "preference", "Never use abbreviations like usr or cfg in identifiers",
      "", ("naming",), note="an absolute style preference: rule or preference is debatable", unsure=True),
    C("rule-27", "rule", "en", "preferences", "preference", "Going forward, always squash-merge PRs", "", ("git",),
      note="a working habit phrased as 'always': rule or preference is debatable", unsure=True),
    C("rule-28", "rule", "en", "rules", "rule", "Never push directly to main", "Every change goes through a PR.",
      ("git",), note="restates an iron rule a person already wrote in ROOT.md: a proposal or a duplicate?",
      unsure=True),
    C("rule-29", "rule", "mixed", "rules", "rule", "Never 在 migration 里做 data backfill，backfill 一律走 RQ job", "",
      ("migration",)),
)

TASK_STATE: tuple[Case, ...] = (
    C("task-01", "task-state", "en", "facts", "fact",
      "Implemented retry with exponential backoff in the webhook worker; all tests pass now", "", ("webhook",),
      sub="task"),
    C("task-02", "task-state", "en", "facts", "todo", "TODO: wire the usage meter into the billing settings page", "",
      ("billing",), sub="task"),
    C("task-03", "task-state", "zh", "facts", "progress", "今天完成了订单导出的后端部分，前端还没做", "", ("导出",),
      sub="task"),
    C("task-04", "task-state", "zh", "facts", "task", "下一步：给 /v1/invoices 接口加分页", "", ("invoices",), sub="task"),
    C("task-05", "task-state", "en", "facts", "status", "PR #142 (billing meters) is waiting for review from @liwei",
      "", ("billing",), sub="task"),
    C("task-06", "task-state", "mixed", "facts", "progress", "当前进度：Stripe webhook 已经接通，还差签名校验", "",
      ("Stripe",), sub="task"),
    C("task-07", "task-state", "en", "facts", "note",
      "In this session we refactored the auth middleware and fixed 3 failing tests", "", ("auth",), sub="task"),
    C("task-08", "task-state", "en", "pitfalls", "pitfall", "Fixed the flaky Playwright test in checkout.spec.ts", "",
      ("Playwright",), sub="task", note="a work log, no reason given"),
    C("task-09", "task-state", "zh", "pitfalls", "pitfall", "已修复 Redis 缓存过期时间的 bug", "", ("Redis",), sub="task",
      note="a work log that also shares keywords with pitfalls/redis-py-ex-seconds"),
    C("task-10", "task-state", "en", "facts", "status", "Currently blocked on the Stripe test-mode account approval",
      "", ("Stripe",), sub="task"),
    C("task-11", "task-state", "en", "facts", "status", "Migration 0042 is applied on staging but not yet on prod", "",
      ("migration",), sub="task"),
    C("task-12", "task-state", "zh", "facts", "todo", "待办：升级 Next.js 到 14.2 之后做一轮回归测试", "", ("Next.js",),
      sub="task"),
    C("task-13", "task-state", "en", "facts", "note", "Tests pass now after bumping vitest to 1.6", "", ("vitest",),
      sub="task"),
    C("task-14", "task-state", "zh", "facts", "note", "本次会话把登录页的文案改成了 next-intl", "", ("next-intl",),
      sub="task"),
    C("task-15", "task-state", "mixed", "facts", "progress", "Billing v2 完成度大概 60%，剩下 invoice 页面和邮件通知", "",
      ("billing",), sub="task"),
    C("branch-01", "task-state", "en", "facts", "fact", "We're on branch feat/billing-v2", "", ("git",), sub="branch"),
    C("branch-02", "task-state", "zh", "facts", "fact", "当前在 fix/rls-policy 分支上开发", "", ("git",), sub="branch"),
    C("branch-03", "task-state", "en", "facts", "fact",
      "Invoice pagination work happens on the feature/invoices-pagination branch", "", ("invoices",), sub="branch"),
    C("branch-04", "task-state", "mixed", "facts", "fact", "切到了 hotfix/redis-ttl 分支修缓存问题", "", ("Redis",),
      sub="branch"),
    C("branch-05", "task-state", "en", "facts", "fact",
      "The current branch is chore/upgrade-next-14-2, rebased on main this morning", "", ("git",), sub="branch"),
    C("branch-06", "task-state", "en", "decisions", "decision",
      "Payment changes go on liwei/payments-refactor until that branch is merged", "", ("payments",), sub="branch"),
    C("path-01", "task-state", "en", "facts", "fact",
      "The Stripe client is at /home/me/proj/harbor/apps/api/payments/stripe_client.py", "", ("Stripe",),
      sub="path", note="another user's home folder, not this machine's"),
    C("path-02", "task-state", "en", "facts", "fact", "The repo is checked out at <<project>>; run make from there", "",
      ("make",), sub="path"),
    C("path-03", "task-state", "zh", "facts", "fact", "数据库 dump 放在 /tmp/harbor-dump-0612.sql", "", ("数据库",),
      sub="path"),
    C("path-04", "task-state", "mixed", "facts", "fact", "uv 的虚拟环境在 <<project>>/.venv 下面", "", ("uv",),
      sub="path"),
    C("path-05", "task-state", "en", "facts", "fact",
      "Playwright traces are written to /Users/alice/code/harbor/apps/web/test-results/", "", ("Playwright",),
      sub="path", note="a macOS home folder"),
    C("path-06", "task-state", "en", "facts", "fact", "Image domains are configured in <<project>>/apps/web/next.config.mjs",
      "", ("Next.js",), sub="path", note="a durable fact spoiled by this machine's absolute path"),
    C("path-07", "task-state", "zh", "facts", "fact", "API 日志在 <<home>>/harbor/logs/api.log 里看", "", ("日志",),
      sub="path"),
    C("chat-01", "task-state", "en", "facts", "note", "Thanks, that works!", "", (), sub="chatter"),
    C("chat-02", "task-state", "en", "facts", "note", "The user asked me to fix the failing test", "", (),
      sub="chatter"),
    C("chat-03", "task-state", "zh", "facts", "note", "用户说谢谢，问题解决了", "", (), sub="chatter"),
    C("chat-04", "task-state", "en", "facts", "note", "Great, let's continue tomorrow", "", (), sub="chatter"),
    C("chat-05", "task-state", "zh", "facts", "note", "好的", "", (), sub="chatter"),
    C("chat-06", "task-state", "en", "facts", "note", "User said hi and asked how the project is structured", "", (),
      sub="chatter"),
    C("chat-07", "task-state", "mixed", "facts", "note", "用户确认 OK，可以 merge 了", "", (), sub="chatter"),
    C("chat-08", "task-state", "en", "facts", "note", "Sounds good 👍", "", (), sub="chatter"),
    C("chat-09", "task-state", "en", "facts", "note", "The user wanted a quick explanation of what RLS is", "",
      ("RLS",), sub="chatter"),
)

SECRETS: tuple[Case, ...] = (
    C("secret-01", "secret", "en", "facts", "fact", "The release script authenticates with a GitHub PAT",
      "Token: <<github_pat>>\nHow to apply: export it as GH_TOKEN before running scripts/release.sh.", ("release",)),
    C("secret-02", "secret", "en", "facts", "fact", "Backup job credentials for S3",
      "access key <<aws_key_id>>, secret access key <<aws_secret>>", ("backup", "S3")),
    C("secret-03", "secret", "mixed", "facts", "fact", "客服机器人用的 OpenAI API key 是 <<openai_legacy>>", "",
      ("OpenAI",)),
    C("secret-04", "secret", "zh", "facts", "fact", "Stripe 测试环境的 secret key：<<stripe_test>>", "", ("Stripe",)),
    C("secret-05", "secret", "en", "facts", "fact", "Prod Stripe key for the payments service",
      "STRIPE_SECRET_KEY=<<stripe_live>>", ("Stripe", "prod")),
    C("secret-06", "secret", "en", "facts", "fact", "Deploy notifications go to the #deploys Slack webhook",
      "URL: <<slack_webhook>>", ("Slack", "deploy")),
    C("secret-07", "secret", "en", "facts", "fact", "The #deploys bot posts with token <<slack_bot>>", "", ("Slack",)),
    C("secret-08", "secret", "en", "facts", "fact", "Address autocomplete uses the Google Maps key <<google_api>>", "",
      ("maps",)),
    C("secret-09", "secret", "zh", "facts", "fact", "GitLab 镜像仓库用的 token", "<<gitlab_pat>>", ("GitLab",)),
    C("secret-10", "secret", "en", "facts", "fact", "npm publish token for @harbor/ui",
      "Put it in ~/.npmrc as //registry.npmjs.org/:_authToken=<<npm_token>>", ("npm", "publish")),
    C("secret-11", "secret", "en", "facts", "fact", "Staging database connection string",
      "DATABASE_URL=<<pg_url>>", ("staging", "database")),
    C("secret-12", "secret", "mixed", "facts", "fact", "摘要功能用的 Anthropic key", "ANTHROPIC_API_KEY=<<anthropic_key>>",
      ("Anthropic",)),
    C("secret-13", "secret", "en", "facts", "fact", "Deploy key for the bastion host (ed25519)", "<<openssh_key>>",
      ("bastion", "ssh")),
    C("secret-14", "secret", "en", "facts", "fact", "Sentry auth token for source-map uploads: <<sentry_token>>", "",
      ("Sentry",), note="a format memsync's docs do not list"),
    C("secret-15", "secret", "zh", "facts", "fact", "下载 embedding 模型用的 Hugging Face token：<<hf_token>>", "",
      ("embedding",)),
    C("secret-16", "secret", "en", "facts", "fact", "Legacy SendGrid key (before the Postmark switch)",
      "<<sendgrid_key>> — still used by the old newsletter cron", ("email",)),
    C("secret-17", "secret", "en", "facts", "fact", "Postmark server token for transactional email",
      "X-Postmark-Server-Token: <<postmark_token>>", ("email", "Postmark"),
      note="a bare UUID after a header name; only the name says it is a credential"),
    C("secret-18", "secret", "en", "facts", "fact", "JWT signing secret for the API", "JWT_SECRET=<<signing_secret>>",
      ("auth", "JWT")),
    C("secret-19", "secret", "mixed", "facts", "fact", "生产 Redis 的连接串", "REDIS_URL=<<redis_url>>", ("Redis",)),
    C("secret-20", "secret", "en", "facts", "fact", "Renovate uses a fine-grained GitHub token: <<github_fine_pat>>", "",
      ("Renovate",)),
    C("secret-21", "secret", "en", "facts", "fact", "On-call alerts go to Telegram through the bot <<telegram_bot>>", "",
      ("alerts",)),
    C("secret-22", "secret", "zh", "facts", "fact", "PyPI 上传 harbor-sdk 用的 token", "<<pypi_token>>", ("PyPI",)),
    C("secret-23", "secret", "en", "facts", "fact", "Long-lived test user JWT for curl against staging",
      "curl -H 'Authorization: Bearer <<jwt>>' https://harbor-staging.fly.dev/v1/me", ("curl", "staging")),
    C("secret-24", "secret", "en", "facts", "fact", "Twilio credentials for SMS login codes",
      "account SID <<twilio_sid>>, auth token <<twilio_token>>", ("SMS", "Twilio")),
    C("secret-25", "secret", "en", "facts", "fact", "DigitalOcean token for the legacy droplet: <<do_token>>", "",
      ("DigitalOcean",)),
    C("secret-26", "secret", "zh", "facts", "fact", "阿里云短信服务的 AccessKey",
      "AccessKey ID：<<aliyun_key_id>>\nAccessKey Secret：<<aliyun_secret>>", ("阿里云", "短信")),
    C("secret-27", "secret", "en", "pitfalls", "pitfall", "The staging RSA key must be passed with -i to ssh",
      "```\n<<rsa_key>>\n```", ("ssh",), note="a PEM key pasted into a code fence"),
    C("secret-28", "secret", "zh", "facts", "fact", "生产数据库 harbor_app 用户的密码", "密码：<<db_password>>",
      ("数据库",)),
    C("secret-29", "secret", "mixed", "facts", "fact", "CI 里发版用的 GitHub token 是 <<github_pat>>", "", ("CI",)),
    C("secret-30", "secret", "zh", "facts", "fact", "腾讯云 COS 的访问凭证",
      "SecretId：<<tencent_secret_id>>，SecretKey：<<tencent_secret_key>>", ("COS",),
      note="a format memsync's docs do not list; the names say what it is"),
    C("secret-31", "secret", "mixed", "facts", "fact", "Stripe webhook 的 signing secret 是 <<stripe_webhook_secret>>", "",
      ("Stripe", "webhook")),
)

CASES: tuple[Case, ...] = DUPLICATES + PARAPHRASES + NEW + RULES + TASK_STATE + SECRETS

# --- fake credentials, generated at run time ---------------------------------------------------

B62 = string.ascii_letters + string.digits
B64 = B62 + "+/"
B64URL = B62 + "-_"
HEX = "0123456789abcdef"
UPPER_DIGITS = string.ascii_uppercase + string.digits
BASE32 = string.ascii_uppercase + "234567"  # AWS key ids are base-32: no 0, 1, 8 or 9 ever appears


def _pick(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _pem(r: random.Random, label: str, head: bytes) -> str:
    body = base64.b64encode(head + r.randbytes(300)).decode()
    lines = [body[i:i + 70] for i in range(0, len(body), 70)]
    return "\n".join([f"-----BEGIN {label} PRIVATE KEY-----", *lines, f"-----END {label} PRIVATE KEY-----"])


def _jwt(r: random.Random) -> str:
    head = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {"sub": f"user_{r.randrange(10**6)}", "tenant": "demo", "iat": 1718000000 + r.randrange(10**6)}
    return f"{head}.{_b64url(json.dumps(claims, separators=(',', ':')).encode())}.{_b64url(r.randbytes(32))}"


# Each format as its vendor documents it: a generator and the pattern a value must match.
SECRET_FORMATS: dict[str, tuple[Callable[[random.Random], str], str]] = {
    "github_pat": (lambda r: "ghp_" + _pick(r, B62, 36), r"ghp_[A-Za-z0-9]{36}"),
    "github_fine_pat": (lambda r: "github_pat_" + _pick(r, B62, 22) + "_" + _pick(r, B62, 59),
                        r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}"),
    "aws_key_id": (lambda r: "AKIA" + _pick(r, BASE32, 16), r"AKIA[A-Z2-7]{16}"),
    "aws_secret": (lambda r: _pick(r, B64, 40), r"[A-Za-z0-9+/]{40}"),
    "openai_legacy": (lambda r: "sk-" + _pick(r, B62, 20) + "T3BlbkFJ" + _pick(r, B62, 20),
                      r"sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}"),
    "anthropic_key": (lambda r: "sk-ant-api03-" + _pick(r, B64URL, 93) + "AA", r"sk-ant-api03-[A-Za-z0-9_-]{93}AA"),
    "stripe_live": (lambda r: "sk_live_" + _pick(r, B62, 24), r"sk_live_[A-Za-z0-9]{24}"),
    "stripe_test": (lambda r: "sk_test_" + _pick(r, B62, 24), r"sk_test_[A-Za-z0-9]{24}"),
    "slack_bot": (lambda r: f"xoxb-{_pick(r, string.digits, 12)}-{_pick(r, string.digits, 13)}-{_pick(r, B62, 24)}",
                  r"xoxb-[0-9]{12}-[0-9]{13}-[A-Za-z0-9]{24}"),
    "slack_webhook": (lambda r: "https://hooks.slack.com/services/T" + _pick(r, UPPER_DIGITS, 8) + "/B"
                      + _pick(r, UPPER_DIGITS, 10) + "/" + _pick(r, B62, 24),
                      r"https://hooks\.slack\.com/services/T[A-Z0-9]{8}/B[A-Z0-9]{10}/[A-Za-z0-9]{24}"),
    "google_api": (lambda r: "AIza" + _pick(r, B64URL, 35), r"AIza[A-Za-z0-9_-]{35}"),
    "gitlab_pat": (lambda r: "glpat-" + _pick(r, B64URL, 20), r"glpat-[A-Za-z0-9_-]{20}"),
    "npm_token": (lambda r: "npm_" + _pick(r, B62, 36), r"npm_[A-Za-z0-9]{36}"),
    "pg_url": (lambda r: "postgresql://harbor_app:" + _pick(r, B62, 20) + "@harbor-db.internal:5432/harbor",
               r"postgresql://harbor_app:[A-Za-z0-9]{20}@harbor-db\.internal:5432/harbor"),
    "redis_url": (lambda r: "redis://default:" + _pick(r, B62, 24) + "@harbor-redis.internal:6379/0",
                  r"redis://default:[A-Za-z0-9]{24}@harbor-redis\.internal:6379/0"),
    "openssh_key": (lambda r: _pem(r, "OPENSSH", b"openssh-key-v1\x00"),
                    r"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA[A-Za-z0-9+/=\n]+"
                    r"\n-----END OPENSSH PRIVATE KEY-----"),
    "rsa_key": (lambda r: _pem(r, "RSA", b"\x30\x82\x04\xa4\x02\x01\x00"),
                r"-----BEGIN RSA PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+\n-----END RSA PRIVATE KEY-----"),
    "sentry_token": (lambda r: "sntryu_" + _pick(r, HEX, 64), r"sntryu_[0-9a-f]{64}"),
    "hf_token": (lambda r: "hf_" + _pick(r, string.ascii_letters, 34), r"hf_[A-Za-z]{34}"),
    "sendgrid_key": (lambda r: "SG." + _pick(r, B64URL, 22) + "." + _pick(r, B64URL, 43),
                     r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    "postmark_token": (lambda r: str(uuid.UUID(bytes=r.randbytes(16), version=4)),
                       r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
    "signing_secret": (lambda r: _b64url(r.randbytes(48)), r"[A-Za-z0-9_-]{64}"),
    "telegram_bot": (lambda r: str(r.randrange(10**8, 10**10)) + ":AA" + _pick(r, B64URL, 33),
                     r"[0-9]{8,10}:AA[A-Za-z0-9_-]{33}"),
    "pypi_token": (lambda r: "pypi-" + "AgEIcHlwaS5vcmc" + _pick(r, B64URL, 160), r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{160}"),
    "jwt": (_jwt, r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}"),
    "twilio_sid": (lambda r: "AC" + _pick(r, HEX, 32), r"AC[0-9a-f]{32}"),
    "twilio_token": (lambda r: _pick(r, HEX, 32), r"[0-9a-f]{32}"),
    "do_token": (lambda r: "dop_v1_" + _pick(r, HEX, 64), r"dop_v1_[0-9a-f]{64}"),
    "aliyun_key_id": (lambda r: "LTAI" + _pick(r, B62, 20), r"LTAI[A-Za-z0-9]{20}"),
    "aliyun_secret": (lambda r: _pick(r, B62, 30), r"[A-Za-z0-9]{30}"),
    "tencent_secret_id": (lambda r: "AKID" + _pick(r, B62, 32), r"AKID[A-Za-z0-9]{32}"),
    "tencent_secret_key": (lambda r: _pick(r, B62, 32), r"[A-Za-z0-9]{32}"),
    "stripe_webhook_secret": (lambda r: "whsec_" + _pick(r, B62, 32), r"whsec_[A-Za-z0-9]{32}"),
    "db_password": (lambda r: _pick(r, B62 + "!#%^*_-+=", 18), r"[A-Za-z0-9!#%^*_+=-]{18}"),
}
PLACES = ("project", "home")  # markers that are paths, not secrets


@dataclass(frozen=True)
class Rendered:
    case: Case
    candidate: dict[str, object]  # as a model answers it
    secrets: dict[str, str]  # marker -> the fake value put in


def fake(name: str, seed: int, key: str) -> str:
    """The fake value of one marker for one case: random, in the vendor's format, reproducible."""
    make, _ = SECRET_FORMATS[name]
    return make(random.Random(f"{seed}:{key}:{name}"))


def render(case: Case, *, seed: int, places: Mapping[str, str]) -> Rendered:
    """``case`` as a candidate, markers filled: fake secrets from ``seed``, paths from ``places``."""
    values: dict[str, str] = {}
    secrets: dict[str, str] = {}
    for name in case.markers:
        if name in PLACES:
            values[name] = places[name]
        elif name in SECRET_FORMATS:
            values[name] = secrets[name] = fake(name, seed, case.key)
        else:
            raise KeyError(f"{case.key}: unknown marker <<{name}>>")

    def fill(text: str) -> str:
        return MARKER.sub(lambda m: values[m.group(1)], text)

    return Rendered(case, {"category": case.category, "kind": case.kind, "summary": fill(case.summary),
                           "body": fill(case.body), "load_when": list(case.load_when)}, secrets)


def root_entry_ids() -> set[str]:
    return {e.id for e in ROOT_ENTRIES}
