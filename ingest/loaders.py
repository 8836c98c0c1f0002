"""One loader per format: path -> pages of text. A file that cannot be read raises :class:`LoadError`."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from charset_normalizer import from_bytes


class LoadError(Exception):
    """A file that cannot be ingested; ``str(error)`` is the reason shown to the user."""


@dataclass
class Page:
    """Text of one page (PDF) or of the whole file (other formats)."""

    text: str
    number: int | None = None


@dataclass
class LoadedFile:
    """What a loader read: pages and an optional title from the format's own metadata."""

    pages: list[Page]
    title: str | None = None


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
    if reason := _binary_reason(data):
        raise LoadError(reason)
    for bom, enc in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            return data.decode(enc)
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


def load_text(path: Path, data: bytes) -> LoadedFile:
    return LoadedFile([Page(decode_text(data))])


_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_MARKS = re.compile(r"(^|\s)[*_`~]{1,3}|[*_`~]{1,3}(?=\s|$|[.,;:!?])")


def load_markdown(path: Path, data: bytes) -> LoadedFile:
    text = decode_text(data)
    if text.startswith("---\n"):  # front matter
        end = text.find("\n---", 4)
        if end != -1:
            text = text[end + 4:]
    title = None
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            stripped = stripped.lstrip("#").strip()
            title = title or stripped
        stripped = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", stripped)
        stripped = _MD_LINK.sub(r"\1", stripped)
        stripped = _MD_MARKS.sub(r"\1", stripped)
        if stripped.startswith(">"):
            stripped = stripped.lstrip("> ")
        lines.append(stripped)
    return LoadedFile([Page("\n".join(lines))], title=title)


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_BLOCK_TAGS = ["p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article", "blockquote"]


def load_html(path: Path, data: bytes) -> LoadedFile:
    from bs4 import BeautifulSoup

    match = _META_CHARSET.search(data[:4096])
    declared = match.group(1).decode("ascii", "ignore").lower() if match else None
    text = decode_text(data, declared)
    soup = BeautifulSoup(text, "html.parser")
    for tag in soup(["script", "style", "nav", "header", "footer", "noscript", "template", "aside", "form"]):
        tag.decompose()
    title = None
    if soup.title and soup.title.get_text(strip=True):
        title = soup.title.get_text(strip=True)
    h1 = soup.find("h1")
    if h1 and h1.get_text(strip=True):
        title = h1.get_text(" ", strip=True)
    if soup.title:
        soup.title.decompose()
    for tag in soup.find_all(_BLOCK_TAGS):
        tag.insert_before("\n\n")
        tag.insert_after("\n\n")
    body = soup.get_text()
    body = re.sub(r"[ \t\r\f\v]+", " ", body)
    body = re.sub(r"\n\s*\n\s*", "\n\n", body).strip()
    return LoadedFile([Page(body)], title=title)


def load_docx(path: Path, data: bytes) -> LoadedFile:
    import docx

    try:
        document = docx.Document(str(path))
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise LoadError(f"corrupt DOCX ({exc.__class__.__name__}: {exc})") from None
    except Exception as exc:  # python-docx raises a variety of errors on damaged packages
        raise LoadError(f"unreadable DOCX ({exc.__class__.__name__}: {exc})") from None
    parts: list[str] = []
    title = (document.core_properties.title or "").strip() or None
    for para in document.paragraphs:
        text = para.text.strip()
        if not text:
            continue
        style = (para.style.name if para.style is not None else "") or ""
        if title is None and (style.startswith("Heading") or style == "Title"):
            title = text
        parts.append(text)
    for table in document.tables:
        for row in table.rows:
            cells = [c.text.strip() for c in row.cells if c.text.strip()]
            if cells:
                parts.append(" | ".join(cells))
    return LoadedFile([Page("\n\n".join(parts))], title=title)


def load_pdf(path: Path, data: bytes) -> LoadedFile:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except Exception:
                ok = 0
            if not ok:
                raise LoadError("encrypted PDF (a password is needed)")
        pages = [Page(page.extract_text() or "", number=i + 1) for i, page in enumerate(reader.pages)]
        title = None
        if reader.metadata is not None and reader.metadata.title:
            title = str(reader.metadata.title).strip() or None
    except LoadError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError, AttributeError) as exc:
        raise LoadError(f"corrupt PDF ({exc.__class__.__name__}: {exc})") from None
    except Exception as exc:  # pypdf raises assorted errors on damaged files
        raise LoadError(f"unreadable PDF ({exc.__class__.__name__}: {exc})") from None
    if not any(p.text.strip() for p in pages):
        raise LoadError("PDF has no text layer (scanned images are not supported)")
    return LoadedFile(pages, title=title)


LOADERS: dict[str, Callable[[Path, bytes], LoadedFile]] = {
    ".pdf": load_pdf, ".html": load_html, ".htm": load_html, ".docx": load_docx,
    ".md": load_markdown, ".markdown": load_markdown, ".txt": load_text, ".text": load_text,
}


def load_file(path: Path, max_bytes: int, data: bytes | None = None) -> LoadedFile:
    """Read ``path`` with the loader of its extension; every failure is a :class:`LoadError` with a reason."""
    loader = LOADERS.get(path.suffix.lower())
    if loader is None:
        raise LoadError(f"unsupported file type {path.suffix or '(none)'}")
    if data is None:
        size = path.stat().st_size
        if size > max_bytes:
            raise LoadError(f"file is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:.0f} MB limit")
        data = path.read_bytes()
    if not data.strip():
        raise LoadError("empty file")
    loaded = loader(path, data)
    if not any(page.text.strip() for page in loaded.pages):
        raise LoadError("no text found in the file")
    return loaded
