"""Changing a host's settings file: read, edit in place (jsonc), back up, replace atomically.

The one mechanism behind ``memsync setup`` and ``memsync hooks install --claude-code``:
a change is planned first (so ``--dry-run`` and a refusal write nothing), then
applied. These files are the user's (``~/.claude.json`` even holds login tokens):
a file that is not JSON, is read-only, a symlink or not a regular file is left
exactly as it was, with a message saying what to do; nothing of its content is
ever printed.
"""
from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from memsync.errors import MemsyncError
from memsync.fsutil import temp_path

MAX_CONFIG_BYTES = 16 << 20  # ~/.claude.json grows with history; far larger is not a settings file

Edit = Callable[[str], tuple[str, list[str]]]  # text -> (new text, what changed, for people)


@dataclass
class Change:
    """A planned edit of one host config file: its text before and after."""

    path: Path
    shown: str  # the path as printed (~ for the home folder)
    before: str | None  # None: the file does not exist yet
    after: str
    done: list[str] = field(default_factory=list)  # what changed, one phrase each
    mode: int | None = None

    @property
    def changed(self) -> bool:
        return self.before != self.after


def shown(path: Path) -> str:
    """``path`` for messages: relative inside the working directory, ``~/...`` under the home folder."""
    from memsync.hosts.common import home as home_dir

    home = home_dir()
    try:
        return str(path.relative_to(os.getcwd()))
    except (ValueError, OSError):
        pass
    try:
        rel = path.relative_to(home)
    except ValueError:
        return str(path)
    return "~/" + str(rel)


def read_text(path: Path) -> tuple[str | None, int | None]:
    """The file's text and mode, (None, None) when missing; refuses what must not be edited."""
    where = shown(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        raise MemsyncError(f"cannot read: {exc.strerror}", path=where) from None
    if stat.S_ISLNK(st.st_mode):
        raise MemsyncError("is a symlink; memsync does not write through symlinks: "
                           "edit the file it points to by hand (see docs/agents.md)", path=where)
    if not stat.S_ISREG(st.st_mode):
        raise MemsyncError("is not a regular file; nothing written", path=where)
    if st.st_size > MAX_CONFIG_BYTES:
        raise MemsyncError(f"is larger than {MAX_CONFIG_BYTES >> 20} MiB; nothing written", path=where)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise MemsyncError(f"cannot read: {exc.strerror}", path=where) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise MemsyncError("is not UTF-8 text; nothing written", path=where) from None
    return text, stat.S_IMODE(st.st_mode)


def check_folders(path: Path, within: Path) -> None:
    """Refuse a file whose folder, below ``within``, is or passes through a symlink: a project
    is someone's repository, and its ``.claude`` linked to ``~/.claude`` (or anywhere) would
    make a project-scope setup write outside the project."""
    try:
        parts = path.parent.relative_to(within).parts
    except ValueError:
        return
    folder = within
    for part in parts:
        folder = folder / part
        if os.path.islink(folder):
            raise MemsyncError(f"{shown(folder)} is a symlink; memsync writes a project's settings only inside the "
                               "project, not through symlinks: nothing written", path=shown(path))


def plan(path: Path, edits: list[Edit], within: Path | None = None) -> Change:
    """What applying ``edits`` in order to the file would give (nothing is written); with
    ``within``, the file must lie in real folders below it."""
    if within is not None:
        check_folders(path, within)
    before, mode = read_text(path)
    text = before or ""
    done: list[str] = []
    for edit in edits:
        text, what = edit(text)
        done += what
    if not text.endswith("\n"):
        text += "\n"
    if before is not None and "\r\n" in before and before.count("\n") == before.count("\r\n"):
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")  # a CRLF file: the lines put in too
    if before is not None and text in (before + "\n", before + "\r\n") and not done:
        text = before  # an unchanged file missing its final newline stays as it is
    return Change(path, shown(path), before, text, done, mode)


def _git_dir(folder: Path) -> tuple[Path, Path] | None:
    """(work tree, git dir) of the repository ``folder`` is in, found by its ``.git`` (a folder,
    or a worktree's or submodule's ``gitdir:`` file); None outside one."""
    for top in (folder, *folder.parents):
        dot = top / ".git"
        if dot.is_dir() and not dot.is_symlink():
            return top, dot
        if dot.is_file() and not dot.is_symlink():
            try:
                line = dot.read_text(encoding="utf-8", errors="replace").splitlines()[0]
            except (OSError, IndexError):
                return None
            if line.startswith("gitdir:"):
                target = Path(line[len("gitdir:"):].strip())
                target = target if target.is_absolute() else top / target
                return (top, target) if target.is_dir() else None
            return None
    return None


def _backup_name(path: Path) -> Path:
    """Where the file's text before the change is kept: beside it, or, for a file in a git work
    tree, in that repository's git dir (``memsync-backups/``). A backup beside ``.mcp.json`` was
    no longer matched by its ``.gitignore`` line and got committed, tokens and all."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
    folder, name = path.parent, path.name
    repo = _git_dir(path.parent)
    if repo is not None:
        top, git = repo
        folder, name = git / "memsync-backups", "__".join(path.relative_to(top).parts)
    for n in range(100):
        suffix = "" if n == 0 else f"-{n}"
        candidate = folder / f"{name}.memsync-{stamp}{suffix}.bak"
        if not os.path.lexists(candidate):
            return candidate
    raise MemsyncError("too many backups with the same time; try again", path=shown(path))


def check_writable(change: Change) -> None:
    """Refuse a change to a read-only file, or one whose folder memsync cannot write in (the
    file is replaced there, with its backup beside it): checked for every file of a setup
    before any is written, so a refusal leaves them all as they were."""
    if not change.changed:
        return
    if change.before is not None and change.mode is not None and not change.mode & 0o222:
        raise MemsyncError("is read-only; make it writable (chmod u+w) to let memsync change it, "
                           "or make the change by hand (see docs/agents.md); nothing written", path=change.shown)
    folder = change.path.parent
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent  # created on the way: its nearest existing folder must take it
    if not os.access(folder, os.W_OK | os.X_OK):
        raise MemsyncError(f"cannot write in {shown(folder)} (permission denied); make it writable, or make the "
                           "change by hand (see docs/agents.md); nothing written", path=change.shown)


def apply(change: Change) -> Path | None:
    """Write the change (atomically, keeping the file's mode); the backup's path, if one was made."""
    if not change.changed:
        return None
    path = change.path
    check_writable(change)
    backup = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if change.before is not None:
            backup = _backup_name(path)
            backup.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if change.mode is None else change.mode)
            with os.fdopen(fd, "wb") as fh:
                fh.write(change.before.encode("utf-8"))
        tmp = temp_path(path)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644 if change.mode is None else change.mode)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(change.after.encode("utf-8"))
            if change.mode is not None:
                os.chmod(tmp, change.mode)  # the umask may have narrowed it
            # Someone may have written the file since we read it: keep theirs, say so.
            current, _ = read_text(path)
            if current != change.before:
                raise MemsyncError("changed while memsync was editing it; nothing written, run again",
                                   path=change.shown)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        if backup is not None:
            try:
                os.unlink(backup)
            except OSError:
                pass
        raise MemsyncError(f"cannot write: {exc.strerror or exc}; nothing written", path=change.shown) from None
    except BaseException:  # a MemsyncError, or anything unforeseen: no stray backup either way
        if backup is not None:
            try:
                os.unlink(backup)
            except OSError:
                pass
        raise
    return backup
