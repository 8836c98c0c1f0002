"""The serving settings of the webhook bot: ``$PORT``, the multi-instance switch and its secret check (the listener,
probes and stop run end to end in tests/e2e/test_webhook_serving.py)."""

from __future__ import annotations

import pytest

from rag_bot.errors import ConfigurationError, UserError
from rag_bot.frontends.telegram.webhook import check_serving

HOOK = "https://bot.example.org/hook"


@pytest.fixture(autouse=True)
def _no_platform_env(monkeypatch):
    for name in ("PORT", "RAG_BOT_PORT", "K_SERVICE", "RAG_BOT_MULTI_INSTANCE", "RAG_BOT_TELEGRAM_WEBHOOK_PORT"):
        monkeypatch.delenv(name, raising=False)


def test_port_from_the_platform_wins_over_the_webhook_port(monkeypatch, make_settings):
    assert make_settings(telegram_webhook_port=9443).webhook_port == 9443
    monkeypatch.setenv("PORT", "8080")
    assert make_settings(telegram_webhook_port=9443).webhook_port == 8080
    monkeypatch.setenv("PORT", "0")
    with pytest.raises(ValueError):
        make_settings()


def test_multi_instance_is_on_under_cloud_run_unless_switched_off(monkeypatch, make_settings):
    assert not make_settings().runs_multi_instance
    assert make_settings(multi_instance=True).runs_multi_instance
    monkeypatch.setenv("K_SERVICE", "rag-bot")
    assert make_settings().runs_multi_instance
    assert not make_settings(multi_instance=False).runs_multi_instance


@pytest.mark.parametrize("platform", [{"multi_instance": True}, {"cloud_run_service": "rag-bot"}])
def test_several_instances_without_a_shared_secret_are_refused(make_settings, platform, monkeypatch):
    if "cloud_run_service" in platform:
        monkeypatch.setenv("K_SERVICE", platform.pop("cloud_run_service"))
    with pytest.raises(ConfigurationError) as refused:
        check_serving(make_settings(telegram_webhook_url=HOOK, **platform))
    sentence = str(refused.value)
    assert isinstance(refused.value, UserError)
    assert "RAG_BOT_TELEGRAM_WEBHOOK_SECRET" in sentence and sentence.count(". ") == 0 and "\n" not in sentence
    with pytest.raises(ConfigurationError, match="RAG_BOT_TELEGRAM_WEBHOOK_URL"):
        check_serving(make_settings(telegram_webhook_secret="s3cret", **platform))  # long polling: one consumer
    check_serving(make_settings(telegram_webhook_url=HOOK, telegram_webhook_secret="s3cret", checkpointer="firestore",
                                **platform))


@pytest.mark.parametrize("memory", ["sqlite", "memory"])
def test_several_instances_with_a_memory_of_one_machine_are_refused(make_settings, memory):
    """SQLite (the embedded default) and the in-process memory cannot be seen by another instance: their leases,
    threads and done updates would be per instance, so a multi-instance configuration with them is refused."""
    with pytest.raises(ConfigurationError) as refused:
        check_serving(make_settings(telegram_webhook_url=HOOK, telegram_webhook_secret="s3cret", multi_instance=True,
                                    checkpointer=memory))
    sentence = str(refused.value)
    assert "RAG_BOT_CHECKPOINTER=firestore" in sentence and memory in sentence
    assert sentence.count(". ") == 0 and "\n" not in sentence
    check_serving(make_settings(telegram_webhook_url=HOOK, telegram_webhook_secret="s3cret", checkpointer=memory))


def test_one_instance_may_run_without_a_configured_secret(make_settings):
    check_serving(make_settings(telegram_webhook_url=HOOK))
    check_serving(make_settings())
