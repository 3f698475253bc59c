"""``memsync secrets scan`` and ``memsync secrets allow``: find credentials, allow known non-secrets."""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from memsync.commands._common import add_parser, add_root_options, roots_from
from memsync.errors import Findings, MemsyncError
from memsync.output import err, paint, print_json, use_color

HINT = ("remove the secret (and rotate it if it was ever shared); if a finding is not a secret, "
        "add `memsync: allow-secret` to its line or run `memsync secrets allow PATH:LINE`")
_LOCATION = re.compile(r"(?P<path>.+?):(?P<line>[0-9]+)(?::(?P<col>[0-9]+))?")


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "secrets", "find credentials in memory and other files before they reach git",
                   "memsync secrets scan\nmemsync secrets scan --staged\nmemsync secrets allow .memory/facts/ci.md:12")
    ssub = p.add_subparsers(dest="secrets_command", metavar="ACTION", required=True)
    scan = add_parser(ssub, "scan", "report suspected secrets as path:line:col: rule-id: <masked> (exit 1 if any)",
                      "memsync secrets scan                   # every memory root\n"
                      "memsync secrets scan notes/ README.md  # any files or folders\n"
                      "memsync secrets scan --staged --json   # what `git commit` would record")
    scan.add_argument("paths", nargs="*", metavar="PATH", help="files or folders to scan (default: the memory roots)")
    scan.add_argument("--staged", action="store_true",
                      help="scan the content staged in the git index (what a commit records), not the working files")
    scan.add_argument("--json", action="store_true",
                      help="print {findings: [...], files: N, skipped: [...], errors: [...]}")
    add_root_options(scan, both=True)
    scan.epilog = (scan.epilog or "").replace("search both", "scan every existing root (project and global)")
    scan.set_defaults(func=run_scan)
    allow = add_parser(ssub, "allow", "allowlist findings that are not secrets, by location or fingerprint",
                       "memsync secrets allow .memory/facts/ci.md:12\n"
                       "memsync secrets allow 3f1c0a9e5b7d2e4f6a8c0b1d3e5f7a9c --root .")
    allow.add_argument("targets", nargs="+", metavar="PATH:LINE[:COL]|FINGERPRINT",
                       help="a finding's location as printed by scan, or its fingerprint (--json shows it)")
    add_root_options(allow)
    allow.epilog = (allow.epilog or "") + "\nthe fingerprints go to <root>/.memsync-secrets-allow (commit it)."
    allow.set_defaults(func=run_allow)


class _Scan:
    """Collects findings, files scanned and per-path errors over one command."""

    def __init__(self) -> None:
        from memsync.secrets.allowlist import AllowlistFinder

        self.allowlists = AllowlistFinder()
        self.findings: list = []
        self.errors: list[str] = []
        self.skipped: list[str] = []  # symlinks met while walking: not followed, not an error
        self.files = 0

    def run(self, items: Iterable[tuple[str, str]]) -> None:
        from memsync.secrets.batch import scan_files

        listed = [(path, shown, self.allowlists.for_file(path)) for path, shown in items]
        found, count, errors = scan_files(listed, workers=_workers(len(listed)))
        self.findings += found
        self.files += count
        self.errors += errors

    def walk(self, top: str | Path, display: str) -> Iterator[tuple[str, str]]:
        """Regular files under ``top`` in name order; symlinks are not followed, .git is skipped.

        Paths stay strings: a Path object per note costs more than scanning it.
        """
        try:
            entries = sorted(os.scandir(top), key=lambda e: e.name)
        except OSError as exc:
            self.errors.append(str(MemsyncError(f"cannot list folder: {exc.strerror or exc}", path=display)))
            return
        for entry in entries:
            shown = f"{display.rstrip('/')}/{entry.name}"
            if entry.is_symlink():
                self.skipped.append(shown)
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.name != ".git":
                    yield from self.walk(entry.path, shown)
            elif entry.is_file(follow_symlinks=False):
                yield entry.path, shown


def _display(path: Path) -> str:
    from memsync.roots import display_path

    return display_path(path)


def run_scan(args: argparse.Namespace) -> None:
    if args.paths and (args.root or args.project or args.global_):
        raise MemsyncError("give PATHs or --root/--project/--global, not both")
    scan = _Scan()
    if args.staged:
        from memsync.secrets.staged import scan_staged, worktree_top

        if args.paths:
            groups = [(Path.cwd(), [os.path.abspath(p) for p in args.paths])]
        else:
            groups = [(root.path, [str(root.path)]) for root in roots_from(args)]
            if not (args.root or args.project or args.global_):
                # By default a root outside git (a plain folder) has nothing staged: skip it.
                groups = [(cwd, specs) for cwd, specs in groups if worktree_top(cwd) is not None]
        for cwd, specs in groups:
            scan.findings += scan_staged(cwd, specs, scan.allowlists.for_file, _display)
    elif args.paths:
        scan.run(item for given in args.paths for item in _given(scan, given))
    else:
        scan.run(item for root in roots_from(args) for item in scan.walk(root.path, root.display))
    _report(scan, args.json)


def _workers(files: int) -> int:
    """Processes for a scan of ``files`` files: one below PARALLEL_FILES, else
    $MEMSYNC_SECRETS_WORKERS, else one per CPU (at most 4)."""
    from memsync.secrets.batch import PARALLEL_FILES

    setting = os.environ.get("MEMSYNC_SECRETS_WORKERS", "")
    if setting and (not setting.isdigit() or int(setting) < 1):
        raise MemsyncError(f"MEMSYNC_SECRETS_WORKERS must be a whole number >= 1, not {setting!r}")
    if files < PARALLEL_FILES:
        return 1
    return int(setting) if setting else min(os.cpu_count() or 1, 4)


def _given(scan: _Scan, given: str) -> Iterator[tuple[str, str]]:
    """A PATH argument: a folder is walked; anything else is scanned as a file (or reported)."""
    if os.path.isdir(given) and not os.path.islink(given):
        yield from scan.walk(given, given)
    else:
        yield given, given


def _report(scan: _Scan, as_json: bool) -> None:
    for shown in scan.skipped:
        sys.stderr.write(f"memsync: {shown}: symlink not followed (its target is not scanned)\n")
    for message in scan.errors:
        err(message)
    if as_json:
        print_json({"findings": [f.to_json() for f in scan.findings], "files": scan.files,
                    "skipped": scan.skipped, "errors": scan.errors})
    else:
        print_findings(scan.findings, sys.stdout)
    if scan.errors:
        raise MemsyncError("")
    if scan.findings:
        raise Findings("" if as_json else f"{len(scan.findings)} possible secret(s) found: {HINT}")


def print_findings(findings: list, stream: IO[str]) -> None:
    colour = use_color(stream)  # asked once: thousands of findings are possible
    for f in findings:
        rule = paint(f.rule, "red", stream) if colour else f.rule
        stream.write(f"{f.path}:{f.line}:{f.col}: {rule}: {f.masked}\n")


def hook_blocks(root_path: Path, stream: IO[str]) -> bool:
    """For the plain git pre-commit hook: print findings in the root's staged files; True blocks.

    The allowlist is the gate's (``memsync.secrets.gate.allowlist_for``), so this hook and
    sync agree on what a root allows."""
    from memsync.secrets.gate import allowlist_for
    from memsync.secrets.staged import scan_staged, worktree_top

    if worktree_top(root_path) is None:
        return False
    allowed = allowlist_for(root_path)
    findings = scan_staged(root_path, [str(root_path)], lambda _path: allowed, _display)
    print_findings(findings, stream)
    if findings:
        stream.write(f"memsync: commit blocked, {len(findings)} possible secret(s) staged: {HINT}\n")
    return bool(findings)


def run_allow(args: argparse.Namespace) -> None:
    from memsync.secrets.allowlist import ALLOW_FILE, FINGERPRINT, add_to_allowlist
    from memsync.secrets.scanner import scan_file

    root = roots_from(args)[0]
    entries: list[tuple[str, str]] = []
    for target in args.targets:
        if FINGERPRINT.fullmatch(target.lower()):
            entries.append((target.lower(), "added by fingerprint"))
            continue
        m = _LOCATION.fullmatch(target)
        if m is None:
            raise MemsyncError(f"{target!r} is neither PATH:LINE[:COL] nor a 32-hex-digit fingerprint")
        line, col = int(m.group("line")), m.group("col")
        found = [f for f in scan_file(Path(m.group("path")), m.group("path"))
                 if f.line == line and (col is None or f.col == int(col))]
        if not found:
            raise MemsyncError(f"no finding at {target} (`memsync secrets scan {m.group('path')}` lists them)")
        entries += [(f.fingerprint, f"{f.rule} at {f.path}:{f.line}:{f.col}") for f in found]
    added = add_to_allowlist(root.path, entries)
    where = f"{root.display.rstrip('/')}/{ALLOW_FILE}"
    for fp in added:
        print(f"Allowed {fp} in {where}")
    if len(added) < len(entries):
        print(f"{len(entries) - len(added)} fingerprint(s) were already in {where}")
