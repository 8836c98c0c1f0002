"""Telegram update handlers: commands, questions, feedback buttons, de-duplication and error handling.

The handlers only translate between Telegram and :class:`rag_bot.frontends.chat_backend.ChatBackend`; the backend is
stored in ``application.bot_data["backend"]`` and the handlers are registered by
:mod:`rag_bot.frontends.telegram.bot` (document uploads: :mod:`rag_bot.frontends.telegram.uploads`). Texts come
from :mod:`~rag_bot.frontends.telegram.texts`, sending goes through :mod:`~rag_bot.frontends.telegram.sending`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from telegram import BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters, Update
from telegram.ext import Application, ApplicationHandlerStop, ContextTypes

from rag_bot.agent.citations import page_words, source_label
from rag_bot.errors import UserError
from rag_bot.frontends.chat_backend import guess_language
from rag_bot.frontends.telegram import formatting
from rag_bot.frontends.telegram.chats import addressed, backend_of, chat_key, ui_language, user_key
from rag_bot.frontends.telegram.fairness import MEMBER_FULL, QUEUE_FULL, RATE_LIMITED, in_group
from rag_bot.frontends.telegram.sending import keep_typing, send_html, send_text, with_retry
from rag_bot.frontends.telegram.streaming import AnswerStream, pacer_of, stream_mode
from rag_bot.frontends.telegram.texts import command_help, commands, t
from rag_bot.languages import registry
from rag_bot.safe_text import clean_line

log = logging.getLogger(__name__)

FEEDBACK_PREFIX = "fb"


def feedback_keyboard(thread_id: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[
        InlineKeyboardButton("👍", callback_data=f"{FEEDBACK_PREFIX}:1:{thread_id}"),
        InlineKeyboardButton("👎", callback_data=f"{FEEDBACK_PREFIX}:-1:{thread_id}"),
    ]])


# --- what is not processed ------------------------------------------------------------------------------------
async def ignore_edits(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -2: an edited message is never answered again (the answer to the original stands; a corrected
    question is a new message). Telegram sends edits as separate updates, which would otherwise be answered."""
    if update.edited_message is not None or update.edited_channel_post is not None:
        log.info("update %s is an edit; ignored", update.update_id)
        raise ApplicationHandlerStop


def skip_notice(application: Application):
    """``on_skip`` of :class:`~rag_bot.frontends.telegram.fairness.FairUpdateProcessor`: one polite sentence in the
    chat, in the language of the skipped message."""

    async def notify(update: Update, reason: str) -> None:
        if update.effective_chat is None:
            return
        settings = application.bot_data["backend"].settings if "backend" in application.bot_data else None
        message = update.effective_message
        default = settings.default_language if settings else "en"
        language = guess_language((message.text or message.caption or "") if message else "", default)
        limits = {QUEUE_FULL: "telegram_max_pending_per_chat", MEMBER_FULL: "telegram_max_pending_per_member",
                  RATE_LIMITED: "telegram_user_messages_per_minute"}
        count = getattr(settings, limits[reason]) if settings else "?"
        text = t(language, reason, count=count)
        chat_id = update.effective_chat.id
        # in a group the notice answers the skipped message, so the member it concerns sees it is theirs
        reply = (ReplyParameters(message.message_id, allow_sending_without_reply=True)
                 if message is not None and in_group(update) else None)
        await with_retry(lambda: application.bot.send_message(chat_id, text, reply_parameters=reply),
                         what="sendMessage")

    return notify


async def drop_duplicates(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -1: an update id seen before (Telegram redelivery, restart, second replica) is not processed again.
    In webhook mode the update's lease does this instead (marked done after the answer, not before the work)."""
    if "turn_claims" in context.application.bot_data:
        return
    try:
        first = await backend_of(context).seen_update(f"tg:{update.update_id}")
    except Exception:
        log.exception("update de-duplication store failed; processing update %s anyway", update.update_id)
        return
    if not first:
        log.info("update %s was already processed; ignored", update.update_id)
        raise ApplicationHandlerStop


# --- commands --------------------------------------------------------------------------------------------------
def overview_text(overview: dict[str, Any], language: str) -> str:
    if not overview["documents"]:
        return t(language, "empty")
    languages = ", ".join(registry().name_in(code, language) for code in overview["languages"]) or "?"
    formats = ", ".join(f"{count} {fmt}" for fmt, count in overview["formats"].items())
    return t(language, "knows", documents=overview["documents"], first=overview["first_date"] or "?",
             last=overview["last_date"] or "?", languages=languages, formats=formats)


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    overview = await asyncio.to_thread(backend_of(context).corpus_overview)
    intro = t(language, "intro", corpus=backend_of(context).settings.corpus_description)
    text = "\n\n".join([intro, overview_text(overview, language), t(language, "try")])
    await send_text(context, update.effective_chat.id, text, language=language)


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    text = f"{t(language, 'help')}\n\n{command_help(language)}"
    await send_text(context, update.effective_chat.id, text, language=language)


async def language_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    backend = backend_of(context)
    args = [a.lower() for a in (context.args or [])]
    if len(args) == 1 and args[0] in registry().codes:
        await backend.set_language(user_key(update.effective_user.id), args[0])
        confirmation = t(args[0], "language_set", name=registry().name_in(args[0], args[0]))
        await send_text(context, update.effective_chat.id, confirmation, language=args[0])
        return
    language = await ui_language(context, update)
    current = await backend.get_language(user_key(update.effective_user.id)) or "auto"
    await send_text(context, update.effective_chat.id, t(language, "language_usage", current=current),
                    language=language)


async def reset_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    await backend_of(context).reset(chat_key(update.effective_chat.id))
    await send_text(context, update.effective_chat.id, t(language, "reset"), language=language)


async def sources_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    language = await ui_language(context, update)
    overview = await asyncio.to_thread(backend_of(context).corpus_overview)
    if not overview["documents"]:
        await send_text(context, update.effective_chat.id, t(language, "empty"), language=language)
        return
    lines = [t(language, "sources_head", documents=overview["documents"])]
    for item in sorted(overview["items"], key=lambda d: (d.get("date") or "", d["source"])):
        title = f" - {clean_line(str(item['title']))}" if item.get("title") else ""
        lines.append(f"• {item.get('date') or '?'} {clean_line(item['source'])}{title} "
                     f"({item.get('language') or '?'})")
    await send_text(context, update.effective_chat.id, "\n".join(lines), language=language)


async def source_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/source N``: the full passage the last answer cited as [N], under its source line, and for a PDF page
    that page drawn as an image. No answer with sources, or a number not among them: one sentence."""
    language = await ui_language(context, update)
    chat_id = update.effective_chat.id
    backend = backend_of(context)
    cited = await backend.last_sources(chat_key(chat_id))
    if not cited:
        await send_text(context, chat_id, t(language, "source_none"), language=language)
        return
    args = context.args or []
    wanted = int(args[0]) if len(args) == 1 and args[0].isascii() and args[0].isdigit() else None
    found = [(citation, passage) for citation, passage in cited if citation["n"] == wanted]
    if not found:
        numbers = ", ".join(str(citation["n"]) for citation, _ in cited)
        await send_text(context, chat_id, t(language, "source_usage", numbers=numbers), language=language)
        return
    citation, passage = found[0]
    page = (page_words(citation, t(language, "page"), t(language, "pages"))
            if citation.get("page") is not None else None)
    head = t(language, "source_head", n=citation["n"], label=clean_line(source_label(citation, page)))
    await send_text(context, chat_id, f"{head}\n\n{passage.get('text') or ''}", language=language)
    try:
        image = await backend.page_image(passage)
    except UserError as exc:
        log.info("no page image for source %s in chat %s: %s", wanted, chat_id, exc)
        await send_text(context, chat_id, t(language, "source_no_page", reason=str(exc)), language=language)
        return
    if image is not None:
        caption = formatting.render(head, language, limit=1024)[0]  # escaped HTML, as every message the bot sends
        await with_retry(lambda: context.bot.send_photo(chat_id, image, caption=caption, parse_mode="HTML"),
                         what="sendPhoto")


# --- questions -------------------------------------------------------------------------------------------------
async def question(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or update.effective_chat is None:
        return
    text = addressed(message, context.bot.username, context.bot.id)
    if not text:
        return
    await answer_question(update, context, text)


async def answer_question(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> None:
    """Answer ``text`` (a typed or a transcribed question) as a reply to the update's message, streamed while it
    is written (:mod:`~rag_bot.frontends.telegram.streaming`) unless ``telegram_stream`` is off."""
    message = update.effective_message
    backend = backend_of(context)
    chat_id = update.effective_chat.id
    chosen, mode = None, None
    shown = stream_mode(backend.settings, update.effective_chat.type, context.bot)
    stream = (AnswerStream(context, chat_id, shown, pacer_of(context, backend.settings), reply_to=message.message_id,
                           language=guess_language(text, backend.settings.default_language)) if shown else None)
    typing = asyncio.create_task(keep_typing(context, chat_id))
    try:
        if update.effective_user is not None:
            chosen, mode = await backend.preferences(user_key(update.effective_user.id))
        thread = await backend.thread_id(chat_key(chat_id))  # for the feedback buttons
        if stream is None:
            reply = await backend.answer(chat_key(chat_id), text, language=chosen, mode=mode)
        else:
            reply = await backend.answer_streamed(chat_key(chat_id), text, stream.push, language=chosen, mode=mode)
    except Exception as exc:
        log.exception("the agent failed on a message in chat %s", chat_id)
        if stream is not None:
            await stream.close()
        language = chosen or guess_language(text, backend.settings.default_language)
        await send_text(context, chat_id, failure_text(language, exc), reply_to=message.message_id,
                        language=language)
        return
    except BaseException:  # cancelled (the bot stops): the stream's own task goes with the turn
        if stream is not None:
            stream.cancel()
        raise
    finally:
        typing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await typing
    parts = formatting.render_reply(reply.answer, reply.citations, reply.language)
    if stream is not None:
        await stream.deliver(parts, keyboard=feedback_keyboard(thread))
        return
    await send_html(context, chat_id, parts, reply_to=message.message_id, keyboard=feedback_keyboard(thread))


# --- feedback --------------------------------------------------------------------------------------------------
async def feedback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    try:
        _, value, thread = (query.data or "").split(":", 2)
        vote = 1 if int(value) > 0 else -1
    except ValueError:
        await with_retry(lambda: query.answer(), what="answerCallbackQuery")
        return
    message_id = query.message.message_id if query.message is not None else 0
    await backend_of(context).record_feedback(thread, message_id, user_key(query.from_user.id), vote)
    language = await ui_language(context, update)
    await with_retry(lambda: query.answer(t(language, "thanks")), what="answerCallbackQuery")


# --- errors / bot commands ------------------------------------------------------------------------------------
async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every unhandled error with its traceback; tell the user briefly when there is a chat to tell."""
    log.error("error while handling an update", exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None and update.effective_message is not None:
        if update.callback_query is not None:
            return
        with contextlib.suppress(Exception):
            language = await ui_language(context, update, update.effective_message.text or "")
            await context.bot.send_message(update.effective_chat.id, failure_text(language, context.error))


def failure_text(language: str, exc: BaseException | None) -> str:
    """The polite reply to a failure: an error the asker caused and can fix (a :class:`UserError`, e.g. a question
    over the length limit) is named in its one sentence; anything else (a bug, or an error only the operator can
    fix, such as the chat model's quota) gets the general apology, its details stay in the log."""
    if isinstance(exc, UserError) and not exc.for_operator:
        return t(language, "failed", sentence=exc.sentence)
    return t(language, "sorry")


def bot_commands(language: str | None = None) -> list[BotCommand]:
    """The command menu in ``language`` (the default language's when None)."""
    return [BotCommand(name, description) for name, description in commands(language).items()]


async def set_commands(application: Application) -> None:
    """setMyCommands for every registered language: the default one for all users, each other one for the users
    whose Telegram interface is in it."""
    reg = registry()
    await with_retry(lambda: application.bot.set_my_commands(bot_commands(reg.default.code)), what="setMyCommands")
    for code in (c for c in reg.codes if c != reg.default.code):
        await with_retry(lambda code=code: application.bot.set_my_commands(bot_commands(code), language_code=code),
                         what="setMyCommands")
