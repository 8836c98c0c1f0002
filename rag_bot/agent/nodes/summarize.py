"""summarize: fold older turns into the running summary once the history is too long (last step of a turn).

* runs after the turn is answered, so the user never waits for it before the answer is ready and the summary
  covers the finished turn;
* only whole turns are folded (the cut is always at a user message), so an AI message with tool calls is
  never separated from its ToolMessages;
* the summary is EXTENDED: new lines are appended to the existing summary;
* new lines longer than the transcript they replace are discarded (then the extractive lines are tried);
* messages are never deleted: ``summarized_count`` marks how many leading messages the summary covers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.messages import AnyMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from rag_bot.agent import inputs, prompts, rules
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.extractive import extractive_summary
from rag_bot.agent.history import history_tokens, text_of, to_turns
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings


def fold_point(messages: Sequence[AnyMessage], start: int, keep: int) -> int | None:
    """Index of the first kept message: the last user message leaving at least ``keep`` messages; or None."""
    limit = len(messages) - keep
    for i in range(min(limit, len(messages) - 1), start, -1):
        if isinstance(messages[i], HumanMessage):
            return i
    return None


def make_summarize_node(models: RoleModels, settings: Settings) -> Callable[..., dict[str, Any]]:
    def summarize(state: AgentState, config: RunnableConfig, runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        cfg = run_config(runtime, settings)
        messages = state.get("messages", [])
        start = state.get("summarized_count", 0)
        summary = state.get("summary", "") or ""
        if rules.approx_tokens(summary) + history_tokens(messages[start:]) <= cfg.summary_trigger_tokens:
            return {}
        cut = fold_point(messages, start, cfg.summary_keep_messages)
        if cut is None:
            return {}
        turns = to_turns(messages[start:cut])
        replaced = rules.approx_tokens(prompts.render_transcript(turns))
        if not turns:
            return {"summarized_count": cut}
        response = models.for_run("summary", cfg).invoke(
            inputs.summary_messages(inputs.SummaryInput(summary=summary, turns=turns)), config)
        addition = text_of(response).strip()
        if not addition or rules.approx_tokens(addition) > replaced:
            addition = extractive_summary(turns)
            if rules.approx_tokens(addition) > replaced:
                return {}
        return {"summary": f"{summary.rstrip()}\n{addition}".strip(), "summarized_count": cut}

    return summarize
