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
ENTRY_PAGE = 6000  # body characters per page, as shown, when one entry is read by id
HEAD_CAP = 2000  # characters of an entry's header (id, path, summary ...) when it is read by id
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


def page(body: str, offset: int, room: int) -> str:
    """The part of ``body`` from ``offset`` that shows (``shown``) in at most ``room`` characters,
    ended at a line or word end when one is near. Measured as shown: a control character shows as
    4 and would push the paging note past the text cap. Never empty while body is left (every page
    moves on) and never trimmed, so the pages joined give the body back exactly."""
    rest = body[offset:offset + room]
    if len(shown(rest)) > room:
        used = n = 0
        for ch in rest:  # each character shows on its own (``visible`` maps one at a time)
            used += len(shown(ch))
            if used > room:
                break
            n += 1
        rest = rest[:max(n, 1)]
    if offset + len(rest) < len(body):
        for sep in ("\n", " ", "。", "，"):
            at = rest.rfind(sep)
            if at >= len(rest) * 0.8:
                return rest[:at + 1]
    return rest


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
        first = page(body, 0, HIT_BODY)  # the first page: measured and never empty, as read by id
        out["body"] = first
        out["body_chars"] = len(body)
        out["next_offset"] = len(first) if len(first) < len(body) else None
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
            lines.append("   > " + shown(body).rstrip().replace("\n", "\n   > "))  # a page may end in a newline
            if h.get("next_offset"):
                lines.append("   " + more_note(h["id"], h["next_offset"], h["body_chars"]))
        elif h.get("snippet"):
            lines.append(f"   snippet: {one_line(h['snippet'])}")
    lines += [f"note: {n}" for n in notes]
    return fit("\n".join(lines))


def entry_result(entry: Any, offset: int) -> dict[str, Any]:
    if entry.unreadable:
        # Refused by name, as `memsync remember --id` is: an empty read would have the model write a second entry.
        from memsync.gates import BadInput

        raise BadInput(f"{one_line(entry.id)} exists but cannot be read: {'; '.join(entry.unreadable)}. The file "
                       "must be fixed by hand (`memsync lint` lists what is wrong, `memsync show "
                       f"{one_line(entry.id)}` prints it as stored); do not write another entry for it")
    body = entry.body
    offset = max(0, min(offset, len(body)))
    meta = {k: v for k, v in entry.meta.items() if k != "id"}
    e = {"id": entry.id, "scope": entry.scope, "path": entry.path, "meta": bounded(meta), "body": "",
         "offset": len(body), "body_chars": len(body), "next_offset": len(body)}
    # The page gets the room the header and both notes leave (at their longest), so the note that
    # reads on is never cut from the text.
    piece = page(body, offset, max(1, min(ENTRY_PAGE, TEXT_CAP - len(entry_text(e)))))
    end = offset + len(piece)
    return e | {"body": piece, "offset": offset, "next_offset": end if end < len(body) else None}


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
    head, was_cut = cut("\n".join(lines), HEAD_CAP)  # a hand-written huge summary must leave the body room
    lines = [head + (" …" if was_cut else ""), ""]
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
