"""Integrity of bench/extract_quality_corpus.py, the labelled set behind issue 14's quality
figures: its size per class and language, valid labels, no repeated candidates, fake
secrets in their vendors' formats (and none committed), a root memsync builds cleanly,
and a bench run that never prints a whole secret. memsync's scores are the bench's
business, not asserted here."""
from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from bench.extract_quality_corpus import (CASES, CLASSES, LANGS, MARKER, PLACES, ROOT_ENTRIES, SECRET_FORMATS,
                                          TASK_KINDS, TRUTH, Case, render, root_entry_ids)

REPO = Path(__file__).resolve().parent.parent
PLACES_FOR_TEST = {"project": "/srv/work/harbor", "home": "/home/tester"}
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def text_of(case: Case) -> str:
    return case.summary + "\n" + case.body


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


# --- size -------------------------------------------------------------------------------------

def test_the_set_is_big_enough():
    assert len(CASES) >= 150
    assert len(ROOT_ENTRIES) >= 30


@pytest.mark.parametrize("cls", CLASSES)
def test_each_class_has_enough_candidates_in_every_language(cls):
    langs = Counter(c.lang for c in CASES if c.cls == cls)
    assert sum(langs.values()) >= 25, langs
    assert all(langs[lang] >= 3 for lang in LANGS), langs


def test_the_root_has_every_language_and_the_usual_categories():
    assert {e.lang for e in ROOT_ENTRIES} == set(LANGS)
    assert {e.id.split("/")[0] for e in ROOT_ENTRIES} == {"preferences", "decisions", "pitfalls", "facts"}


@pytest.mark.parametrize("sub", TASK_KINDS)
def test_task_state_covers_every_kind_of_thing_not_to_remember(sub):
    assert sum(c.sub == sub for c in CASES) >= 5


# --- labels -----------------------------------------------------------------------------------

def test_truths_are_fates_memsync_can_give():
    from memsync.extract import FATES

    assert set(TRUTH) == set(CLASSES)
    assert set(TRUTH.values()) <= set(FATES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.key)
def test_each_case_is_labelled_consistently(case):
    assert case.cls in CLASSES and case.lang in LANGS
    assert case.key.split("-")[0] in {"dup", "para", "new", "rule", "task", "branch", "path", "chat", "secret"}
    if case.cls in ("duplicate", "paraphrase"):
        assert case.target in root_entry_ids()
    else:
        assert case.target is None
    assert (case.sub in TASK_KINDS) if case.cls == "task-state" else case.sub is None
    assert case.summary.strip() and "\n" not in case.summary
    assert re.fullmatch(r"[a-z][a-z-]*", case.category) and case.kind.strip()
    assert all(isinstance(t, str) and t.strip() for t in case.load_when)
    assert not case.unsure or case.note, "an unsure label says why"


@pytest.mark.parametrize("case", CASES + ROOT_ENTRIES, ids=lambda c: getattr(c, "key", None) or c.id)  # type: ignore[operator]
def test_languages_are_labelled_by_the_text(case):
    text = case.summary + "\n" + case.body
    if case.lang == "en":
        assert not CJK.search(text)
    else:
        assert CJK.search(text)
    if case.lang == "mixed":
        assert len(LATIN_WORD.findall(text)) >= 2


def test_root_ids_are_unique_and_match_their_kind():
    ids = [e.id for e in ROOT_ENTRIES]
    assert len(ids) == len(set(ids))
    kind_of = {"preferences": "preference", "decisions": "decision", "pitfalls": "pitfall", "facts": "fact"}
    assert all(e.kind == kind_of[e.id.split("/")[0]] for e in ROOT_ENTRIES)


def test_every_root_entry_is_restated_at_most_twice_per_class():
    for cls in ("duplicate", "paraphrase"):
        targets = Counter(c.target for c in CASES if c.cls == cls)
        assert max(targets.values()) <= 2, targets


# --- no repeats -------------------------------------------------------------------------------

def test_keys_and_candidates_are_unique():
    assert len({c.key for c in CASES}) == len(CASES)
    summaries = Counter(norm(c.summary) for c in CASES)
    assert [s for s, n in summaries.items() if n > 1] == []


def test_paraphrases_and_new_cases_do_not_repeat_a_root_summary():
    root = {norm(e.summary) for e in ROOT_ENTRIES}
    assert [c.key for c in CASES if c.cls in ("paraphrase", "new", "rule", "task-state", "secret")
            and norm(c.summary) in root] == []


def test_duplicates_are_near_copies_and_paraphrases_other_words():
    """A duplicate keeps at least 60% of its summary's words (or CJK bigrams) from the entry it restates;
    a paraphrase keeps under 75% (it may keep the names: tools, flags, files)."""
    by_id = {e.id: e for e in ROOT_ENTRIES}

    def grams(text: str) -> set[str]:
        t = norm(text)
        words = set(re.findall(r"[a-z0-9_.]+", t))
        han = "".join(CJK.findall(t))
        return words | {han[i:i + 2] for i in range(len(han) - 1)}

    for c in CASES:
        if c.cls in ("duplicate", "paraphrase"):
            mine, theirs = grams(c.summary), grams(by_id[c.target or ""].summary)
            kept = len(mine & theirs) / len(mine)
            assert kept >= 0.6 if c.cls == "duplicate" else kept < 0.75, (c.key, kept)


# --- secrets ----------------------------------------------------------------------------------

def rendered(seed: int) -> list:  # type: ignore[type-arg]
    return [render(c, seed=seed, places=PLACES_FOR_TEST) for c in CASES]


@pytest.mark.parametrize("seed", [0, 14, 2024])
def test_generated_secrets_match_their_vendors_formats(seed):
    seen = Counter()
    for r in rendered(seed):
        for name, value in r.secrets.items():
            assert re.fullmatch(SECRET_FORMATS[name][1], value), (r.case.key, name)
            text = r.candidate["summary"] + "\n" + r.candidate["body"]
            assert value in text
            seen[name] += 1
    assert set(seen) == set(SECRET_FORMATS), "every format is used by some case"


def test_every_secret_case_carries_a_secret_and_no_other_case_does():
    for c in CASES:
        secrets = [m for m in c.markers if m not in PLACES]
        assert bool(secrets) == (c.cls == "secret"), c.key
        assert all(m in SECRET_FORMATS or m in PLACES for m in c.markers)


def test_markers_are_all_filled():
    for r in rendered(3):
        assert "<<" not in r.candidate["summary"] + r.candidate["body"], r.case.key


def test_secrets_are_random_per_seed_and_per_case_but_reproducible():
    a, b, again = rendered(1), rendered(2), rendered(1)
    assert [r.secrets for r in a] == [r.secrets for r in again]
    for x, y in zip(a, b):
        for name in x.secrets:
            assert x.secrets[name] != y.secrets[name], (x.case.key, name)
    pats = [r.secrets["github_pat"] for r in a if "github_pat" in r.secrets]
    assert len(pats) >= 2 and len(set(pats)) == len(pats)


def test_private_keys_decode_as_base64():
    import base64

    for r in rendered(5):
        for name in ("openssh_key", "rsa_key"):
            if name in r.secrets:
                body = "".join(r.secrets[name].splitlines()[1:-1])
                assert len(base64.b64decode(body, validate=True)) > 64


def test_a_jwt_decodes_to_json():
    import base64
    import json

    (jwt,) = [r.secrets["jwt"] for r in rendered(9) if "jwt" in r.secrets]
    head, claims, _ = jwt.split(".")
    pad = lambda s: s + "=" * (-len(s) % 4)  # noqa: E731
    assert json.loads(base64.urlsafe_b64decode(pad(head)))["alg"] == "HS256"
    assert "sub" in json.loads(base64.urlsafe_b64decode(pad(claims)))


# The formats with a vendor's prefix: any match in a committed file would be a literal token.
SHAPED = ("github_pat", "github_fine_pat", "aws_key_id", "openai_legacy", "anthropic_key", "stripe_live",
          "stripe_test", "slack_bot", "slack_webhook", "google_api", "gitlab_pat", "npm_token", "pg_url",
          "redis_url", "sentry_token", "hf_token", "sendgrid_key", "telegram_bot", "pypi_token", "jwt",
          "twilio_sid", "do_token", "aliyun_key_id", "tencent_secret_id", "stripe_webhook_secret")


@pytest.mark.parametrize("path", ["bench/extract_quality_corpus.py", "bench/extract_quality_bench.py",
                                  "tests/test_extract_quality_corpus.py"])
def test_no_token_shaped_string_is_committed(path):
    text = (REPO / path).read_text(encoding="utf-8")
    for name in SHAPED:
        assert not re.search(SECRET_FORMATS[name][1], text), (path, name)
    assert not re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/]{40}", text.replace("\\n", "\n"))


def test_an_unknown_marker_is_refused_with_the_case_named():
    bad = Case("bad-01", "secret", "en", "facts", "fact", "token <<nope>>")
    assert bad.markers == ("nope",)
    with pytest.raises(KeyError, match=r"bad-01: unknown marker <<nope>>"):
        render(bad, seed=0, places=PLACES_FOR_TEST)


# --- paths ------------------------------------------------------------------------------------

def test_path_cases_name_an_absolute_path_once_rendered():
    for r in rendered(0):
        if r.case.sub == "path":
            assert re.search(r"(^|\s)/(home|Users|tmp|srv)/", r.candidate["summary"]), r.case.key


def test_places_fill_project_and_home():
    cases = {c.key: c for c in CASES}
    r = render(cases["path-02"], seed=0, places=PLACES_FOR_TEST)
    assert r.candidate["summary"].startswith("The repo is checked out at /srv/work/harbor;")
    assert r.secrets == {}
    r = render(cases["path-07"], seed=0, places={"project": "/p", "home": "/home/zoe"})
    assert "/home/zoe/harbor/logs/api.log" in r.candidate["summary"]


def test_candidates_have_the_answer_schema():
    for r in rendered(0):
        assert set(r.candidate) == {"category", "kind", "summary", "body", "load_when"}
        assert all(isinstance(r.candidate[k], str) for k in ("category", "kind", "summary", "body"))
        assert isinstance(r.candidate["load_when"], list)


def test_marker_syntax_does_not_clash_with_the_texts():
    # braces and brackets appear in real entries ({zh-CN,en}, [A-Z]); only <<name>> is a marker
    assert any("{" in e.summary for e in ROOT_ENTRIES)
    assert all(not MARKER.search(e.summary + e.body) for e in ROOT_ENTRIES)


# --- the root memsync builds, and the bench's output --------------------------------------------

def test_memsync_builds_the_root_cleanly(tmp_path):
    from bench.extract_quality_bench import build_root
    from memsync.entry import parse_entry

    root = build_root(tmp_path / "harbor")
    assert (tmp_path / "harbor" / ".git").is_dir()
    for e in ROOT_ENTRIES:
        path = root / f"{e.id}.md"
        parsed = parse_entry(path.read_bytes(), f"{e.id}.md")
        assert parsed.meta["id"] == e.id and parsed.meta["summary"] == e.summary
        assert f"{e.id.split('/')[1]}" in (root / e.id.split("/")[0] / "index.md").read_text(encoding="utf-8")
    doc = (root / "ROOT.md").read_text(encoding="utf-8")
    assert "Never push directly to main" in doc and "Ship billing v2" in doc
    assert f"| preferences | {sum(e.id.startswith('preferences/') for e in ROOT_ENTRIES)} |" in doc


def test_the_bench_reports_every_class_and_never_prints_a_secret(tmp_path):
    out = tmp_path / "quality.md"
    proc = subprocess.run([sys.executable, str(REPO / "bench" / "extract_quality_bench.py"), "--seed", "7",
                           "--out", str(out)], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == out.read_text(encoding="utf-8")
    for cls in CLASSES:
        assert re.search(rf"^\| {re.escape(cls)} \| {re.escape(TRUTH[cls])} \| \d+ \| \d+ \| \d\.\d\d \| (met|not met) \|",
                         proc.stdout, re.M), cls
    assert re.search(rf"^\| \*\*all\*\* \| \| {len(CASES)} \|", proc.stdout, re.M)
    for r in rendered(7):
        for value in r.secrets.values():
            assert value not in proc.stdout and value[8:] not in proc.stdout, r.case.key
