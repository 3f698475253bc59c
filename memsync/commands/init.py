from __future__ import annotations

import argparse

from memsync.commands._common import add_parser, add_root_options, roots_from
from memsync.output import visible
from memsync.roots import global_root, project_root


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "init", "create a memory root (idempotent; never overwrites a file)",
                   "memsync init --project\nmemsync init --global --category people")
    add_root_options(p)
    p.epilog = (p.epilog or "").rsplit("\n\n", 1)[0] + (
        "\n\nwithout --root/--project/--global: the project root inside a git repo, else the global root."
    )
    p.add_argument("--category", action="append", metavar="NAME",
                   help="create this category (repeatable; default: the configured categories)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    from memsync.build import init_root
    from memsync.config import load_config

    if args.root or args.project or args.global_:
        roots = roots_from(args, must_exist=False)
    else:  # inside a git repo the project root (created if need be), else the global root
        roots = [project_root() or global_root()]
    for root in roots:
        categories = args.category or load_config(root.path if root.path.is_dir() else None)["categories"]
        report = init_root(root, categories)
        if not report.changed and not report.updated:
            print(f"{visible(root.display)} is already set up; nothing changed")
        for path in report.changed:
            print(f"Created {visible(root.display if path == '.' else root.show(path))}")
        for path in report.updated:
            print(f"Updated {visible(root.show(path))} (added .state.json)")
