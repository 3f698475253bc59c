"""Sources benchmark: what reading other agents' memory costs a whole `memsync search` process.

    python bench/sources_bench.py                # 2,000 Claude Code files, a 1 MB MiMo MEMORY.md
    python bench/sources_bench.py --runs 5       # a quicker look

It builds, in a temporary folder: a project (git repo) with a memsync root of
``--entries`` entries; Claude Code's auto-memory of that project with ``--claude`` topic
files (half with ``type`` at the top level, half under ``metadata:``, one in twenty
without frontmatter, and a MEMORY.md index); MiMo Code's memory with a project
``MEMORY.md`` of ``--mimo-mb`` MB in ``##`` sections. Then it times the same
``python -m memsync search WORD --json`` process with the sources off and on, the two
taking turns (so both see the same machine load), over queries that hit memsync's
entries, Claude Code's files, MiMo's sections or several. The first search with the
sources on (which builds their search cache) and a search after one Claude Code file and
the MiMo file changed are timed apart. The table goes to bench/results/sources.md.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(REPO), str(HERE)]

from search_bench import PLAIN, stop_daemon  # noqa: E402

PID = "3e1f0a9c-77b2-4c1d-9e8f-0a1b2c3d4e5f"
TYPES = ("user", "feedback", "project", "reference")
WORDS = ("pipeline", "schema", "migration", "release", "cache", "review", "deploy", "fixture", "tracing",
         "queue", "replica", "rollback", "tenant", "quota", "webhook", "部署", "数据库", "缓存", "回滚", "迁移")
# (query, which memory it is meant to hit)
QUERIES = [
    ("nativeonly", "memsync entries"), ("claudeword", "Claude Code files"), ("mimoword", "MiMo sections"),
    ("部署", "all three"), ("migration rollback", "all three"), ("tenant quota", "all three"),
    ("webhook", "all three"), ("缓存", "all three"), ("nothingmatches", "none"), ("review tracing", "all three"),
]


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def build(base: Path, entries: int, claude: int, mimo_mb: float) -> dict[str, Path]:
    rng = random.Random(13)
    home = base / "home"
    project = base / "project"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    root = project / ".memory"
    for cat in ("facts", "decisions", "pitfalls"):
        (root / cat).mkdir(parents=True)
    for i in range(entries):
        cat = ("facts", "decisions", "pitfalls")[i % 3]
        extra = " nativeonly" if i % 97 == 0 else ""
        (root / cat / f"e{i:05d}.md").write_text(
            f"---\nid: {cat}/e{i:05d}\nkind: fact\nsummary: {_text(rng, 6)}{extra}\n"
            f"created: 1790000000000\nupdated: 1790000000000\n---\n\n{_text(rng, 40)}\n", encoding="utf-8")
    enc = "".join(c if c.isascii() and c.isalnum() else "-" for c in str(project.resolve()))
    mem = home / ".claude" / "projects" / enc / "memory"
    mem.mkdir(parents=True)
    index = []
    for i in range(claude):
        kind = TYPES[i % 4]
        extra = " claudeword" if i % 101 == 0 else ""
        body = f"{_text(rng, 30)}\n\n**Why:** {_text(rng, 10)}\n\n**How to apply:** {_text(rng, 10)}\n"
        name = f"{kind}_{i:05d}"
        if i % 20 == 19:
            text = f"# {_text(rng, 5)}{extra}\n\n{body}"
        elif i % 2:
            text = (f"---\nname: {name}\ndescription: {_text(rng, 8)}{extra}\nmetadata:\n  node_type: memory\n"
                    f"  type: {kind}\n  modified: 2026-0{1 + i % 9}-1{i % 10}T10:00:00Z\n---\n\n{body}")
        else:
            text = f"---\nname: {name}\ndescription: {_text(rng, 8)}{extra}\ntype: {kind}\n---\n\n{body}"
        (mem / f"{name}.md").write_text(text, encoding="utf-8")
        index.append(f"- [{name}]({name}.md) — {_text(rng, 4)}")
    (mem / "MEMORY.md").write_text("\n".join(index[:200]) + "\n", encoding="utf-8")
    mimo = home / ".local" / "share" / "mimocode" / "memory" / "projects" / PID
    mimo.mkdir(parents=True)
    (project / ".git" / "mimocode-project-id").write_text(PID + "\n")
    parts = ["# Project memory", "_Durable knowledge._"]
    size, n = 0, 0
    while size < mimo_mb * 1_000_000:
        section = [f"## {_text(rng, 3)} {n}"]
        for j in range(8):
            extra = " mimoword" if (n * 8 + j) % 211 == 0 else ""
            section.append(f"- {_text(rng, 14)}{extra}\n  Why: {_text(rng, 8)}")
        chunk = "\n".join(section)
        parts.append(chunk)
        size += len(chunk.encode()) + 1
        n += 1
    (mimo / "MEMORY.md").write_text("\n".join(parts) + "\n", encoding="utf-8")
    (base / "off.yaml").write_text("sources:\n  claude_code: false\n  mimo: false\n")
    (base / "on.yaml").write_text("sources:\n  claude_code: true\n  mimo: true\n")
    return {"home": home, "project": project, "mem": mem, "mimo": mimo / "MEMORY.md", "cache": base / "cache"}


def _env(paths: dict[str, Path], base: Path, which: str) -> dict[str, str]:
    env = dict(PLAIN)
    for key in list(env):
        if key.startswith(("MEMSYNC_", "CLAUDE_", "MIMOCODE_", "XDG_")):
            del env[key]
    # One cache each: turning the sources off deletes their cache (docs/sources.md), so a shared
    # cache would make every "on" search a first one.
    env.update(HOME=str(paths["home"]), MEMSYNC_CACHE_DIR=f"{paths['cache']}-{which}", MEMSYNC_GLOBAL_ROOT=str(base / "g"),
               MEMSYNC_CONFIG=str(base / f"{which}.yaml"), PYTHONPATH=str(REPO))
    return env


def search(paths: dict[str, Path], base: Path, which: str, query: str) -> tuple[float, list[str]]:
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "memsync", "search", *query.split(), "--json"],
                         cwd=paths["project"], env=_env(paths, base, which), capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if out.returncode not in (0, 1):
        raise SystemExit(f"search failed: {out.stderr}")
    return elapsed, [h["scope"] for h in json.loads(out.stdout)["hits"]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=1000)
    ap.add_argument("--claude", type=int, default=2000)
    ap.add_argument("--mimo-mb", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=15, help="timed rounds over the queries")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "sources.md")
    args = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="memsync-sources-bench-"))
    try:
        paths = build(base, args.entries, args.claude, args.mimo_mb)
        load_start = os.getloadavg()
        search(paths, base, "off", "warmup")  # the project root's index and the change monitor
        cold, _ = search(paths, base, "on", "warmup")  # the sources' caches are built here
        time.sleep(2.5)  # past the racy window (recall/fresh.py): files written just now are re-checked once
        search(paths, base, "off", "warmup")
        search(paths, base, "on", "warmup")
        off: dict[str, list[float]] = {q: [] for q, _ in QUERIES}
        on: dict[str, list[float]] = {q: [] for q, _ in QUERIES}
        scopes: dict[str, set[str]] = {q: set() for q, _ in QUERIES}
        for _ in range(args.runs):
            for q, _ in QUERIES:
                off[q].append(search(paths, base, "off", q)[0])
                t, found = search(paths, base, "on", q)
                on[q].append(t)
                scopes[q].update(found)
        # one Claude Code file and the MiMo file changed: the next search reads only them again
        changed = []
        for i in range(5):
            victim = sorted(paths["mem"].glob("*.md"))[i * 7]
            victim.write_text(victim.read_text() + f"\nchanged {i}\n")
            with open(paths["mimo"], "a", encoding="utf-8") as fh:
                fh.write(f"\n## appended {i}\n- a new fact {i}\n")
            changed.append(search(paths, base, "on", "migration rollback")[0])
        load_end = os.getloadavg()
        for which in ("off", "on"):
            stop_daemon(Path(f"{paths['cache']}-{which}"))
        report(args, off, on, scopes, cold, changed, load_start, load_end)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def report(args, off, on, scopes, cold, changed, load_start, load_end) -> None:  # type: ignore[no-untyped-def]
    rows = []
    all_off, all_on, ratios = [], [], []
    for q, meant in QUERIES:
        a, b = statistics.median(off[q]), statistics.median(on[q])
        pair = statistics.median(y / x for x, y in zip(off[q], on[q]))
        all_off += off[q]
        all_on += on[q]
        ratios += [y / x for x, y in zip(off[q], on[q])]
        found = ", ".join(sorted(scopes[q])) or "no hits"
        rows.append(f"| `{q}` | {meant} | {found} | {a * 1000:.0f} | {b * 1000:.0f} | {pair:.2f}× |")
    total = statistics.median(ratios)
    lines = [
        "# Sources benchmark (bench/sources_bench.py)",
        "",
        f"Machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}; load average (1 min) "
        f"{load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end (the machine was shared). "
        f"Corpus: {args.entries} memsync entries in the project root, {args.claude} Claude Code topic files "
        f"(plus MEMORY.md), a {args.mimo_mb:g} MB MiMo project MEMORY.md in `##` sections. "
        f"Each row: median wall time of `python -m memsync search QUERY --json` over {args.runs} runs with the "
        "sources off and on, taking turns; the ratio is the median of the per-pair ratios. The change monitor "
        "serves memsync's own root in both; the sources are stat-checked on every search.",
        "",
        "| query | meant to hit | hits came from (sources on) | off ms | on ms | on / off |",
        "|---|---|---|---:|---:|---:|",
        *rows,
        f"| **all** | | | {statistics.median(all_off) * 1000:.0f} | {statistics.median(all_on) * 1000:.0f} | "
        f"**{total:.2f}×** |",
        "",
        f"- First search with the sources on (builds their search cache: {args.claude} files and the MiMo "
        f"sections): {cold:.2f} s.",
        f"- Search after one Claude Code file and the MiMo MEMORY.md changed (both read again, only the changed "
        f"sections re-indexed): median {statistics.median(changed) * 1000:.0f} ms over {len(changed)} changes.",
        f"- Target: on / off within 1.5×; measured {total:.2f}×.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
