"""The one door from ``rag_bot`` into ingestion: front ends and evaluation call these functions, never ``ingest``.

The ``ingest`` package registers its producer under the entry-point group ``rag_bot.ingestion`` (pyproject.toml):
``ingest_paths`` (files and folders), ``ingest_records`` (in-memory records, e.g. a BEIR corpus), ``ingest_blob``
(one file's bytes, e.g. an upload kept in a bucket) and ``suffixes`` (the formats it reads). So dependencies point
one way: ``ingest`` imports ``rag_bot``, ``rag_bot`` finds ingestion by name at run time. An install made before
the entry points existed falls back to the same names.
"""

from __future__ import annotations

import functools
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol

from rag_bot.config import Settings

GROUP = "rag_bot.ingestion"
_DEFAULTS = {"ingest_paths": "ingest.pipeline:ingest_paths", "ingest_records": "ingest.pipeline:ingest_records",
             "ingest_blob": "ingest.pipeline:ingest_blob", "suffixes": "ingest.loaders:SUPPORTED"}


@dataclass(frozen=True)
class Record:
    """One in-memory document to ingest: ``source`` names it (and is what a search hit's ``source`` says)."""

    source: str
    title: str
    text: str


class IngestReport(Protocol):
    """What an ingestion run reports: files that failed (path, reason), a summary sentence, the ``--json`` form."""

    failed: list[dict[str, str]]
    added: int
    chunks: int

    def describe(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


@functools.cache
def _registered(name: str) -> Any:
    found = [ep for ep in entry_points(group=GROUP) if ep.name == name]
    return found[0].load() if found else pkgutil.resolve_name(_DEFAULTS[name])


def ingest_paths(paths: Iterable[Path], settings: Settings, language: str = "auto", prune: bool = False,
                 progress: bool = True) -> IngestReport:
    """Ingest files and folders into ``settings.index_dir`` (new and changed files; with ``prune``, remove indexed
    files gone from these folders)."""
    report: IngestReport = _registered("ingest_paths")(list(paths), settings, language=language, prune=prune,
                                                        progress=progress)
    return report


def ingest_records(collection: str, records: Iterable[Record], settings: Settings,
                   progress: bool = True) -> IngestReport:
    """Ingest in-memory records as the collection ``collection`` (unchanged records are skipped)."""
    report: IngestReport = _registered("ingest_records")(collection, list(records), settings, progress=progress)
    return report


def ingest_blob(root: str, name: str, data: bytes, settings: Settings) -> IngestReport:
    """Ingest one file given as bytes, named ``name`` under ``root`` (where it is kept: a bucket location), so any
    instance that ingests the same bytes under the same name finds them unchanged."""
    report: IngestReport = _registered("ingest_blob")(root, name, data, settings)
    return report


def supported_suffixes() -> frozenset[str]:
    """File name suffixes ingestion reads (``.pdf``, ``.md``, ...)."""
    return frozenset(_registered("suffixes"))
