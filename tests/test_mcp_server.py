"""`memsync mcp` through the official SDK client over real stdio: tools, results, refusals, freshness."""
from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcpclient import connect, make_project, params, run, server_env, text
from memtree import snapshot, write_entry

from memsync.mcp import texts

TOOLS = {"memory_recall", "memory_remember", "memory_forget", "memory_inspect"}
VOCABULARY = {"id", "query", "summary", "body", "category", "kind", "load_when", "scope",
              "offset", "limit", "highlight", "pinned", "supersedes", "force"}


def _seed(project: Path) -> None:
    root = project / ".memory"
    write_entry(root, "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm，因为lockfile不兼容", kind="decision",
                body="npm 会重写 pnpm-lock.yaml，部署时依赖版本漂移。\n", load_when=["部署", "pnpm"])
    write_entry(root, "pitfalls/sqlite-cjk-tokenizer", "unicode61 treats a whole Chinese run as one token",
                kind="pitfall", body="The trigram tokenizer misses two-character words; memsync uses bigrams.\n",
                load_when=["SQLite", "FTS5"])
    subprocess.run([sys.executable, "-m", "memsync", "compile", "--project"], cwd=project, env=server_env(),
                   check=True, capture_output=True)


def test_tools_are_listed_with_annotations_schemas_and_short_texts(tmp_path: Path) -> None:
    project = make_project(tmp_path)

    async def main() -> None:
        async with connect(project) as c:
            listed = {t.name: t for t in (await c.list_tools()).tools}
            assert set(listed) == TOOLS
            ann = {n: t.annotations for n, t in listed.items()}
            assert ann["memory_recall"].read_only_hint is True and ann["memory_inspect"].read_only_hint is True
            assert ann["memory_remember"].read_only_hint is False and ann["memory_remember"].destructive_hint is False
            assert ann["memory_forget"].destructive_hint is True and ann["memory_forget"].read_only_hint is False
            for t in listed.values():
                assert len(t.description.encode()) <= 2000, t.name
                props = set(t.input_schema["properties"])
                assert props <= VOCABULARY, (t.name, props - VOCABULARY)
                assert not props & {"project", "path", "root", "cwd"}  # never a model's argument
                assert t.output_schema is not None
            assert listed["memory_forget"].input_schema["required"] == ["id"]
            assert "query" in listed["memory_recall"].input_schema["properties"]
            init = c.initialize_result if hasattr(c, "initialize_result") else None
            instructions = getattr(getattr(c, "server_info", None), "instructions", None) or getattr(
                init, "instructions", None)
            if instructions is not None:
                assert instructions == texts.INSTRUCTIONS

    run(main)
    assert len(texts.INSTRUCTIONS.encode()) <= 2000
    for word in ("preferences", "decisions", "pitfalls", "conventions", "branch", "task"):
        assert word in texts.INSTRUCTIONS


def test_recall_finds_chinese_and_english_and_returns_bodies(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    _seed(project)

    async def main() -> None:
        async with connect(project) as c:
            zh = await c.call_tool("memory_recall", {"query": "部署"})
            assert not zh.is_error
            assert zh.structured_content["hits"][0]["id"] == "decisions/pnpm-for-deploy"
            assert "npm 会重写 pnpm-lock.yaml" in zh.structured_content["hits"][0]["body"]
            assert "decisions/pnpm-for-deploy" in text(zh) and "npm 会重写" in text(zh)
            en = await c.call_tool("memory_recall", {"query": "tokenizer", "category": "pitfalls"})
            assert [h["id"] for h in en.structured_content["hits"]] == ["pitfalls/sqlite-cjk-tokenizer"]
            glued = await c.call_tool("memory_recall", {"query": "pnpm"})  # glued to Chinese in the entry
            assert glued.structured_content["hits"][0]["id"] == "decisions/pnpm-for-deploy"
            none = await c.call_tool("memory_recall", {"query": "kubernetes"})
            assert not none.is_error and none.structured_content["hits"] == []
            assert "nothing on this" in text(none)
            one = await c.call_tool("memory_recall", {"id": "pitfalls/sqlite-cjk-tokenizer"})
            assert one.structured_content["entry"]["meta"]["load_when"] == ["SQLite", "FTS5"]
            assert "bigrams" in text(one)

    run(main)


def test_remember_then_recall_then_forget_keeps_the_tree_consistent(tmp_path: Path) -> None:
    project = make_project(tmp_path)

    async def main() -> None:
        async with connect(project) as c:
            w = await c.call_tool("memory_remember", {
                "summary": "The user prefers tabs over spaces in Go files", "category": "preferences",
                "body": "Said so twice when reviewing.", "load_when": "Go, formatting"})
            assert not w.is_error, text(w)
            entry_id = w.structured_content["id"]
            assert entry_id.startswith("preferences/") and w.structured_content["scope"] == "project"
            path = project / ".memory" / f"{entry_id}.md"
            assert "load_when:\n  - Go\n  - formatting" in path.read_text(encoding="utf-8")
            assert w.structured_content["details"]["similar"] == []
            # A note that changes it is written, and the answer names the entry it is close to.
            near = await c.call_tool("memory_remember", {
                "summary": "The user now prefers spaces over tabs in Go files", "category": "preferences"})
            assert not near.is_error, text(near)
            assert [n["id"] for n in near.structured_content["details"]["similar"]] == [entry_id]
            assert f"close to {entry_id}" in text(near) and f"supersede {entry_id} with" in text(near)
            gone = await c.call_tool("memory_forget", {"id": near.structured_content["id"]})
            assert not gone.is_error, text(gone)
            r = await c.call_tool("memory_recall", {"query": "tabs Go"})
            assert r.structured_content["hits"][0]["id"] == entry_id
            check = subprocess.run([sys.executable, "-m", "memsync", "check", "--project"], cwd=project,
                                   env=server_env(), capture_output=True, text=True)
            assert check.returncode == 0, check.stdout + check.stderr
            f = await c.call_tool("memory_forget", {"id": entry_id})
            assert not f.is_error and not path.exists()
            r = await c.call_tool("memory_recall", {"query": "tabs Go"})
            assert r.structured_content["hits"] == []
            i = await c.call_tool("memory_inspect", {})
            assert not i.is_error and i.structured_content["roots"][0]["scope"] == "project"
            assert "project memory" in text(i)

    run(main)


SECRET = "ghp_" + "Zq8Rt2Lm9Xc4Vb7Nk1Pw3Hs6Jd5Gf0Ay8Ue"
ENCODED = base64.b64encode((SECRET + "Q").encode()).decode()  # a whole GitHub token (40), base64-encoded

REFUSALS = [
    # (arguments, words the error must hold)
    ("memory_remember", {"summary": "deploy token", "category": "facts", "body": f"token={SECRET}"},
     ["secret", "ghp_***", "nothing was written"]),
    ("memory_remember", {"summary": "restore the token", "category": "facts",
                         "body": f"echo {ENCODED} | base64 -d"},
     ["secret", "github-pat (base64) at line", "ghp_***", "nothing was written"]),
    ("memory_remember", {"summary": "x y z", "category": "../etc"}, ["not a plain name"]),
    ("memory_remember", {"summary": "x y z", "category": "decisions", "id": "../../etc/passwd"}, ["never name paths"]),
    ("memory_remember", {"summary": "部署脚本用pnpm而不是npm，因为lockfile不兼容", "category": "decisions",
                         "load_when": ["部署", "pnpm"]}, ["already says this", 'id="decisions/pnpm-for-deploy"']),
    ("memory_remember", {"summary": "", "category": "facts"}, ["summary"]),
    ("memory_remember", {"summary": "a\nb", "category": "facts"}, ["summary"]),
    ("memory_remember", {"summary": "a fine summary", "category": "nosuch"}, ["unknown category"]),
    ("memory_remember", {"summary": "s", "category": "facts", "content": "the body"}, ["'content' is called 'body'"]),
    ("memory_remember", {"summary": "s", "category": "facts", "project": "/etc"}, ["finds the project itself"]),
    ("memory_remember", {"summary": "s", "category": "facts", "pinned": "maybe"}, ["pinned", "Nothing was done"]),
    ("memory_forget", {}, ["id is required"]),
    ("memory_forget", {"id": "decisions/nope"}, ["no entry decisions/nope", "memory_recall"]),
    ("memory_forget", {"id": "decisions/keep-me"}, ["pinned", "force"]),
    ("memory_recall", {}, ["give `query`"]),
    ("memory_recall", {"query": "x", "limit": 0}, ["limit"]),
    ("memory_recall", {"id": "/etc/passwd"}, ["never name paths"]),
    ("memory_inspect", {"scope": "elsewhere"}, ["unknown scope"]),
]


def test_every_refusal_is_a_tool_error_that_says_what_to_do_and_writes_nothing(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    _seed(project)
    write_entry(project / ".memory", "decisions/keep-me", "a pinned decision", kind="decision", pinned=True)
    before = snapshot(project / ".memory")

    async def main() -> None:
        async with connect(project) as c:
            for tool, args, words in REFUSALS:
                r = await c.call_tool(tool, args)
                shown = text(r)
                assert r.is_error, (tool, args, shown)
                for w in words:
                    assert w in shown, (tool, args, shown)
                assert "Traceback" not in shown and SECRET not in shown and SECRET not in json.dumps(
                    r.structured_content or {})
                assert ENCODED[4:] not in shown + json.dumps(r.structured_content or {})
            # The server survived all of them.
            ok = await c.call_tool("memory_recall", {"query": "部署"})
            assert not ok.is_error

    run(main)
    after = snapshot(project / ".memory")
    assert {k: v for k, v in after.items() if k != ".state.json"} == {
        k: v for k, v in before.items() if k != ".state.json"}


AWS_KEY_ID = "AKIA" + "Z3MHQ4XK7PLW2RTN"  # the value of the report, split so no file here holds it whole


def test_protocol_errors_never_quote_a_secret_from_the_request(tmp_path: Path) -> None:
    """prompts/get of an unknown name was answered with code 0 and the name whole, and a
    traceback quoting it went to stderr; resources/read masked its message but kept the URI
    whole in `data`. Both are -32602 now, masked in message, data and log; serving goes on."""
    from mcp import ClientSession
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError

    from memsync.secrets.gate import redact

    masked = redact(AWS_KEY_ID)
    assert masked == "AKIA*** (20 chars)"  # the scanner flags it, or this test would prove nothing
    project = make_project(tmp_path)
    errors: dict[str, dict] = {}
    errlog = tmp_path / "server-stderr.txt"

    async def main() -> None:
        with errlog.open("w", encoding="utf-8") as err:
            async with stdio_client(params(project), errlog=err) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                calls = {"prompt": lambda: s.get_prompt(AWS_KEY_ID),
                         "prompt-arguments": lambda: s.get_prompt("memsync", {"key": AWS_KEY_ID}),
                         "resource": lambda: s.read_resource(f"file:///{AWS_KEY_ID}")}
                for name, call in calls.items():
                    with pytest.raises(MCPError) as caught:
                        await call()
                    errors[name] = caught.value.error.model_dump(mode="json", by_alias=True, exclude_none=True)
                # What else the server answers: nothing in it quotes the key either.
                listed = [await s.list_prompts(), await s.list_resources(), await s.list_resource_templates(),
                          await s.call_tool(AWS_KEY_ID, {"x": AWS_KEY_ID}),
                          await s.call_tool("memory_recall", {AWS_KEY_ID: 1, "query": AWS_KEY_ID})]
                assert listed[0].prompts == [] and listed[1].resources == [] and listed[2].resource_templates == []
                assert listed[3].is_error and f"there is no tool {masked!r}" in text(listed[3])
                assert listed[4].is_error and f"{masked!r} is not a parameter" in text(listed[4])
                for result in listed:
                    assert AWS_KEY_ID[4:] not in result.model_dump_json()
                tools = await s.list_tools()  # the server is still serving
                assert {t.name for t in tools.tools} == TOOLS

    run(main)
    assert errors["prompt"] == {"code": -32602, "message": f"Unknown prompt: {masked}"}
    assert errors["prompt-arguments"] == {"code": -32602, "message": "Unknown prompt: memsync"}
    assert errors["resource"] == {"code": -32602, "message": f"Unknown resource: file:///{masked}",
                                  "data": {"uri": f"file:///{masked}"}}
    assert AWS_KEY_ID[4:] not in json.dumps(errors)  # nor any part of the key's body
    stderr = errlog.read_text(encoding="utf-8")
    assert AWS_KEY_ID[4:] not in stderr and "Traceback" not in stderr, stderr


def test_error_data_of_any_shape_is_masked_strings_and_keys_alike() -> None:
    from memsync.secrets.gate import redact, redact_all

    masked = redact(AWS_KEY_ID)
    data = {"uri": f"file:///{AWS_KEY_ID}", AWS_KEY_ID: [1, None, True, {"deep": [AWS_KEY_ID]}], "n": 2.5}
    assert redact_all(data) == {"uri": f"file:///{masked}", masked: [1, None, True, {"deep": [masked]}], "n": 2.5}
    assert redact_all([AWS_KEY_ID, (AWS_KEY_ID,)]) == [masked, [masked]]
    assert redact_all(None) is None and redact_all("resources/read") == "resources/read"


def test_writes_switched_off_are_refused_and_reading_still_works(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    _seed(project)
    before = snapshot(project / ".memory")

    async def main() -> None:
        async with connect(project, env={"MEMSYNC_DISABLE_WRITE": "1"}) as c:
            r = await c.call_tool("memory_remember", {"summary": "something new to keep", "category": "facts"})
            assert r.is_error and "turned off by the user" in text(r) and "do not retry" in text(r)
            assert r.structured_content["gate"] == "write-switch"
            f = await c.call_tool("memory_forget", {"id": "decisions/pnpm-for-deploy"})
            assert f.is_error and "turned off" in text(f)
            ok = await c.call_tool("memory_recall", {"query": "部署"})
            assert ok.structured_content["hits"]

    run(main)
    assert snapshot(project / ".memory").keys() - {".state.json"} == before.keys() - {".state.json"}


def test_an_edit_by_another_process_is_seen_by_the_next_call(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    _seed(project)
    entry = project / ".memory" / "decisions" / "pnpm-for-deploy.md"

    async def main() -> None:
        async with connect(project) as c:
            first = await c.call_tool("memory_recall", {"query": "部署"})
            assert first.structured_content["hits"][0]["id"] == "decisions/pnpm-for-deploy"
            # An editor rewrites the entry; the CLI adds another.
            entry.write_text(entry.read_text(encoding="utf-8").replace("pnpm-lock.yaml", "yarn.lock"),
                             encoding="utf-8")
            out = subprocess.run([sys.executable, "-m", "memsync", "remember", "--category", "facts",
                                  "--summary", "部署前先跑 smoke test", "--load-when", "部署"],
                                 cwd=project, env=server_env(), capture_output=True, text=True)
            assert out.returncode == 0, out.stderr
            second = await c.call_tool("memory_recall", {"query": "部署"})
            ids = [h["id"] for h in second.structured_content["hits"]]
            assert "decisions/pnpm-for-deploy" in ids and any(i.startswith("facts/") for i in ids)
            body = next(h for h in second.structured_content["hits"] if h["id"] == "decisions/pnpm-for-deploy")
            assert "yarn.lock" in body["body"]
            entry.unlink()
            third = await c.call_tool("memory_recall", {"query": "pnpm lockfile"})
            assert "decisions/pnpm-for-deploy" not in [h["id"] for h in third.structured_content["hits"]]

    run(main)


def test_two_servers_and_the_cli_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    n = 8

    async def writer(tag: str) -> list[str]:
        ids = []
        async with connect(project) as c:
            for i in range(n):
                r = await c.call_tool("memory_remember", {
                    "summary": f"server {tag} fact number {i} about port {9000 + i} and {tag}{i}zz",
                    "category": "facts", "load_when": [f"{tag}{i}zz"]})
                assert not r.is_error, text(r)
                ids.append(r.structured_content["id"])
        return ids

    results: dict[str, list[str]] = {}

    async def main() -> None:
        async def one(tag: str) -> None:
            results[tag] = await writer(tag)

        async def cli() -> None:
            ids = []
            for i in range(n):
                out = await anyio.run_process(
                    [sys.executable, "-m", "memsync", "remember", "--json", "--category", "facts",
                     "--summary", f"cli fact number {i} on port {7000 + i} cl{i}qq"], cwd=project, env=server_env(),
                    check=False)
                assert out.returncode == 0, out.stderr
                ids.append(json.loads(out.stdout)["id"])
            results["cli"] = ids

        async with anyio.create_task_group() as tg:
            tg.start_soon(one, "alpha")
            tg.start_soon(one, "beta")
            tg.start_soon(cli)

    run(main)
    written = [i for ids in results.values() for i in ids]
    assert len(set(written)) == 3 * n
    for entry_id in written:
        assert (project / ".memory" / f"{entry_id}.md").is_file(), entry_id
    index = (project / ".memory" / "facts" / "index.md").read_text(encoding="utf-8")
    assert all(entry_id.split("/", 1)[1] in index for entry_id in written)
    check = subprocess.run([sys.executable, "-m", "memsync", "check", "--project"], cwd=project, env=server_env(),
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_long_body_is_cut_with_a_note_and_read_on_by_id_and_offset(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    lines = [f"第{i}行: the deploy step {i} runs pnpm install --frozen-lockfile" for i in range(600)]
    write_entry(project / ".memory", "decisions/long-deploy-notes", "部署步骤的完整记录", kind="decision",
                body="\n".join(lines) + "\n")

    async def main() -> None:
        async with connect(project) as c:
            r = await c.call_tool("memory_recall", {"query": "部署步骤"})
            hit = r.structured_content["hits"][0]
            assert hit["next_offset"] and hit["body_chars"] > len(hit["body"])
            assert f'id="decisions/long-deploy-notes" and offset={hit["next_offset"]}' in text(r)
            assert len(text(r)) < 10000
            got, offset = hit["body"], hit["next_offset"]
            for _ in range(20):
                page = await c.call_tool("memory_recall", {"id": "decisions/long-deploy-notes", "offset": offset})
                e = page.structured_content["entry"]
                assert len(text(page)) < 10000
                got += e["body"] if got.endswith(("\n", " ")) or not got else e["body"]
                if not e["next_offset"]:
                    break
                offset = e["next_offset"]
            assert all(line in got for line in lines[-3:])

    run(main)


@pytest.mark.filterwarnings("ignore:The roots capability is deprecated")  # still what hosts speak
def test_the_project_comes_from_the_server_never_from_the_model(tmp_path: Path) -> None:
    a = make_project(tmp_path, "a")
    b = make_project(tmp_path, "b")
    write_entry(a / ".memory", "facts/where-a", "this is project alpha zzalpha")
    write_entry(b / ".memory", "facts/where-b", "this is project beta zzbeta")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    async def ids(cwd: Path, *args: str, env: dict[str, str] | None = None, **kw) -> set[str]:
        async with connect(cwd, *args, env=env, **kw) as c:
            found = set()
            for q in ("zzalpha", "zzbeta"):
                r = await c.call_tool("memory_recall", {"query": q})
                found |= {h["id"] for h in r.structured_content["hits"]}
            return found

    async def main() -> None:
        assert await ids(a) == {"facts/where-a"}  # the working directory
        assert await ids(elsewhere, "--project", str(b)) == {"facts/where-b"}
        assert await ids(a, "--project", "${workspaceFolder}") == {"facts/where-a"}  # not filled in: ignored
        assert await ids(elsewhere, env={"CLAUDE_PROJECT_DIR": str(b)}) == {"facts/where-b"}
        from mcp_types import ListRootsResult, Root

        async def roots(_ctx):  # type: ignore[no-untyped-def]
            return ListRootsResult(roots=[Root(uri=b.as_uri(), name="b")])

        # Roots exist in the handshake-era protocol that hosts such as Claude Code speak.
        assert await ids(a, list_roots_callback=roots, mode="legacy") == {"facts/where-b"}
        assert await ids(a, mode="legacy") == {"facts/where-a"}  # a client without roots: the cwd
        current = [b]

        async def moving(_ctx):  # type: ignore[no-untyped-def]
            return ListRootsResult(roots=[Root(uri=current[0].as_uri(), name="x")])

        async with connect(elsewhere, list_roots_callback=moving, mode="legacy") as c:
            r = await c.call_tool("memory_recall", {"query": "zzbeta"})
            assert [h["id"] for h in r.structured_content["hits"]] == ["facts/where-b"]
            current[0] = a
            await c.send_roots_list_changed()
            await anyio.sleep(0.2)  # a notification has no answer to wait for
            r = await c.call_tool("memory_recall", {"query": "zzalpha"})
            assert [h["id"] for h in r.structured_content["hits"]] == ["facts/where-a"]

    run(main)


@pytest.mark.filterwarnings("ignore:The roots capability is deprecated")
def test_a_client_that_never_answers_roots_list_still_gets_its_tool_calls_answered(tmp_path: Path) -> None:
    """It advertised roots and leaves roots/list unanswered: after ROOTS_TIMEOUT the call is served
    from the working directory (it waited forever before), and the next one at once."""
    import time

    from memsync.mcp.project import ROOTS_TIMEOUT

    a = make_project(tmp_path, "a")
    write_entry(a / ".memory", "facts/where-a", "this is project alpha zzalpha")
    asked = []

    async def silent(_ctx):  # type: ignore[no-untyped-def]
        asked.append(time.monotonic())
        await anyio.sleep_forever()

    async def main() -> None:
        async with connect(a, list_roots_callback=silent, mode="legacy") as c:
            for _ in range(2):
                with anyio.fail_after(ROOTS_TIMEOUT + 60):
                    r = await c.call_tool("memory_recall", {"query": "zzalpha"})
                assert not r.is_error and [h["id"] for h in r.structured_content["hits"]] == ["facts/where-a"]
            assert len(asked) == 1  # the answer (the working directory) is kept for the session

    run(main)


def test_missing_memory_is_an_answer_and_a_bad_project_a_clear_error(tmp_path: Path, run) -> None:  # noqa: F811
    bare = tmp_path / "bare"
    bare.mkdir()

    async def main() -> None:
        async with connect(bare) as c:
            r = await c.call_tool("memory_recall", {"query": "anything"})
            assert not r.is_error and "No memory exists yet" in text(r)
            i = await c.call_tool("memory_inspect", {})
            assert not i.is_error and "No memory exists yet" in text(i)

    anyio.run(main)
    out = run("mcp", "--project", str(tmp_path / "missing"), input="")
    assert out.returncode == 2 and "no such folder" in out.stderr and "Traceback" not in out.stderr


def test_a_broken_setup_is_its_error_not_an_empty_memory(tmp_path: Path) -> None:
    """A cache inside the project's memory is refused by every command; the server says so
    rather than answering that no memory exists (a model would then write the first entry)."""
    a = make_project(tmp_path, "a")
    write_entry(a / ".memory", "facts/where-a", "this is project alpha zzalpha")
    before = snapshot(a / ".memory")

    async def main() -> None:
        async with connect(a, env={"MEMSYNC_CACHE_DIR": str(a / ".memory" / "cache")}) as c:
            r = await c.call_tool("memory_recall", {"query": "zzalpha"})
            assert r.is_error and "No memory exists yet" not in text(r)
            assert "cache" in text(r) and "inside" in text(r), text(r)

    anyio.run(main)
    assert snapshot(a / ".memory") == before


def test_without_the_sdk_the_command_says_how_to_install_it(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['mcp'] = None; sys.modules['mcp.server'] = None; "
            "sys.modules['mcp.server.mcpserver'] = None; from memsync.cli import main; sys.exit(main(['mcp']))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=server_env(), capture_output=True,
                         text=True, stdin=subprocess.DEVNULL)
    assert out.returncode == 2 and "pip install 'memsync[mcp]'" in out.stderr


@pytest.mark.parametrize("argv", [["compile", "--global"], ["context", "--prompt", "部署"], ["setup", "--help"],
                                  ["hooks", "install", "--claude-code", "--dry-run"]])
def test_core_commands_and_hooks_never_import_the_sdk(tmp_path: Path, argv: list[str]) -> None:
    code = ("import sys; from memsync.cli import main; rc = main(sys.argv[1:]); "
            "print([m for m in ('mcp', 'pydantic', 'anyio', 'memsync.mcp') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code, *argv], cwd=tmp_path, env=server_env(), capture_output=True,
                         text=True, stdin=subprocess.DEVNULL)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr
    assert os.environ.get("HOME") and "Traceback" not in out.stderr


@pytest.mark.parametrize("stdin", [
    "",
    "not json at all\n",
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "memory_recall"}}\n',
    '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 7}}\n',
    "\x00\xff\n" * 3,
])
def test_hostile_input_on_stdin_never_crashes_the_server(tmp_path: Path, run, stdin: str) -> None:  # noqa: F811
    project = make_project(tmp_path)
    out = run("mcp", cwd=project, input=stdin, timeout=60)
    assert out.returncode == 0 and "Traceback" not in out.stderr and "internal error" not in out.stderr
    for line in out.stdout.splitlines():  # whatever it answers is JSON-RPC
        assert json.loads(line)["jsonrpc"] == "2.0"


def test_a_rule_from_the_model_becomes_a_proposal_that_inspect_lists(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    root_md = (project / ".memory" / "ROOT.md").read_text(encoding="utf-8")

    async def main() -> None:
        async with connect(project) as c:
            r = await c.call_tool("memory_remember", {"summary": "Never push to main without a review",
                                                      "category": "rules", "kind": "rule"})
            assert not r.is_error and r.structured_content["details"]["proposal"] is True
            assert r.structured_content["id"].startswith("rules/") and "only a person" in text(r)
            i = await c.call_tool("memory_inspect", {})
            proposals = i.structured_content["roots"][0]["proposals"]
            assert [p["id"] for p in proposals] == [r.structured_content["id"]]
            assert "rule proposal awaiting a person" in text(i)

    run(main)
    after = (project / ".memory" / "ROOT.md").read_text(encoding="utf-8")
    # The iron rules section is the person's: untouched (only compiled tables may change).
    section = root_md.split("Iron rules", 1)[1].split("<!-- memsync:begin", 1)[0]
    assert section in after
