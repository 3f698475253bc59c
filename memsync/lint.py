"""Checks across a whole root: everything parse_entry found, plus what needs all entries."""
from __future__ import annotations

from memsync.compile import CompileResult, stale_files
from memsync.problems import Problem
from memsync.tree import Tree


def cross_checks(tree: Tree) -> list[Problem]:
    """Duplicate ids, dangling or disagreeing supersede links, conflict siblings."""
    problems: list[Problem] = []
    valid = [e for e in tree.entries if e.valid]
    by_id = {e.id: e for e in valid}
    claimed: dict[str, list[str]] = {}
    for e in valid:
        claimed.setdefault(e.doc_id or e.id, []).append(e.path)
    for doc_id, paths in sorted(claimed.items()):
        if len(paths) > 1:
            for path in paths:
                others = ", ".join(p for p in paths if p != path)
                problems.append(Problem(path, 1, "E016", f"id {doc_id!r} is also used by {others}"))
    for e in valid:
        for old in e.supersedes:
            target = by_id.get(old)
            if target is None:
                problems.append(Problem(e.path, 1, "E017", f"supersedes {old!r}, which does not exist"))
            elif target.superseded_by not in (None, e.id):
                problems.append(
                    Problem(e.path, 1, "E019", f"supersedes {old!r}, but {old!r} says superseded_by {target.superseded_by!r}")
                )
            elif target.superseded_by is None and not target.pinned:
                problems.append(
                    Problem(target.path, 1, "E019", f"{e.id!r} supersedes this entry, but it has no superseded_by")
                )
        if e.superseded_by:
            target = by_id.get(e.superseded_by)
            if target is None:
                problems.append(Problem(e.path, 1, "E018", f"superseded_by {e.superseded_by!r}, which does not exist"))
            elif e.id not in target.supersedes:
                problems.append(
                    Problem(e.path, 1, "E019", f"superseded_by {e.superseded_by!r}, which does not list it in supersedes")
                )
        if e.conflict_of:
            problems.append(
                Problem(e.path, 1, "W040", f"conflicts with {e.conflict_of!r}: merge it by hand, then delete this file")
            )
    return problems


def lint_tree(tree: Tree, result: CompileResult) -> list[Problem]:
    """Every problem of the root, sorted by path and line."""
    problems = list(tree.problems)
    for e in tree.entries:
        problems.extend(e.problems)
    problems.extend(cross_checks(tree))
    problems.extend(result.problems)
    for path in stale_files(tree, result):
        what = "missing" if tree.compiled.get(path) is None else "out of date or edited by hand"
        problems.append(Problem(path, 0, "E030", f"compiled file is {what} (run `memsync compile`)"))
    return sorted(set(problems))
