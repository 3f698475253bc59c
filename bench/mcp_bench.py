"""MCP server benchmark: `memsync mcp` through the official SDK client over real stdio.

    python bench/mcp_bench.py                  # 1k and 10k entries (a few minutes)
    python bench/mcp_bench.py --sizes 1000     # a quick look

For each size it writes the bilingual search corpus (bench/search_corpus.py) into a
project root and a global root, compiles them, and measures, from the client's side
of the pipe (so JSON-RPC framing and the server's event loop are included):

- server start to first answer: spawn `memsync mcp`, handshake, one memory_recall;
  with no search cache (first start on a machine) and with the cache left by an
  earlier server;
- warm memory_recall p50/p95 over the corpus's queries (each hit's body included);
- memory_remember p50 (all five gates, the write, the partial recompile) and
  memory_forget p50;
- a recall right after an outside edit: the bench rewrites an entry's file, then
  recalls a word only the new text holds (it must be found: freshness is checked,
  not assumed);
- the server's peak memory (VmHWM).

Baselines in the same run: the same search and the same write as one-shot CLI
processes (`memsync search`, `memsync remember`), which is what an agent without
the server pays per call. The table goes to bench/results/mcp.md.
"""
from __future__ import annotations

import argparse
import os
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

import anyio  # noqa: E402
import search_corpus  # noqa: E402
from mcp import Client, StdioServerParameters  # noqa: E402

PLAIN = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else float("nan")


def _env(base: Path) -> dict[str, str]:
    env = dict(PLAIN)
    env.update(HOME=str(base / "home"), MEMSYNC_GLOBAL_ROOT=str(base / "global"),
               MEMSYNC_CACHE_DIR=str(base / "cache"), XDG_CACHE_HOME=str(base / "home" / ".cache"),
               XDG_CONFIG_HOME=str(base / "home" / ".config"), PYTHONPATH=str(REPO),
               # One-shot searches check files with lstat rather than leave a change-monitor daemon behind.
               MEMSYNC_NO_MONITOR="1")
    env.pop("CLAUDE_PROJECT_DIR", None)
    return env


def _params(base: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "memsync", "mcp"], cwd=str(base / "project"),
                                 env=_env(base))


def _server_pid() -> int | None:
    """Our child `memsync mcp` process (read from /proc)."""
    me = os.getpid()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                ppid = int(fh.read().rsplit(b")", 1)[1].split()[1])
            with open(f"/proc/{name}/cmdline", "rb") as fh:
                cmd = fh.read().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue
        if ppid == me and b"mcp" in cmd and b"memsync" in cmd:
            return int(name)
    return None


def _peak_mib(pid: int | None) -> float:
    if pid is None:
        return float("nan")
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


async def _first_answer(base: Path, query: str) -> float:
    t0 = time.perf_counter()
    async with Client(_params(base)) as c:
        r = await c.call_tool("memory_recall", {"query": query})
        took = time.perf_counter() - t0
        assert not r.is_error, r.content
    return took


async def _timed(c: Client, tool: str, args: dict[str, object]) -> tuple[float, object]:
    """One call's round trip; a refusal or error stops the bench (it would time the wrong thing)."""
    t0 = time.perf_counter()
    r = await c.call_tool(tool, args)
    took = time.perf_counter() - t0
    assert not r.is_error, r.content
    return took, r


async def _session(base: Path, queries: list[str], rounds: int, writes: int, edits: int) -> dict[str, object]:
    out: dict[str, object] = {}
    async with Client(_params(base)) as c:
        for q in queries[:5]:
            await c.call_tool("memory_recall", {"query": q})  # warm-up
        out["floor"] = [(await _timed(c, "memory_recall", {"query": f"zzqnothing{i}"}))[0] for i in range(50)]
        out["recall"] = [(await _timed(c, "memory_recall", {"query": q}))[0] for _ in range(rounds) for q in queries]
        written, wtimes = [], []
        for i in range(writes):
            args = {"summary": f"bench note {i}: port {40000 + i} serves the qx{i}zv staging proxy",
                    "category": "facts", "body": f"Measured on run {i}; qx{i}zv restarts nightly.",
                    "load_when": [f"qx{i}zv"]}
            took, r = await _timed(c, "memory_remember", args)
            wtimes.append(took)
            written.append(r.structured_content["id"])
        out["remember"] = wtimes
        out["forget"] = [(await _timed(c, "memory_forget", {"id": entry_id}))[0] for entry_id in written]
        etimes, found = [], 0
        files = sorted((base / "project" / ".memory" / "facts").glob("*.md"))[:edits + 1]
        files = [f for f in files if f.name != "index.md"][:edits]
        for i, f in enumerate(files):
            word = f"zq{i}edited{os.getpid()}"
            text = f.read_text(encoding="utf-8")
            f.write_text(text.rstrip("\n") + f"\nEdited outside the server: {word}.\n", encoding="utf-8")
            took, r = await _timed(c, "memory_recall", {"query": word})
            etimes.append(took)
            found += bool(r.structured_content["hits"])
            f.write_text(text, encoding="utf-8")
        out["edit"] = etimes
        out["edit_found"] = (found, len(files))
        out["peak"] = _peak_mib(_server_pid())
    return out


def _cli(base: Path, args: list[str]) -> float:
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "memsync", *args], cwd=base / "project", env=_env(base),
                          capture_output=True, text=True)
    took = time.perf_counter() - t0
    assert done.returncode in (0, 1), done.stderr
    return took


def bench(n: int, work: Path) -> dict[str, object]:
    corpus = search_corpus.generate(n)
    base = work / f"n{n}"
    roots = search_corpus.write(corpus, base)
    (base / "home").mkdir()
    for root in roots.values():
        subprocess.run([sys.executable, "-m", "memsync", "compile", "--root", str(root)], env=_env(base),
                       check=True, capture_output=True)
    queries = [q.text for q in corpus.queries]
    res: dict[str, object] = {"n": n, "queries": len(queries)}
    shutil.rmtree(base / "cache", ignore_errors=True)
    res["start_cold"] = anyio.run(_first_answer, base, queries[0])
    res["start_warm"] = statistics.median(anyio.run(_first_answer, base, q) for q in queries[1:4])
    res |= anyio.run(_session, base, queries, 3, 30, 10)
    res["cli_search"] = statistics.median(_cli(base, ["search", q]) for q in queries[:10])
    cli_writes = []
    for i in range(5):
        cli_writes.append(_cli(base, ["remember", "--category", "facts", "--summary",
                                      f"cli bench note {i}: port {50000 + i} for the kw{i}yx relay"]))
    res["cli_remember"] = statistics.median(cli_writes)
    return res


def table(results: list[dict[str, object]], load: str) -> str:
    def ms(x: float) -> str:
        return f"{x * 1000:.1f} ms"

    lines = [
        "# `memsync mcp` through the official SDK client over stdio",
        "",
        f"Machine: {os.cpu_count()} cores, shared; load when run: {load}. Generated by `python bench/mcp_bench.py`",
        "(bilingual corpus of bench/search_corpus.py in a project and a global root; latencies are round trips",
        "measured by the client, JSON-RPC and the server's event loop included).",
        "",
        "| entries | start → first answer, no cache / cache | warm `memory_recall` p50 / p95 | one-shot "
        "`memsync search` (ratio) | `memory_remember` p50 | one-shot `memsync remember` (ratio) | "
        "`memory_forget` p50 | recall after an outside edit p50 (found) | round trip of a recall without hits p50 | "
        "server peak |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        rec, rem = r["recall"], r["remember"]
        p50, w50 = _pct(rec, 0.5), _pct(rem, 0.5)  # type: ignore[arg-type]
        found, total = r["edit_found"]  # type: ignore[misc]
        lines.append(
            f"| {r['n']:,} | {r['start_cold']:.2f} s / {r['start_warm']:.2f} s | {ms(p50)} / "
            f"{ms(_pct(rec, 0.95))} | {r['cli_search']:.2f} s ({r['cli_search'] / p50:.0f}×) | "  # type: ignore
            f"{ms(w50)} | {r['cli_remember']:.2f} s ({r['cli_remember'] / w50:.0f}×) | "  # type: ignore
            f"{ms(_pct(r['forget'], 0.5))} | {ms(_pct(r['edit'], 0.5))} ({found}/{total}) | "  # type: ignore
            f"{ms(_pct(r['floor'], 0.5))} | {r['peak']:.0f} MiB |")  # type: ignore
    lines += ["", f"Warm recall: {results[0]['queries']} queries × 3 rounds per size; remember/forget: 30 writes;",
              "outside edit: 10 files rewritten, each followed at once by a recall of a word only the new text holds.",
              "Targets (issue 11): warm recall p50 ≤ 15 ms and remember p50 ≤ 50 ms at 10,000 entries."]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--out", default=str(HERE / "results" / "mcp.md"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memsync-mcp-bench-") as tmp:
        results = [bench(int(s), Path(tmp)) for s in args.sizes.split(",")]
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg()) + " (1 / 5 / 15 min)"
    text = table(results, load)
    print(text)
    Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
