"""Citations people can follow: sections of Markdown, HTML and DOCX files, pages (and page ranges) of chunks, and
the source lines built from them (CLI and Telegram, in English and Hindi)."""

from __future__ import annotations

from ingest.budget import Budget
from ingest.chunking import chunk_pages
from ingest.documents import make_chunks, split_documents
from ingest.loaded import LoadedFile, Page, sectioned
from ingest.loaders import load_bytes
from rag_bot.agent.citations import citation_records, source_label
from rag_bot.config import Settings
from rag_bot.frontends.telegram.formatting import reply_text
from tests.filemakers import write_docx


def words(text: str) -> int:
    """A token count that adds up at white space (as the bundled model's does), two tokens per text."""
    return len(text.split()) + 2


GUIDE = "# Garden guide\n\nIntro about gardens.\n\n## Watering\n\nWater tomatoes every morning.\n\n## Soil\n\nSoil pH 6.5 suits tomatoes.\n"


def load(name: str, data: bytes):
    return load_bytes(name, data, Budget.for_file(len(data), Settings(_env_file=None)))


def test_sectioned_cuts_before_each_heading_and_keeps_the_text():
    body = "Guide\n\nIntro.\n\nWatering\n\nWater daily.\n\nSoil\n\nLoam."
    pages = sectioned(body, ["Guide", "Watering", "Soil"])
    assert [(p.section, p.text) for p in pages] == [("Guide", "Guide\n\nIntro."), ("Watering", "Watering\n\nWater daily."),
                                                    ("Soil", "Soil\n\nLoam.")]
    assert "\n\n".join(p.text for p in pages) == body
    assert [p.section for p in sectioned("Before.\n\nSoil\n\nLoam.", ["Soil"])] == [None, "Soil"]


def test_markdown_html_and_docx_name_the_section_of_each_part(tmp_path):
    assert [p.section for p in load("g.md", GUIDE.encode()).pages] == ["Garden guide", "Watering", "Soil"]
    html = b"<html><body><nav><h2>Menu</h2></nav><h1>Guide</h1><p>Intro.</p><h2>Soil</h2><p>Loam is best.</p></body></html>"
    assert [(p.section, p.text.split("\n\n")[-1]) for p in load("g.html", html).pages] == [("Guide", "Intro."),
                                                                                        ("Soil", "Loam is best.")]
    docx = write_docx(tmp_path / "g.docx", "Guide", ["Intro paragraph.", "Water every morning."])
    assert [p.section for p in load("g.docx", docx.read_bytes()).pages] == ["Guide"]


def test_chunks_carry_their_section_and_the_pages_they_span():
    pieces = chunk_pages([("One two three.", 1, None), ("Four five six.", 2, None)], 40, words)
    assert [(c.page, c.page_end) for c in pieces] == [(1, 2)]
    pieces = chunk_pages([("One two three.", 1), ("Four five six.", 2)], 6, words)  # (text, page) still accepted
    assert [(c.page, c.page_end) for c in pieces] == [(1, 1), (2, 2)]

    intro = "Intro about gardens and what grows in them through the long summer months here."
    water = "Water the tomatoes every morning before the sun is high and the soil is warm."
    loaded = LoadedFile([Page(intro, None, None), Page(water, None, "Watering")])
    [document] = split_documents(loaded, "g.md")
    chunks = make_chunks(document, "hash", 24, words)
    assert [c.metadata.get("section") for c in chunks] == [None, "Watering"]


def test_a_new_section_is_a_new_chunk_id_so_indexes_are_rewritten_with_it():
    plain = LoadedFile([Page("Water tomatoes every morning.")])
    named = LoadedFile([Page("Water tomatoes every morning.", None, "Watering")])
    [a] = make_chunks(split_documents(plain, "g.md")[0], "h", 50, words)
    [b] = make_chunks(split_documents(named, "g.md")[0], "h", 50, words)
    assert a.embed_text == b.embed_text and a.id != b.id


def test_source_lines_name_page_date_and_section_in_the_reader_s_language():
    documents = [{"source": "talk.pdf", "date": "1969-01-23", "page": 12, "doc_id": "d"},
                 {"source": "guide.md", "section": "Watering", "page": None},
                 {"source": "book.pdf", "page": 3, "page_end": 4}]
    citations = citation_records([1, 2, 3], documents)
    assert [source_label(c) for c in citations] == ["talk.pdf, p. 12, 1969-01-23", "guide.md · Watering",
                                                    "book.pdf, pp. 3–4"]
    english = reply_text("Answer [1][2][3].", citations, "en").splitlines()[-3:]
    assert english == ["[1] talk.pdf, p. 12, 1969-01-23", "[2] guide.md · Watering", "[3] book.pdf, pp. 3–4"]
    hindi = reply_text("उत्तर [1][3]।", [citations[0], citations[2]], "hi").splitlines()[-2:]
    assert hindi == ["[1] talk.pdf, पृ. 12, 1969-01-23", "[3] book.pdf, पृ. 3–4"]
