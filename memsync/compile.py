"""Render the compiled files of a root from its entries (SPEC §3).

Pure: a Tree in, ``{relative path: bytes}`` out. The same entries give the same
bytes on every machine: sorted by code point, LF endings, no timestamps, no host
names, no absolute paths. Sync calls this on merged trees it holds in memory.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from memsync.entry import EntryInfo
from memsync.problems import Problem
from memsync.regions import RegionError, replace_regions
from memsync.tree import INDEX, ROOT_MD, Tree

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


def render_index(category: str, entries: list[EntryInfo], superseded: set[str]) -> bytes:
    """``<category>/index.md``: one line per live entry, then the superseded ones."""
    mine = sorted((e for e in entries if e.category == category and e.valid), key=lambda e: e.path)
    live = [e for e in mine if e.id not in superseded]
    old = [e for e in mine if e.id in superseded]
    lines = [
        f"# {_clean(category)}",
        "",
        "<!-- Compiled by memsync from the entries in this folder; edits here are overwritten."
        " Run `memsync compile`. -->",
        "",
    ]
    if not live:
        lines.append("_No live entries._")
    for e in live:
        flags = " (pinned)" if e.pinned else ""
        if e.conflict_of:
            flags += f" (conflict copy of {_clean(e.conflict_of)}: merge it by hand, then delete this file)"
        lines.append(f"- {_link(e)} — {_clean(e.summary) or '(no summary)'}{flags}")
    if old:
        lines += ["", "## Superseded", ""]
        ids = {e.id for e in entries if e.valid}
        for e in old:
            by = e.superseded_by or _superseder(e, entries)
            if by in ids:
                by = f"[{by}](../{by}.md)"
            note = f" — superseded by {_clean(by)}" if by else ""
            lines.append(f"- ~~{_link(e)}~~ — {_clean(e.summary) or '(no summary)'}{note}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def _superseder(old: EntryInfo, entries: list[EntryInfo]) -> str | None:
    names = sorted(e.id for e in entries if e.valid and old.id in e.supersedes)
    return names[0] if names else None


def render_directory(categories: list[str], entries: list[EntryInfo], superseded: set[str]) -> str:
    counts = {c: 0 for c in categories}
    for e in entries:
        if e.valid and e.id not in superseded and not e.conflict_of and e.category in counts:
            counts[e.category] += 1
    rows = ["| Category | Entries | Index |", "| --- | ---: | --- |"]
    for c in sorted(counts):
        rows.append(f"| {cell(c)} | {counts[c]} | [{c}/{INDEX}]({c}/{INDEX}) |")
    if not counts:
        rows = ["_No categories yet._"]
    return "\n".join(rows) + "\n"


def trigger_key(trigger: str) -> str:
    return unicodedata.normalize("NFKC", " ".join(trigger.split())).casefold()


def render_routing(entries: list[EntryInfo], superseded: set[str]) -> str:
    """One row per distinct trigger (compared after NFKC and case folding)."""
    groups: dict[str, tuple[set[str], set[str]]] = {}
    for e in entries:
        if not e.valid or e.id in superseded or e.conflict_of:  # a sibling would route twice
            continue
        for trigger in e.load_when:
            spellings, ids = groups.setdefault(trigger_key(trigger), (set(), set()))
            spellings.add(" ".join(trigger.split()))
            ids.add(e.id)
    if not groups:
        return "_No `load_when` triggers yet._\n"
    rows = ["| When | Load |", "| --- | --- |"]
    for key in sorted(groups):
        spellings, ids = groups[key]
        links = ", ".join(f"[{i}]({i}.md)" for i in sorted(ids))
        rows.append(f"| {cell(min(spellings))} | {links} |")
    return "\n".join(rows) + "\n"


@dataclass
class CompileResult:
    """What the compiled files should be; ``outputs`` maps relative path to bytes."""

    outputs: dict[str, bytes]
    problems: list[Problem]


def compile_tree(tree: Tree, template: str | None = None) -> CompileResult:
    """Every compiled file of the tree. ROOT.md comes from ``template`` when missing.

    A ROOT.md with malformed markers is left out (reported as E031) so that
    nobody's hand-written text is rewritten on a guess.
    """
    superseded = tree.superseded()
    outputs: dict[str, bytes] = {}
    problems: list[Problem] = []
    for category in tree.categories:
        outputs[f"{category}/{INDEX}"] = render_index(category, tree.entries, superseded)
    bodies = {
        "directory": render_directory(tree.categories, tree.entries, superseded),
        "routing": render_routing(tree.entries, superseded),
    }
    current = tree.compiled.get(ROOT_MD)
    if current is None:
        text = template if template is not None else "# Memory\n"
    else:
        try:
            text = current.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = current.count(b"\n", 0, exc.start) + 1
            problems.append(Problem(ROOT_MD, line, "E001", "ROOT.md is not valid UTF-8; not rewritten"))
            return CompileResult(outputs, problems)
    try:
        outputs[ROOT_MD] = replace_regions(text, bodies, REGION_HEADINGS).encode("utf-8")
    except RegionError as exc:
        problems.append(Problem(ROOT_MD, exc.line, "E031", exc.message + "; ROOT.md not rewritten"))
    return CompileResult(outputs, problems)


def stale_files(tree: Tree, result: CompileResult) -> list[str]:
    """Compiled files whose bytes on disk differ from what compile would write."""
    return sorted(p for p, data in result.outputs.items() if tree.compiled.get(p) != data)
