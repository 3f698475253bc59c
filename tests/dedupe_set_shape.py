"""Shape checks shared by the blind labelled sets of the duplicate gate (tests/dedupe_set4.py,
tests/dedupe_set5.py): size, label and language shares, allowed values, text shape, no repeats,
enough topics.  Checks the data only; it never imports the gate, so each set stays independent of
the rule it is meant to judge.  A test module subclasses SetShape and names its rows and source."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

HOWS = {
    "dup": {"synonym", "restructure", "summary", "filler", "number", "format", "crosslang",
            "mixed-switch", "reason", "imperative"},
    "near": {"added", "condition", "exception", "scope", "dropped",
             "number", "subst", "negation", "reversed", "moved"},
    "rel": {"area"},
    "unrel": {"other"},
}
# Kinds that reuse nearly all of the entry's words and add or drop one thing.
NEAR_ADDING = {"added", "condition", "exception", "scope", "dropped"}
# Target share of each label in percent; the brief allows +-5 points around it.
TARGET = {"dup": 45, "near": 32, "rel": 10, "unrel": 13}
LANGS = ("en", "zh", "mixed")
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def share(part: int, whole: int) -> float:
    return 100.0 * part / whole


def field_problems(row: tuple[str, ...]) -> list[str]:
    if len(row) != 5 or not all(isinstance(field, str) and field.strip() for field in row):
        return ["five non-empty strings expected"]
    label, how, lang, new, existing = row
    problems = []
    if label not in HOWS or how not in HOWS[label]:
        problems.append(f"label/how {label}/{how} not allowed")
    if lang not in LANGS:
        problems.append(f"lang {lang} not allowed")
    if new == existing:
        problems.append("new equals existing")
    for text in (new, existing):
        summary, _, body = text.partition("\n")
        # Only a `format` rewording may spread its body over lines (bullets, a code block).
        if text != text.strip() or not summary.strip() or ("\n" in body and how != "format"):
            problems.append("text is not a summary line plus an optional one-paragraph body")
        if len(summary) > 240 or len(body) > 400:
            problems.append("text too long for a memory note")
    return problems


def script_problems(row: tuple[str, ...]) -> list[str]:
    _, how, lang, new, existing = row
    cjk = [bool(CJK.search(text)) for text in (new, existing)]
    problems = []
    if lang == "en" and any(cjk):
        problems.append("en row has Chinese text")
    if lang == "zh" and not all(cjk):
        problems.append("zh row has a text without Chinese")
    if lang == "mixed" and not (any(cjk) and (not all(cjk) or any(LATIN_WORD.search(t) for t in (new, existing)))):
        problems.append("mixed row neither crosses languages nor mixes English into Chinese")
    if how == "crosslang" and cjk[0] == cjk[1]:
        problems.append("crosslang dup does not cross languages")
    if how in ("crosslang", "mixed-switch") and lang != "mixed":
        problems.append(f"{how} dup must be lang mixed")
    return problems



class SetShape:
    """Subclass as `class TestSetNShape(SetShape)` with ROWS (the set) and SOURCE (its file)."""

    ROWS: list[tuple[str, str, str, str, str]] = []
    SOURCE: str = ""

    def test_set_imports_nothing(self) -> None:
        # The set is plain data: no import of the gate (or anything else) that could shape it.
        tree = ast.parse(Path(self.SOURCE).read_text(encoding="utf-8"))
        imports = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
        assert [getattr(node, "module", None) for node in imports] == ["__future__"]

    def test_size(self) -> None:
        assert len(self.ROWS) >= 480

    @pytest.mark.parametrize("label", sorted(TARGET))
    def test_label_share_within_band(self, label: str) -> None:
        got = share(sum(row[0] == label for row in self.ROWS), len(self.ROWS))
        assert abs(got - TARGET[label]) <= 5, f"{label}: {got:.1f}% (target {TARGET[label]}% +-5)"

    @pytest.mark.parametrize("lang", LANGS)
    def test_language_share(self, lang: str) -> None:
        assert share(sum(row[2] == lang for row in self.ROWS), len(self.ROWS)) >= 25

    @pytest.mark.parametrize("lang", LANGS)
    @pytest.mark.parametrize("label", sorted(TARGET))
    def test_language_does_not_predict_label(self, label: str, lang: str) -> None:
        # Within each language the label shares stay near the overall ones (+-10 points).
        in_lang = [row for row in self.ROWS if row[2] == lang]
        got = share(sum(row[0] == label for row in in_lang), len(in_lang))
        overall = share(sum(row[0] == label for row in self.ROWS), len(self.ROWS))
        assert abs(got - overall) <= 10, f"{label} in {lang}: {got:.1f}% vs {overall:.1f}% overall"

    @pytest.mark.parametrize("check", [field_problems, script_problems], ids=["fields", "scripts"])
    def test_every_row(self, check) -> None:
        bad = [(index, problem) for index, row in enumerate(self.ROWS) for problem in check(row)]
        assert not bad, "\n".join(f"row {index}: {problem}: {self.ROWS[index][3][:50]!r}" for index, problem in bad)

    @pytest.mark.parametrize(
        ("row", "problem"),
        [
            (("dup", "added", "en", "a", "b"), "label/how dup/added not allowed"),
            (("near", "added", "fr", "a", "b"), "lang fr not allowed"),
            (("rel", "area", "en", "same", "same"), "new equals existing"),
            (("unrel", "other", "en", "one\ntwo\nthree", "b"), "text is not a summary line plus an optional one-paragraph body"),
            (("dup", "synonym", "en", "x" * 241, "b"), "text too long for a memory note"),
            (("dup", "synonym", "en", " a", "b"), "text is not a summary line plus an optional one-paragraph body"),
        ],
    )
    def test_field_check_catches(self, row: tuple[str, ...], problem: str) -> None:
        assert problem in field_problems(row)

    @pytest.mark.parametrize(
        ("row", "problem"),
        [
            (("dup", "synonym", "en", "用中文写的", "English"), "en row has Chinese text"),
            (("dup", "synonym", "zh", "用中文写的", "English"), "zh row has a text without Chinese"),
            (("dup", "crosslang", "mixed", "中文", "也是中文"), "crosslang dup does not cross languages"),
            (("dup", "mixed-switch", "zh", "用 cache 的中文", "中文"), "mixed-switch dup must be lang mixed"),
            (("rel", "area", "mixed", "only English", "also English"),
             "mixed row neither crosses languages nor mixes English into Chinese"),
        ],
    )
    def test_script_check_catches(self, row: tuple[str, ...], problem: str) -> None:
        assert problem in script_problems(row)

    def test_no_duplicate_rows(self) -> None:
        repeated = [row for row, n in Counter(self.ROWS).items() if n > 1]
        assert not repeated
        pairs = Counter((row[3], row[4]) for row in self.ROWS)
        assert not [pair for pair, n in pairs.items() if n > 1], "same (new, existing) pair labelled twice"

    def test_topics(self) -> None:
        topics = {row[4] for row in self.ROWS}
        assert len(topics) >= 80
        # Each topic serves several rows of different labels, a dup and a near at least.
        for existing in topics:
            labels = {row[0] for row in self.ROWS if row[4] == existing}
            assert {"dup", "near"} <= labels, existing[:60]

    def test_near_rows_mostly_add_one_thing(self) -> None:
        near = [row for row in self.ROWS if row[0] == "near"]
        assert share(sum(row[1] in NEAR_ADDING for row in near), len(near)) >= 50

    def test_crosslang_share_of_dups(self) -> None:
        dups = [row for row in self.ROWS if row[0] == "dup"]
        assert 20 <= share(sum(row[1] == "crosslang" for row in dups), len(dups)) <= 30
        # Every named technique is used.
        assert {row[1] for row in dups} == HOWS["dup"]
