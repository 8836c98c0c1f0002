"""Text of an RTF file in one linear pass: a tokenizer, a stack of group states, and the destinations that hold text.

Why not ``striprtf`` (the usual small library): before its tokenizer it runs regexes over the whole document whose
cost grows with the square of a line's length (repeated ``{\\field{\\*\\fldinst{ x`` on one line, an unterminated
font table: docs/benchmarks.md). This reader matches one token at a time at the current position
(no pattern can backtrack over more than one token), so every byte is looked at a bounded number of times.

What it reads: body text, ``\\uN`` Unicode escapes (their fallback characters skipped as ``\\ucN`` says, UTF-16
surrogate pairs joined), ``\\'xx`` bytes decoded with the code page of the document (``\\ansicpgN``) or of the
current font (``\\fcharsetN`` in the font table), field results (link texts), table cells joined by `` | ``, and the
title in ``{\\info{\\title ...}}``. What it leaves out: font, colour and style tables, pictures and objects
(``\\binN`` data skipped by length), headers, footers, footnotes, list numbers and every ``{\\* ...}`` group.
Groups nested deeper than :data:`MAX_DEPTH` share their parent's state (memory stays bounded for 1 MB of ``{``).
"""

from __future__ import annotations

import codecs
import re

from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.gc_pause import gc_paused

MAX_DEPTH = 1000  # Word writes a few tens of levels; deeper groups are counted, not given a state of their own
_TOKEN = re.compile(r"""\\([a-zA-Z]{1,32})(-?\d{1,10})?\ ?   # control word, numeric parameter, delimiter space
                      |\\'([0-9a-fA-F]{2})                    # a byte in the current code page
                      |\\(.)                                  # control symbol (\{ \} \\ \~ \- \_ \* ...)
                      |(\{+|\}+)                              # groups opened / closed (a run of them at once)
                      |([^\\{}\r\n]+)                         # text
                      |[\r\n]+|\\""", re.S | re.X)
_SKIP = frozenset("""fonttbl colortbl stylesheet listtable listoverridetable revtbl rsidtbl generator themedata
colorschememapping latentstyles datastore xmlnstbl pict object header headerl headerr headerf footer footerl footerr
footerf footnote fldinst pntext pntxta pntxtb private annotation atnid atnauthor atndate txe xe tc bkmkstart bkmkend
nonshppict shpinst userprops docvar filetbl operator author company subject keywords comment doccomm category
manager hlinkbase creatim revtim printim buptim template""".split())
_TEXT = {"par": "\n\n", "sect": "\n\n", "page": "\n\n", "line": "\n", "tab": " ", "cell": " | ", "nestcell": " | ",
         "row": "\n", "nestrow": "\n", "emdash": "\u2014", "endash": "\u2013", "emspace": " ", "enspace": " ",
         "qmspace": " ", "bullet": "\u2022", "lquote": "\u2018", "rquote": "\u2019", "ldblquote": "\u201c",
         "rdblquote": "\u201d"}
_SYMBOLS = {"{": "{", "}": "}", "\\": "\\", "~": "\u00a0", "_": "\u2011", "-": "", "\n": "\n\n", "\r": "\n\n",
            "|": "", ":": ""}
# \fcharsetN -> code page (the values of the RTF specification)
_CHARSETS = {0: "cp1252", 77: "mac_roman", 128: "cp932", 129: "cp949", 130: "johab", 134: "gbk", 136: "big5",
             161: "cp1253", 162: "cp1254", 163: "cp1258", 177: "cp1255", 178: "cp1256", 186: "cp1257",
             204: "cp1251", 222: "cp874", 238: "cp1250", 254: "cp437", 255: "cp850"}


def _codec(name: str, fallback: str) -> str:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return fallback


class _Reader:
    """Group states and the text read so far."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.default = "cp1252"
        self.fonts: dict[int, str] = {}
        self.font_defined: int | None = None  # the font being described in the font table
        # state: (destination, characters to skip after \uN, code page of the current font)
        self.state: tuple[str, int, str | None] = ("body", 1, None)
        self.stack: list[tuple[str, int, str | None]] = []
        self.overflow = 0  # groups deeper than MAX_DEPTH
        self.skip = 0  # fallback characters of the last \uN still to skip
        self.high: int | None = None  # a UTF-16 high surrogate waiting for its pair
        self.pending = bytearray()  # \'xx bytes (and raw 8-bit text) not decoded yet
        self.out: list[str] = []
        self.title: list[str] = []
        self.count = 0

    def emit(self, text: str) -> None:
        destination = self.state[0]
        if destination == "body":
            self.out.append(text)
        elif destination == "title" and len(self.title) < 1000:
            self.title.append(text)
        else:
            return
        self.count += len(text)
        if self.count > self.budget.max_chars:
            self.budget.check_chars(self.count)

    def flush(self) -> None:
        if self.pending:
            self.emit(bytes(self.pending).decode(self.state[2] or self.default, "replace"))
            self.pending.clear()

    def open(self, n: int) -> None:
        """Open ``n`` groups (a run of ``{``: one step, whatever its length)."""
        self.flush()
        self.skip = 0
        pushed = max(0, min(n, MAX_DEPTH - len(self.stack)))
        self.stack.extend([self.state] * pushed)  # the same tuple object: 8 bytes a level
        self.overflow += n - pushed

    def close(self, n: int) -> bool:
        """Close ``n`` groups; False once the outermost group is closed (the document ends there)."""
        self.flush()
        self.skip = 0
        beyond = min(n, self.overflow)
        self.overflow -= beyond
        popped = min(n - beyond, len(self.stack))
        if popped:
            self.state = self.stack[-popped]
            del self.stack[-popped:]
        return n - beyond - popped == 0 and (bool(self.stack) or self.overflow > 0)

    def destination(self, name: str) -> None:
        self.state = (name, self.state[1], self.state[2])

    def word(self, word: str, arg: str | None) -> None:
        destination, uc, codec = self.state
        if word == "u" and arg is not None:
            self.flush()
            value = int(arg) + (65536 if int(arg) < 0 else 0)  # a signed 16-bit number
            if 0 <= value <= 0x10FFFF:
                self.unicode(value)
            self.skip = uc
            return
        self.skip = 0
        if destination == "fonttbl":
            if word == "f" and arg is not None:
                self.font_defined = int(arg)
            elif word in ("fcharset", "cpg") and arg is not None and self.font_defined is not None:
                name = _CHARSETS.get(int(arg), "") if word == "fcharset" else f"cp{arg}"
                if name:
                    self.fonts[self.font_defined] = _codec(name, self.default)
            return
        if word == "info":
            self.destination("info")
        elif word == "title" and destination == "info":
            self.destination("title")
        elif word == "fonttbl":
            self.destination("fonttbl")
        elif word in _SKIP:
            self.destination("skip")
        elif word in _TEXT:
            self.flush()
            if word in ("row", "nestrow") and self.out and self.out[-1] == " | ":
                self.out.pop()  # the last cell's separator
            self.emit(_TEXT[word])
        elif word == "uc" and arg is not None:
            self.state = (destination, max(0, min(int(arg), 10)), codec)
        elif word == "ansicpg" and arg is not None:
            self.default = _codec(f"cp{arg}", self.default)
        elif word == "f" and arg is not None:
            self.flush()
            self.state = (destination, uc, self.fonts.get(int(arg)))
        elif word == "bin":
            pass  # handled by the tokenizer loop (it skips the data)

    def unicode(self, value: int) -> None:
        if 0xD800 <= value < 0xDC00:
            self.high = value
            return
        if 0xDC00 <= value < 0xE000:
            if self.high is not None:
                self.emit(chr(0x10000 + ((self.high - 0xD800) << 10) + (value - 0xDC00)))
            self.high = None
            return
        self.high = None
        self.emit(chr(value))

    def text(self, run: str) -> None:
        if self.skip:
            dropped = min(self.skip, len(run))
            run, self.skip = run[dropped:], self.skip - dropped
        if not run:
            return
        if run.isascii():
            self.flush()
            self.emit(run)
        else:  # raw 8-bit text: bytes of the current code page, like \'xx
            self.pending += run.encode("latin-1")

    def byte(self, value: int) -> None:
        if self.skip:
            self.skip -= 1
        else:
            self.pending.append(value)


def _tidy(text: str) -> str:
    """Paragraphs (``\\par``: an empty line between them) of lines (``\\line``) with spaces collapsed."""
    paragraphs: list[list[str]] = [[]]
    for line in text.split("\n"):
        line = " ".join(line.split())
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join("\n".join(lines) for lines in paragraphs if lines)


def extract(data: bytes, budget: Budget) -> tuple[str | None, str]:
    """(title, text) of an RTF file's bytes; a file that is not RTF is a :class:`LoadError`."""
    with gc_paused():  # one small object per word: the collector's passes made the cost grow faster than the input
        return _extract(data, budget)


def _extract(data: bytes, budget: Budget) -> tuple[str | None, str]:
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not start.startswith(b"{\\rtf"):
        raise LoadError("not an RTF file (it does not start with {\\rtf)")
    source = start.decode("latin-1")  # one character per byte: \'xx and raw bytes are decoded by code page later
    reader = _Reader(budget)
    pos, end = 0, len(source)
    while pos < end:
        match = _TOKEN.match(source, pos)
        if match is None:  # unreachable: every character starts one token; guard against a silent stall
            pos += 1
            continue
        pos = match.end()
        word, arg, hexbyte, symbol, brace, text = match.groups()
        if text is not None:
            if reader.state[0] != "fonttbl":
                reader.text(text)
        elif brace is not None and brace[0] == "{":
            reader.open(len(brace))
        elif brace is not None:
            if not reader.close(len(brace)):
                break
        elif word is not None:
            if word == "bin" and arg:
                reader.flush()
                pos += max(0, int(arg))  # binary data of a picture or object: skipped by its length
            elif word != "bin":
                reader.word(word, arg)
        elif hexbyte is not None:
            reader.byte(int(hexbyte, 16))
        elif symbol is not None:
            if symbol == "*":
                reader.destination("skip")  # {\* ...}: a destination a reader may ignore
            elif symbol in _SYMBOLS:
                reader.flush()
                reader.skip = 0
                reader.emit(_SYMBOLS[symbol])
    reader.flush()
    title = " ".join("".join(reader.title).split())[:1000] or None
    return title, _tidy("".join(reader.out))
