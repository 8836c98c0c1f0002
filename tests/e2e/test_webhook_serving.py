"""End to end: ``rag-bot telegram`` in webhook mode as a platform such as Cloud Run drives it, against the Bot API
stand-in: the port (``$PORT``) opens before the start-up work, ``/healthz`` and ``/readyz``, the refusal of several
instances without a shared secret, and the bounded stop on SIGTERM."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.stand_ins.firestore_emulator import free_port
from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, rag_bot_command

SECRET = "shared-secret_1"
SILENCE = "What was said about silence on 1969-01-23?"
ROUTER = "You classify ONE user message"


def request(port: int, path: str, body: dict | None = None, secret: str | None = None,
            timeout: float = 120.0) -> int | None:
    """The HTTP status of GET (no body) or POST (a JSON body) on 127.0.0.1:port; None when nothing listens. A
    delivery returns once its turn ended (the turn runs inside the request)."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if secret is not None:
        headers["X-Telegram-Bot-Api-Secret-Token"] = secret
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                                           headers=headers), timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (ConnectionError, urllib.error.URLError):
        return None


def wait_status(port: int, path: str, status: int, process: BotProcess, timeout: float = 180.0) -> None:
    """Poll until ``path`` answers ``status`` (the bot still running)."""
    deadline = time.monotonic() + timeout
    while request(port, path) != status:
        if process.proc.poll() is not None:
            raise AssertionError(f"the bot exited with {process.proc.returncode}:\n{process.log()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{path} never answered {status}:\n{process.log()}")
        time.sleep(0.1)


def webhook_bot(fake: FakeTelegram, workdir: Path, index_dir: Path, port: int, **env: str) -> BotProcess:
    return BotProcess(fake, workdir, index_dir, PORT=str(port), RAG_BOT_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                      RAG_BOT_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook",
                      RAG_BOT_TELEGRAM_WEBHOOK_SECRET=SECRET, **env)


def test_port_opens_first_and_readyz_follows_the_warm_up(sample_index, tmp_path):
    """The Bot API handshake (getMe, the first call of the start) is held: the listener already answers /healthz,
    /readyz and deliveries say 503; once released, /readyz turns 200 only after the warm-up (the commands are set
    after it) and the webhook's registration, and a delivery is answered with a citation."""
    port, configured = free_port(), free_port()
    with FakeTelegram() as fake:
        handshake = fake.hold("getMe")
        process = webhook_bot(fake, tmp_path, sample_index, port,
                              RAG_BOT_TELEGRAM_WEBHOOK_PORT=str(configured)).start(wait=False)
        try:
            wait_status(port, "/healthz", 200, process)
            assert request(port, "/readyz") == 503
            update = {"update_id": 7001, "message": fake.user_message(7001, 7001, SILENCE)}
            assert request(port, "/hook", update, SECRET) == 503  # not ready: Telegram delivers it again later
            assert request(port, "/hook", update, "wrong") == 403
            assert request(configured, "/healthz") is None  # $PORT wins over RAG_BOT_TELEGRAM_WEBHOOK_PORT
            assert fake.webhook is None and not fake.calls_of("setMyCommands")
            handshake.set()
            wait_status(port, "/readyz", 200, process)
            assert fake.calls_of("setMyCommands"), "ready before the warm-up ended"
            assert fake.webhook == {"url": f"http://127.0.0.1:{port}/hook", "secret_token": SECRET}
            assert request(port, "/hook", update, SECRET) == 200
            [reply] = fake.wait_sent(7001, 1)
            assert "[1]" in reply.text and reply.reply_to_message_id == update["message"]["message_id"]
            assert request(port, "/healthz") == 200
        finally:
            handshake.set()
            process.stop()
        assert process.proc.returncode == 0
        assert SECRET not in process.log()


def test_sigterm_during_start_up_exits_without_finishing_it(sample_index, tmp_path):
    """SIGTERM while the Bot API handshake is held (it would hold 120 s): the process exits 0 before it is
    released, without registering the webhook."""
    port = free_port()
    with FakeTelegram() as fake:
        handshake = fake.hold("getMe")
        process = webhook_bot(fake, tmp_path, sample_index, port).start(wait=False)
        try:
            wait_status(port, "/healthz", 200, process)
            fake.wait_calls("getMe")
            process.proc.send_signal(signal.SIGTERM)
            assert process.proc.wait(60) == 0, process.log()
            assert not handshake.is_set() and fake.webhook is None
        finally:
            handshake.set()
            process.stop()


@pytest.mark.parametrize("platform", [{"RAG_BOT_MULTI_INSTANCE": "true"}, {"K_SERVICE": "rag-bot"}])
def test_several_instances_without_a_shared_secret_refuse_to_start(tmp_path, platform):
    with FakeTelegram() as fake:
        bot = webhook_bot(fake, tmp_path, tmp_path / "index", free_port(), **platform)
        del bot.env["RAG_BOT_TELEGRAM_WEBHOOK_SECRET"]
        result = subprocess.run([*rag_bot_command(), "telegram"], env=bot.env, cwd=str(tmp_path),
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 2, result.stderr
        [sentence] = result.stderr.strip().splitlines()
        assert sentence.startswith("error: ") and "RAG_BOT_TELEGRAM_WEBHOOK_SECRET" in sentence
        assert not fake.calls_of("setWebhook"), "a secret was invented and registered"
        assert "Traceback" not in result.stderr + result.stdout


def test_a_failed_start_in_webhook_mode_is_one_sentence(tmp_path):
    """The listener was already open when the Bot API refused the token: the process still ends with one sentence
    (no log lines, no traceback) and exit 2."""
    with FakeTelegram() as fake:
        bot = webhook_bot(fake, tmp_path, tmp_path / "index", free_port())
        bot.env["TELEGRAM_BOT_TOKEN"] = "123:WRONG"
        result = subprocess.run([*rag_bot_command(), "telegram"], env=bot.env, cwd=str(tmp_path),
                                capture_output=True, text=True, timeout=300)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert result.returncode == 2 and len(lines) == 1, result.stdout + result.stderr
    assert lines[0].startswith("error: ") and "refused the bot token" in lines[0]


def slow_router(entered: threading.Event, release: threading.Event, returned: threading.Event):
    """A Gemini stand-in responder whose first routing request waits for ``release``."""
    from tests.stand_ins.gemini_api import text_response

    def responder(request):
        if request.system_text.startswith(ROUTER):
            if not entered.is_set():
                entered.set()
                release.wait(120)
                returned.set()
            return text_response("conversational")
        reply = text_response("Hello from the stand-in")
        return [reply] if request.action == "streamGenerateContent" else reply

    return responder


@pytest.mark.parametrize("released", [True, False], ids=["finished-within-grace", "abandoned-after-grace"])
def test_sigterm_stops_intake_and_bounds_the_turns_in_flight(sample_index, tmp_path, released):
    """SIGTERM while a turn waits for the model: new deliveries get 503 at once; a turn that finishes within the
    grace is answered (its delivery 200) and the process exits 0; one that does not is abandoned (logged, its
    delivery 503 so Telegram sends it again) and the process exits while the model request is still held (it would
    hold 120 s)."""
    from tests.stand_ins.gemini_api import GeminiStandIn

    entered, release, returned = threading.Event(), threading.Event(), threading.Event()
    port = free_port()
    index_dir = tmp_path / "index"
    shutil.copytree(sample_index, index_dir)
    with GeminiStandIn(api_key="test-key-sigterm", responder=slow_router(entered, release, returned)) as gemini, \
            FakeTelegram() as fake:
        process = webhook_bot(fake, tmp_path, index_dir, port, RAG_BOT_LLM_PROVIDER="gemini",
                              GOOGLE_API_KEY="test-key-sigterm", RAG_BOT_GEMINI_BASE_URL=gemini.base_url,
                              RAG_BOT_LLM_MAX_RETRIES="0", RAG_BOT_LLM_TIMEOUT_S="120",
                              RAG_BOT_SHUTDOWN_GRACE_S="60" if released else "1").start()
        try:
            wait_status(port, "/readyz", 200, process)
            slow = {"update_id": 8001, "message": fake.user_message(8001, 8001, "Hello there!")}
            status: list[int | None] = []
            delivery = threading.Thread(target=lambda: status.append(request(port, "/hook", slow, SECRET)))
            delivery.start()
            assert entered.wait(120), process.log()
            process.proc.send_signal(signal.SIGTERM)
            wait_status(port, "/readyz", 503, process)
            late = {"update_id": 8002, "message": fake.user_message(8002, 8002, "Hello again!")}
            assert request(port, "/hook", late, SECRET) == 503  # intake stopped: Telegram retries elsewhere
            if released:
                release.set()
                [answer] = fake.wait_sent(8001, 1)
                assert "Hello from the stand-in" in answer.text
            assert process.proc.wait(60) == 0, process.log()
            delivery.join(60)
            if not released:
                assert not returned.is_set(), "the process waited for the held model request"
                assert "abandoned (update ids 8001)" in process.log()
                assert not fake.sent_to(8001)
                assert status == [503], "an abandoned update must be delivered again"
            else:
                assert "abandoned" not in process.log()
                assert status == [200]
            assert not fake.sent_to(8002)
        finally:
            release.set()
            process.stop()
