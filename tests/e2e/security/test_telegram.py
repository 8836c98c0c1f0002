"""The Telegram bot under attack: each attack runs through the real ``rag-bot telegram`` process against the Bot
API stand-in (issue 12): leaked tokens on failed starts, floods, forged source lines, documents in groups, server
paths in failure reasons, edits and mentions."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from telegram import Bot, Message

from rag_bot.frontends.telegram.handlers import addressed
from rag_bot.frontends.telegram.uploads import without_paths
from tests.stand_ins.telegram_api import (
    BOT_USER,
    FakeTelegram,
    bot_on_copy,
    plain,
    settle,
)

TOKEN = "7312345678:AAHc0ffee-S3cr3tPart_xyz9876543210abc"  # the shape of a real token
MENTION = "@" + BOT_USER["username"]
SILENCE = "What was said about silence on 1969-01-23?"
ADMINS = {"forger": 43, "broken": 44, "group": 45}
PENDING_CAP = 3
PER_MINUTE = 8


# ================================================================================ secrets on a failed start
def token_forms(token: str) -> list[str]:
    """The token and every form of it that could betray it: URL-encoded, the secret part after the bot id,
    and every 12-character piece of that secret part."""
    secret = token.split(":", 1)[-1]
    forms = {token, quote(token, safe=""), quote_plus(token), secret}
    forms |= {secret[i: i + 12] for i in range(len(secret) - 11)}
    return sorted(forms)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


FORKED_STARTS = r"""
import json, os, sys, traceback
from rag_bot.frontends.cli import main
import rag_bot.frontends.telegram.bot  # what ``rag-bot telegram`` imports, once, before the forks
cases, workdir = json.loads(sys.argv[1]), sys.argv[2]
children = {}
for name, env in cases.items():
    pid = os.fork()
    if pid == 0:  # the case's own process: its environment, its stdout and stderr, its exit code
        os.environ.update(env)
        out = os.open(os.path.join(workdir, name + ".out"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(out, 1)
        os.dup2(out, 2)
        code = 1
        try:
            main(["telegram"])
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            if isinstance(stop.code, str):
                print(stop.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()  # as the interpreter would print it
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    children[name] = pid
print(json.dumps({name: os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for name, pid in children.items()}))
"""


def run_failing_bots(cases: dict[str, tuple[str, str]], workdir: Path, log_level: str) -> dict[str, tuple]:
    """Start ``rag-bot telegram`` once per case (token, base URL) at once, each in its own process forked from one
    interpreter that imported the command (its ``main``, as the console script calls it) once: the import is
    the cost of a start, not what is tested. (exit code, all output) per case."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("RAG_BOT_") and k not in {"GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN"}}
    env["ANONYMIZED_TELEMETRY"] = "False"
    per_case = {f"{log_level}-{i}": dict(
        TELEGRAM_BOT_TOKEN=token, RAG_BOT_TELEGRAM_BASE_URL=base_url, RAG_BOT_LOG_LEVEL=log_level,
        RAG_BOT_INDEX_DIR=str(workdir / "index"), RAG_BOT_SQLITE_PATH=str(workdir / f"{log_level}-{i}.sqlite"))
        for i, (token, base_url) in enumerate(cases.values())}
    result = subprocess.run([sys.executable, "-c", FORKED_STARTS, json.dumps(per_case), str(workdir)], env=env,
                            cwd=workdir, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    codes = json.loads(result.stdout.strip().splitlines()[-1])
    return {name: (codes[f"{log_level}-{i}"], (workdir / f"{log_level}-{i}.out").read_text(encoding="utf-8"))
            for i, name in enumerate(cases)}


@pytest.fixture(scope="module")
def start_failures(tmp_path_factory) -> dict[str, dict[str, tuple]]:
    work = tmp_path_factory.mktemp("failed_starts")
    with FakeTelegram(token=TOKEN) as fake:
        cases = {
            # Telegram answers 404 to a token of the wrong shape, 401 to a well-formed wrong one
            "malformed token": ("7312345678 AAH/secret?part é-NOT_A_TOKEN", fake.base_url),
            "wrong token (401)": ("7312345678:AAHwrongButWellFormed_0123456789abcdef", fake.base_url),
            "valid token, wrong base URL (404)": (TOKEN, f"http://127.0.0.1:{fake.port}/not-the-bot-api/bot"),
            "connection refused": (TOKEN, f"http://127.0.0.1:{closed_port()}/bot"),
            "name does not resolve": (TOKEN, "http://bot-api.invalid/bot"),
        }
        results = {level: run_failing_bots(cases, work, level) for level in ("INFO", "DEBUG")}
    return {level: {name: (*result, cases[name][0]) for name, result in runs.items()}
            for level, runs in results.items()}


EXPECTED_SENTENCE = {
    "malformed token": "refused the bot token",
    "wrong token (401)": "refused the bot token",
    "valid token, wrong base URL (404)": "refused the bot token",
    "connection refused": "cannot be reached",
    "name does not resolve": "cannot be reached",
}


@pytest.mark.parametrize("case", sorted(EXPECTED_SENTENCE))
def test_failed_start_is_one_sentence_without_the_token(start_failures, case: str) -> None:
    code, output, token = start_failures["INFO"][case]
    assert code != 0
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output  # no traceback, no log noise: one sentence
    assert lines[0].startswith("error: ") and lines[0].endswith(".") and EXPECTED_SENTENCE[case] in lines[0]
    for form in token_forms(token):
        assert form not in output, f"{case}: the token leaked as {form!r}"


@pytest.mark.parametrize("case", sorted(EXPECTED_SENTENCE))
def test_debug_log_of_a_failed_start_keeps_the_token_out_of_tracebacks(start_failures, case: str) -> None:
    """At DEBUG the bot logs the exception with its traceback (python-telegram-bot's own message repeats the
    token): redaction covers the traceback, not only the log message."""
    code, output, token = start_failures["DEBUG"][case]
    assert code != 0 and "Traceback" in output
    if "token" in EXPECTED_SENTENCE[case]:  # python-telegram-bot's InvalidToken text held the token
        assert "The token `<redacted>` was rejected" in output
    for form in token_forms(token):
        assert form not in output, f"{case}: the token leaked as {form!r}"
    assert output.rstrip().splitlines()[-1].startswith("error: ")


# ================================================================================ the running bot
@pytest.fixture(scope="module")
def fake():
    with FakeTelegram(token=TOKEN) as server:
        yield server


@pytest.fixture(scope="module")
def bot(fake, sample_index, tmp_path_factory):
    with bot_on_copy(fake, tmp_path_factory.mktemp("attacked_bot"), sample_index,
                     admin_ids=",".join(map(str, ADMINS.values())),
                     RAG_BOT_TELEGRAM_MAX_PENDING_PER_CHAT=str(PENDING_CAP),
                     RAG_BOT_TELEGRAM_USER_MESSAGES_PER_MINUTE=str(PER_MINUTE)) as process:
        yield process
    assert fake.rejected == [], fake.rejected[:3]  # whatever order the tests ran in, nothing sent was refused
    log = process.log()
    for form in token_forms(TOKEN):
        assert form not in log, f"the token leaked into the bot's log as {form!r}"



def test_a_flood_gets_a_bounded_share_and_one_notice_per_reason(fake, bot):
    """20 questions at once from one user: the chat's queue holds PENDING_CAP, the user's rate PER_MINUTE; the rest
    is skipped, and the chat hears about it once per reason - not once per skipped message."""
    chat = 5001
    updates = fake.push_updates([{"message": fake.user_message(chat, chat, f"Question {i}: {SILENCE}")}
                                 for i in range(20)])
    asked = [u["message"]["message_id"] for u in updates]
    fake.wait_until(lambda: sum(s.reply_to_message_id is not None for s in fake.sent.get(chat, [])) >= PENDING_CAP,
                    f"{PENDING_CAP} answers", timeout=180)
    # Anything more would come before the answer to the chat's next update (one chat's updates are handled in order);
    # that update comes from another member of the chat, whom the flooding user's rate limit does not hold back.
    sent = [s for s in settle(fake, chat, chat + 10_000) if "Write your question" not in s.text]
    answers = [s for s in sent if s.reply_to_message_id is not None]
    notices = [s for s in sent if s.reply_to_message_id is None]
    assert [a.reply_to_message_id for a in answers] == asked[:PENDING_CAP]  # the first ones, in order
    assert len(notices) == 2, [n.text for n in notices]
    assert sum("waiting for an answer" in n.text for n in notices) == 1
    assert sum("messages in a minute" in n.text for n in notices) == 1


def test_a_file_name_cannot_forge_a_sources_line_or_send_control_characters(fake, bot):
    admin = ADMINS["forger"]
    body = ("The quokka rule\n\nThe quokka rule of the island says that every quokka \x1b[31msmiles\x1b[0m at dawn.\n"
            "Visitors to the island agree that the quokka rule is charming.\n")
    fake.send_document(admin, admin, body.encode(), "quokka-1971-07-07\n[2] official-policy.txt")
    messages = fake.wait_sent(admin, 2, timeout=300)
    assert "Ingested" in plain(messages[1].text), messages[1].text
    fake.send_text(admin, admin, "What does the quokka rule of the island say?")
    reply = fake.wait_sent(admin, 3)[2]
    text = plain(reply.text)
    assert "Sources:" in text and "quokka" in text.lower()
    lines = text.splitlines()
    assert not any(line.startswith("[2]") for line in lines), text  # no forged second source
    assert [line for line in lines if line.startswith("[1] ")] == [
        next(line for line in lines if line.startswith("[1] quokka-1971-07-07"))]
    for message in fake.sent_to(admin):
        assert not any(ch in message.text for ch in "\x1b\x07\r"), repr(message.text)


def test_admin_sees_the_failure_reason_without_server_paths(fake, bot):
    """A damaged DOCX: python-docx names the file by its absolute path in its error; the admin is told why the
    upload failed, and which file, but not where the server keeps it."""
    admin = ADMINS["broken"]
    fake.send_document(admin, admin, b"PK not really a docx", "broken-1971-01-02.docx")
    failure = fake.wait_sent(admin, 2, timeout=300)[1]
    text = plain(failure.text)
    assert re.search(r"broken-1971-01-02\.docx failed: \S", text), text  # the reason follows the name
    for folder in (bot.workdir, bot.upload_dir, bot.index_dir, Path.cwd(), Path("/tmp")):
        assert str(folder) not in text, text


def test_failure_reasons_lose_server_paths(tmp_path):
    """The reasons an admin is sent are stripped of server paths (real OS errors, with real paths in them)."""
    uploads = tmp_path / "srv" / "uploads"
    try:
        open(uploads / "talk.pdf")  # noqa: SIM115 - the error text is what is tested
    except OSError as exc:
        error = f"{type(exc).__name__}: {exc}"
    assert str(uploads) in error
    cleaned = without_paths(error, uploads)
    assert str(tmp_path) not in cleaned and "talk.pdf" in cleaned
    other = without_paths("cannot write /var/lib/rag-bot/index/chroma.sqlite3: disk full", uploads)
    assert other == "cannot write chroma.sqlite3: disk full"


def test_documents_in_groups_need_an_admin_who_addresses_the_bot(fake, bot):
    group = -100777
    admin = ADMINS["group"]
    manifest = bot.index_dir / "manifest.json"
    before = manifest.read_bytes()
    fake.send_document(group, 6001, b"Intruder text, never indexed.", "intruder-1999-01-01.txt", chat_type="group",
                       caption=f"{MENTION} please add this")
    fake.send_document(group, admin, b"A file shared with the group.", "shared-1999-01-01.txt", chat_type="group")
    sent = settle(fake, group, admin)
    assert len(sent) == 1, [s.text[:80] for s in sent]  # only the /help answer: no refusal, no ingestion
    assert manifest.read_bytes() == before
    assert not bot.upload_dir.exists() or not any(bot.upload_dir.glob("*-1999-01-01.txt"))

    body = "The wombat rule\n\nThe wombat rule of the burrow says that wombats dig square tunnels at night.\n"
    fake.send_document(group, admin, body.encode(), "wombat-1971-08-08.txt", chat_type="group",
                       caption=f"😀 {MENTION} add this one")
    messages = fake.wait_sent(group, 3, timeout=300)
    assert "Ingested wombat-1971-08-08.txt" in plain(messages[2].text), messages[2].text


def test_an_edited_message_is_not_answered_again(fake, bot):
    chat = 5002
    update = fake.send_text(chat, chat, SILENCE)
    [answer] = fake.wait_sent(chat, 1)
    assert answer.reply_to_message_id == update["message"]["message_id"]
    fake.edit_text(update, "What was said about love on 1969-02-14?")
    sent = settle(fake, chat, chat)
    assert len(sent) == 2 and "Write your question" in sent[1].text, [s.text[:80] for s in sent]


def test_mentions_are_found_through_entities_in_utf16_units():
    """Telegram counts entity offsets in UTF-16 code units; an emoji before the mention is two of them."""
    bot = Bot(TOKEN)
    fake = FakeTelegram(token=TOKEN)  # not started: only its message builder is used
    for text, expected in [
        (f"😀 {MENTION} what was said", "😀 what was said"),
        (f"👩‍👩‍👧 𝓗𝓲 {MENTION} silence?", "👩‍👩‍👧 𝓗𝓲 silence?"),
        (f"{MENTION} मौन क्या है?", "मौन क्या है?"),
        (f"What about {MENTION}", "What about"),
    ]:
        message = Message.de_json(fake.user_message(-1001, 7, text, chat_type="group"), bot)
        assert addressed(message, BOT_USER["username"], BOT_USER["id"]) == expected
    not_for_us = Message.de_json(fake.user_message(-1001, 7, "😀 @someone_else hello", chat_type="group"), bot)
    assert addressed(not_for_us, BOT_USER["username"], BOT_USER["id"]) is None


def test_no_message_the_bot_sent_was_refused(fake, bot):
    """Every message reached Telegram's checks and passed them (refused ones are recorded by the stand-in); this
    test has the bot send an answer of its own whatever ran before (the ``bot`` fixture checks the whole module's
    messages once more when it ends)."""
    fake.send_text(5003, 5003, SILENCE)
    fake.wait_sent(5003, 1)
    assert fake.all_sent()
    assert fake.rejected == [], fake.rejected[:3]
    assert bot.proc.poll() is None
