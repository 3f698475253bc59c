"""Assignment syntaxes a third blind set (bench/secrets_blind_syntax.py) found missed or
misread: each class with positives, look-alikes of the same shape, and the masked message.

Every secret is generated at run time (random, with each character class present), so this
file holds no credential.
"""
from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from memsync.secrets import scan_text

R = random.Random(20261202)


def secret(n: int = 18, symbols: str = "-_~%+") -> str:
    """A random password with upper, lower, digit and symbol; begins and ends with a letter or digit
    (a bare value's final "." or "!" is read as punctuation)."""
    while True:
        p = R.choice(string.ascii_letters) + "".join(R.choice(string.ascii_letters + string.digits + symbols)
                                                     for _ in range(n - 2)) + R.choice(string.digits)
        if any(c.isupper() for c in p) and any(c.islower() for c in p) and any(c.isdigit() for c in p) \
                and any(c in symbols for c in p):
            return p


def dotted(rng: random.Random = R, n: int = 18) -> str:
    """A random password with two dots or more in it."""
    while True:
        p = secret(n, "!%+-_.~") if rng is R else _draw(rng, n)
        if p.count(".") >= 2:
            return p


def _draw(rng: random.Random, n: int) -> str:
    while True:
        p = rng.choice(string.ascii_letters) + "".join(rng.choice(string.ascii_letters + string.digits + "!%+-_.~")
                                                       for _ in range(n - 1))
        if any(c.isupper() for c in p) and any(c.islower() for c in p) and any(c.isdigit() for c in p):
            return p


# (template with {s}, rule id) — each row is a class the scanner had missed.
POSITIVES = [
    # fish and csh: NAME, whitespace, value
    ("set -x AUTH_TOKEN {s}", "secret-assignment"),
    ("set -gx DB_PASSWORD {s}", "password-assignment"),
    ("set --export API_KEY {s}", "secret-assignment"),
    ("setenv SMTP_PASS {s}", "password-assignment"),
    # .properties' whitespace separator: a dotted key alone with its value on the line
    ("mail.smtp.password {s}", "password-assignment"),
    ("  spring.datasource.password   {s}", "password-assignment"),
    ("app.client-secret {s}", "secret-assignment"),
    # SQL IDENTIFIED BY
    ("CREATE USER 'report'@'%' IDENTIFIED BY '{s}';", "password-assignment"),
    ('CREATE USER app IDENTIFIED WITH mysql_native_password BY "{s}";', "password-assignment"),
    ("alter user scott identified by '{s}' account unlock;", "password-assignment"),
    # Redis directives: the value after a space
    ("requirepass {s}", "password-assignment"),
    ("  masterauth {s}", "password-assignment"),
    ('CONFIG SET requirepass "{s}"', "password-assignment"),
    ("redis-cli -h cache config set requirepass {s}", "password-assignment"),
    # the literal fallback of an env lookup is hard-coded
    ('const dbPass = process.env.DB_PASS ?? "{s}";', "password-assignment"),
    ("const token = process.env.API_TOKEN || '{s}';", "secret-assignment"),
    ('val dbPassword = System.getenv("DB_PASSWORD") ?: "{s}"', "password-assignment"),
    ("psql postgresql://app:${{DB_PASSWORD:-{s}}}@db/app", "password-assignment"),
    # passwords with dots in them are values, not dotted names
    ("export DB_PASSWORD={d}", "password-assignment"),
    ("smtp_pass = {d}", "password-assignment"),
    ('  default = "{d}"\n', "password-assignment"),
    ("| password | `{d}` |", "password-assignment"),
    # a user and a password under a name ending in the word "auth"
    ("NEO4J_AUTH=neo4j/{s}", "password-assignment"),
    ('  NEO4J_AUTH: "neo4j/{s}"', "password-assignment"),
    ("export REDIS_AUTH=default:{s}", "password-assignment"),
    ("- SERVICE_AUTH=svc-reader:{s}", "password-assignment"),
    # PostgreSQL's password file: host:port:database:user:password
    ("db.internal:5432:orders:app:{s}", "pgpass-password"),
    ("Our .pgpass line: `*:*:*:deploy:{s}`", "pgpass-password"),
    ("    10.0.0.5:6432:*:app_ro:{s}", "pgpass-password"),
    ("localhost:5433:analytics:report:{s}  # staging", "pgpass-password"),
    # a second blind set (bench/secrets_blind_notes.py): Markdown emphasis, Chinese changes, setx
    ("- **Password:** {s}", "password-assignment"),
    ("**Admin password:** `{s}`", "password-assignment"),
    ("Password: **{s}**", "password-assignment"),
    ("root 密码改成了 {s}", "password-assignment"),
    ("数据库口令设置为 {s}", "password-assignment"),
    ("wifi 密码换成 {s} 了", "password-assignment"),
    ('setx SMTP_PASSWORD "{s}"', "password-assignment"),
    # a password word in prose, then a value no sentence holds
    ("ssh ops@10.0.4.2, passwd {s}", "password-assignment"),
    ("I changed the admin password to {s} yesterday.", "password-assignment"),
    ("Password - {s}", "password-assignment"),
    ("Password – {s}", "password-assignment"),
]


@pytest.mark.parametrize("template, rule", POSITIVES)
def test_syntax_positives_are_found_masked(template: str, rule: str) -> None:
    value = dotted() if "{d}" in template else secret()
    text = "note\n" + template.replace("{d}", "{s}").format(s=value) + "\n"
    if template.startswith("  default"):
        text = 'variable "db_password" {\n  type = string\n' + template.format(d=value) + "}\n"
    found = scan_text(text, "facts/x.md")
    assert [f.rule for f in found] == [rule], text
    f = found[0]
    assert f.line == next(i for i, line in enumerate(text.splitlines(), 1) if value in line)
    assert value not in f.format() and value not in f.masked
    assert f.masked.endswith(f"({len(value)} chars)")


@pytest.mark.parametrize("template", [
    "CREATE USER scott IDENTIFIED BY {s};",
    "alter user app identified by {s} account unlock;",
    "  CREATE USER report IDENTIFIED BY {s}\n  DEFAULT TABLESPACE users;",
])
def test_oracles_unquoted_identified_by_is_found_masked(template: str) -> None:
    """Oracle's passwords are written unquoted (identifier characters only)."""
    value = secret(16, "_$#")
    text = "note\n" + template.format(s=value) + "\n"
    found = scan_text(text, "facts/x.md")
    assert [f.rule for f in found] == ["password-assignment"], text
    assert found[0].line == 2 and value not in found[0].format()


# Look-alikes of the same shapes: none is a finding.
LOOKALIKES = [
    # fish / csh with a command or a variable
    "set -x GITHUB_TOKEN (gh auth token)",
    "set -gx DB_PASSWORD $VAULT_DB_PASSWORD",
    "setenv API_TOKEN `cat ~/.token`",
    "set -x password",
    # properties-like lines that are prose or have more words
    "mail.smtp.password is read from the environment",
    "spring.datasource.password ${DB_PASSWORD}",
    "the password policy requires 12 characters",
    # SQL without a literal
    "CREATE USER app IDENTIFIED BY :app_password;",
    "CREATE USER app IDENTIFIED BY '${APP_PASSWORD}';",
    "CREATE USER app IDENTIFIED WITH auth_socket;",
    "ALTER USER app IDENTIFIED BY 'changeme';",
    "Each user is identified by their email address and a token.",
    "CREATE USER scott IDENTIFIED BY tiger;",
    "CREATE USER app IDENTIFIED EXTERNALLY;",
    "CREATE USER app IDENTIFIED BY VALUES 'S:4F2C';",
    "CREATE USER app IDENTIFIED BY app_password_here;",
    "the service account is identified by Kerberos7Principal;",
    # Redis directives with the documented example, a variable, nothing, or in prose
    "requirepass foobared",
    "# requirepass foobared",
    "requirepass ${REDIS_PASSWORD}",
    'requirepass ""',
    "set requirepass in redis.conf before exposing the port",
    "we should turn requirepass Kx7mQ2vLp9Wz on for staging",
    # env lookups whose fallback is no literal
    'const token = process.env.TOKEN ?? "";',
    "const pass = process.env.DB_PASS || defaultPassword;",
    'val dbPassword = System.getenv("DB_PASSWORD") ?: error("DB_PASSWORD missing")',
    "password?: string;",
    "token ?? throwMissing('TOKEN')",
    # shell defaults and required variables
    "https://deploy:${DB_PASSWORD:-}@git.corp.internal",
    "POSTGRES_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}",
    "url: postgres://app:${DB_PASSWORD:-changeme}@db/app",
    # PowerShell env references and Rust/C++ paths are code
    "$token = $env:GITHUB_TOKEN",
    "$env:API_KEY = $env:VAULT_API_KEY",
    'let api_token = std::env::var("API_TOKEN").expect("API_TOKEN not set");',
    "auto secret = Config::get(\"client_secret\");",
    # a keyword inside another attribute's value is no key
    '<dataSource user="app" password="example-token" url="jdbc:postgresql://db/app"/>',
    '<input name="auth-token" value="{{ csrf_token() }}" class="form-control"/>',
    # dotted names stay code
    "password = self.password",
    "token = settings.api.TOKEN_VALUE",
    "secret_key = app.config.SECRET_KEY",
    "client_secret = fs.s3.enableServerSideEncryption",
    "private_key: DsaPrivateKey::pBasicDHParams::g",
    "signing_key = crypto::hmac::HmacSha256::new_from_slice",
    "session_token: amzn1.account.AF6RHO7KZU5XRVQJ",
    # "auth" names no secret unless its value is a user and a password
    "DJANGO_AUTH=myapp.backends:EmailBackend",
    "LDAP_AUTH=ldap:ou=people,dc=example,dc=com",
    "KAFKA_AUTH=SASL/PLAINTEXT",
    "NEO4J_AUTH=neo4j/changeme",
    "NEO4J_AUTH=neo4j/<your-password>",
    "NEO4J_AUTH=none",
    "REDIS_AUTH=default:${REDIS_PASSWORD}",
    "AUTH=oauth2:authorization_code",
    "SERVICE_AUTH=jwt:RS256",
    "OAUTH_CALLBACK=https://app.example.com/callback",
    # colon-separated lines that are not .pgpass lines
    "fe80:1234:abcd:ef01:23ab",
    "main.py:42:10:W0611:unused-import",
    "src/main.rs:42:5:error:mismatched",
    "localhost:5432:mydb:postgres:postgres",
    "localhost:5432:mydb:me:<password>",
    "localhost:5432:mydb:me:${PGPASSWORD}",
    "hostname:port:database:username:password",
    "db:5432:app:app:settings.DATABASE_PASSWORD",
    "a:5432:b:c:d:Xk9vTq2mLp7Rw",
    # placeholders of other languages, a path where a name's credential lives, emphasis around words
    "DB_PASSWORD: '%env(DATABASE_PASSWORD)%'",
    "password: \"#{ENV.fetch('DB_PASSWORD')}\"",
    "password = %(db_password)s",
    "LoadCredential=db-password:/etc/credstore/db-password",
    "- **Password:** see 1Password",
    "- **Password:** ask the on-call engineer",
    "Password: **required**",
    "**Password:** ***",
    "密码改成了什么？",
    "密码改成 8 位以上",
    'setx PATH "%PATH%;C:\\tools"',
    '"name","url","username","password"\n"bank","https://bank.example","jo","<hidden>"',
    "the password to 1Password vault",
    "password - see vault",
    "reset the password to default",
    "passwd -l username",
    "We migrated the password to SHA256-hashed storage",
    "change the password to UTF8-encoded bytes",
    "Password - OAuth2-based login",
    "rotate password to AES256-GCM",
    "set passwd to ReadOnly_2024",
    "password – 12345678901",
    "passwd command, man page section 1",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_syntax_lookalikes_are_not_findings(text: str) -> None:
    assert scan_text(text + "\n", "facts/x.md") == []


@pytest.mark.parametrize("template", ["export DB_PASSWORD={}", 'password = "{}"', "smtp_pass: {}"])
def test_random_passwords_with_dots_are_mostly_found(template: str) -> None:
    """Dots in a password made it look like a dotted name (self.password) about half the time;
    only a value whose every part reads as an identifier may still pass (measured: 89-98%,
    against 42-64% before)."""
    rng = random.Random(template)
    values = [dotted(rng, rng.randint(12, 20)) for _ in range(400)]
    found = sum(1 for v in values if scan_text(template.format(v) + "\n"))
    assert found >= 0.85 * len(values)


def test_cli_scan_of_a_properties_file_masks_and_exits_1(run, tmp_path: Path) -> None:
    """End to end: a bare .properties file and a fish config, scanned by the CLI process."""
    pw, tok = secret(), secret(28)
    (tmp_path / "app.properties").write_text(f"mail.smtp.host smtp.internal\nmail.smtp.password {pw}\n")
    (tmp_path / "config.fish").write_text(f"# tokens\nset -gx AUTH_TOKEN {tok}\n")
    (tmp_path / "clean.properties").write_text("mail.smtp.password ${SMTP_PASSWORD}\n")
    p = run("secrets", "scan", str(tmp_path / "app.properties"), str(tmp_path / "config.fish"),
            str(tmp_path / "clean.properties"))
    assert p.returncode == 1
    assert pw not in p.stdout + p.stderr and tok not in p.stdout + p.stderr
    lines = sorted(p.stdout.splitlines())
    assert len(lines) == 2, p.stdout
    assert lines[0].startswith(str(tmp_path / "app.properties") + ":2:20: password-assignment: ")
    assert lines[1].startswith(str(tmp_path / "config.fish") + ":2:20: secret-assignment: ")


def test_a_pgpass_password_with_escaped_colons_is_one_finding_at_its_column() -> None:
    """.pgpass escapes ':' and '\\' in a field with a backslash: the password runs to the line's end."""
    value = secret()
    written = value[:6] + "\\:" + value[6:]
    text = f"notes\n\n    db.internal:5432:*:app:{written}\n"
    found = scan_text(text, "facts/x.md")
    assert [(f.rule, f.line, f.col) for f in found] == [("pgpass-password", 3, 5 + len("db.internal:5432:*:app:"))]
    masked = found[0].masked
    assert masked.startswith(value[:2]) and masked.endswith(f"*** ({len(value) + 1} chars)") and len(masked) < 20
    assert value[:6] not in found[0].format()


def test_the_pgpass_file_itself_fails_the_scan_masked(tmp_path: Path) -> None:
    import subprocess
    import sys

    value = secret()
    (tmp_path / ".pgpass").write_text(f"# prod\ndb.internal:5432:orders:app:{value}\n*:*:*:postgres:postgres\n")
    run = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", str(tmp_path)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    assert f"{tmp_path / '.pgpass'}:2:" in run.stdout and "pgpass-password" in run.stdout
    assert value not in run.stdout + run.stderr and value[:8] not in run.stdout + run.stderr


def test_a_password_ending_in_an_exclamation_mark_is_read_whole() -> None:
    """"!" ends many a password (policies ask for a symbol): a bare value keeps it."""
    value = secret(12) + "!"
    found = scan_text(f"Guest Wi-Fi password: {value}\n", "facts/x.md")
    assert [(f.rule, f.col) for f in found] == [("password-assignment", 23)]
    assert found[0].masked.endswith(f"({len(value)} chars)") and value not in found[0].format()


@pytest.mark.parametrize("quoted", [False, True])
def test_a_csv_with_a_pass_column_is_read_quoted_or_not(quoted: bool) -> None:
    values = [secret(), secret()]
    q = '"' if quoted else ""
    rows = [",".join(f"{q}{c}{q}" for c in ("host", "port", "user", "pass"))]
    rows += [",".join(f"{q}{c}{q}" for c in (f"db0{i}", "5432", "etl", v)) for i, v in enumerate(values)]
    text = "```csv\n" + "\n".join(rows) + "\n```\n"
    found = scan_text(text, "facts/x.md")
    assert [(f.rule, f.line) for f in found] == [("password-assignment", 3), ("password-assignment", 4)]
    lines = text.splitlines()
    for f, v in zip(found, values):
        assert lines[f.line - 1].index(v) == f.col - 1 and v not in f.format()


def _b64url(n: int) -> str:
    import base64

    return base64.urlsafe_b64encode(bytes(R.randrange(256) for _ in range(n))).rstrip(b"=").decode()


@pytest.mark.parametrize("kty, member, n", [("EC", "d", 32), ("OKP", "d", 32), ("RSA", "d", 256), ("oct", "k", 32)])
def test_the_private_member_of_a_jwk_is_a_finding_in_any_member_order(kty: str, member: str, n: int) -> None:
    import json

    value = _b64url(n)
    for doc in ({"kty": kty, "kid": "k1", member: value}, {member: value, "use": "sig", "kty": kty}):
        text = "```json\n" + json.dumps(doc) + "\n```\n"
        found = scan_text(text, "facts/x.md")
        assert [(f.rule, f.line, f.col) for f in found] == [("jwk-private-key", 2, text.splitlines()[1].index(value) + 1)]
        assert value not in found[0].format()


@pytest.mark.parametrize("doc", [
    '{"kty": "RSA", "n": "%s", "e": "AQAB"}',  # public
    '{"kty": "EC", "crv": "P-256", "x": "%s", "y": "%s"}',
    '{"kty": "RSA", "k": "%s"}',  # k belongs to oct keys
    '{"kty": "oct", "d": "%s"}',
    '{"d": "%s"}',  # no kty: not a JWK
    '{"kty": "EC", "nested": {"a": 1}, "d": "short"}',
])
def test_a_public_or_partial_jwk_is_not_a_finding(doc: str) -> None:
    text = doc % ((_b64url(32),) * doc.count("%s"))
    assert scan_text(text + "\n", "facts/x.md") == []


def test_a_rails_secret_key_base_is_a_finding_and_its_erb_reference_is_not() -> None:
    value = "".join(R.choice("0123456789abcdef") for _ in range(128))
    for text in (f"production:\n  secret_key_base: {value}\n", f"SECRET_KEY_BASE={value}\n"):
        found = scan_text(text, "config/x.yml")
        assert [f.rule for f in found] == ["rails-secret-key-base"] and found[0].masked.endswith("(128 chars)")
    assert scan_text('secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>\n', "config/x.yml") == []
    assert scan_text("secret_key_base: " + "0" * 128 + "\n", "config/x.yml") == []
