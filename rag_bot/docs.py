"""Generated parts of the README: ``python -m rag_bot.docs`` rewrites them, a test checks they are current."""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks() -> dict[str, str]:
    from rag_bot.config import settings_table

    return {"settings": settings_table()}


def render(text: str) -> str:
    """``text`` with every ``<!-- NAME:start -->...<!-- NAME:end -->`` block regenerated."""
    for name, body in _blocks().items():
        pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"README has no <!-- {name}:start --> block")
        text = pattern.sub(lambda m, b=body: m.group(1) + b + "\n" + m.group(2), text)
    return text


if __name__ == "__main__":
    README.write_text(render(README.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)
