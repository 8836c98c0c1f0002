"""Every setting has a range, checked at start: out of it (0, inf, nan, past the bound, an unknown language) is one
sentence naming the variable and what it accepts, never a traceback or a bot that refuses everything."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_origin

import pytest
from pydantic import ValidationError

from rag_bot.agent.configuration import AgentConfiguration, resolve
from rag_bot.config import Settings, check_writable, env_name, get_settings, settings_sentence
from rag_bot.errors import SettingsError, UserError
from rag_bot.languages import split_sentences

NUMERIC = [name for name, info in Settings.model_fields.items() if info.annotation in (int, float)]


def bounds(name: str) -> dict[str, float]:
    return {type(m).__name__: getattr(m, type(m).__name__.lower()) for m in Settings.model_fields[name].metadata
            if type(m).__name__ in ("Ge", "Gt", "Le", "Lt")}


def refused(name: str, value: object) -> str:
    with pytest.raises(ValidationError) as caught:
        Settings(_env_file=None, **{name: value})
    sentence = settings_sentence(caught.value)
    assert len(split_sentences(sentence)) == 1, sentence
    assert env_name(name, Settings.model_fields[name]) in sentence, sentence
    return sentence


def test_every_numeric_setting_has_a_lower_and_an_upper_bound():
    missing = [name for name in NUMERIC if not {"Ge", "Gt"} & bounds(name).keys() or "Le" not in bounds(name)]
    assert not missing, f"settings without a range: {missing}"


@pytest.mark.parametrize("name", NUMERIC)
def test_a_number_past_either_bound_or_not_finite_is_refused_with_one_sentence(name):
    limits = bounds(name)
    low = limits.get("Ge", limits.get("Gt"))
    below = low - 1 if "Ge" in limits else low
    assert "whole number" in refused(name, below) or "finite number" in refused(name, below)
    sentence = refused(name, limits["Le"] + 1)
    assert f"{limits['Le']:g}" in sentence
    for text in ("inf", "-inf", "nan", "1e400"):
        refused(name, text)


def test_every_other_setting_refuses_a_wrong_value_with_one_sentence():
    wrong = {"index_dir": "a\x00b", "chroma_url": "localhost:8000", "collection": "a b", "embedding_provider": "remote",
             "google_embedding_model": "", "keyword_engine": "x", "corpus_description": "", "fusion": "max",
             "reranker": "cross", "llm_provider": "openai", "gemini_base_url": "ftp://x", "router_model": "",
             "agent_model": "", "answer_model": "", "summary_model": "", "support_judge": "maybe",
             "checkpointer": "redis", "sqlite_path": "d/" * 2100, "firestore_project": "", "firestore_database": "",
             "firestore_prefix": "a/b", "telegram_admin_ids": "me", "telegram_base_url": "x",
             "telegram_base_file_url": "x", "telegram_webhook_url": "bot.example.org", "telegram_webhook_listen": "",
             "upload_dir": "\x00", "default_language": "xx", "log_level": "loud", "log_questions": "maybe"}
    for name, value in wrong.items():
        refused(name, value)
    assert "one of en, hi" in refused("default_language", "fr")
    assert Settings(_env_file=None, log_level="debug").log_level == "DEBUG"


def test_get_settings_turns_a_bad_environment_into_a_user_error(monkeypatch):
    for value in ("0", "inf", "nan", "101"):
        monkeypatch.setenv("RAG_BOT_TOP_K", value)
        get_settings.cache_clear()
        with pytest.raises(SettingsError, match=r"^The setting RAG_BOT_TOP_K='.*' is not allowed: use a whole "
                                                r"number from 1 to 100\.$") as caught:
            get_settings()
        assert isinstance(caught.value, UserError)
    get_settings.cache_clear()


def test_a_run_cannot_ask_for_an_unknown_language():
    settings = Settings(_env_file=None)
    assert resolve(AgentConfiguration(user_language="hi"), settings).user_language == "hi"
    with pytest.raises(UserError, match=r"^The language 'xx' is not known; use one of en, hi\.$"):
        resolve(AgentConfiguration(user_language="xx"), settings)


def test_a_folder_on_a_pseudo_file_system_is_refused_before_any_work(tmp_path):
    for place in ("/proc/self/rag-index", "/proc/1/rag-index/deeper", "/sys/kernel/rag-index"):
        settings = Settings(_env_file=None, index_dir=place, sqlite_path=Path(place) / "memory.sqlite")
        for name in ("index_dir", "sqlite_path"):
            with pytest.raises(SettingsError, match=rf"^The setting {env_name(name, Settings.model_fields[name])}="
                                                    r".* cannot write .*; use a folder on a writable disk\.$"):
                check_writable(settings, name)
    writable = Settings(_env_file=None, index_dir=tmp_path / "new" / "index")
    assert check_writable(writable, "index_dir").is_dir()
    assert list((tmp_path / "new" / "index").iterdir()) == []  # the probe leaves nothing behind


def test_literal_settings_name_their_choices():
    literal = [n for n, info in Settings.model_fields.items() if get_origin(info.annotation) is Literal]
    assert "log_level" in literal
    for name in literal:
        assert "one of" in refused(name, "no-such-choice")
