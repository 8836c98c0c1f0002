"""The dense copy (rag_bot/index/dense.py) on its own: exact filtered search equals brute force over the live
entries after adds, replacements, removals and merges; date bounds are inclusive; damage is reported; the cost of a
selective search follows the chunks that pass, not the size of the copy."""

from __future__ import annotations

import time

import numpy as np
import pytest

from rag_bot.index.dense import DenseCopy, DenseCopyDamaged, DenseEntry
from rag_bot.index.types import SearchFilters
from rag_bot.index.vectors import matches

DIM = 16
DAYS = [19690123, 19690419, 19700110, 19700111, 19711231, 0]  # 0: undated
FILTERS = [
    SearchFilters(date="1970-01-10"),
    SearchFilters(date_from="1970-01-10"),  # from a chunk's own date: included
    SearchFilters(date_to="1970-01-10"),  # up to a chunk's own date: included, undated excluded
    SearchFilters(date_from="1969-04-19", date_to="1970-01-11"),
    SearchFilters(language="hi"),
    SearchFilters(language="en", date_from="1969-01-23", date_to="1969-12-31"),
    SearchFilters(date="1999-01-01"),
]


def entries(n: int, seed: int, prefix: str = "c") -> list[DenseEntry]:
    rng = np.random.default_rng(seed)
    return [DenseEntry(f"{prefix}{i:05d}", rng.standard_normal(DIM).astype(np.float32), DAYS[i % len(DAYS)],
                       "hi" if i % 3 == 0 else "en") for i in range(n)]


def brute_force(live: dict[str, DenseEntry], query: np.ndarray, k: int, f: SearchFilters) -> list[str]:
    scored = []
    for e in live.values():
        if matches({"date_int": e.date_int, "language": e.language}, f):
            scored.append((-float(e.vector @ query / np.linalg.norm(e.vector) / np.linalg.norm(query)), e.id))
    return [cid for _, cid in sorted(scored)[:k]]


def check(copy: DenseCopy, live: dict[str, DenseEntry], seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    assert copy.ids() == set(live) and copy.count() == len(live)
    for f in FILTERS:
        query = rng.standard_normal(DIM).astype(np.float32)
        got = copy.search(query, 7, f, limit=10_000)
        assert got is not None
        assert [cid for cid, _ in got] == brute_force(live, query, 7, f), f


def test_exact_search_equals_brute_force_through_adds_replacements_removals_and_merges(tmp_path):
    copy = DenseCopy(tmp_path / "dense")
    assert copy.search(np.ones(DIM), 5, FILTERS[0], 100) is None  # no copy yet: the caller searches another way
    live: dict[str, DenseEntry] = {}
    for step in range(10):  # ten changes: the tiers merge (eight parts of one size become one)
        add = entries(40, seed=step, prefix=f"s{step}-")
        replaced = [DenseEntry(cid, -live[cid].vector, live[cid].date_int, "en") for cid in sorted(live)[:5]]
        removed = set(sorted(live)[5:9])
        copy.apply(add=add + replaced, remove=removed)
        for cid in removed:
            live.pop(cid)
        live.update((e.id, e) for e in add + replaced)
        check(copy, live, seed=step)
    assert len(copy.generation().parts) < 10  # merged
    reader = DenseCopy(tmp_path / "dense")  # another process's view: the same answers
    check(reader, live)


def test_date_bounds_are_inclusive_and_undated_chunks_only_match_no_date_filter(tmp_path):
    copy = DenseCopy(tmp_path / "dense")
    live = {e.id: e for e in entries(12, seed=1)}
    copy.apply(add=list(live.values()), remove=set())
    found = {cid for cid, _ in copy.search(np.ones(DIM), 50, SearchFilters(date_from="1970-01-10",
                                                                          date_to="1970-01-11"), 100)}
    assert {live[c].date_int for c in found} == {19700110, 19700111}
    ended = {cid for cid, _ in copy.search(np.ones(DIM), 50, SearchFilters(date_to="1969-01-23"), 100)}
    assert {live[c].date_int for c in ended} == {19690123}  # undated chunks (0) are not "before" any date
    assert len(copy.search(np.ones(DIM), 50, SearchFilters(language="hi"), 100)) == 4


def test_more_passing_chunks_than_the_limit_is_left_to_the_caller(tmp_path):
    copy = DenseCopy(tmp_path / "dense")
    copy.apply(add=entries(60, seed=2), remove=set())
    assert copy.search(np.ones(DIM), 5, SearchFilters(language="en"), limit=39) is None  # 40 pass
    assert len(copy.search(np.ones(DIM), 5, SearchFilters(language="en"), limit=40)) == 5
    assert copy.search(np.ones(DIM + 1), 5, SearchFilters(language="en"), limit=40) is None  # another model


def test_a_damaged_part_is_reported_not_served(tmp_path):
    copy = DenseCopy(tmp_path / "dense")
    copy.apply(add=entries(30, seed=3), remove=set())
    part = next(p for p in (tmp_path / "dense").iterdir() if p.is_dir())
    vectors = part / "vectors.npy"
    vectors.write_bytes(vectors.read_bytes()[: vectors.stat().st_size // 2])
    with pytest.raises(DenseCopyDamaged):
        DenseCopy(tmp_path / "dense").search(np.ones(DIM), 5, SearchFilters(language="hi"), 100)
    copy.rebuild(entries(30, seed=3))
    check(DenseCopy(tmp_path / "dense"), {e.id: e for e in entries(30, seed=3)})


def _cpu_per_search(copy: DenseCopy, f: SearchFilters) -> float:
    query = np.ones(copy.generation().dim, dtype=np.float32)
    best = float("inf")
    for _ in range(7):
        t0 = time.process_time()
        for _ in range(20):
            copy.search(query, 10, f, limit=10**7)
        best = min(best, time.process_time() - t0)
    return best


def test_a_selective_search_costs_what_passes_not_the_size_of_the_copy(tmp_path):
    """The same 1,000 chunks pass in a copy of 10k and of 40k chunks (384 dimensions, as the bundled model's):
    4x the copy costs at most 2.5x."""
    costs = []
    for n in (10_000, 40_000):
        copy = DenseCopy(tmp_path / f"dense-{n}")
        rng = np.random.default_rng(n)
        vectors = rng.standard_normal((n, 384)).astype(np.float32)
        copy.apply(add=[DenseEntry(f"c{i:06d}", vectors[i], 19700110 if i % (n // 1000) == 0 else 19710101, "en")
                        for i in range(n)], remove=set())
        costs.append(_cpu_per_search(copy, SearchFilters(date="1970-01-10")))
    assert costs[1] / costs[0] <= 2.5, costs
