"""A second blind evaluation set for memsync search and context (``bench/search_blind.py --set blind2``).

Written by someone who had not read memsync's tokenizer, ranker, context builder, its own search
corpus or the first blind set's content (see bench/results/search_blind2.md, "How it was kept
blind"), to tell whether gains made on the first set (now development data) generalise.

Two roots: a project root (the "basketly" monorepo of a grocery-delivery company: a data
platform on Airflow/dbt/Spark/Kafka/Snowflake, Go microservices on gRPC/Kubernetes/Terraform,
and iOS/Android apps in Swift/Kotlin) and a global root (one developer's preferences and
cross-project notes). ``ENTRIES`` holds the entries; ``QUERIES`` the questions, each with its
family and graded labels (2 = the answer, 1 = also useful; an empty dict = memory holds no
answer). Keys are ``<scope>:<category>/<slug>`` with scope ``project`` or ``global``.

The data structures and the fixed clock are the first set's, imported so that both sets are
rendered by the same harness code from the same types.
"""
from __future__ import annotations

from search_blind_corpus import BASE_MS, DAY_MS, Entry, Query, writers

__all__ = ["BASE_MS", "DAY_MS", "ENTRIES", "IRON_RULES", "QUERIES", "Entry", "Query"]

ENTRIES: list[Entry] = []
QUERIES: list[Query] = []
# Lines for the "Iron rules" section of each root's ROOT.md.
IRON_RULES = {
    "project": [
        "- 任何人不得在生产 Snowflake 上手动执行 DROP 或 TRUNCATE。",
        "- Every gRPC call between services must carry a deadline.",
        "- 上架商店的构建只能由 CI 出包，禁止本地打包上传。",
    ],
    "global": [
        "- Reply in the language I wrote in; code and commands stay in English.",
        "- 改动超过三个文件之前先给我看计划。",
    ],
}

E, Q = writers(ENTRIES, QUERIES)


# ---------------------------------------------------------------------------------------------
# Data platform: Airflow, dbt, Snowflake, Kafka, Spark
# ---------------------------------------------------------------------------------------------

E("p", "facts/airflow-setup", "fact", "Airflow 2.9 runs on MWAA; DAG files live in data/dags", ["Airflow", "MWAA", "DAG"], """
Managed Airflow (MWAA) in eu-west-1, environment `basketly-data-prod`.
DAG files: data/dags/<domain>/<dag_id>.py; shared operators in data/dags/common/.
Python deps for the workers are pinned in data/dags/requirements.txt (MWAA installs them on restart, ~20 min).
""", d=60)
E("p", "pitfalls/airflow-catchup", "pitfall", "新 DAG 忘了设 catchup=False，上线后一口气回填了两年的任务", ["Airflow", "catchup", "回填"], """
start_date 写的是 2023-01-01，又没关 catchup，scheduler 一上线就排了七百多个 run，把 TRANSFORM_WH 跑满。
现在模板 data/dags/common/defaults.py 里默认 catchup=False，新 DAG 一定要从模板继承。
""", d=120)
E("p", "decisions/airflow-pools", "decision", "Snowflake-heavy Airflow tasks share snowflake_pool (8 slots)", ["Airflow", "pool", "Snowflake"], """
Any task that runs dbt or large Snowflake queries sets pool="snowflake_pool".
8 slots keeps TRANSFORM_WH at most 8 concurrent queries so nothing queues for minutes.
Raise the slot count only together with the warehouse size.
""", d=200)
E("p", "pitfalls/airflow-sensor-slots", "pitfall", "Sensors in poke mode hold a worker slot for hours", ["Airflow", "sensor", "worker"], """
ExternalTaskSensor in the default poke mode kept 12 of 16 worker slots busy every morning; real tasks queued.
Use mode="reschedule" or the deferrable variant (deferrable=True) for anything waiting longer than a few minutes.
""", d=90)
E("p", "facts/airflow-local", "procedure", "本地起 Airflow：make airflow-up（docker compose 起 webserver 和 scheduler）", ["Airflow", "本地", "docker compose"], """
make airflow-up 之后打开 http://localhost:8088，账号 admin/admin。
本地连的是 DEV_<你的名字> schema，不会碰生产数据。
改完 DAG 不用重启，scheduler 三十秒内会重新解析。
""", d=45)
E("p", "pitfalls/airflow-timezone", "pitfall", "调度时间是世界协调时，不是北京时间", ["调度", "时区", "DAG"], """
调度表达式 0 2 * * * 指的是协调世界时凌晨两点，也就是北京时间上午十点。
上个月早报晚了八小时就是这个原因。要按本地时间跑就在 DAG 上显式写时区。
""", d=150)
E("p", "decisions/airflow-deploy", "decision", "DAGs deploy automatically: merge to main syncs data/dags to the MWAA bucket", ["Airflow", "deploy", "MWAA"], """
The `dags-sync` GitHub Actions job runs `aws s3 sync data/dags s3://basketly-mwaa-prod/dags --delete` on merge.
No manual uploads: a file uploaded by hand is deleted by the next sync.
""", d=40, sup=("decisions/airflow-deploy-script",))
E("p", "decisions/airflow-deploy-script", "decision", "DAGs are deployed by running scripts/push_dags.sh from a laptop", ["Airflow", "deploy"], """
Run scripts/push_dags.sh prod after your PR is merged; it copies data/dags to the bucket.
""", d=420)
E("p", "pitfalls/airflow-xcom-size", "pitfall", "Passing a DataFrame through XCom bloated the Airflow metadata database", ["XCom", "Airflow"], """
A task returned a 300 MB pandas DataFrame; it was pickled into the metadata DB and the scheduler slowed to a crawl.
Write the data to S3 and pass the s3:// path through XCom instead. XCom is for small values.
""", d=300)
E("p", "facts/airflow-connections", "fact", "Airflow 的连接都从 Secrets Manager 读，前缀 airflow/connections/", ["Airflow", "connection", "Secrets Manager"], """
例如 snowflake_default 存在 airflow/connections/snowflake_default。
不要在 UI 里手动建连接，MWAA 重启会丢。
""", d=80)
E("p", "pitfalls/airflow-backfill-dupes", "pitfall", "并发回填同一个日期分区，订单表出现了重复行", ["回填", "Airflow", "重复"], """
airflow dags backfill 开了 max_active_runs=8，两个 run 同时写 fct_orders 的同一天分区，结果每单两条。
回填时把 max_active_runs 设成 1，或者让任务先删分区再写。
""", d=70)
E("p", "facts/airflow-dag-owners", "fact", "每个 DAG 的 owner 字段写团队名，告警按它分发", ["DAG", "告警"], """
owner 取值只能是 data-core、growth、finance 三个之一，写错了告警就没人收。
""", d=250)

E("p", "decisions/dbt-incremental", "decision", "Big dbt fact tables are incremental, merged on the unique key", ["dbt", "incremental", "merge"], """
fct_orders, fct_deliveries and fct_payments use materialized='incremental', incremental_strategy='merge', unique_key='id'.
The filter looks back 3 days on updated_at so late-arriving updates are picked up.
""", d=100)
E("p", "pitfalls/dbt-full-refresh", "pitfall", "dbt run --full-refresh 会重建 fct_orders，要跑四十分钟并且期间看板是空的", ["dbt", "full-refresh"], """
只有改了增量模型的列结构才需要 full refresh，而且要在晚上十点之后跑。
平时改逻辑直接普通 run，三天回看窗口足够。
""", d=95)
E("p", "facts/dbt-targets", "fact", "dbt targets: dev writes to DEV_<USER>, ci to CI_PR_<number>, prod only from Airflow", ["dbt", "target", "profiles.yml"], """
profiles.yml is generated by `make dbt-profile`; it reads SNOWFLAKE_USER and uses SSO (externalbrowser) auth.
The prod target exists only inside the MWAA image. Never add prod credentials to your local profile.
""", d=50)
E("p", "rules/dbt-model-tests", "rule", "每个新模型至少要有主键唯一和非空两个测试", ["dbt", "测试", "模型"], """
评审时没有这两个测试的模型直接打回。主键是组合键的话用组合唯一测试。
""", d=180)
E("p", "pitfalls/dbt-snapshot-timestamp", "pitfall", "dbt snapshots with strategy=timestamp silently miss changes the source doesn't stamp", ["dbt", "snapshot"], """
The merchants table in the legacy admin DB does not bump updated_at when the commission changes, so snap_merchants missed every commission change for months.
Use strategy='check' with check_cols for that source.
""", d=210)
E("p", "decisions/dbt-layers", "decision", "dbt layers: stg_ per source table, int_ for joins, fct_/dim_ marts", ["dbt", "naming", "layers"], """
Staging models only rename and cast; no joins. Marts are the only models BI tools may read.
Model names are snake_case and singular for dims (dim_merchant), plural for facts (fct_orders).
""", d=330)
E("p", "pitfalls/dbt-slim-ci", "pitfall", "dbt CI built all 600 models until slim CI used the prod manifest", ["dbt", "CI", "state:modified"], """
The CI job must download prod's manifest.json (artifact of the nightly run) and use `dbt build --select state:modified+ --defer --state prod-artifacts`.
Without the manifest it falls back to a full build, which takes 50 minutes.
""", d=60)
E("p", "facts/dbt-docs", "fact", "dbt 文档站在 dbt-docs.internal，每次合并到 main 自动发布", ["dbt", "文档", "lineage"], """
想看某个模型的上下游血缘，直接在文档站搜模型名，点 lineage 图。
""", d=140)
E("p", "preferences/sql-style", "preference", "Team SQL style: lowercase keywords, trailing commas, CTEs instead of nested subqueries", ["SQL", "style", "sqlfluff"], """
sqlfluff enforces it (config in data/analytics/.sqlfluff); run `sqlfluff fix models/` before pushing.
One CTE per logical step, named for what it holds (paid_orders, not cte1).
""", d=260)
E("p", "decisions/data-quality-alerts", "decision", "Data anomaly alerts come from elementary on top of dbt tests, posted to #data-alerts", ["elementary", "dbt", "告警"], """
Volume and freshness anomalies are elementary tests in the model yml; failures post to #data-alerts with the model owner tagged.
""", d=110)
E("p", "facts/dashboard-refresh", "fact", "看板数据每天早上七点前刷新完；八点还没好就去查调度", ["看板", "刷新"], """
财务和运营的看板都依赖夜间任务链，最后一步在六点半左右完成。
八点还是昨天的数字，先看夜间任务有没有失败，再看仓库有没有排队。
""", d=75)

E("p", "facts/snowflake-warehouses", "fact", "Snowflake warehouses: TRANSFORM_WH (M), BI_WH (S), ADHOC_WH (XS)", ["Snowflake", "warehouse"], """
TRANSFORM_WH: dbt and Airflow only, auto-suspend 120 s.
BI_WH: dashboards, auto-suspend 60 s, multi-cluster up to 3.
ADHOC_WH: people's own queries; statement timeout 30 minutes.
""", d=85)
E("p", "pitfalls/snowflake-credit-spike", "pitfall", "有人把 BI_WH 调成 XL 忘了改回来，一周烧掉了一个月的额度", ["Snowflake", "成本", "credit"], """
现在有资源监控：BI_WH 每天超过 40 个 credit 就发告警并挂起。
临时调大仓库要在 #data-platform 说一声，用完马上改回 SMALL。
""", d=130)
E("p", "decisions/snowflake-roles", "decision", "Snowflake roles: analysts get REPORTER, engineers TRANSFORMER, nobody uses SYSADMIN day to day", ["Snowflake", "role", "RBAC"], """
REPORTER reads marts only. TRANSFORMER owns the analytics database objects.
Role grants are managed in Terraform (infra/terraform/snowflake); ad-hoc GRANTs are reverted on the next apply.
""", d=240)
E("p", "pitfalls/snowflake-quoted-identifiers", "pitfall", "A column created with quotes (\"orderId\") must be quoted forever", ["Snowflake", "identifier", "quoted"], """
Unquoted identifiers are upper-cased; "orderId" stays case-sensitive, so `select orderid` fails with invalid identifier.
The Fivetran connector for the legacy admin DB created quoted camelCase columns; staging models rename them once.
""", d=190)
E("p", "facts/snowflake-undrop", "fact", "误删的表可以用时间旅行找回，生产库保留七天", ["恢复", "误删"], """
生产库保留期七天，开发库只有一天。恢复命令是 UNDROP，加上表名即可，前提是同名表没有被重新建。
""", d=160)
E("p", "pitfalls/snowflake-merge-duplicates", "pitfall", "MERGE fails with 'Duplicate row detected during DML action'", ["Snowflake", "MERGE", "dbt"], """
The incremental source had two rows for the same id in one batch (CDC emitted an update twice).
Deduplicate in the staging model with qualify row_number() over (partition by id order by updated_at desc) = 1.
""", d=55)
E("p", "facts/warehouse-cost-report", "fact", "仓库成本周报每周一上午自动发到频道", ["成本", "周报"], """
按仓库和角色拆分，环比涨超过两成的会标红。
""", d=35)
E("p", "decisions/snowflake-sso", "decision", "人员登录 Snowflake 一律走单点登录，服务账号用密钥对", ["Snowflake", "登录"], """
个人账号禁用密码登录。服务账号（Airflow、Fivetran）用 RSA 密钥对，私钥在 Secrets Manager。
""", d=280)

E("p", "pitfalls/kafka-consumer-rebalance", "pitfall", "order-events consumers kept rebalancing: processing exceeded max.poll.interval.ms", ["Kafka", "consumer", "rebalance"], """
Each poll returned 500 records and enrichment took ~1 s per record, so the member missed max.poll.interval.ms (300 s) and was kicked out; lag grew every time.
Fix: max.poll.records=50 and do the slow enrichment asynchronously.
""", d=65)
E("p", "pitfalls/kafka-rebalance-zh", "pitfall", "消费者组反复重平衡：单条消息处理太慢，超过了两次拉取之间允许的最长间隔", ["Kafka", "重平衡", "消费者"], """
现象是积压越来越多，日志里不停出现重新加入消费组。
解决：减小每次拉取的条数，把耗时的处理挪到异步。
""", d=64)
E("p", "decisions/kafka-schema-registry", "decision", "Kafka events are Avro with the schema registry, compatibility BACKWARD", ["Kafka", "Avro", "schema registry"], """
Producers register schemas at build time; a change that isn't backward compatible fails the CI check.
New optional fields need a default. Never reuse a removed field name with a different type.
""", d=220)
E("p", "facts/kafka-topic-naming", "fact", "Kafka 主题命名规范：<domain>.<entity>.v<n>，默认 12 个分区", ["Kafka", "topic", "命名"], """
例如 order.events.v1、courier.location.v1。
要改不兼容的结构就新开 v2，旧主题双写一个月再下线。
""", d=230)
E("p", "pitfalls/kafka-location-retention", "pitfall", "courier.location.v1 keeps only 6 hours; older replays must come from S3", ["Kafka", "retention", "replay"], """
The topic is huge (every courier every 5 s) so retention.ms is 6 h.
To rebuild a day, read the hourly Parquet dump in s3://basketly-raw/courier_location/ instead of resetting offsets.
""", d=150)
E("p", "decisions/kafka-connect-s3", "decision", "原始事件通过 Kafka Connect 的 S3 sink 落盘，按小时分区", ["Kafka Connect", "S3"], """
所有 *.v* 主题都有对应的 sink，路径 s3://basketly-raw/<topic>/dt=YYYY-MM-DD/hr=HH/。
这是回放和补数的唯一可靠来源。
""", d=200)
E("p", "pitfalls/kafka-offset-reset", "pitfall", "新消费者组默认从最新位置开始读，上线时漏掉了历史消息", ["Kafka", "offset"], """
auto.offset.reset 默认是 latest。新服务第一次上线要消费历史的话，要么设 earliest，要么上线前用 kafka-consumer-groups 手动把位点重置到指定时间。
""", d=175)
E("p", "decisions/cdc-debezium", "decision", "Postgres changes reach Kafka through Debezium reading each service's outbox table", ["Debezium", "CDC", "outbox"], """
Services write domain events into an outbox table in the same transaction; Debezium's outbox router publishes them.
Analytics CDC of full tables is a separate connector per database.
""", d=310)
E("p", "pitfalls/debezium-replication-slot", "pitfall", "A paused Debezium connector kept its replication slot and WAL filled the orders-db disk", ["Debezium", "WAL", "Postgres"], """
RDS free storage dropped to 2% over a weekend. The slot was inactive but retained all WAL.
If a connector is stopped for more than a few hours, drop its slot (select pg_drop_replication_slot('debezium_orders')) and re-snapshot later.
There is now an alarm on OldestReplicationSlotLag.
""", d=45)

E("p", "pitfalls/spark-small-files", "pitfall", "A Spark job wrote 40,000 tiny files to S3 and every reader slowed down", ["Spark", "S3", "small files"], """
The job wrote with 2000 shuffle partitions. Repartition by the output partition column (or coalesce) before the write, aiming at ~128 MB files.
""", d=170)
E("p", "pitfalls/spark-skew-oom", "pitfall", "Spark 作业 OOM 多半是数据倾斜：少数几个大商户的 merchant_id 特别多", ["Spark", "OOM", "倾斜"], """
打开 AQE 的 skew join（spark.sql.adaptive.skewJoin.enabled=true），或者对大 key 加盐打散。
单纯加 executor 内存只是把问题往后推。
""", d=140)
E("p", "facts/spark-submit", "procedure", "Spark jobs run on EMR on EKS; submit with make spark-submit JOB=<name>", ["Spark", "EMR", "spark-submit"], """
Jobs live in data/spark/jobs/<name>/; `make spark-submit JOB=geo_features ENV=staging` packages and submits.
Logs: the Spark history server link is printed at the end of the submit output.
""", d=90)
E("p", "decisions/spark-vs-dbt", "decision", "New transformations go into dbt; Spark only for what SQL cannot do", ["Spark", "dbt"], """
Spark is kept for ML feature generation and geo work (H3, route matching). Everything else is a dbt model so lineage and tests stay in one place.
""", d=260)
E("p", "pitfalls/parquet-int96", "pitfall", "Timestamps from Spark Parquet arrived shifted in Snowflake (INT96)", ["Parquet", "timestamp", "Spark", "Snowflake"], """
Spark wrote INT96 timestamps by default and Snowflake read them with an offset.
Set spark.sql.parquet.outputTimestampType=TIMESTAMP_MICROS in the job config; all jobs inherit it from data/spark/conf/defaults.conf now.
""", d=200)
E("p", "facts/data-oncall", "fact", "数据值班每周一上午交接，值班表在共享日历里", ["值班", "交接"], """
值班的人负责夜间任务失败、看板延迟和数据质量告警，白天响应时间一小时。
""", d=100)
E("p", "rules/pii-columns", "rule", "PII columns are tagged and masked; raw email or phone never reaches a mart", ["PII", "masking", "privacy"], """
Tag columns with meta: {pii: true} in the staging yml; the masking policy applies automatically for roles below TRANSFORMER.
Hash (sha2) customer email if you need a join key.
""", d=300, pin=True)
E("p", "facts/fivetran-sources", "fact", "Fivetran 同步的外部来源：支付网关、客服系统、广告平台", ["Fivetran", "来源"], """
同步频率都是每小时一次；客服系统的接口有限流，偶尔会延迟两三个小时。
""", d=190)
# ---------------------------------------------------------------------------------------------
# Go services: gRPC, Kubernetes, Terraform, CI, databases
# ---------------------------------------------------------------------------------------------

E("p", "facts/service-map", "fact", "Backend services: gateway, order-svc, courier-svc, pricing-svc, notify-svc", ["services", "gateway", "architecture"], """
gateway terminates HTTP/JSON from the apps and calls the others over gRPC.
order-svc owns orders and payments state; courier-svc dispatch and tracking; pricing-svc fees and promos; notify-svc push, SMS and email.
Code: services/<name>/, one Go module each, joined by go.work.
""", d=150)
E("p", "decisions/protobuf-buf", "decision", "Protos live in proto/ and are generated with buf; CI runs buf breaking", ["protobuf", "buf", "gRPC"], """
`buf generate` writes Go stubs to gen/go and Kotlin/Swift clients for the apps.
`buf breaking --against '.git#branch=main'` runs on every PR touching proto/.
""", d=210)
E("p", "pitfalls/proto-field-numbers", "pitfall", "proto 字段改名没问题，但改编号或复用编号会被 buf breaking 拦下", ["protobuf", "buf", "字段"], """
删字段时要写 reserved 把编号和名字都占住，防止以后有人复用。
复用编号在线上会让老客户端把新字段解析成旧含义，之前出过一次金额错位。
""", d=180)
E("p", "pitfalls/grpc-no-deadline", "pitfall", "gRPC calls without a deadline hung gateway requests when pricing-svc was slow", ["gRPC", "deadline", "timeout", "context"], """
Outgoing calls used context.Background(); when pricing-svc stalled, gateway goroutines piled up until the pods were OOMKilled.
Every client call now uses ctx, cancel := context.WithTimeout(ctx, 800*time.Millisecond). The grpcx interceptor rejects calls without a deadline in tests.
""", d=120)
E("p", "pitfalls/rpc-timeout-zh", "pitfall", "服务之间的调用必须带超时，否则下游一卡就把整条链路拖死", ["超时", "调用链"], """
上次计价服务变慢，网关的请求全部挂住，最后整个下单流程都不可用。
超时要比上游自己的超时短，留出重试的余量。
""", d=118)
E("p", "decisions/go-error-wrapping", "decision", "Go errors are wrapped with fmt.Errorf and %w; no pkg/errors", ["Go", "errors", "wrap"], """
Wrap with context at each layer: fmt.Errorf("load order %s: %w", id, err). Check with errors.Is / errors.As.
gRPC handlers map domain errors to status codes in one place (internal/grpcerr).
""", d=240)
E("p", "decisions/go-slog", "decision", "Services log with log/slog (JSON handler); no zap in new code", ["Go", "logging", "slog"], """
Use the logger from internal/logx, which adds trace_id and service. Log keys are snake_case.
Existing zap code is migrated when a file is touched anyway.
""", d=30, sup=("decisions/go-zap",))
E("p", "decisions/go-zap", "decision", "Services log with zap's sugared logger", ["Go", "logging", "zap"], """
Create the logger in main and pass it down; use logger.Infow with key/value pairs.
""", d=500)
E("p", "facts/go-toolchain", "fact", "所有服务统一 Go 1.23，多模块用 go.work 管理", ["Go", "go.work", "版本"], """
升级 Go 版本要同时改 go.work、各模块的 go.mod 和 CI 镜像 ci/go.Dockerfile。
本地用 mise 装指定版本：mise use go@1.23。
""", d=70)
E("p", "pitfalls/goprivate", "pitfall", "go mod download fails for github.com/basketly/* without GOPRIVATE and a token", ["Go", "GOPRIVATE", "modules"], """
Error: 410 Gone / "verifying module: ... reading sum.golang.org".
Set GOPRIVATE=github.com/basketly/* and put a GitHub token in ~/.netrc (machine github.com login x password <token>).
""", d=160)
E("p", "decisions/helm-charts", "decision", "Each service has a Helm chart in deploy/charts, values per environment", ["Helm", "Kubernetes", "chart"], """
values.yaml holds defaults; values-staging.yaml, values-prod-eu.yaml, values-prod-us.yaml override.
Charts depend on the shared library chart basketly-common for probes, PDBs and the ServiceMonitor.
""", d=190)
E("p", "pitfalls/gomemlimit-oomkilled", "pitfall", "order-svc 反复被 OOMKilled：没设 GOMEMLIMIT，容器限制 512Mi", ["OOMKilled", "GOMEMLIMIT", "Kubernetes", "内存"], """
Go 的 GC 不知道容器的内存上限，堆涨到 600Mi 才回收。
现在公共 chart 会把 GOMEMLIMIT 设成 limit 的 90%。自己写的 Deployment 也要加。
""", d=85)
E("p", "pitfalls/readiness-before-listen", "pitfall", "Pods turned Ready before the gRPC server was listening, so rollouts dropped requests", ["Kubernetes", "readiness", "probe", "gRPC"], """
The readiness probe was a TCP check on the metrics port, which opens first.
Use the native gRPC probe (grpc: port: 9000) backed by grpc.health.v1, and only report SERVING after migrations and caches are warm.
""", d=140)
E("p", "facts/k8s-clusters", "fact", "Kubernetes clusters: eks-staging, eks-prod-eu, eks-prod-us", ["Kubernetes", "EKS", "cluster", "kubectl"], """
kubectx names match the cluster names. Developer namespaces live on eks-staging as dev-<user>.
Access via `aws eks update-kubeconfig --name <cluster> --profile basketly-<env>`.
""", d=60)
E("p", "rules/prod-no-manual-changes", "rule", "生产集群禁止手动修改资源，一切改动走流水线", ["生产", "集群"], """
手动改的东西下一次同步就会被覆盖，而且没人知道改过。紧急情况先在事故频道说明，事后补提交。
""", d=250, pin=True)
E("p", "decisions/terraform-layout", "decision", "Terraform: one state per environment and component, remote state in S3 with DynamoDB locking", ["Terraform", "state", "layout"], """
infra/terraform/<env>/<component>/ (network, eks, rds, redis, snowflake ...).
Backend bucket basketly-tfstate, lock table tf-locks. Modules in infra/modules are versioned by git tag.
""", d=230)
E("p", "pitfalls/terraform-stale-lock", "pitfall", "terraform apply 中途被中断会留下锁，要用 force-unlock 解", ["Terraform", "lock", "force-unlock"], """
报错 Error acquiring the state lock，里面有 Lock Info 的 ID。
先确认没有人或流水线正在跑，再执行 terraform force-unlock <ID>。
""", d=110)
E("p", "pitfalls/terraform-provider-pin", "pitfall", "An unpinned AWS provider upgraded in CI and planned to replace the RDS instance", ["Terraform", "provider", "AWS", "RDS"], """
The plan showed `-/+ aws_db_instance.orders (forces replacement)` after a major provider release changed a default.
All components pin providers with ~> in versions.tf and commit .terraform.lock.hcl.
""", d=75)
E("p", "facts/atlantis", "procedure", "Terraform plans and applies run through Atlantis comments on the PR", ["Atlantis", "Terraform", "plan", "apply"], """
Comment `atlantis plan -p prod-eu-rds` and, after approval, `atlantis apply -p prod-eu-rds`.
Projects are listed in atlantis.yaml at the repo root.
""", d=120)
E("p", "pitfalls/atlantis-apply-before-merge", "pitfall", "基础设施的改动要在合并之前应用，合并之后再应用是错的", ["Atlantis", "合并"], """
流程是：评审通过，在评审里执行应用，成功后自动合并。先合并会导致主干和实际环境不一致，下一个人的计划里冒出一堆陌生的改动。
""", d=115)
E("p", "decisions/mtls-no-mesh", "decision", "No service mesh: service-to-service mTLS uses cert-manager certificates", ["mTLS", "cert-manager", "service mesh"], """
We tried Istio in 2024 and dropped it (sidecar cost, upgrade pain).
Each service gets a Certificate from the internal ClusterIssuer; the grpcx package loads it from /etc/tls.
""", d=400)
E("p", "pitfalls/cert-renewal-outage", "pitfall", "cert-manager 续签失败没人发现，证书过期后 gateway 到 order-svc 的 TLS 握手全部失败", ["cert-manager", "TLS", "证书", "过期"], """
根因是 ClusterIssuer 用的中间证书权限被收回，续签一直报错但只写在事件里。
现在有告警：证书剩余有效期小于 14 天就通知 #svc-alerts。
""", d=50)
E("p", "facts/local-ports", "fact", "Local dev ports: gateway 8080, order-svc 9001, courier-svc 9002, pricing-svc 9003", ["ports", "local", "grpcurl"], """
`make dev` runs all of them with docker compose plus Postgres (5432) and Redis (6379).
Try a call: grpcurl -plaintext localhost:9001 list
""", d=40)
E("p", "pitfalls/grpcurl-reflection", "pitfall", "grpcurl says 'server does not support the reflection API' against staging", ["grpcurl", "reflection", "staging"], """
Server reflection is only enabled in dev builds. Against staging pass the protos: grpcurl -import-path proto -proto basketly/order/v1/order.proto ...
""", d=100)
E("p", "decisions/db-per-service", "decision", "Each service owns its Postgres database; no cross-service queries", ["Postgres", "database", "ownership"], """
If you need another service's data, consume its events or call its API. Read replicas are not shared either.
""", d=350)
E("p", "pitfalls/pgxpool-exhaustion", "pitfall", "pgxpool 默认连接数按 CPU 算，Pod 扩到 30 个时把 RDS 的连接数打满了", ["pgx", "连接池", "RDS", "Postgres"], """
报错 FATAL: remaining connection slots are reserved。
现在每个服务显式设 pool_max_conns=5，并且在 RDS 前面加了 RDS Proxy。
""", d=95)
E("p", "facts/goose-migrations", "fact", "Database migrations use goose; a Kubernetes Job runs them before each rollout", ["migrations", "goose", "Postgres"], """
Files: services/<svc>/migrations/NNNN_description.sql with -- +goose Up / Down.
Locally: make migrate SVC=order-svc. The pre-install/pre-upgrade Helm hook runs the Job in the cluster.
""", d=130)
E("p", "pitfalls/index-locks-table", "pitfall", "在大表上建索引锁了表，订单写不进去了", ["索引", "锁表", "迁移"], """
迁移里的建索引语句要加 CONCURRENTLY，而且这样的语句不能放在事务里，迁移文件头要写 NO TRANSACTION。
""", d=145)
E("p", "decisions/feature-flags", "decision", "Feature flags live in Unleash; names are kebab-case with a team prefix", ["feature flag", "Unleash"], """
e.g. orders-split-payment, mobile-new-checkout. Remove a flag within 30 days of 100% rollout.
Server SDK in internal/flags; apps fetch flags through the gateway.
""", d=160)
E("p", "pitfalls/flag-service-down-default", "pitfall", "开关服务不可用时默认值是关，新功能会突然从线上消失", ["开关", "默认值"], """
有一次开关服务宕了二十分钟，新结算页对所有人都不见了。
对已经全量的功能，代码里的默认值要改成开，或者直接删掉开关。
""", d=90)
E("p", "facts/observability-stack", "fact", "Metrics in Prometheus/Grafana, traces in Tempo via OpenTelemetry, logs in Loki", ["observability", "Grafana", "OpenTelemetry", "traces"], """
Dashboards: grafana.internal/d/svc-overview. Traces are sampled at 10%, errors at 100%.
Find a request's trace from its log line: the trace_id field links to Tempo.
""", d=100)
E("p", "pitfalls/metric-label-cardinality", "pitfall", "Using order_id as a Prometheus label exploded the series count", ["Prometheus", "cardinality", "metrics"], """
Prometheus memory doubled in a day. Labels must be bounded (status, method, service). Per-order detail belongs in traces; use exemplars to link.
""", d=210)
E("p", "pitfalls/ci-go-cache-key", "pitfall", "GitHub Actions 里 Go 构建很慢：缓存的 key 没有带上 go.sum 的哈希", ["CI", "GitHub Actions", "缓存", "Go"], """
key 写死了，缓存永远命中旧的，模块每次都重新下载。
改成 key: go-${{ hashFiles('**/go.sum') }}，构建从十二分钟降到四分钟。
""", d=80)
E("p", "decisions/arm-runners", "decision", "CI runs on self-hosted ARM (Graviton) runners; images are built multi-arch", ["CI", "ARM", "runner", "docker buildx"], """
docker buildx build --platform linux/amd64,linux/arm64. Prod node groups are mixed, so single-arch images are rejected by the admission policy.
""", d=170)
E("p", "pitfalls/exec-format-error", "pitfall", "在 M 系列 Mac 上本地打的镜像是 arm64，推到 amd64 节点上报 exec format error", ["docker", "arm64", "exec format error"], """
不要从笔记本推镜像，交给 CI 的多架构构建。
实在要本地打，加 --platform linux/amd64。
""", d=60)
E("p", "facts/release-flow", "procedure", "Release: tag vX.Y.Z on main, Argo CD syncs staging, prod by PR to the deploy repo", ["release", "Argo CD", "deploy"], """
1. git tag order-svc/v1.42.0 && git push --tags  2. CI builds and bumps staging in basketly/deploy
3. Check staging, then open the promotion PR (make promote SVC=order-svc ENV=prod-eu).
""", d=55)
E("p", "decisions/gitops-argocd", "decision", "部署一律走 Argo CD，GitOps 仓库是 basketly/deploy，不要 kubectl apply", ["Argo CD", "GitOps", "部署"], """
集群里的期望状态只来自 deploy 仓库。手动 apply 的改动会被自动同步回滚。
""", d=300)
E("p", "pitfalls/argocd-outofsync-hpa", "pitfall", "Argo CD showed OutOfSync forever because the HPA changes replicas", ["Argo CD", "OutOfSync", "HPA"], """
Remove spec.replicas from the Deployment template when an HPA manages it, or add ignoreDifferences for /spec/replicas in the Application.
""", d=130)
E("p", "facts/delivery-fee-rules", "fact", "配送费规则：三公里内五元，每多一公里加一元，雨天和夜间另加", ["配送费", "计价"], """
雨天加两元，二十二点以后加三元，两者可以叠加。会员免基础配送费，但加价部分照收。
""", d=45)
E("p", "pitfalls/money-float", "pitfall", "Never use float64 for money: amounts are int64 minor units", ["money", "float", "pricing", "rounding"], """
pricing-svc computed discounts in float64 and totals were off by a cent on ~0.3% of orders.
All amounts are int64 cents with a currency code (type Money in internal/money); round only once, at the end, half-even.
""", d=200)
E("p", "pitfalls/money-float-zh", "pitfall", "金额一律用整数的分来存，不要用浮点数", ["金额", "浮点"], """
浮点数做折扣计算会有一分钱的误差，对账对不上。只在最后一步统一取整。
""", d=198)
E("p", "decisions/idempotency-key", "decision", "Order creation requires an Idempotency-Key header; keys are kept 24 h in Redis", ["idempotency", "Redis", "orders"], """
The apps send a UUID per checkout attempt. A repeated key returns the first response with the same status code.
""", d=150)
E("p", "pitfalls/redis-evicted-idempotency", "pitfall", "Redis 内存满了按 allkeys-lru 淘汰，把幂等键也淘汰了，导致重复下单", ["Redis", "淘汰", "幂等", "重复下单"], """
缓存和幂等键混在同一个实例里。现在幂等键单独放一个 noeviction 的实例，缓存实例才用 LRU。
""", d=70)
E("p", "facts/redis-instances", "fact", "ElastiCache Redis 7, cluster mode off: a cache instance and an idempotency instance per env", ["Redis", "ElastiCache"], """
Endpoints come from the service config (REDIS_CACHE_ADDR, REDIS_IDEMPOTENCY_ADDR). Locally both point at localhost:6379.
""", d=68)
E("p", "pitfalls/tests-midnight-flake", "pitfall", "Tests using time.Now() flaked around midnight UTC", ["tests", "time", "flaky", "clock"], """
A "same delivery day" test failed every night between 00:00 and 00:05 UTC.
Inject a clock (internal/clock, fake in tests) instead of calling time.Now() in business code.
""", d=260)
E("p", "decisions/testcontainers", "decision", "Integration tests run against real Postgres via testcontainers-go; no sqlmock", ["testing", "testcontainers", "Postgres"], """
Each package's TestMain starts one container and runs goose migrations; tests use transactions rolled back at the end.
""", d=220)
E("p", "pitfalls/testcontainers-ryuk", "pitfall", "testcontainers failed on the self-hosted runners with Ryuk errors", ["testcontainers", "CI", "Ryuk"], """
The runners' Docker socket forbids privileged containers, so the Ryuk reaper could not start.
Set TESTCONTAINERS_RYUK_DISABLED=true in the CI env; the job cleans containers itself at the end.
""", d=160)
E("p", "preferences/go-test-style", "preference", "团队习惯：表驱动测试加 t.Run 子测试，断言用 testify/require", ["Go", "测试", "testify"], """
require 失败立刻停止，比 assert 更少连锁报错。测试名写清楚场景，比如 "rainy night surcharge"。
""", d=140)
E("p", "facts/backend-oncall", "fact", "后端值班用电话告警，十五分钟内必须响应", ["值班", "告警"], """
严重级别一的告警会打电话，二级只发消息。交接在每周二下午。
""", d=110)
E("p", "pitfalls/hpa-cpu-io-bound", "pitfall", "CPU-based HPA never scaled courier-svc, which is I/O bound", ["HPA", "autoscaling", "KEDA"], """
CPU stayed at 20% while latency tripled during the dinner peak.
courier-svc now scales with KEDA on in-flight gRPC requests (Prometheus scaler).
""", d=105)
E("p", "decisions/gateway-rate-limit", "decision", "Gateway rate limit: 100 requests/s per user, token bucket in Redis", ["rate limit", "gateway"], """
Exceeding it returns 429 with Retry-After. Internal callers with the service token are exempt.
""", d=180)
E("p", "pitfalls/ingress-413", "pitfall", "上传头像返回 413：ingress-nginx 默认 proxy-body-size 只有 1m", ["413", "ingress-nginx", "上传"], """
在 Ingress 上加注解 nginx.ingress.kubernetes.io/proxy-body-size: 10m。gateway 自己的上限是 8 MB。
""", d=90)
E("p", "facts/service-secrets", "fact", "Services read secrets from AWS Secrets Manager through External Secrets Operator", ["secrets", "External Secrets", "Secrets Manager"], """
An ExternalSecret per service maps basketly/<env>/<svc>/* into a Kubernetes Secret mounted as env vars.
Nothing secret goes into values files or the repo.
""", d=120)
E("p", "pitfalls/secret-rotation-restart", "pitfall", "轮换数据库密码后 Pod 不会自动重启，还在用旧密码", ["密码轮换", "External Secrets", "Reloader"], """
ExternalSecret 更新了 Secret，但环境变量只在启动时读。
已经装了 Reloader，Deployment 上要有注解 reloader.stakater.com/auto: "true"，没有就手动 kubectl rollout restart。
""", d=65)
E("p", "decisions/api-versioning", "decision", "REST paths are versioned (/v1/...), gRPC packages too (basketly.order.v1)", ["API", "versioning"], """
A breaking change means a new version next to the old one; the old one stays until the oldest supported app version no longer calls it.
""", d=330)
E("p", "pitfalls/protojson-camelcase", "pitfall", "Gateway JSON came out lowerCamelCase while the apps expected snake_case", ["protojson", "JSON", "gateway"], """
protojson uses the json_name (lowerCamelCase) by default. The gateway marshals with protojson.MarshalOptions{UseProtoNames: true}.
""", d=240)
E("p", "facts/courier-location", "fact", "骑手每 5 秒上报一次位置，写入 courier.location.v1，courier-svc 在内存里按 H3 网格索引", ["骑手", "位置", "H3", "courier-svc"], """
派单时在 H3 分辨率 8 的格子及其相邻格子里找空闲骑手。实例重启后从主题最近十分钟的数据重建索引。
""", d=85)
# ---------------------------------------------------------------------------------------------
# Mobile: iOS (Swift) and Android (Kotlin)
# ---------------------------------------------------------------------------------------------

E("p", "facts/mobile-apps", "fact", "Apps: iOS in mobile/ios (Swift, SwiftUI, iOS 16+), Android in mobile/android (Kotlin, Compose, minSdk 26)", ["iOS", "Android", "mobile"], """
Two apps from one codebase each: the customer app and the courier app (targets/flavors).
Open mobile/ios/Basketly.xcworkspace; Android Studio opens mobile/android.
""", d=120)
E("p", "pitfalls/match-cert-expired", "pitfall", "CI 上 iOS 签名失败：fastlane match 的发布证书过期了", ["fastlane", "match", "签名", "证书"], """
报错 No signing certificate "iOS Distribution" found。
先问 iOS 负责人，再跑 fastlane match nuke distribution，然后 fastlane match appstore 重新生成；所有人本地要重新拉一次证书。
""", d=30)
E("p", "decisions/fastlane-match", "decision", "Signing certificates are managed by fastlane match in a private repo, readonly on CI", ["fastlane", "match", "signing", "code signing"], """
The certificates repo is basketly/ios-certificates, encrypted with MATCH_PASSWORD.
CI runs match with readonly: true; only the iOS lead regenerates certificates.
""", d=260)
E("p", "pitfalls/spm-resolve-hang", "pitfall", "Swift Package resolution hung on CI for 20 minutes", ["SwiftPM", "Xcode", "CI", "packages"], """
xcodebuild resolved packages from scratch every run. Cache the SourcePackages directory and pass -clonedSourcePackagesDirPath to xcodebuild; also commit Package.resolved.
""", d=110)
E("p", "pitfalls/swiftui-list-dateformatter", "pitfall", "订单列表滚动卡顿：每一行都在 body 里新建 DateFormatter", ["SwiftUI", "性能", "卡顿", "DateFormatter"], """
DateFormatter 创建很贵，放在行视图的 body 里等于每次重绘都建一个。
改成静态共享的格式化器，或者用 Date.FormatStyle，滚动帧率恢复到 60。
""", d=95)
E("p", "decisions/ios-observation", "decision", "iOS architecture: MVVM with @Observable view models; no Combine in new code", ["iOS", "architecture", "Observation", "MVVM"], """
View models are @Observable final classes owned by the view with @State. Async work uses async/await and Task; cancel on disappear.
""", d=60, sup=("decisions/ios-combine",))
E("p", "decisions/ios-combine", "decision", "iOS architecture: MVVM with ObservableObject and Combine publishers", ["iOS", "architecture", "Combine"], """
View models expose @Published properties; network calls return AnyPublisher.
""", d=480)
E("p", "pitfalls/ios-background-location", "pitfall", "骑手端在后台时定位被系统停掉，位置不再上报", ["定位", "后台", "骑手端"], """
要在工程能力里打开后台定位模式，并且向用户申请始终允许。
只申请使用期间允许的话，锁屏几分钟后系统就会停止回调。
""", d=150)
E("p", "facts/app-review-timing", "fact", "商店审核一般一到两天，节假日前一周不要提审", ["审核", "提审", "发版"], """
春节和国庆前苹果审核会排队，最长等过五天。紧急修复可以申请加急审核，一年别超过两次。
""", d=200)
E("p", "pitfalls/testflight-missing-compliance", "pitfall", "TestFlight builds sat in 'Missing Compliance' until someone answered the export question", ["TestFlight", "Info.plist", "encryption"], """
Set ITSAppUsesNonExemptEncryption to NO in Info.plist (we only use standard HTTPS) so every upload is ready for testers immediately.
""", d=170)
E("p", "pitfalls/gradle-metaspace", "pitfall", "Android 构建报 OutOfMemoryError: Metaspace，要调大 Gradle 的 JVM 参数", ["Gradle", "OutOfMemoryError", "Android", "构建"], """
在 gradle.properties 里写 org.gradle.jvmargs=-Xmx4g -XX:MaxMetaspaceSize=1g。
CI 的机器也要同步改，不然只有本地好了。
""", d=100)
E("p", "decisions/android-hilt", "decision", "Android dependency injection uses Hilt; no Koin, no manual service locators", ["Android", "Hilt", "DI"], """
ViewModels are @HiltViewModel; repositories are bound in feature modules' @Module classes.
""", d=280)
E("p", "pitfalls/compose-recomposition", "pitfall", "The courier map screen recomposed 60 times a second", ["Compose", "recomposition", "performance"], """
A lambda captured an unstable List from the ViewModel, so every location tick recomposed the whole screen.
Use immutable collections (kotlinx.collections.immutable), remember lambdas and derivedStateOf for values computed from state. Check with the Layout Inspector's recomposition counts.
""", d=75)
E("p", "pitfalls/r8-serialization", "pitfall", "Release build crashed at launch: R8 stripped kotlinx.serialization serializers", ["R8", "ProGuard", "kotlinx.serialization", "release"], """
Debug builds worked. Crash: SerializationException: Serializer for class 'OrderDto' is not found.
Keep rules are in app/proguard-rules.pro; every new @Serializable package needs to be covered. Test with ./gradlew assembleStagingRelease before merging.
""", d=140)
E("p", "pitfalls/release-crash-zh", "pitfall", "正式包一启动就闪退、调试包正常：多半是混淆把序列化相关的类删掉了", ["闪退", "混淆", "正式包"], """
先看崩溃栈里有没有找不到序列化器的异常，再去补保留规则。
""", d=139)
E("p", "facts/android-flavors", "fact", "Android flavors dev, staging, prod; applicationId gets .dev / .staging suffixes", ["Android", "flavor", "gradlew"], """
Build: ./gradlew assembleStagingRelease; install: ./gradlew installDevDebug.
All three can be installed side by side on one phone.
""", d=130)
E("p", "pitfalls/target-sdk-deadline", "pitfall", "Google Play 要求每年提升 targetSdk，去年八月差点被限制更新", ["Google Play", "targetSdk", "Android"], """
每年八月底是截止日期。五月就要开一个升级分支，处理新的权限和前台服务类型要求。
""", d=210)
E("p", "decisions/kmp-shared", "decision", "Shared pricing display and formatting logic is a Kotlin Multiplatform module used by both apps", ["Kotlin Multiplatform", "KMP", "shared"], """
Module `shared` in mobile/shared; iOS consumes it as an XCFramework built by ./gradlew :shared:assembleSharedXCFramework.
Only pure logic goes there, no UI.
""", d=180)
E("p", "pitfalls/xcframework-stale", "pitfall", "iOS build fails with 'Undefined symbols for architecture arm64' after a Kotlin bump", ["XCFramework", "KMP", "Xcode", "linker"], """
Xcode linked the old shared framework cached in DerivedData. Rebuild it (./gradlew :shared:assembleSharedXCFramework), then Product > Clean Build Folder.
""", d=80)
E("p", "facts/push-delivery", "fact", "推送：Android 走 FCM，iOS 走 APNs，统一由 notify-svc 发送", ["推送", "FCM", "APNs", "notify-svc"], """
设备令牌在登录后上报到 /v1/devices。退出登录要删除令牌，不然会推给上一个账号。
""", d=160)
E("p", "pitfalls/apns-sandbox-token", "pitfall", "Push notifications work in debug builds but never arrive on TestFlight builds", ["APNs", "push", "TestFlight"], """
Debug builds register with the sandbox APNs environment; TestFlight and App Store builds use production.
notify-svc picks the environment from the token's registration field `apns_env`; the debug build must send "sandbox".
""", d=90)
E("p", "preferences/ui-pr-screenshots", "preference", "改界面的合并请求要附改动前后的截图或录屏", ["截图", "评审", "界面"], """
深色模式和大字号各截一张。没有截图的界面改动评审可以直接不看。
""", d=120)
E("p", "facts/deep-link-scheme", "fact", "Deep links: basketly://order/<id>; universal links from basketly.com/o/<id>", ["deep link", "universal links", "App Links"], """
iOS reads apple-app-site-association served by the web team; Android verifies assetlinks.json.
Routing for both lives in the app's DeepLinkRouter.
""", d=190)
E("p", "pitfalls/aasa-cache", "pitfall", "改了 apple-app-site-association 之后通用链接不会马上生效：苹果的 CDN 有缓存", ["universal links", "apple-app-site-association", "缓存"], """
可能要等一天以上。开发时在设备的开发者设置里打开关联域名开发模式，并在 entitlements 里用 applinks:basketly.com?mode=developer。
""", d=60)
E("p", "pitfalls/emulator-localhost", "pitfall", "From the Android emulator, localhost is the emulator; the dev gateway is 10.0.2.2:8080", ["Android", "emulator", "localhost"], """
Also allow cleartext for 10.0.2.2 in the dev flavor's network_security_config.xml, or requests fail with CLEARTEXT communication not permitted.
""", d=150)
E("p", "pitfalls/device-lan-ats", "pitfall", "iOS 真机连不上本地网关：要用电脑的局域网地址，并在 ATS 里放行", ["iOS", "真机", "ATS", "本地"], """
模拟器可以直接访问 localhost，真机不行。dev 配置里 NSAllowsLocalNetworking 已经打开，地址写成 http://<电脑IP>:8080。
""", d=148)
E("p", "decisions/min-os-versions", "decision", "最低系统版本：iOS 16、Android 8.0（API 26），每年九月重新评估", ["最低版本", "iOS", "Android"], """
评估标准：低于这个版本的活跃用户少于 2% 就提高一个大版本。
""", d=220)
E("p", "facts/crash-reporting", "fact", "Crashes go to Sentry with release health per app version; dSYMs uploaded by fastlane", ["Sentry", "crash", "dSYM"], """
Projects: basketly-ios, basketly-android. Android mapping files are uploaded by the Sentry Gradle plugin.
""", d=170)
E("p", "pitfalls/dsym-missing", "pitfall", "Sentry 上 iOS 崩溃栈全是内存地址没有符号：dSYM 没有上传", ["Sentry", "dSYM", "符号化"], """
Fastfile 里 upload_symbols_to_sentry 那一步被人注释掉了。补传：sentry-cli debug-files upload 指向归档里的 dSYMs 目录。
""", d=40)
E("p", "decisions/analytics-events", "decision", "Analytics events are named object_action (order_placed) and defined in tracking-plan.yaml", ["analytics", "events", "tracking"], """
Both apps generate typed event functions from mobile/tracking-plan.yaml; debug builds assert that every sent event is in the plan.
""", d=140)
E("p", "pitfalls/globalscope-leak", "pitfall", "Coroutines launched in GlobalScope leaked and kept polling after the screen closed", ["Kotlin", "coroutines", "GlobalScope"], """
Use viewModelScope or lifecycleScope. Detekt now fails the build on GlobalScope usage.
""", d=230)
E("p", "facts/mobile-release-train", "fact", "移动端两周一个版本：周三封版，周四提审，下周一分阶段放量", ["发版", "封版", "移动端"], """
放量节奏一天 1%、三天 10%、一周全量。崩溃率超过千分之二就暂停放量。
""", d=50)
E("p", "pitfalls/xcode-version-mismatch", "pitfall", "本地 Xcode 版本和 CI 不一致会把 Package.resolved 改掉", ["Xcode", "版本", "Package.resolved"], """
CI 固定 Xcode 16.1（在 .xcode-version 文件里）。用 xcodes 装同一个版本。
""", d=70)
E("p", "pitfalls/android-baseline-profile", "pitfall", "Cold start on Android regressed 40% when the baseline profile stopped being generated", ["Android", "startup", "baseline profile"], """
The :baselineprofile module's generator task was removed from CI by accident. Run ./gradlew :app:generateBaselineProfile on every release branch.
""", d=35)
E("p", "facts/courier-app-battery", "fact", "骑手端耗电：定位精度在派单中用最高，空闲时降到百米级", ["耗电", "定位", "骑手端"], """
骑手反馈手机发烫、掉电快，多半是空闲状态没有降精度。两个平台都在定位管理器里按状态切换。
""", d=100)
E("p", "preferences/mobile-strings", "preference", "文案都放在翻译平台，代码里不写死中文或英文", ["文案", "翻译", "多语言"], """
新增文案先在翻译平台建键，再同步到两个应用。键名按页面加用途命名。
""", d=130)
E("p", "pitfalls/ios-keychain-after-reinstall", "pitfall", "卸载重装之后用户还是登录状态：钥匙串里的令牌不会随应用删除", ["钥匙串", "登录", "重装"], """
第一次启动时检查一个本地标记，没有就清掉钥匙串里的旧令牌。
""", d=175)
E("p", "facts/app-store-connect-api", "fact", "fastlane talks to App Store Connect with an API key, not an Apple ID", ["App Store Connect", "fastlane", "API key"], """
The .p8 key is in 1Password (vault Mobile CI) and injected as APP_STORE_CONNECT_API_KEY on CI. No 2FA prompts.
""", d=190)
# ---------------------------------------------------------------------------------------------
# Team and process
# ---------------------------------------------------------------------------------------------

E("p", "rules/code-owner-review", "rule", "每个合并请求至少要有一位代码负责人批准", ["评审", "合并请求", "CODEOWNERS"], """
负责人名单在仓库根目录的负责人文件里。改了别人的目录就要对方的人批准，不能自己人互批。
""", d=300)
E("p", "facts/repo-layout", "fact", "Monorepo layout: data/, services/, mobile/, infra/, proto/, docs/", ["monorepo", "layout", "folders"], """
Each top folder has its own README and Makefile. CI workflows are path-filtered per folder so a mobile change doesn't run Go tests.
""", d=350)
E("p", "decisions/conventional-commits", "decision", "Commit messages follow Conventional Commits with the top folder as scope", ["commit", "Conventional Commits", "changelog"], """
feat(order-svc): split payments; fix(ios): crash on empty cart. The release changelog is generated from these, so type and scope matter.
""", d=280)
E("p", "facts/alert-channels", "fact", "告警频道：#data-alerts、#svc-alerts、#mobile-crashes；事故在 #incident 里开", ["告警", "频道", "Slack"], """
别在告警频道里讨论，开线程或者去对应团队的频道。
""", d=140)
E("p", "rules/no-friday-evening-deploys", "rule", "周五下午四点以后不发生产", ["发布", "周五"], """
紧急修复例外，但要值班负责人同意，并且发布的人要一直在线到晚上。
""", d=260, pin=True)
E("p", "facts/environments", "fact", "Environments: dev (per-developer namespaces), staging, prod-eu, prod-us", ["environments", "staging", "prod"], """
Staging uses production-like data that is anonymised nightly. prod-us launched in 2026 and has no data platform stack yet: its events are replicated to eu.
""", d=90)
E("p", "pitfalls/staging-reset", "pitfall", "测试环境的数据每周日凌晨会被重置，别在上面留要用的数据", ["测试环境", "数据", "重置"], """
周一早上发现测试账号没了、订单没了，都是这个原因。需要长期存在的测试数据写进种子脚本。
""", d=110)
E("p", "facts/incident-process", "procedure", "事故流程：在 #incident 宣布，指定指挥人，五个工作日内写复盘", ["事故", "复盘", "incident"], """
指挥人不动手修，只协调和对外同步。复盘不追责，模板在文档仓库。
""", d=180)
E("p", "pitfalls/precommit-golangci-slow", "pitfall", "pre-commit took 3 minutes because golangci-lint ran on the whole repo", ["pre-commit", "golangci-lint", "lint"], """
The hook now runs golangci-lint with --new-from-rev=origin/main and only on changed Go modules. Full lint runs in CI.
""", d=60)
E("p", "facts/onboarding-access", "procedure", "New joiners request access through the #it-help form: AWS SSO, Snowflake, Sentry, App Store Connect", ["onboarding", "access", "accounts"], """
Approvals go to the team lead. GitHub team membership is granted by the lead directly.
Expect a day for Snowflake (role grant goes through Terraform).
""", d=200)
E("p", "facts/aws-sso-login", "procedure", "登录 AWS：aws sso login --profile basketly-dev，会话八小时过期", ["AWS", "SSO", "登录", "profile"], """
配置模板在 infra/aws-config.example，复制到 ~/.aws/config。生产的 profile 只有只读权限，写权限要临时申请。
""", d=150)
E("p", "pitfalls/aws-sso-expired", "pitfall", "'The SSO session associated with this profile has expired' in the middle of a terraform run", ["AWS", "SSO", "expired", "Terraform"], """
Terraform doesn't refresh SSO tokens. Run aws sso login --profile <p> and re-run; for long applies start with a fresh session.
""", d=148)
E("p", "decisions/adr-location", "decision", "Architecture decisions are written as ADRs in docs/adr, numbered", ["ADR", "architecture", "docs"], """
Template docs/adr/0000-template.md. An ADR is required for a new service, a new datastore or a new external vendor.
""", d=320)
E("p", "facts/design-review", "fact", "技术方案评审每周四下午，提前一天把文档发到频道", ["方案评审", "设计"], """
文档要写清楚背景、备选方案和为什么选这个。超过两周工作量的改动都要过评审。
""", d=210)
E("p", "facts/cost-tags", "fact", "所有云资源必须打 team 和 service 两个标签，没有标签的资源会被每周清理", ["标签", "成本", "云资源"], """
清理任务每周六跑，先发通知，三天后删除。
""", d=190)
E("p", "pitfalls/docs-outdated-runbook", "pitfall", "The order-svc runbook's failover steps are outdated since the move to RDS Proxy", ["runbook", "failover", "order-svc"], """
Do not follow step 4 (restart pods to pick up the new writer): RDS Proxy switches writers itself. The runbook rewrite is tracked in PLAT-812.
""", d=25)
# ---------------------------------------------------------------------------------------------
# Global root: one developer's preferences and cross-project notes
# ---------------------------------------------------------------------------------------------

E("g", "preferences/editor-neovim", "preference", "Editor: Neovim (LazyVim); don't give me VS Code settings or extensions", ["editor", "Neovim", "IDE"], """
Keymaps and plugins are in ~/.config/nvim (chezmoi-managed). If something needs an IDE, say which plugin does it in Neovim.
""", d=200, pin=True)
E("g", "preferences/shell-zsh", "preference", "我用 zsh 加 starship，不要给我 fish 或 bash 专有的写法", ["zsh", "shell", "终端"], """
脚本可以用 bash（带 set -euo pipefail），但交互命令按 zsh 写。环境变量写在 ~/.zshenv。
""", d=180)
E("g", "preferences/answer-first", "preference", "回答先给结论，再给理由，不要长篇铺垫", ["回答", "风格"], """
能一句话说清楚的不要写三段。需要我做选择的时候，列出选项并说你推荐哪个。
""", d=150, pin=True)
E("g", "preferences/comments-why", "preference", "Code comments explain why, not what; no banner or section-divider comments", ["comments", "code style"], """
If a comment restates the code, delete it. TODOs carry a ticket id.
""", d=220)
E("g", "preferences/commit-messages", "preference", "提交信息用英文祈使句，标题不超过 72 个字符，正文写为什么", ["commit", "提交信息", "git"], """
不要写 update code、fix bug 这种。正文每行 72 列换行。
""", d=160)
E("g", "preferences/go-interfaces", "preference", "Go: accept interfaces, return structs; define small interfaces where they are used", ["Go", "interfaces", "design"], """
No IFoo / FooInterface names. Don't create an interface for a single implementation unless a test needs the seam.
""", d=240)
E("g", "preferences/python-tooling", "preference", "Python: uv for environments and dependencies, ruff for lint and format", ["Python", "uv", "ruff", "tooling"], """
uv init / uv add / uv run; lock file committed. ruff format replaces black; ruff check --fix replaces isort and flake8.
""", d=40, sup=("preferences/python-poetry",))
E("g", "preferences/python-poetry", "preference", "Python: poetry for dependencies, black and isort for formatting", ["Python", "poetry", "black"], """
poetry install; poetry run pytest. Format with black then isort --profile black.
""", d=620)
E("g", "facts/laptop", "fact", "Laptop: MacBook Pro M3 Max, macOS 15, Homebrew under /opt/homebrew", ["Mac", "macOS", "Homebrew", "laptop"], """
Apple Silicon: x86-only tools need Rosetta (softwareupdate --install-rosetta). 64 GB RAM.
""", d=100)
E("g", "pitfalls/brew-not-on-path", "pitfall", "新开的终端找不到 brew 装的命令：/opt/homebrew/bin 不在 PATH 里", ["Homebrew", "PATH", "zsh"], """
在 ~/.zprofile 里加 eval "$(/opt/homebrew/bin/brew shellenv)"，不要写在 .zshrc 里，否则非交互的登录 shell 拿不到。
""", d=300)
E("g", "preferences/docker-colima", "preference", "Use colima instead of Docker Desktop", ["docker", "colima"], """
colima start --cpu 6 --memory 12 --vm-type vz --mount-type virtiofs. The docker CLI talks to it through the `colima` context.
""", d=130)
E("g", "pitfalls/colima-disk-full", "pitfall", "colima 的虚拟机磁盘满了，拉镜像报 no space left on device", ["colima", "docker", "磁盘"], """
先 docker system prune -a --volumes 清理。还不够就删掉重建更大的盘：colima delete && colima start --disk 120。
""", d=45)
E("g", "preferences/rebase-workflow", "preference", "Update feature branches by rebasing, not merging; push with --force-with-lease", ["git", "rebase", "force push"], """
Never plain --force. On shared branches (someone else pushed) merge instead and tell me.
""", d=210)
E("g", "pitfalls/git-lfs-pointers", "pitfall", "Cloning without git-lfs installed leaves pointer files instead of the real assets", ["git", "LFS", "clone"], """
Symptom: images or fixtures are ~130-byte text files starting with "version https://git-lfs.github.com/spec/v1".
brew install git-lfs, git lfs install, then git lfs pull in the repo.
""", d=280)
E("g", "facts/dotfiles-chezmoi", "fact", "dotfiles 用 chezmoi 管理，仓库在 github.com/lin-dev/dotfiles", ["dotfiles", "chezmoi", "配置"], """
改配置要改 chezmoi 源文件再 chezmoi apply，直接改目标文件下次会被覆盖。
""", d=190)
E("g", "preferences/test-first-bugfix", "preference", "修缺陷之前先写一个能复现问题的测试", ["测试", "缺陷", "复现"], """
测试先失败，修好之后通过，再提交。复现不了就先告诉我，不要猜着改。
""", d=170)
E("g", "preferences/no-emoji-anywhere", "preference", "No emojis in code, commit messages, docs or answers", ["emoji", "style"], """
Plain text only; checkmarks and rockets included.
""", d=260)
E("g", "preferences/date-time-format", "preference", "时间用二十四小时制，日期写成年月日的数字格式", ["日期", "时间", "格式"], """
例如 2026-03-05 14:30。不要写上午下午，也不要写月日年。
""", d=230)
E("g", "facts/timezone", "fact", "I work from Shanghai (UTC+8); the team standup is 10:00 local", ["timezone", "Shanghai", "standup"], """
When you give times for scheduled jobs or meetings, give both UTC and Shanghai time.
""", d=120)
E("g", "pitfalls/ssh-keys-after-update", "pitfall", "After a macOS update git over SSH asks for the key passphrase every time", ["SSH", "macOS", "keychain"], """
Add to ~/.ssh/config under Host *: UseKeychain yes, AddKeysToAgent yes; then ssh-add --apple-use-keychain ~/.ssh/id_ed25519 once.
""", d=90)
E("g", "preferences/terminal", "preference", "终端用 WezTerm，字体 JetBrains Mono，配色 Tokyo Night", ["终端", "WezTerm", "字体"], """
配置文件 ~/.config/wezterm/wezterm.lua。多窗口用 WezTerm 自己的分屏，不用 tmux。
""", d=140)
E("g", "preferences/review-comments", "preference", "评审意见要具体：指出哪一行、为什么不好、建议怎么改", ["评审", "意见"], """
不要只写“这里不好”。区分必须改和可以不改的，后者前面写“可选”。
""", d=200)
E("g", "facts/commit-signing", "fact", "Commits are signed with an SSH key (gpg.format=ssh)", ["git", "signing", "SSH"], """
user.signingkey = ~/.ssh/id_ed25519.pub; allowed signers in ~/.config/git/allowed_signers for local verification.
""", d=110)
E("g", "pitfalls/gpg-failed-to-sign", "pitfall", "git commit 报 error: gpg failed to sign the data，其实是签名钥匙路径写错了", ["git", "签名", "gpg"], """
用的是 SSH 签名，不是 GPG。检查 git config user.signingkey 是否指向存在的公钥文件，换电脑后路径常常不一样。
""", d=60)
E("g", "preferences/kubectl-full-names", "preference", "I alias k=kubectl, but write full command names in answers", ["kubectl", "alias", "Kubernetes"], """
Also use kubectx/kubens. Always show --context in commands that touch prod so a copy-paste can't hit the wrong cluster.
""", d=150)
E("g", "facts/side-project-ledgerly", "fact", "Side project ledgerly: a Rust CLI for personal finance with SQLite storage", ["ledgerly", "Rust", "side project"], """
Repo ~/src/ledgerly. Imports bank CSV exports, categorises with rules in ~/.config/ledgerly/rules.toml.
""", d=80)
E("g", "pitfalls/rusqlite-link-error", "pitfall", "ledgerly 在 CI 上编译失败：链接找不到系统的 sqlite3 库", ["Rust", "rusqlite", "CI", "链接"], """
报错 cannot find -lsqlite3。给 rusqlite 打开 bundled 特性，自带编译 SQLite，就不依赖系统库了。
""", d=78)
E("g", "preferences/rust-errors", "preference", "Rust: thiserror in libraries, anyhow in binaries", ["Rust", "errors", "anyhow", "thiserror"], """
No unwrap() outside tests and main's setup; use ? with context().
""", d=160)
E("g", "preferences/markdown-one-sentence", "preference", "写文档每行一句话，方便看差异", ["文档", "Markdown"], """
不要手动折行到 80 列，句子中间换行会让一个字的改动变成整段的改动。
""", d=250)
E("g", "preferences/example-first", "preference", "When explaining something, show a minimal runnable example before the theory", ["explain", "examples"], """
Keep the example short enough to paste. Then explain only what the example doesn't make obvious.
""", d=190)
E("g", "pitfalls/vpn-internal-dns", "pitfall", "连上公司 VPN 之后内部域名还是解析不了", ["VPN", "DNS", "内网"], """
是系统的 DNS 顺序问题。在网络设置里把 VPN 接口挪到最上面，或者断开重连一次 WireGuard。
""", d=95)
E("g", "preferences/adhoc-sql-uppercase", "preference", "In my own ad-hoc SQL I write keywords in uppercase", ["SQL", "uppercase", "ad-hoc"], """
Only for scratch queries and notebooks; follow a project's own style guide in its repo.
""", d=300)
E("g", "decisions/password-manager", "decision", "Personal secrets live in 1Password; scripts read them with `op read`", ["1Password", "secrets", "op"], """
e.g. export GITHUB_TOKEN=$(op read op://Private/github/token). Never write tokens into dotfiles.
""", d=220)
E("g", "rules/no-secrets-in-prompts", "rule", "不要把令牌、密码原文贴进对话或命令行历史", ["密码", "令牌", "安全"], """
需要用到的时候用变量引用，或者从密码管理器读出来。
""", d=260, pin=True)
E("g", "preferences/neovim-lsp", "preference", "Neovim 里 Go 用 gopls，Python 用 basedpyright，格式化交给 conform.nvim", ["Neovim", "LSP", "gopls"], """
保存时自动格式化。诊断信息用 trouble.nvim 看。
""", d=120)
E("g", "pitfalls/treesitter-parser-errors", "pitfall", "After a plugin update, Neovim highlights broke and :checkhealth shows parser errors", ["Neovim", "treesitter", "highlight"], """
The installed parsers are older than the queries. Run :TSUpdate, then restart. If one parser still fails, :TSUninstall it and reinstall.
""", d=70)
E("g", "preferences/focus-hours", "preference", "每天下午两点到四点是专注时间，不要建议在这段时间开会", ["专注", "会议", "日程"], """
需要同步的事情放到上午十一点前或者下午四点后。
""", d=180)
E("g", "preferences/explain-tradeoffs", "preference", "给技术建议时要说清楚代价和不适用的情况", ["建议", "取舍"], """
不要只说好处。如果有更简单但不够完美的办法，也一起说。
""", d=210)
E("g", "facts/reading-chinese-docs", "fact", "我读中文文档更快，但技术名词保留英文原文", ["文档", "术语"], """
比如写“幂等”可以，但数据库、框架的名字和配置项保持原文，不要翻译。
""", d=240)
E("g", "preferences/uv-scripts", "preference", "One-off Python scripts use inline script metadata and uv run", ["Python", "uv", "script"], """
# /// script / dependencies = ["httpx"] / ///  at the top, then uv run script.py. No global pip installs.
""", d=35)
E("g", "pitfalls/pip-externally-managed", "pitfall", "pip install fails with 'externally-managed-environment' on Homebrew Python", ["pip", "Python", "Homebrew", "PEP 668"], """
Homebrew's Python refuses global installs (PEP 668). Don't use --break-system-packages: use uv tool install for CLIs or a project venv.
""", d=100)
E("g", "preferences/pr-size", "preference", "Keep pull requests under ~400 changed lines; split refactors from behaviour changes", ["pull request", "PR", "review"], """
A refactor PR that changes no behaviour first, then the feature on top. Generated files don't count.
""", d=170)
E("g", "facts/home-lab", "fact", "家里有一台 NAS 跑着自建服务：相册、密码库备份、下载", ["NAS", "自建", "家里"], """
系统是群晖，内网地址固定。外网访问通过 Tailscale，不开放端口。
""", d=260)
E("g", "pitfalls/tailscale-dns-conflict", "pitfall", "Tailscale's MagicDNS and the company VPN fight over DNS on the Mac", ["Tailscale", "VPN", "DNS"], """
With both up, internal company hosts stop resolving. Turn off "Use Tailscale DNS" while on the company VPN, or quit Tailscale.
""", d=93)
E("g", "preferences/make-targets", "preference", "Every repo I own has make help listing the targets", ["Makefile", "make"], """
Targets document themselves with ## comments, grepped by the help target. Prefer make over ad-hoc shell scripts for common tasks.
""", d=200)
E("g", "facts/go-install-path", "fact", "Go binaries from go install land in ~/go/bin, which is on PATH via ~/.zshenv", ["Go", "go install", "PATH"], """
If a freshly installed tool is "command not found", open a new shell or rehash.
""", d=150)
E("g", "preferences/error-messages", "preference", "错误信息要说明发生了什么、影响是什么、下一步该做什么", ["错误信息", "提示"], """
不要只抛出底层异常。给用户看的信息里不要出现堆栈。
""", d=190)
E("g", "preferences/no-yaml-anchors", "preference", "Avoid YAML anchors and merge keys in CI and Kubernetes files", ["YAML", "anchors", "CI"], """
They make diffs hard to read and tools disagree on merge keys. Repeat the block or use a template/overlay.
""", d=230)
E("g", "facts/english-writing", "fact", "英文写作时帮我检查冠词和时态，这是我最常犯的错", ["英文", "写作", "语法"], """
只指出错误和改法，不用解释语法规则。
""", d=140)
E("g", "pitfalls/mac-sleep-ssh-drop", "pitfall", "笔记本合盖后远程会话全断，长任务跑一半就没了", ["合盖", "远程", "长任务"], """
长任务放到远程机器的会话管理器里跑，或者用系统自带的防休眠命令包一层。别指望笔记本一直醒着。
""", d=115)
E("g", "preferences/benchmarks", "preference", "Show numbers with their method: machine, runs, median, and what was measured", ["benchmark", "performance", "measure"], """
A single run or a mean without spread is not a result. Say when a figure is from a shared or noisy machine.
""", d=160)
E("g", "decisions/notes-app", "decision", "个人笔记用纯文本文件放在一个私有仓库里，不用任何笔记软件", ["笔记", "私有仓库"], """
按年月建目录，每天一个文件。搜索靠编辑器的全文搜索。
""", d=330)
E("g", "facts/keyboard", "fact", "我用分体键盘，配列是 Colemak-DH", ["键盘", "配列"], """
给快捷键建议的时候别假设是标准配列的位置，按键名说就行。
""", d=280)
E("g", "pitfalls/npm-global-permissions", "pitfall", "npm install -g fails with EACCES; don't fix it with sudo", ["npm", "EACCES", "Node"], """
Node is installed with mise, so global packages go to the mise-managed prefix. If EACCES appears, the wrong node (system or Homebrew) is first on PATH.
""", d=210)
E("g", "preferences/node-version-manager", "preference", "Manage Node, Go and Python versions with mise, not nvm or pyenv", ["mise", "nvm", "version manager"], """
.mise.toml in each repo; mise install after cloning. Don't add nvm instructions to READMEs.
""", d=130)
E("g", "preferences/http-client", "preference", "调接口用 httpie 或者 curl，不用图形界面的客户端", ["接口调试", "curl", "httpie"], """
给例子的时候写 curl 版本，带上 -sS 和 --fail-with-body。
""", d=160)
E("g", "facts/cloud-accounts", "fact", "个人云账号只有一个，用于博客和小项目，每月预算二十美元", ["云账号", "预算", "博客"], """
超过预算会发邮件。别建议用按小时收费的大机器。
""", d=220)
E("g", "pitfalls/hugo-blog-build", "pitfall", "Blog build failed after a Hugo upgrade: the theme uses a removed template function", ["Hugo", "blog", "theme"], """
Pin Hugo in the Netlify config (HUGO_VERSION) to the version the theme supports; upgrade both together.
""", d=250)
E("g", "preferences/ai-agent-edits", "preference", "Agents: make the smallest change that fixes the issue; don't reformat untouched code", ["agent", "edits", "diff"], """
No drive-by renames or import reordering in files you only read. Mention other problems you notice instead of fixing them.
""", d=50)
E("g", "preferences/ask-before-new-deps", "preference", "添加新依赖之前先问我，并说明为什么标准库不够", ["依赖", "第三方库"], """
尤其是只用到一两个函数的库，宁可自己写几行。
""", d=100)
E("g", "facts/ci-preference-github-actions", "fact", "My own projects use GitHub Actions; workflows pinned to commit SHAs", ["GitHub Actions", "CI", "pin"], """
Dependabot updates the pinned SHAs weekly. Use the official setup actions only.
""", d=140)
E("g", "pitfalls/gh-actions-cache-limit", "pitfall", "GitHub Actions 缓存超过 10GB 会被自动清理，命中率突然下降", ["GitHub Actions", "缓存"], """
多个分支各自一份缓存很快就满了。缓存键不要带分支名，主干之外只读不写。
""", d=75)
E("g", "preferences/logging-levels", "preference", "Log levels: error = someone must act, warn = degraded, info = lifecycle only", ["logging", "log level"], """
No info log per request in hot paths; that's what metrics and traces are for.
""", d=180)
E("g", "facts/language-learning", "fact", "正在学日语，偶尔会问日语问题", ["日语", "学习"], """
回答日语问题时给出假名读音。
""", d=90)
E("g", "preferences/sqlite-default", "preference", "For small tools and side projects, SQLite before any database server", ["SQLite", "database"], """
WAL mode, foreign_keys=ON, STRICT tables. Move to Postgres only when there are several writers over a network.
""", d=200)
E("g", "pitfalls/sqlite-busy", "pitfall", "SQLite 'database is locked' in ledgerly when the import and the TUI ran together", ["SQLite", "database is locked", "ledgerly"], """
Set PRAGMA busy_timeout=5000 on every connection and keep write transactions short. WAL alone did not fix it.
""", d=66)
E("g", "preferences/tmux-not", "preference", "不用 tmux，远程机器上用 zellij", ["tmux", "zellij", "远程"], """
本地分屏交给终端。远程长任务在 zellij 会话里跑，断线后 zellij attach 回来。
""", d=110)
E("g", "preferences/regex-explain", "preference", "Explain every non-trivial regex you write, piece by piece", ["regex", "explain"], """
Prefer verbose mode (re.X) with comments in Python. Add test strings that match and ones that must not.
""", d=230)
E("g", "facts/gpu-none", "fact", "I have no local GPU; ML experiments run on a rented cloud box", ["GPU", "ML", "machine learning"], """
Don't suggest CUDA setup on the laptop. The cloud box is started on demand and stopped after.
""", d=170)
# ---------------------------------------------------------------------------------------------
# More notes written in Chinese (business rules, operations, habits)
# ---------------------------------------------------------------------------------------------

E("p", "facts/order-lifecycle", "fact", "订单状态流转：待支付、已支付、备货中、配送中、已送达、已取消", ["订单状态", "状态机"], """
已送达和已取消是终态，不能再变。支付超时十五分钟自动取消。
备货中之后用户不能自己取消，只能找客服。
""", d=200)
E("p", "facts/refund-policy", "fact", "退款规则：未发货全额退，配送中退商品款不退配送费，送达后七天内可申请售后", ["退款", "售后"], """
生鲜类商品送达后只接受二十四小时内的质量问题申请，要附照片。
退款原路返回，三到五个工作日到账。
""", d=150)
E("p", "pitfalls/refund-clicked-twice", "pitfall", "客服连点两次退款按钮，同一笔订单退了两次钱", ["退款", "重复", "客服后台"], """
后台按钮没有防重，接口也没做幂等。现在接口按退款单号去重，按钮点击后立即置灰。
对账时发现的，损失已经追回。
""", d=130)
E("p", "facts/settlement-cycle", "fact", "商户结算周期是每周一次，周三打款，上周一到周日的订单", ["结算", "商户", "打款"], """
结算单周二生成，商户可以在后台核对，有异议要在周三中午之前提出。
""", d=170)
E("p", "pitfalls/settlement-timezone", "pitfall", "结算单把周日晚上的订单算到了下一周：统计按的是协调世界时", ["结算", "时区", "对账"], """
周日晚上八点以后的订单在协调世界时里已经是周一。结算口径统一按北京时间的自然日切分。
""", d=120)
E("p", "facts/courier-shifts", "fact", "骑手排班分早中晚三个班次，午高峰和晚高峰要保证在线人数", ["骑手", "排班", "高峰"], """
午高峰十一点到十三点，晚高峰十七点到二十点。在线人数低于预测的八成时会自动发补贴通知。
""", d=140)
E("p", "decisions/dispatch-radius", "decision", "派单半径默认三公里，高峰期放宽到五公里", ["派单", "半径", "骑手"], """
超过五公里的单子宁可延迟派也不硬派，骑手拒单率太高。雨天半径不变，只加配送费。
""", d=160)
E("p", "pitfalls/dispatch-loop", "pitfall", "同一单被反复派给同一个骑手，骑手一直拒单", ["派单", "拒单"], """
拒单之后没有把这个骑手放进这单的排除名单。现在拒单一次就排除，三十分钟内不会再派给他。
""", d=90)
E("p", "facts/promo-stacking", "fact", "优惠叠加规则：满减和会员折扣可以叠加，优惠券之间不能叠加", ["优惠", "叠加", "优惠券"], """
计算顺序：先会员折扣，再满减，最后优惠券。运费券单独算，不参与叠加限制。
""", d=110)
E("p", "pitfalls/promo-negative-total", "pitfall", "优惠叠加后订单金额出现负数", ["优惠", "负数", "金额"], """
满减和大额优惠券同时用在小订单上，算出来是负的。现在最终金额最低为一分钱，超出部分的优惠作废。
""", d=100)
E("p", "rules/price-change-approval", "rule", "改线上价格和配送费规则必须有运营和财务两方书面确认", ["价格", "审批", "配送费"], """
确认记录贴在变更单里。只有一方同意的不许上线。
""", d=230, pin=True)
E("p", "facts/support-hours", "fact", "客服工作时间早八点到晚十二点，夜里只有机器人", ["客服", "工作时间"], """
夜间的投诉第二天早上八点之前要全部回访。
""", d=250)
E("p", "facts/warehouse-cutoff", "fact", "前置仓每天晚上十一点截单，之后的订单第二天早上七点开始配送", ["前置仓", "截单", "配送时间"], """
截单时间以下单时间为准，不是支付时间。节假日前一天截单提前到十点。
""", d=180)
E("p", "pitfalls/stock-oversell", "pitfall", "大促时库存超卖：扣库存和下单不在一个事务里", ["库存", "超卖", "大促"], """
先查库存再下单，两步之间别的请求也扣了。现在用数据库的条件更新，库存不够就更新失败。
""", d=210)
E("p", "decisions/stock-reservation", "decision", "下单时先锁库存十五分钟，支付成功才真正扣减", ["库存", "锁定", "支付"], """
超时未支付自动释放。锁定记录单独一张表，每分钟扫一次过期的。
""", d=205)
E("p", "facts/data-retention", "fact", "用户数据保留规则：注销后三十天删除个人信息，订单记录匿名化后保留五年", ["数据保留", "注销", "隐私"], """
删除任务每天凌晨跑。财务相关的记录按法规保留，不能提前删。
""", d=260)
E("p", "pitfalls/account-deletion-backup", "pitfall", "注销用户的信息在备份里还能查到", ["注销", "备份", "隐私"], """
备份保留九十天，比删除期限长。法务的结论是备份可以保留，但恢复备份时必须重新执行删除任务。
""", d=190)
E("p", "facts/sms-limits", "fact", "短信验证码一天最多发十条，同一手机号一分钟只能发一次", ["短信", "验证码", "限流"], """
超过上限返回提示让用户稍后再试。短信费用按条计，注意防刷。
""", d=150)
E("p", "pitfalls/sms-bombing", "pitfall", "有人用我们的验证码接口刷别人的手机号", ["短信", "防刷", "验证码"], """
那天短信费是平时的四十倍。现在发送前要先过滑块验证，同一设备和同一网段也限次数。
""", d=80)
E("p", "facts/holiday-capacity", "fact", "春节期间骑手减少一半，提前两周开始控单", ["春节", "运力", "控单"], """
控单方式是缩小配送范围和提高起送价。除夕到初三只开部分前置仓。
""", d=300)
E("p", "preferences/meeting-notes", "preference", "团队会议纪要当天发出，写清楚结论、负责人和截止日期", ["会议纪要", "团队"], """
没有负责人的事项等于没人做。纪要放在共享文档的会议目录下。
""", d=220)
E("p", "facts/team-split", "fact", "团队分工：数据组三人，后端五人，移动端四人，测试两人", ["团队", "分工"], """
数据组组长负责仓库和调度，后端组长兼任架构评审的主持人。
""", d=90)
E("p", "pitfalls/load-test-prod", "pitfall", "压测误打到了生产环境，触发了真实的短信和推送", ["压测", "生产环境"], """
压测脚本里的地址是从环境变量读的，那台机器上配的是生产地址。现在压测只能在专门的压测环境跑，脚本启动时会检查地址。
""", d=160)
E("p", "facts/load-test-env", "fact", "压测环境和生产同配置，每月第一周开放预约", ["压测", "预约"], """
压测前一天在频道里报备时间段和预计流量，结束后出报告。
""", d=155)
E("p", "rules/data-export-approval", "rule", "导出含个人信息的数据必须走审批，导出文件七天后自动删除", ["导出", "个人信息", "审批"], """
禁止用个人邮箱或聊天软件传送导出的文件。
""", d=240)
E("p", "facts/ab-testing", "fact", "实验平台按用户编号分桶，每个实验至少跑满两周", ["实验", "分桶"], """
同一用户同一时间最多在三个实验里。看结果之前先确认样本量够了，别提前停。
""", d=130)
E("p", "pitfalls/ab-peeking", "pitfall", "实验第三天看到显著就停了，全量之后指标反而下降", ["实验", "显著性"], """
提前偷看结果导致假阳性。现在平台在样本量不够时不显示显著性。
""", d=125)
E("p", "facts/merchant-onboarding", "fact", "新商户入驻流程：资质审核、签约、上架商品、试运营一周", ["商户", "入驻"], """
资质审核一般两个工作日。试运营期间订单量限制在每天两百单。
""", d=200)
E("p", "pitfalls/image-upload-size", "pitfall", "商户上传的商品图片太大，列表页加载很慢", ["图片", "加载慢", "商品"], """
原图直接给了客户端。现在上传后统一压缩成三种尺寸，列表只用最小的。
""", d=115)
E("p", "facts/search-synonyms", "fact", "商品搜索的同义词表由运营维护，每周更新一次", ["商品搜索", "同义词"], """
比如“西红柿”和“番茄”、“土豆”和“马铃薯”。新加的词要第二天才生效。
""", d=170)
E("p", "pitfalls/weekend-alert-noise", "pitfall", "周末告警太多，值班的人直接静音了，结果漏了真正的故障", ["告警", "静音", "值班"], """
复盘之后把不需要人处理的告警全部降级成日报，电话告警只保留影响下单的。
""", d=60)
E("p", "decisions/postmortem-actions", "decision", "复盘里的改进项必须建成任务，负责人和截止日期缺一不可", ["复盘", "改进项"], """
每月例会检查一次完成情况，逾期的在会上说明原因。
""", d=140)
E("g", "preferences/friday-review", "preference", "每周五下午做一次周回顾，整理下周要做的三件事", ["周回顾", "计划"], """
不超过三件。写在个人笔记仓库里，下周五对照检查。
""", d=120)
E("g", "preferences/reply-length", "preference", "简单问题的回答不要超过五行", ["回答", "长度"], """
复杂问题可以长，但先给一段摘要。不要重复我的问题。
""", d=100)
E("g", "facts/health-breaks", "fact", "每工作五十分钟起来活动十分钟，颈椎不好", ["休息", "健康"], """
长时间任务跑起来的时候提醒我去走一走。
""", d=200)
E("g", "preferences/descriptive-names", "preference", "变量名宁可长一点也要说清楚是什么，别用缩写", ["命名", "变量名"], """
循环变量和很短的作用域可以例外。单位写进名字里，比如超时秒数。
""", d=190)
E("g", "preferences/refactor-scope", "preference", "重构和功能改动分开提交，不要混在一起", ["重构", "提交"], """
先提交不改行为的重构，再提交功能。评审的人一眼能看出哪里改了逻辑。
""", d=150)
E("g", "pitfalls/disk-full-logs", "pitfall", "自建服务器磁盘被日志写满，服务全部停了", ["磁盘", "日志", "服务器"], """
日志没有轮转。现在按天轮转、保留七天，磁盘用到八成就发邮件。
""", d=230)
E("g", "facts/backup-schedule", "fact", "家里的资料每周日凌晨备份到异地，保留十二周", ["备份", "异地"], """
每季度做一次恢复演练，确认备份能用。
""", d=210)
E("g", "preferences/no-auto-commit", "preference", "不要替我提交或推送代码，改完告诉我就行", ["提交", "推送"], """
我自己检查之后再提交。需要的话可以把建议的提交信息写出来。
""", d=80, pin=True)
E("p", "pitfalls/spark-driver-collect", "pitfall", "Spark 驱动节点内存溢出：有人对几亿行的结果调用了 collect", ["Spark", "driver", "内存"], """
只在调试小样本时把数据拉回驱动。要落地就直接写到存储，要看几行就用 limit 再取。
""", d=150)
E("p", "pitfalls/snowflake-warehouse-queue", "pitfall", "早上看板很慢，查询都在 BI_WH 上排队", ["Snowflake", "排队", "看板慢"], """
九点大家同时打开看板。多集群上限从一调到三以后排队消失，成本只多了一点。
""", d=40)
E("p", "pitfalls/kafka-lag-alert-noise", "pitfall", "消费积压告警在夜里经常误报：低峰期消息少，按时间算的积压看起来很大", ["Kafka", "积压", "误报"], """
改成按条数和时间同时判断，两个都超过阈值才告警。
""", d=55)
E("p", "pitfalls/go-goroutine-leak", "pitfall", "order-svc 的协程数一直涨：订阅流断开后没有退出读循环", ["goroutine", "泄漏", "gRPC stream"], """
客户端断开后服务端的发送循环没检查上下文是否取消。每个流式接口都要监听上下文结束。
""", d=70)
# ---------------------------------------------------------------------------------------------
# Queries. Labels: 2 = the answer, 1 = also useful; none = memory holds no answer.
# ---------------------------------------------------------------------------------------------

# question: asked as a person asks, often about the symptom
Q("question", "why did my new DAG suddenly schedule hundreds of runs right after deploying it?",
  {"p:pitfalls/airflow-catchup": 2, "p:pitfalls/airflow-backfill-dupes": 1})
Q("question", "how do I get my DAG changes onto the production Airflow?",
  {"p:decisions/airflow-deploy": 2, "p:facts/airflow-setup": 1})
Q("question", "which Snowflake warehouse should my dashboard queries use?",
  {"p:facts/snowflake-warehouses": 2, "p:pitfalls/snowflake-warehouse-queue": 1})
Q("question", "what's the rule for naming dbt models?", {"p:decisions/dbt-layers": 2})
Q("question", "how long can we still recover a dropped table in Snowflake?", {"p:facts/snowflake-undrop": 2})
Q("question", "why is the consumer group of order events constantly rejoining?",
  {"p:pitfalls/kafka-consumer-rebalance": 2, "p:pitfalls/kafka-rebalance-zh": 2})
Q("question", "where can I find courier locations from yesterday? the topic doesn't have them anymore",
  {"p:pitfalls/kafka-location-retention": 2, "p:decisions/kafka-connect-s3": 1})
Q("question", "how should I do logging in a new Go service?", {"p:decisions/go-slog": 2})
Q("question", "which port does pricing-svc listen on locally?", {"p:facts/local-ports": 2})
Q("question", "how do I run terraform for prod, do I apply from my machine?",
  {"p:facts/atlantis": 2, "p:pitfalls/atlantis-apply-before-merge": 1, "p:decisions/terraform-layout": 1})
Q("question", "why are the pods killed for memory even though the heap looks small?",
  {"p:pitfalls/gomemlimit-oomkilled": 2})
Q("question", "how do I ship a new version of order-svc to production?",
  {"p:facts/release-flow": 2, "p:decisions/gitops-argocd": 1})
Q("question", "what do we use for feature toggles?",
  {"p:decisions/feature-flags": 2, "p:pitfalls/flag-service-down-default": 1})
Q("question", "why do pushes never arrive on TestFlight builds?", {"p:pitfalls/apns-sandbox-token": 2})
Q("question", "how do I reach my local backend from the Android emulator?", {"p:pitfalls/emulator-localhost": 2})
Q("question", "what's the lowest iOS version we still support?",
  {"p:decisions/min-os-versions": 2, "p:facts/mobile-apps": 1})
Q("question", "which text editor do I use?", {"g:preferences/editor-neovim": 2})
Q("question", "what's my Python setup, package manager and formatter?",
  {"g:preferences/python-tooling": 2, "g:preferences/uv-scripts": 1})
Q("question", "why does git keep asking for my ssh passphrase since the update?",
  {"g:pitfalls/ssh-keys-after-update": 2})
Q("question", "配送费到底怎么算的？", {"p:facts/delivery-fee-rules": 2})
Q("question", "为什么早报每天都晚到？调度的时间是不是有问题", {"p:pitfalls/airflow-timezone": 2, "p:facts/dashboard-refresh": 1})
Q("question", "测试环境我昨天建的账号怎么没了？", {"p:pitfalls/staging-reset": 2})
Q("question", "退款要多久才能到账？", {"p:facts/refund-policy": 2})
Q("question", "订单送到以后还能变成取消吗？", {"p:facts/order-lifecycle": 2})
Q("question", "会员折扣和优惠券能一起用吗？", {"p:facts/promo-stacking": 2, "p:pitfalls/promo-negative-total": 1})
Q("question", "用户注销以后，他的数据什么时候删？",
  {"p:facts/data-retention": 2, "p:pitfalls/account-deletion-backup": 1})
Q("question", "晚上十一点半下的单什么时候送？", {"p:facts/warehouse-cutoff": 2})
Q("question", "一个实验要跑多久才能看结果？", {"p:facts/ab-testing": 2, "p:pitfalls/ab-peeking": 1})
Q("question", "我在回答里更喜欢什么样的结构？", {"g:preferences/answer-first": 2, "g:preferences/reply-length": 1})
Q("question", "周五晚上能上线吗？", {"p:rules/no-friday-evening-deploys": 2})
Q("question", "为什么骑手一直收到同一单，拒了还来？", {"p:pitfalls/dispatch-loop": 2})
Q("question", "本地怎么把 Airflow 跑起来？", {"p:facts/airflow-local": 2})

# paraphrase: same need, other words than the entry
Q("paraphrase", "dashboards sluggish first thing in the morning, queries waiting",
  {"p:pitfalls/snowflake-warehouse-queue": 2, "p:facts/snowflake-warehouses": 1})
Q("paraphrase", "someone left the BI compute cluster oversized and the bill exploded",
  {"p:pitfalls/snowflake-credit-spike": 2})
Q("paraphrase", "CI builds every single analytics model on each pull request",
  {"p:pitfalls/dbt-slim-ci": 2})
Q("paraphrase", "history table stopped capturing commission updates for merchants",
  {"p:pitfalls/dbt-snapshot-timestamp": 2})
Q("paraphrase", "storing a huge pandas frame between tasks made the scheduler crawl",
  {"p:pitfalls/airflow-xcom-size": 2})
Q("paraphrase", "waiting tasks occupy all the workers so real work queues up",
  {"p:pitfalls/airflow-sensor-slots": 2})
Q("paraphrase", "the Postgres disk filled up because the change-data-capture connector was stopped",
  {"p:pitfalls/debezium-replication-slot": 2, "p:decisions/cdc-debezium": 1})
Q("paraphrase", "tens of thousands of tiny output files in the bucket after the job",
  {"p:pitfalls/spark-small-files": 2})
Q("paraphrase", "event times off by hours after loading files written by the cluster job",
  {"p:pitfalls/parquet-int96": 2})
Q("paraphrase", "requests pile up and never finish when a downstream service gets slow",
  {"p:pitfalls/grpc-no-deadline": 2, "p:pitfalls/rpc-timeout-zh": 2})
Q("paraphrase", "rollouts drop traffic because new pods report healthy too early",
  {"p:pitfalls/readiness-before-listen": 2})
Q("paraphrase", "state file stuck locked after I cancelled an infrastructure apply",
  {"p:pitfalls/terraform-stale-lock": 2})
Q("paraphrase", "infrastructure plan wants to destroy and recreate the orders database",
  {"p:pitfalls/terraform-provider-pin": 2})
Q("paraphrase", "customers charged one cent too much on some discounted orders",
  {"p:pitfalls/money-float": 2, "p:pitfalls/money-float-zh": 2})
Q("paraphrase", "customers got duplicate orders after the cache filled up",
  {"p:pitfalls/redis-evicted-idempotency": 2, "p:decisions/idempotency-key": 1})
Q("paraphrase", "a test that fails only just after midnight", {"p:pitfalls/tests-midnight-flake": 2})
Q("paraphrase", "the release Android app crashes on start but the debug one is fine",
  {"p:pitfalls/r8-serialization": 2, "p:pitfalls/release-crash-zh": 2})
Q("paraphrase", "scrolling the orders screen on iPhone stutters",
  {"p:pitfalls/swiftui-list-dateformatter": 2})
Q("paraphrase", "crash reports for the iPhone app only show hex addresses",
  {"p:pitfalls/dsym-missing": 2, "p:facts/crash-reporting": 1})
Q("paraphrase", "app store uploads stuck waiting for an export compliance answer",
  {"p:pitfalls/testflight-missing-compliance": 2})
Q("paraphrase", "数据库里的账号改了密码，服务却还连着旧的", {"p:pitfalls/secret-rotation-restart": 2})
Q("paraphrase", "大促的时候卖出去的比仓里有的还多", {"p:pitfalls/stock-oversell": 2, "p:decisions/stock-reservation": 1})
Q("paraphrase", "验证码接口被人拿去轰炸别人的手机", {"p:pitfalls/sms-bombing": 2, "p:facts/sms-limits": 1})
Q("paraphrase", "值班的同事把告警关掉了，真出事没人知道", {"p:pitfalls/weekend-alert-noise": 2})
Q("paraphrase", "我的提交信息应该怎么写", {"g:preferences/commit-messages": 2, "p:decisions/conventional-commits": 1})

# crossling: asked in the other language than the entry
Q("crossling", "订单列表划起来一卡一卡的，iOS 那边", {"p:pitfalls/swiftui-list-dateformatter": 2})
Q("crossling", "新的消费者上线后没有读到以前的消息", {"p:pitfalls/kafka-offset-reset": 2})
Q("crossling", "网关调用下游没设超时会怎样", {"p:pitfalls/grpc-no-deadline": 2, "p:pitfalls/rpc-timeout-zh": 2})
Q("crossling", "金额能不能用浮点数", {"p:pitfalls/money-float-zh": 2, "p:pitfalls/money-float": 2})
Q("crossling", "推送在测试版里收不到", {"p:pitfalls/apns-sandbox-token": 2, "p:facts/push-delivery": 1})
Q("crossling", "iOS 新页面的视图模型怎么写，还用 Combine 那一套吗", {"p:decisions/ios-observation": 2})
Q("crossling", "安卓模拟器怎么访问本机的服务", {"p:pitfalls/emulator-localhost": 2})
Q("crossling", "数仓里的个人敏感字段怎么处理", {"p:rules/pii-columns": 2, "p:rules/data-export-approval": 1})
Q("crossling", "一个服务能直接查另一个服务的数据库吗", {"p:decisions/db-per-service": 2})
Q("crossling", "指标里放订单号导致监控内存暴涨", {"p:pitfalls/metric-label-cardinality": 2})
Q("crossling", "我应该用什么编辑器的配置给你看", {"g:preferences/editor-neovim": 2})
Q("crossling", "克隆下来的图片都是几百字节的文本文件", {"g:pitfalls/git-lfs-pointers": 2})
Q("crossling", "全局装 npm 包报权限错误", {"g:pitfalls/npm-global-permissions": 2})
Q("crossling", "日志级别怎么选", {"g:preferences/logging-levels": 2})
Q("crossling", "SQL keywords upper or lower case in the analytics repo?",
  {"p:preferences/sql-style": 2, "g:preferences/adhoc-sql-uppercase": 1})
Q("crossling", "what happens when someone hits the refund button twice?", {"p:pitfalls/refund-clicked-twice": 2})
Q("crossling", "when do merchants get paid?", {"p:facts/settlement-cycle": 2})
Q("crossling", "how far away can a courier be when we assign an order?",
  {"p:decisions/dispatch-radius": 2, "p:facts/courier-location": 1})
Q("crossling", "the order total came out negative with coupons", {"p:pitfalls/promo-negative-total": 2})
Q("crossling", "we accidentally load tested production and real SMS went out",
  {"p:pitfalls/load-test-prod": 2, "p:facts/load-test-env": 1})
Q("crossling", "creating an index on a big table blocked order writes", {"p:pitfalls/index-locks-table": 2})
Q("crossling", "users are still logged in after reinstalling the iOS app",
  {"p:pitfalls/ios-keychain-after-reinstall": 2})
Q("crossling", "courier app location stops updating when the phone is locked",
  {"p:pitfalls/ios-background-location": 2, "p:facts/courier-app-battery": 1})
Q("crossling", "who has to sign off before changing the delivery fee?",
  {"p:rules/price-change-approval": 2, "p:facts/delivery-fee-rules": 1})
Q("crossling", "should I commit and push for you after editing?", {"g:preferences/no-auto-commit": 2})
Q("crossling", "my focus time, when not to schedule meetings", {"g:preferences/focus-hours": 2})

# glued: Chinese with no spaces, English glued to Chinese
Q("glued", "dbt全量刷新要多久", {"p:pitfalls/dbt-full-refresh": 2})
Q("glued", "Kafka消费者组一直重平衡怎么办", {"p:pitfalls/kafka-rebalance-zh": 2, "p:pitfalls/kafka-consumer-rebalance": 2})
Q("glued", "Spark作业内存溢出", {"p:pitfalls/spark-skew-oom": 2, "p:pitfalls/spark-driver-collect": 2})
Q("glued", "terraform锁住了解不开", {"p:pitfalls/terraform-stale-lock": 2})
Q("glued", "证书过期导致握手失败", {"p:pitfalls/cert-renewal-outage": 2})
Q("glued", "上传图片报413", {"p:pitfalls/ingress-413": 2})
Q("glued", "Gradle构建内存不够", {"p:pitfalls/gradle-metaspace": 2})
Q("glued", "Sentry崩溃没有符号", {"p:pitfalls/dsym-missing": 2})
Q("glued", "通用链接改了不生效", {"p:pitfalls/aasa-cache": 2})
Q("glued", "库存锁定多久释放", {"p:decisions/stock-reservation": 2})
Q("glued", "春节运力不够怎么控单", {"p:facts/holiday-capacity": 2})
Q("glued", "结算单周日的订单算错周", {"p:pitfalls/settlement-timezone": 2})
Q("glued", "colima磁盘满了", {"g:pitfalls/colima-disk-full": 2})
Q("glued", "brew装的命令找不到", {"g:pitfalls/brew-not-on-path": 2})
Q("glued", "git提交签名失败", {"g:pitfalls/gpg-failed-to-sign": 2, "g:facts/commit-signing": 1})

# ident: env var, flag, file path, error text
Q("ident", "GOMEMLIMIT", {"p:pitfalls/gomemlimit-oomkilled": 2})
Q("ident", "GOPRIVATE", {"p:pitfalls/goprivate": 2})
Q("ident", "TESTCONTAINERS_RYUK_DISABLED", {"p:pitfalls/testcontainers-ryuk": 2})
Q("ident", "ITSAppUsesNonExemptEncryption", {"p:pitfalls/testflight-missing-compliance": 2})
Q("ident", "max.poll.interval.ms", {"p:pitfalls/kafka-consumer-rebalance": 2})
Q("ident", "auto.offset.reset", {"p:pitfalls/kafka-offset-reset": 2})
Q("ident", "spark.sql.parquet.outputTimestampType", {"p:pitfalls/parquet-int96": 2})
Q("ident", "--full-refresh", {"p:pitfalls/dbt-full-refresh": 2})
Q("ident", "state:modified+", {"p:pitfalls/dbt-slim-ci": 2})
Q("ident", "Duplicate row detected during DML action", {"p:pitfalls/snowflake-merge-duplicates": 2})
Q("ident", "FATAL: remaining connection slots are reserved", {"p:pitfalls/pgxpool-exhaustion": 2})
Q("ident", "server does not support the reflection API", {"p:pitfalls/grpcurl-reflection": 2})
Q("ident", "exec format error", {"p:pitfalls/exec-format-error": 2})
Q("ident", "Error acquiring the state lock: ConditionalCheckFailedException", {"p:pitfalls/terraform-stale-lock": 2})
Q("ident", "nginx.ingress.kubernetes.io/proxy-body-size", {"p:pitfalls/ingress-413": 2})
Q("ident", "Undefined symbols for architecture arm64", {"p:pitfalls/xcframework-stale": 2})
Q("ident", "CLEARTEXT communication not permitted", {"p:pitfalls/emulator-localhost": 2})
Q("ident", "error: externally-managed-environment", {"g:pitfalls/pip-externally-managed": 2})
Q("ident", "error: gpg failed to sign the data", {"g:pitfalls/gpg-failed-to-sign": 2})
Q("ident", "database is locked", {"g:pitfalls/sqlite-busy": 2})

# short: two or three words
Q("short", "snowflake roles", {"p:decisions/snowflake-roles": 2})
Q("short", "dbt targets", {"p:facts/dbt-targets": 2})
Q("short", "schema registry compatibility", {"p:decisions/kafka-schema-registry": 2})
Q("short", "helm values", {"p:decisions/helm-charts": 2})
Q("short", "k8s clusters", {"p:facts/k8s-clusters": 2, "g:preferences/kubectl-full-names": 1})
Q("short", "rate limit", {"p:decisions/gateway-rate-limit": 2})
Q("short", "ADR", {"p:decisions/adr-location": 2})
Q("short", "android flavors", {"p:facts/android-flavors": 2})
Q("short", "code signing", {"p:decisions/fastlane-match": 2, "p:pitfalls/match-cert-expired": 1})
Q("short", "rust errors", {"g:preferences/rust-errors": 2})
Q("short", "告警频道", {"p:facts/alert-channels": 2})
Q("short", "事故流程", {"p:facts/incident-process": 2, "p:decisions/postmortem-actions": 1})
Q("short", "数据值班", {"p:facts/data-oncall": 2})
Q("short", "发版节奏", {"p:facts/mobile-release-train": 2, "p:facts/release-flow": 1})
Q("short", "商户入驻", {"p:facts/merchant-onboarding": 2})
Q("short", "同义词", {"p:facts/search-synonyms": 2})
Q("short", "日期格式", {"g:preferences/date-time-format": 2})
Q("short", "终端字体", {"g:preferences/terminal": 2})

# long: a prompt as pasted into an agent
Q("long", "I'm adding a new consumer for order.events.v1 in courier-svc. It's going live next week and it needs to "
  "process everything from the last month, not just new messages. What do I need to watch out for when it starts?",
  {"p:pitfalls/kafka-offset-reset": 2, "p:facts/kafka-topic-naming": 1, "p:pitfalls/kafka-consumer-rebalance": 1})
Q("long", "Our finance dashboard showed yesterday's numbers at 9am again. I checked and nothing is obviously red. "
  "Where should I start looking and when is it normally ready?",
  {"p:facts/dashboard-refresh": 2, "p:facts/data-oncall": 1, "p:pitfalls/snowflake-warehouse-queue": 1})
Q("long", "I need to add a column to fct_orders and change how amount is computed. It's an incremental model. "
  "Do I have to rebuild the whole table, and is there a good time to do it?",
  {"p:pitfalls/dbt-full-refresh": 2, "p:decisions/dbt-incremental": 2})
Q("long", "Please write a migration that adds an index on orders(customer_id, created_at). The orders table has "
  "about 400M rows and takes writes all day. Use our usual migration tool.",
  {"p:pitfalls/index-locks-table": 2, "p:facts/goose-migrations": 2})
Q("long", "Scale-out test: I bumped order-svc to 30 replicas in staging and it started throwing database errors "
  "almost immediately. Memory and CPU look fine. What's going on?",
  {"p:pitfalls/pgxpool-exhaustion": 2})
Q("long", "I built the gateway image on my laptop and pushed it to the staging registry to test quickly, "
  "but the pod crashes right away with a weird error about the binary. Why?",
  {"p:pitfalls/exec-format-error": 2, "p:decisions/arm-runners": 1})
Q("long", "The iOS release job on CI failed tonight during signing, saying no distribution certificate was found. "
  "Nothing changed in the project. Can you fix it?",
  {"p:pitfalls/match-cert-expired": 2, "p:decisions/fastlane-match": 1})
Q("long", "After upgrading Kotlin in the shared module, the iPhone build stopped linking. Android is fine. "
  "I already ran a normal build twice.",
  {"p:pitfalls/xcframework-stale": 2, "p:decisions/kmp-shared": 1})
Q("long", "Argo keeps marking courier-svc as out of sync even right after a sync, and the diff only shows the "
  "replica count. Is something wrong with the deploy repo?",
  {"p:pitfalls/argocd-outofsync-hpa": 2})
Q("long", "During the dinner peak courier-svc latency tripled but the autoscaler never added pods. CPU was around "
  "20%. How should it scale instead?",
  {"p:pitfalls/hpa-cpu-io-bound": 2})
Q("long", "帮我看一下：昨晚回填了上个月的订单数据之后，fct_orders 里很多订单出现了两条一模一样的记录，"
  "回填时我开了好几个并发。怎么避免？",
  {"p:pitfalls/airflow-backfill-dupes": 2, "p:pitfalls/snowflake-merge-duplicates": 1})
Q("long", "骑手反馈最近手机特别烫，电量掉得很快，尤其是没有单的时候也一样。我们这边应该检查什么？",
  {"p:facts/courier-app-battery": 2})
Q("long", "我准备给计价服务加一个新依赖，用来做金额的四舍五入，大概只用到一个函数。你觉得呢？顺便看看金额应该怎么存。",
  {"g:preferences/ask-before-new-deps": 2, "p:pitfalls/money-float-zh": 2, "p:pitfalls/money-float": 1})
Q("long", "线上新结算页刚才突然对所有人都消失了，二十分钟后又自己回来了，代码没有发布过。可能是什么原因？",
  {"p:pitfalls/flag-service-down-default": 2})
Q("long", "I'm writing the runbook for an order-svc database failover drill tomorrow. Is the existing runbook "
  "still accurate? Anything to skip?",
  {"p:pitfalls/docs-outdated-runbook": 2})

# variant: typos and case
Q("variant", "terrafrom force unlcok", {"p:pitfalls/terraform-stale-lock": 2})
Q("variant", "SNOWFLAKE WAREHOUSE SIZES", {"p:facts/snowflake-warehouses": 2})
Q("variant", "airflwo catchup", {"p:pitfalls/airflow-catchup": 2})
Q("variant", "debezuim replication slot", {"p:pitfalls/debezium-replication-slot": 2})
Q("variant", "grpc DEADLINE", {"p:pitfalls/grpc-no-deadline": 2, "p:pitfalls/rpc-timeout-zh": 1})
Q("variant", "Testcontainer ryuk", {"p:pitfalls/testcontainers-ryuk": 2})
Q("variant", "argocd outofsync", {"p:pitfalls/argocd-outofsync-hpa": 2})
Q("variant", "fastlane mach", {"p:decisions/fastlane-match": 2, "p:pitfalls/match-cert-expired": 2})
Q("variant", "jetpack compose recompostion", {"p:pitfalls/compose-recomposition": 2})
Q("variant", "Colima Disk", {"g:pitfalls/colima-disk-full": 2})
Q("variant", "LazyVIM", {"g:preferences/editor-neovim": 2})
Q("variant", "tree-sitter parser", {"g:pitfalls/treesitter-parser-errors": 2})

# fullwidth: full-width Latin letters and digits, as some IMEs type them
Q("fullwidth", "ＧＯＭＥＭＬＩＭＩＴ", {"p:pitfalls/gomemlimit-oomkilled": 2})
Q("fullwidth", "Ｓｎｏｗｆｌａｋｅ 角色", {"p:decisions/snowflake-roles": 2})
Q("fullwidth", "ｄｂｔ 测试", {"p:rules/dbt-model-tests": 2})
Q("fullwidth", "Ｋａｆｋａ 主题命名", {"p:facts/kafka-topic-naming": 2})
Q("fullwidth", "上传头像４１３", {"p:pitfalls/ingress-413": 2})
Q("fullwidth", "ＡＰＮｓ 推送", {"p:facts/push-delivery": 2, "p:pitfalls/apns-sandbox-token": 1})
Q("fullwidth", "ＳＳＨ 签名", {"g:facts/commit-signing": 2, "g:pitfalls/gpg-failed-to-sign": 1})
Q("fullwidth", "ｚｓｈ", {"g:preferences/shell-zsh": 2})

# none: memory holds nothing about these (some share words with entries)
Q("none", "how do I configure Airflow SLA miss callbacks?")
Q("none", "what's the Snowflake account locator for the EU region?")
Q("none", "dbt seed files for country codes")
Q("none", "Kafka broker disk usage on the MSK cluster")
Q("none", "how do we rotate the Kafka TLS client certificates?")
Q("none", "Spark streaming checkpoint location")
Q("none", "who owns the pricing-svc on-call rotation in the US?")
Q("none", "gRPC load balancing with headless services")
Q("none", "Terraform workspace naming")
Q("none", "how to restore an RDS snapshot into staging")
Q("none", "Helm chart for the Redis operator")
Q("none", "Swift concurrency strict checking warnings")
Q("none", "Android widget for order tracking")
Q("none", "Apple Pay merchant identifier")
Q("none", "Google Maps API key restrictions")
Q("none", "my favourite mechanical keyboard switches")
Q("none", "which browser extensions do I use for development?")
Q("none", "Windows WSL setup")
Q("none", "GraphQL schema conventions")
Q("none", "how much vacation do I have left?")
Q("none", "发票怎么开？")
Q("none", "骑手的保险怎么买")
Q("none", "数据库主从延迟多少算正常")
Q("none", "仓库温度监控")
Q("none", "商品价格怎么批量导入")
Q("none", "年终奖什么时候发")
Q("none", "客服系统的工单怎么分配")
Q("none", "我喜欢吃什么")
Q("none", "用 Flutter 重写移动端的计划")
Q("none", "Kubernetes 集群升级到 1.31 的步骤")
