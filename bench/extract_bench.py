"""Extraction's own cost, on generated Claude Code sessions, against the floors, in one run.

    python bench/extract_bench.py [--turns 2000] [--runs 5]
    python bench/extract_bench.py --scale 10000,1000000,10000000 [--base REV]

Generates a session JSONL of ``--turns`` turns (a third of them tool results of a few
KB, some holding a token), then measures, median of ``--runs``:

- reading it (``memsync.extract.transcript.read``) against the floor of reading the
  same file with nothing but ``json.loads`` per line;
- building the prompts (every part masked with the secret gate's ``redact``) against
  the floor of joining the raw text unmasked;
- the whole ``memsync extract --dry-run`` process with a model command that answers
  ``[]`` at once (so what is timed is memsync), and the ``--hook claude-code`` process
  the user's session waits for, against ``python3 -c pass`` (the interpreter's start).

The model itself is not timed: it is the user's. Prints a Markdown table and writes it
to bench/results/extract.md.

``--scale`` measures instead what a huge transcript costs: for each line count, one
generated session (JSON Lines averaging ~190 bytes, one line in 500 not JSON and one in 500
not UTF-8) goes through ``memsync extract --dry-run --json`` with the default settings, once
with this checkout and once with the code at ``--base`` (a git worktree of the merge base
with main), each process under an address-space cap (``--cap-gb``) so the old code cannot
take the machine. Each run's wall time, MB/s and peak RSS (``wait4``) are printed with
new/old ratios, to bench/results/extract-scale.md. The files live in a temporary folder,
each deleted once measured.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

WORDS = ("deploy script lockfile pnpm npm cache database migration port config test fixture locale tokenizer "
         "部署 脚本 数据库 迁移 配置 依赖 缓存 分词 索引 测试").split()


def session(turns: int, rng: random.Random) -> bytes:
    from bench.secrets_corpus import FAKES

    lines = []
    for i in range(turns):
        kind = i % 3
        if kind == 0:
            rec = {"type": "user", "sessionId": "bench", "message": {"role": "user", "content":
                   " ".join(rng.choice(WORDS) for _ in range(30))}}
        elif kind == 1:
            rec = {"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "text", "text": " ".join(rng.choice(WORDS) for _ in range(60))},
                {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": f"cat file{i}.txt"}}]}}
        else:
            body = "\n".join(" ".join(rng.choice(WORDS) for _ in range(12)) for _ in range(40))
            if i % 30 == 2:
                body += f"\nGITHUB_TOKEN={FAKES['github-pat'](rng)}"
            rec = {"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"t{i - 1}", "content": body}]}}
        lines.append(json.dumps(rec, ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode("utf-8")


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def process_time(args: list[str], runs: int, env: dict[str, str], stdin: bytes = b"") -> float:
    times = []
    for _ in range(runs + 1):
        t = time.perf_counter()
        subprocess.run(args, input=stdin, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times[1:])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    opts = ap.parse_args()
    from memsync.extract import prompt, transcript

    tmp = Path(tempfile.mkdtemp(prefix="memsync-extract-bench-"))
    path = tmp / "session.jsonl"
    path.write_bytes(session(opts.turns, random.Random(1)))
    size = path.stat().st_size

    def floor_read() -> None:
        with open(path, "rb") as fh:
            for line in fh:
                json.loads(line)

    t_read = median_time(lambda: transcript.read(str(path)), opts.runs)
    t_floor = median_time(floor_read, opts.runs)
    turns = transcript.read(str(path)).turns
    t_build = median_time(lambda: prompt.build(turns, categories=["facts"], chunk_chars=60000, tool_chars=2000),
                          opts.runs)
    t_raw = median_time(lambda: "\n\n".join(p.text for t in turns for p in t.parts), opts.runs)
    built = prompt.build(turns, categories=["facts"], chunk_chars=60000, tool_chars=2000)

    model = tmp / "model.py"
    model.write_text("import sys\nsys.stdin.buffer.read()\nprint('[]')\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMSYNC_CACHE_DIR=str(tmp / "cache"),
               MEMSYNC_GLOBAL_ROOT=str(tmp / "global"), MEMSYNC_CONFIG=str(tmp / "config.yaml"))
    root = tmp / "root"
    subprocess.run([sys.executable, "-m", "memsync", "init", "--root", str(root)], env=env, check=True,
                   capture_output=True)
    cmd = f"{sys.executable} {model}"
    t_dry = process_time([sys.executable, "-m", "memsync", "extract", str(path), "--root", str(root), "--dry-run",
                          "--model-cmd", cmd], opts.runs, env)
    payload = json.dumps({"session_id": "bench", "transcript_path": str(tmp / "missing.jsonl"), "cwd": str(tmp),
                          "hook_event_name": "Stop"}).encode()
    t_hook = process_time([sys.executable, "-m", "memsync", "extract", "--hook", "claude-code", "--root", str(root)],
                          opts.runs, env, payload)
    t_py = process_time([sys.executable, "-c", "pass"], opts.runs, env)
    time.sleep(1)  # the hook's detached children record their status and leave
    import shutil

    shutil.rmtree(tmp, ignore_errors=True)

    load = os.getloadavg()[0]
    mb = size / 1e6
    rows = [
        ("read the transcript", f"{t_read:.3f} s ({mb / t_read:.0f} MB/s)", "json.loads per line",
         f"{t_floor:.3f} s", f"{t_read / t_floor:.2f}×"),
        (f"build {len(built.texts)} masked prompts", f"{t_build:.3f} s ({mb / t_build:.0f} MB/s)",
         "join the raw text, unmasked", f"{t_raw:.4f} s", f"{t_build / t_raw:.0f}×"),
        ("`memsync extract --dry-run`, whole process", f"{t_dry:.3f} s", "", "", ""),
        ("`memsync extract --hook claude-code` (what the session waits for)", f"{t_hook:.3f} s",
         "`python3 -c pass`", f"{t_py:.3f} s", f"{t_hook / t_py:.1f}×"),
    ]
    out = [f"extraction, {opts.turns} turns ({mb:.1f} MB JSONL, {built.masked} secrets masked, "
           f"{built.shortened} tool outputs shortened), median of {opts.runs} runs "
           f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {load:.2f})", "",
           "| job | memsync | floor | floor time | ratio |", "|---|---:|---|---:|---:|"]
    out += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows]
    out += ["", "The model is not timed (the dry run's model answers `[]` at once). Masking is the secret "
            "gate's scan of every byte sent, the price of no secret reaching a model."]
    text = "\n".join(out) + "\n"
    print(text)
    (HERE / "results" / "extract.md").write_text(text, encoding="utf-8")


# --scale ------------------------------------------------------------------------------------

def scale_block(rng: random.Random, lines: int = 1000) -> list[bytes]:
    """Distinct lines the big files repeat: short turns (a Claude Code session's shape), a
    tool call and its output, a token now and then, and the lines a reader must count."""
    from bench.secrets_corpus import FAKES

    out = []
    for i in range(lines):
        if i % 500 == 7:
            out.append(b"{not json at all\n")
            continue
        if i % 500 == 11:
            out.append(b'{"type": "user", "message": {"role": "user", "content": "caf\xe9 au lait"}}\n')
            continue
        kind = i % 4
        words = " ".join(rng.choice(WORDS) for _ in range(12))
        if kind == 0:
            rec = {"type": "user", "sessionId": "bench", "message": {"role": "user", "content": words}}
        elif kind == 1:
            rec = {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": words}]}}
        elif kind == 2:
            rec = {"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": f"cat f{i}.txt"}}]}}
        else:
            body = words + (f" GITHUB_TOKEN={FAKES['github-pat'](rng)}" if i % 40 == 3 else "")
            rec = {"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"t{i - 1}", "content": body}]}}
        out.append(json.dumps(rec, ensure_ascii=False).encode("utf-8") + b"\n")
    return out


def write_scaled(path: Path, lines: int, block: list[bytes]) -> None:
    whole = b"".join(block)
    with open(path, "wb") as fh:
        for _ in range(lines // len(block)):
            fh.write(whole)
        fh.write(b"".join(block[:lines % len(block)]))


def measured(args: list[str], env: dict[str, str], cap: int, out: Path) -> tuple[float, float, dict]:
    """(seconds, peak RSS in MB, the --json report or {"outcome": why it has none}) of one process,
    run in the output's folder (``-m`` puts the working directory first on sys.path: run from
    a checkout, the old code would be this checkout's)."""
    import resource

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    t = time.perf_counter()
    with open(out, "wb") as fh:
        proc = subprocess.Popen(args, env=env, stdout=fh, stderr=subprocess.DEVNULL, preexec_fn=capped,
                                cwd=out.parent)
        _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - t
    try:
        report = json.loads(out.read_text(encoding="utf-8"))
    except ValueError:
        report = {"outcome": f"no report (exit {proc.returncode}: out of memory under the cap?)"}
    return seconds, usage.ru_maxrss / 1024, report  # ru_maxrss is in KiB on Linux


def scale(sizes: list[int], base: str | None, cap_gb: float) -> None:
    import shutil

    if base is None:
        base = subprocess.run(["git", "-C", str(REPO), "merge-base", "HEAD", "main"], capture_output=True,
                              text=True, check=True).stdout.strip()
    tmp = Path(tempfile.mkdtemp(prefix="memsync-extract-scale-"))
    old = tmp / "old"
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(old), base], check=True,
                   capture_output=True)
    try:
        model = tmp / "model.py"
        model.write_text("import sys\nsys.stdin.buffer.read()\nprint('[]')\n")
        env = dict(os.environ, MEMSYNC_CACHE_DIR=str(tmp / "cache"), MEMSYNC_GLOBAL_ROOT=str(tmp / "global"),
                   MEMSYNC_CONFIG=str(tmp / "config.yaml"))
        env.pop("MEMSYNC_DISABLE_WRITE", None)
        root = tmp / "root"
        subprocess.run([sys.executable, "-m", "memsync", "init", "--root", str(root)],
                       env=dict(env, PYTHONPATH=str(REPO)), check=True, capture_output=True)
        block = scale_block(random.Random(1))
        cap = int(cap_gb * (1 << 30))
        rows = []
        for lines in sizes:
            path = tmp / f"session-{lines}.jsonl"
            write_scaled(path, lines, block)
            mb = path.stat().st_size / 1e6
            args = [sys.executable, "-m", "memsync", "extract", str(path), "--root", str(root), "--dry-run",
                    "--json", "--model-cmd", f"{sys.executable} {model}"]
            got = {}
            for name, code in (("old", old), ("new", REPO)):
                got[name] = measured(args, dict(env, PYTHONPATH=str(code)), cap, tmp / f"{name}.json")
                print(f"{lines:,} lines, {name}: {got[name][0]:.1f} s, {got[name][1]:.0f} MB, "
                      f"{got[name][2].get('outcome')}", file=sys.stderr)
            path.unlink()
            rows.append((lines, mb, got["old"], got["new"]))
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(old)], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)

    def said(report: dict) -> str:
        if "turns" not in report:
            return report["outcome"]
        return f"{report['outcome']}, {report['turns']:,} turns, {report['parts']} sent"

    load = os.getloadavg()[0]
    out = [f"`memsync extract --dry-run` on generated sessions, default settings (extract.chunk_chars 60000, "
           f"max_parts 40), each process capped at {cap_gb:g} GB of address space; old = {base[:10]} "
           f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {load:.2f})", "",
           "| lines | MB | old time | old MB/s | old peak RSS | new time | new MB/s | new peak RSS | "
           "time new/old | RSS new/old | old outcome | new outcome |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for lines, mb, (t_old, rss_old, r_old), (t_new, rss_new, r_new) in rows:
        out.append(f"| {lines:,} | {mb:,.0f} | {t_old:.1f} s | {mb / t_old:.0f} | {rss_old:,.0f} MB | {t_new:.1f} s | "
                   f"{mb / t_new:.0f} | {rss_new:,.0f} MB | {t_new / t_old:.2f}× | {_ratio(rss_new / rss_old)} | "
                   f"{said(r_old)} | {said(r_new)} |")
    out += ["", "Every line is read and every turn counted (a session over max_parts is refused whole as "
            "`too-long`, the parts it would take counted); the new reader holds one turn at a time and at "
            "most max_parts parts of prompt, the old one every turn and every part. An old run with no "
            "report ran out of memory under the cap: its time and RSS are at that point."]
    text = "\n".join(out) + "\n"
    print(text)
    (HERE / "results" / "extract-scale.md").write_text(text, encoding="utf-8")


def _ratio(r: float) -> str:
    """Two significant digits: a memory ratio of 0.0036 is not 0.00."""
    return f"{r:.2f}×" if r >= 0.1 else f"{r:.2g}×"


if __name__ == "__main__":
    if "--scale" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--scale", required=True, help="line counts, comma-separated")
        ap.add_argument("--base", help="the old code's revision (default: the merge base with main)")
        ap.add_argument("--cap-gb", type=float, default=8.0)
        opts = ap.parse_args()
        scale([int(n) for n in opts.scale.split(",")], opts.base, opts.cap_gb)
    else:
        main()
