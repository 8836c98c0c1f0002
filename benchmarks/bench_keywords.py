"""Keyword engines compared: build time, load time, query latency and memory at 10k / 100k (300k) chunks.

Each size runs in a fresh subprocess so resident memory is that engine's alone.
Usage: python benchmarks/bench_keywords.py [--sizes 10000 100000] [--queries 200]
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

WORDS = [f"w{i}" for i in range(30000)] + "silence river work fear love death drama music मौन ध्यान नदी प्रेम".split()


def synthetic_entries(n: int, seed: int = 7):
    from rag_bot.index.keywords import KeywordEntry

    rng = random.Random(seed)
    weights = [1.0 / (i + 1) for i in range(len(WORDS))]  # Zipf-like
    for i in range(n):
        toks = rng.choices(WORDS, weights=weights, k=120)
        day = 19690101 + rng.randrange(0, 28)
        yield KeywordEntry(f"c{i:07d}", toks, day, "hi" if i % 3 == 0 else "en", f"d{i // 20}")


def child(size: int, engine: str, queries: int, directory: str) -> dict:
    import numpy as np
    import psutil

    from rag_bot.index.keywords import KeywordIndex
    from rag_bot.retrieval.types import SearchFilters

    index_dir = Path(directory)
    result: dict = {"size": size, "engine": engine}
    if not (index_dir / "CURRENT").exists():
        t0 = time.perf_counter()
        KeywordIndex(index_dir).publish(list(synthetic_entries(size)))
        result["publish_s"] = round(time.perf_counter() - t0, 2)
    proc = psutil.Process()
    rss0 = proc.memory_info().rss
    t0 = time.perf_counter()
    index = KeywordIndex(index_dir, engine=engine)
    index.snapshot()
    result["load_s"] = round(time.perf_counter() - t0, 3)
    rng = random.Random(1)
    lat = []
    for q in range(queries):
        text = " ".join(rng.choices(WORDS[:3000], k=5))
        filters = SearchFilters(language="hi") if q % 4 == 0 else SearchFilters()
        t0 = time.perf_counter()
        index.search(text, 50, filters)
        lat.append((time.perf_counter() - t0) * 1000)
    result["p50_ms"] = round(float(np.percentile(lat, 50)), 2)
    result["p95_ms"] = round(float(np.percentile(lat, 95)), 2)
    result["rss_mb"] = round(proc.memory_info().rss / 1e6, 1)
    result["rss_delta_mb"] = round((proc.memory_info().rss - rss0) / 1e6, 1)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 100000])
    parser.add_argument("--engines", nargs="+", default=["bm25s", "rank_bm25"])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        size, engine, directory = args.child
        print(json.dumps(child(int(size), engine, args.queries, directory)))
        return
    print(f"{'chunks':>8} {'engine':>10} {'publish s':>10} {'load s':>8} {'p50 ms':>8} {'p95 ms':>8} {'RSS MB':>8}")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            for engine in args.engines:
                out = subprocess.run([sys.executable, __file__, "--queries", str(args.queries), "--child",
                                      str(size), engine, tmp], capture_output=True, text=True, check=True)
                r = json.loads(out.stdout.strip().splitlines()[-1])
                print(f"{size:>8} {engine:>10} {r.get('publish_s', '-'):>10} {r['load_s']:>8} {r['p50_ms']:>8} "
                      f"{r['p95_ms']:>8} {r['rss_mb']:>8}", flush=True)


if __name__ == "__main__":
    main()
