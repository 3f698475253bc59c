"""`memsync search` / `memsync recall` from the command line: the issue's examples,
output format, exit codes, --json, scopes and filters, hostile queries."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import git
from searchkit import NOW_MS, json_ids, write_entry


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
        ("pnpm部署", {"facts/glued"}),  # found as written: no fallback to its parts
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
    assert set(doc) == {"query", "words", "split", "translated", "hits", "hint", "notes"}
    assert doc["query"] == "pnpm 部署" and doc["words"] == ["pnpm", "部署"] and doc["hint"] is None
    assert doc["split"] == {}
    (hit,) = doc["hits"]
    assert set(hit) == {"id", "root", "scope", "path", "score", "summary", "kind", "snippet", "matched",
                        "updated", "pinned", "superseded", "reasons"}
    assert hit["reasons"] == []
    assert hit["id"] == "decisions/pnpm-for-deploy" and hit["kind"] == "decision" and hit["score"] == 1.0
    assert hit["matched"] == {"pnpm": 3, "部署": 3} and "<<" in hit["snippet"]  # 部署 twice, "deploy" once
    assert doc["translated"] == {"部署": ["deploy", "deployment"]}


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
    assert set(doc) == {"query", "words", "split", "translated", "hits", "hint", "notes"}
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


# -- issue 10: what the hostile-input review found ------------------------------------------


def _glued_root(tmp_path: Path) -> Path:
    root = tmp_path / "glued"
    write_entry(root, "decisions/pnpm-for-deploy.md", "Deploy script uses pnpm, not npm", "lockfile 不兼容。",
                kind="decision", updated=NOW_MS, load_when=["部署", "pnpm"])
    write_entry(root, "facts/other.md", "日志 轮转", "每天 轮转。", updated=NOW_MS)
    return root


@pytest.mark.parametrize("query", ["部署pnpm", "pnpm部署"])
def test_a_glued_word_never_spans_list_items_and_falls_back_to_its_parts(cli, tmp_path: Path, query: str) -> None:
    """load_when [部署, pnpm] holds no 部署pnpm: both orders find the entry the same way,
    through the parts, and the hit says so (issue 10, item 12)."""
    root = _glued_root(tmp_path)
    before = sorted((p.relative_to(root), p.read_bytes()) for p in root.rglob("*.md"))
    code, out, err = cli("search", query, "--root", str(root), "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    parts = ["部署", "pnpm"] if query.startswith("部署") else ["pnpm", "部署"]
    assert doc["words"] == parts and doc["split"] == {query: parts}
    (hit,) = doc["hits"]
    assert hit["id"] == "decisions/pnpm-for-deploy" and set(hit["matched"]) == {"部署", "pnpm"}
    assert hit["reasons"] == [f"{query}: found nowhere as written; searched as {' + '.join(parts)}"]
    code, text, err = cli("search", query, "--root", str(root))
    assert code == 0 and f"   why: {query}: found nowhere as written; searched as {' + '.join(parts)}\n" in text
    assert sorted((p.relative_to(root), p.read_bytes()) for p in root.rglob("*.md")) == before


def test_a_glued_word_found_as_written_is_not_split(cli, tmp_path: Path) -> None:
    root = _glued_root(tmp_path)
    write_entry(root, "facts/glued.md", "我们用pnpm部署前端", "", updated=NOW_MS)
    code, out, _ = cli("search", "pnpm部署", "--root", str(root), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["split"] == {} and json_ids(out) == ["facts/glued"]
    assert doc["hits"][0]["reasons"] == []


def test_a_glued_word_found_nowhere_even_apart_exits_1(cli, tmp_path: Path) -> None:
    root = _glued_root(tmp_path)
    code, out, err = cli("search", "kafka积压", "--root", str(root))
    assert (code, out) == (1, "") and err == "memsync: no entry matches; try fewer or rarer words\n"
    assert not (root / ".state.json").exists()


def _token() -> str:
    import random
    import string

    rng = random.Random(10)
    return "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))


@pytest.mark.parametrize("where", ["body", "summary", "edge"])
def test_snippets_never_print_a_whole_secret(cli, run, tmp_path: Path, where: str) -> None:
    """Issue 10, item 2: a token sitting in an entry is masked in snippets and summaries,
    in text and --json, also where the snippet window would cut through it."""
    token = _token()
    root = tmp_path / "mem"
    if where == "body":
        path = write_entry(root, "facts/ci.md", "CI 部署 说明", f"部署 用的 token 是 {token} 别外传。", updated=NOW_MS)
    elif where == "summary":
        path = write_entry(root, "facts/ci.md", f"部署 token {token}", "正文。", updated=NOW_MS)
    else:  # the 160-character window starts 32 characters before the match: the token straddles its end
        path = write_entry(root, "facts/ci.md", "CI 说明", "x" * 40 + " 部署 " + "y" * 100 + f" {token} 尾。",
                           updated=NOW_MS)
    data = path.read_bytes()
    for args in ((), ("--json",)):
        code, out, err = cli("search", "部署", "--root", str(root), *args)
        assert code == 0 and err == ""
        chunks = {token[i : i + 12] for i in range(4, len(token) - 12)}
        assert token not in out and not any(c in out for c in chunks)
        assert "ghp_*** (40 chars)" in out
        if args:
            hit = json.loads(out)["hits"][0]
            assert "ghp_*** (40 chars)" in hit["snippet"] + hit["summary"]
    assert path.read_bytes() == data  # nothing rewritten
    out = run("search", "部署", "--root", str(root))  # a real process, as a terminal would see it
    assert out.returncode == 0 and token not in out.stdout + out.stderr


def test_terminal_escapes_are_shown_not_sent(cli, tmp_path: Path) -> None:
    """Issue 10, item 5: ESC/OSC sequences in a summary, a body and a root's folder name
    reach a terminal as visible text; --json keeps the exact strings, as valid JSON."""
    root = tmp_path / "evil\x1b]0;owned\x07" / "mem"
    summary = "部署 \x1b]0;owned\x07 \x1b[2J清屏 \u202egnp.exe \x9b31m"
    body = "部署 \x1b]8;;http://example.invalid\x1b\\link\x1b]8;;\x1b\\ 退格\x08\x08"
    (root / "facts").mkdir(parents=True)
    (root / "facts" / "esc.md").write_text(  # YAML takes C0/C1 controls only as escapes: ASCII JSON strings
        f"---\nid: facts/esc\nkind: fact\nsummary: {json.dumps(summary)}\n---\n\n{body}\n", encoding="utf-8")
    code, out, err = cli("search", "部署", "--root", str(root))
    assert (code, err) == (0, "")
    for raw in ("\x1b", "\x07", "\x08", "\x9b", "\u202e"):
        assert raw not in out
    assert "^[]0;owned\\x07" in out and "^[[2J" in out and "\\u202e" in out and "\\x9b" in out
    code, out, err = cli("search", "部署", "--root", str(root), "--json")
    hit = json.loads(out)["hits"][0]
    assert code == 0 and hit["summary"] == summary and "\x1b]8;;" in hit["snippet"]
    assert hit["path"].endswith("evil\x1b]0;owned\x07/mem/facts/esc.md")  # exact, escapes and all


def test_json_stays_valid_for_an_undecodable_query(run, mem: Path) -> None:
    """An argument that is not UTF-8 (a surrogate escape in Python) must not make --json
    print bytes that are not UTF-8: it is kept as a JSON escape."""
    import subprocess
    import sys

    from conftest import REPO

    out = subprocess.run([sys.executable, "-m", "memsync", "search", b"\xff\xe9\x83\xa8\xe7\xbd\xb2",
                          "--root", str(mem), "--json"], capture_output=True, cwd=str(REPO))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.decode("utf-8"))  # strict UTF-8
    assert doc["query"] == "\udcff部署" and "decisions/pnpm-for-deploy" in json_ids(out.stdout.decode())
    text = subprocess.run([sys.executable, "-m", "memsync", "search", b"\xff\xe9\x83\xa8\xe7\xbd\xb2",
                           "--root", str(mem)], capture_output=True, cwd=str(REPO))
    assert text.returncode == 0 and b"Traceback" not in text.stderr
    text.stdout.decode("utf-8")


def test_recall_help_names_recall(run) -> None:
    """Issue 10, item 20: the alias's --help names the command that was typed."""
    out = run("recall", "--help")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("usage: memsync recall ") and "memsync recall 部署" in out.stdout
    assert "memsync search" not in out.stdout.replace("the same as memsync search", "")
    out = run("search", "--help")
    assert out.stdout.startswith("usage: memsync search ") and "(alias: recall)" in out.stdout
    listing = run("--help").stdout
    assert listing.count("\n    search ") == 1 and "\n    recall " not in listing


def test_a_prefix_reason_never_names_a_secret(cli, tmp_path: Path) -> None:
    """A query word that starts a token's characters would match it as a prefix; secrets are
    masked before indexing and matching, so it finds nothing (a hit, even with its reason masked,
    confirmed the guess: the token could be read a character at a time; tests/test_redteam_search.py)."""
    token = _token()
    root = tmp_path / "mem"
    path = write_entry(root, "facts/ci.md", "CI 说明", f"token {token} 别外传。", updated=NOW_MS)
    data = path.read_bytes()
    start = token[4:9]
    for args in ((), ("--json",)):
        code, out, err = cli("search", start, "--root", str(root), *args)
        assert code == 1 and ("no entry matches" in err or args)
        assert token[4:] not in out and token[4:].lower() not in out and token[6:20].lower() not in out
    assert json.loads(out)["hits"] == []
    code, out, err = cli("search", "说明", "--root", str(root), "--json")
    assert code == 0 and [h["id"] for h in json.loads(out)["hits"]] == ["facts/ci"] and token[4:12] not in out
    assert path.read_bytes() == data
