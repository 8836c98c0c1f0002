"""process_tool_output: EVERY ToolMessage of this turn -> de-duplicated passages in ``state["documents"]``.

Each passage dict keeps the ids of the tool calls that returned it (``retrieved_by``) and gets its number
``n`` (1-based) used for citations. Text, title and source are neutralised here
(:func:`rag_bot.agent.citations.neutralise`): whatever reads the passages from the state -- the answer model, the
support check, the front ends -- never sees a citation marker or the not-found token a document carried.
Decides the one bounded retry when nothing was found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.messages import AnyMessage, ToolMessage
from langgraph.runtime import Runtime

from rag_bot.agent.citations import neutralise_passage
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.history import turn_start
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings
from rag_bot.retrieval.tool import artifact_passages


def collect_documents(messages: Sequence[AnyMessage]) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = []
    for message in messages:
        if not isinstance(message, ToolMessage):
            continue
        for raw in artifact_passages(message.artifact):
            if not raw.get("text"):
                continue
            raw = neutralise_passage(raw)
            chunks = set(raw.get("chunk_ids") or [])
            merged = False
            for i, doc in enumerate(docs):
                if doc.get("doc_id") != raw.get("doc_id"):
                    continue
                existing = set(doc.get("chunk_ids") or [])
                same = (chunks and chunks <= existing) or (not chunks and doc.get("text") == raw.get("text"))
                if same:
                    if message.tool_call_id not in doc["retrieved_by"]:
                        doc["retrieved_by"].append(message.tool_call_id)
                    merged = True
                    break
                if chunks and existing and existing < chunks:  # the new passage contains the old one
                    docs[i] = {**raw, "retrieved_by": [*doc["retrieved_by"], message.tool_call_id]}
                    merged = True
                    break
            if not merged:
                docs.append({**raw, "retrieved_by": [message.tool_call_id]})
    for n, doc in enumerate(docs, start=1):
        doc["n"] = n
    return docs


def make_process_tool_output_node(settings: Settings) -> Callable[..., dict[str, Any]]:
    def process_tool_output(state: AgentState, runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        cfg = run_config(runtime, settings)
        messages = state.get("messages", [])
        docs = collect_documents(messages[turn_start(messages):])
        update: dict[str, Any] = {"documents": docs, "needs_retry": False}
        if not docs:
            retries = state.get("retries", 0)
            if retries < cfg.max_retries and state.get("iterations", 0) < cfg.max_iterations:
                update.update(needs_retry=True, retries=retries + 1)
            elif retries < cfg.max_retries:
                update["termination"] = "iteration_limit"
        return update

    return process_tool_output
