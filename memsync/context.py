"""The context block an agent gets before it answers (SPEC §8), in three tiers:

1. **iron rules** — the global root's, then the project's; always in, never dropped;
2. **outline** — what exists: categories with live counts, the goal, the routing
   triggers, one-line summaries of the entries most likely to matter (pinned first,
   then the most recalled), cut to its budget;
3. **bodies** — the best hits for the prompt, as many as fit, each with its id; when
   a body does not fit whole it is cut with a note, and when not even that fits its
   summary line still names it. A hit that shares only one counted word with a prompt of
   several, and not one of its ``load_when`` triggers, is named by its summary line only.

The whole block never exceeds ``context.cap``. Tiers 1–2 come from the compiled files
(ROOT.md, ``index.md``), corrected for entry files added or deleted since the last compile
(``listing``), so an outline costs no walk of the entries; tier 3 is a search.
Per session: tiers 1–2 at its start and after a compaction, each body once, nothing
for a prompt already seen. No file in the tree is written.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError

HEADER = "# Memory (memsync)\n"
RULES_HEAD = "## Iron rules (hard requirements a person wrote; follow them)\n"
OUTLINE_HEAD = "## What memory holds\n"
BODIES_HEAD = "## Memory entries relevant to this prompt\n"
FOOTER = "Search memory (memory_recall, or `memsync search WORDS`) for anything else.\n"
_CUT = "… (cut; recall {id} for the rest)\n"
MIN_BODY = 160  # below this a cut body says too little: list the entry's summary instead
OUTLINE_SHARE = 0.4  # of what the rules leave, when a prompt also wants bodies


@dataclass
class Settings:
    """The context block's sizes, read from config (docs/config.md): budgets, cap and body limits."""

    budget: int
    cap: int
    outline: int
    bodies: int
    body_chars: int
    session_days: float
    evidence: int = 2


def settings_from(config: dict[str, Any]) -> Settings:
    from memsync.service import _number

    s = Settings(
        budget=_number(config, "context", "budget", 0, 1_000_000, integer=True),
        cap=_number(config, "context", "cap", 200, 1_000_000, integer=True),
        outline=_number(config, "context", "outline", 0, 1_000_000, integer=True),
        bodies=_number(config, "context", "bodies", 0, 100, integer=True),
        body_chars=_number(config, "context", "body_chars", 100, 1_000_000, integer=True),
        session_days=_number(config, "context", "session_days", 0.01, 3650),
        evidence=_number(config, "context", "evidence", 1, 32, integer=True),
    )
    return s


@dataclass
class ContextBlock:
    """The block an agent receives, with what went into it (for inspect and the session record)."""

    text: str
    event: str | None = None
    tiers: dict[str, int] = field(default_factory=dict)  # characters per tier
    injected: list[str] = field(default_factory=list)  # entries whose body went in
    listed: list[str] = field(default_factory=list)  # entries named by a summary line
    skipped: list[str] = field(default_factory=list)  # bodies left out: given earlier in the session
    reason: str = ""
    notes: list[str] = field(default_factory=list)  # what could not be kept (counters, session dedupe)

    @property
    def chars(self) -> int:
        return len(self.text)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "chars": self.chars, "event": self.event, "tiers": self.tiers,
                "injected": self.injected, "listed": self.listed, "skipped": self.skipped, "reason": self.reason,
                "notes": self.notes}

    def hook_output(self) -> str:
        """Claude Code's hook JSON for SessionStart / UserPromptSubmit ("" when there is nothing to add)."""
        if not self.text or self.event not in ("SessionStart", "UserPromptSubmit"):
            return ""
        return json.dumps({"hookSpecificOutput": {"hookEventName": self.event, "additionalContext": self.text}},
                          ensure_ascii=False)


def _read_text(path: Path, limit: int = 1 << 20) -> str:
    from memsync.fsutil import NotRegularFile, read_regular

    try:
        return read_regular(path, limit).decode("utf-8", "replace")
    except (OSError, NotRegularFile):
        return ""


def _safe(text: str) -> str:
    """Text for a model: secrets masked, control characters shown, not sent."""
    from memsync.output import visible
    from memsync.secrets.gate import redact

    return visible(redact(text), newlines=True)


_ATX = re.compile(r"^( {0,3})(#{1,6})(?=[ \t]|$)")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)")  # the fence, then its info string


def _nested(body: str) -> str:
    """An entry's body with its headings three levels deeper, below the entry's own ``###``
    line: a body's "## Iron rules" (an entry synced or edited by hand, past the gates) must
    not open a section of the block. Setext underlines are escaped; code fences are left
    alone."""
    if "#" not in body and "=" not in body and "-" not in body:
        return body
    out: list[str] = []
    fence = ""
    for line in body.split("\n"):
        f = _FENCE.match(line)
        # As CommonMark reads fences: one taken for a fence that is none would flip what counts
        # as code, and leave a heading after the real closing fence un-nested.
        if fence:
            if f and f.group(1)[0] == fence[0] and len(f.group(1)) >= len(fence) and not f.group(2).strip():
                fence = ""  # a closing fence: as long at least, and no info string
        elif f and not (f.group(1)[0] == "`" and "`" in f.group(2)):  # a backtick info string holds none
            fence = f.group(1)
        else:
            line = _ATX.sub(lambda m: m.group(1) + m.group(2) + "###", line)
            if out and out[-1].strip() and _SETEXT.match(line):
                line = "\\" + line.lstrip()
        out.append(line)
    return "\n".join(out)


def _fit(text: str, room: int) -> str:
    """``text`` if it fits in ``room`` characters, else its head cut at a line or word end
    (with the ``…`` and newline that mark the cut, never over ``room``)."""
    if len(text) <= room:
        return text
    cut = text[: max(room - 2, 0)]
    for sep in ("\n", " "):
        at = cut.rfind(sep)
        if at > room // 2:
            cut = cut[:at]
            break
    return cut.rstrip() + "…\n" if room > 1 else ""


def _rules(roots: list[Any]) -> str:
    from memsync.rootdoc import iron_rules

    parts = []
    for root in sorted(roots, key=lambda r: r.scope != "global"):  # the global root's first
        text = iron_rules(_read_text(root.path / "ROOT.md"))
        if text:
            parts.append(f"From the {root.scope} memory:\n{_safe(text)}\n" if len(roots) > 1 else f"{_safe(text)}\n")
    return RULES_HEAD + "\n".join(parts) if parts else ""


def _outline(roots: list[Any], room: int, hit_ids: list[str]) -> tuple[str, list[str]]:
    """Tier 2 within ``room`` characters; the ids its summary lines name."""
    from memsync import rootdoc
    from memsync.listing import read_listing, triggers
    from memsync.recall import state

    if room <= len(OUTLINE_HEAD) + 20:
        return "", []
    head: list[str] = []
    lines: list[tuple[tuple[int, int, int], Any, str]] = []
    for r_i, root in enumerate(roots):
        root_md = _read_text(root.path / "ROOT.md")
        listing = read_listing(root.path)
        counts = {c: sum(not ln.conflict for ln in lines) for c, lines in listing.lines.items()}
        listed = ", ".join(f"{c} {n}" for c, n in sorted(counts.items()) if n) or "no entries yet"
        if listing.uncompiled:
            listed += f" (+{listing.uncompiled} not compiled yet: run `memsync compile`)"
        head.append(f"{root.scope} memory ({root.display}): {listed}")
        goal = rootdoc.goal(root_md)
        if goal:
            head.append(f"  goal: {_fit(' '.join(goal.split()), 200).strip()}")
        trig = triggers(root_md, listing)
        if trig:
            shown = _fit(", ".join(trig), 300).strip()
            rest = len(trig) - shown.count(",") - 1
            head.append(f"  load when: {shown}" + (f" (+{rest} more)" if rest > 0 and shown.endswith("…") else ""))
        hits = state.hits(root.path)
        where = f" [{root.scope}]" if len(roots) > 1 else ""
        for category in sorted(counts):
            for n, line in enumerate(listing.lines[category]):
                if line.conflict:
                    continue
                rank = 0 if line.pinned else (1 if line.id in hit_ids else 2)
                lines.append(((rank, -hits.get(line.id, 0), r_i * 1_000_000 + n), line, where))
    out = OUTLINE_HEAD + "".join(_safe(h) + "\n" for h in head)
    if len(out) > room:
        return _fit(out, room), []
    named: list[str] = []
    lines.sort(key=lambda item: item[0])
    budget = room - len(out)
    for _, line, where in lines:  # formatted lazily: only what fits is ever written out
        mark = " (pinned)" if line.pinned else ""
        text = _safe(f"- {line.id}{where} — {_fit(line.summary, 160).strip()}{mark}\n")
        entry_id = line.id
        more = f"(+{len(lines) - len(named)} more entries)\n"
        if len(text) + len(more) > budget:
            out += more if len(more) <= budget else ""
            break
        out += text
        budget -= len(text)
        named.append(entry_id)
    return out, named


def _prompt_query(prompt: str) -> str:
    from memsync.service import _keyword_query

    return _keyword_query(prompt, translate=False)


def _bodies(memory: Any, roots: list[Any], prompt: str, room: int, settings: Settings, config: dict[str, Any],
            seen: dict[str, int], owners: dict[str, str]) -> tuple[str, list[str], list[str], list[str], int]:
    """Tier 3: (text, bodies injected, summary lines listed, bodies skipped as already given,
    matching entries that did not fit even as a line); ``owners`` gets the root (display) of
    each injected entry."""
    from memsync.entry import MAX_ENTRY_BYTES, parse_entry
    from memsync.fsutil import NotRegularFile, read_regular
    from memsync.output import visible
    from memsync.recall import search
    from memsync.recall.query import FUNCTION_WORDS

    query = _prompt_query(prompt)
    if not query or settings.bodies == 0:
        return "", [], [], [], 0
    result = search(query, roots=roots, limit=settings.bodies + min(len(seen), 50) + 3, config=config,
                    watch=memory.watch)
    by_display = {(r.display, r.scope): r for r in roots}
    out = BODIES_HEAD
    injected: list[str] = []
    listed: list[str] = []
    skipped: list[str] = []
    unfit = 0
    budget = room - len(out)
    # A hit that shares fewer counted words than context.evidence with the prompt, and none of
    # its load_when triggers, is listed, not inlined: on prompts memory holds no answer to, such
    # hits were every body injected (one word in common: "android", "证书", "audit"), and a
    # listed line still names the entry for a recall.
    counted = {w for w in result.words if w not in FUNCTION_WORDS}
    need = min(settings.evidence, len(counted))
    for hit in result.hits:
        if len(injected) + len(listed) >= settings.bodies:
            break
        if hit.id in seen:
            skipped.append(hit.id)
            continue
        root = by_display.get((hit.root, hit.scope))
        if root is None:
            continue
        shown_id = visible(hit.id)  # a source's id is a file name, which may hold a newline
        layout = getattr(root, "layout", None)
        triggers: frozenset[str] = frozenset()
        if layout is not None:  # another agent's memory (memsync.sources): its own reader
            doc = layout.doc(hit.id)
            if doc is None:
                continue
            body = doc.body.strip("\n")
        else:
            rel = hit.file()
            if rel is None:
                continue
            try:
                data = read_regular(root.path / rel, MAX_ENTRY_BYTES + 1)
            except (OSError, NotRegularFile):
                continue
            entry = parse_entry(data, rel)
            body = entry.body.strip("\n")
            triggers = _words(entry.info().load_when)
        evidence = counted.intersection(hit.matched)
        inlined = ""
        if len(evidence) >= need or evidence & triggers:
            text = _body_text(hit, shown_id, body, layout is not None, settings.body_chars)
            note = _CUT.format(id=shown_id)
            if len(text) <= budget:
                inlined = text
            elif budget >= MIN_BODY + len(note):
                inlined = _fit(text, budget - len(note)) + note
        if inlined:
            out += inlined
            budget -= len(inlined)
            injected.append(hit.id)
            owners[hit.id] = hit.root
            continue
        line = _line(hit, shown_id, budget)
        if line:
            out += line
            budget -= len(line)
            listed.append(hit.id)
        else:
            unfit += 1
    if not injected and not listed:
        return "", [], [], skipped, unfit
    return out, injected, listed, skipped, unfit


def _body_text(hit: Any, shown_id: str, body: str, quoted: bool, most: int) -> str:
    """An entry as the block shows it: its heading, summary and nested body, cut at ``most``."""
    from memsync.output import visible

    summary = hit.summary + "\n" + (_nested(body) + "\n" if body else "")
    if quoted:
        # Quoted: no passed gate vouches for another agent's text, and a line of it must not
        # start a section of this block ("## Iron rules ...") or read as memsync's own words.
        summary = "".join(f"> {line}".rstrip(" ") + "\n" for line in summary.rstrip("\n").split("\n"))
    text = _safe(f"### {shown_id} ({hit.scope}, {visible(hit.kind or 'entry')})\n") + _safe(summary)
    if len(text) > most:
        text = _fit(text, most - len(_CUT.format(id=shown_id))) + _CUT.format(id=shown_id)
    return text


def _words(triggers: tuple[str, ...]) -> frozenset[str]:
    """The search words of an entry's ``load_when`` triggers: the author's own "load me when the
    prompt says this", so one of them matched is evidence enough for the body."""
    from memsync.recall.tokenize import cjk_tokens, normalize, segments

    out: set[str] = set()
    for trigger in triggers[:32]:
        for seg in segments(normalize(trigger[:200])):
            out.update(cjk_tokens(seg.text, lead=False, trail=False) if seg.cjk else [seg.text])
    return frozenset(out)


def _line(hit: Any, shown_id: str, room: int) -> str:
    """A hit's one-line mention (its summary, cut; in a tight room its id alone, which names the
    entry to recall), or "" when even that does not fit in ``room``."""
    from memsync.output import visible

    line = _safe(f"- {shown_id} — {visible(_fit(hit.summary, 120).strip())} (recall it for the body)\n")
    if len(line) > room:
        line = _safe(f"- {shown_id} (recall it)\n")
    return line if len(line) <= room else ""


def build(memory: Any, *, prompt: str | None = None, session: str | None = None, budget: int | None = None,
          event: str | None = None, source: str | None = None, scope: str | None = None,
          now_ms: int | None = None) -> ContextBlock:
    """The block for one hook call or ``memsync context`` (see the module doc). ``scope`` narrows
    the roots and sources read exactly as it does for search (``Memory.read_roots``); a root
    error (the cache inside a root, ``.memory`` a file) is raised, only "no root yet" is an
    empty block."""
    from memsync import activity, sessions
    from memsync.config import load_config
    from memsync.sources import SourceRoot

    block = ContextBlock("", event)
    owners: dict[str, str] = {}
    read = memory.read_roots(scope, none_yet_ok=True)
    roots = [r for r in read if not isinstance(r, SourceRoot)]
    extra = [r for r in read if isinstance(r, SourceRoot)]  # other agents' memory, when turned on
    if not roots and not extra:
        block.reason = "no memory root here (run `memsync init`)"
        return block
    config = load_config(roots[0].path if roots else None)
    settings = settings_from(config)
    if budget is not None and budget < 0:
        raise MemsyncError("--budget must be 0 or more characters")
    limit = min(settings.budget if budget is None else budget, settings.cap)
    prompt = (prompt or "").strip()
    now = int(time.time() * 1000) if now_ms is None else now_ms

    state_cm = sessions.opened(session) if session else None
    try:
        s = state_cm.__enter__() if state_cm is not None else None
    except MemsyncError as exc:
        # A cache that cannot hold the session's lock: the block is still given, without
        # per-session dedupe (at worst a body is repeated), as search answers without its cache.
        state_cm = s = None
        block.notes.append(f"session dedupe not kept, so bodies may repeat in this session: {exc}")
    try:
        if s is not None and event == "SessionStart":
            sessions.sweep(settings.session_days)
            if source in ("clear", "compact"):
                s.injected.clear()  # what was injected is gone from the conversation
                s.prompts.clear()
            s.outline_given = False
        want_outline = event != "UserPromptSubmit" or s is None or not s.outline_given
        want_bodies = bool(prompt) and event != "SessionStart"
        if s is not None and prompt and sessions.prompt_key(prompt) in s.prompts:
            want_bodies = False
            block.reason = "this prompt was seen before in this session: nothing new to add"
            if not want_outline:
                return block

        rules = _rules(roots) if want_outline else ""
        room = limit - len(HEADER) - len(FOOTER) - 3  # the newlines that join the tiers
        if len(rules) > settings.cap - len(HEADER):
            rules = _fit(rules, settings.cap - len(HEADER) - 60) + "(iron rules cut at the context cap)\n"
        room -= len(rules)
        outline, named = "", list[str]()
        if want_outline and room > 0:
            share = min(settings.outline, int(room * OUTLINE_SHARE)) if want_bodies else min(settings.outline, room)
            also = "".join(f"{r.scope}: {r.name}, searched too; read only (its ids start {r.scope}:)\n" for r in extra)
            outline, named = _outline(roots, share - len(also), [])
            if outline and len(outline) + len(also) <= share:
                outline += _safe(also)
        room -= len(outline)
        bodies = ""
        injected: list[str] = []
        listed: list[str] = []
        skipped: list[str] = []
        # Below a heading and the shortest line ("- x (recall it)"), nothing can be named: no search.
        no_room = want_bodies and room <= len(BODIES_HEAD) + 16
        unfit = 0
        if want_bodies and not no_room:
            bodies, injected, listed, skipped, unfit = _bodies(memory, roots + extra, prompt, room, settings, config,
                                                               s.injected if s is not None else {}, owners)
        parts = [p for p in (rules, outline, bodies) if p]
        text = HEADER + "\n".join(parts) + ("\n" + FOOTER if outline or bodies else "") if parts else ""
        if len(text) > settings.cap:  # by construction it is not; a last guard all the same
            text = _fit(text, settings.cap)
        block.text = text
        block.tiers = {"rules": len(rules), "outline": len(outline), "bodies": len(bodies)}
        block.injected, block.listed, block.skipped = injected, named + listed, skipped
        if not block.reason:
            # Entries that matched but did not fit even as a line are not "no entry matched".
            unfitting = (f"{unfit} matching entr{'y' if unfit == 1 else 'ies'} did not fit in the {room} characters "
                         "left; raise context.budget") if unfit else ""
            block.reason = _reason(block, want_outline, want_bodies and not no_room, prompt, len(listed),
                                   unfitting) if block.text else ""
            if no_room:  # not searched at all: "no entry matched" would be wrong
                block.reason += (f"{', ' if block.reason else ''}no room for entries: the budget ({limit} characters) "
                                 "is taken by the iron rules and the outline; raise context.budget")
            elif not block.reason:
                block.reason = _reason(block, want_outline, want_bodies, prompt, len(listed), unfitting)
        if s is not None:
            if outline or rules:
                s.outline_given = True
            for i in injected:
                s.injected[i] = now
            if prompt:
                s.prompts.append(sessions.prompt_key(prompt))
    finally:
        if state_cm is not None:
            state_cm.__exit__(None, None, None)
    for root in roots:
        mine = [i for i in block.injected if owners.get(i) == root.display]
        problem = activity.record_context(root.path, event=event or "cli", injected=mine, skipped=block.skipped,
                                          listed=len(block.listed), chars=block.chars, reason=block.reason,
                                          now_ms=now)
        if problem:
            note = f"context counters not kept for {root.display} (inspect will not show this run): {problem}"
            if note not in block.notes:
                block.notes.append(note)
    return block


def _reason(block: ContextBlock, want_outline: bool, want_bodies: bool, prompt: str, lines: int = 0,
            unfitting: str = "") -> str:
    """What the block holds, in words; ``lines``: entries of the bodies tier named by a line;
    ``unfitting``: what to say when entries matched but none fit."""
    if not block.text:
        return "nothing to add: no iron rules, and the outline was given earlier in this session" if not want_bodies \
            else unfitting or "nothing relevant to this prompt that was not given already"
    parts = []
    if block.tiers.get("rules"):
        parts.append("iron rules")
    if block.tiers.get("outline"):
        parts.append("outline")
    if block.injected or block.listed and block.tiers.get("bodies"):
        named = f" and {lines} entr{'y' if lines == 1 else 'ies'} named by a line" if lines else ""
        parts.append(f"{len(block.injected)} bod{'y' if len(block.injected) == 1 else 'ies'}{named} for the prompt")
    elif want_bodies:
        parts.append(unfitting or ("no entry matched the prompt" if not block.skipped
                                   else "matching entries were given already"))
    return ", ".join(parts)
