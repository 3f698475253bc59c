"""Benchmark: the agent layer — context quality and speed, remember speed — in one run.

    python bench/agent_bench.py                 # 1k and 10k entries (several minutes)
    python bench/agent_bench.py --sizes 1000    # quicker

Context quality: the search corpus (bench/search_corpus.py: project and global roots,
80 queries in five families) gets iron rules in both ROOT.md files; each query is used
as the prompt, and a query scores when one of its relevant entries reaches the block
(its id, or for the baselines its summary, appears in it). At budgets 600, 1,200 and
4,000 characters, memsync's block is compared with, in the same run:

- the plugin's injection (seed 004): its own score (term overlap × idf × priors, as in
  bench/search_baselines.py), the top 4 bodies, cut at the budget (its default is 1,200);
- MiMo's: the whole memory file (every note, in file order) cut at the budget.

Also checked: iron rules in 100% of memsync's blocks, the cap never exceeded.

Speed (whole process, median of --runs, interpreter start included; `python -c pass`
shown as the floor): `memsync context --format claude-code` for UserPromptSubmit and
SessionStart payloads; `memsync remember` (gates, write, partial recompile) at each size;
in-process `Memory.remember` with a warm long-lived Memory (p50/p95); peak RSS.
Writes bench/results/agent.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.search_baselines import Plugin
from bench.search_corpus import NOW_MS, generate, write

BUDGETS = (600, 1200, 4000)
RULES = {"project": "- 发布前必须跑完整测试。\n- Never force-push to main.",
         "global": "- Answer in the user's language."}
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
ENV.update(PYTHONPATH=str(REPO), NO_COLOR="1")


def _set_rules(root: Path, rules: str) -> None:
    text = (root / "ROOT.md").read_text(encoding="utf-8")
    head, sep, tail = text.partition("## Iron rules\n")
    _, _, rest = tail.partition("## Directory")
    (root / "ROOT.md").write_text(f"{head}{sep}\n{rules}\n\n## Directory{rest}", encoding="utf-8")


def build(n: int, base: Path) -> tuple[dict[str, Path], list]:
    from memsync.build import compile_root, init_root
    from memsync.roots import Root

    corpus = generate(n)
    roots = write(corpus, base)
    for scope, root in roots.items():
        init_root(Root.at(root), ["rules", "preferences", "decisions", "pitfalls", "facts"])
        _set_rules(root, RULES[scope])
        compile_root(Root.at(root))
    return roots, corpus


def quality(base: Path, roots: dict[str, Path], corpus) -> dict:  # type: ignore[no-untyped-def]
    from memsync.service import Memory

    notes = {f"{n.root}:{n.id}": n for n in corpus.notes}
    plugin = Plugin(base)
    docs = plugin.scan()
    mimo_file = "".join(f"{n.summary}\n{n.body}\n\n" for n in sorted(corpus.notes, key=lambda n: (n.root, n.rel))
                        if n.live)
    out: dict = {b: {"memsync": 0, "plugin": 0, "mimo": 0, "rules": 0, "max_chars": 0} for b in BUDGETS}
    with Memory(cwd=base / "project", watch=True) as memory:
        for q in corpus.queries:
            relevant = q.relevant
            ranked = plugin.rank(docs, q.text, limit=4, now_ms=NOW_MS)
            for budget in BUDGETS:
                block = memory.context(q.text, budget=budget)
                text = block.text
                r = out[budget]
                r["max_chars"] = max(r["max_chars"], len(text))
                r["rules"] += all(line.lstrip("- ") in text for rules in RULES.values() for line in rules.splitlines())
                r["memsync"] += any(key.split(":", 1)[1] in text for key in relevant)
                pblock = ""
                for key in ranked:
                    note = notes[key]
                    pblock += f"{note.summary}\n{note.body}\n\n"
                pblock = pblock[:budget]
                r["plugin"] += any(notes[k].summary in pblock for k in relevant)
                r["mimo"] += any(notes[k].summary in mimo_file[:budget] for k in relevant)
    for r in out.values():
        r["queries"] = len(corpus.queries)
    return out


WARM = 3  # runs not timed: the page cache, the search index, the monitor daemon starting (~0.1 s of CPU)


def _median_wall(cmd: list[str], cwd: Path, env: dict[str, str], runs: int, stdin: bytes | None = None,
                 vary=None) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    times = []
    for i in range(runs + WARM):
        args = vary(i) if vary else cmd
        start = time.perf_counter()
        subprocess.run(args, cwd=cwd, env=env, input=stdin, capture_output=True, check=False)
        if i >= WARM:  # the first runs warm caches, and start the change monitor's daemon
            times.append(time.perf_counter() - start)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return statistics.median(times), peak_kb


def speed(base: Path, roots: dict[str, Path], runs: int) -> dict:
    env = dict(ENV, MEMSYNC_GLOBAL_ROOT=str(roots["global"]), MEMSYNC_CACHE_DIR=str(base / "cache"))
    py = [sys.executable]
    project = base / "project"
    subprocess.run(py + ["-m", "memsync", "search", "warm"], cwd=project, env=env, capture_output=True)
    prompt = {"hook_event_name": "UserPromptSubmit", "prompt": "kafka 积压 怎么处理", "cwd": str(project)}
    start = {"hook_event_name": "SessionStart", "source": "startup", "cwd": str(project)}
    hook = py + ["-m", "memsync", "context", "--format", "claude-code"]
    out = {}
    out["floor"], _ = _median_wall(py + ["-c", "pass"], project, env, runs)
    out["context_prompt"], _ = _median_wall(hook, project, env, runs, json.dumps(prompt).encode())
    out["context_start"], _ = _median_wall(hook, project, env, runs, json.dumps(start).encode())

    def remember(i: int) -> list[str]:
        return py + ["-m", "memsync", "remember", "--scope", "project", "--category", "facts", "--summary",
                     f"bench service {i} listens on port {20000 + i}"]

    out["remember"], out["peak_kb"] = _median_wall([], project, env, runs, vary=remember)
    # inspect runs the dedupe gate again for the entries created lately (here: the last 20 written)
    out["inspect"], _ = _median_wall(py + ["-m", "memsync", "inspect"], project, env, runs)
    # In process: a long-lived Memory (as the MCP server holds), warm.
    code = f"""
import json, os, statistics, sys, time
sys.path.insert(0, {str(REPO)!r})
os.environ.update({json.dumps({"MEMSYNC_GLOBAL_ROOT": env["MEMSYNC_GLOBAL_ROOT"], "MEMSYNC_CACHE_DIR": env["MEMSYNC_CACHE_DIR"]})})
from memsync.service import Memory
m = Memory(cwd={str(project)!r}, watch=True)
m.remember("warm up the long lived memory", category="facts", scope="project")
ts = []
for i in range(40):
    t = time.perf_counter()
    m.remember(f"in-process note {{i}} uses port {{30000 + i}}", category="facts", scope="project")
    ts.append(time.perf_counter() - t)
ts.sort()
import resource
print(json.dumps([statistics.median(ts), ts[int(len(ts) * 0.95)], resource.getrusage(resource.RUSAGE_SELF).ru_maxrss]))
"""
    done = subprocess.run(py + ["-c", code], cwd=project, env=env, capture_output=True, text=True, check=True)
    p50, p95, rss = json.loads(done.stdout)
    out["inproc_p50"], out["inproc_p95"], out["inproc_rss_kb"] = p50, p95, rss
    return out


def _farm_line(text: str, label: str) -> float:
    for line in text.splitlines():
        if line.startswith(label):
            return float(line[len(label):].split()[1])  # min, MEDIAN, max
    raise RuntimeError(f"farm-bench printed no {label!r} line:\n{text[-2000:]}")


def farm(base: Path, roots: dict[str, Path], runs: int) -> dict | None:
    """The same three commands timed by ``farm-bench`` (whole process, from outside, each run paired
    with ``python -c pass``): medians of wall time, of the pair ratio, and of peak memory."""
    tool = shutil.which("farm-bench")
    if tool is None:
        return None
    env = dict(ENV, MEMSYNC_GLOBAL_ROOT=str(roots["global"]), MEMSYNC_CACHE_DIR=str(base / "cache"))
    project = base / "project"
    py = sys.executable
    payloads = {"context_prompt": {"hook_event_name": "UserPromptSubmit", "prompt": "kafka 积压 怎么处理",
                                   "cwd": str(project)},
                "context_start": {"hook_event_name": "SessionStart", "source": "startup", "cwd": str(project)}}
    cmds = {}
    for name, payload in payloads.items():
        f = base / f"{name}.json"
        f.write_text(json.dumps(payload), encoding="utf-8")
        cmds[name] = ["sh", "-c", f"exec {py} -m memsync context --format claude-code < {f}"]
    # $$ (the shell's pid, kept by exec) makes each run's note new, so each is a write, not a refusal
    cmds["remember"] = ["sh", "-c", f"exec {py} -m memsync remember --scope project --category facts "
                        "--summary \"farm service $$ listens on port $$\""]
    out = {}
    for name, cmd in cmds.items():
        done = subprocess.run([tool, "-n", str(runs), "--warmup", "3", "--timeout", "600",
                               "--vs", f"{py} -c pass", "--", *cmd],
                              cwd=project, env=env, capture_output=True, text=True, check=False)
        text = done.stdout + done.stderr
        out[name] = (_farm_line(text, "A wall s"), _farm_line(text, "A/B wall"), _farm_line(text, "A peak MiB"),
                     _farm_line(text, "B wall s"))
    return out


def table(results: dict[int, dict]) -> str:
    lines = ["# Agent layer benchmark (bench/agent_bench.py)", "",
             f"Machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.system()}. "
             f"Load average when each size started: " + ", ".join(f"{n:,}: {r['load']:.1f}" for n, r in results.items())
             + ". One run; timings under ~30% apart are noise on a shared machine.", "",
             "## Context quality: queries whose relevant entry reaches the block", "",
             "| N | budget | memsync | plugin injection (top 4 bodies) | MiMo (whole file cut) | memsync ÷ best baseline |"
             " iron rules in block | largest block (chars) |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, r in results.items():
        for b in BUDGETS:
            q = r["quality"][b]
            total = q["queries"]
            best = max(q["plugin"], q["mimo"]) or 1
            lines.append(f"| {n:,} | {b:,} | {q['memsync'] / total:.2f} | {q['plugin'] / total:.2f} | "
                         f"{q['mimo'] / total:.2f} | {q['memsync'] / best:.2f}× | {q['rules']}/{total} | "
                         f"{q['max_chars']:,} |")
    lines += ["", "## Speed (whole process, median; seconds unless noted)", "",
              "| N | `python -c pass` (floor) | context, UserPromptSubmit | context, SessionStart | memsync remember | "
              "in-process remember p50 / p95 | peak RSS, CLI / in-process | memsync inspect |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, r in results.items():
        s = r["speed"]
        lines.append(f"| {n:,} | {s['floor']:.3f} | {s['context_prompt']:.3f} | {s['context_start']:.3f} | "
                     f"{s['remember']:.3f} | {s['inproc_p50'] * 1000:.1f} ms / {s['inproc_p95'] * 1000:.1f} ms | "
                     f"{s['peak_kb'] / 1024:.0f} MiB / {s['inproc_rss_kb'] / 1024:.0f} MiB | {s['inspect']:.3f} |")
    farmed = {n: r["farm"] for n, r in results.items() if r.get("farm")}
    if farmed:
        lines += ["", "## Speed by `farm-bench` (whole process timed from outside, each run paired with "
                  "`python -c pass`; medians)", "",
                  "| N | `python -c pass` | context, UserPromptSubmit | context, SessionStart | memsync remember |",
                  "|---:|---:|---:|---:|---:|"]
        for n, f in farmed.items():
            cells = [f"{f[k][0]:.3f} s ({f[k][1]:.2f}× the floor, {f[k][2]:.0f} MiB)"
                     for k in ("context_prompt", "context_start", "remember")]
            lines.append(f"| {n:,} | {f['context_prompt'][3]:.3f} s | " + " | ".join(cells) + " |")
    lines += ["", "Targets (issue 9): context ≤ 0.15 s at 1k and ≤ 0.25 s at 10k; remember ≤ 0.3 s at 10k; "
              "in-process remember ≤ 30 ms at 10k; quality ≥ both baselines at every budget; iron rules in every "
              "block; the cap (9,000) never exceeded. `memsync inspect` (no target) runs the dedupe gate again "
              "for up to 20 entries created in the last 14 days; every entry of this corpus is that recent.", ""]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    results = {}
    for n in [int(s) for s in args.sizes.split(",")]:
        base = Path(tempfile.mkdtemp(prefix=f"memsync-agent-{n}-"))
        os.environ["MEMSYNC_CACHE_DIR"] = str(base / "cache")
        os.environ["MEMSYNC_NO_MONITOR"] = "1"
        try:
            roots, corpus = build(n, base)
            os.environ["MEMSYNC_GLOBAL_ROOT"] = str(roots["global"])
            load = os.getloadavg()[0]
            q = quality(base, roots, corpus)
            os.environ.pop("MEMSYNC_NO_MONITOR")
            s = speed(base, roots, args.runs)
            results[n] = {"quality": q, "speed": s, "load": load, "farm": farm(base, roots, args.runs + 4)}
            print(f"{n}: done", file=sys.stderr)
        finally:
            if not args.keep:
                subprocess.run([sys.executable, "-c", "import memsync.recall.monitor"], check=False)
                shutil.rmtree(base, ignore_errors=True)
    report = table(results)
    print(report)
    out = REPO / "bench" / "results" / "agent.md"
    out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
