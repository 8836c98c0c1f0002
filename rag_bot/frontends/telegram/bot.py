"""Build and run the Telegram bot (python-telegram-bot Application).

* token, Bot API base URLs from :class:`rag_bot.config.Settings`;
* long polling by default, a webhook (with a secret token checked on every request) when
  ``telegram_webhook_url`` is set;
* updates of different chats are processed concurrently, updates of one chat strictly in arrival order
  (:class:`ChatOrderedProcessor`);
* the :class:`~rag_bot.frontends.base.ChatBackend` is opened in ``post_init`` and closed in ``post_shutdown``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from contextlib import AsyncExitStack
from typing import Any
from urllib.parse import urlparse

from telegram import Update
from telegram.ext import Application, ApplicationBuilder, BaseUpdateProcessor

from rag_bot.config import Settings
from rag_bot.frontends.base import ChatBackend

log = logging.getLogger(__name__)

MAX_CONCURRENT_UPDATES = 512


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Concurrent across chats, sequential within a chat: one FIFO ``asyncio.Lock`` per chat id.

    PTB starts one task per update in arrival order and neither the semaphore nor an uncontended lock yields
    before the lock is requested, so the lock's FIFO waiter queue preserves each chat's order.
    """

    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT_UPDATES) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[Any, asyncio.Lock] = {}
        self._users: dict[Any, int] = {}

    @staticmethod
    def key(update: object) -> Any:
        if isinstance(update, Update):
            if update.effective_chat is not None:
                return ("chat", update.effective_chat.id)
            if update.effective_user is not None:
                return ("user", update.effective_user.id)
        return None

    async def do_process_update(self, update: object, coroutine) -> None:
        key = self.key(update)
        if key is None:
            await coroutine
            return
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._users[key] -= 1
            if not self._users[key]:  # nobody else waits on this chat: forget its lock
                del self._users[key]
                self._locks.pop(key, None)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None


class RedactToken(logging.Filter):
    """Replace the bot token in every log record (PTB logs API URLs, which contain it, at DEBUG)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.token:
            return True
        message = record.getMessage()
        if self.token in message:
            record.msg = message.replace(self.token, "<token>")
            record.args = None
        return True


def quiet_loggers(token: str | None) -> None:
    """httpx at WARNING (it logs request URLs with the token), PTB's own loggers at INFO, token redacted."""
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)
    for name in ("telegram", "telegram.ext"):
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)
    if token:
        redact = RedactToken(token)
        for handler in logging.getLogger().handlers:
            handler.addFilter(redact)


def build_application(settings: Settings, backend: ChatBackend | None = None) -> Application:
    """The configured Application; ``backend`` is opened from settings in post_init unless one is given."""
    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value().strip():
        raise ValueError("TELEGRAM_BOT_TOKEN is not set")
    from rag_bot.frontends.telegram import handlers

    stack = AsyncExitStack()

    async def post_init(application: Application) -> None:
        nonlocal backend
        if backend is None:
            backend = await stack.enter_async_context(ChatBackend.open(settings))
        application.bot_data["backend"] = backend
        try:
            await asyncio.to_thread(backend.warm_up)
        except Exception:
            log.warning("warm-up failed (empty or missing index?); the first question will load it", exc_info=True)
        await handlers.set_commands(application)
        overview = await asyncio.to_thread(backend.corpus_overview)
        log.info("bot @%s ready: %d documents indexed", application.bot.username, overview["documents"])

    async def post_shutdown(application: Application) -> None:
        await stack.aclose()

    builder = (
        ApplicationBuilder()
        .token(settings.telegram_bot_token.get_secret_value().strip())
        .concurrent_updates(ChatOrderedProcessor())
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
    handlers.register(application)
    return application


def run(settings: Settings) -> None:
    """Run until interrupted: long polling, or a webhook listener when ``telegram_webhook_url`` is set."""
    token = settings.telegram_bot_token.get_secret_value().strip() if settings.telegram_bot_token else ""
    quiet_loggers(token)
    application = build_application(settings)
    if settings.telegram_webhook_url:
        secret = (settings.telegram_webhook_secret.get_secret_value() if settings.telegram_webhook_secret
                  else secrets.token_urlsafe(32))  # a fresh secret per process is registered with setWebhook
        path = urlparse(settings.telegram_webhook_url).path.strip("/")
        log.info("webhook mode on port %d, path /%s", settings.telegram_webhook_port, path)
        application.run_webhook(listen=settings.telegram_webhook_listen, port=settings.telegram_webhook_port,
                                url_path=path, webhook_url=settings.telegram_webhook_url, secret_token=secret,
                                allowed_updates=Update.ALL_TYPES)
    else:
        log.info("long polling mode")
        application.run_polling(allowed_updates=Update.ALL_TYPES)
