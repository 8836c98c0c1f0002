"""Shared fixtures: isolated settings per test, the real embedded defaults, and what one session shares (the
sample corpus's and the fresh archive's indexes, one Chroma server, the Firestore emulator); ``--shuffle=SEED`` runs the tests in a seeded
random order (tests/random_order.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
for _key in ("GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN"):
    os.environ.pop(_key, None)

REPO = Path(__file__).resolve().parent.parent


def sample_corpus_env() -> dict[str, str]:
    """The sample corpus's vocabulary settings (data/corpus.env, as `make run` uses them)."""
    values = {}
    for line in (REPO / "data" / "corpus.env").read_text(encoding="utf-8").splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.lstrip().startswith("#"):
            values[key.strip()] = value.strip().strip('"')
    return values


# The tests ask about the sample corpus (talks): its vocabulary is set for this process and the CLI/bot processes
# it starts, before any settings are read.
for _key, _value in sample_corpus_env().items():
    os.environ.setdefault(_key, _value)

from rag_bot.agent import rules  # noqa: E402
from rag_bot.config import Settings  # noqa: E402
from tests.random_order import (  # noqa: E402, F401 - the hooks of the shuffled order
    pytest_addoption,
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_configure_node,
    pytest_report_header,
)

# Tests that call the rules without building an agent read the sample's terms, as an agent built here would.
rules.use_corpus_terms(Settings(_env_file=None).corpus_terms)


@pytest.fixture
def make_settings(tmp_path: Path):
    """Settings rooted in the test's temporary directory, with optional overrides."""

    def factory(**overrides) -> Settings:
        base = {
            "index_dir": tmp_path / "index",
            "sqlite_path": tmp_path / "memory.sqlite",
            "upload_dir": tmp_path / "uploads",
            "llm_provider": "extractive",
        }
        base.update(overrides)
        return Settings(_env_file=None, **base)

    return factory


@pytest.fixture
def settings(make_settings) -> Settings:
    return make_settings()

@pytest.fixture(scope="session")
def sample_index(tmp_path_factory) -> Path:
    """data/corpus ingested once per session (the embedded defaults); read it, or copy it where a test changes it."""
    from ingest.pipeline import ingest_paths

    index_dir = tmp_path_factory.getbasetemp() / "sample_index" / "index"
    summary = ingest_paths([REPO / "data" / "corpus"], Settings(_env_file=None, index_dir=index_dir), progress=False)
    assert summary.added and not summary.failed, summary
    return index_dir


@pytest.fixture(scope="session")
def fresh_index(tmp_path_factory) -> Path:
    """The fresh evaluation archive (notebooks/eval/fresh/corpus) ingested once per session; read it or copy it."""
    from ingest.pipeline import ingest_paths

    index_dir = tmp_path_factory.getbasetemp() / "fresh_index" / "index"
    summary = ingest_paths([REPO / "notebooks" / "eval" / "fresh" / "corpus"], Settings(_env_file=None,
                           index_dir=index_dir), progress=False)
    assert summary.added and not summary.failed, summary
    return index_dir


from tests.stand_ins.chroma_server import chroma_server, chroma_server_process  # noqa: E402, F401
from tests.stand_ins.firestore_emulator import firestore_emulator, firestore_project  # noqa: E402, F401
from tests.stand_ins.storage_emulator import storage_emulator, storage_emulator_process  # noqa: E402, F401
