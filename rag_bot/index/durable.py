"""One way to write an index file durably, and the checksums that let a reader tell a damaged file from a good one.

Every small file (the manifest, the keyword index's ``CURRENT``, ``settled.json``) is replaced through
:func:`replace_atomically`; its temporary file is named ``.<name>.<8 hex digits>`` (:func:`is_temporary`), so the
next writer can remove leftovers of a crash without touching anything the index did not write.
"""

from __future__ import annotations

import os
import re
import uuid
import zlib
from pathlib import Path

_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.[0-9a-f]{8}$")


def checksum(data: bytes | memoryview) -> str:
    """CRC-32 of ``data`` as 8 hex digits (detects truncation and garbling; not a defence against forgery)."""
    return f"{zlib.crc32(data) & 0xFFFFFFFF:08x}"


def is_temporary(file_name: str, of: str) -> bool:
    """Whether ``file_name`` is a temporary file :func:`replace_atomically` makes for the file named ``of``."""
    match = _TEMPORARY.match(file_name)
    return match is not None and match.group("name") == of


def write_new(path: Path, data: bytes) -> None:
    """Create ``path`` with ``data``, flushed and fsynced; a failed write (a full disk) leaves no partial file."""
    try:
        with open(path, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def replace_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` as ``path``: readers see the old content or the new, never a part, and the new survives a
    crash once this returns (a temporary file ``.name.<hex>`` beside it, flushed and fsynced, then ``os.replace``)."""
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}")
    write_new(tmp, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
