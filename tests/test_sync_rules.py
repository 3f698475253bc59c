"""The pure rules under sync: remote URLs and their credentials, settings, the paths and
contents sync accepts, the ignore-rule reader lint uses (held to ``git check-ignore``),
and the shape of the sync package (no import cycle)."""
from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest
from conftest import REPO, git

from memsync.errors import MemsyncError

# -- URLs --------------------------------------------------------------------------------

URLS = [
    # (given, stored/shown, credential strings that must not survive)
    ("https://bob:hunter2x@example.org/x.git", "https://example.org/x.git", ["hunter2x"]),
    ("https://bob:p%40ss-word@example.org:8443/x", "https://example.org:8443/x", ["p%40ss-word", "p@ss-word"]),
    ("https://ghp_Tok3nTok3nTok3n@github.com/me/m.git", "https://github.com/me/m.git", ["ghp_Tok3nTok3nTok3n"]),
    ("https://example.org/x.git?access_token=s3cr3tQuery#frag", "https://example.org/x.git", ["s3cr3tQuery", "frag"]),
    ("http://[::1]:8080/hub.git?private_token=abcdEFGH", "http://[::1]:8080/hub.git", ["abcdEFGH"]),
    ("ssh://git:sshPassw0rd@example.org/me/m.git", "ssh://git@example.org/me/m.git", ["sshPassw0rd"]),
    ("ssh://git@example.org:2222/me/m.git", "ssh://git@example.org:2222/me/m.git", []),
    ("git+ssh://me:pw12345@host/x", "git+ssh://me@host/x", ["pw12345"]),
    ("git://anon:gitPassw0rd@127.0.0.1:9418/hub.git", "git://127.0.0.1:9418/hub.git", ["gitPassw0rd", "anon"]),
    ("file://user:filePassw0rd@/srv/hub.git", "file:///srv/hub.git", ["filePassw0rd", "user"]),
    ("alice:scpPassw0rd@host.example:me/m.git", "alice@host.example:me/m.git", ["scpPassw0rd"]),
    ("git@github.com:me/m.git", "git@github.com:me/m.git", []),
    ("/srv/hub.git", "/srv/hub.git", []),
    ("file:///srv/hub.git", "file:///srv/hub.git", []),
]


@pytest.mark.parametrize(("url", "stored", "secrets"), URLS, ids=[u[0] for u in URLS])
def test_credentials_of_every_scheme_are_taken_off(url: str, stored: str, secrets: list[str]) -> None:
    from memsync.sync.transport import Remote
    from memsync.sync.urls import redact, strip

    got = strip(url)
    assert got.url == stored and redact(url) == stored
    for secret in secrets:
        assert secret not in got.url
    remote = Remote(url)
    assert remote.display == stored
    # Any error text naming the URL or a long credential is scrubbed.
    text = remote.clean(f"fatal: could not read from {url}: " + " ".join(s for s in secrets if len(s) >= 4))
    for secret in secrets:
        if len(secret) >= 4:
            assert secret not in text
    assert stored in text


def test_http_credentials_are_kept_for_the_transport_only() -> None:
    from memsync.sync.urls import strip

    got = strip("https://bob:p%40ss@example.org:8443/x?t=1")
    assert (got.user, got.password, got.had_password, got.had_query) == ("bob", "p@ss", True, True)
    ssh = strip("ssh://git:pw@h/x")
    assert ssh.user is None and ssh.password is None and ssh.had_password  # ssh never gets a password


BAD_URLS = [
    ("http://[::1/x", "not valid"),
    ("https://[fe80::1%25eth0/x", "not valid"),
    ("http://example.org:99999/x", "not valid"),
    ("http://example.org:port/x", "not valid"),
    ("https:///x.git", "no host"),
    ("ssh://-oProxyCommand=touch%20pwned/x", "starts with '-'"),
    ("https://example.org/x\n.git", "control characters"),
    ("", "empty"),
    ("ftp://example.org/x.git", "not one sync speaks"),
]


@pytest.mark.parametrize(("url", "message"), BAD_URLS, ids=[u[0] for u in BAD_URLS])
def test_unusable_urls_are_a_clear_error(url: str, message: str) -> None:
    from memsync.sync.urls import UNPARSEABLE, redact, strip

    with pytest.raises(MemsyncError) as info:
        strip(url)
    assert message in info.value.message
    assert redact(url) == UNPARSEABLE


# -- settings -----------------------------------------------------------------------------

BAD_SETTINGS = [
    ("timeout", ".inf"), ("timeout", "-.inf"), ("timeout", ".nan"), ("timeout", "0"), ("timeout", "-1"),
    ("timeout", "1e400"), ("timeout", "100000"), ("timeout", "soon"), ("timeout", "true"), ("timeout", "[1]"),
    ("attempts", "0"), ("attempts", "-3"), ("attempts", "2.5"), ("attempts", ".inf"), ("attempts", ".nan"),
    ("attempts", "1000000000000000000000000000000"), ("attempts", "many"),
    ("lock_timeout", ".nan"), ("lock_timeout", "-0.5"), ("lock_timeout", ".inf"),
]


@pytest.mark.parametrize(("name", "value"), BAD_SETTINGS, ids=[f"{n}={v}" for n, v in BAD_SETTINGS])
def test_bad_sync_settings_are_refused_by_name(name: str, value: str) -> None:
    from memsync.sync.engine import Settings

    parsed = _yaml(f"sync:\n  {name}: {value}\n")
    with pytest.raises(MemsyncError) as info:
        Settings.from_config(parsed)
    assert f"sync.{name}" in info.value.message


def test_good_sync_settings_are_taken() -> None:
    from memsync.sync.engine import Settings

    got = Settings.from_config(_yaml("sync:\n  timeout: 0.5\n  attempts: 3\n  lock_timeout: 0\n"))
    assert (got.timeout, got.attempts, got.lock_timeout) == (0.5, 3, 0.0)
    assert Settings.from_config({}) == Settings()
    with pytest.raises(MemsyncError, match="sync must be a mapping"):
        Settings.from_config({"sync": [1, 2]})


def _yaml(text: str) -> dict:  # type: ignore[type-arg]
    import yaml

    value = yaml.safe_load(text)
    assert isinstance(value, dict)
    return value


# -- what sync accepts ----------------------------------------------------------------------

CONTENTS = [
    ("facts/x.md", b"---\nid: facts/x\n---\nbody\n", None),
    ("facts/x.md", b"\xef\xbb\xbf---\nid: facts/x\n---\nbody\n", None),  # a BOM is fine
    ("facts/x.md", b"---\nid: facts/x\n---\nbo\0dy\n", "E001"),
    ("facts/x.md", "---\nid: x\n---\n".encode("utf-16-le"), "UTF-16 without a byte-order mark"),
    ("facts/x.md", "---\nid: x\n---\n".encode("utf-16"), "E001"),
    ("facts/x.md", "\ufeff---\n".encode("utf-16-be")[2:].replace(b"\0", b"\x80"), "E001"),
    ("facts/x.md", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "E001"),
    ("facts/x.md", b"caf\xe9 au lait\n", "E001"),
    ("facts/x.md", b"x" * (1 << 20), None),
    ("facts/x.md", b"x" * ((1 << 20) + 1), "at most 1 MiB"),
    ("facts/diagram.png", b"\x89PNG\r\n\x1a\n\0\0", None),  # not an entry: binary is fine (and scanned)
    ("facts/notes.txt", b"x" * ((1 << 20) + 1), None),  # not an entry: the 64 MiB cap
]


@pytest.mark.parametrize(("path", "data", "why"), CONTENTS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CONTENTS)])
def test_what_sync_commits(path: str, data: bytes, why: str | None) -> None:
    from memsync.sync.accept import content_problem

    got = content_problem(path, data)
    assert (got is None) == (why is None), got
    if why is not None:
        assert why in got  # type: ignore[operator]


@pytest.mark.parametrize(("path", "expected"), [
    ("facts/x\x1b]0;owned\x07.md", "facts/x^[]0;owned\\x07.md"),
    ("facts/a\nb.md", "facts/a\\nb.md"),
    ("facts/caf\udce9.md", "facts/caf\\xe9.md"),
    ("facts/\u202egnp.md", "facts/\\u202egnp.md"),
])
def test_paths_are_shown_escaped(path: str, expected: str) -> None:
    from memsync.sync.accept import shown

    assert shown(path) == expected


def test_paths_named_like_tokens_are_shown_masked() -> None:
    from memsync.sync.accept import shown

    token = "ghp_" + "Zq7Rk2Vt9Wx4Ym1Bn8Cd3Fg6Hj5Kl0Pq2Rs3T"
    got = shown(f"{token}/notes.md")
    assert token not in got and "ghp_***" in got and got.endswith("/notes.md")


# -- ignore rules, as git reads them -------------------------------------------------------

IGNORE_CASES = [
    "*\n",
    "*.md\n!facts/*.md\n",
    "facts/\n",
    "/facts\n",
    "facts/keep.md\n",
    "**/secret*.md\n",
    "facts/**\n!facts/keep.md\n",
    "f*s/\n",
    "*\n!*/\n!*.md\n",
    "[a-e]*/\n",
    "[!a-e]*.md\n",
    "draft?.md\n",
    "\\#hash.md\n",
    "# a comment\n\n   \n.state.json\n",
    "keep.md   \n",
    "**/\n",
    "facts/**/deep.md\n",
    "!facts/keep.md\nfacts/*\n",
]
PATHS = ["facts/keep.md", "facts/draft1.md", "facts/secret-x.md", "facts/index.md", "notes/keep.md",
         "zeta/other.md", "#hash.md", "facts/#hash.md", "ROOT.md", "facts/sub/deep.md", "ab/x.md"]


@pytest.mark.parametrize("rules", IGNORE_CASES, ids=[r.replace("\n", "|") for r in IGNORE_CASES])
def test_ignore_reader_agrees_with_git(git_repo: Path, rules: str) -> None:
    from memsync.sync.ignores import Rules, _git_dirs

    (git_repo / ".gitignore").write_text(rules)
    (git_repo / "notes").mkdir()
    (git_repo / "notes" / ".gitignore").write_text("!keep.md\nother*\n")
    (git_repo / ".git" / "info").mkdir(exist_ok=True)
    (git_repo / ".git" / "info" / "exclude").write_text("zeta/\n")
    for rel in PATHS:
        (git_repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (git_repo / rel).write_text("x\n")
    out = subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=git_repo, input="\n".join(PATHS),
                         capture_output=True, text=True, check=False)
    by_git = set(out.stdout.split())
    dirs = _git_dirs(git_repo)
    assert dirs is not None
    reader = Rules(git_repo, *dirs)
    ours = {p for p in PATHS if reader.decide(p, False) is not None}
    assert ours == by_git


def test_kept_out_names_untracked_ignored_entries_only(git_repo: Path) -> None:
    from memsync.sync.ignores import kept_out

    root = git_repo / ".memory"
    for rel in ("facts/a.md", "facts/b.md", "facts/index.md", "facts/.hidden.md", "facts/not an entry.md"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n")
    git(git_repo, "add", ".memory/facts/a.md")
    (git_repo / ".gitignore").write_text("*.md\n")
    got = kept_out(root)
    assert [(rel, rule.pattern, rule.source, rule.line) for rel, rule in got] == [("facts/b.md", "*.md", ".gitignore", 1)]
    (git_repo / ".gitignore").write_text(".state.json\nnode_modules/\n")
    assert kept_out(root) == []


# -- the package's shape ---------------------------------------------------------------------

def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("memsync.sync"):
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("memsync.sync"))
    return found


def test_no_import_cycle_in_sync_even_through_lazy_imports() -> None:
    folder = REPO / "memsync" / "sync"
    modules = {f"memsync.sync.{p.stem}": p for p in folder.glob("*.py") if p.stem != "__init__"}
    graph = {m: {i for i in _imports(p) if i in modules and i != m} for m, p in modules.items()}

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            m = stack.pop()
            if m not in seen:
                seen.add(m)
                stack.extend(graph[m])
        return seen

    cycles = sorted(m for m in graph if m in reach(m))
    assert cycles == [], cycles
