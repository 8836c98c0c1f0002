"""Text of a DOCX package: the zip is inspected before anything is unpacked, and only the parts holding text are read.

python-docx opens every part of the package: a 444 KB .docx holding a 400 MB zero-filled image drove ingestion to
831 MB RSS. Here the member list is checked first (count, total and per-part uncompressed size, compression ratio),
then the main document part (found through ``_rels/.rels``), the core properties (title) and the styles (heading
names) are streamed through expat in 64 KB pieces with a byte counter; images, fonts, headers and footers are never
unpacked. A DOCTYPE is refused (no entity expansion), and the text stops at the file's character budget.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from xml.parsers import expat

from ingest.budget import Budget, BudgetExceeded
from ingest.errors import LoadError

MAX_MEMBERS = 10_000  # a Word document has tens of parts; thousands mean a crafted archive
RATIO_CHECKED_ABOVE = 1_000_000  # compression ratios of parts smaller than this do not matter
_W = ("http://schemas.openxmlformats.org/wordprocessingml/2006/main", "http://purl.oclc.org/ooxml/wordprocessingml/main")
_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_DC_TITLE = "http://purl.org/dc/elements/1.1/ title"
_PIECE = 1 << 16


class _Refused(Exception):
    """Raised inside an expat handler to stop a parse."""


def _no_doctype(*_args) -> None:
    raise _Refused("a DOCTYPE declaration (entity expansion is not allowed)")


def _check_members(archive: zipfile.ZipFile, budget: Budget) -> None:
    members = archive.infolist()
    if len(members) > MAX_MEMBERS:
        raise BudgetExceeded(f"the DOCX archive has {len(members):,} members (more than {MAX_MEMBERS:,})")
    total = sum(m.file_size for m in members)
    if total > budget.max_unzipped:
        raise BudgetExceeded(f"the DOCX archive unpacks to {total / 1e6:,.0f} MB, over the "
                             f"{budget.max_unzipped / 1e6:,.0f} MB limit (RAG_BOT_MAX_UNZIPPED_MB): a zip bomb?")


def _stream(archive: zipfile.ZipFile, name: str, budget: Budget, handlers: dict[str, Callable]) -> bool:
    """Parse one member with expat, fed in pieces; False when the member does not exist."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        return False
    ratio = info.file_size / max(1, info.compress_size)
    if info.file_size > RATIO_CHECKED_ABOVE and ratio > budget.max_zip_ratio:
        raise BudgetExceeded(f"the DOCX part {name} unpacks {ratio:,.0f} times its packed size, over the "
                             f"{budget.max_zip_ratio:,.0f} allowed (RAG_BOT_MAX_ZIP_RATIO): a zip bomb?")
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartDoctypeDeclHandler = _no_doctype
    parser.EntityDeclHandler = _no_doctype
    parser.buffer_text = True
    for event, handler in handlers.items():
        setattr(parser, event, handler)
    read = 0
    with archive.open(info) as member:
        while piece := member.read(_PIECE):
            read += len(piece)
            if read > budget.max_unzipped:
                raise BudgetExceeded(f"the DOCX part {name} unpacks to more than {budget.max_unzipped / 1e6:,.0f} MB")
            parser.Parse(piece, False)
    parser.Parse(b"", True)
    return True


def _main_part(archive: zipfile.ZipFile, budget: Budget) -> str:
    """The main document part named by the package relationships (``word/document.xml`` by default)."""
    target: list[str] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if name.endswith(" Relationship") and attrs.get("Type", "").endswith("/officeDocument") and not target:
            target.append(attrs.get("Target", "").lstrip("/"))

    _stream(archive, "_rels/.rels", budget, {"StartElementHandler": start})
    return target[0] if target and target[0] else "word/document.xml"


def _title(archive: zipfile.ZipFile, budget: Budget) -> str | None:
    parts: list[str] = []
    inside = [False]

    def start(name: str, _attrs: dict[str, str]) -> None:
        inside[0] = name == _DC_TITLE

    def end(_name: str) -> None:
        inside[0] = False

    def chars(data: str) -> None:
        if inside[0]:
            parts.append(data)

    _stream(archive, "docProps/core.xml", budget,
            {"StartElementHandler": start, "EndElementHandler": end, "CharacterDataHandler": chars})
    return " ".join("".join(parts).split()) or None


def _style_names(archive: zipfile.ZipFile, budget: Budget) -> dict[str, str]:
    """Style id -> name (``Heading1`` -> ``heading 1``), to recognise headings in any language's template."""
    names: dict[str, str] = {}
    current = [""]

    def start(name: str, attrs: dict[str, str]) -> None:
        ns, _, local = name.partition(" ")
        if ns in _W and local == "style":
            current[0] = attrs.get(f"{ns} styleId", "")
        elif ns in _W and local == "name" and current[0]:
            names[current[0]] = attrs.get(f"{ns} val", "")

    _stream(archive, "word/styles.xml", budget, {"StartElementHandler": start})
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
                if self.heading is None and (style.startswith("heading") or style == "title"):
                    self.heading = " ".join(text.split())
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


def extract(data: bytes, budget: Budget) -> tuple[str | None, str]:
    """(title, text) of a DOCX file's bytes; every failure is a :class:`LoadError` with a reason."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise LoadError(f"corrupt DOCX: not a zip package ({exc}); an encrypted or old .doc file?") from None
    try:
        with archive:
            _check_members(archive, budget)
            main = _main_part(archive, budget)
            styles = _style_names(archive, budget)
            body = _Body(budget, styles)
            found = _stream(archive, main, budget, {"StartElementHandler": body.start,
                                                    "EndElementHandler": body.end, "CharacterDataHandler": body.chars})
            if not found:
                raise LoadError(f"corrupt DOCX: the package has no document part ({main})")
            title = _title(archive, budget) or body.heading
    except LoadError:
        raise
    except _Refused as exc:
        raise LoadError(f"DOCX refused: {exc}") from None
    except expat.ExpatError as exc:
        raise LoadError(f"corrupt DOCX: malformed XML ({exc})") from None
    except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError, RuntimeError, ValueError) as exc:
        raise LoadError(f"corrupt DOCX ({exc.__class__.__name__}: {exc})") from None
    return title, "\n\n".join(body.sinks[0])
