"""EPUB, ODT, PPTX, RTF and e-mail: real files made here, ingested end to end into the real indexes, found by
search, with the title and date their format holds; damaged files fail with a reason (bombs and hostile inputs of
these formats are in tests/hostile.py and tests/e2e/test_hostile_ingest.py)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.loaders import SUPPORTED, load_bytes
from ingest.pipeline import ingest_paths
from rag_bot.frontends.telegram.uploads import ALLOWED_SUFFIXES
from rag_bot.index.store import IndexStore
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from tests import hostile
from tests.filemakers import epub_parts, odt_parts, pptx_parts, write_eml, write_epub, write_odt, write_pptx, write_text

# An RTF as Word writes it: font table with a Cyrillic font, colours, document info (title, creation time), a
# running header, bold runs, \uN escapes (Devanagari, with "?" fallbacks; a UTF-16 surrogate pair), cp1252 and
# cp1251 bytes, a hyperlink field, a bookmark, a picture of binary data and a table.
RTF = (r"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss\fcharset0 Arial;}{\f1\froman\fcharset204 Times New Roman"
       r" Cyr;}}{\colortbl;\red0\green0\blue0;}{\info{\title Letter on Silence}{\author Anand}{\creatim\yr2024\mo5"
       r"\dy1}}{\header\pard RUNNING-HEADER\par}" "\r\n"
       r"\pard\b 23 January 1969\b0\par" "\r\n"
       r"The caf\'e9 by the river was quiet; silence is the ground of listening.\par" "\r\n"
       r"\uc1\u2350?\u2380?\u2344? \u2360?\u2369?\u2344?\u2344?\u2375? \u2325?\u2366? \u2310?\u2343?\u2366?\u2352?"
       r" \u2361?\u2376?\u2404? {\f1\'cf\'f0\'e8\'e2\'e5\'f2} \u-10179?\u-8694?\par" "\r\n"
       r"{\field{\*\fldinst HYPERLINK " '"https://example.org/"' r"}{\fldrslt the lantern page}}{\*\bkmkstart b1}"
       r"{\pict\wmetafile8\bin6 ab}{}c}After the picture.\par" "\r\n"
       r"\trowd\cellx1000\cellx2000\intbl Kettle\cell Lantern\cell\row" "\r\n}")
PLAIN = "Silence, said the letter, is where the heron waits.\nМолчание - основа слушания."
HTML = "<html><body><p>HTML-ONLY-VERSION of the letter.</p></body></html>"


def _budget() -> Budget:
    return Budget(max_chars=1_000_000, max_chunks=10_000, max_pages=100, max_content_bytes=8_000_000,
                  max_unzipped=500_000_000, max_zip_ratio=200)


def make_corpus(root: Path) -> Path:
    write_epub(root / "books/rivers.epub", "The Book of Rivers", "1969-02-03",
               [("The Ferry", "<p>The ferryman crossed the Narmada at dawn with the salt merchants.</p>"),
                ("The Delta", "<p>Where the river meets the sea the mangroves hold the mud.</p>")])
    write_odt(root / "notes/potter.odt", "Notes on Work",
              '<text:h text:outline-level="1">On Work</text:h><text:p>5 March 1969</text:p>'
              "<text:p>The potter said that the wheel <text:span>teaches</text:span> patience to the clay."
              '<office:annotation><text:p>REVIEW-COMMENT</text:p></office:annotation></text:p>'
              "<table:table><table:table-row><table:table-cell><text:p>Clay</text:p></table:table-cell>"
              "<table:table-cell><text:p>Wheel</text:p></table:table-cell></table:table-row></table:table>"
              "<text:tracked-changes><text:changed-region><text:deletion><text:p>DELETED-REVISION</text:p>"
              "</text:deletion></text:changed-region></text:tracked-changes>")
    write_pptx(root / "slides/estuary.pptx", "Deck on Estuaries",
               [["Estuaries", "7 April 1969"], ["Tides", "The estuary breathes with the tides twice a day."],
                ["Birds", "9 April 1969", "Flamingos feed in the brackish shallows."]])
    write_text(root / "letters/silence.rtf", RTF, encoding="ascii")
    write_eml(root / "mail/silence.eml", "Письмо о тишине", "Thu, 23 Jan 1969 10:00:00 +0530", PLAIN, HTML,
              charset="koi8-r", attachment=("talk-notes.pdf", b"%PDF-1.4 not read"))
    return root


def test_each_new_format_is_ingested_found_and_dated(tmp_path, settings):
    corpus = make_corpus(tmp_path / "corpus")
    summary = ingest_paths([corpus], settings, progress=False)
    assert summary.failed == [] and summary.added == 5
    manifest = IndexStore(settings, None).load_manifest()
    docs = {rec.source: rec.documents for rec in manifest.files.values()}
    assert all(len(d) == 1 for d in docs.values()), docs  # a deck is one document, a dated slide does not split it
    meta = {source: (d[0]["title"], d[0]["date"]) for source, d in docs.items()}
    assert meta == {
        "books/rivers.epub": ("The Book of Rivers", "1969-02-03"),  # dc:title, dc:date
        "notes/potter.odt": ("Notes on Work", "1969-03-05"),  # meta.xml title; the date in the text
        "slides/estuary.pptx": ("Deck on Estuaries", "1969-04-07"),  # core properties title
        "letters/silence.rtf": ("Letter on Silence", "1969-01-23"),  # \info\title
        "mail/silence.eml": ("Письмо о тишине", "1969-01-23"),  # Subject (koi8-r encoded word), Date header
    }
    retriever = HybridRetriever(settings, get_embedder(settings))
    for query, source, phrase in [
        ("ferryman crossing the Narmada with salt merchants", "books/rivers.epub", "Narmada"),
        ("the potter wheel teaches patience to the clay", "notes/potter.odt", "patience"),
        ("flamingos feeding in brackish shallows", "slides/estuary.pptx", "Flamingos"),
        ("the café by the river, silence and listening", "letters/silence.rtf", "café"),
        ("where the heron waits in silence", "mail/silence.eml", "heron"),
    ]:
        hits = retriever.search(query, k=3)
        assert hits and hits[0].metadata["source"] == source, (query, [h.metadata["source"] for h in hits])
        assert phrase in hits[0].text
    store = IndexStore(settings, None)
    text = {}
    for hit in store.vectors.get(sorted(store.vectors.all_ids())):
        text[hit.metadata["source"]] = text.get(hit.metadata["source"], "") + hit.text
    assert "NAV-ONLY-TEXT" not in text["books/rivers.epub"]
    assert "REVIEW-COMMENT" not in text["notes/potter.odt"] and "DELETED-REVISION" not in text["notes/potter.odt"]
    assert "मौन सुनने का आधार है।" in text["letters/silence.rtf"] and "RUNNING-HEADER" not in text["letters/silence.rtf"]
    assert "Молчание" in text["mail/silence.eml"] and "HTML-ONLY-VERSION" not in text["mail/silence.eml"]


def test_suffixes_are_registered_everywhere():
    assert {".epub", ".odt", ".pptx", ".rtf", ".eml"} <= SUPPORTED
    assert set(ALLOWED_SUFFIXES) == SUPPORTED  # the Telegram upload filter takes the loaders' list


def test_epub_reads_the_spine_in_order_once():
    parts = epub_parts("Order", "1969", [("One", "<p>First in the spine.</p>"), ("Two", "<p>Second.</p>")])
    data = _zip_bytes(parts)
    loaded = load_bytes("order.epub", data, _budget())
    assert [p.text.split("\n\n")[1] for p in loaded.pages] == ["First in the spine.", "Second."]
    assert loaded.date is None  # "1969" alone is not a date
    # a spine naming one chapter 10,000 times: read once
    repeated = dict(epub_parts("R", "1969-01-01", [("Once", "<p>The lock keeper.</p>")]))
    opf = repeated["OEBPS/content.opf"].decode()
    repeated["OEBPS/content.opf"] = opf.replace('<itemref idref="c0"/>', '<itemref idref="c0"/>' * 10_000).encode()
    loaded = load_bytes("repeated.epub", _zip_bytes(list(repeated.items())), _budget())
    assert " ".join(p.text for p in loaded.pages).count("lock keeper") == 1


def test_pptx_slides_follow_the_presentation_order():
    # slide parts are numbered in reverse (slide1.xml holds the last slide): the order comes from presentation.xml
    data = _zip_bytes(pptx_parts("Deck", [["Opening"], ["Middle", "A table follows"], ["Closing"]]))
    loaded = load_bytes("deck.pptx", data, _budget())
    assert [(p.number, p.text.split("\n\n")[0]) for p in loaded.pages] == [(1, "Opening"), (2, "Middle"),
                                                                          (3, "Closing")]
    assert loaded.title == "Deck"


def test_odt_text_spaces_tables_and_what_is_left_out():
    body = ('<text:h text:outline-level="1">Heading</text:h><text:p>A<text:s text:c="3"/>B<text:tab/>C'
            "<text:line-break/>D<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>"
            "the footnote</text:p></text:note-body></text:note></text:p><table:table><table:table-row>"
            "<table:table-cell><text:p>x</text:p></table:table-cell><table:table-cell><text:p>y</text:p>"
            "</table:table-cell></table:table-row></table:table>")
    parts = odt_parts("", body)
    loaded = load_bytes("notes.odt", _zip_bytes(parts), _budget())
    assert loaded.pages[0].text == "Heading\n\nA B C\nD the footnote\n\nx | y"
    assert loaded.title == "Heading"  # no dc:title: the first heading
    huge = odt_parts("Gap", '<text:p>Before<text:s text:c="1000000000"/>the gap.</text:p>')  # 1e9 spaces in 30 bytes
    assert load_bytes("gap.odt", _zip_bytes(huge), _budget()).pages[0].text == "Before the gap."


def test_rtf_text_unicode_code_pages_and_destinations():
    loaded = load_bytes("letter.rtf", RTF.encode("ascii"), _budget())
    text = loaded.pages[0].text
    assert loaded.title == "Letter on Silence"
    assert text.startswith("23 January 1969\n\nThe café by the river was quiet")
    assert "मौन सुनने का आधार है। Привет 😊" in text  # \uN with fallbacks skipped, cp1251 font bytes, a surrogate pair
    assert "the lantern page" in text and "HYPERLINK" not in text and "example.org" not in text
    assert "Kettle | Lantern" in text
    for absent in ("RUNNING-HEADER", "Arial", "Anand", "ab", "b1", "wmetafile", "c"):
        assert absent not in text.split(), absent
    assert "After the picture." in text  # the \bin data (braces included) skipped by its length


def test_email_parts_charsets_and_attachments(tmp_path):
    path = write_eml(tmp_path / "m.eml", "Тема", "Fri, 24 Jan 1969 23:30:00 -0800", PLAIN, HTML, charset="koi8-r",
                     attachment=("notes.pdf", b"%PDF"))
    loaded = load_bytes("m.eml", path.read_bytes(), _budget())
    text = loaded.pages[0].text
    assert (loaded.title, loaded.date) == ("Тема", "1969-01-24")  # the sender's own date
    assert text.startswith("From: Anand Rao <anand@example.org>\nTo: Listeners <talks@example.org>\nDate: ")
    assert "Молчание" in text and "HTML-ONLY-VERSION" not in text and text.endswith("Attachments: notes.pdf")
    html_only = (b"From: a@example.org\nSubject: Only HTML\nContent-Type: text/html; charset=windows-1252\n\n"
                 b"<html><body><nav>Menu</nav><p>The caf\xe9 letter.</p></body></html>\n")
    loaded = load_bytes("h.eml", html_only, _budget())
    assert "The café letter." in loaded.pages[0].text and "Menu" not in loaded.pages[0].text
    assert loaded.date is None


def _zip_bytes(parts: list[tuple[str, bytes]]) -> bytes:
    import io

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts:
            archive.writestr(name, data)
    return out.getvalue()


def _without(parts: list[tuple[str, bytes]], name: str) -> list[tuple[str, bytes]]:
    return [(n, d) for n, d in parts if n != name]


EPUB = epub_parts("Damaged", "1969-01-01", [("Chapter", "<p>Text.</p>")])
ODT = odt_parts("Damaged", "<text:p>Text.</text:p>")
PPTX = pptx_parts("Damaged", [["Text."]])


@pytest.mark.parametrize(("name", "data", "reason"), [
    ("cut.epub", _zip_bytes(EPUB)[:200], "corrupt EPUB: not a zip package"),
    ("nocontainer.epub", _zip_bytes(_without(EPUB, "META-INF/container.xml")), "no META-INF/container.xml"),
    ("noopf.epub", _zip_bytes(_without(EPUB, "OEBPS/content.opf")), "package document OEBPS/content.opf is missing"),
    ("badxml.epub", _zip_bytes(_without(EPUB, "OEBPS/content.opf") + [("OEBPS/content.opf", b"<package><")]),
     "malformed XML"),
    ("mime.epub", _zip_bytes([("mimetype", b"application/zip")] + EPUB[1:]), "not an EPUB"),
    ("cut.odt", _zip_bytes(ODT)[:200], "corrupt ODT"),
    ("nocontent.odt", _zip_bytes(_without(ODT, "content.xml")), "no content.xml"),
    ("sheet.odt", _zip_bytes([("mimetype", b"application/vnd.oasis.opendocument.spreadsheet")] + ODT[1:]),
     "not an OpenDocument text"),
    ("cut.pptx", _zip_bytes(PPTX)[:200], "corrupt PPTX"),
    ("noslides.pptx", _zip_bytes([p for p in PPTX if not p[0].startswith("ppt/slides/")]), "no slides"),
    ("text.pptx", b"Plain text named like a deck.", "not a zip package"),
    ("plain.rtf", b"Plain text named like RTF.", "not an RTF file"),
    ("empty.rtf", b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}}", "no text found"),
    ("note.eml", b"Just a note.\n", "not an e-mail"),
    ("attachment-only.eml", b"From: a@example.org\nContent-Type: application/pdf\n\n%PDF", "no text found"),
])
def test_damaged_files_fail_with_a_reason(name, data, reason):
    with pytest.raises(LoadError, match=reason) as failure:
        load_bytes(name, data, _budget())
    assert "\n" not in str(failure.value) and "Traceback" not in str(failure.value)


def test_zip_limits_are_shared_by_every_container(tmp_path):
    """The same member-count, declared-total and ratio checks refuse bombs in DOCX, EPUB, ODT and PPTX."""
    for kind, parts, part in (("epub", EPUB, "OEBPS/text/ch01.xhtml"), ("odt", ODT, "content.xml"),
                              ("pptx", PPTX, "ppt/slides/slide1.xml")):
        hostile.zip_member_bomb(tmp_path / f"m.{kind}", parts, members=15, megabytes_each=40)
        with pytest.raises(LoadError, match="zip bomb"):
            load_bytes(f"m.{kind}", (tmp_path / f"m.{kind}").read_bytes(), _budget())
        hostile.zip_part_bomb(tmp_path / f"p.{kind}", parts, part, 20)
        with pytest.raises(LoadError, match="times its packed size"):
            load_bytes(f"p.{kind}", (tmp_path / f"p.{kind}").read_bytes(), _budget())
