"""One way to replace a small index file durably (the manifest, the keyword index's ``CURRENT``, ``settled.json``)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path


def replace_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` as ``path``: readers see the old content or the new, never a part, and the new survives a
    crash once this returns (a temporary file ``.name.<hex>`` beside it, flushed and fsynced, then ``os.replace``)."""
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
