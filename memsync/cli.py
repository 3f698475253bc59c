"""The ``memsync`` command: argument parsing and the one place errors become exit codes.

Each subcommand lives in ``memsync/commands/<name>.py`` with ``register(subparsers)``;
those modules import their heavy dependencies (dulwich, sqlite3) inside ``run``,
so a hook that only compiles never pays for them.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import keyword
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from memsync import __version__
from memsync.errors import (
    EXIT_FINDINGS,
    EXIT_INTERNAL,
    EXIT_OFFLINE,
    EXIT_OK,
    EXIT_USAGE,
    Findings,
    MemsyncError,
    Offline,
)
from memsync.output import err

COMMANDS = ("init", "compile", "check", "lint", "hooks", "search", "secrets", "sync", "remember", "forget", "show",
            "supersede", "context", "inspect", "extract", "import", "setup", "mcp", "demo")

EPILOG = """\
examples:
  memsync init --project          create .memory/ in this git repo
  memsync compile                 rewrite index.md files and the ROOT.md tables
  memsync check --json            what is stale, for CI (writes nothing)
  memsync lint                    report every problem as path:line: CODE message
  memsync search 部署 pnpm         find entries in the project and global roots
  memsync remember --category pitfalls --summary "…"   write an entry through the safety gates
  memsync context --prompt "…"    the block an agent gets: iron rules, outline, relevant entries
  memsync inspect                 counts, rule proposals, self-check, counters, last runs
  memsync extract S.jsonl --dry-run   what a model would remember from a session, and each fate

exit codes: 0 ok, 1 findings (stale index, lint errors, secrets, no hits, a refused write),
2 usage or environment error, 3 sync could not reach the remote (local work kept).
Run `memsync COMMAND --help` for a command's options and an example.
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse quotes what it refused (`invalid choice: '…'`): a token pasted into the wrong
        # argument must not be printed back whole, nor a terminal escape sent raw.
        from memsync.output import visible
        from memsync.secrets.gate import redact

        super().error(visible(redact(message)))


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``command`` (one of COMMANDS) it knows that subcommand only.

    Registering a subcommand imports its module and builds its parsers (argparse
    looks for message catalogues on disk for each one), about 3 ms apiece: a
    command line that names its subcommand first pays for that one alone.
    """
    parser = _Parser(
        prog="memsync",
        description="Long-term memory for coding agents, kept as Markdown in git.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"memsync {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if command is None else (command,):
        # A command named like a Python keyword (import) lives in <name>_.py.
        importlib.import_module(f"memsync.commands.{name}{'_' if keyword.iskeyword(name) else ''}").register(sub)
    return parser


def exit_code(exc: BaseException) -> int:
    """The one mapping from an error's type to the process exit code."""
    if isinstance(exc, Findings):
        return EXIT_FINDINGS
    if isinstance(exc, Offline):
        return EXIT_OFFLINE
    if isinstance(exc, MemsyncError):
        return EXIT_USAGE
    return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        args.func(args)
        return EXIT_OK
    except MemsyncError as exc:
        if str(exc):
            from memsync.secrets.gate import redact

            err(redact(str(exc)))  # it may quote an id or a name the caller gave: a token there is masked
        return exit_code(exc)
    except KeyboardInterrupt:
        err("interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (`memsync lint | head`); not an error of ours.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except Exception as exc:  # a bug: say so in one line unless debugging
        if os.environ.get("MEMSYNC_DEBUG"):
            raise
        err(f"internal error: {type(exc).__name__}: {exc} (set MEMSYNC_DEBUG=1 for a traceback)")
        return EXIT_INTERNAL


def long_lived(words: Sequence[str]) -> bool:
    """Does this command line start a process that serves many requests (the MCP server)?"""
    return list(words[:1]) == ["mcp"]


def run() -> NoReturn:
    """The ``memsync`` program: ``main`` for this process's arguments, then exit.

    A one-shot command runs without the cyclic garbage collector: what it builds (a tree of
    10,000 entries, a parse cache read as JSON) holds no cycles to collect, yet the collector
    would walk it again and again as it grows (~6% of the instructions of a ``remember`` at
    10k entries). The server (``mcp``) lives long and keeps it. Freezing the collector before
    exit skips the collection the interpreter runs over every object then (about 30 ms once
    dulwich is loaded): the process is ending, and everything it wrote is closed by then.
    """
    if not long_lived(sys.argv[1:]):
        gc.disable()
    code = main()
    gc.freeze()
    raise SystemExit(code)


if __name__ == "__main__":
    run()
