"""One loader per format: bytes -> pages of text, within the file's :class:`~ingest.budget.Budget`.

A file that cannot be read, or would cost more than its budget, raises :class:`LoadError` with a reason. Every
loader is linear in its input; text, titles and page texts leave here cleaned of control characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from ingest.budget import Budget
from ingest.decoding import decode_text
from ingest.errors import LoadError
from ingest.loaded import LoadedFile, Page, sectioned

__all__ = ["LOADERS", "SUPPORTED", "LoadError", "LoadedFile", "Page", "decode_text", "load_bytes"]


SUPPORTED = {".pdf", ".html", ".htm", ".docx", ".md", ".markdown", ".txt", ".text", ".epub", ".odt", ".pptx", ".rtf",
             ".eml", ".png", ".jpg", ".jpeg", ".tif", ".tiff"}
IMAGES = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}  # read with OCR (ingest.ocr)


def load_text(data: bytes, budget: Budget) -> LoadedFile:
    return LoadedFile([Page(decode_text(data))])


def load_markdown(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.markdown_text import extract

    headings: list[str] = []
    title, body = extract(decode_text(data), headings)
    return LoadedFile(sectioned(body, headings), title=title)


_META_CHARSET = re.compile(rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)


def load_html(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.html_text import extract

    budget.check_markup(len(data))
    match = _META_CHARSET.search(data[:4096])
    declared = match.group(1).decode("ascii", "ignore").lower() if match else None
    page = extract(decode_text(data, declared), budget)
    return LoadedFile(sectioned(page.text, page.headings), title=page.title, dropped_chars=page.dropped_chars)


def load_docx(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.docx_text import extract

    headings: list[str] = []
    title, body = extract(data, budget, headings)
    return LoadedFile(sectioned(body, headings), title=title)


def load_odt(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.odt_text import extract

    title, body = extract(data, budget)
    return LoadedFile([Page(body)], title=title)


def load_rtf(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.rtf_text import extract

    title, body = extract(data, budget)
    return LoadedFile([Page(body)], title=title)


def load_epub(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.epub_text import extract

    return extract(data, budget)


def load_pptx(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.pptx_text import extract

    return extract(data, budget)


def load_email(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.email_text import extract

    return extract(data, budget)


def load_pdf(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.pdf_text import extract

    return extract(data, budget)


def load_image(data: bytes, budget: Budget) -> LoadedFile:
    """Text of an image file (a TIFF's pages numbered from 1) read with OCR; an image without text fails."""
    from ingest import ocr

    budget.check_image(len(data))
    ocr.tesseract(budget.ocr_languages)  # missing: one sentence before any pixel is decoded
    pages, chars = [], 0
    for page in ocr.image_pages(data, budget):
        text = ocr.read_text(page, budget)
        chars += len(text)
        budget.check_chars(chars)
        pages.append(Page(text, page.number))
    if not any(page.text.strip() for page in pages):
        raise LoadError("OCR found no text in the image")
    return LoadedFile(pages)


LOADERS: dict[str, Callable[[bytes, Budget], LoadedFile]] = {
    ".pdf": load_pdf, ".html": load_html, ".htm": load_html, ".docx": load_docx,
    ".md": load_markdown, ".markdown": load_markdown, ".txt": load_text, ".text": load_text,
    ".epub": load_epub, ".odt": load_odt, ".pptx": load_pptx, ".rtf": load_rtf, ".eml": load_email,
    **{suffix: load_image for suffix in IMAGES},
}


def load_bytes(name: str, data: bytes, budget: Budget) -> LoadedFile:
    """Parse the bytes of the file ``name`` with the loader of its extension, within ``budget``."""
    loader = LOADERS.get(Path(name).suffix.lower())
    if loader is None:
        raise LoadError(f"unsupported file type {Path(name).suffix or '(none)'}")
    if not data.strip():
        raise LoadError("empty file")
    loaded = loader(data, budget).cleaned()
    budget.check_chars(sum(len(page.text) for page in loaded.pages))
    if not any(page.text.strip() for page in loaded.pages):
        raise LoadError("no text found in the file")
    return loaded

