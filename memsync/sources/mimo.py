"""MiMo Code's layered memory: ``<data>/memory/`` (SPEC §9; the seed's "四层文件").

- ``<data>`` is ``$MIMOCODE_HOME/data`` when that is an absolute path, else
  ``${XDG_DATA_HOME:-~/.local/share}/mimocode``.
- Layers read: ``global/*.md``; the current project's ``projects/<pid>/*.md``, where
  ``<pid>`` is the first line of ``mimocode-project-id`` in the git common dir (the main
  ``.git``, so linked worktrees share it) and ``global`` outside git; with
  ``sources.mimo_sessions`` also ``sessions/<sid>/*.md`` and ``sessions/<sid>/tasks/<TID>/*.md``.
  An id file that is missing (MiMo never ran here) or holds no plain id is reported by
  inspect, and then only the other layers are read.
- The type comes from the path, as MiMo's ``TYPE_PATTERNS`` say: the key (the path under
  ``<layer>/<id>/`` without ``.md``) ``MEMORY`` / ``memory-*`` (any case) is ``memory``;
  ``checkpoint`` / ``checkpoint-*`` (this case only) ``checkpoint``; ``tasks/<id>/progress``
  ``progress``; ``tasks/<id>/notes`` ``notes``; anything else ``free`` (so a session's
  ``notes.md`` is ``free``).
- Each file is searched by its ``##`` sections (a long MEMORY.md is thousands of tokens;
  one hit is one section). Text before the first ``##`` is a document of its own; a
  section longer than ``MAX_SECTION`` characters is cut at blank lines into parts.
"""
from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from memsync.fsutil import NotRegularFile
from memsync.roots import _read_gitfile, display_path, main_worktree
from memsync.sources import SourceRoot, files, mimo_data_dir
from memsync.sources.base import Doc, SourceLayout

SCOPE = "mimo"
ID_FILE = "mimocode-project-id"
MAX_SECTION = 8000  # characters (about 2,000 tokens) per document
_PID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}\Z")
_HEADING = re.compile(r"##(?!#)[ \t]*(.*?)[ \t#]*\Z")
_FENCE = re.compile(r"[ ]{0,3}(`{3,}|~{3,})")


data_dir = mimo_data_dir


def memory_type(key: str) -> str:
    """MiMo's type of a file from its key (the path under ``<layer>/<id>/``, without ``.md``)."""
    low = key.lower()
    if low == "memory" or low.startswith("memory-"):
        return "memory"
    if key == "checkpoint" or key.startswith("checkpoint-"):
        return "checkpoint"
    if re.fullmatch(r"tasks/[^/]+/progress", key):
        return "progress"
    if re.fullmatch(r"tasks/[^/]+/notes", key):
        return "notes"
    return "free"


def common_dir(cwd: str | os.PathLike[str] | None = None) -> Path | None:
    """The git common dir of the repo holding ``cwd`` (the main worktree's ``.git``), or None."""
    top = main_worktree(cwd)
    if top is None:
        return None
    dotgit = top / ".git"
    if dotgit.is_dir():
        return dotgit
    return _read_gitfile(dotgit)  # a submodule: its .git file names the git dir


def project_id(cwd: str | os.PathLike[str] | None = None) -> tuple[str | None, str]:
    """(MiMo's project id for ``cwd``, or None; a note when it could not be read)."""
    git = common_dir(cwd)
    if git is None:
        return "global", ""
    path = git / ID_FILE
    if not os.path.lexists(path):
        return None, f"no {ID_FILE} in {display_path(git)} (MiMo Code has not run in this project): " \
                     "only global memory is read"
    try:
        data = files.read_bytes(path)[:4096]
    except (OSError, NotRegularFile):  # a symlink, a folder, unreadable: never followed or trusted
        return None, f"{display_path(path)} cannot be read as a plain file: only global memory is read"
    first = data.decode("utf-8", "replace").strip().splitlines()[:1]
    pid = first[0].strip() if first else ""
    if not _PID.match(pid) or pid in ("global", "sessions"):
        if pid == "global":
            return pid, ""
        return None, f"{display_path(path)} holds no usable project id: only global memory is read"
    return pid, ""


def slug(heading: str) -> str:
    text = unicodedata.normalize("NFKC", heading).casefold()
    out = re.sub(r"[^\w]+|_+", "-", text).strip("-")
    return out[:60].strip("-") or "section"


_CUTS = re.compile(r"^(?:##(?!#).*|[ ]{0,3}(?:`{3,}|~{3,}).*)$", re.M)


def sections(text: str) -> list[tuple[str, str]]:
    """``[(heading, text)]`` of a Markdown file cut at its ``##`` headings (not in code fences);
    the text before the first is headed ""."""
    # Only heading and fence lines are looked at one by one: a 1 MB file has thousands of
    # lines but a few hundred of those, and describing a hit cuts its file again.
    starts: list[tuple[int, str]] = [(0, "")]
    fence = ""
    for m in _CUTS.finditer(text):
        line = m.group(0)
        f = _FENCE.match(line)
        if f:
            mark = f.group(1)
            if not fence:
                fence = mark[0] * len(mark)
            elif mark.startswith(fence):
                fence = ""
            continue
        if not fence:
            h = _HEADING.match(line)
            if h:
                starts.append((m.start(), h.group(1).strip() or "section"))
    out = []
    for i, (at, head) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        piece = text[at:end].strip("\n")
        if piece.strip():
            out.append((head, piece))
    return out


def _parts(heading: str, text: str) -> list[tuple[str, str]]:
    """A section over MAX_SECTION characters cut at blank lines (or anywhere, as a last resort)."""
    if len(text) <= MAX_SECTION:
        return [(heading, text)]
    out: list[str] = []
    rest = text
    while len(rest) > MAX_SECTION:
        cut = rest.rfind("\n\n", 0, MAX_SECTION)
        if cut < MAX_SECTION // 4:
            cut = rest.rfind("\n", 0, MAX_SECTION)
        if cut < MAX_SECTION // 4:
            cut = MAX_SECTION
        out.append(rest[:cut].strip("\n"))
        rest = rest[cut:].lstrip("\n")
    if rest.strip():
        out.append(rest)
    return [(heading if i == 0 else f"{heading or 'text'} (part {i + 1})", part) for i, part in enumerate(out)]


class MimoLayout(SourceLayout):
    scope = SCOPE
    split = True

    def __init__(self, root: Path, pid: str | None, sessions: bool, note: str = "") -> None:
        super().__init__(root, f"{pid or '-'}{':sessions' if sessions else ''}")
        self.pid = pid
        self.sessions = sessions
        self.note = note

    def groups(self, root: Path) -> list[str]:
        out = []
        if files.real_dir(root / "global"):
            out.append("global")
        if self.pid and files.real_dir(root / "projects") and files.real_dir(root / "projects" / self.pid):
            out.append(f"projects/{self.pid}")
        if self.sessions and files.real_dir(root / "sessions"):
            for sid in files.subdirs(root / "sessions"):
                out.append(f"sessions/{sid}")
                tasks = root / "sessions" / sid / "tasks"
                if files.real_dir(tasks):
                    out += [f"sessions/{sid}/tasks/{t}" for t in files.subdirs(tasks)]
        return out

    def cut(self, file: str, text: str) -> dict[str, str]:
        out: dict[str, str] = {}
        used: set[str] = set()
        after: dict[str, int] = {}  # per slug, the number its next twin tries first
        for heading, body in sections(text):
            for head, part in _parts(heading, body):
                if not head:
                    out[file] = part
                    continue
                anchor = base = slug(head)
                if anchor in used:
                    # The first free base-N from 2 up, as ever; every N below `after` is taken
                    # already, so a file of 100,000 "## Notes" headings costs one step each, not N.
                    n = after.get(base, 2)
                    while f"{base}-{n}" in used:
                        n += 1
                    anchor, after[base] = f"{base}-{n}", n + 1
                used.add(anchor)
                out[f"{file}#{anchor}"] = part
        return out

    def document(self, rel: str, text: str, st: os.stat_result | None) -> Doc | None:
        file = self.file_part(rel)
        anchor = rel[len(file) + 1 :]
        layer, _, rest = file.partition("/")
        key = rest[:-3] if layer == "global" else rest.partition("/")[2][:-3]
        lines = text.split("\n")
        h = _HEADING.match(lines[0]) if anchor else None
        if h:
            summary, body = h.group(1).strip(), "\n".join(lines[1:]).strip("\n")
        else:
            summary, body = "", text
        if not summary or summary == "section":
            summary = _title(text) or key.rpartition("/")[2]
        doc_id = f"{SCOPE}:{file[:-3]}" + (f"#{anchor}" if anchor else "")
        return Doc(doc_id, memory_type(key), summary[:300], body, files.mtime_ms(st) if st else None, file,
                   meta={"layer": layer, "section": summary if anchor else ""})

    def file_of(self, doc_id: str) -> str | None:
        key = doc_id.partition(":")[2]
        path, sep, _ = key.rpartition("#")
        if not sep or not os.path.lexists(self.root / f"{path}.md"):
            path = key  # no section, or a file whose name holds '#'
        parts = path.split("/")
        if not path or any(p in ("", ".", "..") for p in parts) or parts[0] not in ("global", "projects", "sessions"):
            return None
        return path + ".md"

    def scan(self):  # type: ignore[no-untyped-def]
        out = super().scan()
        if self.note:
            out.notes.append(self.note)
        return out


def _title(text: str) -> str:
    for line in text.split("\n"):
        line = line.strip().lstrip("#").strip().strip("_*").strip()
        if line:
            return line[:300]
    return ""


def source_root(cwd: str | os.PathLike[str] | None, *, sessions: bool) -> SourceRoot | None:
    """MiMo Code's memory as a source (None when it has no memory folder)."""
    memory = Path(os.path.realpath(data_dir())) / "memory"
    if not files.real_dir(memory):
        return None
    pid, note = project_id(cwd)
    return SourceRoot(memory, SCOPE, display_path(memory), MimoLayout(memory, pid, sessions, note))
