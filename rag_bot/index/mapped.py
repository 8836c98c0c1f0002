"""Files of named numpy arrays, memory-mapped, whose checksums are verified lazily, block by block.

Layout: an 8-byte magic, the header's length (8 bytes, little endian), the header's checksum (8 hex digits), a JSON
header (``meta``: the caller's small facts; per array its dtype, shape, offset and first checksum block; ``crcs``:
where the block checksums are and their own checksum; ``size``), then the arrays, each aligned to 64 bytes. Every
array is cut into blocks of :data:`BLOCK` bytes with one CRC-32 each (the ``crcs`` array, written last).

Opening reads the header and the block checksums (1/16384 of the file) and checks the file's size: constant work
for any corpus. An array's blocks are verified the first time they are read (:meth:`MappedFile.array` verifies a
whole array, :meth:`MappedFile.rows` only the blocks a slice covers), once per process; a block that fails raises
the caller's error class, so damage is reported before the data is used, never served. :meth:`MappedFile.verify`
checks everything (what ``rag-bot index verify`` does).

A read may be *transient* (``take(..., transient=True)``, ``rows(..., transient=True)``): the rows are copied out and
the pages read for them (their checksum blocks included) are then dropped from the process's mapping
(``MADV_DONTNEED``; they stay in the page cache). Scattered reads of a large array (a few hundred float32 vectors
to rescore, a hit's text) would otherwise leave the process's resident memory growing towards the whole array: a
fault maps the page cache's whole folio (hundreds of KiB on this kernel), not one page.
"""

from __future__ import annotations

import json
import math
import mmap
import os
import threading
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from rag_bot.index.durable import checksum

BLOCK = 64 << 10  # bytes per checksum block: a rare term's postings verify in microseconds
GATHER_BYTES = 8 << 20  # about this many bytes of gathered rows in memory at once while writing
_CRCS = "_crcs"


def _aligned(n: int) -> int:
    return -(-n // 64) * 64


class Gathered:
    """The rows ``rows`` of ``base`` in that order, written without being gathered whole (a merged part's vectors in
    list order: a second copy of them would double a large merge's memory)."""

    def __init__(self, base: np.ndarray, rows: np.ndarray) -> None:
        self.base, self.rows = base, rows
        self.dtype = base.dtype
        self.shape = (len(rows), *base.shape[1:])
        self.nbytes = len(rows) * (base.nbytes // max(len(base), 1))

    def chunks(self) -> Any:
        """Contiguous runs of whole rows, each (but the last) a whole number of checksum blocks, ~GATHER_BYTES."""
        row = self.nbytes // max(len(self.rows), 1)
        step = BLOCK // math.gcd(row, BLOCK) if row else 1  # rows whose bytes end on a block boundary
        step *= max(1, GATHER_BYTES // (step * row)) if row else 1
        for start in range(0, len(self.rows), step):
            yield np.ascontiguousarray(self.base[self.rows[start:start + step]])


class Stream:
    """A one-dimensional array of ``length`` items of ``dtype`` that ``make()`` yields in pieces of any size, each
    time it is called (a merged part's texts in list order, gathered a block of rows at a time)."""

    def __init__(self, dtype: Any, length: int, make: Callable[[], Iterator[np.ndarray]]) -> None:
        self.dtype = np.dtype(dtype)
        self.shape = (length,)
        self.nbytes = length * self.dtype.itemsize
        self._make = make

    def chunks(self) -> Iterator[np.ndarray]:
        return self._make()


def _pieces(arr: np.ndarray | Gathered | Stream) -> Iterator[memoryview]:
    """``arr``'s bytes in pieces that start on checksum-block boundaries (one piece for an array in memory)."""
    if isinstance(arr, Gathered):
        for chunk in arr.chunks():
            yield memoryview(chunk.reshape(-1).view(np.uint8))
    elif isinstance(arr, Stream):
        carry = b""
        for chunk in arr.chunks():
            carry += np.ascontiguousarray(chunk).view(np.uint8).tobytes()
            cut = len(carry) - len(carry) % BLOCK
            if cut >= GATHER_BYTES:
                yield memoryview(carry)[:cut]
                carry = carry[cut:]
        if carry:
            yield memoryview(carry)
    elif arr.nbytes:
        yield memoryview(arr.reshape(-1).view(np.uint8))


def write(path: Path, magic: bytes, arrays: Mapping[str, np.ndarray | Gathered | Stream], meta: dict[str, Any]) -> None:
    """Write ``arrays`` and ``meta`` as one file at ``path`` (the caller renames it into place): one fsync. An array
    is written from its own memory (no copy); a :class:`Gathered` or :class:`Stream` one a piece at a time (made
    twice: once for the checksums, once to write)."""
    header: dict[str, Any] = {"meta": meta, "arrays": {}}
    crcs: list[int] = []
    offset = 0
    contiguous = {name: arr if isinstance(arr, (Gathered, Stream)) else np.ascontiguousarray(arr)
                  for name, arr in arrays.items()}
    for name, arr in contiguous.items():
        header["arrays"][name] = [arr.dtype.str, list(arr.shape), offset, len(crcs)]
        for raw in _pieces(arr):
            crcs.extend(zlib.crc32(raw[i:i + BLOCK]) & 0xFFFFFFFF for i in range(0, len(raw), BLOCK))
        offset += _aligned(arr.nbytes)
    crc_array = np.asarray(crcs, dtype="<u4")
    header["crcs"] = [offset, len(crcs), checksum(crc_array.tobytes())]
    offset += _aligned(crc_array.nbytes)
    header["size"] = offset
    blob = json.dumps(header, ensure_ascii=False).encode("utf-8")
    start = _aligned(len(magic) + 16 + len(blob))
    with open(path, "wb") as fh:
        fh.write(magic + len(blob).to_bytes(8, "little") + checksum(blob).encode("ascii") + blob)
        for name, arr in contiguous.items():
            fh.seek(start + header["arrays"][name][2])
            for raw in _pieces(arr):
                fh.write(raw)
        fh.seek(start + header["crcs"][0])
        fh.write(crc_array.tobytes())
        fh.truncate(start + offset)
        fh.flush()
        os.fsync(fh.fileno())


class MappedFile:
    """An open file of arrays: nothing is read at open but its header and block checksums.

    ``error(reason)`` builds the exception raised on damage (``reason``: a few words naming the file and what
    fails)."""

    def __init__(self, path: Path, magic: bytes, error: type[Exception], label: str) -> None:
        self.path, self._error, self._label = path, error, label
        with open(path, "rb") as fh:
            if fh.read(len(magic)) != magic:
                raise error(f"{label} does not start as it should")
            size = int.from_bytes(fh.read(8), "little")
            stored = fh.read(8).decode("ascii", "replace")
            blob = fh.read(size) if size < 1 << 30 else b""
            total = os.fstat(fh.fileno()).st_size
            # one mapping of the whole file, made now: the arrays stay readable if the file is removed later
            self._mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        if len(blob) != size or checksum(blob) != stored:
            raise error(f"the header of {label} fails its checksum")
        try:
            header = json.loads(blob.decode("utf-8"))
            self._start = _aligned(len(magic) + 16 + size)
            if self._start + int(header["size"]) != total:
                raise error(f"{label} has {total} bytes, not {self._start + int(header['size'])}")
            self.meta: dict[str, Any] = header["meta"]
            self._layout: dict[str, list[Any]] = header["arrays"]
            crc_offset, blocks, crc_sum = header["crcs"]
        except (KeyError, TypeError, ValueError):
            raise error(f"the header of {label} is not readable") from None
        self._crcs = self._map("<u4", (int(blocks),), int(crc_offset))
        if checksum(self._crcs.tobytes()) != crc_sum:
            raise error(f"the block checksums of {label} fail their own checksum")
        self._arrays: dict[str, np.ndarray] = {}
        self._checked: dict[str, np.ndarray] = {}  # per array: which of its blocks were verified
        self._whole: set[str] = set()  # arrays verified whole
        self._lock = threading.Lock()
        self._transient: set[str] = set()  # arrays read only transiently: never verified whole

    def _map(self, dtype: str, shape: tuple[int, ...], offset: int) -> np.ndarray:
        if int(np.prod(shape)) == 0:
            return np.zeros(shape, dtype=dtype)
        return np.ndarray(shape, dtype=dtype, buffer=self._mm, offset=self._start + offset)

    def names(self) -> list[str]:
        return list(self._layout)

    def _raw(self, name: str) -> np.ndarray:
        arr = self._arrays.get(name)
        if arr is None:
            try:
                dtype, shape, offset, _ = self._layout[name]
            except KeyError:
                raise self._error(f"{self._label} lacks its {name} array") from None
            arr = self._arrays[name] = self._map(dtype, tuple(shape), int(offset))
            self._checked[name] = np.zeros(-(-arr.nbytes // BLOCK), dtype=bool)
        return arr

    def _verify_blocks(self, name: str, arr: np.ndarray, first: int, last: int) -> None:
        """Verify blocks ``first..last`` (inclusive) of ``name`` not verified yet."""
        checked = self._checked[name]
        todo = np.flatnonzero(~checked[first:last + 1])
        if not len(todo):
            return
        raw = memoryview(arr.reshape(-1).view(np.uint8))
        base = int(self._layout[name][3])
        for b in (todo + first).tolist():
            if zlib.crc32(raw[b * BLOCK:(b + 1) * BLOCK]) & 0xFFFFFFFF != int(self._crcs[base + b]):
                raise self._error(f"the {name} array of {self._label} fails its checksum")
            checked[b] = True

    def array(self, name: str) -> np.ndarray:
        """The whole array ``name``, every block verified (once)."""
        arr = self._raw(name)
        if name not in self._whole:
            with self._lock:
                if arr.nbytes:
                    self._verify_blocks(name, arr, 0, len(self._checked[name]) - 1)
                self._whole.add(name)
        return arr

    def rows(self, name: str, lo: int, hi: int, transient: bool = False) -> np.ndarray:
        """``array(name)[lo:hi]`` (first axis), verifying only the blocks it covers; ``transient``: a copy, its pages
        then dropped from the mapping."""
        arr = self._raw(name)
        if hi <= lo:
            return arr[lo:hi]
        row = arr.itemsize * int(np.prod(arr.shape[1:]))
        if name not in self._whole:
            with self._lock:
                self._verify_blocks(name, arr, lo * row // BLOCK, (hi * row - 1) // BLOCK)
        if not transient:
            return arr[lo:hi]
        out = np.array(arr[lo:hi])
        self._release(name, lo * row // BLOCK * BLOCK, -(-hi * row // BLOCK) * BLOCK)
        return out

    def take(self, name: str, rows: np.ndarray, transient: bool = False) -> np.ndarray:
        """``array(name)[rows]`` (first axis, any rows), verifying only the blocks those rows sit in; ``transient``:
        the pages read are then dropped from the mapping."""
        arr = self._raw(name)
        rows = np.asarray(rows, dtype=np.int64)
        if not len(rows):
            return arr[rows]
        row = arr.itemsize * int(np.prod(arr.shape[1:]))
        if name not in self._whole:
            firsts, lasts = rows * row // BLOCK, ((rows + 1) * row - 1) // BLOCK
            checked = self._checked[name]
            unchecked = ~(checked[firsts] & checked[lasts])  # no sort when every block was verified before
            if unchecked.any():
                todo = np.union1d(firsts[unchecked], lasts[unchecked])
                with self._lock:
                    for b in todo[~checked[todo]].tolist():
                        self._verify_blocks(name, arr, b, b)
        out = arr[rows]
        if transient:
            first, last = int(rows.min()), int(rows.max()) + 1
            self._release(name, first * row // BLOCK * BLOCK, -(-last * row // BLOCK) * BLOCK)
        return out

    def _release(self, name: str, lo: int, hi: int) -> None:
        """Drop bytes ``lo:hi`` of the array ``name`` (checksum blocks read included) from this process's mapping:
        its resident memory no longer counts them; the page cache keeps them for the next read."""
        start = self._start + int(self._layout[name][2])
        first = (start + lo) // mmap.PAGESIZE * mmap.PAGESIZE
        last = min(len(self._mm), -(-(start + hi) // mmap.PAGESIZE) * mmap.PAGESIZE)
        if last > first:
            self._mm.madvise(mmap.MADV_DONTNEED, first, last - first)

    def shape(self, name: str) -> tuple[int, ...]:
        """The shape of the array ``name`` as the header records it (nothing read)."""
        try:
            return tuple(int(n) for n in self._layout[name][1])
        except KeyError:
            raise self._error(f"{self._label} lacks its {name} array") from None

    def verify(self) -> None:
        """Verify every block of every array (the error on the first that fails)."""
        for name in self._layout:
            self.array(name)
