"""Retrieval evaluation on BEIR-layout data: ingestion of the corpus, TREC run files, nDCG / Recall / MRR.

Used by ``rag-bot eval retrieval`` and by the evaluation notebook (one implementation).
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from tqdm import tqdm

from rag_bot.config import Settings
from rag_bot.ingestion import IngestReport, Record, ingest_records
from rag_bot.retrieval.fusion import reserve
from rag_bot.retrieval.hybrid import HybridRetriever, Mode
from rag_bot.retrieval.types import SearchFilters

if TYPE_CHECKING:
    from rag_bot.index.store import Manifest
    from rag_bot.models.embeddings import Embedder

MODES: tuple[Mode, ...] = ("dense", "keyword", "hybrid")
Run = dict[str, list[tuple[str, float]]]  # query id -> [(doc id, score)] best first
Qrels = dict[str, dict[str, int]]
Ranking = list[tuple[str, float]]  # (chunk id, score), best first


class Candidates(TypedDict):
    """One query's candidate chunks, before fusion."""

    candidates: tuple[Ranking, Ranking]  # dense, keyword
    ceiling: float  # the keyword score a chunk matching every query term would reach
    cross: list[str]  # dense candidates in another language than the query (fused by their dense match)
    reserved: list[str]  # each other language's best dense matches, kept among the first top_k chunks (hybrid)


@dataclass
class Dataset:
    """A BEIR-layout dataset: corpus, queries and graded relevance judgements."""

    corpus: dict[str, dict[str, str]]
    queries: dict[str, str]
    qrels: Qrels
    name: str = ""
    meta: dict[str, dict[str, Any]] = field(default_factory=dict)
    doc_key: str = "source"  # chunk metadata field that names a document of this dataset


def _jsonl(path: Path) -> Iterable[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if line.strip():
                try:
                    row: dict[str, Any] = json.loads(line)
                    yield row
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}:{line_no}: invalid JSON ({exc.msg})") from None


def load_qrels(path: Path) -> Qrels:
    qrels: Qrels = {}
    with open(path, encoding="utf-8") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if not row or row[0] in ("query-id", "query_id", "qid"):
                continue
            qid, did, score = row[0], row[1], int(float(row[2])) if len(row) > 2 else 1
            qrels.setdefault(qid, {})[did] = score
    return qrels


def load_beir(directory: Path, split: str = "test") -> Dataset:
    """Read ``corpus.jsonl``, ``queries.jsonl`` and ``qrels/<split>.tsv`` (queries without judgements are dropped)."""
    for needed in ("corpus.jsonl", "queries.jsonl", f"qrels/{split}.tsv"):
        if not (directory / needed).exists():
            raise FileNotFoundError(f"{directory} is not in the BEIR layout: {needed} is missing.")
    corpus = {str(d["_id"]): {"title": d.get("title", "") or "", "text": d.get("text", "") or ""}
              for d in _jsonl(directory / "corpus.jsonl")}
    qrels = load_qrels(directory / "qrels" / f"{split}.tsv")
    queries = {str(q["_id"]): q["text"] for q in _jsonl(directory / "queries.jsonl") if str(q["_id"]) in qrels}
    return Dataset(corpus=corpus, queries=queries, qrels=qrels, name=directory.name)


def ingest_corpus(dataset: Dataset, settings: Settings, progress: bool = True) -> IngestReport:
    """Index the corpus with the normal pipeline; each document's ``source`` is its ``_id``."""
    records = [Record(doc_id, doc["title"], doc["text"]) for doc_id, doc in dataset.corpus.items()]
    return ingest_records(f"beir:{dataset.name}", records, settings, progress=progress)


def doc_ranking(retriever: HybridRetriever, dense: Ranking, keyword: Ranking, mode: Mode, k: int,
                weight: float | None = None, doc_key: str = "source", ceiling: float = 0.0,
                gate: float | None = None, cross: Sequence[str] = (),
                reserved: Sequence[str] = ()) -> list[tuple[str, float]]:
    """Chunk ranking -> document ranking (best chunk score per document), top ``k`` documents. ``reserved``
    (hybrid): chunks kept among the first ``top_k`` chunks, as :meth:`HybridRetriever.search` keeps them."""
    ranked = retriever.fuse(dense, keyword, mode, weight, ceiling=ceiling, gate=gate, cross=cross)
    if mode == "hybrid" and reserved:
        ranked = reserve(ranked, reserved, retriever.settings.top_k)
    meta = _chunk_docs(retriever, [cid for cid, _ in ranked], doc_key)
    seen: dict[str, float] = {}
    for cid, score in ranked:
        source = meta.get(cid)
        if source is not None and source not in seen:
            seen[source] = score
            if len(seen) == k:
                break
    return list(seen.items())


_doc_cache: dict[tuple[str, str], str] = {}  # (chunk id, key) -> document; chunk ids embed their source


def _chunk_docs(retriever: HybridRetriever, ids: list[str], doc_key: str) -> dict[str, str]:
    missing = [cid for cid in ids if (cid, doc_key) not in _doc_cache]
    if missing:
        for hit in retriever.store.chunks.get(missing):
            _doc_cache[(hit.id, doc_key)] = str(hit.metadata.get(doc_key))
    return {cid: _doc_cache[(cid, doc_key)] for cid in ids if (cid, doc_key) in _doc_cache}


def run_queries(retriever: HybridRetriever, dataset: Dataset, k: int = 100, progress: bool = True,
                filters: Callable[[str], SearchFilters] | None = None) -> dict[str, Candidates]:
    """Dense and keyword candidates per query (enough chunks for ``k`` documents); fusion is applied later."""
    out: dict[str, Candidates] = {}
    n = max(k * 3, retriever.settings.candidates)
    for qid, text in tqdm(dataset.queries.items(), desc="queries", unit="q", disable=not progress):
        f = filters(qid) if filters else SearchFilters()
        vector = retriever.embedder.embed_query(text)
        dense, keyword = retriever.candidates(text, f, "hybrid", n, query_vector=vector)
        extra, reserved = retriever.language_matches(text, f, dense, n, query_vector=vector)
        dense = sorted(dense + extra, key=lambda item: -item[1])
        out[qid] = {"candidates": (dense, keyword), "ceiling": retriever.keyword_ceiling(text),
                    "cross": sorted(retriever.other_language(text, dense)), "reserved": reserved}
    return out


def make_run(retriever: HybridRetriever, candidates: dict[str, Candidates], mode: Mode, k: int,
             weight: float | None = None, doc_key: str = "source", gate: float | None = None) -> Run:
    return {qid: doc_ranking(retriever, c["candidates"][0], c["candidates"][1], mode, k, weight, doc_key,
                             c.get("ceiling", 0.0), gate, c.get("cross", ()), c.get("reserved", ()))
            for qid, c in candidates.items()}


def ndcg_at(run: Run, qrels: Qrels, k: int = 10) -> float:
    scores = []
    for qid, rels in qrels.items():
        ranked = [d for d, _ in run.get(qid, [])][:k]
        dcg = sum((2 ** rels.get(d, 0) - 1) / math.log2(i + 2) for i, d in enumerate(ranked))
        ideal = sorted(rels.values(), reverse=True)[:k]
        idcg = sum((2 ** r - 1) / math.log2(i + 2) for i, r in enumerate(ideal))
        scores.append(dcg / idcg if idcg > 0 else 0.0)
    return sum(scores) / len(scores) if scores else 0.0


def recall_at(run: Run, qrels: Qrels, k: int = 100) -> float:
    scores = []
    for qid, rels in qrels.items():
        relevant = {d for d, r in rels.items() if r > 0}
        if not relevant:
            continue
        got = {d for d, _ in run.get(qid, [])[:k]}
        scores.append(len(relevant & got) / len(relevant))
    return sum(scores) / len(scores) if scores else 0.0


def mrr_at(run: Run, qrels: Qrels, k: int = 10) -> float:
    scores = []
    for qid, rels in qrels.items():
        rr = 0.0
        for i, (d, _) in enumerate(run.get(qid, [])[:k]):
            if rels.get(d, 0) > 0:
                rr = 1.0 / (i + 1)
                break
        scores.append(rr)
    return sum(scores) / len(scores) if scores else 0.0


def precision_at_1(run: Run, qrels: Qrels) -> float:
    """Share of queries whose first document is relevant."""
    scores = [1.0 if run.get(qid) and rels.get(run[qid][0][0], 0) > 0 else 0.0 for qid, rels in qrels.items()]
    return sum(scores) / len(scores) if scores else 0.0


def metrics(run: Run, qrels: Qrels, k: int = 100) -> dict[str, float]:
    qrels = {q: r for q, r in qrels.items() if q in run}
    return {"p@1": precision_at_1(run, qrels), "ndcg@10": ndcg_at(run, qrels, 10),
            f"recall@{k}": recall_at(run, qrels, k), "mrr@10": mrr_at(run, qrels, 10)}


def bare_model_run(dataset: Dataset, embedder: Embedder, k: int = 100, batch: int = 64) -> Run:
    """The embedding model alone on the corpus's bare texts (no title, no chunking, exact cosine): the reference
    the pipeline's dense side is compared with (for one-line passages the two should agree)."""
    import numpy as np

    ids = list(dataset.corpus)
    texts = [dataset.corpus[d]["text"] for d in ids]
    matrix = np.concatenate([embedder.embed_passages(texts[i:i + batch]) for i in range(0, len(texts), batch)]
                            or [np.zeros((0, embedder.dim), dtype=np.float32)])
    run: Run = {}
    for qid, text in dataset.queries.items():
        scores = matrix @ embedder.embed_query(text)
        top = np.argsort(-scores, kind="stable")[:k]
        run[qid] = [(ids[i], float(scores[i])) for i in top]
    return run


def write_trec_run(run: Run, path: Path, tag: str = "rag-bot-hybrid") -> None:
    """``qid Q0 docid rank score tag``, one row per retrieved document."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        for qid in sorted(run):
            for rank, (doc, score) in enumerate(run[qid], start=1):
                fh.write(f"{qid} Q0 {doc} {rank} {score:.6f} {tag}\n")


def tune_weight(retriever: HybridRetriever, candidates: dict[str, Candidates], qrels: Qrels, k: int,
                grid: Iterable[float] | None = None, doc_key: str = "source") -> list[tuple[float, float]]:
    """nDCG@10 of hybrid for each dense weight in ``grid`` (default 0.0, 0.1, ..., 1.0), the gate as set."""
    grid = list(grid) if grid is not None else [round(i / 10, 1) for i in range(11)]
    return [(w, ndcg_at(make_run(retriever, candidates, "hybrid", k, w, doc_key), qrels, 10)) for w in grid]


def tune_gate(retriever: HybridRetriever, candidates: dict[str, Candidates], qrels: Qrels, k: int,
              grid: Iterable[float] | None = None, doc_key: str = "source") -> list[tuple[float, float]]:
    """nDCG@10 of hybrid for each keyword gate in ``grid`` (default 0.0, 0.05, ..., 0.4), the weight as set."""
    grid = list(grid) if grid is not None else [round(i / 20, 2) for i in range(9)]
    return [(g, ndcg_at(make_run(retriever, candidates, "hybrid", k, None, doc_key, g), qrels, 10)) for g in grid]


def dataset_from_questions(path: Path, manifest: Manifest, kinds: Iterable[str] | None = None) -> Dataset:
    """The labelled question set of a corpus as a Dataset whose documents are the index's ``doc_id``s.

    Each question's ``relevant`` entries ({source, date}) are matched to the indexed documents; unanswerable
    questions (no relevant document) are left out, as are follow-ups (they need the conversation).
    """
    by_key = {(rec.source, d.get("date")): d["doc_id"] for rec in manifest.files.values() for d in rec.documents}
    queries: dict[str, str] = {}
    qrels: Qrels = {}
    meta: dict[str, dict[str, Any]] = {}
    for row in _jsonl(path):
        if kinds is not None and row.get("kind") not in set(kinds):
            continue
        if row.get("kind") == "follow_up" or not row.get("relevant"):
            continue
        keys = [(r["source"], r.get("date")) for r in row["relevant"]]
        rels = {by_key[key]: 1 for key in keys if key in by_key}
        if rels:
            queries[row["id"]] = row["question"]
            qrels[row["id"]] = rels
            meta[row["id"]] = row
    corpus = {doc: {"title": "", "text": ""} for doc in by_key.values()}
    return Dataset(corpus=corpus, queries=queries, qrels=qrels, name=path.stem, meta=meta, doc_key="doc_id")


def evaluate_retrieval(dataset: Dataset, settings: Settings, k: int = 100, progress: bool = True,
                       tune: bool = False, bare: bool = False) -> dict[str, Any]:
    """Ingest, run every query, score dense / keyword / hybrid; returns metrics, runs and (optionally) tuning.

    ``bare`` adds the embedding model alone on the bare texts (:func:`bare_model_run`) as a reference row."""
    summary = ingest_corpus(dataset, settings, progress=progress)
    from rag_bot.models.embeddings import get_embedder

    retriever = HybridRetriever(settings, get_embedder(settings))
    candidates = run_queries(retriever, dataset, k, progress)
    runs = {mode: make_run(retriever, candidates, mode, k) for mode in MODES}
    result: dict[str, Any] = {
        "dataset": dataset.name, "queries": len(dataset.queries), "documents": len(dataset.corpus),
        "fusion": settings.fusion, "dense_weight": settings.dense_weight, "keyword_gate": settings.keyword_gate,
        "ingest": summary.to_json(), "metrics": {mode: metrics(runs[mode], dataset.qrels, k) for mode in MODES},
        "runs": runs,
    }
    if bare:
        result["metrics"]["model"] = metrics(bare_model_run(dataset, retriever.embedder, k), dataset.qrels, k)
    if tune:
        result["tuning"] = {}
        Tuner = Callable[[HybridRetriever, dict[str, Candidates], Qrels, int, Iterable[float]],
                         list[tuple[float, float]]]
        knobs: list[tuple[str, Tuner, list[float]]] = [
            ("dense_weight", tune_weight, [round(i / 10, 1) for i in range(11)])]
        if settings.fusion == "evidence":
            knobs.append(("keyword_gate", tune_gate, [round(i / 20, 2) for i in range(9)]))
        for knob, tuner, grid in knobs:
            current = getattr(settings, knob)
            curve = tuner(retriever, candidates, dataset.qrels, k, sorted({*grid, current}))
            target = float(current)
            best = max(curve, key=lambda vc: (vc[1], -abs(vc[0] - target)))
            result["tuning"][knob] = {"curve": curve, "best": best[0], "best_ndcg@10": best[1]}
    return result
