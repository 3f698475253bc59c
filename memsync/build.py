"""Compile, check and lint a root on disk, and create one (``init``).

The library face of the ``compile``, ``check``, ``lint`` and ``init`` commands:
each takes a Root and returns a report; nothing here prints.
"""
from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field

from memsync import parsecache
from memsync.compile import CompileResult, Links, compile_tree, render_index, stale_files
from memsync.entry import valid_name
from memsync.errors import MemsyncError
from memsync.fsutil import (
    NotRegularFile,
    check_writable,
    mkdir_inside,
    read_regular,
    sweep_abandoned_temps,
    write_inside,
)
from memsync.lint import lint_tree
from memsync.problems import Problem
from memsync.roots import Root, refuse_cache_inside
from memsync.templates import read_template
from memsync.tree import INDEX, ROOT_MD, Tree, read, walk

# What compile and check report: the problems that make something be left out
# of (or not written to) the compiled files. lint reports everything.
SKIPPING = frozenset({"E001", "E002", "E003", "E004", "E005", "E006", "E007", "E008", "E009",
                      "E020", "E021", "E031", "W041"})


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


@dataclass
class State:
    """A root's compiled files against its entries. ``tree`` and ``result`` are
    None when the root is unchanged since it was last found consistent."""

    problems: list[Problem]  # everything lint reports, including E030 for stale files
    stale: list[str] = field(default_factory=list)
    tree: Tree | None = None
    result: CompileResult | None = None


def _record(root: Root, digest: str, problems: list[Problem]) -> None:
    kept = [[p.path, p.line, p.code, p.message] for p in problems if p.code != "E030"]
    parsecache.save_verified(root.path, digest, kept)


def load_state(root: Root) -> State:
    """Walk the root; parse and render only if it changed since it was last consistent."""
    refuse_cache_inside([root])  # library callers need not come through select_roots
    w = walk(root.path)
    digest = w.digest()
    known = parsecache.load_verified(root.path, digest)
    if known is not None:
        return State([Problem(*p) for p in known])
    tree = read(w)
    result = compile_tree(tree, template=read_template(ROOT_MD))
    stale = stale_files(tree, result)
    problems = lint_tree(tree, result)
    if not stale:
        _record(root, digest, problems)
    return State(problems, stale, tree, result)


def plan(root: Root, *, use_cache: bool = True) -> tuple[Tree, CompileResult]:
    """The tree and everything compile would write, always computed in full."""
    tree = read(walk(root.path), use_cache=use_cache)
    return tree, compile_tree(tree, template=read_template(ROOT_MD))


def compile_root(root: Root) -> Report:
    """Rewrite every stale compiled file. Entries that cannot be read are left
    out of the indexes and reported; the rest is still compiled."""
    state = load_state(root)
    report = Report(root, problems=[p for p in state.problems if p.code in SKIPPING])
    if not state.stale:
        return report
    assert state.result is not None
    for path in state.stale:  # all or nothing: refuse before the first write
        check_writable(root.path, path, display=root.show(path))
    for folder in sorted({path.rpartition("/")[0] for path in state.stale}):
        sweep_abandoned_temps(root.path / folder)  # left by a compile or sync killed mid-write
    for path in state.stale:
        write_inside(root.path, path, state.result.outputs[path], display=root.show(path))
        report.changed.append(path)
    _record(root, walk(root.path).digest(), state.problems)
    return report


def check_root(root: Root) -> Report:
    """What compile would change, as unified diffs; writes nothing in the tree."""
    state = load_state(root)
    report = Report(root, problems=[p for p in state.problems if p.code in SKIPPING])
    for path in state.stale:
        assert state.tree is not None and state.result is not None
        old = (state.tree.compiled.get(path) or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = state.result.outputs[path].decode("utf-8").splitlines(keepends=True)
        shown = root.show(path)
        report.diffs[path] = _redact("".join(difflib.unified_diff(old, new, f"a/{shown}", f"b/{shown}")))
        report.changed.append(path)
    return report


def _redact(diff: str) -> str:
    """A diff for display: entries (and hand edits of compiled files) may hold tokens, shown
    masked like findings. Only a stale root pays for it; the no-op path never gets here."""
    from memsync.secrets.gate import redact

    return redact(diff)


def lint_root(root: Root) -> Report:
    return Report(root, problems=load_state(root).problems + _settings_problems(root))


def _settings_problems(root: Root) -> list[Problem]:
    """The root's .memsync.yaml when it does not load (E032): every command on the root would
    stop on it, so lint names it rather than stopping too."""
    from memsync.config import MAX_CONFIG_BYTES, ROOT_CONFIG, root_config_error
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        data = read_regular(root.path / ROOT_CONFIG, MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        return []
    except (NotRegularFile, OSError) as exc:
        return [Problem(ROOT_CONFIG, 0, "E032", f"settings cannot be read: {exc}")]
    broken = root_config_error(data)
    if broken is None:
        return []
    return [Problem(ROOT_CONFIG, broken.line or 0, "E032", f"settings do not load: {broken.message}")]


def init_root(root: Root, categories: list[str]) -> Report:
    """Create the root, ROOT.md, category folders with their index.md and a
    .gitignore listing .state.json. Never overwrites a file that exists."""
    bad = [c for c in categories if not valid_name(c)]
    if bad:
        raise MemsyncError(f"invalid category name {bad[0]!r} (letters, digits, '-', '_')")
    refuse_cache_inside([root])
    report = Report(root)
    if os.path.lexists(root.path) and not root.path.is_dir():
        raise MemsyncError("exists and is not a folder; a memory root is a folder", path=root.display)
    if not root.path.exists():
        try:
            root.path.mkdir(parents=True)
        except OSError as exc:
            raise MemsyncError(f"cannot create the root: {exc.strerror}", path=root.display) from None
        report.changed.append(".")
    if not (root.path / ROOT_MD).exists():
        write_inside(root.path, ROOT_MD, read_template(ROOT_MD).encode(), exclusive=True, display=root.show(ROOT_MD))
        report.changed.append(ROOT_MD)
    for category in categories:
        if mkdir_inside(root.path, category):
            report.changed.append(category + "/")
        index = f"{category}/{INDEX}"
        if not os.path.lexists(root.path / index):
            # The index makes git keep the folder; ROOT.md lists the category once it holds an entry.
            write_inside(root.path, index, render_index(category, [], Links.of([])), exclusive=True,
                         display=root.show(index))
    ensure_gitignore(root, report)
    # Fill the fresh ROOT.md tables; an existing ROOT.md is left as it is.
    tree, result = plan(root)
    if ROOT_MD in report.changed and ROOT_MD in result.outputs:
        write_inside(root.path, ROOT_MD, result.outputs[ROOT_MD], display=root.show(ROOT_MD))
    return report


def ensure_gitignore(root: Root, report: Report) -> None:
    """Make sure .state.json is ignored: create .gitignore, or add the one line it lacks."""
    path = root.path / ".gitignore"
    if not os.path.lexists(path):
        write_inside(root.path, ".gitignore", read_template("gitignore").encode(), exclusive=True)
        report.changed.append(".gitignore")
        return
    try:
        data = read_regular(path, (1 << 20) + 1)
    except NotRegularFile:
        raise MemsyncError("is a symlink or not a regular file; not read or changed", path=root.show(".gitignore")) from None
    except OSError as exc:
        raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=root.show(".gitignore")) from None
    if len(data) > 1 << 20:
        raise MemsyncError("is larger than 1 MiB; not changed", path=root.show(".gitignore"))
    lines = [ln.strip() for ln in data.decode("utf-8", "replace").splitlines()]
    if not any(ln in (".state.json", "/.state.json", "**/.state.json") for ln in lines):
        sep = b"" if not data or data.endswith(b"\n") else b"\n"
        write_inside(root.path, ".gitignore", data + sep + b".state.json\n", display=root.show(".gitignore"))
        report.updated.append(".gitignore")
