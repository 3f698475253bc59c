"""Sync scenarios over a bare hub reached by path: every case of the merge policy
(issue 5 point 4), offline, refusals, locks, .state.json, secrets, interop."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git
from remotes import MARKERS, Device, entry_text, fsck, history_paths, hub, make_hub, pair, synced  # noqa: F401 - fixtures


def converge(*devices: Device) -> None:
    for d in devices + devices:
        result = d.sync()
        assert synced(result), result.message


def assert_healthy(*devices: Device, hub: Path | None = None) -> None:
    from memsync.cli import main

    for d in devices:
        assert main(["check", "--root", str(d.path)]) == 0, f"{d.path} has stale compiled files"
        for rel, text in d.files().items():
            for marker in MARKERS:
                assert marker not in text, f"conflict marker in {rel}"
        assert ".state.json" not in history_paths(d.path)
        fsck(d.path)
    if hub is not None:
        fsck(hub)


def test_first_sync_pushes_and_adopts(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    assert b.files() == a.files()
    assert "beta body" in b.read("facts/beta.md")
    assert a.git("rev-parse", "HEAD") == b.git("rev-parse", "HEAD") == git(hub, "rev-parse", "main")
    config = (b.path / ".git" / "config").read_text()
    assert "[branch \"main\"]" in config and str(hub) in config
    assert ".state.json" in (b.path / ".git" / "info" / "exclude").read_text()
    assert (b.path / ".git" / "hooks" / "pre-commit").exists()
    assert_healthy(a, b, hub=hub)


def test_different_entries_both_kept(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    a.add("facts/from-a", "from a", "written on a\n")
    b.add("decisions/from-b", "from b", "written on b\n")
    assert synced(a.sync())
    result = b.sync()
    assert synced(result)
    assert "facts/from-a.md" in result.received and "decisions/from-b.md" in result.sent
    converge(a, b)
    assert a.files() == b.files()
    assert "written on b" in a.read("decisions/from-b.md")
    assert "from-b" in a.read("decisions/index.md") and "from-a" in b.read("facts/index.md")
    assert_healthy(a, b, hub=hub)


def test_same_entry_different_lines_and_fields_merge(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    body = "line 1\nline 2\nline 3\nline 4\nline 5\n"
    a.add("facts/alpha", "alpha", body.replace("line 1", "line 1 edited on a"), load_when=["alpha", "from-a"],
          updated=1_700_000_000_500)
    b.add("facts/alpha", "alpha", body.replace("line 5", "line 5 edited on b"), load_when=["alpha", "from-b"],
          updated=1_700_000_000_900, created=1_600_000_000_000)
    assert synced(a.sync())
    result = b.sync()
    assert synced(result) and result.conflicts == []
    converge(a, b)
    text = a.read("facts/alpha.md")
    assert "line 1 edited on a" in text and "line 5 edited on b" in text
    assert "from-a" in text and "from-b" in text  # load_when: union
    assert "updated: 1700000000900" in text  # the latest
    assert "created: 1600000000000" in text  # the earliest
    assert not list(a.path.glob("facts/*--conflict-*"))
    assert "from-a" in a.read("ROOT.md") and "from-b" in a.read("ROOT.md")  # routing regenerated
    assert a.files() == b.files()
    assert_healthy(a, b, hub=hub)


@pytest.mark.parametrize("case", ["same-lines", "add-add"])
def test_true_conflict_keeps_both_as_sibling(pair: tuple[Device, Device], hub: Path, case: str, run) -> None:
    a, b = pair
    slug = "facts/alpha" if case == "same-lines" else "facts/gamma"
    a.add(slug, "version a", "A wrote this line\n", updated=1_700_000_001_000)
    b.add(slug, "version b", "B wrote this line\n", updated=1_700_000_002_000)
    assert synced(a.sync())
    result = b.sync()
    assert synced(result)
    assert [c["path"] for c in result.conflicts] == [f"{slug}.md"]
    converge(a, b)
    assert a.files() == b.files()
    assert "B wrote this line" in a.read(f"{slug}.md")  # the later `updated` keeps the path
    siblings = list(a.path.glob(f"{slug}--conflict-*.md"))
    assert len(siblings) == 1
    sibling = siblings[0].read_text()
    assert "A wrote this line" in sibling and f"conflict_of: {slug}" in sibling
    lint = run("lint", "--root", str(a.path))
    assert "W040" in lint.stdout + lint.stderr
    status = run("sync", "status", "--root", str(a.path), "--json")
    assert status.returncode == 0
    listed = json.loads(status.stdout)["conflicts"]
    assert [c["conflict_of"] for c in listed] == [slug]
    assert_healthy(a, b, hub=hub)


@pytest.mark.parametrize("deleter", ["a", "b"])
def test_delete_against_edit_keeps_the_edit(pair: tuple[Device, Device], hub: Path, deleter: str) -> None:
    a, b = pair
    gone, editor = (a, b) if deleter == "a" else (b, a)
    (gone.path / "facts" / "beta.md").unlink()
    editor.add("facts/beta", "beta", "beta body\nedited, must survive\n", updated=1_700_000_000_100)
    converge(a, b)
    for d in (a, b):
        assert "edited, must survive" in d.read("facts/beta.md")
        assert "beta" in d.read("facts/index.md")
    assert a.files() == b.files()
    assert_healthy(a, b, hub=hub)


def test_root_md_hand_written_parts_merge_without_markers(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    root_a = a.read("ROOT.md")
    assert "<!-- memsync:begin routing -->" in root_a
    a.write("ROOT.md", root_a.replace("# Memory", "# Memory\n\nCurrent goal: ship sync (from a).", 1))
    b.write("ROOT.md", b.read("ROOT.md") + "\nA note from b at the end.\n")
    converge(a, b)
    text = a.read("ROOT.md")
    assert "ship sync (from a)" in text and "A note from b at the end." in text
    assert text.count("<!-- memsync:begin routing -->") == 1
    assert a.files() == b.files()
    # A true conflict: the same hand-written line changed on both sides.
    a.write("ROOT.md", a.read("ROOT.md").replace("ship sync (from a)", "ship sync, says A"))
    b.write("ROOT.md", b.read("ROOT.md").replace("ship sync (from a)", "ship sync, says B"))
    converge(a, b)
    text = a.read("ROOT.md")
    assert "says A" in text and "says B" in text
    assert a.files() == b.files()
    assert_healthy(a, b, hub=hub)


def test_index_md_is_regenerated_not_merged(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    a.add("facts/from-a", "from a", "x\n")
    b.add("facts/from-b", "from b", "y\n")
    (b.path / "facts" / "index.md").write_text("hand edit that must not survive\n")
    converge(a, b)
    index = a.read("facts/index.md")
    assert "from-a" in index and "from-b" in index and "hand edit" not in index
    assert a.files() == b.files()
    assert_healthy(a, b, hub=hub)


@pytest.mark.parametrize("how", ["ignored", "dotfile"])
def test_untracked_file_in_the_way_stops_before_touching_anything(pair: tuple[Device, Device], hub: Path,
                                                                  how: str, tmp_path: Path) -> None:
    from memsync.errors import MemsyncError

    a, b = pair
    rel = "facts/newone.md" if how == "ignored" else "facts/.draft"
    if how == "ignored":
        (b.path / ".git" / "info" / "exclude").write_text(".state.json\nfacts/newone.md\n")
    b.write(rel, "my own untracked notes\n")
    assert synced(b.sync())  # the file stays untracked: ignored, or a dot-file memsync skips
    assert rel not in b.git("ls-files")
    a.write(rel, "from a\n")
    a.add("facts/beta", "beta", "beta body\nchanged on a\n")
    a.git("add", "-f", rel)  # committed on purpose with the git CLI on the other device
    assert synced(a.sync())
    head = b.git("rev-parse", "HEAD")
    with pytest.raises(MemsyncError) as info:
        b.sync()
    assert rel in info.value.message and "Nothing was changed" in info.value.message
    assert b.read(rel) == "my own untracked notes\n"
    assert "changed on a" not in b.read("facts/beta.md")  # nothing else was touched either
    assert b.git("rev-parse", "HEAD") != "" and b.git("status", "--porcelain", "--untracked-files=no") == ""
    assert b.git("log", "--format=%H").count(head.strip()) == 1
    (b.path / rel).unlink()
    assert synced(b.sync())
    assert b.read(rel) == "from a\n" and "changed on a" in b.read("facts/beta.md")


def test_untracked_file_appearing_mid_sync_stops_the_checkout(pair: tuple[Device, Device], run) -> None:
    a, b = pair
    a.add("facts/late", "late", "from a\n")
    assert synced(a.sync())
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", "sync", "--root", str(b.path)],
        env={**os.environ, "MEMSYNC_SYNC_PAUSE": "after-fetch:1",
             "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    assert proc.stderr.readline().strip() == "memsync: pausing at after-fetch"
    b.write("facts/late.md", "written while sync ran\n")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "facts/late.md" in err and "Nothing was changed" in err
    assert b.read("facts/late.md") == "written while sync ran\n"


def test_uncommitted_local_edit_is_committed_then_merged(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    a.add("facts/alpha", "alpha", "line 1 from a\nline 2\nline 3\nline 4\nline 5\n")
    assert synced(a.sync())
    b.add("facts/alpha", "alpha", "line 1\nline 2\nline 3\nline 4\nline 5 from b\n")
    result = b.sync()
    assert synced(result) and result.committed
    text = b.read("facts/alpha.md")
    assert "line 1 from a" in text and "line 5 from b" in text
    log = b.git("log", "--format=%s", "-3")
    assert "memsync: record local changes" in log
    converge(a, b)
    assert a.files() == b.files()


def test_criss_cross_history_drops_no_side(pair: tuple[Device, Device], hub: Path) -> None:
    """Two merge bases that disagree about an entry: both versions survive."""
    a, b = pair
    a.add("facts/beta", "beta", "beta says A\n", updated=1_700_000_000_100)
    b.add("facts/beta", "beta", "beta says B\n", updated=1_700_000_000_200)
    for d in (a, b):
        d.git("add", "-A")
        d.git("commit", "-qm", "edit", "--no-verify")
    # Criss-cross with the git CLI: each side merges the other's commit, resolving the
    # conflict its own way, then each commits something more on top.
    b.git("fetch", "-q", str(a.path), "main:refs/remotes/a/main")
    a.git("fetch", "-q", str(b.path), "main:refs/remotes/b/main")
    a.git("merge", "-q", "--no-edit", "-X", "ours", "refs/remotes/b/main", "--no-verify")
    b.git("merge", "-q", "--no-edit", "-X", "ours", "refs/remotes/a/main", "--no-verify")
    a.add("facts/after-a", "after a", "x\n")
    b.add("facts/after-b", "after b", "y\n")
    for d in (a, b):
        d.git("add", "-A")
        d.git("commit", "-qm", "more", "--no-verify")
    b.git("fetch", "-q", str(a.path), "main:refs/remotes/a/main")
    bases = b.git("merge-base", "--all", "HEAD", "refs/remotes/a/main").split()
    assert len(bases) == 2
    converge(a, b)
    everything = "\n".join(a.files().values())
    assert "beta says A" in everything and "beta says B" in everything
    assert (a.path / "facts" / "after-a.md").exists() and (a.path / "facts" / "after-b.md").exists()
    assert a.files() == b.files()
    assert_healthy(a, b, hub=hub)


def test_offline_commits_locally_and_next_sync_pushes(pair: tuple[Device, Device], hub: Path, run) -> None:
    a, b = pair
    moved = hub.with_name("hub-away.git")
    hub.rename(moved)
    a.add("facts/offline", "written offline", "kept\n")
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 3, out.stderr
    assert "could not reach" in out.stderr and "1 commit(s) wait" in out.stderr
    assert "Traceback" not in out.stderr
    assert a.git("status", "--porcelain") == ""
    status = json.loads(run("sync", "status", "--root", str(a.path), "--json").stdout)
    assert status["ahead"] == 1 and status["last"]["outcome"] == "offline"
    a.add("facts/offline2", "also offline", "kept too\n")
    out = run("sync", "--root", str(a.path), "--json")
    assert out.returncode == 3 and json.loads(out.stdout)["waiting"] == 2
    moved.rename(hub)
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 0, out.stderr
    assert "offline.md" in out.stdout
    assert synced(b.sync())
    assert "kept too" in b.read("facts/offline2.md")


@pytest.mark.parametrize("operation", ["merge", "rebase"])
def test_repo_left_mid_merge_or_rebase_is_refused(pair: tuple[Device, Device], hub: Path, operation: str, run) -> None:
    a, b = pair
    a.add("facts/beta", "beta", "beta from a\n")
    assert synced(a.sync())
    b.add("facts/beta", "beta", "beta from b\n")
    b.git("add", "-A")
    b.git("commit", "-qm", "b edit", "--no-verify")
    b.git("fetch", "-q", "origin")
    b.git(operation, "origin/main", check=False)
    marker = "MERGE_HEAD" if operation == "merge" else "rebase-merge"
    assert (b.path / ".git" / marker).exists()
    before = {p: v for p, v in b.files().items()}
    head = b.git("rev-parse", "HEAD")
    out = run("sync", "--root", str(b.path))
    assert out.returncode == 2
    assert f"middle of a {operation}" in out.stderr and "Nothing was changed" in out.stderr
    assert b.files() == before and b.git("rev-parse", "HEAD") == head


def test_second_sync_waits_then_gives_up_with_clear_message(pair: tuple[Device, Device], run) -> None:
    from memsync.sync.lock import RepoLock

    a, _ = pair
    a.write(".memsync.yaml", "sync:\n  lock_timeout: 0.5\n")
    lock = RepoLock(a.path / ".git")
    lock.acquire(1)
    try:
        out = run("sync", "--root", str(a.path))
    finally:
        lock.release()
    assert out.returncode == 2
    assert "another memsync sync" in out.stderr and f"pid {os.getpid()}" in out.stderr
    assert run("sync", "--root", str(a.path)).returncode == 0


def test_stale_lock_from_killed_sync_is_recovered(pair: tuple[Device, Device], run) -> None:
    a, _ = pair
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time, pathlib; sys.path.insert(0, sys.argv[2]);"
         "from memsync.sync.lock import RepoLock;"
         "l = RepoLock(pathlib.Path(sys.argv[1])); l.acquire(5);"
         "cm = l.holding('index.lock'); cm.__enter__();"
         "(pathlib.Path(sys.argv[1]) / 'index.lock').write_bytes(b'x');"
         "print('locked', flush=True); time.sleep(60)",
         str(a.path / ".git"), str(Path(__file__).resolve().parent.parent)],
        stdout=subprocess.PIPE, text=True,
    )
    assert holder.stdout.readline().strip() == "locked"
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert (a.path / ".git" / "index.lock").exists()
    a.add("facts/after-crash", "after crash", "x\n")
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 0, out.stderr
    assert "interrupted" in out.stderr and "index.lock" in out.stderr
    assert not (a.path / ".git" / "index.lock").exists()


def test_temp_files_of_a_killed_sync_are_removed_not_committed(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    litter = [a.path / "facts" / f".alpha.md.memsync-{proc.pid}-0123abcd.tmp",
              a.path / f".ROOT.md.memsync-{proc.pid}-4567cdef.tmp"]
    for path in litter:
        path.write_text("half written")
    keep = a.path / "facts" / ".draft.tmp"  # the user's own hidden file: left alone
    keep.write_text("mine")
    a.add("facts/gamma", "gamma", "g\n")
    assert synced(a.sync())
    assert not any(p.exists() for p in litter) and keep.read_text() == "mine"
    assert a.git("status", "--porcelain").strip() == "?? facts/.draft.tmp"
    assert not any(".tmp" in p for p in history_paths(hub))
    assert synced(b.sync()) and (b.path / "facts" / "gamma.md").exists()


def test_object_lock_files_left_by_a_killed_writer_do_not_block_sync(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    a.add("facts/gamma", "gamma", "g\n")
    sha = a.git("hash-object", "facts/gamma.md").strip()
    lock = a.path / ".git" / "objects" / sha[:2] / f"{sha[2:]}.lock"
    lock.parent.mkdir(exist_ok=True)
    lock.write_bytes(b"half an object")
    result = a.sync()
    assert synced(result), result.message
    assert a.git("cat-file", "-p", sha) == (a.path / "facts" / "gamma.md").read_text()
    assert synced(b.sync()) and (b.path / "facts" / "gamma.md").exists()
    fsck(a.path)


def test_state_json_never_committed_even_without_ignore_rules(pair: tuple[Device, Device], hub: Path) -> None:
    a, b = pair
    (a.path / ".gitignore").write_text("# rules removed by the user\n")
    (a.path / ".git" / "info" / "exclude").write_text("")
    for i in range(3):
        (a.path / ".state.json").write_text(json.dumps({"recall": i}))
        (a.path / "facts" / ".state.json").write_text("{}")
        a.add("facts/churn", "churn", f"round {i}\n")
        assert synced(a.sync())
    assert synced(b.sync())
    for repo in (a.path, b.path, hub):
        assert not any(p.endswith(".state.json") for p in history_paths(repo)), repo
    assert not (b.path / ".state.json").exists()


def test_secret_is_never_committed_or_pushed(pair: tuple[Device, Device], hub: Path, run) -> None:
    a, _ = pair
    secret = "AKIA" + "Z7QW3ERTY5UIOP2A"
    a.add("facts/creds", "deploy key", f"the key is {secret}\n")
    hub_head = git(hub, "rev-parse", "main")
    head = a.git("rev-parse", "HEAD")
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 1
    assert "facts/creds.md:" in out.stdout and secret not in out.stdout + out.stderr
    assert "nothing was committed or pushed" in out.stderr
    assert a.git("rev-parse", "HEAD") == head and git(hub, "rev-parse", "main") == hub_head
    # A commit made around memsync (hook skipped) is still stopped before the push.
    a.git("add", "-A")
    a.git("commit", "-qm", "sneaky", "--no-verify")
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 1 and secret not in out.stdout + out.stderr
    assert git(hub, "rev-parse", "main") == hub_head
    assert secret not in subprocess.run(["git", "-C", str(hub), "log", "-p", "--all"], capture_output=True, check=False,
                                        text=True).stdout


def test_git_cli_clones_pulls_and_pushes_between_syncs(pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, b = pair
    clone = tmp_path / "cli-clone"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    assert (clone / "facts" / "alpha.md").exists()
    (clone / "facts" / "cli.md").write_text(entry_text("facts/cli", "from git cli", "pushed by git\n"))
    git(clone, "add", "-A")
    git(clone, "commit", "-qm", "cli commit")
    git(clone, "push", "-q")
    a.add("facts/mem", "from memsync", "synced\n")
    assert synced(a.sync())
    assert "pushed by git" in a.read("facts/cli.md")
    assert "cli" in a.read("facts/index.md")  # compiled from the CLI's entry too
    git(clone, "pull", "-q", "--no-rebase")
    assert (clone / "facts" / "mem.md").exists()
    assert git(clone, "status", "--porcelain") == ""
    # git CLI in a memsync device itself.
    b.git("pull", "-q", "--no-rebase")
    b.add("facts/b-cli", "b via cli", "z\n")
    b.git("add", "-A")
    b.git("commit", "-qm", "b cli commit", "--no-verify")
    b.git("push", "-q")
    assert synced(a.sync()) and synced(b.sync())
    assert b.git("status", "--porcelain") == "" and a.git("status", "--porcelain") == ""
    converge(a, b)
    assert a.files() == b.files()
    fsck(clone)
    assert_healthy(a, b, hub=hub)


def test_sync_prints_both_directions_and_json(pair: tuple[Device, Device], run) -> None:
    a, b = pair
    a.add("facts/out-a", "out a", "x\n")
    b.add("facts/out-b", "out b", "y\n")
    assert run("sync", "--root", str(a.path)).returncode == 0
    out = run("sync", "--root", str(b.path))
    assert out.returncode == 0
    assert "sent" in out.stdout and "facts/out-b.md" in out.stdout
    assert "received" in out.stdout and "facts/out-a.md" in out.stdout
    again = json.loads(run("sync", "--root", str(b.path), "--json").stdout)
    assert again["outcome"] == "up-to-date" and again["sent"] == [] and again["received"] == []
    status = json.loads(run("sync", "status", "--root", str(b.path), "--json").stdout)
    assert status["ahead"] == 0 and status["behind"] == 0 and status["last"]["outcome"] == "up-to-date"


def test_bad_usage_is_reported_without_traceback(tmp_path: Path, run) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    out = run("sync", "--root", str(plain))
    assert out.returncode == 2 and "not a git repository" in out.stderr and "Traceback" not in out.stderr
    out = run("sync", "--root", str(tmp_path / "missing"))
    assert out.returncode == 2 and "does not exist" in out.stderr
    out = run("sync", "init", str(tmp_path / "no-such-hub.git"), "--root", str(tmp_path / "new"))
    assert out.returncode == 3 and "could not reach" in out.stderr
    git_repo = tmp_path / "proj"
    git_repo.mkdir()
    git(git_repo, "init", "-q")
    out = run("sync", "init", str(tmp_path / "x.git"), "--root", str(git_repo / ".memory"))
    assert out.returncode == 2 and "inside the git repository" in out.stderr
    assert not (git_repo / ".memory").exists()


def test_setup_problems_have_clear_messages(pair: tuple[Device, Device], tmp_path: Path, run) -> None:
    a, _ = pair
    a.git("checkout", "-q", "-b", "other")
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 2 and "is on refs/heads/other" in out.stderr and "git switch main" in out.stderr
    a.git("checkout", "-q", "main")
    a.write(".memsync.yaml", "sync:\n  attempts: many\n")
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 2 and "sync.attempts" in out.stderr
    (a.path / ".memsync.yaml").unlink()
    lone = tmp_path / "lone"
    lone.mkdir()
    git(lone, "init", "-q", "-b", "main")
    out = run("sync", "--root", str(lone))
    assert out.returncode == 2 and "has no remote" in out.stderr
    out = run("sync", "init", str(tmp_path / "elsewhere.git"), "--root", str(a.path))
    assert out.returncode == 2 and "already has the remote origin" in out.stderr


def test_changes_staged_with_git_are_synced(pair: tuple[Device, Device]) -> None:
    a, b = pair
    a.add("facts/staged", "staged", "staged with git add\n")
    a.git("add", "facts/staged.md")
    (a.path / "facts" / "beta.md").unlink()
    a.git("rm", "-q", "--cached", "facts/beta.md")
    assert synced(a.sync()) and synced(b.sync())
    assert "staged with git add" in b.read("facts/staged.md")
    assert not (b.path / "facts" / "beta.md").exists()
    assert a.git("status", "--porcelain") == ""


def test_fetched_objects_do_not_pile_up_as_packs(pair: tuple[Device, Device]) -> None:
    a, b = pair
    for i in range(4):
        a.add(f"facts/round{i}", f"round {i}", "x\n")
        assert synced(a.sync()) and synced(b.sync())
    packs = list((b.path / ".git" / "objects" / "pack").glob("*.pack"))
    assert len(packs) <= 1, packs  # small fetches become loose objects, as with git
    assert "round 3" in b.read("facts/index.md")


def test_gc_auto_rule_repacks_and_keeps_the_repo_healthy(pair: tuple[Device, Device]) -> None:
    a, b = pair
    for i in range(2):
        b.add(f"facts/pack{i}", "p", "x\n")
        b.git("add", "-A")
        b.git("commit", "-qm", f"p{i}", "--no-verify")
        b.git("repack", "-q")  # one more pack each time, loose objects kept
    b.git("config", "gc.autoPackLimit", "2")
    assert len(list((b.path / ".git" / "objects" / "pack").glob("*.pack"))) >= 2
    assert synced(b.sync())
    assert len(list((b.path / ".git" / "objects" / "pack").glob("*.pack"))) == 1
    fsck(b.path)
    assert synced(a.sync()) and "pack1" in a.read("facts/index.md")


def test_root_without_root_md_gets_one_and_stays_consistent(tmp_path: Path, hub: Path) -> None:
    from memsync.cli import main

    a = Device(tmp_path / "plain")
    a.add("facts/only", "only entry", "x\n")  # a folder of entries, never `memsync init`ed
    assert a.init(str(hub)) == 0
    assert synced(a.sync())
    assert (a.path / "ROOT.md").exists()
    assert main(["check", "--root", str(a.path)]) == 0
    b = Device(tmp_path / "other")
    assert b.init(str(hub)) == 0 and b.files() == a.files()


def test_deleting_a_plain_file_in_a_folder_is_pushed(pair: tuple[Device, Device], hub: Path) -> None:
    # The only change in its folder is a deletion: the push must still carry that folder's new tree.
    a, b = pair
    (a.path / "facts" / "notes.txt").write_text("plain notes\n")
    (a.path / "facts" / "more.txt").write_text("more notes\n")  # so the folder's next tree is new to the hub
    assert synced(a.sync()) and synced(b.sync())
    assert b.read("facts/notes.txt") == "plain notes\n"
    (a.path / "facts" / "notes.txt").unlink()
    result = a.sync()
    assert synced(result), result.message
    assert result.sent == [] and result.sent_deletions == ["facts/notes.txt"]  # a deletion, not "sent"
    assert synced(b.sync())
    assert not (b.path / "facts" / "notes.txt").exists()
    assert_healthy(a, b, hub=hub)
