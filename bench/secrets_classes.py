"""A labelled corpus by class of miss: assignment syntaxes, credential shapes, vendors, clean look-alikes, placeholders.

Written from the syntax and format descriptions (language references, file
formats, the token formats services publish), not from any scanner's fixtures.
Every value is generated at run time, random but format-valid, so no real or
reusable credential is stored here. Each class carries positives (a secret
that must be found, with the rule id and the place a finding must point at)
and clean look-alikes (text that must raise nothing).

    samples(seed) -> list[Sample]      # the whole corpus, deterministic for a seed
    write(out_dir, samples) -> labels  # one file per sample, named for its syntax

Half the samples are written as their own file (``config.go``, ``Makefile``,
``.npmrc`` ...), half inside a Markdown memory note (a fenced block with prose
around it), because both reach the scanner.
"""
from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.secrets_corpus import B62, B64URL, HEX, checksummed, pem, pick

Rng = random.Random
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
B64 = B62 + "+/"
# Symbols a password may hold in every syntax below without quoting rules getting in the way.
PW_SYMBOLS = "!%^*_-+=@~"

CLASSES = {
    "1": "assignments in many syntaxes",
    "2": "credential shapes (CLI, headers, config files)",
    "3": "vendor tokens",
    "4": "clean text that looks like a secret",
    "5": "placeholder judgement on the value",
}
# Families the issue names as mattering in agent notes (the target applies to these).
FAMILIES = ("cloud", "code-host", "chat", "ai", "payment", "registry", "private-key", "jwt", "generic", "url",
            "devtools", "other")


@dataclass(frozen=True)
class Sample:
    cls: str
    family: str
    kind: str
    name: str  # file name, for tools that decide by extension
    text: str
    secret: str | None  # None: a clean look-alike; never printed by a scanner
    rule: str | None = None  # the rule id memsync reports
    at: str | None = None  # the text a finding starts at (default: the secret)

    @property
    def positive(self) -> bool:
        return self.secret is not None

    def where(self) -> tuple[int, int]:
        """(line, col) of the finding, 1-based, columns in characters."""
        assert self.secret is not None
        start = self.text.index(self.at or self.secret)
        line = self.text.count("\n", 0, start) + 1
        return line, start - (self.text.rfind("\n", 0, start) + 1) + 1

    def span(self) -> tuple[int, int]:
        """First and last line a finding for this sample may sit on."""
        assert self.secret is not None
        first, _ = self.where()
        start = self.text.index(self.secret)
        last = self.text.count("\n", 0, start + len(self.secret)) + 1
        return min(first, self.text.count("\n", 0, start) + 1), last


# --- values ---------------------------------------------------------------------------------

def v_token(r: Rng, lo: int = 20, hi: int = 40) -> str:
    while True:
        value = pick(r, B62, r.randint(lo, hi))
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def v_hex(r: Rng) -> str:
    return pick(r, HEX, r.choice([32, 40, 64]))


def v_b64(r: Rng) -> str:
    return base64.b64encode(r.randbytes(r.randint(18, 33))).decode()


def v_password(r: Rng) -> str:
    while True:
        value = pick(r, B62 + PW_SYMBOLS, r.randint(12, 20))
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and value[0].isalnum():
            return value


def v_uuid(r: Rng) -> str:
    h = pick(r, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{r.choice('89ab')}{h[17:20]}-{h[20:]}"


def v_any(r: Rng) -> str:
    return r.choice([v_token, v_hex, v_b64, v_password])(r)


def v_plain(r: Rng) -> str:
    """A value safe unquoted in shell, Makefile and INI: no quotes, spaces, $, # or ;."""
    return r.choice([v_token, v_hex, v_password])(r)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


# --- names ----------------------------------------------------------------------------------

CAMEL = ["apiToken", "dbPassword", "clientSecret", "authToken", "signingKey", "accessKey", "webhookSecret",
         "adminPass", "apiKey", "refreshToken", "encryptionKey", "serviceCredentials"]
SNAKE = ["api_token", "db_password", "client_secret", "auth_token", "secret_key", "access_key", "smtp_pass",
         "private_token", "deploy_key", "master_key", "app_secret", "license_key"]
UPPER = [n.upper() for n in SNAKE] + ["REGISTRY_PASSWORD", "SENTRY_AUTH_TOKEN", "MESSAGEBIRD_KEY", "OPENWEATHER_KEY"]
DOTTED = ["db.password", "api.token", "mail.smtp.password", "jwt.secret", "app.client-secret",
          "javax.net.ssl.keyStorePassword", "aws.secretKey", "oauth.token", "spring.datasource.password"]
PASCAL = ["Password", "ApiToken", "ClientSecret", "ClearTextPassword", "AuthToken", "SecretKey", "StorageAccountKey",
          "AdminPassword", "SigningKey"]


def rule_for(name: str) -> str:
    low = name.lower()
    return "password-assignment" if any(w in low for w in ("password", "pass", "pwd")) else "secret-assignment"


def note(r: Rng, fence: str, body: str) -> str:
    """A memory note holding ``body`` in a fenced block, with prose around it."""
    before = r.choice(["How the staging deploy is configured:", "Setup notes for the new service.",
                       "部署配置如下，注意不要提交到公开仓库。", "The integration test needs this config:"])
    after = r.choice(["Rotate it after the demo.", "Ask ops before changing it.", "测试完成后要轮换。", ""])
    return (f"---\nid: facts/config\nkind: fact\nsummary: {before}\n---\n\n{before}\n\n"
            f"```{fence}\n{body.rstrip()}\n```\n\n{after}\n")


# --- class 1: assignments in many syntaxes -------------------------------------------------

Made = tuple[str, str | None, str | None]  # (text, secret, expected rule)


def c1_go(r: Rng) -> Made:
    name, value = r.choice(CAMEL), v_any(r)
    line = r.choice([f'var {name} string = "{value}"', f'const {name} = "{value}"', f'\t{name} := "{value}"',
                     f'var {name} = []byte("{value}")', f'\t{name} := `{value}`'])
    return (f"package config\n\nimport \"os\"\n\nfunc load() {{\n{line}\n\t_ = os.Getenv(\"HOME\")\n}}\n",
            value, rule_for(name))


def c1_make(r: Rng) -> Made:
    name, value = r.choice(UPPER), v_plain(r)
    op = r.choice(["?=", "::=", ":::=", "+=", ":=", "="])
    return (f"# build settings\nREGISTRY ?= registry.internal\n{name} {op} {value}\n\ndeploy:\n\t./deploy.sh\n",
            value, rule_for(name))


def c1_jvm(r: Rng) -> Made:
    key, value = r.choice(DOTTED + UPPER), v_any(r)
    line = r.choice([f'System.setProperty("{key}", "{value}");', f'props.put("{key}", "{value}");',
                     f'props.setProperty("{key}", "{value}");', f'config.put("{key}", "{value}")',
                     f'val settings = mapOf("{key}" to "{value}")', f'props["{key}"] = "{value}"'])
    return f"public class Setup {{\n    static void init(Properties props) {{\n        {line}\n    }}\n}}\n", value, rule_for(key)


def c1_php(r: Rng) -> Made:
    name, value = r.choice(["token", "db_password", "apiKey", "secret", "clientSecret", "password"]), v_any(r)
    line = r.choice([f"${name} = '{value}';", f'${name} = "{value}";', f"${name} .= '{value}';",
                     f"define('{name.upper()}', '{value}');", f"    '{name}' => '{value}',"])
    return f"<?php\n// local settings\n$host = 'db.internal';\n{line}\n", value, rule_for(name)


def c1_xml(r: Rng) -> Made:
    key, value = r.choice(PASCAL), v_any(r)
    form = r.randrange(4)
    if form == 0:
        body = (f'<configuration>\n  <appSettings>\n    <add key="Region" value="westeurope" />\n'
                f'    <add key="{key}" value="{value}" />\n  </appSettings>\n</configuration>\n')
    elif form == 1:
        body = (f'<configuration>\n  <packageSourceCredentials>\n    <feed>\n      <add key="Username" value="ci" />\n'
                f'      <add key="ClearTextPassword" value="{value}" />\n    </feed>\n  </packageSourceCredentials>\n'
                f'</configuration>\n')
        key = "ClearTextPassword"
    elif form == 2:
        tag = r.choice(["password", "apiToken", "secretKey", "clientSecret"])
        body = (f"<settings>\n  <servers>\n    <server>\n      <id>releases</id>\n      <username>ci</username>\n"
                f"      <{tag}>\n        {value}\n      </{tag}>\n    </server>\n  </servers>\n</settings>\n")
        key = tag
    else:
        tag = r.choice(["password", "token", "secret"])
        body = f"<server>\n  <id>internal</id>\n  <{tag}>{value}</{tag}>\n</server>\n"
        key = tag
    return body, value, rule_for(key)


def c1_ini(r: Rng) -> Made:
    name, value = r.choice(SNAKE), v_plain(r)
    form = r.randrange(4)
    if form == 0:
        return f"[database]\nhost = db.internal\nport = 5432\n{name} = {value}\n", value, rule_for(name)
    if form == 1:
        return f'[auth]\nendpoint = "https://auth.internal"\n{name} = "{value}"\n', value, rule_for(name)
    if form == 2:
        return (f'provider "internal" {{\n  endpoint = "https://api.internal"\n  {name}    = "{value}"\n}}\n',
                value, rule_for(name))
    return (f'variable "{name}" {{\n  description = "used by the deploy job"\n  type        = string\n'
            f'  sensitive   = true\n  default     = "{value}"\n}}\n', value, rule_for(name))


def c1_shell(r: Rng) -> Made:
    name, value = r.choice(UPPER), v_plain(r)
    line = r.choice([f"export {name}={value}", f'export {name}="{value}"', f"{name}={value} ./scripts/migrate.sh",
                     f"{name}='{value}' npm run release", f"$env:{name} = \"{value}\"", f"set {name}={value}"])
    return f"#!/bin/sh\nset -eu\ncd \"$(dirname \"$0\")\"\n{line}\n", value, rule_for(name)


def c1_docker(r: Rng) -> Made:
    name, value = r.choice(UPPER), v_plain(r)
    line = r.choice([f"ENV {name}={value}", f"ENV {name} {value}", f"ARG {name}={value}", f'ENV {name}="{value}"'])
    return f"FROM node:20-slim\nWORKDIR /app\n{line}\nCOPY . .\nRUN npm ci\n", value, rule_for(name)


def c1_yaml(r: Rng) -> Made:
    name, value = r.choice(SNAKE + CAMEL), v_any(r)
    form = r.randrange(3)
    if form == 0:
        indicator = r.choice(["|", ">", "|-", ">-", "|+"])
        return f"service:\n  host: db.internal\n  {name}: {indicator}\n    {value}\n  port: 5432\n", value, rule_for(name)
    if form == 1:
        env = r.choice(UPPER)
        return (f"containers:\n  - name: app\n    env:\n      - name: {env}\n        value: \"{value}\"\n"
                f"      - name: LOG_LEVEL\n        value: info\n", value, rule_for(env))
    return f"service:\n  {name}: '{value}'\n  retries: 3\n", value, rule_for(name)


def c1_json_escaped(r: Rng) -> Made:
    name, value = r.choice(CAMEL + SNAKE), v_token(r)
    inner = json.dumps({"region": "eu-west-1", name: value})
    return json.dumps({"id": "job-7", "config": inner}, indent=2) + "\n", value, rule_for(name)


def c1_typed(r: Rng) -> Made:
    name, value = r.choice(CAMEL), v_any(r)
    line = r.choice([f'val {name}: String = "{value}"', f'const {name}: string = "{value}";',
                     f'let {name}: &str = "{value}";', f'let {name} = "{value}"', f'{name}: str = "{value}"',
                     f'private static final String {name} = "{value}";', f'string {name} = "{value}";'])
    return f"// client setup\n{line}\n", value, rule_for(name)


# Clean look-alikes in the same syntaxes: references, empty values, names that are not secrets.
def c1_clean(r: Rng) -> str:
    return r.choice([
        'var apiToken string = os.Getenv("API_TOKEN")', "apiKey := cfg.APIKey", 'const tokenHeader = "X-Auth-Token"',
        "API_TOKEN ?= $(shell cat .token)", "DB_PASSWORD := $(DB_PASSWORD)", "TOKEN_FILE ::= /run/secrets/token",
        'System.setProperty("X_TOKEN", System.getenv("X_TOKEN"));', 'props.put("db.password", password);',
        "$token = getenv('TOKEN');", "$password = $_POST['password'];", "$tokens = token_get_all($src);",
        '<add key="Password" value="" />', '<add key="PasswordLength" value="12" />', "<password>${env.PASSWORD}</password>",
        "[database]\npassword = ${DB_PASSWORD}", 'token = "{{ vault_token }}"', 'default = var.db_password',
        "export API_TOKEN=$(pass show api/token)", 'export DB_PASSWORD="$DB_PASSWORD"', "ENV API_TOKEN=\"\"",
        "ARG NPM_TOKEN", "ENV TOKEN_URL https://auth.internal/token", "password: |\n  {{ .Values.password }}",
        '"{\\"password\\": \\"\\"}"', "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
        'val apiKey: String = BuildConfig.API_KEY', "let token: String = try keychain.read(\"token\")",
        "max_tokens := 4096", "tokenizer = AutoTokenizer.from_pretrained(name)", "ENV PASSWORD_MIN_LENGTH 12",
    ])


# --- class 2: credential shapes -------------------------------------------------------------

def c2_curl(r: Rng) -> Made:
    user, password = r.choice(["deploy", "admin", "ci-bot", "api"]), v_password(r)
    form = r.randrange(4)
    if form == 0:
        return f"curl -u {user}:{password} https://ci.internal/api/v1/jobs\n", password, "cli-credentials"
    if form == 1:
        return f'curl --user "{user}:{password}" -X POST https://registry.internal/v2/\n', password, "cli-credentials"
    if form == 2:
        key = v_hex(r)
        return f"curl -s -u {key}: https://api.internal/v1/charges\n", key, "cli-credentials"
    return (f"curl -fsSL \\\n  -u '{user}:{password}' \\\n  https://artifacts.internal/repo/app.tgz -o app.tgz\n",
            password, "cli-credentials")


def c2_authorization(r: Rng) -> Made:
    scheme = r.choice(["Token", "ApiKey", "SSWS", "OAuth", "Key", "Api-Key", "DeepL-Auth-Key", "GenieKey", "token"])
    value = r.choice([v_token, v_hex, v_b64])(r)
    line = r.choice([f'curl -H "Authorization: {scheme} {value}" https://api.internal/v1/me',
                     f"Authorization: {scheme} {value}", f'headers = {{"Authorization": "{scheme} {value}"}}',
                     f"  authorization: '{scheme} {value}'"])
    return line + "\n", value, "authorization-header"


def c2_custom_header(r: Rng) -> Made:
    header = r.choice(["X-Api-Key", "X-Auth-Token", "X-Acme-Key", "X-RapidAPI-Key", "Ocp-Apim-Subscription-Key",
                       "PRIVATE-TOKEN", "X-Access-Token", "X-Vault-Token", "X-Partner-Key", "Api-Key", "X-Client-Secret"])
    value = r.choice([v_token, v_hex, v_uuid])(r)
    line = r.choice([f'curl -H "{header}: {value}" https://api.internal/v2/items', f"{header}: {value}",
                     f'fetch(url, {{ headers: {{ "{header}": "{value}" }} }})', f"-H '{header}: {value}'"])
    return line + "\n", value, "secret-assignment"


def c2_k8s(r: Rng) -> Made:
    key = r.choice(["password", "api-token", "client-secret", "DB_PASSWORD", "token", "secret-key"])
    secret = v_password(r)
    encoded = base64.b64encode(secret.encode()).decode()
    user = base64.b64encode(b"app").decode()
    if r.random() < 0.5:
        text = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-credentials\n  namespace: prod\ntype: Opaque\n"
                f"data:\n  username: {user}\n  {key}: {encoded}\n")
    else:
        text = (f"apiVersion: v1\ndata:\n  {key}: {encoded}\n  username: {user}\nkind: Secret\nmetadata:\n"
                f"  name: app-credentials\n")
    return text, encoded, "kubernetes-secret"


def c2_k8s_string(r: Rng) -> Made:
    key, value = r.choice(["password", "api-token", "connection-key", "webhook-secret"]), v_token(r)
    return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: hooks\nstringData:\n  {key}: {value}\n",
            value, rule_for(key))


def c2_npmrc(r: Rng) -> Made:
    form = r.randrange(3)
    if form == 0:
        value = r.choice([v_uuid, v_b64, v_token])(r)
        host = r.choice(["registry.npmjs.org", "npm.pkg.internal/repository/npm/", "acme.jfrog.io/artifactory/api/npm/npm/"])
        return f"registry=https://{host}\n//{host}:_authToken={value}\nalways-auth=true\n", value, "npm-auth-token"
    if form == 1:
        value = base64.b64encode(f"ci:{v_password(r)}".encode()).decode()
        return f"registry=https://npm.internal/\n_auth={value}\nemail=ci@internal\n", value, "npm-auth-token"
    value = base64.b64encode(v_password(r).encode()).decode()
    return (f"//npm.internal/:username=ci\n//npm.internal/:_password={value}\n//npm.internal/:email=ci@internal\n",
            value, "npm-auth-token")


def c2_pypirc(r: Rng) -> Made:
    value = v_password(r)
    return (f"[distutils]\nindex-servers =\n    pypi\n    internal\n\n[internal]\nrepository = https://pypi.internal/\n"
            f"username = deploy\npassword = {value}\n", value, "password-assignment")


def c2_netrc(r: Rng) -> Made:
    value = r.choice([v_password, v_uuid, v_token])(r)
    if r.random() < 0.5:
        return f"machine api.internal login deploy password {value}\n", value, "netrc-password"
    return f"machine git.internal\n  login ci-bot\n  password {value}\n\nmachine mirror.internal\n  login anonymous\n", \
        value, "netrc-password"


def c2_docker_login(r: Rng) -> Made:
    value = v_password(r)
    line = r.choice([f"docker login -u deploy -p {value} registry.internal",
                     f"docker login registry.internal --username ci --password {value}",
                     f"podman login -u ci -p '{value}' quay.internal", f"docker login --password={value} -u ci reg.internal",
                     f"helm registry login reg.internal -u ci -p {value}"])
    return line + "\n", value, "cli-credentials"


def c2_cli_other(r: Rng) -> Made:
    value = v_password(r)
    line, secret = r.choice([
        (f"mysql -h db.internal -u root -p{value} orders", value),
        (f"sshpass -p '{value}' ssh deploy@bastion.internal", value),
        (f"./admin --password {value} --user root", value),
        (f"vault-cli login --token {value}", value),
        (f"redis-cli -h cache.internal -a {value} ping", value),
    ])
    return line + "\n", secret, "cli-credentials"


def c2_jwt_none(r: Rng) -> Made:
    header = r.choice([{"alg": "none", "typ": "JWT"}, {"alg": "none"}, {"typ": "JWT", "alg": "none"}])
    payload = {"sub": pick(r, LOWER_ALNUM, 10), "role": r.choice(["admin", "service"]),
               "exp": r.randint(1_800_000_000, 1_900_000_000)}
    token = f"{b64url(json.dumps(header).encode())}.{b64url(json.dumps(payload).encode())}."
    return r.choice([f"Unsigned test token: {token}\n", f"Authorization: Bearer {token}\n",
                     f'{{"id_token": "{token}"}}\n']), token, "jwt"


def c2_gcp(r: Rng) -> Made:
    project = f"proj-{pick(r, LOWER_ALNUM, 8)}"
    key = pem(r, "pkcs8") + "\n"
    doc = {"type": "service_account", "project_id": project, "private_key_id": pick(r, HEX, 40),
           "private_key": key, "client_email": f"ci@{project}.iam.gserviceaccount.com",
           "client_id": str(r.randint(10**20, 10**21 - 1)), "token_uri": "https://oauth2.googleapis.com/token"}
    form = r.randrange(3)
    if form == 0:
        text = json.dumps(doc, indent=2) + "\n"
    elif form == 1:
        text = json.dumps(doc) + "\n"
    else:
        text = "GOOGLE_CREDENTIALS: '" + json.dumps(doc) + "'\n"
    escaped = json.dumps(key)[1:-1]
    return text, escaped, "private-key"


def c2_clean(r: Rng) -> str:
    return r.choice([
        "curl -u \"$CI_USER:$CI_PASSWORD\" https://ci.internal/api", "curl -u ${USER}:${TOKEN} https://x.internal",
        "git push -u origin main", "set -u", "curl -H \"Authorization: Token $API_TOKEN\" https://api.internal",
        "Authorization: Token <your-token>", "Authorization: ApiKey {{ api_key }}", "X-Api-Key: ${API_KEY}",
        "apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  checksum: c2hhMjU2OmFiY2RlZg==",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: empty\ndata: {}",
        "//registry.npmjs.org/:_authToken=${NPM_TOKEN}", "always-auth=true",
        "machine api.internal login deploy password $NETRC_PASSWORD",
        "echo \"$REGISTRY_TOKEN\" | docker login -u ci --password-stdin registry.internal",
        "docker login registry.internal", "mysql -u root -p orders", "The header eyJhbGciOiJub25lIn0 means unsigned.",
        json.dumps({"type": "service_account", "project_id": "demo", "private_key": "<paste the key here>",
                    "client_email": "ci@demo.iam.gserviceaccount.com"}),
        "[internal]\nrepository = https://pypi.internal/\nusername = __token__\npassword = %(PYPI_TOKEN)s",
    ])


# --- class 3: vendor tokens -----------------------------------------------------------------

VendorMaker = tuple[str, str, Callable[[Rng], str]]  # (family, rule id, token)


def _ntn(r: Rng) -> str:
    return "ntn_" + pick(r, string.digits, 11) + v_token(r, 35, 35)


VENDORS: dict[str, VendorMaker] = {
    "facebook": ("chat", "facebook-access-token", lambda r: "EAA" + r.choice("BCGIJd") + pick(r, B62, r.randint(150, 220))),
    "notion": ("devtools", "notion-token", lambda r: r.choice([_ntn(r), "secret_" + v_token(r, 43, 43)])),
    "sourcegraph": ("code-host", "sourcegraph-token", lambda r: "sgp_" + r.choice(["", pick(r, HEX, 16) + "_"]) + pick(r, HEX, 40)),
    "sonarqube": ("devtools", "sonarqube-token", lambda r: r.choice(["squ_", "sqp_", "sqa_"]) + pick(r, HEX, 40)),
    "hubspot": ("devtools", "hubspot-token", lambda r: f"pat-{r.choice(['na1', 'eu1', 'na2'])}-{v_uuid(r)}"),
    "teams-webhook": ("chat", "teams-webhook", lambda r: (
        f"https://{pick(r, string.ascii_lowercase, 7)}.webhook.office.com/webhookb2/{v_uuid(r)}@{v_uuid(r)}"
        f"/IncomingWebhook/{pick(r, HEX, 32)}/{v_uuid(r)}")),
    "discord-webhook": ("chat", "discord-webhook", lambda r: (
        f"https://{r.choice(['discord.com', 'discordapp.com'])}/api/webhooks/{r.randint(10**17, 10**19)}/"
        f"{pick(r, B64URL, 68)}")),
    "terraform-cloud": ("devtools", "terraform-cloud-token",
                        lambda r: f"{pick(r, B62, 14)}.atlasv1.{pick(r, B64URL, 67)}"),
    "vault-legacy-batch": ("devtools", "vault-token", lambda r: r.choice(["hvs.", "hvb.", "hvr."]) + pick(r, B64URL, 95)),
    "infracost": ("devtools", "infracost-api-key", lambda r: "ico-" + pick(r, B62, 32)),
    "pkcs12": ("private-key", "pkcs12-keystore",
               lambda r: base64.b64encode(bytes([0x30, 0x82, 0x0a, r.randrange(256), 2, 1, 3, 0x30, 0x82])
                                          + r.randbytes(600)).decode()),
    "age": ("private-key", "age-secret-key", lambda r: "AGE-SECRET-KEY-1" + pick(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
    "atlassian": ("code-host", "atlassian-api-token", lambda r: "ATATT3" + pick(r, B64URL, 180) + "=" + pick(r, HEX.upper(), 8)),
    "bitbucket": ("code-host", "atlassian-api-token", lambda r: "ATBB" + pick(r, B62, 32)),
    "docker-hub": ("registry", "docker-hub-token", lambda r: r.choice(["dckr_pat_", "dckr_oat_"]) + pick(r, B64URL, 27)),
    "rubygems": ("registry", "rubygems-api-key", lambda r: "rubygems_" + pick(r, HEX, 48)),
    "nuget": ("registry", "nuget-api-key", lambda r: "oy2" + pick(r, LOWER_ALNUM, 43)),
    "crates": ("registry", "crates-io-token", lambda r: "cio" + pick(r, B62, 32)),
    "jfrog": ("registry", "jfrog-token", lambda r: r.choice(["AKCp", "cmVmdGtuOjAxOj"]) + pick(r, B62, 64)),
    "clojars": ("registry", "clojars-token", lambda r: "CLOJARS_" + pick(r, LOWER_ALNUM, 60)),
    "postman": ("devtools", "postman-api-key", lambda r: f"PMAK-{pick(r, HEX, 24)}-{pick(r, HEX, 34)}"),
    "grafana": ("devtools", "grafana-token", lambda r: r.choice([
        f"glsa_{pick(r, B62, 32)}_{pick(r, HEX, 8)}", "glc_" + base64.b64encode(r.randbytes(60)).decode().rstrip("=")])),
    "new-relic": ("devtools", "new-relic-key", lambda r: r.choice(["NRAK-", "NRII-"]) + pick(r, UPPER_ALNUM, 27)),
    "sentry": ("devtools", "sentry-token", lambda r: r.choice([
        "sntryu_" + pick(r, HEX, 64), "sntrys_" + base64.b64encode(r.randbytes(90)).decode().rstrip("=")])),
    "doppler": ("devtools", "doppler-token", lambda r: f"dp.{r.choice(['pt', 'st', 'sa', 'ct'])}.{pick(r, B62, 43)}"),
    "pulumi": ("devtools", "pulumi-token", lambda r: "pul-" + pick(r, HEX, 40)),
    "netlify": ("devtools", "netlify-token", lambda r: "nfp_" + pick(r, B62, 36)),
    "heroku": ("cloud", "heroku-api-key", lambda r: "HRKU-" + pick(r, B64URL, 60)),
    "fly": ("cloud", "fly-token", lambda r: "fo1_" + pick(r, B64URL, 43)),
    "supabase": ("cloud", "supabase-token", lambda r: r.choice(["sbp_" + pick(r, HEX, 40), "sb_secret_" + pick(r, B64URL, 31)])),
    "planetscale": ("cloud", "planetscale-token", lambda r: r.choice(["pscale_tkn_", "pscale_pw_"]) + pick(r, B64URL, 43)),
    "tailscale": ("devtools", "tailscale-key", lambda r: f"tskey-{r.choice(['auth', 'api', 'client'])}-{pick(r, B62, 12)}CNTRL-{pick(r, B62, 33)}"),
    "circleci": ("devtools", "circleci-token", lambda r: f"CCIPAT_{pick(r, B62, 22)}_{pick(r, HEX, 40)}"),
    "buildkite": ("devtools", "buildkite-token", lambda r: "bkua_" + pick(r, HEX, 40)),
    "prefect": ("devtools", "prefect-token", lambda r: "pnu_" + pick(r, B62, 36)),
    "dynatrace": ("devtools", "dynatrace-token", lambda r: f"dt0c01.{pick(r, UPPER_ALNUM, 24)}.{pick(r, UPPER_ALNUM, 64)}"),
    "contentful": ("devtools", "contentful-token", lambda r: "CFPAT-" + pick(r, B64URL, 43)),
    "figma": ("devtools", "figma-token", lambda r: "figd_" + pick(r, B64URL, 40)),
    "airtable": ("devtools", "airtable-token", lambda r: f"pat{pick(r, B62, 14)}.{pick(r, HEX, 64)}"),
    "typeform": ("devtools", "typeform-token", lambda r: "tfp_" + pick(r, B64URL, 44)),
    "mailchimp": ("devtools", "mailchimp-api-key", lambda r: f"{pick(r, HEX, 32)}-us{r.randint(1, 21)}"),
    "brevo": ("devtools", "brevo-api-key", lambda r: f"xkeysib-{pick(r, HEX, 64)}-{pick(r, B62, 16)}"),
    "intercom": ("chat", "intercom-token", lambda r: base64.b64encode(f"tok:{v_uuid(r)}:1:0".encode()).decode()),
    "twitter": ("chat", "twitter-bearer-token", lambda r: "A" * 22 + pick(r, B62 + "%", 90)),
    "dropbox": ("devtools", "dropbox-token", lambda r: "sl." + pick(r, B64URL, 138)),
    "mapbox": ("devtools", "mapbox-secret-token", lambda r: "sk.eyJ1Ijoi" + pick(r, B64URL, 50) + "." + pick(r, B64URL, 22)),
    "onepassword": ("devtools", "onepassword-token", lambda r: "ops_eyJ" + pick(r, B64URL, 300)),
    "groq": ("ai", "groq-api-key", lambda r: "gsk_" + pick(r, B62, 52)),
    "xai": ("ai", "xai-api-key", lambda r: "xai-" + pick(r, B62, 80)),
    "replicate": ("ai", "replicate-token", lambda r: "r8_" + pick(r, B62, 37)),
    "perplexity": ("ai", "perplexity-api-key", lambda r: "pplx-" + pick(r, B62, 48)),
    "openrouter": ("ai", "sk-api-key", lambda r: "sk-or-v1-" + pick(r, HEX, 64)),
    "langsmith": ("ai", "langsmith-api-key", lambda r: f"lsv2_{r.choice(['pt', 'sk'])}_{pick(r, HEX, 32)}_{pick(r, HEX, 10)}"),
    "tavily": ("ai", "tavily-api-key", lambda r: "tvly-" + r.choice(["", "dev-"]) + pick(r, B62, 32)),
    "pinecone": ("ai", "pinecone-api-key", lambda r: f"pcsk_{pick(r, B62, 6)}_{pick(r, B62, 63)}"),
    "sk-hex": ("ai", "sk-api-key", lambda r: "sk-" + r.choice([pick(r, HEX, 32), v_token(r, 48, 48)])),
    "nvidia": ("ai", "nvidia-api-key", lambda r: "nvapi-" + pick(r, B64URL, 64)),
    "elevenlabs": ("ai", "elevenlabs-api-key", lambda r: "sk_" + pick(r, HEX, 48)),
    "stripe-webhook": ("payment", "stripe-webhook-secret", lambda r: "whsec_" + pick(r, B62, 32)),
    "square": ("payment", "square-token", lambda r: r.choice(["sq0atp-" + pick(r, B64URL, 22), "sq0csp-" + pick(r, B64URL, 43),
                                                              "EAAA" + pick(r, B64URL, 60)])),
    "braintree": ("payment", "braintree-access-token",
                  lambda r: f"access_token$production${pick(r, LOWER_ALNUM, 16)}${pick(r, HEX, 32)}"),
    "flutterwave": ("payment", "flutterwave-secret-key", lambda r: f"FLWSECK-{pick(r, HEX, 32)}-X"),
    "plaid": ("payment", "plaid-access-token", lambda r: f"access-{r.choice(['production', 'sandbox'])}-{v_uuid(r)}"),
    "mollie": ("payment", "mollie-api-key", lambda r: r.choice(["live_", "test_"]) + pick(r, B62, 30)),
    "paddle": ("payment", "paddle-api-key", lambda r: f"pdl_live_apikey_{pick(r, LOWER_ALNUM, 26)}_{pick(r, B62, 22)}_{pick(r, B62, 3)}"),
    "aws-session": ("cloud", "aws-session-token", lambda r: "IQoJb3JpZ2luX2Vj" + pick(r, B64, 300)),
    "google-oauth": ("cloud", "google-oauth-token", lambda r: r.choice(["ya29." + pick(r, B64URL, 150), "1//0" + pick(r, B64URL, 98)])),
    "azure-sas": ("cloud", "azure-sas-token", lambda r: (
        f"https://st{pick(r, LOWER_ALNUM, 8)}.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=co&sp=rl"
        f"&se=2026-01-01T00:00:00Z&sig={base64.b64encode(r.randbytes(32)).decode().replace('+', '%2B').replace('/', '%2F').replace('=', '%3D')}")),
    "azure-sb": ("cloud", "azure-shared-access-key", lambda r: (
        f"Endpoint=sb://ns-{pick(r, LOWER_ALNUM, 6)}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
        f"SharedAccessKey={base64.b64encode(r.randbytes(32)).decode()}")),
    "tencent": ("cloud", "tencent-secret-id", lambda r: "AKID" + pick(r, B62, 32)),
    "volcengine": ("cloud", "volcengine-access-key", lambda r: "AKLT" + pick(r, B64URL, 43)),
    "yandex": ("cloud", "yandex-api-key", lambda r: "AQVN" + pick(r, B64URL, 36)),
    "firebase-fcm": ("cloud", "firebase-server-key", lambda r: f"AAAA{pick(r, B64URL, 7)}:APA91b{pick(r, B64URL, 134)}"),
    "github-classic": ("code-host", "github-pat", lambda r: checksummed(r, "ghp_")),
    "gitlab-runner": ("code-host", "gitlab-token", lambda r: "GR1348941" + pick(r, B64URL, 20)),
    "slack-config": ("chat", "slack-token", lambda r: f"xoxe.xoxp-1-{pick(r, B62, 150)}"),
    "base64-pem": ("private-key", "private-key", lambda r: base64.b64encode(pem(r, "rsa").encode()).decode()),
    "der-private": ("private-key", "private-key", lambda r: base64.b64encode(
        bytes([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00]) + r.randbytes(900)).decode()),
    "putty": ("private-key", "private-key", lambda r: (
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\n"
        f"{pick(r, B64, 64)}\n{pick(r, B64, 4)}\nPrivate-Lines: 1\n{pick(r, B64, 44)}\nPrivate-MAC: {pick(r, HEX, 64)}")),
}


# Where a finding starts inside a URL- or string-shaped token: at its secret part.
_SECRET_PART = {"teams-webhook": "/webhookb2/", "discord-webhook": "/api/webhooks/", "azure-sas": "sig=",
                "azure-sb": "SharedAccessKey="}


def secret_part(vendor: str, token: str) -> str | None:
    marker = _SECRET_PART.get(vendor)
    return token.split(marker, 1)[1] if marker else None


def c3_vendor(r: Rng, vendor: str) -> tuple[Made, str]:
    family, rule, make = VENDORS[vendor]
    token = make(r)
    if "\n" in token:
        return (f"Key for the bastion:\n\n{token}\n", token, rule), family
    line = r.choice([f"The job uses {token} for now.", f"token {token}", f"连接时使用{token}，别外传。",
                     f"- staging: `{token}`", f'client = Client("{token}")', f"see {token}", f"| ci | {token} |"])
    return (line + "\n", token, rule), family


def c3_clean(r: Rng) -> str:
    return r.choice([
        "Notion tokens start with ntn_ and are shown once.", "sgp_ prefixes mark Sourcegraph tokens.",
        "Use a pat-na1- token from the HubSpot private app page.", "dckr_pat_ tokens expire after a year.",
        "EAAB tokens are short-lived user tokens.", "pul- and ico- keys live in the CI vault.",
        "Webhook: https://discord.com/api/webhooks/<id>/<token>", "https://example.webhook.office.com/webhookb2/...",
        "rubygems_ keys are scoped per gem.", "oy2 keys are NuGet keys; rotate them yearly.",
        "sk-or-v1-... is the OpenRouter prefix", "gsk_ keys belong to Groq", "tvly- keys belong to Tavily",
        "whsec_ is the Stripe webhook signing secret prefix", "AKID ids pair with a SecretKey",
        "glsa_ service account tokens replace API keys", "The PKCS#12 file is in the vault (MII...).",
    ])


# --- class 4: clean text that looks like a secret -------------------------------------------

def c4_clean(r: Rng) -> tuple[str, str, str]:
    """(kind, text, file name) of a clean look-alike."""
    kind = r.choice(["firebase-web-config", "placeholder-here", "hash-run", "digit-groups", "maven", "key-vault-ref",
                     "password-manager", "public-key-by-design"])
    if kind == "firebase-web-config":
        proj = pick(r, LOWER_ALNUM, 10)
        key = "AIza" + pick(r, B64URL, 35)
        text = (f"const firebaseConfig = {{\n  apiKey: \"{key}\",\n  authDomain: \"{proj}.firebaseapp.com\",\n"
                f"  projectId: \"{proj}\",\n  storageBucket: \"{proj}.appspot.com\",\n"
                f"  messagingSenderId: \"{r.randint(10**11, 10**12 - 1)}\",\n"
                f"  appId: \"1:{r.randint(10**11, 10**12 - 1)}:web:{pick(r, HEX, 16)}\"\n}};\n")
        return kind, text, "firebase.js"
    if kind == "placeholder-here":
        value = r.choice(["YourApiTokenHere", "PutYourTokenHere", "RANDOMSTRINGHERE", "YOUR_SECRET_HERE",
                          "INSERT_API_KEY_HERE", "your-password-goes-here", "MySecretPasswordHere", "TokenHere123",
                          "REPLACE_WITH_YOUR_KEY", "ApiKeyGoesHere", "SomeRandomStringHere"])
        name = r.choice(UPPER + CAMEL)
        return kind, r.choice([f"{name}={value}", f'{name}: "{value}"', f"{name} = '{value}'",
                               f"Authorization: Token {value}"]) + "\n", "settings.env"
    if kind == "hash-run":
        value = "#" * r.randint(8, 40)
        name = r.choice(UPPER + SNAKE)
        return kind, r.choice([f"{name}={value}", f"{name}: '{value}'", f"password: {value}",
                               f'token = "{value[:4]}-{value[:4]}-{value[:4]}"']) + "\n", "app.yaml"
    if kind == "digit-groups":
        value = "-".join(["1234"] * r.randint(2, 4))
        return kind, r.choice([f"pin: {value}", f"password: {value}", f"license_key = \"{value}\"",
                               f"token: ABCD-{value}", f"secret: {value}-abcd"]) + "\n", "notes.md"
    if kind == "maven":
        version = f"{r.randint(0, 1)}.{r.randint(9, 12)}.{r.randint(0, 6)}"
        return kind, r.choice([
            f"implementation 'io.jsonwebtoken:jjwt-api:{version}'",
            f"runtimeOnly(\"io.jsonwebtoken:jjwt-impl:{version}\")",
            f"<dependency>\n  <groupId>io.jsonwebtoken</groupId>\n  <artifactId>jjwt-jackson</artifactId>\n"
            f"  <version>{version}</version>\n</dependency>",
            f"mvn dependency:get -Dartifact=io.jsonwebtoken:jjwt:{version}",
            f'"jsonwebtoken": "^9.0.{r.randint(0, 3)}"', f"libraryDependencies += \"io.jsonwebtoken\" % \"jjwt\" % \"{version}\"",
        ]) + "\n", "build.gradle"
    if kind == "key-vault-ref":
        vault, version = f"kv-{pick(r, LOWER_ALNUM, 6)}", pick(r, HEX, 32)
        name = r.choice(["DbPassword", "ApiToken", "ClientSecret"])
        return kind, r.choice([
            f"DB_PASSWORD=@Microsoft.KeyVault(SecretUri=https://{vault}.vault.azure.net/secrets/{name}/{version})",
            f'"ApiToken": "@Microsoft.KeyVault(VaultName={vault};SecretName={name};SecretVersion={version})"',
            f"password: \"@Microsoft.KeyVault(SecretUri=https://{vault}.vault.azure.net/secrets/{name}/)\"",
            f"client_secret = \"https://{vault}.vault.azure.net/secrets/{name}/{version}\"",
            f"secretVersion: {version}",
        ]) + "\n", "appsettings.json"
    if kind == "password-manager":
        return kind, r.choice([
            "password: stored in 1Password (vault Ops, item prod-db)", "token: in Bitwarden under prod-api",
            "The deploy password is in LastPass, shared folder Infra.", "api_key: KeePassXC database infra.kdbx",
            "密码：在 1Password 的 Ops 保险库里", "secret: ask in #ops, it lives in Vault under kv/prod/app",
            "password = from the macOS Keychain (login keychain)", "credentials: Dashlane shared folder 'CI'",
            "admin password: 1Password", "db_password: Bitwarden", "password is kept in KeePass",
        ]) + "\n", "notes.md"
    # Keys their vendors publish as public: publishable / anon / site keys.
    return kind, r.choice([
        f"STRIPE_PUBLISHABLE_KEY=pk_live_{pick(r, B62, 24)}",
        f"NEXT_PUBLIC_POSTHOG_KEY=phc_{pick(r, B62, 43)}",
        f"posthog.init('phc_{pick(r, B62, 43)}', {{ api_host: 'https://eu.posthog.com' }})",
        f"RECAPTCHA_SITE_KEY=6L{pick(r, B64URL, 38)}",
        "SUPABASE_ANON_KEY=" + ".".join([b64url(b'{"alg":"HS256","typ":"JWT"}'),
                                        b64url(json.dumps({"iss": "supabase", "ref": pick(r, LOWER_ALNUM, 20),
                                                           "role": "anon", "iat": 1700000000}).encode()),
                                        b64url(r.randbytes(32))]),
        f"mapboxgl.accessToken = 'pk.eyJ1Ijoi{pick(r, B64URL, 40)}.{pick(r, B64URL, 22)}';",
        f"sb_publishable_{pick(r, B64URL, 31)}",
    ]) + "\n", "public.env"


# --- class 5: placeholder judgement on the value --------------------------------------------

def _with_run(r: Rng, body: str, alphabet: str) -> str:
    """``body`` with an ascending run of exactly 8 (from ``alphabet``) written over a random
    place; the characters next to it do not extend it."""
    while True:
        start = r.randrange(len(alphabet) - 8)
        run = alphabet[start:start + 8]
        at = r.randrange(len(body) - 8)
        out = body[:at] + run + body[at + 8:]
        low = out.lower()
        before = low[at - 1] if at else ""
        after = low[at + 8] if at + 8 < len(low) else ""
        if before not in (chr(ord(run[0].lower()) - 1), run[0].lower()) and \
                after not in (chr(ord(run[-1].lower()) + 1), run[-1].lower()):
            return out


def c5_positive(r: Rng) -> tuple[Made, str, str]:
    """(made, family, kind): real-looking tokens that contain a run, or sit on a line with filler words."""
    kind = r.choice(["aws-with-run", "github-with-run", "sample-on-line", "example-nearby", "x-run-inside"])
    if kind == "aws-with-run":
        token = "AKIA" + _with_run(r, pick(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16), "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return (f"aws_access_key_id = {token}\n", token, "aws-access-key-id"), "cloud", kind
    if kind == "github-with-run":
        body = pick(r, B62, 28) + r.choice(["abcdefgh", "12345678", "klmnopqr", "ABCDEFGH"])
        token = "ghp_" + body
        return (f"GH_TOKEN={token}\n", token, "github-pat"), "code-host", kind
    if kind == "sample-on-line":
        token = checksummed(r, r.choice(["ghp_", "npm_"]))
        rule = "github-pat" if token.startswith("ghp_") else "npm-token"
        return (r.choice([f"sample_config: uses {token}", f"# sample .env\nTOKEN={token}",
                          f"token: {token}  # not a placeholder, see sample.env"]) + "\n", token, rule), "code-host", kind
    if kind == "example-nearby":
        value = v_token(r, 24, 32)
        return (r.choice([f"# example.com staging\napi_key: {value}", f"export API_KEY={value}  # see example/README",
                          f"api_key: {value} (sample.env shows the format)"]) + "\n", value, "secret-assignment"), \
            "generic", kind
    token = "sk_live_" + _with_run(r, pick(r, B62, 24), "0123456789abcdefghijklmnopqrstuvwxyz")[:10] + "Xxxx" + pick(r, B62, 10)
    return (f"STRIPE_KEY={token}\n", token, "stripe-secret-key"), "payment", kind


def c5_negative(r: Rng) -> tuple[str, str]:
    """(kind, text): a documented example or a value made of filler."""
    kind = r.choice(["documented-example", "filler", "sequence", "words"])
    if kind == "documented-example":
        return kind, r.choice([
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "AKIAI44QH8DHBEXAMPLE", "secret: je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
            "export STRIPE_KEY=sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc",
        ]) + "\n"
    if kind == "filler":
        return kind, r.choice([
            "ghp_" + "x" * 36, "GITHUB_TOKEN=ghp_" + "X" * 36, "sk-proj-" + "x" * 48, "AIza" + "X" * 35,
            "xoxb-" + "0" * 12 + "-" + "0" * 13 + "-" + "x" * 24, "npm_" + "*" * 36, "glpat-" + "x" * 20,
            "hf_" + "X" * 34, "api_key: " + "x" * 32, "password: " + "*" * 12, "token = \"" + "." * 20 + "\"",
        ]) + "\n"
    if kind == "sequence":
        return kind, r.choice([
            "ghp_1234567890abcdefghijklmnopqrstuvwxyz", "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
            "AKIAABCDEFGHIJKLMNOP", "sk_live_1234567890abcdefghijklmn", "api_key = abcdef1234567890abcdef1234567890",
            "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "token: 0123456789abcdef0123456789abcdef",
        ]) + "\n"
    return kind, r.choice([
        "ghp_YourGitHubPersonalAccessTokenHere1234", "sk-ant-api03-" + "your-key-goes-here-" * 5 + "AA",
        "api_key: your_api_key_here", "password: your-password-here", "token: <paste-your-token>",
        "AWS_SECRET_ACCESS_KEY=YourSecretAccessKeyGoesHereReplaceThis1", "client_secret: REPLACE_ME_WITH_THE_SECRET",
    ]) + "\n"


# --- the corpus -----------------------------------------------------------------------------

_C1: dict[str, tuple[Callable[[Rng], Made], str, str]] = {  # kind -> (maker, file name, fence)
    "go": (c1_go, "config.go", "go"), "makefile": (c1_make, "Makefile", "make"), "java-kotlin": (c1_jvm, "Setup.java", "java"),
    "php": (c1_php, "settings.php", "php"), "xml-nuget": (c1_xml, "app.config", "xml"), "ini-toml-hcl": (c1_ini, "main.tf", "hcl"),
    "shell": (c1_shell, "run.sh", "sh"), "dockerfile": (c1_docker, "Dockerfile", "dockerfile"),
    "yaml": (c1_yaml, "values.yaml", "yaml"), "json-escaped": (c1_json_escaped, "job.json", "json"),
    "typed-declaration": (c1_typed, "client.kt", "kotlin"),
}
_C2: dict[str, tuple[Callable[[Rng], Made], str, str, str]] = {  # kind -> (maker, file, fence, family)
    "curl-u": (c2_curl, "deploy.sh", "sh", "url"), "authorization-scheme": (c2_authorization, "api.http", "http", "generic"),
    "custom-key-header": (c2_custom_header, "request.sh", "sh", "generic"),
    "kubernetes-secret": (c2_k8s, "secret.yaml", "yaml", "cloud"),
    "kubernetes-stringdata": (c2_k8s_string, "secret.yaml", "yaml", "cloud"),
    "npmrc": (c2_npmrc, ".npmrc", "ini", "registry"), "pypirc": (c2_pypirc, ".pypirc", "ini", "registry"),
    "netrc": (c2_netrc, ".netrc", "", "url"), "docker-login": (c2_docker_login, "login.sh", "sh", "registry"),
    "cli-password": (c2_cli_other, "ops.sh", "sh", "generic"), "jwt-alg-none": (c2_jwt_none, "token.txt", "", "jwt"),
    "gcp-service-account": (c2_gcp, "sa.json", "json", "cloud"),
}


def samples(seed: int = 12, per_kind: int = 12) -> list[Sample]:
    """The whole labelled corpus: ``per_kind`` positives per kind plus clean look-alikes per class."""
    r = random.Random(seed)
    out: list[Sample] = []
    n = 0

    def add(cls: str, family: str, kind: str, name: str, fence: str, made: Made, at: str | None = None) -> None:
        nonlocal n
        text, secret, rule = made
        n += 1
        if n % 2 == 0:  # every other sample sits in a memory note
            text, name = note(r, fence, text), "note.md"
        if rule == "private-key" and secret and "BEGIN" in secret:
            at = "-----BEGIN"
        out.append(Sample(cls, family, kind, f"{n:05d}-{name}", text, secret, rule, at))

    for kind, (maker, name, fence) in _C1.items():
        for _ in range(per_kind):
            add("1", "generic", kind, name, fence, maker(r))
    for _ in range(per_kind * 4):
        add("1", "generic", "clean", "settings.conf", "", (c1_clean(r), None, None))
    for kind, (maker2, name, fence, family) in _C2.items():
        for _ in range(per_kind):
            add("2", family, kind, name, fence, maker2(r))
    for _ in range(per_kind * 3):
        add("2", "generic", "clean", "ops.sh", "sh", (c2_clean(r), None, None))
    for vendor in VENDORS:
        for _ in range(max(3, per_kind // 3)):
            made, family = c3_vendor(r, vendor)
            add("3", family, vendor, "notes.md", "", made, secret_part(vendor, made[1] or ""))
    for _ in range(per_kind * 3):
        add("3", "other", "clean", "notes.md", "", (c3_clean(r), None, None))
    for _ in range(per_kind * 8):
        kind, text, name = c4_clean(r)
        add("4", "other", kind, name, "", (text, None, None))
    for _ in range(per_kind * 4):
        made, family, kind = c5_positive(r)
        add("5", family, kind, "settings.env", "", made)
    for _ in range(per_kind * 4):
        kind, text = c5_negative(r)
        add("5", "other", kind, "settings.env", "", (text, None, None))
    return out


def iter_class(cls: str, seed: int = 12, per_kind: int = 12) -> Iterator[Sample]:
    return (s for s in samples(seed, per_kind) if s.cls == cls)


def write(out: Path, corpus: list[Sample]) -> dict[str, Sample]:
    """One file per sample under ``out/<class>/``; returns {relative path: sample}."""
    return write_files(out, ((f"class{s.cls}/{s.name}", s) for s in corpus))


def write_files(out: Path, named: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """``out`` emptied, then each sample's ``text`` written at its relative path; {path: sample}."""
    import shutil

    shutil.rmtree(out, ignore_errors=True)
    labels = {}
    for rel, sample in named:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(sample.text.encode("utf-8"))
        labels[rel] = sample
    return labels
