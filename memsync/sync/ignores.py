"""Which entries git's ignore rules keep out of the repository (and so out of sync).

A ``.gitignore`` of ``*`` arriving from another device makes every new entry
stay local without a word from git. ``memsync lint`` warns (W042) about each
entry that ignore rules keep out and git does not track yet, and names the
rule. It must stay cheap and never load dulwich, so the rules are read here:

- sources, from weakest to strongest: ``core.excludesFile`` (default
  ``$XDG_CONFIG_HOME/git/ignore``), ``.git/info/exclude``, then every
  ``.gitignore`` from the top of the worktree down to the file's folder;
  the last rule that matches decides, and ``!`` re-includes;
- a rule with a slash before its end is anchored to its file's folder,
  otherwise it matches a name at any depth; a trailing slash matches folders
  only; ``*`` and ``?`` stop at slashes, ``**`` crosses them, ``[...]`` is a
  set; a backslash quotes the next character;
- a file inside an excluded folder is excluded, whatever later rules say.

Sync itself asks dulwich (which the git CLI agrees with); tests hold this module
to ``git check-ignore`` on a table of rules.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Rule:
    """One gitignore pattern, compiled."""

    pattern: str  # as written (for messages)
    source: str  # where it is written, for messages
    line: int
    base: str  # folder of its file relative to the worktree top, "" or ending in "/"
    regex: re.Pattern[str]
    negate: bool
    dir_only: bool
    anchored: bool

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.dir_only and not is_dir:
            return False
        if not rel.startswith(self.base):
            return False
        tail = rel[len(self.base):]
        return bool(self.regex.fullmatch(tail if self.anchored else tail.rpartition("/")[2]))


def _translate(glob: str) -> str:
    out: list[str] = []
    i, n = 0, len(glob)
    while i < n:
        c = glob[i]
        if c == "\\" and i + 1 < n:
            out.append(re.escape(glob[i + 1]))
            i += 2
            continue
        if c == "*":
            j = i
            while j < n and glob[j] == "*":
                j += 1
            stars = j - i
            at_start = i == 0 or glob[i - 1] == "/"
            at_end = j == n or glob[j] == "/"
            if stars >= 2 and at_start and at_end:
                if j == n:
                    out.append(".*")  # "dir/**": everything inside
                else:
                    out.append("(?:.*/)?")  # "**/": any number of folders, none included
                    j += 1
            else:
                out.append("[^/]*")
            i = j
            continue
        if c == "?":
            out.append("[^/]")
        elif c == "[":
            j = i + 1
            if j < n and glob[j] in "!^":
                j += 1
            if j < n and glob[j] == "]":
                j += 1  # a ']' right after the opening is one of the set
            end = glob.find("]", j)
            if end < 0:
                out.append(re.escape(c))  # no closing bracket: a plain '['
            else:
                body = glob[i + 1:end]
                neg = body[:1] in ("!", "^")
                body = (body[1:] if neg else body).replace("\\", "\\\\").replace("[", "\\[")
                out.append(f"[{'^' if neg else ''}{body}]")
                i = end
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def parse_rules(text: str, source: str, base: str = "") -> list[Rule]:
    rules = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw
        if not line or line.startswith("#"):
            continue
        while line.endswith(" ") and not line.endswith("\\ "):
            line = line[:-1]  # trailing spaces go, unless quoted
        if not line:
            continue
        negate = line.startswith("!")
        if negate:
            line = line[1:]
        dir_only = line.endswith("/")
        if dir_only:
            line = line.rstrip("/")
        if not line:
            continue
        anchored = "/" in line
        glob = line.lstrip("/") if anchored else line
        try:
            regex = re.compile(_translate(glob), re.DOTALL)
        except re.error:
            continue  # git ignores a rule it cannot use as well
        rules.append(Rule(raw.strip(), source, number, base, regex, negate, dir_only, anchored))
    return rules


def _read(path: Path) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(1 << 20).decode("utf-8", "replace")
    except OSError:
        return None


def _git_dirs(top: Path) -> tuple[Path, Path] | None:
    """(the worktree's git dir, the common git dir) of the worktree at ``top``."""
    dotgit = top / ".git"
    if dotgit.is_dir():
        return dotgit, dotgit
    text = _read(dotgit)
    if text is None or not text.startswith("gitdir:"):
        return None
    gitdir = Path(text[len("gitdir:"):].strip())
    gitdir = gitdir if gitdir.is_absolute() else top / gitdir
    common = _read(gitdir / "commondir")
    return gitdir, (gitdir / common.strip()).resolve() if common else gitdir


def _excludes_file(common: Path) -> Path:
    """``core.excludesFile`` from the repository's or the user's config, else git's default."""
    home = Path(os.environ.get("HOME") or os.path.expanduser("~"))
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    found = None
    for config in (Path(os.environ.get("GIT_CONFIG_GLOBAL") or home / ".gitconfig"), xdg / "git" / "config",
                   common / "config"):
        text = _read(config)
        if text is None:
            continue
        section = ""
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]").strip().lower()
            elif section == "core" and line.lower().replace(" ", "").startswith("excludesfile="):
                found = line.split("=", 1)[1].strip().strip('"')
    if found:
        return Path(os.path.expanduser(found))
    return xdg / "git" / "ignore"


class Rules:
    """Every ignore rule of one worktree, read once (``.gitignore`` files as folders are met)."""

    def __init__(self, top: Path, gitdir: Path, common: Path) -> None:
        self.top = top
        self.gitdir = gitdir
        self.base_rules: list[Rule] = []
        for path, source in ((_excludes_file(common), "core.excludesFile"), (common / "info" / "exclude",
                                                                               ".git/info/exclude")):
            text = _read(path)
            if text:
                self.base_rules += parse_rules(text, source)
        self._folders: dict[str, list[Rule]] = {}

    def folder(self, rel_dir: str) -> list[Rule]:
        """The rules of ``rel_dir/.gitignore`` (``rel_dir``: "" or ending in "/")."""
        got = self._folders.get(rel_dir)
        if got is None:
            text = _read(self.top / rel_dir / ".gitignore")
            got = parse_rules(text, f"{rel_dir}.gitignore", rel_dir) if text else []
            self._folders[rel_dir] = got
        return got

    def chain(self, rel: str) -> list[Rule]:
        """The rules that apply to ``rel``, weakest first."""
        rules = list(self.base_rules)
        parts = rel.split("/")[:-1]
        for i in range(len(parts) + 1):
            rules += self.folder("".join(p + "/" for p in parts[:i]))
        return rules

    def decide(self, rel: str, is_dir: bool) -> Rule | None:
        """The rule that ignores ``rel`` (None: not ignored), parent folders first."""
        parts = rel.split("/")
        for i in range(1, len(parts)):
            found = self._last(parts[:i], True)
            if found is not None:
                return found
        return self._last(parts, is_dir)

    def _last(self, parts: list[str], is_dir: bool) -> Rule | None:
        rel = "/".join(parts)
        for rule in reversed(self.chain(rel)):
            if rule.matches(rel, is_dir):
                return None if rule.negate else rule
        return None

    def relevant(self, rel_dirs: list[str]) -> bool:
        """Whether any rule that applies below these folders could exclude a name not starting
        with a dot (entries and categories never do): most roots only ignore ``.state.json``."""
        rules = list(self.base_rules)
        for rel_dir in rel_dirs:
            rules += self.folder(rel_dir)
        for rule in rules:
            name = rule.pattern.lstrip("!").lstrip("/")
            while name.startswith("**/"):
                name = name[3:]
            if not rule.negate and not name.startswith("."):
                return True
        return False


def find_worktree(path: Path) -> Path | None:
    for top in (path, *path.parents):
        if os.path.lexists(top / ".git"):
            return top
    return None


def kept_out(root: Path) -> list[tuple[str, Rule]]:
    """Entries of ``root`` (``<category>/<slug>.md``) that ignore rules keep out of git and
    git does not track, each with the rule that does it."""
    from memsync.entry import valid_name

    top = find_worktree(root)
    dirs = _git_dirs(top) if top is not None else None
    if top is None or dirs is None:
        return []
    rules = Rules(top, *dirs)
    prefix = "" if root == top else root.relative_to(top).as_posix() + "/"
    above = ["".join(p + "/" for p in prefix.split("/")[:i]) for i in range(prefix.count("/") + 1)]
    try:
        with os.scandir(root) as it:
            categories = sorted(d.name for d in it if d.is_dir(follow_symlinks=False) and valid_name(d.name))
    except OSError:
        return []
    if not rules.relevant(above + [prefix] + [f"{prefix}{c}/" for c in categories]):
        return []
    found: list[tuple[str, Rule]] = []
    for category in categories:
        try:
            with os.scandir(root / category) as it:
                names = sorted(d.name for d in it if d.name.endswith(".md") and d.name != "index.md"
                               and d.is_file(follow_symlinks=False))
        except OSError:
            continue
        for name in names:
            if not valid_name(name[:-3]):
                continue
            rule = rules.decide(f"{prefix}{category}/{name}", False)
            if rule is not None:
                found.append((f"{category}/{name}", rule))
    if not found:
        return []
    tracked = _tracked(dirs[0] / "index", prefix, {rel for rel, _ in found})
    return [(rel, rule) for rel, rule in found if rel not in tracked]


def _tracked(index: Path, prefix: str, wanted: set[str]) -> set[str]:
    """Which of ``wanted`` (relative to the root at ``prefix``) the git index holds."""
    from memsync.errors import MemsyncError
    from memsync.sync.gitindex import GitIndex

    try:
        raw = GitIndex.read(index).raw
    except (MemsyncError, OSError):
        return set()
    return {rel for rel in wanted if (prefix + rel).encode("utf-8", "surrogateescape") in raw}


def lint_problems(root: Path) -> list:  # type: ignore[type-arg]
    """W042 for every entry ``kept_out`` finds (lint's one call)."""
    from memsync.problems import Problem

    return [
        Problem(rel, 0, "W042", f"kept out of git, so never synced, by the ignore rule `{rule.pattern}` "
                f"({rule.source}:{rule.line}); remove the rule, or `git add -f` the file")
        for rel, rule in kept_out(root)
    ]
