"""The agent graph.

START -> router -> conversational -> summarize -> END
              \\-> condense -> agent -> tools -> process_tool_output -> answer -> summarize -> END
                               ^  \\---(guard stop)---------------------^    |
                               \\---- one retry (empty / insufficient) ------/

:func:`make_graph` is the factory ``langgraph.json`` names: LangGraph's server calls it with a ``RunnableConfig``
and it builds the graph from the settings, without a checkpointer (the server provides one) and with the retriever
created lazily on the first tool call, so it can be built without an index. Importing this module builds nothing
and reads no setting.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import get_runtime

from rag_bot.agent import rules
from rag_bot.agent.configuration import MAX_RETRIES, AgentConfiguration, search_width
from rag_bot.agent.nodes.agent import make_agent_node
from rag_bot.agent.nodes.answer import make_answer_node
from rag_bot.agent.nodes.condense import make_condense_node
from rag_bot.agent.nodes.conversational import make_conversational_node
from rag_bot.agent.nodes.process_tool_output import make_process_tool_output_node
from rag_bot.agent.nodes.router import make_router_node
from rag_bot.agent.nodes.summarize import make_summarize_node
from rag_bot.agent.nodes.tools import make_tools_node
from rag_bot.agent.role_models import RoleModels, get_chat_models
from rag_bot.agent.state import AgentState, InputState
from rag_bot.agent.support_judges import SupportChecker, make_support_checker
from rag_bot.config import Settings, get_settings  # get_settings: only make_graph, the server's edge
from rag_bot.retrieval.tool import PassageRetriever, make_retrieve_context
from rag_bot.retrieval.types import Passage, SearchFilters

if TYPE_CHECKING:  # importing this module loads no index code
    from rag_bot.models.embeddings import Embedder
    from rag_bot.retrieval.hybrid import HybridRetriever

Graph = CompiledStateGraph[AgentState, AgentConfiguration, InputState, AgentState]


class LazyRetriever:
    """Builds the real retriever (``rag_bot.retrieval.factory.get_retriever``) on the first search."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._retriever: HybridRetriever | None = None
        self._lock = threading.Lock()

    def _get(self) -> HybridRetriever:
        if self._retriever is None:
            with self._lock:
                if self._retriever is None:
                    from rag_bot.retrieval.factory import get_retriever

                    self._retriever = get_retriever(self._settings)
        return self._retriever

    def retrieve(self, query: str, filters: SearchFilters, k: int | None = None,
                 whole_document: bool = False) -> list[Passage]:
        return self._get().retrieve(query, filters, k=k, whole_document=whole_document)

    def can_match(self, filters: SearchFilters) -> bool | None:
        return self._get().can_match(filters)


def route_after_router(state: AgentState) -> str:
    return "conversational" if state.get("route") == "conversational" else "condense"


def route_after_agent(state: AgentState) -> str:
    if state.get("termination"):
        return "answer"
    messages = state.get("messages", [])
    last = messages[-1] if messages else None
    return "tools" if isinstance(last, AIMessage) and last.tool_calls else "answer"


def route_after_process(state: AgentState) -> str:
    return "agent" if state.get("needs_retry") else "answer"


def route_after_answer(state: AgentState) -> str:
    return "agent" if state.get("needs_retry") else "summarize"


def run_search_width(settings: Settings) -> tuple[int | None, bool]:
    """(passages per search, whole documents for a dated search) of the run a tool call belongs to
    (:func:`~rag_bot.agent.configuration.search_width`; the settings' defaults outside a graph run)."""
    try:
        context = get_runtime(AgentConfiguration).context
    except RuntimeError:
        return None, False
    return search_width(context, settings)


N = TypeVar("N", bound=Callable[..., Any])


def reading_terms(node: N, terms: Sequence[str]) -> N:
    """``node`` reading ``terms`` (the graph's ``Settings.corpus_terms``) as naming a document while it runs
    (:func:`rules.corpus_terms`): another agent built in the same process, from other settings, keeps its own. The
    signature is the node's own (LangGraph reads it to pass the config and runtime)."""

    @functools.wraps(node)
    def run(*args: Any, **kwargs: Any) -> Any:
        with rules.corpus_terms(terms):
            return node(*args, **kwargs)

    return cast(N, run)


def build_graph(settings: Settings, *, models: RoleModels | None = None,
                retriever: PassageRetriever | None = None, checkpointer: BaseCheckpointSaver[str] | None = None,
                embedder: Embedder | None = None, checker: SupportChecker | None = None) -> Graph:
    """Compile the agent. ``retriever`` = anything with ``.retrieve(query, filters, k, whole_document)``.

    Answers of a generative answer model are checked sentence by sentence against the passages they cite
    (``checker``, default from ``settings.support_judge``); the extractive model only quotes, so it is not.
    Each run may override knobs through its context (:class:`~rag_bot.agent.configuration.AgentConfiguration`).
    """
    models = models or get_chat_models(settings, embedder=embedder)
    if checker is None and models.mode != "extractive":
        checker = make_support_checker(settings, embedder)
    tool = make_retrieve_context(retriever or LazyRetriever(settings), default_language=settings.default_language,
                                 k=lambda: run_search_width(settings)[0],
                                 dated_whole=lambda: run_search_width(settings)[1])

    terms = settings.corpus_terms
    builder = StateGraph(AgentState, context_schema=AgentConfiguration, input_schema=InputState)
    builder.add_node("router", reading_terms(make_router_node(models, settings), terms))
    builder.add_node("condense", reading_terms(make_condense_node(models, settings), terms))
    builder.add_node("agent", reading_terms(make_agent_node(models, [tool], settings), terms))
    builder.add_node("tools", make_tools_node([tool]))
    builder.add_node("process_tool_output", reading_terms(make_process_tool_output_node(settings), terms))
    builder.add_node("answer", reading_terms(make_answer_node(models, settings, checker), terms))
    builder.add_node("conversational", reading_terms(make_conversational_node(models, settings), terms))
    builder.add_node("summarize", reading_terms(make_summarize_node(models, settings), terms))

    builder.add_edge(START, "router")
    builder.add_conditional_edges("router", route_after_router, ["condense", "conversational"])
    builder.add_edge("condense", "agent")
    builder.add_conditional_edges("agent", route_after_agent, ["tools", "answer"])
    builder.add_edge("tools", "process_tool_output")
    builder.add_conditional_edges("process_tool_output", route_after_process, ["agent", "answer"])
    builder.add_conditional_edges("answer", route_after_answer, ["agent", "summarize"])
    builder.add_edge("conversational", "summarize")
    builder.add_edge("summarize", END)
    return builder.compile(checkpointer=checkpointer, name="rag_bot")


RETRY_EDGES = {("process_tool_output", "agent"), ("answer", "agent")}


def longest_path(compiled: Graph, max_retries: int = MAX_RETRIES) -> int:
    """Most node executions of one turn: every path START->END, retry edges taken at most ``max_retries`` times.

    Any other cycle in the graph would make this unbounded and raises ``ValueError``.
    """
    drawable = compiled.get_graph()
    edges: dict[str, list[str]] = {}
    for edge in drawable.edges:
        edges.setdefault(edge.source, []).append(edge.target)

    def walk(node: str, retries_left: int, on_path: frozenset[tuple[str, int]]) -> int:
        if node == END:
            return 0
        best = -1
        for target in edges.get(node, []):
            cost = 1 if (node, target) in RETRY_EDGES else 0
            if cost > retries_left:
                continue
            state = (target, retries_left - cost)
            if state in on_path:
                raise ValueError(f"unbounded cycle through {target}")
            best = max(best, walk(target, retries_left - cost, on_path | {state}))
        if best < 0:
            raise ValueError(f"no path from {node} to END")
        return best + (0 if node == START else 1)

    return walk(START, max_retries, frozenset())


def recursion_limit_for(compiled: Graph, max_retries: int = MAX_RETRIES) -> int:
    """A recursion_limit the longest legal turn can never hit (each node execution is one super-step)."""
    return longest_path(compiled, max_retries) + 1


def make_graph(config: RunnableConfig | None = None) -> Graph:
    """The graph LangGraph's server (``langgraph dev``, ``langgraph.json``) serves: built from ``Settings`` when
    the server asks for it, never at import. A run's ``context`` may override the knobs of
    :class:`~rag_bot.agent.configuration.AgentConfiguration`; the nodes read them on each run."""
    return build_graph(get_settings())
