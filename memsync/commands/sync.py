from __future__ import annotations

import argparse
import sys
from typing import Any

from memsync.commands._common import add_parser


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "sync", "sync a memory root with its git remote (commit, fetch, merge, push)",
        "memsync sync init git@example.org:me/memory.git   # once per device\n"
        "memsync sync                                      # then, whenever you like\n"
        "memsync sync status --json",
    )
    _root_options(p, None)
    p.epilog = (p.epilog or "") + (
        "\n\nwithout --root: the global root ($MEMSYNC_GLOBAL_ROOT)."
        "\nexit codes: 0 synced, 1 secrets found (nothing committed or pushed),"
        " 2 error, 3 remote unreachable (local work committed, waiting)."
    )
    ssub = p.add_subparsers(dest="sync_command", metavar="[init|status]", required=False)
    i = add_parser(ssub, "init", "connect the root to a remote and run the first sync",
                   "memsync sync init /mnt/usb/memory.git\nmemsync sync init https://git.example.org/me/memory.git --root ~/notes")
    i.add_argument("remote", metavar="REMOTE", help="a path, file://, git://, ssh:// or http(s):// URL")
    _root_options(i, argparse.SUPPRESS)
    i.set_defaults(func=run_init)
    st = add_parser(ssub, "status", "ahead/behind, conflict siblings and the last sync's result (offline)",
                    "memsync sync status --json")
    _root_options(st, argparse.SUPPRESS)
    st.set_defaults(func=run_status)
    p.set_defaults(func=run)


def _root_options(p: argparse.ArgumentParser, default: Any) -> None:
    p.add_argument("--root", metavar="DIR", default=default, help="this root instead of the global root")
    p.add_argument("--json", action="store_true", default=default if default is not None else False,
                   help="print the result as JSON")


def _root(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from memsync.roots import select_roots

    return select_roots(root=getattr(args, "root", None), default="global", must_exist=False)[0]


def _require(root) -> None:  # type: ignore[no-untyped-def]
    from memsync.errors import MemsyncError

    if not root.path.is_dir():
        raise MemsyncError(f"memory root {root.display} does not exist (run `memsync sync init REMOTE` first)")


def run(args: argparse.Namespace) -> None:
    from memsync.sync.engine import sync_root

    root = _root(args)
    _require(root)
    result = sync_root(root)
    _report(result, args)


def run_init(args: argparse.Namespace) -> None:
    from memsync.output import visible
    from memsync.sync.engine import sync_root
    from memsync.sync.setup import prepare, set_hub_head
    from memsync.sync.transport import Remote

    root = _root(args)
    prep = prepare(root, args.remote)
    if not args.json:
        for line in prep.steps:
            print(visible(line))
        for line in prep.warnings:
            sys.stderr.write(f"warning: {visible(line)}\n")
    set_hub_head(prep.url)
    result = sync_root(root, remote_override=Remote(prep.url))
    if args.json:
        result.warnings = prep.warnings + result.warnings
    _report(result, args)


def _paths(label: str, paths: list[str]) -> str:
    shown = ", ".join(paths[:8]) + (f", ... ({len(paths) - 8} more)" if len(paths) > 8 else "")
    return f"  {label} {len(paths)} file{'s' if len(paths) != 1 else ''}: {shown}"


def _ignored_line(paths: list[str]) -> str:
    return _paths("kept local by ignore rules (.gitignore, .git/info/exclude), not synced:", paths).replace(
        "  kept", "kept", 1) + " (remove the rule, or `git add -f` a file, to sync it)"


def _report(result, args: argparse.Namespace) -> None:  # type: ignore[no-untyped-def]
    """Print what the sync did. Every line goes through ``visible``: the paths in it are
    already escaped, and no other text (a remote's message) reaches the terminal raw."""
    from memsync.output import paint, print_json, visible

    if args.json:
        print_json(result.to_json())
        _raise_for(result)
        return

    def out(line: str, label: str = "") -> None:
        sys.stdout.write((f"  {paint(label, 'yellow')} " if label else "") + visible(line) + "\n")

    def warn(line: str) -> None:
        sys.stderr.write(f"warning: {visible(line)}\n")

    for line in result.findings:
        out(line)
    for line in result.warnings:
        warn(line)
    if result.ignored:
        warn(_ignored_line(result.ignored))
    for line in result.left_out:
        warn(f"not checked out here: {line}")
    if result.outcome in ("ok", "up-to-date"):
        print(f"{paint('Synced', 'green')} {visible(result.root)} with {visible(result.remote)}: {visible(result.message)}")
    else:
        sys.stderr.write(f"{paint('memsync:', 'red', sys.stderr)} {visible(result.root)}: {visible(result.message)}\n")
    for line in result.healed:
        out(f"  {line}")
    for label, paths in (("sent", result.sent), ("sent the deletion of", result.sent_deletions),
                         ("received", result.received), ("received the deletion of", result.received_deletions),
                         ("merged from both sides", result.merged)):
        if paths:
            out(_paths(label, paths))
    for k in result.kept:
        out(f"{k['path']}: {k['reason']}", "kept")
    for c in result.conflicts:
        sibling = c.get("sibling")
        where = f"; the other version is in {sibling}" if sibling and sibling not in c["reason"] else ""
        # lint lists an entry sibling (W040); a folder moved aside is for the user to sort out
        how = ((" (merge it by hand, then delete the sibling; `memsync lint` lists it)" if sibling.endswith(".md")
                else " (look through it, keep what you need, then delete it)") if sibling else "")
        out(f"{c['path']}: {c['reason']}{where}{how}", "conflict")
    _raise_for(result)


def _raise_for(result) -> None:  # type: ignore[no-untyped-def]
    """A sync that found secrets or could not reach the remote ends as that error (already reported)."""
    from memsync.errors import Findings, Offline

    if result.outcome == "secrets":
        raise Findings("")
    if result.outcome not in ("ok", "up-to-date"):
        raise Offline("")


def run_status(args: argparse.Namespace) -> None:
    from memsync.output import print_json, visible
    from memsync.sync.status import status

    root = _root(args)
    _require(root)
    info = status(root.path, root.display)
    if args.json:
        print_json(info)
        return
    lines = [f"{info['root']}: branch main, remote {info['remote'] or '(none: run `memsync sync init REMOTE`)'}"]
    if info["remote_head"] is None:
        lines.append("  never synced")
    else:
        lines.append(f"  {info['ahead']} commit(s) to push, {info['behind']} to bring in (as of the last sync)")
    for c in info["conflicts"]:
        lines.append(f"  conflict sibling {c['path']} (of {c['conflict_of']}): merge it by hand, then delete it")
    if info["ignored"]:
        lines.append("  " + _ignored_line(info["ignored"]))
    lines += [f"  {line}" for line in info["healing"]]
    lines += [f"  not checked out here: {line}" for line in info["left_out"]]
    last = info["last"]
    if last:
        lines.append(f"  last sync: {last.get('outcome')}: {last.get('message')}")
        healed = last.get("healed")
        lines += [f"  last sync: {line}" for line in healed if isinstance(line, str)] if isinstance(healed, list) else []
    for line in lines:
        sys.stdout.write(visible(line) + "\n")
