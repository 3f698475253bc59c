"""``memsync remember``: write an entry through the five gates (SPEC §8)."""
from __future__ import annotations

import argparse

from memsync.commands._common import add_memory_options, add_parser, run_write
from memsync.errors import MemsyncError


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "remember", "write a memory entry (or update one by --id) through the write gates",
        'memsync remember --category pitfalls --summary "unicode61 treats a Chinese run as one token" \\\n'
        '    --body "trigram misses 2-char words; memsync bigrams CJK" --load-when SQLite,FTS5\n'
        'echo "details" | memsync remember --category decisions --summary "deploy with pnpm" --body -\n'
        'memsync remember --id decisions/deploy-with-pnpm --load-when 部署,pnpm   # update one field',
    )
    p.add_argument("--summary", help="one line: what is worth remembering")
    p.add_argument("--category", help="rules, preferences, decisions, pitfalls, facts (or an existing folder)")
    body = p.add_mutually_exclusive_group()
    body.add_argument("--body", help="the details (context, decision, reason, root cause); '-' reads stdin")
    body.add_argument("--body-file", metavar="FILE",
                      help="read the body from FILE (a pipe such as <(cmd) too; a pipe silent for 5 s is "
                           "refused, not waited on)")
    p.add_argument("--kind", help="pitfall, decision, preference, fact … (default: from the category)")
    p.add_argument("--load-when", action="append", metavar="A,B", help="routing triggers, comma-separated (repeatable)")
    p.add_argument("--highlight", help="one line worth showing with the summary")
    p.add_argument("--pinned", action=argparse.BooleanOptionalAction, default=None,
                   help="pinned entries never decay and are never superseded without --force")
    p.add_argument("--supersedes", action="append", metavar="ID", default=[],
                   help="this entry replaces ID (repeatable); ID gets superseded_by")
    p.add_argument("--id", help="update this existing entry instead of creating one (updated is bumped)")
    p.add_argument("--force", action="store_true",
                   help="write even if an existing entry already says this (the dedupe gate); supersede pinned")
    p.add_argument("--dry-run", action="store_true", help="run every gate and say what would be written; write nothing")
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print the result (or the refusal) as JSON")
    p.epilog = (p.epilog or "") + (
        "\n\ngates, in order: writes switched off (memory.disable_write, MEMSYNC_DISABLE_WRITE), unsafe ids or "
        "\npaths, iron rules (a rule becomes a rule-proposal in rules/), secrets, duplicates (--force)."
        "\nexit codes: 0 written, 1 a secret or a duplicate refused it, 2 bad input or writes disabled."
    )
    p.set_defaults(func=run)


def _body(args: argparse.Namespace) -> str | None:
    from memsync.gates import MAX_BODY_BYTES

    from memsync.inputs import read_named

    if args.body_file is not None:
        data = read_named(args.body_file, MAX_BODY_BYTES + 1, what="the body file")
    elif args.body == "-":
        data = read_named("-", MAX_BODY_BYTES + 1, what="the body")
    else:
        return args.body
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MemsyncError("the body is not UTF-8 text") from None


def run(args: argparse.Namespace) -> None:
    triggers = None
    if args.load_when is not None:
        triggers = [t for item in args.load_when for t in item.split(",")]
    body = _body(args)

    def say(written):  # type: ignore[no-untyped-def]
        return [written.message, f"  file: {written.path}"] + (
            [f"  recompiled: {', '.join(written.recompiled)}"] if written.recompiled else [])

    run_write(args, lambda memory: memory.remember(
        args.summary, category=args.category, body=body, kind=args.kind, load_when=triggers,
        highlight=args.highlight, pinned=args.pinned, supersedes=args.supersedes, scope=args.scope,
        id=args.id, force=args.force, dry_run=args.dry_run,
    ), say)
