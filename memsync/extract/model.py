"""Run the user's model command: the prompt on stdin, the answer on stdout, a deadline.

The command is a program and its arguments (``llm -m gpt-4o-mini``, ``claude -p``),
split like a shell would split it but run without one: nothing in a setting is
interpreted by a shell unless the user writes the shell in (``sh -c '…'``). It runs in
a process group of its own, under a supervisor on Linux (``reaper.py``, a subreaper: a
helper that left the group with ``setsid()`` is still caught); when ``run()`` returns,
for whatever reason, everything the command started is gone. The answer is read up to
``MAX_ANSWER`` bytes. ``MEMSYNC_EXTRACTING=1`` is set for it, so that a model command that is itself
an agent with memsync hooks (``claude -p``) does not start an extraction of its own.
No SDK, no network code here: what the command does is the user's choice.
"""
from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, NoReturn

from memsync.errors import MemsyncError

MAX_ANSWER = 4 << 20
GUARD_ENV = "MEMSYNC_EXTRACTING"
_AFTER_EXIT = 2.0  # seconds to drain stdout once the command exited (a helper may still hold it)


class ModelError(MemsyncError):
    """The model command failed; ``outcome`` is ``model-failed`` or ``model-timeout``."""

    outcome = "model-failed"


class ModelTimeout(ModelError):
    outcome = "model-timeout"


@dataclass
class Answer:
    """What the model command printed, and how long it took."""

    text: str
    seconds: float


def argv(setting: Any) -> list[str]:
    """The command line of ``extract.model_cmd``: a string (split like a shell) or a list."""
    if isinstance(setting, str):
        try:
            words = shlex.split(setting)
        except ValueError as exc:
            raise MemsyncError(f"extract.model_cmd cannot be read as a command line: {exc}") from None
    elif isinstance(setting, list) and all(isinstance(w, str) for w in setting):
        words = list(setting)
    else:
        raise MemsyncError("extract.model_cmd must be a command line (text) or a list of words")
    if not words or not words[0].strip() or any("\0" in w for w in words):
        raise MemsyncError("extract.model_cmd is empty; set it to a command that reads a prompt on stdin "
                           "and prints the answer (e.g. `llm -m gpt-4o-mini` or `claude -p`)")
    return words


def program(words: list[str]) -> str:
    """The command's name for statuses (never its arguments: they may hold a key)."""
    return os.path.basename(words[0]) or words[0]


def _tail(fh: Any) -> str:
    from memsync.output import visible
    from memsync.secrets.gate import redact

    try:
        size = fh.seek(0, os.SEEK_END)
        fh.seek(max(0, size - 2000))
        text = fh.read().decode("utf-8", "replace")
    except OSError:
        return ""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    shown = visible(redact(" / ".join(lines[-3:])))
    return shown[-300:]


def _kill(proc: subprocess.Popen[bytes], supervised: bool) -> None:
    if supervised and proc.poll() is None:
        try:  # the supervisor stops the command and all it started, setsid()'d ones included
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=_AFTER_EXIT)
        except subprocess.TimeoutExpired:
            pass  # stuck: the group, at least, goes below
    try:
        if hasattr(os, "killpg"):
            os.killpg(proc.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows has no process groups here
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


def _supervised(words: list[str]) -> tuple[list[str], int, int] | None:
    """The words that run ``words`` under the supervisor, with the two ends of the pipe it
    reports on; None where there is no supervisor (not Linux: the process group alone
    stops the command there)."""
    if not sys.platform.startswith("linux") or not sys.executable:
        return None
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reaper.py")
    read_end, write_end = os.pipe()
    return [sys.executable, "-I", "-S", script, str(write_end), str(os.getpid()), "--", *words], read_end, write_end


def _report(fd: int) -> tuple[str, int | None]:
    """The supervisor's report, as a word and the command's status (a signal negative)."""
    data = b""
    while chunk := os.read(fd, 256):  # it has exited: this ends
        data += chunk
    word, _, value = data.decode("ascii", "replace").strip().partition(" ")
    number = int(value) if value.lstrip("-").isdigit() else None
    return word, (-number if word == "signal" and number is not None else number)


def _cannot_start(name: str, exc: OSError) -> NoReturn:
    if isinstance(exc, FileNotFoundError):
        raise ModelError(f"model command not found: {name!r} (extract.model_cmd; is it installed and on PATH?)") \
            from None
    raise ModelError(f"model command {name!r} could not start: {exc.strerror or exc}") from None


def run(words: list[str], prompt: str, timeout: float, *, cwd: str | None = None) -> Answer:
    """The command's answer to ``prompt``, or ModelError / ModelTimeout saying what happened."""
    import select

    name = program(words)
    started = time.monotonic()
    env = dict(os.environ, **{GUARD_ENV: "1"})
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stderr:
        # The prompt goes through a file, not a pipe: a command that never reads its input
        # cannot block us, and we never hold a pipe it could fill.
        stdin.write(prompt.encode("utf-8", "surrogateescape"))
        stdin.seek(0)
        supervised = _supervised(words)
        word, status = "", None  # the supervisor's report
        try:
            proc = subprocess.Popen(supervised[0] if supervised else words, stdin=stdin, stdout=subprocess.PIPE,
                                    stderr=stderr, cwd=cwd, env=env, start_new_session=True, close_fds=True,
                                    pass_fds=supervised[2:] if supervised else ())
        except OSError as exc:
            if supervised:
                os.close(supervised[1])
            _cannot_start(name, exc)
        finally:
            if supervised:
                os.close(supervised[2])  # the supervisor holds the only write end now
        assert proc.stdout is not None
        out = bytearray()
        deadline = started + timeout
        exited_at: float | None = None
        too_long = timed_out = False
        fd = proc.stdout.fileno()
        try:
            while True:
                now = time.monotonic()
                if now >= deadline:
                    timed_out = exited_at is None
                    break
                if exited_at is None and proc.poll() is not None:
                    exited_at = now
                if exited_at is not None and now - exited_at > _AFTER_EXIT:
                    break  # a helper it left behind still holds stdout open
                ready, _, _ = select.select([fd], [], [], min(0.2, deadline - now))
                if not ready:
                    continue
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                out += chunk
                if len(out) > MAX_ANSWER:
                    too_long = True
                    break
        finally:
            own: int | None = proc.poll()
            if own is None and not (timed_out or too_long):
                try:  # stdout closed: give the command a moment to exit by itself
                    own = proc.wait(timeout=max(0.0, min(_AFTER_EXIT, deadline - time.monotonic())))
                except subprocess.TimeoutExpired:
                    own = None
            _kill(proc, supervised is not None)  # a timed-out command and anything it started
            proc.stdout.close()
            proc.wait()
            if supervised:
                try:
                    word, status = _report(supervised[1])
                finally:
                    os.close(supervised[1])
        if supervised and word == "spawn":  # the command never started: say so as if we had started it
            _cannot_start(name, OSError(status or 0, os.strerror(status or 0)))
        if supervised and word in ("exit", "signal", "stopped"):
            own = status  # the command's own status (the supervisor's is only a copy); None: it was stopped
        seconds = time.monotonic() - started
        if timed_out:
            raise ModelTimeout(f"model command {name!r} did not answer within {timeout:g} s (extract.timeout); "
                               "it was stopped, with everything it started")
        if too_long:
            raise ModelError(f"model command {name!r} answered more than {MAX_ANSWER >> 20} MiB; stopped")
        code = 0 if own is None else own  # None: it closed stdout and lingered; we stopped it
        if code != 0:
            how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
            detail = _tail(stderr)
            raise ModelError(f"model command {name!r} {how}" + (f": {detail}" if detail else ""))
    return Answer(out.decode("utf-8", "replace"), seconds)
