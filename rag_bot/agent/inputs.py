"""Typed inputs per model role, sent alongside the prompt text.

Each node renders its input as prompt text for a generative model (:mod:`rag_bot.agent.prompts`) and attaches the
same input as data to the message (``additional_kwargs["rag_bot_input"]``, which chat-model integrations do not
send), so the offline extractive model reads fields, never the prompt: the wording of a prompt can change without
touching the model that answers offline.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel

from rag_bot.agent import prompts
from rag_bot.agent.citations import neutralise_passage

ROLE_INPUT = "rag_bot_input"  # the additional_kwargs key carrying the typed input

Turn = tuple[str, str]  # ("user" | "assistant", text)


class CondenseInput(BaseModel):
    history: list[Turn]
    message: str


class AgentInput(BaseModel):
    question: str
    retry_note: str | None = None  # set on the one retry of a turn
    drop_period: bool = False  # a search of this turn found no document dated in its period (tool artifact flag)


class PromptPassage(BaseModel):
    n: int
    source: str
    date: str | None
    title: str
    text: str


class AnswerInput(BaseModel):
    question: str
    language: str
    standalone: str | None = None  # the condensed question when it differs from ``question``
    passages: list[PromptPassage]
    sentences: int  # at most this many sentences in the answer
    quoted_passages: int = 1  # at most this many passages quoted or cited (more than one: the research mode)


class ConversationalInput(BaseModel):
    summary: str
    language: str


class SummaryInput(BaseModel):
    summary: str
    turns: list[Turn]


Input = TypeVar("Input", bound=BaseModel)


def _human(text: str, data: BaseModel) -> HumanMessage:
    return HumanMessage(text, additional_kwargs={ROLE_INPUT: data.model_dump()})


def read(messages: Sequence[BaseMessage], kind: type[Input]) -> Input | None:
    """The typed input of ``kind`` the last message carrying one holds (None: plain messages, no input)."""
    for message in reversed(messages):
        data = message.additional_kwargs.get(ROLE_INPUT)
        if data is not None:
            return kind.model_validate(data)
    return None


def condense_messages(data: CondenseInput) -> list[BaseMessage]:
    return [SystemMessage(prompts.CONDENSE_SYSTEM),
            _human(prompts.render_condense_input(data.history, data.message), data)]


def agent_messages(data: AgentInput, corpus: str = "a collection of documents") -> list[BaseMessage]:
    """``corpus``: what the documents are (``RAG_BOT_CORPUS_DESCRIPTION``), named in the system prompt."""
    return [SystemMessage(prompts.agent_system(corpus)),
            _human(prompts.render_agent_input(data.question, data.retry_note), data)]


def answer_input(question: str, passages: Sequence[dict[str, object]], language: str, sentences: int,
                 standalone: str | None = None, quoted_passages: int = 1) -> AnswerInput:
    """Numbered, neutralised passages (no marker or not-found token of a document reaches any model)."""
    shown: list[PromptPassage] = []
    for n, raw in enumerate(passages, start=1):
        p = neutralise_passage(dict(raw))
        shown.append(PromptPassage(n=n, source=str(p.get("source") or ""), date=str(p["date"]) if p.get("date")
                                   else None, title=str(p.get("title") or ""), text=str(p.get("text") or "")))
    if standalone is not None and standalone.strip() == question.strip():
        standalone = None
    return AnswerInput(question=question, language=language, standalone=standalone, passages=shown,
                       sentences=sentences, quoted_passages=quoted_passages)


def answer_messages(data: AnswerInput) -> list[BaseMessage]:
    passages = [p.model_dump() for p in data.passages]
    text = prompts.render_answer_input(data.question, passages, data.language, data.standalone)
    return [SystemMessage(prompts.answer_system(data.language, data.sentences, data.quoted_passages)),
            _human(text, data)]


def conversational_system(data: ConversationalInput, corpus: str = "a collection of documents") -> SystemMessage:
    return SystemMessage(prompts.conversational_system(data.summary, data.language, corpus),
                         additional_kwargs={ROLE_INPUT: data.model_dump()})


def summary_messages(data: SummaryInput) -> list[BaseMessage]:
    return [SystemMessage(prompts.SUMMARY_SYSTEM), _human(prompts.render_summary_input(data.summary, data.turns),
                                                          data)]
