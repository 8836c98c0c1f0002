"""rag-bot's hybrid search as a LangChain ``BaseRetriever``, for use in anyone's own chains.

    retriever = HybridLangChainRetriever.from_settings(Settings())
    docs = retriever.invoke("silence", date="1969-01-23")            # per-call filters
    chain = retriever | format_docs                                 # or bind defaults: search_kwargs={...}

Each ``Document`` is one passage (a hit widened to its neighbouring chunks, or a whole document of a date) with
``source``, ``title``, ``date``, ``language``, ``doc_id``, ``chunk_ids``, ``score``, ``scores`` (dense / keyword /
fused), ``page``, ``seq_start``, ``seq_end`` and ``truncated`` in its metadata. Filters are checked exactly as
the agent's tool checks them (``rag_bot.retrieval.tool.validate_arguments``), so a bad date raises a
``ValueError`` whose message says what is wrong.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForRetrieverRun, CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field, SkipValidation

from rag_bot.config import Settings
from rag_bot.retrieval.tool import PassageRetriever, validate_arguments
from rag_bot.retrieval.types import Passage

SEARCH_KWARGS = frozenset({"date", "date_from", "date_to", "language", "k", "whole_document"})


def passage_document(passage: Passage) -> Document:
    """One passage as a LangChain ``Document`` (text as ``page_content``, everything else as metadata)."""
    metadata = {key: value for key, value in passage.to_dict().items() if key != "text"}
    return Document(page_content=passage.text, metadata=metadata,
                    id=f"{passage.doc_id}:{passage.seq_start}-{passage.seq_end}")


class HybridLangChainRetriever(BaseRetriever):
    """Dense + BM25 hybrid search over a rag-bot index, under date / language filters.

    ``search_kwargs`` are defaults; keyword arguments of ``invoke`` / ``ainvoke`` override them per call:
    ``date`` (exact ISO date), ``date_from`` / ``date_to`` (inclusive), ``language`` ("en", "hi"),
    ``k`` (passages; default ``RAG_BOT_TOP_K``) and ``whole_document`` (the complete document of a date).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    retriever: SkipValidation[PassageRetriever] = Field(
        description="rag_bot.retrieval.hybrid.HybridRetriever, or anything with .retrieve()")
    search_kwargs: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def from_settings(cls, settings: Settings, **kwargs: Any) -> HybridLangChainRetriever:
        """The retriever of ``settings``' index (the process-wide one of ``rag_bot.retrieval.factory``)."""
        from rag_bot.retrieval.factory import get_retriever

        return cls(retriever=get_retriever(settings), **kwargs)

    def _search(self, query: str, overrides: dict[str, Any]) -> list[Document]:
        unknown = set(overrides) - SEARCH_KWARGS
        if unknown:
            raise ValueError(f"Unknown search argument(s) {', '.join(sorted(unknown))}: use "
                             f"{', '.join(sorted(SEARCH_KWARGS))}.")
        options = {**self.search_kwargs, **overrides}
        filters = validate_arguments(query, options.get("date"), options.get("date_from"), options.get("date_to"),
                                     options.get("language"))
        k = options.get("k")
        if k is not None and (not isinstance(k, int) or k < 1):
            raise ValueError(f"k must be a positive whole number, not {k!r}.")
        retriever: PassageRetriever = self.retriever
        passages = retriever.retrieve(query, filters, k=k, whole_document=bool(options.get("whole_document")))
        return [passage_document(p) for p in passages]

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun,
                                **kwargs: Any) -> list[Document]:
        return self._search(query, kwargs)

    async def _aget_relevant_documents(self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun,
                                       **kwargs: Any) -> list[Document]:
        # Chroma and the BM25 index are synchronous: search in a worker thread so the event loop stays free
        return await asyncio.to_thread(self._search, query, kwargs)
