"""Filtered retrieval at scale: date ranges, language filters and both, matching about 1 %, 10 % and 50 % of the
index, on an index built by ``bench_retrieval.py`` (``--keep DIR``: ``DIR/<size>``; query a copy, the dense copy is
added to it).

For each filter and each path (``probe``: the unfiltered probe of Chroma's HNSW index or Chroma's filtered search,
as before the dense copy; ``exact``: exact scoring over the dense copy when at most ``exact_filter_chunks`` chunks
pass, else the probe, as before its inverted lists; ``copy``: the default, the dense copy alone, exact when few pass
and its inverted lists above) it prints p50/p95 of the hybrid search (query embedding excluded: dense and
keyword candidates, fusion, the top hits' text), of the tool's path (the search, then each hit widened by its
neighbours) and the recall@50 of the dense candidates against exact filtered search: brute force over every matching
vector, regenerated from the build's seed (checked against Chroma's stored vectors first).

Usage: python benchmarks/bench_filters.py DIR/300000 [--queries 30] [--paths probe exact copy]
       python benchmarks/bench_filters.py SCRATCH --dense-only 1000000   # the exact path alone, no Chroma
Goal (issue 26): p95 <= 100 ms for every filter at 1M chunks, recall no lower than before.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_retrieval import CHANGE, MODEL, FixedEmbedder, block_vectors, reader, settings_for  # noqa: E402
from synthetic_corpus import queries as synthetic_queries  # noqa: E402

K = 50  # dense candidates (the default ``candidates``)


def columns(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Each chunk's date and language, as ``synthetic_corpus.chunks`` makes them (20 chunks per document)."""
    doc = np.arange(size) // 20
    day = 19690101 + (doc % 4) * 10000 + (doc % 12) * 100 + doc % 28
    return day.astype(np.int32), np.where(doc % 3 == 0, "hi", "en")


def vector_batches(size: int):
    """The build's vectors, regenerated block by block (``bench_retrieval.block_vectors``): (first row, unit
    vectors)."""
    for block, start in enumerate(range(0, size, CHANGE)):
        yield start, block_vectors(block, min(CHANGE, size - start))


def pick_filters(size: int) -> dict[str, object]:
    """Date ranges, languages and both, each matching close to 1 %, 10 %, 50 % of the chunks (shares printed)."""
    from rag_bot.index.types import SearchFilters

    days, langs = columns(size)
    out: dict[str, object] = {}

    def iso(d: int) -> str:
        return f"{d // 10000}-{d // 100 % 100:02d}-{d % 100:02d}"

    def date_range(target: float, mask: np.ndarray) -> tuple[str, str]:
        sel = np.sort(days[mask])
        want = int(target * size)
        lo = sel[len(sel) // 3]  # from a third of the way in
        hi = sel[min(len(sel) - 1, np.searchsorted(sel, lo) + want - 1)]
        return iso(int(lo)), iso(int(hi))

    for pct in (1, 10, 50):
        a, b = date_range(pct / 100, np.ones(size, dtype=bool))
        out[f"dates {pct}%"] = SearchFilters(date_from=a, date_to=b)
    out["language hi (33%)"] = SearchFilters(language="hi")
    out["language en (67%)"] = SearchFilters(language="en")
    for pct, lang in ((1, "hi"), (10, "hi"), (50, "en")):
        a, b = date_range(pct / 100, langs == lang)
        out[f"{lang} + dates {pct}%"] = SearchFilters(language=lang, date_from=a, date_to=b)
    return out


def passes(days: np.ndarray, langs: np.ndarray, f) -> np.ndarray:
    from rag_bot.index.vectors import date_int

    keep = np.ones(len(days), dtype=bool)
    if f.date_from:
        keep &= days >= date_int(f.date_from)
    if f.date_to:
        keep &= (days <= date_int(f.date_to)) & (days > 0)
    if f.language:
        keep &= langs == f.language
    return keep


def exact_top(size: int, filters: dict, qvecs: np.ndarray) -> dict[str, list[set[str]]]:
    """Brute force: the true filtered top ``K`` ids per filter and query."""
    days, langs = columns(size)
    masks = {name: passes(days, langs, f) for name, f in filters.items()}
    best: dict[str, tuple[np.ndarray, np.ndarray]] = {
        n: (np.full((len(qvecs), 0), -9.0), np.zeros((len(qvecs), 0), dtype=np.int64)) for n in filters}
    for start, v in vector_batches(size):
        scores = qvecs @ v.T  # (queries, batch)
        rows = np.arange(start, start + len(v))
        for name, mask in masks.items():
            m = mask[start:start + len(v)]
            if not m.any():
                continue
            s = np.concatenate([best[name][0], scores[:, m]], axis=1)
            r = np.concatenate([best[name][1], np.broadcast_to(rows[m], (len(qvecs), int(m.sum())))], axis=1)
            top = np.argsort(-s, axis=1)[:, :K]
            best[name] = (np.take_along_axis(s, top, 1), np.take_along_axis(r, top, 1))
    return {name: [{f"c{i:08d}" for i in row} for row in best[name][1]] for name in filters}


def ensure_dense_copy(directory: Path, size: int) -> None:
    """Add the dense copy (what the index writer keeps) to an index ``bench_retrieval.py`` built without one."""
    from rag_bot.index.dense import DenseEntry
    from rag_bot.index.store import IndexStore
    from rag_bot.index.writer import write_dense_copy

    store = IndexStore(settings_for(directory), MODEL)
    if store.dense.count() >= size:  # (bench_retrieval's publish runs add a few files)
        return
    assert store.dense.count() == 0, "a partial dense copy: delete DIR/dense and run again"
    days, langs = columns(size)
    sample = [0, size // 2, size - 1]  # the regenerated vectors must be the stored ones
    stored = {h.id: v for h, v in store.vectors.vectors_of([f"c{i:08d}" for i in sample])}
    t0 = time.perf_counter()
    page: list[DenseEntry] = []
    for start, v in vector_batches(size):
        for j in range(len(v)):
            i = start + j
            if i in sample:
                assert np.allclose(stored[f"c{i:08d}"], v[j], atol=1e-5), "vectors differ from the build's"
            page.append(DenseEntry(f"c{i:08d}", v[j], int(days[i]), str(langs[i])))
        if len(page) >= 100_000:
            write_dense_copy(store, page)
            page = []
    if page:
        write_dense_copy(store, page)
    print(f"dense copy written: {size} chunks in {time.perf_counter() - t0:.0f} s", flush=True)


def measure(directory: Path, size: int, n_queries: int, paths: list[str]) -> None:
    from rag_bot.retrieval.hybrid import HybridRetriever

    filters = pick_filters(size)
    embedder = FixedEmbedder(max(1, size // 20))
    texts = synthetic_queries(n_queries, seed=23)
    qvecs = np.asarray([embedder.embed_query(t) for t in texts])
    t0 = time.perf_counter()
    truth = exact_top(size, filters, qvecs)
    print(f"exact filtered top-{K} by brute force: {time.perf_counter() - t0:.0f} s", flush=True)
    base = settings_for(directory)
    chroma = base.model_copy(update={"dense_engine": "chroma"})
    retrievers = {"probe": HybridRetriever(chroma.model_copy(update={"exact_filter_chunks": 0}), embedder),
                  "exact": HybridRetriever(chroma, embedder), "copy": HybridRetriever(base, embedder)}
    first = retrievers[paths[0]]
    first.search("silence river", None, 6)  # opens every store
    print(f"{'filter':<20} {'share':>6} {'path':>6} {'search p50/p95 ms':>18} {'CPU p50/p95':>14} "
          f"{'tool p50/p95 ms':>16} {'recall@50':>9}", flush=True)
    for name, f in filters.items():
        share = first.store.keywords.selectivity(f) or 0.0
        for path in paths:
            r = retrievers[path]
            r.search(texts[0], f, 6)  # the selectivity is kept per filter: the first query pays it
            lat, cpu, tool, recall = [], [], [], []
            for q, text in enumerate(texts):
                t1, c1 = time.perf_counter(), time.process_time()
                dense, keyword = r.candidates(text, f, "hybrid", K, query_vector=qvecs[q])
                ranked = r.fuse(dense, keyword, "hybrid", ceiling=r.keyword_ceiling(text))[:6]
                reader(r.store).get([cid for cid, _ in ranked])
                lat.append((time.perf_counter() - t1) * 1000)
                cpu.append((time.process_time() - c1) * 1000)
                recall.append(len({cid for cid, _ in dense} & truth[name][q]) / max(1, len(truth[name][q])))
            for text in texts[: max(5, n_queries // 3)]:
                t1 = time.perf_counter()
                r.retrieve(text, f)
                tool.append((time.perf_counter() - t1) * 1000)
            print(f"{name:<20} {share:>6.3f} {path:>6} {np.percentile(lat, 50):>8.1f}/{np.percentile(lat, 95):<9.1f}"
                  f" {np.percentile(cpu, 50):>6.1f}/{np.percentile(cpu, 95):<7.1f}"
                  f" {np.percentile(tool, 50):>7.1f}/{np.percentile(tool, 95):<8.1f} {np.mean(recall):>9.3f}",
                  flush=True)


def dense_only(size: int, directory: Path, n_queries: int) -> None:
    """The dense copy alone (no Chroma, no keyword side) at ``size`` chunks, for each filter: every passing chunk
    scored (``exact``, whatever the limit) and the default path (``copy``: exact when at most
    ``exact_filter_chunks`` pass, the inverted lists above)."""
    from rag_bot.config import Settings
    from rag_bot.index.dense import DenseCopy, DenseEntry

    s = Settings(_env_file=None)
    copy = DenseCopy(directory / "dense")
    days, langs = columns(size)
    if copy.count() != size:
        t0 = time.perf_counter()
        for start, v in vector_batches(size):
            copy.apply(add=[DenseEntry(f"c{start + j:08d}", v[j], int(days[start + j]), str(langs[start + j]))
                            for j in range(len(v))], remove=set())
        print(f"dense copy of {size} chunks written in {time.perf_counter() - t0:.0f} s", flush=True)
    filters = pick_filters(size)
    texts = synthetic_queries(n_queries, seed=23)
    qvecs = np.asarray([FixedEmbedder(max(1, size // 20)).embed_query(t) for t in texts])
    truth = exact_top(size, filters, qvecs)
    paths = {"exact": {"limit": size},
             "copy": {"limit": s.exact_filter_chunks, "probe": s.ann_probe, "exact_chunks": s.ann_exact_chunks,
                      "rerank": s.ann_rerank}}
    print(f"{'filter':<20} {'passing':>8} {'path':>5} {'p50/p95 ms':>17} {'CPU p50/p95':>14} {'recall@50':>9}",
          flush=True)
    for name, f in filters.items():
        for path, how in paths.items():
            copy.search(qvecs[0], K, f, **how)  # the first query maps the pages
            lat, cpu, recall = [], [], []
            for q in range(len(texts)):
                t1, c1 = time.perf_counter(), time.process_time()
                got = copy.search(qvecs[q], K, f, **how) or []
                lat.append((time.perf_counter() - t1) * 1000)
                cpu.append((time.process_time() - c1) * 1000)
                recall.append(len({cid for cid, _ in got} & truth[name][q]) / max(1, len(truth[name][q])))
            passing = int(passes(days, langs, f).sum())
            print(f"{name:<20} {passing:>8} {path:>5} {np.percentile(lat, 50):>8.1f}/{np.percentile(lat, 95):<8.1f}"
                  f" {np.percentile(cpu, 50):>6.1f}/{np.percentile(cpu, 95):<7.1f} {np.mean(recall):>9.3f}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("index", type=Path, help="an index built by bench_retrieval.py (a copy: it is written to)")
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--paths", nargs="+", default=["exact", "copy"], choices=["probe", "exact", "copy"])
    parser.add_argument("--dense-only", type=int, metavar="N",
                        help="time the dense copy alone at N chunks (written into INDEX/dense-N: a scratch folder)")
    args = parser.parse_args()
    if args.dense_only:
        dense_only(args.dense_only, args.index / f"dense-{args.dense_only}", args.queries)
        return
    size = int((args.index / "built").read_text())
    print(f"{size} chunks in {args.index}; latencies exclude the query embedding", flush=True)
    ensure_dense_copy(args.index, size)
    measure(args.index, size, args.queries, args.paths)


if __name__ == "__main__":
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    main()
