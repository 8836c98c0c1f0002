"""Ingestion keeps the embedder busy while the index opens, and stays consistent when the pipeline fails."""

from __future__ import annotations

import threading

import pytest

from ingest import pipeline
from ingest.pipeline import ingest_paths, scan_paths
from rag_bot.index.store import IndexStore
from rag_bot.index.vectors import VectorIndex
from rag_bot.index.writer import IndexWriter, check_index
from rag_bot.models.embeddings import get_embedder
from tests.cli_support import run_cli_here
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


def in_flight_peak(root, settings, monkeypatch, n: int) -> int:
    """Ingest ``n`` one-chunk files; the most files read but not yet committed at any moment of the run."""
    corpus = corpus_of(root, n)
    state = {"read": 0, "committed": 0, "peak": 0}
    reading = pipeline.read_file

    def counted(*args, **kwargs):
        state["read"] += 1
        state["peak"] = max(state["peak"], state["read"] - state["committed"])
        return reading(*args, **kwargs)

    def hook(step, key):
        if step == "vectors-written":
            state["committed"] += 1

    monkeypatch.setattr(pipeline, "read_file", counted)
    summary = ingest_paths([corpus], settings, progress=False, hook=hook)
    assert summary.added == n and summary.chunks == n
    return state["peak"]


def test_the_files_held_between_reading_and_committing_do_not_grow_with_the_number_of_files(tmp_path, make_settings,
                                                                                          monkeypatch):
    """The stages are joined by bounded queues (files read ahead, batches in flight): four times the files, the
    same most files held at once (what the run's memory for chunks and vectors follows)."""
    small = in_flight_peak(tmp_path / "small", make_settings(ingest_batch=2, index_dir=tmp_path / "i1"), monkeypatch,
                           12)
    large = in_flight_peak(tmp_path / "large", make_settings(ingest_batch=2, index_dir=tmp_path / "i2"), monkeypatch,
                           48)
    assert large / small <= 1.5, (small, large)


class FailingEmbedder(Watched):
    """The real embedder, failing on its ``fail_on``-th batch."""

    def __init__(self, inner, fail_on: int) -> None:
        super().__init__(inner)
        self.fail_on, self.calls = fail_on, 0

    def embed_passages(self, texts):
        self.calls += 1
        if self.calls == self.fail_on:
            raise RuntimeError("the model failed")
        return super().embed_passages(texts)


def pipeline_threads() -> list[str]:
    return [t.name for t in threading.enumerate()
            if t.name.startswith(("ingest-prefetch", "ingest-embed", "index-open", "index-load"))]


def test_an_error_while_embedding_stops_every_stage_and_loses_nothing(tmp_path, make_settings, monkeypatch):
    """The embedder fails with files still to read: when the run raises, the reading thread was stopped (it had
    not read every file) and has ended, as have the embedding and index threads; what was committed stays, and the
    next run completes the rest."""
    settings = make_settings(ingest_batch=2)
    corpus = corpus_of(tmp_path / "corpus", 3)
    ingest_paths([corpus], settings, progress=False)
    corpus_of(corpus, 20, start=3)
    reads = []
    reading = pipeline.read_file

    def counted(*args, **kwargs):
        reads.append(1)
        return reading(*args, **kwargs)

    monkeypatch.setattr(pipeline, "read_file", counted)
    embedder = FailingEmbedder(get_embedder(settings), fail_on=3)
    with pytest.raises(RuntimeError, match="the model failed"):
        ingest_paths([corpus], settings, progress=False, embedder=embedder)
    assert pipeline_threads() == []  # no stage left running
    assert len(reads) < 23  # the reader was stopped, not left to read on: it reads only a few files ahead
    assert embedder.calls <= 3 + 2  # at most the two batches already in flight ran after the failing one
    monkeypatch.undo()
    assert check_index(settings) == []
    kept = IndexStore(settings, None).load_manifest()
    assert len(kept.files) >= 3  # the files committed before the run stay (and the run's commits before the failure)
    assert IndexStore(settings, None).vectors.all_ids() >= kept.chunk_ids()
    again = ingest_paths([corpus], settings, progress=False)
    assert again.failed == [] and again.added + again.skipped == 23 and again.skipped >= 3
    assert check_index(settings) == [] and stores_agree(settings)


def test_chroma_loads_the_collection_while_the_first_batches_embed_and_not_for_a_run_without_changes(
        tmp_path, make_settings, monkeypatch):
    settings = make_settings(ingest_batch=2)
    corpus = corpus_of(tmp_path / "corpus", 3)
    ingest_paths([corpus], settings, progress=False)
    embedder = Watched(get_embedder(settings))
    loads = []
    warm = VectorIndex.warm

    def watched_warm(self):  # records whether the embedder was at work while Chroma loaded, and in which thread
        loads.append((embedder.called.wait(60), threading.current_thread().name))
        warm(self)

    monkeypatch.setattr(VectorIndex, "warm", watched_warm)
    assert ingest_paths([corpus], settings, progress=False, embedder=embedder).skipped == 3
    assert loads == []  # nothing to write: the collection is not loaded
    corpus_of(corpus, 3, start=3)
    summary = ingest_paths([corpus], settings, progress=False, embedder=embedder)
    assert summary.added == 3 and len(loads) == 1
    assert loads[0][0] is True and loads[0][1].startswith("index-load")
    assert check_index(settings) == [] and stores_agree(settings)


def test_an_index_of_another_model_is_one_sentence_from_the_opening_thread_and_changes_nothing(tmp_path,
                                                                                            make_settings):
    """The stores open in a thread while the first files embed: what opening refuses still ends the command with
    one sentence and exit 2, and the index is as it was."""
    settings = make_settings()
    corpus = corpus_of(tmp_path / "corpus", 2)
    other = Watched(get_embedder(settings))
    other.name = "other/model"
    ingest_paths([corpus], settings, progress=False, embedder=other)
    corpus_of(corpus, 2, start=2)
    before = (settings.index_dir / "manifest.json").read_bytes()
    done = run_cli_here(["ingest", str(corpus), "--index-dir", str(settings.index_dir)], cwd=tmp_path)
    assert done.returncode == 2
    errors = [line for line in done.stderr.split("\n") if line.startswith("error:")]
    assert len(errors) == 1 and "other/model" in errors[0] and "Traceback" not in done.stderr, done.stderr
    assert (settings.index_dir / "manifest.json").read_bytes() == before
    assert pipeline_threads() == []
