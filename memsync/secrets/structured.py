"""Rules that need a little code: PEM private keys, credentials in URLs, HTTP auth headers,
.pgpass lines."""
from __future__ import annotations

import re

from memsync.secrets.rules import ALNUM, Hit, jwt_example
from memsync.secrets.values import is_placeholder, looks_fake, names_only, plausible_secret

PEM_WINDOW = 16384  # bytes after BEGIN searched for the body: larger than an RSA-8192 key
PEM_MIN_BODY = 64  # base64 characters; a shorter "body" is an elided example

# Passwords that documentation and local setups use; a URL carrying them is an example.
DEFAULT_PASSWORDS = frozenset(
    b"password passwd pass pwd secret changeme example test testing admin root guest postgres "
    b"mysql redis user username token apikey api_key foobared letmein".split())


class PemRule:
    """``-----BEGIN … PRIVATE KEY-----`` with a real body (raw, indented, or JSON-escaped).

    RSA, EC, DSA, OpenSSH, encrypted, PKCS#8 and PGP blocks. The finding sits on
    the BEGIN line; its fingerprint covers the base64 body, so re-wrapping the
    key does not change it.
    """

    id = "private-key"
    title = "PEM private key block (RSA, EC, DSA, OpenSSH, encrypted, PKCS#8, PGP)"
    triggers = (("-----BEGIN ", "[A-Z0-9 ]{0,30}PRIVATE KEY"),)
    lowered = False
    priority = 1
    _head: re.Pattern[bytes] | None = None
    _runs: re.Pattern[bytes] | None = None

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if self._head is None:
            PemRule._head = re.compile(rb"-----BEGIN [A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----")
            PemRule._runs = re.compile(rb"[A-Za-z0-9+/=]{16,}")
        assert self._head is not None and self._runs is not None
        head = self._head.match(buf, pos)
        if head is None:
            return None
        # The body ends at the next "-----" (END, or the next BEGIN), a NUL (the end
        # of a file in a batch) or after PEM_WINDOW bytes: never rescanned by the next header.
        stop = buf.find(b"-----", head.end(), head.end() + PEM_WINDOW)
        stop = min(len(buf), head.end() + PEM_WINDOW) if stop < 0 else stop
        nul = buf.find(b"\0", head.end(), stop)
        window = buf[head.end():stop if nul < 0 else nul]
        # "\n" escapes (JSON, doubly escaped JSON in a string) would glue an "n" onto the
        # next line's base64; "\u002b" and "\/" are JSON spellings of "+" and "/".
        window = (window.replace(b"\\\\n", b"\n").replace(b"\\n", b"\n").replace(b"\\r", b"\n")
                  .replace(b"\\u002b", b"+").replace(b"\\u002B", b"+").replace(b"\\u003d", b"=")
                  .replace(b"\\/", b"/"))
        body = b"".join(self._runs.findall(window))
        if len(body) < PEM_MIN_BODY or looks_fake(body) or looks_fake(body[-64:]):
            return None
        return (pos, head.end() + len(window), self.id, body)


class UrlCredentialRule:
    """``scheme://user:password@host`` (postgres, mysql, mongodb+srv, redis, amqp, https, …)."""

    id = "url-credentials"
    title = "password in a URL's userinfo"
    _user = r"""[^\s/?#@:\x00\x80-\xff"'<>`]"""
    # "#" is a fragment in a URL, but notes write passwords with it unescaped ("root:Xk9#mP2v@db")
    # and a host with a port never has a "#" before its "@": it is read as the password's.
    _pass = r"""[^\s/?@\x00\x80-\xff"'<>`]"""
    triggers = (("://", f"{_user}{{0,64}}:{_pass}{{1,256}}@"),)
    lowered = False
    priority = 1
    _url: re.Pattern[bytes] | None = None

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if self._url is None:
            UrlCredentialRule._url = re.compile(
                f"://(?P<u>{self._user}{{0,64}}):(?P<p>{self._pass}{{1,256}})@(?=[A-Za-z0-9\\[])".encode("ascii"))
        assert self._url is not None
        scheme = pos
        while scheme > 0 and pos - scheme <= 32 and (buf[scheme - 1] in ALNUM or buf[scheme - 1] in b"+.-"):
            scheme -= 1
        if pos - scheme < 2 or not chr(buf[scheme]).isalpha():
            return None
        m = self._url.match(buf, pos)
        if m is None:
            return None
        user, password = m.group("u"), m.group("p")
        if password == user or password.lower() in DEFAULT_PASSWORDS:
            return None
        port, hash_, fragment = password.partition(b"#")
        # host:8080#anchor@…: a port, then a fragment; svc:2024#Spring!Xk9@… is a password
        if hash_ and port.isdigit() and len(port) <= 5 and not plausible_secret(fragment, min_len=6):
            return None
        if not plausible_secret(password, min_len=6):
            return None
        return (m.start("p"), m.end("p"), self.id, password)


class AuthHeaderRule:
    """``Authorization: Bearer <token>`` and ``Basic <base64 of user:password>``."""

    id = "auth-header"
    ids = ("bearer-token", "basic-auth")
    title = "HTTP Bearer token or Basic credentials"
    triggers = (("Bearer ", "[A-Za-z0-9._~+/-]{20}"), ("Basic ", "[A-Za-z0-9+/]{16}"))
    lowered = False
    priority = 1
    _bearer: re.Pattern[bytes] | None = None
    _basic: re.Pattern[bytes] | None = None

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if self._bearer is None:
            AuthHeaderRule._bearer = re.compile(rb"Bearer (?P<s>[A-Za-z0-9._~+/-]{20,4096}={0,2})(?![A-Za-z0-9._~+/=-])")
            AuthHeaderRule._basic = re.compile(rb"Basic (?P<s>[A-Za-z0-9+/]{16,1024}={0,2})(?![A-Za-z0-9+/=])")
        assert self._bearer is not None and self._basic is not None
        if pos > 0 and buf[pos - 1] in ALNUM:
            return None
        if anchor == b"Bearer ":
            m = self._bearer.match(buf, pos)
            if m is None or not plausible_secret(m.group("s"), min_len=20) or jwt_example(m.group("s")):
                return None
            return (m.start("s"), m.end("s"), "bearer-token", m.group("s"))
        m = self._basic.match(buf, pos)
        if m is None or not _basic_credentials(m.group("s")):
            return None
        return (m.start("s"), m.end("s"), "basic-auth", m.group("s"))


class PgpassRule:
    """A ``.pgpass`` line, ``host:port:database:user:password``: PostgreSQL's password file
    names no credential, so the line's shape does (a port or ``*`` second, five fields)."""

    id = "pgpass-password"
    title = "the password of a .pgpass line (host:port:database:user:password)"
    triggers = ((":", r"(?:[0-9]{1,5}|\*):[^:\s]{1,64}:[^:\s]{1,64}:[!-~]"),)
    lowered = False
    priority = 1
    _line: re.Pattern[bytes] | None = None
    _host: re.Pattern[bytes] | None = None

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if self._line is None:
            # A field escapes ":" and "\\" with a backslash; the password is the last field.
            field = rb"(?:[^:\s\\`'\"]|\\[:\\]){1,64}"
            PgpassRule._line = re.compile(
                rb":(?:[0-9]{1,5}|\*):" + field + rb":" + field + rb":(?P<p>(?:[^:\s\\`'\"]|\\[:\\]){1,256})"
                rb"(?=[`'\"]?(?:\s|$))")
            PgpassRule._host = re.compile(rb"(?:^|(?<=[\s`'\"]))[A-Za-z0-9*][A-Za-z0-9.*_-]{0,252}\Z")
        assert self._line is not None and self._host is not None
        start = max(0, pos - 253)
        if self._host.search(buf[start:pos]) is None:
            return None
        m = self._line.match(buf, pos)
        if m is None:
            return None
        password = m.group("p").replace(b"\\:", b":").replace(b"\\\\", b"\\")
        if password.lower() in DEFAULT_PASSWORDS or is_placeholder(password):
            return None
        if not plausible_secret(password, min_len=8) or names_only(password):
            return None
        return (m.start("p"), m.end("p"), self.id, password)


class JwkRule:
    """A private JSON Web Key: ``"d"`` of an RSA, EC or OKP key, ``"k"`` of a symmetric
    (``oct``) one, in the object whose ``"kty"`` says so (members come in any order; a JWK
    holds no nested object, so the object is the braces around the member)."""

    id = "jwk-private-key"
    title = "the private part of a JSON Web Key (d of RSA/EC/OKP, k of oct)"
    triggers = (('"d"', r'[ \t]*:[ \t]*"[A-Za-z0-9_-]{16}'), ('"k"', r'[ \t]*:[ \t]*"[A-Za-z0-9_-]{16}'))
    lowered = False
    priority = 1
    _member: re.Pattern[bytes] | None = None
    _kty: re.Pattern[bytes] | None = None

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if self._member is None:
            JwkRule._member = re.compile(rb'"([dk])"[ \t]*:[ \t]*"(?P<v>[A-Za-z0-9_-]{16,8192})"')
            JwkRule._kty = re.compile(rb'"kty"[ \t]*:[ \t]*"(RSA|EC|OKP|oct)"')
        assert self._member is not None and self._kty is not None
        m = self._member.match(buf, pos)
        if m is None:
            return None
        opened = buf.rfind(b"{", max(0, pos - 16384), pos)
        closed = buf.find(b"}", m.end(), m.end() + 16384)
        if opened < 0 or closed < 0 or b"}" in buf[opened:pos]:
            return None
        kty = self._kty.search(buf, opened, closed)
        if kty is None or (kty.group(1) == b"oct") != (m.group(1) == b"k"):
            return None
        value = m.group("v")
        if not plausible_secret(value, min_len=16) or is_placeholder(value):
            return None
        return (m.start("v"), m.end("v"), self.id, value)


def _basic_credentials(encoded: bytes) -> bool:
    import base64
    import binascii

    try:
        decoded = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        return False
    user, colon, password = decoded.partition(b":")
    if not colon or not password or not decoded.isascii() or not decoded.decode("ascii").isprintable():
        return False
    return not is_placeholder(password) and password.lower() not in DEFAULT_PASSWORDS and password != user


RULES = (PemRule(), UrlCredentialRule(), AuthHeaderRule(), PgpassRule(), JwkRule())
