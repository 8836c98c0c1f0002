"""The Telegram formatter (splitting, HTML escaping, the sources list) and upload names, in process."""

from __future__ import annotations

import html

import pytest

from rag_bot.frontends.telegram.formatting import escaped_length, render, render_reply, split_text
from rag_bot.frontends.telegram.uploads import store_upload, upload_name
from tests.stand_ins.telegram_api import html_problem


def test_split_10000_characters_at_paragraphs_sentences_and_words():
    paragraph = " ".join(f"Sentence {i} says that a < b && c > d holds." for i in range(12))
    text = "\n\n".join(f"{paragraph} [{p}]" for p in range(30))
    assert len(text) > 10_000
    parts = split_text(text)
    assert len(parts) >= 3
    assert "".join(parts) == text
    assert all(escaped_length(p) <= 4096 for p in parts)
    assert all(p.endswith("\n\n") for p in parts[:-1])  # paragraph boundaries were enough

    one_paragraph = " ".join(f"Sentence {i} says that a < b && c > d holds." for i in range(400))
    parts = split_text(one_paragraph)
    assert "".join(parts) == one_paragraph and len(parts) > 1
    assert all(p.endswith("holds. ") for p in parts[:-1])  # sentence boundaries

    words = " ".join(["&&&&&"] * 2000)  # no sentence end at all; every '&' costs 5 after escaping
    parts = split_text(words)
    assert "".join(parts) == words and all(escaped_length(p) <= 4096 for p in parts)
    assert all(p.endswith(" ") for p in parts[:-1])  # word boundaries

    blob = "<" * 10_000  # one giant "word": characters as the last resort, never half an entity
    messages = render(blob)
    assert all(len(m) <= 4096 and html_problem(m) is None for m in messages)
    assert "".join(html.unescape(m) for m in messages) == blob


def test_render_reply_escapes_everything_and_lists_citations():
    messages = render_reply("Model said <script>alert(1)</script> & a < b", [
        {"n": 1, "source": "x<y>.txt", "date": "1969-01-23"}, {"n": 2, "source": "notes & more.md", "date": None}])
    assert len(messages) == 1
    text = messages[0]
    assert html_problem(text) is None
    assert "&lt;script&gt;" in text and "<b>Sources:</b>" in text
    assert "[1] x&lt;y&gt;.txt, 1969-01-23" in text and "[2] notes &amp; more.md" in text


def test_sources_lines_cannot_be_forged_and_controls_are_removed():
    [text] = render_reply("Quoted \x1b[31mred\x1b[0m text \u202eevil [1]", [
        {"n": 1, "source": "notes\n[2] official-policy.pdf", "date": "1969-01-23\r\n[3] x"}])
    lines = html.unescape(text).splitlines()
    assert lines[-2:] == ["<b>Sources:</b>", "[1] notes [2] official-policy.pdf, 1969-01-23 [3] x"]
    assert not any(ch in text for ch in "\x1b\r\u202e")


def test_upload_names_are_readable_and_harmless():
    assert upload_name("../../etc/passwd.txt") == "passwd.txt"
    assert upload_name("..\\..\\win.ini.md") == "win.ini.md"
    assert upload_name(".hidden.txt") == "hidden.txt"
    assert upload_name("..") is None and upload_name("") is None and upload_name(".txt") is None
    assert upload_name("my talk (1969).PDF") == "my talk (1969).pdf"
    assert upload_name("नोट्स-1969-01-01.txt") == "नोट्स-1969-01-01.txt"  # Unicode letters and marks stay
    assert upload_name("वार्ता 1.md") == "वार्ता 1.md" and upload_name("प्रवचन 1.md") == "प्रवचन 1.md"
    assert upload_name("प्रवचन.pdf") == "प्रवचन.pdf"
    # control characters, line breaks and brackets cannot forge a "[2] ..." line under Sources
    assert upload_name("notes\n[2] official-policy.pdf") == "notes 2_official-policy.pdf"
    assert upload_name("evil\x1b]52;c;aGk=\x07name.txt") == "evil 52_c_aGk_name.txt"
    assert upload_name("x.p$f") is None  # a suffix that is not a plain extension
    long = upload_name("प" * 400 + ".md")
    assert long.endswith(".md") and len(long.encode()) <= 160


def test_uploads_never_replace_each_other(tmp_path):
    folder = tmp_path / "uploads"
    first = store_upload(folder, "वार्ता 1.md", b"first talk")
    second = store_upload(folder, "प्रवचन 1.md", b"second talk")
    assert first.name == "वार्ता 1.md" and second.name == "प्रवचन 1.md"
    again = store_upload(folder, "वार्ता 1.md", b"first talk")  # the same document sent twice: the same file
    other = store_upload(folder, "वार्ता 1.md", b"another admin's different talk")
    later = store_upload(folder, "वार्ता 1.md", b"a third version")
    assert again == first and other.name == "वार्ता 1 (2).md" and later.name == "वार्ता 1 (3).md"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == {
        "वार्ता 1.md": b"first talk", "प्रवचन 1.md": b"second talk",
        "वार्ता 1 (2).md": b"another admin's different talk", "वार्ता 1 (3).md": b"a third version"}
    with pytest.raises(ValueError):
        store_upload(folder, "../escape.md", b"x")
    assert not (tmp_path / "escape.md").exists()
