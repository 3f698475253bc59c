"""One extraction run: transcript -> prompts -> model -> candidates -> fates -> a status.

Every run ends in a ``Report`` whose ``outcome`` says which of these happened, and its
``reason`` says why, in words; the report is recorded for ``memsync inspect``
(``memsync.activity``), so "nothing was extracted" is never mistaken for "extraction is
broken":

    waiting   too-few-turns, too-short, busy            (nothing sent; a later run reads these turns)
    failed    no-model, writes-disabled, unreadable,    (nothing written)
              too-long, model-failed, model-timeout, unparseable, error
    done      written, all-duplicates, nothing-to-remember, nothing-written, dry-run

A failure writes nothing, even when the transcript took several model calls: every
part is asked first, and only when all answered are the candidates judged.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memsync.errors import MemsyncError
from memsync.extract.fates import DROPPED, DUPLICATE, PROPOSAL, WRITTEN, Fate

WAITING = ("too-few-turns", "too-short", "busy")
FAILED = ("no-model", "writes-disabled", "unreadable", "too-long", "model-failed", "model-timeout", "unparseable",
          "error")
DONE = ("written", "all-duplicates", "nothing-to-remember", "nothing-written", "dry-run")

# extract.* settings: (default, low, high) for the numbers; docs/config.md explains them.
_NUMBERS = {"timeout": (1, 86400), "min_turns": (0, 100000), "min_chars": (0, 10_000_000),
            "chunk_chars": (2000, 10_000_000), "tool_chars": (0, 10_000_000), "max_parts": (1, 100_000)}


# What a run may spend: a root's .memsync.yaml (a cloned repository's) may lower these, never
# raise them above the user's own settings (100,000 paid model calls, a day-long deadline).
_SPENDING = ("timeout", "max_parts")


class ExtractFailed(MemsyncError):
    """The run could not extract (its report says why); exit 2."""

    def __init__(self, report: Report, message: str | None = None) -> None:
        super().__init__(report.reason if message is None else message)
        self.report = report


@dataclass
class Report:
    """One extraction run: its outcome and reason, and what it read and wrote."""

    outcome: str
    reason: str
    session: str
    transcript: str
    root: str
    event: str = "cli"
    turns: int = 0  # turns read in this run
    prompts: int = 0  # of them, what the user said (what min_turns counts)
    first_turn: int = 1  # the first turn read (a hook run reads only the new ones)
    total_turns: int = 0  # turns in the whole transcript
    parts: int = 0  # prompts sent to the model
    model: str | None = None  # the command's name (never its arguments)
    seconds: float = 0.0  # in the model
    fates: list[Fate] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was read how: parts, shortened outputs, bad lines
    dry_run: bool = False
    at: int = 0
    read: bool = False  # the transcript was read (not for no-model, writes-disabled, unreadable)

    @property
    def failed(self) -> bool:
        return self.outcome in FAILED

    @property
    def written(self) -> list[str]:
        return [f.id for f in self.fates if f.fate in (WRITTEN, PROPOSAL) and f.id and not f.dry_run]

    def status(self) -> str:
        """The reason with what the status must say about the reading (never silent)."""
        return "; ".join([self.reason, *self.notes])

    def record(self) -> dict[str, Any]:
        """The run as ``memsync inspect`` lists it."""
        counts: dict[str, int] = {}
        for f in self.fates:
            counts[f.fate] = counts.get(f.fate, 0) + 1
        return {"at": self.at, "session": self.session, "event": self.event, "turns": self.turns,
                "prompts": self.prompts, "first_turn": self.first_turn, "outcome": self.outcome,
                "reason": self.status(), "parts": self.parts, "model": self.model,
                "seconds": round(self.seconds, 2), "candidates": counts, "written": self.written,
                "dry_run": self.dry_run}

    def to_json(self) -> dict[str, Any]:
        return {"ok": not self.failed, "outcome": self.outcome, "reason": self.reason, "notes": self.notes,
                "session": self.session, "transcript": self.transcript, "root": self.root, "event": self.event,
                "turns": self.turns, "prompts": self.prompts, "first_turn": self.first_turn,
                "total_turns": self.total_turns, "parts": self.parts, "model": self.model,
                "seconds": round(self.seconds, 2), "dry_run": self.dry_run, "written": self.written,
                "candidates": [f.to_json() for f in self.fates]}

    def lines(self) -> list[str]:
        from memsync.output import visible
        from memsync.secrets.gate import redact

        head = f"{self.transcript}: {self.turns} turns read" if self.read else f"{self.transcript}: not read"
        if self.first_turn > 1:
            head += f" (from turn {self.first_turn} of {self.total_turns})"
        if self.parts:
            head += f", {self.parts} part{'s' if self.parts != 1 else ''} sent to {self.model}"
            head += f" ({self.seconds:.1f} s)"
        out = [visible(head)]
        for f in self.fates:
            summary = visible(redact(f.candidate.summary)) or "(no summary)"
            if len(summary) > 100:
                summary = summary[:99] + "…"
            out.append(f"  {f.index}. {visible(f.label)} — {summary}")
            if f.detail:
                out.append(f"     {visible(redact(f.detail))}")
        end = f"dry run, nothing written: {self.status()}" if self.outcome == "dry-run" else \
            f"{self.outcome}: {self.status()}"
        out.append(visible(end))
        return out


def settings(root: Path | None, model_cmd: Any = None) -> dict[str, Any]:
    """``extract.*``, checked. ``model_cmd`` comes from the user's own settings file only (or
    the caller): a root's ``.memsync.yaml`` travels with a repository, and a cloned repository
    must not choose a program to run or a place to send its transcripts."""
    from memsync.config import load_config

    merged = load_config(root)
    section = _section(merged)
    own = _section(load_config(None))  # the user's file over the defaults
    out: dict[str, Any] = {}
    for key, (lo, hi) in _NUMBERS.items():
        for value in (section.get(key), own.get(key)) if key in _SPENDING else (section.get(key),):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
                    or not lo <= value <= hi:
                raise MemsyncError(f"config: extract.{key} must be a number from {lo} to {hi}")
        value = min(section[key], own[key]) if key in _SPENDING else section[key]
        out[key] = value if key == "timeout" else int(value)
    if model_cmd is None:
        model_cmd = own.get("model_cmd")
    out["model_cmd"] = model_cmd if model_cmd not in ("", []) else None
    out["categories"] = list(merged["categories"])
    return out


def _section(config: dict[str, Any]) -> dict[str, Any]:
    """``extract`` over its defaults (an empty ``extract:`` in a file means the defaults)."""
    from memsync.config import DEFAULTS

    section = config.get("extract")
    if section is None:
        section = {}
    if not isinstance(section, dict):
        raise MemsyncError("config: extract must be a mapping of settings")
    return {**DEFAULTS["extract"], **section}


def session_name(value: str | None, transcript: str) -> str:
    """A session label safe to show and store: the id when it is a plain one, else a hash."""
    import hashlib
    import re

    text = value or Path(transcript).stem
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}", text or ""):
        return text
    return "sha-" + hashlib.sha256((text or "").encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _summary(fates: list[Fate], dry_run: bool) -> tuple[str, str]:
    """(outcome, reason) once the candidates are judged."""
    counts: dict[str, int] = {}
    drops: dict[str, int] = {}
    for f in fates:
        counts[f.fate] = counts.get(f.fate, 0) + 1
        if f.fate == DROPPED:
            why = f.reason.split(" (")[0]
            drops[why] = drops.get(why, 0) + 1
    written = [f for f in fates if f.fate in (WRITTEN, PROPOSAL)]
    parts = []
    for name, one, many in (("rule-proposal", "as a rule proposal", "as rule proposals"),
                            ("duplicate", "duplicate", "duplicates"),
                            ("secret", "refused for a secret", "refused for secrets"),
                            ("invalid", "invalid", "invalid"), ("refused", "refused", "refused")):
        if counts.get(name):
            parts.append(f"{counts[name]} {one if counts[name] == 1 else many}")
    if drops:
        parts.append(f"{counts[DROPPED]} dropped (" + ", ".join(f"{w} ×{n}" if n > 1 else w
                                                            for w, n in sorted(drops.items())) + ")")
    rest = ("; " + ", ".join(parts)) if parts else ""
    if dry_run:
        if not fates:
            return "dry-run", "the model found nothing worth remembering"
        return "dry-run", f"would write {len(written)} of {len(fates)} candidates{rest}"
    if written:
        ids = ", ".join(f.id or "?" for f in written[:5]) + (" …" if len(written) > 5 else "")
        return "written", f"wrote {len(written)} of {len(fates)} candidates ({ids}){rest}"
    if not fates:
        return "nothing-to-remember", "the model found nothing worth remembering"
    if counts.get(DUPLICATE) == len(fates):
        ids = ", ".join(dict.fromkeys(f.id or "?" for f in fates))
        return "all-duplicates", f"all {len(fates)} candidates are already in memory ({ids})"
    return "nothing-written", f"none of {len(fates)} candidates was written{rest}"


def extract(transcript: str | os.PathLike[str], *, model_cmd: str | list[str] | None = None, dry_run: bool = False,
            cwd: str | os.PathLike[str] | None = None, root: str | os.PathLike[str] | None = None,
            scope: str | None = None, session: str | None = None, event: str = "cli", start_turn: int = 0,
            min_turns: int | None = None, memory: Any = None, record: bool = True,
            now_ms: int | None = None) -> Report:
    """Read ``transcript``, ask the model, write what passes the gates (nothing with
    ``dry_run``), record the status; the report says what happened. ``start_turn`` skips
    the turns a previous run read (the hook's incremental runs). Never raises for what a
    run can meet (a bad transcript, a failing model); MemsyncError only when no root can
    be chosen or the settings are wrong."""
    from memsync.service import Memory

    own = memory is None
    mem = Memory(cwd=cwd, root=root) if own else memory
    try:
        target = mem.target_root(scope, create=False)
        path = os.fspath(transcript)
        report = Report("error", "", session_name(session, path), _shown_path(path), target.display, event,
                        dry_run=dry_run, at=now_ms or int(time.time() * 1000))
        try:
            _run(report, path, mem, target, model_cmd=model_cmd, scope=scope, cwd=cwd, start_turn=start_turn,
                 min_turns=min_turns, session_given=session, record=record)
        except MemsyncError as exc:
            if report.outcome == "error" and not report.reason:
                report.outcome, report.reason = "error", str(exc)
            if record:
                _record(target.path, report)
            raise
        if record:
            _record(target.path, report)
        return report
    finally:
        if own:
            mem.close()


KNOWN_WORDS = 24  # the search words taken from one part of a conversation
KNOWN_HITS = 12


def known(memory: Any, target: Any, text: str, shown: set[str] | None = None) -> list[str]:
    """What the target root holds on a part's subjects (``id — summary``): its best search hits
    for the part's most frequent content words. Shown to the model so that it proposes fewer
    restatements, and names what a changed fact supersedes (the ids go into ``shown``: a
    candidate may supersede only those). A root that cannot be searched shows nothing (the
    gates still judge)."""
    from collections import Counter

    from memsync.dedupe.vocab import EN_STOP
    from memsync.recall import search
    from memsync.recall.tokenize import cjk_tokens, normalize, segments

    counts: Counter[str] = Counter()
    for seg in segments(normalize(text)):
        if seg.cjk and len(seg.text) > 1:
            counts.update(cjk_tokens(seg.text, lead=False, trail=False))
        elif len(seg.text) > 2 and seg.text not in EN_STOP and not seg.text.isdigit():
            counts[seg.text] += 1
    words = [w for w, _ in counts.most_common(KNOWN_WORDS)]
    if not words:
        return []
    try:
        hits = search(" ".join(words), roots=[target], limit=KNOWN_HITS, watch=memory.watch, all_first=False).hits
    except MemsyncError:
        return []
    if shown is not None:
        shown.update(h.id for h in hits)
    return [f"{h.id} — {h.summary}" for h in hits]


def _record(root: Path, report: Report) -> None:
    from memsync import activity

    session, outcome = report.session, report.outcome

    def obsolete(r: dict[str, Any]) -> bool:
        """A session's waiting status, and its earlier run with the same outcome that wrote
        nothing (a hook meeting "no-model" at every reply), make room for this one."""
        return r.get("session") == session and (r.get("outcome") in WAITING or
                                                (r.get("outcome") == outcome and not r.get("written")))

    problem = activity.record_run(root, "extract", report.record(), replaces=obsolete)
    # Never raised: the report (and what the run wrote) must still reach the caller; it says
    # the status is missing, unless its reason already names the cache's problem.
    if problem and problem not in report.reason:
        report.notes.append(f"this run's status could not be recorded for inspect: {problem}")


def _cannot_finish(root: Path, *, write: bool, record: bool) -> str | None:
    """Why a run could not write its entries (the root's write lock) or record its status (the
    activity lock and folder) in memsync's cache; None when it can."""
    from memsync import activity, locks

    try:
        if write:
            locks.check(root, "write")
        if record:
            activity.check(root)
    except MemsyncError as exc:
        return str(exc)
    return None


def _shown_path(path: str) -> str:
    from memsync.roots import display_path

    try:
        return display_path(Path(os.path.abspath(path)))
    except (OSError, ValueError):
        return path


def _run(report: Report, path: str, memory: Any, target: Any, *, model_cmd: Any, scope: str | None,
         cwd: Any, start_turn: int, min_turns: int | None, session_given: str | None,
         record: bool = True) -> None:
    from memsync.extract import model, prompt, transcript
    from memsync.extract.answer import Unparseable, parse
    from memsync.extract.fates import decide, local_paths
    from memsync.gates import WritesDisabled, write_switch

    conf = settings(target.path, model_cmd)
    need = conf["min_turns"] if min_turns is None else min_turns
    shown: set[str] = set()  # the entries the model was shown: what a candidate may supersede

    def done(outcome: str, reason: str) -> None:
        report.outcome, report.reason = outcome, reason

    if conf["model_cmd"] is None:
        return done("no-model", "no model command configured (set extract.model_cmd in your settings file, or "
                                "pass --model-cmd): nothing was extracted and nothing was sent anywhere")
    try:
        words = model.argv(conf["model_cmd"])
    except MemsyncError as exc:
        return done("no-model", str(exc))
    report.model = model.program(words)
    try:
        from memsync.config import load_config

        write_switch(load_config(target.path))
    except WritesDisabled as exc:
        return done("writes-disabled", f"{exc} (the transcript was not sent to the model)")

    def reading(start: int) -> tuple[transcript.Transcript, prompt.Builder]:
        """The transcript read from turn ``start`` on, in one pass: each turn is rendered into
        the prompts as it is read and let go, so memory does not grow with the file."""
        builder = prompt.Builder(categories=conf["categories"], chunk_chars=conf["chunk_chars"],
                                 tool_chars=conf["tool_chars"], first_number=start + 1,
                                 max_parts=conf["max_parts"], bounded=True)
        return transcript.read(path, after_turn=start, on_turn=builder.add), builder

    try:
        got, builder = reading(start_turn)
        if start_turn > got.count:
            start_turn = 0  # the file was replaced by a shorter one: read it afresh
            got, builder = reading(0)
    except OSError as exc:
        return done("unreadable", f"cannot read the transcript: {exc.strerror or exc}")
    report.read = True
    if session_given is None and got.session:
        report.session = session_name(got.session, path)
    report.total_turns = got.count
    report.notes += got.notes()
    report.first_turn = start_turn + 1
    report.turns = got.count - start_turn
    report.prompts = got.prompts
    since = " since the last extraction" if start_turn else ""
    if not got.count and got.format == "empty":
        return done("too-few-turns", "the transcript is empty")
    if report.prompts < need or not report.turns:
        return done("too-few-turns", f"{report.prompts} user turn{'s' if report.prompts != 1 else ''}{since} "
                                     f"(extract.min_turns is {need}); waiting for more")
    if got.chars < conf["min_chars"]:
        return done("too-short", f"{got.chars} characters of conversation{since} (extract.min_chars is "
                                 f"{conf['min_chars']}); too short to hold a lasting memory")
    prompts = builder.finish(known=lambda text: known(memory, target, text, shown))
    total = prompts.parts
    if total > conf["max_parts"]:
        # Refused whole rather than cut: reading only some of it would be the silent cap the
        # plugin seed warns of, and each part is a model call the user pays for.
        return done("too-long", f"the conversation{since} would take {total} model calls of extract.chunk_chars "
                                f"({conf['chunk_chars']}) characters each, over extract.max_parts ({conf['max_parts']}): "
                                "nothing was sent; raise either setting to read it")
    report.notes += prompts.notes(conf["tool_chars"])  # what the model is sent (not said of a refusal)
    problem = _cannot_finish(target.path, write=not report.dry_run, record=record)
    if problem:
        # Checked before the first model call: an answer that could be neither written nor
        # recorded would be a paid call thrown away in silence.
        return done("error", f"memsync's cache cannot hold this run's locks or status ({problem}): the "
                             "transcript was not sent to the model and nothing was written; fix the cache folder "
                             "or point MEMSYNC_CACHE_DIR at a usable one")
    candidates = []
    for n, text in enumerate(prompts.texts, 1):
        where = f" (part {n} of {total})" if total > 1 else ""
        report.parts = n
        try:
            answer = model.run(words, text, conf["timeout"], cwd=os.fspath(cwd) if cwd is not None else None)
        except model.ModelError as exc:
            return done(exc.outcome, f"{exc}{where}; nothing was written")
        report.seconds += answer.seconds
        try:
            candidates += parse(answer.text)
        except Unparseable as exc:
            return done("unparseable", f"{exc}{where}; nothing was written")
    try:
        report.fates = decide(candidates, memory, dry_run=report.dry_run, scope=scope, local=local_paths(cwd),
                              replaceable=shown)
    except WritesDisabled as exc:
        return done("writes-disabled", str(exc))
    done(*_summary(report.fates, report.dry_run))
