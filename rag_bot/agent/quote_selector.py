"""The learned choice among the extractive answerer's candidate quotes (or none: "the documents do not say").

The answerer tries up to ``SEED_DEPTH`` quotes and checks each (cosine, the asked kind of fact, key-term coverage in
the question's script, key terms translated into another script). Its hand-written cascade takes the first quote
that passes a fixed order of checks; every check is right where it applies, but the order decides between a quote in
the asker's language that is backed by the archive's common words and another language's quote that holds the fact,
and that order does not carry over to new archives. Here the same measurements are weighed by a logistic model
trained on the project's own question sets (``tools/train_quote_selector.py``, leave-one-set-out; figures in
docs/evaluation.md): the quote with the highest probability of holding the asked fact is taken when that probability
reaches the trained threshold, else the answer is a refusal. The cascade's own choice is one of the inputs.

The model is a few numbers in ``quote_selector.json`` next to this module; numpy only, no model download.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).with_name("quote_selector.json")
FEATURES = ("raw_below_best", "grounded_below_best", "raw_below_best_same_side", "cascade_choice", "cascade_refused",
            "raw", "score", "foreign", "evidence", "coverage", "backed", "topic_above", "rank", "score_below_best",
            "raw_below_best_own_language", "translated", "translatable", "transliterated", "translated_share",
            "foreign_raw", "foreign_translated_share", "grounded")
MAX_RANK = 8  # ranks beyond this are one bucket
MAX_TERMS = 4  # translated / translatable key terms counted up to this
MAX_TRANSLITERATED = 3


@dataclass(frozen=True)
class Candidate:
    """One candidate quote, as the answerer measured it."""

    raw: float  # cosine of the seed sentence with the question
    score: float  # the cosine with the cross-language gap added to another language's sentence
    foreign: bool  # in another language than the question
    evidence: bool  # holds the asked kind of fact, on the question's topic (answerability.assess)
    coverage: float  # share of the question's key terms in the quote's script it holds
    backed: bool  # evidence and min_coverage of the key terms
    topic_above: bool  # a closer quote in the asker's language held the topic but not the fact
    translated: int  # key terms of another script a word of the quote translates or transliterates
    translatable: int  # of those, the ones the glossary can check
    transliterated: int  # key terms found transliterated (answerability.foreign_terms_found)


def features(candidates: Sequence[Candidate], cascade: int | None) -> np.ndarray:
    """One row of ``FEATURES`` per candidate (``cascade``: the index the hand-written cascade chose, None: it
    refused); the first three compare a candidate with the best of the same question."""
    best_raw = max(c.raw for c in candidates)
    best_grounded = max(c.coverage * c.evidence for c in candidates)
    best_score = max(c.score for c in candidates)
    best_side: dict[bool, float] = {}  # the best cosine among the candidates in (not) the question's language
    for c in candidates:
        best_side[c.foreign] = max(c.raw, best_side.get(c.foreign, c.raw))
    best_own = best_side.get(False, 0.0)
    ranked = sorted(range(len(candidates)), key=lambda i: -candidates[i].score)
    rank = {i: r for r, i in enumerate(ranked)}
    rows = []
    for i, c in enumerate(candidates):
        same_side = best_side[c.foreign]
        share = c.translated / c.translatable if c.translatable else 0.0
        grounded = c.coverage * c.evidence
        rows.append([
            c.raw - best_raw, grounded - best_grounded, c.raw - same_side, float(i == cascade), float(cascade is None),
            c.raw, c.score, float(c.foreign), float(c.evidence), c.coverage, float(c.backed), float(c.topic_above),
            min(rank[i], MAX_RANK) / MAX_RANK, c.score - best_score, c.raw - best_own,
            min(c.translated, MAX_TERMS) / MAX_TERMS, min(c.translatable, MAX_TERMS) / MAX_TERMS,
            min(c.transliterated, MAX_TRANSLITERATED) / MAX_TRANSLITERATED, share, c.raw * c.foreign,
            share * c.foreign, grounded])
    return np.asarray(rows, dtype=np.float64)


@dataclass(frozen=True)
class Selector:
    """A logistic model over standardised ``FEATURES`` and the probability a quote must reach."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """P(the quote holds the asked fact) per row."""
        z = ((rows - self.mean) / self.scale) @ self.weights + self.bias
        return np.asarray(1.0 / (1.0 + np.exp(-z)), dtype=np.float64)

    def choose(self, candidates: Sequence[Candidate], cascade: int | None) -> int | None:
        """The index of the most probable candidate when it reaches the threshold, else None (refuse)."""
        if not candidates:
            return None
        p = self.probabilities(features(candidates, cascade))
        best = int(np.argmax(p))
        return best if p[best] >= self.threshold else None

    def to_json(self) -> dict[str, object]:
        return {"features": list(FEATURES), "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "weights": self.weights.tolist(), "bias": self.bias, "threshold": self.threshold}


def fit(rows: np.ndarray, labels: np.ndarray, l2: float, iterations: int = 3000, rate: float = 0.5) -> Selector:
    """A logistic model of ``labels`` (1: the candidate's quote holds the question's reference facts) by gradient
    descent with an L2 penalty ``l2``; its threshold is set by :func:`best_threshold`."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0) + 1e-6
    z = (rows - mean) / scale
    weights = np.zeros(z.shape[1])
    bias = 0.0
    n = len(labels)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(z @ weights + bias)))
        weights -= rate * (z.T @ (p - labels) / n + l2 * weights / n)
        bias -= rate * float((p - labels).mean())
    return Selector(mean, scale, weights, bias, 0.5)


@lru_cache(maxsize=1)
def load(path: Path = WEIGHTS) -> Selector:
    """The trained selector shipped with the package."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{path} was trained on other features: retrain it with tools/train_quote_selector.py")
    return Selector(np.asarray(data["mean"]), np.asarray(data["scale"]), np.asarray(data["weights"]),
                    float(data["bias"]), float(data["threshold"]))
