"""A Cloud Storage location (``gs://bucket/prefix``) as the shared index uses it: small objects read whole, objects
created only if absent, one object replaced only if it still is the version read (``if_generation_match``).

The real ``google-cloud-storage`` client is used; with ``STORAGE_EMULATOR_HOST`` set (a local emulator) it connects
anonymously. Every read is counted (``fetched_objects``, ``fetched_bytes``) and so is every write (``written_objects``,
``written_bytes``): what one poll or one publish costs.
"""

from __future__ import annotations

import os
import re
from typing import Any

from rag_bot.errors import ConfigurationError

REQUEST_TIMEOUT_S = 30  # one HTTP request
RETRY_FOR_S = 20.0  # default of Settings.index_bucket_retry_s: transient errors are retried this long, then raised
_LOCATION = re.compile(r"^gs://([a-z0-9][a-z0-9._-]{1,220}[a-z0-9])(?:/(.*))?$")


class BucketMissing(ConfigurationError):
    """The configured bucket does not exist or cannot be reached."""

    def __init__(self, location: str, reason: str) -> None:
        super().__init__(f"The index bucket {location} cannot be used ({reason}); create it or fix "
                         "RAG_BOT_INDEX_BUCKET.")


class Exists(Exception):
    """An object created only if absent is already there."""


class Conflict(Exception):
    """An object replaced only if unchanged has changed (another writer replaced it)."""


def split_location(location: str) -> tuple[str, str]:
    """``gs://bucket/some/prefix`` -> ("bucket", "some/prefix/"); ValueError when it is not such a location."""
    match = _LOCATION.match(location.strip())
    if not match:
        raise ValueError(f"{location!r} is not a gs://bucket/prefix location")
    prefix = (match.group(2) or "").strip("/")
    return match.group(1), f"{prefix}/" if prefix else ""


class Bucket:
    """Objects under one prefix of one bucket; names given to the methods are relative to the prefix. A request
    failing with a transient error (429, 5xx, a dropped or refused connection) is retried for ``retry_s`` seconds,
    then raised: bounded, so a poll does not hold a question for long."""

    def __init__(self, location: str, retry_s: float = RETRY_FOR_S) -> None:
        from google.api_core import exceptions
        from google.cloud import storage

        self.location = location
        self.name, self.prefix = split_location(location)
        self._errors = exceptions
        if os.environ.get("STORAGE_EMULATOR_HOST"):
            from google.auth.credentials import AnonymousCredentials

            client = storage.Client(project="rag-bot", credentials=AnonymousCredentials())
        else:
            client = storage.Client()
        self._bucket = client.bucket(self.name)
        from google.cloud.storage.retry import DEFAULT_RETRY

        self._retry = DEFAULT_RETRY.with_timeout(retry_s)
        self.fetched_objects = self.fetched_bytes = self.written_objects = self.written_bytes = 0

    def _blob(self, name: str) -> Any:
        return self._bucket.blob(self.prefix + name)

    def get(self, name: str) -> tuple[bytes, int] | None:
        """The object's bytes and generation, None when it does not exist."""
        blob = self._blob(name)
        try:
            data = blob.download_as_bytes(timeout=REQUEST_TIMEOUT_S, retry=self._retry)
        except self._errors.NotFound:
            return None
        except self._errors.Forbidden as exc:
            raise BucketMissing(self.location, "access denied") from exc
        self.fetched_objects += 1
        self.fetched_bytes += len(data)
        return data, int(blob.generation or 0)

    def create(self, name: str, data: bytes) -> int:
        """Create the object only if absent (:class:`Exists` otherwise); its generation."""
        return self._write(name, data, 0)

    def replace(self, name: str, data: bytes, generation: int) -> int:
        """Replace the object only if its generation still is ``generation`` (0: only if absent); :class:`Conflict`
        when it changed meanwhile (or when a retried request had in fact succeeded: callers that care read the
        object back). Its new generation."""
        try:
            return self._write(name, data, generation)
        except Exists:
            raise Conflict(name) from None

    def _write(self, name: str, data: bytes, generation: int) -> int:
        blob = self._blob(name)
        try:
            blob.upload_from_string(data, content_type="application/octet-stream", if_generation_match=generation,
                                    timeout=REQUEST_TIMEOUT_S, retry=self._retry)
        except self._errors.PreconditionFailed:
            raise Exists(name) from None
        except self._errors.NotFound as exc:
            raise BucketMissing(self.location, "no such bucket") from exc
        self.written_objects += 1
        self.written_bytes += len(data)
        return int(blob.generation or 0)

    def names(self, under: str = "") -> list[str]:
        """Names of the objects under ``under`` (relative to the prefix)."""
        start = len(self.prefix)
        return [blob.name[start:] for blob in self._bucket.client.list_blobs(self.name, prefix=self.prefix + under)]

    def delete(self, name: str) -> None:
        """Delete the object (gone already: nothing to do)."""
        try:
            self._blob(name).delete()
        except self._errors.NotFound:
            pass
