"""Write the sample corpus "Talks at Riverside" into data/corpus/.

The talks are fictional and were written for this project (CC0-1.0). Their text lives in
tools/corpus_src/talks_en.json and tools/corpus_src/talks_hi.json; this script only lays the text out in
the five supported formats (PDF, HTML, DOCX, Markdown, plain text), with a different date style in each
document, so that the ingester has to cope with all of them.

The output is deterministic: PDF and DOCX metadata carry a fixed timestamp and the DOCX zip entries a
fixed modification time, so re-running the script produces byte-identical files.

Usage:  python tools/make_sample_corpus.py [--out data/corpus]
"""

from __future__ import annotations

import argparse
import io
import json
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from docx import Document
from fpdf import FPDF

ROOT = Path(__file__).resolve().parent.parent
SRC = Path(__file__).resolve().parent / "corpus_src"
FIXED_TIME = datetime(2024, 1, 1, 0, 0, 0, tzinfo=UTC)
SERIES_EN = "Talks at Riverside - Acharya Devdutt"
SERIES_HI = "रिवरसाइड प्रवचन - आचार्य देवदत्त"

EN = json.loads((SRC / "talks_en.json").read_text(encoding="utf-8"))
HI = json.loads((SRC / "talks_hi.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- PDF

class _TalkPDF(FPDF):
    def footer(self) -> None:  # a page number only, no date, so page headings stay unambiguous
        self.set_y(-15)
        self.set_font("Helvetica", "I", 9)
        self.cell(0, 10, f"- {self.page_no()} -", align="C")


def _pdf_talk(pdf: FPDF, talk: dict, date_line: str, page_break_after: int | None = None) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.multi_cell(0, 10, talk["title"], new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    pdf.multi_cell(0, 7, date_line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font("Times", "", 12)
    for i, para in enumerate(talk["paragraphs"]):
        para.encode("latin-1")  # core fonts only: fail loudly on anything outside latin-1
        pdf.multi_cell(0, 6.5, para, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        if page_break_after is not None and i == page_break_after:
            pdf.add_page()  # the talk continues on the next page, without a new date heading


def _new_pdf(title: str) -> FPDF:
    pdf = _TalkPDF(format="A4")
    pdf.set_margins(22, 20, 22)
    pdf.set_auto_page_break(True, margin=22)
    pdf.set_title(title)
    pdf.set_author("Acharya Devdutt (fictional)")
    pdf.set_subject("Talks at Riverside - sample corpus for rag-bot")
    pdf.set_creator("rag-bot tools/make_sample_corpus.py")
    pdf.set_producer("fpdf2")
    pdf.set_creation_date(FIXED_TIME)
    return pdf


def write_pdfs(out: Path) -> None:
    (out / "pdf").mkdir(parents=True, exist_ok=True)
    pdf = _new_pdf("Talks at Riverside, January 1969")
    _pdf_talk(pdf, EN["silence"], f"{SERIES_EN} - 1969-01-23")
    _pdf_talk(pdf, EN["meditation"], f"{SERIES_EN} - 24 January 1969", page_break_after=3)
    _pdf_talk(pdf, EN["drama"], f"{SERIES_EN} - January 26, 1969")
    pdf.output(str(out / "pdf" / "talks-1969-jan.pdf"))

    pdf = _new_pdf("Love Without Conditions")
    _pdf_talk(pdf, EN["love"], f"{SERIES_EN} - 14.02.1969")
    pdf.output(str(out / "pdf" / "love-1969-02-14.pdf"))


# --------------------------------------------------------------------------- HTML

_HTML = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="{charset}">
<title>{title}</title>
<script>
  // site analytics stub: an extractor should drop this
  window.visits = (window.visits || 0) + 1;
</script>
<style>body {{ font-family: serif; max-width: 40em; margin: auto; }}</style>
</head>
<body>
<nav>
  <a href="index.html">{nav_home}</a> |
  <a href="archive.html">{nav_archive}</a> |
  <a href="contact.html">{nav_contact}</a>
</nav>
<article>
<h1>{title}</h1>
<p class="date">{date_line}</p>
{paragraphs}
</article>
<footer><p>{footer}</p></footer>
</body>
</html>
"""


def _html(talk: dict, lang: str, charset: str, date_line: str, nav: tuple[str, str, str], footer: str) -> str:
    paras = "\n".join(f"<p>{p}</p>" for p in talk["paragraphs"])
    return _HTML.format(lang=lang, charset=charset, title=talk["title"], date_line=date_line,
                        paragraphs=paras, nav_home=nav[0], nav_archive=nav[1], nav_contact=nav[2],
                        footer=footer)


def write_html(out: Path) -> None:
    (out / "html").mkdir(parents=True, exist_ok=True)
    text = _html(HI["silence"], "hi", "utf-8", f"{SERIES_HI} — २३ जनवरी १९६९",
                 ("मुखपृष्ठ", "संग्रह", "संपर्क"), "रिवरसाइड प्रवचन संग्रह। सर्वाधिकार मुक्त (CC0)।")
    (out / "html" / "maun-1969-01-23.html").write_bytes(text.encode("utf-8"))

    text = _html(EN["fear"], "en", "windows-1252", f"{SERIES_EN} — March 9, 1969",
                 ("Home", "Archive", "Contact"), "Riverside talks archive — no rights reserved (CC0).")
    (out / "html" / "fear-1969-03-09.html").write_bytes(text.encode("cp1252"))


# --------------------------------------------------------------------------- DOCX

def _deterministic_zip(data: bytes) -> bytes:
    """Rewrite a zip with fixed entry timestamps (python-docx stamps entries with the current time)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            dst.writestr(fixed, src.read(info.filename))
    return buf.getvalue()


def _docx(talk: dict, date_line: str, path: Path, language: str) -> None:
    doc = Document()
    props = doc.core_properties
    props.title = talk["title"]
    props.author = "Acharya Devdutt (fictional)"
    props.last_modified_by = "rag-bot"
    props.comments = "Talks at Riverside - sample corpus for rag-bot (CC0-1.0)"
    props.language = language
    props.created = FIXED_TIME.replace(tzinfo=None)
    props.modified = FIXED_TIME.replace(tzinfo=None)
    props.last_printed = FIXED_TIME.replace(tzinfo=None)
    props.revision = 1
    doc.add_heading(talk["title"], level=1)
    doc.add_paragraph(date_line)
    for para in talk["paragraphs"]:
        doc.add_paragraph(para)
    buf = io.BytesIO()
    doc.save(buf)
    path.write_bytes(_deterministic_zip(buf.getvalue()))


def write_docx(out: Path) -> None:
    (out / "docx").mkdir(parents=True, exist_ok=True)
    _docx(HI["drama"], f"{SERIES_HI} — २६-०१-१९६९", out / "docx" / "jeevan-ka-natak-1969-01-26.docx", "hi-IN")
    _docx(EN["work"], f"{SERIES_EN} — 19/04/1969", out / "docx" / "work-1969-04-19.docx", "en-GB")


# --------------------------------------------------------------------------- Markdown and text

def _md(talk: dict, date_line: str) -> str:
    body = "\n\n".join(talk["paragraphs"])
    return f"# {talk['title']}\n\n*{date_line}*\n\n{body}\n"


def _txt(talk: dict, date_line: str) -> str:
    body = "\n\n".join(talk["paragraphs"])
    title = talk["title"]
    return f"{title}\n{'=' * len(title)}\n{date_line}\n\n{body}\n"


def write_text_formats(out: Path) -> None:
    (out / "md").mkdir(parents=True, exist_ok=True)
    (out / "txt").mkdir(parents=True, exist_ok=True)
    files = {
        "md/music-1969-06-21.md": _md(EN["music"], f"{SERIES_EN}, 21 June 1969"),
        "md/sangeet-1969-06-21.md": _md(HI["music"], f"{SERIES_HI}, २१ जून १९६९"),
        "md/river-1969-08-15.md": _md(EN["nature"], f"{SERIES_EN}, 15.08.1969"),
        "md/friendship-1970-03-18.md": _md(EN["friendship"], f"{SERIES_EN}, March 18, 1970"),
        "txt/death-1969-11-02.txt": _txt(EN["death"], f"{SERIES_EN}\nDate: 1969-11-02"),
        "txt/krodh-1970-01-10.txt": _txt(HI["anger"], f"{SERIES_HI}\nदिनांक: १० जनवरी १९७०"),
        "txt/education-1970-02-05.txt": _txt(EN["education"], f"{SERIES_EN}\nDate: 05/02/1970"),
    }
    for rel, text in files.items():
        (out / rel).write_bytes(text.encode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "corpus")
    args = parser.parse_args()
    write_pdfs(args.out)
    write_html(args.out)
    write_docx(args.out)
    write_text_formats(args.out)
    for path in sorted(p for p in args.out.rglob("*") if p.is_file()):
        print(path.relative_to(args.out))


if __name__ == "__main__":
    main()
