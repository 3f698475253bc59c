"""``memsync setup claude-code|opencode|cursor``: connect a coding agent to memsync."""
from __future__ import annotations

import argparse
import json

from memsync.commands._common import add_parser

HOSTS = ("claude-code", "opencode", "cursor")


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "setup",
        "connect a coding agent: write its MCP server entry (and Claude Code's context hooks, OpenCode's plugin)",
        "memsync setup claude-code            # user scope: every project, no approval needed\n"
        "memsync setup opencode --project     # opencode.json + .opencode/plugins/memsync.js here\n"
        "memsync setup cursor --dry-run       # show what would change, write nothing",
    )
    p.add_argument("host", choices=HOSTS, help="the agent to connect")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--user", dest="scope", action="store_const", const="user",
                       help="the user's settings, for every project (default)")
    where.add_argument("--project", dest="scope", action="store_const", const="project",
                       help="this project's settings files (shared through git)")
    p.add_argument("--dry-run", action="store_true", help="say what would change; write nothing")
    p.add_argument("--command", metavar="CMD",
                   help="how the agent should start memsync (default: this installation; "
                        "`memsync` in project files when it is on PATH)")
    p.set_defaults(func=run, scope="user")
    p.epilog = (p.epilog or "") + (
        "\n\nExisting settings are kept: only memsync's entries are added or updated, comments in "
        "opencode.jsonc survive, a changed file is backed up first (FILE.memsync-DATE.bak), and a "
        "second run changes nothing. A file that is not valid JSON, read-only or a symlink is left "
        "untouched. See docs/agents.md."
    )


def run(args: argparse.Namespace) -> None:
    from memsync.hosts import claude, cursor, plan
    from memsync.hosts.common import memsync_command, project_dir

    command = memsync_command(args.scope, args.command)
    project = project_dir()
    outcomes = plan.run(plan.setup_steps(args.host, args.scope, project, command), dry_run=args.dry_run,
                        within=project if args.scope == "project" else None)
    print(f"memsync setup {args.host} ({args.scope} scope){' — dry run, nothing written' if args.dry_run else ''}:")
    for line in plan.report(outcomes, dry_run=args.dry_run):
        print("  " + line)
    if args.dry_run:
        from memsync.secrets.gate import redact  # a --command may carry a token: never shown whole

        entry = {"claude-code": claude.server_entry, "opencode": lambda c: {"type": "local", "command": [*c, "mcp"],
                                                                              "enabled": True},
                 "cursor": cursor.server_entry}[args.host](command)
        print("  the server entry: " + redact(json.dumps(entry, ensure_ascii=False)))
        if args.host == "claude-code":
            print("  the hooks: " + redact(json.dumps(claude.hooks_block(command), ensure_ascii=False)))
    _next_steps(args)


def _next_steps(args: argparse.Namespace) -> None:
    if args.host == "claude-code":
        if args.scope == "project":
            print("next: Claude Code asks a person to approve a project's .mcp.json servers: start `claude` in this "
                  "folder and accept memsync (`claude mcp list` shows it as pending until then); commit .mcp.json "
                  "and .claude/settings.json to share them")
        else:
            print("next: `claude mcp list` shows memsync connected; start `claude` in a project and ask it what "
                  "memsync remembers")
    elif args.host == "opencode":
        print("next: `opencode mcp list` shows memsync connected; the plugin adds memory context to each message")
    else:
        print("next: open Cursor's MCP settings, enable memsync if it is off, and ask the agent what memsync remembers")
