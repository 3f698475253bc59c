"""Word lists for the dedupe rule (memsync.dedupe): data only, no logic beyond building lookups.

What is here and why:

* stopwords — function words and the filler a model puts around a note ("Note:", "For future
  reference", "记住：", "提醒一下") and the light verbs and modals every note has ("use", "need",
  "must", "用", "要"): none of them tells two notes apart;
* equivalences — words developers use interchangeably (``folder``/``directory``, ``db``/
  ``database``, ``k8s``/``kubernetes``, ``删除``/``删掉``/``移除``, and a Chinese technical word and
  its English name: ``数据库``/``db``, ``钩子``/``hook``), each read as one canonical word;
* markers — words that change what a note says about the words around them: negations and
  their scope (``not``, ``never``, ``不``, ``别``), contrasts (``instead of``, ``rather than``,
  ``而不是``), exceptions (``unless``, ``除非``), order (``before``, ``先…再``) and direction
  (``from … to``, ``从…到``);
* closed classes — named alternatives of one kind (environments, browsers, operating systems,
  package managers, datastores, languages, resources…): a note that names another member of
  the class than the stored one says something new however much else it shares.

Curated by hand from common developer vocabulary, not from any evaluation set.
"""
from __future__ import annotations

from memsync.dedupe import glossary

# -- stopwords ---------------------------------------------------------------------------------

EN_STOP = frozenset("""
a an the and or but if then than so as at by for from in into of on onto to with via per
is are was were be been being am do does did done doing has have had having will would shall should
can could may might must it its this that these those there here we you i me my our your they
them their he she his her us also just only even very really still yet again always often usually
when while where which what who whom whose why how all any some each every both either neither
about above after before below between during over under up down out off too more most less such
own same other another one ones thing things something note notes noted remember remembered
please make makes made making get gets got getting like e.g eg i.e ie etc because since though
although whether rather instead through thru within across around against along among upon toward
towards everywhere anywhere everything anything someone anyone everyone somebody anybody whatever
however now currently anymore already ever yourself yourselves itself themselves ourselves myself
lot lots bit kind sort way ways stuff basically essentially actually generally typically normally
simply certainly definitely probably thanks okay ok fyi heads important importantly reminder remind
tip tips til takeaway memo sure need needs needed needing require requires required requiring necessary
mandatory able go goes going went let lets put puts take takes taking set sets crucial essential vital
become becomes happen happens happening mean means exclusively solely merely just sure
live lives living reside resides located sit sits exist exists existing say says said
afterwards afterward later beforehand first firstly finally lastly eventually meanwhile
belong belongs belonged current many several multiple various numerous plenty careful carefully beware
""".split())

# Multiword filler and meta phrases, removed before anything else (English, lower case).
EN_FILLER_PHRASES = (
    "for future reference", "for the record", "keep in mind", "bear in mind", "note to self", "note that",
    "worth noting", "worth remembering", "worth knowing", "good to know", "lesson learned", "lessons learned",
    "going forward", "from now on", "next time", "in the future", "for next time", "quick note",
    "heads-up", "heads up", "just so you know", "as a reminder", "to be clear", "in this repo",
    "in this project", "in this codebase", "make a note", "remember this", "remember that",
    "don't forget to", "don't forget that", "don't forget", "do not forget to", "do not forget", "never forget",
    "make sure to", "make sure that", "make sure", "be sure to", "remember to", "always remember",
    "it is important to", "it's important to", "it is important that", "important note", "please note",
    "not only", "not just", "whether or not", "no matter", "as discussed", "per our discussion",
    "at the moment", "for now", "as of now", "right now", "be careful", "watch out", "a lot of", "lots of",
)

# Chinese particles and function characters: not vocabulary (a bigram holding one is an
# artefact of bigramming). Also the modals and light verbs (要, 能, 用 …) and 只/仅 ("only",
# a stopword in English too).
ZH_STOP_CHARS = frozenset("的了是在和与及也就都而把被对向为以于个这那其之或且但则并很更最还又已所着过"
                          "啊吗呢吧呀么它我你他她们您该些此每各要须需能会可应让给做使有将才即只仅里上下中内"
                          "用走得去来加放靠")
# Chinese filler words (meta phrases, connectives with no content), removed as units.
ZH_FILLER = ("记住", "注意", "提示", "备注", "提醒", "补充", "记录", "经验", "教训", "重要", "以后", "今后", "往后",
             "记得", "切记", "牢记", "务必", "一定要", "一定", "总结", "小结", "顺便", "另外", "其实", "目前", "现在",
             "总之", "一下", "一点", "一些", "这个", "那个", "需要", "应该", "应当", "可以", "能够", "就是",
             "还是", "所以", "时候", "进行", "的话", "使用", "采用", "选用", "通过", "经过", "经由",
             "一律", "统一", "所有", "全部", "已经", "总是", "始终", "一直", "每次", "每个", "任何", "无论", "不管",
             "不仅", "非常", "别的", "别人", "莫名", "不过", "用于", "基于", "有关", "相关", "关于",
             "请", "自己", "一遍", "放在", "放到", "之内", "以内", "当中", "其中", "之类", "等等")

# -- equivalences ------------------------------------------------------------------------------
# canonical word: interchangeable words (English base forms; inflections are added below).

EN_GROUPS = {
    "remove": "delete remove drop erase rm purge wipe clear clean",
    "start": "start launch boot startup",
    "stop": "stop halt terminate shutdown kill",
    "reject": "reject bounce",
    "close": "close shut",
    "run": "run execute invoke exec call",
    "short": "short concise brief terse succinct compact",
    "long": "long lengthy verbose wordy",
    "answer": "answer reply",
    "explanation": "explanation explain",
    "fail": "fail failure break broken corrupt crash",
    "error": "error exception",
    "mojibake": "mojibake garble garbled garbles",
    "starve": "starve starved starves starving",
    "dir": "dir directory folder",
    "db": "db database",
    "config": "config configuration configure setting settings conf",
    "env": "env environment",
    "prod": "prod production",
    "staging": "staging preprod",
    "dev": "dev development",
    "docs": "doc docs documentation document",
    "dep": "dep deps dependency",
    "app": "app application",
    "auth": "auth authn authentication",
    "pr": "pr mr",
    "kubernetes": "kubernetes k8s kube",
    "javascript": "javascript js",
    "typescript": "typescript ts",
    "go": "go golang",
    "message": "message msg",
    "timeout": "timeout deadline",
    "max": "max maximum limit cap ceiling",
    "minimum": "minimum",
    "fast": "fast quick quickly speedy rapid",
    "slow": "slow sluggish",
    "large": "large big huge",
    "small": "small tiny little",
    "primary": "primary master",
    "replica": "replica slave secondary standby follower",
    "allow": "allow permit",
    "deny": "deny",
    "increase": "increase raise",
    "decrease": "decrease lower reduce",
    "check": "check verify validate confirm",
    "update": "update upgrade bump",
    "keep": "keep retain store save persist hold retention",
    "load": "load read",
    "show": "show display print expose reveal",
    "connect": "connect communicate talk reach",
    "unused": "unused dead obsolete deprecated",
    "switch": "switch change",
    "stale": "stale leftover outdated",
    "investigate": "investigate troubleshoot diagnose dig",
    "optional": "optional unnecessary unneeded",
    "postgres": "postgres postgresql pg psql",
    "mongo": "mongo mongodb",
    "macos": "macos mac osx",
    "node": "node nodejs",
    "retry": "retry rerun",
    "flaky": "flaky flake intermittent intermittently unstable nondeterministic",
    "enable": "enable activate",
    "pass": "pass green succeed succeeds succeeded successful successfully",
    "auto": "auto automatic automatically automated automate",
    "full": "full whole entire complete",
    "machine": "machine server host box vm runner agent",
    "core": "core cpu vcpu",
    "memory": "memory ram mem",
    "disk": "disk storage",
    "image": "image img picture",
    "annotation": "annotation annotate hint",
    "function": "function func fn",
    "job": "job task workload",
    "manual": "manual manually directly",
    "night": "night nightly overnight",
    "rollback": "rollback revert downgrade",
    "alert": "alert alarm",
    "bulk": "bulk batch",
    "column": "column field col",
    "usage": "usage utilization utilisation",
    "request": "request req",
    "response": "response resp",
    "release": "release ship publish",
    "rebuild": "rebuild reindex",
    "developer": "developer engineer programmer",
    "package": "package pkg",
    "version": "version ver",
    "test": "test testing suite",
    "migrate": "migrate migration",
    "above": "above exceed",
    "below": "below",
    "log": "log logging",
    "use": "use utilize utilise employ leverage",
    "prefer": "prefer favor favour preference choose pick opt recommend suggest",
    "edit": "edit modify alter tweak adjust",
    "fetch": "fetch retrieve obtain grab",
    "send": "send emit",
    "return": "return respond",
    "wait": "wait sleep pause",
    "hang": "hang stall freeze",
    "restart": "restart reboot relaunch",
    "reload": "reload refresh",
    "repo": "repo repository codebase",
    "flag": "flag option parameter param argument arg",
    "bug": "bug defect problem glitch",
    "fix": "fix resolve patch repair",
    "port": "port",
    "table": "table",
    "script": "script",
    "secret": "secret credential",
    "password": "password passwd",
    "token": "token",
    "session": "session",
    "permission": "permission privilege",
    "admin": "admin administrator",
    "container": "container",
    "pipeline": "pipeline",
    "command": "command cmd",
    "variable": "variable var",
    "path": "path",
    "monitor": "monitor monitoring",
    "metric": "metric",
    "schedule": "schedule scheduler cron",
    "event": "event",
    "email": "email mail",
    "payment": "payment",
    "product": "product",
    "inventory": "inventory stock",
    "invoice": "invoice bill",
    "report": "report",
    "data": "data",
    "query": "query",
    "transaction": "transaction",
    "lock": "lock",
    "default": "default",
    "component": "component",
    "module": "module",
    "plugin": "plugin",
    "framework": "framework",
    "project": "project",
    "code": "code",
    "process": "process",
    "thread": "thread",
    "client": "client",
    "page": "page",
    "button": "button",
    "form": "form",
    "style": "style",
    "template": "template",
    "domain": "domain",
    "cert": "cert certificate",
    "encrypt": "encrypt encryption",
    "login": "login signin",
    "tool": "tool tooling",
    "mock": "mock stub",
    "fixture": "fixture",
    "assert": "assert assertion",
    "tag": "tag",
    "clone": "clone",
    "address": "address addr",
    "sync": "sync",
    "async": "async",
    "concurrency": "concurrency",
    "restore": "restore recover",
}

# Members read as their group's word in a note without being a translation of it: "pick pnpm"
# prefers pnpm, but to cherry-pick is not 偏好, and 沟通 (talk) is no network connect. The dedupe
# rule reads them as the group; search neither translates them nor gives them as a translation
# (memsync.dedupe.searchterms). English group members and Chinese words alike.
LOOSE = frozenset("""
choose pick opt recommend suggest break corrupt agent runner box vm directly hint dig sum problem deadline
习惯 希望 想要 为了 直接 压力 阅读 沟通 问题 冻结 运行器 执行器 文案 逃逸 没用 切分
""".split())

# The glossary's groups join the hand-written ones (a shared canonical word pools its members).
for _canonical, _words in glossary.EN_GROUPS.items():
    EN_GROUPS[_canonical] = " ".join(dict.fromkeys((EN_GROUPS.get(_canonical, "") + " " + _words).split()))

# Multiword English phrases read as one word (lower case; checked before single words).
EN_PHRASES = {
    "send back": "reject", "sends back": "reject", "sent back": "reject", "sending back": "reject",
    "off-limits": "forbidden", "off limits": "forbidden", "a no-go": "forbidden", "not allowed": "forbidden",
    "pull request": "pr", "pull requests": "pr", "merge request": "pr", "merge requests": "pr",
    "check in": "commit", "checks in": "commit", "checked in": "commit", "checking in": "commit",
    "check-in": "commit", "end-to-end": "e2e", "end to end": "e2e",
    "time out": "timeout", "times out": "timeout", "timed out": "timeout", "timing out": "timeout",
    "time-out": "timeout", "make sure": "check", "spin up": "start", "spins up": "start", "bring up": "start",
    "brings up": "start", "fire up": "start", "shut down": "stop", "shuts down": "stop", "turn on": "enable",
    "turned on": "enable", "turns on": "enable", "switch on": "enable", "switched on": "enable",
    "turn off": "zzneg", "turned off": "zzneg", "turns off": "zzneg", "switch off": "zzneg",
    "refrain from": "zzneg", "refrains from": "zzneg", "stay away from": "zzneg", "steer clear of": "zzneg",
    "no one": "zzneg", "no-one": "zzneg",
    "switched off": "zzneg", "stack trace": "stacktrace", "stack traces": "stacktrace",
    "stacktraces": "stacktrace", "look into": "investigate", "dig into": "investigate", "re-run": "retry",
    "try again": "retry", "by hand": "manual", "file name": "filename", "file names": "filename",
    "roll back": "rollback", "rolls back": "rollback", "front-end": "frontend", "front end": "frontend",
    "back-end": "backend", "back end": "backend", "at most": "max", "up to": "max", "no more than": "max",
    "at least": "minimum", "no less than": "minimum", "less than": "below", "lower than": "below",
    "fewer than": "below", "more than": "above", "greater than": "above", "higher than": "above",
    "feature flags": "flag", "feature flag": "flag", "feature toggle": "flag", "feature toggles": "flag",
    "valid for": "expire", "expires after": "expire", "expire after": "expire", "in order to": "",
    "rate limit": "rate max", "rate-limit": "rate max", "rate limited": "rate max", "rate-limited": "rate max",
    # negations and contrasts
    "cannot": "zzneg", "can not": "zzneg", "no longer": "zzneg", "not allowed": "zzneg",
    "instead of": "zzinstead", "rather than": "zzinstead", "as opposed to": "zzinstead",
    "in place of": "zzinstead", "in favor of": "zzover", "in favour of": "zzover",
    "other than": "zzunless", "apart from": "zzunless", "aside from": "zzunless",
    "with the exception of": "zzunless", "prior to": "before", "or else": "zzotherwise",
    "only if": "zzonly zzif", "only when": "zzonly zzif", "as long as": "zzunless", "provided that": "zzunless",
    "due to": "because", "given that": "because", "so that": "so", "as well": "", "time limit": "timeout",
    "clean up": "remove", "cleans up": "remove", "cleaned up": "remove", "roll out": "deploy", "rolls out": "deploy",
    "set up": "install", "sets up": "install", "go with": "prefer", "goes with": "prefer", "stick with": "prefer",
    "stick to": "prefer", "opt for": "prefer", "preferred to": "prefer zzinstead", "give up": "zzneg",
    "stop using": "zzneg", "no longer use": "zzneg", "zzneg longer": "zzneg", "get rid of": "remove",
    "every time": "", "each time": "", "contains": "include", "contain": "include", "contained": "include",
    "env var": "variable", "env vars": "variable", "environment variable": "variable",
    "environment variables": "variable", "unit test": "test", "unit tests": "test",
    "zzneg like": "zzneg prefer", "not like": "zzneg prefer",
    "not required": "optional", "not needed": "optional", "not necessary": "optional", "no need to": "optional",
    "no need for": "optional", "zzneg need to": "optional", "zzneg have to": "optional",
    "zzneg need": "optional", "needs no": "optional", "need no": "optional", "requires no": "optional",
    "require no": "optional", "node.js": "node",
}

EN_PHRASES = {**glossary.EN_PHRASES, **EN_PHRASES}

# Inflected verb forms of "like" are preference; the bare word is usually a preposition.
EN_EXTRA = {"shown": "show", "kept": "keep", "held": "keep", "ran": "run", "built": "build", "written": "write",
            "seed": "seed", "wrote": "write", "sent": "send", "chosen": "choose", "began": "start", "begun": "start",
            "broke": "fail", "likes": "prefer", "liked": "prefer", "love": "prefer", "loves": "prefer", "enjoy": "prefer",
            "enjoys": "prefer", "dislike": "zzneg prefer", "dislikes": "zzneg prefer",
            "disliked": "zzneg prefer", "hate": "zzneg prefer", "hates": "zzneg prefer", "wish": "prefer",
            "wishes": "prefer", "want": "prefer", "wants": "prefer", "wanted": "prefer"}

# Chinese words read as one canonical word (English where there is a common English name, so a
# mixed note meets an English one). Longest match wins, so a compound listed here protects its
# characters (用户 before 用; 集群 before 群).
ZH_WORDS = {
    "删除": "remove", "删掉": "remove", "删了": "remove", "删": "remove", "移除": "remove", "去掉": "remove",
    "去除": "remove", "清除": "remove", "清掉": "remove", "启动": "start", "拉起": "start", "停止": "stop",
    "停掉": "stop", "运行": "run", "执行": "run", "跑": "run", "喜欢": "prefer", "偏好": "prefer", "倾向": "prefer",
    "偏爱": "prefer", "喜爱": "prefer", "希望": "prefer", "想要": "prefer", "习惯": "prefer", "优先": "prefer",
    "讨厌": "zzneg prefer", "别忘了": "", "别忘记": "", "不要忘记": "", "不要忘了": "", "别忘": "",
    "不需要": "optional", "不要求": "optional", "不强制": "optional", "非强制": "optional", "无需": "optional", "可以不": "optional", "无须": "optional", "不必": "optional", "省掉": "optional", "省去": "optional", "免去": "optional", "可选": "optional",
    "非必须": "optional", "不是必须": "optional", "温馨提示": "", "小贴士": "", "划重点": "", "重点": "",
    "备忘": "", "须知": "", "值得注意": "", "简短": "short", "简洁": "short", "简明": "short", "精简": "short", "简要": "short",
    "冗长": "long", "长篇大论": "long", "啰嗦": "long", "回答": "answer", "回复": "answer", "答复": "answer",
    "解释": "explanation", "超时": "timeout", "过期": "expire", "失效": "expire", "有效期": "expire",
    "保留": "keep", "保存": "keep", "留存": "keep", "存储": "keep", "轮转": "rotate", "切分": "rotate",
    "数据库": "db", "接口": "api", "钩子": "hook", "端到端": "e2e", "配置": "config", "设置": "config",
    "目录": "dir", "文件夹": "dir", "仓库": "repo", "代码库": "repo", "分支": "branch", "提交": "commit",
    "合并": "merge", "合入": "merge", "合进": "merge", "合到": "merge", "推送": "push", "部署": "deploy",
    "发布": "release", "上线": "deploy", "发版": "release", "测试": "test", "单测": "unit test", "日志": "log",
    "缓存": "cache", "索引": "index", "迁移": "migrate", "迁到": "migrate zzto", "依赖": "dep", "包含": "include",
    "依赖包": "dep", "镜像": "image", "图片": "image", "图像": "image", "环境": "env", "生产环境": "prod env",
    "生产": "prod", "线上": "prod", "预发环境": "staging env", "预发布": "staging", "预发": "staging",
    "开发环境": "dev env", "开发者": "developer", "开发人员": "developer", "开发": "dev", "测试环境": "test env",
    "用户": "user", "订单": "order", "字段": "column", "列表": "list", "队列": "queue", "列": "column",
    "唯一": "unique", "桶": "bucket", "存放": "keep", "请求": "request", "响应": "response", "重启": "restart", "重试": "retry", "重跑": "retry",
    "构建": "build", "前端": "frontend", "后端": "backend", "界面": "ui", "服务器": "machine", "服务": "service",
    "机器": "machine", "主机": "machine", "构建机": "build machine", "核心": "core", "核": "core",
    "内存": "memory", "磁盘": "disk", "硬盘": "disk", "集群": "cluster", "节点": "node", "文件": "file",
    "文档": "docs", "版本": "version", "函数": "function", "公共": "public", "公开": "public", "类型": "type",
    "注解": "annotation", "标注": "annotation", "错误": "error", "报错": "error", "出错": "error", "异常": "error",
    "信息": "message", "消息": "message", "堆栈": "stacktrace", "调用栈": "stacktrace", "失败": "fail",
    # a removal in the passive (X 被删除) negates X, as "X was removed" does
    "被删除": "zzremoved", "被删掉": "zzremoved", "被移除": "zzremoved", "被丢掉": "zzremoved", "被丢弃": "zzremoved",
    "被去掉": "zzremoved", "被删": "zzremoved",
    "纯文本": "plaintext", "饿死": "starve", "挂了": "fail", "挂掉": "fail", "会挂": "fail", "搞坏": "fail", "破坏": "fail", "弄坏": "fail",
    "覆盖率": "coverage", "低于": "below", "少于": "below", "不到": "below", "不足": "below", "小于": "below",
    "超过": "above", "高于": "above", "多于": "above", "大于": "above", "不超过": "max", "不少于": "minimum",
    "自动": "auto", "手动": "manual", "手工": "manual", "直接": "manual", "通知": "notify", "告警": "alert",
    "报警": "alert", "群": "channel", "频道": "channel", "群组": "channel", "重置": "reset", "分区": "partition",
    "晚上": "night", "夜里": "night", "夜间": "night", "每晚": "night", "早上": "morning", "早晨": "morning",
    "上午": "morning", "下午": "afternoon", "站会": "standup", "压测": "loadtest", "压力测试": "loadtest",
    "灰度": "canary", "流量": "traffic", "备份": "backup", "完整": "full", "整个": "full", "全量": "full",
    "套件": "suite", "限制": "max", "最多": "max", "最大": "max", "上限": "max", "至少": "minimum",
    "最少": "minimum", "限流": "rate max", "大小": "size", "上传": "upload", "下载": "download",
    "重建": "rebuild", "支持": "support", "加载": "load", "读取": "load", "载入": "load", "功能开关": "flag",
    "开关": "flag", "组合": "composition", "继承": "inheritance", "插入": "insert", "写入": "write",
    "批量": "bulk", "回滚": "rollback", "回退": "rollback", "注释": "comment", "锁定": "pin", "固定": "pin",
    "管理": "manage", "安装": "install", "装": "install", "包装": "wrap", "格式": "format", "时间戳": "timestamp",
    "时间": "time", "团队": "team", "慢": "slow", "快照": "snapshot", "快": "fast", "开启": "enable",
    "打开": "enable", "启用": "enable", "没用": "unused", "废弃": "unused", "弃用": "unused", "过时": "stale",
    "残留": "stale", "排查": "investigate", "调试": "investigate", "不稳定": "flaky", "偶尔失败": "flaky",
    "偶发": "flaky", "使用率": "usage", "占用": "usage", "作用": "effect", "费用": "cost", "有用": "useful",
    "用法": "usage", "切换": "switch", "改变": "switch", "变更": "switch", 
    "检查": "check", "校验": "check", "验证": "check", "确认": "check", "确保": "check", "更新": "update",
    "升级": "update", "修复": "fix", "解决": "fix", "并发": "parallel", "并行": "parallel",
    # Chinese technical words and their English names
    "端口": "port", "域名": "domain", "证书": "cert", "加密": "encrypt", "密码": "password", "令牌": "token",
    "会话": "session", "登录": "login", "认证": "auth", "鉴权": "auth", "权限": "permission", "管理员": "admin",
    "客户端": "client", "浏览器": "browser", "移动端": "mobile", "页面": "page", "按钮": "button", "表单": "form",
    "样式": "style", "组件": "component", "模块": "module", "插件": "plugin", "框架": "framework",
    "项目": "project", "代码": "code", "源码": "code", "脚本": "script", "命令": "command", "终端": "terminal",
    "参数": "flag", "选项": "flag", "变量": "variable", "环境变量": "variable", "路径": "path", "工具": "tool",
    "进程": "process", "线程": "thread", "任务": "job", "定时任务": "schedule job", "调度": "schedule",
    "监控": "monitor", "指标": "metric", "事件": "event", "邮件": "email", "邮箱": "email", "短信": "sms",
    "支付": "payment", "商品": "product", "库存": "inventory", "价格": "price", "账单": "invoice",
    "发票": "invoice", "报表": "report", "报告": "report", "数据": "data", "查询": "query", "事务": "transaction",
    "锁": "lock", "死锁": "deadlock", "主键": "primary key", "外键": "foreign key", "默认": "default",
    "容器": "container", "流水线": "pipeline", "网关": "gateway", "负载均衡": "loadbalancer", "集成测试": "integration test",
    "单元测试": "test", "断言": "assert", "模拟": "mock", "用例": "case", "标签": "tag", "克隆": "clone",
    "拉取": "pull", "地址": "address", "网络": "network", "带宽": "bandwidth", "同步": "sync", "异步": "async",
    "恢复": "restore", "工程师": "developer", "程序员": "developer", "负责人": "owner", "格式化": "format",
    "调用": "call", "返回": "return", "等待": "wait", "卡住": "hang", "卡死": "hang", "刷新": "reload",
    "重新加载": "reload", "清理": "remove", "清空": "remove", "修改": "edit", "编辑": "edit", "调整": "edit",
    "获取": "fetch", "发送": "send", "推荐": "prefer", "建议": "prefer", "选择": "prefer", "选用": "prefer",
    "表示": "", "表达": "express", "表格": "table", "代表": "represent", "发表": "release", "表情": "emoji",
    "手表": "watch", "表明": "", "表": "table", "密钥": "secret", "秘钥": "secret", "凭证": "secret",
    "不再": "zzneg", "放弃": "zzneg", "替换": "zzinstead", "替换成": "zzchangeto", "替换为": "zzchangeto", "把": "zzfrom", "仅当": "zzunless", "只有在": "zzunless", "只要": "zzaslong",
    # non-negating compounds of 不/没/无/非/别 (their characters must not read as negation)
    "不同": "different", "没问题": "ok", "正常": "ok", "可空": "nullable", "不断": "continuous", "不少": "many", "差不多": "", "大约": "", "大概": "", "大概率": "likely", "不但": "", "但是": "but", "可是": "but", "然而": "but", "不久": "soon", "不错": "good", "别名": "alias",
    "不止": "above", "不只": "above", "未来": "future", "无线": "wireless", "非得": "", "并非": "zzneg",
    "级别": "level", "区别": "difference", "类别": "category", "特别": "especially", "分别": "respectively",
    "差别": "difference", "告别": "", "识别": "recognize", "性别": "gender", "个别": "few", "辨别": "recognize",
    "鉴别": "recognize", "无限": "unlimited", "是非": "", "没落": "", "埋没": "", "淹没": "",
    "主库": "primary db", "从库": "replica db", "主节点": "primary node", "从节点": "replica node",
    "开始": "start", "开会": "meeting", "开放": "open", "离开": "leave", "分开": "separate", "展开": "expand",
    "开": "enable",
    "除非": "zzunless", "直到": "until", "如果": "zzif", "假如": "zzif", "要是": "zzif", "若是": "zzif",
    "当前": "", "本地": "local", "存": "keep", "保证": "check", "正在": "", "地": "",
    "当然": "", "适当": "proper", "相当": "", "当时": "", "的时候": "zzwhen2", "的话": "zzwhen2", "时候": "zzwhen2", "时": "zzwhen2",
    "情况下": "zzwhen2", "的情况下": "zzwhen2", "同时": "", "及时": "timely", "随时": "", "有时": "", "平时": "",
    "按时": "", "准时": "", "届时": "", "时刻": "", "时长": "duration", "时段": "period", "时机": "timing",
    "时钟": "clock", "时序": "timing", "计时": "timer", "小时": "hour",
    "只有": "zzonly", "仅在": "zzonly", "只在": "zzonly", "仅限": "zzonly", "仅对": "zzonly", "只对": "zzonly", "由": "zzfrom",
    "因为": "because", "由于": "because", "为了": "because", "否则": "zzotherwise", "不然": "zzotherwise",
    "除了": "zzunless", "除外": "zzunless", "例外": "zzunless", "以外": "zzunless",
    # negations and contrasts
    "禁止": "zzneg", "避免": "zzneg", "禁用": "zzneg", "停用": "zzneg", "关闭": "close", "关掉": "close",
    "跳过": "zzneg", "而不是": "zzinstead", "而非": "zzinstead", "代替": "zzinstead", "取代": "zzinstead",
    "替代": "zzinstead", "优先于": "prefer zzinstead", "优于": "prefer zzinstead", "胜过": "prefer zzinstead",
    # order and direction
    "先": "zzfirst", "再": "zzthen", "然后": "zzthen", "接着": "zzthen", "之前": "zzbefore2", "之后": "zzafter2",
    "从": "zzfrom", "改成": "zzchangeto", "换成": "zzchangeto", "改为": "zzchangeto", "换为": "zzchangeto", "切到": "zzto",
    "改用": "zzchangeto", "到": "zzto",
}
# The glossary's words, under the hand-written ones and the filler (which must stay filler).
ZH_HAND = frozenset(ZH_WORDS)
# (the hand-written words first: search takes a keyword's usual Chinese word in this order)
ZH_WORDS = {**ZH_WORDS, **{w: v for w, v in glossary.ZH.items() if w not in ZH_FILLER and w not in ZH_HAND}}
ZH_NEG_CHARS = frozenset("不没沒别別勿未莫无非")

# -- markers (token level) ---------------------------------------------------------------------

NEG_WORDS = frozenset("not no never none nor nobody without zzneg avoid avoids avoiding skip skips skipping "
                      "forbid forbids disallow disallows disable disables prohibit prohibits ban bans".split())
# Participles that negate the word before them ("X is disabled", "X was blocked").
NEG_AFTER = frozenset("disabled forbidden banned prohibited blocked disallowed skipped avoided freeze removed deleted dropped".split())
CONTRAST_WORDS = frozenset({"zzinstead"})
UNLESS_WORDS = frozenset("unless except excluding excepting zzunless".split())
PREFER_WORDS = frozenset("prefer better".split())  # after which "over"/"than" is a contrast
CLAUSE_WORDS = frozenset("because since so but while whereas although though".split())
CONJ_WORDS = frozenset("and or nor".split())
# Nouns whose modifier names the thing (X表, X env, X queue): a swapped modifier is a new fact.
HEADS = frozenset("表 库 群 页 层 桶 端 env channel cluster service branch node column api queue dir machine bucket "
                  "topic index repo pool probe gateway browser region account table team".split())
# Canonical words that state a harm (fails, breaks, crashes, is rejected, 乱码, 饿死): a clause
# holding one says what happens, not what to do.
HARM = frozenset("fail reject mojibake starve timeout hang crash".split())
# "use X over Y" prefers X as much as "prefer X over Y" does
USE_WORDS = frozenset({"use"})

# -- closed classes ----------------------------------------------------------------------------
# Canonical words (after the equivalences above). A class member in one text and another member
# of the same class in the other is a substitution.

CLASSES = {
    "environment": "prod staging dev qa uat sandbox preview",
    "browser": "chrome chromium firefox safari webkit opera brave",
    "os": "linux macos windows ubuntu debian alpine centos fedora android ios freebsd nixos rhel rocky",
    "js package manager": "npm pnpm yarn bun",
    "python package manager": "pip pipx poetry uv conda pdm pipenv hatch rye",
    "container tool": "docker podman containerd nerdctl buildah kaniko colima orbstack",
    "python tool": "black isort flake8 ruff pylint mypy pyright pytest unittest nose tox nox yapf autopep8 pyflakes bandit pytype",
    "js tool": "eslint prettier biome jest vitest mocha webpack vite rollup esbuild parcel turbopack babel swc rspack tsup oxlint",
    "datastore": "postgres mysql mariadb sqlite redis memcached mongodb mongo cassandra dynamodb "
                 "elasticsearch opensearch clickhouse cockroachdb tidb oracle mssql duckdb neo4j influxdb "
                 "timescaledb couchdb etcd valkey keydb bigquery snowflake redshift",
    "messaging": "sqs sns kafka rabbitmq nats pubsub kinesis pulsar redpanda activemq zeromq mqtt",
    "object store": "s3 gcs minio r2 wasabi",
    "cloud": "aws gcp azure aliyun tencentcloud huaweicloud digitalocean linode hetzner vultr",
    "language": "python go rust java kotlin scala ruby php javascript typescript swift elixir haskell perl lua "
                "dart csharp cpp zig nim ocaml clojure erlang fsharp julia",
    "resource": "core memory disk gpu network bandwidth iops",
    "api style": "rest graphql grpc soap websocket",
    "code host": "github gitlab bitbucket gitea gitee codeberg sourcehut",
    "ci": "jenkins circleci travis buildkite teamcity drone bamboo appveyor woodpecker concourse tekton",
    "reverse proxy": "nginx apache caddy traefik haproxy envoy",
    "iac": "terraform pulumi cloudformation ansible chef puppet saltstack",
    "observability tool": "prometheus grafana datadog newrelic sentry honeycomb jaeger zipkin loki splunk",
    "ui framework": "react vue angular svelte solid preact ember",
    "meta framework": "nextjs nuxt remix sveltekit astro gatsby",
    "python web framework": "django flask fastapi starlette tornado",
    "node web framework": "express koa fastify nestjs hapi",
    "orm": "sqlalchemy prisma typeorm sequelize drizzle peewee",
    "shell": "bash zsh fish powershell",
    "data format": "json yaml toml xml csv ini protobuf msgpack plaintext logfmt",
    "time zone": "utc gmt beijing pst pdt jst cet",
    "compression": "gzip brotli zstd lz4 snappy",
    "password hash": "bcrypt scrypt argon2 pbkdf2",
    "deploy strategy": "canary bluegreen",
    "version manager": "nvm fnm volta asdf pyenv mise",
    "vcs": "git svn mercurial perforce",
    "chat": "slack discord feishu lark dingtalk wechat wecom mattermost zulip",
    "scheme": "http https ssh",
    "transport": "tcp udp quic",
    "probe": "liveness readiness",
    "http method": "zzget zzpost zzput zzpatch zzdelete",
    "boolean": "true false",
    "comparison": "above below",
    "bound": "max minimum",
    "order": "asc desc ascending descending",
    "part of day": "morning afternoon night",
    "role": "primary replica",
    "log level": "trace debug info warn notice",
    "version part": "major minor patch",
}
# Antonym pairs: a negated member says what its opposite says ("no long answers" = "short
# answers"), so a class conflict counts only when neither side is negated.
ANTONYMS = {
    "size": "large small", "speed": "fast slow", "length": "short long", "height": "high low",
    "age": "new old", "visibility": "public private", "reach": "internal external", "timing": "sync async",
    "permission": "allow deny", "acceptance": "accept reject", "membership": "include exclude",
    "change": "increase decrease", "outcome": "pass fail", "motion": "start stop", "switch": "enable close",
    "zh size": "大 小", "zh height": "高 低", "zh age": "新 旧", "zh length": "长 短", "zh amount": "多 少",
    "zh change": "增 减", "zh rise": "升 降", "zh access": "读 写", "zh time": "早 晚", "zh heat": "冷 热",
}


def _inflections(word: str) -> set[str]:
    """The regular inflections of an English base word (enough for a lookup table)."""
    out = {word, word + "s", word + "ed", word + "ing"}
    if word.endswith(("s", "x", "z", "ch", "sh", "o")):
        out.add(word + "es")
    if word.endswith("e"):  # not "col" + "d" = "cold", "see" + "d" = "seed"
        out |= {word + "d", word[:-1] + "ing", word[:-1] + "ed"}
    if word.endswith("y") and len(word) > 2:
        out |= {word[:-1] + "ies", word[:-1] + "ied"}
    if len(word) >= 3 and word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
        out |= {word + word[-1] + "ed", word + word[-1] + "ing"}  # drop -> dropped, commit -> committed
    return out


def _word_table() -> dict[str, str]:
    table: dict[str, str] = {}
    for canonical, words in EN_GROUPS.items():
        for w in words.split():
            for form in _inflections(w):
                table.setdefault(form, canonical)
    table.update(EN_EXTRA)
    return table


WORDS = _word_table()
CANONICAL = frozenset(EN_GROUPS) | frozenset(w for ws in CLASSES.values() for w in ws.split())
CLASS_OF = {w: name for name, ws in {**CLASSES, **ANTONYMS}.items() for w in ws.split()}
CANONICAL = CANONICAL | frozenset(w for ws in ANTONYMS.values() for w in ws.split())
# Each member of a two-word antonym pair -> the other.
ANTONYM_OF = {a: b for ws in ANTONYMS.values() if len(ws.split()) == 2 for a, b in (ws.split(), ws.split()[::-1])}
