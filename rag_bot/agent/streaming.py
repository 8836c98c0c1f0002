"""Following one graph turn as it streams, showing only text the final answer will start with.

:class:`TurnStreamer` reads ``graph.stream(..., stream_mode=["messages", "values", "custom"])``:

* the ``answer`` node decides what of its reply is kept while the reply streams
  (:class:`~rag_bot.agent.grounding.AnswerAssembler`) and writes the kept text as ``custom`` events
  ``{"answer_delta": text}``: those are passed on as they come (a retried answer emits nothing before its retry);
* the ``conversational`` node's tokens (``messages`` events) are passed on as they come, leading whitespace dropped
  and trailing whitespace held back (the node strips its reply); only its first reply is followed;
* every other model call (router, agent, condense, summary, a support judge) is ignored.

So :attr:`TurnStreamer.shown` is always a prefix of the turn's final answer. Models that do not stream (the
extractive default) produce their whole reply as one piece.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessageChunk
from langgraph.types import StreamMode

from rag_bot.agent.history import text_of
from rag_bot.agent.nodes.answer import ANSWER_DELTA

STREAM_MODES: list[StreamMode] = ["messages", "values", "custom"]


class _PlainGate:
    """Conversational replies: shown as they come, without the leading and trailing whitespace the node strips."""

    def __init__(self) -> None:
        self.raw = ""
        self.shown = ""

    def feed(self, piece: str) -> str:
        self.raw += piece
        visible = self.raw.strip()
        delta, self.shown = visible[len(self.shown):], visible
        return delta


class TurnStreamer:
    """Feeds one turn's LangGraph stream events to ``on_text`` (see the module docstring for what is shown)."""

    def __init__(self, on_text: Callable[[str], None]) -> None:
        self.on_text = on_text
        self.final_state: dict[str, Any] = {}
        self.shown = ""
        self._plain: _PlainGate | None = None
        self._plain_id: str | None = None

    def event(self, mode: str, payload: Any) -> None:
        """One ``(mode, payload)`` item of ``graph.stream(..., stream_mode=STREAM_MODES)``."""
        if mode == "values":
            self.final_state = dict(payload or {})
        elif mode == "custom" and isinstance(payload, dict) and payload.get(ANSWER_DELTA):
            self._show(str(payload[ANSWER_DELTA]))
        elif mode == "messages":
            chunk, metadata = payload
            self._conversational(chunk, metadata or {})

    def _conversational(self, chunk: Any, metadata: dict[str, Any]) -> None:
        if metadata.get("langgraph_node") != "conversational" or not isinstance(chunk, AIMessageChunk):
            return
        if self._plain is None:
            self._plain, self._plain_id = _PlainGate(), chunk.id
        elif chunk.id != self._plain_id:
            return
        self._show(self._plain.feed(text_of(chunk)))

    def _show(self, text: str) -> None:
        if text:
            self.shown += text
            self.on_text(text)
