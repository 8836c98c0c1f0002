"""The one error a loader raises."""

from __future__ import annotations


class LoadError(Exception):
    """A file that cannot be ingested; ``str(error)`` is the reason shown to the user."""
