"""Integrity of the dedupe evaluation set (bench/dedupe_corpus.py) and of its baseline's tokenizer.

These check the set, not memsync's scores: those live in bench/dedupe_bench.py.
"""
from __future__ import annotations

import collections
import re

import pytest

from bench.dedupe_bench import bigrams, filler_entries, overlap
from bench.dedupe_corpus import CLASSES, KINDS, LANGUAGES, PREFIXES, TOPICS, Memory, Pair, pairs

PAIRS = pairs()
CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")
LATIN = re.compile("[A-Za-z]")


def memories(p: Pair) -> list[Memory]:
    return [p.existing, p.candidate]


def test_size_and_balance() -> None:
    assert len(PAIRS) >= 320
    by_lang = collections.Counter(p.language for p in PAIRS)
    assert set(by_lang) == set(LANGUAGES)
    for lang, n in by_lang.items():
        assert 0.28 <= n / len(PAIRS) <= 0.39, (lang, n)
    by_class = collections.Counter(p.cls for p in PAIRS)
    assert set(by_class) == set(CLASSES)
    assert by_class["paraphrase"] >= 120 and by_class["near-miss"] >= 120
    assert by_class["related"] >= 40 and by_class["unrelated"] >= 40
    # Every class is present in every language, in comparable numbers.
    cells = collections.Counter((p.cls, p.language) for p in PAIRS)
    for cls in CLASSES:
        counts = [cells[(cls, lang)] for lang in LANGUAGES]
        assert min(counts) > 0 and max(counts) - min(counts) <= max(counts) // 4, (cls, counts)


def test_hand_written_share() -> None:
    hand = [p for p in PAIRS if "/g-" not in p.id and p.cls != "unrelated"]
    assert len(hand) >= 300
    for t in TOPICS:
        assert len(t.para) >= 3 and len(t.near) >= 3 and len(t.related) >= 1, t.name


@pytest.mark.parametrize("p", PAIRS, ids=lambda p: p.id)
def test_labels(p: Pair) -> None:
    assert p.cls in CLASSES and p.language in LANGUAGES
    assert p.duplicate is CLASSES[p.cls]
    assert p.note.strip()
    for m in memories(p):
        assert m.summary.strip() == m.summary and m.summary and "\n" not in m.summary
        assert m.load_when and all(w.strip() == w and w and "\n" not in w for w in m.load_when)
        assert "\n" not in m.body and m.body.strip() == m.body
        assert m.category in KINDS
    assert p.existing.body, "every existing entry has a body"


def test_no_duplicated_pairs() -> None:
    ids = collections.Counter(p.id for p in PAIRS)
    assert [i for i, n in ids.items() if n > 1] == []
    keys = collections.Counter((p.existing, p.candidate) for p in PAIRS)
    assert [k[1].summary for k, n in keys.items() if n > 1] == []
    assert [p.id for p in PAIRS if p.candidate == p.existing] == []
    assert [p.id for p in PAIRS if p.candidate.summary == p.existing.summary] == []
    # A candidate is not filed twice under conflicting labels anywhere in the set.
    truth: dict[tuple[str, str, str], set[bool]] = collections.defaultdict(set)
    for p in PAIRS:
        truth[(p.existing.summary, p.candidate.summary, p.candidate.body)].add(p.duplicate)
    assert [k for k, v in truth.items() if len(v) > 1] == []
    summaries = collections.Counter(t.existing.summary for t in TOPICS)
    assert [s for s, n in summaries.items() if n > 1] == []


def test_scripts_match_language() -> None:
    for p in PAIRS:
        if p.language == "en":
            assert not any(CJK.search(m.text()) for m in memories(p)), p.id
        elif p.language == "zh":
            assert CJK.search(p.existing.summary) and not LATIN.search(p.existing.text()), p.id
            if LATIN.search(p.candidate.text()):  # only the register-switch rewrite brings Latin in
                assert "mixed register" in p.note, p.id
        else:
            assert CJK.search(p.existing.summary) and LATIN.search(p.existing.summary), p.id


def test_unrelated_pairs_come_from_another_area() -> None:
    origin: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for t in TOPICS:
        for c in (*t.para, *t.near, *t.related):
            origin[(c[1], c[3])].add(t.area)
    area = {t.name: t.area for t in TOPICS}
    lang = {t.name: t.language for t in TOPICS}
    unrelated = [p for p in PAIRS if p.cls == "unrelated"]
    assert unrelated
    for p in unrelated:
        areas = origin[(p.candidate.summary, p.candidate.body)]
        assert areas and area[p.topic] not in areas, p.id
        source = p.note.split(" of ")[-1]
        assert lang[source] == p.language and area[source] != area[p.topic], p.id


def test_generated_variants_keep_their_source_label() -> None:
    hand = {(p.topic, p.candidate.summary, p.candidate.body): p.cls for p in PAIRS if "/g-" not in p.id}
    generated = [p for p in PAIRS if "/g-" in p.id]
    assert len(generated) == 3 * len(TOPICS)
    for p in generated:
        c = p.candidate
        if p.id.endswith("/g-prefix"):
            prefix = next(x for x in PREFIXES[p.language] if c.summary.startswith(x))
            source = hand.get((p.topic, c.summary[len(prefix):], c.body))
        else:
            matches = [cls for (topic, summary, _), cls in hand.items() if topic == p.topic and summary == c.summary]
            source = matches[0] if matches else None
        assert source == p.cls, p.id


def test_every_text_passes_the_secret_and_rule_gates(tmp_path) -> None:
    """Otherwise the bench would measure gate 4 (secrets) or 3 (iron rules) instead of 5."""
    from memsync.secrets.gate import check_text

    seen: set[Memory] = set()
    for p in PAIRS:
        seen.update(memories(p))
    seen.update(m for _, m in filler_entries())
    for m in seen:
        assert check_text(tmp_path, f"{m.category}/x.md", m.text()) == [], m.summary
        assert not re.search("iron rule|铁规则|铁律", m.text(), re.I), m.summary


def test_fillers_are_off_topic() -> None:
    fillers = filler_entries()
    assert 30 <= len(fillers) <= 60 and len({fid for fid, _ in fillers}) == len(fillers)
    assert [fid for fid, _ in fillers if fid.split("/")[1] in {t.name for t in TOPICS}] == []
    for p in PAIRS:
        cand = bigrams(p.candidate.text())
        assert max(overlap(cand, bigrams(m.text())) for _, m in fillers) < 0.3, p.id


@pytest.mark.parametrize("text, expected", [
    ("部署", {"部署"}),
    ("部署失败", {"部署", "署失", "失败"}),
    ("改", {"改"}),
    ("pnpm", {"pnpm"}),
    ("Use pnpm install", {"use pnpm", "pnpm install"}),
    ("先跑pnpm install再部署", {"先跑", "pnpm install", "再部", "部署"}),
    ("ＰＮＰＭ　Install", {"pnpm install"}),  # NFKC folds full-width letters and spaces
    ("port 5433, not 5432", {"port 5433", "5433 not", "not 5432"}),
    ("max.poll.interval.ms", {"max.poll.interval.ms"}),
    ("line one\nline two", {"line one", "line two"}),  # no bigram across fields
    ("", set()),
])
def test_baseline_bigrams(text: str, expected: set[str]) -> None:
    assert bigrams(text) == expected


def test_baseline_overlap_is_the_candidates_share() -> None:
    a, b = bigrams("部署失败"), bigrams("部署成功")
    assert overlap(a, b) == pytest.approx(1 / 3)
    assert overlap(a, a) == 1.0 and overlap(frozenset(), a) == 0.0


def test_every_near_miss_has_a_kind_of_change() -> None:
    from bench.dedupe_corpus import change_kind

    kinds = collections.Counter(change_kind(p.note) for p in PAIRS if p.cls == "near-miss")
    assert len(kinds) == 6 and min(kinds.values()) >= 10, kinds
    for p in PAIRS:
        if p.cls == "near-miss" and change_kind(p.note) == "identifier or subject":
            assert p.note.split(": ", 1)[-1].startswith("different"), p.id
