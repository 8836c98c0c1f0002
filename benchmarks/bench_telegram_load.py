"""Telegram bot under load against the real bot process and the Bot API stand-in.

    python benchmarks/bench_telegram_load.py                 # 50 users x 5 questions, sample corpus
    python benchmarks/bench_telegram_load.py --users 100 --per-user 3
    python benchmarks/bench_telegram_load.py --flood 700     # one chat floods, another asks (fairness)

Load: prints total time, answers/s, per-answer latency percentiles and the bot process's peak memory (VmHWM).
Flood: measures one answer-time with the bot idle, then one chat queues ``--flood`` questions at once and another
chat asks one; prints how many of the flood's answers came before the other chat's answer and how
long the other chat waited, in seconds and answer-times, split into fetching its question (getUpdates
delivers in order, so the flood's updates are fetched and parsed first) and answering it - with the default caps
(per-chat queue, per-user rate) and with the caps off, where only the order (a chat's turn before a global slot)
keeps the other chat from waiting.
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

from process_cpu import of_pid  # noqa: E402


def load(args: argparse.Namespace, work: Path, index: Path) -> bool:
    from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, run_load

    with FakeTelegram() as fake:
        bot = BotProcess(fake, work, index)
        t0 = time.monotonic()
        bot.start()
        started_cpu = of_pid(bot.proc.pid) or 0.0
        print(f"bot started in {time.monotonic() - t0:.1f} s (CPU {started_cpu:.1f} s); idle peak RSS "
              f"{bot.peak_memory_kb() / 1024:.0f} MB")
        try:
            result = run_load(fake, users=args.users, per_user=args.per_user)
            peak = bot.peak_memory_kb()
            load_cpu = (of_pid(bot.proc.pid) or 0.0) - started_cpu
        finally:
            bot.stop()
    latencies = sorted(a.at - result.started for answers in result.answers.values() for a in answers)
    total = args.users * args.per_user
    print(f"{args.users} users x {args.per_user} questions = {total}: {result.answered} answered in "
          f"{result.seconds:.1f} s ({result.answered / result.seconds:.2f} answers/s); the bot's CPU {load_cpu:.1f} s "
          f"({1000 * load_cpu / max(result.answered, 1):.0f} ms per answer)")
    if latencies:
        q = statistics.quantiles(latencies, n=20) if len(latencies) > 1 else latencies * 19
        print(f"time to answer (all questions queued at t=0): median {statistics.median(latencies):.1f} s, "
              f"p95 {q[18]:.1f} s, max {latencies[-1]:.1f} s")
    print(f"bot peak memory (VmHWM): {peak / 1024:.0f} MB" if peak else "peak memory: unavailable")
    ok = not result.problems and result.answered == total
    print("correctness:", "OK" if ok else result.problems[:10])
    return ok


def flood(args: argparse.Namespace, work: Path, index: Path) -> bool:
    from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, run_flood

    ok = True
    variants = {"default caps": {}, "caps off": {"RAG_BOT_TELEGRAM_MAX_PENDING_PER_CHAT": "0",
                                                 "RAG_BOT_TELEGRAM_USER_MESSAGES_PER_MINUTE": "0"}}
    for name, env in variants.items():
        with FakeTelegram() as fake:
            bot = BotProcess(fake, work / name.replace(" ", "-"), index, **env)
            bot.workdir.mkdir(parents=True, exist_ok=True)
            bot.log_path = bot.workdir / "bot.log"
            bot.start()
            started_cpu = of_pid(bot.proc.pid) or 0.0
            try:
                result = run_flood(fake, flood=args.flood, probes=args.probes, gaps_of=10)
                flood_cpu = (of_pid(bot.proc.pid) or 0.0) - started_cpu
            finally:
                bot.stop()
        print(f"{name}: one chat queued {result.flood} questions, then another chat asked one (the bot's CPU in "
              f"the scenario, after start-up: {flood_cpu:.1f} s)")
        print(f"  answer-time with the bot idle: {result.answer_seconds:.2f} s (median of {args.probes})")
        print(f"  the other chat waited {result.other_seconds:.2f} s = {result.answer_times:.2f} answer-times: "
              f"{result.other_delivered_seconds:.2f} s until the bot had fetched its question (behind the flood's "
              f"{result.flood} updates), then {result.answer_times_after_fetch:.2f} answer-times")
        print(f"  answers to the flood before the other chat's answer: {result.flood_answers_before_other}; the "
              f"flood's own answers came every {result.flood_answer_seconds:.2f} s (median gap), so the other chat "
              f"waited {result.other_seconds / max(result.flood_answer_seconds, 1e-9):.2f} flood answer-times")
        print(f"  the flooding chat was told: {len(result.notices)} notice(s)"
              + (f" ({'; '.join(n[:60] + '...' for n in result.notices)})" if result.notices else ""))
        if name == "default caps":  # the configuration a bot runs with: the target applies to it
            ok = (result.flood_answers_before_other <= 2
                  and result.other_seconds <= 2 * max(result.flood_answer_seconds, result.answer_seconds))
    print("fairness target with the default caps (at most 2 of the flood's answers first, the other chat answered "
          "within 2 answer-times of the same load):", "met" if ok else "MISSED")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--per-user", type=int, default=5)
    parser.add_argument("--flood", type=int, default=0, help="run the flood scenario with this many questions")
    parser.add_argument("--probes", type=int, default=5, help="flood: questions timed to measure one answer-time")
    parser.add_argument("--index", type=Path, default=None, help="an existing index (default: ingest data/corpus)")
    args = parser.parse_args()

    from tests.stand_ins.telegram_api import ingest_sample_corpus

    with tempfile.TemporaryDirectory(prefix="bench-telegram-") as tmp:
        work = Path(tmp)
        index = work / "index"
        if args.index:
            shutil.copytree(args.index, index)
        else:
            t0 = time.monotonic()
            ingest_sample_corpus(index)
            print(f"ingested the sample corpus in {time.monotonic() - t0:.1f} s")
        ok = flood(args, work, index) if args.flood else load(args, work, index)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
