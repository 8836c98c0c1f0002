"""A question about something that happened on a day no document is dated (an event a talk tells of) is answered
from the talk that names that day, through the real graph, index and embedded model, offline; a question asking for
the whole talk of that day is still told that no talk carries it, and a fact of a day no text names is refused."""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.service import AgentService
from rag_bot.evaluation.answers import is_refusal

TALKS = {
    "begin-2010-01-24.md": """# How the reading room began

Talk of 24 January 2010

On the morning of 2 January 2009, after a night of hard frost, Ramesh Tiwari, a porter from Banda, was found
asleep under the tin shed of the goods office and was taken to the district hospital. Two weeks later nineteen
neighbours met in the courtyard of the Mishra dharamshala and decided to open a warm room by the station.

In the spring of 2009 we planted twelve neem trees in the yard behind the room, and the railway lent us forty
folding chairs. The room now opens every evening at six and closes at ten.
""",
    "milk-2011-02-13.md": """# दूध और रजिस्टर

13 फ़रवरी 2011 की वार्ता

कमरे के बच्चों के लिए हर सुबह पाँच लीटर दूध आता है, जो मोहल्ले के जगदीश यादव अपनी डेरी से भेजते हैं। रजिस्टर में
हर रात आने वालों के नाम लिखे जाते हैं।
""",
}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    from ingest.pipeline import ingest_paths
    from rag_bot.config import Settings

    root = tmp_path_factory.mktemp("events")
    corpus = root / "corpus"
    corpus.mkdir()
    for name, text in TALKS.items():
        (corpus / name).write_text(text, encoding="utf-8")
    settings = Settings(_env_file=None, index_dir=root / "index", sqlite_path=root / "memory.sqlite",
                        upload_dir=root / "uploads", llm_provider="extractive", checkpointer="memory",
                        corpus_terms=["talk", "talks", "वार्ता"])
    assert not ingest_paths([corpus], settings, progress=False).failed
    return AgentService(settings, checkpointer=InMemorySaver())


def ask(service: AgentService, question: str):
    return service.ask(question, f"event-{abs(hash(question))}")


def test_a_fact_of_a_day_no_talk_is_dated_is_quoted_from_the_talk_that_names_the_day(service):
    reply = ask(service, "Who was found under the shed of the goods office on 2 January 2009?")
    assert not is_refusal(reply) and "Ramesh Tiwari" in reply.answer, reply.answer
    assert {c["source"] for c in reply.citations} == {"begin-2010-01-24.md"}


def test_the_whole_talk_of_that_day_is_still_said_to_be_missing(service):
    reply = ask(service, "What did the talk of 2 January 2009 cover?")
    assert is_refusal(reply) and "2 January 2009" in reply.answer and not reply.citations, reply.answer


def test_a_fact_of_a_day_no_text_names_is_refused(service):
    # the trees were planted "in the spring of 2009": no text names 5 April 2009
    reply = ask(service, "How many neem trees were planted in the yard on 5 April 2009?")
    assert is_refusal(reply) and not reply.citations, reply.answer
