"""What is indexed: one record per source file (content hash, chunk ids, documents). The commit point of ingestion."""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

MANIFEST_VERSION = 1


@dataclass
class FileRecord:
    """One ingested source file."""

    content_hash: str
    chunk_ids: list[str]
    documents: list[dict[str, Any]] = field(default_factory=list)
    size: int = 0
    root: str = ""
    chunking: str = ""  # chunker version and budget the chunks were made with


@dataclass
class Manifest:
    """All files in the index and the embedding model their vectors came from."""

    embedding_model: str | None = None
    files: dict[str, FileRecord] = field(default_factory=dict)

    def chunk_ids(self) -> set[str]:
        return {cid for rec in self.files.values() for cid in rec.chunk_ids}

    @classmethod
    def load(cls, path: Path) -> Manifest:
        if not path.exists():
            return cls()
        data = json.loads(path.read_text(encoding="utf-8"))
        files = {src: FileRecord(**rec) for src, rec in data.get("files", {}).items()}
        return cls(embedding_model=data.get("embedding_model"), files=files)

    def save(self, path: Path) -> None:
        """Atomic write: a temporary file, fsync, then ``os.replace``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}")
        payload = {
            "version": MANIFEST_VERSION,
            "embedding_model": self.embedding_model,
            "files": {src: asdict(rec) for src, rec in sorted(self.files.items())},
        }
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
