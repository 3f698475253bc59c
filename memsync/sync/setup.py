"""``memsync sync init REMOTE``: connect a root to a remote and do the first sync.

The root becomes (or stays) a git repository of its own on branch ``main``,
with ``origin`` pointing at REMOTE (stored without credentials), tracking set
up so the git CLI's ``pull``/``push`` work too, ``.state.json`` listed in both
``.gitignore`` and ``.git/info/exclude``, and memsync's git hooks installed.
Then one sync runs: an empty remote receives the root's content; a remote
with history is adopted and the root's own files are merged into it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.roots import Root, main_worktree
from memsync.sync.accept import shown


@dataclass
class InitReport:
    """What setting up sync did, and what the user should know."""

    steps: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    url: str = ""  # the URL to use for the first sync (may hold credentials; never stored)


def _check_location(root: Root) -> None:
    if root.path.exists() and not root.path.is_dir():
        raise MemsyncError(f"{root.display} exists and is not a folder")
    top = main_worktree(root.path) if root.path.exists() else main_worktree(root.path.parent)
    if top is not None and Path(top) != root.path:
        raise MemsyncError(
            f"{root.display} is inside the git repository at {top}; a synced root must be a repository "
            "of its own (sync the project with git itself, or choose another folder)"
        )


def prepare(root: Root, url: str) -> InitReport:
    """Everything but the first sync; idempotent. An OS error (a read-only root) is a MemsyncError."""
    try:
        return _prepare(root, url)
    except OSError as exc:
        where = f" ({shown(os.fsdecode(exc.filename))})" if exc.filename else ""
        raise MemsyncError(f"cannot set up sync in {root.display}: {exc.strerror or exc}{where}") from None


def _prepare(root: Root, url: str) -> InitReport:
    from dulwich.repo import Repo

    from memsync.build import Report, ensure_gitignore
    from memsync.sync import repo as R
    from memsync.sync.urls import is_local, redact, shown_url, strip

    report = InitReport()
    stripped = strip(url)  # MemsyncError for a URL that cannot be used, before anything is written
    if is_local(url) and not url.startswith("file://"):
        url = os.path.abspath(os.path.expanduser(url))  # git resolves a relative path from the cwd, once
        stripped = strip(url)
    # The first sync uses what later syncs will (``stored``), but for an http(s) URL's credentials,
    # which serve this sync only: a local URL's query or user-info would be read as part of its path.
    report.url = stripped.url if is_local(url) else url
    _check_location(root)
    if not root.path.exists():
        root.path.mkdir(parents=True)
        report.steps.append(f"Created {root.display}")
    if not (root.path / ".git").exists():
        Repo.init(str(root.path), default_branch=R.BRANCH).close()
        report.steps.append(f"Created a git repository in {root.display} (branch main)")
        from memsync.sync.casefold import folds_case

        if folds_case(root.path / ".git"):  # as git's init does: checkouts then keep case twins apart
            with Repo(str(root.path)) as fresh:
                config = fresh.get_config()
                config.set((b"core",), b"ignorecase", b"true")
                config.write_to_path()
    repo = R.open_repo(root.path, root.display)
    try:
        R.refuse_in_progress(repo, root.display)
        _set_branch(repo, report)
        stored = stripped.url
        config = repo.get_config()
        try:
            existing = config.get((b"remote", b"origin"), b"url").decode("utf-8", "surrogateescape")
        except KeyError:
            existing = None
        if existing is not None and redact(existing) != stored:
            raise MemsyncError(
                f"{root.display} already has the remote origin = {shown_url(existing)}; change it with "
                f"`git -C {root.display} remote set-url origin URL` first if you mean to switch"
            )
        report.warnings += _dropped(stripped)
        config.set((b"remote", b"origin"), b"url", stored.encode("utf-8", "surrogateescape"))
        config.set((b"remote", b"origin"), b"fetch", b"+refs/heads/*:refs/remotes/origin/*")
        config.set((b"branch", b"main"), b"remote", b"origin")
        config.set((b"branch", b"main"), b"merge", R.BRANCH_REF)
        config.write_to_path()
        if existing is None:
            report.steps.append(f"Set the remote origin to {shown_url(stored)}")
        gitdir = Path(repo.controldir())
    finally:
        repo.close()
    _exclude_state(gitdir, report)
    gi = Report(root)
    ensure_gitignore(root, gi)
    for path in gi.changed + gi.updated:
        report.steps.append(f"Listed .state.json in {root.display}/{path}")
    try:
        from memsync.githooks import install_hooks

        for line in install_hooks(root):
            report.steps.append(line)
    except MemsyncError as exc:
        report.warnings.append(f"git hooks not installed: {exc.message}")
    return report


def _dropped(stripped: Any) -> list[str]:
    """What ``sync init`` says about credentials it took off the URL before storing it."""
    from memsync.sync.urls import HTTP_SCHEMES

    out = []
    http = stripped.url.split("://", 1)[0].lower() in HTTP_SCHEMES
    if stripped.had_password and http:
        out.append("the credentials in the URL were used for this sync only and not stored; later syncs take "
                   "credentials from git's credential helper or MEMSYNC_GIT_USERNAME / MEMSYNC_GIT_PASSWORD")
    elif stripped.had_password:
        out.append("the password in the URL was dropped, not stored (this transport cannot use one: ssh takes "
                   "your ssh agent and config, git:// and file:// need none)")
    if stripped.had_query:
        out.append("the query string of the URL was dropped, not stored (a git remote does not use one; "
                   "put a token in git's credential helper or MEMSYNC_GIT_PASSWORD)")
    return out


def _set_branch(repo, report: InitReport) -> None:  # type: ignore[no-untyped-def]
    from memsync.sync import repo as R

    current = R.head_branch(repo)
    if current == R.BRANCH_REF:
        return
    value = R.ref_value(repo, current) if current else R.ref_value(repo, b"HEAD")
    if R.ref_value(repo, R.BRANCH_REF) is None and value is not None:
        repo.refs.add_if_new(R.BRANCH_REF, value)
    repo.refs.set_symbolic_ref(b"HEAD", R.BRANCH_REF)
    was = current.decode() if current else "a detached HEAD"
    report.steps.append(f"Switched the root from {was} to the branch main")


def _exclude_state(gitdir: Path, report: InitReport) -> None:
    path = gitdir / "info" / "exclude"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        text = ""
    if any(line.strip() in (".state.json", "/.state.json", "**/.state.json") for line in text.splitlines()):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    sep = "" if not text or text.endswith("\n") else "\n"
    path.write_text(text + sep + "# memsync: per-device counters, never synced\n.state.json\n", encoding="utf-8")
    report.steps.append("Listed .state.json in .git/info/exclude")


def set_hub_head(url: str) -> None:
    """A local bare hub with no branch yet: point its HEAD at main so clones check it out."""
    from dulwich.repo import Repo

    from memsync.sync import repo as R
    from memsync.sync.urls import is_local, local_path

    if not is_local(url):
        return
    from dulwich.errors import NotGitRepository

    try:
        hub: Any = Repo(local_path(url))
    except (NotGitRepository, OSError):
        return
    try:
        if hub.bare and not list(hub.refs.keys(base=b"refs/heads/")):
            hub.refs.set_symbolic_ref(b"HEAD", R.BRANCH_REF)
    except OSError:
        pass  # a read-only hub: the first push still works; clones may need `git switch main`
    finally:
        hub.close()
