""".state.json is per-device (counters, last results) and memsync never commits it; a person can
still commit it with the git CLI (`git add -f .state.json`). Sync then heals the branch instead
of stopping every device: the file is left out of each device's checkout, its removal is
committed and pushed, and each device's own .state.json stays on its disk byte for byte.

End to end over real hubs (a bare repo by path, and git daemon on 127.0.0.1), with the git CLI
doing what a person would do."""
from __future__ import annotations

import json
import os
import random
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, git
from remotes import Device, GitDaemon, fsck, history_paths, make_hub

STATE_PATHS = (".state.json", "facts/.state.json")
LEFT_OUT = "committed outside memsync"


def memsync(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "memsync", *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def token(seed: int) -> str:
    """A GitHub-token-shaped value built at run time (never a literal in the source)."""
    rng = random.Random(seed)
    return "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))


@pytest.fixture(params=["path", "daemon"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """(hub path, the URL the devices use): by path, or git:// through git daemon."""
    base = tmp_path / "served"
    base.mkdir()
    hub = make_hub(base / "hub.git")
    if request.param == "path":
        yield hub, str(hub)
        return
    daemon = GitDaemon(base)
    try:
        yield hub, daemon.url("hub.git")
    finally:
        daemon.stop()


def devices(tmp_path: Path, url: str) -> tuple[Device, Device]:
    """A (two entries) and B, both synced with the hub, each with .state.json files of its own."""
    from memsync.cli import main

    a, b = Device(tmp_path / "a"), Device(tmp_path / "b")
    assert main(["init", "--root", str(a.path)]) == 0
    a.add("facts/alpha", "alpha", "alpha body\n")
    a.add("facts/beta", "beta", "beta body\n")
    assert a.init(url) == 0
    assert b.init(url) == 0
    for d, n in ((a, 1), (b, 2)):
        for rel in STATE_PATHS:
            d.write(rel, json.dumps({"recall": {"facts/alpha": {"hits": n, "last": 17 * n}}, "device": d.path.name}))
    return a, b


def state_of(d: Device) -> dict[str, bytes]:
    return {rel: (d.path / rel).read_bytes() for rel in STATE_PATHS}


def shared(d: Device) -> dict[str, str]:
    """The files every device holds alike (each one's .state.json files left out)."""
    return {k: v for k, v in d.files().items() if k.rpartition("/")[2] != ".state.json"}


def tree_paths(repo: Path, ref: str = "main") -> list[str]:
    return git(repo, "ls-tree", "-r", "--name-only", ref).splitlines()


def worktree_bytes(root: Path) -> bytes:
    """Every byte of every file of the root outside .git."""
    out = []
    for folder, dirs, files in os.walk(root):
        if folder == str(root) and ".git" in dirs:
            dirs.remove(".git")
        out += [Path(folder, name).read_bytes() for name in files]
    return b"\n".join(out)


def by_hand(d: Device, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The git CLI in the device, with memsync's own hooks able to run (memsync importable)."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run(["git", "-C", str(d.path), *args], env=env, capture_output=True, text=True, check=False)
    assert out.returncode == 0 or not check, f"git {' '.join(args)}: {out.stderr}"
    return out


def commit_state_by_hand(d: Device, *, push: bool) -> str:
    """What a person does: force-add the ignored .state.json files and commit (and push) with git,
    staging what memsync's pre-commit hook recompiled when it asks to."""
    by_hand(d, "add", "-f", *STATE_PATHS)
    first = by_hand(d, "commit", "-qm", "by hand: counters too", check=False)
    if first.returncode != 0:
        assert "stage them (git add) and commit again" in first.stderr, first.stderr
        by_hand(d, "add", "-u")
        by_hand(d, "commit", "-qm", "by hand: counters too")
    if push:
        by_hand(d, "push", "-q", "origin", "main")
    return by_hand(d, "rev-parse", "HEAD").stdout.strip()


# -- the remote's main holds .state.json ------------------------------------------------------

@pytest.mark.parametrize("b_edits", [False, True], ids=["fast-forward", "merge"])
def test_a_remote_holding_state_json_is_healed_and_every_device_keeps_its_own(
        tmp_path: Path, served: tuple[Path, str], b_edits: bool) -> None:
    hub, url = served
    a, b = devices(tmp_path, url)
    a.add("facts/gamma", "gamma", "from a, by hand\n")
    a.git("add", "facts/gamma.md")
    a_state, b_state = state_of(a), state_of(b)
    dirty = commit_state_by_hand(a, push=True)
    assert set(STATE_PATHS) <= set(tree_paths(hub))
    if b_edits:
        b.add("facts/delta", "delta", "from b\n")

    out = memsync("sync", "--root", str(b.path))
    said = out.stdout + out.stderr
    assert out.returncode == 0, said
    lines = [ln for ln in said.splitlines() if LEFT_OUT in ln]
    assert len(lines) == 1, said
    assert "the remote's main held .state.json, facts/.state.json" in lines[0]
    assert "left out of this device's checkout and removed from the branch" in lines[0]
    assert ".state.json" not in "\n".join(ln for ln in said.splitlines() if ln not in lines)  # in that line only
    # B's own files are as they were; A's never reached B's disk.
    assert state_of(b) == b_state
    for data in a_state.values():
        assert data not in worktree_bytes(b.path)
    assert "from a, by hand" in b.read("facts/gamma.md")
    assert not any(p.endswith(".state.json") for p in b.git("ls-files").splitlines())
    # The commit B pushed removes them: the remote's main is healed.
    assert not any(p.endswith(".state.json") for p in tree_paths(hub))
    assert b.git("rev-parse", "HEAD").strip() == git(hub, "rev-parse", "main").strip()
    removed = b.git("diff", "--name-status", dirty, "HEAD").splitlines()
    assert {f"D\t{p}" for p in STATE_PATHS} <= set(removed)
    assert ("delta" in b.read("facts/index.md")) == b_edits
    # The result says it, in JSON and in `sync status` / `inspect` (from the status file).
    last = json.loads((b.path / ".git" / "memsync-status.json").read_text())
    assert last["healed"] == [lines[0].strip()]
    assert not any(".state.json" in p for key in ("sent", "sent_deletions", "received", "received_deletions",
                                                   "merged") for p in last[key])
    for args in (("sync", "status", "--root", str(b.path)), ("inspect", "--root", str(b.path))):
        shown = memsync(*args)
        assert shown.returncode == 0 and "the remote's main held .state.json" in shown.stdout, shown.stdout

    # A's next sync takes the heal: its own files stay on disk, byte for byte, and out of git.
    out = memsync("sync", "--root", str(a.path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert state_of(a) == a_state
    assert not any(p.endswith(".state.json") for p in a.git("ls-files").splitlines())
    assert a.git("status", "--porcelain") == ""  # ignored again, as they were before
    for d in (a, b, a):
        assert memsync("sync", "--root", str(d.path)).returncode == 0
    assert shared(a) == shared(b)
    assert state_of(a) == a_state and state_of(b) == b_state
    assert not any(p.endswith(".state.json") for p in tree_paths(hub))
    for repo in (a.path, b.path, hub):
        fsck(repo)


def test_a_remote_state_json_that_is_deleted_here_is_never_deleted_from_disk(tmp_path: Path) -> None:
    """A device whose own commit put .state.json on the branch (and pushed it with the CLI) fast-forwards
    to the commit that removes it: the removal reaches its index, never its disk."""
    hub = make_hub(tmp_path / "hub.git")
    a, b = devices(tmp_path, str(hub))
    a_state = state_of(a)
    commit_state_by_hand(a, push=True)
    assert memsync("sync", "--root", str(b.path)).returncode == 0
    # A's index still lists them (its git CLI commit): sync takes them out of it, keeps the files.
    out = memsync("sync", "--root", str(a.path), "--json")
    assert out.returncode == 0, out.stderr
    assert state_of(a) == a_state
    assert git(hub, "rev-parse", "main") == a.git("rev-parse", "HEAD")
    assert not any(p.endswith(".state.json") for p in tree_paths(hub))


@pytest.mark.parametrize("shape", ["folder-named-state", "symlink", "deep", "other-case"])
def test_any_shape_of_state_json_on_the_remote_is_left_out(tmp_path: Path, shape: str) -> None:
    """A folder named .state.json, a symlink by that name, a deep one, one spelled `.State.JSON` (on
    macOS it would overwrite this device's own): all are left out and removed."""
    hub = make_hub(tmp_path / "hub.git")
    a, b = devices(tmp_path, str(hub))
    b_state = state_of(b)
    if shape == "folder-named-state":
        (a.path / "notes" / ".state.json").mkdir(parents=True)
        (a.path / "notes" / ".state.json" / "x.md").write_bytes(b"---\n\0\0 binary\n")
        added = ["notes/.state.json/x.md"]
    elif shape == "symlink":
        os.symlink("/etc/passwd", a.path / "decisions" / ".state.json")
        added = ["decisions/.state.json"]
    elif shape == "other-case":
        (a.path / "facts" / ".State.JSON").write_text('{"device": "a"}')
        added = ["facts/.State.JSON"]
    else:
        (a.path / "a" / "b" / "c").mkdir(parents=True)
        (a.path / "a" / "b" / "c" / ".state.json").write_text("{}")
        added = ["a/b/c/.state.json"]
    by_hand(a, "add", "-f", *added)
    by_hand(a, "commit", "-qm", "by hand", "--no-verify")
    by_hand(a, "push", "-q", "origin", "main")
    out = memsync("sync", "--root", str(b.path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"the remote's main held {added[0]}" in out.stdout
    assert state_of(b) == b_state
    assert not (b.path / added[0]).exists() and not (b.path / added[0]).is_symlink()
    assert not any(".state.json" in p.casefold() for p in tree_paths(hub))
    # A, whose index holds it, takes it out of git and keeps it on disk as it was.
    kept = os.readlink(a.path / added[0]) if shape == "symlink" else (a.path / added[0]).read_bytes()
    out = memsync("sync", "--root", str(a.path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"this device's git index held {added[0]}" in out.stdout
    assert (os.readlink(a.path / added[0]) if shape == "symlink" else (a.path / added[0]).read_bytes()) == kept
    assert not any(".state.json" in p for p in a.git("ls-files").splitlines())
    assert not any(".state.json" in p for p in tree_paths(hub))
    fsck(a.path)
    fsck(b.path)


def test_a_remote_state_json_holding_a_secret_does_not_stop_other_devices(tmp_path: Path) -> None:
    """A's CLI push already published the token: B's heal does not publish it again, syncs, says what
    to do about the secret, and never prints it."""
    hub = make_hub(tmp_path / "hub.git")
    a, b = devices(tmp_path, str(hub))
    secret = token(5)
    a.write(".state.json", json.dumps({"recall": {}, "note": f"token {secret}"}))
    a.git("add", "-f", ".state.json")
    a.git("commit", "-qm", "by hand", "--no-verify")
    a.git("push", "-q", "origin", "main")
    b_state = state_of(b)
    out = memsync("sync", "--root", str(b.path))
    said = out.stdout + out.stderr
    assert out.returncode == 0, said
    assert secret not in said and secret not in (b.path / ".git" / "memsync-status.json").read_text()
    assert "possible secret" in said and "rotate" in said and "ghp_***" in said
    assert state_of(b) == b_state
    assert ".state.json" not in tree_paths(hub)


# -- a local commit made with the git CLI adds .state.json -------------------------------------

@pytest.mark.parametrize("how", ["committed", "staged"])
def test_a_local_state_json_in_git_is_taken_out_kept_on_disk_and_pushed_clean(tmp_path: Path,
                                                                              served: tuple[Path, str],
                                                                              how: str) -> None:
    hub, url = served
    a, b = devices(tmp_path, url)
    a_state, b_state = state_of(a), state_of(b)
    if how == "committed":
        commit_state_by_hand(a, push=False)
    else:
        a.git("add", "-f", *STATE_PATHS)
    status = memsync("sync", "status", "--root", str(a.path))
    assert status.returncode == 0
    assert "the next sync takes them out of git" in status.stdout and ".state.json, facts/.state.json" in status.stdout
    out = memsync("sync", "--root", str(a.path))
    said = out.stdout + out.stderr
    assert out.returncode == 0, said
    lines = [ln for ln in said.splitlines() if ".state.json" in ln]
    assert len(lines) == 1 and "taken out of git" in lines[0] and "kept on disk" in lines[0], said
    assert state_of(a) == a_state
    assert not any(p.endswith(".state.json") for p in a.git("ls-files").splitlines())
    assert a.git("status", "--porcelain") == ""
    assert git(hub, "rev-parse", "main") == a.git("rev-parse", "HEAD")
    assert not any(p.endswith(".state.json") for p in tree_paths(hub))
    # Committed by hand and not pushed yet: taken out of those commits too, never published.
    assert not any(p.endswith(".state.json") for p in history_paths(hub))
    assert (how == "committed") == ("so the remote never held it" in lines[0]), said
    assert "the next sync takes them out of git" not in memsync("sync", "status", "--root", str(a.path)).stdout
    # B takes the rest as usual and keeps its own.
    assert memsync("sync", "--root", str(b.path)).returncode == 0
    assert state_of(b) == b_state
    for data in a_state.values():
        assert data not in worktree_bytes(b.path)
    assert memsync("sync", "--root", str(a.path)).stdout.strip().endswith("up to date")
    fsck(a.path)
    fsck(hub)


def test_a_local_state_json_holding_a_secret_is_taken_out_of_the_unpushed_commit_and_never_pushed(
        tmp_path: Path) -> None:
    """A .state.json committed by hand (with a token in it) and not pushed yet: sync takes it out of
    that commit before pushing, so neither the file nor the token reaches the remote's history; the
    rest of the commit is pushed, and the file stays on disk."""
    hub = make_hub(tmp_path / "hub.git")
    a, b = devices(tmp_path, str(hub))
    secret = token(9)
    a.write(".state.json", json.dumps({"recall": {}, "note": f"token {secret}"}))
    a_state = state_of(a)
    a.add("facts/kept", "kept", "an entry written with the bad commit\n")
    a.git("add", "-f", ".state.json", "facts/kept.md")
    a.git("commit", "-qm", "by hand", "--no-verify")
    out = memsync("sync", "--root", str(a.path))
    said = out.stdout + out.stderr
    assert out.returncode == 0, said
    assert secret not in said and "so the remote never held it" in said
    assert "facts/kept.md" in tree_paths(hub) and ".state.json" not in history_paths(hub)
    assert secret not in subprocess.run(["git", "-C", str(hub), "log", "-p", "--all"], capture_output=True,
                                        text=True, check=False).stdout
    assert "by hand" in git(hub, "log", "--format=%s", "main").splitlines()  # the commit, without the file
    assert state_of(a) == a_state and a.git("status", "--porcelain") == ""
    assert memsync("sync", "--root", str(b.path)).returncode == 0
    assert "an entry written with the bad commit" in b.read("facts/kept.md")
    assert not (b.path / ".state.json").exists() or secret not in (b.path / ".state.json").read_text()
    fsck(a.path)
    fsck(hub)


# -- status says it without writing -----------------------------------------------------------

def test_status_names_a_fetched_remote_state_json_and_writes_nothing(tmp_path: Path) -> None:
    hub = make_hub(tmp_path / "hub.git")
    a, b = devices(tmp_path, str(hub))
    commit_state_by_hand(a, push=True)
    b.git("fetch", "-q", "origin")  # the git CLI brought the remote's main in; sync has not run
    before = {p: p.read_bytes() for p in (b.path / ".git").rglob("*") if p.is_file()}
    for args in (("sync", "status", "--root", str(b.path)), ("sync", "status", "--root", str(b.path), "--json")):
        out = memsync(*args)
        assert out.returncode == 0, out.stderr
        said = out.stdout
        if "--json" in args:
            said = "\n".join(json.loads(out.stdout)["healing"])
        assert "the remote's main (as of the last fetch) holds .state.json, facts/.state.json" in said
        assert "the next sync leaves them out of this device's checkout and removes them from the branch" in said
    assert {p: p.read_bytes() for p in (b.path / ".git").rglob("*") if p.is_file()} == before


# -- what stays refused ---------------------------------------------------------------------

def test_other_never_synced_names_are_still_refused_from_a_local_commit(tmp_path: Path) -> None:
    """Only .state.json is healed: a binary entry committed around memsync still stops the push."""
    hub = make_hub(tmp_path / "hub.git")
    a, _ = devices(tmp_path, str(hub))
    (a.path / "facts" / "bin.md").write_bytes(b"---\nid: facts/bin\n---\n\0\0\0")
    a.git("add", "-f", ".state.json", "facts/bin.md")
    a.git("commit", "-qm", "by hand", "--no-verify")
    before = git(hub, "rev-parse", "main")
    out = memsync("sync", "--root", str(a.path))
    said = out.stdout + out.stderr
    assert out.returncode == 2 and "facts/bin.md" in said and "E001" in said and "nothing was pushed" in said, said
    assert git(hub, "rev-parse", "main") == before


def test_a_remote_state_json_over_the_size_limit_is_still_refused(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's size limit holds for a .state.json too (the limit made small: 64 MiB blobs are slow)."""
    from memsync.errors import MemsyncError
    from memsync.sync import accept

    hub = make_hub(tmp_path / "hub.git")
    a, b = devices(tmp_path, str(hub))
    a.write(".state.json", "x" * 5000)
    by_hand(a, "add", "-f", ".state.json")
    by_hand(a, "commit", "-qm", "by hand", "--no-verify")
    by_hand(a, "push", "-q", "origin", "main")
    head, b_state = b.git("rev-parse", "HEAD"), state_of(b)
    monkeypatch.setattr(accept, "MAX_FILE_BYTES", 4096)
    with pytest.raises(MemsyncError) as caught:
        b.sync()
    said = caught.value.message
    assert ".state.json: larger than" in said and "(5000 bytes)" in said and "nothing the remote sent was kept" in said
    assert b.git("rev-parse", "HEAD") == head and state_of(b) == b_state
    fsck(b.path)
