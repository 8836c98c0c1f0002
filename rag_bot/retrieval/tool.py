"""The ``retrieve_context`` LangChain tool (content = status line for the model, artifact = data for the code).

The artifact is a :class:`ToolArtifact`: the passages, and ``period_is_empty`` when no indexed document is dated
in the period of the date filter at all (the date may then name an event rather than a talk's date). Code reads
these fields, never the status line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date as _date
from typing import Any, Protocol, TypedDict, runtime_checkable

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from rag_bot.errors import UserError
from rag_bot.languages import registry
from rag_bot.retrieval.types import Passage, SearchFilters

TOOL_NAME = "retrieve_context"
_CODES = " or ".join(f"'{code}'" for code in registry().codes)  # 'en' or 'hi'


class PassageRetriever(Protocol):
    """Anything that turns a query and filters into passages (the hybrid retriever in production)."""

    def retrieve(self, query: str, filters: SearchFilters, k: int | None = None,
                 whole_document: bool = False) -> list[Passage]: ...


@runtime_checkable
class FilterChecker(Protocol):
    """A retriever that can also tell whether any document passes the filters (refines the status)."""

    def can_match(self, filters: SearchFilters) -> bool | None: ...


class ToolArtifact(TypedDict):
    """What a ``retrieve_context`` ToolMessage carries besides its status line."""

    passages: list[dict[str, Any]]  # Passage.to_dict() of each passage found
    period_is_empty: bool  # no document at all is dated in the filter's period


def artifact_passages(artifact: object) -> list[dict[str, Any]]:
    """The passage dicts of a tool artifact (a bare list: the format before ``ToolArtifact``, in older threads)."""
    raw = artifact.get("passages") if isinstance(artifact, dict) else artifact
    return [p for p in raw if isinstance(p, dict)] if isinstance(raw, list) else []


def artifact_period_is_empty(artifact: object) -> bool:
    return isinstance(artifact, dict) and artifact.get("period_is_empty") is True


class RetrieveContextArgs(BaseModel):
    """Arguments the model fills in."""

    query: str = Field(description="What to look for, as a stand-alone search query.")
    date_filter: str | None = Field(None, description="Exact date YYYY-MM-DD when the question names one date.")
    date_from: str | None = Field(None, description="Start of a date range, YYYY-MM-DD (inclusive).")
    date_to: str | None = Field(None, description="End of a date range, YYYY-MM-DD (inclusive).")
    language: str | None = Field(None, description=f"Only documents in this language: {_CODES}.")
    whole_document: bool = Field(
        False, description="True when the user asks for the whole document of the given date."
    )


class InvalidToolArguments(UserError, ValueError):
    """Arguments that cannot be searched with; the message is shown to the model as the tool's status."""


def _check_date(value: str | None, name: str) -> str | None:
    if value is None or str(value).strip() == "":
        return None
    text = str(value).strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise InvalidToolArguments(f"Invalid {name} {text!r}: use YYYY-MM-DD.")
    try:
        _date.fromisoformat(text)
    except ValueError as exc:
        raise InvalidToolArguments(f"Invalid {name} {text!r}: {exc}.") from None
    return text


def _check_language(value: str | None) -> str | None:
    if value is None or str(value).strip() == "":
        return None
    text = registry().code_for(str(value)) or str(value).strip().lower()  # a code or a name ("Hindi", "हिंदी")
    if text not in registry().codes:
        raise InvalidToolArguments(
            f"Unknown language {value!r}: use one of {', '.join(sorted(registry().codes))} or leave it empty."
        )
    return text


def validate_arguments(query: str, date_filter: str | None, date_from: str | None, date_to: str | None,
                       language: str | None) -> SearchFilters:
    """Check the model's arguments; raise :class:`InvalidToolArguments` with a readable reason."""
    if not query or not str(query).strip():
        raise InvalidToolArguments("Empty query: say what to look for.")
    filters = SearchFilters(
        date=_check_date(date_filter, "date_filter"),
        date_from=_check_date(date_from, "date_from"),
        date_to=_check_date(date_to, "date_to"),
        language=_check_language(language),
    )
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        raise InvalidToolArguments(f"date_from {filters.date_from} is after date_to {filters.date_to}.")
    return filters


NO_DOCUMENT_DATED = "no document is dated"  # status wording when the date filter alone excludes everything


def _period(filters: SearchFilters) -> str:
    if filters.date:
        return filters.date
    return f"between {filters.date_from or '...'} and {filters.date_to or '...'}"


def status_line(passages: list[Passage], filters: SearchFilters | None = None,
                period_is_empty: bool = False) -> str:
    """The short status the model sees as the ToolMessage content.

    With ``period_is_empty`` (no indexed document carries a date in the filter's period, whatever the query)
    the status says so: the date may then name an event in a talk rather than the talk's date.
    """
    docs = {p.doc_id for p in passages}
    if not passages:
        if period_is_empty and filters is not None:
            return f"Retrieved 0 passages: {NO_DOCUMENT_DATED} {_period(filters)}."
        return "Retrieved 0 passages: nothing in the documents matches this search."
    return f"Retrieved {len(passages)} passages from {len(docs)} documents."


def make_retrieve_context(retriever: PassageRetriever, default_language: str | None = None,
                          k: int | Callable[[], int | None] | None = None,
                          dated_whole: Callable[[], bool] | None = None) -> BaseTool:
    """Build the tool bound to one retriever and per-user defaults (no globals).

    ``default_language`` is not a filter: it only applies when the model passes ``language="default"``;
    answers are written in the user's language whatever the documents' language. ``k``: passages per search,
    or a function giving it at each call (the agent's per-run ``top_k``); None = the retriever's default.
    ``dated_whole()`` True (the research answer mode): a search with one exact date reads the whole documents of
    that date, as ``whole_document=true`` does.
    """

    def retrieve_context(query: str, date_filter: str | None = None, date_from: str | None = None,
                         date_to: str | None = None, language: str | None = None,
                         whole_document: bool = False) -> tuple[str, ToolArtifact]:
        try:
            if language == "default":
                language = default_language
            filters = validate_arguments(query, date_filter, date_from, date_to, language)
        except InvalidToolArguments as exc:
            return f"Invalid arguments: {exc}", ToolArtifact(passages=[], period_is_empty=False)
        count = k() if callable(k) else k
        whole = bool(whole_document) or (filters.date is not None and dated_whole is not None and dated_whole())
        passages = retriever.retrieve(query, filters, k=count, whole_document=whole)
        period_is_empty = False
        if not passages and (filters.date or filters.date_from or filters.date_to):
            dates_only = SearchFilters(date=filters.date, date_from=filters.date_from, date_to=filters.date_to)
            period_is_empty = isinstance(retriever, FilterChecker) and retriever.can_match(dates_only) is False
        return status_line(passages, filters, period_is_empty), ToolArtifact(
            passages=[p.to_dict() for p in passages], period_is_empty=period_is_empty)

    return StructuredTool.from_function(
        func=retrieve_context,
        name=TOOL_NAME,
        description=(
            "Search the document archive. Use it for every question about the documents. "
            "Pass date_filter for one date, date_from/date_to for a range, language to restrict the documents' "
            "language, whole_document=true to read the complete document of a date."
        ),
        args_schema=RetrieveContextArgs,
        response_format="content_and_artifact",
    )
