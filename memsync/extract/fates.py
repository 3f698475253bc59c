"""Each candidate's fate: invalid, dropped (what not to remember), or what ``remember``'s
gates make of it — written, written as a rule proposal, a duplicate, a secret.

No gate is re-implemented here: every candidate that is not dropped goes to
``Memory.remember`` (with ``dry_run`` when nothing may be written), and its typed
refusal becomes the fate. One thing a dry run cannot learn from ``remember``: in a real
run the first of two candidates saying the same thing is written, so the second is a
duplicate of it. A dry run compares each candidate with the ones before it that would
be written, with the dedupe gate's own rule (``memsync.dedupe.judge``).
"""
from __future__ import annotations

import os
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from memsync.extract.answer import Candidate, candidate

WRITTEN, PROPOSAL, DUPLICATE, SECRET, DROPPED, INVALID, REFUSED = (
    "written", "rule-proposal", "duplicate", "secret", "dropped", "invalid", "refused")
FATES = (WRITTEN, PROPOSAL, DUPLICATE, SECRET, DROPPED, INVALID, REFUSED)


@dataclass
class Fate:
    """What happened (or, in a dry run, would happen) to one candidate."""

    index: int  # 1-based, in the order the model gave them
    fate: str  # one of FATES
    reason: str  # why, in words (the gate's own message for a refusal)
    candidate: Candidate
    id: str | None = None  # the entry written (or that would be), or the one a duplicate repeats
    dry_run: bool = False

    @property
    def label(self) -> str:
        """``dropped: task state``, ``duplicate of decisions/x``, ``written`` …"""
        if self.fate == DROPPED:
            return f"dropped: {self.reason.split(' (')[0]}"
        if self.fate == DUPLICATE and self.id:
            return f"duplicate of {self.id}"
        return self.fate

    @property
    def detail(self) -> str:
        """The reason without what the label says already."""
        if self.fate == PROPOSAL:
            return f"{self.id}: {self.reason}" if self.id else self.reason
        if self.fate == DROPPED:
            return self.reason.partition(" (")[2].removesuffix(")") or self.reason
        if self.fate == DUPLICATE and self.id:
            return self.reason.removeprefix(f"of {self.id} ").strip("()") if self.reason.startswith(f"of {self.id} ") \
                else self.reason
        return self.reason

    def to_json(self) -> dict[str, Any]:
        from memsync.secrets.gate import redact

        return {"index": self.index, "fate": self.fate, "label": self.label, "reason": redact(self.reason), "id": self.id,
                "dry_run": self.dry_run, "candidate": self.candidate.to_json()}


_CATEGORY_ALIASES = {"pitfall": "pitfalls", "decision": "decisions", "preference": "preferences", "fact": "facts",
                     "rule": "rules", "iron-rules": "rules", "iron rules": "rules", "convention": "facts",
                     "conventions": "facts"}


def _category(c: Candidate, known: Sequence[str]) -> tuple[str | None, str]:
    """The category to file ``c`` under, and a note when it differs from what the model said."""
    from memsync.service import KIND_OF

    from memsync.names import nfc

    given = nfc((c.category or "").strip().casefold())
    if given in {nfc(k) for k in known}:
        return given, ""  # remember finds the folder as spelled on disk
    alias = _CATEGORY_ALIASES.get(given)
    if alias in known:
        return alias, ""
    by_kind = {v: k for k, v in KIND_OF.items()}.get((c.kind or "").strip().casefold())
    if by_kind in known:
        chosen = by_kind
    elif "facts" in known:
        chosen = "facts"
    else:
        return None, ""
    return chosen, (f" (category {c.category!r} is not one of this root's: filed under {chosen})" if given else "")


def local_paths(cwd: str | os.PathLike[str] | None) -> list[str]:
    """This machine's folders a memory must not name: the working directory, its project, home."""
    from memsync.roots import main_worktree

    here = os.path.realpath(os.fspath(cwd) if cwd is not None else os.getcwd())
    out = [here]
    top = main_worktree(here)
    if top is not None:
        out.append(str(top))
    home = os.path.expanduser("~")
    if home not in ("/", "~", ""):
        out.append(home)
    return [p for p in dict.fromkeys(out) if len(p) > 1]


def decide(items: Iterable[Any], memory: Any, *, dry_run: bool, scope: str | None = None,
           local: Sequence[str] = (), replaceable: Collection[str] = ()) -> list[Fate]:
    """The fate of each item (a Candidate, or a dict as a model answers it).

    A candidate supersedes the entries it names only among ``replaceable`` (those the model
    was shown as already in memory), and never a pinned one: a transcript steering the
    model cannot retire an entry it was not asked about.

    Raises ``WritesDisabled`` (the user turned writing off: no candidate can be written)."""
    from memsync import dedupe
    from memsync.config import load_config
    from memsync.errors import MemsyncError
    from memsync.extract.screen import rule_like, why_not
    from memsync.gates import (BadInput, Duplicate, PinnedEntry, Refused, SecretFound, UnknownEntry, UnsafePath,
                               WritesDisabled)

    target = memory.target_root(scope, create=False)
    config = load_config(target.path)
    known = list(config["categories"])
    if target.path.is_dir():
        known += sorted(d.name for d in os.scandir(target.path)
                        if d.is_dir(follow_symlinks=False) and not d.name.startswith(".") and d.name not in known)
    threshold = (config.get("memory") or {}).get("dedupe_coverage", dedupe.DEFAULT_COVERAGE)
    threshold = threshold if isinstance(threshold, (int, float)) and 0 < threshold <= 1 else dedupe.DEFAULT_COVERAGE
    fates: list[Fate] = []
    accepted: list[tuple[str, Fate]] = []  # dry run: (text, fate) of the ones that would be written
    for index, item in enumerate(items, 1):
        c = item if isinstance(item, Candidate) else candidate(item)
        if c.problem:
            fates.append(Fate(index, INVALID, c.problem, c, dry_run=dry_run))
            continue
        why = why_not(c, local_paths=local)
        if why:
            fates.append(Fate(index, DROPPED, why, c, dry_run=dry_run))
            continue
        category, note = _category(c, known)
        if category is None:
            fates.append(Fate(index, INVALID, f"unknown category {c.category!r}: use one of {', '.join(known)}", c,
                              dry_run=dry_run))
            continue
        if dry_run:
            text = dedupe.entry_text(c.summary, c.load_when, c.body)
            twin = next(((f, v) for t, f in accepted if (v := dedupe.judge(text, t, threshold)).duplicate), None)
            if twin is not None:
                earlier, verdict = twin
                fates.append(Fate(index, DUPLICATE, f"of candidate {earlier.index} in this answer, which would be "
                                  f"written as {earlier.id} ({verdict.reason})", c, earlier.id, dry_run))
                continue
        rule = rule_like(c)
        kind = "rule" if rule else c.kind  # remember's third gate makes it a proposal
        replaces = [] if rule else [i for i in c.supersedes if i in replaceable]
        kept = [i for i in c.supersedes if i not in replaces]
        if kept:
            note += (f" (not superseding {', '.join(kept)}: " +
                     ("a rule proposal replaces nothing)" if rule else "only an entry shown to the model as already "
                      "in memory can be)"))
        try:
            try:
                w = memory.remember(c.summary, category=category, body=c.body, kind=kind, load_when=c.load_when,
                                    supersedes=replaces, scope=scope, dry_run=dry_run)
            except PinnedEntry as exc:
                note += f" (not superseding: {exc})"
                w = memory.remember(c.summary, category=category, body=c.body, kind=kind, load_when=c.load_when,
                                    scope=scope, dry_run=dry_run)
        except WritesDisabled:
            raise
        except SecretFound as exc:
            shown = "; ".join(f"{f.label}: {f.masked}" for f in exc.findings[:3]) or "a secret"
            fates.append(Fate(index, SECRET, f"refused by the secret gate ({shown})", c,
                              dry_run=dry_run))
            continue
        except Duplicate as exc:
            fates.append(Fate(index, DUPLICATE, f"of {exc.existing} ({exc.coverage:.0%} of its keywords are "
                              "already there)", c, exc.existing, dry_run))
            continue
        except (BadInput, UnsafePath, UnknownEntry) as exc:
            fates.append(Fate(index, INVALID, str(exc), c, dry_run=dry_run))
            continue
        except Refused as exc:
            fates.append(Fate(index, REFUSED, str(exc), c, dry_run=dry_run))
            continue
        except MemsyncError as exc:
            fates.append(Fate(index, INVALID, str(exc), c, dry_run=dry_run))
            continue
        replaced = f", superseding {', '.join(w.superseded)}" if w.superseded else ""
        if w.similar:  # a person reviewing the run sees which entry it may restate or replace
            replaced += f"; close to {w.similar[0].id} ({w.similar[0].reason})"
        fate = Fate(index, PROPOSAL if w.proposal else WRITTEN,
                    ("as a rule proposal for a person to accept" if w.proposal else f"{w.action} {w.id}") + replaced
                    + note, c, w.id, dry_run)
        fates.append(fate)
        if dry_run:
            accepted.append((dedupe.entry_text(c.summary, c.load_when, c.body), fate))
    return fates


def judge(candidates: Iterable[Any], *, root: str | os.PathLike[str] | None = None,
          cwd: str | os.PathLike[str] | None = None, scope: str | None = None,
          local: Sequence[str] | None = None) -> list[Fate]:
    """The fate of each candidate against a memory root, writing nothing (for benches and
    ``--dry-run``): invalid, dropped, or what remember's gates would do.

        from memsync.extract import judge
        for f in judge([{"category": "decisions", "summary": "Deploys use pnpm"}], root=".memory"):
            print(f.index, f.label, f.reason)
    """
    from memsync.service import Memory

    with Memory(cwd=cwd, root=root) as memory:
        return decide(candidates, memory, dry_run=True, scope=scope,
                      local=local_paths(cwd) if local is None else local)
