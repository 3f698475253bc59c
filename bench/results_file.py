"""A results file made of ``## `` sections, each run writing its own: the blind first run stays."""
from __future__ import annotations

import re
from pathlib import Path


def write_section(path: Path, header: str, title: str, text: str) -> None:
    """Replace the section called ``title`` in ``path`` (``header`` starts a new file), keeping the others."""
    old = path.read_text(encoding="utf-8") if path.exists() else header
    parts = re.split(r"(?m)^(?=## )", old)
    head, secs = parts[0], parts[1:]
    secs = [s.rstrip() + "\n\n" for s in secs if not s.startswith(f"## {title}\n")]
    secs.append(text.rstrip() + "\n\n")
    path.write_text(head.rstrip() + "\n\n" + "".join(secs).rstrip() + "\n", encoding="utf-8")
