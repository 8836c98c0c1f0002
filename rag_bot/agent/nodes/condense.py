"""condense: turn a follow-up ("and what about the drama?") into a stand-alone question from the last turns.

No model call when there is no earlier turn or the message does not depend on one (:func:`rules.needs_context`).
"""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig

from rag_bot.agent import prompts, rules
from rag_bot.agent.history import text_of, to_turns, turn_start
from rag_bot.agent.state import AgentState

CONTEXT_TURNS = 4  # messages (2 user/assistant pairs) shown to the condenser


def make_condense_node(model: BaseChatModel):
    def condense(state: AgentState, config: RunnableConfig) -> dict:
        messages = state.get("messages", [])
        question = state.get("original_query", "")
        start = turn_start(messages)
        earlier = to_turns(messages[state.get("summarized_count", 0):start])[-CONTEXT_TURNS:]
        if not any(role == "user" for role, _ in earlier) or not rules.needs_context(question):
            return {"standalone_query": question}
        response = model.invoke(
            [SystemMessage(prompts.CONDENSE_SYSTEM), HumanMessage(prompts.render_condense_input(earlier, question))],
            config,
        )
        standalone = " ".join(text_of(response).split())
        return {"standalone_query": standalone or question}

    return condense
