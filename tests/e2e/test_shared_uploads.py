"""Acceptance of issue 23 for uploads: two `rag-bot telegram` webhook instances (one secret, the Telegram
stand-in) share one index (RAG_BOT_INDEX_BUCKET on the Cloud Storage emulator, a real Chroma server), each with its
own local copy and no shared folder. A document uploaded through instance A is cited by instance B once B has
polled the new generation (RAG_BOT_INDEX_POLL_S=2 here: B sees it at its first question at most 2 s after A
published); the same file sent to B is reported unchanged."""

from __future__ import annotations

import hashlib
import time

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.index.bucket import Bucket
from rag_bot.index.shared_uploads import CONTENT, NAMES
from tests.e2e.test_telegram_e2e import plain
from tests.e2e.test_webhook_serving import SECRET, request, wait_status, webhook_bot
from tests.filemakers import write_text
from tests.stand_ins.storage_emulator import free_port
from tests.stand_ins.telegram_api import FakeTelegram

ADMIN = 42
POLL_S = 2
BODY = (b"Notes of the Zorblax seminar\n\n"
        b"The Zorblax rule of the seminar states that every Zorblax number is odd.\n"
        b"Everybody at the Zorblax seminar agreed that the rule is simple to remember.\n")
NAME = "zorblax-1971-05-05.txt"


def post(fake: FakeTelegram, port: int, update: dict) -> None:
    assert request(port, "/hook", update, SECRET) == 200


def test_an_upload_through_one_instance_is_cited_by_the_other_and_unchanged_there(
        tmp_path, chroma_server, storage_emulator, storage_emulator_process):
    seed = Settings(_env_file=None, index_dir=tmp_path / "seed" / "index", chroma_url=chroma_server,
                    index_bucket=storage_emulator)
    write_text(tmp_path / "corpus" / "bells.txt", "On Bells\n1969-01-23\n\nKeshav the bell-maker listened.")
    assert ingest_paths([tmp_path / "corpus"], seed, progress=False).added == 1
    env = {"STORAGE_EMULATOR_HOST": storage_emulator_process, "RAG_BOT_INDEX_BUCKET": storage_emulator,
           "RAG_BOT_CHROMA_URL": chroma_server, "RAG_BOT_INDEX_POLL_S": str(POLL_S)}
    with FakeTelegram() as fake:
        bots = []
        try:
            for name in ("a", "b"):
                (tmp_path / name).mkdir()
                port = free_port()
                bots.append((webhook_bot(fake, tmp_path / name, tmp_path / name / "index", port, **env)
                             .start(wait=False), port))
            for bot, port in bots:
                wait_status(port, "/readyz", 200, bot)
            (a, port_a), (b, port_b) = bots

            question = "What does the Zorblax rule state?"
            post(fake, port_b, {"message": fake.user_message(5002, ADMIN, question), "update_id": 89_999})
            before = fake.wait_sent(5002, 1, timeout=300)[0]  # B has just polled: the next poll is POLL_S away
            assert NAME not in plain(before.text)
            post(fake, port_a, fake.send_document(5001, ADMIN, BODY, NAME))
            ingested = fake.wait_sent(5001, 2, timeout=300)[1]
            assert f"Ingested {NAME}" in plain(ingested.text) and "added 1" in ingested.text, ingested.text
            published = time.monotonic()
            asked, cited = 0, None
            while cited is None and asked < 50:  # each question is a new update; B polls at most every POLL_S
                post(fake, port_b, {"message": fake.user_message(5002, ADMIN, question), "update_id": 90_000 + asked})
                asked += 1
                reply = fake.wait_sent(5002, asked + 1, timeout=300)[-1]
                if f"[1] {NAME}" in plain(reply.text):
                    cited = time.monotonic() - published
            assert cited is not None, reply.text
            print(f"instance B cited A's upload {cited:.2f} s after A reported it ingested ({asked} question(s))")

            post(fake, port_b, fake.send_document(5003, ADMIN, BODY, NAME))
            again = fake.wait_sent(5003, 2, timeout=300)[1]
            assert f"Ingested {NAME}" in plain(again.text), again.text
            assert "added 0" in again.text and "skipped 1 (unchanged)" in again.text, again.text
        finally:
            for bot, _port in bots:
                bot.stop()
    bucket = Bucket(storage_emulator)
    assert bucket.names(CONTENT) == [CONTENT + hashlib.sha256(BODY).hexdigest()]  # stored once, by content
    assert bucket.names(NAMES) == [NAMES + NAME]
    for name in ("a", "b"):  # no upload went to a local folder
        assert not [p for p in (tmp_path / name / "uploads").rglob("*") if p.is_file()]
