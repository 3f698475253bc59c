from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_parser, add_root_options, print_problems, roots_from
from memsync.errors import Findings
from memsync.output import print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "lint", "report every problem in the entries and compiled files",
                   "memsync lint --json | jq '.problems[] | .path'")
    add_root_options(p)
    p.add_argument("--json", action="store_true", help="print {problems: [...], errors: N, warnings: N}")
    p.add_argument("--missing-ok", action="store_true",
                   help="succeed quietly when the root does not exist (for git hooks)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    from memsync.build import lint_root
    from memsync.sync.ignores import lint_problems

    found: list[dict[str, object]] = []
    for root in roots_from(args, must_exist=not args.missing_ok):
        if not root.path.is_dir():
            continue
        report = lint_root(root)
        # Outside lint_root's cache: ignore rules and the git index are not part of its digest.
        problems = sorted(report.problems + lint_problems(root.path))
        found += [p.to_json(root.display) for p in problems]
        if not args.json:
            print_problems(problems, root)
    errors = sum(1 for p in found if p["severity"] == "error")
    warnings = len(found) - errors
    if args.json:
        print_json({"problems": found, "errors": errors, "warnings": warnings})
    elif found:
        sys.stderr.write(f"{errors} error(s), {warnings} warning(s)\n")
    if errors:
        raise Findings("")
