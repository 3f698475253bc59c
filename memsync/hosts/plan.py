"""Which files each host needs changed, planned together and then applied."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memsync.errors import MemsyncError
from memsync.hosts import claude, configfile, cursor, opencode
from memsync.hosts.common import Step

HOSTS = ("claude-code", "opencode", "cursor")


def setup_steps(host: str, scope: str, project: Path, command: list[str]) -> list[Step]:
    """Everything ``memsync setup HOST`` writes."""
    if host == "claude-code":
        return [claude.mcp_step(scope, project, command), claude.hooks_step(scope, project, command)]
    if host == "opencode":
        return [opencode.mcp_step(scope, project, command), opencode.plugin_step(scope, project, command)]
    if host == "cursor":
        return [cursor.mcp_step(scope, project, command)]
    raise ValueError(host)


@dataclass
class Outcome:
    """A change applied, and where the file's previous text was backed up."""

    change: configfile.Change
    backup: Path | None


def run(steps: list[Step], *, dry_run: bool, within: Path | None = None) -> list[Outcome]:
    """Plan every step first (a file that cannot be read or parsed, or is read-only, or with
    ``within`` (a project) lies under a symlinked folder, stops all of them before anything
    is written), then apply them unless ``dry_run``."""
    changes = [configfile.plan(s.path, s.edits, within) for s in steps]
    for change in changes:  # a dry run too: it says what the run would do, a refusal included
        configfile.check_writable(change)
    out: list[Outcome] = []
    for change in changes:
        try:
            backup = None if dry_run else configfile.apply(change)
        except MemsyncError as exc:
            written = [o.change.shown for o in out if o.change.changed]
            if not written:
                raise
            # Files are replaced one at a time: say which ones already were, not "nothing written".
            raise MemsyncError(f"{exc}; already changed before it: {', '.join(written)} "
                               "(backups beside them): run the command again to finish") from None
        out.append(Outcome(change, backup))
    return out


def report(outcomes: list[Outcome], *, dry_run: bool) -> list[str]:
    """What was done, for people: one line per file."""
    lines = []
    for o in outcomes:
        c = o.change
        if not c.changed:
            lines.append(f"{c.shown}: already set up, unchanged")
            continue
        verb = "would change" if dry_run else ("created" if c.before is None else "changed")
        what = "; ".join(c.done) or "normalised"
        line = f"{c.shown}: {verb}: {what}"
        if o.backup is not None:
            line += f" (backup: {configfile.shown(o.backup)})"
        lines.append(line)
    return lines
