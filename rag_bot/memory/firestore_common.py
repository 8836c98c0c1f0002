"""What the Firestore checkpointer and the Firestore settings store share: clients whose gRPC channels recover
quickly after an outage, safe document ids, and one translation of transport failures into
:class:`~rag_bot.memory.errors.MemoryUnavailableError`."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc
from google.api_core import exceptions as gexc
from google.cloud import firestore
from google.cloud.firestore_v1.services.firestore import async_client as gapic_async
from google.cloud.firestore_v1.services.firestore import client as gapic_sync
from google.cloud.firestore_v1.services.firestore.transports import grpc as sync_transport
from google.cloud.firestore_v1.services.firestore.transports import grpc_asyncio as async_transport

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


# gRPC's reconnect back-off starts at 1 s and grows x1.6 up to 120 s: after an outage the next reconnect may be long
# after the store came back, and every call until then fails at once with UNAVAILABLE (docs/architecture.md,
# Memory, has the observed case). Capped at 1 s, the channel reconnects within about a second of the store's return,
# inside any call's deadline. A new client alone does not help: gRPC shares
# one subchannel (and its back-off) between all channels with the same target and arguments - a brand-new client
# failed the same way - so our channels also keep a subchannel pool of their own.
CHANNEL_OPTIONS: list[tuple[str, Any]] = [
    ("grpc.initial_reconnect_backoff_ms", 250),
    ("grpc.min_reconnect_backoff_ms", 250),
    ("grpc.max_reconnect_backoff_ms", 1000),
    ("grpc.use_local_subchannel_pool", 1),
]
_MESSAGE_SIZE_OPTIONS = [("grpc.max_send_message_length", -1), ("grpc.max_receive_message_length", -1)]


def _with_our_options(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {**kwargs, "options": [*(kwargs.get("options") or ()), *CHANNEL_OPTIONS]}


class _GrpcTransport(sync_transport.FirestoreGrpcTransport):
    @classmethod
    def create_channel(cls, *args: Any, **kwargs: Any) -> Any:
        return super().create_channel(*args, **_with_our_options(kwargs))


class _GrpcAsyncIOTransport(async_transport.FirestoreGrpcAsyncIOTransport):
    @classmethod
    def create_channel(cls, *args: Any, **kwargs: Any) -> Any:
        return super().create_channel(*args, **_with_our_options(kwargs))


class _ChannelOptions:
    """Mixin for the Firestore clients: every channel they open carries :data:`CHANNEL_OPTIONS`.

    The library builds its channel in two private hooks (``_firestore_api`` picks the transport class,
    ``_emulator_channel`` opens the emulator's insecure channel); these overrides only add options to them.
    """

    _transport_class: type
    _gapic_module: Any

    @property
    def _firestore_api(self) -> Any:
        gapic = self._gapic_module
        gapic_class = gapic.FirestoreAsyncClient if gapic is gapic_async else gapic.FirestoreClient
        return self._firestore_api_helper(self._transport_class, gapic_class, gapic)

    def _emulator_channel(self, transport: type) -> Any:
        token = getattr(self._credentials, "id_token", None) or "owner"
        options = [("Authorization", f"Bearer {token}"), *_MESSAGE_SIZE_OPTIONS, *CHANNEL_OPTIONS]
        if issubclass(transport, async_transport.FirestoreGrpcAsyncIOTransport):
            return grpc.aio.insecure_channel(self._emulator_host, options=options)
        return grpc.insecure_channel(self._emulator_host, options=options)


class Client(_ChannelOptions, firestore.Client):
    """``firestore.Client`` whose channel reconnects within a second after an outage (see CHANNEL_OPTIONS)."""

    _transport_class = _GrpcTransport
    _gapic_module = gapic_sync


class AsyncClient(_ChannelOptions, firestore.AsyncClient):
    """``firestore.AsyncClient`` whose channel reconnects within a second after an outage."""

    _transport_class = _GrpcAsyncIOTransport
    _gapic_module = gapic_async


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
