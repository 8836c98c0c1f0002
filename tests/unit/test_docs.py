"""The README's generated blocks match the code."""

from rag_bot.docs import README, render


def test_readme_generated_blocks_are_current():
    text = README.read_text(encoding="utf-8")
    assert render(text) == text, "README is stale: run `python -m rag_bot.docs`"


def test_every_setting_is_documented():
    from rag_bot.config import Settings, env_name

    text = README.read_text(encoding="utf-8")
    for name, info in Settings.model_fields.items():
        assert f"`{env_name(name, info)}`" in text, name
        assert info.description, f"{name} has no description"
