"""One configuration path: the typed settings are read at the edges (CLI, bot, LangGraph server) and passed down.

An edge is a module (or one function of it) that starts the program for a user: the front ends, the LangGraph
server's factory, the docs generator, and ``rag_bot/config.py`` where the getter lives. Anywhere else, a call of
``get_settings()`` or a bare ``Settings()`` (which reads the environment just the same) fails this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

# path prefix -> the functions allowed to read the settings there (None: the whole module or folder)
EDGES: dict[str, set[str] | None] = {
    "rag_bot/config.py": None,  # defines get_settings
    "rag_bot/frontends/": None,  # CLI and Telegram bot: they read the settings and pass them down
    "rag_bot/agent/graph.py": {"make_graph"},  # the factory langgraph.json names, called by the LangGraph server
    "rag_bot/generated_docs.py": None,  # `python -m rag_bot.generated_docs`: a command of its own
}


def _reads(tree: ast.AST) -> list[tuple[str, int]]:
    """(enclosing function, line) of every settings read in ``tree``."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Call):
            callee = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if callee == "get_settings" or (callee == "Settings" and not node.args and not node.keywords):
                found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def _allowed(path: str, function: str) -> bool:
    return any(path.startswith(prefix) and (functions is None or function in functions)
               for prefix, functions in EDGES.items())


def _all_reads(root: Path) -> list[tuple[str, str, int]]:
    reads = []
    for package in ("rag_bot", "ingest"):
        for file in sorted((root / package).rglob("*.py")):
            path = file.relative_to(root).as_posix()
            reads += [(path, function, line) for function, line in _reads(ast.parse(file.read_text("utf-8")))]
    return reads


def test_only_the_edges_read_the_settings():
    strays = [f"{path}:{line} in {function}" for path, function, line in _all_reads(REPO)
              if not _allowed(path, function)]
    assert strays == [], f"pass the Settings down from the caller instead of reading them here: {strays}"


def test_the_rule_sees_a_deep_read(tmp_path):
    deep = tmp_path / "rag_bot" / "retrieval" / "deep.py"
    deep.parent.mkdir(parents=True)
    (tmp_path / "ingest").mkdir()
    deep.write_text("from rag_bot.config import Settings, get_settings\n\n\ndef top_k():\n"
                    "    return get_settings().top_k\n\n\nDEFAULT = Settings()\n", encoding="utf-8")
    (tmp_path / "ingest" / "ok.py").write_text("def f(settings):\n    return Settings(**settings)\n", "utf-8")
    reads = _all_reads(tmp_path)
    assert [(p, f) for p, f, _ in reads] == [("rag_bot/retrieval/deep.py", "top_k"),
                                             ("rag_bot/retrieval/deep.py", "<module>")]
    assert not any(_allowed(p, f) for p, f, _ in reads)
    assert _allowed("rag_bot/agent/graph.py", "make_graph") and not _allowed("rag_bot/agent/graph.py", "build_graph")
