"""``memsync mcp``: serve memory to a coding agent over MCP (stdio)."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_parser
from memsync.errors import MemsyncError


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "mcp",
        "serve memory_recall, memory_remember, memory_forget and memory_inspect over MCP (stdio)",
        "memsync mcp                       # what `memsync setup claude-code` configures\n"
        "memsync mcp --project ~/src/app   # serve this project's memory whatever the working directory",
    )
    p.add_argument("--project", metavar="DIR",
                   help="the project to serve (default: $CLAUDE_PROJECT_DIR, else the client's MCP roots, "
                        "else the working directory)")
    p.epilog = (p.epilog or "") + (
        "\n\nNeeds the optional MCP SDK: pip install 'memsync[mcp]'. A host starts it; it speaks JSON-RPC on "
        "stdin/stdout and logs to stderr. See docs/agents.md."
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    try:
        import mcp.server.mcpserver  # noqa: F401
    except ImportError:
        raise MemsyncError("`memsync mcp` needs the MCP SDK, an optional extra: pip install 'memsync[mcp]'") from None
    from memsync.mcp.project import explicit_dir
    from memsync.mcp.server import serve

    try:
        serve(explicit_dir(args.project))
    except KeyboardInterrupt:
        # The wire is read by a worker thread blocked in readline; the interpreter would wait for
        # it at exit until the host closed stdin. Nothing is left to flush but our own streams.
        import os
        import sys

        sys.stderr.write("memsync: interrupted\n")
        sys.stderr.flush()
        os._exit(130)
