"""Telegram update handlers: commands, questions, feedback buttons, de-duplication and error handling.

The handlers only translate between Telegram and :class:`rag_bot.frontends.base.ChatBackend`; the backend is
stored in ``application.bot_data["backend"]`` by :mod:`rag_bot.frontends.telegram.bot`.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
from typing import Any

from telegram import (
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatAction, ChatType, MessageEntityType, ParseMode
from telegram.error import BadRequest
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from rag_bot.frontends.base import LANGUAGES, ChatBackend, guess_language
from rag_bot.frontends.telegram import formatting
from rag_bot.frontends.telegram.sending import with_retry
from rag_bot.languages import registry
from rag_bot.safe_text import clean_line

log = logging.getLogger(__name__)

_SPACES = re.compile(r"[ \t]{2,}")
TYPING_INTERVAL_S = 4.0
FEEDBACK_PREFIX = "fb"

COMMANDS: dict[str, dict[str, str]] = {
    "en": {
        "start": "What this bot does and which documents it knows",
        "help": "How to ask questions",
        "language": "Answer language: /language {codes}",
        "reset": "Start a new conversation",
        "sources": "List the documents I can answer from",
    },
    "hi": {
        "start": "यह बॉट क्या करता है और कौन-से दस्तावेज़ जानता है",
        "help": "प्रश्न कैसे पूछें",
        "language": "उत्तर की भाषा: /language {codes}",
        "reset": "नई बातचीत शुरू करें",
        "sources": "जिन दस्तावेज़ों से मैं उत्तर देता हूँ उनकी सूची",
    },
}

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "intro": "I answer questions only from {corpus} ({languages}), and I cite the document and date for every "
                 "answer. If the documents do not say, I tell you so.",
        "knows": "I know {documents} documents from {first} to {last}, in {languages} ({formats}).",
        "empty": "No documents are indexed yet.",
        "try": "Ask for example: What was said about silence on 1969-01-23?\nCommands: /help /language /reset "
               "/sources",
        "help": "Write your question as a normal message, in one of: {languages}. You can mention a date "
                "(\"on 1969-01-23\", \"in March 1969\") to narrow the search. Follow-up questions use the "
                "conversation so far; /reset starts a new one. /language {codes} sets the answer language. "
                "Use 👍/👎 under an answer to tell us whether it helped. In groups, mention me or reply to me.",
        "language_set": "Answers will be in {name}.",
        "language_usage": "Use /language {codes} (now: {current}).",
        "reset": "Started a new conversation.",
        "sources_head": "Documents I can answer from ({documents}):",
        "thanks": "Thanks for the feedback!",
        "not_admin": "Only administrators can add documents.",
        "bad_type": "I can only ingest {types} files.",
        "too_big": "That file is {size:.1f} MB; the limit is {limit:g} MB.",
        "bad_name": "That file name cannot be used.",
        "ingesting": "Received {name}; adding it to the index…",
        "busy": "Another ingestion is running; please send the file again in a minute.",
        "ingested": "Ingested {name}:\n{summary}",
        "ingest_failed": "Sorry, ingesting {name} failed: {reason}",
        "queue_full": "You have sent {count} messages that I have not answered yet. I will answer those first; "
                      "messages sent meanwhile are skipped, so please wait for the answers before asking more.",
        "rate_limited": "You are sending messages faster than I can answer ({count} a minute); I skipped some. "
                        "Please wait a minute, then send your question again.",
    },
    "hi": {
        "intro": "मैं केवल दस्तावेज़ों के इस संग्रह ({languages}) से प्रश्नों के उत्तर देता हूँ और हर उत्तर के साथ "
                 "दस्तावेज़ और तारीख़ का हवाला देता हूँ। यदि दस्तावेज़ों में उत्तर नहीं है, तो मैं यही बताता हूँ।",
        "knows": "मैं {first} से {last} तक के {documents} दस्तावेज़ जानता हूँ, भाषाएँ: {languages} ({formats})।",
        "empty": "अभी कोई दस्तावेज़ अनुक्रमित नहीं है।",
        "try": "उदाहरण: 23 जनवरी 1969 को मौन के बारे में क्या कहा गया?\nआदेश: /help /language /reset /sources",
        "help": "अपना प्रश्न सामान्य संदेश की तरह इनमें से किसी भाषा में लिखें: {languages}। तारीख़ लिखकर खोज सीमित कर "
                "सकते हैं। /reset नई बातचीत शुरू करता है, /language {codes} उत्तर की भाषा चुनता है। उत्तर के नीचे 👍/👎 से "
                "बताएँ कि वह उपयोगी था या नहीं। समूहों में मुझे @ से बुलाएँ या मेरे संदेश का उत्तर दें।",
        "language_set": "अब उत्तर {name} में होंगे।",
        "language_usage": "/language {codes} लिखें (अभी: {current})।",
        "reset": "नई बातचीत शुरू हुई।",
        "sources_head": "जिन दस्तावेज़ों से मैं उत्तर देता हूँ ({documents}):",
        "thanks": "प्रतिक्रिया के लिए धन्यवाद!",
        "not_admin": "केवल प्रशासक दस्तावेज़ जोड़ सकते हैं।",
        "bad_type": "मैं केवल {types} फ़ाइलें जोड़ सकता हूँ।",
        "too_big": "यह फ़ाइल {size:.1f} MB की है; सीमा {limit:g} MB है।",
        "bad_name": "यह फ़ाइल नाम उपयोग नहीं किया जा सकता।",
        "ingesting": "{name} मिली; इसे अनुक्रमणिका में जोड़ रहा हूँ…",
        "busy": "दूसरी अनुक्रमण प्रक्रिया चल रही है; कृपया एक मिनट बाद फ़ाइल फिर भेजें।",
        "ingested": "{name} जोड़ी गई:\n{summary}",
        "ingest_failed": "क्षमा करें, {name} जोड़ना विफल रहा: {reason}",
        "queue_full": "आपके {count} संदेशों का उत्तर अभी बाकी है। पहले उनका उत्तर दूँगा; इस बीच भेजे गए संदेश छोड़ दिए "
                      "जाते हैं, इसलिए कृपया नए प्रश्न से पहले उत्तरों की प्रतीक्षा करें।",
        "rate_limited": "आप इतनी तेज़ी से संदेश भेज रहे हैं कि मैं उत्तर नहीं दे पा रहा (एक मिनट में {count}); कुछ संदेश "
                        "छोड़ दिए गए। कृपया एक मिनट रुककर प्रश्न फिर भेजें।",
    },
}
def _language_values(language: str | None) -> dict[str, str]:
    """``{languages}`` (every registered language, named in ``language``) and ``{codes}`` (``en|hi``)."""
    reg = registry()
    ui = language or reg.default.code
    return {"languages": ", ".join(reg.name_in(code, ui) for code in reg.codes), "codes": "|".join(reg.codes)}


def t(language: str | None, key: str, **values: Any) -> str:
    table = TEXT.get(language or "en", TEXT["en"])
    return (table.get(key) or TEXT["en"][key]).format(**{**_language_values(language), **values})


def backend_of(context: ContextTypes.DEFAULT_TYPE) -> ChatBackend:
    return context.application.bot_data["backend"]


def chat_key(chat_id: int) -> str:
    return f"tg:{chat_id}"


def user_key(user_id: int) -> str:
    return f"tg:{user_id}"


async def ui_language(context: ContextTypes.DEFAULT_TYPE, update: Update, text: str = "") -> str:
    """The language for interface texts: the user's choice, else Hindi for Devanagari input, else the default."""
    backend = backend_of(context)
    chosen = None
    if update.effective_user is not None:
        with contextlib.suppress(Exception):
            chosen = await backend.get_language(user_key(update.effective_user.id))
    return chosen or guess_language(text, backend.settings.default_language)


# --- sending ---------------------------------------------------------------------------------------------------
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
    from rag_bot.frontends.telegram.fairness import QUEUE_FULL

    async def notify(update: Update, reason: str) -> None:
        if update.effective_chat is None:
            return
        settings = application.bot_data["backend"].settings if "backend" in application.bot_data else None
        message = update.effective_message
        default = settings.default_language if settings else "en"
        language = guess_language((message.text or message.caption or "") if message else "", default)
        count = (settings.telegram_max_pending_per_chat if reason == QUEUE_FULL
                 else settings.telegram_user_messages_per_minute) if settings else "?"
        text = t(language, reason, count=count)
        chat_id = update.effective_chat.id
        await with_retry(lambda: application.bot.send_message(chat_id, text), what="sendMessage")

    return notify


async def drop_duplicates(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -1: an update id seen before (Telegram redelivery, restart, second replica) is not processed again."""
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
    await send_text(context, update.effective_chat.id, t(language, "help"), language=language)


async def language_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    backend = backend_of(context)
    args = [a.lower() for a in (context.args or [])]
    if len(args) == 1 and args[0] in LANGUAGES:
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


# --- questions -------------------------------------------------------------------------------------------------
def without_entity(text: str, offset: int, length: int) -> str:
    """``text`` with one entity cut out. Telegram counts offsets in UTF-16 code units: slicing the Python string
    with them cut the wrong characters after any emoji ("😀 @bot what" became "😀 @what")."""
    units = text.encode("utf-16-le")
    kept = units[: offset * 2] + units[(offset + length) * 2:]
    return _SPACES.sub(" ", kept.decode("utf-16-le")).strip()


def addressed(message: Message, bot_username: str | None, bot_id: int) -> str | None:
    """The message's text (or a document's caption) if it is meant for the bot, else None.

    Private chats: always. Groups: when the bot is @mentioned (found through the message's entities; the mention
    is removed from the text) or the message replies to one of the bot's messages.
    """
    is_caption = message.text is None and message.caption is not None
    text = (message.caption if is_caption else message.text) or ""
    if message.chat.type == ChatType.PRIVATE:
        return text
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None and replied.from_user.id == bot_id:
        return text
    mention = f"@{bot_username}".lower() if bot_username else None
    kinds = [MessageEntityType.MENTION, MessageEntityType.TEXT_MENTION]
    found = message.parse_caption_entities(kinds) if is_caption else message.parse_entities(kinds)
    for entity, entity_text in found.items():
        if (entity.type == MessageEntityType.MENTION and mention and entity_text.lower() == mention) or (
                entity.type == MessageEntityType.TEXT_MENTION and entity.user and entity.user.id == bot_id):
            return without_entity(text, entity.offset, entity.length)
    return None


async def question(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or update.effective_chat is None:
        return
    text = addressed(message, context.bot.username, context.bot.id)
    if not text:
        return
    backend = backend_of(context)
    chat_id = update.effective_chat.id
    chosen = None
    typing = asyncio.create_task(keep_typing(context, chat_id))
    try:
        if update.effective_user is not None:
            chosen = await backend.get_language(user_key(update.effective_user.id))
        thread = await backend.thread_id(chat_key(chat_id))  # for the feedback buttons
        reply = await backend.answer(chat_key(chat_id), text, language=chosen)
    except Exception:
        log.exception("the agent failed on a message in chat %s", chat_id)
        language = chosen or guess_language(text, backend.settings.default_language)
        await send_text(context, chat_id, formatting.text_for(language, "sorry"), reply_to=message.message_id,
                        language=language)
        return
    finally:
        typing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await typing
    parts = formatting.render_reply(reply.answer, reply.citations, reply.language)
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


# --- errors / registration ------------------------------------------------------------------------------------
async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every unhandled error with its traceback; tell the user briefly when there is a chat to tell."""
    log.error("error while handling an update", exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None and update.effective_message is not None:
        if update.callback_query is not None:
            return
        with contextlib.suppress(Exception):
            language = await ui_language(context, update, update.effective_message.text or "")
            await context.bot.send_message(update.effective_chat.id, formatting.text_for(language, "sorry"))


def bot_commands(language: str = "en") -> list[BotCommand]:
    codes = _language_values(language)["codes"]
    return [BotCommand(name, description.format(codes=codes)) for name, description in COMMANDS[language].items()]


async def set_commands(application: Application) -> None:
    """setMyCommands for the default (English) and Hindi interface languages."""
    await with_retry(lambda: application.bot.set_my_commands(bot_commands("en")), what="setMyCommands")
    await with_retry(lambda: application.bot.set_my_commands(bot_commands("hi"), language_code="hi"),
                     what="setMyCommands")


def register(application: Application) -> None:
    """Add all handlers (uploads included) to ``application``."""
    from rag_bot.frontends.telegram.uploads import upload

    application.add_handler(TypeHandler(Update, ignore_edits), group=-2)
    application.add_handler(TypeHandler(Update, drop_duplicates), group=-1)
    application.add_handler(CommandHandler("start", start))
    application.add_handler(CommandHandler("help", help_command))
    application.add_handler(CommandHandler("language", language_command))
    application.add_handler(CommandHandler("reset", reset_command))
    application.add_handler(CommandHandler("sources", sources_command))
    application.add_handler(MessageHandler(filters.Document.ALL, upload))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, question))
    application.add_handler(CallbackQueryHandler(feedback, pattern=rf"^{FEEDBACK_PREFIX}:"))
    application.add_error_handler(on_error)
