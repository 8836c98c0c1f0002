"""Filtered dense search through the dense copy on a real index (real Chroma, the bundled model): the exact path is
chosen when few chunks pass, equals brute force over Chroma's own vectors (date bounds inclusive, languages), and
the index writer keeps the copy equal to Chroma through replacements, removals and repairs."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from ingest.pipeline import ingest_paths
from rag_bot.index import writer as writer_module
from rag_bot.index.dense import MAGIC, DenseCopyDamaged
from rag_bot.index.mapped import MappedFile
from rag_bot.index.store import IndexStore, matches
from rag_bot.index.writer import IndexWriter, check_index, repair_index
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from rag_bot.retrieval.types import SearchFilters
from tests.filemakers import write_text

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

TALKS = {
    "silence.txt": "On Silence\n23 January 1969\n\n" + " ".join(
        f"Silence {i} is the ground of listening; the river is heard when the mind is quiet." for i in range(12)),
    "work.txt": "Work as Offering\n19 April 1969\n\n" + " ".join(
        f"The potter Ramdas shaped pot {i} as a gift, not for reward." for i in range(12)),
    "krodh.txt": "क्रोध की आग\n१० जनवरी १९७०\n\n" + " ".join(
        f"क्रोध {i} एक आग है जो पहले उसी को जलाती है जो उसे पकड़ता है।" for i in range(10)),
    "maun.txt": "मौन\n११ जनवरी १९७०\n\n" + " ".join(f"मौन {i} ध्वनि का अभाव नहीं है।" for i in range(10)),
    "river.txt": "The Long River\n31 December 1971\n\n" + " ".join(
        f"Section {i}: the ferryman counted {i} boats crossing the wide river at dawn." for i in range(12)),
    "undated.txt": "Notes without a date\n\n" + " ".join(f"A note {i} about rivers and silence." for i in range(8)),
}
FILTERS = [
    SearchFilters(date="1970-01-10"),
    SearchFilters(date_from="1970-01-11"),  # a talk's own date as the lower bound: included
    SearchFilters(date_to="1970-01-10"),  # a talk's own date as the upper bound: included; undated never
    SearchFilters(date_from="1969-04-19", date_to="1970-01-11"),
    SearchFilters(language="hi"),
    SearchFilters(language="en", date_from="1969-01-01", date_to="1969-12-31"),
    SearchFilters(language="en", date_to="1971-12-31"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    docs = tmp_path_factory.mktemp("talks")
    for name, text in TALKS.items():
        write_text(docs / name, text)
    return docs, tmp_path_factory.mktemp("index")


def make(index: Path, **overrides):
    from rag_bot.config import Settings

    return Settings(_env_file=None, index_dir=index, chunk_tokens=40, **overrides)


def brute_force(store: IndexStore, query: np.ndarray, f: SearchFilters) -> list[tuple[str, float]]:
    """Every committed chunk passing ``f`` (by Chroma's metadata), by cosine similarity to ``query``."""
    ids = sorted(store.committed_ids() or store.vectors.all_ids())
    q = query / np.linalg.norm(query)
    scored = [(hit.id, float(vec @ q / np.linalg.norm(vec))) for hit, vec in store.vectors.vectors_of(ids)
              if matches(hit.metadata, f)]
    return sorted(scored, key=lambda s: (-s[1], s[0]))


def test_a_selective_filter_is_scored_exactly_from_the_dense_copy(built, monkeypatch):
    docs, index = built
    settings = make(index)
    assert not ingest_paths([docs], settings, progress=False).failed
    retriever = HybridRetriever(settings, get_embedder(settings))
    store = retriever.store

    def no_probe(*args, **kwargs):
        raise AssertionError("the vector index was searched: the exact path was not taken")

    monkeypatch.setattr(store.vectors, "search", no_probe)
    for f in FILTERS:
        for query in ("silence and the river", "क्रोध आग", "potter gift"):
            vector = retriever.embedder.embed_query(query)
            dense, _ = retriever.candidates(query, f, "dense", 8, query_vector=vector)
            truth = brute_force(store, vector, f)[:8]
            assert truth, f  # every filter here matches some chunks
            assert [cid for cid, _ in dense] == [cid for cid, _ in truth], (f, query)
            assert np.allclose([s for _, s in dense], [s for _, s in truth], atol=1e-5)
    dated = {h.metadata["date"] for h in store.vectors.get([c for c, _ in retriever.candidates(
        "silence", SearchFilters(date_from="1970-01-11"), "dense", 50)[0]])}
    assert dated == {"1970-01-11", "1971-12-31"}  # the lower bound's own day is in


def test_without_the_exact_path_the_vector_index_is_probed(built, monkeypatch):
    _, index = built
    settings = make(index, exact_filter_chunks=0, dense_engine="chroma")
    retriever = HybridRetriever(settings, get_embedder(settings))
    calls = []
    search = retriever.store.vectors.search
    monkeypatch.setattr(retriever.store.vectors, "search", lambda *a, **kw: calls.append(1) or search(*a, **kw))
    vector = retriever.embedder.embed_query("silence")
    dense, _ = retriever.candidates("silence", SearchFilters(language="hi"), "dense", 5, query_vector=vector)
    assert calls and [c for c, _ in dense] == [c for c, _ in brute_force(retriever.store, vector,
                                                                         SearchFilters(language="hi"))[:5]]


def test_a_run_holds_a_bounded_number_of_vectors_for_the_copy_and_the_copy_equals_chroma(tmp_path, monkeypatch):
    """The writer writes the dense copy's new vectors in parts of DENSE_FLUSH as the run goes (a first ingest of
    300k chunks held every vector, 460 MB, until its end); readers and the run's end leave out what it did not
    commit."""
    monkeypatch.setattr(writer_module, "DENSE_FLUSH", 4)
    held: list[int] = []
    write = IndexWriter.write_vectors

    def watched(self, chunks, vectors):
        write(self, chunks, vectors)
        held.append(len(self._dense))

    monkeypatch.setattr(IndexWriter, "write_vectors", watched)
    docs = tmp_path / "talks"
    for name, text in TALKS.items():
        write_text(docs / name, text)
    settings = make(tmp_path / "index", ingest_batch=3)
    chunks = ingest_paths([docs], settings, progress=False).chunks
    assert chunks > 8 and held and max(held) < 4  # flushed as it went, never all of them at once
    copy_equals_chroma(settings)
    write_text(docs / "river.txt", TALKS["river.txt"].replace("ferryman", "boatman"))  # replaced within a run
    (docs / "undated.txt").unlink()
    assert ingest_paths([docs], settings, progress=False, prune=True).failed == []
    copy_equals_chroma(settings)


def copy_equals_chroma(settings) -> None:
    """The dense copy holds exactly the committed chunks, each with Chroma's vector (unit length) and metadata."""
    store = IndexStore(settings, None)
    wanted = store.load_manifest().chunk_ids()
    assert store.dense.ids() == wanted == store.vectors.all_ids()
    held = {}
    for part in store.dense.generation().parts:
        alive = part.alive()
        for row in range(part.rows):
            if alive is None or alive[row]:
                held[part.ids[row].decode()] = (part.vectors_at(np.asarray([row]))[0], int(part.date_int[row]),
                                                part.language[row].decode())
    for hit, vec in store.vectors.vectors_of(sorted(wanted)):
        vector, day, lang = held[hit.id]
        assert np.allclose(vector, vec / np.linalg.norm(vec), atol=1e-6)
        assert (day, lang) == (int(hit.metadata.get("date_int") or 0), hit.metadata["language"])


def test_the_writer_keeps_the_copy_equal_to_chroma_and_repair_rebuilds_it(tmp_path):
    docs = tmp_path / "talks"
    for name, text in TALKS.items():
        write_text(docs / name, text)
    settings = make(tmp_path / "index")
    ingest_paths([docs], settings, progress=False)
    copy_equals_chroma(settings)
    write_text(docs / "work.txt", TALKS["work.txt"].replace("potter", "weaver"))  # replaced: new vectors
    (docs / "maun.txt").unlink()
    summary = ingest_paths([docs], settings, progress=False, prune=True)
    assert summary.failed == []
    copy_equals_chroma(settings)
    dense = Path(settings.index_dir) / "dense"
    retriever_answers = _filtered_answers(settings)
    for damage in ("missing", "truncated", "a flipped byte"):
        part = next(p for p in dense.iterdir() if p.name.startswith("p-") and ".del-" not in p.name) \
            if dense.exists() else None
        if damage == "missing":  # an index written before the copy existed, or its folder lost
            shutil.rmtree(dense)
        elif damage == "truncated":
            part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
        else:  # one byte of a vector: the file keeps its size and header, only a block checksum tells
            file = MappedFile(part, MAGIC, DenseCopyDamaged, "part")
            data = bytearray(part.read_bytes())
            data[file._start + int(file._layout["vectors"][2]) + 5] ^= 0x10
            part.write_bytes(bytes(data))
        problems = check_index(settings)
        assert any("dense copy" in p for p in problems), damage
        if damage == "a flipped byte":
            assert any("fails its checksum" in p for p in problems)
        repair_index(settings, get_embedder(settings).name)
        assert check_index(settings) == []
        copy_equals_chroma(settings)
        assert _filtered_answers(settings) == retriever_answers, damage  # queries as right as before


def _filtered_answers(settings) -> list[list[str]]:
    """The exact path's answers to a few filtered questions (ids, best first)."""
    retriever = HybridRetriever(settings, get_embedder(settings))
    out = []
    for f in FILTERS:
        vector = retriever.embedder.embed_query("silence and the river")
        out.append([cid for cid, _ in retriever.candidates("silence and the river", f, "dense", 8,
                                                           query_vector=vector)[0]])
    return out


def _answers(retriever: HybridRetriever) -> list:
    """Searches, the tool's passages (neighbours) and a day's whole documents, as (ids, texts, metadata)."""
    out: list = []
    for query in ("silence and the river", "क्रोध आग", "potter gift"):
        for f in (SearchFilters(), SearchFilters(language="hi"), SearchFilters(date_from="1969-04-19")):
            out.append([(h.id, h.text, h.metadata) for h in retriever.search(query, f, 6)])
            out.append([(p.chunk_ids, p.text, p.doc_id, p.seq_start) for p in retriever.retrieve(query, f)])
    out.append([(p.chunk_ids, p.text) for p in retriever.retrieve("talk", SearchFilters(date="1970-01-10"),
                                                                   whole_document=True)])
    return out


def test_with_the_copy_reads_never_load_chroma_and_answer_as_chroma_does(built):
    """The embedded default (dense_engine=copy): searches, hits' texts, neighbours and whole documents come from the
    dense copy; Chroma's collection is never opened by the reader, and every answer equals Chroma's own."""
    docs, index = built
    settings = make(index)
    assert not ingest_paths([docs], settings, progress=False).failed  # (unchanged files write nothing)
    embedder = get_embedder(settings)
    from_copy = HybridRetriever(settings, embedder)
    from_chroma = HybridRetriever(make(index, dense_engine="chroma"), embedder)
    assert _answers(from_copy) == _answers(from_chroma)
    assert not from_copy.store.vectors.is_open and from_chroma.store.vectors.is_open
    store = from_copy.store
    ids = sorted(store.committed_ids())
    assert [(h.id, h.text, h.metadata) for h in store.chunks.get(ids)] == \
        [(h.id, h.text, h.metadata) for h in from_chroma.store.vectors.get(ids)]  # every chunk as Chroma has it
    held = {h.id: v for h, v in store.chunks.vectors_of(ids)}
    for hit, vec in from_chroma.store.vectors.vectors_of(ids):
        assert np.allclose(held[hit.id], vec / np.linalg.norm(vec), atol=1e-6)
    store.chunks.warm()  # what the bot runs once ready: the copy mapped, Chroma still not loaded
    assert not store.vectors.is_open


def test_a_copy_without_texts_is_read_through_chroma_until_repair_rewrites_it(tmp_path):
    """An index whose copy was written before it kept texts (as one built by an earlier version): hits are read from
    Chroma (still right), and `rag-bot index repair` rewrites the copy with the texts Chroma stores."""
    docs = tmp_path / "talks"
    for name, text in TALKS.items():
        write_text(docs / name, text)
    settings = make(tmp_path / "index")
    ingest_paths([docs], settings, progress=False)
    expected = _answers(HybridRetriever(settings, get_embedder(settings)))
    store = IndexStore(settings, None)
    gen = store.dense.generation()
    old = [writer_module.DenseEntry(e.id, e.vector, e.date_int, e.language) for e in (
        writer_module.dense_entry(h.id, v, h.metadata) for h, v in store.vectors.vectors_of(sorted(store.dense.ids())))]
    with IndexWriter(settings, None) as writer:  # the writer holds the lock while the copy is rewritten
        writer.store.dense.rebuild(old)
        writer_module.mark_settled(writer.store, True)
    assert gen.number < IndexStore(settings, None).dense.generation().number
    reader = HybridRetriever(settings, get_embedder(settings))
    assert _answers(reader) == expected and reader.store.vectors.is_open  # read through Chroma
    assert reader.store.dense.former_parts() == 1
    repair_index(settings, get_embedder(settings).name)
    again = HybridRetriever(settings, get_embedder(settings))
    assert again.store.dense.former_parts() == 0 and check_index(settings) == []
    assert _answers(again) == expected and not again.store.vectors.is_open
