"""docs/architecture.md's Mermaid block is the compiled graph's diagram; langgraph.json points at the factory."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rag_bot.agent.diagram import mermaid
from tests.conftest import REPO

ROOT = REPO


def test_architecture_graph_block_matches_compiled_graph():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- graph:start -->\s*```mermaid\n(.*?)\n```\s*<!-- graph:end -->", page, re.S)
    assert match, "docs/architecture.md has no graph block; run: python -m rag_bot.generated_docs"
    assert match[1].strip() == mermaid(), "docs/architecture.md graph is stale; run: python -m rag_bot.generated_docs"


def test_langgraph_json_points_at_the_graph_factory():
    """LangGraph's server calls a factory with one ``config: RunnableConfig`` argument (built per request)."""
    import inspect

    from rag_bot.agent import graph

    config = json.loads((ROOT / "langgraph.json").read_text())
    module_path, _, attr = config["graphs"]["rag_bot"].partition(":")
    assert (ROOT / module_path).resolve() == Path(graph.__file__).resolve()
    assert list(inspect.signature(getattr(graph, attr)).parameters) == ["config"]
