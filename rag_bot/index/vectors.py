"""The vector side of the index: Chroma, embedded on disk or a shared server."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence, Set
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np

from rag_bot.errors import UserError
from rag_bot.index.types import Hit, SearchFilters

log = logging.getLogger(__name__)
# (ids, filters) -> (the ids known to pass, the ids not known): the keyword index's copy of date and language
Passing = Callable[[Sequence[str], SearchFilters], tuple[set[str], list[str]]]
MAX_HIDDEN_PROBE = 2000  # extra neighbours fetched to step over chunks not committed yet (during a big re-ingest)


class IndexModelMismatch(UserError, RuntimeError):
    """The configured embedding model differs from the one the index was built with."""


def check_model(recorded: str | None, wanted: str | None) -> None:
    """:class:`IndexModelMismatch` when the index records another embedding model than the one configured."""
    if wanted and recorded and recorded != wanted:
        raise IndexModelMismatch(
            f"The index was built with the embedding model {recorded!r} but {wanted!r} is configured. "
            "Mixing vectors of two models would give meaningless results: use the original model, or ingest "
            "into a new index directory / collection."
        )


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


_CONNECTING = threading.Lock()  # two threads' first clients of one path raced ("... has no attribute 'bindings'")


class VectorIndex:
    """Chroma collection of chunk vectors with their text and metadata (cosine space).

    ``visible`` (given by the index store to readers) returns the ids that may be returned (None: all): Chroma
    holds vectors an ingestion wrote before committing them, and ``search``, ``get`` and ``get_where`` leave those
    out. ``all_ids``, ``count``, ``add`` and ``delete`` always see everything (they serve the writer and repair).
    """

    def __init__(self, path: Path | None = None, url: str | None = None, collection: str = "rag_bot",
                 embedding_model: str | None = None,
                 visible: Callable[[], Set[str] | None] | None = None) -> None:
        self._path, self._url, self._name = path, url, collection
        self._wanted_model = embedding_model
        self._visible = visible or (lambda: None)
        self._opened: tuple[Any, int, str | None] | None = None  # (collection, max batch, recorded model)
        self._open_lock = threading.Lock()

    def _open(self) -> tuple[Any, int, str | None]:
        """Chroma's client and collection, opened on first need (an embedded client then loads the collection:
        seconds and most of the memory on a large index, so nothing at start-up pays it unless it searches)."""
        opened = self._opened
        if opened is not None:
            return opened
        with self._open_lock:
            if self._opened is None:
                self._opened = self._connect()
            return self._opened

    def _connect(self) -> tuple[Any, int, str | None]:
        with _CONNECTING:  # Chroma's clients of one path share a system it starts lazily: one connection at a time
            return self._connect_now()

    def _connect_now(self) -> tuple[Any, int, str | None]:
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        chroma_settings = ChromaSettings(anonymized_telemetry=False)
        if self._url:
            from urllib.parse import urlparse

            parsed = urlparse(self._url)
            client = chromadb.HttpClient(
                host=parsed.hostname or "127.0.0.1", port=parsed.port or 8000,
                ssl=parsed.scheme == "https", settings=chroma_settings,
            )
        else:
            assert self._path is not None, "an embedded Chroma needs a path"
            self._path.mkdir(parents=True, exist_ok=True)
            client = chromadb.PersistentClient(path=str(self._path), settings=chroma_settings)
        metadata = {"hnsw:space": "cosine"}
        if self._wanted_model:
            metadata["embedding_model"] = self._wanted_model
        collection = client.get_or_create_collection(name=self._name, metadata=metadata, embedding_function=None)
        recorded = (collection.metadata or {}).get("embedding_model")
        check_model(recorded, self._wanted_model)
        return collection, max(1, min(5000, int(client.get_max_batch_size()))), recorded

    @property
    def _collection(self) -> Any:
        return self._open()[0]

    @property
    def _max_batch(self) -> int:
        return self._open()[1]

    @property
    def embedding_model(self) -> str | None:
        return self._open()[2] or self._wanted_model

    @property
    def is_open(self) -> bool:
        """Whether Chroma's collection has been opened in this process."""
        return self._opened is not None

    def warm(self) -> None:
        """Open the collection and make Chroma load it (its first search would otherwise pay that)."""
        collection = self._collection
        got = collection.get(limit=1, include=["embeddings"])
        if len(got["ids"]):
            collection.query(query_embeddings=[np.asarray(got["embeddings"][0], dtype=np.float32)], n_results=1,
                             include=[])

    def _shown(self, hits: list[Hit]) -> list[Hit]:
        visible = self._visible()
        return hits if visible is None else [h for h in hits if h.id in visible]

    def count(self) -> int:
        return int(self._collection.count())

    def write_stamp(self) -> list[Any] | None:
        """What changes whenever the collection is written, read without loading it (a count loads the whole
        collection: seconds on a large embedded index). Embedded: the last log position each of the collection's
        segments applied, read from Chroma's SQLite file (reads do not move it; any upsert or delete does); a
        server: its count (the server has the collection loaded). None when it cannot be read (then the caller
        compares the stores in full)."""
        if self._url:
            return ["count", self.count()]
        assert self._path is not None, "an embedded Chroma needs a path"
        database = self._path / "chroma.sqlite3"
        if not database.is_file():
            return None
        import sqlite3

        try:
            with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)) as conn:
                rows = conn.execute(
                    "SELECT s.id, s.scope, m.seq_id FROM collections c JOIN segments s ON s.collection = c.id "
                    "JOIN max_seq_id m ON m.segment_id = s.id WHERE c.name = ? AND s.scope = 'METADATA'",
                    (self._name,)).fetchall()
        except sqlite3.Error:
            return None
        if not rows:
            return None
        return ["seq", sorted([str(sid), str(scope), seq.hex() if isinstance(seq, bytes) else str(seq)]
                              for sid, scope, seq in rows)]

    def all_ids(self) -> set[str]:
        """Every chunk id in the collection (every ingestion's repair check reads them).

        Pages of 50k ids: each page skips ``offset`` rows, so the rows skipped grow with the square of the count
        divided by the page size (docs/benchmarks.md)."""
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

    def search(self, embedding: np.ndarray, k: int, filters: SearchFilters, probe: int | None = None,
               passing: Passing | None = None) -> list[Hit]:
        """Top-``k`` chunks by cosine similarity under ``filters``: ids and scores (no text, no metadata: Chroma
        reads a hit's metadata from SQLite one by one, which made up most of a large index's query).

        Chroma's filtered search is slow for broad filters on large collections (a language filter is far
        slower than an unfiltered search). With ``probe``, an unfiltered search for ``probe`` neighbours is
        filtered here first: when at least ``k`` pass, they are exactly the top ``k`` of the filtered set (a better
        match would have been in the probe); otherwise the filtered search runs. The caller sizes ``probe`` from
        the filter's selectivity, and may give ``passing``, which says from its own copy of each chunk's date and
        language which ids pass (and which it does not know: their metadata is then read from Chroma).

        Chunks not committed yet are stepped over: when they take places in an answer, the search runs again for
        ``count - committed`` more neighbours (at most ``MAX_HIDDEN_PROBE``), so the top ``k`` committed ones are
        exact while an ingestion runs or after a crash; the usual answer needs no count (Chroma counts by scanning).
        """
        visible = self._visible()
        vector = [np.asarray(embedding, dtype=np.float32)]
        where = chroma_where(filters)
        if where is not None and probe:
            want = max(probe, k)
            hits = self._query(vector, want, None)
            shown = self._shown(hits)
            ok = self._passing([h.id for h in shown], filters, passing)
            kept = [h for h in shown if h.id in ok]
            if len(kept) >= k or len(hits) < want:  # fewer than asked: the probe saw the whole collection
                return kept[:k]
        want = k
        hits = self._query(vector, want, where)
        shown = self._shown(hits)
        if len(shown) < k and len(hits) == want and visible is not None:
            # uncommitted chunks took places (an ingestion is writing, or one was interrupted): step over them all
            shown = self._shown(self._query(vector, k + self._hidden(visible), where))
        return shown[:k]

    def _passing(self, ids: list[str], filters: SearchFilters, passing: Passing | None) -> set[str]:
        """Which of ``ids`` pass ``filters``: told by ``passing`` where it knows, from Chroma's metadata otherwise."""
        if passing is None:
            ok: set[str] = set()
            unknown = ids
        else:
            ok, unknown = passing(ids, filters)
        for start in range(0, len(unknown), self._max_batch):
            got = self._collection.get(ids=list(unknown[start:start + self._max_batch]), include=["metadatas"])
            ok.update(cid for cid, meta in zip(got["ids"], got["metadatas"], strict=True)
                      if matches(dict(meta or {}), filters))
        return ok

    def _hidden(self, visible: Set[str]) -> int:
        """Chunks in Chroma that readers do not see yet, at most ``MAX_HIDDEN_PROBE`` (Chroma counts by scanning
        the collection, so only a short answer asks)."""
        return min(MAX_HIDDEN_PROBE, max(0, self.count() - len(visible)))

    def _query(self, vector: list[np.ndarray], n_results: int, where: dict[str, Any] | None) -> list[Hit]:
        res = self._collection.query(query_embeddings=vector, n_results=n_results, where=where,
                                     include=["distances"])
        return [Hit(id=cid, score=1.0 - float(dist), text="", metadata={})
                for cid, dist in zip(res["ids"][0], res["distances"][0], strict=True)]


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


def columns_match(days: np.ndarray, language: np.ndarray, filters: SearchFilters) -> np.ndarray:
    """The array twin of :func:`matches`: which rows of the ``date_int`` and ``language`` (UTF-8 bytes) columns pass
    ``filters`` (the keyword segments and the dense copy keep these columns)."""
    keep = np.ones(len(days), dtype=bool)
    if filters.date:
        keep &= days == date_int(filters.date)
    if filters.date_from:
        keep &= days >= date_int(filters.date_from)
    if filters.date_to:
        keep &= (days <= date_int(filters.date_to)) & (days > 0)
    if filters.language:
        keep &= language == filters.language.encode("utf-8")
    return keep


def _clean(meta: dict[str, Any]) -> dict[str, Any]:
    """Chroma metadata values must be str/int/float/bool; None values are dropped."""
    return {k: v for k, v in meta.items() if v is not None}
