"""The language registry: what the data files say is what detection, sentences, the tool and the front ends use."""

from __future__ import annotations

import asyncio
import importlib
import shutil
from types import SimpleNamespace

import pytest

from rag_bot import dates, languages
from rag_bot.agent import prompts, rules
from rag_bot.agent.service import AgentService
from rag_bot.frontends.chat_backend import guess_language
from rag_bot.frontends.telegram.handlers import bot_commands, set_commands
from rag_bot.frontends.telegram.texts import t
from rag_bot.retrieval.tool import InvalidToolArguments, validate_arguments
from tests.agent_support import InMemoryRetriever, make_settings

BENGALI = """
code = "bn"
name = "Bengali"
native_name = "বাংলা"
script = "Bengali"
script_ranges = [["0980", "09FF"]]
chars_per_token = 2
sentence_ends = "।"
stopwords = "কি এবং"
greetings = ['নমস্কার']

[texts.answer]
intro = "নথি অনুযায়ী:"
not_found = "নথিতে এ বিষয়ে কিছু বলা নেই: “{question}”।"

[texts.conversation]
greeting = "নমস্কার! নথি সম্পর্কে যা খুশি জিজ্ঞাসা করুন।"

[texts.telegram]
reset = "নতুন কথোপকথন শুরু হল।"
language_set = "এখন থেকে উত্তর {name}য় হবে।"

[texts.commands]
start = "এই বট কী করে"
help = "কীভাবে প্রশ্ন করবেন"
language = "উত্তরের ভাষা: /language {codes}"
reset = "নতুন কথোপকথন শুরু করুন"
sources = "যে নথি থেকে আমি উত্তর দিই"

[dates]
digits = "০১২৩৪৫৬৭৮৯"
[dates.months]
"জানুয়ারি" = 1
"""


@pytest.fixture
def with_bengali(tmp_path, monkeypatch):
    """The shipped files plus one more, as a contributor adding a language would leave the folder."""
    for path in languages._DATA.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "bn.toml").write_text(BENGALI, encoding="utf-8")
    monkeypatch.setattr(languages, "_DATA", tmp_path)
    languages.registry.cache_clear()
    rules._build.cache_clear()  # the router's patterns are built from the registry once per process
    yield languages.registry()
    monkeypatch.undo()
    languages.registry.cache_clear()
    rules._build.cache_clear()
    importlib.reload(dates)


def test_shipped_languages():
    reg = languages.registry()
    assert reg.codes == ("en", "hi") and reg.default.code == "en"
    assert reg.code_for("Hindi") == reg.code_for("हिन्दी") == reg.code_for("हिंदी") == "hi"
    assert reg.code_for("अंग्रेज़ी") == reg.code_for("ENGLISH") == "en" and reg.code_for("French") is None
    assert reg.name_in("en", "hi") == "अंग्रेज़ी" and reg.name_in("hi", "hi") == "हिंदी"
    assert reg.name_in("hi", "en") == "Hindi"


def test_detection_shares():
    mixed = "The Hindi word मौन means silence; the talk was given in English to visitors."
    assert languages.detect(mixed, min_share=0.5) == "en"  # a question: the dominant script
    assert languages.detect(mixed, min_share=0.0) == "hi"  # an interface guess: any Devanagari letter
    assert languages.detect("मौन abc", min_share=0.5) == "hi"  # 2 letters and a vowel sign vs 3 Latin: a tie, hi
    assert languages.detect("मौन abcd", min_share=0.5) == "en"
    assert languages.detect("2024 🙂") is None
    assert languages.approx_tokens("abcdefgh") == 2 and languages.approx_tokens("मौनमौन") == 3


def test_sentences_keep_closing_quotes_and_split_on_danda():
    text = 'He said "be still." Then he left. मौन ही उत्तर है। फिर?'
    assert languages.split_sentences(text) == ['He said "be still."', "Then he left.", "मौन ही उत्तर है।", "फिर?"]
    assert languages.split_sentences("a line\nnext line", line_breaks=True) == ["a line", "next line"]
    assert languages.split_sentences("a line\nnext line") == ["a line\nnext line"]


def test_a_new_language_is_one_file(with_bengali):
    reg = with_bengali
    assert reg.codes == ("en", "bn", "hi")
    assert languages.detect("আমি কি বলেছি") == "bn"
    assert guess_language("আমি কি বলেছি", default="en") == "bn"
    assert validate_arguments("q", None, None, None, "Bengali").language == "bn"
    assert validate_arguments("q", None, None, None, "বাংলা").language == "bn"
    assert "বাংলা" in reg.names("bn") and "কি" in reg.get("bn").stopwords


def test_a_new_language_file_brings_its_texts(with_bengali):
    """The bot's texts, its command menu and the refusal come out in the added language, with no code change;
    a text the file leaves out falls back to the default language's."""
    assert t("bn", "reset") == "নতুন কথোপকথন শুরু হল।"
    assert t("bn", "language_set", name=with_bengali.name_in("bn", "bn")) == "এখন থেকে উত্তর বাংলায় হবে।"
    assert t("bn", "sources_head", documents=3) == t("en", "sources_head", documents=3)  # not in the file
    menu = {command.command: command.description for command in bot_commands("bn")}
    assert menu["reset"] == "নতুন কথোপকথন শুরু করুন" and menu["language"] == "উত্তরের ভাষা: /language en|bn|hi"
    assert prompts.not_found_text("ভূমিকম্প?", "bn") == "নথিতে এ বিষয়ে কিছু বলা নেই: “ভূমিকম্প?”।"
    assert prompts.ANSWER_INTRO["bn"] == "নথি অনুযায়ী:" and prompts.is_refusal_text("নথিতে এ বিষয়ে কিছু বলা নেই: “x”।")
    assert prompts.CONVERSATION_TEMPLATES["bn"]["thanks"] == prompts.CONVERSATION_TEMPLATES["en"]["thanks"]


def test_the_command_menu_is_set_for_every_language(with_bengali):
    class Bot:
        def __init__(self) -> None:
            self.menus: dict[str | None, list[str]] = {}

        async def set_my_commands(self, menu, language_code=None):
            self.menus[language_code] = [command.description for command in menu]

    bot = Bot()
    asyncio.run(set_commands(SimpleNamespace(bot=bot)))
    assert set(bot.menus) == {None, "bn", "hi"}  # the default language's menu is everyone's
    assert bot.menus["bn"][3] == "নতুন কথোপকথন শুরু করুন" and bot.menus[None][3] == "Start a new conversation"


def test_the_agent_answers_in_the_new_language(with_bengali):
    """A whole turn of the offline agent: a Bengali greeting gets the Bengali reply, a Bengali question the
    documents do not cover gets the Bengali refusal."""
    settings = make_settings()
    service = AgentService(settings, retriever=InMemoryRetriever())
    greeting = service.ask("নমস্কার", "bn-1")
    assert greeting.route == "conversational" and greeting.answer == "নমস্কার! নথি সম্পর্কে যা খুশি জিজ্ঞাসা করুন।"
    refusal = service.ask("ভূমিকম্প সম্পর্কে কী বলা হয়েছিল?", "bn-2")
    assert refusal.language == "bn" and refusal.termination == "no_documents"
    assert refusal.answer == "নথিতে এ বিষয়ে কিছু বলা নেই: “ভূমিকম্প সম্পর্কে কী বলা হয়েছিল?”।"


def test_a_new_language_file_brings_its_dates(with_bengali):
    """Month names and digits come from the files: a process started with the Bengali file reads Bengali dates."""
    assert languages.month_names()["জানুয়ারি"] == 1 and languages.month_names()["sept"] == 9
    fresh = importlib.reload(dates)  # what a process started with the file in place loads (the fixture reloads back)
    assert fresh.find_dates("সভা ২৩ জানুয়ারি ১৯৬৯ তারিখে") == [(4, "1969-01-23")]
    assert fresh.find_dates("२३ जनवरी १९६९") == [(0, "1969-01-23")]
    assert fresh.normalise_digits("১৯৬৯ / १९६९") == "1969 / 1969"  # numbers compare across scripts


def test_shipped_texts_come_from_the_files():
    assert t("hi", "reset") == "नई बातचीत शुरू हुई।" and t(None, "reset") == "Started a new conversation."
    assert t("xx", "reset") == t("en", "reset")  # an unknown interface language gets the default's texts
    assert [c.command for c in bot_commands("hi")][:5] == ["start", "help", "language", "reset", "sources"]
    assert {"new", "threads", "switch", "delete", "mode", "source"} <= {c.command for c in bot_commands("hi")}
    assert prompts.ANSWER_INTRO == {"en": "According to the documents:", "hi": "दस्तावेज़ों के अनुसार:"}
    assert "xx" not in prompts.CONVERSATION_TEMPLATES and prompts.ANSWER_INTRO.get("xx") is None


def test_unknown_language_filter_names_the_registered_codes():
    with pytest.raises(InvalidToolArguments, match="use one of en, hi"):
        validate_arguments("q", None, None, None, "French")
