"""``memsync forget ID``: delete an entry (a pinned one needs --force)."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_memory_options, add_parser, memory_from, refusal_json
from memsync.errors import MemsyncError
from memsync.output import print_json, visible


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "forget", "delete a memory entry by id and recompile the indexes",
                   "memsync forget pitfalls/old-advice\nmemsync forget preferences/tabs --force   # a pinned entry")
    p.add_argument("id", metavar="ID", help="<category>/<slug>, as search shows it")
    p.add_argument("--force", action="store_true", help="also forget a pinned entry")
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    try:
        with memory_from(args) as memory:
            done = memory.forget(args.id, force=args.force, scope=args.scope)
    except MemsyncError as exc:
        if args.json:
            print_json(refusal_json(exc))
        raise
    if args.json:
        print_json({"ok": True, **done.to_json()})
    else:
        print(visible(done.message))
