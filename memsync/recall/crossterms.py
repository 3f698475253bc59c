"""Other-language words for a query's words, so a question finds its answer across English and
Chinese (``怎么查错误日志`` finds "query the error logs in Loki"; ``deploy`` finds ``部署``).

The pairs come from the dedupe rule's developer glossary (memsync.dedupe.glossary, written from
general knowledge, not from an evaluation set), exported as literals in ``_crossterms.py``
(memsync.dedupe.searchterms) so that a context hook does not import the rule. A translation is
an *alternative* of the word it translates: an entry holding either counts the word once
(memsync.recall.query.Word.alts), so a Chinese entry is not scored twice for one concept.
"""
from __future__ import annotations

from functools import lru_cache

MAX_UNITS = 16  # glossary words taken from a CJK run; a pasted page is not a query
_LONGEST = 7  # the longest Chinese word in the glossary (tests/test_crossterms.py checks it)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    from memsync.recall._crossterms import EN_ZH, ZH_EN

    return ZH_EN, EN_ZH


def of(word: str) -> tuple[str, ...]:
    """The other language's words for one normalized word (``日志`` -> ``log``, ``logging``;
    ``deployed`` -> ``部署``, ``上线``), or none."""
    if word.isascii():
        return _tables()[1].get(word, ())  # its words start with a letter: ``i18n``, never an identifier
    return _tables()[0].get(word, ())


def inside(run: str) -> list[str]:
    """The glossary's Chinese words in a CJK run, longest first at each place (``里查某个服务的错误日志``
    -> ``服务``, ``错误``, ``日志``); at most MAX_UNITS."""
    zh_en = _tables()[0]
    out: list[str] = []
    i = 0
    while i < len(run) - 1 and len(out) < MAX_UNITS:
        for n in range(min(_LONGEST, len(run) - i), 1, -1):
            if run[i:i + n] in zh_en:
                if run[i:i + n] not in out:
                    out.append(run[i:i + n])
                i += n
                break
        else:
            i += 1
    return out
