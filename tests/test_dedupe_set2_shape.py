"""Shape of the blind second dedupe set (tests/dedupe_set2.py): size, label and language
balance, allowed values, text form. It checks the data only; it must not import the rule."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.dedupe_set2 import SET2

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

HOWS = {
    "dup": {"synonym", "restructure", "summary", "filler", "number", "format", "crosslang", "mixed-switch"},
    "near": {"number", "subst", "negation", "reversed", "added", "condition", "scope", "flag"},
    "rel": {"same-area"},
    "unrel": {"other-area"},
}
# (low, high) share of all rows, around the brief's ~45 / ~30 / ~10 / ~15 %.
BANDS = {"dup": (0.40, 0.50), "near": (0.25, 0.35), "rel": (0.07, 0.13), "unrel": (0.12, 0.18)}
LANGS = ("en", "zh", "mixed")


def _share(counter: Counter[str], key: str) -> float:
    return counter[key] / len(SET2)


def test_size_and_topics() -> None:
    assert len(SET2) >= 360
    topics = Counter(row[4] for row in SET2)
    assert len(topics) >= 70
    for existing, uses in topics.items():
        labels = {row[0] for row in SET2 if row[4] == existing}
        assert uses >= 3 and len(labels) >= 2, existing


@pytest.mark.parametrize("label", sorted(BANDS))
def test_label_share_in_band(label: str) -> None:
    low, high = BANDS[label]
    assert low <= _share(Counter(row[0] for row in SET2), label) <= high


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_at_least_a_quarter(lang: str) -> None:
    assert _share(Counter(row[2] for row in SET2), lang) >= 0.25


def test_crosslang_about_a_quarter_of_dups() -> None:
    hows = Counter(row[1] for row in SET2 if row[0] == "dup")
    share = hows["crosslang"] / sum(hows.values())
    assert 0.20 <= share <= 0.35
    assert hows["mixed-switch"] > 0


@pytest.mark.parametrize("row", SET2, ids=lambda r: f"{r[0]}-{r[1]}-{r[3][:24]}")
def test_row_fields(row: tuple[str, str, str, str, str]) -> None:
    assert len(row) == 5 and all(isinstance(f, str) and f.strip() for f in row)
    label, how, lang, new, existing = row
    assert label in HOWS and how in HOWS[label] and lang in LANGS
    for text in (new, existing):
        # a summary line, optionally one short body after "\n"
        assert text == text.strip() and text.count("\n") <= 1
        assert all(part.strip() for part in text.split("\n"))
    assert new != existing
    new_zh, old_zh = bool(CJK.search(new)), bool(CJK.search(existing))
    if lang == "en":
        assert not new_zh and not old_zh
    elif lang == "zh":
        assert new_zh and old_zh
    else:
        assert new_zh or old_zh
    if how == "crosslang":
        assert lang == "mixed" and new_zh != old_zh
    if how == "mixed-switch":
        assert lang == "mixed" and new_zh and LATIN_WORD.search(new)


def test_no_duplicate_rows() -> None:
    assert len(set(SET2)) == len(SET2)
    assert len({(row[3], row[4]) for row in SET2}) == len(SET2)


def test_set_does_not_use_the_rule() -> None:
    source = (Path(__file__).parent / "dedupe_set2.py").read_text(encoding="utf-8")
    assert "import memsync" not in source and "from memsync" not in source
