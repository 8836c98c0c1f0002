"""Start-up of the webhook bot (``rag-bot telegram`` with ``$PORT``) against the Bot API stand-in, on the sample
index: seconds from the process start to the port answering ``/healthz`` and to ``/readyz`` answering 200 (index
loaded, model warmed, webhook registered), and the bot's CPU seconds until ready. ``--runs N`` starts it N times
and prints each run and the median.

    .venv/bin/python benchmarks/bench_webhook_start.py --runs 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from process_cpu import of_pid  # noqa: E402

from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, ingest_sample_corpus  # noqa: E402


def status(port: int, path: str) -> int | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (ConnectionError, TimeoutError, urllib.error.URLError):  # not listening yet, or too busy to answer in 5 s
        return None


def one_start(fake: FakeTelegram, work: Path, index_dir: Path, port: int) -> tuple[float, float, float]:
    """Seconds to the port open and to ready, and the bot's CPU seconds when ready."""
    process = BotProcess(fake, work, index_dir, PORT=str(port), RAG_BOT_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                         RAG_BOT_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook",
                         RAG_BOT_TELEGRAM_WEBHOOK_SECRET="bench-secret")
    started = time.monotonic()
    process.start(wait=False)
    opened = None
    try:
        while time.monotonic() - started < 300:
            if process.proc.poll() is not None:
                raise SystemExit(f"the bot exited:\n{process.log()}")
            if opened is None and status(port, "/healthz") == 200:
                opened = time.monotonic() - started
            if opened is not None and status(port, "/readyz") == 200:
                return opened, time.monotonic() - started, of_pid(process.proc.pid) or 0.0
            time.sleep(0.02)
        raise SystemExit(f"not ready in 300 s:\n{process.log()}")
    finally:
        process.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    import socket

    with tempfile.TemporaryDirectory() as tmp, FakeTelegram() as fake:
        index_dir = Path(tmp) / "index"
        ingest_sample_corpus(index_dir)
        rows = []
        for run in range(args.runs):
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
            work = Path(tmp) / f"run{run}"
            work.mkdir()
            opened, ready, cpu = one_start(fake, work, index_dir, port)
            rows.append((opened, ready, cpu))
            print(f"run {run + 1}: port open {opened:.2f} s, ready {ready:.2f} s (CPU {cpu:.2f} s)", flush=True)
        opened, ready, cpu = (statistics.median(r[i] for r in rows) for i in range(3))
        print(f"median: port open {opened:.2f} s, ready {ready:.2f} s (CPU {cpu:.2f} s)")


if __name__ == "__main__":
    main()
