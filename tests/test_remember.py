"""remember / forget / show / supersede: the service layer and its CLI, gates in order,
partial recompilation, and every bad input of the issue (message, exit code, tree unchanged)."""
from __future__ import annotations

import json
import os
import random
import stat
import threading
from pathlib import Path

import pytest
from memtree import snapshot, write_entry

from bench.secrets_corpus import FAKES
from memsync import service
from memsync.build import check_root, compile_root, init_root
from memsync.cli import exit_code
from memsync.entry import parse_entry
from memsync.roots import Root


@pytest.fixture
def root(tmp_path: Path) -> Path:
    path = tmp_path / "mem"
    r = Root.at(path)
    init_root(r, ["rules", "preferences", "decisions", "pitfalls", "facts"])
    write_entry(path, "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm，因为lockfile不兼容。", kind="decision",
                load_when=["部署", "pnpm"], created=1791600000000, updated=1791700000000)
    write_entry(path, "facts/staging-db", "Staging runs PostgreSQL 16 on port 5433.", created=1791600000000,
                updated=1791600000000, pinned=True)
    compile_root(r)
    assert not check_root(r).changed
    return path


def is_clean(path: Path) -> bool:
    report = check_root(Root.at(path))
    return not report.changed and not report.errors


def meta_of(path: Path) -> dict:
    entry = parse_entry(path.read_bytes(), f"{path.parent.name}/{path.name}")
    assert entry.meta is not None, entry.problems
    return entry.meta


# -- writing ---------------------------------------------------------------------------------

def test_remember_creates_an_entry_and_recompiles_only_what_it_touches(root: Path) -> None:
    before = snapshot(root)
    w = service.remember("Kafka consumer lag spikes when partitions change", category="pitfalls",
                         body="Rebalance storms.\nPin the partition count.", load_when=["kafka", "积压"],
                         highlight="measured: lag x10 for 5 min", root=root, now_ms=1791800000000)
    assert w.id == "pitfalls/kafka-consumer-lag-spikes-when-partitions-change"
    assert w.action == "created" and w.kind == "pitfall" and not w.proposal
    assert w.recompiled == ["ROOT.md", "pitfalls/index.md"]
    meta = meta_of(root / f"{w.id}.md")
    assert meta["id"] == w.id and meta["created"] == meta["updated"] == 1791800000000
    assert meta["load_when"] == ["kafka", "积压"] and meta["highlight"] == "measured: lag x10 for 5 min"
    assert (root / f"{w.id}.md").read_text().endswith("\nRebalance storms.\nPin the partition count.\n")
    after = snapshot(root)
    changed = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    assert changed == {"ROOT.md", "pitfalls/index.md", f"{w.id}.md"}
    assert is_clean(root)


def test_update_by_id_bumps_updated_and_keeps_what_is_not_given(root: Path) -> None:
    path = root / "decisions" / "pnpm-for-deploy.md"
    text = path.read_text().replace("kind: decision\n", "kind: decision\nowner: ops\n")
    path.write_text(text)  # an unknown key, kept on rewrite
    w = service.remember(id="decisions/pnpm-for-deploy", load_when=["部署", "pnpm", "lockfile"], root=root,
                         now_ms=1791500000000)  # a clock behind the entry's updated still moves it forward
    assert w.action == "updated" and w.id == "decisions/pnpm-for-deploy"
    meta = meta_of(path)
    assert meta["updated"] == 1791700000001 and meta["created"] == 1791600000000
    assert meta["summary"].startswith("部署脚本用pnpm") and meta["owner"] == "ops"
    assert meta["load_when"] == ["部署", "pnpm", "lockfile"]
    assert is_clean(root)


def test_slugs_keep_any_script_and_get_a_suffix_when_taken(root: Path) -> None:
    a = service.remember("数据库迁移要先备份", category="facts", root=root)
    b = service.remember("数据库迁移要先备份!!", category="facts", root=root, force=True)
    assert a.id == "facts/数据库迁移要先备份" and b.id == "facts/数据库迁移要先备份-2"
    long = service.remember("word " * 40, category="facts", root=root)
    assert len(long.id.split("/")[1]) <= 60 and not long.id.endswith("-")


def test_supersedes_links_both_ways_in_one_operation(root: Path) -> None:
    w = service.remember("Deploy with pnpm 9 and --frozen-lockfile", category="decisions",
                         supersedes=["decisions/pnpm-for-deploy"], root=root)
    assert w.superseded == ["decisions/pnpm-for-deploy"]
    assert meta_of(root / f"{w.id}.md")["supersedes"] == ["decisions/pnpm-for-deploy"]
    assert meta_of(root / "decisions" / "pnpm-for-deploy.md")["superseded_by"] == w.id
    assert "## Superseded" in (root / "decisions" / "index.md").read_text()
    assert is_clean(root)
    hits = service.recall("pnpm", root=root).hits
    assert [h.id for h in hits] == [w.id]  # the old one left search


def test_supersede_command_and_forget_relinks(root: Path, cli) -> None:
    w = service.remember("Deploy with pnpm 9", category="decisions", root=root)
    code, out, err = cli("supersede", "decisions/pnpm-for-deploy", w.id, "--root", str(root))
    assert code == 0, err
    assert "now supersedes decisions/pnpm-for-deploy" in out
    assert is_clean(root)
    code, out, err = cli("forget", w.id, "--root", str(root))
    assert code == 0, err
    assert "supersede links removed from decisions/pnpm-for-deploy" in out
    assert "superseded_by" not in meta_of(root / "decisions" / "pnpm-for-deploy.md")
    assert not (root / f"{w.id}.md").exists()
    assert is_clean(root)


def test_rule_requests_become_proposals_in_rules(root: Path) -> None:
    cases = [
        ({"category": "preferences", "kind": "rule"}, "Always run the linter before committing"),
        ({"category": "facts", "kind": "iron-rule"}, "Every migration gets a rollback script"),
        ({"category": "facts"}, "Iron rule: never push to main directly"),
        ({"category": "rules", "kind": "convention"}, "铁规则：发布前必须跑完整测试"),
    ]
    for kwargs, summary in cases:
        w = service.remember(summary, root=root, **kwargs)
        assert w.proposal and w.kind == "rule-proposal" and w.id.startswith("rules/"), kwargs
        assert "only a person makes iron rules" in w.message
    root_md = (root / "ROOT.md").read_text()
    assert "never push" not in root_md.split("## Directory")[0]  # ROOT.md's hand-written part untouched
    report = service.inspect(root=root)
    assert len(report.roots[0].proposals) == 4
    assert is_clean(root)


def test_remember_chooses_the_project_root_and_creates_the_global_one(tmp_path: Path, git_repo: Path) -> None:
    w = service.remember("Use uv for virtual environments", category="preferences", cwd=git_repo)
    assert w.scope == "global" and Path(os.environ["MEMSYNC_GLOBAL_ROOT"], f"{w.id}.md").is_file()
    init_root(Root.at(git_repo / ".memory"), ["facts"])
    sub = git_repo / "src" / "deep"
    sub.mkdir(parents=True)
    w2 = service.remember("The API listens on port 8088", category="facts", cwd=sub)
    assert w2.scope == "project" and (git_repo / ".memory" / f"{w2.id}.md").is_file()
    w3 = service.remember("Prefer short answers", category="preferences", cwd=sub, scope="global")
    assert w3.scope == "global"


def test_dry_run_writes_nothing_and_creates_no_root(root: Path, tmp_path: Path) -> None:
    before = snapshot(root)
    w = service.remember("Something new about Redis eviction", category="facts", root=root, dry_run=True)
    assert w.action == "would create" and snapshot(root) == before
    missing = tmp_path / "nowhere"
    service.remember("x marks the spot", category="facts", root=missing, dry_run=True)
    assert not missing.exists()


def test_concurrent_writers_lose_nothing(root: Path) -> None:
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(6):
                service.remember(f"Service {n} listens on port {9000 + n * 10 + i}", category="facts", root=root)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    names = [p.name for p in (root / "facts").glob("service-*.md")]
    assert len(names) == 24 and len(set(names)) == 24
    assert is_clean(root)


# -- the gates, in order, and bad input: message, exit code, nothing written -----------------------

def refused(cli, root: Path, *args: str, code: int, says: str) -> str:
    before = snapshot(root)
    got, out, err = cli(*args, "--root", str(root))
    assert got == code, (got, out, err)
    assert says in err, err
    assert snapshot(root) == before, "the tree changed although the write was refused"
    return err


def test_write_switch_by_environment_comes_first(root: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSYNC_DISABLE_WRITE", "1")
    # even with a bad id and a secret, the first gate answers
    err = refused(cli, root, "remember", "--category", "../x", "--summary", "s", code=2,
                  says="writing memory is turned off by the user")
    assert "do not retry through another tool" in err and "Searching and reading memory still work" in err
    refused(cli, root, "forget", "decisions/pnpm-for-deploy", code=2, says="turned off by the user")
    assert cli("search", "pnpm", "--root", str(root))[0] == 0  # reading still works


def test_write_switch_by_setting(root: Path, cli) -> None:
    (root / ".memsync.yaml").write_text("memory:\n  disable_write: true\n")
    refused(cli, root, "remember", "--category", "facts", "--summary", "s", code=2, says="memory.disable_write: true")
    with pytest.raises(service.WritesDisabled) as info:
        service.remember("s", category="facts", root=root)
    assert info.value.gate == "write-switch"


@pytest.mark.parametrize("args, says", [
    (["--category", "../etc", "--summary", "s"], "is not a plain name"),
    (["--category", "a/b", "--summary", "s"], "is not a plain name"),
    (["--category", ".hidden", "--summary", "s"], "is not a plain name"),
    (["--category", "/abs", "--summary", "s"], "is not a plain name"),
    (["--category", "has space", "--summary", "s"], "may hold only letters"),
    (["--id", "../../etc/passwd", "--summary", "s"], "not <category>/<slug>"),
    (["--id", "/tmp/x", "--summary", "s"], "not <category>/<slug>"),
    (["--id", "facts/.hidden", "--summary", "s"], "is not a plain name"),
    (["--id", "facts/../x", "--summary", "s"], "not <category>/<slug>"),
])
def test_path_guard(root: Path, cli, args: list[str], says: str) -> None:
    refused(cli, root, "remember", *args, code=2, says=says)


@pytest.mark.parametrize("args, code, says", [
    (["--category", "nosuch", "--summary", "s"], 2, "unknown category 'nosuch'"),
    (["--id", "facts/nosuch", "--summary", "s"], 2, "no entry facts/nosuch"),
    (["--category", "facts", "--summary", ""], 2, "the summary is empty"),
    (["--category", "facts", "--summary", "two\nlines"], 2, "must be one line"),
    (["--category", "facts", "--summary", "!!! … ？"], 2, "has no letters or digits"),
    (["--category", "facts"], 2, "the summary is empty"),
    (["--summary", "no category given"], 2, "name a category"),
    (["--id", "decisions/pnpm-for-deploy", "--category", "facts"], 2, "keeps its category"),
    (["--category", "facts", "--summary", "s", "--supersedes", "facts/missing"], 2, "cannot supersede facts/missing"),
])
def test_bad_input(root: Path, cli, args: list[str], code: int, says: str) -> None:
    refused(cli, root, "remember", *args, code=code, says=says)


def test_body_over_one_mib(root: Path, cli, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("x" * ((1 << 20) + 10))
    refused(cli, root, "remember", "--category", "facts", "--summary", "s", "--body-file", str(big), code=2,
            says="the body is more than 1048576 bytes; an entry is at most 1 MiB")
    refused(cli, root, "remember", "--category", "facts", "--summary", "s", "--body", "x" * ((1 << 20) + 5), code=2,
            says="the body is 1048581 bytes; an entry is at most 1 MiB")


def test_symlinked_entry_and_category(root: Path, cli, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("---\nid: facts/link\nkind: fact\nsummary: outside\n---\n")
    (root / "facts" / "link.md").symlink_to(outside)
    before = outside.read_bytes()
    refused(cli, root, "forget", "facts/link", code=2, says="no entry facts/link")  # never read as an entry
    (tmp_path / "elsewhere").mkdir()
    (root / "notes").symlink_to(tmp_path / "elsewhere")
    refused(cli, root, "remember", "--category", "notes", "--summary", "s", code=2, says="unknown category")
    assert outside.read_bytes() == before and not any((tmp_path / "elsewhere").iterdir())


def test_symlink_swapped_in_for_an_entry_is_refused(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "target.md"
    outside.write_text("precious")
    entry = root / "decisions" / "pnpm-for-deploy.md"
    memory = service.Memory(root=root)
    with memory:
        memory._tree(Root.at(root))  # the entry is known ...
        entry.unlink()
        entry.symlink_to(outside)  # ... then replaced by a symlink
        # Refused either way: a symlink is never an entry (unknown), nor written through (unsafe).
        with pytest.raises((service.UnsafePath, service.UnknownEntry)):
            memory.remember(id="decisions/pnpm-for-deploy", summary="new text")
    assert outside.read_text() == "precious"


def test_pinned_entry_needs_force(root: Path, cli) -> None:
    refused(cli, root, "forget", "facts/staging-db", code=2, says="is pinned")
    code, out, _ = cli("forget", "facts/staging-db", "--force", "--root", str(root))
    assert code == 0 and not (root / "facts" / "staging-db.md").exists()


def test_unknown_id_for_forget_and_show(root: Path, cli) -> None:
    refused(cli, root, "forget", "facts/nope", code=2, says="no entry facts/nope")
    refused(cli, root, "show", "facts/nope", code=2, says="no entry facts/nope")
    refused(cli, root, "forget", "../secret", code=2, says="is not a plain name")


def test_secret_gate_refuses_and_never_prints_the_secret(root: Path, cli) -> None:
    secret = FAKES["github-pat"](random.Random(11))
    err = refused(cli, root, "remember", "--category", "facts", "--summary", "CI token",
                  "--body", f"the token is {secret}", code=1, says="looks like a secret")
    assert secret not in err and "ghp_*** (40 chars)" in err
    got, out, err = cli("remember", "--category", "facts", "--summary", f"token {secret}", "--json",
                        "--root", str(root))
    assert got == 1 and secret not in out + err
    doc = json.loads(out)
    assert doc["gate"] == "secrets" and doc["findings"][0]["rule"] == "github-pat"
    with pytest.raises(service.SecretFound) as info:
        service.remember("s", category="facts", load_when=[secret], root=root)
    assert exit_code(info.value) == 1 and info.value.findings


def test_dedupe_gate_names_the_entry_and_force_overrides(root: Path, cli) -> None:
    err = refused(cli, root, "remember", "--category", "decisions", "--summary",
                  "部署脚本用pnpm，不用npm：lockfile不兼容", code=1, says="decisions/pnpm-for-deploy already says this")
    assert "with force" in err
    with pytest.raises(service.Duplicate) as info:
        service.remember("Staging Postgres 16 listens on port 5433", category="facts", root=root)
    assert info.value.existing == "facts/staging-db" and info.value.coverage >= 0.7
    # a different port says something new
    assert service.remember("Staging PostgreSQL 16 now listens on port 5434", category="facts", root=root)
    code, out, err = cli("remember", "--category", "decisions", "--summary", "部署脚本用pnpm，不用npm：lockfile不兼容",
                         "--force", "--root", str(root))
    assert code == 0, err


def test_a_write_close_to_a_live_entry_names_it(root: Path, cli) -> None:
    """The gate writes a note that changes a fact (a new port) and says which entry it is close to,
    so the caller can supersede it (or forget the new one if it only restates it)."""
    written = service.remember("Staging PostgreSQL 16 now listens on port 5434", category="facts", root=root)
    assert [n.id for n in written.similar] == ["facts/staging-db"]
    near = written.similar[0]
    assert near.summary == "Staging runs PostgreSQL 16 on port 5433." and 0.3 <= near.coverage < 1
    assert "5434" in near.reason or "number" in near.reason, near.reason
    assert (f"close to facts/staging-db ('Staging runs PostgreSQL 16 on port 5433.'; {near.reason}): if that "
            f"entry already says this, forget {written.id}; if this one replaces it, supersede facts/staging-db with "
            f"{written.id}"
            ) in written.message
    assert is_clean(root)
    # An unrelated note names nothing; with force the gate does not run, so nothing either.
    assert service.remember("Frontend uses Vite with React 19", category="facts", root=root).similar == []
    forced = service.remember("Staging PostgreSQL 16 moved to port 5435", category="facts", root=root, force=True)
    assert forced.similar == [] and "close to" not in forced.message
    for note in (written, forced):
        service.forget(note.id, root=root)
    # The CLI prints it and --json carries it; --dry-run says it too and writes nothing.
    code, out, err = cli("remember", "--category", "facts", "--summary", "Staging PostgreSQL 16 listens on port 6543",
                         "--json", "--root", str(root))
    assert code == 0, err
    doc = json.loads(out)
    assert [n["id"] for n in doc["similar"]] == ["facts/staging-db"] and "close to facts/staging-db" in doc["message"]
    service.forget(doc["id"], root=root)
    before = snapshot(root)
    code, out, err = cli("remember", "--category", "facts", "--summary", "Staging PostgreSQL 16 listens on port 6544",
                         "--dry-run", "--root", str(root))
    assert code == 0 and "close to facts/staging-db" in out and snapshot(root) == before


def test_similar_entry_summary_is_masked_and_the_floor_is_a_setting(root: Path) -> None:
    secret = FAKES["github-pat"](random.Random(12))
    write_entry(root, "facts/ci-token-home", f"CI token {secret} lives in the vault under ci/deploy",
                created=1791600000000, updated=1791600000000)
    written = service.remember("CI deploy token lives in the vault under ci/deploy-v2", category="facts",
                               root=root, force=False)
    assert [n.id for n in written.similar] == ["facts/ci-token-home"]
    assert secret not in written.message and secret not in json.dumps(written.to_json())
    assert "ghp_***" in written.similar[0].summary
    service.forget(written.id, root=root)
    (root / ".memsync.yaml").write_text("memory:\n  similar_coverage: 1.0\n")
    assert service.remember("CI deploy token lives in the vault under ci/deploy-v2", category="facts",
                            root=root).similar == []


@pytest.mark.parametrize("monitor", ["off", "on"])
def test_dedupe_sees_an_entry_another_tool_just_wrote(root: Path, monkeypatch: pytest.MonkeyPatch,
                                                      monitor: str) -> None:
    """The gate's search index is brought up to date from the tree walk the write made (one
    stat per file, not two): an entry an editor or ``git pull`` put there a moment ago, and an
    edit of an existing one, are judged like the rest."""
    if monitor == "off":
        monkeypatch.setenv("MEMSYNC_NO_MONITOR", "1")
    assert service.remember("Redis runs with maxmemory 2 GB in staging", category="facts", root=root)
    write_entry(root, "facts/kafka-retention", "Kafka topics keep messages for seven days.")  # not compiled
    with pytest.raises(service.Duplicate) as info:
        service.remember("Kafka topics keep messages for 7 days", category="facts", root=root)
    assert info.value.existing == "facts/kafka-retention"
    # an edit in place (same size, same mtime a second later would not do: ctime moves)
    write_entry(root, "facts/kafka-retention", "Kafka topics keep messages for three days.")
    with pytest.raises(service.Duplicate):
        service.remember("Kafka keeps topic messages for 3 days", category="facts", root=root)
    assert service.remember("Kafka topics keep messages for 7 days", category="facts", root=root)  # now new


def test_read_only_root(root: Path, cli) -> None:
    os.chmod(root / "facts", stat.S_IRUSR | stat.S_IXUSR)
    try:
        refused(cli, root, "remember", "--category", "facts", "--summary", "Something new entirely", code=2,
                says="is read-only")
    finally:
        os.chmod(root / "facts", 0o755)
    os.chmod(root, stat.S_IRUSR | stat.S_IXUSR)
    try:
        refused(cli, root, "remember", "--category", "facts", "--summary", "Something new entirely", code=2,
                says="is read-only")
    finally:
        os.chmod(root, 0o755)


# -- show ------------------------------------------------------------------------------------------

def test_show_prints_the_entry_with_secrets_masked(root: Path, cli) -> None:
    secret = FAKES["github-pat"](random.Random(5))
    path = write_entry(root, "facts/handwritten", "a note a person wrote", body=f"token {secret}\n")
    code, out, err = cli("show", "facts/handwritten", "--root", str(root))
    assert code == 0 and "a note a person wrote" in out and str(path.name) in out
    assert secret not in out and "ghp_***" in out
    code, out, _ = cli("show", "facts/handwritten", "--json", "--root", str(root))
    doc = json.loads(out)
    assert doc["id"] == "facts/handwritten" and doc["meta"]["summary"] == "a note a person wrote"
    assert secret not in out


def test_show_json_of_an_unknown_id_prints_the_refusal_as_json(root: Path, cli) -> None:
    code, out, err = cli("show", "facts/nothing-here", "--json", "--root", str(root))
    assert code == 2 and "no entry facts/nothing-here" in err
    doc = json.loads(out)
    assert doc["ok"] is False and doc["error"] == "UnknownEntry" and "no entry facts/nothing-here" in doc["message"]


def test_cli_remember_json_and_body_from_stdin(root: Path, run) -> None:
    done = run("remember", "--root", str(root), "--category", "pitfalls", "--summary",
               "pytest-xdist needs --dist loadgroup here", "--body", "-", "--json", input="because of git daemons\n")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["ok"] and doc["action"] == "created" and doc["recompiled"] == ["ROOT.md", "pitfalls/index.md"]
    assert (root / f"{doc['id']}.md").read_text().endswith("because of git daemons\n")


@pytest.mark.parametrize("seed", range(8))
def test_random_writes_leave_the_compiled_files_exactly_as_a_full_compile(root: Path, seed: int) -> None:
    """Partial recompilation must give the bytes `memsync compile` gives, whatever the sequence."""
    rng = random.Random(seed)
    memory = service.Memory(root=root, watch=bool(seed % 2))
    words = ["部署", "pnpm", "kafka", "积压", "SQLite", "缓存", "deploy", "Redis", "端口", "CI"]
    live: list[str] = []
    with memory:
        for step in range(30):
            op = rng.random()
            try:
                if op < 0.45 or not live:
                    w = memory.remember(f"{rng.choice(words)} note {seed}-{step} port {step}", category=rng.choice(
                        ["facts", "pitfalls", "decisions"]), load_when=rng.sample(words, rng.randint(0, 2)),
                        pinned=rng.random() < 0.2, body="b " * rng.randint(0, 30))
                    live.append(w.id)
                elif op < 0.65:
                    memory.remember(id=rng.choice(live), load_when=rng.sample(words, rng.randint(0, 3)),
                                    summary=f"changed {step} {rng.choice(words)}", force=True)
                elif op < 0.8 and len(live) > 1:
                    old, new = rng.sample(live, 2)
                    memory.supersede(old, new, force=True)
                else:
                    victim = rng.choice(live)
                    memory.forget(victim, force=True)
                    live.remove(victim)
            except (service.Duplicate, service.BadInput):
                pass
            assert is_clean(root), f"stale after step {step}"


def test_cli_dry_run_runs_the_gates_and_writes_nothing(root: Path, cli) -> None:
    before = snapshot(root)
    code, out, err = cli("remember", "--root", str(root), "--category", "facts", "--summary",
                         "Redis evicts with allkeys-lru here", "--dry-run")
    assert code == 0 and out.startswith("Would create facts/redis-evicts-with-allkeys-lru-here")
    assert snapshot(root) == before
    code, _, err = cli("remember", "--root", str(root), "--category", "decisions", "--summary",
                       "部署脚本用pnpm，不用npm：lockfile不兼容", "--dry-run")
    assert code == 1 and "already says this" in err and snapshot(root) == before


# -- what review found: entries memsync would write but not read back, links that strand both -----

@pytest.mark.parametrize("field, value, says", [
    ("load_when", "7", "E013 'load_when' must be a list of strings"),
    ("load_when", "[1, 2, null]", "E013 'load_when' must be a list of strings"),
    ("summary", "12345", "E013 'summary' must be a string, not an integer"),
])
def test_an_update_keeping_a_broken_field_is_refused_not_a_crash(root: Path, cli, field: str, value: str,
                                                                   says: str) -> None:
    path = write_entry(root, "facts/hand-edited", "walrus tusks grow")
    text = path.read_text().replace("summary: walrus tusks grow\n", "summary: walrus tusks grow\n"
                                    if field != "summary" else f"summary: {value}\n")
    if field == "load_when":
        text = text.replace("---\n\n", f"load_when: {value}\n---\n\n", 1) if "---\n\n" in text else \
            text.replace("\n---\n", f"\nload_when: {value}\n---\n", 1)
    path.write_text(text)
    err = refused(cli, root, "remember", "--id", "facts/hand-edited", "--highlight", "new highlight", code=2,
                  says=says)
    assert "the entry would not be valid, so nothing was written" in err
    assert "fix that field by hand, or give it anew" in err


def test_an_entry_memsync_could_not_read_back_is_not_created(root: Path, cli) -> None:
    """Thousands of triggers fit in 1 MiB but not in the 64 KiB of frontmatter an entry may have:
    refused before writing, rather than "Created" and then invisible to search and updates."""
    triggers = ",".join(f"trig{i}" for i in range(8000))
    refused(cli, root, "remember", "--category", "facts", "--summary", "many triggers", "--body", "zanzibar",
            "--load-when", triggers, code=2, says="E009 frontmatter is larger than 64 KiB (keep memory short: "
            "fewer load_when triggers, a shorter highlight)")
    assert not (root / "facts" / "many-triggers.md").exists()


def test_a_superseded_entry_cannot_replace_another_so_no_cycle_strands_both(root: Path, cli) -> None:
    a = service.remember("alpha uses redis cache", category="facts", root=root).id
    b = service.remember("beta queue is rabbitmq", category="facts", root=root).id
    code, _, err = cli("supersede", a, b, "--root", str(root))
    assert code == 0, err
    says = f"{a} is itself superseded, so it cannot replace {b}: nothing was changed"
    refused(cli, root, "supersede", b, a, code=2, says=says)
    refused(cli, root, "remember", "--id", a, "--supersedes", b, code=2, says=says)
    assert [h.id for h in service.recall("rabbitmq", root=root).hits] == [b]
    assert is_clean(root)


def test_lint_names_a_supersede_cycle_made_by_hand(root: Path, cli) -> None:
    write_entry(root, "facts/a", "alpha fact", supersedes=["facts/b"], superseded_by="facts/b")
    write_entry(root, "facts/b", "beta fact", supersedes=["facts/a"], superseded_by="facts/a")
    compile_root(Root.at(root))
    code, out, _ = cli("lint", "--root", str(root))
    assert code == 1
    assert "facts/a.md:1: E023 supersede links form a cycle (facts/a -> facts/b -> facts/a)" in out
    assert "facts/b.md:1: E023 supersede links form a cycle (facts/b -> facts/a -> facts/b)" in out


def test_changing_only_metadata_is_not_refused_as_a_duplicate(root: Path, cli) -> None:
    first = service.remember("postgres pool size is twenty", category="facts", body="set in config.yaml",
                             root=root).id
    twin = service.remember("postgres pool size is twenty", category="facts", body="set in config.yaml",
                            root=root, force=True).id
    for args in (("--pinned",), ("--highlight", "see the infra doc")):
        code, out, err = cli("remember", "--id", twin, *args, "--root", str(root))
        assert code == 0 and f"Updated {twin}" in out, err
    # changing what an entry says still meets the gate
    refused(cli, root, "remember", "--id", first, "--summary", "The postgres pool size is twenty", code=1,
            says=f"{twin} already says this")


def test_an_unreadable_entry_is_named_not_called_missing(root: Path, cli) -> None:
    (root / "facts" / "bad.md").write_text("---\nid: facts/bad\nkind: fact\nsummary: [unclosed\n---\nbody\n")
    says = "facts/bad exists but cannot be read: "
    for args in (("remember", "--id", "facts/bad", "--summary", "fixed summary"),
                 ("supersede", "facts/bad", "decisions/pnpm-for-deploy"),
                 ("remember", "--category", "facts", "--summary", "a new fact", "--supersedes", "facts/bad")):
        err = refused(cli, root, *args, code=2, says=says)
        assert "E006 invalid YAML" in err and "Fix the file by hand" in err


def test_a_compiled_index_is_not_an_entry(root: Path, cli) -> None:
    for args in (("show", "facts/index"), ("forget", "facts/index"), ("remember", "--id", "facts/index",
                                                                          "--highlight", "x")):
        refused(cli, root, *args, code=2, says="no entry facts/index")


def test_recall_counts_honour_a_read_only_root(root: Path, cli) -> None:
    os.chmod(root, stat.S_IRUSR | stat.S_IXUSR)
    try:
        before = snapshot(root)
        code, out, err = cli("search", "pnpm", "--root", str(root))
        assert code == 0 and "decisions/pnpm-for-deploy" in out
        assert "recall counts not recorded" in err and "is read-only; nothing was written" in err
        assert snapshot(root) == before and not (root / ".state.json").exists()
    finally:
        os.chmod(root, 0o755)


def test_a_symlinked_root_is_read_and_never_written_and_the_message_says_why(tmp_path: Path, git_repo: Path,
                                                                               cli) -> None:
    real = git_repo / "real"
    init_root(Root.at(real), ["facts"])
    write_entry(real, "facts/pnpm", "deploy with pnpm, not npm")
    compile_root(Root.at(real))
    (git_repo / ".memory").symlink_to("real")
    before = snapshot(real)
    code, out, err = cli("search", "pnpm", cwd=git_repo)
    assert code == 0 and "facts/pnpm" in out
    assert "is a symlink; memsync does not write through it" in err and "is not a folder" not in err
    code, out, err = cli("remember", "--category", "facts", "--summary", "another fact here", "--scope", "project",
                         cwd=git_repo)
    assert code == 2 and ".memory: is a symlink; memsync does not write through it" in err
    assert snapshot(real) == before
