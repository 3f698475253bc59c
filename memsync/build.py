"""Compile, check and lint a root on disk, and create one (``init``).

The library face of the ``compile``, ``check``, ``lint`` and ``init`` commands:
each takes a Root and returns a report; nothing here prints.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from memsync.compile import CompileResult, compile_tree, render_index, stale_files
from memsync.entry import valid_name
from memsync.fsutil import check_writable, mkdir_inside, write_inside
from memsync.lint import lint_tree
from memsync.problems import Problem
from memsync.roots import Root
from memsync.templates import read_template
from memsync.tree import INDEX, ROOT_MD, Tree, scan


@dataclass
class Report:
    """What a command found or did in one root."""

    root: Root
    changed: list[str] = field(default_factory=list)  # relative paths written (or that would be)
    updated: list[str] = field(default_factory=list)  # existing files init added a line to
    problems: list[Problem] = field(default_factory=list)
    diffs: dict[str, str] = field(default_factory=dict)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def plan(root: Root, *, use_cache: bool = True) -> tuple[Tree, CompileResult]:
    tree = scan(root.path, use_cache=use_cache)
    return tree, compile_tree(tree, template=read_template(ROOT_MD))


def _entry_problems(tree: Tree, result: CompileResult) -> list[Problem]:
    problems = [p for e in tree.entries for p in e.problems if not e.valid]
    return sorted(problems + tree.problems + result.problems)


def compile_root(root: Root) -> Report:
    """Rewrite every stale compiled file. Entries that cannot be read are left
    out of the indexes and reported; the rest is still compiled."""
    tree, result = plan(root)
    report = Report(root, problems=_entry_problems(tree, result))
    stale = stale_files(tree, result)
    for path in stale:  # all or nothing: refuse before the first write
        check_writable(root.path, path, display=root.show(path))
    for path in stale:
        write_inside(root.path, path, result.outputs[path], display=root.show(path))
        report.changed.append(path)
    return report


def check_root(root: Root) -> Report:
    """What compile would change, as unified diffs; writes nothing in the tree."""
    tree, result = plan(root)
    report = Report(root, problems=_entry_problems(tree, result))
    for path in stale_files(tree, result):
        old = (tree.compiled.get(path) or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = result.outputs[path].decode("utf-8").splitlines(keepends=True)
        shown = root.show(path)
        report.diffs[path] = "".join(difflib.unified_diff(old, new, f"a/{shown}", f"b/{shown}"))
        report.changed.append(path)
    return report


def lint_root(root: Root) -> Report:
    tree, result = plan(root)
    return Report(root, problems=lint_tree(tree, result))


def init_root(root: Root, categories: list[str]) -> Report:
    """Create the root, ROOT.md, category folders with their index.md and a
    .gitignore listing .state.json. Never overwrites a file that exists."""
    bad = [c for c in categories if not valid_name(c)]
    if bad:
        from memsync.errors import MemsyncError

        raise MemsyncError(f"invalid category name {bad[0]!r} (letters, digits, '-', '_')")
    report = Report(root)
    if not root.path.exists():
        try:
            root.path.mkdir(parents=True)
        except OSError as exc:
            from memsync.errors import MemsyncError

            raise MemsyncError(f"cannot create the root: {exc.strerror}", path=root.display) from None
        report.changed.append(".")
    if not (root.path / ROOT_MD).exists():
        write_inside(root.path, ROOT_MD, read_template(ROOT_MD).encode(), exclusive=True)
        report.changed.append(ROOT_MD)
    for category in categories:
        if mkdir_inside(root.path, category):
            report.changed.append(category + "/")
        index = f"{category}/{INDEX}"
        if not (root.path / index).exists():
            # An empty folder is not a category until it holds a .md file.
            write_inside(root.path, index, render_index(category, [], set()), exclusive=True)
    ensure_gitignore(root, report)
    # Fill the fresh index.md files and ROOT.md tables; existing files are only
    # touched if they are missing, so a re-run changes nothing.
    tree, result = plan(root)
    for path in stale_files(tree, result):
        if tree.compiled.get(path) is None or path == ROOT_MD and ROOT_MD in report.changed:
            write_inside(root.path, path, result.outputs[path])
            if path not in report.changed:
                report.changed.append(path)
    return report


def ensure_gitignore(root: Root, report: Report) -> None:
    """Make sure .state.json is ignored: create .gitignore, or add the one line it lacks."""
    path = root.path / ".gitignore"
    if not path.exists():
        write_inside(root.path, ".gitignore", read_template("gitignore").encode(), exclusive=True)
        report.changed.append(".gitignore")
        return
    from memsync.fsutil import read_regular

    data = read_regular(path, 1 << 20)
    lines = [ln.strip() for ln in data.decode("utf-8", "replace").splitlines()]
    if not any(ln in (".state.json", "/.state.json", "**/.state.json") for ln in lines):
        sep = b"" if not data or data.endswith(b"\n") else b"\n"
        write_inside(root.path, ".gitignore", data + sep + b".state.json\n")
        report.updated.append(".gitignore")


__all__ = ["Report", "check_root", "compile_root", "init_root", "lint_root", "plan", "INDEX"]
