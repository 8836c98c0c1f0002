"""Telegram commands of conversation threads and answer modes: ``/new [title]``, ``/threads``, ``/switch N``,
``/delete N`` (the active thread only after a confirmation button), ``/mode [default|research]``.

Threads belong to the chat (a group's to the group); the answer mode to the user, beside their language. Bad input
gets one sentence in the user's interface language. Registered by :mod:`rag_bot.frontends.telegram.bot`.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from rag_bot.errors import ANSWER_MODES, NoSuchThread, UnknownAnswerMode
from rag_bot.frontends.telegram.chats import backend_of, chat_key, ui_language, user_key
from rag_bot.frontends.telegram.sending import send_html, send_text, with_retry
from rag_bot.frontends.telegram.texts import t
from rag_bot.memory.threads import ThreadRecord
from rag_bot.safe_text import clean_line

DELETE_PREFIX = "thd"  # callback data of the confirmation button: thd:<number>:<thread id>


def title_of(record: ThreadRecord, language: str) -> str:
    """The thread's title in quotes, or the "(untitled)" text."""
    return f"“{clean_line(record.title)}”" if record.title else t(language, "untitled")


def when(timestamp: float, now: float | None = None) -> str:
    """A last-active time: the clock time for today, else the date and time (UTC)."""
    moment = datetime.fromtimestamp(timestamp, UTC)
    today = datetime.fromtimestamp(time.time() if now is None else now, UTC).date()
    return moment.strftime("%H:%M UTC") if moment.date() == today else moment.strftime("%Y-%m-%d %H:%M UTC")


def thread_number(args: list[str] | None) -> int | None:
    """The one argument N of /switch N and /delete N, or None when it is not a positive whole number."""
    if not args or len(args) != 1 or not args[0].isdigit() or not args[0].isascii():
        return None
    number = int(args[0])
    return number if 0 < number < 10**9 else None


async def new_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    made, pruned = await backend_of(context).new_thread(chat_key(update.effective_chat.id),
                                                        " ".join(context.args or []))
    lines = [t(language, "new_thread", number=made.number, title=f" {title_of(made, language)}" if made.title else "")]
    if pruned:
        names = ", ".join(f"#{p.number} {title_of(p, language)}" for p in pruned)
        lines.append(t(language, "threads_pruned", keep=backend_of(context).settings.max_threads_per_chat,
                       pruned=names))
    await send_text(context, update.effective_chat.id, " ".join(lines), language=language)


async def threads_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    listed, active = await backend_of(context).threads(chat_key(update.effective_chat.id))
    if not listed:
        await send_text(context, update.effective_chat.id, t(language, "threads_empty"), language=language)
        return
    lines = [t(language, "threads_head")]
    for record in listed:
        lines.append(t(language, "threads_line", mark="▶" if record.thread_id == active else "•",
                       number=record.number, title=title_of(record, language), when=when(record.last_active)))
    await send_text(context, update.effective_chat.id, "\n".join(lines), language=language)


async def switch_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    number = thread_number(context.args)
    if number is None:
        await send_text(context, update.effective_chat.id, t(language, "switch_usage"), language=language)
        return
    try:
        record = await backend_of(context).switch(chat_key(update.effective_chat.id), number)
    except NoSuchThread:
        await send_text(context, update.effective_chat.id, t(language, "no_thread", number=number),
                        language=language)
        return
    await send_text(context, update.effective_chat.id,
                    t(language, "switched", number=record.number, title=title_of(record, language)),
                    language=language)


async def delete_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/delete N``: another thread at once; the active one only after its confirmation button is pressed."""
    language = await ui_language(context, update)
    chat_id = update.effective_chat.id
    number = thread_number(context.args)
    if number is None:
        await send_text(context, chat_id, t(language, "delete_usage"), language=language)
        return
    backend = backend_of(context)
    try:
        record = await backend.thread_number(chat_key(chat_id), number)
    except NoSuchThread:
        await send_text(context, chat_id, t(language, "no_thread", number=number), language=language)
        return
    if record.thread_id == await backend.active_thread(chat_key(chat_id)):
        data = f"{DELETE_PREFIX}:{record.number}:{record.thread_id}"[:64]
        button = InlineKeyboardButton(t(language, "delete_button", number=record.number), callback_data=data)
        text = t(language, "delete_confirm", number=record.number, title=title_of(record, language))
        await send_html(context, chat_id, [_escaped(text)], keyboard=InlineKeyboardMarkup([[button]]))
        return
    await _delete(update, context, record, language, was_active=False)


async def delete_confirmed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The confirmation button of ``/delete N`` for the active thread: deleted when it is still the same thread."""
    query = update.callback_query
    language = await ui_language(context, update)
    await with_retry(lambda: query.answer(), what="answerCallbackQuery")
    try:
        _, number_text, thread_id = (query.data or "").split(":", 2)
        record = await backend_of(context).thread_number(chat_key(update.effective_chat.id), int(number_text))
    except (ValueError, NoSuchThread):
        record = None
    if record is None or not record.thread_id.startswith(thread_id):
        await send_text(context, update.effective_chat.id, t(language, "delete_gone"), language=language)
        return
    active = await backend_of(context).active_thread(chat_key(update.effective_chat.id))
    await _delete(update, context, record, language, was_active=record.thread_id == active)


async def _delete(update: Update, context: ContextTypes.DEFAULT_TYPE, record: ThreadRecord, language: str,
                  was_active: bool) -> None:
    try:
        await backend_of(context).delete_thread(chat_key(update.effective_chat.id), record.number)
    except NoSuchThread:
        await send_text(context, update.effective_chat.id, t(language, "delete_gone"), language=language)
        return
    key = "deleted_active" if was_active else "deleted"
    await send_text(context, update.effective_chat.id,
                    t(language, key, number=record.number, title=title_of(record, language)), language=language)


async def mode_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/mode`` shows the user's answer mode, ``/mode default|research`` sets it (kept with their language)."""
    backend = backend_of(context)
    language = await ui_language(context, update)
    user = user_key(update.effective_user.id)
    args = context.args or []
    if not args:
        _, mode = await backend.preferences(user)
        await send_text(context, update.effective_chat.id, t(language, "mode_now", mode=mode), language=language)
        return
    value = " ".join(args)
    try:
        if len(args) != 1 or args[0].lower() not in ANSWER_MODES:
            raise UnknownAnswerMode(value)
        mode = await backend.set_mode(user, args[0])
    except UnknownAnswerMode:
        await send_text(context, update.effective_chat.id, t(language, "mode_unknown", value=clean_line(value)[:40]),
                        language=language)
        return
    await send_text(context, update.effective_chat.id, t(language, "mode_set", mode=mode), language=language)


def _escaped(text: str) -> str:
    import html

    return html.escape(text, quote=False)
