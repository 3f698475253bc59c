"""`memsync setup` and `memsync hooks install --claude-code` on real settings files: merged, idempotent,
backed up, comments kept; files that must not be touched are left byte for byte."""
from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path

import pytest

from bench.secrets_corpus import FAKES

from memsync.hosts import jsonc

CMD = ["--command", "memsync"]
TOKEN = FAKES["github-pat"](random.Random(5))


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    return project


def _home() -> Path:
    return Path(os.environ["HOME"])


def _backups(folder: Path) -> list[Path]:
    """The backups of the files of ``folder``: beside them, or, in a git work tree, in its git dir
    (memsync-backups/, named by their path with "__" for "/"); never both."""
    beside = sorted(folder.glob("*.memsync-*.bak"))
    top = next((t for t in (folder, *folder.parents) if (t / ".git").is_dir()), None)
    if top is None:
        return beside
    assert not beside, beside  # in a repository a backup beside its file would be committed
    prefix = "".join(f"{part}__" for part in folder.relative_to(top).parts)
    kept = top / ".git" / "memsync-backups"
    return sorted(b for b in kept.glob(f"{prefix}*.memsync-*.bak") if "__" not in b.name[len(prefix):])


# (host, scope, file relative to the project or ~, what the file held before, check of the parsed result)
EXISTING = {
    "empty": "",
    "blank": "  \n",
    "empty object": "{}\n",
    "other servers": json.dumps({"mcpServers": {"github": {"command": "gh-mcp", "args": []}},
                                 "theme": "dark"}, indent=2) + "\n",
    "old memsync entry": json.dumps({"mcpServers": {"memsync": {"command": "/old/memsync", "args": ["mcp"]},
                                                    "other": {"command": "x"}}}, indent=4) + "\n",
    "comments and trailing commas": '{\n  // my servers\n  "mcpServers": {\n    "other": {"command": "x"}, /* keep */\n'
                                    '  },\n  "last": "string value", // end\n}\n',
    "one line": '{"mcpServers": {"other": {"command": "x"}}, "n": 1}',
    "tabs": '{\n\t"mcpServers": {\n\t\t"other": {\n\t\t\t"command": "x"\n\t\t}\n\t}\n}\n',
}


@pytest.mark.parametrize("name", EXISTING)
@pytest.mark.parametrize("host, scope, rel, path", [
    ("claude-code", "project", ".mcp.json", ("mcpServers", "memsync")),
    ("claude-code", "user", "~/.claude.json", ("mcpServers", "memsync")),
    ("cursor", "project", ".cursor/mcp.json", ("mcpServers", "memsync")),
    ("cursor", "user", "~/.cursor/mcp.json", ("mcpServers", "memsync")),
    ("opencode", "project", "opencode.json", ("mcp", "memsync")),
])
def test_setup_merges_into_what_is_there_and_a_second_run_changes_nothing(
        tmp_path: Path, cli, name: str, host: str, scope: str, rel: str, path: tuple[str, ...]) -> None:
    project = _project(tmp_path)
    target = _home() / rel[2:] if rel.startswith("~/") else project / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    before = EXISTING[name]
    if host == "opencode":
        before = before.replace("mcpServers", "mcp")
    target.write_text(before, encoding="utf-8")
    old = jsonc.parse(before).value if before.strip() else {}

    code, out, err = cli("setup", host, f"--{scope}", *CMD, cwd=project)
    assert code == 0, err
    after = target.read_text(encoding="utf-8")
    doc = jsonc.parse(after).value
    entry = doc[path[0]][path[1]]
    if host == "opencode":
        # memsync sets type and command (enabled when missing); an old entry's other keys are kept.
        old_entry = (old.get(path[0]) or {}).get("memsync") or {}
        assert entry == {**old_entry, "type": "local", "command": ["memsync", "mcp"], "enabled": True}
    else:
        assert entry["command"] == "memsync" and entry["args"][0] == "mcp"
    # Everything else is kept: other servers, other keys, comments.
    for key, value in old.items():
        if key != path[0]:
            assert doc[key] == value
    for other, value in (old.get(path[0]) or {}).items():
        if other != "memsync":
            assert doc[path[0]][other] == value
    for comment in ("// my servers", "/* keep */", "// end"):
        if comment in before:
            assert comment in after
    assert [b.read_text(encoding="utf-8") for b in _backups(target.parent)] == [before]  # even an empty one
    verb = "updated" if "memsync" in old.get(path[0], {}) else "added"
    assert f"{target.name}: changed: {verb} {'.'.join(path)}" in out and "(backup: " in out

    code, out, _ = cli("setup", host, f"--{scope}", *CMD, cwd=project)
    assert code == 0 and "unchanged" in out
    assert target.read_text(encoding="utf-8") == after
    assert len(_backups(target.parent)) == 1


BAD = {
    "invalid JSON": ('{"mcpServers": {"other": {"command": "x"},,}}', "not valid JSON at line 1, column"),
    "not an object": ('["a list"]', "not a JSON object"),
    "servers not an object": ('{"mcpServers": ["x"]}', "mcpServers is not a JSON object"),
    "unclosed comment": ('{"a": 1 /* never closed', "never closed"),
    "too deep": ("[" * 500 + "]" * 500, "nested deeper"),
    "not UTF-8": (b'{"a": "\xff"}', "not UTF-8"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_file_that_is_not_json_is_left_untouched_with_a_clear_error(tmp_path: Path, cli, name: str) -> None:
    project = _project(tmp_path)
    content, message = BAD[name]
    target = project / ".mcp.json"
    data = content if isinstance(content, bytes) else content.encode()
    target.write_bytes(data)
    code, out, err = cli("setup", "claude-code", "--project", *CMD, cwd=project)
    assert code == 2 and message in err and ".mcp.json" in err and "Traceback" not in err
    assert target.read_bytes() == data
    assert not _backups(project) and not (project / ".claude").exists()  # no half setup either


def test_a_read_only_file_is_refused_and_left_alone(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    target = project / ".cursor" / "mcp.json"
    target.parent.mkdir()
    target.write_text('{"mcpServers": {}}\n')
    target.chmod(0o444)
    for dry in ([], ["--dry-run"]):  # a dry run says the run would be refused (it said "would change")
        code, out, err = cli("setup", "cursor", "--project", *dry, *CMD, cwd=project)
        assert code == 2 and "read-only" in err and "chmod u+w" in err and "would change" not in out
    assert target.read_text() == '{"mcpServers": {}}\n' and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert not _backups(target.parent) and not list(target.parent.glob(".*.tmp"))


def test_a_symlinked_file_is_refused_and_its_target_untouched(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    real = tmp_path / "dotfiles-mcp.json"
    real.write_text("{}\n")
    (project / ".mcp.json").symlink_to(real)
    code, _, err = cli("setup", "claude-code", "--project", *CMD, cwd=project)
    assert code == 2 and "symlink" in err
    assert real.read_text() == "{}\n" and (project / ".mcp.json").is_symlink()


def test_dry_run_writes_nothing_and_shows_the_entry(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    code, out, _ = cli("setup", "claude-code", "--project", "--dry-run", *CMD, cwd=project)
    assert code == 0 and "would change" in out and '"args": ["mcp"]' in out and "context --format claude-code" in out
    assert (project / ".mcp.json").read_text() == '{"mcpServers": {}}\n'
    assert not (project / ".claude").exists() and not _backups(project)


def test_user_scope_claude_json_keeps_its_other_state_and_mode(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    state = {"numStartups": 3, "oauthAccount": {"emailAddress": "a@example.invalid"},
             "projects": {str(project): {"mcpServers": {"local-one": {"command": "y"}}}}}
    target = _home() / ".claude.json"
    target.write_text(json.dumps(state, indent=2))
    target.chmod(0o600)
    code, out, _ = cli("setup", "claude-code", "--user", *CMD, cwd=project)
    assert code == 0
    doc = json.loads(target.read_text())
    assert {k: doc[k] for k in state} == state and doc["mcpServers"]["memsync"]["command"] == "memsync"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert "a@example.invalid" not in out  # nothing of the file is printed


def test_claude_config_dir_moves_the_user_files(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path)
    conf = tmp_path / "claude-conf"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(conf))
    code, _, err = cli("setup", "claude-code", *CMD, cwd=project)
    assert code == 0, err
    assert "memsync" in json.loads((conf / ".claude.json").read_text())["mcpServers"]
    assert "SessionStart" in json.loads((conf / "settings.json").read_text())["hooks"]
    assert not (_home() / ".claude.json").exists()


SETTINGS_BEFORE = {
    "permissions": {"allow": ["Bash(git status)"]},
    "hooks": {
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "/old/bin/memsync context --format claude-code",
                                         "timeout": 30}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
    },
}


@pytest.mark.parametrize("scope, rel", [("--project", ".claude/settings.json"), ("--user", "~/.claude/settings.json")])
def test_hooks_install_claude_code_merges_only_the_hooks(tmp_path: Path, cli, scope: str, rel: str) -> None:
    project = _project(tmp_path)
    target = _home() / rel[2:] if rel.startswith("~/") else project / rel
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps(SETTINGS_BEFORE, indent=2) + "\n")
    code, out, err = cli("hooks", "install", "--claude-code", scope, *CMD, cwd=project)
    assert code == 0, err
    doc = json.loads(target.read_text())
    assert doc["permissions"] == SETTINGS_BEFORE["permissions"]
    stop = doc["hooks"]["Stop"]  # theirs kept, the extraction hook added (it detaches at once)
    assert stop[0] == SETTINGS_BEFORE["hooks"]["Stop"][0]
    assert stop[1]["hooks"][0] == {"type": "command", "command": "memsync extract --hook claude-code", "timeout": 10}
    assert doc["hooks"]["PreCompact"][0]["hooks"][0]["command"] == "memsync extract --hook claude-code"
    start = doc["hooks"]["SessionStart"]
    assert start[0] == SETTINGS_BEFORE["hooks"]["SessionStart"][0]  # theirs kept, ours added
    assert start[1]["hooks"][0]["command"] == "memsync context --format claude-code"
    prompt = doc["hooks"]["UserPromptSubmit"]
    assert len(prompt) == 1 and prompt[0]["hooks"][0] == {  # the old memsync hook updated in place,
        "type": "command", "command": "memsync context --format claude-code", "timeout": 30}  # their timeout kept
    assert "backup" in out and len(_backups(target.parent)) == 1
    code, out, _ = cli("hooks", "install", "--claude-code", scope, *CMD, cwd=project)
    assert code == 0 and "unchanged" in out and len(_backups(target.parent)) == 1
    assert not (project / ".mcp.json").exists() and not (_home() / ".claude.json").exists()  # hooks only


@pytest.mark.parametrize("args, message", [
    (["hooks", "install", "--claude-code", "--global"], "choose --project"),
    (["hooks", "install", "--claude-code", "--root", "x"], "choose --project"),
    (["hooks", "install", "--claude-code", "--project", "--user"], "exclude each other"),
    (["hooks", "install", "--user"], "go with --claude-code"),
    (["setup", "claude-code", "--command", ""], "--command is empty"),
    (["setup", "vscode"], "invalid choice"),
    (["setup", "cursor", "--user", "--project"], "not allowed with"),
    (["setup", "claude-code", "--command", "'unterminated"], "cannot be read as a shell command (no closing quotation)"),
    (["hooks", "install", "--claude-code", "--command", 'a "b'], "cannot be read as a shell command"),
    (["setup", "cursor", "--command", "my\udcffmemsync"], "bytes that are not UTF-8 text"),
    (["setup", "claude-code", "--project", "--command", f"env GITHUB_TOKEN={TOKEN} memsync"],
     "--command holds a secret (github-pat: ghp_*** (40 chars)); a project's settings files are shared"),
])
def test_bad_setup_arguments_are_refused_and_nothing_is_written(tmp_path: Path, cli, args: list[str],
                                                                 message: str) -> None:
    project = _project(tmp_path)
    code, out, err = cli(*args, cwd=project)
    assert code == 2 and message in err
    assert sorted(p.name for p in project.iterdir()) == [".git"]
    assert sorted(p.name for p in _home().iterdir() if not p.name.startswith(".gitconfig")) == []


def test_opencode_setup_prefers_an_existing_jsonc_and_writes_the_plugin(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    (project / ".opencode").mkdir()
    jsonc_file = project / ".opencode" / "opencode.jsonc"
    jsonc_file.write_text('{\n  // shared settings\n  "mcp": {\n    "servers": {\n      "x": {"type": "local", '
                          '"command": ["x"]}\n    }\n  }\n}\n')
    code, out, err = cli("setup", "opencode", "--project", *CMD, cwd=project)
    assert code == 0, err
    doc = jsonc.parse(jsonc_file.read_text()).value
    assert doc["mcp"]["servers"]["memsync"] == {"type": "local", "command": ["memsync", "mcp"]}  # the newer layout
    assert "// shared settings" in jsonc_file.read_text() and not (project / "opencode.json").exists()
    plugin = (project / ".opencode" / "plugins" / "memsync.js").read_text()
    assert 'const COMMAND = ["memsync"]' in plugin and '"chat.message"' in plugin and "__MEMSYNC" not in plugin
    code, out, _ = cli("setup", "opencode", "--project", *CMD, cwd=project)
    assert out.count("unchanged") == 2


def test_default_command_names_this_installation(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    code, _, err = cli("setup", "cursor", "--user", cwd=project)
    assert code == 0, err
    entry = json.loads((_home() / ".cursor" / "mcp.json").read_text())["mcpServers"]["memsync"]
    assert Path(entry["command"]).is_absolute() and Path(entry["command"]).exists()
    assert entry["args"][-3:] == ["mcp", "--project", "${workspaceFolder}"]


JSONC_CASES = [
    '{"a": "ends with a backslash \\\\", "b": "say \\"hi\\""}',
    '{\n  "url": "http://x//not-a-comment", /* a } brace */\n  "n": [1, 2,],\n}',
    '{\n  "键": "值", // 注释 with }\n  "e": {}\n}\n',
    '{\r\n  "crlf": true\r\n}\r\n',
    '\ufeff{"bom": 1}',
    '{"deep": {"x": {"y": [{"z": null}]}}}',
]


@pytest.mark.parametrize("text", JSONC_CASES)
def test_jsonc_edits_keep_every_other_value_and_comment(text: str) -> None:
    before = jsonc.parse(text).value
    out = jsonc.set_path(text, ("mcp", "memsync"), {"command": ["memsync", "mcp"]})
    after = jsonc.parse(out).value
    assert after["mcp"]["memsync"] == {"command": ["memsync", "mcp"]}
    assert {k: v for k, v in after.items() if k != "mcp"} == before
    for comment in ("/* a } brace */", "// 注释 with }"):
        if comment in text:
            assert comment in out
    assert jsonc.set_path(out, ("mcp", "memsync"), {"command": ["memsync", "mcp"]}) == out
    arr = jsonc.find(out, ("mcp", "memsync", "command"))
    assert arr is not None
    assert jsonc.parse(jsonc.append_item(out, arr, "--flag")).value["mcp"]["memsync"]["command"][-1] == "--flag"


# An existing memsync server entry holding the user's own settings: a pretty file with comments.
USER_ENTRY = """{
  // my servers
  "mcpServers": {
    "memsync": {
      "command": "/old/bin/memsync", // an earlier install
      "args": ["mcp", "--old-flag"],
      "env": {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}, /* mine */
      "x-note": {"kept": [1, 2]}
    },
    "other": {"command": "x"}
  }
}
"""


@pytest.mark.parametrize("scope, rel", [("--project", ".mcp.json"), ("--user", "~/.claude.json")])
def test_setup_claude_code_keeps_the_users_env_and_keys_on_an_existing_entry(
        tmp_path: Path, cli, scope: str, rel: str) -> None:
    project = _project(tmp_path)
    target = _home() / rel[2:] if rel.startswith("~/") else project / rel
    target.write_text(USER_ENTRY)
    code, out, err = cli("setup", "claude-code", scope, *CMD, cwd=project)
    assert code == 0, err
    assert f"  {rel}: changed: updated mcpServers.memsync (backup: " in out
    after = target.read_text()
    doc = jsonc.parse(after).value
    # Only type, command and args are memsync's; the write switch and the unknown key stay.
    assert doc["mcpServers"] == {
        "memsync": {"command": "memsync", "args": ["mcp"], "type": "stdio",
                    "env": {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"},
                    "x-note": {"kept": [1, 2]}},
        "other": {"command": "x"}}
    for comment in ("// my servers", "// an earlier install", "/* mine */"):
        assert comment in after
    assert after == USER_ENTRY.replace('"/old/bin/memsync"', '"memsync"').replace(
        '["mcp", "--old-flag"]', '["mcp"]').replace('"x-note": {"kept": [1, 2]}',
                                                    '"x-note": {"kept": [1, 2]},\n      "type": "stdio"')
    assert [b.read_text() for b in _backups(target.parent)] == [USER_ENTRY]
    code, out, _ = cli("setup", "claude-code", scope, *CMD, cwd=project)
    assert code == 0 and f"  {rel}: already set up, unchanged" in out
    assert target.read_text() == after and len(_backups(target.parent)) == 1


def test_setup_claude_code_leaves_an_up_to_date_entry_with_env_byte_for_byte(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    target = project / ".mcp.json"
    before = ('{"mcpServers": {"memsync": {"type": "stdio", "command": "memsync", "args": ["mcp"], '
              '"env": {"MEMSYNC_DISABLE_WRITE": "1"}}}}\n')
    target.write_text(before)
    code, out, err = cli("setup", "claude-code", "--project", *CMD, cwd=project)
    assert code == 0, err
    assert "  .mcp.json: already set up, unchanged" in out
    assert target.read_text() == before and not _backups(project)


def test_hooks_install_keeps_the_users_keys_on_the_memsync_hook(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    target = project / ".claude" / "settings.json"
    target.parent.mkdir()
    before = {"hooks": {
        "SessionStart": [{"hooks": [{"type": "command", "command": "/old/memsync context --format claude-code",
                                     "timeout": 45, "statusMessage": "recalling"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "/old/memsync extract --hook claude-code"}]}]}}
    target.write_text(json.dumps(before, indent=2) + "\n")
    code, out, err = cli("hooks", "install", "--claude-code", "--project", *CMD, cwd=project)
    assert code == 0, err
    assert (".claude/settings.json: changed: updated the memsync hook in hooks.SessionStart; added "
            "hooks.UserPromptSubmit; updated the memsync hook in hooks.Stop; added hooks.PreCompact (backup: ") in out
    hooks = json.loads(target.read_text())["hooks"]
    assert hooks["SessionStart"] == [{"hooks": [{"type": "command", "command": "memsync context --format claude-code",
                                                 "timeout": 45, "statusMessage": "recalling"}]}]  # theirs kept
    assert hooks["Stop"] == [{"hooks": [{"type": "command", "command": "memsync extract --hook claude-code",
                                         "timeout": 10}]}]  # no timeout there: memsync's is added
    after = target.read_text()
    code, out, _ = cli("hooks", "install", "--claude-code", "--project", *CMD, cwd=project)
    assert code == 0 and ".claude/settings.json: already set up, unchanged" in out
    assert target.read_text() == after and len(_backups(target.parent)) == 1


NOT_A_LIST = {
    "an object": '{"hooks": {"SessionStart": {"matcher": "startup", "hooks": [{"type": "command", '
                 '"command": "my-own-startup-script"}]}}}\n',
    "a string, after good events": '{\n  "hooks": {\n    "UserPromptSubmit": [],\n    "Stop": "my-own-stop-script"\n'
                                   '  }, // mine\n  "theme": "dark"\n}',
    "null": '{"hooks": {"PreCompact": null}}',
}


@pytest.mark.parametrize("name", NOT_A_LIST)
@pytest.mark.parametrize("args", [["hooks", "install", "--claude-code", "--user"],
                                  ["hooks", "install", "--claude-code", "--project"],
                                  ["setup", "claude-code", "--user"], ["setup", "claude-code", "--project"]])
def test_a_hook_event_that_is_not_a_list_is_refused_and_nothing_is_written(
        tmp_path: Path, cli, name: str, args: list[str]) -> None:
    project = _project(tmp_path)
    target = (_home() / ".claude" if args[-1] == "--user" else project / ".claude") / "settings.json"
    target.parent.mkdir(parents=True)
    data = NOT_A_LIST[name].encode()
    target.write_bytes(data)
    event = next(e for e in ("SessionStart", "Stop", "PreCompact") if f'"{e}"' in NOT_A_LIST[name])
    home_before = sorted(p.name for p in _home().iterdir())
    for _ in range(2):  # and again: the same refusal, still nothing written
        code, out, err = cli(*args, *CMD, cwd=project)
        assert code == 2
        assert err == f"memsync: {target}: hooks.{event} is not a JSON array; fix it by hand, then run again\n"
        assert target.read_bytes() == data and not _backups(target.parent)
        # All or nothing: setup writes no server entry either.
        assert sorted(p.name for p in _home().iterdir()) == home_before
        in_project = [".claude", ".git"] if args[-1] == "--project" else [".git"]
        assert sorted(p.name for p in project.iterdir()) == in_project


def test_the_reported_cases_as_separate_processes(tmp_path: Path, run) -> None:
    """Both reports as they were filed: `python3 -m memsync`, the default command."""
    home = _home()
    (home / ".claude").mkdir()
    claude_json = home / ".claude.json"
    claude_json.write_text('{"mcpServers": {"memsync": {"type": "stdio", "command": "memsync", "args": ["mcp"], '
                           '"env": {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}}}}\n')
    done = run("setup", "claude-code")
    assert done.returncode == 0, done.stderr
    entry = json.loads(claude_json.read_text())["mcpServers"]["memsync"]
    assert entry["env"] == {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}
    assert entry["type"] == "stdio" and entry["args"][-1] == "mcp"
    assert sorted(entry) == ["args", "command", "env", "type"]
    again = run("setup", "claude-code")
    assert again.returncode == 0 and again.stdout.count("already set up, unchanged") == 2

    settings = home / ".claude" / "settings.json"
    data = NOT_A_LIST["an object"].encode()
    settings.write_bytes(data)
    done = run("hooks", "install", "--claude-code", "--user")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"memsync: {settings}: hooks.SessionStart is not a JSON array; fix it by hand, "
                           "then run again\n")
    assert settings.read_bytes() == data and not _backups(settings.parent)


# Cursor's and OpenCode's memsync entries holding the user's own settings (the write switch
# among them): pretty files with comments, as a person leaves them.
CURSOR_ENTRY = """{
  // my servers
  "mcpServers": {
    "memsync": {
      "command": "/old/bin/memsync", // an earlier install
      "args": ["mcp", "--old-flag"],
      "env": {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}, /* mine */
      "envFile": ".env.memsync",
      "x-note": {"kept": [1, 2]}
    },
    "other": {"command": "x"}
  }
}
"""
CURSOR_AFTER = CURSOR_ENTRY.replace('"/old/bin/memsync"', '"memsync"').replace(
    '["mcp", "--old-flag"]', '["mcp", "--project", "${workspaceFolder}"]')

OPENCODE_ENTRY = """{
  // shared settings
  "theme": "opencode",
  "mcp": {
    "memsync": {
      "type": "local",
      "command": ["/old/bin/memsync", "mcp"], // an earlier install
      "environment": {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}, /* mine */
      "timeout": 20000,
      "x-note": {"kept": [1, 2]}
    },
    "other": {"type": "remote", "url": "http://127.0.0.1:9/mcp"}
  }
}
"""
# memsync's `enabled` is added at the end (the entry had none); nothing else moves.
OPENCODE_AFTER = OPENCODE_ENTRY.replace('["/old/bin/memsync", "mcp"]', '["memsync", "mcp"]').replace(
    '"x-note": {"kept": [1, 2]}', '"x-note": {"kept": [1, 2]},\n      "enabled": true')


@pytest.mark.parametrize("scope, rel", [("--project", ".cursor/mcp.json"), ("--user", "~/.cursor/mcp.json")])
def test_setup_cursor_keeps_the_users_env_and_keys_on_an_existing_entry(
        tmp_path: Path, cli, scope: str, rel: str) -> None:
    project = _project(tmp_path)
    target = _home() / rel[2:] if rel.startswith("~/") else project / rel
    target.parent.mkdir(parents=True)
    target.write_text(CURSOR_ENTRY)
    code, out, err = cli("setup", "cursor", scope, *CMD, cwd=project)
    assert code == 0, err
    assert f"  {rel}: changed: updated mcpServers.memsync (backup: " in out
    # Only command and args are memsync's; the write switch, envFile and the unknown key stay.
    assert target.read_text() == CURSOR_AFTER
    assert [b.read_text() for b in _backups(target.parent)] == [CURSOR_ENTRY]
    code, out, _ = cli("setup", "cursor", scope, *CMD, cwd=project)
    assert code == 0 and f"  {rel}: already set up, unchanged" in out
    assert target.read_text() == CURSOR_AFTER and len(_backups(target.parent)) == 1


@pytest.mark.parametrize("scope, folder", [("--project", "proj"), ("--user", "~/.config/opencode")])
def test_setup_opencode_keeps_the_users_environment_and_keys_on_an_existing_entry(
        tmp_path: Path, cli, scope: str, folder: str) -> None:
    project = _project(tmp_path)
    base = _home() / folder[2:] if folder.startswith("~/") else tmp_path / folder
    base.mkdir(parents=True, exist_ok=True)
    target = base / "opencode.jsonc"
    target.write_text(OPENCODE_ENTRY)
    code, out, err = cli("setup", "opencode", scope, *CMD, cwd=project)
    assert code == 0, err
    shown = "opencode.jsonc" if scope == "--project" else "~/.config/opencode/opencode.jsonc"
    assert f"  {shown}: changed: updated mcp.memsync (backup: " in out
    assert target.read_text() == OPENCODE_AFTER
    assert [b.read_text() for b in _backups(base)] == [OPENCODE_ENTRY]
    code, out, _ = cli("setup", "opencode", scope, *CMD, cwd=project)
    assert code == 0 and f"  {shown}: already set up, unchanged" in out and out.count("unchanged") == 2
    assert target.read_text() == OPENCODE_AFTER and len(_backups(base)) == 1


def test_setup_opencode_keeps_the_users_keys_in_the_newer_layout_and_their_enabled_false(
        tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    target = project / "opencode.json"
    servers = ('{"mcp": {"servers": {"memsync": {"type": "local", "command": ["/old/memsync", "mcp"], '
               '"environment": {"MEMSYNC_DISABLE_WRITE": "1"}, "disabled": true}}}}\n')
    legacy = '{"mcp": {"memsync": {"type": "local", "command": ["/old/memsync", "mcp"], "enabled": false}}}\n'
    for before in (servers, legacy):
        target.write_text(before)
        code, out, err = cli("setup", "opencode", "--project", *CMD, cwd=project)
        assert code == 0, err
        # The user's off switch is theirs: memsync sets only type and command.
        assert target.read_text() == before.replace('"/old/memsync"', '"memsync"')
        assert "opencode.json: changed: updated mcp." in out
    assert sorted(b.read_text() for b in _backups(project)) == sorted([servers, legacy])  # names sort by time


@pytest.mark.parametrize("host, rel, before", [
    ("cursor", ".cursor/mcp.json", '{"mcpServers": {"memsync": {"command": "memsync", "args": ["mcp", "--project", '
                                   '"${workspaceFolder}"], "env": {"MEMSYNC_DISABLE_WRITE": "1"}}}}\n'),
    ("opencode", "opencode.json", '{"mcp": {"memsync": {"type": "local", "command": ["memsync", "mcp"], '
                                  '"enabled": true, "environment": {"MEMSYNC_DISABLE_WRITE": "1"}}}}\n'),
])
def test_setup_cursor_and_opencode_leave_an_up_to_date_entry_with_env_byte_for_byte(
        tmp_path: Path, cli, host: str, rel: str, before: str) -> None:
    project = _project(tmp_path)
    target = project / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(before)
    if host == "opencode":
        cli("setup", "opencode", "--project", *CMD, cwd=project)  # the plugin, so the run below has nothing to do
        assert target.read_text() == before
    code, out, err = cli("setup", host, "--project", *CMD, cwd=project)
    assert code == 0, err
    assert f"  {rel}: already set up, unchanged" in out and "changed:" not in out
    assert target.read_text() == before and not _backups(target.parent)


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize("host, rel", [("cursor", ".cursor/mcp.json"), ("opencode", "opencode.json")])
def test_a_cursor_or_opencode_file_that_is_not_json_is_left_untouched(
        tmp_path: Path, cli, name: str, host: str, rel: str) -> None:
    project = _project(tmp_path)
    content, message = BAD[name]
    if host == "opencode":
        content, message = (c.replace("mcpServers", "mcp") if isinstance(c, str) else c for c in (content, message))
    target = project / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    data = content if isinstance(content, bytes) else content.encode()
    target.write_bytes(data)
    code, out, err = cli("setup", host, "--project", *CMD, cwd=project)
    assert code == 2 and message in err and target.name in err and "Traceback" not in err
    assert target.read_bytes() == data and not _backups(target.parent)
    assert not (project / ".opencode").exists()  # no plugin either: all or nothing


def test_setup_opencode_refuses_a_plugin_file_that_is_not_memsyncs(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    plugin = project / ".opencode" / "plugins" / "memsync.js"
    plugin.parent.mkdir(parents=True)
    mine = 'export const Mine = async () => ({})  // my own plugin, named memsync.js\n'
    plugin.write_text(mine)
    for _ in range(2):
        code, out, err = cli("setup", "opencode", "--project", *CMD, cwd=project)
        assert code == 2 and out == ""
        assert err == (f"memsync: {plugin}: is not memsync's context plugin (its first line is not "
                       "'// memsync for OpenCode: memory context before the model answers.'); "
                       "move or rename it, then run again\n")
        assert plugin.read_text() == mine and not _backups(plugin.parent)
        assert sorted(p.name for p in project.iterdir()) == [".git", ".opencode"]  # no opencode.json either


def test_setup_opencode_updates_its_own_plugin_from_an_earlier_setup(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    code, _, err = cli("setup", "opencode", "--project", "--command", "/old/bin/memsync", cwd=project)
    assert code == 0, err
    plugin = project / ".opencode" / "plugins" / "memsync.js"
    old = plugin.read_text()
    code, out, err = cli("setup", "opencode", "--project", *CMD, cwd=project)
    assert code == 0, err
    assert ".opencode/plugins/memsync.js: changed: updated the memsync context plugin (backup: " in out
    assert plugin.read_text() == old.replace('["/old/bin/memsync"]', '["memsync"]')
    assert [b.read_text() for b in _backups(plugin.parent)] == [old]


def test_cursor_and_opencode_as_separate_processes_keep_the_write_switch(tmp_path: Path, run) -> None:
    """`python3 -m memsync setup cursor|opencode` (user scope, the default command) on entries
    holding MEMSYNC_DISABLE_WRITE=1."""
    home = _home()
    cursor_json = home / ".cursor" / "mcp.json"
    cursor_json.parent.mkdir()
    cursor_json.write_text('{"mcpServers": {"memsync": {"command": "/old/memsync", "args": ["mcp"], '
                           '"env": {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}}}}\n')
    opencode_json = home / ".config" / "opencode" / "opencode.json"
    opencode_json.parent.mkdir(parents=True)
    opencode_json.write_text('{"mcp": {"memsync": {"type": "local", "command": ["/old/memsync", "mcp"], '
                             '"environment": {"MEMSYNC_DISABLE_WRITE": "1"}, "x-mine": true}}}\n')
    for host in ("cursor", "opencode"):
        done = run("setup", host)
        assert done.returncode == 0, done.stderr
        assert "changed: updated " in done.stdout and "(backup: " in done.stdout
    entry = json.loads(cursor_json.read_text())["mcpServers"]["memsync"]
    assert entry["env"] == {"MEMSYNC_DISABLE_WRITE": "1", "MEMSYNC_GLOBAL_ROOT": "/srv/mem"}
    assert sorted(entry) == ["args", "command", "env"] and entry["command"] != "/old/memsync"
    assert entry["args"][-3:] == ["mcp", "--project", "${workspaceFolder}"]
    entry = json.loads(opencode_json.read_text())["mcp"]["memsync"]
    assert entry["environment"] == {"MEMSYNC_DISABLE_WRITE": "1"} and entry["x-mine"] is True
    assert entry["command"][-1] == "mcp" and entry["command"][0] != "/old/memsync" and entry["enabled"] is True
    for host, unchanged in (("cursor", 1), ("opencode", 2)):
        again = run("setup", host)
        assert again.returncode == 0 and again.stdout.count("already set up, unchanged") == unchanged
    assert len(_backups(cursor_json.parent)) == 1 and len(_backups(opencode_json.parent)) == 1


@pytest.mark.parametrize("command", ["'/opt/my tools/memsync'", "/opt/josé/bin/memsync", "~/bin/memsync",
                                     "python3 -m memsync", "env MEMSYNC_DISABLE_WRITE=1 uvx memsync"],
                         ids=["space", "non-ascii", "tilde", "python-m", "env-uvx"])
def test_hooks_install_three_times_adds_each_hook_once_whatever_the_command_needs_quoting(
        tmp_path: Path, cli, command: str) -> None:
    """A command shell-quoted by setup ('/opt/my tools/memsync' context …) was not seen as memsync's:
    every run added another copy of each hook, so context was injected N times."""
    project = _project(tmp_path)
    target = project / ".claude" / "settings.json"
    for _ in range(3):
        code, out, err = cli("hooks", "install", "--claude-code", "--project", "--command", command, cwd=project)
        assert code == 0, err
    hooks = json.loads(target.read_text())["hooks"]
    assert {event: len(groups) for event, groups in hooks.items()} == {
        "SessionStart": 1, "UserPromptSubmit": 1, "Stop": 1, "PreCompact": 1}
    assert ".claude/settings.json: already set up, unchanged" in out
    assert len(_backups(target.parent)) == 0  # created by the first run, unchanged since


def test_a_users_hook_naming_memsync_is_theirs_and_their_flags_on_memsyncs_hook_are_kept(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    target = project / ".claude" / "settings.json"
    target.parent.mkdir()
    theirs = {"type": "command", "command": "echo memsync context is loaded below >&2"}
    scoped = "/old/memsync context --format claude-code --scope project"
    target.write_text(json.dumps({"hooks": {
        "SessionStart": [{"hooks": [theirs]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": scoped}]}]}}) + "\n")
    code, out, err = cli("hooks", "install", "--claude-code", "--project", *CMD, cwd=project)
    assert code == 0, err
    hooks = json.loads(target.read_text())["hooks"]
    assert hooks["SessionStart"][0]["hooks"] == [theirs]  # not replaced: echo is the program
    assert hooks["SessionStart"][1]["hooks"][0]["command"] == "memsync context --format claude-code"
    assert [g["hooks"][0]["command"] for g in hooks["UserPromptSubmit"]] == [
        "memsync context --format claude-code --scope project"]  # the program updated, their --scope kept
    after = target.read_text()
    assert cli("hooks", "install", "--claude-code", "--project", *CMD, cwd=project)[0] == 0
    assert target.read_text() == after


def _as_user(args: list[str], cwd: Path) -> "subprocess.CompletedProcess[str]":
    """memsync as a user whom permissions bind (as root: every capability dropped)."""
    import subprocess
    import sys

    prefix = ["setpriv", "--bounding-set=-all"] if os.geteuid() == 0 else []
    repo = Path(__file__).resolve().parent.parent
    return subprocess.run([*prefix, sys.executable, "-m", "memsync", *args], cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(repo)), timeout=60, check=False)


@pytest.mark.parametrize("locked, args", [
    ("~/.claude", ["setup", "claude-code"]),                  # settings.json's folder: ~/.claude.json came first
    ("proj/.claude", ["setup", "claude-code", "--project"]),  # .mcp.json came first
])
def test_a_folder_memsync_cannot_write_in_stops_every_file_of_a_setup(tmp_path: Path, locked: str,
                                                                      args: list[str]) -> None:
    from memtree import snapshot

    project = _project(tmp_path)
    home = _home()
    (home / ".claude").mkdir(parents=True, exist_ok=True)
    (home / ".claude.json").write_text('{"theme": "dark"}\n')
    (home / ".claude" / "settings.json").write_text("{}\n")
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text("{}\n")
    folder = home / ".claude" if locked.startswith("~") else project / ".claude"
    before = snapshot(home), snapshot(project)
    folder.chmod(0o555)
    try:
        done = _as_user([*args, *CMD], project)
    finally:
        folder.chmod(0o755)
    assert done.returncode == 2, done.stderr
    assert "permission denied" in done.stderr.lower() and "nothing written" in done.stderr
    assert (snapshot(home), snapshot(project)) == before  # not ~/.claude.json, .mcp.json or a backup either


def test_a_project_files_backup_stays_out_of_the_work_tree_and_never_gets_committed(tmp_path: Path, run) -> None:
    """A backup beside .mcp.json was not matched by the .gitignore line for .mcp.json: `git add -A`
    staged it, and the GitHub token in the file with it."""
    import random
    import subprocess

    from bench.secrets_corpus import FAKES

    project = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    token = FAKES["github-pat"](random.Random(7))
    (project / ".gitignore").write_text(".mcp.json\n")
    original = json.dumps({"mcpServers": {"github": {"command": "gh", "env": {"GITHUB_TOKEN": token}}}}) + "\n"
    (project / ".mcp.json").write_text(original)
    done = run("setup", "claude-code", "--project", "--command", "memsync", cwd=project)
    assert done.returncode == 0, done.stderr
    assert token not in done.stdout + done.stderr
    kept = list((project / ".git" / "memsync-backups").glob(".mcp.json.memsync-*.bak"))
    assert [b.read_text() for b in kept] == [original]
    assert f"(backup: .git/memsync-backups/{kept[0].name})" in done.stdout
    subprocess.run(["git", "-C", str(project), "add", "-A"], check=True)
    staged = subprocess.run(["git", "-C", str(project), "diff", "--cached", "--name-only"], capture_output=True,
                            text=True, check=True).stdout.split()
    assert sorted(staged) == [".claude/settings.json", ".gitignore"]  # no backup, no token


def test_dry_run_never_shows_a_token_given_in_the_command(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    code, out, err = cli("setup", "claude-code", "--dry-run", "--command", f"env GITHUB_TOKEN={TOKEN} memsync",
                         cwd=project)
    assert code == 0, err
    assert "the server entry: " in out and "the hooks: " in out and "ghp_*** (40 chars)" in out
    assert TOKEN not in out + err and TOKEN[4:20] not in out + err
    assert not (_home() / ".claude.json").exists()


@pytest.mark.parametrize("before", ["\ufeff", "\ufeff\n", "\ufeff  \r\n"], ids=["bom", "bom-newline", "bom-crlf"])
def test_a_settings_file_holding_only_a_bom_is_an_empty_one(tmp_path: Path, cli, before: str) -> None:
    project = _project(tmp_path)
    (project / ".mcp.json").write_text(before, encoding="utf-8")
    code, out, err = cli("setup", "claude-code", "--project", *CMD, cwd=project)
    assert code == 0, err
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["memsync"]["command"] == "memsync"


def test_a_crlf_settings_file_stays_crlf_throughout(tmp_path: Path, cli) -> None:
    project = _project(tmp_path)
    before = '{\r\n  "mcpServers": {\r\n    "other": {"command": "x"}\r\n  }\r\n}\r\n'
    (project / ".mcp.json").write_bytes(before.encode())
    assert cli("setup", "claude-code", "--project", *CMD, cwd=project)[0] == 0
    after = (project / ".mcp.json").read_bytes()
    assert after.count(b"\n") == after.count(b"\r\n") > before.count("\n")
    assert json.loads(after)["mcpServers"]["other"] == {"command": "x"}


def test_a_relative_claude_config_dir_is_ignored_like_a_relative_home(tmp_path: Path, cli,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", "rel cfg")
    code, out, err = cli("hooks", "install", "--claude-code", *CMD, cwd=project)
    assert code == 0, err
    assert not (project / "rel cfg").exists()
    assert (_home() / ".claude" / "settings.json").is_file() and "~/.claude/settings.json: created" in out
