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
