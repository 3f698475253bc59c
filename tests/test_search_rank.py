"""Ranking: the query's words first, BM25 per field, bounded priors, scores in the order shown,
the same scores on a re-run, prefix words below exact ones, the floor, the limit."""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

import memsync
from memsync.config import DEFAULTS
from memsync.recall import rank
from memsync.roots import Root
from searchkit import DAY_MS, NOW_MS, ids, write_entry


def _config(**search: object) -> dict:
    config = copy.deepcopy(DEFAULTS)
    config["search"].update(search)
    return config


def _filler(root: Path, n: int = 12) -> None:
    # Unrelated entries, so bm25's idf is not degenerate in a tiny root.
    for i in range(n):
        write_entry(root, f"facts/filler-{i}.md", f"Note {i} about logging levels", "日志级别与轮转策略。",
                    updated=NOW_MS - i * DAY_MS)


def test_old_entry_with_every_word_beats_fresh_entry_sharing_one(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _filler(root)
    old = write_entry(root, "pitfalls/old-timeout.md", "pnpm 部署 在 CI 超时",
                      "部署时 pnpm install 超时，原因是镜像源。", updated=NOW_MS - 400 * DAY_MS)
    for i in range(3):
        write_entry(root, f"decisions/fresh-{i}.md", "部署 部署 部署 流程说明", "部署 步骤。部署 清单。",
                    updated=NOW_MS)
    result = memsync.search("部署 pnpm 超时", root=root, now_ms=NOW_MS, config=_config(), watch=False)
    assert ids(result)[0] == "pitfalls/old-timeout"
    assert result.hits[0].matched == {"部署": 2, "pnpm": 2, "超时": 3}  # 超时 twice, and once as "timeout"
    # Even with the plugin's unbounded decay (no floor), where the priors give
    # a fresh entry the higher strength, the entry with every word stays first,
    # and the scores shown still read downwards.
    harsh = memsync.search("部署 pnpm 超时", root=root, now_ms=NOW_MS, config=_config(decay_floor=0), watch=False)
    assert ids(harsh)[0] == "pitfalls/old-timeout"
    scores = [h.score for h in harsh.hits]
    assert scores[0] == 1.0 and scores == sorted(scores, reverse=True) and len(set(scores[1:])) == 1
    assert old.exists()


def test_decay_is_bounded_and_pinned_entries_do_not_decay() -> None:
    s = rank.Settings()
    assert rank.decay(NOW_MS, NOW_MS, False, s) == 1.0
    assert rank.decay(NOW_MS - 14 * DAY_MS, NOW_MS, False, s) == pytest.approx(0.85)
    assert rank.decay(NOW_MS - 3650 * DAY_MS, NOW_MS, False, s) == pytest.approx(0.7)
    assert rank.decay(NOW_MS - 3650 * DAY_MS, NOW_MS, True, s) == 1.0
    off = rank.Settings(half_life_days=0)
    assert rank.decay(NOW_MS - 3650 * DAY_MS, NOW_MS, False, off) == 1.0
    assert rank.decay(None, NOW_MS, False, s) == 0.7
    assert rank.boost(0, s) == 1.0 and rank.boost(10**9, s) == s.recall_cap


def test_pinned_old_entry_outranks_identical_unpinned_old_one(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _filler(root)
    for slug, pinned in (("a-unpinned", False), ("b-pinned", True)):
        write_entry(root, f"rules/{slug}.md", "发布前运行迁移脚本", "发布前运行迁移脚本。",
                    updated=NOW_MS - 200 * DAY_MS, pinned=pinned)
    write_entry(root, "rules/c-fresh.md", "发布前运行迁移脚本", "发布前运行迁移脚本。", updated=NOW_MS)
    result = memsync.search("迁移脚本", root=root, now_ms=NOW_MS, config=_config(), watch=False)
    assert ids(result)[:3] in (["rules/b-pinned", "rules/c-fresh", "rules/a-unpinned"],
                               ["rules/c-fresh", "rules/b-pinned", "rules/a-unpinned"])
    assert ids(result)[2] == "rules/a-unpinned"
    # Decay off: the three tie on relevance; the unpinned old one is no longer last by age.
    flat = memsync.search("迁移脚本", root=root, now_ms=NOW_MS, config=_config(half_life_days=0), watch=False)
    assert [round(h.score, 6) for h in flat.hits[:3]] == [1.0, 1.0, 1.0]


def test_project_above_global_and_project_id_shadows_global(tmp_path: Path, monkeypatch) -> None:
    project = tmp_path / "proj" / ".memory"
    glob = tmp_path / "global"
    for root in (project, glob):
        _filler(root)
    write_entry(glob, "facts/redis-port.md", "redis 端口 6380", "redis 端口 6380", updated=NOW_MS)
    write_entry(project, "facts/redis-port-local.md", "redis 端口 6380", "redis 端口 6380", updated=NOW_MS)
    write_entry(glob, "facts/shared.md", "共享 redis 端口 说明", "global copy", updated=NOW_MS)
    write_entry(project, "facts/shared.md", "本项目 说明", "project copy", updated=NOW_MS)
    roots = [Root.at(project, "project"), Root.at(glob, "global")]
    result = memsync.search("redis 端口", roots=roots, now_ms=NOW_MS, config=_config(), watch=False)
    assert ids(result)[:2] == ["facts/redis-port-local", "facts/redis-port"]
    assert [h.scope for h in result.hits[:2]] == ["project", "global"]
    # facts/shared exists in both roots: the project one wins even though only the global one matches.
    assert "facts/shared" not in ids(result)
    only_global = memsync.search("redis 端口", roots=roots[1:], now_ms=NOW_MS, config=_config(), watch=False)
    assert "facts/shared" in ids(only_global)


def test_recall_boost_from_state(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _filler(root)
    for slug in ("a", "b"):
        write_entry(root, f"facts/{slug}.md", "kubectl rollout 回滚", "kubectl rollout undo", updated=NOW_MS)
    (root / ".state.json").write_text(json.dumps({"version": 1, "recall": {"facts/b": {"hits": 40, "last": 1}}}))
    result = memsync.search("kubectl 回滚", root=root, now_ms=NOW_MS, config=_config(), watch=False)
    assert ids(result)[:2] == ["facts/b", "facts/a"]
    # Both hold both words (quality 2); strength differs by the boost alone.
    assert result.hits[1].score == pytest.approx((2 + 0.5 / rank.boost(40, rank.Settings())) / 2.5)
    none = memsync.search("kubectl 回滚", root=root, now_ms=NOW_MS, config=_config(recall_boost=0), watch=False)
    assert [round(h.score, 6) for h in none.hits] == [1.0, 1.0]


def test_superseded_hidden_unless_all(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _filler(root)
    write_entry(root, "decisions/old.md", "用 npm 部署", "npm", superseded_by="decisions/new", updated=NOW_MS)
    write_entry(root, "decisions/new.md", "用 pnpm 部署", "pnpm", supersedes="decisions/old", updated=NOW_MS)
    write_entry(root, "decisions/older.md", "用 yarn 部署", "yarn", updated=NOW_MS)
    write_entry(root, "decisions/newer.md", "改用 bun 部署", "bun", supersedes=["decisions/older"], updated=NOW_MS)
    assert sorted(ids(memsync.search("部署", root=root, config=_config(), watch=False))) == [
        "decisions/new", "decisions/newer"]
    every = memsync.search("部署", root=root, config=_config(), include_superseded=True, watch=False)
    assert sorted(ids(every)) == ["decisions/new", "decisions/newer", "decisions/old", "decisions/older"]
    assert {h.id for h in every.hits if h.superseded} == {"decisions/old", "decisions/older"}


def test_floor_drops_the_tail_and_limit_caps(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _filler(root)
    write_entry(root, "facts/strong.md", "grpc 超时 配置", "grpc 超时 配置 grpc 超时", updated=NOW_MS)
    write_entry(root, "facts/weak.md", "网络笔记", "很长的正文。" * 200 + "偶尔提到 grpc。", updated=NOW_MS)
    both = memsync.search("grpc 超时", root=root, config=_config(floor=0), watch=False)
    assert ids(both) == ["facts/strong", "facts/weak"]
    # The floor drops entries lacking a word when they are weak...
    assert ids(memsync.search("grpc 超时", root=root, config=_config(floor=0.5), watch=False)) == ["facts/strong"]
    # ...but never one holding every word: a one-word query shows every entry holding it.
    assert ids(memsync.search("grpc", root=root, config=_config(floor=1.0), watch=False)) == [
        "facts/strong", "facts/weak"]
    for i in range(14):
        write_entry(root, f"facts/many-{i:02}.md", f"terraform 模块 {i}", "terraform", updated=NOW_MS)
    assert len(memsync.search("terraform", root=root, config=_config(), watch=False).hits) == 10
    assert len(memsync.search("terraform", root=root, config=_config(limit=4), watch=False).hits) == 4
    assert len(memsync.search("terraform", root=root, config=_config(), limit=2, watch=False).hits) == 2


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("limit", 0, "search.limit must be an integer from 1 to 1000"),
        ("floor", 1.5, "search.floor must be a number from 0 to 1"),
        ("half_life_days", "soon", "search.half_life_days must be a number"),
        ("scope_weights", {"team": 2}, "search.scope_weights has unknown name 'team'"),
        ("field_weights", [1, 2], "search.field_weights must be a mapping"),
    ],
)
def test_bad_search_config_is_a_usage_error(tmp_path: Path, cli, key: str, value: object, message: str) -> None:
    root = tmp_path / "mem"
    write_entry(root, "facts/a.md", "anything")
    (root / ".memsync.yaml").write_text(json.dumps({"search": {key: value}}))
    code, out, err = cli("search", "anything", "--root", str(root))
    assert (code, out) == (2, "")
    assert message in err
    assert not (root / ".state.json").exists()


def test_config_defaults_match_the_settings_defaults() -> None:
    assert rank.settings_from(copy.deepcopy(DEFAULTS)) == rank.Settings()


def test_demo_shows_search(run) -> None:
    out = run("demo")
    assert out.returncode == 0, out.stderr
    shown = out.stdout.split("$ memsync search 部署 --root project/.memory\n")[1].split("(exit")[0]
    assert "summary: 部署脚本用pnpm而不是npm" in shown and "<<部署>>" in shown
    assert "decisions/npm-for-deploy" not in shown  # superseded


def test_a_rare_word_only_in_a_long_body_is_not_cut_by_the_floor(tmp_path: Path) -> None:
    """Why zh2/phrase queries lost R@5 against the plugin's plain scan: the floor compared
    a body-only match (after field weights and priors) with a summary match and cut it,
    although the page had room and it holds the word. Entries holding every word stay."""
    root = tmp_path / "mem"
    _filler(root)
    write_entry(root, "facts/summary.md", "熔断 阈值", "短。", updated=NOW_MS, pinned=True)
    write_entry(root, "rules/body.md", "网关说明", "网关很长的说明。" * 120 + "顺便记一下熔断的阈值。",
                updated=NOW_MS - 300 * DAY_MS)
    (root / ".state.json").write_text(json.dumps({"recall": {"facts/summary": {"hits": 1000, "last": 1}}}))
    result = memsync.search("熔断", root=root, now_ms=NOW_MS, config=_config(), watch=False)
    assert ids(result) == ["facts/summary", "rules/body"]
    assert result.hits[1].score < result.hits[0].score


@pytest.mark.parametrize("field, rival", [("summary", 30), ("id", 30), ("load_when", 30), ("highlight", 1),
                                          ("body", 30)])
def test_each_field_weighs_what_field_weights_say(tmp_path: Path, field: str, rival: int) -> None:
    """One mention in a field of weight 3 or more outranks any number of mentions in a
    body (BM25 saturates per field, below 2.2 single mentions); highlight (2) outranks one
    body mention; in the body itself more mentions win."""
    root = tmp_path / "mem"
    _filler(root)
    meta: dict[str, object] = {"updated": NOW_MS}
    summary, body, rel = "网关说明", "无关的正文。", "facts/gateway.md"
    if field == "summary":
        summary = "探针 超时说明"
    elif field == "id":
        rel = "facts/tanzhen-probe.md"
    elif field == "load_when":
        meta["load_when"] = ["其他", "探针"]
    elif field == "highlight":
        meta["highlight"] = "探针 要先配"
    else:
        body = "只在正文提到探针。"
    write_entry(root, rel, summary, body, **meta)
    query = "probe" if field == "id" else "探针"
    write_entry(root, "facts/stuffed.md", "另一条说明", f"{query} " * rival + "无关。" * 50, updated=NOW_MS)
    result = memsync.search(query, root=root, now_ms=NOW_MS, config=_config(), watch=False)
    expected = [rel[:-3], "facts/stuffed"]
    assert ids(result) == (expected if field != "body" else ["facts/stuffed", rel[:-3]])


def test_a_long_body_does_not_dilute_a_summary_match(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _filler(root)
    write_entry(root, "facts/short.md", "限流 配置在网关", "短。", updated=NOW_MS)
    write_entry(root, "facts/long.md", "限流 配置在网关", "很长的无关正文。" * 500, updated=NOW_MS)
    result = memsync.search("限流", root=root, now_ms=NOW_MS, config=_config(), watch=False)
    assert sorted(ids(result)) == ["facts/long", "facts/short"]
    assert [h.score for h in result.hits] == [1.0, 1.0]
    assert ids(result) == ["facts/long", "facts/short"]  # a tie is broken by path, every time


def test_the_demo_entry_whose_summary_and_load_when_hold_the_word_ranks_first(tmp_path: Path) -> None:
    """The demo (templates/demo), searched as a user would weeks later: the entry
    mentioning 部署 only in a highlight and a code sample (pinned, so it does not
    decay) must not outrank the one whose summary starts with it and whose load_when
    carries it (issue 10, item 15)."""
    from memsync.templates import template_dir

    root = tmp_path / "project" / ".memory"
    shutil.copytree(template_dir() / "demo" / "project", root)
    for weeks in (1, 8, 52):
        now = 1_791_700_000_000 + weeks * 7 * DAY_MS
        result = memsync.search("部署", root=root, now_ms=now, watch=False)
        found = ids(result)
        # (English entries saying "deploy" are found too, as its translation: issue 9's cross-language search)
        assert found[0] == "decisions/pnpm-for-deploy" and "pitfalls/sqlite-cjk-tokenizer" in found[1:], weeks
        assert "decisions/npm-for-deploy" not in ids(result)  # superseded
        scores = [h.score for h in result.hits]
        assert scores == sorted(scores, reverse=True)


def test_scores_read_downwards_and_a_rerun_gives_the_same_scores(tmp_path: Path) -> None:
    """Issue 10, item 13: a list showed 1.000, 0.974, 0.981, and the same query scored
    differently on a re-run, because each search's own recall count moved the boost."""
    root = tmp_path / "mem"
    _filler(root)
    write_entry(root, "facts/all.md", "kafka 积压 排查", "旧笔记。", updated=NOW_MS - 200 * DAY_MS)
    for i in range(4):
        write_entry(root, f"facts/one-{i}.md", "kafka kafka 集群", "kafka " * (i + 1), updated=NOW_MS,
                    pinned=i == 0)
    write_entry(root, "facts/two.md", "积压 告警", "积压 " * 3, updated=NOW_MS)
    (root / ".state.json").write_text(json.dumps({"recall": {"facts/one-1": {"hits": 9, "last": 1}}}))
    runs = []
    for _ in range(3):
        result = memsync.search("kafka 积压", root=root, now_ms=NOW_MS, record=True, watch=False)
        runs.append([(h.id, h.score) for h in result.hits])
        scores = [h.score for h in result.hits]
        assert scores == sorted(scores, reverse=True) and ids(result)[0] == "facts/all"
    assert runs[0] == runs[1] == runs[2]
    recall = json.loads((root / ".state.json").read_text())["recall"]
    assert recall["facts/all"]["hits"] == 3 and recall["facts/one-1"]["hits"] == 12  # every search counted
    # The next day the day's recalls count: the boost moves once, then holds again.
    later = [memsync.search("kafka 积压", root=root, now_ms=NOW_MS + DAY_MS, watch=False) for _ in range(2)]
    assert [(h.id, h.score) for h in later[0].hits] == [(h.id, h.score) for h in later[1].hits]
    assert [(h.id, h.score) for h in later[0].hits] != runs[0]


@pytest.mark.parametrize(
    "query, exact, longer, form",
    [
        ("postgres", "facts/pg-exact", "facts/pg-longer", "postgresql"),
        ("deploy", "facts/friday-exact", "facts/friday-longer", "deploying"),
    ],
)
def test_latin_words_match_as_prefixes_below_exact_matches(tmp_path: Path, query: str, exact: str, longer: str,
                                                           form: str) -> None:
    root = tmp_path / "mem"
    _filler(root)
    texts = {"postgres": ("We run postgres 16 here", "PostgreSQL is pinned, fresh and popular"),
             "deploy": ("How we deploy on Fridays", "Deploying on Fridays needs two reviewers")}[query]
    write_entry(root, exact + ".md", texts[0], "x", updated=NOW_MS - 300 * DAY_MS)
    write_entry(root, longer + ".md", texts[1], f"{form} {form} {form}", updated=NOW_MS, pinned=True)
    (root / ".state.json").write_text(json.dumps({"recall": {longer: {"hits": 500, "last": 1}}}))
    result = memsync.search(query, root=root, now_ms=NOW_MS, config=_config(), watch=False)
    assert ids(result) == [exact, longer]
    assert result.hits[0].reasons == []
    assert result.hits[1].reasons == [f"{query}: only as the start of {form}"]
    assert result.hits[1].matched == {query: 4} and f"<<{texts[1].split()[0]}>>" in (
        result.hits[1].snippet + result.hits[1].summary.replace(texts[1].split()[0], f"<<{texts[1].split()[0]}>>"))
    # Too short to stand for longer words: two letters match as written only.
    write_entry(root, "facts/s3.md", "s3 bucket", "s3", updated=NOW_MS)
    write_entry(root, "facts/s3cmd.md", "s3cmd sync", "s3cmd", updated=NOW_MS)
    assert ids(memsync.search("s3", root=root, now_ms=NOW_MS, watch=False)) == ["facts/s3"]


@pytest.mark.parametrize("seed", range(3))
def test_superseded_flags_follow_every_kind_of_change(tmp_path: Path, seed: int) -> None:
    """The index keeps its superseded flags in step with Tree's rule whatever changes: a new
    entry named by an old supersedes list, a pinned flag, a link added or removed, a deletion."""
    import random

    from memsync.tree import scan

    rng = random.Random(seed)
    root = tmp_path / "mem"
    ids = [f"facts/n{i}" for i in range(8)]
    for step in range(25):
        target = rng.choice(ids)
        path = root / f"{target}.md"
        if rng.random() < 0.2 and path.exists():
            path.unlink()
        else:
            fields = {}
            if rng.random() < 0.4:
                fields["supersedes"] = rng.choice([i for i in ids if i != target])
            if rng.random() < 0.2:
                fields["pinned"] = True
            write_entry(root, f"{target}.md", f"部署 note {step}", "部署", updated=NOW_MS, **fields)
        if not any(root.rglob("*.md")):
            continue
        every = memsync.search("部署", root=root, config=_config(), include_superseded=True, watch=bool(seed % 2),
                               limit=50)
        expected = scan(root, use_cache=False).superseded()
        assert {h.id for h in every.hits if h.superseded} == expected, f"step {step}"


def test_a_watching_search_sees_every_change_the_events_name(tmp_path: Path) -> None:
    """In watch mode the index re-reads only the files inotify names; whatever the change
    (new, edited in place, renamed, deleted, swapped for a symlink, made invalid), the next
    search answers as the files say."""
    import os
    import random

    rng = random.Random(7)
    root = tmp_path / "mem"
    outside = tmp_path / "outside.md"
    write_entry(tmp_path, "outside.md", "部署 outside the root")
    write_entry(root, "facts/a.md", "部署 first", updated=NOW_MS)
    names = ["a", "b", "c", "d"]
    for step in range(60):
        path = root / "facts" / f"{rng.choice(names)}.md"
        op = rng.random()
        if op < 0.4:
            write_entry(root, f"facts/{path.stem}.md", rng.choice(["部署 step", "other words"]) + f" {step}",
                        updated=NOW_MS)
        elif op < 0.55 and path.is_file() and not path.is_symlink():
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(f"部署 appended {step}\n")
        elif op < 0.7 and (path.exists() or path.is_symlink()):
            path.unlink()
        elif op < 0.8 and not path.exists() and not path.is_symlink():
            path.symlink_to(outside)
        elif op < 0.9 and path.is_file() and not path.is_symlink():
            os.rename(path, root / "facts" / f"{rng.choice(names)}.md")
        elif path.is_file() and not path.is_symlink():
            path.write_text("not an entry at all 部署\n", encoding="utf-8")
        got = memsync.search("部署", root=root, config=_config(), watch=True, limit=50)
        want = set()
        for p in (root / "facts").glob("*.md"):
            if p.is_symlink():
                continue
            text = p.read_text(encoding="utf-8")
            if text.startswith("---") and "部署" in text:
                want.add(f"facts/{p.stem}")
        assert {h.id for h in got.hits} == want, f"step {step}"
