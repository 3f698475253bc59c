"""Credential shapes that need a little parsing: command lines, Authorization schemes,
SQL's IDENTIFIED BY, Redis's requirepass, Kubernetes Secrets, .npmrc, base64-wrapped PEM, PuTTY keys.

Each rule is triggered by a literal (a flag, a header name, ``kind: Secret``,
``machine``, ...) and then reads the few fields around it; values are judged
like keyword values (``values.plausible_secret``), so ``$TOKEN``, ``<password>``
and ``${{ secrets.X }}`` are never findings.
"""
from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from memsync.secrets import assign
from memsync.secrets.keywords import OTHER_WORDS, PASSWORD_WORDS, judge, names_secret
from memsync.secrets.rules import Hit
from memsync.secrets.structured import DEFAULT_PASSWORDS
from memsync.secrets.values import LazyRegex, is_placeholder, looks_fake, plausible_secret

_KEYWORDS = tuple(w.encode() for w in sorted(PASSWORD_WORDS + OTHER_WORDS, key=len, reverse=True))
_PASSWORDS = frozenset(w.encode() for w in PASSWORD_WORDS)


def _keyword_of(words: list[bytes]) -> bytes | None:
    """The credential keyword the last word ends with (``dbpassword`` -> ``password``)."""
    last = words[-1] if words else b""
    return next((k for k in _KEYWORDS if last.endswith(k)), None)


def _real(value: bytes, *, min_len: int) -> bool:
    """A value given to a password flag or field: a non-default, non-placeholder string."""
    if len(value) < min_len or value.lower() in DEFAULT_PASSWORDS or is_placeholder(value):
        return False
    return plausible_secret(value, min_len=min_len, allow_uuid=True) or (
        len(value) >= 12 and not looks_fake(value) and bool(re.fullmatch(rb"[!-~]+", value)))


# --- command lines ---------------------------------------------------------------------

_WORD = LazyRegex(rb"""(?:"[^"\n]*"|'[^'\n]*'|[^\s"'])+""")
_SEPARATORS = (b"|", b"&&", b";", b"$(", b"`")  # where a command starts within a line
_ASSIGNMENT = LazyRegex(rb"[A-Za-z_][A-Za-z0-9_]*=.*")
_LOGIN = frozenset(b"docker podman buildah skopeo nerdctl oras helm crane regctl az".split())
_MYSQL = frozenset(b"mysql mysqldump mysqladmin mariadb mariadb-dump mysqlsh".split())
_MONGO = frozenset(b"mongo mongosh mongodump mongorestore mongoexport mongoimport".split())
_WRAPPERS = frozenset(b"sudo env time exec command nohup".split())
_SMB = frozenset(b"smbclient rpcclient smbget smbcacls smbtree".split())
_LDAP = frozenset(b"ldapsearch ldapmodify ldapadd ldapdelete ldapmodrdn ldappasswd ldapwhoami ldapcompare".split())
_ZIP = frozenset(b"zip unzip zipcloak funzip".split())
_ARCHIVERS = frozenset(b"7z 7za 7zr 7zz rar unrar".split())


_COMMAND_SPAN = 400  # bytes before a flag searched for its command (a long command line is cut there)


def _command(buf: bytes, pos: int) -> list[bytes]:
    """The first words of the shell command a flag at ``pos`` belongs to (backslash-continued
    lines joined; sudo/env/VAR=x prefixes dropped). Found with bounded ``rfind``s, so a
    line of a thousand flags stays linear."""
    lo = max(0, pos - _COMMAND_SPAN)
    start = max(lo, buf.rfind(b"\n", lo, pos) + 1)
    while start > lo + 1 and buf[start - 2:start - 1] == b"\\":  # lines continued with a backslash
        start = max(lo, buf.rfind(b"\n", lo, start - 1) + 1)
    for sep in _SEPARATORS:
        at = buf.rfind(sep, start, pos)
        if at >= 0:
            start = at + len(sep)
    words: list[bytes] = []
    for m in _WORD.finditer(buf, start, pos):
        word = m.group().strip(b"\"'`$>")
        if not words and (word in _WRAPPERS or _ASSIGNMENT.fullmatch(word) or not word):
            continue
        words.append(word)
        if len(words) == 4:
            break
    if words:
        words[0] = words[0].rsplit(b"/", 1)[-1].lower()
    return words


def _shell_word(buf: bytes, at: int, end: int | None = None) -> tuple[int, bytes] | None:
    m = _WORD.match(buf, at) if end is None else _WORD.match(buf, at, end)
    if m is None:
        return None
    word = m.group()
    if word[:1] in (b'"', b"'") and word[-1:] == word[:1] and len(word) > 1:
        return at + 1, word[1:-1]
    return at, word


class CliRule:
    """Credentials given to a command by a short flag: ``curl -u user:pass``, ``http -a
    user:pass``, ``docker login -p …``, ``mysql -pSECRET``, ``sshpass -p …``, ``redis-cli -a …``,
    ``sqlcmd -P …``, ``smbclient -U user%pass``, ``lftp -u user,pass``, ``ldapsearch -w …``,
    ``openssl enc -k …``, ``zip -P …``, ``7z -pSECRET``, ``rar -hpSECRET``, ``gh secret set X --body …``. (``--password VALUE`` and ``--token=VALUE`` are keyword assignments.)

    The trigger is the flag after a space (one pass for " -"); the command it belongs to is
    read back to the start of its line or pipe segment."""

    id = "cli-credentials"
    title = "a password or token given on a command line"
    triggers = ((" -u", r"""[ \t]*["']?[^\s"':%,]{1,128}[:%,]"""), (" --user", r"""[ \t=]+["']?[^\s"':]{1,128}:"""),
                (" -a", r"""[ \t]+["']?[!-~]"""), (" --auth", r"""[ \t=]+["']?[^\s"':]{1,128}:"""),
                (" -p", r"""[ \t]*["']?[!-~]"""), (" --password-stdin", ""), (" -w", r"""[ \t]+["']?[!-~]"""),
                (" -k", r"""[ \t]+["']?[!-~]"""), (" -hp", r"""["']?[!-~]"""), (" --body", r"""[ \t=]+["']?[!-~]"""),
                (" -b", r"""[ \t]+["']?[!-~]"""))
    lowered = True  # " -p" also finds sqlcmd's "-P"; the flag's case is checked on the original
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if anchor == b" --password-stdin":
            return self._piped(buf, pos)
        flag = buf[pos + 1:pos + len(anchor)]
        at = pos + len(anchor)
        words = _command(buf, pos + 1)
        if not words:
            return None
        cmd = words[0]
        glued = buf[at:at + 1] not in (b" ", b"\t", b"=")
        while buf[at:at + 1] in (b" ", b"\t", b"="):
            at += 1
        got = _shell_word(buf, at)
        if got is None:
            return None
        start, value = got
        if flag in (b"-u", b"--user") and cmd == b"curl":
            return self._userpass(start, value)
        if flag == b"-U" and cmd in _SMB:  # smbclient //srv/share -U user%password
            return self._userpass(start, value, b"%")
        if flag == b"-u" and cmd == b"lftp":  # lftp -u user,password host
            return self._userpass(start, value, b",")
        if flag == b"-w" and cmd in _LDAP:  # ldapsearch -D cn=admin -w password ("-W" prompts)
            return self._value(start, value)
        if flag == b"-k" and cmd == b"openssl":  # openssl enc -k password
            return self._value(start, value)
        if flag == b"-P" and cmd in _ZIP:  # zip -P password (7z and rar glue it: -ppassword, -hppassword)
            return self._value(start, value)
        if flag in (b"-p", b"-hp") and glued and cmd in _ARCHIVERS and value[:1] not in (b"-", b""):
            return self._value(start, value)
        if flag in (b"--body", b"-b") and cmd == b"gh" and words[1:3] == [b"secret", b"set"]:  # gh secret set X --body V
            return self._value(start, value)
        if flag in (b"-a", b"--auth") and cmd in (b"http", b"https", b"xh", b"httpie"):
            return self._userpass(start, value)
        if flag == b"-p" and cmd in _MYSQL:
            return self._value(start, value) if glued else None  # "-p" then a space prompts
        if flag == b"-p" and (cmd == b"sshpass" or cmd in _MONGO or (cmd in _LOGIN and b"login" in words[1:4])):
            return self._value(start, value)
        if flag == b"-a" and cmd == b"redis-cli":
            return self._value(start, value)
        if flag == b"-P" and cmd in (b"sqlcmd", b"bcp"):
            return self._value(start, value)
        return None

    def _piped(self, buf: bytes, pos: int) -> Hit | None:
        """``echo SECRET | docker login --password-stdin``: the echoed word is the password."""
        lo = max(0, pos - _COMMAND_SPAN)
        start = max(lo, buf.rfind(b"\n", lo, pos) + 1)
        pipe = buf.rfind(b"|", start, pos)
        if pipe < 0:
            return None
        words = list(_WORD.finditer(buf, start, pipe))
        while words and words[0].group().strip(b"$> ") in (b"", b"sudo"):
            words.pop(0)
        if len(words) < 2 or words[0].group() not in (b"echo", b"printf"):
            return None
        arg = next((w for w in words[1:] if not w.group().startswith(b"-")), None)
        got = _shell_word(buf, arg.start()) if arg else None
        return self._value(*got) if got else None

    def _value(self, start: int, value: bytes) -> Hit | None:
        if not _real(value, min_len=6):
            return None
        return (start, start + len(value), self.id, value)

    def _userpass(self, start: int, value: bytes, sep: bytes = b":") -> Hit | None:
        user, colon, password = value.partition(sep)
        if not colon:
            return None
        if not password:  # an API key given as the user name, with an empty password
            return (start, start + len(user), self.id, user) if plausible_secret(
                user, min_len=16, allow_uuid=True) else None
        if password == user or not _real(password, min_len=6):
            return None
        at = start + len(user) + 1
        return (at, at + len(password), self.id, password)


# Options that take a value (the next word, or the rest of the word), from each tool's usage.
_HTPASSWD_VALUED = frozenset(b"Cr")  # htpasswd [-cimnbB25dpsDv] [-C cost] [-r rounds]
_SSH_KEYGEN_VALUED = frozenset(b"CDEFIMNOPRVZabfgjmnrstwz")
_ARGS_END = frozenset((b"|", b"||", b"&&", b";", b"&", b"#"))  # the command ends here


class CommandArgsRule:
    """Passwords given to a command as plain arguments, where no flag or key names them:
    ``htpasswd -b[c] FILE USER PASSWORD`` (``-nb USER PASSWORD`` without a file) and
    ``ssh-keygen … -N NEW_PASSPHRASE`` / ``-P OLD_PASSPHRASE``. The words after the command
    are read like getopt does (option letters grouped, a value glued or next), to the end
    of the line or a shell separator."""

    id = "cli-credentials"
    title = "a password given to htpasswd -b or ssh-keygen -N / -P"
    triggers = (("htpasswd", r"""(?:\.exe)?[ \t]+-"""),
                ("ssh-keygen", r"""(?:\.exe)?[ \t](?:[^\n\\]|\\[^\n]|\\\n){0,300}?[ \t]-[a-z]*[np]"""))
    lowered = True
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> list[Hit] | None:
        if pos > 0 and buf[pos - 1] in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.":
            return None  # a longer name (mkhtpasswd), not the command
        limit = min(len(buf), pos + _COMMAND_SPAN)
        end = buf.find(b"\n", pos, limit)
        while 0 < end < limit and buf[end - 1:end] == b"\\":  # lines continued with a backslash
            end = buf.find(b"\n", end + 1, limit)
        end = limit if end < 0 else end
        tick = buf.find(b"`", pos, end)  # a Markdown code span (or a command substitution) ends the command
        end = end if tick < 0 else tick
        words = []
        for m in _WORD.finditer(buf, pos + len(anchor), end):
            word = m.group()
            if word in _ARGS_END or word[:1] in b"<>" or word[:2] in (b"1>", b"2>"):
                break
            if word == b"\\":
                continue  # the continuation
            cut = _separator_in(word)  # "key;" ends the command as "key ;" does
            got = _shell_word(buf, m.start(), m.start() + cut if cut >= 0 else end) if cut != 0 else None
            if got is not None:
                words.append(got)
            if cut >= 0:
                break
        hits = self._htpasswd(buf, words) if anchor == b"htpasswd" else self._ssh_keygen(buf, words)
        return hits or None

    def _options(self, buf: bytes, words: list[tuple[int, bytes]], valued: frozenset[int]) -> tuple[
            set[int], dict[int, tuple[int, bytes]], list[tuple[int, bytes]]]:
        """(option letters seen, values of valued options, positional words)."""
        letters: set[int] = set()
        values: dict[int, tuple[int, bytes]] = {}
        positional: list[tuple[int, bytes]] = []
        i = 0
        while i < len(words):
            start, word = words[i]
            i += 1
            if len(word) < 2 or word[:1] != b"-" or word[:2] == b"--":
                positional.append((start, word))
                continue
            for k in range(1, len(word)):
                letter = word[k]
                letters.add(letter)
                if letter in valued:
                    if k + 1 < len(word):  # glued: -N"pass" is read as the shell reads it
                        values[letter] = _shell_word(buf, start + k + 1) or (start + k + 1, word[k + 1:])
                    elif i < len(words):
                        values[letter] = words[i]
                        i += 1
                    break
        return letters, values, positional

    def _htpasswd(self, buf: bytes, words: list[tuple[int, bytes]]) -> list[Hit]:
        letters, _, positional = self._options(buf, words, _HTPASSWD_VALUED)
        if ord("b") not in letters:
            return []  # without -b htpasswd prompts for the password
        expected = 2 if ord("n") in letters else 3  # -n prints the line: no file argument
        if len(positional) < expected:
            return []
        return self._values([positional[expected - 1]])  # what follows is prose ("… to add the user")

    def _ssh_keygen(self, buf: bytes, words: list[tuple[int, bytes]]) -> list[Hit]:
        _, values, _ = self._options(buf, words, _SSH_KEYGEN_VALUED)
        return self._values(sorted(values[letter] for letter in b"NP" if letter in values))  # -p -P OLD -N NEW: both

    def _values(self, found: list[tuple[int, bytes]]) -> list[Hit]:
        # No name says "password" here, so the value itself must look like one: new_passphrase or
        # oldpassphrase in a tutorial is a word, and _real's long-printable fallback would take it.
        return [(start, start + len(value), self.id, value) for start, value in found
                if value.lower() not in DEFAULT_PASSWORDS and not is_placeholder(value)
                and not _SETTING.fullmatch(value) and plausible_secret(value, min_len=6, allow_uuid=True)]


_SETTING = LazyRegex(rb"[a-z_][a-z0-9_.-]*=[a-z0-9_.,-]*")  # psql -P pager=off: a setting, not a passphrase


def _separator_in(word: bytes) -> int:
    """Where ``;``, ``|`` or ``&`` outside quotes ends the command inside a shell word, or -1."""
    quote = 0
    for i, c in enumerate(word):
        if quote:
            quote = 0 if c == quote else quote
        elif c in b"\"'":
            quote = c
        elif c in b";|&":
            return i
    return -1


# --- A user and password pair beside a word for logging in ----------------------------------

# English login words (matched lower-cased) and their Chinese, Japanese and Korean kin.
_LOGIN_WORDS = ("login", "log in", "log on", "logon", "sign in", "signin", "creds", "account", "账号", "帐号",
                "账户", "登录", "登陆", "ログイン", "アカウント", "계정", "로그인")
_LOGIN_SPAN = 64  # bytes searched on each side of the word, within its line
# USER SEP PASSWORD: a user name or e-mail, then "/", ":" or "%" (spaces around "/" allowed, or a
# full-width "／"), then a password with no space, slash, quote or bracket.
_LOGIN_PAIR = LazyRegex(
    rb"(?<![A-Za-z0-9._+@/:%\-])[`'\"]?(?P<u>[A-Za-z0-9][A-Za-z0-9._+@-]{0,63})[`'\"]?"
    rb"(?:[ \t]*/[ \t]*|:|%|[ \t]*\xef\xbc\x8f[ \t]*)"
    rb"(?:(?:pass(?:word)?|pwd|pw)[ \t]*[:=]?[ \t]*)?[`'\"]?"  # user jdoe / pass …, `admin` / `…`
    rb"(?P<v>[^\s/\"'`<>()\[\]{}\\]{8,128})", re.IGNORECASE)
_SLUG = LazyRegex(rb"[a-z0-9]+(?:[._:\-]+[a-z0-9]+)+")  # words joined by separators; k3j9x2m1q may be a password
_PAIR_END = b".,;:\xe3\x80\x82\xef\xbc\x8c\xef\xbc\x9b\xef\xbc\x9a\xe3\x80\x81"  # . , ; : 。 ， ； ： 、 end a value


class LoginPairRule:
    """A user and password written as a pair beside a word for logging in, with no key naming
    the password: ``login: admin / …``, ``creds admin:…``, ``测试账号 admin/…``, ``用
    admin:… 登录后台``. The pair must be on the word's line, within 64 bytes on either side, and
    the password shaped like one (``values.plausible_secret``): ``login via GitHub/GitLab``,
    ``account: orders/2024-05`` and ``host:8080`` are not pairs of a user and a password."""

    id = "password-assignment"
    title = "a user and password pair beside a word for logging in"
    triggers = tuple((w, "") for w in _LOGIN_WORDS)
    lowered = True
    priority = 3  # a keyed assignment on the same value is reported as itself

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if anchor.isascii() and (buf[pos - 1:pos].isalnum() or buf[pos + len(anchor):pos + len(anchor) + 1].isalnum()):
            return None  # a longer word (blogin, myaccount, signing_key)
        start = max(buf.rfind(b"\n", max(0, pos - _LOGIN_SPAN), pos) + 1, pos - _LOGIN_SPAN)
        end = buf.find(b"\n", pos, pos + len(anchor) + _LOGIN_SPAN)
        end = min(len(buf), pos + len(anchor) + _LOGIN_SPAN) if end < 0 else end
        for m in _LOGIN_PAIR.finditer(buf, start, end):
            if m.start() < pos + len(anchor) and m.end() > pos:
                continue  # the pair overlaps the word itself (user/pass:…)
            user, value = m.group("u"), m.group("v").rstrip(_PAIR_END)
            if value[:1] == b":" or value == user:  # crypto::hmac: a path in code or value.lower() in DEFAULT_PASSWORDS or is_placeholder(value):
                continue
            # in prose a slug (billing-service-v2, us-east-1, role:deploy) is a name: a password
            # here needs a capital or a symbol beyond - _ . :
            if not _SLUG.fullmatch(value) and plausible_secret(value, min_len=8):
                return (m.start("v"), m.start("v") + len(value), self.id, value)
        return None


# --- HTTP Authorization with any scheme ---------------------------------------------

_NOT_CREDENTIAL_SCHEMES = frozenset(
    b"bearer basic digest negotiate ntlm hoba mutual vapid signature aws4-hmac-sha256 kerberos".split())
_AUTHORIZATION = LazyRegex(
    rb"""authorization["']?[ \t]*[:=][ \t]*["']?(?P<scheme>[A-Za-z][A-Za-z0-9_-]{1,30})[ \t]+"""
    rb"""(?P<s>[A-Za-z0-9._~+/:=-]{8,2048})""", re.IGNORECASE)


class AuthorizationRule:
    """``Authorization: <scheme> <credential>`` for schemes other than Bearer and Basic
    (``Token``, ``ApiKey``, ``SSWS``, ``Key``, ``DeepL-Auth-Key`` ...)."""

    id = "authorization-header"
    title = "HTTP Authorization header with a Token / ApiKey / custom scheme"
    triggers = (("authorization", r"""["']?[ \t]*[:=][ \t]*["']?[a-z][a-z0-9_-]{1,30}[ \t]+[!-~]"""),)
    lowered = True
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        m = _AUTHORIZATION.match(buf, pos)
        if m is None or m.group("scheme").lower() in _NOT_CREDENTIAL_SCHEMES:
            return None
        value = m.group("s").rstrip(b".,;:")
        if not plausible_secret(value, min_len=12, allow_uuid=True):
            return None
        return (m.start("s"), m.start("s") + len(value), self.id, value)


# --- SQL: CREATE USER … IDENTIFIED BY '…' ---------------------------------------------------

_IDENTIFIED = LazyRegex(rb"identified(?:[ \t]+with[ \t]+[A-Za-z0-9_'\"]{1,64})?[ \t]+by[ \t]+(?:password[ \t]+)?", re.IGNORECASE)


_SET_PASSWORD = LazyRegex(rb"set[ \t]+password[ \t]+for[ \t]+[^\s=;]{1,160}[ \t]*=[ \t]*", re.IGNORECASE)
_USER_STATEMENT = LazyRegex(rb"(?:^|[;\s])(?:create|alter)[ \t]+user[ \t]+[^\s;]{1,128}[ \t]+$", re.IGNORECASE)
_BARE_PASSWORD = LazyRegex(rb"[A-Za-z][A-Za-z0-9_$#]{0,127}(?=[ \t]*(?:;|$|\s))", re.MULTILINE)


class SqlPasswordRule:
    """``CREATE USER app IDENTIFIED BY '…'`` (Oracle, MySQL), ``IDENTIFIED WITH plugin BY '…'``
    and ``SET PASSWORD FOR 'app'@'%' = '…'`` (MySQL): the quoted string is the password; Oracle's unquoted ``CREATE USER app IDENTIFIED BY
    Xk9…;`` too, inside a CREATE/ALTER USER statement only. (``PASSWORD '…'`` and ``PASSWORD = '…'``
    are keyword assignments.) A bind parameter (``:pwd``) is code."""

    id = "password-assignment"
    title = "a password set in SQL with IDENTIFIED BY"
    triggers = (("identified", r"""[ \t]+(?:with[ \t]+[a-z0-9_'"]{1,64}[ \t]+)?by[ \t]"""),
                ("set password", r"""[ \t]+for[ \t]"""))
    lowered = True
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if anchor == b"set password":  # MySQL: SET PASSWORD FOR 'app'@'%' = '…'
            m = _SET_PASSWORD.match(buf, pos)
            got = assign.read_value(buf, m.end()) if m is not None and buf[m.end():m.end() + 1] in (b"'", b'"') else None
            return None if got is None else judge([b"password"], b"password", got[0], got[1])
        m = _IDENTIFIED.match(buf, pos)
        if m is None:
            return None
        if buf[m.end():m.end() + 1] not in (b"'", b'"'):
            # Oracle's own form is unquoted (IDENTIFIED BY Xk9…;): read only in a CREATE/ALTER USER
            # statement begun on that line, so prose ("identified by their email") stays prose.
            lo = max(0, pos - 300)  # bounded: a long line of many IDENTIFIED BY stays linear
            line = buf[max(lo, buf.rfind(b"\n", lo, pos) + 1):pos]
            bare = _BARE_PASSWORD.match(buf, m.end())
            if bare is None or not _USER_STATEMENT.search(line):
                return None
            return judge([b"password"], b"password", bare.start(), bare.group())
        got = assign.read_value(buf, m.end())
        if got is None:
            return None
        return judge([b"password"], b"password", got[0], got[1])


_DIRECTIVE = LazyRegex(rb"(?:requirepass|masterauth)[ \t]+", re.IGNORECASE)
_DIRECTIVE_BEFORE = LazyRegex(rb"(?:^|\n)[ \t]*(?:(?:redis-cli[^\n]*?[ \t])?config[ \t]+set[ \t]+)?$", re.IGNORECASE)


class RedisPasswordRule:
    """redis.conf's ``requirepass …`` and ``masterauth …`` (a directive, its value after a
    space), also as ``CONFIG SET requirepass …``: no ``=`` or ``:`` names the password. Only at
    the start of a line (or after CONFIG SET), so prose about the directive is not read."""

    id = "password-assignment"
    title = "a password set by a Redis directive"
    triggers = (("requirepass", r"[ \t]"), ("masterauth", r"[ \t]"))
    lowered = True
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if _DIRECTIVE_BEFORE.search(buf, max(0, pos - 200), pos) is None:
            return None
        m = _DIRECTIVE.match(buf, pos)
        if m is None:
            return None
        got = assign.read_value(buf, m.end())
        if got is None:
            return None
        return judge([b"password"], b"password", got[0], got[1])


# --- Passwords in code: PowerShell secure strings, HTTP auth pairs ---------------------------

_SECURE_STRING = LazyRegex(rb"""convertto-securestring[ \t]+(?:-string[ \t]+)?(?P<q>["'])(?P<v>[^"'\n]{1,256})(?P=q)""",
                           re.IGNORECASE)
_PLAIN_TEXT = LazyRegex(rb"-asplaintext", re.IGNORECASE)
_AUTH_PAIR = LazyRegex(rb"""(?:auth[ \t]*=[ \t]*\(|basicauth[ \t]*\(|digestauth[ \t]*\(|credentials?[ \t]*\()[ \t]*"""
                       rb"""(?P<q1>["'])[^"'\n]{1,128}(?P=q1)[ \t]*,[ \t]*(?P<q>["'])(?P<v>[^"'\n]{1,256})(?P=q)""",
                       re.IGNORECASE)


class CodePasswordRule:
    """A password written into code: PowerShell's ``ConvertTo-SecureString "…" -AsPlainText``
    (the plain text a script turns into a credential; without ``-AsPlainText`` the string is
    an encrypted one), and a user and password passed as a pair of string literals to an HTTP
    client: ``auth=("alice", "…")`` (requests, httpx), ``HTTPBasicAuth("alice", "…")``,
    ``aiohttp.BasicAuth("alice", "…")``, ``NetworkCredential("alice", "…")``. A variable or
    placeholder in the password's place is code, not a secret."""

    id = "password-assignment"
    title = "a password in a PowerShell secure string or an HTTP client's auth pair"
    triggers = (("convertto-securestring", r"[ \t]"), ("auth", r"""[ \t]*[=(][ \t]*\(?[ \t]*["']"""),
                ("credential", r"""s?[ \t]*\([ \t]*["']"""))
    lowered = True
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if anchor == b"convertto-securestring":
            m = _SECURE_STRING.match(buf, pos)
            line_end = buf.find(b"\n", pos)
            line_end = len(buf) if line_end < 0 else line_end
            if m is None or not _PLAIN_TEXT.search(buf, m.end(), min(line_end, m.end() + 200)):
                return None
        else:
            lo = max(0, pos - 6)  # "basic" / "digest" before "auth", "network" before "credential"
            m = next((x for x in (_AUTH_PAIR.match(buf, at) for at in range(lo, pos + 1)) if x is not None), None)
            if m is None:
                return None
        return judge([b"password"], b"password", m.start("v"), m.group("v"))


# --- Go's MySQL DSN: user:password@tcp(host:port)/db ------------------------------------------

_DSN_BEFORE = LazyRegex(rb"""(?:^|(?<=[\s"'`=(]))(?P<user>[A-Za-z0-9_.-]{1,64}):(?P<v>[^\s"'`@/]{1,256})$""")


class GoDsnRule:
    """The data source name of Go's MySQL driver, ``user:password@tcp(host:3306)/db`` (or
    ``@unix(/path)``): a credential in a string with no scheme for the URL rule to read."""

    id = "password-assignment"
    title = "a password in a Go MySQL data source name"
    triggers = (("@tcp(", ""), ("@unix(", ""))
    lowered = False
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        lo = max(0, pos - 330, buf.rfind(b"\n", max(0, pos - 330), pos) + 1)
        m = _DSN_BEFORE.search(buf, lo, pos)
        if m is None:
            return None
        return judge([b"password"], b"password", m.start("v"), m.group("v"))


# --- Markdown tables with a password column ----------------------------------------------------

_TABLE_RULE_LINE = LazyRegex(rb"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\r?")
TABLE_SPAN = 32 << 10  # bytes of rows read below a table's rule line (within the scanner's chunk overlap)
_CJK_HEADS = {w.encode("utf-8"): w.encode("utf-8") for w in ("密码", "密碼", "口令", "密钥", "秘钥", "令牌", "비밀번호",
                                                            "パスワード")}


def _cells(line: bytes, at: int) -> list[tuple[int, bytes]]:
    """(offset, text) of each cell of a table row starting at ``at``, stripped."""
    out = []
    body_start = at + 1 if line.startswith(b"|") else at
    body = line[1:] if line.startswith(b"|") else line
    if body.endswith(b"|"):
        body = body[:-1]
    pos = body_start
    for raw in body.split(b"|"):
        text = raw.strip(b" \t\r")
        lead = len(raw) - len(raw.lstrip(b" \t"))
        out.append((pos + lead, text))
        pos += len(raw) + 1
    return out


def _secret_column(cell: bytes) -> tuple[list[bytes], bytes] | None:
    """(words, keyword) when a header cell names a secret (``password``, ``API key``, ``密码``)."""
    for word in _CJK_HEADS:
        if word in cell:
            return [word], word
    words = assign.words_of(cell)
    keyword = _keyword_of(words)
    return (words, keyword) if keyword and names_secret(words, keyword) else None


class TableRule:
    """A Markdown table whose header names a password or secret column: each row's cell in that
    column is judged as that key's value (``| billing | app | Xk9… |`` under ``| service | user |
    password |``). Read from the table's rule line (``|---|---|``), once per table, the rows
    below it up to TABLE_SPAN bytes."""

    id = "password-assignment"
    title = "a value in a Markdown table column named password, token, secret, 密码 …"
    triggers = (("\n|", r"[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\r?(?:\n|$)"),)
    lowered = False
    priority = 1
    ids = ("password-assignment", "secret-assignment")

    def match(self, buf: bytes, pos: int, anchor: bytes) -> list[Hit] | None:
        rule_start = pos + 1
        rule_end = buf.find(b"\n", rule_start)
        if rule_end < 0 or not _TABLE_RULE_LINE.fullmatch(buf, rule_start, rule_end):
            return None
        head_start = buf.rfind(b"\n", 0, pos) + 1
        columns = {i: named for i, (_, head) in enumerate(_cells(buf[head_start:pos], 0))
                   if head and (named := _secret_column(head)) is not None}
        if not columns:
            return None
        width = len(_cells(buf[head_start:pos], 0))
        hits: list[Hit] = []
        for at, row in _rows(buf, rule_end + 1):
            if not row.lstrip(b" \t").startswith(b"|"):
                break
            cells = _cells(row, at)
            if len(cells) == width:
                hits += _column_hits(columns, cells)
        return hits or None


def _rows(buf: bytes, at: int) -> Iterator[tuple[int, bytes]]:
    """(start, text) of each line from ``at`` on, for TABLE_SPAN bytes."""
    limit = min(len(buf), at + TABLE_SPAN)
    while at < limit:
        end = buf.find(b"\n", at)
        end = len(buf) if end < 0 else end
        yield at, buf[at:end].rstrip(b"\r")
        at = end + 1


def _column_hits(columns: dict[int, tuple[list[bytes], bytes]], cells: list[tuple[int, bytes]]) -> list[Hit]:
    """The secrets in a row's cells (offset, text) under the columns whose header names one."""
    return [hit for i, named in columns.items() if (hit := _cell_value(*named, *cells[i])) is not None]


_CSV_HEAD = rb'(?:[A-Za-z_][A-Za-z0-9_ .-]{0,40}|"[A-Za-z_][A-Za-z0-9_ .-]{0,40}")'  # a name, bare or quoted
_CSV_HEADER = LazyRegex(_CSV_HEAD + rb"(?:," + _CSV_HEAD + rb"){1,30}\r?")
_CSV_COLUMNS = ("password", "passwd", "pass", "secret", "token", "api_key", "apikey")


def _csv_fields(row: bytes, at: int) -> list[tuple[int, bytes]] | None:
    """(offset, text) of each field, a wholly quoted one without its quotes; None for a row
    this reader does not split (a quoted field holding a comma or a quote)."""
    out: list[tuple[int, bytes]] = []
    for field_ in row.split(b","):
        if len(field_) >= 2 and field_[:1] == field_[-1:] == b'"' and b'"' not in field_[1:-1]:
            out.append((at + 1, field_[1:-1]))
        elif b'"' in field_:
            return None
        else:
            out.append((at, field_))
        at += len(field_) + 1
    return out


class CsvRule:
    """A CSV header naming a password or secret column (``name,url,username,password``, as
    browsers and password managers export them): each row's field in that column is that
    key's value. Read from the header, once per file, the rows below it up to TABLE_SPAN bytes."""

    id = "password-assignment"
    title = "a value in a CSV column named password, token, secret …"
    # a column named so, bare or quoted ("host","user","pass", as many exporters write it)
    triggers = tuple((f",{q}{name}{q}", r"[,\r\n]") for name in _CSV_COLUMNS for q in ("", '"'))
    lowered = True
    priority = 1
    ids = ("password-assignment", "secret-assignment")

    def match(self, buf: bytes, pos: int, anchor: bytes) -> list[Hit] | None:
        head_start = buf.rfind(b"\n", 0, pos) + 1
        head_end = buf.find(b"\n", pos)
        if head_end < 0 or not _CSV_HEADER.fullmatch(buf, head_start, head_end):
            return None
        heads = buf[head_start:head_end].rstrip(b"\r").split(b",")
        columns = {i: named for i, head in enumerate(heads)
                   if (named := _secret_column(head.strip().strip(b'"'))) is not None}
        if not columns:
            return None
        hits: list[Hit] = []
        for at, row in _rows(buf, head_end + 1):
            cells = _csv_fields(row, at)
            if cells is None or len(cells) != len(heads):
                break  # the end of the rows
            hits += _column_hits(columns, cells)
        return hits or None


def _cell_value(words: list[bytes], keyword: bytes, at: int, value: bytes) -> Hit | None:
    if value[:1] == b"`" and value.endswith(b"`") and len(value) > 2:
        at, value = at + 1, value[1:-1]
    if not value or not value.isascii() or any(c in value for c in (b" ", b"\t", b"=", b'"', b"'")):
        # words ("see the vault", "会话编号：…"), as after a key a secret is one ASCII word; a cell
        # holding an assignment (KEY="…") is read by the keyword rule
        return None
    return judge(words, keyword, at, value)


# --- Kubernetes Secret manifests -------------------------------------------------------

_BLOCK_HEAD = LazyRegex(rb"^([ \t]*)(data|stringData):[ \t]*$", re.MULTILINE)
_ENTRY = LazyRegex(rb"""^([ \t]+)["']?([A-Za-z0-9_.-]{1,253})["']?:[ \t]*["']?([^\s"'#]*)["']?[ \t]*$""")
_JSON_BLOCK = LazyRegex(rb'"(data|stringData)"[ \t]*:[ \t]*\{')
_JSON_ENTRY = LazyRegex(rb'"([A-Za-z0-9_.-]{1,253})"[ \t]*:[ \t]*"([^"\\\n]*)"')
_B64VALUE = LazyRegex(rb"[A-Za-z0-9+/]+={0,2}")
_PRINTABLE_TEXT = bytes(range(32, 127)) + b"\t\n\r"
_SECRET_WORDS = frozenset(b"password passwd pass pwd token secret key credentials credential creds auth apikey "
                          b"passphrase pat cert".split())
_WINDOW = 16 << 10  # a manifest is read within this many bytes of its kind: line


def _names_credential(key: bytes) -> bool:
    words = assign.words_of(key)
    return any(w in _SECRET_WORDS or w.endswith((b"password", b"token", b"secret", b"key")) for w in words)


class KubernetesSecretRule:
    """Every value under ``data:`` (base64) and ``stringData:`` of a ``kind: Secret`` manifest,
    YAML or JSON. A base64 value is decoded and judged: a credential-named key needs any
    real value, another key a value shaped like a secret (usernames and hosts are not)."""

    id = "kubernetes-secret"
    ids = ("kubernetes-secret",)
    title = "a value in a Kubernetes Secret's data / stringData"
    triggers = (("kind: Secret", r"(?![A-Za-z0-9])"), ('"kind": "Secret"', ""), ('"kind":"Secret"', ""))
    lowered = False
    priority = 1.2

    def match(self, buf: bytes, pos: int, anchor: bytes) -> list[Hit] | None:
        lo = max(0, pos - _WINDOW)
        hi = min(len(buf), pos + _WINDOW)
        nul = buf.rfind(b"\0", lo, pos)
        lo = nul + 1 if nul >= 0 else lo
        nul = buf.find(b"\0", pos, hi)
        hi = nul if nul >= 0 else hi
        if anchor.startswith(b'"'):
            close = buf.rfind(b"{", lo, pos)
            lo = max(lo, close)
            if buf.find(anchor, lo, pos) >= 0 or buf.find(b'"kind":', lo, pos) >= 0:
                return None  # the object's first "kind" read it already
            return self._json(buf, lo, hi) or None
        # This manifest: from the previous "---" or kind: line to the next one, so every
        # byte is read for one kind: line only (a list of Secrets, or a storm, stays linear).
        after_prev = [buf.rfind(mark, lo, pos) for mark in (b"\n---", b"kind:")]
        lo = max([lo] + [at + 1 for at in after_prev if at >= 0])
        following = [buf.find(mark, pos + len(anchor), hi) for mark in (b"\n---", b"kind:")]
        hi = min([hi] + [at for at in following if at >= 0])
        # data: usually follows kind:; only if it does not is the part before kind: read.
        return self._yaml(buf, pos, hi, pos) or self._yaml(buf, lo, pos, pos) or None

    def _yaml(self, buf: bytes, lo: int, hi: int, pos: int) -> list[Hit]:
        line_start = buf.rfind(b"\n", max(0, pos - 200), pos) + 1
        indent = pos - line_start
        if indent > 16 or buf[line_start:pos].strip(b" \t-"):
            return []  # kind: must start its line (after indentation or a list dash)
        hits: list[Hit] = []
        for head in _BLOCK_HEAD.finditer(buf, lo, hi):
            if len(head.group(1)) != indent:
                continue
            plain = head.group(2) == b"stringData"
            at = head.end() + 1
            while at < hi:
                end = buf.find(b"\n", at, hi)
                end = hi if end < 0 else end
                line = buf[at:end].rstrip(b"\r")
                if line.strip():
                    m = _ENTRY.match(line)
                    if m is None or len(m.group(1)) <= indent:
                        break
                    hit = self._entry(m.group(2), m.group(3), at + m.start(3), plain)
                    if hit is not None:
                        hits.append(hit)
                at = end + 1
        return hits

    def _json(self, buf: bytes, lo: int, hi: int) -> list[Hit]:
        hits: list[Hit] = []
        for block in _JSON_BLOCK.finditer(buf, lo, hi):
            close = buf.find(b"}", block.end(), hi)
            for m in _JSON_ENTRY.finditer(buf, block.end(), close if close >= 0 else hi):
                hit = self._entry(m.group(1), m.group(2), m.start(2), block.group(1) == b"stringData")
                if hit is not None:
                    hits.append(hit)
        return hits

    def _entry(self, key: bytes, value: bytes, at: int, plain: bool) -> Hit | None:
        """A hit for one entry, or a veto (rule None) for a base64 value that decodes to
        nothing secret ("cGFzcw==" is "pass"): other rules must not flag its encoded form."""
        veto = (at, at + len(value), None, b"")
        if not value:
            return None
        if plain:
            if is_placeholder(value):
                return veto
            credential = _names_credential(key)
            words = assign.words_of(key)
            keyword = _keyword_of(words) or b"secret"
            if credential and len(value) >= 8:
                return judge(words, keyword, at, value)
            if plausible_secret(value, min_len=16):
                return (at, at + len(value), "secret-assignment", value)
            return None
        if not _B64VALUE.fullmatch(value) or len(value) % 4:
            return None
        try:
            decoded = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            return None
        text = decoded.strip()
        if text.lower() in DEFAULT_PASSWORDS or len(text) < 6:
            return veto
        credential = _names_credential(key)
        printable = text.isascii() and not text.translate(None, _PRINTABLE_TEXT)
        if b"PRIVATE KEY" in text[:100]:
            real = True
        elif not printable:
            real = credential and len(text) >= 16
        elif credential:
            real = not is_placeholder(text)
        else:
            real = plausible_secret(text, min_len=12)
        return (at, at + len(value), self.id, value) if real else veto


# --- .npmrc (.netrc entries are keyword assignments: see assign) ------------------------

_TOKEN_CHARS = LazyRegex(rb"[A-Za-z0-9._~+/=-]+")  # what a token or base64 value is made of


class NpmrcRule:
    """``.npmrc`` credentials: ``//host/:_authToken=…`` (any shape, UUIDs included),
    ``_auth=`` (base64 of user:password) and ``:_password=`` (base64 of the password)."""

    id = "npm-auth-token"
    title = ".npmrc _authToken, _auth or _password"
    triggers = (("_authToken=", r"""[ \t]*["']?[!-~]"""), ("_auth=", r"""[ \t]*["']?[!-~]"""),
                ("_password=", r"""[ \t]*["']?[!-~]"""))
    lowered = False
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if pos > 0 and buf[pos - 1] not in b":\n \t":
            return None
        got = assign.read_value(buf, pos + len(anchor))
        if got is None:
            return None
        start, value, _ = got
        if len(value) < 8 or not _TOKEN_CHARS.fullmatch(value) or is_placeholder(value) or looks_fake(value):
            return None
        if anchor == b"_authToken=":
            return (start, start + len(value), self.id, value)
        try:
            decoded = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            return None
        if anchor == b"_auth=":
            user, colon, password = decoded.partition(b":")
            if not colon or not password or password == user:
                return None
            decoded = password
        if len(decoded) < 4 or decoded.lower() in DEFAULT_PASSWORDS or is_placeholder(decoded):
            return None
        return (start, start + len(value), self.id, value)


# --- private keys in other wrappers ---------------------------------------------------------

_B64_RUN = LazyRegex(rb"[A-Za-z0-9+/]{60,40000}={0,2}")
_PEM_BODY = LazyRegex(rb"[A-Za-z0-9+/=]{16,}")


class Base64PemRule:
    """A PEM private key that was base64-encoded once more (kubeconfig ``client-key-data``,
    a Secret's ``tls.key``, CI variables): ``LS0tLS1CRUdJTi…`` decodes to ``-----BEGIN``."""

    id = "private-key"
    title = "base64-encoded PEM private key"
    triggers = (("LS0tLS1CRUdJTi", "[A-Za-z0-9+/]{40}"),)
    lowered = False
    priority = 1

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        if pos > 0 and buf[pos - 1] in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/":
            return None
        m = _B64_RUN.match(buf, pos)
        if m is None:
            return None
        run = m.group()
        try:
            if b"PRIVATE KEY" not in base64.b64decode(run[:132])[:100]:
                return None
            decoded = base64.b64decode(run[:len(run) - len(run) % 4])
        except (binascii.Error, ValueError):
            return None
        parts = decoded.split(b"-----")  # ["", "BEGIN … KEY", body, "END … KEY", …]
        body = b"".join(_PEM_BODY.findall(parts[2] if len(parts) > 2 else b""))
        if len(body) < 64 or looks_fake(body):
            return None
        return (pos, m.end(), self.id, run)


class PuttyKeyRule:
    """A PuTTY ``.ppk`` private key: the ``Private-Lines`` after a ``PuTTY-User-Key-File`` header."""

    id = "private-key"
    title = "PuTTY private key file"
    triggers = (("PuTTY-User-Key-File-", "[23]:"),)
    lowered = False
    priority = 1
    _private = re.compile(rb"Private-Lines:[ \t]*([0-9]{1,3})[ \t]*\r?\n")

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        at = buf.find(b"Private-Lines:", pos, pos + 4096)
        m = self._private.match(buf, at) if at >= 0 else None
        if m is None:
            return None
        lines = []
        at = m.end()
        for _ in range(min(int(m.group(1)), 64)):
            end = buf.find(b"\n", at)
            end = len(buf) if end < 0 else end
            lines.append(buf[at:end].strip())
            at = end + 1
        body = b"".join(lines)
        if len(body) < 40 or looks_fake(body) or not re.fullmatch(rb"[A-Za-z0-9+/=]+", body):
            return None
        return (pos, min(at, len(buf)), self.id, body)


RULES = (CliRule(), CommandArgsRule(), LoginPairRule(), AuthorizationRule(), SqlPasswordRule(), RedisPasswordRule(), CodePasswordRule(), GoDsnRule(),
         TableRule(), CsvRule(), KubernetesSecretRule(), NpmrcRule(), Base64PemRule(), PuttyKeyRule())
