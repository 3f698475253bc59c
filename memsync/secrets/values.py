"""Value-shape tests: entropy, documented examples, placeholders, and "is this value a secret?".

Every function here takes the candidate value as bytes and runs only on
candidates a rule already matched; each looks at most at the first 256 bytes,
so a 16 KiB key body costs no more than a short token.
"""
from __future__ import annotations

import math
import re
from typing import Any


class _Lazy:
    """A regex compiled on first use: a scan that meets no candidate never pays for it."""

    def __init__(self, source: bytes, flags: int = 0) -> None:
        self._args = (source, flags)

    def __getattr__(self, name: str) -> Any:
        method = getattr(re.compile(*self._args), name)
        setattr(self, name, method)  # later lookups find it without __getattr__
        return method


# Bodies made only of these are documentation fillers: runs of x, 0, *, dots ...
_FILLER = frozenset(b"xX0*.#_-/")
# A run of four x of one case is a filler; a mixed-case run happens in random tokens.
_X_RUNS = (b"x" * 4, b"X" * 4)
# Words documentation puts in fake values, filler runs, and typed ascending runs
# ("12345678", "abcdefgh"), searched in the lower-cased value: one search per candidate.
_FAKE_MARKS = _Lazy(
    rb"example|sample|dummy|placeholder|redacted|changeme|change_me|change-me|your_|your-|yourkey"
    rb"|yourtoken|yoursecret|yourpass|insert_|replace_|_here|-here|notreal|not_real|fake_"
    rb"|0000000|\*\*\*\*|\.\.\.|\xe2\x80\xa6|" + b"|".join(
        run[i:i + 8] for run in (b"0123456789", b"abcdefghijklmnopqrstuvwxyz") for i in range(len(run) - 7)))
_SAMPLE = 256  # bytes of a value inspected: enough to tell random from typed

# Whole-value placeholders and references to a secret kept elsewhere.
_PLACEHOLDER = _Lazy(
    rb"""\$\{.*                     # ${VAR}, ${{ secrets.X }}
    | \$\(.*                        # $(command)
    | \$(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)  # $VAR, $var (a mixed-case tail is a password)
    | \{\{.*                        # {{ var }}
    | \{[A-Za-z_][A-Za-z0-9_.]*\}   # {var}
    | %[A-Za-z_][A-Za-z0-9_]*%      # %VAR%
    | <[^<>]*>?                     # <your-key>
    | \[[A-Za-z _-]*\]              # [token]
    | (?:os\.environ|os\.getenv|getenv|process\.env|env|ENV|secrets|vault|op|ssm|keyring)[.:(\[].*
    | [A-Za-z]+://\S*               # a reference URL (vault://, op://, https://...)
    | (?:arn|aws):[A-Za-z0-9-]*:.*  # an AWS resource name, not its secret
    """,
    re.VERBOSE,
)
_ENV_NAME = _Lazy(rb"_{0,2}[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # DB_PASSWORD, _MAX_TOKENS: names a variable
_IDENTIFIER = _Lazy(rb"[a-z._-]+")  # read_only, see-vault, prod.db: words, not secrets
_PATH = _Lazy(rb"(?:~|\.{1,2})?/[\w.@~/-]*|[A-Za-z]:\\[\w.@~\\ -]*|[a-z0-9._-]+/[a-z0-9._/-]*")
_DATE_OR_NUMBER = _Lazy(rb"[0-9.:/ _+-]+(?:[TZ][0-9:.]*Z?)?")
_UUID = _Lazy(rb"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DIGEST = _Lazy(rb"(?:sha1|sha224|sha256|sha384|sha512|md5|blake2b|sha3-256)[-:=].*", re.IGNORECASE)
_PUBLISHABLE = _Lazy(rb"pk_(?:live|test)_")  # Stripe publishable keys are public by design
# Code, not a value: a call or index (get_token(), line[a:b], os.getcwd()), a bracketed
# expression, a typed default (Token=None), or a dotted name (self.password,
# token.ERRORTOKEN). Notes quote code.
_CODE = _Lazy(rb"[(\[{]|[A-Za-z_][A-Za-z0-9_.]{1,100}(?:[(\[]|=(?:None|True|False|null)\b)")
# Names made of words: "_PasswordType", "OAuth2Token", "Access-Control-Allow-Credentials",
# "FileDescriptorOrPath". Random strings rarely have most of their length in Capitalised words.
_NAME_CHARS = _Lazy(rb"[A-Za-z0-9_-]+")
_CAPITALISED = _Lazy(rb"[A-Z][a-z]{2,}")
_DOTTED_NAME = _Lazy(rb"[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_.]*(?::[A-Za-z_][A-Za-z0-9_]*)?")
# Template parts inside a value: sk-[project-name]-..., key-<your-key>, ${VAR}, {{ var }}, %(name)s.
_TEMPLATE_PART = _Lazy(rb"<[A-Za-z _-]{2,30}>|\[[A-Za-z _-]{2,30}\]|\{\{|\$\{|%\([A-Za-z_]{1,30}\)[sd]")
_PUBLIC_SSH = _Lazy(rb"(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)$")


# c * log2(c) for every count a sampled value can have: entropy() then runs in C loops.
_C_LOG_C = [0.0] + [c * math.log2(c) for c in range(1, _SAMPLE + 1)]


def entropy(data: bytes) -> float:
    """Shannon entropy in bits per byte of the first 256 bytes."""
    data = data[:_SAMPLE]
    n = len(data)
    if not n:
        return 0.0
    return math.log2(n) - sum(map(_C_LOG_C.__getitem__, map(data.count, set(data)))) / n


def looks_fake(body: bytes) -> bool:
    """A token body that documentation uses instead of a real one.

    All x/X/0 (Slack's zeroed webhook, ``ghp_xxxx…``), AWS's ``…EXAMPLE``
    keys, "your-key-here" words, typed runs ("12345678", "abcdefgh") and
    low-entropy fillers.
    """
    head = body[:_SAMPLE]
    distinct = set(head)
    if len(distinct) <= 2 or distinct <= _FILLER:
        return True
    if any(run in head for run in _X_RUNS) or _FAKE_MARKS.search(head.lower()):
        return True
    # Many distinct bytes already bound the entropy above 2.5 bits; skip computing it.
    return len(head) >= 16 and len(distinct) < 0.6 * len(head) and entropy(head) < 2.5


def is_placeholder(value: bytes) -> bool:
    return bool(_PLACEHOLDER.fullmatch(value)) or looks_fake(value)


def char_classes(value: bytes) -> tuple[bool, bool, bool, bool]:
    lower = upper = digit = symbol = False
    for b in value:
        if 97 <= b <= 122:
            lower = True
        elif 65 <= b <= 90:
            upper = True
        elif 48 <= b <= 57:
            digit = True
        else:
            symbol = True
    return lower, upper, digit, symbol


def _mixed_case(value: bytes) -> bool:
    """Letters only, but case mixed the way random strings are ("LfsiZcNHTOvL"), not
    the way words are ("Required", "MyPassword")."""
    upper = sum(1 for b in value if 65 <= b <= 90)
    return len(value) >= 10 and upper >= 3 and len(value) - upper >= 3


def _made_of_words(value: bytes) -> bool:
    """A type or header name ("_PasswordType", "Access-Control-Allow-Credentials"):
    name characters only, and at least 75% of it in Capitalised words (0.06% of
    random 24-40 character tokens qualify, measured)."""
    if not _NAME_CHARS.fullmatch(value):
        return False
    return sum(len(w) for w in _CAPITALISED.findall(value)) >= 0.75 * len(value)


def plausible_secret(value: bytes, *, min_len: int) -> bool:
    """Is the value of ``password:``/``token =``/``密钥：`` shaped like a real secret?

    Prose, identifiers, variable names, code, paths, dates, ids, digests and
    placeholders are not; a value needs letters plus digits or symbols (or
    mixed case when long) and enough entropy for its length.
    """
    if len(value) < min_len or len(value) > 400:
        return False
    if is_placeholder(value) or _ENV_NAME.fullmatch(value) or _IDENTIFIER.fullmatch(value):
        return False
    if _PATH.fullmatch(value) or _DATE_OR_NUMBER.fullmatch(value):
        return False
    if _UUID.fullmatch(value) or _DIGEST.fullmatch(value) or _PUBLIC_SSH.match(value) or _PUBLISHABLE.match(value):
        return False
    if _CODE.match(value) or _DOTTED_NAME.fullmatch(value) or _made_of_words(value) or _TEMPLATE_PART.search(value):
        return False
    lower, upper, digit, symbol = char_classes(value)
    if not (lower or upper):
        return False
    if not (digit or symbol) and not _mixed_case(value):
        return False
    floor = 2.5 if len(value) < 16 else 3.0
    return entropy(value) >= floor
