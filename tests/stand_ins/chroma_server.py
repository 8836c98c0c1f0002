"""One real ``chroma run`` server per test session; every test that asks for ``chroma_server`` gets it empty.

Starting the server costs seconds of CPU (and more on a loaded machine), so the process is shared
(``chroma_server_process``, session scope) and ``chroma_server`` deletes every collection before handing its URL to
a test: the test sees a fresh server, as if it had started its own.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.stand_ins.process_group import stop_group

START_TIMEOUT_S = 120.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def chroma_server_process(tmp_path_factory) -> Iterator[str]:
    """The session's ``chroma run`` server (its own process group, data in a session folder); yields its URL."""
    chroma = Path(sys.executable).parent / "chroma"
    if not chroma.exists():
        pytest.fail(f"the chroma CLI is missing at {chroma}: install the project (make install-dev)")
    port = free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen([str(chroma), "run", "--host", "127.0.0.1", "--port", str(port), "--path", str(data)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not answers(url):
            if proc.poll() is not None:
                pytest.fail("chroma server exited at start")
            if time.monotonic() > deadline:
                pytest.fail(f"chroma server did not answer within {START_TIMEOUT_S:.0f} s")
            time.sleep(0.2)  # polling the heartbeat, not a wait for a guessed time
        yield url
    finally:
        stop_group(proc)


@pytest.fixture
def chroma_server(chroma_server_process: str) -> str:
    """The session's Chroma server with no collection in it (what an earlier test made is deleted); its URL."""
    import chromadb

    parts = urlsplit(chroma_server_process)
    client = chromadb.HttpClient(host=parts.hostname, port=parts.port,
                                 settings=chromadb.config.Settings(anonymized_telemetry=False))
    for collection in client.list_collections():
        client.delete_collection(getattr(collection, "name", collection))
    assert client.list_collections() == []
    return chroma_server_process
