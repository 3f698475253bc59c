"""Issue 10, the core commands (compile, check, lint, init, secrets): hostile files and file
names, secrets on screen, terminal escapes, OS errors, a cache inside a root, and compile
as a function of the entries. Each case checks the message, the exit code, and that
nothing was lost, leaked or written where it should not be."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from conftest import git
from memtree import entry_text, snapshot, write_entry

from bench.secrets_corpus import FAKES
from memsync.secrets import ALLOW_FILE


def token(seed: int = 0, kind: str = "github-pat") -> str:
    return FAKES[kind](random.Random(seed))


def assert_never_shown(secret: str, *outputs: object) -> None:
    # Computed first, so that a failure does not print the secret itself.
    leaked = any(secret in str(out) or secret[4:20] in str(out) for out in outputs)
    assert not leaked, "a secret (or 16 characters of it) was printed"


def _changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {k for k in set(before) | set(after) if before.get(k) != after.get(k)}


@pytest.fixture(autouse=True)
def no_monitor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSYNC_NO_MONITOR", "1")  # searches here need no change-monitor daemon


@pytest.fixture
def mem(cli, tmp_path: Path) -> Path:
    assert cli("init", "--root", "mem")[0] == 0
    write_entry(tmp_path / "mem", "facts/good", "a good entry about gardening", load_when=["garden"])
    assert cli("compile", "--root", "mem")[0] == 0
    return tmp_path / "mem"


def _lint_check_compile(cli, tmp_path: Path) -> tuple[tuple, tuple, tuple, set[str]]:
    """lint and check (which must write nothing anywhere), then compile (which may write only
    compiled files of the root); returns their results and what compile changed."""
    before = snapshot(tmp_path)
    lint, check = cli("lint", "--root", "mem"), cli("check", "--root", "mem")
    assert _changed(before, snapshot(tmp_path)) == set(), "lint or check wrote something"
    comp = cli("compile", "--root", "mem")
    changed = _changed(before, snapshot(tmp_path))
    assert all(p.startswith("mem/") and p.endswith(("ROOT.md", "index.md")) for p in changed), changed
    return lint, check, comp, changed


# --- 1. an entry that is not UTF-8 text ---------------------------------------------------

HEAD = b"---\nid: facts/blob\nkind: fact\nsummary: zebrafinch notes\n---\n\n"
NOT_TEXT = [
    ("nul-byte", lambda s: HEAD + b"zebrafinch deploy token " + s.encode() + b"\0\n",
     "mem/facts/blob.md:7: E001 not UTF-8 text: byte 0x00 at offset"),
    ("utf16-no-bom", lambda s: (HEAD.decode() + f"zebrafinch token {s}\n").encode("utf-16-le"),
     "mem/facts/blob.md:1: E001 not UTF-8 text: looks like UTF-16 without a byte-order mark"),
    ("utf16-bom", lambda s: (HEAD.decode() + f"zebrafinch token {s}\n").encode("utf-16"),
     "mem/facts/blob.md:1: E001 not UTF-8 text: the file is UTF-16; save it as UTF-8"),
    ("image", lambda s: b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + s.encode() + b"\0zebrafinch",
     "mem/facts/blob.md:2: E001 not UTF-8 text: byte 0x1a at offset 6"),
]


@pytest.mark.parametrize("name,make,message", NOT_TEXT, ids=[n[0] for n in NOT_TEXT])
def test_entry_that_is_not_text_is_an_error_left_out_of_indexes_and_search(cli, tmp_path: Path, mem: Path,
                                                                           name, make, message):
    secret = token(11)
    data = make(secret)
    (mem / "facts" / "blob.md").write_bytes(data)
    lint, check, comp, changed = _lint_check_compile(cli, tmp_path)
    assert lint[0] == 1 and message in lint[1]
    assert check[0] == 1 and message in check[2]
    assert comp[0] == 1 and message in comp[2] and "1 entry left out of the compiled files" in comp[2]
    index = (mem / "facts" / "index.md").read_text(encoding="utf-8")
    assert "[good](good.md)" in index and "blob" not in index
    assert "mem/facts/index.md" not in changed  # nothing to add: it was left out
    hits = cli("search", "zebrafinch", "--root", "mem")
    assert hits[0] == 1 and "blob" not in hits[1]  # search skips entries that are not valid
    assert cli("search", "gardening", "--root", "mem")[0] == 0
    assert (mem / "facts" / "blob.md").read_bytes() == data
    assert_never_shown(secret, *lint, *check, *comp, *hits[1:])


def test_root_md_that_is_not_text_is_reported_and_left_alone(cli, tmp_path: Path, mem: Path):
    data = (mem / "ROOT.md").read_bytes() + b"\0hidden\n"
    (mem / "ROOT.md").write_bytes(data)
    write_entry(mem, "facts/new", "a new entry")
    lint, check, comp, changed = _lint_check_compile(cli, tmp_path)
    expected = "mem/ROOT.md:"
    assert lint[0] == 1 and expected in lint[1] and "E001 ROOT.md is not UTF-8 text: byte 0x00" in lint[1]
    assert comp[0] == 1 and "ROOT.md is not UTF-8 text" in comp[2] and "not rewritten" in comp[2]
    assert (mem / "ROOT.md").read_bytes() == data
    assert changed == {"mem/facts/index.md"}


# --- 2. check's diff and problem messages never show a whole secret ------------------------

def test_check_diff_masks_secrets_from_entries_and_hand_edits(cli, tmp_path: Path, mem: Path):
    new, stray = token(21), token(22, "openai-api-key")
    write_entry(mem, "facts/deploy", f"deploy with {new}")
    index = mem / "facts" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + f"- stray line {stray}\n", encoding="utf-8")
    before = snapshot(tmp_path)
    code, out, err = cli("check", "--root", "mem")
    assert code == 1 and "2 compiled file(s) out of date" in err
    assert "+- [deploy](deploy.md) — deploy with ghp_*** (40 chars)\n" in out
    assert "-- stray line sk-" in out and "*** (" in out.split("-- stray line ", 1)[1].splitlines()[0]
    assert_never_shown(new, out, err)
    assert_never_shown(stray, out, err)
    code, out, err = cli("check", "--root", "mem", "--json")
    assert code == 1 and json.loads(out)["stale"] == ["mem/ROOT.md", "mem/facts/index.md"]
    assert_never_shown(new, out, err)
    assert snapshot(tmp_path) == before


def test_problem_messages_quoting_a_secret_are_masked(cli, tmp_path: Path, mem: Path):
    secret = token(23)
    (mem / "facts" / "leaky.md").write_text(
        f"---\nid: facts/{secret}\nkind: fact\nsummary: s\npinned: {secret}\n---\n", encoding="utf-8")
    before = snapshot(tmp_path)
    code, out, err = cli("lint", "--root", "mem")
    assert code == 1
    assert "mem/facts/leaky.md:2: E012 id 'facts/ghp_*** (40 chars)' does not match the path" in out
    assert "mem/facts/leaky.md:5: E013 'pinned' must be true or false, not the string 'ghp_*** (40 chars)" in out
    code, js, _ = cli("lint", "--root", "mem", "--json")
    messages = [p["message"] for p in json.loads(js)["problems"]]
    assert code == 1 and any("ghp_*** (40 chars)" in m for m in messages)
    assert_never_shown(secret, out, err, js)
    assert snapshot(tmp_path) == before


# --- 3. names like tokens, in `secrets scan` -----------------------------------------------

def _note(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)  # the id is not the path: a token-named file's id would be a finding
    path.write_text(f"---\nid: facts/note\nkind: fact\nsummary: s\n---\n\n{body}\n", encoding="utf-8")
    return path


@pytest.fixture
def named(tmp_path: Path) -> tuple[Path, str, str, str]:
    """A root with a file and a folder named like tokens (and a token inside that folder)."""
    file_secret, folder_secret, body_secret = token(31), token(32, "npm-token"), token(33)
    root = tmp_path / "mem"
    _note(root / "facts" / f"{file_secret}.md", "clean body")
    _note(root / folder_secret / "x.md", f"body {body_secret}")
    _note(root / "facts" / "plain.md", "nothing here")
    return root, file_secret, folder_secret, body_secret


@pytest.mark.parametrize("how", ["root", "folder", "file"])
def test_scan_flags_files_and_folders_named_like_tokens_masked(cli, tmp_path: Path, named, how):
    root, file_secret, folder_secret, body_secret = named
    before = snapshot(tmp_path)
    args = {"root": ["--root", "mem"], "folder": ["mem"], "file": [f"mem/facts/{file_secret}.md"]}[how]
    code, out, err = cli("secrets", "scan", *args)
    assert code == 1 and "possible secret(s) found" in err
    lines = out.splitlines()
    assert "mem/facts/ghp_*** (40 chars).md:0:11: github-pat: ghp_*** (40 chars)" in lines
    if how != "file":
        assert "mem/npm_*** (40 chars):0:5: npm-token: npm_*** (40 chars)" in lines
        assert "mem/npm_*** (40 chars)/x.md:7:6: github-pat: ghp_*** (40 chars)" in lines
        assert len(lines) == 3  # the folder's name once, not once per file below it
    for secret in (file_secret, folder_secret, body_secret):
        assert_never_shown(secret, out, err)
    assert snapshot(tmp_path) == before


def test_name_findings_in_json_can_be_allowed(cli, tmp_path: Path, named):
    root, file_secret, folder_secret, body_secret = named
    code, out, _ = cli("secrets", "scan", "--json", "--root", "mem")
    findings = json.loads(out)["findings"]
    assert code == 1 and {f["line"] for f in findings} == {0, 7}
    assert_never_shown(file_secret, out)
    assert_never_shown(folder_secret, out)
    fp_folder = next(f["fingerprint"] for f in findings if f["rule"] == "npm-token")
    code, out, err = cli("secrets", "allow", f"mem/facts/{file_secret}.md:0", fp_folder, "--root", "mem")
    assert code == 0 and out.count("Allowed ") == 2
    allow = (root / ALLOW_FILE).read_text(encoding="utf-8")
    assert "github-pat at mem/facts/ghp_*** (40 chars).md:0:11" in allow
    assert_never_shown(file_secret, allow, out, err)
    code, out, _ = cli("secrets", "scan", "--root", "mem")
    # Both names are allowed now (not secrets, the user said): shown as they are; the content finding stays.
    assert code == 1 and out.splitlines() == [f"mem/{folder_secret}/x.md:7:6: github-pat: ghp_*** (40 chars)"]


def test_staged_names_are_scanned_too(cli, git_repo: Path):
    secret = token(34)
    _note(git_repo / "docs" / f"{secret}.md", "clean")
    git(git_repo, "add", ".")
    code, out, err = cli("secrets", "scan", "--staged", cwd=git_repo)
    assert code == 1 and out == "docs/ghp_*** (40 chars).md:0:6: github-pat: ghp_*** (40 chars)\n"
    assert_never_shown(secret, out, err)


# --- 5. control characters never reach the terminal raw ------------------------------------

RAW = ("\x1b", "\x07", "\x9b", "\x08", "\r")


def test_escape_sequences_in_names_and_hand_edits_are_shown_visibly(cli, tmp_path: Path, mem: Path):
    hostile = "x\x1b]0;owned\x07\x08\r"
    (mem / "facts" / f"{hostile}.md").write_text(entry_text("facts/x", "s"), encoding="utf-8")
    (mem / "caf\u009b31m").mkdir()
    (mem / "caf\u009b31m" / "y.md").write_text(entry_text("y/y", "s"), encoding="utf-8")
    index = mem / "facts" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\x1b[2Jcleared\n", encoding="utf-8")
    lint, check, comp, _ = _lint_check_compile(cli, tmp_path)
    shown = "mem/facts/x^[]0;owned\\x07\\x08\\x0d.md: E020 entry name is not a valid slug"
    assert lint[0] == 1 and shown in lint[1]
    assert "mem/caf\\x9b31m: E020 folder name is not a valid category" in lint[1]
    assert check[0] == 1 and shown in check[2] and "-^[[2Jcleared\n" in check[1]
    assert comp[0] == 1 and shown in comp[2]
    for out in (*lint[1:], *check[1:], *comp[1:]):
        assert not any(c in out for c in RAW), repr(out)
    assert "cleared" not in index.read_text(encoding="utf-8")  # compile restored the index
    assert (mem / "facts" / f"{hostile}.md").exists()


def test_lint_json_keeps_the_real_characters(cli, tmp_path: Path, mem: Path):
    (mem / "facts" / "a\x1bb.md").write_text(entry_text("facts/a", "s"), encoding="utf-8")
    code, out, _ = cli("lint", "--root", "mem", "--json")
    paths = [p["path"] for p in json.loads(out)["problems"]]
    assert code == 1 and "mem/facts/a\x1bb.md" in paths and "\x1b" not in out  # JSON escapes it


# --- 6. file names that are not UTF-8 --------------------------------------------------------

BAD_NAMES = [
    (b"facts/bad\xff.md", 1, "mem/facts/bad\\xff.md: E020 file name is not valid UTF-8 (its bytes are shown as \\xNN)"),
    (b"caf\xe9/x.md", 1, "mem/caf\\xe9: E020 file name is not valid UTF-8"),
    (b"facts/sub\xfe/x.md", 0, "mem/facts/sub\\xfe: W041 nested folder ignored"),
]


@pytest.mark.parametrize("raw,code,message", BAD_NAMES, ids=["entry", "category", "nested"])
def test_undecodable_names_are_reported_escaped_and_everything_else_compiled(cli, tmp_path: Path, mem: Path,
                                                                            raw, code, message):
    target = os.fsencode(mem) + b"/" + raw
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as fh:
        fh.write(entry_text("facts/bad", "bad name").encode())
    write_entry(mem, "facts/other", "another good entry")
    lint, check, comp, _ = _lint_check_compile(cli, tmp_path)
    assert comp[0] == code and message in comp[2], comp
    assert "Fixing mem/facts/index.md" in comp[1]
    index = (mem / "facts" / "index.md").read_text(encoding="utf-8")
    assert "[good](good.md)" in index and "[other](other.md)" in index and "bad name" not in index
    assert lint[0] == 1 and message in lint[1]  # the index was stale then
    assert check[0] == 1 and message in check[2]
    code2, out, _ = cli("lint", "--root", "mem", "--json")
    assert code2 == code and message.split(": ")[0] in [p["path"] for p in json.loads(out)["problems"]]
    assert cli("check", "--root", "mem")[0] == code
    with open(target, "rb") as fh:
        assert fh.read() == entry_text("facts/bad", "bad name").encode()
    for out in (*lint, *check, *comp):
        assert "internal error" not in str(out)


# --- 7. timestamps lint refuses never break search --------------------------------------------

def test_updated_beyond_2_63_is_an_error_and_search_still_works(cli, tmp_path: Path, mem: Path):
    (mem / "facts" / "future.md").write_text(
        entry_text("facts/future", "overflowing timestamp", created=1, updated=2 ** 63), encoding="utf-8")
    code, out, _ = cli("lint", "--root", "mem")
    assert code == 1 and ("mem/facts/future.md:6: E013 'updated' is 9223372036854775808: epoch milliseconds run"
                          " from 0 (1970) to 253402300799999 (the end of year 9999)") in out
    assert cli("compile", "--root", "mem")[0] == 0  # still indexed with what could be read
    assert "[future](future.md)" in (mem / "facts" / "index.md").read_text(encoding="utf-8")
    code, out, err = cli("search", "overflowing", "--root", "mem", "--json")
    assert code == 0, err
    assert [h["id"] for h in json.loads(out)["hits"]] == ["facts/future"]


# --- 10. OS errors on user paths are MemsyncErrors naming the path -----------------------------

def test_init_on_a_file_is_a_clear_error(cli, tmp_path: Path):
    (tmp_path / "afile").write_text("mine\n")
    before = snapshot(tmp_path)
    code, out, err = cli("init", "--root", "afile")
    assert (code, out) == (2, "") and "afile: exists and is not a folder; a memory root is a folder" in err
    code, out, err = cli("init", "--root", "afile/sub")
    assert (code, out) == (2, "") and "afile/sub: cannot create the root: Not a directory" in err
    for command in ("compile", "check", "lint"):
        code, out, err = cli(command, "--root", "afile")
        assert (code, out) == (2, "") and "memory root afile is not a folder" in err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("kind", ["directory", "symlink", "huge"])
def test_init_with_an_odd_gitignore_names_it_and_changes_nothing(cli, tmp_path: Path, mem: Path, kind):
    gitignore = mem / ".gitignore"
    gitignore.unlink()
    if kind == "directory":
        gitignore.mkdir()
    elif kind == "symlink":
        (tmp_path / "elsewhere").write_text("outside\n")
        gitignore.symlink_to(tmp_path / "elsewhere")
    else:
        gitignore.write_bytes(b"# pad\n" * ((1 << 20) // 6 + 1))  # over 1 MiB: never truncated
    before = snapshot(tmp_path)
    code, out, err = cli("init", "--root", "mem")
    assert code == 2 and "mem/.gitignore: is" in err and "internal error" not in err
    assert snapshot(tmp_path) == before


# --- 11. a cache inside a root is refused --------------------------------------------------

@pytest.mark.parametrize("env,setting", [({"MEMSYNC_CACHE_DIR": "mem/.cache"}, "MEMSYNC_CACHE_DIR"),
                                         ({"XDG_CACHE_HOME": "mem/xdg"}, "XDG_CACHE_HOME")])
@pytest.mark.parametrize("command", [["compile"], ["check"], ["lint"], ["init"], ["search", "garden"],
                                     ["secrets", "scan"], ["sync", "status"]])
def test_cache_inside_the_root_is_refused(cli, tmp_path: Path, mem: Path, monkeypatch: pytest.MonkeyPatch,
                                          env, setting, command):
    monkeypatch.delenv("MEMSYNC_CACHE_DIR")
    for key, value in env.items():
        monkeypatch.setenv(key, str(tmp_path / value))
    before = snapshot(tmp_path)
    code, out, err = cli(*command, "--root", "mem")
    cache = env[setting] + ("" if setting == "MEMSYNC_CACHE_DIR" else "/memsync")
    assert (code, out) == (2, "")
    assert f"memsync's cache folder {cache} is inside the memory root mem" in err and setting in err
    assert snapshot(tmp_path) == before


# --- 18. compile is a function of the entries -------------------------------------------------

def _root_md_after(cli, tmp_path: Path, name: str, shape: str) -> bytes:
    root = tmp_path / name
    assert cli("init", "--root", name, "--category", "facts")[0] == 0
    write_entry(root, "facts/a", "alpha", load_when=["x"])
    if shape == "empty-folder":
        (root / "people").mkdir()
    elif shape == "index-only":
        (root / "people").mkdir()
        (root / "people" / "index.md").write_text("# people\n\nanything\n", encoding="utf-8")
    elif shape == "last-entry-deleted":
        write_entry(root, "people/bob", "bob")
        assert cli("compile", "--root", name)[0] == 0
        assert "| people | 1 |" in (root / "ROOT.md").read_text(encoding="utf-8")
        (root / "people" / "bob.md").unlink()
    assert cli("compile", "--root", name)[0] == 0
    assert cli("check", "--root", name) == (0, "", "")
    return (root / "ROOT.md").read_bytes()


def test_root_md_is_the_same_whichever_compiled_files_or_empty_folders_exist(cli, tmp_path: Path):
    from memsync.compile import compile_tree
    from memsync.tree import from_files, scan

    shapes = ["no-folder", "empty-folder", "index-only", "last-entry-deleted"]
    outputs = {shape: _root_md_after(cli, tmp_path, shape, shape) for shape in shapes}
    assert len(set(outputs.values())) == 1, outputs
    text = outputs["no-folder"].decode()
    assert "| facts | 1 | [facts/index.md](facts/index.md) |" in text and "people" not in text
    # The other way: the same files held in memory (a git tree: no empty folders) give the same bytes.
    for shape in shapes:
        root = tmp_path / shape
        files = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}
        assert compile_tree(from_files(files)).outputs == compile_tree(scan(root, use_cache=False)).outputs
    assert (tmp_path / "index-only" / "people" / "index.md").read_text(encoding="utf-8").endswith(
        "_No live entries._\n")  # compiled like any index, but not listed


def test_a_category_holding_only_unreadable_entries_is_listed_with_zero(cli, tmp_path: Path, mem: Path):
    (mem / "people").mkdir()
    (mem / "people" / "broken.md").write_bytes(b"no frontmatter\n")
    assert cli("compile", "--root", "mem")[0] == 1
    assert "| people | 0 | [people/index.md](people/index.md) |" in (mem / "ROOT.md").read_text(encoding="utf-8")


def test_sync_and_compile_agree_on_empty_categories(cli, tmp_path: Path):
    from remotes import Device, make_hub, synced

    hub = make_hub(tmp_path / "hub.git")
    a, b = Device(tmp_path / "a"), Device(tmp_path / "b")
    assert cli("init", "--root", str(a.path))[0] == 0  # five categories, all still empty
    a.add("facts/alpha", "alpha", "body\n", load_when=["alpha"])
    a.add("people/bob", "bob", "body\n")
    assert a.init(str(hub)) == 0 and b.init(str(hub)) == 0
    (b.path / "people" / "bob.md").unlink()  # the last entry of a category goes
    assert synced(b.sync()) and synced(a.sync())
    for d in (a, b):
        assert cli("check", "--root", str(d.path)) == (0, "", ""), d.path
    assert a.read("ROOT.md") == b.read("ROOT.md")
    assert "people" not in a.read("ROOT.md") and "| facts | 1 |" in a.read("ROOT.md")


# --- 20. `secrets scan --staged` scans every staged file; README's `secrets allow` is true ------

def test_staged_scans_every_staged_file_of_the_repo(cli, git_repo: Path):
    secret, unstaged = token(41), token(42)
    (git_repo / "src").mkdir()
    (git_repo / "src" / "settings.py").write_text(f"TOKEN = '{secret}'\n", encoding="utf-8")
    (git_repo / "notes.txt").write_text(f"later {unstaged}\n", encoding="utf-8")  # not staged
    git(git_repo, "add", "src")
    code, out, err = cli("secrets", "scan", "--staged", cwd=git_repo)
    assert code == 1 and out == "src/settings.py:1:10: github-pat: ghp_*** (40 chars)\n"
    code, out, _ = cli("secrets", "scan", "--staged", cwd=git_repo / "src")
    assert code == 1 and out == "settings.py:1:10: github-pat: ghp_*** (40 chars)\n"
    assert_never_shown(secret, out, err)
    assert_never_shown(unstaged, out, err)


def test_staged_outside_git_is_an_error(cli, tmp_path: Path):
    code, out, err = cli("secrets", "scan", "--staged")
    assert (code, out) == (2, "") and "not inside a git repository, so nothing is staged" in err


def test_allow_writes_where_readme_says_and_refuses_files_it_would_not_cover(cli, git_repo: Path):
    secret = token(43)
    assert cli("init", "--project", cwd=git_repo)[0] == 0
    _note(git_repo / ".memory" / "facts" / "x.md", f"fixture {secret}")
    (git_repo / "src").mkdir()
    (git_repo / "src" / "a.py").write_text(f"KEY = '{secret}'\n", encoding="utf-8")
    before = snapshot(git_repo)
    code, out, err = cli("secrets", "allow", "src/a.py:1", cwd=git_repo)
    assert code == 2 and "src/a.py is outside .memory, so .memory/.memsync-secrets-allow would not apply" in err
    assert snapshot(git_repo) == before
    # README: `memsync secrets allow .memory/facts/x.md:12  # ... goes to .memory/.memsync-secrets-allow`
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "its fingerprint goes to .memory/.memsync-secrets-allow" in readme
    code, out, err = cli("secrets", "allow", ".memory/facts/x.md:7", cwd=git_repo)
    assert code == 0 and "in .memory/.memsync-secrets-allow" in out
    assert (git_repo / ".memory" / ALLOW_FILE).is_file() and not (git_repo / ALLOW_FILE).exists()
    assert cli("secrets", "scan", ".memory", cwd=git_repo)[0] == 0
    code, out, err = cli("secrets", "allow", "src/a.py:1", "--root", ".", cwd=git_repo)
    assert code == 0 and (git_repo / ALLOW_FILE).is_file()
    assert cli("secrets", "scan", "src/a.py", cwd=git_repo)[0] == 0
    assert_never_shown(secret, out, err, (git_repo / ALLOW_FILE).read_text(encoding="utf-8"))


def test_a_deleted_working_folder_is_a_clear_error(tmp_path: Path, mem: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]):
    from memsync.cli import main

    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    before = snapshot(tmp_path)
    assert main(["lint", "--root", str(mem)]) == 0  # an absolute root still works
    for args in (["lint"], ["init", "--root", "x"], ["compile", "--root", "mem"]):
        capsys.readouterr()
        assert main(args) == 2, args
        assert "the current folder cannot be read (No such file or directory); was it deleted?" in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_demo_folder_that_cannot_be_made_is_a_clear_error(cli, tmp_path: Path):
    (tmp_path / "afile").write_text("mine\n")
    code, out, err = cli("demo", "--keep", "afile/demo")
    assert (code, out) == (2, "") and "afile/demo: cannot create the demo folder: Not a directory" in err
    assert (tmp_path / "afile").read_text() == "mine\n"


def test_scan_shows_undecodable_and_control_characters_escaped(cli, tmp_path: Path):
    secret = token(51)
    folder = os.fsencode(tmp_path / "notes")
    os.makedirs(folder)
    with open(folder + b"/bad\xff\x1b[2J.md", "wb") as fh:
        fh.write(f"token {secret}\n".encode())
    code, out, err = cli("secrets", "scan", "notes")
    assert (code, out) == (1, "notes/bad\\xff^[[2J.md:1:7: github-pat: ghp_*** (40 chars)\n")
    code, out, _ = cli("secrets", "scan", "--json", "notes")
    assert code == 1 and json.loads(out)["findings"][0]["path"] == "notes/bad\\xff^[[2J.md"
    assert_never_shown(secret, out, err)
