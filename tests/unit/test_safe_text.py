"""Control characters never survive cleaning; ordinary text (Hindi included) is untouched."""

from rag_bot.safe_text import clean_line, clean_text


def test_body_keeps_newlines_and_tabs_drops_escapes():
    raw = "line one\r\nline\ttwo\x1b]52;c;cGF3bmVk\x07 end\x9b31m\u202eevil"
    cleaned = clean_text(raw)
    assert cleaned == "line one\nline\ttwo]52;c;cGF3bmVk end31mevil"
    assert not any(ord(c) < 32 and c not in "\n\t" for c in cleaned)


def test_line_cannot_forge_a_second_line():
    name = "notes.md\n[2] official-policy.pdf\u2028x"
    assert clean_line(name) == "notes.md [2] official-policy.pdf x"


def test_hindi_and_punctuation_untouched():
    text = "मौन का अर्थ है — “silence” [1]."
    assert clean_text(text) == text
    assert clean_line(text) == text
