"""The extractive answerer across languages: the embedder's cross-language gap, the kind of fact asked."""

from __future__ import annotations

import numpy as np
import pytest

from rag_bot.agent import inputs, prompts
from rag_bot.agent.extractive import ExtractiveChatModel, cross_language_scores
from tests.conftest import REPO
from tests.unit.test_agent_rules import make_settings

COMPOST_HI = ("केंचुआ खाद का काम सुनीता पाटिल ने २००१ में पाँच सौ केंचुओं से शुरू किया था। आज उनके पास बीस गड्ढे हैं "
              "और पूरा गाँव उनसे खाद लेता है।")
PASSAGES = [
    {"source": "mitti.md", "date": "2004-08-15", "title": "मिट्टी", "text": COMPOST_HI},
    {"source": "bread.md", "date": "2004-03-14", "title": "Bread",
     "text": "The bakery on Mill Lane sells rye bread on Fridays. I want to say something about compost, because "
             "most heaps in this village are too wet."},
]
QUESTION = "Who started the earthworm compost work?"


def ask(gap: float, question: str = QUESTION, learned: bool = True) -> str:
    """The answer (``learned``: with the learned quote selector, else the hand-written cascade alone)."""
    model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80, cross_language_gap=gap,
                                learned_choice=learned)
    return str(model.invoke(inputs.answer_messages(inputs.answer_input(question, PASSAGES, "en", 3))).content)


def test_the_gap_is_added_to_sentences_in_another_language_only():
    scores = np.array([0.70, 0.75], dtype=np.float32)
    assert cross_language_scores(scores, [False, True], 0.05).tolist() == pytest.approx([0.70, 0.80])


def test_another_languages_sentence_needs_the_kind_of_fact_asked():
    assert ask(0.055, "How much did the earthworm compost work cost?") == prompts.NOT_FOUND  # no sum of money


def test_a_quote_translating_the_questions_words_is_let_in_by_the_gap():
    # its sentence scores under the bar on plain cosine; with the gap it reaches it, and it translates every key term
    # (earthworm ~ केंचुआ, compost ~ खाद, work ~ काम, started ~ शुरू); without the gap the cascade refuses it, and
    # the learned selector (which weighs the translated terms, not only the gap-adjusted cosine) still quotes it
    assert "सुनीता पाटिल" in ask(0.055)
    assert ask(0.0, learned=False) == prompts.NOT_FOUND
    assert "सुनीता पाटिल" in ask(0.0)


def test_a_quote_translating_too_few_of_the_questions_words_stays_out():
    # "class" (कक्षा) and "cooking" are known to the glossary and absent: 2 of 4 translated, under min_coverage
    assert ask(0.055, "Who started the earthworm cooking class?") == prompts.NOT_FOUND


def test_a_quote_passing_on_cosine_wins_over_one_let_in_by_translated_words():
    # both Hindi sentences are another language's: the one with the count passes on cosine alone; the eclipse
    # sentence translates more of the question's words (eclipse ~ ग्रहण, watch ~ देखने) and its quote reaches a
    # number (a child's age) only by its completion: it is the later resort
    talk = (REPO / "notebooks/eval/fresh4/corpus/grahan-2021-11-19.md").read_text(encoding="utf-8")
    passages = [{"source": "grahan.md", "date": "2021-11-19", "title": "चंद्रग्रहण की शाम", "text": talk}]
    model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80, cross_language_gap=0.055)
    data = inputs.answer_input("How many people came to watch the lunar eclipse?", passages, "en", 6)
    assert "तीन सौ दस लोग आए" in str(model.invoke(inputs.answer_messages(data)).content)
