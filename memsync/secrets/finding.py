"""What a scan reports: a located, masked finding and its fingerprint (never the secret)."""
from __future__ import annotations

from dataclasses import dataclass

# Domain separation, so a fingerprint cannot be mistaken for a plain sha256 of the secret.
_FP_PREFIX = b"memsync-secrets-v1\0"
FINGERPRINT_HEX = 32  # 128 bits: collision-free in practice, short enough to paste


@dataclass(frozen=True)
class Finding:
    """One suspected secret. ``line`` and ``col`` are 1-based; ``col`` counts characters.

    ``encoding`` names what the secret was found under ("base64", "hex", "escape",
    "html", "percent", "invisible", or a chain such as "base64+escape"), "" for plain
    text. The location is then the encoded span's; ``masked`` and ``fingerprint`` are
    those of the decoded secret, so one allowlist entry covers every form of it.
    """

    path: str
    line: int
    col: int
    rule: str
    masked: str
    fingerprint: str
    encoding: str = ""

    @property
    def label(self) -> str:
        """The rule id, with the encoding when there was one: ``github-pat (base64)``."""
        return f"{self.rule} ({self.encoding})" if self.encoding else self.rule

    def format(self) -> str:
        """``path:line:col: rule-id: <masked>`` — shows a short prefix and the length only."""
        return f"{self.path}:{self.line}:{self.col}: {self.label}: {self.masked}"

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "rule": self.rule,
            "masked": self.masked,
            "fingerprint": self.fingerprint,
            "encoding": self.encoding,
        }


def mask(secret: bytes) -> str:
    """A short prefix (at most 4 characters, fewer for short secrets) and the length.

    Short secrets show less: 4 characters of a 10-character password would give
    away too much of it.
    """
    text = secret.decode("utf-8", "replace")
    shown = min(4, len(text) // 5)
    prefix = "".join(c if c.isprintable() and not c.isspace() else "?" for c in text[:shown])
    return f"{prefix}*** ({len(text)} chars)"


def fingerprint(rule: str, secret: bytes) -> str:
    """sha256 over the rule id and the secret, truncated; stable across files and lines."""
    import hashlib

    digest = hashlib.sha256(_FP_PREFIX + rule.encode("utf-8") + b"\0" + secret).hexdigest()
    return digest[:FINGERPRINT_HEX]
