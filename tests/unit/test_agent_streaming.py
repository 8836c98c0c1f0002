"""Token streaming of answers: nothing shown that the citation check would take back.

Unit cases for the gate, then the whole graph with a scripted model that really streams (``_stream``), and the
``rag-bot ask`` command on the extractive default (which does not stream: the final answer is printed once).
"""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessageChunk
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent import prompts
from rag_bot.agent.grounding import AnswerAssembler
from rag_bot.agent.nodes.answer import ANSWER_DELTA
from rag_bot.agent.service import AgentService
from rag_bot.agent.streaming import TurnStreamer
from tests.agent_support import (
    InMemoryRetriever,
    ScriptedChatModel,
    StreamingScriptedModel,
    make_settings,
    models_with,
)

DOCS = [{"source": "a.txt", "date": "1969-01-23"}, {"source": "b.txt", "date": "1970-02-01"}]


def feed_all(assembler: AnswerAssembler, pieces: list[str]) -> list[str]:
    return [assembler.feed(p) for p in pieces] + [assembler.finish()]


def test_assembler_holds_text_until_a_valid_citation_then_streams_sentence_by_sentence():
    assembler = AnswerAssembler(DOCS)
    out = feed_all(assembler, ["Silence is ", "the absence of seeking", " [", "1", "]. It came ", "later [2]."])
    assert out[:4] == ["", "", "", ""]  # nothing before the first valid marker is complete
    assert out[4] == "Silence is the absence of seeking [1]."  # settled once the next sentence began
    assert "".join(out) == assembler.text == "Silence is the absence of seeking [1]. It came later [2]."


def test_assembler_never_shows_a_marker_that_matches_no_passage():
    pieces = ["Silence [1]", " is golden [", "7", "]. And [1, ", "9]", " more."]
    shown = "".join(feed_all(AnswerAssembler(DOCS), pieces))
    assert "7" not in shown and "9" not in shown
    assert shown == "Silence [1] is golden. And [1] more."


def test_assembler_streams_exactly_what_it_keeps_whatever_the_pieces():
    raw = "Silence is the absence [1]  of seeking [4].  The second talk [2] says [1; 2] more , and ends [3]."
    whole = AnswerAssembler(DOCS)
    whole.feed(raw)
    whole.finish()
    assembler = AnswerAssembler(DOCS)
    shown = "".join(feed_all(assembler, [raw[i:i + 3] for i in range(0, len(raw), 3)]))
    assert shown == assembler.text == whole.text == "Silence is the absence [1] of seeking. The second talk [2] " \
                                                   "says [1][2] more, and ends."


@pytest.mark.parametrize("raw", ["NOT_FOUND", "The documents do not say anything about it.",
                                 "Paris is the capital of France [9]."])
def test_assembler_stays_shut_for_refusals_and_uncited_answers(raw):
    assembler = AnswerAssembler(DOCS)
    assert "".join(feed_all(assembler, list(raw))) == "" and not assembler.answered


def test_turn_streamer_shows_answer_deltas_and_only_the_first_conversational_reply():
    shown: list[str] = []
    streamer = TurnStreamer(shown.append)
    streamer.event("messages", (AIMessageChunk(content="rag", id="r"), {"langgraph_node": "router"}))
    streamer.event("messages", (AIMessageChunk(content="Quiet [1].", id="a1"), {"langgraph_node": "answer"}))
    streamer.event("custom", {ANSWER_DELTA: "Quiet [1]."})
    streamer.event("custom", {ANSWER_DELTA: " Still [1]."})
    streamer.event("messages", (AIMessageChunk(content="- summary", id="s"), {"langgraph_node": "summarize"}))
    assert "".join(shown) == "Quiet [1]. Still [1]." == streamer.shown

    chat: list[str] = []
    streamer = TurnStreamer(chat.append)
    for piece in ["  Hello", " there ", "", "friend!  "]:
        streamer.event("messages", (AIMessageChunk(content=piece, id="c1"), {"langgraph_node": "conversational"}))
    streamer.event("messages", (AIMessageChunk(content="Other reply", id="c2"), {"langgraph_node": "conversational"}))
    assert chat == ["Hello", " there", " friend!"]


def streaming_service(answer=None, conversational=None, router=None) -> AgentService:
    settings = make_settings()
    scripted = {k: v for k, v in {"answer": answer, "conversational": conversational, "router": router}.items() if v}
    return AgentService(settings, retriever=InMemoryRetriever(), models=models_with(settings, **scripted),
                        checkpointer=InMemorySaver())


def test_graph_streams_a_cited_answer_in_pieces_without_the_bogus_marker_or_the_unsupported_sentence():
    answer = StreamingScriptedModel(default="Silence is not the absence of noise [1]. The moon is cheese [7]. "
                                            "Silence is the state of a mind that seeks nothing [1]. "
                                            "Only a quiet mind can observe [1]. End.")
    pieces: list[str] = []
    reply = streaming_service(answer=answer).stream("What did he say about silence?", "t", pieces.append)
    assert reply.termination == "answered"
    assert len(pieces) >= 3  # really streamed, sentence by sentence, not one block
    assert "".join(pieces) == reply.answer
    assert "[7]" not in reply.answer and "moon" not in reply.answer and [c["n"] for c in reply.citations] == [1]


def test_graph_streams_nothing_of_an_answer_that_is_refused_after_its_retry():
    answer = StreamingScriptedModel(default="Paris is the capital of France [9].")
    pieces: list[str] = []
    reply = streaming_service(answer=answer).stream("What did he say about silence?", "t", pieces.append)
    assert pieces == []
    assert reply.termination == "no_documents" and reply.answer.startswith("The documents do not say")
    assert len(answer.seen) == 2


def test_graph_streams_a_conversational_reply_and_keeps_the_thread():
    conversational = StreamingScriptedModel(default="  Hello! Ask me about the talks.")
    router = ScriptedChatModel(default="conversational")
    svc = streaming_service(conversational=conversational, router=router)
    pieces: list[str] = []
    reply = svc.stream("Hi!", "t", pieces.append)
    assert reply.route == "conversational" and len(pieces) > 1
    assert "".join(pieces) == reply.answer == "Hello! Ask me about the talks."
    assert [m.type for m in svc.history("t")["messages"]] == ["human", "ai"]


def test_ask_command_prints_the_extractive_answer_once(tmp_path, monkeypatch):
    """The extractive default does not stream: the CLI prints the final answer once, then its sources."""
    from typer.testing import CliRunner

    from rag_bot.frontends.cli import build_app

    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "silence.txt").write_text(
        "On Silence\nDate: 1969-01-23\n\nSilence is the absence of seeking. A quiet mind sees clearly.\n",
        encoding="utf-8")
    runner = CliRunner()
    env = {"RAG_BOT_CHECKPOINTER": "memory", "RAG_BOT_LLM_PROVIDER": "extractive"}
    assert runner.invoke(build_app(), ["ingest", "docs"], env=env).exit_code == 0
    result = runner.invoke(build_app(), ["ask", "What is silence?"], env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Silence is the absence of seeking") == 1
    assert "Sources:" in result.stdout and "silence.txt, 1969-01-23" in result.stdout
    assert prompts.NOT_FOUND not in result.stdout
