"""Dependencies run one way: no import cycle in ``rag_bot/`` and ``ingest/``, the index layer imports nothing from
the layers above it, ``rag_bot`` (retrieval included) never imports ``ingest``, and only ``rag_bot/index/`` touches
the index's parts (the writer rule): no other module imports ``chromadb`` or the index's internals (vectors,
keywords, segments, manifest, durable writes, folder layout), writes through a store's ``vectors`` or
``keywords``, or names an index file (``manifest.json``...).

The graph is read from the source with :mod:`ast` (nothing is imported): every ``import`` and ``from ... import``
counts, module level or inside a function, except those under ``if TYPE_CHECKING:`` (never executed). An import
of ``a.b.c`` also runs the packages ``a`` and ``a.b``, so it is an edge to them as well (unless they contain the
importing module: a package's own modules do not re-run it).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rag_bot", "ingest")
# layer -> the layers above it, which it must never import (TYPE_CHECKING imports included: a type is a dependency)
FORBIDDEN = {"rag_bot.index": ("rag_bot.retrieval", "rag_bot.agent", "rag_bot.frontends"),
             "rag_bot": ("ingest",),  # front ends reach ingestion through rag_bot.ingestion (entry points)
             "rag_bot.retrieval": ("ingest", "rag_bot.evaluation")}  # retrieval depends on the index only
# the writer rule: modules outside rag_bot/index reach an index through rag_bot.index.store (read) and
# rag_bot.index.writer (write) and its value types, never through these
INDEX = "rag_bot.index"
INDEX_INTERNALS = ("chromadb", "rag_bot.index.vectors", "rag_bot.index.keywords", "rag_bot.index.segments",
                   "rag_bot.index.manifest", "rag_bot.index.durable", "rag_bot.index.folder", "rag_bot.index.mapped",
                   "rag_bot.index.committed", "rag_bot.index.dense", "rag_bot.index.ann", "rag_bot.index.chunks")
WRITES = ("add", "delete", "apply", "publish", "rebuild")  # the parts' writing methods: only the writer calls them
INDEX_FILE_NAMES = ("manifest.json", "manifest.backup.json", "manifest.map", "settled.json", ".ingest.lock")
# checked besides the packages: the tools (scripts). tests/ and benchmarks/ are exempt as a whole: tests inspect
# the parts on purpose (checksums, segments, a version-1 index built by hand), benchmarks build 300k-1M chunk
# indexes from the parts and time each part.
SCRIPTS = ("tools",)
EXEMPT = {
    "tools.study_retrieval": "a retrieval study that swaps the writer's keyword entries for another composition",
}


def module_files(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Dotted module name -> file, for every module of ``packages`` (a package is its ``__init__.py``)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, skip_type_checking: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import node, at any depth; the body of ``if TYPE_CHECKING:`` is skipped when asked (its ``else`` runs)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if skip_type_checking and isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    """Dotted names an import node may load (modules or attributes; the caller keeps the known modules)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:  # relative: from the importing module's package, one level up per extra dot
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    yield base
    for alias in node.names:
        yield f"{base}.{alias.name}"  # ``from pkg import module`` loads pkg.module


def import_graph(files: dict[str, Path], skip_type_checking: bool = True) -> dict[str, set[str]]:
    """Module -> the modules of ``files`` it imports (directly or as the packages around them)."""
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path)), skip_type_checking):
            for target in _targets(node, module, is_package):
                parts = target.split(".")
                for end in range(1, len(parts) + 1):
                    name = ".".join(parts[:end])
                    if name in files and name != module and not module.startswith(name + "."):
                        edges.add(name)
        graph[module] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (``[a, b, ..., a]``) per strongly connected component of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:  # the graph has ~150 nodes: recursion depth is no concern
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_cycle_in(graph, component) for component in components]


def _cycle_in(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest path from the component's first module back to itself (breadth-first inside the component)."""
    start = min(component)
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & component):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start] if node != start else [start, start]
                if target not in previous:
                    previous[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle in component {sorted(component)}")


def touches_the_index(files: dict[str, Path]) -> list[str]:
    """``module: what`` for each module outside :data:`INDEX` (and not :data:`EXEMPT`) that imports an index
    internal (TYPE_CHECKING included) or holds an index file's name as a string."""
    found = []
    for module, path in sorted(files.items()):
        if module == INDEX or module.startswith(INDEX + ".") or module in EXEMPT:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree, skip_type_checking=False):
            for target in _targets(node, module, path.name == "__init__.py"):
                hit = next((i for i in INDEX_INTERNALS if target == i or target.startswith(i + ".")), None)
                if hit:
                    found.append(f"{module}: imports {target}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES \
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in ("vectors", "keywords"):
                found.append(f"{module}: writes through .{node.func.value.attr}.{node.func.attr}()")
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                named = [name for name in INDEX_FILE_NAMES if name in node.value]
                found += [f"{module}: names {name}" for name in named]
    return sorted(set(found))


# --- the rules -------------------------------------------------------------------------------------------------
def test_no_import_cycle() -> None:
    graph = import_graph(module_files())
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def against_the_flow(graph: dict[str, set[str]]) -> list[str]:
    """``module -> target`` for every import :data:`FORBIDDEN` forbids."""
    return sorted({f"{module} -> {target}" for layer, above in FORBIDDEN.items()
                   for module, targets in graph.items() if module == layer or module.startswith(layer + ".")
                   for target in targets if any(target == up or target.startswith(up + ".") for up in above)})


def test_no_import_against_the_data_flow() -> None:
    wrong = against_the_flow(import_graph(module_files(), skip_type_checking=False))
    assert not wrong, "imports against the data flow:\n" + "\n".join(wrong)


def test_only_the_index_touches_its_parts() -> None:
    files = {**module_files(), **module_files(packages=SCRIPTS)}
    assert set(EXEMPT) <= set(files), "an exemption names a module that does not exist"
    wrong = touches_the_index(files)
    assert not wrong, "outside rag_bot/index, use IndexStore (reads) or IndexWriter (writes):\n" + "\n".join(wrong)


# --- the checker itself, on small trees: it finds what it must and nothing else ---------------------------------
def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return module_files(tmp_path)


@pytest.mark.parametrize(("files", "expected"), [
    ({"rag_bot/__init__.py": "", "rag_bot/a.py": "def f():\n    from rag_bot import b\n",
      "rag_bot/b.py": "from rag_bot.a import f\n"},
     [["rag_bot.a", "rag_bot.b", "rag_bot.a"]]),  # a function-level import closes the cycle
    ({"rag_bot/__init__.py": "", "rag_bot/p/__init__.py": "from .q import x\n", "rag_bot/p/q.py": "x = 1\n",
      "ingest/__init__.py": "", "ingest/m.py": "import rag_bot.p.q\n", "rag_bot/p/r.py": "import ingest.m\n",
      "rag_bot/s.py": ""},
     []),  # a package importing its own module, relative imports, two packages: no cycle
    ({"rag_bot/__init__.py": "", "rag_bot/p/__init__.py": "from rag_bot.s import y\n", "rag_bot/p/q.py": "",
      "rag_bot/s.py": "from rag_bot.p.q import z\n"},
     [["rag_bot.p", "rag_bot.s", "rag_bot.p"]]),  # importing p.q runs p/__init__, which imports s
    ({"rag_bot/__init__.py": "", "rag_bot/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
      "    from rag_bot.b import B\n", "rag_bot/b.py": "import rag_bot.a\n"},
     []),  # a TYPE_CHECKING-only import never runs
])
def test_cycle_finder_on_small_trees(tmp_path: Path, files: dict[str, str], expected: list[list[str]]) -> None:
    assert cycles(import_graph(_tree(tmp_path, files))) == expected


@pytest.mark.parametrize(("files", "expected"), [
    ({"rag_bot/__init__.py": "", "rag_bot/retrieval/__init__.py": "", "rag_bot/retrieval/x.py": "import chromadb\n"},
     ["rag_bot.retrieval.x: imports chromadb"]),
    ({"rag_bot/__init__.py": "", "ingest/__init__.py": "",
      "ingest/p.py": "def f():\n    from rag_bot.index.manifest import Manifest\n"},
     ["ingest.p: imports rag_bot.index.manifest", "ingest.p: imports rag_bot.index.manifest.Manifest"]),
    ({"rag_bot/__init__.py": "", "rag_bot/f.py": "from rag_bot.index import keywords\nP = 'idx/manifest.json'\n"},
     ["rag_bot.f: imports rag_bot.index.keywords", "rag_bot.f: names manifest.json"]),
    ({"ingest/__init__.py": "", "ingest/p.py": "def f(store):\n    store.vectors.add([], [], [], [])\n"
      "    store.keywords.search('q')\n"},
     ["ingest.p: writes through .vectors.add()"]),  # reading through the store is fine, writing is the writer's
    ({"rag_bot/__init__.py": "", "rag_bot/index/__init__.py": "", "rag_bot/index/w.py":
      "import chromadb\nfrom rag_bot.index import segments\nN = 'manifest.json'\n",
      "rag_bot/r.py": "from rag_bot.index.store import IndexStore\nfrom rag_bot.index.writer import IndexWriter\n"},
     []),  # inside the index anything goes; outside, the store and the writer are the doors
])
def test_writer_rule_checker_on_small_trees(tmp_path: Path, files: dict[str, str], expected: list[str]) -> None:
    assert touches_the_index(_tree(tmp_path, files)) == expected


def test_data_flow_checker_on_small_trees(tmp_path: Path) -> None:
    files = _tree(tmp_path, {"rag_bot/__init__.py": "", "rag_bot/retrieval/__init__.py": "",
                             "rag_bot/retrieval/e.py": "from ingest.pipeline import run\n",
                             "rag_bot/frontends/__init__.py": "", "rag_bot/frontends/c.py": "import ingest\n",
                             "ingest/__init__.py": "", "ingest/pipeline.py": "from rag_bot.index.writer import W\n"})
    assert against_the_flow(import_graph(files, skip_type_checking=False)) == [
        "rag_bot.frontends.c -> ingest", "rag_bot.retrieval.e -> ingest", "rag_bot.retrieval.e -> ingest.pipeline"]
