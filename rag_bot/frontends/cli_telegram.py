"""``rag-bot telegram``: run the Telegram bot (long polling, or a webhook when RAG_BOT_TELEGRAM_WEBHOOK_URL is set).

Every way the bot can fail to start or stop ends in one sentence on stderr and a non-zero exit, never a traceback,
and nothing printed or logged carries the bot token (:mod:`rag_bot.frontends.redact`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from urllib.parse import urlparse

import typer

from rag_bot.config import Settings
from rag_bot.frontends.cli_common import settings_for

log = logging.getLogger(__name__)

DEFAULT_API_HOST = "api.telegram.org"

app = typer.Typer()


def _secret(value) -> str:
    return value.get_secret_value().strip() if value is not None else ""


def failure_sentence(exc: BaseException, settings: Settings, redact: Callable[[str], str]) -> tuple[str, int]:
    """(one sentence, exit code) for an exception that ended the bot. The exception's own text may carry the
    token (python-telegram-bot's InvalidToken does), so it is used only for Bot API refusals, redacted."""
    from telegram.error import Forbidden, InvalidToken, NetworkError, TelegramError

    from rag_bot.errors import UserError

    custom = settings.telegram_base_url
    host = urlparse(custom).netloc if custom else DEFAULT_API_HOST
    if isinstance(exc, UserError):  # e.g. the conversation memory unavailable, Gemini without a key
        return exc.sentence, 2
    if isinstance(exc, InvalidToken):  # 401 (wrong token) and 404 (malformed token, or not a Bot API server)
        if custom:
            return (f"The Bot API at {host} refused the bot token: check TELEGRAM_BOT_TOKEN (from @BotFather) and "
                    f"that RAG_BOT_TELEGRAM_BASE_URL points at a Bot API server (it should end in /bot)."), 2
        return "Telegram refused the bot token: check TELEGRAM_BOT_TOKEN (ask @BotFather for the current one).", 2
    if isinstance(exc, Forbidden):
        return "Telegram refused the request (403 Forbidden): the bot may have been blocked or deleted.", 2
    if isinstance(exc, NetworkError):  # includes TimedOut; connection refused, DNS failure, network down
        where = "RAG_BOT_TELEGRAM_BASE_URL" if custom else "the network connection (and any proxy)"
        return f"The Telegram Bot API at {host} cannot be reached ({type(exc).__name__}); check {where}.", 2
    if isinstance(exc, TelegramError):  # e.g. BadRequest from setWebhook: its text names the problem
        detail = " ".join(redact(str(exc)).split())[:200]
        return f"Telegram rejected a request ({type(exc).__name__}: {detail}).", 1
    return (f"The Telegram bot stopped on an unexpected {type(exc).__name__}; run with RAG_BOT_LOG_LEVEL=DEBUG "
            "to log the details."), 1


@app.command()
def telegram() -> None:
    """Run the Telegram bot until interrupted (Ctrl-C)."""
    from rag_bot.frontends import redact

    settings = settings_for(None)
    token = _secret(settings.telegram_bot_token)
    redactor = redact.install([token, _secret(settings.telegram_webhook_secret), _secret(settings.google_api_key)])
    if not token:
        typer.echo("error: TELEGRAM_BOT_TOKEN is not set; create a bot with @BotFather and export its token "
                   "(TELEGRAM_BOT_TOKEN=123456:ABC... rag-bot telegram).", err=True)
        raise typer.Exit(2)
    from rag_bot.config import check_writable

    writes = [*(["upload_dir", "index_dir"] if settings.telegram_admin_ids else []),  # uploads are ingested
              *(["sqlite_path"] if settings.checkpointer == "sqlite" else [])]
    for name in writes:
        check_writable(settings, name)  # SettingsError: one sentence before the bot starts
    try:
        if settings.telegram_webhook_url:  # the listener opens before the bot's modules are even imported
            from rag_bot.frontends.telegram import webhook

            webhook.run(settings)
        else:
            from rag_bot.frontends.telegram.bot import run
            from rag_bot.frontends.telegram.webhook import check_serving

            check_serving(settings)  # several instances: refused (long polling admits one consumer per bot)
            run(settings)
    except Exception as exc:  # every failure: one sentence, no traceback (DEBUG logs it, redacted)
        log.debug("the Telegram bot stopped", exc_info=True)
        sentence, code = failure_sentence(exc, settings, redactor)
        typer.echo(f"error: {redactor(sentence)}", err=True)
        raise typer.Exit(code) from None
