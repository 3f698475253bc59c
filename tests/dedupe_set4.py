"""SET4: a fourth labelled set for the duplicate gate of `remember`, written blind.

How it was made: written by hand from the brief's descriptions only (what a duplicate, a
near-miss, a related and an unrelated memory are, and the named rewording techniques), without
reading the gate's code, its docs, its tests or the earlier sets and corpora.  As the brief asks,
topics stay away from mobile apps, data pipelines, ML training, firmware, game dev, security
reviews, on-call, SQL performance, accessibility, billing and search relevance; they cover DNS and
TLS, monorepo tooling, Rust/Go/Java/Kotlin builds, cloud IAM and quotas, schema migrations, CI
caching, docs and i18n, editor and formatter settings, package publishing, tracing and logging,
OAuth and sessions, data retention and privacy, review conventions, flaky tests, profiling, Docker
images, schedulers, feature flags, email, websockets and the user's working preferences.

Each topic is one *existing* entry (a module constant `_E_*`) compared with several *new* notes:

* ``dup``   -- the same memory reworded the way a model re-extracting it would; ``how`` names the
  technique: synonym, restructure, summary, filler, number, format, crosslang, mixed-switch,
  reason, imperative.
* ``near``  -- shares the topic and most words but adds or changes information; ``how`` is one
  of added, condition, exception, scope, dropped (reuse nearly all the entry's words and add or
  drop one thing) or number, subst, negation, reversed, moved.
* ``rel``   -- same area, another fact (``how`` = area).
* ``unrel`` -- another area (``how`` = other).

``lang`` is ``en`` or ``zh`` when both texts are in that language, and ``mixed`` when the pair
crosses languages or a text mixes Chinese prose with English words beyond technical names.
Texts follow the stored shape: a one-line summary, optionally a newline and a 1-3 sentence body.
A row is kept only when a careful reviewer would agree with its label; doubtful candidates were left out.
"""

from __future__ import annotations

# DNS TTL before a migration
_E_DNS_TTL = "Lower the DNS TTL to 300s a day before migrating api.example.com\nResolvers keep the old A record for the full TTL, so a 1-day TTL means a day of split traffic."
# cert-manager renewal
_E_CERT_RENEW = "证书由 cert-manager 自动续期，到期前 30 天开始续\n如果 Ingress 上没有 cert-manager.io/cluster-issuer 注解就不会续期。"
# nx affected base
_E_NX_BASE = "In CI, nx affected compares against origin/main, so rebase stale branches first\nOtherwise nx treats every commit since the fork point as changed and runs the whole test graph."
# turborepo remote cache on forks
_E_TURBO_FORK = "turbo 的 remote cache 需要 TURBO_TOKEN 和 TURBO_TEAM 两个环境变量，fork 来的 PR 里拿不到，所以会全量 build。"
# bazel remote cache read-only locally
_E_BAZEL_RO = "Bazel remote cache is read-only for local builds; only CI writes to it\nSet --remote_upload_local_results=false in .bazelrc.user on laptops."
# CARGO_INCREMENTAL in CI
_E_CARGO_INCR = "Rust 项目在 CI 里要设 CARGO_INCREMENTAL=0\n增量编译产物会让 target 缓存膨胀到好几个 G，而且 CI 每次都是干净构建，用不上。"
# Go static binaries for distroless
_E_GO_CGO = "Build the Go binaries with CGO_ENABLED=0 for the distroless image\nThe static base image has no libc, so a cgo-linked binary fails with 'no such file or directory' at start."
# Gradle configuration cache vs versionInfo
_E_GRADLE_CC = "Gradle 的 configuration cache 和我们自己写的 versionInfo task 不兼容，跑 release 时要加 --no-configuration-cache。"
# Kotlin daemon heap
_E_KOTLIN_HEAP = "Kotlin compile daemon runs out of memory on the monorepo; set kotlin.daemon.jvmargs=-Xmx4g in gradle.properties."
# CI service account role
_E_GCP_SA = "给 CI 的服务账号只授予 roles/artifactregistry.writer，不要给 Editor\n之前给过 Editor，结果一个清理脚本误删了整个 bucket。"
# Lambda concurrency quota
_E_LAMBDA_QUOTA = "us-east-1 Lambda concurrency quota is 1000 per account; the load test needs a quota increase filed a week ahead."
# NOT NULL column in three steps
_E_NOTNULL = "加 NOT NULL 列要分三步：先加可空列，backfill，再加约束\n一步到位会锁表，大表上 ALTER 会卡住写入。"
# node_modules cache key
_E_CACHE_KEY = "GitHub Actions cache key for node_modules must include the hash of package-lock.json and the Node major version\nWithout the Node version, a Node upgrade restores incompatible native modules."
# docs i18n fallback
_E_DOCS_I18N = "文档站的中文翻译放在 i18n/zh-CN/ 下，文件名要和英文原文一一对应\n少一个文件时 Docusaurus 会回退到英文，不报错。"
# prettier version for format-on-save
_E_PRETTIER = "Prettier runs with printWidth 100 and singleQuote; format-on-save must use the repo's prettier, not the editor's bundled one\nThe bundled version is older and rewraps lines differently."
# npm scoped package access
_E_NPM_ACCESS = "Publish @acme/ui with `npm publish --access public`; scoped packages default to restricted and the first publish fails with 402."
# TestPyPI first
_E_TESTPYPI = "发 PyPI 前先传 TestPyPI 验证\n用 twine upload -r testpypi dist/*，确认 README 渲染正常再发正式版。"
# crates publish order
_E_CRATES_ORDER = "Before `cargo publish`, publish the workspace crates in dependency order: acme-core, then acme-macros, then acme\ncrates.io rejects a crate whose path dependency isn't on the registry yet."
# OTel sampling
_E_OTEL_SAMPLE = "OpenTelemetry 的 trace 采样率在 prod 设成 10%，staging 是 100%\n采样在 collector 上做 tail sampling，SDK 端全量上报。"
# structlog fields
_E_STRUCTLOG = "Log with structlog key-value pairs, never f-strings in the message\nThe log pipeline indexes keys; values baked into the message can't be filtered."
# rotating refresh tokens
_E_REFRESH_ROT = "OAuth 的 refresh token 是轮换的，每次刷新都会返回新的，旧的立即失效\n多个标签页同时刷新会互相踢掉，所以刷新要加锁。"
# SameSite for the widget
_E_SAMESITE = "Session cookie is SameSite=Lax, Secure, HttpOnly; the embedded widget on partner sites needs SameSite=None\nLax cookies aren't sent in cross-site iframes."
# account deletion retention
_E_RETENTION = "用户删除账号后，个人数据 30 天内从主库删除，备份里的在 90 天后随备份过期\n客服工单里的邮件地址也要一并脱敏。"
# no emails in logs
_E_PII_LOG = "Never log full email addresses; log the user ID, or the domain part if the address itself matters."
# nit vs blocker
_E_NIT = "review 时 nit: 开头的评论是可选的，作者可以不改直接 resolve；blocking 的问题要明确写 blocker。"
# migrations need two approvals
_E_TWO_APPROVALS = "PRs touching migrations/ need two approvals, one of them from the DB owners group."
# flaky test clock
_E_FLAKY_CLOCK = "test_sync_retry 偶尔失败是因为依赖真实时间，已经改成注入时钟；再挂就不是时钟的问题了。"
# randomly seed
_E_RANDOM_SEED = "To reproduce an order-dependent test failure, rerun with the seed pytest-randomly prints in the header: pytest --randomly-seed=<seed>."
# py-spy nonblocking
_E_PYSPY = "py-spy 抓 prod 的 CPU profile 要加 --nonblocking，不然会暂停进程，请求会超时。"
# multi-stage api image
_E_DOCKER_MS = "Use a multi-stage build for the api image and copy only the venv into python:3.12-slim\nThe single-stage image was 1.4 GB because of build-essential."
# cron in UTC
_E_CRON_UTC = "服务器上的 cron 都按 UTC 写，北京时间早上 9 点的任务要写成 0 1 * * *\n曾经有人按本地时间写，结果任务晚了 8 小时。"
# advisory lock for the nightly export
_E_ADVISORY = "The nightly export job takes a Postgres advisory lock so two scheduler replicas never run it at once."
# delete flags two weeks after full rollout
_E_FLAG_CLEANUP = "功能开关全量上线两周后要删掉代码里的判断\n开关越积越多，测试组合会爆炸。"
# FakeFlags in unit tests
_E_FAKEFLAGS = "单测里不要直接读 Unleash，用 FakeFlags fixture 把 flag 值写死，不然 CI 结果会随线上 flag 配置变化。"
# SES bounces
_E_BOUNCE = "Hard bounces from SES mark the address undeliverable in our users table; we never retry them\nSoft bounces are retried three times over 24 hours."
# MJML build
_E_MJML = "邮件模板用 MJML 写，改完要跑 npm run email:build 生成 HTML 一起提交\nCI 不会帮你编译，漏了线上发的就是旧模板。"
# websocket reconnect backoff
_E_WS_BACKOFF = "The websocket client reconnects with exponential backoff capped at 30s, plus jitter\nWithout jitter, all clients reconnected together after a deploy and knocked the gateway over."
# websocket token in first message
_E_WS_AUTH = "浏览器的 websocket 握手不能带 Authorization 头，token 放在第一条消息里发，不要放 URL 参数\nURL 会被记进访问日志。"
# reply language preference
_E_PREF_LANG = "用户希望回复用中文，代码注释和提交信息用英文。"
# failing test before a fix
_E_PREF_TDD = "The user wants a failing test written before any bug fix, and the test committed in the same commit as the fix."
# no force push on shared branches
_E_FORCE_PUSH = "不要 force push 共享分支，需要改历史时先在群里说一声\n上次 force push 覆盖了别人的两个提交。"
# Gradle toolchain 17 + testOn21
_E_JAVA_TOOLCHAIN = "Gradle toolchains pin Java 17 for the build, but tests also run on 21 via the testOn21 task\nDon't rely on JAVA_HOME; toolchains ignore it."
# internal Maven mirror
_E_MAVEN_MIRROR = "内部 Maven 仓库在 nexus.internal，settings.xml 里要配 mirror，不然会去 Maven Central 找内部包然后 404。"
# S3 SecureTransport deny
_E_S3_TLS = "S3 bucket policies deny any request without aws:SecureTransport, so plain-HTTP tools like old s3cmd configs fail with 403."
# aws sso credentials lifetime
_E_SSO_EXPIRY = "本地用 aws sso login 拿的凭证 8 小时过期，跑长时间的 terraform apply 前先重新登录。"
# Dockerfile layer order
_E_DOCKER_ORDER = "Dockerfile 里先 COPY requirements.txt 再 pip install，最后再 COPY 源码\n顺序反了的话每次改代码都要重装依赖。"
# no Alpine for Python images
_E_NO_ALPINE = "Don't switch the Python images to Alpine: musl gets no manylinux wheels, so numpy and grpcio compile from source and the build takes 20 minutes."
# CLI login via device flow
_E_DEVICE_FLOW = "CLI 登录用 OAuth device flow，不要用 PKCE + localhost 回调，因为用户经常在 SSH 远程机器上跑。"
# Redis sessions
_E_REDIS_SESSION = "Sessions live in Redis with a 7-day sliding TTL; logging out deletes the key, and a password change deletes all of the user's session keys."
# Alembic autogenerate
_E_ALEMBIC = "迁移脚本用 Alembic，生成后一定要人工检查 autogenerate 的结果\n它识别不了列改名，会生成 drop + add，直接跑会丢数据。"
# migrate before deploy
_E_MIGRATE_FIRST = "Deploy order for schema changes: run the migration first, then deploy the code that uses the new column\nOld pods must keep working against the new schema, so migrations are additive only."
# traceparent propagation
_E_TRACEPARENT = "服务之间调用要透传 traceparent 头，网关已经会生成，业务代码别自己新建 trace\n否则链路会断成好几段。"
# prod log level and X-Debug-Log
_E_LOG_LEVEL = "Production log level is INFO; DEBUG is turned on per request with the X-Debug-Log header, which only works from the VPN."
# buildx gha cache mode=max
_E_BUILDX_CACHE = "CI 里 docker build 用 buildx 的 type=gha cache，mode=max 才会缓存中间 stage，默认的 min 只缓存最终镜像的层。"
# PR caches can't overwrite main
_E_PR_CACHE_SCOPE = "Cache writes on pull_request runs are scoped to the PR's ref, so a PR can't overwrite main's cache; only pushes to main populate it."
# go.sum tidy check
_E_GO_TIDY = "go.sum 要提交，CI 里 go mod tidy 之后用 git diff --exit-code 检查，有改动就失败。"
# Rust MSRV
_E_MSRV = "MSRV is 1.74; a CI job builds with exactly that toolchain, so don't use std APIs stabilised after 1.74 without bumping rust-version in Cargo.toml."
# runTest not runBlocking
_E_RUNTEST = "协程测试用 runTest，不要用 runBlocking\nrunTest 会跳过 delay，runBlocking 会真的等，测试慢而且不稳定。"
# i18n keys namespaced, English source of truth
_E_I18N_KEYS = "i18n keys are namespaced by page (settings.profile.title), and the English file is the source of truth; translators never add keys."
# versioned docs
_E_VERSIONED_DOCS = "文档站每个大版本单独一个版本目录，改旧版本的文档要改 versioned_docs 下对应的目录，不要只改 docs/。"
# nginx full chain
_E_FULLCHAIN = "nginx must serve the full chain (fullchain.pem), not cert.pem\nOlder Java clients and curl fail with 'unable to get local issuer certificate' otherwise."
# apex ALIAS record
_E_APEX_ALIAS = "根域名 example.com 不能配 CNAME，要用 Route 53 的 ALIAS 记录指向 ALB\n配 CNAME 会和 MX、NS 记录冲突。"
# pnpm workspace protocol
_E_WORKSPACE_PROTO = "Internal packages depend on each other with workspace:^ so pnpm links the local copy; a plain version range pulls the published one from npm instead."
# nx module boundaries
_E_NX_BOUNDARIES = "nx 的 enforce-module-boundaries 规则禁止业务库之间互相依赖，共享的代码要抽到 shared/ 下面的库里。"
# Testing section in PR descriptions
_E_PR_TESTING = "PR descriptions must include a Testing section saying how the change was verified; reviewers send back PRs without one."
# quarantine flaky tests
_E_QUARANTINE = "连续失败 3 次以上的不稳定测试要打 @quarantine 标记并开 issue，隔离的测试在 CI 里单独跑，不阻塞合并。"
# pprof via port-forward
_E_PPROF = "pprof is exposed on :6060 only on the internal listener; grab a 30s CPU profile with go tool pprof http://localhost:6060/debug/pprof/profile?seconds=30 through kubectl port-forward."
# tracemalloc before objgraph
_E_TRACEMALLOC = "排查 Python 内存泄漏用 tracemalloc 对比两个快照，不要上来就用 objgraph\nobjgraph 在大堆上跑一次要好几分钟，还会让进程卡住。"
# deploy by digest
_E_DIGEST = "Deployments reference images by digest, never :latest\nA :latest pull on node restart once rolled out an untested build."
# deploy concurrency group
_E_DEPLOY_CONCURRENCY = "GitHub Actions 的部署 workflow 配了 concurrency: deploy-prod，同一时间只跑一个，新的会排队，不会取消正在跑的。"
# rollout bucketing by user ID
_E_ROLLOUT_HASH = "Percentage rollouts hash the user ID, so a user stays in the same bucket when the percentage grows; don't hash the session ID."
# DMARC quarantine then reject
_E_DMARC = "DMARC 策略现在是 p=quarantine，观察一个月报告没问题再改成 p=reject\n直接 reject 会把第三方代发的邮件全挡掉。"
# websocket frame limit
_E_WS_FRAME = "The websocket gateway drops frames over 64 KB; send large payloads as an upload and push only the object key."
# websocket broadcast via pub/sub
_E_WS_PUBSUB = "websocket 服务多实例时，广播走 Redis pub/sub，不要在进程内存里维护全局连接列表\n每个实例只知道自己的连接。"
# .editorconfig
_E_EDITORCONFIG = "仓库根目录的 .editorconfig 规定 Go 文件用 tab，其他文件两个空格缩进，行尾统一 LF。"
# ruff format replaces black
_E_RUFF_FORMAT = "Python formatting is ruff format with line-length 88; black was removed, so don't add it back to pre-commit."
# changesets own versions
_E_CHANGESETS = "npm 包的版本号靠 changesets 管，PR 里要带 .changeset 文件，不要手改 package.json 里的 version。"
# cibuildwheel
_E_WHEELS = "Build wheels with cibuildwheel for manylinux, macOS and Windows; an sdist-only release makes installs fail for users without a compiler."
# GitHub OAuth scopes
_E_GH_SCOPES = "GitHub OAuth app 只申请 read:user 和 repo:status 两个 scope，多要一个 scope 用户都要重新 consent，转化率会掉。"
# log retention by lifecycle rules
_E_LOG_RETENTION = "Application logs are kept 30 days and audit logs 1 year; S3 lifecycle rules delete both automatically, so don't write cleanup jobs."
# personal data export
_E_DATA_EXPORT = "用户申请导出个人数据时，走 privacy-export 任务，30 天内必须给出结果\n导出的压缩包放在私有 bucket，下载链接 7 天有效。"
# review turnaround
_E_REVIEW_SLA = "Reviews are expected within one working day; if you can't, reassign the PR rather than leaving it waiting."
# no automatic commits
_E_PREF_NOCOMMIT = "用户不希望助手自动提交，改完代码先给 diff，确认后再 commit。"
# make test, not pytest
_E_PREF_MAKE_TEST = "The user runs tests with `make test`, not pytest directly, because make sets the test database URL."

SET4: list[tuple[str, str, str, str, str]] = [  # (label, how, lang, new, existing)
    # DNS TTL before a migration
    ("dup", "number", "en", "Drop api.example.com's TTL to 5 minutes the day before a migration\nResolvers cache the old A record for the whole TTL; with 86400 s that is a day of split traffic.", _E_DNS_TTL),
    ("dup", "summary", "en", "Cut the DNS TTL to 300s one day before moving api.example.com.", _E_DNS_TTL),
    ("dup", "crosslang", "mixed", "迁移 api.example.com 前一天先把 DNS TTL 降到 300 秒\n解析器会把旧的 A 记录缓存满一个 TTL，TTL 是一天就会有一整天流量两边跑。", _E_DNS_TTL),
    ("near", "condition", "en", "Lower the DNS TTL to 300s a day before migrating api.example.com, but only when the record is not proxied through Cloudflare\nResolvers keep the old A record for the full TTL, so a 1-day TTL means a day of split traffic.", _E_DNS_TTL),
    ("near", "added", "en", "Lower the DNS TTL to 300s a day before migrating api.example.com and raise it back to 3600s once the new A record has been stable for a day\nResolvers keep the old A record for the full TTL.", _E_DNS_TTL),
    ("rel", "area", "en", "The example.com zone is managed in Route 53, not at the registrar\nRecord edits in the registrar's panel are silently ignored.", _E_DNS_TTL),
    # cert-manager renewal
    ("dup", "number", "zh", "cert-manager 会在证书过期前一个月自动续签\nIngress 缺少 cert-manager.io/cluster-issuer 注解时不会续。", _E_CERT_RENEW),
    ("dup", "crosslang", "mixed", "cert-manager renews our certificates automatically, starting 30 days before expiry\nNothing is renewed if the Ingress lacks the cert-manager.io/cluster-issuer annotation.", _E_CERT_RENEW),
    ("dup", "filler", "zh", "记住：证书是 cert-manager 自动续的，提前 30 天开始；Ingress 上没有 cert-manager.io/cluster-issuer 注解就不会续。", _E_CERT_RENEW),
    ("near", "exception", "zh", "证书由 cert-manager 自动续期，到期前 30 天开始续，*.internal 的通配符证书除外，那张要手动在 Vault 里签\n如果 Ingress 上没有 cert-manager.io/cluster-issuer 注解就不会续期。", _E_CERT_RENEW),
    ("near", "number", "zh", "证书由 cert-manager 自动续期，到期前 15 天开始续\n如果 Ingress 上没有 cert-manager.io/cluster-issuer 注解就不会续期。", _E_CERT_RENEW),
    ("unrel", "other", "zh", "周报每周五下午发到 #eng-weekly 频道，模板在 Notion 的团队空间里。", _E_CERT_RENEW),
    # nx affected base
    ("dup", "restructure", "en", "Rebase stale branches before pushing: CI's nx affected diffs against origin/main\nA branch far behind main makes nx consider everything changed, and the full test graph runs.", _E_NX_BASE),
    ("dup", "reason", "en", "nx affected in CI uses origin/main as its base — a stale branch makes it run the entire test graph, so rebase first.", _E_NX_BASE),
    ("dup", "mixed-switch", "mixed", "CI 里的 nx affected 是跟 origin/main 比的，所以老分支先 rebase 再推\n不然 nx 会把分叉点以来的 commit 都当成改动，整个 test graph 都会跑。", _E_NX_BASE),
    ("near", "subst", "en", "In CI, nx affected compares against origin/release, so rebase stale branches first\nOtherwise nx treats every commit since the fork point as changed and runs the whole test graph.", _E_NX_BASE),
    ("near", "added", "en", "In CI, nx affected compares against origin/main, so rebase stale branches first; on tag builds it compares against the previous tag instead\nOtherwise nx treats every commit since the fork point as changed.", _E_NX_BASE),
    ("unrel", "other", "en", "The user prefers small PRs under 400 changed lines and keeps refactors separate from behaviour changes.", _E_NX_BASE),
    # turborepo remote cache on forks
    ("dup", "synonym", "mixed", "fork 过来的 PR 没有 TURBO_TOKEN 和 TURBO_TEAM，turbo remote cache 用不了，只能从头 build。", _E_TURBO_FORK),
    ("dup", "crosslang", "mixed", "Turbo's remote cache needs TURBO_TOKEN and TURBO_TEAM; PRs from forks don't get them, so they build everything from scratch.", _E_TURBO_FORK),
    ("dup", "format", "mixed", "turbo remote cache 依赖 `TURBO_TOKEN` + `TURBO_TEAM`\n- fork PR 里没有这两个变量\n- 所以 fork PR 会全量 build", _E_TURBO_FORK),
    ("near", "exception", "mixed", "turbo 的 remote cache 需要 TURBO_TOKEN 和 TURBO_TEAM 两个环境变量，fork 来的 PR 里拿不到，所以会全量 build，除非 maintainer 打了 safe-to-test 标签。", _E_TURBO_FORK),
    ("near", "negation", "mixed", "turbo 的 remote cache 需要 TURBO_TOKEN 和 TURBO_TEAM 两个环境变量，fork 来的 PR 里也能拿到（走 pull_request_target），所以不会全量 build。", _E_TURBO_FORK),
    ("rel", "area", "mixed", "turbo.json 里 build 的 outputs 要写上 dist/**，漏写的话 cache 命中后产物目录是空的。", _E_TURBO_FORK),
    # bazel remote cache read-only locally
    ("dup", "imperative", "en", "Never upload local Bazel results to the remote cache — only CI writes there. Put --remote_upload_local_results=false in .bazelrc.user.", _E_BAZEL_RO),
    ("dup", "crosslang", "mixed", "Bazel 远程缓存对本地构建是只读的，只有 CI 会写入\n笔记本上在 .bazelrc.user 里加 --remote_upload_local_results=false。", _E_BAZEL_RO),
    ("dup", "summary", "en", "Only CI writes to the Bazel remote cache; laptops read it.", _E_BAZEL_RO),
    ("near", "scope", "en", "Bazel remote cache is read-only for all builds, CI included; only the nightly warm-up job writes to it\nSet --remote_upload_local_results=false everywhere else.", _E_BAZEL_RO),
    ("near", "added", "en", "Bazel remote cache is read-only for local builds; only CI writes to it, and only jobs on main — PR jobs read but don't upload\nSet --remote_upload_local_results=false in .bazelrc.user on laptops.", _E_BAZEL_RO),
    ("rel", "area", "en", "Use `bazel clean --expunge` only as a last resort\nIt throws away the 40 GB output base and the next build takes about an hour.", _E_BAZEL_RO),
    # CARGO_INCREMENTAL in CI
    ("dup", "synonym", "zh", "CI 中关掉 Rust 的增量编译（CARGO_INCREMENTAL=0）\n增量产物会把 target 目录的缓存撑到几个 GB，CI 又都是全新构建，根本用不到。", _E_CARGO_INCR),
    ("dup", "summary", "zh", "CI 里跑 Rust 要加 CARGO_INCREMENTAL=0。", _E_CARGO_INCR),
    ("dup", "crosslang", "mixed", "Set CARGO_INCREMENTAL=0 for Rust builds in CI\nIncremental artifacts bloat the cached target dir to several GB, and CI always builds from clean anyway.", _E_CARGO_INCR),
    ("near", "exception", "zh", "Rust 项目在 CI 里要设 CARGO_INCREMENTAL=0，nightly 的 bench 任务例外，它要复用增量缓存\n增量编译产物会让 target 缓存膨胀到好几个 G。", _E_CARGO_INCR),
    ("near", "scope", "zh", "Rust 项目在本地和 CI 里都要设 CARGO_INCREMENTAL=0\n增量编译产物会让 target 目录膨胀到好几个 G。", _E_CARGO_INCR),
    ("unrel", "other", "zh", "发 PyPI 包改用 trusted publishing 了，仓库 secrets 里的 API token 已经删掉。", _E_CARGO_INCR),
    # Go static binaries for distroless
    ("dup", "reason", "en", "Our distroless image has no libc, so Go binaries for it must be built with CGO_ENABLED=0; a cgo binary dies at startup with 'no such file or directory'.", _E_GO_CGO),
    ("dup", "mixed-switch", "mixed", "给 distroless 镜像编 Go binary 时要 CGO_ENABLED=0\n镜像里没有 libc，带 cgo 的 binary 一启动就报 no such file or directory。", _E_GO_CGO),
    ("dup", "filler", "en", "FYI: CGO_ENABLED=0 is required when building Go binaries for the distroless image (no libc there, cgo binaries fail to start).", _E_GO_CGO),
    ("near", "exception", "en", "Build the Go binaries with CGO_ENABLED=0 for the distroless image, except sqlite-exporter, which needs cgo and ships on debian-slim\nThe static base image has no libc.", _E_GO_CGO),
    ("near", "subst", "en", "Build the Go binaries with CGO_ENABLED=0 for the alpine image\nThe base image has musl, not glibc, so a glibc-linked cgo binary fails with 'no such file or directory' at start.", _E_GO_CGO),
    ("rel", "area", "en", "GOPRIVATE=github.com/acme/* must be set in your shell too, not only in CI\nOtherwise go mod download goes through the public proxy and fails on our private modules.", _E_GO_CGO),
    # Gradle configuration cache vs versionInfo
    ("dup", "synonym", "mixed", "release 构建必须带 --no-configuration-cache，因为自定义的 versionInfo task 跟 Gradle configuration cache 冲突。", _E_GRADLE_CC),
    ("dup", "crosslang", "mixed", "Run release builds with --no-configuration-cache; our custom versionInfo task is incompatible with Gradle's configuration cache.", _E_GRADLE_CC),
    ("near", "condition", "mixed", "Gradle 的 configuration cache 和我们自己写的 versionInfo task 不兼容，在 Gradle 8.5 以下跑 release 时要加 --no-configuration-cache。", _E_GRADLE_CC),
    ("near", "scope", "mixed", "Gradle 的 configuration cache 和我们自己写的 versionInfo task 不兼容，跑 release 和 publish 时都要加 --no-configuration-cache。", _E_GRADLE_CC),
    ("unrel", "other", "mixed", "staging 的 feature flag 可以直接在 Unleash 里改，prod 的改动要走 approval。", _E_GRADLE_CC),
    # Kotlin daemon heap
    ("dup", "number", "en", "Give the Kotlin daemon 4096 MB (kotlin.daemon.jvmargs=-Xmx4096m in gradle.properties); the default heap OOMs on the monorepo.", _E_KOTLIN_HEAP),
    ("dup", "format", "en", "Kotlin daemon OOM on the monorepo → add `kotlin.daemon.jvmargs=-Xmx4g` to `gradle.properties`", _E_KOTLIN_HEAP),
    ("dup", "crosslang", "mixed", "monorepo 上 Kotlin 编译守护进程会内存不足，在 gradle.properties 里设 kotlin.daemon.jvmargs=-Xmx4g。", _E_KOTLIN_HEAP),
    ("near", "number", "en", "Kotlin compile daemon runs out of memory on the monorepo; set kotlin.daemon.jvmargs=-Xmx6g in gradle.properties.", _E_KOTLIN_HEAP),
    ("near", "added", "en", "Kotlin compile daemon runs out of memory on the monorepo; set kotlin.daemon.jvmargs=-Xmx4g in gradle.properties and org.gradle.jvmargs=-Xmx2g for the Gradle daemon itself.", _E_KOTLIN_HEAP),
    ("unrel", "other", "en", "Sentry release names must match the git tag exactly, or uploaded source maps are never attached.", _E_KOTLIN_HEAP),
    # CI service account role
    ("dup", "imperative", "zh", "CI 服务账号禁止授予 Editor，只能给 roles/artifactregistry.writer\n以前给过 Editor，一个清理脚本把整个 bucket 删了。", _E_GCP_SA),
    ("dup", "crosslang", "mixed", "Grant the CI service account only roles/artifactregistry.writer, never Editor\nWith Editor, a cleanup script once deleted a whole bucket.", _E_GCP_SA),
    ("dup", "summary", "zh", "CI 服务账号只给 artifactregistry.writer，别给 Editor。", _E_GCP_SA),
    ("near", "added", "zh", "给 CI 的服务账号只授予 roles/artifactregistry.writer 和 roles/run.developer，不要给 Editor\n之前给过 Editor，结果一个清理脚本误删了整个 bucket。", _E_GCP_SA),
    ("near", "scope", "zh", "所有服务账号都只授予 roles/artifactregistry.writer 这类最小权限，不要给 Editor\n之前给过 Editor，结果一个清理脚本误删了整个 bucket。", _E_GCP_SA),
    ("rel", "area", "zh", "GCP 项目里 Cloud Run 的 CPU 配额是每个区域 200 vCPU，压测前要提前申请提额。", _E_GCP_SA),
    # Lambda concurrency quota
    ("dup", "restructure", "en", "File the quota increase a week before the load test — Lambda concurrency in us-east-1 is capped at 1000 per account.", _E_LAMBDA_QUOTA),
    ("dup", "number", "en", "Lambda concurrency limit in us-east-1: 1k per account. Request the increase 7 days before load testing.", _E_LAMBDA_QUOTA),
    ("dup", "crosslang", "mixed", "us-east-1 的 Lambda 并发配额是每个账号 1000，压测前要提前一周申请提额。", _E_LAMBDA_QUOTA),
    ("near", "scope", "en", "Lambda concurrency quota is 1000 per account in every region we use; the load test needs a quota increase filed a week ahead.", _E_LAMBDA_QUOTA),
    ("near", "condition", "en", "us-east-1 Lambda concurrency quota is 1000 per account; the load test needs a quota increase filed a week ahead when it targets more than 800 concurrent users.", _E_LAMBDA_QUOTA),
    ("unrel", "other", "en", "The docs site builds with Docusaurus; run npm run build locally before merging, since broken links fail the deploy.", _E_LAMBDA_QUOTA),
    # NOT NULL column in three steps
    ("dup", "synonym", "mixed", "新增 NOT NULL 字段分三步走：加 nullable 列 → backfill 数据 → 最后加约束\n一次性加会锁表，大表 ALTER 的时候写入会被堵住。", _E_NOTNULL),
    ("dup", "crosslang", "mixed", "Add NOT NULL columns in three steps: nullable column, backfill, then the constraint\nDoing it in one ALTER locks the table and blocks writes on big tables.", _E_NOTNULL),
    ("dup", "reason", "mixed", "大表直接加 NOT NULL 列会锁表、堵住写入，所以要拆成：加可空列、backfill、再加约束。", _E_NOTNULL),
    ("near", "exception", "mixed", "加 NOT NULL 列要分三步：先加可空列，backfill，再加约束；带常量 DEFAULT 的列除外，PG 11 以上可以一步加\n一步到位会锁表。", _E_NOTNULL),
    ("near", "added", "mixed", "加 NOT NULL 列要分三步：先加可空列，backfill，再加约束，backfill 要按每批 1 万行提交\n一步到位会锁表，大表上 ALTER 会卡住写入。", _E_NOTNULL),
    ("unrel", "other", "mixed", "Renovate 的 PR 每周一上午统一 merge，不用一个个 review。", _E_NOTNULL),
    # node_modules cache key
    ("dup", "format", "en", "Actions cache key for `node_modules`:\n- `hashFiles('package-lock.json')`\n- the Node major version (otherwise a Node bump restores incompatible native modules)", _E_CACHE_KEY),
    ("dup", "reason", "en", "Put the Node major version in the node_modules cache key next to the lockfile hash; otherwise native modules built for the old Node come back after an upgrade.", _E_CACHE_KEY),
    ("dup", "mixed-switch", "mixed", "GitHub Actions 里 node_modules 的 cache key 要带上 package-lock.json 的 hash 和 Node 大版本号\n不带 Node 版本的话，升级 Node 后会 restore 出不兼容的 native module。", _E_CACHE_KEY),
    ("near", "added", "en", "GitHub Actions cache key for node_modules must include the hash of package-lock.json, the Node major version and runner.os\nWithout the Node version, a Node upgrade restores incompatible native modules.", _E_CACHE_KEY),
    ("near", "subst", "en", "GitHub Actions cache key for node_modules must include the hash of pnpm-lock.yaml and the Node major version\nWithout the Node version, a Node upgrade restores incompatible native modules.", _E_CACHE_KEY),
    ("rel", "area", "en", "actions/cache saves nothing when the job fails\nUse actions/cache/save with if: always() to keep the cache from a failing run.", _E_CACHE_KEY),
    # docs i18n fallback
    ("dup", "synonym", "zh", "文档中文版位于 i18n/zh-CN/，每个文件都要跟英文原文同名\n缺文件的话 Docusaurus 会悄悄回退成英文。", _E_DOCS_I18N),
    ("dup", "crosslang", "mixed", "Chinese docs translations live under i18n/zh-CN/, with file names matching the English originals one to one\nIf a file is missing, Docusaurus silently falls back to English.", _E_DOCS_I18N),
    ("dup", "filler", "zh", "经验：i18n/zh-CN/ 里的翻译文件名必须和英文原文一致，缺了 Docusaurus 也不报错，直接显示英文。", _E_DOCS_I18N),
    ("near", "exception", "zh", "文档站的中文翻译放在 i18n/zh-CN/ 下，文件名要和英文原文一一对应，API 参考页除外，那部分是自动生成的，不翻译\n少一个文件时 Docusaurus 会回退到英文。", _E_DOCS_I18N),
    ("near", "negation", "zh", "文档站的中文翻译放在 i18n/zh-CN/ 下，文件名要和英文原文一一对应\n少一个文件时 Docusaurus 会直接构建失败，不会回退到英文。", _E_DOCS_I18N),
    ("unrel", "other", "zh", "本地 Postgres 用 docker compose up db 起，端口映射到 5433，免得和系统自带的冲突。", _E_DOCS_I18N),
    # prettier version for format-on-save
    ("dup", "synonym", "en", "Point format-on-save at the project's Prettier instead of the copy shipped with the editor — that one is older and wraps lines differently (repo config: printWidth 100, singleQuote).", _E_PRETTIER),
    ("dup", "crosslang", "mixed", "Prettier 配置是 printWidth 100、singleQuote；保存时格式化必须用仓库里的 prettier，不能用编辑器自带的\n自带的版本旧，换行结果不一样。", _E_PRETTIER),
    ("near", "number", "en", "Prettier runs with printWidth 120 and singleQuote; format-on-save must use the repo's prettier, not the editor's bundled one\nThe bundled version is older and rewraps lines differently.", _E_PRETTIER),
    ("near", "exception", "en", "Prettier runs with printWidth 100 and singleQuote; format-on-save must use the repo's prettier, not the editor's bundled one, except under docs/, which dprint formats\nThe bundled version is older.", _E_PRETTIER),
    ("unrel", "other", "en", "Transactional email goes through Postmark and marketing email through Mailchimp; never send both from the same stream.", _E_PRETTIER),
    # npm scoped package access
    ("dup", "reason", "en", "The first publish of a scoped package like @acme/ui fails with a 402 unless you pass --access public, because scoped packages are restricted by default.", _E_NPM_ACCESS),
    ("dup", "mixed-switch", "mixed", "发 @acme/ui 要用 npm publish --access public，scoped 包默认是 restricted，第一次 publish 会报 402。", _E_NPM_ACCESS),
    ("near", "added", "mixed", "发 @acme/ui 要加 --access public，scoped 包默认 restricted，第一次会 402；另外发之前必须先跑 npm run build，因为没配 prepublishOnly。", _E_NPM_ACCESS),
    ("near", "condition", "en", "Publish @acme/ui with `npm publish --access public` on the first publish only; later versions keep the access level\nScoped packages default to restricted.", _E_NPM_ACCESS),
    ("unrel", "other", "en", "The user wants commit subjects in the imperative mood and under 72 characters.", _E_NPM_ACCESS),
    # TestPyPI first
    ("dup", "restructure", "zh", "先用 twine upload -r testpypi dist/* 传到 TestPyPI，看 README 渲染没问题，再发正式的 PyPI。", _E_TESTPYPI),
    ("dup", "crosslang", "mixed", "Upload to TestPyPI before the real PyPI release\nRun twine upload -r testpypi dist/* and check that the README renders before publishing for real.", _E_TESTPYPI),
    ("dup", "filler", "zh", "注意：正式发 PyPI 之前要先传一遍 TestPyPI（twine upload -r testpypi dist/*），确认 README 显示正常。", _E_TESTPYPI),
    ("near", "exception", "zh", "发 PyPI 前先传 TestPyPI 验证，只改了依赖版本的补丁发布可以跳过\n用 twine upload -r testpypi dist/*，确认 README 渲染正常再发正式版。", _E_TESTPYPI),
    ("near", "added", "mixed", "Upload to TestPyPI before every PyPI release, and also pip install it from TestPyPI in a clean venv to check the wheel imports\nUse twine upload -r testpypi dist/*.", _E_TESTPYPI),
    ("rel", "area", "zh", "PyPI 上用过的版本号不能再用，删掉了也不行，发错了只能再升一个补丁号。", _E_TESTPYPI),
    # crates publish order
    ("dup", "restructure", "en", "crates.io rejects crates whose path dependencies aren't published yet, so cargo publish goes acme-core → acme-macros → acme.", _E_CRATES_ORDER),
    ("dup", "crosslang", "mixed", "cargo publish 要按依赖顺序来：先 acme-core，再 acme-macros，最后 acme\n依赖还没上 crates.io 的 crate 会被拒绝。", _E_CRATES_ORDER),
    ("dup", "format", "en", "Workspace publish order:\n1. acme-core\n2. acme-macros\n3. acme\n(crates.io rejects a crate if a path dependency isn't on the registry yet)", _E_CRATES_ORDER),
    ("near", "reversed", "en", "Before `cargo publish`, publish the workspace crates in this order: acme-macros, then acme-core, then acme\ncrates.io rejects a crate whose path dependency isn't on the registry yet.", _E_CRATES_ORDER),
    ("near", "added", "en", "Before `cargo publish`, publish the workspace crates in dependency order: acme-core, then acme-macros, then acme, waiting a minute between them for the index to update\ncrates.io rejects a crate whose path dependency isn't on the registry yet.", _E_CRATES_ORDER),
    ("unrel", "other", "mixed", "cron 任务的时区统一用 UTC，不要依赖机器的本地时区。", _E_CRATES_ORDER),
    # OTel sampling
    ("dup", "number", "mixed", "prod 的 OTel trace 采样率是十分之一，staging 全采\nSDK 全量发，collector 上做 tail sampling。", _E_OTEL_SAMPLE),
    ("dup", "crosslang", "mixed", "OpenTelemetry trace sampling is 10% in prod and 100% in staging\nSampling is tail-based in the collector; the SDK exports everything.", _E_OTEL_SAMPLE),
    ("near", "exception", "mixed", "OpenTelemetry 的 trace 采样率在 prod 设成 10%，staging 是 100%，带 error 的 trace 在 prod 也全部保留\n采样在 collector 上做 tail sampling。", _E_OTEL_SAMPLE),
    ("near", "subst", "mixed", "OpenTelemetry 的 trace 采样率在 prod 设成 10%，staging 是 100%\n采样在 SDK 端做 head sampling，collector 不再过滤。", _E_OTEL_SAMPLE),
    ("rel", "area", "mixed", "Jaeger UI 里的 trace 只保留 7 天，更早的要去 ClickHouse 的 otel_traces 表里查。", _E_OTEL_SAMPLE),
    # structlog fields
    ("dup", "imperative", "en", "Always pass values to structlog as key-value pairs instead of formatting them into the message; the pipeline only indexes keys.", _E_STRUCTLOG),
    ("dup", "synonym", "en", "Use structlog fields rather than f-string messages — the log indexer works on keys, so values inside the message text aren't filterable.", _E_STRUCTLOG),
    ("dup", "crosslang", "mixed", "日志用 structlog 的键值对来写，不要在 message 里用 f-string\n日志系统只索引字段，拼进消息里的值没法过滤。", _E_STRUCTLOG),
    ("near", "exception", "en", "Log with structlog key-value pairs, never f-strings in the message, except for the one-line startup banner\nThe log pipeline indexes keys; values baked into the message can't be filtered.", _E_STRUCTLOG),
    ("near", "added", "mixed", "日志用 structlog 键值对写，不要在 message 里用 f-string；user_id 这类字段要先哈希再打\n日志系统只索引字段。", _E_STRUCTLOG),
    ("unrel", "other", "en", "test_upload_resume is quarantined with @pytest.mark.flaky until the fake S3 server is replaced by MinIO.", _E_STRUCTLOG),
    # rotating refresh tokens
    ("dup", "synonym", "zh", "refresh token 每刷新一次就换一个新的，旧的马上作废\n几个标签页同时刷新会把彼此踢下线，刷新逻辑得加锁。", _E_REFRESH_ROT),
    ("dup", "reason", "zh", "因为 refresh token 会轮换、旧的刷新后立刻失效，多个标签页并发刷新会互踢，所以刷新必须加锁。", _E_REFRESH_ROT),
    ("dup", "crosslang", "mixed", "OAuth refresh tokens rotate: each refresh returns a new one and the old one is invalid immediately\nTabs refreshing at the same time log each other out, so refreshing needs a lock.", _E_REFRESH_ROT),
    ("near", "negation", "zh", "OAuth 的 refresh token 是轮换的，每次刷新都会返回新的，但旧的还有 30 秒宽限期\n多个标签页同时刷新不会互相踢掉，不用加锁。", _E_REFRESH_ROT),
    ("near", "condition", "mixed", "OAuth refresh tokens rotate on every refresh and the old one is invalid immediately, but only for the public SPA client; the backend client keeps a fixed refresh token\nTabs refreshing at once log each other out.", _E_REFRESH_ROT),
    ("rel", "area", "zh", "access token 有效期 15 分钟，前端在过期前 1 分钟主动刷新。", _E_REFRESH_ROT),
    # SameSite for the widget
    ("dup", "restructure", "en", "Lax cookies aren't sent inside cross-site iframes, so the partner-site widget needs SameSite=None; the regular session cookie stays SameSite=Lax, Secure, HttpOnly.", _E_SAMESITE),
    ("dup", "mixed-switch", "mixed", "session cookie 是 SameSite=Lax + Secure + HttpOnly；嵌在合作方网站里的 widget 要用 SameSite=None\n跨站 iframe 里不会带 Lax 的 cookie。", _E_SAMESITE),
    ("near", "dropped", "en", "Every cookie we set, the partner widget's included, is SameSite=Lax, Secure, HttpOnly.", _E_SAMESITE),
    ("near", "added", "en", "Session cookie is SameSite=Lax, Secure, HttpOnly with a 14-day Max-Age; the embedded widget on partner sites needs SameSite=None\nLax cookies aren't sent in cross-site iframes.", _E_SAMESITE),
    ("unrel", "other", "mixed", "docker build 前把 .git 写进 .dockerignore，不然 build context 要多传几百 MB。", _E_SAMESITE),
    # account deletion retention
    ("dup", "number", "zh", "账号注销后一个月内从主库清掉个人数据，备份中的三个月后随备份自然过期\n工单里的邮箱也要一起脱敏。", _E_RETENTION),
    ("dup", "crosslang", "mixed", "After an account is deleted, personal data is removed from the primary DB within 30 days; copies in backups expire with the backups after 90 days\nEmail addresses in support tickets must be masked too.", _E_RETENTION),
    ("dup", "summary", "zh", "注销账号：主库 30 天内删个人数据，备份 90 天后过期，工单邮箱脱敏。", _E_RETENTION),
    ("near", "exception", "zh", "用户删除账号后，个人数据 30 天内从主库删除，备份里的在 90 天后随备份过期，审计日志除外，按合规要求保留一年\n客服工单里的邮件地址也要一并脱敏。", _E_RETENTION),
    ("near", "scope", "zh", "用户删除账号后，个人数据 30 天内从主库和所有备份里删除\n客服工单里的邮件地址也要一并脱敏。", _E_RETENTION),
    ("unrel", "other", "zh", "第一次装 pre-commit 要跑 pre-commit install --install-hooks，否则第一次提交会很慢。", _E_RETENTION),
    # no emails in logs
    ("dup", "imperative", "en", "Full email addresses must not appear in logs — use the user ID, or just the domain when the address matters.", _E_PII_LOG),
    ("dup", "crosslang", "mixed", "日志里不要打完整的邮箱地址，打用户 ID；确实需要时只打域名部分。", _E_PII_LOG),
    ("near", "exception", "en", "Never log full email addresses, except in the access-controlled audit log; elsewhere log the user ID, or the domain part if the address itself matters.", _E_PII_LOG),
    ("near", "added", "en", "Never log full email addresses or phone numbers; log the user ID, or the domain part if the address itself matters.", _E_PII_LOG),
    ("rel", "area", "en", "Analytics events carry a hashed user ID (sha256 with the per-environment salt), never the raw ID.", _E_PII_LOG),
    # nit vs blocker
    ("dup", "synonym", "mixed", "以 nit: 开头的 review comment 不强制修改，作者可以直接 resolve；必须改的要标 blocker。", _E_NIT),
    ("dup", "crosslang", "mixed", "In reviews, comments starting with nit: are optional and the author may resolve them without changing anything; blocking issues must say blocker explicitly.", _E_NIT),
    ("dup", "format", "mixed", "Code review 约定：\n- `nit:` → 可选，作者可以直接 resolve\n- 必须改的 → 明确写 `blocker`", _E_NIT),
    ("near", "condition", "mixed", "review 时 nit: 开头的评论是可选的，作者可以不改直接 resolve，但只限于非 release 分支；blocking 的问题要明确写 blocker。", _E_NIT),
    ("near", "added", "mixed", "review 时 nit: 开头的评论是可选的，作者可以不改直接 resolve；blocking 的问题要明确写 blocker，reviewer 要在 24 小时内复查。", _E_NIT),
    ("unrel", "other", "mixed", "WebSocket 连接每 30 秒发一次 ping，nginx 的 proxy_read_timeout 设成 60s。", _E_NIT),
    # migrations need two approvals
    ("dup", "restructure", "en", "Two approvals are required on any PR that changes migrations/, and at least one must come from the DB owners.", _E_TWO_APPROVALS),
    ("dup", "crosslang", "mixed", "改了 migrations/ 的 PR 需要两个人批准，其中一个得是 DB owners 组的成员。", _E_TWO_APPROVALS),
    ("near", "scope", "en", "PRs touching migrations/ or schema.prisma need two approvals, one of them from the DB owners group.", _E_TWO_APPROVALS),
    ("near", "number", "en", "PRs touching migrations/ need three approvals, one of them from the DB owners group.", _E_TWO_APPROVALS),
    ("rel", "area", "en", "CODEOWNERS assigns infra/ to @acme/platform, so GitHub requests their review automatically.", _E_TWO_APPROVALS),
    # flaky test clock
    ("dup", "synonym", "zh", "test_sync_retry 之前偶发失败是用了真实时间，现在改为注入时钟；如果还失败，原因就不在时钟上。", _E_FLAKY_CLOCK),
    ("dup", "crosslang", "mixed", "test_sync_retry used to fail now and then because it read the real clock; it now takes an injected clock, so a new failure is not a clock problem.", _E_FLAKY_CLOCK),
    ("near", "added", "zh", "test_sync_retry 偶尔失败是因为依赖真实时间，已经改成注入时钟；test_sync_backoff 也有同样的问题，还没改。", _E_FLAKY_CLOCK),
    ("near", "negation", "zh", "test_sync_retry 偶尔失败是因为依赖真实时间，还没有改成注入时钟，目前只是加了重试。", _E_FLAKY_CLOCK),
    ("unrel", "other", "zh", "SES 的退信率超过 5% 会被暂停发信，要一直盯着退信指标。", _E_FLAKY_CLOCK),
    ("dup", "restructure", "zh", "test_sync_retry 已经改成注入时钟了——它之前偶发失败就是因为用了真实时间，所以再失败要找别的原因。", _E_FLAKY_CLOCK),
    # randomly seed
    ("dup", "imperative", "en", "Always rerun an order-dependent failure with --randomly-seed set to the seed shown in the pytest header.", _E_RANDOM_SEED),
    ("dup", "crosslang", "mixed", "测试顺序相关的失败，用 pytest 开头打印的 seed 复现：pytest --randomly-seed=<seed>。", _E_RANDOM_SEED),
    ("near", "added", "en", "To reproduce an order-dependent test failure, rerun with the seed pytest-randomly prints in the header: pytest --randomly-seed=<seed>, and add -p no:xdist so the order is the same.", _E_RANDOM_SEED),
    ("unrel", "other", "en", "Staging TLS certificates come from the Let's Encrypt staging CA, so browser warnings there are expected.", _E_RANDOM_SEED),
    # py-spy nonblocking
    ("dup", "reason", "mixed", "在 prod 上用 py-spy 不加 --nonblocking 会把进程停住、请求超时，所以一定要加。", _E_PYSPY),
    ("dup", "crosslang", "mixed", "When profiling prod with py-spy, pass --nonblocking; otherwise it pauses the process and requests time out.", _E_PYSPY),
    ("dup", "filler", "mixed", "记住：prod 上 py-spy record 一定带 --nonblocking，否则进程会被暂停，请求超时。", _E_PYSPY),
    ("near", "added", "mixed", "py-spy 抓 prod 的 CPU profile 要加 --nonblocking，采样率别超过 50 Hz，不然会暂停进程，请求会超时。", _E_PYSPY),
    ("near", "subst", "mixed", "py-spy 抓 staging 的 CPU profile 要加 --nonblocking，不然会暂停进程，请求会超时。", _E_PYSPY),
    ("rel", "area", "mixed", "flame graph 里 ssl read 占比高通常是在等上游，不是我们自己的代码慢。", _E_PYSPY),
    # multi-stage api image
    ("dup", "synonym", "en", "Build the api image in two stages and ship just the virtualenv on python:3.12-slim; as a single stage it weighed 1.4 GB due to build-essential.", _E_DOCKER_MS),
    ("dup", "number", "en", "api image: multi-stage, copy only the venv onto python:3.12-slim\nThe one-stage version was ~1400 MB because build-essential stayed in.", _E_DOCKER_MS),
    ("dup", "crosslang", "mixed", "api 镜像用多阶段构建，只把 venv 拷进 python:3.12-slim\n单阶段的镜像有 1.4 GB，主要是 build-essential 占的。", _E_DOCKER_MS),
    ("near", "added", "en", "Use a multi-stage build for the api image and copy only the venv into python:3.12-slim, then run as the non-root app user\nThe single-stage image was 1.4 GB because of build-essential.", _E_DOCKER_MS),
    ("near", "scope", "en", "Use a multi-stage build for every Python image and copy only the venv into python:3.12-slim\nThe single-stage api image was 1.4 GB because of build-essential.", _E_DOCKER_MS),
    ("unrel", "other", "en", "The user wants explanations kept short and changes shown as diffs, not whole files.", _E_DOCKER_MS),
    # cron in UTC
    ("dup", "synonym", "zh", "crontab 里的时间一律是 UTC，想在北京时间 9:00 跑就写 0 1 * * *\n之前按本地时间配过，任务推迟了 8 个小时。", _E_CRON_UTC),
    ("dup", "summary", "zh", "cron 按 UTC 写：北京时间 9 点就是 0 1 * * *。", _E_CRON_UTC),
    ("dup", "filler", "zh", "经验：服务器 cron 按 UTC 配，北京时间早上九点的任务写成 0 1 * * *，别按本地时间写。", _E_CRON_UTC),
    ("near", "exception", "zh", "服务器上的 cron 都按 UTC 写，北京时间早上 9 点的任务要写成 0 1 * * *，配了 timeZone: Asia/Shanghai 的 k8s CronJob 除外\n曾经有人按本地时间写，结果任务晚了 8 小时。", _E_CRON_UTC),
    ("near", "condition", "mixed", "Server cron entries are in UTC only on the legacy VMs, so 9 a.m. Beijing time is 0 1 * * * there; the Kubernetes CronJobs run in Asia/Shanghai.", _E_CRON_UTC),
    ("rel", "area", "mixed", "The report CronJob needs concurrencyPolicy: Forbid, or a slow run overlaps with the next one.", _E_CRON_UTC),
    ("unrel", "other", "zh", "前端 monorepo 用 pnpm workspace，装依赖一律在根目录执行 pnpm install。", _E_CRON_UTC),
    ("dup", "crosslang", "mixed", "Server crontabs are written in UTC, so a 9 a.m. Beijing-time job is 0 1 * * *\nSomeone once used local time and the job ran 8 hours late.", _E_CRON_UTC),
    # advisory lock for the nightly export
    ("dup", "reason", "en", "Two scheduler replicas could both start the nightly export, which is why the job grabs a Postgres advisory lock first.", _E_ADVISORY),
    ("dup", "mixed-switch", "mixed", "nightly export 任务会先拿 Postgres 的 advisory lock，这样两个 scheduler 副本不会同时跑它。", _E_ADVISORY),
    ("near", "added", "en", "The nightly export job takes a Postgres advisory lock so two scheduler replicas never run it at once, and skips the run if the lock is still held after 5 minutes.", _E_ADVISORY),
    ("near", "scope", "en", "Every scheduled job takes a Postgres advisory lock so two scheduler replicas never run it at once.", _E_ADVISORY),
    ("unrel", "other", "en", "Mail from noreply@ needs SPF, DKIM and DMARC aligned on the same domain, or Gmail files it as spam.", _E_ADVISORY),
    # delete flags two weeks after full rollout
    ("dup", "number", "zh", "功能开关放量到 100% 满 14 天后，就清理掉代码里的分支\n开关堆积起来，测试组合会爆炸。", _E_FLAG_CLEANUP),
    ("dup", "restructure", "zh", "为了避免开关越堆越多、测试组合爆炸，功能开关全量两周后就把代码里的判断删掉。", _E_FLAG_CLEANUP),
    ("dup", "crosslang", "mixed", "Remove a feature flag's checks from the code two weeks after it is fully rolled out\nFlags pile up otherwise and the test matrix explodes.", _E_FLAG_CLEANUP),
    ("near", "exception", "zh", "功能开关全量上线两周后要删掉代码里的判断，运维用的紧急熔断开关除外，要长期保留\n开关越积越多，测试组合会爆炸。", _E_FLAG_CLEANUP),
    ("near", "condition", "zh", "功能开关全量上线两周后，如果这期间没有回滚过，就要删掉代码里的判断\n开关越积越多，测试组合会爆炸。", _E_FLAG_CLEANUP),
    ("rel", "area", "zh", "开关的默认值写在 flags.yaml 里，本地开发不连 Unleash 时就读这个文件。", _E_FLAG_CLEANUP),
    # FakeFlags in unit tests
    ("dup", "synonym", "mixed", "unit test 不连 Unleash，统一用 FakeFlags fixture 固定 flag 的值，否则 CI 会跟着线上的 flag 配置变。", _E_FAKEFLAGS),
    ("dup", "crosslang", "mixed", "Unit tests must not read Unleash; pin flag values with the FakeFlags fixture, otherwise CI results change with the live flag config.", _E_FAKEFLAGS),
    ("near", "exception", "mixed", "单测里不要直接读 Unleash，用 FakeFlags fixture 把 flag 值写死，contract test 除外，它就是用来验证 Unleash 配置的\n不然 CI 结果会随线上 flag 配置变化。", _E_FAKEFLAGS),
    ("near", "scope", "mixed", "单测和 e2e 测试里都不要直接读 Unleash，用 FakeFlags fixture 把 flag 值写死，不然 CI 结果会随线上 flag 配置变化。", _E_FAKEFLAGS),
    ("unrel", "other", "mixed", "DNS 的 SOA 记录由 Route 53 自动维护，不要手动改。", _E_FAKEFLAGS),
    # SES bounces
    ("dup", "synonym", "en", "An SES hard bounce flags the address as undeliverable in users and is never retried; soft bounces get three retries spread over a day.", _E_BOUNCE),
    ("dup", "crosslang", "mixed", "SES 的硬退信会在 users 表里把地址标成不可投递，之后不再重试\n软退信在 24 小时内重试 3 次。", _E_BOUNCE),
    ("dup", "number", "en", "Hard bounce → address marked undeliverable, no retry. Soft bounce → 3 retries within one day.", _E_BOUNCE),
    ("near", "number", "en", "Hard bounces from SES mark the address undeliverable in our users table; we never retry them\nSoft bounces are retried five times over 48 hours.", _E_BOUNCE),
    ("near", "exception", "en", "Hard bounces from SES mark the address undeliverable in our users table; we never retry them, except password-reset mail, which is retried once\nSoft bounces are retried three times over 24 hours.", _E_BOUNCE),
    ("rel", "area", "en", "The SES sending quota is 50,000 messages a day in eu-west-1, so the newsletter goes out over two days.", _E_BOUNCE),
    # MJML build
    ("dup", "reason", "zh", "CI 不会编译 MJML，所以改完邮件模板必须自己跑 npm run email:build，把生成的 HTML 一起提交，否则线上还是旧模板。", _E_MJML),
    ("dup", "imperative", "zh", "改了 MJML 邮件模板，一定要执行 npm run email:build 并提交生成的 HTML\nCI 不负责编译，漏掉就会发旧模板。", _E_MJML),
    ("dup", "format", "zh", "邮件模板（MJML）修改流程：\n1. 改 `.mjml`\n2. `npm run email:build`\n3. 生成的 HTML 一起提交（CI 不编译）", _E_MJML),
    ("near", "added", "zh", "邮件模板用 MJML 写，改完要跑 npm run email:build 生成 HTML 一起提交，还要在 Litmus 里看一下 Outlook 下的效果\nCI 不会帮你编译。", _E_MJML),
    ("near", "negation", "mixed", "Email templates are written in MJML and CI compiles them with npm run email:build on deploy, so don't commit the generated HTML.", _E_MJML),
    ("unrel", "other", "zh", "Kotlin 项目的 ktlint 版本锁在 1.2，升级会改掉一大堆格式。", _E_MJML),
    ("dup", "crosslang", "mixed", "Email templates are MJML; after editing, run npm run email:build and commit the generated HTML with them\nCI doesn't compile them, so forgetting means the old template goes out.", _E_MJML),
    # websocket reconnect backoff
    ("dup", "number", "en", "WS client reconnect: exponential backoff, max half a minute, with jitter — without jitter every client came back at once after a deploy and took the gateway down.", _E_WS_BACKOFF),
    ("dup", "mixed-switch", "mixed", "websocket 客户端断线重连用指数退避，最多 30 秒，再加 jitter\n以前没加 jitter，发版后所有客户端一起重连，把 gateway 打挂了。", _E_WS_BACKOFF),
    ("dup", "summary", "en", "Websocket reconnects use exponential backoff capped at 30s, with jitter.", _E_WS_BACKOFF),
    ("near", "added", "en", "The websocket client reconnects with exponential backoff capped at 30s, plus jitter, and gives up after 10 attempts and shows an offline banner\nWithout jitter, all clients reconnected together after a deploy.", _E_WS_BACKOFF),
    ("near", "number", "en", "The websocket client reconnects with exponential backoff capped at 5 minutes, plus jitter\nWithout jitter, all clients reconnected together after a deploy and knocked the gateway over.", _E_WS_BACKOFF),
    ("rel", "area", "mixed", "网关的 websocket 空闲超时是 60 秒，所以客户端每 25 秒发一次 ping。", _E_WS_BACKOFF),
    # websocket token in first message
    ("dup", "reason", "zh", "token 放 URL 参数会被访问日志记下来，浏览器的 websocket 又带不了 Authorization 头，所以 token 在连上之后的第一条消息里发。", _E_WS_AUTH),
    ("dup", "synonym", "zh", "浏览器建 websocket 连接时没法设置 Authorization 头，鉴权 token 改为在首条消息里发送，别拼在 URL 上\n访问日志会记录 URL。", _E_WS_AUTH),
    ("near", "exception", "zh", "浏览器的 websocket 握手不能带 Authorization 头，token 放在第一条消息里发，不要放 URL 参数，内部服务之间的连接除外，它们走 mTLS\nURL 会被记进访问日志。", _E_WS_AUTH),
    ("near", "added", "zh", "浏览器的 websocket 握手不能带 Authorization 头，token 放在第一条消息里发，不要放 URL 参数；服务端 5 秒内收不到 token 就断开\nURL 会被记进访问日志。", _E_WS_AUTH),
    ("unrel", "other", "zh", "发 crate 之前先跑 cargo package --list 看一眼，别把 fixtures 目录打进包里。", _E_WS_AUTH),
    # reply language preference
    ("dup", "restructure", "zh", "提交信息和代码注释写英文，跟用户交流用中文。", _E_PREF_LANG),
    ("dup", "crosslang", "mixed", "The user wants replies in Chinese, but code comments and commit messages in English.", _E_PREF_LANG),
    ("dup", "filler", "zh", "偏好：回答用中文；注释、提交信息用英文。", _E_PREF_LANG),
    ("near", "exception", "zh", "用户希望回复用中文，代码注释和提交信息用英文，docs/zh 目录里示例代码的注释除外，那里用中文。", _E_PREF_LANG),
    ("near", "scope", "zh", "用户希望回复、代码注释和提交信息全部用中文。", _E_PREF_LANG),
    ("unrel", "other", "mixed", "Bazel's --disk_cache directory grows without limit; clear ~/.cache/bazel-disk once a month.", _E_PREF_LANG),
    # failing test before a fix
    ("dup", "restructure", "en", "For bug fixes, the user asks for a failing test first, with the fix and its test in one commit.", _E_PREF_TDD),
    ("dup", "crosslang", "mixed", "用户要求修 bug 前先写一个能复现问题的失败测试，测试和修复放在同一个提交里。", _E_PREF_TDD),
    ("near", "exception", "en", "The user wants a failing test written before any bug fix, except typo and docs fixes, and the test committed in the same commit as the fix.", _E_PREF_TDD),
    ("near", "negation", "en", "The user wants a failing test written before any bug fix, but committed separately, before the fix, so the red build is visible.", _E_PREF_TDD),
    ("rel", "area", "en", "The user does not want new dependencies added without asking first.", _E_PREF_TDD),
    # no force push on shared branches
    ("dup", "imperative", "zh", "共享分支禁止 force push，要改历史先在群里打招呼\n之前有人 force push 把别人两个提交冲掉了。", _E_FORCE_PUSH),
    ("dup", "summary", "zh", "共享分支别 force push，改历史前先在群里说。", _E_FORCE_PUSH),
    ("dup", "crosslang", "mixed", "Don't force-push shared branches; announce it in the group chat first if history has to change\nA force push once wiped out two of someone else's commits.", _E_FORCE_PUSH),
    ("near", "exception", "zh", "不要 force push 共享分支，需要改历史时先在群里说一声，release manager 整理 release 分支时除外\n上次 force push 覆盖了别人的两个提交。", _E_FORCE_PUSH),
    ("near", "added", "zh", "不要 force push 共享分支，需要改历史时先在群里说一声，而且要用 --force-with-lease\n上次 force push 覆盖了别人的两个提交。", _E_FORCE_PUSH),
    ("rel", "area", "zh", "main 分支开了线性历史保护，只能 squash 或 rebase 合并。", _E_FORCE_PUSH),
    # Gradle toolchain 17 + testOn21
    ("dup", "synonym", "en", "The build uses a Gradle toolchain fixed at Java 17, and the testOn21 task additionally runs the tests on 21; toolchains ignore JAVA_HOME, so don't count on it.", _E_JAVA_TOOLCHAIN),
    ("dup", "mixed-switch", "mixed", "Gradle toolchain 把 build 固定在 Java 17，测试另外通过 testOn21 task 在 21 上再跑一遍\ntoolchain 不看 JAVA_HOME，改它没用。", _E_JAVA_TOOLCHAIN),
    ("near", "reversed", "en", "Gradle toolchains pin Java 21 for the build, but tests also run on 17 via the testOn17 task\nDon't rely on JAVA_HOME; toolchains ignore it.", _E_JAVA_TOOLCHAIN),
    ("near", "exception", "en", "Gradle toolchains pin Java 17 for the build, but tests also run on 21 via the testOn21 task, which is skipped on Windows runners\nDon't rely on JAVA_HOME; toolchains ignore it.", _E_JAVA_TOOLCHAIN),
    ("unrel", "other", "en", "DNSSEC is on for example.com; before changing nameservers, remove the DS record at the registrar.", _E_JAVA_TOOLCHAIN),
    # internal Maven mirror
    ("dup", "reason", "zh", "不配 mirror 的话，内部包会跑去 Maven Central 找，结果 404，所以 settings.xml 要指向 nexus.internal。", _E_MAVEN_MIRROR),
    ("dup", "synonym", "zh", "settings.xml 需要把 mirror 指到内部 Maven 仓库 nexus.internal，否则内部依赖会去 Maven Central 查找并返回 404。", _E_MAVEN_MIRROR),
    ("near", "subst", "zh", "内部 Maven 仓库迁到了 artifactory.internal，settings.xml 里的 mirror 要改过去，不然会去 Maven Central 找内部包然后 404。", _E_MAVEN_MIRROR),
    ("near", "added", "zh", "内部 Maven 仓库在 nexus.internal，settings.xml 里要配 mirror，还要配 server 的账号（密码从 Vault 取），不然会去 Maven Central 找内部包然后 404。", _E_MAVEN_MIRROR),
    ("rel", "area", "mixed", "CI runs Maven with -o after the dependency:go-offline step, so adding a dependency means rerunning that step.", _E_MAVEN_MIRROR),
    # S3 SecureTransport deny
    ("dup", "reason", "en", "Old s3cmd configs on plain HTTP get 403s because every bucket policy denies requests where aws:SecureTransport is false.", _E_S3_TLS),
    ("dup", "crosslang", "mixed", "S3 的 bucket policy 会拒绝所有不满足 aws:SecureTransport 的请求，所以走明文 HTTP 的工具（比如老的 s3cmd 配置）会报 403。", _E_S3_TLS),
    ("near", "scope", "en", "The logs bucket's policy denies any request without aws:SecureTransport, so plain-HTTP tools like old s3cmd configs fail with 403 there.", _E_S3_TLS),
    ("near", "exception", "en", "S3 bucket policies deny any request without aws:SecureTransport, except on the public-assets bucket behind CloudFront, so plain-HTTP tools like old s3cmd configs fail with 403.", _E_S3_TLS),
    ("unrel", "other", "mixed", "Helm chart 的版本号和 app 版本分开管理，改了模板就要升 chart version。", _E_S3_TLS),
    # aws sso credentials lifetime
    ("dup", "number", "zh", "aws sso login 拿到的本地凭证有效期是 480 分钟，长时间的 terraform apply 之前先重新登录一次。", _E_SSO_EXPIRY),
    ("dup", "reason", "zh", "aws sso login 的凭证只有 8 小时，长时间的 terraform apply 跑到一半过期就会失败，所以开始前先重新登录。", _E_SSO_EXPIRY),
    ("dup", "crosslang", "mixed", "Local credentials from aws sso login expire after 8 hours; log in again before a long terraform apply.", _E_SSO_EXPIRY),
    ("near", "number", "zh", "本地用 aws sso login 拿的凭证 1 小时过期，跑长时间的 terraform apply 前先重新登录。", _E_SSO_EXPIRY),
    ("near", "added", "zh", "本地用 aws sso login 拿的凭证 8 小时过期，跑长时间的 terraform apply 前先重新登录；CI 里用 OIDC 拿的凭证只有 1 小时。", _E_SSO_EXPIRY),
    ("rel", "area", "zh", "terraform state 存在 S3，锁在 DynamoDB 的 tf-locks 表里，apply 卡住先看看有没有残留的锁。", _E_SSO_EXPIRY),
    # Dockerfile layer order
    ("dup", "reason", "zh", "为了改代码时不用重装依赖，Dockerfile 要先拷 requirements.txt、装依赖，然后再拷源码。", _E_DOCKER_ORDER),
    ("dup", "synonym", "zh", "Dockerfile 的顺序：先 COPY requirements.txt，执行 pip install，然后才 COPY 代码\n反过来的话，代码一改依赖那一层的缓存就失效，全部重装。", _E_DOCKER_ORDER),
    ("dup", "format", "zh", "Dockerfile 层顺序：\n```\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY . .\n```\n否则每次改代码都会重装依赖。", _E_DOCKER_ORDER),
    ("near", "added", "zh", "Dockerfile 里先 COPY requirements.txt 再 pip install，最后再 COPY 源码，pip install 要加 --no-cache-dir\n顺序反了的话每次改代码都要重装依赖。", _E_DOCKER_ORDER),
    ("near", "reversed", "mixed", "In the Dockerfile, COPY the source first and run pip install after it, so the editable install can read the package metadata.", _E_DOCKER_ORDER),
    ("rel", "area", "zh", ".dockerignore 要排除 .venv 和 node_modules，不然构建上下文有好几百 MB。", _E_DOCKER_ORDER),
    ("unrel", "other", "mixed", "The PyPI project publishes through trusted publishing from the release workflow; there is no API token to rotate.", _E_DOCKER_ORDER),
    # no Alpine for Python images
    ("dup", "imperative", "en", "Keep the Python images off Alpine — there are no manylinux wheels for musl, so numpy and grpcio build from source and the image takes 20 minutes.", _E_NO_ALPINE),
    ("dup", "reason", "en", "Alpine would make the Python image build take 20 minutes, since musl gets no manylinux wheels and numpy and grpcio compile from source.", _E_NO_ALPINE),
    ("dup", "number", "en", "Python images stay off Alpine: no manylinux wheels on musl means numpy/grpcio compile from source, ~20 min per build.", _E_NO_ALPINE),
    ("near", "condition", "en", "Don't switch the Python images to Alpine while they still depend on grpcio 1.48; musl gets no wheels for it, so it compiles from source and the build takes 20 minutes.", _E_NO_ALPINE),
    ("near", "exception", "mixed", "Python 镜像不要换成 Alpine，musl 没有 manylinux wheel，numpy 和 grpcio 会从源码编译，构建要 20 分钟；没有 C 扩展依赖的 cron-runner 镜像例外，可以用 Alpine。", _E_NO_ALPINE),
    ("rel", "area", "en", "The api image runs as UID 10001; host volumes mounted into it need that owner or the app can't write.", _E_NO_ALPINE),
    ("unrel", "other", "en", "OAuth redirect URIs must match exactly, trailing slash included, or the provider answers redirect_uri_mismatch.", _E_NO_ALPINE),
    # CLI login via device flow
    ("dup", "reason", "mixed", "用户常在 SSH 远程机器上跑 CLI，localhost 回调用不了，所以 CLI 登录走 OAuth device flow，不走 PKCE。", _E_DEVICE_FLOW),
    ("dup", "crosslang", "mixed", "CLI login uses the OAuth device flow, not PKCE with a localhost callback, because users often run it on remote machines over SSH.", _E_DEVICE_FLOW),
    ("near", "exception", "mixed", "CLI 登录用 OAuth device flow，不要用 PKCE + localhost 回调，因为用户经常在 SSH 远程机器上跑；检测到本地桌面会话时例外，直接开浏览器走 PKCE。", _E_DEVICE_FLOW),
    ("near", "added", "mixed", "CLI 登录用 OAuth device flow，不要用 PKCE + localhost 回调，因为用户经常在 SSH 远程机器上跑；device code 10 分钟过期，轮询间隔 5 秒。", _E_DEVICE_FLOW),
    ("near", "negation", "mixed", "CLI login uses PKCE with a localhost callback rather than the device flow, because the device flow isn't enabled on our IdP.", _E_DEVICE_FLOW),
    ("rel", "area", "mixed", "Okta 的 device authorization grant 要在 app 设置里单独勾上，不然返回 unauthorized_client。", _E_DEVICE_FLOW),
    ("unrel", "other", "mixed", "Renovate 的 major 升级单独开 PR，minor 和 patch 每周合成一个 PR。", _E_DEVICE_FLOW),
    # Redis sessions
    ("dup", "synonym", "en", "User sessions are Redis keys whose 7-day TTL is refreshed on every request; logout removes the key and a password change removes every session key of that user.", _E_REDIS_SESSION),
    ("dup", "number", "en", "Redis sessions: sliding TTL of one week. Logout deletes the key; a password change deletes all of the user's keys.", _E_REDIS_SESSION),
    ("dup", "format", "en", "Sessions (Redis):\n- sliding TTL `7d`\n- logout → delete the key\n- password change → delete all the user's session keys", _E_REDIS_SESSION),
    ("near", "added", "en", "Sessions live in Redis with a 7-day sliding TTL; logging out deletes the key, a password change deletes all of the user's session keys, and so does turning off 2FA.", _E_REDIS_SESSION),
    ("near", "number", "mixed", "session 存在 Redis 里，TTL 是 30 天滑动过期；登出删掉这个 key，改密码删掉该用户所有的 session key。", _E_REDIS_SESSION),
    ("rel", "area", "en", "Session IDs are 256-bit random values from secrets.token_urlsafe(32); never derive them from the user ID.", _E_REDIS_SESSION),
    ("unrel", "other", "mixed", "nx 的 daemon 偶尔会卡住，跑一下 nx reset 就好了。", _E_REDIS_SESSION),
    # Alembic autogenerate
    ("dup", "reason", "zh", "Alembic autogenerate 会把列改名当成删列再加列，直接执行会丢数据，所以生成的迁移必须人工看一遍。", _E_ALEMBIC),
    ("dup", "imperative", "zh", "Alembic 自动生成的迁移一定要人工检查后再跑\n列改名会被生成成 drop + add，会丢数据。", _E_ALEMBIC),
    ("dup", "crosslang", "mixed", "Always hand-check Alembic autogenerate output\nIt can't detect column renames and emits a drop + add, which loses data if run as is.", _E_ALEMBIC),
    ("near", "added", "zh", "迁移脚本用 Alembic，生成后一定要人工检查 autogenerate 的结果，它识别不了列改名，也识别不了 server_default 的变化\n直接跑会丢数据。", _E_ALEMBIC),
    ("near", "exception", "zh", "迁移脚本用 Alembic，生成后一定要人工检查 autogenerate 的结果，只新建表的迁移可以不看\n它识别不了列改名，会生成 drop + add，直接跑会丢数据。", _E_ALEMBIC),
    ("rel", "area", "zh", "每个迁移都要写 downgrade，CI 会跑 upgrade → downgrade → upgrade 来验证。", _E_ALEMBIC),
    ("unrel", "other", "zh", "用户喜欢先看方案再动手，改动超过三个文件时先列计划。", _E_ALEMBIC),
    # migrate before deploy
    ("dup", "restructure", "en", "Migrations are additive only and go out before the code that uses them, because the old pods have to keep working on the new schema.", _E_MIGRATE_FIRST),
    ("dup", "summary", "en", "Migrate first, deploy the code second; migrations stay additive.", _E_MIGRATE_FIRST),
    ("dup", "imperative", "en", "Always run the schema migration before deploying code that reads the new column, and keep migrations additive so the old pods still work.", _E_MIGRATE_FIRST),
    ("near", "reversed", "en", "Deploy order for schema changes: deploy the code first, then run the migration that adds the new column\nOld pods must keep working against the new schema.", _E_MIGRATE_FIRST),
    ("near", "exception", "mixed", "表结构变更先跑迁移再发代码，迁移只加不删，老 pod 要能兼容新 schema；删列例外，要等代码上线一周后再单独迁移。", _E_MIGRATE_FIRST),
    ("rel", "area", "en", "Migrations run as a Kubernetes Job before the deploy; if the Job fails, Argo halts the rollout.", _E_MIGRATE_FIRST),
    ("unrel", "other", "en", "Use cargo nextest locally; plain cargo test runs the integration tests one by one and takes four times as long.", _E_MIGRATE_FIRST),
    # traceparent propagation
    ("dup", "synonym", "zh", "traceparent 由网关生成，服务间调用原样往下传，业务代码不要另起新 trace\n不然一条链路会被拆成几段。", _E_TRACEPARENT),
    ("dup", "reason", "zh", "为了链路不断开，业务代码不要自己新建 trace，把网关生成的 traceparent 头透传下去就行。", _E_TRACEPARENT),
    ("near", "added", "zh", "服务之间调用要透传 traceparent 头，tracestate 也要一起传，网关已经会生成，业务代码别自己新建 trace\n否则链路会断成好几段。", _E_TRACEPARENT),
    ("near", "condition", "mixed", "Forward the traceparent header on service-to-service calls and never start a new trace, but only for synchronous HTTP calls; Kafka consumers start a new trace linked to the producer span.", _E_TRACEPARENT),
    ("rel", "area", "zh", "每条日志都要带 trace_id 字段，Grafana 才能从日志跳到对应的链路。", _E_TRACEPARENT),
    ("unrel", "other", "mixed", "The monorepo pins Bazel in .bazelversion and bazelisk reads it, so don't install bazel from apt.", _E_TRACEPARENT),
    # prod log level and X-Debug-Log
    ("dup", "synonym", "en", "Prod logs at INFO. To get DEBUG for a single request, send the X-Debug-Log header — it's honoured only from the VPN.", _E_LOG_LEVEL),
    ("dup", "crosslang", "mixed", "生产环境日志级别是 INFO；单个请求想看 DEBUG 就带上 X-Debug-Log 头，只在 VPN 内有效。", _E_LOG_LEVEL),
    ("dup", "restructure", "en", "Only from the VPN can you enable DEBUG logging for one request, via the X-Debug-Log header; otherwise production logs at INFO.", _E_LOG_LEVEL),
    ("near", "moved", "en", "Only production's log level is INFO; DEBUG is turned on per request with the X-Debug-Log header from the VPN.", _E_LOG_LEVEL),
    ("near", "scope", "en", "Production log level is INFO; DEBUG is turned on per request with the X-Debug-Log header, which works from the VPN and from CI runners.", _E_LOG_LEVEL),
    ("rel", "area", "en", "Logs are kept 14 days in Loki; anything older is only in the S3 archive and takes a day to restore.", _E_LOG_LEVEL),
    ("unrel", "other", "mixed", "用户不喜欢回复里的大段总结，改完直接说改了哪些文件就行。", _E_LOG_LEVEL),
    # buildx gha cache mode=max
    ("dup", "synonym", "mixed", "buildx 在 CI 里用 GitHub Actions cache（type=gha），要设 mode=max 才能把中间 stage 也存下来，默认 min 只存最终的层。", _E_BUILDX_CACHE),
    ("dup", "crosslang", "mixed", "In CI, docker buildx uses the type=gha cache; only mode=max caches intermediate stages, while the default min keeps just the final image's layers.", _E_BUILDX_CACHE),
    ("near", "added", "mixed", "CI 里 docker build 用 buildx 的 type=gha cache，mode=max 才会缓存中间 stage，默认的 min 只缓存最终镜像的层；gha cache 一共只有 10 GB，满了按 LRU 淘汰。", _E_BUILDX_CACHE),
    ("near", "subst", "mixed", "CI 里 docker build 用 buildx 的 type=registry cache，mode=max 才会缓存中间 stage，默认的 min 只缓存最终镜像的层。", _E_BUILDX_CACHE),
    ("rel", "area", "mixed", "actions/cache 的 key 里要带 runner.os，不然 macOS 和 Linux 的缓存会串。", _E_BUILDX_CACHE),
    ("unrel", "other", "mixed", "The user wants every new CLI flag documented in --help with an example.", _E_BUILDX_CACHE),
    # PR caches can't overwrite main
    ("dup", "restructure", "en", "Only pushes to main populate main's cache; caches saved on pull_request runs are scoped to the PR ref and can't overwrite it.", _E_PR_CACHE_SCOPE),
    ("dup", "synonym", "en", "A PR's workflow can't replace main's cache, since whatever it saves belongs to the PR ref; main's cache is filled only by pushes to main.", _E_PR_CACHE_SCOPE),
    ("near", "added", "en", "Cache writes on pull_request runs are scoped to the PR's ref, so a PR can't overwrite main's cache; only pushes to main populate it, and PR caches are evicted after 7 days unused.", _E_PR_CACHE_SCOPE),
    ("near", "negation", "mixed", "pull_request 触发的 workflow 写的缓存也能覆盖 main 的缓存，所以 PR 里不要保存缓存。", _E_PR_CACHE_SCOPE),
    ("unrel", "other", "en", "Chinese docs pages need a blank line before code blocks, or the markdown linter flags them.", _E_PR_CACHE_SCOPE),
    # go.sum tidy check
    ("dup", "synonym", "zh", "go.sum 必须入库；CI 会先跑 go mod tidy 再用 git diff --exit-code 检查，有差异就报错。", _E_GO_TIDY),
    ("dup", "restructure", "zh", "CI 用 go mod tidy 加 git diff --exit-code 检查依赖文件，有改动就失败，所以 go.sum 一定要提交。", _E_GO_TIDY),
    ("dup", "crosslang", "mixed", "Commit go.sum; CI runs go mod tidy and then git diff --exit-code, failing on any change.", _E_GO_TIDY),
    ("near", "added", "zh", "go.sum 和 go.work.sum 都要提交，CI 里 go mod tidy 之后用 git diff --exit-code 检查，有改动就失败。", _E_GO_TIDY),
    ("near", "condition", "zh", "go.sum 要提交，CI 里 go mod tidy 之后用 git diff --exit-code 检查，有改动就失败，不过这个检查只在 main 分支的 push 上跑。", _E_GO_TIDY),
    ("rel", "area", "zh", "Go 版本锁在 go.mod 的 toolchain 行里，本地 Go 版本低的话会自动下载对应版本。", _E_GO_TIDY),
    ("unrel", "other", "zh", "证书私钥放在 Vault 的 pki/ 路径下，不要拷到本地。", _E_GO_TIDY),
    # Rust MSRV
    ("dup", "reason", "en", "Because a CI job builds with Rust 1.74 exactly, any std API stabilised later breaks the build unless rust-version in Cargo.toml is bumped first.", _E_MSRV),
    ("dup", "format", "en", "MSRV: **1.74** (`rust-version` in Cargo.toml, checked by a CI job). No newer std APIs without bumping it.", _E_MSRV),
    ("dup", "mixed-switch", "mixed", "MSRV 是 1.74，CI 有个 job 专门用这个 toolchain 编译，要用 1.74 之后才稳定的 std API，先升 Cargo.toml 里的 rust-version。", _E_MSRV),
    ("near", "number", "en", "MSRV is 1.70; a CI job builds with exactly that toolchain, so don't use std APIs stabilised after 1.70 without bumping rust-version in Cargo.toml.", _E_MSRV),
    ("near", "scope", "en", "MSRV is 1.74 for the library crates only; a CI job builds them with exactly that toolchain, while the CLI crate follows latest stable.", _E_MSRV),
    ("rel", "area", "en", "clippy runs with -D warnings in CI, and a new lint in a Rust release can break main, so the toolchain is pinned in rust-toolchain.toml.", _E_MSRV),
    ("unrel", "other", "mixed", "文档里的截图统一用 2 倍分辨率，放在 static/img 下面。", _E_MSRV),
    # runTest not runBlocking
    ("dup", "synonym", "zh", "写协程单测用 runTest 而不是 runBlocking：前者跳过 delay，后者真实等待，又慢又不稳定。", _E_RUNTEST),
    ("dup", "imperative", "zh", "协程测试必须用 runTest，禁止用 runBlocking\nrunBlocking 会真的等 delay，测试慢还不稳定。", _E_RUNTEST),
    ("dup", "crosslang", "mixed", "Use runTest for coroutine tests, not runBlocking\nrunTest skips delays; runBlocking really waits, so tests get slow and flaky.", _E_RUNTEST),
    ("near", "exception", "zh", "协程测试用 runTest，不要用 runBlocking，测真实超时的集成测试除外\nrunTest 会跳过 delay，runBlocking 会真的等。", _E_RUNTEST),
    ("near", "added", "mixed", "Use runTest for coroutine tests, not runBlocking, and inject the test dispatcher into the class under test so its launches run on virtual time too\nrunTest skips delays; runBlocking really waits.", _E_RUNTEST),
    ("rel", "area", "zh", "库模块开了 Kotlin 的 explicitApi，公开函数都要写清可见性和返回类型。", _E_RUNTEST),
    ("unrel", "other", "zh", "CDN 刷新要放在发布脚本的最后一步，不然会把旧文件缓存住。", _E_RUNTEST),
    # i18n keys namespaced, English source of truth
    ("dup", "restructure", "en", "English strings are the source of truth for i18n and translators never create keys; keys are namespaced per page, e.g. settings.profile.title.", _E_I18N_KEYS),
    ("dup", "crosslang", "mixed", "i18n 的 key 按页面划分命名空间（比如 settings.profile.title），英文文件是唯一来源，翻译人员不能新增 key。", _E_I18N_KEYS),
    ("near", "exception", "en", "i18n keys are namespaced by page (settings.profile.title), except shared buttons under common.*, and the English file is the source of truth; translators never add keys.", _E_I18N_KEYS),
    ("near", "added", "en", "i18n keys are namespaced by page (settings.profile.title), and the English file is the source of truth; translators never add keys, and CI fails when a locale has keys English lacks.", _E_I18N_KEYS),
    ("rel", "area", "en", "Plural forms use ICU MessageFormat; never build plurals by string concatenation.", _E_I18N_KEYS),
    ("unrel", "other", "mixed", "WebSocket 服务扩容时要开会话粘滞，不然握手请求会落到不同的实例上。", _E_I18N_KEYS),
    # versioned docs
    ("dup", "synonym", "zh", "docs/ 只对应最新版本；修改旧版本文档时，要去 versioned_docs 下找对应版本的目录来改。", _E_VERSIONED_DOCS),
    ("dup", "filler", "zh", "注意：改老版本的文档要改 versioned_docs/ 里对应的目录，光改 docs/ 没用。", _E_VERSIONED_DOCS),
    ("near", "added", "zh", "文档站每个大版本单独一个版本目录，改旧版本的文档要改 versioned_docs 下对应的目录，不要只改 docs/；落后两个大版本以上的文档不再维护。", _E_VERSIONED_DOCS),
    ("near", "negation", "mixed", "Docs for old major versions are regenerated from docs/ on every release, so edit docs/ only and never touch versioned_docs.", _E_VERSIONED_DOCS),
    ("rel", "area", "zh", "文档站的侧边栏在 sidebars.js 里手动维护，新增页面要记得加进去。", _E_VERSIONED_DOCS),
    ("unrel", "other", "zh", "nx 的缓存目录默认在 node_modules/.cache/nx，要清缓存直接 nx reset。", _E_VERSIONED_DOCS),
    ("dup", "crosslang", "mixed", "Each major version has its own docs directory; to fix docs for an old version, edit the matching folder under versioned_docs, not just docs/.", _E_VERSIONED_DOCS),
    # nginx full chain
    ("dup", "synonym", "en", "Point nginx's ssl_certificate at fullchain.pem rather than cert.pem; otherwise older Java clients and curl can't build the chain and report 'unable to get local issuer certificate'.", _E_FULLCHAIN),
    ("dup", "reason", "en", "Old Java clients and curl error out with 'unable to get local issuer certificate' when nginx serves only cert.pem, so configure the full chain.", _E_FULLCHAIN),
    ("dup", "summary", "en", "nginx: serve fullchain.pem, not cert.pem.", _E_FULLCHAIN),
    ("near", "scope", "en", "nginx and the HAProxy on the edge boxes must serve the full chain (fullchain.pem), not cert.pem\nOlder Java clients and curl fail with 'unable to get local issuer certificate' otherwise.", _E_FULLCHAIN),
    ("near", "added", "mixed", "nginx 要配 fullchain.pem 而不是 cert.pem，还要打开 OCSP stapling（ssl_stapling on）\n否则老的 Java 客户端和 curl 会报 unable to get local issuer certificate。", _E_FULLCHAIN),
    ("rel", "area", "mixed", "证书到期监控用 blackbox exporter 的 probe_ssl_earliest_cert_expiry，少于 14 天就告警。", _E_FULLCHAIN),
    ("unrel", "other", "en", "Feature flag names are snake_case and prefixed with the owning team, e.g. growth_new_onboarding.", _E_FULLCHAIN),
    ("dup", "format", "en", "nginx `ssl_certificate` → `fullchain.pem` (not `cert.pem`); otherwise older Java clients and curl say *unable to get local issuer certificate*.", _E_FULLCHAIN),
    # apex ALIAS record
    ("dup", "synonym", "zh", "example.com 这个根域名没法用 CNAME，改用 Route 53 的 ALIAS 记录指到 ALB\nCNAME 会跟 MX、NS 记录冲突。", _E_APEX_ALIAS),
    ("dup", "reason", "zh", "根域上已经有 MX 和 NS 记录，再配 CNAME 会冲突，所以 example.com 用 Route 53 的 ALIAS 指向 ALB。", _E_APEX_ALIAS),
    ("near", "added", "zh", "根域名 example.com 不能配 CNAME，要用 Route 53 的 ALIAS 记录指向 ALB，www 用普通 CNAME 指向根域\n配 CNAME 会和 MX、NS 记录冲突。", _E_APEX_ALIAS),
    ("near", "subst", "mixed", "The apex example.com can't be a CNAME; use a Route 53 ALIAS record pointing at the CloudFront distribution\nA CNAME there clashes with the MX and NS records.", _E_APEX_ALIAS),
    ("rel", "area", "zh", "改 NS 记录之前先把 TTL 降下来，.com 的 NS 记录会被缓存两天。", _E_APEX_ALIAS),
    ("unrel", "other", "zh", "Gradle 构建扫描默认关着，需要时加 --scan，它会把结果上传到公网。", _E_APEX_ALIAS),
    ("dup", "crosslang", "mixed", "example.com is the apex, so no CNAME there: use a Route 53 ALIAS record pointing at the ALB\nA CNAME would clash with the MX and NS records.", _E_APEX_ALIAS),
    ("dup", "summary", "zh", "example.com 根域用 ALIAS 指向 ALB，不能用 CNAME。", _E_APEX_ALIAS),
    # pnpm workspace protocol
    ("dup", "synonym", "en", "Use workspace:^ for dependencies between internal packages so pnpm links the local source; with a normal semver range it fetches the published package from the registry.", _E_WORKSPACE_PROTO),
    ("dup", "reason", "en", "A plain semver range between internal packages makes pnpm install the copy published on npm, which is why internal deps are declared with workspace:^.", _E_WORKSPACE_PROTO),
    ("dup", "imperative", "en", "Always declare dependencies on internal packages as workspace:^, never a bare version range, or pnpm pulls the published copy from npm.", _E_WORKSPACE_PROTO),
    ("near", "added", "en", "Internal packages depend on each other with workspace:^ so pnpm links the local copy, and pnpm publish rewrites it to a real range; a plain version range pulls the published one from npm instead.", _E_WORKSPACE_PROTO),
    ("near", "condition", "mixed", "内部包之间的依赖用 workspace:^，pnpm 才会链接本地代码，写普通版本号会从 npm 拉已发布的版本；只有 apps/ 下的应用这么写，packages/ 之间用 workspace:*。", _E_WORKSPACE_PROTO),
    ("rel", "area", "en", "pnpm hoisting is off (node-linker=isolated), so a package that imports something it doesn't declare fails at runtime.", _E_WORKSPACE_PROTO),
    ("unrel", "other", "mixed", "用户要求 code review 时先看测试再看实现。", _E_WORKSPACE_PROTO),
    # nx module boundaries
    ("dup", "synonym", "zh", "业务库之间不允许相互引用（nx 的 enforce-module-boundaries 会报错），公共代码抽到 shared/ 下的库。", _E_NX_BOUNDARIES),
    ("dup", "filler", "zh", "经验：nx 不让业务库互相依赖（enforce-module-boundaries），要共享就把代码挪到 shared/ 里的库。", _E_NX_BOUNDARIES),
    ("near", "exception", "zh", "nx 的 enforce-module-boundaries 规则禁止业务库之间互相依赖，共享的代码要抽到 shared/ 下面的库里；测试工具库 testing/ 除外，任何库都能依赖它。", _E_NX_BOUNDARIES),
    ("near", "scope", "zh", "nx 的 enforce-module-boundaries 规则禁止应用之间、业务库之间互相依赖，共享的代码要抽到 shared/ 下面的库里。", _E_NX_BOUNDARIES),
    ("near", "subst", "mixed", "nx's enforce-module-boundaries rule forbids feature libraries from depending on each other; shared code goes into libraries under libs/common/.", _E_NX_BOUNDARIES),
    ("rel", "area", "zh", "nx 的项目标签写在 project.json 的 tags 里，边界规则是按标签匹配的。", _E_NX_BOUNDARIES),
    ("unrel", "other", "mixed", "The SMTP relay only accepts mail from 10.20.0.0/16; local dev sends to Mailpit instead.", _E_NX_BOUNDARIES),
    ("dup", "crosslang", "mixed", "nx's enforce-module-boundaries rule bans dependencies between feature libraries; move shared code into a library under shared/.", _E_NX_BOUNDARIES),
    # Testing section in PR descriptions
    ("dup", "restructure", "en", "Reviewers bounce any PR whose description lacks a Testing section explaining how the change was verified.", _E_PR_TESTING),
    ("dup", "imperative", "en", "Always add a Testing section to the PR description saying how you verified the change — PRs without it get sent back.", _E_PR_TESTING),
    ("dup", "synonym", "en", "Every PR description needs a 'Testing' part stating how the change was checked; reviewers return PRs that are missing it.", _E_PR_TESTING),
    ("near", "exception", "en", "PR descriptions must include a Testing section saying how the change was verified, except dependency bumps opened by Renovate; reviewers send back PRs without one.", _E_PR_TESTING),
    ("near", "added", "mixed", "PR 描述里必须有 Testing 一节，写清楚怎么验证的，还要附上关联 issue 的链接，缺了 reviewer 会打回。", _E_PR_TESTING),
    ("rel", "area", "en", "Squash-merge is the only merge method on GitHub, and the PR title becomes the commit subject, so write it like one.", _E_PR_TESTING),
    ("unrel", "other", "en", "Let's Encrypt allows 50 certificates per registered domain per week; use the staging endpoint while testing.", _E_PR_TESTING),
    ("dup", "filler", "en", "FYI: a PR description without a Testing section (how the change was verified) gets sent back by reviewers.", _E_PR_TESTING),
    # quarantine flaky tests
    ("dup", "synonym", "zh", "不稳定的测试连续挂三次以上，就加 @quarantine 并建 issue；被隔离的测试在 CI 里单独执行，不会挡住合并。", _E_QUARANTINE),
    ("dup", "format", "zh", "不稳定测试处理：\n- 连续失败 ≥3 次 → 加 `@quarantine`\n- 开 issue 跟踪\n- 隔离的测试在 CI 单独跑，不阻塞合并", _E_QUARANTINE),
    ("dup", "mixed-switch", "mixed", "flaky test 连续 fail 3 次以上就打 @quarantine 并开 issue，quarantine 的测试 CI 单独跑，不 block merge。", _E_QUARANTINE),
    ("near", "number", "zh", "连续失败 5 次以上的不稳定测试要打 @quarantine 标记并开 issue，隔离的测试在 CI 里单独跑，不阻塞合并。", _E_QUARANTINE),
    ("near", "added", "zh", "连续失败 3 次以上的不稳定测试要打 @quarantine 标记并开 issue，隔离的测试在 CI 里单独跑，不阻塞合并；隔离超过 30 天没人修就删掉。", _E_QUARANTINE),
    ("near", "condition", "mixed", "Tests that fail 3+ times in a row get the @quarantine marker and an issue, and quarantined tests run separately without blocking merges, but only on main; on release branches every test still blocks.", _E_QUARANTINE),
    ("rel", "area", "zh", "CI 里失败的测试会自动重跑一次，重跑通过的会记到不稳定测试看板上。", _E_QUARANTINE),
    ("unrel", "other", "zh", "GCP 的项目 ID 创建后不能改，起名前先和平台组确认。", _E_QUARANTINE),
    ("dup", "crosslang", "mixed", "A test that fails 3 or more times in a row gets the @quarantine marker and an issue; quarantined tests run separately in CI and don't block merging.", _E_QUARANTINE),
    # pprof via port-forward
    ("dup", "number", "en", "Take a half-minute CPU profile via kubectl port-forward: go tool pprof http://localhost:6060/debug/pprof/profile?seconds=30 — pprof is only on the internal listener, port 6060.", _E_PPROF),
    ("dup", "restructure", "en", "Through kubectl port-forward, run go tool pprof against localhost:6060/debug/pprof/profile?seconds=30 for a 30-second CPU profile; pprof listens on :6060 on the internal listener only.", _E_PPROF),
    ("near", "added", "en", "pprof is exposed on :6060 only on the internal listener; grab a 30s CPU profile with go tool pprof http://localhost:6060/debug/pprof/profile?seconds=30 through kubectl port-forward\nCall runtime.SetMutexProfileFraction first if you also need the mutex profile.", _E_PPROF),
    ("near", "negation", "mixed", "pprof 在公网 listener 的 :6060 上也开着，可以直接抓 30 秒的 CPU profile，不需要 kubectl port-forward。", _E_PPROF),
    ("rel", "area", "en", "pprof heap profiles show in-use memory by default; pass -sample_index=alloc_space to see allocation churn.", _E_PPROF),
    ("unrel", "other", "mixed", "用户希望回复里不要用表情符号。", _E_PPROF),
    # tracemalloc before objgraph
    ("dup", "reason", "zh", "objgraph 在大堆上跑一次要几分钟，而且会卡住进程，所以查 Python 内存泄漏先用 tracemalloc 比两次快照。", _E_TRACEMALLOC),
    ("dup", "synonym", "zh", "Python 内存泄漏先拿 tracemalloc 做两次快照对比，别一开始就上 objgraph，它在大内存进程上要跑好几分钟，还会把进程卡住。", _E_TRACEMALLOC),
    ("dup", "crosslang", "mixed", "To chase a Python memory leak, diff two tracemalloc snapshots; don't start with objgraph\nOn a big heap objgraph takes minutes and stalls the process.", _E_TRACEMALLOC),
    ("near", "condition", "zh", "排查 Python 内存泄漏时，堆超过 1 GB 才需要用 tracemalloc 对比两个快照，小进程直接用 objgraph 也行\nobjgraph 在大堆上跑一次要好几分钟。", _E_TRACEMALLOC),
    ("near", "subst", "mixed", "To chase a Python memory leak, diff two memray snapshots rather than starting with objgraph\nOn a big heap objgraph takes minutes and stalls the process.", _E_TRACEMALLOC),
    ("rel", "area", "zh", "gunicorn 的 worker 设了 max_requests=1000，内存缓慢上涨不一定是泄漏，可能只是重启周期内的正常波动。", _E_TRACEMALLOC),
    ("unrel", "other", "zh", "发 npm 包之前先跑 npm pack --dry-run，看看会打进哪些文件。", _E_TRACEMALLOC),
    # deploy by digest
    ("dup", "synonym", "en", "Kubernetes manifests pin images by digest and never use :latest; a node restart once pulled an untested :latest build into prod.", _E_DIGEST),
    ("dup", "imperative", "en", "Always deploy images by @sha256 digest, never by :latest — a restart once pulled in an untested build.", _E_DIGEST),
    ("dup", "summary", "en", "Deploy by image digest, not :latest.", _E_DIGEST),
    ("near", "exception", "en", "Deployments reference images by digest, never :latest, except in the dev namespace, which tracks :main for fast iteration\nA :latest pull on node restart once rolled out an untested build.", _E_DIGEST),
    ("near", "subst", "mixed", "部署统一用镜像的版本号 tag（比如 v1.42.0）引用，不要用 :latest\n之前节点重启拉了 :latest，把一个没测过的版本发上去了。", _E_DIGEST),
    ("rel", "area", "en", "Image tags in our registry are immutable; pushing an existing tag fails, so bump the version instead.", _E_DIGEST),
    ("unrel", "other", "mixed", "Kotlin 的 data class 放进 Set 以后不要再改字段，hashCode 会变。", _E_DIGEST),
    # deploy concurrency group
    ("dup", "synonym", "zh", "prod 部署 workflow 设置了 concurrency: deploy-prod，同时最多一个在跑，后来的排队等待，不会把进行中的取消掉。", _E_DEPLOY_CONCURRENCY),
    ("dup", "restructure", "zh", "正在跑的部署不会被取消：prod 部署 workflow 的 concurrency 组是 deploy-prod，新触发的只会排队，同一时刻只有一个在跑。", _E_DEPLOY_CONCURRENCY),
    ("near", "negation", "zh", "GitHub Actions 的部署 workflow 配了 concurrency: deploy-prod 和 cancel-in-progress: true，同一时间只跑一个，新的会取消正在跑的。", _E_DEPLOY_CONCURRENCY),
    ("near", "scope", "mixed", "Every workflow in the repo, not just deploy, sets a concurrency group so only one run per branch is active; new runs queue instead of cancelling.", _E_DEPLOY_CONCURRENCY),
    ("rel", "area", "zh", "部署 workflow 的 environment 里配了人工审批，审批人是平台组。", _E_DEPLOY_CONCURRENCY),
    ("unrel", "other", "zh", "用户习惯 vim 键位，给编辑器配置示例时默认给 neovim 的。", _E_DEPLOY_CONCURRENCY),
    ("dup", "crosslang", "mixed", "The prod deploy workflow uses concurrency: deploy-prod, so only one runs at a time; new runs queue and never cancel the one in progress.", _E_DEPLOY_CONCURRENCY),
    # rollout bucketing by user ID
    ("dup", "reason", "en", "Rollout buckets come from a hash of the user ID so people don't flip in and out as the percentage rises; the session ID would break that.", _E_ROLLOUT_HASH),
    ("dup", "synonym", "en", "Gradual flag rollouts bucket by a hash of the user ID, which keeps each user in their bucket as the percentage goes up. Never bucket on the session ID.", _E_ROLLOUT_HASH),
    ("dup", "mixed-switch", "mixed", "按百分比放量时对 user ID 做 hash，比例调大时用户不会在开关两边来回跳；不要用 session ID 来 hash。", _E_ROLLOUT_HASH),
    ("near", "exception", "en", "Percentage rollouts hash the user ID, so a user stays in the same bucket when the percentage grows; anonymous visitors are the exception and are bucketed by device ID.", _E_ROLLOUT_HASH),
    ("near", "added", "mixed", "按百分比放量时对 user ID 做 hash，比例调大时用户还在同一个桶里；不要用 session ID，而且 hash 要加上开关名做盐，不然所有开关放量的都是同一批人。", _E_ROLLOUT_HASH),
    ("rel", "area", "en", "The flag SDK caches evaluations for 30 seconds, so a kill switch takes up to half a minute to take effect.", _E_ROLLOUT_HASH),
    ("unrel", "other", "en", "The Chinese docs use full-width punctuation, but keep half-width punctuation inside code spans.", _E_ROLLOUT_HASH),
    ("dup", "summary", "en", "Bucket rollouts by a hash of the user ID, not the session ID.", _E_ROLLOUT_HASH),
    # DMARC quarantine then reject
    ("dup", "number", "zh", "DMARC 先保持 p=quarantine，看 30 天的报告没问题再切 p=reject\n一上来就 reject 会把第三方代发的邮件全部拦掉。", _E_DMARC),
    ("dup", "reason", "zh", "直接上 p=reject 会拦掉第三方替我们发的邮件，所以 DMARC 先用 p=quarantine，报告观察一个月再改 reject。", _E_DMARC),
    ("dup", "crosslang", "mixed", "DMARC is at p=quarantine for now; switch to p=reject after a month of clean reports\nGoing straight to reject would block all mail third parties send on our behalf.", _E_DMARC),
    ("near", "added", "zh", "DMARC 策略现在是 p=quarantine，观察一个月报告没问题再改成 p=reject，改之前要先把 CRM 系统的 DKIM 签名配好\n直接 reject 会把第三方代发的邮件全挡掉。", _E_DMARC),
    ("near", "exception", "mixed", "DMARC stays at p=quarantine and moves to p=reject after a month of clean reports, except mail.example.com, which is already at p=reject.", _E_DMARC),
    ("rel", "area", "zh", "DMARC 的聚合报告发到 dmarc@example.com，用 parsedmarc 解析后进 Grafana。", _E_DMARC),
    ("unrel", "other", "mixed", "Cargo features must be additive; a feature that removes an API breaks downstream crates that turn it on.", _E_DMARC),
    # websocket frame limit
    ("dup", "number", "en", "Frames bigger than 65536 bytes are dropped by the websocket gateway, so large payloads go through an upload and only the object key is pushed.", _E_WS_FRAME),
    ("dup", "synonym", "en", "Our WS gateway discards any frame above 64 KB — upload big payloads separately and send just the object key over the socket.", _E_WS_FRAME),
    ("dup", "crosslang", "mixed", "websocket 网关会丢弃超过 64 KB 的帧，大数据先走上传，socket 上只推对象的 key。", _E_WS_FRAME),
    ("near", "dropped", "en", "The websocket gateway drops large frames; never send payloads over the socket, only object keys.", _E_WS_FRAME),
    ("near", "condition", "en", "The websocket gateway drops frames over 64 KB when permessage-deflate is off; with compression on, the limit applies to the compressed size.", _E_WS_FRAME),
    ("rel", "area", "mixed", "websocket 网关对每个连接限速每秒 50 条消息，超过会直接断开。", _E_WS_FRAME),
    ("unrel", "other", "en", "The user wants shell snippets in plain bash, not zsh-specific syntax.", _E_WS_FRAME),
    # websocket broadcast via pub/sub
    ("dup", "reason", "zh", "每个实例只掌握自己那部分连接，所以 websocket 服务多实例部署时广播要通过 Redis pub/sub，而不是靠进程内的全局连接表。", _E_WS_PUBSUB),
    ("dup", "synonym", "zh", "websocket 服务扩成多个实例后，广播消息统一经 Redis pub/sub 分发，别在内存里存全局的连接列表\n一个实例只看得到自己的连接。", _E_WS_PUBSUB),
    ("dup", "crosslang", "mixed", "With several websocket instances, broadcast through Redis pub/sub; don't keep a global connection list in process memory\nEach instance only knows its own connections.", _E_WS_PUBSUB),
    ("near", "subst", "zh", "websocket 服务多实例时，广播走 NATS，不要在进程内存里维护全局连接列表\n每个实例只知道自己的连接。", _E_WS_PUBSUB),
    ("near", "added", "mixed", "With several websocket instances, broadcast through Redis pub/sub and keep per-user presence in a Redis hash with a 60s TTL; don't keep a global connection list in process memory.", _E_WS_PUBSUB),
    ("rel", "area", "zh", "websocket 服务发版时先摘流量，再等 30 秒让连接自然断开，避免客户端同时重连。", _E_WS_PUBSUB),
    ("unrel", "other", "mixed", "pre-commit autoupdate runs monthly from a scheduled workflow; don't bump hook versions by hand.", _E_WS_PUBSUB),
    ("dup", "summary", "zh", "多实例的 websocket 广播用 Redis pub/sub，不用进程内的连接表。", _E_WS_PUBSUB),
    # .editorconfig
    ("dup", "format", "zh", ".editorconfig（仓库根目录）：\n- Go：tab\n- 其他：2 空格\n- 行尾：LF", _E_EDITORCONFIG),
    ("dup", "synonym", "zh", "根目录 .editorconfig 的约定：Go 源码用 tab 缩进，其余文件缩进两个空格，换行符一律 LF。", _E_EDITORCONFIG),
    ("dup", "crosslang", "mixed", "The root .editorconfig says tabs for Go files, two-space indent for everything else, and LF line endings throughout.", _E_EDITORCONFIG),
    ("near", "added", "zh", "仓库根目录的 .editorconfig 规定 Go 文件和 Makefile 用 tab，其他文件两个空格缩进，行尾统一 LF。", _E_EDITORCONFIG),
    ("near", "number", "zh", "仓库根目录的 .editorconfig 规定 Go 文件用 tab，其他文件四个空格缩进，行尾统一 LF。", _E_EDITORCONFIG),
    ("near", "dropped", "mixed", "The root .editorconfig sets two-space indent for every file, Go included, and LF line endings.", _E_EDITORCONFIG),
    ("rel", "area", "zh", "VS Code 的推荐插件列在 .vscode/extensions.json 里，打开仓库时会提示安装。", _E_EDITORCONFIG),
    ("unrel", "other", "zh", "内部 npm 包发到 GitHub Packages，.npmrc 里要给 @acme 配好 registry。", _E_EDITORCONFIG),
    # ruff format replaces black
    ("dup", "restructure", "en", "black is gone from pre-commit — Python code is formatted by ruff format at line-length 88; don't reintroduce black.", _E_RUFF_FORMAT),
    ("dup", "summary", "en", "Python formatter: ruff format, line-length 88 (black removed).", _E_RUFF_FORMAT),
    ("dup", "imperative", "en", "Never add black back to pre-commit; format Python with ruff format at line-length 88.", _E_RUFF_FORMAT),
    ("near", "number", "en", "Python formatting is ruff format with line-length 100; black was removed, so don't add it back to pre-commit.", _E_RUFF_FORMAT),
    ("near", "exception", "mixed", "Python 代码用 ruff format 格式化，行宽 88，black 已经去掉了，别再加回 pre-commit；legacy/ 目录除外，那里还用 black，换 ruff 改动太大。", _E_RUFF_FORMAT),
    ("near", "moved", "en", "Python formatting is ruff format with line-length 88; black was removed from pre-commit only, so CI still runs black --check.", _E_RUFF_FORMAT),
    ("rel", "area", "en", "ruff's isort rules (I) are on; don't run isort separately, or the two fight over import order.", _E_RUFF_FORMAT),
    ("unrel", "other", "mixed", "用户要求改代码前先跑一遍现有测试，确认基线是绿的。", _E_RUFF_FORMAT),
    # changesets own versions
    ("dup", "imperative", "zh", "禁止手动修改 package.json 的 version，npm 包版本由 changesets 管理，PR 里需要附带 .changeset 文件。", _E_CHANGESETS),
    ("dup", "restructure", "zh", "PR 要带上 .changeset 文件，因为 npm 包的版本是 changesets 维护的，package.json 的 version 不能手改。", _E_CHANGESETS),
    ("dup", "filler", "zh", "记住：npm 包的 version 不要手改，由 changesets 负责，PR 里加 .changeset 文件就行。", _E_CHANGESETS),
    ("near", "exception", "zh", "npm 包的版本号靠 changesets 管，PR 里要带 .changeset 文件，只改文档或测试的 PR 不用带；不要手改 package.json 里的 version。", _E_CHANGESETS),
    ("near", "added", "mixed", "npm package versions are managed by changesets: PRs carry a .changeset file and nobody edits version in package.json by hand; the changesets bot opens the release PR on main automatically.", _E_CHANGESETS),
    ("rel", "area", "mixed", "Prereleases are published under the next dist-tag, never latest, so a plain npm install doesn't pick them up.", _E_CHANGESETS),
    ("unrel", "other", "zh", "DNS 解析有问题先用 dig +trace 看，别一上来就怀疑应用。", _E_CHANGESETS),
    # cibuildwheel
    ("dup", "reason", "en", "Users without a C compiler can't install an sdist-only release, so wheels are built with cibuildwheel for manylinux, macOS and Windows.", _E_WHEELS),
    ("dup", "format", "en", "Release artefacts: `cibuildwheel` wheels for\n- manylinux\n- macOS\n- Windows\nNever sdist-only (installs fail without a compiler).", _E_WHEELS),
    ("dup", "crosslang", "mixed", "用 cibuildwheel 打 manylinux、macOS 和 Windows 的 wheel；只发 sdist 的话，没有编译器的用户装不上。", _E_WHEELS),
    ("near", "scope", "en", "Build wheels with cibuildwheel for manylinux, musllinux, macOS and Windows; an sdist-only release makes installs fail for users without a compiler.", _E_WHEELS),
    ("near", "condition", "mixed", "用 cibuildwheel 打 manylinux、macOS 和 Windows 的 wheel，只在打 tag 时跑全平台，普通 PR 只构建 Linux；只发 sdist 的话，没有编译器的用户装不上。", _E_WHEELS),
    ("rel", "area", "en", "The wheels' Python floor comes from requires-python in pyproject.toml; cibuildwheel skips older interpreters by itself.", _E_WHEELS),
    ("unrel", "other", "en", "Cookie consent state is kept in localStorage, not a cookie, so it doesn't add to the Cookie header.", _E_WHEELS),
    # GitHub OAuth scopes
    ("dup", "synonym", "mixed", "GitHub OAuth app 的 scope 只要 read:user 和 repo:status，每多一个 scope 用户就得重新 consent，转化会下降。", _E_GH_SCOPES),
    ("dup", "crosslang", "mixed", "The GitHub OAuth app requests only the read:user and repo:status scopes; every extra scope sends users through consent again and conversion drops.", _E_GH_SCOPES),
    ("dup", "summary", "mixed", "GitHub OAuth scope 只要 read:user + repo:status。", _E_GH_SCOPES),
    ("near", "added", "mixed", "GitHub OAuth app 只申请 read:user 和 repo:status 两个 scope，组织管理员还要单独批准这个 app 才能访问组织仓库；多要一个 scope 用户都要重新 consent。", _E_GH_SCOPES),
    ("near", "subst", "mixed", "GitHub OAuth app 只申请 read:user 和 public_repo 两个 scope，多要一个 scope 用户都要重新 consent，转化率会掉。", _E_GH_SCOPES),
    ("rel", "area", "mixed", "GitHub OAuth 的 access token 不会过期，用户在 GitHub 上撤销授权之后我们才会收到 401。", _E_GH_SCOPES),
    ("unrel", "other", "mixed", "CI 从 Docker Hub 拉镜像有 rate limit，统一走内部的 pull-through cache。", _E_GH_SCOPES),
    # log retention by lifecycle rules
    ("dup", "number", "en", "App logs: one month. Audit logs: 12 months. S3 lifecycle rules delete both — no cleanup job needed.", _E_LOG_RETENTION),
    ("dup", "restructure", "en", "S3 lifecycle rules delete application logs after 30 days and audit logs after a year, so there's no need for cleanup jobs.", _E_LOG_RETENTION),
    ("dup", "crosslang", "mixed", "应用日志保留 30 天，审计日志保留 1 年，都由 S3 生命周期规则自动删除，不用另写清理任务。", _E_LOG_RETENTION),
    ("near", "number", "en", "Application logs are kept 90 days and audit logs 1 year; S3 lifecycle rules delete both automatically, so don't write cleanup jobs.", _E_LOG_RETENTION),
    ("near", "exception", "en", "Application logs are kept 30 days and audit logs 1 year, except for EU tenants, whose application logs are kept 7 days; S3 lifecycle rules delete both automatically.", _E_LOG_RETENTION),
    ("rel", "area", "mixed", "日志里出现用户 IP 时要把最后一段截掉，按隐私政策 IP 属于个人数据。", _E_LOG_RETENTION),
    ("unrel", "other", "en", "Bazel test sharding is set per target with shard_count; don't shard tests that share a database.", _E_LOG_RETENTION),
    ("dup", "filler", "en", "Note: S3 lifecycle rules already delete app logs at 30 days and audit logs at 1 year — no cleanup jobs.", _E_LOG_RETENTION),
    # personal data export
    ("dup", "number", "zh", "个人数据导出申请由 privacy-export 任务处理，一个月内必须交付\n压缩包存在私有 bucket，下载链接一周内有效。", _E_DATA_EXPORT),
    ("dup", "restructure", "zh", "privacy-export 任务负责用户的个人数据导出：打包放进私有 bucket，给一个 7 天有效的下载链接，整个流程 30 天内完成。", _E_DATA_EXPORT),
    ("dup", "crosslang", "mixed", "Personal data export requests go through the privacy-export job and must be fulfilled within 30 days\nThe archive sits in a private bucket and the download link is valid for 7 days.", _E_DATA_EXPORT),
    ("near", "number", "zh", "用户申请导出个人数据时，走 privacy-export 任务，30 天内必须给出结果\n导出的压缩包放在私有 bucket，下载链接 24 小时有效。", _E_DATA_EXPORT),
    ("near", "added", "zh", "用户申请导出个人数据时，走 privacy-export 任务，30 天内必须给出结果，导出前要先让用户重新验证邮箱\n导出的压缩包放在私有 bucket，下载链接 7 天有效。", _E_DATA_EXPORT),
    ("rel", "area", "zh", "隐私政策更新时要提前 30 天发邮件通知所有活跃用户。", _E_DATA_EXPORT),
    ("unrel", "other", "mixed", "Gradle dependency locking is on; run ./gradlew dependencies --write-locks after changing a version.", _E_DATA_EXPORT),
    ("dup", "filler", "zh", "记住：个人数据导出走 privacy-export 任务，30 天内必须完成；压缩包放私有 bucket，下载链接有效期 7 天。", _E_DATA_EXPORT),
    # review turnaround
    ("dup", "synonym", "en", "Aim to review within a business day, and hand the PR to someone else if you can't instead of letting it sit.", _E_REVIEW_SLA),
    ("dup", "summary", "en", "Review turnaround: one working day, otherwise reassign.", _E_REVIEW_SLA),
    ("dup", "mixed-switch", "mixed", "review 要在一个工作日内完成，做不到就把 PR reassign 给别人，别让它干等着。", _E_REVIEW_SLA),
    ("near", "exception", "en", "Reviews are expected within one working day, except PRs over 1,000 lines, which get three days; if you can't, reassign the PR rather than leaving it waiting.", _E_REVIEW_SLA),
    ("near", "scope", "mixed", "所有 PR 包括 draft 都要在一个工作日内 review，做不到就 reassign 给别人。", _E_REVIEW_SLA),
    ("rel", "area", "en", "Approvals are dismissed automatically when new commits are pushed to the PR.", _E_REVIEW_SLA),
    ("unrel", "other", "en", "-Werror is on in the Kotlin library modules, so deprecation warnings fail the build there.", _E_REVIEW_SLA),
    # no automatic commits
    ("dup", "restructure", "zh", "先把 diff 给用户看，得到确认再提交；用户不要助手自己 commit。", _E_PREF_NOCOMMIT),
    ("dup", "crosslang", "mixed", "The user doesn't want the agent to commit on its own: show the diff first and commit only after they confirm.", _E_PREF_NOCOMMIT),
    ("dup", "summary", "zh", "不要自动 commit，先给 diff 等确认。", _E_PREF_NOCOMMIT),
    ("near", "exception", "zh", "用户不希望助手自动提交，改完代码先给 diff，确认后再 commit；只改格式的改动可以直接提交。", _E_PREF_NOCOMMIT),
    ("near", "added", "zh", "用户不希望助手自动提交，改完代码先给 diff，确认后再 commit，而且不要自己 push。", _E_PREF_NOCOMMIT),
    ("near", "condition", "mixed", "The user doesn't want automatic commits on main: show the diff and commit after they confirm; on scratch branches the agent may commit freely.", _E_PREF_NOCOMMIT),
    ("rel", "area", "zh", "用户希望提交信息里带上 issue 编号，格式是 (#123)。", _E_PREF_NOCOMMIT),
    ("unrel", "other", "mixed", "Route 53 health checks hit /healthz every 30s; three failures in a row fail over to the standby region.", _E_PREF_NOCOMMIT),
    # make test, not pytest
    ("dup", "reason", "en", "make test sets the test database URL, which is why the user always runs tests through it instead of calling pytest directly.", _E_PREF_MAKE_TEST),
    ("dup", "imperative", "en", "Run the tests with `make test`; don't call pytest directly, since only make sets the test database URL.", _E_PREF_MAKE_TEST),
    ("dup", "crosslang", "mixed", "用户跑测试用 make test，不直接调 pytest，因为 make 会设置测试数据库的 URL。", _E_PREF_MAKE_TEST),
    ("near", "added", "en", "The user runs tests with `make test`, not pytest directly, because make sets the test database URL and starts the Redis container.", _E_PREF_MAKE_TEST),
    ("near", "subst", "en", "The user runs tests with `just test`, not pytest directly, because the justfile sets the test database URL.", _E_PREF_MAKE_TEST),
    ("rel", "area", "mixed", "用户希望跑测试时加 -x，遇到第一个失败就停。", _E_PREF_MAKE_TEST),
    ("unrel", "other", "en", "Presigned S3 URLs for exports are valid for 15 minutes; generate a new one rather than extending it.", _E_PREF_MAKE_TEST),
]
