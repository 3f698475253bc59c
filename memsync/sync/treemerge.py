"""Three-way merge of two trees, path by path, with memsync's policy.

Only paths where the two sides differ are looked at. For each, the base is the
merge base's version; when there are several merge bases (criss-cross
histories) and they disagree, the base is the version one side still has, if
exactly one side still has a base version (that side did not change it), and
otherwise no base at all: both versions are then treated as additions, which
the policy keeps both of. Nothing is ever dropped because a base was guessed.

A ``.state.json`` (per-device counters) is never merged: ours is never in a
tree memsync commits, and one their side holds (committed with the git CLI) is
listed in ``left_out`` and not taken, so the merge removes it from the branch.

Entries go to ``memsync.merge.merge_entry``, ROOT.md's hand-written text to
``merge_root_md``; compiled files keep our side (the caller regenerates them);
other text files are merged by lines, and other binary files keep both
versions (at the path the one whose side changed it later, by commit time,
then the greater blob id: both devices make the same choice), as do a file
and a symlink. A file and a folder kept at one name: the file moves to a
sibling (``_settle_shapes``), since writing either would drop the other.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from memsync.sync import repo as R
from memsync.sync.accept import is_state_path
from memsync.sync.compiled import is_compiled_path, is_entry_path
from memsync.sync.gitindex import MODE_FILE
from memsync.sync.repo import GitRepo
from memsync.tree import INDEX, ROOT_MD

Version = tuple[int, bytes] | None  # (mode, blob sha) or absent


def _kind(mode: int) -> int:
    return mode & 0o170000  # regular file, symlink, submodule


@dataclass(frozen=True)
class Clash:
    """A true conflict: ``sibling`` holds the version that lost the path."""

    path: str
    sibling: str | None
    reason: str


@dataclass
class TreeMerge:
    """The result of merging two trees: changes to apply, clashes, and why each path went as it did."""

    changes: dict[str, Version] = field(default_factory=dict)  # applied on top of our tree
    clashes: list[Clash] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)  # paths where their version was taken as is
    merged: list[str] = field(default_factory=list)  # paths merged from both sides
    kept: dict[str, str] = field(default_factory=dict)  # path -> why: an edit kept against a deletion
    left_out: list[str] = field(default_factory=list)  # their .state.json paths (committed outside memsync)


KEPT_THEIRS = "deleted here, edited on another device: the edit was kept (delete it again if you meant to)"
KEPT_OURS = "edited here, deleted on another device: the edit was kept (delete it again if you meant to)"
BOTH_KEPT = ("both devices changed the same lines: both versions of them are kept in the file, one after "
             "the other (keep the lines you want)")


def _version(repo: GitRepo, tree: bytes | None, path: str) -> Version:
    found = R.lookup(repo, tree, path)
    if found is None or found[0] == 0o040000:
        return None
    return found


def _pick_base(bases: list[Version], ours: Version, theirs: Version) -> tuple[bool, Version]:
    """(known, base). Unknown means: treat both sides as additions."""
    distinct = set(bases)
    if len(distinct) == 1:
        return True, bases[0]
    if not distinct:
        return True, None  # no common history at all: both sides added what they have
    if ours in distinct and theirs not in distinct:
        return True, ours
    if theirs in distinct and ours not in distinct:
        return True, theirs
    return False, None


def merge_trees(repo: GitRepo, base_trees: list[bytes], ours_tree: bytes | None, theirs_tree: bytes | None,
                touched: Callable[[str], tuple[int, int]] | None = None) -> TreeMerge:
    """Merge ``theirs_tree`` into ``ours_tree``. ``touched(path)``: when each side's history
    last changed ``path`` (commit times), asked only for a path both sides changed: of two
    versions that tie otherwise, the one changed later wins."""
    out = TreeMerge()
    differing = R.diff(repo, ours_tree, theirs_tree)
    for path in sorted(differing):
        ch = differing[path]
        if is_state_path(path):
            # Per-device: theirs is never taken, and the result holds none (ours neither).
            if ch.new is not None:
                out.left_out.append(path)
            if ch.old is not None:
                out.changes[path] = None
            continue
        ours: Version = (ch.old_mode, ch.old) if ch.old is not None else None  # type: ignore[assignment]
        theirs: Version = (ch.new_mode, ch.new) if ch.new is not None else None  # type: ignore[assignment]
        known, base = _pick_base([_version(repo, t, path) for t in base_trees], ours, theirs)
        if known and base == theirs:
            continue  # only we changed it
        if known and base == ours:
            out.changes[path] = theirs
            out.taken.append(path)
            continue
        if ours is None and (not known or base is None):
            out.changes[path] = theirs  # added on their side only
            out.taken.append(path)
            continue
        if theirs is None and (not known or base is None):
            continue  # added on our side only
        if is_compiled_path(path) and path != ROOT_MD:
            continue  # regenerated from the merged entries
        # Only a path both sides changed gets here: the merge library is loaded for it alone.
        from memsync.merge import merge_entry, merge_lines
        from memsync.merge.rootmd import merge_root_md_clean

        b, o, t = (R.blob(repo, v[1]) if v else None for v in (base, ours, theirs))
        if b is not None and (o is None) != (t is None):
            out.kept[path] = KEPT_OURS if t is None else KEPT_THEIRS
        when = touched(path) if touched is not None and o is not None and t is not None else None
        if path == ROOT_MD:
            if o is None or t is None:
                keep = ours if o is not None else theirs  # a deletion never beats an edit
                out.changes[path] = keep
                out.merged.append(path)
            else:
                merged, clean = merge_root_md_clean(b, o, t)
                out.changes[path] = (MODE_FILE, R.add_blob(repo, merged))
                if clean:
                    out.merged.append(path)
                else:  # ROOT.md's own text (the goal, the iron rules) now holds both versions of some lines
                    out.clashes.append(Clash(path, None, BOTH_KEPT))
            continue
        if is_entry_path(path):
            result = merge_entry(path, b, o, t, when=when)
            for target, data in sorted(result.writes.items()):
                out.changes[target] = None if data is None else (MODE_FILE, R.add_blob(repo, data))
            if result.conflict is not None:
                c = result.conflict
                out.clashes.append(Clash(c.path, c.sibling, c.reason))
            out.merged.append(path)
            continue
        _merge_other(repo, path, b, ours, theirs, o, t, out, merge_lines, when)
    _settle_shapes(repo, ours_tree, out)
    return out


FILE_VS_FOLDER = ("a file on one device and a folder on the other have the same name: the folder keeps it, "
                  "the file was moved aside (rename it or move its content)")


def _settle_shapes(repo: GitRepo, ours_tree: bytes | None, out: TreeMerge) -> None:
    """A file and a folder the merge keeps at one path (a file added here, a folder of files
    there, or the reverse): writing one would silently drop the other, so the file moves to
    a ``--conflict-`` sibling and the merge says so. ``out.changes`` is applied on our tree."""
    checked: set[str] = set()
    for path, version in sorted(out.changes.items()):
        if version is None:
            continue
        parts = path.split("/")
        for i in range(1, len(parts)):  # our file where their folder goes
            prefix = "/".join(parts[:i])
            if prefix in checked:
                continue
            checked.add(prefix)
            ours = out.changes.get(prefix, R.lookup(repo, ours_tree, prefix))
            if ours is not None and ours[0] != 0o040000:
                out.changes[prefix] = None  # the file goes from the path, to its sibling
                _move_aside(out, prefix, ours)
        found = R.lookup(repo, ours_tree, path)  # their file where our folder stays
        if found is not None and found[0] == 0o040000:
            inside = R.diff(repo, None, found[1])
            if any(out.changes.get(f"{path}/{rel}", True) is not None for rel in inside):
                del out.changes[path]  # our folder stays as it is (None would delete the folder)
                _move_aside(out, path, version)


FOLDER_AT_COMPILED = ("a folder where memsync writes a compiled file: the file keeps the name (regenerated from the "
                      "entries), the folder's files were moved to {sibling}/ (move them where they belong)")


def settle_compiled(repo: GitRepo, tree: bytes, fallback: bytes | None,
                    changed: Iterable[str] | None = None) -> tuple[bytes, list[Clash]]:
    """``tree`` with each folder at a compiled path (ROOT.md, ``<category>/index.md``) moved to a
    ``--conflict-`` sibling folder, and the clashes that says. A compiled path must be a file
    (sync writes it on every device), and the folder's files must not be lost; the path gets
    ``fallback``'s file there (ROOT.md's own text stays), or none, and is then regenerated.
    The sibling is named by the folder's tree id, so every device moves it the same way.
    ``changed``: the paths that can have brought one (only their categories are looked at, so
    a sync reads no category tree it has no other reason to)."""
    if changed is None:
        folders = {name.decode("utf-8", "surrogateescape") for name, (mode, _) in R.objects(repo).listing(tree).items()
                   if mode == 0o040000}
    else:
        folders = {p.split("/", 1)[0] for p in changed if "/" in p}
    paths = [ROOT_MD] + sorted(f"{folder}/{INDEX}" for folder in folders)
    changes: list[tuple[str, int | None, bytes | None]] = []
    clashes = []
    for path in paths:
        found = R.lookup(repo, tree, path)
        if found is None or found[0] != 0o040000 or not is_compiled_path(path):
            continue
        sibling = f"{path[:-len('.md')]}--conflict-{found[1][:7].decode()}"
        keep = R.lookup(repo, fallback, path)
        if keep is not None and _kind(keep[0]) == 0o100000:
            changes.append((path, keep[0], keep[1]))
        else:
            changes.append((path, None, None))
        changes.append((sibling, 0o040000, found[1]))
        clashes.append(Clash(path, sibling, FOLDER_AT_COMPILED.format(sibling=sibling)))
    if not changes:
        return tree, []
    return R.apply_changes(repo, tree, changes), clashes


def _move_aside(out: TreeMerge, path: str, version: tuple[int, bytes]) -> None:
    sibling = _sibling(path, version[1])
    out.changes[sibling] = version
    out.clashes.append(Clash(path, sibling, FILE_VS_FOLDER))


def _sibling(path: str, sha: bytes) -> str:
    stem, dot, ext = path.rpartition(".")
    if not dot or "/" in ext:
        stem, ext = path, ""
    return f"{stem}--conflict-{sha[:7].decode()}{'.' + ext if ext else ''}"


def _merge_other(repo, path, b, ours, theirs, o, t, out, merge_lines, when) -> None:  # type: ignore[no-untyped-def]
    if o is None or t is None:
        out.changes[path] = ours if o is not None else theirs  # keep the edit, not the deletion
        out.merged.append(path)
        return
    texts = []
    for data in (b or b"", o, t):
        try:
            texts.append(data.decode("utf-8"))
        except UnicodeDecodeError:
            texts = []
            break
    mode = max(ours[0], theirs[0])
    # A file on one side and a symlink (or submodule) on the other are not lines to combine:
    # both are kept, as two binary versions are.
    if texts and b"\0" not in o + t and _kind(ours[0]) == _kind(theirs[0]):
        merged, clean = merge_lines(texts[0], texts[1], texts[2])
        out.changes[path] = (mode, R.add_blob(repo, merged.encode("utf-8")))
        if clean:
            out.merged.append(path)
        else:  # nothing is lost, but the file now holds both versions of some lines: say so
            out.clashes.append(Clash(path, None, BOTH_KEPT))
        return
    # The side that changed the file later keeps the path; the larger blob id breaks a tie.
    ranks = ((when[0], ours[1]), (when[1], theirs[1])) if when is not None else ((0, ours[1]), (0, theirs[1]))
    keep, other = (ours, theirs) if ranks[0] > ranks[1] else (theirs, ours)
    sibling = _sibling(path, other[1])
    out.changes[path] = keep
    out.changes[sibling] = other
    out.clashes.append(Clash(path, sibling, "binary file changed on both sides"))
