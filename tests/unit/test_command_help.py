"""Every command of the Telegram menu has a menu description and a /help line written in every registered
language (its own file, not the default language's fallback), and /help lists them in the menu's order."""

from __future__ import annotations

from rag_bot.frontends.telegram.texts import command_help, commands
from rag_bot.languages import registry

THREAD_TEXTS = ("untitled", "new_thread", "threads_pruned", "threads_head", "threads_line", "threads_empty",
                "switched", "switch_usage", "delete_usage", "no_thread", "deleted", "deleted_active",
                "delete_confirm", "delete_button", "delete_gone", "mode_now", "mode_set", "mode_unknown")


def test_every_command_has_help_in_every_language():
    reg = registry()
    menu = set(commands(reg.default.code))
    assert {"new", "threads", "switch", "delete", "mode"} <= menu
    for code in reg.codes:
        own = reg.get(code).texts
        assert set(own.get("commands", {})) == menu, code
        assert set(own.get("command_help", {})) == menu, code
        assert set(THREAD_TEXTS) <= set(own.get("telegram", {})), code
        lines = command_help(code).splitlines()
        assert [line.split(":", 1)[0].split()[0] for line in lines] == [f"/{name}" for name in commands(code)]
