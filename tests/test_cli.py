"""The command line surface: help with examples, exact output, JSON shapes, exit codes, colour."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from memtree import write_entry

from memsync.cli import COMMANDS, build_parser


def test_top_help_has_examples(run):
    out = run("--help")
    assert out.returncode == 0
    assert "examples:" in out.stdout and "memsync init --project" in out.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_subcommand_help_shows_an_example(run, command):
    out = run(command, "--help")
    assert out.returncode == 0, out.stderr
    assert "example:" in out.stdout and "memsync " + command in out.stdout


def test_no_command_is_a_usage_error(run):
    out = run()
    assert out.returncode == 2 and "usage: memsync" in out.stderr


@pytest.mark.parametrize("argv", [
    ["search", "x", "--scope", "{token}"],
    ["remember", "--summary", "s", "--scope", "{token}"],
    ["{token}"],
])
def test_a_refused_argument_is_never_printed_back_whole(run, argv: list[str]) -> None:
    import random

    from bench.secrets_corpus import FAKES

    token = FAKES["github-pat"](random.Random(7))
    out = run(*[a.format(token=token) for a in argv])
    assert out.returncode == 2 and "invalid choice" in out.stderr and "ghp_***" in out.stderr
    assert token not in out.stderr + out.stdout


def test_a_refused_argument_shows_terminal_escapes_not_sends_them(run) -> None:
    out = run("search", "x", "--bogus", "a\x1b[2Jb")  # argparse joins unrecognised arguments raw
    assert out.returncode == 2 and "\x1b" not in out.stderr and "unrecognized arguments: --bogus a^[[2Jb" in out.stderr


def test_version(run):
    from memsync import __version__

    out = run("--version")
    assert (out.returncode, out.stdout) == (0, f"memsync {__version__}\n")


@pytest.fixture
def stale_root(cli, tmp_path: Path) -> Path:
    cli("init", "--root", "mem")
    write_entry(tmp_path / "mem", "facts/a", "alpha", load_when=["x"])
    (tmp_path / "mem" / "facts" / "bad.md").write_text('---\nid: facts/bad\nkind: k\nsummary: s\npinned: "yes"\n---\n')
    return tmp_path / "mem"


def test_lint_output_and_json(cli, stale_root: Path):
    code, out, err = cli("lint", "--root", "mem")
    assert code == 1
    assert out == (
        "mem/ROOT.md: E030 compiled file is out of date or edited by hand (run `memsync compile`)\n"
        "mem/facts/bad.md:5: E013 'pinned' must be true or false, not the string 'yes'\n"
        "mem/facts/index.md: E030 compiled file is out of date or edited by hand (run `memsync compile`)\n"
    )
    assert err == "3 error(s), 0 warning(s)\n"
    code, out, _ = cli("lint", "--root", "mem", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["errors"] == 3 and doc["warnings"] == 0
    assert doc["problems"][1] == {
        "path": "mem/facts/bad.md", "line": 5, "code": "E013", "severity": "error",
        "message": "'pinned' must be true or false, not the string 'yes'",
    }


def test_check_json_lists_stale_files(cli, stale_root: Path):
    code, out, _ = cli("check", "--root", "mem", "--json")
    assert code == 1
    assert json.loads(out) == {"stale": ["mem/ROOT.md", "mem/facts/index.md"], "problems": []}
    cli("compile", "--root", "mem")
    code, out, _ = cli("check", "--root", "mem", "--json")
    assert (code, json.loads(out)) == (0, {"stale": [], "problems": []})


def test_check_diff_is_unified(cli, stale_root: Path):
    code, out, err = cli("check", "--root", "mem")
    assert code == 1
    assert "--- a/mem/facts/index.md\n+++ b/mem/facts/index.md\n" in out
    assert "+- [a](a.md) — alpha\n" in out
    assert err.endswith("2 compiled file(s) out of date; run `memsync compile`\n")


def test_colour_only_on_terminals_and_never_with_no_color(run, tmp_path: Path, monkeypatch):
    run("init", "--root", "mem")
    write_entry(tmp_path / "mem", "facts/a", "alpha")
    # Not a TTY: no escapes.
    assert "\x1b[" not in run("check", "--root", "mem").stdout
    # A pseudo-terminal: escapes, unless NO_COLOR is set.
    import pty
    import subprocess
    import sys

    from conftest import REPO

    def on_tty(env_extra):
        master, slave = pty.openpty()
        env = dict(__import__("os").environ, PYTHONPATH=str(REPO), TERM="xterm", **env_extra)
        proc = subprocess.run([sys.executable, "-m", "memsync", "check", "--root", "mem"], cwd=tmp_path,
                              stdout=slave, stderr=slave, env=env)
        import os as _os

        _os.close(slave)
        chunks = []
        while True:
            try:
                data = _os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        _os.close(master)
        return proc.returncode, b"".join(chunks).decode()

    code, text = on_tty({})
    assert code == 1 and "\x1b[32m+- [a](a.md) — alpha" in text
    code, text = on_tty({"NO_COLOR": "1"})
    assert code == 1 and "\x1b[" not in text and "+- [a](a.md) — alpha" in text


def test_internal_errors_are_one_line(cli, monkeypatch, tmp_path: Path):
    import memsync.build

    def boom(root):
        raise RuntimeError("simulated bug")

    cli("init", "--root", "mem")
    monkeypatch.setattr(memsync.build, "lint_root", boom)
    code, out, err = cli("lint", "--root", "mem")
    assert code == 70
    assert err == "memsync: internal error: RuntimeError: simulated bug (set MEMSYNC_DEBUG=1 for a traceback)\n"


def test_parser_builds_without_heavy_imports():
    import subprocess
    import sys

    from conftest import REPO

    code = "import sys; import memsync.cli as c; c.build_parser(); print(sorted(m for m in ('dulwich','sqlite3','yaml') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert out.stdout.strip() == "[]", out.stderr
    assert build_parser().prog == "memsync"


@pytest.mark.parametrize("raw, shown", [
    ("plain 中文 text", "plain 中文 text"),
    ("title\x1b]0;pwned\x07", "title^[]0;pwned\\x07"),
    ("red\x1b[31m", "red^[[31m"),
    ("two\nlines", "two\\nlines"),
    ("tab\tkept", "tab\tkept"),
    ("bidi\u202eevil", "bidi\\u202eevil"),
    ("nul\x00cr\r", "nul\\x00cr\\x0d"),
    ("c1\x9bx", "c1\\x9bx"),
    (os.fsdecode(b"caf\xe9.md"), "caf\\xe9.md"),
])
def test_visible_never_lets_a_control_character_reach_the_terminal(raw: str, shown: str) -> None:
    from memsync.output import visible

    assert visible(raw) == shown
    assert not any(ord(c) < 0x20 and c != "\t" for c in visible(raw))


@pytest.mark.parametrize("words, serves", [
    (["mcp"], True),
    (["mcp", "--project", "/tmp/x"], True),
    (["remember", "--summary", "mcp"], False),
    (["context", "--format", "claude-code"], False),
    (["search", "mcp"], False),
    ([], False),
])
def test_only_the_server_keeps_the_cycle_collector(words: list[str], serves: bool) -> None:
    from memsync.cli import long_lived

    assert long_lived(words) is serves


def test_a_one_shot_command_runs_without_the_cycle_collector(tmp_path: Path) -> None:
    """The installed entry point, in a real process: the command sees the collector off."""
    import subprocess
    import sys

    probe = ("import gc, sys; import memsync.commands.inspect as I; "
             "I.run = lambda args: print('gc', gc.isenabled()); "
             "sys.argv = ['memsync', 'inspect']; from memsync.cli import run; run()")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "gc False", out.stderr


@pytest.mark.parametrize("first, second", [
    ("facts/Deploy", "facts/deploy"),  # case
    ("facts/caf\u00e9", "facts/cafe\u0301"),  # é composed, and e + combining accent
    ("Facts/deploy", "facts/deploy"),  # the category's case
])
def test_paths_equal_once_folded_are_a_warning_and_both_compile(cli, tmp_path: Path, monkeypatch, first: str,
                                                                 second: str) -> None:
    """Two files here, one on macOS or Windows: lint warns before a checkout or sync loses one."""
    monkeypatch.chdir(tmp_path)
    write_entry(tmp_path / "mem", first, "first of two")
    write_entry(tmp_path / "mem", second, "second of two")
    assert cli("compile", "--root", "mem")[0] == 0
    code, out, err = cli("lint", "--root", "mem")
    warned = sorted(line.split(":")[0] for line in out.splitlines() if " W043 " in line)
    assert code == 0 and warned == sorted([f"mem/{first}.md", f"mem/{second}.md"]), out
    assert f"differs from {second}.md only by case or Unicode normalization" in out
    assert err == "0 error(s), 2 warning(s)\n"
    assert cli("check", "--root", "mem")[0] == 0  # a warning, not stale: both entries are compiled


def test_distinct_names_are_not_folded_twins(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for entry_id in ("facts/deploy", "facts/deploy-2", "facts/déploy", "pitfalls/deploy"):
        write_entry(tmp_path / "mem", entry_id, entry_id)
    assert cli("compile", "--root", "mem")[0] == 0
    assert "W043" not in cli("lint", "--root", "mem")[1]
