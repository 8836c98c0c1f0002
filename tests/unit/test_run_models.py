"""Chat models a run may name (LangGraph context ``answer_model`` ...): only the configured ones and
``RAG_BOT_RUN_MODELS``, so a client cannot make the server build and keep one model per name it invents."""

from __future__ import annotations

import pytest

from rag_bot.agent.configuration import AgentConfiguration, resolve
from rag_bot.agent.role_models import get_chat_models
from rag_bot.config import Settings
from rag_bot.errors import ModelNotAllowed, UserError
from rag_bot.languages import split_sentences


def gemini_settings(**overrides) -> Settings:
    return Settings(_env_file=None, llm_provider="gemini", google_api_key="test-key",
                    gemini_base_url="http://127.0.0.1:9", **overrides)  # models are built, never called


def test_many_distinct_model_names_build_nothing_and_each_is_refused_with_one_sentence():
    settings = gemini_settings()
    models = get_chat_models(settings)
    for i in range(300):
        with pytest.raises(ModelNotAllowed) as caught:
            models.for_run("answer", resolve(AgentConfiguration(answer_model=f"gemini-made-up-{i}"), settings))
        assert isinstance(caught.value, UserError) and len(split_sentences(str(caught.value))) == 1
    assert len(models._built) == 0
    message = str(caught.value)
    assert "gemini-made-up-299" in message and "answer_model" in message and "RAG_BOT_RUN_MODELS" in message
    assert "gemini-2.5-flash" in message  # names what is allowed


def test_a_run_resolved_without_the_check_still_cannot_grow_the_cache():
    settings = gemini_settings()
    models = get_chat_models(settings)
    run = resolve(None, settings)
    for i in range(50):
        forged = type(run)(**{**run.__dict__, "model_names": {**run.model_names, "answer_model": f"x{i}"}})
        with pytest.raises(ModelNotAllowed):
            models.for_run("answer", forged)
    assert len(models._built) == 0


def test_a_listed_run_model_is_built_once_and_reused():
    settings = gemini_settings(run_models=["gemini-2.5-pro"])
    models = get_chat_models(settings)
    built = {id(models.for_run("answer", resolve(AgentConfiguration(answer_model=" gemini-2.5-pro "), settings)))
             for _ in range(100)}
    assert len(built) == 1 and len(models._built) == 1
    configured = models.for_run("answer", resolve(AgentConfiguration(answer_model="gemini-2.5-flash"), settings))
    assert configured is models.answer  # a configured name is the model built at start, not a second copy
    assert Settings(_env_file=None, run_models="a, b ,,c").run_models == ["a", "b", "c"]
