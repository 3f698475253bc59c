"""``memsync extract --hook claude-code``: extraction from Claude Code's Stop / PreCompact hooks.

The hook itself only reads the hook JSON (``transcript_path``, ``session_id``, ``cwd``)
and starts a detached child in a session of its own, with stdin, stdout and stderr on
/dev/null, then exits 0: Claude Code waits for the hook's output to close, so the child
must hold none of it, and the user's session never waits for a model. It fails open
like the context hook: on any problem, exit 0 and one line on stderr.

The child takes the session's lock without waiting (one extraction per session at a
time; a second one records ``busy`` and leaves a note, so the running one reads the
turns it saw when it ends), reads the transcript, and extracts only the turns after the
ones the last finished run read (kept in memsync's cache), once there are at least
``extract.min_turns`` user turns among them. A run that fails or waits does not move
that mark, so its turns are read again next time.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

EVENTS = ("Stop", "PreCompact", "SessionEnd", "SubagentStop")


def _state_file(session: str) -> Path:
    from memsync.roots import cache_dir
    from memsync.sessions import key

    return cache_dir() / "extract" / f"{key(session)}.json"


def load_mark(session: str, transcript: str) -> int:
    """How many turns of this session's transcript the last finished run read."""
    from memsync.jsonfile import read_json

    doc = read_json(_state_file(session))
    if not isinstance(doc, dict) or doc.get("transcript") != transcript:
        return 0
    done = doc.get("done")
    return done if isinstance(done, int) and not isinstance(done, bool) and done > 0 else 0


def save_mark(session: str, transcript: str, done: int) -> None:
    from memsync.jsonfile import write_json

    try:
        write_json(_state_file(session), {"transcript": transcript, "done": done, "at": int(time.time() * 1000)})
    except OSError:
        pass  # the next run reads these turns again; dedupe keeps that harmless


def start(stream: IO[bytes] | None, *, root: str | None, scope: str | None, model_cmd: str | None) -> None:
    """The hook: read the payload, start the detached child, return. Never raises."""
    try:
        from memsync.extract.model import GUARD_ENV

        if os.environ.get(GUARD_ENV):
            return  # the model command's own session (claude -p): not ours to extract
        from memsync import hookio

        hook = hookio.read(stream)
        if hook.transcript_path is None:
            sys.stderr.write(f"memsync extract: {hook.problem or 'hook input has no transcript_path'}; "
                             "nothing extracted\n")
            return
        if hook.unknown_event or (hook.event is not None and hook.event not in EVENTS):
            # Only a known event is named: a payload is hostile, and stderr reaches the user's screen.
            what = hook.event or "the hook event"
            sys.stderr.write(f"memsync extract: {what} is not a hook extraction runs on "
                             f"({', '.join(EVENTS)}); nothing extracted\n")
            return
        cwd = hook.cwd if hook.cwd and os.path.isdir(hook.cwd) else os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd()
        transcript = os.path.join(cwd, os.path.expanduser(hook.transcript_path))  # absolute stays absolute
        # --opt=value throughout: a value starting with '-' (the payload is hostile) stays a value.
        from memsync.launch import python_words

        words = [*python_words(), "extract", "--hook-child", f"--event={hook.event or 'Stop'}"]
        if hook.session_id:
            from memsync.extract.transcript import clean

            words.append(f"--session={clean(hook.session_id)}")
        if root:
            words.append(f"--root={os.path.abspath(root)}")
        if scope:
            words.append(f"--scope={scope}")
        if model_cmd:
            words.append(f"--model-cmd={model_cmd}")
        words += ["--", transcript]
        subprocess.Popen(words, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)
    except BaseException as exc:  # noqa: BLE001 - fail open by design
        if isinstance(exc, KeyboardInterrupt):
            raise
        sys.stderr.write(f"memsync extract: {type(exc).__name__}: {str(exc)[:200]}; nothing extracted\n")


def _fingerprint(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


MAX_ROUNDS = 5  # runs one detached child makes for the hooks that found it busy


def child(transcript: str, *, session: str | None, event: str, root: str | None, scope: str | None,
          model_cmd: str | None) -> Any:
    """The detached run: lock, read the new turns, extract, move the mark. Records a status
    whatever happens (an unexpected error included) when a root can be chosen.

    A hook that finds the session busy leaves a note (``<state>.pending``) and returns; the
    running child, once it has let go of the lock, sees the note and reads the turns that
    came since, if the transcript changed. The note is checked only after the lock is free,
    so a busy hook is always seen by the run it met, or takes the lock itself."""
    from memsync import locks
    from memsync.extract.run import Report, _record, session_name
    from memsync.roots import cache_dir
    from memsync.service import Memory

    transcript = os.path.abspath(transcript)
    label = session or session_name(None, transcript)
    pending = _state_file(label).with_suffix(".pending")
    report: Any = None
    with Memory(cwd=os.getcwd(), root=root) as memory:
        target = memory.target_root(scope, create=False)
        for _ in range(MAX_ROUNDS):
            with locks.try_lock(cache_dir() / "extract" / label, "extract") as mine:
                if not mine:
                    try:
                        pending.parent.mkdir(parents=True, exist_ok=True)
                        pending.touch()
                    except OSError:
                        pass  # the next hook reads these turns
                    busy = Report("busy", "an extraction of this session is already running; it reads the turns "
                                  "since then when it ends", session_name(label, transcript), transcript,
                                  target.display, event, at=int(time.time() * 1000))
                    _record(target.path, busy)
                    return report or busy
                try:
                    pending.unlink()
                except OSError:
                    pass
                seen = _fingerprint(transcript)
                report = _one_run(memory, target, transcript, label, session=session, event=event, scope=scope,
                                  model_cmd=model_cmd)
            if not pending.exists() or _fingerprint(transcript) == seen:
                return report
        return report


def _one_run(memory: Any, target: Any, transcript: str, label: str, *, session: str | None, event: str,
             scope: str | None, model_cmd: str | None) -> Any:
    from memsync.extract.run import DONE, Report, _record, extract, session_name

    mark = load_mark(label, transcript)
    try:
        report = extract(transcript, model_cmd=model_cmd, memory=memory, scope=scope, session=session,
                         event=event, start_turn=mark, cwd=os.getcwd())
    except Exception as exc:  # noqa: BLE001 - a detached run has no one to tell but the status
        from memsync.errors import MemsyncError

        if isinstance(exc, MemsyncError):
            return None  # recorded by extract
        report = Report("error", f"internal error: {type(exc).__name__}: {str(exc)[:200]}",
                        session_name(label, transcript), transcript, target.display, event,
                        at=int(time.time() * 1000))
        _record(target.path, report)
        return report
    if report.outcome in DONE:
        save_mark(label, transcript, report.total_turns)
    return report
