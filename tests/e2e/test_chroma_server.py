"""The whole search path against a real `chroma run` server (several bot instances share one index); the server
is the session's, emptied for this test (``chroma_server`` in tests/stand_ins/chroma_server.py)."""

from __future__ import annotations

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from rag_bot.retrieval.types import SearchFilters
from tests.filemakers import write_text


def test_ingest_and_hybrid_search_through_a_chroma_server(tmp_path, chroma_server):
    corpus = tmp_path / "corpus"
    write_text(corpus / "a.txt", "On Silence\n23 January 1969\n\nThe bell-maker Keshav listened to the silence.")
    write_text(corpus / "b.md", "# मौन\n\n२३ जनवरी १९६९\n\nकेशव गूँज के बाद के मौन को सुनता था।")
    write_text(corpus / "c.txt", "Work\n19/04/1969\n\nThe potter Ramdas shaped each pot as a gift.")
    shared_keywords = tmp_path / "shared-index"
    writer = Settings(_env_file=None, index_dir=shared_keywords, chroma_url=chroma_server)
    assert ingest_paths([corpus], writer, progress=False).added == 3
    assert not (shared_keywords / "chroma").exists()  # vectors went to the server, not to disk here

    reader = HybridRetriever(Settings(_env_file=None, index_dir=shared_keywords, chroma_url=chroma_server),
                             get_embedder(writer))
    hits = reader.search("bell maker listening", SearchFilters(date="1969-01-23"), k=5)
    assert {h.metadata["source"] for h in hits} == {"a.txt", "b.md"}
    assert {"dense", "keyword"} <= set(hits[0].scores)
    write_text(corpus / "d.txt", "Rivers\n15 August 1969\n\nThe ferryman Govind crossed the river at dawn.")
    ingest_paths([corpus], writer, progress=False)
    # the running reader picks up the new keyword snapshot and the server's new vectors without a restart
    assert reader.search("ferryman Govind", SearchFilters(), k=1, mode="keyword")[0].metadata["source"] == "d.txt"
    assert reader.search("ferryman Govind", SearchFilters(), k=1)[0].metadata["source"] == "d.txt"
