"""Answer modes on the sample corpus with the real embedded defaults (offline extractive answerer): research
retrieves wider (research_top_k passages) and answers longer with more citations; the CLI has the same switch
(``--mode``), and an unknown mode is one sentence. (Whole documents for a dated search: the sample's documents are
three or four chunks, which the default neighbour windows already cover, so tests/unit/test_answer_mode_wiring.py
shows that flag.)"""

from __future__ import annotations

import json

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.service import AgentService
from rag_bot.config import Settings
from rag_bot.errors import UnknownAnswerMode
from tests.cli_support import run_cli_here

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)


@pytest.fixture(scope="module")
def service(sample_index) -> AgentService:
    settings = Settings(_env_file=None, index_dir=sample_index, checkpointer="memory", llm_provider="extractive")
    return AgentService(settings, checkpointer=InMemorySaver())


def cited(reply) -> set[int]:
    return {c["n"] for c in reply.citations}


@pytest.mark.parametrize("question", ["What is love?", "What was said about death?"])
def test_research_retrieves_more_and_answers_longer_with_more_citations(service, question):
    default = service.ask(question, f"default {question}")
    research = service.ask(question, f"research {question}", mode="research")
    assert default.termination == research.termination == "answered"
    assert len(research.documents) > len(default.documents)
    assert len(research.answer) > len(default.answer)
    assert research.answer.count("“") >= default.answer.count("“")
    assert len(cited(research)) > len(cited(default)) == 1
    assert len(cited(research)) <= service.settings.research_passages_quoted
    again = service.ask(question, f"default again {question}", mode="default")  # the mode is per turn, not sticky
    assert (again.answer, len(again.documents)) == (default.answer, len(default.documents))


def test_an_unknown_mode_is_one_sentence(service):
    with pytest.raises(UnknownAnswerMode) as info:
        service.ask("What is love?", "loud", mode="loud")
    assert info.value.sentence == "The answer mode 'loud' is not known; use one of default, research."


def test_cli_ask_has_the_same_switch(sample_index, tmp_path):
    def ask(*flags: str) -> dict:
        result = run_cli_here(["ask", "What is love?", "--json", "--index-dir", str(sample_index), *flags], tmp_path)
        assert result.returncode == 0, result.stderr[-2000:]
        return json.loads(result.stdout)

    default, research = ask(), ask("--mode", "research")
    assert len(research["documents"]) > len(default["documents"])
    assert len(research["answer"]) > len(default["answer"])
    assert len({c["n"] for c in research["citations"]}) > len({c["n"] for c in default["citations"]})
    loud = run_cli_here(["ask", "What is love?", "--mode", "loud", "--index-dir", str(sample_index)], tmp_path)
    lines = [line for line in loud.stderr.splitlines() if line.strip() and not line.startswith("mode: ")]
    assert loud.returncode == 2 and loud.stdout == ""
    assert lines == ["error: The answer mode 'loud' is not known; use one of default, research."]
