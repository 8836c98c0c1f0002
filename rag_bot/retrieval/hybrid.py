"""Hybrid search: dense (the index's dense copy, or Chroma) and keyword (BM25) under the same filters, fused with a
tunable weight."""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import replace
from typing import Literal

import numpy as np

from rag_bot import languages
from rag_bot.config import Settings
from rag_bot.index.store import DenseCopyDamaged, IndexStore
from rag_bot.index.tokenize import tokenize
from rag_bot.models.embeddings import Embedder
from rag_bot.retrieval.context import distinct, whole_documents, with_neighbours
from rag_bot.retrieval.fusion import fuse, keyword_ceiling, reserve
from rag_bot.retrieval.types import Hit, Passage, SearchFilters

log = logging.getLogger(__name__)
Mode = Literal["hybrid", "dense", "keyword"]
PROBE_MARGIN = 1.5  # probe this many times the neighbours the filter's selectivity predicts are needed
MAX_PROBE = 2000  # beyond this, Chroma's filtered search is the cheaper path


class HybridRetriever:
    """Searches one index; ``search`` ranks chunks, ``retrieve`` returns passages with their context."""

    def __init__(self, settings: Settings, embedder: Embedder, store: IndexStore | None = None) -> None:
        self.settings = settings
        self.embedder = embedder
        self.store = store or IndexStore(settings, embedder.name)

    def candidates(self, query: str, filters: SearchFilters, mode: Mode, n: int,
                   query_vector: np.ndarray | None = None) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
        """The dense and keyword candidate lists (id, score), each best first, under the same filters."""
        dense: list[tuple[str, float]] = []
        keyword: list[tuple[str, float]] = []
        if mode in ("hybrid", "dense"):
            probe = self._probe_size(filters, n)
            if probe != 0:  # 0: no indexed chunk passes the filters
                vector = self.embedder.embed_query(query) if query_vector is None else query_vector
                exact = self.store.chunks.search(vector, n, filters)  # the dense copy (embedded default)
                if exact is None:
                    exact = self._exact(vector, n, filters)
                if exact is not None:
                    dense = exact
                else:
                    hits = self.store.vectors.search(vector, n, filters, probe=probe,
                                                     passing=self.store.keywords.passing)
                    dense = [(h.id, h.score) for h in hits]
        if mode in ("hybrid", "keyword"):
            keyword = self.store.keywords.search(query, n, filters)
        return dense, keyword

    def _exact(self, vector: np.ndarray, n: int, filters: SearchFilters) -> list[tuple[str, float]] | None:
        """The exact filtered top ``n`` from the dense copy when few enough chunks pass ``filters``
        (``exact_filter_chunks``), committed chunks only; None: probe or Chroma's filtered search instead."""
        limit = self.settings.exact_filter_chunks
        if filters.is_empty() or limit <= 0 or self.settings.index_bucket:  # a shared index keeps no dense copy
            return None
        share = self.store.keywords.selectivity(filters)
        if share is None or share * self.store.keywords.count() > limit:
            return None
        try:
            if self.store.dense.count() != self.store.keywords.count():  # not written yet, or short: not exact
                return None
            found = self.store.dense.search(vector, n, filters, limit)
            visible = self.store.committed_ids()
            if found is None or visible is None:
                return found
            shown = [(cid, s) for cid, s in found if cid in visible]
            if len(shown) < len(found) and len(found) == n:  # chunks replaced since the copy's change: score them all
                found = self.store.dense.search(vector, limit, filters, limit) or []
                shown = [(cid, s) for cid, s in found if cid in visible]
            return shown[:n]
        except DenseCopyDamaged as exc:
            log.warning("%s; searching without it (`rag-bot index repair` rebuilds it)", exc)
            return None

    def _probe_size(self, filters: SearchFilters, n: int) -> int | None:
        """Unfiltered neighbours to probe before Chroma's (slow) filtered search: ``n`` / selectivity with a
        margin, when that stays small; None = use the filtered search; 0 = nothing can match."""
        if filters.is_empty():
            return None
        share = self.store.keywords.selectivity(filters)
        if share is None:
            return None
        if share == 0.0:
            return 0
        probe = int(n / share * PROBE_MARGIN) + 1
        return probe if probe <= MAX_PROBE else None

    def indexed_chunks(self) -> int:
        """Chunks in the keyword index (BM25's own document count; read from the live generation, no scan)."""
        return self.store.keywords.count()

    def keyword_ceiling(self, query: str) -> float:
        """The most BM25 a chunk could score for ``query`` in this index (see :func:`fusion.keyword_ceiling`)."""
        return keyword_ceiling(len(set(tokenize(query))), self.indexed_chunks())

    def other_language(self, query: str, dense: list[tuple[str, float]]) -> set[str]:
        """The dense candidates known (from the keyword index's copy of each chunk's language) to be in another
        language than ``query`` (none when fusing per language is off or the query's language is unknown)."""
        if not self.settings.fuse_per_language or not dense:
            return set()
        lang = languages.detect(query, min_share=0.5)
        if lang is None:
            return set()
        ids = [cid for cid, _ in dense]
        same, unknown = self.store.keywords.passing(ids, SearchFilters(language=lang))
        return {cid for cid in ids if cid not in same and cid not in set(unknown)}

    def language_matches(self, query: str, filters: SearchFilters, dense: list[tuple[str, float]], n: int,
                         query_vector: np.ndarray | None = None) -> tuple[list[tuple[str, float]], list[str]]:
        """The best ``language_quota`` dense matches of each language of the archive other than ``query``'s, and
        (``translated_keywords``) the keyword match of the query's glossary translation (:meth:`translated_match`):
        (extra dense candidates that the list ``dense`` of ``n`` lacked; the ids to reserve a place for). The dense
        matches are taken from ``dense`` when it holds them; otherwise one probe-then-filter vector search for that
        language (the same path as a language filter). None of it when fusing per language is off, the quota is 0
        or the query's language is unknown."""
        quota = self.settings.language_quota
        if not self.settings.fuse_per_language or quota == 0 or not dense:
            return [], []
        lang = languages.detect(query, min_share=0.5)
        if lang is None:
            return [], []
        ids = [cid for cid, _ in dense]
        known = set(ids)
        extra: list[tuple[str, float]] = []
        reserved: list[str] = []
        for code in languages.registry().codes:
            if code == lang or (filters.language and filters.language != code):
                continue
            only = replace(filters, language=code)
            if not self.store.keywords.selectivity(only):  # None: no keyword index yet; 0: no chunk in `code`
                continue
            same, _ = self.store.keywords.passing(ids, only)
            mine = [cid for cid in ids if cid in same][:quota]
            if len(mine) < quota and len(dense) >= n:  # the list was full: better matches in `code` may lie below
                vector = self.embedder.embed_query(query) if query_vector is None else query_vector
                matched = self.store.chunks.search(vector, quota, only)
                if matched is None:
                    matched = [(h.id, h.score) for h in self.store.vectors.search(
                        vector, quota, only, probe=self._probe_size(only, n), passing=self.store.keywords.passing)]
                extra += [(cid, s) for cid, s in matched if cid not in known]
                known.update(cid for cid, _ in matched)
                mine = [cid for cid, _ in matched]
            reserved += mine
            if self.settings.translated_keywords:
                vector = self.embedder.embed_query(query) if query_vector is None else query_vector
                found = self.translated_match(query, only, vector)
                if found is not None and found[0] not in reserved:
                    if found[0] not in known:
                        extra.append(found)
                        known.add(found[0])
                    reserved.append(found[0])
        return extra, reserved

    def translated_match(self, query: str, only: SearchFilters, vector: np.ndarray) -> tuple[str, float] | None:
        """The chunk of ``only``'s language that the query's words put into that language (the registry glossary
        and the installed dictionary, each word by its translations, a dictionary word in its inflected forms) find
        by keyword, when its BM25 reaches ``keyword_gate`` of the ceiling of a query of as many words as were
        translated: (id, its dense score). None when no word translates or no chunk reaches the gate."""
        from rag_bot.agent.glossary import translations  # the registry glossary and dictionary, read once

        code = only.language
        words = [w for w in dict.fromkeys(tokenize(query)) if languages.detect(w, min_share=0.5) not in (code, None)]
        translated = [t for w in words if (t := translations(w, wide=True))]
        if not translated:
            return None
        hits = self.store.keywords.search(" ".join(x for t in translated for x in t), 1, only)
        if not hits or hits[0][1] < self.settings.keyword_gate * keyword_ceiling(len(translated),
                                                                                 self.indexed_chunks()):
            return None
        got = self.store.chunks.vectors_of([hits[0][0]])
        if not got:
            return None
        hit, chunk_vector = got[0]
        return hit.id, float(np.asarray(chunk_vector, dtype=np.float32) @ np.asarray(vector, dtype=np.float32))

    def fuse(self, dense: list[tuple[str, float]], keyword: list[tuple[str, float]], mode: Mode,
             weight: float | None = None, ceiling: float = 0.0, gate: float | None = None,
             cross: Collection[str] = ()) -> list[tuple[str, float]]:
        """The final ranking of ``mode`` from the candidate lists (``ceiling``: the query's keyword ceiling;
        ``cross``: candidates in another language than the query, see :func:`fusion.evidence_fusion`)."""
        if mode == "dense":
            return dense
        if mode == "keyword":
            return keyword
        w = self.settings.dense_weight if weight is None else weight
        g = self.settings.keyword_gate if gate is None else gate
        return fuse(self.settings.fusion, dense, keyword, w, self.settings.rrf_k, ceiling=ceiling, gate=g,
                    depth=self.settings.candidates, cross=cross)  # evaluation fetches more candidates: same scale

    def search(self, query: str, filters: SearchFilters | None = None, k: int | None = None,
               mode: Mode = "hybrid") -> list[Hit]:
        """Top chunks with text, metadata and their dense / keyword / fused scores (no neighbour widening)."""
        k = k or self.settings.top_k
        filters = filters or SearchFilters()
        n = max(self.settings.candidates, k)
        needed = mode != "keyword" and self._probe_size(filters, n) != 0  # 0: no chunk passes the filters
        vector = self.embedder.embed_query(query) if needed else None  # once, for every dense search below
        dense, keyword = self.candidates(query, filters, mode, n, query_vector=vector)
        reserved: list[str] = []
        if mode == "hybrid":
            extra, reserved = self.language_matches(query, filters, dense, n, query_vector=vector)
            dense = sorted(dense + extra, key=lambda item: -item[1])
        evidence = mode == "hybrid" and keyword and self.settings.fusion == "evidence"
        ceiling = self.keyword_ceiling(query) if evidence else 0.0
        cross = self.other_language(query, dense) if evidence else set()
        ranked = reserve(self.fuse(dense, keyword, mode, ceiling=ceiling, cross=cross), reserved, k)[:k]
        hits = {h.id: h for h in self.store.chunks.get([cid for cid, _ in ranked])}
        dense_scores, keyword_scores = dict(dense), dict(keyword)
        out = []
        for cid, score in ranked:
            if cid in hits:  # a keyword id whose vector a concurrent ingestion just removed is skipped
                hit = hits[cid]
                hit.score = score
                hit.scores = {"fused": score}
                if cid in dense_scores:
                    hit.scores["dense"] = dense_scores[cid]
                if cid in keyword_scores:
                    hit.scores["keyword"] = keyword_scores[cid]
                out.append(hit)
        return out

    def can_match(self, filters: SearchFilters) -> bool | None:
        """Whether any indexed chunk passes ``filters`` (None when unknown: no keyword snapshot yet)."""
        share = self.store.keywords.selectivity(filters)
        return None if share is None else share > 0.0

    def retrieve(self, query: str, filters: SearchFilters, k: int | None = None,
                 whole_document: bool = False) -> list[Passage]:
        """Passages for the agent: hits widened by ``neighbour_window``, or whole documents of a date."""
        if whole_document and (filters.date or (filters.date_from and filters.date_to)):
            dated = self.store.documents(filters.date or filters.date_from, filters.date or filters.date_to)
            passages = whole_documents(self.store.chunks, filters, self.settings.max_context_chunks, dated)
            if passages:
                return distinct(passages)
        hits = self.search(query, filters, k)
        return distinct(with_neighbours(self.store.chunks, hits, self.settings.neighbour_window,
                                        self.store.document_chunks))
