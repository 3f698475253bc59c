"""Checks across a whole root: everything parse_entry found, plus what needs all entries."""
from __future__ import annotations

from memsync.compile import CompileResult, stale_files
from memsync.entry import EntryInfo
from memsync.problems import Problem
from memsync.tree import Tree


def cross_checks(tree: Tree) -> list[Problem]:
    """Duplicate ids, dangling or disagreeing supersede links, conflict siblings."""
    problems: list[Problem] = []
    valid = [e for e in tree.entries if e.valid]
    by_id = {e.id: e for e in valid}
    claimed: dict[str, list[EntryInfo]] = {}
    for e in valid:
        claimed.setdefault(e.doc_id or e.id, []).append(e)
    for doc_id, claims in sorted(claimed.items()):
        # Files each named as their id says, whose names differ only by Unicode normalization,
        # are W043's twins (an id is its name composed): one warning, not two findings.
        if len(claims) > 1 and not all(e.id == doc_id for e in claims):
            paths = [e.path for e in claims]
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
    problems.extend(_cycles(by_id))
    problems.extend(_folded_twins(tree))
    return problems


def _cycles(by_id: dict[str, EntryInfo]) -> list[Problem]:
    """Entries whose superseded_by chain comes back to them: all of them left search, and
    nothing replaces them (a hand edit or two devices' supersedes crossing)."""
    problems: list[Problem] = []
    for e in by_id.values():
        chain, at = [e.id], by_id.get(e.superseded_by or "")
        while at is not None and at.id not in chain and len(chain) <= len(by_id):
            chain.append(at.id)
            at = by_id.get(at.superseded_by or "")
        if at is not None and at.id == e.id:
            problems.append(Problem(e.path, 1, "E023", "supersede links form a cycle ("
                                    + " -> ".join([*chain, e.id]) + "): none of these entries is in search; "
                                    "remove superseded_by from the one that is still true"))
    return problems


def _folded_twins(tree: Tree) -> list[Problem]:
    """Paths equal once case is folded and Unicode normalized (``Deploy.md``/``deploy.md``, ``café``
    written two ways): two files here, one on a file system that folds or normalizes names, where
    checking out or syncing one overwrites the other."""
    from memsync.names import fold

    by_key: dict[str, list[str]] = {}
    for e in tree.entries:
        by_key.setdefault(fold(e.path), []).append(e.path)
    out = []
    for paths in by_key.values():
        for path in paths if len(paths) > 1 else ():
            others = ", ".join(p for p in sorted(paths) if p != path)
            out.append(Problem(path, 0, "W043", f"differs from {others} only by case or Unicode normalization: on "
                                                "macOS and Windows one overwrites the other; rename one"))
    return out


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
