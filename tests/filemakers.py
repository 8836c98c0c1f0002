"""Build small real files of every supported format for tests (PDF via fpdf2, DOCX via python-docx)."""

from __future__ import annotations

from pathlib import Path


def write_pdf(path: Path, pages: list[str], user_password: str | None = None) -> Path:
    """A PDF with one text page per item (latin-1 text, core font); encrypted (RC4) with a user password."""
    from fpdf import FPDF

    pdf = FPDF()
    if user_password:
        from fpdf.enums import EncryptionMethod

        pdf.set_encryption(owner_password="owner", user_password=user_password,
                           encryption_method=EncryptionMethod.RC4)
    pdf.set_font("Helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(path))
    return path


def write_docx(path: Path, title: str, paragraphs: list[str]) -> Path:
    import docx

    document = docx.Document()
    document.add_heading(title, level=1)
    for para in paragraphs:
        document.add_paragraph(para)
    path.parent.mkdir(parents=True, exist_ok=True)
    document.save(str(path))
    return path


def write_html(path: Path, title: str, body: str, encoding: str = "utf-8") -> Path:
    html = (f'<html><head><meta charset="{encoding}"><title>{title}</title>'
            f"<script>var tracking = 'DROP-ME-SCRIPT';</script></head><body><nav>Home | DROP-ME-NAV</nav>"
            f"<h1>{title}</h1>{body}</body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(html.encode(encoding))
    return path


def write_text(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def write_texts(folder: Path, texts: dict[str, str]) -> Path:
    """Each ``name: text`` of ``texts`` as a UTF-8 file in ``folder`` (made if missing); the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        write_text(folder / name, text)
    return folder


# --- formats written by hand: genuine containers with the parts their readers (and ours) look for ----------------
def _zip(path: Path, parts: list[tuple[str, bytes]]) -> Path:
    """A zip whose first member ``mimetype`` (when given) is stored uncompressed, as EPUB and ODF require."""
    import zipfile

    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts:
            method = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, compress_type=method)
    return path


def epub_parts(title: str, date: str, chapters: list[tuple[str, str]]) -> list[tuple[str, bytes]]:
    """An EPUB 3 package: mimetype, container, OPF (metadata, manifest, spine in the given order, a nav document
    outside the spine) and one XHTML file per (heading, body) chapter, named so the spine order is not name order."""
    names = [f"text/ch{len(chapters) - i:02d}.xhtml" for i in range(len(chapters))]
    items = "".join(f'<item id="c{i}" href="{n}" media-type="application/xhtml+xml"/>' for i, n in enumerate(names))
    spine = "".join(f'<itemref idref="c{i}"/>' for i in range(len(chapters)))
    opf = (f'<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
           f'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">'
           f"urn:uuid:0</dc:identifier><dc:title>{title}</dc:title><dc:language>en</dc:language>"
           f"<dc:date>{date}</dc:date></metadata><manifest>"
           f'<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
           f'<item id="css" href="style.css" media-type="text/css"/>{items}</manifest><spine>{spine}</spine></package>')
    container = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:'
                 'container"><rootfiles><rootfile full-path="OEBPS/content.opf" '
                 'media-type="application/oebps-package+xml"/></rootfiles></container>')

    def xhtml(heading: str, body: str) -> bytes:
        return (f'<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml">'
                f"<head><title>{heading}</title></head><body><h1>{heading}</h1>{body}</body></html>").encode()

    parts = [("mimetype", b"application/epub+zip"), ("META-INF/container.xml", container.encode()),
             ("OEBPS/content.opf", opf.encode()), ("OEBPS/style.css", b"p { margin: 0 }"),
             ("OEBPS/nav.xhtml", xhtml("Contents", "<nav><ol><li>NAV-ONLY-TEXT</li></ol></nav>"))]
    parts += [(f"OEBPS/{n}", xhtml(*chapter)) for n, chapter in zip(names, chapters, strict=True)]
    return parts


def write_epub(path: Path, title: str, date: str, chapters: list[tuple[str, str]]) -> Path:
    return _zip(path, epub_parts(title, date, chapters))


ODF_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"')


def odt_parts(title: str, body_xml: str, mimetype: bytes = b"application/vnd.oasis.opendocument.text"
              ) -> list[tuple[str, bytes]]:
    """An ODF text package: mimetype, manifest, meta.xml (title, creation date) and content.xml holding
    ``body_xml`` (text:h, text:p, tables...) inside office:text."""
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODF_NS} office:version="1.3">'
               f"<office:body><office:text><text:sequence-decls><text:sequence-decl text:display-outline-level=\"0\" "
               f'text:name="Illustration"/></text:sequence-decls>{body_xml}</office:text></office:body>'
               f"</office:document-content>")
    meta = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-meta {ODF_NS} office:version="1.3">'
            f"<office:meta><dc:title>{title}</dc:title><meta:creation-date>2024-05-01T10:00:00</meta:creation-date>"
            f"</office:meta></office:document-meta>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
                'opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" '
                f'manifest:media-type="{mimetype.decode()}"/><manifest:file-entry manifest:full-path="content.xml" '
                'manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" '
                'manifest:media-type="text/xml"/></manifest:manifest>')
    return [("mimetype", mimetype), ("META-INF/manifest.xml", manifest.encode()), ("content.xml", content.encode()),
            ("meta.xml", meta.encode())]


def write_odt(path: Path, title: str, body_xml: str) -> Path:
    return _zip(path, odt_parts(title, body_xml))


_PML = "http://schemas.openxmlformats.org/presentationml/2006/main"
_DML = "http://schemas.openxmlformats.org/drawingml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _slide_xml(paragraphs: list[str]) -> bytes:
    body = "".join(f"<a:p><a:r><a:t>{p}</a:t></a:r></a:p>" for p in paragraphs)
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:a="{_DML}" xmlns:p="{_PML}" '
            f'xmlns:r="{_REL}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/>'
            f'</p:nvGrpSpPr><p:grpSpPr/><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr>'
            f'<p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>{body}</p:txBody></p:sp>'
            f"</p:spTree></p:cSld></p:sld>").encode()


def pptx_parts(title: str, slides: list[list[str]]) -> list[tuple[str, bytes]]:
    """A PresentationML package: content types, relationships, core properties (title) and one slide part per
    item. Slide parts are numbered in reverse (slide1.xml is the last slide): the order must come from
    ``ppt/presentation.xml``, not from the part names."""
    n = len(slides)
    parts_of = [f"slides/slide{n - i}.xml" for i in range(n)]
    overrides = "".join(f'<Override PartName="/ppt/{p}" ContentType="application/vnd.openxmlformats-officedocument.'
                        f'presentationml.slide+xml"/>' for p in parts_of)
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
             'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
             'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/'
             'presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.'
             f'presentation.main+xml"/>{overrides}</Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships/officeDocument" Target="ppt/presentation.xml"/><Relationship Id="rId2" Type="http://'
            'schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
            'Target="docProps/core.xml"/></Relationships>')
    ids = "".join(f'<p:sldId id="{256 + i}" r:id="rId{10 + i}"/>' for i in range(n))
    presentation = (f'<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:a="{_DML}" xmlns:p="{_PML}" '
                    f'xmlns:r="{_REL}"><p:sldIdLst>{ids}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/>'
                    f"</p:presentation>")
    targets = "".join(f'<Relationship Id="rId{10 + i}" Type="{_REL}/slide" Target="{p}"/>'
                      for i, p in enumerate(parts_of))
    presentation_rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.'
                         f'org/package/2006/relationships">{targets}</Relationships>')
    core = ('<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/'
            'package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f"<dc:title>{title}</dc:title></cp:coreProperties>")
    parts = [("[Content_Types].xml", types.encode()), ("_rels/.rels", rels.encode()),
             ("docProps/core.xml", core.encode()), ("ppt/presentation.xml", presentation.encode()),
             ("ppt/_rels/presentation.xml.rels", presentation_rels.encode())]
    parts += [(f"ppt/{p}", _slide_xml(s)) for p, s in zip(parts_of, slides, strict=True)]
    return parts


def write_pptx(path: Path, title: str, slides: list[list[str]]) -> Path:
    return _zip(path, pptx_parts(title, slides))


def write_eml(path: Path, subject: str, date: str, plain: str, html: str, charset: str = "utf-8",
              attachment: tuple[str, bytes] | None = None) -> Path:
    """A multipart/mixed message: a multipart/alternative (plain + HTML, both in ``charset``, quoted-printable /
    base64) and an optional attachment, built with the standard library as a mail client would send it."""
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = "Anand Rao <anand@example.org>"
    message["To"] = "Listeners <talks@example.org>"
    message["Subject"] = subject
    message["Date"] = date
    message.set_content(plain, charset=charset, cte="quoted-printable")
    message.add_alternative(html, subtype="html", charset=charset, cte="base64")
    if attachment:
        message.add_attachment(attachment[1], maintype="application", subtype="pdf", filename=attachment[0])
    data = bytes(message)
    if charset != "utf-8":  # the Subject as an encoded word in the message's own charset (the policy writes UTF-8)
        from email.header import Header

        encoded = Header(subject, charset).encode().encode("ascii")
        head, _, body = data.partition(b"\n\n")
        kept, in_subject = [], False
        for line in head.split(b"\n"):
            if line.startswith(b"Subject:"):
                in_subject = True
                kept.append(b"Subject: " + encoded)
            elif not (in_subject and line[:1] in (b" ", b"\t")):  # drop the old Subject's folded lines
                in_subject = False
                kept.append(line)
        data = b"\n".join(kept) + b"\n\n" + body
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
