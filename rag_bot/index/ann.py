"""The arithmetic of the dense copy's approximate search: inverted lists (IVF) over k-means centroids, with each
vector's residual from its centroid kept as int8 codes.

A part of the copy large enough (:data:`MIN_ROWS`) is written with its rows grouped by list: ``centroids`` (unit
vectors, float32), ``list_offsets`` (list ``i`` holds rows ``list_offsets[i]:list_offsets[i + 1]``), ``codes``
(int8, one row per vector: ``round((vector - centroid) / scale)``) and ``scale`` (float32 per dimension: the largest
residual of that dimension over 127, so nothing is clipped). A question scores the centroids, then the codes of the
nearest lists (``centroid . q + codes . (scale * q)``, the cosine up to the codes' rounding), and the best few hundred
are scored again exactly with their float32 vectors (:mod:`rag_bot.index.dense`). Everything here is numpy and
deterministic for a given input (k-means starts from a seeded sample).
"""

from __future__ import annotations

import numpy as np

MIN_ROWS = 4096  # a part with fewer rows is scanned exactly (the tiers below hold at most ~33k such rows in all)
LISTS_PER_ROOT = 4  # lists = LISTS_PER_ROOT x sqrt(rows): about 250 rows a list at 1M chunks
TRAIN_PER_LIST = 40  # k-means is trained on a sample of this many vectors per list (at most every row)
ITERATIONS = 8
BATCH = 8192  # rows assigned to centroids at a time (bounded memory: BATCH x lists floats)


def list_count(rows: int) -> int:
    """How many lists a part of ``rows`` vectors gets (0: none, scanned exactly)."""
    if rows < MIN_ROWS:
        return 0
    return max(16, int(round(LISTS_PER_ROOT * np.sqrt(rows))))


def nearest(vectors: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """The index of each vector's nearest centroid (largest inner product), BATCH rows at a time."""
    out = np.empty(len(vectors), dtype=np.int32)
    for start in range(0, len(vectors), BATCH):
        block = np.asarray(vectors[start:start + BATCH], dtype=np.float32)
        out[start:start + len(block)] = np.argmax(block @ centroids.T, axis=1)
    return out


def train(vectors: np.ndarray, lists: int, seed: int = 0) -> np.ndarray:
    """``lists`` centroids (unit length, float32) of spherical k-means over a sample of ``vectors`` (unit rows)."""
    rng = np.random.default_rng(seed)
    n = len(vectors)
    take = min(n, lists * TRAIN_PER_LIST)
    sample = np.asarray(vectors[np.sort(rng.choice(n, take, replace=False))] if take < n else vectors,
                        dtype=np.float32)
    centroids = sample[rng.choice(len(sample), lists, replace=False)].copy()
    for _ in range(ITERATIONS):
        owner = nearest(sample, centroids)
        sums = np.zeros_like(centroids)
        np.add.at(sums, owner, sample)
        counts = np.bincount(owner, minlength=lists)
        empty = np.flatnonzero(counts == 0)
        if len(empty):  # an empty list restarts at a vector of the largest list
            big = np.flatnonzero(owner == int(np.argmax(counts)))
            sums[empty] = sample[rng.choice(big, len(empty), replace=len(empty) > len(big))]
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        centroids = (sums / np.where(norms > 0, norms, 1.0)).astype(np.float32)
    return centroids


def encode(vectors: np.ndarray, centroids: np.ndarray, owner: np.ndarray,
           order: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(codes, scale): each vector's residual from its list's centroid as int8, and the per-dimension scale; with
    ``order`` the codes of the rows in that order (written so, not permuted after: no second copy)."""
    rows = np.arange(len(vectors)) if order is None else order

    def residuals(start: int) -> np.ndarray:
        pick = rows[start:start + BATCH]
        block = vectors[start:start + BATCH] if order is None else vectors[pick]
        return np.asarray(block, dtype=np.float32) - centroids[owner[pick]]

    top = np.zeros(vectors.shape[1], dtype=np.float32)
    for start in range(0, len(vectors), BATCH):
        top = np.maximum(top, np.abs(residuals(start)).max(axis=0))
    scale = np.where(top > 0, top / 127.0, 1.0).astype(np.float32)
    codes = np.empty(vectors.shape, dtype=np.int8)
    for start in range(0, len(vectors), BATCH):
        codes[start:start + BATCH] = np.clip(np.rint(residuals(start) / scale), -127, 127).astype(np.int8)
    return codes, scale


def build(vectors: np.ndarray, seed: int = 0) -> dict[str, np.ndarray] | None:
    """The lists of ``vectors`` (unit rows): ``permutation`` (the rows in list order), ``centroids``,
    ``list_offsets``, ``codes`` (in list order) and ``scale``; None when there are too few rows for lists."""
    lists = list_count(len(vectors))
    if not lists:
        return None
    centroids = train(vectors, lists, seed)
    owner = nearest(vectors, centroids)
    permutation = np.argsort(owner, kind="stable")
    offsets = np.zeros(lists + 1, dtype=np.int64)
    offsets[1:] = np.cumsum(np.bincount(owner, minlength=lists))
    codes, scale = encode(vectors, centroids, owner, permutation)  # in list order: no second copy of anything
    return {"permutation": permutation, "centroids": centroids, "list_offsets": offsets,
            "codes": codes, "scale": scale}


def score_codes(codes: np.ndarray, base: np.ndarray, scaled_query: np.ndarray) -> np.ndarray:
    """Approximate cosines of coded rows: ``base`` (each row's centroid . q) + codes . (scale * q)."""
    out = np.empty(len(codes), dtype=np.float32)
    for start in range(0, len(codes), 2048):  # converted a block at a time, while it is in the cache
        block = codes[start:start + 2048]
        out[start:start + len(block)] = np.einsum("ij,j->i", block.astype(np.float32), scaled_query)
    return out + base
