"""memsync inspect: counts, proposals, conflicts, the self-check naming what an index misses,
counters and last runs — read only."""
from __future__ import annotations

import json
import time
from pathlib import Path

from memtree import snapshot, write_entry

from memsync import activity, service
from memsync.build import compile_root, init_root
from memsync.roots import Root


def make(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    init_root(Root.at(root), ["rules", "decisions", "pitfalls", "facts"])
    write_entry(root, "decisions/a", "alpha decision", kind="decision", pinned=True, supersedes=["decisions/b"])
    write_entry(root, "decisions/b", "beta decision", kind="decision", superseded_by="decisions/a")
    write_entry(root, "facts/c", "gamma fact")
    write_entry(root, "facts/c--conflict-abc1234", "gamma fact, other device", conflict_of="facts/c")
    compile_root(Root.at(root))
    service.remember("Always squash merge", category="decisions", kind="rule", root=root)
    return root


def test_inspect_reports_what_the_memory_holds(tmp_path: Path, cli) -> None:
    root = make(tmp_path)
    r = service.inspect(root=root).roots[0]
    assert r.entries == 4 and r.pinned == ["decisions/a"] and r.superseded == ["decisions/b"]
    assert r.by_category == {"decisions": 1, "facts": 2, "rules": 1}
    assert r.by_kind == {"decision": 1, "fact": 2, "rule-proposal": 1}
    assert r.conflicts == [{"id": "facts/c--conflict-abc1234", "conflict_of": "facts/c"}]
    assert [p["id"] for p in r.proposals] == ["rules/always-squash-merge"]
    assert r.consistent and r.stale == [] and r.index_misses == []
    code, out, err = cli("inspect", "--root", str(root))
    assert code == 0, err
    assert "rule proposal awaiting a person: rules/always-squash-merge" in out
    assert "conflict sibling facts/c--conflict-abc1234 of facts/c" in out
    assert "self-check: compiled files up to date" in out
    assert "context: never injected" in out


def test_the_self_check_names_what_an_index_misses_and_inspect_writes_nothing(tmp_path: Path, cli) -> None:
    root = make(tmp_path)
    write_entry(root, "pitfalls/hand-added", "added by an editor, never compiled")
    (root / "facts" / "c.md").unlink()
    before = snapshot(root)
    r = service.inspect(root=root).roots[0]
    assert "pitfalls/hand-added" in r.index_misses and "facts/c" in r.index_extra
    assert not r.consistent
    assert any(p.endswith("pitfalls/index.md") for p in r.stale)
    code, out, _ = cli("inspect", "--root", str(root))
    assert "an index misses pitfalls/hand-added" in out and "an index lists facts/c" in out
    assert snapshot(root) == before


def test_inspect_shows_counters_and_the_last_runs_with_reasons(tmp_path: Path, cli) -> None:
    root = make(tmp_path)
    service.context("alpha decision", root=root)
    activity.record_run(Root.at(root).path, "extract", {"session": "s1", "outcome": "too-few-turns",
                                                         "reason": "2 new turns; extract.min_turns is 4", "turns": 2})
    service.recall("gamma", root=root)
    code, out, _ = cli("inspect", "--root", str(root), "--json")
    doc = json.loads(out)["roots"][0]
    assert doc["context"]["fires"] == {"cli": 1} and doc["context"]["entries"] == {"decisions/a": 1}
    assert doc["extractions"][-1]["outcome"] == "too-few-turns"
    assert doc["recalled"][0]["id"] == "facts/c"
    code, out, _ = cli("inspect", "--root", str(root))
    assert "extraction s1: too-few-turns — 2 new turns; extract.min_turns is 4 (2 turns read)" in out
    assert "last context (cli):" in out and "most recalled: facts/c ×1" in out


def test_inspect_masks_a_secret_that_reached_its_counters_and_runs(tmp_path: Path, cli) -> None:
    """The counters and runs come from a cache that hooks, models and older versions wrote: a
    token that reached them (a session id, a reason, an event name) is shown masked, in both forms."""
    import random

    from bench.secrets_corpus import FAKES

    root = make(tmp_path)
    secret = FAKES["github-pat"](random.Random(5))
    activity.record_context(Root.at(root).path, event=secret, injected=[], skipped=[], listed=0, chars=10,
                            reason=f"matched {secret}")
    activity.record_run(Root.at(root).path, "extract", {"session": secret, "outcome": "model-failed",
                                                         "reason": f"the model said {secret}", "turns": 2})
    for args in (("inspect", "--root", str(root)), ("inspect", "--root", str(root), "--json")):
        code, out, err = cli(*args)
        assert code == 0 and secret not in out + err
        assert "ghp_***" in out
    doc = service.inspect(root=root).to_json()["roots"][0]
    assert secret not in json.dumps(doc) and list(doc["context"]["fires"]) == ["ghp_*** (40 chars)"]


def test_inspect_names_recent_entries_the_dedupe_gate_would_refuse(tmp_path: Path, cli) -> None:
    """Written with force, by hand or on another device, the gate never saw them: inspect runs it
    for the newest entries and names each duplicate pair once. A note that changes a fact is not
    named, nor a superseded entry; nothing is written."""
    root = make(tmp_path)
    month_ago = int(time.time() * 1000) - 30 * 86_400_000  # a month ago: past the 14 days inspect reads
    write_entry(root, "pitfalls/kafka-lag", "Kafka consumer lag spikes when the partition count changes", body="",
                created=month_ago, updated=month_ago)
    write_entry(root, "pitfalls/kafka-lag-fixed", "Kafka consumer lag no longer spikes when the partition count "
                "changes, since cooperative rebalancing fixed it", body="", created=month_ago + 2,
                updated=month_ago + 2)
    write_entry(root, "facts/vite", "The frontend builds with Vite 6", body="Run `pnpm build`.\n",
                created=month_ago + 3, updated=month_ago + 3)
    # a copy made long ago is not looked at again (inspect reads the last 14 days)
    write_entry(root, "facts/vite-copy", "The frontend builds with Vite 6", body="Run `pnpm build`.\n",
                created=month_ago + 4, updated=month_ago + 4)
    compile_root(Root.at(root))
    forced = service.remember("When the partition count changes, Kafka consumer lag spikes", category="pitfalls",
                              root=root, force=True)
    before = snapshot(root)
    r = service.inspect(root=root).roots[0]
    assert [(d["id"], d["of"]) for d in r.duplicates] == [(forced.id, "pitfalls/kafka-lag")], r.duplicates
    assert r.duplicates[0]["coverage"] == 1.0 and r.duplicates[0]["reason"] == "covers 100% of the new keywords"
    code, out, err = cli("inspect", "--root", str(root))
    assert code == 0, err
    assert (f"possible duplicate: {forced.id} of pitfalls/kafka-lag (covers 100% of the new keywords): if they say "
            f"the same, forget one; if it replaces that entry, `memsync supersede pitfalls/kafka-lag {forced.id}`") in out
    code, out, err = cli("inspect", "--root", str(root), "--json")
    assert [(d["id"], d["of"]) for d in json.loads(out)["roots"][0]["duplicates"]] == [(forced.id, "pitfalls/kafka-lag")]
    assert snapshot(root) == before
    # Superseded, the old entry is compared with nothing.
    assert cli("supersede", "--root", str(root), "pitfalls/kafka-lag", forced.id)[0] == 0
    assert service.inspect(root=root).roots[0].duplicates == []
