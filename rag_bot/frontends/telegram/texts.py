"""Every text the Telegram bot says by itself, read from the language files (``[texts.telegram]`` and the command
menu's ``[texts.commands]`` in ``rag_bot/languages/<code>.toml``); replies of the agent come from the agent, only
their "Sources:" header is from here.

A leaf of the bot: it imports nothing of it, so handlers, uploads and formatting all read the same texts.
"""

from __future__ import annotations

from typing import Any

from rag_bot.languages import registry


def _language_values(language: str | None) -> dict[str, str]:
    """``{languages}`` (every registered language, named in ``language``) and ``{codes}`` (``en|hi``)."""
    reg = registry()
    ui = language or reg.default.code
    return {"languages": ", ".join(reg.name_in(code, ui) for code in reg.codes), "codes": "|".join(reg.codes)}


def t(language: str | None, key: str, **values: Any) -> str:
    """The interface text ``key`` in ``language`` (the default language's when that language lacks it), formatted
    with ``values``."""
    return registry().text("telegram", language, key).format(**{**_language_values(language), **values})


def commands(language: str | None) -> dict[str, str]:
    """The command menu in ``language``: command -> its description (``{codes}`` filled in)."""
    codes = _language_values(language)["codes"]
    menu = registry().texts("commands", language)
    return {name: description.format(codes=codes) for name, description in menu.items()}


def command_help(language: str | None) -> str:
    """One line of help per command of the menu (``[texts.command_help]``), in the menu's order."""
    codes = _language_values(language)["codes"]
    helps = registry().texts("command_help", language)
    return "\n".join(helps[name].format(codes=codes) for name in commands(language) if name in helps)
