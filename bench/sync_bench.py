"""Benchmark: one full sync round with memsync against the git CLI doing the same.

For each size (1,000 and 10,000 entries in 100 categories) it builds a root,
compiles it, commits it to a bare hub (by path) and clones it twice for
memsync and twice for git. Each round: device A edits 10 entries and pushes
(not timed); device B edits 10 other entries, then the timed command runs as a
whole process:

- memsync: ``python -m memsync sync --root B`` (commit, fetch, merge,
  regenerate index files, push, verify);
- git CLI: ``git add -A && git commit && git pull --no-rebase && git push``.

Wall time and peak RSS (the largest process of the round) are the medians of
``--rounds`` rounds. memsync runs from byte-compiled modules, as an installed
copy does: the bench compiles them first and unsets PYTHONDONTWRITEBYTECODE
for the processes it times (a sandbox that sets it would otherwise make every
memsync start recompile its modules from source). Usage: ``python bench/sync_bench.py [--sizes 1000,10000]
[--rounds 5] [--profile]``; the table is printed and written to
bench/results/sync.md.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

MEASURE = r"""
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
wall = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{wall} {rss} {code}")
"""


def entry(cat: int, i: int, version: int = 0, summary: str = "") -> str:
    slug = f"e{i:04d}"
    return (
        f"---\nid: cat{cat:03d}/{slug}\nkind: fact\nsummary: {summary or f'entry {cat} {i} about things'}\n"
        f"created: 1700000000000\nupdated: {1700000000000 + version}\nload_when:\n  - topic{(cat * 7 + i) % 500}\n"
        f"---\n\nBody line one of {cat}/{i}.\nSecond line, version {version}.\n"
    )


def build_root(path: Path, n: int) -> None:
    from memsync.build import compile_root
    from memsync.roots import Root

    per = n // 100
    for c in range(100):
        d = path / f"cat{c:03d}"
        d.mkdir(parents=True)
        for i in range(per):
            (d / f"e{i:04d}.md").write_text(entry(c, i), encoding="utf-8")
    (path / ".gitignore").write_text(".state.json\n")
    compile_root(Root.at(path))


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def env() -> dict[str, str]:
    e = dict(os.environ)
    e.pop("PYTHONDONTWRITEBYTECODE", None)  # run from .pyc, as an installed memsync does
    e.update(
        GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
        GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid",
        GIT_CONFIG_NOSYSTEM="1", PYTHONPATH=str(REPO),
    )
    return e


def measure(argv: list[str], cwd: Path) -> tuple[float, int]:
    out = subprocess.run([sys.executable, "-c", MEASURE, *argv], cwd=cwd, capture_output=True, text=True, env=env(),
                         check=False)
    wall, rss, code = out.stdout.split()
    if code != "0":
        raise SystemExit(f"{argv} failed ({code}): {out.stderr}")
    return float(wall), int(rss)


def edit(root: Path, picks: list[tuple[int, int]], n: int, version: int) -> None:
    for c, i in picks:
        (root / f"cat{c:03d}" / f"e{i:04d}.md").write_text(
            entry(c, i, version, summary=f"entry {c} {i} edited v{version}"), encoding="utf-8")


def run_size(n: int, rounds: int, work: Path, profile: bool) -> dict[str, float]:
    base = work / f"base{n}"
    build_root(base, n)
    git(base, "init", "-q", "-b", "main")
    git(base, "add", "-A")
    git(base, "-c", "gc.auto=0", "commit", "-qm", "init")  # no background gc racing the next line
    git(base, "gc", "-q")  # as a clone over the network would be: one pack, not 10,000 loose objects
    per = n // 100
    results: dict[str, list[float]] = {"mem_wall": [], "mem_rss": [], "git_wall": [], "git_rss": []}
    clones: dict[str, Path] = {}
    for tool in ("mem", "git"):
        hub = work / f"hub-{tool}{n}.git"
        git(work, "clone", "-q", "--bare", str(base), str(hub))
        for dev in ("a", "b"):
            path = work / f"{tool}{n}-{dev}"
            git(work, "clone", "-q", str(hub), str(path))
            git(path, "config", "pull.rebase", "false")
            clones[f"{tool}-{dev}"] = path
    rng = random.Random(n)
    # Warm-up: memsync builds its entry cache once per clone; git refreshes its index.
    for dev in ("a", "b"):
        subprocess.run([sys.executable, "-m", "memsync", "sync", "--root", str(clones[f"mem-{dev}"])],
                       check=True, capture_output=True, env=env())
        git(clones[f"git-{dev}"], "status", "-s")
    cells = [(c, i) for c in range(100) for i in range(per)]
    for r in range(rounds):
        picks = rng.sample(cells, 20)
        a_picks, b_picks = picks[:10], picks[10:]
        version = r + 1
        for tool in ("mem", "git"):
            a, b = clones[f"{tool}-a"], clones[f"{tool}-b"]
            edit(a, a_picks, n, version)
            if tool == "mem":
                subprocess.run([sys.executable, "-m", "memsync", "sync", "--root", str(a)], check=True,
                               capture_output=True, env=env())
            else:
                subprocess.run("git add -A && git commit -qm a && git pull -q --no-edit && git push -q",
                               shell=True, cwd=a, check=True, capture_output=True, env=env())
            edit(b, b_picks, n, version)
        if profile and r == rounds - 1:
            prof(clones["mem-b"], n)
            continue
        wall, rss = measure([sys.executable, "-m", "memsync", "sync", "--root", str(clones["mem-b"])], work)
        results["mem_wall"].append(wall)
        results["mem_rss"].append(rss)
        wall, rss = measure(["sh", "-c", "git add -A && git commit -qm b && git pull -q --no-edit && git push -q"],
                            clones["git-b"])
        results["git_wall"].append(wall)
        results["git_rss"].append(rss)
        # Device A takes B's round back so the next round starts level.
        subprocess.run([sys.executable, "-m", "memsync", "sync", "--root", str(clones["mem-a"])], check=True,
                       capture_output=True, env=env())
        git(clones["git-a"], "pull", "-q", "--no-edit")
    check = subprocess.run([sys.executable, "-m", "memsync", "check", "--root", str(clones["mem-b"])],
                           capture_output=True, text=True, env=env(), check=False)
    if check.returncode != 0:
        raise SystemExit(f"memsync left stale compiled files: {check.stdout[:500]}")
    out = {k: statistics.median(v) for k, v in results.items() if v}
    if results["mem_wall"]:
        # Each round runs both tools back to back, so the per-round ratio cancels slow drifts
        # in machine load better than a ratio of medians does.
        out["ratio"] = statistics.median(m / g for m, g in zip(results["mem_wall"], results["git_wall"]))
    return out


def prof(root: Path, n: int) -> None:
    import cProfile
    import pstats

    from memsync.roots import Root
    from memsync.sync.engine import sync_root

    os.environ.update({k: v for k, v in env().items() if k.startswith("GIT_")})
    out = Path(tempfile.gettempdir()) / f"sync-{n}.prof"
    cProfile.runctx("sync_root(Root.at(root))", globals(), {"sync_root": sync_root, "Root": Root, "root": root},
                    str(out))
    pstats.Stats(str(out)).sort_stats("cumulative").print_stats(30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile", action="store_true", help="profile the last memsync round in-process")
    args = ap.parse_args()
    # Byte-compile memsync once, so that every timed start loads .pyc files as an installed copy does.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "memsync")], check=True, env=env())
    work = Path(tempfile.mkdtemp(prefix="memsync-sync-bench-"))
    rows = []
    try:
        for n in (int(s) for s in args.sizes.split(",")):
            m = run_size(n, args.rounds, work, args.profile)
            if m:
                rows.append((n, m))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if not rows:
        return
    floor = {
        "interpreter start (`python -c pass`)": statistics.median(
            measure([sys.executable, "-c", "pass"], REPO)[0] for _ in range(5)),
        "memsync start (`python -m memsync --version`)": statistics.median(
            measure([sys.executable, "-m", "memsync", "--version"], REPO)[0] for _ in range(5)),
    }
    lines = [
        f"Sync round: 10 local edits + 10 remote edits on other entries, fetch, merge, push "
        f"(hub by path; median of {args.rounds} rounds; whole-process wall time; peak RSS of the "
        f"largest process). memsync byte-compiled first; PYTHONDONTWRITEBYTECODE unset for the timed "
        f"processes. Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.1f} at the end.",
        "",
        "| entries | memsync sync s | git CLI round s | wall ratio (median per round) | memsync RSS MiB "
        "| git RSS MiB | target (<= 2x at 10k) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for n, m in rows:
        ratio = m["ratio"]
        target = ("met" if ratio <= 2 else "NOT met") if n >= 10000 else "-"
        lines.append(
            f"| {n:,} | {m['mem_wall']:.3f} | {m['git_wall']:.3f} | {ratio:.2f}x | "
            f"{m['mem_rss'] / 1024:.0f} | {m['git_rss'] / 1024:.0f} | {target} |"
        )
    lines += ["", "Fixed costs in the same run (they are part of every memsync figure above):", ""]
    lines += [f"- {name}: {value:.3f} s" for name, value in floor.items()]
    table = "\n".join(lines) + "\n"
    print(table)
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    (results / "sync.md").write_text("# sync benchmark (bench/sync_bench.py)\n\n" + table, encoding="utf-8")


if __name__ == "__main__":
    main()
