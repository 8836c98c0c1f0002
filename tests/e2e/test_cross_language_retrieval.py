"""Cross-language retrieval in a mixed archive (issue 21): the best dense match of each language other than the
question's takes a place among the passages (``language_quota``), so a question answered only by a talk in the
other language reaches that talk although every other passage is in the question's language. Real embedded model,
real Chroma, the fresh archive (notebooks/eval/fresh; the installed dictionary's case: fresh5); the questions are
worded afresh (none is in the archive's question file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag_bot.agent import glossary
from rag_bot.config import Settings
from rag_bot.languages import dictionaries
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from rag_bot.retrieval.types import SearchFilters

REPO = Path(__file__).resolve().parents[2]

CASES = [  # (question, the only talk that answers it), one per direction
    ("In which year did the village's big well dry up?", "paani-2005-01-16.md"),  # Hindi talk: "१९९९ की गर्मी में"
    ("रस्साकशी की प्रतियोगिता किस टीम ने जीती?", "fair-2005-07-10.md"),  # English talk: "won by the Millers' team"
]


@pytest.mark.parametrize(("question", "talk"), CASES)
def test_the_other_languages_talk_is_among_the_passages(fresh_index, question, talk):
    settings = Settings(_env_file=None, index_dir=fresh_index)
    retriever = HybridRetriever(settings, get_embedder(settings))
    passages = retriever.retrieve(question, SearchFilters())  # what the retrieve_context tool hands the answerer
    assert 0 < len(passages) <= settings.top_k
    assert talk in {p.source.rsplit("/", 1)[-1] for p in passages}, [p.source for p in passages]
    asked = "hi" if talk.startswith("fair") else "en"
    assert sum(p.language == asked for p in passages) >= len(passages) - 1  # the rest stays in the asker's language


TRANSLATED = [  # Hindi questions answered only by an English talk whose chunk is not the best English dense match
    ("गाँव के कुएँ के पंप की मरम्मत किसने की थी?", "well-2004-06-20.md"),  # कुआँ ~ well, पंप ~ pump, मरम्मत ~ repair
    ("सूखे सेब रखने की जालियाँ किसने बनाईं?", "storage-2005-10-02.md"),  # सूखा ~ dried, सेब ~ apple
]


@pytest.mark.parametrize(("question", "talk"), TRANSLATED)
def test_the_glossary_translation_finds_the_other_languages_talk_by_keyword(fresh_index, question, talk):
    sources = {}
    for on in (True, False):
        settings = Settings(_env_file=None, index_dir=fresh_index, translated_keywords=on)
        passages = HybridRetriever(settings, get_embedder(settings)).retrieve(question, SearchFilters())
        assert 0 < len(passages) <= settings.top_k
        sources[on] = {p.source.rsplit("/", 1)[-1] for p in passages}
    assert talk in sources[True], sources[True]
    assert talk not in sources[False], sources[False]  # the dense quota alone does not reach it


INSTALLED = Path("/usr/share/dictd/freedict-eng-hin.dict.dz")


@pytest.fixture(scope="module")
def beekeepers_index(tmp_path_factory) -> Path:
    """The fifth evaluation archive (notebooks/eval/fresh5: beekeepers, English and Hindi talks), ingested."""
    from ingest.pipeline import ingest_paths

    index_dir = tmp_path_factory.mktemp("fresh5") / "index"
    summary = ingest_paths([REPO / "notebooks" / "eval" / "fresh5" / "corpus"],
                           Settings(_env_file=None, index_dir=index_dir), progress=False)
    assert summary.added and not summary.failed, summary
    return index_dir


def _forget_dictionary() -> None:
    dictionaries.entries.cache_clear()
    for cached in (glossary._dictionary, glossary._senses, glossary.known, glossary.forms):
        cached.cache_clear()


@pytest.mark.skipif(not INSTALLED.exists(), reason="dict-freedict-eng-hin is not installed")
def test_the_installed_dictionary_translates_a_word_the_glossary_lacks(beekeepers_index, monkeypatch):
    """"मर्तबान" (jar) is in no hand-written glossary entry: only the dictionary puts the question into English, and
    the keyword search then reaches the talk that prices a jar of heather honey (not the best English dense match)."""
    question, talk = "शहद का एक मर्तबान कितने में बिकता है?", "extractor-2020-09-20.md"
    assert glossary.translations("मर्तबान") == ()
    configured = dictionaries.of
    sources = {}
    for on in (True, False):
        monkeypatch.setattr(dictionaries, "of", configured if on else (lambda lang: None))
        _forget_dictionary()
        settings = Settings(_env_file=None, index_dir=beekeepers_index)
        passages = HybridRetriever(settings, get_embedder(settings)).retrieve(question, SearchFilters())
        sources[on] = {p.source.rsplit("/", 1)[-1] for p in passages}
    monkeypatch.undo()
    _forget_dictionary()
    assert talk in sources[True], sources[True]
    assert talk not in sources[False], sources[False]
