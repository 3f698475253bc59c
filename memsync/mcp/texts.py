"""What the model reads about memsync's tools: the server instructions and each tool's description.

Hosts load the instructions and tool names at session start and cut descriptions and
instructions at 2 KB (Claude Code's tool search), so each text says first *when* to
call, then what the tool will not do; a test keeps every text under 2,000 bytes.
Rewording a memory server's descriptions alone has moved right-tool choice from 80%
to 100% (modelcontextprotocol/servers PR #4519): these words are part of the feature.
"""
from __future__ import annotations

INSTRUCTIONS = """\
memsync is the long-term memory of this project and of the user (Markdown in git, shared across \
sessions, devices and agents).

Recall before answering: at the start of a task, and whenever the user asks how something is done \
here, why it was decided, what they prefer, or what went wrong before, call memory_recall with a few \
keywords (any language) and follow what it returns; name the id you relied on.

Remember (memory_remember) what a future session needs and cannot read from the code:
- the user's preferences;
- decisions, with their reason;
- non-obvious pitfalls, with their root cause;
- project conventions.
Do not remember what the code or docs already show, the current task's state or plan, branch \
names or file paths, or one-off conversation. One fact per entry, a one-line summary.

Iron rules are written only by people: a rule you store becomes a proposal for a person to accept. \
Secrets are refused. A near-duplicate is refused with the existing id: update that entry instead. \
Forget only what the user asks to forget or what you verified is wrong. \
The server finds the project itself: never pass a path.
"""

RECALL = """\
Search long-term memory (this project's and the user's) and read the best entries in full.

Call it BEFORE answering when the task touches how things are done here, past decisions, the user's \
preferences, conventions, or something that failed before; and at the start of a task. Give a few \
keywords as `query` (Chinese, English or mixed; fewer, rarer words work best). Each hit comes with its \
id, summary and body; follow what it says and name the id you relied on.

With `id` instead of `query` it returns that one entry as stored; a long body comes in pieces: pass \
`offset` (the result says which) to read on.

Optional: `category` or `kind` to narrow, `scope` ("project" or "global") for one memory only, \
`limit` (default 5).

It does not change memory and never reads outside the memory folders. No hits is an answer: the \
memory holds nothing on that; do not retry with the same words.
"""

REMEMBER = """\
Store one thing worth knowing in a future session: a user preference, a decision with its reason, a \
non-obvious pitfall with its root cause, or a project convention.

Call it when you learn such a thing (the user states a preference or corrects you, a decision is \
made, a bug's root cause is found), not for what the code or docs show, the current task's state, \
branch names, file paths or chat.

Give `summary` (one line: the fact itself), `category` (rules, preferences, decisions, pitfalls, \
facts), `body` (context, reason, root cause), and `load_when` (a few trigger words that should bring \
it back). Optional: `kind`, `highlight`, `pinned`, `supersedes` (ids this replaces), `scope` \
("project" or "global"; default: the project's memory when there is one). To change an existing \
entry pass its `id` and only the fields that change.

It will not: write iron rules (a rule is stored as a proposal for a person), store secrets (refused, \
nothing written), store a near-duplicate (refused with the existing id: update that one, or pass \
`force` if it truly says something new), rewrite or unpin a pinned entry (the user marked it to keep: \
only if the user asks, with `force`), or write when the user turned writing off (then no other \
way will work either; do not retry). A refusal says what to do instead.
"""

FORGET = """\
Delete one memory entry by `id` (as memory_recall shows it).

Call it only when the user asks to forget something, or when you verified an entry is wrong and the \
user agrees. To correct an entry, prefer memory_remember with its `id`; to replace it, \
memory_remember with `supersedes` (the old one stays on disk, out of search).

It will not delete a pinned entry unless `force` is given (ask the user first), nor anything but one \
entry inside memory; an unknown id is refused with a hint. The deletion is a file removal the user \
can undo from git.
"""

INSPECT = """\
Report on memory's health: entries per category and kind, pinned and superseded entries, rule \
proposals waiting for a person, conflict copies to merge, what an index misses, recall and context \
counters, and the last context, extraction and sync runs with their reasons.

Call it when the user asks what memory holds or whether it works, or when recall or remember \
behaves unexpectedly. Optional `scope` ("project" or "global").

It does not change anything and does not list entries' contents (use memory_recall for those).
"""

# Parameters a model reaches for that mean one of ours (or that we refuse to take).
ALIASES = {
    "content": "body", "text": "body", "details": "body", "note": "body", "description": "body",
    "title": "summary", "name": "summary", "fact": "summary",
    "tags": "load_when", "triggers": "load_when", "keywords": "load_when", "loadWhen": "load_when",
    "type": "kind", "memory_id": "id", "entry_id": "id", "identifier": "id",
    "q": "query", "search": "query", "question": "query", "categories": "category",
}
NO_PATHS = ("project", "path", "root", "directory", "dir", "cwd", "file", "project_id", "workspace")
