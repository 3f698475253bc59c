"""The scanning engine: bytes in, findings out; files and pipes streamed in bounded windows.

All matching happens on UTF-8 bytes. A token's alphabet is ASCII, so any byte
of a multi-byte character — Chinese text, ``，`` ``。`` ``）`` ``」``, the
ideographic space — ends it without special cases, and invalid UTF-8 needs no
decoding at all. Rules are loaded and compiled on the first scan, so importing
this module costs almost nothing (hooks start a process per commit).
"""
from __future__ import annotations

import bisect
import codecs
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from memsync.errors import MemsyncError
from memsync.secrets.finding import Finding, fingerprint, mask

SNIFF = 8000  # bytes looked at to tell UTF-16 from other data holding NUL bytes
CHUNK = 1 << 20  # bytes read at a time from a file or pipe
OVERLAP = 64 << 10  # longer than any secret a rule matches (JWT <= 25 KiB, PEM window 16 KiB)
CONTEXT = 1 << 10  # bytes before a token a rule may look back at (key names, URL schemes)

_CONTINUATION = bytes(range(0x80, 0xC0))
_ALLOW_MARKER = re.compile(rb"memsync:[ \t]*allow-secret")
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

Reader = Callable[[int], bytes]
Hit = tuple  # (start, end, rule id, secret bytes)
_engine_state: tuple[list, dict] | None = None


def _engine() -> tuple[list, dict]:
    """The trigger passes and the (anchor, lowered) -> rules map, built once per process."""
    global _engine_state
    if _engine_state is None:
        from memsync.secrets import trigger

        # Priority decides overlaps: a vendor shape beats a URL/PEM/header rule beats a keyword.
        ordered = [(rule.priority, rule) for rule in _all_rules()]  # type: ignore[attr-defined]
        dispatch: dict[tuple[bytes, bool], list] = {}
        triggers = []
        for priority, rule in ordered:
            long = getattr(rule, "long", False)
            for anchor, tail in rule.triggers:  # type: ignore[attr-defined]
                key = anchor.encode("utf-8")
                dispatch.setdefault((key, rule.lowered), []).append((priority, rule))  # type: ignore[attr-defined]
                triggers.append((key, tail, rule.lowered, long))  # type: ignore[attr-defined]
        _engine_state = (trigger.plan(triggers), dispatch)
    return _engine_state


def _all_rules() -> tuple:
    from memsync.secrets import keywords, rules, shapes, structured, vendors

    return (*rules.TOKEN_RULES, *vendors.TOKEN_RULES, *structured.RULES, *shapes.RULES, keywords.RULE)


def rule_ids() -> list[str]:
    """Every rule id a finding can carry, sorted (docs/secrets.md lists them all)."""
    found = {rule_id for rule in _all_rules() for rule_id in getattr(rule, "ids", (rule.id,))}
    return sorted(found | {"key-file"})  # key_file_hits: judged by the file's name, not a rule


SHORT = 16 << 10  # below this a pass whose literals are all absent is skipped (see trigger.Pass.words)
CHECKS = 64  # texts a pass is spared compiling for; a process scanning more compiles it once
# Up to this size, a text is first searched with one alternation of every pass: for a short
# text, starting thirty scans costs more than the scanning (an extraction masks each turn of
# a session apart: 198 bytes took 34 us, 4.6 of them in the alternation). Above it, the
# alternation's slower per-byte scan loses to the literal-led passes.
QUICK = 1 << 10
_quick_state: list = [0, None]  # short texts seen; then (original-bytes regex, lowered regex)


def _nothing_to_find(buf: bytes) -> bool:
    """True when no pass can match ``buf`` (short texts, once a process has scanned CHECKS of them:
    compiling the alternation, ~16 ms, pays only in a batch)."""
    if len(buf) > QUICK:
        return False
    if _quick_state[1] is None:
        _quick_state[0] += 1
        if _quick_state[0] <= CHECKS:
            return False
        passes, _ = _engine()
        _quick_state[1] = tuple(re.compile(b"|".join(b"(?:" + p.source + b")" for p in passes if p.lowered is low))
                                for low in (False, True))
    original, lowered = _quick_state[1]
    return original.search(buf) is None and lowered.search(buf.lower()) is None


def _positions(scan, haystack: bytes | None):  # type: ignore[no-untyped-def]
    """A pass's anchor positions in ``haystack``. Until the pass is compiled, a short text
    holding none of its literals gives none without compiling it: a hook or a search
    masking a few snippets compiles only the passes its text could match (a batch scan
    compiles them all after a few dozen files and then scans at memory speed)."""
    assert haystack is not None
    if scan._regex is None and len(haystack) <= SHORT and scan.checks < CHECKS:
        scan.checks += 1
        if not any(w in haystack for w in scan.words):
            return ()
    return scan.positions(haystack)


DEPTH = 2  # decodings stacked at most (an escaped string inside base64); see encoded.py


def find_hits(buf: bytes, depth: int = DEPTH) -> list[Hit]:
    """(start, end, rule id, secret[, encoding]) for every secret in ``buf``, sorted by start.

    Plain hits never overlap. A secret found under an encoding (``depth`` decodings at
    most) is placed at its encoded span, with the decoded secret and a fifth field
    naming the encoding; two secrets inside one encoded run share its span.
    """
    ascii_only = buf.isascii()
    kept = _plain_hits(buf, ascii_only)
    if depth > 0:
        from memsync.secrets.encoded import decoded_hits

        # Runs inside a vendor or shape hit hold nothing new; a keyword hit or a veto may
        # have judged the encoded text, not what it stands for.
        from memsync.secrets.keywords import RULE as KEYWORDS

        found = [(h[0], h[1]) for h in kept if h[2] is not None and h[2] not in KEYWORDS.ids]
        extra = decoded_hits(buf, ascii_only, depth, find_hits, found)
        if extra:
            kept = _with_decoded(kept, extra)
    return [hit for hit in kept if hit[2] is not None]


def _plain_hits(buf: bytes, ascii_only: bool) -> list[Hit]:
    """Hits of the rules on ``buf`` as written, sorted, no overlaps, vetoes kept (rule id None).

    A rule may answer with a veto for a span that is public by design (a Firebase
    config's apiKey, a Secret's base64 "changeme"): it keeps every lower-priority
    rule, and every decoded finding, off that span.
    """
    if _nothing_to_find(buf):
        return []
    passes, dispatch = _engine()
    lowered = None
    found: list[tuple[float, Hit]] = []
    for scan in passes:
        if ascii_only and not scan.ascii:
            continue
        if scan.lowered and lowered is None:
            lowered = buf.lower()
        for pos, anchor in _positions(scan, lowered if scan.lowered else buf):
            for priority, rule in dispatch[(anchor, scan.lowered)]:
                hit = rule.match(buf, pos, anchor)
                if hit is None:
                    continue
                if isinstance(hit, list):  # a rule that reads a block (a Kubernetes Secret's data)
                    found += ((priority, h) for h in hit)
                else:
                    found.append((priority, hit))
                break
    if len(found) < 2:
        return [hit for _, hit in found]
    # Overlaps are rare and local: split the hits into runs of overlapping spans (one sweep
    # by start) and settle each run by priority. A line of 20 000 tokens stays n log n.
    found.sort(key=lambda item: (item[1][0], item[1][1]))
    kept: list[Hit] = []
    run: list[tuple[float, Hit]] = []
    run_end = -1
    for item in found:
        if item[1][0] >= run_end and run:
            kept += _settle(run)
            run = []
        run.append(item)
        run_end = max(run_end, item[1][1]) if len(run) > 1 else item[1][1]
    kept += _settle(run)
    return kept


def _with_decoded(plain: list[Hit], decoded: list[Hit]) -> list[Hit]:
    """Plain hits plus the decoded ones that say more.

    Among decoded hits the longer span wins (repeats of one span are kept: two secrets in
    one run). A decoded hit is kept where every plain hit it overlaps gives way (_yields):
    a keyword assignment of another rule (``"token": "\\u0067hp_…"`` judged the escaped
    text, not the secret), or a smaller hit inside it (a token split by an invisible
    character whose first part matched on its own). A plain hit of the same span is the
    same finding, made already (a Secret's data value, a Basic header). A veto keeps decoded
    hits off its span, except a run's: a veto on exactly a base64 value (a Secret's entry
    judged "not secret-shaped") yields to the rules finding a secret in what it decodes to.
    """
    from memsync.secrets.keywords import RULE as KEYWORDS

    starts: list[int] = []
    ends: list[int] = []
    spans: dict[tuple[int, int], dict[tuple[str, bytes], Hit]] = {}
    for hit in sorted(decoded, key=lambda h: (h[0] - h[1], h[0], len(h[4]))):
        span = (hit[0], hit[1])
        if span in spans:
            spans[span].setdefault((hit[2], hit[3]), hit)
            continue
        i = bisect.bisect_right(starts, hit[0])
        if (i and ends[i - 1] > hit[0]) or (i < len(starts) and starts[i] < hit[1]):
            continue
        starts.insert(i, hit[0])
        ends.insert(i, hit[1])
        spans[span] = {(hit[2], hit[3]): hit}
    plain_starts = [h[0] for h in plain]
    plain_ends = [h[1] for h in plain]
    keyword_ids = frozenset(KEYWORDS.ids)
    replaced: set[int] = set()
    out: list[Hit] = []
    for (start, end), hits in spans.items():
        inside = range(bisect.bisect_right(plain_ends, start), bisect.bisect_left(plain_starts, end))
        encoding = next(iter(hits.values()))[4]
        run = encoding.startswith(("base64", "hex"))
        dropped = _DROPPED.issuperset(encoding.split("+"))
        rules = {h[2] for h in hits.values()}
        if all(_yields(plain[k], start, end, run, rules, keyword_ids, dropped) for k in inside):
            replaced.update(inside)
            out += hits.values()
    if not out:
        return plain
    out += (h for k, h in enumerate(plain) if k not in replaced)
    out.sort(key=lambda h: (h[0], h[1]))
    return out


# Encodings that only drop characters: a decoded hit under them that holds a plain one of the
# same keyword rule is the same value read past the character that cut it short.
_DROPPED = frozenset({"invisible", "control"})


def _yields(plain: Hit, start: int, end: int, run: bool, rules: set[str], keyword_ids: frozenset[str],
            dropped: bool = False) -> bool:
    """Does a plain hit give way to decoded hits of ``rules`` spanning ``start:end``?"""
    if plain[2] in keyword_ids:
        if dropped and start <= plain[0] and plain[1] < end:
            return True  # "password = Xq7Zk<NUL>P2m…": the plain rule read "Xq7Zk" only
        return plain[2] not in rules  # the same rule on both: the plain finding stands
    if plain[0] < start or plain[1] > end:
        return False
    if plain[2] is None:
        return run and (plain[0], plain[1]) == (start, end)
    return plain[1] - plain[0] < end - start


def _settle(run: list[tuple[float, Hit]]) -> list[Hit]:
    """The hits (and vetoes) of one run of overlapping spans that survive: by priority, then start."""
    if len(run) == 1:
        return [run[0][1]]
    starts: list[int] = []
    ends: list[int] = []
    kept = []
    for _, hit in sorted(run, key=lambda item: (item[0], item[1][0])):
        start, end = hit[0], hit[1]
        i = bisect.bisect_right(starts, start)
        if (i and ends[i - 1] > start) or (i < len(starts) and starts[i] < end):
            continue
        starts.insert(i, start)
        ends.insert(i, end)
        kept.append(hit)
    kept.sort(key=lambda h: h[0])
    return kept


def _chars(data: bytes) -> int:
    """Characters in UTF-8 bytes: every byte that is not a continuation byte starts one."""
    return len(data.translate(None, _CONTINUATION))


def _findings(buf: bytes, hits: list[Hit], path: str, allowlist: frozenset[str], *,
              base: int = 0, line0: int = 1, col0: int = 0) -> list[Finding]:
    """Findings for ``hits`` (sorted); ``buf[base]`` is on line ``line0`` after ``col0`` characters.

    Work per line is done once (marker check) and columns are counted
    incrementally, so a megabyte-long line with thousands of tokens stays linear.
    """
    out = []
    line, counted = line0, base
    line_start = -1
    allowed = False
    chars = chars_at = 0
    for start, _end, rule, secret, *encoding in hits:
        newlines = buf.count(b"\n", counted, start)
        line += newlines
        counted = start
        if newlines or line_start < 0:
            line_start = buf.rfind(b"\n", base, start) + 1 or base
            line_end = buf.find(b"\n", start)
            allowed = _ALLOW_MARKER.search(buf, line_start, line_end if line_end >= 0 else len(buf)) is not None
            chars, chars_at = (col0 if line_start == base else 0), line_start
        if allowed:
            continue
        fp = fingerprint(rule, secret)
        if fp in allowlist:
            continue
        chars += _chars(buf[chars_at:start])
        chars_at = start
        out.append(Finding(path, line, chars + 1, rule, mask(secret), fp, *encoding))
    return out


def _is_utf16(head: bytes) -> bool:
    return head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))


def utf16_encoding(head: bytes) -> str | None:
    """"utf-16" (a byte-order mark), "utf-16-le"/"utf-16-be" (no mark: told by where the NUL
    bytes sit — ASCII characters put a NUL in every high byte), or None for other data."""
    if _is_utf16(head):
        return "utf-16"
    head = head[:SNIFF - SNIFF % 2]
    if b"\0" not in head:
        return None
    even, odd = head[0::2].count(0), head[1::2].count(0)
    floor = max(4, len(head) // 40)  # 5% of the characters are ASCII, at least
    if odd >= floor and even * 8 <= odd:
        return "utf-16-le"
    if even >= floor and odd * 8 <= even:
        return "utf-16-be"
    return None


# A file whose name says it holds a key and whose whole content is one random token: Rails'
# config/master.key and config/credentials/<env>.key (32 hex digits), a MongoDB keyfile (base64,
# maybe wrapped). The content names nothing, so the name is the key word.
KEY_FILE_MAX = 4096
# Lines of one token each (base64 may be wrapped): no spaces inside a line, no "-----BEGIN" (a PEM
# public key or certificate in a *.key file is no secret; a PEM private key is the PEM rule's).
_KEY_FILE_BODY = re.compile(rb"\s*[A-Za-z0-9+/=_][A-Za-z0-9+/=_\-]*(?:[ \t]*\r?\n\s*[A-Za-z0-9+/=_][A-Za-z0-9+/=_\-]*)*\s*")


def key_file_hits(data: bytes, path: str) -> list[Hit]:
    """The token that is the whole content of a ``*.key`` / ``*keyfile`` file, as one hit."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if not name.endswith((".key", "keyfile")) or len(data) > KEY_FILE_MAX or not _KEY_FILE_BODY.fullmatch(data):
        return []
    from memsync.secrets.values import is_placeholder, looks_fake

    token = b"".join(data.split())
    start = len(data) - len(data.lstrip())
    end = len(data.rstrip())
    digits = sum(c in b"0123456789" for c in token)
    if len(token) < 16 or not digits or digits == len(token) or looks_fake(token) or is_placeholder(token):
        return []
    return [(start, end, "key-file", token)]


# Chinese, Japanese and Korean text saved by an older editor or a Windows tool: GBK (read as
# its superset GB18030), Shift_JIS, EUC-KR, Big5. Their key words (密码, パスワード, 비밀번호)
# are not UTF-8 bytes, so the rules cannot see them in the raw data.
LEGACY_CJK = ("gb18030", "shift_jis", "euc_jp", "euc_kr", "big5")
LEGACY_MAX = 16 << 20  # a legacy-encoded file read whole to be decoded; larger ones are scanned as bytes
_CJK_TEXT = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def legacy_encodings(head: bytes) -> tuple[str, ...]:
    """The legacy CJK encodings that ``head`` (the start of a file with no NUL byte that is not
    UTF-8) decodes in without an error and with CJK characters. Every one, not the likeliest:
    GBK bytes are often valid Big5 or EUC-KR too, and only a reader could tell which is meant."""
    if b"\0" in head or head.isascii() or _decodes(head, "utf-8"):
        return ()
    return tuple(e for e in LEGACY_CJK if _decodes(head, e) and _CJK_TEXT.search(head.decode(e, "replace")))


def _decodes(head: bytes, encoding: str) -> bool:
    try:
        codecs.getincrementaldecoder(encoding)("strict").decode(head, final=False)  # a cut last character is fine
    except UnicodeDecodeError:
        return False
    return True


def _with_legacy(data: bytes, raw: list[Finding], encodings: tuple[str, ...], path: str,
                 allowlist: frozenset[str]) -> list[Finding]:
    """``raw`` with what the rules find in ``data`` decoded in each legacy encoding; one finding
    per (line, rule, secret), the decoded one first (its column counts the decoded characters)."""
    seen: dict[tuple[int, str, str], Finding] = {}
    for encoding in encodings:
        for f in scan_text(data.decode(encoding, "replace"), path, allowlist=allowlist):
            seen.setdefault((f.line, f.rule, f.fingerprint), f)
    for f in raw:
        seen.setdefault((f.line, f.rule, f.fingerprint), f)
    return sorted(seen.values(), key=lambda f: (f.line, f.col, f.rule))


# Runs of ASCII text stored as UTF-16 inside other binary data (resources, documents):
# NUL-then-character pairs. The pattern starts with a literal NUL, so the scan jumps
# from NUL to NUL; a little-endian run starts one character earlier (kept below).
_UTF16_RUN = re.compile(rb"(?:\x00[\t\n\r\x20-\x7e]){11,}")
_TEXT_BYTES = frozenset(b"\t\n\r" + bytes(range(0x20, 0x7F)))


def _hits(buf: bytes) -> list[Hit]:
    """find_hits, plus, in data holding NUL bytes (an image, a document, a text file with a
    stray NUL), the secrets in its runs of UTF-16 text, placed at their raw offsets."""
    hits = find_hits(buf)
    if b"\0" not in buf:
        return hits
    extra = []
    for m in _UTF16_RUN.finditer(buf):
        lead = m.start() > 0 and buf[m.start() - 1] in _TEXT_BYTES  # the first character of an LE run
        base = m.start() - 1 if lead else m.start() + 1
        text = buf[base:m.end():2]
        extra += [(base + 2 * a, base + 2 * b - 1, *rest) for a, b, *rest in find_hits(text)]
    if not extra:
        return hits
    seen = {(h[0], h[3]): h for h in extra}
    for h in hits:
        seen[(h[0], h[3])] = h
    return sorted(seen.values())


def scan_text(text: str, path: str = "<text>", *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in a string (what the write paths and sync call before writing)."""
    data = text.encode("utf-8", "surrogatepass")
    return _findings(data, find_hits(data), path, allowlist)


def scan_bytes(data: bytes, path: str, *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in file content of any kind: UTF-8 (or invalid UTF-8) text as bytes, UTF-16
    with or without a byte-order mark decoded first, text in a legacy CJK encoding (GBK,
    Shift_JIS, EUC-KR, Big5) as bytes and decoded, and binary data (a NUL byte, an image)
    scanned as bytes and for its runs of UTF-16 text. Nothing is skipped as binary."""
    encoding = utf16_encoding(data[:SNIFF])
    if encoding is not None:
        return scan_text(data.decode(encoding, "replace"), path, allowlist=allowlist)
    hits = _hits(data)
    named = key_file_hits(data, path)
    raw = _findings(data, sorted(hits + named) if named else hits, path, allowlist)
    legacy = legacy_encodings(data[:SNIFF])
    return _with_legacy(data, raw, legacy, path, allowlist) if legacy else raw


def _utf16_reader(first: bytes, read: Reader, encoding: str = "utf-16") -> Reader:
    """Re-encode a UTF-16 stream as UTF-8, one chunk at a time."""
    decoder = codecs.getincrementaldecoder(encoding)("replace")
    pending = [first]

    def _read(size: int) -> bytes:
        while True:
            raw = pending.pop() if pending else read(size)
            text = decoder.decode(raw, final=not raw)
            if text or not raw:
                return text.encode("utf-8", "surrogatepass")

    return _read


def scan_stream(read: Reader, path: str, *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Scan what ``read(n)`` returns until it returns b"", holding at most about 1 MiB.

    Windows overlap by ``OVERLAP + CONTEXT`` bytes; a finding is reported by the
    window where it starts, so a secret straddling a window edge is found once.
    """
    buf = read(CHUNK)
    encoding = utf16_encoding(buf[:SNIFF])
    if encoding is not None:
        read = _utf16_reader(buf, read, encoding)
        buf = read(CHUNK)
    elif legacy_encodings(buf[:SNIFF]):  # read whole, up to LEGACY_MAX, and decoded (scan_bytes)
        while len(buf) <= LEGACY_MAX:
            more = read(CHUNK)
            if not more:
                return scan_bytes(buf, path, allowlist=allowlist)
            buf += more
    out: list[Finding] = []
    line0, col0, lo = 1, 0, 0
    while True:
        more = read(CHUNK)
        if more and len(buf) < CHUNK:
            buf += more  # short reads from a pipe: fill the window first
            continue
        hi = len(buf) if not more else len(buf) - OVERLAP
        hits = [h for h in _hits(buf) if lo <= h[0] < hi]
        if not more and lo == 0 and len(buf) <= KEY_FILE_MAX:  # the whole file, and a small one
            hits = sorted(hits + key_file_hits(buf, path))
        out += _findings(buf, hits, path, allowlist, line0=line0, col0=col0)
        if not more:
            return out
        cut = hi - CONTEXT
        newlines = buf.count(b"\n", 0, cut)
        if newlines:
            line0 += newlines
            col0 = _chars(buf[buf.rfind(b"\n", 0, cut) + 1:cut])
        else:
            col0 += _chars(buf[:cut])
        buf = buf[cut:] + more
        lo = CONTEXT


def open_regular(path: str | Path, display: str) -> tuple[int, int]:
    """(descriptor, size) of a regular file opened read-only, never through a symlink; else MemsyncError."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW | _O_NONBLOCK)
    except FileNotFoundError:
        raise MemsyncError("no such file or directory", path=display) from None
    except PermissionError:
        raise MemsyncError("cannot read: permission denied", path=display) from None
    except OSError as exc:
        if os.path.islink(path):
            raise MemsyncError("is a symlink; not followed (scan its target instead)", path=display) from None
        raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=display) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        what = "is a directory" if stat.S_ISDIR(info.st_mode) else "is not a regular file"
        raise MemsyncError(f"{what}; not scanned", path=display)
    return fd, info.st_size


def scan_file(path: Path, display: str | None = None, *, allowlist: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings in one file of any size and kind, read in 1 MiB chunks (see scan_bytes)."""
    shown = display if display is not None else str(path)
    fd, _size = open_regular(path, shown)
    try:
        def read(size: int) -> bytes:
            try:
                return os.read(fd, size)
            except OSError as exc:
                raise MemsyncError(f"cannot read: {exc.strerror or exc}", path=shown) from None

        return scan_stream(read, shown, allowlist=allowlist)
    finally:
        os.close(fd)
