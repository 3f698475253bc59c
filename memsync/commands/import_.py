"""``memsync import claude-code|mimo``: other agents' memories made entries, through remember's gates."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_parser, refusal_json
from memsync.errors import Findings, MemsyncError
from memsync.output import print_json, visible


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "import", "copy Claude Code's or MiMo Code's memories into memsync entries, through the write gates",
        "memsync import claude-code --dry-run      # what would be imported, and what is there already\n"
        "memsync import claude-code\n"
        "memsync import mimo --category facts --json",
    )
    p.add_argument("source", choices=("claude-code", "mimo"),
                   help="claude-code: this project's auto-memory; mimo: MiMo Code's global and project memory")
    p.add_argument("--category", help="put every imported memory in this category (default: from its type)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--scope", choices=("project", "global"),
                   help="write into this root (default: personal memories (Claude Code user, feedback; MiMo "
                        "global) into the global root, the rest into the project root if there is one)")
    g.add_argument("--root", metavar="DIR", help="write into this root")
    p.add_argument("--dry-run", action="store_true", help="run every gate and report, write nothing")
    p.add_argument("--json", action="store_true", help="print {source, root, counts, items: [...]} as JSON")
    p.epilog = (p.epilog or "") + (
        "\n\nEach memory goes through remember's gates (write switch, paths, rule proposals, secrets, duplicates),"
        "\nso running it twice imports nothing new. The source itself is only read (docs/sources.md)."
        "\nexit codes: 0 done (imported or already there), 1 something was refused or nothing was found,"
        "\n2 bad input or writes disabled."
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    from memsync.service import Memory
    from memsync.sources import NAMES, adopt

    try:
        with Memory(root=args.root) as memory:
            src, items = adopt.run(memory, args.source, category=args.category, scope=args.scope,
                                   dry_run=args.dry_run)
    except MemsyncError as exc:
        if args.json:
            print_json(refusal_json(exc))
        raise
    counts = adopt.counts(items)
    if args.json:
        print_json({"ok": "refused" not in counts and src is not None, "source": args.source,
                    "root": src.display if src else None, "dry_run": args.dry_run, "counts": counts,
                    "items": [i.to_json() for i in items]})
    else:
        for i in items:
            what = {"imported": f"imported as {i.id}", "would import": f"would import as {i.id}",
                    "duplicate": f"duplicate of {i.id}", "refused": "refused", "skipped": "skipped"}[i.outcome]
            label = i.source_id.partition(":")[2] if args.source == "mimo" and i.source_id else i.file
            print(visible(f"{label}: {what}" + (f" ({i.reason})" if i.reason and i.outcome != "duplicate" else "")))
        total = ", ".join(f"{n} {k}" for k, n in counts.items()) or "nothing"
        print(f"{NAMES[args.source]}: {total}" + (" (dry run: nothing written)" if args.dry_run else ""))
    if src is None:
        raise Findings(f"nothing to import: no {NAMES[args.source]} folder found (docs/sources.md says where it "
                       "is looked for)")
    if "refused" in counts:
        raise Findings("")
