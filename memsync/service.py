"""The operations a user or an agent asks for — one code path under the CLI, the hooks
and the MCP server (SPEC §8).

    from memsync import service

    w = service.remember("部署脚本用pnpm而不是npm", category="decisions", body="lockfile 不兼容")
    service.recall("部署")                      # search, recall counts recorded
    print(service.context(prompt="怎么部署").text)
    service.forget(w.id)

Each function is a one-shot ``Memory``. A long-lived process (the MCP server) keeps
one ``Memory(cwd=project, watch=True)``: its roots' entries stay in memory and fresh
through inotify, and searches stay warm. Nothing here touches process-wide state.

Refusals are typed (``memsync.gates``): ``WritesDisabled``, ``UnsafePath``,
``SecretFound``, ``Duplicate``, ``PinnedEntry``, ``UnknownEntry``, ``AmbiguousEntry``, ``BadInput`` — all
``MemsyncError``s whose message tells the caller what to do next.
"""
from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.gates import (
    PROPOSAL_KIND,
    RULES_CATEGORY,
    BadInput,
    Duplicate,
    PinnedEntry,
    ReadOnlySource,
    Refused,
    SecretFound,
    UnknownEntry,
    UnsafePath,
    WritesDisabled,
)
from memsync.names import AmbiguousEntry
from memsync.roots import Root, select_roots

__all__ = [
    "AmbiguousEntry", "BadInput", "Duplicate", "Forgotten", "Memory", "PinnedEntry", "ReadOnlySource", "Refused", "SecretFound", "Shown",
    "Superseded", "UnknownEntry", "UnsafePath", "Written", "WritesDisabled", "context", "forget", "inspect",
    "recall", "remember", "show", "supersede",
]

# A category's usual kind, and back (remember without one of them).
KIND_OF = {"pitfalls": "pitfall", "decisions": "decision", "preferences": "preference", "facts": "fact",
           RULES_CATEGORY: PROPOSAL_KIND}
CANDIDATES = 8  # live entries compared by the dedupe gate (the best keyword matches)
# inspect runs the dedupe gate again for entries created lately (one search each: 20 cost about
# 0.3 s at 1k entries, 0.65 s at 10k)
RECENT_DAYS = 14
RECENT_CHECKED = 20
_Judged = tuple[float, str, str, str]  # (coverage, id, summary, reason) of one entry the dedupe rule judged


@dataclass
class Similar:
    """A live entry close to a written one that the dedupe gate did not call a duplicate: the
    caller (often a model) decides whether the new entry restates it or replaces it."""

    id: str
    summary: str
    coverage: float  # share of the new keywords it holds
    reason: str  # why the gate wrote anyway


@dataclass
class Written:
    """What ``remember`` did."""

    id: str
    scope: str
    root: str
    path: str
    action: str  # created | updated | would create | would update (dry run)
    kind: str
    proposal: bool = False  # a rule request, stored as a rule-proposal for a person to accept
    superseded: list[str] = field(default_factory=list)
    recompiled: list[str] = field(default_factory=list)
    similar: list[Similar] = field(default_factory=list)

    @property
    def message(self) -> str:
        what = f"{self.action[0].upper()}{self.action[1:]} {self.id} in {self.root}"
        if self.proposal:
            what += (" as a rule proposal: only a person makes iron rules; it waits in rules/ until someone "
                     "moves it into ROOT.md's Iron rules (or deletes it)")
        if self.superseded:
            what += f"; it supersedes {', '.join(self.superseded)}"
        for near in self.similar:
            what += (f"; close to {near.id} ({near.summary!r}; {near.reason}): if that entry already says this, "
                     f"forget {self.id}; if this one replaces it, supersede {near.id} with {self.id}")
        return what

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "message": self.message}


@dataclass
class Forgotten:
    """The answer of ``forget``: the entry deleted and the links removed."""

    id: str
    scope: str
    root: str
    path: str
    relinked: list[str] = field(default_factory=list)  # entries whose supersede links named it
    recompiled: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        out = f"Forgot {self.id} (deleted {self.path})"
        if self.relinked:
            out += f"; supersede links removed from {', '.join(self.relinked)}"
        return out

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "message": self.message}


@dataclass
class Shown:
    """The answer of ``show``: an entry as stored."""

    id: str
    scope: str
    root: str
    path: str
    meta: dict[str, Any]
    body: str
    text: str  # the file as stored, secrets masked
    # Why the file cannot be read as an entry (``path:line: CODE message``, masked); empty when it can.
    unreadable: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Superseded:
    """The answer of ``supersede``: the two entries linked."""

    old: str
    new: str
    root: str
    recompiled: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        return f"{self.new} now supersedes {self.old} in {self.root} (the old entry leaves search and routing)"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "message": self.message}


def _now_ms() -> int:
    return int(time.time() * 1000)


def _number(config: dict[str, Any], section: str, key: str, lo: float, hi: float, *, integer: bool = False) -> Any:
    value = (config.get(section) or {}).get(key) if isinstance(config.get(section), dict) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not lo <= value <= hi \
            or (integer and not float(value).is_integer()):
        raise MemsyncError(f"config: {section}.{key} must be a {'whole ' if integer else ''}number from {lo:g} to {hi:g}")
    return int(value) if integer else float(value)


class Memory:
    """The memory an agent works with: the project root found from ``cwd`` and the global root
    (or one ``root``). ``watch`` keeps entries and search indexes warm between calls."""

    def __init__(self, *, cwd: str | os.PathLike[str] | None = None, root: str | os.PathLike[str] | None = None,
                 watch: bool = False) -> None:
        self.cwd = os.fspath(cwd) if cwd is not None else None
        self.root = os.fspath(root) if root is not None else None
        self.watch = watch
        self._live: dict[Path, Any] = {}
        self._kept: dict[Path, Any] = {}  # per root: compile.Kept between writes (long-lived only)

    def close(self) -> None:
        for live in self._live.values():
            live.close()
        self._live.clear()
        self._kept.clear()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # roots ------------------------------------------------------------------------------

    def roots(self, scope: str | None = None, *, default: str = "all", must_exist: bool = True) -> list[Root]:
        return select_roots(root=self.root, scope=scope, default=default, must_exist=must_exist, cwd=self.cwd)

    def sources(self, scope: str | None = None) -> list[Any]:
        """The read-only sources turned on (other agents' memory, ``memsync.sources``); none
        with an explicit ``root``, or for the scope ``project`` / ``global``."""
        from memsync import sources

        if self.root is not None and not sources.is_source_scope(scope):
            return []
        return sources.roots(cwd=self.cwd, scope=scope)

    def read_roots(self, scope: str | None = None, *, none_yet_ok: bool = False) -> list[Any]:
        """What search and context read: the memory roots, then the sources (a source scope: that
        source only; ``project`` / ``global``: that root only). The one place readers resolve
        ``scope``. Only "no memory root exists yet" falls back to the sources alone (or, with
        ``none_yet_ok``, to nothing); any other root error (the cache inside a root, ``.memory``
        a file, a missing ``--root``) is raised, as it is with the sources off."""
        from memsync import sources

        if sources.is_source_scope(scope):
            return self.sources(scope)
        if scope is None and self.root is None:
            candidates = self._no_root_yet()
            if candidates is not None:
                extra = self.sources()
                if extra:
                    from memsync.roots import refuse_cache_inside

                    # The sources' caches would create the root they sit in (a cache under a
                    # .memory that does not exist yet): refused, as for an existing root.
                    refuse_cache_inside(candidates)
                    return extra
                if none_yet_ok:
                    return []
            # Roots first: a root error must stop the read before any source cache is written.
            return [*self.roots(scope, default="all"), *self.sources()]
        return self.roots(scope, default="all")

    def _no_root_yet(self) -> list[Root] | None:
        """The roots that would be read, when not one of them exists in any form (no folder,
        file or link at its path); None when something is there (it is read, or its error
        shown)."""
        from memsync.roots import global_root, project_root

        candidates = [r for r in (project_root(self.cwd), global_root()) if r is not None]
        return None if any(os.path.lexists(r.path) for r in candidates) else candidates

    def target_root(self, scope: str | None = None, *, create: bool = True) -> Root:
        """Where a new entry goes: the named scope's root (created if need be); else the project
        root if it exists, else the global root (created if need be)."""
        try:
            root = self.roots(scope, default="first", must_exist=False)[0]
        except MemsyncError:
            if scope is not None or self.root is not None or self._no_root_yet() is None:
                raise  # a broken setup (.memory a file) is its error, not a write to the global root
            root = select_roots(default="global", must_exist=False)[0]  # no root yet: start the global one
        if create and not root.path.is_dir():
            from memsync.build import init_root
            from memsync.config import load_config

            init_root(root, load_config(None)["categories"])
        return root

    def _tree(self, root: Root):  # type: ignore[no-untyped-def]
        from memsync.livetree import LiveTree

        live = self._live.get(root.path)
        if live is None:
            live = self._live[root.path] = LiveTree(root.path, watch=self.watch)
        return live.tree()

    def _id_roots(self, scope: str | None) -> list[Root]:
        """The roots an id is looked up in. Only "no memory root exists yet" reads as none (the
        id is then unknown); a broken setup (the cache inside a root, ``.memory`` a file) is its
        own error: "no entry, search for it" would send an agent looking, or writing a twin."""
        try:
            return self.roots(scope, default="all")
        except MemsyncError:
            if self.root is not None or scope is not None or self._no_root_yet() is None:
                raise
            return []

    def _locate(self, entry_id: str, scope: str | None) -> tuple[Root, str]:
        """(root, relative path as on disk) of an entry file: the project's first (it wins), then
        the global's. No walk (one lstat per root for an ASCII id, memsync.names): what show, and
        the writers before their lock, need."""
        roots = self._id_roots(scope)
        for root in roots:
            rel = _entry_file(root, entry_id)
            if rel is not None:
                return root, rel
        raise _unknown(entry_id, roots)

    def _kept_tables(self, root: Root) -> Any:
        """A long-lived Memory keeps each root's links, counts and routing between writes."""
        if not self.watch:
            return None
        from memsync.compile import Kept

        return self._kept.setdefault(root.path, Kept())

    def _find(self, entry_id: str, scope: str | None) -> tuple[Root, Any, Any]:
        """(root, tree, entry info) of a live id: the project's first (it wins), then the global's."""
        roots = self._id_roots(scope)
        for root in roots:
            rel = _entry_file(root, entry_id)
            if rel is None:
                continue
            t = self._tree(root)
            info = next((e for e in t.entries if e.path == rel), None)
            if info is not None:
                return root, t, info
        raise _unknown(entry_id, roots)

    # writing -----------------------------------------------------------------------------

    def remember(self, summary: str | None = None, *, category: str | None = None, body: str | None = None,
                 kind: str | None = None, load_when: list[str] | tuple[str, ...] | str | None = None,
                 highlight: str | None = None, pinned: bool | None = None,
                 supersedes: list[str] | tuple[str, ...] | str = (), scope: str | None = None,
                 id: str | None = None, force: bool = False, now_ms: int | None = None,
                 dry_run: bool = False) -> Written:
        """Create an entry (or update the one ``id`` names), through the five gates in order.

        With ``dry_run`` every gate runs and the answer says what would be written, but
        nothing is (``Written.action`` is ``would create`` / ``would update``)."""
        from memsync import gates
        from memsync.config import load_config

        gates.read_only(scope, id)  # another agent's memory is never written
        gates.write_switch(load_config(None))  # before a missing root is created
        root = self._locate(id, scope)[0] if id else self.target_root(scope, create=not dry_run)
        config = load_config(root.path)
        gates.write_switch(config)  # 1
        # 2: names (the target itself is checked once it is known, below)
        if id:
            from memsync.names import nfc

            id_category = nfc(gates.split_id(id)[0])
            if category is not None and nfc(category) != id_category:
                raise BadInput(f"{id} lives in {id_category}/; an entry keeps its category (forget it and "
                               f"remember it anew in {category}/ to move it)")
            category = id_category
        elif category is not None:
            gates.name(category, "category")
        kind_text = gates.one_line(kind, "kind", limit=60) if kind is not None else None
        summary_text = gates.one_line(summary, "summary", required=not id) if summary is not None or not id else None
        body_text = gates.body_text(body) if body is not None else None
        triggers = gates.triggers(load_when) if load_when is not None else None
        highlight_text = gates.one_line(highlight, "highlight") if highlight is not None else None
        old_ids = [supersedes] if isinstance(supersedes, str) else list(supersedes or [])
        for old in old_ids:
            gates.split_id(old)
        # 3: iron rules are human-only
        proposal = gates.is_rule_request(category, kind_text, summary_text or "", body_text or "")
        if proposal:
            if id and category != RULES_CATEGORY:
                raise BadInput(f"{id} cannot become a rule: only a person writes iron rules. Remember a new "
                               "entry instead; it is stored as a rule proposal in rules/ for a person to accept")
            category, kind_text = RULES_CATEGORY, PROPOSAL_KIND
        if not id:
            category = self._category(category, kind_text, config, root)
        assert category is not None
        now = _now_ms() if now_ms is None else now_ms
        from memsync.locks import root_lock

        with root_lock(root.path, "write"):
            t = self._tree(root) if root.path.is_dir() else _empty_tree()
            return self._write(root, t, config, id=id, category=category, summary=summary_text, body=body_text,
                               kind=kind_text, triggers=triggers, highlight=highlight_text, pinned=pinned,
                               old_ids=old_ids, proposal=proposal, force=force, now=now, dry_run=dry_run)

    def _category(self, category: str | None, kind: str | None, config: dict[str, Any], root: Root) -> str:
        configured = list(config["categories"])
        from memsync.entry import valid_name

        # Only folders a category can be named: the refusal below lists them, and a folder named
        # with an escape sequence or bytes that are not UTF-8 is no category to offer a model.
        existing = sorted(d.name for d in _folders(root.path) if d.name not in configured and valid_name(d.name))
        if category is None and kind:
            guess = {v: k for k, v in KIND_OF.items()}.get(kind.casefold()) or kind.casefold() + "s"
            category = guess if guess in configured or guess in existing else None
        if category is None:
            raise BadInput(f"name a category: one of {', '.join(configured)}")
        from memsync.names import folders_named, nfc, one_spelling

        if not one_spelling(category):
            # The folder as spelled on disk (macOS writes names decomposed): a new entry goes into
            # it, never into a composed twin beside it.
            spelled = folders_named(root.path, category)
            if len(spelled) > 1:
                raise BadInput(f"category {nfc(category)!r} names {len(spelled)} folders whose names differ only by "
                               f"Unicode normalization ({', '.join(ascii(n) for n in spelled)}); nothing was written. "
                               "Merge them into one, then retry")
            if spelled:
                return spelled[0]
        if category not in configured and category not in existing:
            shown = dict.fromkeys(nfc(c) for c in configured + existing)
            raise BadInput(f"unknown category {nfc(category)!r}: use one of {', '.join(shown)}"
                           " (or create the folder to make a new category)")
        return category

    def _write(self, root: Root, t: Any, config: dict[str, Any], *, id: str | None, category: str,
               summary: str | None, body: str | None, kind: str | None, triggers: list[str] | None,
               highlight: str | None, pinned: bool | None, old_ids: list[str], proposal: bool, force: bool,
               now: int, dry_run: bool = False) -> Written:
        from memsync import gates, writer
        from memsync.entry import parse_entry, render_entry
        from memsync.templates import read_template

        from memsync.names import nfc

        # Each id named is found as its file is spelled on disk (memsync.names): what is written
        # is that file, never a second one beside it.
        by_id = {old: _entry_of(root, t, old) for old in old_ids}
        if id:
            current = _entry_of(root, t, id)
            if current is None:
                raise UnknownEntry(f"no entry {id} in {root.display}", id)
            if current.pinned and pinned is False and not force:
                # else unpin, then forget: the pin that forget honours undone without the user
                raise PinnedEntry(f"{current.id} is pinned: the user marked it to keep. Unpin it only if the user "
                                  "asks, with force")
            rel = current.path
            gates.safe_target(root.path, rel)
            parsed = parse_entry(_read(root, rel), rel)
            meta_before = parsed.meta or {}
            meta = dict(meta_before)
            text_body = parsed.body.strip("\n") if body is None else body
            if current.pinned and not force and (text_body != parsed.body.strip("\n")
                                                 or summary is not None and summary != meta.get("summary")):
                # a rewrite loses what the user pinned as surely as a forget does
                raise PinnedEntry(f"{current.id} is pinned: the user marked it to keep. Change its summary or "
                                  "body only if the user asks, with force")
            old_updated = meta.get("updated")
            if not isinstance(old_updated, int) or isinstance(old_updated, bool):
                old_updated = now - 1
            meta["updated"] = max(now, old_updated + 1)  # an update always moves updated forward
        else:
            slug = writer.free_slug(writer.slugify(summary or ""), writer.folder_names(root, category))
            rel = f"{category}/{slug}.md"
            gates.safe_target(root.path, rel)
            meta = {"created": now, "updated": now}
            text_body = body or ""
        meta["id"] = nfc(rel[:-3])
        if kind is not None or not id:
            meta["kind"] = kind or KIND_OF.get(category, "note")
        if summary is not None:
            meta["summary"] = summary
        if highlight is not None:
            if highlight:
                meta["highlight"] = highlight
            else:
                meta.pop("highlight", None)
        if triggers is not None:
            if triggers:
                meta["load_when"] = triggers
            else:
                meta.pop("load_when", None)
        if pinned is not None:
            if pinned:
                meta["pinned"] = True
            else:
                meta.pop("pinned", None)
        changes: dict[str, bytes | None] = {}
        superseded: list[str] = []
        for old in old_ids:
            target = by_id[old]
            if target is None:
                raise UnknownEntry(f"cannot supersede {old}: no such entry in {root.display}", old)
            if target.id == meta["id"]:
                raise BadInput("an entry cannot supersede itself")
            if target.pinned and not force:
                raise PinnedEntry(f"{target.id} is pinned: pinned entries are never superseded without force "
                                  "(ask the user, then pass force)")
            superseded.append(target.id)
        if superseded:
            if id:
                _replacement_is_live(t, meta["id"], superseded[0])
            meta["supersedes"] = _with_links(meta.get("supersedes"), superseded)
        data = render_entry(meta, f"\n{text_body}\n" if text_body else "\n").encode("utf-8")
        gates.entry_valid(data, rel, updating=bool(id))
        gates.secrets(root.path, rel, data.decode("utf-8"))  # 4
        # An update that leaves what the gate reads (summary, body, triggers) as it was says nothing
        # new to judge: pinning or highlighting an entry is not refused for its near twin.
        said = (meta.get("summary"), meta.get("load_when"), text_body)
        unchanged = id is not None and said == (meta_before.get("summary"), meta_before.get("load_when"),
                                                parsed.body.strip("\n"))
        similar = [] if force or unchanged else self._dedupe(root, config, meta, text_body,
                                                             exclude={meta["id"], *superseded})  # 5
        changes[rel] = data
        for target in {e.path: e for e in by_id.values() if e is not None}.values():
            changes[target.path] = _relinked(root, target.path, superseded_by=meta["id"], now=now)
        action = "updated" if id else "created"
        if dry_run:
            return Written(meta["id"], root.scope, root.display, root.show(rel), "would " + action[:-1],
                           meta["kind"], proposal, superseded, [], similar)
        template = read_template("ROOT.md")
        try:
            recompiled = writer.apply(root, t, changes, create=() if id else (rel,), template=template,
                                      kept=self._kept_tables(root))
        except FileExistsError:
            # Another writer took the slug between our listing and our write: take the next one.
            return self._write(root, self._tree(root), config, id=id, category=category, summary=summary,
                               body=body, kind=kind, triggers=triggers, highlight=highlight, pinned=pinned,
                               old_ids=old_ids, proposal=proposal, force=force, now=now, dry_run=dry_run)
        return Written(meta["id"], root.scope, root.display, root.show(rel), action, meta["kind"], proposal,
                       superseded, recompiled, similar)

    def _dedupe(self, root: Root, config: dict[str, Any], meta: dict[str, Any], body: str,
                exclude: set[str]) -> list[Similar]:
        """Refuse a duplicate of a live entry (gate 5); else name the closest live entry the gate
        judged new, when it holds ``memory.similar_coverage`` of the new keywords or more."""
        from memsync import dedupe, gates

        new_text = dedupe.entry_text(meta.get("summary", ""), meta.get("load_when") or [], body)
        best, near = self._closest(root, config, new_text, exclude)
        if best is not None:
            raise gates.duplicate(best[1], best[2], best[0], best[3])
        if near is None or near[0] < _number(config, "memory", "similar_coverage", 0.0, 1.0) or near[0] <= 0:
            return []
        return [Similar(near[1], gates.shown_summary(near[2]), round(near[0], 2), near[3])]

    def _duplicates(self, root: Root, entries: list[Any], now_ms: int | None = None) -> list[dict[str, Any]]:
        """Live entries created in the last RECENT_DAYS (the newest RECENT_CHECKED) that the dedupe
        gate would refuse as a duplicate of another live entry (written with force, by hand, or
        on another device), each pair once: what a person may want to merge. (Entries that are
        only close are not listed: in a memory of many similar facts, that is most of them.)"""
        from memsync import dedupe, gates
        from memsync.config import load_config
        from memsync.entry import parse_entry

        since = (now_ms if now_ms is not None else int(time.time() * 1000)) - RECENT_DAYS * 86_400_000
        recent = [e for e in entries if not e.conflict_of and isinstance(e.created, int) and e.created >= since]
        if not recent:
            return []
        config = load_config(root.path)
        newest = sorted(recent, key=lambda e: (e.created, e.id), reverse=True)[:RECENT_CHECKED]
        out: list[dict[str, Any]] = []
        seen: set[frozenset[str]] = set()
        for e in newest:
            try:
                parsed = parse_entry(_read(root, e.path), e.path)
            except MemsyncError:
                continue
            best, _ = self._closest(root, config, dedupe.entry_text(e.summary, e.load_when, parsed.body), {e.id})
            if best is None or frozenset((e.id, best[1])) in seen:
                continue
            seen.add(frozenset((e.id, best[1])))
            out.append({"id": e.id, "of": best[1], "coverage": round(best[0], 2), "reason": best[3],
                        "summary": gates.shown_summary(e.summary), "of_summary": gates.shown_summary(best[2])})
        return out

    def _closest(self, root: Root, config: dict[str, Any], new_text: str,
                 exclude: set[str]) -> tuple[_Judged | None, _Judged | None]:
        """Among the live entries search finds for ``new_text``'s words: the one the dedupe rule
        calls it a duplicate of (the highest coverage), and the closest one it calls new."""
        from memsync import dedupe
        from memsync.entry import parse_entry
        from memsync.recall import search

        threshold = _number(config, "memory", "dedupe_coverage", 0.01, 1.0)
        query = _keyword_query(new_text, limit=20)  # the summary and triggers come first
        if not query:
            return None, None
        # Every candidate counts (no floor), and a few dozen best matches are plenty to find a duplicate.
        relaxed = dict(config, search={**config["search"], "floor": 0.0, "candidates": 40})
        live = self._live.get(root.path)
        snap = live.snapshot() if live is not None else None  # this call's walk: no second stat of every file
        hits = search(query, roots=[root], limit=CANDIDATES + len(exclude), config=relaxed, watch=self.watch,
                      all_first=False, describe=False, snapshots={root.path: snap} if snap else None,
                      translate=False).hits
        best: _Judged | None = None
        near: _Judged | None = None
        for hit in hits:
            if hit.id in exclude:
                continue
            try:
                rel = hit.file() or hit.id + ".md"
                parsed = parse_entry(_read(root, rel), rel)
            except MemsyncError:
                continue
            info = parsed.info()
            if not info.valid or info.conflict_of:
                continue
            verdict = dedupe.judge(new_text, dedupe.entry_text(info.summary, info.load_when, parsed.body), threshold)
            if verdict.duplicate and (best is None or verdict.coverage > best[0]):
                best = (verdict.coverage, hit.id, info.summary, verdict.reason)
            elif not verdict.duplicate and (near is None or verdict.coverage > near[0]):
                near = (verdict.coverage, hit.id, info.summary, verdict.reason)
        return best, near

    def forget(self, entry_id: str, *, force: bool = False, scope: str | None = None) -> Forgotten:
        """Delete an entry (a pinned one needs ``force``); supersede links naming it are removed."""
        from memsync import gates, writer
        from memsync.config import load_config
        from memsync.locks import root_lock
        from memsync.templates import read_template

        gates.read_only(scope, entry_id, action="forget")
        gates.write_switch(load_config(None))  # gate 1 before the id is looked at, as remember does
        root = self._locate(entry_id, scope)[0]
        gates.write_switch(load_config(root.path))
        with root_lock(root.path, "write"):
            root, t, info = self._find(entry_id, root.scope if self.root is None else None)
            gates.safe_target(root.path, info.path)
            if info.pinned and not force:
                raise PinnedEntry(f"{info.id} is pinned: the user marked it to keep. Forget it only if the user "
                                  "asks, with force")
            changes: dict[str, bytes | None] = {info.path: None}
            relinked = []
            now = _now_ms()
            for e in t.entries:
                if e.valid and e.id != info.id and (e.superseded_by == info.id or info.id in e.supersedes):
                    changes[e.path] = _relinked(root, e.path, drop=info.id, now=now)
                    relinked.append(e.id)
            recompiled = writer.apply(root, t, changes, template=read_template("ROOT.md"),
                                     kept=self._kept_tables(root))
        # A file named like a token (arrived by a pull) is masked as search masks its id.
        return Forgotten(_redacted(info.id), root.scope, root.display, _redacted(root.show(info.path)),
                         _redacted(relinked), recompiled)

    def supersede(self, old: str, new: str, *, force: bool = False, scope: str | None = None) -> Superseded:
        """Mark ``new`` as replacing ``old`` (both ways: ``supersedes`` and ``superseded_by``)."""
        from memsync import gates, writer
        from memsync.config import load_config
        from memsync.locks import root_lock
        from memsync.templates import read_template

        gates.read_only(scope, new)
        gates.read_only(None, old)
        gates.write_switch(load_config(None))  # gate 1 before the ids are looked at
        root = self._locate(new, scope)[0]
        gates.write_switch(load_config(root.path))
        with root_lock(root.path, "write"):
            root, t, new_info = self._find(new, root.scope if self.root is None else None)
            old_info = _entry_of(root, t, old)
            if old_info is None:
                raise UnknownEntry(f"no entry {old} in {root.display} (both entries must be in the same root)", old)
            if old_info.id == new_info.id:
                raise BadInput("an entry cannot supersede itself")
            if old_info.pinned and not force:
                raise PinnedEntry(f"{old_info.id} is pinned: pinned entries are never superseded without force")
            _replacement_is_live(t, new_info.id, old_info.id)
            for rel in (old_info.path, new_info.path):
                gates.safe_target(root.path, rel)
            now = _now_ms()
            changes = {
                old_info.path: _relinked(root, old_info.path, superseded_by=new_info.id, now=now),
                new_info.path: _relinked(root, new_info.path, supersedes=old_info.id, now=now),
            }
            recompiled = writer.apply(root, t, changes, template=read_template("ROOT.md"),
                                     kept=self._kept_tables(root))
        return Superseded(old_info.id, new_info.id, root.display, recompiled)

    # reading ---------------------------------------------------------------------------

    def show(self, entry_id: str, *, scope: str | None = None) -> Shown:
        """An entry as stored, with its root and path; secrets in it are masked."""
        from memsync import sources
        from memsync.entry import MAX_ENTRY_BYTES, parse_entry, too_big
        from memsync.secrets.gate import redact

        if sources.source_of_id(entry_id) or sources.is_source_scope(scope):
            return self._show_source(entry_id, scope)
        root, rel = self._locate(entry_id, scope)
        data = _read(root, rel)
        parsed = parse_entry(data, rel)
        if len(data) > MAX_ENTRY_BYTES:  # _read stops past the limit: name the file's own size, as lint does
            try:
                parsed.problems[:] = [too_big(rel, os.lstat(root.path / rel).st_size)]
            except OSError:  # gone since: the size read stands
                pass
        meta = {k: v for k, v in (parsed.meta or {}).items()}
        text = redact(data.decode("utf-8", "replace"))
        unreadable = [] if parsed.valid else [redact(p.format(root.display)) for p in parsed.problems
                                              if p.severity == "error"]
        # A file named like a token (arrived by a pull) is masked as search masks its id.
        return Shown(_redacted(parsed.id), root.scope, root.display, _redacted(root.show(rel)), _redacted(meta),
                     redact(parsed.body.strip("\n")), text, unreadable)

    def _show_source(self, entry_id: str, scope: str | None) -> Shown:
        from memsync.secrets.gate import redact
        from memsync.sources import source_of_id

        name = source_of_id(entry_id) or scope
        if source_of_id(entry_id) is None:
            entry_id = f"{name}:{entry_id.strip()}"  # `show NAME --scope claude-code`
        for src in self.sources(name):
            doc = src.layout.doc(entry_id.strip())
            if doc is not None:
                meta = {"id": doc.id, "kind": doc.kind, "summary": doc.summary, **doc.meta}
                if doc.updated is not None:
                    meta["updated"] = doc.updated
                return Shown(doc.id, src.scope, src.display, src.layout.show(src.display, doc.file), _redacted(meta),
                             redact(doc.body), redact(doc.body))
        raise UnknownEntry(f"no document {entry_id} in {name}; search memory to find the id", entry_id)

    def recall(self, query: str, *, scope: str | None = None, category: str | list[str] | tuple[str, ...] = (),
               kind: str | list[str] | tuple[str, ...] = (), limit: int | None = None,
               include_superseded: bool = False) -> Any:
        """Search (SPEC §4), with the sources that are turned on; the hits are counted in each
        memory root's recall counters (never in a source)."""
        from memsync.recall import search

        return search(query, roots=self.read_roots(scope), category=category, kind=kind, limit=limit,
                      include_superseded=include_superseded, record=True, watch=self.watch)

    def context(self, prompt: str | None = None, *, session: str | None = None, budget: int | None = None,
                event: str | None = None, source: str | None = None, scope: str | None = None) -> Any:
        """The context block (SPEC §8), from the roots and sources ``scope`` names, as ``recall``
        reads them (``read_roots``)."""
        from memsync.context import build

        return build(self, prompt=prompt, session=session, budget=budget, event=event, source=source, scope=scope)

    def inspect(self, *, scope: str | None = None) -> Any:
        from memsync import sources
        from memsync.inspection import inspect_roots
        from memsync.sources.report import describe

        if sources.is_source_scope(scope):
            roots = []
        else:
            try:
                roots = self.roots(scope, default="all")
            except MemsyncError:
                if scope is not None or self.root is not None or not self.sources():
                    raise
                roots = []  # no memory root yet: the sources are still worth a look
        found = inspect_roots(self, roots)
        if self.root is None and (scope is None or sources.is_source_scope(scope)):
            found.sources = describe(self.sources(scope), only=scope)
        return found


def _replacement_is_live(t: Any, new: str, old: str) -> None:
    """An entry that left search cannot replace another: both would be gone (and A -> B -> A
    is a cycle no reader can resolve)."""
    if new in t.superseded():
        raise BadInput(f"{new} is itself superseded, so it cannot replace {old}: nothing was changed. "
                       f"Supersede {old} with the entry that replaced {new}")


def _empty_tree():  # type: ignore[no-untyped-def]
    from memsync.tree import Tree

    return Tree()


def _folders(path: Path) -> list[os.DirEntry[str]]:
    """Category-looking folders of a root (none when it does not exist yet)."""
    try:
        with os.scandir(path) as it:
            return [d for d in it if d.is_dir(follow_symlinks=False) and not d.name.startswith(".")]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise MemsyncError(f"cannot list the root: {exc.strerror or exc}", path=str(path)) from None


def _read(root: Root, rel: str) -> bytes:
    from memsync.entry import MAX_ENTRY_BYTES
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        return read_regular(root.path / rel, MAX_ENTRY_BYTES + 1)
    except NotRegularFile:
        raise UnsafePath(f"{root.show(rel)} is a symlink or not a regular file; not read") from None
    except FileNotFoundError:
        raise UnknownEntry(f"{root.show(rel)} no longer exists", rel[:-3]) from None
    except OSError as exc:
        raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=root.show(rel)) from None


def _relinked(root: Root, rel: str, *, superseded_by: str | None = None, supersedes: str | None = None,
              drop: str | None = None, now: int) -> bytes:
    """An existing entry's bytes with one supersede link added or ``drop`` removed; ``updated`` bumped."""
    from memsync.entry import parse_entry, render_entry

    parsed = parse_entry(_read(root, rel), rel)
    if parsed.meta is None:
        raise BadInput(f"{root.show(rel)} cannot be read as an entry; fix it first (`memsync lint`)")
    meta = dict(parsed.meta)
    if superseded_by is not None:
        meta["superseded_by"] = superseded_by
    if supersedes is not None:
        meta["supersedes"] = _with_links(meta.get("supersedes"), [supersedes])
    if drop is not None:
        # A link is its id composed (NFC), however the file that holds it spells it.
        if _same_id(meta.get("superseded_by"), drop):
            meta.pop("superseded_by")
        have = meta.get("supersedes")
        if _same_id(have, drop):
            meta.pop("supersedes")
        elif isinstance(have, list) and any(_same_id(h, drop) for h in have):
            rest = [h for h in have if not _same_id(h, drop)]
            if rest:
                meta["supersedes"] = rest
            else:
                meta.pop("supersedes")
    updated = meta.get("updated")
    meta["updated"] = max(now, updated + 1) if isinstance(updated, int) and not isinstance(updated, bool) else now
    return render_entry(meta, parsed.body).encode("utf-8")


def _entry_file(root: Root, entry_id: str) -> str | None:
    """The file (relative, as on disk) ``entry_id`` names in ``root``, or None: the one place an
    id becomes a path (memsync.names: any spelling under NFC, never two, never a symlink)."""
    from memsync.gates import split_id
    from memsync.names import entry_file

    category, slug = split_id(entry_id)
    return entry_file(root.path, category, slug)


def _entry_of(root: Root, tree: Any, entry_id: str) -> Any:
    """The tree's readable entry for the file ``entry_id`` names (None: no such file). A file
    whose frontmatter cannot be read is refused by name: "no entry" would have the caller
    write a second one beside it."""
    rel = _entry_file(root, entry_id)
    if rel is None:
        return None
    info = next((e for e in tree.entries if e.path == rel), None)
    if info is not None and not info.valid:
        from memsync.entry import parse_entry

        problems = [p for p in parse_entry(_read(root, rel), rel).problems if p.severity == "error"]
        why = f": {problems[0].format(root.display)}" if problems else ""
        raise BadInput(f"{info.id} exists but cannot be read{why}; nothing was changed. Fix the file by hand "
                       "(`memsync lint` lists what is wrong), or forget it")
    return info


def _unknown(entry_id: str, roots: list[Root]) -> UnknownEntry:
    from memsync.gates import split_id
    from memsync.names import nfc

    wanted = nfc("/".join(split_id(entry_id)))
    where = " or ".join(r.display for r in roots) or "any memory root"
    return UnknownEntry(f"no entry {wanted} in {where}; search memory to find the id (ids are "
                        "<category>/<slug>, as recall shows them)", wanted)


def _same_id(value: Any, entry_id: str) -> bool:
    from memsync.names import nfc

    return isinstance(value, str) and nfc(value.strip()) == entry_id


def _with_links(have: Any, ids: list[str]) -> list[Any]:
    """A ``supersedes`` value with ``ids`` added once each (compared as NFC)."""
    out = list(dict.fromkeys([have] if isinstance(have, str) else list(have or [])))
    for new in ids:
        if not any(_same_id(h, new) for h in out):
            out.append(new)
    return out


def _redacted(value: Any) -> Any:
    from memsync.secrets.gate import redact

    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [_redacted(v) for v in value]
    if isinstance(value, dict):  # a key is text from the file too: it can hold a token
        return {redact(k) if isinstance(k, str) else k: _redacted(v) for k, v in value.items()}
    return value


def _keyword_query(text: str, limit: int = 32, *, translate: bool = True) -> str:
    """Search words for a text: Latin words and CJK bigrams, summary first. For the dedupe
    candidates (``translate``) without stopwords and one-digit numbers (they find half the root
    and decide nothing), then (up to half as many again) the other language's words for what the
    text says, so an English note finds the Chinese entry it restates and the reverse
    (memsync.dedupe.query_terms). The context hook asks without: it must not pay for importing
    the dedupe rule on every prompt."""
    from memsync.recall.tokenize import cjk_tokens, normalize, segments

    stop: frozenset[str] = frozenset()
    if translate:
        from memsync.dedupe.vocab import EN_STOP as stop
    words: list[str] = []
    for seg in segments(normalize(text)):
        pieces = cjk_tokens(seg.text, lead=False, trail=False) if seg.cjk else [seg.text]
        for piece in pieces:
            if piece not in words and not (translate and (piece in stop or (piece.isdigit() and len(piece) < 2))):
                words.append(piece)
        if len(words) >= limit:
            break
    words = words[:limit]
    if not translate:
        return " ".join(words)
    from memsync import dedupe

    extra = [w for w in dedupe.query_terms(text, limit // 2 + len(words)) if w not in words][: limit // 2]
    return " ".join(words + extra)


# One-shot functions: a Memory for one call.

def remember(summary: str | None = None, *, cwd: str | os.PathLike[str] | None = None,
             root: str | os.PathLike[str] | None = None, **kwargs: Any) -> Written:
    with Memory(cwd=cwd, root=root) as m:
        return m.remember(summary, **kwargs)


def forget(entry_id: str, *, cwd: str | os.PathLike[str] | None = None, root: str | os.PathLike[str] | None = None,
           **kwargs: Any) -> Forgotten:
    with Memory(cwd=cwd, root=root) as m:
        return m.forget(entry_id, **kwargs)


def supersede(old: str, new: str, *, cwd: str | os.PathLike[str] | None = None,
              root: str | os.PathLike[str] | None = None, **kwargs: Any) -> Superseded:
    with Memory(cwd=cwd, root=root) as m:
        return m.supersede(old, new, **kwargs)


def show(entry_id: str, *, cwd: str | os.PathLike[str] | None = None, root: str | os.PathLike[str] | None = None,
         **kwargs: Any) -> Shown:
    with Memory(cwd=cwd, root=root) as m:
        return m.show(entry_id, **kwargs)


def recall(query: str, *, cwd: str | os.PathLike[str] | None = None, root: str | os.PathLike[str] | None = None,
           **kwargs: Any) -> Any:
    with Memory(cwd=cwd, root=root) as m:
        return m.recall(query, **kwargs)


def context(prompt: str | None = None, *, cwd: str | os.PathLike[str] | None = None,
            root: str | os.PathLike[str] | None = None, **kwargs: Any) -> Any:
    with Memory(cwd=cwd, root=root) as m:
        return m.context(prompt, **kwargs)


def inspect(*, cwd: str | os.PathLike[str] | None = None, root: str | os.PathLike[str] | None = None,
            **kwargs: Any) -> Any:
    with Memory(cwd=cwd, root=root) as m:
        return m.inspect(**kwargs)
