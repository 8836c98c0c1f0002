"""The text a chunk is keyword-indexed as, and how it is rebuilt from what Chroma stores of the chunk.

The keyword index indexes a chunk's embedded text (its text with the head its composition adds: the title, the
source). The writer records that head in the chunk's metadata (``kw_head``, a few characters), so that a damaged
keyword index can be rebuilt from Chroma alone, exactly, without the source files or the chunker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rag_bot.index.keywords import KeywordEntry
from rag_bot.index.tokenize import tokenize
from rag_bot.index.types import Hit


class IndexedChunk(Protocol):
    """What the writer needs of a chunk: its id, its text, the text it was embedded as, and its metadata."""

    id: str
    text: str
    metadata: dict[str, Any]

    @property
    def embed_text(self) -> str: ...


def keyword_head(chunk: IndexedChunk) -> str:
    """How the chunk's embedded text extends its stored text, in a few characters (kept in its metadata, so the
    keyword index can be rebuilt from Chroma alone): ``=`` nothing, ``t`` the title and a newline, ``s`` the source
    and a newline, ``+head`` another head, ``!text`` the whole embedded text (when it does not end with the text)."""
    embedded, text = chunk.embed_text, chunk.text
    if embedded == text:
        return "="
    if not embedded.endswith(text):
        return "!" + embedded
    head = embedded[:len(embedded) - len(text)]
    if head == f"{chunk.metadata.get('title') or ''}\n":
        return "t"
    if head == f"{chunk.metadata.get('source') or ''}\n":
        return "s"
    return "+" + head


def keyword_text(hit: Hit) -> str:
    """The text a stored chunk was keyword-indexed as (:func:`keyword_head`); chunks written before the head was
    recorded are taken as their title and text (the composition of those versions, but for one-line documents)."""
    meta, text = hit.metadata, hit.text
    head = str(meta.get("kw_head") or "")
    title, source = str(meta.get("title") or ""), str(meta.get("source") or "")
    if head == "=":
        return text
    if head.startswith("!"):
        return head[1:]
    if head.startswith("+"):
        return head[1:] + text
    if head == "s":
        return f"{source}\n{text}"
    return f"{title}\n{text}" if title else text


def keyword_entry(cid: str, text: str, metadata: dict[str, Any]) -> KeywordEntry:
    return KeywordEntry(cid, tokenize(text), int(metadata.get("date_int") or 0), str(metadata.get("language") or ""),
                        str(metadata.get("doc_id") or ""))


def entries_for(chunks: Sequence[IndexedChunk]) -> list[KeywordEntry]:
    """The keyword entries of new chunks: their embedded text, tokenized (as :func:`keyword_text` rebuilds it)."""
    return [keyword_entry(c.id, c.embed_text, c.metadata) for c in chunks]
