"""Blind evaluation set for ``memsync secrets scan``: credential *forms* (written blind).

    python3 bench/secrets_blind_forms.py                  # temp folder, removed afterwards
    python3 bench/secrets_blind_forms.py --keep /tmp/sbf  # keep the samples + labels.jsonl
    python3 bench/secrets_blind_forms.py --seed 7 --jobs 4

Written by an outside evaluator from a description of what the scanner must do,
without reading memsync's code, tests, docs or other bench sets. memsync is run
strictly as a black box: ``python3 -m memsync secrets scan --json FILE``, one
subprocess per sample file, HOME set to an empty temporary folder and the
working directory outside any git repository. Exit 1 = detection, 0 = clean,
anything else = error.

Families (each with positives and look-alike negatives):

  login-pair    user and password written as a pair near a login word (prose,
                tables, bullet lists; English, Chinese, Japanese, Korean)
  cli-password  passwords passed positionally / by a flag that does not name
                them: htpasswd -b/-nb, ssh-keygen -N/-P
  cred-url      credential URLs whose password holds '#', '!', '%23', digits first
  cjk-quotes    keys in CJK quotes or brackets: 「密码」：「…」, 【密钥】：…
  legacy-enc    notes saved as GBK / GB18030 / Big5 / Shift_JIS / EUC-KR (+EUC-JP,
                Latin-1 negatives)
  key-file      files like config/master.key, mongodb-keyfile, secret.key

No realistic secret is stored in this file: every planted credential value is
generated at run time from a seeded random generator (``--seed``). After the
run, every planted value (6+ characters) is looked for, whole, in every
stdout/stderr the scanner produced; any hit is reported as a leak.

Stdlib only.
"""
from __future__ import annotations

import argparse
import base64
import concurrent.futures
import json
import os
import random
import re
import shutil
import string
import subprocess
import sys
import tempfile
import time
import urllib.parse

DEFAULT_SEED = 20261208

# ---------------------------------------------------------------------------
# value generators (all driven by one seeded random.Random)
# ---------------------------------------------------------------------------

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = LOWER + UPPER + DIGITS
B64 = ALNUM + "+/"
SYLL_C = "bcdfghjklmnprstvwz"
SYLL_V = "aeiou"


def _syllables(rng, n):
    return "".join(rng.choice(SYLL_C) + rng.choice(SYLL_V) for _ in range(n))


def _ok_mixed(s):
    return (any(c in LOWER for c in s) and any(c in UPPER for c in s)
            and any(c in DIGITS for c in s))


def gen_pw(rng):
    """A password as people write them: random, word+digits+symbol, or lower+digits."""
    style = rng.random()
    if style < 0.45:
        pool = ALNUM + "!$%^&*_-.+="
        n = rng.randint(10, 16)
        while True:
            s = rng.choice(ALNUM) + "".join(rng.choice(pool) for _ in range(n - 1))
            if _ok_mixed(s):
                return s
    if style < 0.8:
        w = _syllables(rng, rng.randint(2, 4)).capitalize()
        sep = rng.choice(["", "", "_", "."])
        d = "".join(rng.choice(DIGITS) for _ in range(rng.randint(2, 4)))
        tail = rng.choice(["!", "$", "*", "", "!!", "&"])
        return w + sep + d + tail
    w = _syllables(rng, rng.randint(2, 3))
    d = "".join(rng.choice(DIGITS) for _ in range(rng.randint(2, 4)))
    return w + d + _syllables(rng, 1)


def gen_apw(rng):
    """A shell/URL-safe password: letters, digits, '_', '-', '.'."""
    pool = ALNUM + "_-."
    while True:
        n = rng.randint(10, 15)
        s = rng.choice(ALNUM) + "".join(rng.choice(pool) for _ in range(n - 1))
        if _ok_mixed(s) and s[-1] in ALNUM:
            return s


def gen_pw_hash(rng):
    """Password with a literal '#', as pasted into a URL (Pa55#word style)."""
    a = _syllables(rng, 2).capitalize()
    b = "".join(rng.choice(DIGITS) for _ in range(rng.randint(2, 3)))
    c = _syllables(rng, rng.randint(1, 2))
    return rng.choice([a + b + "#" + c, a + "#" + b + c, a + b + c + "#" + rng.choice(DIGITS)])


def gen_pw_bang(rng):
    a = _syllables(rng, rng.randint(2, 3)).capitalize()
    b = "".join(rng.choice(DIGITS) for _ in range(rng.randint(2, 4)))
    return rng.choice([a + b + "!", a + "!" + b, "!" + a + b, a + "!!" + b])


def gen_pw_pct(rng):
    """Percent-encoded password: contains %23 ('#'), %21 ('!') or %40 ('@')."""
    a = _syllables(rng, 2).capitalize()
    b = "".join(rng.choice(DIGITS) for _ in range(rng.randint(2, 4)))
    enc = rng.choice(["%23", "%23", "%21", "%40", "%24"])
    return rng.choice([a + enc + b, a + b + enc + _syllables(rng, 1)])


def gen_pw_digits(rng):
    """Password that starts with digits."""
    d = "".join(rng.choice(DIGITS) for _ in range(rng.randint(2, 6)))
    rest = rng.choice([_syllables(rng, 2).capitalize(), "".join(rng.choice(ALNUM) for _ in range(6))])
    return d + rest + rng.choice(["", "!", "x", "9"])


def gen_tok(rng, n=32):
    while True:
        s = "".join(rng.choice(ALNUM) for _ in range(n))
        if _ok_mixed(s):
            return s


def gen_hex(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def gen_b64_bytes(rng, nbytes):
    return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(nbytes))).decode()


def gen_mongo_key(rng):
    """openssl rand -base64 756 style: 64-char lines."""
    s = gen_b64_bytes(rng, 756)
    return "\n".join(s[i:i + 64] for i in range(0, len(s), 64))


def gen_django_key(rng):
    pool = "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)"
    while True:
        s = "".join(rng.choice(pool) for _ in range(50))
        if sum(c in DIGITS for c in s) >= 3:
            return s


def gen_pem_body(rng, nbytes):
    s = gen_b64_bytes(rng, nbytes)
    return "\n".join(s[i:i + 64] for i in range(0, len(s), 64))


def gen_ssh_pub(rng):
    # fixed ed25519 prefix + random 32-byte key
    raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + bytes(rng.getrandbits(8) for _ in range(32))
    return base64.b64encode(raw).decode()


def _min_len(gen, n=9):
    def g(rng):
        while True:
            v = gen(rng)
            if len(v) >= n:
                return v
    return g


gen_pw, gen_pw_hash, gen_pw_bang, gen_pw_pct, gen_pw_digits = (
    _min_len(gen_pw), _min_len(gen_pw_hash), _min_len(gen_pw_bang), _min_len(gen_pw_pct),
    _min_len(gen_pw_digits))


def shape(v):
    """Describe a value without revealing it: length and character classes."""
    cls = "".join(c for c, ok in (("a", any(x in LOWER for x in v)), ("A", any(x in UPPER for x in v)),
                                  ("9", any(x in DIGITS for x in v)),
                                  ("#", any(not x.isalnum() and not x.isspace() for x in v))) if ok)
    return f"{len(v)}ch {cls}"


GENERATORS = {
    # secret placeholders (recorded for the leak check when in a positive)
    "pw": gen_pw, "pw2": gen_pw, "pw3": gen_pw,
    "apw": gen_apw, "apw2": gen_apw,
    "pwh": gen_pw_hash, "pwb": gen_pw_bang, "pwp": gen_pw_pct, "pwd": gen_pw_digits,
    "tok": gen_tok, "tok40": lambda r: gen_tok(r, 40),
    "hex32": lambda r: gen_hex(r, 32), "hex64": lambda r: gen_hex(r, 64),
    "b64k": lambda r: gen_b64_bytes(r, 32),
    "mongokey": gen_mongo_key, "djkey": gen_django_key,
    "pemkey": lambda r: gen_pem_body(r, 1190),
    # non-secret look-alike material
    "sha1": lambda r: gen_hex(r, 40), "sha1b": lambda r: gen_hex(r, 40),
    "sha256": lambda r: gen_hex(r, 64), "sha256b": lambda r: gen_hex(r, 64),
    "sha256c": lambda r: gen_hex(r, 64),
    "short7": lambda r: gen_hex(r, 7),
    "sri": lambda r: gen_b64_bytes(r, 64), "sri2": lambda r: gen_b64_bytes(r, 64),
    "h1": lambda r: gen_b64_bytes(r, 32), "h1b": lambda r: gen_b64_bytes(r, 32),
    "pubpem": lambda r: gen_pem_body(r, 294), "pgppub": lambda r: gen_pem_body(r, 400),
    "sshpub": gen_ssh_pub,
    "encdata": lambda r: gen_b64_bytes(r, 180), "enciv": lambda r: gen_b64_bytes(r, 12),
    "enctag": lambda r: gen_b64_bytes(r, 16),
    "acct": lambda r: str(r.randint(10 ** 11, 10 ** 12 - 1)),
}
NON_SECRET = {"sha1", "sha1b", "sha256", "sha256b", "sha256c", "short7", "sri", "sri2",
              "h1", "h1b", "pubpem", "pgppub", "sshpub", "encdata", "enciv", "enctag", "acct"}
PH = re.compile(r"\{\{(\w+)\}\}")

# ---------------------------------------------------------------------------
# the labelled set
# ---------------------------------------------------------------------------

SAMPLES = []  # dicts: family, label, note, text, name, enc


def add(family, label, note, text, name="notes.md", enc="utf-8"):
    SAMPLES.append(dict(family=family, label=label, note=note, text=text, name=name, enc=enc))


def pos(family, note, text, name="notes.md", enc="utf-8"):
    add(family, "pos", note, text, name, enc)


def neg(family, note, text, name="notes.md", enc="utf-8"):
    add(family, "neg", note, text, name, enc)


# ---- 1. login pairs in prose ------------------------------------------------
F = "login-pair"
pos(F, "staging login: admin / pw", "## Staging\n\nstaging login: admin / {{pw}}\n")
pos(F, "测试账号 admin/pw", "测试账号 admin/{{apw}}\n")
pos(F, "creds: deploy:pw", "creds: deploy:{{pw}}\n")
pos(F, "log in with ops / pw (prose)",
    "To check the dead-letter queue, log in with ops / {{pw}} on the staging console.\n")
pos(F, "用 root:pw 登录后台", "用 root:{{apw}} 登录后台，改完记得退出。\n")
pos(F, "ログイン admin / pw", "ログイン admin / {{pw}}\n")
pos(F, "관리자 계정 admin / pw", "관리자 계정 admin / {{pw}}\n")
pos(F, "md table env|login|notes, user / pw cells",
    "## Test accounts\n\n| env | login | notes |\n|-----|-------|-------|\n"
    "| staging | qa_admin / {{pw}} | full rights |\n| staging | qa_viewer / {{pw2}} | read-only |\n")
pos(F, "md table 环境|账号|密码",
    "### 测试账号\n\n| 环境 | 账号 | 密码 |\n| --- | --- | --- |\n| 测试 | test01 | {{pw}} |\n| 预发 | test02 | {{pw2}} |\n")
pos(F, "bullet list of test accounts user / pw",
    "Test accounts for the demo (log in at /admin):\n\n- admin / {{pw}}\n- editor / {{pw2}}\n- viewer / {{pw3}}\n")
pos(F, "Grafana login bullet", "- Grafana login: admin / {{pw}} (change after first use)\n")
pos(F, "Jenkins login in backticks", "Jenkins login is `jenkins` / `{{pw}}`.\n")
pos(F, "后台登录：admin / pw", "后台登录：admin / {{pw}}\n")
pos(F, "跳板机登录信息 root / pw", "跳板机登录信息：root / {{apw}}\n")
pos(F, "测试环境账号密码 test01/pw", "测试环境账号密码 test01/{{apw}}\n")
pos(F, "sign in as svc / pw (backticks)", "Sign in as `svc-backup` / `{{pw}}` on the NAS web UI.\n")
pos(F, "ssh login ubuntu / pw", "ssh login for bastion-2 (password auth still on): ubuntu / {{pw}}\n")
pos(F, "検証環境のログイン tester / pw", "検証環境のログイン: tester / {{pw}}\n")
pos(F, "로그인 정보 admin / pw", "로그인 정보: admin / {{pw}}\n")
pos(F, "테스트 계정 qa01 / pw", "테스트 계정 qa01 / {{apw}} (로그인 후 변경 필요)\n")
pos(F, "Router admin login → admin:pw", "Router admin login → admin:{{apw}}\n")
pos(F, "email / pw credentials", "Demo tenant credentials: demo@example.com / {{pw}}\n")
pos(F, "默认账号 admin，初始密码 pw", "默认账号 admin，初始密码 {{apw}}，首次登录后修改。\n")
pos(F, "agent memory bullet: DB login `u` / `pw`",
    "# Memory\n\n- 2025-03-02: staging DB login is `app_rw` / `{{pw}}` "
    "(user asked me to remember this for migrations).\n")
pos(F, "u/p for captive portal", "u/p for the captive portal: guest / {{apw}}\n")
pos(F, "- 账号：ops_admin / pw（登录堡垒机用）", "- 账号：ops_admin / {{pw}}（登录堡垒机用）\n")
pos(F, "log on as Administrator / pw", "Windows VM: log on as Administrator / {{pw}}\n")
pos(F, "RabbitMQ UI login admin:pw", "RabbitMQ management UI login admin:{{apw}}\n")
pos(F, "JA md table 環境|ログイン",
    "| 環境 | ログイン |\n|---|---|\n| stg | admin / {{pw}} |\n| dev | dev / {{pw2}} |\n")
pos(F, "KO bullets 스테이징 로그인 deploy / pw",
    "- 스테이징 로그인: deploy / {{pw}}\n- 운영 로그인: 관리자에게 문의\n")
pos(F, "creds for jira: bot:pw", "creds for the jira test instance: jira-bot:{{apw}}\n")
pos(F, "ログインID / PW: admin / pw", "ログインID / PW: admin / {{pw}}\n")
pos(F, "Login: `admin` Password: `pw`", "Login: `admin`  Password: `{{pw}}`\n")
pos(F, "账号/密码：admin/pw", "账号/密码：admin/{{apw}}\n")
pos(F, "pgAdmin log in with postgres / pw", "pgAdmin: log in with postgres / {{pw}}\n")
pos(F, "JA prose NAS にログイン（admin / pw）",
    "NAS 管理画面にログイン（admin / {{pw}}）して共有フォルダの設定を変更した。\n")
pos(F, "Airflow UI login user:pw", "Airflow UI login airflow:{{apw}} (local docker-compose only)\n")
pos(F, "multi-line: login heading then user/pw lines",
    "### Staging login\n\nuser: qa-lead\npass: {{pw}}\n")
pos(F, "KO prose 관리자 페이지 로그인은 root / pw",
    "관리자 페이지 로그인은 root / {{pw}} 으로 하면 됩니다.\n")

neg(F, "login page URL", "The staging login page is at https://staging.example.com/login — use SSO.\n")
neg(F, "login via GitHub/GitLab", "login via GitHub/GitLab; there are no local accounts.\n")
neg(F, "account: team/project-name", "account: team/project-name\n")
neg(F, "time 9:30 / 16:00 + login", "Standup 9:30 / retro 16:00 — login to Zoom via SSO.\n")
neg(F, "ratios 16:9 / 4:3", "Login screen artwork must support 16:9 / 4:3 ratios.\n")
neg(F, "ask ops / SRE to log in", "Ask ops / SRE to log in and restart the worker.\n")
neg(F, "AWS account id + role ARN", "AWS login: account {{acct}}, role arn:aws:iam::{{acct}}:role/Admin\n")
neg(F, "placeholder <password>", "staging login: admin / <password>\n")
neg(F, "masked ****", "staging login: admin / ****\n")
neg(F, "changeme default", "default login is admin / changeme (forced reset on first boot)\n")
neg(F, "${VAR} placeholders", "login: ${DB_USER} / ${DB_PASSWORD}\n")
neg(F, "sign in with Google", "Sign in with Google using your @example.com account.\n")
neg(F, "登录方式：GitHub/GitLab", "登录方式：GitHub/GitLab 账号授权\n")
neg(F, "测试账号在 1Password", "测试账号在 1Password 的 QA vault 里，别写在这里。\n")
neg(F, "SSO / Okta", "log in with your SSO / Okta credentials\n")
neg(F, "role names roles/viewer", "Login roles: roles/viewer / roles/editor\n")
neg(F, "k8s namespace/service", "login to the cluster, namespace payments/api-gateway\n")
neg(F, "service name auth-service/login-handler", "service: auth-service/login-handler\n")
neg(F, "paths /etc/pam.d/login", "PAM config: /etc/pam.d/login / /etc/pam.d/sshd\n")
neg(F, "email for login issues", "Contact admin@example.com for login issues.\n")
neg(F, "用 root 账号登录后台，密码找运维要", "用 root 账号登录后台，密码找运维要。\n")
neg(F, "ログイン画面 URL", "ログイン画面: https://example.jp/login\n")
neg(F, "관리자 계정은 SSO로 로그인", "관리자 계정은 SSO로 로그인합니다.\n")
neg(F, "assumed-role ARN", "login: arn:aws:sts::{{acct}}:assumed-role/Dev/alice\n")
neg(F, "creds: vault path", "creds: see vault path secret/data/staging/db\n")
neg(F, "log in with ops / on-call profile", "log in with ops / on-call profile: `aws sso login --profile ops`\n")
neg(F, "table user|password (in Vault)",
    "| user | password |\n|---|---|\n| qa01 | (in Vault) |\n| qa02 | (in Vault) |\n")
neg(F, "user/pass form → MFA", "Login flow: user/pass form → MFA → dashboard\n")
neg(F, "time window 09:30/18:00", "Maintenance window 09:30/18:00 — login disabled.\n")
neg(F, "username/password disabled", "Login with username/password is disabled; use SSO.\n")
neg(F, "git@github.com:org/repo.git", "git login over ssh: git@github.com:org/repo.git\n")
neg(F, "测试账号 test01/test02/test03", "测试账号：test01/test02/test03（密码统一找 QA 领）\n")
neg(F, "Google アカウント / Microsoft アカウント",
    "ログインは Google アカウント / Microsoft アカウント で可能です。\n")
neg(F, "<your-password>", "Grafana login admin / <your-password>\n")
neg(F, "versions v2.3.1 / v2.4.0", "login service v2.3.1 / v2.4.0 rollout\n")
neg(F, "email / URL", "login: user@example.com / https://id.example.com\n")
neg(F, "scopes read:packages/write:packages", "creds: deploy role has read:packages/write:packages scopes\n")
neg(F, "ratio 12/30 days", "Login success 12/30 days above 99%.\n")
neg(F, "k8s ns/svc list", "k8s: kube-system/coredns, auth/login-api\n")
neg(F, "로그인 페이지 path", "로그인 페이지: admin/login.html\n")
neg(F, "登录账号：zhangsan / 部门", "登录账号：zhangsan（工号 10086）/ 部门：平台组\n")
neg(F, "user / group", "Login as the `deploy` user / group `www-data`.\n")
neg(F, "account ids + magic link", "Test account ids: 10293 / 10294 (login via magic link)\n")
neg(F, "login: admin / (ask in #ops)", "staging login: admin / (ask in #ops-help)\n")

# ---- 2. command-line passwords ----------------------------------------------
F = "cli-password"
pos(F, "htpasswd -b file user pw", "htpasswd -b /etc/nginx/.htpasswd admin {{apw}}\n", "setup.sh")
pos(F, "htpasswd -nb user pw >>", "htpasswd -nb admin {{apw}} >> .htpasswd\n", "setup.sh")
pos(F, "htpasswd -bc", "htpasswd -bc users.htpasswd ops {{apw}}\n", "notes.md")
pos(F, "htpasswd -Bb -C 10", "htpasswd -Bb -C 10 /etc/apache2/.htpasswd admin '{{pw}}'\n", "notes.md")
pos(F, "ssh-keygen -N 'pw' -f", "ssh-keygen -t ed25519 -N '{{pw}}' -f ~/.ssh/deploy\n", "notes.md")
pos(F, "ssh-keygen -p -P old -N new", "ssh-keygen -p -P {{apw}} -N {{apw2}} -f ~/.ssh/id_rsa\n", "notes.md")
pos(F, "ssh-keygen continuation lines in fence",
    "Generate the CI key:\n\n```bash\nssh-keygen -t rsa -b 4096 \\\n  -C \"ci@example.com\" \\\n"
    "  -N \"{{pw}}\" \\\n  -f ./ci_key\n```\n")
pos(F, "prose with inline ssh-keygen -N",
    "I generated the deploy key with `ssh-keygen -N {{apw}} -f deploy_key`; same passphrase for the backup key.\n")
pos(F, "docker run htpasswd -nbB", "docker run --rm httpd:2.4 htpasswd -nbB admin '{{pw}}' > auth/htpasswd\n",
    "README.md")
pos(F, "htpasswd -b with continuation lines",
    "```sh\nhtpasswd -b \\\n  /etc/nginx/htpasswd \\\n  grafana {{apw}}\n```\n")
pos(F, "sudo htpasswd -b -c squid", "sudo htpasswd -b -c /etc/squid/passwd proxyuser {{apw}}\n")
pos(F, "ZH prose htpasswd -nb", "用 `htpasswd -nb admin {{apw}}` 生成了 basic auth 的那一行，贴进 ingress 注解。\n")
pos(F, "JA prose ssh-keygen -N", "鍵は `ssh-keygen -t ed25519 -N {{apw}}` で作成した。\n")
pos(F, "ssh-keygen -P old -N '' (old passphrase)", "ssh-keygen -f id_ed25519 -p -P '{{pw}}' -N ''\n")
pos(F, "Makefile htpasswd -Bbn", "auth:\n\thtpasswd -Bbn $(USER) {{apw}} > .htpasswd\n", "Makefile")
pos(F, "Dockerfile RUN htpasswd -Bbc",
    "FROM nginx:1.25\nRUN apt-get update && apt-get install -y apache2-utils \\\n"
    " && htpasswd -Bbc /etc/nginx/.htpasswd admin {{apw}}\n", "Dockerfile")
pos(F, "ssh-keygen -q -N pw <<< y", "ssh-keygen -q -t rsa -N {{apw}} -f /tmp/k <<< y\n", "gen.sh")
pos(F, "KO prose ssh-keygen -N", "`ssh-keygen -N {{apw}} -f ~/.ssh/backup` 로 백업용 키를 만들었습니다.\n")
pos(F, "CI yaml run: ssh-keygen -N \"pw\"",
    "steps:\n  - name: key\n    run: ssh-keygen -t ed25519 -N \"{{pw}}\" -f deploy\n", ".gitlab-ci.yml")
pos(F, "htpasswd -vb (verify)", "check it: htpasswd -vb .htpasswd admin {{apw}}\n")
pos(F, "ssh-keygen -N attached", "ssh-keygen -N{{apw}} -f k\n", "gen.sh")
pos(F, "htpasswd -nbm in prose after colon", "basic auth line came from: htpasswd -nbm monitor {{apw}}\n")
pos(F, "ssh-keygen -P in list item", "- rotate: `ssh-keygen -p -f ~/.ssh/ops -P {{apw}} -N {{apw2}}`\n")
pos(F, "htpasswd -b in shell script with set -e",
    "#!/bin/sh\nset -e\nmkdir -p /etc/nginx\nhtpasswd -c -b /etc/nginx/.htpasswd kibana {{apw}}\nnginx -t\n",
    "bootstrap.sh")

neg(F, "htpasswd man synopsis -b", "htpasswd -b[cmBdpsDv] [ -C cost ] [ -r rounds ] passwdfile username password\n")
neg(F, "ssh-keygen synopsis -N new_passphrase",
    "ssh-keygen [-q] [-a rounds] [-b bits] [-C comment] [-f output_keyfile] [-m format]\n"
    "           [-N new_passphrase] [-O option] [-t dsa | ecdsa | ed25519 | rsa]\n")
neg(F, "ssh-keygen -p synopsis", "ssh-keygen -p [-a rounds] [-f keyfile] [-m format] [-N new_passphrase] [-P old_passphrase]\n")
neg(F, "tutorial <user> <pass>", "htpasswd -nb <user> <pass>\n")
neg(F, "-N '' empty", "ssh-keygen -t ed25519 -N '' -f ~/.ssh/ci\n")
neg(F, "-N \"\" empty", "ssh-keygen -q -N \"\" -f key\n")
neg(F, "ssh -N tunnel", "ssh -N -L 5432:localhost:5432 bastion\n")
neg(F, "pg_dump -N schema", "pg_dump -N audit -N tmp mydb > dump.sql\n")
neg(F, "psql -P pager=off", "psql -P pager=off -c 'select 1'\n")
neg(F, "ssh-keygen && ssh -N host", "ssh-keygen -t ed25519 -f k && ssh -N tunnel-host\n")
neg(F, "htpasswd -c interactive", "htpasswd -c /etc/nginx/.htpasswd admin\n")
neg(F, "htpasswd -nbB \"$VAR\"", "htpasswd -nbB admin \"$ADMIN_PASSWORD\"\n")
neg(F, "ssh-keygen -N \"$PASSPHRASE\"", "ssh-keygen -N \"$PASSPHRASE\" -f key\n")
neg(F, "ssh-keygen -N \"${KEY_PASSPHRASE}\"", "ssh-keygen -t ed25519 -N \"${KEY_PASSPHRASE}\" -f ./deploy\n")
neg(F, "ssh-keygen -lf", "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n")
neg(F, "ssh-keygen -R host", "ssh-keygen -R host.example.com\n")
neg(F, "htpasswd -D delete", "htpasswd -D .htpasswd olduser\n")
neg(F, "mysql -P port", "mysql -h db -P 3306 -u app -p app_db\n")
neg(F, "ssh-keygen without -N", "ssh-keygen -t rsa -b 4096 -C you@example.com\n")
neg(F, "nc -N host", "printf 'GET / HTTP/1.0\\r\\n\\r\\n' | nc -N example.com 80\n")
neg(F, "tutorial literal username password", "htpasswd -b passwordfile username password\n")
neg(F, "placeholder words new_passphrase old_passphrase", "ssh-keygen -p -N new_passphrase -P old_passphrase -f key\n")
neg(F, "ZH tutorial 用户名 密码", "`htpasswd -b 文件 用户名 密码` 中最后一个参数是明文密码，不要写进脚本。\n")
neg(F, "command substitution $(pass show)", "ssh-keygen -a 100 -t ed25519 -N \"$(pass show ssh/deploy)\" -f deploy\n")
neg(F, "xargs -P 4", "find . -name '*.log' | xargs -P 4 -n 1 gzip\n")
neg(F, "htpasswd masked ****", "htpasswd -nbB admin ****\n")
neg(F, "ssh-keygen -N <passphrase>", "ssh-keygen -N <passphrase> -f deploy_key\n")
neg(F, "prose about -N flag", "Note: `-N` sets the new passphrase and `-P` the old one; leave -N empty for CI keys.\n")
neg(F, "ssh -N -f with ; then ssh-keygen -l", "ssh -N -f -D 1080 jump; ssh-keygen -l -f ~/.ssh/known_hosts\n")
neg(F, "htpasswd -i reads stdin", "echo \"$PW\" | htpasswd -i -c .htpasswd admin\n")
neg(F, "sort -N / ls -N unrelated", "ls -N /srv && du -sh /srv/* | sort -h\n")

# ---- 3. credential URLs -----------------------------------------------------
F = "cred-url"
pos(F, "postgres u:pw-with-#@host", "postgres://app:{{pwh}}@db.internal:5432/app\n")
pos(F, "mysql root:pw-with-!@ip", "mysql://root:{{pwb}}@10.0.3.12:3306/shop\n")
pos(F, "postgresql pw with %xx encoding", "postgresql://app:{{pwp}}@db/app\n")
pos(F, "redis :digits-first-pw@", "redis://:{{pwd}}@cache:6379/0\n")
pos(F, "amqp user:pw", "amqp://worker:{{apw}}@rabbit:5672/vhost\n")
pos(F, "mongodb+srv with #", "mongodb+srv://admin:{{pwh}}@cluster0.abcd.mongodb.net/test?retryWrites=true\n")
pos(F, "https git remote with !", "https://deploy:{{pwb}}@git.example.com/org/repo.git\n")
pos(F, ".env DATABASE_URL digits first", "DATABASE_URL=postgres://app:{{pwd}}@localhost/app_dev\n", ".env")
pos(F, "jdbc ?user=&password=", "url: \"jdbc:mysql://db:3306/app?user=app&password={{apw}}\"\n", "application.yml")
pos(F, "ftp with #", "ftp://backup:{{pwh}}@files.example.com/dumps/\n")
pos(F, "smtp with %xx", "smtp://mailer:{{pwp}}@smtp.example.com:587\n")
pos(F, "router http admin:digits", "http://admin:{{pwd}}@192.168.1.1/\n")
pos(F, "ZH 数据库连接串 with #", "数据库连接串：postgres://reader:{{pwh}}@pg-prod:5432/bi\n")
pos(F, "JA 接続文字列 with !", "接続文字列 mysql://app:{{pwb}}@db01/app\n")
pos(F, "KO DB 주소 with %xx", "DB 주소: postgresql://svc:{{pwp}}@10.1.2.3/main\n")
pos(F, "ini sqlalchemy.url with #", "[alembic]\nsqlalchemy.url = postgresql+psycopg2://etl:{{pwh}}@warehouse/etl\n",
    "alembic.ini")
pos(F, "proxy= with !", "proxy=http://jdoe:{{pwb}}@proxy.corp:3128\n", ".npmrc")
pos(F, "pip index-url digits first", "[global]\nindex-url = https://ci:{{pwd}}@nexus.example.com/repository/pypi/simple\n",
    "pip.conf")
pos(F, "redis cloud default:# pw", "redis://default:{{pwh}}@redis-12345.c1.example-cloud.com:12345\n")
pos(F, "git remote set-url with %xx", "git remote set-url origin https://bot:{{pwp}}@gitlab.example.com/team/app.git\n")
pos(F, "sftp digits first", "sftp://deploy:{{pwd}}@sftp.example.com:22/upload\n")
pos(F, "docker-compose env URL with #",
    "services:\n  api:\n    environment:\n      - DATABASE_URL=postgresql://api:{{pwh}}@postgres:5432/api\n",
    "docker-compose.yml")
pos(F, "markdown inline code URL with !", "Prod read replica: `postgres://ro:{{pwb}}@replica-1.internal/app`\n")
pos(F, "URL in prose with trailing period, digits first",
    "Connect with mongodb://root:{{pwd}}@mongo-0.mongo:27017/admin.\n")
pos(F, "toml url with # in quotes", "[database]\nurl = \"mysql://app:{{pwh}}@127.0.0.1:3306/app\"\n", "config.toml")
pos(F, "celery broker with %xx", "CELERY_BROKER_URL = 'amqp://celery:{{pwp}}@mq:5672//'\n", "settings.py")

neg(F, "http://host:8080#section", "see http://host:8080#section\n")
neg(F, "https://docs/x#y:z@w", "https://docs.example.com/x#y:z@w\n")
neg(F, "git+ssh URL", "pip install git+ssh://git@github.com/org/repo.git\n")
neg(F, "ssh URL with port", "ssh://git@gitlab.example.com:2222/team/app.git\n")
neg(F, "postgres no creds", "postgres://localhost:5432/app\n")
neg(F, "postgres user only", "postgres://app@localhost/app\n")
neg(F, "mailto", "mailto:ops@example.com\n")
neg(F, "plain email", "Send the report to alice.smith@example.com by Friday.\n")
neg(F, "placeholder user:password", "postgres://user:password@localhost/db\n")
neg(F, "${VAR} URL", "postgres://${DB_USER}:${DB_PASS}@${DB_HOST}/app\n")
neg(F, "<password> URL", "mysql://root:<password>@db/app\n")
neg(F, "masked ****", "https://deploy:****@git.example.com/org/repo.git\n")
neg(F, "fragment with colon and @", "https://example.com/wiki/Page#Section:Sub@2\n")
neg(F, "IPv6 loopback port", "curl http://[::1]:8080/health\n")
neg(F, "github line anchors", "https://github.com/org/repo/blob/main/README.md#L10-L20\n")
neg(F, "git+https @tag #egg", "git+https://github.com/org/pkg.git@v1.2.3#egg=pkg\n", "requirements.txt")
neg(F, "git+ssh @branch #subdirectory", "git+ssh://git@github.com/org/pkg.git@main#subdirectory=lib\n",
    "requirements.txt")
neg(F, "SPA hash route", "http://localhost:3000/#/users/42\n")
neg(F, "redis no creds", "redis://cache:6379/0\n")
neg(F, "placeholder user:pass", "postgres://user:pass@host/db\n")
neg(F, "ZH 连接串格式 用户名:密码", "连接串格式：postgres://用户名:密码@主机:端口/库名\n")
neg(F, "wikipedia #Syntax", "https://en.wikipedia.org/wiki/URL#Syntax\n")
neg(F, "CI_JOB_TOKEN env URL", "git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.com/group/repo.git\n")
neg(F, "image digest @sha256", "docker pull registry.example.com:5000/app:1.2.3@sha256:{{sha256}}\n")
neg(F, "npm git+ssh #semver", "npm install git+ssh://git@github.com:org/repo.git#semver:^1.0.0\n")
neg(F, "scp-like host:path", "rsync -av deploy@web-1:/srv/app/releases/ ./releases/\n")
neg(F, "time in URL query", "https://calendar.example.com/event?start=09:30&tz=UTC#day:2@week\n")
neg(F, "JA placeholder URL", "接続文字列の形式: mysql://ユーザー:パスワード@ホスト/DB名\n")

# ---- 4. CJK quotes and brackets ---------------------------------------------
F = "cjk-quotes"
pos(F, "「密码」：「pw」", "「密码」：「{{pw}}」\n")
pos(F, "“密码”：pw", "“密码”：{{pw}}\n")
pos(F, "【密钥】：token", "【密钥】：{{tok}}\n")
pos(F, "『パスワード』：pw", "『パスワード』：{{pw}}\n")
pos(F, "「パスワード」：pw", "「パスワード」：{{pw}}\n")
pos(F, "【口令】pw (no colon)", "【口令】{{apw}}\n")
pos(F, "“password”：“pw”", "“password”：“{{pw}}”\n")
pos(F, "【API Key】：token", "【API Key】：{{tok}}\n")
pos(F, "「API キー」：token", "「API キー」：{{tok40}}\n")
pos(F, "【token】：token", "【token】：{{tok}}\n")
pos(F, "［密码］：pw fullwidth brackets", "［密码］：{{pw}}\n")
pos(F, "“비밀번호”: pw", "“비밀번호”: {{pw}}\n")
pos(F, "账号：admin，“密码”：pw", "账号：admin，“密码”：{{pw}}\n")
pos(F, "【数据库密码】：pw", "【数据库密码】：{{pw}}\n")
pos(F, "「シークレット」：token", "「シークレット」：{{tok}}\n")
pos(F, "【AccessKeySecret】：token", "【AccessKeyId】：LTAI{{short7}}\n【AccessKeySecret】：{{tok}}\n")
pos(F, "‘密码’：‘pw’", "‘密码’：‘{{pw}}’\n")
pos(F, "〖密码〗pw", "〖密码〗{{apw}}\n")
pos(F, "list 【测试环境】账号 test，【密码】：pw", "- 【测试环境】账号：test，【密码】：{{pw}}\n")
pos(F, "“密钥”=“token”", "“密钥”=“{{tok}}”\n")
pos(F, "「パスワード」は「pw」です", "管理画面の「パスワード」は「{{pw}}」です。\n")
pos(F, "《密码》：pw", "《密码》：{{pw}}\n")
pos(F, "【비밀번호】：pw", "【비밀번호】：{{pw}}\n")
pos(F, "「口令」: pw halfwidth colon", "「口令」: {{apw}}\n")
pos(F, "【Secret】 in table cell",
    "| 项目 | 值 |\n|---|---|\n| 【AppID】 | 10086 |\n| 【AppSecret】 | {{hex32}} |\n")

neg(F, "「密码」一栏填 8 位以上", "「密码」一栏填 8 位以上\n")
neg(F, "“密码”：见运维手册", "“密码”：见运维手册\n")
neg(F, "【密钥】：存放在 KMS", "【密钥】：存放在 KMS 中，不要写进笔记\n")
neg(F, "『パスワード』：管理者に確認", "『パスワード』：管理者に確認してください\n")
neg(F, "「パスワード」を忘れた場合", "「パスワード」を忘れた場合は再設定リンクから変更する。\n")
neg(F, "【口令】：请使用 1Password 共享", "【口令】：请使用 1Password 共享\n")
neg(F, "“密码”：<在此填写>", "“密码”：<在此填写>\n")
neg(F, "“密码”：********", "“密码”：********\n")
neg(F, "【token】：${GITHUB_TOKEN}", "【token】：${GITHUB_TOKEN}\n")
neg(F, "“비밀번호”: 관리자에게 문의", "“비밀번호”: 관리자에게 문의\n")
neg(F, "「密码」字段不能为空", "「密码」字段不能为空\n")
neg(F, "【密码】规则", "【密码】规则：至少 12 位，包含大小写字母和数字\n")
neg(F, "“密码”：同上", "“密码”：同上\n")
neg(F, "「パスワード」：未設定", "「パスワード」：未設定\n")
neg(F, "【密钥】：待申请", "【密钥】：待申请\n")
neg(F, "“password”：“changeme”", "“password”：“changeme”\n")
neg(F, "「密码」：「」 empty", "「密码」：「」\n")
neg(F, "《密码法》 law title", "参考《密码法》第二十条和《商用密码管理条例》。\n")
neg(F, "【密钥管理】：参见 docs", "【密钥管理】：参见 docs/security/kms.md\n")
neg(F, "「パスワード」：（各自のもの）", "「パスワード」：（各自のもの）\n")
neg(F, "“密码”：与登录账号相同", "“密码”：与登录账号相同\n")
neg(F, "【API Key】：在控制台生成", "【API Key】：在控制台 → 设置 → 开发者 中生成\n")
neg(F, "「密码」：「your-password」 placeholder", "「密码」：「your-password」\n")
neg(F, "UI label list with quotes", "登录框有三个输入项：「用户名」「密码」「验证码」。\n")
neg(F, "【token】：过期时间 7200 秒", "【token】：有效期 7200 秒，过期后用 refresh_token 换新\n")

# ---- 5. legacy encodings ----------------------------------------------------
F = "legacy-enc"
LEG_POS = [
    ("数据库密码：{{pw}}\n", ["gbk", "gb18030"], "ZH 数据库密码："),
    ("口令: {{apw}}\n", ["gbk"], "ZH 口令:"),
    ("测试账号 admin/{{apw}}，登录后台用\n", ["gbk", "gb18030"], "ZH login pair"),
    ("密钥={{tok}}\n", ["gbk"], "ZH 密钥="),
    ("# 运维笔记\n\n【密钥】：{{tok}}\n", ["gb18030"], "ZH 【密钥】"),
    ("密码 = \"{{pw}}\"\n", ["gb18030"], "ZH 密码 = \"...\""),
    ("连接串 postgres://app:{{pwh}}@db/app\n", ["gbk"], "ZH cred URL with #"),
    ("資料庫密碼：{{pw}}\n", ["big5"], "TW 資料庫密碼："),
    ("密碼: {{apw}}\n", ["big5"], "TW 密碼:"),
    ("金鑰：{{tok}}\n", ["big5"], "TW 金鑰："),
    ("測試帳號 admin / {{pw}}（登入後台）\n", ["big5"], "TW login pair"),
    ("パスワード：{{pw}}\n", ["shift_jis", "euc_jp"], "JA パスワード："),
    ("ログイン admin / {{pw}}\n", ["shift_jis"], "JA login pair"),
    ("DBパスワード = {{apw}}\n", ["shift_jis"], "JA DBパスワード ="),
    ("APIキー: {{tok}}\n", ["shift_jis"], "JA APIキー:"),
    ("## 検証環境\n\n「パスワード」：「{{pw}}」\n", ["shift_jis"], "JA 「パスワード」"),
    ("비밀번호: {{pw}}\n", ["euc_kr"], "KO 비밀번호:"),
    ("관리자 계정 admin / {{pw}}\n", ["euc_kr"], "KO login pair"),
    ("DB 비밀번호 = {{apw}}\n", ["euc_kr"], "KO DB 비밀번호 ="),
    ("암호키: {{tok}}\n", ["euc_kr"], "KO 암호키:"),
    ("Passwort für den Testserver: {{pw}} (Zugang für Jürgen)\n", ["latin-1"], "DE Passwort: (Latin-1)"),
    ("mot de passe du serveur de préprod : {{pw}}\n", ["latin-1"], "FR mot de passe (Latin-1)"),
]
for text, encs, note in LEG_POS:
    for enc in encs:
        pos(F, f"{note} [{enc}]", text, "notes.md", enc)

LEG_NEG = [
    ("今天讨论了密码策略，要求至少 12 位，每 90 天轮换一次。\n", ["gbk", "gb18030"], "ZH policy prose"),
    ("会议纪要：登录页改版，账号体系接入统一认证。\n", ["gbk"], "ZH meeting note"),
    ("密码：<在此填写>\n", ["gbk"], "ZH placeholder <在此填写>"),
    ("密钥轮换周期为 90 天，由 KMS 自动完成。\n", ["gb18030"], "ZH key rotation prose"),
    ("【密钥】：存放在保险柜中，找运维领取\n", ["gb18030"], "ZH 【密钥】 pointer"),
    ("請勿將密碼寫入筆記。\n", ["big5"], "TW don't write passwords"),
    ("登入方式：使用 Google 帳號\n", ["big5"], "TW sign in with Google"),
    ("密碼：請洽系統管理員\n", ["big5"], "TW 密碼：ask admin"),
    ("パスワードは管理者に確認してください。\n", ["shift_jis", "euc_jp"], "JA ask admin"),
    ("ログイン画面のデザインを変更した。\n", ["shift_jis"], "JA login UI prose"),
    ("パスワード：********\n", ["shift_jis"], "JA masked"),
    ("ログイン: https://example.jp/login\n", ["shift_jis"], "JA login URL"),
    ("비밀번호는 관리자에게 문의하세요.\n", ["euc_kr"], "KO ask admin"),
    ("로그인 페이지 URL: https://example.kr/login\n", ["euc_kr"], "KO login URL"),
    ("비밀번호 규칙: 최소 12자, 대소문자와 숫자 포함\n", ["euc_kr"], "KO policy"),
    ("Café résumé: naïve Ångström façade, Straße, señor.\n", ["latin-1"], "Latin-1 accents"),
    ("Réunion à 9:30 - mot de passe : voir le coffre-fort de l'équipe.\n", ["latin-1"], "FR mot de passe pointer"),
    ("Passwort: siehe Tresor (Zugang über Jörg)\n", ["latin-1"], "DE Passwort pointer"),
    ("Projektübersicht: Größe, Maße, Gebühren - Anmeldung über SSO.\n", ["latin-1"], "DE prose"),
    ("账号：admin（密码见 1Password）\n", ["gbk"], "ZH account + pointer"),
]
for text, encs, note in LEG_NEG:
    for enc in encs:
        neg(F, f"{note} [{enc}]", text, "notes.md", enc)

# ---- 6. key files -----------------------------------------------------------
F = "key-file"
pos(F, "Rails config/master.key (32 hex, no newline)", "{{hex32}}", "config/master.key")
pos(F, "Rails credentials/production.key", "{{hex32}}\n", "config/credentials/production.key")
pos(F, "Rails credentials/staging.key", "{{hex32}}\n", "config/credentials/staging.key")
pos(F, "mongodb-keyfile (openssl rand -base64 756)", "{{mongokey}}\n", "deploy/mongodb-keyfile")
pos(F, "mongodb-keyfile at root", "{{mongokey}}\n", "mongodb-keyfile")
pos(F, "secret.key 64 hex", "{{hex64}}\n", "secret.key")
pos(F, "secret.key base64 32 bytes", "{{b64k}}\n", "storage/secret.key")
pos(F, "secret.key Django-style 50 chars", "{{djkey}}\n", "secret.key")
pos(F, "master.key CRLF", "{{hex32}}\r\n", "config/master.key")
pos(F, "PEM private key in oauth-private.key",
    "-----BEGIN PRIVATE KEY-----\n{{pemkey}}\n-----END PRIVATE KEY-----\n", "storage/oauth-private.key")
pos(F, "encryption.key random token", "{{tok40}}\n", "config/encryption.key")
pos(F, "docker mongo keyfile under docker/", "{{mongokey}}\n", "docker/mongo/mongodb-keyfile")
pos(F, "credentials/development.key", "{{hex32}}\n", "config/credentials/development.key")
pos(F, "jwt secret.key base64 32 bytes", "{{b64k}}\n", "keys/jwt/secret.key")

neg(F, "PEM PUBLIC KEY in public.key",
    "-----BEGIN PUBLIC KEY-----\n{{pubpem}}\n-----END PUBLIC KEY-----\n", "config/jwt/public.key")
neg(F, "PEM PUBLIC KEY in jwt-public.key",
    "-----BEGIN PUBLIC KEY-----\n{{pubpem}}\n-----END PUBLIC KEY-----\n", "certs/jwt-public.key")
neg(F, "RSA PUBLIC KEY in rsa.pub.key",
    "-----BEGIN RSA PUBLIC KEY-----\n{{pubpem}}\n-----END RSA PUBLIC KEY-----\n", "keys/rsa.pub.key")
neg(F, "PGP PUBLIC KEY BLOCK in release.key",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n{{pgppub}}\n-----END PGP PUBLIC KEY BLOCK-----\n", "release.key")
neg(F, "ssh-ed25519 public key in deploy.pub.key", "ssh-ed25519 {{sshpub}} deploy@ci\n", "keys/deploy.pub.key")
neg(F, "empty master.key", "", "config/master.key")
neg(F, "placeholder master.key", "REPLACE_ME\n", "config/master.key")
neg(F, "placeholder production.key", "<paste key from 1Password here>\n", "config/credentials/production.key")
neg(F, "secret.key changeme", "changeme\n", "secret.key")
neg(F, "notes.key holding meeting notes prose",
    "Key decisions (2025-04-02):\n- ship the billing page behind a flag\n- move standup to 9:30\n", "meeting-notes.key")
neg(F, "checksums.txt sha256 lines",
    "{{sha256}}  app-linux-amd64.tar.gz\n{{sha256b}}  app-darwin-arm64.tar.gz\n{{sha256c}}  app-windows-amd64.zip\n",
    "dist/checksums.txt")
neg(F, "*.sha256 digest + filename", "{{sha256}}  release-1.4.2.tar.gz\n", "dist/release-1.4.2.tar.gz.sha256")
neg(F, "*.sha256 bare digest", "{{sha256}}\n", "dist/app.zip.sha256")
neg(F, "SHA256SUMS", "{{sha256}} *installer.exe\n{{sha256b}} *installer.msi\n", "SHA256SUMS")
neg(F, "Capistrano REVISION file (commit id)", "{{sha1}}\n", "REVISION")
neg(F, "note with git commit ids",
    "Deployed {{sha1}} to prod; rollback target is {{sha1b}} ({{short7}}).\n", "notes.md")
neg(F, "go.sum h1 hashes",
    "github.com/pkg/errors v0.9.1 h1:{{h1}}\ngithub.com/pkg/errors v0.9.1/go.mod h1:{{h1b}}\n", "go.sum")
neg(F, "package-lock integrity sha512",
    "{\n  \"node_modules/left-pad\": {\n    \"version\": \"1.3.0\",\n"
    "    \"integrity\": \"sha512-{{sri}}\"\n  },\n  \"node_modules/ms\": {\n    \"version\": \"2.1.3\",\n"
    "    \"integrity\": \"sha512-{{sri2}}\"\n  }\n}\n", "package-lock.json")
neg(F, "Rails credentials.yml.enc (ciphertext, meant to be committed)",
    "{{encdata}}--{{enciv}}--{{enctag}}", "config/credentials/production.yml.enc")
neg(F, "image.digest sha256:", "sha256:{{sha256}}\n", "build/image.digest")
neg(F, ".git-blame-ignore-revs commit ids",
    "# ran black over the codebase\n{{sha1}}\n# prettier\n{{sha1b}}\n", ".git-blame-ignore-revs")
neg(F, "mongodb-keyfile.example placeholder",
    "# generate with: openssl rand -base64 756 > mongodb-keyfile\n", "deploy/mongodb-keyfile.example")


# ---------------------------------------------------------------------------
# build
# ---------------------------------------------------------------------------

def render(sample, rng):
    values = {}

    def sub(m):
        k = m.group(1)
        if k not in values:
            values[k] = GENERATORS[k](rng)
        return values[k]

    text = PH.sub(sub, sample["text"])
    secrets = set()
    shapes = []
    if sample["label"] == "pos":
        for k, v in values.items():
            if k in NON_SECRET:
                continue
            shapes.append(shape(v) if "\n" not in v else f"{v.count(chr(10)) + 1} lines")
            for piece in v.split("\n"):
                piece = piece.strip()
                if len(piece) >= 6:
                    secrets.add(piece)
                    dec = urllib.parse.unquote(piece)
                    if dec != piece and len(dec) >= 6:
                        secrets.add(dec)
    return text, sorted(secrets), shapes


def build(root, seed):
    rng = random.Random(seed)
    prefix = {"login-pair": "lp", "cli-password": "cli", "cred-url": "url",
              "cjk-quotes": "cjk", "legacy-enc": "enc", "key-file": "key"}
    counters = {}
    rows = []
    for s in SAMPLES:
        p = prefix[s["family"]]
        counters[p] = counters.get(p, 0) + 1
        sid = f"{p}-{counters[p]:03d}-{s['label']}"
        text, secrets, shapes = render(s, rng)
        data = text.encode(s["enc"])  # strict: the sample must be representable
        rel = os.path.join("samples", sid, s["name"])
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        rows.append(dict(id=sid, file=rel, label=s["label"], family=s["family"], note=s["note"],
                         encoding=s["enc"], _secrets=secrets, _shapes=shapes))
    with open(os.path.join(root, "labels.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps({k: v for k, v in r.items() if not k.startswith("_")},
                               ensure_ascii=False) + "\n")
    return rows


# ---------------------------------------------------------------------------
# run
# ---------------------------------------------------------------------------

def scan_one(python, path, home, cwd, env):
    cmd = [python, "-m", "memsync", "secrets", "scan", "--json", path]
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=120)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode("utf-8", "replace"), (e.stderr or b"").decode("utf-8", "replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--keep", metavar="DIR", help="write samples here and keep them")
    ap.add_argument("--jobs", type=int, default=max(1, min(8, os.cpu_count() or 1)))
    ap.add_argument("--python", default="python3", help="interpreter that runs `-m memsync` (default python3)")
    args = ap.parse_args(argv)

    t0 = time.time()
    tmp_all = tempfile.mkdtemp(prefix="secrets_blind_forms_")
    home = os.path.join(tmp_all, "home")
    cwd = os.path.join(tmp_all, "cwd")
    os.makedirs(home)
    os.makedirs(cwd)
    if args.keep:
        root = os.path.abspath(args.keep)
        os.makedirs(root, exist_ok=True)
    else:
        root = os.path.join(tmp_all, "set")
        os.makedirs(root)
    try:
        rows = build(root, args.seed)
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSYNC_")}
        env["HOME"] = home
        env.pop("GIT_DIR", None)
        env.pop("GIT_WORK_TREE", None)
        env["GIT_CEILING_DIRECTORIES"] = os.path.dirname(tmp_all)

        t1 = time.time()
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            futs = {ex.submit(scan_one, args.python, os.path.join(root, r["file"]), home, cwd, env): r
                    for r in rows}
            for fut in concurrent.futures.as_completed(futs):
                r = futs[fut]
                r["rc"], r["stdout"], r["stderr"] = fut.result()
        t2 = time.time()

        for r in rows:
            r["rules"] = []
            r["skipped"] = False
            try:
                js = json.loads(r["stdout"])
                r["rules"] = [f"{x.get('rule')}@L{x.get('line')}" for x in js.get("findings", [])]
                r["skipped"] = bool(js.get("skipped"))
                if js.get("errors"):
                    r["json_errors"] = js["errors"]
            except Exception:
                pass
            r["outcome"] = {0: "clean", 1: "flagged"}.get(r["rc"], "error")

        report(rows, args, t2 - t1, time.time() - t0, root)
    finally:
        shutil.rmtree(tmp_all, ignore_errors=True)  # --keep DIR lives outside tmp_all
    return 0


def report(rows, args, scan_secs, total_secs, root):
    fams = []
    for r in rows:
        if r["family"] not in fams:
            fams.append(r["family"])
    out = []
    out.append(f"# memsync secrets scan — blind forms set (seed {args.seed})\n")
    out.append(f"{len(rows)} samples, {sum(r['label'] == 'pos' for r in rows)} positives / "
               f"{sum(r['label'] == 'neg' for r in rows)} negatives.\n")
    out.append("| family | positives flagged / positives | negatives flagged / negatives | errors | skipped |")
    out.append("|---|---|---|---|---|")
    tp = P = fp = N = err = skp = 0
    for fam in fams:
        fr = [r for r in rows if r["family"] == fam]
        p = [r for r in fr if r["label"] == "pos"]
        n = [r for r in fr if r["label"] == "neg"]
        a = sum(r["outcome"] == "flagged" for r in p)
        b = sum(r["outcome"] == "flagged" for r in n)
        e = sum(r["outcome"] == "error" for r in fr)
        s = sum(r["skipped"] for r in fr)
        out.append(f"| {fam} | {a} / {len(p)} | {b} / {len(n)} | {e} | {s} |")
        tp += a; P += len(p); fp += b; N += len(n); err += e; skp += s
    out.append(f"| **total** | **{tp} / {P}** ({100 * tp / max(P, 1):.1f}%) | "
               f"**{fp} / {N}** ({100 * fp / max(N, 1):.1f}%) | {err} | {skp} |")
    out.append("")

    misses = [r for r in rows if r["label"] == "pos" and r["outcome"] == "clean"]
    fps = [r for r in rows if r["label"] == "neg" and r["outcome"] == "flagged"]
    errs = [r for r in rows if r["outcome"] == "error" or r.get("json_errors")]
    out.append(f"## Misses ({len(misses)})\n")
    for r in misses:
        out.append(f"- `{r['id']}` — {r['note']}  (value: {'; '.join(r['_shapes'])})"
                   + ("  (skipped)" if r["skipped"] else ""))
    out.append(f"\n## False positives ({len(fps)})\n")
    for r in fps:
        out.append(f"- `{r['id']}` — {r['note']}  [{', '.join(r['rules'])}]")
    if errs:
        out.append(f"\n## Errors ({len(errs)})\n")
        for r in errs:
            msg = (r["stderr"].strip().splitlines() or [""])[-1][:200]
            out.append(f"- `{r['id']}` rc={r['rc']} {msg} {r.get('json_errors', '')}")

    # leak check
    leaks = []
    blob_by_id = {r["id"]: r["stdout"] + "\n" + r["stderr"] for r in rows}
    all_blob = "\n".join(blob_by_id.values())
    n_secrets = 0
    for r in rows:
        for sec in r["_secrets"]:
            n_secrets += 1
            if sec in all_blob:
                where = [i for i, b in blob_by_id.items() if sec in b]
                leaks.append((r["id"], len(sec), where))
    out.append("\n## Leak check\n")
    if leaks:
        out.append(f"LEAK: {len(leaks)} of {n_secrets} planted values appear whole in scanner output:")
        for sid, ln, where in leaks:
            out.append(f"- value from `{sid}` ({ln} chars) found in output of {', '.join(where)}")
    else:
        out.append(f"OK: none of the {n_secrets} planted values (6+ chars) appears whole in any stdout/stderr.")
    out.append(f"\nScan time {scan_secs:.1f}s ({args.jobs} parallel jobs), total {total_secs:.1f}s.")
    if args.keep:
        out.append(f"Samples and labels.jsonl kept in {root}")
    print("\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
