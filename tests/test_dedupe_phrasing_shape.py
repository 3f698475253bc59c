"""Shape of the PHRASING pairs (tests/dedupe_phrasing.py): labels, kinds and languages allowed,
both labels present for each kind, no pair twice, no text empty or spread over lines."""
from __future__ import annotations

import re
from collections import Counter

from dedupe_phrasing import PHRASING

CJK = re.compile(r"[\u3400-\u9fff]")


def test_rows_are_labelled_pairs_of_one_line_texts() -> None:
    for label, how, lang, new, existing in PHRASING:
        assert label in ("dup", "near") and how in ("negation", "exception")
        assert new.strip() and existing.strip() and "\n" not in new + existing and new != existing
        scripts = {bool(CJK.search(new)), bool(CJK.search(existing))}
        assert lang == ("mixed" if len(scripts) == 2 else "zh" if scripts == {True} else "en"), (new, existing)


def test_each_kind_has_duplicates_and_near_misses_and_no_pair_repeats() -> None:
    counts = Counter((how, label) for label, how, *_ in PHRASING)
    assert all(counts[(how, label)] >= 5 for how in ("negation", "exception") for label in ("dup", "near"))
    pairs = [(new, existing) for *_, new, existing in PHRASING]
    assert len(pairs) == len(set(pairs))
