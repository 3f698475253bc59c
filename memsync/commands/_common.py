"""Pieces several subcommands share: root selection options and problem printing."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from memsync.output import paint
from memsync.problems import Problem
from memsync.roots import Root, select_roots


def add_parser(sub: argparse._SubParsersAction, name: str, help: str, example: str,
               aliases: Sequence[str] = ()) -> argparse.ArgumentParser:
    """A subcommand whose --help ends with an example."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=help,
        aliases=list(aliases),
        description=help[0].upper() + help[1:] + ".",
        epilog="example:\n  " + example.replace("\n", "\n  "),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def add_root_options(p: argparse.ArgumentParser, *, both: bool = False) -> None:
    which = "search both" if both else "the project root if there is one, else the global root"
    g = p.add_mutually_exclusive_group()
    g.add_argument("--root", metavar="DIR", help="use this root instead of discovering one")
    g.add_argument("--project", action="store_true", help="the project root: <main worktree>/.memory")
    g.add_argument("--global", dest="global_", action="store_true", help="the global root ($MEMSYNC_GLOBAL_ROOT)")
    p.set_defaults(_roots_default="all" if both else "first")
    p.epilog = (p.epilog or "") + f"\n\nwithout --root/--project/--global: {which}."


def roots_from(args: argparse.Namespace, *, must_exist: bool = True) -> list[Root]:
    return select_roots(
        root=args.root,
        project=args.project,
        global_=args.global_,
        default=args._roots_default,
        must_exist=must_exist,
    )


def print_problems(problems: list[Problem], root: Root, stream: IO[str] | None = None) -> None:
    stream = stream or sys.stdout
    for p in problems:
        color = "yellow" if p.severity == "warning" else "red"
        line = p.format(root.display)
        head, _, rest = line.partition(f" {p.code} ")
        stream.write(f"{head} {paint(p.code, color, stream)} {rest}\n")


def add_memory_options(p: argparse.ArgumentParser) -> None:
    """--scope / --root for the agent commands (remember, forget, show, context, inspect ...)."""
    g = p.add_mutually_exclusive_group()
    g.add_argument("--scope", choices=("project", "global", "claude-code", "mimo"),
                   help="this root only (default: the project root if there is one, and the global root); "
                        "claude-code and mimo are other agents' memory, read only (docs/sources.md)")
    g.add_argument("--root", metavar="DIR", help="use this root instead of discovering one")


def memory_from(args: argparse.Namespace, **kwargs: object):  # type: ignore[no-untyped-def]
    from memsync.service import Memory

    return Memory(root=args.root, **kwargs)  # type: ignore[arg-type]


def refusal_json(exc: Exception) -> dict[str, object]:
    """A refused or failed agent command in --json form (the message also goes to stderr)."""
    from memsync.secrets.gate import redact

    # A message quotes what the caller sent (an id, a category): a token pasted there is masked.
    out: dict[str, object] = {"ok": False, "error": type(exc).__name__, "gate": getattr(exc, "gate", None),
                              "message": redact(str(exc))}
    for key in ("existing", "coverage", "id"):
        if hasattr(exc, key):
            value = getattr(exc, key)
            out[key] = redact(value) if isinstance(value, str) else value
    if hasattr(exc, "findings"):
        out["findings"] = [f.to_json() for f in exc.findings]  # type: ignore[attr-defined]
    return out


def run_write(args: argparse.Namespace, call, say=None):  # type: ignore[no-untyped-def]
    """A writing agent command: ``call(memory)`` under the root options; the result or the
    refusal printed as JSON with --json, else ``say(result)`` lines (default: its message)."""
    from memsync.errors import MemsyncError
    from memsync.output import print_json, visible

    try:
        with memory_from(args) as memory:
            done = call(memory)
    except MemsyncError as exc:
        if args.json:
            print_json(refusal_json(exc))
        raise
    if args.json:
        print_json({"ok": True, **done.to_json()})
        return done
    for line in (say(done) if say else [done.message]):
        print(visible(line))
    return done
