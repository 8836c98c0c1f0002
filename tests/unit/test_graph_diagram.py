"""The README's Mermaid block is the compiled graph's diagram."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rag_bot.agent.diagram import README_END, README_START, mermaid
from tests.conftest import REPO

ROOT = REPO


def test_readme_graph_block_matches_compiled_graph():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(re.escape(README_START) + r"\s*```mermaid\n(.*?)\n```\s*" + re.escape(README_END), readme, re.S)
    assert match, "README.md has no graph block; run: python -m rag_bot.agent.diagram"
    assert match[1].strip() == mermaid(), "README graph is stale; regenerate it with python -m rag_bot.agent.diagram"


def test_langgraph_json_points_at_the_graph_factory():
    """LangGraph's server calls a factory with one ``config: RunnableConfig`` argument (built per request)."""
    import inspect

    from rag_bot.agent import graph

    config = json.loads((ROOT / "langgraph.json").read_text())
    module_path, _, attr = config["graphs"]["rag_bot"].partition(":")
    assert (ROOT / module_path).resolve() == Path(graph.__file__).resolve()
    assert list(inspect.signature(getattr(graph, attr)).parameters) == ["config"]
