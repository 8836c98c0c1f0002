"""Streamed answers in Telegram: time to the first visible text vs time to the full answer.

    python benchmarks/bench_streaming.py                       # 3,000 characters, one chat (3 times), 20 chats at once
    python benchmarks/bench_streaming.py --length 1500 --chats 10 --chunk-delay 0.05

The real bot process (``rag-bot telegram``, Gemini models at the Gemini stand-in, which streams each answer over
SSE in chunks of ``--words`` words with ``--chunk-delay`` seconds before each, as a model writes) answers over the
sample corpus against the Bot API stand-in with Telegram-like flood limits. The answers copy passage sentences
(``tests/streaming_support.py``) with one unsupported sentence the runtime support check drops. Per answer it
measures, from the moment the question is queued: the first visible text (the first draft in a private chat, the
first message with streaming off) and the full answer (the final message with its sources); and it counts drafts
and 429 answers. ``--stream off`` runs the same with streaming off (the first visible text is the full answer).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def corpus_env() -> None:
    """The sample corpus's vocabulary (data/corpus.env), as the tests set it."""
    for line in (ROOT / "data" / "corpus.env").read_text(encoding="utf-8").splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.lstrip().startswith("#"):
            os.environ.setdefault(key.strip(), value.strip().strip('"'))


def run(args: argparse.Namespace, work: Path, index: Path, stream: str) -> dict[str, list[float]]:
    from tests.stand_ins.gemini_api import GeminiStandIn
    from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, FloodLimits
    from tests.streaming_support import API_KEY, LongAnswerScript, bot_env, question

    figures: dict[str, list[float]] = {}
    with FakeTelegram(flood=FloodLimits()) as fake, \
            GeminiStandIn(LongAnswerScript(), api_key=API_KEY, chunk_delay_s=args.chunk_delay,
                          stream_words=args.words) as gemini:
        bot = BotProcess(fake, work / stream, index, **bot_env(gemini.base_url), RAG_BOT_TELEGRAM_STREAM=stream)
        (work / stream).mkdir()
        bot.start()
        try:
            chat = 700_000
            rounds = [("warm-up", 1), *[("one chat", 1)] * args.repeat, (f"{args.chats} chats at once", args.chats)]
            for label, chats in rounds:
                ids = list(range(chat, chat + chats))
                chat += chats
                updates = fake.push_updates([{"message": fake.user_message(c, c, question("silence", args.length))}
                                             for c in ids])
                asked = time.monotonic()

                def answered(ids: list[int] = ids) -> bool:
                    return all(any(s.reply_markup for s in fake.sent.get(c, [])) for c in ids)

                fake.wait_until(answered, f"{label} answered", timeout=600)
                if label == "warm-up":
                    continue
                first, full, drafts = [], [], []
                for c, update in zip(ids, updates, strict=True):
                    sent = [s for s in fake.sent_to(c) if s.reply_to_message_id == update["message"]["message_id"]]
                    shown = [d.at for d in fake.drafts_to(c)] + [s.at for s in sent]
                    first.append(min(shown) - asked)
                    full.append(max(s.at for s in sent if s.reply_markup) - asked)
                    drafts.append(len(fake.drafts_to(c)))
                figures.setdefault(f"{label}: first visible text (s)", []).extend(first)
                figures.setdefault(f"{label}: full answer (s)", []).extend(full)
                figures.setdefault(f"{label}: drafts per answer", []).extend(drafts)
            figures["429 answers"] = [len(fake.flood_hits)]
        finally:
            bot.stop()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--length", type=int, default=3000, help="characters per answer")
    parser.add_argument("--chats", type=int, default=20, help="chats streaming at once in the second round")
    parser.add_argument("--chunk-delay", type=float, default=0.03, help="seconds before each SSE chunk")
    parser.add_argument("--words", type=int, default=4, help="words per SSE chunk")
    parser.add_argument("--stream", choices=["auto", "off", "both"], default="both")
    parser.add_argument("--repeat", type=int, default=3, help="one-chat answers, one after another")
    args = parser.parse_args()
    corpus_env()
    from tests.stand_ins.telegram_api import ingest_sample_corpus

    work = Path(tempfile.mkdtemp(prefix="bench_streaming_"))
    try:
        index = work / "index"
        ingest_sample_corpus(index)
        modes = ["auto", "off"] if args.stream == "both" else [args.stream]
        print(f"answers of {args.length} characters, SSE chunks of {args.words} words every {args.chunk_delay} s; "
              f"load average {os.getloadavg()[0]:.1f}")
        for mode in modes:
            figures = run(args, work, index, mode)
            print(f"\n--- telegram_stream={mode}")
            for name, values in figures.items():
                if name.startswith("429"):
                    print(f"{name}: {values[0]:g}")
                else:
                    print(f"{name}: median {statistics.median(values):.2f}, min {min(values):.2f}, "
                          f"max {max(values):.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
