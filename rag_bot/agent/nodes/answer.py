"""answer: system prompt + the question + the retrieved passages (NO chat history) -> a cited answer.

* no passages -> the plain "documents do not say" text (no model call);
* markers ``[n]`` that match no passage are removed; an answer left without any valid citation, or the
  model's ``NOT_FOUND``, counts as "not in the documents" (one retry first when the budget allows).
"""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig

from rag_bot.agent import prompts
from rag_bot.agent.citations import clean_citations
from rag_bot.agent.configuration import AgentConfiguration
from rag_bot.agent.history import text_of
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings

_NOT_FOUND_PREFIXES = ("the documents do not say", "दस्तावेज़ों में इस बारे में कुछ नहीं")


def is_not_found(text: str) -> bool:
    low = text.strip().lower()
    return prompts.NOT_FOUND.lower() in low or low.startswith(_NOT_FOUND_PREFIXES)


def make_answer_node(model: BaseChatModel, settings: Settings):
    def answer(state: AgentState, config: RunnableConfig) -> dict:
        cfg = AgentConfiguration.from_runnable_config(config, settings)
        language = state.get("language") or cfg.default_language
        question = state.get("original_query", "")
        docs = state.get("documents") or []
        termination = state.get("termination")
        not_found = {"messages": [AIMessage(prompts.not_found_text(question, language), name="answer")],
                     "citations": [], "termination": termination or "no_documents", "needs_retry": False}
        if not docs:
            return not_found
        response = model.invoke(
            [SystemMessage(prompts.answer_system(language, cfg.answer_sentences)),
             HumanMessage(prompts.render_answer_input(question, docs, language, state.get("standalone_query")))],
            config,
        )
        raw = text_of(response)
        text, citations = clean_citations(raw, docs)
        if is_not_found(raw) or not citations or not text:
            retries = state.get("retries", 0)
            if termination is None and retries < cfg.max_retries and state.get("iterations", 0) < cfg.max_iterations:
                return {"needs_retry": True, "retries": retries + 1}
            return not_found
        return {"messages": [AIMessage(text, name="answer")], "citations": citations,
                "termination": termination or "answered", "needs_retry": False}

    return answer
