"""Cost of one dedupe verdict (memsync.dedupe.judge) against the plugin's bigram overlap, one run.

    python bench/judge_speed.py [--runs 5] [--no-write]

The remember gate asks ``judge`` about up to eight candidates per write, so its cost is
what in-process ``remember`` pays on top of search. Pairs: the hand-written development
set (tests/dedupe_devset.py: notes of one to three sentences), and generated entries with
bodies of about 1k, 5k and 20k characters (the limit above which texts are compared
exactly). Timed in process, per pair, median of ``--runs`` passes:

- ``judge`` with nothing cached (both texts read);
- ``judge`` as the gate calls it: one new text against eight entries (the new text is read
  once and cached), per gate;
- the baseline: the plugin's bigram overlap (share of the candidate's bigrams found in the
  entry: character bigrams in CJK runs, word bigrams in Latin stretches), same pairs.

Prints a Markdown table with ratios and writes it to bench/results/judge_speed.md.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import re
import statistics
import sys
import time
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from memsync.dedupe import MAX_JUDGED_CHARS, judge  # noqa: E402
from memsync.dedupe.text import read  # noqa: E402
from tests.dedupe_devset import DEV  # noqa: E402

RESULTS = HERE / "results" / "judge_speed.md"
_RUN = re.compile(r"([\u3400-\u9fff]+)|([^\W_\u3400-\u9fff]+(?:[\s,.;:!?()'\"-]+[^\W_\u3400-\u9fff]+)*)")


def bigrams(text: str) -> frozenset[str]:
    out: set[str] = set()
    for m in _RUN.finditer(unicodedata.normalize("NFKC", text).casefold()):
        if m.group(1):
            run = m.group(1)
            out.update([run] if len(run) == 1 else (run[i:i + 2] for i in range(len(run) - 1)))
        else:
            words = re.findall(r"[^\W_]+", m.group(2))
            out.update([words[0]] if len(words) == 1 else (f"{a} {b}" for a, b in zip(words, words[1:])))
    return frozenset(out)


def overlap(new: str, old: str) -> float:
    a, b = bigrams(new), bigrams(old)
    return len(a & b) / len(a) if a else 0.0


def generated(chars: int, rng: random.Random) -> list[tuple[str, str]]:
    """Pairs of entries with long bodies: sentences drawn from the development set."""
    sentences = [s for _, _, n, e in DEV for s in (n, e)]
    pairs = []
    for _ in range(20):
        body: list[str] = []
        while sum(map(len, body)) < chars:
            body.append(rng.choice(sentences))
        old = "\n".join(body)
        new = "\n".join(body[: len(body) * 3 // 4] + [rng.choice(sentences)])
        pairs.append((new[:MAX_JUDGED_CHARS], old[:MAX_JUDGED_CHARS]))
    return pairs


def per_pair(fn, pairs: list[tuple[str, str]], runs: int, cold: bool) -> float:  # type: ignore[no-untyped-def]
    medians = []
    for _ in range(runs):
        times = []
        for new, old in pairs:
            if cold:
                read.cache_clear()
            t = time.perf_counter()
            fn(new, old)
            times.append(time.perf_counter() - t)
        medians.append(statistics.median(times))
    return min(medians)


def per_gate(pairs: list[tuple[str, str]], runs: int) -> float:
    """One new text against eight entries, as the gate asks (entries not cached)."""
    olds = [old for _, old in pairs]
    best = float("inf")
    for _ in range(runs):
        times = []
        for i, (new, _) in enumerate(pairs):
            group = [olds[(i + k) % len(olds)] for k in range(8)]
            read.cache_clear()
            t = time.perf_counter()
            for old in group:
                judge(new, old)
            times.append(time.perf_counter() - t)
        best = min(best, statistics.median(times))
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-write", action="store_true", help="print the report without writing it")
    args = ap.parse_args(argv)
    rng = random.Random(7)
    sets = {"development set (short notes)": [(n, e) for _, _, n, e in DEV]}
    for chars in (1000, 5000, MAX_JUDGED_CHARS):
        sets[f"generated, ~{chars} chars"] = generated(chars, rng)
    rows = ["| pairs | n | judge, cold (µs) | gate: 1 new × 8 entries (ms) | bigram overlap (µs) | judge / overlap |",
            "|---|---|---|---|---|---|"]
    for name, pairs in sets.items():
        cold = per_pair(judge, pairs, args.runs, cold=True)
        gate = per_gate(pairs, args.runs)
        base = per_pair(overlap, pairs, args.runs, cold=False)
        rows.append(f"| {name} | {len(pairs)} | {cold * 1e6:.0f} | {gate * 1e3:.2f} | {base * 1e6:.0f} | "
                    f"{cold / base:.1f}x |")
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    report = "\n".join([
        "# Dedupe verdict cost", "",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{platform.system()}. Load average when written (1/5/15 min): {load}; other jobs shared the machine. "
        f"Best of {args.runs} medians, in process.", "",
        *rows, "",
        "- cold: both texts read (NFKC, identifiers, numerals, phrases, tokens) and every check run;",
        "- gate: what `Memory._dedupe` spends in `judge` for one write with eight candidates;",
        f"- texts over {MAX_JUDGED_CHARS} characters are compared exactly (not timed here).", "",
    ])
    print(report)
    if not args.no_write:
        RESULTS.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
