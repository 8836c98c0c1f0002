"""What readers need of the saved manifest, memory-mapped: the committed chunk ids and each document's chunks.

The manifest (``manifest.json``) is the commit record, parsed whole only by the writer. Every save also writes
``manifest.map`` beside it, first (:func:`write_map`): the committed chunk ids sorted, and the documents by date with
their chunk ids in order, as arrays in a :mod:`rag_bot.index.mapped` file that names the checksum of the manifest it
was made from. A reader opens it in constant time and looks ids and documents up by binary search; when the map is
missing or was made from another manifest (an index saved before maps existed, a shared index's copy, a save
interrupted between the two files) the reader parses the manifest as before (:class:`ParsedCommitted`).
"""

from __future__ import annotations

import bisect
import os
import uuid
from collections.abc import Iterator, Mapping, Sequence, Set
from pathlib import Path
from typing import Protocol, overload

import numpy as np
import orjson

from rag_bot.index import mapped
from rag_bot.index.manifest import (
    _HEAD,
    DocumentChunks,
    FileRecord,
    Manifest,
    documents_of,
    read_committed,
    without_gc,
)
from rag_bot.index.manifest_edit import (
    NotIncremental,
    RecordFiles,
    read_for_writing,
    splice,
    updated_arrays,
    whole,
)
from rag_bot.index.mapped import MappedFile

MAP = "manifest.map"
MAGIC = b"RBMANMAP"


class MapDamaged(ValueError):
    """The manifest map fails a checksum (readers then parse the manifest instead)."""


def _strings(values: Sequence[str]) -> np.ndarray:
    raw = [v.encode("utf-8") for v in values]
    return np.asarray(raw, dtype=f"S{max([1, *map(len, raw)])}")


def manifest_checksum(path: Path) -> str | None:
    """The checksum a saved manifest starts with (read without parsing the rest); None without one."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(_HEAD) + 8)
    except FileNotFoundError:
        return None
    return head[len(_HEAD):].decode("ascii", "replace") if head.startswith(_HEAD) else None


def write_map(path: Path, files: Mapping[str, FileRecord], embedding_model: str | None, manifest_crc: str,
              manifest_size: int, records: tuple[np.ndarray, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Write the map of ``files`` (the manifest of ``manifest_size`` bytes whose checksum is ``manifest_crc``) at
    ``path``, atomically; ``records``: the records' keys (sorted) and spans in that manifest, for the writer
    (:mod:`rag_bot.index.manifest_edit`). Returns the arrays written (without the records')."""
    ids: list[str] = []
    docs: dict[str, DocumentChunks] = {}
    for _key, rec in sorted(files.items()):  # the order the manifest is saved and parsed in: a later file wins
        ids.extend(rec.chunk_ids)
        for doc in documents_of(rec.chunk_ids, rec.documents):
            docs[doc.doc_id] = doc
    ordered = sorted(docs.values(), key=lambda d: (d.date or "", d.doc_id))
    complete = sum(len(d.chunk_ids) for d in ordered) == len(set(ids))
    starts = np.zeros(len(ordered) + 1, dtype=np.int64)
    np.cumsum([len(d.chunk_ids) for d in ordered], out=starts[1:])
    doc_ids = _strings([d.doc_id for d in ordered])
    arrays = {
        "ids_sorted": np.unique(_strings(ids)) if ids else np.zeros(0, dtype="S1"),
        "doc_ids": doc_ids,
        "doc_by_id": np.argsort(doc_ids, kind="stable").astype(np.int64),
        "doc_dates": _strings([d.date or "" for d in ordered]),
        "doc_langs": _strings([d.language for d in ordered]),
        "doc_starts": starts,
        "doc_chunks": _strings([c for d in ordered for c in d.chunk_ids]),
    }
    write_arrays(path, arrays, records, {"manifest": manifest_crc, "manifest_size": manifest_size,
                                         "embedding_model": embedding_model, "complete": complete})
    return arrays


def write_arrays(path: Path, arrays: Mapping[str, np.ndarray], records: tuple[np.ndarray, np.ndarray] | None,
                 meta: dict) -> None:
    """Write a map of ``arrays`` (and the records' keys and spans, when given) with ``meta``, atomically."""
    out = dict(arrays)
    if records is not None:
        out["rec_keys"], out["rec_spans"] = records
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}")
    try:
        mapped.write(tmp, MAGIC, out, meta)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def save_manifest(manifest: Manifest, path: Path) -> None:
    """Save ``manifest`` at ``path`` with its readers' map, the map first: until the manifest is replaced the map
    names another manifest and is not used. The writer's manifest (:class:`RecordFiles`) is saved by splicing its
    changed records into the previous save and updating the previous map (:mod:`rag_bot.index.manifest_edit`);
    otherwise every record is serialised. Either way ``manifest.files`` then stands on this save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    files = manifest.files
    model = manifest.embedding_model
    arrays = None
    if isinstance(files, RecordFiles):
        try:
            arrays = updated_arrays(files)
            data, keys, spans = splice(files, model)
        except NotIncremental:
            arrays = None
    if arrays is None:
        data, keys, spans = whole(files, model)
        arrays = write_map(path.with_name(MAP), files, model, data[len(_HEAD):len(_HEAD) + 8].decode("ascii"),
                           len(data), (keys, spans))
    else:
        write_arrays(path.with_name(MAP), arrays, (keys, spans),
                     {"manifest": data[len(_HEAD):len(_HEAD) + 8].decode("ascii"), "manifest_size": len(data),
                      "embedding_model": model, "complete": len(arrays["doc_chunks"]) == len(arrays["ids_sorted"])})
    manifest.save(path, data)
    if isinstance(files, RecordFiles):
        files.rebase(data, keys, spans, arrays)
    else:
        manifest.files = RecordFiles(data, keys, spans, arrays)  # type: ignore[assignment]


def open_for_writing(path: Path) -> Manifest:
    """The saved manifest for the index writer: its records read one by one when its map holds their spans (see
    :mod:`rag_bot.index.manifest_edit`), else parsed whole; :class:`ManifestError` when damaged."""
    if path.exists():
        try:
            file = MappedFile(path.with_name(MAP), MAGIC, MapDamaged, MAP)
            made_from = (file.meta.get("manifest"), file.meta.get("manifest_size"))
            if made_from == (manifest_checksum(path), path.stat().st_size):
                files = read_for_writing(path, file)
                if files is not None:
                    return Manifest(embedding_model=file.meta.get("embedding_model"), files=files)  # type: ignore
        except (FileNotFoundError, MapDamaged):
            pass
    return Manifest.load(path)


def write_map_of(path: Path, manifest: bytes) -> None:
    """Write at ``path`` the map of the saved manifest ``manifest`` (bytes as saved, e.g. a shared index's copy,
    installed next); nothing when it carries no checksum or is not readable (readers then parse it, and say why)."""
    if not manifest.startswith(_HEAD):
        return
    try:
        with without_gc():
            data = orjson.loads(manifest)
            files = {key: FileRecord(**rec) for key, rec in data["files"].items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return
    write_map(path, files, data.get("embedding_model"), manifest[len(_HEAD):len(_HEAD) + 8].decode("ascii"),
              len(manifest))


class Committed(Protocol):
    """The readers' view of a saved manifest."""

    ids: Set[str]
    embedding_model: str | None

    def chunks_of(self, doc_id: str) -> tuple[str, ...] | None: ...

    def documents(self, first: str | None = None, last: str | None = None) -> Sequence[DocumentChunks] | None: ...


class ParsedCommitted:
    """The view made by parsing the manifest (O(corpus): the way when there is no valid map)."""

    def __init__(self, manifest_path: Path) -> None:
        ids, docs = read_committed(manifest_path)
        ordered = sorted(docs.values(), key=lambda d: (d.date or "", d.doc_id))
        self.ids: Set[str] = ids
        self._docs = docs
        self._ordered = ordered if sum(len(d.chunk_ids) for d in ordered) == len(ids) else None
        self.embedding_model = None

    def chunks_of(self, doc_id: str) -> tuple[str, ...] | None:
        doc = self._docs.get(doc_id)
        return None if doc is None else doc.chunk_ids

    def documents(self, first: str | None = None, last: str | None = None) -> Sequence[DocumentChunks] | None:
        if self._ordered is None or (first is None and last is None):
            return self._ordered
        dates = [d.date or "" for d in self._ordered]
        lo = bisect.bisect_left(dates, first) if first else 0
        hi = bisect.bisect_right(dates, last) if last else len(dates)
        return self._ordered[lo:hi]


class SortedIds(Set[str]):
    """Chunk ids as a set over a mapped sorted array: membership by binary search."""

    def __init__(self, arr: np.ndarray) -> None:
        self._arr = arr

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, str) or not len(self._arr):
            return False
        key = item.encode("utf-8")
        if len(key) > self._arr.dtype.itemsize:
            return False
        i = int(np.searchsorted(self._arr, key))
        return i < len(self._arr) and self._arr[i] == key

    def __len__(self) -> int:
        return len(self._arr)

    def __iter__(self) -> Iterator[str]:
        return (b.decode("utf-8") for b in self._arr.tolist())


class _Documents(Sequence[DocumentChunks]):
    """The documents by date, read from the map one at a time."""

    def __init__(self, view: MappedCommitted, start: int, stop: int) -> None:
        self._view, self._start, self._len = view, start, max(0, stop - start)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> DocumentChunks: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[DocumentChunks]: ...

    def __getitem__(self, i: int | slice) -> DocumentChunks | Sequence[DocumentChunks]:
        if isinstance(i, slice):
            return [self._view.document(j) for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return self._view.document(self._start + i % len(self))


class MappedCommitted:
    """The view read from ``manifest.map``: nothing is parsed at open; arrays are verified when first read."""

    def __init__(self, file: MappedFile) -> None:
        self._file = file
        self.embedding_model: str | None = file.meta.get("embedding_model")
        self._complete = bool(file.meta.get("complete"))
        self.document_count = int(file._layout["doc_ids"][1][0])
        self._ids: SortedIds | None = None

    @property
    def ids(self) -> Set[str]:  # type: ignore[override]
        if self._ids is None:
            self._ids = SortedIds(self._file.array("ids_sorted"))
        return self._ids

    def document(self, i: int) -> DocumentChunks:
        f = self._file
        lo, hi = (int(x) for x in f.rows("doc_starts", i, i + 2))
        date = bytes(f.rows("doc_dates", i, i + 1)[0]).decode("utf-8") or None
        return DocumentChunks(bytes(f.rows("doc_ids", i, i + 1)[0]).decode("utf-8"), date,
                              bytes(f.rows("doc_langs", i, i + 1)[0]).decode("utf-8"),
                              tuple(b.decode("utf-8") for b in f.rows("doc_chunks", lo, hi).tolist()))

    def chunks_of(self, doc_id: str) -> tuple[str, ...] | None:
        doc_ids = self._file.array("doc_ids")
        key = doc_id.encode("utf-8")
        if not len(doc_ids) or len(key) > doc_ids.dtype.itemsize:
            return None
        order = self._file.array("doc_by_id")
        i = int(np.searchsorted(doc_ids, key, sorter=order))
        if i >= len(order) or doc_ids[order[i]] != key:
            return None
        return self.document(int(order[i])).chunk_ids

    def documents(self, first: str | None = None, last: str | None = None) -> Sequence[DocumentChunks] | None:
        if not self._complete:
            return None
        if first is None and last is None:
            return _Documents(self, 0, self.document_count)
        dates = self._file.array("doc_dates")
        lo = int(np.searchsorted(dates, first.encode("utf-8"), side="left")) if first else 0
        hi = int(np.searchsorted(dates, last.encode("utf-8"), side="right")) if last else self.document_count
        return _Documents(self, lo, hi)


def open_committed(manifest_path: Path) -> Committed:
    """The readers' view of the manifest at ``manifest_path``: its map when it was made from this manifest, else
    the manifest parsed (:class:`rag_bot.index.manifest.ManifestError` when that is damaged)."""
    view = open_map(manifest_path)
    return view if view is not None else ParsedCommitted(manifest_path)


def open_map(manifest_path: Path) -> MappedCommitted | None:
    """The map of the manifest at ``manifest_path``, None when there is none made from it (or it is damaged). The
    manifest's checksum and size are compared (a truncated manifest is then parsed, and reported damaged); its
    body is not read."""
    crc = manifest_checksum(manifest_path)
    if crc is None:
        return None
    try:
        file = MappedFile(manifest_path.with_name(MAP), MAGIC, MapDamaged, MAP)
        size = manifest_path.stat().st_size
    except (FileNotFoundError, MapDamaged):
        return None
    made_from = (file.meta.get("manifest"), file.meta.get("manifest_size"))
    return MappedCommitted(file) if made_from == (crc, size) else None

