"""What an operator sees of the agent: readable traces and one structured log line per answered question.

**Tracing.** LangChain's standard switches turn LangSmith tracing on; nothing here reads them::

    LANGSMITH_TRACING=true  LANGSMITH_API_KEY=...  LANGSMITH_PROJECT=rag-bot   # optional: LANGSMITH_ENDPOINT

``langchain_core`` then adds its LangSmith tracer to every run; with the variables unset no tracer exists and
nothing is sent or buffered. Traces are sent from a background thread, so an unreachable endpoint is logged by
``langsmith`` and never fails an answer. :func:`trace_config` names the root run ``rag_bot`` and tags / labels it
with the thread, the answering mode, the entry point and the requested language; LangGraph names each child run
after its node (router, condense, agent, tools, process_tool_output, answer, conversational, summarize) and the
routing functions (``route_after_router`` ...) show the route taken. LangSmith groups runs into conversations by
the ``thread_id`` metadata key.

**Logs.** :class:`TurnLog` writes one line to the ``rag_bot.answers`` logger per question: a JSON object with
``event`` ("answer" at INFO, "answer_failed" at WARNING), ``thread`` (a short hash of the thread id: stable, so
the lines of one conversation can be followed, without exposing chat ids), ``entry`` (ask / aask / stream),
``mode``, ``route``, ``termination``, ``model_calls``, ``input_tokens``, ``output_tokens``, ``latency_ms``,
``citations``, ``documents`` and ``language``. The question text is added only with
``RAG_BOT_LOG_QUESTIONS=true``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from langchain_core.runnables import RunnableConfig

from rag_bot.safe_text import clean_line

ANSWER_LOGGER = "rag_bot.answers"
RUN_NAME = "rag_bot"
log = logging.getLogger(ANSWER_LOGGER)


def thread_hash(thread_id: str) -> str:
    """A short, stable stand-in for a thread id in logs (sha256, 12 hex digits)."""
    return hashlib.sha256(thread_id.encode("utf-8")).hexdigest()[:12]


def trace_config(thread_id: str, *, mode: str, entry: str, language: str | None) -> RunnableConfig:
    """``run_name`` / ``tags`` / ``metadata`` of one turn's ``RunnableConfig`` (merged into it by the service)."""
    return {
        "run_name": RUN_NAME,
        "tags": ["rag-bot", f"mode:{mode}", f"entry:{entry}"],
        "metadata": {"thread_id": thread_id, "mode": mode, "entry": entry, "user_language": language or "auto"},
    }


class TurnReply(Protocol):
    """What a turn's log line reports of its reply (:class:`rag_bot.agent.service.Reply`)."""

    route: str
    termination: str | None
    model_calls: int
    input_tokens: int
    output_tokens: int
    citations: list[dict[str, Any]]
    documents: list[dict[str, Any]]
    language: str


R = TypeVar("R", bound=TurnReply)


class TurnLog:
    """Collects one turn's outcome; :func:`observe_turn` writes it as one log line when the turn ends."""

    def __init__(self, thread_id: str, entry: str, mode: str, question: str | None) -> None:
        self.fields: dict[str, Any] = {"event": "answer", "thread": thread_hash(thread_id), "entry": entry,
                                       "mode": mode}
        self.question = question
        self.reply: TurnReply | None = None
        self._started = time.perf_counter()

    def done(self, reply: R) -> R:
        """Record the reply (returned unchanged, so ``return turn.done(reply)`` reads naturally)."""
        self.reply = reply
        return reply

    def record(self, error: BaseException | None = None) -> dict[str, Any]:
        """The log line's fields."""
        fields = dict(self.fields)
        fields["latency_ms"] = round((time.perf_counter() - self._started) * 1000, 1)
        if error is not None:
            fields["event"] = "answer_failed"
            fields["error"] = type(error).__name__  # the class only: messages may quote user text
        reply = self.reply
        if reply is not None:
            fields.update(route=reply.route, termination=reply.termination, model_calls=reply.model_calls,
                          input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
                          citations=len(reply.citations), documents=len(reply.documents), language=reply.language)
        if self.question is not None:
            fields["question"] = clean_line(self.question)
        return fields


@contextmanager
def observe_turn(thread_id: str, *, entry: str, mode: str, question: str,
                 log_question: bool = False) -> Iterator[TurnLog]:
    """``with observe_turn(...) as turn: ... return turn.done(reply)`` -> exactly one line on ``rag_bot.answers``.

    A turn that raises is logged as ``answer_failed`` (WARNING, error class only) and the error propagates.
    """
    turn = TurnLog(thread_id, entry, mode, question if log_question else None)
    try:
        yield turn
    except BaseException as exc:
        if log.isEnabledFor(logging.WARNING):
            log.warning(json.dumps(turn.record(exc), ensure_ascii=False))
        raise
    if log.isEnabledFor(logging.INFO):
        log.info(json.dumps(turn.record(), ensure_ascii=False))
