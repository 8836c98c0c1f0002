"""Scanned documents end to end: pages drawn here as pictures (English and Hindi, Debian fonts), a PDF without a text
layer and image files read with the real Tesseract, ingested with the embedded defaults and answered with a citation
of the page; bad input (no text, too large, a decompression bomb, no Tesseract) fails in one sentence per file."""

from __future__ import annotations

import shutil
import struct
import zlib

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from ingest.budget import Budget
from ingest.loaders import load_bytes
from ingest.pipeline import ingest_paths
from rag_bot.agent.service import AgentService
from tests.scanned_pages import draw_page, have_fonts, png_bytes, scanned_pdf

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None or shutil.which("pdftoppm") is None
                                or not have_fonts(),
                                reason="needs tesseract-ocr(-eng, -hin), poppler-utils, fonts-lohit-deva: "
                                       "make install-dev installs them as root")

COVER = ["Village Almanac", "12 March 1969", "", "Notes kept by the village council about the seasons."]
FESTIVAL = ["The harvest festival begins on the ninth of March.", "Farmers bring the first rice to the temple",
            "and the children carry paper lanterns to the river."]
HINDI = ["गाँव का पंचांग", "", "फसल का त्योहार नौ मार्च को शुरू होता है।", "किसान पहला चावल मंदिर में लाते हैं।"]


def budget(settings, size: int) -> Budget:
    return Budget.for_file(size, settings)


def test_scanned_pdf_is_read_and_answered_with_a_page_citation(make_settings, tmp_path):
    settings = make_settings()
    folder = tmp_path / "docs"
    folder.mkdir()
    scanned_pdf(folder / "almanac.pdf", [draw_page(COVER, "en"), draw_page(FESTIVAL, "en")])
    loaded = load_bytes("almanac.pdf", (folder / "almanac.pdf").read_bytes(),
                        budget(settings, (folder / "almanac.pdf").stat().st_size))
    assert [p.number for p in loaded.pages] == [1, 2]
    assert all(word in loaded.pages[1].text for word in ("harvest festival", "ninth of March", "lanterns"))

    summary = ingest_paths([folder], settings, progress=False)
    assert summary.added == 1 and not summary.failed, summary.describe()
    service = AgentService(settings, checkpointer=InMemorySaver())
    reply = service.ask("What do the children carry to the river at the harvest festival?", "t1")
    assert "paper lanterns" in reply.answer, reply.answer
    [citation] = [c for c in reply.citations if "paper lanterns" in reply.documents[c["n"] - 1]["text"]]
    # the passage runs from the cover onto page 2 (both pages are short): the citation names both
    assert (citation["source"], citation["page"], citation["page_end"]) == ("almanac.pdf", 1, 2)
    assert "almanac.pdf, pp. 1–2, 1969-03-12" in reply.sources_text()


def test_hindi_page_image_is_read(make_settings, tmp_path):
    settings = make_settings()
    data = png_bytes(draw_page(HINDI, "hi"))
    loaded = load_bytes("panchang.png", data, budget(settings, len(data)))
    text = loaded.pages[0].text
    assert all(word in text for word in ("त्योहार", "मार्च", "चावल", "मंदिर")), text


def test_a_question_about_a_hindi_scan_is_answered_from_it(make_settings, tmp_path):
    settings = make_settings()
    folder = tmp_path / "docs"
    folder.mkdir()
    scanned_pdf(folder / "panchang.pdf", [draw_page(HINDI, "hi")])
    summary = ingest_paths([folder], settings, progress=False)
    assert summary.added == 1 and not summary.failed, summary.describe()
    reply = AgentService(settings, checkpointer=InMemorySaver()).ask("किसान मंदिर में क्या लाते हैं?", "t1")
    assert "पहला चावल" in reply.answer, reply.answer
    assert [(c["source"], c["page"]) for c in reply.citations] == [("panchang.pdf", 1)]


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG that declares ``width`` x ``height`` grey pixels and holds a few bytes of them (a decompression bomb's
    header: decoding it would need width * height bytes)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def test_bad_images_fail_in_one_sentence_each_and_the_rest_is_ingested(make_settings, tmp_path):
    from PIL import Image

    settings = make_settings(max_image_mb=1.0)
    folder = tmp_path / "docs"
    folder.mkdir()
    Image.new("L", (900, 600), 255).save(folder / "blank.png")
    (folder / "bomb.png").write_bytes(_png_header_only(10_000, 10_000))
    noise = Image.frombytes("L", (1200, 1200), bytes((i * 7919) % 251 for i in range(1200 * 1200)))
    noise.save(folder / "huge.tiff", compression=None)  # 1.4 MB, over the 1 MB limit for images
    (folder / "notes.md").write_text("# Notes\n\nThe well is cleaned every spring.\n", encoding="utf-8")
    (folder / "sign.png").write_bytes(png_bytes(draw_page(FESTIVAL[:1], "en", height=400)))

    summary = ingest_paths([folder], settings, progress=False)
    reasons = {failure["path"]: failure["reason"] for failure in summary.failed}
    assert set(reasons) == {"blank.png", "bomb.png", "huge.tiff"}, reasons
    assert reasons["blank.png"] == "OCR found no text in the image"
    assert "10,000 x 10,000 pixels, over the 40 megapixels" in reasons["bomb.png"]
    assert "over the 1 MB limit for images (RAG_BOT_MAX_IMAGE_MB)" in reasons["huge.tiff"]
    assert all("\n" not in reason for reason in reasons.values())
    assert summary.added == 2  # notes.md and sign.png


def test_without_tesseract_each_image_says_so_once_and_ingestion_goes_on(make_settings, tmp_path, monkeypatch):
    settings = make_settings()
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.png").write_bytes(png_bytes(draw_page(FESTIVAL[:1], "en", height=400)))
    scanned_pdf(folder / "scan.pdf", [draw_page(FESTIVAL, "en")])
    (folder / "notes.md").write_text("# Notes\n\nThe well is cleaned every spring.\n", encoding="utf-8")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))  # neither tesseract nor pdftoppm is found

    summary = ingest_paths([folder], settings, progress=False)
    reasons = {failure["path"]: failure["reason"] for failure in summary.failed}
    assert set(reasons) == {"a.png", "scan.pdf"}
    for reason in reasons.values():
        assert reason.startswith("Tesseract (OCR) is not installed") and "apt-get install tesseract-ocr" in reason
    assert summary.added == 1
