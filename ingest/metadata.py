"""Date and language from a document's content."""

from __future__ import annotations

from rag_bot import languages
from rag_bot.dates import find_dates

HEADING_CHARS = 400


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
    """A non-default language (``hi``) when its script's letters make up at least 30 % of the letters in the first
    20,000 characters (a Hindi talk quotes English), else the default language (``en``)."""
    return languages.detect(text[:20000], min_share=0.3) or languages.registry().default.code


def guess_title(text: str) -> str:
    """The first non-empty line, shortened."""
    for line in text.splitlines():
        line = line.strip().strip("#").strip()
        if line:
            return line[:120]
    return ""
