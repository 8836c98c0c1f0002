"""What is indexed: one record per source file (content hash, chunk ids, documents). The commit point of ingestion.

A file's identity (its key in ``files``) is the folder it was ingested from, resolved to an absolute path, joined
with its path inside that folder: ``/srv/talks/1969/silence.txt`` (in-memory collections use their name as the
root: ``beir:scifact/doc17``). Two folders holding the same relative paths therefore never replace or prune each
other, and ingesting a parent or a child folder names the same file the same way. What users see is the record's
``source``: the path relative to the folder ingested. Version 1 manifests (keyed by that relative path) are
migrated when loaded, chunk ids and vectors unchanged, so nothing is embedded again.
"""

from __future__ import annotations

import gc
import json
import posixpath
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import orjson

from rag_bot.index.durable import checksum, replace_atomically

MANIFEST_VERSION = 2
NAME = "manifest.json"
_HEAD = b'{"checksum":"'  # a saved manifest starts with its checksum: {"checksum":"<crc of the rest>",...
_BODY = len(_HEAD) + 8 + 2


class ManifestError(ValueError):
    """The file is not a readable manifest: ``str()`` says why in a few words; ``checked`` when it carries this
    index's checksum (then it is ours and damaged, not some other program's file)."""

    def __init__(self, reason: str, checked: bool) -> None:
        super().__init__(reason)
        self.checked = checked


def read_manifest(path: Path) -> dict[str, Any]:
    """The saved manifest at ``path`` as parsed JSON, its checksum verified (manifests saved before checksums
    existed are read as they are); :class:`ManifestError` when it is damaged or not a manifest at all."""
    data = path.read_bytes()
    checked = data.startswith(_HEAD)
    if checked and (data[_BODY - 2:_BODY] != b'",' or checksum(memoryview(data)[_BODY:]) !=
                    data[len(_HEAD):_BODY - 2].decode("ascii", "replace")):
        raise ManifestError("manifest.json fails its checksum", checked)
    try:
        parsed = json.loads(data)
    except ValueError:
        raise ManifestError("manifest.json is not valid JSON", checked) from None
    if not isinstance(parsed, dict) or not isinstance(parsed.get("files"), dict):
        raise ManifestError("manifest.json is not an index manifest", checked)
    return parsed


def has_checksum(path: Path) -> bool:
    """Whether the file at ``path`` starts as this index saves its manifests (read without parsing the rest)."""
    with open(path, "rb") as fh:
        return fh.read(len(_HEAD)) == _HEAD


def manifest_bytes(payload: dict[str, Any]) -> bytes:
    """``payload`` as saved: orjson's UTF-8 with the checksum of the rest as the first key."""
    body = orjson.dumps(payload)  # UTF-8 bytes, one write
    rest = body[1:]
    return _HEAD + checksum(rest).encode("ascii") + b'",' + rest


def file_key(root: str, path: str) -> str:
    """The identity of the file ``path`` (relative, POSIX) ingested from ``root`` (absolute, or a collection name)."""
    return posixpath.join(root, path) if root else path


@dataclass
class FileRecord:
    """One ingested source file."""

    content_hash: str
    chunk_ids: list[str]
    documents: list[dict[str, Any]] = field(default_factory=list)
    size: int = 0
    root: str = ""
    chunking: str = ""  # chunker version and budget the chunks were made with
    source: str = ""  # the path shown to users: relative to ``root``


class DocumentChunks(NamedTuple):
    """One committed document: its date and language (as its chunks carry them) and its chunk ids in order."""

    doc_id: str
    date: str | None
    language: str
    chunk_ids: tuple[str, ...]


def documents_of(chunk_ids: list[str], documents: list[dict[str, Any]]) -> list[DocumentChunks]:
    """A file's documents with their chunk ids: ``chunk_ids`` list the documents' chunks document after document,
    as many as each record of ``documents`` counts (a file whose counts do not add up gives none)."""
    counts = [int(d.get("chunks") or 0) for d in documents]
    if not documents or sum(counts) != len(chunk_ids):
        return []
    out, start = [], 0
    for doc, n in zip(documents, counts, strict=True):
        out.append(DocumentChunks(str(doc.get("doc_id")), doc.get("date") or None, str(doc.get("language") or ""),
                                  tuple(chunk_ids[start:start + n])))
        start += n
    return out


@contextmanager
def without_gc() -> Iterator[None]:
    """The cyclic garbage collector paused while a large manifest is parsed and indexed: each of its passes would
    walk every object parsed so far. Nothing built there forms a cycle."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_committed(path: Path) -> tuple[frozenset[str], dict[str, DocumentChunks]]:
    """What readers need of a saved manifest: every committed chunk id and each document's chunks, in one pass
    over the parsed file (no records built: on a large index this is what a reader's start-up waits for). Call
    it under :func:`without_gc`."""
    data = read_manifest(path)
    ids: set[str] = set()
    docs: dict[str, DocumentChunks] = {}
    try:
        for rec in data.get("files", {}).values():
            chunk_ids = rec.get("chunk_ids") or []
            ids.update(chunk_ids)
            for doc in documents_of(chunk_ids, rec.get("documents") or []):
                docs[doc.doc_id] = doc
    except (AttributeError, TypeError, ValueError):
        raise ManifestError("a record of manifest.json is not a file record", "checksum" in data) from None
    return frozenset(ids), docs


@dataclass
class Manifest:
    """All files in the index and the embedding model their vectors came from."""

    embedding_model: str | None = None
    files: dict[str, FileRecord] = field(default_factory=dict)

    def chunk_ids(self) -> set[str]:
        return {cid for rec in self.files.values() for cid in rec.chunk_ids}

    @classmethod
    def load(cls, path: Path) -> Manifest:
        if not path.exists():
            return cls()
        with without_gc():
            data = read_manifest(path)
            try:
                files = {key: FileRecord(**rec) for key, rec in data.get("files", {}).items()}
            except TypeError:
                raise ManifestError("a record of manifest.json is not a file record", "checksum" in data) from None
        if data.get("version", 1) < 2:
            files = migrate_v1(files)
        return cls(embedding_model=data.get("embedding_model"), files=files)

    def to_bytes(self) -> bytes:
        """The manifest as saved (orjson's UTF-8, its checksum first)."""
        payload = {
            "version": MANIFEST_VERSION,
            "embedding_model": self.embedding_model,
            "files": {src: vars(rec) for src, rec in sorted(self.files.items())},  # vars: no deep copy (asdict)
        }
        return manifest_bytes(payload)

    def save(self, path: Path, data: bytes | None = None) -> None:
        """Atomic write (a temporary file, fsync, then ``os.replace``) with a checksum (``data``: these bytes, made
        by :meth:`to_bytes`). Only the index writer calls it, through
        :func:`rag_bot.index.committed.save_manifest` (which writes the readers' map first)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(path, data if data is not None else self.to_bytes())


def migrate_v1(files: dict[str, FileRecord]) -> dict[str, FileRecord]:
    """Version 1 keyed files by their path relative to the folder ingested; key them by :func:`file_key`.

    Only the keys change: chunk ids, documents (their ``doc_id``) and the vectors stay as they are, so an
    unchanged file is skipped on the next run and nothing is embedded again.
    """
    migrated: dict[str, FileRecord] = {}
    for source, record in files.items():
        record.source = record.source or source
        migrated[file_key(record.root, source)] = record
    return migrated
