"""Printing: colour only for terminals and never with NO_COLOR; JSON in one stable shape."""
from __future__ import annotations

import json
import os
import re
import sys
from typing import IO, Any

_CODES = {"red": "31", "green": "32", "yellow": "33", "cyan": "36", "bold": "1", "dim": "2"}


def use_color(stream: IO[str]) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def paint(text: str, color: str, stream: IO[str] | None = None) -> str:
    stream = stream or sys.stdout
    return f"\033[{_CODES[color]}m{text}\033[0m" if use_color(stream) else text


# C0 and C1 controls (ESC, CSI, OSC's BEL, NUL, CR, backspace ...) and DEL, plus the
# line/paragraph separators and bidi overrides that can reorder what a terminal shows.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    return "^[" if c == "\x1b" else (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")


def visible(text: str, *, newlines: bool = False) -> str:
    """``text`` safe to print to a terminal: control characters shown as ``^[`` / ``\\xNN``,
    never sent raw (an ESC or OSC sequence in a summary or a file name could rewrite the
    screen or the window title). Tabs stay; newlines too with ``newlines``, else ``\\n``."""
    out = _CONTROLS.sub(_escape, text)
    if not newlines:
        out = out.replace("\n", "\\n")
    if any("\udc80" <= c <= "\udcff" for c in out):
        # Undecodable bytes of a file name (surrogate escapes): show them as \xNN.
        out = "".join(f"\\x{ord(c) - 0xdc00:02x}" if "\udc80" <= c <= "\udcff" else c for c in out)
    return out


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False) + "\n")


def err(message: str) -> None:
    """One line on stderr; control characters in the message (from a file name, say) shown, not sent."""
    sys.stderr.write(f"{paint('memsync:', 'red', sys.stderr)} {visible(message)}\n")
