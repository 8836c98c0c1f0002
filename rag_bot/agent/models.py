"""Chat models per role: Gemini when configured, else the offline extractive model."""

from __future__ import annotations

from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel

from rag_bot.config import Settings

# Gemini role (one of the four model settings) used for each agent role.
GEMINI_ROLE = {"router": "router", "condense": "router", "agent": "agent", "answer": "answer",
               "summary": "summary", "conversational": "summary"}


@dataclass
class RoleModels:
    """One chat model per role of the graph."""

    router: BaseChatModel
    agent: BaseChatModel
    answer: BaseChatModel
    summary: BaseChatModel
    conversational: BaseChatModel
    condense: BaseChatModel | None = None  # None = the router model

    @property
    def condenser(self) -> BaseChatModel:
        return self.condense or self.router

    @property
    def mode(self) -> str:
        from rag_bot.agent.extractive import ExtractiveChatModel

        return "extractive" if isinstance(self.answer, ExtractiveChatModel) else "llm"


def extractive_models(settings: Settings, embedder=None) -> RoleModels:
    """The offline models (the embedder is loaded lazily on the first answer when not given)."""
    from rag_bot.agent.extractive import ExtractiveChatModel

    def make(role: str) -> ExtractiveChatModel:
        return ExtractiveChatModel(role=role, embedder=embedder, settings=settings,
                                   min_relevance=settings.min_relevance, answer_sentences=settings.answer_sentences,
                                   follow_sentences=settings.follow_sentences)

    return RoleModels(router=make("router"), agent=make("agent"), answer=make("answer"), summary=make("summary"),
                      conversational=make("conversational"), condense=make("condense"))


def get_chat_models(settings: Settings, embedder=None) -> RoleModels:
    """Gemini models when ``settings.use_gemini``, else the extractive ones."""
    if not settings.use_gemini:
        return extractive_models(settings, embedder)
    from rag_bot.models.chat import make_gemini_chat

    made: dict[str, BaseChatModel] = {}

    def make(role: str) -> BaseChatModel:
        key = GEMINI_ROLE[role]
        if key not in made:
            made[key] = make_gemini_chat(settings, key)
        return made[key]

    return RoleModels(router=make("router"), agent=make("agent"), answer=make("answer"), summary=make("summary"),
                      conversational=make("conversational"), condense=make("condense"))
