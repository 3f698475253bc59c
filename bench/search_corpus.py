"""A generated bilingual corpus of developer notes, with queries and ground truth.

Deterministic for a given size and seed. Notes are written in Chinese (glued,
no spaces, as Chinese is written), English, and both mixed; they live in two
roots (project 70%, global 30%), some pinned, some superseded, with
``updated`` spread over a year. Five query families are planted:

- ``zh2``: a 2-character Chinese word, usually inside a longer run;
- ``phrase``: a Chinese phrase, with decoys that share some of its bigrams;
- ``latin``: an identifier (``pg_stat_statements``), half glued to Chinese;
- ``mixed``: Chinese and Latin together (``kafka 积压`` or ``kafka积压``);
- ``target``: one old target among fresh decoys sharing two of its three
  words and a superseded earlier version of itself.

Ground truth is computed from the text, independently of any search engine:
a query's relevant notes are the live notes containing every query word
(a literal match on NFKC-folded text; a word that starts or ends with a
Latin letter or digit must not touch another one there).
"""
from __future__ import annotations

import bisect
import json
import os
import random
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

DAY_MS = 86_400_000
NOW_MS = 1_800_000_000_000
CATEGORIES = ("rules", "preferences", "decisions", "pitfalls", "facts")
KINDS = {"rules": "rule", "preferences": "preference", "decisions": "decision", "pitfalls": "pitfall", "facts": "fact"}

ZH = ("部署 配置 依赖 接口 日志 测试 缓存 数据 服务 请求 版本 脚本 环境 权限 内存 线程 队列 事务 网络 容器 镜像 证书 "
      "端口 超时 重试 回滚 监控 构建 发布 分支 合并 迁移 升级 调试 性能 延迟 连接 会话 令牌 路由 模块 组件 框架 插件 字段 "
      "参数 变量 函数 异常 错误 用户 前端 后端 数据库 文档 目录 文件 进程 主机 集群 节点 存储 备份 恢复 编码 格式 规范 "
      "命名 提交 审查 流水线 定时任务 消息 通知 登录 注册 支付 订单 搜索 上传 下载 页面 样式 打包 压缩 加密 解析").split()
EN = ("deploy config dependency api logging test cache data service request version script environment permission "
      "memory thread queue transaction network container image certificate port timeout retry rollback monitor build "
      "release branch merge migration upgrade debug performance latency connection session token route module "
      "component framework plugin field parameter variable function exception error user frontend backend database "
      "docs directory file process host cluster node storage backup restore encoding format naming commit review "
      "pipeline cron message notification login payment order search upload download page style bundle").split()
TOOLS = ("pnpm npm yarn docker kubectl redis postgres mysql nginx webpack vite pytest jest grpc kafka celery terraform "
         "ansible helm prometheus grafana sentry eslint mypy uvicorn fastapi django flask react vue s3 oauth jwt git").split()
ZH_GLUE = ("时要注意", "之前先检查", "失败后", "需要", "不能直接", "会导致", "统一用", "改成", "要先", "的问题是", "在上线前", "必须")
EN_VERBS = ("needs", "breaks", "must use", "requires", "depends on", "should avoid", "replaces", "wraps")

# Planted words never used by the filler vocabulary (checked in generate()).
RARE = ("熔断 灰度 幂等 限流 鉴权 埋点 脱敏 压测 死锁 雪崩 穿透 击穿 分片 副本 选主 心跳 探针 配额 水位 背压 快照 归档 "
        "冷备 热备 验签 防抖 节流 回源 预热 降级 扩容 缩容 巡检 混沌 容灾 多活 割接 断路 重放 对账 补偿 撮合 清算 风控 "
        "反爬 签发 吊销 轮换").split()
PHRASES = ("数据库迁移 灰度发布策略 连接池耗尽 证书自动续期 消息队列积压 分布式锁超时 内存泄漏排查 接口幂等设计 缓存击穿保护 "
           "日志采样率 读写分离延迟 主从切换演练 容器镜像瘦身 蓝绿部署回滚 依赖版本锁定 定时任务漂移").split()
LATIN = ("pg_stat_statements OOMKilled ECONNRESET max_wal_senders CELERY_BROKER_URL useLayoutEffect vm.max_map_count "
         "--frozen-lockfile X-Request-Id SIGTERM sqlite3_busy_timeout kube-proxy DATABASE_URL tokio::spawn "
         "NODE_OPTIONS gc.collect").split()


@dataclass
class Note:
    root: str  # "project" or "global"
    rel: str  # category/slug.md
    summary: str
    body: str
    load_when: list[str]
    updated: int
    created: int
    pinned: bool = False
    supersedes: str | None = None
    superseded_by: str | None = None

    @property
    def id(self) -> str:
        return self.rel[:-3]

    @property
    def live(self) -> bool:
        return self.superseded_by is None

    def text(self) -> str:
        return "\n".join([self.id, self.summary, "\n".join(self.load_when), self.body])

    def render(self) -> str:
        meta = {"id": self.id, "kind": KINDS[self.rel.split("/")[0]], "summary": self.summary,
                "created": self.created, "updated": self.updated, "load_when": self.load_when}
        if self.pinned:
            meta["pinned"] = True
        if self.supersedes:
            meta["supersedes"] = self.supersedes
        if self.superseded_by:
            meta["superseded_by"] = self.superseded_by
        lines = ["---"] + [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in meta.items()] + ["---", ""]
        return "\n".join(lines) + self.body + "\n"


@dataclass
class Query:
    family: str
    text: str
    relevant: list[str] = field(default_factory=list)  # "<root>:<id>"


@dataclass
class Corpus:
    notes: list[Note]
    queries: list[Query]
    recall_hits: dict[str, dict[str, int]]  # root -> id -> hits (.state.json)


class _Gen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.count = 0

    def zh(self) -> str:
        r = self.rng
        return r.choice(ZH) + r.choice(ZH_GLUE) + r.choice(ZH) + r.choice(("。", "，", "；"))

    def en(self) -> str:
        r = self.rng
        return f"The {r.choice(EN)} {r.choice(EN_VERBS)} {r.choice(EN)} in {r.choice(TOOLS)}."

    def mix(self) -> str:
        r = self.rng
        return r.choice(("用", "在", "把", "")) + r.choice(TOOLS) + r.choice(ZH) + r.choice(ZH_GLUE) + r.choice(ZH) + "。"

    def sentence(self) -> str:
        return self.rng.choice((self.zh, self.zh, self.en, self.mix))()

    def note(self, root: str | None = None, age_days: float | None = None) -> Note:
        r = self.rng
        self.count += 1
        category = r.choice(CATEGORIES)
        age = r.uniform(0, 365) if age_days is None else age_days
        updated = NOW_MS - int(age * DAY_MS)
        return Note(
            root=root or ("project" if r.random() < 0.7 else "global"),
            rel=f"{category}/n{self.count:06d}.md",
            summary=self.sentence().rstrip("。.，；"),
            body=" ".join(self.sentence() for _ in range(r.randint(3, 6))),
            load_when=r.sample(ZH + TOOLS, r.randint(1, 3)),
            updated=updated,
            created=updated - int(r.uniform(0, 60) * DAY_MS),
            pinned=r.random() < 0.03,
        )

    def glue(self, word: str) -> str:
        """A sentence holding ``word`` inside a Chinese run or between spaces."""
        r = self.rng
        if re.match(r"^[-\w.:]+$", word, re.ASCII):  # Latin identifier
            if r.random() < 0.5:
                return r.choice(("开启", "配置", "检查")) + word + r.choice(ZH_GLUE) + r.choice(ZH) + "。"
            return f"Check {word} when the {r.choice(EN)} {r.choice(EN_VERBS)} {r.choice(EN)}."
        return r.choice(ZH) + r.choice(("的", "和", "")) + word + r.choice(ZH_GLUE) + r.choice(ZH) + "。"

    def plant(self, note: Note, sentence: str) -> None:
        if self.rng.random() < 0.4:
            note.summary = sentence.rstrip("。.")
        else:
            parts = note.body.split(" ")
            parts.insert(self.rng.randrange(len(parts) + 1), sentence)
            note.body = " ".join(parts)


def generate(n: int, seed: int = 1) -> Corpus:
    for word in RARE:
        assert not any(word in w for w in ZH) and not any(word in g for g in ZH_GLUE), word
    rng = random.Random(seed)
    g = _Gen(rng)
    planted: list[Note] = []
    queries: list[Query] = []
    rare = list(RARE)
    rng.shuffle(rare)
    zh2, mixed, target = rare[:16], rare[16:32], rare[32:48]

    def fresh_plant(sentence: str, age: float | None = None) -> Note:
        note = g.note(age_days=age)
        g.plant(note, sentence)
        planted.append(note)
        return note

    for w in zh2:
        queries.append(Query("zh2", w))
        for _ in range(rng.randint(1, 4)):
            fresh_plant(g.glue(w))
    for p in PHRASES:
        queries.append(Query("phrase", p))
        for _ in range(rng.randint(1, 3)):
            fresh_plant(g.glue(p))
        for _ in range(2):  # decoys: the phrase's pieces, apart
            half = len(p) // 2
            fresh_plant(f"{p[:half]}{rng.choice(ZH_GLUE)}{p[half:]}。", age=rng.uniform(0, 5))
    for ident in LATIN:
        queries.append(Query("latin", ident))
        for _ in range(rng.randint(1, 3)):
            fresh_plant(g.glue(ident))
        piece = re.split(r"[-_.:]+", ident.strip("-"))[0]
        if piece != ident.strip("-"):
            fresh_plant(g.glue(piece), age=rng.uniform(0, 5))
    for i, w in enumerate(mixed):
        tool = TOOLS[i % len(TOOLS)]
        glued = i % 2 == 0
        queries.append(Query("mixed", f"{tool}{w}" if glued else f"{w} {tool}"))
        for _ in range(rng.randint(1, 3)):
            fresh_plant(f"{rng.choice(ZH)}{tool}{w}{rng.choice(ZH_GLUE)}{rng.choice(ZH)}。")
        fresh_plant(g.glue(w), age=rng.uniform(0, 5))  # decoy: the Chinese word alone
    for i, w in enumerate(target):
        tool, common = TOOLS[(i * 7) % len(TOOLS)], ZH[(i * 5) % len(ZH)]
        queries.append(Query("target", f"{w} {tool} {common}"))
        age = rng.uniform(120, 300)
        text = f"{common}{w}：{tool} {rng.choice(EN_VERBS)} {rng.choice(EN)}。"
        tgt = fresh_plant(text, age=age)
        old = fresh_plant(text + "（旧版）", age=age + 30)
        tgt.supersedes, old.superseded_by = old.id, tgt.id
        old.root = tgt.root
        for _ in range(3):  # fresh decoys with two of the three words, twice
            fresh_plant(f"{common}{tool}{rng.choice(ZH_GLUE)}{common}，{tool}。", age=rng.uniform(0, 2))
        fresh_plant(g.glue(w), age=rng.uniform(0, 2))
    notes = planted + [g.note() for _ in range(max(0, n - len(planted)))]
    for _ in range(n // 20):  # superseded pairs among the filler
        old, new = rng.sample(notes[len(planted):], 2)
        if old.supersedes or old.superseded_by or new.supersedes or new.superseded_by or old.pinned:
            continue
        old.superseded_by, new.supersedes = new.id, old.id
        old.root = new.root
        old.updated = min(old.updated, new.updated - DAY_MS)
        old.created = min(old.created, old.updated)
    hits: dict[str, dict[str, int]] = {"project": {}, "global": {}}
    for note in rng.sample(notes, len(notes) // 20):
        hits[note.root][note.id] = rng.randint(1, 30)
    corpus = Corpus(notes, queries, hits)
    ground_truth(corpus)
    return corpus


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _pattern(word: str) -> re.Pattern[str]:
    w = _fold(word)
    lead = r"(?<![a-z0-9])" if re.match(r"[a-z0-9]", w) else ""
    tail = r"(?![a-z0-9])" if re.search(r"[a-z0-9]$", w) else ""
    return re.compile(lead + re.escape(w) + tail)


def ground_truth(corpus: Corpus) -> None:
    """Fill each query's relevant list: live notes containing every word."""
    live = [n for n in corpus.notes if n.live]
    texts = [_fold(n.text()) for n in live]
    big = "\x00".join(texts)
    starts, pos = [], 0
    for t in texts:
        starts.append(pos)
        pos += len(t) + 1
    for q in corpus.queries:
        sets = []
        for word in q.text.split():
            sets.append({bisect.bisect_right(starts, m.start()) - 1 for m in _pattern(word).finditer(big)})
        docs = set.intersection(*sets)
        q.relevant = sorted(f"{live[i].root}:{live[i].id}" for i in docs)
        assert q.relevant, q.text


def write(corpus: Corpus, base: Path) -> dict[str, Path]:
    """Write the two roots under ``base``; the project root sits in a fake git checkout."""
    roots = {"project": base / "project" / ".memory", "global": base / "global"}
    (base / "project" / ".git").mkdir(parents=True, exist_ok=True)
    for root in roots.values():
        for c in CATEGORIES:
            (root / c).mkdir(parents=True, exist_ok=True)
    for note in corpus.notes:
        (roots[note.root] / note.rel).write_text(note.render(), encoding="utf-8")
    for name, root in roots.items():
        state = {"version": 1, "recall": {i: {"hits": h, "last": NOW_MS} for i, h in sorted(corpus.recall_hits[name].items())}}
        (root / ".state.json").write_text(json.dumps(state), encoding="utf-8")
    return roots


def save_queries(corpus: Corpus, path: Path) -> None:
    path.write_text(json.dumps([q.__dict__ for q in corpus.queries], ensure_ascii=False), encoding="utf-8")


def load_queries(path: Path) -> list[Query]:
    return [Query(**q) for q in json.loads(path.read_text(encoding="utf-8"))]


if __name__ == "__main__":
    c = generate(int(os.environ.get("N", "1000")))
    for q in c.queries:
        print(q.family, q.text, len(q.relevant))
