"""Token streaming of answers: nothing shown that the citation check would take back.

Unit cases for the gate, then the whole graph with a scripted model that really streams (``_stream``), and the
``rag-bot ask`` command on the extractive default (which does not stream: the final answer is printed once).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGenerationChunk
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent import prompts
from rag_bot.agent.service import AgentService
from rag_bot.agent.streaming import CitationGate, TurnStreamer
from tests.agent_support import InMemoryRetriever, ScriptedChatModel, make_settings, models_with

DOCS = [{"source": "a.txt", "date": "1969-01-23"}, {"source": "b.txt", "date": "1970-02-01"}]


def feed_all(gate: CitationGate, pieces: list[str]) -> list[str]:
    return [gate.feed(p) for p in pieces]


def test_gate_holds_text_until_a_valid_citation_then_streams_the_rest():
    gate = CitationGate(DOCS)
    out = feed_all(gate, ["Silence is ", "the absence of seeking", " [", "1", "]. It came ", "later [2]."])
    assert out[:4] == ["", "", "", ""]  # nothing before the first valid marker is complete
    assert out[4] == "Silence is the absence of seeking [1]. It came"
    assert "".join(out) == "Silence is the absence of seeking [1]. It came later [2]."


def test_gate_never_shows_a_marker_that_matches_no_passage():
    gate = CitationGate(DOCS)
    pieces = ["Silence [1]", " is golden [", "7", "]. And [1, ", "9]", " more."]
    out = feed_all(gate, pieces)
    shown = "".join(out)
    assert "7" not in shown and "9" not in shown
    assert shown == "Silence [1] is golden. And [1] more."


def test_gate_streams_exactly_what_the_answer_node_keeps():
    from rag_bot.agent.citations import clean_citations

    raw = "Silence is the absence [1]  of seeking [4].  The second talk [2] says [1; 2] more , and ends [3]."
    gate = CitationGate(DOCS)
    shown = "".join(gate.feed(raw[i:i + 3]) for i in range(0, len(raw), 3))
    assert shown == clean_citations(raw, DOCS)[0]


@pytest.mark.parametrize("raw", ["NOT_FOUND", "The documents do not say [1] anything about it.",
                                 "Paris is the capital of France [9]."])
def test_gate_stays_shut_for_refusals_and_uncited_answers(raw):
    gate = CitationGate(DOCS)
    assert "".join(gate.feed(ch) for ch in raw) == ""


def test_turn_streamer_streams_only_the_answer_node_and_only_one_reply():
    shown: list[str] = []
    streamer = TurnStreamer(shown.append)
    streamer.event("values", {"documents": DOCS})
    streamer.event("messages", (AIMessageChunk(content="rag", id="r"), {"langgraph_node": "router"}))
    streamer.event("messages", (AIMessageChunk(content="Quiet [1].", id="a1"), {"langgraph_node": "answer"}))
    streamer.event("messages", (AIMessageChunk(content=" Still.", id="a1"), {"langgraph_node": "answer"}))
    streamer.event("messages", (AIMessageChunk(content="- summary", id="s"), {"langgraph_node": "summarize"}))
    streamer.event("messages", (AIMessageChunk(content="Another [2].", id="a2"), {"langgraph_node": "answer"}))
    assert "".join(shown) == "Quiet [1]. Still." == streamer.shown


class StreamingScriptedModel(ScriptedChatModel):
    """A scripted model whose replies arrive in small chunks (a real ``_stream``), as Gemini's do."""

    chunk_size: int = 4

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        text = str(self._generate(messages, stop, run_manager, **kwargs).generations[0].message.content)
        for i in range(0, len(text), self.chunk_size):
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=text[i:i + self.chunk_size]))
            if run_manager:
                run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk


def streaming_service(answer=None, conversational=None, router=None) -> AgentService:
    settings = make_settings()
    scripted = {k: v for k, v in {"answer": answer, "conversational": conversational, "router": router}.items() if v}
    return AgentService(settings, retriever=InMemoryRetriever(), models=models_with(settings, **scripted),
                        checkpointer=InMemorySaver())


def test_graph_streams_a_cited_answer_in_pieces_without_the_bogus_marker():
    answer = StreamingScriptedModel(default="Silence is the absence of seeking [1]. The moon is cheese [7]. End [1].")
    pieces: list[str] = []
    reply = streaming_service(answer=answer).stream("What did he say about silence?", "t", pieces.append)
    assert reply.termination == "answered"
    assert len(pieces) >= 3  # really streamed, not one block
    assert "".join(pieces) == reply.answer
    assert "[7]" not in "".join(pieces) and [c["n"] for c in reply.citations] == [1]


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
