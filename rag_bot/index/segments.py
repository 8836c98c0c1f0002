"""Immutable keyword segments: the postings, lengths and filter fields of a set of chunks, memory-mapped.

A segment is one file, written once and never changed (one fsync per segment): the sorted vocabulary,
``ids`` (chunk ids, UTF-8, fixed width), ``ids_sorted`` + ``ids_rows`` (the ids sorted, and the row each sorted id
sits in: locating a chunk is a binary search, not a scan), ``date_int``, ``language``, ``lengths`` (tokens per
chunk) and the postings by term in CSR form: ``indptr`` (term -> slice), ``docs`` (rows) and ``tf`` (term
frequency). Rows deleted later are recorded outside the segment (see :mod:`rag_bot.index.keywords`). Raw term
frequencies, not precomputed scores, are kept so that BM25 is scored with the statistics of the whole index at
query time: a new segment changes no other.

Format 3 (written now) keeps the vocabulary as two arrays too (``term_offsets`` into ``term_bytes``, UTF-8, sorted):
opening a segment reads a small header and block checksums (:mod:`rag_bot.index.mapped`), whatever the corpus, and a
term is found by binary search in the mapped vocabulary. Every 64 KiB block of every array carries a CRC-32, verified
the first time the block is read (a query verifies the postings it reads; the per-chunk columns are verified whole on
first use): a truncated or garbled segment is reported (:class:`SegmentDamaged`), never served. Formats 1 and 2 (the
vocabulary in a JSON header, one checksum per array) are still read, verified whole at open; rewriting them
(``rag-bot index repair``) converts them.
"""

from __future__ import annotations

import bisect
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rag_bot.index import mapped
from rag_bot.index.durable import checksum
from rag_bot.index.mapped import MappedFile

MAX_TF = np.iinfo(np.uint16).max
MAGIC = b"RBKWSEG3"  # vocabulary as arrays, block checksums verified lazily
MAGIC_V2 = b"RBKWSEG2"  # one checksum per array, vocabulary in the header: still read
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

    @property
    def current(self) -> bool:
        """Whether this segment is in the format written now (a mapped format 3 file)."""
        return False

    @property
    def tokens(self) -> int:
        """Tokens in all rows (BM25's average length)."""
        return int(np.asarray(self.lengths, dtype=np.int64).sum())

    def term_id(self, term: str) -> int | None:
        """Row of ``term`` in the postings (the vocabulary is sorted: a binary search)."""
        i = bisect.bisect_left(self.terms, term)
        return i if i < len(self.terms) and self.terms[i] == term else None

    def postings(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """Rows and term frequencies of term ``j``."""
        lo, hi = int(self.indptr[j]), int(self.indptr[j + 1])
        return self.docs[lo:hi], self.tf[lo:hi]


class MappedSegment:
    """A format 3 segment, memory-mapped: the same fields as :class:`SegmentArrays`, each verified on first use."""

    def __init__(self, mapped: MappedFile) -> None:
        self._file = mapped
        self.rows: int = int(mapped.meta["rows"])
        self.tokens: int = int(mapped.meta["tokens"])
        self._vocab: tuple[memoryview, memoryview, int] | None = None

    current = True

    def __getattr__(self, name: str) -> np.ndarray:
        if name in _ARRAYS:
            arr = self._file.array(name)
            setattr(self, name, arr)  # verified: later reads go straight to the mapping
            return arr
        raise AttributeError(name)

    def _vocabulary(self) -> tuple[memoryview, memoryview, int]:
        if self._vocab is None:
            offsets = self._file.array("term_offsets")
            self._vocab = (memoryview(np.asarray(offsets)).cast("B").cast("q") if len(offsets) else
                           memoryview(b"").cast("q"), memoryview(np.asarray(self._file.array("term_bytes"))),
                           max(len(offsets) - 1, 0))
        return self._vocab

    @property
    def terms(self) -> list[str]:
        """The vocabulary, decoded (O(vocabulary): merges and the in-memory engine)."""
        offsets, data, n = self._vocabulary()
        return [bytes(data[offsets[i]:offsets[i + 1]]).decode("utf-8") for i in range(n)]

    def term_id(self, term: str) -> int | None:
        """Row of ``term``: a binary search in the mapped, sorted UTF-8 vocabulary (nothing built at open)."""
        offsets, data, n = self._vocabulary()
        key = term.encode("utf-8")
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi) // 2
            if bytes(data[offsets[mid]:offsets[mid + 1]]) < key:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < n and bytes(data[offsets[lo]:offsets[lo + 1]]) == key else None

    def postings(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """Rows and term frequencies of term ``j``, verifying only the blocks they sit in."""
        bounds = self._file.rows("indptr", j, j + 2)
        lo, hi = int(bounds[0]), int(bounds[1])
        return self._file.rows("docs", lo, hi), self._file.rows("tf", lo, hi)

    def verify(self) -> None:
        """Verify every block now (:class:`SegmentDamaged` when one fails)."""
        self._file.verify()


Segment = SegmentArrays | MappedSegment  # built or merged in memory, or mapped from its file


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


def merge(parts: Sequence[tuple[Segment, np.ndarray | None]]) -> SegmentArrays:
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


def write(arrays: Segment, path: Path) -> None:
    """Write a format 3 segment file (the caller renames it into place): one file, one fsync."""
    raw = [t.encode("utf-8") for t in arrays.terms]
    offsets = np.zeros(len(raw) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in raw], out=offsets[1:])
    out = {name: np.asarray(getattr(arrays, name)) for name in _ARRAYS}
    out["term_offsets"] = offsets
    out["term_bytes"] = np.frombuffer(b"".join(raw), dtype=np.uint8)
    mapped.write(path, MAGIC, out, {"rows": int(arrays.rows), "terms": len(raw),
                                     "tokens": int(np.asarray(arrays.lengths, dtype=np.int64).sum())})


def write_v2(arrays: SegmentArrays, path: Path) -> None:
    """Write a segment in the former format 2 (tests of the conversion only)."""
    header: dict = {"terms": arrays.terms, "arrays": {}}
    offset = 0
    for name in _ARRAYS:
        arr = np.ascontiguousarray(getattr(arrays, name))
        header["arrays"][name] = [arr.dtype.str, list(arr.shape), offset, checksum(arr.tobytes())]
        offset += -(-arr.nbytes // 64) * 64
    header["size"] = offset
    blob = json.dumps(header, ensure_ascii=False).encode("utf-8")
    start = -(-(len(MAGIC_V2) + 16 + len(blob)) // 64) * 64
    with open(path, "wb") as fh:
        fh.write(MAGIC_V2 + len(blob).to_bytes(8, "little") + checksum(blob).encode("ascii") + blob)
        for name in _ARRAYS:
            arr = np.ascontiguousarray(getattr(arrays, name))
            fh.seek(start + header["arrays"][name][2])
            fh.write(arr.tobytes())
        fh.truncate(start + offset)
        fh.flush()
        os.fsync(fh.fileno())


class SegmentDamaged(ValueError):
    """A segment file is truncated, garbled or not a segment (``str()``: what is wrong, in a few words)."""


def load(path: Path, verify: bool = False) -> Segment:
    """A segment, memory-mapped (pages are read on first use; all readers share them): a format 3 segment reads
    its header and block checksums only, its blocks are verified when first read (``verify``: all of them now);
    a former segment is verified whole. :class:`SegmentDamaged` when a checksum fails."""
    with open(path, "rb") as fh:
        magic = fh.read(len(MAGIC))
    if magic == MAGIC:
        seg = MappedSegment(MappedFile(path, MAGIC, SegmentDamaged, f"keyword segment {path.name}"))
        if verify:
            seg.verify()
        return seg
    return _load_former(path)


def _load_former(path: Path) -> SegmentArrays:
    """A format 1 or 2 segment, every checksum verified (format 2)."""
    verify = True
    with open(path, "rb") as fh:
        magic = fh.read(len(MAGIC))
        if magic not in (MAGIC_V2, MAGIC_V1):
            raise SegmentDamaged(f"keyword segment {path.name} does not start like a segment")
        size = int.from_bytes(fh.read(8), "little")
        stored = fh.read(8).decode("ascii", "replace") if magic == MAGIC_V2 else None
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


def locate(arrays: Segment, ids: np.ndarray) -> np.ndarray:
    """Rows of ``ids`` (an ``S`` array) in this segment; ids it does not hold are left out."""
    if arrays.rows == 0 or len(ids) == 0:
        return np.zeros(0, dtype=np.int64)
    width = arrays.ids_sorted.dtype.itemsize
    ids = ids[np.char.str_len(ids) <= width].astype(arrays.ids_sorted.dtype)  # longer ids cannot be here
    pos = np.searchsorted(arrays.ids_sorted, ids)
    pos = np.minimum(pos, arrays.rows - 1)
    found = arrays.ids_sorted[pos] == ids
    return np.asarray(arrays.ids_rows[pos[found]], dtype=np.int64)
