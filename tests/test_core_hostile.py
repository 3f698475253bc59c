"""Round 7 review of the core with hostile input: each test names a hole that was found (it
failed before its fix) — a file named like an option given to the secrets hook, YAML merge
keys that double per level, a token behind a percent-escape, a root folder name that is shell
code in the installed git hooks."""
from __future__ import annotations

import json
import subprocess
import tracemalloc
from pathlib import Path

import pytest
from conftest import REPO, git
from memtree import snapshot, write_entry
from test_secrets_precommit import secrets_hook_consumer

from memsync.entry import parse_entry

TOKEN = "ghp_" + "Vx7Kp2Lq9Zt4Wm8Nc3Rb6Yh1Jd5Gf0Su2Ea9"


# 1. A file named like an option, handed to the secrets hook by pre-commit -----------------------

@pytest.mark.xdist_group("pre-commit")  # one worker shares the installed hook environment
@pytest.mark.parametrize("name", ["--help", "--json", "--root=.git", "-h"])
def test_the_secrets_hook_scans_a_file_named_like_an_option(tmp_path: Path, pre_commit_env: dict[str, str],
                                                           hook_repo: tuple[Path, str], name: str) -> None:
    """Before: pre-commit ran `memsync secrets scan --help` (the file's name as an argument):
    argparse printed the help and exited 0, so the commit recorded the token; `--json` alone
    scanned the memory roots instead of the file (exit 0 with none)."""
    consumer = secrets_hook_consumer(tmp_path / "consumer", pre_commit_env, hook_repo)
    (consumer / name).write_text(f"deploy token = {TOKEN}\n", encoding="utf-8")
    git(consumer, "add", "--", ".")
    done = subprocess.run(["git", "commit", "-m", "notes"], cwd=consumer, env=pre_commit_env, capture_output=True,
                          text=True, timeout=600, check=False)
    said = done.stdout + done.stderr
    assert done.returncode != 0, said
    assert f"{name}:1:16: github-pat: ghp_*** (40 chars)" in said
    assert TOKEN not in said
    assert git(consumer, "rev-list", "--all") == ""  # nothing was committed


# 2. YAML merge keys over aliases: a frontmatter of 700 bytes that doubles per level -------------

def _merge_bomb(levels: int) -> str:
    inner = "{x: 1}"
    for k in range(1, levels):
        inner = f"{{<<: [&l{k} {inner}, *l{k}]}}"
    return f"---\nid: facts/bomb\nkind: fact\nsummary: s\nbomb: {inner}\n---\nbody\n"


@pytest.mark.parametrize("levels", [16, 20])
def test_merge_keys_over_aliases_are_refused_before_they_expand(levels: int) -> None:
    """Before: PyYAML expands `<<: [*a, *a]` while flattening a mapping, before any node is
    constructed (where aliases were refused): 20 levels (430 bytes) built a list of 2^19 pairs
    (10 MiB traced, doubling per level; 35 levels, 700 bytes, would take gigabytes and minutes)
    for lint, compile, the hooks, search and sync alike."""
    text = _merge_bomb(levels)
    parse_entry(_merge_bomb(2).encode(), "facts/bomb.md")  # PyYAML imported and warm: not counted
    tracemalloc.start()
    try:
        entry = parse_entry(text.encode(), "facts/bomb.md")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(p.code, p.message) for p in entry.problems if p.severity == "error"] == [
        ("E007", "YAML anchors and aliases are not allowed")]
    assert peak < 256 << 10, peak  # bounded by the text (2 levels: 11 KiB), whatever the number of levels


def test_a_merge_bomb_is_one_bad_entry_and_the_rest_compiles(cli, tmp_path: Path) -> None:
    mem = tmp_path / "mem"
    cli("init", "--root", str(mem))
    (mem / "facts" / "bomb.md").write_text(_merge_bomb(31), encoding="utf-8")  # 62 deep; 2^30 pairs if expanded
    write_entry(mem, "facts/fine", "a fine entry")
    code, out, err = cli("compile", "--root", str(mem))
    assert code == 1
    assert "facts/bomb.md:5: E007 YAML anchors and aliases are not allowed" in err
    assert "[fine](fine.md) — a fine entry" in (mem / "facts" / "index.md").read_text(encoding="utf-8")
    assert "bomb" not in (mem / "facts" / "index.md").read_text(encoding="utf-8")


def test_a_plain_merge_key_without_aliases_still_reads() -> None:
    entry = parse_entry(b"---\nid: facts/m\nkind: fact\nsummary: s\nextra: {<<: {a: 1}, b: 2}\n---\nbody\n",
                        "facts/m.md")
    assert [p for p in entry.problems if p.severity == "error"] == []


# 3. A token behind a percent-escape (URL-encoded text) ----------------------------------------

@pytest.mark.parametrize("before", ["%3D", "%3d", "%22", "%20", "%3A", "%2C"])
def test_a_token_after_a_percent_escape_is_found(cli, tmp_path: Path, before: str) -> None:
    """Before: `callback=https%3A%2F%2Fci%2F%3Ftoken%3Dghp_...` held the whole token verbatim,
    but the hex digit of the escape counted as a letter glued to it: no finding, exit 0."""
    f = tmp_path / "notes.txt"
    line = f"callback=https%3A%2F%2Fci.example%2Fhook%3Fx{before}{TOKEN}%26y%3D1\n"
    f.write_text(line, encoding="utf-8")
    code, out, err = cli("secrets", "scan", str(f))
    assert code == 1, out + err
    col = line.index(TOKEN) + 1
    assert f"notes.txt:1:{col}: github-pat: ghp_*** (40 chars)" in out
    assert TOKEN not in out + err


@pytest.mark.parametrize("text", [f"x3D{TOKEN}", f"%G1{TOKEN}", f"abc{TOKEN}"])
def test_a_token_glued_to_letters_is_still_not_a_finding(cli, tmp_path: Path, text: str) -> None:
    """The boundary rule itself stays: only a whole %XX escape ends what came before."""
    f = tmp_path / "notes.txt"
    f.write_text(text + "\n", encoding="utf-8")
    code, out, _ = cli("secrets", "scan", str(f))
    assert code == 0 and "github-pat" not in out


# 4. A root folder name that is shell code, in the installed git hooks ---------------------------

@pytest.mark.parametrize("name", ["m$(touch PWNED)", "m`touch PWNED`", 'm"; touch PWNED; "', "m$HOME", "m\\$x"])
def test_hooks_install_quotes_the_root_folder_name(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   name: str) -> None:
    """Before: the root's path was pasted inside double quotes of the hook script, so
    `$(...)`, backticks and quotes in a folder name ran as shell code on every commit (PWNED
    written in the repository) and the hook then checked a root that does not exist."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the hooks run `python -m memsync`
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    root = repo / name
    code, _, err = cli("init", "--root", str(root))
    assert code == 0, err
    code, _, err = cli("hooks", "install", "--root", str(root))
    assert code == 0, err
    write_entry(root, "facts/new", "a new fact")
    before = snapshot(tmp_path)
    git(repo, "add", "-A")
    first = subprocess.run(["git", "commit", "-qm", "add entry"], cwd=repo, capture_output=True, text=True)
    assert not (repo / "PWNED").exists() and not (tmp_path / "PWNED").exists()
    # The hook ran on the real root: it compiled the index and asked for the files to be staged.
    assert first.returncode == 1, first.stderr
    assert f"Fixing {name}/facts/index.md\n" in first.stderr
    assert "[new](new.md) — a new fact" in (root / "facts" / "index.md").read_text(encoding="utf-8")
    changed = {k for k in snapshot(tmp_path) if snapshot(tmp_path).get(k) != before.get(k)}
    assert {k for k in changed if not k.startswith("repo/.git/")} <= {
        f"repo/{name}/ROOT.md", f"repo/{name}/facts/index.md"}
    git(repo, "add", "-A")
    second = subprocess.run(["git", "commit", "-qm", "add entry"], cwd=repo, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr


# 5. A token in a remote URL's path, printed by sync --------------------------------------------

def _said(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout + done.stderr


@pytest.mark.parametrize("kind", ["path", "http"])
def test_a_token_in_a_remote_urls_path_is_never_printed(tmp_path: Path, run, kind: str) -> None:
    """Before: userinfo and query strings were stripped, but a token in the path (a folder
    named like one, or `https://host/<token>/repo.git`) was printed whole: `Set the remote origin
    to .../ghp_...`, `could not reach the remote (... url: /ghp_.../info/refs ...)`, and in
    `sync --json`'s `remote`."""
    from remotes import free_port, make_hub

    holder = tmp_path / TOKEN
    holder.mkdir()
    hub = make_hub(holder / "hub.git")
    url = str(hub) if kind == "path" else f"http://127.0.0.1:{free_port()}/{TOKEN}/hub.git"
    mem = tmp_path / "mem"
    assert run("init", "--root", str(mem)).returncode == 0
    write_entry(mem, "facts/one", "one fact")
    said = []
    init = run("sync", "init", url, "--root", str(mem))
    said.append(_said(init))
    assert init.returncode == (0 if kind == "path" else 3), said[-1]  # init syncs once
    assert "Set the remote origin to " in said[-1] and "ghp_*** (40 chars)" in said[-1]
    first = run("sync", "--root", str(mem), "--json")
    said.append(_said(first))
    if kind == "path":
        assert first.returncode == 0, said[-1]
        assert "one fact" in git(hub, "show", "main:facts/one.md")
        hub.rename(holder / "gone.git")  # now the remote cannot be reached: the error names it
        offline = run("sync", "--root", str(mem))
        said.append(_said(offline))
        assert offline.returncode == 3 and "does not exist" in said[-1], said[-1]
    else:
        assert first.returncode == 3 and "could not reach the remote" in said[-1], said[-1]
    assert "ghp_***" in json.loads(first.stdout)["remote"]
    status = run("sync", "status", "--root", str(mem), "--json")
    said.append(_said(status))
    for text in said:
        assert TOKEN not in text and TOKEN[4:30] not in text, text


# 6. git's remote-helper syntax (ext::) as a remote -----------------------------------------------

@pytest.mark.parametrize("url", ["ext::sh -c touch% PWNED", "fd::3", "ext::ssh -o ProxyCommand=x host"])
def test_a_remote_helper_url_is_refused_before_anything_is_written(tmp_path: Path, run, url: str) -> None:
    """Before: `ext::sh -c ...` passed as git's scp-like `host:path` syntax: sync init wrote it
    to .git/config (where git itself reads it as a command to run) and every sync tried to ssh
    to a host named `ext` (exit 3, 'Could not resolve hostname ext')."""
    mem = tmp_path / "mem"
    assert run("init", "--root", str(mem)).returncode == 0
    before = snapshot(tmp_path)
    done = run("sync", "init", "--root", str(mem), "--", url, cwd=tmp_path)
    assert done.returncode == 2, _said(done)
    assert "remote-helper form" in done.stderr and "which sync does not speak" in done.stderr
    assert snapshot(tmp_path) == before and not (mem / ".git").exists()
