"""Ingestion keeps the embedder busy while the index opens, and stays consistent when the pipeline fails."""

from __future__ import annotations

import threading

import pytest

from ingest.pipeline import ingest_paths, scan_paths
from rag_bot.index.store import IndexStore
from rag_bot.index.writer import IndexWriter, check_index
from rag_bot.models.embeddings import get_embedder
from tests.filemakers import write_text


class Watched:
    """The real embedder, saying when it is first asked for passages."""

    def __init__(self, inner) -> None:
        self.inner, self.name, self.dim, self.max_tokens = inner, inner.name, inner.dim, inner.max_tokens
        self.called = threading.Event()

    def embed_passages(self, texts):
        self.called.set()
        return self.inner.embed_passages(texts)

    def embed_query(self, text):
        return self.inner.embed_query(text)

    def token_count(self, text):
        return self.inner.token_count(text)


def corpus_of(root, n: int, start: int = 0):
    for i in range(start, start + n):
        write_text(root / f"t{i:02d}.txt", f"Talk {i}\n{i + 1} June 1970\n\nTalk {i} is about the river and the boats.")
    return root


def stores_agree(settings) -> bool:
    store = IndexStore(settings, None, committed_only=False)
    return store.vectors.all_ids() == store.keywords.ids() == store.load_manifest().chunk_ids()


def test_the_first_batch_is_embedded_while_the_index_opens_and_files_commit_in_order(tmp_path, make_settings,
                                                                                    monkeypatch):
    settings = make_settings(ingest_batch=2)
    corpus = corpus_of(tmp_path / "corpus", 3)
    ingest_paths([corpus], settings, progress=False)  # an index to open: the second run opens it in a thread
    corpus_of(corpus, 4, start=3)
    embedder = Watched(get_embedder(settings))
    opening = IndexWriter._open_stores
    embedded_while_opening = []

    def slow_open(self):  # the stores open only once the embedder has been asked (or after a long wait)
        embedded_while_opening.append(embedder.called.wait(60))
        opening(self)

    monkeypatch.setattr(IndexWriter, "_open_stores", slow_open)
    committed = []
    summary = ingest_paths([corpus], settings, progress=False, embedder=embedder,
                           hook=lambda step, key: committed.append(key) if step == "vectors-written" else None)
    assert embedded_while_opening == [True]
    assert summary.added == 4 and summary.skipped == 3 and summary.failed == []
    items, _, _ = scan_paths([corpus], 10**9)
    assert committed == [it.key for it in items][3:]  # committed in the order of the files
    assert check_index(settings) == [] and stores_agree(settings)


@pytest.mark.parametrize("where", ["opening", "writing"])
def test_an_error_in_the_pipeline_leaves_the_index_consistent_and_unlocked(tmp_path, make_settings, monkeypatch,
                                                                          where):
    """The opening thread fails, or a write fails after others were written: the run raises that error, the index
    passes its check, readers see only committed chunks, and the next run (not blocked by the lock) completes it."""
    settings = make_settings(ingest_batch=2)
    corpus = corpus_of(tmp_path / "corpus", 3)
    ingest_paths([corpus], settings, progress=False)
    corpus_of(corpus, 6, start=3)
    calls = []
    target = "_open_stores" if where == "opening" else "write_vectors"
    original = getattr(IndexWriter, target)

    def failing(self, *args):
        calls.append(1)
        if len(calls) == 2 or where == "opening":
            original(self, *args)
            raise RuntimeError(f"failed while {where}")
        return original(self, *args)

    monkeypatch.setattr(IndexWriter, target, failing)
    with pytest.raises(RuntimeError, match=where):
        ingest_paths([corpus], settings, progress=False)
    monkeypatch.undo()
    assert check_index(settings) == []
    committed = IndexStore(settings, None).load_manifest().chunk_ids()
    assert IndexStore(settings, None).vectors.all_ids() >= committed
    again = ingest_paths([corpus], settings, progress=False)
    assert again.failed == [] and again.added + again.skipped == 9
    assert len(IndexStore(settings, None).load_manifest().files) == 9
    assert check_index(settings) == [] and stores_agree(settings)
