"""Ingestion changes the keyword index by the run's difference only: other files' keyword data stay as they are on
disk, results equal a one-run ingest of the same corpus, and a run killed while publishing is repaired by applying
the difference, not by a rebuild."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np

from ingest.pipeline import ingest_paths
from rag_bot.index.store import IndexStore
from rag_bot.retrieval.types import SearchFilters
from tests.conftest import REPO
from tests.filemakers import write_text, write_texts

TALKS = {
    "silence.txt": "On Silence\n23 January 1969\n\nSilence is the ground of all listening. When the mind is quiet "
                   "the river can be heard.",
    "maun.md": "# मौन\n\n२३ जनवरी १९६९\n\nमौन सुनने का आधार है। जब मन शांत होता है तब नदी सुनाई देती है।",
    "work.txt": "Work as Offering\n19 April 1969\n\nThe potter Ramdas shaped each pot as if it were a gift.",
    "krodh.txt": "क्रोध की आग\n१० जनवरी १९७०\n\nक्रोध एक आग है जो पहले उसी को जलाती है जो उसे पकड़ता है।",
}
ADDED = ("river.txt", "The River\n15 August 1969\n\nThe ferryman counted the boats crossing the wide river at dawn; "
                      "the river carried silence and work alike.")
QUERIES = ["river silence", "मौन नदी", "work gift potter", "क्रोध आग", "ferryman boats"]


def keyword_files(settings) -> dict[str, tuple[int, int, str]]:
    directory = Path(settings.index_dir) / "keyword"
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in directory.iterdir() if p.is_file() and p.name != "CURRENT"}


def live_segments(settings) -> set[str]:
    return {s.name for s in IndexStore(settings, None).keywords.generation().segments}


def results(settings) -> dict:
    keywords = IndexStore(settings, None).keywords
    return {(q, str(f)): keywords.search(q, 20, f) for q in QUERIES
            for f in (SearchFilters(), SearchFilters(language="hi"), SearchFilters(date_from="1969-04-01"))}


def assert_same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert [cid for cid, _ in a[key]] == [cid for cid, _ in b[key]], key
        assert np.allclose([s for _, s in a[key]], [s for _, s in b[key]], rtol=1e-9)


def consistency(settings) -> tuple[set, set, set]:
    store = IndexStore(settings, None)
    return store.vectors.all_ids(), store.keywords.ids(), store.load_manifest().chunk_ids()


def test_adding_a_file_leaves_other_keyword_data_untouched_and_equals_a_one_run_ingest(tmp_path, make_settings):
    corpus = write_texts(tmp_path / "corpus", TALKS)
    incremental = make_settings(index_dir=tmp_path / "incremental")
    ingest_paths([corpus], incremental, progress=False)
    before, segments_before = keyword_files(incremental), live_segments(incremental)
    write_text(corpus / ADDED[0], ADDED[1])
    summary = ingest_paths([corpus], incremental, progress=False)
    assert summary.added == 1
    after = keyword_files(incremental)
    assert {n: after[n] for n in before} == before  # every other chunk's keyword data: same files, same bytes
    assert segments_before < live_segments(incremental)  # ... and still the ones searched
    new_ids = {c for rec in IndexStore(incremental, None).load_manifest().files.values() if rec.source == ADDED[0]
               for c in rec.chunk_ids}
    assert new_ids
    newest = IndexStore(incremental, None).keywords.generation().segments[-1]
    assert newest.name in set(after) - set(before)
    assert {b.decode() for b in np.asarray(newest.arrays.ids).tolist()} == new_ids  # holds the new file only

    once = make_settings(index_dir=tmp_path / "once")
    ingest_paths([corpus], once, progress=False)
    assert_same(results(incremental), results(once))


KILLER = r"""
import sys, time
from pathlib import Path
from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.index import keywords
def pause(*args, **kwargs):  # the manifest is committed; the keyword generation is being switched
    print("PAUSED", flush=True)
    time.sleep(120)
keywords.replace_atomically = pause  # the new generation's segment and deletion files are on disk
ingest_paths([Path(sys.argv[1])], Settings(_env_file=None, index_dir=Path(sys.argv[2])), progress=False)
"""


def test_kill_minus_nine_while_publishing_keywords_then_repair_applies_only_the_difference(tmp_path, make_settings):
    corpus = write_texts(tmp_path / "corpus", TALKS)
    settings = make_settings(index_dir=tmp_path / "index")
    ingest_paths([corpus], settings, progress=False)
    keyword_ids = IndexStore(settings, None).keywords.ids()
    before, segments_before = keyword_files(settings), live_segments(settings)
    write_text(corpus / ADDED[0], ADDED[1])
    write_text(corpus / "work.txt", TALKS["work.txt"] + " Work done for reward becomes a burden.")  # replaced
    proc = subprocess.Popen([sys.executable, "-c", KILLER, str(corpus), str(settings.index_dir)], cwd=REPO,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "PAUSED"
    proc.kill()
    assert proc.wait() == -9
    store = IndexStore(settings, None)
    assert store.keywords.ids() == keyword_ids  # the previous keyword generation is live and searchable
    assert store.keywords.search("क्रोध", 5, SearchFilters())
    assert ADDED[0] in {r.source for r in store.load_manifest().files.values()}  # the manifest had committed the run

    summary = ingest_paths([corpus], settings, progress=False)
    assert summary.repaired and summary.chunks == 0  # nothing to embed again: repair applied the difference
    c, k, m = consistency(settings)
    assert c == k == m
    after = keyword_files(settings)
    assert {n: after[n] for n in before} == before  # the segments written before the crash were not rewritten
    assert segments_before < live_segments(settings)  # and are still the live ones, beside the difference
    once = make_settings(index_dir=tmp_path / "once")
    ingest_paths([corpus], once, progress=False)
    assert_same(results(settings), results(once))
