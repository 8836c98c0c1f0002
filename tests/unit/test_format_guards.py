"""Format readers on hostile input, second round (issue 22): the ODT walker is linear on its own, e-mail guards
count lone CR line ends, RFC 2231 boundaries and delimiter lines, zip containers are refused from the central
directory alone, short PDF pages keep their content and decoded text never holds a lone surrogate."""

from __future__ import annotations

from xml.parsers import expat

import pytest

from ingest import odt_text, zip_package
from ingest.boilerplate import drop_repeated_lines
from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.loaders import load_bytes
from rag_bot.config import Settings
from tests import hostile
from tests.cpu_cost import best_cpu

_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def _settings() -> Settings:
    return Settings(_env_file=None)


def _walk_odt(xml: bytes) -> list[str]:
    body = odt_text._Body(Budget.for_file(10_000_000, _settings()))
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.StartElementHandler, parser.EndElementHandler = body.start, body.end
    parser.CharacterDataHandler = body.chars
    parser.Parse(xml, True)
    return body.out


def _nested_paragraphs(depth: int) -> bytes:
    return (f'<r xmlns:t="{_TEXT}">' + "<t:p>level text " * depth + "</t:p>" * depth + "</r>").encode()


@pytest.mark.cpu_growth
def test_odt_walker_is_linear_in_the_nesting_of_paragraphs():
    # joining the nested text at every level was quadratic: 4,000 -> 8,000 levels took 0.46 -> 1.81 s (3.9x)
    small, large = _nested_paragraphs(10_000), _nested_paragraphs(20_000)
    assert _walk_odt(_nested_paragraphs(3)) == ["level text level text level text"]
    ratio = best_cpu(lambda: _walk_odt(large)) / max(best_cpu(lambda: _walk_odt(small)), 1e-4)
    assert ratio <= 2.5, ratio


def _load(name: str, data: bytes):
    return load_bytes(name, data, Budget.for_file(len(data), _settings()))


@pytest.mark.parametrize(("make", "reason"), [(hostile.eml_lone_cr, "too costly"),
                                              (hostile.eml_rfc2231_boundaries, "too costly"),
                                              (hostile.eml_many_parts, "part delimiters")])
def test_email_guards_are_not_bypassed(make, reason):
    # lone CR line ends and boundary*0= parameters slipped past the boundary guard (7.5 and 10.8 s per MB); a
    # million parts were all built before the part count was checked (343 MB)
    with pytest.raises(LoadError, match=reason) as refused:
        _load("mail.eml", make(1_000_000).encode())
    assert "\n" not in str(refused.value) and str(refused.value).count(". ") == 0  # one sentence
    small = make(100).encode()  # the same shapes, small, are read
    assert "grebe" in _load("mail.eml", small).pages[0].text or b"P99" in small


def _refused_before_zipfile(monkeypatch, path, reason: str) -> None:
    def parsed(*_args, **_kwargs):
        raise AssertionError("zipfile parsed the archive before it was refused")

    monkeypatch.setattr(zip_package.zipfile, "ZipFile", parsed)
    with pytest.raises(LoadError, match=reason):
        _load(path.name, path.read_bytes())


def test_a_zip_of_too_many_members_is_refused_from_its_central_directory(tmp_path, monkeypatch):
    # zipfile built an object per member before they were counted: 244 MB for 500,000 members
    path = tmp_path / "many.docx"
    hostile.write_zip(path, hostile.docx_parts(["Many."]) + [hostile.Member(f"x/{i}", b"", 0, 0)
                                                             for i in range(20_000)], count=3)  # the end record lies
    _refused_before_zipfile(monkeypatch, path, "more than 10,000 members")
    hostile.write_zip(tmp_path / "claims.odt", hostile._members(hostile.odt_fine_parts()), count=60_000)
    _refused_before_zipfile(monkeypatch, tmp_path / "claims.odt", "60,000 members")


def test_a_zip_declaring_too_many_bytes_is_refused_from_its_central_directory(tmp_path, monkeypatch):
    path = tmp_path / "bomb.epub"
    hostile.zip_member_bomb(path, hostile.epub_fine_parts(), members=30, megabytes_each=40)
    _refused_before_zipfile(monkeypatch, path, "RAG_BOT_MAX_UNZIPPED_MB")


def test_the_central_directory_check_passes_real_archives(tmp_path):
    import zipfile

    for force_zip64 in (False, True):
        path = tmp_path / f"fine-{force_zip64}.odt"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in hostile.odt_fine_parts():
                with archive.open(name, "w", force_zip64=force_zip64) as member:
                    member.write(data)
        assert "potter" in _load(path.name, path.read_bytes()).pages[0].text


def test_short_pages_keep_their_content_and_lose_headers_and_page_numbers():
    # a page of six lines or fewer was all zone: a year, a count or a repeated label in it went with the headers
    pages = [f"Field Guide to Rivers\nThe heron nests in reed bed {i}.\nHeron count {10 + i}\nHeron count {10 + i}"
             f"\n1969\n{i + 1}" for i in range(4)]
    kept, dropped = drop_repeated_lines(pages)
    for i, page in enumerate(kept):
        lines = page.splitlines()
        assert lines[-4:] == [f"The heron nests in reed bed {i}.", f"Heron count {10 + i}", f"Heron count {10 + i}",
                              "1969"], page
        assert lines[:-4] == (["Field Guide to Rivers"] if i == 0 else [])  # the header stays once, on page 1
    assert dropped == len("Field Guide to Rivers") * 3 + 4
    body = [[f"{line} of page {i}." for line in "ABCDEF"] for i in range(4)]
    long_pages = ["\n".join(["Field Guide to Rivers", *lines, str(i + 1)]) for i, lines in enumerate(body)]
    assert [p.splitlines() for p in drop_repeated_lines(long_pages)[0][1:]] == body[1:]  # as before


UTF7_HALF = b"The heron +2D0- waits, +3AA- alone."  # a high and a low surrogate, each alone


@pytest.mark.parametrize(("name", "data"), [
    ("note.txt", UTF7_HALF),  # decoded by detection or as declared below
    ("page.html", b'<html><head><meta charset="utf-7"><title>T +2D0-</title></head><body><p>' + UTF7_HALF
     + b"</p></body></html>"),
    ("mail.eml", b"From: a@example.org\nSubject: UTF-7\nContent-Type: text/plain; charset=utf-7\n\n" + UTF7_HALF),
])
def test_decoded_text_never_holds_a_lone_surrogate(name, data):
    from ingest.decoding import decode_text

    assert decode_text(UTF7_HALF, "utf-7").encode("utf-8") == "The heron \ufffd waits, \ufffd alone.".encode()
    loaded = _load(name, data)
    for text in [page.text for page in loaded.pages] + [loaded.title or ""]:
        text.encode("utf-8")  # strict: raises on a lone surrogate
    assert "heron" in loaded.pages[0].text
