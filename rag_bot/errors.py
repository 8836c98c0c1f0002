"""Errors a user causes and can fix: ``error.sentence`` is the one sentence a front end shows (no traceback).

Every such error of any layer (settings, questions, the index, ingestion, the conversation memory, the chat model,
the search tool) derives from :class:`UserError`, so each front end catches this one class in one place
(:func:`rag_bot.frontends.failures.user_message`); ``tests/unit/test_errors.py`` holds the rule.
"""

from __future__ import annotations

from pathlib import Path

from rag_bot.languages import sentence_ends


class UserError(Exception):
    """Base of the errors whose text is meant for the user.

    ``str(error)`` is the message as raised (a loader's reason may be a clause such as ``corrupt DOCX: ...`` that
    a summary line embeds); :attr:`sentence` is that message as one sentence: one line, a capital first letter,
    a full stop at the end. ``for_operator`` marks the errors only whoever runs the bot can fix (settings, keys,
    the memory backend): a chat front end answers those with its own apology and logs the sentence instead.
    """

    for_operator = False

    @property
    def sentence(self) -> str:
        text = " ".join(str(self).split()) or f"{type(self).__name__}."
        text = text[0].upper() + text[1:]
        return text if text.endswith(tuple(sentence_ends())) else f"{text}."


class ConfigurationError(UserError, ValueError):
    """The settings ask for something that cannot run (e.g. Gemini without a key)."""

    for_operator = True


class SettingsError(ConfigurationError):
    """A setting is out of its range, or names a place this process cannot write; one sentence names it."""


class QuestionTooLong(UserError, ValueError):
    """A question (or search query) over ``Settings.max_question_chars``, refused before any work is done."""

    def __init__(self, length: int, limit: int) -> None:
        super().__init__(f"The question is {length} characters long and the limit is {limit} "
                         "(RAG_BOT_MAX_QUESTION_CHARS); please ask something shorter.")
        self.length = length
        self.limit = limit


class NoIndexError(UserError, FileNotFoundError):
    """A read command (search, ask, chat, eval on an index) found no index: it never creates one."""

    def __init__(self, index_dir: Path | str) -> None:
        super().__init__(f"There is no index in {index_dir}; create one with `rag-bot ingest PATH` "
                         "(or point --index-dir / RAG_BOT_INDEX_DIR at an existing one).")
        self.index_dir = index_dir


class UnknownLanguage(UserError, ValueError):
    """A run or a command asked for an answer language that no file of rag_bot/languages/ describes."""

    def __init__(self, value: str, codes: tuple[str, ...]) -> None:
        super().__init__(f"The language {str(value)[:20]!r} is not known; use one of {', '.join(codes)}.")
        self.value = value


ANSWER_MODES = ("default", "research")  # research: wider retrieval, longer answers with more citations


class UnknownAnswerMode(UserError, ValueError):
    """A run or a command asked for an answer mode other than :data:`ANSWER_MODES`."""

    def __init__(self, value: str) -> None:
        super().__init__(f"The answer mode {str(value)[:20]!r} is not known; use one of {', '.join(ANSWER_MODES)}.")
        self.value = value


def check_answer_mode(value: str | None) -> str | None:
    """``value`` lower-cased when it is an answer mode (None stays None), else :class:`UnknownAnswerMode`."""
    if value is None:
        return None
    mode = str(value).strip().lower()
    if mode not in ANSWER_MODES:
        raise UnknownAnswerMode(str(value))
    return mode


class NoSuchThread(UserError, LookupError):
    """A chat command named a conversation thread number the chat does not have (``/switch 99``)."""

    def __init__(self, number: str | int) -> None:
        super().__init__(f"This chat has no conversation number {str(number)[:20]}; /threads lists them.")
        self.number = number


class ModelNotAllowed(UserError, ValueError):
    """A run (e.g. through LangGraph's server) named a chat model the settings do not allow."""

    def __init__(self, setting: str, name: str, allowed: list[str]) -> None:
        shown = name if len(name) <= 60 else name[:57] + "..."
        super().__init__(f"The model {shown!r} asked for as {setting} is not allowed here; a run may name only "
                         f"{', '.join(allowed)} (the RAG_BOT_*_MODEL settings and RAG_BOT_RUN_MODELS).")
        self.setting = setting
        self.name = name


def check_question(question: str, limit: int) -> str:
    """``question`` unchanged, or :class:`QuestionTooLong` when it is longer than ``limit`` characters."""
    if len(question) > limit:
        raise QuestionTooLong(len(question), limit)
    return question
