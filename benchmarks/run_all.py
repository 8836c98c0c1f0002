"""Run every benchmark script in turn (``make bench``); each prints its own figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = [
    ["bench_ingest.py"],
    ["bench_chunking.py"],
    ["bench_ocr.py"],
    ["bench_keywords.py", "--sizes", "10000", "300000"],
    ["bench_retrieval.py", "--sizes", "300000", "1000000"],
    ["bench_agent.py"],
    ["bench_checkpoint.py"],
    ["bench_leases.py"],
    ["bench_telegram_load.py"],
    ["bench_telegram_load.py", "--flood", "700"],
    ["bench_streaming.py"],
]


def main() -> int:
    failed = 0
    for script, *args in SCRIPTS:
        if not (HERE / script).exists():
            continue
        print(f"\n=== {script} {' '.join(args)}", flush=True)
        failed += subprocess.run([sys.executable, str(HERE / script), *args]).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
