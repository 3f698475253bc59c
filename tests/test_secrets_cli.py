"""`memsync secrets scan|allow`, the plain git pre-commit hook, and bad inputs, through the real CLI."""
from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from conftest import REPO, git

from bench.secrets_corpus import FAKES
from memsync.secrets import ALLOW_FILE

LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<rule>[\w-]+): (?P<masked>\S+\*\*\* \(\d+ chars\))$")


def token(seed: int = 0, kind: str = "github-pat") -> str:
    return FAKES[kind](random.Random(seed))


def note(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\nid: facts/{path.stem}\nkind: fact\nsummary: s\n---\n\n{body}\n", encoding="utf-8")
    return path


def assert_never_shown(secret: str, *outputs: str) -> None:
    # Computed first, so a failure names no secret (pytest would print both operands of `in`).
    leaked = any(secret in out or secret[4:20] in out for out in outputs)
    assert not leaked, "a secret (or 16 characters of it) was printed"


def test_scan_paths_prints_masked_findings_and_exits_1(cli, tmp_path: Path) -> None:
    secret = token()
    note(tmp_path / "notes" / "ci.md", f"部署令牌{secret}，每月轮换。")
    note(tmp_path / "notes" / "clean.md", "nothing here")
    code, out, err = cli("secrets", "scan", "notes")
    assert code == 1
    assert out == "notes/ci.md:7:5: github-pat: ghp_*** (40 chars)\n"
    assert LINE.match(out.strip())
    assert "1 possible secret(s) found" in err and "memsync: allow-secret" in err
    assert_never_shown(secret, out, err)


def test_scan_json_shape_and_clean_exit(cli, tmp_path: Path) -> None:
    secret = token(kind="google-api-key")
    note(tmp_path / "a.md", f"key: {secret}")
    code, out, err = cli("secrets", "scan", "--json", "a.md")
    assert code == 1
    data = json.loads(out)
    assert data["files"] == 1 and data["errors"] == [] and data["skipped"] == []
    [finding] = data["findings"]
    assert finding == {"path": "a.md", "line": 7, "col": 6, "rule": "google-api-key",
                       "masked": "AIza*** (39 chars)", "fingerprint": finding["fingerprint"], "encoding": ""}
    assert re.fullmatch(r"[0-9a-f]{32}", finding["fingerprint"])
    assert_never_shown(secret, out, err)
    note(tmp_path / "a.md", "key: ${MAPS_KEY}")
    code, out, _ = cli("secrets", "scan", "--json", "a.md")
    assert code == 0 and json.loads(out)["findings"] == []


def test_default_scans_project_and_global_roots(cli, git_repo: Path, clean_env: Path) -> None:
    project_secret, global_secret = token(1), token(2, "npm-token")
    note(git_repo / ".memory" / "facts" / "p.md", f"token {project_secret}")
    note(clean_env / "global-memory" / "facts" / "g.md", f"npm {global_secret}")
    code, out, err = cli("secrets", "scan", cwd=git_repo)
    assert code == 1
    assert [m.group("rule") for m in map(LINE.match, out.splitlines())] == ["github-pat", "npm-token"]
    assert out.splitlines()[0].startswith(".memory/facts/p.md:7:7:")
    code, out, _ = cli("secrets", "scan", "--global", cwd=git_repo)
    assert code == 1 and out.count("\n") == 1 and "npm-token" in out
    assert_never_shown(project_secret, out, err)


def test_no_root_at_all_is_a_usage_error(cli, tmp_path: Path) -> None:
    code, out, err = cli("secrets", "scan")
    assert code == 2 and out == "" and "no memory root found" in err


def test_paths_and_root_options_do_not_mix(cli, tmp_path: Path) -> None:
    note(tmp_path / "a.md", "x")
    code, _, err = cli("secrets", "scan", "a.md", "--root", ".")
    assert code == 2 and "not both" in err


def test_missing_path_is_reported_and_the_rest_still_scanned(cli, tmp_path: Path) -> None:
    secret = token()
    note(tmp_path / "a.md", f"t {secret}")
    code, out, err = cli("secrets", "scan", "nope.md", "a.md")
    assert code == 2
    assert "nope.md: no such file or directory" in err
    assert "a.md:7:3: github-pat" in out


def _unreadable(tmp_path: Path) -> str:
    """A file that cannot be read: mode 000 for a normal user; root reads those, so /proc/self/mem."""
    if os.geteuid() == 0:
        return "/proc/self/mem"
    path = tmp_path / "locked.md"
    path.write_text("x", encoding="utf-8")
    path.chmod(0)
    return str(path)


def test_unreadable_file_is_a_usage_error(run, tmp_path: Path) -> None:
    path = _unreadable(tmp_path)
    done = run("secrets", "scan", path)
    assert done.returncode == 2
    assert f"{path}: cannot read:" in done.stderr and "Traceback" not in done.stderr


def test_symlink_out_of_the_root_is_not_followed(cli, tmp_path: Path) -> None:
    secret = token()
    outside = note(tmp_path / "outside" / "secret.md", f"t {secret}")
    root = tmp_path / "mem"
    note(root / "facts" / "ok.md", "fine")
    (root / "facts" / "link.md").symlink_to(outside)
    code, out, err = cli("secrets", "scan", "--root", "mem")
    assert code == 0 and out == ""
    assert "mem/facts/link.md: symlink not followed" in err
    code, out, err = cli("secrets", "scan", "mem/facts/link.md")
    assert code == 2 and "is a symlink; not followed" in err
    assert_never_shown(secret, out, err)
    assert outside.read_text(encoding="utf-8").endswith(f"t {secret}\n")  # nothing touched


def test_directories_are_walked_binary_scanned_git_ignored(cli, tmp_path: Path) -> None:
    secret = token()
    note(tmp_path / "d" / "sub" / "deep.md", f"t {secret}")
    (tmp_path / "d" / "logo.png").write_bytes(b"\x89PNG\0\0 " + token(3).encode())  # binary is scanned too
    (tmp_path / "d" / ".git").mkdir()
    note(tmp_path / "d" / ".git" / "COMMIT_EDITMSG", f"t {token(4)}")
    code, out, _ = cli("secrets", "scan", "d")
    assert code == 1 and out.splitlines() == ["d/logo.png:1:7: github-pat: ghp_*** (40 chars)",
                                              "d/sub/deep.md:7:3: github-pat: ghp_*** (40 chars)"]


def test_inline_marker_through_the_cli(cli, tmp_path: Path) -> None:
    note(tmp_path / "a.md", f"fixture {token()} <!-- memsync: allow-secret -->")
    assert cli("secrets", "scan", "a.md")[0] == 0


def test_staged_content_is_what_counts(cli, git_repo: Path) -> None:
    secret = token()
    path = note(git_repo / ".memory" / "facts" / "ci.md", f"token {secret}")
    git(git_repo, "add", ".")
    note(path, "token ${CI_TOKEN}")  # the working file is clean, the index is not
    code, out, err = cli("secrets", "scan", "--staged", cwd=git_repo)
    assert code == 1 and out.startswith(".memory/facts/ci.md:7:7: github-pat:")
    assert cli("secrets", "scan", cwd=git_repo)[0] == 0
    git(git_repo, "add", ".")
    note(path, f"token {secret}")  # now the index is clean and the working file is not
    assert cli("secrets", "scan", "--staged", cwd=git_repo)[0] == 0
    assert cli("secrets", "scan", "--staged", ".memory/facts/ci.md", cwd=git_repo)[0] == 0
    assert cli("secrets", "scan", ".memory/facts/ci.md", cwd=git_repo)[0] == 1
    assert_never_shown(secret, out, err)


def test_staged_outside_git_is_a_usage_error(cli, tmp_path: Path) -> None:
    note(tmp_path / "mem" / "a.md", "x")
    code, _, err = cli("secrets", "scan", "--staged", "--root", "mem")
    assert code == 2 and "not inside a git repository" in err


def test_allow_by_location_then_scan_is_clean(cli, tmp_path: Path) -> None:
    secret = token()
    note(tmp_path / "mem" / "facts" / "fixture.md", f"example {secret}")
    code, out, err = cli("secrets", "allow", "mem/facts/fixture.md:7", "--root", "mem")
    assert code == 0 and "Allowed " in out
    text = (tmp_path / "mem" / ALLOW_FILE).read_text(encoding="utf-8")
    fp = re.search(r"^([0-9a-f]{32})  # github-pat at mem/facts/fixture.md:7:9$", text, re.MULTILINE)
    assert fp and text.startswith("# memsync secrets allowlist")
    assert_never_shown(secret, text, out, err)
    assert cli("secrets", "scan", "--root", "mem")[0] == 0
    code, out, _ = cli("secrets", "allow", fp.group(1), "--root", "mem")
    assert code == 0 and "already in" in out
    assert (tmp_path / "mem" / ALLOW_FILE).read_text(encoding="utf-8") == text


def test_allow_by_fingerprint_and_bad_targets(cli, tmp_path: Path) -> None:
    (tmp_path / "mem").mkdir()
    note(tmp_path / "mem" / "a.md", "nothing")
    fp = "0123456789abcdef0123456789abcdef"
    assert cli("secrets", "allow", fp.upper(), "--root", "mem")[0] == 0
    assert fp in (tmp_path / "mem" / ALLOW_FILE).read_text(encoding="utf-8")
    before = (tmp_path / "mem" / ALLOW_FILE).read_bytes()
    for target, message in (("nonsense", "neither PATH:LINE"), ("mem/a.md:7", "no finding at mem/a.md:7"),
                            ("mem:3", "is a directory"), ("gone.md:1", "no such file")):
        code, _, err = cli("secrets", "allow", target, "--root", "mem")
        assert code == 2 and message in err, (target, err)
    assert (tmp_path / "mem" / ALLOW_FILE).read_bytes() == before


def test_allow_needs_an_existing_root(cli, tmp_path: Path) -> None:
    code, _, err = cli("secrets", "allow", "0123456789abcdef0123456789abcdef", "--root", "missing")
    assert code == 2 and "does not exist" in err
    assert not (tmp_path / "missing").exists()


def test_malformed_allowlist_stops_the_scan(cli, tmp_path: Path) -> None:
    secret = token()
    note(tmp_path / "mem" / "a.md", "fine")
    (tmp_path / "mem" / ALLOW_FILE).write_text(f"{secret}\n", encoding="utf-8")
    code, out, err = cli("secrets", "scan", "--root", "mem")
    assert code == 2 and f"{ALLOW_FILE}:1: not a finding fingerprint" in err
    assert_never_shown(secret, out, err)


def _hook_env() -> dict[str, str]:
    # The installed hook runs `python -m memsync`: make it this checkout's memsync.
    return dict(os.environ, PYTHONPATH=str(REPO))


def test_plain_git_pre_commit_hook_blocks_staged_secrets(cli, git_repo: Path) -> None:
    import subprocess

    assert cli("init", "--root", ".memory", cwd=git_repo)[0] == 0
    assert cli("hooks", "install", "--root", ".memory", cwd=git_repo)[0] == 0
    assert cli("compile", "--root", ".memory", cwd=git_repo)[0] == 0
    git(git_repo, "add", ".")
    git(git_repo, "commit", "-q", "-m", "init", "--no-verify")
    secret = token(5)
    path = note(git_repo / ".memory" / "facts" / "deploy.md", f"CI 令牌：{secret}")
    assert cli("compile", "--root", ".memory", cwd=git_repo)[0] == 0
    git(git_repo, "add", ".")
    done = subprocess.run(["git", "commit", "-m", "add deploy note"], cwd=git_repo, env=_hook_env(),
                          capture_output=True, text=True, check=False)
    assert done.returncode != 0
    assert ".memory/facts/deploy.md:7:7: github-pat: ghp_*** (40 chars)" in done.stderr
    assert "commit blocked" in done.stderr
    assert_never_shown(secret, done.stdout, done.stderr)
    note(path, "CI 令牌：见保险库 ${CI_TOKEN}")
    git(git_repo, "add", ".")
    done = subprocess.run(["git", "commit", "-q", "-m", "add deploy note"], cwd=git_repo, env=_hook_env(),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert git(git_repo, "log", "--format=%s", "-1").strip() == "add deploy note"


def test_help_and_demo(run) -> None:
    done = run("secrets", "scan", "--help")
    assert done.returncode == 0 and "--staged" in done.stdout
    done = run("demo")
    assert done.returncode == 0, done.stderr
    assert "deploy-token.md:7:9: github-pat: ghp_*** (40 chars)" in done.stdout


@pytest.mark.parametrize("args", [["secrets"], ["secrets", "allow"], ["secrets", "scan", "--bogus"]])
def test_usage_errors(cli, args: list[str]) -> None:
    assert cli(*args)[0] == 2


def test_workers_setting_is_checked(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    note(tmp_path / "a.md", f"t {token()}")
    monkeypatch.setenv("MEMSYNC_SECRETS_WORKERS", "many")
    code, _, err = cli("secrets", "scan", "a.md")
    assert code == 2 and "MEMSYNC_SECRETS_WORKERS must be a whole number" in err
    monkeypatch.setenv("MEMSYNC_SECRETS_WORKERS", "2")
    assert cli("secrets", "scan", "a.md")[0] == 1


def test_large_scan_in_several_processes_reports_the_same(cli, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from memsync.secrets.batch import PARALLEL_FILES

    for i in range(PARALLEL_FILES + 10):
        (tmp_path / "notes" / f"{i // 100:02d}").mkdir(parents=True, exist_ok=True)
        body = f"key: {token(i, 'npm-token')}\n" if i % 97 == 0 else "plain note\n"
        (tmp_path / "notes" / f"{i // 100:02d}" / f"n{i:04d}.md").write_text(body, encoding="utf-8")
    outputs = []
    for workers in ("1", "2"):
        monkeypatch.setenv("MEMSYNC_SECRETS_WORKERS", workers)
        code, out, _ = cli("secrets", "scan", "--json", "notes")
        assert code == 1
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    assert outputs[0]["files"] == PARALLEL_FILES + 10 and len(outputs[0]["findings"]) == 11


def test_staged_by_default_scans_this_repo_not_other_roots(cli, git_repo: Path, clean_env: Path) -> None:
    secret = token(6)
    note(clean_env / "global-memory" / "facts" / "g.md", f"t {token(7)}")  # a plain folder: nothing staged
    note(git_repo / ".memory" / "facts" / "p.md", f"t {secret}")
    git(git_repo, "add", ".")
    code, out, err = cli("secrets", "scan", "--staged", cwd=git_repo)
    assert code == 1 and out.splitlines() == [".memory/facts/p.md:7:3: github-pat: ghp_*** (40 chars)"]
    code, _, err = cli("secrets", "scan", "--staged", "--global", cwd=git_repo)
    assert code == 2 and "not inside a git repository" in err
