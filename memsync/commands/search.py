"""``memsync search QUERY...`` (alias ``recall``): find entries in the project and global roots."""
from __future__ import annotations

import argparse
import json
import re
import sys
from typing import IO, Any

from memsync.commands._common import add_parser
from memsync.errors import Findings, MemsyncError
from memsync.output import paint, visible

HELP = "search memory entries (Chinese, Japanese, Korean and English), best first"
EXAMPLE = ("memsync {name} 部署\nmemsync {name} DATABASE_URL --scope project --json\n"
           "memsync {name} pnpm 部署 --category decisions --limit 3")


def register(sub: argparse._SubParsersAction) -> None:
    _arguments(add_parser(sub, "search", HELP + " (alias: recall)", EXAMPLE.format(name="search")))
    # The alias is a parser of its own (not argparse's alias of "search"), so that its
    # --help and usage name the command that was typed; it is not listed twice.
    recall = sub.add_parser("recall", description=HELP[0].upper() + HELP[1:] + " (the same as memsync search).",
                            epilog="example:\n  " + EXAMPLE.format(name="recall").replace("\n", "\n  "),
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    _arguments(recall)


def _arguments(p: argparse.ArgumentParser) -> None:
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
    p.add_argument("--json", action="store_true",
                   help="print {query, words, split, translated, hits: [...], hint, notes} as JSON")
    p.set_defaults(func=run)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def _shown(text: str) -> str:
    """Text from a file, safe for a terminal: control characters shown (``output.visible``),
    and a lone surrogate (which no terminal encoding can carry) as a ``\\u`` escape."""
    return _LONE_SURROGATE.sub(_escape, visible(text))


def _print_hit(n: int, hit: Any, out: IO[str]) -> None:
    # Everything here comes from files: control characters are shown, never sent raw.
    flags = "".join([" pinned" if hit.pinned else "", " superseded" if hit.superseded else ""])
    out.write(f"{n}. {paint(_shown(hit.id), 'bold', out)}  score {hit.score:.3f}  {hit.scope}{flags}\n")
    out.write(f"   path: {_shown(hit.path)}\n")
    out.write(f"   summary: {_shown(hit.summary)}\n")
    out.write(f"   snippet: {_shown(hit.snippet)}\n")
    matched = ", ".join(f"{_shown(word)} ×{count}" for word, count in hit.matched.items())
    out.write(f"   matched: {matched}\n")
    for reason in hit.reasons:
        out.write(f"   why: {_shown(reason)}\n")


def _json_text(value: Any) -> str:
    """JSON as UTF-8 can carry it: a lone surrogate (a ``"\\ud800"`` escape in YAML) is kept as a
    ``\\ud800`` escape, exact and valid, instead of failing to encode."""
    return _LONE_SURROGATE.sub(_escape, json.dumps(value, ensure_ascii=False, indent=2))


def run(args: argparse.Namespace) -> None:
    from memsync.service import Memory

    if args.limit is not None and args.limit < 1:
        raise MemsyncError("--limit must be at least 1")
    with Memory(root=args.root) as memory:
        result = memory.recall(" ".join(args.query), scope=args.scope, category=args.category, kind=args.kind,
                               limit=args.limit, include_superseded=args.all)
    for note in result.notes:
        sys.stderr.write(f"memsync: {_shown(note)}\n")
    if result.truncated:
        sys.stderr.write("memsync: the query was long; only its first words were searched\n")
    if args.json:
        from memsync.secrets.gate import redact

        # The query is quoted back: a token pasted into it is masked (as memory_recall does).
        sys.stdout.write(_json_text({
            "query": redact(result.query),
            "words": [redact(w) for w in result.words],
            "split": {redact(k): [redact(p) for p in parts] for k, parts in result.split.items()},
            "translated": {redact(k): [redact(p) for p in alts] for k, alts in result.translated.items()},
            "hits": [h.to_json() for h in result.hits],
            "hint": result.hint,
            "notes": result.notes,
        }) + "\n")
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
