"""Secrets under an encoding (memsync/secrets/encoded.py): base64 and hex runs, escapes, HTML
entities, percent-encoding and invisible characters, found at the encoded span with the plain
finding's rule, mask and fingerprint; encoded-looking clean text stays silent; end to end in a
real git repository with the real hook, and through `memsync remember`."""
from __future__ import annotations

import base64
import json
import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO
from memtree import snapshot

from bench.secrets_corpus import FAKES
from memsync.secrets import scan_text
from memsync.secrets.gate import redact

ZW = "\u200b"


def token(kind: str, seed: int = 7) -> str:
    return FAKES[kind](random.Random(seed))


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def every(text: str, form: Callable[[str], str]) -> str:
    return "".join(form(c) for c in text)


def where(text: str, span: str) -> tuple[int, int]:
    """(line, col) of ``span`` in ``text``, 1-based, columns in characters."""
    at = text.index(span)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def never_shown(secret: str, *outputs: str) -> None:
    """Neither the secret nor a long piece of it (encoded or not) is in any output."""
    shown = "\n".join(outputs)
    leaked = secret in shown or secret[8:24] in shown  # computed first: a failure names no secret
    assert not leaked


def u(c: str) -> str:
    return "\\u%04x" % ord(c)


def x(c: str) -> str:
    return "\\x%02x" % ord(c)


def pct(c: str) -> str:
    return "%%%02X" % ord(c)


def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def octal(c: str) -> str:
    return "".join("\\%03o" % b for b in c.encode())


def c_octal(c: str) -> str:
    """As C may write it: as few digits as a byte needs (``-`` is ``\\55``, ``0`` is ``\\60``)."""
    return "".join("\\%o" % b for b in c.encode())


def b32(text: str) -> str:
    return base64.b32encode(text.encode()).decode()


def yaml_block(value: str, indent: str = "  ", width: int = 40) -> str:
    """``!!binary |`` and the base64 of ``value`` wrapped at ``width`` below it."""
    encoded = b64(value)
    return "|\n" + "".join(f"{indent}{encoded[i:i + width]}\n" for i in range(0, len(encoded), width))


def qp_mail(t: str) -> str:
    """A quoted-printable mail body whose 76-column soft line break ("=" at the line's end)
    falls inside the token."""
    line = "Hello, the new deploy key for the build farm, as the console showed it: " + t + " (rotate it soon)."
    assert line.index(t) < 75 < line.index(t) + len(t)
    return "Content-Transfer-Encoding: quoted-printable\n\n" + line[:75] + "=\n" + line[75:] + "\n"


# Letters drawn alike in another script (written here by hand from the code charts, one
# direction only: each Latin letter to the look-alike a person would pick).
CYRILLIC = dict(zip("aceopxyABCEHKMOPTX", "асеорхуАВСЕНКМОРТХ"))
GREEK = dict(zip("ABEHIKMNOPTXYZo", "ΑΒΕΗΙΚΜΝΟΡΤΧΥΖο"))


def look_alike(t: str, table: dict[str, str]) -> str:
    """Every letter of ``t`` that has a look-alike in ``table`` retyped with it."""
    return "".join(table.get(c, c) for c in t)


def escaped_json(t: str) -> str:
    """A JSON document whose string value is \\u-escaped throughout."""
    return '{"k": "x", "v": "' + every(t, u) + '"}'


# (name, note encoding, text built around the encoded form, the encoded span itself)
Encode = Callable[[str], tuple[str, str]]
ENCODINGS: list[tuple[str, str, Encode]] = [
    ("echo-base64", "base64", lambda t: (f"echo {b64(t)} | base64 -d", b64(t))),
    ("bare-base64", "base64", lambda t: (f"Old value, base64: {b64(t)}\nrotated since.", b64(t))),
    ("base64url", "base64", lambda t: (f"?state={b64url(t)}&x=1", b64url(t))),
    ("hex", "hex", lambda t: (f"echo {t.encode().hex()} | xxd -r -p", t.encode().hex())),
    ("HEX", "hex", lambda t: (f"blob = {t.encode().hex().upper()}", t.encode().hex().upper())),
    ("0x-hex", "hex", lambda t: (f"key = 0x{t.encode().hex()};", "0x")),
    ("json-unicode", "escape", lambda t: ('{"value": "' + u(t[0]) + t[1:] + '"}', u(t[0]))),
    ("json-unicode-all", "escape", lambda t: ('{"value": "' + every(t, u).upper().replace("\\U", "\\u") + '"}',
                                              u(t[0]).upper().replace("\\U", "\\u"))),
    ("backslash-x", "escape", lambda t: ('blob = b"' + every(t, x) + '"', x(t[0]))),
    ("shell-ansi-c", "escape", lambda t: ("export BLOB=$'" + every(t, x) + "'", x(t[0]))),
    ("html-decimal", "html", lambda t: ("<code>" + every(t, lambda c: f"&#{ord(c)};") + "</code>", f"&#{ord(t[0])};")),
    ("html-hex", "html", lambda t: ("<p>" + t[:3] + every(t[3:], lambda c: f"&#x{ord(c):x};") + "</p>", t[:3])),
    ("percent", "percent", lambda t: ("https://hook.internal/?v=" + every(t, pct), pct(t[0]))),
    ("zero-width-every", "invisible", lambda t: (f"Use {ZW.join(t)} to deploy.", t[0] + ZW)),
    ("zero-width-once", "invisible", lambda t: (f"- {t[:9]}\u2060{t[9:]}", t[:9])),
    ("soft-hyphen", "invisible", lambda t: (f"{t[:5]}\u00ad{t[5:20]}\ufeff{t[20:]} was pasted", t[:5])),
    ("two-layers", "base64+base64", lambda t: (f"echo {b64(b64(t))} | base64 -d | base64 -d", b64(b64(t)))),
    ("base64-of-escapes", "base64+escape", lambda t: (f"cfg: {b64(escaped_json(t))}", b64(escaped_json(t)))),
    ("yaml-binary", "base64", lambda t: (f"service: billing\ntoken: !!binary {b64(t)}\ntimeout: 30", b64(t))),
    ("yaml-binary-block", "base64", lambda t: ("creds: !!binary " + yaml_block(f"user: ci\ntoken: {t}\n"),
                                               b64("user: ci\ntoken: " + t)[:40])),
    ("url-path-base64url", "base64", lambda t: (f"POST https://hooks.example.com/v1/{b64url(t)}/run", b64url(t))),
    ("c-octal", "octal", lambda t: ('char *k = "' + every(t, octal) + '";', octal(t[0]))),
    ("c-octal-short", "octal", lambda t: ('char *k = "' + c_octal(t) + '";', c_octal(t[0]))),
    ("printf-octal", "octal", lambda t: (f"printf '{every(t[:6], octal)}{t[6:]}' | gh auth login", octal(t[0]))),
    ("base32", "base32", lambda t: (f"The vault stores it as base32: {b32(t)}", b32(t))),
    ("base32-env", "base32", lambda t: (f"DEPLOY_BLOB={b32('key=' + t)}", b32("key=" + t))),
    ("quoted-printable", "quoted-printable", lambda t: (qp_mail(t), t[:3] + "=")),
    ("cyrillic-look-alikes", "look-alike", lambda t: (f"token: {look_alike(t, CYRILLIC)} (rotated)",
                                                      look_alike(t, CYRILLIC)[:6])),
    ("greek-look-alikes", "look-alike", lambda t: (f"- {look_alike(t, GREEK)}", look_alike(t, GREEK)[:6])),
]
# (generator label, rule id): one vendor token of each family the encodings are tried on
KINDS = [("github-pat", "github-pat"), ("aws-access-key-id", "aws-access-key-id"), ("slack-bot-token", "slack-token"),
         ("stripe-secret-key", "stripe-secret-key"), ("anthropic-api-key", "anthropic-api-key")]


@pytest.mark.parametrize("kind,rule", KINDS, ids=[k for k, _ in KINDS])
@pytest.mark.parametrize("name,note,encode", ENCODINGS, ids=[e[0] for e in ENCODINGS])
def test_an_encoded_token_is_the_plain_finding_at_the_encoded_span(name: str, note: str, encode: Encode, kind: str,
                                                                 rule: str) -> None:
    secret = token(kind)
    [plain] = scan_text(secret, "n.md")
    body, span = encode(secret)
    text = f"---\nid: facts/deploy\n---\n\n部署说明：\n{body}\n"
    [found] = scan_text(text, "n.md")
    assert (found.rule, found.encoding) == (rule, note)
    assert (found.line, found.col) == where(text, span)
    assert found.masked == plain.masked == f"{secret[:4]}*** ({len(secret)} chars)"
    assert found.fingerprint == plain.fingerprint  # one allowlist entry covers every form of it
    assert found.format() == f"n.md:{found.line}:{found.col}: {rule} ({note}): {plain.masked}"
    shown = redact(text)
    assert plain.masked in shown and shown.count("*** (") == 1
    never_shown(secret, found.format(), shown)
    for piece in (b64(secret), secret.encode().hex(), ZW.join(secret)):
        assert piece[4:20] not in found.format() + shown


@pytest.mark.parametrize("text,rule,note", [
    # the key travels with the value inside the run
    (f"echo {b64('DB_PASSWORD=Xq7vLm2PzR9tKw4e')} | base64 -d", "password-assignment", "base64"),
    ("blob: " + b"client_secret: Wq8aZ0pLm3NvB7cX2sD4fG6hJ".hex(), "secret-assignment", "hex"),
    # the key is plain, the value escaped
    ('{"password": "\\u0058q7vLm2PzR9tKw4e"}', "password-assignment", None),
    ("password=%58q7vLm2PzR9tKw4e&user=ci", "password-assignment", None),
    # the key escaped, the value plain: what made it a finding was encoded
    ('{"\\u0070assword": "Xq7vLm2PzR9tKw4e"}', "password-assignment", "escape"),
    ("https://api.internal/?password%3DXq7vLm2PzR9tKw4e", "password-assignment", "percent"),
    # a URL's password, percent-encoded as a whole
    ("conn=" + every("postgres://app:Xq7vLm2PzR9tKw4e@db.internal/app", pct), "url-credentials", "percent"),
    ("<a href=\"https://deploy:Xq7vLm2PzR9tKw4e&#64;git.internal/r.git\">repo</a>", "url-credentials", "html"),
    # YAML's !!binary tag between the key and its base64: the key names the decoded bytes
    (f"service: billing\napi_key: !!binary {b64('Xq7vLm2PzR9tKw4eWq8aZ0pLm3NvB7cX')}\ntimeout: 30",
     "secret-assignment", "base64"),
    (f"db:\n  password: !!binary {b64('Xq7vLm2PzR9tKw4e')}\n", "password-assignment", "base64"),
    (f"db:\n  password: !!binary \"{b64('Xq7vLm2PzR9tKw4e')}\"\n", "password-assignment", "base64"),
    ("db:\n  client_secret: !!binary " + yaml_block("Xq7vLm2PzR9tKw4eWq8aZ0pLm3NvB7cX", "    ", 20) + "  port: 5432\n",
     "secret-assignment", "base64"),
    ("db:\n  password: !!binary >-  # rotated weekly\n    " + b64("Xq7vLm2PzR9tKw4e") + "\n", "password-assignment",
     "base64"),
    # octal escapes of the key and the value alike (printf, $'...')
    ("export " + every("DB_PASSWORD=Xq7vLm2PzR9tKw4e", octal), "password-assignment", "octal"),
])
def test_assignments_and_urls_under_an_encoding(text: str, rule: str, note: str | None) -> None:
    [found] = scan_text(text)
    assert found.rule == rule
    if note is not None:
        assert found.encoding == note
    never_shown("Xq7vLm2PzR9tKw4e", found.format(), redact(text))


def test_a_run_holding_two_secrets_gives_two_findings_at_its_place_and_one_mask() -> None:
    first, second = token("github-pat"), token("slack-bot-token")
    text = f"x\n  data: {b64(f'GH={first} SLACK={second}')}\n"
    found = scan_text(text)
    assert sorted(f.rule for f in found) == ["github-pat", "slack-token"]
    assert {(f.line, f.col, f.encoding) for f in found} == {(2, 9, "base64")}
    shown = redact(text)
    assert shown.count("*** (") == 1 and shown.startswith("x\n  data: ") and shown.endswith("\n")
    never_shown(first, shown)


def test_wrapped_base64_is_read_as_one_block() -> None:
    """`base64 .env` wraps at 76 columns: a token split across two lines is found, reported
    at the block's first line; lines of random bytes (a PEM body, an image) stay silent."""
    secrets = [token("github-pat"), token("stripe-secret-key"), token("anthropic-api-key")]
    env = "".join(f"{name}={value}\n" for name, value in zip(("GITHUB_TOKEN", "STRIPE_KEY", "ANTHROPIC_KEY"), secrets))
    encoded = b64(env)
    lines = [encoded[i:i + 76] for i in range(0, len(encoded), 76)]
    assert len(lines) >= 3 and len(lines[-1]) < 76
    text = "$ base64 .env\n" + "\n".join(lines) + "\n\nSent to ops.\n"
    found = scan_text(text)
    assert sorted(f.rule for f in found) == ["anthropic-api-key", "github-pat", "stripe-secret-key"]
    assert {(f.line, f.col, f.encoding) for f in found} == {(2, 1, "base64")}
    shown = redact(text)
    assert shown.startswith("$ base64 .env\n") and shown.endswith("\n\nSent to ops.\n") and shown.count("*** (") == 1
    for secret in secrets:
        never_shown(secret, shown, *(f.format() for f in found))
    noise = base64.b64encode(random.Random(4).randbytes(600)).decode()
    assert scan_text("\n".join(noise[i:i + 64] for i in range(0, len(noise), 64))) == []


def test_a_token_split_by_an_invisible_character_is_reported_whole() -> None:
    """The part before the split matches a rule on its own (sk- + 32 or more): the decoded
    finding, spanning both parts and the invisible character, replaces it."""
    secret = "sk-" + "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1De3Fg5Hj7"
    text = f"key {secret[:38]}{ZW}{secret[38:]} end"
    [found] = scan_text(text)
    assert (found.rule, found.encoding, found.col) == ("sk-api-key", "invisible", 5)
    assert found.masked == f"sk-A*** ({len(secret)} chars)"
    assert redact(text) == f"key sk-A*** ({len(secret)} chars) end"


def test_allowlist_and_inline_marker_apply_to_decoded_findings(tmp_path: Path, cli) -> None:
    secret = token("github-pat", 3)
    [plain] = scan_text(secret)
    encoded = f"echo {b64(secret)} | base64 -d"
    assert scan_text(encoded, allowlist=frozenset({plain.fingerprint})) == []
    assert scan_text(f"{encoded}  # memsync: allow-secret (a revoked token kept for the write-up)") == []
    assert len(scan_text(f"{encoded}\n# memsync: allow-secret\n")) == 1  # the marker covers its own line only
    # `secrets allow PATH:LINE` takes the decoded finding's fingerprint; the plain token is then allowed too
    (tmp_path / "n.md").write_text(f"line one\n{encoded}\n", encoding="utf-8")
    code, out, err = cli("secrets", "scan", "n.md")
    assert code == 1 and f"n.md:2:6: github-pat (base64): {plain.masked}" in out
    code, out, err = cli("secrets", "allow", "n.md:2", "--root", ".")
    assert code == 0, err
    (tmp_path / "plain.md").write_text(f"the token {secret}\n", encoding="utf-8")
    code, out, err = cli("secrets", "scan", "n.md", "plain.md")
    assert code == 0, out + err
    never_shown(secret, out, err, (tmp_path / ".memsync-secrets-allow").read_text())


def test_json_output_names_the_encoding(tmp_path: Path, cli) -> None:
    secret = token("aws-access-key-id")
    (tmp_path / "n.md").write_text("&#" + ";&#".join(str(ord(c)) for c in secret) + ";\n", encoding="utf-8")
    code, out, err = cli("secrets", "scan", "--json", "n.md")
    assert code == 1
    [finding] = json.loads(out)["findings"]
    assert finding["rule"] == "aws-access-key-id" and finding["encoding"] == "html" and finding["col"] == 1
    never_shown(secret, out, err)


def test_decoding_is_bounded_at_two_layers() -> None:
    secret = token("github-pat")
    assert [f.encoding for f in scan_text(b64(b64(secret)))] == ["base64+base64"]
    assert scan_text(b64(b64(b64(secret)))) == []  # documented: a third layer is not unwrapped


LOOKALIKES = {
    "data-uri": f'<img src="data:image/png;base64,{base64.b64encode(bytes.fromhex("89504e470d0a1a0a") + random.Random(1).randbytes(600)).decode()}">',
    "sri": f'<script integrity="sha384-{base64.b64encode(random.Random(2).randbytes(48)).decode()}"></script>',
    "git-sha": "commit 3f1c0a9e5b7d2e4f6a8c0b1d3e5f7a9c0b1d3e5f\nMerge: 9a8b7c6 5d4e3f2",
    "uuid": "tenant 6f1c2a9e-5b7d-4e4f-8a8c-0b1d3e5f7a9c migrated",
    "base64-prose": f"echo {b64('The deploy script uses pnpm because the lockfile is shared.')} | base64 -d",
    "base64-json": f"state={b64(json.dumps({'redirect': '/home', 'user': 'alice', 'roles': ['dev']}))}",
    "jwt-header": "header eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 only",
    "ssh-public": "ssh-ed25519 " + base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + bytes(range(32))).decode(),
    "pgp-public": "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + base64.b64encode(random.Random(3).randbytes(300)).decode()
                  + "\n-----END PGP PUBLIC KEY BLOCK-----",
    "k8s-placeholders": ("apiVersion: v1\nkind: Secret\ndata:\n"
                         + "".join(f"  {k}: {b64(v)}\n" for k, v in [("password", "changeme"), ("token", "<your-token>"),
                                                                     ("api-key", "example"), ("username", "deploy")])),
    "minified-js": 'function a(e,t){return e.getElementById(t)}var n="\\u00e9t\\u00e9",s="\\x3cdiv\\x3e";',
    "css-colours": ".btn{color:#a1b2c3;background:#fff;border-color:#0f0f0f}",
    "sha256-digest": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  memsync-0.1.0.tar.gz",
    "html-entities": "<p>Fish &amp; chips &lt;b&gt;today&lt;/b&gt; &#8212; caf&eacute;</p>",
    "percent-url": "https://search.internal/?q=hello%20world%2C%20again&ref=%2Fhome",
    "json-unicode-text": '{"greeting": "\\u4f60\\u597d", "emoji": "\\ud83d\\ude00", "path": "C:\\\\Users\\\\dev"}',
    "zwj-emoji": "family \U0001F468\u200d\U0001F469\u200d\U0001F467 and inter\u00adnational, \ufeffBOM",
    "encoded-examples": f"echo {b64('AKIAIOSFODNN7EXAMPLE')} | base64 -d; " + '{"t": "\\u0067hp_' + "X" * 36 + '"}',
    "password-with-percent": "password: fX#l#-PCbxmV%98 is not percent-encoded",
    # octal-looking: file modes, NULs in C strings, ANSI colours, a Windows path with digits
    "octal-lookalikes": ("chmod 0755 deploy.sh && umask 022\nchar buf[] = \"end\\0\"; write(fd, \"\\0\\0\\0\\0\", 4);\n"
                         "sed -E 's/(a)(b)/\\2\\1/' \\101 && echo \"\\7\\1\\33\"\n"
                         "echo -e '\\033[31mfailed\\033[0m'\nprintf '%s\\n' done; C:\\2024\\reports\\317\\x\n"
                         "printf '" + every("Deploy notes for the staging cluster", octal) + "'\n"),
    # "=" in ordinary text: query strings, flags, colours, a .env with an empty value, and
    # quoted-printable mail of prose
    "qp-lookalikes": ("https://search.example.com/?q=A1&page=2&sort=DESC&color=FF0000&id=3D\n"
                      "--width=80 --max=1F x=0A1B\nDB_PASSWORD=\nDB_HOST=db-3.internal.svc.cluster.local\n"
                      "Ordinary prose that happens to run long and end with an equals sign, a=\n"
                      "b+c for the build matrix\n"
                      "Content-Transfer-Encoding: quoted-printable\n\nCaf=C3=A9 au lait =E2=80=94 the meeting mov=\n"
                      "ed to Thursday, see the wiki page for the agenda and the notes from last week.\n"),
    "qp-after-base64-padding": ("blob:\n  " + b64("The deploy script uses pnpm because the lockfile is shared!!") + "\n"
                                "  password_policy: rotate every ninety days\n"),
    # base32-looking: documented TOTP seeds, capitalised words, random seeds, ULIDs, AWS ids
    "base32-lookalikes": ("otpauth example seed JBSWY3DPEHPK3PXP (the RFC 6238 docs use GEZDGNBVGY3TQOJQ)\n"
                          "THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG and DEPLOYMENTSTRATEGYROLLINGUPDATE\n"
                          f"seed {base64.b32encode(random.Random(5).randbytes(20)).decode()} "
                          f"recovery {base64.b32encode(random.Random(6).randbytes(10)).decode().rstrip('=')}\n"
                          "ulid 01ARZ3NDEKTSV4RRFFQ69G5FAV, key id AKIAIOSFODNN7EXAMPLE\n"
                          f"notes {b32('The deploy script uses pnpm because the lockfile is shared.')}\n"),
    # YAML !!binary of an image, of random bytes, of prose
    "yaml-binary-lookalikes": ("icon: !!binary |\n" + "".join(
        f"  {line}\n" for line in __import__("textwrap").wrap(base64.b64encode(
            bytes.fromhex("89504e470d0a1a0a") + random.Random(7).randbytes(300)).decode(), 76))
        + f"salt: !!binary {base64.b64encode(random.Random(8).randbytes(32)).decode()}\n"
        + f"api_key: !!binary {base64.b64encode(random.Random(9).randbytes(24)).decode()}\n"
        + f"password: !!binary {b64('changeme')}\ngreeting: !!binary {b64('hello from the build farm')}\n"),
    # Russian and Greek prose, formulas and names beside ASCII: no word mixes the scripts into a token
    "look-alike-prose": ("Сервер nginx на порту 8080, пароль хранится в vault (ключ DEPLOY_TOKEN).\n"
                         "Формула: Δx = v·t, α=0.5, ΑΒΓ-тест; СССР 1991; Кафе «Москва» и ΟΠΑΠ.\n"
                         "password: смотри в хранилище, токен ghp_ выдаёт бот\nΚΑΛΗΜΕΡΑ ΚΟΣΜΕ 2024\n"),
    # URL path segments that are ids, hashes, slugs or base64url of random bytes
    "url-path-lookalikes": (
        "https://github.com/acme/memsync/commit/3f1c0a9e5b7d2e4f6a8c0b1d3e5f7a9c0b1d3e5f\n"
        "https://api.example.com/v1/users/6f1c2a9e-5b7d-4e4f-8a8c-0b1d3e5f7a9c/avatar\n"
        "https://blog.example.com/2024/05/how-we-ship-memory-notes-safely\n"
        "https://drive.example.com/file/d/1A2b3C4d5E6f7G8h9I0jKlMnOpQrStUv/view\n"
        f"https://cdn.example.com/a/{base64.urlsafe_b64encode(random.Random(10).randbytes(24)).decode()}/logo.png\n"
        f"https://share.example.com/s/{b64url('The deploy script uses pnpm because the lockfile is shared.')}\n"),
}


@pytest.mark.parametrize("name", sorted(LOOKALIKES))
def test_encoded_looking_clean_text_raises_nothing(name: str) -> None:
    text = LOOKALIKES[name]
    found = scan_text(text)
    if name == "password-with-percent":  # a finding, but the plain one: '%98' is not decoded
        assert [(f.rule, f.encoding, f.masked) for f in found] == [("password-assignment", "", "fX#*** (15 chars)")]
        return
    assert found == []
    assert redact(text) == text


# --- end to end ------------------------------------------------------------------------------

def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)


def _hooked_root(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A memory root in a real git repository with the real hook installed and one commit."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the hook runs `python -m memsync`
    root = tmp_path / "mem"
    assert cli("init", "--root", "mem")[0] == 0
    _git(root, "init", "-q", "-b", "main")
    assert cli("hooks", "install", "--root", "mem")[0] == 0
    _git(root, "add", "-A")
    assert _git(root, "commit", "-qm", "init").returncode == 0
    return root


def test_the_git_hook_blocks_a_kubernetes_secret_note(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _hooked_root(tmp_path, cli, monkeypatch)
    secret = token("github-fine-grained-pat")
    manifest = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: ci\ntype: Opaque\ndata:\n"
                f"  username: {b64('ci-bot')}\n  token: {b64(secret)}\n")
    note = root / "facts" / "ci-secret.md"
    note.write_text(f"---\nid: facts/ci-secret\nkind: fact\nsummary: the CI secret manifest\n---\n\n```yaml\n{manifest}```\n",
                    encoding="utf-8")
    assert cli("compile", "--root", "mem")[0] == 0
    _git(root, "add", "-A")
    done = _git(root, "commit", "-qm", "add the CI secret")
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert f"facts/ci-secret.md:15:10: kubernetes-secret: {b64(secret)[:4]}*** ({len(b64(secret))} chars)" in output
    never_shown(secret, output)
    assert b64(secret)[4:30] not in output
    assert _git(root, "log", "--format=%s").stdout.split("\n")[0] == "init"
    # the same note with the value kept in the cluster only goes through
    note.write_text(note.read_text(encoding="utf-8").replace(b64(secret), b64("<set by the deploy job>")),
                    encoding="utf-8")
    _git(root, "add", "-A")
    done = _git(root, "commit", "-qm", "add the CI secret")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_git_hook_blocks_a_yaml_binary_value(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key without a vendor prefix under ``!!binary`` (block and one-line forms) stops the
    commit at its base64, masked as the decoded key; the image beside it is no finding."""
    root = _hooked_root(tmp_path, cli, monkeypatch)
    key, password = _password(11) + _password(12), _password(13)
    image = base64.b64encode(bytes.fromhex("89504e470d0a1a0a") + random.Random(14).randbytes(120)).decode()
    config = (f"service: billing\nicon: !!binary {image}\napi_key: !!binary " + yaml_block(key, "  ", 32)
              + f"password: !!binary {b64(password)}\n")
    note = root / "facts" / "billing-config.md"
    note.write_text(f"---\nid: facts/billing-config\nkind: fact\nsummary: the billing service config\n---\n\n"
                    f"```yaml\n{config}```\n", encoding="utf-8")
    assert cli("compile", "--root", "mem")[0] == 0
    _git(root, "add", "-A")
    done = _git(root, "commit", "-qm", "add the billing config")
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert output.count("billing-config.md:") == 2, output
    assert f"facts/billing-config.md:11:3: secret-assignment (base64): {key[:4]}*** ({len(key)} chars)" in output
    [plain] = scan_text(f"password: {password}")
    assert f"facts/billing-config.md:13:20: password-assignment (base64): {plain.masked}" in output
    assert "billing-config.md:9:" not in output  # the image
    for secret in (key, password, b64(key), b64(password)):
        never_shown(secret, output)
    assert _git(root, "log", "--format=%s").stdout.split("\n")[0] == "init"
    # the same config with the values left to the deploy job goes through
    config = (f"service: billing\nicon: !!binary {image}\napi_key: !!binary " + yaml_block("${BILLING_API_KEY}", "  ", 32)
              + f"password: !!binary {b64('<set by the deploy job>')}\n")
    note.write_text(f"---\nid: facts/billing-config\nkind: fact\nsummary: the billing service config\n---\n\n"
                    f"```yaml\n{config}```\n", encoding="utf-8")
    _git(root, "add", "-A")
    done = _git(root, "commit", "-qm", "add the billing config")
    assert done.returncode == 0, done.stdout + done.stderr


def test_remember_refuses_a_zero_width_split_token(
tmp_path: Path, run) -> None:
    root = tmp_path / "mem"
    assert run("init", "--root", str(root)).returncode == 0
    before = snapshot(root)
    secret = token("openai-api-key")
    split = "\u200c".join(secret[i:i + 3] for i in range(0, len(secret), 3))
    done = run("remember", "--root", str(root), "--category", "facts", "--summary", "the deploy key",
               "--body", f"The agent deploys with {split} copied from the console.")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "looks like a secret" in done.stderr and "nothing was written" in done.stderr
    assert f"openai-api-key (invisible) at line" in done.stderr
    assert f"{secret[:4]}*** ({len(secret)} chars)" in done.stderr
    assert snapshot(root) == before
    never_shown(secret, done.stdout, done.stderr)
    assert split[:20] not in done.stdout + done.stderr


def _password(seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789") for _ in range(20))


def _docker(auth: str) -> str:
    return '```json\n{"auths": {"ghcr.io": {"auth": "%s"}}}\n```\n' % auth


def _form(value: str) -> str:
    return f"POST body: `user=app&password={value}`\n"


def _html(value: str) -> str:
    return f'<input type="password" name="password" value="{value}">\n'


def _k8s(key: str, value: str) -> str:
    return f"```yaml\nkind: Secret\nmetadata:\n  name: db\ndata:\n  {key}: {b64(value)}\n```\n"


# A placeholder written encoded is still a placeholder: what a value stands for is judged, not
# the shape of its encoding; and a host name is no secret, digits in it or not. Each silent row
# has a row with a real password in the same place that is found.
@pytest.mark.parametrize("text,found", [
    (_docker(b64("ci:<your-token>")), False),
    (_docker(b64("bot:${REGISTRY_PASSWORD}")), False),
    (_docker(b64("user:changeme")), False),
    (_docker(b64("bot:" + _password(1))), True),
    (_form("%24%7BDB_PASSWORD%7D"), False),
    (_form("%3Cpaste%20token%20here%3E"), False),
    (_form(every(_password(2)[:6], pct) + _password(2)[6:]), True),
    (_html("&lt;your-password&gt;"), False),
    (_html("&#%d;%s" % (ord(_password(3)[0]), _password(3)[1:])), True),
    (_k8s("DB_HOST", "db-3.internal.svc.cluster.local"), False),
    (_k8s("DB_PASSWORD", _password(4)), True),
], ids=["docker-angle", "docker-env", "docker-default", "docker-real", "form-env", "form-angle", "form-real",
        "html-angle", "html-real", "k8s-host", "k8s-real"])
def test_an_encoded_placeholder_or_host_is_silent_and_a_real_value_is_found(text: str, found: bool) -> None:
    findings = scan_text(text, "n.md")
    assert bool(findings) == found, [f.format() for f in findings]


@pytest.mark.parametrize("indent", ["", "  ", "      ", "\t"], ids=["flush", "2", "6", "tab"])
def test_wrapped_base64_indented_alike_on_every_line_is_one_block(indent: str) -> None:
    """A YAML block scalar or a list item indents every line of a wrapped block the same; the
    token inside spans two of its lines."""
    import textwrap

    secret = token("github-pat", 3)
    blob = b64(f"[auth]\nuser = deploy\ntoken = {secret}\nregion = eu-west-1\n")
    lines = textwrap.wrap(blob, 64)
    assert all(secret not in base64.b64decode(line + "=" * (-len(line) % 4)).decode("latin-1") for line in lines)
    text = "config:\n  settings: |\n" + "".join(indent + line + "\n" for line in lines) + "done\n"
    findings = scan_text(text, "n.md")
    assert [(f.rule, f.line, f.col, f.encoding) for f in findings] == [("github-pat", 3, len(indent) + 1, "base64")]
    never_shown(secret, redact(text), *(f.format() for f in findings))

