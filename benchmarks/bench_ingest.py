"""Ingestion throughput, where its time goes, and its overhead over raw embedding.

Ingests a folder (default: the sample corpus; ``--copies N`` makes N edited copies of it, a larger set) into a
fresh index and times each stage (wall and CPU time; stages run overlapped, so their wall times add up to more than
the run; a stage's CPU is that of the thread that ran it, ``time.thread_time``). Then embeds the very same
chunk texts directly, in batches of ``ingest_batch``: with the engine's own OpenMP threads (``embed_workers=1``)
and with one single-threaded worker per core (the default), and prints chunks/s, tokens per chunk, and the
pipeline's overhead over the raw embedding of the same configuration. A re-run on the unchanged folder shows the
cost of a no-op ingest. On a shared machine, compare CPU times.

``--repeat R`` (issue 26) then runs R pairs, alternating which goes first: the whole ``rag-bot ingest`` of the folder
in a fresh process and index, and the embedder alone on the very same chunks in a fresh process (see
:func:`fresh_processes`); it prints each pair's ratio end-to-end chunks/s / embedder chunks/s and the ratio of their
CPU seconds, with the median and spread, and the load average around each run (the machine may be shared).
``--only-ratio`` prints only these pairs. Use a corpus on which the fixed costs of a run (start, imports, the model,
opening the index) do not dominate, e.g. ``--copies 4`` or more.
Usage: python benchmarks/bench_ingest.py [FOLDER] [--copies N] [--repeat R] [--only-ratio]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ingest.pipeline as pipeline
from ingest.budget import Budget
from ingest.documents import Chunk, compose
from ingest.prefetch import embed_ahead
from rag_bot.config import Settings
from rag_bot.index import keywords, manifest, store, vectors, writer
from rag_bot.models.embeddings import LocalE5Embedder, get_embedder

REPO = Path(__file__).resolve().parent.parent


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Stages:
    """Wall and CPU seconds spent in the wrapped functions."""

    def __init__(self) -> None:
        self.spent: dict[str, list[float]] = {}

    def wrap(self, name: str, fn):
        def timed(*args, **kwargs):
            t0, c0 = time.perf_counter(), time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                d = self.spent.setdefault(name, [0.0, 0.0])
                d[0] += time.perf_counter() - t0
                d[1] += time.thread_time() - c0
        return timed


def copies(folder: Path, n: int, into: Path) -> Path:
    """``n`` copies of ``folder``, each text file given a distinct first line (other formats copied as they are)."""
    for i in range(n):
        for src in folder.rglob("*"):
            if src.is_file():
                dst = into / f"copy{i}" / src.relative_to(folder)
                dst.parent.mkdir(parents=True, exist_ok=True)
                if src.suffix in (".txt", ".md"):
                    dst.write_text(f"Copy {i}\n\n" + src.read_text(encoding="utf-8"), encoding="utf-8")
                else:
                    shutil.copy(src, dst)
    return into


def raw(embedder, texts: list[str], batch: int) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), cpu()
    for start in range(0, len(texts), batch):
        embedder.embed_passages(texts[start:start + batch])
    return time.perf_counter() - t0, cpu() - c0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", type=Path, default=REPO / "data" / "corpus")
    parser.add_argument("--copies", type=int, default=0, help="ingest N edited copies of the folder instead")
    parser.add_argument("--repeat", type=int, default=0, help="R more runs: end to end vs embedder alone, ratio")
    parser.add_argument("--only-ratio", action="store_true", help="skip the stage breakdown, print only the ratios")
    parser.add_argument("--embed-alone", action="store_true", help=argparse.SUPPRESS)  # the child of --repeat
    args = parser.parse_args()
    if args.embed_alone:
        embed_alone(args.folder)
        return
    if args.only_ratio:
        fresh_processes(args.folder, args.copies, max(args.repeat, 1))
        return
    stages = Stages()
    pipeline.load_bytes = stages.wrap("load (parse)", pipeline.load_bytes)
    pipeline.read_file = stages.wrap("read the file", pipeline.read_file)
    pipeline.make_chunks = stages.wrap("chunk (token counting included)", pipeline.make_chunks)
    vectors.VectorIndex.add = stages.wrap("write Chroma", vectors.VectorIndex.add)
    keywords.KeywordIndex.apply = stages.wrap("publish keywords", keywords.KeywordIndex.apply)
    manifest.Manifest.save = stages.wrap("manifest", manifest.Manifest.save)
    writer.IndexStore = stages.wrap("open the index", writer.IndexStore)
    with tempfile.TemporaryDirectory() as tmp:
        folder = copies(args.folder, args.copies, Path(tmp) / "set") if args.copies else args.folder
        settings = Settings(_env_file=None, index_dir=Path(tmp) / "index")
        embedder = get_embedder(settings)
        embedder.embed_query("warm-up")
        t0, c0 = time.perf_counter(), cpu()
        summary = pipeline.ingest_paths([folder], settings, progress=False)
        wall, used = time.perf_counter() - t0, cpu() - c0
        t0 = time.perf_counter()
        noop = pipeline.ingest_paths([folder], settings, progress=False)
        noop_s = time.perf_counter() - t0
        index = store.IndexStore(settings, embedder.name)
        hits = index.vectors.get(sorted(index.vectors.all_ids()))
        texts = [compose(Chunk.COMPOSITION, str(h.metadata.get("title") or ""), h.text,
                         str(h.metadata.get("source") or "")) for h in hits]  # what the pipeline embedded
        tokens = sum(embedder.token_count(t) for t in texts)
        omp = raw(LocalE5Embedder(workers=1), texts, settings.ingest_batch)
        split = raw(LocalE5Embedder(workers=0), texts, settings.ingest_batch)
    n = summary.chunks
    print(f"folder: {folder}  files: {summary.added}  chunks: {n}  failed: {len(summary.failed)}  "
          f"tokens per chunk: {tokens / max(len(texts), 1):.0f}")
    print(f"ingest end to end:            {wall:7.2f} s  {n / wall:6.2f} chunks/s  CPU {used:6.2f} s")
    print(f"  {'embedding (busy, wall)':<28}{summary.embed_seconds:7.2f} s (calls overlap: two batches in flight)")
    for name, (w, c) in sorted(stages.spent.items(), key=lambda kv: -kv[1][0]):
        print(f"  {name:<28}{w:7.2f} s wall, {c:6.2f} s CPU")
    for label, (w, c) in (("raw, engine's OpenMP threads", omp), ("raw, one worker per core", split)):
        print(f"{label + ':':<30}{w:7.2f} s  {len(texts) / w:6.2f} chunks/s  CPU {c:6.2f} s  "
              f"({tokens / w:.0f} tokens/s)")
    overhead = wall - split[0]
    print(f"overhead over raw (one worker per core): {overhead:6.2f} s ({100 * overhead / split[0]:.1f} %); "
          f"CPU {used - split[1]:.2f} s ({100 * (used - split[1]) / split[1]:.1f} %)")
    opening = stages.spent.get("open the index", [0.0, 0.0])[0]
    print(f"  of which opening the index (once per run, whatever the corpus size: chromadb's import and client): "
          f"{opening:.2f} s; the rest {overhead - opening:.2f} s ({100 * (overhead - opening) / split[0]:.1f} %)")
    print(f"no-op re-ingest: {noop_s:6.2f} s  (added {noop.added}, chunks {noop.chunks})")
    if args.repeat:
        fresh_processes(args.folder, args.copies, args.repeat)


def fresh_processes(folder: Path, n_copies: int, repeat: int) -> None:
    """``repeat`` pairs, alternating which runs first: the whole ``rag-bot ingest`` of the folder (the entry point
    beside this interpreter, a fresh process and index: its wall time from start to exit, imports and the model's
    loading included) and the embedder alone on the very same chunk texts (a fresh process; only the embedding is
    timed). Wall and CPU seconds of each (CPU of the child process, every thread), the load average around each;
    then the ratio end-to-end chunks/s / embedder chunks/s per pair, its median and spread, and the same ratio of
    CPU seconds (what a shared machine blurs least)."""
    rag_bot = str(Path(sys.executable).with_name("rag-bot"))
    walls: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        source = copies(folder, n_copies, Path(tmp) / "set") if n_copies else folder
        for run in range(repeat):
            order = ("ingest", "alone") if run % 2 == 0 else ("alone", "ingest")
            got: dict[str, tuple[int, float, float, str]] = {}
            for kind in order:
                load = os.getloadavg()[0]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                if kind == "ingest":
                    env = {**os.environ, "RAG_BOT_INDEX_DIR": str(Path(tmp) / f"index{run}")}
                    out = subprocess.run([rag_bot, "ingest", str(source), "--json"], capture_output=True, text=True,
                                         check=True, env=env).stdout
                    chunks, seconds = json.loads(out.splitlines()[-1])["chunks"], time.perf_counter() - t0
                else:
                    out = subprocess.run([sys.executable, __file__, str(source), "--embed-alone"],
                                         capture_output=True, text=True, check=True).stdout
                    alone = json.loads(out.splitlines()[-1])
                    chunks, seconds = alone["chunks"], alone["seconds"]
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
                if kind == "alone":
                    used = alone["cpu"]  # the embedding's CPU only (its process's start and model loading left out)
                got[kind] = (chunks, seconds, used, f"load {load:.1f}-{os.getloadavg()[0]:.1f}")
            (n, wall, used, load), (n_alone, alone_s, alone_cpu, load_alone) = got["ingest"], got["alone"]
            assert n == n_alone, f"the ingest wrote {n} chunks, the embedder alone embedded {n_alone}"
            walls.append((n / wall) / (n / alone_s))
            cpus.append(alone_cpu / used)
            print(f"run {run + 1} ({' then '.join(order)}): {n} chunks; rag-bot ingest {wall:6.1f} s "
                  f"{n / wall:5.2f} chunks/s CPU {used:6.1f} s ({load}); embedder alone {alone_s:6.1f} s "
                  f"{n / alone_s:5.2f} chunks/s CPU {alone_cpu:6.1f} s ({load_alone}); ratio {walls[-1]:.3f}, "
                  f"CPU ratio {cpus[-1]:.3f}", flush=True)
    for label, found in (("ratio (wall)", walls), ("ratio of CPU seconds", cpus)):
        print(f"{label} over {len(found)} pairs: median {statistics.median(found):.3f}, "
              f"min {min(found):.3f}, max {max(found):.3f}")


def embed_alone(folder: Path) -> None:
    """The chunks ``rag-bot ingest`` makes of ``folder`` (the pipeline's own scan, loaders and chunker, untimed),
    embedded in batches of ``ingest_batch`` by the ingester's embedder, two batches in flight as the pipeline keeps
    them; prints one JSON line: chunks, wall and CPU seconds of the embedding only."""
    settings = Settings(_env_file=None)
    ingester = pipeline.Ingester(settings, progress=False)
    items, _, _ = pipeline.scan_paths([folder], int(settings.max_file_mb * 1_000_000))
    texts = []
    for item in items:
        data = item.read()
        item.content_hash = hashlib.sha256(data).hexdigest()
        loaded = pipeline.load_bytes(item.path or item.source, data, Budget.for_file(len(data), settings))
        texts += [c.embed_text for c in ingester.chunk(loaded, item, "auto")[1]]
    ingester.embedder.embed_query("warm-up")
    batches = [texts[i:i + settings.ingest_batch] for i in range(0, len(texts), settings.ingest_batch)]
    t0, c0 = time.perf_counter(), cpu()
    for _ in embed_ahead(batches, ingester.embedder.embed_passages):
        pass
    print(json.dumps({"chunks": len(texts), "seconds": time.perf_counter() - t0, "cpu": cpu() - c0}))


if __name__ == "__main__":
    main()
