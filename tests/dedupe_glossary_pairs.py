"""Labelled pairs for the glossary and the cross-language rules (tests/test_dedupe_glossary.py).

Written from descriptions of how a developer restates a note in the other language (an English
summary of a Chinese entry and the reverse, a Chinese note carrying English names) and of the
near-misses that must stay new (a condition or exception added, a decision reversed, a
migration's direction swapped, an added fact after a comma). Not taken from any benchmark set.

Each row: (label, how, new, existing); ``dup`` must be refused, ``near`` must be written.
"""
from __future__ import annotations

CROSS: list[tuple[str, str, str, str]] = [
    ("dup", "zh-en", "Roll back the migration before restarting the service.", "重启服务之前先回滚迁移。"),
    ("dup", "en-zh", "回滚迁移后再重启服务。", "Roll back the migration, then restart the service."),
    ("dup", "zh-en", "Store money amounts as integers in cents, never as floats.", "金额用整数存（单位是分），不要用浮点。"),
    ("dup", "en-zh", "锁文件必须提交到仓库。", "The lockfile must be committed to the repo."),
    ("dup", "zh-en", "Commit the lock file to the repository.", "锁文件要提交到代码仓库。"),
    ("dup", "zh-en", "New features go behind a feature flag.", "新功能都要加功能开关。"),
    ("dup", "en-zh", "我们用自建的GitLab，不用GitHub。", "We use a self-hosted GitLab instead of GitHub."),
    ("dup", "zh-en", "Use named exports, not default exports.", "用命名导出，不要用默认导出。"),
    ("dup", "en-zh", "数据库连接串放在环境变量DATABASE_URL里。", "The database connection string lives in the DATABASE_URL env var."),
    ("dup", "zh-en", "Wrap the bulk insert in a transaction.", "批量插入要放在一个事务里。"),
    ("dup", "en-zh", "连接池大小设为20。", "Set the connection pool size to 20."),
    ("dup", "zh-en", "Breaking changes need a major version bump.", "破坏性变更要升主版本。"),
    ("dup", "en-zh", "代码注释用英文写。", "Write code comments in English."),
    ("dup", "zh-en", "Flaky tests get retried once on CI.", "CI上不稳定的测试会自动重试一次。"),
    ("dup", "en-zh", "日志保留三十天。", "Logs are retained for 30 days."),
    ("dup", "zh-en", "The staging deploy is triggered manually.", "预发环境的部署是手动触发的。"),
    ("dup", "en-zh", "接口返回的错误码要写进文档。", "Document the error codes the API returns."),
    ("dup", "zh-en", "Redis is only used as a cache, not for persistence.", "Redis只用来做缓存，不做持久化。"),
    ("dup", "en-zh", "用户喜欢简洁的回答。", "The user prefers concise answers."),
    ("dup", "zh-en", "Health checks hit /healthz every 10 seconds.", "健康检查每10秒请求一次/healthz。"),
    ("dup", "en-zh", "密钥每九十天轮换一次。", "Secrets are rotated every 90 days."),
    ("dup", "zh-en", "Run the linter before pushing.", "推送之前先跑代码检查。"),
    # near-misses across languages: must stay new
    ("near", "reversed", "Restart the service before rolling back the migration.", "回滚迁移之后再重启服务。"),
    ("near", "number", "连接池大小设为50。", "Set the connection pool size to 20."),
    ("near", "negation", "Default exports are fine here.", "不要用默认导出。"),
    ("near", "added", "锁文件必须提交到仓库，除了文档仓库。", "The lockfile must be committed to the repo."),
    ("near", "class", "我们用自建的Gitea。", "We use a self-hosted GitLab."),
    ("near", "direction", "从MySQL迁移到Postgres。", "We migrated from Postgres to MySQL."),
    ("near", "condition", "只有在发布分支上才跑端到端测试。", "Run the e2e tests on CI."),
    ("near", "number", "密钥每三十天轮换一次。", "Secrets are rotated every 90 days."),
    ("near", "reversed", "The release checklist is owned by us, not by the QA team.", "发布清单归QA团队管，不归我们。"),
    ("dup", "negation", "The QA team owns the release checklist, not us.", "发布清单归QA团队管，不归我们。"),
    # an added clause whose words the glossary cannot translate is still an added clause
    ("near", "added", "Run the linter before pushing, and squash trivial fixup commits.", "推送之前先跑代码检查。"),
    ("near", "added", "Logs are retained for 30 days, then moved to cold glacier archives.", "日志保留三十天。"),
    ("near", "added", "用pnpm装依赖，workspace协议的版本号一律写死。", "Install dependencies with pnpm."),
    ("near", "added", "The staging deploy is triggered manually by whoever is on call that week.", "预发环境的部署是手动触发的。"),
]

ZH: list[tuple[str, str, str, str]] = [
    ("dup", "synonym", "迁到新集群之前先备份数据库。", "数据库迁移到新集群前要先做备份。"),
    ("dup", "synonym", "报错信息不要暴露堆栈。", "错误信息里不能泄露调用栈。"),
    ("dup", "synonym", "功能开关统一放在配置中心。", "特性开关都放在配置中心里。"),
    ("dup", "synonym", "自托管的Runner跑集成测试。", "集成测试在自建的Runner上跑。"),
    # conditions, exceptions and changed decisions in Chinese: must stay new
    ("near", "condition", "只有CI通过了才能合并。", "合并到main分支。"),
    ("near", "condition", "仅在生产环境开启缓存。", "开启缓存。"),
    ("near", "exception", "除了文档改动之外都要跑测试。", "所有改动都要跑测试。"),
    ("near", "condition", "部署到生产时要先备份数据库。", "部署之前先备份数据库。"),
    ("near", "direction", "由Jenkins改为GitHub Actions。", "由GitHub Actions改为Jenkins。"),
    ("near", "direction", "CI从Jenkins换成GitLab CI。", "CI从GitLab CI换成Jenkins。"),
    ("near", "direction", "弃用yarn改用pnpm。", "弃用pnpm改用yarn。"),
    ("near", "direction", "把Jenkins改成GitHub Actions。", "把GitHub Actions改成Jenkins。"),
    ("near", "added", "日志保留三十天，之后归档到对象存储。", "日志保留三十天。"),
    ("near", "reversed", "保留旧的接口。", "删除旧的接口。"),
    ("near", "required", "签名是必须的。", "签名是可选的。"),
]

EN: list[tuple[str, str, str, str]] = [
    ("dup", "synonym", "Stick to pnpm for installs.", "Always use pnpm for installs."),
    ("dup", "synonym", "Open a merge request for every change.", "Every change needs a pull request."),
    ("dup", "synonym", "The config loader picks up .env files.", "The config loader reads .env files."),
    ("dup", "synonym", "The frontend talks to the API through a proxy in dev.",
     "In development the UI reaches the backend API via a proxy."),
    ("dup", "synonym", "金额字段一律用decimal，不要用float。", "Use decimal for money columns, never float."),
    ("dup", "synonym", "Speed up CI by caching the pip directory.", "Cache the pip dir to make CI faster."),
    ("dup", "synonym", "Squash commits before merging.", "Squash your commits prior to merge."),
    ("near", "required", "Signing commits is required.", "Signing commits is optional."),
    ("near", "reversed", "Keep the legacy endpoint.", "Remove the legacy endpoint."),
    ("near", "number", "Retry 3 times with a 5 second backoff.", "Retry 5 times with a 3 second backoff."),
    ("near", "added", "Cache product pages for 60 seconds, and purge the CDN on every deploy.",
     "Cache product pages for 60 seconds."),
]

# Near-misses that rest on the sturdier checks (conditions written after their clause in Chinese,
# 只有/仅在, a change of tool without 从, a number moved to another noun, a whole clause added).
STURDY: list[tuple[str, str, str, str]] = [
    ("near", "condition", "部署到生产时要先备份数据库。", "要先备份数据库。"),
    ("near", "condition", "数据量超过一百万行的情况下，迁移要分批做。", "迁移要分批做。"),
    ("near", "condition", "仅在CI上跑端到端测试。", "跑端到端测试。"),
    ("near", "condition", "只有主分支才会触发部署。", "推送会触发部署。"),
    ("near", "condition", "Only deploy on weekdays after the standup.", "Deploy after the standup."),
    ("near", "direction", "CI由Jenkins改为GitLab CI。", "CI由GitLab CI改为Jenkins。"),
    ("near", "direction", "构建工具webpack改成vite。", "构建工具vite改成webpack。"),
    ("near", "direction", "弃用MySQL，改用Postgres。", "弃用Postgres，改用MySQL。"),
    ("near", "number", "Use 4 workers and 8 threads.", "Use 8 workers and 4 threads."),
    ("near", "number", "API服务3个副本，worker 5个副本。", "API服务5个副本，worker 3个副本。"),
    ("near", "added", "Redis is the cache; it also stores user sessions.", "Redis is the cache."),
    ("near", "added", "缓存用Redis，另外会话也存在Redis里。", "缓存用Redis。"),
    ("near", "required", "签名是必须的。", "签名是可选的。"),
    ("near", "required", "Signing commits is required.", "Signing commits is optional."),
    ("near", "reversed", "Keep the legacy endpoint.", "Remove the legacy endpoint."),
    ("near", "reversed", "允许在周五发布。", "禁止在周五发布。"),
    # rewordings the sturdier checks must still let through
    ("dup", "condition", "部署到生产之前要先备份数据库。", "上线前先备份数据库。"),
    ("dup", "direction", "CI从Jenkins换成了GitLab CI。", "CI由Jenkins改为GitLab CI。"),
    ("dup", "number", "Use 4 workers and 8 threads.", "Run with 8 threads and 4 workers."),
    ("dup", "condition", "When deploying to prod, back up the database first.", "生产环境部署时先备份数据库。"),
    # a negation before a Chinese prepositional phrase (不要把…, 禁止对…, 不允许在…) reaches its verb
    ("dup", "negation", "数据库密码放在环境变量里，别写死在代码中。", "不要把数据库密码硬编码，放到环境变量里。"),
    ("dup", "negation", "线上环境禁止直接改数据库。", "不允许在生产环境手动修改数据库。"),
    ("dup", "negation", "Never force-push to main.", "禁止对main分支强推。"),
    ("near", "negation", "不要把密码写死在代码里。", "把密码写死在代码里。"),
    ("near", "negation", "禁止对main分支强推。", "可以对main分支强推。"),
    ("near", "negation", "不允许在生产环境手动修改数据库。", "可以在生产环境手动修改数据库。"),
    # a negated antonym says what its opposite says; a negated same word does not
    ("dup", "antonym", "The user dislikes long answers.", "The user prefers short answers."),
    ("dup", "antonym", "用户不喜欢太长的回答。", "用户偏好简短的回复。"),
    ("near", "antonym", "The user dislikes short answers.", "The user prefers short answers."),
    ("near", "antonym", "用户不喜欢长的回答。", "用户喜欢长的回答。"),
    # a named alternative the entry has no member of its class for narrows the fact
    ("near", "named", "Run the full test suite on Safari before tagging a release.",
     "Run the full test suite before tagging a release."),
    ("near", "named", "在Windows上构建前要开启git长路径。", "构建前要开启git长路径。"),
    ("near", "named", "Cache POST responses, not GET responses.", "供应商API的响应在Redis里缓存五分钟，因为接口慢。"),
    ("dup", "named", "Use Postgres for the orders service.", "The orders service uses Postgres."),
]

# Chinese notes carrying English names and identifiers against English entries (and the reverse).
MIXED: list[tuple[str, str, str, str]] = [
    ("dup", "mixed", "pnpm install要加--frozen-lockfile，CI里不许改lockfile。", "In CI, run pnpm install --frozen-lockfile so the lockfile never changes."),
    ("dup", "mixed", "Docker镜像统一推到私有registry：registry.internal:5000。", "Push all Docker images to the private registry at registry.internal:5000."),
    ("dup", "mixed", "本地开发用docker compose起Postgres和Redis。", "For local development, start Postgres and Redis with docker compose."),
    ("dup", "mixed", "Kafka消费者组的名字要带上环境前缀。", "Kafka consumer group names must be prefixed with the environment."),
    ("dup", "mixed", "Sentry只在生产环境开启。", "Sentry is enabled only in production."),
    ("dup", "mixed", "React组件统一用函数组件加hooks，不要写class组件。", "Write React components as function components with hooks, not class components."),
    ("dup", "mixed", "API返回的时间一律是ISO 8601格式的UTC时间。", "API timestamps are always ISO 8601 in UTC."),
    ("dup", "mixed", "用ruff做lint和格式化，不再用black。", "Ruff handles linting and formatting; black is no longer used."),
    ("dup", "mixed", "Terraform状态存在S3里，用DynamoDB加锁。", "Terraform state lives in S3 with a DynamoDB lock."),
    ("dup", "mixed", "每个PR至少要一个人approve才能合并。", "Every PR needs at least one approval before it can be merged."),
    ("dup", "mixed", "Go服务的日志用zap，输出JSON格式。", "Go services log with zap in JSON format."),
    ("dup", "mixed", "前端环境变量必须以VITE_开头才能暴露给浏览器。", "Frontend env vars must start with VITE_ to be exposed to the browser."),
    ("dup", "mixed", "The nightly build publishes artifacts to the internal registry.", "每晚的构建会把产物发布到内部的registry。"),
    ("dup", "mixed", "Use feature flags for risky changes and remove the flag after rollout.", "有风险的改动要加功能开关，全量之后再删掉开关。"),
    ("dup", "mixed", "Never log request bodies; they may contain PII.", "不要在日志里打印请求体，里面可能有个人信息。"),
    ("dup", "mixed", "Integration tests need Docker running.", "集成测试依赖本地的Docker。"),
    ("near", "mixed", "Sentry只在预发环境开启。", "Sentry is enabled only in production."),
    ("near", "mixed", "每个PR至少要两个人approve才能合并。", "Every PR needs at least one approval before it can be merged."),
    ("near", "mixed", "用black做格式化，不再用ruff。", "Ruff handles linting and formatting; black is no longer used."),
    ("near", "mixed", "Terraform状态存在GCS里，用DynamoDB加锁。", "Terraform state lives in S3 with a DynamoDB lock."),
    ("near", "mixed", "Go服务的日志用zap，输出纯文本格式。", "Go services log with zap in JSON format."),
    ("near", "mixed", "前端环境变量必须以NEXT_PUBLIC_开头才能暴露给浏览器。", "Frontend env vars must start with VITE_ to be exposed to the browser."),
    ("near", "mixed", "集成测试不依赖Docker。", "Integration tests need Docker running."),
    ("near", "mixed", "Log request bodies at debug level only.", "不要在日志里打印请求体，里面可能有个人信息。"),
    ("near", "mixed", "有风险的改动要加功能开关，全量之后保留开关一个月。", "Use feature flags for risky changes and remove the flag after rollout."),
]
