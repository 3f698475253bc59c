"""Claude Code's auto-memory: ``<config>/projects/<project>/memory/*.md`` (SPEC §9).

- ``<config>`` is ``$CLAUDE_CONFIG_DIR``, else ``~/.claude``.
- ``<project>`` is the project's path as Claude Code names it: the top of the git repo's
  *main* worktree (so linked worktrees and subfolders share it; outside git the
  working directory), NFC-normalised, every UTF-16 code unit that is not an ASCII letter
  or digit replaced by ``-``. A name over 200 characters is cut to 200 and gets ``-`` and
  a hash of the path. Claude Code's hash depends on its runtime (the Node build uses a
  31-multiplier string hash in base 36, the Bun build Bun's own hash), so memsync tries
  the Node one and otherwise takes the one folder whose name starts with those 200
  characters; when several do, it cannot tell which is this project's and reads none
  (inspect says so).
- ``MEMORY.md`` is the index (one ``- [Title](file.md) — hook`` line per memory), not an
  entry; every other ``*.md`` is one memory: frontmatter ``name``, ``description``,
  ``type`` (``user``, ``feedback``, ``project``, ``reference``; at the top level or under
  ``metadata:``), optional ``modified`` (ISO 8601), then the body. Files without
  frontmatter are memories too (their first line is the summary).

Frontmatter is split by python-frontmatter with memsync's own YAML loader behind it
(aliases refused, size and nesting bounded): these files come from elsewhere.
"""
from __future__ import annotations

import os
import re
import unicodedata
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from memsync.roots import display_path, main_worktree
from memsync.sources import SourceRoot, claude_config_dir, files
from memsync.sources.base import Doc, Scan, SourceLayout

SCOPE = "claude-code"
INDEX = "MEMORY.md"
MAX_NAME = 200  # Claude Code cuts a longer project folder name and adds a hash
TYPES = ("user", "feedback", "project", "reference")
_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]+?\.md)\)|\[\[([^\]\n]+)\]\]")


config_dir = claude_config_dir  # ``$CLAUDE_CONFIG_DIR``, else ``~/.claude``


def encode(path: str) -> str:
    """A path as Claude Code names its project folder (before the 200-character cut)."""
    out = []
    for ch in unicodedata.normalize("NFC", path):
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        else:  # JavaScript replaces per UTF-16 code unit: a character beyond the BMP gives two
            out.append("--" if ord(ch) > 0xFFFF else "-")
    return "".join(out)


def node_hash(path: str) -> str:
    """The hash the Node build of Claude Code appends to a cut name (base 36)."""
    h = 0
    units = unicodedata.normalize("NFC", path).encode("utf-16-le", "surrogatepass")
    for i in range(0, len(units), 2):
        h = (h * 31 + int.from_bytes(units[i : i + 2], "little")) & 0xFFFFFFFF
    h = abs(h - (1 << 32) if h >= 1 << 31 else h)
    digits = ""
    while True:
        h, r = divmod(h, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + digits
        if not h:
            return digits


def project_path(cwd: str | os.PathLike[str] | None = None) -> str:
    """The path Claude Code names the project by: the main worktree's top, else the folder."""
    top = main_worktree(cwd)
    return str(top) if top is not None else os.path.realpath(cwd if cwd is not None else os.getcwd())


def folder_name(projects: Path, path: str) -> tuple[str | None, str]:
    """(this project's folder name under ``projects``, or None; a note when it was not plain)."""
    name = encode(path)
    if len(name) <= MAX_NAME:
        return name, ""
    prefix = name[:MAX_NAME]
    exact = f"{prefix}-{node_hash(path)}"
    if files.real_dir(projects / exact):
        return exact, ""
    shared = [d for d in files.subdirs(projects) if d.startswith(prefix + "-")]
    if len(shared) == 1:
        return shared[0], "the project path is over 200 characters; its folder was found by its first 200"
    if not shared:
        return exact, ""
    return None, (f"the project path is over 200 characters and {len(shared)} folders under {projects} start with "
                  "the same 200, so memsync cannot tell which is this project's and reads none of them")


def modified_ms(value: Any) -> int | None:
    """An ISO 8601 time (or a YAML date) as epoch milliseconds; naive times are UTC."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return int(value.timestamp() * 1000)
    if isinstance(value, date):
        return int(datetime(value.year, value.month, value.day, tzinfo=timezone.utc).timestamp() * 1000)
    return None


def _handler() -> Any:
    """python-frontmatter's YAML splitting with memsync's loader: these are someone else's files."""
    from frontmatter.default_handlers import YAMLHandler

    from memsync.entry import load_frontmatter

    class SafeYAML(YAMLHandler):  # type: ignore[misc]
        def load(self, fm: str, **kwargs: object) -> Any:
            return load_frontmatter(fm)[0]

    return SafeYAML()


def split(text: str) -> tuple[dict[str, Any], str, str]:
    """(frontmatter, body, problem) of a topic file; a file without frontmatter is all body."""
    if not text.startswith("---"):
        return {}, text, ""
    import frontmatter

    from memsync.problems import EntryError

    handler = _handler()
    if not handler.detect(text):
        return {}, text, ""
    try:
        meta, body = frontmatter.parse(text, handler=handler)
    except EntryError as exc:
        _, after = handler.split(text)  # the body is still worth searching
        return {}, after, f"frontmatter not read: {exc.message}"
    return (meta if isinstance(meta, dict) else {}), body, ""


def _line(value: Any, limit: int = 300) -> str:
    text = " ".join(value.split()) if isinstance(value, str) else ""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def first_line(body: str) -> str:
    for line in body.splitlines():
        text = line.strip().lstrip("#").strip()
        if text and text != "---":
            return _line(text)
    return ""


def topic(text: str, stem: str) -> tuple[dict[str, Any], str, str]:
    """(fields, body, problem) of a topic file: name, description, type, modified, summary."""
    meta, body, problem = split(text)
    found = meta.get("metadata")
    nested: dict[str, Any] = found if isinstance(found, dict) else {}
    kind = meta.get("type") if isinstance(meta.get("type"), str) else nested.get("type")
    fields = {
        "name": _line(meta.get("name")) or stem,
        "description": _line(meta.get("description"), 500),
        "type": _line(kind, 40).lower() if isinstance(kind, str) else "",
        "modified": modified_ms(meta.get("modified", nested.get("modified"))),
    }
    fields["summary"] = fields["description"] or (_line(meta.get("name")) or first_line(body) or stem)
    return fields, body.strip("\n"), problem


def index_links(text: str) -> list[tuple[str, str]]:
    """``[(title, target file)]`` of a MEMORY.md index (``[T](f.md)`` and ``[[name]]`` links)."""
    out = []
    for m in _LINK.finditer(text):
        if m.group(2):
            out.append((m.group(1), m.group(2)))
        else:
            out.append((m.group(3), m.group(3).strip() + ".md"))
    return out


class ClaudeLayout(SourceLayout):
    scope = SCOPE

    def __init__(self, root: Path, project: str | None, every: bool, note: str = "") -> None:
        super().__init__(root, "all" if every else f"project:{project}")
        self.project = project
        self.every = every
        self.note = note

    def groups(self, root: Path) -> list[str]:
        if self.every:
            names = files.subdirs(root)
        else:
            names = [self.project] if self.project else []
        return [f"{n}/memory" for n in names if files.real_dir(root / n) and files.real_dir(root / n / "memory")]

    def skip(self, name: str) -> bool:
        return name == INDEX

    def document(self, rel: str, text: str, st: os.stat_result | None) -> Doc | None:
        project, _, name = rel.partition("/memory/")
        stem = name[:-3]
        fields, body, problem = topic(text, stem)
        updated = fields["modified"] if fields["modified"] is not None else (files.mtime_ms(st) if st else None)
        doc_id = f"{SCOPE}:{project}/{stem}" if self.every else f"{SCOPE}:{stem}"
        meta = {k: fields[k] for k in ("name", "description", "type") if fields[k]}
        if problem:
            meta["problem"] = problem
        return Doc(doc_id, fields["type"] or "free", fields["summary"], body, updated, rel,
                   highlight=fields["name"] if fields["description"] and fields["name"] != stem else "", meta=meta)

    def file_of(self, doc_id: str) -> str | None:
        key = doc_id.partition(":")[2]
        if self.every:
            project, sep, stem = key.partition("/")
            if not sep:
                return None
        else:
            project, stem = self.project or "", key
        if not project or not stem or "/" in stem or stem in (".", "..") or project in (".", ".."):
            return None
        return f"{project}/memory/{stem}.md"

    def scan(self) -> Scan:
        out = super().scan()
        if self.note:
            out.notes.append(self.note)
        for group in self.groups(self.root):
            index = self.root / group / INDEX
            text = files.read_text(index, f"{group}/{INDEX}", out.problems) if os.path.lexists(index) else None
            if text is None:
                continue
            listed = {target.rpartition("/")[2] for _, target in index_links(text)}
            present = {d.file.rpartition("/")[2] for d in out.docs if d.file.startswith(group + "/")}
            missing = sorted(listed - present)
            if missing:
                out.notes.append(f"{group}/{INDEX} links to {', '.join(missing[:5])}, which "
                                 f"{'is' if len(missing) == 1 else 'are'} not a readable memory file")
            unlisted = sorted(present - listed)
            if unlisted:
                out.notes.append(f"{group}/{INDEX} does not list {', '.join(unlisted[:5])}"
                                 + (f" (+{len(unlisted) - 5} more)" if len(unlisted) > 5 else ""))
        return out


def source_root(cwd: str | os.PathLike[str] | None, *, every_project: bool) -> SourceRoot | None:
    """Claude Code's auto-memory as a source (None when there is no ``projects`` folder)."""
    base = config_dir()
    projects = Path(os.path.realpath(base)) / "projects"
    if not files.real_dir(projects):
        return None
    name, note = (None, "") if every_project else folder_name(projects, project_path(cwd))
    layout = ClaudeLayout(projects, name, every_project, note)
    return SourceRoot(projects, SCOPE, display_path(projects), layout)
