"""One source of truth: each language name lives in its language file, each corpus word only in the configuration.

The test reads the source tree, not the running code: string literals of every module in ``rag_bot/`` and
``ingest/`` (docstrings and comments excluded: they may explain, they do not decide) and the string values of the
language data files. A second copy of ``"Hindi"`` in a module, or ``"lecture"`` back in a stop-word list, fails it.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from pathlib import Path

import pytest

from tests.conftest import REPO, sample_corpus_env

LANGUAGE_NAMES = ["English", "Hindi", "हिंदी", "हिन्दी", "अंग्रेज़ी"]
# Language-file fields of regular expressions for chat phrases ("what did we talk about?"): "talk" there is the verb
# of the conversation, not a name of this corpus's documents, so the corpus-word check leaves them out.
PATTERN_FIELDS = {"greetings", "thanks", "smalltalk", "chat_questions", "summary_words", "followup_starts",
                  "followup_words", "refers_back", "connectors"}


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def python_strings(path: Path) -> list[str]:
    """Every string literal of a module (f-string parts included), docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstring_nodes(tree)
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]


@functools.cache
def _module_strings(path: Path) -> list[str]:
    return python_strings(path)


def data_strings(value: object, skip_fields: frozenset[str] = frozenset()) -> list[str]:
    """Every string value of a parsed data file (keys of ``names_of`` tables are codes, not text)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for key, item in value.items() if key not in skip_fields for s in data_strings(item, skip_fields)]
    if isinstance(value, list):
        return [s for item in value for s in data_strings(item, skip_fields)]
    return []


@functools.cache
def places(skip_fields: frozenset[str] = frozenset()) -> dict[str, list[str]]:
    """Relative path -> the strings that decide something, for every module and language file (read once per
    process and ``skip_fields``: the tree does not change during a run)."""
    out = {}
    for root in ("rag_bot", "ingest"):
        for path in sorted((REPO / root).rglob("*")):
            if path.suffix == ".py":
                out[str(path.relative_to(REPO))] = _module_strings(path)
            elif path.suffix == ".toml":
                data = tomllib.loads(path.read_text(encoding="utf-8"))
                out[str(path.relative_to(REPO))] = data_strings(data, skip_fields)
    return out


def found_in(word: str, where: dict[str, list[str]]) -> list[str]:
    """The places where ``word`` occurs as a whole word (case-insensitive; Devanagari signs count as letters)."""
    pattern = re.compile(rf"(?<![\w\u0900-\u097f]){re.escape(word)}(?![\w\u0900-\u097f])", re.I)
    return [place for place, strings in where.items() if any(pattern.search(s) for s in strings)]


def corpus_terms() -> list[str]:
    return [t.strip() for t in sample_corpus_env()["RAG_BOT_CORPUS_TERMS"].split(",") if t.strip()]


def test_the_scan_sees_strings_but_not_docstrings(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Hindi in a docstring."""\n# Hindi in a comment\nX = f"{1} Hindi talks"\n', encoding="utf-8")
    strings = python_strings(module)
    assert found_in("Hindi", {"m": strings}) == ["m"] and found_in("talks", {"m": strings}) == ["m"]
    assert not any("docstring" in s or "comment" in s for s in strings)


@pytest.mark.parametrize("name", LANGUAGE_NAMES)
def test_each_language_name_lives_in_one_language_file(name):
    where = found_in(name, places())
    assert len(where) == 1, f"{name!r} is written in {where}; name languages through rag_bot.languages"
    assert where[0].startswith("rag_bot/languages/") and where[0].endswith(".toml")


def test_corpus_words_are_configuration_not_code():
    terms = corpus_terms()
    assert {"talk", "lecture", "discourse", "sermon", "प्रवचन"} <= set(terms)
    where = places(frozenset(PATTERN_FIELDS))
    in_code = {term: found_in(term, where) for term in terms}
    assert not any(in_code.values()), f"corpus words in code (set them in RAG_BOT_CORPUS_TERMS): {in_code}"
    description = sample_corpus_env()["RAG_BOT_CORPUS_DESCRIPTION"]
    assert not found_in(description, where), "the sample corpus's description belongs in RAG_BOT_CORPUS_DESCRIPTION"
