"""A folder swapped for a symlink *after* memsync checked the path and *before* it wrote (a race
with another process on the machine) must not send a write, a delete or a new folder out of the
root. The swap is made at the exact moment between check and write by wrapping the check; the
file system calls themselves are real."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from memsync import fsutil
from memsync.errors import MemsyncError

pytestmark = pytest.mark.skipif(not getattr(fsutil, "_DIR_FDS", True), reason="needs openat-style calls (POSIX)")


@pytest.fixture
def layout(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = tmp_path / "mem", tmp_path / "outside"
    (root / "facts").mkdir(parents=True)
    (root / "facts" / "a.md").write_text("in the root\n")
    outside.mkdir()
    (outside / "a.md").write_text("outside the root\n")
    return root, outside


def swap_for_symlink(folder: Path, to: Path) -> None:
    shutil.rmtree(folder)
    os.symlink(to, folder)


def swapping_after(monkeypatch: pytest.MonkeyPatch, name: str, folder: Path, to: Path) -> None:
    real = getattr(fsutil, name)

    def checked_then_swapped(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real(*args, **kwargs)
        if not folder.is_symlink():
            swap_for_symlink(folder, to)
        return result

    monkeypatch.setattr(fsutil, name, checked_then_swapped)


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("exclusive", [False, True])
def test_a_write_does_not_follow_a_folder_swapped_after_the_check(layout, monkeypatch, exclusive: bool) -> None:
    root, outside = layout
    before = listing(outside)
    swapping_after(monkeypatch, "temp_path", root / "facts", outside)
    name = "a.md" if not exclusive else "new.md"
    with pytest.raises(MemsyncError) as caught:
        fsutil.write_inside(root, f"facts/{name}", b"written\n", exclusive=exclusive)
    assert "refusing to write through a symlink or non-directory" in str(caught.value)
    assert listing(outside) == before  # nothing replaced, no new file, no temp file left there


def test_a_delete_does_not_follow_a_folder_swapped_after_the_check(layout, monkeypatch) -> None:
    root, outside = layout
    swapping_after(monkeypatch, "check_writable", root / "facts", outside)
    with pytest.raises(MemsyncError) as caught:
        fsutil.unlink_inside(root, "facts/a.md")
    assert "refusing to write through a symlink" in str(caught.value)
    assert (outside / "a.md").read_text() == "outside the root\n"


def test_a_new_folder_is_not_made_through_a_parent_swapped_after_the_check(layout, monkeypatch) -> None:
    root, outside = layout
    swapping_after(monkeypatch, "_check_parents", root / "facts", outside)
    with pytest.raises(MemsyncError) as caught:
        fsutil.mkdir_inside(root, "facts/deeper")
    assert "refusing to write through a symlink" in str(caught.value)
    assert not (outside / "deeper").exists()


def test_remember_does_not_write_through_a_category_swapped_mid_write(tmp_path: Path, monkeypatch) -> None:
    from memsync import service
    from memsync.build import init_root
    from memsync.roots import Root

    root = tmp_path / "mem"
    init_root(Root(root, "root", str(root)), ["facts"])
    (root / "facts" / "other.md").write_text("---\nid: facts/other\nsummary: other\n---\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    real = fsutil.temp_path

    def swap_at_the_entry(target: Path) -> Path:  # the last step before the entry's write itself
        if target.parent == root / "facts" and not target.parent.is_symlink():
            swap_for_symlink(target.parent, outside)
        return real(target)

    monkeypatch.setattr(fsutil, "temp_path", swap_at_the_entry)
    with pytest.raises(MemsyncError) as caught:
        service.remember("the staging db is read-only", root=root, category="facts")
    assert "symlink" in str(caught.value)
    assert list(outside.iterdir()) == []


def test_writes_still_make_missing_folders_and_replace_files(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    root.mkdir()
    assert fsutil.mkdir_inside(root, "a/b") is True and fsutil.mkdir_inside(root, "a/b") is False
    fsutil.write_inside(root, "a/b/x.md", b"one\n")
    fsutil.write_inside(root, "a/b/x.md", b"two\n")
    assert (root / "a" / "b" / "x.md").read_bytes() == b"two\n"
    with pytest.raises(MemsyncError, match="exists; not overwritten"):
        fsutil.write_inside(root, "a/b/x.md", b"three\n", exclusive=True)
    fsutil.unlink_inside(root, "a/b/x.md")
    fsutil.unlink_inside(root, "a/b/x.md")  # already gone: not an error
    assert sorted(os.listdir(root / "a" / "b")) == []
    (root / "file").write_text("x")
    with pytest.raises(MemsyncError, match="refusing to write through a symlink or non-directory"):
        fsutil.mkdir_inside(root, "file")
