"""The one user-facing error type, its kinds, and the exit codes they map to.

Library code and commands raise; ``memsync.cli`` is the only place that turns
an error into an exit code, so a library caller or a server sees the same typed
errors the command line does.
"""
from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1  # stale index, lint errors, secrets, no search hits, a gate's refusal
EXIT_USAGE = 2  # bad arguments, bad environment, a file we must not touch
EXIT_OFFLINE = 3  # sync: remote unreachable, local work committed and waiting
EXIT_INTERNAL = 70  # a bug in memsync (EX_SOFTWARE); never expected


class MemsyncError(Exception):
    """A failure to show the user as one line, without a traceback: a usage or environment error.

    ``path`` and ``line`` locate the problem when known.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path if self.line is None else f"{self.path}:{self.line}"
            where += ": "
        return where + self.message


class Findings(MemsyncError):
    """The command ran and found something the user must see: stale files, lint errors,
    secrets, no search hits, a write a gate refused. The message may be empty when the
    findings were printed already."""


class Offline(MemsyncError):
    """Sync could not reach the remote; local work is committed and waits."""

