"""The one entry point front ends call: :class:`AgentService` (``ask`` / ``aask`` -> :class:`Reply`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field, replace
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import LLMResult
from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import merge_configs
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.citations import source_label
from rag_bot.agent.configuration import AgentConfiguration, validate
from rag_bot.agent.graph import build_graph, recursion_limit_for
from rag_bot.agent.history import text_of
from rag_bot.agent.observability import TurnLog, observe_turn, trace_config
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import InputState
from rag_bot.agent.streaming import STREAM_MODES, TurnStreamer
from rag_bot.config import Settings
from rag_bot.errors import check_answer_mode, check_question
from rag_bot.models.embeddings import Embedder
from rag_bot.retrieval.tool import PassageRetriever


@dataclass
class Reply:
    """What a front end shows: the answer, its citations (source, date, title, n) and how it was produced."""

    answer: str
    citations: list[dict[str, Any]] = field(default_factory=list)
    route: str = "rag"
    language: str = "en"
    documents: list[dict[str, Any]] = field(default_factory=list)
    termination: str | None = None
    model_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def sources_text(self) -> str:
        """``[n] source, p. page, date · section`` lines for the citations (empty when none)."""
        return "\n".join(f"[{c['n']}] {source_label(c)}" for c in self.citations)


class ModelCallCounter(BaseCallbackHandler):
    """Counts chat-model calls and their token usage during one answer."""

    def __init__(self) -> None:
        self.calls = 0
        self.input_tokens = 0
        self.output_tokens = 0
        self._lock = threading.Lock()

    def on_chat_model_start(self, serialized: dict[str, Any], messages: list[list[BaseMessage]], *, run_id: UUID,
                            **kwargs: Any) -> None:
        with self._lock:
            self.calls += 1

    def on_llm_start(self, serialized: dict[str, Any], prompts: list[str], *, run_id: UUID, **kwargs: Any) -> None:
        with self._lock:
            self.calls += 1

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        with self._lock:
            for generations in response.generations:
                for generation in generations:
                    usage = getattr(getattr(generation, "message", None), "usage_metadata", None) or {}
                    self.input_tokens += int(usage.get("input_tokens", 0) or 0)
                    self.output_tokens += int(usage.get("output_tokens", 0) or 0)


class AgentService:
    """Builds the graph once (checkpointer + retriever + models) and answers questions per thread."""

    def __init__(self, settings: Settings, *, checkpointer: BaseCheckpointSaver[str] | None = None,
                 retriever: PassageRetriever | None = None, models: RoleModels | None = None,
                 embedder: Embedder | None = None,
                 callbacks: Sequence[BaseCallbackHandler] = (), context: AgentConfiguration | None = None) -> None:
        """``callbacks``: LangChain handlers added to every turn (Langfuse, a run collector, ...); LangSmith needs
        none, it is switched on by its environment variables. ``context``: per-run overrides of the settings for
        every turn of this service (``top_k``, a model per role, ...)."""
        self.settings = settings
        self.context = context or AgentConfiguration()
        validate(self.context, self.settings)  # a knob out of bounds fails here, not in the first turn
        self.callbacks = list(callbacks)
        self.checkpointer: BaseCheckpointSaver[str] = checkpointer if checkpointer is not None else InMemorySaver()
        self.graph = build_graph(self.settings, models=models, retriever=retriever, checkpointer=self.checkpointer,
                                 embedder=embedder)
        self.recursion_limit = recursion_limit_for(self.graph)
        self.mode = (models.mode if models is not None else ("llm" if self.settings.use_gemini else "extractive"))

    def _config(self, thread_id: str, language: str | None, counter: ModelCallCounter, entry: str) -> RunnableConfig:
        config: RunnableConfig = {"configurable": {"thread_id": thread_id}, "recursion_limit": self.recursion_limit,
                                  "callbacks": [counter, *self.callbacks]}
        return merge_configs(config, trace_config(thread_id, mode=self.mode, entry=entry, language=language))

    def _context(self, language: str | None, mode: str | None = None) -> AgentConfiguration:
        """This turn's overrides: the service's own (``context``), the user's language and answer mode on top."""
        context = replace(self.context, user_language=language) if language else self.context
        return replace(context, answer_mode=check_answer_mode(mode)) if mode else context

    def _observe(self, thread_id: str, entry: str, question: str) -> AbstractContextManager[TurnLog]:
        """One structured log line for this turn (:mod:`rag_bot.agent.observability`)."""
        return observe_turn(thread_id, entry=entry, mode=self.mode, question=question,
                            log_question=self.settings.log_questions)

    @staticmethod
    def _reply(state: Mapping[str, Any], counter: ModelCallCounter) -> Reply:
        messages = state.get("messages", [])
        last = messages[-1] if messages else None
        answer = text_of(last) if isinstance(last, AIMessage) else ""
        documents = [{k: v for k, v in d.items() if k != "scores"} for d in state.get("documents") or []]
        return Reply(answer=answer, citations=list(state.get("citations") or []), route=state.get("route", "rag"),
                     language=state.get("language", "en"), documents=documents,
                     termination=state.get("termination"), model_calls=counter.calls,
                     input_tokens=counter.input_tokens, output_tokens=counter.output_tokens)

    def _input(self, question: str) -> InputState:
        """The graph input; a question over ``max_question_chars`` is refused here, before any model, search or
        checkpoint sees it (:class:`~rag_bot.errors.QuestionTooLong`)."""
        return {"messages": [HumanMessage(check_question(question, self.settings.max_question_chars))]}

    def ask(self, question: str, thread_id: str, language: str | None = None, mode: str | None = None) -> Reply:
        counter = ModelCallCounter()
        with self._observe(thread_id, "ask", question) as turn:
            state = self.graph.invoke(self._input(question), self._config(thread_id, language, counter, "ask"),
                                      context=self._context(language, mode))
            return turn.done(self._reply(state, counter))

    async def aask(self, question: str, thread_id: str, language: str | None = None,
                   mode: str | None = None) -> Reply:
        counter = ModelCallCounter()
        with self._observe(thread_id, "aask", question) as turn:
            state = await self.graph.ainvoke(self._input(question),
                                             self._config(thread_id, language, counter, "aask"),
                                             context=self._context(language, mode))
            return turn.done(self._reply(state, counter))

    def stream(self, question: str, thread_id: str, on_text: Callable[[str], None],
               language: str | None = None, mode: str | None = None) -> Reply:
        """Like :meth:`ask`, calling ``on_text`` with answer text as a streaming model produces it.

        Only text the answer node has kept is passed on (see :mod:`rag_bot.agent.streaming`): everything passed
        to ``on_text`` is a prefix of the returned :class:`Reply`'s answer, so a front end prints the rest of it
        at the end and never takes anything back.
        """
        counter = ModelCallCounter()
        streamer = TurnStreamer(on_text)
        with self._observe(thread_id, "stream", question) as turn:
            for kind, payload in self.graph.stream(self._input(question),
                                                   self._config(thread_id, language, counter, "stream"),
                                                   context=self._context(language, mode), stream_mode=STREAM_MODES):
                streamer.event(kind, payload)
            return turn.done(self._reply(streamer.final_state, counter))

    async def astream(self, question: str, thread_id: str, on_text: Callable[[str], None],
                      language: str | None = None, mode: str | None = None) -> Reply:
        """:meth:`stream` on the event loop (``on_text`` is called on it): what a chat front end shows while the
        answer is written, each piece already accepted by the support check."""
        counter = ModelCallCounter()
        streamer = TurnStreamer(on_text)
        with self._observe(thread_id, "astream", question) as turn:
            async for kind, payload in self.graph.astream(self._input(question),
                                                          self._config(thread_id, language, counter, "astream"),
                                                          context=self._context(language, mode),
                                                          stream_mode=STREAM_MODES):
                streamer.event(kind, payload)
            return turn.done(self._reply(streamer.final_state, counter))

    def history(self, thread_id: str) -> dict[str, Any]:
        """The thread's stored state (full messages, summary, ...); empty dict for an unknown thread."""
        snapshot = self.graph.get_state({"configurable": {"thread_id": thread_id}})
        return dict(snapshot.values or {})
