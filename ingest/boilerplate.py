"""Running headers, footers and page numbers of a paged document: lines repeated at the top or bottom of most pages.

Only the first and last ``ZONE`` non-empty lines of a page are candidates. A line counts as repeated when it (or, for
a page number such as ``- 12 -``, ``Page 3 of 40`` or ``xii``, its shape) appears in that zone on at least half of
the pages. Page numbers are dropped everywhere; a repeated text line is kept where it first appears (a running
header often carries the title or date that the first page needs) and dropped from the other pages. A page of
``2 * ZONE`` lines or fewer is all zone, so there only the lines met from its first or its last line inward, each
dropped in turn, go, and one page number at most: a year, a count or a repeated label inside a short page is content.
"""

from __future__ import annotations

import re
from collections import Counter

from rag_bot.dates import find_dates

ZONE = 3
MIN_PAGES = 3
SHARE = 0.5
_PAGE_NUMBER = re.compile(
    r"[\W_]*+(?:(?:page|p\.|seite|pagina|पृष्ठ)\s*+)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*+(?:/|of|von|de)\s*+\d{1,5})?[\W_]*+",
    re.I)
_EDGE_NUMBER = re.compile(r"^\d{1,5}\s+|\s+\d{1,5}$")  # "Python Tutorial, Release 3.11  17": a folio beside a title
PAGE_NUMBER_KEY = "\x00#"


def line_key(line: str) -> str:
    """What two repetitions of a header line share: page numbers reduced to their shape."""
    line = " ".join(line.split())
    if _PAGE_NUMBER.fullmatch(line):
        return PAGE_NUMBER_KEY
    bare = _EDGE_NUMBER.sub("", line)
    if bare != line and len(bare.split()) >= 2 and not find_dates(line):  # never merge lines holding dates
        return bare
    return line


def _zone(lines: list[str]) -> list[int]:
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if len(filled) <= 2 * ZONE:
        return filled
    return filled[:ZONE] + filled[-ZONE:]


def drop_repeated_lines(pages: list[str]) -> tuple[list[str], int]:
    """Pages without their running headers, footers and page numbers; and the characters removed."""
    if len(pages) < MIN_PAGES:
        return pages, 0
    split = [page.splitlines() for page in pages]
    zones = [_zone(lines) for lines in split]
    counts: Counter[str] = Counter()
    for lines, zone in zip(split, zones, strict=True):
        counts.update({line_key(lines[i]) for i in zone})
    needed = max(MIN_PAGES, int(len(pages) * SHARE + 0.5))
    repeated = {key for key, n in counts.items() if n >= needed and key}
    if not repeated:
        return pages, 0
    kept_once: set[str] = set()
    dropped = 0
    out: list[str] = []
    for lines, zone in zip(split, zones, strict=True):
        drop: set[int] = set()

        def droppable(i: int, lines: list[str] = lines) -> bool:
            key = line_key(lines[i])
            if key not in repeated:
                return False
            if key != PAGE_NUMBER_KEY and key not in kept_once:
                kept_once.add(key)
                return False
            return True

        if len(zone) < sum(1 for line in lines if line.strip()):
            drop = {i for i in zone if droppable(i)}
        else:  # a short page is all zone: only lines reached from its top or bottom edge over dropped lines go
            numbered = False  # one page number per page: a second number-shaped line is content (a year, a count)
            for order in (zone, zone[::-1]):
                for i in order:
                    number = line_key(lines[i]) == PAGE_NUMBER_KEY
                    if i in drop or (number and numbered) or not droppable(i):
                        break
                    drop.add(i)
                    numbered = numbered or number
        dropped += sum(len(lines[i].strip()) for i in drop)
        out.append("\n".join(line for i, line in enumerate(lines) if i not in drop) if drop else "\n".join(lines))
    return out, dropped
