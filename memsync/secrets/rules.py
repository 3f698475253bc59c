"""The vendor-token rule table: one entry per credential shape with a literal anchor.

How a token rule fires (see ``trigger`` and ``scanner``): each ``(anchor, tail)``
pair is a literal plus a lookahead, matched case-sensitively; the trigger passes
stop only where the rest of the token already has the right shape. The rule then
matches ``pattern`` on the original bytes at the token start, checks the
character before it (a token glued to letters or digits is not a token; one
glued to Chinese text is), and drops documented examples and fillers.

Shapes come from the credential table in docs/secrets.md. Patterns use bounded
repetitions only and end with a lookahead for the token's own alphabet, so any
byte outside it — space, quote, ``，`` ``。`` ``）`` or other CJK punctuation —
ends a token.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from memsync.secrets.values import is_documented, looks_fake

ALNUM = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
DIGITS = frozenset(b"0123456789")
_ENTRA = frozenset(ALNUM | set(b"_~.-"))
# A literal "\n" or "\t" escape (JSON strings, .env files) ends what came before.
_ESCAPES = (b"\\n", b"\\t", b"\\r")

_HEX = frozenset(b"0123456789abcdefABCDEF")


def _escaped_before(buf: bytes, start: int) -> bool:
    """An escape ends just before ``start``: ``\\n`` (JSON, .env) or ``%3D`` (URL-encoded text,
    where a token stands verbatim after ``%3D`` or ``%22``), not a letter glued to the token."""
    return (start >= 2 and buf[start - 2:start] in _ESCAPES) or (
        start >= 3 and buf[start - 3] == 37 and buf[start - 2] in _HEX and buf[start - 1] in _HEX)  # 37: "%"


Hit = tuple  # (start, end, rule id, secret bytes): offsets of the secret in the buffer


class TokenRule:
    """A credential with a recognisable shape.

    ``pattern`` matches at the token start; its group ``s`` (default: the whole
    match) is the secret and group ``b`` (default: the secret) is the random
    part that ``fake`` inspects. ``lead`` is how many token characters may stand
    before the anchor (for tokens whose anchor sits in the middle: the "." of a
    JWT or Discord token); ``lead_chars`` is their regex class; ``left`` are
    bytes that must not precede the token. ``check(buf, start, end)``, when
    given, looks at the text around a match and returns False to drop it (a
    Firebase web config's public key, a SAS signature outside a SAS URL).
    """

    __slots__ = (
        "_body",
        "_lead_re",
        "_re",
        "_secret",
        "check",
        "fake",
        "id",
        "lead",
        "lead_chars",
        "left",
        "long",
        "lowered",
        "priority",
        "source",
        "title",
        "triggers",
    )

    def __init__(
        self,
        id: str,
        title: str,
        triggers: tuple[tuple[str, str], ...],
        pattern: str,
        *,
        lead: tuple[int, int] = (0, 0),
        lead_chars: str = "[A-Za-z0-9_-]",
        left: frozenset[int] = ALNUM,
        fake: Callable[[bytes], bool] = looks_fake,
        check: Callable[[bytes, int, int], bool] | None = None,
        lowered: bool = False,
        priority: float = 0,
        long: bool = True,
    ) -> None:
        self.id = id
        self.title = title
        self.triggers = triggers
        self.source = pattern
        self.lead = lead
        self.lead_chars = lead_chars
        self.left = left
        self.fake = fake
        self.check = check
        # Anchors are case-sensitive; an all-lower-case anchor may join the keyword
        # passes (on the lowered copy) instead of costing a pass of its own.
        self.lowered = lowered
        # A vendor shape wins over URL, header and keyword rules on the same span;
        # bare base64 key blobs (1.5) lose to the PEM block that holds them.
        self.priority = priority
        # 12+ token bytes follow any pivot byte of the anchor (trigger._LONG_GATE): almost
        # every token; not a short suffix like Mailchimp's "-us1" or a JSON key.
        self.long = long
        self._re: re.Pattern[bytes] | None = None  # compiled on the rule's first hit
        self._lead_re: re.Pattern[bytes] | None = None
        self._secret: str | int = 0
        self._body: str | int = 0

    def _compile(self) -> re.Pattern[bytes]:
        pattern = re.compile(self.source.encode("ascii"))
        self._secret = "s" if "s" in pattern.groupindex else 0
        self._body = "b" if "b" in pattern.groupindex else self._secret
        # Read backwards from the anchor: one anchored match, linear in the lead.
        self._lead_re = re.compile(f"{self.lead_chars}{{0,{self.lead[1] + 1}}}".encode("ascii"))
        self._re = pattern
        return pattern

    def match(self, buf: bytes, pos: int, anchor: bytes) -> Hit | None:
        pattern = self._re or self._compile()
        start = pos
        low, high = self.lead
        if high:
            behind = buf[max(0, pos - high - 1):pos][::-1]
            start = pos - self._lead_re.match(behind).end()  # type: ignore[union-attr]
            if not low <= pos - start <= high:
                return None
        if start > 0 and buf[start - 1] in self.left and not _escaped_before(buf, start):
            return None
        m = pattern.match(buf, start)
        if m is None or m.end() <= pos:
            return None
        s0, s1 = m.span(self._secret)
        body = m.group(self._body)
        if self.fake(body if body is not None else buf[s0:s1]) or is_documented(buf[s0:s1]):
            return None
        if self.check is not None and not self.check(buf, s0, s1):
            return (s0, s1, None, b"")  # public by design: a veto that keeps other rules off this span
        return (s0, s1, self.id, buf[s0:s1])


def _b64json(part: bytes) -> bytes:
    import base64
    import binascii

    try:
        return base64.urlsafe_b64decode(part + b"=" * (-len(part) % 4))
    except (binascii.Error, ValueError):
        return b""


def jwt_example(token: bytes) -> bool:
    """Not a live credential: jwt.io's sample token (payload names "John Doe"), a filler
    signature, or an empty signature on a token whose header is not ``"alg": "none"``.

    Takes a whole token or its payload-and-signature part; anything that is not
    JWT-shaped is not an example.
    """
    parts = token.split(b".")
    if len(parts) < 2:
        return False
    payload, signature = parts[-2], parts[-1]
    decoded = _b64json(payload)
    if b'"John Doe"' in decoded:
        return True
    if not signature:  # an unsigned token is a credential only when it says so (alg none)
        header = _b64json(parts[0]) if len(parts) >= 3 else b""
        return re.search(rb'"alg"\s*:\s*"none"', header, re.IGNORECASE) is None
    return looks_fake(signature)


def jwt_public(buf: bytes, start: int, end: int) -> bool:
    """False for a token whose payload says ``"role": "anon"`` (Supabase's anon key is
    meant to ship in web pages)."""
    parts = buf[start:end].split(b".")
    return len(parts) < 3 or re.search(rb'"role"\s*:\s*"anon"', _b64json(parts[1])) is None


_FIREBASE_CONFIG = (b"firebaseapp.com", b"authDomain", b"messagingSenderId", b"firebaseio.com", b"mobilesdk_app_id",
                    b"GOOGLE_APP_ID")


def firebase_config(buf: bytes, start: int, end: int) -> bool:
    """False for the apiKey of a Firebase app config (web, Android, iOS): Firebase documents
    it as a public identifier of the project, not a secret."""
    lo, hi = max(0, start - 600), min(len(buf), end + 600)
    lo = max(lo, buf.rfind(b"\0", lo, start) + 1)
    nul = buf.find(b"\0", end, hi)
    around = buf[lo:nul if nul >= 0 else hi]
    return not any(mark in around for mark in _FIREBASE_CONFIG)


def _tok(id: str, title: str, anchors: tuple[str, ...], tail: str, pattern: str, **kw: object) -> TokenRule:
    return TokenRule(id, title, tuple((a, tail) for a in anchors), pattern, **kw)  # type: ignore[arg-type]


_W = "[A-Za-z0-9_-]"  # base64url / word-and-dash alphabet
_AWS_BODY = "[A-Z2-7]{16}(?![A-Za-z0-9])"

TOKEN_RULES: tuple[TokenRule, ...] = (
    TokenRule("aws-access-key-id", "AWS access key id (AKIA long-term, ASIA temporary, ...)",
              (("AKIA", _AWS_BODY), ("ASIA", _AWS_BODY), ("ABIA", _AWS_BODY), ("ACCA", _AWS_BODY),
               ("A3T", "[A-Z0-9]" + _AWS_BODY)),
              r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)(?P<b>[A-Z2-7]{16})(?![A-Za-z0-9])"),
    _tok("github-pat", "GitHub personal access token (classic)", ("ghp_",), "[A-Za-z0-9]{36}",
         r"ghp_(?P<b>[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])"),
    _tok("github-oauth-token", "GitHub OAuth access token", ("gho_",), "[A-Za-z0-9]{36}",
         r"gho_(?P<b>[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])"),
    _tok("github-user-token", "GitHub user-to-server token", ("ghu_",), "[A-Za-z0-9]{36}",
         r"ghu_(?P<b>[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])"),
    _tok("github-app-token", "GitHub server-to-server (app installation) token", ("ghs_",), "[A-Za-z0-9]{36}",
         r"ghs_(?P<b>[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])"),
    _tok("github-refresh-token", "GitHub refresh token", ("ghr_",), "[A-Za-z0-9]{36}",
         r"ghr_(?P<b>[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])"),
    _tok("github-fine-grained-pat", "GitHub fine-grained personal access token", ("github_pat_",),
         "[A-Za-z0-9_]{50}", r"github_pat_(?P<b>[A-Za-z0-9_]{50,251})(?![A-Za-z0-9_])"),
    _tok("gitlab-pat", "GitLab personal access token", ("glpat-",), "[A-Za-z0-9_-]{20}",
         r"glpat-(?P<b>[A-Za-z0-9_-]{20,300}(?:\.[A-Za-z0-9]{2,12}){0,2})(?![A-Za-z0-9_-])"),
    _tok("gitlab-token", "GitLab deploy, feed, runner, CI job, OAuth and other tokens",
         ("gldt-", "glft-", "glsoat-", "glrt-", "glcbt-", "glimt-", "glptt-", "glagent-", "gloas-", "glffct-"),
         "[A-Za-z0-9_-]{20}",
         r"gl(?:dt|ft|soat|rt|cbt|imt|ptt|agent|oas|ffct)-(?P<b>[A-Za-z0-9_-]{20,300}(?:\.[A-Za-z0-9]{2,12}){0,2})"
         r"(?![A-Za-z0-9_-])"),
    _tok("slack-token", "Slack bot, user, app-level or refresh token", ("xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxs-", "xoxr-", "xoxe-", "xoxe.xoxb-", "xoxe.xoxp-"), "[0-9]",
         r"xox(?:[abposr]|e(?:\.xox[bp])?)-(?P<b>[0-9]{1,14}-[0-9A-Za-z-]{8,240})(?![0-9A-Za-z-])"),
    _tok("slack-app-token", "Slack app-level token", ("xapp-",), "[0-9A-Za-z-]{30}",
         r"xapp-(?P<b>[0-9A-Za-z-]{30,200})(?![0-9A-Za-z-])"),
    _tok("slack-webhook", "Slack incoming webhook URL", ("hooks.slack.com/",), "(?:services|workflows|triggers)/",
         r"hooks\.slack\.com/(?:services|workflows|triggers)/"
         r"(?P<s>T[A-Z0-9]{8,12}/[AB][A-Z0-9]{8,12}/(?P<b>[A-Za-z0-9/]{20,80}))(?![A-Za-z0-9/])"),
    _tok("anthropic-api-key", "Anthropic API or admin key", ("sk-",), "ant-",
         r"sk-ant-(?:api|admin|sid|oat)[0-9]{2}-(?P<b>[A-Za-z0-9_-]{80,120})(?![A-Za-z0-9_-])"),
    _tok("openai-api-key", "OpenAI project, service-account or admin key", ("sk-",), "(?:proj|svcacct|admin|None)-",
         r"sk-(?:proj|svcacct|admin|None)-(?P<b>[A-Za-z0-9_-]{40,300})(?![A-Za-z0-9_-])"),
    _tok("openai-api-key", "OpenAI legacy user key", ("sk-",), "[A-Za-z0-9]{20}T3BlbkFJ",
         r"sk-(?P<b>[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})(?![A-Za-z0-9_-])"),
    _tok("google-api-key", "Google API key", ("AIza",), "[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])",
         r"AIza(?P<b>[A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])", check=firebase_config),
    _tok("google-oauth-client-secret", "Google OAuth client secret", ("GOCSPX-",), "[A-Za-z0-9_-]{24}",
         r"GOCSPX-(?P<b>[A-Za-z0-9_-]{24,40})(?![A-Za-z0-9_-])"),
    _tok("gcp-service-account", "GCP service-account key file (private_key_id)", ("private_key_id",),
         r'"?[ \t]*:[ \t]*"[0-9a-f]{40}"',
         r'private_key_id"?[ \t]*:[ \t]*"(?P<s>[0-9a-f]{40})"', left=frozenset(), long=False),
    _tok("stripe-secret-key", "Stripe secret key", ("sk_",), "(?:live|test|prod)_[A-Za-z0-9]{10}",
         r"sk_(?:live|test|prod)_(?P<b>[A-Za-z0-9]{10,247})(?![A-Za-z0-9])"),
    _tok("stripe-restricted-key", "Stripe restricted key", ("rk_",), "(?:live|test|prod)_[A-Za-z0-9]{10}",
         r"rk_(?:live|test|prod)_(?P<b>[A-Za-z0-9]{10,247})(?![A-Za-z0-9])"),
    _tok("twilio-api-key", "Twilio API key (SK...)", ("SK",), "[0-9a-fA-F]{32}(?![A-Za-z0-9])",
         r"SK(?P<b>[0-9a-fA-F]{32})(?![A-Za-z0-9])"),
    _tok("sendgrid-api-key", "SendGrid API key", ("SG.",), r"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}",
         r"SG\.(?P<b>[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])"),
    _tok("npm-token", "npm access token", ("npm_",), "[A-Za-z0-9]{36}(?![A-Za-z0-9])",
         r"npm_(?P<b>[A-Za-z0-9]{36})(?![A-Za-z0-9])"),
    _tok("pypi-token", "PyPI or TestPyPI upload token", ("pypi-AgE",), "IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw",
         r"pypi-(?P<b>AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000})(?![A-Za-z0-9_-])"),
    _tok("huggingface-token", "Hugging Face access token", ("hf_",), "[A-Za-z]{34}(?![A-Za-z0-9])",
         r"hf_(?P<b>[A-Za-z]{34})(?![A-Za-z0-9])"),
    _tok("huggingface-token", "Hugging Face organisation token", ("api_org_",), "[A-Za-z]{34}(?![A-Za-z0-9])",
         r"api_org_(?P<b>[A-Za-z]{34})(?![A-Za-z0-9])"),
    TokenRule("discord-bot-token", "Discord bot token",
              ((".", r"[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27}"),),
              r"(?P<s>[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.(?P<b>[A-Za-z0-9_-]{27,38}))(?![A-Za-z0-9_-])",
              lead=(24, 26)),
    TokenRule("telegram-bot-token", "Telegram bot token",
              ((":AA", "[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])"),),
              r"(?P<s>[0-9]{8,10}:AA(?P<b>[A-Za-z0-9_-]{33}))(?![A-Za-z0-9_-])",
              lead=(8, 10), lead_chars="[0-9]", left=DIGITS),
    _tok("digitalocean-token", "DigitalOcean personal, OAuth or refresh token", ("dop_v1_", "doo_v1_", "dor_v1_"),
         "[a-f0-9]{64}", r"do[opr]_v1_(?P<b>[a-f0-9]{64})(?![A-Za-z0-9])"),
    _tok("shopify-token", "Shopify access, shared-secret, custom or private app token",
         ("shpat_", "shpss_", "shpca_", "shppa_"), "[a-f0-9]{32}",
         r"shp(?:at|ss|ca|pa)_(?P<b>[a-fA-F0-9]{32})(?![A-Za-z0-9])"),
    _tok("linear-api-key", "Linear API key", ("lin_api_",), "[A-Za-z0-9]{40}",
         r"lin_api_(?P<b>[A-Za-z0-9]{40})(?![A-Za-z0-9])"),
    _tok("databricks-token", "Databricks personal access token", ("dapi",), "[a-f0-9]{32}",
         r"dapi(?P<b>[a-f0-9]{32})(?:-[0-9])?(?![A-Za-z0-9])"),
    _tok("vault-token", "HashiCorp Vault service, batch or recovery token", ("hvs.", "hvb.", "hvr."), "[A-Za-z0-9_-]{90}",
         r"hv[sbr]\.(?P<b>[A-Za-z0-9_-]{90,400})(?![A-Za-z0-9_-])"),
    _tok("age-secret-key", "age encryption secret key", ("AGE-SECRET-KEY-1",), "[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
         r"AGE-SECRET-KEY-1(?P<b>[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?![A-Za-z0-9])"),
    _tok("mailgun-api-key", "Mailgun API key", ("key-",), "[0-9a-f]{32}(?![A-Za-z0-9])",
         r"key-(?P<b>[0-9a-f]{32})(?![A-Za-z0-9])"),
    _tok("alibaba-access-key-id", "Alibaba Cloud AccessKey ID", ("LTAI",), "[A-Za-z0-9]{12,20}(?![A-Za-z0-9])",
         r"LTAI(?P<b>[A-Za-z0-9]{12,20})(?![A-Za-z0-9])"),
    _tok("azure-storage-key", "Azure storage account key (connection string)", ("AccountKey=",),
         "[A-Za-z0-9+/]{86}==", r"AccountKey=(?P<s>[A-Za-z0-9+/]{86}==)"),
    TokenRule("azure-entra-client-secret", "Azure Entra ID (AD) client secret",
              (("Q~", r"[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])"),),
              r"(?P<s>[A-Za-z0-9_~.-]{3}[0-9]Q~(?P<b>[A-Za-z0-9_~.-]{31,34}))(?![A-Za-z0-9_~.-])",
              lead=(4, 4), lead_chars="[A-Za-z0-9_~.-]", left=_ENTRA),
    # Anchored on the "." before the payload (the "." pass runs anyway; "eyJ" alone would cost a pass).
    # Unsigned tokens (alg none) end at the second "."; jwt_example drops those whose header says otherwise.
    TokenRule("jwt", "JSON Web Token", ((".", r"eyJ[A-Za-z0-9_-]{5,16384}\.(?:[A-Za-z0-9_-]{16}|(?![A-Za-z0-9_.-]))"),),
              r"(?P<b>eyJ[A-Za-z0-9_-]{5,4096}\.eyJ[A-Za-z0-9_-]{5,16384}\.(?:[A-Za-z0-9_-]{16,4096})?)"
              r"(?![A-Za-z0-9_.-])",
              lead=(8, 4099), fake=jwt_example, check=jwt_public),
)
