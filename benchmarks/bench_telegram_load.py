"""Telegram bot under load: N users x M questions at once against the real bot process and the Bot API stand-in.

    python benchmarks/bench_telegram_load.py                 # 50 users x 5 questions, sample corpus
    python benchmarks/bench_telegram_load.py --users 100 --per-user 3

Prints total time, answers/s, per-answer latency percentiles and the bot process's peak memory (VmHWM).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--per-user", type=int, default=5)
    parser.add_argument("--index", type=Path, default=None, help="an existing index (default: ingest data/corpus)")
    args = parser.parse_args()

    from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, ingest_sample_corpus, run_load

    with tempfile.TemporaryDirectory(prefix="bench-telegram-") as tmp:
        work = Path(tmp)
        index = work / "index"
        if args.index:
            shutil.copytree(args.index, index)
        else:
            t0 = time.monotonic()
            ingest_sample_corpus(index)
            print(f"ingested the sample corpus in {time.monotonic() - t0:.1f} s")
        with FakeTelegram() as fake:
            bot = BotProcess(fake, work, index)
            t0 = time.monotonic()
            bot.start()
            print(f"bot started in {time.monotonic() - t0:.1f} s; idle peak RSS {bot.peak_memory_kb() / 1024:.0f} MB")
            try:
                result = run_load(fake, users=args.users, per_user=args.per_user)
                peak = bot.peak_memory_kb()
            finally:
                bot.stop()
        latencies = sorted(a.at - result.started for answers in result.answers.values() for a in answers)
        total = args.users * args.per_user
        print(f"{args.users} users x {args.per_user} questions = {total}: {result.answered} answered in "
              f"{result.seconds:.1f} s ({result.answered / result.seconds:.2f} answers/s)")
        if latencies:
            q = statistics.quantiles(latencies, n=20) if len(latencies) > 1 else latencies * 19
            print(f"time to answer (all questions queued at t=0): median {statistics.median(latencies):.1f} s, "
                  f"p95 {q[18]:.1f} s, max {latencies[-1]:.1f} s")
        print(f"bot peak memory (VmHWM): {peak / 1024:.0f} MB" if peak else "peak memory: unavailable")
        print("correctness:", "OK" if not result.problems and result.answered == total else result.problems[:10])
        return 0 if not result.problems and result.answered == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
