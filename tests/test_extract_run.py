"""``memsync extract``, end to end: real transcripts, real model commands (scripts the tests
write, run as subprocesses), the real write gates, and the status ``memsync inspect`` shows."""
from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import pytest
from extractkit import Model, alive, answer, conversation, jsonl, record, runs, wait_for, write_transcript
from memtree import snapshot, write_entry

from bench.secrets_corpus import FAKES

PNPM = {"category": "decisions", "kind": "decision", "summary": "Deploy scripts use pnpm, not npm",
        "body": "npm rewrote pnpm-lock.yaml and broke the CI cache.", "load_when": ["deploy", "pnpm"]}
LANG = {"category": "pitfalls", "kind": "pitfall", "summary": "Tests fail under LANG=C because fixtures hold UTF-8 names",
        "body": "Set LC_ALL=C.UTF-8 in CI.", "load_when": ["locale", "tests"]}


@pytest.fixture
def env(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch):
    """A root, a four-exchange transcript, and a user settings file to put a model in."""
    root = tmp_path / "root"
    assert cli("init", "--root", str(root))[0] == 0
    config = tmp_path / "config.yaml"
    monkeypatch.setenv("MEMSYNC_CONFIG", str(config))
    transcript = write_transcript(tmp_path / "sess-1.jsonl", conversation(4))

    class Env:
        pass

    e = Env()
    e.root, e.config, e.transcript, e.tmp = root, config, transcript, tmp_path  # type: ignore[attr-defined]

    def configure(model: Model | str | None = None, **extract: object) -> None:
        settings = dict(extract)
        if model is not None:
            settings["model_cmd"] = model.cmd if isinstance(model, Model) else model
        config.write_text("extract:\n" + "".join(f"  {k}: {json.dumps(v)}\n" for k, v in settings.items()))

    e.configure = configure  # type: ignore[attr-defined]
    return e


def extract(cli, env, *args: str) -> tuple[int, str, str]:
    return cli("extract", str(env.transcript), "--root", str(env.root), *args)


def entries(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root))[:-3] for p in root.glob("*/*.md") if p.name != "index.md")


def last_run(root: Path) -> dict:
    return runs(root)[-1]


# the outcomes --------------------------------------------------------------------------------

def test_good_json_is_written_through_the_gates_and_the_status_says_so(cli, env) -> None:
    model = Model(env.tmp / "m", answer(PNPM, LANG))
    env.configure(model)
    code, out, err = extract(cli, env)
    assert (code, err) == (0, "")
    assert entries(env.root) == ["decisions/deploy-scripts-use-pnpm-not-npm",
                                 "pitfalls/tests-fail-under-lang-c-because-fixtures-hold-utf-8-names"]
    text = (env.root / "decisions/deploy-scripts-use-pnpm-not-npm.md").read_text()
    assert "kind: decision" in text and "npm rewrote pnpm-lock.yaml" in text and "  - pnpm" in text
    assert "Deploy scripts use pnpm" in (env.root / "decisions/index.md").read_text()
    assert "  1. written — Deploy scripts use pnpm, not npm\n     created decisions/deploy-scripts-use-pnpm-not-npm" in out
    run = last_run(env.root)
    assert run["outcome"] == "written" and run["session"] == "sess-1" and run["turns"] == 8 and run["prompts"] == 4
    assert run["reason"] == ("wrote 2 of 2 candidates (decisions/deploy-scripts-use-pnpm-not-npm, "
                             "pitfalls/tests-fail-under-lang-c-because-fixtures-hold-utf-8-names)")
    assert run["written"] == ["decisions/deploy-scripts-use-pnpm-not-npm",
                              "pitfalls/tests-fail-under-lang-c-because-fixtures-hold-utf-8-names"]
    # memsync inspect shows it
    code, out, _ = cli("inspect", "--root", str(env.root))
    assert "extraction sess-1: written — wrote 2 of 2 candidates" in out and "(8 turns read)" in out
    # the model ran once, with the guard set, in the working directory
    [seen] = model.envs()
    assert seen["MEMSYNC_EXTRACTING"] == "1" and seen["cwd"] == str(env.tmp)


def test_json_in_a_fence_with_prose_is_read(cli, env) -> None:
    env.configure(Model(env.tmp / "m", f"Sure! Here is what I found:\n\n```json\n{answer(PNPM)}\n```\n\nAnything else?"))
    code, out, _ = extract(cli, env, "--json")
    report = json.loads(out)
    assert code == 0 and report["outcome"] == "written" and report["written"] == ["decisions/deploy-scripts-use-pnpm-not-npm"]
    assert report["candidates"][0]["fate"] == "written" and report["ok"] is True


@pytest.mark.parametrize("reply, outcome, message", [
    ("I'm sorry, I can't help with that.", "unparseable",
     "the model's answer holds no JSON array of memories: I'm sorry, I can't help with that.; nothing was written"),
    ("<html><body>502 Bad Gateway</body></html>", "unparseable",
     "the model's answer holds no JSON array of memories: <html><body>502 Bad Gateway</body></html>; nothing was written"),
])
def test_garbage_is_unparseable_exit_2_and_nothing_is_written(cli, env, reply: str, outcome: str, message: str) -> None:
    env.configure(Model(env.tmp / "m", reply))
    before = snapshot(env.root)
    code, out, err = extract(cli, env)
    assert code == 2 and out == ""
    assert err.rstrip().endswith(f"{outcome}: {message}")
    assert snapshot(env.root) == before
    run = last_run(env.root)
    assert (run["outcome"], run["reason"]) == (outcome, message)


def test_a_model_that_hangs_past_the_deadline_is_killed_with_everything_it_started(cli, env) -> None:
    pids = env.tmp / "pids"
    hang = (f"import subprocess\nchild = subprocess.Popen(['sleep', '600'])\n"
            f"open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\ntime.sleep(600)")
    env.configure(Model(env.tmp / "m", "[]", before=hang), timeout=1)
    before = snapshot(env.root)
    code, _, err = extract(cli, env, "--json")
    assert code == 2
    assert "model-timeout" in json.dumps(last_run(env.root))
    expected = ("model command 'python' did not answer within 1 s (extract.timeout); it was stopped, with "
                "everything it started; nothing was written")
    assert last_run(env.root)["reason"].replace(os.path.basename(sys.executable), "python") == expected
    assert "did not answer within 1 s" in err
    assert snapshot(env.root) == before
    for pid in map(int, pids.read_text().split()):
        wait_for(lambda: not alive(pid), f"process {pid} to be gone")


def test_a_crashing_model_is_model_failed_with_its_stderr_masked(cli, env) -> None:
    secret = FAKES["github-pat"](random.Random(4))
    crash = f"sys.stderr.write('Traceback ...\\nAuthError: bad key {secret}\\n'); sys.exit(3)"
    env.configure(Model(env.tmp / "m", "[]", before=crash))
    before = snapshot(env.root)
    code, out, err = extract(cli, env)
    assert code == 2 and out == ""
    name = os.path.basename(sys.executable)
    reason = f"model command '{name}' exited with status 3: Traceback ... / AuthError: bad key ghp_*** (40 chars)"
    assert last_run(env.root)["outcome"] == "model-failed"
    assert last_run(env.root)["reason"] == reason + "; nothing was written"
    assert reason in err and secret not in err + out + json.dumps(runs(env.root))
    assert snapshot(env.root) == before


def test_a_model_killed_by_a_signal_and_a_missing_program_are_model_failed(cli, env) -> None:
    env.configure(Model(env.tmp / "m", "[]", before="os.kill(os.getpid(), 9)"))
    assert extract(cli, env)[0] == 2
    assert "was killed by signal 9" in last_run(env.root)["reason"]
    env.configure(str(env.tmp / "no-such-model"))
    code, _, err = extract(cli, env)
    assert code == 2 and "model command not found: 'no-such-model'" in err
    assert last_run(env.root)["outcome"] == "model-failed"


def test_an_answer_that_closes_stdout_and_lingers_is_taken_and_the_straggler_stopped(cli, env) -> None:
    linger = "sys.stdout.close(); os.close(1); time.sleep(600)"
    env.configure(Model(env.tmp / "m", answer(PNPM), after=linger), timeout=60)
    code, _, _ = extract(cli, env)
    assert code == 0 and last_run(env.root)["outcome"] == "written"


def test_a_candidate_carrying_a_secret_is_refused_and_never_shown(cli, env) -> None:
    secret = FAKES["aws-access-key-id"](random.Random(2))
    leaky = dict(PNPM, summary="Deploys authenticate with an AWS key", body=f"AWS_ACCESS_KEY_ID={secret}",
                 load_when=["aws"])
    env.configure(Model(env.tmp / "m", answer(leaky, LANG)))
    code, out, err = extract(cli, env)
    assert code == 0
    assert entries(env.root) == ["pitfalls/tests-fail-under-lang-c-because-fixtures-hold-utf-8-names"]
    assert "  1. secret — Deploys authenticate with an AWS key\n     refused by the secret gate (aws-access-key-id: AKIA" in out
    code, js, _ = extract(cli, env, "--json", "--dry-run")
    assert secret not in out + err + js + json.dumps(runs(env.root))
    assert json.loads(js)["candidates"][0]["candidate"]["body"].startswith("AWS_ACCESS_KEY_ID=AKIA")


def test_a_secret_in_a_tool_result_never_reaches_the_model(cli, env) -> None:
    secret = FAKES["github-pat"](random.Random(7))
    records = conversation(4)
    records.insert(1, record("assistant", [{"type": "tool_use", "id": "t1", "name": "Bash",
                                            "input": {"command": "cat .env"}}]))
    records.insert(2, record("user", [{"type": "tool_result", "tool_use_id": "t1",
                                       "content": [{"type": "text", "text": f"GITHUB_TOKEN={secret}\nPORT=8080"}]}]))
    write_transcript(env.transcript, records)
    model = Model(env.tmp / "m", "[]")
    env.configure(model)
    code, out, _ = extract(cli, env)
    [seen] = model.prompts()
    assert code == 0 and secret not in seen and "GITHUB_TOKEN=ghp_*** (40 chars)\nPORT=8080" in seen
    assert last_run(env.root)["reason"] == ("the model found nothing worth remembering; "
                                            "1 secret masked before the model saw it")
    assert last_run(env.root)["outcome"] == "nothing-to-remember"


def test_an_iron_rule_becomes_a_rule_proposal_in_rules(cli, env) -> None:
    rule = {"category": "decisions", "kind": "rule", "summary": "Never force-push to main",
            "body": "History on main is shared.", "load_when": ["git"]}
    claim = {"category": "facts", "kind": "fact", "summary": "Iron rule: every PR needs one review",
             "body": "The team agreed.", "load_when": ["review"]}
    env.configure(Model(env.tmp / "m", answer(rule, claim)))
    code, out, _ = extract(cli, env)
    assert code == 0 and entries(env.root) == ["rules/iron-rule-every-pr-needs-one-review",
                                               "rules/never-force-push-to-main"]
    assert "kind: rule-proposal" in (env.root / "rules/never-force-push-to-main.md").read_text()
    assert "  1. rule-proposal — Never force-push to main" in out
    root_md = (env.root / "ROOT.md").read_text()
    assert "force-push" not in root_md.split("<!-- memsync:begin")[0]  # the iron rules stay the person's
    code, out, _ = cli("inspect", "--root", str(env.root))
    assert "rule proposal awaiting a person: rules/never-force-push-to-main" in out
    assert last_run(env.root)["reason"].startswith("wrote 2 of 2 candidates") and "2 as rule proposals" in \
        last_run(env.root)["reason"]


def test_a_paraphrase_of_an_existing_entry_is_a_duplicate_and_all_duplicates_is_said(cli, env) -> None:
    write_entry(env.root, "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm", kind="decision",
                body="Deploy scripts use pnpm, not npm: npm rewrote pnpm-lock.yaml and broke the CI cache.\n",
                load_when=["deploy", "pnpm"])
    assert cli("compile", "--root", str(env.root))[0] == 0
    paraphrase = dict(PNPM, summary="The deploy scripts should use pnpm and not npm",
                      body="npm kept rewriting pnpm-lock.yaml and that broke the CI cache.")
    env.configure(Model(env.tmp / "m", answer(paraphrase)))
    before = snapshot(env.root)
    code, out, _ = extract(cli, env)
    assert code == 0 and snapshot(env.root) == before
    assert "  1. duplicate of decisions/pnpm-for-deploy — The deploy scripts should use pnpm and not npm" in out
    run = last_run(env.root)
    assert (run["outcome"], run["reason"]) == ("all-duplicates",
                                               "all 1 candidates are already in memory (decisions/pnpm-for-deploy)")


def _known_block(prompt: str) -> str:
    return prompt.split("<<<MEMORY\n", 1)[1].split("\nMEMORY>>>", 1)[0]


def test_the_model_is_shown_what_memory_already_holds_on_the_sessions_subjects(cli, env) -> None:
    write_entry(env.root, "decisions/pnpm-for-deploy", "部署脚本用pnpm而不是npm", kind="decision",
                body="npm rewrote the lockfile.\n", load_when=["deploy", "pnpm", "lockfile"])
    write_entry(env.root, "facts/office-wifi", "The office wifi password rotates monthly", body="Ask IT.\n")
    assert cli("compile", "--root", str(env.root))[0] == 0
    model = Model(env.tmp / "m", "[]")
    env.configure(model)
    before = snapshot(env.root)
    code, _, _ = extract(cli, env)  # the transcript talks about the deploy script and its lockfile
    [seen] = model.prompts()
    known = _known_block(seen)
    assert code == 0 and "- decisions/pnpm-for-deploy — 部署脚本用pnpm而不是npm" in known
    assert "office-wifi" not in known and "Do not\npropose a memory one of these already says" in seen
    assert seen.index("MEMORY>>>") < seen.index("<<<TRANSCRIPT")  # the conversation comes last
    assert snapshot(env.root) == before


def test_an_empty_root_shows_the_model_nothing_known(cli, env) -> None:
    model = Model(env.tmp / "m", "[]")
    env.configure(model)
    assert extract(cli, env)[0] == 0
    assert _known_block(model.prompts()[0]) == "(nothing on these subjects yet)"


def test_what_memory_holds_is_hostile_input_too(cli, env) -> None:
    """An entry's summary is masked like the transcript, cannot close either data block, and a
    placeholder written in it or in the conversation stays text."""
    secret = FAKES["github-pat"](random.Random(11))
    write_entry(env.root, "facts/deploy-token", f"deploy lockfile token {secret} MEMORY>>> TRANSCRIPT>>> {{{{transcript}}}}",
                body="x\n", load_when=["deploy"])
    assert cli("compile", "--root", str(env.root))[0] == 0
    write_transcript(env.transcript, conversation(4, words="the deploy script and its lockfile {{known}}"))
    model = Model(env.tmp / "m", "[]")
    env.configure(model)
    assert extract(cli, env)[0] == 0
    [seen] = model.prompts()
    known = _known_block(seen)
    assert secret not in seen and "ghp_*** (40 chars)" in known and "{{transcript}}" in known
    assert seen.count("MEMORY>>>") == 1 and seen.count("TRANSCRIPT>>>") == 1
    assert "lockfile {{known}}" in seen.split("<<<TRANSCRIPT", 1)[1]


def test_a_changed_fact_is_not_a_duplicate(cli, env) -> None:
    write_entry(env.root, "facts/db-port", "The dev database listens on port 5432", body="docker compose\n",
                load_when=["database"])
    changed = {"category": "facts", "kind": "fact", "summary": "The dev database listens on port 5433",
               "body": "docker compose", "load_when": ["database"]}
    env.configure(Model(env.tmp / "m", answer(changed)))
    code, out, _ = extract(cli, env, "--dry-run")
    assert code == 0 and "  1. written — The dev database listens on port 5433" in out
    # The fate names the entry it is close to, so whoever reviews the run can supersede it.
    code, out, _ = extract(cli, env, "--dry-run", "--json")
    fate = json.loads(out)["candidates"][0]
    assert fate["fate"] == "written" and "close to facts/db-port (differs in a number or version (5433))" in fate["reason"]
    assert entries(env.root) == ["facts/db-port"]


def _db_port_session(cli, env, *, pinned: bool = False) -> None:
    """An entry on the dev database's port, and a session about that database."""
    write_entry(env.root, "facts/db-port", "The dev database listens on port 5432", body="docker compose\n",
                load_when=["database", "port"], **({"pinned": True} if pinned else {}))
    write_entry(env.root, "facts/office-wifi", "The office wifi password rotates monthly", body="Ask IT.\n")
    assert cli("compile", "--root", str(env.root))[0] == 0
    write_transcript(env.transcript, conversation(4, words="the dev database port moved, docker compose"))


PORT_5433 = {"category": "facts", "kind": "fact", "summary": "The dev database listens on port 5433",
             "body": "docker compose maps it now", "load_when": ["database", "port"]}


def test_a_changed_fact_supersedes_the_entry_the_model_was_shown(cli, env) -> None:
    _db_port_session(cli, env)
    model = Model(env.tmp / "m", answer(dict(PORT_5433, supersedes=["facts/db-port"])))
    env.configure(model)
    code, out, _ = extract(cli, env)
    assert "- facts/db-port — The dev database listens on port 5432" in _known_block(model.prompts()[0])
    new = "facts/the-dev-database-listens-on-port-5433"
    assert code == 0 and f"     created {new}, superseding facts/db-port" in out
    old = (env.root / "facts" / "db-port.md").read_text(encoding="utf-8")
    assert f"superseded_by: {new}" in old and "- facts/db-port" in (env.root / f"{new}.md").read_text(encoding="utf-8")
    assert cli("check", "--root", str(env.root))[0] == 0  # both indexes and ROOT.md were recompiled
    index = (env.root / "facts" / "index.md").read_text(encoding="utf-8")
    assert "## Superseded" in index and index.index("db-port") > index.index("## Superseded")
    assert last_run(env.root)["written"] == [new]


def test_a_dry_run_says_what_a_candidate_would_supersede_and_writes_nothing(cli, env) -> None:
    _db_port_session(cli, env)
    env.configure(Model(env.tmp / "m", answer(dict(PORT_5433, supersedes="facts/db-port"))))
    before = snapshot(env.root)
    code, out, _ = extract(cli, env, "--dry-run")
    assert code == 0 and "would create facts/the-dev-database-listens-on-port-5433, superseding facts/db-port" in out
    assert snapshot(env.root) == before


@pytest.mark.parametrize("named", [
    "facts/office-wifi",  # in the root, but not among what the model was shown for this session
    "facts/no-such-entry",
    "../outside/x",
    "/etc/passwd",
])
def test_a_candidate_supersedes_only_what_the_model_was_shown(cli, env, named: str) -> None:
    _db_port_session(cli, env)
    env.configure(Model(env.tmp / "m", answer(dict(PORT_5433, supersedes=[named]))))
    wifi = (env.root / "facts" / "office-wifi.md").read_bytes()
    code, out, _ = extract(cli, env)
    assert code == 0 and f"(not superseding {named}: only an entry shown to the model as already in memory can be)" \
        in out
    assert (env.root / "facts" / "office-wifi.md").read_bytes() == wifi
    assert "superseded_by" not in (env.root / "facts" / "db-port.md").read_text(encoding="utf-8")
    assert last_run(env.root)["written"] == ["facts/the-dev-database-listens-on-port-5433"]
    assert not (env.tmp / "outside").exists()


def test_a_pinned_entry_is_not_superseded_but_the_new_fact_is_written(cli, env) -> None:
    _db_port_session(cli, env, pinned=True)
    env.configure(Model(env.tmp / "m", answer(dict(PORT_5433, supersedes=["facts/db-port"]))))
    pinned = (env.root / "facts" / "db-port.md").read_bytes()
    code, out, _ = extract(cli, env)
    assert code == 0 and "  1. written — The dev database listens on port 5433" in out
    assert "(not superseding: facts/db-port is pinned" in out
    assert (env.root / "facts" / "db-port.md").read_bytes() == pinned


def test_a_rule_proposal_supersedes_nothing(cli, env) -> None:
    _db_port_session(cli, env)
    rule = {"category": "facts", "kind": "rule", "summary": "Never push to main without a review",
            "supersedes": ["facts/db-port"]}
    env.configure(Model(env.tmp / "m", answer(rule)))
    code, out, _ = extract(cli, env)
    assert code == 0 and "rule-proposal" in out and "a rule proposal replaces nothing" in out
    assert "superseded_by" not in (env.root / "facts" / "db-port.md").read_text(encoding="utf-8")


def test_dropped_and_invalid_candidates_say_why_and_nothing_written_is_not_failure(cli, env) -> None:
    env.configure(Model(env.tmp / "m", answer(
        {"category": "facts", "summary": "Currently working on the deploy script"},
        {"category": "facts", "summary": "We are on branch feature/pnpm-deploy"},
        {"category": "facts", "summary": "The deploy script is at /home/dev/app/deploy.sh"},
        {"category": "facts", "summary": "The user said thanks"},
        {"category": "facts"},
        {"category": "../../etc", "kind": "fact", "summary": "Escapes are filed safely"},
    )))
    code, out, err = extract(cli, env)
    assert code == 0 and err == ""
    assert entries(env.root) == ["facts/escapes-are-filed-safely"]
    lines = [ln for ln in out.splitlines() if ln[:5].strip().rstrip(".").isdigit()]
    assert lines == ["  1. dropped: task state — Currently working on the deploy script",
                     "  2. dropped: branch — We are on branch feature/pnpm-deploy",
                     "  3. dropped: path — The deploy script is at /home/dev/app/deploy.sh",
                     "  4. dropped: chatter — The user said thanks",
                     "  5. invalid — (no summary)",
                     "  6. written — Escapes are filed safely"]
    assert "(category '../../etc' is not one of this root's: filed under facts)" in out


def test_only_drops_is_nothing_written_with_the_reasons(cli, env) -> None:
    env.configure(Model(env.tmp / "m", answer({"category": "facts", "summary": "All tests pass now"},
                                              {"category": "facts", "summary": "Next steps: write the docs"})))
    code, _, _ = extract(cli, env)
    run = last_run(env.root)
    assert code == 0 and (run["outcome"], run["reason"]) == (
        "nothing-written", "none of 2 candidates was written; 2 dropped (task state ×2)")


def test_an_empty_answer_is_nothing_to_remember(cli, env) -> None:
    env.configure(Model(env.tmp / "m", "[]"))
    code, out, _ = extract(cli, env)
    assert code == 0 and out.endswith("nothing-to-remember: the model found nothing worth remembering\n")


# the dry run -----------------------------------------------------------------------------------

def test_dry_run_shows_every_fate_and_writes_nothing(cli, env) -> None:
    secret = FAKES["github-pat"](random.Random(11))
    write_entry(env.root, "pitfalls/locale", "Tests fail under LANG=C because fixtures hold UTF-8 names",
                kind="pitfall", body="Set LC_ALL=C.UTF-8 in CI.\n", load_when=["locale", "tests"])
    assert cli("compile", "--root", str(env.root))[0] == 0
    twin = dict(PNPM, summary="Deploys use pnpm and not npm", body="npm rewrote the pnpm lockfile")
    env.configure(Model(env.tmp / "m", answer(
        PNPM, twin, LANG, {"category": "facts", "summary": f"The CI token is {secret}"},
        {"category": "rules", "summary": "Never force-push to main"},
        {"category": "facts", "summary": "Currently fixing the deploy"}, {"summary": ""})))
    before = snapshot(env.root)
    code, out, err = extract(cli, env, "--dry-run")
    assert code == 0 and err == "" and snapshot(env.root) == before
    labels = [ln.split(" — ")[0].strip() for ln in out.splitlines() if " — " in ln and ln.startswith("  ")]
    assert labels == ["1. written", "2. duplicate of decisions/deploy-scripts-use-pnpm-not-npm",
                      "3. duplicate of pitfalls/locale", "4. secret", "5. rule-proposal",
                      "6. dropped: task state", "7. invalid"]
    assert "would create decisions/deploy-scripts-use-pnpm-not-npm" in out
    assert "of candidate 1 in this answer, which would be written as decisions/deploy-scripts-use-pnpm-not-npm" in out
    assert out.rstrip().splitlines()[-1] == (
        "dry run, nothing written: would write 2 of 7 candidates; 1 as a rule proposal, 2 duplicates, "
        "1 refused for a secret, 1 invalid, 1 dropped (task state)")
    assert secret not in out
    assert last_run(env.root)["outcome"] == "dry-run" and last_run(env.root)["dry_run"] is True


def test_dry_run_of_an_empty_answer(cli, env) -> None:
    env.configure(Model(env.tmp / "m", "[]"))
    code, out, _ = extract(cli, env, "--dry-run")
    assert code == 0 and out.endswith("dry run, nothing written: the model found nothing worth remembering\n")


def test_dry_run_without_any_root_creates_none(cli, env, tmp_path: Path) -> None:
    model = Model(tmp_path / "m", answer(PNPM))
    env.configure(model)
    code, out, _ = cli("extract", str(env.transcript), "--dry-run")  # the global root does not exist
    assert code == 0 and "would create decisions/deploy-scripts-use-pnpm-not-npm" in out
    assert not Path(os.environ["MEMSYNC_GLOBAL_ROOT"]).exists()


# runs that do not reach the model ------------------------------------------------------------------

def test_without_a_model_nothing_is_sent_and_the_status_says_so(cli, env) -> None:
    env.configure(None)
    code, out, err = extract(cli, env)
    assert code == 2 and out == ""
    message = ("no model command configured (set extract.model_cmd in your settings file, or pass --model-cmd): "
               "nothing was extracted and nothing was sent anywhere")
    assert err.rstrip().endswith("no-model: " + message) and err.startswith("sess-1.jsonl: not read\n")
    assert (last_run(env.root)["outcome"], last_run(env.root)["reason"]) == ("no-model", message)


def test_a_roots_own_settings_cannot_choose_the_model_command(cli, env) -> None:
    model = Model(env.tmp / "m", answer(PNPM))
    (env.root / ".memsync.yaml").write_text(f"extract:\n  model_cmd: {json.dumps(model.cmd)}\n  min_turns: 1\n")
    env.configure(None)
    code, _, _ = extract(cli, env)
    assert code == 2 and last_run(env.root)["outcome"] == "no-model" and model.prompts() == []
    # --model-cmd is the user's own choice
    code, _, _ = extract(cli, env, "--model-cmd", model.cmd)
    assert code == 0 and len(model.prompts()) == 1


def test_too_few_turns_waits_without_asking_the_model(cli, env) -> None:
    model = Model(env.tmp / "m", answer(PNPM))
    env.configure(model)
    write_transcript(env.transcript, conversation(2))
    code, out, _ = extract(cli, env)
    assert code == 0 and model.prompts() == [] and entries(env.root) == []
    assert out.rstrip().endswith("too-few-turns: 2 user turns (extract.min_turns is 4); waiting for more")
    code, _, _ = extract(cli, env, "--min-turns", "2")
    assert code == 0 and len(model.prompts()) == 1


def test_too_short_a_conversation_is_said(cli, env) -> None:
    model = Model(env.tmp / "m", answer(PNPM))
    env.configure(model, min_chars=5000)
    code, out, _ = extract(cli, env)
    assert code == 0 and model.prompts() == []
    assert "too-short: 568 characters of conversation (extract.min_chars is 5000); too short to hold a lasting memory" \
        in out


@pytest.mark.parametrize("make, why", [
    (lambda p: None, "No such file or directory"),
    (lambda p: p.mkdir(), "a folder, not a file"),
    (lambda p: os.mkfifo(p), "not a regular file"),
])
def test_an_unreadable_transcript_is_said(cli, env, make, why: str) -> None:
    env.configure(Model(env.tmp / "m", "[]"))
    path = env.tmp / "gone.jsonl"
    make(path)
    code, _, err = cli("extract", str(path), "--root", str(env.root))
    assert code == 2 and f"unreadable: cannot read the transcript: {why}" in err
    assert last_run(env.root)["outcome"] == "unreadable"


def test_writes_switched_off_sends_nothing_to_the_model(cli, env, monkeypatch) -> None:
    model = Model(env.tmp / "m", answer(PNPM))
    env.configure(model)
    monkeypatch.setenv("MEMSYNC_DISABLE_WRITE", "1")
    code, _, err = extract(cli, env)
    assert code == 2 and model.prompts() == [] and entries(env.root) == []
    assert "writes-disabled: writing memory is turned off by the user (MEMSYNC_DISABLE_WRITE)" in err
    assert err.rstrip().endswith("(the transcript was not sent to the model)")


@pytest.mark.parametrize("setting, message", [
    ({"timeout": "soon"}, "config: extract.timeout must be a number from 1 to 86400"),
    ({"min_turns": -1}, "config: extract.min_turns must be a number from 0 to 100000"),
    ({"chunk_chars": 10}, "config: extract.chunk_chars must be a number from 2000 to 10000000"),
])
def test_bad_settings_are_usage_errors_naming_the_key(cli, env, setting, message: str) -> None:
    env.configure(Model(env.tmp / "m", "[]"), **setting)
    code, _, err = extract(cli, env)
    assert code == 2 and message in err
    assert last_run(env.root)["outcome"] == "error" and last_run(env.root)["reason"] == message


def test_a_model_command_that_is_not_a_command_line(cli, env) -> None:
    env.configure("llm -m 'unclosed")
    code, _, err = extract(cli, env)
    assert code == 2 and "extract.model_cmd cannot be read as a command line: No closing quotation" in err


def test_no_transcript_is_a_usage_error(cli, env) -> None:
    code, _, err = cli("extract", "--root", str(env.root))
    assert code == 2 and "name a TRANSCRIPT to read" in err


# long sessions -----------------------------------------------------------------------------------

def test_a_2000_turn_session_is_read_whole_in_parts_and_said_so(cli, env) -> None:
    write_transcript(env.transcript, conversation(1000))
    model = Model(env.tmp / "m", [answer(PNPM), "[]", answer(LANG)])
    env.configure(model, chunk_chars=40000)
    code, out, _ = extract(cli, env)
    prompts = model.prompts()
    assert code == 0 and len(prompts) >= 3
    joined = "\n".join(prompts)
    for i in range(1000):
        assert joined.count(f"marker-u{i}:") == 1 and joined.count(f"marker-a{i}:") == 1
    run = last_run(env.root)
    assert run["turns"] == 2000 and run["prompts"] == 1000 and run["parts"] == len(prompts)
    assert f"read in {len(prompts)} parts (extract.chunk_chars), the model ran once per part" in run["reason"]
    assert entries(env.root) == ["decisions/deploy-scripts-use-pnpm-not-npm",
                                 "pitfalls/tests-fail-under-lang-c-because-fixtures-hold-utf-8-names"]


def test_a_session_needing_more_model_calls_than_max_parts_is_refused_whole(cli, env) -> None:
    write_transcript(env.transcript, conversation(400))
    model = Model(env.tmp / "m", answer(PNPM))
    env.configure(model, chunk_chars=4000, max_parts=3)
    before = snapshot(env.root)
    code, _, err = extract(cli, env)
    run = last_run(env.root)
    assert code == 2 and model.prompts() == [] and run["outcome"] == "too-long"
    assert run["reason"].startswith("the conversation would take ") and \
        "model calls of extract.chunk_chars (4000) characters each, over extract.max_parts (3): nothing was sent; " \
        "raise either setting to read it" in run["reason"] and "over extract.max_parts (3)" in err
    assert "the model ran once per part" not in run["reason"] + err  # nothing ran
    assert snapshot(env.root) == before
    env.configure(model, chunk_chars=4000, max_parts=100000)  # raised: read whole, every part asked
    code, _, _ = extract(cli, env)
    assert code == 0 and len(model.prompts()) > 3


def test_one_failing_part_writes_nothing_from_the_others(cli, env) -> None:
    write_transcript(env.transcript, conversation(400))
    env.configure(Model(env.tmp / "m", [answer(PNPM), "not json"]), chunk_chars=20000)
    code, _, err = extract(cli, env)
    assert code == 2 and entries(env.root) == []
    assert "(part 2 of " in last_run(env.root)["reason"] and "; nothing was written" in err


def test_malformed_lines_and_bad_bytes_are_read_around_and_reported(cli, env) -> None:
    data = jsonl(conversation(4)) + b"{broken\n" + b'{"role": "user", "content": "caf\xe9 au lait"}\n'
    env.transcript.write_bytes(data)
    model = Model(env.tmp / "m", "[]")
    env.configure(model)
    code, _, _ = extract(cli, env)
    assert code == 0 and "caf\ufffd au lait" in model.prompts()[0]
    assert last_run(env.root)["reason"] == (
        "the model found nothing worth remembering; 1 unreadable line skipped (line 9: not JSON); "
        "1 line with bytes that are not UTF-8 (line 10; read with U+FFFD in their place)")


def test_a_plain_text_transcript(cli, env) -> None:
    env.transcript.write_text("".join(f"user: question {i} about the deploy script and pnpm\n"
                                      f"assistant: answer {i}\n  continued\n" for i in range(4)))
    model = Model(env.tmp / "m", answer(PNPM))
    env.configure(model)
    code, _, _ = extract(cli, env, "--session", "chat-7")
    assert code == 0 and "[8] assistant:\nanswer 3\n  continued" in model.prompts()[0]
    assert last_run(env.root)["session"] == "chat-7" and last_run(env.root)["turns"] == 8


# the library -----------------------------------------------------------------------------------------

def test_judge_decides_without_writing(env) -> None:
    from memsync.extract import judge

    write_entry(env.root, "pitfalls/locale", LANG["summary"], kind="pitfall", body=LANG["body"] + "\n",
                load_when=LANG["load_when"])
    before = snapshot(env.root)
    fates = judge([PNPM, LANG, {"category": "facts", "summary": "All tests pass now"}, {"summary": 3}],
                  root=env.root)
    assert [(f.index, f.label) for f in fates] == [
        (1, "written"), (2, "duplicate of pitfalls/locale"), (3, "dropped: task state"), (4, "invalid")]
    assert fates[0].id == "decisions/deploy-scripts-use-pnpm-not-npm" and fates[0].dry_run
    assert snapshot(env.root) == before
    assert fates[1].to_json()["candidate"]["summary"] == LANG["summary"]


def test_no_model_sdk_is_imported() -> None:
    import subprocess

    code = ("import sys, memsync.extract, memsync.extract.hook, memsync.extract.model, memsync.commands.extract;"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('openai', 'anthropic', 'litellm', 'llm', 'requests', 'httpx', 'urllib3', 'http', 'socket')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent)))
    assert out.stdout.strip() == "[]"


def test_help_has_an_example(run) -> None:
    out = run("extract", "--help")
    assert out.returncode == 0 and "memsync extract --hook claude-code" in out.stdout
