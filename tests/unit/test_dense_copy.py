"""The dense copy (rag_bot/index/dense.py) on its own: exact filtered search equals brute force over the live
entries after adds, replacements, removals and merges; date bounds are inclusive; damage is reported; the cost of a
selective search follows the chunks that pass, not the size of the copy."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from rag_bot.index import dense, mapped
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


def _part(directory) -> Path:
    return next(p for p in directory.iterdir() if p.name.startswith("p-") and ".del-" not in p.name)


def _flip_vector_byte(path: Path, row: int) -> None:
    """One byte of ``row``'s vector changed (the file keeps its size and header: only a checksum tells)."""
    layout = mapped.MappedFile(path, dense.MAGIC, DenseCopyDamaged, "part")
    at = layout._start + int(layout._layout["vectors"][2]) + row * DIM * 4 + 1
    data = bytearray(path.read_bytes())
    data[at] ^= 0x40
    path.write_bytes(bytes(data))


def test_a_damaged_part_is_reported_not_served_and_only_it_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setattr(mapped, "BLOCK", 256)  # 4 rows of 16 dimensions per checksum block
    copy = DenseCopy(tmp_path / "dense")
    first, second = entries(30, seed=3), entries(20, seed=4, prefix="d")
    copy.apply(add=first, remove=set())
    damaged = _part(tmp_path / "dense")
    copy.apply(add=second, remove=set())
    _flip_vector_byte(damaged, row=0)  # c00000: undated, Hindi
    reader = DenseCopy(tmp_path / "dense")
    assert reader.search(np.ones(DIM), 5, SearchFilters(date="1971-12-31"), 100)  # rows 4, 10, ...: served
    with pytest.raises(DenseCopyDamaged, match="fails its checksum"):
        reader.search(np.ones(DIM), 5, SearchFilters(language="hi"), 100)  # reads row 0's block: reported
    with pytest.raises(DenseCopyDamaged, match="fails its checksum"):
        DenseCopy(tmp_path / "dense").verify()
    found = copy.drop_damaged()
    assert found and damaged.name in found[0] and copy.ids() == {e.id for e in second}  # only that part went
    copy.verify()
    copy.apply(add=first, remove=set())  # its chunks added back (the writer reads them from Chroma)
    check(DenseCopy(tmp_path / "dense"), {e.id: e for e in first + second})


def test_a_truncated_part_or_deletion_file_is_reported_and_a_rebuild_replaces_it(tmp_path):
    copy = DenseCopy(tmp_path / "dense")
    copy.apply(add=entries(30, seed=3), remove=set())
    part = _part(tmp_path / "dense")
    part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
    with pytest.raises(DenseCopyDamaged):
        DenseCopy(tmp_path / "dense").search(np.ones(DIM), 5, SearchFilters(language="hi"), 100)
    assert copy.drop_damaged() is None  # the generation cannot be read: rebuild
    copy.rebuild(entries(30, seed=3))
    check(DenseCopy(tmp_path / "dense"), {e.id: e for e in entries(30, seed=3)})
    copy.apply(add=[], remove={"c00001", "c00002"})
    deletes = next(p for p in (tmp_path / "dense").iterdir() if ".del-" in p.name)
    data = bytearray(deletes.read_bytes())
    data[-8] ^= 1  # row 2 becomes row 3: still a row of the part, only the checksum tells
    deletes.write_bytes(bytes(data))
    with pytest.raises(DenseCopyDamaged, match="deletion file"):
        DenseCopy(tmp_path / "dense").count()


def test_a_part_of_the_former_layout_is_read_and_rewritten_with_checksums(tmp_path):
    live = {e.id: e for e in entries(24, seed=5)}
    folder = tmp_path / "dense" / "p-000001-0123abcd"
    folder.mkdir(parents=True)
    rows = list(live.values())
    ids = np.asarray([e.id.encode() for e in rows])
    vectors = np.asarray([e.vector / np.linalg.norm(e.vector) for e in rows], dtype=np.float32)
    for key, arr in {"ids": ids, "order": np.argsort(ids, kind="stable").astype(np.int64),
                     "date_int": np.asarray([e.date_int for e in rows], dtype=np.int32),
                     "language": np.asarray([e.language.encode() for e in rows], dtype="S8"),
                     "vectors": vectors}.items():
        np.save(folder / f"{key}.npy", arr)
    (tmp_path / "dense" / "CURRENT").write_text(json.dumps(
        {"generation": 1, "dim": DIM, "parts": [{"name": folder.name, "rows": len(rows), "deletes": None}]}))
    copy = DenseCopy(tmp_path / "dense")
    check(copy, live)
    assert copy.former_parts() == 1 and copy.upgrade() == 1 and copy.former_parts() == 0
    assert all(part.current for part in copy.generation().parts)  # the former folder goes at the next change
    check(DenseCopy(tmp_path / "dense"), live)


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
