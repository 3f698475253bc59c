"""A labelled corpus of memory notes (English and Chinese) for the secrets benchmark and tests.

Every fake secret is generated at run time, random but format-valid (GitHub and
npm tokens carry their CRC32 check, JWTs decode to JSON, PEM bodies are base64
of DER-like bytes), so no real or reusable credential is stored in this file.
``generate(out_dir)`` writes notes that each carry planted secrets in one of the
placements below, plus notes full of look-alikes (SHAs, UUIDs, digests, SRI
hashes, timestamps, documented example keys, placeholders, publishable keys,
public SSH keys, data URIs, paths, Chinese prose), and returns the labels.
"""
from __future__ import annotations

import base64
import binascii
import json
import random
import string
from collections.abc import Callable
from pathlib import Path

B62 = string.ascii_letters + string.digits
B64URL = B62 + "_-"
HEX = "0123456789abcdef"
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
PASSWORD_CHARS = B62 + "!@#$%^*_-+="
URL_PASSWORD_CHARS = B62 + "_~!$*+-"

Rng = random.Random


def pick(r: Rng, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def base62(n: int, width: int) -> str:
    out = ""
    while n:
        n, d = divmod(n, 62)
        out = B62[d] + out
    return out.rjust(width, "0")[-width:]


def checksummed(r: Rng, prefix: str) -> str:
    """GitHub/npm token: 30 random base62 characters plus 6 of base62 CRC32."""
    body = pick(r, B62, 30)
    return prefix + body + base62(binascii.crc32(body.encode()), 6)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def password(r: Rng) -> str:
    while True:
        value = pick(r, PASSWORD_CHARS, r.randint(12, 20))
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            return value


def pem(r: Rng, kind: str) -> str:
    """A PEM block of the given kind with a random DER-like body."""
    heads = {
        "rsa": ("RSA PRIVATE KEY", b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00", 1180),
        "ec": ("EC PRIVATE KEY", b"\x30\x77\x02\x01\x01\x04\x20", 112),
        "dsa": ("DSA PRIVATE KEY", b"\x30\x82\x01\xbb\x02\x01\x00\x02\x81\x81\x00", 430),
        "openssh": ("OPENSSH PRIVATE KEY", b"openssh-key-v1\x00", 380),
        "encrypted": ("ENCRYPTED PRIVATE KEY", b"\x30\x82\x05\x16\x30\x40\x06\x09\x2a\x86\x48", 1290),
        "pkcs8": ("PRIVATE KEY", b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d", 1200),
        "pgp": ("PGP PRIVATE KEY BLOCK", b"\x95\x03\x98\x04", 900),
    }
    label, der, size = heads[kind]
    body = base64.b64encode(der + r.randbytes(size)).decode()
    lines = [f"-----BEGIN {label}-----"]
    if kind == "pgp":
        lines.append("")
    if kind == "encrypted" and r.random() < 0.5:  # the legacy OpenSSL form
        lines = ["-----BEGIN RSA PRIVATE KEY-----", "Proc-Type: 4,ENCRYPTED",
                 f"DEK-Info: AES-128-CBC,{pick(r, HEX, 32).upper()}", ""]
        label = "RSA PRIVATE KEY"
    lines += [body[i:i + 64] for i in range(0, len(body), 64)]
    if kind == "pgp":
        lines.append("=" + base64.b64encode(r.randbytes(3)).decode())
    lines.append(f"-----END {label}-----")
    return "\n".join(lines)


def jwt(r: Rng) -> str:
    header = b64url(json.dumps({"alg": r.choice(["HS256", "RS256"]), "typ": "JWT"}).encode())
    payload = b64url(json.dumps({"sub": pick(r, HEX, 12), "name": pick(r, string.ascii_lowercase, 7),
                                 "iat": r.randint(1_600_000_000, 1_800_000_000)}).encode())
    return f"{header}.{payload}.{b64url(r.randbytes(32))}"


def discord(r: Rng) -> str:
    user_id = str(r.randint(10**17, 10**19 - 1))
    return f"{b64url(user_id.encode())}.{pick(r, B64URL, 6)}.{pick(r, B64URL, r.choice([27, 38]))}"


def gcp_service_account(r: Rng) -> str:
    project = f"proj-{pick(r, string.ascii_lowercase + string.digits, 8)}"
    doc = {
        "type": "service_account",
        "project_id": project,
        "private_key_id": pick(r, HEX, 40),
        "private_key": pem(r, "pkcs8") + "\n",
        "client_email": f"deployer@{project}.iam.gserviceaccount.com",
        "client_id": str(r.randint(10**20, 10**21 - 1)),
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    return json.dumps(doc, indent=2)


def url_credential(r: Rng, scheme: str) -> str:
    user = r.choice(["app", "deploy", "svc_api", "reporting", "admin"])
    secret = pick(r, URL_PASSWORD_CHARS, r.randint(12, 22))
    host = {
        "postgres": f"db-{r.randint(1, 9)}.internal:5432/app",
        "mysql": "mysql.prod.internal:3306/orders",
        "mongodb+srv": f"cluster0.{pick(r, string.ascii_lowercase, 5)}.mongodb.net/app?retryWrites=true",
        "redis": f"cache.internal:6379/{r.randint(0, 9)}",
        "https": "git.example.com/team/repo.git",
    }[scheme]
    if scheme == "redis" and r.random() < 0.5:
        user = ""
    return f"{scheme}://{user}:{secret}@{host}"


# Bare format-valid secrets, by label. Keyword-context types are in CONTEXT below.
FAKES: dict[str, Callable[[Rng], str]] = {
    "aws-access-key-id": lambda r: r.choice(["AKIA", "ASIA"]) + pick(r, BASE32, 16),
    "github-pat": lambda r: checksummed(r, "ghp_"),
    "github-oauth-token": lambda r: checksummed(r, "gho_"),
    "github-user-token": lambda r: checksummed(r, "ghu_"),
    "github-app-token": lambda r: checksummed(r, "ghs_"),
    "github-refresh-token": lambda r: checksummed(r, "ghr_"),
    "github-fine-grained-pat": lambda r: "github_pat_" + pick(r, B62, 22) + "_" + pick(r, B62, 59),
    "gitlab-pat": lambda r: "glpat-" + (pick(r, B64URL, 20) if r.random() < 0.5
                                        else pick(r, B64URL, 27) + ".01." + pick(r, string.ascii_lowercase + string.digits, 9)),
    "gitlab-token": lambda r: r.choice(["gldt-", "glrt-", "glcbt-", "glft-", "glsoat-", "glimt-", "glptt-",
                                        "glagent-", "gloas-"]) + pick(r, B64URL, r.randint(20, 50)),
    "slack-bot-token": lambda r: f"xoxb-{pick(r, string.digits, 12)}-{pick(r, string.digits, 13)}-{pick(r, B62, 24)}",
    "slack-user-token": lambda r: (f"xoxp-{pick(r, string.digits, 12)}-{pick(r, string.digits, 12)}-"
                                   f"{pick(r, string.digits, 13)}-{pick(r, HEX, 32)}"),
    "slack-app-token": lambda r: f"xapp-1-A{pick(r, BASE32, 10)}-{pick(r, string.digits, 13)}-{pick(r, HEX, 64)}",
    "slack-webhook": lambda r: (f"https://hooks.slack.com/services/T{pick(r, BASE32, 10)}/"
                                f"B{pick(r, BASE32, 10)}/{pick(r, B62, 24)}"),
    "openai-api-key": lambda r: (f"sk-{pick(r, B62, 20)}T3BlbkFJ{pick(r, B62, 20)}" if r.random() < 0.3 else
                                 f"sk-{r.choice(['proj', 'svcacct', 'admin'])}-{pick(r, B64URL, 74)}T3BlbkFJ{pick(r, B64URL, 74)}"),
    "anthropic-api-key": lambda r: f"sk-ant-{r.choice(['api03', 'admin01'])}-{pick(r, B64URL, 93)}AA",
    "google-api-key": lambda r: "AIza" + pick(r, B64URL, 35),
    "google-oauth-client-secret": lambda r: "GOCSPX-" + pick(r, B64URL, 28),
    "stripe-secret-key": lambda r: r.choice(["sk_live_", "sk_test_"]) + pick(r, B62, r.choice([24, 99])),
    "stripe-restricted-key": lambda r: "rk_live_" + pick(r, B62, r.choice([24, 99])),
    "twilio-api-key": lambda r: "SK" + pick(r, HEX, 32),
    "sendgrid-api-key": lambda r: f"SG.{pick(r, B64URL, 22)}.{pick(r, B64URL, 43)}",
    "npm-token": lambda r: checksummed(r, "npm_"),
    "pypi-token": lambda r: "pypi-AgEIcHlwaS5vcmc" + pick(r, B64URL, r.randint(60, 160)),
    "huggingface-token": lambda r: "hf_" + pick(r, string.ascii_letters, 34),
    "discord-bot-token": discord,
    "telegram-bot-token": lambda r: f"{r.randint(10**7, 10**10 - 1)}:AA{pick(r, B64URL, 33)}",
    "digitalocean-token": lambda r: "dop_v1_" + pick(r, HEX, 64),
    "shopify-token": lambda r: r.choice(["shpat_", "shpss_", "shpca_"]) + pick(r, HEX, 32),
    "linear-api-key": lambda r: "lin_api_" + pick(r, B62, 40),
    "databricks-token": lambda r: "dapi" + pick(r, HEX, 32),
    "vault-token": lambda r: "hvs." + pick(r, B64URL, r.randint(90, 110)),
    "age-secret-key": lambda r: "AGE-SECRET-KEY-1" + pick(r, BECH32, 58),
    "mailgun-api-key": lambda r: "key-" + pick(r, HEX, 32),
    "alibaba-access-key-id": lambda r: "LTAI" + pick(r, B62, r.choice([16, 20])),
    "azure-storage-key": lambda r: ("DefaultEndpointsProtocol=https;AccountName=st" + pick(r, string.ascii_lowercase, 8)
                                    + ";AccountKey=" + base64.b64encode(r.randbytes(64)).decode()
                                    + ";EndpointSuffix=core.windows.net"),
    "azure-entra-client-secret": lambda r: pick(r, B62, 3) + pick(r, string.digits, 1) + "Q~" + pick(r, B62 + "_~.-", 34),
    "jwt": jwt,
    "url-postgres": lambda r: url_credential(r, "postgres"),
    "url-mysql": lambda r: url_credential(r, "mysql"),
    "url-mongodb-srv": lambda r: url_credential(r, "mongodb+srv"),
    "url-redis": lambda r: url_credential(r, "redis"),
    "url-https": lambda r: url_credential(r, "https"),
    "private-key-rsa": lambda r: pem(r, "rsa"),
    "private-key-ec": lambda r: pem(r, "ec"),
    "private-key-dsa": lambda r: pem(r, "dsa"),
    "private-key-openssh": lambda r: pem(r, "openssh"),
    "private-key-encrypted": lambda r: pem(r, "encrypted"),
    "private-key-pkcs8": lambda r: pem(r, "pkcs8"),
    "private-key-pgp": lambda r: pem(r, "pgp"),
    "gcp-service-account": gcp_service_account,
}

# Types that are only secrets next to their keyword: value maker + (English keys, Chinese keys).
CONTEXT: dict[str, tuple[Callable[[Rng], str], tuple[str, ...], tuple[str, ...]]] = {
    "aws-secret-access-key": (lambda r: pick(r, B62 + "/+", 40),
                              ("aws_secret_access_key", "AWS_SECRET_ACCESS_KEY", "SecretAccessKey", "AWS secret access key"),
                              ("AWS 访问密钥", "aws_secret_access_key")),
    "alibaba-access-key-secret": (lambda r: pick(r, B62, 30),
                                  ("AccessKeySecret", "aliyun_access_key_secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET"),
                                  ("阿里云 AccessKey Secret", "阿里云访问密钥")),
    "password-en": (password, ("password", "db_password", "DB_PASSWORD", "smtpPassword", "admin passphrase",
                               "pwd", "redis_pass"), ("password",)),
    "password-zh": (password, ("密码",), ("密码", "数据库密码", "管理员口令", "邮箱授权码", "登录密碼")),
    "secret-en": (lambda r: pick(r, B62, r.randint(24, 40)),
                  ("client_secret", "api_key", "apiKey", "access_token", "auth_token", "WEBHOOK_SECRET",
                   "signing key", "X-Api-Key", "credentials"), ("api_key",)),
    "secret-zh": (lambda r: pick(r, B62, r.randint(24, 40)),
                  ("token",), ("密钥", "访问密钥", "令牌", "访问令牌", "凭据", "私钥", "API 密钥", "秘钥", "凭证")),
}
MULTILINE = {t for t in FAKES if t.startswith("private-key-")} | {"gcp-service-account"}
URL_TYPES = {t for t in FAKES if t.startswith("url-")} | {"slack-webhook"}
ALL_TYPES = sorted(set(FAKES) | set(CONTEXT))

PLACEMENTS = ("prose", "glued-zh", "fullwidth", "frontmatter", "table", "list", "code-block",
              "html-comment", "url-query", "inline-code")
MULTILINE_PLACEMENTS = ("code-block", "frontmatter", "html-comment", "body", "list")


def placements_for(kind: str) -> tuple[str, ...]:
    if kind in MULTILINE:
        return MULTILINE_PLACEMENTS
    if kind in URL_TYPES or kind in CONTEXT:
        return tuple(p for p in PLACEMENTS if p != "url-query")
    return PLACEMENTS


# --- prose -------------------------------------------------------------------------------

EN = (
    "The deploy script uses pnpm instead of npm because the workspace lockfile is shared.",
    "CI runs on two cores, so keep the test suite under ten minutes.",
    "We measured the cache hit rate at 93 percent after the warm-up run.",
    "The staging cluster is rebuilt every Monday; do not keep state there.",
    "Use the release branch for hotfixes and cherry-pick them back to main.",
    "The search index lives outside the tree and is rebuilt when it is stale.",
    "Timeouts on the payment API were caused by a missing connection pool limit.",
    "Prefer small commits with honest messages; the reviewers read every diff.",
    "Logs older than thirty days are archived to cold storage automatically.",
    "The mobile client retries three times with exponential backoff.",
    "Feature flags are evaluated on the server so that old clients behave.",
    "Our style guide asks for type hints on every public function.",
    "Rotate credentials through the vault; never paste them into notes.",
    "The migration added an index on (tenant_id, created_at) and cut p99 by half.",
    "Keep secrets out of memory entries: the hook blocks commits that contain them.",
    "When the build fails with ENOSPC, clear the Docker layer cache first.",
    "Benchmarks must run the baseline in the same process as our code.",
    "A flaky test is a bug; quarantine it and open an issue the same day.",
    "The API key for maps is restricted to our domains in the console.",
    "Token budgets for the agent are tracked per session in the dashboard.",
    "The password policy requires twelve characters and a hardware key for admins.",
    "Support tickets from Asia are routed to the Singapore team overnight.",
    "The task-force reviewed risk-free rollout options for the key-value store.",
)
ZH = (
    "部署脚本用pnpm而不是npm，因为工作区的锁文件是共享的。",
    "持续集成只有两个核心，所以测试要在十分钟内跑完。",
    "预热之后缓存命中率是百分之九十三。",
    "预发布集群每周一重建，不要在上面保存状态。",
    "热修复走发布分支，然后再挑选回主干。",
    "搜索索引放在目录树之外，过期时会自动重建。",
    "支付接口超时是因为连接池没有设置上限。",
    "提交要小，说明要诚实；评审会看每一个差异。",
    "超过三十天的日志会自动归档到冷存储。",
    "移动端会按指数退避重试三次。",
    "功能开关在服务端计算，这样旧客户端也能正常工作。",
    "代码规范要求每个公开函数都写类型注解。",
    "凭据统一通过保险库轮换，绝不能粘贴到笔记里。",
    "迁移在（租户，创建时间）上加了索引，尾延迟降了一半。",
    "记忆条目里不能有密钥：提交钩子会拦截包含密钥的提交。",
    "构建报磁盘空间不足时，先清理镜像层缓存。",
    "基准测试必须在同一次运行里跑对比基线。",
    "不稳定的测试就是缺陷，当天隔离并开问题单。",
    "地图服务的接口密钥只允许在我们的域名下使用。",
    "智能体的令牌预算按会话记录在看板上。",
    "密码策略要求至少十二个字符，管理员还需要硬件密钥。",
    "令牌过期后需要重新生成，密钥轮换周期是九十天。",
    "分词器把一整段中文当成一个词，二字词用三元组也搜不到。",
)
CODE = (
    ["```python", "def load(path):", "    with open(path, encoding='utf-8') as f:", "        return f.read()", "```"],
    ["```bash", "pnpm install --frozen-lockfile", "pnpm test -- --runInBand", "```"],
    ["```yaml", "retries: 3", "timeout_seconds: 30", "regions: [eu-west-1, ap-southeast-1]", "```"],
    ["```sql", "CREATE INDEX idx_orders_tenant ON orders (tenant_id, created_at);", "```"],
)


def paragraph(r: Rng, lang: str, n: int) -> str:
    pool = EN if lang == "en" else ZH
    joiner = " " if lang == "en" else ""
    return joiner.join(r.choice(pool) for _ in range(n))


def frontmatter(r: Rng, lang: str, slug: str, extra: list[str]) -> list[str]:
    created = r.randint(1_700_000_000_000, 1_790_000_000_000)
    summary = r.choice(EN if lang == "en" else ZH)
    lines = ["---", f"id: facts/{slug}", "kind: fact", f"summary: {summary}",
             f"created: {created}", f"updated: {created + r.randint(0, 10**9)}", "load_when:",
             f"  - {r.choice(['deploy', 'CI', 'SQLite', '部署', '分词', 'payments'])}"]
    return lines + extra + ["---", ""]


# --- placements ----------------------------------------------------------------------------

def context_core(r: Rng, kind: str, lang: str, placement: str) -> tuple[str, str]:
    make, en_keys, zh_keys = CONTEXT[kind]
    secret = make(r)
    key = r.choice(zh_keys if lang == "zh" else en_keys)
    if placement == "code-block":
        return r.choice([f'{key.replace(" ", "_")}="{secret}"', f"{key.replace(' ', '_')}: {secret}",
                         f'"{key}": "{secret}"']), secret
    if placement == "table":
        return f"{key} | {secret}", secret
    if lang == "zh" or any("\u4e00" <= c <= "\u9fff" for c in key):
        return r.choice([f"{key}：{secret}", f"{key}: {secret}", f"{key}是{secret}", f"{key}为「{secret}」"]), secret
    return r.choice([f"{key}: {secret}", f"{key} = {secret}", f"{key}={secret}", f'{key}: "{secret}"',
                     f"{key} is {secret}"]), secret


def place(r: Rng, placement: str, lang: str, core: str) -> tuple[list[str], list[str]]:
    """(frontmatter lines, body lines) carrying ``core`` in the given placement."""
    zh = lang == "zh"
    if placement == "prose":
        return [], [(f"部署说明：夜间任务使用 {core} 进行构建。" if zh else
                     f"Deploy note: the nightly job authenticates with {core} when it runs.")]
    if placement == "glued-zh":
        return [], [f"夜间任务使用{core}进行构建并上传产物"]
    if placement == "fullwidth":
        return [], [r.choice([f"新的凭据（{core}）已经生效。", f"值为「{core}」。", f"见【{core}】",
                              f"{core}，然后重启服务。", f"临时值：{core}；明天过期。", f"{core}、备用值稍后补充",
                              f"{core}\u3000（生产环境）", f"『{core}』", f"配置如下：{core}。"])]
    if placement == "frontmatter":
        if "\n" in core:
            return ["private_key: |", *("  " + line for line in core.splitlines())], []
        return [r.choice([f"highlight: CI 使用 {core} 部署" if zh else f"highlight: CI deploys with {core}",
                          f"note: {core}"])], []
    if placement == "table":
        head = ["| 服务 | 凭据 | 更新 |" if zh else "| service | credential | updated |", "|---|---|---|"]
        return [], head + [f"| ci | {core} | 2025-06-01 |"]
    if placement == "list":
        if "\n" in core:
            return [], ["- 服务账号密钥如下：" if zh else "- the service account key:", "",
                        *("  " + line for line in core.splitlines())]
        return [], [r.choice([f"- 夜间任务：{core}" if zh else f"- nightly job: {core}", f"* {core}", f"1. {core}"])]
    if placement == "code-block":
        if "\n" in core:
            return [], ["```", *core.splitlines(), "```"]
        if "=" in core or ":" in core:
            return [], ["```bash" if "=" in core else "```yaml", core, "```"]
        return [], r.choice([["```bash", f"export DEPLOY_CREDENTIAL={core}", "```"],
                             ["```json", f'{{"credential": "{core}"}}', "```"],
                             ["```python", f'client = Client("{core}")', "```"]])
    if placement == "html-comment":
        if "\n" in core:
            return [], ["<!--", *core.splitlines(), "-->"]
        return [], [f"<!-- {core} -->"]
    if placement == "url-query":
        return [], [f"回调地址：https://api.example.com/v1/run?credential={core}&dry=1" if zh else
                    f"Callback: https://api.example.com/v1/run?credential={core}&dry=1"]
    if placement == "inline-code":
        return [], [f"调用接口时用 `{core}` 认证。" if zh else f"Call the API with `{core}` as the credential."]
    if placement == "body":
        return [], core.splitlines()
    raise ValueError(placement)


def build_note(r: Rng, lang: str, slug: str, inserts: list[tuple[list[str], list[str], object]]) -> tuple[str, list]:
    """A note with filler prose around the inserted snippets; returns (text, [(first, last, label)])."""
    front_extra: list[str] = []
    labels = []
    fm_spans = []
    for fm, _, label in inserts:
        if fm:
            fm_spans.append((len(front_extra), len(front_extra) + len(fm) - 1, label))
            front_extra += fm
    lines = frontmatter(r, lang, slug, front_extra)
    offset = lines.index("---", 1) - len(front_extra) + 1  # 1-based line of the first extra field
    for a, b, label in fm_spans:
        labels.append((offset + a, offset + b, label))
    lines += [f"# {slug}", "", paragraph(r, lang, r.randint(3, 6)), ""]
    for _, body, label in inserts:
        if not body:
            continue
        lines += [paragraph(r, lang, r.randint(2, 4)), ""]
        first = len(lines) + 1
        lines += body
        labels.append((first, len(lines), label))
        lines.append("")
        if r.random() < 0.4:
            lines += r.choice(CODE) + [""]
    lines += [paragraph(r, lang, r.randint(4, 10)), ""]
    return "\n".join(lines) + "\n", labels


# --- look-alikes ---------------------------------------------------------------------------

def _jwt_io_sample() -> str:
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    payload = b64url(json.dumps({"sub": "1234567890", "name": "John Doe", "iat": 1516239022},
                                separators=(",", ":")).encode())
    return f"{header}.{payload}." + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV" + "_adQssw5c"


LOOKALIKES: dict[str, Callable[[Rng], str]] = {
    "git-sha": lambda r: r.choice([f"Fixed in commit {pick(r, HEX, 40)}.", f"commit: {pick(r, HEX, 40)}",
                                   f"https://github.com/acme/app/commit/{pick(r, HEX, 40)}",
                                   f"回滚到 {pick(r, HEX, 40)}，再重新部署。", f"rev = \"{pick(r, HEX, 40)}\""]),
    "uuid": lambda r: r.choice([f"request id {_uuid(r)}", f"trace_id: {_uuid(r)}", f"client_id: {_uuid(r)}",
                                f'"tenant": "{_uuid(r)}"', f"会话编号：{_uuid(r)}。"]),
    "digest": lambda r: r.choice([f"sha256: {pick(r, HEX, 64)}", f"digest: sha256:{pick(r, HEX, 64)}",
                                  f"pip install app==1.2 --hash=sha256:{pick(r, HEX, 64)}",
                                  f"sha512sum: {pick(r, HEX, 128)}", f"镜像摘要：sha256:{pick(r, HEX, 64)}。"]),
    "sri-integrity": lambda r: r.choice([
        f'"integrity": "sha512-{base64.b64encode(r.randbytes(64)).decode()}"',
        f"  integrity sha512-{base64.b64encode(r.randbytes(64)).decode()}",
        f'<script src="/app.js" integrity="sha384-{base64.b64encode(r.randbytes(48)).decode()}"></script>',
        f'"resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz#{pick(r, HEX, 40)}"']),
    "epoch-ms": lambda r: r.choice([f"updated_at: {r.randint(1_600_000_000_000, 1_800_000_000_000)}",
                                    f"took {r.randint(1_600_000_000_000, 1_800_000_000_000)} ms since epoch",
                                    f"时间戳 {r.randint(1_600_000_000_000, 1_800_000_000_000)} 对应发布时间"]),
    "aws-example": lambda r: r.choice(["aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
                                       "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                                       "AWS 文档里的示例密钥 AKIAIOSFODNN7EXAMPLE 不是真的。"]),
    "jwt-io-sample": lambda r: r.choice([f"Authorization: Bearer {_jwt_io_sample()}",
                                         f"jwt.io 的示例：{_jwt_io_sample()}"]),
    "slack-zeroed-webhook": lambda r: "https://hooks.slack.com/services/T00000000/B00000000/" + "X" * 24,
    "filler-body": lambda r: r.choice(["ghp_" + "x" * 36, "sk_live_" + "X" * 24, "glpat-" + "x" * 20,
                                       "AKIA" + "X" * 16, "xoxb-" + "0" * 12 + "-" + "0" * 13 + "-" + "x" * 24,
                                       "sk-proj-" + "x" * 64, "hf_" + "x" * 34, "npm_" + "0" * 36,
                                       "AIza" + "X" * 35, "dop_v1_" + "0" * 64]),
    "placeholder": lambda r: r.choice([
        "password: ${DB_PASSWORD}", "token: $GITHUB_TOKEN", "api_key: {{ api_key }}",
        "client_secret: <your-client-secret>", "password: ***", "密码：<你的密码>", "密钥：${ALIYUN_SECRET}",
        'OPENAI_API_KEY="your-api-key-here"', "token: \"<token>\"", "export GITHUB_TOKEN=ghp_...",
        "secret: ${{ secrets.DEPLOY_KEY }}", "db_password = os.environ[\"DB_PASSWORD\"]",
        "令牌：在 1Password 的“生产环境”条目里", "password: changeme", "api_key = %API_KEY%",
        "postgres://user:password@localhost:5432/app", "redis://:${REDIS_PASSWORD}@cache:6379"]),
    "stripe-publishable": lambda r: f"pk_{r.choice(['live', 'test'])}_{pick(r, B62, r.choice([24, 99]))}",
    "ssh-public-key": lambda r: r.choice([
        f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{pick(r, B62 + '+/', 43)} alice@laptop",
        f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{pick(r, B62 + '+/', 340)}= deploy@ci",
        f"public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{pick(r, B62 + '+/', 43)}"]),
    "data-uri": lambda r: f"![logo](data:image/png;base64,iVBORw0KGgo{base64.b64encode(r.randbytes(r.randint(200, 1500))).decode()})",
    "file-path": lambda r: r.choice(["/home/alice/.ssh/id_ed25519", "~/.config/opencode/memory/secrets.md",
                                     "C:\\Users\\bob\\AppData\\Roaming\\app\\token.json",
                                     "password_file: /run/secrets/db_password", "key: src/auth/token_store.py",
                                     "secret_path: /var/lib/app/secrets/signing_key.pem",
                                     "令牌文件：~/.config/gh/hosts.yml"]),
    "chinese-prose": lambda r: r.choice([
        "密码：请从保险库获取，不要写入笔记。", "访问密钥：见运维手册第三节。",
        "令牌：由持续集成在运行时注入，仓库里没有。", "密码必须至少包含十二个字符，并且每九十天更换一次。",
        "凭据：向值班同学申请临时权限，用完即删。", "口令：见纸质登记本，不要拍照。"]) + paragraph(r, "zh", 3),
    "prose-words": lambda r: r.choice([
        "token: expires after one hour", "the secret: keep it in Vault", "password: required for admins",
        "token_type: bearer", "max_tokens: 4096", "password_policy: strict", "public_key: see keys/ci.pub",
        "hf_hub_download caches files under ~/.cache", "npm_config_cache points to /tmp/npm",
        "Visit Asia in spring; the task-force keeps risk-free key-value notes.", "scikit-learn sk-learn",
        "The Bearer token is sent in the Authorization header.", "Basic authentication is disabled."]),
    # Code quoted in notes: calls, attributes, annotations, constants (added after a scan of
    # Python's own library showed these as the main source of keyword false alarms).
    "code": lambda r: r.choice([
        "token = get_token(session)", "password = os.getenv(\"DB_PASSWORD\")", "self.api_key = config.api_key",
        "def login(self, password: SecretStr | None = None) -> None:", "token: OAuth2Token",
        "secret_key = settings.SECRET_KEY", "tokens = tokenize.generate_tokens(f.readline)",
        "const token = await getToken(req);", "password: _PasswordType | None = None",
        "ACL_CREDENTIALS = \"Access-Control-Allow-Credentials\"", "if len(tokens) == _MAX_TOKENS_PER_LINE:",
        "authkey = process.current_process().authkey", "token = line[start:pos]", "pwd = os.getcwd()",
        "api_key: str = Field(default=None)", "SECRET = \"%(secret)s\"", "client_secret = request.form[\"secret\"]"]),
    "quoted-random": lambda r: r.choice([f'"etag": "W/\\"{pick(r, HEX, 32)}\\""', f"color: '#{pick(r, HEX, 6)}'",
                                         f'"build_id": "{pick(r, HEX, 24)}"', f'"version": "1.{r.randint(0, 40)}.{r.randint(0, 9)}"']),
}


def _uuid(r: Rng) -> str:
    h = pick(r, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


LOOKALIKE_PLACEMENTS = ("prose", "frontmatter", "table", "list", "code-block", "html-comment", "inline-code")


# --- the corpus ----------------------------------------------------------------------------

def secret_snippet(r: Rng, kind: str, lang: str, placement: str) -> str:
    """The text to place for one planted secret (the secret, or its key and the secret)."""
    if kind in CONTEXT:
        return context_core(r, kind, lang, placement)[0]
    return FAKES[kind](r)


def generate(out: Path, *, seed: int = 4, copies: int = 3, lookalike_bytes: int = 1_600_000,
             min_bytes: int = 8_000_000) -> dict:
    """Write the corpus under ``out``; return its labels.

    ``copies`` notes per (type, placement, language) carry planted secrets, two
    per note; look-alike notes follow until they hold ``lookalike_bytes``; clean
    notes (prose, lists, code, no secret) fill the corpus up to ``min_bytes``,
    because real memory is mostly clean. Labels: {"secrets": [{type, placement,
    lang, path, first, last}], "lookalike_files": [...], "clean_files": [...],
    "bytes": N}.
    """
    r = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    secrets: list[dict] = []
    lookalike_files: list[str] = []
    total = 0
    jobs = [(kind, placement, lang) for kind in ALL_TYPES for placement in placements_for(kind)
            for lang in ("en", "zh") for _ in range(copies)]
    r.shuffle(jobs)
    n = 0
    while jobs:
        batch, jobs = jobs[:2], jobs[2:]  # two planted secrets per note
        lang = batch[0][2]
        inserts, metas = [], []
        for kind, placement, _ in batch:
            core = secret_snippet(r, kind, lang, placement)
            fm, body = place(r, placement, lang, core)
            meta = {"type": kind, "placement": placement, "lang": lang}
            inserts.append((fm, body, len(metas)))
            metas.append(meta)
        n += 1
        rel = f"{'cn' if lang == 'zh' else 'en'}/secret-{n:05d}.md"
        text, spans = build_note(r, lang, f"secret-{n:05d}", inserts)
        for first, last, i in spans:
            secrets.append({**metas[i], "path": rel, "first": first, "last": last})
        total += _write(out / rel, text)
    n = 0
    lookalike_total = 0
    while lookalike_total < lookalike_bytes:
        n += 1
        lang = r.choice(("en", "zh"))
        inserts = []
        for _ in range(r.randint(4, 8)):
            category = r.choice(sorted(LOOKALIKES))
            inserts.append((*place(r, r.choice(LOOKALIKE_PLACEMENTS), lang, LOOKALIKES[category](r)), category))
        rel = f"lookalike/{lang}-{n:05d}.md"
        text, _ = build_note(r, lang, f"lookalike-{n:05d}", inserts)
        lookalike_files.append(rel)
        written = _write(out / rel, text)
        lookalike_total += written
        total += written
    clean_files = []
    n = 0
    while total < min_bytes:
        n += 1
        lang = r.choice(("en", "zh"))
        rel = f"clean/{lang}-{n:05d}.md"
        text, _ = build_note(r, lang, f"clean-{n:05d}", [([], r.choice(CODE), None)])
        clean_files.append(rel)
        total += _write(out / rel, text)
    return {"secrets": secrets, "lookalike_files": lookalike_files, "clean_files": clean_files, "bytes": total}


def _write(path: Path, text: str) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    path.write_bytes(data)
    return len(data)
