"""Build other agents' memory folders in tests, laid out as their docs describe them
(Claude Code's auto-memory, MiMo Code's ``<data>/memory``), and settings that turn them on."""
from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest


def scrub(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the developer's own Claude Code or MiMo set-up may leak into a test."""
    for key in ("CLAUDE_CONFIG_DIR", "MIMOCODE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(key, raising=False)


def settings(home: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    """Write the user's memsync settings file and point MEMSYNC_CONFIG at it."""
    path = home / "memsync-settings.yaml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("MEMSYNC_CONFIG", str(path))
    return path


def claude_encode(path: str) -> str:
    """Claude Code's folder name for a short ASCII path, from its description: every
    character that is not a letter or digit becomes '-' (written independently of memsync)."""
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in path)


def claude_memory(config: Path, project: Path | str) -> Path:
    folder = config / "projects" / claude_encode(str(project)) / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def topic(folder: Path, name: str, *, description: str | None = None, kind: str | None = None,
          nested: bool = False, title: str | None = None, body: str = "", modified: str | None = None) -> Path:
    """A topic file: ``type`` at the top level, or under ``metadata:`` when ``nested``."""
    lines = ["---", f"name: {title or name}"]
    if description is not None:
        lines.append(f"description: {description}")
    if nested:
        lines.append("metadata:")
        lines.append("  node_type: memory")
        if kind:
            lines.append(f"  type: {kind}")
        if modified:
            lines.append(f"  modified: {modified}")
    else:
        if kind:
            lines.append(f"type: {kind}")
        if modified:
            lines.append(f"modified: {modified}")
    lines.append("---")
    path = folder / f"{name}.md"
    path.write_text("\n".join(lines) + "\n\n" + body, encoding="utf-8")
    return path


def git_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    subprocess.run(["git", "-C", str(path), "commit", "-q", "--allow-empty", "-m", "init"], check=True)
    return path


def worktree(repo: Path, where: Path, branch: str) -> Path:
    subprocess.run(["git", "-C", str(repo), "worktree", "add", "-q", "-b", branch, str(where)], check=True)
    return where


def mimo_data(home: Path) -> Path:
    """MiMo's memory folder under the default data dir (~/.local/share/mimocode)."""
    memory = home / ".local" / "share" / "mimocode" / "memory"
    memory.mkdir(parents=True, exist_ok=True)
    return memory


def mimo_project_id(repo: Path, pid: str | bytes) -> None:
    data = pid if isinstance(pid, bytes) else (pid + "\n").encode()
    (repo / ".git" / "mimocode-project-id").write_bytes(data)


def tree_state(root: Path) -> dict[str, tuple[str, int]]:
    """Every path under ``root`` with its content hash (or link target) and mtime: any write shows."""
    out: dict[str, tuple[str, int]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = os.lstat(p)
            if os.path.islink(p):
                what = "link:" + os.readlink(p)
            elif p.is_file():
                what = hashlib.sha256(p.read_bytes()).hexdigest()
            else:
                what = "dir"
            out[str(p.relative_to(root))] = (what, st.st_mtime_ns)
    return out


def source_report(cli, cwd: Path, scope: str) -> dict:  # type: ignore[no-untyped-def]
    """What ``memsync inspect --json`` says of one source."""
    import json

    code, out, err = cli("inspect", "--json", cwd=cwd)
    assert code == 0, err
    return {s["scope"]: s for s in json.loads(out)["sources"]}[scope]


def problems_by_name(report: dict) -> dict[str, str]:
    return {Path(p["path"]).name: p["problem"] for p in report["problems"]}
