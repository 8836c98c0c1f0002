"""A generator of hostile and degenerate files for ingestion tests (issue 11).

``make_hostile_corpus(root)`` writes one folder of them and returns what each entry must do: be indexed (``ok``),
fail with a reason holding a given phrase (``fail``), or be left out silently (``ignored``). Kinds: pathological
HTML (100k nested ``div``, stray end tags, unterminated comments, tags, quotes and scripts, navigation only),
Markdown that made regexes quadratic, huge single lines, control characters and terminal escapes in text and file
names, Devanagari and undecodable file names, symlinks out of the folder and in loops, a FIFO, PDFs with thousands
of empty pages / one content stream shared by 2,000 pages / a Flate bomb / a password / a cut, DOCX zip bombs
(members, a document part, a lying size, billions of laughs, 20k members) and the same bombs in EPUB, ODT and PPTX,
an EPUB spine naming one chapter 10,000 times or one chapter of 490 MB, a zip whose end record understates its
members, RTF of 100k nested groups / 1M open braces / the fields that made
striprtf quadratic / a lying ``\\bin``, e-mails of thousands of nested multiparts, a 100k-word Subject, lone-CR lines, RFC 2231 boundaries or a million
parts, wrong
extensions, empty and binary files, the same name in two subfolders. Sizes are parameters so growth tests can build two sizes of one kind.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.filemakers import write_docx, write_pdf, write_text

SECRET = "The vault combination is swordfish 4471."


@dataclass
class Expect:
    """What ingesting one entry must do: "ok", "fail" (reason contains ``reason``) or "ignored"."""

    outcome: str
    reason: str = ""
    text: str = ""  # a phrase the indexed text must contain ("ok")


# --- HTML -----------------------------------------------------------------------------------------------------
def html_nested_divs(n: int) -> str:
    return "<html><body>" + "<div>" * n + "<p>Deep inside sits the heron.</p>" + "</div>" * n + "</body></html>"


def html_stray_end_tags(n: int) -> str:
    return "<p>Stray ends around the kingfisher.</p>" + "<div>" * n + "</span>" * n


def html_many_paragraphs(n: int) -> str:
    return "<html><body>" + "<p>Otters play in the shallows.</p>" + "<p></p>" * n + "</body></html>"


def html_unclosed_comments(n: int) -> str:
    return "<p>Before the comments the egret waits.</p>" + "<!--" * n


def html_unclosed_tags(n: int) -> str:
    return "<p>Before the tags the cormorant dives.</p>" + "<a " * n


def html_unclosed_quotes(n: int) -> str:
    return "<p>Before the quotes the ibis wades.</p>" + '<a b="' * n


def html_unclosed_script(n: int) -> str:
    return "<p>Before the script the stork stands.</p><script>" + "</scrip" * n


def html_plain_page(n: int) -> str:
    """A real-looking page of ``n`` paragraphs with navigation around them."""
    body = "".join(f"<p>Paragraph {i} tells of the river, the ferry and the <b>bell</b> at dusk.</p>" for i in range(n))
    return (f"<html><head><title>Plain</title><style>p {{}}</style></head><body><nav><a href=x>Home</a></nav>"
            f"<main>{body}</main><footer>Copyright</footer></body></html>")


# --- Markdown -------------------------------------------------------------------------------------------------
def md_brackets(n: int) -> str:
    return "# Brackets\n\nThe crane stands by the water.\n\n" + "[" * n + "\n"


def md_emphasis(n: int) -> str:
    return "# Emphasis\n\nThe swan glides.\n\n" + "*a _b " * n + "\n"


def md_links(n: int) -> str:
    return "# Links\n\nThe tern calls.\n\n" + "[a](" * n + "\n"


# --- PDF ------------------------------------------------------------------------------------------------------
def pdf_empty_pages(path: Path, n: int) -> None:
    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(n):
        writer.add_blank_page(200, 200)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        writer.write(fh)


def pdf_shared_stream(path: Path, pages: int, text_lines: int = 60, draws: int = 10) -> None:
    """``pages`` pages that all draw one content stream (``draws`` times each) of ``text_lines`` lines of text."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, NameObject

    seed = path.with_suffix(".seed.pdf")
    write_pdf(seed, ["\n".join(f"Line {i} of the one page every page draws: herons and ferries." for i in
                               range(text_lines))])
    page = PdfReader(seed).pages[0]
    seed.unlink()
    writer = PdfWriter()
    first = writer.add_page(page)
    contents, resources = first.raw_get("/Contents"), first.raw_get("/Resources")
    contents = ArrayObject([contents] * draws)
    first[NameObject("/Contents")] = contents
    for _ in range(pages - 1):
        blank = writer.add_blank_page(float(first.mediabox.width), float(first.mediabox.height))
        blank[NameObject("/Contents")] = contents
        blank[NameObject("/Resources")] = resources
    with open(path, "wb") as fh:
        writer.write(fh)


def zero_deflate(megabytes: int, raw: bool = True) -> bytes:
    """A deflate (``raw``) or zlib stream of ``megabytes`` MB of zero bytes, about 1 KB per MB, built without
    inflating it: after a full flush the compressor's output for the same input repeats."""
    zero = b"\0" * (1 << 20)
    co = zlib.compressobj(9, zlib.DEFLATED, -15 if raw else 15)
    first = co.compress(zero) + co.flush(zlib.Z_FULL_FLUSH)
    block = co.compress(zero) + co.flush(zlib.Z_FULL_FLUSH)
    return first + block * (megabytes - 1) + co.flush()


def pdf_flate_bomb(path: Path, megabytes: int) -> None:
    """One page whose content stream inflates to ``megabytes`` MB of zeros."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject, StreamObject

    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    stream = StreamObject()
    stream._data = zero_deflate(megabytes, raw=False)
    stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    page[NameObject("/Contents")] = writer._add_object(stream)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        writer.write(fh)


# --- zip / DOCX -----------------------------------------------------------------------------------------------
CONTENT_TYPES = (b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/'
                 b'2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override '
                 b'PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                 b'wordprocessingml.document.main+xml"/></Types>')
RELS = (b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        b'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'relationships/officeDocument" Target="word/document.xml"/></Relationships>')
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def document_xml(paragraphs: list[str], prologue: str = "") -> bytes:
    body = "".join(f"<w:p><w:r><w:t>{p}</w:t></w:r></w:p>" for p in paragraphs)
    return (f'<?xml version="1.0" encoding="UTF-8"?>{prologue}<w:document xmlns:w="{W}"><w:body>{body}'
            f"</w:body></w:document>").encode()


@dataclass
class Member:
    """One zip member given as deflated bytes with its declared size and CRC (they may lie)."""

    name: str
    deflated: bytes
    size: int
    crc: int


def member(name: str, data: bytes) -> Member:
    co = zlib.compressobj(6, zlib.DEFLATED, -15)
    return Member(name, co.compress(data) + co.flush(), len(data), zlib.crc32(data))


def write_zip(path: Path, members: list[Member], count: int | None = None) -> None:
    """A zip archive written field by field, so declared sizes and contents can disagree (no zip64: < 4 GB each);
    the end record claims ``count`` members (the real number, at most 65,535, when not given)."""
    out = io.BytesIO()
    central = []
    for m in members:
        offset = out.tell()
        name = m.name.encode()
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, m.crc, len(m.deflated),
                              m.size, len(name), 0) + name)
        out.write(m.deflated)
        central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, m.crc, len(m.deflated),
                                   m.size, len(name), 0, 0, 0, 0, 0, offset) + name)
    start = out.tell()
    for entry in central:
        out.write(entry)
    claimed = min(len(central), 0xFFFF) if count is None else count
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, claimed, claimed, out.tell() - start, start, 0))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def docx_parts(paragraphs: list[str], prologue: str = "") -> list[Member]:
    return [member("[Content_Types].xml", CONTENT_TYPES), member("_rels/.rels", RELS),
            member("word/document.xml", document_xml(paragraphs, prologue))]


def docx_member_bomb(path: Path, members: int, megabytes_each: int) -> None:
    """A valid small document plus ``members`` images each declaring ``megabytes_each`` MB of zeros."""
    block = zero_deflate(megabytes_each)
    crc = zlib.crc32(b"\0" * (megabytes_each << 20))
    images = [Member(f"word/media/image{i}.png", block, megabytes_each << 20, crc) for i in range(members)]
    write_zip(path, docx_parts(["A small letter about kites."]) + images)


def docx_document_bomb(path: Path, megabytes: int) -> None:
    """The document part itself inflates ``megabytes`` MB (zeros; its ratio is over a thousand)."""
    parts = docx_parts([])[:2]
    parts.append(Member("word/document.xml", zero_deflate(megabytes), megabytes << 20, 0))
    write_zip(path, parts)


def docx_lying_size(path: Path, megabytes: int) -> None:
    """The document part declares 2,000 bytes but its stream inflates to ``megabytes`` MB."""
    parts = docx_parts([])[:2]
    parts.append(Member("word/document.xml", zero_deflate(megabytes), 2000, 0))
    write_zip(path, parts)


def docx_billion_laughs(path: Path) -> None:
    values = ["lol"] + [f"&l{i - 1};" * 10 for i in range(1, 10)]
    lol = "".join(f'<!ENTITY l{i} "{value}">' for i, value in enumerate(values))
    write_zip(path, docx_parts(["&l9;"], prologue=f"<!DOCTYPE w:document [{lol}]>"))


def docx_many_members(path: Path, n: int) -> None:
    write_zip(path, docx_parts(["Many parts."]) + [member(f"customXml/item{i}.xml", b"<a/>") for i in range(n)])


# --- EPUB / ODT / PPTX: the same zip bombs in the other containers ---------------------------------------------
def _members(parts: list[tuple[str, bytes]]) -> list[Member]:
    return [member(name, data) for name, data in parts]


def epub_fine_parts(phrase: str = "The chapter tells of the ferryman.") -> list[tuple[str, bytes]]:
    from tests.filemakers import epub_parts

    return epub_parts("Hostile Book", "1970-01-02", [("Chapter", f"<p>{phrase}</p>")])


def odt_fine_parts(phrase: str = "The notes tell of the potter.") -> list[tuple[str, bytes]]:
    from tests.filemakers import odt_parts

    return odt_parts("Hostile Notes", f"<text:p>{phrase}</text:p>")


def pptx_fine_parts(phrase: str = "The slide tells of the lighthouse.") -> list[tuple[str, bytes]]:
    from tests.filemakers import pptx_parts

    return pptx_parts("Hostile Deck", [[phrase]])


def zip_member_bomb(path: Path, parts: list[tuple[str, bytes]], members: int, megabytes_each: int) -> None:
    """A valid small package plus ``members`` images each declaring ``megabytes_each`` MB of zeros."""
    block = zero_deflate(megabytes_each)
    crc = zlib.crc32(b"\0" * (megabytes_each << 20))
    images = [Member(f"media/image{i}.png", block, megabytes_each << 20, crc) for i in range(members)]
    write_zip(path, _members(parts) + images)


def zip_part_bomb(path: Path, parts: list[tuple[str, bytes]], part: str, megabytes: int) -> None:
    """The package with its text part ``part`` replaced by ``megabytes`` MB of zeros (ratio over a thousand)."""
    kept = [m for m in _members(parts) if m.name != part]
    write_zip(path, kept + [Member(part, zero_deflate(megabytes), megabytes << 20, 0)])


def epub_big_chapter(path: Path, megabytes: float, unit: bytes = b"<div>", declared: int | None = None) -> None:
    """An EPUB whose one chapter is ``megabytes`` MB of ``unit`` repeated, with random comments so that it packs
    about 150:1 (under the zip ratio check: 490 MB make a 3.3 MB EPUB), built piece by piece without holding the
    chapter; ``declared`` sets the size its zip entry declares (a lie when it differs)."""
    import random

    rng = random.Random(0)
    co = zlib.compressobj(6, zlib.DEFLATED, -15)
    packed: list[bytes] = []
    crc = size = 0

    def feed(data: bytes) -> None:
        nonlocal crc, size
        crc = zlib.crc32(data, crc)
        size += len(data)
        packed.append(co.compress(data))

    feed(b'<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>'
         b"<p>The long chapter tells of the night watchman.</p>")
    block = unit * (65536 // len(unit))
    while size < megabytes * 1_000_000:
        feed(block + b"<!--" + rng.randbytes(400).hex().encode() + b"-->")
    feed(b"</body></html>")
    packed.append(co.flush())
    chapter = "OEBPS/text/ch01.xhtml"
    kept = [m for m in _members(epub_fine_parts()) if m.name != chapter]
    write_zip(path, kept + [Member(chapter, b"".join(packed), size if declared is None else declared, crc)])


def epub_repeated_spine(path: Path, n: int) -> None:
    """A spine of ``n`` itemrefs all naming one chapter: read once."""
    parts = dict(epub_fine_parts("The one chapter read once tells of the lock keeper."))
    opf = parts["OEBPS/content.opf"].decode()
    parts["OEBPS/content.opf"] = opf.replace('<itemref idref="c0"/>', '<itemref idref="c0"/>' * n).encode()
    write_zip(path, _members(list(parts.items())))


def epub_doctype_package(path: Path) -> None:
    """Billion laughs in the package document."""
    parts = dict(epub_fine_parts())
    values = ["lol"] + [f"&l{i - 1};" * 10 for i in range(1, 10)]
    lol = "".join(f'<!ENTITY l{i} "{value}">' for i, value in enumerate(values))
    opf = parts["OEBPS/content.opf"].decode().replace("<package ", f"<!DOCTYPE package [{lol}]><package ", 1)
    parts["OEBPS/content.opf"] = opf.replace("Hostile Book", "&l9;").encode()
    write_zip(path, _members(list(parts.items())))


def odt_huge_spaces(path: Path) -> None:
    """``<text:s text:c="1000000000"/>``: a billion spaces declared in 30 bytes."""
    from tests.filemakers import odt_parts

    write_zip(path, _members(odt_parts("Spaces", '<text:p>Before<text:s text:c="1000000000"/>the gap, the '
                                                 "wren.</text:p>")))


# --- RTF ------------------------------------------------------------------------------------------------------
RTF_HEAD = r"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss\fcharset0 Arial;}}"


def rtf_nested_groups(n: int) -> str:
    return RTF_HEAD + "{\\b " * n + "Deep inside sits the bittern." + "}" * n + "}"


def rtf_open_braces(n: int) -> str:
    return RTF_HEAD + "The open braces hide the rail. " + "{" * n


def rtf_fields(n: int) -> str:
    """What striprtf's hyperlink regex is quadratic on: fields without a HYPERLINK on one line."""
    return RTF_HEAD + "The fields speak of the snipe. " + "{\\field{\\*\\fldinst{ x" * n + "}"


def rtf_unicode(n: int) -> str:
    return RTF_HEAD + "Unicode of the shrike: " + "\\u2350?\\u-10179?\\u-8694?\\'e9" * n + "}"


def rtf_plain(n: int) -> str:
    return RTF_HEAD + "".join(f"Paragraph {i} of the rail and the bittern.\\par " for i in range(n)) + "}"


# --- e-mail ---------------------------------------------------------------------------------------------------
def eml_nested(n: int) -> str:
    """``n`` multiparts nested in each other: the standard parser costs n squared on them."""
    opens = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n' for i in range(n))
    closes = "".join(f"--b{i}--\n" for i in reversed(range(n)))
    return f"From: a@example.org\nSubject: Nested\n{opens}Content-Type: text/plain\n\nThe deep tern.\n{closes}"


def eml_flat(n: int) -> str:
    body = "".join(f"--b\nContent-Type: text/plain\n\nPart {i} tells of the tern.\n" for i in range(n))
    return f'From: a@example.org\nSubject: Flat\nContent-Type: multipart/mixed; boundary="b"\n\n{body}--b--\n'


def eml_lone_cr(n: int, levels: int = 100) -> str:
    """``levels`` nested multiparts and ``n`` empty lines, every line ended by a lone CR (the parser ends lines
    there too): the boundary guard counted no line and let 100 boundaries x 1M lines through (7.5 s per MB)."""
    opens = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\r\r--b{i}\r' for i in range(levels))
    closes = "".join(f"--b{i}--\r" for i in reversed(range(levels)))
    return f"From: a@example.org\rSubject: CR\r{opens}Content-Type: text/plain\r\rThe grebe.\r" + "\r" * n + closes


def eml_rfc2231_boundaries(n: int, levels: int = 90) -> str:
    """``levels`` nested multiparts whose boundaries are RFC 2231 continued parameters (``boundary*0=``), over
    ``n`` lines: the guard matched only ``boundary=`` (10.8 s per MB)."""
    opens = "".join(f'Content-Type: multipart/mixed; boundary*0="b{i}"; boundary*1="x"\n\n--b{i}x\n'
                    for i in range(levels))
    closes = "".join(f"--b{i}x--\n" for i in reversed(range(levels)))
    return f"From: a@example.org\nSubject: Nested\n{opens}Content-Type: text/plain\n\nThe deep grebe.\n" + "\n" * n + closes


def eml_many_parts(n: int) -> str:
    """One multipart of ``n`` tiny parts: the parser built them all before the part count was checked (a million
    parts: 343 MB, 8.9 s)."""
    body = "".join(f"--b\n\nP{i}\n" for i in range(n))
    return f'From: a@example.org\nSubject: Flat\nContent-Type: multipart/mixed; boundary="b"\n\n{body}--b--\n'


def eml_long_subject(n: int) -> str:
    return "From: a@example.org\nSubject: " + "=?utf-8?q?x " * n + "\n\nThe body speaks of the skua.\n"


# --- the corpus -----------------------------------------------------------------------------------------------
def _write(root: Path, name: str | bytes, data: bytes) -> None:
    path = os.path.join(os.fsencode(root), name if isinstance(name, bytes) else name.encode())
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)


def make_hostile_corpus(root: Path, outside: Path) -> dict[str, Expect]:
    """Write the hostile corpus under ``root`` (and a secret under ``outside``); returns entry -> expectation.

    Entries are paths relative to ``root`` as ingestion reports them (file names cleaned of control characters).
    """
    expect: dict[str, Expect] = {}
    html: dict[str, tuple[str, str]] = {
        "html/nested-divs.html": (html_nested_divs(100_000), "heron"),
        "html/stray-end-tags.html": (html_stray_end_tags(50_000), "kingfisher"),
        "html/empty-paragraphs.html": (html_many_paragraphs(20_000), "Otters"),
        "html/unclosed-comments.html": (html_unclosed_comments(40_000), "egret"),
        "html/unclosed-tags.html": (html_unclosed_tags(40_000), "cormorant"),
        "html/unclosed-quotes.html": (html_unclosed_quotes(40_000), "ibis"),
        "html/unclosed-script.html": (html_unclosed_script(40_000), "stork"),
    }
    for name, (text, phrase) in html.items():
        write_text(root / name, text)
        expect[name] = Expect("ok", text=phrase)
    write_text(root / "html/navigation-only.html", "<nav>Home | About</nav><footer>(c) 1969</footer>")
    expect["html/navigation-only.html"] = Expect("fail", "no text")

    # the Markdown shapes and the giant word span a few chunks each (every chunk here is embedded, the costliest
    # part of this corpus); their cost at growing sizes is what the cpu_growth tests measure
    write_text(root / "md/brackets.md", md_brackets(600))
    expect["md/brackets.md"] = Expect("ok", text="crane")
    write_text(root / "md/nested-quotes.md", ">" * 40_000 + " The lapwing nests.\n")
    expect["md/nested-quotes.md"] = Expect("fail", "no text")  # deeper than CommonMark's nesting cap of 20
    write_text(root / "md/emphasis.md", md_emphasis(150))
    expect["md/emphasis.md"] = Expect("ok", text="swan")

    write_text(root / "txt/long-line.txt", "The long line speaks of the heron and the ferry. " * 25)
    expect["txt/long-line.txt"] = Expect("ok", text="ferry")
    write_text(root / "txt/one-giant-word.txt", "Giant: " + "abcdefghij" * 150)
    expect["txt/one-giant-word.txt"] = Expect("ok", text="Giant")
    write_text(root / "txt/escapes.txt", "Escapes\n\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07Clipboard write.\u202eevil\u202c "
                                         "The \x9bcursor moves.")
    expect["txt/escapes.txt"] = Expect("ok", text="Clipboard write.")
    write_text(root / "txt/utf16.txt", "UTF-16 text about the monsoon.", encoding="utf-16")
    expect["txt/utf16.txt"] = Expect("ok", text="monsoon")
    (root / "txt/image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8)
    expect["txt/image.txt"] = Expect("fail", "binary")
    (root / "txt/empty.txt").write_bytes(b"")
    expect["txt/empty.txt"] = Expect("fail", "empty")
    (root / "txt/blank.md").write_bytes(b" \n\t\n")
    expect["txt/blank.md"] = Expect("fail", "empty")
    write_text(root / "txt/.hidden.txt", SECRET)
    expect["txt/.hidden.txt"] = Expect("ignored")

    # names
    write_text(root / "names/report\n[2] official-policy.txt", "A forged source line about budgets.")
    expect["names/report [2] official-policy.txt"] = Expect("ok", text="budgets")
    write_text(root / "names/\x1b]52;c;aGk=\x07evil.txt", "An escape in a file name, about kites.")
    expect["names/ ]52;c;aGk= evil.txt"] = Expect("ok", text="kites")
    write_pdf(root / "names/प्रवचन.pdf", ["Pravachan\n1 March 1969\nA talk with a Devanagari file name."])
    expect["names/प्रवचन.pdf"] = Expect("ok", text="Devanagari")
    _write(root, b"names/bad-\xff\xfe.txt", b"Undecodable name.")
    expect["names/bad-\ufffd\ufffd.txt"] = Expect("fail", "UTF-8")
    write_text(root / "same/a/notes.md", "# Notes A\n\nThe first notes speak of the plover.")
    write_text(root / "same/b/notes.md", "# Notes B\n\nThe second notes speak of the curlew.")
    expect["same/a/notes.md"] = Expect("ok", text="plover")
    expect["same/b/notes.md"] = Expect("ok", text="curlew")

    # links and special files
    write_text(outside / "secret.txt", SECRET)
    write_text(outside / "folder/secret.md", SECRET)
    os.symlink(outside / "secret.txt", root / "links-out.txt")
    expect["links-out.txt"] = Expect("fail", "outside")
    os.symlink(outside / "folder", root / "linked-folder")
    expect["linked-folder"] = Expect("fail", "outside")
    os.symlink("loop-b.txt", root / "loop-a.txt")
    os.symlink("loop-a.txt", root / "loop-b.txt")
    expect["loop-a.txt"] = Expect("fail", "loop")
    expect["loop-b.txt"] = Expect("fail", "loop")
    os.symlink(".", root / "txt/self")  # a folder loop inside the root: visited once, no failure
    os.symlink("long-line.txt", root / "txt/alias.txt")  # inside the root: followed
    expect["txt/alias.txt"] = Expect("ok", text="ferry")
    os.symlink("missing.txt", root / "dangling.txt")
    expect["dangling.txt"] = Expect("fail", "broken")
    os.mkfifo(root / "pipe.md")
    expect["pipe.md"] = Expect("fail", "FIFO")

    # PDF
    pdf_empty_pages(root / "pdf/empty-pages.pdf", 3000)
    expect["pdf/empty-pages.pdf"] = Expect("fail", "no text layer")
    pdf_shared_stream(root / "pdf/shared-stream.pdf", 2000)
    expect["pdf/shared-stream.pdf"] = Expect("fail", "same content")
    pdf_flate_bomb(root / "pdf/flate-bomb.pdf", 200)
    expect["pdf/flate-bomb.pdf"] = Expect("fail", "unpack")
    write_pdf(root / "pdf/locked.pdf", ["A secret talk\nDate: 1969-05-01\n\nNobody may read this."], user_password="pw")
    expect["pdf/locked.pdf"] = Expect("fail", "encrypted")
    good = write_pdf(root / "pdf/fine.pdf", ["Fine\n2 May 1969\nA fine talk about the estuary."] * 2)
    data = good.read_bytes()
    (root / "pdf/cut.pdf").write_bytes(data[: len(data) // 3])
    expect["pdf/fine.pdf"] = Expect("ok", text="estuary")
    expect["pdf/cut.pdf"] = Expect("fail", "PDF")
    (root / "pdf/pdf-named.txt").write_bytes(data)
    expect["pdf/pdf-named.txt"] = Expect("fail")  # binary, or no encoding found
    write_text(root / "pdf/text-named.pdf", "Plain text that says it is a PDF.")
    expect["pdf/text-named.pdf"] = Expect("fail", "PDF")

    # DOCX
    docx_member_bomb(root / "docx/member-bomb.docx", members=30, megabytes_each=40)
    expect["docx/member-bomb.docx"] = Expect("fail", "zip bomb")
    docx_document_bomb(root / "docx/document-bomb.docx", 50)
    expect["docx/document-bomb.docx"] = Expect("fail", "times its packed size")
    docx_lying_size(root / "docx/lying-size.docx", 50)
    expect["docx/lying-size.docx"] = Expect("fail", "DOCX")
    docx_billion_laughs(root / "docx/laughs.docx")
    expect["docx/laughs.docx"] = Expect("fail", "DOCTYPE")
    docx_many_members(root / "docx/many-members.docx", 12_000)
    expect["docx/many-members.docx"] = Expect("fail", "members")
    fine = write_docx(root / "docx/fine.docx", "Fine", ["3 May 1969", "A fine document about the delta."])
    raw = fine.read_bytes()
    (root / "docx/cut.docx").write_bytes(raw[: len(raw) // 2])
    expect["docx/fine.docx"] = Expect("ok", text="delta")
    expect["docx/cut.docx"] = Expect("fail", "DOCX")
    write_text(root / "docx/text-named.docx", "Plain text that says it is a DOCX.")
    expect["docx/text-named.docx"] = Expect("fail", "zip")
    write_zip(root / "docx/image-bomb.docx", docx_parts(["A letter with a huge blank picture, about gulls."])
              + [Member("word/media/image1.png", zero_deflate(400), 400 << 20, 0)])
    expect["docx/image-bomb.docx"] = Expect("ok", text="gulls")  # the image is never unpacked

    # EPUB, ODT, PPTX: the zip checks DOCX has
    for kind, parts, part in (("epub", epub_fine_parts(), "OEBPS/text/ch01.xhtml"),
                              ("odt", odt_fine_parts(), "content.xml"), ("pptx", pptx_fine_parts(), "ppt/slides/slide1.xml")):
        zip_member_bomb(root / f"{kind}/member-bomb.{kind}", parts, members=30, megabytes_each=40)
        expect[f"{kind}/member-bomb.{kind}"] = Expect("fail", "zip bomb")
        zip_part_bomb(root / f"{kind}/part-bomb.{kind}", parts, part, 50)
        expect[f"{kind}/part-bomb.{kind}"] = Expect("fail", "times its packed size")
        write_zip(root / f"{kind}/many-members.{kind}", _members(parts) + [member(f"x/{i}.xml", b"<a/>")
                                                                            for i in range(12_000)])
        expect[f"{kind}/many-members.{kind}"] = Expect("fail", "members")
        fine = root / f"{kind}/fine.{kind}"
        write_zip(fine, _members(parts))
        expect[f"{kind}/fine.{kind}"] = Expect("ok", text={"epub": "ferryman", "odt": "potter", "pptx": "lighthouse"}[kind])
        (root / f"{kind}/cut.{kind}").write_bytes(fine.read_bytes()[: fine.stat().st_size // 2])
        expect[f"{kind}/cut.{kind}"] = Expect("fail", kind.upper())
    epub_big_chapter(root / "epub/huge-chapter.epub", 490)  # 4.5 MB; 2.5 GB of RSS when the chapter was read
    expect["epub/huge-chapter.epub"] = Expect("fail", "RAG_BOT_MAX_MARKUP_MB")
    write_zip(root / "docx/lying-count.docx", docx_parts(["Lying count."]) + [Member(f"x/{i}", b"", 0, 0)
                                                                             for i in range(20_000)], count=3)
    expect["docx/lying-count.docx"] = Expect("fail", "members")
    epub_repeated_spine(root / "epub/repeated-spine.epub", 10_000)
    expect["epub/repeated-spine.epub"] = Expect("ok", text="lock keeper")
    epub_doctype_package(root / "epub/laughs.epub")
    expect["epub/laughs.epub"] = Expect("fail", "DOCTYPE")
    odt_huge_spaces(root / "odt/huge-spaces.odt")
    expect["odt/huge-spaces.odt"] = Expect("ok", text="wren")
    from tests.filemakers import odt_parts

    write_zip(root / "odt/spreadsheet.odt", _members(odt_parts("Sheet", "<text:p>Cells.</text:p>",
                                                               b"application/vnd.oasis.opendocument.spreadsheet")))
    expect["odt/spreadsheet.odt"] = Expect("fail", "not an OpenDocument text")

    # RTF
    write_text(root / "rtf/nested-groups.rtf", rtf_nested_groups(100_000))
    expect["rtf/nested-groups.rtf"] = Expect("ok", text="bittern")
    write_text(root / "rtf/open-braces.rtf", rtf_open_braces(1_000_000))
    expect["rtf/open-braces.rtf"] = Expect("ok", text="rail")
    write_text(root / "rtf/only-braces.rtf", "{\\rtf1" + "{" * 1_000_000)
    expect["rtf/only-braces.rtf"] = Expect("fail", "no text")
    write_text(root / "rtf/fields.rtf", rtf_fields(20_000))
    expect["rtf/fields.rtf"] = Expect("ok", text="snipe")
    write_text(root / "rtf/bin.rtf", RTF_HEAD + "Before the picture, the avocet.{\\pict\\bin999999999999 xyz}}")
    expect["rtf/bin.rtf"] = Expect("ok", text="avocet")
    write_text(root / "rtf/not-rtf.rtf", "Plain text that says it is RTF.")
    expect["rtf/not-rtf.rtf"] = Expect("fail", "not an RTF")

    # e-mail
    write_text(root / "eml/nested.eml", eml_nested(5_000))
    expect["eml/nested.eml"] = Expect("fail", "too costly")
    write_text(root / "eml/long-subject.eml", eml_long_subject(100_000))
    expect["eml/long-subject.eml"] = Expect("ok", text="skua")
    write_text(root / "eml/lone-cr.eml", eml_lone_cr(1_000_000))
    expect["eml/lone-cr.eml"] = Expect("fail", "too costly")
    write_text(root / "eml/rfc2231-boundaries.eml", eml_rfc2231_boundaries(1_000_000))
    expect["eml/rfc2231-boundaries.eml"] = Expect("fail", "too costly")
    write_text(root / "eml/many-parts.eml", eml_many_parts(1_000_000))
    expect["eml/many-parts.eml"] = Expect("fail", "part delimiters")
    write_text(root / "eml/no-headers.eml", "Just a note, not a message.\n")
    expect["eml/no-headers.eml"] = Expect("fail", "not an e-mail")
    return expect


KINDS: dict[str, Callable[[int], str]] = {
    "plain page": html_plain_page, "nested div": html_nested_divs, "stray end tags": html_stray_end_tags,
    "unclosed comments": html_unclosed_comments, "unclosed tags": html_unclosed_tags,
    "unclosed quotes": html_unclosed_quotes, "unclosed script": html_unclosed_script,
}
MARKDOWN_KINDS: dict[str, Callable[[int], str]] = {"brackets": md_brackets, "emphasis": md_emphasis,
                                                   "links": md_links}
RTF_KINDS: dict[str, Callable[[int], str]] = {"nested groups": rtf_nested_groups, "open braces": rtf_open_braces,
                                              "fields": rtf_fields, "unicode": rtf_unicode, "plain": rtf_plain}
EMAIL_KINDS: dict[str, Callable[[int], str]] = {"flat parts": eml_flat, "nested parts": eml_nested,
                                                "long subject": eml_long_subject, "lone CR lines": eml_lone_cr,
                                                "RFC 2231 boundaries": eml_rfc2231_boundaries,
                                                "many parts": eml_many_parts}
