"""Context reconstruction: hits widened to neighbouring chunks, merged per document, or whole documents."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rag_bot.index.store import DocumentChunks, chroma_where, date_int, matches
from rag_bot.retrieval.types import Hit, Passage, SearchFilters

ChunkIds = Callable[[str], Sequence[str] | None]  # doc_id -> the document's chunk ids in order (None: unknown)


class ChunkSource(Protocol):
    """Where chunks are read (the index's :class:`rag_bot.index.store.ChunkReader`)."""

    def get(self, ids: Sequence[str]) -> list[Hit]: ...

    def get_where(self, where: dict[str, Any]) -> list[Hit]: ...


def _passage(chunks: list[Hit], score: float, scores: dict[str, float], truncated: bool = False) -> Passage:
    chunks = sorted(chunks, key=lambda h: int(h.metadata.get("seq", 0)))
    meta = chunks[0].metadata
    last = chunks[-1].metadata
    page_end = last.get("page_end", last.get("page"))
    return Passage(
        doc_id=str(meta.get("doc_id", "")), source=str(meta.get("source", "")), title=str(meta.get("title", "")),
        date=meta.get("date") or None, language=str(meta.get("language", "")),
        text="\n\n".join(h.text for h in chunks), chunk_ids=[h.id for h in chunks], score=score,
        seq_start=int(chunks[0].metadata.get("seq", 0)), seq_end=int(chunks[-1].metadata.get("seq", 0)),
        page=meta.get("page"), section=meta.get("section") or None, truncated=truncated, scores=scores,
        page_end=page_end if page_end is not None and page_end != meta.get("page") else None,
    )


def with_neighbours(vectors: ChunkSource, hits: list[Hit], window: int,
                    chunk_ids_of: ChunkIds | None = None) -> list[Passage]:
    """Each hit plus ``window`` chunks either side from its document; overlapping windows merge into one passage.
    ``chunk_ids_of(doc_id)`` gives a document's chunk ids in order where known (then they are read by id).

    Passages come best first (by their best hit); text inside a passage is in document order.
    """
    if not hits:
        return []
    by_doc: dict[str, list[Hit]] = defaultdict(list)
    for hit in hits:
        by_doc[str(hit.metadata.get("doc_id"))].append(hit)
    passages: list[Passage] = []
    for doc_id, doc_hits in by_doc.items():
        spans = sorted((max(0, int(h.metadata["seq"]) - window), int(h.metadata["seq"]) + window, h)
                       for h in doc_hits)
        merged: list[tuple[int, int, list[Hit]]] = []
        for lo, hi, hit in spans:
            if merged and lo <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi), [*merged[-1][2], hit])
            else:
                merged.append((lo, hi, [hit]))
        lo_all, hi_all = merged[0][0], merged[-1][1]
        chunks = {h.id: h for h in doc_chunks(vectors, doc_id, lo_all, hi_all, chunk_ids_of)}
        for hit in doc_hits:
            chunks.setdefault(hit.id, hit)
        for lo, hi, span_hits in merged:
            members = [c for c in chunks.values() if lo <= int(c.metadata.get("seq", -1)) <= hi]
            best = max(span_hits, key=lambda h: h.score)
            passages.append(_passage(members, best.score, dict(best.scores)))
    passages.sort(key=lambda p: -p.score)
    return passages


def distinct(passages: list[Passage]) -> list[Passage]:
    """``passages`` without a later one whose text an earlier one has word for word: the same file copied into two
    ingested folders is two documents in the index, but one passage to quote and cite."""
    seen: set[str] = set()
    out = []
    for p in passages:
        if p.text not in seen:
            seen.add(p.text)
            out.append(p)
    return out


def doc_chunks(vectors: ChunkSource, doc_id: str, seq_from: int, seq_to: int,
               chunk_ids_of: ChunkIds | None = None) -> list[Hit]:
    """Chunks ``seq_from..seq_to`` of one document: by id when the document's chunk ids are known (fast), else
    by a metadata clause (Chroma scans for the ``seq`` range, slow in a large index; docs/benchmarks.md)."""
    ids = chunk_ids_of(doc_id) if chunk_ids_of is not None else None
    if ids is not None:
        return vectors.get(list(ids[max(0, seq_from):seq_to + 1]))
    where = {"$and": [{"doc_id": doc_id}, {"seq": {"$gte": seq_from}}, {"seq": {"$lte": seq_to}}]}
    return vectors.get_where(where)


def whole_documents(vectors: ChunkSource, filters: SearchFilters, max_chunks: int,
                    documents: Sequence[DocumentChunks] | None = None) -> list[Passage]:
    """Every document matching ``filters`` (typically one date), each complete and in order, by date.

    At most ``max_chunks`` chunks are returned in all; a document cut by that cap is marked ``truncated``. With
    ``documents`` (the manifest's, by date), only the chunks returned are read, by id; without, every matching
    chunk is read by a metadata clause (a date range can match a large part of the index).
    """
    where = chroma_where(filters)
    if where is None:
        return []
    if documents is not None:
        return _whole_by_id(vectors, filters, max_chunks, documents)
    hits = vectors.get_where(where)
    by_doc: dict[str, list[Hit]] = defaultdict(list)
    for hit in hits:
        by_doc[str(hit.metadata.get("doc_id"))].append(hit)
    passages = []
    budget = max_chunks
    for doc_id in sorted(by_doc, key=lambda d: (by_doc[d][0].metadata.get("date", ""), d)):
        chunks = sorted(by_doc[doc_id], key=lambda h: int(h.metadata.get("seq", 0)))
        if budget <= 0:
            break
        truncated = len(chunks) > budget
        passages.append(_passage(chunks[:budget], 1.0, {"whole_document": 1.0}, truncated=truncated))
        budget -= len(chunks)
    return passages


def _whole_by_id(vectors: ChunkSource, filters: SearchFilters, max_chunks: int,
                 documents: Sequence[DocumentChunks]) -> list[Passage]:
    passages = []
    budget = max_chunks
    for doc in documents:
        if budget <= 0:
            break
        if not matches({"date_int": date_int(doc.date), "language": doc.language}, filters):
            continue
        chunks = vectors.get(list(doc.chunk_ids[:budget]))
        if not chunks:  # not readable (an interrupted write): skip, as the metadata path would
            continue
        truncated = len(doc.chunk_ids) > budget
        passages.append(_passage(chunks, 1.0, {"whole_document": 1.0}, truncated=truncated))
        budget -= len(doc.chunk_ids)
    return passages
