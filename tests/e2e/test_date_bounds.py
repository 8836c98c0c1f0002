"""A range's bounds are inclusive on every path that filters: Chroma's ``where`` clause, its Python twin that
checks probed hits, the keyword index's mask (and the ``passing`` answer built on it), and the hybrid retriever.
A document dated exactly on ``date_to`` (or ``date_from``) is in the range; one a day later is not."""

from __future__ import annotations

import pytest

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from rag_bot.retrieval.types import SearchFilters
from tests.filemakers import write_text

DAYS = ["1969-01-10", "1969-01-20", "1969-01-30"]
UPTO = SearchFilters(date_to="1969-01-20")  # the second document is dated exactly on the upper bound
FROM = SearchFilters(date_from="1969-01-20", date_to="1969-01-25")


@pytest.fixture(scope="module")
def retriever(tmp_path_factory) -> HybridRetriever:
    root = tmp_path_factory.mktemp("dated")
    for day in DAYS:
        write_text(root / f"lantern-{day}.txt", f"The Lantern\n{day}\n\nThe keeper lit the lantern on {day} and "
                   "watched the lantern burn through the night by the harbour.")
    settings = Settings(_env_file=None, index_dir=tmp_path_factory.mktemp("index"), top_k=5)
    assert ingest_paths([root], settings, progress=False).failed == []
    return HybridRetriever(settings, get_embedder(settings))


def days(hits) -> list[str]:
    return sorted(h.metadata["date"] for h in hits)


def test_the_vector_filter_includes_the_upper_bound(retriever):
    vectors, keywords = retriever.store.vectors, retriever.store.keywords
    vector = retriever.embedder.embed_query("the lantern at night")

    def dense(filters, **probing) -> list[str]:
        return days(vectors.get([h.id for h in vectors.search(vector, 10, filters, **probing)]))

    assert dense(UPTO) == DAYS[:2]  # Chroma's where clause ($lte)
    assert dense(FROM) == DAYS[1:2]  # ($gte)
    for passing in (None, keywords.passing):  # probed hits checked by the Python twin, or by the keyword index
        assert dense(UPTO, probe=1000, passing=passing) == DAYS[:2]
        assert dense(FROM, probe=1000, passing=passing) == DAYS[1:2]


def test_the_keyword_filter_includes_the_upper_bound(retriever):
    keywords, vectors = retriever.store.keywords, retriever.store.vectors
    found = [cid for cid, _ in keywords.search("lantern harbour", 10, UPTO)]
    assert days(vectors.get(found)) == DAYS[:2]
    found = [cid for cid, _ in keywords.search("lantern harbour", 10, FROM)]
    assert days(vectors.get(found)) == DAYS[1:2]


@pytest.mark.parametrize("mode", ["dense", "keyword", "hybrid"])
def test_the_retriever_includes_the_upper_bound_in_each_mode(retriever, mode):
    hits = retriever.search("lantern harbour", UPTO, k=10, mode=mode)
    assert sorted({h.metadata["date"] for h in hits}) == DAYS[:2]
