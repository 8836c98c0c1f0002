"""Fusion arithmetic and the evaluation metrics, on hand-computed examples."""

import math

import pytest

from rag_bot.evaluation.retrieval import mrr_at, ndcg_at, precision_at_1, recall_at
from rag_bot.retrieval.fusion import evidence_fusion, fuse, keyword_ceiling, reserve, score_fusion, weighted_rrf

DENSE = [("a", 0.9), ("b", 0.8), ("c", 0.7)]
KEYWORD = [("c", 12.0), ("d", 6.0), ("a", 3.0)]


@pytest.mark.parametrize("method", ["wrrf", "score", "evidence"])
def test_extreme_weights_reduce_to_one_side(method):
    assert [i for i, _ in fuse(method, DENSE, KEYWORD, 1.0, ceiling=20.0)][:3] == ["a", "b", "c"]
    assert [i for i, _ in fuse(method, DENSE, KEYWORD, 0.0, ceiling=20.0)][:3] == ["c", "d", "a"]


def test_keyword_ceiling_is_lucene_idf_of_a_unique_word_per_query_word():
    assert keyword_ceiling(4, 1000) == pytest.approx(4 * math.log(1 + 999.5 / 1.5))
    assert keyword_ceiling(0, 1000) == keyword_ceiling(1, 1000)  # a query of stopwords still divides by one word


# Dense is sure of nothing (close cosines); keyword matches are weak (a stray digit: 0.5 of a ceiling of 10) or
# strong (8 of 10).
CLOSE_DENSE = [("a", 0.83), ("b", 0.829), ("c", 0.828), ("d", 0.70)]


def test_evidence_below_the_gate_is_exactly_the_dense_ranking():
    weak = [("z", 0.5), ("c", 0.45), ("q", 0.1)]
    fused = evidence_fusion(CLOSE_DENSE, weak, 0.5, ceiling=10.0, gate=0.15)
    assert [i for i, _ in fused] == ["a", "b", "c", "d", "z", "q"]  # dense order; keyword-only hits after it
    # the min-max fusion lets the same weak hit overturn the dense ranking: this is what the gate prevents
    assert [i for i, _ in score_fusion(CLOSE_DENSE, weak, 0.5)][0] != "a"


def test_evidence_strong_keyword_match_decides_between_close_dense_candidates():
    strong = [("b", 8.0), ("z", 0.5)]
    fused = [i for i, _ in evidence_fusion(CLOSE_DENSE, strong, 0.5, ceiling=10.0, gate=0.15)]
    assert fused[0] == "b"
    assert fused.index("z") > fused.index("c")  # a weak keyword-only hit stays below the close dense candidates


def test_evidence_agreement_ranks_the_agreed_document_first():
    dense = [("x", 0.86), ("y", 0.84), ("w", 0.80)]
    keyword = [("x", 6.0), ("w", 5.5), ("y", 1.0)]
    assert evidence_fusion(dense, keyword, 0.5, ceiling=10.0, gate=0.15)[0][0] == "x"
    assert evidence_fusion(dense, keyword, 0.9, ceiling=10.0, gate=0.0)[0][0] == "x"
    assert evidence_fusion(dense, keyword, 0.1, ceiling=10.0, gate=0.0)[0][0] == "x"


def test_weighted_rrf_values():
    fused = dict(weighted_rrf(DENSE, KEYWORD, 0.6, k=60))
    assert fused["a"] == pytest.approx(0.6 / 61 + 0.4 / 63)
    assert fused["d"] == pytest.approx(0.4 / 62)
    assert fused["b"] == pytest.approx(0.6 / 62)


def test_score_fusion_values_and_order():
    fused = score_fusion(DENSE, KEYWORD, 0.5)
    values = dict(fused)
    assert values["a"] == pytest.approx(0.5 * 1.0 + 0.5 * 0.0)
    assert values["c"] == pytest.approx(0.5 * 0.0 + 0.5 * 1.0)
    assert values["d"] == pytest.approx(0.5 * (6 - 3) / 9)
    assert [i for i, _ in fused] == ["a", "c", "b", "d"]  # tie a/c broken by dense rank


def test_unknown_method_is_rejected():
    with pytest.raises(ValueError):
        fuse("borda", DENSE, KEYWORD, 0.5)


def test_metrics_on_a_hand_computed_run():
    run = {"q1": [("x", 3.0), ("rel", 2.0), ("y", 1.0)], "q2": [("z", 1.0)]}
    qrels = {"q1": {"rel": 1}, "q2": {"r2": 1, "r3": 1}}
    assert ndcg_at(run, qrels, 10) == pytest.approx((1 / math.log2(3)) / 2)
    assert mrr_at(run, qrels, 10) == pytest.approx(0.25)
    assert recall_at(run, qrels, 100) == pytest.approx(0.5)
    assert precision_at_1(run, qrels) == 0.0
    assert precision_at_1({"q1": [("rel", 1.0)], "q2": [("r3", 1.0), ("z", 0.5)]}, qrels) == 1.0


def test_reserve_moves_a_reserved_id_into_the_last_place_of_the_first_k():
    ranked = [("a", 0.9), ("b", 0.8), ("c", 0.7), ("d", 0.6), ("x", 0.2)]
    # x is reserved: it takes the last place of the first 3, the entry it displaces (c) follows it
    # (with the score of the place it takes; the displaced ones are capped at it, so scores stay best first)
    assert reserve(ranked, ["x"], 3) == [("a", 0.9), ("b", 0.8), ("x", 0.7), ("c", 0.7), ("d", 0.6)]


def test_reserve_keeps_reserved_ids_already_inside_and_ignores_unknown_ones():
    ranked = [("a", 0.9), ("b", 0.8), ("c", 0.7), ("x", 0.5), ("y", 0.4)]
    assert reserve(ranked, ["b", "zz"], 2) == ranked  # b is inside, zz is not ranked at all
    # a reserved id inside keeps its place; a second one displaces the last free entry (x)
    assert [cid for cid, _ in reserve(ranked, ["a", "y"], 4)] == ["a", "b", "c", "y", "x"]
    moved = reserve(ranked, ["x", "y"], 4)
    assert [cid for cid, _ in moved] == ["a", "b", "x", "y", "c"]
    assert [score for _, score in moved] == sorted((score for _, score in moved), reverse=True)


def test_reserve_takes_at_most_half_of_the_places_and_never_the_only_one():
    ranked = [("a", 0.9), ("b", 0.8), ("c", 0.7), ("x", 0.5), ("y", 0.4)]
    assert reserve(ranked, ["y"], 1) == ranked  # a search for one hit keeps its best hit
    assert [cid for cid, _ in reserve(ranked, ["x", "y"], 3)] == ["a", "b", "x", "c", "y"]  # one of three places
