"""``memsync show ID``: one entry as stored, with its root and path (secrets masked)."""
from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_memory_options, add_parser, memory_from
from memsync.output import print_json, visible


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "show", "print one memory entry as stored, with its root and path",
                   "memsync show decisions/pnpm-for-deploy\nmemsync show pitfalls/sqlite-cjk --json | jq .meta")
    p.add_argument("id", metavar="ID", help="<category>/<slug>, as search shows it")
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print {id, scope, root, path, meta, body, text, unreadable}")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    from memsync.commands._common import refusal_json
    from memsync.errors import MemsyncError

    try:
        with memory_from(args) as memory:
            shown = memory.show(args.id, scope=args.scope)
    except MemsyncError as exc:
        if args.json:  # as the writing commands do: a tool reading stdout learns why
            print_json(refusal_json(exc))
        raise
    if args.json:
        print_json(shown.to_json())
        return
    sys.stdout.write(f"# {visible(shown.id)} ({shown.scope}: {visible(shown.path)})\n")  # an id may be a file name
    text = visible(shown.text, newlines=True)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
