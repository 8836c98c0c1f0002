"""Ingestion throughput and its overhead over raw embedding time.

Ingests a folder (default: the sample corpus) into a fresh index, then embeds the very same chunk texts directly
with the embedding model; prints chunks/s for both and the pipeline's overhead (loading, chunking, Chroma and BM25
writes, manifest) in seconds and percent. A re-run on the unchanged folder shows the cost of a no-op ingest.
Usage: python benchmarks/bench_ingest.py [FOLDER] [--repeat N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.index.store import IndexStore
from rag_bot.models.embeddings import get_embedder

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", type=Path, default=REPO / "data" / "corpus")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(_env_file=None, index_dir=Path(tmp))
        embedder = get_embedder(settings)
        embedder.embed_query("warm-up")
        summary = ingest_paths([args.folder], settings, progress=False)
        t0 = time.perf_counter()
        noop = ingest_paths([args.folder], settings, progress=False)
        noop_s = time.perf_counter() - t0
        store = IndexStore(settings, embedder.name)
        hits = store.vectors.get(sorted(store.vectors.all_ids()))
        texts = [f"{h.metadata.get('title')}\n{h.text}" for h in hits]
        t0 = time.perf_counter()
        for start in range(0, len(texts), settings.ingest_batch):
            embedder.embed_passages(texts[start:start + settings.ingest_batch])
        raw = time.perf_counter() - t0
    overhead = summary.seconds - raw
    print(f"folder: {args.folder}  files: {summary.added}  chunks: {summary.chunks}  failed: {len(summary.failed)}")
    print(f"ingest:         {summary.seconds:7.2f} s  {summary.chunks / summary.seconds:6.2f} chunks/s "
          f"(of which embedding {summary.embed_seconds:.2f} s)")
    print(f"raw embedding:  {raw:7.2f} s  {len(texts) / raw:6.2f} chunks/s")
    print(f"overhead:       {overhead:7.2f} s  ({100 * overhead / raw:.1f} % over raw embedding)")
    print(f"no-op re-ingest: {noop_s:6.2f} s  (added {noop.added}, chunks {noop.chunks})")


if __name__ == "__main__":
    main()
