"""Pages of text drawn as pictures, as a scanner would give them (tests and benchmarks/bench_ocr.py): English in
DejaVu Serif, Hindi in Lohit Devanagari (Debian fonts-dejavu-core and fonts-lohit-deva, installed by
``make install-dev``), made into PNG files or into a PDF whose pages are only images (no text layer)."""

from __future__ import annotations

import io
from pathlib import Path

FONTS = {"en": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
         "hi": "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf"}
DPI = 200  # a page of 8.5 x 11 inches drawn at this resolution


def have_fonts() -> bool:
    return all(Path(path).is_file() for path in FONTS.values())


def draw_page(lines: list[str], language: str, size: int = 34, width: int = 1700, height: int = 2200):
    """A white page (Pillow image, grey) with ``lines`` in black, one per line, from the top left margin."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(FONTS[language], size, layout_engine=ImageFont.Layout.RAQM)
    page = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(page)
    y = 150
    for line in lines:
        draw.text((150, y), line, font=font, fill=0)
        y += int(size * 1.8)
    return page


def png_bytes(image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def scanned_pdf(path: Path, pages: list, dpi: int = DPI) -> Path:
    """A PDF of ``pages`` (images drawn at ``dpi``) with no text layer: each page one picture, as a scanner makes
    it."""
    first, *rest = [page.convert("RGB") for page in pages]
    first.save(path, format="PDF", resolution=dpi, save_all=True, append_images=rest)
    return path


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
