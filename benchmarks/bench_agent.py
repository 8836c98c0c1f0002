"""Model calls, tokens and latency per answer of the agent (goal: <= 3 model calls per RAG answer w/o retry).

    python benchmarks/bench_agent.py            # extractive models + a small in-memory corpus (offline)
    python benchmarks/bench_agent.py --index    # the real hybrid retriever over RAG_BOT_INDEX_DIR
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    ("What did he say about silence on 1969-01-23?", "rag"),
    ("and what about the drama?", "rag follow-up"),
    ("What did he say about fear and thought?", "rag"),
    ("मौन क्या है?", "rag (hi)"),
    ("What is the capital of France?", "rag, not in documents (retry)"),
    ("Thanks!", "conversational"),
    ("What did I ask before?", "conversational"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", action="store_true", help="use the real retriever instead of the in-memory one")
    args = parser.parse_args()

    from langgraph.checkpoint.memory import InMemorySaver

    from rag_bot.agent.role_models import extractive_models
    from rag_bot.agent.service import AgentService
    from rag_bot.config import Settings

    if args.index:
        settings = Settings(llm_provider="extractive")
        retriever = None  # lazily rag_bot.retrieval.factory.get_retriever(settings)
    else:
        from tests.agent_support import InMemoryRetriever

        settings = Settings(_env_file=None, llm_provider="extractive")
        retriever = InMemoryRetriever()
    service = AgentService(settings, retriever=retriever, models=extractive_models(settings),
                           checkpointer=InMemorySaver())
    service.ask("warm-up: what is silence?", "warm-up")  # loads the embedder once

    print(f"{'question':<48} {'kind':<30} {'route':<15} {'end':<19} {'calls':>5} {'in tok':>7} "
          f"{'out tok':>7} {'ms':>7}")
    rag_first_calls = []
    for question, kind in QUESTIONS:
        start = time.perf_counter()
        reply = service.ask(question, "bench")
        ms = (time.perf_counter() - start) * 1000
        print(f"{question[:47]:<48} {kind:<30} {reply.route:<15} {str(reply.termination):<19} "
              f"{reply.model_calls:>5} {reply.input_tokens:>7} {reply.output_tokens:>7} {ms:>7.0f}")
        if kind in {"rag", "rag (hi)"}:
            rag_first_calls.append(reply.model_calls)
    worst = max(rag_first_calls)
    print(f"\nRAG answers without retry: model calls mean {statistics.mean(rag_first_calls):.1f}, max {worst} "
          f"(goal <= 3): {'OK' if worst <= 3 else 'OVER'}")
    return 0 if worst <= 3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
