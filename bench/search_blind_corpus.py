"""A blind evaluation set for memsync search and context (bench/search_blind.py).

Hand-written from descriptions of how people keep coding-agent memory and ask for it, by
someone who had not read memsync's tokenizer, ranker, context builder or its own search
corpus (see bench/results/search_blind.md, "How it was kept blind").

Two roots: a project root (the "harbor" monorepo: a Next.js web app, a FastAPI API, workers,
a Flutter app, infra) and a global root (one developer's preferences and cross-project
notes). ``ENTRIES`` holds the entries; ``QUERIES`` the questions, each with its family and
graded labels (2 = the answer, 1 = also useful; an empty dict = memory holds no answer).
Keys are ``<scope>:<category>/<slug>`` with scope ``project`` or ``global``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

DAY_MS = 86_400_000
# Fixed so that the files are byte-identical across runs; "days" below count back from it.
BASE_MS = 1_795_132_800_000  # 2026-11-20T00:00:00Z


@dataclass(frozen=True)
class Entry:
    key: str  # "<scope>:<category>/<slug>"
    kind: str
    summary: str
    load_when: tuple[str, ...]
    body: str
    days: int = 30  # age of `updated`, in days before BASE_MS
    pinned: bool = False
    highlight: str | None = None
    supersedes: tuple[str, ...] = ()

    @property
    def scope(self) -> str:
        return self.key.split(":", 1)[0]

    @property
    def id(self) -> str:
        return self.key.split(":", 1)[1]


@dataclass(frozen=True)
class Query:
    family: str
    text: str
    labels: dict[str, int] = field(default_factory=dict)


ENTRIES: list[Entry] = []
QUERIES: list[Query] = []
# Lines for the "Iron rules" section of each root's ROOT.md.
IRON_RULES = {
    "project": [
        "- 禁止直接 push 到 main，所有改动走 PR。",
        "- Never run migrations against the production database from a laptop.",
        "- 生产环境的密钥只放在 Vault，不许写进仓库或 .env.example。",
    ],
    "global": [
        "- Always answer me in Chinese unless I write in English first.",
        "- 不要在没问我的情况下删除文件或分支。",
    ],
}

_SCOPES = {"p": "project", "g": "global"}


def writers(entries: list[Entry], queries: list[Query]):  # type: ignore[no-untyped-def]
    """``E`` and ``Q``: the shorthand a set is written in, appending to that set's own lists."""
    def E(scope: str, id_: str, kind: str, summary: str, load_when: list[str] | tuple[str, ...], body: str,
          d: int = 30, pin: bool = False, hl: str | None = None, sup: tuple[str, ...] = ()) -> None:
        entries.append(Entry(f"{_SCOPES[scope]}:{id_}", kind, summary, tuple(load_when), body.strip(), d, pin, hl,
                             sup))

    def Q(family: str, text: str, labels: dict[str, int] | None = None) -> None:
        queries.append(Query(family, text, {_expand(k): v for k, v in (labels or {}).items()}))

    return E, Q


def _expand(key: str) -> str:
    scope, _, rest = key.partition(":")
    return f"{_SCOPES.get(scope, scope)}:{rest}"


E, Q = writers(ENTRIES, QUERIES)


# --------------------------------------------------------------------------------------------
# Build, package manager, Docker
# --------------------------------------------------------------------------------------------
E("p", "decisions/pnpm-workspace", "decision", "整个 monorepo 统一用 pnpm workspace，不要再用 npm 或 yarn",
  ["pnpm", "依赖安装"],
  """以前 web 和 admin 各用各的包管理器，lockfile 经常冲突。现在根目录一个 pnpm-workspace.yaml，
装依赖一律 pnpm install。CI 和 Dockerfile 里也只认 pnpm-lock.yaml。""", d=120, pin=True)
E("p", "decisions/npm-for-web", "decision", "web 目录用 npm 安装依赖", ["npm"],
  "早期决定：web 用 npm，admin 用 yarn。", d=400)
E("p", "rules/frozen-lockfile-in-ci", "rule", "CI 和部署前必须跑 pnpm install --frozen-lockfile",
  ["CI", "lockfile"],
  """不加 --frozen-lockfile 的话 pnpm 会悄悄改 lockfile，线上装出来的版本和本地不一致。
上次 sharp 的小版本被升上去，构建镜像直接挂了。""", d=60)
E("p", "pitfalls/pnpm-hoist-eslint", "pitfall", "ESLint plugins not found after switching to pnpm",
  ["eslint", "pnpm"],
  """pnpm does not hoist packages by default, so eslint could not resolve eslint-plugin-react from the
shared config. Fix: public-hoist-pattern[]=*eslint* in .npmrc. Do not switch to shamefully-hoist.""", d=90)
E("p", "facts/node-version", "fact", "The repo pins Node 20.11 via .nvmrc and engines",
  ["node", "nvm"],
  """Node 18 breaks the build (we use the fetch() timeout signal and Array.prototype.findLast).
The Docker base image is node:20.11-bookworm-slim. Run `nvm use` in the repo root.""", d=45)
E("p", "pitfalls/docker-build-cache-bust", "pitfall", "Docker 镜像每次都从头构建，缓存失效",
  ["docker", "构建缓存"],
  """Dockerfile 里先 COPY . . 再 pnpm install，任何文件改动都会让依赖层失效。
改成先只 COPY package.json、pnpm-lock.yaml、pnpm-workspace.yaml，装完依赖再 COPY 源码。构建时间从 9 分钟降到 2 分钟。""", d=75)
E("p", "decisions/multi-stage-docker", "decision", "API image uses a multi-stage build on python:3.12-slim",
  ["docker", "api image"],
  """Builder stage installs with uv into /opt/venv; the runtime stage copies only the venv and the app.
Alpine was rejected: musl wheels for psycopg and orjson had to be compiled and the image was bigger in the end.""", d=150)
E("p", "pitfalls/docker-apple-silicon", "pitfall", "在 M1/M2 Mac 上 build 的镜像在线上起不来：exec format error",
  ["docker", "arm64"],
  """本地是 arm64，线上节点是 amd64。本地要推镜像时必须加 --platform linux/amd64，
或者干脆只让 CI 去 build 和 push。""", d=200)
E("p", "facts/registry", "fact", "Container images live in the GitLab registry registry.harbor.dev/platform/*",
  ["镜像仓库", "registry"],
  """Tags are the short git SHA plus the branch (api:3f9c2d1-main). `latest` is never deployed.
Images older than 90 days are cleaned up by the registry policy.""", d=100)
E("p", "pitfalls/sharp-prebuilt", "pitfall", "sharp 安装失败：缺少 libvips 预编译包",
  ["sharp", "图片处理"],
  """在 CI 的 slim 镜像里 sharp 的 postinstall 下载预编译二进制会被公司代理拦掉。
解决：设置 npm_config_sharp_binary_host 指向内网镜像，或者在 .npmrc 里配置 sharp_binary_host。""", d=80)
E("p", "facts/turbo-cache", "fact", "Turborepo 远程缓存放在自建的 S3 bucket harbor-turbo-cache",
  ["turbo", "构建缓存"],
  """TURBO_TOKEN 和 TURBO_TEAM 在 CI 的 secret 里；本地想用远程缓存需要找 infra 要 token。
缓存命中时 web 的 build 只要 40 秒。""", d=55)

# --------------------------------------------------------------------------------------------
# CI
# --------------------------------------------------------------------------------------------
E("p", "facts/ci-pipeline", "fact", "CI runs on GitHub Actions: lint, typecheck, unit, e2e, build, in that order",
  ["CI", "GitHub Actions"],
  """The workflow is .github/workflows/ci.yml. e2e only runs when apps/web or apps/api changed (paths filter).
A full run takes about 14 minutes; the merge queue requires all jobs green.""", d=40)
E("p", "pitfalls/ci-flaky-e2e", "pitfall", "Playwright e2e 在 CI 上随机失败，本地永远复现不了",
  ["Playwright", "flaky", "e2e"],
  """根因：测试依赖上一个用例创建的数据，CI 上并行 worker 顺序不固定。
每个 spec 必须在 beforeEach 里通过 API 自己造数据，不要依赖种子数据的顺序。""", d=35)
E("p", "pitfalls/ci-cache-key", "pitfall", "GitHub Actions cache never hit because the key included the run number",
  ["GitHub Actions", "cache"],
  """Someone used ${{ github.run_number }} in the cache key. Use hashFiles('pnpm-lock.yaml') instead;
the pnpm store cache went from 0% to 95% hits.""", d=110)
E("p", "rules/ci-required-checks", "rule", "不要为了合并去关掉 required checks，红了就修",
  ["CI", "合并"],
  "有人为了赶发布临时去掉了 typecheck 这个 required check，结果把类型错误带上了生产。管理员也不许这么做。", d=70)
E("p", "facts/ci-runners", "fact", "自托管 runner 跑在 k8s 里，label 是 harbor-large，8 核 16G",
  ["runner", "CI"],
  """GitHub 自带的 ubuntu-latest 跑 e2e 太慢。需要 Docker 的 job 要用 harbor-large（带 dind sidecar）。
runner 空闲 10 分钟就缩容，所以第一个 job 会多等一两分钟。""", d=65)
E("p", "pitfalls/ci-timezone", "pitfall", "Date tests pass locally and fail in CI around midnight",
  ["timezone", "tests"],
  """Runners are UTC, laptops are Asia/Shanghai. Tests that build "today" with new Date() broke between
00:00 and 08:00 Beijing time. Set TZ=UTC in the test script and use fake timers for "now".""", d=130)

Q("question", "为什么每次 docker build 都要重新装依赖，很慢", {"p:pitfalls/docker-build-cache-bust": 2, "p:facts/turbo-cache": 1})
Q("question", "which package manager should I use to install dependencies here?", {"p:decisions/pnpm-workspace": 2, "p:rules/frozen-lockfile-in-ci": 1})
Q("ident", "--frozen-lockfile", {"p:rules/frozen-lockfile-in-ci": 2})
Q("glued", "用pnpm装依赖", {"p:decisions/pnpm-workspace": 2, "p:rules/frozen-lockfile-in-ci": 1})
Q("crossling", "镜像在服务器上报 exec format error 怎么办", {"p:pitfalls/docker-apple-silicon": 2})
Q("crossling", "image built on my Mac won't start on the cluster", {"p:pitfalls/docker-apple-silicon": 2})
Q("paraphrase", "e2e tests fail randomly on the build server but pass on my machine", {"p:pitfalls/ci-flaky-e2e": 2})
Q("short", "flaky", {"p:pitfalls/ci-flaky-e2e": 2})
Q("variant", "playwrite tests randomly failing", {"p:pitfalls/ci-flaky-e2e": 2})
Q("paraphrase", "我们的流水线有哪些步骤，跑一次要多久", {"p:facts/ci-pipeline": 2, "p:facts/ci-runners": 1})
Q("question", "Why does the actions cache never get a hit?", {"p:pitfalls/ci-cache-key": 2})
Q("long", "I'm setting up a new job in our workflow that needs to run docker commands to build a test "
  "image. I tried it on ubuntu-latest and it just can't reach a docker daemon. I also want it not to take "
  "forever. Which runner should the job use?", {"p:facts/ci-runners": 2})
Q("glued", "CI用哪个runner跑docker", {"p:facts/ci-runners": 2})
Q("ident", "public-hoist-pattern", {"p:pitfalls/pnpm-hoist-eslint": 2})
Q("crossling", "切到 pnpm 以后 eslint 插件找不到了", {"p:pitfalls/pnpm-hoist-eslint": 2})
Q("variant", "which NODE version does the repo need", {"p:facts/node-version": 2})
Q("question", "测试在本地过了，CI 上凌晨的时候挂，跟时区有关吗", {"p:pitfalls/ci-timezone": 2})
Q("short", "sharp", {"p:pitfalls/sharp-prebuilt": 2})
Q("question", "where do we push container images and how are they tagged?", {"p:facts/registry": 2})

# --------------------------------------------------------------------------------------------
# Databases: Postgres, migrations, Redis
# --------------------------------------------------------------------------------------------
E("p", "facts/migrations-local", "fact", "Run database migrations locally with `make db-migrate` (alembic upgrade head)",
  ["alembic", "migrations"],
  """It reads DATABASE_URL from apps/api/.env.local; the compose Postgres listens on 5433, not 5432,
so it does not clash with a Postgres installed on the laptop. `make db-reset` drops and re-seeds.""", d=25)
E("p", "rules/migrations-reviewed", "rule", "每个 alembic migration 都要有 downgrade，并且在 PR 里单独 review",
  ["alembic", "migration"],
  """不写 downgrade 的 migration 一律打回。改大表（超过一千万行）的 migration 要先在 staging 上量一下锁表时间。""", d=50)
E("p", "pitfalls/alembic-autogenerate-enum", "pitfall", "alembic autogenerate 检测不到 Postgres enum 新增的值",
  ["alembic", "enum"],
  """给 OrderStatus 加了 REFUNDED，autogenerate 生成的是空 migration。必须手写
op.execute("ALTER TYPE order_status ADD VALUE 'REFUNDED'")，而且这句不能放在事务里（autocommit_block）。""", d=95)
E("p", "pitfalls/migration-lock-timeout", "pitfall", "A migration adding an index locked the orders table for 6 minutes",
  ["postgres", "index", "migration"],
  """CREATE INDEX without CONCURRENTLY takes a lock that blocks writes. Use
op.create_index(..., postgresql_concurrently=True) inside autocommit_block, and set lock_timeout = '5s'
at the top of every migration so it fails fast instead of queueing behind a long transaction.""", d=140, pin=True)
E("p", "facts/database-url", "fact", "DATABASE_URL 的格式和各环境的数据库在哪",
  ["DATABASE_URL", "数据库"],
  """格式 postgresql+psycopg://user:pass@host:port/harbor。本地 localhost:5433；staging 是 RDS 的 harbor-staging；
生产是 harbor-prod 主库加一个只读副本，只读副本的地址在 DATABASE_REPLICA_URL。""", d=60)
E("p", "decisions/postgres-16", "decision", "We run PostgreSQL 16 everywhere, including local compose",
  ["PostgreSQL", "version"],
  """Staging was on 14 and prod on 16 for a while; a query using MERGE worked on prod and failed on staging.
Now compose, CI service container and RDS are all 16.""", d=170)
E("p", "pitfalls/n-plus-one-orders", "pitfall", "订单列表接口很慢是因为 N+1 查询",
  ["N+1", "SQLAlchemy", "性能"],
  """每个订单去单独查 items 和 customer。用 selectinload(Order.items) 和 joinedload(Order.customer)，
接口 p95 从 1.8s 降到 120ms。开发环境可以打开 SQLALCHEMY_ECHO 看到底发了多少条 SQL。""", d=85)
E("p", "pitfalls/connection-pool-exhausted", "pitfall", "QueuePool limit reached errors under load",
  ["connection pool", "SQLAlchemy"],
  """Each API pod has pool_size=10, max_overflow=5 and we run 12 pods: 180 connections against an RDS limit of 200,
and the workers use the rest. Put pgbouncer (transaction mode) in front instead of raising the limits.""", d=55)
E("p", "facts/pgbouncer", "fact", "pgbouncer runs in transaction mode, so no session-level features",
  ["pgbouncer"],
  """Prepared statements, SET (without LOCAL), advisory locks held across transactions and LISTEN/NOTIFY
do not work through it. Workers that need LISTEN connect to the primary directly via DATABASE_DIRECT_URL.""", d=50)
E("p", "facts/redis-usage", "fact", "Redis 在我们这用来做缓存、限流和 Celery broker，分了三个 db",
  ["redis"],
  """db0 缓存，db1 限流计数，db2 Celery broker。不要用 FLUSHALL，会把队列里的任务一起清掉。""", d=90)
E("p", "decisions/cache-aside-ttl", "decision", "商品详情用 cache-aside，TTL 10 分钟加随机抖动",
  ["缓存", "redis", "TTL"],
  """固定 TTL 导致整点大量 key 同时过期，数据库被打穿（缓存雪崩）。现在 TTL = 600 秒 + 0~120 秒随机。
更新商品时直接删 key，不做双写。""", d=100)
E("p", "pitfalls/redis-keys-command", "pitfall", "Never run KEYS * on the production Redis",
  ["redis", "KEYS"],
  """KEYS blocked Redis for 3 seconds on 8M keys and every request timed out. Use SCAN with a MATCH pattern
and a COUNT, or redis-cli --scan.""", d=160)
E("p", "pitfalls/redis-session-eviction", "pitfall", "用户被随机登出：Redis 内存满了把 session 淘汰了",
  ["redis", "session", "登出"],
  """maxmemory-policy 是 allkeys-lru，缓存把 session 挤掉了。session 已经搬到单独的 Redis 实例（noeviction）。""", d=120)
E("p", "facts/read-replica", "fact", "报表和导出只能查只读副本，不要打主库",
  ["只读副本", "报表"],
  """用 get_replica_session()。副本延迟一般小于 1 秒，但凌晨跑批时可能到 30 秒，所以刚写完马上读的场景不能用副本。""", d=75)
E("p", "rules/sql-style", "rule", "SQL style: snake_case, plural table names, every table has created_at and updated_at",
  ["SQL", "naming"],
  "Foreign keys are <table_singular>_id. Timestamps are timestamptz, never timestamp without time zone.", d=200)

Q("question", "how do we run migrations locally", {"p:facts/migrations-local": 2, "p:facts/database-url": 1})
Q("crossling", "本地怎么跑数据库迁移", {"p:facts/migrations-local": 2})
Q("ident", "DATABASE_URL", {"p:facts/database-url": 2, "p:facts/migrations-local": 1})
Q("variant", "postgres version", {"p:decisions/postgres-16": 2})
Q("variant", "Which postgresql do we run in prod?", {"p:decisions/postgres-16": 2, "p:facts/database-url": 1})
Q("paraphrase", "adding a new value to an enum type, the generated revision is empty", {"p:pitfalls/alembic-autogenerate-enum": 2})
Q("long", "我在给 orders 表加一个索引，表挺大的，大概两千万行。上次有人加索引好像把线上搞挂了一段时间。"
  "我想知道应该怎么写这个 migration 才安全，另外需要注意什么超时设置吗？", {"p:pitfalls/migration-lock-timeout": 2, "p:rules/migrations-reviewed": 1})
Q("crossling", "建索引锁表", {"p:pitfalls/migration-lock-timeout": 2})
Q("question", "订单列表接口为什么这么慢", {"p:pitfalls/n-plus-one-orders": 2})
Q("ident", "QueuePool limit", {"p:pitfalls/connection-pool-exhausted": 2, "p:facts/pgbouncer": 1})
Q("paraphrase", "too many database connections from the pods", {"p:pitfalls/connection-pool-exhausted": 2, "p:facts/pgbouncer": 1})
Q("question", "can I use LISTEN/NOTIFY from a worker?", {"p:facts/pgbouncer": 2})
Q("glued", "用redis做缓存", {"p:decisions/cache-aside-ttl": 2, "p:facts/redis-usage": 1})
Q("paraphrase", "所有缓存在同一时间过期把数据库打挂了", {"p:decisions/cache-aside-ttl": 2})
Q("crossling", "cache stampede when keys expire at the same time", {"p:decisions/cache-aside-ttl": 2})
Q("question", "how do I find keys matching a pattern in prod redis safely?", {"p:pitfalls/redis-keys-command": 2})
Q("crossling", "users get logged out randomly", {"p:pitfalls/redis-session-eviction": 2})
Q("short", "只读副本", {"p:facts/read-replica": 2, "p:facts/database-url": 1})
Q("question", "导出报表应该连哪个库", {"p:facts/read-replica": 2})
Q("short", "redis", {"p:facts/redis-usage": 2, "p:decisions/cache-aside-ttl": 1, "p:pitfalls/redis-keys-command": 1,
                     "p:pitfalls/redis-session-eviction": 1})
Q("variant", "Timestamptz or timestamp for new columns?", {"p:rules/sql-style": 2})

# --------------------------------------------------------------------------------------------
# Deploys: Kubernetes, Helm, Argo CD, Terraform
# --------------------------------------------------------------------------------------------
E("p", "facts/deploy-flow", "fact", "部署流程：合并到 main 后 Argo CD 自动同步到 staging，生产要手动点 promote",
  ["部署", "Argo CD", "发布"],
  """CI 构建镜像并更新 deploy 仓库里 staging 的 values。生产环境在 Argo CD 里手动 sync，
只在工作日 10:00–16:00 发布，周五下午不发。""", d=30, pin=True)
E("p", "pitfalls/deploy-fails-migration-job", "pitfall", "部署卡住失败，多半是 pre-install 的 migration Job 没跑完",
  ["部署失败", "helm", "migration"],
  """helm hook 的 migration Job 默认超时 5 分钟，遇到锁表就超时，整个 release 变成 failed。
先 kubectl logs job/api-migrate 看原因，修好后 helm rollback 再重新 sync，不要直接删 Job。""", d=40)
E("p", "pitfalls/readiness-probe-too-early", "pitfall", "Pods restart in a loop right after deploy: liveness probe kills them during warm-up",
  ["kubernetes", "probe", "CrashLoopBackOff"],
  """The API loads the pricing model for ~40 s at start. The liveness probe started at 10 s and killed it.
Added a startupProbe (failureThreshold 30, period 5s); liveness only checks /healthz after that.""", d=60)
E("p", "facts/k8s-namespaces", "fact", "Kubernetes namespaces: harbor-staging, harbor-prod, harbor-jobs; kubectx names are stg and prd",
  ["k8s", "namespace", "kubectl"],
  """Everyone has read access to staging. Prod needs the on-call role via `aws sso login --profile harbor-prod`.
Never `kubectl edit` in prod; change the values in the deploy repo.""", d=80)
E("p", "decisions/helm-over-kustomize", "decision", "用 Helm chart 部署，不用 kustomize",
  ["helm", "kustomize"],
  """kustomize 的 overlay 在四个环境里复制粘贴得太多了。现在每个服务一个 chart，环境差异只在 values-<env>.yaml。""", d=300)
E("p", "pitfalls/hpa-memory", "pitfall", "HPA scaled the worker on memory and never scaled back down",
  ["HPA", "autoscaling", "kubernetes"],
  """Python workers never return memory to the OS, so memory-based autoscaling only goes up. Scale workers
on queue length (KEDA with the Redis list length) instead.""", d=90)
E("p", "facts/terraform-layout", "fact", "Terraform 代码在 infra/terraform，按环境分 state，state 存在 S3 加 DynamoDB 锁",
  ["terraform", "基础设施"],
  """目录 envs/staging、envs/prod，公共模块在 modules/。plan 在 PR 里由 Atlantis 自动跑，apply 要两个人 approve。""", d=110)
E("p", "pitfalls/terraform-state-lock", "pitfall", "terraform apply 报 Error acquiring the state lock",
  ["terraform", "state lock"],
  """通常是别人的 apply 中途被 Ctrl+C 了。先在 Atlantis 和 Slack #infra 确认没人在跑，
再 terraform force-unlock <LOCK_ID>。千万不要直接删 DynamoDB 里的记录。""", d=130)
E("p", "rules/no-console-changes", "rule", "No manual changes in the AWS console for anything Terraform manages",
  ["AWS", "terraform"],
  """Click-ops drift got reverted by the next apply and took the CDN down once. If it is urgent, change it and
open the Terraform PR in the same hour.""", d=150)
E("p", "facts/rollback", "fact", "How to roll back a bad release: Argo CD history, pick the previous revision",
  ["rollback", "回滚"],
  """In Argo CD open the app, History and Rollback, pick the previous sync. This does not roll back migrations:
if the release had a migration, check that the old code can run against the new schema first (it must, by rule).""", d=45)
E("p", "facts/staging-url", "fact", "staging 地址是 https://staging.harbor.dev，管理后台 https://admin.staging.harbor.dev",
  ["staging"],
  "测试账号在 1Password 的 Harbor Staging 保险库里。staging 每天凌晨 3 点用脱敏的生产数据重建。", d=20)
E("p", "decisions/blue-green-db", "decision", "Schema changes follow expand/contract so old and new code both run",
  ["migration", "zero downtime"],
  """Add the column nullable, deploy code that writes both, backfill, switch reads, drop the old column in a later
release. A rename is never done in one migration.""", d=210)
E("p", "pitfalls/image-pull-backoff", "pitfall", "ImagePullBackOff：镜像 tag 写错或者 registry 的 pull secret 过期",
  ["ImagePullBackOff", "k8s"],
  """kubectl describe pod 看 Events。pull secret regcred 每 12 小时由 CronJob 刷新，CronJob 挂了就会这样。""", d=70)
E("p", "facts/ingress", "fact", "Ingress 用的是 ingress-nginx，证书由 cert-manager 从 Let's Encrypt 签",
  ["ingress", "nginx", "证书"],
  """新域名只要在 values 里加 host，cert-manager 会自动签证书。证书申请失败时看 kubectl get challenges。""", d=100)

Q("question", "为什么部署老是失败？", {"p:pitfalls/deploy-fails-migration-job": 2, "p:facts/deploy-flow": 1,
                                   "p:pitfalls/readiness-probe-too-early": 1, "p:pitfalls/image-pull-backoff": 1})
Q("question", "how do I deploy to production?", {"p:facts/deploy-flow": 2, "p:facts/rollback": 1})
Q("glued", "k8s部署", {"p:facts/deploy-flow": 2, "p:facts/k8s-namespaces": 1, "p:decisions/helm-over-kustomize": 1})
Q("crossling", "pods keep restarting after a deploy", {"p:pitfalls/readiness-probe-too-early": 2})
Q("ident", "CrashLoopBackOff", {"p:pitfalls/readiness-probe-too-early": 2})
Q("paraphrase", "how do I undo a broken release", {"p:facts/rollback": 2, "p:pitfalls/deploy-fails-migration-job": 1})
Q("crossling", "发布出问题了怎么回退", {"p:facts/rollback": 2})
Q("ident", "Error acquiring the state lock", {"p:pitfalls/terraform-state-lock": 2})
Q("variant", "TerraForm state locked", {"p:pitfalls/terraform-state-lock": 2})
Q("question", "can I just fix the security group in the console?", {"p:rules/no-console-changes": 2})
Q("long", "We need to rename the column customer_name to full_name on the customers table. I'd like to do it "
  "in one go but I'm worried about the running pods during the deploy. What's our approach for this kind of "
  "change?", {"p:decisions/blue-green-db": 2, "p:rules/migrations-reviewed": 1})
Q("glued", "ImagePullBackOff怎么解决", {"p:pitfalls/image-pull-backoff": 2})
Q("short", "staging", {"p:facts/staging-url": 2, "p:facts/k8s-namespaces": 1, "p:facts/deploy-flow": 1})
Q("paraphrase", "worker autoscaling only ever goes up", {"p:pitfalls/hpa-memory": 2})
Q("fullwidth", "ｋ８ｓ namespace", {"p:facts/k8s-namespaces": 2})
Q("question", "新域名的 https 证书怎么弄", {"p:facts/ingress": 2})

# --------------------------------------------------------------------------------------------
# Auth
# --------------------------------------------------------------------------------------------
E("p", "decisions/jwt-short-lived", "decision", "Access tokens are JWTs valid for 15 minutes; refresh tokens are opaque and rotate",
  ["JWT", "auth", "refresh token"],
  """Refresh tokens live in the refresh_tokens table, hashed, and every use issues a new one and revokes the old
(reuse of a revoked one revokes the whole family). Access tokens are signed RS256 with keys from JWKS.""", d=140)
E("p", "pitfalls/jwt-clock-skew", "pitfall", "JWT 偶发 token not yet valid：服务器之间时钟不同步",
  ["JWT", "时钟"],
  """移动端和一台老节点时间差了 40 秒，iat/nbf 校验失败。校验时加 leeway=30 秒，节点上确认 chrony 在跑。""", d=160)
E("p", "facts/oauth-google", "fact", "Google 登录的 OAuth client 在 GCP 项目 harbor-auth 下，回调地址要逐个登记",
  ["OAuth", "Google 登录"],
  """每个环境一个 client。新加预览环境时要把 https://<pr>.preview.harbor.dev/auth/callback 加到 Authorized redirect URIs，
否则报 redirect_uri_mismatch。""", d=90)
E("p", "pitfalls/cookie-samesite", "pitfall", "Login works on staging but the session cookie is dropped on the preview domains",
  ["cookie", "SameSite", "session"],
  """Preview apps are on *.preview.harbor.dev while the API is api.staging.harbor.dev: a cross-site request, so
SameSite=Lax cookies are not sent on fetch. Preview apps now proxy /api through the Next.js server instead.""", d=75)
E("p", "rules/password-hashing", "rule", "密码只用 argon2id 哈希，参数不要自己调小",
  ["密码", "argon2"],
  "老用户的 bcrypt 哈希在登录成功时自动重哈希成 argon2id。不要引入 md5/sha1 之类的任何“快速”方案。", d=250)
E("p", "facts/rbac-roles", "fact", "Roles: owner, admin, member, viewer; permissions are checked in the API with require_permission()",
  ["RBAC", "permissions", "roles"],
  """The front end only hides buttons; the API is the authority. New endpoints must declare a permission or the
route test fails (tests/test_routes_have_permissions.py).""", d=120)
E("p", "pitfalls/cors-preflight", "pitfall", "CORS 预检请求 OPTIONS 被鉴权中间件拦成 401",
  ["CORS", "OPTIONS", "鉴权"],
  """鉴权中间件排在 CORSMiddleware 前面，OPTIONS 没带 Authorization 直接 401，浏览器报 CORS 错误。
CORSMiddleware 必须最先加（在 FastAPI 里是最后 add_middleware）。""", d=100)
E("p", "facts/sso-saml", "fact", "企业客户的 SSO 走 SAML，由 WorkOS 代理",
  ["SSO", "SAML", "WorkOS"],
  "每个企业客户在 WorkOS 后台建一个 connection，我们只收 WorkOS 的回调。测试用的 IdP 是 WorkOS 自带的 test provider。", d=180)
E("p", "pitfalls/api-key-logging", "pitfall", "API keys showed up in the access logs through the query string",
  ["api key", "logging", "security"],
  """Some partners sent ?api_key=... . The nginx log format now drops the query string for /v1/partner/*, and
the API rejects keys in the query with 400, asking for the X-Api-Key header.""", d=60)

Q("question", "how long is an access token valid?", {"p:decisions/jwt-short-lived": 2})
Q("crossling", "refresh token 是怎么轮换的", {"p:decisions/jwt-short-lived": 2})
Q("ident", "redirect_uri_mismatch", {"p:facts/oauth-google": 2})
Q("crossling", "google sign-in on a preview environment fails", {"p:facts/oauth-google": 2, "p:pitfalls/cookie-samesite": 1})
Q("paraphrase", "预览环境登录以后 cookie 没带上", {"p:pitfalls/cookie-samesite": 2})
Q("short", "argon2", {"p:rules/password-hashing": 2})
Q("paraphrase", "which algorithm do we hash user passwords with", {"p:rules/password-hashing": 2})
Q("question", "where are permissions enforced, front end or backend?", {"p:facts/rbac-roles": 2})
Q("glued", "OPTIONS请求401", {"p:pitfalls/cors-preflight": 2})
Q("variant", "cors error on preflight", {"p:pitfalls/cors-preflight": 2})
Q("short", "SAML", {"p:facts/sso-saml": 2})

# --------------------------------------------------------------------------------------------
# Observability
# --------------------------------------------------------------------------------------------
E("p", "facts/logging-format", "fact", "Services log JSON to stdout; Loki collects it; query in Grafana Explore",
  ["logging", "Loki", "Grafana"],
  """Every line has ts, level, msg, service, trace_id and request_id. Use structlog's logger.bind() for context;
never print(). LogQL example: {service="api"} | json | level="error".""", d=50)
E("p", "pitfalls/log-volume-cost", "pitfall", "日志量暴涨，Loki 费用一个月翻了三倍",
  ["日志", "Loki", "成本"],
  """有人在 debug 级别打印了整个请求体，并且线上 LOG_LEVEL 被改成了 DEBUG 忘了改回来。
现在生产的 LOG_LEVEL 固定为 INFO，大对象只打 id。""", d=70)
E("p", "facts/sentry", "fact", "错误上报用 Sentry，前后端是两个 project：harbor-web 和 harbor-api",
  ["Sentry", "错误监控"],
  """release 名就是 git SHA，CI 会上传 source map。告警规则：新 issue 或 1 小时内超过 50 次的 issue 发到 #alerts。""", d=90)
E("p", "pitfalls/sentry-sourcemaps", "pitfall", "Sentry stack traces show minified code for the web app",
  ["Sentry", "source maps"],
  """The release name in the Next.js build did not match the one used when uploading the maps (one used the short SHA).
Both must be SENTRY_RELEASE=$GITHUB_SHA (full).""", d=110)
E("p", "facts/metrics-dashboards", "fact", "Prometheus 指标在 Grafana 的 Harbor / API Overview 看板，SLO 是 p99 < 800ms",
  ["Prometheus", "Grafana", "SLO", "监控"],
  """自定义业务指标用 prometheus_client 的 Counter/Histogram，名字前缀 harbor_。标签不要放 user_id 这种高基数字段。""", d=60)
E("p", "pitfalls/high-cardinality-labels", "pitfall", "Prometheus ran out of memory after someone added a user_id label",
  ["Prometheus", "cardinality"],
  """One histogram with a user_id label produced 2M series. Labels must come from a small fixed set
(route template, method, status class).""", d=100)
E("p", "decisions/otel-tracing", "decision", "分布式追踪用 OpenTelemetry，导出到 Grafana Tempo，采样率 10%",
  ["OpenTelemetry", "tracing", "链路追踪"],
  """错误请求全部保留（tail sampling 在 collector 里做）。trace_id 写进日志，在 Grafana 里日志和链路能互相跳转。""", d=130)
E("p", "facts/alert-routing", "fact", "Alerts go to PagerDuty for prod (severity critical) and to Slack #alerts for everything else",
  ["alerts", "PagerDuty", "on-call"],
  "Alert rules live in infra/monitoring/rules/*.yaml and are reviewed like code. A page must have a runbook link.", d=80)

Q("question", "where can I see the api logs?", {"p:facts/logging-format": 2})
Q("crossling", "怎么在 Grafana 里查某个服务的错误日志", {"p:facts/logging-format": 2})
Q("paraphrase", "why did our logging bill triple", {"p:pitfalls/log-volume-cost": 2})
Q("question", "前端报错的堆栈看不懂，都是压缩后的代码", {"p:pitfalls/sentry-sourcemaps": 2, "p:facts/sentry": 1})
Q("ident", "SENTRY_RELEASE", {"p:pitfalls/sentry-sourcemaps": 2})
Q("paraphrase", "can I add the customer id as a label on a metric?", {"p:pitfalls/high-cardinality-labels": 2,
                                                                     "p:facts/metrics-dashboards": 1})
Q("glued", "用OpenTelemetry做链路追踪", {"p:decisions/otel-tracing": 2})
Q("short", "SLO", {"p:facts/metrics-dashboards": 2})
Q("question", "who gets paged when prod breaks?", {"p:facts/alert-routing": 2})

# --------------------------------------------------------------------------------------------
# Front end: Next.js, React, styling, i18n
# --------------------------------------------------------------------------------------------
E("p", "decisions/nextjs-app-router", "decision", "web 用 Next.js 14 的 App Router，新页面不要再写在 pages/ 下",
  ["Next.js", "App Router"],
  """pages/ 下的老页面逐步迁移。数据获取优先放在 Server Component 里，客户端状态用 Zustand，服务端数据用 TanStack Query。""", d=100)
E("p", "pitfalls/hydration-mismatch", "pitfall", "Hydration failed because the initial UI does not match what was rendered on the server",
  ["hydration", "Next.js", "SSR"],
  """Cause: formatting dates with toLocaleString() on both sides (server UTC, browser local) and reading
localStorage during render. Format dates with the user's tz passed from the server, read storage in useEffect.""", d=60)
E("p", "rules/tailwind-only", "rule", "样式只用 Tailwind 和 design tokens，不要新写 CSS Module 或 styled-components",
  ["Tailwind", "CSS", "样式"],
  """颜色、间距都用 tailwind.config.ts 里的 token（比如 bg-surface、text-muted），不要写 #hex。
特殊动画可以写在 globals.css 的 @layer components 里。""", d=90)
E("p", "facts/i18n-setup", "fact", "国际化用 next-intl，文案在 apps/web/messages/{zh-CN,en}.json",
  ["i18n", "国际化", "next-intl"],
  """默认语言 zh-CN。新增文案两个语言都要加，CI 的 i18n-check 会对比 key。不要在组件里硬编码中文。""", d=80)
E("p", "pitfalls/i18n-plural", "pitfall", "English plurals came out as '1 items' because the message had no ICU plural",
  ["i18n", "plural"],
  """Use ICU syntax: {count, plural, one {# item} other {# items}}. Chinese needs only 'other' but the key must
still exist in both files.""", d=120)
E("p", "preferences/component-structure", "preference", "React components: one component per file, named export, props type next to it",
  ["React", "components"],
  """No default exports (they make renames and grep harder). Hooks go in hooks/ with a use prefix. Co-locate
the test as Component.test.tsx.""", d=140)
E("p", "pitfalls/bundle-size-moment", "pitfall", "首页 JS 包突然大了 300KB：有人引入了 moment 和全部 locale",
  ["bundle size", "包体积", "moment"],
  """统一用 date-fns（已经在依赖里），按需 import。CI 里有 size-limit，首页 JS 超过 180KB gzip 就失败。""", d=50)
E("p", "facts/storybook", "fact", "Storybook for the design system runs with `pnpm --filter ui storybook` on port 6006",
  ["Storybook", "design system"],
  "Chromatic takes visual snapshots on every PR that touches packages/ui. Approve visual changes there.", d=110)
E("p", "pitfalls/env-next-public", "pitfall", "前端读不到环境变量：没有加 NEXT_PUBLIC_ 前缀",
  ["环境变量", "NEXT_PUBLIC_"],
  """浏览器端只能读到 NEXT_PUBLIC_ 开头的变量，而且是构建时写死的。改 staging 的 API 地址需要重新 build 镜像，
只改 k8s 的 env 没用。""", d=70)
E("p", "decisions/forms-react-hook-form", "decision", "Forms use react-hook-form with zod schemas shared with the API client",
  ["forms", "zod", "validation"],
  "The zod schemas are generated from the OpenAPI spec (packages/api-client). Do not hand-write validation twice.", d=95)

# --------------------------------------------------------------------------------------------
# Mobile (Flutter)
# --------------------------------------------------------------------------------------------
E("p", "facts/flutter-flavors", "fact", "Flutter app 有三个 flavor：dev、staging、prod，用 --flavor 和 --dart-define-from-file 切换",
  ["Flutter", "flavor"],
  """flutter run --flavor staging --dart-define-from-file=env/staging.json。iOS 的 scheme 名和 flavor 同名。""", d=90)
E("p", "pitfalls/ios-pod-install", "pitfall", "iOS build fails after upgrading a plugin: run pod repo update",
  ["iOS", "CocoaPods", "Flutter"],
  """'CocoaPods could not find compatible versions' after bumping firebase_core. cd ios && pod repo update &&
pod install. On Apple Silicon do not run pod under Rosetta.""", d=130)
E("p", "facts/app-release", "fact", "App 发版：Android 走 Play Console 内测轨道，iOS 走 TestFlight，由 Codemagic 打包",
  ["发版", "TestFlight", "Codemagic"],
  """版本号 pubspec.yaml 里的 version，build number 由 Codemagic 自增。提审前要在 release checklist 上逐项打勾。""", d=60)
E("p", "pitfalls/android-proguard", "pitfall", "Release APK crashes on start: R8 stripped the JSON model classes",
  ["Android", "R8", "ProGuard"],
  "Debug builds were fine. Add keep rules for the models in android/app/proguard-rules.pro; test a release build before shipping.", d=150)
E("p", "facts/deep-links", "fact", "深链接：iOS 用 Universal Links，Android 用 App Links，配置文件放在 web 的 /.well-known 下",
  ["deep link", "深链接"],
  "apple-app-site-association 和 assetlinks.json 由 web 项目发布；改了 bundle id 或签名要同步更新这两个文件。", d=170)

# --------------------------------------------------------------------------------------------
# Testing
# --------------------------------------------------------------------------------------------
E("p", "rules/tests-with-db", "rule", "API tests run against a real Postgres (testcontainers), never SQLite",
  ["pytest", "testing", "database"],
  """SQLite hid bugs with JSONB, ON CONFLICT and timezone handling. Each test runs in a transaction that is rolled
back; use the db_session fixture.""", d=100)
E("p", "facts/run-tests", "fact", "跑测试：后端 make test，前端 pnpm test，只跑一个文件用 pytest path::name",
  ["测试", "pytest", "vitest"],
  """后端测试需要 Docker（testcontainers 起 Postgres）。前端是 vitest，pnpm test -- --watch 监听。e2e 是 pnpm e2e。""", d=40)
E("p", "pitfalls/pytest-async-loop", "pitfall", "async 测试报 Event loop is closed",
  ["pytest-asyncio", "asyncio"],
  """pytest-asyncio 升级到 0.23 以后 fixture 的 loop scope 默认变成 function。session 级别的 async fixture 要写
loop_scope="session"，pyproject 里 asyncio_mode = "auto"。""", d=80)
E("p", "preferences/test-naming", "preference", "测试函数名写成 test_<行为>_when_<条件>，一个测试只验一件事",
  ["测试", "命名"],
  "比如 test_refund_fails_when_order_already_shipped。用参数化代替复制粘贴。", d=200)
E("p", "facts/coverage", "fact", "Coverage gate: 80% lines for apps/api, measured on changed files only",
  ["coverage", "CI"],
  "diff-cover runs in CI against origin/main. The total coverage number is informational only.", d=90)

Q("question", "新页面应该放在 app 目录还是 pages 目录", {"p:decisions/nextjs-app-router": 2})
Q("ident", "Hydration failed", {"p:pitfalls/hydration-mismatch": 2})
Q("paraphrase", "server rendered html doesn't match the client", {"p:pitfalls/hydration-mismatch": 2})
Q("crossling", "can I write a CSS module for this component?", {"p:rules/tailwind-only": 2})
Q("glued", "加i18n文案", {"p:facts/i18n-setup": 2, "p:pitfalls/i18n-plural": 1})
Q("crossling", "where do the translation strings live", {"p:facts/i18n-setup": 2})
Q("question", "should components use default export?", {"p:preferences/component-structure": 2})
Q("paraphrase", "首页的包怎么突然变大了", {"p:pitfalls/bundle-size-moment": 2})
Q("ident", "NEXT_PUBLIC_", {"p:pitfalls/env-next-public": 2})
Q("long", "I changed the API_BASE_URL env var on the staging deployment of the web app and restarted the pods, "
  "but the browser still calls the old address. The server side picks it up fine. Is there some caching or "
  "is this expected?", {"p:pitfalls/env-next-public": 2})
Q("glued", "flutter切换staging环境", {"p:facts/flutter-flavors": 2})
Q("variant", "cocoapods could not find compatible versions", {"p:pitfalls/ios-pod-install": 2})
Q("question", "怎么给 app 发一个测试版", {"p:facts/app-release": 2})
Q("crossling", "安卓正式包一打开就闪退", {"p:pitfalls/android-proguard": 2})
Q("short", "深链接", {"p:facts/deep-links": 2})
Q("question", "can I use sqlite for the api tests to make them faster?", {"p:rules/tests-with-db": 2})
Q("question", "how do I run only one backend test file", {"p:facts/run-tests": 2})
Q("ident", "Event loop is closed", {"p:pitfalls/pytest-async-loop": 2})
Q("variant", "What's the COVERAGE threshold?", {"p:facts/coverage": 2})

# --------------------------------------------------------------------------------------------
# Payments, email, search, queues
# --------------------------------------------------------------------------------------------
E("p", "pitfalls/stripe-webhook-signature", "pitfall", "Stripe webhook signature verification fails behind our proxy",
  ["Stripe", "webhook"],
  """The body was parsed as JSON by a middleware before verification; the signature covers the raw bytes.
The /webhooks/stripe route reads request.body() raw. Locally use `stripe listen --forward-to`.""", d=80)
E("p", "rules/webhook-idempotent", "rule", "所有 webhook 处理必须幂等：按 event id 去重",
  ["webhook", "幂等"],
  """Stripe 和物流回调都会重发。processed_events 表上 event_id 唯一约束，重复的直接返回 200。""", d=120, pin=True)
E("p", "facts/stripe-test-mode", "fact", "Stripe 测试环境用 test mode 的 key，测试卡号 4242 4242 4242 4242",
  ["Stripe", "测试卡"],
  "需要 3DS 的测试卡是 4000 0027 6000 3184。staging 和本地都用 test mode，不要在 staging 配 live key。", d=100)
E("p", "decisions/money-as-integer", "decision", "Money is stored as integer minor units with a currency code, never floats",
  ["money", "currency", "decimal"],
  """amount_cents BIGINT + currency CHAR(3). In Python use Decimal only at the edges for display; JPY has no
minor unit, so use the currency's exponent from the money module.""", d=260, pin=True)
E("p", "pitfalls/ses-sandbox", "pitfall", "邮件发不出去：新区域的 SES 还在 sandbox，只能发给验证过的地址",
  ["SES", "邮件"],
  "ap-southeast-1 的 SES 要单独申请移出 sandbox。报错是 Email address is not verified。", d=140)
E("p", "facts/email-templates", "fact", "Transactional emails are MJML templates in packages/emails, rendered at build time",
  ["email", "MJML", "templates"],
  "Preview them with `pnpm --filter emails dev` (port 3100). Every template has zh-CN and en versions.", d=110)
E("p", "facts/search-meilisearch", "fact", "商品搜索用 Meilisearch，索引由 worker 监听商品变更同步",
  ["搜索", "Meilisearch"],
  """全量重建：make reindex-products（大约 20 分钟）。中文分词 Meilisearch 自带，同义词表在 infra/search/synonyms.json。""", d=90)
E("p", "pitfalls/meili-filterable", "pitfall", "Meilisearch filter on brand returned an error: attribute is not filterable",
  ["Meilisearch", "filter"],
  "Add the attribute to filterableAttributes in the index settings script and reindex; settings are not applied automatically.", d=60)
E("p", "facts/celery-queues", "fact", "Celery has three queues: default, emails, heavy; heavy runs on its own worker pool",
  ["Celery", "queues", "worker"],
  """Report exports and image processing go to heavy (concurrency 2, 4 GB). Route a task with
@app.task(queue="heavy"). Flower is at flower.internal.harbor.dev.""", d=70)
E("p", "pitfalls/celery-task-args", "pitfall", "Celery 任务参数不要传 ORM 对象，只传 id",
  ["Celery", "任务"],
  """传对象会被 pickle/json 序列化，而且执行时数据可能已经过期。任务里用 id 重新查一次。""", d=160)
E("p", "pitfalls/celery-visibility-timeout", "pitfall", "Long Celery tasks ran twice: Redis visibility_timeout is 1 hour",
  ["Celery", "redis", "duplicate"],
  """A 70-minute export got redelivered to another worker after 60 minutes. Heavy tasks now split into chunks under
30 minutes, and visibility_timeout for the heavy queue is 2 hours.""", d=95)
E("p", "decisions/kafka-for-events", "decision", "服务间的领域事件走 Kafka，topic 命名 harbor.<domain>.<event>.v1",
  ["Kafka", "事件"],
  """比如 harbor.orders.created.v1。消息是 JSON Schema 校验过的，schema 放在 packages/events。破坏性改动要发 v2 新 topic。""", d=130)
E("p", "pitfalls/kafka-consumer-lag", "pitfall", "消费者 lag 一直涨：单个 partition 被一个慢消息卡住",
  ["Kafka", "lag"],
  """处理失败的消息无限重试，把整个 partition 堵住了。现在重试 3 次后发到 .dlq topic，有告警。""", d=85)

# --------------------------------------------------------------------------------------------
# Feature flags, releases, versions
# --------------------------------------------------------------------------------------------
E("p", "facts/feature-flags", "fact", "Feature flags live in Unleash; name them <team>.<feature>, remove them within two sprints",
  ["feature flags", "Unleash"],
  "In code use flags.is_enabled('growth.new-checkout', user). Stale flags are listed every Monday in #eng.", d=60)
E("p", "facts/versioning", "fact", "服务不打版本号，按 git SHA 发布；npm 包 packages/* 用 changesets 做语义化版本",
  ["版本", "changesets", "semver"],
  "改了 packages 下的包要 pnpm changeset 写变更说明，合并后机器人发 Release PR。", d=120)
E("p", "rules/release-freeze", "rule", "No production deploys during the freeze before major sales (11.11, 6.18, Black Friday)",
  ["freeze", "release", "发布"],
  "Freeze starts 3 days before and ends the day after. Hotfixes need the release manager's approval in #release.", d=40, pin=True)
E("p", "facts/changelog", "fact", "面向客户的更新日志写在 docs/changelog.md，每周四由产品汇总",
  ["changelog", "更新日志"],
  "工程师在 PR 描述里写 Customer impact 段落，产品从这里摘。", d=150)

Q("paraphrase", "stripe says the signature doesn't match", {"p:pitfalls/stripe-webhook-signature": 2})
Q("glued", "stripe测试卡号", {"p:facts/stripe-test-mode": 2})
Q("crossling", "webhook 重复推送怎么处理", {"p:rules/webhook-idempotent": 2})
Q("question", "how should I store prices in the database?", {"p:decisions/money-as-integer": 2})
Q("ident", "Email address is not verified", {"p:pitfalls/ses-sandbox": 2})
Q("crossling", "任务跑了两次", {"p:pitfalls/celery-visibility-timeout": 2, "p:rules/webhook-idempotent": 1})
Q("question", "how do I name a new kafka topic", {"p:decisions/kafka-for-events": 2})
Q("variant", "KAFKA consumer lag keeps growing", {"p:pitfalls/kafka-consumer-lag": 2})
Q("glued", "加feature flag", {"p:facts/feature-flags": 2})
Q("question", "can we deploy on 11.11?", {"p:rules/release-freeze": 2})

# --------------------------------------------------------------------------------------------
# Team conventions: git, review, API design
# --------------------------------------------------------------------------------------------
E("p", "rules/commit-messages", "rule", "Commit messages follow Conventional Commits: feat:, fix:, chore: … with a scope",
  ["commit", "git"],
  "Example: fix(api): reject refunds on shipped orders. The squash-merge title is what ends up on main, so edit it.", d=180)
E("p", "rules/branch-naming", "rule", "分支命名：<类型>/<工单号>-<简短描述>，例如 feat/HB-1234-refund-flow",
  ["分支", "git"],
  "工单号必须是 Linear 的 HB-xxx，机器人靠它把 PR 链到工单。", d=180)
E("p", "rules/pr-size", "rule", "PR 尽量小于 400 行改动，大需求拆成多个 PR，用 feature flag 隐藏未完成部分",
  ["PR", "code review"],
  "超过 800 行的 PR reviewer 可以直接要求拆分。生成的代码（openapi client、lockfile）不算行数。", d=150)
E("p", "facts/code-owners", "fact", "CODEOWNERS: payments and auth need a review from the platform team",
  ["CODEOWNERS", "review"],
  "apps/api/payments/** and apps/api/auth/** → @harbor/platform. Everything else needs any one approval.", d=140)
E("p", "preferences/review-tone", "preference", "Code review comments: prefix nits with 'nit:', blocking ones with a reason",
  ["code review"],
  "Use suggestions for small changes. Approve with comments when only nits remain.", d=200)
E("p", "rules/api-versioning", "rule", "公开 API 的路径带版本 /v1/，破坏性改动只能加 /v2/，/v1 至少保留 6 个月",
  ["API", "版本"],
  "新增字段不算破坏性；删字段、改类型、改语义都算。弃用时返回 Deprecation 和 Sunset 响应头。", d=160)
E("p", "decisions/cursor-pagination", "decision", "List endpoints use cursor pagination (next_cursor), not offset/limit",
  ["pagination", "API"],
  """Offset pagination on the orders list got slow past page 500 and skipped rows when new orders arrived.
The cursor is an opaque base64 of (created_at, id). Default page size 50, max 200.""", d=170)
E("p", "facts/error-format", "fact", "API 错误响应统一格式：{\"error\": {\"code\", \"message\", \"details\"}}",
  ["错误码", "API"],
  "code 是稳定的机器可读字符串，比如 order_not_found；message 给人看，可以改。前端按 code 判断，不要按 message。", d=130)
E("p", "facts/openapi-client", "fact", "The TypeScript API client is generated from FastAPI's OpenAPI spec with `pnpm gen:api`",
  ["OpenAPI", "api client", "codegen"],
  "Run it after changing any route or schema; CI fails if packages/api-client is out of date.", d=70)
E("p", "pitfalls/timezone-storage", "pitfall", "订单时间显示差 8 小时：数据库存的是 naive datetime",
  ["时区", "datetime"],
  """一律用 datetime.now(timezone.utc) 并存 timestamptz。展示时按用户的时区转换，默认 Asia/Shanghai。""", d=190)
E("p", "pitfalls/dst-cron", "pitfall", "A daily job ran twice on the DST change for EU customers",
  ["cron", "DST", "timezone"],
  "Schedules are stored in UTC now; per-tenant local times are converted when computing the next run.", d=220)

# --------------------------------------------------------------------------------------------
# Files, CDN, nginx
# --------------------------------------------------------------------------------------------
E("p", "decisions/presigned-uploads", "decision", "用户上传文件走 S3 presigned URL 直传，不经过 API",
  ["上传", "S3", "presigned URL"],
  """API 只签发 PUT 的 presigned URL（有效 10 分钟，限制 Content-Type 和大小），上传完前端回调 /uploads/complete。
大文件 >100MB 用 multipart upload。""", d=110)
E("p", "pitfalls/s3-cors-upload", "pitfall", "Browser upload to S3 fails with a CORS error although the URL is valid",
  ["S3", "CORS", "upload"],
  "The bucket CORS rules did not allow PUT from the preview domains. CORS for harbor-uploads is in Terraform (modules/uploads).", d=90)
E("p", "facts/cdn", "fact", "静态资源和图片走 CloudFront，图片缩放用 ?w= 参数由 Lambda@Edge 处理",
  ["CDN", "CloudFront", "图片"],
  "清缓存：aws cloudfront create-invalidation --distribution-id E2ABCD --paths '/assets/*'。尽量用带 hash 的文件名而不是清缓存。", d=120)
E("p", "pitfalls/nginx-413", "pitfall", "nginx returns 413 Request Entity Too Large for imports over 1 MB",
  ["nginx", "413", "upload"],
  "client_max_body_size defaults to 1m. The ingress annotation nginx.ingress.kubernetes.io/proxy-body-size: 50m is set only on the import route.", d=100)
E("p", "pitfalls/nginx-websocket", "pitfall", "WebSocket 连接一分钟就断：ingress 的 proxy-read-timeout 默认 60 秒",
  ["WebSocket", "nginx", "超时"],
  "客户端每 30 秒发 ping，ingress 上对 /ws 设置 proxy-read-timeout: 3600。", d=75)

# --------------------------------------------------------------------------------------------
# Secrets, local dev
# --------------------------------------------------------------------------------------------
E("p", "facts/vault-secrets", "fact", "Secrets come from Vault via the External Secrets Operator; apps read them as env vars",
  ["Vault", "secrets", "密钥"],
  """Paths are secret/harbor/<env>/<service>. To add one: write it in Vault, add the key to the ExternalSecret in
the chart, redeploy. Local development uses .env.local, which is gitignored.""", d=80)
E("p", "pitfalls/env-example-secret", "pitfall", "有人把真实的 Stripe key 提交到了 .env.example",
  [".env", "secret", "泄露"],
  "已经轮换。现在 pre-commit 有 gitleaks，.env.example 里只能写占位符，比如 sk_test_xxx。", d=60)
E("p", "facts/local-dev-setup", "fact", "本地开发环境：docker compose up 起 Postgres、Redis、Meilisearch、MinIO，然后 pnpm dev",
  ["本地开发", "docker compose", "环境搭建"],
  """端口：Postgres 5433、Redis 6380、Meilisearch 7700、MinIO 9000/9001、web 3000、api 8000。
第一次要 make bootstrap（装依赖、建库、导入种子数据）。""", d=30)
E("p", "pitfalls/port-in-use", "pitfall", "pnpm dev fails with EADDRINUSE :3000",
  ["port", "EADDRINUSE"],
  "Usually an old next dev still running in another terminal. lsof -i :3000, or run with PORT=3001.", d=150)
E("p", "facts/seed-data", "fact", "Seed data: `make seed` creates a demo tenant, 3 users (owner/admin/viewer) and 200 orders",
  ["seed", "test data"],
  "Passwords for seeded users are all 'harbor-dev'. The seed is deterministic (fixed random seed).", d=60)
E("p", "pitfalls/minio-path-style", "pitfall", "本地 MinIO 上传报 bucket 不存在：boto3 用了 virtual-hosted 风格地址",
  ["MinIO", "boto3", "S3"],
  "本地要配 s3={'addressing_style': 'path'}，AWS_S3_ENDPOINT=http://localhost:9000。", d=100)

Q("question", "what format should my commit message be in?", {"p:rules/commit-messages": 2})
Q("crossling", "分支名怎么起", {"p:rules/branch-naming": 2})
Q("ident", "feat/HB-1234", {"p:rules/branch-naming": 2})
Q("paraphrase", "my PR is 1500 lines, is that ok?", {"p:rules/pr-size": 2})
Q("question", "who needs to approve changes to the payments code?", {"p:facts/code-owners": 2})
Q("crossling", "API 分页用 offset 还是 cursor", {"p:decisions/cursor-pagination": 2})
Q("ident", "next_cursor", {"p:decisions/cursor-pagination": 2})
Q("question", "前端应该根据错误的哪个字段做判断", {"p:facts/error-format": 2})
Q("question", "为什么订单时间差了八个小时", {"p:pitfalls/timezone-storage": 2})
Q("paraphrase", "how do users upload files, through the api?", {"p:decisions/presigned-uploads": 2, "p:pitfalls/s3-cors-upload": 1})
Q("ident", "413 Request Entity Too Large", {"p:pitfalls/nginx-413": 2})
Q("crossling", "websocket disconnects after a minute", {"p:pitfalls/nginx-websocket": 2})
Q("question", "where do I add a new secret for the api?", {"p:facts/vault-secrets": 2})
Q("long", "我今天刚入职，拿到了一台新的 MacBook。代码已经 clone 下来了，README 写得不太全。"
  "想问一下本地开发环境要怎么搭起来，需要先起哪些服务，端口分别是多少？", {"p:facts/local-dev-setup": 2, "p:facts/seed-data": 1,
                                                  "p:facts/node-version": 1})
Q("ident", "EADDRINUSE", {"p:pitfalls/port-in-use": 2})
Q("fullwidth", "ＭｉｎＩＯ 上传失败", {"p:pitfalls/minio-path-style": 2})

# --------------------------------------------------------------------------------------------
# Scheduled jobs, data, analytics
# --------------------------------------------------------------------------------------------
E("p", "facts/cronjobs", "fact", "定时任务用 k8s CronJob 跑在 harbor-jobs 命名空间，定义在 deploy 仓库的 jobs chart 里",
  ["定时任务", "CronJob"],
  "所有 schedule 写 UTC。任务要能重复执行（幂等），concurrencyPolicy: Forbid。失败会发到 #alerts。", d=90)
E("p", "pitfalls/cronjob-missed", "pitfall", "CronJob silently skipped runs: startingDeadlineSeconds too small",
  ["CronJob", "kubernetes"],
  "After a node drain the controller missed the window and skipped. startingDeadlineSeconds is 600 now, and every job pushes a heartbeat metric.", d=120)
E("p", "facts/warehouse", "fact", "数据仓库是 BigQuery，ELT 用 Airbyte 同步 Postgres，dbt 做建模",
  ["数据仓库", "BigQuery", "dbt"],
  "dbt 项目在 data/dbt，模型分 staging/intermediate/marts 三层。每天 02:00 UTC 全量跑一次。", d=150)
E("p", "pitfalls/dbt-incremental", "pitfall", "dbt incremental model dropped late-arriving rows",
  ["dbt", "incremental"],
  "The filter used updated_at > max(updated_at). Late events were lost. It now reprocesses a 3-day lookback window with unique_key merge.", d=110)
E("p", "rules/pii-in-analytics", "rule", "埋点和数据仓库里不许出现明文手机号、邮箱、身份证号",
  ["PII", "隐私", "埋点"],
  "只能存哈希（加盐 SHA-256）或用户 id。数据导出给第三方前要走 DPO 审批。", d=200, pin=True)
E("p", "facts/analytics-events", "fact", "Product analytics events go through Segment to Amplitude; event names are Object Verb (Order Placed)",
  ["analytics", "Segment", "tracking"],
  "The tracking plan is in data/tracking-plan.yaml; CI validates event names and properties against it.", d=100)

# --------------------------------------------------------------------------------------------
# On-call, incidents, performance
# --------------------------------------------------------------------------------------------
E("p", "facts/oncall", "fact", "On-call rotates weekly on Monday 10:00; the schedule is in PagerDuty 'Harbor Primary'",
  ["on-call", "值班"],
  "Handover notes go in #oncall. The secondary is the previous week's primary.", d=50)
E("p", "rules/incident-process", "rule", "线上事故先止血再排查：先回滚或关 flag，然后在 #incident 开频道，事后 48 小时内写复盘",
  ["事故", "incident", "复盘"],
  "复盘模板在 Notion。复盘不追责，重点是时间线和改进项，每个改进项要有负责人和日期。", d=130, pin=True)
E("p", "facts/runbooks", "fact", "Runbooks live in docs/runbooks/<alert-name>.md, one per alert",
  ["runbook", "alerts"],
  "Every PagerDuty alert links its runbook. If you fix something not covered, write the runbook before closing.", d=90)
E("p", "pitfalls/slow-cold-start", "pitfall", "API 冷启动慢，第一批请求超时",
  ["冷启动", "性能"],
  "启动时预热了定价模型但没有预热数据库连接池。现在 startup 里执行一次 SELECT 1 并把 pool 填满，HPA 扩容时不再超时。", d=70)
E("p", "facts/load-testing", "fact", "Load tests are k6 scripts in perf/; run against staging only, never prod",
  ["k6", "load test", "压测"],
  "Tell #infra before running more than 200 virtual users; staging shares the RDS instance class with nothing else.", d=140)
E("p", "pitfalls/gunicorn-workers", "pitfall", "Uvicorn workers got OOM-killed with 8 workers per pod",
  ["uvicorn", "gunicorn", "OOM"],
  "Each worker loads the pricing model (600 MB). Pods run 2 workers and scale out horizontally instead.", d=100)
E("p", "decisions/rate-limiting", "decision", "接口限流用 Redis 令牌桶，按租户和 API key 两个维度",
  ["限流", "rate limit"],
  "默认每个 key 每分钟 600 次，超过返回 429 并带 Retry-After。内部服务之间调用不限流。", d=110)

# --------------------------------------------------------------------------------------------
# Near-duplicates, decoys and superseded notes (project)
# --------------------------------------------------------------------------------------------
E("p", "facts/deploy-staging-manual", "fact", "staging 也可以手动部署：在 Actions 里运行 deploy-staging workflow，选分支",
  ["部署", "staging"],
  "用于在合并前让产品验收某个分支。跑完会覆盖 staging 上当前的版本，记得在 #staging 里说一声。", d=35)
E("p", "facts/deploy-docs-site", "fact", "The docs site (docs.harbor.dev) deploys itself from the docs branch via Cloudflare Pages",
  ["docs site", "deploy"],
  "It is not part of the Argo CD setup. Build command: pnpm --filter docs build.", d=160)
E("p", "pitfalls/deploy-friday", "pitfall", "上次周五晚上发布出事没人处理，所以周五下午不发版",
  ["发布", "周五"],
  "补充说明见 facts/deploy-flow 的发布窗口。", d=300)
E("p", "facts/migrations-ci", "fact", "CI checks migrations: alembic upgrade head then downgrade -1 then upgrade again on an empty database",
  ["alembic", "CI", "migration"],
  "It catches missing downgrades and migrations that depend on data. It does not test against production-sized tables.", d=70)
E("p", "facts/redis-local", "fact", "本地 Redis 在 compose 里，端口 6380，没有密码",
  ["redis", "本地"],
  "之所以不用 6379，是因为很多人本机已经装了 redis。", d=30)
E("p", "decisions/yarn-for-admin", "decision", "admin 后台继续用 yarn 1", ["yarn", "admin"],
  "admin 依赖太老，暂时不动。", d=380)
E("p", "decisions/admin-joins-workspace", "decision", "admin 后台也并入 pnpm workspace，yarn 彻底移除",
  ["admin", "pnpm"],
  "依赖升级完成后 admin 和 web 共享 packages/ui。", d=110, sup=("decisions/yarn-for-admin",))
E("p", "decisions/sessions-in-postgres", "decision", "用户 session 存 Postgres", ["session"],
  "早期方案，后来因为性能换掉了。", d=420)
E("p", "decisions/sessions-in-redis", "decision", "Sessions are stored in a dedicated Redis instance (noeviction), 30-day sliding expiry",
  ["session", "redis"],
  "Moved off Postgres because the sessions table was the hottest table by writes.", d=120, sup=("decisions/sessions-in-postgres",))
E("p", "facts/api-logs-retention", "fact", "Loki keeps logs for 30 days; audit logs go to S3 for 1 year",
  ["logs", "retention"],
  "Audit events (logins, permission changes, refunds) are written by the audit module, not by the app logger.", d=80)
E("p", "pitfalls/docker-compose-v1", "pitfall", "`docker-compose` (v1, with a dash) breaks our compose file; use `docker compose`",
  ["docker compose"],
  "The file uses profiles and the include key, which v1 does not understand.", d=190)
E("p", "facts/api-framework", "fact", "后端 API 是 FastAPI + SQLAlchemy 2.0 + Pydantic v2，Python 3.12",
  ["FastAPI", "Python"],
  "依赖用 uv 管理（uv.lock），uv sync 安装。不要用 pip install 往虚拟环境里临时加包。", d=100)
E("p", "pitfalls/pydantic-v2-migration", "pitfall", "Pydantic v2: .dict() is deprecated and orm_mode became from_attributes",
  ["Pydantic", "migration"],
  "Use model_dump() and model_config = ConfigDict(from_attributes=True). The shim warnings are errors in tests.", d=180)
E("p", "facts/uv-usage", "fact", "uv 常用命令：uv sync 装依赖，uv add 加包，uv run pytest 跑测试",
  ["uv", "Python 依赖"],
  "CI 用 uv sync --frozen，和前端的 frozen-lockfile 一个意思。", d=90)

Q("question", "定时任务的时间用哪个时区写", {"p:facts/cronjobs": 2, "p:pitfalls/dst-cron": 1})
Q("paraphrase", "can I put the user's email address in an analytics event?", {"p:rules/pii-in-analytics": 2,
                                                                            "p:facts/analytics-events": 1})
Q("long", "Heads up, checkout is returning 500s for about a third of requests since the release twenty "
  "minutes ago. I'm the one on call this week and I've never handled one of these. What should I do first, "
  "and what do we need to write up afterwards?", {"p:rules/incident-process": 2, "p:facts/rollback": 1, "p:facts/runbooks": 1})
Q("glued", "k6压测staging", {"p:facts/load-testing": 2})
Q("question", "sessions are stored where?", {"p:decisions/sessions-in-redis": 2})
Q("question", "admin 用什么包管理器", {"p:decisions/admin-joins-workspace": 2, "p:decisions/pnpm-workspace": 1})
Q("variant", "pydantic V2 orm_mode", {"p:pitfalls/pydantic-v2-migration": 2})
Q("glued", "uv加依赖", {"p:facts/uv-usage": 2, "p:facts/api-framework": 1})
Q("fullwidth", "ｄｏｃｋｅｒ－ｃｏｍｐｏｓｅ", {"p:pitfalls/docker-compose-v1": 2, "p:facts/local-dev-setup": 1})
Q("fullwidth", "ＡＰＩ 限流", {"p:decisions/rate-limiting": 2})

# ============================================================================================
# Global root: one developer's preferences and notes that hold across projects
# ============================================================================================
E("g", "preferences/reply-language", "preference", "回答用中文，代码、命令、标识符和提交信息保持英文",
  ["语言", "回复"],
  "我读中文快，但代码注释和 commit message 要英文，方便开源和外国同事看。", d=200, pin=True)
E("g", "preferences/concise-answers", "preference", "Keep answers short: the change first, explanation after, no filler",
  ["style", "answers"],
  "Do not restate the question. When there are options, give a recommendation, not a menu.", d=150)
E("g", "preferences/no-emoji", "preference", "不要在代码、注释、提交信息里用 emoji", ["emoji"],
  "终端里 emoji 宽度不对，对齐会乱。", d=300)
E("g", "preferences/editor", "preference", "I use Neovim with LazyVim; give keybindings for that, not VS Code",
  ["editor", "neovim"],
  "LSP is set up through mason. For formatting I rely on conform.nvim running on save.", d=250)
E("g", "preferences/shell", "preference", "我的 shell 是 fish，给命令的时候注意 fish 的语法", ["fish", "shell"],
  "比如环境变量用 set -x FOO bar 或者 env FOO=bar cmd，不要写 export；$(...) 在 fish 里是 (...)。", d=260)
E("g", "preferences/python-style", "preference", "Python: type hints everywhere, ruff for lint and format, no black/isort/flake8",
  ["python", "ruff", "style"],
  "Line length 110. Prefer dataclasses or pydantic models to dicts passed around.", d=180)
E("g", "preferences/tests-first-bugs", "preference", "修 bug 先写一个能复现的失败测试，再改代码", ["bug", "测试"],
  "这样能确认找到的是真的原因，也防止以后回归。", d=220)
E("g", "preferences/indent", "preference", "Indentation: 2 spaces for TS/JS/YAML/JSON, 4 for Python, tabs only in Go and Makefiles",
  ["indent", "formatting"],
  "Editorconfig in every repo; do not reformat files you did not otherwise change.", d=320)
E("g", "preferences/ask-before-deps", "preference", "加新依赖之前先问我，优先用标准库或项目里已有的库",
  ["依赖", "dependency"],
  "特别是前端，能不用的包就不用。加的时候说明为什么、体积多大、最近有没有维护。", d=140)
E("g", "preferences/commit-granularity", "preference", "Small commits, one logical change each; never mix formatting with behaviour changes",
  ["commit", "git"],
  "If a refactor is needed for a fix, commit the refactor first.", d=190)
E("g", "preferences/explain-commands", "preference", "给我跑有破坏性的命令前先解释它会做什么", ["命令", "危险操作"],
  "rm -rf、git reset --hard、force push、DROP TABLE 这类，先说清楚影响范围，等我确认。", d=160, pin=True)
E("g", "preferences/sql-uppercase", "preference", "SQL keywords in upper case, identifiers in lower snake_case",
  ["SQL", "style"], "One clause per line for anything longer than a simple SELECT.", d=280)
E("g", "preferences/date-format", "preference", "日期写 ISO 8601（2026-03-01），不要写 3/1/2026", ["日期", "格式"],
  "文档和日志都是这样，时间带时区。", d=240)
E("g", "preferences/git-rebase", "preference", "I prefer rebase over merge for feature branches; pull with --rebase",
  ["git", "rebase"],
  "git config --global pull.rebase true is set on my machines. Never rebase a shared branch others pushed to.", d=170)
E("g", "preferences/mac-keyboard", "preference", "给快捷键时按 macOS 写（⌘ 而不是 Ctrl）", ["快捷键", "macOS"],
  "我所有机器都是 Mac。", d=330)

E("g", "pitfalls/git-lfs-clone", "pitfall", "git clone 完图片都是几百字节的文本：忘了装 git lfs",
  ["git lfs"],
  "brew install git-lfs && git lfs install，然后在仓库里 git lfs pull。", d=210)
E("g", "pitfalls/ssh-agent-mac", "pitfall", "SSH key asks for the passphrase after every reboot on macOS",
  ["ssh", "macOS", "keychain"],
  "Add UseKeychain yes and AddKeysToAgent yes under Host * in ~/.ssh/config, then ssh-add --apple-use-keychain.", d=230)
E("g", "pitfalls/python-venv-brew", "pitfall", "brew 升级 Python 以后所有虚拟环境都坏了",
  ["python", "venv", "homebrew"],
  "venv 里的解释器是指向 brew 路径的软链接。现在项目一律用 uv 管理 Python 版本（uv python install），不依赖 brew 的 python。", d=190)
E("g", "pitfalls/node-gyp-xcode", "pitfall", "node-gyp fails with 'xcrun: error: invalid active developer path'",
  ["node-gyp", "xcode", "macOS"],
  "Happens after every major macOS upgrade. Run xcode-select --install.", d=260)
E("g", "pitfalls/docker-desktop-disk", "pitfall", "Docker Desktop 占满了磁盘", ["docker", "磁盘"],
  "docker system prune -a --volumes 会删掉所有没在用的镜像和卷（包括本地数据库数据！）。先 docker system df 看看是哪部分大。", d=150)
E("g", "pitfalls/git-crlf", "pitfall", "Whole-file diffs after cloning on Windows: line endings",
  ["git", "CRLF", "Windows"],
  "Set core.autocrlf=input and add a .gitattributes with * text=auto eol=lf to each repo.", d=340)
E("g", "pitfalls/force-push-lost", "pitfall", "force push 覆盖了同事的提交", ["force push", "git"],
  "以后只用 git push --force-with-lease，而且只对自己的分支。找回：git reflog 或者看 GitHub 上 PR 的 force-pushed 记录。", d=280)
E("g", "pitfalls/pip-break-system", "pitfall", "pip install fails with externally-managed-environment on Debian 12 / Ubuntu 24.04",
  ["pip", "PEP 668"],
  "Do not use --break-system-packages. Use a venv, pipx for tools, or uv tool install.", d=120)
E("g", "pitfalls/json-bigint", "pitfall", "JS 端 id 精度丢失：后端返回的 64 位整数超过了 Number.MAX_SAFE_INTEGER",
  ["JSON", "精度", "bigint"],
  "雪花 id 要以字符串返回。这个坑在两个项目里都踩过。", d=210)
E("g", "pitfalls/utf8mb4", "pitfall", "MySQL 存 emoji 报错 Incorrect string value", ["MySQL", "utf8mb4"],
  "utf8 在 MySQL 里只有 3 字节，要用 utf8mb4 和 utf8mb4_0900_ai_ci。连接串也要 charset=utf8mb4。", d=360)
E("g", "pitfalls/regex-catastrophic", "pitfall", "A regex with nested quantifiers hung the server on a long input",
  ["regex", "ReDoS"],
  "(a+)+ style patterns backtrack exponentially. Avoid nested quantifiers on user input or use re2.", d=300)
E("g", "pitfalls/homebrew-postgres-port", "pitfall", "本机 brew 装的 Postgres 占了 5432，容器里的库连不上",
  ["postgres", "端口", "homebrew"],
  "要么 brew services stop postgresql@16，要么项目里把容器映射到别的端口。", d=180)
E("g", "pitfalls/gpg-sign-tty", "pitfall", "git commit fails with 'gpg failed to sign the data'",
  ["gpg", "git", "signing"],
  "Set export GPG_TTY=$(tty) (fish: set -x GPG_TTY (tty)) and restart gpg-agent. I sign commits with SSH keys now instead.", d=200)

E("g", "facts/machines", "fact", "My machines: MacBook Pro M3 (work), Mac mini M2 (home); both arm64",
  ["machine", "arm64"],
  "So images I build locally are arm64 unless I pass --platform.", d=100)
E("g", "facts/dotfiles", "fact", "dotfiles 在 github.com/me/dotfiles，用 chezmoi 管理", ["dotfiles", "chezmoi"],
  "改配置：chezmoi edit ~/.config/fish/config.fish，然后 chezmoi apply。", d=250)
E("g", "facts/side-project-blog", "fact", "个人博客用 Astro，部署在 Cloudflare Pages，域名在 Cloudflare",
  ["博客", "Astro"],
  "文章是 src/content/posts 下的 mdx。推到 main 自动发布。", d=140)
E("g", "facts/side-project-bot", "fact", "The Telegram bot side project runs on a Hetzner VPS with systemd, deployed by a git pull script",
  ["telegram bot", "Hetzner", "systemd"],
  "Service name tgbot.service; logs with journalctl -u tgbot -f. Python 3.12 in a uv venv.", d=160)
E("g", "facts/gpu-box", "fact", "家里的 GPU 机器是 4090，跑本地模型用 ollama，地址 192.168.1.20:11434",
  ["GPU", "ollama", "本地模型"],
  "只在内网能访问。常用模型 qwen2.5:14b。", d=90)
E("g", "decisions/side-projects-pnpm", "decision", "自己的项目默认用 pnpm 和 Vite", ["pnpm", "Vite"],
  "公司项目按项目的规定来。", d=200)
E("g", "decisions/side-projects-sqlite", "decision", "Side projects start on SQLite (WAL mode) and move to Postgres only when needed",
  ["SQLite", "database"],
  "Litestream backs the file up to R2. Most of them never needed more.", d=230)
E("g", "facts/password-manager", "fact", "密码和 token 都在 1Password，CLI 用 op read 取", ["1Password", "密码"],
  "脚本里用 op read op://Private/github-token/credential，不要把 token 写进 shell 配置。", d=170)
E("g", "rules/never-commit-secrets", "rule", "Never paste tokens or keys into code, tests, logs or memory notes",
  ["secrets", "token"],
  "Reference where it lives (1Password item, Vault path) instead.", d=300, pin=True)
E("g", "facts/github-cli", "fact", "I use the GitHub CLI: gh pr create --fill, gh pr checkout 123, gh run watch",
  ["gh", "GitHub CLI"],
  "Authenticated with SSH; gh auth status shows the account.", d=120)

Q("question", "你平时希望我用什么语言回答？", {"g:preferences/reply-language": 2})
Q("crossling", "what language should commit messages be in", {"g:preferences/reply-language": 2, "p:rules/commit-messages": 1})
Q("paraphrase", "how do I set an environment variable in my shell", {"g:preferences/shell": 2})
Q("short", "fish", {"g:preferences/shell": 2})
Q("question", "can I add lodash to the frontend?", {"g:preferences/ask-before-deps": 2})
Q("glued", "用git reset --hard之前", {"g:preferences/explain-commands": 2})
Q("crossling", "images in the repo are tiny text files after clone", {"g:pitfalls/git-lfs-clone": 2})
Q("ident", "externally-managed-environment", {"g:pitfalls/pip-break-system": 2})
Q("paraphrase", "前端拿到的订单 id 最后几位不对", {"g:pitfalls/json-bigint": 2})
Q("variant", "mysql emoji Incorrect String Value", {"g:pitfalls/utf8mb4": 2})
Q("question", "怎么找回被 force push 覆盖掉的提交", {"g:pitfalls/force-push-lost": 2})
Q("ident", "gpg failed to sign the data", {"g:pitfalls/gpg-sign-tty": 2})
Q("short", "ollama", {"g:facts/gpu-box": 2})
Q("question", "where is my telegram bot running and how do I see its logs?", {"g:facts/side-project-bot": 2})
Q("long", "I'm starting a small weekend project, a habit tracker for myself. Nothing fancy, maybe a few "
  "hundred rows. Before I set up infrastructure: what database do I normally start with for these, and how "
  "do I back it up?", {"g:decisions/side-projects-sqlite": 2})
Q("fullwidth", "ＳＳＨ 密码每次重启都要输", {"g:pitfalls/ssh-agent-mac": 2})

# --------------------------------------------------------------------------------------------
# Global: more cross-project notes (languages, tools, habits)
# --------------------------------------------------------------------------------------------
E("g", "pitfalls/go-loop-var", "pitfall", "Go before 1.22: goroutines in a for loop captured the same variable",
  ["Go", "goroutine"],
  "Old services still build with Go 1.21. Copy the variable (v := v) or bump go.mod to 1.22.", d=240)
E("g", "facts/go-tooling", "fact", "Go 项目统一用 golangci-lint 和 gofumpt，make lint 里都有", ["Go", "lint"],
  "golangci-lint 的配置复制自 dotfiles 里的 .golangci.yml 模板。", d=260)
E("g", "pitfalls/rust-openssl-cross", "pitfall", "Cross-compiling a Rust binary for Linux from the Mac fails on openssl-sys",
  ["Rust", "cross compile", "openssl"],
  "Use rustls instead of native-tls in reqwest (default-features = false, features = [\"rustls-tls\"]), or build in Docker with cargo zigbuild.", d=210)
E("g", "preferences/error-handling-rust", "preference", "Rust：库里用 thiserror，应用里用 anyhow", ["Rust", "错误处理"],
  "不要在库代码里 unwrap()，测试里可以。", d=220)
E("g", "pitfalls/tmux-colors", "pitfall", "Neovim colours are wrong inside tmux", ["tmux", "neovim", "terminal"],
  "set -g default-terminal \"tmux-256color\" and set -ag terminal-overrides \",xterm-256color:RGB\" in tmux.conf.", d=290)
E("g", "facts/proxy-setup", "fact", "公司网络访问 GitHub 慢时用 Clash 代理，端口 7890", ["代理", "proxy", "网络"],
  "git config --global http.https://github.com.proxy http://127.0.0.1:7890；npm 和 pip 另外配镜像源。", d=130)
E("g", "facts/npm-mirror", "fact", "npm/pnpm 国内镜像用 npmmirror，pip 用清华源", ["镜像源", "npm", "pip"],
  "registry=https://registry.npmmirror.com；pip 的 index-url 是 https://pypi.tuna.tsinghua.edu.cn/simple。公司项目 CI 里不要用，CI 有自己的代理。", d=140)
E("g", "pitfalls/npm-mirror-lockfile", "pitfall", "lockfile 里写进了镜像源地址，同事装依赖失败",
  ["lockfile", "镜像源", "npmmirror"],
  "pnpm-lock.yaml 里的 tarball 地址变成了 npmmirror。只在用户级 ~/.npmrc 配镜像，不要写进项目 .npmrc。", d=120)
E("g", "preferences/docs-style", "preference", "README 先写怎么跑起来，再写原理；命令要能直接复制粘贴", ["README", "文档"],
  "命令前不要加 $ 提示符。", d=270)
E("g", "preferences/naming", "preference", "Names: full words over abbreviations (customer, not cust); booleans start with is/has",
  ["naming", "code style"], "Acronyms are written as words in camelCase: apiUrl, not APIURL.", d=230)
E("g", "preferences/logging-habit", "preference", "调试时我喜欢加临时日志，但提交前一定要删掉", ["日志", "调试"],
  "临时日志加 TODO(me) 前缀，提交前 grep 一下。", d=180)
E("g", "facts/vpn", "fact", "访问公司内网（flower、grafana）需要先连 Tailscale", ["Tailscale", "VPN", "内网"],
  "tailscale up --accept-routes。连不上时看 tailscale status 有没有过期需要重新登录。", d=90)
E("g", "pitfalls/macos-file-limit", "pitfall", "Too many open files when running the dev servers on macOS",
  ["macOS", "ulimit", "EMFILE"],
  "The default limit is 256. ulimit -n 65536 in the shell config; watchman helps for Jest/Metro.", d=250)
E("g", "facts/ai-tools", "fact", "I use Claude Code in the terminal and sometimes Cursor; memory is shared through this global root",
  ["claude code", "cursor", "agent"],
  "Project-specific notes go in the project's .memory, personal ones here.", d=60)
E("g", "preferences/pr-description", "preference", "PR 描述写：为什么改、改了什么、怎么验证的，附截图或命令输出",
  ["PR", "描述"], "不要只写“见标题”。", d=210)
E("g", "pitfalls/yaml-norway", "pitfall", "YAML turned the country code NO into false", ["YAML", "boolean"],
  "YAML 1.1 reads no/yes/on/off as booleans. Quote such strings; prefer YAML 1.2 parsers.", d=310)
E("g", "pitfalls/float-money-js", "pitfall", "JS 里 0.1 + 0.2 !== 0.3，金额计算出错", ["金额", "浮点数", "JavaScript"],
  "金额一律用整数分计算，展示时再格式化。", d=300)
E("g", "facts/backup-laptop", "fact", "Time Machine backs up to the NAS every hour; code is also always pushed",
  ["backup", "Time Machine"], "The NAS is at nas.local. Restores of single files work through Finder.", d=280)
E("g", "preferences/meeting-notes", "preference", "帮我总结会议记录时，按决定、待办（带负责人）、开放问题三部分写", ["会议", "总结"],
  "待办用 - [ ] 列表。", d=150)
E("g", "pitfalls/cursor-rules-ignored", "pitfall", "Cursor ignored .cursorrules in a subfolder", ["cursor", "rules"],
  "Project rules go in .cursor/rules/*.mdc at the repo root now; the old .cursorrules file only works at the root.", d=70)

# --------------------------------------------------------------------------------------------
# Project: more areas and decoys
# --------------------------------------------------------------------------------------------
E("p", "facts/accessibility", "fact", "无障碍：组件要能键盘操作，CI 里用 axe 检查，颜色对比度至少 4.5:1",
  ["无障碍", "a11y", "axe"],
  "Playwright 的 e2e 里对主要页面跑 @axe-core/playwright，有 serious 级别问题就失败。", d=110)
E("p", "facts/graphql-legacy", "fact", "The partner API still has a GraphQL endpoint /graphql; new work goes to REST",
  ["GraphQL", "partner API"], "It is frozen: bug fixes only. Query depth is limited to 6.", d=200)
E("p", "pitfalls/search-reindex-oom", "pitfall", "全量重建商品索引时 worker 内存爆掉", ["Meilisearch", "reindex", "内存"],
  "一次把所有商品读进内存了。改成按 id 分批每批 1000 条 yield。", d=60)
E("p", "facts/pricing-service", "fact", "定价服务 pricing 是 Go 写的，gRPC 接口，proto 在 packages/proto",
  ["pricing", "gRPC", "Go"],
  "改 proto 后 make proto 生成 Go 和 Python 两边的代码。API 调 pricing 的超时是 300ms。", d=130)
E("p", "pitfalls/grpc-deadline", "pitfall", "gRPC calls to pricing failed with DEADLINE_EXCEEDED during sales",
  ["gRPC", "timeout", "pricing"],
  "The 300 ms deadline was fine normally; under load pricing's p99 hit 450 ms. Added a cache for price lists and a fallback to the last known price.", d=90)
E("p", "facts/tenant-isolation", "fact", "多租户隔离：每张业务表都有 tenant_id，查询必须经过 TenantScopedSession",
  ["多租户", "tenant_id"],
  "Postgres 里还开了 RLS 兜底，app 连接时 SET LOCAL app.tenant_id。直接用原始 session 会被 lint 规则拦下。", d=150, pin=True)
E("p", "pitfalls/rls-pgbouncer", "pitfall", "RLS 在 pgbouncer 后面失效了：用的是 SET 而不是 SET LOCAL",
  ["RLS", "pgbouncer", "tenant"],
  "transaction 模式下 SET 会泄露到别的客户端的事务里。必须在事务内 SET LOCAL。", d=100)
E("p", "facts/feature-preview-envs", "fact", "Every PR gets a preview environment at https://<pr-number>.preview.harbor.dev",
  ["preview", "PR"],
  "It shares the staging database and is deleted when the PR closes. Seeded users work there too.", d=50)
E("p", "decisions/monorepo-tool", "decision", "monorepo 的任务编排用 Turborepo，不用 Nx", ["Turborepo", "Nx", "monorepo"],
  "Nx 功能更多，但配置和插件太重；我们只需要缓存和依赖顺序。", d=220)
E("p", "facts/api-docs", "fact", "API docs are served by FastAPI at /docs locally and published to docs.harbor.dev/api",
  ["API docs", "OpenAPI"], "Internal routes are hidden with include_in_schema=False.", d=140)
E("p", "pitfalls/celery-beat-duplicate", "pitfall", "Celery beat ran in two pods and every periodic task fired twice",
  ["Celery beat", "duplicate"],
  "beat must run as a single replica (its own Deployment, replicas: 1, strategy Recreate). Periodic jobs are moving to CronJobs anyway.", d=110)
E("p", "facts/image-processing", "fact", "商品图片上传后由 heavy 队列生成缩略图，尺寸 200/400/800，格式 webp",
  ["图片", "缩略图", "webp"], "原图保留在 harbor-uploads，缩略图在 harbor-media，经 CDN 分发。", d=120)
E("p", "rules/no-print-debug", "rule", "No print() or console.log in committed code; use the logger", ["logging", "lint"],
  "ruff T20 and eslint no-console enforce it in CI.", d=160)
E("p", "facts/linear-workflow", "fact", "工单在 Linear 的 HB 团队，状态：Backlog → Todo → In Progress → In Review → Done",
  ["Linear", "工单"], "PR 合并后机器人自动把工单移到 Done。", d=170)
E("p", "facts/sprint-cadence", "fact", "Two-week sprints starting Wednesday; planning Wednesday 10:00, retro the Tuesday before",
  ["sprint", "planning"], "Demo of finished work happens in the planning meeting.", d=190)
E("p", "pitfalls/openapi-client-stale", "pitfall", "前端类型和接口对不上：忘了重新生成 api-client",
  ["api-client", "OpenAPI", "类型"],
  "改后端 schema 后跑 pnpm gen:api 并把生成的文件一起提交。", d=65)
E("p", "facts/refund-rules", "fact", "退款规则：已发货订单不能直接退款，要先创建退货单", ["退款", "refund", "订单"],
  "部分退款按行项目退，运费只在全部退款时退。退款走 Stripe Refund API，异步回调更新状态。", d=85)
E("p", "pitfalls/refund-double", "pitfall", "Customers got refunded twice when support clicked the button twice",
  ["refund", "idempotency"],
  "The refund endpoint now takes an Idempotency-Key and passes it to Stripe.", d=75)
E("p", "facts/support-tools", "fact", "客服后台可以模拟登录用户（impersonate），所有操作进审计日志", ["客服", "impersonate"],
  "只有 support 角色能用，模拟会话 30 分钟过期。", d=140)
E("p", "facts/oncall-access", "fact", "Prod database access for on-call is through Teleport, read-only by default",
  ["Teleport", "database access", "prod"],
  "tsh db connect harbor-prod --db-user=readonly. Write access needs an approved access request with a ticket.", d=60)
E("p", "pitfalls/psql-prod-write", "pitfall", "有人在生产库手动 UPDATE 忘了 WHERE", ["生产库", "UPDATE", "事故"],
  "从快照恢复花了 2 小时。现在写权限要走 Teleport 审批，并且 psql 里先 BEGIN。", d=240)

Q("long", "OK so here's the situation. We're expecting the 11.11 traffic spike next week and I'm looking at "
  "the pricing calls from the API. Last year something about timeouts from the pricing service showed up "
  "under load. What happened and what did we change?", {"p:pitfalls/grpc-deadline": 2, "p:rules/release-freeze": 1})
Q("long", "我在写一个新的报表查询，要按租户统计上个月的退款金额。我直接用了 SQLAlchemy 的 session 写了个查询，"
  "结果 lint 报错了。这里查询有什么特殊要求吗？", {"p:facts/tenant-isolation": 2, "p:facts/read-replica": 1})
Q("long", "A customer complained they were charged back twice for one order. Support says they only pressed "
  "the button once, maybe twice because the page was slow. Have we seen this before?", {"p:pitfalls/refund-double": 2})
Q("long", "帮我看一下这个问题：我在 tmux 里打开 nvim，主题颜色全乱了，外面的终端是正常的。"
  "之前好像配过，但是换了台机器又不行了。", {"g:pitfalls/tmux-colors": 2})
Q("long", "I'm about to cross compile my CLI tool written in Rust so it runs on the Linux VPS. The build on my "
  "laptop keeps failing somewhere in a C dependency. Anything I should know?", {"g:pitfalls/rust-openssl-cross": 2})
Q("short", "退款", {"p:facts/refund-rules": 2, "p:pitfalls/refund-double": 1})
Q("short", "Teleport", {"p:facts/oncall-access": 2})
Q("short", "RLS", {"p:pitfalls/rls-pgbouncer": 2, "p:facts/tenant-isolation": 1})
Q("fullwidth", "ＧｒａｐｈＱＬ", {"p:facts/graphql-legacy": 2})
Q("fullwidth", "ｔｅｎａｎｔ＿ｉｄ", {"p:facts/tenant-isolation": 2})
Q("fullwidth", "Ｔａｉｌｓｃａｌｅ 连不上", {"g:facts/vpn": 2})
Q("glued", "pnpm用国内镜像", {"g:facts/npm-mirror": 2, "g:pitfalls/npm-mirror-lockfile": 1})
Q("paraphrase", "colleague can't install deps, the lockfile points at a mirror", {"g:pitfalls/npm-mirror-lockfile": 2})
Q("crossling", "YAML 把 NO 解析成了 false", {"g:pitfalls/yaml-norway": 2})

# --------------------------------------------------------------------------------------------
# Questions memory holds no answer to (the right answer is "nothing")
# --------------------------------------------------------------------------------------------
for _text in [
    "how do we configure the Elasticsearch cluster shards?",
    "怎么申请年假",
    "what's the wifi password in the office",
    "MongoDB 的副本集怎么配置",
    "Vue 组件里 v-model 怎么双向绑定",
    "how do I set up Jenkins pipelines",
    "Angular 路由守卫",
    "what is our SOC 2 audit status",
    "ios 推送证书过期了怎么续",
    "which Kotlin coroutine dispatcher should I use on Android",
    "公司团建去哪里",
    "how do I center a div",
    "Cassandra compaction strategy",
    "用 Svelte 重写首页要多久",
    "What is the capital of Australia?",
    "帮我写一首关于秋天的诗",
    "how do we price enterprise contracts with sales",
    "webpack 5 module federation 配置",
    "Windows 上怎么装 WSL2",
    "explain the difference between TCP and UDP",
    "Terraform Cloud 的 workspace 怎么命名",
    "how do we handle GDPR data deletion requests",
    "黑五的促销文案谁来写",
    "DynamoDB single table design",
    "ＰＨＰ 版本升级",
    "怎么给 Kubernetes 集群升级 Istio",
    "what's the process for getting a company laptop replaced",
    "我们的小程序包体积超过 2MB 怎么分包",
    "how do I write a Dockerfile HEALTHCHECK for the Go pricing service",
    "今年的绩效考核什么时候开始",
]:
    Q("none", _text)

# --------------------------------------------------------------------------------------------
# Chinese prose (few or no Latin words): processes, product rules, habits
# --------------------------------------------------------------------------------------------
E("p", "rules/code-freeze-notice", "rule", "大促封版前一周要在周会上确认需要上线的需求清单",
  ["封版", "大促"],
  "清单之外的需求一律延后到大促结束。临时插入的需求要产品负责人和技术负责人同时同意。", d=45)
E("p", "facts/order-states", "fact", "订单状态流转：待支付、已支付、已发货、已完成、已取消、已退款",
  ["订单状态"],
  "待支付超过三十分钟自动取消并释放库存。已完成之后七天内可以申请售后，超过七天只能走人工客服。", d=120)
E("p", "pitfalls/inventory-oversell", "pitfall", "秒杀活动出现超卖：扣库存和下单不在同一个事务里",
  ["超卖", "库存", "秒杀"],
  "先查库存再扣减，两次请求同时通过检查就会超卖。现在扣库存用条件更新，库存不足时更新行数为零直接失败，不再先查后改。", d=95)
E("p", "facts/coupon-rules", "fact", "优惠券规则：同一订单只能用一张券，满减券和折扣券不能叠加",
  ["优惠券", "满减"],
  "会员折扣可以和优惠券叠加，但先算会员折扣再算券。券过期后不退回，用户取消订单时未过期的券自动退回。", d=110)
E("p", "facts/invoice", "fact", "发票由财务系统统一开具，我们只负责把订单信息推过去",
  ["发票", "财务"],
  "用户在订单完成后才能申请发票。抬头信息错误需要作废重开，作废只能在当月内完成。", d=160)
E("p", "rules/customer-data-access", "rule", "查看用户个人信息必须有工单理由，不许随便翻看",
  ["用户隐私", "个人信息"],
  "后台每次查看手机号和地址都会留痕，每月抽查。导出用户名单需要部门负责人审批。", d=200, pin=True)
E("p", "facts/team-members", "fact", "团队分工：小王负责支付和订单，小李负责前端，老张负责基础设施",
  ["分工", "负责人"],
  "有问题先找对应负责人，负责人请假时找老张。新同学入职第一周由小李带。", d=60)
E("p", "facts/meeting-schedule", "fact", "每天早上十点站会，十五分钟，只说昨天做了什么、今天做什么、有什么阻碍",
  ["站会", "会议"],
  "细节讨论会后单独拉人。周三下午是固定的技术分享，轮流讲。", d=90)
E("p", "preferences/review-response-time", "preference", "代码评审尽量在一个工作日内给出反馈",
  ["代码评审", "评审"],
  "超过一天没人看可以在群里提醒。评审意见有分歧时当面聊十分钟，比来回留言快。", d=130)
E("p", "pitfalls/cache-stale-price", "pitfall", "改了商品价格，页面上还是旧价格",
  ["价格", "缓存不一致"],
  "后台改价后只更新了数据库，没有删除缓存。现在改价接口在事务提交后删缓存，并且延迟一秒再删一次，防止并发读把旧值写回去。", d=70)
E("p", "facts/sms-provider", "fact", "短信验证码用阿里云短信服务，每个手机号每天最多十条",
  ["短信", "验证码"],
  "同一手机号六十秒内只能发一次。验证码五分钟有效，输错五次作废。测试环境不真发，验证码固定为六个零。", d=100)
E("p", "pitfalls/sms-template-reject", "pitfall", "新的短信模板审核被拒：内容里带了链接",
  ["短信模板", "审核"],
  "营销类短信要单独申请签名和模板，不能和验证码共用。模板里不能有短链接，审核大约两个工作日。", d=150)
E("p", "facts/wechat-login", "fact", "微信登录只在小程序和移动端提供，网页端扫码登录走开放平台",
  ["微信登录", "扫码登录"],
  "小程序和公众号是两个不同的应用，同一个用户要靠联合标识合并账号。合并逻辑在账户服务里。", d=140)
E("p", "pitfalls/wechat-pay-callback", "pitfall", "微信支付回调偶尔收不到，订单一直是待支付",
  ["微信支付", "回调", "支付"],
  "回调地址必须是公网可访问的地址，之前预发布环境用的是内网域名。现在另外加了定时任务，每五分钟主动查询一次支付状态作为兜底。", d=80)
E("p", "facts/holiday-schedule", "fact", "节假日值班安排提前两周在群里公布，值班当天要保持手机畅通",
  ["值班", "节假日"],
  "值班期间出现严重故障，十五分钟内必须响应。调休按公司规定申请。", d=75)
E("p", "rules/data-deletion", "rule", "删除数据一律软删除，物理删除要走审批",
  ["删除", "软删除"],
  "表里用删除时间字段标记。用户注销账号后三十天内可以恢复，三十天后由定时任务清理个人信息。", d=180)
E("p", "decisions/no-stored-procedures", "decision", "业务逻辑不写在存储过程和触发器里",
  ["存储过程", "触发器"],
  "以前的老系统把计费逻辑写在存储过程里，没人敢改，也没法测试。新代码的逻辑都放在应用层。", d=260)
E("p", "pitfalls/excel-export-encoding", "pitfall", "导出的表格用电脑自带的表格软件打开是乱码",
  ["导出", "乱码", "表格"],
  "文件开头要加字节顺序标记，否则会按本地编码打开。大于五万行的导出改成异步生成，完成后发站内信通知下载。", d=110)
E("p", "facts/address-data", "fact", "省市区地址数据每年更新一次，来源是民政部公布的行政区划代码",
  ["地址", "行政区划"],
  "更新时旧的编码不要删，只标记失效，历史订单还要能显示。", d=230)
E("p", "pitfalls/phone-number-format", "pitfall", "手机号校验把虚拟运营商号段拦掉了",
  ["手机号", "校验"],
  "写死的号段列表过时了。现在只校验十一位数字且以一开头，具体是否有效由短信验证码确认。", d=190)
E("p", "preferences/explain-why", "preference", "改代码的时候顺便告诉我为什么这么改，不只是改了什么",
  ["解释", "原因"],
  "特别是改动别人的代码时，说明原来的写法有什么问题。", d=120)
E("p", "facts/onboarding-doc", "fact", "新人入职文档在知识库的“工程入门”目录，第一周要完成里面的练习",
  ["入职", "新人"],
  "练习包括本地跑通项目、修一个入门级的问题、走一遍发布流程。导师每天下班前检查一次进度。", d=100)
E("p", "pitfalls/cron-overlap-report", "pitfall", "日报生成任务和数据同步同时跑，日报里的数字偏少",
  ["日报", "数据同步"],
  "同步任务在两点开始，日报在两点半开始，但同步有时要跑一个多小时。现在日报等同步完成的信号再开始。", d=85)
E("p", "decisions/search-synonyms", "decision", "搜索同义词表由运营维护，技术只负责定期同步",
  ["同义词", "搜索"],
  "运营在后台编辑，每天凌晨同步一次。紧急修改可以在后台点立即同步。", d=90)

E("g", "preferences/no-weekend-messages", "preference", "周末不要给我安排需要马上处理的事，除非是线上故障",
  ["周末", "打扰"], "提醒类的事情放到周一早上。", d=210)
E("g", "preferences/learning-notes", "preference", "学新技术时先给我一个最小能跑的例子，再讲概念",
  ["学习", "例子"], "例子要能直接运行，不要省略导入和配置。", d=180)
E("g", "preferences/chinese-punctuation", "preference", "写中文文档时用中文标点，中英文之间加空格",
  ["中文标点", "排版"], "数字和单位之间不加空格。括号里全是英文时用半角括号。", d=240)
E("g", "preferences/todo-format", "preference", "列待办事项时按优先级排，最重要的放最前面",
  ["待办", "优先级"], "每条待办写清楚要做什么、做到什么程度算完成。", d=160)
E("g", "pitfalls/laptop-sleep-build", "pitfall", "笔记本合盖后长时间的构建任务中断了",
  ["合盖", "休眠", "构建"], "长任务放到家里的台式机上跑，或者在终端复用会话里跑并且关掉自动休眠。", d=200)
E("g", "facts/home-network", "fact", "家里网络是电信宽带，路由器管理地址在 192.168.1.1",
  ["家里网络", "路由器"], "家里的机器都有固定地址，台式机是二十号。", d=250)
E("g", "preferences/reading-time", "preference", "长文章先给我三句话的摘要，我再决定要不要看全文",
  ["摘要", "长文"], "摘要里要有结论，不要只写这篇文章讲了什么。", d=140)
E("g", "decisions/notes-in-markdown", "decision", "个人笔记全部用纯文本格式存放，不用任何专有格式的笔记软件",
  ["笔记", "格式"], "以前用过的笔记软件停止服务，导出很痛苦。现在只用纯文本文件加版本管理。", d=280)
E("g", "pitfalls/calendar-timezone", "pitfall", "跨时区的会议邀请时间显示错了",
  ["会议邀请", "时区"], "出差时电脑时区自动改了，日历按新时区创建了会议。创建会议时要确认时区。", d=170)
E("g", "preferences/health-break", "preference", "连续工作两小时提醒我休息一下", ["休息", "提醒"],
  "可以在对话里顺便提一句，不用太正式。", d=90)

Q("question", "秒杀的时候为什么会超卖", {"p:pitfalls/inventory-oversell": 2})
Q("paraphrase", "满减券能和折扣券一起用吗", {"p:facts/coupon-rules": 2})
Q("crossling", "the page still shows the old price after I changed it", {"p:pitfalls/cache-stale-price": 2,
                                                                        "p:decisions/cache-aside-ttl": 1})
Q("short", "验证码", {"p:facts/sms-provider": 2})
Q("question", "微信支付成功了但订单还是待支付", {"p:pitfalls/wechat-pay-callback": 2})
Q("paraphrase", "用户注销以后数据什么时候清掉", {"p:rules/data-deletion": 2})
Q("crossling", "exported spreadsheet is garbled when opened", {"p:pitfalls/excel-export-encoding": 2})
Q("question", "支付相关的问题应该找谁", {"p:facts/team-members": 2, "p:facts/code-owners": 1})
Q("paraphrase", "写中文的时候标点和空格有什么讲究", {"g:preferences/chinese-punctuation": 2})
Q("crossling", "how many SMS codes can one phone number get per day", {"p:facts/sms-provider": 2})

# More Chinese prose, so that the three languages are closer to a third each.
E("p", "facts/release-checklist", "fact", "上线检查清单：数据库变更已评审、回滚方案已写、监控看板已准备、客服已通知",
  ["上线检查", "清单"], "每一项都要有人签字确认。大版本上线后值班同学要盯半小时看板。", d=55)
E("p", "pitfalls/gray-release-ratio", "pitfall", "灰度放量太快，问题没来得及发现就全量了",
  ["灰度", "放量"], "现在灰度按百分之一、百分之十、百分之五十、全量四步走，每一步至少观察一小时，错误率上升就停。", d=65)
E("p", "facts/sla-customer", "fact", "对企业客户承诺的可用性是每月百分之九十九点九",
  ["可用性", "企业客户"], "每月允许的停机时间大约四十三分钟，计划内维护要提前三天通知客户。", d=150)
E("p", "rules/no-hotfix-without-review", "rule", "紧急修复也必须有人评审，不能自己合并",
  ["紧急修复", "评审"], "半夜找不到人可以电话叫醒值班的第二负责人。事后补写说明。", d=100)
E("p", "pitfalls/duplicate-orders", "pitfall", "用户连点两次提交按钮生成了两个订单",
  ["重复下单", "防重"], "前端按钮点击后立即置灰，后端用下单请求里的防重令牌去重，令牌十分钟有效。", d=90)
E("p", "facts/logistics-partners", "fact", "物流合作方有三家，默认走顺丰，偏远地区走邮政",
  ["物流", "快递"], "物流轨迹每小时拉取一次，签收后自动确认收货的时间是十天。", d=170)
E("p", "pitfalls/logistics-callback-order", "pitfall", "物流状态回调顺序乱了，已签收又变回运输中",
  ["物流状态", "回调顺序"], "回调不保证顺序。更新状态时比较事件发生时间，旧事件不覆盖新状态。", d=115)
E("p", "facts/member-levels", "fact", "会员等级按过去十二个月的消费金额计算，每月一号重新计算",
  ["会员等级", "会员"], "降级有一个月的缓冲期。等级权益配置在运营后台，改动要提前一周通知用户。", d=135)
E("p", "decisions/points-expiry", "decision", "积分有效期改为两年，按获得时间逐笔过期",
  ["积分", "过期"], "原来每年年底统一清零，用户投诉很多。改成逐笔过期后，过期前一个月发提醒。", d=125)
E("p", "pitfalls/points-negative", "pitfall", "退款后积分被扣成了负数", ["积分", "退款"],
  "用户下单得了积分又花掉了，退款时再扣就变负数。现在积分不足时扣到零，差额记为欠账，下次获得积分时先抵扣。", d=105)
E("p", "facts/content-review", "fact", "用户发布的评价和图片要先经过内容审核才能展示",
  ["内容审核", "评价"], "机器审核先过一遍，疑似违规的进人工审核队列，人工审核在两小时内处理。", d=145)
E("p", "rules/sensitive-words", "rule", "敏感词库只能由运营和法务修改，技术不要擅自增删",
  ["敏感词"], "词库每周更新。命中敏感词的内容不直接拒绝，而是进人工审核。", d=210)
E("p", "facts/customer-service-hours", "fact", "人工客服工作时间是每天早上九点到晚上十点",
  ["客服时间", "人工客服"], "其他时间由智能客服回复，转人工的请求第二天早上优先处理。", d=160)
E("p", "pitfalls/push-notification-night", "pitfall", "半夜给用户推送了营销消息被投诉",
  ["推送", "营销消息", "免打扰"], "定时推送用的是服务器时间，没有考虑用户所在时区。营销推送只在用户当地时间早九点到晚九点之间发。", d=95)
E("g", "preferences/weekly-review", "preference", "每周五下午帮我整理这周做了什么、下周打算做什么",
  ["周报", "总结"], "按项目分组，每项一两句话，不要写成流水账。", d=120)
E("g", "preferences/no-meeting-morning", "preference", "上午尽量不安排会议，留给写代码",
  ["会议安排", "上午"], "会议尽量放在下午两点以后。", d=190)
E("g", "pitfalls/backup-not-tested", "pitfall", "备份一直在跑，真要恢复时才发现备份文件是坏的",
  ["备份", "恢复"], "每个季度做一次恢复演练，确认备份真的能用。", d=260)
E("g", "facts/reading-list", "fact", "想看的书和文章记在待读清单里，周末集中看",
  ["待读清单", "阅读"], "看完写三五句读后感，放在笔记的读书目录下。", d=230)
E("g", "preferences/family-time", "preference", "晚上八点以后不讨论工作安排", ["下班时间"],
  "紧急情况除外。", d=300)
E("g", "decisions/two-factor", "decision", "所有重要账号都开两步验证，恢复码打印出来放在家里",
  ["两步验证", "账号安全"], "手机丢了的时候靠恢复码登录。换手机前先把验证器迁移好。", d=220)

Q("question", "灰度发布每一步放多少量", {"p:pitfalls/gray-release-ratio": 2})
Q("paraphrase", "用户重复提交生成了两张订单怎么办", {"p:pitfalls/duplicate-orders": 2})
Q("question", "积分什么时候过期", {"p:decisions/points-expiry": 2})
Q("crossling", "refund made the loyalty points go negative", {"p:pitfalls/points-negative": 2})
Q("paraphrase", "晚上给用户发推送被投诉了", {"p:pitfalls/push-notification-night": 2})
