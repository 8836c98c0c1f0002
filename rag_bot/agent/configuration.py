"""Per-run configuration: the graph's LangGraph ``context_schema`` and its values resolved against ``Settings``.

A run passes ``context={"top_k": 3, "answer_model": "gemini-2.5-pro", "user_language": "hi"}`` (``graph.invoke(...,
context=...)``, or ``context`` of a run created through LangGraph's server / SDK). Every field left ``None`` takes
its value from :class:`~rag_bot.config.Settings`, so no default is written twice. The conversation's ``thread_id``
is not a knob of the nodes: it stays in ``config["configurable"]``, where LangGraph's checkpointer reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Annotated, Any

from langgraph.runtime import Runtime
from pydantic import TypeAdapter, ValidationError

from rag_bot.config import Settings
from rag_bot.errors import ModelNotAllowed, UnknownLanguage, check_answer_mode
from rag_bot.languages import registry
from rag_bot.models.roles import ROLE_MODEL_FIELD, Role

MAX_RETRIES = 1  # one reframed search when retrieval is empty or judged insufficient


@dataclass(frozen=True)
class AgentConfiguration:
    """What one run may override (``None`` = the setting of the same name)."""

    user_language: str | None = None  # None = detect from the message's script, then default_language
    answer_mode: str | None = None  # default | research (wider search, longer answers); None = default
    top_k: int | None = None  # passages per search (read by the retrieve_context tool)
    answer_sentences: int | None = None
    max_iterations: int | None = None
    max_retries: int | None = None  # at most MAX_RETRIES: the recursion limit is computed for that many
    summary_trigger_tokens: int | None = None
    summary_keep_messages: int | None = None
    router_model: str | None = None  # model names, per setting; see rag_bot.models.roles for the roles using each
    agent_model: str | None = None
    answer_model: str | None = None
    summary_model: str | None = None


@dataclass(frozen=True)
class RunConfig:
    """The values one run uses: its :class:`AgentConfiguration` with every ``None`` filled from the settings."""

    user_language: str | None
    default_language: str
    answer_mode: str  # default | research
    answer_sentences: int
    passages_quoted: int  # most passages one answer quotes (1 in the default mode: the extractive model's focus)
    max_iterations: int
    max_retries: int
    summary_trigger_tokens: int
    summary_keep_messages: int
    model_names: dict[str, str]  # settings field (router_model, ...) -> model name for this run

    def model_name(self, role: Role) -> str:
        return self.model_names[ROLE_MODEL_FIELD[role]]


_MODEL_FIELDS = sorted(set(ROLE_MODEL_FIELD.values()))


def checked_override(name: str, value: int) -> int:
    """``value`` validated with the type and bounds of the setting ``name`` (ValueError, one sentence, if out)."""
    field = Settings.model_fields.get(name)
    if field is None:
        return int(value)
    try:
        setting_type: Any = Annotated[field.annotation, *field.metadata]  # the setting's type and bounds
        checked: int = TypeAdapter(setting_type).validate_python(value)
    except ValidationError as exc:
        reason = exc.errors()[0]["msg"]
        raise ValueError(f"Per-run setting {name}={value!r} is not allowed: {reason}.") from None
    return checked


def checked_model(setting: str, name: str | None, settings: Settings) -> str | None:
    """``name`` (stripped) when a run may name it for ``setting``: one of ``settings.allowed_models()``, so the
    models a server builds are bounded by its settings, not by its clients (:class:`ModelNotAllowed` otherwise)."""
    if name is None or not str(name).strip():
        return None
    allowed = settings.allowed_models()
    if str(name).strip() not in allowed:
        raise ModelNotAllowed(setting, str(name), sorted(allowed))
    return str(name).strip()


def resolve(context: AgentConfiguration | None, settings: Settings) -> RunConfig:
    """``context``'s overrides on top of ``settings`` (``None`` = no overrides).

    An override is checked against the bounds of its setting (``Settings``' field constraints, not a copy):
    ``ValueError`` with one sentence naming the knob otherwise; a model name must be one the settings allow.
    """
    ctx = context or AgentConfiguration()

    def pick(name: str) -> int:
        value: int | None = getattr(ctx, name)
        return int(getattr(settings, name)) if value is None else checked_override(name, value)

    if ctx.user_language is not None and ctx.user_language not in registry().codes:
        raise UnknownLanguage(ctx.user_language, registry().codes)
    names = {name: checked_model(name, getattr(ctx, name), settings) or str(getattr(settings, name))
             for name in _MODEL_FIELDS}
    mode = check_answer_mode(ctx.answer_mode) or "default"
    research = mode == "research"
    sentences = (settings.research_answer_sentences if research and ctx.answer_sentences is None
                 else pick("answer_sentences"))
    return RunConfig(
        user_language=ctx.user_language,
        default_language=settings.default_language,
        answer_mode=mode,
        answer_sentences=sentences,
        passages_quoted=settings.research_passages_quoted if research else 1,
        max_iterations=pick("max_iterations"),
        max_retries=MAX_RETRIES if ctx.max_retries is None else min(max(0, ctx.max_retries), MAX_RETRIES),
        summary_trigger_tokens=pick("summary_trigger_tokens"),
        summary_keep_messages=pick("summary_keep_messages"),
        model_names=names,
    )


def validate(context: AgentConfiguration, settings: Settings) -> None:
    """Check every override of ``context`` up front (ValueError, one sentence, for the first one out of bounds)."""
    resolve(context, settings)
    if context.top_k is not None:
        checked_override("top_k", context.top_k)


def search_width(context: AgentConfiguration | dict[str, Any] | None, settings: Settings) -> tuple[int | None, bool]:
    """(passages per search, whole documents for a dated search) of a run: its ``top_k`` override, else
    ``research_top_k`` in the research mode (None: the retriever's default); research reads the whole documents of
    a date whenever the search has one."""
    def value(name: str) -> Any:
        return context.get(name) if isinstance(context, dict) else getattr(context, name, None)

    research = check_answer_mode(value("answer_mode")) == "research"
    top_k = value("top_k")
    if top_k is not None:
        return checked_override("top_k", top_k), research
    return (settings.research_top_k if research else None), research


def run_config(runtime: Runtime[AgentConfiguration] | None, settings: Settings) -> RunConfig:
    """The :class:`RunConfig` of the run a node executes in (settings alone outside a graph run)."""
    context = runtime.context if runtime is not None else None
    if isinstance(context, dict):  # a plain dict when the graph is driven without the schema's coercion
        known = {f.name for f in fields(AgentConfiguration)}
        context = AgentConfiguration(**{k: v for k, v in context.items() if k in known})
    return resolve(context, settings)
