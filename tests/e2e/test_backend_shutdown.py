"""The chat backend's background load of Chroma's collection ends before the backend closes.

A process whose interpreter exits while Chroma's native code is loading a collection in another thread can die
with SIGSEGV instead of exit 0 (seen on CI: a webhook bot stopped by SIGTERM just after it became ready)."""
from __future__ import annotations

import asyncio
import shutil

from rag_bot.config import Settings
from rag_bot.frontends.chat_backend import ChatBackend
from rag_bot.retrieval.factory import get_retriever


def test_closing_the_backend_waits_for_the_background_load(sample_index, tmp_path, monkeypatch):
    index = tmp_path / "index"
    shutil.copytree(sample_index, index)  # a path no other test has loaded in this process
    settings = Settings(_env_file=None, index_dir=index, checkpointer="memory", llm_provider="extractive",
                        sqlite_path=tmp_path / "memory.sqlite",
                        dense_engine="chroma")  # the dense copy (the default) loads no collection at all
    vectors = get_retriever(settings).store.vectors
    real_warm = vectors.warm
    loaded: list[int] = []

    def warm() -> None:
        real_warm()
        loaded.append(vectors.count())

    monkeypatch.setattr(vectors, "warm", warm)

    async def open_warm_and_close() -> ChatBackend:
        async with ChatBackend.open(settings) as backend:
            backend.start_warming()
            backend.start_warming()  # once: a second call starts no second load
        return backend

    backend = asyncio.run(open_warm_and_close())
    assert backend._warming is not None and not backend._warming.is_alive()
    assert loaded == [vectors.count()] and loaded[0] > 0
