"""A memory-mapped copy of every committed chunk: its vector, date, language, text and metadata; dense search.

Chroma's filtered search is slow when a filter matches many chunks, and an embedded Chroma loads its whole HNSW graph
and float32 vectors into the process before it answers anything (seconds, and most of the memory, at 1M chunks). This
copy answers the read side without it (:class:`rag_bot.index.chunks.ChunkReader`): it holds, per part, ``ids``,
``order`` and ``ids_sorted`` (the rows of the ids in sorted order, and those ids: a chunk is located by binary
search), ``date_int``, ``language``, ``vectors`` (float32, unit length), and the chunk's ``text`` and ``metadata``
(UTF-8 and JSON, as Chroma stores them, each behind an offsets array) as one memory-mapped file, so a query touches
only the pages it reads. A part of :data:`rag_bot.index.ann.MIN_ROWS` rows or more is also an inverted file: its
rows grouped by k-means list, with ``centroids``, ``list_offsets``, ``codes`` (int8 residuals) and ``scale``
(:mod:`rag_bot.index.ann`).

Searching (:meth:`DenseCopy.search`): when few enough chunks pass a filter (``limit``), or the copy is small
(``exact_chunks``), every chunk that passes is scored exactly (recall 1.0). Otherwise each inverted part scores its
``probe`` nearest lists' codes (with a filter: lists in the order of their centroids' closeness until as many passing
rows were scored as ``probe`` lists hold on average, so a filter that goes against the question probes further), the
other parts are scored exactly, and the best ``rerank`` are scored again with their float32 vectors.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rag_bot.index import ann, mapped
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
Stored = Callable[[list[str]], dict[str, tuple[str, dict[str, Any]]]]  # ids -> their stored text and metadata
Mask = tuple[np.ndarray, np.ndarray]  # a part's rows passing a filter (bool) and their running count (int64)


class DenseCopyDamaged(ValueError):
    """A file of the copy is missing or does not have the shape ``CURRENT`` records."""


@dataclass
class DenseEntry:
    """One chunk as the copy keeps it."""

    id: str
    vector: np.ndarray
    date_int: int
    language: str
    text: str | None = None  # the chunk's text and metadata as Chroma stores them (None: not kept, read from Chroma)
    metadata: dict[str, Any] | None = None


class Part:
    """One immutable part with the rows alive in the live generation.

    A part written now is one :mod:`rag_bot.index.mapped` file (a CRC-32 per 64 KiB block): its small columns
    (``ids``, ``order``, ``ids_sorted``, ``date_int``, ``language``, and an inverted part's ``centroids``,
    ``list_offsets``, ``scale``) are verified whole on first use, its vectors, codes and texts block by block as
    reads touch them, once per process. A part of the former layout (a folder of ``.npy`` files) is only
    shape-checked; ``rag-bot index repair`` rewrites it (:meth:`DenseCopy.upgrade`), as it does parts written before
    texts and inverted lists were kept."""

    def __init__(self, name: str, rows: int, file: MappedFile | None = None,
                 arrays: dict[str, np.ndarray] | None = None, deleted: np.ndarray | None = None,
                 deletes_file: str | None = None) -> None:
        self.name, self.rows, self._file, self._arrays = name, rows, file, arrays or {}
        self.deleted = deleted if deleted is not None else np.zeros(0, np.int64)
        self.deletes_file = deletes_file
        self._alive: np.ndarray | None = None
        self._lists: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None

    @property
    def current(self) -> bool:
        """Whether the part is in the checksummed format written now."""
        return self._file is not None

    def _has(self, name: str) -> bool:
        return self._file is not None and name in self._file.names()

    @property
    def has_text(self) -> bool:
        """Whether the part keeps its chunks' text and metadata (parts written before it did are read from Chroma)."""
        return self._has("text")

    @property
    def inverted(self) -> bool:
        """Whether the part's rows are grouped in k-means lists with int8 codes (approximate search)."""
        return self._has("centroids")

    @property
    def wants_upgrade(self) -> bool:
        """Whether ``rag-bot index repair`` rewrites this part: the former layout, no texts, or no lists where
        its size calls for them."""
        return not self.current or not self.has_text or (not self.inverted and bool(ann.list_count(self.live)))

    @property
    def live(self) -> int:
        return self.rows - len(self.deleted)

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
        """The vectors (float32, unit length) of ``rows``, verifying only the blocks they sit in (a transient read:
        scattered rows would otherwise leave most of the vectors resident)."""
        if self._file is not None:
            return self._file.take("vectors", rows, transient=True)
        return np.asarray(self._arrays["vectors"][rows])

    def vectors_between(self, lo: int, hi: int) -> np.ndarray:
        """The vectors of rows ``lo:hi`` (a slice: no copy), verifying only the blocks they sit in."""
        if self._file is not None:
            return self._file.rows("vectors", lo, hi)
        return np.asarray(self._arrays["vectors"][lo:hi])

    def texts_at(self, rows: np.ndarray) -> list[tuple[str, dict[str, Any]]]:
        """The text and metadata of ``rows`` (the part keeps them: :attr:`has_text`)."""
        assert self._file is not None
        out = []
        for row in np.asarray(rows, dtype=np.int64).tolist():
            text = self._ragged("text", row).decode("utf-8")
            meta = json.loads(self._ragged("metadata", row).decode("utf-8"))
            out.append((text, meta if isinstance(meta, dict) else {}))
        return out

    def _ragged(self, name: str, row: int) -> bytes:
        assert self._file is not None
        lo, hi = (int(v) for v in self._file.rows(f"{name}_offsets", row, row + 2))  # 8 bytes a row: kept
        if not 0 <= lo <= hi <= self._file.shape(name)[0]:
            raise DenseCopyDamaged(f"the {name} offsets of part {self.name} of the dense copy are out of range")
        return self._file.rows(name, lo, hi, transient=True).tobytes()

    def lists(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """An inverted part's (centroids, list_offsets, scale, list of each row), checked against each other."""
        if self._lists is None:
            assert self._file is not None
            centroids, offsets = self._file.array("centroids"), self._file.array("list_offsets")
            scale = self._file.array("scale")
            if len(offsets) != len(centroids) + 1 or int(offsets[0]) != 0 or int(offsets[-1]) != self.rows or \
                    np.any(np.diff(offsets) < 0) or self._file.shape("codes") != (self.rows, centroids.shape[1]) \
                    or scale.shape != (centroids.shape[1],):
                raise DenseCopyDamaged(f"the lists of part {self.name} of the dense copy do not fit its rows")
            owner = np.repeat(np.arange(len(centroids), dtype=np.int32), np.diff(offsets))
            self._lists = (centroids, offsets, scale, owner)
        return self._lists

    def codes_at(self, rows: np.ndarray) -> np.ndarray:
        assert self._file is not None
        return self._file.take("codes", rows, transient=True)

    def with_deletes(self, deleted: np.ndarray, deletes_file: str | None) -> Part:
        """The same part under another deletion set (shares the mapped arrays)."""
        part = Part(self.name, self.rows, self._file, self._arrays, np.asarray(deleted, dtype=np.int64), deletes_file)
        part._lists = self._lists
        return part

    def verify(self) -> None:
        """Verify every block now (:class:`DenseCopyDamaged` on the first that fails)."""
        if self._file is not None:
            self._file.verify()
            if self.inverted:
                self.lists()

    def alive(self) -> np.ndarray | None:
        if not len(self.deleted):
            return None
        if self._alive is None:
            keep = np.ones(self.rows, dtype=bool)
            keep[self.deleted] = False
            self._alive = keep
        return self._alive

    def mask(self, filters: SearchFilters) -> np.ndarray:
        """Rows alive and passing ``filters`` (the same rules as :func:`rag_bot.index.vectors.matches`)."""
        keep = columns_match(self.date_int, self.language, filters)
        if len(self.deleted):
            keep[self.deleted] = False
        return keep

    def locate(self, keys: np.ndarray) -> np.ndarray:
        """Rows of the ids ``keys`` (an ``S`` array) held here, alive or not."""
        return self.find(keys)[1]

    def find(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(positions in ``keys``, rows) of the ids ``keys`` (an ``S`` array) held here, alive or not: a binary
        search in ``ids_sorted`` (parts written before it existed sort their ids first)."""
        none = np.zeros(0, dtype=np.int64)
        if not self.rows or not len(keys):
            return none, none
        ids, order = self.ids, self.order
        width = ids.dtype.itemsize
        fits = np.flatnonzero(np.char.str_len(keys) <= width)
        wanted = keys[fits].astype(ids.dtype)
        ordered = self._column("ids_sorted") if self._has("ids_sorted") else ids[order]
        pos = np.minimum(np.searchsorted(ordered, wanted), self.rows - 1)
        found = ordered[pos] == wanted
        return fits[found].astype(np.int64), np.asarray(order[pos[found]], dtype=np.int64)


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
        self._mask_cache: dict[tuple[Any, ...], list[Mask | None]] = {}  # (generation, filters) -> masks

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

    def former_parts(self) -> int:
        """Live parts ``rag-bot index repair`` rewrites: the former layout, without texts, or without lists."""
        gen = self.generation()
        return sum(part.wants_upgrade for part in gen.parts) if gen else 0

    def upgrade(self, stored: Stored | None = None) -> int:
        """Rewrite the parts :attr:`Part.wants_upgrade` names (the former layout, no texts, no lists where their size
        calls for them), their deleted rows dropped (a merge of each alone); ``stored(ids)`` gives the texts and
        metadata a part lacks (from Chroma). Returns how many were rewritten. The caller holds the writer lock."""
        with self._lock:
            gen = self.generation()
            if gen is None:
                return 0
            live, number, done = list(gen.parts), gen.number, 0
            for part in [p for p in live if p.wants_upgrade]:
                number += 1
                merged = self._merge([part], number, gen.dim, stored)
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

    def search(self, vector: np.ndarray, k: int, filters: SearchFilters, limit: int, probe: int = 0,
               exact_chunks: int = 0, rerank: int = 0) -> list[tuple[str, float]] | None:
        """The top ``k`` (id, cosine similarity) of the chunks passing ``filters``, best first (ties by id); None when
        there is no copy or its vectors have another dimension.

        Exact (every passing chunk scored: recall 1.0) when at most ``limit`` chunks pass, or when the copy holds at
        most ``exact_chunks``; otherwise approximate when ``probe`` > 0 (each inverted part's ``probe`` nearest lists,
        the best ``max(rerank, k)`` scored again exactly), else None (the caller searches another way)."""
        gen = self.generation()
        query = np.asarray(vector, dtype=np.float32).ravel()
        if gen is None or gen.dim != len(query) or k <= 0:
            return None
        norm = float(np.linalg.norm(query))
        query = query / norm if norm > 0 else query
        masks = self._masks(gen, filters)
        passing = sum(p.live if m is None else int(m[1][-1]) for p, m in zip(gen.parts, masks, strict=True))
        if passing <= limit or gen.rows <= exact_chunks:
            return self._exact(gen, masks, query, k)
        if probe <= 0:
            return None
        return self._approximate(gen, masks, query, k, probe, max(rerank, k))

    def _masks(self, gen: Generation, filters: SearchFilters) -> list[Mask | None]:
        """Per part, the rows alive and passing ``filters`` and their running count (``counts[i]``: passing rows
        before row ``i``); None: every row (nothing deleted, no filter). Kept per generation for the filters last
        asked (questions repeat filters)."""
        key = (gen.number, filters.date, filters.date_from, filters.date_to, filters.language)
        with self._lock:
            found = self._mask_cache.get(key)
        if found is not None:
            return found
        out: list[Mask | None] = []
        for part in gen.parts:
            if filters.is_empty() and not len(part.deleted):
                out.append(None)
                continue
            keep = part.mask(filters)
            counts = np.zeros(part.rows + 1, dtype=np.int64)
            np.cumsum(keep, out=counts[1:])
            out.append((keep, counts))
        with self._lock:
            if len(self._mask_cache) >= 16 or any(k[0] != gen.number for k in self._mask_cache):
                self._mask_cache.clear()
            self._mask_cache[key] = out
        return out

    @staticmethod
    def _exact(gen: Generation, masks: list[Mask | None], query: np.ndarray,
               k: int) -> list[tuple[str, float]]:
        scores, owners, rows_all = [], [], []
        for i, (part, mask) in enumerate(zip(gen.parts, masks, strict=True)):
            if mask is None:
                score = _scores_between(part, 0, part.rows, query)
                rows = np.arange(part.rows)
            else:
                rows = np.flatnonzero(mask[0])
                if not len(rows):
                    continue
                score = _scores(part, rows, query)
            scores.append(score)
            owners.append(np.full(len(rows), i, dtype=np.int32))
            rows_all.append(rows)
        if not scores:
            return []
        return _best(gen, np.concatenate(scores), np.concatenate(owners), np.concatenate(rows_all), k)

    @staticmethod
    def _approximate(gen: Generation, masks: list[Mask | None], query: np.ndarray, k: int, probe: int,
                     rerank: int) -> list[tuple[str, float]]:
        scores, owners, rows_all, exact = [], [], [], []
        for i, (part, mask) in enumerate(zip(gen.parts, masks, strict=True)):
            if part.inverted:
                rows, score = _probe(part, mask, query, probe)
                is_exact = False
            elif mask is None:
                rows, score, is_exact = np.arange(part.rows), _scores_between(part, 0, part.rows, query), True
            else:
                rows = np.flatnonzero(mask[0])
                score, is_exact = _scores(part, rows, query), True
            if not len(rows):
                continue
            if len(rows) > rerank:  # only the best ``rerank`` of a part can be among the best ``rerank`` of all
                keep = np.argpartition(-score, rerank - 1)[:rerank]
                rows, score = rows[keep], score[keep]
            scores.append(score)
            owners.append(np.full(len(rows), i, dtype=np.int32))
            rows_all.append(rows)
            exact.append(np.full(len(rows), is_exact))
        if not scores:
            return []
        score, owner, row = np.concatenate(scores), np.concatenate(owners), np.concatenate(rows_all)
        is_exact = np.concatenate(exact)
        if len(score) > rerank:
            keep = np.argpartition(-score, rerank - 1)[:rerank]
            score, owner, row, is_exact = score[keep], owner[keep], row[keep], is_exact[keep]
        for i in np.unique(owner[~is_exact]).tolist():  # the codes' estimates scored again with the vectors
            at = np.flatnonzero((owner == i) & ~is_exact)
            score[at] = _scores(gen.parts[i], row[at], query)
        return _best(gen, score, owner, row, k)

    def chunks(self, ids: Sequence[str]) -> tuple[dict[str, tuple[str, dict[str, Any]]], list[str]]:
        """The text and metadata of the live ``ids`` this copy keeps them for, and the ids it cannot answer for (not
        held, or held in a part written before texts were kept: the caller reads those from Chroma)."""
        gen = self.generation()
        if gen is None or not ids:
            return {}, list(ids)
        found: dict[str, tuple[str, dict[str, Any]]] = {}
        for part, at, rows in self._find(gen, ids):
            if part.has_text:
                for j, got in zip(at.tolist(), part.texts_at(rows), strict=True):
                    found[ids[j]] = got
        return found, [i for i in ids if i not in found]

    def vectors(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The vectors (unit length) of the live ``ids`` held here."""
        gen = self.generation()
        out: dict[str, np.ndarray] = {}
        for part, at, rows in self._find(gen, ids) if gen is not None and ids else []:
            for j, vec in zip(at.tolist(), part.vectors_at(rows), strict=True):
                out[ids[j]] = np.array(vec)
        return out

    @staticmethod
    def _find(gen: Generation, ids: Sequence[str]) -> list[tuple[Part, np.ndarray, np.ndarray]]:
        """Per part: (positions in ``ids``, rows) of the live ``ids`` it holds."""
        keys = np.asarray([i.encode("utf-8") for i in ids])
        out = []
        for part in gen.parts:
            at, rows = part.find(keys)
            alive = part.alive()
            if alive is not None and len(rows):
                keep = alive[rows]
                at, rows = at[keep], rows[keep]
            if len(rows):
                out.append((part, at, rows))
        return out

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
        texts = None
        if all(e.text is not None for e in entries):
            texts = _ragged([(e.text or "").encode("utf-8") for e in entries]) + \
                _ragged([_metadata_bytes(e.metadata) for e in entries])
        return self._write_arrays(ids, np.asarray([e.date_int for e in entries], dtype=np.int32),
                                  np.asarray([e.language.encode("utf-8") for e in entries], dtype="S8"),
                                  vectors, number, texts)

    def _merge(self, parts: list[Part], number: int, dim: int, stored: Stored | None = None) -> Part | None:
        """One part of the live rows of ``parts`` (texts kept when every part has them, or ``stored`` gives them)."""
        keep = [(p, p.alive()) for p in parts]
        pick = [np.arange(p.rows) if a is None else np.flatnonzero(a) for p, a in keep]
        if not sum(len(r) for r in pick):
            return None
        width = max(p.ids.dtype.itemsize for p in parts)
        ids = np.concatenate([np.asarray(p.ids)[r].astype(f"S{width}") for p, r in zip(parts, pick, strict=True)])
        texts = None
        if all(p.has_text for p in parts):
            texts = _concat_ragged([_take_ragged(p, "text", r) for p, r in zip(parts, pick, strict=True)]) + \
                _concat_ragged([_take_ragged(p, "metadata", r) for p, r in zip(parts, pick, strict=True)])
        elif stored is not None:  # a part written before texts were kept: they are read back from Chroma
            names = [b.decode("utf-8") for b in ids.tolist()]
            known: dict[str, tuple[str, dict[str, Any]]] = {}
            for start in range(0, len(names), 20_000):
                known.update(stored(names[start:start + 20_000]))
            if all(n in known for n in names):
                texts = _ragged([known[n][0].encode("utf-8") for n in names]) + \
                    _ragged([_metadata_bytes(known[n][1]) for n in names])
        return self._write_arrays(
            ids,
            np.concatenate([np.asarray(p.date_int)[r] for p, r in zip(parts, pick, strict=True)]),
            np.concatenate([np.asarray(p.language)[r] for p, r in zip(parts, pick, strict=True)]),
            _PartRows(parts, pick, dim), number, texts)  # type: ignore[arg-type]  # read on demand

    def _write_arrays(self, ids: np.ndarray, dates: np.ndarray, langs: np.ndarray, vectors: np.ndarray,
                      number: int, texts: tuple[np.ndarray, ...] | None = None) -> Part:
        """Write one part; with :data:`rag_bot.index.ann.MIN_ROWS` rows or more its rows are put in list order and
        the lists and codes are written with them."""
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"p-{number:06d}-{uuid.uuid4().hex[:8]}"
        tmp = self.directory / f".tmp-{name}"
        if not isinstance(vectors, _PartRows):
            vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        lists = ann.build(vectors, seed=number) if len(ids) else None
        extra: dict[str, np.ndarray] = {}
        stored_vectors: np.ndarray | mapped.Gathered = \
            vectors if isinstance(vectors, np.ndarray) else mapped.Gathered(vectors, np.arange(len(vectors)))
        if lists is not None:
            perm = lists.pop("permutation")
            ids, dates, langs = ids[perm], dates[perm], langs[perm]
            stored_vectors = mapped.Gathered(vectors, perm)  # written in list order, never a second copy
            if texts is not None:  # in list order, streamed into the file: never a second copy
                texts = _permuted_stream(texts[0], texts[1], perm) + _permuted_stream(texts[2], texts[3], perm)
            extra = lists
        order = np.argsort(ids, kind="stable").astype(np.int64)
        arrays = {"ids": ids, "order": order, "ids_sorted": ids[order], "date_int": dates, "language": langs,
                  "vectors": stored_vectors, **extra}
        if texts is not None:
            arrays.update(text_offsets=texts[0], text=texts[1], metadata_offsets=texts[2], metadata=texts[3])
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


def _scores_between(part: Part, lo: int, hi: int, query: np.ndarray) -> np.ndarray:
    """``part``'s vectors of rows ``lo:hi`` @ ``query``, a block at a time (slices of the mapping: no copy)."""
    out = np.empty(hi - lo, dtype=np.float32)
    for start in range(lo, hi, SCORE_BLOCK):
        end = min(hi, start + SCORE_BLOCK)
        out[start - lo:end - lo] = np.einsum("ij,j->i", part.vectors_between(start, end), query)
    return out


def _probe(part: Part, mask: Mask | None, query: np.ndarray, probe: int) -> tuple[np.ndarray, np.ndarray]:
    """An inverted part's candidate rows and their approximate scores: the rows (alive, passing) of its lists nearest
    ``query``, ``probe`` of them, or with a filter as many lists, nearest first, as it takes to score as many passing
    rows as ``probe`` lists hold on average."""
    centroids, offsets, scale, owner = part.lists()
    closeness = np.einsum("ij,j->i", centroids, query)  # one thread: BLAS's pool spins for a product this small
    order = np.argsort(-closeness, kind="stable")
    if mask is None:
        lists = order[:probe]
    else:
        counts = mask[1]
        passing = counts[offsets[1:]] - counts[offsets[:-1]]
        budget = max(1, probe * part.rows // len(centroids))
        seen = np.cumsum(passing[order])
        lists = order[:max(probe, int(np.searchsorted(seen, budget)) + 1)]
    starts, lengths = offsets[lists], offsets[lists + 1] - offsets[lists]
    total = int(lengths.sum())
    if not total:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
    rows = np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(total)
    if mask is not None:
        rows = rows[mask[0][rows]]
    return rows, ann.score_codes(part.codes_at(rows), closeness[owner[rows]], scale * query)


def _best(gen: Generation, score: np.ndarray, owner: np.ndarray, row: np.ndarray, k: int) -> list[tuple[str, float]]:
    """The ``k`` best of scored rows as (id, score), best first, ties by id."""
    if len(score) > k:
        kth = np.partition(score, len(score) - k)[len(score) - k]
        pick = np.flatnonzero(score >= kth)
    else:
        pick = np.arange(len(score))
    found = [(float(score[i]), gen.parts[owner[i]].ids[row[i]].decode("utf-8")) for i in pick]
    found.sort(key=lambda sc: (-sc[0], sc[1]))
    return [(cid, sc) for sc, cid in found[:k]]


def _metadata_bytes(metadata: dict[str, Any] | None) -> bytes:
    """A chunk's metadata as the copy keeps it: JSON of the values Chroma keeps (None values are dropped)."""
    return json.dumps({k: v for k, v in (metadata or {}).items() if v is not None},
                      ensure_ascii=False).encode("utf-8")


def _ragged(items: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """(offsets, bytes) of a list of byte strings: item ``i`` is ``bytes[offsets[i]:offsets[i + 1]]``."""
    offsets = np.zeros(len(items) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in items], out=offsets[1:])
    return offsets, np.frombuffer(b"".join(items), dtype=np.uint8).copy()


def _permuted_offsets(offsets: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lengths, offsets) of the items ``rows`` of a ragged column taken in that order."""
    lengths = (offsets[1:] - offsets[:-1])[rows]
    out_offsets = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(lengths, out=out_offsets[1:])
    return lengths, out_offsets


def _permute_ragged(offsets: np.ndarray, data: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The items ``rows`` of a ragged column, in that order, as a new ragged column (bounded memory: a block of
    rows at a time)."""
    lengths, out_offsets = _permuted_offsets(offsets, rows)
    out = np.empty(int(out_offsets[-1]), dtype=np.uint8)
    for start in range(0, len(rows), 8192):
        block = rows[start:start + 8192]
        lens = lengths[start:start + 8192]
        total = int(lens.sum())
        if total:
            firsts = np.repeat(np.asarray(offsets[block], dtype=np.int64) - np.cumsum(lens) + lens, lens)
            at = int(out_offsets[start])
            out[at:at + total] = np.asarray(data)[firsts + np.arange(total)]
    return out_offsets, out


class _PartRows:
    """The vectors of rows ``pick`` of each of ``parts``, as one read-only array whose rows are read from the parts'
    files when indexed (transiently): a merge reads them a batch at a time, never holding them all (800k rows:
    1.2 GB)."""

    def __init__(self, parts: list[Part], pick: list[np.ndarray], dim: int) -> None:
        self.parts, self.pick = parts, pick
        self.bounds = np.cumsum([0, *(len(r) for r in pick)])
        self.shape = (int(self.bounds[-1]), dim)
        self.ndim, self.dtype = 2, np.dtype(np.float32)
        self.nbytes = self.shape[0] * dim * self.dtype.itemsize

    def __len__(self) -> int:
        return self.shape[0]

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self[np.arange(len(self))]

    def __getitem__(self, key: slice | np.ndarray) -> np.ndarray:
        rows = np.arange(*key.indices(len(self))) if isinstance(key, slice) else np.asarray(key, dtype=np.int64)
        out = np.empty((len(rows), self.shape[1]), dtype=np.float32)
        which = np.searchsorted(self.bounds, rows, side="right") - 1
        for k in np.unique(which).tolist():
            at = np.flatnonzero(which == k)
            out[at] = self.parts[k].vectors_at(self.pick[k][rows[at] - self.bounds[k]]).reshape(-1, self.shape[1])
        return out


def _permuted_stream(offsets: np.ndarray, data: np.ndarray,
                     rows: np.ndarray) -> tuple[np.ndarray, mapped.Stream]:
    """:func:`_permute_ragged` without holding the result: its offsets, and its bytes as a stream of blocks."""
    out_offsets = _permuted_offsets(offsets, rows)[1]

    def blocks() -> Iterator[np.ndarray]:
        for start in range(0, len(rows), 8192):
            yield _permute_ragged(offsets, data, rows[start:start + 8192])[1]

    return out_offsets, mapped.Stream(np.uint8, int(out_offsets[-1]), blocks)


def _take_ragged(part: Part, name: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The items ``rows`` (ascending) of one of ``part``'s ragged columns, read a span of rows at a time
    (transiently: a merge reads every row, which would otherwise stay resident)."""
    assert part._file is not None
    file = part._file
    offsets = file.rows(f"{name}_offsets", 0, part.rows + 1, transient=True)
    pieces = []
    for start in range(0, len(rows), 8192):
        block = rows[start:start + 8192]
        lo, hi = int(offsets[block[0]]), int(offsets[block[-1] + 1])
        if not 0 <= lo <= hi <= file.shape(name)[0]:
            raise DenseCopyDamaged(f"the {name} offsets of part {part.name} of the dense copy are out of range")
        span = file.rows(name, lo, hi, transient=True)
        pieces.append(_permute_ragged(offsets[block[0]:block[-1] + 2] - lo, span, block - block[0]))
    return _concat_ragged(pieces) if pieces else (np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.uint8))


def _concat_ragged(columns: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    offsets, data, at = [np.zeros(1, dtype=np.int64)], [], 0
    for off, raw in columns:
        offsets.append(off[1:] + at)
        data.append(raw)
        at += len(raw)
    return np.concatenate(offsets), np.concatenate(data) if data else np.zeros(0, dtype=np.uint8)


def _read_part(path: Path, rows: int, dim: int) -> Part:
    """A part as ``CURRENT`` records it: its header and shapes checked (nothing of its arrays is read)."""
    if not path.is_dir():
        try:
            file = MappedFile(path, MAGIC, DenseCopyDamaged, f"part {path.name} of the dense copy")
        except OSError as exc:
            raise DenseCopyDamaged(f"part {path.name} of the dense copy cannot be read ({type(exc).__name__})") \
                from None
        shapes = [file.shape(key) for key in _FILES]
        names = set(file.names())
        extra = [file.shape(key)[0] == rows + 1 for key in ("text_offsets", "metadata_offsets") if key in names]
        if "ids_sorted" in names:
            extra.append(file.shape("ids_sorted")[0] == rows)
        if "codes" in names:
            extra.append(file.shape("codes") == (rows, dim))
        if any(shape[0] != rows for shape in shapes) or (rows and shapes[-1][1:] != (dim,)) or not all(extra):
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
