"""``memsync inspect``: what the memory holds and how it is doing (read only)."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_memory_options, add_parser, memory_from
from memsync.output import print_json, visible


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "inspect", "report counts, rule proposals, conflicts, self-check, counters and last runs",
                   "memsync inspect\nmemsync inspect --scope project --json | jq '.roots[0].proposals'")
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print {roots: [...], sources: [...]} as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    with memory_from(args) as memory:
        report = memory.inspect(scope=args.scope)
    if args.json:
        print_json(report.to_json())
        return
    for line in report.lines():
        print(visible(line))
