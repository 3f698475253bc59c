"""Render the compiled files of a root from its entries (SPEC §3).

Pure: a Tree in, ``{relative path: bytes}`` out. The same entries give the same
bytes on every machine: sorted by code point, LF endings, no timestamps, no host
names, no absolute paths. Sync calls this on merged trees it holds in memory.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from memsync.entry import EntryInfo, text_problem
from memsync.names import nfc
from memsync.problems import Problem
from memsync.regions import RegionError, find_regions, replace_regions
from memsync.tree import INDEX, ROOT_MD, Tree, superseded_ids

REGION_HEADINGS = {"directory": "Directory", "routing": "Routing"}


# Control characters (Cc) and the line/paragraph separators would break a line.
_BREAKERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _clean(text: str) -> str:
    """One line, no control characters, no '<' that could open an HTML comment or a marker."""
    return " ".join(_BREAKERS.sub(" ", text).split()).replace("<", "&lt;")


def cell(text: str) -> str:
    """A Markdown table cell: one line, with backslashes and pipes escaped."""
    return _clean(text).replace("\\", "\\\\").replace("|", "\\|")


def _link(entry: EntryInfo) -> str:
    return f"[{entry.slug}]({entry.slug}.md)"


@dataclass(frozen=True)
class Links:
    """Tree-wide facts an index needs: which ids exist, which are superseded, and by whom."""

    ids: frozenset[str]
    superseded: frozenset[str]
    superseders: dict[str, str]  # old id -> the first id (by code point) listing it in supersedes

    @classmethod
    def of(cls, entries: Iterable[EntryInfo]) -> Links:
        """From every entry of the tree (or at least every entry with supersede links)."""
        valid = [e for e in entries if e.valid]
        superseders: dict[str, str] = {}
        for e in valid:
            for old in e.supersedes:
                if old not in superseders or e.id < superseders[old]:
                    superseders[old] = e.id
        return cls(frozenset(e.id for e in valid), frozenset(superseded_ids(valid)), superseders)


def render_index(category: str, entries: Iterable[EntryInfo], links: Links,
                 lines_of: dict[str, tuple[EntryInfo, str]] | None = None) -> bytes:
    """``<category>/index.md`` from that category's entries: live ones, then superseded ones.

    ``lines_of`` (path -> (entry, its line)) keeps a live entry's line for as long as the
    entry object is the same: a long-lived writer renders only the lines of changed entries."""
    # Names are printed and sorted composed (NFC), so a folder whose file names a device stored
    # decomposed compiles to the same bytes as everywhere else.
    mine = sorted((e for e in entries if e.valid), key=lambda e: nfc(e.path))
    live = [e for e in mine if e.id not in links.superseded]
    old = [e for e in mine if e.id in links.superseded]
    lines = [
        f"# {_clean(nfc(category))}",
        "",
        "<!-- Compiled by memsync from the entries in this folder; edits here are overwritten."
        " Run `memsync compile`. -->",
        "",
    ]
    if not live:
        lines.append("_No live entries._")
    for e in live:
        known = lines_of.get(e.path) if lines_of is not None else None
        if known is not None and known[0] is e:
            lines.append(known[1])
            continue
        flags = " (pinned)" if e.pinned else ""
        if e.conflict_of:
            flags += f" (conflict copy of {_clean(e.conflict_of)}: merge it by hand, then delete this file)"
        line = f"- {_link(e)} — {_clean(e.summary) or '(no summary)'}{flags}"
        if lines_of is not None:
            lines_of[e.path] = (e, line)
        lines.append(line)
    if old:
        lines += ["", "## Superseded", ""]
        for e in old:
            by = e.superseded_by or links.superseders.get(e.id)
            if by in links.ids:
                by = f"[{by}](../{by}.md)"
            note = f" — superseded by {_clean(by)}" if by else ""
            lines.append(f"- ~~{_link(e)}~~ — {_clean(e.summary) or '(no summary)'}{note}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def render_directory(categories: Iterable[str], entries: Iterable[EntryInfo], superseded: AbstractSet[str]) -> str:
    """One row per category that holds at least one entry file (readable or not), so the
    table is a function of the entries alone: an empty folder, a folder holding only its
    index.md and no folder at all give the same bytes (git keeps no empty folders, and
    index.md is compiled output, not input)."""
    known = set(categories)
    counts: dict[str, int] = {}
    for e in entries:
        if e.category not in known:
            continue
        counts.setdefault(e.category, 0)
        if e.valid and e.id not in superseded and not e.conflict_of:
            counts[e.category] += 1
    return _directory_rows(counts)


def _directory_rows(counts: dict[str, int]) -> str:
    rows = ["| Category | Entries | Index |", "| --- | ---: | --- |"]
    composed: dict[str, int] = {}
    for c, n in counts.items():  # one row per name as NFC: what a normalizing file system holds
        composed[nfc(c)] = composed.get(nfc(c), 0) + n
    for c in sorted(composed):
        rows.append(f"| {cell(c)} | {composed[c]} | [{c}/{INDEX}]({c}/{INDEX}) |")
    if not composed:
        rows = ["_No entries yet._"]
    return "\n".join(rows) + "\n"


def trigger_key(trigger: str) -> str:
    return unicodedata.normalize("NFKC", " ".join(trigger.split())).casefold()


def _routed(e: EntryInfo, superseded: AbstractSet[str]) -> bool:
    return e.valid and not e.conflict_of and e.id not in superseded  # a conflict sibling would route twice


class Routing:
    """The routing table's groups (one per trigger, compared after NFKC and case folding),
    built from entries and kept up to date as entries come and go, so that a long-lived
    writer re-renders only the rows a change touches. ``render()`` gives the bytes
    ``render_routing`` gives for the same entries."""

    def __init__(self, superseded: AbstractSet[str]) -> None:
        self.superseded = frozenset(superseded)
        self.entries: dict[str, EntryInfo] = {}  # path -> the entry the groups hold
        # key -> (spelling -> uses, id -> uses); rows rendered lazily, dropped when a group changes
        self.groups: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
        self.rows: dict[str, str] = {}
        self._folded: dict[str, tuple[str, str]] = {}  # a tree repeats a few hundred triggers: fold each once

    @classmethod
    def of(cls, entries: Iterable[EntryInfo], superseded: AbstractSet[str]) -> Routing:
        r = cls(superseded)
        for e in entries:
            r._add(e, 1)
        return r

    def _add(self, e: EntryInfo, n: int) -> None:
        if n > 0:
            self.entries[e.path] = e
        if not e.load_when or not _routed(e, self.superseded):
            return
        entry_id = e.id
        for trigger in e.load_when:
            known = self._folded.get(trigger)
            if known is None:
                spelled = " ".join(trigger.split())
                known = self._folded[trigger] = (unicodedata.normalize("NFKC", spelled).casefold(), spelled)
            key, spelled = known
            group = self.groups.get(key)
            if group is None:
                group = self.groups[key] = ({}, {})
            spellings, ids = group
            spellings[spelled] = spellings.get(spelled, 0) + n
            ids[entry_id] = ids.get(entry_id, 0) + n
            if spellings[spelled] <= 0:
                del spellings[spelled]
            if ids[entry_id] <= 0:
                del ids[entry_id]
            if not ids:
                del self.groups[key]
            self.rows.pop(key, None)

    def update(self, entries: Iterable[EntryInfo]) -> None:
        """Bring the groups to ``entries`` (the whole tree), touching only what differs."""
        seen: set[str] = set()
        for e in entries:
            seen.add(e.path)
            old = self.entries.get(e.path)
            if old is e:
                continue
            if old is not None:
                if old == e:
                    self.entries[e.path] = e
                    continue
                self._add(old, -1)
            self._add(e, 1)
        for path in [p for p in self.entries if p not in seen]:
            self._add(self.entries.pop(path), -1)

    def render(self) -> str:
        if not self.groups:
            return "_No `load_when` triggers yet._\n"
        out = ["| When | Load |", "| --- | --- |"]
        for key in sorted(self.groups):
            row = self.rows.get(key)
            if row is None:
                spellings, ids = self.groups[key]
                links = ", ".join([f"[{i}]({i}.md)" for i in sorted(ids)])
                row = self.rows[key] = f"| {cell(min(spellings))} | {links} |"
            out.append(row)
        return "\n".join(out) + "\n"


def render_routing(entries: Iterable[EntryInfo], superseded: AbstractSet[str]) -> str:
    """One row per distinct trigger (compared after NFKC and case folding)."""
    return Routing.of(entries, superseded).render()


def _link_fields(e: EntryInfo) -> tuple[object, ...]:
    return (e.superseded_by, e.supersedes)


class Kept:
    """What a long-lived writer keeps of one root between compiles: the links, the
    directory's counts and the routing groups, brought up to date by looking only at the
    entries that changed (by identity: a live tree hands back the same objects for files
    that did not change). A change touching supersede links rebuilds everything; anything
    else moves a few counts and rows. Renders the bytes a full compile renders."""

    def __init__(self) -> None:
        self.entries: dict[str, EntryInfo] = {}
        self.links: Links | None = None
        self.routing: Routing | None = None
        self.files: dict[str, int] = {}  # category -> entry files (readable or not)
        self.live: dict[str, int] = {}  # category -> live entries
        self.lines: dict[str, tuple[EntryInfo, str]] = {}  # path -> (entry, its index line)

    def update(self, entries: list[EntryInfo]) -> Links:
        pairs: list[tuple[EntryInfo | None, EntryInfo | None]] = []
        seen: set[str] = set()
        for e in entries:
            seen.add(e.path)
            old = self.entries.get(e.path)
            if old is e:
                continue
            if old == e:
                self.entries[e.path] = e  # the same entry read again: identity next time
            else:
                pairs.append((old, e))
        pairs += [(self.entries[p], None) for p in self.entries if p not in seen]
        if self.links is None or self.routing is None or any(self._linked(old, new) for old, new in pairs):
            return self._rebuild(entries)
        for old, new in pairs:
            if old is not None:
                self._count(old, -1)
                self.routing._add(old, -1)
                self.routing.entries.pop(old.path, None)
                self.lines.pop(old.path, None)
                del self.entries[old.path]
                if old.valid:
                    self.links.ids.discard(old.id)  # type: ignore[attr-defined]
            if new is not None:
                self._count(new, 1)
                self.routing._add(new, 1)
                self.entries[new.path] = new
                if new.valid:
                    self.links.ids.add(new.id)  # type: ignore[attr-defined]
        return self.links

    def _linked(self, old: EntryInfo | None, new: EntryInfo | None) -> bool:
        """Could this change move an entry in or out of "superseded" (or change who supersedes)?"""
        assert self.links is not None
        for e in (old, new):
            if e is not None and (any(_link_fields(e)) or e.id in self.links.superseders):
                return True
        return False

    def _rebuild(self, entries: list[EntryInfo]) -> Links:
        links = Links.of(entries)
        self.links = Links(set(links.ids), links.superseded, links.superseders)  # type: ignore[arg-type]
        self.routing = Routing.of(entries, links.superseded)
        self.entries = {e.path: e for e in entries}
        self.lines = {p: known for p, known in self.lines.items() if p in self.entries}
        self.files, self.live = {}, {}
        for e in entries:
            self._count(e, 1)
        return self.links

    def _count(self, e: EntryInfo, n: int) -> None:
        c = e.category
        self.files[c] = self.files.get(c, 0) + n
        if e.valid and not e.conflict_of and self.links is not None and e.id not in self.links.superseded:
            self.live[c] = self.live.get(c, 0) + n

    def directory(self, categories: Iterable[str]) -> str:
        known = set(categories)
        return _directory_rows({c: self.live.get(c, 0) for c, n in self.files.items() if n > 0 and c in known})


@dataclass
class CompileResult:
    """What the compiled files should be; ``outputs`` maps relative path to bytes."""

    outputs: dict[str, bytes]
    problems: list[Problem]


def root_text(root_md: bytes | None, template: str | None) -> tuple[str | None, list[Problem]]:
    """ROOT.md as text to fill (the template when it is missing), or None if unreadable."""
    if root_md is None:
        return (template if template is not None else "# Memory\n"), []
    # ROOT.md is committed like an entry: binary bytes in it would hide it from secret scans.
    problem = text_problem(root_md)
    if problem is not None:
        return None, [Problem(ROOT_MD, problem.line, "E001", f"ROOT.md is {problem.message}; not rewritten")]
    try:
        return root_md.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = root_md.count(b"\n", 0, exc.start) + 1
        return None, [Problem(ROOT_MD, line, "E001", "ROOT.md is not valid UTF-8; not rewritten")]


def render_root(text: str, bodies: dict[str, str]) -> tuple[bytes | None, list[Problem]]:
    """ROOT.md with its regions holding ``bodies``; None (and E031) when its markers are malformed,
    so that nobody's hand-written text is rewritten on a guess."""
    try:
        return replace_regions(text, bodies, REGION_HEADINGS).encode("utf-8"), []
    except RegionError as exc:
        return None, [Problem(ROOT_MD, exc.line, "E031", exc.message + "; ROOT.md not rewritten")]


def compile_entries(
    categories: Iterable[str],
    entries: list[EntryInfo],
    root_md: bytes | None,
    template: str | None = None,
    *,
    only: AbstractSet[str] | None = None,
    with_root: bool = True,
    tables: AbstractSet[str] = frozenset(REGION_HEADINGS),
    kept: Kept | None = None,
) -> CompileResult:
    """The compiled files for ``categories`` (just those in ``only``, when given).

    ``entries`` must hold every entry of the categories rendered, plus every entry
    with supersede links; ROOT.md's tables need all entries (``with_root``). A table left
    out of ``tables`` keeps its text (a caller that knows a change cannot alter it), unless
    ROOT.md lacks it. ``kept`` (a long-lived writer's ``Kept`` for this root) is brought up
    to date and used: only what the changed entries touch is worked out again. Each entry is
    looked at a constant number of times: linear in the tree.
    """
    cats = sorted(categories)
    links = kept.update(entries) if kept is not None else Links.of(entries)
    by_category: dict[str, list[EntryInfo]] = {c: [] for c in cats if only is None or c in only}
    for e in entries:
        mine = by_category.get(e.category)
        if mine is not None:
            mine.append(e)
    outputs: dict[str, bytes] = {}
    problems: list[Problem] = []
    for category in cats:
        if only is None or category in only:
            outputs[f"{category}/{INDEX}"] = render_index(category, by_category.get(category, []), links,
                                                          kept.lines if kept is not None else None)
    if with_root:
        text, problems = root_text(root_md, template)
        if text is not None:
            if set(REGION_HEADINGS) - set(tables):
                try:
                    present = find_regions(text)
                except RegionError:
                    present = {}
                tables = set(tables) | {name for name in REGION_HEADINGS if name not in present}
            bodies = {}
            if "directory" in tables:
                bodies["directory"] = (kept.directory(cats) if kept is not None
                                       else render_directory(cats, entries, links.superseded))
            if "routing" in tables:
                bodies["routing"] = (kept.routing.render() if kept is not None and kept.routing is not None
                                     else render_routing(entries, links.superseded))
            data, problems = render_root(text, bodies)
            if data is not None:
                outputs[ROOT_MD] = data
    return CompileResult(outputs, problems)


def compile_tree(tree: Tree, template: str | None = None) -> CompileResult:
    """Every compiled file of the tree. ROOT.md comes from ``template`` when missing."""
    return compile_entries(tree.categories, tree.entries, tree.compiled.get(ROOT_MD), template)


def stale_files(tree: Tree, result: CompileResult) -> list[str]:
    """Compiled files whose bytes on disk differ from what compile would write."""
    return sorted(p for p, data in result.outputs.items() if tree.compiled.get(p) != data)
