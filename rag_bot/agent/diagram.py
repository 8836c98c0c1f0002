"""The agent graph as Mermaid (pasted in the README between ``<!-- graph:start -->`` / ``<!-- graph:end -->``)."""

from __future__ import annotations

from rag_bot.retrieval.types import Passage, SearchFilters

README_START = "<!-- graph:start -->"
README_END = "<!-- graph:end -->"


def mermaid() -> str:
    """Mermaid source of the compiled graph (offline models, no index needed)."""
    from rag_bot.agent.graph import build_graph
    from rag_bot.agent.models import extractive_models
    from rag_bot.config import Settings

    settings = Settings(_env_file=None, llm_provider="extractive")
    compiled = build_graph(settings, models=extractive_models(settings), retriever=_NoRetriever())
    return compiled.get_graph().draw_mermaid().strip()


def readme_block() -> str:
    """The exact README block (markers included)."""
    return f"{README_START}\n```mermaid\n{mermaid()}\n```\n{README_END}"


class _NoRetriever:
    def retrieve(self, query: str, filters: SearchFilters, k: int | None = None,
                 whole_document: bool = False) -> list[Passage]:  # pragma: no cover - never called when drawing
        return []


if __name__ == "__main__":
    print(readme_block())
