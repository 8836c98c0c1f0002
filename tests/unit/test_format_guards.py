"""Format readers on hostile input, second round (issue 22): the ODT walker is linear on its own, e-mail guards
count lone CR line ends, RFC 2231 boundaries and delimiter lines, zip containers are refused from the central
directory alone, short PDF pages keep their content and decoded text never holds a lone surrogate."""

from __future__ import annotations

import time
from xml.parsers import expat

from ingest import odt_text
from ingest.budget import Budget
from rag_bot.config import Settings

_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def _settings() -> Settings:
    return Settings(_env_file=None)


def _cpu(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def _walk_odt(xml: bytes) -> list[str]:
    body = odt_text._Body(Budget.for_file(10_000_000, _settings()))
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.StartElementHandler, parser.EndElementHandler = body.start, body.end
    parser.CharacterDataHandler = body.chars
    parser.Parse(xml, True)
    return body.out


def _nested_paragraphs(depth: int) -> bytes:
    return (f'<r xmlns:t="{_TEXT}">' + "<t:p>level text " * depth + "</t:p>" * depth + "</r>").encode()


def test_odt_walker_is_linear_in_the_nesting_of_paragraphs():
    # joining the nested text at every level was quadratic: 4,000 -> 8,000 levels took 0.46 -> 1.81 s (3.9x)
    small, large = _nested_paragraphs(10_000), _nested_paragraphs(20_000)
    assert _walk_odt(_nested_paragraphs(3)) == ["level text level text level text"]
    ratio = _cpu(lambda: _walk_odt(large)) / max(_cpu(lambda: _walk_odt(small)), 1e-4)
    assert ratio <= 2.5, ratio
