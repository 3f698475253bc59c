"""Helpers shared by the merge tests: build entry files, check merge results."""
from __future__ import annotations

import re

from memsync.compile import compile_tree
from memsync.entry import parse_entry
from memsync.lint import lint_tree
from memsync.merge import FileMerge
from memsync.templates import read_template
from memsync.tree import from_files

PATH = "facts/x.md"
MARKER = re.compile(r"^(<{7}|={7}|>{7})", re.MULTILINE)


def note(
    body: str = "one\ntwo\nthree\n",
    *,
    id: str = "facts/x",
    summary: str = "a fact",
    created: int | None = 1000,
    updated: int | None = 1000,
    load_when: tuple[str, ...] | None = ("git",),
    extra: str = "",
    eol: str = "\n",
    bom: bool = False,
) -> bytes:
    """An entry file as a person or the plugin writes it (block lists, indented)."""
    lines = ["---", f"id: {id}", "kind: fact", f"summary: {summary}"]
    if created is not None:
        lines.append(f"created: {created}")
    if updated is not None:
        lines.append(f"updated: {updated}")
    if load_when is not None:
        lines.append("load_when:")
        lines += [f"  - {t}" for t in load_when]
    text = "\n".join(lines) + "\n" + extra + "---\n" + body
    return (b"\xef\xbb\xbf" if bom else b"") + text.replace("\n", eol).encode("utf-8")


def meta_of(data: bytes | None, path: str = PATH) -> dict:
    assert data is not None
    entry = parse_entry(data, path)
    assert entry.meta is not None, entry.problems
    return entry.meta


def body_of(data: bytes | None, path: str = PATH) -> str:
    assert data is not None
    return parse_entry(data, path).body


def no_markers_added(result: bytes, *inputs: bytes | None) -> bool:
    """No conflict-marker line in ``result`` that no input already had."""
    have = set()
    for data in inputs:
        if data is not None:
            have |= set(MARKER.findall(data.decode("utf-8", "replace")))
    return set(MARKER.findall(result.decode("utf-8", "replace"))) <= have


def lint_errors(files: dict[str, bytes]) -> list[str]:
    """Errors (not warnings) ``memsync lint`` reports for a tree of these files,
    compiled first, as sync does after merging."""
    tree = from_files(files)
    result = compile_tree(tree, read_template("ROOT.md"))
    compiled = dict(files, **result.outputs)
    tree = from_files(compiled)
    problems = lint_tree(tree, compile_tree(tree, read_template("ROOT.md")))
    return [p.format() for p in problems if p.severity == "error"]


def apply(files: dict[str, bytes], merge: FileMerge) -> dict[str, bytes]:
    out = dict(files)
    for path, data in merge.writes.items():
        if data is None:
            out.pop(path, None)
        else:
            out[path] = data
    return out
