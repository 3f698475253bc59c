"""Remotes: fetch the branch, push it with compare-and-swap, and read it back.

Any URL dulwich speaks: a path or ``file://`` (through C git's
upload-pack/receive-pack when git is installed, else dulwich's local client),
``git://``, ``ssh://`` or ``user@host:path`` (through ``$GIT_SSH_COMMAND``,
``$GIT_SSH``, ``core.sshCommand`` or ``ssh``), and ``http(s)://``.

HTTP credentials come from the URL, from ``MEMSYNC_GIT_USERNAME`` /
``MEMSYNC_GIT_PASSWORD``, or from git's credential helper (``git credential
fill``, asked only when the server answers 401). They are handed to dulwich as
arguments, never inside a URL, and every URL memsync prints or stores goes
through ``urls.redact`` first.

Each network operation runs under its own ``Deadline`` (``sync.timeout``
seconds in all, however the server trickles), on a client built for it
(``clients``).

dulwich does not raise when a server rejects a push, and updates its tracking
ref anyway; so pushes here go through ``send_pack`` with our own ref check, the
server's per-ref status is read, and the remote ref is read back to verify.
"""
from __future__ import annotations

import io
import os
import socket
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from memsync.errors import MemsyncError
from memsync.sync.deadline import Deadline
from memsync.sync.repo import BRANCH_REF, GitRepo
from memsync.sync.urls import is_local, local_path, redact, shown_url, strip

ENV_USER = "MEMSYNC_GIT_USERNAME"
ENV_PASSWORD = "MEMSYNC_GIT_PASSWORD"
ZERO = b"0" * 40
DEFAULT_TIMEOUT = 60.0
_MIN_SCRUB = 4  # shorter credential strings cannot be masked in free text without mangling it


class Unreachable(Exception):
    """The remote could not be reached (network down, host or path missing, no answer in time)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Rejected(Exception):
    """The remote did not take our update (someone pushed first, or it refused)."""


@dataclass
class Remote:
    """One remote URL plus how to authenticate to it, and how long each operation may take."""

    url: str
    timeout: float = DEFAULT_TIMEOUT
    secrets: list[str] = field(default_factory=list)
    _helper_creds: dict[str, str] | None = None

    def __post_init__(self) -> None:
        self.stripped = strip(self.url)  # MemsyncError for a URL that cannot be used
        self.secrets.extend(s for s in self.stripped.secrets if len(s) >= _MIN_SCRUB)

    @property
    def display(self) -> str:
        return shown_url(self.stripped.url)

    def clean(self, text: str) -> str:
        """``text`` (an error from the transport, maybe the server's own words) with the URL's
        credentials and any password we hold masked, and control characters escaped."""
        from memsync.output import visible
        from memsync.secrets.gate import redact as mask_secrets

        text = text.replace(self.url, self.display)
        for s in self.secrets:
            if s:
                text = text.replace(s, "***")
        return visible(mask_secrets(text))  # a token in the URL's path, quoted by the transport

    def client(self, repo: GitRepo | None, deadline: Deadline) -> tuple[object, str]:
        from memsync.sync.clients import make_client

        config = repo.get_config_stack() if repo is not None else None
        url, user, password = self.stripped.url, self.stripped.user, self.stripped.password
        if urlsplit(url).scheme.lower() in ("http", "https") if "://" in url else False:
            if user is None and os.environ.get(ENV_USER):
                user = os.environ[ENV_USER]
            if password is None and os.environ.get(ENV_PASSWORD):
                password = os.environ[ENV_PASSWORD]
                user = user or "git"
            self.secrets.extend(s for s in (password,) if s and len(s) >= _MIN_SCRUB)
        return make_client(url, config=config, user=user, password=password,
                           auth_callback=None if password else self._ask_helper, deadline=deadline)

    def _ask_helper(self, url: str, www_authenticate: str, attempt: int) -> dict[str, str] | None:
        """git's credential helper, asked once; dulwich calls this for each URL that answers 401."""
        if attempt > 1:  # the server refused what the helper gave
            if self._helper_creds is not None:
                credential(self._helper_creds, "reject", self.timeout)
                self._helper_creds = None
            return None
        if self._helper_creds is None:
            parts = urlsplit(self.stripped.url)
            query = {"protocol": parts.scheme, "host": parts.netloc, "path": parts.path.lstrip("/")}
            got = credential(query, "fill", self.timeout)
            if not got or "password" not in got:
                return None
            self._helper_creds = {**query, **got}
            self.secrets.append(got["password"])
        creds = self._helper_creds
        return {"username": creds.get("username", ""), "password": creds["password"]}

    def approve(self) -> None:
        """Tell the credential helper that the credentials it gave worked."""
        if self._helper_creds is not None:
            credential(self._helper_creds, "approve", self.timeout)


def credential(fields: dict[str, str], action: str, timeout: float = DEFAULT_TIMEOUT) -> dict[str, str] | None:
    """Run ``git credential fill|approve|reject``; no terminal prompt, ever."""
    payload = "".join(f"{k}={v}\n" for k, v in fields.items() if "\n" not in v and v) + "\n"
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    try:
        out = subprocess.run(
            ["git", "credential", action], input=payload, capture_output=True, text=True, env=env, timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0 or action != "fill":
        return None
    result = {}
    for line in out.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            result[key] = value
    return result


def _wrap(remote: Remote, exc: BaseException) -> Exception:
    """Map a transport failure to Unreachable, or to a MemsyncError with a clean message."""
    from dulwich.client import HTTPUnauthorized
    from dulwich.errors import GitProtocolError, HangupException, NotGitRepository

    text = remote.clean(str(exc).strip() or type(exc).__name__)
    if isinstance(exc, HTTPUnauthorized):
        return MemsyncError(
            f"{remote.display} refused the credentials (HTTP 401). Put them in git's credential helper, "
            f"or set {ENV_USER} and {ENV_PASSWORD}; they are never stored by memsync.",
        )
    if isinstance(exc, (HangupException, ConnectionError, socket.timeout, TimeoutError, socket.gaierror)):
        return Unreachable(text.splitlines()[0] if text else "connection closed")
    if isinstance(exc, OSError):
        return Unreachable(exc.strerror or text)
    if isinstance(exc, NotGitRepository):
        if is_local(remote.url) and not os.path.exists(local_path(remote.url)):
            return Unreachable(f"{remote.display} does not exist (is the drive mounted?)")
        return MemsyncError(f"{remote.display} is not a git repository")
    name = type(exc).__name__
    if name in ("MaxRetryError", "NewConnectionError", "ProtocolError", "ReadTimeoutError", "ConnectTimeoutError"):
        return Unreachable(text.splitlines()[0])
    if isinstance(exc, GitProtocolError):
        low = text.lower()
        if any(w in low for w in ("connection refused", "timed out", "could not resolve", "unreachable", "hung up")):
            return Unreachable(text.splitlines()[0])
        return MemsyncError(f"{remote.display}: {text.splitlines()[0]}")
    return MemsyncError(f"{remote.display}: {name}: {text.splitlines()[0] if text else ''}")


def _guard(remote: Remote, action: Callable[[Deadline], object]) -> object:
    if is_local(remote.url):
        path = local_path(remote.url)
        if not os.path.exists(path):
            raise Unreachable(f"{remote.display} does not exist (is the drive mounted?)")
        if not _is_repository(path):
            # There and readable, so no retry will help: a bad setting (exit 2), as an http 404 is.
            raise MemsyncError(f"{remote.display} is not a git repository (create a hub with "
                               "`git init --bare -b main PATH`)")
    return _cleaned(remote, action)


def _is_repository(path: str) -> bool:
    """``path`` holds a git repository: bare (HEAD, objects/, refs/) or with a ``.git`` (a folder or
    a gitfile). Only what git itself looks for; a damaged one is left to the transport to report."""
    if not os.path.isdir(path):
        return False
    if os.path.exists(os.path.join(path, ".git")):
        return True
    return all(os.path.exists(os.path.join(path, name)) for name in ("HEAD", "objects", "refs"))


def _cleaned(remote: Remote, action: Callable[[Deadline], object]) -> object:
    """Run one network operation under its own deadline; every failure becomes one clean line."""
    with Deadline(remote.timeout) as deadline:
        try:
            return action(deadline)
        except (Rejected, Unreachable, MemsyncError):
            if deadline.passed:
                raise Unreachable(f"no answer within {remote.timeout:g} s (sync.timeout)") from None
            raise
        except Exception as exc:  # noqa: BLE001 - dulwich's, urllib3's, the OS's: one clean line, never a secret
            if deadline.passed:
                raise Unreachable(f"no answer within {remote.timeout:g} s (sync.timeout)") from None
            raise _wrap(remote, exc) from None


def remote_head(remote: Remote, repo: GitRepo | None = None) -> bytes | None:
    """The remote branch's commit right now (None: the remote has no branch yet)."""

    def act(deadline: Deadline) -> bytes | None:
        if is_local(remote.url):
            # Read the hub's ref directly: no process to spawn for a path on this machine.
            from dulwich.repo import Repo as Hub

            with Hub(os.path.abspath(local_path(remote.url))) as hub:
                refs: Any = hub.refs
                try:
                    return refs[BRANCH_REF]
                except KeyError:
                    return None
        client, path = remote.client(repo, deadline)
        result = client.get_refs(path.encode() if isinstance(path, str) else path)  # type: ignore[attr-defined]
        refs = getattr(result, "refs", result)
        value = refs.get(BRANCH_REF)
        return None if value in (None, ZERO) else value

    return _guard(remote, act)  # type: ignore[return-value]


def fetch(repo: GitRepo, remote: Remote) -> bytes | None:
    """Bring the remote branch's objects in; return its commit (None: no branch there)."""
    return _store_fetched(repo, remote, _guard(remote, lambda d: _receive(repo, remote, d)))  # type: ignore[arg-type]


class Prefetch:
    """A fetch whose network half runs in a helper thread while this one works on.

    The thread opens the repository again for itself (dulwich's object store is
    not meant to be shared between threads) and only reads from it: which
    commits we have, to negotiate. ``finish`` waits for it and stores what it
    received, here; the result is exactly ``fetch``'s. The thread's operation
    has its own deadline, like any other.
    """

    def __init__(self, root: str, remote: Remote) -> None:
        import threading

        self.remote = remote
        self._got: dict[str, Any] = {}
        self._thread = threading.Thread(target=self._work, args=(root,), name="memsync-fetch", daemon=True)
        self._thread.start()

    def _work(self, root: str) -> None:
        from dulwich.repo import Repo

        try:
            with Repo(root) as repo:
                self._got["value"] = _guard(self.remote, lambda d: _receive(repo, self.remote, d))
        except BaseException as exc:  # noqa: BLE001 - handed to the thread that asks for the result
            self._got["error"] = exc

    def wait(self) -> None:
        self._thread.join()

    def finish(self, repo: GitRepo) -> bytes | None:
        self.wait()
        if "error" in self._got:
            raise self._got["error"]
        return _store_fetched(repo, self.remote, self._got["value"])


def _receive(repo: GitRepo, remote: Remote, deadline: Deadline) -> tuple[bytes | None, bytes]:
    """The remote branch's commit and the pack of what we lack (network only; nothing stored)."""
    client, path = remote.client(repo, deadline)
    wanted: dict[str, bytes | None] = {"head": None}

    def determine_wants(refs: dict[bytes, bytes], depth: int | None = None) -> list[bytes]:
        value = refs.get(BRANCH_REF)
        wanted["head"] = None if value in (None, ZERO) else value
        if wanted["head"] is None or wanted["head"] in repo.object_store:
            return []
        return [wanted["head"]]

    received = io.BytesIO()
    result = client.fetch_pack(  # type: ignore[attr-defined]
        path.encode() if isinstance(path, str) else path, determine_wants, repo.get_graph_walker(), received.write,
    )
    head = wanted["head"]
    refs = getattr(result, "refs", None) or {}
    if refs.get(BRANCH_REF) not in (None, ZERO, head):
        head = refs[BRANCH_REF]
    return head, received.getvalue()


def _store_fetched(repo: GitRepo, remote: Remote, got: tuple[bytes | None, bytes]) -> bytes | None:
    """Store a received pack; the commit is checked to be in our store: dulwich's local
    client re-reads refs after copying objects, so a push landing in between can name a
    commit we did not receive (Unreachable is not right for that: retry)."""
    from memsync.sync.accept import Refused, not_a_commit

    head, pack = got
    try:
        store_pack(repo, pack, head)
    except (Refused, MemsyncError):
        raise
    except Exception as exc:  # noqa: BLE001 - a pack dulwich cannot read: one clean line
        raise MemsyncError(f"{remote.display} sent data that cannot be read ({type(exc).__name__}); "
                           "nothing it sent was kept") from None
    remote.approve()
    if head is not None and head not in repo.object_store:
        raise Rejected("the remote moved while we fetched")
    if head is not None:
        kind = repo.object_store[head].type_num
        if kind != 1:  # one we had already (a tree of ours, say): nothing was sent to check
            raise not_a_commit(head, {2: "tree", 3: "blob", 4: "tag"}.get(kind, "object"))
    return head


LOOSE_LIMIT = 100  # git's transfer.unpackLimit: smaller packs are stored as loose objects


def store_pack(repo: GitRepo, data: bytes, head: bytes | None = None) -> None:
    """Check a fetched pack (``accept.check_fetched``), then keep it: a small one as loose
    objects, like git does. Nothing is stored unless every object passes.

    dulwich would keep every fetch as its own pack, and after a few hundred
    syncs each object lookup would search hundreds of packs.
    """
    if not data:
        return
    from dulwich.pack import PackData, PackInflater

    from memsync.sync.accept import check_fetched
    from memsync.sync.pause import pause
    from memsync.sync.repo import objects

    pack = PackData.from_file(io.BytesIO(data), repo.object_store.object_format, len(data))
    try:
        received = list(PackInflater.for_pack_data(pack, resolve_ext_ref=repo.object_store.get_raw))
        check_fetched(received, head, lambda sha: sha in repo.object_store)
        if len(received) >= LOOSE_LIMIT:
            repo.object_store.add_thin_pack(io.BytesIO(data).read, None)
            return
        # Commits last, parents before children: a commit in the store vouches for all it
        # names (the next fetch asks for nothing it has), even after a kill in this loop.
        ordered = [o for o in received if o.type_num != 1] + _parents_first([o for o in received if o.type_num == 1])
        memo = objects(repo)  # the merge reads these again
        for i, obj in enumerate(ordered):
            if i == len(ordered) // 2:
                pause("storing-fetched")
            memo.add(obj)
    finally:
        pack.close()


def _parents_first(commits: list[Any]) -> list[Any]:
    by_id = {c.id: c for c in commits}
    out: list[Any] = []
    done: set[bytes] = set()
    for start in commits:
        stack = [(start, False)]
        while stack:
            commit, expanded = stack.pop()
            if commit.id in done:
                continue
            if expanded:
                done.add(commit.id)
                out.append(commit)
                continue
            stack.append((commit, True))
            stack.extend((by_id[p], False) for p in commit.parents if p in by_id and p not in done)
    return out


def push(repo: GitRepo, remote: Remote, expected: bytes | None, new: bytes) -> None:
    """Move the remote branch from ``expected`` to ``new``; Rejected if it is elsewhere now.

    The check happens on our side (we send nothing unless the remote still
    points at ``expected``) and on the server's (a non-fast-forward or a lost
    race comes back in the per-ref status), and the ref is read back afterwards.
    """
    from dulwich.errors import SendPackError
    from dulwich.file import FileLocked

    moved: dict[str, bytes | None] = {}

    def update_refs(refs: dict[bytes, bytes]) -> dict[bytes, bytes]:
        current = refs.get(BRANCH_REF)
        current = None if current in (None, ZERO) else current
        moved["current"] = current
        if current != expected:
            return {}
        return {BRANCH_REF: new}

    def generate(have: set[bytes], want: set[bytes], *, ofs_delta: bool = False, progress=None):  # type: ignore[no-untyped-def]
        if expected is not None and expected in have and expected in repo.object_store:
            from dulwich.pack import pack_objects_to_data

            from memsync.sync.repo import new_objects

            found: Any = new_objects(repo, new, expected)
            return pack_objects_to_data(found, ofs_delta=ofs_delta)
        return repo.generate_pack_data(set(have), set(want), progress=progress, ofs_delta=ofs_delta)

    def act(deadline: Deadline) -> object:
        client, path = remote.client(repo, deadline)
        try:
            return client.send_pack(path.encode() if isinstance(path, str) else path, update_refs, generate_pack_data=generate)  # type: ignore[attr-defined]
        except SendPackError as exc:
            raise Rejected(remote.clean(str(exc))) from None
        except FileLocked:
            # dulwich's local client: another pusher holds the hub's ref lock right now.
            raise Rejected("the remote branch is locked by another push") from None

    result = _guard(remote, act)
    remote.approve()
    if moved.get("current") != expected:
        raise Rejected("someone else pushed first")
    status = getattr(result, "ref_status", None) or {}
    error = status.get(BRANCH_REF)
    if error is not None:
        reason = remote.clean(error.decode("utf-8", "replace") if isinstance(error, bytes) else str(error))
        if any(w in reason.lower() for w in ("declined", "refusing", "denied", "not allowed", "checked out")):
            # A rule of the remote (a hook, a checked-out branch): retrying cannot help.
            raise MemsyncError(f"{remote.display} refused the push: {reason}")
        raise Rejected(reason)
    if remote_head(remote, repo) != new:
        raise Rejected("the remote did not move to our commit")
