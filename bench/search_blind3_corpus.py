"""A third blind evaluation set for memsync search and context (``bench/search_blind.py --set blind3``).

Written by a helper who had not read memsync's tokenizer, ranker, context builder or dedupe code,
its own search corpus, the entries or queries of the first two blind sets, or any results file
(see bench/results/search_blind3.md, "How it was kept blind"). Only the harness, the shared types
at the top of bench/search_blind_corpus.py, the layout of bench/search_blind2_corpus.py and the
entry format (SPEC.md, docs/format.md) were read. The set was written and committed before memsync
was ever run on it.

Two roots: a project root (the "medilab" repo of a hospital's software team: a clinical-lab
information system and an appointment / operating-room scheduling service on Java 17 / Spring Boot,
PostgreSQL, an HL7 v2 interface gateway and a HAPI FHIR R4 facade, an Angular front end, on-prem
VMware VMs, Jenkins) and a global root (one developer's preferences and cross-project notes).
``ENTRIES`` holds the entries; ``QUERIES`` the questions, each with its family and graded labels
(2 = the answer, 1 = also useful; an empty dict = memory holds no answer). Keys are
``<scope>:<category>/<slug>`` with scope ``project`` or ``global``.

The data structures and the fixed clock are the first set's, imported so that every set is rendered
by the same harness code from the same types.
"""
from __future__ import annotations

from search_blind_corpus import BASE_MS, DAY_MS, Entry, Query, writers

__all__ = ["BASE_MS", "DAY_MS", "ENTRIES", "IRON_RULES", "QUERIES", "Entry", "Query"]

ENTRIES: list[Entry] = []
QUERIES: list[Query] = []
# Lines for the "Iron rules" section of each root's ROOT.md.
IRON_RULES = {
    "project": [
        "- 生产库禁止手工执行 UPDATE / DELETE，数据修复必须走变更单和 Flyway 脚本。",
        "- Never write patient names, ID card numbers or phone numbers to logs; log the MRN hash only.",
        "- 上线只在周二、周四 22:00 以后的变更窗口进行，检验科值班主任签字后才能发布。",
    ],
    "global": [
        "- Answer me in Chinese; code, commands and identifiers stay in English.",
        "- 不要替我 git push，更不要 force push 任何分支。",
    ],
}

E, Q = writers(ENTRIES, QUERIES)


# ---------------------------------------------------------------------------------------------
# Build, Java 17, Spring Boot
# ---------------------------------------------------------------------------------------------

E("p", "facts/maven-multimodule", "fact", "Maven multi-module build: parent pom at the repo root, one module per service", ["Maven", "build", "pom.xml"], """
Modules: common-errors, lis-core, sched-service, hl7-gateway, fhir-facade, report-service.
Full build: `./mvnw -T 2C clean verify` (about 9 min on a Jenkins agent, 4 min locally with `-DskipITs`).
JDK is Temurin 17.0.10; the wrapper pins Maven 3.9.6.
""", d=90)
E("p", "facts/nexus-mirror", "fact", "Every Maven and npm dependency comes from the internal Nexus; build agents have no internet", ["Nexus", "Maven", "npm", "mirror"], """
Nexus 3 at http://nexus.rh.local:8081 — maven-public (group) and npm-group.
Developers copy infra/maven/settings.xml to ~/.m2/settings.xml and run `npm config set registry http://nexus.rh.local:8081/repository/npm-group/`.
A new third-party artifact needs a ticket to the infra team so they proxy it; expect one working day.
""", d=150)
E("p", "pitfalls/lombok-mapstruct-binding", "pitfall", "MapStruct mappers compile to empty objects unless lombok-mapstruct-binding is on the processor path", ["MapStruct", "Lombok", "annotation processor"], """
Symptom: every DTO field null after mapping, no compile error, only a warning "Unmapped target properties".
Fix: in maven-compiler-plugin annotationProcessorPaths list lombok, then lombok-mapstruct-binding 0.2.0, then mapstruct-processor 1.5.5.Final.
Order matters; the parent pom already has it, so do not override annotationProcessorPaths in a module.
""", d=210)
E("p", "decisions/spring-boot-27-hold", "decision", "Stay on Spring Boot 2.7 until HAPI FHIR supports Jakarta", ["Spring Boot", "upgrade", "HAPI FHIR"], """
HAPI FHIR 5.7 still needs javax.servlet; moving to Boot 3 would split the fhir-facade from the rest.
Revisit when HAPI 6.8+ is out.
""", d=420)
E("p", "decisions/spring-boot-3-upgrade", "decision", "后端统一升级到 Spring Boot 3.2.5，javax 全部换成 jakarta", ["Spring Boot", "jakarta", "升级"], """
HAPI FHIR 6.10 已经支持 jakarta，所以 fhir-facade 和其他服务一起升级。
用 OpenRewrite 的 org.openrewrite.java.spring.boot3.UpgradeSpringBoot_3_2 做机械替换，再手工改 Spring Security 配置（WebSecurityConfigurerAdapter 没了）。
最低 JDK 17，所有服务 2024 年 6 月完成。
""", d=160, sup=("decisions/spring-boot-27-hold",))
E("p", "pitfalls/jackson-localdatetime-array", "pitfall", "Jackson 把 LocalDateTime 序列化成数组，前端显示成 [2024,3,1,8,30]", ["Jackson", "LocalDateTime", "日期格式"], """
原因：缺 jackson-datatype-jsr310 的配置，默认 WRITE_DATES_AS_TIMESTAMPS=true。
application.yml 里加 spring.jackson.serialization.write-dates-as-timestamps: false，并设 spring.jackson.time-zone: Asia/Shanghai。
接口统一输出 ISO-8601 带偏移量，例如 2024-03-01T08:30:00+08:00。
""", d=240)
E("p", "rules/constructor-injection", "rule", "Constructor injection only; no @Autowired on fields", ["Spring", "dependency injection", "@Autowired"], """
Final fields plus a single constructor (Lombok @RequiredArgsConstructor is fine).
Field injection hides dependencies and makes unit tests need a Spring context. Checkstyle rule in build-tools/checkstyle.xml fails the build.
""", d=300)
E("p", "facts/spring-profiles-config-server", "fact", "Spring profiles local, sit, uat, prod; config lives in the config server, never in the jar", ["Spring profiles", "config server", "application.yml"], """
Spring Cloud Config server at http://config.rh.local:8888, backed by the git repo medilab-config (one folder per service).
Only application-local.yml is in this repo. Secrets are `{cipher}...` values decrypted by the config server.
""", d=120)
E("p", "pitfalls/lis-core-oom-direct-memory", "pitfall", "lis-core 在 UAT 上 OOM：-Xmx 设成了 VM 内存的 90%，堆外内存不够", ["OOM", "JVM", "Xmx", "内存"], """
8G 的虚机设了 -Xmx7g，Netty 和 PDF 渲染用的堆外内存不够，进程被内核 OOM killer 杀掉，日志里没有 OutOfMemoryError。
现在统一 -Xmx5g -XX:MaxDirectMemorySize=512m -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=/data/dumps。
查被杀的记录：journalctl -k | grep -i oom。
""", d=75)
E("p", "facts/service-ports", "fact", "Service ports: lis-core 8080, sched-service 8082, hl7-gateway 8084 (MLLP 2575), fhir-facade 8090", ["ports", "services"], """
report-service is 8086. Actuator runs on the service port + 1000 (e.g. 9080) and is bound to the management VLAN only.
Local docker-compose in dev/compose.yml maps the same ports.
""", d=100)
E("p", "preferences/package-by-feature", "preference", "代码按业务功能分包，不按层分包", ["分包", "包结构"], """
同一个业务（比如标本签收、报告审核、预约）的接口、服务、仓储和实体放在同一个包下。
按层分包会让一个小改动跨五六个目录，评审时很难看清影响范围。
""", d=330)
E("p", "pitfalls/testcontainers-no-docker", "pitfall", "Integration tests fail with 'Could not find a valid Docker environment' on most Jenkins agents", ["Testcontainers", "Jenkins", "integration tests"], """
Only agents labelled `docker-it` have Docker. The Jenkinsfile runs `./mvnw verify -Pit` in a stage pinned to that label.
Locally, Testcontainers needs the Postgres image from the Nexus docker proxy: set TESTCONTAINERS_HUB_IMAGE_NAME_PREFIX=nexus.rh.local:8082/ in ~/.testcontainers.properties.
""", d=130)
E("p", "rules/sonar-coverage-gate", "rule", "新代码行覆盖率低于 70% 时 SonarQube 质量门禁不通过，不许跳过", ["SonarQube", "覆盖率", "质量门禁"], """
门禁规则叫 medilab-gate：新代码覆盖率 ≥ 70%，新增阻断级问题为 0，重复率 < 3%。
不允许在流水线里加 -Dsonar.qualitygate.wait=false 绕过；确实要豁免的找技术负责人在 Sonar 里标记。
""", d=200, pin=True)
E("p", "facts/error-code-format", "fact", "接口错误码格式 LIS-xxxx / SCH-xxxx，定义在 common-errors 的 ErrorCode 枚举里", ["错误码", "ErrorCode"], """
LIS-1xxx 标本相关，LIS-2xxx 报告相关，SCH-1xxx 预约冲突，SCH-2xxx 排班。
返回体统一 {"code":"LIS-1004","message":"标本已签收","traceId":"..."}，前端按 code 查国际化文案，不直接显示 message。
""", d=180)
E("p", "decisions/mapstruct-not-modelmapper", "decision", "DTO mapping uses MapStruct, not ModelMapper", ["MapStruct", "ModelMapper", "DTO"], """
ModelMapper matched `patientId` to `patient.id` by guessing and silently filled the wrong field in the order DTO.
MapStruct is compile-time: unmapped targets are errors (unmappedTargetPolicy = ERROR in the parent config).
""", d=390)
E("p", "pitfalls/transactional-self-invocation", "pitfall", "@Transactional 在同一个类里自调用不生效，批量审核失败时没回滚", ["@Transactional", "事务", "Spring"], """
ReportApprovalService.approveAll() 直接调用 this.approve()，代理没生效，一半报告审核成功一半失败，数据不一致。
解决：把 approve() 挪到 ReportApprover 单独的 bean 里，或者用 TransactionTemplate 显式控制。
""", d=260)
E("p", "preferences/json-logs", "preference", "Logs are JSON lines via logstash-logback-encoder with traceId in the MDC", ["logging", "logback", "traceId"], """
logback-spring.xml comes from the common-logging module; do not add a module-local one.
Filebeat ships /var/log/medilab/*.json to the on-prem Elasticsearch; Kibana index pattern medilab-*.
Use `log.info("specimen received", kv("specimenId", id))` style structured args, not string concatenation.
""", d=140)
E("p", "pitfalls/legacy-gbk-sources", "pitfall", "老模块源文件是 GBK 编码，mvn 编译后中文提示语乱码", ["GBK", "编码", "乱码"], """
report-service 里 2019 年以前的类是 GBK，project.build.sourceEncoding 设成 UTF-8 后中文字符串全变问号。
已用 `find . -name '*.java' -exec iconv -f GBK -t UTF-8 -o {}.tmp {} \\;` 转过一遍；新文件一律 UTF-8，.editorconfig 里有 charset = utf-8。
""", d=500)
E("p", "facts/actuator-health-groups", "fact", "Actuator health groups: /actuator/health/readiness checks DB and RabbitMQ, liveness checks nothing external", ["Actuator", "health check", "readiness"], """
The F5 load balancer polls /actuator/health/readiness on the management port every 5 s; 3 failures take a node out.
Do not add the HL7 MLLP connection to readiness: one analyzer offline would take the whole gateway out of the pool.
""", d=110)
E("p", "rules/no-lombok-data-on-entities", "rule", "JPA 实体上禁止用 Lombok 的 @Data", ["JPA", "Lombok", "实体"], """
@Data 生成的 equals/hashCode 会遍历懒加载的关联，触发 N+1 甚至 LazyInitializationException；toString 会把患者信息打进日志。
实体只用 @Getter @Setter，equals/hashCode 按主键手写。
""", d=280)
E("p", "facts/rabbitmq-exchanges", "fact", "RabbitMQ exchanges: lab.events (topic) and sched.events (topic); dead letters go to *.dlx", ["RabbitMQ", "exchange", "events"], """
Routing keys look like `specimen.received`, `report.approved`, `appointment.cancelled`.
Cluster of three nodes mq01-03.rh.local, vhost /medilab. Each consumer queue has x-dead-letter-exchange set and a 5-retry policy.
""", d=95)
E("p", "pitfalls/rabbit-prefetch-unbounded", "pitfall", "Consumer prefetch 250 made one slow report-service node hoard messages", ["RabbitMQ", "prefetch", "consumer"], """
Spring AMQP's default prefetch (250) let one node take every PDF render job while the other idled.
spring.rabbitmq.listener.simple.prefetch: 5 for report-service, 20 for the lightweight listeners.
""", d=60)
E("p", "decisions/outbox-pattern", "decision", "领域事件用 outbox 表 + 轮询发布，不在事务里直接发 RabbitMQ", ["outbox", "RabbitMQ", "事件"], """
以前报告审核后直接 rabbitTemplate.convertAndSend，事务回滚了消息却已发出，护士站收到了不存在的报告通知。
现在写 event_outbox 表（同一事务），OutboxRelay 每 500ms 取一批发出，成功后标记 published_at。
""", d=230)


# ---------------------------------------------------------------------------------------------
# PostgreSQL, Flyway, data
# ---------------------------------------------------------------------------------------------

E("p", "facts/postgres-cluster", "fact", "PostgreSQL 15 primary pg01 with streaming replica pg02, managed by Patroni; apps connect through HAProxy", ["PostgreSQL", "Patroni", "HAProxy", "replica"], """
Write endpoint: pgrw.rh.local:5000 (HAProxy → current leader). Read-only endpoint: pgro.rh.local:5001.
etcd on three small VMs (etcd01-03). `patronictl -c /etc/patroni/patroni.yml list` shows who leads.
Databases: lis, sched, fhir, audit; one schema per service.
""", d=70, pin=True)
E("p", "rules/flyway-only", "rule", "Schema changes only through Flyway migrations in the service's db/migration folder", ["Flyway", "migration", "schema"], """
File names V<yyyyMMddHHmm>__<what>.sql, e.g. V202405141030__add_specimen_hemolysis.sql. Never edit a migration that has reached SIT.
Repeatable views go in R__*.sql. spring.flyway.validate-on-migrate stays true.
""", d=260, pin=True)
E("p", "pitfalls/flyway-checksum-mismatch", "pitfall", "Flyway 'Validate failed: Migration checksum mismatch' after someone reformatted an old script", ["Flyway", "checksum", "validate"], """
An IDE reformat changed whitespace in V202311020900__init_qc.sql; SIT refused to start.
Revert the file from git. Only if the change is intended and applied everywhere: `./mvnw -pl lis-core flyway:repair -Dflyway.url=...` with the DBA present.
""", d=140)
E("p", "decisions/timestamptz-everywhere", "decision", "所有时间列用 timestamptz，应用层统一 Asia/Shanghai", ["timestamptz", "时区", "PostgreSQL"], """
2022 年旧表用的 timestamp without time zone，数据库服务器的时区改成 UTC 后采样时间整体差 8 小时。
新表一律 timestamptz；JDBC 连接串加 options=-c%20TimeZone=Asia/Shanghai；Java 里用 OffsetDateTime。
""", d=310)
E("p", "pitfalls/hikari-pool-exhausted", "pitfall", "HikariPool-1 - Connection is not available, request timed out after 30000ms", ["HikariCP", "connection pool", "timeout"], """
Cause in March: a report export held a connection while streaming a 200 MB PDF to the browser.
Pool size is 20 per lis-core node (max_connections on pg01 is 400). Do heavy IO outside the transaction; leakDetectionThreshold: 20000 is on in SIT.
""", d=85)
E("p", "facts/result-table-partitioning", "fact", "检验结果表 lab_result 按月分区，pg_partman 每天凌晨预建三个月", ["分区", "pg_partman", "lab_result"], """
分区键 result_time，分区名 lab_result_p2024_05 这种格式；默认分区 lab_result_default 里出现数据说明预建失败。
pg_partman 的维护任务由 pg_cron 在 02:10 执行：SELECT partman.run_maintenance();
""", d=190)
E("p", "pitfalls/default-partition-rows", "pitfall", "Rows in lab_result_default block creating the next month's partition", ["partition", "lab_result", "pg_partman"], """
When pg_cron was down for a week, results landed in the default partition; creating lab_result_p2024_08 then failed with "updated partition constraint for default partition would be violated".
Fix: move rows out with `SELECT partman.partition_data_proc('public.lab_result')`, then rerun run_maintenance().
""", d=120)
E("p", "facts/pgbackrest-backups", "fact", "备份：pgBackRest 每周日全量、每天增量，WAL 归档到备份服务器 bak01，保留 35 天", ["备份", "pgBackRest", "恢复"], """
仓库路径 bak01:/backup/pgbackrest，stanza 名 medilab。
查看状态：sudo -u postgres pgbackrest --stanza=medilab info。每季度在 restore-test 虚机上做一次恢复演练，记录写在运维台账里。
""", d=160)
E("p", "rules/no-select-star-in-reports", "rule", "报表查询不许写 SELECT *，只查需要的列", ["SQL", "报表"], """
报表直接连只读库，结果表有四十多列，包括大字段的原始仪器报文，SELECT * 会把只读库的网络带宽吃满。
""", d=350)
E("p", "pitfalls/replica-lag-report", "pitfall", "Reports read from pgro showed results missing for a few seconds after approval", ["replica lag", "read replica", "report"], """
Streaming replica lag is usually < 1 s but reached 40 s during the nightly VACUUM of lab_result.
Screens a doctor uses right after approval read from the primary (@Transactional(readOnly = false) path); only batch/statistics reports use pgro.
Check lag: SELECT now() - pg_last_xact_replay_timestamp(); on pg02.
""", d=55)
E("p", "facts/vacuum-settings", "fact", "Autovacuum is tuned per table for lab_result and hl7_message", ["autovacuum", "VACUUM", "bloat"], """
ALTER TABLE hl7_message SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_cost_limit = 2000);
hl7_message gets ~1.5 M inserts and deletes a day (7-day retention), so the default 20% threshold let it bloat to 90 GB.
""", d=145)
E("p", "decisions/uuid-v7-keys", "decision", "新表主键用 UUIDv7（应用生成），旧表保留 bigserial", ["主键", "UUID", "bigserial"], """
多院区合并数据时 bigserial 冲突；UUIDv4 又会让 B 树索引插入很分散。
用 com.github.f4b6a3:uuid-creator 的 UuidCreator.getTimeOrderedEpoch()，列类型 uuid。
""", d=200)
E("p", "pitfalls/jsonb-gin-index-unused", "pitfall", "GIN index on specimen.attrs jsonb not used with ->> equality", ["jsonb", "GIN index", "query plan"], """
`WHERE attrs->>'tube' = 'EDTA'` cannot use the jsonb_path_ops GIN index; it needs containment: `WHERE attrs @> '{"tube":"EDTA"}'`.
Verify with EXPLAIN (ANALYZE, BUFFERS) on the read replica, never on pg01 during the day.
""", d=175)
E("p", "facts/db-accounts", "fact", "数据库账号：每个服务一个 *_app 账号，迁移用 *_owner，只读报表用 report_ro", ["数据库账号", "权限"], """
lis_app 只有增删改查权限，表结构归 lis_owner；Flyway 用 owner 账号跑。
密码在 Vault 的 secret/medilab/<env>/db 下，配置中心启动时读取，开发本地用 dev/compose.yml 里的默认账号。
""", d=230)
E("p", "pitfalls/lock-timeout-migration", "pitfall", "ALTER TABLE on lab_result waited on a lock and froze result entry for 6 minutes", ["migration", "lock", "ALTER TABLE"], """
The migration queued behind a long-running report query and every insert queued behind the migration.
Every migration now starts with `SET lock_timeout = '5s';` and big index builds use CREATE INDEX CONCURRENTLY in their own migration (flyway `-- flyway:executeInTransaction=false` header).
""", d=115)
E("p", "preferences/sql-uppercase-keywords", "preference", "SQL 关键字大写，表名列名小写下划线，一行一个列", ["SQL", "代码风格"], """
连接条件写在 JOIN ... ON 里，不写在 WHERE 里；超过三张表的查询写注释说明用途。
""", d=420)
E("p", "facts/audit-db", "fact", "Audit trail goes to a separate audit database, append-only, kept 10 years", ["audit", "audit log", "retention"], """
Table audit.event(id, at, user_id, action, entity, entity_id, detail jsonb). The app account has INSERT only; no UPDATE/DELETE grants.
Monthly partitions are detached after 2 years and moved to the archive tablespace on slow disks.
""", d=250, pin=True)
E("p", "pitfalls/pg-stat-statements-reset", "pitfall", "pg_stat_statements 被人执行了 reset，性能基线没了", ["pg_stat_statements", "性能"], """
有人排查慢查询时执行了 SELECT pg_stat_statements_reset()，月度慢查询报表断档。
现在每小时由 pg_cron 把快照存进 dba.stmt_snapshot；排查时看快照表，不要再 reset。
""", d=90)
E("p", "facts/slow-query-log", "fact", "log_min_duration_statement is 500 ms on pg01; slow queries land in Kibana index pg-slow-*", ["slow query", "PostgreSQL", "Kibana"], """
auto_explain is loaded with auto_explain.log_min_duration = 2s, so plans for the worst queries are in the same log.
""", d=105)
E("p", "decisions/no-orm-for-stats", "decision", "统计报表用 jOOQ 写原生 SQL，不用 JPA", ["jOOQ", "JPA", "报表"], """
JPA 生成的统计 SQL 不可控，窗口函数、分组集都写不出来。jOOQ 代码生成配置在 report-service/pom.xml，连本地 compose 的库生成。
业务写操作仍然用 Spring Data JPA。
""", d=270)
E("p", "pitfalls/sequence-after-restore", "pitfall", "After restoring a table from backup, inserts failed with duplicate key on the id sequence", ["sequence", "restore", "duplicate key"], """
pg_restore of one table does not move its sequence. Run `SELECT setval('qc_run_id_seq', (SELECT max(id) FROM qc_run));` for each restored table.
""", d=330)
E("p", "facts/db-naming", "fact", "表名用单数、蛇形命名，外键列叫 <表名>_id，索引叫 ix_<表>_<列>", ["命名规范", "数据库"], """
例如 specimen、lab_order、specimen_id、ix_specimen_barcode。唯一约束用 uq_ 前缀，检查约束用 ck_ 前缀。
""", d=380)


# ---------------------------------------------------------------------------------------------
# HL7 v2 gateway: MLLP, analyzers, HIS interfaces
# ---------------------------------------------------------------------------------------------

E("p", "facts/hl7-gateway-overview", "fact", "hl7-gateway speaks HL7 v2.5 over MLLP with the HIS and v2.3.1 with the analyzers, built on HAPI HL7v2", ["HL7", "MLLP", "hl7-gateway", "HAPI"], """
Inbound from HIS: ORM^O01 (orders), ADT^A01/A08/A03 (admit/update/discharge). Outbound to HIS: ORU^R01 (results).
Listener port 2575 for the HIS; analyzers each get a port 2601-2640 (table in hl7-gateway/src/main/resources/analyzers.yml).
Every message is stored raw in hl7_message before parsing.
""", d=80, pin=True)
E("p", "pitfalls/mllp-framing", "pitfall", "MLLP frames: 0x0B start, 0x1C 0x0D end — a missing final CR made the HIS drop every ACK", ["MLLP", "ACK", "framing"], """
Our custom Netty encoder wrote <VT>message<FS> without the trailing <CR>; the HIS vendor's engine waited until its 30 s timeout and resent.
Use HAPI's MinLowerLayerProtocol; test with `hl7-cli send --host localhost --port 2575 samples/orm_o01.hl7`.
""", d=300)
E("p", "facts/ack-timeout-retries", "fact", "HIS expects an ACK within 10 s; the gateway retries outbound ORU three times, 30 s apart", ["ACK", "timeout", "retry", "ORU"], """
After three failures the message goes to hl7_outbound_failed and an alert fires in Zabbix (trigger "ORU undelivered").
Resend from the admin screen /admin/hl7/failed or `POST /internal/hl7/resend/{messageId}`.
""", d=95)
E("p", "pitfalls/his-charset-gb18030", "pitfall", "HIS 发过来的消息是 GB18030，不是 UTF-8，生僻字姓名乱码", ["HL7", "字符集", "GB18030", "乱码"], """
MSH-18 写的是 UNICODE UTF-8，但实际字节是 GB18030，患者名里的生僻字（比如「𬌗」）变成问号。
网关对 HIS 连接强制用 GB18030 解码（analyzers.yml 里 charset: GB18030），不信任 MSH-18；发给 HIS 的 ORU 同样用 GB18030 编码。
""", d=210, pin=True)
E("p", "facts/z-segments", "fact", "HIS 的 ORM 带自定义 ZPV 段：就诊类型、院区、床号", ["Z段", "ZPV", "ORM"], """
ZPV-1 就诊类型（O 门诊 / I 住院 / E 急诊），ZPV-2 院区编码（01 本部，02 东院），ZPV-3 床号。
解析在 hl7-gateway 的 ZpvSegment 类，HAPI 里通过自定义 ORM_O01 结构注册（CustomModelClassFactory）。
""", d=180)
E("p", "pitfalls/escape-sequences", "pitfall", "Result comments with '&' or '^' broke the ORU: escape them as \\T\\ and \\S\\", ["HL7 escape", "OBX", "ORU"], """
A comment "HGB & HCT rechecked" split OBX-5 into components at the HIS. HAPI escapes automatically only when you set values via the model, not when you build strings.
Never concatenate segments by hand; build ORU_R01 with the HAPI model classes.
""", d=240)
E("p", "decisions/store-raw-then-parse", "decision", "Store every raw HL7 message before parsing, keep 7 days", ["hl7_message", "raw message", "retention"], """
When a parse fails we still have the bytes to replay after the fix: `POST /internal/hl7/replay?from=...&to=...`.
hl7_message keeps 7 days (daily cleanup job 03:00); the audit DB keeps only metadata, never the raw text (it holds patient names).
""", d=330)
E("p", "facts/analyzer-list", "fact", "接入的仪器：罗氏 cobas 8000、希森美康 XN-9000、贝克曼 DxI 800、迈瑞 BC-6800，各占一个端口", ["仪器", "analyzer", "cobas", "Sysmex"], """
cobas 8000 → 2601，XN-9000 → 2605，DxI 800 → 2610，BC-6800 → 2612，血气仪走串口转网口 2620。
仪器通道编码到检验项目的映射在 lis-core 的 analyzer_test_map 表，检验科工程师在界面上维护。
""", d=150)
E("p", "pitfalls/sysmex-astm-not-hl7", "pitfall", "The old Sysmex CA-1500 coagulation analyzer speaks ASTM E1394, not HL7", ["ASTM", "Sysmex", "coagulation"], """
It sends ENQ/ACK-framed ASTM records (H|, P|, O|, R|, L|) on port 2630; the AstmBridge in hl7-gateway converts them to ORU internally.
Checksum is the modulo-256 sum of the frame bytes as two hex digits; a wrong checksum means resend, not reject.
""", d=400)
E("p", "facts/order-control-codes", "fact", "ORC-1 控制码：NW 新开、CA 取消、XO 修改，我们不支持 RP", ["ORC", "医嘱", "控制码"], """
收到 CA 时如果标本已经上机，回 AE 并在 ERR 段写 LIS-1102（已上机不可取消），护士站需要电话联系检验科。
""", d=170)
E("p", "pitfalls/adt-a08-overwrite", "pitfall", "ADT^A08 arriving before A01 created a stub patient that later overwrote the real record", ["ADT", "A08", "patient merge"], """
The HIS sends A08 and A01 on different connections, so order is not guaranteed.
Now A08 for an unknown MRN is parked in hl7_pending for 10 minutes and applied after the A01; after 10 minutes it creates the patient.
""", d=125)
E("p", "rules/hl7-message-no-logs", "rule", "HL7 原始报文不许打到日志里，只记消息控制号", ["HL7", "日志", "隐私"], """
报文里有姓名、身份证号和电话。日志里只写 MSH-10（消息控制号）、消息类型和处理耗时；要看原文去 hl7_message 表，按权限审计。
""", d=220, pin=True)
E("p", "facts/hl7-test-tools", "fact", "Testing HL7 locally: HAPI TestPanel and the samples/ folder", ["HL7 testing", "TestPanel", "samples"], """
samples/ holds anonymised ORM, ADT and ORU messages for each analyzer. HAPI TestPanel 2.0 (Java Web Start replacement jar in tools/) can send them over MLLP.
The `dev/mock-his` service answers ORU with AA and logs what it got.
""", d=200)
E("p", "pitfalls/obx-units-ucum", "pitfall", "OBX-6 单位各仪器写法不一样：mmol/L、mmol/l、MMOL/L，HIS 按字符串比较", ["OBX", "单位", "UCUM"], """
HIS 把大小写不同的单位当成不同项目，趋势图断开。网关发出前统一转成 UCUM 写法（unit_alias 表），比如 10*9/L、g/L、mmol/L。
""", d=135)
E("p", "decisions/one-connection-per-analyzer", "decision", "One persistent MLLP connection per analyzer, gateway is the server", ["MLLP", "analyzer", "connection"], """
Analyzers connect to us; we never dial out to them, so a firewall rule per analyzer VLAN is enough.
Keepalive: TCP keepalive 60 s plus an idle timeout of 30 min; the analyzer reconnects on its own.
""", d=290)
E("p", "pitfalls/hl7-timestamp-no-offset", "pitfall", "HL7 时间戳 OBR-7 没有时区，夏令时以前的老数据按东八区解析", ["HL7", "时间戳", "时区"], """
HIS 发的是 20240301083000 这种无偏移的本地时间，网关一律按 Asia/Shanghai 解析成 OffsetDateTime。
有一台进口血气仪出厂时区是 UTC，需要在 analyzers.yml 给它单独配 zone: UTC。
""", d=190)
E("p", "facts/gateway-metrics", "fact", "Gateway metrics in Grafana dashboard 'HL7 Gateway': messages/min per connection, ACK latency, parse errors", ["Grafana", "metrics", "hl7-gateway"], """
Micrometer → Prometheus on mon01.rh.local:9090; metric names hl7_messages_total{conn,type}, hl7_ack_seconds, hl7_parse_errors_total.
Alert if any analyzer connection has no message for 20 min during 07:00-22:00.
""", d=65)
E("p", "pitfalls/netty-idle-disconnect", "pitfall", "防火墙 15 分钟空闲断连，仪器以为连接还在，夜里结果丢了", ["防火墙", "MLLP", "空闲超时"], """
院内防火墙会静默丢弃空闲超过 15 分钟的 TCP 会话，夜里标本少，仪器发结果时连接已经死了，它还不报错。
解决：网关开 TCP keepalive（net.ipv4.tcp_keepalive_time=300），仪器那边让厂家工程师开心跳。
""", d=260)
E("p", "facts/his-vendor-contact", "fact", "HIS 厂家接口工程师值班电话在运维台账，接口变更要提前两周书面通知", ["HIS", "厂家", "接口变更"], """
接口规范文档版本 V3.2（2023-09），放在共享盘 \\\\fs01\\信息科\\接口规范。对方测试环境地址写在台账里，不在代码仓库。
""", d=310)
E("p", "pitfalls/ack-mode-enhanced", "pitfall", "HIS sent MSH-15 = AL and expected an accept ACK (CA) before the application ACK", ["ACK", "enhanced mode", "MSH-15"], """
With enhanced acknowledgement the HIS waits for a commit ACK (CA) first; our original-mode AA confused it and it resent every order.
The gateway now honours MSH-15/MSH-16: CA on receipt, then AA/AE after processing.
""", d=155)
E("p", "preferences/hl7-sample-naming", "preference", "Name HL7 sample files <type>_<trigger>_<case>.hl7", ["samples", "HL7", "naming"], """
e.g. samples/oru_r01_critical_potassium.hl7, samples/adt_a08_before_a01.hl7. Strip names and IDs; keep the real segment structure.
""", d=360)
E("p", "facts/critical-oru-priority", "fact", "危急值结果的 ORU 走单独的高优先级队列，优先发给 HIS", ["危急值", "ORU", "优先级"], """
lab.events 里路由键 report.critical 的消息由 CriticalResultSender 单线程发送，不跟普通结果排队。
发出后 HIS 会在护士站弹窗，护士确认后回一条自定义 ZCR 消息，网关写入 critical_ack 表。
""", d=100, pin=True)


# ---------------------------------------------------------------------------------------------
# FHIR facade (HAPI FHIR R4)
# ---------------------------------------------------------------------------------------------

E("p", "facts/fhir-facade-resources", "fact", "fhir-facade exposes FHIR R4 read/search for Patient, ServiceRequest, Specimen, Observation, DiagnosticReport, Appointment, Slot", ["FHIR", "R4", "HAPI FHIR", "resources"], """
Plain server (RestfulServer + IResourceProvider), not the JPA server: resources are mapped on the fly from lis and sched tables.
Base URL https://fhir.rh.local/fhir/R4; CapabilityStatement at /metadata.
Writes are only Appointment (book/cancel) and ServiceRequest (from the regional platform).
""", d=120, pin=True)
E("p", "decisions/plain-server-not-jpa", "decision", "FHIR 门面用 HAPI 的 plain server 按需映射，不用 JPA server 存一份副本", ["HAPI FHIR", "JPA server", "架构"], """
JPA server 要把所有数据再同步一份到它自己的表，和 LIS 主库会不一致；而且它的 HFJ_ 表结构升级很痛苦。
代价：搜索参数要自己实现，目前只支持 CapabilityStatement 里列出的那些。
""", d=380)
E("p", "facts/fhir-search-params", "fact", "Supported search params: Observation?patient=&code=&date=, DiagnosticReport?patient=&status=, Slot?schedule=&start=", ["FHIR search", "search parameters", "Observation"], """
Unsupported params return 400 with an OperationOutcome (we set handling=strict by default; lenient only if the client sends Prefer: handling=lenient).
code uses LOINC system http://loinc.org; local codes use http://rh.local/fhir/CodeSystem/lab-item.
""", d=90)
E("p", "pitfalls/fhir-paging-offset", "pitfall", "Observation search with _count=500 timed out; paging is keyset-based and _count is capped at 100", ["FHIR paging", "_count", "timeout"], """
The regional platform asked for _count=500 over 3 years of results; the offset query scanned millions of rows.
Now IPagingProvider returns next links with a keyset cursor (the last result_time + id); _count above 100 is silently lowered to 100.
""", d=70)
E("p", "facts/loinc-mapping", "fact", "本地检验项目到 LOINC 的映射在 lab_item_loinc 表，检验科维护，覆盖约 85% 项目", ["LOINC", "项目映射", "编码"], """
没有 LOINC 的项目只带本地编码，FHIR 的 Observation.code 里只有一个 coding。
映射表每月导出一份给区域平台核对，导出脚本 tools/export_loinc_map.sql。
""", d=210)
E("p", "pitfalls/fhir-reference-urls", "pitfall", "Observation.subject 写成了绝对地址，区域平台解析失败", ["FHIR", "reference", "Observation"], """
我们返回的是 https://fhir.rh.local/fhir/R4/Patient/123，平台要求相对引用 Patient/123（内网地址他们解析不了）。
HAPI 的 server 设置 setServerAddressStrategy 改成相对地址后正常；DiagnosticReport.result 的引用也一样。
""", d=160)
E("p", "decisions/smart-backend-auth", "decision", "FHIR clients authenticate with SMART Backend Services (client_credentials + signed JWT) via Keycloak", ["SMART on FHIR", "OAuth2", "Keycloak", "FHIR auth"], """
Each external system gets a Keycloak client with a registered public key (JWKS URL); scopes like system/Observation.read.
No API keys and no basic auth on the FHIR endpoint. Token lifetime 5 min.
""", d=240)
E("p", "facts/regional-platform", "fact", "区域卫生信息平台每 15 分钟拉一次已审核报告（DiagnosticReport?status=final&_lastUpdated=gt...）", ["区域平台", "DiagnosticReport", "对接"], """
平台账号是 Keycloak 里的 client rhip-puller，只读。平台那边的联系人和测试环境写在运维台账。
他们要求每份报告带 identifier（报告单号，system 为 http://rh.local/fhir/report-no）。
""", d=130)
E("p", "pitfalls/fhir-date-precision", "pitfall", "date=2024-05-01 in a FHIR search means the whole day, not midnight", ["FHIR search", "date", "precision"], """
Our first implementation compared result_time = '2024-05-01T00:00:00' and returned nothing.
FHIR date params are ranges at the given precision: date=2024-05 is the whole month; use ge/lt prefixes for explicit ranges. Implemented in DateRangeParamMapper.
""", d=200)
E("p", "preferences/fhir-validator", "preference", "Validate every FHIR resource we emit in tests with the HAPI validator against the CN core profiles", ["FHIR validation", "profiles", "tests"], """
FhirResourceValidatorTest loads the profile package from tools/fhir-packages/ (offline; no package server access from build agents).
Warnings are fine, errors fail the test.
""", d=170)
E("p", "pitfalls/hapi-context-per-request", "pitfall", "每次请求都 new FhirContext，CPU 飙高", ["FhirContext", "HAPI FHIR", "性能"], """
FhirContext.forR4() 创建很贵（要扫描所有模型类，几百毫秒），而且是线程安全的。全局只建一个，作为 Spring bean 注入。
""", d=280)
E("p", "facts/appointment-fhir-mapping", "fact", "Appointment.status mapping: booked ↔ BOOKED, cancelled ↔ CANCELLED, noshow ↔ NO_SHOW, fulfilled ↔ CHECKED_OUT", ["Appointment", "FHIR", "status mapping"], """
sched-service's CHECKED_IN maps to FHIR arrived. A cancellation through FHIR must carry cancelationReason, or we return 422.
""", d=110)
E("p", "decisions/fhir-version-r4", "decision", "FHIR 固定用 R4（4.0.1），暂不跟 R5", ["FHIR", "R4", "R5", "版本"], """
区域平台和国家互联互通测评都按 R4 要求；HAPI 的 R5 结构和 R4 不兼容，两套都维护不起。
""", d=350)


# ---------------------------------------------------------------------------------------------
# Scheduling: outpatient slots, operating rooms, rosters
# ---------------------------------------------------------------------------------------------

E("p", "facts/slot-generation", "fact", "号源每天 01:00 按排班模板生成未来 14 天，模板在 schedule_template 表", ["号源", "排班模板", "Slot"], """
生成任务 SlotGenerationJob（Quartz，集群模式，只会在一个节点上跑）。模板按医生、诊室、星期几、上下午定义，每个时段默认 15 分钟。
临时停诊在 schedule_exception 表里登记，生成时跳过；已经生成的号源要在界面上手动停。
""", d=140)
E("p", "pitfalls/double-booking-race", "pitfall", "Two patients got the same slot: check-then-insert race in AppointmentService.book()", ["double booking", "race condition", "appointment"], """
Two requests both saw the slot free and both inserted. Fix: a unique partial index `uq_appointment_slot_active ON appointment(slot_id) WHERE status <> 'CANCELLED'`
plus catching DataIntegrityViolationException → SCH-1001 "slot taken". No application-level locking.
""", d=180, pin=True)
E("p", "decisions/quartz-clustered", "decision", "定时任务用 Quartz JDBC 集群模式，不用 @Scheduled", ["Quartz", "定时任务", "@Scheduled"], """
sched-service 部署三个节点，@Scheduled 会在每个节点都跑一遍，号源生成了三份。
Quartz 的表在 sched 库的 qrtz_ 前缀表里，org.quartz.jobStore.isClustered=true，检查间隔 20 秒。
""", d=260)
E("p", "facts/or-scheduling-rules", "fact", "OR scheduling: first case starts 08:00, turnover 30 min, cases may not cross 20:00 without the anesthesia lead's approval", ["operating room", "OR schedule", "surgery"], """
12 rooms (OR-01..OR-12); OR-11 and OR-12 are reserved for emergencies and never appear in elective planning.
The planner in sched-service (OrPlanner) orders cases by surgeon block, then by estimated duration from the last 20 cases of the same procedure code.
""", d=100)
E("p", "pitfalls/or-duration-estimate-outliers", "pitfall", "手术时长估算被一台十二小时的异常手术拉偏", ["手术时长", "估算", "异常值"], """
原来用最近 20 台同术式的平均值，一台出了并发症的手术做了十二个小时，后面一周的排程全部偏长。
现在改成中位数，且超过三倍四分位距的样本剔除。
""", d=75)
E("p", "facts/holiday-calendar", "fact", "节假日和调休表每年 12 月由门诊办导入 holiday 表，调休的周末按工作日排班", ["节假日", "调休", "holiday"], """
国务院公布放假安排后，门诊办在管理界面导入；没导入的话号源生成会把调休上班的周六当成休息日。
2025 年的数据已导入。
""", d=40)
E("p", "rules/slot-release-no-delete", "rule", "Never delete a slot that has ever had an appointment; mark it STOPPED", ["slot", "appointment", "soft delete"], """
Appointments keep a foreign key to slot for audit and statistics. Stopping a slot sends an SMS to booked patients (template TPL_STOP_CLINIC) and sets their appointments to CANCELLED with reason DOCTOR_LEAVE.
""", d=230)
E("p", "facts/sms-gateway", "fact", "短信通过医院统一短信平台发送，接口 http://sms.rh.local/api/send，每天 22:00 到次日 07:00 不发", ["短信", "SMS", "提醒"], """
预约成功、就诊前一天 18:00 提醒、停诊通知三种模板，模板编号 TPL_BOOKED / TPL_REMIND / TPL_STOP_CLINIC。
夜间产生的通知进 sms_pending 表，07:00 统一发送；停诊通知例外，立即发。
""", d=120)
E("p", "decisions/no-show-policy", "decision", "Three no-shows in 90 days block online booking for 30 days", ["no-show", "booking policy", "blacklist"], """
Decided with the outpatient office in 2023-10. Counting job runs nightly; blocked patients can still book at the counter.
Children under 14 and patients with chronic-disease cards are exempt (flag patient.exempt_no_show).
""", d=300)
E("p", "pitfalls/timezone-slot-display", "pitfall", "Angular showed slots an hour early for one clinic PC set to a wrong Windows time zone", ["time zone", "slot display", "Angular"], """
The browser formatted UTC instants in the PC's zone (it was set to UTC+7 by an imaging vendor).
The web app now formats with an explicit 'Asia/Shanghai' zone (DatePipe timezone '+0800') instead of the browser default.
""", d=190)
E("p", "facts/roster-shifts", "fact", "排班班次：白班 08:00-17:30、小夜 17:30-01:00、大夜 01:00-08:00", ["排班", "班次", "值班"], """
检验科夜班最少两人，急诊检验不能空岗；班次定义在 shift_type 表。
跨零点的班次归属到开始那一天，统计工时时要注意。
""", d=210)
E("p", "pitfalls/cross-midnight-shift", "pitfall", "小夜班跨零点，按日期统计工时少算了一个小时", ["排班", "跨零点", "工时统计"], """
统计语句按 shift_date 分组但用的是结束时间减开始时间的当日部分，01:00 以后的那一小时被算进了第二天且又被过滤掉。
改成按开始时间归属，时长用 end_at - start_at 整体计算。
""", d=160)
E("p", "facts/waitlist", "fact", "Waitlist: when a booked appointment is cancelled, the first waitlisted patient gets a 30-minute SMS hold", ["waitlist", "cancellation", "appointment"], """
WaitlistService listens to appointment.cancelled on sched.events. The hold expires after 30 minutes and the next patient is offered the slot.
Holds are not offered between 22:00 and 07:00 (no SMS then); the slot goes back to open booking.
""", d=85)
E("p", "preferences/sched-domain-terms", "preference", "用统一的术语：号源 = slot，预约 = appointment，排班 = roster，停诊 = stop", ["术语", "命名"], """
代码、表名、接口里一律用英文术语，界面文案用中文；不要出现 haoyuan 这种拼音命名。
""", d=400)
E("p", "facts/booking-channels", "fact", "Booking channels: WeChat mini program, self-service kiosks, counter, and the regional platform via FHIR", ["booking channel", "WeChat", "kiosk"], """
Each appointment records channel (WECHAT, KIOSK, COUNTER, RHIP). 60% of bookings come from WeChat.
Kiosk and WeChat go through the api-gateway (Spring Cloud Gateway) with per-channel rate limits: WeChat 200 req/s, kiosk 20 req/s.
""", d=150)
E("p", "pitfalls/wechat-booking-burst", "pitfall", "07:00 放号时微信端请求暴涨，号源表行锁等待", ["放号", "微信", "行锁", "高并发"], """
专家号 07:00 放号，几秒内上千请求集中在同一批 slot 行上，UPDATE slot SET remaining = remaining - 1 排队。
现在热门号源预先载入 Redis，用 DECR 扣减，预约成功后异步落库；落库失败会回补并发短信道歉。
""", d=60)
E("p", "decisions/redis-for-hot-slots", "decision", "Redis is used only for hot-slot counters and rate limiting, never as the source of truth", ["Redis", "slot", "cache"], """
Redis Sentinel (redis01-03.rh.local). Keys slot:remaining:<slotId>, TTL to the end of the slot's day.
If Redis is down, booking falls back to the database path (slower, still correct).
""", d=55)
E("p", "facts/or-emergency-bump", "fact", "急诊手术插台时，被挤掉的择期手术自动顺延，需要麻醉科和主刀确认", ["急诊手术", "插台", "顺延"], """
插台只能用十一号和十二号手术间以外的房间时才会挤掉择期手术；系统给主刀和麻醉科各推一条待办，两人都确认后才正式调整。
""", d=95)


# ---------------------------------------------------------------------------------------------
# Clinical lab domain: specimens, results, QC, reports
# ---------------------------------------------------------------------------------------------

E("p", "facts/specimen-barcode", "fact", "标本条码是 12 位数字：2 位院区 + 6 位日期 + 4 位流水，末位不是校验位", ["条码", "标本", "barcode"], """
例如 012405140137：01 本部，240514 日期，0137 流水。流水每天从 0001 开始，由数据库序列 specimen_seq_<院区> 生成，每天零点重置。
条码打印用 Code128。
""", d=200, pin=True)
E("p", "pitfalls/barcode-seq-reset", "pitfall", "零点重置条码流水的任务晚跑了两分钟，出现了重复条码", ["条码", "重复", "流水号"], """
重置任务在 00:00 触发，但急诊在 23:59 到 00:02 之间一直在打条码，新的一天用了前一天的流水继续加，重置后又从 0001 开始，撞号。
改成流水序列按日期分键（日期是条码的一部分），不再重置，任务只负责清理七天前的序列。
""", d=150)
E("p", "facts/zebra-label-printing", "fact", "Specimen labels print on Zebra ZD421 printers with raw ZPL sent to port 9100", ["Zebra", "ZPL", "label printing"], """
Template in lis-core/src/main/resources/zpl/specimen_label.zpl (50 x 25 mm, 203 dpi). The web app calls the local print agent at http://127.0.0.1:18500/print, which forwards to the ward's printer IP.
Printers per ward are in the printer table; IT registers new ones.
""", d=130)
E("p", "pitfalls/zpl-chinese-font", "pitfall", "ZPL 标签打不出中文名，只有方框", ["ZPL", "中文字体", "标签"], """
斑马打印机默认字体不含中文，需要先把 SimSun 字库下载到打印机（E:SIMSUN.TTF），标签模板里用 ^CW1,E:SIMSUN.TTF 再 ^A1N 调用。
新打印机到货后由信息科用 Zebra Setup Utilities 统一下发字体。
""", d=260)
E("p", "facts/critical-values", "fact", "危急值范围由检验科质量组维护，例如血钾 < 2.8 或 > 6.2 mmol/L", ["危急值", "critical value", "血钾"], """
表 critical_range（按项目、年龄段、性别）。结果落库时比对，命中则报告打危急标记，走高优先级通知。
临床必须在 15 分钟内确认，超时没确认由检验科电话通知并在系统补记录。
""", d=90, pin=True)
E("p", "rules/critical-value-no-auto-approve", "rule", "危急值结果不允许自动审核，必须人工审核", ["危急值", "自动审核"], """
自动审核规则引擎遇到危急值一律转人工，哪怕其他条件都满足。检验科主任签字的制度文件，任何配置开关都不能绕过。
""", d=300, pin=True)
E("p", "facts/autoverification", "fact", "Autoverification rules run in lis-core's AutoVerifyEngine; about 62% of routine chemistry passes automatically", ["autoverification", "auto-approve", "rules engine"], """
Checks per result: within reference range or within delta-check limits, no instrument flag, QC of the run accepted, no hemolysis index above 100 for potassium and LDH.
Rules are rows in autoverify_rule, editable by the lab's quality group; every change is audited.
""", d=110)
E("p", "pitfalls/delta-check-unit-change", "pitfall", "Delta check fired on every creatinine after the lab switched units from mg/dL to µmol/L", ["delta check", "units", "creatinine"], """
The previous result was in mg/dL, the new one in µmol/L, so every patient looked like an 88x jump and autoverification stopped.
Delta checks now convert through unit_alias to the item's canonical unit before comparing.
""", d=170)
E("p", "facts/westgard-rules", "fact", "质控用 Westgard 多规则：1-3s、2-2s、R-4s 失控，1-2s 警告", ["质控", "Westgard", "QC"], """
质控结果由仪器当普通样本发送，样本号以 QC 开头，网关识别后写 qc_result 不写 lab_result。
失控的批次下所有结果锁定，不能审核，直到质控重做通过。
""", d=240)
E("p", "pitfalls/qc-lot-change", "pitfall", "换了质控品批号，没建新靶值，整天质控都判失控", ["质控品", "批号", "靶值"], """
新批号的均值和标准差要先录入 qc_lot 表，跑二十个点后再由质量组确认。没录的时候系统拿旧批号的靶值比，结果全部失控，上午的报告都发不出去。
现在换批号必须在系统里先登记，否则仪器上传的质控数据直接拒收并提示。
""", d=80)
E("p", "facts/report-approval-two-level", "fact", "报告两级审核：技师初审、主管技师复审；急诊报告允许一级审核", ["报告审核", "两级审核", "急诊"], """
初审和复审不能是同一个人（后端校验，错误码 LIS-2003）。急诊标本（ZPV-1 = E）初审后即可发布，次日由主管补复审。
""", d=190)
E("p", "pitfalls/report-amend-after-release", "pitfall", "Amending a released report must create a new version, not update in place", ["report amendment", "corrected report", "version"], """
Someone fixed a typo directly in lab_report and the HIS kept showing the old one (it never got a new ORU).
Amendments go through ReportAmendmentService: new version row, status CORRECTED, ORU with OBR-25 = C, and an audit event with the reason.
""", d=220)
E("p", "facts/tat-definition", "fact", "TAT（周转时间）按签收到发布计算，急诊目标 60 分钟，常规 4 小时", ["TAT", "周转时间", "统计"], """
签收时间取 specimen.received_at，发布时间取第一次发布，不算修订。统计报表在 report-service 的 TatReport，每天 06:00 出前一天的数据给检验科主任。
""", d=100)
E("p", "facts/specimen-rejection-reasons", "fact", "Specimen rejection reasons: hemolysed, clotted, insufficient volume, wrong tube, unlabelled, transport delay", ["specimen rejection", "reasons", "hemolysis"], """
Codes R01-R06 in rejection_reason. Rejecting notifies the ward through HIS (ORR with the reason) and asks for a recollection.
R06 (transport delay) applies when received_at - collected_at > 2 h for routine tubes, > 30 min for blood gas.
""", d=140)
E("p", "pitfalls/hemolysis-index-mapping", "pitfall", "cobas 溶血指数 H 值以字符串 '>600' 发来，解析成数字失败", ["溶血", "HIL", "cobas"], """
网关把 OBX-5 当数值解析，'>600' 报 NumberFormatException，整条消息进了解析失败列表。
现在数值字段允许带 <、> 前缀，存成 comparator + value 两列；FHIR 输出时映射到 valueQuantity.comparator。
""", d=115)
E("p", "preferences/reference-range-display", "preference", "Show reference ranges exactly as the lab wrote them; never recompute or round", ["reference range", "display", "report"], """
Ranges like "3.5-5.3" or "<5.2" are strings from reference_range.display_text; the numeric low/high columns are only for flagging.
""", d=280)
E("p", "facts/blood-bank-out-of-scope", "fact", "Blood bank (transfusion) is a separate vendor system; we only receive its crossmatch results read-only", ["blood bank", "transfusion", "scope"], """
Crossmatch results come as ORU^R01 with OBR-4 local code BB*; lis-core stores them but never lets users edit or approve them.
Anything about blood product inventory belongs to the vendor (contact in the ops ledger).
""", d=330)
E("p", "facts/tube-colors", "fact", "采血管颜色：紫色 EDTA 血常规，蓝色枸橼酸钠凝血，黄色或红色血清生化，灰色氟化钠血糖", ["采血管", "EDTA", "管型"], """
条码标签打印时会把管型对应的颜色简称打在右上角（紫/蓝/黄/灰），方便护士核对。管型和项目的关系在 tube_type_item 表。
""", d=250)
E("p", "pitfalls/poct-duplicate-results", "pitfall", "床旁血糖仪结果重复入库：设备重连后把一整天的结果再发一遍", ["POCT", "血糖仪", "重复结果"], """
床旁检测设备断网后重连会补发当天所有结果。入库前按（设备号、样本号、项目、检测时间）去重，唯一索引 uq_poct_result。
""", d=65)


# ---------------------------------------------------------------------------------------------
# Web front end: Angular
# ---------------------------------------------------------------------------------------------

E("p", "facts/web-stack", "fact", "web/ is Angular 17 with standalone components, PrimeNG 17 and NgRx signals store", ["Angular", "PrimeNG", "NgRx", "frontend"], """
Node 18.19 (pinned in web/.nvmrc), npm 10. `npm ci && npm start` serves on http://localhost:4200 and proxies /api to localhost:8080 (web/proxy.conf.json).
Production build: `npm run build -- --configuration production`, output web/dist/medilab, served by Nginx.
""", d=80, sup=("facts/web-angular12-node16",))
E("p", "facts/web-angular12-node16", "fact", "web/ is Angular 12 with Node 16; build with npm run build:prod", ["Angular", "Node 16", "frontend"], """
Use Node 16.20 (nvm use 16). The build:prod script runs ng build --prod.
IE11 polyfills are still on for the HIS embedded browser.
""", d=560)
E("p", "pitfalls/hospital-chrome-version", "pitfall", "Ward PCs run Chrome 109 on Windows 7; Angular 17 output needs ES2022 features it lacks", ["Chrome 109", "Windows 7", "browser support", "browserslist"], """
Chrome 109 is the last version for Windows 7, and ~300 ward PCs still run it. Array.prototype.findLast and top-level await broke the build for them.
web/.browserslistrc lists "Chrome >= 109"; do not remove it until IT finishes the Windows 10 rollout (planned 2025 Q2).
""", d=45, pin=True)
E("p", "decisions/primeng-over-material", "decision", "组件库用 PrimeNG，不用 Angular Material", ["PrimeNG", "Angular Material", "组件库"], """
检验工作站需要高密度表格（冻结列、行内编辑、虚拟滚动上万行），Material 的表格做这些太吃力。
主题统一用 web/src/styles/medilab-theme.scss，不要在组件里覆盖 PrimeNG 的样式。
""", d=320)
E("p", "facts/web-i18n", "fact", "界面文案用 @ngx-translate，语言包在 web/src/assets/i18n/zh-CN.json 和 en.json", ["国际化", "i18n", "ngx-translate"], """
错误码的中文文案也在这里，key 是 error.LIS-1004 这种形式。新增文案必须两个语言包同时加，CI 里有脚本 tools/check-i18n.js 校验。
""", d=150)
E("p", "pitfalls/print-preview-css", "pitfall", "打印报告时页眉被截断：浏览器打印用的是屏幕样式", ["打印", "CSS", "报告预览"], """
报告预览页缺少 @media print 样式，A4 纸上页眉和第一行结果重叠。打印样式在 web/src/styles/print.scss，分页用 break-inside: avoid 放在每个结果分组上。
正式报告以服务端 PDF 为准，网页打印只给临床预览。
""", d=210)
E("p", "rules/no-patient-data-in-localstorage", "rule", "Never store patient data in localStorage or sessionStorage", ["localStorage", "patient data", "privacy"], """
Ward PCs are shared between nurses; only the access token (in memory) and UI preferences may be stored client-side.
The lint rule `no-restricted-globals` for localStorage is on in web/.eslintrc.json; exceptions need a review comment.
""", d=240, pin=True)
E("p", "facts/keycloak-angular-login", "fact", "Login uses Keycloak (OIDC authorization code + PKCE) through keycloak-angular", ["Keycloak", "login", "OIDC", "SSO"], """
Realm rh, client medilab-web. Tokens refresh 30 s before expiry; idle logout after 15 minutes on ward PCs (realm setting SSO Session Idle).
Roles come from AD groups via the Keycloak LDAP federation: LAB_TECH, LAB_SUPERVISOR, NURSE, DOCTOR, SCHED_ADMIN.
""", d=130)
E("p", "pitfalls/virtual-scroll-row-height", "pitfall", "Results worklist with 10k rows froze until virtualScrollItemSize matched the real row height", ["virtual scroll", "PrimeNG table", "performance"], """
p-table with [virtualScroll]="true" and virtualScrollItemSize 40 while rows were 33 px: it kept re-measuring and jumping.
Set the row height in CSS (height: 33px) and virtualScrollItemSize to the same number.
""", d=95)
E("p", "preferences/angular-signals", "preference", "新组件用 signals 和 OnPush，不再新写 RxJS 的 BehaviorSubject 状态", ["signals", "OnPush", "Angular"], """
老的服务里的 BehaviorSubject 不用专门重写，改到哪个就顺手迁移到 signal()。模板里不要调用方法，用 computed()。
""", d=100)
E("p", "pitfalls/websocket-through-nginx", "pitfall", "结果推送的 WebSocket 过了 Nginx 一分钟就断", ["WebSocket", "Nginx", "推送"], """
Nginx 默认 proxy_read_timeout 60s，没有消息时连接被掐断。/ws/ 的 location 里加 proxy_read_timeout 3600s，并且服务端每 25 秒发一次心跳帧。
另外要带 Upgrade 和 Connection 头，否则握手就失败。
""", d=170)
E("p", "facts/web-e2e", "fact", "End-to-end tests use Playwright against the SIT environment, nightly on Jenkins", ["Playwright", "e2e", "SIT"], """
web/e2e/*.spec.ts; `npx playwright test --project=chromium`. Test users lab_e2e_tech and lab_e2e_sup exist only in SIT Keycloak.
Chromium for the agents comes from Nexus (PLAYWRIGHT_DOWNLOAD_HOST points at the raw proxy) because agents have no internet.
""", d=120)
E("p", "decisions/no-iframe-his-embed", "decision", "Our pages are not embedded in the HIS with iframes; the HIS opens them in a new window with a launch token", ["HIS integration", "iframe", "launch token"], """
The HIS's embedded IE control cannot run Angular 17. The HIS calls /launch?token=... (a one-time token from POST /internal/launch-token, valid 60 s) and we open a normal Chrome window.
""", d=270)
E("p", "preferences/web-component-naming", "preference", "组件文件名用短横线，前缀统一 ml-", ["命名", "组件", "Angular"], """
比如 ml-specimen-list、ml-report-preview；业务目录和后端的包一一对应（specimen、report、schedule）。
""", d=360)


# ---------------------------------------------------------------------------------------------
# Infrastructure: VMware, RHEL, Ansible, Nginx, Vault, monitoring
# ---------------------------------------------------------------------------------------------

E("p", "facts/vmware-cluster", "fact", "All services run on VMs in the on-prem vSphere 7 cluster HIS-CL02 (6 ESXi hosts, vSAN)", ["VMware", "vSphere", "ESXi", "VM"], """
vCenter: https://vcenter.rh.local (AD login, group vm-operators). Production VMs are in the folder /Medilab/prod, SIT/UAT in /Medilab/nonprod.
DRS is on; anti-affinity rules keep the two nodes of each service on different hosts (rule names aa-<service>).
""", d=200, pin=True)
E("p", "pitfalls/vm-snapshot-left-running", "pitfall", "升级前打的 VMware 快照忘了删，两周后 pg01 磁盘写满", ["快照", "VMware", "磁盘满"], """
快照的增量文件一直涨，数据库虚机写了两周，数据存储剩余空间为零，pg01 挂起。
规则：快照最多保留 72 小时；vCenter 里有告警 "Snapshot older than 3 days"。数据库虚机升级前优先用 pgBackRest 备份，不依赖快照。
""", d=150)
E("p", "facts/rhel-baseline", "fact", "VMs are RHEL 8.9 built from the template rhel89-medilab; patches monthly via the internal Satellite", ["RHEL", "OS", "patching", "template"], """
The template has chrony pointed at ntp1/ntp2.rh.local, SELinux enforcing, firewalld on, the medilab service user (uid 1500).
Patch window: second Saturday of the month 01:00-05:00, one node of each pair at a time.
""", d=170)
E("p", "facts/ansible-repo", "fact", "Ansible 剧本在 infra/ansible，清单按环境分 inventories/sit、uat、prod", ["Ansible", "部署", "playbook"], """
发布服务：ansible-playbook -i inventories/prod deploy.yml -e service=lis-core -e version=2.14.3 --limit lis-core。
剧本会逐台下线（F5 摘除）、替换 jar、启动、等就绪检查通过再挂回。prod 清单只有发布机 deploy01 能访问。
""", d=120)
E("p", "pitfalls/ansible-serial-all", "pitfall", "Deploy playbook without serial: 1 restarted both lis-core nodes at once", ["Ansible", "serial", "rolling deploy", "outage"], """
A copied playbook dropped `serial: 1`; both nodes restarted together and result entry was down for 4 minutes during day shift.
deploy.yml now asserts serial == 1 for prod in a pre_task; do not write a new playbook for a single service, pass -e service=... instead.
""", d=90)
E("p", "facts/nginx-entry", "fact", "Nginx on web01/web02 serves the Angular build and proxies /api, /ws and /fhir; F5 VIP in front", ["Nginx", "F5", "reverse proxy", "VIP"], """
Config in infra/ansible/roles/nginx/templates/medilab.conf.j2. The F5 VIP medilab.rh.local terminates TLS and re-encrypts to Nginx.
client_max_body_size is 20m (report attachments).
""", d=140)
E("p", "pitfalls/internal-ca-trust", "pitfall", "Java services rejected the new internal CA certificate: PKIX path building failed", ["TLS", "certificate", "PKIX", "truststore"], """
The hospital rotated its internal CA in 2024-04 and the JDK's cacerts did not have the new root.
The RHEL template now adds the CA to /etc/pki/ca-trust and the services start with -Djavax.net.ssl.trustStore=/etc/pki/java/cacerts (the system bundle), never a copied jks in the repo.
""", d=210)
E("p", "facts/vault-usage", "fact", "密钥在 HashiCorp Vault（vault.rh.local:8200），服务用 AppRole 登录", ["Vault", "密钥", "AppRole"], """
路径 secret/medilab/<env>/<service>。配置中心通过 Vault 后端读取，服务本身不直接连 Vault。
开发人员只有 sit 环境的读权限；prod 的密钥只有运维两个人能看。
""", d=180, pin=True)
E("p", "facts/zabbix-monitoring", "fact", "Zabbix monitors VMs and the HL7 queues; Prometheus + Grafana for app metrics", ["Zabbix", "Prometheus", "Grafana", "monitoring", "alerting"], """
Zabbix: zabbix.rh.local, alerts to the WeCom group "信息科-检验系统值班" and SMS to the on-call phone.
Prometheus mon01.rh.local:9090 scrapes /actuator/prometheus on the management port; Grafana at grafana.rh.local (AD login).
""", d=110)
E("p", "pitfalls/chrony-drift", "pitfall", "一台虚机时钟慢了 40 秒，结果时间早于采样时间，自动审核全部拦截", ["时钟", "NTP", "chrony", "时间漂移"], """
虚机从别的集群迁过来，chrony 配的还是旧的时间服务器，不可达，时钟一直漂移。
巡检脚本每天检查 chronyc tracking 的偏差，大于 1 秒告警。虚机不要用 VMware Tools 的时间同步，和 chrony 会打架。
""", d=75)
E("p", "facts/dr-site", "fact", "Disaster recovery: the east campus data center holds a standby pg03 (async replica) and powered-off VM copies", ["disaster recovery", "DR", "east campus", "failover"], """
RPO 5 min, RTO 2 h. Failover runbook: docs/runbooks/dr-failover.md. Yearly drill in November with the hospital IT department.
VM copies are replicated nightly with vSphere Replication.
""", d=230)
E("p", "rules/prod-access-bastion", "rule", "生产服务器只能从堡垒机登录，禁止在生产机上装任何调试工具", ["堡垒机", "生产环境", "登录"], """
堡垒机 jump.rh.local，所有会话录像保存半年。需要抓包或者诊断时先提变更单，由运维在场操作，用完卸载。
""", d=300, pin=True)
E("p", "facts/log-retention", "fact", "应用日志在 Elasticsearch 保留 30 天，虚机本地保留 7 天", ["日志保留", "Elasticsearch", "Filebeat"], """
索引按天 medilab-YYYY.MM.DD，ILM 策略 medilab-30d。需要更久的（纠纷、调查）提工单让运维做快照导出。
""", d=160)
E("p", "pitfalls/firewalld-new-port", "pitfall", "New analyzer port worked in SIT but not prod: firewalld on hl7 VMs only opens listed ports", ["firewalld", "port", "analyzer"], """
The Ansible role hl7_gateway opens ports from analyzers.yml; the port was added by hand in SIT and never to the inventory.
Add the analyzer to analyzers.yml and rerun the role; also ask the network team to open the analyzer VLAN → hl7 VM rule.
""", d=135)
E("p", "facts/medilab-environments", "fact", "环境：dev（本地 compose）、SIT（每次合并自动部署）、UAT（检验科验收）、prod", ["环境", "SIT", "UAT"], """
SIT 地址 https://medilab-sit.rh.local，UAT 地址 https://medilab-uat.rh.local。UAT 的数据是每月从生产脱敏刷新的。
""", d=190)
E("p", "pitfalls/uat-refresh-masking", "pitfall", "UAT refresh once copied unmasked phone numbers; masking runs must finish before the app starts", ["UAT refresh", "data masking", "PHI"], """
The masking script infra/db/mask_uat.sql was skipped when the refresh job timed out, and the app started on real data.
The refresh pipeline now keeps the UAT apps stopped until `SELECT count(*) FROM patient WHERE phone !~ '^1380000'` is 0.
""", d=60, pin=True)
E("p", "decisions/no-kubernetes-yet", "decision", "暂不上 Kubernetes，继续用虚机加 Ansible", ["Kubernetes", "容器", "虚机"], """
信息科只有两名运维，没有人能维护集群；等保测评也是按虚机做的。本地开发可以用 compose，生产不用容器。
""", d=280)


# ---------------------------------------------------------------------------------------------
# Jenkins, release, branching
# ---------------------------------------------------------------------------------------------

E("p", "facts/jenkins-pipeline", "fact", "Jenkins multibranch pipeline medilab/ builds every branch; Jenkinsfile at the repo root", ["Jenkins", "Jenkinsfile", "pipeline", "CI"], """
Jenkins at https://jenkins.rh.local (AD login). Stages: build → unit tests → Sonar → it (docker-it agents) → package → deploy SIT (main only).
Shared library medilab-pipeline-lib (vars/medilabBuild.groovy) holds the common steps; change it there, not in the Jenkinsfile.
""", d=100)
E("p", "pitfalls/jenkins-workspace-disk", "pitfall", "Jenkins agents ran out of disk: each branch kept its own ~/.m2 and node_modules", ["Jenkins", "disk space", "workspace"], """
agent03 hit 100% with 140 workspaces. The pipeline now uses a shared Maven repo on the agent (-Dmaven.repo.local=/data/m2) and `cleanWs()` in post { always }.
Branch jobs are discarded 3 days after the branch is deleted (orphanedItemStrategy).
""", d=80)
E("p", "facts/release-versioning", "fact", "版本号用语义化版本，发布分支 release/2.14，打 tag v2.14.3 后 Jenkins 出制品到 Nexus", ["版本号", "发布", "tag", "Nexus"], """
制品是可执行 jar 和 web 的 tar 包，仓库 medilab-releases。发布单里必须写 tag 和每个服务的版本号。
热修复从 release 分支拉 hotfix/2.14.4，合回 release 和 main。
""", d=140)
E("p", "rules/change-window", "rule", "生产发布只在周二、周四 22:00 后，必须有变更单和检验科值班主任确认", ["变更窗口", "发布", "变更单"], """
变更单在 ITSM 系统里提，至少提前一个工作日。紧急修复（影响出报告）可以随时发，但要信息科主任电话批准并事后补单。
""", d=250, pin=True)
E("p", "decisions/trunk-based-short-branches", "decision", "Short-lived feature branches off main, merged within 3 days; no long-running develop branch", ["branching", "git flow", "main"], """
The old develop branch drifted weeks behind main and every release needed a painful merge. Since 2023-07: feature/<JIRA-ID>-<slug> → PR → main.
Feature flags (Togglz, table feature_flag) hide unfinished work in production.
""", d=300)
E("p", "facts/pr-rules", "fact", "PR 需要一个审批，Jenkins 绿了才能合并；改数据库迁移要 DBA 组里有人审", ["PR", "代码评审", "合并规则"], """
代码托管在自建的 GitLab（gitlab.rh.local）。CODEOWNERS 里 db/migration 目录归 @dba-reviewers。
合并方式统一 squash，提交说明第一行带需求号，例如 LIS-482 标本签收支持批量扫码。
""", d=160)
E("p", "pitfalls/jenkins-groovy-sandbox", "pitfall", "Pipeline failed with 'Scripts not permitted to use method' after a shared library change", ["Jenkins", "script security", "sandbox"], """
A helper used new File(...) in a vars/ step, which the Groovy sandbox blocks. Use readFile/writeFile steps instead.
Do not ask the admins to approve signatures in In-process Script Approval; they refuse by policy.
""", d=190)
E("p", "facts/togglz-flags", "fact", "Feature flags live in the feature_flag table (Togglz), toggled per environment from /admin/flags", ["feature flag", "Togglz", "toggle"], """
Naming: <AREA>_<FEATURE>, e.g. SCHED_WAITLIST, LIS_BATCH_RECEIVE. Remove a flag within two releases of turning it on everywhere.
""", d=120)
E("p", "pitfalls/sonar-branch-analysis", "pitfall", "Sonar 对功能分支显示覆盖率为 0，是因为 jacoco 报告路径不对", ["SonarQube", "jacoco", "覆盖率"], """
多模块项目要用 jacoco 的 report-aggregate，生成在 coverage-report/target/site/jacoco-aggregate/jacoco.xml，并把 sonar.coverage.jacoco.xmlReportPaths 指到它。
""", d=210)
E("p", "facts/jenkins-credentials", "fact", "Jenkins 凭据：nexus-deploy、gitlab-ssh、sonar-token，都在 Jenkins 的凭据库里，流水线用 withCredentials 取", ["Jenkins", "credentials", "凭据"], """
凭据 ID 不要写死在 Jenkinsfile 以外的地方；新增凭据找运维，不要自己在文件夹级别加。
""", d=170)
E("p", "decisions/db-migration-before-deploy", "decision", "Migrations run as a separate pipeline step before the new jars start", ["Flyway", "deploy order", "migration"], """
Each migration must be backward compatible with the previous release (expand → deploy → contract across two releases), because old nodes keep running during the rolling deploy.
Running `flyway migrate` from the app at startup is off in prod (spring.flyway.enabled=false there).
""", d=230)
E("p", "facts/release-notes", "fact", "Release notes go to the lab in Chinese, generated from PR titles by tools/release_notes.py", ["release notes", "changelog"], """
`python3 tools/release_notes.py v2.14.2..v2.14.3 > notes.md`; the product owner edits and posts it to the lab's WeCom group the morning after.
""", d=90)


# ---------------------------------------------------------------------------------------------
# Security, privacy, compliance
# ---------------------------------------------------------------------------------------------

E("p", "facts/mlps-level3", "fact", "系统按等保三级建设，每年一次测评，整改项在安全台账里跟踪", ["等保", "测评", "安全合规"], """
测评机构每年九月来测。去年的高风险项：弱口令、审计日志保存不足六个月、数据库未加密传输，均已整改。
新增对外接口要提前告诉安全组，测评前一个月冻结接口变更。
""", d=120, pin=True)
E("p", "rules/mrn-hash-in-logs", "rule", "Logs carry the MRN hash (HMAC-SHA256, first 12 hex chars), never the MRN, name, ID number or phone", ["logging", "PHI", "MRN", "privacy"], """
Use PatientRef.logId(mrn) from common-logging. A Logback masking converter also catches 18-digit ID-card patterns and 11-digit mobile numbers as a safety net, not as the primary control.
""", d=260, pin=True)
E("p", "pitfalls/exception-message-phi", "pitfall", "异常信息里带了患者姓名，被打进了日志和 Sentry", ["异常", "日志脱敏", "隐私"], """
校验失败时抛 new IllegalArgumentException("患者 " + name + " 没有有效就诊")，全局异常处理器把 message 原样记日志并返回前端。
异常信息里只能写业务编号（就诊号的哈希、标本条码），姓名一律不写；全局处理器对 5xx 只返回 traceId。
""", d=140)
E("p", "facts/data-export-approval", "fact", "Bulk patient data exports need a research-ethics approval number and go through the export service only", ["data export", "research", "approval"], """
report-service's /export endpoint requires the approval number (format IRB-YYYY-NNN) and writes a masked CSV to the SFTP drop sftp.rh.local:/exports/<approval>.
Direct psql exports from pgro are forbidden, even for "just counts" with patient columns.
""", d=200)
E("p", "facts/password-policy", "fact", "密码策略由 AD 控制：至少 10 位、三类字符、90 天过期、5 次失败锁定 15 分钟", ["密码策略", "AD", "账号锁定"], """
系统本身不存密码，登录全走 Keycloak 的 AD 联合认证。护士站电脑共用账号是不允许的，每个人用自己的工号登录。
""", d=310)
E("p", "decisions/tls-db-connections", "decision", "All JDBC connections use TLS (sslmode=verify-full) since the 2024 assessment", ["TLS", "JDBC", "PostgreSQL", "sslmode"], """
The assessment flagged plaintext DB traffic. JDBC URLs carry ?ssl=true&sslmode=verify-full&sslrootcert=/etc/pki/tls/certs/rh-root-ca.pem.
pg_hba.conf only has hostssl lines for the app subnets.
""", d=180)
E("p", "pitfalls/sql-injection-sort", "pitfall", "Sort column from the query string was concatenated into SQL in the worklist query", ["SQL injection", "sorting", "pen test"], """
The pen test found ?sort=received_at;select pg_sleep(5) worked on /api/worklist. JPA Sort was bypassed by a native query.
Sort fields are now whitelisted per endpoint (WorklistSort enum); never build ORDER BY from user input.
""", d=95)
E("p", "rules/record-retention", "rule", "检验报告和原始结果至少保存 30 年，任何清理任务不许删报告表", ["保存期限", "病历", "清理"], """
按病历管理规定住院病历保存不少于 30 年。hl7_message 这种中间表可以清，lab_report、lab_result 及其历史版本不可以物理删除。
""", d=400, pin=True)
E("p", "facts/session-audit", "fact", "Viewing a patient's results is audited (who, when, which patient, from which PC)", ["audit", "access log", "patient view"], """
lis-core writes audit.event with action VIEW_RESULT on every result detail request; the lab's quality group reviews VIP patient access monthly.
Bulk list views log one event per page, not per row.
""", d=150)
E("p", "pitfalls/csrf-cookie-path", "pitfall", "登录后所有 POST 返回 403，原因是 XSRF-TOKEN 的 cookie path 不对", ["CSRF", "403", "cookie"], """
Spring Security 的 CookieCsrfTokenRepository 默认 path 是应用上下文路径 /api，前端页面在根路径读不到这个 cookie。
设置 cookiePath 为 "/"，并且 withHttpOnlyFalse()，Angular 的 HttpClientXsrfModule 才能带上请求头。
""", d=175)
E("p", "facts/upload-scanning", "fact", "Uploaded attachments are scanned by ClamAV before storage and limited to PDF/JPEG/PNG up to 20 MB", ["upload", "ClamAV", "attachments"], """
clamd on each report-service node (unix socket /run/clamd.scan/clamd.sock). Files are stored in MinIO bucket report-attachments, never on the VM disk.
""", d=130)


# ---------------------------------------------------------------------------------------------
# Team, process, people
# ---------------------------------------------------------------------------------------------

E("p", "facts/on-call", "fact", "值班：开发每周轮一人，手机 24 小时开机，检验科有问题先打信息科总机转值班", ["值班", "on-call", "故障"], """
值班表在 wiki 的「检验系统值班」页面。夜间故障十五分钟内响应，影响出报告的一小时内必须有人到现场或远程处理。
交接在周一上午十点的站会上。
""", d=60)
E("p", "facts/jira-projects", "fact", "JIRA projects: LIS (lab), SCH (scheduling), OPS (infra); bugs from the lab come in through the ITSM queue first", ["JIRA", "tickets", "ITSM"], """
The ITSM ticket is linked in the JIRA issue's "ITSM ref" field. Priority P1 = reports cannot be issued, P2 = a workaround exists.
""", d=180)
E("p", "facts/lab-contacts", "fact", "检验科的接口人是质量组组长，需求和验收都找她；仪器问题找检验科设备工程师", ["检验科", "联系人", "需求"], """
需求评审每两周一次（周三下午），检验科、门诊办、信息科都参加。验收签字后才能进 UAT 之后的发布排期。
""", d=220)
E("p", "preferences/commit-message-style", "preference", "Commit messages: '<JIRA-ID> <imperative summary>' in English or Chinese, body says why", ["commit message", "git"], """
e.g. "LIS-482 support batch scan on specimen receive". No "fix", "wip" or "update" alone. Squash merges keep the PR title as the message.
""", d=260)
E("p", "rules/incident-postmortem", "rule", "影响出报告超过 30 分钟的故障，三天内写复盘", ["复盘", "故障", "事故"], """
复盘模板在 wiki，写清楚时间线、影响的标本数、根因、改进项，不追究个人。改进项要建 JIRA 并跟踪到关闭。
""", d=200)
E("p", "facts/docs-location", "fact", "Architecture docs are in docs/ (ADRs in docs/adr), runbooks in docs/runbooks, vendor specs on the file share", ["docs", "ADR", "runbook"], """
ADRs are numbered: docs/adr/0017-outbox-for-events.md. Each runbook starts with "symptoms" and "first 5 minutes".
""", d=150)
E("p", "preferences/code-review-tone", "preference", "评审意见分级：必须改、建议、讨论，前面加标签", ["代码评审", "评审意见"], """
必须改的问题要说明原因；建议类的作者可以不改；讨论类的留到站会。不要在评审里争论命名风格，按规范来。
""", d=340)
E("p", "facts/standup", "fact", "每天上午九点十五分站会，十五分钟，周一加值班交接", ["站会", "会议"], """
远程的同事在企业微信的会议室里参加。站会只说阻塞和风险，细节会后单独聊。
""", d=120)
E("p", "facts/test-data-patients", "fact", "Test patients in SIT/UAT use MRNs starting with 99 and the surname 测试", ["test data", "test patients", "MRN"], """
e.g. MRN 9900000123 测试甲. The HIS test system uses the same convention, so orders sent from it match.
Never create test patients in prod; use the training environment (medilab-train.rh.local) for demos.
""", d=140)
E("p", "decisions/training-environment", "decision", "培训环境和生产隔离，每周日凌晨从模板重置", ["培训环境", "演示", "新员工"], """
新员工和规培生在培训环境上操作，数据是虚构的。重置任务是 Jenkins 上的 reset-train，大约二十分钟。
""", d=250)


# ---------------------------------------------------------------------------------------------
# Reports, PDF, statistics
# ---------------------------------------------------------------------------------------------

E("p", "facts/pdf-rendering", "fact", "Report PDFs are rendered by report-service with JasperReports 6.20; templates in report-service/src/main/jasper", ["PDF", "JasperReports", "report template"], """
One .jrxml per report layout (routine_a4.jrxml, microbiology_a4.jrxml, critical_notice_a5.jrxml). Compiled .jasper files are built by the jasperreports-maven-plugin; never commit them.
Fonts (SimSun, SimHei) ship in the font extension jar medilab-fonts, because RHEL has no Chinese fonts.
""", d=160)
E("p", "pitfalls/jasper-font-missing", "pitfall", "PDF 里中文全部不显示，本地正常、服务器上空白", ["JasperReports", "字体", "PDF"], """
服务器上没装中文字体，Jasper 找不到 SimSun 时静默跳过文字。字体扩展包 medilab-fonts 要在依赖里，且 jrxml 的 pdfFontName 要写扩展包里注册的名字。
打开 net.sf.jasperreports.awt.ignore.missing.font=false，缺字体时直接报错而不是空白。
""", d=230)
E("p", "decisions/pdf-signature", "decision", "Released reports are PDF-signed with the lab's certificate from the hospital CA (PAdES-B)", ["PDF signature", "electronic signature", "CA"], """
Signing via the signing server sign.rh.local (a hardware security module); the service sends the hash, never the key leaves the HSM.
Amended reports get a new signature; the old version keeps its own.
""", d=210)
E("p", "facts/report-reprint", "fact", "自助机打印报告只能打一次，再打要去检验科窗口", ["自助机", "报告打印", "补打"], """
自助机扫就诊卡或条码，打印后记一次 print_count。窗口补打要选原因，报告上会加「补打」水印。
""", d=110)
E("p", "facts/stats-reports", "fact", "检验科的统计报表：工作量、TAT、危急值通报率、标本拒收率，每月 3 号自动生成", ["统计报表", "工作量", "月报"], """
报表用 jOOQ 查只读库，生成 Excel 放到共享盘检验科目录。危急值通报率 = 15 分钟内确认数 / 危急值总数，目标 95%。
""", d=90)
E("p", "pitfalls/excel-export-memory", "pitfall", "Exporting a year of workload to Excel took the report-service heap: use SXSSF streaming", ["Excel export", "Apache POI", "memory"], """
XSSFWorkbook keeps the whole sheet in memory (~1 GB for 400k rows). SXSSFWorkbook(100) streams to temp files; call dispose() in finally.
Exports above 1 million rows are refused with LIS-2201; the user is told to narrow the date range.
""", d=70)
E("p", "facts/microbiology-reports", "fact", "Microbiology reports are preliminary first, final after susceptibility testing; both versions go to the HIS", ["microbiology", "preliminary report", "susceptibility"], """
Status flow: PRELIMINARY (OBR-25 = P) → FINAL (F). Organisms use local codes mapped to SNOMED CT where available; antibiotics with MIC and S/I/R.
""", d=190)
E("p", "preferences/report-layout-changes", "preference", "报告版式的任何改动都要检验科主任签字确认，改之前先出样张", ["报告版式", "模板", "样张"], """
样张用 UAT 的真实样式数据出三份（常规、微生物、危急值通知），打印出来给主任看，签字的纸质稿扫描后附在需求单上。
""", d=280)


# ---------------------------------------------------------------------------------------------
# Global root: one developer's preferences and cross-project notes
# ---------------------------------------------------------------------------------------------

E("g", "preferences/chinese-replies-english-code", "preference", "用中文回答我，代码注释和提交信息用英文", ["语言", "回答", "注释"], """
解释概念时可以夹英文术语，不要把 Spring、Kafka 之类的名字翻译成中文。
""", d=400, pin=True)
E("g", "preferences/editor-intellij", "preference", "IntelliJ IDEA Ultimate with the Eclipse keymap; format on save is off", ["IntelliJ", "IDE", "keymap"], """
I format explicitly with Ctrl+Shift+F (Eclipse keymap) so diffs stay small. Code style scheme is imported from the project's .editorconfig.
Do not suggest VS Code settings unless I ask.
""", d=300, sup=("preferences/editor-vscode",))
E("g", "preferences/editor-vscode", "preference", "VS Code with the Java extension pack and format on save", ["VS Code", "IDE"], """
Settings sync is on; Java formatter profile from the project.
""", d=620)
E("g", "preferences/shell-tools", "preference", "Shell: zsh with ripgrep, fd, jq and fzf; prefer rg over grep in examples", ["zsh", "ripgrep", "shell", "CLI tools"], """
Aliases: `gs` = git status -sb, `gl` = git log --oneline --graph -20. Suggest commands that work in both zsh and bash.
""", d=250)
E("g", "preferences/git-pull-rebase", "preference", "git pull 一律 rebase，不要生成合并提交", ["git", "rebase", "pull"], """
全局配置 pull.rebase=true、rebase.autoStash=true。提交前自己整理历史，推送前问我。
""", d=350)
E("g", "preferences/small-prs", "preference", "Keep changes small: one concern per PR, under ~400 changed lines", ["PR size", "code review"], """
If a change grows, propose a split (refactor first, behaviour change second). Renames and formatting go in their own commit.
""", d=280)
E("g", "preferences/test-style", "preference", "测试用 JUnit 5 + AssertJ，方法名用 should_xxx_when_yyy", ["JUnit", "AssertJ", "测试命名"], """
一个测试只验证一件事；断言写 assertThat(x).isEqualTo(y)，不用 assertEquals。优先用 Testcontainers 真库测试，尽量少用 Mockito。
""", d=230)
E("g", "preferences/no-mocks-for-db", "preference", "Do not mock repositories in tests; use a real PostgreSQL via Testcontainers", ["mocks", "Testcontainers", "integration tests"], """
Mocked repositories passed while the real query had a typo in a JPQL join. A Testcontainers Postgres starts in ~3 s with reuse enabled (testcontainers.reuse.enable=true).
""", d=210)
E("g", "facts/laptop-setup", "fact", "工作电脑是 MacBook Pro M2，Docker 用 Colima，不装 Docker Desktop", ["Mac", "Colima", "Docker"], """
colima start --cpu 4 --memory 8 --arch aarch64。amd64 的镜像（比如某些老的 Oracle 镜像）要加 --arch x86_64 另起一个 profile，很慢。
""", d=190)
E("g", "facts/jdk-sdkman", "fact", "JDKs via SDKMAN: 17.0.10-tem default, 21.0.2-tem for side projects, 8.0.402-tem for the old HIS adapter", ["SDKMAN", "JDK", "Java version"], """
`sdk use java 8.0.402-tem` in the old adapter's shell; .sdkmanrc files in each repo switch automatically (sdkman_auto_env=true).
""", d=170)
E("g", "pitfalls/colima-testcontainers-socket", "pitfall", "Testcontainers on Colima needs DOCKER_HOST and the Ryuk socket override", ["Colima", "Testcontainers", "DOCKER_HOST"], """
export DOCKER_HOST=unix://$HOME/.colima/default/docker.sock
export TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock
Without the second one Ryuk fails to mount the socket and every test class times out after 60 s.
""", d=160)
E("g", "facts/hospital-vpn", "fact", "在家连医院内网用 深信服 的 SSL VPN 客户端，只能访问堡垒机和 GitLab", ["VPN", "远程办公", "内网"], """
VPN 地址和账号在密码管理器里。连上以后 Nexus、Jenkins 也能访问，但生产网段不通，只能走堡垒机。
""", d=140)
E("g", "preferences/explain-sql-plans", "preference", "When suggesting SQL changes, show the EXPLAIN (ANALYZE, BUFFERS) I should run to check", ["SQL", "EXPLAIN", "query tuning"], """
Do not claim an index will help without the plan. Mention if the check must run on a replica.
""", d=220)
E("g", "preferences/answer-format", "preference", "回答先给结论，再给步骤；命令放代码块，一条命令一行", ["回答格式", "代码块"], """
不要长篇背景介绍。不确定的地方直接说不确定，并告诉我怎么验证。
""", d=330, pin=True)
E("g", "rules/ask-before-deleting", "rule", "Ask before deleting files, dropping tables or rewriting git history", ["delete", "safety", "git history"], """
Includes `git reset --hard`, `git clean -fd`, `DROP`, `TRUNCATE` and `rm -rf` on anything outside a build folder. Show me the command first.
""", d=380, pin=True)
E("g", "facts/dotfiles-stow", "fact", "dotfiles 仓库在 ~/code/dotfiles，用 GNU stow 管理", ["dotfiles", "stow", "配置"], """
stow zsh git idea 会建好软链接。换电脑时先装 Homebrew，再 brew bundle --file ~/code/dotfiles/Brewfile。
""", d=260)
E("g", "pitfalls/ime-fullwidth-symbols", "pitfall", "中文输入法全角模式下打出的冒号和括号让 YAML、SQL 报语法错误", ["全角", "输入法", "YAML"], """
搜狗输入法默认中文标点，写配置时冒号变成全角「：」，报错位置还看不出来。
写代码时切到英文标点；编辑器里装了高亮全角字符的插件。
""", d=300)
E("g", "facts/side-project-rust", "fact", "Side project: a Rust CLI for reading HL7 files (hl7peek), repo ~/code/hl7peek", ["Rust", "side project", "hl7peek"], """
Uses the hl7-parser crate; `cargo run -- samples/oru.hl7 --segment OBX`. Not related to work code; do not copy work samples into it.
""", d=120)
E("g", "preferences/python-uv", "preference", "个人脚本用 Python + uv，不用 conda", ["Python", "uv", "脚本"], """
uv run script.py 配合脚本头部的 inline metadata 声明依赖。工作上的工具脚本也一样，别写 requirements.txt。
""", d=150)
E("g", "preferences/naming-english", "preference", "变量名用英文，不用拼音；实在没有英文对应的医学术语，在注释里写中文原文", ["命名", "拼音", "变量名"], """
比如 specimenRejectReason 而不是 biaobenJushouYuanyin。医保相关的特殊名词可以参考国家标准里的英文名。
""", d=270)
E("g", "facts/ssh-config-jump", "fact", "~/.ssh/config has ProxyJump through jump.rh.local for every *.rh.local host", ["SSH", "ProxyJump", "bastion"], """
Host *.rh.local
    ProxyJump jump.rh.local
    User wangl
Keys are on a YubiKey (ssh-agent via yubikey-agent); there is no private key file on disk.
""", d=180)
E("g", "preferences/plain-text-no-emoji", "preference", "No emoji in commit messages, code comments or answers", ["emoji", "style"], """
Also no decorative headers in answers; plain Markdown lists are fine.
""", d=240)
E("g", "pitfalls/mac-case-insensitive", "pitfall", "macOS 文件系统不区分大小写，改类名大小写后 git 没识别", ["大小写", "macOS", "git mv"], """
把 HL7Parser.java 改成 Hl7Parser.java，本地编译正常，Jenkins 上找不到类。要用 git mv 两步改名（先改成临时名）。
""", d=210)
E("g", "preferences/review-checklist", "preference", "Before calling a change done: tests pass, no new Sonar issues, migrations reviewed, logs free of PHI", ["checklist", "definition of done"], """
Remind me of the PHI check whenever a change touches logging or exception messages.
""", d=190)
E("g", "facts/standards-library", "fact", "收藏的资料：HL7 v2.5.1 标准原文、FHIR R4 规范、《数据库系统内幕》", ["资料", "标准", "书"], """
HL7 标准文档放在 ~/Documents/standards，带目录书签的版本。
""", d=360)
E("g", "preferences/commit-signing", "preference", "Commits are signed with the SSH key on the YubiKey (gpg.format=ssh)", ["git signing", "YubiKey", "commit signature"], """
git config --global commit.gpgsign true; user.signingkey is the key's public part. If signing fails, the YubiKey is not plugged in; do not disable signing.
""", d=150)
E("g", "pitfalls/maven-offline-cache", "pitfall", "离线时 Maven 报依赖找不到，其实是本地仓库里有 .lastUpdated 文件", [".lastUpdated", "Maven", "离线"], """
之前一次下载失败留下了 .lastUpdated，之后 Maven 直接不再尝试。删掉：find ~/.m2 -name '*.lastUpdated' -delete，然后 mvn -o 再试。
""", d=200)
E("g", "preferences/time-format", "preference", "时间写 24 小时制，日期写 2024-05-14 这种格式", ["日期格式", "时间格式"], """
不管是文档、日志还是回答里举例，都不用 5/14 或者下午三点这种写法。
""", d=310)
E("g", "facts/nuc-proxmox-lab", "fact", "Home lab: an old NUC running Proxmox with a PostgreSQL 16 and a Gitea for experiments", ["home lab", "Proxmox", "Gitea"], """
nuc.home.arpa; nothing from work lives there. Good place to try Patroni or pg_partman changes before proposing them.
""", d=130)
E("g", "preferences/notes-per-topic", "preference", "学到的新东西记在 ~/notes 里，一个主题一个 Markdown 文件", ["笔记", "学习"], """
文件名用英文短横线，比如 postgres-partitioning.md。不放任何医院数据和截图。
""", d=220)
E("g", "pitfalls/zsh-glob-mvn", "pitfall", "zsh: no matches found when passing -Dtest=Foo* to Maven", ["zsh", "glob", "Maven"], """
zsh expands the * itself. Quote it: mvn test -Dtest='Specimen*Test'. Same for `-pl '!fhir-facade'` (the ! is history expansion).
""", d=170)
E("g", "preferences/friday-weekly-summary", "preference", "周五下午整理本周的改动和未完成事项，写进 ~/notes/weekly", ["周报", "总结"], """
格式：完成了什么、卡住了什么、下周计划。写完我自己会改，你只需要帮我从提交记录里列出事实。
""", d=90)
E("g", "facts/old-his-adapter", "fact", "The old HIS adapter (Java 8, Spring 4, WebLogic 12c) still runs on the east campus; I maintain it alone", ["legacy", "WebLogic", "Java 8", "HIS adapter"], """
Repo gitlab.rh.local/legacy/his-adapter. Build with Ant (`ant dist`), deploy by copying the war in the WebLogic console. No tests.
Retirement planned once the east campus moves to the new HIS (2025).
""", d=240)
E("g", "decisions/keep-personal-notes-out-of-repo", "decision", "个人偏好和跨项目的笔记放全局记忆，不写进项目仓库", ["全局记忆", "项目记忆"], """
项目的记忆是团队共享的，个人习惯（编辑器、快捷键、回答风格）放在全局，避免干扰同事的助手。
""", d=100)
E("g", "pitfalls/brew-openjdk-path", "pitfall", "brew 装的 openjdk 覆盖了 SDKMAN 的 java，版本对不上", ["Homebrew", "openjdk", "SDKMAN"], """
某个依赖拉进来 openjdk@21，/opt/homebrew/bin 在 PATH 里排在 SDKMAN 前面。brew unlink openjdk 后恢复；.zshrc 里 SDKMAN 的初始化放到最后。
""", d=110)


# ---------------------------------------------------------------------------------------------
# Written in Chinese only, as the lab's and the outpatient office's rules reach the team
# ---------------------------------------------------------------------------------------------

E("p", "facts/门诊分时段预约", "fact", "门诊分时段预约：上午八点到十二点、下午一点半到五点，每半小时一个时段", ["分时段", "门诊预约"], """
每个时段的号数由科室自己定，专家号一般每时段三个，普通号六个。
患者要在时段开始前十五分钟到诊室签到，迟到超过半小时的号作废，按爽约处理。
""", d=130)
E("p", "rules/跨院区预约", "rule", "东院的号源不允许本部的自助机预约，只能在东院现场或者手机上约", ["院区", "自助机", "预约限制"], """
两个院区的自助机只显示本院区的号源。这是门诊办定的，原因是患者经常约错院区跑空。
""", d=210)
E("p", "facts/标本签收流程", "fact", "标本签收：物流送到检验科后扫码签收，系统记录签收人和签收时间，超时标本标黄", ["标本签收", "签收时间", "超时"], """
签收时如果标本状态不是已采集，会提示异常，不能直接签收，要先核对。
常规标本采集后两小时内未签收标黄，四小时标红，并推送给护士站。
""", d=170)
E("p", "pitfalls/批量签收漏扫", "pitfall", "批量签收时扫码枪连扫太快，有几个条码被合并成一个，漏签了", ["扫码枪", "批量签收", "漏签"], """
扫码枪默认没有结束符间隔，连续扫时两个条码粘在一起变成二十四位，系统当成无效条码丢掉了。
扫码枪统一设置回车作为结束符；签收界面对长度不是十二位的输入给出响亮的提示音。
""", d=95)
E("p", "decisions/审核超时提醒-旧", "decision", "报告审核超过两小时未完成就提醒主管", ["审核超时", "提醒"], """
所有报告统一两小时，提醒发到主管的工作站弹窗。
""", d=520)
E("p", "decisions/审核超时提醒", "decision", "审核超时提醒分级：急诊三十分钟、常规四小时、微生物按初步报告算", ["审核超时", "提醒", "急诊"], """
检验科反映两小时一刀切太吵，常规标本大量提醒没人看，急诊的又太晚。
现在急诊三十分钟提醒当班组长，常规四小时提醒主管，微生物以初步报告发布时间为准。
""", d=140, sup=("decisions/审核超时提醒-旧",))
E("p", "facts/危急值电话通知", "fact", "危急值十五分钟内临床没确认，检验科必须电话通知并登记接电话的人", ["危急值", "电话通知", "登记"], """
登记内容：接听人姓名、工号、时间、复述的结果。复述不正确要重新通知。
登记界面在报告详情页的危急值页签里，登记后报告的危急值状态变成已通知。
""", d=120)
E("p", "preferences/界面提示用语", "preference", "界面提示语要说清楚下一步怎么做，不要只写操作失败", ["提示语", "界面文案"], """
比如写成：标本已上机，不能取消，请联系检验科。不要写：操作失败，请重试。
护士和检验技师都没有时间去猜原因。
""", d=260)
E("p", "facts/检验科工作时间", "fact", "检验科常规组周一到周六上班，周日只有急诊组", ["工作时间", "常规组", "急诊组"], """
周日的常规标本签收后放冰箱，周一早上统一上机。节假日同周日。
所以周日的常规报告周转时间不计入考核。
""", d=240)
E("p", "pitfalls/周日标本周转时间", "pitfall", "周转时间统计没排除周日常规标本，月报的达标率一下子掉了十个点", ["周转时间", "月报", "统计口径"], """
统计口径改版时漏掉了周日和节假日常规标本的排除条件，主任开会时被院办点名。
现在统计口径写进了需求文档，改统计语句要先和质量组对口径。
""", d=85)
E("p", "rules/患者信息展示", "rule", "列表页的患者姓名中间一个字用星号遮挡，详情页才显示全名", ["姓名脱敏", "隐私", "列表页"], """
比如王小明显示成王*明，两个字的名字遮挡第二个字。身份证号只显示前三位和后四位，手机号只显示后四位。
大屏叫号系统同样规则。
""", d=300, pin=True)
E("p", "facts/叫号屏", "fact", "候诊区叫号屏按诊室显示当前号和下一个号，数据每五秒刷新", ["叫号屏", "候诊", "分诊"], """
叫号屏是浏览器全屏页面，断网时显示最后一次的数据并在角落显示离线。
分诊台护士可以手动把患者挪到队尾（过号），过号的患者签到后排到下一个时段的第一个。
""", d=160)
E("p", "facts/分诊规则", "fact", "分诊排队顺序：复诊预约优先于初诊，七十岁以上老人和军人优先", ["分诊", "排队", "优先"], """
同等优先级按签到时间排。分诊护士手动调整顺序要选原因，系统记录。
""", d=190)
E("p", "pitfalls/叫号重复", "pitfall", "两个护士同时点下一位，同一个患者被叫了两次，另一个患者被跳过", ["叫号", "并发", "重复叫号"], """
下一位按钮取队首和更新状态不在一个事务里。改成更新时带上当前状态作为条件，更新行数为零就重新取，前端按钮点击后禁用两秒。
""", d=110)
E("p", "decisions/住院标本采集时间", "decision", "住院部清晨采血集中在五点半到六点半，物流七点前送达", ["采血", "住院部", "物流"], """
检验科七点开始上机，为了让医生查房前看到血常规和生化结果。
系统在五点给病区推送当天的采血清单并打印条码。
""", d=280)
E("p", "facts/检验项目字典", "fact", "检验项目字典由检验科维护，开发不能直接改字典表", ["项目字典", "检验项目", "维护权限"], """
新项目上线流程：检验科在界面新建、配置参考范围和危急值、配置仪器通道，质量组审核后启用。
开发只在字典结构需要变的时候参与。
""", d=230, pin=True)
E("p", "pitfalls/参考范围年龄段", "pitfall", "儿童参考范围按天数算年龄，结果新生儿套用了成人范围", ["参考范围", "年龄段", "新生儿"], """
年龄段的配置单位有天、月、岁三种，代码里统一按岁取整，出生二十天的新生儿被算成零岁，匹配到了零到十八岁的那一档之外的默认成人档。
现在按出生日期和采样时间精确计算天数再匹配。
""", d=150)
E("p", "facts/外送检验", "fact", "部分特殊项目外送第三方检验所，结果回来后人工录入并标注外送", ["外送", "第三方检验", "人工录入"], """
外送项目在字典里标记为外送，签收后打印外送交接单。结果回来后由专人录入，双人核对后发布，报告上注明检测机构。
""", d=200)
E("p", "rules/报告发布后不可删除", "rule", "报告发布后任何人都不能删除，只能作废并重新出具", ["报告作废", "删除", "发布"], """
作废要填原因并由主管审核，作废的报告临床端仍能看到，带作废标记。
""", d=350, pin=True)
E("p", "facts/值班手机", "fact", "值班手机号码固定，交接时把手机实物交给下一位", ["值班", "值班手机"], """
号码在检验科和护士站都贴着，换人不换号。手机充电器放在信息科二号柜。
""", d=300)
E("p", "preferences/需求沟通", "preference", "需求口头说的不算，必须在需求单上写清楚并由检验科签字", ["需求", "沟通", "签字"], """
以前检验科电话里提的改动做完了又说不是这个意思，返工好几次。电话沟通后当天补需求单。
""", d=250)
E("p", "facts/新员工权限", "fact", "新员工账号由科室主任提交申请，信息科开通，默认只有查询权限", ["账号申请", "权限", "新员工"], """
审核权限要主任单独签字；规培生和实习生只在培训环境有账号。离职的账号由人事系统同步后第二天自动停用。
""", d=180)
E("p", "pitfalls/停用账号残留会话", "pitfall", "离职员工账号停用后，已经登录的会话还能继续操作一天", ["账号停用", "会话", "离职"], """
停用只阻止新登录，已有的令牌还能刷新。现在人事同步停用账号时同时注销该用户所有会话，令牌刷新时也会检查账号状态。
""", d=70)
E("p", "facts/手术通知单", "fact", "手术排程确认后前一天十五点发布，病区和麻醉科同时收到手术通知单", ["手术通知单", "排程发布", "麻醉科"], """
十五点以后的改动要打电话给手术室护士长。发布后的排程在手术室大屏显示，按房间和台次排列。
""", d=140)
E("p", "pitfalls/手术间清洁时间", "pitfall", "感染手术后的清洁时间比普通接台长，排程没考虑导致下一台推迟一小时", ["接台", "感染手术", "清洁时间"], """
普通接台三十分钟，感染手术后要终末消毒，至少九十分钟。排程时标记感染手术，系统自动把下一台往后顺延。
""", d=100)
E("p", "decisions/排班发布周期", "decision", "检验科排班按月发布，每月二十五号前发下个月的", ["排班发布", "月排班"], """
发布后换班需要两人都在系统里确认，再由组长审批。临时请假由组长直接调整并通知。
""", d=220)
E("p", "facts/院区编码", "fact", "院区编码：零一本部，零二东院，零三儿童医院（筹建中）", ["院区编码", "东院", "本部"], """
编码在条码、接口、报表里都会出现。儿童医院的编码已经预留，但系统里还没有启用。
""", d=260)
E("p", "rules/测试不用真实患者", "rule", "测试和演示一律用虚构患者，不许拿真实患者数据截图", ["测试数据", "截图", "隐私"], """
给厂家或者外单位演示时用培训环境。文档和需求单里的截图要先打码。
""", d=330, pin=True)
E("p", "facts/盘点冰箱", "fact", "标本冰箱温度每天两次记录，超出二到八度要报告并评估标本", ["冰箱温度", "标本保存"], """
温度由冰箱上的探头自动上传，系统超限告警；断电时靠人工记录。保存七天的标本到期由系统生成销毁清单。
""", d=190)
E("p", "pitfalls/销毁清单包含复查标本", "pitfall", "销毁清单里包含了临床要求复查的标本，差点被销毁", ["标本销毁", "复查", "保留"], """
复查申请只改了报告状态，没有延长标本的保存期限。现在有复查申请的标本自动延长七天，并从销毁清单里排除。
""", d=80)
E("p", "preferences/周会", "preference", "周会只讲风险和需要别人帮忙的事，进度看看板", ["周会", "看板"], """
每周四下午四点，半小时，超时就散会，没讲完的单独约。
""", d=170)
E("p", "facts/检验科大屏", "fact", "检验科大屏显示各组待审核数量和超时标本数，三十秒刷新", ["大屏", "待审核", "超时标本"], """
超时的数字变红闪烁。大屏只显示数量和条码后四位，不显示患者姓名。
""", d=150)
E("p", "decisions/不做移动端审核", "decision", "不做手机上审核报告的功能", ["移动端", "报告审核"], """
检验科主任和医务处都不同意在手机上审核：看不到完整的历史结果和质控状态，容易误审。手机上只提供查询。
""", d=290)
E("p", "facts/医保编码", "fact", "检验项目要对照医保收费编码，收费在收费系统完成，我们只传项目和数量", ["医保", "收费编码", "收费"], """
对照表由物价办维护，新项目必须先有收费编码才能启用，否则收费系统会拒绝医嘱。
""", d=210)
E("p", "rules/节假日前不发布", "rule", "长假前三个工作日内不做生产发布，除非是紧急修复", ["封版", "节假日", "发布冻结"], """
长假期间人手少，出了问题很难处理。春节和国庆前按这条执行，封版时间由信息科提前通知。
""", d=190, pin=True, sup=("rules/节假日前不发布-旧",))
E("p", "rules/节假日前不发布-旧", "rule", "春节前一周封版", ["封版", "春节"], """
只有春节，国庆不封版。
""", d=600)
E("g", "preferences/解释方式", "preference", "解释问题时先说原因，再说怎么改，最后说怎么验证", ["解释", "回答顺序"], """
不要只给改法不讲原因。涉及数据库或者线上操作时，最后一步一定要写怎么确认改对了。
""", d=260)
E("g", "preferences/不要客套", "preference", "回答里不要客套话，也不要重复我的问题", ["客套", "回答风格"], """
直接进入正题。我问一个小问题时，一两句话回答就行。
""", d=200)
E("g", "facts/通勤时间", "fact", "周三在东院上班，那边网速慢，大文件下载放在周二做", ["东院", "网速", "通勤"], """
东院到本部的专线只有一百兆，下载依赖或者镜像会很慢。
""", d=120)
E("g", "preferences/学习计划", "preference", "今年想系统学一下数据库内核，每周读一章书", ["学习计划", "数据库内核"], """
读书笔记放在笔记目录，读完一章写一页总结。你可以在我问数据库问题时顺便提相关章节。
""", d=150)
E("g", "pitfalls/休假前交接", "pitfall", "休假前没交接老接口的重启步骤，同事半夜打电话问", ["交接", "休假", "老接口"], """
老接口只有我一个人会维护。现在休假前写一页交接说明，放在团队共享目录，写清楚重启顺序和常见报错。
""", d=90)


# =============================================================================================
# Queries
# =============================================================================================

# build, Java, Spring
Q("question", "how do I build the whole backend and how long does it take?", {"p:facts/maven-multimodule": 2})
Q("question", "mvn can't download dependencies, is there an internal repository I should point to?", {"p:facts/nexus-mirror": 2})
Q("paraphrase", "all the fields are null after converting entity to DTO, no compile error", {"p:pitfalls/lombok-mapstruct-binding": 2, "p:decisions/mapstruct-not-modelmapper": 1})
Q("crossling", "我们现在用的 Spring Boot 是哪个版本？", {"p:decisions/spring-boot-3-upgrade": 2})
Q("question", "why does the frontend show dates like [2024,3,1,8,30]?", {"p:pitfalls/jackson-localdatetime-array": 2})
Q("short", "field injection", {"p:rules/constructor-injection": 2})
Q("question", "where do I put the uat database url, application-uat.yml in the repo?", {"p:facts/spring-profiles-config-server": 2})
Q("long", "lis-core on UAT just disappears every couple of days, no OutOfMemoryError in the logs, no stack trace, the process is simply gone and systemd restarts it. The VM has 8 GB. What did we find last time this happened?", {"p:pitfalls/lis-core-oom-direct-memory": 2})
Q("ident", "MaxDirectMemorySize", {"p:pitfalls/lis-core-oom-direct-memory": 2})
Q("question", "which port does the fhir facade listen on", {"p:facts/service-ports": 2})
Q("crossling", "should controllers, services and repositories each get their own package?", {"p:preferences/package-by-feature": 2})
Q("ident", "Could not find a valid Docker environment", {"p:pitfalls/testcontainers-no-docker": 2})
Q("glued", "sonar覆盖率不够能不能跳过门禁", {"p:rules/sonar-coverage-gate": 2})
Q("ident", "LIS-1004", {"p:facts/error-code-format": 2})
Q("crossling", "为什么不用 ModelMapper", {"p:decisions/mapstruct-not-modelmapper": 2})
Q("paraphrase", "批量审核报告中途出错，已经审过的那部分没有回退", {"p:pitfalls/transactional-self-invocation": 2})
Q("variant", "logstash logback encoder json log traceid", {"p:preferences/json-logs": 2})
Q("question", "编译完中文变成问号了怎么回事", {"p:pitfalls/legacy-gbk-sources": 2})
Q("question", "should the readiness probe check the analyzer connections?", {"p:facts/actuator-health-groups": 2})
Q("crossling", "can I put @Data on a JPA entity?", {"p:rules/no-lombok-data-on-entities": 2})
Q("ident", "lab.events", {"p:facts/rabbitmq-exchanges": 2})
Q("paraphrase", "one node of the report service grabs all queued jobs while the other sits idle", {"p:pitfalls/rabbit-prefetch-unbounded": 2})
Q("question", "报告审核完发 MQ 消息，事务回滚了怎么办", {"p:decisions/outbox-pattern": 2})
Q("fullwidth", "ＯＯＭ　ｌｉｓ－ｃｏｒｅ", {"p:pitfalls/lis-core-oom-direct-memory": 2})

# PostgreSQL, Flyway
Q("question", "what's the database write endpoint and how do I see which node is the leader?", {"p:facts/postgres-cluster": 2})
Q("crossling", "数据库主从切换用的什么工具", {"p:facts/postgres-cluster": 2})
Q("question", "how should I name a new flyway migration file?", {"p:rules/flyway-only": 2})
Q("ident", "Migration checksum mismatch", {"p:pitfalls/flyway-checksum-mismatch": 2, "p:rules/flyway-only": 1})
Q("question", "采样时间差了8个小时", {"p:decisions/timestamptz-everywhere": 2})
Q("ident", "Connection is not available, request timed out after 30000ms", {"p:pitfalls/hikari-pool-exhausted": 2})
Q("crossling", "is the lab result table partitioned? by what?", {"p:facts/result-table-partitioning": 2})
Q("long", "The nightly job failed creating next month's partition for lab_result with something like 'updated partition constraint for default partition would be violated'. I think pg_cron was broken for a while last week. How do I get out of this without losing results?", {"p:pitfalls/default-partition-rows": 2, "p:facts/result-table-partitioning": 1})
Q("question", "how long do we keep database backups and where are they", {"p:facts/pgbackrest-backups": 2})
Q("variant", "pgbackrest stanza info", {"p:facts/pgbackrest-backups": 2})
Q("paraphrase", "doctor approved the result but the report page still does not show it for a bit", {"p:pitfalls/replica-lag-report": 2})
Q("question", "hl7_message table keeps growing huge even though we delete old rows", {"p:facts/vacuum-settings": 2})
Q("crossling", "should new tables use bigserial or UUID primary keys?", {"p:decisions/uuid-v7-keys": 2})
Q("question", "why isn't my GIN index used on the jsonb column", {"p:pitfalls/jsonb-gin-index-unused": 2})
Q("glued", "flyway用哪个数据库账号跑", {"p:facts/db-accounts": 2, "p:rules/flyway-only": 1})
Q("paraphrase", "a schema change blocked all result inserts for several minutes", {"p:pitfalls/lock-timeout-migration": 2})
Q("ident", "lock_timeout", {"p:pitfalls/lock-timeout-migration": 2})
Q("short", "audit retention", {"p:facts/audit-db": 2})
Q("question", "慢查询基线怎么突然没了", {"p:pitfalls/pg-stat-statements-reset": 2})
Q("question", "where can I see slow SQL from production?", {"p:facts/slow-query-log": 2, "p:pitfalls/pg-stat-statements-reset": 1})
Q("crossling", "why do the statistics reports not use JPA?", {"p:decisions/no-orm-for-stats": 2})
Q("paraphrase", "restored one table and now every insert says the key already exists", {"p:pitfalls/sequence-after-restore": 2})
Q("question", "索引和外键列怎么命名", {"p:facts/db-naming": 2})
Q("short", "SELECT *", {"p:rules/no-select-star-in-reports": 2})
Q("fullwidth", "ｐａｔｒｏｎｉｃｔｌ　ｌｉｓｔ", {"p:facts/postgres-cluster": 2})
Q("variant", "postgress replica lag", {"p:pitfalls/replica-lag-report": 2})

# HL7 v2 gateway
Q("question", "which HL7 version do we use with the HIS and which message types come in?", {"p:facts/hl7-gateway-overview": 2})
Q("long", "The HIS team says they never get our ACKs and keep resending the same ORM every 30 seconds. Our logs show we send the ACK immediately. I rewrote part of the Netty pipeline last sprint. What could be wrong with the framing?", {"p:pitfalls/mllp-framing": 2, "p:pitfalls/ack-mode-enhanced": 1})
Q("question", "an ORU result was never delivered to HIS, how do I resend it?", {"p:facts/ack-timeout-retries": 2})
Q("crossling", "patient names with rare characters show up as question marks in messages from the HIS", {"p:pitfalls/his-charset-gb18030": 2})
Q("ident", "ZPV-2", {"p:facts/z-segments": 2})
Q("question", "HIS 医嘱里的院区和床号在哪个字段", {"p:facts/z-segments": 2})
Q("paraphrase", "a result comment containing an ampersand got split into pieces on the HIS side", {"p:pitfalls/escape-sequences": 2})
Q("question", "can we replay HL7 messages after fixing a parser bug?", {"p:decisions/store-raw-then-parse": 2})
Q("crossling", "which port is the XN-9000 on?", {"p:facts/analyzer-list": 2})
Q("short", "ASTM", {"p:pitfalls/sysmex-astm-not-hl7": 2})
Q("question", "护士站取消医嘱但是标本已经上机了，接口怎么回", {"p:facts/order-control-codes": 2})
Q("ident", "ORC-1 CA", {"p:facts/order-control-codes": 2})
Q("paraphrase", "a placeholder patient record later clobbered the real admission data", {"p:pitfalls/adt-a08-overwrite": 2})
Q("question", "can I log the whole hl7 message when parsing fails, for debugging?", {"p:rules/hl7-message-no-logs": 2, "p:decisions/store-raw-then-parse": 1})
Q("question", "how do I send a test ORM to my local gateway", {"p:facts/hl7-test-tools": 2, "p:pitfalls/mllp-framing": 1})
Q("crossling", "HIS trend chart breaks because units differ in case, mmol/l vs mmol/L", {"p:pitfalls/obx-units-ucum": 2})
Q("question", "do we connect out to the analyzers or do they connect to us?", {"p:decisions/one-connection-per-analyzer": 2})
Q("glued", "血气仪结果时间差8小时utc", {"p:pitfalls/hl7-timestamp-no-offset": 2})
Q("ident", "hl7_ack_seconds", {"p:facts/gateway-metrics": 2})
Q("paraphrase", "overnight some analyzer results silently never arrived although the device showed connected", {"p:pitfalls/netty-idle-disconnect": 2})
Q("question", "改 HIS 接口要提前多久通知厂家", {"p:facts/his-vendor-contact": 2})
Q("ident", "MSH-15", {"p:pitfalls/ack-mode-enhanced": 2})
Q("question", "危急值结果是怎么发给护士站的", {"p:facts/critical-oru-priority": 2})
Q("variant", "hl7v2 mllp gateway", {"p:facts/hl7-gateway-overview": 2, "p:pitfalls/mllp-framing": 1})
Q("fullwidth", "ＧＢ１８０３０　乱码", {"p:pitfalls/his-charset-gb18030": 2})
Q("short", "样本文件命名", {"p:preferences/hl7-sample-naming": 2})

# FHIR facade
Q("question", "which FHIR resources can external systems read from us?", {"p:facts/fhir-facade-resources": 2})
Q("crossling", "why didn't we use the HAPI JPA server for FHIR?", {"p:decisions/plain-server-not-jpa": 2})
Q("question", "which search parameters does Observation support?", {"p:facts/fhir-search-params": 2})
Q("paraphrase", "the regional platform pulling three years of observations in one page keeps timing out", {"p:pitfalls/fhir-paging-offset": 2, "p:facts/regional-platform": 1})
Q("ident", "_count=500", {"p:pitfalls/fhir-paging-offset": 2})
Q("crossling", "how many lab items have a LOINC code?", {"p:facts/loinc-mapping": 2})
Q("question", "区域平台说 Patient 引用解析不了", {"p:pitfalls/fhir-reference-urls": 2})
Q("question", "how does an external system authenticate to the FHIR API, can I give them an API key?", {"p:decisions/smart-backend-auth": 2})
Q("glued", "区域平台多久拉一次DiagnosticReport", {"p:facts/regional-platform": 2})
Q("paraphrase", "searching observations for a single day returns nothing", {"p:pitfalls/fhir-date-precision": 2})
Q("short", "FHIR validator profiles", {"p:preferences/fhir-validator": 2})
Q("ident", "FhirContext.forR4()", {"p:pitfalls/hapi-context-per-request": 2})
Q("question", "what FHIR status does a checked-in appointment get", {"p:facts/appointment-fhir-mapping": 2})
Q("crossling", "are we moving to FHIR R5?", {"p:decisions/fhir-version-r4": 2})
Q("variant", "hapi-fhir plain server vs jpa", {"p:decisions/plain-server-not-jpa": 2, "p:facts/fhir-facade-resources": 1})
Q("fullwidth", "ＦＨＩＲ　Ｒ５　升级", {"p:decisions/fhir-version-r4": 2})

# scheduling
Q("question", "号源是什么时候生成的，生成多少天", {"p:facts/slot-generation": 2})
Q("crossling", "how far ahead are outpatient slots generated?", {"p:facts/slot-generation": 2})
Q("long", "Outpatient office called: two patients showed up with the same appointment time for the same doctor and both had a confirmation SMS. I think book() checks whether the slot is free and then inserts. What did we do about this before, is there a constraint I should look at?", {"p:pitfalls/double-booking-race": 2})
Q("ident", "uq_appointment_slot_active", {"p:pitfalls/double-booking-race": 2})
Q("crossling", "why are slots generated three times? we use @Scheduled", {"p:decisions/quartz-clustered": 2})
Q("question", "which operating rooms are kept free for emergencies?", {"p:facts/or-scheduling-rules": 2})
Q("paraphrase", "one complicated twelve hour surgery made all the planned case lengths too long", {"p:pitfalls/or-duration-estimate-outliers": 2})
Q("question", "调休的周六为什么没有号", {"p:facts/holiday-calendar": 2})
Q("question", "doctor is on leave, can I just delete his slots for next week?", {"p:rules/slot-release-no-delete": 2})
Q("glued", "sms夜里能发吗", {"p:facts/sms-gateway": 2})
Q("ident", "TPL_REMIND", {"p:facts/sms-gateway": 2})
Q("crossling", "爽约几次会被限制网上预约", {"p:decisions/no-show-policy": 2})
Q("paraphrase", "appointment times look one hour off on a single clinic computer", {"p:pitfalls/timezone-slot-display": 2})
Q("question", "大夜班几点到几点", {"p:facts/roster-shifts": 2})
Q("question", "night shift hours are undercounted in the monthly report", {"p:pitfalls/cross-midnight-shift": 2, "p:facts/roster-shifts": 1})
Q("short", "waitlist", {"p:facts/waitlist": 2})
Q("question", "can I name the slot table haoyuan?", {"p:preferences/sched-domain-terms": 2})
Q("question", "what share of bookings come through WeChat", {"p:facts/booking-channels": 2})
Q("long", "每天早上七点专家号放号的时候预约接口特别慢，数据库里一堆行锁等待，之前是不是做过什么优化？我看到代码里有 Redis 相关的东西但不确定是干嘛的", {"p:pitfalls/wechat-booking-burst": 2, "p:decisions/redis-for-hot-slots": 1})
Q("question", "what happens to booking if Redis is down?", {"p:decisions/redis-for-hot-slots": 2})
Q("glued", "急诊插台择期手术怎么处理", {"p:facts/or-emergency-bump": 2})
Q("variant", "Double-Booking slot", {"p:pitfalls/double-booking-race": 2})
Q("fullwidth", "ＯＲ－１１", {"p:facts/or-scheduling-rules": 2})

# clinical lab
Q("question", "what do the digits of a specimen barcode mean? is the last one a check digit?", {"p:facts/specimen-barcode": 2})
Q("paraphrase", "两个标本打出了一模一样的条码，都在半夜十二点前后", {"p:pitfalls/barcode-seq-reset": 2, "p:facts/specimen-barcode": 1})
Q("question", "how does the browser print specimen labels", {"p:facts/zebra-label-printing": 2})
Q("crossling", "Chinese patient names print as boxes on the Zebra labels", {"p:pitfalls/zpl-chinese-font": 2})
Q("question", "血钾多少算危急值", {"p:facts/critical-values": 2})
Q("crossling", "can critical values be auto-verified if everything else looks fine?", {"p:rules/critical-value-no-auto-approve": 2, "p:facts/autoverification": 1})
Q("question", "what share of results pass autoverification and what does it check?", {"p:facts/autoverification": 2})
Q("paraphrase", "after changing creatinine units every result was flagged as a huge jump and nothing got auto approved", {"p:pitfalls/delta-check-unit-change": 2})
Q("glued", "westgard哪几条规则算失控", {"p:facts/westgard-rules": 2})
Q("question", "QC is out of control on every run since this morning, we opened a new control lot", {"p:pitfalls/qc-lot-change": 2, "p:facts/westgard-rules": 1})
Q("ident", "LIS-2003", {"p:facts/report-approval-two-level": 2})
Q("question", "急诊报告需要两级审核吗", {"p:facts/report-approval-two-level": 2})
Q("question", "a released report has a typo, can I just update the row?", {"p:pitfalls/report-amend-after-release": 2, "p:rules/flyway-only": 1})
Q("crossling", "how is turnaround time calculated and what are the targets", {"p:facts/tat-definition": 2})
Q("short", "TAT", {"p:facts/tat-definition": 2})
Q("ident", "R06", {"p:facts/specimen-rejection-reasons": 2})
Q("crossling", "标本拒收有哪些原因", {"p:facts/specimen-rejection-reasons": 2})
Q("ident", "NumberFormatException '>600'", {"p:pitfalls/hemolysis-index-mapping": 2})
Q("question", "should the report round the reference range to one decimal?", {"p:preferences/reference-range-display": 2})
Q("question", "can the lab edit crossmatch results in our system?", {"p:facts/blood-bank-out-of-scope": 2})
Q("question", "凝血用什么颜色的管子", {"p:facts/tube-colors": 2})
Q("paraphrase", "glucose meter results appear twice after the device reconnects", {"p:pitfalls/poct-duplicate-results": 2})
Q("variant", "critical-value autoverify", {"p:rules/critical-value-no-auto-approve": 2, "p:facts/autoverification": 1})
Q("fullwidth", "ＴＡＴ　急诊　目标", {"p:facts/tat-definition": 2})
Q("glued", "qc批号换了全部失控", {"p:pitfalls/qc-lot-change": 2})

# web front end
Q("question", "how do I run the frontend locally against my local backend?", {"p:facts/web-stack": 2})
Q("long", "I upgraded a couple of frontend deps and used Array.findLast in the worklist component. QA says it works on their machines, but the nurses on ward 5 get a blank white page after login. Their PCs are pretty old. Is there something about browser support I should know?", {"p:pitfalls/hospital-chrome-version": 2})
Q("crossling", "病房电脑的浏览器版本是多少", {"p:pitfalls/hospital-chrome-version": 2})
Q("crossling", "why PrimeNG and not Angular Material?", {"p:decisions/primeng-over-material": 2})
Q("question", "where are the translation files for the UI text", {"p:facts/web-i18n": 2})
Q("paraphrase", "when printing the result page the header overlaps the first row on A4", {"p:pitfalls/print-preview-css": 2})
Q("question", "can I cache the patient list in localStorage so the page loads faster?", {"p:rules/no-patient-data-in-localstorage": 2})
Q("glued", "keycloak登录空闲多久退出", {"p:facts/keycloak-angular-login": 2})
Q("question", "what roles exist and where do they come from?", {"p:facts/keycloak-angular-login": 2})
Q("ident", "virtualScrollItemSize", {"p:pitfalls/virtual-scroll-row-height": 2})
Q("crossling", "should new components use BehaviorSubject or signals?", {"p:preferences/angular-signals": 2})
Q("question", "websocket disconnects after exactly one minute", {"p:pitfalls/websocket-through-nginx": 2})
Q("ident", "proxy_read_timeout", {"p:pitfalls/websocket-through-nginx": 2})
Q("short", "playwright", {"p:facts/web-e2e": 2})
Q("question", "HIS 里能不能用 iframe 嵌我们的页面", {"p:decisions/no-iframe-his-embed": 2})
Q("variant", "chrome109 win7", {"p:pitfalls/hospital-chrome-version": 2})
Q("paraphrase", "prefix and file naming for new UI components", {"p:preferences/web-component-naming": 2})
Q("fullwidth", "ｌｏｃａｌＳｔｏｒａｇｅ　患者信息", {"p:rules/no-patient-data-in-localstorage": 2})

# infrastructure
Q("question", "where do our production VMs live in vCenter?", {"p:facts/vmware-cluster": 2})
Q("paraphrase", "the database VM filled its datastore after an upgrade a couple of weeks ago", {"p:pitfalls/vm-snapshot-left-running": 2})
Q("crossling", "虚机多久打一次补丁", {"p:facts/rhel-baseline": 2})
Q("question", "how do I deploy a new lis-core version to production with ansible?", {"p:facts/ansible-repo": 2, "p:pitfalls/ansible-serial-all": 1})
Q("crossling", "部署的时候两台节点同时重启了", {"p:pitfalls/ansible-serial-all": 2})
Q("question", "what's the max upload size through nginx", {"p:facts/nginx-entry": 2})
Q("ident", "PKIX path building failed", {"p:pitfalls/internal-ca-trust": 2})
Q("question", "where are the production secrets and who can read them", {"p:facts/vault-usage": 2})
Q("question", "where do alerts go when a VM is down?", {"p:facts/zabbix-monitoring": 2})
Q("paraphrase", "结果时间比采集时间还早，自动审核全拦了", {"p:pitfalls/chrony-drift": 2})
Q("question", "what is our RPO and RTO?", {"p:facts/dr-site": 2})
Q("question", "can I install tcpdump on a prod server to debug the MLLP connection?", {"p:rules/prod-access-bastion": 2})
Q("question", "how long are application logs kept in Kibana", {"p:facts/log-retention": 2})
Q("long", "We added a new analyzer on port 2641. In SIT it connects fine, in production the analyzer says connection refused. I already checked the gateway is listening. I remember opening the port by hand in SIT. What else is needed?", {"p:pitfalls/firewalld-new-port": 2, "p:facts/analyzer-list": 1})
Q("question", "UAT 的数据从哪来的", {"p:facts/medilab-environments": 2, "p:pitfalls/uat-refresh-masking": 1})
Q("crossling", "UAT里出现了真实手机号", {"p:pitfalls/uat-refresh-masking": 2})
Q("crossling", "are we going to move to k8s?", {"p:decisions/no-kubernetes-yet": 2})
Q("variant", "v-sphere esxi cluster", {"p:facts/vmware-cluster": 2})
Q("ident", "chronyc tracking", {"p:pitfalls/chrony-drift": 2})
Q("short", "堡垒机", {"p:rules/prod-access-bastion": 2})
Q("glued", "vault里prod密钥谁能看", {"p:facts/vault-usage": 2})
Q("fullwidth", "ａｎｓｉｂｌｅ　ｓｅｒｉａｌ", {"p:pitfalls/ansible-serial-all": 2})

# Jenkins, release
Q("question", "where is the shared Jenkins pipeline code?", {"p:facts/jenkins-pipeline": 2})
Q("paraphrase", "build machines keep running out of space", {"p:pitfalls/jenkins-workspace-disk": 2})
Q("question", "怎么发一个热修复版本", {"p:facts/release-versioning": 2})
Q("question", "can I deploy to production on a Friday afternoon?", {"p:rules/change-window": 2})
Q("crossling", "do we still have a develop branch?", {"p:decisions/trunk-based-short-branches": 2})
Q("question", "how many approvals does a merge request need, and who reviews migrations", {"p:facts/pr-rules": 2})
Q("ident", "Scripts not permitted to use method", {"p:pitfalls/jenkins-groovy-sandbox": 2})
Q("short", "togglz", {"p:facts/togglz-flags": 2})
Q("glued", "sonar覆盖率显示0", {"p:pitfalls/sonar-branch-analysis": 2})
Q("ident", "withCredentials nexus-deploy", {"p:facts/jenkins-credentials": 2})
Q("long", "I need to rename a column in the specimen table that lis-core reads on every request. If I just add a Flyway migration that renames it, what happens during the rolling deploy when one old node is still up? What's our rule for this?", {"p:decisions/db-migration-before-deploy": 2, "p:rules/flyway-only": 1})
Q("question", "how are the Chinese release notes for the lab produced?", {"p:facts/release-notes": 2})
Q("variant", "jenkins file multi branch", {"p:facts/jenkins-pipeline": 2})
Q("fullwidth", "变更窗口　周四　２２：００", {"p:rules/change-window": 2})

# security, privacy
Q("question", "等保测评什么时候来，去年查出了什么问题", {"p:facts/mlps-level3": 2})
Q("crossling", "which security assessment level is the system built for?", {"p:facts/mlps-level3": 2})
Q("question", "how do I reference a patient in a log line?", {"p:rules/mrn-hash-in-logs": 2})
Q("ident", "PatientRef.logId", {"p:rules/mrn-hash-in-logs": 2})
Q("paraphrase", "an error message with the patient's name ended up in the logs and on screen", {"p:pitfalls/exception-message-phi": 2, "p:rules/mrn-hash-in-logs": 1})
Q("question", "a researcher wants all HbA1c results for 2023 as CSV, how do I give it to them?", {"p:facts/data-export-approval": 2})
Q("crossling", "account gets locked after how many failed logins?", {"p:facts/password-policy": 2})
Q("question", "数据库连接要开 SSL 吗", {"p:decisions/tls-db-connections": 2})
Q("ident", "sslmode=verify-full", {"p:decisions/tls-db-connections": 2})
Q("paraphrase", "pen testers could inject through the ordering parameter of the worklist", {"p:pitfalls/sql-injection-sort": 2})
Q("question", "can the cleanup job delete lab reports older than 10 years?", {"p:rules/record-retention": 2})
Q("question", "is opening a patient's results audited?", {"p:facts/session-audit": 2})
Q("glued", "登录后post全部403", {"p:pitfalls/csrf-cookie-path": 2})
Q("short", "ClamAV", {"p:facts/upload-scanning": 2})
Q("variant", "XSRF token cookiepath", {"p:pitfalls/csrf-cookie-path": 2})

# team, process
Q("question", "半夜系统出问题了找谁", {"p:facts/on-call": 2})
Q("crossling", "who is on call this week and how fast do we need to respond at night?", {"p:facts/on-call": 2})
Q("question", "which JIRA project do scheduling bugs go to?", {"p:facts/jira-projects": 2})
Q("question", "检验科的需求找谁确认", {"p:facts/lab-contacts": 2})
Q("question", "how should I write the commit message?", {"p:preferences/commit-message-style": 2})
Q("crossling", "do we need a postmortem for a 40 minute outage?", {"p:rules/incident-postmortem": 2})
Q("question", "where are the ADRs?", {"p:facts/docs-location": 2})
Q("paraphrase", "评审时怎么区分必须改的和随便提的意见", {"p:preferences/code-review-tone": 2})
Q("short", "站会", {"p:facts/standup": 2})
Q("question", "which MRNs are test patients in UAT?", {"p:facts/test-data-patients": 2})
Q("crossling", "where can I do a demo for new nurses without touching prod?", {"p:decisions/training-environment": 2, "p:facts/test-data-patients": 1})
Q("ident", "reset-train", {"p:decisions/training-environment": 2})

# reports
Q("question", "where are the jasper report templates and should I commit the .jasper files?", {"p:facts/pdf-rendering": 2})
Q("crossling", "Chinese text is blank in the PDF on the server but fine locally", {"p:pitfalls/jasper-font-missing": 2, "p:facts/pdf-rendering": 1})
Q("question", "报告的电子签名怎么做的，私钥在哪", {"p:decisions/pdf-signature": 2})
Q("question", "patient wants to print the report again at the kiosk", {"p:facts/report-reprint": 2})
Q("question", "危急值通报率怎么算", {"p:facts/stats-reports": 2})
Q("ident", "SXSSFWorkbook", {"p:pitfalls/excel-export-memory": 2})
Q("paraphrase", "the yearly workload spreadsheet download crashes the report service", {"p:pitfalls/excel-export-memory": 2})
Q("question", "微生物报告会发几次给 HIS", {"p:facts/microbiology-reports": 2})
Q("crossling", "who has to sign off a change to the report layout?", {"p:preferences/report-layout-changes": 2})
Q("short", "补打", {"p:facts/report-reprint": 2})

# the global root
Q("crossling", "what language should you answer me in?", {"g:preferences/chinese-replies-english-code": 2})
Q("question", "which keymap do I use in IntelliJ", {"g:preferences/editor-intellij": 2})
Q("question", "rg 还是 grep", {"g:preferences/shell-tools": 2})
Q("crossling", "should git pull merge or rebase for me?", {"g:preferences/git-pull-rebase": 2})
Q("question", "this PR is 1200 lines, should I split it?", {"g:preferences/small-prs": 2})
Q("question", "测试方法怎么命名", {"g:preferences/test-style": 2})
Q("crossling", "can I mock the repository in this service test?", {"g:preferences/no-mocks-for-db": 2, "g:preferences/test-style": 1})
Q("glued", "colima起amd64镜像", {"g:facts/laptop-setup": 2})
Q("question", "which JDK do I use for the old HIS adapter?", {"g:facts/jdk-sdkman": 2, "g:facts/old-his-adapter": 1})
Q("long", "On my Mac every Testcontainers test class hangs for a minute and then fails, something about Ryuk not being able to start. Docker itself works fine from the terminal with colima. What env vars did I set last time?", {"g:pitfalls/colima-testcontainers-socket": 2, "g:facts/laptop-setup": 1})
Q("ident", "TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE", {"g:pitfalls/colima-testcontainers-socket": 2})
Q("question", "在家怎么连内网的 gitlab", {"g:facts/hospital-vpn": 2})
Q("paraphrase", "before you tell me an index helps, show how to prove it", {"g:preferences/explain-sql-plans": 2})
Q("question", "can you run git clean -fd to tidy up the repo?", {"g:rules/ask-before-deleting": 2})
Q("question", "新电脑怎么恢复我的配置", {"g:facts/dotfiles-stow": 2})
Q("paraphrase", "YAML 报错但是看不出哪里写错了，冒号看起来是对的", {"g:pitfalls/ime-fullwidth-symbols": 2})
Q("short", "hl7peek", {"g:facts/side-project-rust": 2})
Q("crossling", "should I use conda or uv for this little script?", {"g:preferences/python-uv": 2})
Q("question", "变量名能用拼音吗", {"g:preferences/naming-english": 2, "p:preferences/sched-domain-terms": 1})
Q("question", "ssh to pg01 directly times out, how is my ssh set up?", {"g:facts/ssh-config-jump": 2, "p:rules/prod-access-bastion": 1})
Q("short", "emoji", {"g:preferences/plain-text-no-emoji": 2})
Q("paraphrase", "renamed a class by changing only letter case and the CI build cannot find it", {"g:pitfalls/mac-case-insensitive": 2})
Q("question", "what do I check before saying a change is done?", {"g:preferences/review-checklist": 2})
Q("crossling", "commit 签名失败了能不能先关掉签名", {"g:preferences/commit-signing": 2})
Q("ident", "*.lastUpdated", {"g:pitfalls/maven-offline-cache": 2})
Q("question", "where can I try out a patroni change before proposing it?", {"g:facts/nuc-proxmox-lab": 2})
Q("ident", "zsh: no matches found", {"g:pitfalls/zsh-glob-mvn": 2})
Q("question", "周五帮我整理一下这周做了什么", {"g:preferences/friday-weekly-summary": 2})
Q("question", "how do I build and deploy the old his adapter", {"g:facts/old-his-adapter": 2})
Q("glued", "java版本不对brew的openjdk", {"g:pitfalls/brew-openjdk-path": 2, "g:facts/jdk-sdkman": 1})
Q("fullwidth", "ｚｓｈ　ｇｌｏｂ　ｍｖｎ　－Ｄｔｅｓｔ", {"g:pitfalls/zsh-glob-mvn": 2})
Q("variant", "intellij idea eclipse key map", {"g:preferences/editor-intellij": 2})
Q("variant", "sdk man jdk 8", {"g:facts/jdk-sdkman": 2})

# the Chinese-only entries
Q("question", "门诊每个时段多长时间，迟到多久号就作废", {"p:facts/门诊分时段预约": 2})
Q("crossling", "how many appointments per half-hour slot does an expert clinic have?", {"p:facts/门诊分时段预约": 2})
Q("crossling", "can a kiosk at the main campus book east campus slots?", {"p:rules/跨院区预约": 2})
Q("paraphrase", "物流送来的样本多久没接收会变成黄色", {"p:facts/标本签收流程": 2})
Q("paraphrase", "连着扫了一堆管子，有几个没进系统", {"p:pitfalls/批量签收漏扫": 2})
Q("question", "审核超时多久提醒主管", {"p:decisions/审核超时提醒": 2})
Q("crossling", "when does the system remind someone that an emergency report is still unapproved?", {"p:decisions/审核超时提醒": 2})
Q("question", "危急值打电话通知要登记哪些内容", {"p:facts/危急值电话通知": 2, "p:facts/critical-values": 1})
Q("crossling", "how should error messages on screen be worded?", {"p:preferences/界面提示用语": 2})
Q("short", "周日常规标本", {"p:facts/检验科工作时间": 2, "p:pitfalls/周日标本周转时间": 1})
Q("paraphrase", "月报里达标率突然低了很多，被院办批评了", {"p:pitfalls/周日标本周转时间": 2})
Q("question", "列表里患者名字要不要打码", {"p:rules/患者信息展示": 2})
Q("crossling", "how is the patient name masked in list views?", {"p:rules/患者信息展示": 2})
Q("question", "叫号屏断网了会怎样", {"p:facts/叫号屏": 2})
Q("glued", "过号的病人签到后排在哪", {"p:facts/叫号屏": 2})
Q("question", "分诊排队谁优先", {"p:facts/分诊规则": 2})
Q("paraphrase", "两个分诊台同时点了下一个，一个人叫了两遍", {"p:pitfalls/叫号重复": 2})
Q("question", "住院病人早上几点抽血", {"p:decisions/住院标本采集时间": 2})
Q("crossling", "can I add a new lab test directly in the item dictionary table?", {"p:facts/检验项目字典": 2})
Q("paraphrase", "刚出生几周的宝宝结果用的是大人的正常值", {"p:pitfalls/参考范围年龄段": 2})
Q("short", "外送", {"p:facts/外送检验": 2})
Q("crossling", "can a released report be deleted?", {"p:rules/报告发布后不可删除": 2, "p:pitfalls/report-amend-after-release": 1})
Q("short", "值班手机", {"p:facts/值班手机": 2})
Q("question", "检验科电话里提的改动要不要做", {"p:preferences/需求沟通": 2})
Q("question", "新来的技师怎么开账号", {"p:facts/新员工权限": 2})
Q("paraphrase", "人走了账号也停了，可他之前登着的页面还能用", {"p:pitfalls/停用账号残留会话": 2})
Q("question", "手术通知单什么时候发", {"p:facts/手术通知单": 2})
Q("crossling", "how long is the room turnover after an infectious case?", {"p:pitfalls/手术间清洁时间": 2, "p:facts/or-scheduling-rules": 1})
Q("question", "下个月的排班什么时候出", {"p:decisions/排班发布周期": 2})
Q("question", "院区编码03是哪个", {"p:facts/院区编码": 2})
Q("crossling", "can I use a screenshot of a real patient's report in the requirements doc?", {"p:rules/测试不用真实患者": 2})
Q("question", "标本冰箱温度超了怎么办", {"p:facts/盘点冰箱": 2})
Q("paraphrase", "医生要求复查的管子差点被扔了", {"p:pitfalls/销毁清单包含复查标本": 2})
Q("short", "周会", {"p:preferences/周会": 2})
Q("question", "检验科的大屏上显示哪些数字", {"p:facts/检验科大屏": 2})
Q("crossling", "should we build report approval on mobile phones?", {"p:decisions/不做移动端审核": 2})
Q("question", "新检验项目启用不了，收费系统拒绝医嘱", {"p:facts/医保编码": 2, "p:facts/检验项目字典": 1})
Q("question", "国庆前能发布吗", {"p:rules/节假日前不发布": 2, "p:rules/change-window": 1})
Q("crossling", "explain the cause first or the fix first?", {"g:preferences/解释方式": 2, "g:preferences/answer-format": 1})
Q("short", "客套话", {"g:preferences/不要客套": 2})
Q("question", "周三下载依赖特别慢", {"g:facts/通勤时间": 2})
Q("question", "我今年的学习计划是什么", {"g:preferences/学习计划": 2})
Q("paraphrase", "上次休假同事半夜打电话问老系统怎么重启", {"g:pitfalls/休假前交接": 2})
Q("question", "which node version does the frontend need?", {"p:facts/web-stack": 2})
Q("question", "VS Code settings for this project?", {"g:preferences/editor-intellij": 2})


# ---------------------------------------------------------------------------------------------
# Queries across areas, long prompts, and questions the memory holds no answer to
# ---------------------------------------------------------------------------------------------

Q("long", "I'm writing a new endpoint in lis-core that returns a patient's recent results to the ward. Anything I must be careful about regarding logging, auditing and how dates come out in the JSON? Don't want to repeat old mistakes.", {"p:rules/mrn-hash-in-logs": 2, "p:facts/session-audit": 2, "p:pitfalls/jackson-localdatetime-array": 1, "p:pitfalls/exception-message-phi": 1})
Q("long", "检验科说今天上午所有生化报告都发不出去，审核界面提示批次被锁定。早上刚换了一批新的质控品，仪器那边质控结果看着也正常。之前遇到过类似的情况吗，应该先查哪里？", {"p:pitfalls/qc-lot-change": 2, "p:facts/westgard-rules": 1})
Q("long", "we're planning the Windows 10 rollout with IT next quarter; once it's done, which frontend constraints can we drop and where is that configured? also is there anything about the HIS embedding our pages we should revisit", {"p:pitfalls/hospital-chrome-version": 2, "p:decisions/no-iframe-his-embed": 1})
Q("long", "明天晚上要发 lis-core 2.15.0，里面有一个给 lab_result 加索引的迁移，表很大。发布流程、迁移什么时候跑、加索引要注意什么，帮我过一遍", {"p:pitfalls/lock-timeout-migration": 2, "p:decisions/db-migration-before-deploy": 2, "p:rules/change-window": 1, "p:facts/ansible-repo": 1})
Q("long", "A new Mindray analyzer is being installed in the lab next week. What do I need to do on our side to get its results into the LIS: ports, mappings, firewall, anything about charsets or time zones?", {"p:facts/analyzer-list": 2, "p:pitfalls/firewalld-new-port": 1, "p:decisions/one-connection-per-analyzer": 1, "p:pitfalls/hl7-timestamp-no-offset": 1})
Q("long", "患者投诉在微信上约好的号到了医院发现医生停诊了，但是没收到任何短信。停诊通知是怎么发的？是不是夜里停诊的所以没发？", {"p:facts/sms-gateway": 2, "p:rules/slot-release-no-delete": 1})
Q("long", "The regional health platform wants us to support a new search on DiagnosticReport by issued date, and they also complained that some references don't resolve. What do we support today and how are date params handled?", {"p:facts/fhir-search-params": 2, "p:pitfalls/fhir-date-precision": 1, "p:pitfalls/fhir-reference-urls": 1, "p:facts/regional-platform": 1})
Q("long", "my laptop: colima is running, I switched to java 21 for a side project and now the medilab build says release version 17 not supported or something weird, plus `mvn -Dtest=Report*` says no matches found. help", {"g:facts/jdk-sdkman": 2, "g:pitfalls/zsh-glob-mvn": 2, "g:pitfalls/brew-openjdk-path": 1})
Q("question", "who can see production database passwords?", {"p:facts/vault-usage": 2, "p:facts/db-accounts": 1})
Q("question", "what's forbidden on production servers and databases?", {"p:rules/prod-access-bastion": 2, "p:facts/db-accounts": 1})
Q("variant", "Spring-Boot3 jakarta migrate", {"p:decisions/spring-boot-3-upgrade": 2})
Q("variant", "rabbit mq dead letter", {"p:facts/rabbitmq-exchanges": 2})
Q("variant", "Key-cloak SSO idle timeout", {"p:facts/keycloak-angular-login": 2})
Q("variant", "westgard 1_3s 2_2s", {"p:facts/westgard-rules": 2})
Q("variant", "hikari cp pool size", {"p:pitfalls/hikari-pool-exhausted": 2})
Q("variant", "pg partman maintenance", {"p:facts/result-table-partitioning": 2, "p:pitfalls/default-partition-rows": 1})
Q("fullwidth", "Ｊｅｎｋｉｎｓ　磁盘满了", {"p:pitfalls/jenkins-workspace-disk": 2})
Q("fullwidth", "ＵＡＴ　脱敏", {"p:pitfalls/uat-refresh-masking": 2})
Q("glued", "jasper中文空白", {"p:pitfalls/jasper-font-missing": 2})
Q("glued", "hikari连接池满了", {"p:pitfalls/hikari-pool-exhausted": 2})
Q("glued", "websocket一分钟就断", {"p:pitfalls/websocket-through-nginx": 2})
Q("glued", "mapstruct字段全是null", {"p:pitfalls/lombok-mapstruct-binding": 2})
Q("ident", "SlotGenerationJob", {"p:facts/slot-generation": 2})
Q("ident", "uq_poct_result", {"p:pitfalls/poct-duplicate-results": 2})
Q("short", "jOOQ", {"p:decisions/no-orm-for-stats": 2})
Q("short", "YubiKey", {"g:preferences/commit-signing": 2, "g:facts/ssh-config-jump": 2})

Q("none", "how do we integrate with the PACS for DICOM images?")
Q("none", "Kafka topic retention for lab events")
Q("none", "what is the GraphQL schema for the scheduling API")
Q("none", "病理科的切片扫描系统怎么对接")
Q("none", "医生排班的绩效工资怎么算")
Q("none", "how do I rotate the Keycloak admin console password?")
Q("none", "which Oracle version does the HIS database run")
Q("none", "how much does the SMS platform charge per message")
Q("none", "腕带打印机用什么纸")
Q("none", "CT 检查预约前要空腹吗")
Q("none", "Spring Batch job for nightly billing reconciliation")
Q("none", "what is the bundle id of our iOS app")
Q("none", "医院访客 Wi-Fi 密码是多少")
Q("none", "Elasticsearch 集群怎么扩容")
Q("none", "G1 or ZGC, which garbage collector should lis-core use")
Q("none", "steps to upgrade PostgreSQL 15 to 16 with pg_upgrade")
Q("none", "Jenkins 的管理员是谁")
Q("none", "HL7 v3 CDA 文档怎么生成")
Q("none", "how do I configure a FHIR Subscription to push new results")
Q("none", "门诊挂号费多少钱")
Q("none", "what's the parking policy at the main campus")
Q("none", "python asyncio TaskGroup example")
Q("none", "Kotlin coroutines vs virtual threads")
Q("none", "borrow checker error in the hl7peek parser lifetimes")
Q("none", "MinIO bucket lifecycle policy for old attachments")
Q("none", "vSAN storage policy RAID level for database VMs")
Q("none", "F5 iRule for sticky sessions")
Q("none", "Tomcat maxThreads tuning for lis-core")
Q("none", "sched-service 的 swagger 地址")
Q("none", "体检中心套餐怎么配置")
Q("none", "how long does the HIS keep its own logs?")
Q("none", "dark theme in IntelliJ")
Q("none", "YubiKey PIN 忘了怎么重置")
Q("none", "谁负责采购新的检验仪器")
Q("none", "how to run the SMS platform locally in docker")
Q("none", "Sentry DSN for the Angular app")
Q("none", "POCT 血糖仪固件怎么升级")
Q("none", "GraalVM native image for fhir-facade startup time")
Q("none", "微信小程序发版审核要多久")
Q("none", "Quartz misfire instruction for the slot generation job")
Q("none", "LDAP 同步多久一次")
Q("none", "how are WeChat payment refunds handled when an appointment is cancelled")
Q("none", "药房发药接口的消息格式")
Q("none", "nurse call system integration")
Q("none", "怎么申请科研经费")
Q("none", "how many worker threads does the fhir-facade use")
Q("none", "胸片报告的模板在哪改")
Q("none", "Angular 18 升级计划")
Q("none", "does the OR planner handle robot-assisted surgery equipment booking")
Q("none", "灾备切换演练的负责人电话")
