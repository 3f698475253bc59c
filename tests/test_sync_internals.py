"""The pieces under the sync engine, checked against real git and against
``compile_tree``: the raw index reader/writer, incremental regeneration of
compiled files, the tree merge's base choice, the lock."""
from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from conftest import git
from remotes import entry_text

from memsync.compile import compile_tree
from memsync.errors import MemsyncError
from memsync.templates import read_template
from memsync.tree import from_files


def _commit_files(repo_path: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        target = repo_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    git(repo_path, "add", "-A")
    git(repo_path, "commit", "-qm", "x", "--no-verify")


@pytest.mark.parametrize("version", ["2", "3", "4"])
def test_index_reads_what_git_writes_and_git_reads_what_we_write(git_repo: Path, version: str) -> None:
    from memsync.sync.gitindex import GitIndex, blob_sha, entry_for

    _commit_files(git_repo, {f"cat{i}/e{j}.md": f"{i} {j}\n" for i in range(3) for j in range(4)} | {"ROOT.md": "# r\n"})
    git(git_repo, "update-index", f"--index-version={version}")
    if version == "3":
        git(git_repo, "update-index", "--skip-worktree", "cat0/e0.md")
    index = GitIndex.read(git_repo / ".git" / "index")
    ls = git(git_repo, "ls-files", "-s").splitlines()
    assert sorted(e.path.decode() for e in index.entries.values()) == sorted(ln.split("\t")[1] for ln in ls)
    for line in ls:
        meta, path = line.split("\t")
        assert index.entries[path.encode()].hexsha.decode() == meta.split()[1]
    # Change one file, add one, delete one, through our writer only.
    (git_repo / "cat1" / "e1.md").write_text("changed\n")
    (git_repo / "cat9").mkdir()
    (git_repo / "cat9" / "new.md").write_text("new\n")
    (git_repo / "cat2" / "e3.md").unlink()
    updates = {}
    for rel in ("cat1/e1.md", "cat9/new.md"):
        data = (git_repo / rel).read_bytes()
        sha = blob_sha(data)
        subprocess.run(["git", "-C", str(git_repo), "hash-object", "-w", rel], check=True, capture_output=True)
        updates[rel.encode()] = entry_for(rel.encode(), (git_repo / rel).stat(), sha)
    updates[b"cat2/e3.md"] = None
    index.write(updates)
    status = git(git_repo, "status", "--porcelain")
    assert sorted(status.splitlines()) == sorted(["M  cat1/e1.md", "A  cat9/new.md", "D  cat2/e3.md"])
    assert git(git_repo, "diff", "--stat") == ""  # the worktree matches the index we wrote
    fsck = subprocess.run(["git", "-C", str(git_repo), "fsck", "--strict"], capture_output=True, text=True, check=False)
    assert fsck.returncode == 0


def test_local_changes_from_a_forked_survey_equal_the_walk_here(git_repo: Path) -> None:
    """The stat walk shared with a forked child gives exactly what walking here gives, for
    every kind of change, also when the child dies; a survey of another version of the
    index is ignored."""
    import os
    import signal

    from dulwich.ignore import IgnoreFilterManager
    from dulwich.repo import Repo

    from memsync import forked
    from memsync.sync.gitindex import GitIndex
    from memsync.sync.worktree import Survey, Surveyor, local_changes

    _commit_files(git_repo, {
        "cat1/a.md": "a\n", "cat1/b.md": "b\n", "cat1/c.md": "c\n", ".hidden/kept.md": "tracked in a hidden folder\n",
        ".gitignore": "ignored/\n*.tmp\n",
    })
    (git_repo / "cat1" / "a.md").write_text("a, edited\n")
    (git_repo / "cat1" / "b.md").write_text("b\n")  # same bytes, new stat
    (git_repo / "cat1" / "c.md").unlink()
    (git_repo / ".hidden" / "kept.md").write_text("tracked, edited\n")
    for rel in ("cat2/new.md", "newcat/x.md", "ignored/x.md", "cat1/y.tmp", ".obsidian/conf", ".state.json",
                "cat1/.state.json", "nested/inner.md"):
        (git_repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (git_repo / rel).write_text(f"{rel}\n")
    (git_repo / "nested" / ".git").mkdir()
    os.symlink("a.md", git_repo / "cat1" / "link.md")
    index_path = git_repo / ".git" / "index"
    index = GitIndex.read(index_path)
    with Repo(str(git_repo)) as repo:
        ignores = IgnoreFilterManager.from_repo(repo)

        def is_ignored(path: str) -> bool:
            return bool(ignores.is_ignored(path))

        here = local_changes(git_repo, index, is_ignored)
        # Shared with a forked child (forced: the test runner may have threads), the child
        # taking what it can before this process joins in.
        worthwhile = forked.worthwhile
        forked.worthwhile = lambda: True  # type: ignore[assignment]
        try:
            surveyor = Surveyor(git_repo, GitIndex.read(index_path))
            killed = Surveyor(git_repo, GitIndex.read(index_path))
        finally:
            forked.worthwhile = worthwhile  # type: ignore[assignment]
        assert surveyor._child is not None and killed._child is not None
        surveyed = surveyor.finish()
        assert sorted(surveyed.walked) == list(range(len(surveyor.groups))) and len(surveyor.groups) > 1
        early = local_changes(git_repo, index, is_ignored, surveyed)
        os.kill(killed._child[0], signal.SIGKILL)  # whatever it had taken is walked here instead
        after_kill = local_changes(git_repo, index, is_ignored, killed.finish())
        stale = local_changes(git_repo, index, is_ignored, Survey(index_stamp=[0, 0, 0]))

    def summary(ch):  # type: ignore[no-untyped-def]
        return ch.files, ch.data, sorted(ch.index_updates), sorted(ch.skipped)

    assert summary(early) == summary(here) == summary(after_kill) == summary(stale)
    assert set(here.files) == {"cat1/a.md", "cat1/c.md", ".hidden/kept.md", "cat2/new.md", "newcat/x.md"}
    assert here.files["cat1/c.md"] is None and here.data["cat2/new.md"] == b"cat2/new.md\n"
    assert b"cat1/b.md" in here.index_updates  # refreshed, not changed
    assert sorted(here.skipped) == ["cat1/link.md: not a regular file (symlinks are not synced)",
                                    "nested/: a nested git repository; not synced"]


def test_damaged_or_unsupported_index_is_refused_clearly(git_repo: Path) -> None:
    from memsync.sync.gitindex import GitIndex

    _commit_files(git_repo, {"a/b.md": "x\n"})
    path = git_repo / ".git" / "index"
    data = bytearray(path.read_bytes())
    data[40] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(MemsyncError, match="checksum mismatch"):
        GitIndex.read(path)
    git(git_repo, "reset", "-q")
    git(git_repo, "update-index", "--split-index")
    with pytest.raises(MemsyncError, match="split or sparse"):
        GitIndex.read(path)
    path.write_bytes(b"garbage")
    with pytest.raises(MemsyncError, match="truncated"):
        GitIndex.read(path)


def _random_entry(rng: random.Random, entry_id: str, ids: list[str]) -> str:
    extra = []
    if rng.random() < 0.2 and ids:
        extra.append(f"supersedes: {rng.choice(ids)}")
    if rng.random() < 0.1 and ids:
        extra.append(f"superseded_by: {rng.choice(ids)}")
    if rng.random() < 0.1:
        extra.append("pinned: true")
    if rng.random() < 0.05:
        return "---\nid: [broken\n---\n"
    return entry_text(entry_id, f"summary {rng.randint(0, 5)} | pipe", f"body {rng.random()}\n",
                      load_when=rng.sample(["alpha", "Beta", "部署", "gamma"], rng.randint(0, 2)),
                      extra="\n".join(extra))


@pytest.mark.parametrize("seed", range(12))
def test_incremental_regeneration_equals_a_full_compile(tmp_path: Path, seed: int) -> None:
    """Whatever changed, the compiled files sync writes are the ones compile_tree writes."""
    from dulwich.repo import Repo

    from memsync.sync import repo as R
    from memsync.sync.compiled import EntryCache, regenerate

    rng = random.Random(seed)
    repo = Repo.init(str(tmp_path / "r"), mkdir=True)
    template = read_template("ROOT.md")
    ids = [f"c{rng.randint(0, 3)}/e{i}" for i in range(14)]
    files = {f"{i}.md": _random_entry(rng, i, ids).encode() for i in ids}
    files["ROOT.md"] = template.encode()

    def store(fs: dict[str, bytes]) -> bytes:
        return R.apply_changes(repo, None, [(p, 0o100644, R.add_blob(repo, d)) for p, d in fs.items()])

    def full(fs: dict[str, bytes]) -> dict[str, bytes]:
        return compile_tree(from_files(fs), template).outputs

    files.update(full(files))
    old = store(files)
    cache = EntryCache(repo, tmp_path / "cache")
    for step in range(4):
        new_files = dict(files)
        for _ in range(rng.randint(1, 4)):
            roll = rng.random()
            target = rng.choice(ids)
            if roll < 0.5:
                new_files[f"{target}.md"] = _random_entry(rng, target, ids).encode()
            elif roll < 0.7:
                new_files.pop(f"{target}.md", None)
            elif roll < 0.85:
                new_files["ROOT.md"] = new_files.get("ROOT.md", b"") + f"\nhand line {step}\n".encode()
            else:
                fresh = f"c{rng.randint(0, 5)}/n{step}{rng.randint(0, 99)}"
                new_files[f"{fresh}.md"] = _random_entry(rng, fresh, ids).encode()
        new = store(new_files)
        regen = regenerate(repo, cache, old, new, old_compiled=True, template=template)
        expected = {p: d for p, d in full(new_files).items() if new_files.get(p) != d}
        assert regen.outputs == expected, f"step {step} (full={regen.full})"
        new_files.update(regen.outputs)
        files, old = new_files, store(new_files)
        cache.save()
        cache = EntryCache(repo, tmp_path / "cache")
    repo.close()


@pytest.mark.parametrize("seed", range(12))
def test_regeneration_after_a_merge_equals_a_full_compile(tmp_path: Path, seed: int) -> None:
    """After a merge, categories the other (compiled) side holds unchanged keep its index:
    the result is still exactly what compile_tree writes, links across categories included."""
    from dulwich.repo import Repo

    from memsync.sync import repo as R
    from memsync.sync.compiled import EntryCache, regenerate

    rng = random.Random(seed)
    repo = Repo.init(str(tmp_path / "r"), mkdir=True)
    template = read_template("ROOT.md")
    ids = [f"c{rng.randint(0, 4)}/e{i}" for i in range(16)]

    def store(fs: dict[str, bytes]) -> bytes:
        return R.apply_changes(repo, None, [(p, 0o100644, R.add_blob(repo, d)) for p, d in fs.items()])

    def compiled(fs: dict[str, bytes]) -> dict[str, bytes]:
        return {**fs, **compile_tree(from_files(fs), template).outputs}

    def edit(fs: dict[str, bytes], targets: list[str]) -> dict[str, bytes]:
        out = dict(fs)
        for target in targets:
            path, roll = f"{target}.md", rng.random()
            if roll < 0.6 and path in out:  # a new summary, links untouched: the common edit
                out[path] = out[path].replace(b"summary: summary", f"summary: {rng.randint(0, 9)} summary".encode(), 1)
            elif roll < 0.9:
                out[path] = _random_entry(rng, target, ids).encode()  # links may change too
            else:
                out.pop(path, None)
        return compiled(out)

    base = compiled({f"{i}.md": _random_entry(rng, i, ids).encode() for i in ids} | {"ROOT.md": template.encode()})
    cache = EntryCache(repo, tmp_path / "cache")
    for _ in range(4):
        picks = rng.sample(ids, 4)
        ours = edit(base, picks[:2])
        theirs = edit(base, picks[2:])
        # What the tree merge gives here: each side's changes; ours where both changed a file.
        merged = dict(ours)
        for path in set(base) | set(theirs):
            if base.get(path) == theirs.get(path) or base.get(path) != ours.get(path):
                continue
            if path in theirs:
                merged[path] = theirs[path]
            else:
                merged.pop(path, None)
        ours_tree, theirs_tree, merged_tree = store(ours), store(theirs), store(merged)
        cache.move_to(ours_tree)
        regen = regenerate(repo, cache, ours_tree, merged_tree, old_compiled=True, template=template,
                           also_compiled=theirs_tree)
        expected = {p: d for p, d in compile_tree(from_files(merged), template).outputs.items() if merged.get(p) != d}
        assert regen.outputs == expected
        base = {**merged, **regen.outputs}
    repo.close()


@pytest.mark.parametrize("seed", range(8))
def test_trees_built_in_memory_equal_dulwichs(tmp_path: Path, seed: int) -> None:
    """apply_changes gives the tree id dulwich's own builder gives for the same files, through
    edits, deletions that empty folders, and files and folders taking each other's place."""
    from dulwich.index import commit_tree
    from dulwich.repo import Repo

    from memsync.sync import repo as R

    rng = random.Random(seed)
    repo = Repo.init(str(tmp_path / "r"), mkdir=True)
    names = ["a", "b", "c/d", "c/e", "f/g/h", "f/i", "j.md"]
    files: dict[str, bytes] = {}
    tree = None
    for step in range(6):
        changes: list[tuple[str, int | None, bytes | None]] = []
        for _ in range(rng.randint(1, 4)):
            path = rng.choice(names + [f"{rng.choice(names)}/{rng.choice('xy')}"])
            if path in files and rng.random() < 0.4:
                files.pop(path)
                changes.append((path, None, None))
                continue
            # A new file replaces whatever is in its way: a file on its parents' path, a folder at its path.
            for other in [p for p in files if p.startswith(path + "/") or path.startswith(p + "/")]:
                files.pop(other)
                changes.append((other, None, None))
            files[path] = f"{path} {step}".encode()
            changes.append((path, 0o100644, R.add_blob(repo, files[path])))
        tree = R.apply_changes(repo, tree, changes)
        R.persist(repo, tree)
        expected = commit_tree(repo.object_store, [(p.encode(), R.add_blob(repo, d), 0o100644) for p, d in files.items()])
        assert tree == expected, (step, sorted(files))
    repo.close()


def test_merge_base_choice_never_guesses_a_side_away() -> None:
    from memsync.sync.treemerge import _pick_base

    a, b, c = (0o100644, b"a" * 40), (0o100644, b"b" * 40), (0o100644, b"c" * 40)
    assert _pick_base([a], a, b) == (True, a)  # one base
    assert _pick_base([], a, b) == (True, None)  # unrelated histories: both added
    assert _pick_base([a, b], a, c) == (True, a)  # ours is still a base version: they changed it
    assert _pick_base([a, b], c, b) == (True, b)
    assert _pick_base([a, b], a, b) == (False, None)  # each kept a different base: keep both
    assert _pick_base([a, b], c, c) == (False, None)


def test_lock_is_exclusive_and_survives_a_dead_holder(tmp_path: Path) -> None:
    from memsync.sync.lock import RepoLock

    gitdir = tmp_path / ".git"
    gitdir.mkdir()
    first = RepoLock(gitdir)
    first.acquire(1)
    second = RepoLock(gitdir)
    with pytest.raises(MemsyncError, match="another memsync sync"):
        second.acquire(0.2)
    with first.holding("index.lock"):
        (gitdir / "index.lock").write_text("x")
        # Simulate death: drop the flock without writing "done".
        import fcntl
        import os

        assert first.fd is not None
        fcntl.flock(first.fd, fcntl.LOCK_UN)
        os.close(first.fd)
        first.fd = None
        third = RepoLock(gitdir)
        third.acquire(1)
    assert third.recovered is not None and third.removed == ["index.lock"]
    assert not (gitdir / "index.lock").exists()
    third.release()
    fourth = RepoLock(gitdir)
    fourth.acquire(1)
    assert fourth.recovered is None
    fourth.release()


def test_entry_cache_survives_missing_or_damaged_files(tmp_path: Path) -> None:
    from dulwich.repo import Repo

    from memsync.sync import repo as R
    from memsync.sync.compiled import EntryCache

    repo = Repo.init(str(tmp_path / "r"), mkdir=True)
    files = {f"c{i % 3}/e{i}.md": entry_text(f"c{i % 3}/e{i}", f"s{i}", "b\n").encode() for i in range(9)}
    tree = R.apply_changes(repo, None, [(p, 0o100644, R.add_blob(repo, d)) for p, d in files.items()])
    folder = tmp_path / "cache"
    cache = EntryCache(repo, folder)
    cache.move_to(tree)
    want = [(e.path, e.summary) for e in cache.entries()]
    cache.save()
    shards = sorted(p for p in folder.iterdir() if p.name != "index.json")
    assert len(shards) == 3
    shards[0].unlink()
    shards[1].write_text("{not json")
    again = EntryCache(repo, folder)
    assert [(e.path, e.summary) for e in again.entries()] == want
    assert [(e.path, e.summary) for e in again.entries({"c0"})] == [w for w in want if w[0].startswith("c0/")]
    (folder / "index.json").write_text("[]")
    third = EntryCache(repo, folder)
    third.move_to(tree)
    assert [(e.path, e.summary) for e in third.entries()] == want
    repo.close()


@pytest.mark.parametrize("seed", range(6))
def test_apply_changes_matches_dulwich(tmp_path: Path, seed: int) -> None:
    from dulwich.object_store import commit_tree_changes
    from dulwich.repo import Repo

    from memsync.sync import repo as R

    rng = random.Random(seed)
    repo = Repo.init(str(tmp_path / "r"), mkdir=True)
    paths = [f"{rng.choice('ab')}/{rng.choice('xy')}{'/deep' if rng.random() < 0.3 else ''}/f{i}.md" for i in range(20)]
    base = R.apply_changes(repo, None, [(p, 0o100644, R.add_blob(repo, p.encode())) for p in paths])
    R.persist(repo, base)
    present = set(paths)
    for step in range(5):
        changes = [(f"new{step}/n.md", 0o100644, R.add_blob(repo, rng.randbytes(8)))]
        for p in rng.sample(paths, 6):
            if rng.random() < 0.4 and p in present:
                changes.append((p, None, None))
                present.discard(p)
            else:
                changes.append((p, 0o100644, R.add_blob(repo, rng.randbytes(8))))
                present.add(p)
        changes = list({p: (p, m, s) for p, m, s in changes}.values())
        ours = R.apply_changes(repo, base, changes)
        R.persist(repo, ours)  # built in memory; dulwich reads trees from the store
        theirs = commit_tree_changes(repo.object_store, base, [(p.encode(), m, s) for p, m, s in changes])
        assert ours == theirs
        base = ours
    repo.close()
