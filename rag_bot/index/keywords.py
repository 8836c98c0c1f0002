"""The keyword side of the index: BM25 over immutable segments, changed incrementally and published atomically.

Layout of the directory:
- ``seg-GGGGGG-xxxxxxxx``: immutable segment files (:mod:`rag_bot.index.segments`), one per ingestion run or merge;
- ``seg-...del-GGGGGG.npy``: the rows deleted from a segment so far (a new file each time that set grows);
- ``CURRENT``: the live generation, a small JSON naming its segments and their deletion files, replaced atomically
  (temporary file, fsync, ``os.replace``) after everything it names is on disk.

A change (:meth:`KeywordIndex.apply`) writes one new segment for the added chunks and new deletion files for the
segments that lose rows, then switches ``CURRENT``: its cost follows the change, not the corpus, and no existing
segment file is rewritten. BM25 is scored at query time from raw term frequencies with the statistics of the
whole live index (document count, average length and document frequency over live rows only), so the scores equal a
full rebuild's. Readers notice a new ``CURRENT`` by one ``stat``, keep the segments they already mapped and load
only new ones; a reader never sees a half-written generation, and a writer killed before the switch leaves the
previous one live (its leftovers are pruned by the next writer). Small segments are merged in tiers (at most
``MERGE_FACTOR`` per tier), after the change is published, so a change's publish never waits for a merge.

Engines reading the same segments: ``segments`` (default; numpy over the memory-mapped postings) and ``rank_bm25``
(``BM25Okapi`` rebuilt in memory from the postings at load: the small-corpus engine).
"""

from __future__ import annotations

import functools
import io
import json
import logging
import math
import os
import re
import shutil
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from rag_bot.index import segments
from rag_bot.index.durable import checksum, is_temporary, replace_atomically, write_new
from rag_bot.index.errors import IndexCorrupted
from rag_bot.index.segments import Segment, SegmentDamaged
from rag_bot.index.tokenize import tokenize
from rag_bot.index.types import SearchFilters
from rag_bot.index.vectors import columns_match

log = logging.getLogger(__name__)
T = TypeVar("T")
CURRENT = "CURRENT"
FORMAT = 2
K1, B = 1.5, 0.75  # BM25 parameters (as bm25s and Lucene)
MERGE_FACTOR = 8  # segments of one size tier (a power of MERGE_FACTOR rows) before they are merged into one
COMPACT_SHARE = 0.5  # a segment with more than this share of rows deleted is rewritten without them
# the files this index writes in its directory: the only ones it ever deletes (the former format's snapshots too)
_GENERATION = re.compile(r"^seg-(\d{6})-")
OWN_FILES = re.compile(r"^seg-\d{6}-[0-9a-f]{8}(\.del-\d{6}\.npy)?$|^\.tmp-seg-\d{6}-[\w.-]+$|^snap-[\w.-]+$")


@dataclass
class KeywordEntry:
    """What the keyword side keeps of one chunk."""

    id: str
    tokens: list[str]
    date_int: int
    language: str
    doc_id: str = ""


class LiveSegment:
    """One segment of a generation: its arrays, its vocabulary and which of its rows are alive."""

    def __init__(self, name: str, arrays: Segment, path: Path | None) -> None:
        self.name = name
        self.arrays = arrays
        self.path = path  # None: only in memory (converted from the former snapshot format), written on next change
        self.deleted: np.ndarray = np.zeros(0, dtype=np.int32)
        self.deletes_file: str | None = None
        self.alive: np.ndarray | None = None  # None: every row alive

    def with_deletes(self, deleted: np.ndarray, deletes_file: str | None) -> LiveSegment:
        """The same segment under another deletion set (shares the mapped arrays)."""
        other = LiveSegment.__new__(LiveSegment)
        other.name, other.arrays, other.path = self.name, self.arrays, self.path
        other.deleted, other.deletes_file = np.asarray(deleted, dtype=np.int32), deletes_file
        if len(other.deleted):
            other.alive = np.ones(self.arrays.rows, dtype=bool)
            other.alive[other.deleted] = False
        else:
            other.alive = None
        return other

    def term_id(self, term: str) -> int | None:
        """Row of ``term`` in the postings (the vocabulary is sorted: a binary search, no dictionary to build at
        load)."""
        return self.arrays.term_id(term)

    @property
    def live_rows(self) -> int:
        return self.arrays.rows - len(self.deleted)

    def live_tokens(self) -> int:
        total = self.arrays.tokens
        if not len(self.deleted):
            return total
        return total - int(np.asarray(self.arrays.lengths)[self.deleted].astype(np.int64).sum())

    def mask(self, filters: SearchFilters, rows: np.ndarray | None = None) -> np.ndarray:
        """Which of ``rows`` (all rows when None) are alive and pass ``filters``."""
        sel = slice(None) if rows is None else rows
        keep = np.ones(self.arrays.rows if rows is None else len(rows), dtype=bool)
        if self.alive is not None:
            keep &= self.alive[sel]
        if filters.is_empty():
            return keep
        return keep & columns_match(self.arrays.date_int[sel], self.arrays.language[sel], filters)


class Generation:
    """One published state: its segments and the index-wide BM25 statistics."""

    def __init__(self, number: int, live: list[LiveSegment]) -> None:
        self.number = number
        self.segments = live
        self.rows = sum(s.live_rows for s in live)
        self.tokens = sum(s.live_tokens() for s in live)

    def ids(self) -> list[str]:
        out: list[str] = []
        for seg in self.segments:
            ids = np.asarray(seg.arrays.ids)
            if seg.alive is not None:
                ids = ids[seg.alive]
            out.extend(b.decode("utf-8") for b in ids.tolist())
        return out


class KeywordEngine:
    """A BM25 scorer over one generation."""

    def __init__(self, gen: Generation) -> None:
        self.gen = gen

    def search(self, tokens: list[str], k: int, filters: SearchFilters) -> list[tuple[str, float]]:
        raise NotImplementedError


def _top(candidates: list[tuple[np.ndarray, np.ndarray, LiveSegment]], k: int) -> list[tuple[str, float]]:
    """Best ``k`` of (scores, rows, segment) candidates; ties ordered by id, so any segment layout ranks alike."""
    if not candidates:
        return []
    scores = np.concatenate([c[0] for c in candidates])
    if len(scores) == 0:
        return []
    owner = np.concatenate([np.full(len(c[0]), i, dtype=np.int32) for i, c in enumerate(candidates)])
    rows = np.concatenate([c[1] for c in candidates])
    if len(scores) > k:
        kth = np.partition(scores, len(scores) - k)[len(scores) - k]
        pick = np.flatnonzero(scores >= kth)  # ties at the k-th score included, then cut after ordering by id
    else:
        pick = np.arange(len(scores))
    found = [(float(scores[i]), candidates[owner[i]][2].arrays.ids[rows[i]].decode("utf-8")) for i in pick]
    found.sort(key=lambda sc: (-sc[0], sc[1]))
    return [(cid, score) for score, cid in found[:k]]


class SegmentsEngine(KeywordEngine):
    """BM25 over the memory-mapped postings, with the live index's statistics (exact under deletions)."""

    def search(self, tokens: list[str], k: int, filters: SearchFilters) -> list[tuple[str, float]]:
        gen = self.gen
        weights = Counter(tokens)  # a word repeated in the query counts again, as in rank-bm25 and bm25s
        if not weights or gen.rows == 0 or k <= 0:
            return []
        avgdl = gen.tokens / gen.rows
        postings: dict[str, list[tuple[int, np.ndarray, np.ndarray]]] = {}
        df: Counter[str] = Counter()
        for si, seg in enumerate(gen.segments):
            for term in weights:
                j = seg.term_id(term)
                if j is None:
                    continue
                docs, tf = seg.arrays.postings(j)
                if seg.alive is not None:
                    keep = seg.alive[docs]
                    docs, tf = docs[keep], tf[keep]
                if len(docs):
                    df[term] += len(docs)
                    postings.setdefault(term, []).append((si, docs, tf))
        if not postings:
            return []
        idf = {t: weights[t] * math.log1p((gen.rows - df[t] + 0.5) / (df[t] + 0.5)) for t in postings}
        per_segment: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}
        for term in weights:  # query order: every layout sums each row's terms in the same order
            for si, docs, tf in postings.get(term, ()):
                seg = self.gen.segments[si]
                tf = tf.astype(np.float64)
                norm = K1 * (1.0 - B + B * seg.arrays.lengths[docs] / avgdl)
                per_segment.setdefault(si, []).append((docs, idf[term] * tf * (K1 + 1.0) / (tf + norm)))
        candidates = []
        for si, parts in per_segment.items():
            seg = self.gen.segments[si]
            docs = np.concatenate([d for d, _ in parts])
            contrib = np.concatenate([c for _, c in parts])
            if len(docs) * 16 < seg.arrays.rows:  # few postings: sum by row without a dense array
                rows, inverse = np.unique(docs, return_inverse=True)
                scores = np.bincount(inverse, weights=contrib, minlength=len(rows))
            else:
                dense = np.bincount(docs, weights=contrib, minlength=seg.arrays.rows)
                rows = np.flatnonzero(dense)
                scores = dense[rows]
            keep = seg.mask(filters, rows) & (scores > 0)
            candidates.append((scores[keep], rows[keep], seg))
        return _top(candidates, k)


class RankBm25Engine(KeywordEngine):
    """``rank-bm25`` (BM25Okapi) rebuilt in memory from the postings at load: fine for small corpora only."""

    def __init__(self, gen: Generation) -> None:
        super().__init__(gen)
        from rank_bm25 import BM25Okapi

        self._rows: list[tuple[LiveSegment, int]] = []
        corpus: list[list[str]] = []
        for seg in gen.segments:
            docs: list[list[str]] = [[] for _ in range(seg.arrays.rows)]
            indptr, tf = np.asarray(seg.arrays.indptr), np.asarray(seg.arrays.tf)
            for j, term in enumerate(seg.arrays.terms):
                for p in range(int(indptr[j]), int(indptr[j + 1])):
                    docs[int(seg.arrays.docs[p])].extend([term] * int(tf[p]))
            for row, toks in enumerate(docs):
                if seg.alive is None or seg.alive[row]:
                    self._rows.append((seg, row))
                    corpus.append(toks or [""])
        self._bm25 = BM25Okapi(corpus) if corpus else None

    def search(self, tokens: list[str], k: int, filters: SearchFilters) -> list[tuple[str, float]]:
        if self._bm25 is None or not tokens:
            return []
        scores = np.asarray(self._bm25.get_scores(tokens), dtype=np.float64)
        by_segment: dict[str, tuple[LiveSegment, list[int], list[float]]] = {}
        for (seg, row), score in zip(self._rows, scores, strict=True):
            if score > 0:
                entry = by_segment.setdefault(seg.name, (seg, [], []))
                entry[1].append(row)
                entry[2].append(score)
        candidates = []
        for seg, rows, sc in by_segment.values():
            rows_arr, sc_arr = np.asarray(rows, dtype=np.int64), np.asarray(sc)
            keep = seg.mask(filters, rows_arr)
            candidates.append((sc_arr[keep], rows_arr[keep], seg))
        return _top(candidates, k)


ENGINES: dict[str, type[KeywordEngine]] = {"segments": SegmentsEngine, "rank_bm25": RankBm25Engine}


def plan_merges(sizes: dict[str, tuple[int, int]]) -> list[list[str]]:
    """Segments to merge, given name -> (rows, deleted rows): every tier (rows within a power of ``MERGE_FACTOR``)
    holding ``MERGE_FACTOR`` segments or more is merged into one, and a segment mostly deleted is rewritten alone.
    Each row is thus rewritten about once per tier it climbs: log(N) times in all, whatever the order of changes."""
    tiers: dict[int, list[str]] = {}
    plans: list[list[str]] = []
    for name, (rows, deleted) in sizes.items():
        live = rows - deleted
        if rows and deleted > COMPACT_SHARE * rows:
            plans.append([name])
            continue
        tiers.setdefault(int(math.log(max(live, 1), MERGE_FACTOR)), []).append(name)
    plans += [names for names in tiers.values() if len(names) >= MERGE_FACTOR]
    return plans


def _reported(method: Callable[..., T]) -> Callable[..., T]:
    """A segment found damaged while it is read (its blocks are verified on first use) raises
    :class:`IndexCorrupted`, as at open: the damaged data is never used."""

    @functools.wraps(method)
    def wrapper(self: KeywordIndex, *args: Any, **kwargs: Any) -> T:
        try:
            return method(self, *args, **kwargs)
        except SegmentDamaged as exc:
            raise IndexCorrupted(self.directory.parent, str(exc)) from None

    return wrapper


class KeywordIndex:
    """The keyword index of one directory: written by one index writer, read by any number of processes."""

    def __init__(self, directory: Path, engine: str = "segments") -> None:
        if engine not in ENGINES:
            raise ValueError(f"Unknown keyword engine {engine!r}; choose one of {sorted(ENGINES)}.")
        self.directory = directory
        self.engine_name = engine
        self._gen: Generation | None = None
        self._engine: KeywordEngine | None = None
        self._seen: tuple[int, int, int] | None = None
        self._loaded: dict[str, LiveSegment] = {}  # segments mapped so far, by name (immutable: never reloaded)
        self._lock = threading.RLock()
        self._shares: dict[tuple, float] = {}  # (generation, filters) -> selectivity
        self._deletes_checksums: dict[str, str] = {}  # deletion files this writer wrote -> their checksums
        directory.mkdir(parents=True, exist_ok=True)

    # --- reading ------------------------------------------------------------------------------------------
    def _stamp(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.directory / CURRENT)
        except FileNotFoundError:
            return None
        return st.st_mtime_ns, st.st_ino, st.st_size

    def _read_current(self) -> dict | None:
        try:
            text = (self.directory / CURRENT).read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        if text.startswith("snap-"):  # the former format: one complete bm25s snapshot per publish
            return {"format": 1, "snapshot": text}
        try:
            state = json.loads(text)
        except ValueError:
            raise SegmentDamaged("the keyword index's CURRENT is not readable") from None
        if not isinstance(state, dict) or not isinstance(state.get("segments", []), list):
            raise SegmentDamaged("the keyword index's CURRENT is not a generation")
        stored = state.pop("checksum", None)
        if stored is not None and stored != _state_checksum(state):
            raise SegmentDamaged("the keyword index's CURRENT fails its checksum")
        return state

    def generation(self) -> Generation | None:
        """The live generation, reloaded when ``CURRENT`` changed since the last call (one ``stat`` otherwise)."""
        stamp = self._stamp()
        if stamp is None:
            return None
        with self._lock:
            if self._gen is not None and stamp == self._seen:
                return self._gen
            try:
                for _attempt in range(5):  # a writer may publish and prune while we load
                    stamp = self._stamp()
                    state = self._read_current()
                    if state is None:
                        return None
                    try:
                        self._gen = self._load(state)
                        self._engine = None
                        self._seen = stamp
                        return self._gen
                    except FileNotFoundError as exc:
                        log.warning("keyword generation changed while loading (%s); retrying", exc)
                        missing = str(exc)
            except (SegmentDamaged, KeyError, TypeError, ValueError) as exc:
                raise IndexCorrupted(self.directory.parent, _what(exc)) from None
            raise IndexCorrupted(self.directory.parent, f"a keyword file CURRENT names is missing: {missing}")

    def _load(self, state: dict) -> Generation:
        if state.get("format") == 1:
            return Generation(0, [_from_snapshot(self.directory / state["snapshot"])])
        live = []
        for rec in state["segments"]:
            seg = self._loaded.get(rec["name"])
            if seg is None:
                path = self.directory / rec["name"]
                seg = LiveSegment(rec["name"], segments.load(path), path)
            deletes = rec.get("deletes")
            if deletes != seg.deletes_file:  # the same mapped segment under its new deletion set
                deleted = _read_npy(self.directory / deletes, rec.get("deletes_checksum"), seg.arrays.rows) \
                    if deletes else np.zeros(0, np.int32)
                seg = seg.with_deletes(deleted, deletes)
            self._loaded[rec["name"]] = seg
            live.append(seg)
        names = {rec["name"] for rec in state["segments"]}
        self._loaded = {n: s for n, s in self._loaded.items() if n in names}
        return Generation(int(state["generation"]), live)

    def _scorer(self) -> KeywordEngine | None:
        gen = self.generation()
        if gen is None:
            return None
        with self._lock:
            if self._engine is None or self._engine.gen is not gen:
                self._engine = ENGINES[self.engine_name](gen)
            return self._engine

    @_reported
    def search(self, query: str, k: int, filters: SearchFilters) -> list[tuple[str, float]]:
        """Best ``k`` chunks for ``query`` under ``filters``: (id, BM25 score), best first."""
        scorer = self._scorer()
        return scorer.search(tokenize(query), k, filters) if scorer else []

    @_reported
    def selectivity(self, filters: SearchFilters) -> float | None:
        """Share of indexed chunks that ``filters`` allow (None without an index); sizes the dense probe."""
        gen = self.generation()
        if gen is None or gen.rows == 0:
            return None
        if filters.is_empty():
            return 1.0
        key = (gen.number, filters.date, filters.date_from, filters.date_to, filters.language)
        share = self._shares.get(key)
        if share is None:  # a pass over every row: kept per generation, questions repeat filters
            passing = sum(int(np.count_nonzero(seg.mask(filters))) for seg in gen.segments)
            share = passing / gen.rows
            with self._lock:
                if len(self._shares) >= 256 or any(k[0] != gen.number for k in self._shares):
                    self._shares.clear()
                self._shares[key] = share
        return share

    @_reported
    def passing(self, ids: Sequence[str], filters: SearchFilters) -> tuple[set[str], list[str]]:
        """Which of ``ids`` are live here and pass ``filters`` (each chunk's date and language are kept in its
        segment), and which ids this index does not hold (committed since its last change: the caller checks those
        another way). O(len(ids) x log N)."""
        gen = self.generation()
        if gen is None or not ids:
            return set(), list(ids)
        keys = segments._encode(list(ids))
        ok: set[str] = set()
        found: set[str] = set()
        for seg in gen.segments:
            rows = segments.locate(seg.arrays, keys)
            if not len(rows):
                continue
            names = [bytes(v).decode("utf-8") for v in np.asarray(seg.arrays.ids)[rows]]
            alive = seg.mask(SearchFilters(), rows)
            passes = seg.mask(filters, rows)
            for name, live, good in zip(names, alive, passes, strict=True):
                if live:
                    found.add(name)
                    if good:
                        ok.add(name)
        return ok, [i for i in ids if i not in found]

    @_reported
    def ids(self) -> set[str]:
        """Every live chunk id (O(corpus): for repair, not for queries)."""
        gen = self.generation()
        return set(gen.ids()) if gen else set()

    def count(self) -> int:
        gen = self.generation()
        return gen.rows if gen else 0

    def state(self) -> str | None:
        """The checksum of ``CURRENT`` as it is on disk (None without one): it names the live generation, so a
        record of it tells whether the index changed since (a few hundred bytes read)."""
        try:
            return checksum((self.directory / CURRENT).read_bytes())
        except FileNotFoundError:
            return None

    @_reported
    def entries(self) -> list[KeywordEntry]:
        """Every live entry, its tokens rebuilt from the postings (word order is not kept). O(corpus)."""
        gen = self.generation()
        out: list[KeywordEntry] = []
        for seg in gen.segments if gen else []:
            a = seg.arrays
            tokens: list[list[str]] = [[] for _ in range(a.rows)]
            indptr = np.asarray(a.indptr)
            for j, term in enumerate(a.terms):
                for p in range(int(indptr[j]), int(indptr[j + 1])):
                    tokens[int(a.docs[p])].extend([term] * int(a.tf[p]))
            for row in range(a.rows):
                if seg.alive is None or seg.alive[row]:
                    out.append(KeywordEntry(a.ids[row].decode("utf-8"), tokens[row], int(a.date_int[row]),
                                            a.language[row].decode("utf-8")))
        return out

    @_reported
    def verify(self) -> None:
        """Verify every block of every live segment now (a query verifies only what it reads): O(corpus), for
        ``rag-bot index verify``; :class:`IndexCorrupted` when one fails."""
        gen = self.generation()
        for seg in gen.segments if gen else []:
            if isinstance(seg.arrays, segments.MappedSegment):
                seg.arrays.verify()

    def former_segments(self) -> int:
        """Live segments in a former format (their vocabulary is parsed and every array verified at open)."""
        gen = self.generation()
        return sum(not seg.arrays.current for seg in gen.segments) if gen else 0

    @_reported
    def upgrade(self) -> int:
        """Rewrite segments of a former format in the current one, their deleted rows dropped (a merge of each
        alone, published like any merge); returns how many were rewritten. The caller holds the writer lock."""
        with self._lock:
            gen = self.generation()
            if gen is None:
                return 0
            live, number, done = list(gen.segments), gen.number, 0
            for seg in [s for s in live if not s.arrays.current]:
                number += 1
                merged = segments.merge([(seg.arrays, seg.alive)])
                at = live.index(seg)
                live.pop(at)
                if merged.rows:
                    live.insert(at, self._write_segment(merged, number))
                self._commit(number, live)
                done += 1
            return done

    # --- writing (the caller holds the index's writer lock) -------------------------------------------------
    @_reported
    def apply(self, add: Sequence[KeywordEntry] = (), remove: Iterable[str] = ()) -> int:
        """Add (or replace, by id) ``add`` and delete ``remove``, then publish; returns the generation number.

        Costs O(|add| + |remove| x log N): one new segment, one new deletion file per segment that loses rows, a new
        ``CURRENT``. Merges that the change makes due run after it is published (a second generation)."""
        with self._lock:
            gen = self.generation() or Generation(0, [])
            fresh = {e.id: e for e in add}
            gone = set(remove) | set(fresh)
            number = gen.number + 1
            keys = np.unique(segments._encode(sorted(gone))) if gone else np.zeros(0, dtype="S1")
            live: list[LiveSegment] = []
            for seg in gen.segments:
                rows = segments.locate(seg.arrays, keys)
                if seg.alive is not None:
                    rows = rows[seg.alive[rows]]
                if len(rows):
                    if len(rows) + len(seg.deleted) == seg.arrays.rows:
                        continue  # nothing left alive: drop the segment
                    deleted = np.union1d(seg.deleted, rows).astype(np.int32)
                    name = f"{seg.name}.del-{number:06d}.npy"
                    self._deletes_checksums[name] = _write_npy(self.directory / name, deleted)
                    seg = seg.with_deletes(deleted, name)
                live.append(self._persist(seg, number))
            if fresh:
                entries = list(fresh.values())
                arrays = segments.build([e.id for e in entries], [e.tokens for e in entries],
                                        [e.date_int for e in entries], [e.language for e in entries])
                live.append(self._write_segment(arrays, number))
            self._commit(number, live)
            self._merge(live, number)
            return self.generation().number

    def publish(self, entries: Sequence[KeywordEntry]) -> int:
        """Replace the whole index by ``entries`` (one segment): a full rebuild."""
        with self._lock:
            gen = self.generation() or Generation(0, [])
            number = gen.number + 1
            return self._replace_with(number, entries)

    def rebuild(self, entries: Sequence[KeywordEntry]) -> int:
        """Replace a damaged index by ``entries`` (one segment), without reading what is there: the damaged files
        are pruned once the new generation is published."""
        with self._lock:
            numbers = [int(m.group(1)) for p in self.directory.iterdir() if (m := _GENERATION.match(p.name))]
            self._gen, self._engine, self._seen, self._loaded = None, None, None, {}
            number = max(numbers, default=0) + 1
            return self._replace_with(number, entries)

    def _replace_with(self, number: int, entries: Sequence[KeywordEntry]) -> int:
        """Generation ``number``: one segment of ``entries`` (none when empty), committed; the caller holds the lock."""
        live = []
        if entries:
            arrays = segments.build([e.id for e in entries], [e.tokens for e in entries],
                                    [e.date_int for e in entries], [e.language for e in entries])
            live.append(self._write_segment(arrays, number))
        self._commit(number, live)
        return number

    def _persist(self, seg: LiveSegment, number: int) -> LiveSegment:
        """A segment known only in memory (converted from the former format) is written out."""
        if seg.path is not None:
            return seg
        written = self._write_segment(seg.arrays, number)
        return written.with_deletes(seg.deleted, None) if len(seg.deleted) else written

    def _write_segment(self, arrays: Segment, number: int) -> LiveSegment:
        name = f"seg-{number:06d}-{uuid.uuid4().hex[:8]}"
        tmp = self.directory / f".tmp-{name}"
        try:
            segments.write(arrays, tmp)
            os.replace(tmp, self.directory / name)
        except BaseException:  # a full disk: no partial segment is left behind
            tmp.unlink(missing_ok=True)
            raise
        return LiveSegment(name, segments.load(self.directory / name), self.directory / name)

    def _commit(self, number: int, live: list[LiveSegment]) -> None:
        """Switch ``CURRENT`` to a generation of ``live`` (all on disk), then prune what no generation needs."""
        for seg in live:  # deletion files of the kept deletion sets must be on disk before the switch
            if len(seg.deleted) and seg.deletes_file is None:
                name = f"{seg.name}.del-{number:06d}.npy"
                self._deletes_checksums[name] = _write_npy(self.directory / name, seg.deleted)
                seg.deletes_file = name
        try:
            previous = self._read_current()
        except SegmentDamaged:  # being replaced (a rebuild): its files are pruned like any other
            previous = None
        known = {rec.get("deletes"): rec.get("deletes_checksum") for rec in (previous or {}).get("segments", [])}
        state: dict = {"format": FORMAT, "generation": number,
                       "segments": [{"name": s.name, "rows": s.arrays.rows, "deletes": s.deletes_file,
                                     "deleted": len(s.deleted),
                                     "deletes_checksum": self._deletes_checksums.get(s.deletes_file or "")
                                     or known.get(s.deletes_file)} for s in live]}
        state["checksum"] = _state_checksum(state)
        _fsync_dir(self.directory)
        replace_atomically(self.directory / CURRENT, json.dumps(state).encode("utf-8"))
        state.pop("checksum")
        _fsync_dir(self.directory)
        self._prune(state, previous)

    def _prune(self, state: dict, previous: dict | None) -> None:
        """Delete files neither the new nor the previous generation names (a reader may still be loading that one);
        only files named as this index names its own (:data:`OWN_FILES`, temporary ``CURRENT`` files) are touched."""
        keep = {CURRENT}
        for st in (state, previous or {}):
            if st.get("format") == 1:
                keep.add(st["snapshot"])
            for rec in st.get("segments", []):
                keep.add(rec["name"])
                if rec.get("deletes"):
                    keep.add(rec["deletes"])
        for path in self.directory.iterdir():
            if path.name in keep or not (OWN_FILES.match(path.name) or is_temporary(path.name, CURRENT)):
                continue
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)

    def _merge(self, live: list[LiveSegment], number: int) -> None:
        """Merge the tiers :func:`plan_merges` names, one generation per merge."""
        for names in plan_merges({s.name: (s.arrays.rows, len(s.deleted)) for s in live}):
            parts = [s for s in live if s.name in names]
            merged = segments.merge([(s.arrays, s.alive) for s in parts])
            number += 1
            new = self._write_segment(merged, number) if merged.rows else None
            at = min(live.index(s) for s in parts)  # keep the merged rows where they were
            live = [s for s in live if s.name not in names]
            if new is not None:
                live.insert(at, new)
            self._commit(number, live)


def _from_snapshot(path: Path) -> LiveSegment:
    """A segment, in memory, of a snapshot in the former format (``ids.json``, ``tokens.txt``, filter arrays)."""
    ids = json.loads((path / "ids.json").read_text(encoding="utf-8"))
    with open(path / "tokens.txt", encoding="utf-8") as fh:
        tokens = [line.rstrip("\n").split(" ") if line.strip() else [] for line in fh]
    dates = np.load(path / "date_int.npy")
    langs = [str(x) for x in np.load(path / "language.npy")]
    return LiveSegment(path.name, segments.build(ids, tokens, dates, langs), None)


def _write_npy(path: Path, array: np.ndarray) -> str:
    """Write a deletion file; its checksum (recorded in ``CURRENT``)."""
    buffer = io.BytesIO()
    np.save(buffer, array)
    data = buffer.getvalue()
    write_new(path, data)
    return checksum(data)


def _read_npy(path: Path, stored: str | None, rows: int) -> np.ndarray:
    """A deletion file, checked against its checksum (when ``CURRENT`` records one) and the segment's rows."""
    data = path.read_bytes()
    if stored is not None and checksum(data) != stored:
        raise SegmentDamaged(f"the deletion file {path.name} fails its checksum")
    deleted = np.load(io.BytesIO(data))
    if deleted.ndim != 1 or (len(deleted) and (int(deleted.min()) < 0 or int(deleted.max()) >= rows)):
        raise SegmentDamaged(f"the deletion file {path.name} names rows its segment does not have")
    return deleted


def _state_checksum(state: dict) -> str:
    return checksum(json.dumps(state, sort_keys=True).encode("utf-8"))


def _what(exc: BaseException) -> str:
    """A few words on what is damaged, for :class:`IndexCorrupted`."""
    if isinstance(exc, SegmentDamaged):
        return str(exc)
    return f"the keyword index cannot be read ({type(exc).__name__})"


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
