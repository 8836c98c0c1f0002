"""Voice questions: a voice message is downloaded, written down by the generative model and answered as text.

* without the generative model (no Gemini key) the bot says so in one sentence, in the user's language;
* a voice message over ``telegram_voice_max_seconds`` or ``telegram_voice_max_mb`` gets one sentence: the declared
  duration and size are checked before the download, the file's own (its Ogg/Opus pages) after it;
* the transcript is shown in one line ("🎤 ..."), then answered like a typed question (streamed, with sources).

In a group a voice message is a question only when it replies to one of the bot's messages (it cannot mention it).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from telegram import Update, Voice
from telegram.ext import ContextTypes

from rag_bot.config import Settings
from rag_bot.frontends.telegram.chats import addressed, backend_of, user_key
from rag_bot.frontends.telegram.handlers import answer_question, failure_text
from rag_bot.frontends.telegram.sending import send_text, with_retry
from rag_bot.frontends.telegram.texts import t
from rag_bot.languages import registry
from rag_bot.safe_text import clean_line

log = logging.getLogger(__name__)

MB = 1024 * 1024


async def voice_language(context: ContextTypes.DEFAULT_TYPE, update: Update) -> str:
    """The user's chosen language, else their Telegram app's language when it is registered, else the default (a
    voice message has no text to guess it from)."""
    backend = backend_of(context)
    user = update.effective_user
    if user is not None:
        try:
            chosen = await backend.get_language(user_key(user.id))
        except Exception:
            log.warning("reading the language of user %s failed", user.id, exc_info=True)
            chosen = None
        if chosen:
            return chosen
        code = (user.language_code or "").split("-")[0].lower()
        if code in registry().codes:
            return code
    return backend.settings.default_language


def declared_seconds(voice: Voice) -> float:
    """The duration the sender's app declared (python-telegram-bot gives an int or a timedelta)."""
    duration = voice.duration
    return duration.total_seconds() if isinstance(duration, timedelta) else float(duration or 0)


def too_long(settings: Settings, size: int, seconds: float) -> bool:
    """Whether a voice message of ``size`` bytes and ``seconds`` is over the limits."""
    return size > settings.telegram_voice_max_mb * MB or seconds > settings.telegram_voice_max_seconds


async def voice_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or message.voice is None or update.effective_chat is None:
        return
    if addressed(message, context.bot.username, context.bot.id) is None:
        return  # a group member's voice message to the others
    from rag_bot.models.transcription import ogg_opus_seconds, transcribe

    voice = message.voice
    chat_id = update.effective_chat.id
    settings = backend_of(context).settings
    language = await voice_language(context, update)

    async def say(key: str, **values: object) -> None:
        await send_text(context, chat_id, t(language, key, **values), reply_to=message.message_id,
                        language=language)

    def limits(size: int, seconds: float) -> dict[str, object]:
        return {"seconds": round(seconds), "size": size / MB, "limit_seconds": settings.telegram_voice_max_seconds,
                "limit_mb": settings.telegram_voice_max_mb}

    declared = declared_seconds(voice)
    if not settings.use_gemini:
        await say("voice_needs_model")
        return
    if too_long(settings, voice.file_size or 0, declared):
        await say("voice_too_long", **limits(voice.file_size or 0, declared))
        return
    try:
        file = await with_retry(lambda: context.bot.get_file(voice.file_id), what="getFile")
        audio = bytes(await file.download_as_bytearray())
        measured = ogg_opus_seconds(audio)
        seconds = declared if measured is None else measured
        if too_long(settings, len(audio), seconds):
            await say("voice_too_long", **limits(len(audio), seconds))
            return
        transcript = await transcribe(settings, audio, voice.mime_type or "audio/ogg")
    except Exception as exc:
        log.exception("transcribing a voice message in chat %s failed", chat_id)
        await send_text(context, chat_id, failure_text(language, exc), reply_to=message.message_id,
                        language=language)
        return
    if not transcript:
        await say("voice_empty")
        return
    await say("voice_heard", text=clean_line(transcript))
    await answer_question(update, context, transcript)
