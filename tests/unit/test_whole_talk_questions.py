"""The extractive answerer's whole-talk path for a question naming a date."""

from __future__ import annotations

from rag_bot.agent import inputs
from rag_bot.agent.extractive import ExtractiveChatModel
from tests.conftest import REPO
from tests.unit.test_agent_rules import make_settings


def test_a_dated_question_in_the_askers_own_words_gets_the_whole_talk():
    """"निचोड़" (the essence) is in no overview list; the talk of that date never uses it, so the question asks for
    the whole talk: one sentence per theme, not a quote about one of them."""
    talk = (REPO / "notebooks/eval/fresh4/corpus/grahan-2021-11-19.md").read_text(encoding="utf-8")
    passages = [{"source": "grahan.md", "date": "2021-11-19", "title": "चंद्रग्रहण की शाम", "text": talk}]
    model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80)
    data = inputs.answer_input("१९ नवंबर २०२१ की वार्ता का निचोड़ बताइए", passages, "hi", 6)
    answer = str(model.invoke(inputs.answer_messages(data)).content)
    quoted = [line for line in answer.splitlines() if line.startswith("- ")]
    paragraphs = [p for p in talk.split("\n\n") if any(q[3:40] in p for q in quoted)]
    assert len(paragraphs) >= 2, answer
