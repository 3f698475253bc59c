from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_parser, add_root_options, print_problems, roots_from
from memsync.errors import Findings, MemsyncError

HOOKS = ("pre-commit", "post-merge", "post-checkout")


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "hooks", "install or run memsync's plain git hooks (no pre-commit framework needed)",
                   "memsync hooks install --global    # the global memory repo")
    hsub = p.add_subparsers(dest="hooks_command", metavar="ACTION", required=True)
    inst = add_parser(hsub, "install", "install pre-commit, post-merge and post-checkout into the root's git repo "
                      "(with --claude-code: Claude Code's context hooks)",
                      "memsync hooks install --root ~/.config/opencode/memory\n"
                      "memsync hooks install --claude-code            # ~/.claude/settings.json\n"
                      "memsync hooks install --claude-code --project  # .claude/settings.json here")
    add_root_options(inst)
    inst.add_argument("--claude-code", action="store_true",
                      help="merge the SessionStart and UserPromptSubmit hooks running `memsync context` into "
                           "Claude Code's settings.json (user scope unless --project)")
    inst.add_argument("--user", action="store_true", help="with --claude-code: ~/.claude/settings.json (the default)")
    inst.add_argument("--dry-run", action="store_true", help="with --claude-code: say what would change, write nothing")
    inst.add_argument("--command", metavar="CMD", help="with --claude-code: how the hook starts memsync")
    inst.set_defaults(func=run_install)
    r = add_parser(hsub, "run", "what an installed hook runs: compile (and on pre-commit, lint and a secrets scan)",
                   "memsync hooks run pre-commit --root .memory")
    r.add_argument("hook", choices=HOOKS)
    add_root_options(r)
    r.add_argument("hook_args", nargs="*", help=argparse.SUPPRESS)
    r.set_defaults(func=run_hook)


def run_install(args: argparse.Namespace) -> None:
    if args.claude_code:
        run_install_claude_code(args)
        return
    if args.user or args.dry_run or args.command:
        raise MemsyncError("--user, --dry-run and --command go with --claude-code")
    from memsync.githooks import install_hooks

    for root in roots_from(args):
        for line in install_hooks(root):
            print(line)


def run_install_claude_code(args: argparse.Namespace) -> None:
    """The hooks block only, merged the way `memsync setup claude-code` merges it."""
    from memsync.hosts import claude, plan
    from memsync.hosts.common import memsync_command, project_dir

    if args.root or args.global_:
        raise MemsyncError("with --claude-code choose --project (.claude/settings.json) or --user "
                           "(~/.claude/settings.json); --root and --global name memory roots")
    if args.project and args.user:
        raise MemsyncError("--project and --user exclude each other")
    scope = "project" if args.project else "user"
    command = memsync_command(scope, args.command)
    project = project_dir()
    outcomes = plan.run([claude.hooks_step(scope, project, command)], dry_run=args.dry_run,
                        within=project if scope == "project" else None)
    for line in plan.report(outcomes, dry_run=args.dry_run):
        print(line)


def run_hook(args: argparse.Namespace) -> None:
    from memsync.build import compile_root, lint_root
    from memsync.commands.secrets import hook_blocks

    blocked = False
    for root in roots_from(args, must_exist=False):
        if not root.path.is_dir():
            continue
        report = compile_root(root)
        for path in report.changed:
            print(f"Fixing {root.show(path)}")
        if args.hook != "pre-commit":
            continue  # post-merge / post-checkout cannot block anything
        if report.changed:
            sys.stderr.write("memsync recompiled the files above: stage them (git add) and commit again\n")
            blocked = True
        lint = lint_root(root)
        print_problems(lint.problems, root, sys.stderr)
        if lint.errors:
            blocked = True
        if hook_blocks(root.path, sys.stderr):  # secrets in what is being committed
            blocked = True
    if blocked:
        raise Findings("")
