"""Token streaming of the answer without showing anything the answer node would take back.

The answer node checks citations on the complete answer (``clean_citations``) and may turn an answer without a
valid citation into a retry or a "documents do not say" reply. Streamed text must keep that promise, so:

* :class:`CitationGate` shows nothing of an answer until its first valid citation ``[n]`` has arrived, never shows
  a marker that matches no passage, holds back an unfinished marker (``... river [``) and never opens for a
  ``NOT_FOUND`` reply;
* :class:`TurnStreamer` follows one graph turn (LangGraph ``stream_mode=["messages", "values"]``): it streams
  only the ``answer`` node (through a gate over the turn's passages) and the ``conversational`` node (plain
  text), ignores every other model call (router, agent, condense, summary), and streams at most one model reply
  per turn (a retried answer is shown once, complete, by the caller).

Models that do not stream (the extractive default) produce no chunks: the caller prints the final answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.messages import AIMessageChunk

from rag_bot.agent.citations import clean_citations
from rag_bot.agent.history import text_of
from rag_bot.agent.nodes.answer import is_not_found

STREAMED_NODES = ("answer", "conversational")


def _safe_prefix(raw: str) -> str:
    """``raw`` without an unfinished trailing marker and trailing whitespace (both may still change)."""
    open_at = raw.rfind("[")
    if open_at != -1 and "]" not in raw[open_at:]:
        raw = raw[:open_at]
    return raw.rstrip()


class CitationGate:
    """Raw answer tokens in, text safe to show out (cleaned exactly as the answer node cleans it)."""

    def __init__(self, documents: Sequence[dict[str, Any]]) -> None:
        self.documents = list(documents)
        self.raw = ""
        self.shown = ""
        self.opened = False

    def feed(self, piece: str) -> str:
        """Add ``piece``; return the new text that may be shown now ("" while held back)."""
        self.raw += piece
        if is_not_found(self.raw):
            return ""
        cleaned, citations = clean_citations(_safe_prefix(self.raw), self.documents)
        if not self.opened:
            if not citations:
                return ""
            self.opened = True
        if len(cleaned) <= len(self.shown) or not cleaned.startswith(self.shown):
            return ""
        delta, self.shown = cleaned[len(self.shown):], cleaned
        return delta


class _PlainGate:
    """Conversational replies: shown as they come, leading whitespace dropped (the node strips it)."""

    def __init__(self) -> None:
        self.shown = ""

    def feed(self, piece: str) -> str:
        if not self.shown:
            piece = piece.lstrip()
        self.shown += piece
        return piece


class TurnStreamer:
    """Feeds one turn's LangGraph stream events to ``on_text`` (see the module docstring for what is shown)."""

    def __init__(self, on_text: Callable[[str], None]) -> None:
        self.on_text = on_text
        self.documents: list[dict[str, Any]] = []
        self.final_state: dict[str, Any] = {}
        self._gate: CitationGate | _PlainGate | None = None
        self._message_id: str | None = None
        self._closed = False

    @property
    def shown(self) -> str:
        """Everything passed to ``on_text`` so far (the one streamed reply's shown text)."""
        return self._gate.shown if self._gate is not None else ""

    def event(self, mode: str, payload: Any) -> None:
        """One ``(mode, payload)`` item of ``graph.stream(..., stream_mode=["messages", "values"])``."""
        if mode == "values":
            self.final_state = dict(payload or {})
            self.documents = list(self.final_state.get("documents") or [])
        elif mode == "messages":
            chunk, metadata = payload
            self.message(chunk, metadata or {})

    def message(self, chunk: Any, metadata: dict[str, Any]) -> None:
        node = metadata.get("langgraph_node")
        if node not in STREAMED_NODES or not isinstance(chunk, AIMessageChunk) or self._closed:
            return
        if chunk.id != self._message_id or self._gate is None:
            if self.shown:  # a second model reply in one turn (a retried answer): the caller shows the final one
                self._closed = True
                return
            self._message_id = chunk.id
            self._gate = CitationGate(self.documents) if node == "answer" else _PlainGate()
        delta = self._gate.feed(text_of(chunk))
        if delta:
            self.on_text(delta)
