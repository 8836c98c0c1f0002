"""Fusion arithmetic and the evaluation metrics, on hand-computed examples."""

import math

import pytest

from rag_bot.retrieval.evaluate import mrr_at, ndcg_at, recall_at
from rag_bot.retrieval.fusion import fuse, score_fusion, weighted_rrf

DENSE = [("a", 0.9), ("b", 0.8), ("c", 0.7)]
KEYWORD = [("c", 12.0), ("d", 6.0), ("a", 3.0)]


@pytest.mark.parametrize("method", ["wrrf", "score"])
def test_extreme_weights_reduce_to_one_side(method):
    assert [i for i, _ in fuse(method, DENSE, KEYWORD, 1.0)][:3] == ["a", "b", "c"]
    assert [i for i, _ in fuse(method, DENSE, KEYWORD, 0.0)][:3] == ["c", "d", "a"]


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
