"""What screening stdin costs `memsync mcp` (memsync.mcp.wire): start-up and per message.

Baseline, in the same run: the same server (memsync.mcp.server.build) served by the SDK's
own transport, ``server.run("stdio")``, which is what `memsync mcp` did before. Start and
baseline alternate, run by run, in a fresh project. Per message: ``wire.screen`` on typical
lines against the SDK's own reading of the same line (``jsonrpc_message_adapter.validate_json``);
for lines too long or too deep to read, finding the id at both ends against reading every
top-level member (what the wire did before), and the time `memsync mcp` takes to answer a 20 MB line.

    python bench/mcp_wire_bench.py [--runs 21]     # writes bench/results/mcp_wire.md
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
RECALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
          "params": {"name": "memory_recall", "arguments": {"query": "部署 pnpm lockfile"}}}
SDK_TRANSPORT = "from memsync.mcp.server import build; server, tools = build(); server.run('stdio')"


def line(message: dict) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode() + b"\n"


def one_start(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawn to the initialize reply, and to the first memory_recall reply."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    assert proc.stdin and proc.stdout
    proc.stdin.write(line(INIT))
    proc.stdin.flush()
    first = json.loads(proc.stdout.readline())
    t1 = time.perf_counter()
    assert first["id"] == 1 and "result" in first, first
    proc.stdin.write(line(INITIALIZED) + line(RECALL))
    proc.stdin.flush()
    second = json.loads(proc.stdout.readline())
    t2 = time.perf_counter()
    assert second["id"] == 2 and "result" in second, second
    proc.stdin.close()
    proc.wait(60)
    return t1 - t0, t2 - t0


def per_message() -> list[tuple[str, float, float]]:
    from mcp_types import jsonrpc_message_adapter

    from memsync.mcp import wire

    body = "npm 会重写 pnpm-lock.yaml，部署时依赖版本漂移。" * 40
    lines = {
        "tools/call memory_recall": line(RECALL),
        "tools/call memory_remember, 2 KB body": line({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "memory_remember", "arguments": {"summary": "部署脚本用pnpm", "category": "decisions",
                                                     "body": body}}}),
        "notifications/initialized": line(INITIALIZED),
    }
    out = []
    for name, raw in lines.items():
        text = raw.decode()
        n = 20000
        ours = min(timeit.repeat(lambda: wire.screen(raw, ("memory_remember",)), number=n, repeat=5)) / n
        sdk = min(timeit.repeat(lambda: jsonrpc_message_adapter.validate_json(text, by_name=False), number=n,
                                repeat=5)) / n
        out.append((name, ours * 1e6, sdk * 1e6))
    return out


def unreadable_lines() -> dict[str, bytes]:
    """Lines too long (20 MB) or too deep to read, with the id where clients write it."""
    body = '"params": {"name": "memory_remember", "arguments": {"summary": "s", "body": "' + "x" * 20_000_000 + '"}}'
    deep = 8_000_000
    return {
        "20 MB, id second (the Python SDK's order)": ('{"jsonrpc": "2.0", "id": 7, "method": "tools/call", ' + body
                                                      + "}\n").encode(),
        "20 MB, id last": ('{"method": "tools/call", ' + body + ', "jsonrpc": "2.0", "id": 7}\n').encode(),
        "16 MB, nested 8M deep, id last": ('{"jsonrpc": "2.0", "method": "tools/list", "params": {"a": '
                                           + "[" * deep + "]" * deep + '}, "id": 7}\n').encode(),
    }


def per_unreadable_line() -> list[tuple[str, float, float, float, str, str]]:
    """``wire.screen`` on each line (to the error with its id), the id finder in it
    (``wire.request_id``: both ends only), and the finder it replaced, in the same run: every
    top-level member of what was read (``wire.members`` over up to 16 MiB)."""
    from memsync.mcp import wire

    out = []
    for name, raw in unreadable_lines().items():
        text = raw[:wire.MAX_LINE].decode("utf-8", "replace")
        best = lambda fn: min(timeit.repeat(fn, number=1, repeat=3)) * 1000  # noqa: E731
        screen = best(lambda: wire.screen(raw))
        ends = (raw[:wire.ID_WINDOW].decode("utf-8", "replace"), raw[-wire.ID_WINDOW:].decode("utf-8", "replace"))
        now = best(lambda: wire.request_id(*ends))
        before = best(lambda: wire.members(text))
        found = json.loads(wire.screen(raw)[1] or b"null")["id"]
        old = wire.members(text).get("id")
        out.append((name, screen, now, before, json.dumps(found),
                    json.dumps(old if isinstance(old, (int, str)) else None)))
    return out


def reply_to_unreadable(cwd: Path, env: dict[str, str], raw: bytes) -> tuple[float, float]:
    """Through `memsync mcp`: seconds from starting to write ``raw`` to its error, and to a ping after it."""
    import threading

    proc = subprocess.Popen([sys.executable, "-m", "memsync", "mcp"], cwd=cwd, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin and proc.stdout
    proc.stdin.write(line(INIT))
    proc.stdin.flush()
    json.loads(proc.stdout.readline())
    proc.stdin.write(line(INITIALIZED))
    ping = line({"jsonrpc": "2.0", "id": 8, "method": "ping"})
    t0 = time.perf_counter()
    writer = threading.Thread(target=lambda: (proc.stdin.write(raw + ping), proc.stdin.flush()))  # type: ignore
    writer.start()
    error = json.loads(proc.stdout.readline())
    t1 = time.perf_counter()
    pong = json.loads(proc.stdout.readline())
    t2 = time.perf_counter()
    writer.join()
    assert error["id"] == 7 and "error" in error and pong["id"] == 8, (error, pong)
    proc.stdin.close()
    proc.wait(60)
    return t1 - t0, t2 - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--out", default=str(REPO / "bench" / "results" / "mcp_wire.md"))
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="mcpwire-"))
    env = dict(os.environ, PYTHONPATH=str(REPO), HOME=str(work / "home"),
               MEMSYNC_GLOBAL_ROOT=str(work / "home" / "global"), MEMSYNC_CACHE_DIR=str(work / "cache"))
    (work / "home").mkdir()
    project = work / "proj"
    project.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=project, check=True)
    subprocess.run([sys.executable, "-m", "memsync", "init", "--project"], cwd=project, env=env, check=True,
                   capture_output=True)
    screened = [sys.executable, "-m", "memsync", "mcp"]
    sdk = [sys.executable, "-c", SDK_TRANSPORT]
    load_before = os.getloadavg()
    one_start(screened, project, env)  # warm the file cache for both
    one_start(sdk, project, env)
    runs: dict[str, list[tuple[float, float]]] = {"screened": [], "sdk": []}
    for _ in range(args.runs):
        runs["screened"].append(one_start(screened, project, env))
        runs["sdk"].append(one_start(sdk, project, env))
    huge = [reply_to_unreadable(project, env, raw) for raw in [unreadable_lines()["20 MB, id last"]] * 5]
    load_after = os.getloadavg()
    msgs = per_message()
    unreadable = per_unreadable_line()

    def med(key: str, i: int) -> float:
        return statistics.median(r[i] for r in runs[key])

    ratio = [statistics.median(a[i] / b[i] for a, b in zip(runs["screened"], runs["sdk"])) for i in (0, 1)]
    rows = [
        "# `memsync mcp`: the cost of screening stdin (memsync.mcp.wire)",
        "",
        f"Machine: {os.cpu_count()} cores, shared; load 1/5/15 min before {'/'.join(f'{x:.2f}' for x in load_before)}, "
        f"after {'/'.join(f'{x:.2f}' for x in load_after)}. Generated by `python bench/mcp_wire_bench.py` "
        f"({args.runs} runs each, alternating; medians; ratio taken run by run).",
        "",
        "| start → reply | screened (`memsync mcp`) | SDK transport (`server.run(\"stdio\")`) | ratio |",
        "|---|---:|---:|---:|",
        f"| initialize | {med('screened', 0) * 1000:.0f} ms | {med('sdk', 0) * 1000:.0f} ms | {ratio[0]:.2f}× |",
        f"| first memory_recall | {med('screened', 1) * 1000:.0f} ms | {med('sdk', 1) * 1000:.0f} ms | "
        f"{ratio[1]:.2f}× |",
        "",
        "| one line | `wire.screen` | the SDK's own read of it | ratio |",
        "|---|---:|---:|---:|",
    ] + [f"| {name} | {ours:.1f} µs | {base:.1f} µs | {ours / base:.2f}× |" for name, ours, base in msgs] + [
        "",
        "`wire.screen` runs before the SDK's read (which still happens), so a line costs both columns;",
        "a tool call itself takes milliseconds (bench/results/mcp.md).",
        "",
        "A line too long or too deep to read: the id is looked for in its first and last 64 KiB only.",
        "",
        "| one line | `wire.screen` → error | finding the id: both ends | every member, as before | before ÷ now "
        "| id found / before |",
        "|---|---:|---:|---:|---:|---:|",
    ] + [f"| {name} | {screen:.2f} ms | {now * 1000:.0f} µs | {before:.0f} ms | {before / now:,.0f} | {id} / {old} |"
         for name, screen, now, before, id, old in unreadable] + [
        "",
        f"Through `memsync mcp` (median of {len(huge)}): from starting to write the 20 MB line (id last) "
        f"to its error {statistics.median(h[0] for h in huge) * 1000:.0f} ms, to the reply to a `ping` "
        f"written after it {statistics.median(h[1] for h in huge) * 1000:.0f} ms (the SDK's own transport "
        "never answers that line).",
    ]
    text = "\n".join(rows) + "\n"
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
