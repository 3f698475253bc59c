"""LiveTree: what a long-lived process holds of a root (categories, entries, compiled bytes)
equals a fresh scan after any change (inotify naming files or folders, or a full walk)."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from memtree import entry_text

from memsync import tree as T
from memsync.livetree import LiveTree


def same(lt: LiveTree, root: Path) -> None:
    got = lt.tree()
    want = T.scan(root, use_cache=False)
    # A folder holding only its (compiled) index.md has nothing to compile from: a live tree
    # need not list it (index.md writes are not entry events).
    holding = [c for c in want.categories if any(p.name != "index.md" and p.name.endswith(".md")
                                                 for p in (root / c).iterdir())]
    assert got.categories == holding or got.categories == want.categories
    assert sorted(got.entries, key=lambda e: e.path) == sorted(want.entries, key=lambda e: e.path)
    assert got.compiled == {k: v for k, v in want.compiled.items() if k == "ROOT.md" or k.split("/")[0] in got.categories}


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("watch", [True, False])
def test_a_live_tree_equals_a_fresh_scan_after_every_change(tmp_path: Path, seed: int, watch: bool) -> None:
    rng = random.Random(seed)
    root = tmp_path / "mem"
    outside = tmp_path / "outside.md"
    outside.write_text(entry_text("facts/x", "outside"))
    cats = ["facts", "pitfalls", "decisions"]
    for c in cats:
        (root / c).mkdir(parents=True)
    (root / "facts" / "a.md").write_text(entry_text("facts/a", "first"))
    lt = LiveTree(root, watch=watch)
    same(lt, root)
    for step in range(60):
        c = rng.choice(cats)
        name = rng.choice(["a", "b", "c", "d", "bad.name", "e"])
        path = root / c / f"{name}.md"
        op = rng.random()
        if op < 0.35:
            path.write_text(entry_text(f"{c}/{name}", f"summary {step}", pinned=rng.random() < 0.3))
        elif op < 0.45 and path.exists() and not path.is_symlink():
            with open(path, "a", encoding="utf-8") as fh:  # an edit in place
                fh.write(f"more {step}\n")
        elif op < 0.55:
            if path.exists() or path.is_symlink():
                path.unlink()
        elif op < 0.62:
            if not path.exists() and not path.is_symlink():
                path.symlink_to(outside)
        elif op < 0.7:
            other = root / rng.choice(cats) / f"{rng.choice(['a', 'b', 'c'])}.md"
            if path.exists() and not path.is_symlink() and not other.exists():
                os.rename(path, other)
        elif op < 0.75:
            (root / c / "index.md").write_text(f"# {c} {step}\n")
        elif op < 0.8:
            (root / c / "nested").mkdir(exist_ok=True)
            (root / c / "nested" / "n.md").write_text("x")
        elif op < 0.85:
            (root / "ROOT.md").write_text(f"# root {step}\n")
        else:
            new = root / f"cat{step % 3}"
            new.mkdir(exist_ok=True)
            (new / "z.md").write_text(entry_text(f"{new.name}/z", "a new category"))
            if new.name not in cats:
                cats.append(new.name)
        same(lt, root)
    lt.close()
