"""Ingestion over real documents no one here wrote: HTML and PDF manuals shipped in Debian packages.

Downloads the packages with ``apt-get download`` (no root needed, nothing installed), unpacks them with
``dpkg-deb -x`` into a temporary folder, then
1. extracts the text of every HTML/PDF file with the ingestion loaders (the file's budget applied, nothing embedded)
   and prints files/s, MB/s, failures with their reasons and the share of characters left out as boilerplate
   (navigation of HTML pages; running headers, footers and page numbers of PDFs);
2. ingests a sample of them for real (embedding, Chroma, BM25, manifest) and prints chunks/s;
and the peak RSS of the process. Usage:
    python benchmarks/bench_real_documents.py [--packages python3.11-doc r-doc-pdf gnuplot-doc] [--sample 30]
Never run by the tests (it needs the network).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from ingest.budget import Budget
from ingest.files import read_file
from ingest.loaders import LoadError, load_bytes
from ingest.pipeline import ingest_paths
from rag_bot.config import Settings

DEFAULT_PACKAGES = ["python3.11-doc", "r-doc-pdf", "gnuplot-doc"]
SUFFIXES = {".html", ".htm", ".pdf"}


def fetch(packages: list[str], into: Path) -> Path:
    """Download and unpack ``packages``; returns the folder holding their files."""
    debs = into / "debs"
    debs.mkdir(parents=True)
    subprocess.run(["apt-get", "download", *packages], cwd=debs, check=True, capture_output=True)
    tree = into / "tree"
    for deb in sorted(debs.glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(tree)], check=True)
    for gz in tree.rglob("*.pdf.gz"):  # some packages ship their PDFs compressed
        subprocess.run(["gunzip", "-f", str(gz)], check=True)
    return tree


def extract_all(files: list[Path], settings: Settings) -> dict:
    """Text of every file through the loaders: throughput, failures and boilerplate removed, by format."""
    stats: dict[str, Counter] = {}
    failures: list[tuple[str, str]] = []
    limit = int(settings.max_file_mb * 1_000_000)
    for path in files:
        kind = path.suffix.lower().lstrip(".").replace("htm", "html").replace("htmll", "html")
        s = stats.setdefault(kind, Counter())
        start = time.process_time()
        try:
            data = read_file(str(path), limit)
            s["bytes"] += len(data)
            loaded = load_bytes(path.name, data, Budget.for_file(len(data), settings))
            s["chars"] += sum(len(p.text) for p in loaded.pages)
            s["dropped"] += loaded.dropped_chars
            s["files"] += 1
        except LoadError as exc:
            failures.append((str(path), str(exc)))
            s["failed"] += 1
        s["cpu"] += time.process_time() - start
    return {"stats": stats, "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--packages", nargs="+", default=DEFAULT_PACKAGES)
    parser.add_argument("--sample", type=int, default=30, help="files ingested for real (embedding included)")
    args = parser.parse_args()
    settings = Settings(_env_file=None)
    with tempfile.TemporaryDirectory() as tmp:
        tree = fetch(args.packages, Path(tmp))
        files = sorted(p for p in tree.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file()
                       and not p.is_symlink())
        print(f"packages: {' '.join(args.packages)}; {len(files)} HTML/PDF files, "
              f"{sum(p.stat().st_size for p in files) / 1e6:.1f} MB")
        result = extract_all(files, settings)
        for kind, s in sorted(result["stats"].items()):
            total = s["chars"] + s["dropped"]
            print(f"extraction {kind}: {s['files']} files ok, {s['failed']} failed, {s['bytes'] / 1e6:.1f} MB in "
                  f"{s['cpu']:.1f} s CPU = {(s['files'] + s['failed']) / max(s['cpu'], 1e-9):.1f} files/s, "
                  f"{s['bytes'] / 1e6 / max(s['cpu'], 1e-9):.2f} MB/s; {s['chars'] / 1e6:.2f} M characters kept, "
                  f"boilerplate removed {100 * s['dropped'] / max(total, 1):.1f} %")
        reasons = Counter(reason.split(" (")[0] for _path, reason in result["failures"])
        for reason, n in reasons.most_common():
            example = next(p for p, r in result["failures"] if r.startswith(reason))
            print(f"  failed x{n}: {reason}  (e.g. {Path(example).name})")

        sample_dir = Path(tmp) / "sample"
        rng = random.Random(11)
        pdfs = [p for p in files if p.suffix.lower() == ".pdf" and p.stat().st_size < 400_000]
        htmls = [p for p in files if p.suffix.lower() != ".pdf"]
        n_pdf = min(2, len(pdfs))
        picked = rng.sample(htmls, min(len(htmls), args.sample - n_pdf)) + rng.sample(pdfs, n_pdf)
        for i, path in enumerate(picked):
            target = sample_dir / f"{i:03d}-{path.name}"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
        ingest_settings = settings.model_copy(update={"index_dir": Path(tmp) / "index"})
        summary = ingest_paths([sample_dir], ingest_settings, progress=False)
        print(f"ingest of {len(picked)} sampled files: {summary.added} added, {len(summary.failed)} failed, "
              f"{summary.chunks} chunks in {summary.seconds:.1f} s = {summary.chunks / summary.seconds:.2f} chunks/s "
              f"(embedding {summary.embed_seconds:.1f} s)")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
