"""Refusals as a function of the extractive model's knobs: the relevance threshold (``RAG_BOT_MIN_RELEVANCE``)
and the key-term coverage a quote must reach (``RAG_BOT_MIN_TERM_COVERAGE``, :func:`coverage_curve`).

The threshold trades the two errors of a grounded bot: too high, answerable questions get "the documents do not
say" (false refusals); too low, unanswerable ones get quotes that do not answer them. :func:`refusal_curve` asks
every labelled question through the real agent at each threshold and returns both rates, so the notebook can show
where the configured value sits. One service (and one sentence-vector cache) serves every threshold: only the
answer model's ``min_relevance`` changes between passes, which is all the threshold touches.

These two knobs belong to the hand-written cascade, and they are swept with the learned quote selector off (they
decide alone then; with the selector on, the cascade's choice is one of its inputs). The refusal knob of the default
answerer is the selector's probability threshold: :func:`choice_curve`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.config import Settings
from rag_bot.evaluation.answers import ask_question, is_refusal

DEFAULT_THRESHOLDS = (0.70, 0.74, 0.78, 0.80, 0.82, 0.86, 0.90)  # around the default 0.80, where it matters


def _share(flags: Sequence[bool]) -> float | None:
    return sum(flags) / len(flags) if flags else None


DEFAULT_COVERAGES = (0.0, 0.5, 0.6, 0.75, 0.9, 1.0)
DEFAULT_CHOICE_THRESHOLDS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)  # and the trained one


def refusal_curve(settings: Settings, questions: Sequence[dict[str, Any]],
                  thresholds: Iterable[float] = DEFAULT_THRESHOLDS, *, retriever: Any = None,
                  embedder: Any = None, min_coverage: float | None = None) -> list[dict[str, Any]]:
    """``[{threshold, min_coverage, refusal_rate, false_refusal_rate, refused_unanswerable, unanswerable,
    false_refusals, answerable}]`` for each threshold, the extractive model answering (``settings`` must point at
    the index of the questions' corpus; ``retriever`` overrides the real one; ``min_coverage``: the key-term
    coverage held fixed, the configured one by default)."""
    coverage = settings.min_term_coverage if min_coverage is None else min_coverage
    return _sweep(settings, questions, [(float(t), coverage, None) for t in thresholds], retriever, embedder)


def coverage_curve(settings: Settings, questions: Sequence[dict[str, Any]],
                   coverages: Iterable[float] = DEFAULT_COVERAGES, *, retriever: Any = None,
                   embedder: Any = None, threshold: float | None = None) -> list[dict[str, Any]]:
    """The same points over the key-term coverage a quote must reach, at the relevance ``threshold`` (the
    configured one by default)."""
    at = settings.min_relevance if threshold is None else threshold
    return _sweep(settings, questions, [(at, float(c), None) for c in coverages], retriever, embedder)


def choice_curve(settings: Settings, questions: Sequence[dict[str, Any]],
                 thresholds: Iterable[float] | None = None, *, retriever: Any = None,
                 embedder: Any = None) -> list[dict[str, Any]]:
    """The same points over the probability the learned quote selector's choice must reach
    (:mod:`rag_bot.agent.quote_selector`; by default ``DEFAULT_CHOICE_THRESHOLDS`` and the trained threshold the
    answerer uses), the cascade's knobs as configured; each point also names it as ``choice_threshold``."""
    if thresholds is None:
        from rag_bot.agent import quote_selector

        thresholds = sorted({*DEFAULT_CHOICE_THRESHOLDS, quote_selector.load().threshold})
    return _sweep(settings, questions, [(settings.min_relevance, settings.min_term_coverage, float(t))
                                        for t in thresholds], retriever, embedder)


def _sweep(settings: Settings, questions: Sequence[dict[str, Any]],
           knobs: Sequence[tuple[float, float, float | None]], retriever: Any, embedder: Any) -> list[dict[str, Any]]:
    """Each knob (relevance threshold, key-term coverage, selector threshold or None: the cascade's knobs swept
    with the learned choice off, they decide alone) set on the answer model, every question asked again."""
    from rag_bot.agent.role_models import extractive_models
    from rag_bot.agent.service import AgentService

    models = extractive_models(settings, embedder=embedder)
    service = AgentService(settings, checkpointer=InMemorySaver(), models=models, retriever=retriever)
    answerable = [row for row in questions if row.get("relevant")]
    unanswerable = [row for row in questions if not row.get("relevant") and not row.get("missing_date")]
    curve = []
    for threshold, coverage, choice in knobs:
        models.answer.min_relevance = threshold
        models.answer.min_coverage = coverage
        models.answer.learned_choice = choice is not None
        models.answer.choice_threshold = choice
        refused_unanswerable = [is_refusal(ask_question(service, row)[0]) for row in unanswerable]
        false_refusals = [is_refusal(ask_question(service, row)[0]) for row in answerable]
        curve.append({
            "threshold": threshold, "min_coverage": coverage, "choice_threshold": choice,
            "refusal_rate": _share(refused_unanswerable), "false_refusal_rate": _share(false_refusals),
            "refused_unanswerable": sum(refused_unanswerable), "unanswerable": len(unanswerable),
            "false_refusals": sum(false_refusals), "answerable": len(answerable),
        })
    return curve
