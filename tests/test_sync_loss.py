"""Audit of sync's promise, "a sync never loses an edit": two or three devices sharing a bare
hub, each scenario ending with every device synced and every edit still findable (in the entry,
a conflict sibling, or history reachable from main)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git
from remotes import Device, fsck, history_paths, hub, make_hub, pair, synced  # noqa: F401 - fixtures

CHECKOUT = str(Path(__file__).resolve().parent.parent)


def converge(*devices: Device) -> None:
    for d in devices + devices:
        result = d.sync()
        assert synced(result), result.message
    first = devices[0].files()
    for d in devices[1:]:
        assert d.files() == first


def everything(d: Device) -> str:
    return "\n".join(d.files().values())


def in_history(d: Device, text: str) -> bool:
    """``text`` is in some version of some file reachable from main."""
    out = subprocess.run(["git", "-C", str(d.path), "log", "-p", "--format=", "main"],
                         capture_output=True, text=True, check=True).stdout
    return text in out


def paused(d: Device, phase: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", "sync", "--root", str(d.path)],
        env={**os.environ, "MEMSYNC_SYNC_PAUSE": f"{phase}:2", "PYTHONPATH": CHECKOUT},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    assert proc.stderr.readline().strip() == f"memsync: pausing at {phase}"
    return proc


@pytest.mark.parametrize("incoming", ["edit", "delete"])
def test_an_edit_made_just_before_the_checkout_writes_is_never_overwritten(pair: tuple[Device, Device],
                                                                          incoming: str) -> None:
    a, b = pair
    if incoming == "edit":
        a.add("facts/beta", "beta", "beta body\nchanged on a\n")
    else:
        (a.path / "facts" / "beta.md").unlink()
    assert synced(a.sync())
    proc = paused(b, "before-checkout")
    b.add("facts/beta", "beta", "beta body\nedited on b while sync ran\n")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "facts/beta.md was edited while sync ran" in err and "Run sync again" in err
    assert "Traceback" not in err
    assert "edited on b while sync ran" in b.read("facts/beta.md")
    converge(a, b)
    assert "edited on b while sync ran" in everything(a)
    if incoming == "edit":
        assert "changed on a" in everything(a)
