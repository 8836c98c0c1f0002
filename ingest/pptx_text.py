"""Text of a PowerPoint presentation (.pptx): each slide's XML streamed through expat, one page per slide.

python-pptx is not used: like python-docx it loads every part of the package (media included) into memory when it
opens a file (a small package holding a large image costs the image's unpacked size). Here the zip is checked first
(:mod:`ingest.zip_package`), the slide order comes from ``ppt/presentation.xml`` and its relationships (slides
not listed there, or a package without them, fall back to ``ppt/slides/slideN.xml`` in number order), and only the
slides, the relationships and ``docProps/core.xml`` (title) are unpacked. Paragraphs of every shape become
paragraphs, table rows become cells joined by `` | ``; speaker notes, images and media are left out.
"""

from __future__ import annotations

import posixpath
import re

from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.loaded import LoadedFile, Page
from ingest.zip_package import ZipPackage, reading, xml_text

_A = ("http://schemas.openxmlformats.org/drawingml/2006/main", "http://purl.oclc.org/ooxml/drawingml/main")
_P = ("http://schemas.openxmlformats.org/presentationml/2006/main", "http://purl.oclc.org/ooxml/presentationml/main")
_R = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships",
      "http://purl.oclc.org/ooxml/officeDocument/relationships")
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_DC_TITLE = "http://purl.org/dc/elements/1.1/ title"
_SLIDE = re.compile(r"^ppt/slides/slide(\d{1,6})\.xml$")


def _slide_order(package: ZipPackage) -> list[str]:
    """Slide part names in presentation order: ``p:sldIdLst`` resolved through the presentation's relationships,
    then any other ``ppt/slides/slideN.xml`` by number."""
    ids: list[str] = []
    targets: dict[str, str] = {}

    def presentation(name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if ns in _P and local == "sldId" and len(ids) < 100_000:
            rid = next((v for k, v in attrs.items() if k.partition(" ")[0] in _R and k.endswith(" id")), "")
            ids.append(rid)

    def relationships(name: str, attrs: dict[str, str]) -> None:
        if name.endswith(" Relationship") and attrs.get("Type", "").endswith("/slide"):
            target = attrs.get("Target", "")
            path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("ppt", target))
            targets.setdefault(attrs.get("Id", ""), path)

    package.stream_xml("ppt/presentation.xml", {"StartElementHandler": presentation})
    package.stream_xml("ppt/_rels/presentation.xml.rels", {"StartElementHandler": relationships})
    order: list[str] = []
    listed: set[str] = set()
    for rid in ids:
        path = targets.get(rid)
        if path and path not in listed and package.has(path):
            order.append(path)
            listed.add(path)
    numbered = sorted((int(m.group(1)), name) for name in package.names() if (m := _SLIDE.match(name)))
    return order + [name for _n, name in numbered if name not in listed]


class _Slide:
    """Paragraphs (and table rows) of one slide, in document order."""

    def __init__(self) -> None:
        self.paragraphs: list[str] = []
        self.rows: list[list[str]] = []
        self.cells: list[list[str]] = []
        self.runs: list[list[str]] | None = None
        self.in_text = 0
        self.fallback = 0

    def start(self, name: str, _attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if ns == _MC and local == "Fallback":
            self.fallback += 1
        if ns not in _A or self.fallback:
            return
        if local == "p":
            self.runs = [[]]
        elif local == "t":
            self.in_text += 1
        elif local == "br" and self.runs is not None:
            self.runs[-1].append("\n")
        elif local == "tr":
            self.rows.append([])
        elif local == "tc":
            self.cells.append([])

    def end(self, name: str) -> None:
        ns, _, local = name.partition(" ")
        if ns == _MC and local == "Fallback":
            self.fallback -= 1
        if ns not in _A or self.fallback:
            return
        if local == "t":
            self.in_text -= 1
        elif local == "p" and self.runs is not None:
            text = "\n".join(" ".join(line.split()) for line in "".join(self.runs[0]).split("\n")).strip()
            self.runs = None
            if text:
                (self.cells[-1] if self.cells else self.paragraphs).append(text)
        elif local == "tc" and self.cells:
            cell = " ".join(self.cells.pop())
            if self.rows:
                self.rows[-1].append(cell)
        elif local == "tr" and self.rows:
            cells = [c for c in self.rows.pop() if c]
            if cells:
                self.paragraphs.append(" | ".join(cells))

    def chars(self, data: str) -> int:
        if self.in_text and self.runs is not None and not self.fallback:
            self.runs[-1].append(data)
            return len(data)
        return 0


def extract(data: bytes, budget: Budget) -> LoadedFile:
    """Slides (page numbers = slide numbers in presentation order) and title of a PPTX file's bytes."""
    package = ZipPackage(data, budget, "PPTX")
    count = [0]
    with reading("PPTX"):
        try:
            slides = _slide_order(package)
            if not slides:
                raise LoadError("corrupt PPTX: the package has no slides (ppt/slides/slideN.xml)")
            pages: list[Page] = []
            for number, part in enumerate(slides, start=1):
                slide = _Slide()

                def chars(text: str, slide: _Slide = slide) -> None:
                    count[0] += slide.chars(text)
                    if count[0] > budget.max_chars:
                        budget.check_chars(count[0])

                package.stream_xml(part, {"StartElementHandler": slide.start, "EndElementHandler": slide.end,
                                          "CharacterDataHandler": chars})
                if slide.paragraphs:
                    pages.append(Page("\n\n".join(slide.paragraphs), number=number))
            title = xml_text(package, "docProps/core.xml", _DC_TITLE)
        finally:
            package.close()
    return LoadedFile(pages, title=title)
