"""Answer quality per kind on the fresh evaluation set (notebooks/eval/fresh: twelve dated talks written for this
test, English and Hindi), held-out questions only, through the real graph, index and embedded model, offline.

The dev questions are the ones the rules were shaped on; these held-out ones were not looked at while tuning.
The acceptance targets of issue 21 are asserted where the offline default meets them; for the two it does not
meet yet on this part (false refusals at 5 %, cross-language answers at 80 %: answers the embedder does not
retrieve) the test guards the level reached (docs/evaluation.md has the figures).
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.service import AgentService
from rag_bot.evaluation.answers import kind_metrics, load_questions, score_reply
from tests.conftest import REPO

FRESH = REPO / "notebooks" / "eval" / "fresh"


@pytest.fixture(scope="module")
def results(fresh_index, tmp_path_factory):
    from rag_bot.config import Settings

    root = tmp_path_factory.mktemp("fresh")
    settings = Settings(_env_file=None, index_dir=fresh_index, sqlite_path=root / "memory.sqlite",
                        upload_dir=root / "uploads", llm_provider="extractive", checkpointer="memory")
    service = AgentService(settings, checkpointer=InMemorySaver())
    rows = [r for r in load_questions(FRESH / "questions.jsonl") if r["split"] == "test"]
    out = []
    for row in rows:
        reply = service.ask(row["question"], f"fresh-{row['id']}")
        out.append(score_reply(row, reply, _NoJudge()))
    return out


class _NoJudge:
    """Groundedness is not what this test measures."""

    name = "none"

    def supported(self, sentences, _documents) -> list[bool]:
        return [True] * len(sentences)


def test_held_out_questions_cover_every_kind_in_both_languages(results):
    kinds = {(r.kind, r.language) for r in results}
    for kind in ("date_summary", "fact", "unanswerable", "cross_language", "missing_date"):
        assert {(kind, "en"), (kind, "hi")} <= kinds, kind


def test_date_summaries_are_answered_and_cover_two_themes_of_the_talk(results):
    m = kind_metrics(results)
    assert m["date_summary_answered"] >= 0.95 and m["date_summary_themes"] >= 0.95


def test_a_missing_date_is_refused_naming_that_date(results):
    assert kind_metrics(results)["missing_date_named"] == 1.0


def test_facts_are_right_and_citations_point_at_the_answering_talk(results):
    m = kind_metrics(results)
    assert m["facts_right"] >= 0.85
    assert m["wrong_document_citations"] <= 0.05


def test_unanswerable_near_topic_questions_are_refused(results):
    m = kind_metrics(results)
    assert m["unanswerable_refused"] >= 0.90
    assert m["false_refusals"] <= 0.10  # target 0.05: not met yet offline (see the module docstring)


def test_cross_language_answers(results):
    assert kind_metrics(results)["cross_language_right"] >= 0.70  # target 0.80: not met yet offline
