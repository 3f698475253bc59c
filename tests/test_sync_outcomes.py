"""What a sync says it did, and who wins a tie (issue 10, points 17 and 20): a deletion is
reported as a deletion, an edit kept against a deletion says so, a conflict sibling is
named once, and of two edits with the same ``updated`` the one committed later wins."""
from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from conftest import git
from remotes import Device, hub, pair, synced  # noqa: F401 - hub and pair are fixtures


def _every_path(result) -> list[str]:  # type: ignore[no-untyped-def]
    return (result.sent + result.sent_deletions + result.received + result.received_deletions + result.merged
            + [k["path"] for k in result.kept] + [c["path"] for c in result.conflicts]
            + [c["sibling"] for c in result.conflicts if c["sibling"]])


def test_a_deletion_is_reported_as_a_deletion_both_ways(pair: tuple[Device, Device], run) -> None:
    a, b = pair
    (a.path / "facts" / "beta.md").unlink()
    out = run("sync", "--root", str(a.path), "--json")
    sent = json.loads(out.stdout)
    assert out.returncode == 0, out.stderr
    assert sent["sent_deletions"] == ["facts/beta.md"] and "facts/beta.md" not in sent["sent"]
    assert "facts/index.md" in sent["sent"]  # its index changed, and that was sent
    out = run("sync", "--root", str(b.path))
    assert out.returncode == 0, out.stderr
    assert "received the deletion of 1 file: facts/beta.md" in out.stdout
    [received] = [ln for ln in out.stdout.splitlines() if ln.strip().startswith("received ") and "deletion" not in ln]
    assert "facts/beta.md" not in received and not (b.path / "facts" / "beta.md").exists()


@pytest.mark.parametrize("first", ["deleter", "editor"])
def test_an_edit_that_beat_a_deletion_says_so(pair: tuple[Device, Device], run, first: str) -> None:
    a, b = pair
    (a.path / "facts" / "beta.md").unlink()
    b.add("facts/beta", "beta", "beta body\nedited on b, must survive\n", updated=1_700_000_000_100)
    order = (a, b) if first == "deleter" else (b, a)
    assert run("sync", "--root", str(order[0].path)).returncode == 0
    out = run("sync", "--root", str(order[1].path))
    assert out.returncode == 0, out.stderr
    said = "edited here, deleted on another device" if first == "deleter" else "deleted here, edited on another device"
    assert f"kept facts/beta.md: {said}: the edit was kept" in out.stdout
    listed = json.loads(run("sync", "--root", str(order[1].path), "--json").stdout)
    assert listed["outcome"] == "up-to-date"
    for d in (a, b):
        assert run("sync", "--root", str(d.path)).returncode == 0
        assert "edited on b, must survive" in d.read("facts/beta.md")


def test_a_conflict_sibling_is_named_once(pair: tuple[Device, Device]) -> None:
    a, b = pair
    a.add("facts/alpha", "version a", "A wrote this line\n", updated=1_700_000_001_000)
    b.add("facts/alpha", "version b", "B wrote this line\n", updated=1_700_000_002_000)
    assert synced(a.sync())
    result = b.sync()
    assert synced(result)
    [conflict] = result.conflicts
    assert conflict["path"] == "facts/alpha.md" and conflict["sibling"].startswith("facts/alpha--conflict-")
    paths = _every_path(result)
    assert len(paths) == len(set(paths)), paths  # no path in two lists
    assert paths.count(conflict["sibling"]) == 1
    assert (b.path / conflict["sibling"]).exists()


def _commit_at(device: Device, when: int) -> None:
    env = dict(os.environ, GIT_COMMITTER_DATE=f"@{when} +0000", GIT_AUTHOR_DATE=f"@{when} +0000")
    subprocess.run(["git", "-C", str(device.path), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(device.path), "commit", "-qm", "edit", "--no-verify"], check=True, env=env)


@pytest.mark.parametrize("remote_edit", ["older", "newer"])
def test_a_tie_on_updated_goes_to_the_edit_committed_later(pair: tuple[Device, Device], hub: Path,
                                                           remote_edit: str) -> None:
    a, b = pair
    # Hand edits of one field on both devices, neither bumping `updated`.
    text = a.read("facts/beta.md")
    b.write("facts/beta.md", text.replace("summary: beta", "summary: beta as b has it"))
    when = int(time.time()) + (-3600 if remote_edit == "older" else 3600)
    _commit_at(b, when)
    assert synced(b.sync())
    a.write("facts/beta.md", text.replace("summary: beta", "summary: beta as a has it"))
    result = a.sync()  # commits a's edit now, then merges b's
    assert synced(result)
    [conflict] = result.conflicts
    winner = "a" if remote_edit == "older" else "b"
    assert f"summary: beta as {winner} has it" in a.read("facts/beta.md")
    assert "the one changed later" in conflict["reason"]
    loser = "b" if winner == "a" else "a"
    assert f"summary: beta as {loser} has it" in a.read(conflict["sibling"])
    assert synced(b.sync()) and b.files() == a.files()
    assert git(hub, "rev-parse", "main") == a.git("rev-parse", "HEAD")
