"""What must not be remembered (SPEC §10; the plugin seed's "该记什么" table). Pure.

A memory is what stays true after the session: the seed's judgement is *stale risk*.
Dropped before any write, with the reason shown:

- **task state** — status, progress, next steps, to-do lists, "tests pass now", "this
  session", "today", and work logs ("Fixed the login bug", "Added tests for X": what git
  log already says): true for an hour, wrong next week;
- **branch** — a git branch name or "the current branch" (``main``/``master`` named in
  a convention, like "never push to main", is a convention, not a branch name);
- **path** — an absolute path on this machine (a home folder, a temporary folder,
  the project's own location): it means nothing on another device and names the user;
  system paths (``/etc/…``), home-relative ones (``~/.config/…``, the same on every
  machine) and paths inside the project (``src/app.py``) pass;
- **chatter** — greetings and thanks, "the user asked …", or too few words to say
  anything.

Task state and chatter are read in the summary and kind (a body may tell how a fact was
found); branches and paths anywhere, since they would be written into git either way.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from memsync.extract.answer import Candidate

_STATE_KINDS = frozenset({"task", "todo", "to-do", "status", "progress", "wip", "state", "plan", "next-step",
                          "next-steps", "next step", "session", "task-state", "任务", "进度", "状态", "待办"})
_CHATTER_KINDS = frozenset({"chatter", "chat", "conversation", "greeting", "smalltalk", "small-talk", "thanks",
                            "闲聊", "对话"})

_STATE_EN = re.compile(
    r"\b(?:todo|to-do|wip|work in progress|in progress|next steps?|remaining (?:work|tasks?|steps?|items?)"
    r"|still (?:needs?|has|have) to(?! be)"
    r"|(?:i am|i'm|we are|we're|assistant is|claude is)(?: now| currently| still)? (?:working on|implementing|fixing"
    r"|debugging|investigating|refactoring|adding|writing|looking into|about to|going to)"
    r"|currently (?:working|implementing|fixing|debugging|investigating|refactoring|on|in the middle)"
    r"|(?:is|are|was|were) (?:now|finally|already) (?:done|finished|complete|completed|passing|failing|green|red"
    r"|merged|fixed|working|broken|pushed|deployed)"
    r"|(?:tests?|ci|build|pipeline|checks?) (?:is |are )?(?:now )?(?:pass(?:es|ing)?|fail(?:s|ing)?|green|red|broken)"
    r" (?:now|again|at the moment)"
    r"|tests? (?:now )?pass(?:es)? now|(?:now|finally) (?:passes|pass|works|work)"
    r"|has been (?:done|finished|completed|merged|implemented)|(?:finished|completed|done) (?:implementing|writing"
    r"|fixing|with)|(?:this|the current|current|our) task(?! runner| queue| scheduler| file)"
    r"|current(?:ly)? (?:step|status|progress|state of)"
    r"|this (?:session|conversation|chat|turn)|in this (?:pr|pull request)"
    r"|(?:pr|pull request|mr|merge request) ?#?\d+ (?:is|was|has)|left off|pick(?:ed)? up where"
    r"|today|tonight|tomorrow|yesterday|this morning|this afternoon|just now|right now|at the moment"
    r"|(?:let's|let us|we'll|we will|i'll) (?:continue|pick (?:this|it) up|resume|finish)"
    r"|(?:until|once|when|after) (?:that|the|this|our|my) (?:branch|pr|pull request|mr) (?:is|gets|has been) merged)\b"
    r"|^(?:all )?(?:\d+ )?tests? (?:pass|passed|are passing|are green)(?: now| again)?[.!]?$",
    re.IGNORECASE)
# A work log ("Fixed the login bug", "Added tests for X"): what git log already says. With
# its reason ("… because the S3 client times out") it is a decision or a pitfall, and stays.
_WORK_LOG = re.compile(
    r"^(?:i |we |claude |the assistant |assistant )?(?:fixed|implemented|added|refactored|updated|created|wrote"
    r"|removed|deleted|renamed|moved|merged|committed|pushed|ran|installed|bumped|completed|finished|started"
    r"|began|reverted|rewrote|cleaned up)\b"
    r"|^(?:我|我们|助手)?(?:修复了|实现了|添加了|新增了|重构了|更新了|创建了|删除了|提交了|推送了|完成了|写了|改了)"
    r"|^(?:我|我们|助手)?已(?:经)?(?:修复|实现|添加|新增|重构|更新|创建|删除|提交|推送|完成|合并|部署|改好|修好|写好)",
    re.IGNORECASE)
_REASON = re.compile(r"\b(?:because|since|so that|to avoid|to prevent|otherwise)\b|因为|由于|为了|以免|否则",
                     re.IGNORECASE)
_STATE_ZH = re.compile(
    r"当前任务|当前进度|当前状态|目前(?:正在|还在|的进度|的状态)|正在(?:做|进行|处理|修|实现|调试|开发|写|排查|重构|添加)"
    r"|下一步|接下来(?:要|会|再)|待办|未完成|进行中|已(?:经)?完成了?|做完了|写完了|修好了|搞定了|还没(?:有)?(?:做|完成|修|写|测)"
    r"|(?:这|本)(?:次|轮)(?:会话|对话|任务)|今天|今晚|明天|昨天|刚才|刚刚|现在(?:已经|终于)|测试(?:现在|终于|已经)?(?:全部)?(?:通过了|过了|挂了)"
    r"|(?:下次|回头|之后)(?:再)?继续|等(?:这个|那个)?分支合并")

_NAME = r"([A-Za-z0-9][A-Za-z0-9._/-]*)"
_BRANCHY = r"([A-Za-z0-9]+[-_/.0-9][A-Za-z0-9._/-]*)"  # fix-123, user/topic: looks like a branch, not a word
# A concrete branch name: prefix/name, or the word branch next to a name that is not generic.
_BRANCH_PREFIXED = re.compile(r"(?<![\w./-])(?:feature|feat|fix|bugfix|hotfix|release|chore|topic|wip|refactor"
                              r"|claude|codex)/[A-Za-z0-9][A-Za-z0-9._/-]*", re.IGNORECASE)
_BRANCH_NAMED = re.compile(
    r"\bon (?:the )?branch\s+[`'\"]?" + _NAME
    + r"|\bbranch(?:es)? (?:named|called)\s+[`'\"]?" + _NAME
    + r"|\bbranch\s+[`'\"]" + _NAME
    + r"|\bbranch\s+" + _BRANCHY
    + r"|\bgit\s+(?:checkout|switch)(?:\s+-[bBcC])?\s+[`'\"]?" + _BRANCHY
    + r"|\b(?:checked out|switched to|created) (?:the |a )?(?:new )?branch\s+[`'\"]?" + _NAME
    + r"|分支\s*[`'\"「]?" + _BRANCHY + r"|" + _BRANCHY + r"[`'\"」]?\s*分支"
    + r"|(?<![\w./-])([A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w./-]*)[`'\"]?(?=[^.!?\n]{0,60}\bbranch\b)",
    re.IGNORECASE)
_CURRENT_BRANCH = re.compile(r"\bcurrent(?:ly on (?:the )?| )branch\b|当前分支|现在的分支|所在分支", re.IGNORECASE)
_GENERIC_BRANCHES = frozenset({"main", "master", "develop", "development", "dev", "trunk", "default", "stable",
                               "production", "prod", "staging", "gh-pages", "head", "origin", "upstream",
                               "feature", "release", "hotfix", "topic", "git", "remote", "local"})

# Absolute paths that belong to one machine or one user (with a folder after the prefix).
_LOCAL_PATH = re.compile(
    r"(?<![\w.~-])(?:/(?:home|Users|root|tmp|var/tmp|private/var|private/tmp|mnt|media|Volumes|run/user"
    r"|workspace|workspaces)/[\w.-]"
    r"|[A-Za-z]:[\\/](?:Users|Documents and Settings|tmp|temp)[\\/]|\\\\[\w.-]+\\[\w.$-])",
    re.IGNORECASE)

_CHATTER = re.compile(
    r"^(?:the )?user (?:said|says|asked|asks|thanked|greeted|replied|responded|typed|wrote|confirmed|agreed|approved"
    r"|was happy|is happy|liked)\b(?!.*\b(?:always|never|prefers?|should|must|every time|from now on)\b)"
    r"|^(?:thanks|thank you|thx|hello|hi|hey|good morning|good night|goodbye|bye|you're welcome|no problem"
    r"|sounds good|looks good|great job|well done|nice work)(?:[\s,.!]|$)"
    r"|^(?:ok|okay|sure|yes|no|got it|done|great|perfect|cool)\b[.!]?$"
    r"|^(?:ok|okay|great|perfect|cool|nice|awesome|alright|all right)[,!]"
    r"|^(?:the )?user (?:wanted|wants|needed|requested|asked for) (?:a |an |the )?(?:quick |short |brief )?"
    r"(?:explanation|summary|overview|walkthrough|review|look|hand|help|answer)\b"
    r"|^(?:we |i )?(?:discussed|talked about|chatted about)\b|^(?:the|this) conversation\b"
    r"|^用户(?:说|问|问了|让我|感谢|表示感谢|打了招呼|同意|确认)(?!.*(?:总是|一律|永远|不要|别|必须|偏好|喜欢|以后))"
    r"|^(?:谢谢|你好|再见|辛苦了|好的)|^(?:我们)?(?:讨论了|聊了)"
    r"|^用户(?:想|想要|需要|请求)(?:一个|一下)?(?:快速|简单|简短)?的?(?:解释|说明|总结|介绍|看看)",
    re.IGNORECASE)


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:39] + "…"


def why_not(c: Candidate, *, local_paths: Sequence[str] = ()) -> str | None:
    """Why ``c`` must not be remembered ("task state (…)", "branch (…)", "path (…)",
    "chatter (…)"), or None. ``local_paths`` are this machine's folders (the project's
    location, the working directory): a path under one of them is local too."""
    from memsync.dedupe import keywords

    kind = (c.kind or "").strip().casefold()
    if kind in _STATE_KINDS:
        return f"task state (kind {kind})"
    if kind in _CHATTER_KINDS:
        return f"chatter (kind {kind})"
    head = c.summary
    m = _STATE_EN.search(head) or _STATE_ZH.search(head)
    if m:
        return f"task state ({_shown(m.group())!r})"
    m = _WORK_LOG.search(head)
    if m and not _REASON.search(head):
        return f"task state (a work log: {_shown(m.group())!r})"
    m = _CHATTER.search(head.strip())
    if m:
        return f"chatter ({_shown(m.group())!r})"
    if len(keywords(head)) < 2 and len(keywords(f"{head} {c.body}")) < 3:
        return "chatter (too few words to say anything)"
    everything = "\n".join([c.summary, c.body, *c.load_when])
    m = _CURRENT_BRANCH.search(everything)
    if m:
        return f"branch ({_shown(m.group())!r})"
    m = _BRANCH_PREFIXED.search(everything)
    if m and not re.search(r"\.[A-Za-z0-9]{1,5}$", m.group()):  # fix/notes.md is a file
        return f"branch ({_shown(m.group())!r})"
    for m in _BRANCH_NAMED.finditer(everything):
        name = next((g for g in m.groups() if g), "")
        if name and name.casefold() not in _GENERIC_BRANCHES and not name.startswith("-") \
                and not re.search(r"\.[A-Za-z0-9]{1,5}$", name):  # src/app.py is a file, not a branch
            return f"branch ({_shown(m.group())!r})"
    m = _LOCAL_PATH.search(everything)
    if m:
        return f"path ({_shown(_path_at(everything, m.start()))!r})"
    for folder in local_paths:
        folder = folder.rstrip("/\\")
        if len(folder) > 1 and folder in everything:
            return f"path ({_shown(folder)!r})"
    return None


def _path_at(text: str, start: int) -> str:
    m = re.compile(r"[^\s'\"`<>|,;)]+").match(text, start)
    return m.group() if m else text[start:start + 40]


# A rule a model wants (SPEC §10: rule-like candidates become rule proposals): a universal
# imperative, whatever kind the model gave it. Only a person makes it binding.
_RULE_LIKE = re.compile(
    r"^(?:always|never|do not|don't|must|only ever|under no circumstances)\b(?!-)"
    r"|\b(?:must (?:always|never|not)|is (?:forbidden|not allowed|prohibited)|are (?:forbidden|not allowed|prohibited)"
    r"|never ever|no exceptions|without exception|from now on,? (?:always|never))\b"
    r"|一律|禁止|不许|不准|严禁|务必|不得|永远不要|绝不|^必须|^(?:所有|任何|每个|每次)[^，。,.]{0,20}(?:必须|都要)",
    re.IGNORECASE)
_PREFERENCE = re.compile(r"^(?:the )?user (?:prefers|likes|wants|would like)\b|^用户(?:偏好|喜欢|希望|倾向)", re.IGNORECASE)


def rule_like(c: Candidate) -> bool:
    """Is the candidate's summary a universal rule ("Always …", "禁止 …"), not a preference?"""
    head = c.summary.strip()
    return bool(_RULE_LIKE.search(head)) and not _PREFERENCE.search(head)
