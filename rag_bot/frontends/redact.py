"""Keep secrets out of everything a front end prints or logs.

python-telegram-bot puts the bot token in request URLs and in ``InvalidToken("The token `...` was rejected")``;
httpx logs URLs; a traceback repeats an exception's text. Rewriting only ``record.msg`` misses the formatted
arguments, the traceback (``exc_info`` / ``exc_text``) and ``stack_info``, so :class:`RedactingFilter` redacts the
whole rendered record, and :func:`install` adds a last line of defence on ``sys.stdout`` / ``sys.stderr`` for text
that never passes through logging (warnings, unraisable-exception reports, the CLI's own messages).

A secret is also redacted in its URL-encoded forms and, for a Telegram token ``<bot id>:<secret>``, by its secret
part alone (the bot id is public; the secret part is what grants access).
"""

from __future__ import annotations

import io
import logging
import re
import sys
from collections.abc import Iterable
from typing import TextIO
from urllib.parse import quote, quote_plus

# HTTP client loggers (each logs every request URL at INFO, which may carry a token): kept at WARNING by every front
# end. httpx2/httpcore2 are the forks google-genai uses from its 3.x releases.
HTTP_CLIENT_LOGGERS = ("httpx", "httpcore", "httpx2", "httpcore2")

MASK = "<redacted>"
_MIN_PART = 8  # shorter pieces would redact ordinary words


def secret_forms(secret: str) -> set[str]:
    """Every form in which ``secret`` may appear in printed text."""
    forms = {secret, quote(secret, safe=""), quote(secret), quote_plus(secret)}
    _, colon, tail = secret.partition(":")
    if colon and len(tail) >= _MIN_PART:  # Telegram token: the part after the bot id
        forms |= {tail, quote(tail, safe=""), quote_plus(tail)}
    return {form for form in forms if len(form) >= _MIN_PART}


class Redactor:
    """``redactor(text)`` -> ``text`` with every form of every secret replaced by ``<redacted>``."""

    def __init__(self, secrets: Iterable[str | None]) -> None:
        forms: set[str] = set()
        for secret in secrets:
            if secret and secret.strip():
                forms |= secret_forms(secret.strip())
        ordered = sorted(forms, key=len, reverse=True)  # the longest form first: no half-redacted leftovers
        self._pattern = re.compile("|".join(map(re.escape, ordered))) if ordered else None

    def __bool__(self) -> bool:
        return self._pattern is not None

    def __call__(self, text: str) -> str:
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(MASK, text)


class RedactingFilter(logging.Filter):
    """Redacts a record as it will be rendered: message with its arguments, traceback and stack."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        redact = self.redactor
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: keep the raw parts, redacted
            message = f"{record.msg} {record.args}"
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
            record.exc_info = None  # formatters use exc_text; nobody re-renders the raw exception
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


class RedactingStream(io.TextIOBase):
    """A text stream that redacts each write before passing it on (logging writes whole records at once)."""

    def __init__(self, stream: TextIO, redactor: Redactor) -> None:
        super().__init__()
        self.stream = stream
        self.redactor = redactor

    def write(self, text: str) -> int:
        self.stream.write(self.redactor(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")


def install(secrets: Iterable[str | None]) -> Redactor:
    """Redact ``secrets`` from all logging (every handler of the root logger, warnings included) and from
    ``sys.stdout`` / ``sys.stderr`` for the rest of the process. Returns the redactor for the caller's own
    messages."""
    redactor = Redactor(secrets)
    if not redactor:
        return redactor
    logging.captureWarnings(True)  # warnings go through the handlers (and their filter) instead of straight out
    wrapped = {}
    for name in ("stdout", "stderr"):
        original = getattr(sys, name)
        if not isinstance(original, RedactingStream):
            wrapped[id(original)] = RedactingStream(original, redactor)
            setattr(sys, name, wrapped[id(original)])
    log_filter = RedactingFilter(redactor)
    for handler in logging.getLogger().handlers:
        handler.addFilter(log_filter)
        stream = getattr(handler, "stream", None)
        if stream is not None and id(stream) in wrapped and isinstance(handler, logging.StreamHandler):
            handler.setStream(wrapped[id(stream)])
    return redactor
