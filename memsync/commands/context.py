"""``memsync context``: the memory block an agent gets before it answers (SPEC §8).

``--format claude-code`` is a Claude Code hook (SessionStart, UserPromptSubmit): it reads
the hook JSON on stdin and fails open — on any problem it exits 0 with no context and one
line on stderr, so it never blocks the user's prompt.
"""
from __future__ import annotations

import argparse
import os
import sys

from memsync.commands._common import add_memory_options, add_parser


def register(sub: argparse._SubParsersAction) -> None:
    p = add_parser(
        sub, "context", "print the context block for an agent: iron rules, outline, relevant entry bodies",
        'memsync context --prompt "how do we deploy?"\n'
        "memsync context --format claude-code   # as a Claude Code hook: hook JSON on stdin (docs/agents.md)",
    )
    p.add_argument("--prompt", help="the user's message: entries relevant to it are included")
    p.add_argument("--prompt-file", metavar="FILE",
                   help="read the message from FILE ('-': stdin), so it is not on a command line other users can "
                        "see in ps (at most 1 MiB is read)")
    p.add_argument("--session", metavar="ID", help="deduplicate within this session (what was given is not repeated)")
    p.add_argument("--event", choices=("SessionStart", "UserPromptSubmit"),
                   help="the hook event: SessionStart gives rules and outline, UserPromptSubmit the bodies")
    p.add_argument("--budget", type=int, metavar="N", help="characters at most (default context.budget; never over context.cap)")
    p.add_argument("--format", choices=("text", "json", "claude-code"), default="text",
                   help="text (default), json, or claude-code (hook JSON in and out; fails open)")
    add_memory_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> None:
    if args.format == "claude-code":
        _hook(args)
        return
    from memsync.output import print_json

    prompt = args.prompt
    if args.prompt_file is not None:
        if prompt is not None:
            from memsync.gates import BadInput

            raise BadInput("give the message once: --prompt or --prompt-file, not both")
        prompt = _read_prompt(args.prompt_file)
    with _memory(args, os.getcwd()) as memory:
        block = memory.context(prompt, session=args.session, budget=args.budget, event=args.event,
                               scope=args.scope)
    for note in block.notes:  # what could not be kept (stderr, as search gives its notes)
        sys.stderr.write(f"memsync: {_shown(note)}\n")
    if args.format == "json":
        print_json(block.to_json())
    elif block.text:
        sys.stdout.write(block.text)


MAX_PROMPT_BYTES = 1 << 20  # a message longer than this is searched on its first MiB


def _read_prompt(name: str) -> str:
    """The message from a file, a pipe (``<(cmd)``) or stdin: bounded in size and in time (the
    user's prompt waits on us), bytes that are not UTF-8 replaced."""
    from memsync.hookio import STDIN_WAIT
    from memsync.inputs import read_named

    data = read_named(name, MAX_PROMPT_BYTES, what="the prompt" if name == "-" else "the prompt file",
                      wait=STDIN_WAIT, idle=False)
    return data.decode("utf-8", "replace")


def _shown(note: str, limit: int = 0) -> str:
    """A note for a terminal: secrets masked, control characters shown (a path may hold them);
    with ``limit``, at most that many characters, cut at a word's end."""
    from memsync.output import visible
    from memsync.secrets.gate import redact

    text = visible(redact(note))
    if limit and len(text) > limit:
        cut = text[:limit - 1]
        at = cut.rfind(" ")
        text = (cut[:at] if at > limit // 2 else cut).rstrip(" ;,") + "…"
    return text


def _memory(args: argparse.Namespace, cwd: str | None):  # type: ignore[no-untyped-def]
    from memsync.service import Memory

    return Memory(root=args.root, cwd=cwd)


def _hook(args: argparse.Namespace) -> None:
    """Claude Code: never fail the prompt. Everything is caught; stdout is JSON or nothing."""
    try:
        from memsync import hookio

        hook = hookio.read(hookio.stdin())
        if hook.problem:
            sys.stderr.write(f"memsync context: {hook.problem}; no memory context added\n")
            if hook.event is None:
                return
        cwd = hook.cwd if hook.cwd and os.path.isdir(hook.cwd) else os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd()
        with _memory(args, cwd) as memory:
            block = memory.context(hook.prompt, session=hook.session_id, budget=args.budget, event=hook.event,
                                   source=hook.source, scope=args.scope)
        if block.notes:  # the context still goes in; one line says what was not kept
            sys.stderr.write(f"memsync context: {_shown('; '.join(block.notes), 400)}\n")
        out = block.hook_output()
        if out:
            # UTF-8 whatever the locale says: Claude Code reads UTF-8, and a legacy code page
            # (cp1252, latin-1) cannot encode the block's own '—', let alone CJK.
            raw = getattr(sys.stdout, "buffer", None)
            if raw is None:  # a text-only stream (an in-process caller's capture): it takes str
                sys.stdout.write(out + "\n")
            else:
                sys.stdout.flush()
                raw.write((out + "\n").encode("utf-8", "replace"))
                raw.flush()
    except BaseException as exc:  # noqa: BLE001 - fail open by design
        if isinstance(exc, KeyboardInterrupt):
            raise
        sys.stderr.write(f"memsync context: {type(exc).__name__}: {_shown(str(exc), 200)}; no memory context added\n")
