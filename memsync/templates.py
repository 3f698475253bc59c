"""Files memsync writes from templates: packaged as memsync/templates, or the checkout's templates/."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def template_dir() -> Path:
    packaged = _HERE / "templates"
    return packaged if packaged.is_dir() else _HERE.parent / "templates"


def read_template(name: str) -> str:
    return (template_dir() / name).read_text(encoding="utf-8")
