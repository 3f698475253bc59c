"""What sync accepts, from the disk into a commit or from a remote into the repository,
and how it names a path to a person.

One set of rules both ways, so that what one device refuses to commit no other
device accepts either:

- a path must be safe to create inside the root (no ``..``, no ``.git`` in any
  spelling, no absolute path);
- ``.state.json`` (per-device counters) is never committed; one that a person
  committed with the git CLI, here or on another device, is not a reason to
  stop: sync leaves it out of the checkout, takes it out of the index (the
  file stays on disk) and commits its removal from the branch;
- an entry (``<category>/<slug>.md``) is UTF-8 text of at most 1 MiB, as lint
  decides it (E001, E002: no NUL or other binary byte, no UTF-16 with or
  without a BOM, nothing that does not decode); one a remote's branch holds
  anyway (committed with the git CLI) is kept in git and out of the checkout,
  like the files below;
- the root's ``.memsync.yaml`` loads (valid YAML, valid sync settings): every command
  reads it first, so a broken one would stop every device, the repair included; one a
  remote's branch holds anyway is kept in git and out of the checkout, like an entry;
- any other file is at most 64 MiB (a remote sending a bigger one is refused);
- every tree a remote sends is well formed (sorted, no duplicate or empty
  names, known modes) and names only objects that exist;
- a file of the branch this device cannot or will not create (a symlink, a
  submodule, a name with a backslash or a part over 255 bytes) is not a
  reason to stop either: it stays in git as it is, out of this device's
  checkout (``checkout_problem``), and every sync names it.

A local file that breaks a rule stays on disk, uncommitted, and every sync
says which and why. A remote that sends a malformed object or a file over
64 MiB is refused before anything it sent is stored, so the repository stays
as ``git fsck`` likes it.

``shown`` is how every path sync prints or records looks: secrets in it masked
(a file named like a token), control characters and undecodable bytes escaped.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from memsync.config import ROOT_CONFIG as SETTINGS_FILE  # the root's settings, synced with it
from memsync.errors import MemsyncError

# Imported by the checkout code before dulwich and the entry parser are loaded (the stat
# walk starts first), so the rules that need them import them when first used.
STATE_FILE = ".state.json"
MAX_FILE_BYTES = 64 << 20  # a memory repo has no business holding bigger files
_TREE = 0o040000


def shown(path: str) -> str:
    """``path`` fit to print or store: secrets masked, control characters and bytes that are
    not UTF-8 escaped (``\\x1b`` shows as ``^[``, byte 0xff as ``\\xff``)."""
    return shown_all([path])[0]


def shown_all(paths: Iterable[str]) -> list[str]:
    """``shown`` of many paths with one pass of the secret scanner: escaped first, so that
    no name holds a newline, then joined by newlines (a token never spans one)."""
    from memsync.output import visible
    from memsync.secrets.gate import redact

    escaped = [visible(p) for p in paths]
    if not escaped:
        return []
    lines = redact("\n".join(escaped)).split("\n")
    if len(lines) != len(escaped):  # a secret spanning lines (names made to look like a PEM block)
        lines = [redact(p) for p in escaped]
    return lines


def listing(paths: list[str], most: int = 8) -> str:
    """A few paths, ``shown``, for one line of text."""
    shown_paths = shown_all(paths[:most])
    return ", ".join(shown_paths) + (f", ... ({len(paths) - most} more)" if len(paths) > most else "")


def local_state_line(paths: list[str], *, done: bool) -> str:
    """What sync does (``done``) or will do about .state.json files this device's index holds."""
    if done:
        return (f"this device's git index held {listing(paths)} (added with the git CLI; memsync never syncs "
                "a .state.json): taken out of git, each file kept on disk as it is")
    return (f"this device's git index holds {listing(paths)} (added with the git CLI; memsync never syncs "
            "a .state.json): the next sync takes them out of git, keeping each file on disk as it is")


def remote_state_line(paths: list[str], *, done: bool) -> str:
    """What sync does (``done``) or will do about .state.json files the remote's main holds."""
    if done:
        return (f"the remote's main held {listing(paths)} (committed outside memsync): left out of this "
                "device's checkout and removed from the branch")
    return (f"the remote's main (as of the last fetch) holds {listing(paths)} (committed outside memsync): "
            "the next sync leaves them out of this device's checkout and removes them from the branch")


def _is_state_name(part: str) -> bool:
    # any case: on macOS and Windows `.State.json` checked out would overwrite this device's own
    return part.casefold() == STATE_FILE


def never_synced(path: str) -> bool:
    return any(_is_state_name(p) or p.lower() == ".git" for p in path.split("/"))


def is_state_path(path: str) -> bool:
    """``path`` is, or is inside, a ``.state.json``: per-device, left out of every checkout."""
    return any(_is_state_name(p) for p in path.split("/"))


def _bad_name(part: str) -> bool:
    return part in ("", ".", "..") or part.lower().rstrip(". ") in (".git", "git~1")


def valid_repo_path(path: str) -> bool:
    """A path that is safe to create inside the root (from a tree we did not write)."""
    if not path or path.startswith("/") or "\\" in path or "\0" in path:
        return False
    return not any(_bad_name(part) for part in path.split("/"))


NAME_MAX = 255  # bytes in one part of a path: the limit of every common file system
_LINK, _GITLINK = 0o120000, 0o160000


def checkout_problem(path: str, mode: int) -> str | None:
    """Why this device leaves ``path`` (``mode``) of the branch out of its checkout, keeping it
    in git as it is (None: it writes the file). One bad name on the remote must not stop every
    device, and none of these is ever created here: a symlink could point out of the root."""
    if mode == _LINK:
        return "a symlink (memsync writes regular files only, and never follows a link)"
    if mode == _GITLINK:
        return "a submodule (memsync writes regular files only)"
    if mode not in (0o100644, 0o100755):
        return f"not a regular file (mode {mode:o})"
    if "\\" in path:
        return "a name with a backslash (a folder separator on Windows)"
    if not valid_repo_path(path):
        return "a name memsync does not create"
    if any(len(part.encode("utf-8", "surrogateescape")) > NAME_MAX for part in path.split("/")):
        return f"a name longer than {NAME_MAX} bytes (file systems refuse it)"
    return None


def entry_problem(path: str, sha: bytes, read: Callable[[bytes], bytes | None]) -> str | None:
    """Why the remote's version ``sha`` (hex) of ``path`` is not written here because it is an
    entry lint refuses (E001, E002) or a root's settings file that does not load, or None
    (also for any other file)."""
    from memsync.sync.compiled import is_entry_path

    if not is_entry_path(path) and path != SETTINGS_FILE:
        return None
    return content_problem(path, read(sha) or b"")




def text_problem(data: bytes) -> str | None:
    """Why ``data`` is not UTF-8 text, in lint's words (E001), or None: one rule for both."""
    from memsync.entry import decode
    from memsync.problems import EntryError

    try:
        decode(data)
    except EntryError as exc:
        return exc.message
    return None


def size_problem(path: str, size: int) -> str | None:
    from memsync.entry import MAX_ENTRY_BYTES
    from memsync.sync.compiled import is_entry_path

    if is_entry_path(path):
        if size > MAX_ENTRY_BYTES:
            return f"an entry may hold at most 1 MiB, as lint allows ({size} bytes)"
    elif size > MAX_FILE_BYTES:
        return f"larger than {MAX_FILE_BYTES >> 20} MiB ({size} bytes)"
    return None


def content_problem(path: str, data: bytes) -> str | None:
    """Why sync will not commit ``data`` at ``path`` (None: it may)."""
    from memsync.config import root_config_error
    from memsync.sync.compiled import is_entry_path

    why = size_problem(path, len(data))
    if why is None and is_entry_path(path):
        text = text_problem(data)
        if text is not None:
            why = f"{text} (an entry is UTF-8 text, as lint requires: E001)"
    if why is None and path == SETTINGS_FILE:
        broken = root_config_error(data)
        if broken is not None:
            said = f"line {broken.line}: {broken.message}" if broken.line else broken.message
            why = f"settings that do not load ({said}; every memsync command would stop on them)"
    return why


class Refused(MemsyncError):
    """A remote sent something sync does not accept; nothing it sent was stored."""


def check_fetched(received: list[Any], head: bytes | None, have: Any) -> None:
    """Refuse (Refused) objects a remote sent unless every tree and commit among them is
    well formed and complete, ``head`` is a commit, and no file of ``head``'s tree that is
    new here is over 64 MiB.
    ``have(sha)``: the object is already in our store (accepted before)."""
    from dulwich.objects import ObjectFormatException

    by_id = {obj.id: obj for obj in received}

    def present(sha: bytes) -> bool:
        return sha in by_id or have(sha)

    for obj in received:
        kind = obj.type_num
        try:
            obj.check()
        except ObjectFormatException as exc:
            raise _refused(f"a malformed {obj.type_name.decode()} {obj.id.decode()[:7]} ({shown(str(exc))})") from None
        if kind == 2:
            for name, mode, sha in obj.iteritems():
                part = name.decode("utf-8", "surrogateescape")
                if _bad_name(part):
                    raise _refused(f"a tree {obj.id.decode()[:7]} naming {shown(part)!r}")
                if mode != 0o160000 and not present(sha):
                    raise _refused(f"a tree {obj.id.decode()[:7]} naming a missing object {sha.decode()[:7]}")
        elif kind == 1:
            if not present(obj.tree):
                raise _refused(f"a commit {obj.id.decode()[:7]} naming a missing object {obj.tree.decode()[:7]}")
            for sha in obj.parents:
                if not present(sha):
                    # what a shallow repository sends: its history is cut at a commit
                    raise _refused(f"a commit {obj.id.decode()[:7]} whose parent {sha.decode()[:7]} is missing "
                                   "(is the remote a shallow clone? memsync needs its whole history)")
    commit = by_id.get(head) if head is not None else None
    if commit is not None and commit.type_num != 1:
        raise not_a_commit(head, commit.type_name.decode())  # type: ignore[arg-type]
    if commit is None:
        return
    # The files the remote's branch holds now and we do not: the same rules as our own.
    stack = [(commit.tree, "")]
    while stack:
        sha, prefix = stack.pop()
        tree = by_id.get(sha)
        if tree is None:
            continue  # a folder we have already: accepted before
        for name, mode, child in tree.iteritems():
            path = prefix + name.decode("utf-8", "surrogateescape")
            if mode == _TREE:
                stack.append((child, path + "/"))
                continue
            blob = by_id.get(child)
            if blob is None or blob.type_num != 3:
                continue
            # Only the store's own limit refuses a file: a .state.json is left out by the merge
            # (and removed from the branch), an entry that is not text is left out of every
            # checkout (``checkout_problem``, ``content_problem``): neither stops a device.
            if blob.raw_length() > MAX_FILE_BYTES:
                raise _refused(f"{shown(path)}: larger than {MAX_FILE_BYTES >> 20} MiB ({blob.raw_length()} bytes)",
                               head)


def not_a_commit(head: bytes, kind: str) -> Refused:
    """The remote's main names a tag, tree or blob (a ref written by hand): not a branch to merge."""
    return _refused(f"a {kind}, not a commit (a branch must name a commit; the ref was written by hand?)", head)


def _refused(what: str, head: bytes | None = None) -> Refused:
    where = f"the remote's main ({head.decode()[:7]})" if head is not None else "the remote"
    return Refused(
        f"{where} has {what}; memsync does not accept it, and nothing the remote sent was kept. "
        "Fix it on the remote (with the git CLI, on any device) and sync again."
    )
