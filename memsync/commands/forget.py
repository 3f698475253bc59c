"""``memsync forget ID``: delete an entry (a pinned one needs --force)."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_memory_options, add_parser, run_write


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "forget", "delete a memory entry by id and recompile the indexes",
                   "memsync forget pitfalls/old-advice\nmemsync forget preferences/tabs --force   # a pinned entry")
    p.add_argument("id", metavar="ID", help="<category>/<slug>, as search shows it")
    p.add_argument("--force", action="store_true", help="also forget a pinned entry")
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    run_write(args, lambda memory: memory.forget(args.id, force=args.force, scope=args.scope))
