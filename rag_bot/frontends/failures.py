"""One sentence for each failure a user can cause or fix, for front ends to show instead of a traceback.

Every typed error a user can cause derives from :class:`rag_bot.errors.UserError` (its ``sentence`` is what is
shown); :func:`user_message` is the one place a front end turns an exception into that sentence, and it also words
the few raw ones that reach a front end (a locked SQLite file, another provider's model error). ``None`` means a
bug: let it surface.
"""

from __future__ import annotations

import sqlite3

from rag_bot.errors import UserError
from rag_bot.safe_text import clean_line


def user_message(exc: BaseException) -> str | None:
    """The sentence for ``exc`` (control characters removed, one line), or None when it is not a user's failure."""
    from langchain_core.exceptions import ModelError

    if isinstance(exc, UserError):
        text = exc.sentence
    elif isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower():
        text = ("The conversation memory (SQLite, RAG_BOT_SQLITE_PATH) is locked by another process; "
                "try again when it has finished.")
    elif isinstance(exc, ModelError):
        first = (str(exc).strip().splitlines() or [""])[0]
        text = f"The chat model failed ({type(exc).__name__}): {first}"
    else:
        return None
    return clean_line(text)
