from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_parser, add_root_options, print_problems, roots_from
from memsync.errors import Findings

HOOKS = ("pre-commit", "post-merge", "post-checkout")


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "hooks", "install or run memsync's plain git hooks (no pre-commit framework needed)",
                   "memsync hooks install --global    # the global memory repo")
    hsub = p.add_subparsers(dest="hooks_command", metavar="ACTION", required=True)
    inst = add_parser(hsub, "install", "install pre-commit, post-merge and post-checkout into the root's git repo",
                      "memsync hooks install --root ~/.config/opencode/memory")
    add_root_options(inst)
    inst.set_defaults(func=run_install)
    r = add_parser(hsub, "run", "what an installed hook runs: compile (and on pre-commit, lint and a secrets scan)",
                   "memsync hooks run pre-commit --root .memory")
    r.add_argument("hook", choices=HOOKS)
    add_root_options(r)
    r.add_argument("hook_args", nargs="*", help=argparse.SUPPRESS)
    r.set_defaults(func=run_hook)


def run_install(args: argparse.Namespace) -> None:
    from memsync.githooks import install_hooks

    for root in roots_from(args):
        for line in install_hooks(root):
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
