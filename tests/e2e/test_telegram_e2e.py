"""End to end: the real bot process (``rag-bot telegram``) against the Bot API stand-in (the formatter and the
upload names are unit-tested in test_telegram_formatting.py)."""

from __future__ import annotations

import re
import shutil
import time

import pytest

from tests.stand_ins.telegram_api import BOT_USER, REPO, BotProcess, FakeTelegram, bot_on_copy, plain, settle

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

ADMIN = 42
MENTION = "@" + BOT_USER["username"]
SILENCE = "What was said about silence on 1969-01-23?"


@pytest.fixture(scope="module")
def fake():
    with FakeTelegram() as server:
        yield server


@pytest.fixture(scope="module")
def bot(fake, sample_index, tmp_path_factory):
    with bot_on_copy(fake, tmp_path_factory.mktemp("telegram_bot"), sample_index, admin_ids=str(ADMIN),
                     RAG_BOT_ANSWER_SENTENCES="20") as process:
        yield process
    assert "123:TEST" not in process.log(), "the bot token leaked into the log"
    assert fake.rejected == [], fake.rejected[:3]  # whatever order the tests ran in, nothing sent was refused


def question_id(update: dict) -> int:
    return update["message"]["message_id"]


def refused(fake: FakeTelegram, chat_id: int) -> list[str]:
    """What the stand-in refused (as Telegram would: too long, HTML it cannot parse, empty) in one chat.

    ``fake.sent`` holds accepted messages only, so checks on it cannot catch an invalid one: this list can."""
    return [reason for _, reason, params in fake.rejected if int(params.get("chat_id", 0)) == chat_id]



SAMPLE_DOCUMENTS, SAMPLE_FIRST, SAMPLE_LAST = 15, "1969-01-23", "1970-03-18"


def uploads_ingested(fake: FakeTelegram) -> int:
    """How many files this module's tests uploaded and the bot ingested so far (the tests run in any order: the
    corpus is the sample plus these; an upload is one undated document, see the /sources test)."""
    return sum(plain(sent.text).startswith("Ingested ") for sent in fake.all_sent())


# --------------------------------------------------------------------------------------------- real bot
def test_start_lists_the_documents_and_commands_are_set(fake, bot):
    fake.send_text(1001, 1001, "/start")
    [reply] = fake.wait_sent(1001, 1)
    assert reply.parse_mode == "HTML"
    assert f"{SAMPLE_DOCUMENTS + uploads_ingested(fake)} documents from {SAMPLE_FIRST} to {SAMPLE_LAST}" in plain(reply.text)
    assert "English" in reply.text and "Hindi" in reply.text
    names = {c["command"] for c in fake.commands[""]}
    assert names >= {"start", "help", "language", "reset", "sources", "source"}  # threads and modes: test_telegram_threads.py
    assert {c["command"] for c in fake.commands["hi"]} == names


def test_question_answered_with_citations(fake, bot):
    update = fake.send_text(1002, 1002, SILENCE)
    [reply] = fake.wait_sent(1002, 1)
    assert reply.reply_to_message_id == question_id(update)
    assert reply.parse_mode == "HTML" and refused(fake, 1002) == []
    text = plain(reply.text)
    assert "silence" in text.lower() and "[1]" in text
    assert "Sources:" in text and "[1] pdf/talks-1969-jan.pdf, p. 1, 1969-01-23" in text
    buttons = reply.reply_markup["inline_keyboard"][0]
    assert [b["text"] for b in buttons] == ["👍", "👎"]
    assert (1002, "typing") in fake.chat_actions


def test_hindi_answer_after_language_hi(fake, bot):
    fake.send_text(1003, 1003, "/language hi")
    [confirm] = fake.wait_sent(1003, 1)
    assert "हिंदी" in confirm.text
    update = fake.send_text(1003, 1003, "23 जनवरी 1969 को मौन के बारे में क्या कहा गया?")
    reply = fake.wait_sent(1003, 2)[1]
    assert reply.reply_to_message_id == question_id(update)
    text = plain(reply.text)
    assert text.startswith("दस्तावेज़ों के अनुसार:") and "स्रोत:" in text
    assert "1969-01-23" in text
    # the choice is per user and persisted: /start now speaks Hindi too
    fake.send_text(1003, 1003, "/start")
    assert "दस्तावेज़" in fake.wait_sent(1003, 3)[2].text


def test_feedback_press_is_stored(fake, bot):
    fake.send_text(1004, 1004, SILENCE)
    [answer] = fake.wait_sent(1004, 1)
    thumbs_up = answer.reply_markup["inline_keyboard"][0][0]["callback_data"]
    answered = len(fake.callback_answers)
    fake.press(answer, thumbs_up, user_id=1004)
    fake.wait_callback_answers(answered + 1)
    assert "Thanks" in fake.callback_answers[-1].get("text", "")

    from rag_bot.memory.settings_store import SqliteSettingsStore

    store = SqliteSettingsStore(bot.sqlite_path)
    try:
        thread = store.get_active_thread("tg:1004")
        [record] = store.get_feedback(thread)
        assert (record.message_id, record.user_id, record.value) == (str(answer.message_id), "tg:1004", 1)
    finally:
        store.close()


def test_admin_upload_is_ingested_and_answerable_with_html_escaped(fake, bot):
    body = ("Notes of the Zorblax seminar\n\n"
            "The Zorblax rule of the seminar states that a < b && c > d holds for every Zorblax number.\n"
            "Everybody at the Zorblax seminar agreed that the rule is simple to remember.\n")
    fake.send_document(1005, ADMIN, body.encode(), "../zorblax-1971-05-05.txt")
    messages = fake.wait_sent(1005, 2, timeout=300)
    assert "Ingested zorblax-1971-05-05.txt" in plain(messages[1].text), messages[1].text
    assert "added 1" in messages[1].text
    assert (bot.upload_dir / "zorblax-1971-05-05.txt").read_bytes() == body.encode()
    assert not (bot.workdir / "zorblax-1971-05-05.txt").exists()

    update = fake.send_text(1005, ADMIN, "What does the Zorblax rule state?")
    reply = fake.wait_sent(1005, 3)[2]
    assert reply.reply_to_message_id == question_id(update)
    assert reply.parse_mode == "HTML" and refused(fake, 1005) == []
    assert "a &lt; b &amp;&amp; c &gt; d" in reply.text
    assert "a < b && c > d" in plain(reply.text)
    assert "[1] zorblax-1971-05-05.txt" in plain(reply.text)


def test_non_admin_upload_is_refused_and_nothing_written(fake, bot):
    manifest = bot.index_dir / "manifest.json"
    before = manifest.read_bytes()
    uploads_before = sorted(p.name for p in bot.upload_dir.glob("*")) if bot.upload_dir.exists() else []
    get_file_calls = len(fake.calls_of("getFile"))
    fake.send_document(1006, 1006, b"Intruder text that must never be indexed.", "intruder-1999-01-01.txt")
    [reply] = fake.wait_sent(1006, 1)
    assert "Only administrators" in reply.text
    settle(fake, 1006, 1006)  # the chat's next update is answered: the document's handling is over
    assert manifest.read_bytes() == before
    uploads_after = sorted(p.name for p in bot.upload_dir.glob("*")) if bot.upload_dir.exists() else []
    assert uploads_after == uploads_before
    assert len(fake.calls_of("getFile")) == get_file_calls  # not even downloaded


def test_oversized_upload_refused_before_download(fake, bot):
    get_file_calls = len(fake.calls_of("getFile"))
    fake.send_document(1010, ADMIN, b"small", "big-1969-01-01.txt", declared_size=200 * 1024 * 1024)
    [reply] = fake.wait_sent(1010, 1)
    assert "limit is 20 MB" in reply.text
    assert len(fake.calls_of("getFile")) == get_file_calls


def test_source_sends_the_cited_passage_and_its_pdf_page(fake, bot):
    fake.send_text(1020, 1020, "/source 1")  # no answer yet in this chat
    [none] = fake.wait_sent(1020, 1)
    assert plain(none.text) == "There is no answer with sources in this conversation yet; ask a question first."
    fake.send_text(1020, 1020, SILENCE)
    answer = plain(fake.wait_sent(1020, 2)[1].text)
    lines = answer.split("Sources:")[1].strip().splitlines()
    [pdf_line] = [line for line in lines if "pdf/talks-1969-jan.pdf, p. 1" in line]  # the page is named
    n = int(pdf_line[1:pdf_line.index("]")])
    photos = len(fake.photos)

    fake.send_text(1020, 1020, f"/source {n}")
    passage = plain(fake.wait_sent(1020, 3)[2].text)
    assert passage.startswith(f"{pdf_line}:\n\n")
    assert "This morning I want to speak about silence" in passage  # the page's text, in full
    fake.wait_until(lambda: len(fake.photos) > photos, "the page image")
    chat, png, caption = fake.photos[-1]
    assert chat == 1020 and png.startswith(b"\x89PNG") and plain(caption) == f"{pdf_line}:"
    assert fake.calls_of("sendPhoto")[-1]["parse_mode"] == "HTML"

    fake.send_text(1020, 1020, "/source 99")
    wrong = plain(fake.wait_sent(1020, 5)[4].text)
    numbers = ", ".join(line[1:line.index("]")] for line in lines)
    assert wrong == f"Send /source N with the number of a source of the last answer ({numbers})."


def test_admin_photo_is_read_with_ocr_and_bad_images_get_one_sentence(fake, bot):
    from tests.scanned_pages import draw_page, have_fonts

    if shutil.which("tesseract") is None or not have_fonts():
        pytest.skip("needs tesseract-ocr and the test fonts (make install-dev installs them as root)")
    import io

    page = draw_page(["The Quillon ferry leaves the north pier at seven.", "Tickets are sold on board."], "en",
                     height=500)
    jpeg = io.BytesIO()
    page.convert("RGB").save(jpeg, format="JPEG", quality=90)
    fake.send_photo(1021, ADMIN, jpeg.getvalue(), *page.size)
    messages = fake.wait_sent(1021, 2, timeout=300)
    assert re.fullmatch(r"Ingested photo_\S+\.jpg:\nadded 1, .*", plain(messages[1].text), re.S), messages[1].text
    fake.send_text(1021, ADMIN, "What is said about the Quillon ferry?")
    reply = plain(fake.wait_sent(1021, 3)[2].text)
    assert "seven" in reply and "[1] photo_" in reply

    get_file_calls = len(fake.calls_of("getFile"))
    fake.send_document(1021, ADMIN, b"\x89PNG", "scan.png", declared_size=20_000_000)  # a 20 MB image
    too_big = plain(fake.wait_sent(1021, 4)[3].text)
    assert too_big == "That file is 20.0 MB; the limit is 10 MB."
    assert len(fake.calls_of("getFile")) == get_file_calls  # refused before download

    blank = io.BytesIO()
    page.point(lambda _: 255).convert("RGB").save(blank, format="JPEG")
    fake.send_photo(1021, ADMIN, blank.getvalue(), *page.size)
    failed = plain(fake.wait_sent(1021, 6, timeout=300)[5].text)
    assert re.fullmatch(r"Sorry, ingesting photo_\S+\.jpg failed: OCR found no text in the image", failed), failed


def test_long_answer_is_split_into_valid_messages(fake, bot):
    sentences = [f"The quiet river of Zanthor carries song number {i} of the valley, and the elders of Zanthor "
                 f"say that the river carries every song of the valley down to the sea in the spring, where "
                 f"the fishermen of Zanthor hear the river songs of the valley at dawn." for i in range(60)]
    body = "The river of Zanthor\n\n" + "\n\n".join(sentences) + "\n"
    fake.send_document(1007, ADMIN, body.encode(), "zanthor-river-1971-06-06.txt")
    assert "Ingested" in fake.wait_sent(1007, 2, timeout=300)[1].text
    update = fake.send_text(1007, ADMIN, "What does the quiet river of Zanthor carry?")
    parts = fake.wait_until(  # all parts of the answer (the last one has the keyboard)
        lambda: (got := fake.sent.get(1007, [])[2:]) and got[-1].reply_markup and list(got), "the whole answer")
    total = sum(len(plain(p.text)) for p in parts)
    assert len(parts) >= 2 and total > 4096, f"answer of {total} characters in {len(parts)} messages"
    assert parts[0].reply_to_message_id == question_id(update)
    assert all(p.reply_markup is None for p in parts[:-1])
    lines = [line for p in parts for line in plain(p.text).splitlines() if line.strip()]
    assert lines[0] == "According to the documents:"
    sentence = r"The quiet river of Zanthor carries song number \d+ [^.]*dawn\."
    quoted = re.compile(rf"(?:- “)?{sentence}(?: {sentence})*(?:” \[\d+\])?")
    for line in lines[1:]:  # every quoted sentence arrived whole: a quote longer than a message splits between sentences
        assert quoted.fullmatch(line) or line == "Sources:" or re.fullmatch(r"\[\d+\] .+", line), line
    text = "\n".join(lines)
    assert text.count("- “") == text.count("” [")  # every quote that opens is closed and cited
    assert all(p.parse_mode == "HTML" for p in parts) and refused(fake, 1007) == []


def test_flood_limit_429_is_retried(fake, bot):
    fake.fail_next("sendMessage", 1)
    hits = fake.fault_hits.get("sendMessage", 0)
    update = fake.send_text(1008, 1008, SILENCE)
    [reply] = fake.wait_sent(1008, 1)
    assert reply.reply_to_message_id == question_id(update)
    assert fake.fault_hits["sendMessage"] == hits + 1


def test_network_error_is_retried(fake, bot):
    """The connection of the answer's sendMessage is closed without a response (a network error): the bot sends
    the answer again after a back-off, once."""
    fake.drop_next("sendMessage", 1)
    drops = fake.drop_hits.get("sendMessage", 0)
    calls = len(fake.calls_of("sendMessage"))
    update = fake.send_text(1011, 1011, SILENCE)
    [reply] = fake.wait_sent(1011, 1)
    assert reply.reply_to_message_id == question_id(update)
    assert fake.drop_hits["sendMessage"] == drops + 1  # the first attempt really was lost ...
    answer_calls = [c for c in fake.calls_of("sendMessage")[calls:] if int(c["chat_id"]) == 1011]
    assert len(answer_calls) == 2 and answer_calls[0]["text"] == answer_calls[1]["text"]  # ... and sent again
    sent = settle(fake, 1011, 1011)  # the chat's next update is answered: nothing more comes of the question
    assert [s.reply_to_message_id for s in sent].count(question_id(update)) == 1  # delivered once


def test_sources_lists_every_document_of_the_corpus(fake, bot):
    fake.send_text(1012, 1012, "/sources")
    [reply] = fake.wait_sent(1012, 1)
    lines = plain(reply.text).splitlines()
    corpus = REPO / "data" / "corpus"
    files = sorted(p.relative_to(corpus).as_posix() for p in corpus.rglob("*") if p.is_file())
    count = int(re.search(r"\((\d+)\)", lines[0])[1])
    items = lines[1:]
    assert count == len(items) >= 15  # 15 documents in 13 files (PDFs of several talks), plus earlier uploads
    for name in files:
        assert any(f" {name}" in line for line in items), name
    assert any(line.startswith("• 1969-01-23 pdf/talks-1969-jan.pdf") for line in items), items
    dates = [line.split()[1] for line in items if line.split()[1] != "?"]  # earlier tests' uploads have no date
    assert len(dates) >= 15 and dates == sorted(dates)  # listed by date
    assert any(line.endswith("(hi)") for line in items) and any(line.endswith("(en)") for line in items)


def test_reset_starts_a_new_conversation(fake, bot):
    fake.send_text(1013, 1013, "What was said about fear on 1969-03-09?")
    fake.wait_sent(1013, 1)
    fake.send_text(1013, 1013, "What did I ask before?")
    before = plain(fake.wait_sent(1013, 2)[1].text)
    assert "fear on 1969-03-09" in before, before
    fake.send_text(1013, 1013, "/reset")
    assert "new conversation" in fake.wait_sent(1013, 3)[2].text
    fake.send_text(1013, 1013, "What did I ask before?")
    after = plain(fake.wait_sent(1013, 4)[3].text)
    assert "fear" not in after, after  # the new thread holds nothing of the old one


def test_duplicate_update_answered_once(fake, bot):
    update = fake.send_text(1009, 1009, SILENCE)
    fake.wait_sent(1009, 1)
    fake.push_update({"message": update["message"]}, update_id=update["update_id"], redeliver=True)
    fake.send_text(1009, 1009, "/help")  # same chat: processed after the duplicate
    fake.wait_sent(1009, 2)
    messages = fake.sent_to(1009)
    assert len(messages) == 2, [m.text[:80] for m in messages]  # the duplicate was handled before /help: no answer
    assert [m.reply_to_message_id for m in messages].count(question_id(update)) == 1
    assert "Write your question" in messages[1].text


def test_group_chat_answers_only_when_mentioned_or_replied_to(fake, bot):
    group = -100555
    ignored = fake.send_text(group, 2001, SILENCE, chat_type="group")
    mentioned = fake.send_text(group, 2001, f"{MENTION} {SILENCE}", chat_type="group")
    [answer] = fake.wait_sent(group, 1)
    assert answer.reply_to_message_id == question_id(mentioned)
    assert "[1]" in answer.text
    follow_up = fake.send_text(group, 2002, "What was said about love on 1969-02-14?", chat_type="group",
                               reply_to=answer.message_id)
    messages = fake.wait_sent(group, 2)
    assert messages[1].reply_to_message_id == question_id(follow_up)
    assert all(m.reply_to_message_id != question_id(ignored) for m in fake.sent_to(group))


def test_voice_without_the_generative_model_gets_one_sentence_in_the_users_language(fake, bot):
    """No Gemini key (this bot answers offline): a voice question gets one sentence saying why, in English by
    default and in Hindi for a user who chose it; nothing is downloaded."""
    voice = (REPO / "tests" / "data" / "voice" / "question-en.ogg").read_bytes()
    downloads = len(fake.calls_of("getFile"))
    update = fake.send_voice(1015, 1015, voice, duration=6)
    [reply] = fake.wait_sent(1015, 1)
    assert plain(reply.text) == ("Voice questions need the generative model, which is not configured here; please "
                                 "type your question.")
    assert reply.reply_to_message_id == question_id(update)
    fake.send_text(1016, 1016, "/language hi")
    fake.wait_sent(1016, 1)
    fake.send_voice(1016, 1016, voice, duration=6)
    hindi = plain(fake.wait_sent(1016, 2)[1].text)
    assert hindi.startswith("आवाज़ वाले प्रश्नों के लिए जनरेटिव मॉडल चाहिए") and hindi.count("।") == 1
    assert len(fake.calls_of("getFile")) == downloads


def test_every_message_sent_was_valid(fake, bot):
    """Nothing the bot sent was refused by the stand-in's Telegram checks (length, HTML): refused messages are
    recorded there, not only the accepted ones; the HTML check applies because every message is sent as HTML.
    Whatever ran before, this test has the bot send an answer and a /start of its own (the ``bot`` fixture checks
    the whole module's messages once more when it ends)."""
    fake.send_text(1014, 1014, SILENCE)
    fake.send_text(1014, 1014, "/start")
    fake.wait_sent(1014, 2)
    assert fake.rejected == [], fake.rejected[:3]
    sent = fake.all_sent()
    assert sent
    assert all(message.parse_mode == "HTML" for message in sent), [m.text[:80] for m in sent if m.parse_mode != "HTML"]
    assert bot.proc.poll() is None, "the bot must still be running"


def test_agent_failure_gets_an_apology_and_the_bot_stays_up(sample_index, tmp_path):
    """Chat models unreachable (Gemini at a closed port): the user gets a short apology, the bot keeps running."""
    with FakeTelegram() as server:
        with bot_on_copy(server, tmp_path, sample_index, RAG_BOT_LLM_PROVIDER="gemini",
                         GOOGLE_API_KEY="test-key-not-real", RAG_BOT_GEMINI_BASE_URL="http://127.0.0.1:9",
                         RAG_BOT_LLM_MAX_RETRIES="0", RAG_BOT_LLM_TIMEOUT_S="2") as process:
            server.send_text(3001, 3001, SILENCE)
            [apology] = server.wait_sent(3001, 1)
            assert apology.text.startswith("Sorry")
            server.send_text(3001, 3001, "मौन क्या है?")
            assert server.wait_sent(3001, 2)[1].text.startswith("क्षमा करें")
            server.send_text(3001, 3001, "/help")
            assert "Write your question" in server.wait_sent(3001, 3)[2].text
            assert process.proc.poll() is None
        assert "Traceback" in process.log() and "test-key-not-real" not in process.log()


def test_two_chats_are_served_concurrently(sample_index, tmp_path):
    """Two chats ask at once; the Gemini stand-in holds each router request until the other chat's has arrived
    too. Served one after the other, the first would wait out the barrier (60 s) and break it."""
    import threading

    from tests.stand_ins.gemini_api import GeminiStandIn, text_response

    both_routing = threading.Barrier(2, timeout=60)
    broken: list[str] = []

    def responder(request):
        if request.system_text.startswith("You classify ONE user message"):
            try:
                both_routing.wait()
            except threading.BrokenBarrierError:
                broken.append(request.last_user_text)
            return text_response("conversational")
        reply = text_response(f"Hello from the stand-in ({len(request.last_user_text)})")
        return [reply] if request.action == "streamGenerateContent" else reply

    with GeminiStandIn(api_key="test-key-concurrent", responder=responder) as gemini, FakeTelegram() as server, \
            bot_on_copy(server, tmp_path, sample_index, RAG_BOT_LLM_PROVIDER="gemini",
                        GOOGLE_API_KEY="test-key-concurrent", RAG_BOT_GEMINI_BASE_URL=gemini.base_url,
                        RAG_BOT_LLM_MAX_RETRIES="0", RAG_BOT_LLM_TIMEOUT_S="120"):
        server.push_updates([{"message": server.user_message(4001, 4001, "Hello there!")},
                             {"message": server.user_message(4002, 4002, "Hi, bot!")}])
        first = server.wait_sent(4001, 1, timeout=180)[0]
        second = server.wait_sent(4002, 1, timeout=180)[0]
    assert broken == [], f"the chats were served one after the other: {broken}"
    assert "Hello from the stand-in" in first.text and "Hello from the stand-in" in second.text
    routed = [r for r in gemini.generate_requests if r.system_text.startswith("You classify ONE user message")]
    assert len(routed) == 2


# ------------------------------------------------------------------------------------------------ webhook mode
def test_webhook_mode_checks_the_secret_token(sample_index, tmp_path):
    import json
    import socket
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with FakeTelegram() as server:
        process = BotProcess(server, tmp_path, sample_index, RAG_BOT_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook",
                             RAG_BOT_TELEGRAM_WEBHOOK_PORT=str(port), RAG_BOT_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                             RAG_BOT_TELEGRAM_WEBHOOK_SECRET="s3cret-token").start()
        try:
            assert server.webhook == {"url": f"http://127.0.0.1:{port}/hook", "secret_token": "s3cret-token"}
            assert not server.calls_of("getUpdates")  # no long polling in webhook mode

            def post(update: dict, secret: str | None) -> int:
                headers = {"Content-Type": "application/json"}
                if secret is not None:
                    headers["X-Telegram-Bot-Api-Secret-Token"] = secret
                request = urllib.request.Request(f"http://127.0.0.1:{port}/hook", data=json.dumps(update).encode(),
                                                 headers=headers, method="POST")
                deadline = time.monotonic() + 60
                while True:
                    try:
                        with urllib.request.urlopen(request, timeout=120) as response:  # the turn runs inside
                            return response.status
                    except urllib.error.HTTPError as exc:
                        return exc.code
                    except OSError:  # the listener may still be starting
                        if time.monotonic() > deadline:
                            raise
                        time.sleep(0.3)

            forged = {"update_id": 9001, "message": server.user_message(3001, 3001, SILENCE)}
            assert post(forged, "wrong-secret") == 403
            assert post({"update_id": 9002, "message": server.user_message(3001, 3001, SILENCE)}, None) == 403
            genuine = {"update_id": 9003, "message": server.user_message(3001, 3001, SILENCE)}
            assert post(genuine, "s3cret-token") == 200
            [reply] = server.wait_sent(3001, 1)
            assert reply.reply_to_message_id == genuine["message"]["message_id"]
            assert "[1]" in plain(reply.text)
            assert post({"update_id": 9004, "message": server.user_message(3001, 3001, "/help")}, "s3cret-token") == 200
            sent = server.wait_sent(3001, 2)  # the chat's next update is answered: the forged ones never were
            assert len(sent) == 2 and "Write your question" in sent[1].text, [s.text[:80] for s in sent]
        finally:
            process.stop()
        assert "s3cret-token" not in process.log()
