"""Hostile trees: no input makes memsync raise, and hand edits of compiled text are caught."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from memtree import entry_text, write_entry

SEED_ENTRY = entry_text("facts/x", "部署 | pipes", load_when=["a", "部署"], supersedes="facts/y",
                        created=1, updated=2, pinned=True, body="Body ---\n---\n<!-- memsync:end routing -->\n").encode()
SEED_ROOT = b"# R\n<!-- memsync:begin directory -->\nx\n<!-- memsync:end directory -->\n"


def _mutate(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randrange(1, 8)):
        op = rng.random()
        pos = rng.randrange(len(data) + 1)
        if op < 0.4 and data:
            del data[pos : pos + rng.randrange(1, 6)]
        elif op < 0.8:
            data[pos:pos] = rng.choice([b"\xff", b"\x00", b"\r\n", b"---\n", b": ", b"&a ", b"*a", b"[", b"{",
                                        b"\xe9", b"\xef\xbb\xbf", b"- ", b"!!binary ", b"\n  ", b"<!-- memsync:end directory -->\n"])
        elif data:
            data[pos % len(data)] = rng.randrange(256)
    return bytes(data)


@pytest.mark.parametrize("seed", range(4))
def test_mutated_entries_and_root_md_never_raise(cli, tmp_path: Path, seed):
    rng = random.Random(seed)
    cli("init", "--root", "mem")
    for i in range(40):
        (tmp_path / "mem" / "facts" / f"e{i}.md").write_bytes(_mutate(rng, SEED_ENTRY))
    (tmp_path / "mem" / "ROOT.md").write_bytes(_mutate(rng, SEED_ROOT))
    for command in ("lint", "check", "compile", "lint"):
        code, out, err = cli(command, "--root", "mem")
        assert code in (0, 1, 2), (command, code, err)
        assert "internal error" not in err and "Traceback" not in err


def test_hand_edit_inside_compiled_region_is_stale_and_fixed(cli, tmp_path: Path):
    cli("init", "--root", "mem")
    write_entry(tmp_path / "mem", "facts/a", "alpha", load_when=["x"])
    cli("compile", "--root", "mem")
    root_md = tmp_path / "mem" / "ROOT.md"
    text = root_md.read_text()
    root_md.write_text(text.replace("| x | [facts/a](facts/a.md) |", "| x | [facts/a](facts/a.md) | hand edit |"))
    index = tmp_path / "mem" / "facts" / "index.md"
    index.write_text(index.read_text() + "- [ghost](ghost.md) — added by hand\n")
    code, out, _ = cli("lint", "--root", "mem")
    assert code == 1
    assert out == (
        "mem/ROOT.md: E030 compiled file is out of date or edited by hand (run `memsync compile`)\n"
        "mem/facts/index.md: E030 compiled file is out of date or edited by hand (run `memsync compile`)\n"
    )
    code, out, _ = cli("compile", "--root", "mem")
    assert out == "Fixing mem/ROOT.md\nFixing mem/facts/index.md\n"
    assert root_md.read_text() == text
    assert "ghost" not in index.read_text()
    assert cli("lint", "--root", "mem") == (0, "", "")


def test_fifo_and_directory_named_like_entries_are_skipped(cli, tmp_path: Path):
    import os

    cli("init", "--root", "mem")
    os.mkfifo(tmp_path / "mem" / "facts" / "pipe.md")
    (tmp_path / "mem" / "facts" / "dir.md").mkdir()
    code, _, err = cli("compile", "--root", "mem")  # must not hang on the FIFO
    assert code == 0, err
    assert cli("lint", "--root", "mem") == (0, "", "")


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_temp_file_of_a_killed_writer_is_swept_by_the_next_compile(cli, tmp_path: Path):
    import os
    import subprocess
    import sys

    cli("init", "--root", "mem")
    facts = tmp_path / "mem" / "facts"
    dead = facts / f".index.md.memsync-{_dead_pid()}-0badc0de.tmp"
    dead.write_text("half a file")
    live_proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = facts / f".index.md.memsync-{live_proc.pid}-0badc0de.tmp"
        live.write_text("being written")
        users = [facts / ".notes.memsync-1-x.tmp", facts / ".index.md.tmp"]  # not ours: never touched
        for u in users:
            u.write_text("mine")
        write_entry(tmp_path / "mem", "facts/new")
        code, out, err = cli("compile", "--root", "mem")
        assert code == 0, err
        assert "facts/index.md" in out
        assert not dead.exists()
        assert live.read_text() == "being written" and all(u.read_text() == "mine" for u in users)
        # check writes nothing, litter included
        dead.write_text("half a file")
        assert cli("check", "--root", "mem")[0] == 0 and dead.exists()
    finally:
        live_proc.kill()
        live_proc.wait()
    assert os.path.exists(tmp_path / "mem" / "facts" / "new.md")


def test_a_file_name_near_the_length_limit_is_still_written_atomically(tmp_path) -> None:
    from memsync.fsutil import is_abandoned_temp, temp_path, write_inside

    name = "长" * 80 + ".md"  # 243 bytes: the usual temp suffix would pass 255
    write_inside(tmp_path, name, "content".encode())
    assert (tmp_path / name).read_bytes() == b"content"
    tmp = temp_path(tmp_path / name)
    assert len(os.fsencode(tmp.name)) <= 255 and tmp.name.startswith(".") and not is_abandoned_temp(tmp.name)
    assert [p.name for p in tmp_path.iterdir()] == [name]
