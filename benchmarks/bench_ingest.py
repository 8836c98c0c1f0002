"""Ingestion throughput, where its time goes, and its overhead over raw embedding.

Ingests a folder (default: the sample corpus; ``--copies N`` makes N edited copies of it, a larger set) into a
fresh index and times each stage (wall and process CPU time; stages run overlapped, so their wall times add up to
more than the run, and a stage's CPU includes the embedding threads' CPU meanwhile). Then embeds the very same
chunk texts directly, in batches of ``ingest_batch``: with the engine's own OpenMP threads (``embed_workers=1``)
and with one single-threaded worker per core (the default), and prints chunks/s, tokens per chunk, and the
pipeline's overhead over the raw embedding of the same configuration. A re-run on the unchanged folder shows the
cost of a no-op ingest. On a shared machine, compare CPU times.

``--repeat R`` (issue 26) then ingests the same folder R more times, each in a fresh process and index, each
followed by the embedder alone on the same chunk texts (the ingester's own embedder, batches of ``ingest_batch``),
and prints each run's ratio end-to-end chunks/s / embedder chunks/s with their min and median, and the share of
the run's wall time during which the embedder had a batch (what a loaded machine blurs least: it is measured inside
one run). ``--only-ratio`` prints only these runs.
Usage: python benchmarks/bench_ingest.py [FOLDER] [--copies N] [--repeat R] [--only-ratio]
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ingest.pipeline as pipeline
from ingest.documents import Chunk, compose
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
            t0, c0 = time.perf_counter(), cpu()
            try:
                return fn(*args, **kwargs)
            finally:
                d = self.spent.setdefault(name, [0.0, 0.0])
                d[0] += time.perf_counter() - t0
                d[1] += cpu() - c0
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
    parser.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)  # one fresh process of --repeat
    args = parser.parse_args()
    if args.one_run:
        ratios(args.folder, args.copies, 1)
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
    """Each run in a fresh process, as ``rag-bot ingest`` runs (a second run in one process would find chromadb
    imported and the model loaded); then the min and median of the runs' figures."""
    found: list[float] = []
    busy: list[float] = []
    for run in range(repeat):
        out = subprocess.run([sys.executable, __file__, str(folder), "--copies", str(n_copies), "--one-run"],
                             capture_output=True, text=True, check=True).stdout
        line = next(x for x in out.splitlines() if x.startswith("run "))
        print(f"run {run + 1}:{line.split(':', 1)[1]}", flush=True)
        found.append(float(re.search(r"ratio ([0-9.]+)", line).group(1)))
        busy.append(float(re.search(r"busy ([0-9.]+) %", line).group(1)) / 100)
    summarise(found, busy)


def summarise(found: list[float], busy: list[float]) -> None:
    print(f"ratio end to end / embedder alone over {len(found)} runs: min {min(found):.3f}  "
          f"median {statistics.median(found):.3f}; embedder busy (share of the run's wall time): "
          f"min {100 * min(busy):.1f} %  median {100 * statistics.median(busy):.1f} %")


def ratios(source: Path, n_copies: int, repeat: int) -> None:
    """``repeat`` runs of: a fresh ingest of the folder, then the ingester's embedder alone on the same chunks."""
    found: list[float] = []
    busy: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = copies(source, n_copies, Path(tmp) / "set") if n_copies else source
        for run in range(repeat):
            settings = Settings(_env_file=None, index_dir=Path(tmp) / f"index{run}")
            embedder = get_embedder(settings)
            embedder.embed_query("warm-up")
            t0, c0 = time.perf_counter(), cpu()
            summary = pipeline.ingest_paths([folder], settings, progress=False)
            wall, used = time.perf_counter() - t0, cpu() - c0
            index = store.IndexStore(settings, embedder.name)
            hits = index.vectors.get(sorted(index.vectors.all_ids()))
            texts = [compose(Chunk.COMPOSITION, str(h.metadata.get("title") or ""), h.text,
                             str(h.metadata.get("source") or "")) for h in hits]
            alone, alone_cpu = raw(embedder, texts, settings.ingest_batch)
            end_to_end, model = summary.chunks / wall, len(texts) / alone
            found.append(end_to_end / model)
            busy.append(summary.embed_seconds / wall)
            print(f"run {run + 1}: {summary.chunks} chunks; end to end {wall:6.2f} s {end_to_end:5.2f} chunks/s; "
                  f"embedder alone {alone:6.2f} s {model:5.2f} chunks/s; ratio {found[-1]:.3f}; "
                  f"embedder busy {100 * busy[-1]:.1f} % of the run; CPU {used:.2f} s vs {alone_cpu:.2f} s alone",
                  flush=True)
    summarise(found, busy)


if __name__ == "__main__":
    main()
