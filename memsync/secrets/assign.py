"""A small tokenizer for ``name <op> value`` in the syntaxes notes quote.

One reader instead of a regex per language: from a keyword it reads the name
backwards (``db_password``, ``$token``, ``"X_TOKEN"``, ``<password>``,
``--api-key``, ``AWS secret access key``), then forward through what joins a
name to its value, then the value itself:

=====================  ===============================================================
syntax                 connector
=====================  ===============================================================
most languages         ``=`` ``:`` ``:=`` ``=>`` ``==`` ``<-`` ``|`` ``：`` ``是`` `` is ``
env fallbacks          ``??`` ``||`` ``?:`` (``process.env.X ?? "…"``); ``${X:-…}``'s default
Makefile, PHP          ``?=`` ``::=`` ``:::=`` ``+=`` ``.=``
Go, Kotlin, TS, Rust   a type between name and ``=``: ``var t string =``, ``val t: String =``
Java, Kotlin, PHP      a quoted name, then ``,`` or ``to``: ``setProperty("X_TOKEN", "…")``
XML, NuGet             ``key="Password" value="…"``; ``<password>…</password>`` (value may sit
                       on its own line)
name / value pairs     ``- name: DB_PASSWORD`` / ``value: …``, ``{"name": …, "value": …}``,
                       ``<name>…</name><value>…</value>``
HCL                    ``variable "db_password" { … default = "…" }``
YAML                   ``password: |`` with the value on the next, deeper line
JSON in a string       ``{\\"password\\": \\"…\\"}``
flags, Dockerfile      whitespace: ``--password …``, ``ENV TOKEN …``, fish ``set -x TOKEN …``,
                       ``.properties``' ``a.b.password …`` (their own triggers)
=====================  ===============================================================

Values are quoted (``"`` ``'`` `````` ``\\"`` ``「`` ``“`` …, with ``b"…"``/``@"…"``
prefixes and ``[]byte("…")``-style wrappers) or bare (up to a space, quote,
``<``, ``|``, ``,``, ``;``, or ``&`` in a query string). Some syntaxes only count
with a quoted value (a typed declaration or call argument without quotes is
code, not a secret).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from memsync.secrets.values import LazyRegex


def _utf8_escaped(text: str) -> str:
    return "".join(f"\\x{b:02x}" for b in text.encode("utf-8"))


# "密码改成了 X", "口令设置为 X": a change of password states the new one (longest first).
CJK_OPS = "|".join(_utf8_escaped(op) for op in ("：", "＝", "是", "为", "為", "改成了", "改成", "改为", "改為",
                                                 "设置为", "設置為", "设为", "設為", "换成", "換成", "重置为"))
CJK_QUOTES = {"“".encode(): "”".encode(), "‘".encode(): "’".encode(), "「".encode(): "」".encode(),
              "『".encode(): "』".encode(), "（".encode(): "）".encode()}
SPACE = r"(?:[ \t]|\xe3\x80\x80)"  # ASCII space, tab, ideographic space U+3000
# ?? || ?: : the literal fallback of an env lookup (process.env.X ?? "…", getenv("X") ?: "…") is hard-coded.
_OPS = rf"(?::::=|::=|:=|\?=|\+=|\.=|=>|==|<-|\?\?|\|\||\?:|[:=|]|{CJK_OPS}|is[ \t])"
_TYPE = r"(?:\[\])?[&*]?(?:'[a-z]+[ \t]+)?(?:mut[ \t]+)?[A-Za-z_][\w.:]{0,40}(?:\[[\w.]{0,20}\])*(?:<[^<>=\n]{0,40}>)?\??"
_CJK_QUOTE_RE = "|".join(_utf8_escaped(q.decode()) for q in CJK_QUOTES)
# A key in CJK quotes or brackets, 「密码」：…, closes before its connector as "password": … does.
_CJK_CLOSE_RE = "|".join(_utf8_escaped(q) for q in ("」", "』", "”", "’", "】", "〗", "》", "］", "〕", "〉"))

_TOKENISH = r"""(?=[a-z]{0,30}+[^\sa-z"'<>])"""  # on the lowered copy: a digit or symbol before any space
# What may follow a keyword for the trigger to stop there (matched on the lower-cased
# copy). A superset of CONNECTOR below: the trigger is a cheap filter, the reader decides.
TRIGGER_TAIL = (
    rf"""s?(?:\\?["'`]|{_CJK_CLOSE_RE})?[*\])]{{0,3}}(?=[ \t,:=>{{\r\n|?+.<\xe2\xe3\xef\xe4\xe6\xe7\xe8\xe9])(?:"""  # one cheap check first
    # A value of 8+ printable characters (the shortest password counted), or a YAML block indicator.
    rf"""[ \t]{{0,16}}{_OPS}(?:\*{{1,3}}(?={SPACE}))?{SPACE}{{0,4}}(?:(?:["'`]|\\["']|{_CJK_QUOTE_RE})?[!-~]{{8}}|[|>])"""
    r"""|[ \t]*,[ \t]*\\?["'`]|[ \t]+to[ \t]+["']|[ \t]+value[ \t]*=|>"""
    r"""|(?:</[a-z:_-]{1,20}>)?,?[ \t]*\r?\n[ \t]*(?:-[ \t]+)?["']?value["']?[ \t]*[:=]"""
    r"""|,[ \t]*["']value["'][ \t]*:|</[a-z:_-]{1,20}>[ \t\r\n]{0,40}<value>|[ \t]*\{"""
    r"""|(?:[ \t]*:[ \t]*|[ \t]+)[&*\[]?(?:'[a-z]+[ \t]+)?[a-z_'][\w.:<>\[\],']{0,40}+[ \t]*+=[ \t]*"""
    r"""[a-z\[\]@(]{0,12}["'`]"""
    # After a space only a value with a digit or symbol in it: "key features" is prose.
    rf"""|[ \t]+(?:for|of|on|at|in)[ \t][^\n]{{0,80}}?(?:[ \t](?:is|was)|[:=])[ \t]+{_TOKENISH}[!-~]{{8}}"""
    rf"""|[ \t]+["']?{_TOKENISH}[!-~]{{8}}"""  # --password VALUE, ENV TOKEN VALUE, .netrc, PASSWORD 'x'
    rf"""|[ \t]+(?:to|-|\xe2\x80\x93|\xe2\x80\x94)[ \t]+{_TOKENISH}[!-~]{{8}}"""  # "password to X", "Password - X"
    rf"""|{SPACE}{{1,4}}{_TOKENISH}[!-~]{{8}}|(?:{_CJK_QUOTE_RE})[!-~]{{8}})"""  # 密码\u3000…, 密码（…）, 密码“…”
)

_CONNECTOR = LazyRegex((
    rf"""(?P<close>s?(?:\\?["'`]|{_CJK_CLOSE_RE})?)(?P<brackets>[*\])]{{0,3}})(?:"""
    r"""(?P<xmlattr>[ \t]+value[ \t]*=[ \t]*)"""
    r"""|(?P<xmlend>>[ \t]*(?:\r?\n[ \t]*){0,2})"""
    r"""|(?P<namevalue>(?:</[A-Za-z:_-]{1,20}>)?,?[ \t]*(?:\r?\n[ \t]*(?:-[ \t]+)?)?["']?value["']?[ \t]*[:=][ \t]*"""
    r"""|</[A-Za-z:_-]{1,20}>[ \t\r\n]{0,40}<value>)"""
    r"""|(?P<hcl>[ \t]*\{)"""
    r"""|(?P<comma>[ \t]*,[ \t]*)"""
    r"""|(?P<to>[ \t]+to[ \t]+)"""
    r"""|(?P<dash>[ \t]+(?:-|\xe2\x80\x93|\xe2\x80\x94)[ \t]+)"""
    rf"""|(?P<typed>(?:[ \t]*:[ \t]*|[ \t]+){_TYPE}[ \t]*(?::=|=(?![=>~]))[ \t]*(?=[A-Za-z\[\]@(]{{0,12}}["'`]))"""
    # "**Password:** value": Markdown's bold closes after the colon.
    rf"""|(?P<op>[ \t]{{0,16}}{_OPS}(?:\*{{1,3}}(?=[ \t]))?{SPACE}{{0,4}})"""
    # "the API key for the maps service is VALUE": a few words, then is / : / =.
    r"""|(?P<prose>[ \t]+(?:for|of|on|at|in)[ \t]+(?:[^\s:=]{1,30}[ \t]+){0,4}?(?:is|was|=|:)[ \t]+)"""
    r"""|(?P<space>[ \t]+))""").encode("ascii"), re.IGNORECASE)
# Chinese keywords: the key is the keyword itself (and the words before it on the line).
# After an operator; or after a space before a value holding a digit or symbol in its first word
# ("账号 admin 密码 Xk9…", as after an English key: "密码 reset 流程" is prose); or right before a
# full-width bracket or quote ("密码（Xk9…）", "密码“Xk9…”").
CJK_CONNECTOR = LazyRegex(
    rf"""s?(?:["'`*\])]|{_CJK_CLOSE_RE}){{0,3}}(?:{SPACE}{{0,3}}(?::=|=>|==|[:=|]|{CJK_OPS}|is[ \t]){SPACE}{{0,4}}"""
    rf"""|{SPACE}{{1,4}}(?=[A-Za-z]{{0,30}}+[^\sA-Za-z"'<>\x80-\xff])|(?={_CJK_QUOTE_RE}))""".encode("ascii"),
    re.IGNORECASE)
# A quoted value may carry a string prefix or sit in a conversion call: b"…", @"…", []byte("…"),
# and shell's ANSI-C quoting $'…' (where \x escapes spell a value out byte by byte).
_WRAPPER = LazyRegex(rb"""(?:\[\]byte\(|(?:SecretStr|Secret|String|str|bytes)\(|[bBrRuUfF]{1,2}(?=["'])|@(?=")|u8(?=")|\$(?='))""")
_WRAPPER_START = frozenset(b"[SsbBrRuUfF@$")
_BLOCK = LazyRegex(rb"[|>][-+]?[1-9]?[-+]?[ \t]*(?:#[^\n]*)?\r?\n")
_HCL_DEFAULT = LazyRegex(rb"\bdefault[ \t]*=[ \t]*")
_PHRASE = LazyRegex(rb"[A-Za-z0-9_.-]{0,60}(?: [A-Za-z0-9_.-]{1,40}){0,4}")  # a key read backwards
_BARE = LazyRegex(rb"[!-~]{1,400}")
_PRINTABLE = LazyRegex(rb"[!-~]*")
_BARE_STOP = LazyRegex(rb"""["'`<>|,;]""")
_QUERY_STOP = LazyRegex(rb"""["'`<>|,;&]""")
_TRAILING = b".:?)]}"  # prose punctuation after a bare value; not "!", which ends many a password
_ESCAPES = (b"\\n", b"\\t", b"\\r")
_NAME_FIELD = LazyRegex(rb"""(?:\bname|\bkey)["']?[ \t]*[:=][ \t]*["']?$|<name>$""", re.IGNORECASE)
_XML_KEY_ATTR = LazyRegex(rb"""\b(?:key|name)[ \t]*=[ \t]*$""", re.IGNORECASE)
_HCL_LABEL = LazyRegex(rb"""\b(?:variable|output|locals|secret|resource|data)[ \t]+(?:"[^"\n]*"[ \t]+)?$""")
# Syntaxes whose value counts only when quoted: unquoted, they are code.
_QUOTED_ONLY = ("typed", "comma", "to", "xmlattr", "hcl")
# Identifiers of words: one case, or _-joined words each of one case (or Capitalised).
_NAMEISH = LazyRegex(rb"_*(?:[A-Z]+|[A-Z]?[a-z]+)[0-9]*(?:_+(?:[A-Z]+|[A-Z]?[a-z]+)[0-9]*)*_*|_*[a-z][a-z0-9_]*")
_HEX = LazyRegex(rb"[0-9a-fA-F]{16,}")
_SPACED_QUOTED = frozenset((b"password", b"passwd", b"passphrase", b"passcode", b"passwort"))
# Dockerfile ENV, fish `set -x` / `set -gx`, csh `setenv`, Windows `setx`: NAME, whitespace, value.
_ENV_INSTRUCTION = LazyRegex(rb"[ \t]*(?:ENV|set(?:[ \t]+-{1,2}[A-Za-z]+)+|setenv|setx)[ \t]+$")
_PROPERTIES_KEY = LazyRegex(rb"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+")  # mail.smtp.password
_NETRC_BEFORE = LazyRegex(rb"(?:^|\s)(?:machine|login|account|default)\s+\S+\s+$|^[ \t]*$")
MAX_VALUE = 400


@dataclass(frozen=True)
class Assignment:
    """A ``name = value`` (or ``name: value``) found in a buffer."""

    key: bytes  # the name as written (without quotes, $, <, --)
    words: list[bytes]  # its words, lower-cased ("dbPassword" -> [db, password])
    start: int  # where the value starts in the buffer
    value: bytes
    quoted: bool
    syntax: str  # which connector joined them (op, typed, comma, xmlattr, ...; flag, env, netrc)


_CAMEL = LazyRegex(rb"([a-z0-9])([A-Z])")
_WORD = LazyRegex(rb"[a-z0-9]+")


def words_of(name: bytes) -> list[bytes]:
    """``dbPassword`` -> [db, password]; ``X-Api-Key`` -> [x, api, key]."""
    return _WORD.findall(_CAMEL.sub(rb"\1 \2", name).lower())


def read_key(buf: bytes, pos: int, end: int, *, single: bool = False) -> tuple[int, bytes] | None:
    """(start, name) of the key that ends at ``end`` (the keyword ends there), or None
    when the keyword is a segment of a path or a name (``/oauth/token``, ``arn:…:secret:x``).

    The name may be a phrase ("AWS secret access key"), except when ``single`` (a
    whitespace-joined value: the phrase would swallow ``ENV`` or ``login deploy``) or
    when its last word is a flag (``docker login --password``)."""
    line_start = buf.rfind(b"\n", max(0, pos - 120), pos) + 1
    before = buf[max(line_start, pos - 120):end]
    m = _PHRASE.match(before[::-1])
    key = m.group()[::-1] if m else b""
    while b" " in key and not any(c.isalnum() for c in key.split(b" ", 1)[0].decode("ascii")):
        key = key.split(b" ", 1)[1]  # "<!-- password": the comment's dashes are not a word of it
    last = key.rsplit(b" ", 1)[-1]
    if single or last[:1] == b"-":
        key = last
    start = end - len(key)
    prev = buf[start - 1:start]
    if key != last and (prev == b"/" or prev == b":"):
        key, start = last, end - len(last)  # "config:set SECRET_KEY": the words before end at ":"
        prev = buf[start - 1:start]
    if prev == b"/" or (prev == b":" and not _symbol_colon(buf, start)):
        return None
    return start, key


def _symbol_colon(buf: bytes, start: int) -> bool:
    """``:token =>`` (a Ruby symbol) and ``$env:TOKEN`` (PowerShell) name a key; ``a:b:secret`` does not."""
    if buf[max(0, start - 5):start - 1].lower() in (b"$env", b"env"):
        return True
    return start < 2 or buf[start - 2:start - 1] in b" \t\n({[,"


def _opening(buf: bytes, start: int) -> bytes:
    """The quote (or ``<``, ``\\"``) that opens a key starting at ``start``, else b""."""
    prev = buf[start - 1:start]
    if prev in (b'"', b"'", b"`"):
        return b"\\" + prev if buf[start - 2:start - 1] == b"\\" else prev
    if prev == b"<" and buf[start - 2:start - 1] != b"/":
        return b"<"
    return b""


def _printable(start: int, value: bytes) -> tuple[int, bytes, bool] | None:
    """A quoted value counts only if it is printable ASCII without spaces: a quoted
    sentence ("Fixed in commit …", Chinese prose) is not a secret."""
    return (start, value, True) if _PRINTABLE.fullmatch(value) else None


def read_value(buf: bytes, at: int, *, query: bool = False) -> tuple[int, bytes, bool] | None:
    """(start, value, quoted) of the value at ``at``."""
    c = buf[at] if at < len(buf) else 0
    if c in _WRAPPER_START:
        m = _WRAPPER.match(buf, at)
        if m:
            at = m.end()
            c = buf[at] if at < len(buf) else 0
    if c in (34, 39, 96):  # " ' `
        quote = bytes((c,))
        i, limit = at + 1, min(len(buf), at + 1 + MAX_VALUE)
        while True:  # backslash escapes keep a quote inside the value
            close = buf.find(quote, i, limit)
            if close < 0:
                return None
            if buf[close - 1] != 92 or buf[close - 2] == 92:
                break
            i = close + 1
        if buf.find(b"\n", at + 1, close) >= 0:
            return None
        return _printable(at + 1, buf[at + 1:close])
    if c == 92:  # \" and \' inside a string of another language (JSON in JSON)
        opener = buf[at:at + 2]
        if opener in (b'\\"', b"\\'"):
            close = buf.find(opener, at + 2, at + 2 + MAX_VALUE)
            return _printable(at + 2, buf[at + 2:close]) if close > at + 2 else None
    if c >= 0xE2:
        for opener, closer in CJK_QUOTES.items():
            if buf.startswith(opener, at):
                begin = at + len(opener)
                close = buf.find(closer, begin, begin + MAX_VALUE)
                return _printable(begin, buf[begin:close]) if close > begin else None
    if c == 42:  # "Password: **value**": Markdown emphasis around a value is markup, like quotes
        run = len(buf[at:at + 3]) - len(buf[at:at + 3].lstrip(b"*"))
        begin = at + run
        close = buf.find(b"*" * run, begin, begin + MAX_VALUE)
        if close > begin and buf.find(b"\n", begin, close) < 0 and buf[close + run:close + run + 1] != b"*":
            return _printable(begin, buf[begin:close])
    m = _BARE.match(buf, at)
    if m is None:
        return None
    value = m.group()
    cut = (_QUERY_STOP if query else _BARE_STOP).search(value)
    if cut:
        value = value[:cut.start()]
    while value.endswith(_ESCAPES):  # "...displayed.\n" from a string in code
        value = value[:-2]
    return at, value.rstrip(_TRAILING), False


def _block_value(buf: bytes, at: int, key_line: int) -> tuple[int, bytes, bool] | None:
    """The first line of a YAML block scalar (``password: |``): deeper than the key."""
    m = _BLOCK.match(buf, at)
    if m is None:
        return None
    i = m.end()
    while buf[i:i + 1] in (b"\n", b"\r"):
        i += 1
    line_end = buf.find(b"\n", i, i + MAX_VALUE)
    line = buf[i:line_end if line_end >= 0 else i + MAX_VALUE]
    stripped = line.lstrip(b" \t")
    indent = len(line) - len(stripped)
    key_head = buf[key_line:key_line + 200]
    key_indent = len(key_head) - len(key_head.lstrip(b" \t-"))
    if not stripped or indent <= key_indent:
        return None
    value = stripped.split(None, 1)[0] if stripped.split() else b""
    return i + indent, value[:MAX_VALUE], True


def name_like(value: bytes) -> bool:
    """An identifier of words (``symbol2label``, ``__darwin_ucontext64_t``, ``RC4_KEY``,
    ``_GET_stream``): short or ``_``-joined, and not hex (a hex digest is a secret's shape)."""
    return bool(_NAMEISH.fullmatch(value)) and (len(value) < 20 or b"_" in value) and not _HEX.fullmatch(value)


_PARTS = LazyRegex(rb"[-_.!@#$%^&*+=/:~]+")
_WORDISH = LazyRegex(rb"[A-Z]*[a-z]*(?:[A-Z][a-z]+)*[0-9]*")


def _random_word(value: bytes) -> bool:
    """A value that reads as a password, not a word, in prose: 10+ characters with a digit and
    a letter, and both cases or a symbol ("4G5sj1JmS4e_vb", not "2FA-enabled" or "v2")."""
    from memsync.secrets.values import char_classes

    if len(value) < 10 or value[:1] == b"-":
        return False
    lower, upper, digit, symbol = char_classes(value)
    if not (digit and (lower or upper) and ((lower and upper) or symbol)):
        return False
    # Words, acronyms and numbers joined ("UTF8-encoded", "OAuth2-based", "AES256-GCM",
    # "ReadOnly_2024") are prose; a random draw has a part cased or digited at random.
    return not all(_WORDISH.fullmatch(part) for part in _PARTS.split(value) if part)


def _pair_value(value: bytes) -> bool:
    """The second of two quoted strings counts as a secret only if it looks random: a digit
    and mixed case or a symbol, or hex. Lists of names ('RC4_KEY', '__darwin_t'),
    ('AUChannelInfo', …) are code."""
    if _HEX.fullmatch(value):
        return True
    digit = any(48 <= c <= 57 for c in value)
    mixed = value.lower() != value and value.upper() != value
    return digit and (mixed or not value.isalnum()) and not name_like(value)


def _properties(buf: bytes, key: bytes, before: bytes, got: tuple[int, bytes, bool] | None) -> bool:
    """``a.b.password VALUE`` alone on its line: a dotted key at the line start and one bare word."""
    if got is None or got[2] or before.strip() or not _PROPERTIES_KEY.fullmatch(key):
        return False
    end = got[0] + len(got[1])
    eol = buf.find(b"\n", end, end + 200)
    return not buf[end:eol if eol >= 0 else end + 200].strip().strip(_TRAILING)  # read_value cut a final "."


def _netrc(buf: bytes, line_start: int, before: bytes) -> bool:
    """``password`` as a .netrc token: after ``login X`` on its line, or on a line of its own
    below a ``machine``/``login`` line."""
    if _NETRC_BEFORE.search(before) is None:
        return False
    if before.strip():
        return True
    above = buf[max(0, line_start - 300):line_start]
    return any(line.split()[:1] in ([b"machine"], [b"login"], [b"account"])
               for line in above.splitlines()[-3:])


def parse(buf: bytes, pos: int, end: int, min_len: int = 1) -> Assignment | None:
    """The assignment whose key ends at ``end`` (a keyword at ``pos``), or None.

    The connector and the value are read first and the value's length checked
    before the key is read backwards: a storm of ``password: x`` stays cheap.
    """
    m = _CONNECTOR.match(buf, end)
    if m is None:
        return None
    syntax = m.lastgroup or "op"
    at = m.end()
    got: tuple[int, bytes, bool] | None = None
    if syntax not in ("hcl", "xmlend"):
        if syntax == "op" and m.group("op").strip() == b":" and _BLOCK.match(buf, at):
            got = _block_value(buf, at, max(pos - 200, buf.rfind(b"\n", max(0, pos - 200), pos) + 1))
        else:
            got = read_value(buf, at)
        if got is None or len(got[1]) < min_len or (syntax in _QUOTED_ONLY and not got[2] and syntax != "to"):
            return None
    found = read_key(buf, pos, end, single=syntax == "space")
    if found is None or not found[1]:
        return None
    start, key = found
    opener = _opening(buf, start)
    close = m.group("close").lstrip(b"s")
    if opener in (b'"', b"'", b"`", b'\\"', b"\\'") and close != opener and syntax != "xmlend":
        if close:
            return None  # a quote that closes something else
        opener = b""  # `apiKey: …` in inline code: the backtick opened the span, not the key
    # What stands before the key on its line (bounded: a megabyte-long line stays linear).
    line_start = buf.rfind(b"\n", max(0, start - 200), start) + 1
    before = buf[max(line_start, start - 200):start - len(opener)]
    if syntax == "xmlend" and opener != b"<" and not (opener in (b'"', b"'") and _XML_KEY_ATTR.search(before)):
        return None  # <password>value</password>, <entry key="api.token">value</entry> only
    if opener == b"<" and syntax != "xmlend":
        return None  # <password attr=…> holds no value
    if syntax == "xmlattr" and not (opener in (b'"', b"'") and _XML_KEY_ATTR.search(before)):
        return None
    if syntax == "namevalue" and not _NAME_FIELD.search(before + (b"" if opener == b"<" else opener)):
        return None
    if opener in (b'"', b"'") and syntax not in ("xmlattr", "xmlend") and before.rstrip().endswith(b"="):
        return None  # password="example-token" url="…": the quoted "key" is an attribute's value
    value = got[1] if got else b""  # read above for every syntax but hcl and xmlend
    if syntax in ("to", "dash") and not (got and got[2]):
        # "changed the password to X", "Password - X": in prose, only a password word and a
        # value no sentence holds
        if opener or (words_of(key) or [b""])[-1] not in _SPACED_QUOTED or not _random_word(value):
            return None
        return Assignment(key, words_of(key), got[0], value, False, "prose")  # type: ignore[index]
    if syntax == "dash":
        return None
    if syntax in ("comma", "to") and (opener not in (b'"', b"'", b"`", b'\\"') or not _pair_value(value)):
        return None  # ("tokens", "symbol2label"), ('RC4_KEY', '__darwin_t'): a list of names, not a pair
    if key[:1] == b"-" and b" " not in key:  # --password VALUE, --api-key=VALUE: the flag alone names the value
        key = key.lstrip(b"-")
        if syntax not in ("op", "space") or (syntax == "op" and m.group("op").strip() != b"="):
            return None
        syntax = "flag"
    elif syntax == "space":
        if _ENV_INSTRUCTION.fullmatch(before):
            syntax = "env"  # Dockerfile: ENV API_TOKEN value
        elif key == b"password" and _netrc(buf, line_start, before):
            syntax = "netrc"
        elif _properties(buf, key, before, got):
            syntax = "properties"  # mail.smtp.password VALUE: .properties' whitespace separator
        elif key.lower() in _SPACED_QUOTED and got and not got[2] and not opener and _random_word(got[1]):
            syntax = "prose"  # "ssh ops@host, passwd 4G5sj1JmS4e_vb": a value no sentence holds
        elif not (got and got[2]) or key.lower() not in _SPACED_QUOTED or buf[m.end():m.end() + 1] == b"`":
            return None  # "password policy", "pass `x` explicitly": prose; SQL's PASSWORD 'x' is not
    if syntax == "hcl":
        if opener != b'"' or not _HCL_LABEL.search(before):
            return None
        close_at = buf.find(b"}", at, at + 600)
        d = _HCL_DEFAULT.search(buf, at, close_at if close_at >= 0 else at + 600)
        got = read_value(buf, d.end()) if d else None
        if got is None or not got[2]:
            return None
    elif syntax == "xmlend":
        while buf[at:at + 1] in (b" ", b"\t", b"\r", b"\n"):
            at += 1
        stop = buf.find(b"<", at, at + MAX_VALUE)
        value = buf[at:stop].rstrip() if stop >= 0 else b""
        if not value or not _PRINTABLE.fullmatch(value):
            return None
        got = (at, value, False)
    elif buf[start - 1:start] in (b"?", b"&"):
        got = read_value(buf, at, query=True)  # "&" ends a value only in a query string
    if got is None:
        return None
    vstart, value, quoted = got
    if buf[start - 2:start] == b"${" and syntax == "op":
        # ${DB_PASSWORD:-default}: only the default is a value (usually none: ${X:-}, ${X:?msg}).
        lead = len(value) - len(value.lstrip(b"-=?+"))
        vstart, value = vstart + lead, value[lead:].split(b"}", 1)[0]
    if len(value) < min_len:
        return None
    return Assignment(key, words_of(key), vstart, value, quoted, syntax)
