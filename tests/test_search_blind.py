"""The blind search bench (bench/search_blind.py) cannot rot: its scoring functions, its
baselines and its plumbing into memsync on a small slice of the set, and the set's shape.

These check the bench, not memsync's scores: a wrong metric or a mislabelled query would
make the bench's figures lie, and a broken call would make memsync look worse than it is.
"""
from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "search_blind.py"


def load():
    spec = importlib.util.spec_from_file_location("search_blind", BENCH)
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


sb = load()
Entry, Query = sb.Entry, sb.Query

L3 = 1 / math.log2(3)  # discount at rank 2

METRICS = [
    # ranked, labels, recall@5, MRR@10, nDCG@10 (worked out by hand)
    (["a", "x", "b"], {"a": 2, "b": 1}, 1.0, 1.0, (3 + 1 / 2) / (3 + L3)),
    (["x", "y", "a"], {"a": 2}, 1.0, 1 / 3, (3 / 2) / 3),
    (["b", "a"], {"a": 2, "b": 1}, 1.0, 1 / 2, (1 + 3 * L3) / (3 + L3)),
    (["b", "x"], {"a": 2, "b": 1}, 0.5, 0.0, 1 / (3 + L3)),  # MRR counts the answer (grade 2) only
    (["x1", "x2", "x3", "x4", "x5", "a"], {"a": 2}, 0.0, 1 / 6, (3 / math.log2(7)) / 3),
    (["a", "a"], {"a": 2, "b": 2}, 0.5, 1.0, 3 / (3 + 3 * L3)),  # a key repeated counts once
    ([], {"a": 2}, 0.0, 0.0, 0.0),
    ([f"x{i}" for i in range(10)] + ["a"], {"a": 2}, 0.0, 0.0, 0.0),  # rank 11 is outside @10
]


@pytest.mark.parametrize("ranked,labels,recall,mrr,ndcg", METRICS)
def test_metrics_of_hand_made_lists(ranked, labels, recall, mrr, ndcg) -> None:
    assert sb.recall_at(ranked, labels) == pytest.approx(recall)
    assert sb.mrr_at(ranked, labels) == pytest.approx(mrr)
    assert sb.ndcg_at(ranked, labels) == pytest.approx(ndcg)


@pytest.mark.parametrize("fn", ["recall_at", "ndcg_at"])
def test_metrics_refuse_a_query_without_relevant_entries(fn) -> None:
    with pytest.raises(ValueError, match="without relevant entries"):
        getattr(sb, fn)(["a"], {})


def test_aggregate_splits_answerable_and_no_answer_queries() -> None:
    queries = [Query("short", "q1", {"p:a": 2}), Query("short", "q2", {"p:b": 2}), Query("none", "q3", {}),
               Query("none", "q4", {})]
    ranked = {"memsync": [["p:a"], [], ["p:z"], []], "grep": [["p:x", "p:a"], ["p:b"], [], []]}
    agg = sb.aggregate(queries, ranked, lambda q: q.family)
    ours, grep = agg["overall"]["memsync"], agg["overall"]["grep"]
    assert (ours.n, ours.none_n, ours.none_any) == (2, 2, 1)
    assert ours.mean("recall5") == 0.5 and ours.mean("zero") == 0.5 and ours.mean("none_any") == 0.5
    assert grep.mean("mrr10") == pytest.approx((1 / 2 + 1) / 2) and grep.mean("none_any") == 0.0
    assert agg["none"]["memsync"].mean("recall5") is None  # no answerable query in that group
    name, best = sb.best_baseline(agg["overall"], "mrr10")
    assert (name, best) == ("grep", pytest.approx(0.75))  # memsync itself is never the baseline
    assert sb.ratio(0.5, 0.25) == "2.00×" and sb.ratio(0.5, 0.0) == "∞" and sb.ratio(None, 1.0) == "–"


@pytest.mark.parametrize("query,words", [
    ("为什么部署老是失败？", ["为什么部署老是失败"]),
    ("how do we run migrations locally", ["how", "do", "we", "run", "migrations", "locally"]),
    ("“DATABASE_URL”, please", ["database_url", "please"]),
    ("？？ ！", []),
])
def test_grep_words(query, words) -> None:
    assert sb.grep_words(query) == words


SLICE = [
    Entry("project:decisions/pnpm-workspace", "decision", "整个 monorepo 统一用 pnpm workspace", ("pnpm",),
          "装依赖一律 pnpm install --frozen-lockfile。", days=10),
    Entry("project:facts/deploy-flow", "fact", "部署流程：合并到 main 后自动同步到 staging", ("部署",),
          "生产环境要手动 promote。", days=20),
    Entry("project:decisions/npm-old", "decision", "web uses npm", ("npm",), "old.", days=400),
    Entry("project:decisions/pnpm-now", "decision", "web moved from npm to pnpm", ("pnpm",), "new.", days=5,
          supersedes=("decisions/npm-old",)),
    Entry("global:preferences/shell", "preference", "My shell is fish", ("fish", "shell"),
          "Use set -x FOO bar, not export.", days=50),
]
RULES = {"project": ["- Never push to main."], "global": ["- 回答用中文。"]}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("blind")
    sb.build(base, SLICE, RULES)
    return base


def test_build_writes_valid_roots_with_the_iron_rules(tree: Path) -> None:
    for flag in ("--project", "--global"):
        done = sb.memsync(tree, "lint", flag, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        assert sb.memsync(tree, "check", flag, check=False).returncode == 0
    assert "- Never push to main." in (tree / "project" / ".memory" / "ROOT.md").read_text(encoding="utf-8")
    old = (tree / "project" / ".memory" / "decisions" / "npm-old.md").read_text(encoding="utf-8")
    assert 'superseded_by: "decisions/pnpm-now"' in old
    assert sorted(k for k, _ in sb.entry_files(tree)) == sorted(e.key for e in SLICE)


def test_baselines_behave_as_a_first_version_would(tree: Path) -> None:
    uni, tri, grep = sb.Fts5(tree, "unicode61"), sb.Fts5(tree, "trigram"), sb.Grep(tree)
    assert uni.search("pnpm")[:1] and set(uni.search("pnpm")) <= {e.key for e in SLICE}
    # unicode61 keeps a Chinese run as one token: 部署 alone is not a token of 部署流程.
    assert uni.search("部署") == ["project:facts/deploy-flow"]  # load_when holds 部署 on its own line
    assert "project:facts/deploy-flow" not in uni.search("流程")
    assert tri.expression("CI 部署") is None and tri.search("CI 部署") == []  # too short for trigrams
    assert tri.search("部署流程") == ["project:facts/deploy-flow"]
    assert grep.search("FISH shell")[0] == "global:preferences/shell"
    assert grep.search("nothing-like-this") == []
    assert uni.search('" OR * NEAR(') == []  # quoted: no FTS5 syntax error


def test_memsync_plumbing_on_the_slice(tree: Path) -> None:
    keys = {e.key for e in SLICE}
    for query in ("pnpm", "--frozen-lockfile", "fish shell"):
        hits = sb.memsync_search(tree, query)
        assert hits and set(hits) <= keys, (query, hits)
    assert sb.memsync_search(tree, "zzqqxx") == []  # exit 1, no hit: an empty list, not an error


def test_reset_state_removes_the_recall_counters(tmp_path: Path) -> None:
    roots = [tmp_path / "project" / ".memory", tmp_path / "global"]
    for root in roots:
        root.mkdir(parents=True)
        (root / ".state.json").write_text('{"recall": {}}', encoding="utf-8")
    sb.reset_state(tmp_path)
    sb.reset_state(tmp_path)  # nothing to remove: no error
    assert not any((root / ".state.json").exists() for root in roots)


def test_context_scoring_on_the_slice(tree: Path) -> None:
    queries = [Query("ident", "--frozen-lockfile", {"project:decisions/pnpm-workspace": 2}), Query("none", "天气", {})]
    runs = sb.run_context(tree, queries, budgets=(4000, 600), iron_rules=RULES)
    assert [(r.budget, r.session) for r in runs] == [(4000, False), (600, False), (4000, True), (600, True)]
    for r in runs:
        assert len(r.chars) == len(r.rules) == 2 and len(r.body) == len(r.outline) == 1 and len(r.none_bodies) == 1
        assert [p["query"] for p in r.per_query] == ["--frozen-lockfile", "天气"]  # a prompt starting with "-"
        assert all(p["chars"] == c for p, c in zip(r.per_query, r.chars))
    table = "\n".join(sb.context_table(runs))
    assert "| 4,000 |" in table and "| 600 |" in table and "| 600, in a session |" in table
    # In a session the rules came with SessionStart: every block still counts them present.
    assert all(runs[3].rules) and runs[3].chars[0] <= 600


def test_score_context_reads_injected_and_listed_ids() -> None:
    run = sb.ContextRun(1200)
    q = Query("short", "x", {"project:a/b": 2, "project:a/c": 1})
    sb.score_context({"text": "- r1\n- r2", "injected": ["a/c"], "listed": ["a/b"]}, q, {"p": ["- r1", "- r2"]}, run)
    sb.score_context({"text": "- r1", "injected": ["a/b"], "listed": []}, q, {"p": ["- r1", "- r2"]}, run)
    assert run.body == [False, True] and run.outline == [True, True] and run.rules == [True, False]


def test_write_results_keeps_the_hand_written_misses(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    sb.write_results("## First run (blind)\n\nold\n", path)
    path.write_text(path.read_text(encoding="utf-8") + "\n## Misses\n\nwhy\n", encoding="utf-8")
    sb.write_results("## First run (blind)\n\nnew\n", path)
    text = path.read_text(encoding="utf-8")
    assert "new" in text and "old" not in text and text.endswith("## Misses\n\nwhy\n")


def test_a_later_run_never_overwrites_the_first_blind_run(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    sb.write_results(f"## {sb.FIRST}\n\nblind\n", path)
    path.write_text(path.read_text(encoding="utf-8") + "\n## Misses\n\nwhy\n", encoding="utf-8")
    sb.write_results(f"## {sb.LATER}\n\nafter one fix\n", path)
    sb.write_results(f"## {sb.LATER}\n\nafter two fixes\n", path)
    text = path.read_text(encoding="utf-8")
    assert text.count(f"## {sb.LATER}") == 1 and "after two fixes" in text and "after one fix" not in text
    assert text.index(sb.LATER) < text.index(sb.FIRST) and "blind" in text and text.endswith("## Misses\n\nwhy\n")


# Each set with a word its full build must find (the first set is the module the bench imports).
SET_PROBES = [("blind", "pnpm"), ("blind2", "Snowflake"), ("blind3", "FHIR")]


def test_the_default_set_is_the_first_and_each_set_has_its_own_results_file() -> None:
    first = sb.load_set("blind")
    assert first.entries is sb.ENTRIES and first.queries is sb.QUERIES and first.iron_rules is sb.IRON_RULES
    assert first.results == sb.RESULTS
    second = sb.load_set("blind2")
    assert second.results.name == "search_blind2.md" and second.results != first.results
    assert not {e.key for e in first.entries} & {e.key for e in second.entries}  # new content, not a copy
    assert not {q.text for q in first.queries} & {q.text for q in second.queries}


def test_every_set_is_new_content_with_its_own_results_file() -> None:
    sets = {name: sb.load_set(name) for name, _ in SET_PROBES}
    assert len({data.results for data in sets.values()}) == len(sets)
    names = list(sets)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not {e.key for e in sets[a].entries} & {e.key for e in sets[b].entries}, (a, b)
            assert not {q.text for q in sets[a].queries} & {q.text for q in sets[b].queries}, (a, b)


def test_write_results_names_the_set_it_scored(tmp_path: Path) -> None:
    sb.write_results(f"## {sb.FIRST}\n\nx\n", tmp_path / "a.md")
    sb.write_results(f"## {sb.FIRST}\n\nx\n", tmp_path / "b.md", "blind2")
    first, second = ((tmp_path / n).read_text(encoding="utf-8").splitlines()[2] for n in ("a.md", "b.md"))
    assert first == ("Produced by `python bench/search_blind.py --write` (set: bench/search_blind_corpus.py).")
    assert second == ("Produced by `python bench/search_blind.py --set blind2 --write` "
                      "(set: bench/search_blind2_corpus.py).")


@pytest.mark.parametrize("name", [n for n, _ in SET_PROBES])
def test_the_set_is_well_formed(name: str) -> None:
    data = sb.load_set(name)
    entries, queries = data.entries, data.queries
    keys = {e.key for e in entries}
    assert len(keys) == len(entries) >= 240
    assert len({e.id for e in entries}) == len(entries)  # context reports bare ids
    assert {e.scope for e in entries} == {"project", "global"}
    assert {e.id.split("/")[0] for e in entries} == {"rules", "preferences", "decisions", "pitfalls", "facts"}
    for e in entries:
        assert e.summary.strip() and "\n" not in e.summary and e.body.strip()
        assert all(f"{e.scope}:{old}" in keys for old in e.supersedes)
    superseded = {f"{e.scope}:{old}" for e in entries for old in e.supersedes}
    assert len(queries) >= 150 and len({q.text for q in queries}) == len(queries)
    assert {q.family for q in queries} == {*sb.FAMILIES, "none"}
    none = [q for q in queries if not q.labels]
    assert all(q.family == "none" for q in none) and 0.12 <= len(none) / len(queries) <= 0.2
    for q in queries:
        assert set(q.labels) <= keys - superseded, q.text
        assert set(q.labels.values()) <= {1, 2} and (not q.labels or 2 in q.labels.values()), q.text
    assert {"project", "global"} <= set(data.iron_rules) and all(data.iron_rules.values())


@pytest.mark.parametrize("name,probe", SET_PROBES)
def test_the_full_set_builds_lint_clean(tmp_path: Path, name: str, probe: str) -> None:
    data = sb.load_set(name)
    sb.build(tmp_path, data.entries, data.iron_rules)
    for flag in ("--project", "--global"):
        done = sb.memsync(tmp_path, "lint", flag, "--json", check=False)
        assert done.returncode == 0, done.stdout[-2000:]
    files = sb.entry_files(tmp_path)
    assert len(files) == len(data.entries)
    first = json.loads(sb.memsync(tmp_path, "search", "--json", "--", probe).stdout)["hits"]
    assert first and all(f"{h['scope']}:{h['id']}" in {k for k, _ in files} for h in first)
