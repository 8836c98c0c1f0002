"""agent: decide the search. Isolated prompt (system + the stand-alone question only, no chat history).

Guarantees, whatever the model does:
* a text answer without a tool call is dropped and replaced by a search built from the question by rules;
* an invalid call (unknown tool, bad arguments) is kept with an error ``ToolMessage`` that states the problem,
  followed by the rule-built search (so the history stays well-formed: every call has its tool message);
* a call identical to one already made in this turn is not run again; if nothing new is left, the turn stops
  with ``termination="repeated_tool_call"``;
* more than ``max_iterations`` rounds stop with ``termination="iteration_limit"``.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, ToolCall, ToolMessage
from langchain_core.runnables import Runnable, RunnableConfig
from langchain_core.tools import BaseTool
from langgraph.runtime import Runtime
from pydantic import ValidationError

from rag_bot.agent import inputs, prompts, rules
from rag_bot.agent.configuration import AgentConfiguration, run_config
from rag_bot.agent.history import text_of, turn_start
from rag_bot.agent.role_models import RoleModels
from rag_bot.agent.state import AgentState
from rag_bot.config import Settings
from rag_bot.retrieval.tool import (
    TOOL_NAME,
    InvalidToolArguments,
    RetrieveContextArgs,
    artifact_period_is_empty,
    validate_arguments,
)

Bound = Runnable[LanguageModelInput, BaseMessage]


def check_call(call: Mapping[str, Any]) -> str | None:
    """None when ``call`` is a valid ``retrieve_context`` call, else the reason, worded for the model/user."""
    if call.get("name") != TOOL_NAME:
        return f"Unknown tool {call.get('name')!r}: the only tool is {TOOL_NAME}."
    try:
        args = RetrieveContextArgs.model_validate(call.get("args") or {})
        validate_arguments(args.query, args.date_filter, args.date_from, args.date_to, args.language)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        return f"Invalid arguments: {problems}."
    except InvalidToolArguments as exc:
        return f"Invalid arguments: {exc}"
    return None


def call_key(call: Mapping[str, Any]) -> str:
    """Canonical form of a call (defaults filled in) to detect repeats."""
    try:
        args = RetrieveContextArgs.model_validate(call.get("args") or {}).model_dump()
        args["query"] = " ".join(str(args["query"]).lower().split())
    except ValidationError:
        args = dict(call.get("args") or {})
    return json.dumps({"name": call.get("name"), "args": args}, sort_keys=True, ensure_ascii=False, default=str)


def _fallback_call(question: str, broaden: bool, drop_period: bool = False) -> ToolCall:
    return ToolCall(name=TOOL_NAME, args=rules.search_arguments(question, broaden=broaden, drop_period=drop_period),
                    id=f"fallback_{uuid.uuid4().hex[:12]}", type="tool_call")


def period_was_empty(messages: Sequence[BaseMessage]) -> bool:
    """Whether a search among ``messages`` found that no document at all is dated in its period (tool artifact)."""
    return any(isinstance(m, ToolMessage) and artifact_period_is_empty(m.artifact) for m in messages)


def make_agent_node(models: RoleModels, tools: Sequence[BaseTool],
                    settings: Settings) -> Callable[..., dict[str, Any]]:
    bound: dict[int, Bound] = {}  # id(model) -> the model with the tools bound (a run may name another model)
    lock = threading.Lock()

    def with_tools(model: BaseChatModel) -> Bound:
        with lock:
            if id(model) not in bound:
                bound[id(model)] = model.bind_tools(tools)
            return bound[id(model)]

    def agent(state: AgentState, config: RunnableConfig, runtime: Runtime[AgentConfiguration]) -> dict[str, Any]:
        cfg = run_config(runtime, settings)
        iterations = state.get("iterations", 0) + 1
        if iterations > cfg.max_iterations:
            return {"termination": "iteration_limit"}
        messages = state.get("messages", [])
        question = state.get("standalone_query") or state.get("original_query", "")
        earlier_calls = [call for m in messages[turn_start(messages):] if isinstance(m, AIMessage)
                         for call in m.tool_calls]
        retrying = state.get("retries", 0) > 0
        note = None
        this_turn = messages[turn_start(messages):]
        drop_period = retrying and period_was_empty(this_turn)
        if retrying:
            shown = "; ".join(json.dumps(c.get("args"), ensure_ascii=False) for c in earlier_calls) or "(none)"
            statuses = "; ".join(text_of(m) for m in this_turn if isinstance(m, ToolMessage))
            note = prompts.RETRY_NOTE.format(calls=shown, statuses=statuses or "no results")
        data = inputs.AgentInput(question=question, retry_note=note, drop_period=drop_period)
        messages_in = inputs.agent_messages(data, settings.corpus_description)
        reply = with_tools(models.for_run("agent", cfg)).invoke(messages_in, config)
        response = reply if isinstance(reply, AIMessage) else AIMessage(content=text_of(reply))
        out: list[BaseMessage] = []
        valid: list[tuple[ToolCall, str | None]] = []
        invalid: list[tuple[ToolCall, str | None]] = []
        for call in response.tool_calls:
            reason = check_call(call)
            (invalid if reason else valid).append((call, reason))
        for bad in response.invalid_tool_calls:  # unparsable arguments
            invalid.append((ToolCall(name=bad.get("name") or "?", args={}, type="tool_call",
                                     id=bad.get("id") or f"invalid_{uuid.uuid4().hex[:12]}"),
                            f"Invalid arguments: could not parse {bad.get('args')!r}."))
        if invalid:
            out.append(AIMessage(content="", tool_calls=[c for c, _ in invalid], id=response.id,
                                 name="agent"))
            out += [ToolMessage(content=f"{reason} Searching with the question's own words instead.",
                                tool_call_id=c["id"], name=str(c.get("name")), status="error")
                    for c, reason in invalid]
        calls = [c for c, _ in valid] or [_fallback_call(question, broaden=retrying,
                                                          drop_period=drop_period)]
        seen = {call_key(c) for c in earlier_calls}
        fresh = []
        for call in calls:
            key = call_key(call)
            if key not in seen:
                seen.add(key)
                fresh.append(call)
        update: dict[str, Any] = {"iterations": iterations}
        if not fresh:
            update["termination"] = "repeated_tool_call"
        else:
            message_id = None if invalid else response.id
            out.append(AIMessage(content="", tool_calls=fresh, id=message_id, name="agent"))
        if out:
            update["messages"] = out
        return update

    return agent
