"""Cases from a robustness review of sync, end to end over real hubs (each a reviewer's repro):
a folder where a compiled file goes, a ``.memsync.yaml`` that does not load, a fast-forward to a
commit made with the git CLI, URLs and paths that are not hubs. Each checks the exit code, the
message, that nothing is lost (both devices and the hub) and that ``memsync check`` is clean."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO, git
from remotes import (  # noqa: F401 - hub and pair are fixtures
    Device,
    entry_text,
    fsck,
    hub,
    make_hub,
    pair,
)


def memsync(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memsync", *args], env=dict(os.environ, PYTHONPATH=str(REPO)),
                          capture_output=True, text=True, check=False, timeout=120)


def sync(d: Device) -> tuple[int, str]:
    out = memsync("sync", "--root", str(d.path))
    return out.returncode, out.stdout + out.stderr


def checked(d: Device) -> None:
    out = memsync("check", "--root", str(d.path))
    assert out.returncode == 0, out.stdout + out.stderr


def clone(hub: Path, tmp_path: Path) -> Path:
    """Another device using the git CLI."""
    path = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(path)], check=True)
    return path


def hub_files(hub: Path) -> set[str]:
    return set(git(hub, "ls-tree", "-r", "--name-only", "main").splitlines())


def push_by_hand(cli: Path, message: str) -> None:
    git(cli, "add", "-A")
    git(cli, "commit", "-qm", message, "--no-verify")
    git(cli, "push", "-q")


def folder_at(cli: Path, path: str) -> None:
    git(cli, "rm", "-q", path)
    (cli / path).mkdir()
    (cli / path / "x").write_text("a note in the folder\n")


MOVED = "a folder where memsync writes a compiled file: the file keeps the name (regenerated from the entries)"


# -- a folder at a compiled path ------------------------------------------------------------------

def test_a_remote_index_md_folder_is_moved_aside_and_every_device_keeps_syncing(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, b = pair
    cli = clone(hub, tmp_path)
    folder_at(cli, "facts/index.md")
    push_by_hand(cli, "dir")
    code, said = sync(a)  # a fast-forward
    assert code == 0, said
    moved = [ln for ln in said.splitlines() if "conflict facts/index.md:" in ln]
    assert len(moved) == 1 and MOVED in moved[0] and "edited while sync ran" not in said, said
    sibling = moved[0].split("moved to ", 1)[1].split("/ ", 1)[0]
    assert sibling.startswith("facts/index--conflict-")
    assert moved[0].endswith("(look through it, keep what you need, then delete it)"), moved[0]
    assert (a.path / "facts" / "index.md").is_file()
    assert (a.path / sibling / "x").read_text() == "a note in the folder\n"
    checked(a)
    a.add("facts/new", "new note", "written on a\n")
    code, said = sync(a)
    assert code == 0 and "edited while sync ran" not in said, said
    code, said = sync(b)
    assert code == 0, said
    for d in (a, b):
        checked(d)
        assert "new note" in d.read("facts/index.md")
        assert (d.path / sibling / "x").read_text() == "a note in the folder\n"
    assert a.files() == b.files()
    assert {"facts/index.md", f"{sibling}/x", "facts/new.md"} <= hub_files(hub)
    assert not any(p.startswith("facts/index.md/") for p in hub_files(hub))
    assert sync(a)[0] == 0 and sync(b)[0] == 0
    fsck(hub)


def test_a_remote_index_md_folder_merged_with_local_work_keeps_both(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, b = pair
    cli = clone(hub, tmp_path)
    folder_at(cli, "facts/index.md")
    push_by_hand(cli, "dir")
    a.add("facts/mine", "mine", "written on a while the folder arrived\n")  # a merge, not a fast-forward
    code, said = sync(a)
    assert code == 0, said
    assert MOVED in said and "edited while sync ran" not in said and "kept facts/index.md" not in said, said
    assert sync(b)[0] == 0
    for d in (a, b):
        checked(d)
        assert "mine" in d.read("facts/index.md")
    assert a.files() == b.files()
    assert any(p.startswith("facts/index--conflict-") and p.endswith("/x") for p in hub_files(hub))
    assert not any(p.startswith("facts/index.md/") for p in hub_files(hub))


def test_a_device_that_took_in_the_folder_with_git_heals_on_its_next_sync(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    """The wedge the review found: the folder is on this device's disk and in its head (here by a
    `git pull`, as an older memsync did too); adding an entry in that category used to stop every
    sync with a false "facts/index.md was edited while sync ran"."""
    a, b = pair
    cli = clone(hub, tmp_path)
    folder_at(cli, "facts/index.md")
    push_by_hand(cli, "dir")
    a.git("pull", "-q", "--no-rebase")
    assert (a.path / "facts" / "index.md").is_dir()
    a.add("facts/new", "new note", "written on a\n")
    code, said = sync(a)
    assert code == 0, said
    assert "edited while sync ran" not in said and MOVED in said, said
    assert (a.path / "facts" / "index.md").is_file() and "new note" in a.read("facts/index.md")
    checked(a)
    assert a.git("status", "--porcelain") == ""
    assert sync(b)[0] == 0
    checked(b)
    assert a.files() == b.files()
    assert "a note in the folder\n" in [v for k, v in b.files().items() if "--conflict-" in k]


def test_a_device_with_the_folder_on_disk_takes_the_healed_remote(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    """The folder is on this device's disk (a `git pull`), another device has healed the remote,
    and this one has nothing of its own to commit: the fast-forward replaces the folder by the
    file (every file in it is one the checkout deletes), instead of calling it untracked."""
    a, b = pair
    cli = clone(hub, tmp_path)
    folder_at(cli, "facts/index.md")
    push_by_hand(cli, "dir")
    a.git("pull", "-q", "--no-rebase")
    code, said = sync(b)
    assert code == 0 and MOVED in said, said
    code, said = sync(a)  # its head is the CLI's commit: it recompiles, moving the folder the same way
    assert code == 0 and "edited while sync ran" not in said, said
    assert (a.path / "facts" / "index.md").is_file()
    checked(a)
    assert a.files() == b.files() and a.git("status", "--porcelain") == ""
    assert sync(b)[0] == 0 and a.files() == b.files()


def test_a_folder_the_remote_replaced_by_a_file_is_replaced_here_too(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    """A fast-forward where a folder of tracked files becomes a file: every file in the folder is
    one the checkout deletes, so the folder is not "untracked" (the same shape as a healed index.md)."""
    a, b = pair
    cli = clone(hub, tmp_path)
    (cli / "notes" / "thing").mkdir(parents=True)
    (cli / "notes" / "thing" / "inner.txt").write_text("inner\n")
    push_by_hand(cli, "folder")
    assert sync(a)[0] == 0 and (a.path / "notes" / "thing" / "inner.txt").is_file()
    git(cli, "rm", "-rq", "notes/thing")
    (cli / "notes").mkdir(exist_ok=True)
    (cli / "notes" / "thing").write_text("now a file\n")
    push_by_hand(cli, "file")
    code, said = sync(a)
    assert code == 0, said
    assert "received 1 file: notes/thing" in said and "received the deletion of 1 file: notes/thing/inner.txt" in said
    assert a.read("notes/thing") == "now a file\n" and a.git("status", "--porcelain") == ""
    assert sync(b)[0] == 0 and a.files() == b.files()


def test_root_md_replaced_by_a_folder_says_so_and_keeps_root_md_text(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, b = pair
    own = a.read("ROOT.md").replace("\n", "\nGoal: keep this line.\n", 1)
    a.write("ROOT.md", own)
    assert sync(a)[0] == 0 and sync(b)[0] == 0
    cli = clone(hub, tmp_path)
    folder_at(cli, "ROOT.md")
    push_by_hand(cli, "dir")
    a.add("facts/n", "n", "x\n")
    code, said = sync(a)
    assert code == 0, said
    assert "conflict ROOT.md: " + MOVED in said, said
    assert "not UTF-8" not in said and "kept ROOT.md" not in said and "ROOT--conflict-" in said
    assert sync(b)[0] == 0
    for d in (a, b):
        checked(d)
        assert "Goal: keep this line." in d.read("ROOT.md")
        assert [v for k, v in d.files().items() if k.startswith("ROOT--conflict-")] == ["a note in the folder\n"]
    assert a.files() == b.files()


# -- a .memsync.yaml that does not load ---------------------------------------------------------------

def _bad_settings(pair: tuple[Device, Device], hub: Path, tmp_path: Path, text: str, why: str) -> None:
    a, b = pair
    cli = clone(hub, tmp_path)
    (cli / ".memsync.yaml").write_text(text)
    push_by_hand(cli, "cfg")
    for d in (a, b):
        code, said = sync(d)
        assert code == 0, said
        assert ("warning: not checked out here: .memsync.yaml: settings that do not load (" + why) in said, said
        assert not (d.path / ".memsync.yaml").exists()
    a.add("facts/mine", "mine", "x\n")
    for d in (a, b):
        code, said = sync(d)
        assert code == 0, said
    assert "facts/mine.md" in hub_files(hub) and b.read("facts/mine.md") == a.read("facts/mine.md")
    assert git(hub, "show", "main:.memsync.yaml") == text  # kept in git as it is
    git(cli, "pull", "-q", "--no-rebase")
    (cli / ".memsync.yaml").write_text("sync:\n  attempts: 5\n")
    push_by_hand(cli, "fix")
    for d in (a, b):
        code, said = sync(d)
        assert code == 0 and "received 1 file: .memsync.yaml" in said and "not checked out" not in said, said
        assert d.read(".memsync.yaml") == "sync:\n  attempts: 5\n"
        checked(d)
        assert memsync("search", "mine", "--root", str(d.path)).returncode == 0
    assert a.files() == b.files()


def test_invalid_yaml_settings_from_a_remote_are_left_out_and_the_fix_arrives(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    _bad_settings(pair, hub, tmp_path, "sync: [unclosed\n", "line 2: invalid YAML")


def test_out_of_range_settings_from_a_remote_are_left_out_and_the_fix_arrives(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    _bad_settings(pair, hub, tmp_path, "sync:\n  attempts: 0\n", "config: sync.attempts must be a whole number")


def test_a_broken_settings_file_already_here_does_not_stop_the_sync_that_fetches_its_fix(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    """A device that took the file in before sync checked it (here with `git pull`) falls back to
    the defaults with a warning, so it can still fetch the repaired file."""
    a, _ = pair
    cli = clone(hub, tmp_path)
    (cli / ".memsync.yaml").write_text("sync: [unclosed\n")
    push_by_hand(cli, "cfg")
    a.git("pull", "-q", "--no-rebase")
    code, said = sync(a)
    assert code == 0, said
    assert ".memsync.yaml:2: invalid YAML" in said and "this sync used the defaults and your own settings" in said
    (cli / ".memsync.yaml").write_text("sync:\n  attempts: 5\n")
    push_by_hand(cli, "fix")
    code, said = sync(a)
    assert code == 0 and "received 1 file: .memsync.yaml" in said, said
    code, said = sync(a)
    assert code == 0 and "invalid YAML" not in said, said


def test_a_bad_settings_edit_made_here_still_stops_the_sync(pair: tuple[Device, Device], hub: Path) -> None:
    a, _ = pair
    (a.path / ".memsync.yaml").write_text("sync: [unclosed\n")
    before = git(hub, "rev-parse", "main")
    code, said = sync(a)
    assert code == 2 and ".memsync.yaml:2: invalid YAML" in said, said
    assert git(hub, "rev-parse", "main") == before


# -- a fast-forward to a commit made with the git CLI ----------------------------------------------------

def test_a_fast_forward_to_a_git_cli_commit_regenerates_and_commits_the_compiled_files(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, b = pair
    cli = clone(hub, tmp_path)
    (cli / "facts" / "plain.md").write_text("---\nid: facts/plain\nkind: fact\nsummary: added with the git CLI\n---\n")
    push_by_hand(cli, "plain")
    code, said = sync(b)
    assert code == 0, said
    assert "received 1 file: facts/plain.md" in said and "sent 2 files: ROOT.md, facts/index.md" in said, said
    assert "added with the git CLI" in b.read("facts/index.md")
    checked(b)
    assert b.git("status", "--porcelain") == ""
    assert "added with the git CLI" in git(hub, "show", "main:facts/index.md")  # committed and pushed
    code, said = sync(b)
    assert code == 0 and said.strip().endswith("up to date"), said
    assert sync(a)[0] == 0
    checked(a)
    assert a.files() == b.files()


def test_a_fast_forward_to_a_git_cli_entry_with_a_secret_stops_in_that_sync(
        pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, _ = pair
    secret = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"
    cli = clone(hub, tmp_path)
    (cli / "facts" / "leak.md").write_text(entry_text("facts/leak", f"deploy key {secret}", "x\n"))
    push_by_hand(cli, "by hand")
    before = git(hub, "rev-parse", "main")
    code, said = sync(a)
    assert code == 1, said
    assert "facts/index.md would copy a possible secret from the summary, highlight or load_when of facts/leak.md" in said
    assert secret not in said and git(hub, "rev-parse", "main") == before
    assert secret not in a.read("facts/index.md")


# -- URLs and paths that are not hubs --------------------------------------------------------------------

def test_a_file_url_with_a_query_string_works_on_the_first_sync(tmp_path: Path) -> None:
    hub = make_hub(tmp_path / "hub.git")
    root = tmp_path / "d1"
    assert memsync("init", "--root", str(root)).returncode == 0
    out = memsync("sync", "init", f"file://{hub}?x=1", "--root", str(root))
    said = out.stdout + out.stderr
    assert out.returncode == 0, said
    assert "the query string of the URL was dropped" in said and "does not exist" not in said
    assert git(root, "config", "remote.origin.url").strip() == f"file://{hub}"
    assert git(hub, "rev-parse", "main").strip() == git(root, "rev-parse", "HEAD").strip()


def test_a_path_remote_that_is_not_a_repository_is_a_bad_setting(tmp_path: Path) -> None:
    (tmp_path / "notgit").mkdir()
    (tmp_path / "afile").write_text("hi\n")
    for target in (tmp_path / "notgit", tmp_path / "afile"):
        root = tmp_path / f"root-{target.name}"
        assert memsync("init", "--root", str(root)).returncode == 0
        out = memsync("sync", "init", str(target), "--root", str(root))
        said = out.stdout + out.stderr
        assert out.returncode == 2, said
        assert f"memsync: {target} is not a git repository (create a hub with `git init --bare -b main PATH`)" in said
        assert "could not reach" not in said
        assert (root / "facts" / "index.md").is_file()  # nothing of the root was lost
        out = memsync("sync", "--root", str(root))
        assert out.returncode == 2 and "is not a git repository" in out.stderr
