"""The unit tier's guard itself (tests/unit/conftest.py): processes and sockets are refused here."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

import pytest

from tests.unit.conftest import TierViolation


def test_a_subprocess_is_refused():
    with pytest.raises(TierViolation, match="subprocess"):
        subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_a_connection_and_a_listener_are_refused():
    with socket.socket() as sock, pytest.raises(TierViolation, match="network connection"):
        sock.connect(("127.0.0.1", 9))
    with socket.socket() as sock, pytest.raises(TierViolation, match="listen"):
        sock.bind(("127.0.0.1", 0))
    with pytest.raises(TierViolation):
        socket.create_connection(("127.0.0.1", 9))


async def test_an_event_loop_still_works():
    """asyncio's own self-pipe (a socketpair) is not a network connection: async unit tests keep running."""
    await asyncio.sleep(0)
    assert await asyncio.to_thread(lambda: 42) == 42
