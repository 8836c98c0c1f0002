"""Value types of the index layer: the filters a search applies and the ranked chunks it returns.

They live here, at the bottom, because the stores (:mod:`rag_bot.index.vectors`, :mod:`rag_bot.index.keywords`)
take and return them; retrieval, the tool and the agent build on them (:mod:`rag_bot.retrieval.types` re-exports
both, so ``from rag_bot.retrieval.types import Hit, SearchFilters`` keeps working).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
