"""Running summary: trigger, whole turns folded (tool-call pairs intact), extended, longer summaries discarded."""

from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.nodes.summarize import fold_point, make_summarize_node
from rag_bot.agent.service import AgentService
from tests.agent_support import InMemoryRetriever, ScriptedChatModel, make_settings, models_with

QUESTIONS = [
    "What did he say about silence and the quiet mind that observes without the observer on 1969-01-23?",
    "What did he say about the drama of life and the roles we play in our relationships with each other?",
    "What did he say about fear and thought projecting the future, and how does fear come to an end?",
    "What did he say about meditation, attention without choice and attention that has no centre?",
    "What did he say about silence once more, and the mind that is not seeking anything at all?",
]


def _pairs_intact(messages, cut):
    for i, m in enumerate(messages):
        if isinstance(m, AIMessage) and m.tool_calls:
            ids = {c["id"] for c in m.tool_calls}
            partners = [j for j, t in enumerate(messages) if isinstance(t, ToolMessage) and t.tool_call_id in ids]
            assert all((j < cut) == (i < cut) for j in partners), "a tool-call pair was split"


def test_summary_triggers_extends_and_keeps_history():
    settings = make_settings(summary_trigger_tokens=200, summary_keep_messages=2)
    svc = AgentService(settings, retriever=InMemoryRetriever(), models=models_with(settings),
                       checkpointer=InMemorySaver())
    summaries, counts = [], []
    for question in QUESTIONS:
        svc.ask(question, "t")
        state = svc.history("t")
        summaries.append(state.get("summary", ""))
        counts.append(state.get("summarized_count", 0))
    state = svc.history("t")
    messages = state["messages"]
    assert len([m for m in messages if isinstance(m, HumanMessage)]) == len(QUESTIONS)  # nothing deleted
    assert summaries[-1] and counts[-1] > 0
    assert isinstance(messages[counts[-1]], HumanMessage)  # cut at a turn boundary
    _pairs_intact(messages, counts[-1])
    grown = [s for s in summaries if s]
    assert len(set(grown)) >= 2
    for older, newer in zip(grown, grown[1:], strict=False):
        assert newer.startswith(older)  # extended, never replaced
    assert "User asked: What did he say about silence and the quiet mind" in summaries[-1]
    # the conversational model sees the summary and the recent messages only
    reply = svc.ask("What did I ask before?", "t")
    assert "What did he say about silence and the quiet mind" in reply.answer


def _history(turns: int) -> list:
    messages = []
    for i in range(turns):
        messages += [HumanMessage(f"Question number {i} about silence and the mind " * 5, id=f"h{i}"),
                     AIMessage("", tool_calls=[{"name": "retrieve_context", "args": {"query": "q"}, "id": f"c{i}",
                                                "type": "tool_call"}], id=f"a{i}"),
                     ToolMessage("Retrieved 1 passages from 1 documents.", tool_call_id=f"c{i}", id=f"t{i}"),
                     AIMessage(f"Answer {i}: silence is a mind not seeking [1]. " * 5, id=f"r{i}")]
    return messages


def test_fold_point_never_splits_tool_call_pairs():
    messages = _history(4)  # 16 messages, a user message every 4 (0, 4, 8, 12), each turn with a tool-call pair
    cuts = {}
    for keep in range(2, 13):  # every keep that leaves an earlier turn to fold: a cut must happen
        cut = fold_point(messages, 0, keep)
        assert cut is not None, keep
        assert isinstance(messages[cut], HumanMessage)
        assert len(messages) - cut >= keep
        _pairs_intact(messages, cut)
        cuts[keep] = cut
    # the latest turn boundary that still keeps ``keep`` messages: as much as possible is folded
    assert cuts == {**dict.fromkeys(range(2, 5), 12), **dict.fromkeys(range(5, 9), 8), **dict.fromkeys(range(9, 13), 4)}
    # keeping more than the last three turns leaves only the first turn: nothing before it to fold
    assert all(fold_point(messages, 0, keep) is None for keep in range(13, 18))
    assert fold_point(messages, 8, 2) == 12 and fold_point(messages, 12, 2) is None  # never at or before ``start``


def test_summary_longer_than_what_it_replaces_is_discarded():
    settings = make_settings(summary_trigger_tokens=200, summary_keep_messages=2)
    verbose = ScriptedChatModel(default="blah " * 5000)
    node = make_summarize_node(models_with(settings, summary=verbose), settings)
    state = {"messages": _history(3), "summary": "- User asked: earlier things", "summarized_count": 0}
    update = node(state, {}, None)
    assert "blah" not in update["summary"]  # the model's over-long summary was discarded ...
    assert update["summary"].startswith("- User asked: earlier things\n")  # ... the extractive lines extend
    assert update["summarized_count"] == 8 and len(verbose.seen) == 1


def test_short_model_summary_is_appended():
    settings = make_settings(summary_trigger_tokens=200, summary_keep_messages=2)
    node = make_summarize_node(models_with(settings, summary=ScriptedChatModel(default="- Talked about silence [1].")),
                               settings)
    update = node({"messages": _history(3), "summary": "- old line", "summarized_count": 0}, {}, None)
    assert update == {"summary": "- old line\n- Talked about silence [1].", "summarized_count": 8}


def test_no_summary_below_trigger():
    settings = make_settings(summary_trigger_tokens=100000)
    model = ScriptedChatModel(default="x")
    assert make_summarize_node(models_with(settings, summary=model), settings)({"messages": _history(3)}, {}, None) == {}
    assert model.seen == []
