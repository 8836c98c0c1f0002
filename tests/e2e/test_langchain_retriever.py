"""The hybrid search as a LangChain BaseRetriever in a plain LCEL chain, over the real sample corpus index."""

from __future__ import annotations

import asyncio

import pytest
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import ParrotFakeChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import ConfigurableField, RunnablePassthrough

from rag_bot.config import Settings
from rag_bot.retrieval.langchain_retriever import HybridLangChainRetriever

METADATA = {"source", "title", "date", "language", "doc_id", "chunk_ids", "score", "scores", "page", "seq_start",
            "seq_end", "truncated"}
PROMPT = ChatPromptTemplate.from_messages([
    ("system", "Answer only from the numbered passages and cite them."),
    ("human", "Passages:\n{context}\n\nQuestion: {question}"),
])


def format_docs(docs: list[Document]) -> str:
    return "\n\n".join(f"[{i}] {d.metadata['source']} ({d.metadata['date']}): {d.page_content}"
                       for i, d in enumerate(docs, 1))


@pytest.fixture(scope="module")
def settings(sample_index) -> Settings:
    """The session's real index of the sample corpus (the embedded defaults: multilingual-e5-small, Chroma, BM25);
    the tests only read it."""
    return Settings(_env_file=None, index_dir=sample_index)


@pytest.fixture(scope="module")
def retriever(settings) -> HybridLangChainRetriever:
    return HybridLangChainRetriever.from_settings(settings)


def chain_of(retriever: BaseRetriever):
    """retriever | format_docs -> prompt -> chat model -> StrOutputParser (the parrot repeats the prompt it got)."""
    return ({"context": retriever | format_docs, "question": RunnablePassthrough()} | PROMPT
            | ParrotFakeChatModel() | StrOutputParser())


def test_documents_carry_the_passage_metadata(retriever):
    docs = retriever.invoke("the bell maker who listened to silence")
    assert isinstance(retriever, BaseRetriever) and 1 <= len(docs) <= 6  # RAG_BOT_TOP_K
    for doc in docs:
        assert METADATA <= set(doc.metadata) and doc.page_content
        assert doc.metadata["chunk_ids"] and doc.metadata["scores"]["fused"] == doc.metadata["score"]
    assert any(d.metadata["date"] == "1969-01-23" for d in docs)
    assert docs == sorted(docs, key=lambda d: -d.metadata["score"])


def test_lcel_chain_with_filters_as_search_kwargs(retriever):
    dated = retriever.model_copy(update={"search_kwargs": {"date": "1969-01-23"}})
    prompt_seen = chain_of(dated).invoke("What was said about silence?")
    assert "Question: What was said about silence?" in prompt_seen
    docs = dated.invoke("What was said about silence?")
    assert docs and {d.metadata["date"] for d in docs} == {"1969-01-23"}
    # both versions of that talk (English in the multi-talk PDF, Hindi in HTML) and nothing else
    assert {d.metadata["source"] for d in docs} == {"pdf/talks-1969-jan.pdf", "html/maun-1969-01-23.html"}
    assert "talks-1969-jan.pdf (1969-01-23)" in prompt_seen and "(1969-0" not in prompt_seen.replace(
        "(1969-01-23)", "")

    hindi = retriever.invoke("silence", date="1969-01-23", language="hi")
    assert {d.metadata["source"] for d in hindi} == {"html/maun-1969-01-23.html"}
    ranged = retriever.invoke("what was said", date_from="1970-01-01", date_to="1970-12-31", k=3)
    assert ranged and len(ranged) <= 3 and all("1970-01-01" <= d.metadata["date"] <= "1970-12-31" for d in ranged)


def test_filters_chosen_when_the_chain_is_invoked(retriever):
    configurable = retriever.configurable_fields(search_kwargs=ConfigurableField(id="search_kwargs"))
    chain = chain_of(configurable)
    shown = chain.invoke("What did he say about fear?", config={"configurable": {"search_kwargs": {
        "date": "1969-03-09"}}})
    assert "fear-1969-03-09.html (1969-03-09)" in shown
    assert shown.count("(1969-") == shown.count("(1969-03-09)")


def test_whole_document_of_a_date_in_order(retriever):
    docs = retriever.invoke("the whole talk", date="1969-11-02", whole_document=True)
    assert len(docs) == 1 and docs[0].metadata["source"] == "txt/death-1969-11-02.txt"
    assert docs[0].metadata["seq_start"] == 0 and not docs[0].metadata["truncated"]


async def test_async_chain_and_concurrent_searches(retriever):
    dated = retriever.model_copy(update={"search_kwargs": {"date": "1969-01-23"}})
    assert await chain_of(dated).ainvoke("silence") == chain_of(dated).invoke("silence")
    fear, music = await asyncio.gather(retriever.ainvoke("fear", date="1969-03-09"),
                                       retriever.ainvoke("music", date="1969-06-21", language="en"))
    assert fear and {d.metadata["date"] for d in fear} == {"1969-03-09"}
    assert music and {(d.metadata["date"], d.metadata["language"]) for d in music} == {("1969-06-21", "en")}


def test_bad_arguments_raise_a_readable_error(retriever):
    with pytest.raises(ValueError, match="Invalid date_filter '1969-13-40'"):
        retriever.invoke("silence", date="1969-13-40")
    with pytest.raises(ValueError, match="Unknown search argument"):
        retriever.invoke("silence", data="1969-01-23")
    with pytest.raises(ValueError, match="date_from 1970-01-01 is after date_to 1969-01-01"):
        retriever.invoke("silence", date_from="1970-01-01", date_to="1969-01-01")
