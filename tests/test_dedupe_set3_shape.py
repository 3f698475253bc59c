"""The shape of the third blind labelled set (tests/dedupe_set3.py), not the rule's score on it.

Checks what the set promises: its size and label mix, a third of the rows per language, the
allowed labels/techniques, cross-language and code-switching rows under every label, enough
rows of every near-miss kind, and no row written twice. The rule itself is not imported here.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from dedupe_set3 import SET3

LABELS = {"dup", "near", "rel", "unrel"}
LANGS = {"en", "zh", "mixed"}
HOWS = {
    "dup": {"synonym", "restructure", "summary", "filler", "number", "format", "crosslang", "mixed-switch"},
    "near": {"number", "subst", "negation", "reversed", "added", "condition", "scope", "flag", "dropped", "moved"},
    "rel": {"area"},
    "unrel": {"other"},
}
# (label, lowest share, highest share): the brief's ~45 / ~30 / ~10 / ~15 %, five points either way
BANDS = [("dup", 0.40, 0.50), ("near", 0.25, 0.35), ("rel", 0.07, 0.13), ("unrel", 0.10, 0.20)]
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _cjk(text: str) -> bool:
    return bool(CJK.search(text))


def _crosses(row: tuple[str, str, str, str, str]) -> bool:
    """One text is English only, the other Chinese (technical names aside)."""
    return _cjk(row[3]) != _cjk(row[4])


def _switches(row: tuple[str, str, str, str, str]) -> bool:
    """Both texts Chinese, and the pair is marked mixed: the new note code-switches."""
    return row[2] == "mixed" and _cjk(row[3]) and _cjk(row[4])


def test_size_and_topics():
    assert len(SET3) >= 360
    topics = Counter(row[4] for row in SET3)
    assert len(topics) >= 80
    # each existing entry serves several rows, of at least two labels
    for existing in topics:
        labels = {row[0] for row in SET3 if row[4] == existing}
        assert topics[existing] >= 3 and len(labels) >= 2, existing[:40]


@pytest.mark.parametrize(("label", "low", "high"), BANDS)
def test_label_share_within_band(label, low, high):
    share = sum(row[0] == label for row in SET3) / len(SET3)
    assert low <= share <= high, (label, round(share, 3))


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_each_language_at_least_a_quarter(lang):
    assert sum(row[2] == lang for row in SET3) / len(SET3) >= 0.25


@pytest.mark.parametrize("row", SET3, ids=lambda row: f"{row[0]}-{row[1]}-{row[3][:24]}")
def test_row_fields(row):
    label, how, lang, new, existing = row
    assert all(isinstance(field, str) and field.strip() == field and field for field in row)
    assert label in LABELS and lang in LANGS and how in HOWS[label]
    assert new != existing
    for text in (new, existing):
        # a one-line summary, optionally one short body after a single newline
        assert text.count("\n") <= 1 and len(text.split("\n")[0]) <= 200
    # the language tag agrees with the scripts of the two texts
    if lang == "en":
        assert not _cjk(new) and not _cjk(existing)
    elif lang == "zh":
        assert _cjk(new) and _cjk(existing)
    else:
        assert _cjk(new) or _cjk(existing)
    if how == "crosslang":
        assert _crosses(row)
    if how == "mixed-switch":
        assert _cjk(new) and LATIN_WORD.search(new)


def test_no_row_twice():
    assert len(set(SET3)) == len(SET3)
    assert len({(row[3], row[4]) for row in SET3}) == len(SET3)


@pytest.mark.parametrize("how", sorted(HOWS["near"]))
def test_every_near_miss_kind_has_twelve_rows(how):
    assert sum(row[0] == "near" and row[1] == how for row in SET3) >= 12


# language must not predict the label: cross-language and code-switching pairs under every label
@pytest.mark.parametrize(("label", "crossing", "switching"), [("dup", 40, 5), ("near", 30, 5), ("rel", 5, 2), ("unrel", 5, 2)])
def test_languages_cross_under_every_label(label, crossing, switching):
    rows = [row for row in SET3 if row[0] == label]
    assert sum(_crosses(row) for row in rows) >= crossing
    assert sum(_switches(row) for row in rows) >= switching
    assert all(row[2] == "mixed" for row in rows if _crosses(row))


def test_cross_language_is_about_a_quarter_of_the_duplicates():
    dups = [row for row in SET3 if row[0] == "dup"]
    share = sum(row[1] == "crosslang" for row in dups) / len(dups)
    assert 0.2 <= share <= 0.35, round(share, 3)
