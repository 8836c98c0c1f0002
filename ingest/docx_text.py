"""Text of a DOCX package: the zip is inspected before anything is unpacked, and only the parts holding text are read.

python-docx opens every part of the package, so a small .docx holding a large zero-filled image costs the image's
unpacked size in memory (docs/benchmarks.md). Here the member list is checked first (count, total and per-part
uncompressed size, compression ratio), then the main document part (found through ``_rels/.rels``), the core
properties (title) and the styles (heading names) are streamed through expat in 64 KB pieces with a byte counter
(:mod:`ingest.zip_package`, shared with EPUB, ODT and PPTX); images, fonts, headers and footers are never unpacked.
A DOCTYPE is refused (no entity expansion), and the text stops at the file's character budget.
"""

from __future__ import annotations

from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.zip_package import ZipPackage, reading, xml_text

_W = ("http://schemas.openxmlformats.org/wordprocessingml/2006/main", "http://purl.oclc.org/ooxml/wordprocessingml/main")
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_DC_TITLE = "http://purl.org/dc/elements/1.1/ title"


def _main_part(package: ZipPackage) -> str:
    """The main document part named by the package relationships (``word/document.xml`` by default)."""
    target: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if name.endswith(" Relationship") and attrs.get("Type", "").endswith("/officeDocument") and not target:
            target.append(attrs.get("Target", "").lstrip("/"))

    package.stream_xml("_rels/.rels", {"StartElementHandler": start})
    return target[0] if target and target[0] else "word/document.xml"


def _style_names(package: ZipPackage) -> dict[str, str]:
    """Style id -> name (``Heading1`` -> ``heading 1``), to recognise headings in any language's template."""
    names: dict[str, str] = {}
    current = [""]

    def start(name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if ns in _W and local == "style":
            current[0] = attrs.get(f"{ns} styleId", "")
        elif ns in _W and local == "name" and current[0]:
            names[current[0]] = attrs.get(f"{ns} val", "")

    package.stream_xml("word/styles.xml", {"StartElementHandler": start})
    return names


class _Body:
    """Collects paragraphs (and table rows, cells joined by `` | ``) in document order."""

    def __init__(self, budget: Budget, styles: dict[str, str]) -> None:
        self.budget = budget
        self.styles = styles
        self.sinks: list[list[str]] = [[]]  # where finished paragraphs go: the body, or the cell being read
        self.rows: list[list[str]] = []
        self.runs: list[list[str]] = []  # text of the open paragraphs (text boxes nest paragraphs)
        self.in_text = 0
        self.fallback = 0  # inside mc:Fallback: a duplicate of the mc:Choice content
        self.style: str | None = None
        self.heading: str | None = None
        self.headings: list[str] = []  # every heading paragraph (in the body, not in a table cell), in order
        self.count = 0

    def start(self, name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if ns == _MC and local == "Fallback":
            self.fallback += 1
        if ns not in _W or self.fallback:
            return
        if local == "p":
            self.runs.append([])
            self.style = None
        elif local == "t":
            self.in_text += 1
        elif local in ("tab", "ptab") and self.runs:
            self.runs[-1].append(" ")
        elif local in ("br", "cr") and self.runs:
            self.runs[-1].append("\n")
        elif local == "pStyle":
            self.style = attrs.get(f"{ns} val")
        elif local == "tr":
            self.rows.append([])
        elif local == "tc":
            self.sinks.append([])

    def end(self, name: str) -> None:
        ns, _, local = name.partition(" ")
        if ns == _MC and local == "Fallback":
            self.fallback -= 1
        if ns not in _W or self.fallback:
            return
        if local == "t":
            self.in_text -= 1
        elif local == "p" and self.runs:
            text = "\n".join(" ".join(line.split()) for line in "".join(self.runs.pop()).split("\n")).strip()
            if text:
                self.sinks[-1].append(text)
                style = self.styles.get(self.style or "", self.style or "").lower()
                if style.startswith("heading") or style == "title":
                    self.heading = self.heading or " ".join(text.split())
                    if len(self.sinks) == 1:
                        self.headings.append(" ".join(text.split()))
        elif local == "tc" and len(self.sinks) > 1:
            cell = " ".join(self.sinks.pop())
            if self.rows:
                self.rows[-1].append(cell)
        elif local == "tr" and self.rows:
            cells = [c for c in self.rows.pop() if c]
            if cells:
                self.sinks[-1].append(" | ".join(cells))

    def chars(self, data: str) -> None:
        if self.in_text and self.runs and not self.fallback:
            self.runs[-1].append(data)
            self.count += len(data)
            if self.count > self.budget.max_chars:
                self.budget.check_chars(self.count)


def extract(data: bytes, budget: Budget, headings: list[str] | None = None) -> tuple[str | None, str]:
    """(title, text) of a DOCX file's bytes; every failure is a :class:`LoadError` with a reason. ``headings``,
    when given, receives the text of the body's heading paragraphs in order."""
    package = ZipPackage(data, budget, "DOCX", hint="; an encrypted or old .doc file?")
    with reading("DOCX"):
        try:
            main = _main_part(package)
            body = _Body(budget, _style_names(package))
            found = package.stream_xml(main, {"StartElementHandler": body.start, "EndElementHandler": body.end,
                                              "CharacterDataHandler": body.chars})
            if not found:
                raise LoadError(f"corrupt DOCX: the package has no document part ({main})")
            title = xml_text(package, "docProps/core.xml", _DC_TITLE) or body.heading
        finally:
            package.close()
    if headings is not None:
        headings.extend(body.headings)
    return title, "\n\n".join(body.sinks[0])
