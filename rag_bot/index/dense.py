"""A memory-mapped copy of every committed chunk's vector with its date and language: exact filtered dense search.

Chroma's filtered search is slow when a filter matches many chunks, and an unfiltered probe must grow as the filter
narrows (the probe needs ``k / share`` neighbours). When few enough chunks pass a filter, scoring every one of them
exactly is cheaper than either and can miss nothing: this copy holds, per part, ``ids``, ``order`` (the row of each
id in sorted order, to locate ids), ``date_int``, ``language`` and ``vectors`` (float32, unit length) as ``.npy``
files read memory-mapped, so a query touches only the pages of the rows that pass.

Layout of the directory (``dense/`` in the index folder), written only by the index writer:
- ``p-GGGGGG-xxxxxxxx``: an immutable part (one per change), a :mod:`rag_bot.index.mapped` file (a CRC-32 per 64 KiB
  block, verified when first read), renamed into place once written (the former layout, a folder of ``.npy`` files
  per part, is still read);
- ``p-...del-GGGGGG.npy``: rows of a part deleted so far (a new file each time that set grows);
- ``CURRENT``: the live generation (JSON: its parts, their rows, deletion files and the vectors' dimension), replaced
  atomically after everything it names is on disk; files no generation needs are pruned after the switch.
Parts are merged in tiers as the keyword segments are (:func:`rag_bot.index.keywords.plan_merges`), so a change
costs what it adds, not the corpus. Readers notice a new ``CURRENT`` by one ``stat``.
"""

from __future__ import annotations

import io
import json
import logging
import os
import re
import shutil
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rag_bot.index import mapped
from rag_bot.index.durable import checksum, replace_atomically
from rag_bot.index.keywords import plan_merges
from rag_bot.index.mapped import MappedFile
from rag_bot.index.types import SearchFilters
from rag_bot.index.vectors import columns_match

log = logging.getLogger(__name__)
CURRENT = "CURRENT"
_FILES = ("ids", "order", "date_int", "language", "vectors")
_OWN = re.compile(r"^p-\d{6}-[0-9a-f]{8}(\.del-\d{6}\.npy)?$|^\.tmp-p-[\w.-]+$")
_GENERATION = re.compile(r"^p-(\d{6})-")
MAGIC = b"RBDENSE1"  # one mapped file per part, a CRC-32 per 64 KiB block
SCORE_BLOCK = 2048  # rows gathered and scored at a time (3 MB of 384-dimensional vectors)


class DenseCopyDamaged(ValueError):
    """A file of the copy is missing or does not have the shape ``CURRENT`` records."""


@dataclass
class DenseEntry:
    """One chunk as the copy keeps it."""

    id: str
    vector: np.ndarray
    date_int: int
    language: str


class Part:
    """One immutable part with the rows alive in the live generation.

    A part written now is one :mod:`rag_bot.index.mapped` file (a CRC-32 per 64 KiB block): its small columns
    (``ids``, ``order``, ``date_int``, ``language``) are verified whole on first use, its vectors block by block as
    searches read them, once per process. A part of the former layout (a folder of ``.npy`` files) is only
    shape-checked; ``rag-bot index repair`` rewrites it (:meth:`DenseCopy.upgrade`)."""

    def __init__(self, name: str, rows: int, file: MappedFile | None = None,
                 arrays: dict[str, np.ndarray] | None = None, deleted: np.ndarray | None = None,
                 deletes_file: str | None = None) -> None:
        self.name, self.rows, self._file, self._arrays = name, rows, file, arrays or {}
        self.deleted = deleted if deleted is not None else np.zeros(0, np.int64)
        self.deletes_file = deletes_file

    @property
    def current(self) -> bool:
        """Whether the part is in the checksummed format written now."""
        return self._file is not None

    def _column(self, name: str) -> np.ndarray:
        return self._file.array(name) if self._file is not None else self._arrays[name]

    @property
    def ids(self) -> np.ndarray:  # S<n>, row order
        return self._column("ids")

    @property
    def order(self) -> np.ndarray:  # int64: rows by sorted id
        return self._column("order")

    @property
    def date_int(self) -> np.ndarray:  # int32
        return self._column("date_int")

    @property
    def language(self) -> np.ndarray:  # S8
        return self._column("language")

    def vectors_at(self, rows: np.ndarray) -> np.ndarray:
        """The vectors (float32, unit length) of ``rows``, verifying only the blocks they sit in."""
        if self._file is not None:
            return self._file.take("vectors", rows)
        return np.asarray(self._arrays["vectors"][rows])

    def with_deletes(self, deleted: np.ndarray, deletes_file: str | None) -> Part:
        """The same part under another deletion set (shares the mapped arrays)."""
        return Part(self.name, self.rows, self._file, self._arrays, np.asarray(deleted, dtype=np.int64),
                    deletes_file)

    def verify(self) -> None:
        """Verify every block now (:class:`DenseCopyDamaged` on the first that fails)."""
        if self._file is not None:
            self._file.verify()

    def alive(self) -> np.ndarray | None:
        if not len(self.deleted):
            return None
        keep = np.ones(self.rows, dtype=bool)
        keep[self.deleted] = False
        return keep

    def mask(self, filters: SearchFilters) -> np.ndarray:
        """Rows alive and passing ``filters`` (the same rules as :func:`rag_bot.index.vectors.matches`)."""
        keep = columns_match(self.date_int, self.language, filters)
        if len(self.deleted):
            keep[self.deleted] = False
        return keep

    def locate(self, keys: np.ndarray) -> np.ndarray:
        """Rows of the ids ``keys`` (an ``S`` array) held here, alive or not."""
        if not self.rows or not len(keys):
            return np.zeros(0, dtype=np.int64)
        ids, order = self.ids, self.order
        width = ids.dtype.itemsize
        keys = keys[np.char.str_len(keys) <= width].astype(ids.dtype)
        ordered = ids[order]
        pos = np.minimum(np.searchsorted(ordered, keys), self.rows - 1)
        found = ordered[pos] == keys
        return np.asarray(order[pos[found]], dtype=np.int64)


class Generation:
    def __init__(self, number: int, dim: int, parts: list[Part]) -> None:
        self.number, self.dim, self.parts = number, dim, parts
        self.rows = sum(p.rows - len(p.deleted) for p in parts)


class DenseCopy:
    """The copy in one directory: written by the index writer, read by any number of processes."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._gen: Generation | None = None
        self._seen: tuple[int, int, int] | None = None
        self._lock = threading.RLock()
        self._deletes_checksums: dict[str, str] = {}  # deletion files written here -> their checksums

    # --- reading --------------------------------------------------------------------------------------------
    def generation(self) -> Generation | None:
        """The live generation (None: no copy written yet); reloaded when ``CURRENT`` changes."""
        try:
            st = os.stat(self.directory / CURRENT)
        except FileNotFoundError:
            return None
        stamp = (st.st_mtime_ns, st.st_ino, st.st_size)
        with self._lock:
            if stamp != self._seen or self._gen is None:
                try:
                    state = json.loads((self.directory / CURRENT).read_text(encoding="utf-8"))
                    self._gen = self._load(state, self._gen)
                except DenseCopyDamaged:
                    raise
                except (OSError, ValueError, KeyError, TypeError) as exc:
                    raise DenseCopyDamaged(f"the dense copy cannot be read ({type(exc).__name__})") from None
                self._seen = stamp
            return self._gen

    def _load(self, state: dict, previous: Generation | None) -> Generation:
        known = {p.name: p for p in previous.parts} if previous else {}
        parts = []
        dim = int(state["dim"])
        for rec in state["parts"]:
            part = known.get(rec["name"])
            if part is None:
                part = _read_part(self.directory / rec["name"], int(rec["rows"]), dim)
            deletes = rec.get("deletes")
            if deletes != part.deletes_file:
                deleted = _load_deletes(self.directory / deletes, rec.get("deletes_checksum")) if deletes else \
                    np.zeros(0, np.int64)
                if len(deleted) and (deleted.min() < 0 or deleted.max() >= part.rows):
                    raise DenseCopyDamaged(f"the deletion file {deletes} names rows its part does not have")
                part = part.with_deletes(deleted, deletes)
            parts.append(part)
        return Generation(int(state["generation"]), dim, parts)

    def written(self) -> bool:
        """Whether a copy was ever written here (an index from before the dense copy has none)."""
        return (self.directory / CURRENT).exists()

    def count(self) -> int:
        gen = self.generation()
        return gen.rows if gen else 0

    def state(self) -> str | None:
        """The checksum of ``CURRENT`` as it is on disk (None: no copy written), as
        :meth:`rag_bot.index.keywords.KeywordIndex.state`."""
        try:
            return checksum((self.directory / CURRENT).read_bytes())
        except FileNotFoundError:
            return None

    def verify(self) -> None:
        """Verify every block of every live part now (readers verify what they read): for ``rag-bot index
        check`` and a repair; :class:`DenseCopyDamaged` on the first that fails."""
        gen = self.generation()
        for part in gen.parts if gen else []:
            part.verify()

    def former_parts(self) -> int:
        """Live parts in the former layout (not checksummed)."""
        gen = self.generation()
        return sum(not part.current for part in gen.parts) if gen else 0

    def drop_damaged(self) -> list[str] | None:
        """Publish the live generation without its parts that fail a checksum (the caller adds their chunks back
        from the stored vectors); returns what was wrong with each part dropped, or None when the copy cannot be
        read at all (then rebuild it)."""
        with self._lock:
            try:
                gen = self.generation()
            except DenseCopyDamaged:
                return None
            if gen is None:
                return []
            kept, found = [], []
            for part in gen.parts:
                try:
                    part.verify()
                    kept.append(part)
                except DenseCopyDamaged as exc:
                    found.append(str(exc))
            if found:
                self._commit(gen.number + 1, gen.dim, kept)
            return found

    def upgrade(self) -> int:
        """Rewrite parts of the former layout in the checksummed one, their deleted rows dropped (a merge of each
        alone); returns how many were rewritten. The caller holds the writer lock."""
        with self._lock:
            gen = self.generation()
            if gen is None:
                return 0
            live, number, done = list(gen.parts), gen.number, 0
            for part in [p for p in live if not p.current]:
                number += 1
                merged = self._merge([part], number, gen.dim)
                at = live.index(part)
                live.pop(at)
                if merged is not None:
                    live.insert(at, merged)
                self._commit(number, gen.dim, live)
                done += 1
            return done

    def ids(self) -> set[str]:
        """Every live id (O(corpus): for repair)."""
        gen = self.generation()
        out: set[str] = set()
        for part in gen.parts if gen else []:
            alive = part.alive()
            ids = np.asarray(part.ids) if alive is None else np.asarray(part.ids)[alive]
            out.update(b.decode("utf-8") for b in ids.tolist())
        return out

    def search(self, vector: np.ndarray, k: int, filters: SearchFilters, limit: int) -> list[tuple[str, float]] | None:
        """The exact top ``k`` (id, cosine similarity) of the chunks passing ``filters``, best first (ties by id);
        None when there is no copy, its vectors have another dimension, or more than ``limit`` chunks pass (then
        scoring them all would cost more than a probe of the vector index)."""
        gen = self.generation()
        query = np.asarray(vector, dtype=np.float32).ravel()
        if gen is None or gen.dim != len(query) or k <= 0:
            return None
        norm = float(np.linalg.norm(query))
        query = query / norm if norm > 0 else query
        picked = [(part, np.flatnonzero(part.mask(filters))) for part in gen.parts]
        if sum(len(rows) for _, rows in picked) > limit:
            return None
        scores, owners, rows_all = [], [], []
        for i, (part, rows) in enumerate(picked):
            if len(rows):
                scores.append(_scores(part, rows, query))
                owners.append(np.full(len(rows), i, dtype=np.int32))
                rows_all.append(rows)
        if not scores:
            return []
        score = np.concatenate(scores)
        owner, row = np.concatenate(owners), np.concatenate(rows_all)
        if len(score) > k:
            kth = np.partition(score, len(score) - k)[len(score) - k]
            pick = np.flatnonzero(score >= kth)
        else:
            pick = np.arange(len(score))
        found = [(float(score[i]), picked[owner[i]][0].ids[row[i]].decode("utf-8")) for i in pick]
        found.sort(key=lambda sc: (-sc[0], sc[1]))
        return [(cid, s) for s, cid in found[:k]]

    # --- writing (the index writer holds its lock) ---------------------------------------------------------
    def apply(self, add: list[DenseEntry], remove: set[str]) -> None:
        """Add (or replace, by id) ``add`` and delete ``remove``, then publish; O(change), plus tiered merges."""
        with self._lock:
            gen = self.generation()
            number = (gen.number if gen else 0) + 1
            dim = gen.dim if gen else (len(add[0].vector) if add else 0)
            if add and len(add[0].vector) != dim:  # empty so far, or another model's vectors: the copy starts again
                gen, dim = None, len(add[0].vector)
            fresh = {e.id: e for e in add}
            gone = set(remove) | set(fresh)
            keys = np.unique(np.asarray([g.encode("utf-8") for g in gone])) if gone else np.zeros(0, "S1")
            live: list[Part] = []
            for part in gen.parts if gen else []:
                rows = part.locate(keys)
                alive = part.alive()
                if alive is not None:
                    rows = rows[alive[rows]]
                if len(rows):
                    if len(rows) + len(part.deleted) == part.rows:
                        continue  # nothing left alive
                    deleted = np.union1d(part.deleted, rows).astype(np.int64)
                    name = f"{part.name}.del-{number:06d}.npy"
                    self._deletes_checksums[name] = _save(self.directory / name, deleted)
                    part = part.with_deletes(deleted, name)
                live.append(part)
            if fresh:
                live.append(self._write_part(list(fresh.values()), number, dim))
            self._commit(number, dim, live)
            for names in plan_merges({p.name: (p.rows, len(p.deleted)) for p in live}):
                parts = [p for p in live if p.name in names]
                number += 1
                merged = self._merge(parts, number, dim)
                at = min(live.index(p) for p in parts)
                live = [p for p in live if p.name not in names]
                if merged is not None:
                    live.insert(at, merged)
                self._commit(number, dim, live)

    def rebuild(self, entries: list[DenseEntry]) -> None:
        """Replace the copy by ``entries`` (damaged or missing: nothing of it is read)."""
        with self._lock:
            self.directory.mkdir(parents=True, exist_ok=True)
            numbers = [int(m.group(1)) for p in self.directory.iterdir() if (m := _GENERATION.match(p.name))]
            number = max(numbers, default=0) + 1
            dim = len(entries[0].vector) if entries else 0
            self._gen, self._seen = None, None
            self._commit(number, dim, [self._write_part(entries, number, dim)] if entries else [])

    def _write_part(self, entries: list[DenseEntry], number: int, dim: int) -> Part:
        vectors = np.asarray([e.vector for e in entries], dtype=np.float32).reshape(len(entries), dim)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        vectors = vectors / np.where(norms > 0, norms, 1.0)
        ids = np.asarray([e.id.encode("utf-8") for e in entries])
        return self._write_arrays(ids, np.asarray([e.date_int for e in entries], dtype=np.int32),
                                  np.asarray([e.language.encode("utf-8") for e in entries], dtype="S8"),
                                  vectors, number)

    def _merge(self, parts: list[Part], number: int, dim: int) -> Part | None:
        keep = [(p, p.alive()) for p in parts]
        pick = [np.arange(p.rows) if a is None else np.flatnonzero(a) for p, a in keep]
        if not sum(len(r) for r in pick):
            return None
        width = max(p.ids.dtype.itemsize for p in parts)
        return self._write_arrays(
            np.concatenate([np.asarray(p.ids)[r].astype(f"S{width}") for p, r in zip(parts, pick, strict=True)]),
            np.concatenate([np.asarray(p.date_int)[r] for p, r in zip(parts, pick, strict=True)]),
            np.concatenate([np.asarray(p.language)[r] for p, r in zip(parts, pick, strict=True)]),
            np.concatenate([p.vectors_at(r) for p, r in zip(parts, pick, strict=True)]).reshape(-1, dim),
            number)

    def _write_arrays(self, ids: np.ndarray, dates: np.ndarray, langs: np.ndarray, vectors: np.ndarray,
                      number: int) -> Part:
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"p-{number:06d}-{uuid.uuid4().hex[:8]}"
        tmp = self.directory / f".tmp-{name}"
        arrays = {"ids": ids, "order": np.argsort(ids, kind="stable").astype(np.int64), "date_int": dates,
                  "language": langs, "vectors": np.ascontiguousarray(vectors, dtype=np.float32)}
        dim = vectors.shape[1] if vectors.ndim == 2 else 0
        try:
            mapped.write(tmp, MAGIC, arrays, {"rows": len(ids), "dim": dim})
            os.replace(tmp, self.directory / name)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return _read_part(self.directory / name, len(ids), dim)

    def _commit(self, number: int, dim: int, live: list[Part]) -> None:
        try:
            previous = json.loads((self.directory / CURRENT).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            previous = {}
        known = {rec.get("deletes"): rec.get("deletes_checksum") for rec in
                 (previous.get("parts", []) if isinstance(previous, dict) else [])}
        state = {"generation": number, "dim": dim,
                 "parts": [{"name": p.name, "rows": p.rows, "deletes": p.deletes_file,
                            "deletes_checksum": self._deletes_checksums.get(p.deletes_file or "") or
                            known.get(p.deletes_file)} for p in live]}
        _fsync(self.directory)
        replace_atomically(self.directory / CURRENT, json.dumps(state).encode("utf-8"))
        _fsync(self.directory)
        keep = {CURRENT}
        for st in (state, previous if isinstance(previous, dict) else {}):
            for rec in st.get("parts", []):
                keep.add(rec.get("name"))
                keep.add(rec.get("deletes"))
        for path in self.directory.iterdir():  # only files named as this copy names its own
            if path.name not in keep and _OWN.match(path.name):
                shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)


def _scores(part: Part, rows: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``part``'s vectors of ``rows`` @ ``query``, a block of rows at a time (each block is scored while it is in
    the cache, its checksums verified on first read), without BLAS: its thread pool spins for a product this small,
    and costs several times the work on a busy machine."""
    out = np.empty(len(rows), dtype=np.float32)
    for start in range(0, len(rows), SCORE_BLOCK):
        block = rows[start:start + SCORE_BLOCK]
        out[start:start + len(block)] = np.einsum("ij,j->i", part.vectors_at(block), query)  # one thread: no BLAS pool
    return out


def _read_part(path: Path, rows: int, dim: int) -> Part:
    """A part as ``CURRENT`` records it: its header and shapes checked (nothing of its arrays is read)."""
    if not path.is_dir():
        try:
            file = MappedFile(path, MAGIC, DenseCopyDamaged, f"part {path.name} of the dense copy")
        except OSError as exc:
            raise DenseCopyDamaged(f"part {path.name} of the dense copy cannot be read ({type(exc).__name__})") \
                from None
        shapes = [file.shape(key) for key in _FILES]
        if any(shape[0] != rows for shape in shapes) or (rows and shapes[-1][1:] != (dim,)):
            raise DenseCopyDamaged(f"part {path.name} of the dense copy does not have the rows CURRENT records")
        return Part(path.name, rows, file=file)
    try:  # the former layout: a folder of .npy files, shape-checked only
        arrays = {key: np.load(path / f"{key}.npy", mmap_mode="r") for key in _FILES}
    except (OSError, ValueError) as exc:
        raise DenseCopyDamaged(f"part {path.name} of the dense copy cannot be read ({type(exc).__name__})") from None
    if any(len(a) != rows for a in arrays.values()) or (rows and arrays["vectors"].shape[1] != dim):
        raise DenseCopyDamaged(f"part {path.name} of the dense copy does not have the rows CURRENT records")
    return Part(path.name, rows, arrays=arrays)


def _save(path: Path, array: np.ndarray) -> str:
    """Write a deletion file durably; its checksum (recorded in ``CURRENT``)."""
    buffer = io.BytesIO()
    np.save(buffer, array)
    data = buffer.getvalue()
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    return checksum(data)


def _load_deletes(path: Path, stored: str | None) -> np.ndarray:
    """A deletion file, checked against the checksum ``CURRENT`` records (files written before it had none)."""
    data = path.read_bytes()
    if stored is not None and checksum(data) != stored:
        raise DenseCopyDamaged(f"the deletion file {path.name} of the dense copy fails its checksum")
    try:
        return np.load(io.BytesIO(data))
    except ValueError:
        raise DenseCopyDamaged(f"the deletion file {path.name} of the dense copy cannot be read") from None


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
