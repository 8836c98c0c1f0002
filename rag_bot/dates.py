"""Dates written in text: ISO, day-first numeric, month names and digits of every language file ([dates] tables).

One parser for both sides: the ingester dates documents with it and the agent reads dates in questions with it.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from rag_bot.languages import day_words, digit_table, month_names, registry

_DIGITS = digit_table()  # the language files' [dates] digits, e.g. Devanagari
MONTHS = month_names()  # the language files' [dates.months]
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"
ORDINAL_NUMBER = re.compile(r"\d+" + _ORD.rstrip("?"), re.I)  # "28th": a day of a date, no topic word

DAYS = day_words()  # a day in words: number words 1-31 and ordinals ("fourth", "चौदह")
_DAY_WORD = "|".join(sorted((re.escape(d) for d in DAYS), key=len, reverse=True))
_MARKERS = tuple(registry().union("day_markers"))
_MARKER = "|".join(sorted((re.escape(m) for m in _MARKERS), key=len, reverse=True)) or "(?!)"
DAY_WORDS = frozenset(DAYS) | {m.casefold() for m in _MARKERS}  # a day in words and "तारीख़": a date's, no topic
_W = r"[^\W\d_]|[\u0900-\u097f]"  # a letter or a Devanagari sign: the end of a word
_MONTH_WORD = re.compile(_MONTH_ALT, re.I)
_AROUND = 48  # characters before a month name a day in words can take ("the twenty-seventh of "; after it: the year)

# Each pattern yields named groups y, m (number or month name) and d (digits or a day word).
_PATTERNS = [
    re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<!\d)(?P<d>\d{1,2})[-/.](?P<m>\d{1,2})[-/.](?P<y>\d{4})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m>{_MONTH_ALT})\.?,?\s+(?P<y>\d{{4}})(?!\d)", re.I),
]
# The patterns that start with a month name, tried only where one stands ("March 4, 2020", "October the fourth,
# 2020", "जून 2015 की चौदह तारीख़"), and the one that ends with it ("the fourth of October 2020", "चौदह जून 2015"),
# tried only just before one: run over a whole document, each would try every month or day word at every position.
_AT_MONTH = [
    re.compile(rf"(?P<m>{_MONTH_ALT})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})(?!\d)", re.I),
    re.compile(rf"(?P<m>{_MONTH_ALT})\.?\s+(?:the\s+)?(?P<d>{_DAY_WORD}),?\s+(?P<y>\d{{4}})(?!\d)", re.I),
    re.compile(rf"(?P<m>{_MONTH_ALT})\.?,?\s+(?P<y>\d{{4}})\s+\S{{1,4}}\s+(?P<d>\d{{1,2}}|{_DAY_WORD}){_ORD}\s+"
               rf"(?:{_MARKER})", re.I),
]
_BEFORE_MONTH = re.compile(rf"(?<!{_W})(?P<d>{_DAY_WORD})(?:\s+(?:{_MARKER}))?\s+(?:of\s+)?(?P<m>{_MONTH_ALT})"
                           rf"\.?,?\s+(?P<y>\d{{4}})(?!\d)", re.I)


def month_name(month: int, language: str) -> str:
    """The name of ``month`` (1-12) as ``language`` writes it: the first name its ``[dates.months]`` table gives
    (full names come before abbreviations there); the default language's for a language without month names."""
    reg = registry()
    for lang in (reg.get(language), reg.default):
        names = [name for name, number in (lang.month_names if lang else {}).items() if number == month]
        if names:
            return names[0].capitalize()
    return str(month)


def normalise_digits(text: str) -> str:
    """NFC-normalise and map every script's digits to ASCII (positions stay comparable for most text)."""
    return unicodedata.normalize("NFC", text).translate(_DIGITS)


def _keep(match: re.Match[str], offset: int, found: dict[int, str]) -> None:
    """Record the date ``match`` reads (at ``offset`` + its start) when it is a valid date of years 1000-2999."""
    month_raw = match.group("m")
    month = int(month_raw) if month_raw.isdigit() else MONTHS.get(month_raw.casefold().rstrip("."))
    if month is None:
        month = MONTHS.get(month_raw)
    day_raw = match.group("d")
    day = int(day_raw) if day_raw.isdigit() else DAYS.get(day_raw.casefold(), 0)
    try:
        value = date(int(match.group("y")), int(month or 0), day)
    except ValueError:
        return
    if 1000 <= value.year <= 2999:
        found.setdefault(offset + match.start(), value.isoformat())


def find_dates(text: str) -> list[tuple[int, str]]:
    """Every valid date in ``text`` as (position, ISO string), ordered by position."""
    text = normalise_digits(text)
    found: dict[int, str] = {}
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            _keep(match, 0, found)
    for month in _MONTH_WORD.finditer(text):
        for pattern in _AT_MONTH:
            if (match := pattern.match(text, month.start())) is not None:
                _keep(match, 0, found)
        for match in _BEFORE_MONTH.finditer(text, max(0, month.start() - _AROUND), month.end() + _AROUND):
            _keep(match, 0, found)
    return sorted(found.items())


DAY_SPAN = 4  # words on either side of a month name its day may stand in ("11 January", "जनवरी की ग्यारह तारीख़")
_TOKEN = re.compile(rf"(?:{_W}|\d)+")


def mentions_day(text: str, iso: str) -> bool:
    """Whether ``text`` names the day ``iso`` (YYYY-MM-DD): as a whole date, or by its day and month without the
    year ("on the coldest night, 11 January"): a passage telling of what happened that day."""
    if any(found == iso for _, found in find_dates(text)):
        return True
    _, month, day = (int(x) for x in iso.split("-"))
    tokens = [t.casefold() for t in _TOKEN.findall(normalise_digits(text))]
    for i, token in enumerate(tokens):
        if MONTHS.get(token.rstrip(".")) != month:
            continue
        for near in (*tokens[max(0, i - DAY_SPAN):i], *tokens[i + 1:i + 1 + DAY_SPAN]):
            number = re.sub(r"(?:st|nd|rd|th)$", "", near)
            if (int(number) if number.isdigit() else DAYS.get(near)) == day:
                return True
    return False
