"""Typed errors of the memory layer (checkpointers and the user-settings store)."""

from __future__ import annotations

from rag_bot.errors import UserError


class MemoryUnavailableError(UserError, RuntimeError):
    """The conversation store (Firestore or SQLite) cannot be reached or used right now.

    ``str(error)`` is a sentence a user can read; the original exception is kept as ``__cause__``
    and in ``detail``.
    """

    for_operator = True
    default_message = (
        "The conversation memory is unavailable right now, so this chat could not be saved or loaded; "
        "please try again in a minute."
    )

    def __init__(self, message: str | None = None, *, detail: str | None = None, backend: str = "") -> None:
        super().__init__(message or self.default_message)
        self.detail = detail
        self.backend = backend


class MemoryBusyError(MemoryUnavailableError):
    """The SQLite conversation file stayed locked by another process longer than the busy timeout.

    A subclass of :class:`MemoryUnavailableError`, so front ends that print that one sentence print this one too.
    """

    @classmethod
    def for_path(cls, path: object, waited_s: float, detail: str | None = None) -> MemoryBusyError:
        return cls(
            f"The conversation database {path} is locked by another process (another rag-bot chat or bot using "
            f"the same file?) and stayed locked for {waited_s:g} s, so close the other process or set "
            "RAG_BOT_SQLITE_PATH to another file.",
            detail=detail,
            backend="sqlite",
        )
