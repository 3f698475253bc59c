"""Round 6 review of the agent layer with hostile input: each test names a hole that was found
(it failed before its fix) — source file names, the hook's output encoding, the context budget,
entry size, setup's all-or-nothing promise, huge JSON numbers, secrets in front-matter keys,
and the work a hostile model answer can cost."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from memtree import snapshot, write_entry
from sourcetrees import claude_memory, git_repo, problems_by_name, scrub, settings, source_report

from memsync.build import compile_root, init_root
from memsync.roots import Root

TOKEN = "ghp_" + "Vx7Kp2Lq9Zt4Wm8Nc3Rb6Yh1Jd5Gf0Su2Ea9"


# 1. A file name in another agent's memory that is not UTF-8 ------------------------------------

@pytest.fixture
def claude_source(clean_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, Path]:
    """A project whose Claude Code auto-memory holds one good topic file and one whose name
    holds bytes that are not UTF-8 (any byte but '/' and NUL is allowed in a Linux file name)."""
    scrub(monkeypatch)
    settings(clean_env, monkeypatch, "sources:\n  claude_code: true\n")
    project = git_repo(tmp_path / "proj")
    mem = claude_memory(clean_env / ".claude", project)
    (mem / "good.md").write_text("---\ndescription: zebra crossings are painted white\ntype: user\n---\n"
                                 "The zebra crossing rule.\n", encoding="utf-8")
    with open(os.fsencode(mem) + b"/bad\xff\xfename.md", "wb") as fh:
        fh.write(b"---\ndescription: zebra notes with a broken name\ntype: user\n---\nzebra body\n")
    return project, mem


def test_a_source_file_name_that_is_not_utf8_is_skipped_and_named(cli, run, claude_source) -> None:
    """Before: `search zebra` exited 70 (internal error: UnicodeEncodeError from SQLite), the
    context hook gave no context at all, for every prompt of every session."""
    project, mem = claude_source
    code, out, err = cli("search", "zebra", "--json", cwd=project)
    assert code == 0, err
    assert [h["id"] for h in json.loads(out)["hits"]] == ["claude-code:good"]
    problems = problems_by_name(source_report(cli, project, "claude-code"))
    assert "not valid UTF-8" in problems["bad\\xff\\xfename.md"]
    payload = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "zebra crossing", "session_id": "s1",
                          "cwd": str(project)})
    done = run("context", "--format", "claude-code", cwd=project, input=payload)
    assert done.returncode == 0 and done.stderr == ""
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "claude-code:good" in context and "The zebra crossing rule." in context


@pytest.mark.parametrize("with_root", [True, False], ids=["with-a-memory-root", "source-only"])
def test_mcp_recall_survives_a_source_file_name_that_is_not_utf8(claude_source, with_root: bool) -> None:
    """Before: memory_recall answered 'internal error in memsync (UnicodeEncodeError)'. And with no
    memsync root yet (only Claude Code's memory turned on) it answered 'No memory exists yet'
    without searching the source, where `memsync search` and the context hook read it."""
    from mcpclient import connect, run as arun, text

    project, _ = claude_source
    if with_root:
        init_root(Root.at(project / ".memory"), ["facts"])

    async def main() -> None:
        async with connect(project) as c:
            r = await c.call_tool("memory_recall", {"query": "zebra crossing"})
            assert not r.is_error, text(r)
            hits = r.structured_content["hits"]
            assert [h["id"] for h in hits] == ["claude-code:good"], text(r)
            assert "The zebra crossing rule." in text(r)

    arun(main)


# 2. The context hook's output when stdout is not UTF-8 -----------------------------------------

@pytest.fixture
def project_memory(git_repo: Path) -> Path:
    root = git_repo / ".memory"
    init_root(Root.at(root), ["decisions", "facts"])
    write_entry(root, "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm — lockfile 不兼容", kind="decision",
                body="npm kept rewriting pnpm-lock.yaml.\n")
    compile_root(Root.at(root))
    return root


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "cp1252"])
def test_the_context_hook_prints_utf8_hook_json_whatever_stdouts_encoding(project_memory, git_repo, encoding) -> None:
    """Before: with stdout in a non-UTF-8 encoding (a legacy locale, Windows' code page) every
    block failed with UnicodeEncodeError ('—' is in every outline): no context, ever."""
    payload = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "部署 pnpm", "cwd": str(git_repo)})
    env = dict(os.environ, PYTHONIOENCODING=encoding, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-m", "memsync", "context", "--format", "claude-code"], cwd=git_repo,
                          env=env, input=payload.encode("utf-8"), capture_output=True, timeout=120)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    context = json.loads(done.stdout.decode("utf-8"))["hookSpecificOutput"]["additionalContext"]
    assert "部署脚本用pnpm而不是npm" in context and "decisions/pnpm-for-deploy" in context


# 3. The context budget, counted in characters as ContextBlock.chars documents ------------------

@pytest.mark.parametrize("text, room", [
    ("a" * 100, 50), ("a" * 100, 2), ("ab cd " + "x" * 100, 50), ("x\n" + "y" * 400, 100), ("短" * 300, 77),
], ids=["one-word", "room-2", "early-spaces", "early-newline", "cjk"])
def test_fit_never_returns_more_than_its_room(text: str, room: int) -> None:
    from memsync.context import _fit

    assert len(_fit(text, room)) <= room


def test_a_context_block_never_exceeds_its_budget_by_one_character(project_memory, git_repo) -> None:
    """Before: with iron rules in, a body cut to fit (one long word, no line end to cut at)
    came out one character over ``--budget`` (for 398 of 767 budgets from 300 to 2600)."""
    from memsync import service

    text = (project_memory / "ROOT.md").read_text(encoding="utf-8")
    (project_memory / "ROOT.md").write_text(text.replace("## Iron rules\n", "## Iron rules\n\n- Never push to main.\n",
                                                         1), encoding="utf-8")
    write_entry(project_memory, "facts/blob", "Deploy lockfile blob", body="y" * 6000 + "\n")
    compile_root(Root.at(project_memory))
    over = []
    for budget in range(600, 1400, 7):
        block = service.context("deploy lockfile blob", cwd=git_repo, budget=budget)
        assert block.injected and "Never push to main." in block.text
        if block.chars > budget:
            over.append((budget, block.chars))
    assert over == []


# 4. An entry larger than memsync itself reads ---------------------------------------------------

def test_remember_refuses_an_entry_over_the_size_lint_accepts(cli, project_memory, git_repo) -> None:
    """Before: 20,000 load_when triggers made a 2.3 MB entry that was written (exit 0), then
    refused by lint (E002) and left out of the index: a write memsync could not read back."""
    before = snapshot(project_memory)
    triggers = ",".join(f"trigger number {i} " + "q" * 90 for i in range(20_000))
    code, out, err = cli("remember", "--summary", "many triggers for zebras", "--category", "facts",
                         "--load-when", triggers, cwd=git_repo)
    assert code == 2 and "1 MiB" in err and "nothing was written" in err, (code, err[:300])
    assert snapshot(project_memory) == before


# 5. setup: every file is checked before any is written ------------------------------------------

def test_setup_writes_no_file_when_another_of_its_files_is_read_only(tmp_path: Path, cli) -> None:
    """Before: ~/.claude.json got the server entry (and a backup) while settings.json was
    refused as read-only, and the message said 'nothing written'."""
    home = Path(os.environ["HOME"])
    (home / ".claude").mkdir()
    claude_json, settings_json = home / ".claude.json", home / ".claude" / "settings.json"
    claude_json.write_text('{"oauthAccount": {"x": 1}}\n')
    settings_json.write_text('{"theme": "dark"}\n')
    settings_json.chmod(0o444)
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    code, out, err = cli("setup", "claude-code", "--command", "memsync", cwd=project)
    assert code == 2 and "read-only" in err and "nothing written" in err
    assert claude_json.read_text() == '{"oauthAccount": {"x": 1}}\n'
    assert settings_json.read_text() == '{"theme": "dark"}\n'
    assert not list(home.glob("*.bak")) and not list((home / ".claude").glob("*.bak"))


# 6. A settings file holding a number Python will not convert ------------------------------------

@pytest.mark.parametrize("number", ["9" * 5000, "-" + "1" * 4400, "1" * 4301], ids=["5000", "-4400", "4301"])
def test_setup_keeps_a_huge_integer_in_a_settings_file(tmp_path: Path, cli, number: str) -> None:
    """Before: JSON that every host reads ({"n": 999…} with 5,000 digits) stopped setup with
    'internal error: ValueError: Exceeds the limit (4300 digits)', exit 70."""
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    target = project / ".mcp.json"
    target.write_text(f'{{"n": {number}, "mcpServers": {{}}}}\n')
    code, out, err = cli("setup", "claude-code", "--project", "--command", "memsync", cwd=project)
    assert code == 0, err
    text = target.read_text()
    assert f'"n": {number},' in text and '"memsync"' in text


# 7. A secret in a front-matter key ----------------------------------------------------------------

def test_a_secret_in_a_frontmatter_key_is_masked_in_show_and_mcp(run, project_memory, git_repo) -> None:
    """Before: `show --json` and memory_recall by id returned a key holding a token whole
    (values were masked, keys were not)."""
    (project_memory / "facts" / "leaky.md").write_text(
        f"---\nid: facts/leaky\nkind: fact\nsummary: the release bot notes\n{TOKEN}: value\n"
        f"nested:\n  {TOKEN}: [1]\n---\n\nbody\n", encoding="utf-8")
    done = run("show", "facts/leaky", "--json", cwd=git_repo)
    assert done.returncode == 0 and TOKEN not in done.stdout and "ghp_" in done.stdout, done.stdout

    from mcpclient import connect, run as arun, text

    async def main() -> None:
        async with connect(git_repo) as c:
            r = await c.call_tool("memory_recall", {"id": "facts/leaky"})
            assert not r.is_error and TOKEN not in text(r) and TOKEN not in json.dumps(r.structured_content)

    arun(main)


# 8. The work a hostile model answer can cost -------------------------------------------------------

def _unclosed(n: int) -> str:
    return "[" * 400 + "1," * n


@pytest.mark.parametrize("answer", [
    _unclosed(500_000),
    "{" * 300 + '"a": ' + '"x", ' * 200_000,
    ("[" + '"pad", ' * 5_000) * 200,
], ids=["400-unclosed-arrays", "300-unclosed-objects", "200-unclosed-lists"])
def test_scanning_a_hostile_answer_for_json_reads_it_a_bounded_number_of_times(monkeypatch, answer: str) -> None:
    """Before: each of up to 400 openings was decoded to the end of the text: a 4 MB answer
    of 400 '[' and no ']' cost 400 full decodes (50 s here). Counted in characters decoded,
    not timed."""
    import json as json_module

    from memsync.extract import answer as answer_module

    spent = [0]
    real = json_module.JSONDecoder.raw_decode

    def counting(self, s, idx=0):  # type: ignore[no-untyped-def]
        try:
            value, end = real(self, s, idx)
        except json_module.JSONDecodeError as exc:
            spent[0] += max(exc.pos - idx, 0)
            raise
        spent[0] += end - idx
        return value, end

    monkeypatch.setattr(json_module.JSONDecoder, "raw_decode", counting)
    with pytest.raises(answer_module.Unparseable):
        answer_module.parse(answer)
    assert spent[0] <= 5 * len(answer)


def test_a_good_answer_after_prose_with_brackets_is_still_found() -> None:
    from memsync.extract.answer import parse

    prose = "Looking at [the logs] and {the config} [1] [2] " * 50
    found = parse(prose + '[{"summary": "Deploys use pnpm", "category": "decisions"}]')
    assert [c.summary for c in found] == ["Deploys use pnpm"]


# 9. Text that is not valid Unicode, in a write -----------------------------------------------------

@pytest.mark.parametrize("field", ["--summary", "--body", "--load-when", "--highlight", "--kind"])
def test_remember_refuses_bytes_that_are_not_utf8_in_any_field(project_memory, git_repo, field: str) -> None:
    """Before: `remember --summary $'caf\\xff …'` wrote `summary: "caf\\uDCFF …"`, which lint
    then refused (E006 invalid YAML) and search could not read; in the body it was exit 70
    (internal error: UnicodeEncodeError)."""
    before = snapshot(project_memory)
    args = {"--summary": b"zebra crossing notes", "--category": b"facts"}
    args[field] = b"caf\xff zebra"
    argv = [sys.executable.encode(), b"-m", b"memsync", b"remember"] + [w for kv in args.items()
                                                                       for w in (kv[0].encode(), kv[1])]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    done = subprocess.run(argv, cwd=git_repo, env=env, capture_output=True, timeout=120)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and "not valid" in err and "internal error" not in err, err
    assert snapshot(project_memory) == before


@pytest.mark.parametrize("kw", [{"summary": "caf\udcff zebra"}, {"body": "half an emoji \ud83d"},
                                {"load_when": ["ok", "\udfff"]}], ids=["summary", "body", "load_when"])
def test_a_lone_surrogate_from_a_json_escape_is_refused(project_memory, git_repo, kw) -> None:
    """What a model sends as "\\udcff" in JSON (MCP arguments) arrives as a lone surrogate."""
    from memsync import service
    from memsync.gates import BadInput

    before = snapshot(project_memory)
    args = {"summary": "zebra crossing notes", "category": "facts", **kw}
    with pytest.raises(BadInput, match="not valid"):
        service.remember(args.pop("summary"), cwd=git_repo, **args)
    assert snapshot(project_memory) == before


# 10. A secret in a transcript field the prompt did not mask ----------------------------------------

@pytest.mark.parametrize("block", [
    {"type": "tool_use", "id": "t1", "name": TOKEN, "input": {"command": "ls"}},
    {"type": "tool_use", "id": "t1", "name": f"Bash {TOKEN}", "input": {}},
    {"type": "server_tool_use", "id": "t1", "name": f"web_search:{TOKEN}", "input": "x"},
], ids=["name-is-a-token", "name-holds-a-token", "server-tool"])
def test_a_secret_in_a_tool_calls_name_never_reaches_the_model(cli, tmp_path: Path, monkeypatch, block) -> None:
    """Before: tool calls' input and output were masked, their name was not (up to 80 characters
    of it went into the prompt as written)."""
    from extractkit import Model, conversation, record, write_transcript

    root = tmp_path / "root"
    assert cli("init", "--root", str(root))[0] == 0
    model = Model(tmp_path / "m", "[]")
    config = tmp_path / "config.yaml"
    config.write_text(f"extract:\n  model_cmd: {json.dumps(model.cmd)}\n")
    monkeypatch.setenv("MEMSYNC_CONFIG", str(config))
    records = conversation(4)
    records.insert(1, record("assistant", [block]))
    transcript = write_transcript(tmp_path / "sess.jsonl", records)
    code, out, err = cli("extract", str(transcript), "--root", str(root))
    [seen] = model.prompts()
    assert code == 0 and TOKEN not in seen and "ghp_***" in seen, err


# 11. Hook payloads Python's JSON reader raises on ---------------------------------------------------

@pytest.mark.parametrize("payload, says", [
    ('{"hook_event_name": "SessionStart", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    ("[" * 1_000_000, "nested too deeply"),
], ids=["deep-field", "deep-array"])
@pytest.mark.parametrize("command", [("context", "--format", "claude-code"), ("extract", "--hook", "claude-code")],
                         ids=["context", "extract"])
def test_a_hook_payload_nested_too_deeply_is_named_as_such(project_memory, git_repo, run, payload, says,
                                                           command) -> None:
    """Before: both hooks failed open, but with Python's 'RecursionError: maximum recursion depth
    exceeded while decoding a JSON array' for a message (hookio promised a named problem)."""
    before = snapshot(project_memory)
    done = run(*command, cwd=git_repo, input=payload)
    assert done.returncode == 0 and done.stdout == ""
    assert says in done.stderr and "RecursionError" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert snapshot(project_memory) == before


# 12. The outline reads compiled files: only inside the root ------------------------------------------

def _outside_index(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    (outside / "private").mkdir(parents=True)
    for folder in (outside, outside / "private"):
        (folder / "index.md").write_text("# private\n\n- [secret-plan](secret-plan.md) — OUTSIDE-MARKER the plan\n",
                                         encoding="utf-8")
    return outside


def _directory_rows(root: Path, rows: str) -> None:
    text = (root / "ROOT.md").read_text(encoding="utf-8")
    head, _, rest = text.partition("<!-- memsync:begin directory -->\n")
    _, _, tail = rest.partition("<!-- memsync:end directory -->")
    (root / "ROOT.md").write_text(f"{head}<!-- memsync:begin directory -->\n| Category | Entries | Index |\n"
                                  f"| --- | ---: | --- |\n{rows}<!-- memsync:end directory -->{tail}", encoding="utf-8")


@pytest.mark.parametrize("how", ["dotdot-row", "absolute-row", "symlinked-category"])
def test_the_outline_never_reads_an_index_outside_the_root(project_memory, git_repo, tmp_path, run, how) -> None:
    """Before: a ROOT.md directory row naming '../../outside/private' (ROOT.md travels with a
    cloned repository), or a category folder that is a symlink, made the context hook read that
    index.md outside the root and hand its lines to the model."""
    outside = _outside_index(tmp_path)
    if how == "symlinked-category":
        os.symlink(outside, project_memory / "notes")
        _directory_rows(project_memory, "| decisions | 1 | [decisions/index.md](decisions/index.md) |\n"
                                        "| notes | 1 | [notes/index.md](notes/index.md) |\n")
    else:
        name = "../../outside/private" if how == "dotdot-row" else str(outside / "private")
        _directory_rows(project_memory, "| decisions | 1 | [decisions/index.md](decisions/index.md) |\n"
                                        f"| {name} | 1 | x |\n")
    payload = json.dumps({"hook_event_name": "SessionStart", "source": "startup", "session_id": "s1",
                          "cwd": str(git_repo)})
    done = run("context", "--format", "claude-code", cwd=git_repo, input=payload)
    assert done.returncode == 0
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "decisions/pnpm-for-deploy" in context
    assert "OUTSIDE-MARKER" not in context and "secret-plan" not in context


# 13. A refusal quoting an existing entry ------------------------------------------------------------

def test_the_duplicate_refusal_masks_a_secret_in_the_entry_it_quotes(cli, project_memory, git_repo) -> None:
    """Before: 'not written: facts/leaky already says this (…: 'the zebra bot token is ghp_…')'
    quoted a hand-written entry's summary whole, to the CLI and to a model through MCP."""
    write_entry(project_memory, "facts/leaky", f"the zebra bot token is {TOKEN}", body="zebra body\n")
    compile_root(Root.at(project_memory))
    before = snapshot(project_memory)
    for fmt in ((), ("--json",)):
        code, out, err = cli("remember", "--summary", "the zebra bot token is secret", "--category", "facts",
                             "--body", "zebra body", *fmt, cwd=git_repo)
        assert code == 1 and "already says this" in out + err
        assert TOKEN not in out + err and "ghp_***" in out + err
    assert snapshot(project_memory) == before
