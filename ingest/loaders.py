"""One loader per format: bytes -> pages of text, within the file's :class:`~ingest.budget.Budget`.

A file that cannot be read, or would cost more than its budget, raises :class:`LoadError` with a reason. Every
loader is linear in its input; text, titles and page texts leave here cleaned of control characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from charset_normalizer import from_bytes

from ingest.budget import Budget
from ingest.errors import LoadError
from rag_bot.safe_text import clean_line, clean_text

__all__ = ["LOADERS", "SUPPORTED", "LoadError", "LoadedFile", "Page", "decode_text", "load_bytes", "load_file"]


@dataclass
class Page:
    """Text of one page (PDF) or of the whole file (other formats)."""

    text: str
    number: int | None = None


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
        """The same file with control characters removed from the text and the title (idempotent)."""
        title = clean_line(self.title) if self.title else None
        pages = [Page(clean_text(p.text), p.number) for p in self.pages]
        return LoadedFile(pages, title or None, self.dropped_chars, self.date, self.split_by_date)


SUPPORTED = {".pdf", ".html", ".htm", ".docx", ".md", ".markdown", ".txt", ".text", ".epub", ".odt", ".pptx", ".rtf",
             ".eml"}


def _binary_reason(data: bytes) -> str | None:
    sample = data[:65536]
    if b"\x00" in sample and not (sample.startswith(b"\xff\xfe") or sample.startswith(b"\xfe\xff")):
        return "binary content (NUL bytes) in a text file"
    controls = sum(1 for b in sample if b < 9 or 13 < b < 32)
    if sample and controls / len(sample) > 0.05:
        return "binary content (control bytes) in a text file"
    return None


def decode_text(data: bytes, declared: str | None = None) -> str:
    """Decode bytes: BOM / declared encoding first, UTF-8 next, then detection; never silently lossy."""
    for bom, enc in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):  # before the binary check: UTF-16 text is half NUL bytes
            try:
                return data.decode(enc)
            except UnicodeDecodeError:
                raise LoadError(f"undecodable text (invalid {enc.upper()} after its byte-order mark)") from None
    if reason := _binary_reason(data):
        raise LoadError(reason)
    candidates = [declared] if declared else []
    candidates.append("utf-8")
    for enc in candidates:
        try:
            return data.decode(enc)
        except (UnicodeDecodeError, LookupError):
            continue
    best = from_bytes(data).best()
    if best is None or best.encoding is None:
        raise LoadError("cannot detect the text encoding")
    text = str(best)
    if text.count("\ufffd") > max(3, len(text) // 200):
        raise LoadError(f"undecodable text (best guess {best.encoding} gives replacement characters)")
    return text


def load_text(data: bytes, budget: Budget) -> LoadedFile:
    return LoadedFile([Page(decode_text(data))])


def load_markdown(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.markdown_text import extract

    title, body = extract(decode_text(data))
    return LoadedFile([Page(body)], title=title)


_META_CHARSET = re.compile(rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)


def load_html(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.html_text import extract

    match = _META_CHARSET.search(data[:4096])
    declared = match.group(1).decode("ascii", "ignore").lower() if match else None
    page = extract(decode_text(data, declared))
    return LoadedFile([Page(page.text)], title=page.title, dropped_chars=page.dropped_chars)


def load_docx(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.docx_text import extract

    title, body = extract(data, budget)
    return LoadedFile([Page(body)], title=title)


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


LOADERS: dict[str, Callable[[bytes, Budget], LoadedFile]] = {
    ".pdf": load_pdf, ".html": load_html, ".htm": load_html, ".docx": load_docx,
    ".md": load_markdown, ".markdown": load_markdown, ".txt": load_text, ".text": load_text,
    ".epub": load_epub, ".odt": load_odt, ".pptx": load_pptx, ".rtf": load_rtf, ".eml": load_email,
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


def load_file(path: Path, max_bytes: int, data: bytes | None = None, budget: Budget | None = None) -> LoadedFile:
    """Read ``path`` (opened once, at most ``max_bytes``) and parse it; every failure is a :class:`LoadError`."""
    from ingest.files import read_file
    from rag_bot.config import get_settings

    if Path(path).suffix.lower() not in LOADERS:
        raise LoadError(f"unsupported file type {Path(path).suffix or '(none)'}")
    if data is None:
        data = read_file(str(path), max_bytes)
    return load_bytes(str(path), data, budget or Budget.for_file(len(data), get_settings()))

