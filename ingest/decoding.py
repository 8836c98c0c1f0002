"""Bytes of a text file (or a text part of a package) to ``str``: byte-order mark, declared encoding, UTF-8, then
detection; binary content and lossy guesses fail with a reason, and no text leaves here with a lone surrogate. A leaf
module: every format module may use it."""

from __future__ import annotations

import re

from charset_normalizer import from_bytes

from ingest.errors import LoadError

_SURROGATE = re.compile("[\ud800-\udfff]")


def without_surrogates(text: str) -> str:
    """``text`` with every lone surrogate (UTF-7 ``+2D0-``, a codec that lets halves through) replaced by U+FFFD,
    so that it encodes to UTF-8 strictly; one scan, no copy when there is none."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def _binary_reason(data: bytes) -> str | None:
    sample = data[:65536]
    if b"\x00" in sample and not (sample.startswith(b"\xff\xfe") or sample.startswith(b"\xfe\xff")):
        return "binary content (NUL bytes) in a text file"
    controls = sum(1 for b in sample if b < 9 or 13 < b < 32)
    if sample and controls / len(sample) > 0.05:
        return "binary content (control bytes) in a text file"
    return None


def decode_text(data: bytes, declared: str | None = None) -> str:
    """Decode bytes: BOM / declared encoding first, UTF-8 next, then detection; never silently lossy."""
    for bom, enc in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):  # before the binary check: UTF-16 text is half NUL bytes
            try:
                return data.decode(enc)
            except UnicodeDecodeError:
                raise LoadError(f"undecodable text (invalid {enc.upper()} after its byte-order mark)") from None
    if reason := _binary_reason(data):
        raise LoadError(reason)
    candidates = [declared] if declared else []
    candidates.append("utf-8")
    for enc in candidates:
        try:
            return without_surrogates(data.decode(enc))
        except (UnicodeDecodeError, LookupError):
            continue
    best = from_bytes(data).best()
    if best is None or best.encoding is None:
        raise LoadError("cannot detect the text encoding")
    text = without_surrogates(str(best))
    if text.count("\ufffd") > max(3, len(text) // 200):
        raise LoadError(f"undecodable text (best guess {best.encoding} gives replacement characters)")
    return text
