"""A third blind evaluation of the secret gate: plain credentials in every common syntax.

Written from descriptions only (token formats in shared/notes/secrets.md, the claims and the
list of syntaxes in the brief r11-secblind3, the layout of bench/secrets_blind_encoded2.py's
docstring and runner), without reading the scanner, its docs, its tests or its own
benchmarks. Every credential is built at run time from its format description (fixed seed),
so this file holds no token; documented public examples are assembled from their parts.

The set: Markdown memory notes (facts/<label>-<kind>-<n>.md, frontmatter, prose around a
fenced block, Chinese prose in about a third) and bare files (files/<label>-<kind>-<n>/.env,
config.toml, .netrc, .npmrc, ...), one case each. Positives cover shells (sh, fish,
PowerShell, cmd), Dockerfile, compose, Kubernetes, Helm, Terraform, TOML, INI, .properties,
YAML (block scalars, flow maps, anchors), JSON, XML, .NET and JDBC connection strings,
Python, JS/TS, Go, Rust, Kotlin, Scala, Swift, Ruby, PHP, Perl, Lua, SQL, CLI flags, curl,
dotfiles, Markdown tables, inline code and Chinese sentences. Look-alikes (more than twice
as many) are the same syntaxes with placeholders of every kind, plus env lookups in every
language, references to where a secret lives, numeric settings, names that are not values,
public ids, lockfile hashes, UUIDs, SHAs, colours, data URIs, trace ids, Chinese prose
about password policy.

Groups (label in the path and in labels.json beside the notes folder):
  pos   claimed: must be found, at a line the secret spans
  neg   look-alike: must not be found
  amb   the claims do not decide (reported, not scored)

Run: python3 bench/secrets_blind_syntax.py [--keep DIR] [--seed N] [--no-write]
Runs `python3 -m memsync secrets scan --json DIR` (whole process), detect-secrets
(`detect-secrets scan --all-files`) and gitleaks (`gitleaks dir`, from $GITLEAKS or PATH)
on the same folder, prints Markdown tables and writes bench/results/secrets_blind_syntax.md
(with --section NAME it replaces only that section of the file, so a first run is kept
beside later ones). It also checks that no line of any scanner's output holds a whole secret.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import random
import re
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
from functools import partial
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from bench.secrets_baselines import run_detect_secrets, run_gitleaks  # noqa: E402
from bench.results_file import write_section  # noqa: E402

RESULT = REPO / "bench" / "results" / "secrets_blind_syntax.md"

ALNUM = string.ascii_letters + string.digits
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
WORD = ALNUM + "_-"
HEX = "0123456789abcdef"
B32 = string.ascii_uppercase + "234567"


class Gen:
    """Credentials built from their format descriptions (notes/secrets.md §1.4)."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def s(self, alphabet: str, n: int) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def crc6(self, body: str) -> str:
        n, out = zlib.crc32(body.encode()), ""
        while n:
            n, d = divmod(n, 62)
            out = B62[d] + out
        return out.rjust(6, "0")

    # vendor shapes
    def github(self) -> str:
        b = self.s(ALNUM, 30)
        return self.r.choice(["ghp", "gho", "ghs"]) + "_" + b + self.crc6(b)

    def github_fg(self) -> str:
        return "github" + "_pat_" + self.s(ALNUM, 22) + "_" + self.s(ALNUM, 59)

    def gitlab(self) -> str:
        return "gl" + "pat-" + self.s(ALNUM + "_", 20)

    def slack(self) -> str:
        return "xo" + "xb-" + self.s(string.digits, 12) + "-" + self.s(string.digits, 13) + "-" + self.s(ALNUM, 24)

    def stripe(self) -> str:
        return self.r.choice(["sk", "rk"]) + "_li" + "ve_" + self.s(ALNUM, 24)

    def aws_id(self) -> str:
        return "AK" + "IA" + self.s(B32, 16)

    def aws_secret(self) -> str:
        return self.s(ALNUM + "/+", 40)

    def openai(self) -> str:
        return "sk-" + "proj-" + self.s(WORD, 74) + "T3Blbk" + "FJ" + self.s(WORD, 74)

    def anthropic(self) -> str:
        return "sk-" + "ant-api03-" + self.s(WORD, 93) + "AA"

    def google(self) -> str:
        return "AI" + "za" + self.s(WORD, 35)

    def npm(self) -> str:
        b = self.s(ALNUM, 30)
        return "npm" + "_" + b + self.crc6(b)

    def pypi(self) -> str:
        return "pypi-" + "AgEIcHlwaS5vcmc" + self.s(WORD, 80)

    def sendgrid(self) -> str:
        return "S" + "G." + self.s(WORD, 22) + "." + self.s(WORD, 43)

    def twilio_key(self) -> str:
        return "S" + "K" + self.s(HEX, 32)

    def hf(self) -> str:
        return "h" + "f_" + self.s(string.ascii_letters, 34)

    def jwt(self) -> str:
        head = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")))
        body = b64url(json.dumps({"sub": self.s(string.digits, 8), "role": "service", "iat": 1760000000 + self.r.randrange(10**6)},
                                 separators=(",", ":")))
        return head + "." + body + "." + b64url(self.r.randbytes(32))

    def pem(self) -> str:
        kind = self.r.choice(["RSA ", "EC ", "OPENSSH ", ""])
        body = base64.b64encode(self.r.randbytes(600)).decode()
        lines = [body[i:i + 64] for i in range(0, len(body), 64)]
        return "\n".join(["-----" + "BEGIN " + kind + "PRIVATE KEY-----", *lines, "-----" + "END " + kind + "PRIVATE KEY-----"])

    # generic
    def pw(self, n: int = 0, url_safe: bool = False) -> str:
        """A high-entropy password with each character class present."""
        n = n or self.r.randint(14, 22)
        sym = "-_.~" if url_safe else "!%+-_.~"
        while True:
            p = self.s(ALNUM + sym, n)
            if (any(c.isupper() for c in p) and any(c.islower() for c in p) and any(c.isdigit() for c in p)
                    and any(c in sym for c in p) and p[0].isalnum()):
                return p

    def tok(self, n: int = 32) -> str:
        return self.s(ALNUM, n)

    def hex(self, n: int) -> str:
        return self.s(HEX, n)

    def uuid(self) -> str:
        return str(uuid.UUID(bytes=self.r.randbytes(16), version=4))


def b64url(s: str | bytes) -> str:
    raw = s.encode() if isinstance(s, str) else s
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@dataclass
class Case:
    label: str  # pos / neg / amb
    kind: str  # syntax (pos) or look-alike kind (neg)
    context: str  # one line, no secret
    body: str  # note body (Markdown) or whole file (bare)
    fname: str = ""  # bare file name; empty = a Markdown note
    rule: str = ""  # expected rule kind: vendor / assign / url / header / pem
    secret: str = ""  # the anchor: accepted lines are those it spans; never to be printed
    syntax: str = ""  # for look-alikes built from a syntax template


EN_PRE = [
    "Staging setup, written down so the next session does not rediscover it.",
    "How the deploy job reaches the database after the migration.",
    "Pitfall: the service refuses to start without this setting.",
    "Local dev config that worked after the upgrade.",
    "The snippet we used while debugging the login failure.",
    "Copied from the runbook for the nightly job.",
]
EN_POST = ["Rotate it when the contractor leaves.", "Works on macOS and Linux.", "", "Checked on 2026-11-20.", ""]
ZH_PRE = [
    "预发布环境的配置，记下来免得下次再查。",
    "部署脚本连接数据库的方式如下。",
    "坑：缺少这个设置服务起不来。",
    "升级之后本地开发环境这样配置可以跑通。",
    "排查登录失败时用到的片段。",
    "夜间任务的运行手册里抄来的。",
]
ZH_POST = ["外包离场后记得轮换。", "在 macOS 和 Linux 上都验证过。", "", "2026-11-20 核对过。", ""]


def note(summary: str, body: str) -> str:
    return f"---\nsummary: {summary}\n---\n\n{body.rstrip()}\n"


# Placeholder values, by kind; each syntax template is also written with two of these.
PLACEHOLDERS: dict[str, list[str]] = {
    "ph-angle": ["<your-token>", "<db-password>", "<YOUR_API_KEY>", "<secret>"],
    "ph-env": ["${DB_PASSWORD}", "${API_TOKEN:?}", "$SECRET_KEY", "${DB_PASSWORD:-}"],
    "ph-template": ["{{ .Values.db.password }}", "{{ vault_api_token }}", "{{DB_PASSWORD}}", "{{ secrets.token }}"],
    "ph-word": ["changeme", "your_api_key_here", "REPLACE_ME", "password", "dummy", "example-token", "TODO"],
    "ph-mask": ["xxxxxxxxxxxxxxxx", "************", "XXXXXXXXXXXXXXXXXXXXXXXX", "...", "••••••••"],
}


def build_cases(seed: int = 20261202) -> list[Case]:
    g = Gen(seed)
    r = g.r
    cases: list[Case] = []
    n_md = [0]

    def wrap(code: str, lang: str, fname: str) -> str:
        if fname:
            return code.rstrip() + "\n"
        n_md[0] += 1
        zh = n_md[0] % 3 == 0
        pre = r.choice(ZH_PRE if zh else EN_PRE)
        post = r.choice(ZH_POST if zh else EN_POST)
        text = f"{pre}\n\n```{lang}\n{code.rstrip()}\n```\n"
        return text + (f"\n{post}\n" if post else "")

    # ---------------------------------------------------------------- syntax templates
    # (kind, context, lang, template(value) -> code, value maker, rule kind, bare file name)
    Syn = tuple[str, str, str, Callable[[str], str], Callable[[], str], str, str]
    S: list[Syn] = [
        ("sh-export", "shell export of a database password", "sh",
         lambda v: f"export DB_HOST=db.internal\nexport DB_PASSWORD={v}\n./migrate up", lambda: g.pw(url_safe=True), "assign", ""),
        ("sh-quoted", "shell assignment, double-quoted token", "bash",
         lambda v: f'API_TOKEN="{v}"\ncurl -s "$BASE/health"', g.tok, "assign", ""),
        ("sh-vendor-export", "shell export of a GitHub token", "sh",
         lambda v: f"export GITHUB_TOKEN={v}\ngh repo list", g.github, "vendor", ""),
        ("fish-set-x", "fish set -x of an auth token", "fish",
         lambda v: f"set -x AUTH_TOKEN {v}\nfish_add_path ~/.local/bin", g.tok, "assign", ""),
        ("fish-set-gx-vendor", "fish set -gx of a GitLab token", "fish",
         lambda v: f"set -gx GITLAB_TOKEN {v}", g.gitlab, "vendor", ""),
        ("powershell-env", "PowerShell $env assignment", "powershell",
         lambda v: f"$env:STRIPE_SECRET_KEY = '{v}'\ndotnet run", g.stripe, "vendor", ""),
        ("powershell-env-generic", "PowerShell $env assignment of a generic secret", "powershell",
         lambda v: f'$env:ClientSecret = "{v}"\n.\\deploy.ps1', g.pw, "assign", ""),
        ("cmd-set", "Windows cmd set of an admin password", "bat",
         lambda v: f"set ADMIN_PWD={v}\ncall deploy.bat", g.pw, "assign", ""),
        ("dockerfile-env", "Dockerfile ENV key=value", "dockerfile",
         lambda v: f"FROM node:20-slim\nENV NPM_TOKEN={v}\nRUN npm ci", g.npm, "vendor", ""),
        ("dockerfile-env-space", "Dockerfile ENV key value (space form)", "dockerfile",
         lambda v: f"FROM python:3.12\nENV DB_PASSWORD {v}\nCMD [\"gunicorn\", \"app:app\"]", g.pw, "assign", ""),
        ("dockerfile-arg", "Dockerfile ARG with a default", "dockerfile",
         lambda v: f"ARG api_key={v}\nRUN ./fetch-models.sh", g.tok, "assign", ""),
        ("compose-env-list", "compose environment: list form", "yaml",
         lambda v: f"services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=app\n      - POSTGRES_PASSWORD={v}", g.pw, "assign", ""),
        ("compose-env-map", "compose environment: map form (bare file)", "",
         lambda v: f"services:\n  db:\n    image: mysql:8\n    environment:\n      MYSQL_DATABASE: app\n      MYSQL_ROOT_PASSWORD: {v}\n", g.pw, "assign", "docker-compose.yml"),
        ("k8s-stringdata", "Kubernetes Secret stringData", "yaml",
         lambda v: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: api\nstringData:\n  username: svc\n  password: {v}", g.pw, "assign", ""),
        ("helm-values", "Helm values.yaml nested rootPassword (bare file)", "",
         lambda v: f"auth:\n  enabled: true\n  rootPassword: \"{v}\"\n  username: app\n", g.pw, "assign", "values.yaml"),
        ("hcl-attr", "Terraform resource attribute", "hcl",
         lambda v: f'resource "aws_db_instance" "main" {{\n  engine   = "postgres"\n  username = "app"\n  password = "{v}"\n}}', g.pw, "assign", ""),
        ("hcl-variable-default", "Terraform variable default", "hcl",
         lambda v: f'variable "db_password" {{\n  type    = string\n  default = "{v}"\n}}', g.pw, "assign", ""),
        ("toml", "TOML table with a password (bare config.toml)", "",
         lambda v: f'[database]\nhost = "db.internal"\nport = 5432\npassword = "{v}"\n', g.pw, "assign", "config.toml"),
        ("ini", "INI section, unquoted smtp_pass", "ini",
         lambda v: f"[smtp]\nhost = mail.example.org\nsmtp_user = noreply\nsmtp_pass = {v}", g.pw, "assign", ""),
        ("properties-eq", "Java .properties with =", "properties",
         lambda v: f"db.url=jdbc:postgresql://db/app\ndb.password={v}", g.pw, "assign", ""),
        ("properties-colon", "Java .properties with : (bare file)", "",
         lambda v: f"spring.datasource.username: app\nspring.datasource.password: {v}\n", g.pw, "assign", "application.properties"),
        ("properties-space", "Java .properties with a space separator", "properties",
         lambda v: f"mail.smtp.host smtp.example.org\nmail.smtp.password {v}", g.pw, "assign", ""),
        ("yaml-block-scalar", "YAML literal block scalar under client_secret", "yaml",
         lambda v: f"oauth:\n  client_id: web-frontend\n  client_secret: |\n    {v}\n  scopes: [openid]", g.tok, "assign", ""),
        ("yaml-folded-vendor", "YAML folded scalar holding an OpenAI key", "yaml",
         lambda v: f"llm:\n  provider: openai\n  api_key: >-\n    {v}", g.openai, "vendor", ""),
        ("yaml-flow-map", "YAML flow map", "yaml",
         lambda v: f"redis: {{host: cache, port: 6379, password: {v}}}", g.pw, "assign", ""),
        ("yaml-anchor", "YAML anchor and merge key", "yaml",
         lambda v: f"defaults: &db\n  user: app\n  password: {v}\nproduction:\n  <<: *db\n  host: db.prod", g.pw, "assign", ""),
        ("yaml-kebab", "YAML kebab-case client-secret", "yaml",
         lambda v: f"sso:\n  client-id: portal\n  client-secret: {v}", g.tok, "assign", ""),
        ("json-pretty", "JSON nested, pretty-printed (bare appsettings.json)", "",
         lambda v: '{\n  "Logging": {"LogLevel": {"Default": "Information"}},\n  "Auth": {\n    "ClientId": "portal",\n'
                   f'    "ClientSecret": "{v}"\n  }}\n}}\n', g.tok, "assign", "appsettings.json"),
        ("json-minified", "JSON minified on one line", "json",
         lambda v: f'{{"service":"billing","credentials":{{"user":"svc","accessKey":"{v}"}},"retries":3}}', g.tok, "assign", ""),
        ("json-vendor", "JSON holding an Anthropic key", "json",
         lambda v: f'{{\n  "model": "claude-sonnet",\n  "anthropic_api_key": "{v}"\n}}', g.anthropic, "vendor", ""),
        ("xml-element", "XML element (Maven settings)", "xml",
         lambda v: f"<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>{v}</password>\n</server>", g.pw, "assign", ""),
        ("xml-attribute", "XML attribute password=", "xml",
         lambda v: f'<dataSource driver="org.postgresql.Driver" user="app" password="{v}" url="jdbc:postgresql://db/app"/>', g.pw, "assign", ""),
        ("xml-appsettings", "web.config appSettings key/value", "xml",
         lambda v: f'<appSettings>\n  <add key="SendGridApiKey" value="{v}" />\n</appSettings>', g.sendgrid, "vendor", ""),
        ("dotnet-connstr", ".NET connection string Password=", "json",
         lambda v: f'"ConnectionStrings": {{\n  "Default": "Server=sql01;Database=app;User Id=sa;Password={v};TrustServerCertificate=True"\n}}', g.pw, "assign", ""),
        ("jdbc-query", "JDBC URL with password= query parameter", "properties",
         lambda v: f"spring.datasource.url=jdbc:mysql://db:3306/app?user=app&password={v}&useSSL=true", lambda: g.pw(url_safe=True), "assign", ""),
        ("python-kwarg", "Python keyword argument password=", "python",
         lambda v: f'conn = psycopg2.connect(host="db", user="app",\n                        password="{v}")', g.pw, "assign", ""),
        ("python-dict", "Python dict literal, single quotes", "python",
         lambda v: f"SETTINGS = {{\n    'region': 'eu-west-1',\n    'secret_key': '{v}',\n}}", g.tok, "assign", ""),
        ("python-setdefault", "Python os.environ.setdefault of the AWS secret", "python",
         lambda v: f'os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "{v}")', g.aws_secret, "assign", ""),
        ("python-aws-pair", "Python boto3 client with key id and secret", "python",
         lambda v: f's3 = boto3.client("s3", aws_access_key_id="{v}",\n                  region_name="eu-west-1")', g.aws_id, "vendor", ""),
        ("js-const", "JS const apiKey", "js",
         lambda v: f"const apiKey = '{v}';\nconst client = new Client({{ apiKey }});", g.tok, "assign", ""),
        ("js-object-unquoted", "JS object with unquoted key", "js",
         lambda v: f"module.exports = {{\n  clientId: 'portal',\n  clientSecret: '{v}',\n}};", g.tok, "assign", ""),
        ("ts-nullish", "TS env lookup with a ?? fallback literal", "ts",
         lambda v: f"const token: string = process.env.SLACK_TOKEN ?? '{v}';", g.slack, "vendor", ""),
        ("ts-nullish-generic", "TS ?? fallback to a generic secret", "ts",
         lambda v: f'const dbPass = process.env.DB_PASS ?? "{v}";', g.pw, "assign", ""),
        ("go-short-decl", "Go := declaration", "go",
         lambda v: f'password := "{v}"\ndb, err := sql.Open("postgres", dsn(password))', g.pw, "assign", ""),
        ("go-struct", "Go struct literal field", "go",
         lambda v: f'cfg := Config{{\n\tUser:     "app",\n\tPassword: "{v}",\n}}', g.pw, "assign", ""),
        ("rust-let", "Rust let binding", "rust",
         lambda v: f'let api_token = "{v}";\nlet client = Client::new(api_token);', g.tok, "assign", ""),
        ("kotlin-val", "Kotlin val", "kotlin",
         lambda v: f'val dbPassword = "{v}"', g.pw, "assign", ""),
        ("scala-val", "Scala val with a type", "scala",
         lambda v: f'val secretKey: String = "{v}"', g.tok, "assign", ""),
        ("swift-let", "Swift let", "swift",
         lambda v: f'let authToken = "{v}"\nrequest.setValue(authToken, forHTTPHeaderField: "X-Auth")', g.tok, "assign", ""),
        ("ruby-hashrocket", "Ruby hash with =>", "ruby",
         lambda v: f"ActiveRecord::Base.establish_connection(:adapter => 'postgresql', :password => '{v}')", g.pw, "assign", ""),
        ("ruby-key-hash", "Ruby key: hash", "ruby",
         lambda v: f"Stripe.api_key = ENV.fetch('STRIPE_KEY')\nclient = Api.new(host: 'api.internal', private_key: '{v}')", g.tok, "assign", ""),
        ("php-define", "PHP define()", "php",
         lambda v: f"<?php\ndefine('DB_PASSWORD', '{v}');\ndefine('DB_HOST', 'localhost');", g.pw, "assign", ""),
        ("php-var", "PHP variable assignment", "php",
         lambda v: f"$db_pass = '{v}';\n$pdo = new PDO($dsn, 'app', $db_pass);", g.pw, "assign", ""),
        ("perl-my", "Perl my $password", "perl",
         lambda v: f"my $password = '{v}';\nmy $dbh = DBI->connect($dsn, 'app', $password);", g.pw, "assign", ""),
        ("lua-local", "Lua local", "lua",
         lambda v: f'local api_key = "{v}"\nlocal res = http.get(url, {{ headers = {{ ["X-Key"] = api_key }} }})', g.google, "vendor", ""),
        ("sql-identified-by", "SQL CREATE USER ... IDENTIFIED BY", "sql",
         lambda v: f"CREATE USER 'report'@'%' IDENTIFIED BY '{v}';\nGRANT SELECT ON app.* TO 'report'@'%';", g.pw, "assign", ""),
        ("sql-alter-role", "SQL ALTER ROLE ... PASSWORD", "sql",
         lambda v: f"ALTER ROLE app WITH LOGIN PASSWORD '{v}';", g.pw, "assign", ""),
        ("cli-flag-eq", "CLI flag --password=", "sh",
         lambda v: f"pg_dump --host=db --username=app --password={v} app > dump.sql", g.pw, "assign", ""),
        ("cli-flag-space", "CLI flag --token VALUE", "sh",
         lambda v: f"vault-agent login --token {v} --address https://vault.internal", g.tok, "assign", ""),
        ("mysql-p", "mysql -pPASSWORD", "sh",
         lambda v: f"mysql -h db -u root -p{v} app < schema.sql", g.pw, "assign", ""),
        ("curl-u", "curl -u user:pass", "sh",
         lambda v: f"curl -u admin:{v} https://jenkins.internal/api/json", g.pw, "header", ""),
        ("curl-bearer", "curl -H 'Authorization: Bearer ...'", "sh",
         lambda v: f"curl -H 'Authorization: Bearer {v}' https://api.internal/v1/jobs", g.tok, "header", ""),
        ("http-basic", "raw HTTP Authorization: Basic", "http",
         lambda v: f"GET /v1/status HTTP/1.1\nHost: api.internal\nAuthorization: Basic {v}", lambda: base64.b64encode(f"svc:{g.pw()}".encode()).decode(), "header", ""),
        ("netrc", ".netrc machine/login/password (bare)", "",
         lambda v: f"machine git.internal\n  login deploy\n  password {v}\n", g.pw, "assign", ".netrc"),
        ("npmrc", ".npmrc _authToken for the public registry (bare)", "",
         lambda v: f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={v}\n", g.npm, "vendor", ".npmrc"),
        ("npmrc-private", ".npmrc _authToken for a private registry", "ini",
         lambda v: f"@corp:registry=https://npm.corp.internal/\n//npm.corp.internal/:_authToken={v}", g.tok, "assign", ""),
        ("pypirc", ".pypirc password = pypi token (bare)", "",
         lambda v: f"[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {v}\n", g.pypi, "vendor", ".pypirc"),
        ("pip-conf-url", "pip.conf index-url with userinfo (bare)", "",
         lambda v: f"[global]\nindex-url = https://ci:{v}@pypi.corp.internal/simple\n", lambda: g.pw(url_safe=True), "url", "pip.conf"),
        ("git-credentials", ".git-credentials URL (bare)", "",
         lambda v: f"https://deploy:{v}@git.corp.internal\n", lambda: g.pw(url_safe=True), "url", ".git-credentials"),
        ("url-postgres", "postgres URL with userinfo in prose config", "sh",
         lambda v: f'DATABASE_URL="postgresql://app:{v}@db.internal:5432/app"', lambda: g.pw(url_safe=True), "url", ""),
        ("url-mongodb-srv", "mongodb+srv URL", "python",
         lambda v: f'client = MongoClient("mongodb+srv://reporter:{v}@cluster0.abcde.mongodb.net/?retryWrites=true")', lambda: g.pw(url_safe=True), "url", ""),
        ("dotenv", ".env file, vendor keys (bare)", "",
         lambda v: f"NODE_ENV=production\nSTRIPE_API_KEY={v}\nPORT=8080\n", g.stripe, "vendor", ".env"),
        ("dotenv-generic", ".env file, prefixed generic name (bare)", "",
         lambda v: f"# service config\nREDIS_HOST=cache\nSMTP_PASS={v}\n", g.pw, "assign", ".env"),
        ("dotenv-quoted-hf", ".env quoted Hugging Face token", "dotenv",
         lambda v: f'HF_TOKEN="{v}"\nTRANSFORMERS_CACHE=/data/hf', g.hf, "vendor", ""),
        ("env-passwd", "env-style passwd=", "sh",
         lambda v: f"LDAP_BIND_DN=cn=reader,dc=corp\nLDAP_BIND_PASSWD={v}", g.pw, "assign", ""),
        ("twilio-env", "Twilio API key in env", "sh",
         lambda v: f"export TWILIO_API_KEY={v}", g.twilio_key, "vendor", ""),
        ("credentials-ini", "AWS credentials file (bare)", "",
         lambda v: f"[default]\nregion = eu-west-1\naws_secret_access_key = {v}\n", g.aws_secret, "assign", "credentials"),
        ("github-fg-yaml", "YAML with a fine-grained GitHub PAT", "yaml",
         lambda v: f"renovate:\n  platform: github\n  token: {v}", g.github_fg, "vendor", ""),
        ("yaml-camel-vendor", "camelCase apiKey in YAML holding a SendGrid key", "yaml",
         lambda v: f"mailer:\n  apiKey: {v}", g.sendgrid, "vendor", ""),
    ]

    for kind, ctx, lang, tmpl, mk, rule, fname in S:
        v = mk()
        cases.append(Case("pos", kind, ctx, wrap(tmpl(v), lang, fname), fname, rule, v))

    # Look-alikes: each template with two placeholder kinds, in rotation.
    ph_kinds = list(PLACEHOLDERS)
    rot = 0
    for kind, ctx, lang, tmpl, mk, rule, fname in S:
        for _ in range(2):
            pk = ph_kinds[rot % len(ph_kinds)]
            vals = PLACEHOLDERS[pk]
            v = vals[(rot // len(ph_kinds)) % len(vals)]
            if kind == "cmd-set" and pk == "ph-env":
                v = "%DB_PASSWORD%"
            rot += 1
            cases.append(Case("neg", pk, f"{ctx} — placeholder {pk[3:]}", wrap(tmpl(v), lang, fname), fname, syntax=kind))

    # ---------------------------------------------------------------- free-text positives
    def md(label: str, kind: str, ctx: str, body: str, secret: str = "", rule: str = "") -> None:
        cases.append(Case(label, kind, ctx, body, "", rule, secret))

    v = g.tok(28)
    md("pos", "md-table", "Markdown table row | token | value |",
       f"Service accounts for the staging cluster:\n\n| name | value |\n|---|---|\n| user | ci-bot |\n| token | {v} |\n", v, "assign")
    v = g.pw()
    md("pos", "md-table-zh", "Markdown table with a Chinese header and a password row",
       f"测试环境账号：\n\n| 项目 | 值 |\n|---|---|\n| 用户名 | tester |\n| password | `{v}` |\n", v, "assign")
    v = g.tok(32)
    md("pos", "inline-code", "inline code in English prose",
       f"Before running the importer set `API_KEY={v}` in your shell, then run `make import`.\n", v, "assign")
    v = g.pw()
    md("pos", "zh-fullwidth-colon", "Chinese sentence, 密码 with a full-width colon",
       f"数据库运维账号 dbadmin，密码：{v}，只在跳板机上使用。\n", v, "assign")
    v = g.tok(30)
    md("pos", "zh-token-fullwidth", "Chinese sentence, token with a full-width colon",
       f"内部接口调用时带上 token：{v} 即可，过期时间一周。\n", v, "assign")
    v = g.pw()
    md("pos", "prose-colon", "English prose 'the password is: X'",
       f"Ops note: the VPN password: {v} (shared account, rotate monthly).\n", v, "assign")
    v = g.jwt()
    md("pos", "jwt-prose", "a JWT pasted in prose",
       f"The failing request carried this bearer token: {v}\n\nIt expired at 09:00 UTC.\n", v, "vendor")
    v = g.pem()
    md("pos", "pem-block", "a private key PEM block in a fenced block",
       f"Deploy key for the mirror job:\n\n```\n{v}\n```\n", v, "pem")
    v = g.anthropic()
    md("pos", "vendor-zh-punct", "Anthropic key followed by Chinese punctuation",
       f"临时用的 Claude key 是 {v}，用完就删。\n", v, "vendor")
    v = g.github()
    md("pos", "vendor-in-url", "GitHub token as URL userinfo in a git remote",
       f"```sh\ngit remote set-url origin https://x-access-token:{v}@github.com/corp/app.git\n```\n", v, "vendor")
    v = g.slack()
    md("pos", "vendor-md-link", "Slack token inside a Markdown bullet with backticks",
       f"- bot token: `{v}` (workspace corp)\n- channel: #deploys\n", v, "vendor")

    # ---------------------------------------------------------------- ambiguous
    v = g.pw()
    md("amb", "pgpass", ".pgpass line host:port:db:user:password (no credential name)",
       f"```\n# ~/.pgpass\ndb.internal:5432:app:app:{v}\n```\n", v, "assign")
    v = g.pw()
    md("amb", "zh-shi", "Chinese 密码是X (no operator)",
       f"跳板机 root 的密码是{v}，别外传。\n", v, "assign")
    v = g.pw()
    md("amb", "sh-read-herestring", "shell read from a here-string",
       f"```bash\nread -r DB_PASSWORD <<< '{v}'\nexport DB_PASSWORD\n```\n", v, "assign")
    salt = g.s("./" + ALNUM, 53)
    md("amb", "bcrypt-doc", "bcrypt hash in a docs example under password_hash",
       f"Seed user for the docs site:\n\n```yaml\nusers:\n  - name: demo\n    password_hash: \"$2b$12${salt}\"\n```\n", salt)
    v = base64.b64encode(g.r.randbytes(24)).decode()
    md("amb", "jasypt-enc", "jasypt ENC(...) encrypted property",
       f"```properties\ndb.password=ENC({v})\n```\n", v)
    v = "AC" + g.hex(32)
    md("amb", "twilio-sid", "Twilio Account SID (an identifier)",
       f"```sh\nexport TWILIO_ACCOUNT_SID={v}\n```\n", v)
    v = "sk_" + "test_" + g.tok(24)
    md("amb", "stripe-test-key", "Stripe test-mode secret key",
       f"```sh\nSTRIPE_SECRET_KEY={v}\n```\n", v, "vendor")
    v = g.pw(url_safe=True)
    md("amb", "redis-empty-user", "redis URL with empty user",
       f"```sh\nREDIS_URL=redis://:{v}@cache.internal:6379/0\n```\n", v, "url")
    md("amb", "human-password", "a human-style low-entropy password",
       "```yaml\nwifi:\n  ssid: office-guest\n  password: Summer2026!\n```\n", "Summer2026!", "assign")

    # ---------------------------------------------------------------- hand-written look-alikes
    def neg(kind: str, ctx: str, lang: str, code: str) -> None:
        cases.append(Case("neg", kind, ctx, wrap(code, lang, "")))

    def negraw(kind: str, ctx: str, body: str) -> None:
        cases.append(Case("neg", kind, ctx, body))

    # env lookups in every language
    for lang, code in [
        ("python", 'DB_PASSWORD = os.getenv("DB_PASSWORD")\ntoken = os.environ["API_TOKEN"]'),
        ("python", 'api_key = os.environ.get("OPENAI_API_KEY", "")\nclient = OpenAI(api_key=api_key)'),
        ("js", "const token = process.env.TOKEN;\nconst { DB_PASSWORD } = process.env;"),
        ("ts", "const apiKey: string = process.env.STRIPE_SECRET_KEY!;"),
        ("go", 'password := os.Getenv("DB_PASSWORD")\ntoken, ok := os.LookupEnv("API_TOKEN")'),
        ("rust", 'let api_token = std::env::var("API_TOKEN").expect("API_TOKEN not set");'),
        ("ruby", "password = ENV['DB_PASSWORD']\nsecret_key_base = ENV.fetch('SECRET_KEY_BASE')"),
        ("php", "define('DB_PASSWORD', getenv('DB_PASSWORD'));\n$apiKey = $_ENV['API_KEY'];"),
        ("java", 'String password = System.getenv("DB_PASSWORD");'),
        ("kotlin", 'val dbPassword = System.getenv("DB_PASSWORD") ?: error("DB_PASSWORD missing")'),
        ("csharp", 'var clientSecret = Environment.GetEnvironmentVariable("CLIENT_SECRET");'),
        ("powershell", "$token = $env:GITHUB_TOKEN\nInvoke-RestMethod -Headers @{ Authorization = \"Bearer $token\" } $url"),
        ("sh", 'export PGPASSWORD="$DB_PASSWORD"\npsql -h db -U app'),
        ("yaml", "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}"),
        ("yaml", "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password"),
        ("hcl", 'resource "aws_db_instance" "main" {\n  password = var.db_password\n  username = random_string.user.result\n}'),
        ("lua", 'local api_key = os.getenv("API_KEY")'),
        ("perl", "my $password = $ENV{'DB_PASSWORD'};"),
        ("swift", 'let authToken = ProcessInfo.processInfo.environment["AUTH_TOKEN"] ?? ""'),
        ("fish", "set -x GITHUB_TOKEN (gh auth token)"),
    ]:
        neg("env-lookup", f"{lang} env lookup", lang, code)

    # references to where the secret lives
    for lang, code in [
        ("yaml", "database:\n  password: vault:secret/data/prod/db#password"),
        ("sh", "export OPENAI_API_KEY=op://Engineering/OpenAI/credential"),
        ("yaml", "parameters:\n  db_password: ssm:/prod/app/db_password"),
        ("json", '{"password": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf"}'),
        ("json", '{"ClientSecret": "@Microsoft.KeyVault(SecretUri=https://corp-kv.vault.azure.net/secrets/portal-client-secret/)"}'),
        ("yaml", "api_key: sm://projects/corp-prod/secrets/api-key/versions/latest"),
        ("yaml", "smtp:\n  password_file: /run/secrets/smtp_password\n  token_file: /var/run/secrets/kubernetes.io/serviceaccount/token"),
        ("ini", "[aws]\ncredentials_path = ~/.aws/credentials\nprivate_key_path = ~/.ssh/id_ed25519"),
        ("dockerfile", "RUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci"),
        ("sh", "pg_dump --password=$(cat /run/secrets/db_password) app > dump.sql"),
    ]:
        neg("secret-reference", f"{lang} reference to a secret store or file", lang, code)

    # numeric / config settings under credential-like names
    for lang, code in [
        ("toml", "[auth]\npassword_min_length = 12\npassword_expiry_days = 90\ntoken_ttl = 3600"),
        ("yaml", "llm:\n  max_tokens: 4096\n  max_output_tokens: 8192\n  temperature: 0.2"),
        ("python", 'tokenizer = "cl100k_base"\nencoder = tiktoken.get_encoding(tokenizer)'),
        ("json", '{"tokenizer_name": "bert-base-multilingual-cased", "token_budget": 120000}'),
        ("yaml", "session:\n  token_expires_in: 86400\n  secret_rotation_days: 30\n  auth: true\n  auth_method: oauth2"),
        ("ini", "[security]\npasswordless = true\nkey_length = 4096\npassword_history = 5"),
        ("properties", "spring.security.oauth2.client.registration.github.scope=read:user\nserver.ssl.key-store-type=PKCS12"),
    ]:
        neg("numeric-config", f"{lang} settings, not values", lang, code)

    # names, not values
    for lang, code in [
        ("yaml", "spec:\n  secret_name: db-creds\n  secretName: tls-wildcard-cert"),
        ("yaml", "tls:\n  - hosts: [app.example.org]\n    secretName: app-example-org-tls"),
        ("python", 'API_KEY_HEADER = "X-API-Key"\napi_key_env = "OPENAI_API_KEY"'),
        ("json", '{"auth": {"type": "bearer", "token_env": "SERVICE_TOKEN", "header": "Authorization"}}'),
        ("sql", "CREATE TABLE users (\n  id bigint primary key,\n  password_hash text not null,\n  api_token_id uuid\n);"),
        ("ts", "interface LoginRequest {\n  username: string;\n  password?: string;\n  token: string | null;\n}"),
    ]:
        neg("name-not-value", f"{lang} a name or type, not a value", lang, code)

    # variables passed around in code
    for lang, code in [
        ("python", "conn = psycopg2.connect(user=user, password=password, host=args.host)"),
        ("python", 'client = Api(token=settings.API_TOKEN, secret=config["client_secret"])'),
        ("js", "const user = await login({ username, password: hashedPassword });"),
        ("ruby", "User.authenticate(email: params[:email], password: params[:password])"),
        ("go", "token, err := auth.NewToken(ctx, claims)\nif err != nil { return err }"),
        ("php", "$password = password_hash($request->input('password'), PASSWORD_BCRYPT);"),
    ]:
        neg("variable-pass", f"{lang} passing a variable, not a literal", lang, code)

    # public ids and key ids
    for lang, code in [
        ("yaml", f"jwks:\n  - kid: {g.hex(16)}\n    key_id: {g.hex(20)}\n    alg: RS256"),
        ("sh", f"# ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64url(g.r.randbytes(24))} deploy@ci"),
        ("yaml", f"gpg:\n  public_key: {g.hex(40).upper()}\n  fingerprint: {g.hex(40).upper()}"),
        ("js", f"const stripe = Stripe('pk_' + 'live_{g.tok(24)}');"),
        ("json", f'{{"client_id": "{g.s(string.digits, 12)}-{g.s(string.ascii_lowercase + string.digits, 32)}.apps.googleusercontent.com"}}'),
        ("yaml", f"azure:\n  tenant_id: {g.uuid()}\n  client_id: {g.uuid()}\n  subscription_id: {g.uuid()}"),
    ]:
        neg("public-id", f"{lang} public key or key id", lang, code)

    # lockfile hashes and checksums
    for lang, code in [
        ("json", f'"node_modules/lodash": {{\n  "version": "4.17.21",\n  "integrity": "sha512-{base64.b64encode(g.r.randbytes(64)).decode()}"\n}}'),
        ("toml", f'[[package]]\nname = "serde"\nversion = "1.0.210"\nchecksum = "{g.hex(64)}"'),
        ("text", f"golang.org/x/crypto v0.28.0 h1:{base64.b64encode(g.r.randbytes(32)).decode()}\n"
                 f"golang.org/x/crypto v0.28.0/go.mod h1:{base64.b64encode(g.r.randbytes(32)).decode()}"),
        ("toml", f'[[package]]\nname = "requests"\nfiles = [\n    {{file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:{g.hex(64)}"}},\n]'),
        ("html", f'<script src="https://cdn.example.org/lib.min.js" integrity="sha384-{base64.b64encode(g.r.randbytes(48)).decode()}" crossorigin="anonymous"></script>'),
        ("dockerfile", f"FROM python:3.12-slim@sha256:{g.hex(64)}"),
    ]:
        neg("lockfile-hash", f"{lang} hash or checksum", lang, code)

    # UUIDs, SHAs, trace and request ids
    neg("uuid", "UUIDs as ids", "json", f'{{"id": "{g.uuid()}", "tenant": "{g.uuid()}", "status": "active"}}')
    neg("uuid", "UUID in a log line", "text", f"2026-11-30T10:02:11Z INFO job={g.uuid()} finished in 3.2s")
    neg("git-sha", "git log output", "text", "\n".join(f"{g.hex(40)} fix: {m}" for m in
        ["refresh token expiry when the clock skews", "mask password in error message", "rotate api key docs"]))
    negraw("git-sha", "commit SHA in prose", f"Fixed in {g.hex(40)} (see the revert {g.hex(12)}).\n")
    negraw("commit-msg", "commit message mentioning token and password",
           "Merged: `auth: stop logging the token on refresh; password reset mails now expire after 1h`.\n")
    negraw("commit-msg", "Chinese commit note about tokens",
           f"提交 {g.hex(10)}：修复令牌刷新时的竞争条件，并且不再在日志里打印密码。\n")
    neg("trace-id", "trace and span ids", "json", f'{{"trace_id": "{g.hex(32)}", "span_id": "{g.hex(16)}", "parent_id": "{g.hex(16)}"}}')
    neg("trace-id", "request id header", "http", f"HTTP/1.1 502 Bad Gateway\nX-Request-Id: {g.uuid()}\nX-Amzn-Trace-Id: Root=1-{g.hex(8)}-{g.hex(24)}")
    neg("trace-id", "random build and cache ids", "yaml", f"build_id: {g.tok(24)}\ncache_key: {g.tok(32)}\netag: \"{g.hex(32)}\"")
    negraw("trace-id", "Sentry event id in prose", f"Sentry event {g.hex(32)} shows the crash on startup.\n")
    neg("css-colour", "CSS design tokens", "css", "--token-primary: #1a73e8;\n--token-surface: #f8f9fa;\n--color-accent: #ff5722;")
    neg("css-colour", "JSON design tokens", "json", '{"tokens": {"color": {"brand": {"value": "#0a66c2"}, "danger": {"value": "#d93025"}}}}')
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + g.r.randbytes(90)).decode()
    neg("data-uri", "PNG data URI in CSS", "css", f".logo {{ background: url(data:image/png;base64,{png}); }}")
    negraw("data-uri", "data URI image in Markdown", f"![dot](data:image/gif;base64,{base64.b64encode(b'GIF89a' + g.r.randbytes(40)).decode()})\n")
    negraw("url-id", "ids in URLs", f"Design doc: https://docs.google.com/document/d/{g.s(WORD, 44)}/edit\n"
                                   f"Recording: https://www.youtube.com/watch?v={g.s(WORD, 11)}\n")
    negraw("url-id", "commit and run URLs", f"See https://github.com/corp/app/commit/{g.hex(40)} and "
                                           f"https://github.com/corp/app/actions/runs/{g.s(string.digits, 11)}.\n")
    negraw("url-id", "S3 presigned-looking path without credentials", f"Artifacts: s3://corp-builds/{g.hex(8)}/{g.tok(20)}.tar.gz\n")
    negraw("zh-policy", "Chinese prose about password policy",
           "密码策略：密码最少 12 位，必须包含大小写字母和数字，90 天过期；令牌有效期为 3600 秒。\n")
    negraw("zh-policy", "Chinese prose saying where the password is",
           "数据库密码：请向运维申请，存放在 1Password 的 prod-db 条目里，不要写进笔记。\n")
    negraw("zh-policy", "Chinese table of credential settings",
           "| 配置项 | 说明 |\n|---|---|\n| password | 数据库密码，从环境变量读取 |\n| token_ttl | 令牌有效期（秒） |\n")
    negraw("md-table-doc", "Markdown table documenting fields",
           "| field | meaning |\n|---|---|\n| token | the bearer token, from `gh auth token` |\n| max_tokens | 4096 |\n| secret | name of the k8s Secret |\n")
    # documented examples
    aws_doc = "AKIA" + "IOSFODNN7" + "EXAMPLE"
    aws_doc_s = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCY" + "EXAMPLEKEY"
    neg("doc-example", "AWS documented example pair", "ini", f"[default]\naws_access_key_id = {aws_doc}\naws_secret_access_key = {aws_doc_s}")
    jwt_doc = (b64url('{"alg":"HS256","typ":"JWT"}') + "." + b64url('{"sub":"1234567890","name":"John Doe","iat":1516239022}')
               + "." + "SflKxwRJSMeKKF2QT4fw" + "pMeJf36POk6yJV_adQssw5c")
    negraw("doc-example", "the jwt.io sample token", f"Paste a token like the jwt.io sample `{jwt_doc}` into the debugger.\n")
    neg("doc-example", "all-x GitHub token placeholder", "sh", "export GITHUB_TOKEN=ghp_" + "x" * 36)
    neg("doc-example", "zeroed Stripe-shaped placeholder", "sh", "STRIPE_SECRET_KEY=sk_" + "live_" + "0" * 24)
    # headers and URLs with placeholders
    neg("header-placeholder", "Authorization header with env var", "sh", 'curl -H "Authorization: Bearer $TOKEN" https://api.internal/v1/me')
    neg("header-placeholder", "Authorization header with angle placeholder", "http", "Authorization: Bearer <access-token>\nAccept: application/json")
    neg("header-placeholder", "curl -u with env vars and user-only", "sh", 'curl -u "$USER:$PASS" https://ci.internal/\ncurl -u admin https://ci.internal/  # prompts')
    neg("url-placeholder", "URL userinfo with the word password", "sh", "DATABASE_URL=postgres://user:password@localhost:5432/app")
    neg("url-placeholder", "URL userinfo with env vars", "yaml", "url: postgresql://${DB_USER}:${DB_PASS}@db:5432/app")
    neg("url-placeholder", "URL with user only", "sh", "git clone https://deploy@git.corp.internal/app.git\nssh://git@github.com/corp/app.git")
    neg("cli-placeholder", "CLI flags reading from stdin or files", "sh",
        "echo \"$CR_PAT\" | docker login ghcr.io -u bot --password-stdin\nkubectl create secret generic db --from-file=password=./db.txt\nmysql -u root -p app")
    # empty / null
    neg("empty", "YAML empty and null passwords", "yaml", "db:\n  password:\n  token: null\n  secret: ~\n  api_key: \"\"")
    neg("empty", "empty connection-string password", "text", "Server=localhost;Database=app;Integrated Security=true;Password=;")
    # words containing the keywords
    neg("keyword-word", "words that contain key/pass/auth", "yaml",
        "proxy:\n  passthrough: true\n  bypass_cache: false\n  author: Jane Liu\n  monkey_patch: off\n  keyboard_layout: dvorak")
    neg("keyword-word", "Python with tokenize module and keyword names", "python",
        "import tokenize\nfor tok in tokenize.generate_tokens(f.readline):\n    print(tok.type, tok.string)")
    # prose
    negraw("prose", "English prose about credentials", "Never commit the API key; the token lives in Vault and the password rotates weekly.\n")
    negraw("prose", "English prose: set your token", "Set your token with `gh auth login`, then `export GITHUB_TOKEN=$(gh auth token)`.\n")
    neg("hcl-sensitive", "Terraform random_password and sensitive outputs", "hcl",
        'resource "random_password" "db" {\n  length  = 24\n  special = true\n}\noutput "db_password" {\n  value     = random_password.db.result\n  sensitive = true\n}')
    neg("xml-placeholder", "Maven settings with property references", "xml", "<server>\n  <id>nexus</id>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>")
    neg("sql-placeholder", "SQL with a bind parameter", "sql", "CREATE USER app IDENTIFIED BY :app_password;\nALTER ROLE app WITH PASSWORD NULL;")
    neg("compose-required", "compose password: ${DB_PASSWORD:?}", "yaml", "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}")
    neg("helm-quote", "Helm template with a pipe", "yaml", "stringData:\n  password: {{ .Values.auth.password | quote }}\n  token: {{ required \"token\" .Values.token }}")
    neg("csrf-form", "csrf_token in an HTML form", "html", '<input type="hidden" name="csrf_token" value="{{ csrf_token() }}">')
    return cases


# ---------------------------------------------------------------- writing the set
def write_set(root: Path, cases: list[Case]) -> dict[str, dict]:
    notes = root / "notes"
    labels: dict[str, dict] = {}
    counters: dict[str, int] = defaultdict(int)
    for c in cases:
        counters[c.label + c.kind] += 1
        stem = f"{c.label}-{c.kind}-{counters[c.label + c.kind]}"
        if c.fname:
            rel = f"files/{stem}/{c.fname}"
            text = c.body
        else:
            rel = f"facts/{stem}.md"
            text = note(c.context.replace(":", " -"), c.body)
        path = notes / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        lines: list[int] = []
        if c.secret:
            i = text.find(c.secret)
            assert i >= 0, (rel, "secret not in text")
            start = text.count("\n", 0, i) + 1
            lines = list(range(start, start + c.secret.count("\n") + 1))
        labels[rel] = {"label": c.label, "kind": c.kind, "context": c.context, "rule": c.rule,
                       "lines": lines, "syntax": c.syntax, "bare": bool(c.fname)}
    (root / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False), encoding="utf-8")
    return labels


# ---------------------------------------------------------------- scanners (baselines: bench/secrets_baselines.py)
def _rel(p: str, notes: Path) -> str:
    q = Path(p)
    if q.is_absolute():
        q = q.resolve().relative_to(notes.resolve())
    return q.as_posix().removeprefix("./")


def run_memsync(notes: Path) -> tuple[dict[str, list[dict]], float, str, dict]:
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", "--json", str(notes)],
                       cwd=REPO, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    dt = time.perf_counter() - t0
    data = json.loads(p.stdout)
    out: dict[str, list[dict]] = defaultdict(list)
    for f in data["findings"]:
        out[_rel(f["path"], notes)].append({"line": f["line"], "rule": f["rule"]})
    return out, dt, p.stdout + p.stderr, {"files": data.get("files"), "skipped": data.get("skipped", []), "errors": data.get("errors", [])}


# ---------------------------------------------------------------- scoring and report
def score(labels: dict[str, dict], found: dict[str, list[dict]]) -> dict[tuple[str, str], dict]:
    groups: dict[tuple[str, str], dict] = defaultdict(lambda: {"n": 0, "hit": 0, "line_ok": 0, "files": []})
    for rel, lab in sorted(labels.items()):
        g = groups[(lab["label"], lab["kind"])]
        g["n"] += 1
        fs = found.get(rel, [])
        if fs:
            g["hit"] += 1
            if lab["lines"] and any(f["line"] in lab["lines"] for f in fs):
                g["line_ok"] += 1
        g["files"].append((rel, fs))
    return groups


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "n/a"


def render(labels: dict[str, dict], tools: list[tuple[str, dict | None]], times: list[float], leaks: dict[str, int],
           load0: str, load1: str, seed: int, info: dict, title: str) -> str:
    scored = {name: (score(labels, f) if f is not None else None) for name, f in tools}
    order = ["pos", "neg", "amb"]
    kinds = sorted({(lab["label"], lab["kind"]) for lab in labels.values()}, key=lambda k: (order.index(k[0]), k[1]))
    run = [(n, f) for n, f in tools if f is not None]
    n_by = defaultdict(int)
    for lab in labels.values():
        n_by[lab["label"]] += 1
    L: list[str] = [f"## {title}\n"]
    L.append(f"Seed {seed}. {len(labels)} cases: {n_by['pos']} pos, {n_by['neg']} neg, {n_by['amb']} amb "
             f"({sum(1 for x in labels.values() if x['bare'])} bare files, the rest Markdown notes).  ")
    L.append(f"Load before: `{load0}`  \nLoad after: `{load1}`  ")
    L.append("Whole-process wall time on the set (median of 3): "
             + ", ".join(f"{n} {t:.2f} s" for (n, f), t in zip(tools, times) if f is not None) + "  ")
    L.append("Output lines holding a whole secret: " + ", ".join(f"{k} {v}" for k, v in leaks.items()) + "  ")
    L.append(f"memsync: files scanned {info.get('files')}, skipped {len(info.get('skipped') or [])}, errors {len(info.get('errors') or [])}\n")
    L.append("### Totals\n")
    L.append("| tool | pos recall | pos at the secret's line | neg false positives (files) | amb flagged |")
    L.append("|---|---|---|---|---|")
    for name, f in tools:
        s = scored[name]
        if s is None:
            L.append(f"| {name} | not run | | | |")
            continue
        t = defaultdict(lambda: [0, 0, 0])
        for (lab, _), gr in s.items():
            t[lab][0] += gr["n"]; t[lab][1] += gr["hit"]; t[lab][2] += gr["line_ok"]
        L.append(f"| {name} | {t['pos'][1]}/{t['pos'][0]} | {t['pos'][2]}/{t['pos'][0]} | {t['neg'][1]}/{t['neg'][0]} | {t['amb'][1]}/{t['amb'][0]} |")
    L.append("")
    L.append("### By syntax (pos) and look-alike kind (neg)\n")
    L.append("Cells: pos and amb: files flagged (of those, at the secret's line); neg: files flagged.\n")
    L.append("| group | kind | n | " + " | ".join(n for n, _ in run) + " |")
    L.append("|" + "---|" * (3 + len(run)))
    for k in kinds:
        cells = []
        n = 0
        for name, _ in run:
            gr = scored[name][k]  # type: ignore[index]
            n = gr["n"]
            cells.append(f"{gr['hit']} ({gr['line_ok']})" if k[0] != "neg" else str(gr["hit"]))
        L.append(f"| {k[0]} | {k[1]} | {n} | " + " | ".join(cells) + " |")
    L.append("")
    L.append("### memsync: misses, wrong lines, false positives, ambiguous\n")
    s = scored["memsync"]
    assert s is not None
    for k in kinds:
        for rel, fs in s[k]["files"]:
            lab = labels[rel]
            ok_line = bool(fs) and any(f["line"] in lab["lines"] for f in fs)
            if lab["label"] == "pos" and ok_line or lab["label"] == "neg" and not fs:
                continue
            status = {"pos": "found, wrong line" if fs else "MISSED", "neg": "FALSE POSITIVE",
                      "amb": "flagged" if fs else "not flagged"}[lab["label"]]
            rules = "; ".join(f"L{f['line']} {f['rule']}" for f in fs)
            syn = f", syntax {lab['syntax']}" if lab["syntax"] else ""
            L.append(f"- `{rel}` ({lab['context']}{syn}): {status}" + (f" — {rules}" if rules else "")
                     + (f" (expected lines {lab['lines']})" if fs and lab["lines"] and not ok_line else ""))
    L.append("")
    L.append("### Baselines' false positives\n")
    for name, f in tools[1:]:
        if f is None:
            L.append(f"- {name}: not run")
            continue
        fps = [f"`{n}` {', '.join(sorted({x['rule'] for x in fs}))}" for n, fs in sorted(f.items())
               if n in labels and labels[n]["label"] == "neg" and fs]
        L.append(f"- {name} ({len(fps)}): " + ("; ".join(fps) if fps else "none"))
    L.append("")
    return "\n".join(L)


HEADER = """# Blind evaluation 3: the secret gate on plain credentials in every common syntax

Set built by bench/secrets_blind_syntax.py (fixed seed; every credential built at run time from its
format description; written blind from descriptions of languages and file formats, without reading the
scanner, its docs, its tests or its benchmarks). pos = claimed, must be found at a line the secret spans;
neg = look-alike, any finding in the file is a false positive; amb = the claims do not decide (reported,
not scored). Tools: `python3 -m memsync secrets scan --json DIR`, `detect-secrets scan --all-files`
(1.5.0), `gitleaks dir` (8.30.1), same folder, same run.
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--keep", type=Path, help="write the set here and keep it")
    ap.add_argument("--seed", type=int, default=20261202, help="another seed: same cases, other secrets")
    ap.add_argument("--no-write", action="store_true", help="print only; leave bench/results alone")
    # A re-run is development data: it must never replace the blind first run by default.
    ap.add_argument("--section", default="After the phase-2 fixes (development data)",
                    help="section of the results file to write or replace (the first run's is 'First run (blind)')")
    args = ap.parse_args()
    cases = build_cases(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="synblind-"))
    root = args.keep or tmp / "set"
    if args.keep and root.exists():
        shutil.rmtree(root)
    load0 = uptime()
    try:
        labels = write_set(root, cases)
        notes = root / "notes"
        key = partial(_rel, notes=notes)  # paths under the notes folder: bare files share names
        runs = [(run_memsync(notes), run_detect_secrets(notes, key), run_gitleaks(notes, tmp, key)) for _ in range(3)]
        (ms, _, ms_out, info), (ds, _, ds_out), (gl, _, gl_out) = runs[-1]
        times = [statistics.median(r[i][1] for r in runs) for i in range(3)]
        load1 = uptime()
        secrets = {c.secret for c in cases if len(c.secret) >= 8}
        secrets |= {line for c in cases for line in c.secret.splitlines() if len(line) >= 16 and "PRIVATE KEY" not in line}
        leaks = {tool: sum(1 for line in out.splitlines() for s in secrets if s in line)
                 for tool, out in (("memsync", ms_out), ("detect-secrets", ds_out), ("gitleaks", gl_out))}
        tools = [("memsync", ms), ("detect-secrets", ds), ("gitleaks 8.30.1", gl)]
        md = render(labels, tools, times, leaks, load0, load1, args.seed, info, args.section)
        assert not any(s in md for s in secrets), "report would hold a secret"
        print(md)
        if info.get("errors") or info.get("skipped"):
            print("memsync skipped/errors:", json.dumps({k: info[k] for k in ("skipped", "errors")})[:2000], file=sys.stderr)
        if not args.no_write:
            write_section(RESULT, HEADER, args.section, md)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
