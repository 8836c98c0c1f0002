"""Uploaded documents kept in the shared index's bucket, by content hash, with their names claimed there.

- ``uploads/content/<sha256>``: the bytes, created only if absent (the same document sent twice, to any instance, is
  stored once);
- ``uploads/names/<name>``: which content a name holds (its sha256), created only if absent: the first document
  sent under a name claims it; another document under that name gets "stem (2).suffix", and so on, as in the
  local upload folder, with no hard link or inode involved.

Uploads are ingested from these bytes under the root ``<index_bucket>/uploads`` (:func:`uploads_root`), so a file's
identity in the manifest is the same on every instance and the same document sent again is reported unchanged.
"""

from __future__ import annotations

import hashlib

from rag_bot.index.bucket import Bucket, Exists

CONTENT = "uploads/content/"
NAMES = "uploads/names/"
MAX_COPIES = 1000


def uploads_root(location: str) -> str:
    """The root uploads are ingested under: the bucket location they are kept in."""
    return f"{location.rstrip('/')}/uploads"


def claim_upload(bucket: Bucket, name: str, data: bytes) -> str:
    """Store ``data`` and claim a name for it: ``name``, or "stem (2).suffix", ... when that name holds another
    document; the same content under a name it already holds keeps that name."""
    digest = hashlib.sha256(data).hexdigest()
    try:
        bucket.create(CONTENT + digest, data)
    except Exists:
        pass  # the same bytes, stored before
    stem, _, suffix = name.rpartition(".")
    for copy in range(1, MAX_COPIES + 1):
        candidate = name if copy == 1 else f"{stem} ({copy}).{suffix}"
        try:
            bucket.create(NAMES + candidate, digest.encode("ascii"))
            return candidate
        except Exists:
            held = bucket.get(NAMES + candidate)
            if held is not None and held[0].decode("ascii", "replace") == digest:
                return candidate
    raise ValueError(f"more than {MAX_COPIES} different documents are named {name}")
