"""The research answer mode through the graph (extractive models, in-memory retriever): the tool searches with
``research_top_k`` and reads whole documents for a dated search; the answer role is asked for
``research_answer_sentences`` and more passages; an explicit ``top_k`` still wins; the default mode is unchanged."""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.configuration import AgentConfiguration, resolve
from rag_bot.agent.service import AgentService
from rag_bot.errors import UnknownAnswerMode
from tests.agent_support import InMemoryRetriever, ScriptedChatModel, make_settings, models_with


class RecordingRetriever(InMemoryRetriever):
    """Also records the ``whole_document`` flag of each search."""

    def __init__(self) -> None:
        super().__init__()
        self.whole: list[bool] = []

    def retrieve(self, query, filters, k=None, whole_document=False):
        self.whole.append(whole_document)
        return super().retrieve(query, filters, k=k, whole_document=whole_document)


def run(mode: str | None, question: str, **context):
    settings = make_settings(research_top_k=9, research_answer_sentences=11, research_passages_quoted=3)
    retriever = RecordingRetriever()
    answer = ScriptedChatModel(default="Silence is the state of a mind that is not seeking anything. [1]")
    svc = AgentService(settings, retriever=retriever, models=models_with(settings, answer=answer),
                       checkpointer=InMemorySaver(), context=AgentConfiguration(**context))
    svc.ask(question, "t", mode=mode)
    return retriever, answer.seen[0][0].content


@pytest.mark.parametrize("mode", [None, "default"])
def test_default_mode_searches_top_k_without_whole_documents(mode):
    retriever, system = run(mode, "What did he say about silence on 1969-01-23?")
    assert retriever.ks[0] is None and retriever.whole[0] is False
    assert "at most 3 sentences" in system and "Research mode" not in system


def test_research_mode_searches_wider_and_reads_the_dated_documents_whole():
    retriever, system = run("research", "What did he say about silence on 1969-01-23?")
    assert retriever.ks[0] == 9 and retriever.whole[0] is True
    assert "at most 11 sentences" in system and "cite up to 3 different passages" in system


def test_research_without_a_date_is_wider_but_not_whole_and_an_explicit_top_k_wins():
    retriever, _ = run("research", "What did he say about silence?", top_k=2)
    assert retriever.ks[0] == 2 and retriever.whole[0] is False


def test_resolve_names_the_mode_and_refuses_another():
    settings = make_settings()
    assert resolve(AgentConfiguration(answer_mode="RESEARCH"), settings).passages_quoted == \
        settings.research_passages_quoted
    assert resolve(None, settings).answer_mode == "default"
    with pytest.raises(UnknownAnswerMode, match="use one of default, research"):
        resolve(AgentConfiguration(answer_mode="loud"), settings)
