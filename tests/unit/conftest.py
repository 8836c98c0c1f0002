"""The unit tier stays a unit tier: a test here that starts a process or opens a network connection fails.

Unit tests run the code in this process only (seconds for the whole tier). Anything that needs a subprocess, a
server (the stand-ins, the Firestore emulator, a Chroma server) or a socket belongs in ``tests/e2e``.
"""

from __future__ import annotations

import os
import socket
import subprocess

import pytest


class TierViolation(AssertionError):
    """A unit test reached for a process or the network."""


def _refuse(what: str):
    def refuse(*args, **kwargs):
        raise TierViolation(f"a test in tests/unit must not {what}; move it to tests/e2e")

    return refuse


@pytest.fixture(autouse=True)
def _no_process_no_network(monkeypatch):
    monkeypatch.setattr(subprocess.Popen, "__init__", _refuse("start a subprocess"))
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
        if hasattr(os, name):
            monkeypatch.setattr(os, name, _refuse("start a process"))
    monkeypatch.setattr(socket.socket, "connect", _refuse("open a network connection"))
    monkeypatch.setattr(socket.socket, "connect_ex", _refuse("open a network connection"))
    monkeypatch.setattr(socket.socket, "bind", _refuse("listen on a socket"))
    monkeypatch.setattr(socket, "create_connection", _refuse("open a network connection"))
