"""A cited PDF page drawn as a PNG for people (the Telegram bot's ``/source N``).

The page is drawn by Poppler's ``pdftoppm`` (Debian ``poppler-utils``, installed with Tesseract by ``make install``)
in a separate process with a time limit, scaled so its longer side is at most :data:`LONG_SIDE` pixels (a photo
Telegram shows whole). The file is found through the index's manifest: the ingested file whose chunks hold the
passage's first chunk, read where it was ingested from.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from rag_bot.errors import UserError

LONG_SIDE = 1600
SECONDS = 30.0


class PageImageError(UserError):
    """The page cannot be drawn: the reason in one clause."""


def source_file(index_dir: Path, passage: dict[str, Any]) -> Path:
    """The ingested file a passage comes from (by its first chunk id in the manifest)."""
    from rag_bot.index.store import saved_manifest

    chunk_ids = passage.get("chunk_ids") or []
    if not chunk_ids:
        raise PageImageError("the passage names no chunk")
    first = chunk_ids[0]
    for key, record in saved_manifest(index_dir).files.items():
        if record.source == passage.get("source") and first in record.chunk_ids:
            path = Path(key)
            if not path.is_file():
                raise PageImageError("the file is no longer where it was ingested from")
            return path
    raise PageImageError("the file is no longer in the index")


def render_page(path: Path, page: int, long_side: int = LONG_SIDE, seconds: float = SECONDS) -> bytes:
    """PNG bytes of page ``page`` (from 1) of the PDF at ``path``."""
    renderer = shutil.which("pdftoppm")
    if renderer is None:
        raise PageImageError("pdftoppm is not installed (Debian package poppler-utils)")
    try:
        done = subprocess.run([renderer, "-png", "-scale-to", str(long_side), "-f", str(page), "-l", str(page),
                               str(path)], capture_output=True, timeout=seconds, check=False)
    except subprocess.TimeoutExpired:
        raise PageImageError(f"drawing the page took over {seconds:g} s") from None
    if done.returncode != 0 or not done.stdout.startswith(b"\x89PNG"):
        raise PageImageError(f"pdftoppm could not draw page {page} (exit {done.returncode})")
    return done.stdout


def page_png(index_dir: Path, passage: dict[str, Any]) -> bytes | None:
    """The page image of a passage from a PDF (None for other formats and passages without a page)."""
    page = passage.get("page")
    if page is None or not str(passage.get("source") or "").lower().endswith(".pdf"):
        return None
    return render_page(source_file(index_dir, passage), int(page))
