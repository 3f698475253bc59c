"""Benchmark: memsync's secret scanner against detect-secrets on a labelled corpus of memory notes.

    python bench/secrets_bench.py            # 16 MB corpus (about 6 minutes, most of it detect-secrets)
    python bench/secrets_bench.py --mb 5     # the minimum size the issue asks for (denser in secrets)
    python bench/secrets_bench.py --quick    # 1 MB, fewer runs: a smoke test of this script

Generates the corpus (bench/secrets_corpus.py) under bench/out/: a fixed set
of notes with planted secrets (3 per type, placement and language) and 1.6 MB
of look-alike notes, topped up with clean notes to the requested size. Runs both
tools as whole processes on it in the same run, scores per-type recall,
false-positive rate on look-alike notes and precision, measures throughput,
single-file startup and 1 MiB adversarial lines.

Then the corpus by class of miss (bench/secrets_classes.py: assignment
syntaxes, credential shapes, vendor tokens, clean look-alikes, placeholder
judgement), one file per sample named for its syntax: both tools again, recall
and false positives per class and per family. Then encoded secrets
(bench/secrets_encoded.py: base64, hex, escapes, entities, percent-encoding,
invisible characters, Kubernetes Secrets, Basic headers; encoded-looking clean
text): both tools again, recall per encoding and false positives per kind, and
what decoding costs the scanner (in-process, with and without it, interleaved).
Prints a Markdown report and writes it to bench/results/secrets.md.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import secrets_classes, secrets_encoded
from bench.secrets_corpus import ALL_TYPES, PLACEMENTS, generate

OUT = REPO / "bench" / "out"
RESULTS = REPO / "bench" / "results" / "secrets.md"
# A plain environment: installed Python code runs from bytecode caches (pip compiles
# them), so PYTHONDONTWRITEBYTECODE=1 (memsync recompiled from source in every
# process) and PYTHONUNBUFFERED=1 (a write call per output line) are dropped.
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
ENV.update(PYTHONPATH=str(REPO), NO_COLOR="1")
_LINE = re.compile(r"^(?P<path>.*?):(?P<line>[0-9]+):(?P<col>[0-9]+): (?P<rule>[\w-]+)(?: \((?P<enc>[\w+-]+)\))?: ")

TARGETS = {"recall": 0.98, "fp_rate": 0.01, "mb_s": 20.0, "ratio": 50.0, "startup": 0.15}


def timed(cmd: list[str], cwd: Path, timeout: float | None = None,
          env: dict[str, str] | None = None) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env or ENV, capture_output=True, text=True, encoding="utf-8",
                              errors="replace", timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, None
    return time.perf_counter() - start, done


def memsync_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "memsync", "secrets", "scan", *args]


def detect_secrets_available() -> bool:
    return subprocess.run([sys.executable, "-c", "import detect_secrets"], capture_output=True, check=False).returncode == 0


def parse_memsync(stdout: str) -> dict[str, list[tuple[int, str]]]:
    found: dict[str, list[tuple[int, str]]] = collections.defaultdict(list)
    for line in stdout.splitlines():
        m = _LINE.match(line)
        if m:
            path = m.group("path").removeprefix("./")
            found[path].append((int(m.group("line")), m.group("rule")))
    return found


def parse_detect_secrets(stdout: str) -> dict[str, list[tuple[int, str]]]:
    found: dict[str, list[tuple[int, str]]] = collections.defaultdict(list)
    for path, items in json.loads(stdout).get("results", {}).items():
        for item in items:
            found[path.removeprefix("./")].append((int(item["line_number"]), item["type"]))
    return found


def score(found: dict[str, list[tuple[int, str]]], labels: dict) -> dict:
    """Recall per type and placement, false-positive files among look-alikes, precision."""
    by_type = collections.Counter()
    hit_type = collections.Counter()
    by_place = collections.Counter()
    hit_place = collections.Counter()
    spans = collections.defaultdict(list)
    for s in labels["secrets"]:
        spans[s["path"]].append((s["first"], s["last"]))
        caught = any(s["first"] <= line <= s["last"] for line, _ in found.get(s["path"], ()))
        by_type[s["type"]] += 1
        by_place[s["placement"]] += 1
        hit_type[s["type"]] += caught
        hit_place[s["placement"]] += caught
    true_pos = false_pos = 0
    for path, items in found.items():
        for line, _ in items:
            if any(a <= line <= b for a, b in spans.get(path, ())):
                true_pos += 1
            else:
                false_pos += 1
    fp_files = [p for p in labels["lookalike_files"] if found.get(p)]
    clean_fp = [p for p in labels["clean_files"] if found.get(p)]
    return {
        "recall": sum(hit_type.values()) / max(1, sum(by_type.values())),
        "by_type": {t: (hit_type[t], by_type[t]) for t in sorted(by_type)},
        "by_place": {p: (hit_place[p], by_place[p]) for p in sorted(by_place)},
        "fp_files": fp_files,
        "fp_rate": len(fp_files) / max(1, len(labels["lookalike_files"])),
        "clean_fp": clean_fp,
        "precision": true_pos / max(1, true_pos + false_pos),
        "findings": true_pos + false_pos,
    }


def adversarial_lines() -> dict[str, bytes]:
    """1 MiB single lines of near-matches for every anchor family (no real secret inside)."""
    mib = 1 << 20

    def fill(unit: str) -> bytes:
        data = unit.encode("utf-8")
        return (data * (mib // len(data) + 1))[:mib]

    return {
        "almost-github-tokens": fill("ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3f" + " "),
        "uppercase-run (AKIA...)": fill("AKIA" + "QRST"),
        "keyword storm": fill("password: pass token= key: secret:"),
        "jwt without signature": fill("eyJ" + "a" * 4000 + ".eyJ" + "b" * 30 + " "),
        "url without @": fill("postgres://" + "u" * 60 + ":" + "p" * 250 + " "),
        "PEM headers, no body": fill("-----BEGIN RSA PRIVATE KEY----- "),
        "dots (discord shape)": fill("." + "a" * 6 + "." + "b" * 26 + " "),
        "one long token run": fill("a"),
        "pivot storm _-.:~": fill("_-.:~Q~:AA-----"),
        "chinese keywords": fill("密码：密钥：令牌：口令是凭据为"),
        "glued anchors, broken bodies": fill("sk-ant-!glpat-!xoxb-1!AIza!AKIA!hf_!npm_!dop_v1_!hvs.!SG.!eyJ!"),
        "20k fake tokens on one line": _token_line(mib),
        # The readers added for assignment syntaxes and credential shapes.
        "assignment syntaxes": fill('var apiToken string = "x" <password>\n <add key="Password" value=" $token .= '
                                    '"a" - name: X_TOKEN\n variable "db_password" { password: |\n '),
        "command-line flags": fill("curl -u a:b docker login -p x mysql -p --password x -a x -P x --token "),
        "kind: Secret lines": fill("kind: Secret\ndata:\n  password: cGFzc3dvcmQ=\n"),
        "credential files": fill("machine h login u password p //h/:_authToken=x ENV X_TOKEN y "),
        "headers and key blobs": fill("Authorization: Token x PuTTY-User-Key-File-3: LS0tLS1CRUdJTi MIIxxxIBAzCC sig=a "),
        "vendor prefixes": fill("sgp_ squ_ ntn_ pat-na1- dckr_pat_ gsk_ xai- r8_ pplx- whsec_ EAA AKID AKLT ya29. sl. "),
        # What the decoding pass reads (encoded.py): escapes, entities, percent runs, invisible
        # characters, and short base64 runs that all decode to text.
        "escape and entity storm": fill("\\u0067\\x68&#112;&#x5f;%41\\/\u200b"),
        "base64 words (text when decoded)": fill("cGFzc3dvcmQ6IHgK SGVsbG8gV29ybGQh "),
        "zero-width between every byte": fill("g\u200bh\u200cp\u200d_\u2060"),
        "Latin and Cyrillic look-alikes alternating": fill("a\u0430p\u0440K\u041a"),
        "wrapped base64 (random bytes, 76 columns)": _wrapped_base64(mib),
    }


def _wrapped_base64(size: int) -> bytes:
    """``base64`` output of random bytes, wrapped at 76 columns: one block that is not text."""
    import base64
    import random

    data = base64.b64encode(random.Random(5).randbytes(size * 3 // 4))
    return b"\n".join(data[i:i + 76] for i in range(0, size, 77))[:size]


def _token_line(size: int) -> bytes:
    """Format-valid fake tokens separated by commas: a minified file with thousands of findings."""
    import random

    from bench.secrets_corpus import FAKES

    r = random.Random(7)
    kinds = ["github-pat", "npm-token", "google-api-key", "slack-bot-token", "stripe-secret-key", "jwt"]
    parts, total = [], 0
    while total < size:
        token = FAKES[r.choice(kinds)](r).encode()
        parts.append(token)
        total += len(token) + 1
    return b",".join(parts)[:size]


def run_adversarial(tmp: Path, with_ds: bool) -> list[tuple[str, float, float, float | None]]:
    from memsync.secrets import scan_bytes

    rows = []
    for name, data in adversarial_lines().items():
        path = tmp / "adversarial.md"
        path.write_bytes(data)
        start = time.perf_counter()
        scan_bytes(data, "adversarial.md")
        in_process = time.perf_counter() - start
        whole, _ = timed(memsync_cmd(str(path)), tmp, timeout=120)
        ds = None
        if with_ds:
            ds_time, ds_done = timed([sys.executable, "-m", "detect_secrets", "scan", "--all-files", str(path)],
                                     tmp, timeout=60)
            ds = ds_time if ds_done is not None else float("inf")
        rows.append((name, in_process, whole, ds))
    return rows


def startup(tmp: Path, runs: int, with_ds: bool) -> dict[str, float]:
    note = tmp / "note.md"
    note.write_text("---\nid: facts/ci\nkind: fact\nsummary: CI runs on two cores\n---\n\n"
                    + "The deploy script uses pnpm; keep tests under ten minutes.\n" * 40, encoding="utf-8")

    def median_of(cmd: list[str], n: int) -> tuple[float, float]:
        times = [timed(cmd, tmp)[0] for _ in range(n)]
        return min(times), statistics.median(times)

    out = {}
    out["python -c pass (floor)"] = median_of([sys.executable, "-c", "pass"], runs)
    out["memsync --version"] = median_of([sys.executable, "-m", "memsync", "--version"], runs)
    out["memsync secrets scan note.md"] = median_of(memsync_cmd(str(note)), runs)
    if with_ds:
        out["detect-secrets-hook note.md"] = median_of(
            [sys.executable, "-m", "detect_secrets.pre_commit_hook", str(note)], max(3, runs // 4))
    return out


def score_classes(found: dict[str, list[tuple[int, str]]], labels: dict[str, secrets_classes.Sample]) -> dict:
    """Per class: (found, positives) and (flagged, clean look-alikes); per family: (found, positives)."""
    recall: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    clean: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    family: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    kinds: dict[tuple[str, str], list[int]] = collections.defaultdict(lambda: [0, 0])
    for rel, sample in labels.items():
        lines = [line for line, _ in found.get(rel, ())]
        if sample.positive:
            first, last = sample.span()
            hit = any(first <= line <= last for line in lines)
            for table, key in ((recall, sample.cls), (family, sample.family), (kinds, (sample.cls, sample.kind))):
                table[key][0] += hit
                table[key][1] += 1
        else:
            clean[sample.cls][0] += bool(lines)
            clean[sample.cls][1] += 1
    return {"recall": dict(recall), "clean": dict(clean), "family": dict(family), "kinds": dict(kinds)}


def run_classes(with_ds: bool) -> tuple[dict, dict | None, int, float, float | None]:
    """The class corpus: both tools as whole processes on the same files."""
    labels = secrets_classes.write(OUT / "secrets-classes", secrets_classes.samples())
    return run_labelled(OUT / "secrets-classes", labels, score_classes, parse_memsync, with_ds)


def run_labelled(out: Path, labels: dict, scorer, parse_ours, with_ds: bool) -> tuple:  # type: ignore[no-untyped-def]
    """memsync, then detect-secrets, as whole processes on the labelled files under ``out``:
    (our score, theirs or None, files, our seconds, theirs or None)."""
    elapsed, done = timed(memsync_cmd("."), out)
    assert done is not None and done.returncode in (0, 1), done and done.stderr
    ours = scorer(parse_ours(done.stdout), labels)
    theirs, ds_time = None, None
    if with_ds:
        ds_time, done = timed([sys.executable, "-m", "detect_secrets", "scan", "--all-files", "."], out)
        assert done is not None and done.returncode == 0, done and done.stderr
        theirs = scorer(parse_detect_secrets(done.stdout), labels)
    return ours, theirs, len(labels), elapsed, ds_time


def binary_throughput() -> list[tuple[str, int, float]]:
    """In-process MB/s on data that used to be skipped as binary (now scanned)."""
    import codecs
    import random

    from memsync.secrets import scan_bytes

    r = random.Random(11)
    text = "The deploy uses pnpm; 部署脚本用pnpm。 password policy: strict\n" * 20000
    cases = {
        "random bytes (compressed image, archive)": r.randbytes(4 << 20),
        "UTF-16 LE text without a BOM": text.encode("utf-16-le"),
        "UTF-16 LE text with a BOM": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "text with one NUL byte": text.encode("utf-8") + b"\0",
    }
    rows = []
    scan_bytes(b"warm up", "x")
    for name, data in cases.items():
        best = min(_time(scan_bytes, data) for _ in range(3))
        rows.append((name, len(data), best))
    return rows


# Many short words each holding one character the decoder reads (issue: "ghр_x" lines with a
# Cyrillic "р" scanned at 0.6 MB/s, all of it in per-word Python). Each is 131072 lines; the
# plain ASCII lines are the reference, timed in the same loop.
CHARACTER_LINES = {
    "plain ASCII `ghp_x` (reference)": "ghp_x",
    "Cyrillic look-alike `gh\u0440_x`": "gh\u0440_x",
    "small capitals `\u0262\u029c\u1d18_x`": "\u0262\u029c\u1d18_x",
    "combining mark `g\\u0301hp_x`": "g\u0301hp_x",
    "Armenian look-alike `ghp_\u0585`": "ghp_\u0585",
    "superscript `ghp_\u00b9`": "ghp_\u00b9",
    "zero-width space `gh\\u200bp_x`": "gh\u200bp_x",
    "full-width letter `\uff47hp_x`": "\uff47hp_x",
}


def character_throughput(runs: int) -> list[tuple[str, int, float]]:
    """In-process MB/s (min time of ``runs``, interleaved) on CHARACTER_LINES."""
    from memsync.secrets import scan_bytes

    data = {name: (unit + "\n").encode("utf-8") * 131072 for name, unit in CHARACTER_LINES.items()}
    scan_bytes("warm up gh\u0440_x \u00b9 \u200b \uff47".encode("utf-8"), "x")  # compiles every pattern
    best = dict.fromkeys(data, float("inf"))
    for _ in range(runs):
        for name, blob in data.items():
            assert scan_bytes(blob, "x") == []
            best[name] = min(best[name], _time(scan_bytes, blob))
    return [(name, len(data[name]), best[name]) for name in data]


def render_characters(rows: list[tuple[str, int, float]], runs: int) -> str:
    ref = rows[0][1] / rows[0][2]
    lines = ["", f"## Short words holding a look-alike, invisible or NFKC character (in-process, min of {runs})", "",
             "131072 lines of one short word each, timed in one loop with the plain ASCII lines; ratio: this "
             "throughput over the plain one. Target: >= 10 MB/s on the Cyrillic lines.", "",
             "| lines | size | MB/s | ratio to plain ASCII |", "|---|---|---|---|"]
    lines += [f"| {name} | {size / 1e6:.2f} MB | {size / 1e6 / t:.1f} | {size / t / ref:.2f} |" for name, size, t in rows]
    return "\n".join(lines) + "\n"


def _time(fn, data: bytes) -> float:
    start = time.perf_counter()
    fn(data, "x")
    return time.perf_counter() - start



def parse_memsync_rules(stdout: str) -> dict[str, list[tuple[int, str, str]]]:
    """{path: [(line, rule id, encoding)]} from memsync's text output."""
    found: dict[str, list[tuple[int, str, str]]] = collections.defaultdict(list)
    for line in stdout.splitlines():
        m = _LINE.match(line)
        if m:
            found[m.group("path").removeprefix("./")].append((int(m.group("line")), m.group("rule"), m.group("enc") or ""))
    return found


def score_encoded(found: dict[str, list[tuple]], labels: dict[str, secrets_encoded.Encoded]) -> dict:
    """Per encoding: (found, positives) and (right rule id, positives); per family; per look-alike
    kind: (notes with a finding, notes). A Secret's value or a Basic header may be reported by
    its own rule (kubernetes-secret, basic-auth) or by the rule of what it decodes to."""
    recall: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    right: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    family: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    clean: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    missed: list[str] = []
    for rel, sample in labels.items():
        items = found.get(rel, [])
        if not sample.positive:
            clean[sample.encoding][0] += bool(items)
            clean[sample.encoding][1] += 1
            continue
        on = [item for item in items if sample.first <= item[0] <= sample.last]
        accepted = {sample.rule, secrets_encoded.RULE.get(sample.kind, sample.kind),
                    secrets_encoded.CONTEXT_RULE.get(sample.kind, "")}
        for table, key in ((recall, sample.encoding), (family, sample.family)):
            table[key][0] += bool(on)
            table[key][1] += 1
        right[sample.encoding][0] += any(len(item) > 1 and item[1] in accepted for item in on)
        right[sample.encoding][1] += 1
        if not on:
            missed.append(f"{sample.encoding}/{sample.kind}")
    return {"recall": dict(recall), "right": dict(right), "family": dict(family), "clean": dict(clean),
            "missed": missed}


def run_encoded(with_ds: bool) -> tuple[dict, dict | None, int, float, float | None]:
    """The encoded corpus: both tools as whole processes on the same files."""
    labels = secrets_encoded.write(OUT / "secrets-encoded", secrets_encoded.samples())
    return run_labelled(OUT / "secrets-encoded", labels, score_encoded, parse_memsync_rules, with_ds)


def decode_cost(corpus: Path, runs: int) -> tuple[float, float, float, float, int]:
    """In-process MB/s of the scanner on the main corpus without and with the decoding pass
    (``find_hits(buf, 0)`` against ``find_hits(buf)``), interleaved run by run so machine load
    hits both alike: (min without, min with, median without, median with, hits equal)."""
    from memsync.secrets.batch import SEPARATOR
    from memsync.secrets.scanner import CHUNK, find_hits

    data = [p.read_bytes() for p in sorted(corpus.rglob("*")) if p.is_file()]
    bufs = []
    for ascii_only in (True, False):  # as batch.py joins notes: ASCII ones apart
        joined = SEPARATOR.join(d for d in data if d.isascii() == ascii_only)
        bufs += [joined[i:i + CHUNK] for i in range(0, len(joined), CHUNK)]
    size = sum(map(len, bufs)) / 1e6
    plain, full = [], []
    same = all(find_hits(b, 0) == find_hits(b) for b in bufs)  # warms both up, too
    for _ in range(max(3, runs)):
        start = time.perf_counter()
        for b in bufs:
            find_hits(b, 0)
        plain.append(time.perf_counter() - start)
        start = time.perf_counter()
        for b in bufs:
            find_hits(b)
        full.append(time.perf_counter() - start)
    return (size / min(plain), size / min(full), size / statistics.median(plain), size / statistics.median(full),
            int(same))

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=16.0, help="corpus size in MB (default 16)")
    ap.add_argument("--runs", type=int, default=7, help="memsync runs on the corpus (min and median reported)")
    ap.add_argument("--quick", action="store_true", help="1 MB corpus, fewer runs, no adversarial detect-secrets")
    ap.add_argument("--no-baseline", action="store_true", help="skip detect-secrets")
    ap.add_argument("--no-write", action="store_true", help="do not overwrite bench/results/secrets.md")
    args = ap.parse_args(argv)
    if args.quick:
        args.mb, args.runs = 1.0, 2
    with_ds = not args.no_baseline and detect_secrets_available()

    corpus = OUT / "secrets-corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    copies, lookalike = (3, 1_600_000) if args.mb >= 5 else (1, 200_000)
    labels = generate(corpus, copies=copies, lookalike_bytes=lookalike, min_bytes=int(args.mb * 1e6))
    size = labels["bytes"]
    print(f"corpus: {size / 1e6:.2f} MB, {len(labels['secrets'])} planted secrets, "
          f"{len(labels['lookalike_files'])} look-alike notes, {len(labels['clean_files'])} clean notes", file=sys.stderr)

    timed(memsync_cmd("--help"), corpus)  # warm-up: writes memsync's bytecode caches
    times = []
    serial = []
    mine = None
    one_process = dict(ENV, MEMSYNC_SECRETS_WORKERS="1")
    for _ in range(args.runs):  # interleaved, so machine load hits both alike
        elapsed, done = timed(memsync_cmd("."), corpus)
        assert done is not None and done.returncode == 1, done and done.stderr
        times.append(elapsed)
        mine = done
        elapsed, done = timed(memsync_cmd("."), corpus, env=one_process)
        assert done is not None and done.stdout == mine.stdout, "one process must report the same"
        serial.append(elapsed)
    assert mine is not None
    ours = score(parse_memsync(mine.stdout), labels)
    ours_time = min(times)
    # The secret-dense part alone (notes with planted secrets and look-alikes): the worst case.
    dense_dirs = ["en", "cn", "lookalike"]
    dense_bytes = sum(p.stat().st_size for d in dense_dirs for p in (corpus / d).rglob("*") if p.is_file())
    dense = [timed(memsync_cmd(*dense_dirs), corpus)[0] for _ in range(args.runs)]

    theirs = None
    ds_time = None
    if with_ds:
        print("running detect-secrets (slow) ...", file=sys.stderr)
        ds_time, done = timed([sys.executable, "-m", "detect_secrets", "scan", "--all-files", "."], corpus)
        assert done is not None and done.returncode == 0, done and done.stderr
        theirs = score(parse_detect_secrets(done.stdout), labels)

    tmp = OUT / "secrets-tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    boot = startup(tmp, 5 if args.quick else 20, with_ds)
    adversarial = run_adversarial(tmp, with_ds and not args.quick)
    print("class corpus ...", file=sys.stderr)
    classes = run_classes(with_ds)
    binary = binary_throughput()
    characters = character_throughput(3 if args.quick else 5)
    print("encoded corpus ...", file=sys.stderr)
    encoded = run_encoded(with_ds)
    cost = decode_cost(corpus, args.runs)

    report = render(args, labels, ours, ours_time, statistics.median(times), theirs, ds_time, boot, adversarial,
                    serial, (dense_bytes, dense))
    report += render_classes(classes, binary)
    report += render_characters(characters, 3 if args.quick else 5)
    report += render_encoded(encoded, cost)
    print(report)
    if not args.no_write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(report, encoding="utf-8")
    return 0


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ok(good: bool) -> str:
    return "met" if good else "NOT met"


def render(args, labels, ours, ours_time, ours_median, theirs, ds_time, boot, adversarial, serial, dense) -> str:
    size = labels["bytes"]
    mb_s = size / 1e6 / ours_time
    intro = (f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
             f"{platform.system()}. Corpus: {size / 1e6:.2f} MB of generated memory notes "
             f"({len(labels['secrets'])} planted secrets of {len(ALL_TYPES)} types in {len(PLACEMENTS)}+ placements, "
             f"English and Chinese; {len(labels['lookalike_files'])} look-alike notes; "
             f"{len(labels['clean_files'])} clean notes). Times are whole processes "
             f"(`python -m memsync secrets scan .`, `python -m detect_secrets scan --all-files .`), same run, "
             f"both from bytecode caches as installed.")
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    intro += f" Load average when the report was written (1/5/15 min): {load}; other jobs shared the machine."
    lines = ["# Secrets benchmark", "", intro, ""]
    lines += ["## Summary", "", "| measure | memsync | detect-secrets | target | |", "|---|---|---|---|---|"]
    ds = theirs or {}
    lines.append(f"| recall (all types) | {_pct(ours['recall'])} | {_pct(ds['recall']) if theirs else '-'} "
                 f"| >= 98% | {_ok(ours['recall'] >= TARGETS['recall'])} |")
    lines.append(f"| look-alike notes with a finding | {len(ours['fp_files'])}/{len(labels['lookalike_files'])} "
                 f"({_pct(ours['fp_rate'])}) | "
                 + (f"{len(ds['fp_files'])}/{len(labels['lookalike_files'])} ({_pct(ds['fp_rate'])})" if theirs else "-")
                 + f" | <= 1% | {_ok(ours['fp_rate'] <= TARGETS['fp_rate'])} |")
    lines.append(f"| clean notes with a finding | {len(ours['clean_fp'])}/{len(labels['clean_files'])} | "
                 + (f"{len(ds['clean_fp'])}/{len(labels['clean_files'])}" if theirs else "-") + " | 0 | |")
    lines.append(f"| precision (findings on planted lines) | {_pct(ours['precision'])} ({ours['findings']} findings) | "
                 + (f"{_pct(ds['precision'])} ({ds['findings']} findings)" if theirs else "-") + " | | |")
    lines.append(f"| wall time, whole process (min of {args.runs}; median) | {ours_time:.3f} s; {ours_median:.3f} s | "
                 + (f"{ds_time:.1f} s" if ds_time else "-") + " | | |")
    lines.append(f"| throughput | {mb_s:.1f} MB/s | " + (f"{size / 1e6 / ds_time:.2f} MB/s" if ds_time else "-")
                 + f" | >= 20 MB/s | {_ok(mb_s >= TARGETS['mb_s'])} |")
    lines.append(f"| throughput in one process (`MEMSYNC_SECRETS_WORKERS=1`; min; median) | "
                 f"{size / 1e6 / min(serial):.1f} MB/s; {size / 1e6 / statistics.median(serial):.1f} MB/s | | | |")
    dense_bytes, dense_times = dense
    lines.append(f"| throughput on the secret-dense notes only ({dense_bytes / 1e6:.1f} MB; min; median) | "
                 f"{dense_bytes / 1e6 / min(dense_times):.1f} MB/s; {dense_bytes / 1e6 / statistics.median(dense_times):.1f} MB/s"
                 " | | | |")
    if ds_time:
        ratio = ds_time / ours_time
        lines.append(f"| speed ratio | {ratio:.0f}x detect-secrets | 1x | >= 50x | {_ok(ratio >= TARGETS['ratio'])} |")
    scan_start = boot["memsync secrets scan note.md"]
    lines.append(f"| single-file scan, whole process (min; median) | {scan_start[0]:.3f} s; {scan_start[1]:.3f} s | "
                 + (f"{boot['detect-secrets-hook note.md'][1]:.3f} s (hook, median)" if "detect-secrets-hook note.md" in boot else "-")
                 + f" | <= 0.15 s | {_ok(scan_start[1] <= TARGETS['startup'])} |")
    worst = max(row[2] for row in adversarial)
    ds_worst = max((r[3] for r in adversarial if r[3] is not None), default=None)
    ds_text = "-" if ds_worst is None else ("timeout (60 s)" if ds_worst == float("inf") else f"{ds_worst:.1f} s")
    lines.append(f"| worst 1 MiB adversarial line, whole process | {worst:.2f} s | {ds_text} | bounded | |")
    lines += ["", "## Startup (seconds: min; median)", "", "| command | min | median |", "|---|---|---|"]
    lines += [f"| `{name}` | {a:.3f} | {b:.3f} |" for name, (a, b) in boot.items()]
    lines += ["", "## Recall by type (found / planted)", "", "| type | memsync | detect-secrets |", "|---|---|---|"]
    for t, (hit, total) in ours["by_type"].items():
        other = f"{theirs['by_type'][t][0]}/{total}" if theirs else "-"
        lines.append(f"| {t} | {hit}/{total} | {other} |")
    lines += ["", "## Recall by placement", "", "| placement | memsync | detect-secrets |", "|---|---|---|"]
    for p, (hit, total) in ours["by_place"].items():
        other = f"{_pct(theirs['by_place'][p][0] / total)}" if theirs else "-"
        lines.append(f"| {p} | {_pct(hit / total)} | {other} |")
    lines += ["", "## 1 MiB adversarial lines (seconds)", "",
              "| line | memsync in-process | memsync whole process | detect-secrets |", "|---|---|---|---|"]
    for name, in_process, whole, ds_t in adversarial:
        other = "-" if ds_t is None else ("timeout (60 s)" if ds_t == float("inf") else f"{ds_t:.2f}")
        lines.append(f"| {name} | {in_process:.3f} | {whole:.3f} | {other} |")
    if ours["fp_files"] or ours["clean_fp"]:
        lines += ["", "Notes with a false finding (memsync): " + ", ".join((ours["fp_files"] + ours["clean_fp"])[:20])]
    return "\n".join(lines) + "\n"


def _frac(pair: list[int] | None) -> str:
    if not pair:
        return "-"
    hit, total = pair
    return f"{hit}/{total} ({_pct(hit / max(1, total))})"


def total(table: dict) -> list[int]:
    """(hits, cases) summed over a table of (hits, cases)."""
    return [sum(v[0] for v in table.values()), sum(v[1] for v in table.values())]


def _whole_processes(ours_time: float, ds_time: float | None) -> str:
    return f"Whole processes, same run: memsync {ours_time:.2f} s" + (
        f", detect-secrets {ds_time:.1f} s." if ds_time else ".")


def render_classes(classes: tuple, binary: list[tuple[str, int, float]]) -> str:
    ours, theirs, files, ours_time, ds_time = classes
    theirs = theirs or {}
    lines = ["", "## By class of miss (issue 12): recall and false positives", "",
             f"bench/secrets_classes.py: {files} files, one sample each, written from syntax and format descriptions "
             "(half as their own file named for the syntax, half inside a Markdown note). Recall: positives with a "
             "finding on their lines; false positives: clean look-alikes with any finding. "
             + _whole_processes(ours_time, ds_time), "",
             "| class | memsync recall | detect-secrets recall | memsync false positives | detect-secrets false positives |",
             "|---|---|---|---|---|"]
    for cls, title in secrets_classes.CLASSES.items():
        lines.append(f"| {cls}. {title} | {_frac(ours['recall'].get(cls))} | "
                     f"{_frac(theirs.get('recall', {}).get(cls)) if theirs else '-'} | {_frac(ours['clean'].get(cls))} | "
                     f"{_frac(theirs.get('clean', {}).get(cls)) if theirs else '-'} |")

    lines.append(f"| all | {_frac(total(ours['recall']))} | {_frac(total(theirs['recall'])) if theirs else '-'} | "
                 f"{_frac(total(ours['clean']))} | {_frac(total(theirs['clean'])) if theirs else '-'} |")
    lines += ["", "### Recall by family", "", "| family | memsync | detect-secrets |", "|---|---|---|"]
    for fam in secrets_classes.FAMILIES:
        if fam in ours["family"]:
            lines.append(f"| {fam} | {_frac(ours['family'][fam])} | "
                         f"{_frac(theirs['family'].get(fam)) if theirs else '-'} |")
    lines += ["", "### Recall by kind (classes 1, 2 and 5; class 3 is one kind per vendor)", "",
              "| class | kind | memsync | detect-secrets |", "|---|---|---|---|"]
    for (cls, kind), pair in sorted(ours["kinds"].items()):
        if cls == "3":
            continue
        other = _frac(theirs["kinds"].get((cls, kind))) if theirs else "-"
        lines.append(f"| {cls} | {kind} | {_frac(pair)} | {other} |")
    missed = sorted(kind for (cls, kind), (hit, n) in ours["kinds"].items() if cls == "3" and hit < n)
    lines += ["", f"Class 3 vendors with a miss (memsync): {', '.join(missed) if missed else 'none'}."]
    lines += ["", "## Data that used to be skipped as binary (in-process, min of 3)", "",
              "| data | size | MB/s |", "|---|---|---|"]
    lines += [f"| {name} | {size / 1e6:.1f} MB | {size / 1e6 / t:.0f} |" for name, size, t in binary]
    return "\n".join(lines) + "\n"


def render_encoded(encoded: tuple, cost: tuple) -> str:
    ours, theirs, files, ours_time, ds_time = encoded
    theirs = theirs or {}
    lines = ["", "## Encoded secrets: recall per encoding, look-alike false positives", "",
             f"bench/secrets_encoded.py: {files} files written from format descriptions (every rule family the "
             "generator knows under each encoding it applies to; encoded-looking clean text). Recall: positives "
             "with a finding on their line; rule id: that finding names the rule of the decoded secret (or, for "
             "a Secret's value or a Basic header, that rule's own id). " + _whole_processes(ours_time, ds_time), "",
             "| encoding | memsync recall | memsync rule id right | detect-secrets recall |", "|---|---|---|---|"]
    for enc in secrets_encoded.ENCODINGS:
        lines.append(f"| {enc} | {_frac(ours['recall'].get(enc))} | {_frac(ours['right'].get(enc))} | "
                     f"{_frac(theirs['recall'].get(enc)) if theirs else '-'} |")

    lines.append(f"| all | {_frac(total(ours['recall']))} | {_frac(total(ours['right']))} | "
                 f"{_frac(total(theirs['recall'])) if theirs else '-'} |")
    lines += ["", "| look-alike | memsync notes with a finding | detect-secrets notes with a finding |", "|---|---|---|"]
    for kind in secrets_encoded.LOOKALIKES:
        lines.append(f"| {kind} | {_frac(ours['clean'].get(kind))} | "
                     f"{_frac(theirs['clean'].get(kind)) if theirs else '-'} |")
    lines.append(f"| all | {_frac(total(ours['clean']))} | {_frac(total(theirs['clean'])) if theirs else '-'} |")
    lines += ["", "| family | memsync | detect-secrets |", "|---|---|---|"]
    for fam in sorted(ours["family"]):
        lines.append(f"| {fam} | {_frac(ours['family'][fam])} | "
                     f"{_frac(theirs['family'].get(fam)) if theirs else '-'} |")
    if ours["missed"]:
        lines += ["", "Missed (memsync): " + ", ".join(ours["missed"][:40])]
    plain_min, full_min, plain_med, full_med, same = cost
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    lines += ["", "### What decoding costs", "",
              "The scanner in-process on the main corpus, joined as batch.py joins notes, without the decoding pass "
              "and with it, interleaved run by run (load average after: " + load + "). "
              + ("Both find the same secrets there." if same else "They find DIFFERENT secrets there."), "",
              "| scanner | MB/s (min time) | MB/s (median time) |", "|---|---|---|",
              f"| plain rules only | {plain_min:.1f} | {plain_med:.1f} |",
              f"| with decoding | {full_min:.1f} | {full_med:.1f} |",
              f"| change | {100 * (full_min / plain_min - 1):+.1f}% | {100 * (full_med / plain_med - 1):+.1f}% |"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
