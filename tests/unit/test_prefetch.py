"""Overlapped ingestion stages and the parallel embedder: same results, in order, and really concurrent."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from ingest import prefetch as prefetch_module
from ingest.loaders import LoadError
from ingest.prefetch import embed_ahead, prefetch
from rag_bot.models.embeddings import LocalE5Embedder, _SharedOrAlone

HANG = 120  # s: a bound on waits only so a broken build fails instead of hanging; never a measured duration


def test_prefetch_keeps_order_hands_back_errors_and_works_ahead():
    started = {}
    release = threading.Event()

    def work(i: int) -> int:
        started[i] = True
        if i == 0:
            release.wait(HANG)  # item 0 is slow: item 1 must be prepared meanwhile
        if i == 2:
            raise LoadError("broken file")
        return i * 10

    got = prefetch(range(4), work, ahead=2)
    release.set()
    results = list(got)
    assert [i for i, _ in results] == [0, 1, 2, 3]
    assert [r for _, r in results if not isinstance(r, BaseException)] == [0, 10, 30]
    assert isinstance(results[2][1], LoadError)


def test_prefetch_prepares_the_next_item_while_the_consumer_works():
    prepared = []
    consumer_waits = threading.Event()

    def work(i: int) -> int:
        prepared.append(i)
        if i == 1:
            consumer_waits.set()
        return i

    for i, _ in prefetch(range(3), work, ahead=1):
        if i == 0:  # while the consumer holds item 0, item 1 gets prepared in the background
            assert consumer_waits.wait(HANG)
    assert prepared == [0, 1, 2]


def test_stopping_early_stops_the_producer():
    seen = []
    for i, _ in prefetch(range(1000), lambda i: seen.append(i) or i, ahead=1):
        if i == 2:
            break
    assert len(seen) < 10


def new_prefetch_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "ingest-prefetch" and t not in before]


def test_closing_early_waits_for_the_item_being_prepared_and_the_thread_has_ended():
    """Closed while the thread prepares an item (a later stage failed): closing returns once that item is done and
    the thread has ended, so nothing reads on after the caller moved on. No wait here is bounded by a time (the
    suite's timeout ends a hung test)."""
    before = set(threading.enumerate())
    entered, release, order = threading.Event(), threading.Event(), []

    def work(i: int) -> int:
        if i == 1:
            entered.set()
            release.wait()
            order.append("item 1 prepared")
        return i

    got = prefetch(range(5), work, ahead=1)
    assert next(got)[0] == 0
    entered.wait()  # the thread is inside item 1

    def close() -> None:
        got.close()
        order.append("closed")

    closer = threading.Thread(target=close)
    closer.start()
    release.set()
    closer.join()
    assert order == ["item 1 prepared", "closed"]
    assert new_prefetch_threads(before) == []


def test_an_error_iterating_the_items_is_raised_to_the_consumer():
    def items():
        yield 0
        raise OSError("the folder went away")

    got = prefetch(items(), lambda i: i)
    assert next(got)[0] == 0
    with pytest.raises(OSError, match="went away"):
        next(got)


def test_a_thread_that_does_not_stop_is_an_error_not_a_thread_left_behind(monkeypatch):
    """A loader hung on an item: closing raises an error after the bound (set short here) instead of going on
    as if the thread had stopped. The item is held until the test releases it, so the bound always passes first."""
    monkeypatch.setattr(prefetch_module, "STOP_WAIT_S", 0.01)
    before = set(threading.enumerate())
    entered, release = threading.Event(), threading.Event()

    def work(i: int) -> int:
        if i == 1:
            entered.set()
            release.wait()
        return i

    got = prefetch(range(3), work, ahead=1)
    assert next(got)[0] == 0
    entered.wait()
    try:
        with pytest.raises(RuntimeError, match="still reading one .* after it was asked to stop"):
            got.close()
    finally:
        release.set()
    for thread in new_prefetch_threads(before):  # released, it stops after the item
        thread.join()


def test_embed_ahead_embeds_the_next_two_batches_while_this_one_is_written():
    started = {b: threading.Event() for b in (0, 2, 4, 6)}

    def embed(batch: list[int]) -> np.ndarray:
        started[batch[0]].set()
        return np.asarray(batch, dtype=np.float32)[:, None]

    out = []
    for batch, vectors in embed_ahead([[0, 1], [2, 3], [4, 5], [6]], embed):
        if batch[0] == 0:  # the caller holds the first batch: the next two are being embedded meanwhile
            assert started[2].wait(HANG) and started[4].wait(HANG)
            assert not started[6].is_set()  # but no further: memory stays bounded
        out.append((batch, vectors[:, 0].tolist()))
    assert out == [([0, 1], [0.0, 1.0]), ([2, 3], [2.0, 3.0]), ([4, 5], [4.0, 5.0]), ([6], [6.0])]


def test_a_waiting_query_goes_before_batches_that_arrive_after_it():
    gate = _SharedOrAlone()
    order: list[str] = []
    first_batch_in, release_first, query_waiting = threading.Event(), threading.Event(), threading.Event()

    def batch(name: str, hold: threading.Event | None = None) -> None:
        with gate.shared():
            order.append(name)
            if hold is not None:
                first_batch_in.set()
                assert hold.wait(HANG)

    def query() -> None:
        query_waiting.set()
        with gate.alone():
            order.append("query")

    threads = [threading.Thread(target=batch, args=("batch 1", release_first))]
    threads[0].start()
    assert first_batch_in.wait(HANG)
    threads.append(threading.Thread(target=query))
    threads[1].start()
    assert query_waiting.wait(HANG)
    while not gate._waiting_alone:  # the query is queued behind the running batch
        threading.Event().wait(0.01)
    threads.append(threading.Thread(target=batch, args=("batch 2",)))
    threads[2].start()
    threading.Event().wait(0.2)
    assert order == ["batch 1"]  # neither the query nor the later batch ran while batch 1 held the cores
    release_first.set()
    for t in threads:
        t.join(HANG)
    assert order == ["batch 1", "query", "batch 2"]


def test_concurrent_batches_and_queries_give_the_vectors_each_gives_alone():
    texts_a = ["Silence is the ground of all listening.", "मौन सुनने का आधार है।", "The river at dawn."] * 3
    texts_b = ["क्रोध एक आग है।", "The ferryman counted boats crossing the wide river at dawn. " * 4] * 3
    embedder = LocalE5Embedder(workers=2)
    alone_a, alone_b = embedder.embed_passages(texts_a), embedder.embed_passages(texts_b)
    alone_q = embedder.embed_query("what is silence")
    results: dict[str, np.ndarray] = {}
    threads = [threading.Thread(target=lambda: results.__setitem__("a", embedder.embed_passages(texts_a))),
               threading.Thread(target=lambda: results.__setitem__("b", embedder.embed_passages(texts_b))),
               threading.Thread(target=lambda: results.__setitem__("q", embedder.embed_query("what is silence")))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(HANG)
    assert np.allclose(results["a"], alone_a, atol=1e-6) and np.allclose(results["b"], alone_b, atol=1e-6)
    assert np.allclose(results["q"], alone_q, atol=1e-6)


@pytest.mark.parametrize("workers", [2, 3])
def test_parallel_embedder_equals_the_engine_on_one_thread(workers):
    texts = ["Silence is the ground of all listening.", "मौन सुनने का आधार है।", "short",
             "The ferryman counted boats crossing the wide river at dawn. " * 6, "क्रोध एक आग है।"]
    serial = LocalE5Embedder(workers=1).embed_passages(texts)
    parallel = LocalE5Embedder(workers=workers).embed_passages(texts)
    assert parallel.shape == (len(texts), serial.shape[1])
    assert np.allclose(parallel, serial, atol=2e-3)  # the same vectors, in the same order
    assert float(np.min(np.sum(parallel * serial, axis=1))) > 0.999


def test_batches_held_between_producing_and_writing_do_not_grow_with_the_input():
    """The pipeline is bounded: twice the batches never means more of them held at once (embedding or
    embedded and waiting for the writer), so memory does not grow with the corpus."""

    def peak_held(n: int) -> int:
        held, peak = 0, 0

        def produce():
            nonlocal held, peak
            for i in range(n):
                held += 1
                peak = max(peak, held)
                yield [i]

        for batch, vectors in embed_ahead(produce(), lambda b: np.asarray(b, dtype=np.float32)[:, None]):
            assert vectors[0, 0] == batch[0]
            held -= 1
        return peak

    small, large = peak_held(20), peak_held(40)
    assert large == small  # a count, not a time: bounded means no growth at all (linear growth would be 2x)
