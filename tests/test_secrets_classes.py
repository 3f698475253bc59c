"""The classes of miss from issue 12, one parametrized table per class (bench/secrets_classes.py).

Each positive must be found with its rule id at its place (line, column of the value),
and the masked form must never hold the secret; each clean look-alike must raise nothing.
The samples are generated at run time from syntax and format descriptions, so this file
holds no token-shaped literal.
"""
from __future__ import annotations

import pytest

from bench.secrets_classes import CLASSES, Sample, samples
from memsync.secrets import scan_bytes, scan_text

CORPUS = samples(seed=7, per_kind=4)


def _table(cls: str, positive: bool) -> list[Sample]:
    return [s for s in CORPUS if s.cls == cls and s.positive == positive]


def _id(s: Sample) -> str:
    return f"{s.kind}-{s.name.split('-', 1)[0]}"


def assert_found(s: Sample) -> None:
    findings = scan_text(s.text, s.name)
    where = s.where()
    got = [(f.rule, f.line, f.col) for f in findings]
    assert (s.rule, *where) in got, f"{s.kind}: expected {s.rule} at {where}, got {got}"
    assert s.secret is not None
    shown = "\n".join(f.format() for f in findings)
    leaked = s.secret in shown or any(s.secret[i:i + 8] in f.masked for f in findings
                                      for i in range(0, max(1, len(s.secret) - 8), 4))
    assert not leaked, f"{s.kind}: a finding shows the secret"
    # The same text as file bytes (the gate's path) gives the same findings.
    assert scan_bytes(s.text.encode("utf-8"), s.name) == findings


@pytest.mark.parametrize("s", _table("1", True), ids=_id)
def test_class1_assignments_in_every_syntax_are_found(s: Sample) -> None:
    assert_found(s)


@pytest.mark.parametrize("s", _table("2", True), ids=_id)
def test_class2_credential_shapes_are_found(s: Sample) -> None:
    assert_found(s)


@pytest.mark.parametrize("s", _table("3", True), ids=_id)
def test_class3_vendor_tokens_are_found(s: Sample) -> None:
    assert_found(s)


@pytest.mark.parametrize("s", _table("5", True), ids=_id)
def test_class5_real_tokens_with_runs_or_filler_words_nearby_are_found(s: Sample) -> None:
    assert_found(s)


@pytest.mark.parametrize("s", [s for cls in CLASSES for s in _table(cls, False)], ids=lambda s: f"c{s.cls}-{_id(s)}")
def test_clean_lookalikes_of_every_class_raise_nothing(s: Sample) -> None:
    findings = scan_text(s.text, s.name)
    assert findings == [], [f.format() for f in findings]


def test_every_class_has_positives_and_lookalikes() -> None:
    for cls in CLASSES:
        positives, clean = _table(cls, True), _table(cls, False)
        assert clean, cls
        assert positives or cls == "4", cls
    assert {s.family for s in CORPUS if s.positive} >= {"cloud", "code-host", "chat", "ai", "payment", "registry",
                                                          "private-key", "jwt", "generic", "url"}
