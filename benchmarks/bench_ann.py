"""Recall of the dense copy's approximate search (inverted lists, int8 codes, float32 rescoring) against exact search,
per number of lists probed, with and without filters, on vectors with structure.

Two kinds of vectors (random unit vectors have no neighbourhoods, so they say nothing about an approximate index):
- ``--synthetic N``: N chunks of ``synthetic_corpus.chunk_vectors`` (themes, sub-topics, documents: what
  ``bench_retrieval.py`` builds), questions from ``synthetic_corpus.query_vector``, dates and languages as
  ``bench_filters.py`` gives them;
- ``--real DIR``: real embeddings made by the bundled model (``DIR/vectors.npy`` passages, ``DIR/queries.npy``
  questions; ``--embed`` makes them from ``DIR/passages.json`` and ``DIR/queries.json``, lists of texts), with
  synthetic dates and languages per row.
The copy is written as the index writer writes it (parts of ``--part`` chunks, merged in tiers), then each query is
answered exactly (every chunk scored) and approximately for each ``--probe``; recall@10 = the share of the exact top
10 found. CPU per query (process time, one thread) is printed beside it.

Usage: python benchmarks/bench_ann.py SCRATCH --synthetic 300000 [--probe 4 8 16 32 64] [--queries 200]
       python benchmarks/bench_ann.py /work/bench/real --real [--embed]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_corpus import chunk_vectors, query_vector  # noqa: E402

K = 10


def embed(directory: Path) -> None:
    """Embed ``passages.json`` and ``queries.json`` with the bundled model (resumable: ``vectors.npy`` grows)."""
    from rag_bot.models.embeddings import LocalE5Embedder

    model = LocalE5Embedder(workers=1)
    for texts_name, out_name, query in (("passages.json", "vectors.npy", False), ("queries.json", "queries.npy", True)):
        texts = json.loads((directory / texts_name).read_text(encoding="utf-8"))
        out = directory / out_name
        done = np.load(out) if out.exists() else np.zeros((0, 384), np.float32)
        for start in range(len(done), len(texts), 500):
            part = texts[start:start + 500]
            v = np.asarray([model.embed_query(t) for t in part] if query else model.embed_passages(part), np.float32)
            done = np.concatenate([done, v.reshape(len(part), -1)])
            np.save(directory / f".{out_name}", done)
            os.replace(directory / f".{out_name}", out)
            print(f"{out_name}: {len(done)}/{len(texts)}", flush=True)


def columns(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Dates and languages per row as ``bench_filters.columns`` (20 rows per document)."""
    doc = np.arange(n) // 20
    day = 19690101 + (doc % 4) * 10000 + (doc % 12) * 100 + doc % 28
    return day.astype(np.int32), np.where(doc % 3 == 0, "hi", "en")


def write_copy(directory: Path, vectors: np.ndarray, part: int) -> tuple[object, float]:
    """The dense copy of ``vectors`` written in parts of ``part`` (tiered merges as the writer's); CPU seconds."""
    from rag_bot.index.dense import DenseCopy, DenseEntry

    shutil.rmtree(directory, ignore_errors=True)
    copy = DenseCopy(directory)
    days, langs = columns(len(vectors))
    c0 = time.process_time()
    for start in range(0, len(vectors), part):
        copy.apply(add=[DenseEntry(f"c{i:08d}", vectors[i], int(days[i]), str(langs[i]))
                        for i in range(start, min(len(vectors), start + part))], remove=set())
    return copy, time.process_time() - c0


def measure(copy, queries: np.ndarray, probes: list[int], filters: dict, rerank: int) -> None:
    gen = copy.generation()
    print(f"{gen.rows} chunks in {len(gen.parts)} parts ({sum(p.inverted for p in gen.parts)} with lists: "
          f"{[len(p.lists()[0]) for p in gen.parts if p.inverted]} lists); recall@{K} against exact search, "
          f"{len(queries)} questions, rerank {rerank}", flush=True)
    print(f"{'filter':<22} {'probe':>5} {'recall@10':>9} {'CPU p50/p95 ms':>15} {'exact CPU p50 ms':>16}", flush=True)
    for name, f in filters.items():
        truth, exact_cpu = [], []
        for q in queries:
            c0 = time.process_time()
            truth.append({cid for cid, _ in copy.search(q, K, f, limit=10**9)})
            exact_cpu.append(time.process_time() - c0)
        for probe in probes:
            recall, cpu = [], []
            for q, true in zip(queries, truth, strict=True):
                c0 = time.process_time()
                got = copy.search(q, K, f, limit=0, probe=probe, exact_chunks=0, rerank=rerank) or []
                cpu.append(time.process_time() - c0)
                recall.append(len({cid for cid, _ in got} & true) / max(1, len(true)))
            print(f"{name:<22} {probe:>5} {np.mean(recall):>9.3f} {np.percentile(cpu, 50) * 1000:>7.2f}/"
                  f"{np.percentile(cpu, 95) * 1000:<7.2f} {np.percentile(exact_cpu, 50) * 1000:>16.2f}", flush=True)


def main() -> None:
    from rag_bot.index.types import SearchFilters

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory", type=Path)
    parser.add_argument("--synthetic", type=int, metavar="N")
    parser.add_argument("--real", action="store_true")
    parser.add_argument("--embed", action="store_true")
    parser.add_argument("--probe", type=int, nargs="+", default=[2, 4, 8, 16, 32, 64])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--part", type=int, default=100_000, help="chunks per change written to the copy")
    parser.add_argument("--rerank", type=int, default=200)
    parser.add_argument("--lists-per-root", type=float, help="lists = this x sqrt(rows) (default: the index's own; a "
                        "smaller value gives a small set lists as long as a large index's)")
    args = parser.parse_args()
    if args.lists_per_root:
        from rag_bot.index import ann

        ann.LISTS_PER_ROOT = args.lists_per_root
    if args.embed:
        embed(args.directory)
    if args.real:
        vectors = np.load(args.directory / "vectors.npy")
        queries = np.load(args.directory / "queries.npy")
        queries = queries[np.sort(np.random.default_rng(0).choice(len(queries), min(args.queries, len(queries)),
                                                                  replace=False))]
    else:
        n = args.synthetic
        vectors = np.concatenate([chunk_vectors(s, min(100_000, n - s), seed=(3, s // 100_000))
                                  for s in range(0, n, 100_000)])
        queries = np.stack([query_vector(f"question {i}", n // 20) for i in range(args.queries)])
    copy, cpu = write_copy(args.directory / "ann-copy", vectors, args.part)
    print(f"written in {cpu:.1f} s CPU", flush=True)
    days = np.sort(columns(len(vectors))[0])
    third = days[len(days) // 3]

    def dates(share: float) -> SearchFilters:
        hi = days[min(len(days) - 1, np.searchsorted(days, third) + int(share * len(days)))]
        return SearchFilters(date_from=f"{third // 10000}-{third // 100 % 100:02d}-{third % 100:02d}",
                             date_to=f"{hi // 10000}-{hi // 100 % 100:02d}-{hi % 100:02d}")

    filters = {"none": SearchFilters(), "dates 10%": dates(0.10), "dates 50%": dates(0.5),
               "language hi (33%)": SearchFilters(language="hi"), "language en (67%)": SearchFilters(language="en")}
    measure(copy, queries, args.probe, filters, args.rerank)


if __name__ == "__main__":
    main()
