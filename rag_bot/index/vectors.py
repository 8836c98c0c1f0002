"""The vector side of the index: Chroma, embedded on disk or a shared server."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence, Set
from pathlib import Path
from typing import Any

import numpy as np

from rag_bot.index.types import Hit, SearchFilters

log = logging.getLogger(__name__)
MAX_HIDDEN_PROBE = 2000  # extra neighbours fetched to step over chunks not committed yet (during a big re-ingest)


class IndexModelMismatch(RuntimeError):
    """The configured embedding model differs from the one the index was built with."""


def date_int(iso: str | None) -> int:
    """``1969-01-23`` -> 19690123; no date -> 0 (so range filters exclude undated chunks)."""
    return int(iso.replace("-", "")) if iso else 0


def chroma_where(filters: SearchFilters) -> dict[str, Any] | None:
    """The Chroma ``where`` clause of ``filters`` (None when there is nothing to filter)."""
    clauses: list[dict[str, Any]] = []
    if filters.date:
        clauses.append({"date_int": date_int(filters.date)})
    if filters.date_from:
        clauses.append({"date_int": {"$gte": date_int(filters.date_from)}})
    if filters.date_to:
        clauses.append({"date_int": {"$lte": date_int(filters.date_to)}})
        if not filters.date_from:
            clauses.append({"date_int": {"$gt": 0}})
    if filters.language:
        clauses.append({"language": filters.language})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


class VectorIndex:
    """Chroma collection of chunk vectors with their text and metadata (cosine space).

    ``visible`` (given by the index store to readers) returns the ids that may be returned (None: all): Chroma
    holds vectors an ingestion wrote before committing them, and ``search``, ``get`` and ``get_where`` leave those
    out. ``all_ids``, ``count``, ``add`` and ``delete`` always see everything (they serve the writer and repair).
    """

    def __init__(self, path: Path | None = None, url: str | None = None, collection: str = "rag_bot",
                 embedding_model: str | None = None,
                 visible: Callable[[], Set[str] | None] | None = None) -> None:
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        chroma_settings = ChromaSettings(anonymized_telemetry=False)
        if url:
            from urllib.parse import urlparse

            parsed = urlparse(url)
            self._client = chromadb.HttpClient(
                host=parsed.hostname or "127.0.0.1", port=parsed.port or 8000,
                ssl=parsed.scheme == "https", settings=chroma_settings,
            )
        else:
            assert path is not None, "an embedded Chroma needs a path"
            path.mkdir(parents=True, exist_ok=True)
            self._client = chromadb.PersistentClient(path=str(path), settings=chroma_settings)
        metadata = {"hnsw:space": "cosine"}
        if embedding_model:
            metadata["embedding_model"] = embedding_model
        self._collection = self._client.get_or_create_collection(
            name=collection, metadata=metadata, embedding_function=None
        )
        recorded = (self._collection.metadata or {}).get("embedding_model")
        if embedding_model and recorded and recorded != embedding_model:
            raise IndexModelMismatch(
                f"The index was built with the embedding model {recorded!r} but {embedding_model!r} is configured. "
                "Mixing vectors of two models would give meaningless results: use the original model, or ingest "
                "into a new index directory / collection."
            )
        self.embedding_model = recorded or embedding_model
        self._max_batch = max(1, min(5000, int(self._client.get_max_batch_size())))
        self._visible = visible or (lambda: None)

    def _shown(self, hits: list[Hit]) -> list[Hit]:
        visible = self._visible()
        return hits if visible is None else [h for h in hits if h.id in visible]

    def count(self) -> int:
        return int(self._collection.count())

    def all_ids(self) -> set[str]:
        """Every chunk id in the collection (every ingestion's repair check reads them).

        Pages of 50k ids: each page skips ``offset`` rows, so with pages of 5k reading 1M ids skipped ~100M rows
        (the sum of the offsets), with 50k ~10M."""
        ids: set[str] = set()
        offset, page = 0, 50_000
        while True:
            got = self._collection.get(include=[], limit=page, offset=offset)
            ids.update(got["ids"])
            if len(got["ids"]) < page:
                return ids
            offset += page

    def add(self, ids: Sequence[str], embeddings: np.ndarray, texts: Sequence[str],
            metadatas: Sequence[dict[str, Any]]) -> None:
        """Upsert chunks (idempotent for the same ids)."""
        for start in range(0, len(ids), self._max_batch):
            end = start + self._max_batch
            self._collection.upsert(
                ids=list(ids[start:end]), embeddings=np.asarray(embeddings[start:end], dtype=np.float32),
                documents=list(texts[start:end]), metadatas=[_clean(m) for m in metadatas[start:end]],
            )

    def delete(self, ids: Iterable[str]) -> None:
        ids = list(ids)
        for start in range(0, len(ids), self._max_batch):
            self._collection.delete(ids=ids[start:start + self._max_batch])

    def get(self, ids: Sequence[str]) -> list[Hit]:
        """Chunks by id, in the order asked (missing ids are left out)."""
        found: dict[str, Hit] = {}
        ids = list(ids)
        for start in range(0, len(ids), self._max_batch):
            got = self._collection.get(ids=ids[start:start + self._max_batch], include=["documents", "metadatas"])
            for cid, text, meta in zip(got["ids"], got["documents"], got["metadatas"], strict=True):
                found[cid] = Hit(id=cid, score=0.0, text=text or "", metadata=dict(meta or {}))
        return self._shown([found[i] for i in ids if i in found])

    def vectors_of(self, ids: Sequence[str]) -> list[tuple[Hit, np.ndarray]]:
        """Chunks by id with their stored vectors (the ingester reuses a vector whose embedded text is unchanged)."""
        out: list[tuple[Hit, np.ndarray]] = []
        ids = list(ids)
        for start in range(0, len(ids), self._max_batch):
            got = self._collection.get(ids=ids[start:start + self._max_batch],
                                       include=["documents", "metadatas", "embeddings"])
            for cid, text, meta, vec in zip(got["ids"], got["documents"], got["metadatas"], got["embeddings"],
                                            strict=True):
                out.append((Hit(id=cid, score=0.0, text=text or "", metadata=dict(meta or {})),
                            np.asarray(vec, dtype=np.float32)))
        return out

    def get_where(self, where: dict[str, Any]) -> list[Hit]:
        """All chunks matching a metadata clause (used for neighbours and whole documents)."""
        got = self._collection.get(where=where, include=["documents", "metadatas"])
        return self._shown([Hit(id=cid, score=0.0, text=text or "", metadata=dict(meta or {}))
                            for cid, text, meta in zip(got["ids"], got["documents"], got["metadatas"], strict=True)])

    def search(self, embedding: np.ndarray, k: int, filters: SearchFilters, probe: int | None = None) -> list[Hit]:
        """Top-``k`` chunks by cosine similarity under ``filters`` (ids, scores and metadata; no text).

        Chroma's filtered search is slow for broad filters on large collections (a language filter at 100k chunks:
        ~130 ms, against ~10 ms unfiltered). With ``probe``, an unfiltered search for ``probe`` neighbours is
        filtered here first: when at least ``k`` pass, they are exactly the top ``k`` of the filtered set (a better
        match would have been in the probe); otherwise the filtered search runs. The caller sizes ``probe`` from
        the filter's selectivity.

        Chunks not committed yet are stepped over: ``n - committed`` more neighbours are asked for (at most
        ``MAX_HIDDEN_PROBE``), so the top ``k`` committed ones are exact while an ingestion runs or after a crash.
        """
        n = self.count()
        if n == 0:
            return []
        visible = self._visible()
        hidden = 0 if visible is None else min(MAX_HIDDEN_PROBE, max(0, n - len(visible)))
        vector = [np.asarray(embedding, dtype=np.float32)]
        where = chroma_where(filters)
        if where is not None and probe:
            hits = self._query(vector, min(n, max(probe, k) + hidden), None)
            kept = [h for h in self._shown(hits) if matches(h.metadata, filters)]
            if len(kept) >= k or len(hits) == n:
                return kept[:k]
        return self._shown(self._query(vector, min(k + hidden, n), where))[:k]

    def _query(self, vector: list[np.ndarray], n_results: int, where: dict[str, Any] | None) -> list[Hit]:
        res = self._collection.query(query_embeddings=vector, n_results=n_results, where=where,
                                     include=["metadatas", "distances"])
        return [Hit(id=cid, score=1.0 - float(dist), text="", metadata=dict(meta or {}))
                for cid, meta, dist in zip(res["ids"][0], res["metadatas"][0], res["distances"][0], strict=True)]


def matches(metadata: dict[str, Any], filters: SearchFilters) -> bool:
    """The Python twin of :func:`chroma_where` for one chunk's metadata."""
    day = int(metadata.get("date_int") or 0)
    if filters.date and day != date_int(filters.date):
        return False
    if filters.date_from and day < date_int(filters.date_from):
        return False
    if filters.date_to and not 0 < day <= date_int(filters.date_to):
        return False
    return not (filters.language and metadata.get("language") != filters.language)


def _clean(meta: dict[str, Any]) -> dict[str, Any]:
    """Chroma metadata values must be str/int/float/bool; None values are dropped."""
    return {k: v for k, v in meta.items() if v is not None}
