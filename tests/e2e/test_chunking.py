"""Chunking costs linear work for every shape of text, keeps every chunk within the real token budget, loses no
text, and puts boundaries where a scan that re-counts the growing chunk after every sentence puts them (issue 11).

Cost is measured as work handed to the tokenizer (calls + characters counted), which is deterministic; the
tokenizer itself is linear in its input (checked in ``test_the_tokenizer_is_linear``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.budget import Budget
from ingest.chunking import chunk_pages, paragraphs, split_sentences
from ingest.documents import split_documents
from ingest.loaders import load_bytes
from rag_bot.models.embeddings import get_embedder
from tests.chunk_shapes import SHAPES

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def real_count():
    from rag_bot.config import Settings

    return get_embedder(Settings(_env_file=None)).token_count


@pytest.fixture(scope="module")
def budget():
    from rag_bot.config import Settings

    settings = Settings(_env_file=None)
    return min(settings.chunk_tokens, get_embedder(settings).max_tokens - 2)  # as the pipeline sets it


class Metered:
    """A token counter that records the work it was given."""

    def __init__(self, count) -> None:
        self.count, self.calls, self.chars = count, 0, 0

    def __call__(self, text: str) -> int:
        self.calls += 1
        self.chars += len(text)
        return self.count(text)

    @property
    def work(self) -> int:
        return self.calls + self.chars


def _check_chunks(text: str, chunks, budget: int, count) -> None:
    assert [c.seq for c in chunks] == list(range(len(chunks)))
    over = [(c.seq, count(c.text)) for c in chunks if count(c.text) > budget]
    assert not over, over
    # nothing lost, nothing added, order kept (chunking only re-spaces the text)
    assert "".join("".join(c.text for c in chunks).split()) == "".join(text.split())


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_chunking_work_grows_linearly(shape, real_count, budget):
    # Re-counting the growing chunk after every sentence or word tokenised each character as many times as there
    # are units in its chunk (the 135 KB line: 28.8 M characters counted, 19.6-60 s); lines that count no tokens
    # never close a chunk, so that was quadratic. A 4x larger input must cost less than 6x (quadratic: 16x), and
    # each character is counted at most 6 times (measured: 1.0-4.3), whatever the budget.
    works = []
    for n in (20_000, 80_000):
        text = SHAPES[shape](n)
        meter = Metered(real_count)
        chunks = chunk_pages([(text, 1)], budget, meter)
        works.append(meter.work)
        assert meter.chars <= 6 * n, (n, meter.chars)
        if n == 80_000:
            _check_chunks(text, chunks, budget, real_count)
    assert works[1] / works[0] < 6.0, works


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("small_budget", [16, 100, 508])
def test_chunks_fit_any_budget_and_keep_all_text(shape, small_budget, real_count):
    text = SHAPES[shape](6_000)
    chunks = chunk_pages([(text, 1), (text[:500], 2)], small_budget, real_count)
    _check_chunks(text + text[:500], chunks, small_budget, real_count)
    assert chunks[0].page == 1 and {c.page for c in chunks} <= {1, 2}  # a chunk carries the page it starts on


def _len_over_3(text: str) -> int:
    return max(1, len(text) // 3)  # GoogleEmbedder's estimate: it does not add up over joined texts


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_counter_that_does_not_add_up_still_costs_linear_work(shape):
    works = []
    for n in (20_000, 80_000):
        text = SHAPES[shape](n)
        meter = Metered(_len_over_3)
        chunks = chunk_pages([(text, 1)], 200, meter)
        works.append(meter.work)
        _check_chunks(text, chunks, 200, _len_over_3)
    assert works[1] / works[0] < 6.0, works


@pytest.mark.cpu_growth
def test_the_tokenizer_is_linear(real_count):
    # the work measure above assumes it; a giant word is the worst case for a subword tokenizer
    import time

    def cpu(text: str) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            real_count(text)
            best = min(best, time.process_time() - start)
        return best

    for unit in ("a", "मौनकीशक्ति", "silence is "):
        small, large = unit * (100_000 // len(unit)), unit * (400_000 // len(unit))
        assert cpu(large) / max(cpu(small), 1e-4) < 6.0


def _rescan(pages, budget: int, count) -> list[tuple[str, int | None]]:
    """The definition the chunker must meet, by brute force: add sentences (words of a sentence over the budget)
    one at a time and close the chunk when the next would make it count more than ``budget``."""
    units = []
    for text, page in pages:
        for para in paragraphs(text):
            sep = "\n\n"
            for sentence in split_sentences(" ".join(para.split())):
                pieces = [sentence]
                if count(sentence) > budget:
                    pieces, current = [], ""
                    for word in sentence.split():
                        assert count(word) <= budget  # no giant word in the corpora compared
                        if current and count(current + " " + word) > budget:
                            pieces.append(current)
                            current = word
                        else:
                            current = f"{current} {word}" if current else word
                    pieces.append(current)
                for piece in pieces:
                    units.append((sep, piece, page))
                    sep = " "
    chunks, text, first_page = [], "", None
    for sep, piece, page in units:
        if text and count(text + sep + piece) > budget:
            chunks.append((text, first_page))
            text = ""
        if not text:
            text, first_page = piece, page
        else:
            text += sep + piece
    if text:
        chunks.append((text, first_page))
    return chunks


def _sample_documents():
    from rag_bot.config import Settings

    settings = Settings(_env_file=None)
    for path in sorted((REPO / "data" / "corpus").rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            loaded = load_bytes(path.name, data, Budget.for_file(len(data), settings))
            for document in split_documents(loaded, path.name):
                yield document.title, [(p.text, p.number) for p in document.pages]


@pytest.mark.parametrize("chunk_budget", [60, 220])
def test_sample_corpus_chunks_where_a_rescan_puts_boundaries(chunk_budget, real_count):
    documents = list(_sample_documents())
    assert len(documents) >= 10
    for title, pages in documents:
        budget = max(16, chunk_budget - (real_count(title) if title else 0))  # as make_chunks leaves the title room
        chunks = chunk_pages(pages, budget, real_count)
        assert [(c.text, c.page) for c in chunks] == _rescan(pages, budget, real_count), title


def test_long_sentences_split_where_a_rescan_puts_boundaries(real_count):
    text = SHAPES["long_sentences"](8_000) + "\n\n" + SHAPES["prose"](4_000)
    chunks = chunk_pages([(text, 1)], 100, real_count)
    assert len(chunks) > 25
    assert [(c.text, c.page) for c in chunks] == _rescan([(text, 1)], 100, real_count)
