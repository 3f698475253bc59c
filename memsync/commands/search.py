"""``memsync search QUERY...`` (alias ``recall``): find entries in the project and global roots."""
from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_parser
from memsync.errors import Findings, MemsyncError
from memsync.output import paint, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "search", "search memory entries (Chinese, Japanese, Korean and English), best first",
        "memsync search 部署\nmemsync search DATABASE_URL --scope project --json\n"
        "memsync recall pnpm 部署 --category decisions --limit 3",
        aliases=["recall"],
    )
    p.add_argument("query", nargs="+", metavar="QUERY", help="words to look for; an entry with more of them ranks first")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scope", choices=("project", "global", "claude-code", "mimo"),
                       help="search only this root or source (default: the project and global roots together, "
                            "with the sources turned on in the settings: docs/sources.md)")
    where.add_argument("--root", metavar="DIR", help="search this root folder only")
    p.add_argument("--category", action="append", default=[], metavar="NAME",
                   help="only entries in this category (repeatable)")
    p.add_argument("--kind", action="append", default=[], metavar="KIND", help="only entries of this kind (repeatable)")
    p.add_argument("--limit", type=int, metavar="N", help="at most N hits (default: search.limit in the config, 10)")
    p.add_argument("--all", action="store_true", help="include superseded entries")
    p.add_argument("--json", action="store_true", help="print {query, words, hits: [...], hint, notes} as JSON")
    p.set_defaults(func=run)


def _print_hit(n: int, hit, out) -> None:  # type: ignore[no-untyped-def]
    flags = "".join([" pinned" if hit.pinned else "", " superseded" if hit.superseded else ""])
    out.write(f"{n}. {paint(hit.id, 'bold', out)}  score {hit.score:.3f}  {hit.scope}{flags}\n")
    out.write(f"   path: {hit.path}\n")
    out.write(f"   summary: {hit.summary}\n")
    out.write(f"   snippet: {hit.snippet}\n")
    matched = ", ".join(f"{word} ×{count}" for word, count in hit.matched.items())
    out.write(f"   matched: {matched}\n")


def run(args: argparse.Namespace) -> None:
    from memsync.service import Memory

    if args.limit is not None and args.limit < 1:
        raise MemsyncError("--limit must be at least 1")
    with Memory(root=args.root) as memory:
        result = memory.recall(" ".join(args.query), scope=args.scope, category=args.category, kind=args.kind,
                               limit=args.limit, include_superseded=args.all)
    for note in result.notes:
        sys.stderr.write(f"memsync: {note}\n")
    if result.truncated:
        sys.stderr.write("memsync: the query was long; only its first words were searched\n")
    if args.json:
        print_json({
            "query": result.query,
            "words": result.words,
            "hits": [h.to_json() for h in result.hits],
            "hint": result.hint,
            "notes": result.notes,
        })
    else:
        out = sys.stdout
        for n, hit in enumerate(result.hits, 1):
            if n > 1:
                out.write("\n")
            _print_hit(n, hit, out)
        if result.hint:
            sys.stderr.write(f"memsync: {result.hint}\n")
    if not result.words:
        raise MemsyncError("")
    if not result.hits:
        raise Findings("")
