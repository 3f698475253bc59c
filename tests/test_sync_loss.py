"""Audit of sync's promise, "a sync never loses an edit": two or three devices sharing a bare
hub, each scenario ending with every device synced and every edit still findable (in the entry,
a conflict sibling, or history reachable from main)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git
from remotes import Device, fsck, history_paths, hub, make_hub, pair, synced  # noqa: F401 - fixtures

CHECKOUT = str(Path(__file__).resolve().parent.parent)


def converge(*devices: Device) -> None:
    for d in devices + devices:
        result = d.sync()
        assert synced(result), result.message
    first = shared(devices[0])
    for d in devices[1:]:
        assert shared(d) == first


def shared(d: Device) -> dict[str, str]:
    """The files every device holds alike (per-device .state.json left out)."""
    return {k: v for k, v in d.files().items() if k.rpartition("/")[2] != ".state.json"}


def everything(d: Device) -> str:
    return "\n".join(d.files().values())


def in_history(d: Device, text: str) -> bool:
    """``text`` is in some version of some file reachable from main."""
    out = subprocess.run(["git", "-C", str(d.path), "log", "-p", "--format=", "main"],
                         capture_output=True, text=True, check=True).stdout
    return text in out


def paused(d: Device, phase: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", "sync", "--root", str(d.path)],
        env={**os.environ, "MEMSYNC_SYNC_PAUSE": f"{phase}:2", "PYTHONPATH": CHECKOUT},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    assert proc.stderr.readline().strip() == f"memsync: pausing at {phase}"
    return proc


@pytest.mark.parametrize("incoming", ["edit", "delete"])
def test_an_edit_made_just_before_the_checkout_writes_is_never_overwritten(pair: tuple[Device, Device],
                                                                          incoming: str) -> None:
    a, b = pair
    if incoming == "edit":
        a.add("facts/beta", "beta", "beta body\nchanged on a\n")
    else:
        (a.path / "facts" / "beta.md").unlink()
    assert synced(a.sync())
    proc = paused(b, "before-checkout")
    b.add("facts/beta", "beta", "beta body\nedited on b while sync ran\n")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "facts/beta.md was edited while sync ran" in err and "Run sync again" in err
    assert "Traceback" not in err
    assert "edited on b while sync ran" in b.read("facts/beta.md")
    converge(a, b)
    assert "edited on b while sync ran" in everything(a)
    if incoming == "edit":
        assert "changed on a" in everything(a)


def _two_edits(a: Device, b: Device, scenario: str) -> list[str]:
    """Make the two devices' concurrent changes; returns the texts that must survive."""
    if scenario == "move-vs-edit":
        (a.path / "decisions").mkdir(exist_ok=True)
        os.replace(a.path / "facts" / "beta.md", a.path / "decisions" / "beta.md")
        b.add("facts/beta", "beta", "beta body\nedited on b\n")
        return ["edited on b"]
    if scenario == "rename-slug-vs-edit":
        text = a.read("facts/beta.md").replace("id: facts/beta", "id: facts/beta-renamed")
        (a.path / "facts" / "beta.md").unlink()
        a.write("facts/beta-renamed.md", text.replace("beta body", "beta body\nrenamed on a"))
        b.add("facts/beta", "beta", "beta body\nedited on b\n")
        return ["edited on b", "renamed on a"]
    if scenario == "case-only-rename-vs-edit":
        text = a.read("facts/beta.md")
        (a.path / "facts" / "beta.md").unlink()
        a.write("facts/Beta.md", text.replace("beta body", "beta body\ncased on a"))
        b.add("facts/beta", "beta", "beta body\nedited on b\n")
        return ["edited on b", "cased on a"]
    if scenario == "recreated-vs-edit":
        (a.path / "facts" / "beta.md").unlink()
        assert synced(a.sync())  # deleted and pushed, then made again with other content
        a.add("facts/beta", "beta again", "a brand new beta\n", updated=1_700_000_000_300)
        b.add("facts/beta", "beta", "beta body\nedited on b\n", updated=1_700_000_000_200)
        return ["a brand new beta", "edited on b"]
    if scenario == "frontmatter-same-key":
        a.add("facts/beta", "beta as a says", "beta body\n", updated=1_700_000_000_300)
        b.add("facts/beta", "beta as b says", "beta body\n", updated=1_700_000_000_200)
        return ["beta as a says", "beta as b says"]
    if scenario == "notes-same-line":
        for d in (a, b):
            d.write("notes.txt", "one\ntwo\nthree\n")
        a.sync(), b.sync(), a.sync()
        a.write("notes.txt", "one\ntwo from a\nthree\n")
        b.write("notes.txt", "one\ntwo from b\nthree\n")
        return ["two from a", "two from b"]
    if scenario == "nested-binary":
        for d in (a, b):
            (d.path / "assets" / "img").mkdir(parents=True, exist_ok=True)
        (a.path / "assets" / "img" / "logo.png").write_bytes(b"\x89PNG\0base")
        a.sync(), b.sync()
        (a.path / "assets" / "img" / "logo.png").write_bytes(b"\x89PNG\0from-a")
        (b.path / "assets" / "img" / "logo.png").write_bytes(b"\x89PNG\0from-b")
        return []
    raise AssertionError(scenario)


SCENARIOS = ["move-vs-edit", "rename-slug-vs-edit", "case-only-rename-vs-edit", "recreated-vs-edit",
             "frontmatter-same-key", "notes-same-line", "nested-binary"]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("first", ["a", "b"])
def test_concurrent_changes_on_two_devices_all_survive(pair: tuple[Device, Device], hub: Path, scenario: str,
                                                       first: str) -> None:
    a, b = pair
    must = _two_edits(a, b, scenario)
    order = (a, b) if first == "a" else (b, a)
    converge(*order)
    for d in (a, b):
        text = everything(d)
        for piece in must:
            assert piece in text, (d.path.name, piece)
        assert d.git("status", "--porcelain") == ""
        fsck(d.path)
    if scenario == "nested-binary":
        blobs = b"".join(p.read_bytes() for p in (a.path / "assets" / "img").iterdir())
        assert b"from-a" in blobs and b"from-b" in blobs
    fsck(hub)


def test_a_conflict_sibling_edited_elsewhere_and_a_conflict_of_a_conflict(pair: tuple[Device, Device],
                                                                          hub: Path) -> None:
    a, b = pair
    a.add("facts/beta", "beta", "A wrote this\n", updated=1_700_000_001_000)
    b.add("facts/beta", "beta", "B wrote this\n", updated=1_700_000_002_000)
    converge(a, b)
    [sibling] = [p.relative_to(a.path).as_posix() for p in a.path.glob("facts/beta--conflict-*.md")]
    # a edits the sibling, b edits it differently (same line): a conflict of the sibling
    a.write(sibling, a.read(sibling).replace("A wrote this", "A wrote this, and a fixed it")
            .replace("updated: 1700000001000", "updated: 1700000003000"))
    b.write(sibling, b.read(sibling).replace("A wrote this", "A wrote this, and b fixed it")
            .replace("updated: 1700000001000", "updated: 1700000004000"))
    b.add("facts/beta", "beta", "B wrote this\nand more from b\n", updated=1_700_000_005_000)
    converge(a, b)
    text = everything(a)
    for piece in ("a fixed it", "b fixed it", "and more from b", "B wrote this"):
        assert piece in text, piece
    assert list(a.path.glob("facts/beta--conflict-*--conflict-*.md"))


def test_state_json_edited_on_both_devices_stays_local(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    for d, n in ((a, 1), (b, 2)):
        d.write(".state.json", f'{{"device": {n}}}')
        d.write("facts/.state.json", f'{{"nested": {n}}}')
    a.add("facts/beta", "beta", "beta body\nfrom a\n")
    converge(a, b)
    for d, n in ((a, 1), (b, 2)):
        assert d.read(".state.json") == f'{{"device": {n}}}'
        assert d.read("facts/.state.json") == f'{{"nested": {n}}}'
    for repo in (a.path, b.path, hub):
        assert not any(p.endswith(".state.json") for p in history_paths(repo))


def _force(hub: Path, commit: str) -> None:
    git(hub, "update-ref", "refs/heads/main", commit)


@pytest.mark.parametrize("rewrite", ["older", "unrelated"])
def test_a_rewritten_remote_never_drops_local_commits(pair: tuple[Device, Device], hub: Path, tmp_path: Path,
                                                      rewrite: str) -> None:
    a, b = pair
    old = git(hub, "rev-parse", "main").strip()
    a.add("facts/beta", "beta", "beta body\npushed by a\n")
    assert synced(a.sync())
    assert synced(b.sync())
    b.add("facts/from-b", "from b", "b local work\n")
    assert synced(b.sync())
    a.add("facts/alpha", "alpha", "line 1\nlocal on a\n")
    if rewrite == "older":
        _force(hub, old)
    else:
        from memsync.cli import main

        other = Device(tmp_path / "other")
        assert main(["init", "--root", str(other.path)]) == 0
        git(other.path, "init", "-q", "-b", "main")
        other.add("facts/elsewhere", "elsewhere", "from an unrelated history\n")
        other.git("add", "-A")
        other.git("commit", "-qm", "unrelated", "--no-verify")
        git(hub, "fetch", "-q", str(other.path), "+main:refs/heads/main")
    results = [a.sync(), b.sync(), a.sync(), b.sync()]
    for d in (a, b):
        text = everything(d)
        for piece in ("pushed by a", "b local work", "local on a"):
            assert piece in text or in_history(d, piece), (rewrite, d.path.name, piece, [r.message for r in results])
    fsck(hub)


@pytest.mark.parametrize("where", ["pre-receive", "post-receive"])
def test_a_remote_that_drops_the_connection_mid_push_loses_nothing(tmp_path: Path, run, where: str) -> None:
    """git daemon's receive-pack is killed from a hook (after the pack arrived; before or after
    the ref moved): the sync stops cleanly, and the next one finishes the job."""
    from remotes import served_hub

    with served_hub(tmp_path) as (hub, url):
        a, b = Device(tmp_path / "a"), Device(tmp_path / "b")
        a.path.mkdir()
        a.add("facts/one", "one", "first\n")
        assert run("sync", "init", url, "--root", str(a.path)).returncode == 0
        assert run("sync", "init", url, "--root", str(b.path)).returncode == 0
        hook = hub / "hooks" / where
        hook.write_text("#!/bin/sh\ncat >/dev/null\nkill -9 $PPID\nexit 0\n")
        hook.chmod(0o755)
        a.add("facts/one", "one", "first\nedited on a before the cut\n", updated=1_700_000_000_100)
        out = run("sync", "--root", str(a.path))
        assert "Traceback" not in out.stderr
        assert out.returncode == 3, out.stderr
        assert "could not reach the remote" in out.stderr and "The next sync pushes them" in out.stderr
        assert "edited on a before the cut" in a.read("facts/one.md")
        hook.unlink()
        b.add("facts/two", "two", "from b\n")
        for d in (a, b, a, b):
            out = run("sync", "--root", str(d.path))
            assert out.returncode == 0, out.stderr
        for d in (a, b):
            assert "edited on a before the cut" in d.read("facts/one.md") and "from b" in d.read("facts/two.md")
            assert d.git("status", "--porcelain") == ""
            fsck(d.path)
        fsck(hub)


def test_root_md_edited_while_sync_recompiles_it_is_never_overwritten(pair: tuple[Device, Device]) -> None:
    """sync read ROOT.md, recompiled its tables (a new load_when trigger), and is about to write it:
    the hand-written part saved meanwhile must survive."""
    a, b = pair
    a.add("facts/beta", "beta", "beta body\n", load_when=["deploys"])
    head = a.git("rev-parse", "HEAD")
    proc = paused(a, "before-compiled-write")
    a.write("ROOT.md", a.read("ROOT.md").replace("## Current goal\n", "## Current goal\n\nShip the audit.\n"))
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err
    assert "Ship the audit." in a.read("ROOT.md"), err
    assert proc.returncode == 2 and "ROOT.md was edited while sync ran" in err, err
    assert a.git("rev-parse", "HEAD") == head  # it stopped before committing anything
    converge(a, b)
    for d in (a, b):
        assert "Ship the audit." in d.read("ROOT.md") and "deploys" in d.read("ROOT.md")
        assert d.git("status", "--porcelain") == ""


@pytest.mark.parametrize("phase", ["after-fetch", "after-checkout", "after-push"])
def test_an_edit_to_a_file_the_sync_brings_in_made_later_in_the_sync_is_kept(pair: tuple[Device, Device],
                                                                              phase: str) -> None:
    a, b = pair
    a.add("facts/beta", "beta", "beta body\nchanged on a\n")
    assert synced(a.sync())
    b.add("facts/alpha", "alpha", "line 1\nline 2\nline 3\nline 4\nline 5 from b\n")  # b has a push to make
    proc = paused(b, phase)
    b.add("facts/beta", "beta", "beta body\nchanged on a\nthen edited on b during the sync\n",
          updated=1_700_000_000_500)
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err
    assert "then edited on b during the sync" in b.read("facts/beta.md"), err
    converge(b, a)
    for d in (a, b):
        assert "then edited on b during the sync" in d.read("facts/beta.md")
        assert "line 5 from b" in d.read("facts/alpha.md")


def test_a_plain_text_file_changed_on_the_same_lines_keeps_both_and_says_so(pair: tuple[Device, Device],
                                                                            run) -> None:
    a, b = pair
    a.write("notes.txt", "one\ntwo\nthree\n")
    assert synced(a.sync()) and synced(b.sync())
    a.write("notes.txt", "one\ntwo from a\nthree\n")
    b.write("notes.txt", "one\ntwo from b\nthree\n")
    assert synced(a.sync())
    out = run("sync", "--root", str(b.path))
    assert out.returncode == 0, out.stderr
    assert "notes.txt: both devices changed the same lines" in out.stdout + out.stderr
    assert "delete the sibling" not in out.stdout + out.stderr
    converge(a, b)
    for d in (a, b):
        assert d.read("notes.txt") == "one\ntwo from a\ntwo from b\nthree\n"
    # lines changed apart are still an ordinary merge
    a.write("notes.txt", "one, again from a\ntwo from a\ntwo from b\nthree\n")
    b.write("notes.txt", "one\ntwo from a\ntwo from b\nthree, from b\n")
    assert synced(a.sync())
    result = b.sync()
    assert result.conflicts == [] and result.merged == ["notes.txt"]
    assert b.read("notes.txt") == "one, again from a\ntwo from a\ntwo from b\nthree, from b\n"


def test_root_md_text_changed_on_the_same_lines_keeps_both_and_says_so(pair: tuple[Device, Device], run) -> None:
    """ROOT.md's own text (the goal, the iron rules) is merged by lines like any text; where both
    devices changed the same line both versions stay, and the sync lists ROOT.md as a conflict."""
    a, b = pair
    text = a.read("ROOT.md")
    a.write("ROOT.md", text.replace("\n", "\nGoal: ship the audit.\n", 1))
    assert synced(a.sync()) and synced(b.sync())
    a.write("ROOT.md", a.read("ROOT.md").replace("Goal: ship the audit.", "Goal: ship the audit on Monday."))
    b.write("ROOT.md", b.read("ROOT.md").replace("Goal: ship the audit.", "Goal: ship the audit by Friday."))
    assert synced(a.sync())
    out = run("sync", "--root", str(b.path))
    assert out.returncode == 0, out.stderr
    assert "ROOT.md: both devices changed the same lines" in out.stdout + out.stderr
    converge(a, b)
    for d in (a, b):
        merged = d.read("ROOT.md")
        assert "Goal: ship the audit on Monday." in merged and "Goal: ship the audit by Friday." in merged
        assert run("check", "--root", str(d.path)).returncode == 0  # the tables are recompiled as usual
    # lines changed apart are an ordinary merge, as before
    a.write("ROOT.md", a.read("ROOT.md").replace("Goal: ship the audit by Friday.\n", ""))
    assert synced(a.sync()) and synced(b.sync())
    a.write("ROOT.md", a.read("ROOT.md") + "\nA line from a.\n")
    b.write("ROOT.md", b.read("ROOT.md").replace("Goal:", "Our goal:"))
    assert synced(a.sync())
    result = b.sync()
    assert result.conflicts == [] and "ROOT.md" in result.merged
    assert "A line from a." in b.read("ROOT.md") and "Our goal: ship the audit on Monday." in b.read("ROOT.md")
