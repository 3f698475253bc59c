"""Text a user names on the command line (``remember --body-file``/``--body -``, ``context
--prompt-file``): pipes such as ``<(cmd)`` are read, a slow producer is read whole, and a pipe
held open without a word is refused in seconds instead of hanging the command (or an agent's
shell) for ever. Each case checks the message, the exit code and that memory is unchanged."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
import unicodedata
from pathlib import Path

import pytest
from memtree import snapshot, write_entry

from memsync.build import compile_root, init_root
from memsync.roots import Root

REPO = Path(__file__).resolve().parent.parent
BASH = shutil.which("bash")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "mem"
    init_root(Root.at(r), ["decisions", "facts"])
    write_entry(r, "decisions/pnpm-for-deploy", "deploy with pnpm, not npm", kind="decision",
                body="npm kept rewriting pnpm-lock.yaml.\n")
    compile_root(Root.at(r))
    return r


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _memsync(args: list[str], **kw) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run([sys.executable, "-m", "memsync", *args], env=_env(), capture_output=True, text=True,
                          timeout=120, **kw)


def _bash(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``script`` in a real bash, where ``<(cmd)`` is a /dev/fd link to a pipe."""
    assert BASH
    return subprocess.run([BASH, "-c", script], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=120)


def _held_open_fifo(tmp_path: Path, chunks: list[bytes], pause: float) -> tuple[Path, threading.Thread]:
    """A FIFO whose writer writes ``chunks`` ``pause`` seconds apart, then holds it open 30 s more
    unless ``chunks`` ends with b"" (then it closes at once)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def writer() -> None:
        fd = os.open(fifo, os.O_WRONLY)  # waits for the reader, as a producer does
        try:
            for chunk in chunks:
                if chunk:
                    os.write(fd, chunk)
                    time.sleep(pause)
                else:
                    return
            time.sleep(30)
        except BrokenPipeError:
            pass
        finally:
            os.close(fd)

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    return fifo, t


needs_bash = pytest.mark.skipif(BASH is None or os.name != "posix", reason="needs bash and POSIX pipes")


@needs_bash
def test_a_body_from_process_substitution_is_written(root: Path, tmp_path: Path) -> None:
    done = _bash(f"{sys.executable} -m memsync remember --root {root} --category facts --summary 'from a pipe' "
                 "--body-file <(printf 'the body\\ncame through <(cmd)\\n') --json", tmp_path)
    assert done.returncode == 0, done.stderr
    stored = (root / (json.loads(done.stdout)["id"] + ".md")).read_text(encoding="utf-8")
    assert "the body\ncame through <(cmd)\n" in stored


@needs_bash
def test_a_prompt_from_process_substitution_is_read(root: Path, tmp_path: Path) -> None:
    """Before: ``--prompt-file <(cmd)`` was refused as 'not a regular file'."""
    done = _bash(f"{sys.executable} -m memsync context --root {root} --prompt-file <(echo how do we deploy with pnpm)",
                 tmp_path)
    assert done.returncode == 0, done.stderr
    assert "npm kept rewriting pnpm-lock.yaml." in done.stdout


@needs_bash
def test_a_slow_producer_is_read_whole(root: Path, tmp_path: Path) -> None:
    """Silence is measured between writes, not from the start: three lines a second apart all arrive."""
    done = _bash(f"{sys.executable} -m memsync remember --root {root} --category facts --summary 'slow pipe' --json "
                 "--body-file <(for i in 1 2 3; do echo line $i; sleep 1; done)", tmp_path)
    assert done.returncode == 0, done.stderr
    stored = (root / (json.loads(done.stdout)["id"] + ".md")).read_text(encoding="utf-8")
    assert "line 1\nline 2\nline 3\n" in stored


def test_a_body_pipe_held_open_without_a_word_is_refused(root: Path, tmp_path: Path) -> None:
    """Before: a FIFO whose writer kept it open and wrote nothing blocked ``remember`` for ever."""
    fifo, _ = _held_open_fifo(tmp_path, [], 0)
    before = snapshot(root)
    done = _memsync(["remember", "--root", str(root), "--category", "facts", "--summary", "never comes",
                     "--body-file", str(fifo)])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"memsync: {fifo}: the body file is a pipe that stayed silent for 5 s "
                           "(nobody wrote to it or closed it); nothing was written\n")
    assert snapshot(root) == before


def test_a_body_pipe_that_stops_mid_way_is_refused_not_cut(root: Path, tmp_path: Path) -> None:
    """Half a body followed by silence is not written as if it were the whole body."""
    fifo, _ = _held_open_fifo(tmp_path, [b"the first half "], 0)
    before = snapshot(root)
    done = _memsync(["remember", "--root", str(root), "--category", "facts", "--summary", "half a body",
                     "--body-file", str(fifo)])
    assert done.returncode == 2 and "stayed silent for 5 s" in done.stderr
    assert snapshot(root) == before


def test_a_body_on_stdin_held_open_is_refused(root: Path) -> None:
    read_end, write_end = os.pipe()
    before = snapshot(root)
    try:
        os.write(write_end, b"some body ")
        child = subprocess.Popen([sys.executable, "-m", "memsync", "remember", "--root", str(root), "--category",
                                  "facts", "--summary", "stdin held", "--body", "-"], env=_env(), stdin=read_end,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        os.close(read_end)
        out, err = child.communicate(timeout=60)  # a hang guard, not a measurement
    finally:
        os.close(write_end)
    assert child.returncode == 2 and out == ""
    assert err == ("memsync: the body on stdin: input stayed silent for 5 s (close stdin after writing it); "
                   "nothing was written\n")
    assert snapshot(root) == before


def test_a_prompt_pipe_held_open_is_refused_within_the_prompt_deadline(root: Path, tmp_path: Path) -> None:
    fifo, _ = _held_open_fifo(tmp_path, [b"how do we deploy"], 0)
    done = _memsync(["context", "--root", str(root), "--prompt-file", str(fifo)])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"memsync: {fifo}: the prompt file is a pipe that did not end within 3 s "
                           "(nobody wrote to it or closed it); nothing was written\n")


def test_a_pipe_closed_after_writing_is_read_at_once(root: Path, tmp_path: Path) -> None:
    fifo, _ = _held_open_fifo(tmp_path, [b"how do we deploy with pnpm", b""], 0)
    done = _memsync(["context", "--root", str(root), "--prompt-file", str(fifo)])
    assert done.returncode == 0, done.stderr
    assert "npm kept rewriting pnpm-lock.yaml." in done.stdout


@pytest.mark.parametrize("args, says", [
    (["remember", "--category", "facts", "--summary", "s", "--body-file", "{dir}"],
     "memsync: {dir}: cannot read the body file: it is a folder\n"),
    (["remember", "--category", "facts", "--summary", "s", "--body-file", "{dir}/missing"],
     "memsync: {dir}/missing: cannot read the body file: No such file or directory\n"),
    (["context", "--prompt-file", "{dir}"], "memsync: {dir}: cannot read the prompt file: it is a folder\n"),
], ids=["body-folder", "body-missing", "prompt-folder"])
def test_a_named_input_that_cannot_be_read_is_named(root: Path, tmp_path: Path, args: list[str], says: str) -> None:
    before = snapshot(root)
    done = _memsync([a.replace("{dir}", str(tmp_path)) for a in args] + ["--root", str(root)])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == says.replace("{dir}", str(tmp_path))
    assert snapshot(root) == before


def test_a_device_body_is_bounded(root: Path) -> None:
    """/dev/zero never ends: the body is cut at 1 MiB + 1 byte and refused as too large."""
    before = snapshot(root)
    done = _memsync(["remember", "--root", str(root), "--category", "facts", "--summary", "zeros",
                     "--body-file", "/dev/zero"])
    assert done.returncode == 2 and "1 MiB" in done.stderr, done.stderr
    assert snapshot(root) == before


# A summary that starts with combining marks or format characters: the marks had no letter to sit on
# and started the file name (`facts/\u0301\u0301abc.md`, the mark drawn over the "/"). Marks are kept
# only on a letter or digit; nothing left is the fallback name.
@pytest.mark.parametrize("summary, entry_id", [
    ("\u0301\u0301abc", "facts/abc"),
    ("\u0301" * 80 + "abc", "facts/abc"),
    ("\u0301 staging port moved", "facts/staging-port-moved"),
    ("\u200b\u0301abc", "facts/abc"),            # zero-width space, then a mark
    ("\ufeff\u00ad\u0301x marks", "facts/x-marks"),  # BOM, soft hyphen
    ("\u2060\u0903\u20dd ok", "facts/ok"),       # word joiner, a spacing and an enclosing mark
    ("\u309bkana voiced", "facts/kana-voiced"),  # NFKC makes U+309B " \u3099": a mark after a space
    ("release \u0301now", "facts/release-now"),    # a mark after a separator sits on no "-" either
    ("cafe\u0301 au lait", "facts/caf\u00e9-au-lait"),  # a mark on a letter stays (composed)
    ("नमस्ते दुनिया", "facts/नमस्ते-दुनिया"),      # marks inside a word of any script stay
], ids=["marks-first", "many-marks", "mark-then-words", "zwsp-mark", "bom-shy-mark", "wj-spacing-enclosing",
        "nfkc-made-mark", "mark-after-space", "composed", "devanagari"])
def test_a_summary_starting_with_marks_gives_a_name_search_and_lint_accept(root: Path, summary: str,
                                                                          entry_id: str) -> None:
    from memsync.build import lint_root
    from memsync.entry import valid_name
    from memsync.recall.fresh import is_entry_name
    from memsync.service import Memory

    written = Memory(root=root).remember(summary, category="facts", body="b\n")
    assert written.id == entry_id and written.action == "created"
    slug = entry_id.split("/", 1)[1]
    assert unicodedata.category(slug[0])[0] in "LN"
    assert valid_name(slug) and is_entry_name(slug + ".md")
    assert (root / f"{entry_id}.md").is_file()
    assert [p.format() for p in lint_root(Root.at(root)).problems] == []
    found = Memory(root=root).recall(summary)
    assert [h.id for h in found.hits][:1] == [entry_id]


@pytest.mark.parametrize("summary", ["\u0301\u0301", "\u200b\u0301\u200d", "\u309b",
                                     "\u3164\u3164\u3164", "\u115f\u1160", "\u034f\ufe0f\u200b"])  # blank-looking letters
def test_a_summary_of_marks_only_is_refused_and_nothing_is_written(root: Path, summary: str) -> None:
    from memsync.errors import MemsyncError
    from memsync.service import Memory

    before = snapshot(root)
    with pytest.raises(MemsyncError) as refused:
        Memory(root=root).remember(summary, category="facts")
    assert str(refused.value) == "the summary has no letters or digits; say in words what is worth remembering"
    assert snapshot(root) == before


@pytest.mark.parametrize("summary", ["\u0301\u0301", "\u0301 \u0301", "\u200c\u200d", "\u2060\u0301", "\u1ab0"])
def test_a_slug_with_nothing_left_is_the_fallback_name(summary: str) -> None:
    from memsync.recall.fresh import is_entry_name
    from memsync.writer import slugify

    assert slugify(summary) == "entry" and is_entry_name("entry.md")


# Default-ignorable characters are drawn as nothing: kept in a file name, "facts/a\u034fb" looks like
# "facts/ab"; a summary of Hangul fillers looks blank. Some are letters or marks by category.
@pytest.mark.parametrize("summary, entry_id", [
    ("a\u034fb cgj", "facts/ab-cgj"),                 # combining grapheme joiner (Mn)
    ("release\ufe0f checklist", "facts/release-checklist"),  # variation selector 16 (Mn)
    ("\U000e0100tagged", "facts/tagged"),             # variation selector supplement
    ("\u3164staging \u1160port", "facts/staging-port"),  # Hangul fillers (Lo)
    ("soft\u00adhyphen", "facts/softhyphen"),         # soft hyphen (Cf)
])
def test_invisible_characters_never_reach_a_file_name(root: Path, summary: str, entry_id: str) -> None:
    from memsync.service import Memory

    written = Memory(root=root).remember(summary, category="facts", body="b\n")
    assert written.id == entry_id
    assert (root / f"{entry_id}.md").is_file()


def test_the_invisible_set_matches_what_unicode_draws_as_nothing() -> None:
    from memsync.names import invisible

    # Every format character (Cf) of the BMP but the few that show (Arabic number signs, the
    # prepended concatenation marks), and none of the visible letters, marks or spaces tested here.
    shown_cf = {0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD,
                0x110CD, 0xFFF9, 0xFFFA, 0xFFFB}
    for o in range(0x10000):
        c = chr(o)
        if unicodedata.category(c) == "Cf" and o not in shown_cf:
            assert invisible(c), hex(o)
    for c in "aZé中ᄀ가\u0301\u0300 -_1١":
        assert not invisible(c), hex(ord(c))
