"""Bot API calls with bounded retries on flood limits (429 RetryAfter) and network errors."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram.error import BadRequest, Forbidden, InvalidToken, NetworkError, RetryAfter

log = logging.getLogger(__name__)
T = TypeVar("T")

ATTEMPTS = 5
MAX_RETRY_AFTER_S = 60.0
BACKOFF_S = 0.5


def _seconds(value) -> float:
    return float(value.total_seconds()) if hasattr(value, "total_seconds") else float(value)


async def with_retry(call: Callable[[], Awaitable[T]], *, what: str = "request", attempts: int = ATTEMPTS) -> T:
    """Await ``call()``; on RetryAfter wait the asked time, on NetworkError/TimedOut back off; at most ``attempts``.

    BadRequest / Forbidden / InvalidToken (subclasses of the same hierarchy) are not retried: they will not heal.
    """
    for attempt in range(1, attempts + 1):
        try:
            return await call()
        except RetryAfter as exc:
            if attempt == attempts:
                raise
            wait = min(_seconds(exc.retry_after), MAX_RETRY_AFTER_S)
            log.warning("%s: flood limit, retrying in %.1f s (attempt %d/%d)", what, wait, attempt, attempts)
            await asyncio.sleep(wait)
        except (BadRequest, Forbidden, InvalidToken):
            raise
        except NetworkError as exc:  # includes TimedOut
            if attempt == attempts:
                raise
            wait = BACKOFF_S * 2 ** (attempt - 1)
            log.warning("%s: %s: %s, retrying in %.1f s (attempt %d/%d)", what, type(exc).__name__, exc, wait,
                        attempt, attempts)
            await asyncio.sleep(wait)
    raise AssertionError("unreachable")
