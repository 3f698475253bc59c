"""The one user-facing error type and the exit codes, mapped in one place."""
from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1  # stale index, lint errors, secrets, no search hits
EXIT_USAGE = 2  # bad arguments, bad environment, a file we must not touch
EXIT_OFFLINE = 3  # sync: remote unreachable, local work committed and waiting
EXIT_INTERNAL = 70  # a bug in memsync (EX_SOFTWARE); never expected


class MemsyncError(Exception):
    """A failure to show the user as one line, without a traceback.

    ``path`` and ``line`` locate the problem when known; ``exit_code`` is what
    the command returns.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        exit_code: int = EXIT_USAGE,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.exit_code = exit_code

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path if self.line is None else f"{self.path}:{self.line}"
            where += ": "
        return where + self.message
