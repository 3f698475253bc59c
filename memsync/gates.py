"""The gates a write passes, in order (SPEC §8), and the typed refusals they raise.

1. write switch — the user turned writing off;
2. path guard — ids, categories and slugs never leave the root;
3. iron rules are human-only — a rule request becomes a ``rule-proposal``;
4. secrets — the rendered entry goes through ``memsync.secrets.gate``;
5. dedupe — keyword coverage against live entries (``memsync.dedupe``).

Each refusal's message says what happened and what to do next, in words fit to show
a language model (a bare "not allowed" makes a model retry elsewhere in a loop).
"""
from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path
from typing import Any

from memsync.entry import valid_name
from memsync.errors import Findings, MemsyncError
from memsync.names import invisible


class Refused(MemsyncError):
    """A gate refused the write; ``gate`` names it. Nothing was written."""

    gate = ""


class WritesDisabled(Refused):
    gate = "write-switch"


class UnsafePath(Refused):
    gate = "path"


class SecretFound(Refused, Findings):
    gate = "secrets"

    def __init__(self, message: str, findings: list[Any]) -> None:
        super().__init__(message)
        self.findings = findings


class Duplicate(Refused, Findings):
    gate = "dedupe"

    def __init__(self, message: str, existing: str, coverage: float) -> None:
        super().__init__(message)
        self.existing = existing
        self.coverage = coverage


class PinnedEntry(Refused):
    gate = "pinned"


class ReadOnlySource(Refused):
    """A write aimed at another agent's memory (``memsync.sources``): memsync only reads it."""

    gate = "read-only"

    def __init__(self, message: str, source: str) -> None:
        super().__init__(message)
        self.source = source


class UnknownEntry(MemsyncError):
    def __init__(self, message: str, id: str) -> None:
        super().__init__(message)
        self.id = id


class BadInput(MemsyncError):
    """An argument that cannot make an entry (empty summary, unknown category, ...)."""


# 1. write switch --------------------------------------------------------------------------

def write_switch(config: dict[str, Any]) -> None:
    env = os.environ.get("MEMSYNC_DISABLE_WRITE", "")
    setting = (config.get("memory") or {}).get("disable_write") if isinstance(config.get("memory"), dict) else None
    if setting is True or (env and env not in ("0", "false", "no")):
        how = "MEMSYNC_DISABLE_WRITE" if env and env not in ("0", "false", "no") else "memory.disable_write: true"
        raise WritesDisabled(
            f"writing memory is turned off by the user ({how}); nothing was written. Every other way of "
            "writing memory is off too, so do not retry through another tool or path. Searching and "
            "reading memory still work."
        )


def read_only(scope: str | None = None, entry_id: object = None, *, action: str = "write") -> None:
    """Refuse a write to a read-only source, named by its scope or by one of its ids."""
    from memsync import sources

    source = scope if sources.is_source_scope(scope) else sources.source_of_id(entry_id)
    if source is None:
        return
    raise ReadOnlySource(
        f"{source} is {sources.NAMES[source]}, which memsync reads but never changes: nothing was "
        f"{'deleted' if action == 'forget' else 'written'}. Change it in its own tool; to keep a copy in memsync, "
        f"run `memsync import {source}`; to write a new memory, leave out the scope (or use project or global)",
        source,
    )


# 2. path guard ----------------------------------------------------------------------------

def _shown(value: str) -> str:
    from memsync.output import visible

    return visible(value[:80]) + ("…" if len(value) > 80 else "")


def name(value: str, what: str) -> str:
    """A category or slug that is a plain name inside the root, else UnsafePath."""
    if not isinstance(value, str) or not value:
        raise UnsafePath(f"the {what} is empty; give a simple name (letters, digits, '-', '_')")
    if value in (".", "..") or "/" in value or "\\" in value or "\0" in value or value.startswith("."):
        raise UnsafePath(
            f"the {what} {_shown(value)!r} is not a plain name: '..', '/', a leading dot and absolute paths "
            "are refused, memory stays inside its root. Give a simple name (letters, digits, '-', '_')"
        )
    if not valid_name(value):
        raise UnsafePath(f"the {what} {_shown(value)!r} may hold only letters, digits, '-' and '_'")
    return value


def split_id(entry_id: str) -> tuple[str, str]:
    """``<category>/<slug>`` checked part by part; an absolute or dotted id is refused."""
    if not isinstance(entry_id, str) or not entry_id.strip():
        raise UnsafePath("the id is empty; an id is <category>/<slug>, as search shows it")
    text = entry_id.strip()
    if text.endswith(".md"):
        text = text[:-3]
    if text.startswith("/") or os.path.isabs(text) or text.count("/") != 1:
        raise UnsafePath(f"the id {_shown(entry_id)!r} is not <category>/<slug>; ids never name paths outside the root")
    category, slug = text.split("/")
    return name(category, "category"), name(slug, "slug")


def safe_target(root: Path, relpath: str) -> None:
    """Refuse a symlinked target, a symlinked category folder, or anything not a regular file."""
    folder, _, _ = relpath.partition("/")
    for path, what in ((root / folder, "category folder"), (root / relpath, "entry")):
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(st.st_mode):
            raise UnsafePath(f"the {what} {relpath if what == 'entry' else folder} is a symlink; memsync never "
                             "writes through one (it could lead outside the root)")
        if what == "entry" and not stat.S_ISREG(st.st_mode):
            raise UnsafePath(f"{relpath} exists and is not a regular file; not touched")
        if what != "entry" and not stat.S_ISDIR(st.st_mode):
            raise UnsafePath(f"{folder} exists and is not a folder; not touched")


# fields -----------------------------------------------------------------------------------

MAX_BODY_BYTES = 1 << 20
MAX_SUMMARY_CHARS = 500


_SURROGATE = re.compile("[\ud800-\udfff]")


def _unicode(text: str, what: str) -> None:
    """A lone surrogate (bytes that are not UTF-8 in argv, a ``\\udcff`` escape in JSON) cannot
    be written as UTF-8: YAML would keep it as an escape that no reader takes back."""
    if _SURROGATE.search(text):
        raise BadInput(f"the {what} holds text that is not valid Unicode (bytes that are not UTF-8, or half of "
                       "a surrogate pair); nothing was written. Send it as UTF-8 text")


# C0 and C1 controls but tab and newline, NUL included: no glyph, so a token with a BEL, a
# backspace or a NUL inside reads as the token; in a one-line field YAML writes them as escapes
# ("\a", "\0") that no scanner reads back (a NUL split a token past the secret gate, whole).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _controls(text: str, what: str) -> None:
    found = _CONTROL.search(text)
    if found:
        raise BadInput(f"the {what} holds a control character (U+{ord(found.group()):04X}); nothing was written. "
                       "Memory entries are text: leave it out")


def one_line(value: Any, what: str, *, required: bool = False, limit: int = MAX_SUMMARY_CHARS) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise BadInput(f"the {what} must be text")
    _unicode(value, what)
    text = value.strip()
    if required and not text:
        raise BadInput(f"the {what} is empty; say in one line what is worth remembering")
    if any(c in text for c in "\n\r\x85\u2028\u2029"):
        raise BadInput(f"the {what} must be one line (put details in the body)")
    _controls(text, what)
    if required and not any(unicodedata.category(c)[0] in "LN" and not invisible(c) for c in text):
        raise BadInput(f"the {what} has no letters or digits; say in words what is worth remembering")
    if len(text) > limit:
        raise BadInput(f"the {what} is {len(text)} characters; keep it under {limit} (details go in the body)")
    return " ".join(text.split())


def body_text(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput("the body must be text")
    _unicode(value, "body")
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > MAX_BODY_BYTES:
        # A file or pipe is read only up to one byte past the limit: its size beyond is unknown.
        shown = f"more than {MAX_BODY_BYTES} bytes" if size == MAX_BODY_BYTES + 1 else f"{size} bytes"
        raise BadInput(f"the body is {shown}; an entry is at most 1 MiB. Keep memory short: the gist, "
                       "the reason, the root cause")
    if "\0" in value:
        raise BadInput("the body holds a NUL character; memory entries are text")
    text = value.replace("\r\n", "\n")
    _controls(text, "body")
    return text.strip("\n")


def entry_valid(data: bytes, relpath: str, *, updating: bool = False) -> None:
    """The rendered entry is one memsync reads back as it was meant: within 1 MiB (lint's E002)
    and free of lint errors (thousands of triggers overflow the 64 KiB frontmatter, E009; an
    update keeps the file's other fields, which a hand edit may have broken, E013). Else a
    "Created" would name an entry that search, context and the next update cannot see."""
    from memsync.entry import MAX_ENTRY_BYTES, parse_entry

    if len(data) > MAX_ENTRY_BYTES:
        raise BadInput(f"the entry would be {len(data)} bytes; an entry is at most 1 MiB ({MAX_ENTRY_BYTES} bytes), "
                       "so nothing was written. Keep memory short: fewer load_when triggers, a shorter body")
    errors = [p for p in parse_entry(data, relpath).problems if p.severity == "error"]
    if errors:
        hint = ("the entry's file holds it: fix that field by hand, or give it anew" if updating else
                "keep memory short: fewer load_when triggers, a shorter highlight")
        raise BadInput(f"the entry would not be valid, so nothing was written: {errors[0].format()} ({hint})")


def triggers(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [v for v in re.split(r"[,，]", value)]
    if not isinstance(value, (list, tuple)):
        raise BadInput("load_when must be a list of short triggers")
    out: list[str] = []
    for item in value:
        text = one_line(item, "load_when trigger", limit=120)
        if text and text not in out:
            out.append(text)
    return out


# 3. iron rules ----------------------------------------------------------------------------

RULE_KINDS = frozenset({"rule", "rules", "iron-rule", "iron rule", "iron_rule", "铁规则", "铁律", "rule-proposal"})
_RULE_CLAIM = re.compile(r"(?i)\biron[\s_-]*rules?\b|[铁鐵]规则|鐵規則|[铁鐵鉄][律则則]|철칙|硬性规定|硬性要求|\bhard rule\b"
                         r"|\bnon-negotiable rule\b")
# Read as NFKC (full-width letters), without format characters (a zero-width space inside the
# words), with every dash a "-": a claim is not a different claim for its spelling.


_DASH = re.compile("[\u2010-\u2015\u2212\ufe63]")
# Every format character (Unicode category Cf; tests check it against unicodedata), as one class:
# a regex pass, not a per-character loop, so a 1 MiB body is read whole in milliseconds.
FORMAT_CHARS = re.compile("[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f"
                          "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
                          "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
                          "\U000e0020-\U000e007f]")


def _folded(text: str) -> str:
    if text.isascii():
        return text
    return FORMAT_CHARS.sub("", _DASH.sub("-", unicodedata.normalize("NFKC", text)))
PROPOSAL_KIND = "rule-proposal"
RULES_CATEGORY = "rules"


def is_rule_request(category: str | None, kind: str | None, summary: str, body: str) -> bool:
    """Would this write make a rule? Only a person writes iron rules (ROOT.md); a tool's
    request becomes a proposal a person accepts or deletes."""
    if category == RULES_CATEGORY or _folded(kind or "").strip().casefold() in RULE_KINDS:
        return True
    return any(_claims_rule(_folded(text)) for text in (summary, body))


_CLAIM_MARKS = re.compile("[铁鐵鉄철硬]")


def _claims_rule(text: str) -> bool:
    # Every claim holds "rule" or one of these characters: a cheap look first, then the regex.
    lowered = text.lower()
    return ("rule" in lowered or _CLAIM_MARKS.search(text) is not None) and _RULE_CLAIM.search(text) is not None


# 4. secrets -------------------------------------------------------------------------------

def secrets(root: Path, relpath: str, text: str) -> None:
    from memsync.secrets.gate import check_text

    found = check_text(root, relpath, text)
    if found:
        where = "; ".join(f"{f.label} at line {f.line}: {f.masked}" for f in found[:3])
        more = f" and {len(found) - 3} more" if len(found) > 3 else ""
        raise SecretFound(
            f"the entry holds what looks like a secret ({where}{more}); memory goes into git, so nothing was "
            "written. Leave the secret out and say where it is kept instead (e.g. 'the deploy token is in the "
            "vault as DEPLOY_TOKEN'); if it is not a secret, a person can mark the line `memsync: allow-secret`",
            found,
        )


# 5. dedupe --------------------------------------------------------------------------------

def shown_summary(summary: str) -> str:
    """An existing entry's summary as a message may quote it: secrets masked (a hand-written
    entry may hold a token), shortened."""
    from memsync.secrets.gate import redact

    return _shown(redact(summary))


def duplicate(existing: str, summary: str, coverage: float, reason: str) -> Duplicate:
    return Duplicate(
        f"not written: {existing} already says this ({reason}: {shown_summary(summary)!r}). Recall it instead; to "
        f"change it, update that entry (id {existing}); if this really says something new, write it again "
        "with force",
        existing, coverage,
    )
