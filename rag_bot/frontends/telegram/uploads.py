"""Admin document uploads: checked, stored under ``settings.upload_dir`` and ingested like ``rag-bot ingest``."""

from __future__ import annotations

import logging
import os
import re
import tempfile
import unicodedata
from pathlib import Path

from telegram import Update
from telegram.ext import ContextTypes

from rag_bot.frontends.telegram.handlers import backend_of, send_text, t, ui_language
from rag_bot.frontends.telegram.sending import with_retry

log = logging.getLogger(__name__)

ALLOWED_SUFFIXES = (".pdf", ".html", ".htm", ".docx", ".md", ".txt")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_filename(name: str | None) -> str | None:
    """A harmless file name from a user-supplied one, or None.

    Keeps only the last path component (``/`` and ``\\`` separators), transliterates nothing but drops
    everything outside ``[A-Za-z0-9._-]``, strips leading dots (no hidden files, no ``..``), caps the length.
    """
    if not name:
        return None
    base = unicodedata.normalize("NFKC", name).replace("\\", "/").split("/")[-1]
    base = _UNSAFE.sub("_", base).strip("._-")
    base = re.sub(r"_+", "_", base)
    if not base or base in {".", ".."}:
        return None
    stem, dot, suffix = base.rpartition(".")
    if not dot or not stem.strip("._-"):
        return None
    stem = stem[:100].rstrip("._-") or "upload"
    return f"{stem}.{suffix.lower()}"


def is_admin(settings, user_id: int | None) -> bool:
    return user_id is not None and user_id in set(settings.telegram_admin_ids)


async def upload(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Handle a document message: refuse non-admins (nothing written), check type and size, store, ingest."""
    message = update.effective_message
    document = message.document if message is not None else None
    if document is None:
        return
    backend = backend_of(context)
    settings = backend.settings
    chat_id = update.effective_chat.id
    user = update.effective_user
    language = await ui_language(context, update, message.caption or "")
    if not is_admin(settings, user.id if user else None):
        log.info("refused an upload from non-admin user %s", user.id if user else None)
        await send_text(context, chat_id, t(language, "not_admin"), reply_to=message.message_id, language=language)
        return
    name = safe_filename(document.file_name)
    if name is None:
        await send_text(context, chat_id, t(language, "bad_name"), reply_to=message.message_id, language=language)
        return
    if not name.lower().endswith(ALLOWED_SUFFIXES):
        types = ", ".join(s.lstrip(".").upper() for s in ALLOWED_SUFFIXES)
        await send_text(context, chat_id, t(language, "bad_type", types=types), reply_to=message.message_id,
                        language=language)
        return
    limit_bytes = settings.telegram_max_upload_mb * 1024 * 1024
    if document.file_size is not None and document.file_size > limit_bytes:
        await send_text(context, chat_id, t(language, "too_big", size=document.file_size / 1048576,
                                            limit=settings.telegram_max_upload_mb),
                        reply_to=message.message_id, language=language)
        return

    await send_text(context, chat_id, t(language, "ingesting", name=name), reply_to=message.message_id,
                    language=language)
    file = await with_retry(lambda: document.get_file(), what="getFile")
    data = bytes(await with_retry(lambda: file.download_as_bytearray(), what="download"))
    if len(data) > limit_bytes:  # the declared size may be missing or wrong
        await send_text(context, chat_id, t(language, "too_big", size=len(data) / 1048576,
                                            limit=settings.telegram_max_upload_mb), language=language)
        return
    target = store_upload(Path(settings.upload_dir), name, data)
    log.info("admin %s uploaded %s (%d bytes)", user.id, target, len(data))

    from rag_bot.index.store import IndexBusy

    try:
        summary = await backend.ingest_upload(target)
    except IndexBusy:
        await send_text(context, chat_id, t(language, "busy"), language=language)
        return
    except Exception:
        log.exception("ingesting upload %s failed", target)
        await send_text(context, chat_id, t(language, "ingest_failed", name=name), language=language)
        return
    await send_text(context, chat_id, t(language, "ingested", name=name, summary=summary.describe()),
                    language=language)


def store_upload(directory: Path, name: str, data: bytes) -> Path:
    """Write ``data`` to ``directory/name`` atomically (temporary file + rename); never outside ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    target = (directory / name).resolve()
    if target.parent != directory.resolve():
        raise ValueError(f"refusing to write outside {directory}")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".upload-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
