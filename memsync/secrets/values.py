"""Value-shape tests: entropy, documented examples, placeholders, and "is this value a secret?".

Every function here takes the candidate value as bytes and runs only on
candidates a rule already matched; each looks at most at the first 256 bytes,
so a 16 KiB key body costs no more than a short token.
"""
from __future__ import annotations

import math
import re
from typing import Any


class LazyRegex:
    """A regex compiled on first use: a scan that meets no candidate never pays for it."""

    def __init__(self, source: bytes, flags: int = 0) -> None:
        self._args = (source, flags)

    def __getattr__(self, name: str) -> Any:
        method = getattr(re.compile(*self._args), name)
        setattr(self, name, method)  # later lookups find it without __getattr__
        return method


# Bodies made only of these are documentation fillers: runs of x, 0, *, dots, #, ...
_FILLER = frozenset(b"xX0*.#_-/=?")
# Truncated or elided values: "sk-...", "ghp_…", "****": never a whole secret.
_ELIDED = (b"...", b"\xe2\x80\xa6", b"****")
# Values published in vendor documentation as examples (AWS, RFC 4122, Stripe's docs, and the
# TOTP seed of Google Authenticator's key-URI documentation that most 2FA guides copy).
DOCUMENTED = frozenset((
    b"AKIAIOSFODNN7EXAMPLE", b"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", b"AKIAI44QH8DHBEXAMPLE",
    b"je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY", b"550e8400-e29b-41d4-a716-446655440000",
    b"sk_test_" + b"4eC39HqLyjWDarjtT1zdp7dc", b"pk_test_" + b"TYooMQauvdEDq54NiTphI7jx",
    b"JBSWY3DPEHPK3PXP",
))
# Words documentation writes instead of a value ("YourApiTokenHere", "RANDOMSTRINGHERE",
# "your-key-goes-here"), searched in the lowered value and cut out with the filler runs;
# what is left is the part that could be random.
_FILLER_WORDS = (
    b"example sample dummy placeholder redacted changeme change replace insert paste your yours here goes fake "
    b"notreal real test demo token secret password passwd pass key api access auth random string value some "
    b"generated default abc xyz foo bar baz qux lorem ipsum hello world this that with for the not").split()
# Byte maps for "the next byte is one more / the same / one less" (see _blank_runs).
_STEPS = tuple(bytes((i + d) % 256 for i in range(256)) for d in (1, 0, -1))
_ZERO_RUN = LazyRegex(rb"\x00{3,}")
_ZERO_RUN6 = LazyRegex(rb"\x00{6,}")
_SAMPLE = 256  # bytes of a value inspected for entropy
_JUDGED = 64  # bytes judged for filler: a value made of filler is filler from its start: enough to tell random from typed
_RESIDUE_MIN = 8  # random characters a value must keep once fillers are cut out
# Whole-value placeholders and references to a secret kept elsewhere.
_PLACEHOLDER = LazyRegex(
    rb"""\$\{.*                     # ${VAR}, ${{ secrets.X }}
    | \$\(.*                        # $(command)
    | \$(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)  # $VAR, $var (a mixed-case tail is a password)
    | \$env:[A-Za-z_][A-Za-z0-9_]*  # PowerShell's $env:GITHUB_TOKEN
    | \{\{.*                        # {{ var }}
    | \{[A-Za-z_][A-Za-z0-9_.]*\}   # {var}
    | %[A-Za-z_][A-Za-z0-9_]*%      # %VAR%
    | <[^<>]*>?                     # <your-key>
    | \[[A-Za-z _-]*\]              # [token]
    | (?:os\.environ|os\.getenv|getenv|process\.env|env|ENV|secrets|vault|op|ssm|keyring)[.:(\[].*
    | [A-Za-z]+://\S*               # a reference URL (vault://, op://, https://...)
    | (?:arn|aws):[A-Za-z0-9-]*:.*  # an AWS resource name, not its secret
    | @Microsoft\.KeyVault\(.*     # an Azure Key Vault reference (App Service, Functions)
    | (?:secretref|keyvaultref|secretsmanager|ssm-secure):.*
    | urn:[A-Za-z0-9-]+:.*         # a URN (urn:ietf:params:oauth:grant-type:jwt-bearer)
    """,
    re.VERBOSE,
)
_ENV_NAME = LazyRegex(rb"_{0,2}[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # DB_PASSWORD, _MAX_TOKENS: names a variable
_IDENTIFIER = LazyRegex(rb"[a-z._-]+")  # read_only, see-vault, prod.db: words, not secrets
_HOSTNAME = LazyRegex(rb"(?:[a-z0-9-]+\.)+[a-z]{2,}")  # db-3.internal.svc.cluster.local: a host, digits or not
_PATH = LazyRegex(rb"(?:~|\.{1,2})?/[\w.@~/-]*|[A-Za-z]:\\[\w.@~\\ -]*|[a-z0-9._-]+/[a-z0-9._/-]*"
                  rb"|[a-z0-9-]+(?:\.[a-z0-9-]+)+/[A-Za-z0-9._/-]*"  # io.example/subscriptionId: a namespaced name
                  rb"|[A-Za-z0-9.-]+:[0-9]{1,5}"  # host:port
                  rb"|[A-Za-z0-9._-]+:(?:~|\.{1,2})?/[\w.@~/-]+")  # name:/path (systemd's LoadCredential=db-password:/etc/…)
_DATE_OR_NUMBER = LazyRegex(rb"[0-9.:/ _+-]+(?:[TZ][0-9:.]*Z?)?")
_UUID = LazyRegex(rb"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DIGEST = LazyRegex(rb"(?:sha1|sha224|sha256|sha384|sha512|md5|blake2b|sha3-256)[-:=].*", re.IGNORECASE)
_PUBLISHABLE = LazyRegex(rb"pk_(?:live|test)_|phc_|pk\.eyJ|sb_publishable_")  # public by design (Stripe, PostHog, Mapbox, Supabase)
# Maven/Gradle coordinates (io.jsonwebtoken:jjwt-api:0.11.5) and npm version ranges.
_COORDINATES = LazyRegex(rb"[A-Za-z][\w.-]*(?::[A-Za-z][\w.-]*)*:[\^~]?\d+(?:\.\d+)+(?:[-.+][\w.-]*)?")
# Where a secret is kept, not the secret: "password: 1Password", "token: Bitwarden".
_MANAGERS = (b"1password", b"bitwarden", b"lastpass", b"keepass", b"keepassxc", b"dashlane", b"keeper", b"keychain",
             b"vaultwarden", b"doppler", b"infisical", b"passbolt", b"enpass", b"nordpass", b"protonpass")
# Code, not a value: a call or index (get_token(), line[a:b], os.getcwd()), a bracketed
# expression, a typed default (Token=None), or a dotted name (self.password,
# token.ERRORTOKEN). Notes quote code.
_CODE = LazyRegex(rb"[(\[{]|[A-Za-z_][A-Za-z0-9_.]{1,100}(?:[(\[]|=(?:None|True|False|null)\b)"
                  rb"|[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+[(\[]")  # std::env::var(, Config::get(
# Names made of words: "_PasswordType", "OAuth2Token", "Access-Control-Allow-Credentials",
# "FileDescriptorOrPath". Random strings rarely have most of their length in Capitalised words.
_NAME_CHARS = LazyRegex(rb"[A-Za-z0-9_-]+")
_CAPITALISED = LazyRegex(rb"[A-Z][a-z]{2,}")
_DOTTED_NAME = LazyRegex(rb"[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_.]*(?::[A-Za-z_][A-Za-z0-9_]*)?")
# Template parts inside a value: sk-[project-name]-..., key-<your-key>, ${VAR}, {{ var }}, %(name)s,
# Ruby's (and SpEL's) #{ENV.fetch('X')}, Symfony's %env(X)%.
_TEMPLATE_PART = LazyRegex(rb"<[A-Za-z _-]{2,30}>|\[[A-Za-z _-]{2,30}\]|\{\{|\$\{|%\([A-Za-z_]{1,30}\)[sd]|#\{|%env\("
                           rb"|\{[A-Za-z_][A-Za-z0-9_.]{0,40}\}")  # f"share-{portfolio_id}"
_PUBLIC_SSH = LazyRegex(rb"(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)$")


# c * log2(c) for every count a sampled value can have: entropy() then runs in C loops.
_C_LOG_C = [0.0] + [c * math.log2(c) for c in range(1, _SAMPLE + 1)]


def entropy(data: bytes) -> float:
    """Shannon entropy in bits per byte of the first 256 bytes."""
    data = data[:_SAMPLE]
    n = len(data)
    if not n:
        return 0.0
    return math.log2(n) - sum(map(_C_LOG_C.__getitem__, map(data.count, set(data)))) / n


class _Words:
    """The filler words as one regex with shared prefixes merged (built on first use)."""

    def __getattr__(self, name: str) -> Any:
        from memsync.secrets.trigger import trie

        regex = re.compile(trie(sorted(set(_FILLER_WORDS))))
        setattr(self, "search", regex.search)
        setattr(self, "sub", regex.sub)
        setattr(self, "finditer", regex.finditer)
        return getattr(regex, name)


_filler_words = _Words()
_FILLER_SET = frozenset(w.lower() for w in _FILLER_WORDS)
# A value's words, camelCase and separators split: "YourGitHubToken-here" -> Your, Git, Hub, Token, here.
# A filler word must be one of them: "…BFvtest" (random letters ending in "test") holds none.
_WORD_PARTS = LazyRegex(rb"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _blank_runs(low: bytes) -> bytes:
    """``low`` with typed runs blanked out: 4+ of one byte, or 4+ ascending or descending
    by one ("abcd", "4321", "klmnopqr"). Done with big-integer XORs and one regex per
    direction, so a 256-byte value costs a few microseconds, not a Python loop."""
    n = len(low)
    if n < 4:
        return low
    after = int.from_bytes(low[1:], "big")
    out = bytearray(low)
    for table in _STEPS:
        # A zero byte at i: low[i + 1] == low[i] + step. Three in a row: a run of four.
        same = (after ^ int.from_bytes(low[:-1].translate(table), "big")).to_bytes(n - 1, "big")
        for m in _ZERO_RUN.finditer(same):
            out[m.start():m.end() + 1] = b" " * (m.end() + 1 - m.start())
    if n >= 8:  # two runs interleaved ("a1b2c3d4"): low[i + 2] == low[i] + 1, six in a row
        same = (int.from_bytes(low[2:], "big") ^ int.from_bytes(low[:-2].translate(_STEPS[0]), "big")).to_bytes(n - 2, "big")
        for m in _ZERO_RUN6.finditer(same):
            out[m.start():m.end() + 2] = b" " * (m.end() + 2 - m.start())
    return bytes(out)


def filler_residue(value: bytes) -> int:
    """Characters of ``value`` left once filler words, typed runs and filler bytes are cut out.

    A random token keeps nearly all of its length (an 8-character run or a word
    inside it costs only those characters); "YourApiTokenHere", "abcd1234efgh5678"
    and "xoxb-000…-xxxx" keep almost nothing.
    """
    cut = value[:_JUDGED].lower()
    if _filler_words.search(cut):
        cut = _filler_words.sub(b" ", cut)
    cut = _blank_runs(cut)
    return len(cut) - cut.count(b" ")


def is_documented(value: bytes) -> bool:
    """A value vendor documentation publishes as its example: a known one, or one that says
    so itself — AWS marks every example value with EXAMPLE (``…EXAMPLEKEY``, ``wEXAMPLEtMSJ…``),
    and a random token holds the word "example" with odds below one in 10^9."""
    return value in DOCUMENTED or b"example" in value.lower()


def looks_fake(body: bytes) -> bool:
    """A value documentation uses instead of a real one, judged on the value alone.

    Documented examples (AWS's ``…EXAMPLE`` keys, Stripe's docs key), elided
    values (``...``, ``****``), and values *made of* filler: once filler words
    ("your", "here", "example", "token" ...), runs (``xxxx``, ``0000``,
    ``abcdefgh``, ``12345678``) and filler bytes are cut out, fewer than 8
    characters (or under a third of the value) are left, or it is Capitalised
    words with a filler word among them ("YourGitHubTokenGoesHere1234"). A real token that
    merely contains a run or a word (``AKIAQ3EGT5KLMNOPQR7X``) keeps its random
    part and is not fake. Low-entropy bodies (few distinct bytes) are fake too.
    """
    head = body[:_JUDGED]
    distinct = set(head)
    if len(distinct) <= 2 or distinct <= _FILLER or is_documented(body):
        return True
    if any(mark in head for mark in _ELIDED):
        return True
    residue = filler_residue(head)
    if residue < _RESIDUE_MIN or 3 * residue < len(head):
        return True
    # Capitalised words alone happen in random tokens (3% of 32 random letters); with a
    # filler word of 4+ letters among them they do not ("YourGitHubTokenGoesHere1234",
    # "my-Bitbucket-password": letters-only words joined by - _ or .).
    if (made_of_words(head) or _joined_words(head)) and any(
            len(w) >= 4 and w.lower() in _FILLER_SET for w in _WORD_PARTS.findall(head)):
        return True
    # A repeating filler that is not a run ("abcabcabc…") has few distinct bytes; with
    # 16 or more the entropy is above 2.5 bits anyway, so it is not computed.
    floor = 2.0 if len(head) < 32 else 2.5  # 16 random hex digits fall below 2.5 bits one time in 400
    return len(head) >= 16 and len(distinct) < min(16, 0.6 * len(head)) and entropy(head) < floor


def is_placeholder(value: bytes) -> bool:
    return bool(_PLACEHOLDER.fullmatch(value)) or looks_fake(value)


_LOWER, _UPPER, _DIGIT = bytes(range(97, 123)), bytes(range(65, 91)), bytes(range(48, 58))


def char_classes(value: bytes) -> tuple[bool, bool, bool, bool]:
    """(has lower, upper, digit, other) — by deleting each class in C, not a Python loop."""
    n = len(value)
    lower = len(value.translate(None, _LOWER)) < n
    upper = len(value.translate(None, _UPPER)) < n
    digit = len(value.translate(None, _DIGIT)) < n
    symbol = len(value.translate(None, _LOWER + _UPPER + _DIGIT)) > 0
    return lower, upper, digit, symbol


def _mixed_case(value: bytes) -> bool:
    """Letters only, but case mixed the way random strings are ("LfsiZcNHTOvL"), not
    the way words are ("Required", "MyPassword")."""
    upper = sum(1 for b in value if 65 <= b <= 90)
    return len(value) >= 10 and upper >= 3 and len(value) - upper >= 3


_JOINED_WORDS = LazyRegex(rb"[A-Za-z]{2,}(?:[-_.][A-Za-z]{2,})+")


def _joined_words(value: bytes) -> bool:
    """Letters-only words joined by - _ or . ("my-Bitbucket-password"); a part cased the way
    random strings are is no word ("ueofjaSlRseXnsCnAtJwaVhsKYhF_here" is a random value with
    a suffix, one letters-only draw in 140 of 28 base62 characters)."""
    return bool(_JOINED_WORDS.fullmatch(value)) and not any(
        _mixed_case(part) for part in value.replace(b"-", b"_").replace(b".", b"_").split(b"_"))
_IDENT_PART = LazyRegex(rb"[A-Za-z_][A-Za-z0-9_]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+")  # a name, or a kebab-case one
_CAMEL_NAME = LazyRegex(rb"_*[A-Za-z]?[a-z0-9]*(?:[A-Z][a-z0-9]+)+_*|_*[a-z][a-z0-9_]*|_*[A-Z][A-Z0-9_]*")


def names_only(dotted: bytes) -> bool:
    """A dotted chain of names (``self.password``, ``fs.s3.enableServerSideEncryption``,
    ``Colors.NoColor``): two dots or more between identifiers, or every part short, one-case
    or camelCase — not a part cased at random like a legacy Vault token's (``s.Xy3…``) or a
    password's (``tYgjmUh.Bel31iEl2hp``)."""
    parts = dotted.replace(b":", b".").split(b".")
    if any(len(part) > 3 and _random_cased(part) for part in parts):
        return False  # "tYgjmUh.Bel31iEl2hp", "qf.EouHgxzNN.AL5": a password with dots in it
    if len(parts) > 2:  # a long chain of identifiers (DsaPrivateKey::pBasicDHParams::g)
        return all(not part or _IDENT_PART.fullmatch(part) for part in parts)  # "::" leaves empty parts
    return all(len(part) <= 3 or _CAMEL_NAME.fullmatch(part) for part in parts)


_HUMPS = LazyRegex(rb"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_VOWELS = frozenset(b"aeiouy")
_NO_VOWEL_WORDS = frozenset(b"http https html grpc ctrl msgs cmds pkgs mgmt cfgs ncls sqls ldap".split())


def _random_cased(part: bytes) -> bool:
    """Mixed case the way random characters fall, not the way names are made of words: two
    or more short humps after the first ("Bel31iEl2hp": i, El, hp), or a hump of four letters
    or more without a vowel ("Ygjm"). userId, getHTTPResponse, x509Cert, enableServerSide are names."""
    if part.lower() == part or part.upper() == part:
        return False  # one case: amzn1, AF6RHO7KZU5XRVQJ (ids, not passwords)
    humps = _HUMPS.findall(part)
    short = sum(1 for h in humps[1:] if len(h) <= 2)
    if short >= 2:
        return True
    return any(len(h) >= 4 and not (_VOWELS & set(h[1:].lower() if h[:1].isupper() else h))
               and h.lower() not in _NO_VOWEL_WORDS and not h.isupper() for h in humps)


def made_of_words(value: bytes) -> bool:
    """A type or header name ("_PasswordType", "Access-Control-Allow-Credentials"):
    name characters only, and at least 75% of it in Capitalised words (0.06% of
    random 24-40 character tokens qualify, measured)."""
    if not _NAME_CHARS.fullmatch(value):
        return False
    return len(b"".join(_CAPITALISED.findall(value))) >= 0.75 * len(value)


def plausible_secret(value: bytes, *, min_len: int, allow_uuid: bool = False) -> bool:
    """Is the value of ``password:``/``token =``/``密钥：`` shaped like a real secret?

    Prose, identifiers, variable names, code, paths, dates, ids, digests and
    placeholders are not; a value needs letters plus digits or symbols (or
    mixed case when long) and enough entropy for its length. A UUID counts
    only with ``allow_uuid`` (behind a name that says secret: many services
    issue UUIDs as API keys). Cheap shape checks run first, the filler
    judgement (looks_fake) last.
    """
    n = len(value)
    if n < min_len or n > 400:
        return False
    if _PLACEHOLDER.fullmatch(value) or _ENV_NAME.fullmatch(value) or _IDENTIFIER.fullmatch(value):
        return False
    if _PATH.fullmatch(value) or _DATE_OR_NUMBER.fullmatch(value) or _HOSTNAME.fullmatch(value):
        return False
    if _UUID.fullmatch(value):
        return allow_uuid and not is_documented(value) and not looks_fake(value.replace(b"-", b""))
    if value.lower().startswith(_MANAGERS) or _COORDINATES.fullmatch(value):
        return False
    if _DIGEST.fullmatch(value) or _PUBLIC_SSH.match(value) or _PUBLISHABLE.match(value):
        return False
    if _CODE.match(value) or _TEMPLATE_PART.search(value) or made_of_words(value):
        return False  # code, a template, a type or header name ("_PasswordType", "OAuth2Token")
    lower, upper, digit, symbol = char_classes(value)
    if not (lower or upper):
        return False
    if not (digit or symbol) and not _mixed_case(value):
        return False
    if _DOTTED_NAME.fullmatch(value) and names_only(value):
        return False  # self.password, fs.s3.enableServerSideEncryption: code; s.Xy3… (Vault) is not
    if entropy(value) < (2.5 if n < 16 else 3.0):
        return False
    return not looks_fake(value)
