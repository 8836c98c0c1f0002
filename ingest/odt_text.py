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


class _Body:
    """Paragraphs (and table rows) of ``office:text`` in document order."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.sinks: list[list[str]] = [[]]  # the body, or the table cell being read
        self.rows: list[list[str]] = []
        self.runs: list[list[str]] = []  # open paragraphs (a note or a frame nests paragraphs in one)
        self.skipping = 0
        self.heading: str | None = None
        self.count = 0

    def start(self, name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if (ns, local) in _SKIPPED or self.skipping:
            self.skipping += 1
            return
        if ns == _TEXT and local in ("p", "h"):
            self.runs.append([])
        elif ns == _TEXT and local == "s" and self.runs:
            try:
                spaces = int(attrs.get(f"{_TEXT} c", "1"))
            except ValueError:
                spaces = 1
            self._add(" " * max(1, min(spaces, MAX_SPACES)))
        elif ns == _TEXT and local == "tab" and self.runs:
            self._add(" ")
        elif ns == _TEXT and local == "line-break" and self.runs:
            self._add("\n")
        elif ns == _TABLE and local == "table-row":
            self.rows.append([])
        elif ns == _TABLE and local == "table-cell":
            self.sinks.append([])

    def end(self, name: str) -> None:
        ns, _, local = name.partition(" ")
        if self.skipping:
            self.skipping -= 1
            return
        if ns == _TEXT and local in ("p", "h") and self.runs:
            text = "\n".join(" ".join(line.split()) for line in "".join(self.runs.pop()).split("\n")).strip()
            if text:
                (self.runs[-1].append(" " + text) if self.runs else self.sinks[-1].append(text))
                if local == "h" and self.heading is None:
                    self.heading = " ".join(text.split())
        elif ns == _TABLE and local == "table-cell" and len(self.sinks) > 1:
            cell = " ".join(self.sinks.pop())
            if self.rows:
                self.rows[-1].append(cell)
        elif ns == _TABLE and local == "table-row" and self.rows:
            cells = [c for c in self.rows.pop() if c]
            if cells:
                self.sinks[-1].append(" | ".join(cells))

    def _add(self, text: str) -> None:
        self.runs[-1].append(text)
        self.count += len(text)
        if self.count > self.budget.max_chars:
            self.budget.check_chars(self.count)

    def chars(self, data: str) -> None:
        if self.runs and not self.skipping:
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
    return title, "\n\n".join(body.sinks[0])
