"""What a chunk is embedded as: a one-line document is not embedded as "line\\nline", a real title is kept, and a
change of the composition re-embeds every file on the next ingest."""

from __future__ import annotations

import numpy as np

from ingest.documents import Chunk, compose, make_chunks, split_documents
from ingest.loaders import LoadedFile, Page
from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.index.store import IndexStore
from rag_bot.models.embeddings import get_embedder
from tests.filemakers import write_text

LINE = "Add printers, view printer jobs and decide how you want to print"


def chunks_of(loaded: LoadedFile) -> list[Chunk]:
    (document,) = split_documents(loaded, "x.txt")
    return make_chunks(document, "hash", 200, lambda text: len(text.split()))


def test_one_line_document_is_embedded_as_its_line():
    (chunk,) = chunks_of(LoadedFile([Page(LINE)]))
    assert chunk.metadata["title"] == LINE  # the guessed title is the line itself ...
    assert chunk.embed_text == LINE  # ... and is not repeated above it


def test_a_title_of_its_own_is_kept_even_when_the_text_begins_with_its_words():
    (chunk,) = chunks_of(LoadedFile([Page("Soil pH measures how acidic the ground is.")], title="Soil pH"))
    assert chunk.embed_text == "Soil pH\nSoil pH measures how acidic the ground is."
    assert compose("new_title", "# On Silence", "On Silence\n\nSilence is not ...") == "On Silence\n\nSilence is not ..."
    assert compose("title", LINE, LINE) == f"{LINE}\n{LINE}"
    assert compose("bare", "T", "text") == "text"


def test_changing_the_composition_re_embeds_on_the_next_ingest(tmp_path, monkeypatch):
    root = tmp_path / "docs"
    write_text(root / "one-line.txt", LINE)
    write_text(root / "titled.md", "# Printing\n\nThe printer panel lists the jobs of each printer.")
    settings = Settings(_env_file=None, index_dir=tmp_path / "index")
    monkeypatch.setattr(Chunk, "COMPOSITION", "title")
    first = ingest_paths([root], settings, progress=False)
    assert first.added == 2
    assert ingest_paths([root], settings, progress=False).skipped == 2  # nothing changed: nothing re-embedded

    monkeypatch.setattr(Chunk, "COMPOSITION", "new_title")
    second = ingest_paths([root], settings, progress=False)
    assert second.replaced == 2 and second.chunks >= 2  # every file again, its chunks embedded again
    store = IndexStore(settings, get_embedder(settings).name)
    hits = {h.text: h for h in store.vectors.get(sorted(store.load_manifest().chunk_ids()))}
    stored = store.vectors._collection.get(ids=[hits[LINE].id], include=["embeddings"])["embeddings"][0]
    expected = get_embedder(settings).embed_passages([LINE])[0]
    assert np.allclose(stored, expected, atol=1e-5)  # the line alone, no longer "line\nline"
    assert store.vectors.count() == len(hits)  # the vectors of the old composition are gone
