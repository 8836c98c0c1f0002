"""Dates written in text: ISO, day-first numeric, month names and digits of every language file ([dates] tables).

One parser for both sides: the ingester dates documents with it and the agent reads dates in questions with it.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from rag_bot.languages import digit_table, month_names, registry

_DIGITS = digit_table()  # the language files' [dates] digits, e.g. Devanagari
MONTHS = month_names()  # the language files' [dates.months]
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"
ORDINAL_NUMBER = re.compile(r"\d+" + _ORD.rstrip("?"), re.I)  # "28th": a day of a date, no topic word

# Each pattern yields named groups y, m (number or month name) and d.
_PATTERNS = [
    re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<!\d)(?P<d>\d{1,2})[-/.](?P<m>\d{1,2})[-/.](?P<y>\d{4})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m>{_MONTH_ALT})\.?,?\s+(?P<y>\d{{4}})(?!\d)", re.I),
    re.compile(rf"(?P<m>{_MONTH_ALT})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})(?!\d)", re.I),
]


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


def find_dates(text: str) -> list[tuple[int, str]]:
    """Every valid date in ``text`` as (position, ISO string), ordered by position."""
    text = normalise_digits(text)
    found: dict[int, str] = {}
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            month_raw = match.group("m")
            month = int(month_raw) if month_raw.isdigit() else MONTHS.get(month_raw.casefold().rstrip("."))
            if month is None:
                month = MONTHS.get(month_raw)
            try:
                value = date(int(match.group("y")), int(month or 0), int(match.group("d")))
            except ValueError:
                continue
            if 1000 <= value.year <= 2999:
                found.setdefault(match.start(), value.isoformat())
    return sorted(found.items())
