"""Text that is safe to store, print and send: no C0/C1 control characters.

Document text, titles, file names and model output can carry terminal escapes (ESC, OSC-52 clipboard writes),
bidirectional overrides or line breaks that forge lines of output. Everything that enters the index or leaves a
front end goes through one of these two functions.
"""

from __future__ import annotations

import re

# C0 controls except \t and \n, DEL, C1 controls, and the Unicode bidi overrides/isolates that reorder text.
_BODY_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# In a single line (title, source, file name) newlines and tabs are controls too.
_LINE_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"[ \t]{2,}")


def clean_text(text: str) -> str:
    """Body text: drop control characters, keep newlines and tabs (``\\r\\n`` and ``\\r`` become ``\\n``)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _BODY_CONTROLS.sub("", text)


def clean_line(text: str) -> str:
    """One line (a title, a source, a file name): every control character, newline or tab becomes a space."""
    return _SPACES.sub(" ", _LINE_CONTROLS.sub(" ", text)).strip()
