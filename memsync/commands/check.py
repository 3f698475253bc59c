from __future__ import annotations

import argparse
import sys

from memsync.commands._common import add_parser, add_root_options, print_problems, roots_from
from memsync.errors import Findings
from memsync.output import paint, print_json, visible


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "check", "show what compile would change, as a diff; write nothing",
                   "memsync check --project      # exit 1 and a diff when an index is stale")
    add_root_options(p)
    p.add_argument("--json", action="store_true", help="print {stale: [...], problems: [...]} as JSON")
    p.add_argument("--missing-ok", action="store_true",
                   help="succeed quietly when the root does not exist (for git hooks)")
    p.set_defaults(func=run)


def _color_diff(diff: str) -> str:
    out = []
    for line in diff.splitlines(keepends=True):
        if line.startswith(("+++", "---")):
            out.append(paint(line, "bold"))
        elif line.startswith("+"):
            out.append(paint(line, "green"))
        elif line.startswith("-"):
            out.append(paint(line, "red"))
        elif line.startswith("@@"):
            out.append(paint(line, "cyan"))
        else:
            out.append(line)
    return "".join(out)


def run(args: argparse.Namespace) -> None:
    from memsync.build import check_root

    stale: list[str] = []
    problems: list[dict[str, object]] = []
    for root in roots_from(args, must_exist=not args.missing_ok):
        if not root.path.is_dir():
            continue
        report = check_root(root)
        stale += [root.show(p) for p in report.changed]
        problems += [p.to_json(root.display) for p in report.problems]
        if not args.json:
            for path in report.changed:
                # Secrets are masked by check_root; control characters (a hand-edited index
                # may hold ESC sequences) are shown, never sent to the terminal.
                diff = visible(report.diffs[path], newlines=True)
                sys.stdout.write(_color_diff(diff if diff.endswith("\n") else diff + "\n"))
            print_problems(report.problems, root, sys.stderr)
    errors = [p for p in problems if p["severity"] == "error"]
    if args.json:
        print_json({"stale": stale, "problems": problems})
        if stale or errors:
            raise Findings("")
    elif stale:
        raise Findings(f"{len(stale)} compiled file(s) out of date; run `memsync compile`")
    elif errors:
        raise Findings("")
