"""``memsync demo``: build a sample project and global root in a temporary folder
and run the main commands on them, printing each command and what it said."""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from memsync.commands._common import add_parser


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(sub, "demo", "show memsync at work on a sample project and global memory",
                   "memsync demo\nmemsync demo --keep /tmp/memsync-demo   # keep the files to look at")
    p.add_argument("--keep", metavar="DIR", help="build the demo in DIR (must not exist) and keep it")
    p.set_defaults(func=run)


def _say(text: str) -> None:
    sys.stdout.write(f"\n# {text}\n")
    sys.stdout.flush()


def _run(*argv: str) -> int:
    from memsync.cli import main

    sys.stdout.write("$ memsync " + " ".join(argv) + "\n")
    sys.stdout.flush()
    code = main(list(argv))
    sys.stdout.flush()
    sys.stderr.flush()
    sys.stdout.write(f"(exit {code})\n")
    return code


def _copy_entries(src: Path, dst: Path) -> None:
    for path in sorted(src.rglob("*.md")):
        target = dst / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def step_build(base: Path) -> None:
    from memsync.templates import template_dir

    samples = template_dir() / "demo"
    _say("Create a project root and a global root (idempotent; existing files are never overwritten).")
    _run("init", "--root", "project/.memory")
    _run("init", "--root", "global")
    _copy_entries(samples / "project", base / "project" / ".memory")
    _copy_entries(samples / "global", base / "global")
    _say("Sample entries were added, so the compiled indexes are stale: check shows the diff and exits 1.")
    _run("check", "--root", "project/.memory")


def step_compile(base: Path) -> None:
    _say("compile rewrites each index.md and the ROOT.md tables; a second run changes nothing.")
    _run("compile", "--root", "project/.memory")
    _run("compile", "--root", "global")
    _run("compile", "--root", "project/.memory")
    _run("check", "--root", "project/.memory")
    _say("The routing table in project/.memory/ROOT.md, compiled from load_when:")
    text = (base / "project" / ".memory" / "ROOT.md").read_text(encoding="utf-8")
    start = text.index("<!-- memsync:begin routing -->")
    sys.stdout.write(text[start:])


def step_lint(base: Path) -> None:
    _say("An agent writes a bad entry (pinned as a string, two-line summary); lint reports it and exits 1.")
    bad = base / "project" / ".memory" / "facts" / "ci-runner.md"
    bad.write_text(
        '---\nid: facts/ci-runner\nkind: fact\nsummary: |\n  CI runs on two cores;\n  keep tests short.\n'
        'pinned: "yes"\n---\n\nThe CI machine has 2 cores.\n',
        encoding="utf-8",
    )
    _run("lint", "--root", "project/.memory")
    bad.unlink()


def step_sync(base: Path) -> None:
    from dulwich.repo import Repo

    _say("Sync: a bare repo stands in for the remote; the global root is pushed to it, and a second "
         "device (laptop) adopts it.")
    Repo.init_bare(str(base / "hub.git"), mkdir=True).close()
    _run("sync", "init", "hub.git", "--root", "global")
    _run("sync", "init", "hub.git", "--root", "laptop")
    _say("The laptop writes an entry and syncs; the first device syncs and receives it (index.md recompiled).")
    note = base / "laptop" / "facts" / "demo-sync.md"
    note.parent.mkdir(parents=True, exist_ok=True)
    note.write_text(
        "---\nid: facts/demo-sync\nkind: fact\nsummary: written on the laptop, synced through git\n"
        "created: 1791512014824\nupdated: 1791512014824\n---\n\nSync merges entries field by field.\n",
        encoding="utf-8",
    )
    _run("sync", "--root", "laptop")
    _run("sync", "--root", "global")
    _run("sync", "status", "--root", "global")


def step_search(base: Path) -> None:
    _say("search finds Chinese words inside longer runs and Latin glued to Chinese; superseded entries stay out.")
    _run("search", "部署", "--root", "project/.memory")
    _run("search", "用pnpm", "--root", "project/.memory", "--limit", "1")


def step_secrets(base: Path) -> None:
    import random
    import string

    _say("An agent pastes a deploy token into a note: `secrets scan` finds it, masked, and exits 1.")
    note = base / "project" / ".memory" / "facts" / "deploy-token.md"
    # A random, format-valid fake (generated here so no token-shaped literal lives in the source).
    rng = random.Random(4)
    fake = "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    head = "---\nid: facts/deploy-token\nkind: fact\nsummary: CI deploys with a GitHub token\n---\n\n"
    note.write_text(head + f"CI 部署令牌：{fake}，每月轮换。\n", encoding="utf-8")
    _run("secrets", "scan", "--root", "project/.memory")
    _say("Referring to the secret instead of pasting it passes the scan (the pre-commit hook runs the same check).")
    note.write_text(head + "CI 部署令牌：${DEPLOY_TOKEN}（在保险库里），每月轮换。\n", encoding="utf-8")
    _run("secrets", "scan", "--root", "project/.memory")
    note.unlink()


def step_agent(base: Path) -> None:
    _say("An agent remembers through the gates: a new pitfall is written (only its index and ROOT.md recompiled); "
         "the same fact reworded is refused as a duplicate; a note that changes it is written and names the entry "
         "it is close to (the agent supersedes it, or forgets its note); a rule it wants becomes a proposal for a "
         "person.")
    root = "project/.memory"
    _run("remember", "--root", root, "--category", "pitfalls", "--summary",
         "Kafka consumer lag spikes when the partition count changes", "--body",
         "Rebalance storms: pin the partition count before a release.", "--load-when", "kafka,积压")
    _run("remember", "--root", root, "--category", "pitfalls", "--summary",
         "When the partition count changes, Kafka consumer lag spikes")
    _run("remember", "--root", root, "--category", "pitfalls", "--summary",
         "Kafka consumer lag no longer spikes when the partition count changes: cooperative rebalancing fixed it")
    _run("remember", "--root", root, "--category", "preferences", "--kind", "rule", "--summary",
         "Always run the full test suite before a release")
    _run("check", "--root", root)
    _say("A person writes the iron rules in ROOT.md (no tool does); every context block carries them.")
    root_md = base / "project" / ".memory" / "ROOT.md"
    text = root_md.read_text(encoding="utf-8")
    root_md.write_text(text.replace("## Iron rules\n", "## Iron rules\n\n- Never force-push to main.\n", 1),
                       encoding="utf-8")
    _say("What a hook injects before the agent answers: iron rules, an outline, the entries that match the prompt.")
    _run("context", "--root", root, "--prompt", "kafka 积压怎么处理", "--budget", "1200")
    _say("inspect: counts, the rule proposal waiting for a person, the self-check, counters.")
    _run("inspect", "--root", root)


STEPS: list[Callable[[Path], None]] = [step_build, step_compile, step_lint, step_search, step_agent, step_secrets,
                                       step_sync]


def run(args: argparse.Namespace) -> None:
    from memsync.errors import MemsyncError

    try:
        if args.keep:
            base = Path(args.keep).resolve()
            if os.path.lexists(base):
                raise MemsyncError(f"{base} exists; choose a new folder for the demo")
            base.mkdir(parents=True)
            cleanup = False
        else:
            base = Path(tempfile.mkdtemp(prefix="memsync-demo-"))
            cleanup = True
    except OSError as exc:
        where = args.keep or tempfile.gettempdir()
        raise MemsyncError(f"cannot create the demo folder: {exc.strerror or exc}", path=where) from None
    saved = {k: os.environ.get(k) for k in ("MEMSYNC_CACHE_DIR", "MEMSYNC_GLOBAL_ROOT", "MEMSYNC_NO_MONITOR", "NO_COLOR")}
    old_cwd = os.getcwd()
    try:
        os.environ["MEMSYNC_CACHE_DIR"] = str(base / ".cache")
        os.environ["MEMSYNC_NO_MONITOR"] = "1"  # no change-monitor daemon for a throwaway cache
        os.environ["MEMSYNC_GLOBAL_ROOT"] = str(base / "global")
        os.chdir(base)
        sys.stdout.write(f"memsync demo in {base}\n")
        for step in STEPS:
            step(base)
        _say("Done." + (f" The files are in {base}." if not cleanup else " (Temporary files removed.)"))
    finally:
        os.chdir(old_cwd)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if cleanup:
            shutil.rmtree(base, ignore_errors=True)
