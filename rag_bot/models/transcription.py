"""Speech to text with the generative model: a voice question is sent inline to Gemini, which writes it down.

The answer model (``answer_model``) gets the audio as one inline part next to a short instruction; its reply is the
transcript, collapsed to one line. Failures are the chat models' typed errors (:mod:`rag_bot.models.chat`).
"""

from __future__ import annotations

import base64
import struct

from langchain_core.messages import HumanMessage, SystemMessage

from rag_bot.config import Settings
from rag_bot.models.chat import make_gemini_chat

INSTRUCTION = ("Transcribe the spoken question in this audio exactly as said, in the language and script it is "
               "spoken in. Reply with the transcript only, on one line; reply with nothing if no words are spoken.")
_OPUS_RATE = 48_000  # Opus granule positions count 48 kHz samples whatever the input rate


def ogg_opus_seconds(data: bytes) -> float | None:
    """The duration of an Ogg/Opus file from its own pages (the last page's granule position less the header's
    pre-skip), or None when ``data`` is not one: what the file holds, whatever its sender declared."""
    if data[:4] != b"OggS":
        return None
    head = data.find(b"OpusHead", 0, 512)
    last = data.rfind(b"OggS")
    if head < 0 or last < 0 or len(data) < last + 14 or len(data) < head + 12:
        return None
    pre_skip = struct.unpack_from("<H", data, head + 10)[0]
    granule = struct.unpack_from("<q", data, last + 6)[0]
    return max(0.0, (granule - pre_skip) / _OPUS_RATE) if granule >= 0 else None


async def transcribe(settings: Settings, audio: bytes, mime_type: str = "audio/ogg") -> str:
    """The words spoken in ``audio``, on one line ("" when the model hears none)."""
    model = make_gemini_chat(settings, "answer")
    media = {"type": "media", "mime_type": mime_type, "data": base64.b64encode(audio).decode("ascii")}
    reply = await model.ainvoke([SystemMessage(INSTRUCTION), HumanMessage(content=[media])])
    content = reply.content
    text = content if isinstance(content, str) else " ".join(
        str(part.get("text", "")) if isinstance(part, dict) else str(part) for part in content)
    return " ".join(text.split())
