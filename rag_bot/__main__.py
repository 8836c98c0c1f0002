"""``python -m rag_bot`` = the ``rag-bot`` command."""

from rag_bot.frontends.cli import main

main()
