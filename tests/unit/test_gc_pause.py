"""ingest.gc_pause: the collector is off inside every pause, back on only when the last pause ends, and left off
when it was off before."""
from __future__ import annotations

import gc

from ingest.gc_pause import gc_paused


def test_nested_pauses_turn_the_collector_back_on_only_at_the_end():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer parse is still running
    assert gc.isenabled()


def test_a_failing_parse_still_ends_its_pause():
    try:
        with gc_paused():
            raise ValueError("bad markup")
    except ValueError:
        pass
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off():
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_markdown_is_parsed_with_the_collector_paused(monkeypatch):
    from ingest import markdown_text

    seen: list[bool] = []
    real_parse = markdown_text._PARSER.parse

    def parse(text: str, env=None):
        seen.append(gc.isenabled())
        return real_parse(text, env)

    monkeypatch.setattr(markdown_text._PARSER, "parse", parse)
    title, body = markdown_text.extract("# Emphasis\n\nThe swan glides. *a _b *a _b\n")
    assert title == "Emphasis" and "swan" in body
    assert seen == [False] and gc.isenabled()


def test_rtf_is_read_with_the_collector_paused(monkeypatch):
    from ingest import rtf_text
    from ingest.budget import Budget

    seen: list[bool] = []
    real = rtf_text._extract

    def extract(data, budget):
        seen.append(gc.isenabled())
        return real(data, budget)

    monkeypatch.setattr(rtf_text, "_extract", extract)
    data = b"{\\rtf1\\ansi The heron waits by the ferry.}"
    from rag_bot.config import Settings

    title, text = rtf_text.extract(data, Budget.for_file(len(data), Settings(_env_file=None)))
    assert "heron" in text and seen == [False] and gc.isenabled()
