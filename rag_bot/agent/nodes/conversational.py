"""conversational: greetings, thanks, "what did I ask?", "summarise our chat" from summary + cleaned history."""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, SystemMessage
from langchain_core.runnables import RunnableConfig

from rag_bot.agent import prompts
from rag_bot.agent.history import clean_history, text_of
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings


def make_conversational_node(model: BaseChatModel, settings: Settings):
    def conversational(state: AgentState, config: RunnableConfig) -> dict:
        messages = state.get("messages", [])
        recent = clean_history(messages[state.get("summarized_count", 0):])
        system = SystemMessage(prompts.conversational_system(state.get("summary", ""), state.get("language", "en"),
                                                             settings.corpus_description))
        response = model.invoke([system, *recent], config)
        return {"messages": [AIMessage(text_of(response).strip(), name="conversational")],
                "termination": "conversational", "citations": [], "documents": []}

    return conversational
