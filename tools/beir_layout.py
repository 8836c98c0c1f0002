"""Shared by the tools that build evaluation sets: the BEIR layout writer and Debian package extraction.

``write_beir`` writes ``corpus.jsonl``, ``queries.jsonl``, ``qrels/test.tsv`` and ``README.md``; ``debian_package``
fetches one Debian package with ``apt-get download`` (the ordinary client; the machine's package lists must be
current: ``apt-get update``) and unpacks it with ``dpkg-deb -x`` into a temporary folder.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterable
from pathlib import Path


def write_beir(out: Path, corpus: Iterable[dict], queries: Iterable[dict], qrels: Iterable[tuple[str, str]],
               readme: str) -> tuple[int, int, int]:
    """Write one BEIR-layout set; returns (documents, queries, judgements) written."""
    out.joinpath("qrels").mkdir(parents=True, exist_ok=True)
    counts = [0, 0, 0]
    with open(out / "corpus.jsonl", "w", encoding="utf-8") as fh:
        for doc in corpus:
            fh.write(json.dumps(doc, ensure_ascii=False) + "\n")
            counts[0] += 1
    with open(out / "queries.jsonl", "w", encoding="utf-8") as fh:
        for q in queries:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
            counts[1] += 1
    with open(out / "qrels" / "test.tsv", "w", encoding="utf-8") as fh:
        fh.write("query-id\tcorpus-id\tscore\n")
        for qid, did in qrels:
            fh.write(f"{qid}\t{did}\t1\n")
            counts[2] += 1
    (out / "README.md").write_text(readme, encoding="utf-8")
    return counts[0], counts[1], counts[2]


def debian_package(name: str, workdir: Path) -> tuple[Path, str]:
    """Download and unpack the Debian package ``name`` under ``workdir``; returns (root of its files, version)."""
    workdir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["apt-get", "download", name], cwd=workdir, check=True, capture_output=True)
    deb = sorted(workdir.glob(f"{name}_*.deb"))[-1]
    version = deb.name.split("_")[1]
    root = workdir / name
    root.mkdir(exist_ok=True)
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root, version
