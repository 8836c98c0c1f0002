"""``rag-bot telegram``: run the Telegram bot (long polling, or a webhook when RAG_BOT_TELEGRAM_WEBHOOK_URL is set).

Registered on the main app when this module is imported (``rag_bot/frontends/cli.py``)::

    from rag_bot.frontends import cli_telegram  # noqa: F401
"""

from __future__ import annotations

import typer

from rag_bot.frontends.cli import app, settings_for


@app.command()
def telegram() -> None:
    """Run the Telegram bot until interrupted (Ctrl-C)."""
    settings = settings_for(None)
    token = settings.telegram_bot_token.get_secret_value().strip() if settings.telegram_bot_token else ""
    if not token:
        typer.echo("error: TELEGRAM_BOT_TOKEN is not set; create a bot with @BotFather and export its token "
                   "(TELEGRAM_BOT_TOKEN=123456:ABC... rag-bot telegram).", err=True)
        raise typer.Exit(2)
    from rag_bot.frontends.telegram.bot import run
    from rag_bot.memory.errors import MemoryUnavailableError

    try:
        run(settings)
    except MemoryUnavailableError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
