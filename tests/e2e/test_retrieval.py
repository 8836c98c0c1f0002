"""Hybrid retrieval on a real index: filters, cross-lingual hits, context reconstruction, the tool."""

from __future__ import annotations

import numpy as np
import pytest
from langchain_core.messages import ToolMessage

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.index.keywords import KeywordEntry, KeywordIndex
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from rag_bot.retrieval.tool import NO_DOCUMENT_DATED, make_retrieve_context
from rag_bot.retrieval.types import SearchFilters
from tests.filemakers import write_text

LONG_SENTENCES = [f"Section {i}: the ferryman counted {i} boats crossing the wide river at dawn." for i in range(90)]


@pytest.fixture(scope="module")
def index(tmp_path_factory) -> Settings:
    root = tmp_path_factory.mktemp("corpus")
    write_text(root / "silence-en.txt", "On Silence\n23 January 1969\n\nSilence is not the absence of sound. "
               "The bell-maker Keshav listened to the silence after the ringing to know if a bell was true.")
    write_text(root / "maun-hi.md", "# मौन\n\n२३ जनवरी १९६९\n\nमौन ध्वनि का अभाव नहीं है। घंटा बनाने वाला केशव "
               "गूँज के बाद के मौन को सुनता था।")
    write_text(root / "work-en.txt", "Work as Offering\n19/04/1969\n\nThe potter Ramdas shaped each pot as if it "
               "were a gift. Work done for reward becomes a burden.")
    write_text(root / "krodh-hi.txt", "क्रोध की आग\n१० जनवरी १९७०\n\nक्रोध एक आग है जो पहले उसी को जलाती है जो उसे "
               "पकड़ता है। लोहार ने गरम लोहे का उदाहरण दिया।")
    write_text(root / "river-long.txt", "The Long River Talk\n15 August 1969\n\n" + "\n\n".join(LONG_SENTENCES))
    settings = Settings(_env_file=None, index_dir=tmp_path_factory.mktemp("index"), chunk_tokens=48,
                        neighbour_window=1, top_k=4)
    summary = ingest_paths([root], settings, progress=False)
    assert summary.failed == []
    return settings


@pytest.fixture(scope="module")
def retriever(index) -> HybridRetriever:
    return HybridRetriever(index, get_embedder(index))


def sources(passages) -> list[str]:
    return [p.source for p in passages]


def test_date_language_and_range_filters(retriever):
    hits = retriever.search("silence", SearchFilters(date="1969-01-23"), k=10)
    assert hits and {h.metadata["date"] for h in hits} == {"1969-01-23"}
    assert {h.metadata["source"] for h in hits} == {"silence-en.txt", "maun-hi.md"}
    hindi = retriever.search("silence", SearchFilters(date="1969-01-23", language="hi"), k=10)
    assert {h.metadata["source"] for h in hindi} == {"maun-hi.md"}
    ranged = retriever.search("anger fire work", SearchFilters(date_from="1969-04-01", date_to="1970-12-31"), k=20)
    assert ranged and all("1969-04-01" <= h.metadata["date"] <= "1970-12-31" for h in ranged)
    assert {"work-en.txt", "krodh-hi.txt"} <= {h.metadata["source"] for h in ranged}
    assert retriever.search("silence", SearchFilters(date="1999-01-01"), k=5) == []
    for mode in ("dense", "keyword"):  # both sides obey the same filters
        got = retriever.search("silence मौन", SearchFilters(language="hi"), k=10, mode=mode)
        assert got and {h.metadata["language"] for h in got} == {"hi"}


def test_cross_lingual_both_ways(retriever):
    hindi_question = retriever.search("कुम्हार ने बर्तन को उपहार की तरह बनाया", SearchFilters(language="en"), k=3,
                                      mode="dense")
    assert hindi_question[0].metadata["source"] == "work-en.txt"
    english_question = retriever.search("anger is a fire that burns the one who holds it",
                                        SearchFilters(language="hi"), k=3, mode="dense")
    assert english_question[0].metadata["source"] == "krodh-hi.txt"


def test_a_query_without_keyword_evidence_ranks_exactly_as_dense(retriever):
    # A Hindi question whose only keyword matches are stray numbers ("19" of "Section 19" and of "19/04/1969")
    query = "कुम्हार रामदास हर घड़े को उपहार की तरह गढ़ता था 19 90"
    assert retriever.search(query, k=10, mode="keyword")  # the keyword side does return candidates ...
    dense = [h.id for h in retriever.search(query, k=10, mode="dense")]
    assert [h.id for h in retriever.search(query, k=10)] == dense  # ... and they move nothing


def test_a_query_both_sides_agree_on_ranks_the_agreed_document_first(retriever):
    query = "Keshav the bell-maker listened to the silence after the ringing"
    for mode in ("dense", "keyword"):
        assert retriever.search(query, k=3, mode=mode)[0].metadata["source"] == "silence-en.txt"
    hit = retriever.search(query, k=3)[0]
    assert hit.metadata["source"] == "silence-en.txt" and {"dense", "keyword"} <= hit.scores.keys()


def test_neighbour_windows_in_a_long_document(retriever, index):
    hits = retriever.search("ferryman counted 47 boats", SearchFilters(), k=1, mode="keyword")
    assert hits
    seq = hits[0].metadata["seq"]
    n_chunks = hits[0].metadata["n_chunks"]
    assert n_chunks > 25 and 0 < seq < n_chunks - 1
    passages = retriever.retrieve("ferryman counted 47 boats", SearchFilters(), k=1)
    passage = passages[0]
    assert (passage.seq_start, passage.seq_end) == (seq - 1, seq + 1)
    assert len(passage.chunk_ids) == 3 and "Section 47:" in passage.text
    numbers = [int(part.split(":")[0]) for part in passage.text.split("Section ")[1:]]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)  # document order, no duplicates


def test_adjacent_hits_merge_into_one_passage(retriever):
    from rag_bot.retrieval.context import with_neighbours

    hits = retriever.search("ferryman boats river dawn", SearchFilters(), k=40, mode="keyword")
    long_hits = [h for h in hits if h.metadata["source"] == "river-long.txt"]
    seqs = sorted(h.metadata["seq"] for h in long_hits)
    pair = next((a, b) for a, b in zip(seqs, seqs[1:], strict=False) if b - a <= 2)
    chosen = [h for h in long_hits if h.metadata["seq"] in pair]
    passages = with_neighbours(retriever.store.vectors, chosen, window=1)
    assert len(passages) == 1
    assert passages[0].seq_start == max(0, pair[0] - 1) and passages[0].seq_end == pair[1] + 1
    assert len(passages[0].chunk_ids) == len(set(passages[0].chunk_ids)) == passages[0].seq_end - passages[0].seq_start + 1


def test_whole_document_in_order_and_cap_is_reported(retriever, index):
    passages = retriever.retrieve("what was said", SearchFilters(date="1969-08-15"), whole_document=True)
    assert len(passages) == 1
    doc = passages[0]
    assert doc.seq_start == 0 and len(doc.chunk_ids) > 25 and not doc.truncated
    body = doc.text.replace("\n", " ")
    positions = [body.find(s) for s in LONG_SENTENCES]
    assert all(p >= 0 for p in positions) and positions == sorted(positions)
    capped = HybridRetriever(index.model_copy(update={"max_context_chunks": 5}), retriever.embedder)
    cut = capped.retrieve("x", SearchFilters(date="1969-08-15"), whole_document=True)
    assert cut[0].truncated and len(cut[0].chunk_ids) == 5


def test_tool_returns_status_and_artifact(retriever):
    tool = make_retrieve_context(retriever)
    message = tool.invoke({"type": "tool_call", "id": "call-1", "name": "retrieve_context",
                           "args": {"query": "bell-maker Keshav", "date_filter": "1969-01-23"}})
    assert isinstance(message, ToolMessage)
    assert message.content.startswith("Retrieved ") and "passages from" in message.content
    passages = message.artifact["passages"]
    assert passages and all(p["date"] == "1969-01-23" for p in passages)
    first = passages[0]
    assert {"source", "title", "date", "language", "chunk_ids", "score", "text"} <= set(first)
    assert str(len(passages)) in message.content
    assert message.artifact["period_is_empty"] is False


def test_tool_status_says_when_no_document_is_dated_in_the_period(retriever):
    tool = make_retrieve_context(retriever)

    flags: list[bool] = []

    def status(**args) -> str:
        message = tool.invoke({"type": "tool_call", "id": "c", "name": "retrieve_context",
                               "args": {"query": "flood", **args}})
        assert message.artifact["passages"] == []
        flags.append(message.artifact["period_is_empty"])  # what the agent reads (never the status text)
        return message.content

    assert NO_DOCUMENT_DATED in status(date_from="1961-01-01", date_to="1961-12-31")
    assert "between 1961-01-01 and 1961-12-31" in status(date_from="1961-01-01", date_to="1961-12-31")
    assert f"{NO_DOCUMENT_DATED} 1999-01-01" in status(date_filter="1999-01-01")
    # a talk of that date exists, only the language filter excludes it: not a question of dates
    language_only = status(date_filter="1969-04-19", language="hi")
    assert language_only.startswith("Retrieved 0 passages") and NO_DOCUMENT_DATED not in language_only
    assert flags == [True, True, True, False]
    assert retriever.can_match(SearchFilters(date="1969-04-19")) is True
    assert retriever.can_match(SearchFilters(date_from="1961-01-01", date_to="1961-12-31")) is False


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ({"query": "silence", "date_filter": "1969-13-45"}, "date_filter"),
        ({"query": "silence", "date_filter": "23 Jan"}, "YYYY-MM-DD"),
        ({"query": "silence", "language": "fr"}, "Unknown language"),
        ({"query": "silence", "date_from": "1970-01-01", "date_to": "1969-01-01"}, "after"),
        ({"query": "  "}, "Empty query"),
    ],
)
def test_tool_bad_arguments_give_a_clear_status(retriever, args, needle):
    tool = make_retrieve_context(retriever)
    message = tool.invoke({"type": "tool_call", "id": "c", "name": "retrieve_context", "args": args})
    assert message.content.startswith("Invalid arguments") and needle in message.content
    assert message.artifact == {"passages": [], "period_is_empty": False}


def test_per_user_default_language_is_bound_not_global(retriever):
    hindi_user = make_retrieve_context(retriever, default_language="hi")
    english_user = make_retrieve_context(retriever, default_language="en")
    call = {"type": "tool_call", "id": "c", "name": "retrieve_context",
            "args": {"query": "silence", "language": "default", "date_filter": "1969-01-23"}}
    assert {p["language"] for p in hindi_user.invoke(call).artifact["passages"]} == {"hi"}
    assert {p["language"] for p in english_user.invoke(call).artifact["passages"]} == {"en"}


def test_keyword_readers_reload_new_snapshots_and_ignore_partial_ones(tmp_path):
    from rag_bot.index.keywords import KeywordEntry

    writer = KeywordIndex(tmp_path / "kw")
    reader = KeywordIndex(tmp_path / "kw")
    writer.publish([KeywordEntry("a", ["river"], 19690101, "en", "d1")])
    assert [i for i, _ in reader.search("river", 5, SearchFilters())] == ["a"]
    (tmp_path / "kw" / ".tmp-seg-999999-broken").mkdir()  # a writer died half way: invisible to readers
    assert [i for i, _ in reader.search("river", 5, SearchFilters())] == ["a"]
    writer.apply([KeywordEntry("b", ["river", "boat"], 0, "hi", "d2")])
    assert {i for i, _ in reader.search("river", 5, SearchFilters())} == {"a", "b"}
    assert [i for i, _ in reader.search("river", 5, SearchFilters(language="hi"))] == ["b"]
    assert not (tmp_path / "kw" / ".tmp-seg-999999-broken").exists()  # the next writer pruned the leftover
    writer.apply(remove=["a"])
    assert [i for i, _ in reader.search("river", 5, SearchFilters())] == ["b"]
    assert len(list((tmp_path / "kw").glob("seg-*"))) <= 2  # segments no generation needs are pruned


@pytest.mark.parametrize("filters", [SearchFilters(language="hi"), SearchFilters(date="1969-08-15"),
                                     SearchFilters(date_from="1969-04-01", date_to="1970-12-31", language="en"),
                                     SearchFilters(date_to="1969-06-30")])
def test_probe_then_filter_equals_chromas_filtered_search(retriever, filters):
    from rag_bot.index.vectors import matches

    vector = retriever.embedder.embed_query("the river at dawn")
    vectors, keywords = retriever.store.vectors, retriever.store.keywords
    exact = vectors.search(vector, 5, filters)
    for probe in (5, 12, 1000):  # too small (falls back), borderline, everything
        for passing in (None, keywords.passing):  # Chroma's metadata, or the keyword index's copy of it
            probed = vectors.search(vector, 5, filters, probe=probe, passing=passing)
            assert [h.id for h in probed] == [h.id for h in exact]
    assert exact and all(matches(h.metadata, filters) for h in vectors.get([h.id for h in exact]))

    def knows_nothing(ids, filters):  # chunks committed after the keyword index's last change
        return set(), list(ids)

    def knows_half(ids, filters):
        ok, unknown = keywords.passing(ids[::2], filters)
        return ok, unknown + list(ids[1::2])

    for passing in (knows_nothing, knows_half):  # what it does not know is checked against Chroma's metadata
        assert [h.id for h in vectors.search(vector, 5, filters, probe=1000, passing=passing)] == [
            h.id for h in exact]


def test_the_keyword_index_tells_which_chunks_pass_a_filter(retriever):
    keywords, vectors = retriever.store.keywords, retriever.store.vectors
    ids = sorted(vectors.all_ids())
    filters = SearchFilters(language="hi")
    ok, unknown = keywords.passing([*ids, "no-such-chunk"], filters)
    assert unknown == ["no-such-chunk"]
    assert ok == {h.id for h in vectors.get(ids) if h.metadata["language"] == "hi"} and 0 < len(ok) < len(ids)


def test_a_deleted_or_replaced_row_is_judged_by_its_live_copy(tmp_path):
    keywords = KeywordIndex(tmp_path / "kw")
    keywords.apply([KeywordEntry("a", ["river"], 19690101, "hi"), KeywordEntry("b", ["boat"], 19700101, "en")])
    hindi = SearchFilters(language="hi")
    assert keywords.passing(["a", "b"], hindi) == ({"a"}, []) and keywords.selectivity(hindi) == 0.5
    keywords.apply(remove=["a"])  # a deleted row is not known any more: the caller asks Chroma
    assert keywords.passing(["a", "b"], hindi) == (set(), ["a"]) and keywords.selectivity(hindi) == 0.0
    keywords.apply([KeywordEntry("b", ["boat"], 19700101, "hi")])  # replaced: its new segment's row counts
    assert keywords.passing(["a", "b"], hindi) == ({"b"}, ["a"]) and keywords.selectivity(hindi) == 1.0


def test_a_filter_nothing_passes_skips_the_dense_search(retriever):
    assert retriever.store.keywords.selectivity(SearchFilters(date="1999-01-01")) == 0.0
    assert retriever.candidates("river", SearchFilters(date="1999-01-01"), "hybrid", 10) == ([], [])
    assert 0 < retriever.store.keywords.selectivity(SearchFilters(language="hi")) < 1


def test_chunks_written_after_the_count_was_cached_are_still_stepped_over(tmp_path, make_settings):
    """The reader caches Chroma's count (a scan); an ingester then writes uncommitted chunks that match the query
    best: the top k are still k committed chunks (the short answer makes the reader count again)."""
    from rag_bot.index.store import IndexStore

    settings = make_settings()
    corpus = tmp_path / "corpus"
    for i in range(8):
        write_text(corpus / f"t{i}.txt", f"Talk {i}\n{i + 1} June 1970\n\nTalk {i} is about the river and boats.")
    ingest_paths([corpus], settings, progress=False)
    embedder = get_embedder(settings)
    reader = IndexStore(settings, embedder.name)
    committed = reader.load_manifest().chunk_ids()
    vector = embedder.embed_query("the river and boats")
    assert {h.id for h in reader.vectors.search(vector, 5, SearchFilters())} <= committed  # count now cached
    writer = IndexStore(settings, embedder.name, committed_only=False)
    fresh = [f"uncommitted-{i}" for i in range(12)]  # more than k, each closer to the query than any chunk
    writer.vectors.add(fresh, np.tile(vector, (len(fresh), 1)), ["x"] * len(fresh),
                       [{"source": "x.txt", "language": "en", "date_int": 0}] * len(fresh))
    for filters, probe in ((SearchFilters(), None), (SearchFilters(language="en"), 40)):
        hits = reader.vectors.search(vector, 5, filters, probe=probe, passing=reader.keywords.passing)
        assert len(hits) == 5 and {h.id for h in hits} <= committed


def test_neighbours_are_read_by_id_from_the_manifests_document_map(retriever, monkeypatch):
    """The manifest lists each document's chunks in order, so neighbours are read by id (Chroma's metadata
    clause on a seq range scans the collection: seconds at 300k chunks); the passages equal the clause's."""
    from rag_bot.index.vectors import VectorIndex
    from rag_bot.retrieval.context import with_neighbours

    hits = retriever.search("ferryman boats river dawn", SearchFilters(), k=8)
    by_clause = with_neighbours(retriever.store.vectors, hits, window=2)
    calls = []
    get_where = VectorIndex.get_where
    monkeypatch.setattr(VectorIndex, "get_where", lambda self, where: calls.append(where) or get_where(self, where))
    by_id = with_neighbours(retriever.store.vectors, hits, window=2, chunk_ids_of=retriever.store.document_chunks)
    assert calls == []
    assert [(p.doc_id, p.chunk_ids, p.text) for p in by_id] == [(p.doc_id, p.chunk_ids, p.text) for p in by_clause]
    assert any(len(p.chunk_ids) > 1 for p in by_id)
    long_doc = next(p.doc_id for p in by_id if p.source == "river-long.txt")
    ids = retriever.store.document_chunks(long_doc)
    assert ids and [h.metadata["seq"] for h in retriever.store.vectors.get(list(ids))] == list(range(len(ids)))
    retriever.retrieve("ferryman boats river dawn", SearchFilters(), k=4)
    assert calls == []  # the tool's path uses the map too


@pytest.mark.parametrize("filters, cap", [(SearchFilters(date="1969-08-15"), 200), (SearchFilters(date="1969-08-15"), 5),
                                          (SearchFilters(date_from="1969-01-01", date_to="1969-12-31"), 200),
                                          (SearchFilters(date_from="1969-01-01", date_to="1969-12-31"), 7),
                                          (SearchFilters(date_from="1969-01-01", date_to="1969-12-31", language="hi"),
                                           200)])
def test_whole_documents_from_the_manifest_equal_the_metadata_clauses(retriever, monkeypatch, filters, cap):
    """Whole documents of a date (or range) come from the manifest's documents, read by id and only up to the
    cap (a range can match much of the index); the passages equal the metadata path's."""
    from rag_bot.index.vectors import VectorIndex
    from rag_bot.retrieval.context import whole_documents

    vectors = retriever.store.vectors
    by_clause = whole_documents(vectors, filters, cap)
    read: list[int] = []
    get = VectorIndex.get
    monkeypatch.setattr(VectorIndex, "get", lambda self, ids: read.append(len(ids)) or get(self, ids))
    monkeypatch.setattr(VectorIndex, "get_where", lambda self, where: pytest.fail("metadata clause used"))
    by_id = whole_documents(vectors, filters, cap, retriever.store.documents())
    assert by_clause and [(p.doc_id, p.chunk_ids, p.truncated) for p in by_id] == [
        (p.doc_id, p.chunk_ids, p.truncated) for p in by_clause]
    assert sum(read) <= cap  # nothing beyond the cap is read


def test_a_file_copied_into_two_ingested_folders_is_one_passage(tmp_path):
    """The same talk under two roots is two documents in the index; retrieval returns its text once, for a topic
    question and for a whole-talk question of its date."""
    first, second = tmp_path / "archive", tmp_path / "copy"
    talk = ("The Salt Pans\n5 December 2011\n\nThe agariyas of Kharisar dig their pans on the island every October. "
            "A tent school opened there for their children.")
    write_text(first / "salt.txt", talk)
    write_text(second / "salt.txt", talk)
    settings = Settings(_env_file=None, index_dir=tmp_path / "index", neighbour_window=1, top_k=4)
    for root in (first, second):
        assert ingest_paths([root], settings, progress=False).failed == []
    retriever = HybridRetriever(settings, get_embedder(settings))
    assert len({h.metadata["doc_id"] for h in retriever.search("tent school", SearchFilters(), k=10)}) == 2
    for passages in (retriever.retrieve("tent school for the children", SearchFilters()),
                     retriever.retrieve("what was said", SearchFilters(date="2011-12-05"), whole_document=True)):
        assert len(passages) == 1 and "tent school" in passages[0].text
