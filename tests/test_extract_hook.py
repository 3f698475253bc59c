"""``memsync extract --hook claude-code``: the Stop / PreCompact hook returns at once, the run
happens detached, one per session at a time, on the new turns only, and always leaves a status."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from extractkit import Model, answer, append_transcript, conversation, runs, wait_for, write_transcript

PNPM = {"category": "decisions", "kind": "decision", "summary": "Deploy scripts use pnpm, not npm",
        "body": "npm rewrote pnpm-lock.yaml and broke the CI cache.", "load_when": ["deploy", "pnpm"]}
LANG = {"category": "pitfalls", "kind": "pitfall", "summary": "Tests fail under LANG=C because fixtures hold UTF-8 names",
        "body": "Set LC_ALL=C.UTF-8 in CI.", "load_when": ["locale", "tests"]}


def gated(folder: Path, answers: str | list[str]) -> tuple[Model, Path, Path]:
    """A model that says it started, then waits for ``gate`` before it answers."""
    gate, started = folder / "gate", folder / "started"
    wait = (f"open({str(started)!r} + str(n), 'w').close()\n"
            f"deadline = time.time() + 120\n"
            f"while not os.path.exists({str(gate)!r}) and time.time() < deadline:\n    time.sleep(0.02)")
    return Model(folder, answers, before=wait), gate, started


@pytest.fixture
def hook_env(tmp_path: Path, run, monkeypatch: pytest.MonkeyPatch):
    root = tmp_path / "root"
    assert run("init", "--root", str(root)).returncode == 0
    config = tmp_path / "config.yaml"
    monkeypatch.setenv("MEMSYNC_CONFIG", str(config))
    transcript = write_transcript(tmp_path / "sess-9.jsonl", conversation(4, session="sess-9"))
    project = tmp_path / "project"
    project.mkdir()

    def configure(model: Model | None, **extract: object) -> None:
        settings = dict(extract)
        if model is not None:
            settings["model_cmd"] = model.cmd
        config.write_text("extract:\n" + "".join(f"  {k}: {json.dumps(v)}\n" for k, v in settings.items()))

    def fire(event: str = "Stop", *, session: str = "sess-9", env: dict[str, str] | None = None,
             payload: bytes | None = None):
        data = payload if payload is not None else json.dumps({
            "session_id": session, "transcript_path": str(transcript), "cwd": str(project),
            "hook_event_name": event, "permission_mode": "default"}).encode()
        return run("extract", "--hook", "claude-code", "--root", str(root), input=data.decode("utf-8", "replace"),
                   env=env, timeout=60)

    return type("HookEnv", (), {"root": root, "transcript": transcript, "tmp": tmp_path, "configure": configure,
                                "fire": staticmethod(fire), "project": project})


def test_the_hook_returns_at_once_and_the_detached_run_leaves_its_status(hook_env) -> None:
    model, gate, started = gated(hook_env.tmp / "m", answer(PNPM))
    hook_env.configure(model)
    done = hook_env.fire("Stop")
    # The hook has exited (its stdout closed: nothing holds it) while the model is still waiting.
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    wait_for(lambda: Path(str(started) + "1").exists(), "the detached run to start the model")
    assert runs(hook_env.root) == [] and not list(hook_env.root.glob("decisions/*-*.md"))
    gate.touch()
    [run] = wait_for(lambda: runs(hook_env.root), "the detached run's status")
    assert (run["outcome"], run["session"], run["event"], run["turns"], run["first_turn"]) == (
        "written", "sess-9", "Stop", 8, 1)
    assert run["written"] == ["decisions/deploy-scripts-use-pnpm-not-npm"]
    assert (hook_env.root / "decisions/deploy-scripts-use-pnpm-not-npm.md").is_file()
    # The model ran where the session works, with the guard against extracting its own session.
    assert model.envs()[0] == {"MEMSYNC_EXTRACTING": "1", "cwd": str(hook_env.project)}


def test_new_turns_only_and_not_before_min_turns_of_them(hook_env, run) -> None:
    model = Model(hook_env.tmp / "m", [answer(PNPM), answer(LANG)])
    hook_env.configure(model)
    hook_env.fire("Stop")
    wait_for(lambda: [r for r in runs(hook_env.root) if r["outcome"] == "written"], "the first run")
    # Two more exchanges: not enough new user turns yet.
    append_transcript(hook_env.transcript, conversation(2, start=4, session="sess-9"))
    hook_env.fire("Stop")
    waiting = wait_for(lambda: [r for r in runs(hook_env.root) if r["outcome"] == "too-few-turns"], "a waiting run")
    assert waiting[0]["reason"] == ("2 user turns since the last extraction (extract.min_turns is 4); "
                                    "waiting for more")
    assert waiting[0]["turns"] == 4 and waiting[0]["first_turn"] == 9
    assert len(model.prompts()) == 1
    # Two more: four new user turns; the model reads turns 9 to 16 only.
    append_transcript(hook_env.transcript, conversation(2, start=6, session="sess-9"))
    hook_env.fire("PreCompact")
    wait_for(lambda: len([r for r in runs(hook_env.root) if r["outcome"] == "written"]) == 2, "the second run")
    second = model.prompts()[1]
    assert "[9] user:\nquestion 4 marker-u4" in second and "[16] assistant:\nanswer 7 marker-a7" in second
    assert "marker-u3:" not in second
    outcomes = [(r["outcome"], r["event"], r["first_turn"]) for r in runs(hook_env.root)]
    # The waiting status was replaced by the run that read those turns.
    assert outcomes == [("written", "Stop", 1), ("written", "PreCompact", 9)]
    out = run("inspect", "--root", str(hook_env.root)).stdout
    assert "extraction sess-9: written — wrote 1 of 1 candidates (pitfalls/" in out and "(8 turns read)" in out


def test_one_extraction_per_session_at_a_time(hook_env) -> None:
    model, gate, started = gated(hook_env.tmp / "m", answer(PNPM))
    hook_env.configure(model)
    assert hook_env.fire("Stop").returncode == 0
    wait_for(lambda: Path(str(started) + "1").exists(), "the first run to reach the model")
    assert hook_env.fire("Stop").returncode == 0
    [busy] = wait_for(lambda: runs(hook_env.root), "the second run's status")
    assert busy["outcome"] == "busy" and busy["reason"] == (
        "an extraction of this session is already running; it reads the turns since then when it ends")
    # Another session is not held up by this one.
    other = write_transcript(hook_env.tmp / "other.jsonl", conversation(4, session="sess-10"))
    hook_env.configure(Model(hook_env.tmp / "m2", "[]"))
    payload = json.dumps({"session_id": "sess-10", "transcript_path": str(other), "cwd": str(hook_env.project),
                          "hook_event_name": "Stop"}).encode()
    hook_env.fire(payload=payload)
    wait_for(lambda: [r for r in runs(hook_env.root) if r["session"] == "sess-10"], "the other session's run")
    gate.touch()
    wait_for(lambda: [r for r in runs(hook_env.root) if r["outcome"] == "written"], "the first run's status")
    assert len(model.prompts()) == 1
    assert [(r["session"], r["outcome"]) for r in runs(hook_env.root)] == [
        ("sess-10", "nothing-to-remember"), ("sess-9", "written")]


def test_turns_a_busy_hook_saw_are_read_when_the_running_extraction_ends(hook_env) -> None:
    """The last reply of a session often comes while the previous one's extraction still waits for
    the model: its hook finds the session busy, and no later hook may come to read those turns."""
    model, gate, started = gated(hook_env.tmp / "m", [answer(PNPM), answer(LANG)])
    hook_env.configure(model)
    assert hook_env.fire("Stop").returncode == 0
    wait_for(lambda: Path(str(started) + "1").exists(), "the first run to reach the model")
    append_transcript(hook_env.transcript, conversation(4, start=4, session="sess-9"))
    assert hook_env.fire("Stop").returncode == 0
    wait_for(lambda: [r for r in runs(hook_env.root) if r["outcome"] == "busy"], "the busy status")
    gate.touch()
    done = wait_for(lambda: [r for r in runs(hook_env.root) if r["outcome"] == "written"][1:] and runs(hook_env.root),
                    "the run of the turns the busy hook saw")
    assert [(r["outcome"], r["first_turn"], r["turns"]) for r in done] == [("written", 1, 8), ("written", 9, 8)]
    second = model.prompts()[1]
    assert "marker-u4" in second and "marker-a7" in second and "marker-u3" not in second
    assert (hook_env.root / "pitfalls/tests-fail-under-lang-c-because-fixtures-hold-utf-8-names.md").is_file()


def test_a_failed_run_leaves_its_turns_for_the_next(hook_env) -> None:
    model = Model(hook_env.tmp / "m", answer(PNPM), before="if n == 1:\n    sys.exit(5)")
    hook_env.configure(model)
    hook_env.fire("Stop")
    [failed] = wait_for(lambda: runs(hook_env.root), "the failed run")
    assert failed["outcome"] == "model-failed" and "exited with status 5" in failed["reason"]
    assert not (hook_env.root / "decisions/deploy-scripts-use-pnpm-not-npm.md").exists()
    hook_env.fire("Stop")
    wait_for(lambda: len(runs(hook_env.root)) == 2, "the retry")
    retry = runs(hook_env.root)[-1]
    assert (retry["outcome"], retry["first_turn"], retry["turns"]) == ("written", 1, 8)


def test_without_a_model_the_detached_run_says_so_once(hook_env) -> None:
    hook_env.configure(None)
    assert hook_env.fire("SessionEnd").returncode == 0
    [run] = wait_for(lambda: runs(hook_env.root), "the status")
    assert run["outcome"] == "no-model" and run["event"] == "SessionEnd"
    assert hook_env.fire("Stop").returncode == 0
    wait_for(lambda: runs(hook_env.root)[-1]["event"] == "Stop", "the second status")
    assert [(r["outcome"], r["event"]) for r in runs(hook_env.root)] == [("no-model", "Stop")]


@pytest.mark.parametrize("payload, message", [
    (b"", "no hook input on stdin"),
    (b"not json", "hook input is not JSON"),
    (b"[1, 2]", "hook input is not a JSON object"),
    (b'{"hook_event_name": "Stop", "session_id": "s"}', "hook input has no transcript_path"),
    (b'{"hook_event_name": "UserPromptSubmit", "transcript_path": "/x.jsonl"}',
     "UserPromptSubmit is not a hook extraction runs on (Stop, PreCompact, SessionEnd, SubagentStop)"),
    # a name that is no Claude Code event is not repeated (it could be anything the payload holds)
    (b'{"hook_event_name": "Bogus-x9", "transcript_path": "/x.jsonl"}',
     "the hook event is not a hook extraction runs on (Stop, PreCompact, SessionEnd, SubagentStop)"),
])
def test_the_hook_fails_open_on_bad_input(hook_env, payload: bytes, message: str) -> None:
    hook_env.configure(Model(hook_env.tmp / "m", "[]"))
    done = hook_env.fire(payload=payload)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr == f"memsync extract: {message}; nothing extracted\n"


def test_a_model_commands_own_session_does_not_extract(hook_env) -> None:
    model = Model(hook_env.tmp / "m", answer(PNPM))
    hook_env.configure(model)
    done = hook_env.fire("Stop", env={"MEMSYNC_EXTRACTING": "1"})
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    # A real run afterwards is the only one recorded, and the model ran once.
    hook_env.fire("Stop")
    wait_for(lambda: runs(hook_env.root), "the real run")
    assert len(runs(hook_env.root)) == 1 and len(model.prompts()) == 1


def test_a_hostile_session_id_stays_a_value(hook_env) -> None:
    hook_env.configure(Model(hook_env.tmp / "m", "[]"))
    hook_env.fire("Stop", session="--root=/etc")
    [run] = wait_for(lambda: runs(hook_env.root), "the status")
    assert run["outcome"] == "nothing-to-remember" and run["session"].startswith("sha-")


def test_the_detached_run_reads_past_bad_lines_and_speaks_only_of_those_after_its_mark(hook_env) -> None:
    """The hook's run streams the transcript from its mark: the turns before it are counted, not
    sent, the bad lines before it were the previous run's to report, and a file that got shorter
    than the mark is read afresh."""
    model = Model(hook_env.tmp / "m", "[]")
    hook_env.configure(model)
    with open(hook_env.transcript, "ab") as fh:  # lines 9 and 10 (turn 9: the user's, bytes not UTF-8)
        fh.write(b"{broken\n" + b'{"role": "user", "content": "caf\xe9 au lait"}\n')
    hook_env.fire("Stop")
    [first] = wait_for(lambda: runs(hook_env.root), "the first run")
    assert (first["outcome"], first["first_turn"], first["turns"], first["prompts"]) == (
        "nothing-to-remember", 1, 9, 5)
    assert first["reason"] == ("the model found nothing worth remembering; 1 unreadable line skipped (line 9: not "
                               "JSON); 1 line with bytes that are not UTF-8 (line 10; read with U+FFFD in their place)")
    append_transcript(hook_env.transcript, conversation(4, start=4, session="sess-9"))  # lines 11-18
    with open(hook_env.transcript, "ab") as fh:
        fh.write(b"[1]\n")
    hook_env.fire("Stop")
    second = wait_for(lambda: [r for r in runs(hook_env.root) if r["first_turn"] == 10], "the second run")[0]
    assert (second["outcome"], second["turns"], second["prompts"]) == ("nothing-to-remember", 8, 4)
    assert second["reason"] == ("the model found nothing worth remembering; 1 unreadable line skipped "
                                "(line 19: not a JSON object)")
    sent = model.prompts()[1]
    assert "[10] user:\nquestion 4 marker-u4" in sent and "[17] assistant:\nanswer 7 marker-a7" in sent
    assert "marker-u3:" not in sent and "caf" not in sent
    # Replaced by a shorter file (17 turns read, 8 now): read afresh from turn 1.
    write_transcript(hook_env.transcript, conversation(4, start=20, session="sess-9"))
    hook_env.fire("Stop")
    third = wait_for(lambda: len(model.prompts()) == 3 and [r for r in runs(hook_env.root) if r["first_turn"] == 1],
                     "the run of the replaced file")[0]
    assert (third["outcome"], third["turns"], third["reason"]) == (
        "nothing-to-remember", 8, "the model found nothing worth remembering")
    assert "[1] user:\nquestion 20 marker-u20" in model.prompts()[2]
