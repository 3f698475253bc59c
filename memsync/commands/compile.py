from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_parser, add_root_options, print_problems, roots_from
from memsync.errors import Findings
from memsync.output import visible


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "compile", "rewrite each index.md and the ROOT.md tables from the entries",
                   "memsync compile --project")
    add_root_options(p)
    p.add_argument("--missing-ok", action="store_true",
                   help="succeed quietly when the root does not exist (for git hooks)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    from memsync.build import compile_root

    roots = roots_from(args, must_exist=not args.missing_ok)
    errors = 0
    for root in roots:
        if not root.path.is_dir():
            continue
        report = compile_root(root)
        for path in report.changed:
            print(f"Fixing {visible(root.show(path))}")
        print_problems(report.problems, root, sys.stderr)
        errors += len(report.errors)
    if errors:
        raise Findings(f"{errors} entr{'y' if errors == 1 else 'ies'} left out of the compiled files (see above)")
