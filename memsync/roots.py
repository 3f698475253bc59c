"""Where memory roots and memsync's cache live (SPEC §1)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from memsync.errors import MemsyncError

PROJECT_DIR = ".memory"


@dataclass(frozen=True)
class Root:
    """A memory root. ``path`` is absolute and resolved; ``display`` is for messages."""

    path: Path
    scope: str  # "project", "global" or "root" (given with --root)
    display: str

    def show(self, relpath: str) -> str:
        """How to name a file of this root in messages."""
        return join_display(self.display, relpath)

    @classmethod
    def at(cls, path: str | os.PathLike[str], scope: str = "root") -> Root:
        if not os.path.isabs(path):
            path = os.path.join(working_dir(), path)
        resolved = Path(os.path.realpath(path))
        return cls(resolved, scope, display_path(resolved))


def working_dir() -> str:
    """``os.getcwd()``, or a MemsyncError when the folder was deleted under us."""
    try:
        return os.getcwd()
    except OSError as exc:
        raise MemsyncError(f"the current folder cannot be read ({exc.strerror}); was it deleted? cd elsewhere") from None


def join_display(display: str, relpath: str) -> str:
    return relpath if display in ("", ".") else f"{display.rstrip('/')}/{relpath}"


def display_path(path: Path) -> str:
    """Relative to the working directory when inside it, else absolute; bytes of the name
    that are not UTF-8 shown as ``\\xNN``, so that every message and JSON can hold it."""
    from memsync.problems import escape_undecodable

    try:
        rel = os.path.relpath(path)
    except (ValueError, OSError):  # another drive on Windows; a deleted working folder
        return escape_undecodable(str(path))
    return escape_undecodable(str(path) if rel == ".." or rel.startswith(".." + os.sep) else rel)


def home_dir() -> Path:
    """$HOME when it is an absolute path, else the account's home: an empty or relative HOME
    (a hook's stripped environment) must not put memsync's files at / or in the cwd."""
    home = os.environ.get("HOME")
    if home and os.path.isabs(home):
        return Path(home)
    try:
        import pwd

        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError):  # no pwd (Windows) or no account entry
        return Path(os.path.expanduser("~"))


def xdg_dir(name: str, default: str) -> Path:
    """An XDG base folder; a relative value is ignored, as the XDG spec says."""
    value = os.environ.get(name)
    return Path(value) if value and os.path.isabs(value) else home_dir() / default


def global_root_path() -> Path:
    """``$MEMSYNC_GLOBAL_ROOT``, else the OpenCode plugin's folder, so its users keep their files."""
    explicit = os.environ.get("MEMSYNC_GLOBAL_ROOT")
    if explicit:
        return Path(explicit).expanduser()
    return xdg_dir("XDG_CONFIG_HOME", ".config") / "opencode" / "memory"


def cache_dir() -> Path:
    """``$MEMSYNC_CACHE_DIR``, else ``${XDG_CACHE_HOME:-~/.cache}/memsync``; never inside a root."""
    explicit = os.environ.get("MEMSYNC_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    return xdg_dir("XDG_CACHE_HOME", ".cache") / "memsync"


def _read_gitfile(dotgit: Path) -> Path | None:
    try:
        text = dotgit.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    gitdir = Path(text[len("gitdir:") :].strip())
    return gitdir if gitdir.is_absolute() else (dotgit.parent / gitdir)


def main_worktree(start: str | os.PathLike[str] | None = None) -> Path | None:
    """Top of the *main* worktree of the git repo containing ``start``, or None.

    Read from the files git keeps rather than by running git, because this runs
    on every hook invocation. A linked worktree's ``.git`` file points at
    ``<main>/.git/worktrees/<name>``, whose ``commondir`` leads back to
    ``<main>/.git``.
    """
    here = Path(os.path.realpath(start if start is not None else working_dir()))
    for top in (here, *here.parents):
        dotgit = top / ".git"
        if dotgit.is_dir():
            return top
        if dotgit.is_file():
            gitdir = _read_gitfile(dotgit)
            if gitdir is None:
                return top
            try:
                common = (gitdir / (gitdir / "commondir").read_text().strip()).resolve()
            except OSError:
                return top  # a submodule or a plain gitdir link: this is the worktree
            return common.parent if common.name == ".git" else top
    return None


def project_root(start: str | os.PathLike[str] | None = None) -> Root | None:
    """The project root ``<main worktree>/.memory`` (whether or not it exists yet)."""
    top = main_worktree(start)
    if top is None:
        return None
    path = top / PROJECT_DIR
    return Root(path, "project", display_path(path))


def global_root() -> Root:
    path = Path(os.path.realpath(os.path.abspath(global_root_path())))
    return Root(path, "global", display_path(path))


SCOPES = ("project", "global")


def select_roots(
    *,
    root: str | os.PathLike[str] | None = None,
    scope: str | None = None,
    project: bool = False,
    global_: bool = False,
    default: str = "first",
    must_exist: bool = True,
    cwd: str | os.PathLike[str] | None = None,
) -> list[Root]:
    """The roots a command, a library call or the server acts on: the one place they are chosen.

    ``root`` (``--root DIR``) wins; then ``scope`` (``"project"`` or ``"global"``) or the
    ``project`` / ``global_`` flags. With none of them, ``default`` says what to do:
    ``"first"`` takes the project root if it exists, else the global root; ``"all"``
    takes every existing root (search and context read both); ``"global"`` the global
    root (sync). The project is found from ``cwd`` (default: the working directory),
    so a long-lived server resolves each client's project without changing directory.
    """
    if scope is not None:
        if scope not in SCOPES:
            raise MemsyncError(f"unknown scope {scope!r} (project or global)")
        project, global_ = project or scope == "project", global_ or scope == "global"
    if root is not None:
        chosen = [Root.at(root)]
    elif project or global_:
        chosen = []
        if project:
            found = project_root(cwd)
            if found is None:
                raise MemsyncError("not inside a git repository, so there is no project root (use --root DIR)")
            chosen.append(found)
        if global_:
            chosen.append(global_root())
    elif default == "global":
        chosen = [global_root()]
    else:
        candidates = [r for r in (project_root(cwd), global_root()) if r is not None]
        for r in candidates:  # a .memory that is a file is a broken setup, not "no project memory"
            if os.path.lexists(r.path) and not r.path.is_dir():
                raise MemsyncError(f"memory root {r.display} is not a folder")
        existing = [r for r in candidates if r.path.is_dir()]
        if not existing:
            where = " or ".join(r.display for r in candidates)
            raise MemsyncError(f"no memory root found (looked for {where}); run `memsync init` or pass --root DIR")
        chosen = existing if default == "all" else existing[:1]
    from memsync.sources import refuse_root_inside

    refuse_root_inside(chosen)  # before "does not exist": such a root must not be created either
    if must_exist:
        for r in chosen:
            if not r.path.is_dir():
                if os.path.lexists(r.path):
                    raise MemsyncError(f"memory root {r.display} is not a folder")
                hint = {"project": "--project", "global": "--global"}.get(r.scope, f"--root {r.display}")
                raise MemsyncError(f"memory root {r.display} does not exist (create it with `memsync init {hint}`)")
    refuse_cache_inside(chosen)
    # Also the roots not chosen, made or not: a cache under the project's .memory would create that
    # folder (the project then seems to have a memory, and init refuses it) or write into that tree.
    try:
        here = project_root(cwd)
    except MemsyncError:  # a deleted working folder (with --root): no project whose .memory could be made
        here = None
    _refuse_cache_in([r for r in (here, global_root()) if r is not None and r not in chosen])
    return chosen


def refuse_cache_inside(roots: list[Root]) -> None:
    """MemsyncError if memsync's cache would live inside one of ``roots``: its files would
    be committed and synced with the memory, and a cache rebuild would rewrite the tree."""
    from memsync.sources import refuse_root_inside

    refuse_root_inside(roots)  # nor a root in another agent's memory: that is read, never written
    _refuse_cache_in(roots)


def _refuse_cache_in(roots: list[Root]) -> None:
    cache = Path(os.path.realpath(os.path.abspath(cache_dir())))
    for r in roots:
        if cache == r.path or r.path in cache.parents:
            if os.environ.get("MEMSYNC_CACHE_DIR"):
                fix = "point MEMSYNC_CACHE_DIR at a folder outside it"
            elif os.environ.get("XDG_CACHE_HOME"):
                fix = "point XDG_CACHE_HOME (or MEMSYNC_CACHE_DIR) at a folder outside it"
            else:
                fix = "set MEMSYNC_CACHE_DIR to a folder outside it"
            raise MemsyncError(
                f"memsync's cache folder {display_path(cache)} is inside the memory root {r.display}, "
                f"and the cache must stay out of the tree (it would be committed and synced): {fix}"
            )
