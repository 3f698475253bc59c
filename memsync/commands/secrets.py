"""``memsync secrets scan`` and ``memsync secrets allow``: find credentials, allow known non-secrets."""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO

from memsync.commands._common import add_parser, add_root_options, roots_from
from memsync.errors import Findings, MemsyncError
from memsync.output import err, paint, print_json, use_color, visible

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
                      help="scan what the next commit records: every file staged in the git index of the repository"
                           " here (or only PATHs, or only the root given by --root/--project/--global)")
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
    allow.epilog = (allow.epilog or "") + (
        "\nthe fingerprints go to <root>/.memsync-secrets-allow (commit it); it applies to the files"
        " inside that root, so a finding in a file outside it is refused: pass --root DIR (a folder"
        " holding the file, say the top of its repository)."
    )
    allow.set_defaults(func=run_allow)


def _risky(names: list[str]) -> set[int]:
    """Indexes of ``names`` that may hold a secret, from one scan over all of them joined
    (a scan per name costs 14 times as much over 10,000 names); ``gate.name_findings``
    then decides for each of the few it returns."""
    import bisect

    from memsync.secrets.batch import SEPARATOR  # no token or key crosses it
    from memsync.secrets.scanner import find_hits

    if not names:
        return set()
    encoded = [n.encode("utf-8", "surrogateescape") for n in names]
    hits = find_hits(SEPARATOR.join(encoded))
    if not hits:
        return set()
    starts, at = [], 0
    for data in encoded:
        starts.append(at)
        at += len(data) + len(SEPARATOR)
    out: set[int] = set()
    for start, end, _rule, _secret in hits:
        out.update(range(bisect.bisect_right(starts, start) - 1, bisect.bisect_right(starts, end - 1)))
    return out


class _Scan:
    """Collects findings, files scanned and per-path errors over one command.

    Every path it shows is safe to print: a file or folder name that holds a secret is a
    finding of its own and is shown masked (in that finding and in any other that names a
    file below it); control characters and undecodable bytes are shown escaped."""

    def __init__(self) -> None:
        from memsync.secrets.allowlist import AllowlistFinder

        self.allowlists = AllowlistFinder()
        self.findings: list = []
        self.errors: list[str] = []
        self.skipped: list[str] = []  # symlinks met while walking: not followed, not an error
        self.files = 0

    def shown_paths(self, rels: list[str], base: str, display: Callable[[str], str]) -> list[str]:
        """How to show each of ``rels`` ('/'-separated paths under the folder ``base``; absolute
        or as typed when ``base`` is empty): ``display(rel)`` made safe to print. Each name in
        them is checked once for secrets (``gate.name_findings``): a hit is a finding, and that
        name is masked wherever it is shown, in paths below it too."""
        from dataclasses import replace

        from memsync.secrets.gate import name_findings, redact

        parents: dict[str, str | None] = {}  # prefix -> its parent prefix (None at the top)
        for rel in rels:
            parts = rel.split("/")
            for k in range(len(parts)):
                parents.setdefault("/".join(parts[: k + 1]), "/".join(parts[:k]) if k else None)
        order = [p for p in parents if p.rpartition("/")[2] not in ("", ".", "..")]
        risky = {order[k] for k in _risky([p.rpartition("/")[2] for p in order])}
        masked: set[str] = set()  # prefixes whose name, or a parent's, holds a secret
        shown: dict[str, str] = {}
        for prefix, parent in parents.items():
            name = prefix.rpartition("/")[2]
            found = []
            if prefix in risky:
                found = name_findings(name, self.allowlists.for_file(os.path.join(base, prefix)))
            raw = display(prefix)
            if found or parent in masked:
                masked.add(prefix)
                shown[prefix] = visible(redact(raw))
            else:  # str.isprintable() is C-speed and True for nothing visible() would change
                shown[prefix] = raw if raw.isprintable() else visible(raw)
            if found:
                start = len(shown[prefix]) - len(visible(redact(name)))  # where the name is shown
                self.findings += [replace(f, path=shown[prefix], col=start + f.col) for f in found]
        return [shown[rel] for rel in rels]

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
        head = display.rstrip("/") + "/"
        names = self.shown_paths([e.name for e in entries], str(top), lambda name: head + name)
        for entry, shown in zip(entries, names):
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
        from memsync.roots import working_dir

        here = Path(working_dir())
        if args.paths:
            groups = [(here, [os.path.normpath(os.path.join(here, p)) for p in args.paths])]
        elif args.root or args.project or args.global_:
            groups = [(root.path, [str(root.path)]) for root in roots_from(args)]
        else:  # what `git commit` records here: every staged file, as the pre-commit hook sees them
            groups = [(here, [])]
        for cwd, specs in groups:
            scan.findings += _scan_staged(scan, cwd, specs, scan.allowlists.for_file)
    elif args.paths:
        shown = scan.shown_paths([p.rstrip("/") or p for p in args.paths], "", lambda path: path)
        scan.run(item for given, display in zip(args.paths, shown) for item in _given(scan, given, display))
    else:
        scan.run(item for root in roots_from(args) for item in scan.walk(root.path, visible(root.display)))
    _report(scan, args.json)


def _scan_staged(scan: _Scan, cwd: Path, specs: list[str],
                 allowlist_for: Callable[[Path], frozenset[str]]) -> list:
    """Findings in the staged blobs matching ``specs`` and in their names (names first)."""
    from memsync.roots import display_path
    from memsync.secrets.staged import scan_staged, staged_blobs, worktree_top

    top = worktree_top(cwd)
    if top is None:
        raise MemsyncError("not inside a git repository, so nothing is staged", path=visible(display_path(cwd)))
    rels = [rel for rel, _sha in staged_blobs(top, specs)]
    before = len(scan.findings)
    shown = dict(zip((str(top / rel) for rel in rels),
                     scan.shown_paths(rels, str(top), lambda rel: display_path(top / rel))))
    names = scan.findings[before:]
    del scan.findings[before:]
    return names + scan_staged(cwd, specs, allowlist_for, lambda path: shown.get(str(path)) or visible(_display(path)))


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


def _given(scan: _Scan, given: str, shown: str) -> Iterator[tuple[str, str]]:
    """A PATH argument: a folder is walked; anything else is scanned as a file (or reported)."""
    if os.path.isdir(given) and not os.path.islink(given):
        yield from scan.walk(given, shown)
    else:
        yield given, shown


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
        rule = paint(f.label, "red", stream) if colour else f.label
        path = f.path if f.path.isprintable() else visible(f.path)  # shown safe already; cheap to be sure
        stream.write(f"{path}:{f.line}:{f.col}: {rule}: {f.masked}\n")


def hook_blocks(root_path: Path, stream: IO[str]) -> bool:
    """For the plain git pre-commit hook: print findings in the root's staged files; True blocks.

    The allowlist is the gate's (``memsync.secrets.gate.allowlist_for``), so this hook and
    sync agree on what a root allows."""
    from memsync.secrets.gate import allowlist_for
    from memsync.secrets.staged import worktree_top

    if worktree_top(root_path) is None:
        return False
    allowed = allowlist_for(root_path)
    findings = _scan_staged(_Scan(), root_path, [str(root_path)], lambda _path: allowed)
    print_findings(findings, stream)
    if findings:
        stream.write(f"memsync: commit blocked, {len(findings)} possible secret(s) staged: {HINT}\n")
    return bool(findings)


def run_allow(args: argparse.Namespace) -> None:
    from memsync.secrets.allowlist import ALLOW_FILE, FINGERPRINT, add_to_allowlist
    from memsync.secrets.gate import redact
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
        path, line, col = m.group("path"), int(m.group("line")), m.group("col")
        names = _Scan()
        [shown] = names.shown_paths([path], "", lambda given: given)
        if line == 0:  # line 0: the secret is in the file's (or a folder's) name
            if not os.path.lexists(path):
                raise MemsyncError("no such file or directory", path=shown)
            candidates = names.findings
        else:
            candidates = scan_file(Path(path), shown)
        found = [f for f in candidates if f.line == line and (col is None or f.col == int(col))]
        if not found:
            raise MemsyncError(f"no finding at {visible(redact(target))} (`memsync secrets scan` lists them)")
        if not _allowlist_applies(root.path, path):
            raise MemsyncError(
                f"{shown} is outside {root.display}, so {root.show(ALLOW_FILE)} would not apply to it:"
                " pass --root DIR for a folder holding it (say the top of its repository)")
        entries += [(f.fingerprint, f"{f.rule} at {f.path}:{f.line}:{f.col}") for f in found]
    added = add_to_allowlist(root.path, entries)
    where = visible(root.show(ALLOW_FILE))
    for fp in added:
        print(f"Allowed {fp} in {where}")
    if len(added) < len(entries):
        print(f"{len(entries) - len(added)} fingerprint(s) were already in {where}")


def _allowlist_applies(folder: Path, path: str) -> bool:
    """Whether ``folder``'s allowlist is one a scan of ``path`` reads: its folder's or a
    parent's, up to the top of the git worktree holding it (``AllowlistFinder``)."""
    here = os.path.dirname(os.path.realpath(path))
    while True:
        if here == str(folder):
            return True
        parent = os.path.dirname(here)
        if parent == here or os.path.lexists(os.path.join(here, ".git")):
            return False
        here = parent
