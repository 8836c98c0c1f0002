"""What one file may cost: characters of text, chunks, PDF pages and decoded page content, unpacked zip bytes, the
size of one markup document (an HTML file, an EPUB chapter, an e-mail's HTML part), and what is read with OCR
(an image's bytes, pages, pixels and seconds per page).

The caps grow with the file's size (a file whose text would be orders of magnitude larger than its bytes is a
decompression trick, not a document) and are bounded absolutely, so no single file can hold ingestion for hours or
push it past its memory budget. A file over any cap fails with a reason and nothing of it is indexed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.errors import LoadError

MIN_TEXT_CHARS = 100_000  # every file may hold this much text, whatever its size (a 2 KB DOCX of 40 pages)
CHARS_PER_CHUNK = 100  # a chunk of the 220-token budget holds 500-900 characters; 100 leaves room for short ones
CONTENT_PER_CHAR = 8  # PDF page content (operators + text) per character of text; real PDFs use less (benchmarks)


class BudgetExceeded(LoadError):
    """A file that would cost more than its budget."""


@dataclass(frozen=True)
class Budget:
    """The caps of one file."""

    max_chars: int
    max_chunks: int
    max_pages: int
    max_content_bytes: int  # decoded PDF page content, pages sharing a stream counted each time
    max_unzipped: int  # declared uncompressed bytes of all members of a zip container (DOCX)
    max_zip_ratio: float  # uncompressed / compressed size of a member that is read
    max_markup_bytes: int = 50_000_000  # one HTML/XHTML document (a file, an EPUB chapter, an e-mail part)
    max_image_bytes: int = 10_000_000  # one image file (PNG, JPEG, TIFF) read with OCR
    ocr_languages: str = "eng+hin"  # Tesseract's language data, joined by "+"
    ocr_max_pages: int = 100  # pages (scanned PDF pages, TIFF frames) of one file read with OCR
    ocr_max_pixels: int = 40_000_000  # pixels of one page or image given to OCR
    ocr_page_seconds: float = 60.0  # drawing or reading one page with OCR
    ocr_dpi: int = 300  # resolution a PDF page without a text layer is drawn at for OCR

    @classmethod
    def for_file(cls, size: int, settings) -> Budget:
        """The budget of a file of ``size`` bytes under ``settings`` (``max_text_chars``, ``max_text_per_byte``...)."""
        chars = min(settings.max_text_chars, max(MIN_TEXT_CHARS, int(settings.max_text_per_byte * size)))
        return cls(
            max_chars=chars, max_chunks=chars // CHARS_PER_CHUNK, max_pages=settings.max_pdf_pages,
            max_content_bytes=chars * CONTENT_PER_CHAR, max_unzipped=int(settings.max_unzipped_mb * 1_000_000),
            max_zip_ratio=settings.max_zip_ratio, max_markup_bytes=int(settings.max_markup_mb * 1_000_000),
            max_image_bytes=int(settings.max_image_mb * 1_000_000), ocr_languages=settings.ocr_languages,
            ocr_max_pages=settings.ocr_max_pages, ocr_max_pixels=int(settings.ocr_max_megapixels * 1_000_000),
            ocr_page_seconds=settings.ocr_page_seconds, ocr_dpi=settings.ocr_dpi,
        )

    def check_markup(self, size: int) -> None:
        """Refuse one markup document (HTML, an EPUB chapter) of ``size`` bytes (or characters) over the limit."""
        if size > self.max_markup_bytes:
            limit = self.max_markup_bytes / 1e6
            raise BudgetExceeded(f"an HTML document of {size / 1e6:,.1f} MB is over the {limit:,.0f} MB limit for one "
                                 "page or chapter (RAG_BOT_MAX_MARKUP_MB)")

    def check_image(self, size: int) -> None:
        """Refuse an image file of ``size`` bytes over the limit for images."""
        if size > self.max_image_bytes:
            raise BudgetExceeded(f"the image is {size / 1e6:,.1f} MB, over the {self.max_image_bytes / 1e6:g} MB "
                                 "limit for images (RAG_BOT_MAX_IMAGE_MB)")

    def check_chars(self, chars: int) -> None:
        if chars > self.max_chars:
            raise BudgetExceeded(
                f"the text is over {self.max_chars:,} characters, too large for a file of this size "
                "(RAG_BOT_MAX_TEXT_CHARS / RAG_BOT_MAX_TEXT_PER_BYTE)")

    def check_chunks(self, chunks: int) -> None:
        if chunks > self.max_chunks:
            raise BudgetExceeded(f"the text makes {chunks:,} chunks, over the {self.max_chunks:,} allowed for a file "
                                 "of this size (RAG_BOT_MAX_TEXT_CHARS / RAG_BOT_MAX_TEXT_PER_BYTE)")

