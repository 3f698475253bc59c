"""Install memsync's plain git hooks (``hooks/`` in the checkout) into a repo."""
from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

from memsync.errors import MemsyncError
from memsync.fsutil import temp_path
from memsync.roots import Root

MARKER = "memsync-hook"
HOOK_NAMES = ("pre-commit", "post-merge", "post-checkout")


def _hook_sources() -> Path:
    here = Path(__file__).resolve().parent
    packaged = here / "githooks"
    return packaged if packaged.is_dir() else here.parent / "hooks"


def _git(root: Path, *args: str) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise MemsyncError("git is not installed; it is needed to find the repo's hooks folder") from None
    if out.returncode != 0:
        raise MemsyncError(f"{root} is not inside a git repository (run `git init` there first)")
    return out.stdout.strip()


def memsync_command() -> str:
    """How a hook calls memsync: this interpreter, so GUI git clients without our PATH work too."""
    from memsync.launch import python_words

    return shlex.join(python_words())


def install_hooks(root: Root) -> list[str]:
    """Write the hooks; an existing foreign hook is kept as ``<name>.legacy`` and still runs."""
    top = Path(_git(root.path, "rev-parse", "--show-toplevel"))
    hooks_dir = Path(_git(root.path, "rev-parse", "--path-format=absolute", "--git-path", "hooks"))
    rel = os.path.relpath(root.path, top)
    if rel.startswith(".."):
        raise MemsyncError(f"{root.display} is not inside the repository at {top}")
    hooks_dir.mkdir(parents=True, exist_ok=True)
    lines = []
    for name in HOOK_NAMES:
        script = (_hook_sources() / name).read_text(encoding="utf-8")
        # Quoted for the shell: a folder name may hold $(...), backticks or quotes.
        script = script.replace("@MEMSYNC@", memsync_command()).replace("@ROOT@", shlex.quote(rel))
        target = hooks_dir / name
        if target.is_symlink() or (target.exists() and MARKER not in target.read_text(errors="replace")):
            legacy = hooks_dir / f"{name}.legacy"
            if legacy.exists() or legacy.is_symlink():
                raise MemsyncError(f"both {target} and {legacy} exist; move one away and retry")
            os.replace(target, legacy)
            lines.append(f"Kept your {name} hook as {legacy} (it still runs first)")
        tmp = temp_path(target)  # unique: two installs at once cannot write one file
        tmp.write_text(script, encoding="utf-8")
        os.chmod(tmp, 0o755)
        os.replace(tmp, target)
        lines.append(f"Installed {target}")
    return lines
