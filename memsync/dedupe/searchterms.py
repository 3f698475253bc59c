"""Export the glossary's cross-language pairs as plain search words (memsync/recall/_crossterms.py).

The dedupe rule reads Chinese and English to one canonical keyword (memsync.dedupe.text); search
needs the other direction, surface words to look up: ``日志`` -> ``log``, ``logs``;
``deployed`` -> ``部署``. Importing the rule costs a context hook 20–40 ms on every prompt, so
the pairs are written once into a module of literals that loads in about a millisecond.
A pair is a translation, not just two words the rule reads alike: a word read as a negated
keyword (``讨厌``) and a loose member of a group (vocab.LOOSE: ``pick`` in the prefer group) are
left out, and a keyword's usual Chinese word comes first (``_chinese``).
Regenerate after a glossary change (tests/test_crossterms.py fails until you do):

    python -m memsync.dedupe.searchterms > memsync/recall/_crossterms.py
"""
from __future__ import annotations

import sys

PER_WORD = 2  # other-language words per word: the usual ones; more finds more of the wrong entries
_ENDINGS = ("s", "es", "ed", "d", "ing", "er", "ers")


def _inflections(word: str) -> set[str]:
    out = {word + e for e in _ENDINGS}
    if word.endswith("e"):
        out |= {word[:-1] + "ing", word[:-1] + "ion", word[:-1] + "ions"}
    if word.endswith("y"):
        out |= {word[:-1] + "ies", word[:-1] + "ied"}
    if len(word) > 2 and word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
        out |= {word + word[-1] + "ed", word + word[-1] + "ing"}  # stop -> stopped, stopping
    return out


def _chinese() -> dict[str, list[str]]:
    """Each keyword's Chinese translations, the usual word first.

    A word whose reading negates (``讨厌`` = not prefer, ``不允许`` = not allow) says the opposite
    of its keyword; a loose word (vocab.LOOSE) is read as it but does not mean it. Of the rest, a
    word read as the keyword alone comes before one read with a marker (``迁移`` before ``迁到``,
    "migrate to"), a hand-written word before a glossary one, a shorter word first, then the
    tables' own order (the usual word is listed first; not the code points', which put 迁到 first).
    """
    from memsync.dedupe.text import _ZH_MAP, MARKERS
    from memsync.dedupe.vocab import LOOSE, ZH_HAND, ZH_WORDS

    negating = {w for w, m in MARKERS.items() if m in ("neg", "negafter")}
    order = {w: i for i, w in enumerate(ZH_WORDS)}  # the hand-written table's, then the glossary's
    ranked: dict[str, list[tuple[tuple[bool, bool, int, int], str]]] = {}
    for zh, value in _ZH_MAP.items():
        words = value.split()
        parts = [w for w in words if not w.startswith("zz")]
        if len(zh) < 2 or len(parts) != 1 or zh == value or zh in LOOSE or negating & set(words):
            continue
        ranked.setdefault(parts[0], []).append(((len(parts) != len(words), zh not in ZH_HAND, len(zh), order.get(zh, len(order))), zh))
    return {k: [zh for _, zh in sorted(v)] for k, v in ranked.items()}


# Words whose usual English is not the first words of the group the rule reads them into: the
# rule pools near-synonyms (``负载`` with ``加载`` as load, which also takes ``read``), a search for
# the word should look for what it means on its own.
USUAL_ENGLISH = {
    "负载": ("load", "workload"), "读取": ("read", "load"), "视图": ("view",), "摘要": ("summary", "digest"),
    "参数": ("parameter", "argument"), "入参": ("parameter", "argument"), "形参": ("parameter",),
    "实参": ("argument",), "选项": ("option", "flag"),
    "闪退": ("crash",), "崩溃": ("crash", "fail"),  # the rule reads crash as fail
}


def _word(text: str) -> bool:
    """An English search word: ASCII letters, digits allowed after a letter (``i18n``, ``k8s``,
    ``oauth2``: left out before, so 国际化 found no i18n), not a number or a phrase."""
    return text.isascii() and text.isalnum() and text[0].isalpha()


def pairs() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(Chinese word -> English search words, English surface word -> Chinese words)."""
    from memsync.dedupe.text import _forms, read
    from memsync.dedupe.vocab import LOOSE

    english = {k: [w for w in v if w not in LOOSE] for k, v in _forms()[0].items()}
    chinese = _chinese()
    zh_en: dict[str, tuple[str, ...]] = {}
    for canonical, words in chinese.items():
        if not _word(canonical):
            continue
        for zh in words:
            # one concept per word
            zh_en[zh] = USUAL_ENGLISH.get(zh) or tuple(english.get(canonical, [canonical])[:PER_WORD])
    en_zh: dict[str, tuple[str, ...]] = {}
    for canonical, words in sorted(chinese.items()):
        if not _word(canonical):
            continue
        targets = tuple(words[:PER_WORD])
        forms = {canonical, *english.get(canonical, [])} | (_inflections(canonical) if canonical.isalpha() else set())
        for form in sorted(forms):
            # only the spellings the rule itself reads as this keyword
            if _word(form) and read(form).seq == [canonical]:
                en_zh.setdefault(form, targets)
    return dict(sorted(zh_en.items())), en_zh


def render() -> str:
    zh_en, en_zh = pairs()
    lines = ['"""Generated by `python -m memsync.dedupe.searchterms`: do not edit (see that module)."""', "",
             "ZH_EN = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted(zh_en.items())]
    lines += ["}", "", "EN_ZH = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted(en_zh.items())]
    lines += ["}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(render())
