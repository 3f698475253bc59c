"""Which project a server serves — found by the server, never taken from a model's argument.

Models cannot reliably name the project: across memory servers that is the top cause of
memories filed in the wrong place, silently. So the order is fixed: ``--project DIR``
(what the user configured), ``$CLAUDE_PROJECT_DIR`` (Claude Code sets it for its
servers), the client's MCP roots (the first ``file://`` root), the working directory.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from memsync.errors import MemsyncError
from memsync.output import visible

# How long a client that advertised roots has to answer roots/list. Hosts answer from the folders
# they have open, at once; without a bound, a host that never answers leaves every tool call
# waiting forever (the SDK puts no time limit on a request to the client).
ROOTS_TIMEOUT = 5.0
# A host that does not fill in its variables leaves them as written (``${workspaceFolder}``).
_PLACEHOLDER = re.compile(r"\$\{[^}]*\}|^\$[A-Za-z_]")


def usable(value: str | None) -> bool:
    return bool(value) and not _PLACEHOLDER.search(value or "")


def explicit_dir(value: str | None) -> Path | None:
    """``--project DIR`` checked at start: a missing folder is the user's mistake, said at once."""
    if not usable(value):
        return None
    assert value is not None
    path = Path(os.path.realpath(os.path.expanduser(value)))
    if not path.is_dir():
        raise MemsyncError(f"--project {value}: no such folder")
    return path


def from_root_uri(uri: str) -> Path | None:
    """A ``file://`` root as a folder that exists, else None."""
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    path = Path(unquote(parsed.path))
    if not path.is_absolute():
        return None
    path = Path(os.path.realpath(path))
    return path if path.is_dir() else None


def _cwd() -> Path | None:
    """The working directory, or None when it was deleted (``os.getcwd`` then fails)."""
    try:
        return Path(os.path.realpath(os.getcwd()))
    except OSError:
        return None


class Locator:
    """Resolves the project once per client session and remembers the answer."""

    def __init__(self, explicit: Path | None) -> None:
        self.explicit = explicit
        # The folder the server started in, for when that folder is deleted under it (see _cwd).
        self._start = _cwd()
        self._found: tuple[object, Path] | None = None  # (the client's connection, its project)

    def fixed(self) -> tuple[Path, str] | None:
        """The project when it does not depend on the client: (folder, how it was found)."""
        if self.explicit is not None:
            return self.explicit, "--project"
        env = os.environ.get("CLAUDE_PROJECT_DIR")
        if usable(env):
            assert env is not None
            path = Path(os.path.realpath(env))
            if path.is_dir():
                return path, "CLAUDE_PROJECT_DIR"
        return None

    async def project(self, session: Any) -> Path:
        fixed = self.fixed()
        if fixed is not None:
            if not fixed[0].is_dir():  # --project, deleted since: the user named it, so no silent fallback
                raise MemsyncError(f"--project {visible(str(fixed[0]))}: the folder no longer exists (deleted while "
                                   "the server ran); nothing was read or written. Restart the server on a project "
                                   "folder that exists")
            return fixed[0]
        # The SDK makes a session object per request; the client's initialize params are one object
        # per connection (kept here, so its identity cannot be reused by another).
        client = getattr(session, "client_params", None) or session
        if self._found is not None and self._found[0] is client:
            return self._found[1]
        # A deleted working folder breaks no tool: the folder the server started in is asked instead.
        # Deleted with its project, it finds none (the global memory still serves); a deleted subfolder
        # of a repository that remains still finds that project. Started in a deleted folder: the top.
        found = await self._from_roots(session) or _cwd() or self._start or Path(os.sep)
        self._found = (client, found)  # one client per stdio server: one answer kept
        return found

    def forget_roots(self) -> None:
        """The client said its roots changed: ask again on the next call."""
        self._found = None

    async def _from_roots(self, session: Any) -> Path | None:
        caps = getattr(session, "client_capabilities", None) if session is not None else None
        if caps is None or getattr(caps, "roots", None) is None:
            return None
        import logging
        import warnings

        import anyio

        try:
            with warnings.catch_warnings(), anyio.fail_after(ROOTS_TIMEOUT):
                warnings.simplefilter("ignore")  # roots are deprecated in the newest revision, still widely sent
                result = await session.list_roots()
        except TimeoutError:
            logging.getLogger("memsync.mcp").warning("the client did not answer roots/list in %.0f s; serving the "
                                                     "working directory's project", ROOTS_TIMEOUT)
            return None
        except Exception:  # a client that advertised roots but cannot answer: fall back to the cwd
            return None
        for root in getattr(result, "roots", None) or []:
            path = from_root_uri(str(getattr(root, "uri", "")))
            if path is not None:
                return path
        return None
