"""A zip container (DOCX, EPUB, ODT, PPTX) inspected before anything is unpacked, and its parts read within budget.

Opening checks the central directory first, straight from the bytes (:func:`check_central_directory`), before
:mod:`zipfile` builds an object per member: at most :data:`MAX_MEMBERS` members, and the sizes they declare add up
to at most the budget's ``max_unzipped``. A part that is read must not unpack to more than ``max_zip_ratio`` times
its packed size (above :data:`RATIO_CHECKED_ABOVE`), and every byte unpacked is counted across all the parts read,
so a member that lies about its size stops at the same limit. XML parts are streamed through expat in 64 KB pieces;
a DOCTYPE is refused (no entity expansion). Nothing else of the archive (images, fonts, media) is ever unpacked.
"""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from xml.parsers import expat

from ingest.budget import Budget, BudgetExceeded
from ingest.errors import LoadError

MAX_MEMBERS = 10_000  # documents have tens of parts (an EPUB a few hundred); thousands mean a crafted archive
RATIO_CHECKED_ABOVE = 1_000_000  # compression ratios of parts smaller than this do not matter
PIECE = 1 << 16


class Refused(Exception):
    """Raised inside an expat handler to stop a parse."""


def _no_doctype(*_args) -> None:
    raise Refused("a DOCTYPE declaration (entity expansion is not allowed)")


class ZipPackage:
    """The parts of one zip container of format ``kind`` ("DOCX", "EPUB"...), read within ``budget``."""

    def __init__(self, data: bytes, budget: Budget, kind: str, hint: str = "") -> None:
        self.kind = kind
        self.budget = budget
        self.unpacked = 0  # bytes unpacked so far, all parts together
        check_central_directory(data, budget, kind)
        try:
            self.archive = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
            raise LoadError(f"corrupt {kind}: not a zip package ({exc}){hint}") from None
        members = self.archive.infolist()
        if len(members) > MAX_MEMBERS:
            raise BudgetExceeded(f"the {kind} archive has {len(members):,} members (more than {MAX_MEMBERS:,})")
        total = sum(m.file_size for m in members)
        if total > budget.max_unzipped:
            raise BudgetExceeded(f"the {kind} archive unpacks to {total / 1e6:,.0f} MB, over the "
                                 f"{budget.max_unzipped / 1e6:,.0f} MB limit (RAG_BOT_MAX_UNZIPPED_MB): a zip bomb?")

    def names(self) -> list[str]:
        return self.archive.namelist()

    def has(self, name: str) -> bool:
        try:
            self.archive.getinfo(name)
        except KeyError:
            return False
        return True

    def pieces(self, name: str, limit: int | None = None) -> Iterator[bytes] | None:
        """The unpacked bytes of member ``name`` in 64 KB pieces (None when it does not exist), counted; with a
        ``limit`` (the markup limit of a chapter) a member declaring more is refused unread, one unpacking more is
        stopped there."""
        try:
            info = self.archive.getinfo(name)
        except KeyError:
            return None
        ratio = info.file_size / max(1, info.compress_size)
        if info.file_size > RATIO_CHECKED_ABOVE and ratio > self.budget.max_zip_ratio:
            raise BudgetExceeded(f"the {self.kind} part {name} unpacks {ratio:,.0f} times its packed size, over the "
                                 f"{self.budget.max_zip_ratio:,.0f} allowed (RAG_BOT_MAX_ZIP_RATIO): a zip bomb?")
        if limit is not None and info.file_size > limit:
            raise BudgetExceeded(f"the {self.kind} part {name} unpacks to {info.file_size / 1e6:,.1f} MB, over the "
                                 f"{limit / 1e6:,.0f} MB limit for one page or chapter (RAG_BOT_MAX_MARKUP_MB)")
        return self._read(info, limit)

    def _read(self, info: zipfile.ZipInfo, limit: int | None) -> Iterator[bytes]:
        read = 0
        with self.archive.open(info) as member:
            while piece := member.read(PIECE):
                self.unpacked += len(piece)
                read += len(piece)
                if self.unpacked > self.budget.max_unzipped:
                    raise BudgetExceeded(f"the {self.kind} parts read unpack to more than "
                                         f"{self.budget.max_unzipped / 1e6:,.0f} MB (RAG_BOT_MAX_UNZIPPED_MB)")
                if limit is not None and read > limit:
                    raise BudgetExceeded(f"the {self.kind} part {info.filename} unpacks to more than "
                                         f"{limit / 1e6:,.0f} MB, the limit for one page or chapter "
                                         "(RAG_BOT_MAX_MARKUP_MB)")
                yield piece

    def read(self, name: str, limit: int | None = None) -> bytes | None:
        """The whole member ``name`` (None when it does not exist), within the same limits."""
        pieces = self.pieces(name, limit)
        return None if pieces is None else b"".join(pieces)

    def stream_xml(self, name: str, handlers: dict[str, Callable]) -> bool:
        """Parse member ``name`` with expat (namespaces joined to names by a space), fed in pieces; False when
        the member does not exist."""
        pieces = self.pieces(name)
        if pieces is None:
            return False
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartDoctypeDeclHandler = _no_doctype
        parser.EntityDeclHandler = _no_doctype
        parser.buffer_text = True
        for event, handler in handlers.items():
            setattr(parser, event, handler)
        for piece in pieces:
            parser.Parse(piece, False)
        parser.Parse(b"", True)
        return True

    def close(self) -> None:
        self.archive.close()


_EOCD = struct.Struct("<4s4H2LH")  # end of central directory: counts, size and offset of the directory
_ZIP64_LOCATOR = struct.Struct("<4sLQL")
_ZIP64_EOCD = struct.Struct("<4sQ2H2L4Q")
_ENTRY = struct.Struct("<4s4B4HL2L5H2L")  # one central directory entry (46 bytes), then name, extra, comment


def _zip64_sizes(extra: bytes, size: int, packed: int) -> tuple[int, int]:
    """The real sizes of an entry whose 32-bit fields say 0xFFFFFFFF, from its ZIP64 extra field."""
    pos = 0
    while pos + 4 <= len(extra):
        tag, length = struct.unpack_from("<HH", extra, pos)
        if tag == 1:
            values = list(struct.unpack_from(f"<{min(length, 16) // 8}Q", extra, pos + 4))
            if size == 0xFFFFFFFF and values:
                size = values.pop(0)
            if packed == 0xFFFFFFFF and values:
                packed = values.pop(0)
            break
        pos += 4 + length
    return size, packed


def check_central_directory(data: bytes, budget: Budget, kind: str) -> None:
    """Refuse a zip container from its central directory alone, before any part of it is parsed into objects or
    unpacked: more than :data:`MAX_MEMBERS` entries (counted as the directory is walked, whatever its end record
    claims) or declared sizes adding up to more than the budget's ``max_unzipped``. Walks at most
    ``MAX_MEMBERS + 1`` fixed-size records; a directory it cannot find or walk is left to :mod:`zipfile`, which
    then fails with its own reason."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 65_557 - _EOCD.size))
    if end < 0 or end + _EOCD.size > len(data):
        return
    _, _, _, _, entries, cd_size, cd_offset, _ = _EOCD.unpack_from(data, end)
    record = end
    locator = end - _ZIP64_LOCATOR.size
    if locator >= 0 and data[locator:locator + 4] == b"PK\x06\x07":
        record = locator - _ZIP64_EOCD.size
        if record >= 0 and data[record:record + 4] == b"PK\x06\x06":
            *_, entries, cd_size, cd_offset = _ZIP64_EOCD.unpack_from(data, record)
    if entries > MAX_MEMBERS:
        raise BudgetExceeded(f"the {kind} archive has {entries:,} members (more than {MAX_MEMBERS:,})")
    start = record - cd_size  # where zipfile looks too (data prepended to the archive shifts every offset)
    if start < 0:
        return
    pos, count, total = start, 0, 0
    while pos + _ENTRY.size <= record:
        fields = _ENTRY.unpack_from(data, pos)
        if fields[0] != b"PK\x01\x02":
            return
        count += 1
        if count > MAX_MEMBERS:
            raise BudgetExceeded(f"the {kind} archive has more than {MAX_MEMBERS:,} members")
        packed, size, name_len, extra_len, comment_len = fields[10], fields[11], fields[12], fields[13], fields[14]
        if size == 0xFFFFFFFF or packed == 0xFFFFFFFF:
            extra_at = pos + _ENTRY.size + name_len
            size, packed = _zip64_sizes(data[extra_at:extra_at + extra_len], size, packed)
        total += size
        if total > budget.max_unzipped:
            raise BudgetExceeded(f"the {kind} archive unpacks to more than {budget.max_unzipped / 1e6:,.0f} MB, "
                                 "the limit (RAG_BOT_MAX_UNZIPPED_MB): a zip bomb?")
        pos += _ENTRY.size + name_len + extra_len + comment_len


@contextmanager
def reading(kind: str) -> Iterator[None]:
    """Turn what a damaged container raises while its parts are read into a :class:`LoadError` with a reason."""
    try:
        yield
    except LoadError:
        raise
    except Refused as exc:
        raise LoadError(f"{kind} refused: {exc}") from None
    except expat.ExpatError as exc:
        raise LoadError(f"corrupt {kind}: malformed XML ({exc})") from None
    except RecursionError:
        raise LoadError(f"corrupt {kind}: structures nested too deeply") from None
    except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError, RuntimeError, ValueError, KeyError) as exc:
        raise LoadError(f"corrupt {kind} ({exc.__class__.__name__}: {exc})") from None


def xml_text(package: ZipPackage, name: str, wanted: str) -> str | None:
    """The text of the first element named ``wanted`` ("namespace local") in XML member ``name``, spaces
    collapsed: a title in ``docProps/core.xml`` or ``meta.xml``."""
    parts: list[str] = []
    state = {"inside": False, "done": False}

    def start(element: str, _attrs: dict[str, str]) -> None:
        state["inside"] = element == wanted and not state["done"]

    def end(element: str) -> None:
        if state["inside"]:
            state["done"] = True
        state["inside"] = False

    def chars(data: str) -> None:
        if state["inside"] and len(parts) < 1000:
            parts.append(data)

    package.stream_xml(name, {"StartElementHandler": start, "EndElementHandler": end, "CharacterDataHandler": chars})
    return " ".join("".join(parts).split())[:1000] or None
