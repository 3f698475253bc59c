"""`memsync search` / `memsync recall` from the command line: the issue's examples,
output format, exit codes, --json, scopes and filters, hostile queries."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import git
from test_search_helpers import NOW_MS, json_ids, write_entry


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    write_entry(root, "decisions/pnpm-for-deploy.md", "部署脚本用pnpm而不是npm", "lockfile 不兼容。",
                kind="decision", updated=NOW_MS, load_when=["部署", "pnpm"])
    write_entry(root, "facts/glued.md", "Deploy notes", "我们用pnpm部署前端。", updated=NOW_MS)
    write_entry(root, "facts/migration.md", "上线前做数据库迁移", "先备份，再迁移。", updated=NOW_MS)
    write_entry(root, "facts/shares-bigram.md", "数据仓库与迁移工具的选择", "数据 迁移 库", updated=NOW_MS)
    write_entry(root, "pitfalls/width.md", "ＤＡＴＡＢＡＳＥ＿ＵＲＬ must be set", "全角配置", kind="pitfall",
                updated=NOW_MS)
    write_entry(root, "facts/japanese.md", "デプロイは東京リージョン", "東京タワー", updated=NOW_MS)
    write_entry(root, "facts/korean.md", "배포 스크립트는 pnpm", "한국어 메모", updated=NOW_MS)
    return root


def _ids(cli, *args: str) -> list[str]:
    code, out, err = cli("search", *args, "--json")
    assert code in (0, 1), err
    return json_ids(out)


@pytest.mark.parametrize(
    "query, expected",
    [
        ("部署", {"decisions/pnpm-for-deploy", "facts/glued"}),
        ("pnpm", {"decisions/pnpm-for-deploy", "facts/glued", "facts/korean"}),
        ("数据库迁移", {"facts/migration"}),
        ("database_url", {"pitfalls/width"}),
        ("ｐｎｐｍ部署", {"facts/glued"}),
        ("東京", {"facts/japanese"}),
        ("ﾃﾞﾌﾟﾛｲ", {"facts/japanese"}),
        ("배포", {"facts/korean"}),
        ("用pnpm", {"decisions/pnpm-for-deploy", "facts/glued"}),
    ],
)
def test_issue_examples(cli, mem: Path, query: str, expected: set[str]) -> None:
    assert set(_ids(cli, query, "--root", str(mem))) == expected


def test_text_output_format_and_recall_counts(cli, mem: Path) -> None:
    code, out, err = cli("search", "数据库迁移", "--root", str(mem))
    assert (code, err) == (0, "")
    assert out == (
        "1. facts/migration  score 1.000  root\n"
        "   path: mem/facts/migration.md\n"
        "   summary: 上线前做数据库迁移\n"
        "   snippet: 上线前做<<数据库迁移>>\n"
        "   matched: 数据库迁移 ×1\n"
    )
    state = json.loads((mem / ".state.json").read_text())
    assert state["version"] == 1
    assert state["recall"]["facts/migration"]["hits"] == 1
    cli("recall", "数据库迁移", "--root", str(mem))
    assert json.loads((mem / ".state.json").read_text())["recall"]["facts/migration"]["hits"] == 2


def test_json_shape(cli, mem: Path) -> None:
    code, out, _ = cli("search", "pnpm", "部署", "--root", str(mem), "--json", "--limit", "1")
    doc = json.loads(out)
    assert code == 0
    assert set(doc) == {"query", "words", "hits", "hint", "notes"}
    assert doc["query"] == "pnpm 部署" and doc["words"] == ["pnpm", "部署"] and doc["hint"] is None
    (hit,) = doc["hits"]
    assert set(hit) == {"id", "root", "scope", "path", "score", "summary", "kind", "snippet", "matched",
                        "updated", "pinned", "superseded"}
    assert hit["id"] == "decisions/pnpm-for-deploy" and hit["kind"] == "decision" and hit["score"] == 1.0
    assert hit["matched"] == {"pnpm": 3, "部署": 2} and "<<" in hit["snippet"]


def test_no_hit_exits_1_with_a_hint(cli, mem: Path) -> None:
    code, out, err = cli("search", "kubernetes", "--root", str(mem))
    assert (code, out) == (1, "")
    assert err == "memsync: no entry matches; try fewer or rarer words\n"
    code, out, _ = cli("search", "kubernetes", "--root", str(mem), "--json")
    assert code == 1 and json.loads(out)["hits"] == [] and "fewer or rarer" in json.loads(out)["hint"]
    assert not (mem / ".state.json").exists()


def test_category_kind_and_limit_filters(cli, mem: Path) -> None:
    assert set(_ids(cli, "pnpm", "--root", str(mem), "--category", "facts")) == {"facts/glued", "facts/korean"}
    assert _ids(cli, "pnpm", "--root", str(mem), "--kind", "decision") == ["decisions/pnpm-for-deploy"]
    assert len(_ids(cli, "pnpm", "--root", str(mem), "--limit", "2")) == 2
    code, _, err = cli("search", "pnpm", "--root", str(mem), "--limit", "0")
    assert code == 2 and "--limit must be at least 1" in err


def test_both_roots_by_default_and_scope(cli, git_repo: Path, tmp_path: Path, monkeypatch) -> None:
    glob = tmp_path / "global"
    monkeypatch.setenv("MEMSYNC_GLOBAL_ROOT", str(glob))
    write_entry(git_repo / ".memory", "facts/a.md", "nginx 反向代理 in project", updated=NOW_MS)
    write_entry(glob, "facts/b.md", "nginx 反向代理 globally", updated=NOW_MS)
    sub = git_repo / "src"
    sub.mkdir()
    code, out, _ = cli("search", "nginx", "--json", cwd=sub)
    hits = json.loads(out)["hits"]
    assert code == 0 and [(h["id"], h["scope"]) for h in hits] == [("facts/a", "project"), ("facts/b", "global")]
    assert _ids(cli, "nginx", "--scope", "global") == ["facts/b"]
    code, out, _ = cli("search", "nginx", "--scope", "project", "--json", cwd=sub)
    assert json_ids(out) == ["facts/a"]
    code, _, err = cli("search", "nginx", "--scope", "project", cwd=tmp_path)
    assert code == 2 and "not inside a git repository" in err


def test_state_json_is_git_ignored(cli, git_repo: Path) -> None:
    root = git_repo / ".memory"
    assert cli("init", "--root", str(root))[0] == 0
    write_entry(root, "facts/a.md", "grafana 面板")
    assert cli("search", "grafana", "--root", str(root))[0] == 0
    assert (root / ".state.json").exists()
    assert git(git_repo, "check-ignore", ".memory/.state.json").strip() == ".memory/.state.json"
    assert ".state.json" not in git(git_repo, "status", "--porcelain", "--untracked-files=all")


HOSTILE = [
    '"', '""', "'", "*", "^", "-", ":", "(", ")", "()", "a AND", "OR", "NOT", "NEAR", "NEAR(a b, 2)",
    "pnpm*", "^pnpm", "-pnpm", "body:pnpm", "{id summary}: pnpm", '"pnpm" OR "', "AND OR NOT",
    "部署 AND", "🚀", "🚀pnpm🚀", "a\u0000b", "\u0000", "pnpm\u0000部署", "x" * 10_000, "部署" * 5_000,
    " ".join(["pnpm"] * 3000), "\\", "%", "_", "' OR 1=1 --", "; DROP TABLE fts; --",
]


FINDS_PNPM = {"pnpm*", "^pnpm", "-pnpm", "{id summary}: pnpm", '"pnpm" OR "', "🚀pnpm🚀", "pnpm\u0000部署",
              " ".join(["pnpm"] * 3000)}


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_queries_never_error(cli, mem: Path, query: str) -> None:
    code, out, err = cli("search", "--root", str(mem), "--json", "--", query)
    assert code in (0, 1, 2)
    assert "Traceback" not in err and "sqlite" not in err.lower() and "internal error" not in err
    doc = json.loads(out)
    assert set(doc) == {"query", "words", "hits", "hint", "notes"}
    if code == 2:
        assert doc["words"] == [] and doc["hint"] == "the query has no letters or digits to search for"
    if query in FINDS_PNPM:
        assert code == 0 and "decisions/pnpm-for-deploy" in json_ids(out)


def test_empty_query_is_a_usage_error(cli, mem: Path) -> None:
    code, out, err = cli("search", "", "--root", str(mem))
    assert (code, out) == (2, "") and "no letters or digits" in err
    code, out, err = cli("search", "--root", str(mem))
    assert code == 2 and "QUERY" in err


def test_a_real_process_prints_no_traceback(run, mem: Path) -> None:
    out = run("search", 'NEAR("部署" "pnpm") AND *', "--root", str(mem))
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "decisions/pnpm-for-deploy" in out.stdout


def test_unreadable_entries_are_skipped_not_fatal(cli, mem: Path) -> None:
    (mem / "facts" / "broken.md").write_text("---\nsummary: [unclosed\n---\npnpm here\n")
    (mem / "facts" / "link.md").symlink_to(mem / "facts" / "glued.md")
    (mem / "facts" / ".hidden.md").write_text("---\nid: facts/.hidden\nkind: x\nsummary: pnpm\n---\n")
    (mem / "facts" / "nested").mkdir()
    write_entry(mem / "facts", "nested/deep.md", "pnpm deep")
    assert set(_ids(cli, "pnpm", "--root", str(mem))) == {"decisions/pnpm-for-deploy", "facts/glued", "facts/korean"}
