"""End to end: streamed answers and voice questions of the real bot process (``rag-bot telegram`` with Gemini models
at the Gemini stand-in, which streams its answers over SSE a few words at a time) against the Bot API stand-in with
Telegram-like flood limits (429 with retry_after: one message a second per chat in short bursts, thirty a second
per bot)."""

from __future__ import annotations

import re

import pytest

from tests.stand_ins.gemini_api import GeminiStandIn, inline_bytes
from tests.stand_ins.telegram_api import BOT_USER, REPO, BotProcess, Draft, FakeTelegram, FloodLimits, Sent, plain
from tests.streaming_support import API_KEY, UNSUPPORTED, LongAnswerScript, bot_env, question

VOICE = (REPO / "tests" / "data" / "voice" / "question-en.ogg").read_bytes()
SPOKEN = "What was said about silence on the twenty third of January 1969?"
MAX_VOICE_SECONDS = 10  # the fixture speaks for 5.8 s


@pytest.fixture(scope="module")
def fake():
    with FakeTelegram(flood=FloodLimits()) as server:
        yield server


@pytest.fixture(scope="module")
def gemini():
    script = LongAnswerScript()
    with GeminiStandIn(script, api_key=API_KEY, chunk_delay_s=0.02, stream_words=4) as server:
        server.script = script
        yield server


@pytest.fixture(scope="module")
def bot(fake, gemini, sample_index, tmp_path_factory):
    work = tmp_path_factory.mktemp("telegram_streaming")
    process = BotProcess(fake, work, sample_index, **bot_env(gemini.base_url),
                         RAG_BOT_TELEGRAM_VOICE_MAX_SECONDS=str(MAX_VOICE_SECONDS)).start()
    yield process
    process.stop()
    assert API_KEY not in process.log() and fake.token not in process.log()
    assert fake.rejected == [], fake.rejected[:3]
    assert fake.flood_hits == [], fake.flood_hits[:5]  # whatever ran, the bot never hit a flood limit
    assert fake.early_calls == [], fake.early_calls[:5]



def answer_of(fake: FakeTelegram, chat: int, question_id: int) -> Sent:
    """The final answer to a question: the reply to it that carries the feedback buttons (an edited reply's last
    version in a group)."""
    def final() -> Sent | None:
        sorry = [s.text for s in fake.sent.get(chat, []) if s.text.startswith("Sorry")]
        assert not sorry, sorry  # a failed answer: no need to wait for it
        done = [s for s in fake.sent.get(chat, []) if s.reply_markup and (
            s.reply_to_message_id == question_id or s.method == "editMessageText")]
        return done[-1] if done else None

    return fake.wait_until(final, f"the answer in chat {chat}", timeout=300)


def sentences(text: str) -> list[str]:
    """The answer's sentences without markers (the numbers are renumbered in the final text)."""
    body = plain(text).split("\n\nSources:")[0]
    return [s.strip() for s in re.split(r"(?<=\.)\s+", re.sub(r"\s*\[\d+\]", "", body)) if s.strip()]


def check_stream(fake: FakeTelegram, chat: int, drafts: list[Draft], final: Sent) -> None:
    """Every draft grows the one before it, the last is the start of the final answer, none shows the dropped
    sentence, the final answer has its sources and came after every draft."""
    shown = [plain(d.text) for d in drafts]
    answer = plain(final.text)
    assert all(UNSUPPORTED not in text for text in shown) and UNSUPPORTED not in answer
    for before, after in zip(shown, shown[1:], strict=False):
        assert after.startswith(before), (before[-80:], after[-80:])
    assert answer.startswith(shown[-1])
    assert "\n\nSources:\n[1] " in answer
    assert all(d.seq < final.seq for d in drafts)


def test_one_chat_streams_a_3000_character_answer_without_429(fake, gemini, bot):
    earlier = len(gemini.script.answers)  # the module's Gemini wrote the answers of the tests before this one too
    update = fake.send_text(2001, 2001, question("silence", 3000))
    final = answer_of(fake, 2001, update["message"]["message_id"])
    drafts = fake.drafts_to(2001)
    assert len(drafts) >= 2, [d.text[:60] for d in drafts]  # the answer appeared while it was written
    assert {d.draft_id for d in drafts} == {update["message"]["message_id"]}
    check_stream(fake, 2001, drafts, final)
    # the final message is the whole answer as written, less the sentence the support check dropped
    [written] = [a for a in gemini.script.answers[earlier:] if a.count(".") > 10 and len(a) > 3000]
    expected = [s for s in sentences(written) if UNSUPPORTED not in s]
    assert sentences(final.text) == expected and len(plain(final.text).split("\n\nSources:")[0]) >= 3000
    assert [s.method for s in fake.sent_to(2001)] == ["sendMessage"]  # sent once
    assert fake.flood_hits == []


def test_twenty_chats_stream_at_once_without_429(fake, gemini, bot):
    chats = list(range(3001, 3021))
    updates = fake.push_updates([{"message": fake.user_message(chat, chat, question("fear", 1500))}
                                 for chat in chats])
    for chat, update in zip(chats, updates, strict=True):
        final = answer_of(fake, chat, update["message"]["message_id"])
        drafts = fake.drafts_to(chat)
        assert drafts, f"chat {chat}: nothing streamed"
        check_stream(fake, chat, drafts, final)
    assert fake.flood_hits == []


def test_group_answer_streams_by_editing_one_message(fake, gemini, bot):
    group = -4001
    update = fake.send_text(group, 4001, f"@{BOT_USER['username']} {question('death', 1500)}", chat_type="group")
    final = answer_of(fake, group, update["message"]["message_id"])
    sent = fake.sent_to(group)
    assert sent[0].method == "sendMessage" and sent[0].reply_to_message_id == update["message"]["message_id"]
    assert {s.message_id for s in sent} == {sent[0].message_id}  # one message, edited
    assert len(sent) >= 3 and all(s.method == "editMessageText" for s in sent[1:])
    check_stream(fake, group, [Draft(group, 1, s.text, s.parse_mode, seq=s.seq) for s in sent[:-1]], final)
    assert fake.drafts_to(group) == []


def test_retry_after_is_respected(fake, gemini, bot):
    """Telegram's 429 on a draft pauses the chat's drafts (no draft is retried early) and the final message still
    comes; a 429 on the final message is retried after the asked time."""
    fake.fail_next("sendMessageDraft", 1, retry_after=3)  # longer than the bot's own interval between drafts
    fake.fail_next("sendMessage", 1, retry_after=2)
    # the answer streams for ~6 s (125 chunks, 0.05 s apart), so drafts resume after the 3 s pause; at the module's
    # 0.02 s it was all written within the pause on an idle machine and no draft could follow
    usual, gemini.chunk_delay_s = gemini.chunk_delay_s, 0.05
    try:
        update = fake.send_text(2002, 2002, question("music", 3000))
        final = answer_of(fake, 2002, update["message"]["message_id"])
    finally:
        gemini.chunk_delay_s = usual
    assert fake.fault_hits.get("sendMessageDraft") and fake.fault_hits.get("sendMessage")
    assert fake.early_calls == []  # nothing was sent to the chat before the retry_after Telegram asked had passed
    assert len(fake.drafts_to(2002)) >= 1 and UNSUPPORTED not in plain(final.text)


# ------------------------------------------------------------------------------------------------------ voice
def test_voice_question_is_transcribed_shown_and_answered(fake, gemini, bot):
    gemini.add_transcript(VOICE, SPOKEN)
    update = fake.send_voice(5001, 5001, VOICE, duration=6)
    final = answer_of(fake, 5001, update["message"]["message_id"])
    heard = fake.sent_to(5001)[0]
    assert plain(heard.text) == f"🎤 {SPOKEN}" and heard.reply_to_message_id == update["message"]["message_id"]
    assert "\n\nSources:\n[1] " in plain(final.text) and UNSUPPORTED not in plain(final.text)
    [transcription] = [r for r in gemini.generate_requests if "inlineData" in str(r.body)]
    part = transcription.contents[0]["parts"][0]["inlineData"]
    assert part.get("mimeType", part.get("mime_type")) == "audio/ogg"
    assert inline_bytes(part) == VOICE  # the audio itself, inline


def test_voice_over_the_declared_limit_is_refused_before_download(fake, gemini, bot):
    downloads = len(fake.calls_of("getFile"))
    update = fake.send_voice(5002, 5002, VOICE, duration=MAX_VOICE_SECONDS + 1)
    [reply] = fake.wait_sent(5002, 1)
    assert plain(reply.text).startswith("That voice message is too long for me (11 s")
    assert reply.reply_to_message_id == update["message"]["message_id"]
    assert len(fake.calls_of("getFile")) == downloads


def test_voice_longer_than_it_declares_is_refused_after_download(fake, gemini, bot):
    """Three chained copies of the fixture (17 s) declared as 3 s: the file's own pages tell."""
    transcriptions = len([r for r in gemini.generate_requests if "inlineData" in str(r.body)])
    fake.send_voice(5003, 5003, VOICE * 3, duration=3)
    [reply] = fake.wait_sent(5003, 1)
    assert plain(reply.text).startswith("That voice message is too long for me (17 s")
    assert len([r for r in gemini.generate_requests if "inlineData" in str(r.body)]) == transcriptions
