"""Real hosts and a second client against `memsync mcp`: Claude Code's and OpenCode's own health checks,
the MCP Inspector's CLI, and the OpenCode plugin run by node. HOME is the test's folder; the hosts
run without network (a network namespace of their own when the machine allows it), so nothing
leaves the machine. .ci/run installs the npm packages (pinned) these tests use."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mcpclient import NPM_DIR, make_project, npm_bin, server_env
from memtree import write_entry

COMMAND = f"{sys.executable} -m memsync"  # this checkout, whatever `memsync` on PATH is
# Read at import: the tests' environment is scrubbed of MEMSYNC_* variables.
NPM_CACHE = Path(os.environ.get("MEMSYNC_TEST_NPM_CACHE") or NPM_DIR.parent.parent / ".npm")


def _isolated() -> list[str]:
    """A prefix that runs a command with no network at all, when unprivileged namespaces work."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


def _host(args: list[str], cwd: Path, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = server_env({
        "NO_COLOR": "1", "CI": "1", "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "OPENCODE_DISABLE_MODELS_FETCH": "1", "OPENCODE_DISABLE_AUTOUPDATE": "1", "OPENCODE_DISABLE_SHARE": "1",
        # OpenCode installs its plugin package into each config folder: from the npm cache .ci/run filled.
        "npm_config_cache": str(NPM_CACHE),
        "npm_config_offline": "true",
    })
    env.pop("CLAUDE_PROJECT_DIR", None)
    return subprocess.run(_isolated() + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def _setup(run, project: Path, *args: str) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    out = run("setup", *args, "--command", COMMAND, cwd=project)
    assert out.returncode == 0, out.stderr
    return out


def test_claude_code_user_scope_shows_memsync_connected(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    claude = npm_bin("claude")
    project = make_project(tmp_path)
    out = _setup(run, project, "claude-code", "--user")
    assert "~/.claude.json: created: added mcpServers.memsync" in out.stdout
    listed = _host([claude, "mcp", "list"], project)
    line = next((ln for ln in listed.stdout.splitlines() if ln.startswith("memsync:")), "")
    assert "Connected" in line and "-m memsync mcp" in line, listed.stdout + listed.stderr
    settings = json.loads((Path(os.environ["HOME"]) / ".claude" / "settings.json").read_text())
    for event in ("SessionStart", "UserPromptSubmit"):
        assert settings["hooks"][event][0]["hooks"][0]["command"].endswith("-m memsync context --format claude-code")


def test_claude_code_project_scope_waits_for_a_persons_approval(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    claude = npm_bin("claude")
    project = make_project(tmp_path)
    out = _setup(run, project, "claude-code", "--project")
    assert "approve" in out.stdout and ".mcp.json" in out.stdout
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["memsync"]["args"][-1] == "mcp"
    listed = _host([claude, "mcp", "list"], project)
    assert "memsync" in listed.stdout and "Pending approval" in listed.stdout, listed.stdout + listed.stderr
    got = _host([claude, "mcp", "get", "memsync"], project)
    assert "Project config" in got.stdout and "-m memsync mcp" in got.stdout, got.stdout + got.stderr


def test_opencode_project_scope_shows_memsync_connected(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    opencode = npm_bin("opencode")
    project = make_project(tmp_path)
    (project / "opencode.jsonc").write_text('{\n  // the team\'s theme\n  "theme": "opencode"\n}\n')
    _setup(run, project, "opencode", "--project")
    text = (project / "opencode.jsonc").read_text()
    assert "// the team's theme" in text and '"memsync"' in text
    assert (project / ".opencode" / "plugins" / "memsync.js").is_file()
    listed = _host([opencode, "mcp", "list"], project)
    shown = listed.stdout + listed.stderr
    line = next((ln for ln in shown.splitlines() if "memsync" in ln and ("connected" in ln or "failed" in ln)), "")
    assert "✓" in line and "connected" in line, shown


def test_the_mcp_inspector_cli_lists_the_tools_and_calls_recall(tmp_path: Path) -> None:
    inspector = npm_bin("mcp-inspector")
    project = make_project(tmp_path)
    write_entry(project / ".memory", "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm", kind="decision",
                body="lockfile 不兼容\n", load_when=["部署"])
    base = [inspector, "--cli", "--cwd", str(project), "-e", f"PYTHONPATH={server_env()['PYTHONPATH']}",
            sys.executable, "-m", "memsync", "mcp"]
    listed = _host([*base, "--method", "tools/list"], project)
    assert listed.returncode == 0, listed.stderr
    tools = {t["name"]: t for t in json.loads(listed.stdout)["tools"]}
    assert set(tools) == {"memory_recall", "memory_remember", "memory_forget", "memory_inspect"}
    assert tools["memory_recall"]["annotations"]["readOnlyHint"] is True
    assert tools["memory_forget"]["annotations"]["destructiveHint"] is True
    called = _host([*base, "--method", "tools/call", "--tool-name", "memory_recall", "--tool-arg", "query=部署"],
                   project)
    assert called.returncode == 0, called.stderr
    result = json.loads(called.stdout)
    assert not result.get("isError")
    assert result["structuredContent"]["hits"][0]["id"] == "decisions/pnpm-for-deploy"
    assert "lockfile 不兼容" in result["content"][0]["text"]


PLUGIN_DRIVER = r"""
import { pathToFileURL } from "node:url"
const [pluginPath, directory] = process.argv.slice(2)
const mod = await import(pathToFileURL(pluginPath).href)
const hooks = await mod.MemsyncContext({ directory })
const run = async (text) => {
  const output = { message: { id: "msg_1" }, parts: [{ id: "prt_1", type: "text", text }] }
  await hooks["chat.message"]({ sessionID: "ses_test" }, output)
  return output.parts
}
console.log(JSON.stringify({ first: await run("怎么部署？"), again: await run("怎么部署？") }))
"""


def _project_with_a_deploy_note(tmp_path: Path) -> Path:
    project = make_project(tmp_path)
    write_entry(project / ".memory", "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm", kind="decision",
                body="npm 会重写 lockfile\n", load_when=["部署"])
    return project


def _drive_plugin(node: str, tmp_path: Path, project: Path) -> subprocess.CompletedProcess[str]:
    """The installed plugin, loaded by plain node as an ES module, sent two messages (PLUGIN_DRIVER)."""
    module = tmp_path / "memsync.mjs"
    module.write_text((project / ".opencode" / "plugins" / "memsync.js").read_text(encoding="utf-8"), encoding="utf-8")
    driver = tmp_path / "driver.mjs"
    driver.write_text(PLUGIN_DRIVER, encoding="utf-8")
    return subprocess.run([node, str(driver), str(module), str(project)], cwd=tmp_path, env=server_env(),
                          capture_output=True, text=True, timeout=120)


def test_the_opencode_plugin_adds_memory_context_to_the_users_message(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    project = _project_with_a_deploy_note(tmp_path)
    _setup(run, project, "opencode", "--project")
    out = _drive_plugin(node, tmp_path, project)
    assert out.returncode == 0, out.stderr
    parts = json.loads(out.stdout)
    first = parts["first"]
    assert first[0]["text"] == "怎么部署？" and len(first) == 2
    added = first[1]
    assert added["synthetic"] is True and added["messageID"] == "msg_1" and added["sessionID"] == "ses_test"
    assert "decisions/pnpm-for-deploy" in added["text"] and "npm 会重写 lockfile" in added["text"]
    # The same prompt again in the session: the body is not given twice.
    assert all("npm 会重写 lockfile" not in p["text"] for p in parts["again"][1:])


def test_the_opencode_plugin_fails_open_when_memsync_is_missing(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    project = make_project(tmp_path)
    out = run("setup", "opencode", "--project", "--command", str(tmp_path / "no-such-memsync"), cwd=project)
    assert out.returncode == 0, out.stderr
    module = tmp_path / "memsync.mjs"
    module.write_text((project / ".opencode" / "plugins" / "memsync.js").read_text(encoding="utf-8"))
    driver = tmp_path / "driver.mjs"
    driver.write_text(PLUGIN_DRIVER, encoding="utf-8")
    done = subprocess.run([node, str(driver), str(module), str(project)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["first"] == [{"id": "prt_1", "type": "text", "text": "怎么部署？"}]


def test_the_opencode_plugin_keeps_the_message_off_the_command_line(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    """Before: the plugin ran `memsync context --prompt=<the user's message>`, which any user of
    the machine can read in ps. The message now goes on stdin (`--prompt-file=-`)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    project = _project_with_a_deploy_note(tmp_path)
    argv_log = tmp_path / "argv.log"
    wrapper = tmp_path / "memsync-wrapper"  # records its command line, then is memsync
    wrapper.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> "{argv_log}"\nexec "{sys.executable}" -m memsync "$@"\n')
    wrapper.chmod(0o755)
    out = run("setup", "opencode", "--project", "--command", str(wrapper), cwd=project)
    assert out.returncode == 0, out.stderr
    done = _drive_plugin(node, tmp_path, project)
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout)["first"]
    assert len(first) == 2 and "npm 会重写 lockfile" in first[1]["text"]  # the message still reached memsync
    logged = argv_log.read_text(encoding="utf-8")
    assert "--prompt-file=-" in logged and "怎么部署" not in logged


def test_context_reads_the_prompt_from_stdin_or_a_file(tmp_path: Path, run) -> None:  # type: ignore[no-untyped-def]
    project = _project_with_a_deploy_note(tmp_path)
    done = subprocess.run([sys.executable, "-m", "memsync", "context", "--prompt-file", "-"], cwd=project,
                          env=server_env(), input="怎么部署？".encode(), capture_output=True, timeout=60)
    assert done.returncode == 0 and "npm 会重写 lockfile" in done.stdout.decode(), done.stderr
    message = tmp_path / "prompt.txt"
    message.write_bytes("怎么部署？".encode() + b"\xff")  # a byte that is not UTF-8 is replaced, not an error
    done = run("context", "--prompt-file", str(message), cwd=project)
    assert done.returncode == 0 and "npm 会重写 lockfile" in done.stdout
    done = run("context", "--prompt", "x", "--prompt-file", str(message), cwd=project)
    assert done.returncode == 2 and "--prompt or --prompt-file, not both" in done.stderr
    done = run("context", "--prompt-file", str(tmp_path / "missing.txt"), cwd=project)
    assert done.returncode == 2 and "cannot read the prompt file" in done.stderr
