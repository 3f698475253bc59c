"""Blind evaluation of memsync search and context on memory nobody tuned memsync to.

    python bench/search_blind.py                 # score everything, print the Markdown tables
    python bench/search_blind.py --write         # also write bench/results/search_blind.md
    python bench/search_blind.py --errors        # memsync's misses, per family, for the lead
    python bench/search_blind.py --no-context    # search only (quicker)
    python bench/search_blind.py --set blind2    # the second set, bench/results/search_blind2.md
    python bench/search_blind.py --set blind3    # the third set, bench/results/search_blind3.md

The set is bench/search_blind_corpus.py (hand-written; how it was kept blind is in the
results file); ``--set blind2`` scores a second, independent set, bench/search_blind2_corpus.py,
written once the first had become development data, and ``--set blind3`` a third,
bench/search_blind3_corpus.py, written once the second had. One run builds a project root (a git
repo's ``.memory``) and a global root in a temporary folder and scores, on the same files and
the same queries:

- ``memsync``: the real CLI, ``python -m memsync search --json --limit 10 -- QUERY`` run as a
  subprocess in the project (so both roots are searched, as an agent's call would), with a
  private cache, config and HOME; ``.state.json`` is removed before each query so that no
  query's recall counters reorder the next one;
- ``plugin`` and ``mimo``: the two seed designs, as bench/search_baselines.py implements them;
- ``fts5-unicode61`` and ``fts5-trigram``: what a developer writes first, one FTS5 table over
  each entry file's whole text, the query's ``\\w+`` words quoted and OR-ed, bm25 order
  (trigram: words shorter than 3 characters dropped, as trigram cannot match them);
- ``grep``: the query split on white space (edge punctuation stripped); an entry ranks by how
  many of those words occur in its text as case-folded substrings.

Metrics: recall@5 (share of the labelled entries, any grade, in the first 5), MRR@10 (first
graded-2 entry), nDCG@10 (gain 2^grade - 1), zero-result rate (answerable queries with no
hit), and for the queries with no answer the share that returned anything. Then
``memsync context --prompt Q --budget B --format json`` at 600 / 1,200 / 4,000 characters:
whether a graded-2 entry's body (``injected``) or outline line (``listed``) reaches the block,
whether every iron rule line is in it, and its length against the budget and the 9,000 cap;
then the same in a session, as the Claude Code hooks run it (SessionStart, then the prompt).
No timing: the machine is shared.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

from search_baselines import Mimo, Plugin  # noqa: E402
from search_blind_corpus import BASE_MS, DAY_MS, ENTRIES, IRON_RULES, QUERIES, Entry, Query  # noqa: E402

SYSTEMS = ("memsync", "plugin", "mimo", "fts5-unicode61", "fts5-trigram", "grep")
BASELINES = SYSTEMS[1:]
BUDGETS = (600, 1200, 4000)
CAP = 9000
FAMILIES = ("question", "paraphrase", "crossling", "glued", "ident", "short", "long", "variant", "fullwidth")
RESULTS = HERE / "results" / "search_blind.md"


@dataclass(frozen=True)
class BlindSet:
    """One hand-written set: its module under bench/ and its results file."""
    module: str
    results: Path
    entries: list[Entry]
    queries: list[Query]
    iron_rules: dict[str, list[str]]


SETS = {"blind": ("search_blind_corpus", RESULTS),
        "blind2": ("search_blind2_corpus", HERE / "results" / "search_blind2.md"),
        "blind3": ("search_blind3_corpus", HERE / "results" / "search_blind3.md")}


def load_set(name: str) -> BlindSet:
    """The set called ``name``; its module is imported only when asked for."""
    import importlib

    module, results = SETS[name]
    mod = importlib.import_module(module)
    if (mod.BASE_MS, mod.DAY_MS) != (BASE_MS, DAY_MS):
        raise RuntimeError(f"{module} must use the harness's clock: render() dates entries from BASE_MS")
    return BlindSet(module, results, mod.ENTRIES, mod.QUERIES, mod.IRON_RULES)


# ---------------------------------------------------------------------------------------------
# Metrics: pure functions of a ranked list of keys and the graded labels
# ---------------------------------------------------------------------------------------------

def recall_at(ranked: Sequence[str], labels: dict[str, int], k: int = 5) -> float:
    """Share of the labelled entries (any grade) among the first ``k`` hits."""
    relevant = {key for key, grade in labels.items() if grade > 0}
    if not relevant:
        raise ValueError("recall is undefined for a query without relevant entries")
    return len(relevant.intersection(ranked[:k])) / len(relevant)


def mrr_at(ranked: Sequence[str], labels: dict[str, int], k: int = 10) -> float:
    """1 / rank of the first graded-2 entry (the answer) within the first ``k``, else 0."""
    for i, key in enumerate(ranked[:k], 1):
        if labels.get(key, 0) >= 2:
            return 1.0 / i
    return 0.0


def ndcg_at(ranked: Sequence[str], labels: dict[str, int], k: int = 10) -> float:
    """Graded nDCG with gain 2^grade - 1; a key repeated in ``ranked`` counts once."""
    seen: set[str] = set()
    dcg = 0.0
    for i, key in enumerate(ranked[:k], 1):
        if key in seen:
            continue
        seen.add(key)
        dcg += (2 ** labels.get(key, 0) - 1) / math.log2(i + 1)
    ideal = sorted((g for g in labels.values() if g > 0), reverse=True)[:k]
    idcg = sum((2 ** g - 1) / math.log2(i + 1) for i, g in enumerate(ideal, 1))
    if idcg == 0:
        raise ValueError("nDCG is undefined for a query without relevant entries")
    return dcg / idcg


@dataclass
class Scores:
    """Per-system aggregates over a group of queries."""
    n: int = 0
    recall5: float = 0.0
    mrr10: float = 0.0
    ndcg10: float = 0.0
    zero: int = 0
    none_n: int = 0
    none_any: int = 0

    def add(self, ranked: Sequence[str], labels: dict[str, int]) -> None:
        if not labels:
            self.none_n += 1
            self.none_any += bool(ranked)
            return
        self.n += 1
        self.recall5 += recall_at(ranked, labels)
        self.mrr10 += mrr_at(ranked, labels)
        self.ndcg10 += ndcg_at(ranked, labels)
        self.zero += not ranked

    def mean(self, name: str) -> float | None:
        if name == "none_any":
            return self.none_any / self.none_n if self.none_n else None
        if not self.n:
            return None
        value = self.zero if name == "zero" else getattr(self, name)
        return value / self.n


def aggregate(queries: Sequence[Query], ranked: dict[str, list[list[str]]],
              group: Callable[[Query], str]) -> dict[str, dict[str, Scores]]:
    """``{group: {system: Scores}}`` plus the group ``overall``."""
    out: dict[str, dict[str, Scores]] = {}
    for qi, q in enumerate(queries):
        for g in (group(q), "overall"):
            row = out.setdefault(g, {s: Scores() for s in ranked})
            for system, lists in ranked.items():
                row[system].add(lists[qi], q.labels)
    return out


# ---------------------------------------------------------------------------------------------
# The two roots
# ---------------------------------------------------------------------------------------------

def _fm_value(value: object) -> str:
    # JSON scalars and lists are YAML too, and what the plugin's light frontmatter reader takes.
    return json.dumps(value, ensure_ascii=False)


def render(entry: Entry, superseded_by: str | None = None) -> str:
    updated = BASE_MS - entry.days * DAY_MS
    lines = ["---", f"id: {entry.id}", f"kind: {_fm_value(entry.kind)}", f"summary: {_fm_value(entry.summary)}"]
    if entry.highlight:
        lines.append(f"highlight: {_fm_value(entry.highlight)}")
    lines += [f"created: {updated - 7 * DAY_MS}", f"updated: {updated}"]
    if entry.load_when:
        lines.append(f"load_when: {_fm_value(list(entry.load_when))}")
    if entry.pinned:
        lines.append("pinned: true")
    if entry.supersedes:
        lines.append(f"supersedes: {_fm_value(list(entry.supersedes))}")
    if superseded_by:
        lines.append(f"superseded_by: {_fm_value(superseded_by)}")
    lines += ["---", "", entry.body, ""]
    return "\n".join(lines)


def memsync_env(base: Path) -> dict[str, str]:
    """A private environment: this checkout's code, its own cache, config, HOME and global root."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("MEMSYNC_", "XDG_", "GIT_")) and k not in ("PYTHONPATH",)}
    env.update({
        "PYTHONPATH": str(REPO),
        "HOME": str(base / "home"),
        "XDG_CONFIG_HOME": str(base / "home" / ".config"),
        "XDG_CACHE_HOME": str(base / "home" / ".cache"),
        "MEMSYNC_CACHE_DIR": str(base / "cache"),
        "MEMSYNC_GLOBAL_ROOT": str(base / "global"),
        # Results are the same with the change monitor; without it no daemon outlives the run.
        "MEMSYNC_NO_MONITOR": "1",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": str(base / "home" / ".gitconfig"),
        "NO_COLOR": "1",
    })
    return env


def memsync(base: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "memsync", *args], cwd=base / "project", env=memsync_env(base),
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    if check and done.returncode not in (0, 1):
        raise RuntimeError(f"memsync {' '.join(args[:2])} exited {done.returncode}: {done.stderr.strip()[:500]}")
    return done


def build(base: Path, entries: Iterable[Entry] = ENTRIES, iron_rules: dict[str, list[str]] = IRON_RULES) -> None:
    """Write both roots under ``base`` (``project/.memory`` in a git repo, ``global``) and compile them."""
    entries = list(entries)
    (base / "home").mkdir(parents=True, exist_ok=True)
    (base / "home" / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n", encoding="utf-8")
    (base / "project").mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q"], cwd=base / "project", env=memsync_env(base), check=True)
    memsync(base, "init", "--project")
    memsync(base, "init", "--global")
    roots = {"project": base / "project" / ".memory", "global": base / "global"}
    for scope, root in roots.items():
        root_md = root / "ROOT.md"
        text = root_md.read_text(encoding="utf-8")
        head, sep, tail = text.partition("## Iron rules\n")
        if not sep:
            raise RuntimeError(f"{root_md} has no '## Iron rules' heading")
        # After the heading's comment, as a person would type them.
        comment_end = tail.index("-->\n") + 4 if tail.lstrip().startswith("<!--") else 0
        rules = "".join(line + "\n" for line in iron_rules.get(scope, []))
        root_md.write_text(head + sep + tail[:comment_end] + "\n" + rules + tail[comment_end:], encoding="utf-8")
    superseded_by = {(e.scope, old): e.id for e in entries for old in e.supersedes}
    for e in entries:
        path = roots[e.scope] / f"{e.id}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(e, superseded_by.get((e.scope, e.id))), encoding="utf-8")
    for flag in ("--project", "--global"):
        done = memsync(base, "compile", flag, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"memsync compile {flag} failed: {done.stdout[-500:]} {done.stderr[-500:]}")


def reset_state(base: Path) -> None:
    for root in (base / "project" / ".memory", base / "global"):
        try:
            (root / ".state.json").unlink()
        except FileNotFoundError:
            pass


# ---------------------------------------------------------------------------------------------
# Systems: each maps a query to ranked keys "<scope>:<id>"
# ---------------------------------------------------------------------------------------------

def memsync_search(base: Path, query: str, limit: int = 10) -> list[str]:
    reset_state(base)
    done = memsync(base, "search", "--json", "--limit", str(limit), "--", query)
    data = json.loads(done.stdout)
    return [f"{hit['scope']}:{hit['id']}" for hit in data["hits"]]


def entry_files(base: Path) -> list[tuple[str, Path]]:
    """``(key, path)`` of every entry file in both roots (not index.md, ROOT.md or dot-files)."""
    out = []
    for scope, root in (("project", base / "project" / ".memory"), ("global", base / "global")):
        for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
            for path in sorted(folder.glob("*.md")):
                if path.name != "index.md" and not path.name.startswith("."):
                    out.append((f"{scope}:{folder.name}/{path.stem}", path))
    return out


_WORD = re.compile(r"\w+")


class Fts5:
    """One FTS5 table over each entry file's whole text; the query's words quoted and OR-ed."""

    def __init__(self, base: Path, tokenizer: str) -> None:
        self.tokenizer = tokenizer
        self.conn = sqlite3.connect(":memory:")
        self.conn.execute(f"CREATE VIRTUAL TABLE docs USING fts5(key UNINDEXED, text, tokenize='{tokenizer}')")
        self.conn.executemany("INSERT INTO docs(key, text) VALUES (?, ?)",
                              [(key, path.read_text(encoding="utf-8")) for key, path in entry_files(base)])

    def expression(self, query: str) -> str | None:
        words = _WORD.findall(query)
        if self.tokenizer == "trigram":
            words = [w for w in words if len(w) >= 3]
        if not words:
            return None
        return " OR ".join('"' + w.replace('"', '""') + '"' for w in dict.fromkeys(words))

    def search(self, query: str, limit: int = 10) -> list[str]:
        expr = self.expression(query)
        if expr is None:
            return []
        rows = self.conn.execute("SELECT key FROM docs WHERE docs MATCH ? ORDER BY bm25(docs), key LIMIT ?",
                                 (expr, limit)).fetchall()
        return [key for (key,) in rows]


_EDGE_PUNCT = "?？!！.。,，;；:：、\"'“”‘’()（）[]【】<>《》"


def grep_words(query: str) -> list[str]:
    words = (w.strip(_EDGE_PUNCT).casefold() for w in query.split())
    return list(dict.fromkeys(w for w in words if w))


class Grep:
    """Substring matching of the query's white-space words, ranked by how many occur."""

    def __init__(self, base: Path) -> None:
        self.docs = [(key, path.read_text(encoding="utf-8").casefold()) for key, path in entry_files(base)]

    def search(self, query: str, limit: int = 10) -> list[str]:
        words = grep_words(query)
        scored = [(sum(w in text for w in words), key) for key, text in self.docs]
        scored = [(s, k) for s, k in scored if s > 0]
        scored.sort(key=lambda sk: (-sk[0], sk[1]))
        return [key for _, key in scored[:limit]]


def mimo_key(hit: str) -> str:
    """The MiMo baseline indexes every .md file; its keys already read ``<scope>:<path without .md>``."""
    return hit


def run_search(base: Path, queries: Sequence[Query], now_ms: int,
               systems: Sequence[str] = SYSTEMS) -> dict[str, list[list[str]]]:
    impl: dict[str, Callable[[str], list[str]]] = {}
    if "memsync" in systems:
        impl["memsync"] = lambda q: memsync_search(base, q)
    if "plugin" in systems:
        plugin = Plugin(base)
        docs = plugin.scan()
        impl["plugin"] = lambda q: plugin.rank(docs, q, 10, now_ms)
    if "mimo" in systems:
        mimo = Mimo(base, base / "mimo.sqlite")
        mimo.reconcile()
        impl["mimo"] = lambda q: [mimo_key(h) for h in mimo.search(q, 10, reconcile=False)]
    if "fts5-unicode61" in systems:
        impl["fts5-unicode61"] = Fts5(base, "unicode61").search
    if "fts5-trigram" in systems:
        impl["fts5-trigram"] = Fts5(base, "trigram").search
    if "grep" in systems:
        impl["grep"] = Grep(base).search
    return {name: [impl[name](q.text) for q in queries] for name in systems}


# ---------------------------------------------------------------------------------------------
# Context
# ---------------------------------------------------------------------------------------------

@dataclass
class ContextRun:
    budget: int
    session: bool = False  # the hook's way: SessionStart, then the prompt in the same session
    chars: list[int] = field(default_factory=list)
    body: list[bool] = field(default_factory=list)  # a graded-2 entry's body was injected
    outline: list[bool] = field(default_factory=list)  # ... or its outline line listed
    rules: list[bool] = field(default_factory=list)
    none_bodies: list[int] = field(default_factory=list)  # bodies injected for no-answer queries
    per_query: list[dict] = field(default_factory=list)


def context_block(base: Path, prompt: str, budget: int, session: str | None = None) -> dict:
    """The block for ``prompt``. With ``session``, as a Claude Code session gets it: the SessionStart
    block first (iron rules and outline), then the prompt's in the same session; the prompt's block
    is returned, with ``start`` holding the SessionStart block's text."""
    reset_state(base)
    start = ""
    if session:
        done = memsync(base, "context", "--event", "SessionStart", "--session", session, "--budget", str(budget),
                       "--format", "json")
        if done.returncode != 0:
            raise RuntimeError(f"memsync context exited {done.returncode}: {done.stderr.strip()[:300]}")
        start = json.loads(done.stdout)["text"]
    # `--prompt=Q`, as the OpenCode plugin passes it: a prompt may start with "-".
    args = ["--event", "UserPromptSubmit", "--session", session] if session else []
    done = memsync(base, "context", f"--prompt={prompt}", "--budget", str(budget), "--format", "json", *args)
    if done.returncode != 0:
        raise RuntimeError(f"memsync context exited {done.returncode}: {done.stderr.strip()[:300]}")
    return dict(json.loads(done.stdout), start=start)


def score_context(block: dict, q: Query, iron_rules: dict[str, list[str]], run: ContextRun) -> None:
    text = block["text"]
    injected = set(block.get("injected") or [])
    listed = set(block.get("listed") or [])
    answers = {key.split(":", 1)[1] for key, grade in q.labels.items() if grade >= 2}
    run.chars.append(max(len(text), len(block.get("start") or "")))
    given = text + (block.get("start") or "")  # in a session the rules came with SessionStart
    run.rules.append(all(rule.lstrip("- ") in given for rules in iron_rules.values() for rule in rules))
    if q.labels:
        run.body.append(bool(answers & injected))
        run.outline.append(bool(answers & (injected | listed)))
    else:
        run.none_bodies.append(len(injected))
    run.per_query.append({"query": q.text, "injected": sorted(injected), "listed": sorted(listed),
                          "chars": run.chars[-1]})


def run_context(base: Path, queries: Sequence[Query], budgets: Sequence[int] = BUDGETS,
                iron_rules: dict[str, list[str]] = IRON_RULES) -> list[ContextRun]:
    runs = []
    for session in (False, True):
        for budget in budgets:
            run = ContextRun(budget, session)
            for i, q in enumerate(queries):
                block = context_block(base, q.text, budget, f"blind-{budget}-{i}" if session else None)
                score_context(block, q, iron_rules, run)
            runs.append(run)
    return runs


# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------

def _fmt(value: float | None, pct: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value * 100:.0f}%" if pct else f"{value:.2f}"


def best_baseline(row: dict[str, Scores], metric: str, lower_is_better: bool = False) -> tuple[str, float | None]:
    values = [(b, row[b].mean(metric)) for b in BASELINES if b in row and row[b].mean(metric) is not None]
    if not values:
        return "–", None
    name, value = (min if lower_is_better else max)(values, key=lambda bv: bv[1])
    return name, value


def ratio(ours: float | None, theirs: float | None) -> str:
    if ours is None or theirs is None:
        return "–"
    if theirs == 0:
        return "∞" if ours > 0 else "–"
    return f"{ours / theirs:.2f}×"


def family_table(agg: dict[str, dict[str, Scores]], metric: str, title: str, order: Sequence[str]) -> list[str]:
    systems = list(next(iter(agg.values())))
    lines = [f"**{title}**", "", "| family | n | " + " | ".join(systems) + " | best baseline | memsync ÷ best |",
             "|---|---:|" + "---:|" * len(systems) + "---|---:|"]
    for g in [*order, "overall"]:
        if g not in agg:
            continue
        row = agg[g]
        name, best = best_baseline(row, metric)
        cells = [_fmt(row[s].mean(metric)) for s in systems]
        label = f"**{g}**" if g == "overall" else g
        lines.append(f"| {label} | {row[systems[0]].n} | " + " | ".join(cells)
                     + f" | {name} | {ratio(row['memsync'].mean(metric) if 'memsync' in row else None, best)} |")
    return lines + [""]


def overall_table(agg: dict[str, dict[str, Scores]]) -> list[str]:
    row = agg["overall"]
    lines = ["| system | recall@5 | MRR@10 | nDCG@10 | zero-result (answerable) | no-answer queries returning anything |",
             "|---|---:|---:|---:|---:|---:|"]
    for s, sc in row.items():
        lines.append(f"| {s} | {_fmt(sc.mean('recall5'))} | {_fmt(sc.mean('mrr10'))} | {_fmt(sc.mean('ndcg10'))} | "
                     f"{_fmt(sc.mean('zero'), True)} | {sc.none_any}/{sc.none_n} ({_fmt(sc.mean('none_any'), True)}) |")
    return lines + [""]


def context_table(runs: Sequence[ContextRun]) -> list[str]:
    lines = ["| budget | answer's body in block | answer's body or outline line | iron rules all present | "
             "longest block (chars) | over budget | over 9,000 cap | no-answer prompts with ≥1 body | "
             "bodies per no-answer prompt |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        n = len(r.body)
        nn = len(r.none_bodies)
        label = f"{r.budget:,}" + (", in a session" if r.session else "")
        lines.append(
            f"| {label} | {sum(r.body)}/{n} ({sum(r.body) / n:.0%}) | {sum(r.outline)}/{n} ({sum(r.outline) / n:.0%}) | "
            f"{sum(r.rules)}/{len(r.rules)} | {max(r.chars):,} | {sum(c > r.budget for c in r.chars)} | "
            f"{sum(c > CAP for c in r.chars)} | {sum(b > 0 for b in r.none_bodies)}/{nn} | "
            f"{(sum(r.none_bodies) / nn if nn else 0):.1f} |")
    return lines + [""]


def query_lang(text: str) -> str:
    han = len(re.findall(r"[\u3400-\u9fff]", text))
    latin = len(re.findall(r"[A-Za-z\uff21-\uff3a\uff41-\uff5a][\w.-]*", text))
    if not han:
        return "en"
    return "zh" if latin == 0 else "mixed"


def set_sizes(entries: Sequence[Entry], queries: Sequence[Query]) -> list[str]:
    from collections import Counter

    def lang(e: Entry) -> str:
        t = e.summary + " " + e.body
        han = len(re.findall(r"[\u4e00-\u9fff]", t))
        words = len(re.findall(r"[A-Za-z][A-Za-z0-9_.-]*", t))
        return "en" if not han else ("zh" if words <= 1 else "mixed")

    scopes = Counter(e.scope for e in entries)
    langs = Counter(lang(e) for e in entries)
    cats = Counter(e.id.split("/")[0] for e in entries)
    fams = Counter(q.family for q in queries)
    return [
        f"- entries: {len(entries)} (project {scopes['project']}, global {scopes['global']}); "
        f"English {langs['en']}, Chinese {langs['zh']}, mixed {langs['mixed']}; "
        + ", ".join(f"{c} {n}" for c, n in sorted(cats.items()))
        + f"; {sum(e.pinned for e in entries)} pinned, {sum(len(e.supersedes) for e in entries)} superseded",
        f"- queries: {len(queries)} ({sum(not q.labels for q in queries)} with no answer); "
        + ", ".join(f"{f} {n}" for f, n in fams.most_common()),
        f"- labels: {sum(len(q.labels) for q in queries)} "
        f"({sum(g == 2 for q in queries for g in q.labels.values())} graded 2, "
        f"{sum(g == 1 for q in queries for g in q.labels.values())} graded 1)",
    ]


FIRST = "First run (blind)"
# Every later run: the set is development data once its misses were read and fixed.
LATER = "Latest run (development data: memsync was changed after the first run's misses were read)"


def report(entries: Sequence[Entry], queries: Sequence[Query], ranked: dict[str, list[list[str]]],
           runs: Sequence[ContextRun] | None, load: str, heading: str = FIRST) -> str:
    by_family = aggregate(queries, ranked, lambda q: q.family)
    by_lang = aggregate([q for q in queries if q.labels], {s: [r for r, q in zip(v, queries) if q.labels]
                                                         for s, v in ranked.items()}, lambda q: query_lang(q.text))
    out = [f"## {heading}", "",
           f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; `memsync search` is the real CLI as a subprocess "
           "(`python -m memsync search --json --limit 10 -- QUERY`, in the project, so both roots are searched); "
           f"no timing (shared machine; load at start: {load}).", "", "Set:", "", *set_sizes(entries, queries), "",
           "### Overall", "", *overall_table(by_family), "### By query family", "",
           *family_table(by_family, "recall5", "recall@5", FAMILIES),
           *family_table(by_family, "mrr10", "MRR@10", FAMILIES),
           *family_table(by_family, "ndcg10", "nDCG@10", FAMILIES),
           "### By query language (answerable queries)", "",
           *family_table(by_lang, "ndcg10", "nDCG@10", ("en", "zh", "mixed"))]
    if runs:
        out += ["### Context block (`memsync context --prompt Q --budget B`)", "",
                f"All {len(queries)} prompts at each budget, each on a fresh state: alone (no session), and "
                "\"in a session\" as the Claude Code hooks run it (SessionStart's block, then the prompt's in the same "
                "session: the iron rules and outline come once, at the start, and each prompt's budget goes to bodies; "
                "the rules column then counts the session's two blocks, the longest column the larger one).", "",
                *context_table(runs)]
    return "\n".join(out) + "\n"


def errors(queries: Sequence[Query], ranked: dict[str, list[list[str]]], summaries: dict[str, str],
           runs: Sequence[ContextRun] | None) -> str:
    """memsync's misses: answerable queries whose answer is not first, and no-answer queries with hits."""
    lines = []
    ours = ranked["memsync"]
    for family in (*FAMILIES, "none"):
        block = []
        for qi, q in enumerate(queries):
            if q.family != family:
                continue
            hits = ours[qi]
            if q.labels:
                rr = mrr_at(hits, q.labels)
                if rr == 1.0:
                    continue
                answer = [k for k, g in q.labels.items() if g == 2]
                best = {s: mrr_at(ranked[s][qi], q.labels) for s in ranked if s != "memsync"}
                won = [s for s, v in best.items() if v > rr]
                block.append(f"- `{q.text}` → answer {', '.join(answer)} at "
                             f"{'rank ' + str(round(1 / rr)) if rr else 'not in top 10'}"
                             + (f" (better: {', '.join(won)})" if won else ""))
            else:
                if not hits:
                    continue
                block.append(f"- `{q.text}` (no answer) → {len(hits)} hits")
            for k in hits[:3]:
                block.append(f"    - {k} — {summaries.get(k, '?')[:90]}")
            if runs and q.labels:
                ctx = [r.per_query[qi] for r in runs]
                block.append("    - context: " + "; ".join(
                    f"{r.budget}{' (session)' if r.session else ''}: bodies {len(c['injected'])}, answer {'in' if r.body[_answerable_index(queries, qi)] else 'out'}"
                    for r, c in zip(runs, ctx)))
        if block:
            lines += [f"### {family}", "", *block, ""]
    return "\n".join(lines) + "\n"


def _answerable_index(queries: Sequence[Query], qi: int) -> int:
    return sum(1 for q in queries[:qi] if q.labels)


def write_results(text: str, path: Path = RESULTS, set_name: str = "blind") -> None:
    """Write the run. A file that records the first (blind) run keeps it, and every section
    after it, as it is: a later run replaces only its own section, placed before the first."""
    flag = "" if set_name == "blind" else f" --set {set_name}"
    head = ("# Search and context on a blind set\n\n"
            f"Produced by `python bench/search_blind.py{flag} --write` (set: bench/{SETS[set_name][0]}.py).\n\n")
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    first = old.find(f"## {FIRST}")
    if first < 0 or text.startswith(f"## {FIRST}"):
        kept = old[old.find("\n## Misses"):] if "\n## Misses" in old else ""
        path.write_text(head + text + kept, encoding="utf-8")
        return
    path.write_text(head + text + "\n" + old[first:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="example:\n  python bench/search_blind.py --write --errors")
    parser.add_argument("--set", choices=sorted(SETS), default="blind", dest="set_name",
                        help="which hand-written set to score (default: blind, the first)")
    parser.add_argument("--write", action="store_true",
                        help=f"write {RESULTS.relative_to(REPO)} (another --set: its own file, e.g. "
                             f"{SETS['blind2'][1].relative_to(REPO)})")
    parser.add_argument("--errors", action="store_true", help="list memsync's misses per family")
    parser.add_argument("--no-context", action="store_true", help="skip the context block runs")
    args = parser.parse_args(argv)
    data = load_set(args.set_name)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="memsync-blind-") as tmp:
        base = Path(tmp)
        build(base, data.entries, data.iron_rules)
        now_ms = int(time.time() * 1000)
        ranked = run_search(base, data.queries, now_ms)
        runs = None if args.no_context else run_context(base, data.queries, iron_rules=data.iron_rules)
    first_recorded = data.results.exists() and f"## {FIRST}" in data.results.read_text(encoding="utf-8")
    text = report(data.entries, data.queries, ranked, runs, load, LATER if first_recorded else FIRST)
    print(text)
    if args.write:
        write_results(text, data.results, args.set_name)
    if args.errors:
        summaries = {e.key: e.summary for e in data.entries}
        print("## memsync's misses (--errors)\n")
        print(errors(data.queries, ranked, summaries, runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
