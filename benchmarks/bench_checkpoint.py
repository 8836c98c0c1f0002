"""Checkpointer cost per chat turn: put / put_writes / get latency (p50, p95) and Firestore requests.

Runs a small LangGraph graph (retrieve -> answer over MessagesState) for N turns on one thread, with the
SQLite saver (private temp file) and FirestoreSaver (Google's Firestore emulator, started here), and prints a
table. Then an outage: the emulator is killed, called for ``--outage`` seconds while down (as a busy bot would),
restarted, and the time until the first call succeeds is measured for our client (reconnect back-off capped, own
subchannels) and for a default ``firestore.Client`` side by side.
Usage: ``python benchmarks/bench_checkpoint.py [--turns 40] [--payload-kb 2] [--outage 20]``.
Emulator figures measure the saver's round trips on loopback, not Google's network latency. "CPU ms" is this
process's CPU per turn (the client's side; the emulator's own CPU is not in it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from langchain_core.messages import AIMessage, HumanMessage  # noqa: E402
from langgraph.graph import END, START, MessagesState, StateGraph  # noqa: E402


def build_graph(checkpointer, payload: str):
    def retrieve(state: MessagesState) -> dict:
        return {}

    def answer(state: MessagesState) -> dict:
        n = sum(1 for m in state["messages"] if m.type == "human")
        return {"messages": [AIMessage(f"answer {n}: {payload}")]}

    builder = StateGraph(MessagesState)
    builder.add_node("retrieve", retrieve)
    builder.add_node("answer", answer)
    builder.add_edge(START, "retrieve")
    builder.add_edge("retrieve", "answer")
    builder.add_edge("answer", END)
    return builder.compile(checkpointer=checkpointer)


def instrument(saver) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = defaultdict(list)
    for name in ("put", "put_writes", "get_tuple"):
        original = getattr(saver, name)

        def timed(*args, _original=original, _name=name, **kwargs):
            started = time.perf_counter()
            try:
                return _original(*args, **kwargs)
            finally:
                timings[_name].append((time.perf_counter() - started) * 1000)

        setattr(saver, name, timed)
    return timings


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def run(name: str, saver, turns: int, payload: str) -> dict:
    timings = instrument(saver)
    graph = build_graph(saver, payload)
    cfg = {"configurable": {"thread_id": f"bench/{uuid.uuid4().hex[:6]}"}}
    graph.invoke({"messages": [HumanMessage("warm-up")]}, cfg)
    for values in timings.values():
        values.clear()
    stats_before = dict(getattr(saver, "stats", {}))
    started, cpu_started = time.perf_counter(), time.process_time()
    for i in range(turns):
        graph.invoke({"messages": [HumanMessage(f"question {i}: {payload[:64]}")]}, cfg)
    wall = (time.perf_counter() - started) * 1000 / turns
    cpu = (time.process_time() - cpu_started) * 1000 / turns
    stats = getattr(saver, "stats", None)
    row = {
        "backend": name,
        "turn_ms": wall,
        "turn_cpu_ms": cpu,
        "calls": {k: len(v) / turns for k, v in timings.items()},
        "p50": {k: pct(v, 50) for k, v in timings.items()},
        "p95": {k: pct(v, 95) for k, v in timings.items()},
    }
    if stats is not None:
        row["commits"] = (stats["commits"] - stats_before.get("commits", 0)) / turns
        row["reads"] = (stats["reads"] - stats_before.get("reads", 0)) / turns
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--payload-kb", type=float, default=2.0, help="size of each answer message")
    parser.add_argument("--outage", type=float, default=20.0, help="seconds of outage before recovery (0 = skip)")
    args = parser.parse_args()
    payload = "x" * int(args.payload_kb * 1024)
    rows = []
    recovered: dict[str, float | None] = {}

    from rag_bot.memory.sqlite_saver import open_saver

    with tempfile.TemporaryDirectory() as tmp:
        saver = open_saver(Path(tmp) / "bench.sqlite", busy_timeout_s=10)
        rows.append(run("sqlite", saver, args.turns, payload))
        saver.conn.close()

    from rag_bot.memory.firestore_common import Client
    from rag_bot.memory.firestore_saver import FirestoreSaver
    from tests.stand_ins.firestore_emulator import FirestoreEmulator, missing_requirements

    problem = missing_requirements()
    if problem:
        print(f"firestore: skipped ({problem})")
    else:
        emulator = FirestoreEmulator()
        emulator.start()
        os.environ["FIRESTORE_EMULATOR_HOST"] = emulator.host
        try:
            saver = FirestoreSaver(Client(project=f"bench-{uuid.uuid4().hex[:8]}"), prefix="bench")
            rows.append(run("firestore (emulator)", saver, args.turns, payload))
            if args.outage > 0:
                recovered = recovery(emulator, args.outage)
        finally:
            emulator.stop()

    print(f"\nCheckpointer cost per chat turn ({args.turns} turns, {args.payload_kb:g} KB answers, growing history)")
    head = f"{'backend':22} {'turn ms':>8} {'CPU ms':>7} {'op':>11} {'calls/turn':>10} {'p50 ms':>8} {'p95 ms':>8}"
    print(head)
    print("-" * len(head))
    for row in rows:
        for i, op in enumerate(("get_tuple", "put", "put_writes")):
            label = row["backend"] if i == 0 else ""
            turn = f"{row['turn_ms']:8.1f} {row['turn_cpu_ms']:7.1f}" if i == 0 else " " * 16
            print(
                f"{label:22} {turn} {op:>11} {row['calls'].get(op, 0):10.1f} "
                f"{row['p50'].get(op, float('nan')):8.2f} {row['p95'].get(op, float('nan')):8.2f}"
            )
        if "commits" in row:
            print(f"{'':22} Firestore requests per turn: {row['commits']:.1f} commits, {row['reads']:.1f} reads")
    if recovered:
        print(f"\nFirst call after a {args.outage:g} s outage (emulator restarted and serving; call deadline 60 s):")
        for name, seconds in recovered.items():
            print(f"  {name:34} succeeded after {seconds:.2f} s" if seconds is not None
                  else f"  {name:34} still failing after 60 s")


def recovery(emulator, outage_s: float) -> dict[str, float | None]:
    """Seconds until the first successful read after an outage, per client kind (both down at the same time)."""
    from google.api_core.retry import Retry, if_transient_error
    from google.cloud import firestore

    from rag_bot.memory.firestore_common import Client

    project = f"outage-{uuid.uuid4().hex[:8]}"
    clients = {"rag_bot Client (capped back-off)": Client(project=project),
               "default firestore.Client": firestore.Client(project=project)}
    refs = {name: client.collection("bench").document("doc") for name, client in clients.items()}
    for ref in refs.values():
        ref.set({"v": 1})
    emulator.stop()
    ends = time.monotonic() + outage_s
    while time.monotonic() < ends:  # calls failing while it is down: their channels back off
        for ref in refs.values():
            try:
                ref.get(retry=Retry(predicate=if_transient_error, timeout=1), timeout=1)
            except Exception:
                pass
    emulator.start()
    out: dict[str, float | None] = {}
    for name, ref in refs.items():
        started = time.monotonic()
        try:
            ref.get(retry=Retry(predicate=if_transient_error, initial=0.1, maximum=1.0, timeout=60), timeout=60)
            out[name] = time.monotonic() - started
        except Exception:
            out[name] = None
    return out


if __name__ == "__main__":
    main()
