"""tools: LangGraph's prebuilt ToolNode (runs every call of the last AI message concurrently)."""

from __future__ import annotations

from langchain_core.tools import BaseTool
from langgraph.prebuilt import ToolNode


def make_tools_node(tools: list[BaseTool]) -> ToolNode:
    return ToolNode(tools, name="tools")
