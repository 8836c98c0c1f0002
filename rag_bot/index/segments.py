"""Immutable keyword segments: the postings, lengths and filter fields of a set of chunks, memory-mapped.

A segment is one file, written once and never changed (one fsync per segment): the sorted vocabulary,
``ids`` (chunk ids, UTF-8, fixed width), ``ids_sorted`` + ``ids_rows`` (the ids sorted, and the row each sorted id
sits in: locating a chunk is a binary search, not a scan), ``date_int``, ``language``, ``lengths`` (tokens per
chunk) and the postings by term in CSR form: ``indptr`` (term -> slice), ``docs`` (rows) and ``tf`` (term
frequency). Rows deleted later are recorded outside the segment (see :mod:`rag_bot.index.keywords`). Raw term
frequencies, not precomputed scores, are kept so that BM25 is scored with the statistics of the whole index at
query time: a new segment changes no other.

Each segment carries checksums (CRC-32) of its header and of every array, verified once when a process maps it
(:func:`load`): a truncated or garbled segment is reported (:class:`SegmentDamaged`), never served.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rag_bot.index.durable import checksum

MAX_TF = np.iinfo(np.uint16).max
MAGIC = b"RBKWSEG2"  # with checksums
MAGIC_V1 = b"RBKWSEG1"  # before checksums: still read, not verified
_ARRAYS = ("ids", "ids_sorted", "ids_rows", "date_int", "language", "lengths", "indptr", "docs", "tf")


@dataclass
class SegmentArrays:
    """Everything a segment holds, in memory (built, merged, or loaded memory-mapped)."""

    ids: np.ndarray  # S<n>, row order
    ids_sorted: np.ndarray  # S<n>, sorted
    ids_rows: np.ndarray  # int32: row of each sorted id
    date_int: np.ndarray  # int32
    language: np.ndarray  # S8
    lengths: np.ndarray  # int32
    terms: list[str]
    indptr: np.ndarray  # int64, len(terms) + 1
    docs: np.ndarray  # int32 rows, grouped by term
    tf: np.ndarray  # uint16

    @property
    def rows(self) -> int:
        return len(self.ids)


def _encode(values: Sequence[str], min_width: int = 1) -> np.ndarray:
    raw = [v.encode("utf-8") for v in values]
    width = max([min_width, *map(len, raw)])
    return np.asarray(raw, dtype=f"S{width}")


def _with_sorted_ids(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    order = np.argsort(ids, kind="stable").astype(np.int32)
    return ids[order], order


def build(ids: Sequence[str], token_lists: Sequence[Sequence[str]], date_ints: Sequence[int],
          languages: Sequence[str]) -> SegmentArrays:
    """A segment of the given chunks (rows in this order)."""
    n = len(ids)
    vocab: dict[str, int] = {}
    lookup = vocab.setdefault
    flat = [lookup(t, len(vocab)) for toks in token_lists for t in toks]
    lengths = np.fromiter((len(toks) for toks in token_lists), dtype=np.int32, count=n)
    terms_flat = np.asarray(flat, dtype=np.int64)
    rows_flat = np.repeat(np.arange(n, dtype=np.int64), lengths)
    return _from_postings(
        ids=_encode(ids), date_int=np.asarray(date_ints, dtype=np.int32), language=_encode(languages, 8),
        lengths=lengths, terms=list(vocab), term_of=terms_flat, row_of=rows_flat,
        tf_of=np.ones(len(flat), dtype=np.int64),
    )


def _from_postings(ids: np.ndarray, date_int: np.ndarray, language: np.ndarray, lengths: np.ndarray,
                   terms: list[str], term_of: np.ndarray, row_of: np.ndarray, tf_of: np.ndarray) -> SegmentArrays:
    """Sum (term, row, tf) triples into CSR postings; terms are renumbered in sorted order (a stable layout)."""
    n, n_terms = len(ids), len(terms)
    order = np.argsort(np.asarray(terms, dtype=object), kind="stable") if terms else np.zeros(0, dtype=np.int64)
    rank = np.empty(n_terms, dtype=np.int64)
    rank[order] = np.arange(n_terms)
    key = rank[term_of] * max(n, 1) + row_of
    uniq, first = np.unique(key, return_index=True)
    if len(uniq) == len(key):
        counts = tf_of[first]
    else:
        inverse = np.searchsorted(uniq, key)
        counts = np.bincount(inverse, weights=tf_of, minlength=len(uniq)).astype(np.int64)
    term_sorted = uniq // max(n, 1)
    indptr = np.zeros(n_terms + 1, dtype=np.int64)
    np.cumsum(np.bincount(term_sorted, minlength=n_terms), out=indptr[1:])
    ids_sorted, ids_rows = _with_sorted_ids(ids)
    return SegmentArrays(
        ids=ids, ids_sorted=ids_sorted, ids_rows=ids_rows, date_int=date_int, language=language, lengths=lengths,
        terms=[terms[i] for i in order], indptr=indptr, docs=(uniq % max(n, 1)).astype(np.int32),
        tf=np.minimum(counts, MAX_TF).astype(np.uint16),
    )


def merge(parts: Sequence[tuple[SegmentArrays, np.ndarray | None]]) -> SegmentArrays:
    """One segment of the live rows of ``parts`` ((segment, alive mask or None = all alive)), in order."""
    vocab: dict[str, int] = {}
    ids, dates, langs, lengths, term_of, row_of, tf_of = [], [], [], [], [], [], []
    offset = 0
    for seg, alive in parts:
        keep = np.ones(seg.rows, dtype=bool) if alive is None else np.asarray(alive, dtype=bool)
        new_row = np.full(seg.rows, -1, dtype=np.int64)
        new_row[keep] = offset + np.arange(int(keep.sum()))
        offset += int(keep.sum())
        term_map = np.fromiter((vocab.setdefault(t, len(vocab)) for t in seg.terms), dtype=np.int64,
                               count=len(seg.terms))
        per_posting_term = np.repeat(term_map, np.diff(np.asarray(seg.indptr)))
        rows = new_row[np.asarray(seg.docs)]
        live = rows >= 0
        term_of.append(per_posting_term[live])
        row_of.append(rows[live])
        tf_of.append(np.asarray(seg.tf)[live].astype(np.int64))
        ids.append(np.asarray(seg.ids)[keep])
        dates.append(np.asarray(seg.date_int)[keep])
        langs.append(np.asarray(seg.language)[keep])
        lengths.append(np.asarray(seg.lengths)[keep])
    width = max([1, *(a.dtype.itemsize for a in ids)])
    return _from_postings(
        ids=np.concatenate(ids).astype(f"S{width}") if ids else np.zeros(0, dtype="S1"),
        date_int=np.concatenate(dates).astype(np.int32), language=np.concatenate(langs).astype("S8"),
        lengths=np.concatenate(lengths).astype(np.int32), terms=list(vocab),
        term_of=np.concatenate(term_of), row_of=np.concatenate(row_of), tf_of=np.concatenate(tf_of),
    )


def write(arrays: SegmentArrays, path: Path) -> None:
    """Write a segment file (the caller renames it into place): one file, one fsync.

    Layout: ``MAGIC``, the header's length (8 bytes, little endian), the header's checksum (8 hex digits), a JSON
    header (the vocabulary and, per array, dtype, shape, offset and checksum), then the arrays, each aligned to 64
    bytes so that it can be memory-mapped."""
    header: dict = {"terms": arrays.terms, "arrays": {}}
    offset = 0
    for name in _ARRAYS:
        arr = np.ascontiguousarray(getattr(arrays, name))
        header["arrays"][name] = [arr.dtype.str, list(arr.shape), offset, checksum(arr.tobytes())]
        offset += -(-arr.nbytes // 64) * 64
    header["size"] = offset
    blob = json.dumps(header, ensure_ascii=False).encode("utf-8")
    start = -(-(len(MAGIC) + 16 + len(blob)) // 64) * 64
    with open(path, "wb") as fh:
        fh.write(MAGIC + len(blob).to_bytes(8, "little") + checksum(blob).encode("ascii") + blob)
        for name in _ARRAYS:
            arr = np.ascontiguousarray(getattr(arrays, name))
            fh.seek(start + header["arrays"][name][2])
            fh.write(arr.tobytes())
        fh.truncate(start + offset)
        fh.flush()
        os.fsync(fh.fileno())


class SegmentDamaged(ValueError):
    """A segment file is truncated, garbled or not a segment (``str()``: what is wrong, in a few words)."""


def load(path: Path, verify: bool = True) -> SegmentArrays:
    """A segment, memory-mapped (pages are read on first use; all readers share them). With ``verify`` (readers,
    once per segment and process) every checksum is checked first: :class:`SegmentDamaged` when one fails."""
    with open(path, "rb") as fh:
        magic = fh.read(len(MAGIC))
        if magic not in (MAGIC, MAGIC_V1):
            raise SegmentDamaged(f"keyword segment {path.name} does not start like a segment")
        size = int.from_bytes(fh.read(8), "little")
        stored = fh.read(8).decode("ascii", "replace") if magic == MAGIC else None
        blob = fh.read(size) if size < 1 << 34 else b""
        total = os.fstat(fh.fileno()).st_size
    if stored is not None and (len(blob) != size or checksum(blob) != stored):
        raise SegmentDamaged(f"the header of keyword segment {path.name} fails its checksum")
    try:
        header = json.loads(blob.decode("utf-8"))
    except ValueError:
        raise SegmentDamaged(f"the header of keyword segment {path.name} is not readable") from None
    start = -(-(len(magic) + (16 if stored is not None else 8) + size) // 64) * 64
    if stored is not None and start + int(header.get("size", 0)) != total:
        raise SegmentDamaged(f"keyword segment {path.name} has {total} bytes, not {start + header['size']}")
    arrays = {}
    for name, (dtype, shape, offset, *crc) in header["arrays"].items():
        if int(np.prod(shape)) == 0:
            arrays[name] = np.zeros(shape, dtype=dtype)
            continue
        try:
            arrays[name] = np.memmap(path, dtype=dtype, mode="r", offset=start + offset, shape=tuple(shape))
        except ValueError:  # the file is shorter than the array
            raise SegmentDamaged(f"keyword segment {path.name} is truncated") from None
        if verify and crc and checksum(memoryview(arrays[name]).cast("B")) != crc[0]:
            raise SegmentDamaged(f"the {name} array of keyword segment {path.name} fails its checksum")
    return SegmentArrays(terms=header["terms"], **arrays)


def locate(arrays: SegmentArrays, ids: np.ndarray) -> np.ndarray:
    """Rows of ``ids`` (an ``S`` array) in this segment; ids it does not hold are left out."""
    if arrays.rows == 0 or len(ids) == 0:
        return np.zeros(0, dtype=np.int64)
    width = arrays.ids_sorted.dtype.itemsize
    ids = ids[np.char.str_len(ids) <= width].astype(arrays.ids_sorted.dtype)  # longer ids cannot be here
    pos = np.searchsorted(arrays.ids_sorted, ids)
    pos = np.minimum(pos, arrays.rows - 1)
    found = arrays.ids_sorted[pos] == ids
    return np.asarray(arrays.ids_rows[pos[found]], dtype=np.int64)
