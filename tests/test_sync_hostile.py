"""Hostile input to sync, end to end over real hubs (issue 10): what sync will not commit or
accept, names that are secrets, control characters or not UTF-8, credentials in URLs,
ignore rules that keep entries local, bad settings, and OS errors. Each case checks the
message, the exit code, and that nothing was lost, leaked or written."""
from __future__ import annotations

import json
import os
import random
import string
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, git
from remotes import (  # noqa: F401 - hub and pair are fixtures
    Device,
    GitDaemon,
    HttpBackend,
    entry_text,
    fake_ssh,
    fsck,
    history_paths,
    hub,
    make_hub,
    pair,
    synced,
)


def token(prefix: str = "ghp_", n: int = 36, seed: int = 7) -> str:
    rng = random.Random(seed)
    return prefix + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(n))


def snapshot(root: Path) -> dict[bytes, bytes]:
    """Every file of the root outside .git, by its name as bytes."""
    out = {}
    for folder, dirs, files in os.walk(os.fsencode(root)):
        if b".git" in dirs and folder == os.fsencode(root):
            dirs.remove(b".git")
        for name in files:
            full = os.path.join(folder, name)
            out[os.path.relpath(full, os.fsencode(root))] = open(full, "rb").read()
    return out


def raw_run(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    """``memsync ARGS`` with the output kept as bytes (a raw ESC must be seen as one)."""
    full = dict(os.environ, PYTHONPATH=str(REPO), **(env or {}))
    return subprocess.run([sys.executable, "-m", "memsync", *args], env=full, capture_output=True, timeout=timeout,
                          check=False)


def text_of(out: subprocess.CompletedProcess[bytes]) -> str:
    return (out.stdout + out.stderr).decode("utf-8", "replace")


def everything_under(path: Path) -> bytes:
    """Every byte of every file below ``path`` (.git included), to look for a leak."""
    chunks = []
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 8 << 20:
            chunks.append(p.read_bytes())
    return b"\n".join(chunks)


def hub_head(hub: Path) -> str:
    return git(hub, "rev-parse", "main").strip()


# -- 1, 11: what sync will not commit -------------------------------------------------------

NOT_TEXT = [
    ("nul-byte", lambda t: entry_text("facts/bad", "bad", f"a\0b {t}\n").encode()),
    ("utf-16-no-bom", lambda t: entry_text("facts/bad", "bad", f"key {t}\n").encode("utf-16-le")),
    ("utf-16-bom", lambda t: entry_text("facts/bad", "bad", f"key {t}\n").encode("utf-16")),
    ("image", lambda t: b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + t.encode() + bytes(range(256))),
    ("latin-1", lambda t: entry_text("facts/bad", "bad", f"caf\xe9 {t}\n").encode("latin-1")),
    ("over-1-mib", lambda t: entry_text("facts/bad", "bad", "x" * (1 << 20) + f" {t}\n").encode()),
]


@pytest.mark.parametrize(("kind", "make"), NOT_TEXT, ids=[k for k, _ in NOT_TEXT])
def test_an_entry_that_is_not_text_is_never_committed(pair: tuple[Device, Device], hub: Path, kind: str, make) -> None:
    a, b = pair
    secret = token(seed=hash(kind) % 1000)
    data = make(secret)
    (a.path / "facts" / "bad.md").write_bytes(data)
    a.add("facts/fine", "fine", "a good entry\n")
    out = raw_run("sync", "--root", str(a.path))
    said = text_of(out)
    assert out.returncode == 0, said
    assert "facts/bad.md: not synced:" in said and "the file is kept as it is" in said
    assert ("at most 1 MiB" if kind == "over-1-mib" else "as lint requires: E001") in said
    assert secret not in said
    assert (a.path / "facts" / "bad.md").read_bytes() == data  # kept, byte for byte
    assert "facts/bad.md" not in a.git("ls-files") and "facts/bad.md" not in history_paths(hub)
    assert "facts/fine.md" in history_paths(hub)  # the rest synced
    status = json.loads(raw_run("sync", "--root", str(a.path), "--json").stdout)
    assert any(w.startswith("facts/bad.md: not synced") for w in status["warnings"])
    b.sync()
    assert not (b.path / "facts" / "bad.md").exists() and (b.path / "facts" / "fine.md").exists()


def test_a_commit_made_around_memsync_with_a_binary_entry_is_not_pushed(pair: tuple[Device, Device], hub: Path) -> None:
    a, _ = pair
    (a.path / "facts" / "bin.md").write_bytes(b"---\nid: facts/bin\n---\n\0\0\0")
    a.git("add", "-A")
    a.git("commit", "-qm", "by hand", "--no-verify")
    before = hub_head(hub)
    out = raw_run("sync", "--root", str(a.path))
    said = text_of(out)
    assert out.returncode == 2, said
    assert "not made by memsync" in said and "facts/bin.md" in said and "E001" in said and "nothing was pushed" in said
    assert hub_head(hub) == before
    assert (a.path / "facts" / "bin.md").exists()
    # Taken out of git as the message says (the file stays): the history goes, with the fix on top.
    a.git("rm", "-q", "--cached", "facts/bin.md")
    a.git("commit", "-qm", "untrack", "--no-verify")
    out = raw_run("sync", "--root", str(a.path))
    assert out.returncode == 0, text_of(out)
    assert "facts/bin.md: not synced" in text_of(out) and (a.path / "facts" / "bin.md").exists()
    assert "facts/bin.md" not in git(hub, "ls-tree", "-r", "--name-only", "main")


def _craft(hub: Path, entries: list[tuple[str, str, bytes]], folder_entries: list[tuple[str, str, bytes]] | None = None
           ) -> tuple[str, list[str]]:
    """A commit on the hub's main whose root tree is main's plus ``entries`` ((mode, name, object
    bytes or a tree's raw bytes)), written raw (git's own tools refuse such trees). Returns the
    commit and the crafted objects' ids."""
    def write(kind: str, data: bytes) -> str:
        return subprocess.run(["git", "-C", str(hub), "hash-object", "-t", kind, "--literally", "-w", "--stdin"],
                              input=data, capture_output=True, check=True).stdout.decode().strip()

    base = git(hub, "rev-parse", "main^{tree}").strip()
    listing = subprocess.run(["git", "-C", str(hub), "cat-file", "tree", base], capture_output=True, check=True).stdout
    items = []
    pos = 0
    while pos < len(listing):  # mode SP name NUL 20-byte id
        space = listing.index(b" ", pos)
        nul = listing.index(b"\0", space)
        items.append((listing[pos:space], listing[space + 1:nul], listing[nul + 1:nul + 21]))
        pos = nul + 21
    crafted = []
    for mode, name, data in entries:
        kind = "tree" if mode == "40000" else "blob"
        sha = write(kind, data)
        crafted.append(sha)
        items.append((mode.encode(), name.encode("utf-8", "surrogateescape"), bytes.fromhex(sha)))
    items.sort(key=lambda e: e[1] + (b"/" if e[0] == b"40000" else b""))
    tree = write("tree", b"".join(m + b" " + n + b"\0" + s for m, n, s in items))
    crafted.append(tree)
    commit = subprocess.run(["git", "-C", str(hub), "commit-tree", tree, "-p", "main", "-m", "crafted"],
                            capture_output=True, check=True, text=True).stdout.strip()
    git(hub, "update-ref", "refs/heads/main", commit)
    return commit, crafted


def _tree_bytes(*entries: tuple[str, str, str]) -> bytes:
    return b"".join(m.encode() + b" " + n.encode() + b"\0" + bytes.fromhex(s) for m, n, s in entries)


def _blob(hub: Path, data: bytes) -> str:
    return subprocess.run(["git", "-C", str(hub), "hash-object", "-w", "--stdin"], input=data, capture_output=True,
                          check=True).stdout.decode().strip()


# A .state.json on the remote is not refused but healed: tests/test_sync_statejson.py; an entry
# that is not text, or over 1 MiB, is kept in git and out of the checkout: tests/test_sync_left_out.py.
REMOTE_TREES = ["duplicate-entry", "dot-dot", "dot-git", "dot-git-uppercase", "dot-git-space", "git-tilde"]


@pytest.mark.parametrize("case", REMOTE_TREES)
def test_a_hostile_remote_tree_is_refused_and_nothing_it_sent_is_kept(pair: tuple[Device, Device], hub: Path,
                                                                     case: str) -> None:
    _, b = pair
    blob = _blob(hub, entry_text("facts/x", "x", "x\n").encode())
    if case == "duplicate-entry":
        folder = _tree_bytes(("100644", "x.md", blob), ("100644", "x.md", blob))
        entries = [("40000", "dups", folder)]
        expect = "duplicate entry"
    elif case == "dot-dot":
        entries = [("40000", "..", _tree_bytes(("100644", "evil.md", blob)))]
        expect = "invalid name"
    else:
        hook = _blob(hub, b"#!/bin/sh\necho pwned\n")
        name = {"dot-git": ".git", "dot-git-uppercase": ".GIT", "dot-git-space": ".git ", "git-tilde": "GIT~1"}[case]
        entries = [("40000", name, _tree_bytes(("40000", "hooks", _hash_tree(hub, _tree_bytes(("100755", "post-checkout", hook))))))]
        expect = "invalid name" if case == "dot-git" else repr(name)
    before_files, before_head = snapshot(b.path), b.git("rev-parse", "HEAD")
    _, crafted = _craft(hub, entries)
    out = raw_run("sync", "--root", str(b.path))
    said = text_of(out)
    assert out.returncode == 2, said
    assert "memsync does not accept it" in said and expect in said and "nothing the remote sent was kept" in said
    assert "Traceback" not in said
    assert snapshot(b.path) == before_files and b.git("rev-parse", "HEAD") == before_head
    for sha in crafted:
        assert subprocess.run(["git", "-C", str(b.path), "cat-file", "-e", sha], capture_output=True).returncode != 0
    fsck(b.path)
    git(hub, "update-ref", "refs/heads/main", "main~1")  # the hub is put right: sync works again
    assert raw_run("sync", "--root", str(b.path)).returncode == 0


@pytest.mark.parametrize("kind", ["tag", "tree", "blob"])
def test_a_remote_branch_naming_a_non_commit_is_refused_clearly(pair: tuple[Device, Device], hub: Path,
                                                               kind: str) -> None:
    """A hub whose refs/heads/main was written by hand to name a tag, a tree or a blob (git's
    own update-ref refuses to): a clear refusal, not an internal error, and no ref moves."""
    _, b = pair
    head = hub_head(hub)
    if kind == "tag":
        text = f"object {head}\ntype commit\ntag v1\ntagger T <t@example.invalid> 0 +0000\n\nv1\n"
        target = subprocess.run(["git", "-C", str(hub), "mktag"], input=text.encode(), capture_output=True,
                                check=True).stdout.decode().strip()
    elif kind == "tree":
        target = git(hub, "rev-parse", "main^{tree}").strip()  # one b has already: nothing is sent
    else:
        target = _blob(hub, b"not a commit\n")
    (hub / "refs" / "heads" / "main").write_text(target + "\n")
    b.add("facts/gamma", "gamma", "written on b\n")
    before = b.git("rev-parse", "origin/main")
    out = raw_run("sync", "--root", str(b.path))
    said = text_of(out)
    assert out.returncode == 2, said
    assert f"the remote's main ({target[:7]}) has a {kind}, not a commit" in said and "Traceback" not in said
    assert b.git("rev-parse", "origin/main") == before and (b.path / "facts" / "gamma.md").is_file()
    fsck(b.path)
    (hub / "refs" / "heads" / "main").write_text(head + "\n")  # the hub put right: b's work goes out
    assert raw_run("sync", "--root", str(b.path)).returncode == 0
    assert "facts/gamma.md" in git(hub, "ls-tree", "-r", "--name-only", "main")


def test_a_shallow_remote_is_refused_with_a_message_that_says_so(pair: tuple[Device, Device], hub: Path,
                                                                  tmp_path: Path) -> None:
    """A hub that is a shallow clone (`git clone --depth 1`) sends a commit whose parent it lacks:
    refused before anything is stored, and the message names the cause (it said only "a missing
    object"). The device's root is not touched."""
    a, _ = pair
    a.add("facts/alpha", "alpha", "first\n")
    assert synced(a.sync())
    a.add("facts/beta", "beta", "second\n")
    assert synced(a.sync())
    shallow = tmp_path / "shallow.git"
    subprocess.run(["git", "clone", "-q", "--bare", "--depth", "1", hub.as_uri(), str(shallow)], check=True,
                   capture_output=True)
    root = tmp_path / "c-memory"
    out = raw_run("sync", "init", str(shallow), "--root", str(root))
    said = text_of(out)
    assert out.returncode == 2, said
    assert "whose parent" in said and "is missing" in said and "shallow clone" in said and "Traceback" not in said
    assert not (root / "facts" / "alpha.md").exists() and not (root / "facts" / "beta.md").exists()


def _hash_tree(hub: Path, data: bytes) -> str:
    return subprocess.run(["git", "-C", str(hub), "hash-object", "-t", "tree", "--literally", "-w", "--stdin"],
                          input=data, capture_output=True, check=True).stdout.decode().strip()


# -- 3: secrets in names ---------------------------------------------------------------------

@pytest.mark.parametrize("where", ["file", "folder", "category"])
def test_a_name_like_a_token_is_kept_out_and_never_printed(pair: tuple[Device, Device], hub: Path, where: str) -> None:
    a, _ = pair
    secret = token(seed=11)
    rel = {"file": f"notes/{secret}.txt", "folder": f"{secret}/notes/x.txt", "category": f"{secret}/entry.md"}[where]
    (a.path / rel).parent.mkdir(parents=True, exist_ok=True)
    (a.path / rel).write_text(entry_text(f"{secret}/entry", "s", "x\n") if where == "category" else "notes\n")
    before = hub_head(hub)
    outputs = []
    for args in (("sync", "--root", str(a.path)), ("sync", "--root", str(a.path), "--json"),
                 ("sync", "status", "--root", str(a.path)), ("sync", "status", "--root", str(a.path), "--json")):
        out = raw_run(*args)
        outputs.append(text_of(out))
        if args[1] != "status":
            assert out.returncode == 1, text_of(out)
    assert "ghp_***" in outputs[0] and "nothing was committed or pushed" in outputs[0]
    for said in outputs:
        assert secret not in said
    assert secret.encode() not in everything_under(a.path / ".git")
    assert hub_head(hub) == before and (a.path / rel).exists()


def test_a_remote_file_named_like_a_token_is_shown_masked(pair: tuple[Device, Device], hub: Path, tmp_path: Path) -> None:
    a, _ = pair
    secret = token(seed=12)
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    (clone / "notes").mkdir()
    (clone / "notes" / f"{secret}.txt").write_text("pushed by hand\n")
    git(clone, "add", "-A")
    git(clone, "commit", "-qm", "by hand", "--no-verify")
    git(clone, "push", "-q")
    out = raw_run("sync", "--root", str(a.path))
    assert out.returncode == 0, text_of(out)
    assert secret not in text_of(out) and "notes/ghp_***" in text_of(out)
    assert (a.path / "notes" / f"{secret}.txt").exists()
    assert secret.encode() not in (a.path / ".git" / "memsync-status.json").read_bytes()


def test_a_secret_in_a_remote_entrys_summary_names_the_entry_not_the_index(pair: tuple[Device, Device], hub: Path,
                                                                         tmp_path: Path) -> None:
    """An entry pushed with the git CLI whose summary holds a token: the index every device
    would compile copies it, so no device may commit that index (exit 1, masked). The message
    must name the entry to fix (editing index.md is no use), and fixing it on one device, as
    it says, lets every device sync again."""
    a, b = pair
    secret = token(seed=5)
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    (clone / "facts" / "leak.md").write_text(entry_text("facts/leak", f"deploy key {secret}", "x\n"))
    git(clone, "add", "-A")
    git(clone, "commit", "-qm", "by hand", "--no-verify")
    git(clone, "push", "-q")
    b.add("facts/gamma", "gamma", "written on b\n")
    pushed = hub_head(hub)
    # a fast-forwards: it takes their commit (so it has the entry to fix) but commits no index copying it
    for device in (a, b, a):
        out = raw_run("sync", "--root", str(device.path))
        said = text_of(out)
        assert out.returncode == 1, said
        assert "facts/index.md:" in said and "github-pat: ghp_***" in said and secret not in said
        assert "would copy a possible secret from the summary, highlight or load_when of facts/leak.md" in said
        assert "Remove it from that entry" in said and "Traceback" not in said
    assert hub_head(hub) == pushed
    assert (a.path / "facts" / "leak.md").is_file() and secret not in a.read("facts/index.md")
    a.add("facts/leak", "deploy key: in the vault", "x\n")  # what the message says to do
    for device in (a, b, a):
        assert raw_run("sync", "--root", str(device.path)).returncode == 0
    assert secret not in git(hub, "show", "main:facts/index.md")
    assert (a.path / "facts" / "gamma.md").is_file() and a.files() == b.files()


# -- 5, 6: names with control characters, names that are not UTF-8 ----------------------------

def test_names_with_escapes_or_bad_bytes_are_carried_and_shown_escaped(pair: tuple[Device, Device], hub: Path,
                                                                       tmp_path: Path) -> None:
    a, b = pair
    names = [b"facts/esc\x1b]0;owned\x07.txt", b"facts/bad-\xff\xfe.txt", b"facts/csi\x1b[2J.txt"]
    for name in names:
        with open(os.path.join(os.fsencode(a.path), name), "wb") as fh:
            fh.write(b"hostile name\n")
    out = raw_run("sync", "--root", str(a.path))
    assert out.returncode == 0, text_of(out)
    assert b"\x1b" not in out.stdout + out.stderr and b"\x07" not in out.stdout + out.stderr
    said = text_of(out)
    assert "facts/esc^[]0;owned\\x07.txt" in said and "facts/bad-\\xff\\xfe.txt" in said
    listed = json.loads(raw_run("sync", "--root", str(a.path), "--json").stdout)
    assert listed["outcome"] == "up-to-date"
    out = raw_run("sync", "--root", str(b.path), "--json")
    assert out.returncode == 0, text_of(out)
    received = json.loads(out.stdout)["received"]
    assert "facts/bad-\\xff\\xfe.txt" in received and "facts/csi^[[2J.txt" in received
    for name in names:
        assert open(os.path.join(os.fsencode(b.path), name), "rb").read() == b"hostile name\n"
    # A newline in a name, pushed with git from elsewhere.
    clone = tmp_path / "cli"
    subprocess.run(["git", "clone", "-q", str(hub), str(clone)], check=True)
    (clone / "facts" / "two\nlines.txt").write_text("x\n")
    git(clone, "add", "-A")
    git(clone, "commit", "-qm", "newline", "--no-verify")
    git(clone, "push", "-q")
    out = raw_run("sync", "--root", str(a.path))
    assert out.returncode == 0 and "facts/two\\nlines.txt" in text_of(out)
    assert (a.path / "facts" / "two\nlines.txt").read_text() == "x\n"
    # A name of ours with a newline cannot add a line to the commit message (a forged trailer).
    (a.path / "facts" / "x\nMemsync-Compiled: 0").write_text("x\n")
    assert raw_run("sync", "--root", str(a.path)).returncode == 0
    message = a.git("log", "-1", "--format=%B")
    assert "- facts/x\\nMemsync-Compiled: 0" in message and "\nMemsync-Compiled: 0\n" not in message
    fsck(a.path)
    fsck(b.path)


# -- 4: credentials in remote URLs -----------------------------------------------------------

def _leaks(root: Path, outputs: list[str], secret: str) -> None:
    for said in outputs:
        assert secret not in said
    assert secret.encode() not in everything_under(root / ".git")


def test_a_password_in_an_ssh_url_is_neither_stored_nor_printed(tmp_path: Path, run) -> None:
    hub = make_hub(tmp_path / "hub.git")
    env = fake_ssh(tmp_path)
    secret = "SshPassw0rdXyz"
    a = Device(tmp_path / "a")
    a.path.mkdir()
    a.add("facts/one", "one", "over ssh\n")
    out = run("sync", "init", f"ssh://git:{secret}@memsync-test-host{hub}", "--root", str(a.path), env=env)
    assert out.returncode == 0, out.stderr
    assert "password in the URL was dropped" in out.stderr
    assert f"ssh://git@memsync-test-host{hub}" in (a.path / ".git" / "config").read_text()
    again = run("sync", "--root", str(a.path), env=env)
    assert again.returncode == 0, again.stderr
    _leaks(a.path, [out.stdout, out.stderr, again.stdout, again.stderr], secret)
    assert secret not in Path(env["FAKE_SSH_LOG"]).read_text()


@pytest.mark.parametrize("scheme", ["git", "file"])
def test_user_info_in_git_and_file_urls_is_dropped(tmp_path: Path, run, scheme: str) -> None:
    base = tmp_path / "served"
    base.mkdir()
    hub = make_hub(base / "hub.git")
    secret = "UserInfoS3cret"
    daemon = GitDaemon(base) if scheme == "git" else None
    try:
        url = (daemon.url("hub.git").replace("git://", f"git://anon:{secret}@") if daemon
               else f"file://anon:{secret}@{hub}")
        a = Device(tmp_path / "a")
        a.path.mkdir()
        a.add("facts/one", "one", "x\n")
        out = run("sync", "init", url, "--root", str(a.path))
        assert out.returncode == 0, out.stderr
        assert "password in the URL was dropped" in out.stderr
        again = run("sync", "--root", str(a.path), "--json")
        assert again.returncode == 0, again.stderr
        _leaks(a.path, [out.stdout, out.stderr, again.stdout, again.stderr], secret)
        _leaks(a.path, [out.stdout, out.stderr], "anon:")
        assert "x\n" in git(hub, "show", "main:facts/one.md")
    finally:
        if daemon:
            daemon.stop()


def test_a_token_in_the_query_string_is_never_sent_stored_or_printed(tmp_path: Path, run) -> None:
    base = tmp_path / "served"
    base.mkdir()
    make_hub(base / "hub.git")
    server = HttpBackend(base)
    try:
        secret = "QueryT0kenAbcdef"
        a = Device(tmp_path / "a")
        a.path.mkdir()
        a.add("facts/one", "one", "x\n")
        url = server.url("hub.git", with_credentials=True) + f"?access_token={secret}"
        out = run("sync", "init", url, "--root", str(a.path))
        assert out.returncode == 0, out.stderr
        assert "query string of the URL was dropped" in out.stderr
        _leaks(a.path, [out.stdout, out.stderr], secret)
        _leaks(a.path, [out.stdout, out.stderr], server.server.credentials[1])
        assert not any(secret in line for line in server.server.log)
    finally:
        server.stop()


# -- 9: ignore rules that keep entries local -----------------------------------------------------

def test_a_synced_ignore_everything_rule_is_never_silent(pair: tuple[Device, Device], hub: Path, run) -> None:
    a, b = pair
    a.write(".gitignore", ".state.json\n*\n")
    assert run("sync", "--root", str(a.path)).returncode == 0
    assert run("sync", "--root", str(b.path)).returncode == 0  # the rule arrives on b
    b.add("facts/new-on-b", "new on b", "must not vanish silently\n")
    out = run("sync", "--root", str(b.path))
    assert out.returncode == 0, out.stderr
    assert "kept local by ignore rules" in out.stderr and "facts/new-on-b.md" in out.stderr
    listed = json.loads(run("sync", "--root", str(b.path), "--json").stdout)
    assert listed["ignored"] == ["facts/new-on-b.md"]
    status = run("sync", "status", "--root", str(b.path))
    assert "kept local by ignore rules" in status.stdout and "facts/new-on-b.md" in status.stdout
    assert json.loads(run("sync", "status", "--root", str(b.path), "--json").stdout)["ignored"] == ["facts/new-on-b.md"]
    lint = run("lint", "--root", str(b.path), "--json")
    w042 = [p for p in json.loads(lint.stdout)["problems"] if p["code"] == "W042"]
    assert len(w042) == 1 and w042[0]["path"].endswith("/facts/new-on-b.md") and w042[0]["severity"] == "warning"
    assert "`*` (.gitignore:2)" in w042[0]["message"]
    assert "facts/new-on-b.md" not in history_paths(hub)
    assert "must not vanish" in b.read("facts/new-on-b.md")
    # Once the rule goes, the entry syncs and every warning goes with it.
    b.write(".gitignore", ".state.json\n")
    assert run("sync", "--root", str(b.path)).returncode == 0
    assert "facts/new-on-b.md" in history_paths(hub)
    assert json.loads(run("sync", "status", "--root", str(b.path), "--json").stdout)["ignored"] == []


def test_lint_reads_ignore_rules_without_dulwich(pair: tuple[Device, Device]) -> None:
    _, b = pair
    b.write(".gitignore", "*.md\n")
    b.add("facts/hidden", "hidden", "x\n")
    code = ("import sys; from memsync.cli import main; main(['lint', '--root', sys.argv[1]]);"
            "print([m for m in ('dulwich', 'merge3') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code, str(b.path)], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), check=False)
    assert "facts/hidden.md: W042" in out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


# -- 10: settings, URLs and OS errors as clear errors ---------------------------------------------

@pytest.mark.parametrize("setting", ["timeout: .inf", "timeout: .nan", "attempts: 0", "lock_timeout: -1"])
def test_bad_settings_stop_the_sync_before_anything_is_done(pair: tuple[Device, Device], hub: Path, run,
                                                            setting: str) -> None:
    a, _ = pair
    a.add("facts/pending", "pending", "x\n")
    (a.path / ".memsync.yaml").write_text(f"sync:\n  {setting}\n")
    before, head, hub_before = snapshot(a.path), a.git("rev-parse", "HEAD"), hub_head(hub)
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 2, out.stderr
    assert f"sync.{setting.split(':')[0]}" in out.stderr and "Traceback" not in out.stderr
    assert snapshot(a.path) == before and a.git("rev-parse", "HEAD") == head and hub_head(hub) == hub_before


def test_a_malformed_remote_url_is_a_clear_error(tmp_path: Path, pair: tuple[Device, Device], run) -> None:
    fresh = tmp_path / "fresh"
    out = run("sync", "init", "http://[::1/hub.git", "--root", str(fresh))
    assert out.returncode == 2 and "remote URL is not valid" in out.stderr and "Invalid IPv6" in out.stderr
    assert not fresh.exists()
    a, _ = pair
    a.git("remote", "set-url", "origin", "https://[fe80::1/x.git")
    before = snapshot(a.path)
    out = run("sync", "--root", str(a.path))
    assert out.returncode == 2 and "remote.origin.url" in out.stderr and "Traceback" not in out.stderr
    assert snapshot(a.path) == before


def test_sync_init_on_a_read_only_root_is_a_clear_error(tmp_path: Path, hub: Path) -> None:
    root = tmp_path / "ro"
    root.mkdir()
    (root / "facts").mkdir()
    (root / "facts" / "one.md").write_text(entry_text("facts/one", "one", "x\n"))
    before = snapshot(root)
    root.chmod(0o555)
    try:
        # As root, permissions bind only without CAP_DAC_OVERRIDE: drop every capability.
        prefix = ["setpriv", "--bounding-set=-all"] if os.geteuid() == 0 else []
        out = subprocess.run([*prefix, sys.executable, "-m", "memsync", "sync", "init", str(hub), "--root", str(root)],
                             env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True, text=True, check=False)
    finally:
        root.chmod(0o755)
    assert out.returncode == 2, out.stderr
    assert "cannot set up sync" in out.stderr and "Permission denied" in out.stderr and "Traceback" not in out.stderr
    assert snapshot(root) == before and not (root / ".git").exists()
    assert git(hub, "rev-list", "--all") == ""
