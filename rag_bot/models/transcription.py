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
    """The duration of an Ogg/Opus file read from its own pages, or None when ``data`` is not one: what the file
    holds, whatever its sender declared. Each logical stream (a chained file holds several, each beginning with a
    BOS page and its ``OpusHead``) lasts its last granule position less its pre-skip; the streams add up."""
    total, offset = 0.0, 0
    granule = pre_skip = None
    while offset < len(data):
        if data[offset:offset + 4] != b"OggS" or len(data) < offset + 27:
            return None
        flags, position = data[offset + 5], struct.unpack_from("<q", data, offset + 6)[0]
        segments = data[offset + 26]
        body = offset + 27 + segments
        length = sum(data[offset + 27:body])
        if body + length > len(data):
            return None
        if flags & 0x02:  # beginning of a stream: the previous one is complete
            if granule is not None and pre_skip is not None:
                total += max(0, granule - pre_skip) / _OPUS_RATE
            if data[body:body + 8] != b"OpusHead" or length < 12:
                return None
            granule, pre_skip = None, struct.unpack_from("<H", data, body + 10)[0]
        elif pre_skip is None:
            return None
        if position >= 0:
            granule = position
        offset = body + length
    if granule is None or pre_skip is None:
        return None
    return total + max(0, granule - pre_skip) / _OPUS_RATE


async def transcribe(settings: Settings, audio: bytes, mime_type: str = "audio/ogg") -> str:
    """The words spoken in ``audio``, on one line ("" when the model hears none)."""
    model = make_gemini_chat(settings, "answer")
    media = {"type": "media", "mime_type": mime_type, "data": base64.b64encode(audio).decode("ascii")}
    reply = await model.ainvoke([SystemMessage(INSTRUCTION), HumanMessage(content=[media])])
    content = reply.content
    text = content if isinstance(content, str) else " ".join(
        str(part.get("text", "")) if isinstance(part, dict) else str(part) for part in content)
    return " ".join(text.split())
