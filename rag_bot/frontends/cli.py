"""The ``rag-bot`` command line: composes the command modules' Typer apps, nothing else.

Each ``cli_*.py`` owns its app and its commands (Typer's one-app-per-module layout); what they share lives in
:mod:`rag_bot.frontends.cli_common`. Dependencies run one way: this module imports the command modules, none
imports it. A nameless ``add_typer`` merges a module's commands into the top level (Typer >= 0.14); the order
below is the order of ``rag-bot --help``.
"""

from __future__ import annotations

import typer

from rag_bot.frontends import cli_agent, cli_eval, cli_index, cli_ingest, cli_search, cli_telegram
from rag_bot.frontends.cli_common import fail


def build_app() -> typer.Typer:
    """The full command set: ingest, search, telegram, ask, chat and the ``eval`` and ``index`` groups."""
    root = typer.Typer(add_completion=False, no_args_is_help=True, help="Grounded question answering over documents.")
    for part in (cli_ingest.app, cli_search.app, cli_telegram.app, cli_agent.app):
        root.add_typer(part)
    root.add_typer(cli_eval.app, name="eval")
    root.add_typer(cli_index.app, name="index")
    return root


app = build_app()


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point; a failure a user can understand or fix (a typed error of any layer, see
    :func:`rag_bot.frontends.failures.user_message`) is printed as one ``error:`` line and exits 2, no traceback.
    ``argv`` (default: ``sys.argv[1:]``) lets a caller run a command in its own process; it always ends in
    ``SystemExit`` with the exit code."""
    from rag_bot.frontends.failures import user_message

    try:
        app(args=argv)  # click itself turns usage errors into a message and Ctrl-C into "Aborted!"
    except Exception as exc:  # noqa: BLE001 - sorted below: user failures become a sentence, bugs stay loud
        sentence = user_message(exc)
        if sentence is None:
            raise
        fail(sentence)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
