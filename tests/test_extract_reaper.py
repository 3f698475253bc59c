"""The model command's supervisor: whatever the command starts ends when ``run()`` returns,
including helpers that left its process group with ``setsid()`` or a double fork. Real
processes throughout: the model commands are scripts the tests write."""
from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from extractkit import wait_for

from memsync.extract import model

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the supervisor is Linux only")

REPO = Path(__file__).resolve().parent.parent
NAME = os.path.basename(sys.executable)

# argv: PIDS MODE. Starts a helper in a session of its own that sleeps, waits until it has
# written its pid, then behaves as MODE says. PIDS ends up holding "command helper".
SCRIPT = r'''
import os, sys, time
pids, mode = sys.argv[1], sys.argv[2]

def helper():
    os.setsid()
    with open(pids + ".tmp", "w") as fh:
        fh.write(f"{me} {os.getpid()}")
    os.rename(pids + ".tmp", pids)
    time.sleep(600)
    os._exit(0)

me = os.getpid()
child = os.fork()
if child == 0:
    if mode == "double":
        middle = os.getpid()
        if os.fork() == 0:
            while os.getppid() == middle:  # until the middle one has exited and this one is an orphan
                time.sleep(0.01)
            helper()
        os._exit(0)
    helper()
if mode == "double":
    os.waitpid(child, 0)
while not os.path.exists(pids):
    time.sleep(0.01)
if mode == "hang":
    time.sleep(600)
sys.stdout.write("[]")
sys.stdout.flush()
if mode == "exit3":
    sys.stderr.write("bad key\n")
    sys.exit(3)
if mode == "signal":
    os.kill(os.getpid(), 15)
'''


def _script(tmp_path: Path) -> list[str]:
    path = tmp_path / "model.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return [sys.executable, str(path), str(tmp_path / "pids")]


def _pids(tmp_path: Path) -> list[int]:
    return [int(p) for p in (tmp_path / "pids").read_text().split()]


def _gone(pid: int) -> bool:
    return not os.path.exists(f"/proc/{pid}")  # reaped, not merely a zombie


def _subreaper() -> int:
    flag = ctypes.c_int(-1)
    assert ctypes.CDLL(None).prctl(37, ctypes.byref(flag), 0, 0, 0) == 0  # PR_GET_CHILD_SUBREAPER
    return flag.value


def test_a_command_that_hangs_is_stopped_with_the_helper_that_left_its_session(tmp_path: Path) -> None:
    with pytest.raises(model.ModelTimeout) as caught:
        model.run(_script(tmp_path) + ["hang"], "prompt", 1)
    assert str(caught.value) == (f"model command {NAME!r} did not answer within 1 s (extract.timeout); "
                                 "it was stopped, with everything it started")
    for pid in _pids(tmp_path):
        wait_for(lambda: _gone(pid), f"process {pid} to be gone", timeout=30)
    assert _subreaper() == 0  # memsync itself never became one


@pytest.mark.parametrize("mode", ["answer", "double"])
def test_an_answer_is_taken_and_what_the_command_left_behind_is_gone(tmp_path: Path, mode: str) -> None:
    got = model.run(_script(tmp_path) + [mode], "prompt", 60)
    assert got.text == "[]"
    command, helper = _pids(tmp_path)
    assert _gone(command)  # reaped by the supervisor before run() returned
    wait_for(lambda: _gone(helper), f"the {mode} helper {helper} to be gone", timeout=30)
    assert _subreaper() == 0


@pytest.mark.parametrize("mode, message", [
    ("exit3", f"model command {NAME!r} exited with status 3: bad key"),
    ("signal", f"model command {NAME!r} was killed by signal 15"),
])
def test_a_failing_command_says_how_it_failed_and_leaves_nothing(tmp_path: Path, mode: str, message: str) -> None:
    with pytest.raises(model.ModelError) as caught:
        model.run(_script(tmp_path) + [mode], "prompt", 60)
    assert str(caught.value) == message and not isinstance(caught.value, model.ModelTimeout)
    for pid in _pids(tmp_path):
        wait_for(lambda: _gone(pid), f"process {pid} to be gone", timeout=30)


def test_a_command_that_cannot_start_says_so_as_before(tmp_path: Path) -> None:
    with pytest.raises(model.ModelError) as caught:
        model.run([str(tmp_path / "no-such-model"), "-p"], "prompt", 60)
    assert str(caught.value) == ("model command not found: 'no-such-model' "
                                 "(extract.model_cmd; is it installed and on PATH?)")
    plain = tmp_path / "plain.txt"
    plain.write_text("not a program")
    with pytest.raises(model.ModelError) as caught:
        model.run([str(plain)], "prompt", 60)
    assert str(caught.value) == "model command 'plain.txt' could not start: Permission denied"
    assert _subreaper() == 0


def test_the_command_gets_the_prompt_the_guard_and_the_signals_a_plain_child_gets(tmp_path: Path) -> None:
    # Python ignores SIGPIPE and SIGXFSZ and the supervisor blocks SIGTERM and SIGCHLD: none of
    # that may reach the command, which must see what a child started by subprocess sees.
    signals = "grep -E '^Sig(Blk|Ign)' /proc/self/status"
    probe = f"cat; echo \" $MEMSYNC_EXTRACTING $(pwd)\"; {signals}"
    got = model.run(["sh", "-c", probe], "the prompt", 60, cwd=str(tmp_path))
    plain = subprocess.run(["sh", "-c", signals], capture_output=True, text=True, check=True).stdout
    assert got.text == f"the prompt 1 {tmp_path}\n{plain}"


def test_if_memsync_dies_the_command_and_its_helpers_stop(tmp_path: Path) -> None:
    driver = ("import sys; from memsync.extract import model; "
              "model.run(sys.argv[1:], 'prompt', 600)")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", driver, *_script(tmp_path), "hang"], env=env)
    try:
        wait_for(lambda: (tmp_path / "pids").exists(), "the model command to start", timeout=60)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    for pid in _pids(tmp_path):
        wait_for(lambda: _gone(pid), f"process {pid} to be gone", timeout=30)
