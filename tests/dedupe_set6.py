"""SET6: a sixth blind labelled set for the duplicate gate of `remember`.

How it was made: written blind, from descriptions of the task only, by someone who never saw the
gate's code, its tests, the other labelled sets, the benchmarks or any results.  The topics were
chosen away from the areas of the earlier sets: mobile builds, signing and push, data engineering
(Airflow, dbt, Spark, warehouses), ML training and inference, embedded firmware, observability and
on-call, security operations, documentation sites, accessibility, payments and billing, search
engines, game development, CLI tools, desktop (Electron) apps, networking/DNS/TLS, email delivery,
feature flags, analytics, localization, and the preferences of an individual developer.

Each topic is one existing memory entry with the new notes an agent might try to store next to it.
Labels:
  dup    the same memory reworded; `how` names the technique (synonym, restructure, summary,
         filler, number, format, crosslang, mixed-switch, reason, imperative).
  near   same words and topic, but the new note adds, narrows, widens or changes something;
         `how` names the change (added, condition, exception, scope, dropped, number, subst,
         negation, reversed, moved).
  rel    same area, another fact (`how` is "area").
  unrel  another area (`how` is "other").
lang is "en", "zh" or "mixed" (the pair crosses languages, or Chinese prose switches into English).
"""

from __future__ import annotations

_TOPICS: list[tuple[str, list[tuple[str, str, str, str]]]] = [
    # --- mobile: iOS / Android builds, signing, push -------------------------------------------
    (
        "iOS signing uses fastlane match with the certificates in the private repo `acme/ios-certs`; on CI always run `fastlane match appstore --readonly` so it never regenerates certs.",
        [
            ("dup", "synonym", "en", "iOS code signing is handled by fastlane match, certificates kept in the private repo `acme/ios-certs`; CI must invoke `fastlane match appstore --readonly` so certificates are never recreated."),
            ("dup", "crosslang", "mixed", "iOS 签名走 fastlane match，证书放在私有仓库 `acme/ios-certs`；CI 上一律用 `fastlane match appstore --readonly`，别让它重新生成证书。"),
            ("dup", "imperative", "en", "On CI, run `fastlane match appstore --readonly` for iOS signing (certs live in `acme/ios-certs`); never let match regenerate certificates."),
            ("near", "subst", "en", "iOS signing uses fastlane match with the certificates in the private repo `acme/ios-certs`; on CI always run `fastlane match adhoc --readonly` so it never regenerates certs."),
            ("near", "added", "mixed", "iOS 签名用 fastlane match，证书在私有仓库 `acme/ios-certs`，CI 上跑 `fastlane match appstore --readonly`。\nmatch 仓库的解密口令在 CI secret `MATCH_PASSWORD` 里，本地用的话找 Priya 要。"),
            ("rel", "area", "en", "Info.plist sets `ITSAppUsesNonExemptEncryption` to NO so TestFlight uploads skip the export-compliance question."),
        ],
    ),
    (
        "Android release builds are signed with the upload key from the 1Password vault 'Mobile Release'; Google Play App Signing holds the real app signing key, so a lost upload key can be reset via Play Console.",
        [
            ("dup", "summary", "en", "Android releases: sign with the upload key (1Password, 'Mobile Release'); Play App Signing keeps the app key, so a lost upload key is resettable in Play Console."),
            ("dup", "crosslang", "mixed", "Android release 包用 1Password「Mobile Release」保险库里的 upload key 签名；真正的 app signing key 由 Google Play App Signing 保管，upload key 丢了可以在 Play Console 申请重置。"),
            ("dup", "restructure", "en", "Google Play App Signing holds our real Android app signing key. What we sign release builds with is the upload key, kept in the 'Mobile Release' vault in 1Password; if it is ever lost, Play Console can reset it."),
            ("near", "negation", "en", "Android release builds are signed with the key from the 1Password vault 'Mobile Release'; we do not use Play App Signing, so losing this key means the app can never be updated again."),
            ("near", "added", "en", "Android release builds are signed with the upload key from the 1Password vault 'Mobile Release'; Play App Signing holds the app signing key. Resetting a lost upload key takes about 2 days and only the account owner can request it."),
            ("unrel", "other", "mixed", "Airflow 的 SLA miss 邮件已经关掉了，改成在 #data-alerts 里发 Slack 消息。"),
        ],
    ),
    (
        "Android 的 minSdk 是 24，用到 API 25 以上的接口必须加 `@RequiresApi` 并做版本判断，不然低版本机型会直接崩。",
        [
            ("dup", "synonym", "zh", "Android 最低支持版本 minSdkVersion 为 24；调用 API 25 及以上的接口时要标 `@RequiresApi` 并判断系统版本，否则老机型会闪退。"),
            ("dup", "crosslang", "mixed", "Android minSdk is 24: anything from API 25 up needs `@RequiresApi` plus a runtime version check, otherwise older devices crash."),
            ("dup", "filler", "zh", "备忘一下：Android 这边 minSdk = 24，凡是 API 25 以上的调用都要加 `@RequiresApi` 和版本判断，不然低版本机器会直接崩溃。"),
            ("dup", "imperative", "zh", "调用 API 25 以上的接口时要加 `@RequiresApi` 并判断版本，我们的 minSdk 是 24，不加的话低版本机型会崩。"),
            ("near", "number", "zh", "Android 的 minSdk 是 26，用到 API 27 以上的接口必须加 `@RequiresApi` 并做版本判断，不然低版本机型会直接崩。"),
            ("near", "exception", "zh", "Android 的 minSdk 是 24，用到 API 25 以上的接口必须加 `@RequiresApi` 并做版本判断；AndroidX 里已经做了兼容的 `*Compat` 类除外，可以直接调用。"),
            ("rel", "area", "zh", "Android 的 targetSdk 每年 8 月前要升到 Google Play 要求的版本，不然新版本提交不上去。"),
            ("unrel", "other", "zh", "周报每周五下午四点前发到 #eng-weekly，模板在 Notion 的「周报」页面。"),
        ],
    ),
    (
        "APNs uses token-based auth with the .p8 key (Key ID 7QX9K2LM4P, team ID in `ios/Config.xcconfig`); the key doesn't expire but we rotate it every 12 months.",
        [
            ("dup", "number", "en", "APNs authenticates with the .p8 token key (Key ID 7QX9K2LM4P; team ID in `ios/Config.xcconfig`). It never expires on its own, but we rotate it once a year."),
            ("dup", "crosslang", "mixed", "APNs 用 .p8 token 认证，Key ID 是 7QX9K2LM4P，team ID 写在 `ios/Config.xcconfig`；这个 key 本身不会过期，但我们每 12 个月轮换一次。"),
            ("dup", "format", "en", "APNs auth\n- method: token-based, `.p8` key\n- Key ID: `7QX9K2LM4P`\n- team ID: in `ios/Config.xcconfig`\n- expiry: none, but we rotate it every 12 months"),
            ("near", "number", "en", "APNs uses token-based auth with the .p8 key (Key ID 7QX9K2LM4P, team ID in `ios/Config.xcconfig`); the key doesn't expire but we rotate it every 6 months."),
            ("near", "condition", "en", "APNs uses token-based auth with the .p8 key (Key ID 7QX9K2LM4P, team ID in `ios/Config.xcconfig`); we rotate it every 12 months, or at once if someone who had access to the key leaves."),
            ("near", "reversed", "mixed", "APNs 已经从 .p8 token 认证换回了证书认证（.p12），不再用 Key ID 7QX9K2LM4P；证书每年会过期，要提前续。"),
            ("rel", "area", "en", "APNs rejects push payloads over 4 KB; keep custom data small and fetch the details after the user taps the notification."),
        ],
    ),
    (
        "FCM 的 data-only 消息在 App 被用户强制停止后收不到，重要通知一定要带 notification 字段。",
        [
            ("dup", "synonym", "zh", "用户强行停止 App 之后，FCM 纯数据消息就不会再送达；关键通知务必带上 notification 字段。"),
            ("dup", "imperative", "zh", "重要通知一定要带上 notification 字段，别只发 data-only 消息：App 被用户强制停止后，FCM 的纯数据消息是收不到的。"),
            ("dup", "reason", "zh", "重要推送必须带 notification 字段\n原因：App 被用户强制停止以后，FCM 的 data-only 消息是收不到的。"),
            ("near", "scope", "zh", "在小米和华为机型上，FCM 的 data-only 消息在 App 被强制停止后收不到，重要通知一定要带 notification 字段。"),
            ("near", "added", "zh", "FCM 的 data-only 消息在 App 被强制停止后收不到，重要通知要带 notification 字段；另外 priority 不是 high 的消息在 Doze 状态下会被延迟投递。"),
            ("rel", "area", "zh", "Android 13 及以上要在运行时申请 `POST_NOTIFICATIONS` 权限，没申请的话通知一条都不会显示。"),
            ("unrel", "other", "mixed", "Figma 里的设计稿以 `Ready for dev` 状态的页面为准，draft 页面别照着做。"),
        ],
    ),
    (
        "iOS 的 build number 直接用 CI 的 run number，版本号（CFBundleShortVersionString）每次发版手动改。",
        [
            ("dup", "restructure", "zh", "每次发版手动改的是版本号 CFBundleShortVersionString；build number 则直接取 CI 的 run number。"),
            ("dup", "crosslang", "mixed", "The iOS build number comes straight from the CI run number; the marketing version (CFBundleShortVersionString) is bumped by hand for each release."),
            ("dup", "mixed-switch", "mixed", "iOS 的 build number 就用 CI run number，marketing version 也就是 CFBundleShortVersionString 每次 release 手动 bump。"),
            ("near", "moved", "zh", "iOS 的版本号（CFBundleShortVersionString）直接用 CI 的 run number，build number 每次发版手动改。"),
            ("near", "scope", "zh", "iOS 和 Android 的 build number 都直接用 CI 的 run number，版本号每次发版手动改。"),
            ("rel", "area", "zh", "App Store 审核被拒时，回复要写在 Resolution Center 里，不要直接重新提交新 build。"),
        ],
    ),
    (
        "React Native 项目启用了 Hermes；改过原生依赖后必须执行 `cd ios && pod install`，否则 Xcode 编译会报找不到模块。",
        [
            ("dup", "crosslang", "mixed", "The RN app runs on Hermes; after changing native dependencies run `cd ios && pod install`, otherwise the Xcode build fails with missing modules."),
            ("dup", "mixed-switch", "mixed", "RN 项目用的是 Hermes，native deps 一改就得 `cd ios && pod install`，不然 Xcode build 会报 module not found。"),
            ("dup", "imperative", "zh", "改完原生依赖，先执行 `cd ios && pod install` 再用 Xcode 编译（项目启用了 Hermes），否则会报找不到模块。"),
            ("near", "condition", "zh", "React Native 项目启用了 Hermes；改过原生依赖后要执行 `cd ios && pod install`，在 Apple Silicon 机器上如果报 ffi 错误，要改用 `arch -x86_64 pod install`。"),
            ("near", "negation", "zh", "React Native 项目关掉了 Hermes，改回 JSC；改过原生依赖后必须执行 `cd ios && pod install`，否则 Xcode 编译会报找不到模块。"),
            ("unrel", "other", "mixed", "The billing service rounds tax per line item, not on the invoice total."),
        ],
    ),
    (
        "TestFlight external testers need Beta App Review (usually ~24h) for the first build of each version; internal testers (up to 100) get builds immediately.",
        [
            ("dup", "synonym", "en", "On TestFlight, the first build of every version has to pass Beta App Review before external testers can see it (typically around 24 hours); internal testers, max 100, get it right away."),
            ("dup", "crosslang", "mixed", "TestFlight 外部测试：每个版本的第一个 build 要过 Beta App Review，一般 24 小时左右；内部测试员（最多 100 人）马上就能拿到。"),
            ("dup", "number", "en", "TestFlight: external testing waits on Beta App Review for a version's first build (roughly a day); internal testers, a hundred at most, get builds instantly."),
            ("near", "dropped", "en", "TestFlight external testers need Beta App Review (usually ~24h) for every build; internal testers (up to 100) get builds immediately."),
            ("near", "number", "mixed", "TestFlight 外部测试员要等 Beta App Review（通常 48 小时）才能拿到每个版本的第一个 build；内部测试员最多 100 人，立即可用。"),
            ("unrel", "other", "en", "Docs site search is powered by Algolia DocSearch; the crawler reruns every Monday."),
        ],
    ),
    # --- data engineering ------------------------------------------------------------------------
    (
        "Airflow DAGs default to `catchup=False`; backfills are run by hand with `airflow dags backfill -s <start> -e <end> <dag_id>`, never by flipping catchup on.",
        [
            ("dup", "restructure", "en", "Never turn catchup on to backfill: our Airflow DAGs are `catchup=False` by default, and backfills are done manually with `airflow dags backfill -s <start> -e <end> <dag_id>`."),
            ("dup", "crosslang", "mixed", "Airflow 的 DAG 默认 `catchup=False`；补数一律手动跑 `airflow dags backfill -s <start> -e <end> <dag_id>`，不要靠把 catchup 打开来补。"),
            ("dup", "format", "en", "Airflow backfills\n- DAG default: `catchup=False`\n- to backfill: `airflow dags backfill -s <start> -e <end> <dag_id>`\n- never enable catchup for this"),
            ("near", "exception", "en", "Airflow DAGs default to `catchup=False`; backfills are run by hand with `airflow dags backfill`, except for the `billing_daily` DAG, which keeps `catchup=True` so missed days self-heal."),
            ("near", "reversed", "mixed", "Airflow 的 DAG 现在统一改成 `catchup=True`，漏跑的日期让 scheduler 自动补，不再手动跑 `airflow dags backfill`。"),
            ("rel", "area", "en", "Airflow task retries default to `retries=2` with a 5-minute `retry_delay`, set in `default_args` in `dags/common.py`."),
            ("unrel", "other", "mixed", "这个用户回答问题时喜欢先给结论，再给理由，不要铺垫。"),
        ],
    ),
    (
        "Airflow 里跑 Snowflake 重查询的 task 必须指定 `pool='warehouse_pool'`，这个 pool 只有 8 个 slot，用来防止把仓库打满。",
        [
            ("dup", "synonym", "zh", "Airflow 中凡是对 Snowflake 跑大查询的任务，都要设置 `pool='warehouse_pool'`（总共 8 个 slot），以免把数仓压垮。"),
            ("dup", "filler", "zh", "顺便记一下：Airflow 里 Snowflake 重查询的 task 都要指定 `pool='warehouse_pool'`，这个 pool 一共 8 个 slot，防止把数仓打满。"),
            ("dup", "summary", "zh", "Snowflake 重查询 task 一律进 `warehouse_pool`（8 个 slot）。"),
            ("near", "number", "zh", "Airflow 里跑 Snowflake 重查询的 task 必须指定 `pool='warehouse_pool'`，这个 pool 现在扩到了 16 个 slot。"),
            ("near", "scope", "mixed", "All Airflow tasks that touch Snowflake, not just the heavy queries, must set `pool='warehouse_pool'` (8 slots)."),
            ("rel", "area", "zh", "Airflow 里的 Snowflake 连接 ID 生产是 `snowflake_prod`，开发是 `snowflake_dev`，不要在 DAG 里硬编码账号密码。"),
        ],
    ),
    (
        "dbt incremental models must set `unique_key` and `on_schema_change='append_new_columns'`; without unique_key the merge just appends and duplicates rows.",
        [
            ("dup", "reason", "en", "Always set `unique_key` on dbt incremental models, together with `on_schema_change='append_new_columns'`.\nWithout the key the incremental run appends instead of merging, and we end up with duplicate rows."),
            ("dup", "crosslang", "mixed", "dbt 的 incremental 模型必须配 `unique_key` 和 `on_schema_change='append_new_columns'`；不设 unique_key 的话 merge 会退化成追加，产生重复行。"),
            ("dup", "imperative", "en", "Give every dbt incremental model a `unique_key` and `on_schema_change='append_new_columns'` — skip the key and the merge only appends, duplicating rows."),
            ("near", "subst", "en", "dbt incremental models must set `unique_key` and `on_schema_change='sync_all_columns'`; without unique_key the merge just appends and duplicates rows."),
            ("near", "exception", "mixed", "dbt incremental 模型要设 `unique_key` 和 `on_schema_change='append_new_columns'`；BigQuery 上的模型例外，用 `partition_by` + `insert_overwrite`，不需要 unique_key。"),
            ("unrel", "other", "en", "Electron main-process logs go to `~/Library/Logs/Acme/main.log` on macOS."),
        ],
    ),
    (
        "PR 里的 dbt CI 用 `dbt build --select state:modified+ --defer --state prod-artifacts/`，只跑改动的模型及其下游，没改的直接引用生产表。",
        [
            ("dup", "synonym", "zh", "dbt 的 PR 检查执行 `dbt build --select state:modified+ --defer --state prod-artifacts/`：只构建修改过的模型和它们的下游，其余模型直接指向生产环境的表。"),
            ("dup", "crosslang", "mixed", "dbt slim CI on PRs: `dbt build --select state:modified+ --defer --state prod-artifacts/` — builds only changed models plus their downstream and defers everything else to the prod tables."),
            ("dup", "mixed-switch", "mixed", "PR 上跑 dbt slim CI：`dbt build --select state:modified+ --defer --state prod-artifacts/`，只 build modified models 和 downstream，其他的 defer 到 prod。"),
            ("near", "scope", "zh", "PR 里的 dbt CI 用 `dbt build --select state:modified --defer --state prod-artifacts/`，只跑改动的模型本身，不跑下游，没改的直接引用生产表。"),
            ("near", "added", "zh", "PR 里的 dbt CI 用 `dbt build --select state:modified+ --defer --state prod-artifacts/`，另外要加 `--fail-fast`，一个模型失败就停，省计算费用。"),
            ("rel", "area", "mixed", "dbt 的 prod manifest 每天由 `dbt_prod_deploy` DAG 上传到 `prod-artifacts/`，PR CI 的 state comparison 全靠它。"),
        ],
    ),
    (
        "The nightly `orders_join` Spark job sets `spark.sql.shuffle.partitions=400`; the default 200 made executors spill to disk and the job ran past 3 hours.",
        [
            ("dup", "summary", "en", "`orders_join` (nightly Spark): `spark.sql.shuffle.partitions=400`, because 200 spilled."),
            ("dup", "crosslang", "mixed", "每晚的 `orders_join` Spark 任务把 `spark.sql.shuffle.partitions` 设成 400；默认的 200 会让 executor 溢写磁盘，任务跑超过 3 小时。"),
            ("dup", "number", "en", "The nightly Spark job `orders_join` runs with four hundred shuffle partitions (`spark.sql.shuffle.partitions`); at the default of two hundred, executors spilled to disk and it took over three hours."),
            ("near", "number", "en", "The nightly `orders_join` Spark job sets `spark.sql.shuffle.partitions=800`; even 400 made executors spill to disk and the job ran past 3 hours."),
            ("near", "scope", "mixed", "所有每晚跑的 Spark 任务都把 `spark.sql.shuffle.partitions` 设成 400，默认 200 会 spill 到磁盘。"),
            ("near", "condition", "en", "The nightly `orders_join` Spark job sets `spark.sql.shuffle.partitions=400` only at month end, when order volume triples; on other nights the default 200 is fine."),
            ("unrel", "other", "en", "In the Unity project, UI text uses TextMeshPro; the legacy `UnityEngine.UI.Text` component is banned."),
        ],
    ),
    (
        "Snowflake 的 ANALYTICS_WH 是 MEDIUM，auto-suspend 60 秒；要调大 size 先问 Dana，别自己改。",
        [
            ("dup", "restructure", "zh", "先问 Dana 再改：ANALYTICS_WH（Snowflake，MEDIUM 规格，auto-suspend 60 秒）不要自己调大。"),
            ("dup", "summary", "zh", "ANALYTICS_WH：MEDIUM、auto-suspend 60 秒，扩容先问 Dana。"),
            ("dup", "number", "zh", "Snowflake 的 ANALYTICS_WH：规格 MEDIUM，空闲一分钟自动挂起；扩容前先找 Dana，不要自己动。"),
            ("near", "subst", "zh", "Snowflake 的 ANALYTICS_WH 是 MEDIUM，auto-suspend 60 秒；要调大 size 先问 Marcus，别自己改。"),
            ("near", "exception", "mixed", "Snowflake ANALYTICS_WH 是 MEDIUM、auto-suspend 60 秒，resize 前先问 Dana；month-end close 那三天可以临时开到 LARGE，不用问。"),
            ("unrel", "other", "zh", "Electron 应用的崩溃报告走 Sentry，项目名是 `desktop-app`。"),
        ],
    ),
    (
        "BigQuery 的 `events` 表查询一定要带 `_PARTITIONDATE` 过滤，不然一次 full scan 要扫 12 TB，账单很吓人。",
        [
            ("dup", "crosslang", "mixed", "Always filter the BigQuery `events` table on `_PARTITIONDATE`; a full scan reads 12 TB and the bill is scary."),
            ("dup", "synonym", "mixed", "查 BigQuery 的 `events` 表必须加 `_PARTITIONDATE` 条件，否则就是全表扫描，一次 12 TB，费用非常高。"),
            ("dup", "reason", "mixed", "BigQuery `events` 表：WHERE 里一定要有 `_PARTITIONDATE`\n不加就是 full scan，一次要扫 12 TB，成本非常高。"),
            ("near", "added", "mixed", "BigQuery 的 `events` 表查询一定要带 `_PARTITIONDATE` 过滤；表上已经开了 `require_partition_filter`，不带的话查询会直接报错。"),
            ("near", "subst", "mixed", "BigQuery 的 `sessions` 表查询一定要带 `_PARTITIONDATE` 过滤，不然一次 full scan 要扫 12 TB。"),
            ("rel", "area", "mixed", "BigQuery 上跑 ad-hoc 查询之前先 dry run 看扫描量，超过 1 TB 的要在 #data 里说一声。"),
        ],
    ),
    (
        "Parquet output of the ingest job uses zstd compression and 128 MB row groups; Snappy files from before 2024-02 are still readable but slower to scan.",
        [
            ("dup", "synonym", "en", "The ingest job writes Parquet with zstd and a 128 MB row-group size; the older Snappy files (before Feb 2024) can still be read, just more slowly."),
            ("dup", "crosslang", "mixed", "ingest 任务输出的 Parquet 用 zstd 压缩、row group 128 MB；2024-02 之前的 Snappy 文件仍然能读，只是扫描更慢。"),
            ("dup", "format", "en", "Ingest job Parquet\n- compression: `zstd`\n- row group: 128 MB\n- legacy: Snappy files before 2024-02, readable but slower to scan"),
            ("near", "number", "en", "Parquet output of the ingest job uses zstd compression and 256 MB row groups; Snappy files from before 2024-02 are still readable but slower to scan."),
            ("near", "reversed", "mixed", "ingest 任务的 Parquet 输出改回 Snappy 压缩了，zstd 在下游 Presto 上解压太慢；row group 还是 128 MB。"),
            ("rel", "area", "en", "The ingest job partitions output by `event_date=YYYY-MM-DD`; never partition by hour, it produced millions of tiny files."),
        ],
    ),
    # --- ML training and inference ---------------------------------------------------------------
    (
        "Training runs must call `set_seed(1337)` from `train.py` at startup; we leave `torch.backends.cudnn.deterministic` off because it costs ~20% speed.",
        [
            ("dup", "synonym", "en", "Every training run seeds with `set_seed(1337)` (defined in `train.py`) when it starts; cuDNN deterministic mode stays disabled since it slows training by about 20%."),
            ("dup", "crosslang", "mixed", "训练启动时必须调用 `train.py` 里的 `set_seed(1337)`；`torch.backends.cudnn.deterministic` 不开，因为会慢 20% 左右。"),
            ("dup", "reason", "en", "Keep `torch.backends.cudnn.deterministic` off in training, but always call `set_seed(1337)` from `train.py` at startup.\nDeterministic cuDNN costs roughly 20% throughput, which we decided isn't worth it."),
            ("near", "negation", "en", "Training runs must call `set_seed(1337)` from `train.py` at startup and turn `torch.backends.cudnn.deterministic` on, even though it costs ~20% speed."),
            ("near", "exception", "mixed", "训练启动时调用 `set_seed(1337)`，cudnn deterministic 不开；但跑论文复现实验时必须打开，慢 20% 也认。"),
            ("unrel", "other", "en", "Customer support macros live in Zendesk under the 'Billing' category."),
        ],
    ),
    (
        "checkpoint 每 2000 step 存一次，路径是 `/mnt/ckpt/<run_id>/step_<n>`，只保留最近 3 个，旧的自动删除。",
        [
            ("dup", "number", "zh", "每两千步保存一个 checkpoint 到 `/mnt/ckpt/<run_id>/step_<n>`，最多留三个，更早的会被自动清掉。"),
            ("dup", "crosslang", "mixed", "Checkpoints are written every 2000 steps to `/mnt/ckpt/<run_id>/step_<n>`; only the latest 3 are kept and older ones are deleted automatically."),
            ("dup", "format", "zh", "checkpoint 规则：\n- 频率：每 2000 step\n- 路径：`/mnt/ckpt/<run_id>/step_<n>`\n- 保留：最近 3 个，旧的自动删"),
            ("dup", "restructure", "zh", "旧 checkpoint 会自动删除，只保留最近 3 个；保存间隔是 2000 step，路径为 `/mnt/ckpt/<run_id>/step_<n>`。"),
            ("near", "number", "zh", "checkpoint 每 5000 step 存一次，路径是 `/mnt/ckpt/<run_id>/step_<n>`，只保留最近 3 个，旧的自动删除。"),
            ("near", "exception", "zh", "checkpoint 每 2000 step 存一次，路径是 `/mnt/ckpt/<run_id>/step_<n>`，只保留最近 3 个；验证集 loss 最好的那个放在 `best/`，永远不删。"),
            ("rel", "area", "mixed", "Resume 训练时用 `--resume /mnt/ckpt/<run_id>/latest`，optimizer state 和 LR scheduler 会一起恢复。"),
            ("unrel", "other", "zh", "文档站的 404 页面要带站内搜索框，不能只放一个回首页的链接。"),
        ],
    ),
    (
        "On `gpu-02` (8x A100) use only `CUDA_VISIBLE_DEVICES=4,5,6,7`; GPUs 0-3 are reserved for Lena's long-running jobs.",
        [
            ("dup", "restructure", "en", "GPUs 0-3 on `gpu-02` belong to Lena's long-running jobs, so our runs on that 8x A100 box set `CUDA_VISIBLE_DEVICES=4,5,6,7`."),
            ("dup", "crosslang", "mixed", "`gpu-02`（8 张 A100）上只能用 `CUDA_VISIBLE_DEVICES=4,5,6,7`，0–3 号卡留给 Lena 的长任务。"),
            ("dup", "imperative", "en", "Set `CUDA_VISIBLE_DEVICES=4,5,6,7` on `gpu-02` and leave GPUs 0-3 alone — Lena's long jobs run there."),
            ("near", "moved", "en", "On `gpu-02` (8x A100) use only `CUDA_VISIBLE_DEVICES=0,1,2,3`; GPUs 4-7 are reserved for Lena's long-running jobs."),
            ("near", "condition", "mixed", "`gpu-02` 上平时只用 4–7 号卡，0–3 留给 Lena；周末她的任务停了之后，8 张卡都可以用。"),
            ("near", "subst", "en", "On `gpu-03` (8x A100) use only `CUDA_VISIBLE_DEVICES=4,5,6,7`; GPUs 0-3 are reserved for Lena's long-running jobs."),
            ("unrel", "other", "mixed", "DNS 记录在 Cloudflare 里改，别去域名注册商那边动 nameserver。"),
        ],
    ),
    (
        "vLLM 推理服务启动参数固定用 `--max-model-len 8192 --gpu-memory-utilization 0.85`，调到 0.95 会在长 prompt 时 OOM。",
        [
            ("dup", "synonym", "zh", "vLLM 推理服务的启动参数定为 `--max-model-len 8192` 和 `--gpu-memory-utilization 0.85`；设成 0.95 的话，遇到长 prompt 会爆显存。"),
            ("dup", "crosslang", "mixed", "Start the vLLM server with `--max-model-len 8192 --gpu-memory-utilization 0.85`; at 0.95 it OOMs on long prompts."),
            ("dup", "mixed-switch", "mixed", "vLLM serving 的 flags 固定 `--max-model-len 8192 --gpu-memory-utilization 0.85`，bump 到 0.95 的话 long prompt 会 OOM。"),
            ("near", "number", "zh", "vLLM 推理服务启动参数固定用 `--max-model-len 16384 --gpu-memory-utilization 0.85`，调到 0.95 会在长 prompt 时 OOM。"),
            ("near", "added", "zh", "vLLM 推理服务启动参数用 `--max-model-len 8192 --gpu-memory-utilization 0.85`，另外要加 `--enable-prefix-caching`，系统 prompt 都一样，能省不少首 token 延迟。"),
            ("rel", "area", "zh", "推理服务的健康检查走 `/health`，模型没加载完之前返回 503，负载均衡会自动把它摘掉。"),
        ],
    ),
    (
        "The `eval_v3` split is held out: never use it for hyperparameter tuning or early stopping; tune on `dev_v3` only.",
        [
            ("dup", "synonym", "en", "Treat `eval_v3` as held-out data — no hyperparameter search and no early stopping on it; all tuning happens on `dev_v3`."),
            ("dup", "crosslang", "mixed", "`eval_v3` 是 held-out 集，调超参和 early stopping 都不能用它，调参只用 `dev_v3`。"),
            ("dup", "summary", "en", "Tune (incl. early stopping) on `dev_v3` only; `eval_v3` is held out."),
            ("near", "dropped", "en", "The `eval_v3` split is held out: never use it for hyperparameter tuning; tune on `dev_v3` only."),
            ("near", "subst", "mixed", "`eval_v4` 是 held-out 集，调超参和 early stopping 都不能用它，只在 `dev_v4` 上调。"),
            ("near", "added", "en", "The `eval_v3` split is held out: never use it for hyperparameter tuning or early stopping; tune on `dev_v3` only, and report eval numbers at most once per paper draft."),
            ("unrel", "other", "en", "Our Elasticsearch cluster runs 7.17; the 8.x client needs compatibility headers to talk to it."),
        ],
    ),
    (
        "A100 上训练用 bf16，T4 推理节点不支持 bf16，只能用 fp16，导出模型时要注意。",
        [
            ("dup", "restructure", "zh", "T4 推理节点没有 bf16 支持，所以只能跑 fp16；A100 训练这边用的是 bf16，导出模型时别忘了这一点。"),
            ("dup", "format", "zh", "精度约定：\n- A100 训练：bf16\n- T4 推理节点：不支持 bf16，只能 fp16\n- 导出模型时要注意这一点"),
            ("dup", "filler", "zh", "提醒：A100 训练用 bf16；T4 推理节点不支持 bf16，只能 fp16，导出模型的时候要留意。"),
            ("near", "subst", "zh", "A100 上训练用 bf16，V100 推理节点不支持 bf16，只能用 fp16，导出模型时要注意。"),
            ("near", "reversed", "mixed", "T4 推理节点已经全部换成 L4 了，支持 bf16，导出模型不用再转 fp16，直接用训练时的 bf16 权重。"),
            ("unrel", "other", "mixed", "Postmark 的 bounce webhook 地址是 `/hooks/postmark/bounce`，要校验 basic auth。"),
        ],
    ),
    (
        "For Llama models set `tokenizer.pad_token = tokenizer.eos_token` and use left padding (`padding_side='left'`) for batched generation; right padding breaks the outputs.",
        [
            ("dup", "reason", "en", "Batched generation with Llama needs `padding_side='left'` and `pad_token` set to the EOS token.\nWith right padding the model continues after pad tokens and the outputs come out broken."),
            ("dup", "crosslang", "mixed", "Llama 模型要设 `tokenizer.pad_token = tokenizer.eos_token`，batch 生成时用左 padding（`padding_side='left'`），右 padding 会把输出搞坏。"),
            ("dup", "format", "en", "Llama batched generation:\n```\ntokenizer.pad_token = tokenizer.eos_token\ntokenizer.padding_side = 'left'\n```\nRight padding breaks the outputs."),
            ("near", "scope", "en", "For all decoder-only models set `tokenizer.pad_token = tokenizer.eos_token` and use left padding for batched generation; right padding breaks the outputs."),
            ("near", "added", "en", "For Llama models set `pad_token` to EOS and use left padding for batched generation; for training with loss masking keep right padding, which is what our collator expects."),
            ("rel", "area", "en", "Llama 3 chat prompts must go through `tokenizer.apply_chat_template`; hand-built prompt strings miss the `<|eot_id|>` tokens."),
            ("unrel", "other", "mixed", "营销邮件里的链接都要带 UTM 参数 `utm_source=email`。"),
        ],
    ),
    (
        "W&B 日志记到 entity `search-team` 的 project `ranker-exp`；集群节点没外网，用 `WANDB_MODE=offline`，跑完再 `wandb sync`。",
        [
            ("dup", "synonym", "zh", "实验日志写到 W&B 的 `search-team/ranker-exp`；计算节点无法访问外网，所以设置 `WANDB_MODE=offline`，训练结束后执行 `wandb sync` 上传。"),
            ("dup", "crosslang", "mixed", "Log W&B runs to entity `search-team`, project `ranker-exp`; cluster nodes have no internet, so use `WANDB_MODE=offline` and run `wandb sync` afterwards."),
            ("dup", "imperative", "zh", "在集群上跑实验要设 `WANDB_MODE=offline`，结束后执行 `wandb sync`，日志归到 `search-team` / `ranker-exp`（节点没外网）。"),
            ("near", "subst", "zh", "W&B 日志记到 entity `search-team` 的 project `ranker-prod`；集群节点没外网，用 `WANDB_MODE=offline`，跑完再 `wandb sync`。"),
            ("near", "scope", "mixed", "W&B 记到 `search-team/ranker-exp`；只有 `gpu-0*` 那几台没外网，需要 offline 加 `wandb sync`，其他 node 直接 online 就行。"),
            ("unrel", "other", "zh", "支付失败的 webhook 要在 5 秒内返回 200，耗时的处理放到后台任务里。"),
        ],
    ),
    # --- embedded / firmware ---------------------------------------------------------------------
    (
        "Flash the STM32F4 board with `openocd -f board/stm32f4discovery.cfg`; the ST-Link v2 probe needs firmware V2J37 or newer or flashing fails halfway.",
        [
            ("dup", "synonym", "en", "To program the STM32F4 board use `openocd -f board/stm32f4discovery.cfg`; an ST-Link v2 probe running firmware older than V2J37 aborts partway through the flash."),
            ("dup", "crosslang", "mixed", "STM32F4 板子用 `openocd -f board/stm32f4discovery.cfg` 烧录；ST-Link v2 的固件要 V2J37 及以上，不然烧到一半会失败。"),
            ("dup", "summary", "en", "STM32F4 flashing: `openocd -f board/stm32f4discovery.cfg`, ST-Link v2 firmware >= V2J37."),
            ("near", "number", "en", "Flash the STM32F4 board with `openocd -f board/stm32f4discovery.cfg`; the ST-Link v2 probe needs firmware V2J40 or newer or flashing fails halfway."),
            ("near", "subst", "mixed", "STM32F4 板子改用 `probe-rs download --chip STM32F407VGTx` 烧录，不再用 openocd；ST-Link v2 的固件仍然要 V2J37 以上。"),
            ("rel", "area", "en", "The STM32F4 board's SWD header is J3; pin 1 is the square pad next to the reset button."),
            ("unrel", "other", "en", "When answering, this user wants the command first and the explanation after it."),
        ],
    ),
    (
        "传感器板的看门狗超时是 2 秒，擦除 flash 这类长操作中间必须喂狗，不然会被复位。",
        [
            ("dup", "synonym", "zh", "传感器主板上的看门狗 2 秒溢出；做 flash 擦除这种耗时操作时要记得中途喂狗，否则芯片会重启。"),
            ("dup", "crosslang", "mixed", "The sensor board watchdog times out after 2 s; long operations such as a flash erase must kick the watchdog midway or the board resets."),
            ("dup", "mixed-switch", "mixed", "sensor board 的 watchdog timeout 是 2 秒，flash erase 这种长操作中间要 kick 一下 watchdog，不然会 reset。"),
            ("dup", "reason", "zh", "擦除 flash 这类长操作中间要喂狗\n传感器板的看门狗超时只有 2 秒，不喂就会直接复位。"),
            ("near", "number", "zh", "传感器板的看门狗超时是 500 毫秒，擦除 flash 这类长操作中间必须喂狗，不然会被复位。"),
            ("near", "exception", "zh", "传感器板的看门狗超时是 2 秒，长操作中间必须喂狗；bootloader 里没开看门狗，在 bootloader 阶段擦 flash 不用管。"),
            ("rel", "area", "zh", "传感器板的 I2C 总线上挂了温湿度和气压两个传感器，地址分别是 0x44 和 0x76。"),
            ("unrel", "other", "zh", "用户让写 SQL 时默认用 PostgreSQL 语法，不要用 MySQL 的反引号。"),
        ],
    ),
    (
        "The debug console is on UART2 at 115200 8N1, showing up as `/dev/ttyUSB0`; open it with `picocom -b 115200 /dev/ttyUSB0`.",
        [
            ("dup", "format", "en", "Debug console\n- port: UART2, appears as `/dev/ttyUSB0`\n- settings: 115200 8N1\n- open: `picocom -b 115200 /dev/ttyUSB0`"),
            ("dup", "crosslang", "mixed", "调试串口是 UART2，115200 8N1，在电脑上是 `/dev/ttyUSB0`，用 `picocom -b 115200 /dev/ttyUSB0` 打开。"),
            ("dup", "restructure", "en", "Use `picocom -b 115200 /dev/ttyUSB0` for the debug console: it's UART2, 115200 baud 8N1, enumerating as `/dev/ttyUSB0`."),
            ("near", "number", "en", "The debug console is on UART2 at 921600 8N1, showing up as `/dev/ttyUSB0`; open it with `picocom -b 921600 /dev/ttyUSB0`."),
            ("near", "condition", "mixed", "调试串口是 UART2、115200 8N1；如果同时插着 ST-Link，它会变成 `/dev/ttyUSB1`，要用 `picocom -b 115200 /dev/ttyUSB1`。"),
            ("unrel", "other", "en", "Stripe test-mode keys start with `sk_test_`; never paste live keys into the chat."),
        ],
    ),
    (
        "OTA 用 A/B 分区，新镜像启动后要在 3 次启动内调用 `ota_confirm()`，否则 bootloader 自动回滚到旧分区。",
        [
            ("dup", "synonym", "zh", "固件 OTA 采用 A/B 双分区：新镜像必须在 3 次启动之内执行 `ota_confirm()`，不然 bootloader 会自动切回旧分区。"),
            ("dup", "crosslang", "mixed", "OTA uses A/B partitions: a new image must call `ota_confirm()` within 3 boots, otherwise the bootloader rolls back to the old slot."),
            ("dup", "reason", "zh", "新固件启动后要尽快调用 `ota_confirm()`\nOTA 是 A/B 分区，3 次启动内没确认的话 bootloader 会自动回滚到旧分区。"),
            ("near", "number", "zh", "OTA 用 A/B 分区，新镜像第一次启动就必须调用 `ota_confirm()`，否则下次启动 bootloader 自动回滚到旧分区。"),
            ("near", "added", "mixed", "OTA 用 A/B 分区，新镜像 3 次 boot 内要调 `ota_confirm()`，否则回滚；另外 confirm 之前要先跑完 self-test，传感器自检不过就不 confirm。"),
            ("rel", "area", "zh", "OTA 镜像要用 `keys/ota_signing.pem` 签名，bootloader 会校验签名，没签名的镜像直接拒绝。"),
        ],
    ),
    (
        "Firmware rule: no dynamic allocation after init — `malloc` is forbidden in ISRs and in the main loop; allocate everything in `app_init()`.",
        [
            ("dup", "synonym", "en", "In the firmware, heap allocation is allowed only during initialisation: no `malloc` inside interrupt handlers or the main loop, everything gets allocated in `app_init()`."),
            ("dup", "crosslang", "mixed", "固件规则：初始化之后不准动态分配内存，中断里和主循环里都禁止 `malloc`，所有内存都在 `app_init()` 里分配好。"),
            ("dup", "imperative", "en", "Allocate all memory in `app_init()`; never call `malloc` from an ISR or the main loop."),
            ("near", "scope", "en", "Firmware rule: no dynamic allocation at all — `malloc` is forbidden everywhere, including `app_init()`; use static buffers."),
            ("near", "exception", "mixed", "固件里初始化之后禁止 `malloc`；例外是 TLS 握手，mbedTLS 需要 heap，我们给它单独配了一个 16 KB 的内存池。"),
            ("unrel", "other", "en", "Crowdin syncs translations back to the repo as a pull request every night at 02:00 UTC."),
        ],
    ),
    # --- observability / on-call -----------------------------------------------------------------
    (
        "PagerDuty pages only when the SLO burn rate exceeds 14.4 over 1 hour; all other alerts go to Slack #alerts-low and wait for business hours.",
        [
            ("dup", "synonym", "en", "We only page through PagerDuty on a 1-hour SLO burn rate above 14.4; everything else is posted to #alerts-low in Slack and handled during working hours."),
            ("dup", "crosslang", "mixed", "只有 1 小时窗口的 SLO burn rate 超过 14.4 才会触发 PagerDuty；其余告警都发到 Slack 的 #alerts-low，等上班时间再处理。"),
            ("dup", "format", "en", "Alert routing\n- page (PagerDuty): SLO burn rate > 14.4 over 1h\n- everything else: Slack `#alerts-low`, handled in business hours"),
            ("near", "added", "en", "PagerDuty pages when the 1-hour SLO burn rate exceeds 14.4 or the 6-hour burn rate exceeds 6; all other alerts go to Slack #alerts-low."),
            ("near", "condition", "en", "PagerDuty pages only when the SLO burn rate exceeds 14.4 over 1 hour on a tier-1 service; tier-2 services never page and all their alerts go to Slack #alerts-low."),
            ("near", "number", "mixed", "PagerDuty 只在 SLO burn rate 超过 14.4（5 分钟窗口）时 page；其他告警都进 #alerts-low，上班再看。"),
            ("rel", "area", "en", "Every paging alert must link a runbook in its `runbook_url` annotation; alerts without one are rejected in review."),
            ("unrel", "other", "mixed", "Unity 项目里 ScriptableObject 配置一改，就要同步更新 `Assets/Config/README.md`。"),
        ],
    ),
    (
        "Prometheus 本地只保留 15 天数据，更早的去 Thanos 查，Grafana 里数据源选 `thanos-query`。",
        [
            ("dup", "synonym", "zh", "Prometheus 自己只存 15 天的指标，超过 15 天的历史数据要通过 Thanos 查询，Grafana 的数据源切到 `thanos-query`。"),
            ("dup", "imperative", "zh", "查 15 天以前的指标请到 Thanos：在 Grafana 里把数据源切到 `thanos-query`，Prometheus 本地只留 15 天。"),
            ("dup", "number", "zh", "Prometheus 本地只存半个月的数据，再早的到 Thanos 查（Grafana 选 `thanos-query` 数据源）。"),
            ("near", "number", "zh", "Prometheus 本地只保留 7 天数据，更早的去 Thanos 查，Grafana 里数据源选 `thanos-query`。"),
            ("near", "added", "mixed", "Prometheus 本地留 15 天，更早的走 Thanos（Grafana 选 `thanos-query`）；Thanos 里超过 90 天的数据会 downsample 成 1h 分辨率。"),
            ("unrel", "other", "zh", "Android 的正式包要先在 Play Console 发到内部测试轨道，验证没问题再推生产。"),
        ],
    ),
    (
        "On-call handoff is Monday 10:00 local time; the outgoing engineer posts a handoff note in #oncall listing open incidents and silenced alerts.",
        [
            ("dup", "restructure", "en", "At the Monday 10:00 (local) on-call handoff, the outgoing engineer writes a note in #oncall covering open incidents and silenced alerts."),
            ("dup", "crosslang", "mixed", "On-call 每周一上午 10 点（本地时间）交接，下班的人在 #oncall 发交接说明，列出未关闭的事故和被静音的告警。"),
            ("dup", "number", "en", "On-call rotates Mondays at 10 a.m. local; whoever is handing off posts a note in #oncall with the open incidents and silenced alerts."),
            ("near", "subst", "en", "On-call handoff is Monday 10:00 local time; the outgoing engineer posts a handoff note in #sre-handoff listing open incidents and silenced alerts."),
            ("near", "moved", "mixed", "On-call 每周一上午 10 点交接，由接班的人在 #oncall 发交接说明，列出未关闭的事故和被静音的告警。"),
            ("rel", "area", "en", "On-call engineers get a day off in lieu after any week with more than 3 night-time pages."),
            ("unrel", "other", "en", "Release notes for the desktop app go in `CHANGELOG.md` under an `Unreleased` heading."),
        ],
    ),
    (
        "生产环境日志级别是 INFO；要开 DEBUG 只能通过 `LOG_LEVEL` 对单个实例临时打开，最多 1 小时，用完要关。",
        [
            ("dup", "synonym", "zh", "线上默认是 INFO 级别日志；需要 DEBUG 时只能用 `LOG_LEVEL` 针对单个实例短时开启，不超过 1 小时，结束后关回去。"),
            ("dup", "crosslang", "mixed", "Prod log level is INFO; DEBUG may only be enabled via `LOG_LEVEL` on a single instance, temporarily, for at most 1 hour, and then switched back off."),
            ("dup", "summary", "zh", "生产日志 INFO；DEBUG 只能单实例、用 `LOG_LEVEL` 开、不超过 1 小时。"),
            ("dup", "format", "zh", "生产日志级别：\n- 默认 INFO\n- DEBUG：只能用 `LOG_LEVEL` 对单个实例临时打开\n- 最长 1 小时，用完关掉"),
            ("near", "scope", "zh", "生产环境日志级别是 INFO；要开 DEBUG 可以通过 `LOG_LEVEL` 对整个服务临时打开，最多 1 小时，用完要关。"),
            ("near", "number", "mixed", "生产环境日志 INFO，开 DEBUG 用 `LOG_LEVEL`，只能单实例、最多 15 min，用完关掉。"),
            ("rel", "area", "zh", "日志里不能打印完整的手机号和身份证号，统一用 `mask_pii()` 处理后再输出。"),
            ("unrel", "other", "mixed", "The CLI's `--json` output has a `schema_version` field; bump it on breaking changes."),
        ],
    ),
    (
        "Grafana dashboards are provisioned from JSON in `observability/dashboards/`; edits made in the Grafana UI are overwritten on the next sync, so change the JSON.",
        [
            ("dup", "imperative", "en", "Edit Grafana dashboards in `observability/dashboards/*.json`, not in the UI — the provisioner overwrites UI changes on each sync."),
            ("dup", "crosslang", "mixed", "Grafana 看板是从 `observability/dashboards/` 里的 JSON 自动 provision 的，UI 上改的东西下次同步会被覆盖，要改就改 JSON。"),
            ("dup", "filler", "en", "Heads up: our Grafana dashboards come from the JSON files in `observability/dashboards/`, and anything changed in the Grafana UI gets overwritten at the next sync, so edit the JSON instead."),
            ("near", "exception", "en", "Grafana dashboards are provisioned from JSON in `observability/dashboards/`; UI edits are overwritten on the next sync, except dashboards in the `Scratch` folder, which are never synced."),
            ("near", "reversed", "mixed", "Grafana 看板不再从 `observability/dashboards/` 的 JSON provision 了，直接在 UI 上改，Grafana 自己的数据库就是 source of truth。"),
            ("unrel", "other", "en", "The iOS enterprise distribution certificate expires every March; a calendar reminder is set for the mobile team."),
        ],
    ),
    (
        "OpenTelemetry 链路追踪在 SDK 端按 10% 头部采样；出错的请求由 collector 的 tail sampling 全部保留。",
        [
            ("dup", "mixed-switch", "mixed", "Tracing 的 sampling：SDK 侧 head-based 10%，带 error 的 trace 在 collector 用 tail sampling 全部 keep。"),
            ("dup", "crosslang", "mixed", "OpenTelemetry traces: 10% head-based sampling in the SDK; the collector's tail sampling keeps every trace with an error."),
            ("dup", "restructure", "zh", "所有出错请求的 trace 都会由 collector 的 tail sampling 保留下来；其余请求则在 SDK 端按 10% 做头部采样。"),
            ("near", "number", "zh", "OpenTelemetry 链路追踪在 SDK 端按 1% 头部采样；出错的请求由 collector 的 tail sampling 全部保留。"),
            ("near", "added", "zh", "OpenTelemetry 在 SDK 端按 10% 头部采样；出错的请求和耗时超过 2 秒的慢请求都由 collector 的 tail sampling 全部保留。"),
            ("rel", "area", "mixed", "Trace 和日志通过 `trace_id` 关联，logger 会自动把当前 span 的 trace_id 写进每条 log。"),
        ],
    ),
    (
        "Sentry 里 `ResizeObserver loop limit exceeded` 这个错误直接 ignore，是浏览器的噪音，不代表真 bug。",
        [
            ("dup", "crosslang", "mixed", "Ignore `ResizeObserver loop limit exceeded` in Sentry — it's browser noise, not a real bug."),
            ("dup", "synonym", "mixed", "Sentry 上的 `ResizeObserver loop limit exceeded` 可以忽略，属于浏览器噪声，并非真正的缺陷。"),
            ("dup", "reason", "mixed", "Sentry 里看到 `ResizeObserver loop limit exceeded` 不用处理\n它是浏览器层面的噪音，不对应我们代码里的任何真实 bug。"),
            ("near", "added", "mixed", "Sentry 里 `ResizeObserver loop limit exceeded` 直接 ignore；`Non-Error promise rejection captured` 也一样处理，都是噪音。"),
            ("near", "condition", "mixed", "Sentry 里的 `ResizeObserver loop limit exceeded` 只有在 Safari 上才 ignore，Chrome 上出现要查，可能是我们的布局死循环。"),
            ("unrel", "other", "mixed", "OpenSearch 的 snapshot 每天凌晨 3 点打到 repository `os-snapshots`。"),
        ],
    ),
    # --- security operations ---------------------------------------------------------------------
    (
        "Okta is our IdP; new internal apps must integrate via OIDC, not SAML, and get assigned to the `eng-all` group by default.",
        [
            ("dup", "synonym", "en", "Our identity provider is Okta: any new internal application connects over OIDC (no SAML) and is assigned to the `eng-all` group by default."),
            ("dup", "crosslang", "mixed", "我们的 IdP 是 Okta；新的内部应用一律接 OIDC，不用 SAML，默认分配给 `eng-all` 组。"),
            ("dup", "summary", "en", "New internal apps: Okta via OIDC (not SAML), default group `eng-all`."),
            ("near", "reversed", "en", "Okta is our IdP; new internal apps must integrate via SAML, not OIDC, and get assigned to the `eng-all` group by default."),
            ("near", "exception", "mixed", "IdP 是 Okta，新内部应用走 OIDC 不走 SAML，默认分给 `eng-all`；只有 vendor 只支持 SAML 的 SaaS（比如 Workday）才允许用 SAML。"),
            ("rel", "area", "en", "Okta sessions for admin apps expire after 2 hours and require a fresh MFA push."),
            ("unrel", "other", "en", "Amplitude user properties are set once at sign-up; don't overwrite `signup_source` later."),
        ],
    ),
    (
        "Stripe 的 secret key 每 90 天轮换一次，上次轮换是 2024-03-12，新 key 写进 Vault 的 `secret/payments/stripe`。",
        [
            ("dup", "number", "zh", "Stripe 密钥每三个月（90 天）换一次，上一次是 2024 年 3 月 12 日；新 key 存到 Vault 的 `secret/payments/stripe`。"),
            ("dup", "restructure", "zh", "新的 Stripe secret key 写进 Vault 的 `secret/payments/stripe`；这个 key 每 90 天轮换一次，最近一次是 2024-03-12。"),
            ("dup", "format", "zh", "Stripe secret key 轮换\n- 周期：90 天\n- 上次：2024-03-12\n- 存放：Vault `secret/payments/stripe`"),
            ("near", "number", "zh", "Stripe 的 secret key 每 180 天轮换一次，上次轮换是 2024-03-12，新 key 写进 Vault 的 `secret/payments/stripe`。"),
            ("near", "added", "zh", "Stripe 的 secret key 每 90 天轮换一次，上次是 2024-03-12，新 key 写进 Vault 的 `secret/payments/stripe`；旧 key 保留 24 小时再吊销，等所有实例都拿到新 key。"),
            ("unrel", "other", "zh", "Unity 场景文件的合并冲突用 UnityYAMLMerge 处理，不要手改 YAML。"),
        ],
    ),
    (
        "SSH to production only through `bastion.internal` using short-lived certificates from Vault (`vault ssh`), TTL 8 hours; static keys in authorized_keys get removed.",
        [
            ("dup", "synonym", "en", "Production SSH access goes exclusively via `bastion.internal` with short-lived Vault-signed certificates (`vault ssh`, 8h TTL); any static key found in authorized_keys is deleted."),
            ("dup", "crosslang", "mixed", "登录生产只能经过 `bastion.internal`，用 Vault 签发的短期证书（`vault ssh`，有效期 8 小时）；authorized_keys 里的静态公钥会被清掉。"),
            ("dup", "restructure", "en", "Static keys in authorized_keys on production hosts get removed; the only way in is through `bastion.internal` with an 8-hour Vault SSH certificate (`vault ssh`)."),
            ("near", "number", "en", "SSH to production only through `bastion.internal` using short-lived certificates from Vault (`vault ssh`), TTL 1 hour; static keys in authorized_keys get removed."),
            ("near", "scope", "mixed", "staging 和 production 都只能经过 `bastion.internal` SSH，用 Vault 签发的短期证书（TTL 8 小时），静态 key 一律删除。"),
            ("rel", "area", "en", "Break-glass root credentials for production are in the sealed envelope in the office safe; using them opens a SEV-2 automatically."),
            ("unrel", "other", "mixed", "Crowdin 上的译文要有人 approve 之后才会同步回 repo。"),
        ],
    ),
    (
        "发版镜像用 Trivy 扫描，只有 CRITICAL 漏洞会阻断发布；HIGH 级别记到 Jira 的 SEC 项目里，30 天内修。",
        [
            ("dup", "synonym", "zh", "发布用的镜像要经过 Trivy 扫描：CRITICAL 直接拦住发布，HIGH 不拦，但要在 Jira 的 SEC 项目建单，30 天内修复。"),
            ("dup", "crosslang", "mixed", "Release images are scanned with Trivy; only CRITICAL findings block the release, HIGH ones go into the Jira SEC project and must be fixed within 30 days."),
            ("dup", "mixed-switch", "mixed", "Release image 过 Trivy scan，只有 CRITICAL 会 block release；HIGH 开 Jira ticket（SEC project），30 天内 fix。"),
            ("dup", "summary", "zh", "Trivy：CRITICAL 阻断发布；HIGH 进 Jira SEC 项目，30 天内修。"),
            ("near", "moved", "zh", "发版镜像用 Trivy 扫描，CRITICAL 和 HIGH 漏洞都会阻断发布；MEDIUM 级别记到 Jira 的 SEC 项目里，30 天内修。"),
            ("near", "exception", "zh", "发版镜像用 Trivy 扫描，只有 CRITICAL 漏洞会阻断发布；如果这个 CRITICAL 登记在 `.trivyignore` 里并且有安全组签字，可以放行。"),
            ("unrel", "other", "zh", "安卓每次发版都要把 R8 的 mapping 文件上传到 Crashlytics，不然崩溃堆栈没法还原。"),
        ],
    ),
    (
        "Never commit secrets in `.env`; app secrets are encrypted with `sops` using the team age key and live in `secrets/*.enc.yaml`.",
        [
            ("dup", "imperative", "en", "Keep secrets out of `.env` in git — encrypt them with `sops` and the team age key into `secrets/*.enc.yaml`."),
            ("dup", "crosslang", "mixed", "密钥绝不能提交到 `.env`；应用的 secret 用 `sops` 加团队的 age key 加密，放在 `secrets/*.enc.yaml`。"),
            ("dup", "filler", "en", "Important reminder: secrets never get committed in a `.env` file. They are encrypted with `sops` using the team age key and stored in `secrets/*.enc.yaml`."),
            ("near", "subst", "en", "Never commit secrets in `.env`; app secrets are encrypted with `sops` using the AWS KMS key `alias/app-secrets` and live in `secrets/*.enc.yaml`."),
            ("near", "added", "mixed", "`.env` 里不能提交 secret，用 `sops` 加 age key 加密放 `secrets/*.enc.yaml`；pre-commit 里有 gitleaks，带明文 key 的 commit 会被拦下。"),
            ("unrel", "other", "en", "Dashboards for the search cluster show p99 query latency per index, not per node."),
        ],
    ),
    (
        "管理员操作的审计日志保留 400 天，这是 SOC 2 审计的要求，不能提前删除。",
        [
            ("dup", "reason", "zh", "管理员操作的审计日志不能提前删，要留满 400 天\n原因是 SOC 2 审计要求覆盖这么长的周期。"),
            ("dup", "crosslang", "mixed", "Audit logs of admin actions are kept for 400 days as SOC 2 requires; don't delete them early."),
            ("dup", "synonym", "zh", "后台管理员的操作审计记录须留存 400 天，这是 SOC 2 审计规定的，不许提前清理。"),
            ("dup", "filler", "zh", "记一下：管理员操作的审计日志要留 400 天，这是 SOC 2 的要求，不能提前删。"),
            ("near", "scope", "zh", "所有用户操作的审计日志都保留 400 天，这是 SOC 2 审计的要求，不能提前删除。"),
            ("near", "number", "mixed", "admin 操作的 audit log 保留 2 年，SOC 2 要求的，不能提前删。"),
            ("rel", "area", "zh", "审计日志写入后不可修改，存在单独的追加写表 `audit_events` 里，应用账号只有 INSERT 权限。"),
        ],
    ),
    (
        "Password hashing uses argon2id with 64 MiB memory, 3 iterations and parallelism 4; rehash on login when a stored hash uses older parameters.",
        [
            ("dup", "format", "en", "Password hashing\n- algorithm: argon2id\n- memory: 64 MiB\n- iterations: 3\n- parallelism: 4\n- on login: rehash any hash made with older parameters"),
            ("dup", "crosslang", "mixed", "密码哈希用 argon2id，内存 64 MiB、迭代 3 次、并行度 4；用户登录时如果存的哈希是旧参数生成的，就重新哈希。"),
            ("dup", "synonym", "en", "Passwords are hashed with argon2id (m=64 MiB, t=3, p=4); when a user signs in and their stored hash was made with outdated parameters, re-hash it."),
            ("near", "number", "en", "Password hashing uses argon2id with 19 MiB memory, 2 iterations and parallelism 1; rehash on login when a stored hash uses older parameters."),
            ("near", "condition", "en", "Password hashing uses argon2id with 64 MiB memory, 3 iterations and parallelism 4; rehash on login only for accounts active in the last year, older ones get a forced password reset."),
            ("near", "subst", "mixed", "密码哈希改用 bcrypt（cost 12）；登录时如果存的是旧参数的哈希就 rehash。"),
            ("unrel", "other", "en", "The Android app's deep links use the `acme://` scheme plus verified App Links on `acme.app`."),
        ],
    ),
    # --- documentation sites ---------------------------------------------------------------------
    (
        "文档站用 MkDocs Material，本地预览跑 `mkdocs serve -a 0.0.0.0:8001`，8000 端口被 API 服务占了。",
        [
            ("dup", "synonym", "zh", "文档站点基于 MkDocs Material；本地预览请用 `mkdocs serve -a 0.0.0.0:8001`，因为 8000 已经被 API 服务占用。"),
            ("dup", "reason", "zh", "文档本地预览用 8001 端口：`mkdocs serve -a 0.0.0.0:8001`\n文档站是 MkDocs Material，默认的 8000 端口已经被 API 服务占用了。"),
            ("dup", "imperative", "zh", "本地预览文档执行 `mkdocs serve -a 0.0.0.0:8001`（MkDocs Material，8000 给 API 服务用了）。"),
            ("near", "number", "zh", "文档站用 MkDocs Material，本地预览跑 `mkdocs serve -a 0.0.0.0:8080`，8000 端口被 API 服务占了。"),
            ("near", "added", "zh", "文档站用 MkDocs Material，本地预览跑 `mkdocs serve -a 0.0.0.0:8001`；提交前还要跑 `mkdocs build --strict`，有坏链接会直接失败。"),
            ("unrel", "other", "mixed", "OpenSearch 的 dev 集群每周日晚上会被重建，别在上面存重要数据。"),
        ],
    ),
    (
        "Docusaurus versioned docs: cut a new version with `npm run docusaurus docs:version 2.3` only at release time; between releases edit `docs/` (the 'next' version).",
        [
            ("dup", "restructure", "en", "Between releases, edit `docs/` (shown as 'next'); only at release time do we snapshot it with `npm run docusaurus docs:version 2.3`."),
            ("dup", "crosslang", "mixed", "Docusaurus 版本化文档：只在发版时用 `npm run docusaurus docs:version 2.3` 切新版本，平时改 `docs/`（也就是 next 版本）。"),
            ("dup", "summary", "en", "Docusaurus: run `docs:version` only at release; otherwise edit `docs/` ('next')."),
            ("near", "exception", "en", "Docusaurus versioned docs: cut a new version only at release time; between releases edit `docs/`, except security notices, which are also back-ported into `versioned_docs/version-2.2/`."),
            ("near", "reversed", "mixed", "Docusaurus 文档不再做版本化了，`versioned_docs/` 已删除，所有改动直接改 `docs/`，发版时也不用再跑 `docs:version`。"),
            ("rel", "area", "en", "The docs site deploys to Netlify on every merge to main; pull requests get a deploy-preview link from the Netlify bot."),
        ],
    ),
    (
        "Docs style: sentence-case headings, second person ('you'), and never use 'simply', 'just' or 'easy' in instructions.",
        [
            ("dup", "synonym", "en", "House style for the docs: headings in sentence case, address the reader as 'you', and avoid 'simply', 'just' and 'easy' in instructions."),
            ("dup", "crosslang", "mixed", "文档风格：标题用 sentence case，用第二人称 you，操作说明里禁止出现 simply、just、easy 这几个词。"),
            ("dup", "format", "en", "Docs style rules\n- headings: sentence case\n- voice: second person ('you')\n- banned in instructions: 'simply', 'just', 'easy'"),
            ("near", "subst", "en", "Docs style: title-case headings, second person ('you'), and never use 'simply', 'just' or 'easy' in instructions."),
            ("near", "dropped", "en", "Docs style: sentence-case headings, second person ('you'), and never use 'simply', 'just' or 'easy' anywhere in the docs."),
            ("near", "added", "en", "Docs style: sentence-case headings, second person, no 'simply', 'just' or 'easy'; Vale enforces these rules in CI with the `Acme` style package."),
            ("unrel", "other", "mixed", "Snowflake 的 query tag 要带上 DAG id，方便按任务查费用。"),
        ],
    ),
    # --- accessibility ---------------------------------------------------------------------------
    (
        "所有只有图标的按钮都必须加 `aria-label`，eslint 的 `jsx-a11y` 规则会检查，不要用 eslint-disable 绕过。",
        [
            ("dup", "synonym", "zh", "纯图标按钮一律要写 `aria-label`；`jsx-a11y` 的 lint 规则会拦，不许用 eslint-disable 跳过。"),
            ("dup", "crosslang", "mixed", "Every icon-only button needs an `aria-label`; the eslint `jsx-a11y` rules enforce it, so don't bypass them with eslint-disable."),
            ("dup", "mixed-switch", "mixed", "icon-only button 一定要有 `aria-label`，`jsx-a11y` 会 check，别用 eslint-disable 绕过去。"),
            ("near", "condition", "zh", "只有图标的按钮如果旁边没有可见文字，就必须加 `aria-label`；带 tooltip 文字且已用 `aria-describedby` 关联的可以不加。"),
            ("near", "subst", "zh", "所有只有图标的按钮都必须加 `aria-labelledby` 指向隐藏文本，eslint 的 `jsx-a11y` 规则会检查，不要用 eslint-disable 绕过。"),
            ("rel", "area", "zh", "装饰性图片的 alt 写成空字符串，不要写「图片」「icon」这种没意义的描述。"),
        ],
    ),
    (
        "Body text needs at least 4.5:1 contrast; brand teal #2BB3A3 on white fails, so use the darker #1F8276 for text and links.",
        [
            ("dup", "reason", "en", "Use #1F8276 instead of brand teal #2BB3A3 for text and links on white.\n#2BB3A3 doesn't reach the 4.5:1 contrast minimum for body text."),
            ("dup", "crosslang", "mixed", "正文文字对比度至少 4.5:1；品牌青色 #2BB3A3 放在白底上不达标，文字和链接改用更深的 #1F8276。"),
            ("dup", "imperative", "en", "Don't set text or links in brand teal #2BB3A3 on white — it fails 4.5:1; use #1F8276."),
            ("near", "number", "en", "Body text needs at least 7:1 contrast; brand teal #2BB3A3 on white fails, so use the darker #1F8276 for text and links."),
            ("near", "exception", "mixed", "正文对比度至少 4.5:1，#2BB3A3 在白底不达标，改用 #1F8276；不过 24px 以上的大标题只要 3:1，可以继续用 #2BB3A3。"),
            ("unrel", "other", "en", "The billing team's Stripe account is in EUR; US customers are charged in USD through a separate account."),
        ],
    ),
    (
        "弹窗（Modal）打开时要把焦点锁在弹窗内，关闭后焦点要回到触发它的按钮上。",
        [
            ("dup", "synonym", "zh", "Modal 弹出期间焦点不能跑出弹窗，关掉以后要把焦点还给打开它的那个按钮。"),
            ("dup", "crosslang", "mixed", "Modals must trap focus while open and return focus to the button that opened them when closed."),
            ("dup", "restructure", "zh", "关闭弹窗时焦点要回到触发按钮；弹窗打开期间，焦点要被限制在弹窗内部。"),
            ("dup", "imperative", "zh", "实现弹窗时把焦点锁在弹窗里，关闭后把焦点还给触发它的按钮。"),
            ("near", "added", "zh", "弹窗打开时要把焦点锁在弹窗内，按 Esc 要能关闭，关闭后焦点要回到触发它的按钮上。"),
            ("near", "scope", "mixed", "Modal、drawer、popover 都要 trap focus，关闭后焦点回到 trigger 按钮。"),
            ("unrel", "other", "zh", "Spark 作业一律用 `spark-submit --deploy-mode cluster` 提交，别在跳板机上用 client 模式跑。"),
        ],
    ),
    # --- payments / billing ----------------------------------------------------------------------
    (
        "Stripe webhooks: verify the signature with `STRIPE_WEBHOOK_SECRET` before parsing, and make every handler idempotent by storing `event.id` in `processed_events`.",
        [
            ("dup", "restructure", "en", "Every Stripe webhook handler must be idempotent — record `event.id` in `processed_events` — and the signature is checked against `STRIPE_WEBHOOK_SECRET` before the body is parsed."),
            ("dup", "crosslang", "mixed", "Stripe webhook：先用 `STRIPE_WEBHOOK_SECRET` 验签再解析；每个 handler 都要幂等，把 `event.id` 记到 `processed_events` 表里。"),
            ("dup", "format", "en", "Stripe webhooks\n1. verify the signature with `STRIPE_WEBHOOK_SECRET` before parsing\n2. skip if `event.id` is already in `processed_events`\n3. otherwise handle it and record `event.id`"),
            ("near", "added", "en", "Stripe webhooks: verify the signature with `STRIPE_WEBHOOK_SECRET`, make handlers idempotent via `processed_events`, and return 200 within 5 seconds — queue anything slow."),
            ("near", "subst", "mixed", "Stripe webhook 先用 `STRIPE_WEBHOOK_SECRET` 验签；幂等靠把 `idempotency_key` 存进 `processed_events`。"),
            ("rel", "area", "en", "Stripe test clocks simulate subscription renewals in staging; never advance a clock that another test is using."),
            ("unrel", "other", "mixed", "Godot 导出 Android 包要在 export preset 里填 keystore 路径和密码。"),
        ],
    ),
    (
        "金额一律用最小货币单位的整数存（分），不要用浮点；注意日元没有小数位，1 日元就是 1。",
        [
            ("dup", "synonym", "zh", "价格都按最小货币单位存成整数（比如分），禁止用 float；日元没有辅币单位，金额 1 就表示 1 日元。"),
            ("dup", "filler", "zh", "提醒一下：金额都以最小货币单位（分）的整数存储，不用浮点数；日元没有小数位，1 日元就存 1。"),
            ("dup", "summary", "zh", "金额：整数、最小货币单位，禁 float（JPY 无小数位）。"),
            ("near", "exception", "zh", "金额一律用最小货币单位的整数存（分），不要用浮点；汇率字段除外，汇率用 `NUMERIC(18,8)` 存。"),
            ("near", "added", "mixed", "金额用 minor unit 整数存，不用 float；JPY 没有小数位，另外 KWD、BHD 是 3 位小数，1 KWD 存成 1000。"),
            ("rel", "area", "mixed", "Currency 显示统一用 `Intl.NumberFormat`，不要手动拼货币符号和千分位。"),
            ("unrel", "other", "zh", "OpenSearch 的索引模板改完以后，要新建索引才会生效，老索引不受影响。"),
        ],
    ),
    (
        "Dunning: failed subscription payments are retried 4 times over 3 weeks (Stripe Smart Retries), then the subscription is canceled and the customer emailed.",
        [
            ("dup", "number", "en", "Failed subscription charges get four retries spread across 21 days through Stripe Smart Retries; after that the subscription is canceled and we email the customer."),
            ("dup", "crosslang", "mixed", "催缴规则：订阅扣款失败后用 Stripe Smart Retries 在 3 周内重试 4 次，仍然失败就取消订阅并给客户发邮件。"),
            ("dup", "synonym", "en", "Dunning flow: a failed subscription payment is retried 4 times within 3 weeks (Smart Retries in Stripe); then we cancel the subscription and notify the customer by email."),
            ("near", "subst", "en", "Dunning: failed subscription payments are retried 4 times over 3 weeks, then the subscription is marked unpaid (not canceled) and the customer emailed."),
            ("near", "exception", "mixed", "订阅扣款失败 3 周内重试 4 次，然后取消订阅并发邮件——只适用于月付；年付客户扣款失败先由 CSM 人工联系。"),
            ("rel", "area", "en", "Customers on annual plans get a renewal reminder email 30 days before the charge, as some US states require."),
            ("unrel", "other", "en", "OpenOCD needs the udev rules from `contrib/60-openocd.rules`, or it can't open the ST-Link without sudo."),
        ],
    ),
    (
        "超过 500 美元的退款需要财务的 Marco 审批，500 以下客服可以直接在后台退。",
        [
            ("dup", "restructure", "zh", "客服可以直接在后台处理 500 美元以下的退款；超过 500 美元的要找财务 Marco 审批。"),
            ("dup", "crosslang", "mixed", "Refunds over $500 need approval from Marco in finance; support can refund anything below $500 directly in the admin panel."),
            ("dup", "mixed-switch", "mixed", "Refund 超过 $500 要 finance 的 Marco approve，500 以下 support 在 admin 后台直接退。"),
            ("dup", "number", "zh", "退款金额超过五百美元要财务的 Marco 审批，五百美元以下客服在后台直接退。"),
            ("near", "number", "zh", "超过 1000 美元的退款需要财务的 Marco 审批，1000 以下客服可以直接在后台退。"),
            ("near", "subst", "zh", "超过 500 美元的退款需要财务的 Aisha 审批，500 以下客服可以直接在后台退。"),
            ("near", "added", "zh", "超过 500 美元的退款需要财务的 Marco 审批，500 以下客服可以直接退；同一客户 30 天内累计退款超过 500 美元也要审批。"),
            ("unrel", "other", "zh", "GPU 机器上的 conda 环境统一放在 `/opt/envs`，不要装到 home 目录。"),
        ],
    ),
    (
        "Stripe Tax 只对 EU 和 UK 开了，US 的 sales tax 还是会计每季度手动算，别在 US 订单上打开 automatic_tax。",
        [
            ("dup", "crosslang", "mixed", "Stripe Tax is enabled for the EU and UK only; US sales tax is still calculated by hand by the accountant every quarter, so don't turn on `automatic_tax` for US orders."),
            ("dup", "synonym", "mixed", "Stripe Tax 目前只覆盖欧盟和英国；美国的 sales tax 仍由会计按季度手工计算，US 订单不要开 automatic_tax。"),
            ("dup", "imperative", "mixed", "US 订单别开 `automatic_tax`——Stripe Tax 只给 EU、UK 开了，美国的 sales tax 由会计每季度手算。"),
            ("near", "scope", "mixed", "Stripe Tax 只对 EU 开了，UK 和 US 的税都是会计每季度手动算，别在这些订单上打开 automatic_tax。"),
            ("near", "reversed", "mixed", "Stripe Tax 现在 US 也开了，sales tax 不用会计手算了，所有订单都打开 `automatic_tax`。"),
            ("rel", "area", "mixed", "Invoice 上的 VAT number 要客户自己在 billing portal 里填，我们不代改。"),
        ],
    ),
    # --- search engines --------------------------------------------------------------------------
    (
        "The Elasticsearch alias `products` points at `products_v7`; to change mappings, reindex into a new `products_v8` and swap the alias atomically, never update mappings in place.",
        [
            ("dup", "restructure", "en", "Never change mappings on the live index: create `products_v8`, reindex into it, then atomically move the `products` alias, which currently points at `products_v7`."),
            ("dup", "crosslang", "mixed", "ES 的别名 `products` 指向 `products_v7`；改 mapping 要 reindex 到新索引 `products_v8`，再原子切换别名，不要原地改 mapping。"),
            ("dup", "summary", "en", "ES mapping change = reindex `products_v7` into `products_v8` + atomic swap of the `products` alias; no in-place edits."),
            ("near", "added", "en", "The Elasticsearch alias `products` points at `products_v7`; to change mappings, reindex into `products_v8` and swap the alias atomically, and keep `products_v7` for 7 days after the swap for rollback."),
            ("near", "number", "mixed", "ES 别名 `products` 现在指向 `products_v9` 了；改 mapping 还是 reindex 到新索引 `products_v10` 再原子切别名。"),
            ("rel", "area", "en", "Product search uses `multi_match` with `best_fields` over `title^3` and `description`; the boosts were tuned in March."),
            ("unrel", "other", "en", "The firmware version string is injected from `git describe` at build time."),
        ],
    ),
    (
        "OpenSearch 大批量导入前把索引的 `refresh_interval` 设成 `30s`，导完再改回 `1s`，否则写入很慢。",
        [
            ("dup", "synonym", "zh", "往 OpenSearch 灌大批量数据之前，先把 `refresh_interval` 调为 `30s`，导入完成后恢复成 `1s`，不然写入速度很差。"),
            ("dup", "crosslang", "mixed", "Before a bulk load into OpenSearch, set the index `refresh_interval` to `30s` and put it back to `1s` afterwards; otherwise indexing is slow."),
            ("dup", "format", "zh", "OpenSearch 批量导入步骤：\n1. 导入前 `refresh_interval` 改成 `30s`\n2. 批量写入\n3. 导完改回 `1s`"),
            ("near", "number", "zh", "OpenSearch 大批量导入前把索引的 `refresh_interval` 设成 `-1`（完全关闭刷新），导完再改回 `1s`，否则写入很慢。"),
            ("near", "added", "mixed", "OpenSearch bulk 导入前 `refresh_interval` 设 `30s`、`number_of_replicas` 设 0，导完两个都改回来（`1s` 和 1）。"),
            ("rel", "area", "zh", "OpenSearch 的 bulk 请求每批控制在 5–15 MB，单批太大容易返回 429。"),
            ("unrel", "other", "zh", "文档站的图片放在 `docs/assets/img/`，文件名用小写加短横线。"),
        ],
    ),
    (
        "中文字段用 IK 分词：建索引用 `ik_max_word`，搜索时用 `ik_smart`，两个反过来召回会变差。",
        [
            ("dup", "restructure", "zh", "IK 分词的用法：查询时用 `ik_smart`，索引时用 `ik_max_word`；中文字段都这么配，搞反了召回会下降。"),
            ("dup", "crosslang", "mixed", "Chinese text fields use the IK analyzer: `ik_max_word` at index time and `ik_smart` at search time; swapping them hurts recall."),
            ("dup", "mixed-switch", "mixed", "中文 field 用 IK analyzer，index 用 `ik_max_word`，search 用 `ik_smart`，反过来 recall 会变差。"),
            ("dup", "filler", "zh", "注意：中文字段的 IK 分词，索引时用 `ik_max_word`，搜索时用 `ik_smart`，别弄反，不然召回会变差。"),
            ("near", "moved", "zh", "中文字段用 IK 分词：建索引用 `ik_smart`，搜索时用 `ik_max_word`，两个反过来召回会变差。"),
            ("near", "exception", "zh", "中文字段用 IK 分词：建索引用 `ik_max_word`，搜索时用 `ik_smart`；商品型号字段 `sku_name` 除外，用 `keyword` 精确匹配。"),
            ("rel", "area", "zh", "IK 的自定义词典在 `analysis/ik/custom.dic`，加了新词以后要重启节点，或者走远程词典热更新。"),
            ("unrel", "other", "mixed", "Onboarding 邮件序列在 Customer.io 里配置，不要在代码里自己发。"),
        ],
    ),
    (
        "Don't paginate Elasticsearch results with `from`+`size` past 10,000 hits; use `search_after` with a point-in-time (PIT) for deep paging.",
        [
            ("dup", "synonym", "en", "For deep paging in Elasticsearch use `search_after` together with a PIT; `from`/`size` must not go beyond 10,000 results."),
            ("dup", "crosslang", "mixed", "ES 不要用 `from`+`size` 翻到 10000 条以后，深分页用 `search_after` 配合 PIT（point-in-time）。"),
            ("dup", "number", "en", "Elasticsearch: `from`+`size` stops at 10k hits; for anything deeper, page with `search_after` and a point-in-time."),
            ("near", "number", "en", "Don't paginate Elasticsearch results with `from`+`size` past 1,000 hits; use `search_after` with a point-in-time (PIT) for deep paging."),
            ("near", "subst", "mixed", "ES 深分页不要用 `from`+`size`，超过 10000 条用 scroll API 一批批拉。"),
            ("near", "dropped", "en", "Don't paginate Elasticsearch results with `from`+`size` at all; use `search_after` with a point-in-time (PIT) for every paged query."),
            ("rel", "area", "en", "Search result counts above 10,000 show as '10,000+' because `track_total_hits` is left at its default."),
        ],
    ),
    # --- game development ------------------------------------------------------------------------
    (
        "Unity is pinned to 2022.3.21f1 LTS; don't accept the Hub's upgrade prompt, since a version bump reimports every asset (~40 minutes) and changes the lockfile.",
        [
            ("dup", "reason", "en", "Stay on Unity 2022.3.21f1 LTS and ignore the Unity Hub upgrade prompt.\nChanging version forces a full asset reimport of about 40 minutes and rewrites the package lockfile."),
            ("dup", "crosslang", "mixed", "Unity 版本锁定在 2022.3.21f1 LTS；Hub 弹出升级提示不要点，换版本会重新导入全部资源（约 40 分钟）并改动 lockfile。"),
            ("dup", "imperative", "en", "Keep Unity at 2022.3.21f1 LTS — decline the Hub upgrade prompt (full reimport of ~40 min, lockfile changes)."),
            ("near", "number", "en", "Unity is pinned to 2022.3.40f1 LTS; don't accept the Hub's upgrade prompt, since a version bump reimports every asset (~40 minutes) and changes the lockfile."),
            ("near", "exception", "mixed", "Unity 锁在 2022.3.21f1 LTS，不要接受 Hub 的升级提示；除非 Unity 发了安全补丁公告，那种由 Tomás 统一升级。"),
            ("unrel", "other", "en", "App Store refunds are handled by Apple; we only learn about them through App Store Server Notifications."),
        ],
    ),
    (
        "物理逻辑放 `FixedUpdate`，固定 50 Hz（`Time.fixedDeltaTime = 0.02`）；输入在 `Update` 里读，读到的结果缓存给 FixedUpdate 用。",
        [
            ("dup", "synonym", "zh", "物理相关代码写在 `FixedUpdate` 里，频率固定 50 Hz（fixedDeltaTime 为 0.02）；按键输入在 `Update` 中读取并缓存，供 FixedUpdate 使用。"),
            ("dup", "format", "zh", "Unity 更新循环约定：\n- 物理：`FixedUpdate`，固定 50 Hz（`Time.fixedDeltaTime = 0.02`）\n- 输入：在 `Update` 里读，缓存给 FixedUpdate 用"),
            ("dup", "number", "zh", "物理在 `FixedUpdate` 里跑，每秒 50 次（步长 20 毫秒）；输入放 `Update` 里读，缓存下来给 FixedUpdate 用。"),
            ("near", "number", "zh", "物理逻辑放 `FixedUpdate`，固定 60 Hz（`Time.fixedDeltaTime = 1/60`）；输入在 `Update` 里读，读到的结果缓存给 FixedUpdate 用。"),
            ("near", "moved", "zh", "物理逻辑放 `FixedUpdate`，固定 50 Hz；输入也直接在 `FixedUpdate` 里读，不再经过 Update 缓存。"),
            ("rel", "area", "mixed", "Rigidbody 开了 interpolation，摄像机跟随放在 `LateUpdate`，不然画面会抖。"),
        ],
    ),
    (
        "Textures larger than 2048 px must use ASTC 6x6 compression on mobile targets; the import preset `MobileLarge` applies it automatically.",
        [
            ("dup", "synonym", "en", "On mobile builds, any texture above 2048 px needs ASTC 6x6; the `MobileLarge` import preset sets that for you."),
            ("dup", "crosslang", "mixed", "移动端目标上，超过 2048 px 的贴图必须用 ASTC 6x6 压缩；导入预设 `MobileLarge` 会自动设置。"),
            ("dup", "format", "en", "Large textures on mobile\n- threshold: > 2048 px\n- compression: ASTC 6x6\n- how: the `MobileLarge` import preset applies it automatically"),
            ("near", "number", "en", "Textures larger than 1024 px must use ASTC 6x6 compression on mobile targets; the import preset `MobileLarge` applies it automatically."),
            ("near", "dropped", "en", "All textures must use ASTC 6x6 compression on mobile targets; the import preset `MobileLarge` applies it automatically."),
            ("near", "scope", "en", "Textures larger than 2048 px must use ASTC 6x6 compression on iOS only; Android builds use ETC2 for older GPUs, set by the `AndroidLarge` preset."),
            ("unrel", "other", "mixed", "退款的 webhook `charge.refunded` 可能比 API 响应先到，处理逻辑要容忍乱序。"),
        ],
    ),
    (
        "Godot 里存档由 autoload 单例 `GameState` 负责，写到 `user://save.json`，不要在场景脚本里直接读写文件。",
        [
            ("dup", "synonym", "zh", "Godot 项目的存档统一交给自动加载的 `GameState` 单例，保存到 `user://save.json`；场景脚本里别自己读写文件。"),
            ("dup", "crosslang", "mixed", "In Godot, saving is owned by the autoload singleton `GameState`, which writes `user://save.json`; scene scripts must not read or write files directly."),
            ("dup", "filler", "zh", "记住：Godot 存档只走 autoload 的 `GameState`，文件是 `user://save.json`，场景脚本不要直接碰文件读写。"),
            ("near", "subst", "zh", "Godot 里存档由 autoload 单例 `SaveManager` 负责，写到 `user://save.json`，不要在场景脚本里直接读写文件。"),
            ("near", "added", "mixed", "Godot 存档由 autoload `GameState` 负责，写 `user://save.json`；要先写 `save.json.tmp` 再 rename，防止断电把存档写坏。"),
            ("rel", "area", "mixed", "Godot 导出 Web 版要勾上 Thread Support，服务器那边还得加 COOP 和 COEP header。"),
            ("unrel", "other", "zh", "Airflow 的变量统一放在 Secret Backend 里，别在 UI 的 Variables 页面存密码。"),
        ],
    ),
    # --- CLI tools -------------------------------------------------------------------------------
    (
        "The `acme` CLI exits with code 2 for usage errors (bad flags, missing args) and 1 for runtime failures; 0 only on full success.",
        [
            ("dup", "restructure", "en", "Exit codes of the `acme` CLI: 0 means complete success, 1 a runtime failure, and 2 a usage error such as a bad flag or a missing argument."),
            ("dup", "crosslang", "mixed", "`acme` 命令行的退出码：用法错误（参数不对、缺参数）返回 2，运行时失败返回 1，只有完全成功才返回 0。"),
            ("dup", "format", "en", "`acme` CLI exit codes\n- `0`: full success\n- `1`: runtime failure\n- `2`: usage error (bad flags, missing args)"),
            ("near", "moved", "en", "The `acme` CLI exits with code 1 for usage errors (bad flags, missing args) and 2 for runtime failures; 0 only on full success."),
            ("near", "added", "mixed", "`acme` CLI 用法错误退出码 2，运行时失败 1，完全成功 0；部分成功（有些文件处理失败）返回 3。"),
            ("rel", "area", "en", "`acme` CLI error messages go to stderr and start with `acme: error:`; stdout is reserved for results."),
        ],
    ),
    (
        "CLI 默认输出给人看的格式，加 `--json` 才输出机器可读的 JSON；stdout 不是 TTY 时不要输出颜色。",
        [
            ("dup", "synonym", "zh", "命令行工具默认打印人类可读的内容，只有传 `--json` 时才给 JSON；如果 stdout 不是终端，就不加颜色。"),
            ("dup", "crosslang", "mixed", "The CLI prints human-readable output by default and JSON only with `--json`; no colors when stdout isn't a TTY."),
            ("dup", "mixed-switch", "mixed", "CLI 默认 human-readable output，要 machine-readable 就加 `--json`；stdout 不是 TTY 的时候 disable colors。"),
            ("dup", "imperative", "zh", "输出格式这样做：默认给人看的文本，只有 `--json` 时才输出 JSON；stdout 不是 TTY 就别输出颜色。"),
            ("near", "condition", "zh", "CLI 默认输出给人看的格式，加 `--json` 才输出 JSON；stdout 不是 TTY 或者设置了 `NO_COLOR` 环境变量时都不要输出颜色。"),
            ("near", "reversed", "zh", "CLI 默认输出 JSON，加 `--human` 才输出给人看的格式；stdout 不是 TTY 时不要输出颜色。"),
            ("rel", "area", "zh", "CLI 的子命令统一用动词命名，比如 `acme sync`、`acme push`，不要用名词。"),
            ("unrel", "other", "zh", "A100 机器的驱动统一用 535 版本，升级驱动前先在 gpu-05 上试。"),
        ],
    ),
    (
        "The CLI reads config from `~/.config/acme/config.toml`, honoring `XDG_CONFIG_HOME` if set; command-line flags override the file.",
        [
            ("dup", "synonym", "en", "Configuration for the CLI lives in `~/.config/acme/config.toml` (under `$XDG_CONFIG_HOME` when that is set), and flags given on the command line take precedence over it."),
            ("dup", "crosslang", "mixed", "CLI 的配置文件在 `~/.config/acme/config.toml`，设置了 `XDG_CONFIG_HOME` 就以它为准；命令行参数优先于配置文件。"),
            ("dup", "summary", "en", "CLI config: `$XDG_CONFIG_HOME/acme/config.toml` (default `~/.config`); flags win."),
            ("near", "added", "en", "The CLI reads config from `~/.config/acme/config.toml`, honoring `XDG_CONFIG_HOME`; `ACME_*` environment variables override the file, and flags override both."),
            ("near", "reversed", "mixed", "CLI 配置在 `~/.config/acme/config.toml`（支持 `XDG_CONFIG_HOME`），配置文件里的值优先于命令行参数。"),
            ("unrel", "other", "en", "Payment amounts in the analytics warehouse are stored in cents; divide by 100 in Looker, not in dbt."),
        ],
    ),
    # --- desktop apps (Electron) -----------------------------------------------------------------
    (
        "Electron windows use `contextIsolation: true` and `nodeIntegration: false`; renderer code gets native APIs only through the preload script via `contextBridge.exposeInMainWorld`.",
        [
            ("dup", "imperative", "en", "Create every BrowserWindow with `contextIsolation: true` and `nodeIntegration: false`, and expose native APIs to the renderer only via `contextBridge.exposeInMainWorld` in preload."),
            ("dup", "crosslang", "mixed", "Electron 窗口都要 `contextIsolation: true`、`nodeIntegration: false`；渲染进程只能通过 preload 里的 `contextBridge.exposeInMainWorld` 拿到原生能力。"),
            ("dup", "reason", "en", "Renderer code reaches native APIs only through `contextBridge.exposeInMainWorld` in the preload script, with `contextIsolation: true` and `nodeIntegration: false`.\nThat way a compromised page (XSS) can't get Node access."),
            ("near", "added", "en", "Electron windows use `contextIsolation: true`, `nodeIntegration: false` and `sandbox: true`; renderer code gets native APIs only through the preload script via `contextBridge`."),
            ("near", "exception", "mixed", "Electron 窗口都要 contextIsolation、关掉 nodeIntegration；唯一例外是内部调试用的 `devtools-window`，它开了 nodeIntegration，只在 dev build 里有。"),
            ("rel", "area", "en", "IPC channels between renderer and main are listed in `src/shared/ipc-channels.ts`; main validates every payload with zod."),
            ("unrel", "other", "en", "Search synonyms (e.g. 'tv' -> 'television') live in `synonyms.txt` and need an index close/open to reload."),
        ],
    ),
    (
        "macOS 公证用 `xcrun notarytool submit --keychain-profile AC_NOTARY --wait`，凭据存在钥匙串的 `AC_NOTARY` profile 里，不要把 Apple ID 密码写进脚本。",
        [
            ("dup", "synonym", "zh", "mac 安装包的公证命令是 `xcrun notarytool submit --keychain-profile AC_NOTARY --wait`；账号凭据放在钥匙串 profile `AC_NOTARY` 中，脚本里禁止出现 Apple ID 密码。"),
            ("dup", "crosslang", "mixed", "Notarize macOS builds with `xcrun notarytool submit --keychain-profile AC_NOTARY --wait`; the credentials live in the keychain profile `AC_NOTARY`, never put the Apple ID password in scripts."),
            ("dup", "mixed-switch", "mixed", "macOS notarization 走 `xcrun notarytool submit --keychain-profile AC_NOTARY --wait`，credentials 放 keychain 的 `AC_NOTARY`，别把 Apple ID password hardcode 到 script 里。"),
            ("near", "added", "zh", "macOS 公证用 `xcrun notarytool submit --keychain-profile AC_NOTARY --wait`，凭据在钥匙串 `AC_NOTARY` 里；公证通过后还要跑 `xcrun stapler staple` 把票据钉进 dmg。"),
            ("near", "subst", "zh", "macOS 公证用 `xcrun notarytool submit --keychain-profile MAC_RELEASE --wait`，凭据存在钥匙串的 `MAC_RELEASE` profile 里，不要把 Apple ID 密码写进脚本。"),
            ("rel", "area", "zh", "Electron 的 mac 包要开 hardened runtime，权限文件是 `build/entitlements.mac.plist`，少了 JIT 权限启动就会崩。"),
            ("unrel", "other", "zh", "ES 集群的慢查询日志阈值设的是 2 秒，超过的会写进 slowlog。"),
        ],
    ),
    (
        "Desktop auto-update uses electron-updater with GitHub Releases; new versions roll out to 10% of users for the first 24 hours via `stagingPercentage`.",
        [
            ("dup", "number", "en", "electron-updater pulls from GitHub Releases; a new desktop version reaches one user in ten for the first day (`stagingPercentage: 10`)."),
            ("dup", "crosslang", "mixed", "桌面端自动更新用 electron-updater 加 GitHub Releases；新版本前 24 小时通过 `stagingPercentage` 只推给 10% 的用户。"),
            ("dup", "synonym", "en", "Auto-updates for the desktop app go through electron-updater from GitHub Releases, with a staged rollout: `stagingPercentage` gives a new version to 10% of users during its first 24 hours."),
            ("near", "number", "en", "Desktop auto-update uses electron-updater with GitHub Releases; new versions roll out to 25% of users for the first 48 hours via `stagingPercentage`."),
            ("near", "exception", "mixed", "桌面端自动更新用 electron-updater，新版本前 24 小时只推 10% 用户；但如果是 security fix，直接 100% 推送。"),
            ("near", "subst", "en", "Desktop auto-update uses electron-updater with an S3 bucket as the update feed; new versions roll out to 10% of users for the first 24 hours via `stagingPercentage`."),
            ("unrel", "other", "mixed", "DMARC 的汇总报告发到 `dmarc@acme.io`，每周看一次。"),
        ],
    ),
    (
        "Windows 安装包用 NSIS，按用户安装（`perMachine: false`），装在 `%LOCALAPPDATA%`，不需要管理员权限。",
        [
            ("dup", "restructure", "zh", "不需要管理员权限：Windows 安装包（NSIS）是按用户安装的，`perMachine: false`，装到 `%LOCALAPPDATA%` 下。"),
            ("dup", "filler", "zh", "备注：Windows 安装包是 NSIS 的，按用户安装（`perMachine: false`）到 `%LOCALAPPDATA%`，所以不需要管理员权限。"),
            ("dup", "summary", "zh", "Windows 安装包：NSIS 按用户装到 `%LOCALAPPDATA%`，免管理员。"),
            ("near", "reversed", "zh", "Windows 安装包用 NSIS，改成了全机安装（`perMachine: true`），装在 `Program Files`，需要管理员权限。"),
            ("near", "added", "mixed", "Windows 安装包 NSIS、per-user 安装到 `%LOCALAPPDATA%`，不需要 admin；安装包要用 EV 证书签名，不然 SmartScreen 会拦。"),
            ("rel", "area", "zh", "Windows 安装包的 `appId` 是 `io.acme.desktop`，改了就会被当成另一个应用，老版本卸载不掉。"),
            ("unrel", "other", "zh", "dbt 模型命名：staging 层前缀 `stg_`，mart 层用 `fct_` 和 `dim_`。"),
        ],
    ),
    # --- networking / DNS / TLS ------------------------------------------------------------------
    (
        "DNS is managed in Cloudflare; app records use TTL 300, and we drop them to 60 one day before any migration or cutover.",
        [
            ("dup", "synonym", "en", "Our DNS lives in Cloudflare. Application records have a TTL of 300, lowered to 60 a day ahead of a migration or cutover."),
            ("dup", "crosslang", "mixed", "DNS 在 Cloudflare 管理；应用记录 TTL 是 300，任何迁移或切换前一天降到 60。"),
            ("dup", "number", "en", "Cloudflare DNS: app records at a 5-minute TTL, dropped to one minute 24 hours before any migration or cutover."),
            ("near", "number", "en", "DNS is managed in Cloudflare; app records use TTL 3600, and we drop them to 60 one day before any migration or cutover."),
            ("near", "added", "mixed", "DNS 在 Cloudflare，应用记录 TTL 300，迁移前一天降到 60；切换完成后要记得改回 300。"),
            ("rel", "area", "en", "Only Wei and Sam have Cloudflare admin; everyone else can edit DNS records for `acme.io` only."),
            ("unrel", "other", "en", "GPU nodes mount datasets read-only from `/mnt/datasets`; write outputs to `/mnt/scratch`."),
        ],
    ),
    (
        "边缘节点的证书用 certbot 从 Let's Encrypt 签，cron 每天跑两次 `certbot renew`；证书 90 天过期，剩 30 天会自动续。",
        [
            ("dup", "synonym", "zh", "边缘机器上的 TLS 证书由 certbot 向 Let's Encrypt 申请，定时任务一天执行两次 `certbot renew`；证书有效期 90 天，还剩 30 天时自动续期。"),
            ("dup", "crosslang", "mixed", "Edge nodes get certificates from Let's Encrypt via certbot; cron runs `certbot renew` twice a day, and the 90-day certs renew automatically when 30 days are left."),
            ("dup", "format", "zh", "边缘节点证书：\n- 签发：certbot + Let's Encrypt\n- 续期：cron 每天 2 次 `certbot renew`\n- 有效期 90 天，剩 30 天自动续"),
            ("dup", "number", "zh", "边缘节点证书由 certbot 从 Let's Encrypt 签发，每 12 小时跑一次 `certbot renew`；证书三个月有效，剩一个月时自动续。"),
            ("near", "scope", "zh", "所有服务器的证书都用 certbot 从 Let's Encrypt 签，cron 每天跑两次 `certbot renew`；证书 90 天过期，剩 30 天会自动续。"),
            ("near", "added", "zh", "边缘节点的证书用 certbot 从 Let's Encrypt 签，cron 每天两次 `certbot renew`；续期后要靠 `--deploy-hook` reload nginx，不然还在用旧证书。"),
            ("rel", "area", "mixed", "证书快过期的 alert 在剩 14 天时触发，指标是 blackbox exporter 的 `probe_ssl_earliest_cert_expiry`。"),
            ("unrel", "other", "zh", "Unity 项目的 Addressables 构建产物不要提交到仓库。"),
        ],
    ),
    (
        "Internal service-to-service traffic uses mTLS; client certificates are issued by step-ca with a 24-hour lifetime and renewed by the sidecar every 16 hours.",
        [
            ("dup", "restructure", "en", "The sidecar renews each service's client certificate every 16 hours; those certs come from step-ca, live for 24 hours, and secure our internal service-to-service mTLS."),
            ("dup", "crosslang", "mixed", "内部服务之间的通信用 mTLS；客户端证书由 step-ca 签发，有效期 24 小时，sidecar 每 16 小时续一次。"),
            ("dup", "number", "en", "Internal mTLS: step-ca issues client certs valid for one day, and the sidecar renews them every sixteen hours."),
            ("near", "number", "en", "Internal service-to-service traffic uses mTLS; client certificates are issued by step-ca with a 24-hour lifetime and renewed by the sidecar every 8 hours."),
            ("near", "condition", "en", "Internal service-to-service traffic inside the `prod` VPC uses mTLS; client certificates are issued by step-ca with a 24-hour lifetime and renewed by the sidecar every 16 hours."),
            ("near", "subst", "mixed", "内部服务间用 mTLS，client cert 改由 Vault PKI 签发，24 小时有效，sidecar 每 16 小时续。"),
            ("unrel", "other", "en", "The user prefers explanations with one short example rather than long theory."),
        ],
    ),
    (
        "办公室 VPN 用 WireGuard，split tunnel 只路由 `10.20.0.0/16`，其他流量走本地网络。",
        [
            ("dup", "synonym", "zh", "公司 VPN 是 WireGuard，分流模式下只把 `10.20.0.0/16` 走隧道，别的流量都走本机网络。"),
            ("dup", "crosslang", "mixed", "The office VPN is WireGuard with split tunneling: only `10.20.0.0/16` goes through the tunnel, everything else uses the local network."),
            ("dup", "mixed-switch", "mixed", "Office VPN 是 WireGuard，split tunnel 只 route `10.20.0.0/16`，其他 traffic 走 local network。"),
            ("near", "added", "zh", "办公室 VPN 用 WireGuard，split tunnel 路由 `10.20.0.0/16` 和 `10.30.0.0/16`，其他流量走本地网络。"),
            ("near", "negation", "zh", "办公室 VPN 用 WireGuard，不做 split tunnel，所有流量都走 VPN。"),
            ("rel", "area", "zh", "WireGuard 配置从内部门户 `vpn.acme.internal` 下载，每台设备一个 key，换电脑要重新申请。"),
            ("unrel", "other", "mixed", "Segment 的 browser write key 可以暴露在前端，server 端的 key 不行。"),
        ],
    ),
    # --- email delivery --------------------------------------------------------------------------
    (
        "Transactional email (receipts, password resets) goes through Postmark; marketing email goes through Mailchimp — never send marketing through the Postmark stream, it hurts deliverability.",
        [
            ("dup", "synonym", "en", "Postmark handles transactional mail such as receipts and password resets, Mailchimp handles marketing; don't route marketing mail through Postmark, since that damages deliverability."),
            ("dup", "crosslang", "mixed", "事务性邮件（收据、重置密码）走 Postmark，营销邮件走 Mailchimp；千万别用 Postmark 发营销邮件，会影响送达率。"),
            ("dup", "summary", "en", "Email: transactional via Postmark, marketing via Mailchimp; never mix them."),
            ("near", "subst", "en", "Transactional email (receipts, password resets) goes through Amazon SES; marketing email goes through Mailchimp — never send marketing through SES, it hurts deliverability."),
            ("near", "exception", "mixed", "事务邮件走 Postmark，营销邮件走 Mailchimp；唯一例外是产品更新公告，走 Postmark 的 broadcast stream。"),
            ("rel", "area", "en", "The sending domain for transactional mail is `mail.acme.io`; marketing uses `news.acme.io` so their reputations stay separate."),
            ("unrel", "other", "en", "Unity Addressables are built per platform; the remote catalog URL differs for iOS and Android."),
        ],
    ),
    (
        "我们的 DMARC 现在是 `p=quarantine`，Q3 结束后确认报告没问题再改成 `p=reject`。",
        [
            ("dup", "restructure", "zh", "等 Q3 结束、确认 DMARC 报告没问题之后，再把策略从现在的 `p=quarantine` 升到 `p=reject`。"),
            ("dup", "crosslang", "mixed", "Our DMARC policy is `p=quarantine` for now; after Q3, once the reports look clean, we move to `p=reject`."),
            ("dup", "filler", "zh", "备注一下：DMARC 目前是 `p=quarantine`，计划 Q3 之后看报告没问题就切到 `p=reject`。"),
            ("dup", "summary", "zh", "DMARC：现为 `p=quarantine`，Q3 后报告正常就改成 `p=reject`。"),
            ("near", "subst", "zh", "我们的 DMARC 已经是 `p=reject` 了，之前的 `p=quarantine` 阶段结束了。"),
            ("near", "condition", "zh", "我们的 DMARC 现在是 `p=quarantine`，Q3 结束后如果报告里未对齐的邮件低于 0.1%，再改成 `p=reject`。"),
            ("unrel", "other", "zh", "推理服务的 batch size 上限是 32，再大 p99 延迟会翻倍。"),
        ],
    ),
    (
        "Email bounces: a hard bounce suppresses the address permanently; soft bounces suppress it after 3 within 7 days. Suppressions are in the `email_suppressions` table.",
        [
            ("dup", "format", "en", "Bounce handling (`email_suppressions` table)\n- hard bounce: suppress permanently\n- soft bounce: suppress after 3 within 7 days"),
            ("dup", "crosslang", "mixed", "退信处理：硬退信直接永久屏蔽该地址；软退信 7 天内累计 3 次才屏蔽。屏蔽名单在 `email_suppressions` 表。"),
            ("dup", "number", "en", "Bounces: a single hard bounce means permanent suppression; three soft bounces inside a week also suppress the address (`email_suppressions` table)."),
            ("near", "number", "en", "Email bounces: a hard bounce suppresses the address permanently; soft bounces suppress it after 5 within 14 days. Suppressions are in the `email_suppressions` table."),
            ("near", "dropped", "en", "Email bounces: a hard bounce suppresses the address permanently; soft bounces suppress it after 3, however far apart. Suppressions are in the `email_suppressions` table."),
            ("near", "added", "en", "Email bounces: hard bounces and spam complaints suppress the address permanently; soft bounces suppress it after 3 within 7 days. Suppressions are in the `email_suppressions` table."),
            ("near", "exception", "mixed", "硬退信永久屏蔽，软退信 7 天 3 次屏蔽；但密码重置邮件不看软退信的屏蔽，照样发。"),
            ("unrel", "other", "en", "The Spark cluster autoscaler caps at 40 workers; ask before raising it."),
        ],
    ),
    # --- feature flags ---------------------------------------------------------------------------
    (
        "LaunchDarkly flag keys are kebab-case and start with the owning team, e.g. `growth-new-onboarding`; flags without a team prefix are rejected by the lint job.",
        [
            ("dup", "synonym", "en", "LaunchDarkly flags are named in kebab-case, prefixed by the team that owns them (like `growth-new-onboarding`); the lint job refuses any flag lacking that team prefix."),
            ("dup", "crosslang", "mixed", "LaunchDarkly 的 flag key 用 kebab-case，前缀是负责的团队名，比如 `growth-new-onboarding`；没有团队前缀的 flag 会被 lint 拦下。"),
            ("dup", "filler", "en", "FYI — LaunchDarkly flag keys: kebab-case, starting with the team that owns them (e.g. `growth-new-onboarding`). The lint job rejects any flag without a team prefix."),
            ("near", "subst", "en", "LaunchDarkly flag keys are snake_case and start with the owning team, e.g. `growth_new_onboarding`; flags without a team prefix are rejected by the lint job."),
            ("near", "added", "mixed", "LaunchDarkly flag key 用 kebab-case 加团队前缀（如 `growth-new-onboarding`）；另外临时 flag 要打 `temporary` tag 并写到期日。"),
            ("rel", "area", "en", "LaunchDarkly has three environments, `dev`, `staging` and `production`; only production changes need a second approver."),
            ("unrel", "other", "mixed", "Airflow 的 worker 每天凌晨 4 点自动重启一次。"),
        ],
    ),
    (
        "功能开关全量 100% 之后 30 天内必须删掉，删除的清理工单在全量当天就要建好。",
        [
            ("dup", "synonym", "zh", "feature flag 放量到 100% 后最多保留 30 天就得移除；清理用的工单要在全量那天创建。"),
            ("dup", "imperative", "zh", "全量当天就把清理工单建好，开关到 100% 之后 30 天内把它删掉。"),
            ("dup", "number", "zh", "开关全量后一个月（30 天）内必须删除，清理工单全量当天就建。"),
            ("near", "number", "zh", "功能开关全量 100% 之后 14 天内必须删掉，删除的清理工单在全量当天就要建好。"),
            ("near", "exception", "zh", "功能开关全量 100% 之后 30 天内必须删掉；kill switch 类型的开关除外，可以长期保留。"),
            ("rel", "area", "mixed", "Flag 的 owner 离职时，要在 LaunchDarkly 里把 maintainer 改成团队 lead。"),
            ("unrel", "other", "zh", "iOS 的隐私清单 `PrivacyInfo.xcprivacy` 每次接入新 SDK 都要更新。"),
        ],
    ),
    (
        "Feature flags 一律 server-side evaluate，前端拿 bootstrap 好的 flag 值，browser 里绝不能出现 LaunchDarkly 的 SDK key。",
        [
            ("dup", "crosslang", "mixed", "Flags are always evaluated server-side; the frontend gets bootstrapped values, and the LaunchDarkly SDK key must never appear in the browser."),
            ("dup", "synonym", "mixed", "Flag 全部在服务端求值，前端用服务端 bootstrap 下发的值；LaunchDarkly SDK key 绝对不能暴露到浏览器。"),
            ("dup", "imperative", "mixed", "不要把 LaunchDarkly SDK key 放进浏览器：flag 都在 server 端 evaluate，前端只读 bootstrap 下来的值。"),
            ("near", "exception", "mixed", "Feature flags 一律 server-side evaluate；只有 marketing 站点例外，用 client-side ID（不是 SDK key）在浏览器里直接 evaluate。"),
            ("near", "reversed", "mixed", "Feature flags 不再 server-side evaluate 了，前端直接用 LaunchDarkly client-side ID 在 browser 里 evaluate；SDK key 仍然不能放前端。"),
            ("rel", "area", "mixed", "LaunchDarkly 的 flag 变更会推送到 #flags-audit 频道，谁改的都能查到。"),
        ],
    ),
    # --- analytics -------------------------------------------------------------------------------
    (
        "Segment event names use 'Object Action' in Title Case, past tense, e.g. 'Order Completed', 'Signup Started'; properties are snake_case.",
        [
            ("dup", "synonym", "en", "Segment events are named Object + Action in Title Case with a past-tense verb ('Order Completed', 'Signup Started'), and their properties use snake_case."),
            ("dup", "crosslang", "mixed", "Segment 事件名用「对象 + 动作」格式，Title Case、动词用过去式，例如 'Order Completed'、'Signup Started'；属性名用 snake_case。"),
            ("dup", "format", "en", "Segment naming\n- events: Object Action, Title Case, past tense ('Order Completed', 'Signup Started')\n- properties: `snake_case`"),
            ("near", "subst", "en", "Segment event names use 'Object Action' in Title Case, past tense, e.g. 'Order Completed', 'Signup Started'; properties are camelCase."),
            ("near", "dropped", "en", "Segment event names use 'Object Action' in Title Case, e.g. 'Order Completed'; properties are snake_case."),
            ("near", "moved", "mixed", "Segment 事件名用「动作 + 对象」，比如 'Completed Order'、'Started Signup'，属性名 snake_case。"),
            ("rel", "area", "en", "New Segment events must be added to the tracking plan in Protocols first; unplanned events are blocked in production."),
            ("unrel", "other", "en", "WireGuard keys are per device; a new laptop needs a new key from the VPN portal."),
        ],
    ),
    (
        "埋点里禁止传邮箱、真实姓名、手机号，用户标识只能用哈希后的 `user_id`。",
        [
            ("dup", "synonym", "zh", "分析事件中不得携带邮箱、姓名和手机号；识别用户只允许用哈希过的 `user_id`。"),
            ("dup", "crosslang", "mixed", "Never send email addresses, real names or phone numbers in analytics events; identify users only by the hashed `user_id`."),
            ("dup", "imperative", "zh", "埋点只传哈希后的 `user_id`，邮箱、真名、手机号一律不要传。"),
            ("near", "dropped", "zh", "埋点里禁止传邮箱、真实姓名、手机号，用户标识用 `user_id`。"),
            ("near", "exception", "mixed", "埋点里禁止传邮箱、姓名、手机号，只用 hashed `user_id`；B2B 账户的公司名可以传，合同里有约定。"),
            ("rel", "area", "zh", "用户在设置里关掉「分析追踪」后，前端要调用 `analytics.reset()` 并停止发送所有事件。"),
            ("unrel", "other", "zh", "模型评估报告统一放在 `reports/eval/` 下，用日期命名。"),
        ],
    ),
    (
        "Amplitude session timeout is 30 minutes of inactivity; sessions don't split at midnight.",
        [
            ("dup", "number", "en", "In Amplitude a session ends after half an hour without activity, and it isn't cut at midnight."),
            ("dup", "crosslang", "mixed", "Amplitude 的 session 超时是无操作 30 分钟，过了午夜也不会切分 session。"),
            ("dup", "restructure", "en", "Sessions in Amplitude don't split at midnight; they end only after 30 minutes of inactivity."),
            ("near", "number", "en", "Amplitude session timeout is 15 minutes of inactivity; sessions don't split at midnight."),
            ("near", "condition", "en", "Amplitude session timeout is 30 minutes of inactivity on web; on mobile a session also ends once the app has been in the background for 5 minutes. Sessions don't split at midnight."),
            ("near", "negation", "mixed", "Amplitude 的 session 超时是无操作 30 分钟，而且过了午夜会强制切成新的 session。"),
            ("unrel", "other", "en", "The bastion host only accepts SSH certificates issued within the last 8 hours."),
        ],
    ),
    # --- localization ----------------------------------------------------------------------------
    (
        "Translations are managed in Crowdin; only edit the source strings in `locales/en.json` — other locale files are overwritten by the Crowdin sync.",
        [
            ("dup", "reason", "en", "Only ever edit `locales/en.json`, never the other locale files.\nCrowdin manages the translations and its sync overwrites every non-English file under `locales/`."),
            ("dup", "crosslang", "mixed", "翻译在 Crowdin 里管理；只改源文案 `locales/en.json`，其他语言的文件会被 Crowdin 同步覆盖。"),
            ("dup", "imperative", "en", "Change copy only in `locales/en.json`; leave the other locale files to the Crowdin sync, which overwrites them."),
            ("near", "exception", "en", "Translations are managed in Crowdin; only edit `locales/en.json`, except `locales/en-GB.json`, which we maintain by hand because Crowdin doesn't cover it."),
            ("near", "subst", "mixed", "翻译在 Lokalise 里管理，只改 `locales/en.json`，其他语言文件会被 Lokalise 同步覆盖。"),
            ("rel", "area", "en", "New source strings need a translator note in `locales/en.context.json` when the English is ambiguous (e.g. 'Open' as verb or adjective)."),
            ("unrel", "other", "en", "Dunning emails are sent by Stripe, not by our own mailer."),
        ],
    ),
    (
        "复数统一用 ICU MessageFormat 写，不要自己拼 `count + 's'`；俄语、波兰语有 few/many 形式，翻译要补全。",
        [
            ("dup", "synonym", "zh", "所有复数文案都用 ICU MessageFormat，别手动拼 `count + 's'`；俄语和波兰语还有 few / many 两种形式，翻译时得补齐。"),
            ("dup", "crosslang", "mixed", "Use ICU MessageFormat for plurals instead of concatenating `count + 's'`; Russian and Polish need few/many forms, so translations must fill them in."),
            ("dup", "mixed-switch", "mixed", "Plural 一律用 ICU MessageFormat，别自己拼 `count + 's'`；Russian、Polish 还有 few/many forms，translation 要补全。"),
            ("near", "added", "zh", "复数统一用 ICU MessageFormat 写，不要自己拼 `count + 's'`；俄语、波兰语有 few/many 形式，阿拉伯语还有 zero/two，翻译都要补全。"),
            ("near", "scope", "zh", "俄语和波兰语的复数要用 ICU MessageFormat 写 few/many 形式，其他语言可以继续用 `count + 's'` 拼。"),
            ("unrel", "other", "zh", "Prometheus 的告警规则文件改完要先跑 `promtool check rules`。"),
        ],
    ),
    (
        "德语文案通常比英文长 30% 左右，按钮和标签要允许换行，不要写死宽度。",
        [
            ("dup", "number", "zh", "德文文本一般比英文长三成上下，所以按钮、标签不能固定宽度，要允许折行。"),
            ("dup", "synonym", "zh", "德文一般比英文长 30% 上下，按钮和标签要能自动换行，不能固定宽度。"),
            ("dup", "reason", "zh", "按钮和标签不要写死宽度，要允许换行\n因为德语文案往往比英文长 30% 左右，定宽会被截断。"),
            ("near", "number", "zh", "德语文案通常比英文长 50% 左右，按钮和标签要允许换行，不要写死宽度。"),
            ("near", "scope", "mixed", "德语、芬兰语这类 copy 比英文长 30%，所有 UI 组件（包括 table header 和 tab）都要允许 wrap。"),
            ("rel", "area", "zh", "阿拉伯语和希伯来语要支持 RTL，样式里用 `margin-inline-start` 代替 `margin-left`。"),
            ("unrel", "other", "mixed", "APNs sandbox and production need different device tokens; debug builds get sandbox tokens."),
        ],
    ),
    # --- preferences of an individual developer --------------------------------------------------
    (
        "这个用户希望回答用中文，但代码里的注释和 commit message 用英文。",
        [
            ("dup", "synonym", "zh", "用户偏好：解释用中文写，代码注释和提交信息保持英文。"),
            ("dup", "crosslang", "mixed", "The user wants answers in Chinese, but code comments and commit messages in English."),
            ("dup", "mixed-switch", "mixed", "User 要求回答用中文，code comments 和 commit message 写 English。"),
            ("near", "dropped", "zh", "这个用户希望回答用中文，但代码里的注释用英文。"),
            ("near", "condition", "zh", "这个用户希望回答用中文，代码注释和 commit message 用英文；如果是在开源仓库里协作，回答也用英文。"),
            ("rel", "area", "mixed", "User 看 review 意见时希望按严重程度排序，blocker 放最前面，nit 放最后。"),
            ("unrel", "other", "zh", "Thanos 的 compactor 只能跑一个实例，多开会把 block 搞坏。"),
        ],
    ),
    (
        "The user wants code changes shown as unified diffs, not full files, unless the file is new or under 30 lines.",
        [
            ("dup", "synonym", "en", "Show edits to this user as unified diffs rather than whole files; only new files or files shorter than 30 lines should be shown in full."),
            ("dup", "crosslang", "mixed", "用户希望改动以 unified diff 的形式给出，不要贴整个文件，除非是新文件或者不到 30 行。"),
            ("dup", "restructure", "en", "Only new files or files under 30 lines get shown in full; for everything else the user wants unified diffs."),
            ("near", "dropped", "en", "The user wants code changes shown as unified diffs, not full files."),
            ("near", "number", "mixed", "用户希望改动用 unified diff 展示，除非是新文件或者不到 100 行的文件。"),
            ("rel", "area", "en", "The user wants every answer to end with the exact commands to verify the change."),
            ("unrel", "other", "en", "DMARC aggregate reports are parsed by the `dmarc-report` cron and charted in Grafana."),
        ],
    ),
    (
        "The user's shell is fish: give commands in fish syntax (`set -x VAR value`, not `export VAR=value`; `(cmd)` instead of `$(cmd)`).",
        [
            ("dup", "format", "en", "User shell: fish\n- env vars: `set -x VAR value` (not `export VAR=value`)\n- command substitution: `(cmd)` (not `$(cmd)`)"),
            ("dup", "crosslang", "mixed", "用户用的是 fish shell，给命令要用 fish 语法：`set -x VAR value` 而不是 `export VAR=value`，命令替换用 `(cmd)` 而不是 `$(cmd)`。"),
            ("dup", "imperative", "en", "Write shell commands for fish when answering this user: `set -x VAR value` instead of `export`, `(cmd)` instead of `$(cmd)`."),
            ("near", "subst", "en", "The user's shell is nushell: give commands in nushell syntax (`$env.VAR = value`, not `export VAR=value`)."),
            ("near", "exception", "mixed", "用户本机用 fish，给本地命令用 fish 语法；但要在服务器上跑的命令用 bash 语法，服务器上没装 fish。"),
            ("unrel", "other", "mixed", "BigQuery 的 scheduled query 失败会发邮件给创建者，要改成发到 #data-alerts。"),
        ],
    ),
    (
        "用户不喜欢在回答和 commit message 里出现 emoji，一个都不要加。",
        [
            ("dup", "synonym", "zh", "用户反感 emoji：回复和提交信息里都不要出现任何表情符号。"),
            ("dup", "crosslang", "mixed", "The user dislikes emoji — don't put a single one in answers or commit messages."),
            ("dup", "filler", "zh", "注意：这位用户不想看到 emoji，回答里、commit message 里都别加。"),
            ("dup", "imperative", "zh", "回答和 commit message 里都不要加 emoji，用户不喜欢。"),
            ("near", "scope", "zh", "用户不喜欢在 commit message 里出现 emoji，回答里偶尔用没关系。"),
            ("near", "added", "zh", "用户不喜欢在回答和 commit message 里出现 emoji，也不要用感叹号。"),
            ("rel", "area", "zh", "用户希望回答先给结论，再给解释，不要一开头就铺垫背景。"),
            ("unrel", "other", "zh", "OpenSearch 的 ISM 策略会把 30 天前的日志索引迁到 warm 节点。"),
        ],
    ),
    (
        "User 习惯用 pnpm，装依赖给 `pnpm add`，不要给 npm 命令，yarn 更是绝对不要。",
        [
            ("dup", "crosslang", "mixed", "The user uses pnpm: give `pnpm add` for installing dependencies, never npm commands, and definitely never yarn."),
            ("dup", "synonym", "mixed", "用户的包管理器是 pnpm，安装依赖请写 `pnpm add`，别给 npm 的命令，yarn 就更不行了。"),
            ("dup", "summary", "mixed", "包管理：只用 pnpm（`pnpm add`），不要 npm，也不要 yarn。"),
            ("near", "exception", "mixed", "User 习惯用 pnpm，装依赖给 `pnpm add`；但全局安装 CLI 工具时用 `npm i -g` 也行，yarn 绝对不要。"),
            ("near", "subst", "mixed", "User 习惯用 bun，装依赖给 `bun add`，不要给 npm 命令，yarn 更是绝对不要。"),
            ("rel", "area", "mixed", "User 的 Node 版本用 fnm 管理，项目里要有 `.node-version` 文件。"),
            ("unrel", "other", "mixed", "训练 job 提交到 Slurm 的 `a100` partition，时长上限 72 小时。"),
        ],
    ),
    (
        "Ask the user before running anything that touches the network (installs, curl, git push); local builds and tests can run without asking.",
        [
            ("dup", "synonym", "en", "Get the user's OK before any command that uses the network — package installs, curl, git push; local builds and test runs need no permission."),
            ("dup", "crosslang", "mixed", "任何会访问网络的操作（装包、curl、git push）执行前都要先问用户；本地构建和跑测试可以直接执行。"),
            ("dup", "summary", "en", "Network commands (install/curl/push) need the user's OK; local build/test don't."),
            ("near", "added", "en", "Ask the user before running anything that touches the network or writes outside the repo; local builds and tests can run without asking."),
            ("near", "negation", "en", "No need to ask the user before running network commands such as installs or curl; only git push needs confirmation."),
            ("near", "scope", "mixed", "跑任何命令之前都要先问用户，包括本地 build 和 test。"),
            ("unrel", "other", "en", "The STM32 board enters bootloader mode when you hold BOOT0 while pressing reset."),
        ],
    ),
    (
        "用户的编辑器是 Neovim（LazyVim 配置），给快捷键或配置时写 Lua，放在 `~/.config/nvim/lua/plugins/` 下。",
        [
            ("dup", "synonym", "zh", "用户用 Neovim + LazyVim；提供按键映射或插件配置时用 Lua 写，文件放 `~/.config/nvim/lua/plugins/`。"),
            ("dup", "crosslang", "mixed", "The user's editor is Neovim with LazyVim; give keymaps and config in Lua, placed under `~/.config/nvim/lua/plugins/`."),
            ("dup", "mixed-switch", "mixed", "User 的 editor 是 Neovim（LazyVim），keymap 和 config 用 Lua 写，放 `~/.config/nvim/lua/plugins/`。"),
            ("near", "subst", "zh", "用户的编辑器是 Helix，给快捷键或配置时写 TOML，放在 `~/.config/helix/config.toml`。"),
            ("near", "added", "zh", "用户的编辑器是 Neovim（LazyVim 配置），给配置写 Lua 放 `lua/plugins/`；LSP 相关的改动统一放 `lua/plugins/lsp.lua`，不要新建文件。"),
            ("rel", "area", "zh", "用户的终端是 WezTerm，配置也用 Lua 写，在 `~/.wezterm.lua`。"),
            ("unrel", "other", "zh", "Stripe 的 test clock 只在 staging 环境用。"),
        ],
    ),
]

SET6: list[tuple[str, str, str, str, str]] = [
    (label, how, lang, new, existing) for existing, rows in _TOPICS for label, how, lang, new in rows
]
