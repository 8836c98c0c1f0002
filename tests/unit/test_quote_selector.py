"""The learned choice among the extractive answerer's candidate quotes (rag_bot/agent/quote_selector.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from rag_bot.agent import inputs, prompts, quote_selector
from rag_bot.agent.extractive import ExtractiveChatModel
from rag_bot.agent.quote_selector import FEATURES, Candidate, Selector, features, fit
from tests.unit.test_agent_rules import make_settings
from tests.unit.test_cross_language_answers import PASSAGES, QUESTION

SAME = Candidate(raw=0.85, score=0.85, foreign=False, evidence=True, coverage=0.75, backed=True, topic_above=False,
                 translated=0, translatable=0, transliterated=0)
OTHER = Candidate(raw=0.82, score=0.875, foreign=True, evidence=True, coverage=1.0, backed=True, topic_above=False,
                  translated=3, translatable=3, transliterated=1)
COLUMN = {name: i for i, name in enumerate(FEATURES)}


def test_each_candidate_is_compared_with_the_best_of_its_question():
    rows = features([SAME, OTHER], cascade=0)
    assert rows.shape == (2, len(FEATURES))
    assert rows[0, COLUMN["raw_below_best"]] == 0.0
    assert rows[1, COLUMN["raw_below_best"]] == pytest.approx(-0.03)
    assert rows[1, COLUMN["raw_below_best_same_side"]] == 0.0  # the best of the other language's candidates
    assert rows[:, COLUMN["cascade_choice"]].tolist() == [1.0, 0.0]
    assert rows[:, COLUMN["cascade_refused"]].tolist() == [0.0, 0.0]
    assert features([SAME, OTHER], cascade=None)[:, COLUMN["cascade_refused"]].tolist() == [1.0, 1.0]
    assert rows[1, COLUMN["translated_share"]] == 1.0 and rows[0, COLUMN["translated_share"]] == 0.0


def _selector(weights: dict[str, float], threshold: float) -> Selector:
    w = np.array([weights.get(name, 0.0) for name in FEATURES])
    return Selector(np.zeros(len(FEATURES)), np.ones(len(FEATURES)), w, 0.0, threshold)


def test_the_most_probable_candidate_is_taken_only_at_the_threshold():
    prefers_translated = _selector({"translated": 4.0}, threshold=0.6)
    assert prefers_translated.choose([SAME, OTHER], cascade=0) == 1  # sigmoid(3) = .95
    assert _selector({"translated": 4.0}, threshold=0.99).choose([SAME, OTHER], cascade=0) is None
    assert prefers_translated.choose([], cascade=None) is None


def test_fit_learns_which_measurement_tells_a_right_quote():
    rng = np.random.default_rng(7)
    candidates = [replace(SAME, coverage=float(c), raw=float(r))
                  for c, r in zip(rng.uniform(0, 1, 400), rng.uniform(0.75, 0.9, 400), strict=True)]
    rows = np.vstack([features([c], cascade=None) for c in candidates])
    labels = np.array([c.coverage > 0.6 for c in candidates], dtype=float)  # coverage tells, the cosine is noise
    model = fit(rows, labels, l2=1.0)
    assert model.weights[COLUMN["coverage"]] > 5 * abs(model.weights[COLUMN["raw"]])
    chosen = model.choose([replace(SAME, coverage=0.3), replace(SAME, coverage=0.9)], cascade=None)
    assert chosen == 1


def test_a_selector_trained_on_other_features_is_refused(tmp_path):
    path = tmp_path / "selector.json"
    data = _selector({}, 0.5).to_json()
    path.write_text(json.dumps({**data, "features": list(FEATURES[:-1])}), encoding="utf-8")
    with pytest.raises(ValueError, match="retrain"):
        quote_selector.load.__wrapped__(path)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert quote_selector.load.__wrapped__(path).threshold == 0.5


def test_the_shipped_selector_rewards_what_tells_a_quote_holds_the_fact():
    selector = quote_selector.load()
    assert 0.0 < selector.threshold < 1.0
    base = [SAME, OTHER]

    def p(candidate: Candidate) -> float:
        return float(selector.probabilities(features([candidate], cascade=0))[0])

    assert p(SAME) > p(replace(SAME, evidence=False, backed=False))  # the asked kind of fact
    assert p(replace(SAME, coverage=1.0)) > p(SAME)  # more of the question's words
    assert p(OTHER) > p(replace(OTHER, translated=0))  # another language's quote translating the question's words
    assert selector.choose([replace(c, evidence=False, backed=False, coverage=0.0, translated=0, raw=0.7, score=0.7)
                            for c in base], cascade=None) is None  # nothing holds the fact: a refusal


def _answer(monkeypatch: pytest.MonkeyPatch | None, learned: bool, selector: Selector | None = None,
            trace: list | None = None) -> str:
    if selector is not None and monkeypatch is not None:
        monkeypatch.setattr(quote_selector, "load", lambda *a: selector)
    model = ExtractiveChatModel(role="answer", settings=make_settings(), min_relevance=0.80, cross_language_gap=0.055,
                                learned_choice=learned)
    if trace is not None:
        model.trace = lambda q, cands, quotes, at: trace.append((q, cands, quotes, at))
    return str(model.invoke(inputs.answer_messages(inputs.answer_input(QUESTION, PASSAGES, "en", 3))).content)


def test_the_answerer_quotes_the_selectors_choice_or_refuses(monkeypatch):
    cascade = _answer(None, learned=False)
    assert "सुनीता पाटिल" in cascade  # the cascade lets the translated Hindi quote in
    assert _answer(monkeypatch, True, _selector({}, threshold=0.9)) == prompts.NOT_FOUND  # p = .5 everywhere
    traced: list = []
    picked = _answer(monkeypatch, True, _selector({"raw_below_best": 50.0}, threshold=0.0), traced)
    (question, candidates, quotes, at), = traced
    assert question == QUESTION and len(candidates) == len(quotes) >= 1 and at is not None
    best = max(range(len(candidates)), key=lambda i: candidates[i].raw)
    assert quotes[best].split()[0] in picked  # the closest candidate, as the weights say

