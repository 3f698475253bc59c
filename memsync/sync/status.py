"""``memsync sync status``: where the branch stands against the remote, conflict
siblings waiting for a person, entries that ignore rules keep out of sync,
``.state.json`` files that are in git and the next sync will take out, files
in git this device keeps out of its checkout, and the last sync's result.

Reads only local state: the remote-tracking ref is what the last successful
fetch or push saw, so status works offline and never blocks on the network.
The last result is kept in ``.git/memsync-status.json`` (outside the tree, so
it is never committed).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from memsync.jsonfile import read_json, write_json

STATUS_FILE = "memsync-status.json"


def save_last(gitdir: Path, result: dict[str, Any]) -> None:
    try:
        write_json(gitdir / STATUS_FILE, dict(result, finished=int(time.time())))
    except OSError:
        pass  # the status is a note for `sync status`; the sync itself succeeded or failed already


def load_last(gitdir: Path) -> dict[str, Any] | None:
    value = read_json(gitdir / STATUS_FILE)
    return value if isinstance(value, dict) else None


def status(root_path: Path, display: str) -> dict[str, Any]:
    """Ahead/behind (against the last known remote state), conflict siblings, entries the
    ignore rules keep out of sync, the last result. An OS error is a MemsyncError."""
    from memsync.errors import MemsyncError

    try:
        return _status(root_path, display)
    except OSError as exc:
        raise MemsyncError(f"{display}: cannot read the repository: {exc.strerror or exc}") from None


def _status(root_path: Path, display: str) -> dict[str, Any]:
    from dulwich.ignore import IgnoreFilterManager

    from memsync.sync import repo as R
    from memsync.sync.accept import shown
    from memsync.sync.casefold import repo_folds_case
    from memsync.sync.gitindex import GitIndex
    from memsync.sync.urls import shown_url
    from memsync.sync.worktree import left_out_lines
    from memsync.tree import read, walk

    repo = R.open_repo(root_path, display)
    try:
        gitdir = Path(repo.controldir())
        head = R.ref_value(repo, R.BRANCH_REF)
        tracking = R.ref_value(repo, R.TRACKING_REF)
        try:
            url = repo.get_config().get((b"remote", b"origin"), b"url").decode("utf-8", "surrogateescape")
        except KeyError:
            url = None
        ahead = R.count_commits(repo, head, tracking)
        behind = R.count_commits(repo, tracking, head) if tracking else 0
        listed = walk(root_path)
        tracked = GitIndex.read(gitdir / "index").raw
        rules = IgnoreFilterManager.from_repo(repo)
        ignored = [rel for rel, _ in listed.entries
                   if rel.encode("utf-8", "surrogateescape") not in tracked and rules.is_ignored(rel)]
        healing = _state_in_git(repo, tracked, head, tracking)
        left_out = left_out_lines(root_path, tracked, repo_folds_case(repo), lambda sha: R.blob(repo, sha))
    finally:
        repo.close()
    tree = read(listed)
    conflicts = [
        {"path": shown(e.path), "conflict_of": shown(e.conflict_of)}
        for e in tree.entries
        if e.conflict_of
    ]
    return {
        "root": display,
        "remote": shown_url(url) if url else None,
        "branch": "main",
        "head": head.decode() if head else None,
        "remote_head": tracking.decode() if tracking else None,
        "ahead": ahead,
        "behind": behind,
        "conflicts": conflicts,
        "ignored": [shown(p) for p in sorted(ignored)],
        "healing": healing,
        "left_out": left_out,
        "last": load_last(gitdir),
    }


def _state_in_git(repo: Any, index: dict[bytes, Any], head: bytes | None, tracking: bytes | None) -> list[str]:
    """What the next sync will do about .state.json files in git (put there with the git CLI):
    the ones this device's index holds, and the ones the remote's main held at the last fetch."""
    from memsync.sync import repo as R
    from memsync.sync.accept import is_state_path, local_state_line, remote_state_line

    out = []
    local = sorted(k.decode("utf-8", "surrogateescape") for k in index
                   if is_state_path(k.decode("utf-8", "surrogateescape")))
    if local:
        out.append(local_state_line(local, done=False))
    if tracking is not None and tracking != head:
        changes = R.diff(repo, R.tree_of(repo, head), R.tree_of(repo, tracking))
        remote = sorted(p for p, ch in changes.items() if ch.new is not None and is_state_path(p))
        if remote:
            out.append(remote_state_line(remote, done=False))
    return out
