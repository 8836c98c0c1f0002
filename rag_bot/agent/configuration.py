"""Per-run configuration: built from ``Settings`` and overridden by ``RunnableConfig["configurable"]``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from langchain_core.runnables import RunnableConfig

from rag_bot.config import Settings, get_settings

MAX_RETRIES = 1  # one reframed search when retrieval is empty or judged insufficient


@dataclass(frozen=True)
class AgentConfiguration:
    """Knobs one run may override: ``config={"configurable": {"user_language": "hi", "thread_id": ...}}``."""

    thread_id: str | None = None
    user_language: str | None = None  # None = detect from the message's script, then default_language
    default_language: str = "en"
    router_model: str = ""
    agent_model: str = ""
    answer_model: str = ""
    summary_model: str = ""
    max_iterations: int = 3
    max_retries: int = MAX_RETRIES
    summary_trigger_tokens: int = 3000
    summary_keep_messages: int = 6
    answer_sentences: int = 6

    @classmethod
    def from_settings(cls, settings: Settings) -> AgentConfiguration:
        return cls(
            default_language=settings.default_language,
            router_model=settings.router_model,
            agent_model=settings.agent_model,
            answer_model=settings.answer_model,
            summary_model=settings.summary_model,
            max_iterations=settings.max_iterations,
            summary_trigger_tokens=settings.summary_trigger_tokens,
            summary_keep_messages=settings.summary_keep_messages,
            answer_sentences=settings.answer_sentences,
        )

    @classmethod
    def from_runnable_config(cls, config: RunnableConfig | None = None,
                             settings: Settings | None = None) -> AgentConfiguration:
        base = cls.from_settings(settings or get_settings())
        configurable: dict[str, Any] = (config or {}).get("configurable", {}) or {}
        names = {f.name for f in fields(cls)}
        overrides = {k: v for k, v in configurable.items() if k in names and v is not None}
        if overrides.get("max_retries", 0) > MAX_RETRIES:
            overrides["max_retries"] = MAX_RETRIES  # the recursion limit is computed for at most this many
        return cls(**{**base.__dict__, **overrides})
