"""Streamed answers: the answer appears in the chat while it is written, then the final message comes once.

The agent hands over answer text piece by piece, each piece only after the runtime support check has accepted its
sentences (:meth:`rag_bot.frontends.chat_backend.ChatBackend.answer_streamed`), so what is shown is always the start
of the final answer and is never taken back. :class:`AnswerStream` shows it:

* ``draft`` (private chats): Bot API ``sendMessageDraft``, an animated preview the final ``sendMessage`` (with the
  sources and the feedback buttons) replaces;
* ``edit`` (groups, where drafts do not exist): the first piece is sent as the reply, later pieces edit it, and the
  final text (sources and buttons added) is its last edit;
* each chat gets at most one update per ``telegram_stream_interval_s`` and the bot at most
  ``telegram_stream_per_second`` in all (:class:`StreamPacer`): an update over the budget is skipped, the next
  one carries its text; a 429 pauses the chat's updates and messages for the ``retry_after`` Telegram asked; the
  final messages wait for a token of the bot's budget instead of being skipped (not for the chat's interval:
  Telegram allows a chat short bursts).

An answer longer than one Telegram message streams its first message; the rest arrives with the final messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Literal

from telegram import InlineKeyboardMarkup, Message, ReplyParameters
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, RetryAfter, TelegramError
from telegram.ext import ContextTypes

from rag_bot.config import Settings
from rag_bot.frontends.telegram import formatting
from rag_bot.frontends.telegram.sending import send_html, with_retry

log = logging.getLogger(__name__)

Mode = Literal["draft", "edit"]
_PACER_KEY = "stream_pacer"


def _seconds(value: object) -> float:
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else float(value)  # type: ignore[arg-type]


class StreamPacer:
    """Paces the messages of streamed answers: per chat one per ``interval`` seconds (longer after a 429), for the
    bot a token bucket of ``per_second`` (burst of as many). Shared by every chat of one application."""

    def __init__(self, interval: float, per_second: float) -> None:
        self.interval = interval
        self.per_second = per_second
        self._tokens = per_second
        self._at = time.monotonic()
        self._next: dict[int, float] = {}  # chat -> earliest time of its next update
        self._held: dict[int, float] = {}  # chat -> end of the pause a 429 asked for

    def _refill(self, now: float) -> None:
        self._tokens = min(self.per_second, self._tokens + (now - self._at) * self.per_second)
        self._at = now

    def chat_wait(self, chat_id: int) -> float:
        """Seconds until ``chat_id`` may get its next message."""
        return max(0.0, self._next.get(chat_id, 0.0) - time.monotonic())

    def try_take(self, chat_id: int) -> bool:
        """True (and the slot used) when ``chat_id`` may get an update now and the bot's budget has a token."""
        now = time.monotonic()
        if self._next.get(chat_id, 0.0) > now:
            return False
        self._refill(now)
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        self._next[chat_id] = now + self.interval
        return True

    async def take(self, chat_id: int) -> None:
        """Wait until a 429's ``retry_after`` has passed for the chat and the bot's budget has a token, then use
        it (final messages: Telegram allows a chat short bursts, so they do not wait for the chat's interval)."""
        while True:
            wait = max(0.0, self._held.get(chat_id, 0.0) - time.monotonic())
            if not wait:
                self._refill(time.monotonic())
                if self._tokens >= 1.0:
                    self._tokens -= 1.0
                    self._next[chat_id] = time.monotonic() + self.interval
                    return
                wait = (1.0 - self._tokens) / self.per_second
            await asyncio.sleep(wait)

    def hold_off(self, chat_id: int, seconds: float) -> None:
        """Telegram answered 429: no message to ``chat_id`` for ``seconds``."""
        until = time.monotonic() + seconds
        self._next[chat_id] = max(self._next.get(chat_id, 0.0), until)
        self._held[chat_id] = max(self._held.get(chat_id, 0.0), until)

    def forget(self, chat_id: int) -> None:
        """The chat's answer is delivered: its entry goes once its interval has passed (memory follows activity)."""
        now = time.monotonic()
        if self._next.get(chat_id, 0.0) <= now:
            self._next.pop(chat_id, None)
        if self._held.get(chat_id, 0.0) <= now:
            self._held.pop(chat_id, None)


def pacer_of(context: ContextTypes.DEFAULT_TYPE, settings: Settings) -> StreamPacer:
    """The application's one :class:`StreamPacer` (made on first use)."""
    data = context.application.bot_data
    if _PACER_KEY not in data:
        data[_PACER_KEY] = StreamPacer(settings.telegram_stream_interval_s, settings.telegram_stream_per_second)
    pacer: StreamPacer = data[_PACER_KEY]
    return pacer


def stream_mode(settings: Settings, chat_type: str, bot: object) -> Mode | None:
    """How an answer in a chat of ``chat_type`` streams (None: not at all). Drafts exist in private chats only, and
    only with a python-telegram-bot that has ``send_message_draft`` (22.6 and later); elsewhere edits. The offline
    extractive answerer writes its answer in one piece, so its answers are not streamed."""
    if settings.telegram_stream == "off" or not settings.use_gemini:
        return None
    drafts = chat_type == ChatType.PRIVATE and hasattr(bot, "send_message_draft")
    if settings.telegram_stream == "edit" or not drafts:
        return "edit"
    return "draft"


class AnswerStream:
    """One answer shown while written (see the module docstring): :meth:`push` pieces as the agent accepts them,
    then :meth:`deliver` the final messages (or :meth:`close` when the answer failed)."""

    def __init__(self, context: ContextTypes.DEFAULT_TYPE, chat_id: int, mode: Mode, pacer: StreamPacer, *,
                 reply_to: int, language: str | None = None) -> None:
        self.context = context
        self.chat_id = chat_id
        self.mode: Mode = mode
        self.pacer = pacer
        self.reply_to = reply_to
        self.language = language
        self.draft_id = reply_to or 1  # unique per chat: the question's message id (never 0)
        self.text = ""
        self.updates = 0  # drafts or edits sent
        self.message: Message | None = None  # edit mode: the streamed message
        self._shown_html = ""
        self._changed = asyncio.Event()
        self._stopped = asyncio.Event()
        self._stopping = False
        self._broken = False
        self._task = asyncio.create_task(self._run())

    def push(self, piece: str) -> None:
        """A piece of the answer, already accepted by the support check (called on the event loop)."""
        self.text += piece
        self._changed.set()

    async def _run(self) -> None:
        while not self._stopping:
            await self._changed.wait()
            if self._stopping:
                return
            wait = self.pacer.chat_wait(self.chat_id)
            if wait:
                await self._pause(wait)
                continue
            if not self.pacer.try_take(self.chat_id):  # the bot's budget is spent: skipped, the next one says more
                await self._pause(1.0 / self.pacer.per_second)
                continue
            self._changed.clear()
            await self._update()
            if self._broken:
                return

    async def _pause(self, seconds: float) -> None:
        """Sleep ``seconds`` unless the stream is stopped first."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopped.wait(), seconds)

    async def _update(self) -> None:
        html = formatting.render(self.text, self.language)[0]
        if html == self._shown_html or not self.text.strip():
            return
        bot = self.context.bot
        try:
            if self.mode == "draft":
                await bot.send_message_draft(self.chat_id, self.draft_id, text=html, parse_mode=ParseMode.HTML)
            elif self.message is None:
                self.message = await bot.send_message(
                    self.chat_id, html, parse_mode=ParseMode.HTML,
                    reply_parameters=ReplyParameters(self.reply_to, allow_sending_without_reply=True))
            else:
                await bot.edit_message_text(html, chat_id=self.chat_id, message_id=self.message.message_id,
                                            parse_mode=ParseMode.HTML)
        except RetryAfter as exc:
            log.info("streamed answer in chat %s: flood limit, pausing updates %.1f s", self.chat_id,
                     _seconds(exc.retry_after))
            self.pacer.hold_off(self.chat_id, _seconds(exc.retry_after))
            self._changed.set()  # the text still waits to be shown
            return
        except TelegramError as exc:  # a draft or an edit is a courtesy: the final message still comes
            log.warning("streamed answer in chat %s: %s; the answer comes at the end", self.chat_id, exc)
            self._broken = self.mode == "draft" or self.message is not None
            return
        self.updates += 1
        self._shown_html = html

    async def _stop(self) -> None:
        self._stopping = True
        self._changed.set()
        self._stopped.set()
        try:
            await self._task  # an update in flight completes: an edit-mode message is never sent twice
        except Exception:  # the preview broke: logged, the final message still comes
            log.warning("streamed answer in chat %s failed", self.chat_id, exc_info=True)

    async def deliver(self, parts: list[str], keyboard: InlineKeyboardMarkup | None = None) -> list[Message]:
        """Stop streaming and send the final messages (sources and ``keyboard`` included): after drafts a normal
        reply; after edits the streamed message becomes the first part."""
        await self._stop()
        await self.pacer.take(self.chat_id)
        try:
            if self.message is None:
                return await send_html(self.context, self.chat_id, parts, reply_to=self.reply_to, keyboard=keyboard)
            return await self._finish_edited(parts, keyboard)
        finally:
            self.pacer.forget(self.chat_id)

    async def _finish_edited(self, parts: list[str], keyboard: InlineKeyboardMarkup | None) -> list[Message]:
        assert self.message is not None
        first, rest = parts[0], parts[1:]
        message_id = self.message.message_id

        async def edit() -> object:
            return await self.context.bot.edit_message_text(first, chat_id=self.chat_id, message_id=message_id,
                                                            parse_mode=ParseMode.HTML,
                                                            reply_markup=None if rest else keyboard)

        try:
            await with_retry(edit, what="editMessageText")
        except BadRequest as exc:
            if "not modified" not in str(exc).lower():
                raise
        sent = [self.message]
        if rest:
            sent += await send_html(self.context, self.chat_id, rest, keyboard=keyboard)
        return sent

    def cancel(self) -> None:
        """Stop streaming at once (the turn itself was cancelled)."""
        self._stopping = True
        self._task.cancel()

    async def close(self) -> None:
        """Stop streaming without a final message (the answer failed; its apology is sent by the caller)."""
        await self._stop()
        self.pacer.forget(self.chat_id)
