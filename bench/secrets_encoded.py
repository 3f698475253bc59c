"""A labelled corpus of encoded secrets and of encoded-looking clean text.

Written from descriptions of the formats, not from any scanner's fixtures:
base64 (RFC 4648 section 4, with padding) and base64url (section 5, often
unpadded), hex, JSON string escapes (``\\uXXXX``, RFC 8259 section 7), C /
Python / shell ``\\xHH`` escapes, HTML character references (``&#NNN;``,
``&#xHH;``), URL percent-encoding (RFC 3986 section 2.1), invisible
characters (U+200B, U+200C, U+200D, U+2060, U+FEFF, U+00AD) pasted inside a
token, and the places those reach a note: a Kubernetes Secret manifest
(``data:`` values are base64), ``Authorization: Basic``, ``echo … | base64 -d``.

Every secret is generated at run time by bench/secrets_corpus.py (random but
format-valid; no literal token is stored here), for each rule family the
generator knows: every vendor shape, URL credentials, private keys and
keyword assignments. Each encoding gets every family it applies to; the
look-alikes are text that must raise nothing.

    samples(seed) -> list[Encoded]      # deterministic for a seed
    write(out_dir, samples) -> labels   # one file per sample
"""
from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.secrets_corpus import CONTEXT, EN, FAKES, HEX, MULTILINE, pick

Rng = random.Random
B64_CHARS = string.ascii_letters + string.digits + "+/"
INVISIBLE = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad")

# The rule id memsync reports for a generator label (most labels are rule ids already).
RULE = {"slack-bot-token": "slack-token", "slack-user-token": "slack-token", "gcp-service-account": "private-key"}
RULE.update({k: "url-credentials" for k in FAKES if k.startswith("url-")})
RULE.update({k: "private-key" for k in FAKES if k.startswith("private-key-")})
CONTEXT_RULE = {"password-en": "password-assignment", "secret-en": "secret-assignment",
                "aws-secret-access-key": "aws-secret-access-key", "alibaba-access-key-secret": "alibaba-access-key-secret"}
CONTEXT_KEY = {"password-en": ["password", "db_password", "DB_PASSWORD", "smtpPassword"],
               "secret-en": ["client_secret", "api_key", "apiKey", "WEBHOOK_SECRET"],
               "aws-secret-access-key": ["aws_secret_access_key", "AWS_SECRET_ACCESS_KEY"],
               "alibaba-access-key-secret": ["ALIBABA_CLOUD_ACCESS_KEY_SECRET", "aliyun_access_key_secret"]}
# Runs are decoded alone: the secret travels with its context; escapes keep the text around them.
RUN_ENCODINGS = ("k8s-secret", "basic-auth", "echo-base64", "base64", "base64url", "hex", "two-layers",
                 "yaml-binary", "url-path", "base32")
TEXT_ENCODINGS = ("json-unicode", "backslash-x", "html-entity", "percent", "invisible", "octal", "quoted-printable")
ENCODINGS = RUN_ENCODINGS + TEXT_ENCODINGS


@dataclass(frozen=True)
class Encoded:
    encoding: str  # one of ENCODINGS; for a look-alike, what it looks like
    family: str
    kind: str  # generator label
    name: str  # file name
    text: str
    rule: str | None  # rule id memsync reports; None: a look-alike (must raise nothing)
    first: int = 0  # lines a finding must sit on (1-based)
    last: int = 0

    @property
    def positive(self) -> bool:
        return self.rule is not None


def family(kind: str) -> str:
    for prefixes, name in ((("aws", "google", "azure", "alibaba", "digitalocean", "gcp"), "cloud"),
                           (("github", "gitlab"), "code-host"), (("slack", "discord", "telegram"), "chat"),
                           (("openai", "anthropic", "huggingface"), "ai"), (("stripe",), "payment"),
                           (("npm", "pypi"), "registry"), (("private-key",), "private-key"), (("jwt",), "jwt"),
                           (("url-",), "url"), (("password", "secret-en"), "generic")):
        if kind.startswith(prefixes):
            return name
    return "devtools"


# --- encoders -------------------------------------------------------------------------------

def b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode()


def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode().rstrip("=")


def some(r: Rng, text: str, encode: Callable[[str], str], *, always: str = "") -> str:
    """``text`` with a random share of its characters encoded (every one, at times), at least one;
    characters in ``always`` are always encoded (a "+" in a URL query)."""
    share = r.choice([1.0, 0.5, 0.2, 0.0])
    chosen = [i for i, c in enumerate(text) if c in always or r.random() < share]
    if not chosen:
        chosen = [r.randrange(len(text))]
    marked = set(chosen)
    return "".join(encode(c) if i in marked else c for i, c in enumerate(text))


def json_unicode(c: str) -> str:
    return f"\\u{ord(c):04x}" if ord(c) < 0x10000 else json.dumps(c)[1:-1]


def backslash_x(c: str) -> str:
    return "".join(f"\\x{b:02x}" for b in c.encode("utf-8"))


def html_entity(r: Rng) -> Callable[[str], str]:
    form = r.choice(["&#{};", "&#x{:x};", "&#x{:X};"])
    return lambda c: form.format(ord(c))


def octal(c: str) -> str:
    return "".join(f"\\{b:03o}" for b in c.encode("utf-8"))


def quoted_printable(text: str, width: int = 76) -> list[str]:
    """RFC 2045 section 6.7: bytes outside printable ASCII and "=" itself as "=XX", lines cut
    with a soft break ("=" at the end) so that none is wider than ``width``, never inside an
    "=XX"."""
    pieces = [chr(b) if 33 <= b <= 126 and b != 61 or b == 32 else f"={b:02X}" for b in text.encode("utf-8")]
    lines, line = [], ""
    for piece in pieces:
        if len(line) + len(piece) > width - 1:
            lines.append(line + "=")
            line = ""
        line += piece
    return lines + [line]


def percent(c: str) -> str:
    return "".join(f"%{b:02X}" for b in c.encode("utf-8"))


def invisible(r: Rng, text: str) -> str:
    """Invisible characters between characters of ``text``: after every one, or at a few places."""
    every = r.random() < 0.3
    places = set(range(1, len(text))) if every else {r.randrange(1, len(text)) for _ in range(r.randint(1, 4))}
    return "".join((r.choice(INVISIBLE) if i in places else "") + c for i, c in enumerate(text))


# --- positives --------------------------------------------------------------------------------

def note(r: Rng, body: str, fence: str = "") -> str:
    before = r.choice(["How the staging deploy is configured:", "Setup notes for the new service.",
                       "The integration test needs this:", "部署配置如下，注意不要提交到公开仓库。"])
    after = r.choice(["Rotate it after the demo.", "Ask ops before changing it.", "测试完成后要轮换。", ""])
    head = f"---\nid: facts/config\nkind: fact\nsummary: {before}\n---\n\n{before}\n\n"
    if fence is not None:
        return f"{head}```{fence}\n{body.rstrip()}\n```\n\n{after}\n"
    return f"{head}{body.rstrip()}\n\n{after}\n"


def _positive(enc: str, kind: str, r: Rng) -> tuple[str, str, str] | None:
    """(text, line the finding starts on, expected rule) for ``kind`` under ``enc``; None where
    the encoding does not apply (multi-line blocks under per-character escapes)."""
    context = kind in CONTEXT
    value = CONTEXT[kind][0](r) if context else FAKES[kind](r)
    rule = CONTEXT_RULE[kind] if context else RULE.get(kind, kind)
    key = r.choice(CONTEXT_KEY[kind]) if context else ""
    carried = f"{key}: {value}" if context else value  # what a run must hold to be judged on its own
    multiline = kind in MULTILINE
    if multiline and enc in TEXT_ENCODINGS:
        return None
    if enc == "k8s-secret":
        name = key or r.choice(["token", "api-key", "GITHUB_TOKEN", "credentials", "DATABASE_URL", "tls.key"])
        if kind.startswith("url-"):
            name = r.choice(["DATABASE_URL", "REDIS_URL", "connection"])
        if kind.startswith("private-key-"):
            name = "tls.key"
        manifest = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-{pick(r, string.ascii_lowercase, 5)}\n"
                    f"  namespace: prod\ntype: Opaque\ndata:\n  username: {b64('deploy')}\n  {name}: {b64(value)}\n")
        text = note(r, manifest, "yaml")
        return text, f"  {name}: ", "kubernetes-secret"
    if enc == "basic-auth":
        if multiline or kind.startswith("url-"):
            return None
        user = r.choice(["x-access-token", "api", "deploy", "ci-bot"])
        line = r.choice([f"curl -H 'Authorization: Basic {b64(user + ':' + value)}' https://api.internal/v1/me",
                         f"Authorization: Basic {b64(user + ':' + value)}"])
        return note(r, line, "http"), "Basic ", "basic-auth"
    if enc == "echo-base64":
        encoded = b64(carried)
        line = r.choice([f"echo {encoded} | base64 -d > .env", f"echo '{encoded}' | base64 --decode",
                         f"base64 -d <<< {encoded}", f"printf %s {encoded} | base64 -D"])
        return note(r, line, "sh"), encoded, rule
    if enc == "base64":
        encoded = b64(carried)
        line = r.choice([f"The old value (base64): {encoded}", f"blob = \"{encoded}\"", f"- payload: {encoded}"])
        return note(r, line, None if line.startswith("The") else "toml"), encoded, rule
    if enc == "base64url":
        encoded = b64url(carried)
        line = r.choice([f'{{"state": "{encoded}"}}', f"https://app.internal/callback?state={encoded}&ok=1"])
        return note(r, line, "json" if line.startswith("{") else None), encoded, rule
    if enc == "hex":
        encoded = carried.encode("utf-8").hex()
        if r.random() < 0.3:
            encoded = encoded.upper()
        line = r.choice([f"echo {encoded} | xxd -r -p", f'data = bytes.fromhex("{encoded}")', f"hex dump: {encoded}"])
        return note(r, line, "sh"), encoded, rule
    if enc == "two-layers":
        form = r.randrange(3)
        if form == 0 and not multiline:  # base64 of a JSON document whose string is \u-escaped
            inner = json.dumps({"name": "deploy", "secret": some(r, carried, json_unicode)})
            encoded = b64(inner.replace("\\\\u", "\\u"))
        elif form == 1:  # hex of base64
            encoded = b64(carried).encode("ascii").hex()
        else:  # base64 of base64
            encoded = b64(b64(carried))
        return note(r, f"echo {encoded} | base64 -d | base64 -d", "sh"), encoded, rule
    if enc == "yaml-binary":  # YAML's binary tag: the key stays plain, its value is base64 of the bytes
        name = key or r.choice(["token", "api_key", "credentials", "blob"])
        encoded = b64(value)
        if multiline or r.random() < 0.4:  # the block form, wrapped at 76
            lines = [encoded[i:i + 76] for i in range(0, len(encoded), 76)]
            body = f"service: deploy\n{name}: !!binary |\n" + "".join(f"  {line}\n" for line in lines) + "timeout: 30\n"
            return note(r, body, "yaml"), lines[0], rule
        return note(r, f"service: deploy\n{name}: !!binary {encoded}\ntimeout: 30\n", "yaml"), encoded, rule
    if enc == "url-path":  # base64url as one whole segment of a URL path
        if multiline:
            return None
        encoded = b64url(carried)
        line = r.choice([f"POST https://hooks.internal/v1/{encoded}", f"The share link: https://share.internal/k/{encoded}/view"])
        return note(r, line, None), encoded, rule
    if enc == "base32":  # RFC 4648 section 6: capitals and 2-7, "=" to a multiple of 8
        encoded = base64.b32encode(carried.encode("utf-8")).decode()
        line = r.choice([f"The vault export (base32): {encoded}", f"blob: {encoded}", f"echo {encoded} | base32 -d"])
        return note(r, line, None), encoded, rule
    # Per-character encodings: the value is encoded, a key before it is left as written.
    if enc == "octal":
        escaped = some(r, value, octal)
        name = key or r.choice(["TOKEN", "blob", "api_key"])
        line = r.choice([f'char *{name.lower()} = "{escaped}";', f"export {name}=$'{escaped}'"]
                        + ([] if context else [f"printf '{escaped}' | gh auth login --with-token"]))
        return note(r, line, "c" if line.startswith("char") else "sh"), line, rule
    if enc == "quoted-printable":  # a mail body; the 76-column soft breaks may cut the value
        intro = r.choice(["Hello, the new credential for the build farm, as the console showed it: ",
                          "Hi ops team - please store this in the vault and delete the mail: ", "Reminder: "])
        held = f"{key}={value}" if context else value
        lines = quoted_printable(intro + held + " (rotate it by Friday).")
        # the lines the key and value sit on: a finding is where the secret starts, which a
        # soft break may have put on the line after its key
        at = "\n".join(lines[len(quoted_printable(intro + held[:1])) - 1:len(quoted_printable(intro + held))])
        body = "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" + "\n".join(lines)
        return note(r, body, None), at, rule
    if enc == "json-unicode":
        escaped = some(r, value, json_unicode)
        field = key or r.choice(["token", "value", "apiKey", "url"])
        line = f'{{"service": "deploy", "{field}": "{escaped}"}}'
        return note(r, line, "json"), line, rule
    if enc == "backslash-x":
        escaped = some(r, value, backslash_x)
        name = key or r.choice(["TOKEN", "blob", "api_key"])
        forms = [f'{name} = b"{escaped}"', f"export {name}=$'{escaped}'"] + ([] if context else [f'printf "{escaped}" > out.txt'])
        line = r.choice(forms)
        return note(r, line, "python" if line.startswith(name) else "sh"), line, rule
    if enc == "html-entity":
        escaped = some(r, value, html_entity(r))
        line = f"<p>{key}: {escaped}</p>" if context else f"<p>The deploy uses <code>{escaped}</code> today.</p>"
        return note(r, line, "html"), line, rule
    if enc == "percent":
        escaped = some(r, value, percent, always="+/=:@?&#")
        if context:
            line = f"https://deploy.internal/hook?user=ci&{key}={escaped}&env=prod"
        else:
            line = r.choice([f"https://app.internal/callback?token={escaped}", f"value={escaped}", f"curl -d 'v={escaped}' https://x.internal"])
        return note(r, line, None), line, rule
    if enc == "invisible":
        split = invisible(r, value)
        line = f"{key}: {split}" if context else r.choice([f"Use {split} for the deploy.", f"TOKEN={split}", f"- {split}"])
        return note(r, line, None), line, rule
    raise ValueError(enc)


def positives(seed: int) -> list[Encoded]:
    out = []
    kinds = sorted(FAKES) + sorted(CONTEXT_RULE)
    for enc in ENCODINGS:
        for kind in kinds:
            r = random.Random(f"{seed}-{enc}-{kind}")
            made = _positive(enc, kind, r)
            if made is None:
                continue
            text, at, rule = made
            start = text.index(at)
            first = text.count("\n", 0, start) + 1
            last = first + at.count("\n")  # a span over lines (quoted-printable soft breaks)
            name = "secret.yaml" if enc == "k8s-secret" and r.random() < 0.5 else "note.md"
            if name == "secret.yaml":  # the manifest alone, as kubectl writes it
                body = text.split("```yaml\n", 1)[1].split("```", 1)[0]
                start = body.index(at)
                first = last = body.count("\n", 0, start) + 1
                text = body
            out.append(Encoded(enc, family(kind), kind, name, text, rule, first, last))
    return out


# --- look-alikes ------------------------------------------------------------------------------

def _prose(r: Rng, n: int = 2) -> str:
    return " ".join(r.choice(EN) for _ in range(n))


def _pgp_public(r: Rng) -> str:
    body = base64.b64encode(b"\x99\x01\x0d\x04" + r.randbytes(400)).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + "\n".join(lines) + "\n=" + base64.b64encode(r.randbytes(3)).decode() \
        + "\n-----END PGP PUBLIC KEY BLOCK-----"


def _ssh_public(r: Rng) -> str:
    kind = r.choice(["ed25519", "rsa"])
    if kind == "ed25519":
        blob = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + r.randbytes(32)
        return f"ssh-ed25519 {base64.b64encode(blob).decode()} dev@laptop"
    blob = b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + r.randbytes(256)
    return f"ssh-rsa {base64.b64encode(blob).decode()} ci@build"


def _uuid(r: Rng) -> str:
    h = pick(r, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{r.choice('89ab')}{h[17:20]}-{h[20:]}"


def _minified_js(r: Rng) -> str:
    names = ["getElementById", "addEventListener", "querySelectorAll", "requestAnimationFrame",
             "createDocumentFragment", "encodeURIComponent", "getBoundingClientRect"]
    parts = [f"function {pick(r, 'abcdefghijklmnopqrstuvwxyz', 1)}(e,t){{return e.{r.choice(names)}(t)}}" for _ in range(6)]
    parts.append(f'var n="\\u00e9t\\u00e9",o="\\u4f60\\u597d",s="\\x3cdiv\\x3e";')
    parts.append(f"var {''.join(r.choice(string.ascii_letters) for _ in range(3))}=\"{pick(r, string.ascii_letters + string.digits, 24)}Handler\";")
    return "".join(parts)


LOOKALIKES: dict[str, Callable[[Rng], str]] = {
    "data-uri-image": lambda r: f'<img alt="logo" src="data:image/png;base64,'
                                f'{base64.b64encode(bytes.fromhex("89504e470d0a1a0a") + r.randbytes(r.randint(200, 900))).decode()}">',
    "sri-hash": lambda r: f'<script src="https://cdn.example.net/lib.min.js" integrity="sha384-'
                          f'{base64.b64encode(r.randbytes(48)).decode()}" crossorigin="anonymous"></script>',
    "git-sha": lambda r: "\n".join(f"{pick(r, HEX, 40)} {r.choice(['fix flaky test', 'bump deps', 'merge main'])}"
                                   for _ in range(4)) + f"\nSee commit {pick(r, HEX, 7)} and {pick(r, HEX, 40)}.",
    "uuid": lambda r: f"request_id={_uuid(r)} trace={_uuid(r)}\nThe tenant {_uuid(r)} was migrated.",
    "base64-prose": lambda r: f"echo {b64(_prose(r, 3))} | base64 -d",
    "base64-json": lambda r: r.choice([
        f"echo {b64(json.dumps({'user': 'alice', 'roles': ['dev', 'ops'], 'exp': r.randint(10**9, 2 * 10**9)}))} | base64 -d",
        f"state={b64url(json.dumps({'redirect': '/home', 'nonce': pick(r, HEX, 16)}))}",
        f"header: {b64url(json.dumps({'alg': 'RS256', 'typ': 'JWT', 'kid': pick(r, HEX, 8)}))}"]),
    "pgp-public-key": _pgp_public,
    "ssh-public-key": _ssh_public,
    "k8s-placeholder": lambda r: (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n"
        + "".join(f"  {k}: {b64(v)}\n" for k, v in zip(
            ["password", "token", "api-key", "username"],
            r.sample(["changeme", "<your-token>", "example", "REPLACE_ME", "${DB_PASSWORD}", "your-api-key-here",
                      "xxxxxxxxxxxxxxxx", "TODO"], 3) + ["deploy"]))),
    "minified-js": _minified_js,
    "css-hex-colours": lambda r: ".btn{" + ";".join(f"color:#{pick(r, HEX, r.choice([3, 6]))}" for _ in range(5))
                                 + "}\n.bg{background:linear-gradient(#" + pick(r, HEX, 6) + ",#" + pick(r, HEX, 6) + ")}",
    "hex-digest": lambda r: r.choice([
        f"{pick(r, HEX, 64)}  memsync-0.1.0.tar.gz\n{pick(r, HEX, 64)}  memsync-0.1.0-py3-none-any.whl",
        f"image: registry.internal/app@sha256:{pick(r, HEX, 64)}", f"sha512: {pick(r, HEX, 128)}",
        f"md5 {pick(r, HEX, 32)} sha1 {pick(r, HEX, 40)}"]),
    "html-entities-prose": lambda r: "<p>Fish &amp; chips &lt;b&gt;today&lt;/b&gt; &#8212; caf&eacute; &nbsp; &#x263A;</p>",
    "percent-url": lambda r: f"https://search.internal/?q=hello%20world%2C%20again&lang=en&ref=%2Fhome%2F{pick(r, string.ascii_lowercase, 6)}",
    "json-unicode-text": lambda r: '{"greeting": "\\u4f60\\u597d\\uff0c\\u4e16\\u754c", "emoji": "\\ud83d\\ude00", '
                                   '"path": "C:\\\\Users\\\\dev\\\\notes"}',
    "invisible-in-prose": lambda r: "The family emoji \U0001F468\u200d\U0001F469\u200d\U0001F467 joins with ZWJ; "
                                    "inter\u00adnational\u00adization breaks softly; \ufeffBOM at a line start.",
    "encoded-example-token": lambda r: r.choice([
        f"echo {b64('AKIAIOSFODNN7EXAMPLE')} | base64 -d", f"echo {b64('ghp_' + 'x' * 36)} | base64 -d",
        '{"token": "\\u0067hp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"}',
        "token: " + "\u200b".join("sk_live_" + "0" * 24)]),
    "octal-lookalike": lambda r: r.choice([
        f"chmod 0{r.choice('67')}{r.choice('45')}{r.choice('045')} deploy.sh && umask 022",
        'char buf[] = "end\\0"; write(fd, "\\0\\0\\0\\0", 4);',
        "echo -e '\\033[31mfailed\\033[0m'", f"printf '{octal(_prose(r, 4))}\\n'",
        f"C:\\{r.randint(2000, 2030)}\\reports\\{r.randint(100, 377)}\\out.txt"]),
    "qp-lookalike": lambda r: r.choice([
        f"https://search.internal/?q=A{r.randint(1, 9)}&page={r.randint(2, 90)}&sort=DESC&color=FF0000&id=3D",
        f"--width={r.randint(40, 120)} --max=1F x=0A1B",
        "DB_PASSWORD=\nDB_HOST=db-3.internal.svc.cluster.local\nDB_USER=app",
        "Content-Transfer-Encoding: quoted-printable\n\n" + "\n".join(quoted_printable(
            "Café au lait — " + " ".join(r.choice(EN) for _ in range(30)))),
        "blob:\n  " + b64(_prose(r, 6) + "!!") + "\n  password_policy: rotate every ninety days"]),
    "base32-lookalike": lambda r: r.choice([
        "otpauth example seed JBSWY3DPEHPK3PXP", "THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG DEPLOYMENTSTRATEGYROLLINGUPDATE",
        f"recovery seed {base64.b32encode(r.randbytes(r.choice([10, 20, 32]))).decode()}",
        f"ulid 01{pick(r, '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 24)}",
        f"notes {base64.b32encode(_prose(r, 5).encode()).decode()}"]),
    "yaml-binary-lookalike": lambda r: r.choice([
        "icon: !!binary |\n" + "".join(f"  {line}\n" for line in _wrap76(base64.b64encode(
            bytes.fromhex("89504e470d0a1a0a") + r.randbytes(r.randint(100, 600))).decode())),
        f"salt: !!binary {base64.b64encode(r.randbytes(32)).decode()}",
        f"api_key: !!binary {base64.b64encode(r.randbytes(24)).decode()}",
        f"password: !!binary {b64(r.choice(['changeme', '<your-password>', '${DB_PASSWORD}']))}",
        f"greeting: !!binary {b64(_prose(r, 5))}"]),
    "url-path-lookalike": lambda r: r.choice([
        f"https://git.internal/acme/memsync/commit/{pick(r, HEX, 40)}",
        f"https://api.internal/v1/users/{_uuid(r)}/avatar",
        f"https://blog.internal/2024/05/{'-'.join(r.choice(EN).lower() for _ in range(5))}",
        f"https://drive.internal/file/d/{pick(r, string.ascii_letters + string.digits, 33)}/view",
        f"https://cdn.internal/a/{b64url_bytes(r.randbytes(24))}/logo.png",
        f"https://share.internal/s/{b64url(_prose(r, 4))}"]),
}


def _wrap76(text: str) -> list[str]:
    return [text[i:i + 76] for i in range(0, len(text), 76)]


def b64url_bytes(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def lookalikes(seed: int, per_kind: int = 8) -> list[Encoded]:
    out = []
    for kind, make in LOOKALIKES.items():
        for i in range(per_kind):
            r = random.Random(f"{seed}-{kind}-{i}")
            body = make(r)
            fence = {"data-uri-image": "html", "sri-hash": "html", "minified-js": "js", "css-hex-colours": "css",
                     "k8s-placeholder": "yaml"}.get(kind, "")
            out.append(Encoded(kind, "clean", kind, "note.md", note(r, body, fence), None))
    return out


def samples(seed: int = 9) -> list[Encoded]:
    return positives(seed) + lookalikes(seed)


def write(out: Path, corpus: list[Encoded]) -> dict[str, Encoded]:
    """One file per sample under ``out/<encoding>/<n>-<kind>/`` (``out`` emptied first);
    returns {relative path: sample}."""
    from bench.secrets_classes import write_files

    return write_files(out, ((f"{s.encoding}/{n:04d}-{s.kind}/{s.name}", s) for n, s in enumerate(corpus)))
