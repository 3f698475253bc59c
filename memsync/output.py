"""Printing: colour only for terminals and never with NO_COLOR; JSON in one stable shape."""
from __future__ import annotations

import json
import os
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


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False) + "\n")


def err(message: str) -> None:
    sys.stderr.write(f"{paint('memsync:', 'red', sys.stderr)} {message}\n")
