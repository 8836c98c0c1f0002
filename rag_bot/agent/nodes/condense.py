"""condense: turn a follow-up ("and what about the drama?") into a stand-alone question from the last turns.

No model call when there is no earlier turn or the message does not depend on one (:func:`rules.needs_context`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from rag_bot.agent import inputs, rules
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.history import text_of, to_turns, turn_start
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings

CONTEXT_TURNS = 4  # messages (2 user/assistant pairs) shown to the condenser


def make_condense_node(models: RoleModels, settings: Settings) -> Callable[..., dict[str, Any]]:
    def condense(state: AgentState, config: RunnableConfig, runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        messages = state.get("messages", [])
        question = state.get("original_query", "")
        start = turn_start(messages)
        earlier = to_turns(messages[state.get("summarized_count", 0):start])[-CONTEXT_TURNS:]
        if not any(role == "user" for role, _ in earlier) or not rules.needs_context(question):
            return {"standalone_query": question}
        model = models.for_run("condense", run_config(runtime, settings))
        response = model.invoke(inputs.condense_messages(inputs.CondenseInput(history=earlier, message=question)),
                                config)
        standalone = " ".join(text_of(response).split())
        return {"standalone_query": standalone or question}

    return condense
