"""Install memsync's plain git hooks (``hooks/`` in the checkout) into a repo.

A hook that was there before is kept as ``<hook>.memsync-previous`` and memsync's hook runs
it first. Not ``<hook>.legacy``: the pre-commit framework uses that name for the hook its own
script replaced, and the two tools overwrote each other's kept hook. When pre-commit's script
is the hook, memsync's goes where that script runs it (``<hook>.legacy``), so that neither
`pre-commit install` nor `memsync hooks install`, run again in either order, moves the other.
"""
from __future__ import annotations

import os
import shlex
import stat
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from memsync.errors import MemsyncError
from memsync.fsutil import temp_path
from memsync.problems import escape_undecodable
from memsync.roots import Root

MARKER = "memsync-hook"
# The ids the pre-commit framework writes into its hook script, current and older versions: the
# test pre-commit itself uses (pre_commit/commands/install_uninstall.py, is_our_script).
PRE_COMMIT_IDS = (b"138fd403232d2ddd5efb44317e38bf03", b"4d9958c90bc262f47553e2c073f14cfe",
                  b"d8ee923c46731b42cd95cc869add4062", b"49fd668cb42069aa1b6048464be5d395",
                  b"79f09a650522a87b0da915d0d983b2de", b"e358c9dae00eac5d06b38dfdb1e33a8c")
HOOK_NAMES = ("pre-commit", "post-merge", "post-checkout")
PREVIOUS = "memsync-previous"  # suffix of the hook memsync found and kept
LOCK_NAME = ".memsync-hooks-install.lock"
LOCK_WAIT_S = 10.0  # an install takes milliseconds: a lock held this long was left by a killed run


def _hook_sources() -> Path:
    here = Path(__file__).resolve().parent
    packaged = here / "githooks"
    return packaged if packaged.is_dir() else here.parent / "hooks"


def _show(path: Path) -> str:
    return escape_undecodable(str(path))


def _git(root: Path, *args: str) -> str:
    try:
        out = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)
    except FileNotFoundError:
        raise MemsyncError("git is not installed; it is needed to find the repo's hooks folder") from None
    if out.returncode != 0:
        raise MemsyncError(f"{_show(root)} is not inside a git repository (run `git init` there first)")
    # Decoded as a file name is (non-UTF-8 bytes survive); only git's newline is dropped, as the
    # path itself may end in a space or a newline.
    return os.fsdecode(out.stdout).removesuffix("\n")


def memsync_command() -> str:
    """How a hook calls memsync: this interpreter, so GUI git clients without our PATH work too."""
    from memsync.launch import python_words

    return shlex.join(python_words())


def _kind(path: Path) -> str:
    """"missing", "ours", "pre-commit" or "other". A link is never followed ("other": it is
    moved, not read); a folder, a FIFO or an unreadable file is refused before anything is written."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "missing"
    except OSError as exc:
        raise MemsyncError(f"cannot read {_show(path)}: {exc.strerror}; nothing written") from None
    if stat.S_ISLNK(st.st_mode):
        return "other"
    if not stat.S_ISREG(st.st_mode):
        raise MemsyncError(f"{_show(path)} is not a regular file (a folder, say); move it away and retry; "
                           "nothing written")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MemsyncError(f"cannot read {_show(path)}: {exc.strerror}; nothing written") from None
    if MARKER.encode() in data:
        return "ours"
    return "pre-commit" if any(i in data for i in PRE_COMMIT_IDS) else "other"


@contextmanager
def _locked(hooks_dir: Path) -> Iterator[None]:
    """One install at a time per hooks folder: two that both saw the user's hook as foreign
    would both move it, the second moving the first's memsync hook over it."""
    lock = hooks_dir / LOCK_NAME
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            break
        except FileExistsError:
            if time.monotonic() > deadline:
                raise MemsyncError(
                    f"another `memsync hooks install` is writing {_show(hooks_dir)} (lock file {_show(lock)}); "
                    "if none is running, delete the lock file and retry; nothing written") from None
            time.sleep(0.02)
        except OSError as exc:
            raise MemsyncError(f"cannot write in the hooks folder {_show(hooks_dir)}: {exc.strerror}; "
                               "nothing written") from None
    try:
        yield
    finally:
        with suppress(OSError):
            os.unlink(lock)


def _plan(hooks_dir: Path, name: str) -> tuple[Path, list[tuple[Path, Path, str]]]:
    """Where memsync's ``name`` hook goes and the renames to make first (from, to, message).
    Reads only; every refusal happens here, before any hook is written."""
    hook = hooks_dir / name
    legacy = hooks_dir / f"{name}.legacy"
    previous = hooks_dir / f"{name}.{PREVIOUS}"
    kind = _kind(hook)

    def keep(src: Path) -> tuple[Path, Path, str]:
        if os.path.lexists(previous):
            raise MemsyncError(f"both {_show(src)} and {_show(previous)} exist and neither is memsync's hook; "
                               "move one away and retry; nothing written")
        how = "as" if src == hook else f"from {_show(src)} to"
        return src, previous, f"Kept your {name} hook {how} {_show(previous)} (it still runs first)"

    if kind == "pre-commit":
        # pre-commit's script runs <hook>.legacy first: memsync's hook goes there.
        held = _kind(legacy)
        if held == "pre-commit":
            raise MemsyncError(f"{_show(legacy)} is pre-commit's own script, which then fails every commit; "
                               f"run `pre-commit install -f --hook-type {name}` and retry; nothing written")
        return legacy, [keep(legacy)] if held == "other" else []
    if kind == "ours":
        held = _kind(legacy)
        if held == "pre-commit":
            # An older memsync moved pre-commit's script to .legacy, where it failed every
            # commit: put it back and memsync's hook where it runs it.
            return legacy, [(legacy, hook, f"Moved pre-commit's {name} script back to {_show(hook)}")]
        if held == "other":
            # An older memsync kept the user's hook as .legacy; it now lives under memsync's own name.
            return hook, [keep(legacy)]
        return hook, []
    return hook, [keep(hook)] if kind == "other" else []


def _bare(path: Path) -> bool:
    try:
        return _git(path, "rev-parse", "--is-bare-repository") == "true"
    except MemsyncError:
        return False


def install_hooks(root: Root) -> list[str]:
    """Write the hooks; an existing foreign hook is kept as ``<name>.memsync-previous`` and still runs."""
    try:
        top = Path(_git(root.path, "rev-parse", "--show-toplevel"))
    except MemsyncError:
        if _bare(root.path):
            raise MemsyncError(f"{_show(root.path)} is a bare repository: it has no work tree for the hooks to "
                               "compile and check; install them in a clone of it") from None
        raise
    hooks_dir = Path(_git(root.path, "rev-parse", "--path-format=absolute", "--git-path", "hooks"))
    rel = os.path.relpath(root.path, top)
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        raise MemsyncError(f"{root.display} is not inside the repository at {_show(top)}")
    scripts = {}
    for name in HOOK_NAMES:
        script = (_hook_sources() / name).read_text(encoding="utf-8")
        # Quoted for the shell: a folder name may hold $(...), backticks or quotes.
        script = script.replace("@MEMSYNC@", memsync_command()).replace("@ROOT@", shlex.quote(rel))
        try:
            scripts[name] = script.encode("utf-8")
        except UnicodeEncodeError:
            raise MemsyncError(f"the path of {root.display} (or of this Python) is not valid UTF-8, so a hook "
                               "script cannot name it; rename the folder and retry; nothing written") from None
    if hooks_dir.exists() and not hooks_dir.is_dir():
        raise MemsyncError(f"the hooks folder {_show(hooks_dir)} is not a folder; nothing written")
    try:
        hooks_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MemsyncError(f"cannot create the hooks folder {_show(hooks_dir)}: {exc.strerror}") from None
    with _locked(hooks_dir):
        plans = [(name, *_plan(hooks_dir, name)) for name in HOOK_NAMES]  # may refuse: nothing written yet
        # Every script is written to its temp file before any hook is touched, so a full disk or
        # a read-only folder leaves the hooks as they were.
        temps: list[Path] = []
        try:
            for name, dest, _ in plans:
                tmp = temp_path(dest)
                temps.append(tmp)
                fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o755)
                with os.fdopen(fd, "wb") as fh:
                    fh.write(scripts[name])
                os.chmod(tmp, 0o755)  # whatever the umask
            lines = []
            for (name, dest, moves), tmp in zip(plans, temps):
                for src, to, message in moves:
                    os.replace(src, to)
                    lines.append(message)
                os.replace(tmp, dest)
                under = " (pre-commit's hook runs it)" if dest.name.endswith(".legacy") else ""
                lines.append(f"Installed {_show(dest)}{under}")
            return lines
        except OSError as exc:
            raise MemsyncError(f"cannot write the hooks in {_show(hooks_dir)}: {exc.strerror}") from None
        finally:
            for tmp in temps:  # left only by a failure: the others were renamed into place
                with suppress(OSError):
                    os.unlink(tmp)
