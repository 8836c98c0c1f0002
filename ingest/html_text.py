"""Text of an HTML page in one linear pass, without building or mutating a tree.

A small tokenizer walks the markup once (tags, comments, raw-text elements) and keeps a stack of open elements:
text inside navigation (``nav``, page-level ``header``/``footer``, ``aside``, ``form``, ARIA navigation landmarks)
or code (``script``, ``style``, ``noscript``, ``template``...) is left out, block elements and ``<br>`` become
paragraph and line breaks. Every step is amortised O(1) per input character: no regex can backtrack
(possessive/atomic groups), an unterminated comment, tag or script ends the document as a browser would, and an end
tag pops the stack only when that element is open (a per-name count answers that in O(1)), so 100k nested ``div``
or 100k stray end tags cost the same per byte as a plain page. The standard library's ``html.parser`` and
BeautifulSoup are quadratic on such input (repeated ``<a ``: docs/benchmarks.md).

Memory is bounded too: open elements share one tuple per distinct entry (8 bytes each on the stack), text pieces
are joined in blocks (a million one-letter pieces do not make a million strings), the text is counted against the
file's :class:`~ingest.budget.Budget` as it is collected, and a document over the budget's markup limit
(``RAG_BOT_MAX_MARKUP_MB``, the same for an HTML file, an EPUB chapter and an e-mail's HTML part) is refused unread.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from ingest.budget import Budget

# A start or end tag; attribute values are quoted only right after "=", everything else runs to ">". Possessive
# and atomic groups: once consumed, never re-scanned.
_TAG = re.compile(r"""<(/?)([A-Za-z][^\t\n\f\r />]*+)((?>[^>=]|=\s*+"[^"]*+"|=\s*+'[^']*+'|=)*+)>""")
_ROLE = re.compile(r"""\brole\s*=\s*["']?\s*([A-Za-z]+)""", re.I)

VOID = frozenset("area base br col embed hr img input link meta param source track wbr keygen".split())
RAW = frozenset("script style textarea xmp iframe noembed noframes noscript title".split())
CODE = frozenset("script style noscript template svg math object iframe select textarea button".split())
NAVIGATION = frozenset("nav aside form".split())
PAGE_LANDMARKS = frozenset("header footer".split())  # page banner/footer unless inside an article or main
CONTENT = frozenset("article main".split())
SKIP_ROLES = frozenset("navigation banner contentinfo complementary search menu menubar toolbar".split())
BLOCK = frozenset("""address article aside blockquote body caption center dd details dialog dir div dl dt fieldset
figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre section
summary table tbody td tfoot th thead title tr ul""".split())
TITLE_CHARS = 20_000  # of a <title>: far more than a title's share of a chunk, far less than a document
H1_PIECES = 100  # pieces of the first h1 kept for the title (a title is capped when chunks are made anyway)
_RAW_END: dict[str, re.Pattern[str]] = {name: re.compile(rf"</{name}(?=[\s/>])", re.I) for name in RAW}


@dataclass
class HtmlText:
    """What a page holds: its title, its body text and how many characters of navigation were left out."""

    title: str | None
    text: str
    dropped_chars: int
    headings: list[str] = field(default_factory=list)  # h1-h3 paragraphs of the body, in order


class _Pieces:
    """Strings appended one by one and joined at the end, in blocks of :data:`BLOCK_PIECES`: a million one-letter
    pieces ("a<b>a<b>...") cost about their characters, not a million string objects (58 bytes each)."""

    BLOCK_PIECES = 1024

    def __init__(self, separator: str = "") -> None:
        self.separator = separator
        self.blocks: list[str] = []
        self.pieces: list[str] = []

    def append(self, piece: str) -> None:
        self.pieces.append(piece)
        if len(self.pieces) >= self.BLOCK_PIECES:
            self.blocks.append(self.separator.join(self.pieces))
            self.pieces = []

    def __bool__(self) -> bool:
        return bool(self.blocks or self.pieces)

    def join(self) -> str:
        if self.pieces:
            self.blocks.append(self.separator.join(self.pieces))
            self.pieces = []
        text = self.separator.join(self.blocks)
        self.blocks = []
        return text


class _Walker:
    """The open-element stack and the text collected so far (counted against ``max_chars``)."""

    def __init__(self, budget: Budget | None = None) -> None:
        # (name, skipped, skipped as navigation), one shared tuple per distinct entry: 8 bytes per open element
        self.stack: list[tuple[str, bool, bool]] = []
        self.entries: dict[tuple[str, bool, bool], tuple[str, bool, bool]] = {}
        self.open: dict[str, int] = {}
        self.budget = budget
        self.chars = 0
        self.skipping = 0  # skipped elements on the stack
        self.boiler = 0  # of which navigation (counted as dropped text)
        self.content = 0  # article/main elements on the stack
        self.pre = 0
        self.paragraphs = _Pieces("\n\n")
        self.inline = _Pieces()
        self.h1: list[str] | None = None  # text of the first h1 while it is open (its first pieces)
        self.h1_done = False
        self.h1_text: str | None = None
        self.dropped = 0
        self.headings: list[str] = []

    def flush(self) -> None:
        if not self.inline:
            return
        raw = self.inline.join()
        if self.pre:
            lines = [" ".join(line.split()) for line in raw.split("\n")]
            text = "\n".join(line for line in lines if line)
        else:
            text = "\n".join(" ".join(part.split()) for part in raw.split("\x00") if part.strip())
        if text:
            if self.open.get("h1") or self.open.get("h2") or self.open.get("h3"):
                self.headings.append(" ".join(text.split()))
            self.paragraphs.append(text)
            self.chars += len(text) + 2  # with the blank line that joins it to the next one
            if self.budget is not None and self.chars - 2 > self.budget.max_chars:
                self.budget.check_chars(self.chars - 2)

    def data(self, text: str) -> None:
        if not text:
            return
        if self.skipping:
            if self.boiler:
                self.dropped += len(text.strip())
            return
        text = html.unescape(text).replace("\x00", "")
        self.inline.append(text)
        if self.budget is not None and len(text) > self.budget.max_chars:
            self.budget.check_chars(len(text))  # one run of text over the budget: before it is collapsed
        if self.h1 is not None and len(self.h1) < H1_PIECES:
            self.h1.append(text)

    def start(self, name: str, attrs: str) -> None:
        if name == "br":
            if not self.skipping:
                self.inline.append("\x00" if not self.pre else "\n")
            return
        if name in BLOCK:
            self.flush()
        if name in VOID:
            return
        role = _ROLE.search(attrs) if "role" in attrs.lower() else None
        boiler = (name in NAVIGATION or (name in PAGE_LANDMARKS and not self.content)
                  or (role is not None and role.group(1).lower() in SKIP_ROLES))
        skipped = boiler or name in CODE
        entry = (name, skipped, boiler)
        self.stack.append(self.entries.setdefault(entry, entry))
        self.open[name] = self.open.get(name, 0) + 1
        self.skipping += skipped
        self.boiler += boiler
        self.content += name in CONTENT
        self.pre += name == "pre"
        if name == "h1" and not self.h1_done and not self.skipping:
            self.h1 = []

    def end(self, name: str) -> None:
        if name in BLOCK or name == "br":
            self.flush()
        if not self.open.get(name):
            return  # a stray end tag: nothing open to close (O(1), never a scan of the stack)
        while self.stack:
            top, skipped, boiler = self.stack.pop()
            self.open[top] -= 1
            self.skipping -= skipped
            self.boiler -= boiler
            self.content -= top in CONTENT
            self.pre -= top == "pre"
            if top == "h1" and self.h1 is not None:
                self.h1_text = " ".join("".join(self.h1).split()) or None
                self.h1, self.h1_done = None, self.h1_text is not None
            if top == name:
                return

    def result(self, title: str | None) -> HtmlText:
        self.flush()
        return HtmlText(title=self.h1_text or title, text=self.paragraphs.join(), dropped_chars=self.dropped,
                        headings=self.headings)


def extract(text: str, budget: Budget | None = None) -> HtmlText:
    """Title, body text and dropped navigation of an HTML document (decoded); with a ``budget``, text past its
    characters fails as it is collected, and a document longer than its markup limit is refused unread."""
    if budget is not None:
        budget.check_markup(len(text))
    walker = _Walker(budget=budget)
    title: str | None = None
    pos, n = 0, len(text)
    while pos < n:
        lt = text.find("<", pos)
        if lt < 0:
            walker.data(text[pos:])
            break
        if lt > pos:
            walker.data(text[pos:lt])
        nxt = text[lt + 1:lt + 2]
        if text.startswith("<!--", lt):
            end = text.find("-->", lt + 4)
            if end < 0:
                break  # an unterminated comment runs to the end of the document
            pos = end + 3
            continue
        if nxt in ("!", "?") or (nxt == "/" and not text[lt + 2:lt + 3].isalpha()):
            end = text.find(">", lt + 2)
            if end < 0:
                break  # a bogus comment without ">" runs to the end
            pos = end + 1
            continue
        match = _TAG.match(text, lt) if nxt.isalpha() or nxt == "/" else None
        if match is None:
            if nxt.isalpha() or nxt == "/":
                break  # a tag that never closes: the rest of the document is inside it
            walker.data("<")
            pos = lt + 1
            continue
        pos = match.end()
        name = match.group(2).lower()
        if match.group(1):
            walker.end(name)
            continue
        walker.start(name, match.group(3))
        if name in RAW and name not in VOID:
            close = _RAW_END[name].search(text, pos)
            raw_end = close.start() if close else n
            if name == "title":
                if title is None:
                    title = " ".join(html.unescape(text[pos:min(raw_end, pos + TITLE_CHARS)]).split()) or None
            elif name not in CODE:  # xmp, noembed, noframes: their raw text is text
                walker.data(text[pos:raw_end])
            walker.end(name)
            if close is None:
                break
            gt = text.find(">", close.end())
            pos = n if gt < 0 else gt + 1
    return walker.result(title)
