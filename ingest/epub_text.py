"""Text of an EPUB (2 or 3): the package document read with expat, the spine's XHTML through the HTML walker.

``META-INF/container.xml`` names the package document (OPF); its metadata gives the title (``dc:title``) and the
date (``dc:date`` when it is a full date), its manifest and spine the reading order. Each spine document is read
once (an itemref repeated 10,000 times is read once), within the zip limits of :mod:`ingest.zip_package`, and
walked by :func:`ingest.html_text.extract` (linear, navigation dropped); a chapter over the budget's markup limit
(``RAG_BOT_MAX_MARKUP_MB``, as for an HTML file) is refused from its declared size before it is unpacked (or as soon
as it unpacks past it), and the characters are counted against the file's budget in every chapter and across them.
Images, fonts and styles are never unpacked.
"""

from __future__ import annotations

import posixpath
import re
from datetime import date
from urllib.parse import unquote

from ingest.budget import Budget
from ingest.decoding import decode_text
from ingest.errors import LoadError
from ingest.loaded import LoadedFile, Page
from ingest.zip_package import ZipPackage, reading

_CONTAINER = "urn:oasis:names:tc:opendocument:xmlns:container"
_OPF = ("http://www.idpf.org/2007/opf",)
_DC = "http://purl.org/dc/elements/1.1/"
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z0-9_.:-]{1,40})["']""")
_ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})")
_HTML_TYPES = {"application/xhtml+xml", "text/html", "application/x-dtbook+xml"}


def iso_date(value: str | None) -> str | None:
    """``YYYY-MM-DD`` from a metadata date ("1969-01-23", "1969-01-23T10:00:00Z"); None for a year alone."""
    match = _ISO_DATE.match(value or "")
    if not match:
        return None
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3))).isoformat()
    except ValueError:
        return None


class _Package:
    """What the OPF holds: metadata, manifest (id -> href, media type) and spine (ids in reading order)."""

    def __init__(self) -> None:
        self.meta: dict[str, list[str]] = {}
        self.current: str | None = None
        self.manifest: dict[str, tuple[str, str]] = {}
        self.spine: list[str] = []

    def start(self, name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        self.current = None
        if ns == _DC and local in ("title", "date") and local not in self.meta:
            self.current = local
            self.meta[local] = []
        elif ns in _OPF and local == "item" and len(self.manifest) < 100_000:
            self.manifest.setdefault(attrs.get("id", ""), (attrs.get("href", ""), attrs.get("media-type", "")))
        elif ns in _OPF and local == "itemref" and len(self.spine) < 100_000:
            self.spine.append(attrs.get("idref", ""))

    def end(self, _name: str) -> None:
        self.current = None

    def chars(self, data: str) -> None:
        if self.current is not None and len(self.meta[self.current]) < 100:
            self.meta[self.current].append(data)

    def value(self, key: str) -> str | None:
        return " ".join("".join(self.meta.get(key, [])).split())[:1000] or None


def _rootfile(package: ZipPackage) -> str:
    found: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if name == f"{_CONTAINER} rootfile" and not found:
            found.append(attrs.get("full-path", ""))

    if not package.stream_xml("META-INF/container.xml", {"StartElementHandler": start}):
        raise LoadError("corrupt EPUB: no META-INF/container.xml (not an EPUB?)")
    if not found or not found[0]:
        raise LoadError("corrupt EPUB: META-INF/container.xml names no package document")
    return unquote(found[0]).lstrip("/")


def _chapter_text(raw: bytes, budget: Budget) -> tuple[str | None, str]:
    from ingest.html_text import extract

    match = _XML_ENCODING.match(raw[:256])
    page = extract(decode_text(raw, match.group(1).decode("ascii").lower() if match else None), budget)
    return page.title, page.text


def extract(data: bytes, budget: Budget) -> LoadedFile:
    """Chapters (one page each, in spine order), title and date of an EPUB; failures are :class:`LoadError`."""
    package = ZipPackage(data, budget, "EPUB")
    with reading("EPUB"):
        try:
            mimetype = package.read("mimetype") if package.has("mimetype") else None
            if mimetype is not None and mimetype.strip() != b"application/epub+zip":
                raise LoadError(f"not an EPUB: its mimetype is {mimetype[:60].decode('ascii', 'replace')!r}")
            opf = _rootfile(package)
            meta = _Package()
            if not package.stream_xml(opf, {"StartElementHandler": meta.start, "EndElementHandler": meta.end,
                                            "CharacterDataHandler": meta.chars}):
                raise LoadError(f"corrupt EPUB: the package document {opf} is missing")
            base = posixpath.dirname(opf)
            pages: list[Page] = []
            seen: set[str] = set()
            chars = 0
            first_heading = None
            for idref in meta.spine:
                href, media = meta.manifest.get(idref, ("", ""))
                path = posixpath.normpath(posixpath.join(base, unquote(href.split("#")[0]))) if href else ""
                if not path or path in seen or (media and media not in _HTML_TYPES):
                    continue
                seen.add(path)
                raw = package.read(path, limit=budget.max_markup_bytes)
                if raw is None or not raw.strip():
                    continue
                heading, text = _chapter_text(raw, budget)
                del raw
                chars += len(text)
                budget.check_chars(chars)
                if text.strip():
                    pages.append(Page(text))
                    first_heading = first_heading or heading
        finally:
            package.close()
    if not meta.spine:
        raise LoadError("corrupt EPUB: the package document has no spine (no reading order)")
    return LoadedFile(pages, title=meta.value("title") or first_heading, date=iso_date(meta.value("date")))
