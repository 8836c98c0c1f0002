"""conversational: greetings, thanks, "what did I ask?", "summarise our chat" from summary + cleaned history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from rag_bot.agent import inputs
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.history import clean_history, text_of
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings


def make_conversational_node(models: RoleModels, settings: Settings) -> Callable[..., dict[str, Any]]:
    def conversational(state: AgentState, config: RunnableConfig,
                       runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        messages = state.get("messages", [])
        recent = clean_history(messages[state.get("summarized_count", 0):])
        system = inputs.conversational_system(inputs.ConversationalInput(summary=state.get("summary", ""),
                                                                         language=state.get("language", "en")),
                                              settings.corpus_description)
        model = models.for_run("conversational", run_config(runtime, settings))
        response = model.invoke([system, *recent], config)
        return {"messages": [AIMessage(text_of(response).strip(), name="conversational")],
                "termination": "conversational", "citations": [], "documents": []}

    return conversational
