"""The agent graph as Mermaid (``python -m rag_bot.generated_docs`` writes it into docs/architecture.md; a test
checks it)."""

from __future__ import annotations

from rag_bot.retrieval.types import Passage, SearchFilters


def mermaid() -> str:
    """Mermaid source of the compiled graph (offline models, no index needed)."""
    from rag_bot.agent.graph import build_graph
    from rag_bot.agent.role_models import extractive_models
    from rag_bot.config import Settings

    settings = Settings(_env_file=None, llm_provider="extractive")
    compiled = build_graph(settings, models=extractive_models(settings), retriever=_NoRetriever())
    return compiled.get_graph().draw_mermaid().strip()


def mermaid_block() -> str:
    """The diagram as a fenced Markdown block."""
    return f"```mermaid\n{mermaid()}\n```"


class _NoRetriever:
    def retrieve(self, query: str, filters: SearchFilters, k: int | None = None,
                 whole_document: bool = False) -> list[Passage]:  # pragma: no cover - never called when drawing
        return []


if __name__ == "__main__":
    print(mermaid_block())
