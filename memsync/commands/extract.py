"""``memsync extract``: a transcript in, vetted memories out (SPEC §10, docs/extract.md)."""
from __future__ import annotations

import argparse
import os
import sys

from memsync.commands._common import add_memory_options, add_parser
from memsync.errors import MemsyncError


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "extract", "ask a model for lasting memories in a session transcript; write what passes the gates",
        "memsync extract ~/.claude/projects/-home-me-app/3f2a….jsonl --model-cmd 'llm -m gpt-4o-mini' --dry-run\n"
        "memsync extract chat.txt --json                  # 'user: …' / 'assistant: …' lines; extract.model_cmd\n"
        "memsync extract --hook claude-code               # as a Claude Code Stop / PreCompact hook (docs/agents.md)",
    )
    p.add_argument("transcript", nargs="?", metavar="TRANSCRIPT",
                   help="a Claude Code session .jsonl, or plain 'role: text' lines")
    p.add_argument("--model-cmd", metavar="CMD",
                   help="the model command: reads the prompt on stdin, prints the answer (default extract.model_cmd)")
    p.add_argument("--dry-run", action="store_true",
                   help="show each candidate's fate (written, duplicate, secret, rule-proposal, dropped, invalid); "
                        "write nothing")
    p.add_argument("--min-turns", type=int, metavar="N", help="user turns needed at least (default extract.min_turns)")
    p.add_argument("--session", metavar="ID", help="the session's name in the status (default: from the transcript)")
    p.add_argument("--hook", choices=("claude-code",),
                   help="run as a Claude Code hook: hook JSON on stdin, extraction detached, always exit 0")
    p.add_argument("--hook-child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--event", default="cli", help=argparse.SUPPRESS)
    add_memory_options(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.epilog = (p.epilog or "") + (
        "\n\nfates: written, rule-proposal (a rule waits for a person), duplicate of ID, secret (refused), "
        "\ndropped: task state / branch / path / chatter, invalid. Every run leaves a status for `memsync inspect`."
        "\nexit codes: 0 the run finished (whatever it wrote, nothing included: see the outcome), 2 it could not"
        "\nrun: no model configured, unreadable transcript, model failed or timed out, unparseable answer,"
        "\nwrites disabled."
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    if args.hook:
        from memsync.extract.hook import start
        from memsync.hookio import stdin

        start(stdin(), root=args.root, scope=args.scope, model_cmd=args.model_cmd)
        return
    if args.transcript is None:
        raise MemsyncError("name a TRANSCRIPT to read (or use --hook claude-code in a hook)")
    if args.hook_child:
        _child(args)
        return
    from memsync.extract import ExtractFailed, extract
    from memsync.output import print_json

    report = extract(args.transcript, model_cmd=args.model_cmd, dry_run=args.dry_run, root=args.root,
                     scope=args.scope, session=args.session, min_turns=args.min_turns, cwd=os.getcwd())
    if args.json:
        print_json(report.to_json())
    else:
        out = sys.stderr if report.failed else sys.stdout
        for line in report.lines():
            out.write(line + "\n")
    if report.failed:
        raise ExtractFailed(report, report.reason if args.json else "")  # human lines went to stderr already


def _child(args: argparse.Namespace) -> None:
    from memsync.extract.hook import child

    child(args.transcript, session=args.session, event=args.event, root=args.root, scope=args.scope,
          model_cmd=args.model_cmd)
