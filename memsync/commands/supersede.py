"""``memsync supersede OLD NEW``: NEW replaces OLD (links written both ways)."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_memory_options, add_parser, run_write


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "supersede", "mark an entry as replaced by another (it leaves search and routing)",
                   "memsync supersede decisions/use-npm decisions/deploy-with-pnpm")
    p.add_argument("old", metavar="OLD", help="the entry that is replaced")
    p.add_argument("new", metavar="NEW", help="the entry that replaces it (same root)")
    p.add_argument("--force", action="store_true", help="also supersede a pinned entry")
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    run_write(args, lambda memory: memory.supersede(args.old, args.new, force=args.force, scope=args.scope))
