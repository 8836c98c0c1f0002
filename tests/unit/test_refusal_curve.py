"""The refusal curve re-asks every question at each relevance threshold, through the real graph."""

from __future__ import annotations

from rag_bot.evaluation.refusal_curve import choice_curve, coverage_curve, refusal_curve
from tests.agent_support import InMemoryRetriever, make_settings, passage

QUESTIONS = [
    {"id": "a1", "question": "What is silence?", "relevant": [{"source": "silence_talk.txt"}]},
    {"id": "a2", "question": "What ends fear?", "relevant": [{"source": "fear_talk.txt"}]},
    # retrieval finds the silence talk (the word "silence"), but nothing there answers this
    {"id": "u1", "question": "What did the silence of the stock exchange cost investors?", "relevant": []},
]


def test_the_threshold_moves_both_error_rates():
    retriever = InMemoryRetriever()
    curve = refusal_curve(make_settings(), QUESTIONS, (0.0, 0.99), retriever=retriever, min_coverage=0.0)
    low, high = curve
    assert (low["threshold"], high["threshold"]) == (0.0, 0.99)
    assert (low["answerable"], low["unanswerable"]) == (2, 1)
    # nothing is refused when any sentence is relevant enough; everything is at a threshold no cosine reaches
    assert low["false_refusal_rate"] == 0.0 and low["refusal_rate"] == 0.0
    assert high["false_refusal_rate"] == 1.0 and high["refusal_rate"] == 1.0
    assert len(retriever.calls) >= 2 * len(QUESTIONS)  # every question asked again at each threshold


def test_key_term_coverage_refuses_the_near_topic_question_and_keeps_the_answerable_ones():
    """At a threshold every sentence passes, the unanswerable question (its words "buy" and "tractor" are in no
    quote; the founding year is a date, so the type check alone lets it through) is refused only once quotes must
    hold the question's key terms. A count of a thing no sentence names ("How many animals ...?") is refused
    either way: the founding year counts nothing named (answerability.count_unbound)."""
    house = [passage("house_talk", "2004-11-28", "Rosewood House was founded in 1961 by two sisters as a shelter "
                     "for farmhands. Every Sunday the kitchen serves soup to sixty people.")]
    questions = [
        {"id": "a1", "question": "When was Rosewood House founded?", "relevant": [{"source": "house_talk.txt"}]},
        {"id": "a2", "question": "How many people does the Sunday soup kitchen serve?",
         "relevant": [{"source": "house_talk.txt"}]},
        {"id": "u1", "question": "When did Rosewood House buy its tractor?", "relevant": []},
    ]
    curve = coverage_curve(make_settings(), questions, (0.0, 0.75), retriever=InMemoryRetriever(house),
                           threshold=0.0)
    off, on = curve
    assert (off["min_coverage"], on["min_coverage"]) == (0.0, 0.75)
    assert off["refusal_rate"] == 0.0 and on["refusal_rate"] == 1.0
    assert on["false_refusal_rate"] == 0.0
    animals = [*questions[:2], {"id": "u2", "question": "How many animals does Rosewood House keep?", "relevant": []}]
    (off,) = coverage_curve(make_settings(), animals, (0.0,), retriever=InMemoryRetriever(house), threshold=0.0)
    assert off["refusal_rate"] == 1.0 and off["false_refusal_rate"] == 0.0


def test_the_selectors_threshold_moves_both_error_rates():
    """The learned quote selector decides the refusal of the default answerer: at a probability every quote
    reaches nothing is refused; at one none reaches, everything is (every sentence is a candidate: relevance 0)."""
    retriever = InMemoryRetriever()
    settings = make_settings().model_copy(update={"min_relevance": 0.0})
    low, high = choice_curve(settings, QUESTIONS, (0.0, 1.0), retriever=retriever)
    assert (low["choice_threshold"], high["choice_threshold"]) == (0.0, 1.0)
    assert low["false_refusal_rate"] == 0.0 and low["refusal_rate"] == 0.0
    assert high["false_refusal_rate"] == 1.0 and high["refusal_rate"] == 1.0
