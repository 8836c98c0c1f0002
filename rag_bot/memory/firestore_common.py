"""What the Firestore checkpointer and the Firestore settings store share: safe document ids and one
translation of transport failures into :class:`~rag_bot.memory.errors.MemoryUnavailableError`."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager

from google.api_core import exceptions as gexc

from rag_bot.memory.errors import MemoryUnavailableError

_MAX_ID_BYTES = 1400  # Firestore document ids are at most 1500 bytes

_UNAVAILABLE = (
    gexc.ServiceUnavailable,
    gexc.DeadlineExceeded,
    gexc.RetryError,
    gexc.InternalServerError,
    gexc.Unknown,
    gexc.Unauthenticated,
    gexc.PermissionDenied,
    TimeoutError,
    ConnectionError,
)


def encode_id(value: str) -> str:
    """An arbitrary string as a safe Firestore document id (reversible, no "/", never "." or "__x__")."""
    encoded = "k" + base64.urlsafe_b64encode(value.encode("utf-8")).decode("ascii").rstrip("=")
    if len(encoded) > _MAX_ID_BYTES:
        raise ValueError(f"id too long for Firestore ({len(value)} characters): {value[:40]!r}...")
    return encoded


def decode_id(encoded: str) -> str:
    """Inverse of :func:`encode_id`."""
    body = encoded[1:]
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("utf-8")


def translate_error(exc: BaseException) -> MemoryUnavailableError:
    if isinstance(exc, gexc.PermissionDenied | gexc.Unauthenticated):
        message = (
            "The conversation memory (Firestore) refused access: check the project, database and "
            "credentials of the bot."
        )
    else:
        message = (
            "The conversation memory (Firestore) cannot be reached right now, so this chat could not be "
            "saved or loaded; please try again in a minute."
        )
    return MemoryUnavailableError(message, detail=f"{type(exc).__name__}: {exc}", backend="firestore")


@contextmanager
def firestore_errors() -> Iterator[None]:
    """Turn Firestore transport and credential failures into ``MemoryUnavailableError``."""
    try:
        yield
    except MemoryUnavailableError:
        raise
    except _UNAVAILABLE as exc:
        raise translate_error(exc) from exc
    except Exception as exc:  # google.auth errors, grpc errors without the api_core wrapper
        module = type(exc).__module__
        if module.startswith(("google.auth", "grpc")):
            raise translate_error(exc) from exc
        raise
