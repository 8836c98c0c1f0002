"""Helpers over the message history: turns, cleaning, text."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from rag_bot.agent import rules


def text_of(message: BaseMessage) -> str:
    """The text of a message whose content is a string or a list of parts (text blocks, strings)."""
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)


def turn_start(messages: Sequence[BaseMessage]) -> int:
    """Index of the current turn's human message (the last one); 0 when there is none."""
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], HumanMessage):
            return i
    return 0


def current_question(messages: Sequence[BaseMessage]) -> str:
    if not messages:
        return ""
    return text_of(messages[turn_start(messages)]).strip()


def is_tool_traffic(message: BaseMessage) -> bool:
    return isinstance(message, ToolMessage) or (isinstance(message, AIMessage) and bool(message.tool_calls))


def clean_history(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Only what the user said and the answers they saw: tool calls, tool results and empty messages removed."""
    return [m for m in messages if not is_tool_traffic(m) and isinstance(m, HumanMessage | AIMessage)
            and text_of(m).strip()]


def to_turns(messages: Sequence[BaseMessage]) -> list[tuple[str, str]]:
    """``("user"|"assistant", text)`` pairs of the cleaned history."""
    return [("user" if isinstance(m, HumanMessage) else "assistant", text_of(m).strip())
            for m in clean_history(messages)]


def history_tokens(messages: Sequence[BaseMessage]) -> int:
    return sum(rules.approx_tokens(text_of(m)) for m in clean_history(messages))
