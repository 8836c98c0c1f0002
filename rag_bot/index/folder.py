"""The layout of an index folder: the names the index writes, and whether a folder is an index at all.

An index folder holds ``manifest.json`` (the commit record), ``manifest.map`` (its readers' map),
``manifest.backup.json`` (the manifest as the last
completed run left it), ``settled.json``, ``.ingest.lock``, ``shared.json`` (a shared index's local copy: the
generation it holds), ``chroma/`` (embedded Chroma), ``keyword/`` and ``dense/`` (:mod:`rag_bot.index.dense`), plus
the temporary files of durable writes (``.manifest.json.<8 hex>``...). Nothing else is the index's: a folder
holding other files is refused by the writer, and readers never create anything in it.
"""

from __future__ import annotations

import os
from pathlib import Path

from rag_bot.index.durable import is_temporary
from rag_bot.index.errors import IndexCorrupted, NotAnIndex
from rag_bot.index.manifest import NAME, Manifest, ManifestError, has_checksum

SETTLED = "settled.json"  # whether the last run ended with the stores in agreement
BACKUP = "manifest.backup.json"  # the manifest as the last run that ended left it: the way back from a damaged one
LOCK = ".ingest.lock"
SHARED = "shared.json"  # with a shared index: the generation this local copy holds (rag_bot.index.shared)
MAP = "manifest.map"  # the readers' map of the manifest (rag_bot.index.committed)
OWN_NAMES = frozenset({NAME, BACKUP, SETTLED, LOCK, SHARED, MAP, "chroma", "keyword", "dense"})


def check_folder(root: Path) -> bool:
    """Whether ``root`` holds an index (False: it is new or empty); :class:`NotAnIndex` when it holds anything else,
    :class:`IndexCorrupted` when its manifest is this index's but damaged (then a repair is the way back)."""
    if not root.exists():
        return False
    if not root.is_dir():
        raise NotAnIndex(root, root.name)
    names = sorted(os.listdir(root))
    if NAME in names:
        try:
            if not has_checksum(root / NAME):  # ours (damage shows when it is read); else parse it to be sure
                Manifest.load(root / NAME)
        except ManifestError as exc:
            if exc.checked or any(n in names for n in ("chroma", "keyword", SETTLED, BACKUP)):
                raise IndexCorrupted(root, str(exc)) from None
            raise NotAnIndex(root, NAME) from None
        return True
    foreign = [n for n in names if n not in OWN_NAMES and not own_temporary(n)]
    if foreign:
        raise NotAnIndex(root, foreign[0])
    return bool(names)


def own_temporary(name: str) -> bool:
    """Whether ``name`` is a temporary file of the index's own durable writes in its folder (a crash leftover)."""
    return any(is_temporary(name, of) for of in (NAME, BACKUP, SETTLED, SHARED, MAP))
