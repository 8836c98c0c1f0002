"""Admin document uploads: checked, stored under ``settings.upload_dir`` and ingested like ``rag-bot ingest``; with
a shared index (``index_bucket``) stored in its bucket by content hash instead (:mod:`rag_bot.index.shared_uploads`).

Who may upload: administrators (``RAG_BOT_TELEGRAM_ADMIN_IDS``). In a private chat anyone else is told so; in a
group a document is only considered when the bot is addressed (its caption mentions the bot, or it replies to the
bot), and a non-admin's document is ignored silently - a group's shared files are not requests to the bot.

Names: an upload keeps a readable name - Unicode letters and digits stay ("वार्ता 1.md"), anything else becomes
``_``, control characters are cleaned (:func:`rag_bot.safe_text.clean_line`), only the last path component is
used, and the stored file never leaves the upload folder. Names are unique: a different document with a name
already taken is stored as "name (2).md", "name (3).md", ...; the same content under the same name is the same
file (sending a document twice re-ingests nothing). The stored name is the source that answers cite.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import os
import re
import tempfile
import unicodedata
from pathlib import Path

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from rag_bot.frontends.telegram.chats import addressed, backend_of, ui_language
from rag_bot.frontends.telegram.sending import send_text, with_retry
from rag_bot.frontends.telegram.texts import t
from rag_bot.index.bucket import Bucket
from rag_bot.index.shared_uploads import claim_upload, uploads_root
from rag_bot.ingestion import ingest_blob, supported_suffixes
from rag_bot.safe_text import clean_line

log = logging.getLogger(__name__)

ALLOWED_SUFFIXES = tuple(sorted(supported_suffixes()))  # what ingestion reads: one list
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")  # read with OCR, under RAG_BOT_MAX_IMAGE_MB
_KEPT_PUNCTUATION = set(" ._-()")
_JOINERS = {"\u200c", "\u200d"}  # ZWNJ / ZWJ shape Devanagari conjuncts
_RUNS = re.compile(r"([ _])[ _]+")
MAX_STEM_BYTES = 150  # + " (NNN)" + suffix stays well under the 255-byte file-name limit
MAX_COPIES = 1000
_ABSOLUTE_PATH = re.compile(r"(?<![\w.~])/(?:[^\s/'\"()<>:,;]+/)+[^\s/'\"()<>:,;]*")


def _kept(char: str) -> bool:
    return unicodedata.category(char)[0] in "LMN" or char in _KEPT_PUNCTUATION or char in _JOINERS


def upload_name(name: str | None) -> str | None:
    """A readable, harmless file name from a user-supplied one, or None when nothing usable is left.

    Keeps the last path component (``/`` and ``\\`` separators), Unicode letters, marks and digits, spaces and
    ``._-()``; everything else becomes ``_``; leading dots go (no hidden files, no ``..``); the suffix is
    lower-cased and the stem capped at :data:`MAX_STEM_BYTES` bytes of UTF-8.
    """
    if not name:
        return None
    base = clean_line(unicodedata.normalize("NFKC", name)).replace("\\", "/").split("/")[-1]
    base = "".join(char if _kept(char) else "_" for char in base)
    base = _RUNS.sub(r"\1", base).strip(" ._-")
    stem, dot, suffix = base.rpartition(".")
    stem = stem.strip(" ._-")
    if not dot or not stem or not suffix.isascii() or not suffix.isalnum() or len(suffix) > 10:
        return None
    encoded = stem.encode("utf-8")[:MAX_STEM_BYTES]
    stem = encoded.decode("utf-8", errors="ignore").rstrip(" ._-") or "upload"
    return f"{stem}.{suffix.lower()}"


def is_admin(settings, user_id: int | None) -> bool:
    return user_id is not None and user_id in set(settings.telegram_admin_ids)


def without_paths(text: str, *folders: Path) -> str:
    """``text`` (an error or a summary) with server paths reduced to file names: what an admin needs to know
    is which document failed and why, not where the server keeps it."""
    known = sorted({str(p) for folder in folders for p in (Path(folder), Path(folder).resolve())}, key=len,
                   reverse=True)
    for folder in known:
        if folder not in ("", ".", "/"):
            text = text.replace(folder + os.sep, "").replace(folder, "…")
    text = _ABSOLUTE_PATH.sub(lambda match: Path(match.group()).name or "…", text)
    return clean_line(text) if "\n" not in text else "\n".join(clean_line(line) for line in text.splitlines())


async def upload(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Handle a document or photo message: the rules of the module docstring, then type and size checks, store,
    ingest (a photo, the largest size Telegram offers, as ``photo_<id>.jpg``: read with OCR)."""
    message = update.effective_message
    document = message.document if message is not None else None
    photo = message.photo[-1] if document is None and message is not None and message.photo else None
    document = document if document is not None else photo
    if document is None or update.effective_chat is None:
        return
    backend = backend_of(context)
    settings = backend.settings
    chat_id = update.effective_chat.id
    private = update.effective_chat.type == ChatType.PRIVATE
    user = update.effective_user
    if not private and addressed(message, context.bot.username, context.bot.id) is None:
        return  # a file shared in the group, not sent to the bot
    if not is_admin(settings, user.id if user else None):
        log.info("ignored an upload from non-admin user %s in chat %s", user.id if user else None, chat_id)
        if private:
            language = await ui_language(context, update, message.caption or "")
            await send_text(context, chat_id, t(language, "not_admin"), reply_to=message.message_id,
                            language=language)
        return
    language = await ui_language(context, update, message.caption or "")
    name = upload_name(f"photo_{photo.file_unique_id}.jpg" if photo is not None else document.file_name)
    if name is None:
        await send_text(context, chat_id, t(language, "bad_name"), reply_to=message.message_id, language=language)
        return
    if not name.lower().endswith(ALLOWED_SUFFIXES):
        types = ", ".join(s.lstrip(".").upper() for s in ALLOWED_SUFFIXES)
        await send_text(context, chat_id, t(language, "bad_type", types=types), reply_to=message.message_id,
                        language=language)
        return
    limit_bytes, limit, mb = settings.telegram_max_upload_mb * 1024 * 1024, settings.telegram_max_upload_mb, 1048576
    if name.lower().endswith(IMAGE_SUFFIXES):  # decoded for OCR: their own limit (decimal MB, as ingestion says)
        limit_bytes, limit, mb = settings.max_image_mb * 1_000_000, settings.max_image_mb, 1_000_000
    if document.file_size is not None and document.file_size > limit_bytes:
        await send_text(context, chat_id, t(language, "too_big", size=document.file_size / mb, limit=limit),
                        reply_to=message.message_id, language=language)
        return

    await send_text(context, chat_id, t(language, "ingesting", name=name), reply_to=message.message_id,
                    language=language)
    file = await with_retry(lambda: document.get_file(), what="getFile")
    data = bytes(await with_retry(lambda: file.download_as_bytearray(), what="download"))
    if len(data) > limit_bytes:  # the declared size may be missing or wrong
        await send_text(context, chat_id, t(language, "too_big", size=len(data) / mb, limit=limit),
                        language=language)
        return
    upload_dir = Path(settings.upload_dir)
    if settings.index_bucket:  # one index for all instances: kept in its bucket by content hash
        target = Path(await asyncio.to_thread(claim_shared, settings.index_bucket, name, data,
                                              settings.index_bucket_retry_s))
        ingest = functools.partial(ingest_blob, uploads_root(settings.index_bucket), target.name, data, settings)
    else:
        target = store_upload(upload_dir, name, data)
        ingest = functools.partial(backend.ingest_upload, target)
    log.info("admin %s uploaded %s (%d bytes)", user.id, target, len(data))

    from rag_bot.index.errors import IndexBusy

    folders = (upload_dir, Path(settings.index_dir), Path.cwd(), Path.home())
    try:
        summary = await (asyncio.to_thread(ingest) if settings.index_bucket else ingest())
    except IndexBusy:
        await send_text(context, chat_id, t(language, "busy"), language=language)
        return
    except Exception as exc:
        log.exception("ingesting upload %s failed", target)
        reason = without_paths(f"{type(exc).__name__}: {exc}", *folders)[:300]
        await send_text(context, chat_id, t(language, "ingest_failed", name=target.name, reason=reason),
                        language=language)
        return
    if summary.failed:
        reason = "; ".join(without_paths(str(failure.get("reason")), *folders) for failure in summary.failed)
        await send_text(context, chat_id, t(language, "ingest_failed", name=target.name, reason=reason[:300]),
                        language=language)
        return
    await send_text(context, chat_id, t(language, "ingested", name=target.name,
                                        summary=without_paths(summary.describe(), *folders)), language=language)


def claim_shared(location: str, name: str, data: bytes, retry_s: float) -> str:
    """Store an upload in the shared index's bucket (:mod:`rag_bot.index.shared_uploads`); the name it holds."""
    return claim_upload(Bucket(location, retry_s), name, data)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def store_upload(directory: Path, name: str, data: bytes) -> Path:
    """Store ``data`` as ``directory/name`` - or "stem (2).suffix", ... when that name holds another document.

    The same content under a name already stored returns that file (nothing is written). A name is claimed
    atomically (a hard link of the fully written temporary file, which fails if the name exists), so two
    uploads at once never replace each other; nothing is ever written outside ``directory``.
    """
    directory.mkdir(parents=True, exist_ok=True)
    root = directory.resolve()
    stem, _, suffix = name.rpartition(".")
    wanted = _digest(data)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".upload-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        for copy in range(1, MAX_COPIES + 1):
            candidate = name if copy == 1 else f"{stem} ({copy}).{suffix}"
            target = (directory / candidate).resolve()
            if target.parent != root:
                raise ValueError(f"refusing to write outside {directory}")
            try:
                os.link(tmp, target)
                return target
            except FileExistsError:
                if target.is_file() and _file_digest(target) == wanted:
                    return target  # this very document was uploaded before under this name
        raise ValueError(f"more than {MAX_COPIES} different documents are named {name}")
    finally:
        Path(tmp).unlink(missing_ok=True)
