"""Two ``rag-bot telegram`` webhook instances behind one bot, as Cloud Run runs them: one secret, the Firestore
emulator as the shared memory, the Telegram stand-in, the Gemini stand-in as the model (it records when each model
request starts and ends, and can hold one), one shared index directory. The test plays Telegram: it posts each
update to an instance and delivers it again when the answer is 503.

* the same update posted to both instances is answered exactly once;
* two messages of one chat, one per instance, at the same time: the model requests of the two turns never overlap,
  both answers carry one thread, and the next turn's model request holds both questions in the order they were
  answered; the same for a brand-new chat (its first two messages);
* SIGTERM while the model answers slowly: the message is answered by this instance within the grace, or after the
  grace by the other instance on the redelivery, never lost and never twice; after a crash (SIGKILL) the other
  instance answers it once its lease expired;
* deploy/two_instances.py runs two instances behind one local proxy.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import signal
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.at_once import at_once
from tests.e2e.test_webhook_serving import ROUTER, wait_status
from tests.stand_ins.firestore_emulator import free_port
from tests.stand_ins.gemini_api import GeminiRequest, GeminiStandIn, text_response
from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, Sent

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

SECRET = "two-instances_secret"
API_KEY = "test-key-two-instances"
WAITING = "another instance is answering this chat"  # what an instance logs while the chat's lease is held elsewhere


def post(port: int, update: dict, timeout: float = 240.0) -> int:
    """Deliver ``update`` to the instance on ``port`` as Telegram does; the HTTP status (the turn runs inside the
    request, so this returns once it ended)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/hook", data=json.dumps(update).encode(),
                                     headers={"Content-Type": "application/json",
                                              "X-Telegram-Bot-Api-Secret-Token": SECRET})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def post_together(deliveries: list[tuple[int, dict]]) -> list[int]:
    """Post every (port, update) at the same moment (threads released together); their statuses in order (0 for
    one still unanswered after 300 s)."""
    return [status or 0 for status in at_once([lambda d=d: post(*d) for d in deliveries], timeout_s=300)]


def deliver_until_done(port: int, update: dict, status: int) -> None:
    """Telegram's redelivery of an update answered 503: again until 200 (bounded)."""
    for _ in range(30):
        if status == 200:
            return
        assert status == 503, status
        time.sleep(0.5)  # Retry-After: Telegram waits before it delivers again
        status = post(port, update)
    raise AssertionError(f"update {update['update_id']} never answered 200")


class Model:
    """The Gemini stand-in's responder: routes every message to the conversational answer, records each request's
    start and end by chat marker, and holds the requests ``gate`` picks until ``gate`` lets them go."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.spans: list[tuple[str, float, float]] = []  # (marker, start, end) of every generate request
        self.active: dict[str, int] = {}
        self.most_at_once: dict[str, int] = {}
        self.gate: Callable[[GeminiRequest, str], None] | None = None

    def __call__(self, request: GeminiRequest):
        marker = next(iter(re.findall(r"\b(C\d+)-", request.last_user_text)), "")
        with self.lock:
            self.active[marker] = self.active.get(marker, 0) + 1
            self.most_at_once[marker] = max(self.most_at_once.get(marker, 0), self.active[marker])
        start = time.monotonic()
        try:
            if self.gate is not None:
                self.gate(request, marker)
            if request.system_text.startswith(ROUTER):
                return text_response("conversational")
            reply = text_response(f"Noted: {request.last_user_text[:60]}")
            return [reply] if request.action == "streamGenerateContent" else reply
        finally:
            with self.lock:
                self.active[marker] -= 1
                self.spans.append((marker, start, time.monotonic()))


class Instances:
    """The shared stand-ins and the instances started on them (``start(name)``), stopped at the end."""

    def __init__(self, fake: FakeTelegram, gemini: GeminiStandIn, model: Model, index_dir: Path, root: Path,
                 project: str) -> None:
        self.fake, self.gemini, self.model = fake, gemini, model
        self.index_dir, self.root, self.project = index_dir, root, project
        self.bots: dict[str, tuple[BotProcess, int]] = {}

    def start(self, name: str, **env: str) -> tuple[BotProcess, int]:
        port = free_port()
        workdir = self.root / name
        workdir.mkdir(exist_ok=True)
        bot = BotProcess(self.fake, workdir, self.index_dir, PORT=str(port),
                         RAG_BOT_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                         RAG_BOT_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook",
                         RAG_BOT_TELEGRAM_WEBHOOK_SECRET=SECRET, RAG_BOT_MULTI_INSTANCE="true",
                         RAG_BOT_CHECKPOINTER="firestore", RAG_BOT_FIRESTORE_PROJECT=self.project,
                         RAG_BOT_LLM_PROVIDER="gemini", GOOGLE_API_KEY=API_KEY,
                         RAG_BOT_GEMINI_BASE_URL=self.gemini.base_url, RAG_BOT_LLM_MAX_RETRIES="0",
                         RAG_BOT_LLM_TIMEOUT_S="200", **env).start(wait=False)
        self.bots[name] = (bot, port)
        return bot, port

    def ready(self, *names: str) -> list[int]:
        for name in names:
            bot, port = self.bots[name]
            wait_status(port, "/readyz", 200, bot, timeout=300)
        return [self.bots[name][1] for name in names]

    def logs(self) -> str:
        return "\n".join(bot.log() for bot, _ in self.bots.values())

    def stop(self) -> None:
        for bot, _ in self.bots.values():
            bot.stop()


@pytest.fixture(scope="module")
def two(tmp_path_factory, sample_index, firestore_emulator):
    """Instances a and b (running), with the model of the module."""
    root = tmp_path_factory.mktemp("two_instances")
    index_dir = root / "index"
    shutil.copytree(sample_index, index_dir)
    model = Model()
    with GeminiStandIn(api_key=API_KEY, responder=model) as gemini, FakeTelegram() as fake:
        instances = Instances(fake, gemini, model, index_dir, root, f"two-{uuid.uuid4().hex[:10]}")
        try:
            instances.start("a")
            instances.start("b")
            instances.ready("a", "b")
            yield instances
        finally:
            model.gate = None
            instances.stop()


def answers(fake: FakeTelegram, chat: int) -> list[Sent]:
    return [s for s in fake.sent_to(chat) if s.reply_to_message_id is not None]


def thread_of(sent: Sent) -> str:
    [[button, *_]] = (sent.reply_markup or {})["inline_keyboard"]
    return button["callback_data"].split(":", 2)[2]


def hold_first_request(marker: str) -> tuple[threading.Event, threading.Event, Callable[[GeminiRequest, str], None]]:
    """A model gate that holds the first request of the turn ``marker`` (``entered`` set) until ``release``."""
    entered, release = threading.Event(), threading.Event()

    def gate(request: GeminiRequest, seen: str) -> None:
        if seen == marker and not entered.is_set():
            entered.set()
            release.wait(200)

    return entered, release, gate


def test_the_same_update_posted_to_both_instances_is_answered_once(two):
    fake = two.fake
    a, b = two.ready("a", "b")
    chat = 71_001
    update = {"update_id": 71_001, "message": fake.user_message(chat, chat, f"C{chat}-hello, I am Ann")}
    statuses = post_together([(a, update), (b, update)])
    assert 200 in statuses and set(statuses) <= {200, 503}, statuses
    for port, status in zip((a, b), statuses, strict=True):
        deliver_until_done(port, update, status)  # a 503 is delivered again: answered before, so 200 at once
    assert post(b, update) == 200 and post(a, update) == 200  # and again, later
    assert len(answers(fake, chat)) == 1, [s.text for s in fake.sent_to(chat)]


@pytest.mark.parametrize("new_chat", [False, True], ids=["known-chat", "brand-new-chat"])
def test_two_messages_of_one_chat_on_two_instances_take_turns_in_one_thread(two, new_chat):
    """The first model request of the two turns is held until the other instance says it waits for the chat's
    turn (or, when the lease is broken, until the other turn's model request arrives and overlaps it)."""
    fake, model = two.fake, two.model
    a, b = two.ready("a", "b")
    chat = 72_002 if new_chat else 72_001
    marker = f"C{chat}"
    if not new_chat:
        first = {"update_id": chat * 10, "message": fake.user_message(chat, chat, f"{marker}-zero: I am Ann")}
        assert post(a, first) == 200 and len(answers(fake, chat)) == 1
    released = threading.Event()

    def gate(request: GeminiRequest, seen: str) -> None:
        if seen != marker or released.is_set():
            return
        released.set()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with model.lock:
                if model.active.get(marker, 0) > 1:
                    return  # the other turn reached the model: an overlap (recorded)
            if f"chat:tg:{chat}: {WAITING}" in two.logs():
                return
            time.sleep(0.05)

    questions = [f"{marker}-one: my dog is Rex", f"{marker}-two: my cat is Tom"]
    updates = [{"update_id": chat * 10 + 1 + i, "message": fake.user_message(chat, chat, q)}
               for i, q in enumerate(questions)]
    model.gate = gate
    try:
        statuses = post_together([(a, updates[0]), (b, updates[1])])
    finally:
        model.gate = None
    assert statuses == [200, 200], (statuses, two.logs()[-3000:])
    assert model.most_at_once[marker] == 1, "the model ran two turns of one chat at the same time"
    replies = answers(fake, chat)[-2:]
    assert len(answers(fake, chat)) == (2 if new_chat else 3)
    assert len({thread_of(reply) for reply in replies}) == 1, "two threads for one chat"
    answered = [next(q for q in questions if q.split(":")[0] in reply.text) for reply in replies]
    assert sorted(answered) == sorted(questions), [r.text for r in replies]

    before = len(two.gemini.generate_requests)
    third = {"update_id": chat * 10 + 5, "message": fake.user_message(chat, chat, f"{marker}-three: what pets?")}
    assert post(b, third) == 200
    history = [r.contents_text for r in two.gemini.generate_requests[before:]
               if all(q in r.contents_text for q in questions)]
    assert history, "the next turn's model requests miss one of the two questions"
    assert history[0].index(answered[0]) < history[0].index(answered[1]), "the thread keeps another order"


@pytest.mark.parametrize("finished", [True, False], ids=["answered-within-grace", "abandoned-then-redelivered"])
def test_sigterm_during_a_slow_answer_loses_nothing_and_answers_once(two, finished):
    fake, model = two.fake, two.model
    name = f"stopping-{finished}"
    bot, port = two.start(name, RAG_BOT_SHUTDOWN_GRACE_S="60" if finished else "1")
    [port, other] = two.ready(name, "b")
    chat = 73_001 if finished else 73_002
    marker = f"C{chat}"
    entered, release, gate = hold_first_request(marker)
    update = {"update_id": chat, "message": fake.user_message(chat, chat, f"{marker}-slow: tell me about Rex")}
    status: list[int] = []
    model.gate = gate
    try:
        delivery = threading.Thread(target=lambda: status.append(post(port, update)))
        delivery.start()
        assert entered.wait(200), bot.log()
        bot.proc.send_signal(signal.SIGTERM)
        wait_status(port, "/readyz", 503, bot)
        if finished:
            release.set()
        delivery.join(240)
        assert bot.proc.wait(60) == 0, bot.log()
    finally:
        release.set()
        model.gate = None
    if finished:
        assert status == [200] and len(answers(fake, chat)) == 1
        assert "abandoned" not in bot.log()
    else:
        assert status == [503], status  # abandoned: Telegram delivers it again
        assert not answers(fake, chat) and f"abandoned (update ids {chat})" in bot.log()
    deliver_until_done(other, update, post(other, update))  # the redelivery reaches the other instance
    assert post(other, update) == 200
    assert len(answers(fake, chat)) == 1, [s.text for s in fake.sent_to(chat)]


def test_the_local_two_instance_script_serves_one_bot(sample_index, firestore_emulator, tmp_path):
    """deploy/two_instances.py: two instances behind its round-robin proxy; the same update delivered twice through
    the proxy reaches both instances and is answered once; Ctrl-C stops both with exit 0."""
    import os
    import subprocess
    import sys

    from tests.conftest import REPO

    with FakeTelegram() as fake:
        port = free_port()
        env = {key: value for key, value in os.environ.items()
               if not key.startswith("RAG_BOT_") and key not in {"GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN"}}
        env.update(TELEGRAM_BOT_TOKEN=fake.token, RAG_BOT_TELEGRAM_BASE_URL=fake.base_url,
                   RAG_BOT_TELEGRAM_BASE_FILE_URL=fake.base_file_url, RAG_BOT_INDEX_DIR=str(sample_index),
                   RAG_BOT_FIRESTORE_PROJECT=f"script-{uuid.uuid4().hex[:10]}", RAG_BOT_LLM_PROVIDER="extractive",
                   RAG_BOT_TELEGRAM_WEBHOOK_SECRET=SECRET)
        script = subprocess.Popen([sys.executable, str(REPO / "deploy" / "two_instances.py"), "--url",
                                   f"http://127.0.0.1:{port}/hook", "--port", str(port), "--logs", str(tmp_path)],
                                  env=env, cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True)
        try:
            lines = []
            for line in script.stdout:
                lines.append(line)
                if "instances ready" in line or "exited" in line:
                    break
            assert sum("ready after" in line for line in lines) == 2, "".join(lines)
            update = {"update_id": 74_001, "message": fake.user_message(74_001, 74_001, "Hello there!")}
            deliver_until_done(port, update, post(port, update))
            deliver_until_done(port, update, post(port, update))  # the proxy's next instance: answered before
            assert len(answers(fake, 74_001)) == 1
            assert fake.webhook == {"url": f"http://127.0.0.1:{port}/hook", "secret_token": SECRET}
        finally:
            script.send_signal(signal.SIGINT)
            rest = script.communicate(timeout=120)[0]
        assert script.returncode == 0 and "exit codes [0, 0]" in rest, rest


def test_a_crash_mid_answer_is_answered_once_by_the_other_instance_after_the_lease_expires(two):
    """SIGKILL while the model answers: the update's lease (ttl 3 s on the crashed instance) is neither released nor
    done; the redelivery to the other instance gets 503 while it is held, then takes it over and answers once."""
    fake, model = two.fake, two.model
    bot, port = two.start("crashing", RAG_BOT_LEASE_TTL_S="3")
    [port, other] = two.ready("crashing", "b")
    chat = 73_003
    marker = f"C{chat}"
    entered, release, gate = hold_first_request(marker)
    update = {"update_id": chat, "message": fake.user_message(chat, chat, f"{marker}-crash: tell me about Rex")}
    model.gate = gate
    try:
        def deliver() -> None:
            with contextlib.suppress(OSError):  # the instance dies mid-request
                post(port, update)

        delivery = threading.Thread(target=deliver, daemon=True)
        delivery.start()
        assert entered.wait(200), bot.log()
        bot.proc.kill()
        bot.proc.wait(60)
    finally:
        release.set()
        model.gate = None
    assert not answers(fake, chat)
    deliver_until_done(other, update, post(other, update))
    assert post(other, update) == 200
    assert len(answers(fake, chat)) == 1, [s.text for s in fake.sent_to(chat)]
