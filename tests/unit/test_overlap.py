"""Overlapped ingestion stages and the parallel embedder: same results, in order, and really concurrent."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from ingest.loaders import LoadError
from ingest.overlap import embed_ahead, prefetch
from rag_bot.models.embeddings import LocalE5Embedder


def test_prefetch_keeps_order_hands_back_errors_and_works_ahead():
    started = {}
    release = threading.Event()

    def work(i: int) -> int:
        started[i] = True
        if i == 0:
            release.wait(5)  # item 0 is slow: item 1 must be prepared meanwhile
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
            assert consumer_waits.wait(5)
    assert prepared == [0, 1, 2]


def test_stopping_early_stops_the_producer():
    seen = []
    for i, _ in prefetch(range(1000), lambda i: seen.append(i) or i, ahead=1):
        if i == 2:
            break
    assert len(seen) < 10


def test_embed_ahead_embeds_the_next_batch_while_this_one_is_written():
    started = {0: threading.Event(), 2: threading.Event(), 4: threading.Event()}

    def embed(batch: list[int]) -> np.ndarray:
        started[batch[0]].set()
        return np.asarray(batch, dtype=np.float32)[:, None]

    out = []
    for batch, vectors in embed_ahead([[0, 1], [2, 3], [4]], embed):
        if batch[0] == 0:  # the caller holds the first batch: the second one is being embedded meanwhile
            assert started[2].wait(5)
        out.append((batch, vectors[:, 0].tolist()))
    assert out == [([0, 1], [0.0, 1.0]), ([2, 3], [2.0, 3.0]), ([4], [4.0])]


@pytest.mark.parametrize("workers", [2, 3])
def test_parallel_embedder_equals_the_engine_on_one_thread(workers):
    texts = ["Silence is the ground of all listening.", "मौन सुनने का आधार है।", "short",
             "The ferryman counted boats crossing the wide river at dawn. " * 6, "क्रोध एक आग है।"]
    serial = LocalE5Embedder(workers=1).embed_passages(texts)
    parallel = LocalE5Embedder(workers=workers).embed_passages(texts)
    assert parallel.shape == (len(texts), serial.shape[1])
    assert np.allclose(parallel, serial, atol=2e-3)  # the same vectors, in the same order
    assert float(np.min(np.sum(parallel * serial, axis=1))) > 0.999
