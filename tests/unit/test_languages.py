"""The language registry: what the data files say is what detection, sentences, the tool and the front ends use."""

from __future__ import annotations

import shutil

import pytest

from rag_bot import languages
from rag_bot.frontends.base import guess_language
from rag_bot.retrieval.tool import InvalidToolArguments, validate_arguments

BENGALI = """
code = "bn"
name = "Bengali"
native_name = "বাংলা"
script = "Bengali"
script_ranges = [["0980", "09FF"]]
chars_per_token = 2
sentence_ends = "।"
stopwords = "কি এবং"
"""


@pytest.fixture
def with_bengali(tmp_path, monkeypatch):
    """The shipped files plus one more, as a contributor adding a language would leave the folder."""
    for path in languages._DATA.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "bn.toml").write_text(BENGALI, encoding="utf-8")
    monkeypatch.setattr(languages, "_DATA", tmp_path)
    languages.registry.cache_clear()
    yield languages.registry()
    monkeypatch.undo()
    languages.registry.cache_clear()


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


def test_unknown_language_filter_names_the_registered_codes():
    with pytest.raises(InvalidToolArguments, match="use one of en, hi"):
        validate_arguments("q", None, None, None, "French")
