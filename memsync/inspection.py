"""``memsync inspect``: what the memory holds and how it is doing, per root (SPEC §8).

Counts by category and kind, pinned, superseded, conflict siblings, rule proposals
waiting for a person, recent entries the dedupe gate would refuse as duplicates; the consistency self-check (``check`` + ``lint``, naming what an
index misses or lists in excess); recall counters (``.state.json``) and injection
counters (memsync's cache); the last context, extraction and sync results with their
reasons. Read only: nothing in the tree is written.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class RootReport:
    """What inspect reports of one memory root."""

    root: str
    scope: str
    entries: int = 0
    by_category: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    pinned: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    conflicts: list[dict[str, str]] = field(default_factory=list)  # sibling -> the entry it conflicts with
    proposals: list[dict[str, str]] = field(default_factory=list)  # rule proposals awaiting a person
    duplicates: list[dict[str, Any]] = field(default_factory=list)  # recent entries the dedupe gate would refuse
    stale: list[str] = field(default_factory=list)  # compiled files that are out of date
    index_misses: list[str] = field(default_factory=list)  # live entries an index.md does not list
    index_extra: list[str] = field(default_factory=list)  # index.md lines naming no live entry
    errors: list[str] = field(default_factory=list)  # lint errors, as path:line: CODE message
    warnings: list[str] = field(default_factory=list)
    recalled: list[tuple[str, int]] = field(default_factory=list)  # most recalled entries
    context: dict[str, Any] = field(default_factory=dict)  # injection counters and the last run
    extractions: list[dict[str, Any]] = field(default_factory=list)  # last extraction runs
    sync: dict[str, Any] | None = None  # the last sync's result

    @property
    def consistent(self) -> bool:
        return not (self.stale or self.index_misses or self.index_extra or self.errors)

    def to_json(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out["recalled"] = [{"id": i, "hits": n} for i, n in self.recalled]
        out["consistent"] = self.consistent
        return out


@dataclass
class Inspection:
    """inspect's whole report: every root, then the read-only sources."""

    roots: list[RootReport]
    sources: list[dict[str, Any]] = field(default_factory=list)  # read-only sources (other agents' memory)

    def to_json(self) -> dict[str, Any]:
        from memsync.secrets.gate import redact_all

        # Counters, reasons and session names come from files a hook payload, a model's answer or
        # another device wrote: nothing in the report may show a secret whole.
        return redact_all({"roots": [r.to_json() for r in self.roots], "sources": self.sources})  # type: ignore[no-any-return]

    def lines(self) -> list[str]:
        """The human report (secrets masked, as in ``to_json``)."""
        from memsync.secrets.gate import redact

        return [redact(line) for line in self._lines()]

    def _lines(self) -> list[str]:
        out: list[str] = []
        for r in self.roots:
            out.append(f"{r.scope} memory {r.root}: {r.entries} live entries"
                       + (f", {len(r.pinned)} pinned" if r.pinned else "")
                       + (f", {len(r.superseded)} superseded" if r.superseded else ""))
            if r.by_category:
                out.append("  categories: " + ", ".join(f"{c} {n}" for c, n in sorted(r.by_category.items())))
            if r.by_kind:
                out.append("  kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(r.by_kind.items())))
            for p in r.proposals:
                out.append(f"  rule proposal awaiting a person: {p['id']} — {p['summary']} "
                           "(accept: copy it into ROOT.md's Iron rules and delete the entry; reject: delete it)")
            for c in r.conflicts:
                out.append(f"  conflict sibling {c['id']} of {c['conflict_of']}: merge it by hand, then delete it")
            for c in r.duplicates:
                out.append(f"  possible duplicate: {c['id']} of {c['of']} ({c['reason']}): if they say the same, "
                           f"forget one; if it replaces that entry, `memsync supersede {c['of']} {c['id']}`")
            if r.consistent:
                out.append("  self-check: compiled files up to date, no lint errors")
            for path in r.stale:
                out.append(f"  self-check: {path} is out of date (run `memsync compile`)")
            for i in r.index_misses:
                out.append(f"  self-check: an index misses {i}")
            for i in r.index_extra:
                out.append(f"  self-check: an index lists {i}, which is not a live entry")
            out += [f"  lint: {e}" for e in r.errors] + [f"  lint: {w}" for w in r.warnings[:20]]
            if len(r.warnings) > 20:
                out.append(f"  lint: … {len(r.warnings) - 20} more warnings (`memsync lint`)")
            if r.recalled:
                out.append("  most recalled: " + ", ".join(f"{i} ×{n}" for i, n in r.recalled))
            ctx = r.context
            if ctx:
                fires = ", ".join(f"{k} {v}" for k, v in sorted((ctx.get("fires") or {}).items()))
                n = ctx.get("injected", 0)
                out.append(f"  context: fired {fires or 'never'}; {n} bod{'y' if n == 1 else 'ies'} injected, "
                           f"{ctx.get('deduplicated', 0)} skipped as already given")
                last = ctx.get("last")
                if isinstance(last, dict):
                    out.append(f"  last context ({last.get('event')}): {last.get('chars')} chars; {last.get('reason')}")
            else:
                out.append("  context: never injected (no context hook has run for this root)")
            for run in r.extractions[-5:]:
                out.append(f"  extraction {run.get('session', '-')}: {run.get('outcome')} — {run.get('reason')}"
                           + (f" ({run.get('turns')} turns read)" if run.get("turns") is not None else ""))
            if r.sync:
                out.append(f"  last sync: {r.sync.get('outcome')}: {r.sync.get('message')}")
                healed = r.sync.get("healed")
                out += [f"  last sync: {line}" for line in healed if isinstance(line, str)] if isinstance(healed, list) else []
                left_out = r.sync.get("left_out")
                out += [f"  last sync: not checked out here: {line}" for line in left_out
                        if isinstance(line, str)] if isinstance(left_out, list) else []
        for src in self.sources:
            out.append(f"source {src.get('scope')}: {src.get('summary')}")
            out += [f"  {note}" for note in src.get("notes", [])]
            out += [f"  not read as it is: {p['path']}: {p['problem']}" for p in src.get("problems", [])]
        return out


def inspect_roots(memory: Any, roots: list[Any]) -> Inspection:
    return Inspection([inspect_root(memory, r) for r in roots])


def inspect_root(memory: Any, root: Any) -> RootReport:
    from memsync import activity, rootdoc
    from memsync.build import load_state
    from memsync.recall import state
    from memsync.tree import INDEX

    rep = RootReport(root.display, root.scope)
    t = memory._tree(root)
    superseded = t.superseded()
    live = [e for e in t.entries if e.valid and e.id not in superseded]
    rep.entries = len(live)
    rep.by_category = dict(Counter(e.category for e in live))
    rep.by_kind = dict(Counter(e.kind or "(none)" for e in live))
    rep.pinned = sorted(e.id for e in live if e.pinned)
    rep.superseded = sorted(superseded)
    rep.conflicts = [{"id": e.id, "conflict_of": e.conflict_of or ""} for e in live if e.conflict_of]
    rep.proposals = [{"id": e.id, "summary": e.summary} for e in live if e.kind == "rule-proposal"]
    rep.duplicates = memory._duplicates(root, live)
    st = load_state(root)
    rep.errors = [p.format(root.display) for p in st.problems if p.severity == "error" and p.code != "E030"]
    rep.warnings = [p.format(root.display) for p in st.problems if p.severity == "warning"]
    rep.stale = sorted(root.show(p) for p in st.stale)
    live_ids = {e.id for e in live}
    listed: set[str] = set()
    for category in t.categories:
        raw = t.compiled.get(f"{category}/{INDEX}")
        listed |= {ln.id for ln in rootdoc.index_lines(category, raw.decode("utf-8", "replace"))} if raw else set()
    rep.index_misses = sorted(live_ids - listed)
    rep.index_extra = sorted(listed - live_ids)
    # Counters outlive their entries (deleted or renamed by another process, by git): only live ids are named.
    rep.recalled = sorted(((i, n) for i, n in state.hits(root.path).items() if i in live_ids),
                          key=lambda kv: (-kv[1], kv[0]))[:10]
    doc = activity.load(root.path)
    rep.context = doc["context"] if isinstance(doc.get("context"), dict) else {}
    rep.extractions = [r for r in doc.get("extract", []) if isinstance(r, dict)] if isinstance(doc.get("extract"), list) else []
    rep.sync = _last_sync(root.path)
    return rep


def _last_sync(root: Path) -> dict[str, Any] | None:
    gitdir = root / ".git"
    if not gitdir.is_dir():
        return None
    from memsync.sync.status import load_last

    return load_last(gitdir)
