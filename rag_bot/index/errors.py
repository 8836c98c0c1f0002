"""What can go wrong with an index folder, each as one sentence a front end shows as it is."""

from __future__ import annotations

from pathlib import Path

from rag_bot.errors import UserError


class IndexBusy(UserError, RuntimeError):
    """Another ingestion holds the index (its folder, or the bucket location of a shared index)."""

    def __init__(self, root: Path | str) -> None:
        super().__init__(f"Another ingestion is running on {root}; try again when it ends.")


class NotAnIndex(UserError, ValueError):
    """The folder holds files the index did not write (a typo in ``--index-dir``): nothing in it is touched."""

    def __init__(self, root: Path, example: str) -> None:
        super().__init__(f"{root} is not an index folder and not empty ({example!r} is not an index file); point "
                         "--index-dir / RAG_BOT_INDEX_DIR at an index folder or at an empty or new one.")
        self.root = root


class IndexCorrupted(UserError, ValueError):
    """A file of the index fails its checksum or cannot be parsed; ``rag-bot index repair`` rebuilds it."""

    def __init__(self, root: Path, what: str) -> None:
        super().__init__(f"The index in {root} is damaged ({what}); run `rag-bot index repair --index-dir {root}` "
                         "or ingest the folder again to rebuild it.")
        self.root = root
        self.what = what


class IndexDiskFull(UserError, OSError):
    """No space left while writing: the index keeps answering from what was committed before."""

    def __init__(self, root: Path) -> None:
        super().__init__(f"The disk holding {root} is full (the index keeps 32 MB free for its own upkeep); the "
                         "index still answers from what it held before this run (files already committed are kept): "
                         "free some space and ingest again.")
        self.root = root
