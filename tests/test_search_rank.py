"""Ranking: relevance first, bounded priors, coverage before priors, floor, limit."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import memsync
from memsync.config import DEFAULTS
from memsync.recall import rank
from memsync.roots import Root
from test_search_helpers import DAY_MS, NOW_MS, ids, write_entry


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
    assert result.hits[0].matched == {"部署": 2, "pnpm": 2, "超时": 2}
    # Even with the plugin's unbounded decay (no floor), where the priors give
    # a fresh entry the higher score, the entry with every word stays first.
    harsh = memsync.search("部署 pnpm 超时", root=root, now_ms=NOW_MS, config=_config(decay_floor=0), watch=False)
    assert ids(harsh)[0] == "pitfalls/old-timeout"
    assert all(h.score > harsh.hits[0].score for h in harsh.hits[1:])
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
    assert result.hits[1].score == pytest.approx(1 / rank.boost(40, rank.Settings()))
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
    both = memsync.search("grpc", root=root, config=_config(floor=0), watch=False)
    assert ids(both) == ["facts/strong", "facts/weak"]
    assert ids(memsync.search("grpc", root=root, config=_config(floor=0.5), watch=False)) == ["facts/strong"]
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
