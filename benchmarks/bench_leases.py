"""What the leases add to one webhook turn: latency (p50, p90) and Firestore requests, SQLite and Firestore.

One turn's leases are: claim the update, claim the chat, release the chat, mark the update done (the uncontended
case); a renewal is one more write per lease every ``RAG_BOT_LEASE_TTL_S``/3. Runs ``--turns`` turns on each
backend (the SQLite lease store on a private temp file; Firestore through Google's emulator, started here) and
prints a table. Usage: ``python benchmarks/bench_leases.py [--turns 60]``. Emulator figures measure round trips on
loopback, not Google's network latency.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rag_bot.memory.leases import FirestoreLeaseStore, LeaseStore, SqliteLeaseStore  # noqa: E402


def one_turn(store: LeaseStore, number: int) -> float:
    start = time.perf_counter()
    update = store.claim(f"update:tg:{number}", 30)
    chat = store.claim(f"chat:tg:{number % 5}", 30)
    store.release(chat)  # type: ignore[arg-type]
    store.finish(update, 3600)  # type: ignore[arg-type]
    return time.perf_counter() - start


def measure(name: str, store: LeaseStore, turns: int) -> None:
    for warm in range(5):
        one_turn(store, -1 - warm)
    times = sorted(one_turn(store, number) for number in range(turns))
    p50, p90 = statistics.median(times), times[int(0.9 * (len(times) - 1))]
    print(f"| {name} | {turns} | {p50 * 1000:.1f} | {p90 * 1000:.1f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description="lease cost per webhook turn")
    parser.add_argument("--turns", type=int, default=60)
    args = parser.parse_args()
    from tests.stand_ins.firestore_emulator import FirestoreEmulator, record_rpcs

    print("| backend | turns | leases of one turn p50 ms | p90 ms |\n|---|---|---|---|")
    measure("sqlite", SqliteLeaseStore(Path(tempfile.mkdtemp()) / "memory.sqlite"), args.turns)
    emulator = FirestoreEmulator()
    emulator.start()
    try:
        os.environ["FIRESTORE_EMULATOR_HOST"] = emulator.host
        from rag_bot.memory.firestore_common import Client

        client = Client(project=f"bench-{uuid.uuid4().hex[:8]}")
        store = FirestoreLeaseStore(client, prefix="bench")
        measure("firestore (emulator)", store, args.turns)
        rpcs = record_rpcs(client)
        one_turn(store, 10**6)
        print(f"\nFirestore requests of one uncontended turn: {dict(Counter(r.method for r in rpcs))}")
    finally:
        emulator.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
