"""router: classify ONLY the current user message as rag or conversational; reset the per-turn state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from rag_bot.agent import prompts, rules
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.history import current_question, text_of
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings


def parse_route(output: str) -> str:
    """'conversational' only when the model clearly says so; anything else (invalid output) -> 'rag'."""
    words = output.strip().lower().strip(".!\"'` \n").split()
    if len(words) == 1 and words[0] == "conversational":
        return "conversational"
    return "rag"


def make_router_node(models: RoleModels, settings: Settings) -> Callable[..., dict[str, Any]]:
    def router(state: AgentState, config: RunnableConfig, runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        run = run_config(runtime, settings)
        question = current_question(state.get("messages", []))
        language = run.user_language or rules.detect_language(question) or run.default_language
        response = models.for_run("router", run).invoke(
            [SystemMessage(prompts.router_system(settings.corpus_description)), HumanMessage(question)], config)
        return {
            "route": parse_route(text_of(response)),
            "original_query": question,
            "standalone_query": question,
            "language": language,
            "documents": [],
            "citations": [],
            "iterations": 0,
            "retries": 0,
            "needs_retry": False,
            "termination": None,
        }

    return router
