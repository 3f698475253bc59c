"""`memsync mcp` answers every raw line it can read, hostile ones included (memsync.mcp.wire).

Lines are written to the real server's stdin as bytes, after a real `initialize` handshake
(the SDK client refuses to send most of them). Before memsync.mcp.wire, 25 of these 39 rows
got no reply at all (the SDK's stdio transport drops a line its JSON reader refuses, so the
client waited forever for that id: the module's docstring says where and why), three quoted
the planted token back (unknown method, tool, argument), and one wrote text with U+FFFD in
place of bytes that were not UTF-8. Of the 22 rows added after them, 14 failed on that wire
(the others keep what was right): four ids with a lone surrogate answered mended (U+FFFD), so
no client could match them; two ids at the end of a line over 16 MiB answered as null; a
leading byte order mark refused as not JSON; three requests before `initialize` answered, as
the first such row was, and four with params that do not fit, with the SDK's bare -32602. Of the
ten rows for the other methods, four failed: an unknown prompt got code 0 and a traceback on
stderr (both with the token whole when it was the name), and an unknown resource carried the
token whole in the error's `data` (a file URL or not)."""
from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

import pytest
from mcpclient import RawServer
from memtree import snapshot, write_entry

from memsync.build import compile_root, init_root
from memsync.mcp import wire
from memsync.roots import Root

# A synthetic token shaped like a GitHub PAT, drawn here so no test file holds one.
TOKEN = "ghp_" + "".join(random.Random("mcp-wire").choices(string.ascii_letters + string.digits, k=36))
SEEDED = "decisions/pnpm-for-deploy"


def _req(id: Any, method: str, params: Any = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode() + b"\n"


def _call(tool: str, args: dict[str, Any], id: Any = 9) -> bytes:
    return _req(id, "tools/call", {"name": tool, "arguments": args})


def _with(line: bytes, placeholder: str, raw: bytes) -> bytes:
    """``line`` with the JSON string ``"placeholder"`` replaced by ``raw`` as written (escapes, bad bytes)."""
    quoted = json.dumps(placeholder).encode()
    assert quoted in line
    return line.replace(quoted, raw)


SUR = b'"caf\\udcff zebra ' + TOKEN.encode() + b'"'  # a lone low surrogate, as a JSON escape
REMEMBER = {"summary": "S", "category": "facts"}
DEEP = 100_000
LONE_ID = "a\udcffb"  # what the JSON escape "a\\udcffb" reads as: the reply must carry it back unmended
BIG = {"name": "memory_remember", "arguments": {**REMEMBER, "body": TOKEN + "x" * 20_000_000}}


def _id_at(id: Any, before: dict[str, Any], after: dict[str, Any]) -> bytes:
    """A message with its members in this order around the id (``json.dumps`` writes a lone
    surrogate as its escape), as a client that builds ``{...request, id}`` writes it."""
    return (json.dumps(before)[:-1] + ', "id": ' + json.dumps(id) + (", " + json.dumps(after)[1:] if after else "}")
            ).encode() + b"\n"

# (row id, raw bytes, expected): expected is None (no reply at all), or
# (kind, id, code, words): kind "error" (JSON-RPC error with that code), "result", or "tool-error".
ROWS: list[tuple[str, bytes, Any]] = [
    ("lone-surrogate-recall", _with(_call("memory_recall", {"query": "Q"}), "Q", SUR),
     ("result", 9, None, ["caf\ufffd zebra", "ghp_***"])),
    ("lone-high-surrogate-recall", _with(_call("memory_recall", {"query": "Q"}), "Q", b'"pnpm \\ud83d"'),
     ("result", 9, None, [SEEDED])),
    ("lone-surrogate-remember", _with(_call("memory_remember", REMEMBER), "S", SUR),
     ("error", 9, -32602, ["not valid Unicode", "nothing was written"])),
    ("lone-surrogate-remember-body", _with(_call("memory_remember", {**REMEMBER, "summary": "zebra notes",
                                                                     "body": "B"}), "B", b'"half \\ud83d"'),
     ("error", 9, -32602, ["not valid Unicode"])),
    ("lone-surrogate-forget", _with(_call("memory_forget", {"id": "I"}), "I", b'"decisions/pnpm\\udcff"'),
     ("error", 9, -32602, ["not valid Unicode"])),
    ("escaped-backslash-is-text", _with(_call("memory_recall", {"query": "Q"}), "Q", b'"pnpm \\\\udcff"'),
     ("result", 9, None, [SEEDED, "\\udcff"])),
    ("surrogate-pair-is-kept", _with(_call("memory_recall", {"query": "Q"}), "Q", b'"pnpm \\ud83d\\ude00"'),
     ("result", 9, None, [SEEDED, "\U0001f600"])),
    ("not-utf8-in-a-string-recall", _with(_call("memory_recall", {"query": "Q"}), "Q", b'"pnpm caf\xff\xfe"'),
     ("result", 9, None, [SEEDED, "caf\ufffd\ufffd"])),
    ("not-utf8-in-a-string-remember", _with(_call("memory_remember", REMEMBER), "S", b'"caf\xff zebra notes"'),
     ("error", 9, -32602, ["not valid Unicode"])),
    ("not-json", b"hello " + TOKEN.encode() + b"\n", ("error", None, -32700, ["not JSON"])),
    ("not-utf8-outside-strings", b"\xff\xfe" + _call("memory_recall", {"query": "pnpm"}),
     ("error", None, -32700, ["not JSON"])),
    ("truncated-json", _call("memory_recall", {"query": TOKEN})[:-10] + b"\n", ("error", None, -32700, ["not JSON"])),
    ("batch", b"[" + _call("memory_recall", {"query": "pnpm"}).strip() + b"]\n",
     ("error", None, -32600, ["batches"])),
    ("empty-batch", b"[]\n", ("error", None, -32600, ["batches"])),
    ("a-number", b"42\n", ("error", None, -32600, ["a JSON object"])),
    ("a-string", json.dumps(TOKEN).encode() + b"\n", ("error", None, -32600, ["a JSON object"])),
    ("null", b"null\n", ("error", None, -32600, ["a JSON object"])),
    ("id-object", _req({"k": TOKEN}, "tools/list"), ("error", None, -32600, ['"id"', "an array or an object"])),
    ("id-10000-digits", _req(0, "tools/list").replace(b'"id": 0', b'"id": ' + b"7" * 10_000),
     ("error", None, -32600, ['"id"', "more than 4300 digits"])),
    ("id-null", _req(None, "tools/list"), ("error", None, -32600, ['"id"', "null"])),
    ("id-fraction", _req(1.5, "tools/list"), ("error", None, -32600, ['"id"', "a fraction"])),
    ("id-boolean", _req(True, "tools/list"), ("error", None, -32600, ['"id"', "true or false"])),
    ("line-of-20-MB", _call("memory_remember", {**REMEMBER, "body": TOKEN + "x" * 20_000_000}),
     ("error", 9, -32600, ["at most 16 MiB"])),
    (f"nested-{DEEP}-deep", _with(_call("memory_recall", {"query": "Q"}), "Q",
                                  b"[" * DEEP + json.dumps(TOKEN).encode() + b"]" * DEEP),
     ("error", 9, -32600, ["nested too deeply"])),
    ("nested-300-deep", _with(_call("memory_recall", {"query": "Q"}), "Q", b"[" * 300 + b"]" * 300),
     ("error", 9, -32600, ["nested too deeply"])),
    ("params-not-an-object", _req(9, "tools/list", [TOKEN]), ("error", 9, -32600, ['"params"'])),
    ("method-not-a-string", _req(9, "tools/list").replace(b'"tools/list"', b"5"), ("error", 9, -32600, ['"method"'])),
    ("jsonrpc-1.0", _req(9, "tools/list").replace(b'"2.0"', b'"1.0"'), ("error", 9, -32600, ['"jsonrpc"'])),
    ("no-method", b'{"jsonrpc": "2.0", "id": 9}\n', ("error", 9, -32600, ['"method"'])),
    ("unknown-notification", b'{"jsonrpc": "2.0", "method": "notifications/' + TOKEN.encode() + b'"}\n', None),
    ("response-to-nothing", b'{"jsonrpc": "2.0", "id": 77, "result": {}}\n', None),
    ("cancel-of-nothing", b'{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 77}}\n',
     None),
    ("blank-line", b"  \r\n", None),
    ("unknown-method", _req(9, "nosuch/" + TOKEN), ("error", 9, -32601, ["Method not found"])),
    ("unknown-tool", _call(TOKEN, {}), ("tool-error", 9, None, ["there is no tool", "memory_recall"])),
    ("wrong-argument-types", _call("memory_recall", {"query": 5, "limit": "many " + TOKEN}),
     ("tool-error", 9, None, ["query", "limit", "Nothing was done"])),
    ("unknown-argument", _call("memory_remember", {**REMEMBER, TOKEN: "x"}),
     ("tool-error", 9, None, ["is not a parameter", "Nothing was done"])),
    ("cr-between-tokens", b'{"jsonrpc": "2.0",\r"id": 9,\r"method": "tools/list"}\n', ("result", 9, None, [])),
    # A lone surrogate in the id: answered with the id exactly as sent, never mended to U+FFFD (a
    # client matches replies to requests by it); the SDK can carry no such id, so it is not served.
    ("lone-surrogate-id", _req(LONE_ID, "tools/list"), ("error", LONE_ID, -32600, ['"id"', "surrogate"])),
    ("lone-surrogate-id-recall", _with(_call("memory_recall", {"query": "Q"}, id=LONE_ID), "Q", SUR),
     ("error", LONE_ID, -32600, ['"id"', "nothing was done"])),
    ("lone-surrogate-id-remember", _call("memory_remember", {**REMEMBER, "summary": "zebra " + TOKEN}, id=LONE_ID),
     ("error", LONE_ID, -32600, ['"id"', "nothing was done"])),
    ("lone-surrogate-id-and-jsonrpc-1.0", _req(LONE_ID, "tools/list").replace(b'"2.0"', b'"1.0"'),
     ("error", LONE_ID, -32600, ['"jsonrpc"'])),
    ("lone-surrogate-id-of-a-response", b'{"jsonrpc": "2.0", "id": "a\\udcff", "result": {}}\n', None),
    ("surrogate-pair-id", _req("a\U0001f600b", "tools/list"), ("result", "a\U0001f600b", None, [])),
    ("escaped-backslash-id", _req("a\\udcffb", "tools/list"), ("result", "a\\udcffb", None, [])),
    # Too long or too deep to read whole: the id is looked for at both ends of the line only.
    ("line-of-20-MB-id-last", _id_at(9, {"method": "tools/call", "params": BIG, "jsonrpc": "2.0"}, {}),
     ("error", 9, -32600, ["at most 16 MiB"])),
    ("line-of-20-MB-lone-surrogate-id-last", _id_at(LONE_ID, {"method": "tools/call", "params": BIG,
                                                               "jsonrpc": "2.0"}, {}),
     ("error", LONE_ID, -32600, ["at most 16 MiB"])),
    ("line-of-20-MB-id-in-the-middle", _id_at(9, {"method": "tools/call", "params": BIG}, {"jsonrpc": "2.0"}),
     ("error", None, -32600, ["at most 16 MiB"])),
    (f"nested-{DEEP}-deep-id-last", _id_at(9, {"jsonrpc": "2.0", "method": "tools/call", "params": {
        "name": "memory_recall", "arguments": {"query": "Q"}}}, {}).replace(
            b'"Q"', b"[" * DEEP + json.dumps(TOKEN).encode() + b"]" * DEEP),
     ("error", 9, -32600, ["nested too deeply"])),
    ("byte-order-mark", b"\xef\xbb\xbf" + _req(9, "tools/list"), ("result", 9, None, [])),
    # Params that do not fit the method: the SDK said only "Invalid request parameters"; now the fields.
    ("call-without-a-tool-name", _req(9, "tools/call", {"arguments": {"query": TOKEN}}),
     ("error", 9, -32602, ["Invalid params", "params.name is required"])),
    ("arguments-not-an-object", _req(9, "tools/call", {"name": "memory_recall", "arguments": [TOKEN]}),
     ("error", 9, -32602, ["params.arguments", "dictionary"])),
    ("cursor-not-a-string", _req(9, "tools/list", {"cursor": 5}), ("error", 9, -32602, ["params.cursor"])),
    ("initialize-again-without-its-fields", _req(9, "initialize", {"clientInfo": TOKEN}),
     ("error", 9, -32602, ["params.protocolVersion is required", "params.clientInfo"])),
    # Before `initialize`: a clear error with the id (the SDK's was a bare -32602), and serving goes on.
    ("before-initialize", _req(9, "tools/list"), ("error", 9, -32600, ["before initialize", "initialize request"])),
    ("before-initialize-recall", _call("memory_recall", {"query": TOKEN}),
     ("error", 9, -32600, ["tools/call was sent before initialize"])),
    ("before-initialize-remember", _call("memory_remember", {**REMEMBER, "summary": "zebra"}),
     ("error", 9, -32600, ["before initialize"])),
    ("before-initialize-bad-params", _req(9, "tools/call", {"name": 5, "arguments": [TOKEN]}),
     ("error", 9, -32600, ["before initialize"])),
    ("before-initialize-ping", _req(9, "ping"), ("result", 9, None, [])),  # allowed before, as MCP says
    # The official client probes this before `initialize` and falls back on an error: it stays -32601.
    ("before-initialize-discover", _req(9, "server/discover"), ("error", 9, -32601, ["Method not found"])),
    ("before-initialize-unknown-method", _req(9, "nosuch/" + TOKEN), ("error", 9, -32601, ["Method not found"])),
    # The other methods the server answers, with the token where the request names a thing: an
    # unknown prompt was code 0 with the name whole (and a traceback quoting it on stderr); an
    # unknown resource masked its message but not the URI in `data`.
    ("unknown-prompt", _req(9, "prompts/get", {"name": TOKEN}), ("error", 9, -32602, ["Unknown prompt: ghp_***"])),
    ("unknown-prompt-with-arguments", _req(9, "prompts/get", {"name": "memsync", "arguments": {TOKEN: TOKEN}}),
     ("error", 9, -32602, ["Unknown prompt: memsync"])),
    ("unknown-resource", _req(9, "resources/read", {"uri": "file:///" + TOKEN}),
     ("error", 9, -32602, ["Unknown resource: file:///ghp_***"])),
    ("unknown-resource-not-a-url", _req(9, "resources/read", {"uri": TOKEN}),
     ("error", 9, -32602, ["Unknown resource: ghp_***"])),
    ("prompts-list-cursor", _req(9, "prompts/list", {"cursor": TOKEN}), ("result", 9, None, [])),
    ("resources-list-cursor", _req(9, "resources/list", {"cursor": TOKEN}), ("result", 9, None, [])),
    ("templates-list-cursor", _req(9, "resources/templates/list", {"cursor": TOKEN}), ("result", 9, None, [])),
    ("completion", _req(9, "completion/complete", {"ref": {"type": "ref/prompt", "name": TOKEN},
                                                    "argument": {"name": TOKEN, "value": TOKEN}}),
     ("error", 9, -32601, ["Method not found"])),
    ("set-level-to-a-token", _req(9, "logging/setLevel", {"level": TOKEN}),
     ("error", 9, -32602, ["params.level"])),
    ("subscribe", _req(9, "resources/subscribe", {"uri": "file:///" + TOKEN}),
     ("error", 9, -32601, ["Method not found"])),
]


@pytest.fixture
def project(git_repo: Path) -> Path:
    root = git_repo / ".memory"
    init_root(Root.at(root), ["decisions", "facts"])
    write_entry(root, SEEDED, "部署脚本用pnpm而不是npm，因为lockfile不兼容", kind="decision",
                body="npm 会重写 pnpm-lock.yaml。\n", load_when=["部署", "pnpm"])
    compile_root(Root.at(root))
    return git_repo


def _roots(project: Path, home: Path) -> dict[str, dict[str, str]]:
    """Every file of both memories, but the recall counters (``.state.json``: git-ignored, per
    device, bumped by the recall each row ends with), which must not hold the token either."""
    found = {}
    for name, top in (("project", project / ".memory"), ("global", home / "global-memory")):
        found[name] = {k: v for k, v in snapshot(top).items() if k != ".state.json"}
        if (top / ".state.json").exists():
            assert TOKEN not in (top / ".state.json").read_text(encoding="utf-8", errors="replace")
    return found


def _check(reply: dict[str, Any] | None, expected: Any) -> None:
    kind, id, code, words = expected
    assert reply is not None, "no reply"
    assert reply["jsonrpc"] == "2.0" and reply["id"] == id, reply
    if kind == "error":
        assert "result" not in reply and reply["error"]["code"] == code, reply
        shown = reply["error"]["message"]
    else:
        result = reply["result"]
        assert bool(result.get("isError")) == (kind == "tool-error"), result
        shown = "\n".join(c.get("text", "") for c in result.get("content", [])) if "content" in result else ""
    for word in words:
        assert word in shown, (word, shown)


@pytest.mark.parametrize("raw, expected", [(raw, exp) for _, raw, exp in ROWS], ids=[r[0] for r in ROWS])
def test_every_hostile_line_is_answered_or_skipped_and_the_next_request_is_served(
        project: Path, clean_env: Path, request: pytest.FixtureRequest, raw: bytes, expected: Any) -> None:
    before = _roots(project, clean_env)
    server = RawServer(project)
    early = request.node.callspec.id.startswith("before-initialize")
    if not early:
        server.initialize()
    server.send(raw)
    if expected is not None:
        _check(server.answer(expected[1], timeout=60) if expected[1] is not None else server.next(60), expected)
    if early:
        server.initialize()
    server.request(10, "tools/list")
    listed = server.answer(10, timeout=60)
    assert listed is not None and {t["name"] for t in listed["result"]["tools"]} >= {"memory_recall"}, listed
    server.request(11, "tools/call", {"name": "memory_recall", "arguments": {"query": "部署"}})
    recalled = server.answer(11, timeout=60)
    assert recalled is not None and recalled["result"]["structuredContent"]["hits"][0]["id"] == SEEDED, recalled
    code, rest, stderr = server.close()
    assert code == 0 and "Traceback" not in stderr, stderr
    assert server.others + rest == [], "a reply nobody asked for"
    assert all(TOKEN not in line.decode("utf-8", "replace") for line in server.stdout) and TOKEN not in stderr
    assert _roots(project, clean_env) == before


# The pieces, on their own -------------------------------------------------------------------------

@pytest.mark.parametrize("text, mended", [
    (r'"caf\udcff"', r'"caf\ufffd"'),
    (r'"\ud83d\ude00"', r'"\ud83d\ude00"'),  # a pair is one character
    (r'"\ud83d\ud83d\ude00"', r'"\ufffd\ud83d\ude00"'),  # a high one alone, then a pair
    (r'"\ude00\ud83d"', r'"\ufffd\ufffd"'),  # a pair in the wrong order is two lone halves
    (r'"\\udcff"', r'"\\udcff"'),  # an escaped backslash, then text
    (r'"\\\udcff"', r'"\\\ufffd"'),  # an escaped backslash, then an escape
    (r'"\uDCFF \u00e9 \n"', r'"\ufffd \u00e9 \n"'),  # hex digits in either case
], ids=["lone-low", "pair", "high-then-pair", "reversed-pair", "escaped-backslash", "backslash-then-escape",
        "upper-case-and-others"])
def test_only_escapes_of_lone_surrogates_are_mended(text: str, mended: str) -> None:
    assert wire.mend_surrogates(text) == mended
    json.loads(mended)  # still JSON


LONG = "x" * (wire.ID_WINDOW * 2)


@pytest.mark.parametrize("text, id", [
    ('{"jsonrpc": "2.0", "id": 5, "method": "x"}', 5),
    ('{"params": {"a": [[["}"]]], "b": "]"}, "id": "after"}', "after"),  # brackets in strings are text
    ('{"params": ' + "[" * 50_000 + "]" * 50_000 + ', "id": 6}', 6),
    ('{"id": 7, "params": {"body": "' + "x" * 1000, 7),  # cut short after the id
    ('{"params": {"body": "' + "x" * 1000, None),  # cut short before it
    ('{"params": "\\"' * 1000, None),  # escaped quotes, never closed: one pass, no id
    ('[{"id": 5}]', None),
    ('{"id": ' + "1" * 5000 + "}", None),
    # the last member, found from the end of a line too long to read
    ('{"params": "' + LONG + '", "jsonrpc": "2.0", "id": 8}', 8),
    ('{"params": "' + LONG + '", "id" :\t"a\\udcffb" }\r\n', "a\udcffb"),  # as sent, spaces anywhere
    ('{"params": "' + LONG + '", "id": "x\\"id"}', 'x"id'),  # "id" inside the id itself
    ('{"params": "' + LONG + '", "note": "x, \\"id\\": 9}"}', None),  # "id" inside a string is text
    ('{"params": "' + LONG + '", "note": "x\\"id": 9}', None),  # not JSON: a quoted "id" after a backslash
    ('{"params": ["' + '"id", ' * 30_000 + '1], "id": 10}', 10),  # many "id" strings before it
    ('{"params": {"x": 1, "id": 11}}', None),  # the last member's value is an object: not the id
    ('{"params": "' + LONG + '", "id": {"k": 1}}', None),  # an id that is an object is no id
    ('{"params": "' + LONG + '", "id": 12, "method": "x"}', None),  # in the middle of a long line: not looked for
    ('{"id": 13, "params": "' + LONG + '", "id": 14}', 14),  # the last wins, as in pydantic's reader
], ids=lambda v: None if isinstance(v, (int, type(None))) else v[:24] + f"…{len(v)}")
def test_the_id_is_found_without_reading_the_whole_message(text: str, id: Any) -> None:
    found = wire.request_id(text)
    assert (found if isinstance(found, (str, int)) else None) == id


def test_the_id_of_a_line_over_the_cap_is_read_from_its_end_as_the_server_reads_it() -> None:
    """``Lines`` keeps only the first MAX_LINE + 1 bytes and the last ID_WINDOW of what it skips."""
    import io

    line = _id_at("end", {"method": "tools/call", "params": BIG}, {})
    lines = wire.Lines(io.BytesIO(line + line.replace(b'"end"', b"2")), wire.Writer(io.BytesIO()))
    too_long = "Invalid Request: a message is at most 16 MiB"
    assert lines._read() == (True, None, wire.error_reply("end", -32600, too_long))
    assert lines._read() == (True, None, wire.error_reply(2, -32600, too_long))  # the next line from its start
    assert lines._read() == (False, None, None)


def test_a_line_the_sdk_accepts_reaches_it_unchanged() -> None:
    line = _call("memory_recall", {"query": "部署 pnpm"})
    assert wire.screen(line, ("memory_remember",)) == (line.decode().strip(), None)
    assert wire.screen(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\r\n') == (
        '{"jsonrpc": "2.0", "method": "notifications/initialized"}', None)


def test_while_serving_a_stray_print_or_a_child_cannot_touch_the_wire(tmp_path: Path) -> None:
    """What the SDK does when it opens stdio itself, kept now that we hand it our own streams:
    fd 1 points at stderr and fd 0 at /dev/null until serving ends."""
    import subprocess
    import sys

    from mcpclient import server_env

    code = ("import subprocess, sys\n"
            "from memsync.mcp import wire\n"
            "with wire.claimed_stdio() as (fin, fout):\n"
            "    print('stray print', flush=True)\n"
            "    subprocess.run(['sh', '-c', 'echo child; cat'])\n"
            "    fout.write(repr(sys.stdin.read()).encode() + b'\\n' + fin.readline())\n"
            "    fout.flush()\n"
            "print('after', flush=True)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=server_env(), input=b"the wire\n",
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == b"''\nthe wire\nafter\n"
    assert done.stderr == b"stray print\nchild\n"


@pytest.mark.parametrize("calls", [0, 1, 12])
def test_a_host_that_goes_away_mid_session_ends_the_server_quietly(project: Path, calls: int) -> None:
    """The host closes both pipes with requests in flight (it crashed, or the user quit): the
    server ends with 0 and nothing on stderr (it said `internal error: ExceptionGroup`, exit 70),
    and what it wrote meanwhile is whole (`memsync check` and lint are clean)."""
    import subprocess
    import sys

    from mcpclient import server_env

    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "gone", "version": "0"}}
    data = _req(1, "initialize", init) + b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n'
    data += b"".join(_call("memory_remember", {"summary": f"worker {i} drains queue q{i} every {i + 2} minutes",
                                               "category": "facts"}, id=10 + i) for i in range(calls))
    proc = subprocess.Popen([sys.executable, "-m", "memsync", "mcp"], cwd=project, env=server_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin and proc.stdout and proc.stderr
    proc.stdin.write(data)
    proc.stdin.flush()
    proc.stdout.close()  # no one reads the replies any more
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""
    for command in ("check", "lint"):
        done = subprocess.run([sys.executable, "-m", "memsync", command], cwd=project, env=server_env(),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
