"""Detection rules: each rule's positives and near-miss negatives, placements, and the false-alarm list.

Every fake secret is generated at run time from bench/secrets_corpus.py (random,
format-valid), so this file holds no token-shaped literal.
"""
from __future__ import annotations

import base64
import json
import random
import string

import pytest

from bench.secrets_corpus import (
    B62,
    CONTEXT,
    FAKES,
    HEX,
    LOOKALIKES,
    checksummed,
    jwt,
    password,
    pem,
    pick,
)
from memsync.secrets import scan_text

R = random.Random(20240601)


def rules_in(text: str) -> list[str]:
    return [f.rule for f in scan_text(text)]


def fake(kind: str) -> str:
    return FAKES[kind](random.Random(hash(kind) & 0xFFFF))


# (label in the corpus generator, rule id memsync reports)
VENDOR = [
    ("aws-access-key-id", "aws-access-key-id"),
    ("github-pat", "github-pat"),
    ("github-oauth-token", "github-oauth-token"),
    ("github-user-token", "github-user-token"),
    ("github-app-token", "github-app-token"),
    ("github-refresh-token", "github-refresh-token"),
    ("github-fine-grained-pat", "github-fine-grained-pat"),
    ("gitlab-pat", "gitlab-pat"),
    ("gitlab-token", "gitlab-token"),
    ("slack-bot-token", "slack-token"),
    ("slack-user-token", "slack-token"),
    ("slack-app-token", "slack-app-token"),
    ("slack-webhook", "slack-webhook"),
    ("openai-api-key", "openai-api-key"),
    ("anthropic-api-key", "anthropic-api-key"),
    ("google-api-key", "google-api-key"),
    ("google-oauth-client-secret", "google-oauth-client-secret"),
    ("stripe-secret-key", "stripe-secret-key"),
    ("stripe-restricted-key", "stripe-restricted-key"),
    ("twilio-api-key", "twilio-api-key"),
    ("sendgrid-api-key", "sendgrid-api-key"),
    ("npm-token", "npm-token"),
    ("pypi-token", "pypi-token"),
    ("huggingface-token", "huggingface-token"),
    ("discord-bot-token", "discord-bot-token"),
    ("telegram-bot-token", "telegram-bot-token"),
    ("digitalocean-token", "digitalocean-token"),
    ("shopify-token", "shopify-token"),
    ("linear-api-key", "linear-api-key"),
    ("databricks-token", "databricks-token"),
    ("vault-token", "vault-token"),
    ("age-secret-key", "age-secret-key"),
    ("mailgun-api-key", "mailgun-api-key"),
    ("alibaba-access-key-id", "alibaba-access-key-id"),
    ("azure-storage-key", "azure-storage-key"),
    ("azure-entra-client-secret", "azure-entra-client-secret"),
    ("jwt", "jwt"),
    ("url-postgres", "url-credentials"),
    ("url-mysql", "url-credentials"),
    ("url-mongodb-srv", "url-credentials"),
    ("url-redis", "url-credentials"),
    ("url-https", "url-credentials"),
]


@pytest.mark.parametrize("kind,rule", VENDOR, ids=[k for k, _ in VENDOR])
def test_vendor_token_is_found_with_its_rule(kind: str, rule: str) -> None:
    for seed in range(5):
        secret = FAKES[kind](random.Random(seed))
        text = f"Deploy note: the nightly job uses {secret} to publish."
        findings = scan_text(text, "note.md")
        assert [f.rule for f in findings] == [rule], f"{kind} seed {seed}: {[f.format() for f in findings]}"
        f = findings[0]
        start = text.index(secret)  # the finding points into the planted string (URLs: at the password)
        assert f.line == 1 and start < f.col <= start + len(secret)
        leaked = secret in f.format() or secret[4:20] in f.masked  # computed first: a failure names no secret
        assert not leaked


@pytest.mark.parametrize("kind", ["private-key-rsa", "private-key-ec", "private-key-dsa", "private-key-openssh",
                                  "private-key-encrypted", "private-key-pkcs8", "private-key-pgp"])
def test_pem_private_keys_are_found_on_the_begin_line(kind: str) -> None:
    block = FAKES[kind](random.Random(1))
    text = "# key\n\nSome prose.\n\n```\n" + block + "\n```\n"
    findings = scan_text(text)
    assert [(f.rule, f.line, f.col) for f in findings] == [("private-key", 6, 1)]
    body_line = max(block.splitlines()[1:-1], key=len)
    leaked = body_line in findings[0].format()
    assert not leaked


def test_gcp_service_account_json_reports_key_id_and_escaped_private_key() -> None:
    doc = FAKES["gcp-service-account"](random.Random(2))
    findings = scan_text(doc)
    assert sorted(f.rule for f in findings) == ["gcp-service-account", "private-key"]
    key_id = json.loads(doc)["private_key_id"]
    leaked = any(key_id in f.format() for f in findings)
    assert not leaked


@pytest.mark.parametrize("kind,rule", [
    ("aws-secret-access-key", "aws-secret-access-key"),
    ("alibaba-access-key-secret", "alibaba-access-key-secret"),
    ("password-en", "password-assignment"),
    ("password-zh", "password-assignment"),
    ("secret-en", "secret-assignment"),
    ("secret-zh", "secret-assignment"),
])
def test_keyword_assignments_in_every_key_spelling(kind: str, rule: str) -> None:
    make, en_keys, zh_keys = CONTEXT[kind]
    for key in en_keys + zh_keys:
        for template in ("{k}: {v}", "{k} = {v}", '{k}: "{v}"', "{k}：{v}", "{k}={v}"):
            value = make(R)
            text = template.format(k=key, v=value)
            assert rules_in(text) == [rule], f"{kind}: {template.format(k=key, v=value[:3] + '...')}"


ASSIGNMENTS = [
    "password: {v}", "PASSWORD={v}", "db_password = '{v}'", '"password": "{v}"', "dbPassword: {v}",
    "The staging password is {v}", "| password | {v} |", "**password**: {v}", "密码：{v}", "数据库密码: {v}",
    "管理员口令是{v}", "登录密碼為{v}", "密码 ：「{v}」", "smtp_pass: {v}", "passphrase => {v}",
]


@pytest.mark.parametrize("template", ASSIGNMENTS)
def test_password_assignment_forms(template: str) -> None:
    value = password(R)
    findings = scan_text(template.format(v=value))
    assert [f.rule for f in findings] == ["password-assignment"]
    quoted = "'{v}'" in template or '"{v}"' in template
    # An unquoted value loses trailing sentence punctuation ("... is Xy7!pQ2z."), not a final "!": so may its length.
    expected = len(value) if quoted else len(value.rstrip(".:?)]}"))
    assert findings[0].masked.endswith(f"*** ({expected} chars)")


SECRET_ASSIGNMENTS = [
    "client_secret: {v}", "api_key = {v}", "apiKey: {v}", "X-Api-Key: {v}", "access_token={v}",
    "webhook secret: {v}", "signing key: {v}", "credentials: {v}", "密钥：{v}", "访问密钥：{v}", "令牌：{v}",
    "凭据: {v}", "私钥：{v}", "API 密钥：{v}", "twilio auth token: {h}",
]


@pytest.mark.parametrize("template", SECRET_ASSIGNMENTS)
def test_secret_assignment_forms(template: str) -> None:
    text = template.format(v=pick(R, B62, 32), h=pick(R, HEX, 32))
    rules = rules_in(text)
    assert len(rules) == 1 and rules[0] in ("secret-assignment", "twilio-auth-token")


@pytest.mark.parametrize("template", [
    "api_key: {u}", "SNYK_TOKEN={u}", "secret = '{u}'", "password: {u}", "X-Vault-Token: {u}", "heroku_api_key={u}",
    "machine api.heroku.com login me@example.org password {u}", "//registry.npmjs.org/:_authToken={u}",
])
def test_uuids_behind_names_that_say_secret_are_found(template: str) -> None:
    u = "-".join(pick(R, HEX, n) for n in (8, 4, 4, 4, 12))
    text = template.format(u=u)
    findings = scan_text(text)
    assert [(f.line, f.col) for f in findings] == [(1, text.index(u) + 1)], [f.format() for f in findings]
    leaked = u in findings[0].format()
    assert not leaked


@pytest.mark.parametrize("value,found", [
    ("i7Rqo32IJDeXjXXXxTYFrXsJ", True),  # a run of x inside a random token: the rest is random
    ("i7Rqo32IJDeXjxxXXTYFrXsJ", True),
    ("i7Rqo32IJDeXjXXXXTYFrXsJ", True),
    ("i7Rqo32IJDeXjxxxxTYFrXsJ", True),
    ("xxxxxxxxxxxxxxxxxxxxxxxx", False),  # made of x: a documentation filler
    ("XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX", False),
    ("i7Rqxxxxxxxxxxxxxxxxxxxx", False),  # too little left once the filler is cut out
])
def test_runs_of_x_are_judged_on_the_whole_value(value: str, found: bool) -> None:
    assert rules_in(f"X-Api-Key={value}") == (["secret-assignment"] if found else [])


NEGATIVE_ASSIGNMENTS = [
    "password: required", "password: ${DB_PASSWORD}", "password: $DB_PASSWORD", "token: {{ token }}",
    "secret: <your-secret>", "password: ***", "api_key: YOUR_API_KEY", "password: changeme",
    "token_type: bearer", "password_policy: strict", "max_tokens: 409600000", "public_key: ssh-ed25519",
    "primary key: id_2024_orders", "password_file: /run/secrets/db_password", "token: 2024-06-01T12:00:00Z",
    "密码：请从保险库获取，不要写入笔记。", "令牌：由持续集成在运行时注入", "密钥ID：12345678",
    "api_key = os.environ[\"API_KEY\"]", "token: expires-after-one-hour", "key: value-of-the-day",
    "password is stored in the vault", "secret: see vault://prod/db", "token: 550e8400-e29b-41d4-a716-446655440000",
    "the monkey: Abc123xyz9", "bypass: Abc123xyz9qq", "password: pk_live_" + "a1B2" * 6,
    # Code quoted in notes.
    "token = get_unstructured(value)", "token = random.randrange(sys.maxsize)", "password = self.ftp.pwd()",
    "pwd = os.getcwd()", "token = line[start:pos]", "tokens = tokenize.generate_tokens(io.StringIO(text).readline)",
    "ERRORTOKEN = token.ERRORTOKEN", "def f(startToken:Token=None, offendingToken:Token=None):",
    "password: _PasswordType | None = None", "token: OAuth2Token", "private_key: PKCS7PrivateKeyTypes,",
    'ACL_CREDENTIALS = "Access-Control-Allow-Credentials"', "WaitForTaskToken = 'waitForTaskToken'",
    "if len(tokens) == _NUM_ARGUMENTS_REQUIRED_IN_GETATT:", 'SECRET = "%(secret)s";',
    "detect-secrets = detect_secrets.main:main", "fds_to_pass = [listener.fileno(), alive_r]",
    "hook_call_pass = ast.Expr(value)", "'secret access key is displayed.\\n'",
    '"ARN": "arn:aws:secretsmanager:us-west-2:123456789012:secret:MyTestDatabaseSecret-a1b2c3"',
    '"AWS::ApiGateway::ApiKey": "48205d4ffd7feba3"', "# keys look like 'sk-[project-name]-[20 alnum]'",
    # Found by scanning Python's library and installed packages (code and docs nobody here wrote).
    '"tokens", "symbol2label"):', "'pkcs7_encrypted_st', 'RC4_KEY', '__darwin_ucontext64_t',",
    "{'ACErrorCode', 'API_UNAVAILABLE', 'AUChannelInfo', 'ColorSyncProfileKey', 'AUDependentParameter'}",
    ":type  tokens: antlr4.BufferedTokenStream.BufferedTokenStream", "token.ERRORTOKEN : Colors.NoColor,",
    "EMRFS_SSE_KEY = 'fs.s3.enableServerSideEncryption'", "EMRFS_CSE_KMS_KEY_ID_KEY = 'fs.s3.cse.kms.keyId'",
    "self, private_key: ed25519.Ed25519PrivateKey, f_priv: _FragList", "Pass = ASLLexer.PASS",
    "MLKEM768X25519PrivateKey = rust_openssl.hpke.MLKEM768X25519PrivateKey", 'GET_STREAM_KEY = "_GET_stream"',
    '_SAM_KEY = "lambda:createdBy"', 'SUBSCRIPTION_ID_META_KEY = "io.modelcontextprotocol/subscriptionId"',
    '_INIT_FACTORY_PAT = "__attr_factory_%s"', "pat = a*cos(b)*cos(c) + d*sin(b)*sin(c)",
    'portfolio_share_token = f"share-{portfolio_id}-{org_type}-{org_value}"',
    "auth: *(optional)* An authentication class to use when sending the request.",
    'Literal["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:jwt-bearer"]',
    "(None, 'joe', 'password', 'proxy.example.com:3128')), ('http', 'user/name', 'password', 'localhost:22'))",
    "Instead of `autospec=True` you can pass `autospec=some_object` to use it.", "pass `result_type=` explicitly.",
    "# * Heap key is *negative* size (so that larger SCCs appear first).",
    "def test_ScalarFunctionNoReferenceCycle():", '"Password": "webdavgeneratedpassword1",',
    "--token my-Bitbucket-password --username my-Bitbucket-username", "--master-user-password A1b2c3d4",
    '"DbPassword": "AMAFUyyuros/QjxPTtgzcsuQsqzIasdzJEN04aCtWDzXx1O9d6UmpkBtvEeqFly/EXAMPLE==",',
    "--registration-token a1b2c3d4-5678-90ab-cdef-EXAMPLE11111", "--starting-token eyJOZXh0VG9rZW4iOiBudWxsfQ==",
    # UUIDs that are not secrets: idempotency, lock and request tokens.
    '"ClientToken": "4752b573-40a6-4eac-a8a4-a72058761219"', '"LockToken":"0bc01e21-03c9-4b98-9433-6229cbf1ef1c",',
    "--lock-token 46851772-db6f-459d-9385-49428812e357", '"RequestToken": "20999d87-e304-4725-ad84-832dcbfd7fc5"',
]


@pytest.mark.parametrize("text", NEGATIVE_ASSIGNMENTS)
def test_keyword_near_misses_are_not_findings(text: str) -> None:
    assert rules_in(text) == []


def _body(kind: str) -> str:
    return FAKES[kind](random.Random(3))


NEAR_MISSES = [
    "AKIA" + pick(R, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 15),  # one short
    "x" + "AKIA" + pick(R, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),  # glued to a letter
    "AKIA" + pick(R, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16) + "Q",  # one long: not a key id
    "ghp_" + pick(R, B62, 35),
    "ghp_" + pick(R, B62, 20) + "-" + pick(R, B62, 16),
    "npm_config_cache=/tmp/npm",
    "hf_hub_download(repo_id)",
    "sk-proj-" + pick(R, B62, 30),
    "sk-" + pick(R, B62, 24),  # shorter than any sk- key (sk- + 32-64 alphanumerics is one: DeepSeek, Moonshot ...)
    "sk-ant-api03-" + pick(R, B62, 40),
    "AIza" + pick(R, B62, 34),
    "AC" + pick(R, HEX, 32),  # a Twilio account SID is an identifier
    "xoxb-12345",
    "12345:AA" + pick(R, B62, 33),  # a Telegram bot id has 8 to 10 digits
    "eyJhbGciOiJIUzI1NiJ9." + pick(R, B62, 20),  # two segments
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----",
    "-----BEGIN PUBLIC KEY-----\n" + base64.b64encode(R.randbytes(200)).decode() + "\n-----END PUBLIC KEY-----",
    "http://example.com:8080/path?x=1",
    "postgres://user:password@localhost:5432/app",
    "postgres://postgres:postgres@db:5432/app",
    "redis://:${REDIS_PASSWORD}@cache:6379",
    "glpat-short",
    "dapi" + pick(R, HEX, 31),
    "key-" + pick(R, HEX, 31),
    "LTAI" + pick(R, B62, 8),
    "Bearer tokens are short-lived.",
    "Basic authentication is disabled.",
]


@pytest.mark.parametrize("text", NEAR_MISSES, ids=range(len(NEAR_MISSES)))
def test_vendor_near_misses_are_not_findings(text: str) -> None:
    assert rules_in(text) == []


FULL_WIDTH = "，。；：、）】」』\u3000"


@pytest.mark.parametrize("punct", list(FULL_WIDTH), ids=[f"U+{ord(c):04X}" for c in FULL_WIDTH])
@pytest.mark.parametrize("kind", ["github-pat", "google-api-key", "anthropic-api-key", "stripe-secret-key",
                                  "jwt", "npm-token", "huggingface-token", "sendgrid-api-key"])
def test_token_glued_to_chinese_and_followed_by_full_width_punctuation(kind: str, punct: str) -> None:
    secret = _body(kind)
    text = f"生产环境的凭据是{secret}{punct}请勿外传"
    findings = scan_text(text)
    assert len(findings) == 1, [f.format() for f in findings]
    assert findings[0].col == text.index(secret) + 1  # columns count characters, not bytes


def _placements(secret: str) -> dict[str, tuple[str, int]]:
    """Text with ``secret`` placed somewhere, and the line it is on."""
    return {
        "frontmatter": (f"---\nid: facts/x\nkind: fact\nsummary: s\ndeploy: {secret}\n---\n\nbody\n", 5),
        "table": (f"| service | credential |\n|---|---|\n| ci | {secret} |\n", 3),
        "list": (f"Notes:\n\n- nightly: {secret}\n- weekly: none\n", 3),
        "code-block": (f"Run:\n\n```bash\nexport DEPLOY={secret}\n```\n", 4),
        "html-comment": (f"text\n<!-- {secret} -->\n", 2),
        "html-comment-multiline": (f"text\n<!--\nold: {secret}\n-->\n", 3),
        "url-query": (f"Callback https://api.example.com/run?credential={secret}&dry=1\n", 1),
        "url-path": (f"See https://api.example.com/hooks/{secret}/run\n", 1),
        "inline-code": (f"Call the API with `{secret}`.\n", 1),
        "json": (f'{{"credential": "{secret}"}}\n', 1),
        "crlf": (f"line one\r\nvalue {secret}\r\nline three\r\n", 2),
        "cjk-brackets": (f"配置：【{secret}】（生产）\n", 1),
    }


@pytest.mark.parametrize("where", list(_placements("x")))
@pytest.mark.parametrize("kind", ["github-pat", "aws-access-key-id", "slack-bot-token", "openai-api-key",
                                  "google-oauth-client-secret", "digitalocean-token"])
def test_token_found_in_every_placement(kind: str, where: str) -> None:
    secret = _body(kind)
    text, line = _placements(secret)[where]
    findings = scan_text(text)
    assert [f.line for f in findings] == [line], [f.format() for f in findings]


FALSE_ALARMS = [
    "Fixed in commit " + pick(R, HEX, 40) + ".",
    "commit: " + pick(R, HEX, 40),
    "https://github.com/acme/app/commit/" + pick(R, HEX, 40),
    "request id 550e8400-e29b-41d4-a716-446655440000",
    "client_id: 123e4567-e89b-12d3-a456-426614174000",
    "sha256: " + pick(R, HEX, 64),
    "digest: sha256:" + pick(R, HEX, 64),
    "sha512sum " + pick(R, HEX, 128),
    '"integrity": "sha512-' + base64.b64encode(R.randbytes(64)).decode() + '"',
    '<script integrity="sha384-' + base64.b64encode(R.randbytes(48)).decode() + '"></script>',
    "created: 1791512014824",
    "updated_at: 1712345678901",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",
    "totp_secret: JBSWY3DPEHPK3PXP",
    "https://hooks.slack.com/services/T00000000/B00000000/" + "X" * 24,
    "ghp_" + "x" * 36, "sk_live_" + "X" * 24, "glpat-" + "x" * 20, "AKIA" + "X" * 16,
    "npm_" + "0" * 36, "AIza" + "X" * 35, "xoxb-" + "0" * 12 + "-" + "0" * 13 + "-" + "x" * 24,
    "token: ${GITHUB_TOKEN}", "token: $GITHUB_TOKEN", "api_key: {{ api_key }}", "secret: <your-key>",
    "password: ***", "密码：<你的密码>",
    "pk_live_" + pick(R, B62, 24), "pk_test_" + pick(R, B62, 99),
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + pick(R, B62 + "+/", 43) + " alice@laptop",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + pick(R, B62 + "+/", 340) + "= deploy@ci",
    "![logo](data:image/png;base64,iVBORw0KGgo" + base64.b64encode(R.randbytes(900)).decode() + ")",
    "/home/alice/.ssh/id_ed25519", "~/.config/opencode/memory/secrets.md",
    "C:\\Users\\bob\\AppData\\Roaming\\app\\token.json", "password_file: /run/secrets/db_password",
    "部署脚本用pnpm而不是npm，因为锁文件是共享的。" * 30 + "密码必须至少包含十二个字符，并且每九十天更换一次。" * 20,
]


@pytest.mark.parametrize("text", FALSE_ALARMS, ids=range(len(FALSE_ALARMS)))
def test_false_alarm_list(text: str) -> None:
    assert scan_text(text) == []


def test_jwt_io_sample_is_an_example_but_a_random_jwt_is_not() -> None:
    sample = LOOKALIKES["jwt-io-sample"](random.Random(0))
    assert scan_text(sample) == []
    assert rules_in(f"Authorization: Bearer {jwt(R)}") == ["jwt"]


@pytest.mark.parametrize("category", sorted(LOOKALIKES))
def test_generated_lookalikes_raise_no_finding(category: str) -> None:
    r = random.Random(category)
    texts = [LOOKALIKES[category](r) for _ in range(40)]
    found = [f.format() for t in texts for f in scan_text(t)]
    assert found == []


def test_bearer_and_basic_headers() -> None:
    opaque = pick(R, B62, 40)
    assert rules_in(f"Authorization: Bearer {opaque}") == ["bearer-token"]
    basic = base64.b64encode(b"deploy:" + pick(R, B62, 16).encode()).decode()
    assert rules_in(f"Authorization: Basic {basic}") == ["basic-auth"]
    assert rules_in("Authorization: Basic " + base64.b64encode(b"user:password").decode()) == []


def test_checksummed_github_token_helper_matches_the_documented_shape() -> None:
    token = checksummed(random.Random(5), "ghp_")
    assert len(token) == 40 and token[4:].isalnum()
    assert pem(random.Random(5), "rsa").startswith("-----BEGIN RSA PRIVATE KEY-----")
    assert set(pick(R, string.digits, 9)) <= set(string.digits)


@pytest.mark.parametrize("alphabet", [B62, string.ascii_letters, HEX, B62 + "_-", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"],
                         ids=["base62", "letters", "hex", "base64url", "base32"])
def test_random_token_bodies_are_never_judged_fake(alphabet: str) -> None:
    """The placeholder judgement looks at the value: random bodies of every token length keep
    their random part (issue 10 item 16 — a run or a word inside does not make them fake)."""
    from memsync.secrets.values import looks_fake

    r = random.Random(alphabet)
    fake = [n for n in (16, 20, 24, 32, 36, 40, 64) for _ in range(400) if looks_fake(pick(r, alphabet, n).encode())]
    assert fake == []


@pytest.mark.parametrize("value,fake", [
    ("x" * 36, True), ("X" * 16, True), ("0" * 36, True), ("#" * 24, True), ("*" * 12, True),
    ("abcdefghijklmnopqrstuvwxyz0123456789", True), ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", True),
    ("1234567890abcdef1234567890abcdef", True), ("A1b2C3d4E5f6G7h8", True), ("YourApiTokenHere", True),
    ("RANDOMSTRINGHERE", True), ("your-key-goes-here", True), ("ABCD-1234-1234", True), ("1234-1234-1234-1234", True),
    ("my-Bitbucket-password", True), ("YourGitHubPersonalAccessTokenHere1234", True), ("sk-proj-...", True),
    ("IOSFODNN7EXAMPLE", True), ("f5525280-104e-4d35-bef5-8f1f1example", True),
    ("JBSWY3DPEHPK3PXP", True), ("KRUGS4ZANFZSAYJAOJSWC3BAONSWG4TF", False),  # the documented TOTP seed; a random one
])
def test_documented_examples_and_fillers_are_fake(value: str, fake: bool) -> None:
    from memsync.secrets.values import looks_fake

    assert looks_fake(value.encode()) is fake


@pytest.mark.parametrize("seed", range(40))
def test_a_run_or_a_filler_word_inside_a_random_value_keeps_it_real(seed: int) -> None:
    """Its own draws, so the verdict does not depend on which tests ran first. The random part
    leaves out J and S, which would lengthen the typed run (a run of 10 in 16 is a filler)."""
    from memsync.secrets.values import looks_fake

    rng = random.Random(seed)
    body = pick(rng, "ABCDEFGHIKLMNOPQRTUVWXYZ234567", 8)  # 8 random characters, then a typed run of 8
    assert not looks_fake((body[:4] + "KLMNOPQR" + body[4:]).encode())
    for mark in ("abcdefgh", "12345678", "sample", "_here", "xxxx", "test", "token"):
        value = pick(rng, B62, 28) + mark  # a letters-only draw ending in "test" holds no word "test"
        assert not looks_fake(value.encode()), (mark, value)


@pytest.mark.parametrize("mark", ["_here", "-token", ".sample", "_your_key"])
def test_a_letters_only_random_value_with_a_filler_suffix_stays_real(mark: str) -> None:
    """One 28-character base62 draw in ~140 has no digit: random case is no word to join with
    ("my-Bitbucket-password" is). Draws that read as Capitalised words are another rule's
    (a few percent of letters-only strings, said in looks_fake) and are left out here."""
    from memsync.secrets.values import looks_fake, made_of_words

    rng = random.Random(mark)
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert not looks_fake(b"ueofjaSlRseXnsCnAtJwaVhsKYhF_here")
    checked = 0
    for _ in range(200):
        value = (pick(rng, letters, 28) + mark).encode()
        if made_of_words(value):
            continue
        checked += 1
        assert not looks_fake(value), value
    assert checked > 150
