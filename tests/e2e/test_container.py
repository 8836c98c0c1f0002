"""The container image end to end (its own CI step, ``make test-container``; ``make test`` leaves it out with
``-m "not container"``): build it with deploy/build_image.sh (podman + runc, a debootstrap base, no registry),
ingest the sample corpus into a volume, ask one question, run the webhook bot against the Bot API stand-in on the
host (``--network=host``) and stop it with SIGTERM.

Nothing is skipped: when podman cannot be installed or run, the build step fails with deploy/ensure_tools.sh's
sentence. The start-up figures (container start to port open, to ready) are printed, not asserted.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import uuid

import pytest

from tests.conftest import REPO, sample_corpus_env
from tests.e2e.test_webhook_serving import request
from tests.stand_ins.firestore_emulator import free_port
from tests.stand_ins.telegram_api import FakeTelegram

pytestmark = pytest.mark.container

IMAGE = os.environ.get("RAG_BOT_TEST_IMAGE", "localhost/rag-bot:latest")
SECRET = "container-secret_1"
SILENCE = "What was said about silence on 1969-01-23?"


def podman(*args: str, timeout: float = 600, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "CONTAINERS_CONF": os.environ.get("CONTAINERS_CONF", str(REPO / "deploy" / "containers.conf"))}
    result = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=timeout, env=env)
    if check and result.returncode != 0:
        raise AssertionError(f"podman {' '.join(args[:2])} failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return result


@pytest.fixture(scope="module")
def image() -> str:
    """The image, built (or found up to date in podman's layer cache) by the project's own script."""
    started = time.monotonic()
    result = subprocess.run([str(REPO / "deploy" / "build_image.sh"), IMAGE], capture_output=True, text=True,
                            timeout=3600)
    assert result.returncode == 0, f"deploy/build_image.sh failed:\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    size = int(podman("image", "inspect", "--format", "{{.Size}}", IMAGE).stdout.strip())
    print(f"\nimage {IMAGE}: {size / 1e6:.0f} MB, build step {time.monotonic() - started:.1f} s")
    return IMAGE


@pytest.fixture
def volume():
    name = f"rag-bot-test-{uuid.uuid4().hex[:8]}"
    podman("volume", "create", name)
    yield name
    podman("volume", "rm", "-f", name, check=False)


def vocabulary() -> list[str]:
    return [arg for key, value in sample_corpus_env().items() for arg in ("-e", f"{key}={value}")]


def test_image_ingests_answers_and_serves_the_bot(image, volume):
    data = ["-v", f"{volume}:/data"]
    ingest = podman("run", "--rm", "--network=none", *data, "-v", f"{REPO / 'data' / 'corpus'}:/corpus:ro",
                    *vocabulary(), image, "ingest", "/corpus", timeout=900)
    assert "15" in ingest.stdout + ingest.stderr, ingest.stdout + ingest.stderr
    asked = podman("run", "--rm", "--network=none", *data, *vocabulary(), "-e", "RAG_BOT_LLM_PROVIDER=extractive",
                   image, "ask", SILENCE, timeout=300)
    assert "[1]" in asked.stdout, asked.stdout + asked.stderr
    user = podman("run", "--rm", "--network=none", "--entrypoint", "id", image, "-u").stdout.strip()
    assert user != "0", "the image runs as root"

    name = f"rag-bot-bot-{uuid.uuid4().hex[:8]}"
    port = free_port()
    with FakeTelegram() as fake:
        env = {"TELEGRAM_BOT_TOKEN": fake.token, "RAG_BOT_TELEGRAM_BASE_URL": fake.base_url,
               "RAG_BOT_TELEGRAM_BASE_FILE_URL": fake.base_file_url, "PORT": str(port),
               "RAG_BOT_TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
               "RAG_BOT_TELEGRAM_WEBHOOK_URL": f"http://127.0.0.1:{port}/hook",
               "RAG_BOT_TELEGRAM_WEBHOOK_SECRET": SECRET, "RAG_BOT_MULTI_INSTANCE": "false",
               "RAG_BOT_LLM_PROVIDER": "extractive"}
        started = time.monotonic()
        bot = subprocess.Popen(["podman", "run", "--name", name, "--network=host", *data, *vocabulary(),
                                *[arg for key, value in env.items() for arg in ("-e", f"{key}={value}")],
                                image, "telegram"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env={**os.environ, "CONTAINERS_CONF": str(REPO / "deploy" / "containers.conf")})
        try:
            port_open = ready = None
            deadline = started + 300
            while ready is None and time.monotonic() < deadline and bot.poll() is None:
                if port_open is None and request(port, "/healthz") == 200:
                    port_open = time.monotonic() - started
                if port_open is not None and request(port, "/readyz") == 200:
                    ready = time.monotonic() - started
                time.sleep(0.05)
            assert ready is not None, f"the bot never became ready:\n{podman('logs', name, check=False).stdout}"
            print(f"\ncontainer start -> port open {port_open:.2f} s, -> ready {ready:.2f} s")
            update = {"update_id": 1, "message": fake.user_message(5005, 5005, SILENCE)}
            assert request(port, "/hook", update, SECRET) == 200
            [reply] = fake.wait_sent(5005, 1, timeout=120)
            assert "[1]" in reply.text
            stopped = podman("stop", "--time", "30", name, timeout=120)  # SIGTERM, then SIGKILL after 30 s
            assert stopped.returncode == 0
            state = json.loads(podman("inspect", "--format", "{{json .State}}", name).stdout)
            assert state["ExitCode"] == 0, podman("logs", name, check=False).stdout
        finally:
            podman("rm", "-f", name, check=False)
            bot.wait(60)
        log = bot.stdout.read().decode(errors="replace") if bot.stdout else ""
        assert "Traceback" not in log and SECRET not in log and fake.token not in log, log
