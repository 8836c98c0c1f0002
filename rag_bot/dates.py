"""Dates written in text: ISO, day-first numeric, English and Hindi month names, Latin or Devanagari digits.

One parser for both sides: the ingester dates documents with it and the agent reads dates in questions with it.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

_DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")

_EN_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
    "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
    "nov": 11, "dec": 12,
}
_HI_MONTHS = {
    "जनवरी": 1, "फरवरी": 2, "फ़रवरी": 2, "मार्च": 3, "अप्रैल": 4, "अप्रेल": 4, "मई": 5, "जून": 6, "जुलाई": 7,
    "अगस्त": 8, "सितंबर": 9, "सितम्बर": 9, "अक्टूबर": 10, "अक्तूबर": 10, "नवंबर": 11, "नवम्बर": 11,
    "दिसंबर": 12, "दिसम्बर": 12,
}
MONTHS = {unicodedata.normalize("NFC", k): v for k, v in {**_EN_MONTHS, **_HI_MONTHS}.items()}
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"

# Each pattern yields named groups y, m (number or month name) and d.
_PATTERNS = [
    re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<!\d)(?P<d>\d{1,2})[-/.](?P<m>\d{1,2})[-/.](?P<y>\d{4})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m>{_MONTH_ALT})\.?,?\s+(?P<y>\d{{4}})(?!\d)", re.I),
    re.compile(rf"(?P<m>{_MONTH_ALT})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})(?!\d)", re.I),
]


def month_name(month: int, language: str) -> str:
    """The full name of ``month`` (1-12) in ``language`` ("hi": Hindi, anything else: English)."""
    names = _HI_MONTHS if language == "hi" else _EN_MONTHS
    return next(name for name, number in names.items() if number == month).capitalize()


def normalise_digits(text: str) -> str:
    """NFC-normalise and map Devanagari digits to ASCII (positions stay comparable for most text)."""
    return unicodedata.normalize("NFC", text).translate(_DEVANAGARI_DIGITS)


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
