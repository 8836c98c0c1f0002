"""Sending to Telegram: Bot API calls with bounded retries on flood limits (429 RetryAfter) and network errors,
HTML messages in order (plain text when Telegram rejects the markup) and the typing indicator."""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram import InlineKeyboardMarkup, Message, ReplyParameters
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, Forbidden, InvalidToken, NetworkError, RetryAfter
from telegram.ext import ContextTypes

from rag_bot.frontends.telegram import formatting

log = logging.getLogger(__name__)
T = TypeVar("T")

ATTEMPTS = 5
MAX_RETRY_AFTER_S = 60.0
BACKOFF_S = 0.5
TYPING_INTERVAL_S = 4.0


def _seconds(value) -> float:
    return float(value.total_seconds()) if hasattr(value, "total_seconds") else float(value)


async def with_retry(call: Callable[[], Awaitable[T]], *, what: str = "request", attempts: int = ATTEMPTS) -> T:
    """Await ``call()``; on RetryAfter wait the asked time, on NetworkError/TimedOut back off; at most ``attempts``.

    BadRequest / Forbidden / InvalidToken (subclasses of the same hierarchy) are not retried: they will not heal.
    """
    for attempt in range(1, attempts + 1):
        try:
            return await call()
        except RetryAfter as exc:
            if attempt == attempts:
                raise
            wait = min(_seconds(exc.retry_after), MAX_RETRY_AFTER_S)
            log.warning("%s: flood limit, retrying in %.1f s (attempt %d/%d)", what, wait, attempt, attempts)
            await asyncio.sleep(wait)
        except (BadRequest, Forbidden, InvalidToken):
            raise
        except NetworkError as exc:  # includes TimedOut
            if attempt == attempts:
                raise
            wait = BACKOFF_S * 2 ** (attempt - 1)
            log.warning("%s: %s: %s, retrying in %.1f s (attempt %d/%d)", what, type(exc).__name__, exc, wait,
                        attempt, attempts)
            await asyncio.sleep(wait)
    raise AssertionError("unreachable")


async def send_html(context: ContextTypes.DEFAULT_TYPE, chat_id: int, parts: list[str], *,
                    reply_to: int | None = None, keyboard: InlineKeyboardMarkup | None = None) -> list[Message]:
    """Send HTML parts in order (retrying flood limits / network errors); keyboard on the last part only.

    Should Telegram still reject the HTML, the part is resent as plain text - a reply is never lost to markup.
    """
    sent: list[Message] = []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        kwargs: dict[str, Any] = {"chat_id": chat_id, "text": part, "parse_mode": ParseMode.HTML,
                                  "reply_markup": keyboard if last else None}
        if index == 0 and reply_to is not None:
            kwargs["reply_parameters"] = ReplyParameters(message_id=reply_to, allow_sending_without_reply=True)

        async def call(kwargs: dict[str, Any] = kwargs) -> Message:
            return await context.bot.send_message(**kwargs)

        try:
            message = await with_retry(call, what="sendMessage")
        except BadRequest as exc:
            if "parse" not in str(exc).lower() and "entit" not in str(exc).lower():
                raise
            log.warning("Telegram rejected the HTML of a message (%s); sending it as plain text", exc)
            plain = dict(kwargs, text=html.unescape(part.replace("<b>", "").replace("</b>", "")), parse_mode=None)

            async def call_plain(plain: dict[str, Any] = plain) -> Message:
                return await context.bot.send_message(**plain)

            message = await with_retry(call_plain, what="sendMessage")
        sent.append(message)
    return sent


async def send_text(context: ContextTypes.DEFAULT_TYPE, chat_id: int, text: str, *,
                    reply_to: int | None = None, language: str | None = None) -> list[Message]:
    """Send a plain text (escaped, split if long)."""
    return await send_html(context, chat_id, formatting.render(text, language), reply_to=reply_to)


async def keep_typing(context: ContextTypes.DEFAULT_TYPE, chat_id: int) -> None:
    """Send the typing indicator now and every few seconds until cancelled (it expires after ~5 s)."""
    while True:
        try:
            await context.bot.send_chat_action(chat_id=chat_id, action=ChatAction.TYPING)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the indicator is cosmetic: never let it break an answer
            log.debug("sendChatAction failed: %s", exc)
        await asyncio.sleep(TYPING_INTERVAL_S)
