"""A large part's rows are written in list order without a second copy: the bytes, checksums and codes are those of
the rows gathered whole (rag_bot.index.mapped.Gathered, rag_bot.index.ann.encode with an order)."""

from __future__ import annotations

import numpy as np
import pytest

from rag_bot.index import ann, mapped
from rag_bot.index.mapped import MappedFile


class Damaged(ValueError):
    pass


@pytest.mark.parametrize("rows, dim", [(1, 384), (5_000, 384), (3_001, 7), (20_000, 3), (0, 384)])
def test_gathered_rows_write_the_same_file_as_the_gathered_array(tmp_path, monkeypatch, rows, dim):
    monkeypatch.setattr(mapped, "GATHER_BYTES", 100_000)  # many runs of rows, none ending where a block does
    rng = np.random.default_rng(rows)
    base = rng.standard_normal((rows, dim)).astype(np.float32)
    order = rng.permutation(rows)
    whole, lazy = tmp_path / "whole", tmp_path / "lazy"
    extra = {"ids": np.arange(rows, dtype=np.int64)}
    mapped.write(whole, b"TESTMAP1", {"vectors": base[order], **extra}, {"rows": rows})
    mapped.write(lazy, b"TESTMAP1", {"vectors": mapped.Gathered(base, order), **extra}, {"rows": rows})
    assert whole.read_bytes() == lazy.read_bytes()
    opened = MappedFile(lazy, b"TESTMAP1", Damaged, "test")
    opened.verify()  # every block's checksum holds
    assert np.array_equal(opened.array("vectors"), base[order])


def test_codes_in_list_order_are_the_codes_permuted():
    rng = np.random.default_rng(3)
    vectors = rng.standard_normal((4_000, 32)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    centroids = ann.train(vectors, 16)
    owner = ann.nearest(vectors, centroids)
    order = np.argsort(owner, kind="stable")
    plain, scale = ann.encode(vectors, centroids, owner)
    ordered, scale_ordered = ann.encode(vectors, centroids, owner, order)
    assert np.array_equal(scale, scale_ordered)
    assert np.array_equal(ordered, plain[order])


@pytest.mark.parametrize("length", [0, 1, 70_000, 400_003])
def test_a_stream_in_pieces_of_any_size_writes_the_same_file_as_the_array(tmp_path, monkeypatch, length):
    monkeypatch.setattr(mapped, "GATHER_BYTES", 100_000)
    data = np.random.default_rng(length).integers(0, 256, length, dtype=np.uint8)
    cuts = np.sort(np.random.default_rng(1).integers(0, length + 1, 37)) if length else np.zeros(0, dtype=int)
    bounds = [0, *cuts.tolist(), length]

    def pieces():
        for lo, hi in zip(bounds, bounds[1:], strict=False):
            yield data[lo:hi]

    whole, streamed = tmp_path / "whole", tmp_path / "streamed"
    mapped.write(whole, b"TESTMAP1", {"text": data, "n": np.arange(3)}, {})
    mapped.write(streamed, b"TESTMAP1", {"text": mapped.Stream(np.uint8, length, pieces), "n": np.arange(3)}, {})
    assert whole.read_bytes() == streamed.read_bytes()
    MappedFile(streamed, b"TESTMAP1", Damaged, "test").verify()
