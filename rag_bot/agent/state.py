"""The graph's state. ``messages`` is the full history (never trimmed); the rest is per turn or running."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict

Termination = Literal["answered", "no_documents", "conversational", "iteration_limit", "repeated_tool_call"]


class InputState(TypedDict, total=False):
    """What a caller passes: the new user message."""

    messages: Annotated[list[AnyMessage], add_messages]


class AgentState(InputState, total=False):
    """Everything the nodes read and write.

    Per turn (reset by the router): original_query, standalone_query, documents, route, language, iterations,
    retries, needs_retry, termination, citations. Running: summary, summarized_count (how many leading
    messages of ``messages`` the summary covers; the messages themselves stay in the checkpoint).
    """

    original_query: str
    standalone_query: str
    documents: list[dict[str, Any]]  # Passage dicts + "retrieved_by" (tool call ids) and "n" (1-based)
    route: Literal["rag", "conversational"]
    language: str
    summary: str
    summarized_count: int
    iterations: int
    retries: int
    needs_retry: bool
    termination: Termination | None
    citations: list[dict[str, Any]]
