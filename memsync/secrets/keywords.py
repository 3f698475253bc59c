"""Keyword assignments in English and Chinese: ``password: …``, ``api_key = …``, ``密码：…``.

The trigger stops only where a keyword is followed by an operator (``:`` ``=``
``:=`` ``=>`` ``|`` ``：`` ``是`` ``为`` or `` is ``), so prose that merely
mentions a password costs nothing. Then the key's last word decides whether it
names a secret (``client_secret`` yes, ``token_type`` and ``public_key`` no), and
the value must be shaped like one (see ``values.plausible_secret``).
"""
from __future__ import annotations

import re

from memsync.secrets.rules import Hit
from memsync.secrets.values import looks_fake, plausible_secret

PASSWORD_WORDS = ("password", "passwd", "passphrase", "passcode", "pwd", "pass")
OTHER_WORDS = ("secret", "token", "key", "credential", "creds")
# Chinese (simplified and traditional): password, passphrase, key, token, credential, private key, auth code.
CJK_PASSWORD = ("密码", "密碼", "口令", "授权码")  # 授权码: the app password mail servers ask for
CJK_OTHER = ("密钥", "秘钥", "密鑰", "令牌", "凭据", "凭证", "私钥")
# Vendor names in Chinese that classify a key (阿里云访问密钥 -> Alibaba).
_CJK_VENDORS = {"阿里".encode(): b"alibaba", "亚马逊".encode(): b"aws"}


def _utf8_escaped(text: str) -> str:
    return "".join(f"\\x{b:02x}" for b in text.encode("utf-8"))


# Operators a value may follow: ASCII ones, full-width colon and equals, 是 / 为 / 為, and " is ".
_CJK_OPS = "|".join(_utf8_escaped(op) for op in ("：", "＝", "是", "为", "為"))
_SPACE = r"(?:[ \t]|\xe3\x80\x80)"  # ASCII space, tab, ideographic space U+3000
_OPERATOR = rf"""s?["'`*\])]{{0,3}}{_SPACE}{{0,3}}(?::=|=>|==|[:=|]|{_CJK_OPS}|is[ \t])"""
# The trigger also wants the value to start with ASCII (after spaces and a quote),
# so "密钥：见运维手册" in prose never reaches Python.
_CJK_QUOTES = "|".join(_utf8_escaped(q) for q in ("“", "‘", "「", "『", "（"))
_TRIGGER_TAIL = rf"""{_OPERATOR}{_SPACE}{{0,4}}(?:["'`]|{_CJK_QUOTES})?[!-~]"""

# Key words that mean the "key"/"token" is not a secret, or that qualify "key" as one.
_NOT_SECRET_BEFORE = frozenset(b"public publishable pub".split())
_TOKEN_NOT_SECRET = frozenset(
    b"csrf xsrf page next continuation pagination cursor sync cancel cancellation max min num "
    b"input output completion prompt total count eos bos pad unk sep special cls mask vocab limit "
    b"type lexer parser".split())
_KEY_QUALIFIERS = frozenset(
    b"api access secret private priv auth authentication account master signing sign encryption "
    b"encrypt decryption client app application service subscription consumer webhook bot deploy "
    b"deployment storage admin session shared hmac jwt aes crypto root license developer dev prod "
    b"production live server ingest ingestion write management mgmt personal project org "
    b"organization ssh openai anthropic stripe sendgrid mailgun twilio google gcp aws azure aliyun "
    b"alibaba github gitlab slack discord telegram npm pypi cloudflare datadog sentry firebase maps "
    b"algolia".split())
# Code names things *_pass that are not passwords (fmt_pass, hook_call_pass): these words make it one.
_PASS_QUALIFIERS = frozenset(
    b"db database user admin root smtp mail email redis mysql postgres pg ftp sftp ldap proxy login "
    b"account api app basic http wifi vpn ssh sudo master service".split())
_AWS_SECRET = re.compile(rb"[A-Za-z0-9/+]{40}")
_SHAPED = ("aws-secret-access-key", "alibaba-access-key-secret", "twilio-auth-token")
_ALIBABA_SECRET = re.compile(rb"[A-Za-z0-9]{30}")
_HEX32 = re.compile(rb"[0-9a-f]{32}")

_CJK = frozenset(w.encode("utf-8") for w in CJK_PASSWORD + CJK_OTHER)
_CJK_PASSWORD = frozenset(w.encode("utf-8") for w in CJK_PASSWORD)
_PASSWORD = frozenset(w.encode() for w in PASSWORD_WORDS)

_op_re: re.Pattern[bytes] | None = None
_value_re: re.Pattern[bytes] | None = None
_phrase_re: re.Pattern[bytes] | None = None
_camel_re: re.Pattern[bytes] | None = None
_word_re: re.Pattern[bytes] | None = None
_stop_re: re.Pattern[bytes] | None = None

_OPEN_QUOTES = {b'"': b'"', b"'": b"'", b"`": b"`"}
_UNQUOTED_STOP = rb"""["'`<>|,;]"""  # where an unquoted value ends
_TRAILING = b".:!?)]}"
_ESCAPES = (b"\\n", b"\\t", b"\\r")


def _compile() -> None:
    global _op_re, _value_re, _phrase_re, _camel_re, _word_re, _stop_re
    _op_re = re.compile(_OPERATOR.encode("ascii"), re.IGNORECASE)
    _value_re = re.compile(
        rf"""{_SPACE}{{0,4}}(?P<open>["'`]|{_CJK_QUOTES})?(?P<v>[!-~]{{1,400}})""".encode("ascii"))
    # The key read backwards from the keyword: one identifier plus up to four
    # words before it ("AWS secret access key"); reversed so it is one anchored match.
    _phrase_re = re.compile(rb"[A-Za-z0-9_.-]{0,60}(?: [A-Za-z0-9_.-]{1,40}){0,4}")
    _camel_re = re.compile(rb"([a-z0-9])([A-Z])")
    _word_re = re.compile(rb"[a-z0-9]+")
    _stop_re = re.compile(_UNQUOTED_STOP)


def _words(phrase: bytes) -> list[bytes]:
    assert _camel_re is not None and _word_re is not None
    return _word_re.findall(_camel_re.sub(rb"\1 \2", phrase).lower())


def _names_secret(words: list[bytes], keyword: bytes) -> bool:
    """Does a key ending in ``keyword`` name a secret? ``words`` ends with the word holding it."""
    if not words or not words[-1].endswith(keyword) or _NOT_SECRET_BEFORE & set(words):
        return False
    last = words[-1]
    joined = last[: -len(keyword)]  # "api" of "apikey", "" for a separate word
    before = joined or (words[-2] if len(words) > 1 else b"")
    if keyword == b"pass":  # "pass" alone, or after a word that makes it a password (db_pass, smtp_pass)
        return not joined and (len(words) == 1 or before in _PASS_QUALIFIERS)
    if keyword == b"key":
        return before in _KEY_QUALIFIERS
    if keyword == b"token":
        return before not in _TOKEN_NOT_SECRET
    return True


def _rule_for(words: list[bytes], keyword: bytes, value: bytes) -> str:
    if keyword in _PASSWORD or keyword in _CJK_PASSWORD:
        return "password-assignment"
    names = set(words)
    if (b"aws" in names or {b"secret", b"access"} <= names) and _AWS_SECRET.fullmatch(value):
        return "aws-secret-access-key"
    alibaba = names & {b"alibaba", b"aliyun", b"alicloud"} or b"accesskeysecret" in b"".join(words)
    if alibaba and _ALIBABA_SECRET.fullmatch(value):
        return "alibaba-access-key-secret"
    if b"twilio" in names and _HEX32.fullmatch(value):
        return "twilio-auth-token"
    return "secret-assignment"


def _value(buf: bytes, at: int) -> tuple[int, bytes] | None:
    assert _value_re is not None
    m = _value_re.match(buf, at)
    if m is None:
        return None
    value = m.group("v")
    closing = _OPEN_QUOTES.get(m.group("open") or b"")
    if closing is not None:
        value = value.split(closing, 1)[0]
    else:
        assert _stop_re is not None
        cut = _stop_re.search(value)
        if cut:
            value = value[: cut.start()]
        while value.endswith(_ESCAPES):  # "...displayed.\n" from a string in code
            value = value[:-2]
        value = value.rstrip(_TRAILING)
    return m.start("v"), value


class KeywordRule:
    """One rule object for every keyword; the rule id comes from the key and the value."""

    id = "keyword-assignment"
    title = "a value assigned to password / secret / token / api key / 密码 / 密钥 / 令牌 …"
    triggers = tuple((w, _TRIGGER_TAIL) for w in PASSWORD_WORDS + OTHER_WORDS + CJK_PASSWORD + CJK_OTHER)
    lowered = True  # matched on a lower-cased copy: Password, API_KEY, accessToken
    ids = ("password-assignment", "secret-assignment", "aws-secret-access-key",
           "alibaba-access-key-secret", "twilio-auth-token")

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if _op_re is None:
            _compile()
        assert _op_re is not None and _phrase_re is not None
        end = pos + len(anchor)
        op = _op_re.match(buf, end)
        if op is None:
            return None
        found = _value(buf, op.end())
        is_password = anchor in _PASSWORD or anchor in _CJK_PASSWORD
        if found is None or len(found[1]) < (8 if is_password else 10):
            return None  # cheap checks first: a storm of "password: x" stays cheap
        start, value = found
        line_start = buf.rfind(b"\n", max(0, pos - 120), pos) + 1
        before = buf[max(line_start, pos - 120):pos]
        if anchor in _CJK:
            # "AWS 访问密钥", "阿里云访问密钥": names before the keyword classify it.
            words = _words(before) + [v for k, v in _CJK_VENDORS.items() if k in before] + [anchor]
        else:
            phrase = _phrase_re.match(buf[pos - len(before):end][::-1])  # original case: camelCase words
            key = phrase.group() if phrase else anchor
            if buf[end - len(key) - 1:end - len(key)] in (b":", b"/"):
                return None  # a segment of a name or path (arn:...:secret:x, /oauth/token), not a key
            words = _words(key[::-1] if phrase else anchor)
            if not _names_secret(words, anchor):
                return None
        rule = _rule_for(words, anchor, value)
        if rule in _SHAPED:
            # The key names the vendor and the value has its exact shape ("/" and "+" included).
            return None if looks_fake(value) else (start, start + len(value), rule, value)
        if not plausible_secret(value, min_len=8 if is_password else 10):
            return None
        return (start, start + len(value), rule, value)


RULE = KeywordRule()
