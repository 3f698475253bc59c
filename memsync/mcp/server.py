"""The stdio MCP server: four tools over ``memsync.service`` (SPEC §8 "MCP").

One ``service.Memory(cwd=project, watch=True)`` per project lives as long as the
server: entries and search indexes stay warm and inotify keeps them fresh, so an edit
by an editor, ``git pull``, the CLI or another server is seen by the next call.
Tool functions are ``async`` and call the service inline, so calls run one at a time
on the event loop and the Memory needs no locking; writers in other processes are
kept apart by the service's root lock.

Every failure reaches the model as a tool error whose text says what to do next:
the service's refusals as they are, bad arguments rewritten from pydantic's wording,
anything unexpected as one line (the traceback goes to stderr, the host's log).
"""
from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, NotificationParams, TextContent, ToolAnnotations
from pydantic import BaseModel, Field, StrictBool, StrictInt, ValidationError

from memsync import __version__
from memsync.errors import MemsyncError
from memsync.mcp import render, texts
from memsync.mcp.project import Locator

log = logging.getLogger("memsync.mcp")

MAX_LIMIT = 20
SCOPE_HELP = 'which memory: "project" or "global" (default: both for reading; the project\'s for writing)'


class RecallResult(BaseModel):
    query: str | None = None
    hits: list[dict[str, Any]] = []
    entry: dict[str, Any] | None = None
    notes: list[str] = []
    hint: str | None = None


class WriteResult(BaseModel):
    ok: bool = True
    id: str
    scope: str
    path: str
    message: str
    details: dict[str, Any] = {}


class InspectResult(BaseModel):
    roots: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []


def _ok(text: str, structured: BaseModel) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=structured.model_dump(mode="json"))


def _error(text: str, structured: dict[str, Any] | None = None) -> CallToolResult:
    from memsync.secrets.gate import redact

    # Messages quote what the model sent (a parameter name, a tool name): masked like any output.
    return CallToolResult(content=[TextContent(type="text", text=render.fit(redact(text)))], is_error=True,
                          structured_content=structured)


def _refusal(tool: str, exc: MemsyncError) -> CallToolResult:
    from memsync import gates
    from memsync.commands._common import refusal_json

    message = str(exc) or type(exc).__name__
    if isinstance(exc, gates.Duplicate):
        message += (f' (memory_remember with id="{exc.existing}" updates that entry; force=true writes this one '
                    "anyway)")
    elif isinstance(exc, gates.UnknownEntry):
        message += " (memory_recall with a few words finds the right id)"
    elif isinstance(exc, gates.PinnedEntry):
        message += " (force=true, only if the user asked)"
    data = refusal_json(exc)
    data = {k: v for k, v in data.items() if k != "findings"} | (
        {"findings": [{"rule": f.rule, "encoding": f.encoding, "line": f.line, "masked": f.masked}
                      for f in getattr(exc, "findings", [])]}
        if getattr(exc, "findings", None) else {})
    return _error(message, render.bounded(data))


def _words(value: str | list[str] | None) -> list[str]:
    """A list parameter that a model may also give as one comma-separated string."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else value
    return [w.strip() for w in items if isinstance(w, str) and w.strip()]


def _hit_body(roots: dict[tuple[str, str], Any], hit: Any) -> str | None:
    """The body of a search hit, read from the file the search just described, secrets masked.

    ``memory.show(id)`` would find the same file through the root's whole entry list
    (1-15 ms a hit at 10,000 entries, seconds on the first call while that list is
    built); the hit already names its root and path.
    """
    from memsync.entry import MAX_ENTRY_BYTES, parse_entry
    from memsync.fsutil import NotRegularFile, inside, read_regular
    from memsync.secrets.gate import redact

    root = roots.get((hit.root, hit.scope))
    layout = getattr(root, "layout", None)
    if layout is not None:  # another agent's memory (memsync.sources): its own reader, never a path
        doc = layout.doc(hit.id)
        return redact(doc.body.strip("\n")) if doc is not None else None
    rel = hit.file()
    if root is None or rel is None:
        return None
    try:
        data = read_regular(inside(root.path, rel), MAX_ENTRY_BYTES + 1)
    except (OSError, NotRegularFile, MemsyncError):
        return None  # gone since the search, or not a plain file: the hit still says what it was
    body: str = redact(parse_entry(data, rel).body.strip("\n"))
    return body


def _has_memory(memory: Any, scope: str | None) -> bool:
    """Whether a root to read exists (a missing one is an empty memory, not an error, for a model);
    an unknown scope is still an error. Another agent's memory that the user turned on counts,
    as it does for `memsync search` (``Memory.read_roots``)."""
    if scope is not None:
        return any(r.path.is_dir() for r in memory.roots(scope, default="all", must_exist=False))
    # Only "nothing there yet" is an empty memory: a broken setup (the cache inside a root,
    # .memory a file) is its error, as `memsync search` says it.
    return bool(memory.read_roots(None, none_yet_ok=True))


class MemsyncServer(MCPServer):
    """The SDK's server plus argument checks the SDK does not make: a parameter name we
    do not know is an error that names the right one (pydantic would drop it silently,
    and a body passed as ``content`` would be lost)."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._tool_manager.get_tool(name)
        if tool is None:
            known = ", ".join(t.name for t in self._tool_manager.list_tools())
            return _error(f"there is no tool {name!r}; the tools are {known}. Nothing was done.")
        allowed = set((tool.parameters or {}).get("properties", {}))
        unknown = [k for k in arguments if k not in allowed]
        if unknown:
            return _error(_unknown_args(name, unknown, sorted(allowed)))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                return _error(_bad_args(name, exc.__cause__))
            raise


def _unknown_args(tool: str, unknown: list[str], allowed: list[str]) -> str:
    parts = []
    for key in unknown:
        if key in texts.NO_PATHS:
            parts.append(f"{key!r} is not taken: the server finds the project itself (from the host); "
                         "use scope=\"project\" or \"global\" to choose a memory")
        elif texts.ALIASES.get(key) in allowed:
            parts.append(f"{key!r} is called {texts.ALIASES[key]!r} here")
        else:
            parts.append(f"{key!r} is not a parameter")
    return (f"{tool}: " + "; ".join(parts) + f". Its parameters: {', '.join(allowed)}. Nothing was done; call it "
            "again with those names.")


# Every boolean and integer parameter is StrictBool/StrictInt: pydantic's lax mode would take
# "yes", "1", 1 or 1.0 for them, and a write (pinned, force) would act on a guess.
_EXPECTED = {"bool_type": "a JSON boolean (true or false)", "int_type": "a JSON integer (a whole number)"}


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words (never the value itself)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a fraction" if not value.is_integer() else "a number with a decimal point"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _bad_args(tool: str, exc: ValidationError, what: str = "arguments") -> str:
    problems = []
    for e in exc.errors()[:5]:
        where = ".".join(str(p) for p in e.get("loc", ())) or "arguments"
        kind = e.get("type", "")
        if kind == "missing":
            problems.append(f"{where} is required")
        elif kind in _EXPECTED:  # the value is not quoted back: it may be anything, a secret too
            problems.append(f"{where} must be {_EXPECTED[kind]}, not {_json_kind(e.get('input'))}")
        else:
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
    return f"{tool}: " + "; ".join(problems) + f". Nothing was done; call it again with corrected {what}."


class Tools:
    """The four tools, bound to one server's project locator and memories."""

    def __init__(self, locator: Locator) -> None:
        self.locator = locator
        self._memories: dict[Path, Any] = {}

    async def memory(self, ctx: Context | None) -> Any:
        from memsync.service import Memory

        session = None
        if ctx is not None:
            try:
                session = ctx.session
            except Exception:  # no request context (an in-process call without a session)
                session = None
        project = await self.locator.project(session)
        memory = self._memories.get(project)
        if memory is None:
            memory = self._memories[project] = Memory(cwd=project, watch=True)
        return memory

    def close(self) -> None:
        for m in self._memories.values():
            m.close()
        self._memories.clear()

    async def guarded(self, tool: str, ctx: Context | None, work: Any) -> CallToolResult:
        try:
            memory = await self.memory(ctx)
            return work(memory)
        except MemsyncError as exc:
            return _refusal(tool, exc)
        except Exception as exc:  # a bug of ours: one line for the model, the traceback for the log
            log.exception("%s failed", tool)
            return _error(f"{tool}: internal error in memsync ({type(exc).__name__}). The call may not have "
                          "completed; memory_inspect shows the state of memory. Do not retry in a loop.")

    # -- tools -------------------------------------------------------------------------

    async def recall(
        self,
        query: Annotated[str | None, Field(description="a few keywords, any language")] = None,
        id: Annotated[str | None, Field(description="read this entry (<category>/<slug>) instead of searching")] = None,
        offset: Annotated[StrictInt, Field(ge=0, description="with id: the body character to start at")] = 0,
        category: Annotated[str | list[str] | None, Field(description="only these categories")] = None,
        kind: Annotated[str | list[str] | None, Field(description="only these kinds")] = None,
        scope: Annotated[str | None, Field(description=SCOPE_HELP)] = None,
        limit: Annotated[StrictInt, Field(ge=1, le=MAX_LIMIT, description="at most this many hits")] = 5,
        ctx: Context | None = None,
    ) -> Annotated[CallToolResult, RecallResult]:
        if id is not None and id.strip():
            return await self.guarded("memory_recall", ctx, lambda m: self._read(m, id.strip(), offset, scope))
        if query is None or not query.strip():
            return _error("memory_recall: give `query` (a few keywords) to search, or `id` to read one entry.")
        return await self.guarded("memory_recall", ctx, lambda m: self._search(m, query, category, kind, scope, limit))

    def _read(self, memory: Any, entry_id: str, offset: int, scope: str | None) -> CallToolResult:
        e = render.entry_result(memory.show(entry_id, scope=scope), offset)
        return _ok(render.entry_text(e), RecallResult(entry=e))

    def _search(self, memory: Any, query: str, category: Any, kind: Any, scope: str | None,
                limit: int) -> CallToolResult:
        if not _has_memory(memory, scope):
            text = (f"No {scope + ' ' if scope else ''}memory exists yet, so there is nothing to recall. Answer "
                    "without it; memory_remember creates the memory when something is worth keeping.")
            return _ok(text, RecallResult(query=query, hint="no memory yet"))
        from memsync.secrets.gate import redact

        result = memory.recall(query, scope=scope, category=_words(category), kind=_words(kind), limit=limit)
        roots = {(r.display, r.scope): r for r in memory.read_roots(scope)}
        hits = [render.recall_hit(hit, _hit_body(roots, hit)) for hit in result.hits]
        notes = list(result.notes)
        if result.truncated:
            notes.append("the query was long; only its first words were searched")
        shown = redact(query)  # the query is quoted back: a token pasted into it is masked
        structured = RecallResult(query=shown, hits=hits, notes=notes, hint=result.hint)
        return _ok(render.recall_text(shown, hits, notes, result.hint), structured)

    async def remember(
        self,
        summary: Annotated[str | None, Field(description="one line: the fact, preference, decision or pitfall")] = None,
        category: Annotated[str | None, Field(description="rules, preferences, decisions, pitfalls, facts")] = None,
        body: Annotated[str | None, Field(description="details: context, reason, root cause")] = None,
        kind: Annotated[str | None, Field(description="pitfall, decision, preference, fact … (default: from "
                                                      "the category)")] = None,
        load_when: Annotated[list[str] | str | None, Field(description="trigger words that should bring it "
                                                                      "back")] = None,
        highlight: Annotated[str | None, Field(description="one line worth showing with the summary")] = None,
        pinned: Annotated[StrictBool | None, Field(description="never decays or gets superseded without force")] = None,
        supersedes: Annotated[list[str] | str | None, Field(description="ids this entry replaces")] = None,
        scope: Annotated[str | None, Field(description=SCOPE_HELP)] = None,
        id: Annotated[str | None, Field(description="update this existing entry (pass only what changes)")] = None,
        force: Annotated[StrictBool, Field(description="write even if a near-duplicate exists")] = False,
        ctx: Context | None = None,
    ) -> Annotated[CallToolResult, WriteResult]:
        def work(memory: Any) -> CallToolResult:
            written = memory.remember(
                summary, category=category, body=body, kind=kind,
                load_when=None if load_when is None else _words(load_when), highlight=highlight, pinned=pinned,
                supersedes=_words(supersedes), scope=scope, id=id, force=force,
            )
            text = written.message + f". File: {written.path}."
            details = {k: v for k, v in written.to_json().items() if k not in ("id", "scope", "path", "message")}
            return _ok(text, WriteResult(id=written.id, scope=written.scope, path=written.path,
                                         message=written.message, details=details))
        return await self.guarded("memory_remember", ctx, work)

    async def forget(
        self,
        id: Annotated[str, Field(description="the entry to delete (<category>/<slug>, as recall shows it)")],
        force: Annotated[StrictBool, Field(description="also delete a pinned entry (only if the user asked)")] = False,
        scope: Annotated[str | None, Field(description=SCOPE_HELP)] = None,
        ctx: Context | None = None,
    ) -> Annotated[CallToolResult, WriteResult]:
        def work(memory: Any) -> CallToolResult:
            gone = memory.forget(id, force=force, scope=scope)
            details = {k: v for k, v in gone.to_json().items() if k not in ("id", "scope", "path", "message")}
            return _ok(gone.message + ". It can be restored from git.",
                       WriteResult(id=gone.id, scope=gone.scope, path=gone.path, message=gone.message,
                                   details=details))
        return await self.guarded("memory_forget", ctx, work)

    async def inspect(
        self,
        scope: Annotated[str | None, Field(description=SCOPE_HELP)] = None,
        ctx: Context | None = None,
    ) -> Annotated[CallToolResult, InspectResult]:
        def work(memory: Any) -> CallToolResult:
            if not _has_memory(memory, scope):
                return _ok(f"No {scope + ' ' if scope else ''}memory exists yet (no memory folder for this project "
                           "or the user). memory_remember creates it.", InspectResult())
            report = memory.inspect(scope=scope)
            data = render.bounded(report.to_json())
            return _ok(render.fit("\n".join(report.lines())), InspectResult(**data))
        return await self.guarded("memory_inspect", ctx, work)


async def _masked_errors(ctx: Any, call_next: Any) -> Any:
    """Every error reply passes here, its message and data masked: the SDK's protocol errors quote
    the request (-32601 names the method in ``data``, an unknown resource its URI).

    Anything else a handler raises would reach the SDK's dispatcher, which answers with code 0
    and ``str(exc)`` unmasked and logs a traceback quoting it. The SDK raises a bare ValueError
    for a prompt it does not know (or arguments a prompt refuses): the client's mistake, so it is
    -32602 as an unknown resource is, with one masked line at INFO (as the SDK logs resources).
    Any other exception is a bug of ours: -32603 naming only its type, the traceback masked."""
    from mcp.shared.exceptions import MCPError

    from memsync.secrets.gate import redact, redact_all

    try:
        return await call_next(ctx)
    except MCPError as exc:
        message, data = redact(exc.message), redact_all(exc.data)
        if data != exc.data or message != exc.message:
            raise MCPError(exc.code, message, data) from None
        raise
    except Exception as exc:
        method = redact(str(ctx.method))
        if ctx.method == "prompts/get" and isinstance(exc, ValueError):
            message = redact(str(exc)) or "Unknown prompt"
            log.info("%s refused: %s", method, message)
            if ctx.request_id is not None:
                raise MCPError(INVALID_PARAMS, message) from None
            return None
        log.error("%s failed: %s", method, redact("".join(traceback.format_exception(exc)).rstrip("\n")))
        if ctx.request_id is None:  # a notification gets no reply; the SDK would log it unmasked
            return None
        raise MCPError(INTERNAL_ERROR, f"Internal error in memsync ({type(exc).__name__}) serving {method}; "
                       "the request may not have completed") from None


# -32600 Invalid Request, not the SDK's -32602 Invalid params: the params are fine, the request is not
# valid yet (MCP's lifecycle puts `initialize` first), and -32600 is the code clients already read as
# "the request itself is wrong". The implementation-defined range (-32000 to -32099) is where MCP puts
# its own meanings (-32002 resource not found, -32022 unsupported version); one of ours could collide.
NOT_INITIALIZED, INVALID_PARAMS, INTERNAL_ERROR = -32600, -32602, -32603


async def _clear_refusals(ctx: Any, call_next: Any) -> Any:
    """The SDK's refusals of a request it cannot serve all read -32602 "Invalid request parameters"
    with nothing more: one sent before `initialize` is told to send that first (its code above), and
    params that do not fit the method's schema name the fields at fault (pydantic's locations and
    words, never the values sent). Only refusals are rewritten, still with the request's id."""
    from mcp.shared.exceptions import MCPError

    try:
        return await call_next(ctx)
    except (MCPError, ValidationError) as exc:
        if isinstance(exc, MCPError) and exc.code != INVALID_PARAMS:
            raise
        if ctx.method != "initialize" and ctx.session.client_params is None:
            raise MCPError(NOT_INITIALIZED, f"Invalid Request: {ctx.method} was sent before initialize. Send the "
                           "initialize request first (then the notifications/initialized notification); this "
                           "request was not served, and the connection stays open") from None
        if isinstance(exc, MCPError):
            raise
        raise MCPError(INVALID_PARAMS, "Invalid params: " + _bad_args(ctx.method, exc, "params")) from None


class _MaskedLog(logging.Filter):
    """Every line logged to stderr (the host's log) through ``redact``, ours and the SDK's alike:
    they quote requests (a URI, a tool name), and a traceback quotes its exception's message.
    A backstop: the middleware above already keeps client errors out of the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        from memsync.secrets.gate import redact

        text = record.getMessage()
        if record.exc_info:  # formatted here, so the traceback is masked with the message
            text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
        record.msg, record.args, record.exc_info, record.exc_text = redact(text), None, None, None
        return True


def _mask_logs() -> None:
    """On the root's handlers (the SDK's ``basicConfig`` made them): a handler's filter sees every
    logger's records, a logger's only its own."""
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, _MaskedLog) for f in handler.filters):
            handler.addFilter(_MaskedLog())


def build(project: Path | None = None) -> tuple[MemsyncServer, Tools]:
    """The server (not yet running) and its tools; ``project`` is ``--project``."""
    server = MemsyncServer("memsync", instructions=texts.INSTRUCTIONS, version=__version__, log_level="WARNING",
                           middleware=[_masked_errors, _clear_refusals])
    _mask_logs()
    tools = Tools(Locator(project))
    async def roots_changed(_ctx: Any, _params: Any) -> None:
        tools.locator.forget_roots()  # the client opened another folder: ask again on the next call

    # The SDK's public server has no hook for this notification; its low-level server does.
    server._lowlevel_server.add_notification_handler("notifications/roots/list_changed", NotificationParams,
                                                     roots_changed)
    server.add_tool(tools.recall, name="memory_recall", title="Recall from memory", description=texts.RECALL,
                    annotations=ToolAnnotations(title="Recall from memory", read_only_hint=True,
                                                open_world_hint=False))
    server.add_tool(tools.remember, name="memory_remember", title="Remember", description=texts.REMEMBER,
                    annotations=ToolAnnotations(title="Remember", read_only_hint=False, destructive_hint=False,
                                                idempotent_hint=False, open_world_hint=False))
    server.add_tool(tools.forget, name="memory_forget", title="Forget a memory", description=texts.FORGET,
                    annotations=ToolAnnotations(title="Forget a memory", read_only_hint=False, destructive_hint=True,
                                                idempotent_hint=True, open_world_hint=False))
    server.add_tool(tools.inspect, name="memory_inspect", title="Inspect memory", description=texts.INSPECT,
                    annotations=ToolAnnotations(title="Inspect memory", read_only_hint=True, open_world_hint=False))
    return server, tools


def serve(project: Path | None = None) -> None:
    """Serve stdio until the client closes the connection."""
    import anyio

    server, tools = build(project)
    try:
        anyio.run(_serve_stdio, server)
    except Exception as exc:
        if _client_gone(exc):  # the host closed our stdout mid-session: an end, not our error
            raise BrokenPipeError() from None
        raise
    finally:
        tools.close()
        sys.stderr.flush()


def _client_gone(exc: BaseException) -> bool:
    """Only a closed pipe to the client, however deep in the task groups' exception groups."""
    inner = getattr(exc, "exceptions", None)  # an ExceptionGroup (the backport's too, on 3.10)
    if inner is not None:
        return bool(inner) and all(_client_gone(e) for e in inner)
    return isinstance(exc, (BrokenPipeError, ConnectionResetError))


async def _serve_stdio(server: MemsyncServer) -> None:
    """``server.run("stdio")`` with our screened streams (memsync.mcp.wire says why)."""
    from typing import cast

    from mcp.server.stdio import stdio_server

    from memsync.mcp import wire

    lowlevel = server._lowlevel_server
    writes = [t.name for t in server._tool_manager.list_tools()
              if not (t.annotations and t.annotations.read_only_hint)]
    with wire.claimed_stdio() as (wire_in, wire_out):
        out = wire.Writer(wire_out)
        lines = wire.Lines(wire_in, out, writes)
        async with stdio_server(stdin=cast(Any, lines), stdout=cast(Any, out)) as (read, write):
            await lowlevel.run(read, write, lowlevel.create_initialization_options())
