"""One loader per format: bytes -> pages of text, within the file's :class:`~ingest.budget.Budget`.

A file that cannot be read, or would cost more than its budget, raises :class:`LoadError` with a reason. Every
loader is linear in its input; text, titles and page texts leave here cleaned of control characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from charset_normalizer import from_bytes

from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.pages import LoadedFile, Page

__all__ = ["LOADERS", "SUPPORTED", "LoadError", "LoadedFile", "Page", "decode_text", "load_bytes"]


SUPPORTED = {".pdf", ".html", ".htm", ".docx", ".md", ".markdown", ".txt", ".text"}


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


def load_pdf(data: bytes, budget: Budget) -> LoadedFile:
    from ingest.pdf_text import extract

    return extract(data, budget)


LOADERS: dict[str, Callable[[bytes, Budget], LoadedFile]] = {
    ".pdf": load_pdf, ".html": load_html, ".htm": load_html, ".docx": load_docx,
    ".md": load_markdown, ".markdown": load_markdown, ".txt": load_text, ".text": load_text,
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
