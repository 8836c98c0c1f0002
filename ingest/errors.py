"""The one error a loader raises."""

from __future__ import annotations

from rag_bot.errors import UserError


class LoadError(UserError):
    """A file that cannot be ingested; ``str(error)`` is the reason a summary line shows, ``sentence`` the same
    reason as a sentence of its own."""
