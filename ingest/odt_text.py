"""Text of an OpenDocument text file (.odt): ``content.xml`` streamed through expat, the title from ``meta.xml``.

The package is checked as every zip container is (:mod:`ingest.zip_package`), its ``mimetype`` must say it is a
text document (a spreadsheet renamed .odt fails with that reason), and only ``content.xml`` and ``meta.xml`` are
unpacked. Headings and paragraphs become paragraphs, table rows become cells joined by `` | ``, ``text:s`` runs of
spaces are capped, and tracked deletions, comments and note citations are left out.
"""

from __future__ import annotations

from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.zip_package import ZipPackage, reading, xml_text

_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_DC_TITLE = "http://purl.org/dc/elements/1.1/ title"
_TEXT_TYPES = (b"application/vnd.oasis.opendocument.text", b"application/vnd.oasis.opendocument.text-template")
# Text that is not the document's: deleted revisions, comments, the footnote mark, form fields.
_SKIPPED = {(_TEXT, "tracked-changes"), (_OFFICE, "annotation"), (_TEXT, "note-citation"), (_OFFICE, "forms"),
            (_TEXT, "sequence-decls")}
MAX_SPACES = 100  # <text:s text:c="1000000000"/> would otherwise make a billion spaces from 30 bytes


class _Frame:
    """An open paragraph, table row or table cell: where its text starts in the flat list of pieces."""

    __slots__ = ("begin", "cells", "kind", "nested")

    def __init__(self, kind: str, begin: int, nested: bool = False) -> None:
        self.kind = kind  # "p", "h", "row", "cell", or "" (a row or cell read as inline text, or out of place)
        self.begin = begin
        self.nested = nested  # a row inside a cell
        self.cells = 0  # a row's cells holding text so far


class _Body:
    """Paragraphs (and table rows) of ``office:text`` in document order, in one pass.

    Text goes into one flat list of pieces; open paragraphs, rows and cells only remember where they start in it.
    A paragraph nested in another (a note, a frame) or a table nested in a cell leaves its pieces where they are,
    and only the outermost paragraph or row joins its pieces, once: nesting of any depth costs each piece of text
    one join (joining at every level cost depth times the text). Inside a paragraph a table is inline text.
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.out: list[str] = []  # finished paragraphs and rows of the body
        self.pieces: list[str] = []  # text of the open outermost paragraph or row
        self.frames: list[_Frame] = []  # every open p/h, table-row and table-cell
        self.containers: list[_Frame] = []  # the open rows and cells that collect paragraphs
        self.paragraphs = 0  # open paragraphs
        self.skipping = 0
        self.heading: str | None = None
        self.heading_tries = 0
        self.count = 0

    def start(self, name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if (ns, local) in _SKIPPED or self.skipping:
            self.skipping += 1
            return
        if ns == _TEXT and local in ("p", "h"):
            if self.paragraphs:
                self.pieces.append(" ")  # a nested paragraph's text follows its parent's after a space
            self.frames.append(_Frame(local, len(self.pieces)))
            self.paragraphs += 1
        elif ns == _TEXT and local == "s" and self.paragraphs:
            try:
                spaces = int(attrs.get(f"{_TEXT} c", "1"))
            except ValueError:
                spaces = 1
            self._add(" " * max(1, min(spaces, MAX_SPACES)))
        elif ns == _TEXT and local == "tab" and self.paragraphs:
            self._add(" ")
        elif ns == _TEXT and local == "line-break" and self.paragraphs:
            self._add("\n")
        elif ns == _TABLE and local in ("table-row", "table-cell"):
            self.frames.append(self._open(local))

    def _open(self, local: str) -> _Frame:
        top = self.containers[-1] if self.containers else None
        if self.paragraphs or (local == "table-row" and top is not None and top.kind == "row") or (
                local == "table-cell" and (top is None or top.kind != "row")):
            return _Frame("", 0)  # inline in a paragraph, or out of place: its paragraphs go where they would
        if local == "table-row":
            nested = top is not None
            if nested:
                self.pieces.append("")  # becomes " " when the cell held text before this row
            frame = _Frame("row", len(self.pieces), nested)
        else:
            self.pieces.append("")  # becomes " | " when this cell and an earlier one of the row hold text
            frame = _Frame("cell", len(self.pieces))
        self.containers.append(frame)
        return frame

    def end(self, name: str) -> None:
        ns, _, local = name.partition(" ")
        if self.skipping:
            self.skipping -= 1
            return
        if not ((ns == _TEXT and local in ("p", "h")) or (ns == _TABLE and local in ("table-row", "table-cell"))):
            return
        if not self.frames:
            return
        frame = self.frames.pop()
        if frame.kind in ("p", "h"):
            self._end_paragraph(frame)
        elif frame.kind == "cell":
            self.containers.pop()
            row = self.containers[-1]
            if len(self.pieces) > frame.begin:
                if row.cells:
                    self.pieces[frame.begin - 1] = " | "
                row.cells += 1
            else:
                del self.pieces[frame.begin - 1:]
        elif frame.kind == "row":
            self.containers.pop()
            if not frame.cells:
                del self.pieces[frame.begin - frame.nested:]
            elif frame.nested:
                cell = self.containers[-1]
                if frame.begin - 1 > cell.begin:
                    self.pieces[frame.begin - 1] = " "
            else:
                text = "".join(self.pieces[frame.begin:]).strip()
                del self.pieces[frame.begin:]
                if text:
                    self.out.append(text)

    def _end_paragraph(self, frame: _Frame) -> None:
        self.paragraphs -= 1
        if frame.kind == "h" and self.heading is None and self.heading_tries < 10:
            self.heading_tries += 1  # a few tries: a heading nested in headings would otherwise join per level
            self.heading = " ".join("".join(self.pieces[frame.begin:]).split()) or None
        if self.paragraphs:
            return  # its pieces stay in the enclosing paragraph
        text = "\n".join(" ".join(line.split()) for line in "".join(self.pieces[frame.begin:]).split("\n")).strip()
        del self.pieces[frame.begin:]
        if not text:
            return
        cell = self.containers[-1] if self.containers else None
        if cell is None or cell.kind != "cell":
            self.out.append(text)  # the body (or a paragraph out of place in a row)
            return
        if len(self.pieces) > cell.begin:
            self.pieces.append(" ")
        self.pieces.append(text)

    def _add(self, text: str) -> None:
        self.pieces.append(text)
        self.count += len(text)
        if self.count > self.budget.max_chars:
            self.budget.check_chars(self.count)

    def chars(self, data: str) -> None:
        if self.paragraphs and not self.skipping:
            self._add(data)


def extract(data: bytes, budget: Budget) -> tuple[str | None, str]:
    """(title, text) of an ODT file's bytes; every failure is a :class:`LoadError` with a reason."""
    package = ZipPackage(data, budget, "ODT")
    with reading("ODT"):
        try:
            mimetype = (package.read("mimetype") or b"").strip() if package.has("mimetype") else None
            if mimetype is not None and mimetype not in _TEXT_TYPES:
                declared = mimetype[:80].decode("ascii", "replace")
                raise LoadError(f"not an OpenDocument text: its mimetype is {declared!r}")
            body = _Body(budget)
            if not package.stream_xml("content.xml", {"StartElementHandler": body.start, "EndElementHandler": body.end,
                                                      "CharacterDataHandler": body.chars}):
                raise LoadError("corrupt ODT: the package has no content.xml")
            title = xml_text(package, "meta.xml", _DC_TITLE) or body.heading
        finally:
            package.close()
    return title, "\n\n".join(body.out)
