"""Text of pictures with Tesseract: image files (PNG, JPEG, TIFF, a Telegram photo) and PDF pages without a text layer.

Tesseract and Poppler's ``pdftoppm`` (which draws a PDF page as pixels) run as separate processes, one page at a
time, each with one thread (``OMP_THREAD_LIMIT=1``) and killed after the file budget's seconds per page, so a
damaged file costs one failed file, never a hung or crashed ingestion. What a page may cost is checked before
anything is decoded: an image's width and height come from its header (a decompression bomb of 50,000 x 50,000
pixels in a 100 KB PNG is refused there), a PDF page is drawn at a resolution that keeps it under the same pixel
cap, and a file has at most the budget's pages read this way.

Where Tesseract (or the language data asked for) is missing, :class:`OcrUnavailable` says so in one sentence with
the command that installs it (docs/formats.md, Scanned documents).
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

from ingest.budget import Budget, BudgetExceeded
from ingest.errors import LoadError

INSTALL_HINT = "sudo apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-hin poppler-utils"
IMAGE_FORMATS = {"PNG", "JPEG", "MPO", "TIFF"}  # what Pillow names the formats of .png, .jpg/.jpeg, .tif/.tiff
_PASSED = ("PATH", "TESSDATA_PREFIX", "LANG", "LC_ALL", "TMPDIR", "HOME")  # nothing else (no keys, no tokens)


def _env() -> dict[str, str]:
    """The environment of a Tesseract or pdftoppm process: what they need, one thread each."""
    return {**{k: os.environ[k] for k in _PASSED if k in os.environ}, "OMP_THREAD_LIMIT": "1"}


class OcrUnavailable(LoadError):
    """Tesseract, its language data or the PDF page renderer is not installed."""


@dataclass(frozen=True)
class OcrPage:
    """Grey pixels of one page, as a binary PGM file (what Tesseract reads from its standard input)."""

    pgm: bytes
    number: int | None


@functools.cache
def _languages(binary: str) -> frozenset[str]:
    """The language data the Tesseract at ``binary`` has (``--list-langs``)."""
    try:
        done = subprocess.run([binary, "--list-langs"], capture_output=True, timeout=30, env=_env(), check=False)
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    return frozenset(line.strip() for line in lines[1:] if line.strip())


def tesseract(languages: str) -> str:
    """The Tesseract program to run for ``languages`` ("eng+hin"); :class:`OcrUnavailable` when it or a language's
    data is missing."""
    binary = shutil.which("tesseract")
    if binary is None:
        raise OcrUnavailable(f"Tesseract (OCR) is not installed, so text in images cannot be read: {INSTALL_HINT}")
    missing = [code for code in languages.split("+") if code and code not in _languages(binary)]
    if missing:
        raise OcrUnavailable(f"Tesseract has no {'+'.join(missing)} language data (RAG_BOT_OCR_LANGUAGES): "
                             f"{INSTALL_HINT}")
    return binary


def read_text(page: OcrPage, budget: Budget) -> str:
    """What Tesseract reads on one page, within the budget's seconds per page."""
    binary = tesseract(budget.ocr_languages)
    try:
        done = subprocess.run([binary, "stdin", "stdout", "-l", budget.ocr_languages, "--psm", "3"],
                              input=page.pgm, capture_output=True, timeout=budget.ocr_page_seconds, env=_env(),
                              check=False)
    except subprocess.TimeoutExpired:
        raise BudgetExceeded(f"reading {_name(page)} with OCR took over {budget.ocr_page_seconds:g} s "
                             "(RAG_BOT_OCR_PAGE_SECONDS)") from None
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no reason given"]
        raise LoadError(f"OCR failed on {_name(page)} (Tesseract: {reason[0][:200]})")
    return done.stdout.decode("utf-8", "replace").replace("\f", "").strip()


def _name(page: OcrPage) -> str:
    return f"page {page.number}" if page.number is not None else "the image"


def _pgm(image) -> bytes:
    out = io.BytesIO()
    image.convert("L").save(out, format="PPM")  # "L" is written as a binary PGM (P5)
    return out.getvalue()


def image_pages(data: bytes, budget: Budget) -> Iterator[OcrPage]:
    """The frames of an image file (one, or a TIFF's pages, numbered from 1), each checked against the pixel cap
    from its header before it is decoded, turned upright by its EXIF orientation (phone photos) and made grey."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format not in IMAGE_FORMATS:
                raise LoadError(f"not a PNG, JPEG or TIFF image ({image.format or 'unknown format'})")
            frames = getattr(image, "n_frames", 1)
            if frames > budget.ocr_max_pages:
                raise BudgetExceeded(f"the image has {frames:,} pages, over the {budget.ocr_max_pages:,} read with "
                                     "OCR (RAG_BOT_OCR_MAX_PAGES)")
            for index in range(frames):
                image.seek(index)
                width, height = image.size
                if width * height > budget.ocr_max_pixels:
                    raise BudgetExceeded(
                        f"the image is {width:,} x {height:,} pixels, over the {budget.ocr_max_pixels / 1e6:g} "
                        "megapixels read with OCR (RAG_BOT_OCR_MAX_MEGAPIXELS)")
                frame = ImageOps.exif_transpose(image) if frames == 1 else image.copy()
                yield OcrPage(_pgm(frame), index + 1 if frames > 1 else None)
    except (UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise LoadError(f"unreadable image ({exc.__class__.__name__})") from None
    except (OSError, ValueError, SyntaxError, EOFError) as exc:  # truncated or damaged pixel data
        raise LoadError(f"corrupt image ({exc.__class__.__name__}: {exc})") from None


def pdf_pages(data: bytes, pages: list[tuple[int, float, float]], budget: Budget) -> Iterator[OcrPage]:
    """Pages of a PDF drawn as grey pixels by ``pdftoppm``: ``pages`` are (number from 1, width, height in points);
    each at the budget's resolution, or lower where that would pass the pixel cap."""
    renderer = shutil.which("pdftoppm")
    if renderer is None:
        raise OcrUnavailable("Poppler's pdftoppm is not installed, so scanned PDF pages cannot be read: "
                             f"{INSTALL_HINT}")
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(data)
        pdf.flush()
        for number, width, height in pages:
            inches = max(width, 1.0) / 72 * max(height, 1.0) / 72
            dpi = max(20, min(budget.ocr_dpi, int((budget.ocr_max_pixels / inches) ** 0.5)))
            try:
                done = subprocess.run([renderer, "-r", str(dpi), "-gray", "-f", str(number), "-l", str(number),
                                       pdf.name], capture_output=True, timeout=budget.ocr_page_seconds, env=_env(),
                                      check=False)
            except subprocess.TimeoutExpired:
                raise BudgetExceeded(f"drawing page {number} for OCR took over {budget.ocr_page_seconds:g} s "
                                     "(RAG_BOT_OCR_PAGE_SECONDS)") from None
            if done.returncode != 0 or not done.stdout.startswith(b"P5"):
                raise LoadError(f"page {number} could not be drawn for OCR (pdftoppm exit {done.returncode})")
            yield OcrPage(done.stdout, number)
