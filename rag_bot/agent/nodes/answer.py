"""answer: system prompt + the question + the retrieved passages (NO chat history) -> a cited, checked answer.

* no passages -> the plain "documents do not say" text (no model call);
* the reply is read as it streams through an :class:`~rag_bot.agent.grounding.AnswerAssembler`: markers that match
  no passage are removed and, with a support checker (generative models), sentences no cited passage supports are
  dropped; text that is kept is written to LangGraph's ``custom`` stream as ``{"answer_delta": text}`` the moment
  it is final, so a front end can show it and never has to take it back;
* a reply left without a kept, cited sentence (the model's ``NOT_FOUND`` among them) counts as "not in the
  documents" (one retry first when the budget allows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from rag_bot.agent import inputs, prompts, rules
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.grounding import AnswerAssembler
from rag_bot.agent.history import text_of, turn_start
from rag_bot.agent.nodes.agent import period_was_empty
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import AgentState
from rag_bot.agent.support_judges import SupportChecker
from rag_bot.config import Settings

ANSWER_DELTA = "answer_delta"  # key of the custom stream events carrying shown answer text


def _stream_writer() -> Callable[[Any], None]:
    """LangGraph's custom-stream writer inside a graph run; a no-op when the node runs on its own."""
    try:
        from langgraph.config import get_stream_writer

        writer: Callable[[Any], None] = get_stream_writer()
        return writer
    except (RuntimeError, KeyError):
        return lambda _chunk: None


def _nothing_found(state: AgentState, question: str, language: str) -> str:
    """The refusal when no passage was found: it names the date when the question asks about one exact date and no
    document at all is dated that day (instead of a generic "the documents do not say")."""
    date = rules.parse_dates(rules.strip_context(question)).date
    messages = state.get("messages", [])
    if date and period_was_empty(messages[turn_start(messages):]):
        return prompts.date_not_found_text(question, language, date)
    return prompts.not_found_text(question, language)


def make_answer_node(models: RoleModels, settings: Settings,
                     checker: SupportChecker | None = None) -> Callable[..., dict[str, Any]]:
    def answer(state: AgentState, config: RunnableConfig, runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        cfg = run_config(runtime, settings)
        language = state.get("language") or cfg.default_language
        question = state.get("original_query", "")
        docs = state.get("documents") or []
        termination = state.get("termination")
        not_found = {"messages": [AIMessage(prompts.not_found_text(question, language), name="answer")],
                     "citations": [], "termination": termination or "no_documents", "needs_retry": False}
        if not docs:
            return {**not_found, "messages": [AIMessage(_nothing_found(state, question, language), name="answer")]}
        data = inputs.answer_input(question, docs, language, cfg.answer_sentences, state.get("standalone_query"),
                                   quoted_passages=cfg.passages_quoted)
        messages = inputs.answer_messages(data)
        assembler = AnswerAssembler(docs, checker)
        write = _stream_writer()
        for chunk in models.for_run("answer", cfg).stream(messages, config):
            shown = assembler.feed(text_of(chunk))
            if shown:
                write({ANSWER_DELTA: shown})
        shown = assembler.finish()
        if shown:
            write({ANSWER_DELTA: shown})
        if not assembler.answered:
            retries = state.get("retries", 0)
            if termination is None and retries < cfg.max_retries and state.get("iterations", 0) < cfg.max_iterations:
                return {"needs_retry": True, "retries": retries + 1}
            return not_found
        return {"messages": [AIMessage(assembler.text, name="answer")], "citations": assembler.citations,
                "termination": termination or "answered", "needs_retry": False}

    return answer
