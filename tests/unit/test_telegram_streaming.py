"""Streamed answers and voice questions, the parts that need no bot process: the pacing of streamed updates, the
choice of draft or edit, the duration of an Ogg/Opus voice note read from its own pages, and the Gemini stand-in's
cutting of an answer into stream chunks (the bot itself: tests/e2e/test_telegram_streaming.py)."""

from __future__ import annotations

from rag_bot.frontends.telegram.streaming import StreamPacer, stream_mode
from rag_bot.models.transcription import ogg_opus_seconds
from tests.stand_ins.gemini_api import stream_chunks, text_response
from tests.stand_ins.telegram_api import REPO

VOICE = (REPO / "tests" / "data" / "voice" / "question-en.ogg").read_bytes()


class _WithDrafts:
    async def send_message_draft(self, *args: object, **kwargs: object) -> bool:
        return True


def test_pacer_gives_a_chat_one_update_per_interval_and_the_bot_its_budget():
    pacer = StreamPacer(interval=60.0, per_second=3.0)
    assert pacer.try_take(1) and not pacer.try_take(1)  # the chat waits its interval
    assert 59.0 < pacer.chat_wait(1) <= 60.0
    assert pacer.try_take(2) and pacer.try_take(3)
    assert not pacer.try_take(4)  # the bot's budget (3) is spent: the update is skipped
    assert pacer.chat_wait(4) == 0.0  # ... without using the chat's turn


def test_pacer_holds_a_chat_for_the_retry_after_telegram_asked():
    pacer = StreamPacer(interval=0.0, per_second=100.0)
    pacer.hold_off(7, 30.0)
    assert not pacer.try_take(7) and 29.0 < pacer.chat_wait(7) <= 30.0
    assert pacer.try_take(8)
    pacer.forget(7)
    assert pacer.chat_wait(7) > 29.0  # a pause still running is not forgotten


def test_drafts_in_private_chats_edits_in_groups_nothing_offline(make_settings):
    gemini = make_settings(llm_provider="gemini", google_api_key="k")
    bot = _WithDrafts()
    assert stream_mode(gemini, "private", bot) == "draft"
    assert stream_mode(gemini, "group", bot) == "edit" and stream_mode(gemini, "supergroup", bot) == "edit"
    assert stream_mode(gemini, "private", object()) == "edit"  # a library without sendMessageDraft
    assert stream_mode(make_settings(llm_provider="gemini", google_api_key="k", telegram_stream="edit"),
                       "private", bot) == "edit"
    assert stream_mode(make_settings(llm_provider="gemini", google_api_key="k", telegram_stream="off"),
                       "private", bot) is None
    assert stream_mode(make_settings(llm_provider="extractive"), "private", bot) is None


def test_voice_duration_is_read_from_the_file():
    assert abs(ogg_opus_seconds(VOICE) - 5.788) < 0.01  # opusinfo: "Playback length: 0m:05.787s"
    assert abs(ogg_opus_seconds(VOICE * 3) - 3 * ogg_opus_seconds(VOICE)) < 1e-6  # chained streams add up
    assert ogg_opus_seconds(VOICE[:-10]) is None  # truncated: the declared duration decides
    assert ogg_opus_seconds(b"RIFF\x00\x00\x00\x00WAVEfmt ") is None and ogg_opus_seconds(b"") is None


def test_stand_in_streams_an_answer_in_word_chunks_that_join_to_it():
    text = "Silence is not the absence of noise [1].  Only a quiet mind can observe [2]."
    chunks = stream_chunks(text_response(text), 3)
    pieces = [c["candidates"][0]["content"]["parts"][0]["text"] for c in chunks]
    assert "".join(pieces) == text and len(pieces) == 5 and pieces[0] == "Silence is not "
    assert stream_chunks(text_response(text), 0) == [text_response(text)]


def test_pacer_take_waits_for_a_token(monkeypatch):
    import asyncio

    pacer = StreamPacer(interval=5.0, per_second=2.0)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        pacer._at -= seconds  # the clock the bucket refills by moves on

    monkeypatch.setattr(asyncio, "sleep", sleep)
    assert pacer.try_take(1) and pacer.try_take(2)
    asyncio.run(pacer.take(3))  # the budget (2) is spent: one token comes after 0.5 s; the chat's interval is not
    assert slept and abs(sum(slept) - 0.5) < 0.05  # waited for, it is only for the updates of a stream
