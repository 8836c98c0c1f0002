"""Build the retriever from settings (one per index directory and process)."""

from __future__ import annotations

import threading

from rag_bot.config import Settings
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever

_cache: dict[tuple[str, str | None, str, str, str], HybridRetriever] = {}
_lock = threading.Lock()


def get_retriever(settings: Settings) -> HybridRetriever:
    """The shared retriever for ``settings``' index (opening Chroma once per process)."""
    key = (str(settings.index_dir), settings.chroma_url, settings.collection, settings.embedding_provider,
           settings.keyword_engine)
    with _lock:
        retriever = _cache.get(key)
        if retriever is None or retriever.settings != settings:
            retriever = HybridRetriever(settings, get_embedder(settings))
            _cache[key] = retriever
        return retriever
