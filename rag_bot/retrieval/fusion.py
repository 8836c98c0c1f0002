"""Rank fusion of the dense and keyword result lists, with a tunable weight.

``wrrf``: weighted reciprocal-rank fusion, ``w / (k + rank_dense) + (1 - w) / (k + rank_keyword)``.
``score``: min-max normalised scores, ``w * dense + (1 - w) * keyword`` (a missing side counts 0).
With ``w = 1`` both reduce to the dense ranking and with ``w = 0`` to the keyword ranking, so tuning can only
match or beat the better single retriever on the tuning set.
"""

from __future__ import annotations

from collections.abc import Sequence


def weighted_rrf(dense: Sequence[tuple[str, float]], keyword: Sequence[tuple[str, float]], weight: float,
                 k: int = 60) -> list[tuple[str, float]]:
    """Fuse two ranked lists of (id, score); returns (id, fused score) best first."""
    fused: dict[str, float] = {}
    for rank, (cid, _) in enumerate(dense, start=1):
        fused[cid] = fused.get(cid, 0.0) + weight / (k + rank)
    for rank, (cid, _) in enumerate(keyword, start=1):
        fused[cid] = fused.get(cid, 0.0) + (1.0 - weight) / (k + rank)
    return _ranked(fused, dense, keyword)


def _minmax(items: Sequence[tuple[str, float]]) -> dict[str, float]:
    if not items:
        return {}
    values = [s for _, s in items]
    lo, hi = min(values), max(values)
    span = hi - lo
    return {cid: (s - lo) / span if span > 0 else 1.0 for cid, s in items}


def score_fusion(dense: Sequence[tuple[str, float]], keyword: Sequence[tuple[str, float]],
                 weight: float) -> list[tuple[str, float]]:
    """Convex combination of min-max normalised scores."""
    d, kw = _minmax(dense), _minmax(keyword)
    fused = {cid: weight * d.get(cid, 0.0) + (1.0 - weight) * kw.get(cid, 0.0) for cid in d.keys() | kw.keys()}
    return _ranked(fused, dense, keyword)


def _ranked(fused: dict[str, float], dense: Sequence[tuple[str, float]],
            keyword: Sequence[tuple[str, float]]) -> list[tuple[str, float]]:
    # ties are broken by the dense rank, then the keyword rank, so results are deterministic
    order = {cid: i for i, (cid, _) in enumerate(dense)}
    korder = {cid: i for i, (cid, _) in enumerate(keyword)}
    big = len(dense) + len(keyword) + 1
    return sorted(fused.items(), key=lambda kv: (-kv[1], order.get(kv[0], big), korder.get(kv[0], big)))


def fuse(method: str, dense: Sequence[tuple[str, float]], keyword: Sequence[tuple[str, float]], weight: float,
         rrf_k: int = 60) -> list[tuple[str, float]]:
    """Dispatch on the configured method (``wrrf`` or ``score``)."""
    if method == "score":
        return score_fusion(dense, keyword, weight)
    if method == "wrrf":
        return weighted_rrf(dense, keyword, weight, rrf_k)
    raise ValueError(f"Unknown fusion method {method!r}")
