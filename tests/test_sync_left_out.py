"""Files a remote's branch holds that no device here creates: a symlink (in or out of the root,
absolute), a submodule, a name with a backslash, a name longer than 255 bytes, an entry that is
not text or is over 1 MiB, all pushed with plain git. Each stays in git as it is and out of every checkout, named (escaped) on every sync,
in ``sync status`` and ``inspect``; no device stops, nothing outside the root is read or written,
and no edit is lost. One hub holds them all (a real hub is the slow part)."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import git
from remotes import Device, fsck, hub, pair  # noqa: F401 - hub and pair are fixtures
from test_sync_hostile import raw_run, snapshot, text_of

LONG = "notes/" + "n" * 300 + ".txt"


def _blob(repo: Path, data: bytes) -> str:
    return subprocess.run(["git", "-C", str(repo), "hash-object", "-w", "--stdin"], input=data, capture_output=True,
                          check=True).stdout.decode().strip()


def _push(clone: Path, entries: list[tuple[str, bytes, str]], message: str) -> None:
    """Commit ``(mode, path, sha)`` index lines on top of the clone's main (a mode of 0 removes
    the path) with git's plumbing, which writes what memsync never would, and push it."""
    info = b"".join(b"0 0000000000000000000000000000000000000000\t" + p + b"\n" if mode == "0" else
                    f"{mode} {sha}\t".encode() + p + b"\n" for mode, p, sha in entries)
    subprocess.run(["git", "-C", str(clone), "update-index", "--index-info"], input=info, check=True)
    tree = git(clone, "write-tree").strip()
    commit = git(clone, "commit-tree", tree, "-p", "HEAD", "-m", message).strip()
    git(clone, "reset", "-q", commit)
    git(clone, "push", "-q", "origin", "HEAD:main")


def _tree(repo: Path, ref: str = "main") -> dict[bytes, tuple[str, str]]:
    """path -> (mode, sha) of every file of ``ref``, names as the bytes git holds."""
    listing = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", "-z", "--full-tree", ref], capture_output=True,
                             check=True).stdout
    out = {}
    for item in filter(None, listing.split(b"\0")):
        meta, _, path = item.partition(b"\t")
        mode, _, sha = meta.decode().split(" ")
        out[path] = (mode, sha)
    return out


def test_files_no_device_writes_stay_in_git_and_stop_nobody(pair: tuple[Device, Device], hub: Path,
                                                           tmp_path: Path) -> None:
    a, b = pair
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"not memory\n")
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    hostile = [
        ("120000", b"facts/link.md", _blob(clone, b"../../outside.txt")),
        ("120000", b"notes/abs", _blob(clone, str(outside).encode())),
        ("160000", b"vendor/sub", git(clone, "rev-parse", "HEAD").strip()),
        ("100644", b"facts/a\\b.txt", _blob(clone, b"backslash\n")),
        ("100644", LONG.encode(), _blob(clone, b"long\n")),
        ("100644", b"notes/esc\x1b[2J\\.txt", _blob(clone, b"escape\n")),
        ("100644", b"facts/bin.md", _blob(clone, b"---\nid: facts/bin\n---\n\0\0\0\n")),
        ("100644", b"facts/huge.md", _blob(clone, b"---\nid: facts/huge\n---\n" + b"x" * (1 << 20))),
    ]
    _push(clone, hostile, "hostile entries, by hand")
    a.add("facts/gamma", "gamma", "written on a\n")  # a merges, b fast-forwards
    before_b = snapshot(b.path)
    for device in (a, b, a, b):
        out = raw_run("sync", "--root", str(device.path))
        said = text_of(out)
        assert out.returncode == 0, said
        assert said.count("not checked out here:") == len(hostile), said
        for line in ("facts/link.md: a symlink", "notes/abs: a symlink", "vendor/sub: a submodule",
                     "facts/a\\b.txt: a name with a backslash", "a name longer than 255 bytes",
                     "notes/esc^[[2J\\.txt: a name with a backslash",
                     "facts/bin.md: not UTF-8 text: byte 0x00", "(an entry is UTF-8 text, as lint requires: E001)",
                     "facts/huge.md: an entry may hold at most 1 MiB"):
            assert line in said, said
        assert b"\x1b" not in out.stdout + out.stderr and "Traceback" not in said
    # Nothing lost: the hub still has every hostile entry as pushed, and a's new entry.
    on_hub = _tree(hub)
    assert all(on_hub[p] == (mode, sha) for mode, p, sha in hostile), on_hub
    assert (b.path / "facts" / "gamma.md").is_file() and b"facts/gamma.md" in on_hub
    for device in (a, b):
        files = snapshot(device.path)
        assert not any(n.startswith((b"vendor", b"notes")) or b"\\" in n or n in (b"facts/link.md", b"facts/bin.md",
                                                                                  b"facts/huge.md") for n in files)
        assert not any(os.path.islink(os.path.join(f, n)) for f, ds, fs in os.walk(device.path) for n in ds + fs)
        assert {k: v for k, v in files.items() if not k.endswith(b"index.md") and k != b"ROOT.md"
                and k != b"facts/gamma.md"} == {k: v for k, v in before_b.items()
                                               if not k.endswith(b"index.md") and k != b"ROOT.md"}
        status = json.loads(raw_run("sync", "status", "--root", str(device.path), "--json").stdout)
        assert len(status["left_out"]) == len(hostile) and status["last"]["left_out"] == status["left_out"]
        shown = text_of(raw_run("sync", "status", "--root", str(device.path)))
        assert "not checked out here: vendor/sub: a submodule" in shown
        inspected = text_of(raw_run("inspect", "--root", str(device.path)))
        assert "last sync: not checked out here: facts/link.md: a symlink" in inspected
        fsck(device.path)
    assert outside.read_bytes() == b"not memory\n"
    assert git(a.path, "status", "--porcelain") == "" == git(b.path, "status", "--porcelain")

    # The remote replaces the symlink by a regular file and drops the submodule: both arrive.
    git(clone, "pull", "-q", "--no-rebase")
    _push(clone, [("100644", b"facts/link.md", _blob(clone, b"now a file\n")), ("0", b"vendor/sub", "")], "fix")
    out = raw_run("sync", "--root", str(b.path), "--json")
    result = json.loads(out.stdout)
    assert out.returncode == 0 and "facts/link.md" in result["received"], result
    assert (b.path / "facts" / "link.md").read_bytes() == b"now a file\n"
    assert len(result["left_out"]) == len(hostile) - 2 and not any("vendor" in x for x in result["left_out"])
    assert "vendor/sub" not in git(b.path, "ls-files")
    fsck(b.path)

    # A file of this device's own where the remote puts a symlink would never sync: it stops
    # this device (exit 2, the file kept), not the others; moved away, the sync goes on.
    (a.path / "facts" / "mine.md").write_text("mine, untracked? no: ignored\n")
    git(a.path, "update-index", "--force-remove", "facts/mine.md")
    (a.path / ".git" / "info" / "exclude").write_text(".state.json\nfacts/mine.md\n")
    _push(clone, [("120000", b"facts/mine.md", _blob(clone, b"/etc/passwd"))], "a link over a's file")
    out = raw_run("sync", "--root", str(a.path))
    assert out.returncode == 2, text_of(out)
    assert "facts/mine.md exists here but is not tracked" in text_of(out) and "Nothing was changed" in text_of(out)
    assert (a.path / "facts" / "mine.md").read_text() == "mine, untracked? no: ignored\n"
    (a.path / "facts" / "mine.md").rename(tmp_path / "mine.md")
    assert raw_run("sync", "--root", str(a.path)).returncode == 0
    assert not (a.path / "facts" / "mine.md").exists() and (tmp_path / "mine.md").is_file()
    fsck(a.path)


# One path, two shapes across the merge's sides: this device's file and the remote's symlink,
# file or folder at the same name. Whatever the merge does, every byte of this device's
# file stays on disk here, and both versions are on the hub.
SHAPES = [
    # (case, this device writes, the remote commits with git: (mode, path, bytes))
    ("file-here-link-there", ("notes/x.txt", b"v2, written here\n"), ("120000", b"notes/x.txt", b"../../outside")),
    ("file-here-folder-there", ("notes/thing", b"a file here\n"), ("100644", b"notes/thing/inner.txt", b"inner\n")),
    ("folder-here-file-there", ("notes/thing/inner.txt", b"inner here\n"), ("100644", b"notes/thing", b"a file\n")),
]


@pytest.mark.parametrize(("case", "mine", "theirs"), SHAPES, ids=[s[0] for s in SHAPES])
def test_a_file_against_a_link_or_folder_loses_neither(pair: tuple[Device, Device], hub: Path, tmp_path: Path,
                                                        case: str, mine: tuple[str, bytes],
                                                        theirs: tuple[str, bytes, bytes]) -> None:
    a, b = pair
    if case == "file-here-link-there":  # a file both devices have, that each side changes
        a.write("notes/x.txt", "v1\n")
        assert raw_run("sync", "--root", str(a.path)).returncode == 0
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    mode, path, data = theirs
    _push(clone, [(mode, path, _blob(clone, data))], "by hand")
    rel, content = mine
    (a.path / rel).parent.mkdir(parents=True, exist_ok=True)
    (a.path / rel).write_bytes(content)
    out = raw_run("sync", "--root", str(a.path), "--json")
    result = json.loads(out.stdout)
    assert out.returncode == 0, text_of(out)
    assert [c["path"] for c in result["conflicts"]] == [rel if case != "folder-here-file-there" else "notes/thing"]
    here = snapshot(a.path)
    assert content in here.values(), here  # this device's file, whole, somewhere in the root
    if mode != "120000":
        assert data in here.values()
    on_hub = {sha for _, sha in _tree(hub).values()}
    assert _blob(clone, content) in on_hub and _blob(clone, data) in on_hub
    for device in (b, a):
        assert raw_run("sync", "--root", str(device.path)).returncode == 0
        fsck(device.path)
    assert snapshot(b.path).keys() - {b"ROOT.md"} >= {k for k in here if k != b"ROOT.md"}


def test_case_and_unicode_twins_on_a_device_that_folds_names(pair: tuple[Device, Device], hub: Path,
                                                             tmp_path: Path) -> None:
    """Names differing only in case or Unicode form (NFC/NFD), pushed with git. A device whose
    file system folds names (git's core.ignorecase: macOS, Windows; set here by hand, since this
    file system does not fold) writes one of each pair and keeps the other in git, out of its
    checkout: writing both would overwrite one with the other, and the next sync would commit
    that as an edit. A device that does not fold writes both. Nothing is lost on the hub."""
    a, b = pair
    assert b.git("config", "--get", "core.ignorecase", check=False).strip() != "true"  # this FS: no probe hit
    b.git("config", "core.ignorecase", "true")
    alpha_here = (b.path / "facts" / "alpha.md").read_bytes()
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    nfc, nfd = "notes/caf\u00e9.txt".encode(), "notes/cafe\u0301.txt".encode()
    twins = [("100644", b"facts/Dup.txt", _blob(clone, b"upper\n")), ("100644", b"facts/dup.txt", _blob(clone, b"lower\n")),
             ("100644", nfc, _blob(clone, b"composed\n")), ("100644", nfd, _blob(clone, b"decomposed\n")),
             ("100644", b"facts/ALPHA.md", _blob(clone, b"a twin of a file b has\n"))]
    _push(clone, twins, "twins")
    b.add("facts/gamma", "gamma", "written on b\n")  # b merges, then pushes
    for _ in range(2):
        out = raw_run("sync", "--root", str(b.path), "--json")
        result = json.loads(out.stdout)
        assert out.returncode == 0, text_of(out)
        lines = result["left_out"]
        assert len(lines) == 3, lines
        assert any(line.startswith("facts/dup.txt: its name differs only in letter case or Unicode form from "
                                   "facts/Dup.txt") for line in lines), lines
        assert any(line.startswith("facts/ALPHA.md: ") and "facts/alpha.md" in line for line in lines), lines
        assert any(line.startswith("notes/caf\u00e9.txt: ") for line in lines), lines  # NFD sorts first
    files = snapshot(b.path)
    assert files[b"facts/Dup.txt"] == b"upper\n" and b"facts/dup.txt" not in files
    assert files[nfd] == b"decomposed\n" and nfc not in files and b"facts/ALPHA.md" not in files
    assert files[b"facts/alpha.md"] == alpha_here
    on_hub = _tree(hub)
    assert all(on_hub[p] == (mode, sha) for mode, p, sha in twins) and b"facts/gamma.md" in on_hub
    shown = text_of(raw_run("sync", "status", "--root", str(b.path)))
    assert "not checked out here: facts/dup.txt: its name differs only in letter case" in shown
    # The remote edits a twin this device left out: it stays out, the new version stays on the hub.
    git(clone, "pull", "-q", "--no-rebase")
    _push(clone, [("100644", b"facts/dup.txt", _blob(clone, b"lower, edited\n"))], "edit a twin")
    assert raw_run("sync", "--root", str(b.path)).returncode == 0
    assert (b.path / "facts" / "Dup.txt").read_bytes() == b"upper\n" and b"facts/dup.txt" not in snapshot(b.path)
    assert _tree(hub)[b"facts/dup.txt"][1] == _blob(clone, b"lower, edited\n")
    assert b.git("status", "--porcelain") == ""
    fsck(b.path)
    # A device whose file system keeps them apart writes every one.
    assert raw_run("sync", "--root", str(a.path)).returncode == 0
    here = snapshot(a.path)
    assert here[b"facts/dup.txt"] == b"lower, edited\n" and here[nfc] == b"composed\n"
    assert here[b"facts/ALPHA.md"] == b"a twin of a file b has\n" and here[b"facts/Dup.txt"] == b"upper\n"


def test_a_sync_killed_after_the_branch_moved_keeps_what_it_left_out(pair: tuple[Device, Device], hub: Path,
                                                                     tmp_path: Path) -> None:
    """Killed (SIGKILL) once the branch holds the remote's symlink and submodule but before the
    index says so: the next sync must not read their absence from disk as deletions."""
    import signal
    import sys

    from conftest import REPO

    _, b = pair
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    hostile = [("120000", b"facts/link.md", _blob(clone, b"../../outside")),
               ("160000", b"vendor/sub", git(clone, "rev-parse", "HEAD").strip()),
               ("100644", b"notes/plain.txt", _blob(clone, b"plain\n"))]
    _push(clone, hostile, "by hand")
    b.add("facts/gamma", "gamma", "written on b\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMSYNC_SYNC_PAUSE="after-integrate:30")
    proc = subprocess.Popen([sys.executable, "-m", "memsync", "sync", "--root", str(b.path)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None and proc.stderr.readline().strip() == "memsync: pausing at after-integrate"
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    for _ in range(2):
        out = raw_run("sync", "--root", str(b.path))
        assert out.returncode == 0, text_of(out)
        assert "facts/link.md: a symlink" in text_of(out) and "vendor/sub: a submodule" in text_of(out)
    on_hub = _tree(hub)
    assert all(on_hub.get(p) == (mode, sha) for mode, p, sha in hostile), on_hub
    assert b"facts/gamma.md" in on_hub and (b.path / "notes" / "plain.txt").read_bytes() == b"plain\n"
    assert b.git("status", "--porcelain") == ""
    fsck(b.path)


def test_a_file_left_out_is_not_reported_as_received(pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    """Before: "received 2 files: facts/bin.md, facts/huge.md" and then "not checked out here" for
    both — the sync claimed to have brought what it had not written."""
    a, b = pair
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    _push(clone, [("100644", b"facts/bin.md", _blob(clone, b"---\nid: facts/bin\n---\n\0\0\0\n")),
                  ("100644", b"facts/ok.md", _blob(clone, b"---\nid: facts/ok\nsummary: fine\n---\nbody\n"))], "by hand")
    out = raw_run("sync", "--root", str(b.path), "--json")
    result = json.loads(out.stdout)
    assert out.returncode == 0, text_of(out)
    assert "facts/ok.md" in result["received"] and "facts/bin.md" not in result["received"], result
    assert [line.split(":")[0] for line in result["left_out"]] == ["facts/bin.md"]
    said = text_of(raw_run("sync", "--root", str(a.path)))
    assert "facts/bin.md, " not in said and "received" in said and "not checked out here: facts/bin.md" in said, said
