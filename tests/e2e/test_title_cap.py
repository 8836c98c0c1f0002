"""A document's title takes a bounded share of every chunk, in tokens of the real embedder (issue 22, item 1): a
20,000-character ``<title>`` or a 1,000-character DOCX title chunks about like its short-titled twin, a CJK title
stays within its share and does not make unrelated chunks near-identical, and a search hit returns the capped title.
"""

from __future__ import annotations

import numpy as np
import pytest

from ingest.budget import Budget
from ingest.documents import TITLE_SHARE, capped_title, make_chunks, split_documents
from ingest.loaders import load_bytes
from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from tests.filemakers import write_docx

WORDS = "river ferry bell dusk heron reed mill stone bridge lantern market harvest orchard wind rain".split()
CJK_TITLE = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(1500))


@pytest.fixture(scope="module")
def embedder():
    return get_embedder(Settings(_env_file=None))


@pytest.fixture(scope="module")
def budget(embedder):
    return min(Settings(_env_file=None).chunk_tokens, embedder.max_tokens - 2)  # as the pipeline sets it


def _words(n: int, seed: int = 0) -> str:
    return " ".join(WORDS[(i * 7 + seed) % len(WORDS)] for i in range(n))


def _page(title: str, paragraphs: int = 120) -> bytes:
    body = "".join(f"<p>{_words(15, i).capitalize()} number {i}.</p>" for i in range(paragraphs))
    return f"<html><head><title>{title}</title></head><body>{body}</body></html>".encode()


def _chunks(name: str, data: bytes, embedder, budget: int):
    loaded = load_bytes(name, data, Budget.for_file(len(data), Settings(_env_file=None)))
    return [c for d in split_documents(loaded, name) for c in make_chunks(d, "hash", budget, embedder.token_count)]


def _own_tokens(text: str, embedder) -> int:
    return embedder.token_count(text) - (2 * embedder.token_count("a") - embedder.token_count("a a"))


def test_a_20000_character_title_chunks_like_its_short_titled_twin(embedder, budget):
    short = _chunks("page.html", _page("River notes"), embedder, budget)
    long = _chunks("page.html", _page(_words(4000)[:20_000]), embedder, budget)
    assert len(long) <= 1.25 * len(short), (len(long), len(short))  # uncapped: 16 tokens of text per chunk
    assert max(embedder.token_count(c.embed_text) for c in long) <= budget
    title = long[0].metadata["title"]
    assert 0 < _own_tokens(title, embedder) <= budget // TITLE_SHARE and title == long[-1].metadata["title"]
    assert _words(4000).startswith(title) and _words(4000)[len(title)] == " "  # cut at a word boundary


def test_a_1000_character_docx_title_does_not_multiply_the_chunks(tmp_path, embedder, budget):
    paragraphs = [f"{_words(50, i).capitalize()} number {i}." for i in range(12)]
    short = write_docx(tmp_path / "short.docx", "Notes", paragraphs)
    long = write_docx(tmp_path / "long.docx", _words(400)[:1000], paragraphs)
    counts = [len(_chunks(p.name, p.read_bytes(), embedder, budget)) for p in (short, long)]
    # the title is also the document's first heading, so its text is indexed once more; uncapped it made every
    # chunk hold 16 tokens of text
    assert counts[1] <= counts[0] + 2, counts


def test_a_cjk_title_stays_within_its_share_and_chunks_stay_apart(embedder, budget):
    a = "The heron waits by the reeds at dawn while the ferry bell rings across the river. " * 2
    b = "Quarterly tax filings require the ledger totals and the auditor's signature before March. " * 2
    page = "<html><head><title>{}</title></head><body><p>{}</p></body></html>"
    first = _chunks("a.html", page.format(CJK_TITLE, a).encode(), embedder, budget)
    second = _chunks("b.html", page.format(CJK_TITLE, b).encode(), embedder, budget)
    assert len(first) == len(second) == 1
    assert _own_tokens(first[0].metadata["title"], embedder) <= budget // TITLE_SHARE
    assert max(embedder.token_count(c.embed_text) for c in first + second) <= budget
    va, vb = embedder.embed_passages([first[0].embed_text, second[0].embed_text])
    cosine = float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))
    assert cosine < 0.95, cosine  # the whole CJK title made them 0.995 alike


def test_capped_title_is_the_longest_prefix_that_fits(embedder):
    count = embedder.token_count
    for title in (_words(500), CJK_TITLE, "x" * 5000, "Short title"):
        capped = capped_title(title, 27, count)
        assert title.startswith(capped) and _own_tokens(capped, embedder) <= 27
        if capped != title:  # one more word (or character) would not fit
            rest = title[len(capped):].lstrip()
            longer = title[: len(title) - len(rest) + (rest.find(" ") if " " in rest else 1)]
            assert _own_tokens(longer, embedder) > 27 or len(longer) > 27 * 16
    assert capped_title("Short title", 27, count) == "Short title"


def test_a_search_hit_returns_the_capped_title(tmp_path, settings, embedder, budget):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.html").write_bytes(_page(_words(4000)[:20_000] + " lighthouse", paragraphs=16))
    summary = ingest_paths([tmp_path / "docs"], settings, progress=False, embedder=embedder)
    assert summary.failed == [] and summary.chunks <= 8
    hits = HybridRetriever(settings, embedder).search("river ferry bell number 2", k=3)
    assert hits and all(_own_tokens(h.metadata["title"], embedder) <= budget // TITLE_SHARE for h in hits)
