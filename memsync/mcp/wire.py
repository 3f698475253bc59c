"""What reaches the SDK from stdin: every line is screened so a request the server can read
gets a reply with its id, and a line it cannot read gets the JSON-RPC error that says why.

Why this exists (MCP SDK 2.x, ``mcp.server.stdio.stdio_server``): the transport turns each
stdin line into a message with pydantic's JSON reader, and a line that fails there is handed
on as an exception object; the dispatcher (``shared/jsonrpc_dispatcher.py``, ``_dispatch``)
only logs such an object at debug level and reads on. So nothing is ever answered for:
a ``\\udcff``-style escape of a lone surrogate (pydantic's reader refuses it, Python's ``json``
accepts it), JSON nested deeper than pydantic's limit (about 200), a number over 4,300
digits, a batch, a non-object, a wrong ``jsonrpc``/``method``/``params``; and a request
whose id is an object, null, a fraction or a boolean validates as a *notification* (the id
dropped), so it is never answered either. The text layer the SDK puts on stdin also splits
lines at a bare ``\\r``, which JSON allows between tokens. The client waits forever for
its id; hosts hang the tool call.

The SDK accepts our own stdin/stdout objects, so we keep its transport and session and
only screen lines before it sees them: a lone surrogate escape becomes U+FFFD (the
service's gates then judge the text, as for invalid UTF-8 bytes, which the SDK already
decodes that way); a line that is still refused gets -32700 (not JSON) or -32600 (not a
request) with the request's id when one can be read. An id is never mended: the reply must
carry the id as sent, and the SDK can carry no lone surrogate (its reader refuses the escape,
its writer raises on the character), so such a request gets our -32600 with the id exactly as
sent (``json.dumps`` writes it back as the same escape). Lines are split at ``\\n`` only and
capped at ``MAX_LINE`` bytes (the rest is skipped unread but for its last ``ID_WINDOW``
bytes), so a client cannot grow memory without bound. Replies of ours and the SDK's go
through one lock, a whole line at a time.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import IO, Any

MAX_LINE = 16 << 20  # the largest legitimate message (a 1 MiB entry, escaped) is well under this
ID_WINDOW = 64 << 10  # how much of each end of an unreadable line is searched for its id
MAX_INT_DIGITS = 4300  # Python's int() limit; pydantic's reader refuses longer numbers too
PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602

# In JSON text, left to right: a surrogate pair (kept), a lone surrogate (mended), or a run of
# anything else (kept). Matching escapes in order consumes an escaped backslash whole, so
# `\\udcff` stays text; runs keep the callbacks few on a long line.
_ESCAPE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
                     r"|(?P<lone>\\u[dD][89a-fA-F][0-9a-fA-F]{2})"
                     r"|(?:[^\\]+|\\[^u]|\\u(?![dD][89a-fA-F]))+", re.DOTALL)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_WS = re.compile(r"[ \t\n\r]*")
# Tokens that matter when skipping a nested value: whole strings, an unterminated one, brackets.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|[\[\]{}]')


class _Huge:
    """A number too long to read (where pydantic's reader stops too)."""


class _Nested:
    """A top-level member's value that is an array or an object (skipped, never built)."""


_NO_ID = object()


def _ws(text: str, at: int) -> int:
    """``at`` moved past JSON whitespace."""
    m = _WS.match(text, at)
    return m.end() if m else at


def _integer(digits: str) -> int | _Huge:
    return _Huge() if len(digits.lstrip("-")) > MAX_INT_DIGITS else int(digits)


_DECODER = json.JSONDecoder(parse_int=_integer)


def mend_surrogates(text: str) -> str:
    """``text`` (JSON) with each escape of a lone surrogate replaced by the escape of U+FFFD."""
    if not _SURROGATE_ESCAPE.search(text):  # one quick scan: most refused lines have none
        return text
    return _ESCAPE.sub(lambda m: "\\ufffd" if m.group("lone") else m.group(), text)


def _skip(text: str, at: int) -> int:
    """The end of the array or object starting at ``at``, without recursion; -1 if it has none."""
    depth = 0
    for m in _TOKEN.finditer(text, at):
        token = m.group()
        if token in ("[", "{"):
            depth += 1
        elif token in ("]", "}"):
            depth -= 1
            if depth == 0:
                return m.end()
        elif token == '"':
            return -1
    return -1


def members(text: str) -> dict[str, Any]:
    """The top-level object's members read so far, nested values skipped (``_Nested``): enough
    to find the id of a message too deep, too long or cut short for a JSON reader."""
    found: dict[str, Any] = {}
    at = _ws(text, 0)
    if not text.startswith("{", at):
        return found
    at += 1
    try:
        while True:
            at = _ws(text, at)
            key, at = _DECODER.raw_decode(text, at)
            at = _ws(text, at)
            if not isinstance(key, str) or not text.startswith(":", at):
                break
            at = _ws(text, at + 1)
            if text.startswith(("[", "{"), at):
                found[key], at = _Nested(), _skip(text, at)
                if at < 0:
                    break
            else:
                found[key], at = _DECODER.raw_decode(text, at)
            at = _ws(text, at)
            if not text.startswith(",", at):
                break
            at += 1
    except (ValueError, RecursionError):
        pass
    return found


def _last_member_id(tail: str) -> Any:
    """The id when it is the last member of the object that ends ``tail`` (``, "id": 7}``), else
    ``_NO_ID``. Read forward from each ``"id"`` found backward, so no value is parsed backward.

    Sound for JSON: a quote inside a string is escaped, so a ``"id"`` whose opening quote follows
    ``,`` or ``{`` (whitespace aside) is a key, and a key whose scalar value runs to the closing
    brace that ends the text is the top-level object's last member. A line that is not JSON may
    fool it; the error then names an id of the sender's own making, which harms no one else.
    """
    end = len(tail) - 1
    while end >= 0 and tail[end] in " \t\r\n":
        end -= 1
    if end < 0 or tail[end] != "}":
        return _NO_ID
    at = tail.rfind('"id"', 0, end)
    while at >= 0:
        before = at
        while before > 0 and tail[before - 1] in " \t\r\n":  # no slicing: many "id" must stay cheap
            before -= 1
        if before > 0 and tail[before - 1] in ",{":
            value_at = _ws(tail, at + 4)
            if tail.startswith(":", value_at):
                value_at = _ws(tail, value_at + 1)
                if tail.startswith(("[", "{"), value_at):
                    return _NO_ID  # an id that is an array or an object (-32600 says so, id null)
                try:
                    value, after = _DECODER.raw_decode(tail, value_at)
                except ValueError:
                    return _NO_ID
                return value if _ws(tail, after) == end else _NO_ID
        at = tail.rfind('"id"', 0, at)
    return _NO_ID


def request_id(head: str, tail: str | None = None) -> Any:
    """The id of a message too long or too deep to read whole (None if not found), from its first
    and last ``ID_WINDOW`` characters only: clients write the id near one end (the Python SDK
    second; a message built as ``{...request, id}`` has it last), and the work is the same
    however long the line is (reading a 16 MB line whole took seconds).
    ``tail`` defaults to the end of ``head`` (a whole line at hand); the last id wins, as in
    pydantic's reader and Python's."""
    tail = head[-ID_WINDOW:] if tail is None else tail[-ID_WINDOW:]
    found = _last_member_id(tail)
    return members(head[:ID_WINDOW]).get("id") if found is _NO_ID else found


def _valid_id(value: Any) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, float):
        return "a fraction"
    if isinstance(value, _Huge):
        return f"a number of more than {MAX_INT_DIGITS} digits"
    return "an array or an object"


def error_reply(id: Any, code: int, message: str) -> bytes:
    """One JSON-RPC error line (ASCII, so nothing in it can fail to encode)."""
    return json.dumps({"jsonrpc": "2.0", "id": id if _valid_id(id) else None,
                       "error": {"code": code, "message": message}}).encode() + b"\n"


def _problem(message: dict[str, Any]) -> str | None:
    """What makes this object not a JSON-RPC 2.0 message, in the words of the spec."""
    if message.get("jsonrpc") != "2.0":
        return 'Invalid Request: "jsonrpc" must be "2.0"'
    if "id" in message and not _valid_id(message["id"]):
        return f'Invalid Request: "id" must be a string or an integer, not {_kind(message["id"])}'
    if "method" in message:
        if not isinstance(message["method"], str):
            return 'Invalid Request: "method" must be a string'
        params = message.get("params")
        if params is not None and not isinstance(params, (dict, _Nested)):
            return 'Invalid Request: "params" must be an object'
    elif "result" not in message and "error" not in message:
        return 'Invalid Request: a request needs a "method"'
    return None


def _refusal(text: str, why: str) -> bytes:
    """The error for a line pydantic's reader refused (``why``: its message, never echoed)."""
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        return error_reply(request_id(text), INVALID_REQUEST,
                           "Invalid Request: nested too deeply (more than 200 levels)")
    except ValueError:
        return error_reply(None, PARSE_ERROR, "Parse error: the line is not JSON (one JSON-RPC message a line)")
    if isinstance(value, list):
        return error_reply(None, INVALID_REQUEST, "Invalid Request: batches (JSON arrays) are not supported; "
                                                  "send one message a line")
    if not isinstance(value, dict):
        return error_reply(None, INVALID_REQUEST, "Invalid Request: a message is a JSON object")
    problem = _problem(value)
    if problem is None:  # well-formed to Python's reader: one of pydantic's limits
        problem = ("Invalid Request: nested too deeply (more than 200 levels)" if "recursion limit" in why else
                   f"Invalid Request: a number of more than {MAX_INT_DIGITS} digits" if "out of range" in why else
                   "Invalid Request: not a JSON-RPC 2.0 message")
    return error_reply(value.get("id"), INVALID_REQUEST, problem)


def screen(raw: bytes, writes: Collection[str] = (), tail: bytes | None = None) -> tuple[str | None, bytes | None]:
    """One line from the client: the text to hand the SDK (None: skip it) and our reply (None: none).

    ``writes``: the tools that write. U+FFFD in place of what was sent is fine for a search
    or a lookup, but a write would keep text the model never meant: a ``tools/call`` of one
    of these whose line needed mending is refused (-32602) instead, in the words of the
    service's own gate for a lone surrogate. ``tail``: for a line over ``MAX_LINE`` read
    only in part (``raw``), its last bytes, where the id may be.
    """
    from mcp_types import JSONRPCNotification, JSONRPCRequest, jsonrpc_message_adapter
    from pydantic import ValidationError

    if len(raw) > MAX_LINE:
        end = raw[-ID_WINDOW:] if tail is None else tail[-ID_WINDOW:]
        return None, error_reply(request_id(raw[:ID_WINDOW].decode("utf-8", "replace"),
                                            end.decode("utf-8", "replace")), INVALID_REQUEST,
                                 f"Invalid Request: a message is at most {MAX_LINE >> 20} MiB")
    try:
        text, mended = raw.decode("utf-8"), False
    except UnicodeDecodeError:  # bytes not UTF-8 become U+FFFD, as the SDK does
        text, mended = raw.decode("utf-8", "replace"), True
    # RFC 8259 lets a reader ignore a byte order mark; some shells put one before what they pipe.
    text = text.strip(" \t\r\n").removeprefix("\ufeff").lstrip(" \t\r\n")
    if not text:
        return None, None
    try:
        message = jsonrpc_message_adapter.validate_json(text, by_name=False)
    except ValidationError as exc:
        fixed = mend_surrogates(text)
        if fixed == text:
            return None, _refusal(text, str(exc))
        try:
            message = jsonrpc_message_adapter.validate_json(fixed, by_name=False)
        except ValidationError as again:
            return None, _refusal(text, str(again))  # Python's reader takes the escapes: ids as sent
        if isinstance(message, JSONRPCRequest) and isinstance(message.id, str) and "\ufffd" in message.id:
            try:  # rare: a line that needed mending; Python's reader takes the escape, and any depth < 200
                sent = _DECODER.decode(text).get("id")
            except ValueError:
                sent = message.id
            if sent != message.id:  # the id itself was mended: answer with it as sent, unserved
                return None, error_reply(sent, INVALID_REQUEST, 'Invalid Request: "id" holds half of a '
                                         "surrogate pair (a lone \\ud800-\\udfff escape); nothing was done. Use an "
                                         "integer, or a string of valid Unicode")
        text, mended = fixed, True
    if (mended and isinstance(message, JSONRPCRequest) and message.method == "tools/call"
            and (tool := (message.params or {}).get("name")) in writes):
        return None, error_reply(message.id, INVALID_PARAMS, f"Invalid params: {tool}'s arguments hold text that "
                                 "is not valid Unicode (bytes that are not UTF-8, or half of a surrogate pair); "
                                 "nothing was written. Send it as UTF-8 text")
    if isinstance(message, JSONRPCNotification):
        # An id pydantic cannot take (object, null, fraction, boolean) leaves a valid notification
        # behind: a request the client waits on. Notifications are few; reading one again is cheap.
        value = _DECODER.decode(text)
        if isinstance(value, dict) and "id" in value:
            return None, error_reply(None, INVALID_REQUEST, _problem(value) or "Invalid Request")
    return text, None


class Writer:
    """stdout for the SDK and for our replies: a whole line written and flushed under one lock."""

    def __init__(self, stream: IO[bytes]) -> None:
        import anyio

        self._stream = stream
        self._lock = anyio.Lock()

    def _put(self, data: bytes) -> None:
        self._stream.write(data)
        self._stream.flush()

    async def send(self, data: bytes) -> None:
        import anyio

        async with self._lock:
            await anyio.to_thread.run_sync(self._put, data)

    async def write(self, text: str) -> None:  # what the SDK calls, with one message and "\n"
        await self.send(text.encode("utf-8"))

    async def flush(self) -> None:  # each write is flushed already
        pass


class Lines:
    """stdin for the SDK: screened lines, with our replies to the others sent on ``out``."""

    def __init__(self, stream: IO[bytes], out: Writer, writes: Collection[str] = ()) -> None:
        self._stream = stream
        self._out = out
        self._writes = frozenset(writes)

    def _read(self) -> tuple[bool, str | None, bytes | None]:
        raw = self._stream.readline(MAX_LINE + 1)
        if not raw:
            return False, None, None
        tail = None
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            tail = raw[-ID_WINDOW:]
            while rest := self._stream.readline(1 << 20):  # skipped unread but for the end, where an id may be
                tail = (tail + rest)[-ID_WINDOW:]
                if rest.endswith(b"\n"):
                    break
        return (True, *screen(raw, self._writes, tail))

    def __aiter__(self) -> Lines:
        return self

    async def __anext__(self) -> str:
        import anyio

        while True:
            # Parsing off the event loop; on a cancellation (SIGINT) the blocked read is abandoned,
            # not waited for until the host closes stdin.
            more, line, reply = await anyio.to_thread.run_sync(self._read, abandon_on_cancel=True)
            if reply is not None:
                await self._out.send(reply)
            if line is not None:
                return line
            if not more:
                raise StopAsyncIteration


@contextmanager
def claimed_stdio() -> Iterator[tuple[IO[bytes], IO[bytes]]]:
    """The wire (fds 0 and 1) as private binary files, fd 0 pointed at /dev/null and fd 1 at
    stderr while serving, so a child process or a stray print cannot read or tear a message
    (what the SDK does when it opens stdio itself); both restored on exit."""
    import fcntl

    wire_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
    wire_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
    finally:
        os.close(null)
    try:
        # Never closed: the reader thread may still be blocked on wire_in when serving ends (the
        # SDK makes the same choice), and a closed number could be reused under it.
        yield os.fdopen(wire_in, "rb", closefd=False), os.fdopen(wire_out, "wb", closefd=False)
    finally:
        os.dup2(wire_out, 1)
        os.dup2(wire_in, 0)
