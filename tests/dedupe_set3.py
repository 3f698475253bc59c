"""A third blind labelled set for memsync's duplicate gate (set 3).

How it was made: written by hand, blind, from the task description only (what a `dup`, `near`,
`rel` and `unrel` pair is, and the kinds of rewording and of change listed below). The author did
not open the rule under memsync/dedupe/, the earlier labelled sets (the development set, set 2, the
glossary pairs), their shape tests or any benchmark result, and copied no other project's fixtures.

The topics are deliberately away from the earlier sets' usual subjects: mobile apps, data
pipelines, ML training, embedded firmware, game development, security reviews, on-call runbooks,
SQL performance, frontend accessibility, billing, search relevance, and the user's preferences
about how the agent should work. Each topic is one *existing* memory entry (English or Chinese)
compared with several *new* notes of different labels.

Unlike the earlier set, language does not predict the label: an English note against a Chinese
entry (or the reverse), and Chinese notes code-switching into English, appear as `dup`, `near`,
`rel` and `unrel` alike.

Row: (label, how, lang, new, existing)
- label: dup | near | rel | unrel
- how, for dup: synonym, restructure, summary, filler, number, format, crosslang, mixed-switch
  (the rewording technique); for near: number, subst, negation, reversed, added, condition,
  scope, flag, dropped (a qualifier or exception dropped so the rule becomes broader), moved
  (the same words, but an "only"/"not"/number attached to another thing); for rel: `area`; for
  unrel: `other`.
- lang: en | zh | mixed (mixed = the pair crosses languages, or a text code-switches between
  Chinese prose and English words beyond technical names).
"""
from __future__ import annotations

Row = tuple[str, str, str, str, str]

SET3: list[Row] = []


def _t(existing: str, rows: list[tuple[str, str, str, str]]) -> None:
    """Add the rows of one topic: each (label, how, lang, new) is compared with `existing`."""
    for label, how, lang, new in rows:
        SET3.append((label, how, lang, new, existing))


# --- mobile -------------------------------------------------------------------------------------

_t(
    "TestFlight builds expire after 90 days\nBuilds uploaded to TestFlight stop working for "
    "testers 90 days after upload, so re-upload a fresh build before the beta group's window closes.",
    [
        ("dup", "synonym", "en", "TestFlight builds stop working 90 days after they are uploaded"),
        ("dup", "number", "en", "TestFlight beta builds die about three months (90 days) after upload; push a new one before testers get locked out"),
        ("near", "number", "mixed", "TestFlight 的构建上传 60 天后过期，要提前重新上传。"),
        ("near", "added", "en", "TestFlight builds expire after 90 days; the fastlane `beta` lane re-uploads one automatically every Monday"),
        ("unrel", "other", "en", "The Grafana dashboard for checkout latency lives in the Payments folder"),
    ],
)

_t(
    "Release builds use R8: keep Gson model classes in proguard-rules.pro\nR8 strips fields of "
    "classes only reached by reflection, so the Gson DTOs under com.acme.api.model need a -keep "
    "rule or JSON parses to nulls.",
    [
        ("dup", "summary", "en", "R8 needs -keep rules for the Gson DTOs or their JSON fields come back null"),
        ("dup", "crosslang", "mixed", "Release 包开启了 R8，com.acme.api.model 下的 Gson 模型类要在 proguard-rules.pro 里加 -keep，否则反序列化出来全是 null。"),
        ("near", "subst", "en", "Release builds use R8: keep Moshi model classes in proguard-rules.pro\nR8 strips fields of classes only reached by reflection, so the Moshi DTOs under com.acme.api.model need a -keep rule."),
        ("near", "dropped", "en", "Release builds use R8: keep every class in the app in proguard-rules.pro\nR8 strips fields reached by reflection, so add a -keep rule for all of them."),
        ("rel", "area", "mixed", "每个 release 版本的 R8 mapping.txt 都要上传到 Play Console，不然崩溃堆栈没法反混淆"),
        ("unrel", "other", "en", "Postgres read replicas lag up to 2 s during the nightly batch; don't read-after-write from them"),
    ],
)

_t(
    "React Native 改了原生依赖后要在 ios/ 目录执行 pod install\n只改 JS 不用；新增或升级带原生代码的包"
    "（比如 react-native-reanimated）后不跑 pod install，Xcode 会报找不到模块。",
    [
        ("dup", "mixed-switch", "mixed", "加了带 native code 的 RN 包之后记得 cd ios && pod install，不然 Xcode build 会报 module not found"),
        ("dup", "summary", "zh", "RN 新增原生依赖后要到 ios/ 下跑 pod install"),
        ("near", "negation", "zh", "React Native 改了原生依赖后不需要在 ios/ 目录执行 pod install\n新版 autolinking 会在 Xcode 构建时自动处理。"),
        ("near", "subst", "mixed", "After changing native dependencies in React Native, run `./gradlew clean` in android/ or the old .so files stay in the build"),
        ("rel", "area", "zh", "RN 的 Metro 缓存出问题时用 npx react-native start --reset-cache 重启"),
        ("dup", "synonym", "zh", "React Native 项目只要新增或升级了含原生代码的依赖，就得进 ios/ 跑一遍 pod install，纯 JS 改动不用"),
        ("unrel", "other", "zh", "线上 Nginx 日志按天切割，保留 30 天"),
    ],
)

_t(
    "Android minSdk 定为 26（Android 8.0）\n2024 年评审决定放弃 8.0 以下的设备，占比不到 2%，"
    "可以直接用 java.time 和自适应图标。",
    [
        ("dup", "crosslang", "mixed", "Android minSdkVersion is 26 (Oreo); devices below 8.0 were dropped in the 2024 review since they're under 2% of users."),
        ("dup", "restructure", "zh", "经 2024 年评审，8.0 以下设备（不到 2%）不再支持，所以 minSdk 是 26"),
        ("near", "number", "zh", "Android minSdk 定为 24（Android 7.0）\n2024 年评审决定放弃 7.0 以下的设备。"),
        ("near", "reversed", "mixed", "Android minSdk was lowered from 26 back to 24 after the 2024 review, because a big customer still ships 7.0 tablets"),
        ("unrel", "other", "zh", "周报模板在 Confluence 团队空间的首页"),
        ("dup", "summary", "zh", "minSdk 26，8.0 以下不再支持"),
    ],
)

_t(
    "App Store: digital goods must go through StoreKit in-app purchase\nApple rejected build 3.2 "
    "for linking to the web checkout; don't show external payment links in the iOS app.",
    [
        ("dup", "synonym", "en", "The iOS app has to sell digital goods via StoreKit IAP; links to an external checkout get the build rejected (that's what happened to 3.2)"),
        ("dup", "filler", "en", "Keep in mind: no external payment links in the iOS app; digital goods go through StoreKit in-app purchase"),
        ("near", "condition", "en", "App Store: digital goods must go through StoreKit in-app purchase, except in the US storefront, where external payment links are now allowed"),
        ("near", "scope", "en", "App Store: all goods, physical deliveries included, must go through StoreKit in-app purchase"),
        ("rel", "area", "en", "App Store review needs a working demo account in the review notes, or the build is rejected at the login screen"),
        ("unrel", "other", "mixed", "数据管道的 DAG 统一按 UTC 调度"),
    ],
)

_t(
    "Flutter 版本用 FVM 固定，.fvmrc 里是 3.19.6\n不要用系统全局的 flutter 命令，统一 fvm flutter ...，"
    "否则 build_runner 生成的代码和 CI 不一致。",
    [
        ("dup", "mixed-switch", "mixed", "Flutter 命令一律走 fvm flutter，别用 global 的 flutter，version 锁在 .fvmrc 的 3.19.6"),
        ("dup", "format", "zh", "Flutter 版本由 `FVM` 固定（`.fvmrc`：3.19.6），命令统一用 `fvm flutter`，别用全局的 `flutter`"),
        ("near", "number", "mixed", "Flutter is pinned with FVM: .fvmrc says 3.22.2, always run `fvm flutter`"),
        ("unrel", "other", "mixed", "The marketing site deploys from the www repo through Netlify on every merge"),
        ("dup", "synonym", "zh", "统一用 fvm flutter 执行命令，版本以 .fvmrc 里的 3.19.6 为准，不要调全局的 flutter"),
        ("near", "reversed", "zh", "Flutter 不再用 FVM 固定版本了，改成直接用系统全局的 flutter\n版本由 CI 镜像决定。"),
    ],
)

_t(
    "APNs device tokens are per environment\nA token issued by a debug (sandbox) build fails with "
    "BadDeviceToken on the production gateway; test production pushes with a TestFlight build.",
    [
        ("dup", "restructure", "en", "Sandbox APNs tokens from debug builds get BadDeviceToken on the production gateway, so use a TestFlight build to test production pushes"),
        ("dup", "crosslang", "mixed", "APNs 的 device token 分环境：debug 包拿到的是 sandbox token，发到生产网关会报 BadDeviceToken，测生产推送要用 TestFlight 包。"),
        ("near", "subst", "en", "FCM registration tokens are per environment\nA token issued by a debug build fails on the production Firebase project; test production pushes with a release build."),
        ("rel", "area", "en", "APNs auth uses the one .p8 key shared by all our apps, not per-app push certificates"),
        ("unrel", "other", "mixed", "数据库备份每天凌晨三点跑，保留 14 天"),
        ("dup", "summary", "en", "APNs tokens are per environment: sandbox tokens fail on the production gateway"),
    ],
)

_t(
    "Detox e2e 用 API 34 的 Pixel 6 模拟器镜像\nAPI 35 镜像上 Detox 同步经常卡住，先别升级。",
    [
        ("dup", "crosslang", "mixed", "Detox e2e runs on an API 34 Pixel 6 emulator; don't move to API 35, Detox sync hangs there."),
        ("dup", "synonym", "zh", "端到端测试（Detox）固定用 Pixel 6 / API 34 的模拟器，API 35 上同步老是卡死，暂不升级"),
        ("near", "number", "zh", "Detox e2e 用 API 33 的 Pixel 6 模拟器镜像\nAPI 34 镜像上 Detox 同步经常卡住，先别升级。"),
        ("near", "reversed", "mixed", "Detox e2e moved to the API 35 Pixel 6 image; the sync hang is fixed in Detox 20.18"),
        ("rel", "area", "zh", "Detox 的 iOS 用例只能跑在模拟器上，不支持真机"),
        ("dup", "summary", "zh", "Detox 用 API 34 模拟器，暂不升 35"),
        ("near", "flag", "zh", "Detox e2e 用 API 34 的 Pixel 6 模拟器镜像，启动模拟器要加 -no-snapshot，不然同步会卡住"),
        ("unrel", "other", "zh", "财务月结在每月 3 号之前完成，这几天不要改账单逻辑"),
    ],
)

# --- data pipelines -----------------------------------------------------------------------------

_t(
    "Airflow: never call datetime.now() in a DAG file\nTop-level code runs at every parse; use the "
    "logical date ({{ ds }} / data_interval_start) so reruns and backfills process the right day.",
    [
        ("dup", "filler", "en", "Remember: don't use datetime.now() in Airflow DAGs; use the logical date (ds / data_interval_start) so backfills hit the right day"),
        ("dup", "mixed-switch", "mixed", "Airflow DAG 里别用 datetime.now()，要用 logical date（{{ ds }}），不然 backfill 和 rerun 跑的日期不对"),
        ("dup", "summary", "en", "No datetime.now() in Airflow DAG files; use the logical date"),
        ("near", "added", "mixed", "Airflow DAG 文件里不要调用 datetime.now()，要用 logical date；另外 start_date 必须是固定的 pendulum 时间并带 tz=UTC"),
        ("unrel", "other", "en", "Storybook runs on port 6006; `make storybook` starts it"),
    ],
)

_t(
    "dbt 的 fct_orders 是增量模型，unique_key 是 order_id\n每周日凌晨跑一次 --full-refresh，修正迟到的数据。",
    [
        ("dup", "crosslang", "mixed", "fct_orders in dbt is incremental keyed on order_id, with a weekly --full-refresh early Sunday to fix late-arriving rows."),
        ("dup", "summary", "zh", "fct_orders：增量，unique_key=order_id，周日全量刷新"),
        ("dup", "mixed-switch", "mixed", "fct_orders 是 incremental model，unique key 用 order_id，每周日凌晨 full refresh 一次补 late data"),
        ("near", "flag", "zh", "dbt 的 fct_orders 是增量模型，unique_key 是 order_id\n每周日凌晨跑一次 --full-refresh --threads 1，并发高了会锁表。"),
        ("rel", "area", "zh", "dbt 的 staging 模型统一放在 models/staging，命名前缀 stg_"),
        ("dup", "restructure", "zh", "为了修正迟到数据，fct_orders 每周日凌晨 --full-refresh 一次；平时按 order_id 增量更新"),
        ("near", "negation", "zh", "dbt 的 fct_orders 是增量模型，unique_key 是 order_id\n周日不再跑 --full-refresh，迟到数据交给 lookback 窗口处理。"),
        ("unrel", "other", "mixed", "The iOS app supports iOS 16 and later"),
        ("near", "subst", "mixed", "fct_orders 是 incremental model，unique key 用 order_id，改成每月 1 号 full refresh 一次"),
    ],
)

_t(
    "Daily events Spark job: spark.sql.shuffle.partitions=400\nThe default 200 made tasks spill to "
    "disk once volume passed 2 TB/day.",
    [
        ("dup", "number", "en", "The daily events job sets shuffle partitions to four hundred; the default of 200 spilled once we passed 2TB a day"),
        ("dup", "format", "en", "Daily events Spark job sets `spark.sql.shuffle.partitions` to `400` (the default `200` spilled to disk past 2 TB/day)"),
        ("near", "flag", "en", "Daily events Spark job: set spark.sql.adaptive.coalescePartitions.enabled=true instead of fixing shuffle partitions at 400"),
        ("unrel", "other", "mixed", "用户希望 PR 描述里写清楚怎么手动验证"),
    ],
)

_t(
    "ingest 服务的 Kafka consumer 写完 S3 再提交 offset\n关掉了 enable.auto.commit，保证至少一次；"
    "下游按 event_id 去重。",
    [
        ("dup", "mixed-switch", "mixed", "ingest 的 consumer 是先写 S3 后 commit offset，auto commit 关了，at-least-once，下游靠 event_id dedupe"),
        ("dup", "restructure", "zh", "为了至少一次投递，ingest 的 Kafka 消费者关掉了自动提交，等 S3 写完才提交 offset，重复数据由下游按 event_id 去掉"),
        ("near", "reversed", "zh", "ingest 服务的 Kafka consumer 先提交 offset 再写 S3\n开着 enable.auto.commit，下游按 event_id 去重。"),
        ("near", "subst", "mixed", "ingest 的 consumer 写完 GCS 再 commit offset，auto commit 关了"),
        ("rel", "area", "zh", "ingest 用的 Kafka topic 保留 7 天，分区数 48"),
        ("unrel", "other", "zh", "用户希望每次改完都附上实际跑过的命令"),
    ],
)

_t(
    "Parquet output is partitioned by event_date, not ingestion date\nLate events land in their "
    "real day's partition, so downstream jobs must re-read the last 3 partitions.",
    [
        ("dup", "restructure", "en", "Downstream jobs re-read the last 3 partitions because the Parquet output is split by event_date (late events go to their real day), not by ingestion date"),
        ("dup", "crosslang", "mixed", "Parquet 按 event_date 分区，不是按入库日期；迟到的数据会写进它真实那天的分区，所以下游要回读最近 3 个分区。"),
        ("near", "moved", "en", "Parquet output is partitioned by ingestion date, not event_date"),
        ("unrel", "other", "en", "Use `gh pr checkout 123` to try a PR locally"),
        ("dup", "synonym", "en", "Our Parquet output is split by event date rather than ingestion date, so late events sit in their true day and consumers re-read the last three partitions"),
        ("near", "negation", "en", "Parquet output is partitioned by event_date, so downstream jobs don't need to re-read older partitions"),
    ],
)

_t(
    "回填任务必须走 backfill 队列\n放在 default 队列会把每小时的例行任务饿死，去年 11 月出过一次事故。",
    [
        ("dup", "filler", "zh", "经验：backfill 任务只能提交到 backfill 队列，放 default 会让每小时的任务排不上（去年 11 月的事故）"),
        ("dup", "crosslang", "mixed", "Backfills must go to the `backfill` queue; on the default queue they starve the hourly jobs (that caused an incident last November)."),
        ("dup", "synonym", "zh", "补数任务一律用 backfill 队列，别占 default，否则小时级任务会被饿死"),
        ("near", "condition", "mixed", "Backfills must go to the backfill queue unless they cover less than one day; those can run on default."),
        ("rel", "area", "zh", "backfill 队列最多 4 个并发 worker"),
        ("unrel", "other", "zh", "前端的 SVG 图标统一放 src/assets/icons，用 svgr 引入"),
        ("near", "reversed", "zh", "回填任务以前走 backfill 队列，现在统一改回 default 队列\nbackfill 队列的机器已经下线。"),
    ],
)

_t(
    "Snowflake dev queries use the DEV_XS warehouse\nIt auto-suspends after 60 seconds; don't point "
    "notebooks at ANALYTICS_L, it bills per second with a 1-minute minimum.",
    [
        ("dup", "synonym", "en", "Use warehouse DEV_XS for development queries in Snowflake (auto-suspend 60s); notebooks must not use ANALYTICS_L"),
        ("dup", "mixed-switch", "mixed", "Snowflake 开发查询用 DEV_XS warehouse，60 秒 auto-suspend；notebook 别连 ANALYTICS_L，按秒计费而且最少一分钟"),
        ("near", "dropped", "en", "Snowflake queries use the DEV_XS warehouse\nIt auto-suspends after 60 seconds; don't point anything at ANALYTICS_L."),
        ("rel", "area", "en", "Snowflake roles: dev users get ANALYST_RO; writing to PROD schemas needs TRANSFORMER"),
        ("near", "reversed", "en", "Snowflake dev queries moved from DEV_XS to the ANALYTICS_L warehouse; DEV_XS was too slow for the notebooks"),
        ("unrel", "other", "en", "Unity scenes must be saved before switching branches, or the editor reimports everything"),
    ],
)

# --- ML training --------------------------------------------------------------------------------

_t(
    "Reproducible evals: seed 42 and cudnn.deterministic=True\nSet torch.manual_seed(42) and "
    "torch.backends.cudnn.deterministic = True (benchmark = False) in eval scripts; without it "
    "scores drift by ~0.3 points between runs.",
    [
        ("dup", "summary", "en", "Eval scripts: seed 42, cudnn deterministic on, benchmark off"),
        ("dup", "filler", "en", "Note to self: eval runs only reproduce with torch.manual_seed(42) plus cudnn.deterministic = True and benchmark = False; otherwise scores wobble by about 0.3"),
        ("near", "scope", "en", "Reproducible training and evals: seed 42 and cudnn.deterministic=True in every script, the training loop included"),
        ("near", "negation", "mixed", "评测脚本不需要设 cudnn.deterministic，固定 seed 42 就够了"),
        ("unrel", "other", "en", "The avatars bucket is acme-avatars; uploads go through a presigned PUT"),
    ],
)

_t(
    "checkpoint 每 2000 步存一次到 s3://ml-ckpt/ranker/，只保留最近 5 个\n旧的由 save_total_limit "
    "自动删，别手动清理。",
    [
        ("dup", "crosslang", "mixed", "Checkpoints go to s3://ml-ckpt/ranker/ every 2000 steps and only the last 5 are kept; save_total_limit deletes older ones, don't clean up by hand."),
        ("dup", "number", "zh", "每两千步保存一次 checkpoint 到 s3://ml-ckpt/ranker/，保留最近五个，老的自动删"),
        ("near", "number", "mixed", "Checkpoints are saved every 500 steps to s3://ml-ckpt/ranker/; keep the last 5."),
        ("near", "added", "zh", "checkpoint 每 2000 步存一次到 s3://ml-ckpt/ranker/，只保留最近 5 个\n另外 eval 最好的那个会单独存到 best/ 目录，不受 save_total_limit 影响。"),
        ("rel", "area", "zh", "恢复训练用 --resume_from_checkpoint latest，会自动找最新的 checkpoint"),
        ("dup", "format", "zh", "checkpoint：每 `2000` 步写一次 `s3://ml-ckpt/ranker/`，`save_total_limit=5`，不要手动删"),
        ("unrel", "other", "mixed", "前端 PR 要附上改动前后的截图，不然 reviewer 不看"),
    ],
)

_t(
    "A100 上混合精度用 bf16，不要用 fp16\nfp16 训练到 3k 步左右 loss 变 NaN，bf16 动态范围够，不需要 loss scaling。",
    [
        ("dup", "mixed-switch", "mixed", "A100 训练 mixed precision 用 bf16，fp16 大概 3k step 就 loss NaN 了，bf16 不用 loss scaling"),
        ("dup", "crosslang", "mixed", "On A100s train in bf16, not fp16: fp16 hit a NaN loss around step 3k, and bf16 needs no loss scaling."),
        ("near", "condition", "zh", "A100 上混合精度用 bf16，不要用 fp16，除非是推理阶段，推理用 fp16 更快"),
        ("near", "moved", "mixed", "On A100s train in fp16, not bf16"),
        ("rel", "area", "zh", "T4 机器不支持 bf16，只能用 fp16 加 loss scaling"),
        ("dup", "restructure", "zh", "fp16 在 A100 上训练 3k 步左右就出现 NaN，所以改用 bf16，也省掉了 loss scaling"),
        ("near", "reversed", "zh", "A100 上混合精度从 bf16 换回了 fp16\n开了 loss scaling 之后 fp16 不再 NaN，而且更快。"),
        ("unrel", "other", "zh", "发票抬头只能在开票前修改"),
    ],
)

_t(
    "Never tune on the test split\nHyperparameters and early stopping use the val split; test is "
    "run once for the final report.",
    [
        ("dup", "restructure", "en", "The test split is only for the final report, run once; tune hyperparameters and early stopping on val"),
        ("dup", "crosslang", "mixed", "不要在 test 集上调参：超参和 early stopping 都看 val，test 只在最终报告时跑一次。"),
        ("dup", "synonym", "en", "Don't pick hyperparameters or the early-stopping point on the test set; use validation, and evaluate on test once at the end"),
        ("near", "added", "en", "Never tune on the test split\nHyperparameters and early stopping use the val split, which is a fixed 10% stratified by label; test is run once for the final report."),
        ("unrel", "other", "en", "Hotjar is disabled in the EU build because of consent rules"),
    ],
)

_t(
    "Left-pad batches for decoder-only generation\nSet tokenizer.padding_side = 'left' before "
    "batched generate(); right padding makes the model continue after pad tokens and outputs garbage.",
    [
        ("dup", "format", "en", "Decoder-only batched `generate()` needs `tokenizer.padding_side = \"left\"`; right padding gives garbage"),
        ("dup", "mixed-switch", "mixed", "decoder-only 模型 batch generate 之前要把 padding_side 设成 left，right padding 会接着 pad 往后生成，输出全是乱的"),
        ("near", "scope", "en", "Left-pad batches for decoder-only generation and fine-tuning\nSet tokenizer.padding_side = 'left' in the training collator as well as before generate()."),
        ("rel", "area", "en", "Llama tokenizers have no pad token; set tokenizer.pad_token = tokenizer.eos_token"),
        ("rel", "area", "mixed", "生成时 max_new_tokens 默认只有 20，评测脚本里要显式设成 256"),
        ("unrel", "other", "en", "The Redis cache cluster uses allkeys-lru eviction"),
    ],
)

_t(
    "W&B 的 run 统一记到 entity team-ml 下的 ranker-v2 项目\n个人项目里的 run 不会进周会的对比报表。",
    [
        ("dup", "crosslang", "mixed", "Log W&B runs to project ranker-v2 under entity team-ml; runs in personal projects don't show up in the weekly comparison report."),
        ("dup", "synonym", "zh", "wandb 记录一律用 team-ml / ranker-v2，放个人空间的话周会报表里看不到"),
        ("near", "subst", "zh", "W&B 的 run 统一记到 entity team-ml 下的 ranker-v3 项目"),
        ("near", "condition", "mixed", "Log W&B runs to team-ml/ranker-v2, except sweeps, which go to ranker-v2-sweeps"),
        ("unrel", "other", "zh", "Nginx 的 client_max_body_size 已经调到 50m"),
        ("dup", "filler", "zh", "备忘：W&B 的 run 要记到 team-ml/ranker-v2，别放个人项目，不然周会报表里没有"),
    ],
)

_t(
    "Ranker fine-tune: per-device batch 4 with gradient accumulation 8 (effective 32)\nOn the single "
    "24 GB GPU a per-device batch above 4 runs out of memory.",
    [
        ("dup", "number", "en", "Single-GPU ranker fine-tune uses batch 4 × grad accum 8 = 32; batch 5+ OOMs on the 24GB card"),
        ("dup", "crosslang", "mixed", "单卡（24G）微调 ranker：每卡 batch 4，梯度累积 8，等效 32；batch 超过 4 就 OOM。"),
        ("near", "moved", "en", "Ranker fine-tune: per-device batch 8 with gradient accumulation 4 (effective 32)"),
        ("rel", "area", "en", "Ranker fine-tune uses learning rate 2e-5 with 500 warmup steps"),
        ("unrel", "other", "mixed", "ESP32 的 OTA 分区表用 partitions_two_ota.csv"),
    ],
)

# --- embedded / firmware ------------------------------------------------------------------------

_t(
    "Flash the sensor board with `make flash PORT=/dev/ttyUSB0`\nHold BOOT while pressing RESET "
    "first, otherwise esptool times out with 'Failed to connect'.",
    [
        ("dup", "restructure", "en", "To flash the sensor board, hold BOOT and tap RESET, then run make flash PORT=/dev/ttyUSB0; skipping the button dance gives esptool's 'Failed to connect'"),
        ("dup", "crosslang", "mixed", "烧录传感器板：先按住 BOOT 再按 RESET，然后 make flash PORT=/dev/ttyUSB0，不然 esptool 会超时报 Failed to connect。"),
        ("near", "subst", "en", "Flash the sensor board with `make flash PORT=/dev/ttyACM0`\nHold BOOT while pressing RESET first."),
        ("near", "negation", "en", "Flash the sensor board with `make flash PORT=/dev/ttyUSB0`\nNo need to hold BOOT any more: the board resets into the bootloader by itself."),
        ("unrel", "other", "mixed", "客服工单的 SLA 是 4 小时内首次响应"),
        ("near", "flag", "en", "Flash the sensor board with `make flash PORT=/dev/ttyUSB0 BAUD=921600`\nHold BOOT while pressing RESET first."),
    ],
)

_t(
    "STM32 中断服务函数里不要调 HAL_Delay\nHAL_Delay 依赖 SysTick 中断，在优先级更高的 ISR 里调用会卡死。",
    [
        ("dup", "crosslang", "mixed", "Don't call HAL_Delay inside an ISR on the STM32: it relies on the SysTick interrupt and hangs when called from a higher-priority handler."),
        ("dup", "mixed-switch", "mixed", "STM32 的 ISR 里别用 HAL_Delay，它靠 SysTick 计时，高优先级 interrupt 里调会直接 hang 住"),
        ("dup", "summary", "zh", "STM32：ISR 里禁止 HAL_Delay"),
        ("near", "condition", "zh", "STM32 中断服务函数里不要调 HAL_Delay，除非把 SysTick 的优先级设成最高"),
        ("rel", "area", "mixed", "Don't printf from an ISR on the STM32 either; the retargeted UART write blocks until the whole string is out"),
        ("unrel", "other", "zh", "埋点事件名统一用 snake_case，比如 checkout_started"),
        ("near", "scope", "zh", "STM32 中断服务函数和 FreeRTOS 任务里都不要调 HAL_Delay"),
    ],
)

_t(
    "Watchdog timeout is 2 s; kick it from the main loop, not from a timer ISR\nKicking from an "
    "interrupt keeps the dog happy even when the main loop is stuck, which defeats the point.",
    [
        ("dup", "synonym", "en", "Feed the 2-second watchdog in the main loop rather than a timer interrupt, or a hung main loop never gets reset"),
        ("dup", "number", "en", "Watchdog fires after 2000 ms; refresh it from the main loop, never from a timer ISR"),
        ("near", "moved", "en", "Watchdog timeout is 2 s; kick it from a timer ISR, not from the main loop"),
        ("near", "number", "mixed", "看门狗超时 500 毫秒，要在主循环里喂狗，不要在定时器中断里喂"),
        ("rel", "area", "en", "The watchdog is disabled in debug builds so a breakpoint doesn't reset the MCU"),
        ("unrel", "other", "en", "Support macros live in Zendesk under the Billing category"),
    ],
)

_t(
    "OTA 固件必须用 release 私钥签名\nbootloader 会校验 ECDSA 签名，未签名或用 dev key 签的镜像直接拒绝，设备保持旧版本。",
    [
        ("dup", "crosslang", "mixed", "OTA images must be signed with the release key; the bootloader verifies the ECDSA signature and rejects unsigned or dev-key images, so the device keeps its old firmware."),
        ("dup", "summary", "zh", "OTA 镜像要用 release key 签名，否则 bootloader 拒绝"),
        ("near", "dropped", "zh", "OTA 固件必须签名\nbootloader 会校验签名，任何私钥签过的镜像都能升级，只有未签名的会被拒绝。"),
        ("near", "condition", "mixed", "OTA images must be signed with the release key, except on dev-fused boards, whose bootloader also accepts the dev key"),
        ("rel", "area", "zh", "OTA 升级包放在 CDN 的 /firmware/<型号>/ 目录下，设备每 6 小时检查一次"),
        ("dup", "synonym", "zh", "固件 OTA 包只能用 release 私钥签，bootloader 验 ECDSA 签名，没签或用 dev key 签的都会被拒，设备继续跑旧固件"),
        ("unrel", "other", "zh", "搜索结果页的曝光埋点是 search_result_viewed 事件"),
    ],
)

_t(
    "ESP32: use ADC1 pins for sensors, not ADC2\nADC2 is shared with the Wi-Fi driver, so analog "
    "reads on ADC2 pins fail while Wi-Fi is on.",
    [
        ("dup", "summary", "en", "ESP32 ADC2 doesn't work with Wi-Fi on; put sensors on ADC1"),
        ("dup", "crosslang", "mixed", "ESP32 上 ADC2 和 Wi-Fi 驱动共用，开着 Wi-Fi 时读不了，传感器要接 ADC1 的引脚。"),
        ("dup", "mixed-switch", "mixed", "ESP32 的 sensor 一律接 ADC1，ADC2 被 Wi-Fi driver 占着，Wi-Fi 开着读不出来"),
        ("near", "moved", "en", "ESP32: use ADC2 pins for sensors, not ADC1\nADC1 is shared with the Wi-Fi driver, so analog reads on ADC1 pins fail while Wi-Fi is on."),
        ("unrel", "other", "en", "Release notes go in CHANGELOG.md under an Unreleased heading"),
        ("near", "negation", "en", "ESP32: ADC2 pins work fine for sensors while Wi-Fi is on"),
        ("rel", "area", "en", "ESP32 deep sleep only gets down to ~10 µA when the USB-UART bridge is unpowered"),
    ],
)

_t(
    "调试串口波特率 115200\n用 picocom -b 115200 /dev/ttyUSB1 连，ttyUSB0 是烧录口。",
    [
        ("dup", "crosslang", "mixed", "The debug UART runs at 115200 baud; connect with picocom -b 115200 /dev/ttyUSB1 (ttyUSB0 is the flashing port)."),
        ("dup", "mixed-switch", "mixed", "debug console 是 115200，用 picocom 连 ttyUSB1，ttyUSB0 是 flash 用的"),
        ("near", "number", "zh", "调试串口波特率 921600\n用 picocom -b 921600 /dev/ttyUSB1 连。"),
        ("near", "moved", "zh", "调试串口波特率 115200\n用 picocom -b 115200 /dev/ttyUSB0 连，ttyUSB1 是烧录口。"),
        ("unrel", "other", "zh", "Jira 的 story points 用斐波那契数列估"),
        ("dup", "format", "zh", "调试串口：`115200` 波特率，`picocom -b 115200 /dev/ttyUSB1`（`ttyUSB0` 是烧录口）"),
        ("near", "number", "mixed", "debug console 改成 460800 了，picocom -b 460800 连 ttyUSB1"),
    ],
)

# --- game dev -----------------------------------------------------------------------------------

_t(
    "Unity: always commit .meta files together with their assets\nDeleting or forgetting a .meta "
    "regenerates its GUID and breaks every prefab reference to that asset.",
    [
        ("dup", "restructure", "en", "Every Unity asset's .meta file must be committed alongside it; a lost .meta gets a new GUID and the prefab references break"),
        ("dup", "mixed-switch", "mixed", "Unity 的 .meta 文件要和 asset 一起 commit，丢了会重新生成 GUID，prefab 里的引用全断"),
        ("dup", "filler", "en", "Lesson learned: never commit a Unity asset without its .meta; a regenerated GUID breaks the prefabs pointing at it"),
        ("near", "added", "en", "Unity: always commit .meta files together with their assets, and the .meta of every folder too, even empty ones, or other clones keep recreating them"),
        ("near", "negation", "en", "Unity: never commit .meta files\nThey're regenerated on import, so add *.meta to .gitignore."),
        ("rel", "area", "en", "The Unity project uses Force Text asset serialization so scenes and prefabs can be merged in git"),
        ("unrel", "other", "en", "Refund webhooks from Stripe arrive as charge.refunded events"),
    ],
)

_t(
    "物理逻辑写在 FixedUpdate，输入读取写在 Update\n在 FixedUpdate 里读 GetKeyDown 会丢失按键。",
    [
        ("dup", "crosslang", "mixed", "Put physics in FixedUpdate and read input in Update; GetKeyDown inside FixedUpdate misses presses."),
        ("dup", "restructure", "zh", "输入在 Update 里读，物理放 FixedUpdate；GetKeyDown 写在 FixedUpdate 会漏按键"),
        ("near", "moved", "zh", "物理逻辑写在 Update，输入读取写在 FixedUpdate"),
        ("near", "added", "mixed", "Physics in FixedUpdate, input in Update, and camera follow in LateUpdate so the camera doesn't jitter"),
        ("unrel", "other", "mixed", "The billing reconciliation cron runs at 02:00 UTC"),
        ("dup", "summary", "zh", "物理放 FixedUpdate，输入放 Update"),
    ],
)

_t(
    "Godot export templates must match the editor version (4.2.1.stable)\nMismatched templates "
    "fail the export with 'No export template found' even though they're installed.",
    [
        ("dup", "synonym", "en", "Godot: export templates have to be exactly 4.2.1.stable like the editor, otherwise export claims no template is found"),
        ("dup", "crosslang", "mixed", "Godot 的导出模板版本要和编辑器一致（4.2.1.stable），不一致导出时会报 No export template found。"),
        ("near", "number", "en", "Godot export templates must match the editor version (4.3.stable)\nMismatched templates fail the export with 'No export template found'."),
        ("rel", "area", "en", "Godot CI exports headless: `godot --headless --export-release \"Linux\" build/game.x86_64`"),
        ("dup", "summary", "en", "Godot export templates must be the editor's exact version"),
        ("rel", "area", "mixed", "Godot 的导出预设存在 export_presets.cfg 里，要提交到仓库"),
        ("unrel", "other", "mixed", "报表库每周日凌晨做一次 VACUUM ANALYZE"),
    ],
)

_t(
    "UE5 新 checkout 第一次编译 shader 要 40 分钟左右，先配好共享 DDC\n在 DefaultEngine.ini 里指向 "
    "\\\\nas\\ddc，命中缓存后 5 分钟以内。",
    [
        ("dup", "crosslang", "mixed", "A fresh UE5 checkout spends ~40 minutes compiling shaders; point the shared DDC at \\\\nas\\ddc in DefaultEngine.ini and it drops under 5 minutes."),
        ("dup", "number", "zh", "UE5 新拉的工程首次编 shader 大约四十分钟，DefaultEngine.ini 配上 \\\\nas\\ddc 共享 DDC 后五分钟内"),
        ("near", "subst", "zh", "UE5 新 checkout 第一次编译 shader 要 40 分钟左右，先配好共享 DDC\n在 DefaultEngine.ini 里指向 \\\\build01\\ddc。"),
        ("near", "number", "mixed", "A fresh UE5 checkout takes about 2 hours to compile shaders, shared DDC or not"),
        ("unrel", "other", "zh", "周五下午不发版"),
        ("dup", "filler", "zh", "经验：新拉的 UE5 工程先配共享 DDC（\\\\nas\\ddc），不然第一次编 shader 要 40 分钟左右"),
    ],
)

_t(
    "Binary art sources (.psd, .tga, .fbx) are tracked with Git LFS\nRun `git lfs install` once per "
    "clone; a checkout without it leaves 130-byte pointer files and Unity shows pink textures.",
    [
        ("dup", "summary", "en", "Art files (.psd/.tga/.fbx) live in Git LFS; without `git lfs install` you get pointer files and pink textures"),
        ("dup", "crosslang", "mixed", ".psd、.tga、.fbx 这些美术源文件走 Git LFS，每个 clone 先 git lfs install，不然拉下来是指针文件，Unity 里贴图变粉。"),
        ("near", "scope", "en", "Binary art and audio sources (.psd, .tga, .fbx, .wav) are tracked with Git LFS\nRun `git lfs install` once per clone."),
        ("unrel", "other", "en", "Feature flags for the admin panel are read from config/flags.yaml at startup"),
    ],
)

_t(
    "帧预算 16.6ms，性能分析要连真机跑 Profiler，不要看编辑器里的数据\n编辑器自带开销，数字偏差很大。",
    [
        ("dup", "crosslang", "mixed", "Frame budget is 16.6 ms; profile on a real device, not in the editor, whose own overhead skews the numbers."),
        ("dup", "mixed-switch", "mixed", "frame budget 16.6ms，profile 一定要连真机，editor 里的数据不准"),
        ("near", "number", "zh", "帧预算 33.3ms，性能分析要连真机跑 Profiler"),
        ("near", "condition", "mixed", "Frame budget is 16.6 ms, except the Switch build, which targets 33.3 ms; profile on device either way"),
        ("rel", "area", "zh", "Profiler 连真机要勾选 Development Build 和 Autoconnect Profiler"),
        ("dup", "synonym", "zh", "每帧预算 16.6 毫秒；做性能分析必须接真机看 Profiler，编辑器里的数据带额外开销，不可信"),
        ("unrel", "other", "zh", "用户要求回答里别贴大段日志，只贴关键的几行"),
    ],
)

# --- security reviews ---------------------------------------------------------------------------

_t(
    "All SQL must use bound parameters\nReviewers reject f-strings or % formatting into SQL, even "
    "for integer IDs.",
    [
        ("dup", "synonym", "en", "Security review: never build SQL with f-strings or %-formatting; always bind parameters, IDs included"),
        ("dup", "mixed-switch", "mixed", "SQL 一律用 bound parameters，code review 看到 f-string 拼 SQL 直接打回，int 类型的 id 也一样"),
        ("near", "condition", "en", "All SQL must use bound parameters, except table names in the migration tool, which come from a whitelist and are formatted in"),
        ("unrel", "other", "mixed", "安卓每次发版 versionCode 加 1"),
    ],
)

_t(
    "会话 cookie 要设 HttpOnly、Secure、SameSite=Lax\n上次渗透测试就是因为少了 HttpOnly 被标成中危。",
    [
        ("dup", "crosslang", "mixed", "Session cookies must be HttpOnly, Secure and SameSite=Lax; the last pentest rated a missing HttpOnly as medium."),
        ("dup", "format", "zh", "session cookie 必须带 `HttpOnly`、`Secure`、`SameSite=Lax`（上次渗透测试缺 HttpOnly 记了中危）"),
        ("near", "flag", "zh", "会话 cookie 要设 HttpOnly、Secure、SameSite=Strict"),
        ("near", "added", "mixed", "Session cookies must be HttpOnly, Secure and SameSite=Lax, and their names must carry the __Host- prefix"),
        ("rel", "area", "zh", "CSRF token 放在表单隐藏字段和 X-CSRF-Token 头里，后端两种都认"),
        ("dup", "summary", "zh", "session cookie 三件套：HttpOnly、Secure、SameSite=Lax"),
        ("unrel", "other", "mixed", "The Airflow scheduler runs two replicas in HA mode"),
    ],
)

_t(
    "New password hashes use argon2id (m=64 MiB, t=3, p=4)\nbcrypt hashes from before 2023 are "
    "rehashed on the next successful login.",
    [
        ("dup", "restructure", "en", "Passwords: argon2id with 64 MiB memory, 3 iterations and parallelism 4; legacy pre-2023 bcrypt hashes get upgraded at the user's next login"),
        ("dup", "crosslang", "mixed", "新密码哈希用 argon2id（内存 64 MiB，t=3，p=4），2023 年以前的 bcrypt 哈希在用户下次登录成功时重新哈希。"),
        ("near", "moved", "en", "New password hashes use argon2id (m=64 MiB, t=4, p=3)\nbcrypt hashes from before 2023 are rehashed on the next successful login."),
        ("rel", "area", "en", "Password reset links are single-use and expire after 30 minutes"),
        ("dup", "summary", "en", "Password hashing: argon2id for new hashes, old bcrypt ones rehashed at login"),
        ("near", "reversed", "en", "New password hashes went back from argon2id to bcrypt (cost 12); argon2id's 64 MiB was too heavy for the login pods"),
        ("unrel", "other", "en", "Chinese product names are indexed with ik_max_word"),
    ],
)

_t(
    "发版前跑 pip-audit，有 high 级别漏洞就不能发\nmedium 记到安全看板，下个迭代处理。",
    [
        ("dup", "mixed-switch", "mixed", "release 之前必须跑 pip-audit，high severity 直接 block release，medium 丢到 security board 下个 sprint 修"),
        ("dup", "crosslang", "mixed", "Run pip-audit before every release; any high-severity finding blocks it, mediums go on the security board for next sprint."),
        ("dup", "synonym", "zh", "每次发布前执行 pip-audit，高危漏洞一票否决，中危登记到安全看板下轮迭代修"),
        ("near", "scope", "zh", "发版前跑 pip-audit，有 medium 及以上的漏洞就不能发"),
        ("near", "subst", "mixed", "Run osv-scanner before every release; any high-severity finding blocks it"),
        ("unrel", "other", "zh", "iPad 上的分屏模式暂不支持"),
        ("near", "flag", "mixed", "Run pip-audit --strict before every release; any high-severity finding blocks it"),
    ],
)

_t(
    "JWT access tokens live 15 minutes; refresh tokens 7 days\nRefresh tokens rotate on every use "
    "and a reused one revokes the whole family.",
    [
        ("dup", "number", "en", "Access JWTs expire after a quarter of an hour and refresh tokens after a week; refresh rotates on each use, and reuse kills the family"),
        ("dup", "crosslang", "mixed", "JWT access token 有效期 15 分钟，refresh token 7 天；refresh token 每次使用都会轮换，重复使用会吊销整个 token 家族。"),
        ("near", "negation", "mixed", "JWT access token 15 分钟过期，refresh token 7 天；refresh token 不轮换，可以重复使用"),
        ("unrel", "other", "en", "The Figma file for the onboarding redesign is linked in the #design channel topic"),
        ("near", "reversed", "en", "JWT refresh tokens no longer rotate on every use; we went back to fixed 7-day refresh tokens"),
    ],
)

_t(
    "上传文件按魔数校验类型，不看扩展名\n用 python-magic 读前 2KB，白名单只放 png/jpeg/pdf。",
    [
        ("dup", "crosslang", "mixed", "Validate uploaded files by magic bytes, not by extension: python-magic reads the first 2 KB, and only png/jpeg/pdf are allowed."),
        ("dup", "synonym", "zh", "文件上传的类型判断靠文件头魔数而不是后缀名，python-magic 读前 2KB，只允许 png、jpeg、pdf"),
        ("near", "scope", "zh", "上传文件按魔数校验类型，不看扩展名\n用 python-magic 读前 2KB，白名单放 png/jpeg/pdf/heic/webp。"),
        ("near", "moved", "zh", "上传文件按扩展名校验类型，不看魔数"),
        ("rel", "area", "zh", "上传文件大小上限 20MB，超过直接返回 413"),
        ("dup", "summary", "zh", "上传类型按文件魔数判断，只收 png/jpeg/pdf"),
    ],
)

_t(
    "Admin endpoints require an MFA re-auth in the last 10 minutes\nThe /admin API checks the amr "
    "and auth_time claims; older sessions get a 401 with step_up_required.",
    [
        ("dup", "summary", "en", "/admin needs MFA within the past 10 minutes (step-up auth)"),
        ("dup", "mixed-switch", "mixed", "/admin 接口要求 10 分钟内做过 MFA re-auth，会检查 auth_time 和 amr claim，不满足返回 401 step_up_required"),
        ("near", "dropped", "en", "All endpoints require an MFA re-auth in the last 10 minutes\nThe API checks the amr and auth_time claims; older sessions get a 401 with step_up_required."),
        ("rel", "area", "mixed", "管理员的操作都写进 audit_log 表，记录操作人、对象和 diff"),
        ("unrel", "other", "en", "Switch builds go through the Nintendo lotcheck checklist in Confluence"),
    ],
)

# --- on-call runbooks ---------------------------------------------------------------------------

_t(
    "orders-worker queue above 10k: scale to 20 workers first, investigate second\n`kubectl scale "
    "deploy/orders-worker --replicas=20`; the backlog is usually a slow downstream, not a bug.",
    [
        ("dup", "restructure", "en", "Runbook: when the orders-worker backlog passes 10k, first scale the deployment to 20 replicas, then look for the cause (usually a slow downstream)"),
        ("dup", "number", "en", "orders-worker backlog over ten thousand: bump it to twenty replicas before digging in"),
        ("near", "number", "en", "orders-worker queue above 50k: scale to 40 workers first, investigate second"),
        ("near", "reversed", "en", "orders-worker queue above 10k: investigate first, and scale to 20 workers only once the downstream is known to be healthy"),
        ("unrel", "other", "en", "The iOS widget extension shares data with the app through the group.com.acme.shared App Group"),
    ],
)

_t(
    "磁盘告警（使用率超过 85%）先清 /var/log/app 下 7 天前的日志\n用 find /var/log/app -mtime +7 -delete，别动 /var/lib/app。",
    [
        ("dup", "mixed-switch", "mixed", "disk usage 超 85% 的告警，先 find /var/log/app -mtime +7 -delete 清旧日志，/var/lib/app 千万别碰"),
        ("dup", "crosslang", "mixed", "On a disk alert (usage over 85%), first delete logs older than 7 days under /var/log/app with find -mtime +7 -delete; leave /var/lib/app alone."),
        ("near", "number", "zh", "磁盘告警（使用率超过 90%）先清 /var/log/app 下 3 天前的日志"),
        ("near", "moved", "mixed", "On a disk alert, first clear old files under /var/lib/app; don't touch /var/log/app"),
        ("rel", "area", "zh", "磁盘告警的阈值在 alertmanager 的 node-rules.yml 里改"),
        ("dup", "restructure", "zh", "/var/lib/app 不能动；磁盘使用率过 85% 报警时，先用 find /var/log/app -mtime +7 -delete 删掉一周前的日志"),
        ("unrel", "other", "zh", "设计系统的颜色变量定义在 tokens.json"),
        ("near", "condition", "mixed", "disk usage 超 85% 先清 /var/log/app 的旧日志，但如果是 db 节点，先去看 WAL 目录"),
    ],
)

_t(
    "Pager escalation: primary has 5 minutes to ack before the secondary is paged\nAfter another "
    "10 minutes without an ack it goes to the engineering manager.",
    [
        ("dup", "number", "en", "If the primary doesn't ack within five min, PagerDuty pages the secondary; ten more minutes and it goes to the EM"),
        ("dup", "crosslang", "mixed", "告警升级：主值班 5 分钟内不确认就呼副值班，再过 10 分钟还没人确认就打给工程经理。"),
        ("near", "number", "mixed", "告警升级：主值班 15 分钟内不确认就呼副值班"),
        ("near", "condition", "en", "Pager escalation: primary has 5 minutes to ack before the secondary is paged, but only for P1; P2 pages wait 30 minutes"),
        ("rel", "area", "en", "On-call handoff is Monday 10:00 with a written summary in #oncall"),
        ("unrel", "other", "mixed", "训练数据的去重脚本在 scripts/dedup_corpus.py"),
    ],
)

_t(
    "事故期间回滚用 deployctl rollback <服务> --to previous，不要 git revert 再走发布流水线\n流水线要 25 分钟，rollback 一分钟内生效。",
    [
        ("dup", "crosslang", "mixed", "During an incident roll back with `deployctl rollback <service> --to previous`, not a git revert through the pipeline: the pipeline takes 25 minutes, the rollback under one."),
        ("dup", "summary", "zh", "出事故时直接 deployctl rollback，别 revert 再走流水线（太慢）"),
        ("dup", "mixed-switch", "mixed", "incident 的时候 rollback 用 deployctl rollback --to previous，别 git revert 走 pipeline，pipeline 要 25 分钟"),
        ("near", "flag", "zh", "事故期间回滚用 deployctl rollback <服务> --to last-green，不要 git revert 再走发布流水线"),
        ("near", "dropped", "mixed", "Always roll back with deployctl rollback --to previous instead of a git revert, incident or not"),
        ("unrel", "other", "zh", "UI 走查用 Chrome 和 Safari 的最新版"),
        ("near", "added", "mixed", "incident 时用 deployctl rollback --to previous，别 git revert；rollback 之后还要在 #inc 里贴 deploy id"),
    ],
)

_t(
    "Incident comms: post a status update in #inc every 30 minutes\nEven 'no change' counts; the "
    "incident commander owns it, not the person debugging.",
    [
        ("dup", "number", "en", "During an incident the IC posts in #inc every half hour, even when nothing has changed"),
        ("dup", "mixed-switch", "mixed", "incident 期间由 IC 每 30 分钟在 #inc 发一次 status update，没进展也要发，不是 debug 的人发"),
        ("near", "moved", "en", "Incident comms: the person debugging owns the #inc updates, not the incident commander"),
        ("rel", "area", "en", "Incident postmortems are due within 5 business days, using the blameless template in Notion"),
        ("unrel", "other", "en", "Checkpoint uploads to S3 use multipart with 64 MB parts"),
    ],
)

_t(
    "Redis 内存告警时用 redis-cli --bigkeys 找大 key，只在从库上跑\n主库上扫描会拖慢线上请求。",
    [
        ("dup", "crosslang", "mixed", "For Redis memory alerts, find big keys with redis-cli --bigkeys on a replica only; scanning the primary slows live traffic."),
        ("dup", "synonym", "zh", "Redis 内存报警排查大 key：redis-cli --bigkeys，只能在 replica 上执行，在主节点跑会影响线上"),
        ("near", "flag", "zh", "Redis 内存告警时用 redis-cli --memkeys 找大 key，只在从库上跑"),
        ("rel", "area", "mixed", "Redis maxmemory-policy is allkeys-lru on the cache cluster"),
        ("dup", "summary", "zh", "找 Redis 大 key 用 --bigkeys，只在从库跑"),
        ("unrel", "other", "zh", "游戏内货币的汇率表每周二更新"),
        ("rel", "area", "zh", "Redis 的慢查询用 SLOWLOG GET 128 看，阈值 10ms"),
    ],
)

# --- SQL performance ----------------------------------------------------------------------------

_t(
    "orders has a composite index on (customer_id, created_at)\nFilter on customer_id first; a "
    "query on created_at alone can't use it and seq-scans 40M rows.",
    [
        ("dup", "restructure", "en", "A created_at-only query on orders seq-scans its 40M rows; the composite index is (customer_id, created_at), so filter by customer_id"),
        ("dup", "number", "en", "orders: index on (customer_id, created_at); filtering only on created_at scans all forty million rows"),
        ("near", "moved", "en", "orders has a composite index on (created_at, customer_id)\nFilter on created_at first; a query on customer_id alone can't use it."),
        ("unrel", "other", "mixed", "安卓 release 签名配置放在 CI 的 secure files 里"),
    ],
)

_t(
    "报表查询不要 SELECT *，events 表有 80 多列\n只取需要的列，列存扫描量能降一个数量级。",
    [
        ("dup", "crosslang", "mixed", "No SELECT * in reporting queries: the events table has 80+ columns, and selecting only what you need cuts the columnar scan by about 10x."),
        ("dup", "filler", "zh", "注意：报表 SQL 别写 SELECT *，events 有八十多列，只选用到的列扫描量能少一个数量级"),
        ("near", "subst", "mixed", "No SELECT * in reporting queries: the sessions table has 80+ columns"),
        ("rel", "area", "zh", "events 表按天分区，查询必须带 event_date 条件"),
        ("dup", "synonym", "zh", "写报表查询时只取用得到的字段，events 表八十多列，SELECT * 会多扫一个数量级的数据"),
    ],
)

_t(
    "Large-table indexes in migrations: CREATE INDEX CONCURRENTLY\nIt can't run inside a "
    "transaction, so the migration must set atomic = False (Django) and do only that one operation.",
    [
        ("dup", "synonym", "en", "Add indexes on big tables with CREATE INDEX CONCURRENTLY in a non-atomic migration (atomic = False) holding just that statement, since it can't be in a transaction"),
        ("dup", "crosslang", "mixed", "迁移里给大表加索引要用 CREATE INDEX CONCURRENTLY；它不能在事务里跑，所以 Django 迁移要设 atomic = False，并且只放这一个操作。"),
        ("near", "dropped", "en", "All indexes in migrations: CREATE INDEX CONCURRENTLY, whatever the table size"),
        ("rel", "area", "en", "Migrations that add a NOT NULL column need a default and ship over two deploys"),
        ("unrel", "other", "en", "Screen reader testing is done with VoiceOver on Safari and NVDA on Firefox"),
    ],
)

_t(
    "audit_log 分页不要用 OFFSET，用 id 做 keyset 分页\n翻到几千页以后 OFFSET 要扫几百万行，接口超时。",
    [
        ("dup", "mixed-switch", "mixed", "audit_log 的分页改用 keyset pagination（WHERE id < last_id），OFFSET 翻到后面要扫几百万行会 timeout"),
        ("dup", "crosslang", "mixed", "Don't paginate audit_log with OFFSET; use keyset pagination on id. Deep pages make OFFSET scan millions of rows and the API times out."),
        ("dup", "summary", "zh", "audit_log 用 id 做 keyset 分页，别用 OFFSET"),
        ("near", "subst", "zh", "audit_log 分页不要用 OFFSET，用 created_at 做 keyset 分页"),
        ("near", "dropped", "mixed", "Don't paginate any table with OFFSET; use keyset pagination on id everywhere"),
        ("unrel", "other", "zh", "钉钉机器人的 webhook 在 config/notify.yaml 里配置"),
    ],
)

_t(
    "Run EXPLAIN ANALYZE on the read replica, never on the primary\nIt actually executes the "
    "query; a bad plan on the primary has locked the orders table before.",
    [
        ("dup", "synonym", "en", "EXPLAIN ANALYZE really executes the statement, so use it only on the replica, not the primary (it once locked orders)"),
        ("dup", "crosslang", "mixed", "EXPLAIN ANALYZE 会真的执行查询，只在只读从库上跑，不要在主库跑，之前在主库上锁过 orders 表。"),
        ("near", "condition", "en", "Run EXPLAIN ANALYZE on the read replica, never on the primary, unless it's a plain SELECT wrapped in BEGIN ... ROLLBACK"),
        ("rel", "area", "en", "pg_stat_statements is enabled on the replica; sort by total_exec_time to find the slow queries"),
        ("unrel", "other", "mixed", "小程序的 appid 写在 project.config.json 里"),
        ("dup", "filler", "en", "Heads-up: never EXPLAIN ANALYZE on the primary; use the read replica"),
    ],
)

_t(
    "API 用的数据库角色 statement_timeout 是 5 秒\n超过会报 canceling statement due to statement "
    "timeout；报表任务用单独的 report 角色，没有这个限制。",
    [
        ("dup", "crosslang", "mixed", "The API's database role has statement_timeout = 5s; longer queries fail with 'canceling statement due to statement timeout'. Reports use the separate report role, which has no limit."),
        ("dup", "number", "zh", "api 数据库角色的语句超时 5000ms，报表走 report 角色不受限"),
        ("near", "negation", "mixed", "The report role has statement_timeout = 5s too, same as the API role"),
        ("unrel", "other", "zh", "Storybook 截图对比用 Chromatic"),
        ("dup", "restructure", "zh", "报表任务走 report 角色，不受这个限制；API 的数据库角色 statement_timeout 是 5 秒，超时会报 canceling statement due to statement timeout"),
    ],
)

_t(
    "Invoice admin list has an N+1 on customer: use list_select_related\nSet list_select_related = "
    "('customer',) on InvoiceAdmin; without it the changelist runs 101 queries per page.",
    [
        ("dup", "format", "en", "InvoiceAdmin: `list_select_related = (\"customer\",)` fixes the N+1 (101 queries per page)"),
        ("dup", "mixed-switch", "mixed", "Django admin 的 invoice 列表有 N+1，InvoiceAdmin 要设 list_select_related = ('customer',)，不然一页 101 条 query"),
        ("near", "dropped", "en", "Every ModelAdmin must set list_select_related for its foreign keys"),
        ("unrel", "other", "en", "Product analytics events go through Segment, not straight to Amplitude"),
    ],
)

# --- frontend accessibility ---------------------------------------------------------------------

_t(
    "Icon-only buttons need an aria-label\nScreen readers announce an unlabeled <button><svg/></button> "
    "as just 'button'; the lint rule jsx-a11y/control-has-associated-label catches most cases.",
    [
        ("dup", "restructure", "en", "A <button> holding only an SVG is read as plain 'button' by screen readers, so give icon-only buttons an aria-label"),
        ("dup", "filler", "en", "a11y reminder: icon-only buttons must carry an aria-label"),
        ("near", "dropped", "en", "All buttons need an aria-label, even ones with visible text"),
        ("rel", "area", "en", "Decorative images get alt=\"\" so screen readers skip them"),
        ("near", "scope", "en", "Icon-only buttons and icon-only links need an aria-label"),
        ("unrel", "other", "mixed", "固件版本号写在 version.h 里，发版时手动改"),
    ],
)

_t(
    "正文文字对比度至少 4.5:1，#999 配白底不达标\n#999 只有 2.8:1，正文灰字统一用 #595959（7:1）。",
    [
        ("dup", "crosslang", "mixed", "Body text needs at least 4.5:1 contrast; #999 on white is only 2.8:1, so gray body text uses #595959 (7:1)."),
        ("dup", "synonym", "zh", "灰色正文别再用 #999（白底对比度才 2.8:1，达不到 4.5:1），统一换成 #595959"),
        ("near", "condition", "mixed", "Body text needs at least 4.5:1 contrast, except text 24px and larger, which only needs 3:1"),
        ("unrel", "other", "mixed", "The data team's Looker instance is at looker.internal"),
        ("dup", "summary", "zh", "正文对比度 ≥ 4.5:1，灰字用 #595959，不用 #999"),
    ],
)

_t(
    "Modals trap focus and restore it on close\nTab must cycle inside the dialog, Escape closes it, "
    "and focus goes back to the element that opened it.",
    [
        ("dup", "summary", "en", "Dialogs: focus trap, Esc to close, return focus to the trigger"),
        ("dup", "crosslang", "mixed", "弹窗要把焦点锁在里面，Tab 只在弹窗内循环，Esc 关闭，关闭后焦点回到打开它的元素。"),
        ("near", "added", "en", "Modals trap focus and restore it on close; the page behind also gets the inert attribute so screen readers can't reach it"),
        ("rel", "area", "mixed", "弹窗统一用 @acme/ui 的 <Dialog> 组件，不要自己手写"),
        ("dup", "synonym", "en", "Dialogs must keep Tab focus inside them, close on Escape, and hand focus back to whatever opened them"),
    ],
)

_t(
    "不要用大于 0 的 tabindex\n会打乱 Tab 顺序；需要可聚焦就用 tabindex=\"0\"，只想用脚本聚焦用 -1。",
    [
        ("dup", "crosslang", "mixed", "Never use a positive tabindex: it scrambles the tab order. Use tabindex=\"0\" to make something focusable and -1 for script-only focus."),
        ("dup", "mixed-switch", "mixed", "tabindex 别设正数，会把 tab order 搞乱；要 focusable 用 0，只给 JS focus 用 -1"),
        ("dup", "summary", "zh", "tabindex 只用 0 和 -1"),
        ("near", "moved", "zh", "不要用大于 0 的 tabindex\n需要可聚焦就用 tabindex=\"-1\"，只想用脚本聚焦用 0。"),
        ("rel", "area", "zh", "自定义下拉组件要支持上下方向键和 Home/End"),
        ("unrel", "other", "zh", "训练集群每周一上午维护，不要排长任务"),
    ],
)

_t(
    "Playwright e2e runs axe; serious and critical violations fail the build\nModerate and minor "
    "ones are only listed in the HTML report.",
    [
        ("dup", "synonym", "en", "axe checks in the Playwright suite break the build on serious/critical issues; moderate/minor just show up in the report"),
        ("dup", "crosslang", "mixed", "Playwright 端到端测试里跑 axe，serious 和 critical 级别的问题会让构建失败，moderate 和 minor 只在 HTML 报告里列出。"),
        ("near", "dropped", "en", "Playwright e2e runs axe; any violation fails the build"),
        ("unrel", "other", "en", "Scripts in tools/ run with `uv run`, not the system python"),
        ("near", "flag", "en", "Playwright e2e runs axe with --tags wcag2aa; serious and critical violations fail the build"),
    ],
)

_t(
    "尊重 prefers-reduced-motion：开启时首页轮播不自动播放\n过渡动画也降为淡入淡出，时长不超过 150ms。",
    [
        ("dup", "crosslang", "mixed", "Respect prefers-reduced-motion: when it's set, the home carousel doesn't autoplay and transitions fall back to fades of 150 ms or less."),
        ("dup", "mixed-switch", "mixed", "用户开了 reduced motion 的话，首页 carousel 不 autoplay，transition 改成 fade，不超过 150ms"),
        ("near", "dropped", "zh", "首页轮播一律不自动播放\n过渡动画统一用淡入淡出，时长不超过 150ms。"),
        ("unrel", "other", "zh", "后端接口统一返回 {code, msg, data} 结构"),
        ("dup", "restructure", "zh", "用户开启 prefers-reduced-motion 时首页轮播不自动播放，过渡动画改成 150ms 以内的淡入淡出"),
    ],
)

# --- billing ------------------------------------------------------------------------------------

_t(
    "Stripe webhooks: verify the signature and dedupe by event.id\nUse the endpoint's whsec secret "
    "with stripe.Webhook.construct_event; Stripe retries for up to 3 days, so handlers must be idempotent.",
    [
        ("dup", "summary", "en", "Stripe webhook handlers: check the signature, stay idempotent on event.id (retries go on for 3 days)"),
        ("dup", "crosslang", "mixed", "Stripe webhook 要用 endpoint 的 whsec 密钥验签（construct_event），并按 event.id 去重；Stripe 会重试最多 3 天，处理必须幂等。"),
        ("near", "subst", "en", "Stripe webhooks: verify the signature and dedupe by the object's id (invoice.id), not event.id"),
        ("rel", "area", "mixed", "本地调 Stripe webhook 用 stripe listen --forward-to localhost:8000/webhooks/stripe"),
        ("dup", "format", "en", "Stripe webhooks: `construct_event` with the endpoint's `whsec_` secret, idempotent on `event.id` (retries last up to 3 days)"),
        ("unrel", "other", "en", "Game save files are versioned; bump SAVE_VERSION when the schema changes"),
    ],
)

_t(
    "金额一律用整数分存储，不要用浮点\nDecimal 只在展示层格式化；日元这种零位小数货币按元存。",
    [
        ("dup", "crosslang", "mixed", "Store money as integer cents, never floats; Decimal is only for display formatting. Zero-decimal currencies like JPY are stored in whole yen."),
        ("dup", "restructure", "zh", "不要用 float 存金额，统一存成整数（分），展示时再用 Decimal 格式化；JPY 这类没有小数位的币种直接存元"),
        ("dup", "mixed-switch", "mixed", "amount 字段一律 integer cents，别用 float；Decimal 只在展示层用，JPY 这种 zero-decimal currency 按元存"),
        ("near", "subst", "zh", "金额一律用 Decimal 存储，不要用浮点"),
        ("near", "added", "mixed", "Store money as integer cents, never floats; FX rates are NUMERIC(18,8) in the fx_rates table"),
        ("unrel", "other", "zh", "k8s 的 namespace 按团队划分，比如 team-growth"),
        ("near", "negation", "mixed", "amount 字段用 float 存就行，展示层再 round 到两位小数"),
    ],
)

_t(
    "Plan changes: upgrades prorate immediately, downgrades wait for period end\nUpgrades use "
    "proration_behavior='always_invoice'; downgrades are scheduled with a subscription schedule so "
    "no credit is issued.",
    [
        ("dup", "restructure", "en", "Downgrades take effect at the end of the billing period (subscription schedule, no credit); upgrades are prorated and invoiced right away"),
        ("dup", "crosslang", "mixed", "套餐变更：升级立即按比例计费（proration_behavior='always_invoice'），降级用 subscription schedule 等到周期结束再生效，不退差价。"),
        ("near", "flag", "en", "Plan changes: upgrades prorate immediately with proration_behavior='create_prorations', so the difference lands on the next invoice"),
        ("near", "reversed", "mixed", "套餐降级以前是等周期结束生效，现在改成立即生效并按比例退差价"),
        ("unrel", "other", "en", "The Android lint baseline is lint-baseline.xml; don't add new entries to it"),
        ("dup", "summary", "en", "Upgrades prorate right away; downgrades wait until the period ends"),
    ],
)

_t(
    "发票创建 1 小时后自动定稿，要改金额得在这之前\n定稿后只能作废重开或者开贷项通知单。",
    [
        ("dup", "crosslang", "mixed", "Invoices auto-finalize one hour after creation, so edit amounts before that; once finalized you can only void and reissue or issue a credit note."),
        ("dup", "number", "mixed", "发票生成后 60 分钟自动 finalize，改金额要趁早；finalize 之后只能作废重开或开 credit note"),
        ("near", "number", "zh", "发票创建 24 小时后自动定稿，要改金额得在这之前"),
        ("near", "added", "mixed", "Invoices auto-finalize one hour after creation; until then they can't be emailed to the customer"),
        ("rel", "area", "zh", "发票 PDF 由 Stripe 生成，我们只存 hosted_invoice_url"),
        ("dup", "synonym", "zh", "发票生成一小时后会自动定稿，金额要在这之前改；定稿后只能作废重开，或者开贷项通知单"),
        ("unrel", "other", "mixed", "Keep Unity's Library/ folder out of git"),
    ],
)

_t(
    "Stripe Tax covers EU customers only; US sales tax goes through Avalara\nThe tax provider is "
    "chosen from the billing address country at checkout.",
    [
        ("dup", "synonym", "en", "US sales tax is computed by Avalara, while Stripe Tax handles only EU customers; which one is picked by billing country at checkout"),
        ("dup", "mixed-switch", "mixed", "Stripe Tax 只管 EU 客户，US 的 sales tax 走 Avalara，checkout 时按 billing address 的国家选"),
        ("near", "scope", "en", "Stripe Tax covers EU and UK customers; US sales tax goes through Avalara"),
        ("rel", "area", "en", "EU B2B customers with a valid VAT ID get reverse charge; IDs are validated through VIES"),
    ],
)

_t(
    "免费试用 14 天，必须绑卡\n试用结束自动扣费，结束前 3 天发邮件提醒。",
    [
        ("dup", "crosslang", "mixed", "The free trial is 14 days and requires a card; it auto-charges at the end, with a reminder email 3 days before."),
        ("dup", "number", "zh", "试用期两周，注册时要绑卡，到期自动扣款，提前三天邮件提醒"),
        ("near", "number", "mixed", "The free trial is 30 days and requires a card"),
        ("near", "negation", "zh", "免费试用 14 天，不需要绑卡\n试用结束后自动降为免费版。"),
        ("near", "condition", "zh", "免费试用 14 天，必须绑卡，企业版除外，企业版试用由销售开通"),
        ("unrel", "other", "zh", "Git 分支命名用 feat/、fix/ 前缀"),
        ("dup", "summary", "zh", "试用 14 天，要绑卡，到期自动扣费"),
    ],
)

_t(
    "Refunds over $500 need finance approval\nSupport can refund up to $500 from the admin; larger "
    "ones go through the #finance-approvals form.",
    [
        ("dup", "number", "en", "Support may refund up to five hundred dollars on their own; anything above needs finance sign-off via #finance-approvals"),
        ("dup", "crosslang", "mixed", "超过 500 美元的退款要财务审批；客服在后台最多能退 500，更大的走 #finance-approvals 表单。"),
        ("near", "number", "en", "Refunds over $100 need finance approval\nSupport can refund up to $100 from the admin."),
        ("unrel", "other", "en", "Tailwind's content globs must include packages/ui/src or those classes get purged"),
        ("dup", "summary", "en", "Refunds above $500 need finance approval"),
    ],
)

# --- search relevance ---------------------------------------------------------------------------

_t(
    "Product search boosts title ^3 over description\nMatches in the brand field get ^2; changing "
    "boosts needs a relevance eval run first.",
    [
        ("dup", "format", "en", "Search boosts: `title^3`, `brand^2`, description unboosted; rerun the relevance eval before changing them"),
        ("dup", "crosslang", "mixed", "商品搜索里 title 权重 ^3，高于 description，brand 字段 ^2；改权重前要先跑相关性评测。"),
        ("near", "moved", "en", "Product search boosts title ^2 over description\nMatches in the brand field get ^3."),
        ("near", "number", "mixed", "商品搜索里 title 权重 ^5，brand 字段 ^2"),
        ("rel", "area", "en", "Product search wraps the query in a function_score on popularity with a log1p modifier"),
    ],
)

_t(
    "同义词词典改了以后要 reload search analyzer\n用 POST /products/_reload_search_analyzers，不用重建索引；只对 search_analyzer 生效。",
    [
        ("dup", "crosslang", "mixed", "After editing the synonyms file, reload the search analyzers (POST /products/_reload_search_analyzers); no reindex is needed, but it only affects the search_analyzer."),
        ("dup", "mixed-switch", "mixed", "synonyms 更新后调 _reload_search_analyzers 就行，不需要 reindex，只对 search_analyzer 生效"),
        ("dup", "synonym", "zh", "同义词文件更新后调用 _reload_search_analyzers 重新加载即可，无需重建索引，仅作用于 search_analyzer"),
        ("near", "negation", "zh", "同义词词典改了以后要重建索引，reload search analyzer 不管用"),
        ("unrel", "other", "zh", "产品需求文档统一放飞书云文档"),
    ],
)

_t(
    "Relevance gate: nDCG@10 on the judged query set must not drop more than 1%\nRun `make "
    "relevance-eval`; it compares against the last release's baseline.",
    [
        ("dup", "synonym", "en", "A search change may not lower nDCG@10 on the judged queries by over 1 percent versus the last release (`make relevance-eval`)"),
        ("dup", "crosslang", "mixed", "相关性门槛：在标注查询集上 nDCG@10 降幅不能超过 1%，跑 make relevance-eval，和上个版本的基线比。"),
        ("near", "number", "en", "Relevance gate: nDCG@20 on the judged query set must not drop more than 1%"),
        ("rel", "area", "mixed", "标注查询集有 1200 条查询，0-3 四档打分，每季度更新一次"),
        ("unrel", "other", "en", "The user wants PR descriptions under 200 words"),
    ],
)

_t(
    "中文分词：索引用 ik_max_word，查询用 ik_smart\n查询也用 max_word 会召回太多噪声。",
    [
        ("dup", "crosslang", "mixed", "Chinese analysis: ik_max_word at index time, ik_smart at query time; using max_word for queries too pulls in noisy matches."),
        ("dup", "restructure", "zh", "查询端用 ik_smart、索引端用 ik_max_word，两边都用 max_word 的话噪声召回太多"),
        ("near", "subst", "mixed", "Chinese analysis: use the smartcn analyzer at both index and query time"),
        ("rel", "area", "zh", "IK 的自定义词典在 config/analysis-ik/custom.dic，改完要重启节点"),
        ("dup", "summary", "zh", "IK 分词：索引 max_word，查询 smart"),
        ("unrel", "other", "zh", "出差报销要在一个月内提交"),
        ("rel", "area", "mixed", "改了 index analyzer 之后必须 reindex，光 reload 不生效"),
    ],
)

_t(
    "Typo tolerance is off for queries shorter than 4 characters\nShort queries like 'ipa' matched "
    "'spa' and 'pie'; fuzziness AUTO:4,8 handles it.",
    [
        ("dup", "restructure", "en", "With fuzziness AUTO:4,8, a query under 4 chars gets no typo tolerance (short ones like 'ipa' were matching 'spa')"),
        ("dup", "crosslang", "mixed", "少于 4 个字符的查询不做纠错，之前 ipa 会匹配到 spa 和 pie；fuzziness 用 AUTO:4,8。"),
        ("near", "scope", "en", "Typo tolerance is off for queries shorter than 4 characters and for SKU searches of any length"),
        ("unrel", "other", "mixed", "测试环境的短信验证码固定是 123456"),
        ("dup", "summary", "en", "No typo tolerance for queries under 4 characters"),
    ],
)

_t(
    "重建索引用别名切换：写到 products_v{n}，再把别名 products 指过去\n切换用一个 _aliases 请求原子完成，旧索引保留 2 天再删。",
    [
        ("dup", "crosslang", "mixed", "Reindex by alias swap: build products_v{n}, then repoint the products alias in a single atomic _aliases call; keep the old index 2 days before deleting it."),
        ("dup", "summary", "zh", "重建索引走 alias 原子切换，旧索引留两天"),
        ("near", "number", "mixed", "Reindex by alias swap into products_v{n}; keep the old index 7 days before deleting it"),
        ("near", "added", "zh", "重建索引用别名切换：写到 products_v{n}，再把别名 products 指过去\n切换前先对比新旧索引的文档数，相差超过 0.1% 就中止。"),
        ("rel", "area", "zh", "重建索引时先把新索引的 number_of_replicas 设成 0、refresh_interval 设成 -1，写完再改回来"),
        ("dup", "restructure", "zh", "别名 products 通过一次 _aliases 请求原子地切到新建的 products_v{n}；旧索引留 2 天后再删"),
    ],
)

# --- how the user wants the agent to work -------------------------------------------------------

_t(
    "User wants small commits, one concern each\nDon't bundle a refactor with a behaviour change; "
    "split them even if it's one file.",
    [
        ("dup", "synonym", "en", "Keep commits small and single-purpose; the user wants refactors and behaviour changes in separate commits"),
        ("dup", "crosslang", "mixed", "用户要求提交要小，一个提交只做一件事；重构和行为改动就算在同一个文件也要拆开。"),
        ("dup", "filler", "en", "Preference: one concern per commit, so a refactor never rides along with a behaviour change"),
        ("near", "reversed", "en", "User now wants one squashed commit per PR instead of many small commits"),
        ("unrel", "other", "en", "The GPU quota in us-east-1 is 16 A10G instances"),
    ],
)

_t(
    "用户希望回答用中文，代码注释和 commit message 用英文",
    [
        ("dup", "crosslang", "mixed", "The user wants replies in Chinese, but code comments and commit messages in English"),
        ("dup", "mixed-switch", "mixed", "reply 用中文，code comment 和 commit message 写英文"),
        ("near", "moved", "zh", "用户希望回答用英文，代码注释和 commit message 用中文"),
        ("near", "dropped", "zh", "用户希望所有输出都用中文，包括代码注释和 commit message"),
        ("rel", "area", "zh", "用户希望回答简短，先给结论再给细节"),
        ("dup", "restructure", "zh", "代码注释和 commit message 写英文，跟用户对话用中文"),
    ],
)

_t(
    "Ask before running the full test suite\nIt takes about 20 minutes; run the touched test files "
    "instead unless the user says otherwise.",
    [
        ("dup", "number", "en", "Don't kick off the whole test suite without asking (it's ~20 min); run just the affected test files"),
        ("dup", "mixed-switch", "mixed", "跑 full test suite 之前先问用户，大概要 20 分钟，平时只跑改到的 test 文件"),
        ("near", "dropped", "en", "Ask before running any tests, even a single file"),
        ("rel", "area", "en", "Integration tests need `docker compose up -d db` before they run"),
        ("unrel", "other", "mixed", "Kafka 的 consumer lag 告警阈值是 10 万条"),
    ],
)

_t(
    "改动超过 50 行先给方案，等用户确认再动手\n小改动可以直接改，但要说明改了什么。",
    [
        ("dup", "crosslang", "mixed", "For changes over ~50 lines, propose a plan and wait for the user's OK before editing; small changes can go ahead with a note on what changed."),
        ("dup", "restructure", "zh", "小改动直接改并说明；超过 50 行的改动要先出方案，用户确认后再改"),
        ("dup", "filler", "zh", "用户偏好：改动超过五十行的，先把方案发给用户确认，再动代码"),
        ("near", "number", "zh", "改动超过 200 行先给方案，等用户确认再动手"),
        ("near", "dropped", "mixed", "Always propose a plan and wait for the user's OK before editing any code"),
        ("unrel", "other", "zh", "监控大盘用 Grafana，数据源是 Prometheus"),
    ],
)

_t(
    "Never push to the remote; the user pushes\nCommit locally and stop; he reviews with `git log -p` "
    "and pushes himself.",
    [
        ("dup", "filler", "en", "Important: don't git push. Commit locally; the user reviews and pushes on his own."),
        ("dup", "crosslang", "mixed", "不要 push 到远端，本地提交就停，用户自己用 git log -p 看过后再推。"),
        ("near", "condition", "en", "Never push to the remote, except to your own feature branch when the user asks for a draft PR"),
        ("near", "negation", "en", "Push to the remote after committing; the user reviews on GitHub"),
        ("rel", "area", "en", "The user wants one branch per task, named agent/<short-topic>"),
        ("dup", "synonym", "en", "The user does all the pushing; stop after committing locally and don't push to any remote"),
    ],
)

_t(
    "commit message 里不要用 emoji\n用户觉得 gitmoji 在 git log --oneline 里很乱，用 Conventional Commits 前缀就行。",
    [
        ("dup", "crosslang", "mixed", "No emoji in commit messages; the user finds gitmoji noisy in git log --oneline and wants plain Conventional Commits prefixes."),
        ("dup", "synonym", "zh", "提交信息别加表情符号，用户嫌 gitmoji 在 oneline 日志里乱，前缀用 feat:/fix: 这种就好"),
        ("near", "scope", "zh", "commit message、PR 标题和代码注释里都不要用 emoji"),
        ("near", "negation", "mixed", "Use gitmoji in commit messages; the user likes how they scan in git log --oneline"),
        ("unrel", "other", "zh", "Postman 集合导出放在 docs/api/ 下"),
        ("dup", "summary", "zh", "commit message 不加 emoji"),
        ("near", "condition", "mixed", "commit message 里不要用 emoji，release commit 除外，可以加 🚀"),
    ],
)

_t(
    "Type hints on every new function\nThe user wants full annotations including return types, and "
    "`mypy --strict` clean on files you touch.",
    [
        ("dup", "summary", "en", "New functions need full type hints; touched files must pass mypy --strict"),
        ("dup", "mixed-switch", "mixed", "新写的 function 都要加 type hints，return type 也要，改过的文件 mypy --strict 要过"),
        ("near", "scope", "en", "Type hints on every function, including existing ones in files you didn't otherwise change"),
        ("unrel", "other", "en", "The ML feature store is Feast with a Redis online store"),
    ],
)

_t(
    "改完代码先跑 ruff check 和 mypy，再跟用户汇报\n有报错先自己修掉，不要把 lint 错误留给用户。",
    [
        ("dup", "crosslang", "mixed", "After editing code, run ruff check and mypy before reporting back, and fix what they flag yourself instead of leaving lint errors to the user."),
        ("dup", "filler", "zh", "记住：汇报之前先跑 ruff check 和 mypy，报错自己修好再说"),
        ("near", "added", "zh", "改完代码先跑 ruff check、ruff format 和 mypy，再跟用户汇报"),
        ("near", "flag", "zh", "改完代码先跑 ruff check --fix 和 mypy，再跟用户汇报"),
        ("unrel", "other", "zh", "App 的深色模式跟随系统设置"),
        ("dup", "synonym", "zh", "每次改完代码，先执行 ruff check 和 mypy，有问题自己修好，再向用户汇报结果"),
    ],
)

# --- assorted backend -----------------------------------------------------------------------------

_t(
    "GraphQL query depth limit is 8\nDeeper queries get a validation error before execution; the "
    "mobile app's deepest query is 6.",
    [
        ("dup", "synonym", "en", "The GraphQL server rejects queries nested deeper than 8 levels at validation time (mobile's deepest is 6)"),
        ("dup", "crosslang", "mixed", "GraphQL 查询深度上限 8 层，超过会在执行前校验报错；移动端最深的查询是 6 层。"),
        ("near", "moved", "en", "GraphQL query depth limit is 6\nDeeper queries get a validation error before execution; the mobile app's deepest query is 8."),
        ("near", "added", "mixed", "GraphQL 查询深度上限 8 层，另外查询复杂度上限是 1000 分"),
        ("rel", "area", "en", "Production GraphQL only accepts persisted queries; ad-hoc ones return PERSISTED_QUERY_NOT_FOUND"),
    ],
)

_t(
    "k8s CronJob 按 UTC 执行，北京时间早上 9 点要写 0 1 * * *\n集群没开 timeZone 字段。",
    [
        ("dup", "crosslang", "mixed", "Kubernetes CronJobs run in UTC here (the timeZone field isn't enabled), so 9:00 Beijing time is `0 1 * * *`."),
        ("dup", "mixed-switch", "mixed", "CronJob 的 schedule 是 UTC，cluster 没开 timeZone，北京 9 点就写 0 1 * * *"),
        ("near", "reversed", "zh", "k8s CronJob 现在支持 timeZone 字段了，北京时间早上 9 点直接写 timeZone: Asia/Shanghai 加 0 9 * * *"),
        ("near", "condition", "mixed", "CronJobs run in UTC, except on the new prod-2 cluster, where they set timeZone: Asia/Shanghai"),
        ("unrel", "other", "zh", "Kotlin 代码风格用 ktlint，提交前跑 ./gradlew ktlintFormat"),
        ("dup", "number", "zh", "CronJob 按 UTC 算，北京时间上午九点对应 UTC 一点，写 0 1 * * *"),
        ("near", "number", "mixed", "CronJob 的 schedule 是 UTC，北京 9 点要写 0 2 * * *"),
    ],
)

_t(
    "Terraform applies only through Atlantis, never from a laptop\nState lives in s3://acme-tfstate "
    "with the tf-locks DynamoDB table; `terraform plan` locally is fine.",
    [
        ("dup", "restructure", "en", "A local `terraform plan` is OK, but apply only via Atlantis, not from your machine (state in s3://acme-tfstate, locks in tf-locks)"),
        ("dup", "crosslang", "mixed", "Terraform 只能通过 Atlantis apply，不能在本机 apply；state 在 s3://acme-tfstate，锁表是 DynamoDB 的 tf-locks，本地 plan 没问题。"),
        ("near", "condition", "en", "Terraform applies only through Atlantis, never from a laptop, except in the sandbox account"),
        ("rel", "area", "mixed", "Terraform 模块用 git tag 锁版本，比如 ?ref=v1.4.0"),
        ("near", "flag", "en", "Terraform applies only through Atlantis, never from a laptop; run local plans with -lock=false so they don't take the tf-locks lock"),
        ("unrel", "other", "en", "Detox tests tagged @smoke run before merge; the rest run nightly"),
    ],
)

_t(
    "调 inventory 服务的 gRPC 默认 deadline 3 秒\n批量接口 BatchReserve 单独设 10 秒；不设 deadline 会无限等。",
    [
        ("dup", "crosslang", "mixed", "gRPC calls to the inventory service default to a 3 s deadline, and BatchReserve gets 10 s; without a deadline a call waits forever."),
        ("dup", "number", "zh", "inventory 的 gRPC 调用默认超时 3000ms，BatchReserve 给 10s，千万别不设 deadline"),
        ("near", "moved", "zh", "调 inventory 服务的 gRPC 默认 deadline 10 秒\n批量接口 BatchReserve 单独设 3 秒。"),
        ("near", "subst", "mixed", "gRPC calls to the pricing service default to a 3 s deadline"),
        ("unrel", "other", "zh", "设计稿切图要 2x 和 3x 两套"),
        ("dup", "synonym", "zh", "inventory 服务的 gRPC 调用默认 3 秒超时，BatchReserve 放宽到 10 秒，没有 deadline 会一直挂着"),
        ("rel", "area", "mixed", "inventory 服务的 gRPC client 开了 retry policy，最多重试 2 次，只重试 UNAVAILABLE"),
    ],
)

_t(
    "App logs are kept 30 days in Loki\nOlder logs are only in the S3 archive (Glacier); a restore "
    "takes about 12 hours.",
    [
        ("dup", "number", "en", "Loki keeps application logs for thirty days; past that they're only in the Glacier archive, ~12h to restore"),
        ("dup", "crosslang", "mixed", "应用日志在 Loki 里保留 30 天，更早的只在 S3 归档（Glacier）里，恢复要 12 小时左右。"),
        ("near", "number", "en", "App logs are kept 14 days in Loki"),
        ("near", "scope", "en", "App and audit logs are kept 30 days in Loki\nOlder ones are only in the S3 archive."),
        ("unrel", "other", "en", "Android releases go to the internal track first, then a 10% staged rollout"),
        ("dup", "summary", "en", "Loki retention for app logs is 30 days"),
    ],
)

_t(
    "时间统一按 UTC 存库，展示时转成用户所在时区\n用户时区取 profile.timezone，没填就用浏览器的。",
    [
        ("dup", "crosslang", "mixed", "Store all timestamps in UTC and convert to the user's timezone for display: profile.timezone, falling back to the browser's."),
        ("dup", "mixed-switch", "mixed", "DB 里 timestamp 一律存 UTC，前端展示再按 user timezone 转，profile.timezone 为空就 fallback 到浏览器时区"),
        ("near", "subst", "zh", "时间统一按北京时间存库，展示时转成用户所在时区"),
        ("rel", "area", "zh", "日期统一用 ISO 8601，接口返回带 Z 后缀"),
        ("dup", "summary", "zh", "存库用 UTC，展示按用户时区"),
        ("unrel", "other", "mixed", "cache 的 TTL 默认 5 分钟，hot key 单独配"),
    ],
)

_t(
    "导出 CSV 要加 UTF-8 BOM，不然 Excel 打开中文乱码\nPython 里用 encoding='utf-8-sig' 写。",
    [
        ("dup", "crosslang", "mixed", "CSV exports need a UTF-8 BOM or Excel shows the Chinese as mojibake; write them with encoding='utf-8-sig' in Python."),
        ("dup", "restructure", "zh", "Excel 打开没有 BOM 的 UTF-8 CSV 中文会乱码，所以导出时用 utf-8-sig 编码写"),
        ("near", "subst", "zh", "导出 CSV 要用 GBK 编码，不然 Excel 打开中文乱码\nPython 里用 encoding='gbk' 写。"),
        ("near", "condition", "mixed", "CSV exports need a UTF-8 BOM for Excel, but not the ones fed to the warehouse loader, which chokes on the BOM"),
        ("unrel", "other", "mixed", "The iOS app's bundle id is com.acme.shop"),
        ("dup", "filler", "zh", "记住：CSV 导出用 utf-8-sig，带上 BOM，Excel 打开中文才不乱码"),
    ],
)

_t(
    "Image CDN resizes with ?w=; max width 2048\nRequests above 2048 are clamped, and only widths "
    "from the srcset list (320, 640, 1024, 2048) are cached.",
    [
        ("dup", "format", "en", "Image CDN: resize via the `w` query param, capped at 2048px; cached widths are 320/640/1024/2048"),
        ("dup", "crosslang", "mixed", "图片 CDN 用 ?w= 参数缩放，最大宽度 2048，超过会被截到 2048，只有 srcset 里的 320、640、1024、2048 会被缓存。"),
        ("near", "number", "en", "Image CDN resizes with ?w=; max width 4096\nRequests above 4096 are clamped."),
        ("near", "dropped", "en", "Image CDN resizes with ?w=; max width 2048, and every requested width is cached"),
        ("rel", "area", "mixed", "图片 CDN 在 Accept 头允许时返回 AVIF，否则退回 WebP"),
        ("near", "flag", "en", "Image CDN resizes with ?width=; max width 2048"),
        ("unrel", "other", "mixed", "退款超过 500 美元要财务审批"),
    ],
)
