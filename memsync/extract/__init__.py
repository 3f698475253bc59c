"""Extraction: transcripts in, vetted memories out (SPEC §10; docs/extract.md).

    from memsync.extract import extract, judge

    report = extract("session.jsonl", model_cmd="llm -m gpt-4o-mini", dry_run=True)
    print(report.outcome, report.reason)           # e.g. dry-run: would write 2 of 3 candidates …
    for fate in report.fates:
        print(fate.label, fate.candidate.summary)  # written / duplicate of ID / dropped: task state …

    judge([{"category": "decisions", "summary": "Deploys use pnpm, not npm"}], root=".memory")

Modules: ``transcript`` (JSONL / ``role: text`` -> turns), ``prompt`` (turns -> masked
prompts from templates/extract-prompt.md, in parts when long), ``model`` (the user's
command, a deadline, the process group killed), ``answer`` (tolerant JSON reading),
``screen`` (what not to remember), ``fates`` (each candidate through remember's gates),
``run`` (one run and its status), ``hook`` (Claude Code's Stop / PreCompact, detached).
No model SDK is imported anywhere: without a model command nothing is sent anywhere.
"""
from __future__ import annotations

from memsync.extract.answer import Candidate, Unparseable, parse
from memsync.extract.fates import FATES, Fate, decide, judge
from memsync.extract.run import DONE, FAILED, WAITING, ExtractFailed, Report, extract

__all__ = ["DONE", "FAILED", "FATES", "WAITING", "Candidate", "ExtractFailed", "Fate", "Report", "Unparseable",
           "decide", "extract", "judge", "parse"]
