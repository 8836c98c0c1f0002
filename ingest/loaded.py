"""What a loader returns: the pages of one file (a leaf module, so the format modules such as
:mod:`ingest.pdf_text` and :mod:`ingest.loaders`, which dispatches to them, never import each other both ways)."""

from __future__ import annotations

from dataclasses import dataclass

from ingest.decoding import without_surrogates
from rag_bot.safe_text import clean_line, clean_text

SECTION_CHARS = 120  # a heading longer than this is cut where chunks name their section


@dataclass
class Page:
    """Text of one page (PDF, a slide, a TIFF page: ``number`` from 1), of one section (``section``: the heading it
    starts with: Markdown, HTML, DOCX) or of the whole file (other formats)."""

    text: str
    number: int | None = None
    section: str | None = None


def sectioned(body: str, headings: list[str]) -> list[Page]:
    """``body`` (paragraphs joined by blank lines) cut before each of its ``headings`` (in order, each a paragraph of
    the body, compared with white space collapsed), each part a :class:`Page` naming its heading; joined again, the
    parts are ``body``. Linear: each paragraph is compared with the next heading only."""
    pages: list[Page] = []
    current: list[str] = []
    section: str | None = None
    wanted = 0
    for paragraph in body.split("\n\n"):
        if wanted < len(headings) and " ".join(paragraph.split()) == headings[wanted]:
            if current:
                pages.append(Page("\n\n".join(current), section=section))
            current, section = [], headings[wanted][:SECTION_CHARS].strip()
            wanted += 1
        current.append(paragraph)
    if current:
        pages.append(Page("\n\n".join(current), section=section))
    return pages


@dataclass
class LoadedFile:
    """What a loader read: pages, an optional title and date (ISO) from the format's own metadata (an e-mail's
    Date header, an EPUB's ``dc:date``), and how many characters of boilerplate (navigation, running headers and
    footers, page numbers) were left out. ``split_by_date``: a page whose heading holds a new date starts a new
    document (PDFs that bind several talks); slides and chapters stay one document."""

    pages: list[Page]
    title: str | None = None
    dropped_chars: int = 0
    date: str | None = None
    split_by_date: bool = False

    def cleaned(self) -> LoadedFile:
        """The same file with control characters and lone surrogates removed from the text and the title
        (idempotent): what leaves a loader encodes to UTF-8 strictly, whatever codec a part declared."""
        title = clean_line(without_surrogates(self.title)) if self.title else None
        pages = [Page(clean_text(without_surrogates(p.text)), p.number,
                      clean_line(without_surrogates(p.section)) or None if p.section else None) for p in self.pages]
        return LoadedFile(pages, title or None, self.dropped_chars, self.date, self.split_by_date)
