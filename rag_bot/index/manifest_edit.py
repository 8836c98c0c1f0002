"""The writer's manifest: file records read and saved one by one, not the whole manifest.

``manifest.json`` stays the commit record, byte for byte as :meth:`rag_bot.index.manifest.Manifest.to_bytes` writes it
(its records in key order, its checksum first). Its map (:mod:`rag_bot.index.committed`) also holds each record's key
(``rec_keys``, sorted) and where the record sits in the manifest (``rec_spans``). The index writer then:
- reads the manifest's bytes and verifies its checksum (a CRC over a few MB: milliseconds), but parses only the
  records it asks for (:class:`RecordFiles`, from their spans);
- saves by splicing the changed records into the bytes of the previous save (:func:`splice`: the kept records are
  copied as they are, not parsed or serialised again) and by updating the map's arrays with numpy from the previous
  map and the changed records (:func:`updated_arrays`), where a whole save built them from every record in Python.
A manifest without a map made from it (an older index, a shared index's copy) is parsed whole, as before; its first
save writes the spans.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from rag_bot.index.durable import checksum
from rag_bot.index.manifest import _BODY, _HEAD, MANIFEST_VERSION, DocumentChunks, FileRecord, documents_of


def record_bytes(key: str, record: FileRecord) -> bytes:
    """One record as the manifest holds it: ``"key":{...}`` (orjson's bytes, as in a whole dump)."""
    return orjson.dumps({key: vars(record)})[1:-1]


def head_bytes(embedding_model: str | None) -> bytes:
    """The manifest's body up to its first record: ``{"version":2,"embedding_model":...,"files":{``."""
    return orjson.dumps({"version": MANIFEST_VERSION, "embedding_model": embedding_model, "files": {}})[:-2]


def assemble(embedding_model: str | None, pieces: list[bytes]) -> tuple[bytes, np.ndarray]:
    """The saved manifest made of ``pieces`` (runs of whole records, comma-separated, in key order) and the offset
    in it where each piece starts."""
    head = head_bytes(embedding_model)
    rest = head[1:] + b",".join(pieces) + b"}}"
    data = _HEAD + checksum(rest).encode("ascii") + b'",' + rest
    starts = np.zeros(len(pieces), dtype=np.int64)
    if pieces:
        lengths = np.asarray([len(p) + 1 for p in pieces[:-1]], dtype=np.int64)
        np.cumsum(lengths, out=starts[1:])
    return data, starts + _BODY + len(head) - 1


def whole(files: MutableMapping[str, FileRecord], embedding_model: str | None) -> tuple[bytes, np.ndarray,
                                                                                       np.ndarray]:
    """Every record serialised: the manifest's bytes, its keys (sorted) and each record's span."""
    keys = sorted(files)
    pieces = [record_bytes(k, files[k]) for k in keys]
    data, starts = assemble(embedding_model, pieces)
    spans = np.stack([starts, starts + np.asarray([len(p) for p in pieces], dtype=np.int64)], axis=1) if pieces \
        else np.zeros((0, 2), dtype=np.int64)
    return data, _strings(keys), spans


def _strings(values: list[str]) -> np.ndarray:
    raw = [v.encode("utf-8") for v in values]
    return np.asarray(raw, dtype=f"S{max([1, *map(len, raw)])}")


class RecordFiles(MutableMapping[str, FileRecord]):
    """A manifest's records by key, parsed from its saved bytes one at a time; changes are kept aside
    (``changed``: key -> new record, None when removed) until a save folds them in (:meth:`rebase`)."""

    def __init__(self, data: bytes, keys: np.ndarray, spans: np.ndarray, arrays: dict[str, np.ndarray]) -> None:
        self.rebase(data, keys, spans, arrays)

    def rebase(self, data: bytes, keys: np.ndarray, spans: np.ndarray, arrays: dict[str, np.ndarray]) -> None:
        """Stand on a new save (its bytes, record keys and spans, and its map's arrays), with no change aside."""
        self.data, self.keys, self.spans, self.arrays = data, keys, spans, arrays
        self.changed: dict[str, FileRecord | None] = {}

    def base(self, key: str) -> FileRecord | None:
        """The record of ``key`` as saved (None: not in the saved manifest)."""
        raw = key.encode("utf-8")
        if not len(self.keys) or len(raw) > self.keys.dtype.itemsize:
            return None
        i = int(np.searchsorted(self.keys, raw))
        if i >= len(self.keys) or self.keys[i] != raw:
            return None
        start, end = (int(x) for x in self.spans[i])
        return FileRecord(**orjson.loads(b"{" + self.data[start:end] + b"}")[key])

    def __getitem__(self, key: str) -> FileRecord:
        if key in self.changed:
            record = self.changed[key]
        else:
            record = self.base(key)
        if record is None:
            raise KeyError(key)
        return record

    def __setitem__(self, key: str, record: FileRecord) -> None:
        self.changed[key] = record

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self.changed[key] = None

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        if key in self.changed:
            return self.changed[key] is not None
        return self.base(key) is not None

    def __iter__(self) -> Iterator[str]:
        for raw in self.keys.tolist():
            key = raw.decode("utf-8")
            if self.changed.get(key, True) is not None:
                yield key
        saved = set(self.keys.tolist())
        yield from (k for k, r in self.changed.items() if r is not None and k.encode("utf-8") not in saved)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def copy(self) -> RecordFiles:
        other = RecordFiles(self.data, self.keys, self.spans, self.arrays)
        other.changed = dict(self.changed)
        return other

    def chunk_count(self) -> int:
        """Committed chunks as saved (the map's sorted ids: nothing parsed)."""
        return len(self.arrays["ids_sorted"])


def splice(files: RecordFiles, embedding_model: str | None) -> tuple[bytes, np.ndarray, np.ndarray]:
    """The manifest with ``files``' changes folded in: the saved bytes of the unchanged records are copied in runs;
    returns the bytes, the keys (sorted) and each record's span."""
    keys, spans, data = files.keys, files.spans, files.data
    n = len(keys)
    runs: list[tuple[int, int] | tuple[str, bytes]] = []
    cursor = 0
    for key in sorted(files.changed):
        raw = key.encode("utf-8")
        i = int(np.searchsorted(keys, raw)) if n and len(raw) <= keys.dtype.itemsize else \
            int(np.searchsorted(keys.astype(f"S{len(raw)}"), raw)) if n else 0
        present = i < n and keys[i] == raw
        if i > cursor:
            runs.append((cursor, i))
        record = files.changed[key]
        if record is not None:
            runs.append((key, record_bytes(key, record)))
        cursor = i + 1 if present else i
    if cursor < n:
        runs.append((cursor, n))
    pieces = [data[int(spans[r[0], 0]):int(spans[r[1] - 1, 1])] if isinstance(r[0], int) else r[1]  # type: ignore
              for r in runs]
    new, starts = assemble(embedding_model, pieces)
    out_keys: list[np.ndarray] = []
    out_spans: list[np.ndarray] = []
    for run, start in zip(runs, starts.tolist(), strict=True):
        if isinstance(run[0], int):
            lo, hi = run[0], int(run[1])  # type: ignore[arg-type]
            out_keys.append(keys[lo:hi])
            out_spans.append(spans[lo:hi] + (start - int(spans[lo, 0])))
        else:
            out_keys.append(_strings([str(run[0])]))
            out_spans.append(np.asarray([[start, start + len(run[1])]], dtype=np.int64))  # type: ignore[arg-type]
    if not out_keys:
        return new, np.zeros(0, dtype="S1"), np.zeros((0, 2), dtype=np.int64)
    width = max(k.dtype.itemsize for k in out_keys)
    return new, np.concatenate([k.astype(f"S{width}") for k in out_keys]), np.concatenate(out_spans)


class NotIncremental(Exception):
    """The change cannot be folded into the previous map (a document id in two files): build the map whole."""


def updated_arrays(files: RecordFiles) -> dict[str, np.ndarray]:
    """The map's arrays (as :func:`rag_bot.index.committed.write_map` builds them from every record) made from the
    previous map's arrays and the changed records only."""
    a = files.arrays
    if len(a["doc_chunks"]) != len(a["ids_sorted"]):  # some chunk in no document, or a document id in two files:
        raise NotIncremental("the map is not complete")  # which file's document the map holds needs every record
    old_docs: list[DocumentChunks] = []
    old_ids: list[str] = []
    new_docs: list[DocumentChunks] = []
    new_ids: list[str] = []
    for key, record in files.changed.items():
        before = files.base(key)
        if before is not None:
            old_ids.extend(before.chunk_ids)
            old_docs.extend(documents_of(before.chunk_ids, before.documents))
        if record is not None:
            new_ids.extend(record.chunk_ids)
            new_docs.extend(documents_of(record.chunk_ids, record.documents))
    ids = _without(np.asarray(a["ids_sorted"]), old_ids)
    ids = _with(ids, new_ids)
    doc_ids, dates, langs = (np.asarray(a[k]) for k in ("doc_ids", "doc_dates", "doc_langs"))
    starts, chunks = np.asarray(a["doc_starts"]), np.asarray(a["doc_chunks"])
    counts = np.diff(starts)
    keep = np.ones(len(doc_ids), dtype=bool)
    if old_docs:
        order = np.asarray(a["doc_by_id"])
        for doc in old_docs:  # each must be the row the map holds for it (a document id in two files is not)
            raw = doc.doc_id.encode("utf-8")
            i = int(np.searchsorted(doc_ids, raw, sorter=order)) if len(raw) <= doc_ids.dtype.itemsize else \
                len(order)
            if i >= len(order) or doc_ids[order[i]] != raw:
                raise NotIncremental(doc.doc_id)
            row = int(order[i])
            if tuple(b.decode("utf-8") for b in chunks[starts[row]:starts[row + 1]].tolist()) != doc.chunk_ids:
                raise NotIncremental(doc.doc_id)
            keep[row] = False
    kept_ids = doc_ids[keep]
    fresh_ids = _strings([d.doc_id for d in new_docs]) if new_docs else np.zeros(0, dtype="S1")
    if len(fresh_ids) and (len(np.unique(fresh_ids)) < len(fresh_ids) or
                           np.isin(fresh_ids, kept_ids.astype(f"S{max(1, fresh_ids.dtype.itemsize)}")).any()):
        raise NotIncremental("a document id in two files")
    all_ids = _concat(kept_ids, fresh_ids)
    all_dates = _concat(dates[keep], _strings([d.date or "" for d in new_docs]) if new_docs else None)
    all_langs = _concat(langs[keep], _strings([d.language for d in new_docs]) if new_docs else None)
    all_counts = np.concatenate([counts[keep], np.asarray([len(d.chunk_ids) for d in new_docs], dtype=np.int64)])
    all_chunks = _concat(chunks[np.repeat(keep, counts)],
                         _strings([c for d in new_docs for c in d.chunk_ids]) if new_docs else None)
    order = np.lexsort((all_ids, all_dates)) if len(all_ids) else np.zeros(0, dtype=np.int64)
    first = np.zeros(len(all_counts) + 1, dtype=np.int64)
    np.cumsum(all_counts, out=first[1:])
    new_starts = np.zeros(len(order) + 1, dtype=np.int64)
    np.cumsum(all_counts[order], out=new_starts[1:])
    gather = np.repeat(first[:-1][order] - new_starts[:-1], all_counts[order]) + np.arange(new_starts[-1])
    doc_ids_out = all_ids[order]
    return {
        "ids_sorted": ids,
        "doc_ids": doc_ids_out,
        "doc_by_id": np.argsort(doc_ids_out, kind="stable").astype(np.int64),
        "doc_dates": all_dates[order],
        "doc_langs": all_langs[order],
        "doc_starts": new_starts,
        "doc_chunks": all_chunks[gather] if len(gather) else np.zeros(0, dtype="S1"),
    }


def _concat(a: np.ndarray, b: np.ndarray | None) -> np.ndarray:
    if b is None or not len(b):
        return a
    if not len(a):
        return b
    width = max(a.dtype.itemsize, b.dtype.itemsize)
    return np.concatenate([a.astype(f"S{width}"), b.astype(f"S{width}")])


def _without(ids: np.ndarray, gone: list[str]) -> np.ndarray:
    """``ids`` (sorted) without ``gone``."""
    if not gone or not len(ids):
        return ids
    keys = _strings(gone)
    keys = keys[np.char.str_len(keys) <= ids.dtype.itemsize].astype(ids.dtype)
    pos = np.minimum(np.searchsorted(ids, keys), len(ids) - 1)
    keep = np.ones(len(ids), dtype=bool)
    keep[pos[ids[pos] == keys]] = False
    return ids[keep]


def _with(ids: np.ndarray, new: list[str]) -> np.ndarray:
    """``ids`` (sorted, unique) with ``new`` inserted in order (ids already there are not repeated)."""
    if not new:
        return ids
    keys = np.unique(_strings(new))
    width = max(ids.dtype.itemsize if len(ids) else 1, keys.dtype.itemsize)
    ids, keys = ids.astype(f"S{width}"), keys.astype(f"S{width}")
    if len(ids):
        pos = np.searchsorted(ids, keys)
        there = (pos < len(ids)) & (ids[np.minimum(pos, len(ids) - 1)] == keys)
        keys, pos = keys[~there], pos[~there]
        return np.insert(ids, pos, keys)
    return keys


def read_for_writing(path: Path, map_arrays: Any) -> RecordFiles | None:
    """The records of the saved manifest at ``path`` for the writer, when its map (``map_arrays``: a
    :class:`rag_bot.index.mapped.MappedFile` made from this manifest, or None) holds the records' spans and the
    manifest's bytes pass their checksum; None otherwise (then parse it whole)."""
    if map_arrays is None or "rec_keys" not in map_arrays.names():
        return None
    data = path.read_bytes()
    if not data.startswith(_HEAD) or data[_BODY - 2:_BODY] != b'",' or \
            checksum(memoryview(data)[_BODY:]) != data[len(_HEAD):_BODY - 2].decode("ascii", "replace"):
        return None
    arrays = {name: np.asarray(map_arrays.array(name)) for name in map_arrays.names()}
    return RecordFiles(data, arrays.pop("rec_keys"), arrays.pop("rec_spans"), arrays)
