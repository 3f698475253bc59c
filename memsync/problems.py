"""Findings about a memory tree: one line each, ``path:line: CODE message``."""
from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"

# Every code memsync can report, with the one-line meaning shown in docs/lint.md.
CODES: dict[str, str] = {
    "E001": "file is not UTF-8 text (invalid UTF-8, UTF-16, or binary bytes such as NUL)",
    "E002": "entry is larger than 1 MiB",
    "E003": "empty file",
    "E004": "no frontmatter (an entry starts with a '---' line)",
    "E005": "frontmatter is not closed by a '---' line",
    "E006": "frontmatter is not valid YAML",
    "E007": "YAML anchors and aliases are not allowed in frontmatter",
    "E008": "frontmatter is not a mapping",
    "E009": "frontmatter is too large or nested too deeply",
    "E010": "a required field is missing",
    "E011": "a required field is empty",
    "E012": "id does not match the entry's path",
    "E013": "a field has the wrong type",
    "E014": "updated is earlier than created",
    "E015": "a one-line field spans several lines",
    "E016": "two entries have the same id",
    "E017": "supersedes names an entry that does not exist",
    "E018": "superseded_by names an entry that does not exist",
    "E019": "supersedes and superseded_by disagree",
    "E020": "invalid category or entry name",
    "E021": "symlink not followed",
    "E022": "a key appears twice in the frontmatter",
    "E030": "compiled file is stale (run `memsync compile`)",
    "E031": "ROOT.md markers are malformed",
    "W040": "conflict sibling left by sync (merge it by hand, then delete it)",
    "W041": "file or folder ignored",
    "W042": "entry kept out of git (so never synced) by an ignore rule",
    "W043": "two entries' paths differ only by case or Unicode normalization (one overwrites the other on macOS and Windows)",
}


class EntryError(Exception):
    """A file cannot be read as an entry at all (lives here, not in ``entry``, so that
    ``yamlio`` can raise it without importing ``entry``)."""

    def __init__(self, line: int, code: str, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.code = code
        self.message = message


def escape_undecodable(text: str) -> str:
    """``text`` with the bytes of a file name that were not UTF-8 (surrogate escapes, as
    ``os.listdir`` returns them) written as ``\\xNN``: printable, and valid in JSON."""
    if text.isascii() or not any("\udc80" <= c <= "\udcff" for c in text):
        return text
    return "".join(f"\\x{ord(c) - 0xdc00:02x}" if "\udc80" <= c <= "\udcff" else c for c in text)


def _redact(text: str) -> str:
    # A file name or a quoted frontmatter value may be a token: problems are shown masked.
    from memsync.secrets.gate import redact

    return redact(text)


@dataclass(frozen=True, order=True)
class Problem:
    """One finding. ``path`` is relative to the root (POSIX separators).

    A path from a file name that is not UTF-8 is kept escaped (``bad\\xff.md``), so every
    problem can be printed, cached and sent as JSON; ``format`` and ``to_json`` mask
    secrets, and ``format`` (for people) also shows control characters visibly."""

    path: str
    line: int  # 1-based; 0 when it concerns the whole file
    code: str
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", escape_undecodable(self.path))
        object.__setattr__(self, "message", escape_undecodable(self.message))

    @property
    def severity(self) -> str:
        return WARNING if self.code.startswith("W") else ERROR

    def shown(self, root_display: str = "") -> str:
        from memsync.roots import join_display

        return join_display(root_display, self.path)

    def format(self, root_display: str = "") -> str:
        """``path:line: CODE message`` for a terminal: secrets masked, control characters visible."""
        from memsync.output import visible

        path = self.shown(root_display)
        where = f"{path}:{self.line}" if self.line else path
        return visible(_redact(f"{where}: {self.code} {self.message}"))

    def to_json(self, root_display: str = "") -> dict[str, object]:
        return {
            "path": _redact(self.shown(root_display)),
            "line": self.line,
            "code": self.code,
            "severity": self.severity,
            "message": _redact(self.message),
        }
