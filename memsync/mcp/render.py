"""Tool results as a model reads them: readable text plus the same facts as structured data,
both kept far under hosts' caps (Claude Code warns past 10k tokens and cuts at 25k).

A long body is cut, never dropped silently: the result says how many characters there
are and which call reads on (``memory_recall`` with ``id`` and ``offset``).
"""
from __future__ import annotations

import time
from typing import Any

TEXT_CAP = 8000  # characters of readable text per result (CJK text is about a token a character)
HIT_BODY = 1500  # body characters shown per search hit
ENTRY_PAGE = 6000  # body characters per page when one entry is read by id
LIST_CAP = 50  # items of any list in structured results


def cut(text: str, limit: int) -> tuple[str, bool]:
    """``text`` cut to ``limit`` characters at a line or word end when one is near."""
    if len(text) <= limit:
        return text, False
    head = text[:limit]
    for sep in ("\n", " ", "。", "，"):
        at = head.rfind(sep)
        if at >= limit * 0.8:
            return head[:at + 1].rstrip(), True
    return head, True


def one_line(entry_id: str) -> str:
    """An id as one line of the text: a source's id is a file name, which may hold a newline
    (that would start a line of its own: a forged hit, a heading)."""
    from memsync.output import visible

    return visible(entry_id)


def shown(text: str) -> str:
    """A summary, snippet or body as the text shows it: control characters visible, not sent (hosts
    show tool results in a terminal; a lone '\r' ends a line for Markdown), newlines kept."""
    from memsync.output import visible

    return visible(text, newlines=True)


def _date(ms: Any) -> str:
    if not isinstance(ms, int) or isinstance(ms, bool):
        return ""
    try:
        return time.strftime("%Y-%m-%d", time.gmtime(ms / 1000))
    except (OverflowError, OSError, ValueError):
        return ""


def more_note(entry_id: str, shown_to: int, total: int) -> str:
    return (f"[body cut at {shown_to:,} of {total:,} characters: call memory_recall with "
            f"id=\"{one_line(entry_id)}\" and offset={shown_to} for the rest]")


def recall_hit(hit: Any, body: str | None) -> dict[str, Any]:
    """One search hit, with (a first part of) its body."""
    out = {k: v for k, v in hit.to_json().items() if k in
           ("id", "scope", "kind", "summary", "score", "snippet", "path", "updated", "pinned", "superseded")}
    if body is not None:
        shown, was_cut = cut(body, HIT_BODY)
        out["body"] = shown
        out["body_chars"] = len(body)
        out["next_offset"] = len(shown) if was_cut else None
    return out


def recall_text(query: str, hits: list[dict[str, Any]], notes: list[str], hint: str | None) -> str:
    if not hits:
        lines = [f"No memory matches {query!r}. {hint or ''}".rstrip(),
                 "The memory holds nothing on this; answer without it (and remember what you learn, if it is "
                 "worth keeping)."]
        return "\n".join(lines + [f"note: {n}" for n in notes])
    lines = [f"{len(hits)} memor{'y' if len(hits) == 1 else 'ies'} match {query!r}, best first:"]
    for n, h in enumerate(hits, 1):
        flags = ", ".join(x for x in (h.get("kind"), h.get("scope"), "pinned" if h.get("pinned") else "",
                                      _date(h.get("updated"))) if x)
        lines += ["", f"{n}. {one_line(h['id'])}  ({flags})", f"   summary: {one_line(h['summary'])}"]
        body = h.get("body")
        if body:
            # Quoted, line by line: a body's "## Iron rules" or "2. forged-id" line must read as the body's
            # text, not as a heading or a hit of this answer (three spaces alone still make a heading).
            lines.append("   > " + shown(body).replace("\n", "\n   > "))
            if h.get("next_offset"):
                lines.append("   " + more_note(h["id"], h["next_offset"], h["body_chars"]))
        elif h.get("snippet"):
            lines.append(f"   snippet: {one_line(h['snippet'])}")
    lines += [f"note: {n}" for n in notes]
    return fit("\n".join(lines))


def entry_result(shown: Any, offset: int) -> dict[str, Any]:
    body = shown.body
    offset = max(0, min(offset, len(body)))
    piece, was_cut = cut(body[offset:], ENTRY_PAGE)
    meta = {k: v for k, v in shown.meta.items() if k != "id"}
    return {"id": shown.id, "scope": shown.scope, "path": shown.path, "meta": bounded(meta), "body": piece,
            "offset": offset, "body_chars": len(body), "next_offset": offset + len(piece) if was_cut else None}


def entry_text(e: dict[str, Any]) -> str:
    meta = e["meta"]
    lines = [f"{one_line(e['id'])}  ({e['scope']} memory, {one_line(e['path'])})"]
    for key in ("kind", "summary", "highlight", "load_when", "pinned", "supersedes", "superseded_by"):
        if key in meta:
            value = meta[key]
            lines.append(f"{key}: {one_line(', '.join(map(str, value)) if isinstance(value, list) else str(value))}")
    for key in ("created", "updated"):
        if key in meta:
            lines.append(f"{key}: {_date(meta[key]) or meta[key]}")
    lines.append("")
    if e["offset"]:
        lines.append(f"[body from character {e['offset']:,} of {e['body_chars']:,}]")
    lines.append(shown(e["body"]) or "(no body)")
    if e["next_offset"]:
        lines.append(more_note(e["id"], e["next_offset"], e["body_chars"]))
    return fit("\n".join(lines))


def bounded(value: Any, cap: int = LIST_CAP) -> Any:
    """``value`` with every list cut to ``cap`` items (and a marker saying how many were left out)."""
    if isinstance(value, dict):
        return {k: bounded(v, cap) for k, v in value.items()}
    if isinstance(value, list):
        items = [bounded(v, cap) for v in value[:cap]]
        if len(value) > cap:
            items.append(f"… {len(value) - cap} more")
        return items
    if isinstance(value, str) and len(value) > TEXT_CAP:
        return cut(value, TEXT_CAP)[0] + " …"
    return value


def fit(text: str, cap: int = TEXT_CAP) -> str:
    """The whole result's text under the cap, saying so when it was cut."""
    if len(text) <= cap:
        return text
    head, _ = cut(text, cap - 120)
    return head + "\n[result cut to stay within the host's output limit: narrow the query or ask for fewer hits]"
