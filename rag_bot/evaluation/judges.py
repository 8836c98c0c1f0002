"""Groundedness of whole answers for the evaluation, on the judges the answer node uses at run time.

The judges themselves (:class:`EmbeddingJudge`, :class:`LLMJudge`) live in :mod:`rag_bot.agent.support_judges`;
:func:`make_judge` picks one from the settings; :func:`groundedness` scores one answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from rag_bot.agent import prompts
from rag_bot.agent.citations import MARKER
from rag_bot.agent.rules import split_sentences
from rag_bot.agent.support_judges import (  # noqa: F401  (re-exported for the notebook and the tests)
    DEFAULT_THRESHOLD,
    EmbeddingJudge,
    LLMJudge,
    normalise,
    passage_sentences,
)
from rag_bot.config import Settings

Judge = Literal["auto", "embedding", "llm"]

_MARKERS = re.compile(rf"\s?{MARKER.pattern}")
_QUOTES = "\"'“”‘’«»"
_INTROS = {text.strip().casefold() for text in prompts.ANSWER_INTRO.values()}
_WORD = re.compile(r"\w", re.UNICODE)


def answer_sentences(answer: str) -> list[str]:
    """The statements of an answer: citation markers, bullets, quotes and the intro line removed."""
    out = []
    for raw in split_sentences(_MARKERS.sub("", answer or "")):
        sentence = raw.strip().lstrip("-*• ").strip().strip(_QUOTES).strip()
        if not sentence or sentence.casefold() in _INTROS or not _WORD.search(sentence):
            continue
        if sentence.endswith(":") and len(sentence.split()) <= 6:  # an intro such as "According to ...:"
            continue
        out.append(sentence)
    return out


def groundedness(answer: str, documents: Sequence[dict], judge: Any) -> tuple[int, int]:
    """(supported sentences, sentences) of an answer against the retrieved passages."""
    sentences = answer_sentences(answer)
    if not sentences:
        return 0, 0
    return sum(judge.supported(sentences, documents)), len(sentences)


def make_judge(settings: Settings, judge: Judge = "auto", threshold: float = DEFAULT_THRESHOLD,
               embedder: Any = None) -> EmbeddingJudge | LLMJudge:
    """The embedding judge (offline default); the Gemini answer model as judge for ``llm`` (or ``auto`` with
    Gemini configured), with the embedding judge as fallback for unparsable verdicts."""
    if embedder is None:
        from rag_bot.models.embeddings import get_embedder

        embedder = get_embedder(settings)
    base = EmbeddingJudge(embedder, threshold, settings.support_coverage, settings.support_cross_threshold)
    if judge == "llm" or (judge == "auto" and settings.use_gemini):
        from rag_bot.models.chat import make_gemini_chat

        return LLMJudge(make_gemini_chat(settings, "answer"), fallback=base)
    return base
