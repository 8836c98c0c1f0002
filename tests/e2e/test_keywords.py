"""The incremental keyword index: changes cost what they change, scores equal a rebuild's, readers see whole
generations only, and a writer killed at any point leaves the previous generation live."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rag_bot.index.keywords import MERGE_FACTOR, KeywordEntry, KeywordIndex
from rag_bot.retrieval.types import SearchFilters
from tests.conftest import REPO

WORDS = [f"w{i}" for i in range(400)] + ["मौन", "ध्यान", "क्रोध", "नदी", "silence", "river"]
QUERIES = ["w1 w7 w300", "मौन ध्यान", "river w2 w2", "क्रोध w150 नदी", "w399"]
FILTERS = [SearchFilters(), SearchFilters(language="hi"), SearchFilters(date="1969-01-05"),
           SearchFilters(date_from="1969-01-03", date_to="1969-01-12", language="en"), SearchFilters(date_to="1969-01-04")]


def entries(n: int, seed: int, prefix: str = "c") -> list[KeywordEntry]:
    rng = random.Random(seed)
    weights = [1.0 / (i + 1) for i in range(len(WORDS))]
    return [KeywordEntry(f"{prefix}{seed}-{i:05d}", rng.choices(WORDS, weights=weights, k=rng.randrange(3, 60)),
                         (19690101 + i % 15) if i % 7 else 0, "hi" if i % 3 == 0 else "en") for i in range(n)]


def files_state(directory: Path) -> dict[str, tuple[int, int, str]]:
    """(inode, mtime, content hash) of every file of the index but the generation pointer."""
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in directory.iterdir() if p.is_file() and p.name != "CURRENT"}


def assert_same_results(a: KeywordIndex, b: KeywordIndex) -> None:
    for query in QUERIES:
        for filters in FILTERS:
            got, want = a.search(query, 25, filters), b.search(query, 25, filters)
            assert [cid for cid, _ in got] == [cid for cid, _ in want], (query, filters)
            assert np.allclose([s for _, s in got], [s for _, s in want], rtol=1e-9, atol=1e-12)
    assert a.ids() == b.ids()


def test_changes_equal_a_full_rebuild_and_leave_other_segments_untouched(tmp_path):
    index = KeywordIndex(tmp_path / "inc")
    corpus: dict[str, KeywordEntry] = {}
    for seed in range(4):
        batch = entries(300, seed)
        index.apply(batch)
        corpus.update((e.id, e) for e in batch)
    before = files_state(tmp_path / "inc")

    added = entries(20, 99)  # one 20-chunk file
    index.apply(added)
    corpus.update((e.id, e) for e in added)
    after = files_state(tmp_path / "inc")
    assert {n: after[n] for n in before} == before  # nothing existing was rewritten, touched or removed
    new_files = set(after) - set(before)
    assert len(new_files) == 1 and KeywordIndex(tmp_path / "inc").generation().segments[-1].name in new_files

    edited = [KeywordEntry(e.id, e.tokens[::-1] + ["river"], e.date_int, e.language) for e in added[:12]]
    removed = [e.id for e in entries(300, 1)[40:90]]
    index.apply(edited, remove=removed)  # a file edited (same ids) and another removed
    corpus.update((e.id, e) for e in edited)
    for cid in removed:
        del corpus[cid]
    rebuilt = KeywordIndex(tmp_path / "full")
    rebuilt.publish(sorted(corpus.values(), key=lambda e: e.id))
    assert_same_results(KeywordIndex(tmp_path / "inc"), rebuilt)
    assert index.search("river", 5, SearchFilters())  # the edit is searchable


def test_a_change_costs_what_it_changes_not_the_corpus(tmp_path):
    """Bytes a 20-chunk change writes are the same at 1x and 4x the corpus (a rebuild would write 4x)."""
    written = []
    for size in (1500, 6000):
        index = KeywordIndex(tmp_path / str(size))
        index.publish(entries(size, 5))
        before = files_state(tmp_path / str(size))
        index.apply(entries(20, 6), remove=[f"c5-{i:05d}" for i in range(0, 400, 20)])
        after = files_state(tmp_path / str(size))
        changed = [n for n in after if before.get(n) != after[n]]
        written.append(sum((tmp_path / str(size) / n).stat().st_size for n in changed))
    assert written[1] < 1.5 * written[0], written


def test_merges_keep_results_and_bound_the_segment_count(tmp_path):
    index = KeywordIndex(tmp_path / "inc")
    corpus: dict[str, KeywordEntry] = {}
    for seed in range(3 * MERGE_FACTOR):
        batch = entries(30, 100 + seed)
        index.apply(batch, remove=[e.id for e in list(corpus.values())[:5]])
        for cid in [e.id for e in list(corpus.values())[:5]]:
            del corpus[cid]
        corpus.update((e.id, e) for e in batch)
    assert len(index.generation().segments) < MERGE_FACTOR + 2  # tiers were merged, not left to pile up
    rebuilt = KeywordIndex(tmp_path / "full")
    rebuilt.publish(list(corpus.values()))
    assert_same_results(index, rebuilt)
    names = {p.name for p in (tmp_path / "inc").iterdir()}
    live = KeywordIndex(tmp_path / "inc").generation().segments
    assert {s.name for s in live} <= names and len([n for n in names if not n.endswith(".npy")]) <= len(live) + 3


WRITER = r"""
import sys
from pathlib import Path
from rag_bot.index.keywords import KeywordEntry, KeywordIndex
index = KeywordIndex(Path(sys.argv[1]))
for gen in range(1, 40):
    new = [KeywordEntry(f"g{gen}-{i}", ["flag", f"w{i}"], 0, "en") for i in range(10)]
    index.apply(new, remove=[f"g{gen - 1}-{i}" for i in range(10)])
print("done")
"""


def test_readers_in_another_process_see_whole_generations_only(tmp_path):
    index = KeywordIndex(tmp_path / "kw")
    index.apply([KeywordEntry(f"g0-{i}", ["flag", f"w{i}"], 0, "en") for i in range(10)] +
                [KeywordEntry(f"base-{i}", [f"w{i}", "other"], 0, "en") for i in range(50)])
    reader = KeywordIndex(tmp_path / "kw")
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path / "kw")], cwd=REPO, stdout=subprocess.PIPE,
                              text=True)
    seen_generations = set()
    while writer.poll() is None:
        hits = reader.search("flag", 50, SearchFilters())
        groups = {cid.split("-")[0] for cid, _ in hits}
        assert len(hits) == 10 and len(groups) == 1, hits  # never the old and the new file together, never half
        seen_generations.add(groups.pop())
    assert writer.wait() == 0
    assert {cid.split("-")[0] for cid, _ in reader.search("flag", 50, SearchFilters())} == {"g39"}
    assert len(seen_generations) > 1  # the reader did follow the writer


KILLED_WRITER = r"""
import os, sys, time, types
from pathlib import Path
from rag_bot.index import durable, segments
from rag_bot.index.keywords import KeywordEntry, KeywordIndex
where = sys.argv[2]
def pause(fn):
    def wrapper(*args, **kwargs):
        print("PAUSED", flush=True)
        time.sleep(60)
        return fn(*args, **kwargs)
    return wrapper
if where == "commit":  # segment and deletion files written; the new generation's pointer is being written
    durable.os = types.SimpleNamespace(fsync=pause(os.fsync), replace=os.replace)  # (its temporary file, unswitched)
else:  # the change is published; the merge it made due is under way
    segments.merge = pause(segments.merge)
index = KeywordIndex(Path(sys.argv[1]))
index.apply([KeywordEntry(f"new-{i}", ["fresh", "river"], 19690105, "hi") for i in range(20)],
            remove=[f"c7-{i:05d}" for i in range(10)])
"""


@pytest.mark.parametrize("where", ["commit", "merge"])
def test_kill_minus_nine_during_a_change_leaves_a_searchable_index_that_converges(tmp_path, where):
    directory = tmp_path / "kw"
    index = KeywordIndex(directory)
    corpus = {}
    for seed in range(7, 7 + MERGE_FACTOR - 1):  # one segment short of a merge
        batch = entries(40, seed)
        index.apply(batch)
        corpus.update((e.id, e) for e in batch)
    ids_before = index.ids()
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(directory), where], cwd=REPO,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "PAUSED"
    proc.kill()
    assert proc.wait() == -9
    reader = KeywordIndex(directory)
    if where == "commit":
        assert reader.ids() == ids_before  # the previous generation is live
        assert reader.search("fresh", 5, SearchFilters()) == []
    else:
        assert len(reader.generation().segments) == MERGE_FACTOR  # published, not merged
        assert len(reader.search("fresh", 50, SearchFilters())) == 20
    assert reader.search("w1", 5, SearchFilters())
    # the next writer converges: the same change applied again, leftovers pruned, merge done
    index = KeywordIndex(directory)
    change = [KeywordEntry(f"new-{i}", ["fresh", "river"], 19690105, "hi") for i in range(20)]
    index.apply(change, remove=[f"c7-{i:05d}" for i in range(10)])
    corpus.update((e.id, e) for e in change)
    for i in range(10):
        del corpus[f"c7-{i:05d}"]
    assert not [p for p in directory.iterdir() if p.name.startswith(".")]
    rebuilt = KeywordIndex(tmp_path / "full")
    rebuilt.publish(list(corpus.values()))
    assert_same_results(KeywordIndex(directory), rebuilt)


def test_the_former_snapshot_format_is_read_and_converted_on_the_next_change(tmp_path):
    directory = tmp_path / "kw"
    snap = directory / "snap-000001-abcdef12"
    snap.mkdir(parents=True)
    old = entries(30, 3)
    (snap / "ids.json").write_text(json.dumps([e.id for e in old]), encoding="utf-8")
    (snap / "doc_ids.json").write_text(json.dumps(["d"] * len(old)), encoding="utf-8")
    np.save(snap / "date_int.npy", np.asarray([e.date_int for e in old], dtype=np.int32))
    np.save(snap / "language.npy", np.asarray([e.language for e in old], dtype="<U8"))
    (snap / "tokens.txt").write_text("".join(" ".join(e.tokens) + "\n" for e in old), encoding="utf-8")
    (directory / "CURRENT").write_text(snap.name, encoding="utf-8")
    rebuilt = KeywordIndex(tmp_path / "full")
    rebuilt.publish(old)
    assert_same_results(KeywordIndex(directory), rebuilt)
    KeywordIndex(directory).apply(entries(5, 4))
    assert json.loads((directory / "CURRENT").read_text())["format"] == 2
    rebuilt.apply(entries(5, 4))
    assert_same_results(KeywordIndex(directory), rebuilt)
    KeywordIndex(directory).apply(remove=[old[0].id])
    assert not snap.exists()  # kept for one generation (a reader may still be loading it), then pruned


def test_rank_bm25_engine_reads_the_same_segments(tmp_path):
    index = KeywordIndex(tmp_path / "kw")
    index.apply(entries(200, 1))
    index.apply(entries(50, 2), remove=[f"c1-{i:05d}" for i in range(0, 200, 2)])
    small = KeywordIndex(tmp_path / "kw", engine="rank_bm25")
    for query in QUERIES:
        for filters in FILTERS:
            a = {cid for cid, _ in index.search(query, 1000, filters)}
            b = {cid for cid, _ in small.search(query, 1000, filters)}
            assert a == b  # same matching chunks under the same filters (BM25 variants score differently)
    assert not any(cid in {f"c1-{i:05d}" for i in range(0, 200, 2)} for cid, _ in small.search("w1 w2", 300,
                                                                                               SearchFilters()))
