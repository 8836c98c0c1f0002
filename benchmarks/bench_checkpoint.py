"""Checkpointer cost per chat turn: put / put_writes / get latency (p50, p95) and Firestore requests.

Runs a small LangGraph graph (retrieve -> answer over MessagesState) for N turns on one thread, with
SqliteSaver (temp file) and FirestoreSaver (Google's Firestore emulator, started here), and prints a
table. Usage: ``python benchmarks/bench_checkpoint.py [--turns 40] [--payload-kb 2]``.
Emulator figures measure the saver's round trips on loopback, not Google's network latency.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
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
from langgraph.checkpoint.sqlite import SqliteSaver  # noqa: E402
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
    started = time.perf_counter()
    for i in range(turns):
        graph.invoke({"messages": [HumanMessage(f"question {i}: {payload[:64]}")]}, cfg)
    wall = (time.perf_counter() - started) * 1000 / turns
    stats = getattr(saver, "stats", None)
    row = {
        "backend": name,
        "turn_ms": wall,
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
    args = parser.parse_args()
    payload = "x" * int(args.payload_kb * 1024)
    rows = []

    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(str(Path(tmp) / "bench.sqlite"), check_same_thread=False)
        rows.append(run("sqlite", SqliteSaver(conn), args.turns, payload))
        conn.close()

    from google.cloud import firestore

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
            saver = FirestoreSaver(firestore.Client(project=f"bench-{uuid.uuid4().hex[:8]}"), prefix="bench")
            rows.append(run("firestore (emulator)", saver, args.turns, payload))
        finally:
            emulator.stop()

    print(f"\nCheckpointer cost per chat turn ({args.turns} turns, {args.payload_kb:g} KB answers, growing history)")
    head = f"{'backend':22} {'turn ms':>8} {'op':>11} {'calls/turn':>10} {'p50 ms':>8} {'p95 ms':>8}"
    print(head)
    print("-" * len(head))
    for row in rows:
        for i, op in enumerate(("get_tuple", "put", "put_writes")):
            label = row["backend"] if i == 0 else ""
            turn = f"{row['turn_ms']:8.1f}" if i == 0 else " " * 8
            print(
                f"{label:22} {turn} {op:>11} {row['calls'].get(op, 0):10.1f} "
                f"{row['p50'].get(op, float('nan')):8.2f} {row['p95'].get(op, float('nan')):8.2f}"
            )
        if "commits" in row:
            print(f"{'':22} Firestore requests per turn: {row['commits']:.1f} commits, {row['reads']:.1f} reads")


if __name__ == "__main__":
    main()
