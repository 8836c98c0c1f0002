"""Value types shared by retrieval, the tool and the agent."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class SearchFilters:
    """Filters applied identically to the dense and the keyword side."""

    date: str | None = None  # exact ISO date
    date_from: str | None = None  # inclusive ISO date
    date_to: str | None = None  # inclusive ISO date
    language: str | None = None  # "en", "hi", ...

    def is_empty(self) -> bool:
        return not (self.date or self.date_from or self.date_to or self.language)


@dataclass
class Hit:
    """One ranked chunk."""

    id: str
    score: float
    text: str
    metadata: dict[str, Any]
    scores: dict[str, float] = field(default_factory=dict)


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
    truncated: bool = False
    scores: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Passage:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)
