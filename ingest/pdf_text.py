"""Text of a PDF's pages (its text layer) within the file's budget, without running headers, footers, page numbers.

Before any text is extracted, the page count is checked and the decoded size of every page's content (its content
streams and the form XObjects it draws) is added up, a stream shared by many pages counted once per page: a small
PDF whose thousands of pages share one content stream is refused before any page is extracted (docs/benchmarks.md).
Pages are then extracted one at a time, the characters counted against the budget, and each page's decoded streams
released (pypdf caches them on the stream objects).

A page without text that draws an image (a scan), or every page that draws anything in a PDF without any text, is
read with OCR (:mod:`ingest.ocr`), within the budget's OCR pages, pixels and seconds per page.
"""

from __future__ import annotations

import io
import logging
import zlib
from typing import Any

from ingest.boilerplate import drop_repeated_lines
from ingest.budget import Budget, BudgetExceeded
from ingest.errors import LoadError
from ingest.loaded import LoadedFile, Page

logging.getLogger("pypdf").setLevel(logging.ERROR)  # damaged files log a warning per object


def _streams(page: Any) -> list[Any]:
    """(reference id, stream) of the page's content streams and the form XObjects of its resources."""
    from pypdf.generic import ArrayObject, IndirectObject, StreamObject

    found: list[Any] = []

    def add(obj: Any) -> None:
        key = obj.idnum if isinstance(obj, IndirectObject) else id(obj)
        resolved = obj.get_object()
        if isinstance(resolved, ArrayObject):
            for item in resolved[:1000]:
                add(item)
        elif isinstance(resolved, StreamObject):
            found.append((key, resolved))

    contents = page.get("/Contents")
    if contents is not None:
        add(contents)
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else None
    xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
    xobjects = xobjects.get_object() if xobjects is not None else None
    if hasattr(xobjects, "values"):
        for ref in list(xobjects.values())[:1000]:
            obj = ref.get_object()
            if hasattr(obj, "get") and obj.get("/Subtype") == "/Form":
                add(ref)
    return found


def _release(streams: list[Any]) -> None:
    for _key, stream in streams:
        if getattr(stream, "decoded_self", None) is not None:
            stream.decoded_self = None


def _decoded_size(stream: Any, cap: int) -> int:
    """Bytes a content stream decodes to, counted without keeping them (and without pypdf's cache) for Flate,
    the usual filter; decoding stops once ``cap`` is passed."""
    filters = stream.get("/Filter")
    flate = filters == "/FlateDecode" or (isinstance(filters, list) and [str(f) for f in filters] == ["/FlateDecode"])
    if flate and "/DecodeParms" not in stream:
        try:
            # Input fed in 64 KB slices of a memoryview: passing the whole stream would make zlib copy the
            # remaining input into ``unconsumed_tail`` at every step (two extra copies of the stream).
            raw = memoryview(stream._data)
            inflater = zlib.decompressobj()
            total = 0
            for start in range(0, len(raw), 1 << 16):
                total += len(inflater.decompress(raw[start:start + (1 << 16)], 1 << 20))
                while inflater.unconsumed_tail and total <= cap:
                    total += len(inflater.decompress(inflater.unconsumed_tail, 1 << 20))
                if total > cap or inflater.eof:
                    break
            return total
        except (zlib.error, AttributeError, TypeError):
            pass  # damaged or unusual: let pypdf decode it (within its own limits)
    size = len(stream.get_data())
    stream.decoded_self = None
    return size


def _check_content(reader: Any, budget: Budget) -> None:
    """Refuse a PDF whose pages' decoded content (shared streams counted per page) is over budget."""
    sizes: dict[Any, int] = {}
    total = 0
    for page in reader.pages:
        streams = _streams(page)
        for key, stream in streams:
            if key not in sizes:
                sizes[key] = _decoded_size(stream, budget.max_content_bytes - total)
            total += sizes[key]
        if total > budget.max_content_bytes:
            shared = len(sizes) < len(reader.pages)
            raise BudgetExceeded(
                f"the page contents unpack to over {budget.max_content_bytes / 1e6:,.0f} MB"
                + (" (many pages draw the same content)" if shared else "")
                + ", far more text than a file of this size holds (RAG_BOT_MAX_TEXT_PER_BYTE)")


def _size(page: Any) -> tuple[float, float]:
    """Width and height of a page in points, as drawn (the media box times /UserUnit)."""
    box = page.mediabox
    unit = float(page.get("/UserUnit", 1) or 1)
    return abs(float(box.width)) * unit, abs(float(box.height)) * unit


def _draws_image(page: Any) -> bool:
    """Whether a page draws an image (directly or in a form it draws): a scan without a text layer, when the page
    has no text, rather than a blank or drawn-only page."""
    def images(resources: Any, depth: int) -> bool:
        resources = resources.get_object() if resources is not None else None
        xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
        xobjects = xobjects.get_object() if xobjects is not None else None
        for ref in list(xobjects.values())[:1000] if hasattr(xobjects, "values") else []:
            obj = ref.get_object()
            kind = obj.get("/Subtype") if hasattr(obj, "get") else None
            if kind == "/Image" or (kind == "/Form" and depth < 3 and images(obj.get("/Resources"), depth + 1)):
                return True
        return False

    return images(page.get("/Resources"), 0)


def _read_scans(data: bytes, scanned: list[tuple[int, float, float]], texts: list[str], budget: Budget,
                everything_blank: bool) -> None:
    """Fill ``texts`` of the pages without a text layer with what OCR reads on them. Where OCR is not installed, a
    PDF with no text at all fails with that reason; one with text on other pages keeps those (logged)."""
    from ingest import ocr

    if len(scanned) > budget.ocr_max_pages:
        raise BudgetExceeded(f"the PDF has {len(scanned):,} pages with no text layer, over the "
                             f"{budget.ocr_max_pages:,} read with OCR (RAG_BOT_OCR_MAX_PAGES)")
    try:
        ocr.tesseract(budget.ocr_languages)
        chars = sum(len(t) for t in texts)
        for page in ocr.pdf_pages(data, scanned, budget):
            text = ocr.read_text(page, budget)
            chars += len(text)
            budget.check_chars(chars)
            assert page.number is not None
            texts[page.number - 1] = text
    except ocr.OcrUnavailable:
        if everything_blank:
            raise
        logging.getLogger(__name__).warning("%d PDF pages without a text layer left out: OCR is not installed",
                                            len(scanned))


def extract(data: bytes, budget: Budget) -> LoadedFile:
    """Pages (numbered from 1) and the metadata title of a PDF; every failure is a :class:`LoadError`."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except Exception:
                ok = 0
            if not ok:
                raise LoadError("encrypted PDF (a password is needed)")
        count = len(reader.pages)
        if count > budget.max_pages:
            raise BudgetExceeded(f"the PDF has {count:,} pages, over the {budget.max_pages:,} allowed "
                                 "(RAG_BOT_MAX_PDF_PAGES)")
        _check_content(reader, budget)
        texts: list[str] = []
        chars = 0
        for page in reader.pages:
            text = page.extract_text() or ""
            _release(_streams(page))
            chars += len(text)
            budget.check_chars(chars)
            texts.append(text)
        title = None
        if reader.metadata is not None and reader.metadata.title:
            title = str(reader.metadata.title).strip() or None
        everything_blank = not any(t.strip() for t in texts)
        scanned = [(i + 1, *_size(page)) for i, (page, text) in enumerate(zip(reader.pages, texts, strict=True))
                   if not text.strip() and (_draws_image(page) or (everything_blank and _streams(page)))]
    except LoadError:
        raise
    except RecursionError:
        raise LoadError("unreadable PDF (objects nested too deeply)") from None
    except (PdfReadError, ValueError, KeyError, TypeError, OSError, AttributeError) as exc:
        raise LoadError(f"corrupt PDF ({exc.__class__.__name__}: {exc})") from None
    except Exception as exc:  # pypdf raises assorted errors on damaged files (LimitReachedError included)
        raise LoadError(f"unreadable PDF ({exc.__class__.__name__}: {exc})") from None
    if scanned:
        _read_scans(data, scanned, texts, budget, everything_blank)
    if not any(t.strip() for t in texts):
        raise LoadError("PDF has no text layer and no text that OCR could read")
    texts, dropped = drop_repeated_lines(texts)
    return LoadedFile([Page(t, number=i + 1) for i, t in enumerate(texts)], title=title, dropped_chars=dropped,
                      split_by_date=True)
