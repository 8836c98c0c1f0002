"""End to end: conversation threads (/new, /threads, /switch, /delete) and answer modes (/mode) of the real bot
process against the Bot API stand-in; the threads and checkpoints are read back from the bot's SQLite file."""

from __future__ import annotations

import re

import pytest
from langgraph.checkpoint.sqlite import SqliteSaver

from rag_bot.memory.settings_store import SqliteSettingsStore
from rag_bot.memory.sqlite_saver import connect
from tests.stand_ins.telegram_api import BOT_USER, BotProcess, FakeTelegram, bot_on_copy, plain

KEEP = 3  # RAG_BOT_MAX_THREADS_PER_CHAT of this module's bot
MENTION = "@" + BOT_USER["username"]
NEW_COMMANDS = {"new", "threads", "switch", "delete", "mode"}


@pytest.fixture(scope="module")
def fake():
    with FakeTelegram() as server:
        yield server


@pytest.fixture(scope="module")
def bot(fake, sample_index, tmp_path_factory):
    with bot_on_copy(fake, tmp_path_factory.mktemp("telegram_threads"), sample_index,
                     RAG_BOT_MAX_THREADS_PER_CHAT=str(KEEP), RAG_BOT_THREAD_TITLE_CHARS="24") as process:
        yield process
    assert fake.rejected == [], fake.rejected[:3]



def say(fake: FakeTelegram, chat: int, user: int, text: str, chat_type: str = "private") -> str:
    """Send ``text`` and return the bot's next message in the chat (plain text)."""
    before = len(fake.sent_to(chat))
    fake.send_text(chat, user, text, chat_type=chat_type)
    return plain(fake.wait_sent(chat, before + 1)[before].text)


def ask(fake: FakeTelegram, chat: int, user: int, question: str, chat_type: str = "private") -> str:
    """Send a question and return the bot's reply to it."""
    update = fake.send_text(chat, user, question, chat_type=chat_type)
    asked = update["message"]["message_id"]
    found = fake.wait_until(lambda: [s for s in fake.sent.get(chat, []) if s.reply_to_message_id == asked],
                            f"the answer to {question!r}")
    return plain(found[0].text)


def stored(bot: BotProcess, chat: int) -> tuple[list, str | None]:
    store = SqliteSettingsStore(bot.sqlite_path)
    try:
        return store.list_threads(f"tg:{chat}", 100), store.get_active_thread(f"tg:{chat}")
    finally:
        store.close()


def questions_in(bot: BotProcess, thread_id: str) -> list[str]:
    """The user's questions kept in a thread's latest checkpoint ([] when it has none)."""
    conn = connect(bot.sqlite_path, 10.0)
    try:
        found = SqliteSaver(conn).get_tuple({"configurable": {"thread_id": thread_id}})
    finally:
        conn.close()
    if found is None:
        return []
    return [m.content for m in found.checkpoint["channel_values"].get("messages", []) if m.type == "human"]


def test_menu_and_help_name_every_command_in_each_language(fake, bot):
    assert NEW_COMMANDS <= {c["command"] for c in fake.commands[""]}
    assert NEW_COMMANDS <= {c["command"] for c in fake.commands["hi"]}
    english = say(fake, 2001, 2001, "/help")
    for line in ("/new [title]: start a new conversation", "/threads: your last ten conversations",
                 "/switch N: continue conversation N", "/delete N: delete conversation N",
                 "/mode: show the answer mode"):
        assert line in english
    say(fake, 2001, 2001, "/language hi")
    hindi = say(fake, 2001, 2001, "/help")
    assert "/new [शीर्षक]: नई बातचीत शुरू करें" in hindi and "/mode: उत्तर का ढंग दिखाता है" in hindi
    assert say(fake, 2001, 2001, "/switch 99") == "इस चैट में बातचीत #99 नहीं है; /threads सूची देता है।"


def test_threads_keep_their_own_history_and_are_listed(fake, bot):
    chat = 2002
    assert say(fake, chat, chat, "/threads").startswith("No conversations yet")
    ask(fake, chat, chat, "What was said about silence on 1969-01-23?")
    assert say(fake, chat, chat, "/new fear and the mind").startswith("Started conversation #2 “fear and the mind”.")
    ask(fake, chat, chat, "What did he say about fear?")
    assert say(fake, chat, chat, "/switch 1") == "Now in conversation #1 “What was said about…”."
    ask(fake, chat, chat, "What is love?")
    listing = say(fake, chat, chat, "/threads").splitlines()
    assert listing[0].startswith("Conversations of this chat")
    assert [re.sub(r" · .*", "", line) for line in listing[1:]] == [
        "▶ #1 “What was said about…”", "• #2 “fear and the mind”"]
    assert all(re.search(r" · \d\d:\d\d UTC$", line) for line in listing[1:])
    threads, active = stored(bot, chat)
    first, second = sorted(threads, key=lambda r: r.number)
    assert active == first.thread_id
    assert questions_in(bot, first.thread_id) == ["What was said about silence on 1969-01-23?", "What is love?"]
    assert questions_in(bot, second.thread_id) == ["What did he say about fear?"]


def test_delete_asks_before_the_active_thread_and_removes_checkpoints(fake, bot):
    chat = 2003
    ask(fake, chat, chat, "What is love?")
    say(fake, chat, chat, "/new")
    ask(fake, chat, chat, "What was said about death?")
    (one, two), active = sorted(stored(bot, chat)[0], key=lambda r: r.number), stored(bot, chat)[1]
    assert active == two.thread_id and questions_in(bot, one.thread_id) == ["What is love?"]

    assert say(fake, chat, chat, "/delete 1") == "Deleted conversation #1 “What is love?” and its history."
    assert questions_in(bot, one.thread_id) == [] and [r.number for r in stored(bot, chat)[0]] == [2]

    before = len(fake.sent_to(chat))
    fake.send_text(chat, chat, "/delete 2")
    confirm = fake.wait_sent(chat, before + 1)[before]
    assert plain(confirm.text) == ("Conversation #2 “What was said about…” is the active one. "
                                   "Delete it and its history?")
    [[button]] = confirm.reply_markup["inline_keyboard"]
    assert button["text"] == "Delete #2"
    assert [r.number for r in stored(bot, chat)[0]] == [2]  # nothing deleted before the press
    assert questions_in(bot, two.thread_id) == ["What was said about death?"]
    fake.press(confirm, button["callback_data"], user_id=chat)
    done = plain(fake.wait_sent(chat, before + 2)[before + 1].text)
    assert done.startswith("Deleted conversation #2") and "next question starts a new conversation" in done
    assert stored(bot, chat) == ([], None) and questions_in(bot, two.thread_id) == []
    fake.press(confirm, button["callback_data"], user_id=chat)  # a second press finds nothing to delete
    assert plain(fake.wait_sent(chat, before + 3)[before + 2].text) == "That conversation was already deleted."
    ask(fake, chat, chat, "What is love?")
    [fresh] = stored(bot, chat)[0]
    assert fresh.number == 3 and fresh.title == "What is love?"


@pytest.mark.parametrize(("command", "sentence"), [
    ("/switch 99", "This chat has no conversation #99; /threads lists them."),
    ("/delete 99", "This chat has no conversation #99; /threads lists them."),
    ("/switch two", "Use /switch N with a number from /threads."),
    ("/delete", "Use /delete N with a number from /threads."),
    ("/mode loud", "There is no answer mode “loud”; use /mode default or /mode research."),
])
def test_bad_input_is_one_sentence(fake, bot, command, sentence):
    assert say(fake, 2004, 2004, command) == sentence


def test_threads_beyond_the_bound_delete_the_least_recently_used_and_say_so(fake, bot):
    chat = 2005
    for title in ("alpha", "beta", "gamma"):
        assert "deleted" not in say(fake, chat, chat, f"/new {title}")
    assert say(fake, chat, chat, "/switch 1").startswith("Now in conversation #1")
    ask(fake, chat, chat, "What is love?")  # alpha is now used more recently than beta
    reply = say(fake, chat, chat, "/new " + "a very long title " * 5)
    assert reply == ("Started conversation #4 “a very long title a…”. Your questions now go to it; /threads lists "
                     "your conversations. To keep at most 3 conversations in this chat I deleted the least recently "
                     "used: #2 “beta”.")
    assert sorted(r.title for r in stored(bot, chat)[0]) == ["a very long title a…", "alpha", "gamma"]


def test_a_groups_threads_belong_to_the_group(fake, bot):
    group, alice, bob = -2006, 3001, 3002
    ask(fake, group, alice, f"{MENTION} What is love?", chat_type="group")
    assert say(fake, group, bob, f"/new@{BOT_USER['username']} bob's topic", chat_type="group").startswith(
        "Started conversation #2")
    listing = say(fake, group, alice, "/threads", chat_type="group")
    assert "▶ #2 “bob's topic”" in listing and "• #1 “What is love?”" in listing
    threads, active = stored(bot, group)
    assert len(threads) == 2 and active == next(r.thread_id for r in threads if r.number == 2)


def test_mode_is_shown_set_per_user_and_used_for_answers(fake, bot):
    chat = 2007
    assert say(fake, chat, chat, "/mode").startswith("Answer mode: default.")
    default = ask(fake, chat, chat, "What is love?")
    assert say(fake, chat, chat, "/mode research") == "Answer mode is now research."
    assert say(fake, chat, chat, "/mode").startswith("Answer mode: research.")
    say(fake, chat, chat, "/new")
    research = ask(fake, chat, chat, "What is love?")
    assert len(research) > len(default)
    assert len(set(re.findall(r"\[(\d+)\]", research))) > len(set(re.findall(r"\[(\d+)\]", default)))
    assert say(fake, 2008, 2008, "/mode").startswith("Answer mode: default.")  # another user's mode is theirs
    store = SqliteSettingsStore(bot.sqlite_path)
    try:
        assert store.get_user_settings(f"tg:{chat}") == {"answer_mode": "research"}
    finally:
        store.close()
