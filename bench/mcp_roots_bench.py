"""How fast real hosts answer `roots/list`, against the 5 s that `memsync mcp` waits before it falls back.

The server asks a client that advertises roots where the project is (memsync/mcp/project.py). A host that
advertises roots and never answers would stall every tool call for ROOTS_TIMEOUT, after which the server
serves the working directory's project. This measures what the hosts tests/prepare.py installs actually do.

Each host is set up (`memsync setup … --command PROBE`) to start a small probe in front of `memsync mcp`:
the probe passes every message through, records what the host sends in `initialize`, and right after
`notifications/initialized` sends the host its own `roots/list` (whose answer it keeps to itself), timing
the answer. The host runs its own health check (`claude mcp list`, `opencode mcp list`) or, for the MCP
Inspector, a `tools/list`; HOME is a temporary folder and, where `unshare -n` works, there is no network.

    python bench/mcp_roots_bench.py [--runs 5]      # writes bench/results/mcp_roots.md
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

NPM_BIN = Path(os.environ.get("MEMSYNC_TEST_NPM_DIR") or Path.home() / ".cache" / "memsync-npm") / "node_modules" / ".bin"

PROBE = r'''
import json, os, subprocess, sys, threading, time
out = open(os.environ["MEMSYNC_PROBE_LOG"], "a")
lock = threading.Lock()
sent = {}
server = subprocess.Popen([sys.executable, "-m", "memsync", "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

def write(dst, data):
    with lock:
        dst.write(data)
        dst.flush()

def from_host():
    for raw in iter(sys.stdin.buffer.readline, b""):
        try:
            msg = json.loads(raw)
        except ValueError:
            msg = {}
        if msg.get("id") == "memsync-probe-roots":
            roots = (msg.get("result") or {}).get("roots")
            out.write(json.dumps({"answer_ms": (time.monotonic() - sent["at"]) * 1000,
                                  "roots": len(roots) if isinstance(roots, list) else None,
                                  "error": "error" in msg}) + "\n")
            out.flush()
            continue
        method = msg.get("method")
        if method in ("initialize", "server/discover"):
            caps = (msg.get("params") or {}).get("capabilities") or {}
            out.write(json.dumps({"first": method, "roots_advertised": "roots" in caps}) + "\n")
            out.flush()
        write(server.stdin, raw)
        if method == "notifications/initialized":
            sent["at"] = time.monotonic()
            write(sys.stdout.buffer, b'{"jsonrpc":"2.0","id":"memsync-probe-roots","method":"roots/list"}\n')
    server.stdin.close()

threading.Thread(target=from_host, daemon=True).start()
for raw in iter(server.stdout.readline, b""):
    write(sys.stdout.buffer, raw)
time.sleep(0.3)  # a late roots answer still gets read
'''


def host_env(home: Path, log: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSYNC_")}
    env.update({"HOME": str(home), "PYTHONPATH": str(REPO), "MEMSYNC_PROBE_LOG": str(log), "NO_COLOR": "1",
                "CI": "1", "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "OPENCODE_DISABLE_MODELS_FETCH": "1",
                "OPENCODE_DISABLE_AUTOUPDATE": "1", "OPENCODE_DISABLE_SHARE": "1",
                "npm_config_cache": str(NPM_BIN.parent.parent.parent / ".npm"), "npm_config_offline": "true"})
    env.pop("CLAUDE_PROJECT_DIR", None)
    return env


def isolated() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


def measure(name: str, runs: int, work: Path) -> dict | None:
    exe = {"Claude Code": "claude", "OpenCode": "opencode", "MCP Inspector": "mcp-inspector"}[name]
    binary = NPM_BIN / exe
    if not binary.exists():
        return None
    home, project, log = work / name / "home", work / name / "project", work / name / "probe.jsonl"
    home.mkdir(parents=True)
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    probe = work / "probe.py"
    env = host_env(home, log)
    cmd = f"{sys.executable} {probe}"
    if name == "MCP Inspector":
        argv = [str(binary), "--cli", "--cwd", str(project), "-e", f"PYTHONPATH={REPO}", "-e",
                f"MEMSYNC_PROBE_LOG={log}", sys.executable, str(probe), "--method", "tools/list"]
    else:
        host = "claude-code" if name == "Claude Code" else "opencode"
        scope = ["--user"] if name == "Claude Code" else ["--project"]
        subprocess.run([sys.executable, "-m", "memsync", "setup", host, *scope, "--command", cmd], cwd=project,
                       env=env, check=True, capture_output=True)
        argv = [str(binary), "mcp", "list"]
    version = subprocess.run([str(binary), "--version"], env=env, capture_output=True, text=True, timeout=120)
    for _ in range(runs):
        subprocess.run(isolated() + argv, cwd=project, env=env, capture_output=True, stdin=subprocess.DEVNULL,
                       timeout=240)
    rows = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    firsts = [r for r in rows if "first" in r]
    answers = [r for r in rows if "answer_ms" in r]
    return {"version": (version.stdout.strip().splitlines() or ["?"])[0][:40], "runs": runs,
            "first": sorted({r["first"] for r in firsts}), "advertised": sum(r["roots_advertised"] for r in firsts),
            "starts": len(firsts), "answers": [a["answer_ms"] for a in answers],
            "roots": sorted({a["roots"] for a in answers if a["roots"] is not None}),
            "errors": sum(a["error"] for a in answers)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from memsync.mcp.project import ROOTS_TIMEOUT

    lines = ["# Real hosts answering `roots/list` (bench/mcp_roots_bench.py)", "",
             f"The server waits up to {ROOTS_TIMEOUT:.0f} s for the answer before it serves the working directory's "
             f"project. {args.runs} health checks per host; load average at start "
             f"{os.getloadavg()[0]:.1f}.", "",
             "| host | version | first message | roots advertised | roots/list answered | answer min / median / max "
             "| roots sent | vs the fallback wait |", "|---|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "probe.py").write_text(PROBE)
        for name in ("Claude Code", "OpenCode", "MCP Inspector"):
            r = measure(name, args.runs, work)
            if r is None:
                lines.append(f"| {name} | not installed (tests/prepare.py installs it) | | | | | | |")
                continue
            a = r["answers"]
            timing = (f"{min(a):.1f} / {statistics.median(a):.1f} / {max(a):.1f} ms" if a else "—")
            ratio = f"{ROOTS_TIMEOUT * 1000 / max(a):,.0f}× shorter" if a else "never asked (no initialize)"
            lines.append(f"| {name} | {r['version']} | {', '.join(r['first']) or '—'} | {r['advertised']}/{r['starts']} "
                         f"| {len(a) - r['errors']}/{len(a)} | {timing} | {r['roots']} | {ratio} |")
    lines += ["", "A host whose first message is `server/discover` speaks the stateless revision: it sends no "
              "`initialize`, has no roots, and the server uses the working directory the host started it in (Claude Code "
              "sends it twice per health check: a probe, then the session). \"roots sent\" is how many roots the "
              "answers held: none means the server uses the working directory too."]
    text = "\n".join(lines) + "\n"
    print(text)
    out = REPO / "bench" / "results" / "mcp_roots.md"
    out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
