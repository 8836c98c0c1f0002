"""Rank fusion of the dense and keyword result lists.

``evidence`` (default): the keyword side counts by its absolute strength, not by its rank in the query's own list.
A chunk's keyword evidence is its BM25 score over the query's *ceiling* (what a chunk holding every query word once,
each as rare as a word can be in this index, would score), so it lies in [0, 1] and means the same for every query:
a stray digit or a placeholder matched out of eight words is worth at most 1/8, a Hindi query whose only match is
one Latin word likewise. When no chunk reaches ``keyword_gate`` the keyword side has no evidence and the ranking is
exactly the dense one; otherwise ``w * dense + (1 - w) * keyword`` with dense min-max normalised.
``score``: min-max normalised scores, ``w * dense + (1 - w) * keyword`` (the top keyword hit always gets the full
weight, however weak). ``wrrf``: weighted reciprocal-rank fusion, ``w / (k + rank_dense) + (1 - w) / (k + rank_kw)``.
With ``w = 1`` all reduce to the dense ranking and with ``w = 0`` (and no gate) to the keyword ranking.

Mixed-language archives (``evidence`` with ``cross``, the ids of chunks in another language than the query): such a
chunk cannot hold the query's words, so the keyword side would only ever bury it under same-language keyword hits,
however strong its dense match. It is fused as if its keyword evidence were its dense strength times the best
keyword evidence of the query: ``d * (w + (1 - w) * kw_max)``; the other language's best dense match then ranks
with the same-language chunk that is best on both sides.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

Ranked = Sequence[tuple[str, float]]


def weighted_rrf(dense: Ranked, keyword: Ranked, weight: float, k: int = 60) -> list[tuple[str, float]]:
    """Fuse two ranked lists of (id, score); returns (id, fused score) best first."""
    fused: dict[str, float] = {}
    for rank, (cid, _) in enumerate(dense, start=1):
        fused[cid] = fused.get(cid, 0.0) + weight / (k + rank)
    for rank, (cid, _) in enumerate(keyword, start=1):
        fused[cid] = fused.get(cid, 0.0) + (1.0 - weight) / (k + rank)
    return _ranked(fused, dense, keyword)


def _minmax(items: Ranked, depth: int | None = None) -> dict[str, float]:
    """Scores mapped to [0, 1] between the top one and the lowest of the first ``depth`` (all by default; lower
    ones clip to 0), so that a longer candidate list does not change the scale of the top ones."""
    if not items:
        return {}
    values = [s for _, s in items[:depth]] if depth else [s for _, s in items]
    lo, hi = min(values), max(values)
    span = hi - lo
    return {cid: max(0.0, (s - lo) / span) if span > 0 else 1.0 for cid, s in items}


def score_fusion(dense: Ranked, keyword: Ranked, weight: float) -> list[tuple[str, float]]:
    """Convex combination of min-max normalised scores."""
    d, kw = _minmax(dense), _minmax(keyword)
    fused = {cid: weight * d.get(cid, 0.0) + (1.0 - weight) * kw.get(cid, 0.0) for cid in d.keys() | kw.keys()}
    return _ranked(fused, dense, keyword)


def keyword_ceiling(query_terms: int, indexed_chunks: int) -> float:
    """BM25 (Lucene idf, the keyword engines' scoring) of a chunk of average length holding each of the query's
    ``query_terms`` distinct words once, each word found in this chunk alone: ``terms * ln(1 + (N - 0.5) / 1.5)``."""
    return max(1, query_terms) * math.log(1.0 + (max(indexed_chunks, 1) - 0.5) / 1.5)


def keyword_evidence(keyword: Ranked, ceiling: float) -> dict[str, float]:
    """Each keyword candidate's share of the query's ceiling, capped at 1."""
    return {cid: min(1.0, s / ceiling) for cid, s in keyword} if ceiling > 0 else {}


def evidence_fusion(dense: Ranked, keyword: Ranked, weight: float, ceiling: float, gate: float,
                    depth: int | None = None, cross: Collection[str] = ()) -> list[tuple[str, float]]:
    """Dense min-max scores (over the first ``depth``) plus absolute keyword evidence; the dense ranking as is when
    no keyword candidate reaches ``gate`` (then keyword-only candidates follow the dense ones, best first).
    ``cross``: chunks in another language than the query (fused by their dense strength alone, see above)."""
    kw = keyword_evidence(keyword, ceiling)
    d = _minmax(dense, depth)
    if not kw or max(kw.values()) < gate:
        dense_ids = {cid for cid, _ in dense}
        tail = [(cid, 0.0) for cid, _ in keyword if cid not in dense_ids]
        return [(cid, weight * s) for cid, s in d.items()] + tail
    fused = {cid: weight * d.get(cid, 0.0) + (1.0 - weight) * kw.get(cid, 0.0) for cid in d.keys() | kw.keys()}
    if cross:
        top = max(kw.values())
        for cid in cross:
            if cid in d:
                fused[cid] = max(fused.get(cid, 0.0), d[cid] * (weight + (1.0 - weight) * top))
    return _ranked(fused, dense, keyword)


def reserve(ranked: Ranked, reserved: Sequence[str], k: int) -> list[tuple[str, float]]:
    """``ranked`` with the ids of ``reserved`` (best first) inside its first ``k``: each one not there yet takes
    the last free place of the first ``k`` with that place's score (a reserved id ranked there already keeps its
    place), the entries it displaces follow right after, their scores capped so the list stays best first. Ids not in
    ``ranked`` are ignored; at most half of the ``k`` places are reserved (so the best entry always keeps the first,
    and a search for one hit is never displaced)."""
    present = {cid for cid, _ in ranked}
    wanted = [cid for cid in dict.fromkeys(reserved) if cid in present][:k // 2]
    if not wanted:
        return list(ranked)
    head = list(ranked[:k])
    inside = {cid for cid, _ in head}
    missing = [cid for cid in wanted if cid not in inside]
    if not missing:
        return list(ranked)
    keep = set(wanted)
    free = [item for item in head if item[0] not in keep]  # entries that may give up their place
    room = len(head) - len(missing)  # places of the first k left to the others (reserved ones stay in order)
    stay = {cid for cid, _ in free[:max(0, room - (len(head) - len(free)))]} | (inside & keep)
    slots = [score for _, score in head[len(head) - len(missing):]]  # the places they take, and their scores
    top = [item for item in head if item[0] in stay] + list(zip(missing, slots, strict=True))
    moved = {cid for cid, _ in top}
    out = top + [item for item in ranked if item[0] not in moved]
    capped: list[tuple[str, float]] = []  # scores stay non-increasing: the ones it displaced are capped at its place's
    for cid, score in out:
        capped.append((cid, min(score, capped[-1][1]) if capped else score))
    return capped


def _ranked(fused: dict[str, float], dense: Ranked, keyword: Ranked) -> list[tuple[str, float]]:
    # ties are broken by the dense rank, then the keyword rank, so results are deterministic
    order = {cid: i for i, (cid, _) in enumerate(dense)}
    korder = {cid: i for i, (cid, _) in enumerate(keyword)}
    big = len(dense) + len(keyword) + 1
    return sorted(fused.items(), key=lambda kv: (-kv[1], order.get(kv[0], big), korder.get(kv[0], big)))


def fuse(method: str, dense: Ranked, keyword: Ranked, weight: float, rrf_k: int = 60, ceiling: float = 0.0,
         gate: float = 0.0, depth: int | None = None, cross: Collection[str] = ()) -> list[tuple[str, float]]:
    """Dispatch on the configured method (``evidence``, ``score`` or ``wrrf``; ``cross`` only affects evidence)."""
    if method == "evidence":
        return evidence_fusion(dense, keyword, weight, ceiling, gate, depth, cross)
    if method == "score":
        return score_fusion(dense, keyword, weight)
    if method == "wrrf":
        return weighted_rrf(dense, keyword, weight, rrf_k)
    raise ValueError(f"Unknown fusion method {method!r}")
