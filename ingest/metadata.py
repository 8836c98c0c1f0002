"""Date and language from a document's content."""

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
_MONTHS = {unicodedata.normalize("NFC", k): v for k, v in {**_EN_MONTHS, **_HI_MONTHS}.items()}
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in _MONTHS), key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"

# Each pattern yields named groups y, m (number or month name) and d.
_PATTERNS = [
    re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<!\d)(?P<d>\d{1,2})[-/.](?P<m>\d{1,2})[-/.](?P<y>\d{4})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m>{_MONTH_ALT})\.?,?\s+(?P<y>\d{{4}})(?!\d)", re.I),
    re.compile(rf"(?P<m>{_MONTH_ALT})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})(?!\d)", re.I),
]
HEADING_CHARS = 400


def _normalise(text: str) -> str:
    return unicodedata.normalize("NFC", text).translate(_DEVANAGARI_DIGITS)


def find_dates(text: str) -> list[tuple[int, str]]:
    """Every valid date in ``text`` as (position, ISO string), ordered by position."""
    text = _normalise(text)
    found: dict[int, str] = {}
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            month_raw = match.group("m")
            month = int(month_raw) if month_raw.isdigit() else _MONTHS.get(month_raw.casefold().rstrip("."))
            if month is None:
                month = _MONTHS.get(month_raw)
            try:
                value = date(int(match.group("y")), int(month or 0), int(match.group("d")))
            except ValueError:
                continue
            if 1000 <= value.year <= 2999:
                found.setdefault(match.start(), value.isoformat())
    return sorted(found.items())


def extract_date(text: str, heading_chars: int = HEADING_CHARS) -> str | None:
    """The document's date: the earliest date in the heading area (first ``heading_chars``), else the earliest
    anywhere. Matches are ordered by position, whichever pattern found them."""
    heading = find_dates(text[:heading_chars])
    if heading:
        return heading[0][1]
    dates = find_dates(text)
    return dates[0][1] if dates else None


def heading_date(text: str, heading_chars: int = 250) -> str | None:
    """A date in the first ``heading_chars`` characters only (used to split multi-document PDFs)."""
    dates = [iso for pos, iso in find_dates(text[:heading_chars])]
    return dates[0] if dates else None


def detect_language(text: str) -> str:
    """``hi`` when Devanagari letters make up at least 30 % of the letters, else ``en``."""
    devanagari = latin = 0
    for ch in text[:20000]:
        if "\u0900" <= ch <= "\u097f":
            devanagari += ch.isalpha() or unicodedata.category(ch).startswith("M")
        elif ch.isascii() and ch.isalpha():
            latin += 1
    total = devanagari + latin
    return "hi" if total and devanagari / total >= 0.3 else "en"


def guess_title(text: str) -> str:
    """The first non-empty line, shortened."""
    for line in text.splitlines():
        line = line.strip().strip("#").strip()
        if line:
            return line[:120]
    return ""
