"""Which model each node calls, and per-run overrides (the graph's context, ``AgentConfiguration``).

The role -> model table is ``rag_bot/models/roles.py``. The Gemini tests go through the whole chain -- settings ->
``get_chat_models`` -> graph node -> HTTP request -- and read the model name off each request the loopback stand-in
received, recognising the node by its system instruction.
"""

from __future__ import annotations

import re

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.configuration import AgentConfiguration
from rag_bot.agent.graph import build_graph
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.service import AgentService
from tests.agent_support import (
    InMemoryRetriever,
    ScriptedChatModel,
    make_settings,
    models_with,
    role_of_system,
    tool_call,
)
from tests.stand_ins.gemini_api import GeminiRequest, GeminiStandIn, function_call_response, text_response

MODELS = {"router_model": "m-router", "agent_model": "m-agent", "answer_model": "m-answer",
          "summary_model": "m-summary"}
SILENCE = "What did he say about silence on 1969-01-23?"
FOLLOW_UP = "and what about it on that day?"  # refers back: the condense node runs
HELLO = "Hello!"
LONG_SILENCE = SILENCE + " I mean the quiet mind that observes without the observer, in his own words." * 12
_PASSAGE_N = re.compile(r'<passage n="(\d+)"')


def node_of(system: str) -> str:
    """The node a request comes from (the summary role runs in the summarize node)."""
    role = role_of_system(system)
    return "summarize" if role == "summary" else role


def respond(request: GeminiRequest):
    """Plays every node: routes greetings to conversational, searches, cites passage 1, summarises briefly."""
    node = node_of(request.system_text)
    if node == "router":
        return text_response("conversational" if HELLO in request.last_user_text else "rag")
    if node == "condense":
        return text_response("What did he say about silence on 1969-01-23?")
    if node == "agent" and "fear" in request.last_user_text:
        return function_call_response("retrieve_context", {"query": "silence drama mind fear"})
    if node == "agent":
        return function_call_response("retrieve_context", {"query": "silence", "date_filter": "1969-01-23"})
    if node == "answer":
        return text_response("Silence is the state of a mind that is not seeking anything [1].")
    if node == "conversational":
        return text_response("Hello! Ask me about the talks.")
    if node == "summarize":
        return text_response("- asked about silence [1].")
    return None  # -> 400: an unexpected request fails the test


@pytest.fixture
def gemini():
    with GeminiStandIn(api_key="test-key") as server:
        server.responder = respond
        yield server


def gemini_settings(gemini: GeminiStandIn, **overrides):
    return make_settings(llm_provider="gemini", google_api_key="test-key", gemini_base_url=gemini.base_url,
                         llm_timeout_s=10.0, llm_max_retries=0, support_judge="off", **{**MODELS, **overrides})


def models_by_node(gemini: GeminiStandIn) -> dict[str, set[str]]:
    seen: dict[str, set[str]] = {}
    for request in gemini.generate_requests:
        seen.setdefault(node_of(request.system_text), set()).add(request.model)
    return seen


def test_each_node_calls_the_model_its_role_is_configured_with(gemini):
    """RAG turn, follow-up (condense), conversational turn, and a summary: each node on its configured model.
    Conversational replies are user-facing answers: the answer model (not the summary model)."""
    settings = gemini_settings(gemini, summary_trigger_tokens=200, summary_keep_messages=2)
    svc = AgentService(settings, retriever=InMemoryRetriever(), checkpointer=InMemorySaver())
    assert svc.ask(LONG_SILENCE, "t").termination == "answered"
    assert svc.ask(FOLLOW_UP, "t").termination == "answered"
    assert svc.ask(HELLO, "t").route == "conversational"
    assert models_by_node(gemini) == {
        "router": {"m-router"}, "condense": {"m-router"}, "agent": {"m-agent"}, "answer": {"m-answer"},
        "conversational": {"m-answer"}, "summarize": {"m-summary"},
    }
    assert svc.history("t")["summary"]  # the summary node ran and its reply was kept


def test_each_node_calls_the_instance_of_its_role():
    """The graph's wiring: six distinct recording models, each called only by its own node."""
    def reply_to(messages):
        system = messages[0].content if isinstance(messages[0], SystemMessage) else ""
        node = node_of(system) if system else "router"
        text = messages[-1].content if messages else ""
        return {
            "router": lambda: AIMessage("conversational" if text == HELLO else "rag"),
            "condense": lambda: AIMessage(SILENCE),
            "agent": lambda: AIMessage("", tool_calls=[tool_call("silence", date_filter="1969-01-23")]),
            "answer": lambda: AIMessage("Silence is the state of a mind that is not seeking anything [1]."),
            "conversational": lambda: AIMessage("Hello!"),
            "summarize": lambda: AIMessage("- asked about silence."),
        }[node]()

    settings = make_settings(summary_trigger_tokens=200, summary_keep_messages=2)
    roles = ("router", "condense", "agent", "answer", "conversational", "summary")
    scripted = {role: ScriptedChatModel(default=reply_to) for role in roles}
    models = RoleModels(**scripted)
    svc = AgentService(settings, retriever=InMemoryRetriever(), models=models, checkpointer=InMemorySaver())
    svc.ask(LONG_SILENCE, "t")
    svc.ask(FOLLOW_UP, "t")
    svc.ask(HELLO, "t")
    assert svc.history("t")["summary"]
    node_for_role = {"router": "router", "condense": "condense", "agent": "agent", "answer": "answer",
                     "conversational": "conversational", "summary": "summarize"}
    for role, model in scripted.items():
        calls = [node_of(m[0].content) if isinstance(m[0], SystemMessage) else "router" for m in model.seen]
        assert calls and set(calls) == {node_for_role[role]}, (role, calls)


def test_a_run_overrides_a_role_model_top_k_and_answer_length_through_its_context(gemini):
    settings = gemini_settings(gemini, run_models=["m-large"])
    retriever = InMemoryRetriever()
    graph = build_graph(settings, retriever=retriever, checkpointer=InMemorySaver())
    question = {"messages": [HumanMessage("What did he say about silence, drama, the mind and fear?")]}

    graph.invoke(question, {"configurable": {"thread_id": "plain"}})
    plain = [r for r in gemini.generate_requests if node_of(r.system_text) == "answer"][-1]
    assert plain.model == "m-answer" and len(_PASSAGE_N.findall(plain.last_user_text)) > 1
    assert "at most 3 sentences" in plain.system_text  # make_settings: answer_sentences=3

    gemini.reset()
    graph.invoke(question, {"configurable": {"thread_id": "override"}},
                 context={"answer_model": "m-large", "top_k": 1, "answer_sentences": 1})
    assert models_by_node(gemini) == {"router": {"m-router"}, "agent": {"m-agent"}, "answer": {"m-large"}}
    answer = [r for r in gemini.generate_requests if node_of(r.system_text) == "answer"][-1]
    assert len(_PASSAGE_N.findall(answer.last_user_text)) == 1  # top_k=1 reached the tool's search
    assert "at most 1 sentences" in answer.system_text
    assert retriever.ks[-1] == 1

    gemini.reset()  # the next run without a context is back on the settings
    graph.invoke(question, {"configurable": {"thread_id": "again"}})
    assert models_by_node(gemini)["answer"] == {"m-answer"} and retriever.ks[-1] is None


def test_extractive_runs_take_overrides_from_the_context_and_the_service():
    settings = make_settings(answer_sentences=3)
    question = "What did he say about the drama of life and roles?"
    default = AgentService(settings, retriever=InMemoryRetriever(), models=models_with(settings))
    short = AgentService(settings, retriever=InMemoryRetriever(), models=models_with(settings),
                         context=AgentConfiguration(answer_sentences=1, max_iterations=1))
    long_answer, short_answer = default.ask(question, "t"), short.ask(question, "t")
    quoted = [line for line in long_answer.answer.splitlines() if line.startswith("- “")]
    assert sum(line.count(". ") + 1 for line in quoted) > 1
    [line] = [line for line in short_answer.answer.splitlines() if line.startswith("- “")]
    assert line.count(". ") == 0  # one sentence
    assert short.ask("What did he say about zebras?", "z").termination == "iteration_limit"  # no retry round
    assert default.ask("What did he say about zebras?", "z").termination == "no_documents"
    assert short.ask("What did he say about zebras?", "h", language="hi").language == "hi"  # user_language on top


def test_an_override_outside_its_settings_bounds_is_refused_with_one_sentence():
    settings = make_settings()
    with pytest.raises(ValueError, match=r"^Per-run setting answer_sentences=0 is not allowed: .* 1\.$"):
        AgentService(settings, models=models_with(settings), context=AgentConfiguration(answer_sentences=0))
    with pytest.raises(ValueError, match=r"^Per-run setting top_k=500 is not allowed: .* 100\.$"):
        AgentService(settings, models=models_with(settings), context=AgentConfiguration(top_k=500))
    graph = build_graph(make_settings(), models=models_with(make_settings()), retriever=InMemoryRetriever())
    with pytest.raises(ValueError, match="top_k=0"):
        graph.invoke({"messages": [HumanMessage("What did he say about silence?")]}, context={"top_k": 0})
