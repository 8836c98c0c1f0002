"""Chat models per role: Gemini when configured, else the offline extractive model.

Which configured model a role uses is the table :data:`rag_bot.models.roles.ROLE_MODEL_FIELD`; a run may name
another model for a setting (:class:`~rag_bot.agent.configuration.AgentConfiguration`), built once and reused.
A run may name only the configured models and ``Settings.run_models`` (any other name is refused with one
sentence), so the models built per name are bounded by the settings, never by what clients send.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from langchain_core.language_models import BaseChatModel

from rag_bot.config import Settings
from rag_bot.errors import ModelNotAllowed
from rag_bot.models.roles import ROLE_MODEL_FIELD, ROLES, Role

if TYPE_CHECKING:
    from rag_bot.agent.configuration import RunConfig
    from rag_bot.models.embeddings import Embedder

ModelFactory = Callable[[Role, str], BaseChatModel]  # (role, model name) -> the chat model


@dataclass
class RoleModels:
    """One chat model per role of the graph, and how to build another one a run names."""

    router: BaseChatModel
    agent: BaseChatModel
    answer: BaseChatModel
    summary: BaseChatModel
    conversational: BaseChatModel
    condense: BaseChatModel | None = None  # None = the router model
    configured: dict[str, str] = field(default_factory=dict)  # settings field -> the name the models above use
    factory: ModelFactory | None = None  # None: a run cannot name other models
    allowed: frozenset[str] = frozenset()  # the names a run may name (Settings.allowed_models); others refused
    _built: dict[tuple[Role, str], BaseChatModel] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def condenser(self) -> BaseChatModel:
        return self.condense or self.router

    @property
    def mode(self) -> str:
        from rag_bot.agent.extractive import ExtractiveChatModel

        return "extractive" if isinstance(self.answer, ExtractiveChatModel) else "llm"

    def of(self, role: Role) -> BaseChatModel:
        """The model built for ``role``."""
        return self.condenser if role == "condense" else getattr(self, role)

    def for_run(self, role: Role, run: RunConfig) -> BaseChatModel:
        """The model of ``role`` for one run: the built one unless the run names another model for it."""
        name = run.model_name(role)
        if self.factory is None or not name or name == self.configured.get(ROLE_MODEL_FIELD[role], name):
            return self.of(role)
        if name not in self.allowed:  # a run resolved without the settings' check still cannot grow the table
            raise ModelNotAllowed(ROLE_MODEL_FIELD[role], name, sorted(self.allowed))
        with self._lock:
            if (role, name) not in self._built:
                self._built[(role, name)] = self.factory(role, name)
            return self._built[(role, name)]


def _configured(settings: Settings) -> dict[str, str]:
    return {name: str(getattr(settings, name)).strip() for name in set(ROLE_MODEL_FIELD.values())}


def _gemini_factory(settings: Settings) -> ModelFactory:
    """Builds the model a run names through the same factory as the configured ones (key, endpoint, retries)."""
    from rag_bot.models.chat import make_gemini_chat

    def build(role: Role, name: str) -> BaseChatModel:
        return make_gemini_chat(settings.model_copy(update={ROLE_MODEL_FIELD[role]: name}), role)

    return build


def extractive_models(settings: Settings, embedder: Embedder | None = None) -> RoleModels:
    """The offline models (the embedder is loaded lazily on the first answer when not given).

    A run that names a model for a role gets that (Gemini / ``provider:model``) model: it needs the API key.
    """
    from rag_bot.agent.extractive import ExtractiveChatModel

    def make(role: Role) -> ExtractiveChatModel:
        return ExtractiveChatModel(role=role, embedder=embedder, settings=settings,
                                   min_relevance=settings.min_relevance, follow_sentences=settings.follow_sentences,
                                   min_coverage=settings.min_term_coverage,
                                   cross_language_gap=settings.cross_language_gap,
                                   learned_choice=settings.learned_quote_choice)

    return RoleModels(router=make("router"), agent=make("agent"), answer=make("answer"), summary=make("summary"),
                      conversational=make("conversational"), condense=make("condense"),
                      configured=_configured(settings), factory=_gemini_factory(settings),
                      allowed=settings.allowed_models())


def get_chat_models(settings: Settings, embedder: Embedder | None = None) -> RoleModels:
    """Gemini models when ``settings.use_gemini``, else the extractive ones. Roles that share a configured model
    (:data:`~rag_bot.models.roles.ROLE_MODEL_FIELD`) share one instance."""
    if not settings.use_gemini:
        return extractive_models(settings, embedder)
    factory = _gemini_factory(settings)
    made: dict[str, BaseChatModel] = {}
    models: dict[Role, BaseChatModel] = {}
    for role in ROLES:
        key = ROLE_MODEL_FIELD[role]
        if key not in made:
            made[key] = factory(role, str(getattr(settings, key)))
        models[role] = made[key]
    return RoleModels(router=models["router"], agent=models["agent"], answer=models["answer"],
                      summary=models["summary"], conversational=models["conversational"], condense=models["condense"],
                      configured=_configured(settings), factory=factory, allowed=settings.allowed_models())
