"""Text of an e-mail message (.eml, RFC 5322 / MIME) with the standard library's ``email`` parser.

The Subject is the title and the Date header the document's date; From, To and Date open the text, so a question
about a sender finds the message. The body is every text part in order: of a ``multipart/alternative`` only the
plain-text version (the HTML one when there is none), HTML through :func:`ingest.html_text.extract`, each part
decoded with its declared charset (detection when the declaration is missing or wrong). Attachments are not read;
their names are listed at the end. Forwarded messages (``message/rfc822``) are read as parts.

Bounded cost: the parser tests each line against the boundary of every open multipart and nests a generator per
level, so n nested multiparts cost n squared and every line costs a test per open boundary (figures in
docs/benchmarks.md). A message declaring more than
:data:`MAX_BOUNDARIES` boundaries (RFC 2231 continued ``boundary*0=`` parameters included), or whose lines (ended
by LF, CRLF or a lone CR, as the parser ends them) times declared boundaries pass :data:`MAX_BOUNDARY_TESTS`, or
with more than :data:`MAX_DELIMITER_LINES` lines opening with ``--``, is refused before parsing (counts in C), so
no message costs more than a few seconds, or more memory than a few thousand parts, over a plain one. Headers
are parsed with the ``compat32`` policy (the modern header parser has had quadratic cases) and decoded from their
first :data:`HEADER_CHARS` characters only.
"""

from __future__ import annotations

import email
import email.errors
import re
from email import policy
from email.header import decode_header, make_header
from email.message import Message
from email.utils import parsedate_to_datetime

from ingest.budget import Budget
from ingest.decoding import decode_text
from ingest.errors import LoadError
from ingest.loaded import LoadedFile, Page

MAX_BOUNDARIES = 200  # multipart sections in one message; mail clients write a handful
MAX_BOUNDARY_TESTS = 50_000_000  # lines x boundaries: seconds of boundary tests at most
MAX_PARTS = 2000  # parts visited (a flat multipart of many tiny parts is linear, but no mail holds thousands)
# Lines that open with "--" (every part's delimiter does): past this many the message is refused before it is
# parsed, since the parser builds every part first (memory grows with the parts). Ten times MAX_PARTS leaves room
# for signatures, rules and patches in the text.
MAX_DELIMITER_LINES = 10 * MAX_PARTS
HEADER_CHARS = 2000  # a Subject or an address list longer than this is not something to decode in full
TITLE_CHARS = 200  # the title is embedded with every chunk: a 2,000-character Subject made each chunk 512 tokens
# A boundary parameter, also in RFC 2231 form (``boundary*=``, ``boundary*0=``, ``boundary*1*=``): each piece of a
# continued value counts as one (over-counting only makes the guard stricter).
_BOUNDARY = re.compile(rb"boundary\s*+(?:\*\s*+(?:\d++\s*+)?(?:\*\s*+)?)?=", re.I)
_KNOWN = ("from", "to", "date", "subject", "message-id", "received", "mime-version", "return-path")


def _header(message: Message, name: str) -> str | None:
    value = message.get(name)
    if value is None:
        return None
    raw = str(value)[:HEADER_CHARS]
    try:
        text = str(make_header(decode_header(raw)))
    except (LookupError, ValueError, UnicodeError, email.errors.HeaderParseError):
        text = raw
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")  # raw 8-bit header bytes
    return " ".join(text.split()) or None


def _date(message: Message) -> str | None:
    value = message.get("Date")
    if value is None:
        return None
    try:
        return parsedate_to_datetime(str(value)[:200]).date().isoformat()
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def _part_text(part: Message, budget: Budget) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes) or not payload.strip():
        return ""
    charset = part.get_content_charset()
    try:
        text = payload.decode(charset or "utf-8")
    except (LookupError, UnicodeDecodeError):
        try:
            text = decode_text(payload)
        except LoadError:
            return ""  # a text part that is not text: left out, the other parts still count
    if part.get_content_type() == "text/html":
        from ingest.html_text import extract

        return extract(text, budget).text
    return text


def _alternative(parts: list[Message]) -> list[Message]:
    """The one version of a multipart/alternative to read: plain text, else HTML, else the richest (last)."""
    for wanted in ("text/plain", "text/html"):
        for part in parts:
            if part.get_content_type() == wanted and not part.get_filename():
                return [part]
    return parts[-1:]


def _walk(message: Message, budget: Budget) -> tuple[list[str], list[str]]:
    """Text of the body parts in order, and the attachments' names."""
    texts: list[str] = []
    attachments: list[str] = []
    stack: list[Message] = [message]
    visited = chars = 0
    while stack:
        part = stack.pop()
        visited += 1
        if visited > MAX_PARTS:
            raise LoadError(f"the e-mail has more than {MAX_PARTS:,} parts")
        if part.is_multipart():
            children = [p for p in part.get_payload() if isinstance(p, Message)]
            if part.get_content_type() == "multipart/alternative":
                children = _alternative(children)
            stack.extend(reversed(children))
            continue
        filename = part.get_filename()
        disposition = (part.get("Content-Disposition") or "").split(";")[0].strip().lower()
        if part.get_content_maintype() == "text" and disposition != "attachment" and part.get_content_subtype() in (
                "plain", "html"):
            text = _part_text(part, budget).strip()
            if text:
                texts.append(text)
                chars += len(text)
                budget.check_chars(chars)
        elif filename:
            attachments.append(" ".join(str(filename)[:200].split()))
    return texts, attachments


def extract(data: bytes, budget: Budget) -> LoadedFile:
    """The message's text (headers, body parts), its Subject as title and Date as date."""
    boundaries = len(_BOUNDARY.findall(data))
    crlf = data.count(b"\r\n")
    lines = data.count(b"\n") + data.count(b"\r") - crlf  # the parser also ends a line at a lone CR
    if boundaries > MAX_BOUNDARIES or boundaries * lines > MAX_BOUNDARY_TESTS:
        raise LoadError(f"the e-mail declares {boundaries:,} multipart sections over {lines:,} lines, too costly "
                        "to parse (nested or crafted)")
    delimiters = (data.count(b"\n--") + data.count(b"\r--") - data.count(b"\r\n--")
                  + data.startswith(b"--")) if boundaries else 0
    if delimiters > MAX_DELIMITER_LINES:
        raise LoadError(f"the e-mail has {delimiters:,} part delimiters, more than the {MAX_PARTS:,} parts a "
                        "message may have")
    try:
        message = email.message_from_bytes(data, policy=policy.compat32)
        if not any(message.get(name) is not None for name in _KNOWN):
            raise LoadError("not an e-mail message (no From, To, Date or Subject header)")
        texts, attachments = _walk(message, budget)
        head = [f"{name}: {value}" for name in ("From", "To", "Date") if (value := _header(message, name))]
        subject = (_header(message, "Subject") or "")[:TITLE_CHARS] or None
        date = _date(message)
    except LoadError:
        raise
    except RecursionError:
        raise LoadError("corrupt e-mail: parts nested too deeply") from None
    except (ValueError, TypeError, LookupError, UnicodeError, AttributeError, email.errors.MessageError) as exc:
        raise LoadError(f"corrupt e-mail ({exc.__class__.__name__}: {exc})") from None
    body = texts + ([f"Attachments: {', '.join(attachments[:50])}"] if attachments else [])
    if not texts:
        raise LoadError("no text found in the e-mail (no text/plain or text/html part)")
    return LoadedFile([Page("\n\n".join(["\n".join(head), *body]) if head else "\n\n".join(body))],
                      title=subject, date=date)
