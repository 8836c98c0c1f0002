"""Build and run the Telegram bot (python-telegram-bot Application).

* token, Bot API base URLs from :class:`rag_bot.config.Settings`;
* long polling by default, a webhook (with a secret token checked on every request, health and readiness probes
  and a bounded stop: :mod:`rag_bot.frontends.telegram.webhook`) when ``telegram_webhook_url`` is set;
* updates of different chats are processed concurrently, updates of one chat strictly in arrival order, and no
  chat holds more than one slot of the shared capacity; a flooding chat or user is skipped with one polite
  notice (:mod:`rag_bot.frontends.telegram.fairness`); in webhook mode an update is claimed and a chat's turn held
  across instances by leases (:mod:`rag_bot.frontends.telegram.claims`);
* the :class:`~rag_bot.frontends.chat_backend.ChatBackend` is opened in ``post_init`` and closed in ``post_shutdown``.

This module is the wiring: it imports handlers, uploads, conversations and voice; none imports it, and only voice
imports another (it answers through handlers).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import AsyncExitStack

from telegram import Update
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from rag_bot.config import Settings
from rag_bot.frontends.chat_backend import ChatBackend
from rag_bot.frontends.redact import HTTP_CLIENT_LOGGERS
from rag_bot.frontends.telegram import conversations, handlers, uploads, voice
from rag_bot.frontends.telegram.claims import TurnClaims
from rag_bot.frontends.telegram.fairness import FairUpdateProcessor

log = logging.getLogger(__name__)


def quiet_loggers() -> None:
    """httpx/httpcore at WARNING (they log every request URL, which contains the token), PTB at INFO at least.

    The token is also redacted from every record and from stdout/stderr (``rag_bot.frontends.redact``, installed
    by ``rag-bot telegram``): this only keeps the log readable.
    """
    for name in HTTP_CLIENT_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    for name in ("telegram", "telegram.ext"):
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)


class QuietFailedStart(logging.Filter):
    """Until the bot is ready, python-telegram-bot's own warnings and errors (with tracebacks) about a failing
    start are held back: ``rag-bot telegram`` ends such a start with one sentence instead. With DEBUG logging
    they still show (redacted), and once the bot is ready everything is logged as usual."""

    def __init__(self) -> None:
        super().__init__()
        self.ready = False

    def filter(self, record: logging.LogRecord) -> bool:
        if self.ready or record.levelno < logging.WARNING or not record.name.startswith("telegram"):
            return True
        return logging.getLogger().isEnabledFor(logging.DEBUG)


def build_application(settings: Settings, backend: ChatBackend | None = None,
                      on_ready: Callable[[], None] | None = None) -> Application:
    """The configured Application; ``backend`` is opened from settings in post_init unless one is given;
    ``on_ready()`` is called once the bot has started."""
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value().strip():
        raise ValueError("TELEGRAM_BOT_TOKEN is not set")
    stack = AsyncExitStack()

    async def post_init(application: Application) -> None:
        nonlocal backend
        if backend is None:
            backend = await stack.enter_async_context(ChatBackend.open(settings))
        application.bot_data["backend"] = backend
        if settings.telegram_webhook_url and backend.leases is not None:  # several instances may share the bot
            claims = application.bot_data["turn_claims"] = TurnClaims(backend.leases, settings.lease_ttl_s)
            processor.chat_guard = claims.chat
        try:
            await asyncio.to_thread(backend.warm_up)
        except Exception:
            log.warning("warm-up failed (empty or missing index?); the first question will load it", exc_info=True)
        await handlers.set_commands(application)
        try:
            documents = await asyncio.to_thread(backend.indexed_documents)
        except Exception:
            documents = None
        mode = "webhook" if settings.telegram_webhook_url else "long polling"
        log.info("bot @%s ready (%s): %s documents indexed", application.bot.username, mode,
                 "?" if documents is None else documents)
        if on_ready is not None:
            on_ready()
        backend.start_warming()

    async def post_shutdown(application: Application) -> None:
        if backend is not None:
            await asyncio.to_thread(backend.finish_warming)  # a backend handed in outlives the stack below
        await stack.aclose()

    processor = FairUpdateProcessor(slots=settings.telegram_concurrent_updates,
                                    max_pending_per_chat=settings.telegram_max_pending_per_chat,
                                    max_pending_per_member=settings.telegram_max_pending_per_member,
                                    user_per_minute=settings.telegram_user_messages_per_minute)
    builder = (
        ApplicationBuilder()
        .token(settings.telegram_bot_token.get_secret_value().strip())
        .concurrent_updates(processor)
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .connect_timeout(10.0)
        .read_timeout(30.0)
        .write_timeout(30.0)
        .pool_timeout(30.0)
    )
    if settings.telegram_base_url:
        builder = builder.base_url(settings.telegram_base_url)
    if settings.telegram_base_file_url:
        builder = builder.base_file_url(settings.telegram_base_file_url)
    application = builder.build()
    processor.on_skip = handlers.skip_notice(application)
    register(application)
    return application


def register(application: Application) -> None:
    """Add every handler to ``application``: edits and duplicates stop in groups -2/-1, then the first match of
    group 0 handles the update."""
    application.add_handler(TypeHandler(Update, handlers.ignore_edits), group=-2)
    application.add_handler(TypeHandler(Update, handlers.drop_duplicates), group=-1)
    application.add_handler(CommandHandler("start", handlers.start))
    application.add_handler(CommandHandler("help", handlers.help_command))
    application.add_handler(CommandHandler("language", handlers.language_command))
    application.add_handler(CommandHandler("reset", handlers.reset_command))
    application.add_handler(CommandHandler("sources", handlers.sources_command))
    application.add_handler(CommandHandler("new", conversations.new_command))
    application.add_handler(CommandHandler("threads", conversations.threads_command))
    application.add_handler(CommandHandler("switch", conversations.switch_command))
    application.add_handler(CommandHandler("delete", conversations.delete_command))
    application.add_handler(CommandHandler("mode", conversations.mode_command))
    application.add_handler(CommandHandler("source", handlers.source_command))
    application.add_handler(MessageHandler(filters.Document.ALL | filters.PHOTO, uploads.upload))
    application.add_handler(MessageHandler(filters.VOICE, voice.voice_message))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, handlers.question))
    application.add_handler(CallbackQueryHandler(handlers.feedback, pattern=rf"^{handlers.FEEDBACK_PREFIX}:"))
    application.add_handler(CallbackQueryHandler(conversations.delete_confirmed,
                                                 pattern=rf"^{conversations.DELETE_PREFIX}:"))
    application.add_error_handler(handlers.on_error)


def prepare(settings: Settings) -> Application:
    """The configured Application with the bot's logging set up: quiet loggers, and a failing start held back
    until the bot is ready (:class:`QuietFailedStart`)."""
    quiet_loggers()
    quiet_start = QuietFailedStart()
    for handler in logging.getLogger().handlers:
        handler.addFilter(quiet_start)

    def ready() -> None:
        quiet_start.ready = True

    return build_application(settings, on_ready=ready)


def run(settings: Settings) -> None:
    """Run with long polling until interrupted (the webhook mode is
    :func:`rag_bot.frontends.telegram.webhook.run`: it opens its port before importing this module)."""
    prepare(settings).run_polling(allowed_updates=Update.ALL_TYPES)
