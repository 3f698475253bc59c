"""Fill what the test suite installs from outside once, so that the tests themselves never
touch the network (README, the test command; .ci/run runs the same):

- ``.wheelhouse/``: the wheels the end-to-end pre-commit tests install hook environments from;
- the real agent hosts the MCP tests drive (Claude Code, OpenCode, the MCP Inspector), pinned,
  in ``$MEMSYNC_TEST_NPM_DIR`` (default ``~/.cache/memsync-npm``), when npm is installed.
  OpenCode installs ``@opencode-ai/plugin`` into each config folder; installing it here puts it
  in npm's cache, which the tests hand to OpenCode offline.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NPM_PACKAGES = ("@anthropic-ai/claude-code@2.1.328", "opencode-ai@1.18.33", "@modelcontextprotocol/inspector@2.12.0",
                "@opencode-ai/plugin@1.18.33")


def main() -> int:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "-w", str(REPO / ".wheelhouse"), str(REPO),
                    "hatchling"], check=True)
    npm = shutil.which("npm")
    if npm is None:
        print("npm not found: the tests that drive Claude Code, OpenCode and the MCP Inspector will be skipped",
              file=sys.stderr)
        return 0
    prefix = os.environ.get("MEMSYNC_TEST_NPM_DIR") or str(Path.home() / ".cache" / "memsync-npm")
    subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", prefix,
                    *NPM_PACKAGES], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
