"""Citation numbers: by first appearance in the answer, the same numbers in the Sources list; [0] cites nothing."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.citations import clean_citations, find_markers, valid_numbers
from rag_bot.agent.grounding import AnswerAssembler
from rag_bot.agent.service import AgentService
from rag_bot.frontends.telegram.formatting import reply_text
from tests.agent_support import InMemoryRetriever, StreamingScriptedModel, make_settings, models_with, passage

DOCS = [{"n": n, "source": f"d{n}.txt", "date": f"2001-01-0{n}", "text": f"Passage {n} text."} for n in range(1, 8)]


def test_a_zero_marker_cites_no_passage():
    assert valid_numbers([0, 1, 0], 3) == [1]
    text, cited = clean_citations("The hall opened [0]. It rained [0, 2].", DOCS[:3])
    assert text == "The hall opened. It rained [2]." and [c["source"] for c in cited] == ["d2.txt"]
    assembler = AnswerAssembler(DOCS[:3])  # ``documents[-1]`` is what n=0 would silently map to
    assembler.feed("The hall opened in spring [0].")
    assembler.finish()
    assert not assembler.answered and assembler.citations == [] and "[" not in assembler.text
    assembler = AnswerAssembler(DOCS[:3])
    assembler.feed("The hall opened in spring [०].")  # Devanagari zero
    assembler.finish()
    assert not assembler.answered


def test_markers_are_renumbered_by_first_appearance_while_streaming():
    raw = "Rain came first [6]. The well filled [1][6]. Rain came again [6]. The roof held [3]."
    assembler = AnswerAssembler(DOCS)
    shown = "".join(assembler.feed(ch) for ch in raw) + assembler.finish()
    assert shown == assembler.text == "Rain came first [1]. The well filled [2][1]. Rain came again [1]. The roof held [3]."
    assert [(c["n"], c["passage"], c["source"]) for c in assembler.citations] == [
        (1, 6, "d6.txt"), (2, 1, "d1.txt"), (3, 3, "d3.txt")]
    assert sorted({n for m in find_markers(shown) for n in m}) == [c["n"] for c in assembler.citations]


def test_offline_default_answer_citing_passages_six_then_one_shows_one_then_two_in_text_and_sources():
    talks = [passage(f"talk{i}", f"2001-01-0{i}", f"Rain fell on hill number {i} of the valley.") for i in range(1, 8)]

    class AllRain(InMemoryRetriever):
        def retrieve(self, query, filters, k=None, whole_document=False):
            return super().retrieve(query, filters, k=8, whole_document=whole_document)

    settings = make_settings()
    assert settings.llm_provider == "extractive" and settings.support_judge == "embedding"  # the offline default
    answer = StreamingScriptedModel(default="Rain fell on hill number 6 [6]. Rain fell on hill number 1 [1]. "
                                            "The valley had rain [6].")
    service = AgentService(settings, retriever=AllRain(talks), models=models_with(settings, answer=answer),
                           checkpointer=InMemorySaver())
    pieces: list[str] = []
    reply = service.stream("Where did rain fall in the valley?", "t", pieces.append)
    assert reply.termination == "answered"
    retrieval = {d["n"]: d["doc_id"] for d in reply.documents}
    assert retrieval[6] == "talk6" and retrieval[1] == "talk1"
    assert reply.answer == "".join(pieces) == ("Rain fell on hill number 6 [1]. Rain fell on hill number 1 [2]. "
                                               "The valley had rain [1].")
    assert reply.sources_text().splitlines() == ["[1] talk6.txt, 2001-01-06", "[2] talk1.txt, 2001-01-01"]
    shown = reply_text(reply.answer, reply.citations, "en")
    assert shown.endswith("Sources:\n[1] talk6.txt, 2001-01-06\n[2] talk1.txt, 2001-01-01")
