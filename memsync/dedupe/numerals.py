"""Numbers as notes write them, read to one canonical value (for dedupe, SPEC §8 gate 5).

Pure functions. ``numbers(text)`` finds the numbers of an NFKC-normalized text and gives
each a value that is equal exactly when the quantity is: ``30 minutes``, ``30min``,
``half an hour``, ``半小时``, ``三十分钟`` are all ``t1800000`` (milliseconds); ``two weeks``,
``14 days``, ``两周``, ``十四天`` are one value; ``8G``, ``8 GB``, ``8192MB`` another (1024-based
bytes); ``百分之八十`` and ``80%`` are ``80%``; ``周五``, ``星期五``, ``Fridays`` are ``wd5``;
``凌晨两点``, ``2am``, ``02:00`` are ``h2``. A plain count stays its digits (``1000`` for
``一千``, ``1k``, ``1,000``); a version stays as written (``3.12``, ``1.2.3`` for ``v1.2.3``).

A unit with no count (``per minute``, ``every day``, ``daily``, ``每分钟``, ``按天``) is one
of it: a rate and a one-unit duration read the same, which is what a reworded note needs
(``100 requests a minute`` / ``每分钟100次请求``) at the price of not telling them apart.

Chinese numerals count only where they read as numbers: before a unit or measure word
(``两核``, ``三百个``), after ``第``/``周``/``星期``/``百分之``; elsewhere ``一`` and friends are
parts of words (``一直``, ``统一``, ``万一``), and a lone ``一`` before a measure word is the
article ("a": ``一个坑``, ``一次``) unless the word is a unit of time or size (``一小时``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Number:
    """A quantity found in a text: its span and its normalized value."""

    start: int
    end: int
    value: str


_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_SMALL = {"十": 10, "百": 100, "千": 1000}
_BIG = {"万": 10_000, "亿": 100_000_000}

_MS = {"ms": 1, "s": 1000, "min": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 604_800_000, "fn": 1_209_600_000}
_UNIT_WORDS: dict[str, str] = {}
for _unit, _words in {
    "ms": "ms msec msecs millisecond milliseconds 毫秒",
    "s": "s sec secs second seconds 秒 秒钟",
    "min": "m min mins minute minutes 分钟",
    "h": "h hr hrs hour hours 小时 个小时 钟头 个钟头",
    "d": "d day days 天 日",
    "w": "w wk wks week weeks 周 星期 个星期 礼拜 个礼拜",
    "fn": "fortnight fortnights",
    "mo": "mo month months 个月 月",
    "yr": "y yr yrs year years 年",
    "b": "b byte bytes",
    "kb": "kb kib ki",
    "mb": "mb mib mi meg megs 兆",
    "gb": "g gb gib gi gig gigs",
    "tb": "tb tib ti",
    "%": "% percent pct",
}.items():
    for _w in _words.split():
        _UNIT_WORDS[_w] = _unit
_BYTES = {"b": 1, "kb": 1024, "mb": 1024**2, "gb": 1024**3, "tb": 1024**4}

_EN_NUM = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_EN_NUM.update({"twice": 2, "thrice": 3})
_EN_NUM.update({w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())})
_EN_MUL = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}
# Ordinals that are nothing else ("first" and "second" are words and a unit more often).
_ORDINALS = {w: i + 3 for i, w in enumerate("third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())}
_WEEKDAYS = {w: i + 1 for i, w in enumerate("monday tuesday wednesday thursday friday saturday sunday".split())}
_ZH_WEEKDAY = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7}
_PERIOD_WORDS = {"hourly": ("h", 1), "daily": ("d", 1), "nightly": ("d", 1), "weekly": ("w", 1),
                 "monthly": ("mo", 1), "yearly": ("yr", 1), "annually": ("yr", 1), "qps": ("s", 1), "rps": ("s", 1),
                 "tps": ("s", 1), "rpm": ("min", 1)}

_ZN = "[零〇一二两三四五六七八九十百千万亿]"
_LATIN_UNITS = sorted((u for u in _UNIT_WORDS if u.isascii() and u != "%"), key=len, reverse=True)
_ZH_UNITS = sorted((u for u in _UNIT_WORDS if not u.isascii()), key=len, reverse=True)
_UNIT_RE = "|".join(re.escape(u) for u in _LATIN_UNITS)
_ZH_UNIT_RE = "|".join(_ZH_UNITS)
# Measure words after which a Chinese numeral is a count (not a unit of time or size).
_MEASURE = "个核次台条行位倍种号层遍轮步颗张页人份套组批块级版项类家只根片字句段篇件处名道线副元岁度米"

_MULTI_UNIT_RE = "|".join(re.escape(u) for u in _LATIN_UNITS if len(u) > 1)
_ARABIC = re.compile(
    r"(?<![A-Za-z0-9_.])v?(?P<num>\d{1,3}(?:,\d{3})+(?![\d])|\d+(?:\.\d+)*)"
    r"(?:(?P<clock>:[0-5]\d)(?![\d:])|(?P<ord>st|nd|rd|th)\b)?"
    r"(?P<big>[万千百亿])?(?:\s(?P<bigword>thousand|million|billion)\b)?"
    r"(?:(?P<plus>\+)?(?:(?P<unit>" + _UNIT_RE + r")(?![a-z0-9])|(?:\s|\s?-\s?)(?:(?:more|extra)\s)?(?P<unit2>" + _MULTI_UNIT_RE
    + r")(?![a-z0-9])|\s(?P<unit3>s|h)(?![a-z0-9'])|\s?(?P<zh>个半|个|半)?(?P<zhunit>" + _ZH_UNIT_RE
    + r")|(?P<pct>\s?%|\s(?:percent|per cent)\b)|(?P<k>k)(?![a-z0-9])|(?P<times>[x×])(?![a-z0-9])|(?P<ampm>\s?[ap](?:m\b|\.m\.))))?"  # 9am, 9 a.m.
    r"(?P<tail>[a-z])?",
)
_EN_WORDS = re.compile(
    r"\b(?P<w>(?:(?:" + "|".join(sorted(list(_EN_NUM) + ["a", "an"], key=len, reverse=True)) + r")(?:[- ](?:"
    + "|".join(_EN_NUM) + r"|hundred|thousand|million|billion|and))*))\b"
    r"(?:[\s-]+(?:(?:more|extra)\s+)?(?P<unit>" + _MULTI_UNIT_RE + r")\b)?",
)
_HALF_UNITS = r"(?P<unit>second|sec|minute|min|hour|hr|day|week|month|year)s?"
_AND_HALF = re.compile(
    r"\b(?P<n>\d+|an?|" + "|".join(sorted(_EN_NUM, key=len, reverse=True)) + r")[\s-]+(?:" + _HALF_UNITS
    + r"[\s-]+and[\s-]+a[\s-]+half|and[\s-]+a[\s-]+half[\s-]+" + _HALF_UNITS.replace("unit", "unit2") + r")\b")
# 1h30m, 2m30s, 1h30m15s: the compact way to write one duration
# (a unit followed by a digit starts one: the pattern matches nowhere else, not even empty)
_COMPACT = re.compile(r"(?<![\w.])(?=\d+[hm]\d)(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m(?!s))?(?:(?P<s>\d+)s)?(?![\w.])")
_WORDS = re.compile(r"\b(?:(?P<dozen>(?:a|one)[\s-]+dozen)|(?P<ord>" + "|".join(_ORDINALS) + r")"
                    r"|(?P<midnight>midnight)|(?P<noon>noon|midday)"
                    r"|(?P<oom>an?|one|two|three)\s+orders?\s+of\s+magnitude)\b"
                    r"|(?P<zhoom>[一两二三])个数量级")  # an order of magnitude is 10x, two are 100x
_ORDERS = {"a": 1, "an": 1, "one": 1, "一": 1, "two": 2, "两": 2, "二": 2, "three": 3, "三": 3}
_HALF = re.compile(r"\bhalf(?:[\s-]+an?)?[\s-]+(?P<unit>hour|minute|day|second|week|month|year)s?\b"
                   r"|\b(?P<quarter>(?:an?\s+)?quarter(?:[\s-]+of)?(?:[\s-]+an?)?[\s-]+hour)\b|(?P<ke>一刻钟)"
                   r"|(?<![零〇一二两三四五六七八九十百千万亿\d个])半(?:个)?\s?(?P<zhunit>小时|钟头|天|分钟|年|月|秒|g(?![a-z])|gb|兆)")
_PERIOD = re.compile(r"\b(?:per|every|each|an?)\s+(?P<unit>second|minute|hour|day|night|week|fortnight|month|year)\b"
                     r"|\b(?P<word>hourly|daily|nightly|weekly|monthly|yearly|annually|qps|rps|tps|rpm)\b"
                     r"|/(?P<slash>s|sec|second|min|minute|h|hr|hour|d|day|wk|week|mo|month)\b"
                     r"|(?P<night>每晚|每夜|每天晚上)"
                     r"|(?:每|按|天天)(?:(?P<zhunit>秒钟|秒|分钟|小时|天|日|月|年)|(?P<zhweek>周|星期)(?![一二三四五六日天]))")
# Calendar months by name ("may" is left out: a verb far more often than a month).
_MONTHS = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}
_MONTH = re.compile(r"\b(?P<m>january|february|march|april|june|july|august|september|october|november|december)\b")
_WEEKDAY = re.compile(r"\b(?P<en>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b"
                      r"|(?:周|星期|礼拜)(?P<zh>[一二三四五六日天])(?![次遍回个])")
_ZH_PERCENT = re.compile(rf"百分之(?P<n>{_ZN}+)(?:点(?P<frac>[零〇一二三四五六七八九]+))?"
                         r"|(?<![零〇一二两三四五六七八九十百千万亿])(?P<tenth>[一二两三四五六七八九])成(?![功立为本熟果员绩不就])")
_ZH_CLOCK = re.compile(rf"(?:(?P<pm>下午|晚上)\s?)?(?P<n>{_ZN}{{1,3}}|\d{{1,2}})\s?点(?P<half>半)?(?![\d零〇一二两三四五六七八九十])")
_ZH_COUNT = re.compile(rf"(?P<ord>第)?(?P<n>{_ZN}+)(?:(?P<zh>个半|个|半)?(?P<zhunit>{_ZH_UNIT_RE})|(?P<measure>[{_MEASURE}]))?")


def zh_int(numeral: str) -> int | None:
    """``三百`` -> 300, ``一千零五`` -> 1005, ``两万`` -> 20000, ``一万五`` -> 15000, ``二〇二四`` -> 2024;
    None for what is not one number (``三四``, "three or four")."""
    if not numeral:
        return None
    if all(c in _DIGIT for c in numeral):
        if len(numeral) == 1:
            return _DIGIT[numeral]
        return int("".join(str(_DIGIT[c]) for c in numeral)) if len(numeral) >= 3 else None
    total = section = 0
    digit: int | None = None
    last_small = last_big = 0
    prev = ""
    for c in numeral:
        if c in _DIGIT:
            if digit not in (None, 0) and _DIGIT[c] != 0:
                return None
            digit = _DIGIT[c]
        elif c in _SMALL:
            if (last_small and _SMALL[c] >= last_small) or (digit is None and prev in _SMALL):
                return None  # 十百, 百十: not a number
            section += (1 if digit is None else digit) * _SMALL[c]
            digit, last_small = None, _SMALL[c]
        else:
            big = _BIG[c]
            section += digit or 0
            if section == 0 or (last_big and big >= last_big):
                return None
            total += section * big
            section, digit, last_small, last_big = 0, None, 0, big
        prev = c
    if digit:
        if prev in _DIGIT and len(numeral) > 1 and numeral[-2] in _SMALL and last_small >= 100:
            section += digit * last_small // 10  # 一千二 = 1200, 三百五 = 350
        elif prev in _DIGIT and len(numeral) > 1 and numeral[-2] in _BIG:
            total += digit * last_big // 10  # 一万五 = 15000
        else:
            section += digit
    return total + section


_ZH_IDIOMS = frozenset({"千万", "万万", "百万", "千千万万", "十万"})  # 千万不要 "by all means don't"


def _standalone(numeral: str) -> bool:
    """A numeral that reads as a number with no measure word after it: ``一千``, ``三十``, ``二〇二四``."""
    if numeral in _ZH_IDIOMS or len(numeral) < 2:
        return False
    return any(c in _SMALL or c in _BIG for c in numeral) or len(numeral) >= 3


def _en_int(words: str) -> int | None:
    total = current = 0
    seen = False
    parts = re.split(r"[\s-]+", words.lower())
    for i, w in enumerate(parts):
        if w == "and":
            continue
        if w in ("a", "an"):
            if seen:
                return None
            if i + 1 < len(parts) and parts[i + 1] in _EN_NUM:
                continue  # "a two-hour window": the article of "two hours", not one more
            current, seen = 1, True
        elif w in _EN_NUM:
            current += _EN_NUM[w]
            seen = True
        elif w in _EN_MUL:
            if not seen:
                return None
            mul = _EN_MUL[w]
            if mul == 100:
                current *= 100
            else:
                total += current * mul
                current = 0
        else:
            return None
    return total + current if seen else None


def _fmt(x: float) -> str:
    return str(int(x)) if x == int(x) else repr(round(x, 6))


def _quantity(count: float, unit: str) -> str:
    """The canonical value of ``count`` ``unit`` (unit a key of the unit table)."""
    if unit in _MS:
        return "t" + _fmt(count * _MS[unit])
    if unit in _BYTES:
        return "b" + _fmt(count * _BYTES[unit])
    if unit == "%":
        return _fmt(count) + "%"
    if unit == "yr":
        return "mo" + _fmt(count * 12)  # a year is 12 months (and neither a fixed number of days)
    return unit + _fmt(count)  # months: no fixed length


_EN_TRIGGER = re.compile(r"\b(?:" + "|".join(_EN_NUM) + r"|hundred|thousand|million)\b")
_ZH_NUMERAL_CHARS = frozenset("零〇一二两三四五六七八九十百千万亿")


def _lower(text: str) -> str:
    """Lower case, one character for one (offsets stay valid: ``İ`` lowers to two)."""
    low = text.lower()
    return low if len(low) == len(text) else "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def numbers(text: str) -> list[Number]:
    """The numbers of ``text`` (NFKC-normalized, any case), in order, not overlapping."""
    written, text = text, _lower(text)  # the same offsets: 512M (a size) and 512m (minutes) differ
    chars = set(text)
    digits = any(c.isdigit() for c in chars)
    zh = not _ZH_NUMERAL_CHARS.isdisjoint(chars)
    found: list[Number] = []
    taken = bytearray(len(text) + 1)

    def add(start: int, end: int, value: str) -> None:
        if any(taken[start:end]):
            return
        taken[start:end] = b"\x01" * (end - start)
        found.append(Number(start, end, value))

    for m in _AND_HALF.finditer(text) if "half" in text else ():
        n = m["n"].lower()
        whole = 1 if n in ("a", "an") else int(n) if n.isdigit() else _EN_NUM[n]
        unit = _UNIT_WORDS[(m["unit"] or m["unit2"]).lower()]
        add(m.start(), m.end(), _quantity(whole + 0.5, unit))  # an hour and a half, two and a half days
    for m in _COMPACT.finditer(text) if digits else ():
        parts = [(m["h"], 3_600_000), (m["m"], 60_000), (m["s"], 1000)]
        if sum(1 for v, _ in parts if v) >= 2:  # 1h alone is read below, as any number with its unit
            add(m.start(), m.end(), "t" + _fmt(sum(int(v) * ms for v, ms in parts if v)))
    for m in _WORDS.finditer(text):
        if m["dozen"]:
            add(m.start(), m.end(), "12")
        elif m["oom"] or m["zhoom"]:
            add(m.start(), m.end(), str(10 ** _ORDERS[m["oom"] or m["zhoom"]]))
        elif m["ord"]:
            add(m.start(), m.end(), str(_ORDINALS[m["ord"]]))
        else:
            add(m.start(), m.end(), "h0" if m["midnight"] else "h12")
    for m in _MONTH.finditer(text) if "r" in text or "u" in text else ():
        add(m.start(), m.end(), f"month{_MONTHS[m['m'][:3]]}")
    for m in _WEEKDAY.finditer(text) if "day" in text or not chars.isdisjoint("周期拜") else ():
        add(m.start(), m.end(), "wd" + str(_WEEKDAYS[m["en"]] if m["en"] else _ZH_WEEKDAY[m["zh"]]))
    for m in _ZH_PERCENT.finditer(text) if zh else ():
        if m["tenth"]:
            add(m.start(), m.end(), _fmt(_DIGIT[m["tenth"]] * 10) + "%")
            continue
        n = zh_int(m["n"])
        if n is not None:
            frac = "".join(str(_DIGIT[c]) for c in m["frac"] or "")
            add(m.start(), m.end(), (f"{n}.{frac}" if frac else str(n)) + "%")
    for m in _HALF.finditer(text) if "half" in text or "quarter" in text or not chars.isdisjoint("半刻") else ():
        if m["quarter"] or m["ke"]:
            add(m.start(), m.end(), _quantity(15, "min"))  # a quarter of an hour, 一刻钟
            continue
        unit = _UNIT_WORDS[m["zhunit"].lower()] if m["zhunit"] else _UNIT_WORDS[m["unit"].lower()]
        add(m.start(), m.end(), _quantity(0.5, unit))
    for m in _ZH_CLOCK.finditer(text) if "点" in chars and (zh or digits) else ():
        n = int(m["n"]) if m["n"].isdigit() else zh_int(m["n"])
        if n is None or n > 24 or (m["n"] == "一" and not m["pm"]):  # 一点 is "a little"
            continue
        hour = n + 12 if m["pm"] and n < 12 else n
        add(m.start(), m.end(), f"h{hour}:30" if m["half"] else f"h{hour}")
    for m in _ARABIC.finditer(text) if digits else ():
        if m["tail"] and not (m["unit"] or m["unit2"] or m["unit3"] or m["zhunit"] or m["k"] or m["times"]
                              or m["bigword"]):
            continue  # 4xx, 3d6f: a word, not a number
        raw = m["num"].replace(",", "")
        end = m.end() - (1 if m["tail"] else 0)
        if m["clock"]:
            hour = int(raw)
            if hour <= 24:
                add(m.start(), end, f"h{hour}" if m["clock"] == ":00" else f"h{hour}{m['clock']}")
            continue
        decimal = raw.count(".") <= 1 and len(raw) <= 15  # longer: an opaque digit string, not a quantity
        count = float(raw) if decimal else None
        if count is not None and m["big"]:
            count *= {"万": 10_000, "千": 1000, "百": 100, "亿": 100_000_000}[m["big"]]
        if count is not None and m["bigword"]:
            count *= _EN_MUL[m["bigword"]]
        unit = m["unit"] or m["unit2"] or m["unit3"] or m["zhunit"]
        if unit == "m" and written[m.start("unit")] == "M":
            unit = "mb"  # -Xmx512M, a 512M limit: a capital M after a number is a size; 30m is minutes
        if count is not None and m["ampm"]:
            add(m.start(), end, f"h{int(count) + (12 if m['ampm'].strip().lower().replace('.', '') == 'pm' and count < 12 else 0)}")
        elif count is not None and unit in ("年", "月") and not m["zh"] and count.is_integer() and (
                1900 <= count <= 2100 if unit == "年" else 1 <= count <= 12):
            # 2024 年 is the year 2024, 11 月 November (as 三月 is March): 3 个月 is a duration
            add(m.start(), end, f"{int(count)}" if unit == "年" else f"month{int(count)}")
        elif count is not None and unit:
            half = 0.5 if m["zh"] in ("个半", "半") else 0
            add(m.start(), end, _quantity(count + half, _UNIT_WORDS[unit.lower()]))
        elif count is not None and m["pct"]:
            add(m.start(), end, _fmt(count) + "%")
        elif count is not None and m["k"]:
            add(m.start(), end, _fmt(count * 1000))
        elif count is not None and (m["big"] or m["bigword"] or m["times"]):
            add(m.start(), end, _fmt(count))  # 2 million, 3x (three times)
        elif raw.isdigit() and len(raw) > 15:
            add(m.start(), end, raw.lstrip("0") or "0")
        else:
            # a minus sign: "-1" after a space, "=", a quote or a bracket (not 1-2, a range)
            minus = raw.isdigit() and m.start() > 0 and text[m.start() - 1] == "-" and (
                m.start() == 1 or text[m.start() - 2] in " \t\n=\"'([,:")
            value = str(int(raw)) if raw.isdigit() else raw.lower()
            add(m.start() - minus, end, f"-{value}" if minus and value != "0" else value)
    for m in _ZH_COUNT.finditer(text) if zh else ():
        unit, measure = m["zhunit"], m["measure"]
        n = zh_int(m["n"])
        if n is None:
            continue
        if not (m["ord"] or unit or measure or _standalone(m["n"])):
            continue
        if m["n"] == "一" and not m["ord"] and not unit:
            continue  # 一个, 一次: the article
        if unit == "月" and not m["zh"] and not m["ord"] and 1 <= n <= 12:
            add(m.start(), m.end(), f"month{n}")  # 三月 is March; 三个月 is three months
        elif unit:
            half = 0.5 if m["zh"] in ("个半", "半") else 0
            add(m.start(), m.end(), _quantity(n + half, _UNIT_WORDS[unit]))
        else:
            add(m.start(), m.end() - (1 if measure else 0), str(n))
    for m in _EN_WORDS.finditer(text) if _EN_TRIGGER.search(text) else ():
        words = m["w"]
        first = words.split()[0].split("-")[0].lower()
        n = _en_int(words)
        if n is None or (first in ("a", "an", "one") and not m["unit"] and not re.search(r"hundred|thousand|million",
                                                                                       words)):
            continue  # "one" and "a" alone are articles more often than counts
        if m["unit"]:
            add(m.start(), m.end(), _quantity(n, _UNIT_WORDS[m["unit"].lower()]))
        else:
            add(m.start(), m.end(), str(n))
    for m in _PERIOD.finditer(text):
        if m["word"]:
            unit, count = _PERIOD_WORDS[m["word"].lower()]
        elif m["slash"]:
            unit, count = _UNIT_WORDS[m["slash"].lower()], 1
        elif m["night"]:
            unit, count = "d", 1
        elif m["zhunit"] or m["zhweek"]:
            unit, count = _UNIT_WORDS[m["zhunit"] or m["zhweek"]], 1
        elif m["unit"].lower() == "night":
            unit, count = "d", 1
        else:
            unit, count = _UNIT_WORDS[m["unit"].lower()], 1
        add(m.start(), m.end(), _quantity(count, unit))
    found.sort(key=lambda n: n.start)
    return _compounds(found, text)


_JOIN = re.compile(r"\s*(?:and\s+)?|\s*又")


def _compounds(found: list[Number], text: str) -> list[Number]:
    """``1 hour 30 minutes``, ``2 days and 4 hours``, ``1小时30分钟``: durations side by side,
    each in a smaller unit than the one before, are one duration (their sum)."""
    out: list[Number] = []
    for n in found:
        last = out[-1] if out else None
        if (last is not None and last.value.startswith("t") and n.value.startswith("t")
                and _JOIN.fullmatch(text, last.end, n.start) and _unit_ms(last, text) > float(n.value[1:])):
            out[-1] = Number(last.start, n.end, "t" + _fmt(float(last.value[1:]) + float(n.value[1:])))
        else:
            out.append(n)
    return out


def _unit_ms(n: Number, text: str) -> float:
    """The unit of a duration as written (``1 hour`` -> an hour), from its value and count."""
    digits = re.match(r"\d+(?:\.\d+)?", text[n.start:n.end])
    count = float(digits.group()) if digits else 1.0
    return float(n.value[1:]) / count if count else 0.0
