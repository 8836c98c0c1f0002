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
    assert copy.chunks(["c00001"]) == ({}, ["c00001"])  # no texts kept: the reader asks Chroma
    stored = {cid: (f"text of {cid}", {"seq": i, "language": live[cid].language}) for i, cid in enumerate(live)}
    assert copy.former_parts() == 1 and copy.upgrade(lambda ids: {i: stored[i] for i in ids}) == 1
    assert copy.former_parts() == 0
    assert all(part.current for part in copy.generation().parts)  # the former folder goes at the next change
    check(DenseCopy(tmp_path / "dense"), live)
    assert DenseCopy(tmp_path / "dense").chunks(["c00001", "c00007", "x"]) == (
        {"c00001": stored["c00001"], "c00007": stored["c00007"]}, ["x"])


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


# --- the approximate path: inverted lists with int8 codes -----------------------------------------------------------


def clustered(n: int, seed: int, prefix: str = "a", clusters: int = 40) -> list[DenseEntry]:
    """Vectors around ``clusters`` centres (an embedder's vectors have neighbourhoods; random ones do not); a chunk's
    language follows its cluster (a cluster of Hindi talks), its date its row."""
    rng = np.random.default_rng(seed)
    centres = np.random.default_rng(99).standard_normal((clusters, DIM))
    owner = rng.integers(0, clusters, n)
    vectors = centres[owner] + 0.35 * rng.standard_normal((n, DIM))
    return [DenseEntry(f"{prefix}{i:05d}", vectors[i].astype(np.float32), DAYS[i % len(DAYS)],
                       "hi" if owner[i] % 4 == 0 else "en", f"text {prefix}{i}", {"seq": i, "doc_id": f"d{i // 5}"})
            for i in range(n)]


def exact_top(copy: DenseCopy, query: np.ndarray, k: int, f: SearchFilters) -> list[tuple[str, float]]:
    return copy.search(query, k, f, limit=10**9)


@pytest.fixture
def small_lists(monkeypatch):
    """Parts of 300 rows or more get inverted lists (the real threshold is thousands of rows)."""
    monkeypatch.setattr(dense.ann, "MIN_ROWS", 300)


def test_probing_every_list_with_every_candidate_rescored_equals_exact_search(tmp_path, small_lists):
    copy = DenseCopy(tmp_path / "dense")
    copy.apply(add=clustered(1200, seed=1), remove=set())
    part = copy.generation().parts[0]
    assert part.inverted and len(part.lists()[0]) == dense.ann.list_count(1200)
    rng = np.random.default_rng(5)
    for f in (SearchFilters(), SearchFilters(language="hi"), SearchFilters(date_from="1970-01-10")):
        query = rng.standard_normal(DIM).astype(np.float32)
        got = copy.search(query, 10, f, limit=0, probe=10**6, exact_chunks=0, rerank=1200)
        truth = exact_top(copy, query, 10, f)
        assert [c for c, _ in got] == [c for c, _ in truth], f
        assert np.allclose([s for _, s in got], [s for _, s in truth], atol=1e-6)  # rescored: exact, not estimates


def test_a_few_lists_find_the_exact_neighbours_of_clustered_vectors_and_cost_less(tmp_path, small_lists):
    copy = DenseCopy(tmp_path / "dense")
    live = clustered(3000, seed=2)
    copy.apply(add=live, remove=set())
    lists = len(copy.generation().parts[0].lists()[0])
    rng = np.random.default_rng(6)
    found = total = 0
    scored = []
    read = dense.Part.codes_at

    def counted(self, rows):
        scored.append(len(rows))
        return read(self, rows)

    dense.Part.codes_at = counted
    try:
        for _ in range(30):
            query = live[int(rng.integers(0, len(live)))].vector + 0.3 * rng.standard_normal(DIM).astype(np.float32)
            truth = {c for c, _ in exact_top(copy, query, 10, SearchFilters())}
            got = copy.search(query, 10, SearchFilters(), limit=0, probe=6, exact_chunks=0, rerank=50)
            found += len(truth & {c for c, _ in got})
            total += 10
    finally:
        dense.Part.codes_at = read
    assert found / total >= 0.9, found / total
    assert lists > 100 and max(scored) < 3000 / 4  # 6 lists of ~3000/lists rows: not the copy


def test_a_filter_against_the_question_probes_further_and_deleted_rows_never_come_back(tmp_path, small_lists):
    """A question inside an English cluster filtered to Hindi: the nearest lists hold no Hindi row, so lists are
    probed, nearest first, until enough Hindi rows were scored."""
    copy = DenseCopy(tmp_path / "dense")
    live = {e.id: e for e in clustered(2000, seed=3)}
    copy.apply(add=list(live.values()), remove=set())
    english = next(e for e in live.values() if e.language == "en")
    gone = {cid for cid, _ in exact_top(copy, english.vector, 5, SearchFilters(language="hi"))}
    copy.apply(add=[], remove=gone)
    f = SearchFilters(language="hi")
    got = copy.search(english.vector, 10, f, limit=0, probe=8, exact_chunks=0, rerank=100)
    truth = exact_top(copy, english.vector, 10, f)
    assert len(got) == 10 and all(live[c].language == "hi" for c, _ in got)
    assert not gone & {c for c, _ in got}
    assert len({c for c, _ in got} & {c for c, _ in truth}) >= 8
    unfiltered = copy.search(english.vector, 10, SearchFilters(), limit=0, probe=8, exact_chunks=0, rerank=100)
    assert all(live[c].language == "en" for c, _ in unfiltered)  # the question's own neighbourhood


def test_a_small_copy_is_searched_exactly_whatever_the_probe(tmp_path, small_lists):
    copy = DenseCopy(tmp_path / "dense")
    copy.apply(add=clustered(1000, seed=4), remove=set())
    query = np.random.default_rng(7).standard_normal(DIM).astype(np.float32)
    truth = exact_top(copy, query, 20, SearchFilters())
    assert copy.search(query, 20, SearchFilters(), limit=0, probe=1, exact_chunks=1000, rerank=20) == truth
    assert copy.search(query, 20, SearchFilters(), limit=0, probe=1, exact_chunks=999, rerank=20) != truth


def test_texts_survive_merges_and_list_order_and_damaged_codes_are_reported(tmp_path, small_lists, monkeypatch):
    copy = DenseCopy(tmp_path / "dense")
    live: dict[str, DenseEntry] = {}
    for step in range(8):  # eight parts of 200 (no lists) merge into one of 1600 (lists)
        add = clustered(200, seed=10 + step, prefix=f"m{step}-")
        copy.apply(add=add, remove=set())
        live.update((e.id, e) for e in add)
    parts = copy.generation().parts
    assert len(parts) == 1 and parts[0].inverted and parts[0].has_text
    ids = sorted(live)[::37] + ["nope"]
    kept, missing = DenseCopy(tmp_path / "dense").chunks(ids)
    assert missing == ["nope"]
    assert kept == {cid: (live[cid].text, live[cid].metadata) for cid in ids[:-1]}
    held = DenseCopy(tmp_path / "dense").vectors(ids[:3])
    for cid in ids[:3]:
        assert np.allclose(held[cid], live[cid].vector / np.linalg.norm(live[cid].vector), atol=1e-6)
    path = tmp_path / "dense" / parts[0].name
    layout = mapped.MappedFile(path, dense.MAGIC, DenseCopyDamaged, "part")
    data = bytearray(path.read_bytes())
    data[layout._start + int(layout._layout["codes"][2]) + 3] ^= 0x40
    path.write_bytes(bytes(data))
    reader = DenseCopy(tmp_path / "dense")
    with pytest.raises(DenseCopyDamaged, match="codes array .* fails its checksum"):
        for e in list(live.values())[:200]:  # some question probes the damaged block's list
            reader.search(e.vector, 10, SearchFilters(), limit=0, probe=4, exact_chunks=0, rerank=50)
    with pytest.raises(DenseCopyDamaged):
        DenseCopy(tmp_path / "dense").verify()


@pytest.mark.cpu_growth
def test_an_approximate_search_costs_far_less_than_the_copy_grows(tmp_path, monkeypatch):
    """Unfiltered, above the exact size: a copy 4x larger (lists grow as sqrt(rows), a question probes as many of
    them) costs at most 2.6x per question, where scoring every chunk would cost 4x."""
    from tests.cpu_cost import cpu_growth

    copies = []
    for n in (16_000, 64_000):
        rng = np.random.default_rng(n)
        centres = rng.standard_normal((200, 64))
        vectors = (centres[rng.integers(0, 200, n)] + 0.5 * rng.standard_normal((n, 64))).astype(np.float32)
        copy = DenseCopy(tmp_path / f"dense-{n}")
        copy.apply(add=[DenseEntry(f"c{i:06d}", vectors[i], 19700110, "en") for i in range(n)], remove=set())
        assert all(p.inverted for p in copy.generation().parts)
        copies.append(copy)
    queries = np.random.default_rng(1).standard_normal((40, 64)).astype(np.float32)

    def searches(copy: DenseCopy):
        return lambda: [copy.search(q, 10, SearchFilters(), limit=0, probe=8, exact_chunks=0, rerank=100)
                        for q in queries]

    growth = cpu_growth(searches(copies[0]), searches(copies[1]))
    assert growth <= 2.6, growth


def _resident_kib(path: Path) -> int:
    """KiB of ``path`` resident in this process's mappings (/proc/self/smaps)."""
    total, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5:
            inside = len(fields) >= 6 and fields[-1] == str(path)
        elif inside and fields[:1] == ["Rss:"]:
            total += int(fields[1])
    return total


def test_a_transient_read_leaves_the_pages_it_read_out_of_the_process(tmp_path):
    """Scattered rows read transiently (the copy's vectors, codes, texts) are copied out and their pages dropped
    from the mapping: the process's resident memory does not grow towards the whole array as reads go on."""
    path = tmp_path / "file"
    rows = np.arange(40_000 * 96, dtype=np.float32).reshape(40_000, 96)  # 15 MB
    mapped.write(path, b"TESTFILE", {"vectors": rows}, {})
    picks = np.random.default_rng(0).choice(40_000, 300, replace=False)
    held = {}
    for transient in (True, False):
        file = mapped.MappedFile(path, b"TESTFILE", DenseCopyDamaged, "test file")
        for row in picks.tolist():
            got = file.take("vectors", np.asarray([row]), transient=transient)
            assert np.array_equal(got[0], rows[row])  # the same values either way
        assert np.array_equal(file.rows("vectors", 10, 20, transient=transient), rows[10:20])
        held[transient] = _resident_kib(path)
        del file
    assert held[True] * 4 < held[False], held  # what stays: the checksums and header read at open
