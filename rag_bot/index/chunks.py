"""What readers ask of the vector side: dense search, chunks by id, their vectors; from the dense copy or Chroma.

With an embedded Chroma (the default) and ``dense_engine=copy``, the index's dense copy (:mod:`rag_bot.index.dense`)
answers all of it: searches (exact on a small index or a selective filter, inverted lists above), the hits' text and
metadata, neighbours and whole documents by id, a chunk's vector. Chroma's collection, whose first use loads its HNSW
graph and every float32 vector into the process, is then opened only for what the copy cannot answer: an index
written before the copy (or before it kept texts, until ``rag-bot index repair``), chunks committed by a run still
writing (the copy gets them when the run ends), a metadata clause, a damaged copy (reported in the log, never
served). With a Chroma server (``chroma_url``), a shared index (``index_bucket``) or ``dense_engine=chroma``,
everything goes to Chroma as before, except the exact filtered search of a selective filter.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence, Set
from typing import Any

import numpy as np

from rag_bot.config import Settings
from rag_bot.index.dense import DenseCopy, DenseCopyDamaged
from rag_bot.index.types import Hit, SearchFilters
from rag_bot.index.vectors import MAX_HIDDEN_PROBE, VectorIndex

log = logging.getLogger(__name__)


class ChunkReader:
    """The read side of the vectors for one index (``visible``: the committed ids, None = all)."""

    def __init__(self, settings: Settings, vectors: VectorIndex, dense: DenseCopy,
                 visible: Callable[[], Set[str] | None], indexed: Callable[[], int] = lambda: 0) -> None:
        self.settings, self.vectors, self.dense, self._visible = settings, vectors, dense, visible
        self._indexed = indexed  # chunks in the keyword index: a copy holding fewer is short (a repair could not
        # read some vectors from Chroma yet), and searches go to Chroma until it is whole
        self.from_copy = settings.dense_engine == "copy" and not settings.chroma_url and not settings.index_bucket

    def _copy(self) -> bool:
        """Whether the copy answers now (it is written; a damaged one raises where it is read)."""
        return self.from_copy and self.dense.written()

    def search(self, vector: np.ndarray, k: int, filters: SearchFilters) -> list[tuple[str, float]] | None:
        """The top ``k`` committed chunks by cosine similarity under ``filters`` from the copy; None when the copy
        does not answer (another engine, no copy, a damaged one: the caller searches Chroma)."""
        if not self._copy():
            return None
        try:
            if self.dense.count() < self._indexed():
                return None
            found = self._search(vector, k, filters)
            visible = self._visible()
            if found is None or visible is None:
                return found
            shown = [(cid, s) for cid, s in found if cid in visible]
            if len(shown) < len(found) and len(found) == k:  # uncommitted chunks took places: step over them
                more = k + min(MAX_HIDDEN_PROBE, max(0, self.dense.count() - len(visible)) + len(found) - len(shown))
                shown = [(cid, s) for cid, s in self._search(vector, more, filters) or [] if cid in visible]
            return shown[:k]
        except DenseCopyDamaged as exc:
            log.warning("%s; searching the vector index instead (`rag-bot index repair` rebuilds it)", exc)
            return None

    def _search(self, vector: np.ndarray, k: int, filters: SearchFilters) -> list[tuple[str, float]] | None:
        s = self.settings
        return self.dense.search(vector, k, filters, limit=s.exact_filter_chunks, probe=s.ann_probe,
                                 exact_chunks=s.ann_exact_chunks, rerank=s.ann_rerank)

    def get(self, ids: Sequence[str]) -> list[Hit]:
        """Committed chunks by id with their text and metadata, in the order asked (missing ids are left out)."""
        ids = list(ids)
        if not ids:
            return []
        found: dict[str, Hit] = {}
        rest = ids
        if self._copy():
            try:
                kept, rest = self.dense.chunks(ids)
                visible = self._visible()
                found = {cid: Hit(id=cid, score=0.0, text=text, metadata=dict(meta))
                         for cid, (text, meta) in kept.items() if visible is None or cid in visible}
            except DenseCopyDamaged as exc:
                log.warning("%s; reading the vector index instead (`rag-bot index repair` rebuilds it)", exc)
                found, rest = {}, ids
        if rest:  # not in the copy (another engine, an index from before it, a run still writing): Chroma
            found.update((h.id, h) for h in self.vectors.get(rest))
        return [found[i] for i in ids if i in found]

    def get_where(self, where: dict[str, Any]) -> list[Hit]:
        """All committed chunks matching a metadata clause (Chroma: only when the manifest cannot say)."""
        return self.vectors.get_where(where)

    def vectors_of(self, ids: Sequence[str]) -> list[tuple[Hit, np.ndarray]]:
        """Committed chunks by id with their vectors (unit length from the copy, as stored from Chroma)."""
        ids = list(ids)
        if self._copy():
            try:
                held = self.dense.vectors(ids)
                hits = {h.id: h for h in self.get([i for i in ids if i in held])}
                if len(hits) == len(ids):
                    return [(hits[i], held[i]) for i in ids]
            except DenseCopyDamaged as exc:
                log.warning("%s; reading the vector index instead (`rag-bot index repair` rebuilds it)", exc)
        visible = self._visible()
        return [(h, v) for h, v in self.vectors.vectors_of(ids) if visible is None or h.id in visible]

    def warm(self) -> None:
        """Make the first question fast: with the copy, map its live generation and check its lists (constant
        work: Chroma is not loaded); otherwise make Chroma load its collection."""
        if self._copy():
            try:
                gen = self.dense.generation()
                for part in gen.parts if gen else []:
                    if part.inverted:
                        part.lists()
                return
            except DenseCopyDamaged as exc:
                log.warning("%s; `rag-bot index repair` rebuilds it", exc)
        self.vectors.warm()
