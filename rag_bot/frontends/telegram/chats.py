"""Who is talking to the bot and how: the backend of the application, per-chat and per-user keys, the interface
language of an update, and whether a message is addressed to the bot (shared by handlers and uploads)."""

from __future__ import annotations

import contextlib
import re

from telegram import Message, Update
from telegram.constants import ChatType, MessageEntityType
from telegram.ext import ContextTypes

from rag_bot.frontends.chat_backend import ChatBackend, guess_language

_SPACES = re.compile(r"[ \t]{2,}")


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
