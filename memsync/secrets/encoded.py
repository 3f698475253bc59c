"""Secrets under an encoding: base64 / base64url, base32 and hex runs (a YAML ``!!binary``
value, a URL path segment), ``\\u`` ``\\x`` and octal escapes, HTML entities, percent-encoding,
quoted-printable, and invisible characters or terminal control (C0 controls, DEL, ANSI
escape sequences: ``grep --color`` output) inside a token.

The plain rules see text as written, but agents paste a Kubernetes Secret, an
``echo … | base64 -d`` line, a JSON string holding ``\\u0067hp_…``, or a token
copied from a web page with zero-width spaces in it. After the plain pass, one
bounded pass over the buffer finds spans that look encoded, decodes each (twice
at most: an escaped string inside base64), keeps what decodes to printable text
and scans that with the same rules. A hit is reported at the encoded span with
its encoding noted; its masked form and fingerprint are the decoded secret's.

Two kinds of span:

* runs (base64, base64url, base32, hex) are decoded alone: what they hold must carry its
  own context (a token's prefix, ``password=`` inside), so random base64 never
  becomes a finding by itself;
* escapes (``\\u`` ``\\x`` ``\\101`` ``\\/``, ``&#…;`` and named entities, ``%XX``, ``=XX``,
  invisible characters, controls, NFKC forms, look-alike letters) are decoded with the line around
  them (lines joined by a quoted-printable soft break are one), so a key name before an
  escaped value still counts, and each decoded byte maps back to its place; a YAML
  ``!!binary`` value is decoded in its line the same way, its key kept. Lines holding only
  characters (invisible, control, NFKC, look-alike) are decoded so only where folding a few
  KiB of lines at once and scanning them finds something (_character_lines).

Text without an encoded-looking run pays one ``translate`` and a few searches (a control
byte is one of them: a "c" in the run marks, besides SEPARATOR's NULs).
"""
from __future__ import annotations

import binascii
import bisect
import functools
import re
from collections.abc import Callable

from memsync.secrets.values import LazyRegex

Hit = tuple  # (start, end, rule id, secret[, encoding])
Scan = Callable[[bytes, int], list[Hit]]

MIN_BASE64 = 16  # the shortest base64 that can hold a finding ("pw: " and an 8-character password)
MIN_HEX = 32
WRAP_MIN = 32  # a line this wide or wider, filled by one base64 run, may be wrapped base64
MIN_TEXT = 8  # decoded bytes
MAX_INDENT = 40  # the deepest indentation a wrapped block may have
MAX_RUN = 48 << 10  # longer runs are images or archives, not text; below the scanner's window overlap
CONTEXT = 512  # bytes of a line kept before an escape (a key name, a long token's start)
SEPARATOR = b"\n\0\n"  # between decoded texts scanned together: no rule reads across a NUL

_ALNUM = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_ALPHABET = frozenset(_ALNUM + b"+/-_")
# Runs are found by their letters and digits: every one becomes "a", any other byte a space,
# and a run of 16 is one find. "+/-_" stand in base64 of ASCII text only for "?", ">" (and
# DEL), so a run is found by a stretch of 16 without them and then extended over them;
# paths, slugs and flags ("facts/deploy-notes", "--frozen-lockfile") cost nothing.
# C0 controls but tab and line ends, and DEL, become "c" (NUL "z": SEPARATOR holds one): text
# holding one is found by the same translate and a memchr (a carriage return alone is looked
# for apart, see _lone_cr).
_CONTROL_BYTES = bytes(range(0x09)) + b"\x0b\x0c" + bytes(range(0x0E, 0x20)) + b"\x7f"
_RUN_MARKS = bytes(0x61 if c in _ALNUM else 0x7A if c == 0 else 0x63 if c in _CONTROL_BYTES else 0x20
                   for c in range(256))
_NOT_CONTROL = bytes(c for c in range(256) if c not in _CONTROL_BYTES)
_RUN = b"a" * MIN_BASE64
_RUN_TAIL = LazyRegex(rb"[A-Za-z0-9+/_-]*")
_HEX_DIGITS = b"0123456789abcdefABCDEF"
_BASE32_DIGITS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_TO_STANDARD = bytes.maketrans(b"-_", b"+/")
_RUN_CHARS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"  # base64 (either alphabet), hex
# Control characters (C0 but tab and line ends, DEL, C1): decoded bytes holding one are not text.
_CONTROL = LazyRegex(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]")

# Where an escape may start, each behind a byte searched first (memchr speed): a buffer
# without that byte never runs the pattern. One alternation would be scanned position
# by position (re finds no common prefix), five times slower.
_TRIGGERS = (
    (b"\\", rb"\\(?:u\{?[0-9a-fA-F]{2}|U000[0-9a-fA-F]{5}|x[0-9a-fA-F]{2}|[0-3][0-7]{2}|/|[abfv]|r(?!\\n)|e|0(?![0-7]))", True),
    (b"&", rb"&(?:#[0-9]{2,7}|#[xX][0-9a-fA-F]{2,6}|[A-Za-z][A-Za-z0-9]{1,31});", True),
    (b"%", rb"%[0-9A-Fa-f]{2}", True),
    # Quoted-printable (RFC 2045), in capitals or in lower case (some encoders write "=3d"):
    # what an encoder writes as "=XX" ("=" itself, a UTF-8 lead byte and a continuation, in one
    # case; not "token=6A…" or "color=ff"), and "=" ending a line. (One byte is looked for:
    # searching "=3D" and "=\n" as strings is five times slower.)
    (b"=", rb"=(?:3[Dd]|[C-F][0-9A-F]=[89AB][0-9A-F]|[c-f][0-9a-f]=[89ab][0-9a-f]|\r?\n)", True),
)
# Letters drawn like Latin ones, read as those letters only inside a word that also holds ASCII
# letters or digits (a token retyped with a look-alike or two stays a token, while Russian,
# Greek, Armenian or Cherokee prose, no ASCII in its words, is never read so): Cyrillic and
# Greek (а/a, р/p, Κ/K, ο/o …), Armenian (օ/o, ս/u, հ/h …) and Cherokee (Ꭺ/A, Ꮯ/C, Ꮪ/S …),
# written out below by their Unicode names, since a name says what a letter is, not what it
# looks like; the small capitals (ᴀ ʙ ᴄ …, from their names "LATIN LETTER SMALL CAPITAL X"); and
# combining marks (U+0300-U+036F …), which are dropped: "g\u0301hp_" is "ghp_" with an accent.
CONFUSABLES = {c.encode("utf-8"): latin.encode("ascii") for c, latin in zip(
    "аеорсухѕіјАВЕЅІЈКМНОРСТУХ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοκνρυ",
    "aeopcyxsijABESIJKMHOPCTYX" "ABEZHIKMNOPTYXokvpu")}
_NAMED_LOOK_ALIKES = {
    "h": ("CYRILLIC SMALL LETTER SHHA", "ARMENIAN SMALL LETTER HO"),
    "l": ("CYRILLIC SMALL LETTER PALOCHKA",),
    "d": ("CYRILLIC SMALL LETTER KOMI DE",),
    "q": ("CYRILLIC SMALL LETTER QA", "ARMENIAN SMALL LETTER ZA"),
    "Q": ("CYRILLIC CAPITAL LETTER QA",),
    "w": ("CYRILLIC SMALL LETTER WE", "ARMENIAN SMALL LETTER AYB"),
    "W": ("CYRILLIC CAPITAL LETTER WE", "CHEROKEE LETTER LA", "CHEROKEE LETTER TA"),
    "c": ("GREEK LUNATE SIGMA SYMBOL",),
    "C": ("GREEK CAPITAL LUNATE SIGMA SYMBOL", "CHEROKEE LETTER TLI"),
    "j": ("GREEK LETTER YOT", "ARMENIAN SMALL LETTER YI"),
    "a": ("LATIN SMALL LETTER ALPHA",),
    "g": ("LATIN SMALL LETTER SCRIPT G", "ARMENIAN SMALL LETTER CO"),
    "o": ("ARMENIAN SMALL LETTER OH",),
    "O": ("ARMENIAN CAPITAL LETTER OH",),
    "u": ("ARMENIAN SMALL LETTER SEH",),
    "U": ("ARMENIAN CAPITAL LETTER SEH",),
    "n": ("ARMENIAN SMALL LETTER VO",),
    "S": ("ARMENIAN CAPITAL LETTER TIWN", "CHEROKEE LETTER DU"),
    "L": ("ARMENIAN CAPITAL LETTER LIWN", "CHEROKEE LETTER TLE"),
    "A": ("CHEROKEE LETTER GO",),
    "B": ("CHEROKEE LETTER YV",),
    "D": ("CHEROKEE LETTER A",),
    "E": ("CHEROKEE LETTER GV",),
    "G": ("CHEROKEE LETTER NAH",),
    "H": ("CHEROKEE LETTER MI",),
    "i": ("CHEROKEE LETTER V",),
    "J": ("CHEROKEE LETTER GU",),
    "K": ("CHEROKEE LETTER TSO",),
    "M": ("CHEROKEE LETTER LU",),
    "P": ("CHEROKEE LETTER TLV",),
    "R": ("CHEROKEE LETTER E", "CHEROKEE LETTER SV"),
    "T": ("CHEROKEE LETTER I",),
    "V": ("CHEROKEE LETTER DO",),
    "Z": ("CHEROKEE LETTER NO",),
    "y": ("CHEROKEE LETTER GI",),
    "b": ("CHEROKEE LETTER SI",),
}
# Where the small capitals and combining marks live (a few hundred code points: the tables are
# built on first use from unicodedata, not by walking all of Unicode).
_SMALL_CAPITAL_RANGES = ((0x0250, 0x02B0), (0x1D00, 0x1D2C), (0xA720, 0xA800))
_COMBINING_RANGES = ((0x0300, 0x0370), (0x1AB0, 0x1B00), (0x1DC0, 0x1E00))
# Letters and digits NFKC folds to one ASCII letter or digit as superscripts, subscripts,
# letter-like symbols and circled forms (¹ ² ᵃ ₐ ʰ ℎ ⓐ …): read as "nfkc", as full-width forms are.
_NFKC_RANGES = ((0x00AA, 0x00BB), (0x02B0, 0x02E5), (0x1D2C, 0x1DC0), (0x2070, 0x20A0), (0x2100, 0x2150),
                (0x2460, 0x24EB), (0x2C7C, 0x2C7E), (0xA7F0, 0xA800))
_NFKC_TAGS = ("<super>", "<sub>", "<font>", "<circle>")


class _Folds:
    """The character tables, built on first use: look-alike letters (read inside mixed words),
    the NFKC superscript forms, and byte patterns for both."""

    def __init__(self) -> None:
        import unicodedata

        look: dict[bytes, bytes] = dict(CONFUSABLES)
        capitals: dict[bytes, bytes] = {}
        for latin, names in _NAMED_LOOK_ALIKES.items():
            for name in names:
                c = unicodedata.lookup(name)
                look[c.encode("utf-8")] = latin.encode("ascii")
                if name.startswith("CHEROKEE LETTER") and c.lower() != c:  # its small letter (U+AB70 …)
                    look[c.lower().encode("utf-8")] = latin.lower().encode("ascii")
        for lo, hi in _SMALL_CAPITAL_RANGES:
            for code in range(lo, hi):
                m = re.fullmatch(r"LATIN LETTER SMALL CAPITAL ([A-Z])", unicodedata.name(chr(code), ""))
                if m:
                    look[chr(code).encode("utf-8")] = m.group(1).lower().encode("ascii")
                    capitals[chr(code).encode("utf-8")] = m.group(1).encode("ascii")
        for lo, hi in _COMBINING_RANGES:
            for code in range(lo, hi):
                if unicodedata.category(chr(code)) == "Mn" and code != 0x034F:  # U+034F: invisible, above
                    look[chr(code).encode("utf-8")] = b""
        nfkc: dict[bytes, bytes] = {}
        for lo, hi in _NFKC_RANGES:
            for code in range(lo, hi):
                folded = unicodedata.normalize("NFKC", chr(code))
                if (unicodedata.decomposition(chr(code)).startswith(_NFKC_TAGS) and len(folded) == 1
                        and folded.isascii() and folded.isalnum()):
                    nfkc[chr(code).encode("utf-8")] = folded.encode("ascii")
        self.look = look
        self.text_table = {ord(k.decode("utf-8")): v.decode("ascii") or None for k, v in look.items()}
        # Small capitals read as capitals: in a word with no lower-case ASCII letter (an AWS key
        # id retyped in them, "ᴀᴋɪᴀ…"), they stand for the capitals they are drawn as.
        self.capitals = capitals
        self.capital_table = {**self.text_table, **{ord(k.decode("utf-8")): v.decode("ascii")
                                                    for k, v in capitals.items()}}
        self.capital_regex = re.compile(alternation(capitals))
        # 16 capitals or digits in a row, small capitals among them: a capital token could be
        # there (most lines of small capitals are words, read once, in lower case).
        self.capital_run = re.compile(rb"(?:[A-Z0-9x]|" + alternation(capitals) + rb"){16,}")
        self.look_pattern = alternation(look)
        self.look_regex = re.compile(self.look_pattern)
        self.nfkc = nfkc
        self.nfkc_pattern = alternation(nfkc)


def alternation(seqs: dict[bytes, bytes] | set[bytes]) -> bytes:
    """A pattern matching any of ``seqs`` (UTF-8 sequences), as a trie by byte: the first
    bytes are literals the regex engine can skip to, the last a character class."""
    if all(len(s) == 1 for s in seqs):
        return b"[" + b"".join(re.escape(bytes((c,))) for c in sorted(s[0] for s in seqs)) + b"]"
    heads: dict[int, set[bytes]] = {}
    for s in seqs:
        heads.setdefault(s[0], set()).add(s[1:])
    parts = []
    for head, tails in sorted(heads.items()):
        literal = re.escape(bytes((head,)))
        parts.append(literal + alternation(tails) if all(tails) else literal)
    return parts[0] if len(parts) == 1 else b"(?:" + b"|".join(parts) + b")"


_folds: _Folds | None = None


def folds() -> _Folds:
    global _folds
    if _folds is None:
        _folds = _Folds()
    return _folds


# The first bytes of the look-alikes (_Folds.look): a line is looked at only where one touches an
# ASCII letter, digit or "_".
_LEADS = b"\xc9\xca\xcc\xcd\xce\xcf\xd0\xd1\xd2\xd3\xd4\xd5\xd6\xe1\xea"
_GREEK_OR_CYRILLIC = rb"[\xce\xcf\xd0\xd1][\x80-\xbf]"
_WORD_CHARS = _ALNUM + b"_"
_WORD_BYTES = frozenset(_WORD_CHARS)
# Where a look-alike may touch an ASCII letter or digit, found the way runs are: every ASCII
# letter, digit or "_" becomes "a", a look-alike's first byte "L", a continuation byte "c", any
# other byte a space; then "aL", "Lca" and "Lcca" are searched as strings (memchr speed). A
# pattern search would walk Russian or Greek prose byte by byte (1.4 MB/s against 65 without it).
_MIXED_MARKS = bytes(0x61 if c in _WORD_CHARS else 0x4C if c in _LEADS else 0x63 if 0x80 <= c < 0xC0 else 0x20
                     for c in range(256))
_MIXED_PAIRS = (b"aL", b"Lca", b"Lcca")
FOLD_CHUNK = 4096  # bytes of lines folded together when looking for lines worth decoding
# Characters read in the text around them, a few KiB at a time (see _character_lines), besides
# the look-alikes: those without a glyph, easily pasted (or slipped) inside a token (U+200B-U+200F,
# U+202A-U+202E and U+2066-U+2069 (bidi controls), U+2060-U+2064, U+FEFF, U+00AD, U+180E, U+061C,
# U+034F, U+FE00-U+FE0F (variation selectors), U+E0000-U+E007F (tags), the Hangul fillers and the
# C1 controls), dropped; and letters and digits NFKC folds to ASCII ones: full-width forms (what a
# CJK input method types; with "-" and "_", not the punctuation every Chinese line holds), the
# mathematical alphanumerics (U+1D400-U+1D7FF) and the superscripts and letter-like forms of
# _Folds.nfkc. Search folds them itself, so a token written so is as readable as a plain one.
_INVISIBLE = (rb"\xe2\x80[\x8b-\x8f\xaa-\xae]|\xe2\x81[\xa0-\xa4\xa6-\xa9]|\xef\xbb\xbf|\xef\xb8[\x80-\x8f]|\xef\xbe\xa0"
              rb"|\xc2[\xad\x80-\x9f]|\xe1\xa0\x8e|\xe1\x85[\x9f\xa0]|\xd8\x9c|\xcd\x8f|\xe3\x85\xa4|\xf3\xa0[\x80\x81][\x80-\xbf]")
# Terminal control inside a line (``grep --color`` output, a pasted transcript, a stray NUL or
# backspace): ANSI CSI sequences (colours, ``ESC[K``), OSC sequences (a title, a hyperlink)
# ended by BEL or ST, a character set's designation (``ESC(B``; not ``ESC-`` ``ESC.`` ``ESC/``,
# whose second byte may be a token's), a lone ESC, the other C0 controls but tab and
# line ends, DEL, and a carriage return not before a line feed; dropped, read as "control".
# A NUL alone on its line stays: it is SEPARATOR, between the files of a batch (batch.py) and
# between decoded texts, and splits no token.
_CONTROLS = (rb"\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b\][^\x07\x1b\n]{0,512}(?:\x07|\x1b\\)"
             rb"|\x1b[ #%()*][\x30-\x7e]|[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|\x00(?:(?!\n)|(?<!\n\x00))")
# The same written as escapes inside a string (a JSON tool call's "\u001b[31m", "\b", a lone
# "\r"; C's and Python's "\x1b", "\033", "\x00"; bash's "\e[31m"; YAML's "\0", "\a", "\v",
# "\e"): tab and line ends stay.
_ESCAPED_ESC = rb"(?:\\u001[bB]|\\x1[bB]|\\033)"
_ESCAPED_CONTROLS = (
    rb"(?:" + _ESCAPED_ESC + rb"|\\e)\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|" + _ESCAPED_ESC
    + rb"|\\u00(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])|\\u000[dD](?!\\u000[aA]|\\n)"
    rb"|\\x(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])|\\(?:00[0-7]|01[0-146-7]|02[0-7]|03[0-7]|177)(?![0-7])"
    rb"|\\[abfv]|\\e(?!\[)|\\0(?![0-7])|\\r(?!\\n)")  # YAML writes a control in a one-line value as \0 \a \v \e
_COMPAT = rb"\xef\xbc[\x8d\x90-\x99\xa1-\xba\xbf]|\xef\xbd[\x81-\x9a]|\xf0\x9d[\x90-\x9f][\x80-\xbf]"
_DECODE_SOURCE = (
    rb"(?P<ectl>(?:" + _ESCAPED_CONTROLS + rb")+)|"
    rb"\\u\{(?P<ub>[0-9a-fA-F]{1,6})\}"
    rb"|\\u(?P<u>[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|[0-9a-fA-F]{4})"
    rb"|\\U(?P<U>[0-9a-fA-F]{8})|(?P<x>(?:\\x[0-9a-fA-F]{2})+)|(?P<o>(?:\\(?:[0-3][0-7]{2}|[1-7][0-7]?(?![0-7])))+)|\\(?P<lit>[/\\])"
    rb"|&#(?P<dec>[0-9]{1,7});|&#[xX](?P<hx>[0-9a-fA-F]{1,6});|&(?P<name>[A-Za-z][A-Za-z0-9]{1,31});"
    rb"|(?P<pct>(?:%[0-9A-Fa-f]{2})+)|(?P<qp>(?:=(?:3D|[89A-F][0-9A-F]))+|(?:=(?:3d|[89a-f][0-9a-f]))+)|(?P<soft>=\r?\n)"
    rb"|(?P<inv>(?:" + _INVISIBLE + rb")+)|(?P<ctl>(?:" + _CONTROLS + rb")+)")
# The same, each behind its first byte, searched with a literal first byte (memchr speed; one
# alternation of them all is tried at every position, three times slower on Russian prose).
_CHARACTER_TRIGGERS = (  # (first byte, pattern)
    (0xE2, rb"\xe2(?:\x80[\x8b-\x8f\xaa-\xae]|\x81[\xa0-\xa4\xa6-\xa9])"),
    (0xEF, rb"\xef(?:\xbb\xbf|\xb8[\x80-\x8f]|\xbe\xa0|\xbc[\x8d\x90-\x99\xa1-\xba\xbf]|\xbd[\x81-\x9a])"),
    (0xC2, rb"\xc2[\xad\x80-\x9f]"), (0xE1, rb"\xe1(?:\xa0\x8e|\x85[\x9f\xa0])"), (0xD8, rb"\xd8\x9c"),
    (0xCD, rb"\xcd\x8f"), (0xE3, rb"\xe3\x85\xa4"), (0xF3, rb"\xf3\xa0[\x80\x81][\x80-\xbf]"),
    (0xF0, rb"\xf0\x9d[\x90-\x9f][\x80-\xbf]"),
)
# The first bytes of the superscript and letter-like forms (_Folds.nfkc), and of all.
_NFKC_LEADS = b"\xc2\xca\xcb\xe1\xe2\xea"
_CHARACTER_LEADS = b"\xc2\xca\xcb\xcd\xd8\xe1\xe2\xe3\xea\xef\xf0\xf3"
_KIND = {"ub": "escape", "u": "escape", "U": "escape", "x": "escape", "o": "octal", "lit": "escape", "dec": "html",
         "hx": "html", "name": "html", "pct": "percent", "qp": "quoted-printable",
         "soft": "quoted-printable", "inv": "invisible", "ctl": "control", "ectl": "control", "compat": "nfkc", "conf": "look-alike"}
# A soft line break is read only where a quoted-printable encoder puts one: at the end of a
# line 70 to 76 wide (encoders fill to 76), so "PASSWORD=" with its value on the next line of
# a .env file is not joined to it, nor a PEM body's 64-wide padded last line.
QP_LINE = (70, 76)
_BASE64_LINE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"


def _soft_break(buf: bytes, at: int) -> bool:
    """Is the "=" at ``at``, ending its line, a quoted-printable soft line break? Its line is
    as wide as an encoder fills one, and it is not the padded last line of wrapped base64:
    it holds a byte base64 never holds (a space, punctuation, an "=XX"), or it is a full
    76-wide line cut inside a token (base64's last line is shorter, or ends in "==")."""
    line_start = buf.rfind(b"\n", 0, at) + 1
    width = at + 1 - line_start
    if not QP_LINE[0] <= width <= QP_LINE[1]:
        return False
    body = buf[line_start:at]
    return bool(body.rstrip(b"=").translate(None, _BASE64_LINE)) or (width == QP_LINE[1] and body[-1:] != b"=")


class _Patterns:
    """The escape patterns, compiled on first use (most scans never meet one); the decoding
    ones only when a line is decoded (a hook scanning one Chinese note compiles few)."""

    def __init__(self) -> None:
        tables = folds()
        self.triggers = [(byte, re.compile(source), ascii) for byte, source, ascii in _TRIGGERS]
        self.invisible = re.compile(_INVISIBLE)
        self.controls = re.compile(_CONTROLS)
        self.lone_cr = re.compile(rb"\r(?!\n)")
        self.characters = [(lead, re.compile(source)) for lead, source in _CHARACTER_TRIGGERS]
        for lead in _NFKC_LEADS:
            self.characters.append((lead, re.compile(alternation({k for k in tables.nfkc if k[0] == lead}))))
        self.compat_ascii: dict[bytes, bytes] = dict(tables.nfkc)  # filled as forms are met
        self._compat_source = _COMPAT + b"|" + tables.nfkc_pattern

    @functools.cached_property
    def compat(self) -> re.Pattern[bytes]:
        return re.compile(self._compat_source)

    @functools.cached_property
    def decode(self) -> re.Pattern[bytes]:
        return re.compile(self._decode_source)

    @functools.cached_property
    def _decode_source(self) -> bytes:
        return _DECODE_SOURCE + rb"|(?P<compat>(?:" + self._compat_source + rb")+)"

    @functools.cached_property
    def decode_look_alikes(self) -> re.Pattern[bytes]:
        # A run of look-alikes with ASCII letters or digits between them, as one match (a token
        # retyped with many is one piece, not one per letter); _piece checks its neighbours.
        # Any Greek or Cyrillic letter counts, so a Russian word is one run (prose, not mapped).
        # Possessive, so a long ASCII word is never read twice. Looked for only in a segment
        # holding a look-alike's first byte (the pattern with it runs at half the speed).
        letter = _GREEK_OR_CYRILLIC + b"|" + folds().look_pattern
        confused = b"(?:" + letter + rb")(?:[A-Za-z0-9_]*+(?:" + letter + b"))*+"
        return re.compile(self._decode_source + rb"|(?P<conf>" + confused + b")")


_patterns: _Patterns | None = None


def _compiled() -> _Patterns:
    global _patterns
    if _patterns is None:
        _patterns = _Patterns()
    return _patterns


def is_text(data: bytes) -> bool:
    """Valid UTF-8 without control characters (tabs and line ends allowed), 8 bytes or more."""
    return len(data) >= MIN_TEXT and _valid_text(data)


def _valid_text(data: bytes) -> bool:
    if _CONTROL.search(data):
        return False
    if data.isascii():
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


class _Run:
    """A base64 or hex run and the text it decodes to."""

    __slots__ = ("encoding", "end", "start", "text")

    def __init__(self, start: int, end: int, text: bytes, encoding: str) -> None:
        self.start, self.end, self.text, self.encoding = start, end, text, encoding


class _Segment:
    """A stretch of a line with escapes decoded: for each decoded piece, where it sits in
    ``text`` (d_start:d_end) and the escape it came from in the buffer (o_start:o_end)."""

    __slots__ = ("d_end", "d_start", "kinds", "o_end", "o_start", "start", "text")

    def __init__(self, start: int) -> None:
        self.start = start
        self.text = b""
        self.d_start: list[int] = []
        self.d_end: list[int] = []
        self.o_start: list[int] = []
        self.o_end: list[int] = []
        self.kinds: list[str] = []

    def _at(self, d: int) -> tuple[int, int]:
        """(piece index holding or last before ``d``, buffer offset of decoded byte ``d``)."""
        i = bisect.bisect_right(self.d_start, d) - 1
        if i < 0:
            return i, self.start + d
        if d < self.d_end[i]:
            return i, self.o_start[i]
        return i, d - self.d_end[i] + self.o_end[i]

    def original(self, a: int, b: int) -> tuple[int, int, str]:
        """The buffer span that decoded to ``text[a:b]``, and the encodings inside it."""
        i, start = self._at(a)
        j, last = self._at(b - 1)
        end = self.o_end[j] if j >= 0 and b - 1 < self.d_end[j] else last + 1
        kinds = {self.kinds[k] for k in range(max(i, 0), j + 1) if self.o_start[k] < end and self.o_end[k] > start}
        if not kinds:  # the secret itself was plain; what made it one (its key) was encoded
            kinds = set(self.kinds)
        return start, end, "+".join(sorted(kinds))


def _decode(run: bytes, pad: int) -> tuple[bytes, str] | None:
    """(text, encoding) of a hex, base32 or base64 run (``pad`` "=" after it), or None."""
    n = len(run)
    digits = run[2:] if run[:2] in (b"0x", b"0X") else run
    if len(digits) >= MIN_HEX and not digits.translate(None, _HEX_DIGITS):
        if len(digits) % 2:
            return None
        data = binascii.unhexlify(digits)
        return (data, "hex") if is_text(data) else None
    # RFC 4648 base32 (capitals, 2-7, "=" to a multiple of 8), or all in lower case as many
    # encoders can write it (and every decoder reads): tried first, as its alphabet is
    # base64's too; random ids, TOTP seeds and words decode to bytes that are not text.
    upper = run if run.isupper() or run.isdigit() else run.upper() if run.islower() else b""
    if upper and not upper.translate(None, _BASE32_DIGITS):
        if (n + pad) % 8 if pad else n % 8 in (1, 3, 6):
            return None
        import base64

        data = base64.b32decode(upper + b"=" * (-n % 8))
        if is_text(data):
            return data, "base32"
    return _base64(run, pad)


def _base64(run: bytes, pad: int) -> tuple[bytes, str] | None:
    n = len(run)
    if run.islower():
        return None  # paths, slugs, snake_case: base64 of text always holds capitals
    if pad > 2 or ((n + pad) % 4 if pad else n % 4 == 1):
        return None
    if b"-" in run or b"_" in run:
        if b"+" in run or b"/" in run:
            return None  # both alphabets: a path or an identifier, not an encoding
        run = run.translate(_TO_STANDARD)
    try:
        data = binascii.a2b_base64(run + b"=" * (-n % 4))
    except (binascii.Error, ValueError):
        return None
    return (data, "base64") if is_text(data) else None


def stands_for(value: bytes) -> bytes | None:
    """The text one assigned value is written as when it is encoded (base64 or hex of text,
    or escapes, entities, ``%HH`` in it), or None when it is plain or stands for no text."""
    if len(value) > MAX_RUN:
        return None
    body = value.rstrip(b"=")
    if body and not body.translate(None, _RUN_CHARS):
        got = _decode(body, len(value) - len(body))
        return got[0] if got is not None else None
    if not any(c in value for c in (b"\\", b"&", b"%")):
        return None
    pieces = _compiled().decode
    text = pieces.sub(lambda m: m.group() if (piece := _piece(m)) is None else piece, value)
    return text if text != value and _valid_text(text) else None


def _padding(buf: bytes, end: int, most: int = 2) -> int:
    pad = 0
    while pad < most and buf[end + pad:end + pad + 1] == b"=":
        pad += 1
    return pad


def _decode_run(buf: bytes, start: int, end: int) -> _Run | None:
    if end - start > MAX_RUN:
        return None
    pad = _padding(buf, end, 6)  # base32 pads with up to six
    got = _decode(buf[start:end], pad)
    if got is None:
        return None
    return _Run(start, end + pad if got[1] != "hex" else end, *got)


def _in_url(buf: bytes, start: int) -> bool:
    """Does ``start`` sit in a URL (``scheme://`` before it on its line, no space between)?"""
    scheme = buf.rfind(b"://", max(0, start - 2048), start)
    return scheme >= 0 and buf.find(b" ", scheme, start) < 0 and buf.find(b"\n", scheme, start) < 0


def _path_segments(buf: bytes, start: int, end: int) -> _Run | None:
    """A run holding "/" in a URL that did not decode whole may be its path, one segment of
    it base64url (``https://hooks.example.com/v1/<token's base64url>``): its segments of 16
    or more are decoded alone, the first that is text kept. (Wrapped base64 holds "/" too:
    a PEM body's lines are not split.)"""
    if not _in_url(buf, start):
        return None
    at = start
    while at < end:
        cut = buf.find(b"/", at, end)
        stop = end if cut < 0 else cut
        if stop - at >= MIN_BASE64:
            got = _decode_run(buf, at, stop)
            if got is not None:
                return got
        at = stop + 1
    return None


def _wrapped(buf: bytes, start: int, end: int) -> int:
    """Where a block of wrapped base64 ends, for a run filling its line (``base64`` wraps at
    76 columns, openssl and PEM at 64): lines of that one width, then a shorter last line
    (with its padding). ``end`` when the run does not begin such a block."""
    width = end - start
    if width < WRAP_MIN or width % 4:
        return end
    # Indented the same on every line (a YAML block scalar, a Markdown list) or not at all;
    # the look back is bounded, so a long line of runs stays linear.
    newline = buf.rfind(b"\n", max(0, start - MAX_INDENT - 1), start)
    if newline < 0 and start > MAX_INDENT:
        return end
    indent = buf[newline + 1:start]
    if indent.strip(b" \t"):
        return end
    at = end
    while at - start < MAX_RUN:
        nl = at + (2 if buf[at:at + 2] == b"\r\n" else 1 if buf[at:at + 1] == b"\n" else 0)
        if nl == at or buf[nl:nl + len(indent)] != indent:
            return at
        nl += len(indent)
        line_end = _RUN_TAIL.match(buf, nl).end()
        pad = _padding(buf, line_end, 6)  # base32 pads with up to six; base64's more than two fail to decode
        after = line_end + pad
        closes = after == len(buf) or buf[after] in (10, 13)
        if line_end - nl == width and not pad and closes:
            at = line_end
            continue
        return after if closes and 0 < line_end - nl <= width else at
    return at


_LINE_BREAK = re.compile(rb"\r?\n[ \t]*")
# YAML's binary tag: "key: !!binary VALUE" on one line (quoted or not), or "key: !!binary |"
# (or ">", with a chomping or indentation indicator and a comment) over an indented block.
_BINARY_TAG = LazyRegex(rb"!!binary[ \t]+(?:(?P<block>[|>][-+1-9]{0,2}[ \t]*(?:#[^\r\n]*)?\r?\n)|[\"']?)")
_BASE64_STANDARD = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def _block(buf: bytes, start: int, end: int) -> _Run | None:
    """A block of wrapped base64 or base32 lines (``base32`` wraps at 76 as ``base64`` does)
    from ``start`` to ``end``, decoded as one run."""
    run = _LINE_BREAK.sub(b"", buf[start:end])
    body = run.rstrip(b"=")
    got = _decode(body, len(run) - len(body))
    return None if got is None or got[1] == "hex" else _Run(start, end, *got)


def _binary_value(buf: bytes, tag: int) -> _Segment | None:
    """The line holding a YAML ``!!binary`` value with the value decoded in place, so the key
    before the tag still names what the decoded bytes are (``api_key: !!binary …`` of a
    key without a prefix); None when it is not base64 of text (an image, random bytes)."""
    m = _BINARY_TAG.match(buf, tag)
    if m is None:
        return None
    line_start = buf.rfind(b"\n", 0, tag) + 1
    if m.group("block") is None:
        start = m.end()
        end = _RUN_TAIL.match(buf, start).end()
        end += _padding(buf, end)
        body = buf[start:end]
    else:  # the lines indented deeper than the key's, each base64 alone
        key_line = buf[line_start:tag]
        key_indent = len(key_line) - len(key_line.lstrip(b" "))
        parts: list[bytes] = []
        start = end = at = m.end()
        while at < len(buf) and end - start < MAX_RUN:
            newline = buf.find(b"\n", at)
            line_end = len(buf) if newline < 0 else newline
            line = buf[at:line_end].rstrip(b"\r")
            value = line.lstrip(b" ")
            indent = len(line) - len(value)
            if not value or indent <= key_indent or value.translate(None, _BASE64_STANDARD):
                break
            if not parts:
                start = at + indent
            parts.append(value)
            end = at + len(line)
            at = line_end + 1
        body = b"".join(parts)
    if not MIN_BASE64 <= len(body) <= MAX_RUN:
        return None
    bare = body.rstrip(b"=")
    got = _base64(bare, len(body) - len(bare))
    if got is None:
        return None
    prefix = buf[line_start:tag]
    seg = _Segment(line_start)
    seg.text = prefix + got[0]
    seg.d_start, seg.d_end = [len(prefix)], [len(seg.text)]
    seg.o_start, seg.o_end, seg.kinds = [start], [end], ["base64"]
    return seg


def _binary_values(buf: bytes) -> list[_Segment]:
    out = []
    at = buf.find(b"!!binary")
    while at >= 0:
        seg = _binary_value(buf, at)
        if seg is not None:
            out.append(seg)
        at = buf.find(b"!!binary", at + 8)
    return out


def _run_marks(buf: bytes) -> bytes:
    """``buf`` translated by _RUN_MARKS ("a" for a letter or digit, "c" for a control byte)."""
    return buf.translate(_RUN_MARKS)


def _runs(buf: bytes, plain: list[tuple[int, int]], marks: bytes) -> list[_Run]:
    """Base64 / base64url runs of 16+ characters and even hex runs of 32+ that decode to text,
    except those inside a plain hit (``plain``: sorted spans; a token found already decodes
    to nothing new, and is skipped before it is even measured). ``marks``: _run_marks(buf)."""
    out = []
    k = 0
    binary_until = 0  # the end of a wrapped block that was not text: its lines are not blocks again
    at = marks.find(_RUN)
    while at >= 0:
        while k < len(plain) and plain[k][1] <= at:
            k += 1
        if k < len(plain) and plain[k][0] <= at and at + MIN_BASE64 <= plain[k][1]:
            end = plain[k][1]
        else:
            start = at
            while start > 0 and buf[start - 1] in _ALPHABET and at - start < MAX_RUN:
                start -= 1
            end = _RUN_TAIL.match(buf, at + MIN_BASE64).end()
            if not (k < len(plain) and plain[k][0] <= start and end <= plain[k][1]):
                block = _wrapped(buf, start, end) if start >= binary_until else end
                got = _block(buf, start, block) if block > end else None
                if got is not None:
                    end = block
                else:
                    binary_until = max(binary_until, block)
                    got = _decode_run(buf, start, end)
                    if got is None and buf.find(b"/", start, end) >= 0:
                        got = _path_segments(buf, start, end)
                if got is not None:
                    out.append(got)
        at = marks.find(_RUN, end)
    return out


def _character(code: int) -> bytes | None:
    if code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or code > 0x10FFFF or 0xD800 <= code < 0xE000:
        return None  # a control or a lone surrogate stays as written
    return chr(code).encode("utf-8")


def _piece(m: re.Match[bytes]) -> bytes | None:
    """What one escape stands for, or None to leave it as written."""
    kind = m.lastgroup
    value = m.group(kind)  # type: ignore[arg-type]
    if kind in ("inv", "ctl", "ectl"):
        return b""
    if kind == "compat":
        import unicodedata

        folded = unicodedata.normalize("NFKC", value.decode("utf-8"))
        return folded.encode("ascii") if folded.isascii() else None  # an unassigned code point stays
    if kind == "conf":
        text, start, end = m.string, m.start(), m.end()
        touches = (start > 0 and text[start - 1] in _WORD_BYTES) or (end < len(text) and text[end] in _WORD_BYTES)
        if not touches and len(value.translate(None, _WORD_CHARS)) == len(value):
            return None  # a Cyrillic or Greek word of its own: prose, not a retyped token
        tables = folds()
        if _capital_word(text, start, end):
            mapped = value.decode("utf-8").translate(tables.capital_table).encode("utf-8").replace(b"x", b"X")
        else:
            mapped = value.decode("utf-8").translate(tables.text_table).encode("utf-8")
        return mapped if mapped != value else None
    if kind == "soft":
        return b"" if _soft_break(m.string, m.start()) else None  # type: ignore[arg-type]
    if kind in ("x", "pct", "o", "qp"):  # a run of bytes: it stands for text only if it is UTF-8 without controls
        if kind == "o":  # \101\102: C, printf, $'...'; C also writes "-" as \55 (a line needs one of three
            # digits to be looked at; "\0" alone is a NUL, "\1" a sed group: controls, not text)
            data = bytes(int(digits, 8) for digits in value.split(b"\\")[1:])
        else:
            data = binascii.unhexlify(value.replace({"x": b"\\x", "pct": b"%"}.get(kind, b"="), b""))
        return data if _valid_text(data) else None
    if kind == "lit":
        return value
    if kind == "u" and len(value) > 4:  # a surrogate pair: \ud83d\ude00
        high, low = int(value[:4], 16), int(value[6:], 16)
        return _character(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    if kind in ("ub", "u", "U", "hx"):
        return _character(int(value, 16))
    if kind == "dec":
        return _character(int(value))
    from html.entities import html5

    named = html5.get(value.decode("ascii") + ";")
    return named.encode("utf-8") if named else None


# Lower-case ASCII letters that say a word is not written in capitals: "x" is not one, as
# Unicode has no small capital X (a word in small capitals writes a plain "x").
_LOWER_NOT_X = b"abcdefghijklmnopqrstuvwyz"


def _capital_word(text: bytes, start: int, end: int) -> bool:
    """Is the look-alike run ``text[start:end]`` inside a word written in capitals: one with a
    small capital and no lower-case ASCII letter but "x" (in it or in the ASCII word around it)?"""
    tables = folds()
    if not tables.capital_regex.search(text, start, end):
        return False
    lo = start
    while lo > 0 and text[lo - 1] in _WORD_BYTES and start - lo < 256:
        lo -= 1
    hi = end
    while hi < len(text) and text[hi] in _WORD_BYTES and hi - end < 256:
        hi += 1
    return len(text[lo:hi].translate(None, _LOWER_NOT_X)) == hi - lo


def _unescape(buf: bytes, start: int, end: int) -> _Segment | None:
    seg = _Segment(start)
    parts: list[bytes] = []
    at = start
    size = 0
    patterns = _compiled()
    mixed = any(buf.find(lead, start, end) >= 0 for lead in _LEADS)
    for m in (patterns.decode_look_alikes if mixed else patterns.decode).finditer(buf, start, end):
        out = _piece(m)
        if out is None:
            continue
        parts.append(buf[at:m.start()])
        size += m.start() - at
        seg.d_start.append(size)
        seg.d_end.append(size + len(out))
        seg.o_start.append(m.start())
        seg.o_end.append(m.end())
        seg.kinds.append(_KIND[m.lastgroup])  # type: ignore[index]
        parts.append(out)
        size += len(out)
        at = m.end()
    if not seg.kinds:
        return None
    parts.append(buf[at:end])
    seg.text = b"".join(parts)
    return seg


# A word in capitals but for an "x" (after small capitals were read as capitals).
_CAPITAL_X = LazyRegex(rb"(?<![A-Za-z0-9_])[A-WYZ0-9_]*x[A-WYZ0-9_x]*(?![A-Za-z0-9_])")


# The first bytes of the small capitals (U+0250-U+02AF, U+1D00-U+1D2B, U+A720-U+A7FF), and a
# byte map that finds 16 letters or digits in a row (any non-ASCII byte counts) at memchr speed.
_CAPITAL_LEADS = (b"\xc9", b"\xca", b"\xe1", b"\xea")  # single bytes: a two-byte search is 20 times slower
_TOKEN_MARKS = bytes(0x61 if c in _ALNUM or c >= 0x80 else 0x20 for c in range(256))


def _capital_token(text: bytes) -> bool:
    """Could ``text`` hold a token of capitals written partly in small capitals? Most text
    with small capitals is words (read once, as lower case); each test is cheaper than the next."""
    tables = folds()
    return (any(lead in text for lead in _CAPITAL_LEADS) and b"a" * 16 in text.translate(_TOKEN_MARKS)
            and tables.capital_regex.search(text) is not None and tables.capital_run.search(text) is not None)


def _fast_fold(text: bytes, capitals: bool = False, controls: bool = False) -> bytes:
    """``text`` with invisible characters (and terminal controls if ``controls``) dropped, NFKC
    forms and look-alikes replaced by their ASCII letter, look-alikes in prose too (small
    capitals as capitals if ``capitals``): a filter only (see _character_lines)."""
    patterns = _compiled()
    if controls:
        text = patterns.controls.sub(b"", text)
    if any(lead in text for lead in _CHARACTER_LEADS):  # most chunks hold only look-alikes, or none
        text = patterns.invisible.sub(b"", text)
        seqs = set(patterns.compat.findall(text))
    else:
        seqs = set()
    for seq in seqs:
        ascii = patterns.compat_ascii.get(seq)
        if ascii is None:
            import unicodedata

            folded = unicodedata.normalize("NFKC", seq.decode("utf-8"))
            ascii = patterns.compat_ascii[seq] = folded.encode("ascii") if folded.isascii() else seq
        text = text.replace(seq, ascii)
    tables = folds()
    if any(lead in text for lead in _LEADS):
        for seq in set(tables.look_regex.findall(text)):
            text = text.replace(seq, tables.capitals.get(seq, tables.look[seq]) if capitals else tables.look[seq])
        if capitals:
            text = _CAPITAL_X.sub(lambda m: m.group().upper(), text)
    return text



def _without(buf: bytes, lo: int, hi: int, ends: list[int]) -> bytes:
    """``buf[lo:hi]`` with the lines ending at ``ends`` (sorted) emptied, their line ends kept."""
    k = bisect.bisect_left(ends, lo)
    limit = hi + 1 if hi == len(buf) else hi  # the last line's end is the buffer's
    if k == len(ends) or ends[k] >= limit:
        return buf[lo:hi]
    parts = []
    at = lo
    while k < len(ends) and ends[k] < limit:
        newline = buf.rfind(b"\n", at, ends[k])
        parts.append(buf[at:at if newline < 0 else newline + 1])
        at = ends[k]
        k += 1
    parts.append(buf[at:hi])
    return b"".join(parts)


def _next_nul(buf: bytes, at: int) -> int:
    """Where the next NUL is from ``at``, SEPARATOR's passed over (one find per file of a batch)."""
    found = buf.find(b"\0", at)
    while found > 0 and buf[found - 1:found + 2] == SEPARATOR:
        found = buf.find(b"\0", found + 2)
    return found


def _next_control(buf: bytes, marks: bytes, at: int) -> int:
    """Where the next control byte is from ``at`` (``marks``: _run_marks(buf)), SEPARATOR's NULs passed over."""
    found = [i for i in (marks.find(b"c", at), _next_nul(buf, at)) if i >= 0]
    return min(found, default=-1)


def _controls(buf: bytes, marks: bytes) -> bytes:
    """``marks`` if ``buf`` holds a control byte other than SEPARATOR's NULs, else b"" (two
    memchr for text without one; one more per file for a batch, separated by NULs)."""
    return marks if b"c" in marks or (b"z" in marks and _next_nul(buf, 0) >= 0) else b""


def _lone_cr(buf: bytes) -> bool:
    """Does ``buf`` hold a carriage return that does not end a line? (A memchr; CRLF text pays
    a pattern search led by its literal, 0.5 ms a MB.)"""
    return b"\r" in buf and _compiled().lone_cr.search(buf) is not None


def _character_lines(buf: bytes, first: dict[int, int], scan: Scan, depth: int,
                     marks: bytes = b"", lone_cr: bool = False) -> None:
    """Add to ``first`` each line where an invisible character, an NFKC form, a look-alike
    letter touching an ASCII one, or a terminal control makes a finding (``marks``: the run
    marks of ``buf`` if it holds a control byte, else b""; ``lone_cr``: it holds a carriage
    return alone). Lines are folded a few KiB at a time (all
    such characters, look-alikes in prose too) and scanned by the plain rules: only a line
    where that finds something is decoded piece by piece (the exact reading, which leaves
    prose alone). A million short words holding one ("ghр_x", "gh\u200bp_x" lines) thus
    cost a few C calls per chunk, not Python work per word."""
    look = any(lead in buf for lead in _LEADS)
    mixed = buf.translate(_MIXED_MARKS) if look else b""
    patterns = _compiled()
    characters = patterns.characters
    controls = bool(marks) or lone_cr
    escaped = sorted(first)  # lines decoded piece by piece anyway (an escape on them): not read twice
    chunks: list[tuple[int, bytes, bytes]] = []  # (start, text, folded)
    at = 0

    def search(source: int, at: int) -> int:
        if source < len(_MIXED_PAIRS):
            return mixed.find(_MIXED_PAIRS[source], at) if look else -1
        if source == len(_MIXED_PAIRS) + len(characters):
            return _next_control(buf, marks, at) if marks else -1
        if source > len(_MIXED_PAIRS) + len(characters):
            if not lone_cr:
                return -1
            m = patterns.lone_cr.search(buf, at)
            return -1 if m is None else m.start()
        lead, pattern = characters[source - len(_MIXED_PAIRS)]
        if lead not in buf:
            return -1
        m = pattern.search(buf, at)
        return -1 if m is None else m.start()

    # The next place of each source, searched again only once passed (a pattern that is not
    # in the buffer is searched once, not once per chunk).
    sources = range(len(_MIXED_PAIRS) + len(characters) + 2)
    nexts = [search(k, 0) for k in sources]
    while True:
        nexts = [i if i < 0 or i >= at else search(k, at) for k, i in zip(sources, nexts)]
        found = min((i for i in nexts if i >= 0), default=-1)
        if found < 0:
            break
        lo = buf.rfind(b"\n", 0, found) + 1
        hi = buf.find(b"\n", found + FOLD_CHUNK)
        hi = len(buf) if hi < 0 else hi + 1
        text = buf[lo:hi]
        kept = _without(buf, lo, hi, escaped)
        folded = _fast_fold(kept, controls=controls)
        if folded != kept:
            chunks.append((lo, text, folded))
            if look and _capital_token(kept):  # and read once more in capitals
                chunks.append((lo, text, _fast_fold(kept, capitals=True, controls=controls)))
        at = hi
    if not chunks:
        return
    offsets = []
    size = 0
    for _, _, folded in chunks:
        offsets.append(size)
        size += len(folded) + len(SEPARATOR)
    # As deep as the decoded lines will be read: a base64 run with a zero-width space in it.
    for hit in scan(SEPARATOR.join(folded for _, _, folded in chunks), depth - 1):
        k = bisect.bisect_right(offsets, hit[0]) - 1
        lo, text, folded = chunks[k]
        d = hit[0] - offsets[k]
        line_start = folded.rfind(b"\n", 0, d) + 1
        line_end = folded.find(b"\n", d)
        line = folded[line_start:len(folded) if line_end < 0 else line_end]
        # The same line of the original (folding keeps line ends): after as many line ends.
        rest = text.split(b"\n", folded.count(b"\n", 0, line_start))[-1]
        start = len(text) - len(rest)
        original = rest.split(b"\n", 1)[0]
        if original == line:
            continue  # nothing folded on this line: the plain rules found this already
        # Folding only shortens, so the hit starts no earlier than its offset in the folded line.
        pos = lo + start + (d - line_start)
        end = lo + start + len(original)
        first[end] = min(pos, first.get(end, end))


def _escape_lines(buf: bytes, ascii_only: bool, scan: Scan, depth: int, marks: bytes) -> dict[int, int]:
    """{line end: first escape on that line}. A trigger byte is looked for with ``find``
    (memchr) and each place checked; only a byte met often (a Windows path, a table of
    percentages) hands the rest of the buffer to the pattern's own search. ``marks``: the
    run marks of ``buf`` (see _run_marks), b"" when it holds no control byte."""
    first: dict[int, int] = {}
    if any(byte in buf for byte, _, _ in _TRIGGERS):  # the usual case: the patterns are not even compiled
        _ascii_escape_lines(buf, first)
    lone_cr = _lone_cr(buf)
    if marks or lone_cr or (not ascii_only and any(lead in buf for lead in _LEADS + _CHARACTER_LEADS)):
        # after: the lines found above are not read again
        _character_lines(buf, first, scan, depth, marks, lone_cr)
    return first


def _ascii_escape_lines(buf: bytes, first: dict[int, int]) -> None:
    """Add to ``first`` the lines holding a backslash escape, an entity, ``%HH`` or ``=HH``."""
    for byte, pattern, _ in _compiled().triggers:
        if byte not in buf:
            continue
        at = buf.find(byte)
        misses = 0
        while at >= 0:
            m = pattern.match(buf, at) if misses < 32 else pattern.search(buf, at)
            if m is not None and buf[m.end() - 1] == 10 and not _soft_break(buf, m.start()):
                if misses >= 32:  # a line ending in "=" that no encoder wrapped: search on after it
                    at = buf.find(byte, m.end())
                    continue
                m = None
            if m is None:
                if misses >= 32:
                    break
                misses += 1
                at = buf.find(byte, at + 1)
                continue
            end = buf.find(b"\n", m.end())
            end = len(buf) if end < 0 else end
            first[end] = min(m.start(), first.get(end, end))
            # a soft line break joins the next line, whose own escapes are still looked for;
            # one may end a line whose first escape was an "=3D"
            if buf[m.end() - 1] == 10:
                at = buf.find(byte, m.end())
            else:
                at = buf.find(byte, max(m.end(), end - 2) if byte == b"=" else end)


def _segments(buf: bytes, ascii_only: bool, scan: Scan, depth: int, marks: bytes) -> list[_Segment]:
    """One segment per line holding an escape: from CONTEXT bytes before its first escape
    to the line's end; lines joined by soft line breaks make one segment."""
    first = _escape_lines(buf, ascii_only, scan, depth, marks)
    spans: list[list[int]] = []
    for end, p in sorted(first.items()):
        lo = max(0, p - CONTEXT)
        newline = buf.rfind(b"\n", lo, p)
        start = newline + 1 if newline >= 0 else lo
        if start == lo and lo > 0 and buf[lo - 1] != 10:
            space = buf.find(b" ", lo, p)  # cut mid-line: begin after a space, not inside a token
            start = space + 1 if space >= 0 else lo
        if spans and start < spans[-1][1]:  # lines joined by a soft line break: one segment
            spans[-1][1] = end
            spans[-1][0] = min(spans[-1][0], start)
        else:
            spans.append([start, end])
    out = []
    for start, end in spans:
        seg = _unescape(buf, start, end)
        if seg is not None:
            out.append(seg)
    return out


def decoded_hits(buf: bytes, ascii_only: bool, depth: int, scan: Scan,
                 plain: list[tuple[int, int]]) -> list[Hit]:
    """Hits in the decoded forms of ``buf``'s encoded spans, placed at those spans:
    (start, end, rule id, decoded secret, encoding). ``scan(text, depth)`` scans decoded
    text (with ``depth`` more decodings allowed); ``plain`` are the spans the plain rules
    hit (sorted). Spans may repeat (two secrets in one run)."""
    items: list[_Run | _Segment] = []
    if len(buf) >= MIN_BASE64:
        marks = _run_marks(buf)
        items += _runs(buf, plain, marks)
        controls = _controls(buf, marks)
    else:
        controls = _controls(buf, _run_marks(buf)) if buf.translate(None, _NOT_CONTROL) else b""
    items += _segments(buf, ascii_only, scan, depth, controls)
    if b"!!binary" in buf:
        items += _binary_values(buf)
    if not items:
        return []
    offsets = []
    at = 0
    for item in items:
        offsets.append(at)
        at += len(item.text) + len(SEPARATOR)
    hits = scan(SEPARATOR.join(item.text for item in items), depth - 1)
    out: list[Hit] = []
    for hit in hits:
        k = bisect.bisect_right(offsets, hit[0]) - 1
        item, base = items[k], offsets[k]
        inner = hit[4] if len(hit) > 4 else ""
        if isinstance(item, _Run):
            start, end, encoding = item.start, item.end, item.encoding
        else:
            start, end, encoding = item.original(hit[0] - base, hit[1] - base)
        out.append((start, end, hit[2], hit[3], f"{encoding}+{inner}" if inner else encoding))
    return out
