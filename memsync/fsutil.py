"""File access that stays inside a root: no symlinks followed, bounded reads, atomic writes."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from memsync.errors import MemsyncError

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class NotRegularFile(Exception):
    """The path is a symlink, a directory, a FIFO, a device...: not read."""


def read_regular(path: Path, limit: int) -> bytes:
    """Read at most ``limit`` bytes of a regular file, never through a symlink.

    Opening with O_NOFOLLOW|O_NONBLOCK means a symlink swapped in after the
    directory scan fails instead of being followed, and a FIFO cannot hang us.
    """
    try:
        fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW | _O_NONBLOCK)
    except OSError:
        if os.path.islink(path):
            raise NotRegularFile("symlink") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile("not a regular file")
        if 0 < st.st_size < min(limit, 1 << 20):
            # The common case: one read of the size fstat gave (a file that
            # changes meanwhile gets a new fingerprint and is read again next time).
            return os.read(fd, st.st_size)
        chunks = []
        remaining = limit
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def inside(root: Path, relpath: str) -> Path:
    """``root/relpath`` after checking the relative path cannot leave the root."""
    parts = relpath.split("/")
    if relpath.startswith("/") or any(p in ("", ".", "..") for p in parts) or "\\" in relpath or "\0" in relpath:
        raise MemsyncError(f"refusing to use path {relpath!r}: it is not a plain path inside the root")
    return root.joinpath(*parts)


def _lstat(path: Path, shown: str) -> os.stat_result | None:
    """``os.lstat``; None if nothing is there, MemsyncError naming ``shown`` for any other failure."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise MemsyncError("cannot be created: a parent is a file, not a folder", path=shown) from None
    except OSError as exc:
        raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=shown) from None


def _check_parents(root: Path, target: Path) -> None:
    st = _lstat(root, str(root))
    if st is not None and stat.S_ISLNK(st.st_mode):
        # It may well lead to a folder: memsync writes only in a root it does not reach by a link.
        raise MemsyncError("is a symlink; memsync does not write through it", path=str(root))
    if st is not None and not stat.S_ISDIR(st.st_mode):
        raise MemsyncError("is not a folder", path=str(root))
    current = root
    for part in target.relative_to(root).parts[:-1]:
        current = current / part
        st = _lstat(current, str(current))
        if st is None:
            return  # created by the caller with mkdir_inside
        if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
            raise MemsyncError("refusing to write through a symlink or non-directory", path=str(current))


# Where the platform lets us, every write walks from the root one folder at a time through
# file descriptors opened with O_NOFOLLOW: a folder swapped for a symlink after the checks above
# (a race with another process) makes the walk fail instead of sending the write out of the root.
# (os.replace takes src_dir_fd/dst_dir_fd wherever openat and unlinkat exist, but is not listed.)
_DIR_FDS = os.name == "posix" and {os.open, os.mkdir, os.link, os.unlink} <= os.supports_dir_fd
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def _folder_fd(root: Path, parts: tuple[str, ...], *, create: bool = False) -> int:
    """A descriptor of ``root/parts...``, each part opened without following a symlink; with
    ``create`` missing parts are made. The caller closes it."""
    fd = os.open(root, os.O_RDONLY | _O_DIRECTORY)
    current = root
    try:
        for part in parts:
            current = current / part
            if create:
                try:
                    os.mkdir(part, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
            try:
                child = os.open(part, os.O_RDONLY | _O_DIRECTORY | _O_NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                raise MemsyncError("refusing to write through a symlink or non-directory", path=str(current)) from None
            os.close(fd)
            fd = child
        return fd
    except BaseException:
        os.close(fd)
        raise


def mkdir_inside(root: Path, relpath: str) -> bool:
    """Create a folder inside the root (parents too); True if it was created."""
    target = inside(root, relpath)
    _check_parents(root, target / "x")
    existed = os.path.lexists(target)
    try:
        if _DIR_FDS:
            os.close(_folder_fd(root, target.relative_to(root).parts, create=True))
        else:
            os.makedirs(target, exist_ok=True)
    except MemsyncError:
        if existed:
            raise MemsyncError("exists and is not a folder", path=str(target)) from None
        raise
    except OSError as exc:
        raise MemsyncError(f"cannot create folder: {exc.strerror}", path=str(target)) from None
    if existed and (os.path.islink(target) or not target.is_dir()):
        raise MemsyncError("exists and is not a folder", path=str(target))
    return not existed


def check_writable(root: Path, relpath: str, *, display: str | None = None) -> tuple[Path, int | None]:
    """Why ``root/relpath`` may not be replaced, as a MemsyncError; else (path, its mode or None).

    Refuses a target that is a symlink, not a regular file, or marked read-only
    (the user's intent, honoured even when running as root), and any parent
    that is a symlink.
    """
    target = inside(root, relpath)
    shown = display or str(target)
    _check_parents(root, target)
    folder = _lstat(target.parent, str(target.parent))
    if folder is not None and stat.S_ISDIR(folder.st_mode) and not folder.st_mode & 0o222:
        # A folder without write bits is the user's "leave this alone", as for a file: root can
        # still write there, and a counter or cache file must not be the exception.
        raise MemsyncError("is read-only; nothing was written (make it writable to let memsync write here)",
                           path=shown.rpartition("/")[0] or shown)
    st = _lstat(target, shown)
    if st is None:
        return target, None
    if stat.S_ISLNK(st.st_mode):
        raise MemsyncError("is a symlink; refusing to write through it", path=shown)
    if not stat.S_ISREG(st.st_mode):
        raise MemsyncError("is not a regular file; refusing to replace it", path=shown)
    if not st.st_mode & 0o222:
        raise MemsyncError("is read-only; make it writable (chmod u+w) or leave it alone", path=shown)
    return target, stat.S_IMODE(st.st_mode)


_TEMP_MARK = ".memsync-"


_MAX_NAME_BYTES = 255  # most file systems' limit on one name


def temp_path(target: Path) -> Path:
    """A hidden sibling to write before renaming onto ``target``; it names its writer's pid
    so that one left behind by a killed process can be told from one being written. A name
    too long to take the suffix (a target near the 255-byte limit) is shortened to a hash."""
    suffix = f"{_TEMP_MARK}{os.getpid()}-{os.urandom(4).hex()}.tmp"
    name = target.name
    if len(os.fsencode(f".{name}{suffix}")) > _MAX_NAME_BYTES:
        import hashlib

        name = hashlib.sha256(os.fsencode(name)).hexdigest()[:16]
    return target.with_name(f".{name}{suffix}")


def is_abandoned_temp(name: str) -> bool:
    """``name`` is a ``temp_path`` whose writer no longer runs (killed mid-write)."""
    if not (name.startswith(".") and name.endswith(".tmp")) or _TEMP_MARK not in name:
        return False
    pid, _, rest = name.rpartition(_TEMP_MARK)[2].partition("-")
    if not pid.isdigit() or int(pid) <= 0 or int(pid) == os.getpid() or len(rest) != 12:
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive under another user, or the pid is out of range
        return False
    return False


def sweep_abandoned_temps(folder: Path) -> list[str]:
    """Remove the abandoned temp files directly in ``folder``; their names."""
    removed: list[str] = []
    try:
        names = [d.name for d in os.scandir(folder) if d.name.endswith(".tmp") and d.is_file(follow_symlinks=False)]
    except OSError:
        return removed
    for name in names:
        if is_abandoned_temp(name):
            try:
                os.unlink(folder / name)
            except OSError:
                continue
            removed.append(name)
    return removed


def write_inside(root: Path, relpath: str, data: bytes, *, display: str | None = None, exclusive: bool = False) -> None:
    """Atomically replace ``root/relpath`` with ``data`` (see ``check_writable``).

    With ``exclusive`` an existing file is never touched.
    """
    shown = display or str(inside(root, relpath))
    if exclusive:
        _check_parents(root, inside(root, relpath))
        if _lstat(inside(root, relpath), shown) is not None:
            raise MemsyncError("exists; not overwritten", path=shown)
    target, mode = check_writable(root, relpath, display=display)
    if mode is None:
        mode = 0o644
    tmp = temp_path(target)
    folder: int | None = None
    try:
        if _DIR_FDS:  # names relative to the folder's descriptor (see _folder_fd)
            folder = _folder_fd(root, target.relative_to(root).parts[:-1])
            tmp, target = Path(tmp.name), Path(target.name)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW, mode, dir_fd=folder)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        if exclusive:
            # fails if something appeared meanwhile
            os.link(tmp, target, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
            os.unlink(tmp, dir_fd=folder)
        else:
            os.replace(tmp, target, src_dir_fd=folder, dst_dir_fd=folder)
    except OSError as exc:
        try:
            os.unlink(tmp, dir_fd=folder)
        except OSError:
            pass
        if exclusive and isinstance(exc, FileExistsError):
            raise MemsyncError("exists; not overwritten", path=shown) from None
        raise MemsyncError(f"cannot write: {exc.strerror or exc}", path=shown) from None
    finally:
        if folder is not None:
            os.close(folder)


def unlink_inside(root: Path, relpath: str, *, display: str | None = None) -> None:
    """Delete ``root/relpath`` (see ``check_writable``); nothing there is not an error."""
    shown = display or str(inside(root, relpath))
    target, _mode = check_writable(root, relpath, display=display)
    folder: int | None = None
    try:
        if _DIR_FDS:
            folder = _folder_fd(root, target.relative_to(root).parts[:-1])
            target = Path(target.name)
        os.unlink(target, dir_fd=folder)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise MemsyncError(f"cannot delete: {exc.strerror or exc}", path=shown) from None
    finally:
        if folder is not None:
            os.close(folder)
