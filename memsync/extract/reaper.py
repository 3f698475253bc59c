"""The supervisor ``model.run`` starts on Linux in place of the model command.

A process group is not enough to stop what a model command started: a helper that
calls ``setsid()`` (a CLI's daemon, a ``setsid``/``nohup``-style wrapper, a double
fork) leaves the group and would outlive the deadline, maybe still spending money on
a model API. This process makes itself a *child subreaper*, so everything the command
starts that is orphaned comes back to it instead of init, and when the command exits,
or ``run()`` sends SIGTERM at the deadline, it kills every descendant it has and
reaps them until none is left. If memsync dies first, the kernel sends it SIGTERM
(``PR_SET_PDEATHSIG``) and it does the same. Only this short-lived process is a
subreaper, never memsync itself: a long-lived MCP server would collect every orphan
below it, as zombies nobody waits for.

It is run as a script (``python -I -S reaper.py STATUS_FD PARENT_PID -- WORDS``):
stdlib only, isolated (no cwd, no PYTHON* settings, no site) so it starts fast and a
project folder cannot shadow what it imports. It reports on STATUS_FD, one line:
``exit N``, ``signal N``, ``stopped`` (SIGTERM came first) or ``spawn ERRNO`` (the
command could not start), and exits with the command's status (128+n for a signal).

Its cost, for a trivial model command (a script that reads its input and exits), timed
20 times each way in turn (A B A B) on a busy 2-core machine: about 20 ms of CPU and
20-40 ms of wall time per run (the median whole-process run of ``model.run`` went from
109 to 148 ms). That is Python's start, ``ctypes`` and ``signal``; it is paid on the
detached extraction, never on the prompt path, next to a model that takes seconds.
"""
from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
SPAWN_FAILED = 127  # the exit status that goes with a ``spawn`` report


def _prctl(option: int, value: int) -> bool:
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _children(pid: int) -> list[int]:
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    out: list[int] = []
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as fh:
                out += [int(w) for w in fh.read().split()]
        except (OSError, ValueError):
            pass  # it just exited
    return out


def _descendants() -> list[int]:
    """Every process below this one (zombies included: they are ours to reap)."""
    if not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"):
        return _descendants_by_stat()  # a kernel without CONFIG_PROC_CHILDREN
    found: list[int] = []
    todo = [os.getpid()]
    while todo:
        kids = _children(todo.pop())
        found += kids
        todo += kids
    return found


def _descendants_by_stat() -> list[int]:
    parent: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as fh:
                    ppid = int(fh.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parent.setdefault(ppid, []).append(int(name))
    found: list[int] = []
    todo = [os.getpid()]
    while todo:
        kids = parent.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def kill_all() -> None:
    """SIGKILL every descendant and reap until there is none: a killed process cannot fork,
    and what it leaves is reparented here, so each round finds only what the last one missed."""
    while True:
        found = _descendants()
        killed = 0
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except OSError:
                pass  # gone already, or not ours to signal (a setuid program)
        if found and not killed:
            return  # only what we may not signal is left: waiting for it could be forever
        try:
            if found:
                os.waitpid(-1, 0)  # one of ours is dying (or dead): take it, then look again
            elif os.waitpid(-1, os.WNOHANG)[0] == 0:
                continue  # one came after the walk (reparented here): look again
        except ChildProcessError:
            return  # no child left, so nothing below us either


def _status_word(status: int) -> tuple[str, int]:
    if os.WIFSIGNALED(status):
        n = os.WTERMSIG(status)
        return f"signal {n}", 128 + n
    code = os.waitstatus_to_exitcode(status)
    return f"exit {code}", code & 0xFF


def _spawn(words: list[str]) -> int:
    """Start the command as subprocess would (PATH searched, exec failure raised here), with
    the signal state a plain child gets. Not posix_spawn: glibc's leaves two of its internal
    signals ignored in the child, and not subprocess: it is slower to import."""
    errors_r, errors_w = os.pipe()  # close-on-exec: EOF means exec succeeded
    pid = os.fork()
    if pid == 0:
        try:
            os.close(errors_r)
            # Python ignores SIGPIPE and SIGXFSZ, and we block two more: none of that is the command's.
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, ())
            os.execvp(words[0], words)
        except OSError as exc:
            os.write(errors_w, str(exc.errno or 0).encode())
        finally:
            os._exit(SPAWN_FAILED)
    os.close(errors_w)
    with open(errors_r, "rb") as fh:
        failed = fh.read()
    if failed:
        os.waitpid(pid, 0)
        number = int(failed)
        raise OSError(number, os.strerror(number))
    return pid


def main(args: list[str]) -> int:
    status_fd, parent, words = int(args[0]), int(args[1]), args[3:]
    os.set_inheritable(status_fd, False)  # the command must not hold our report open
    waited = {signal.SIGTERM, signal.SIGCHLD}
    signal.pthread_sigmask(signal.SIG_BLOCK, waited)  # taken by sigwaitinfo below, never lost
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    # memsync died: nobody keeps the deadline, so stop. (It is sent when the *thread* that
    # started us ends; run() holds that thread until we exit.)
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        return _report(status_fd, "stopped", 128 + signal.SIGTERM)  # it died before prctl
    try:
        child = _spawn(words)
    except OSError as exc:
        return _report(status_fd, f"spawn {exc.errno or 0}", SPAWN_FAILED)
    # Our own copies of stdin/stdout would keep run()'s pipe open after the command is gone.
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    word, code = "stopped", 128 + signal.SIGTERM
    while True:
        if signal.sigwaitinfo(waited).si_signo == signal.SIGTERM:
            break
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
            while pid > 0 and pid != child:  # an orphan that ended on its own
                pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break  # cannot happen while the command is unreaped; never spin
        if pid == child:
            word, code = _status_word(status)
            break
    kill_all()
    return _report(status_fd, word, code)


def _report(fd: int, word: str, code: int) -> int:
    try:
        os.write(fd, word.encode() + b"\n")
    except OSError:
        pass
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
