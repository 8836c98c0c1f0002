"""Value types shared by retrieval, the tool and the agent.

:class:`Hit` and :class:`SearchFilters` belong to the index layer below (:mod:`rag_bot.index.types`) and are
re-exported here for the modules above it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from rag_bot.index.types import Hit, SearchFilters

__all__ = ["Hit", "Passage", "SearchFilters"]


@dataclass
class Passage:
    """A hit widened to its neighbouring chunks: what the agent reads and cites."""

    doc_id: str
    source: str
    title: str
    date: str | None
    language: str
    text: str
    chunk_ids: list[str]
    score: float
    seq_start: int
    seq_end: int
    page: int | None = None
    section: str | None = None  # the heading the passage's first chunk belongs to (Markdown, HTML, DOCX)
    page_end: int | None = None  # the page the passage ends on, when that is not ``page``
    truncated: bool = False
    scores: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Passage:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)
