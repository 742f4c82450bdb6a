"""Source-tree rules: the store seam nothing bypasses, and layers that point one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

PKG = Path(__file__).resolve().parents[1] / "kgfc"
# Backend modules may touch their own engine; nothing else may.
BACKENDS = {"kg/oxigraph_store.py", "kg/sparql_store.py"}
_BYPASS = re.compile(r"\._store\b|getattr\(\s*(?:self\.)?_?store\b")


def _modules():
    for path in sorted(PKG.rglob("*.py")):
        yield path.relative_to(PKG).as_posix(), path


def _imports(path: Path) -> set[str]:
    """Every kgfc module a file imports, at top level or inside functions."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return {m for m in out if m == "kgfc" or m.startswith("kgfc.")}


def test_nothing_outside_the_backend_touches_store_internals():
    offenders = []
    for rel, path in _modules():
        if rel in BACKENDS:
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if _BYPASS.search(code):
                offenders.append(f"kgfc/{rel}:{no}: {line.strip()}")
    assert not offenders, "backend internals touched outside the backend:\n" + "\n".join(offenders)


def test_the_walker_would_catch_a_bypass(tmp_path):
    for bad in ("store._store.extend(q)", 'getattr(store, "_store", None)', "self._store.run(x)"):
        assert _BYPASS.search(bad), bad
    assert not _BYPASS.search("store.write_quads(g, q)")


@pytest.mark.parametrize(
    "layer", ["reason", "web", "pipeline", "agent", "cli", "service", "report"]
)
def test_kg_does_not_import_upper_layers(layer):
    bad = [
        f"kgfc/{rel} imports {m}"
        for rel, path in _modules()
        if rel.startswith("kg/")
        for m in _imports(path)
        if m == f"kgfc.{layer}" or m.startswith(f"kgfc.{layer}.")
    ]
    assert not bad, "\n".join(bad)


def test_models_import_nothing_of_kgfc():
    assert _imports(PKG / "models.py") == set()


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph(root: Path) -> nx.DiGraph:
    """Module -> module edges of the imports a module runs when it is imported.

    Module level only, ``if``/``try`` blocks included (so ``if TYPE_CHECKING:`` imports
    count: a circle a type checker has to untangle is a circle); imports inside
    functions are left out. ``from pkg import name`` points at ``pkg.name`` when that is
    a module, else at ``pkg``.
    """
    mods = {_module_name(p, root): p for p in root.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(mods)

    def visit(name: str, is_pkg: bool, stmts) -> None:
        for node in stmts:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_pkg else name.split(".")[:-1]
                    here = here[: len(here) - node.level + 1]
                    base = ".".join([*here, *([node.module] if node.module else [])])
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    targets.append(sub if sub in mods else base)
            elif isinstance(node, ast.If | ast.Try):
                visit(name, is_pkg, node.body)
                visit(name, is_pkg, node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(name, is_pkg, handler.body)
                visit(name, is_pkg, getattr(node, "finalbody", []))
            graph.add_edges_from((name, t) for t in targets if t in mods and t != name)

    for name, path in mods.items():
        visit(name, path.name == "__init__.py", ast.parse(path.read_text(encoding="utf-8")).body)
    return graph


def test_no_module_imports_itself_through_others():
    cycles = sorted(nx.simple_cycles(_import_graph(PKG)))
    assert not cycles, "import circles:\n" + "\n".join(" -> ".join([*c, c[0]]) for c in cycles)


def test_the_import_graph_would_catch_a_circle(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import X\n"
    )
    (pkg / "c.py").write_text("def f():\n    from pkg import a\n")  # in a function: no edge
    graph = _import_graph(pkg)
    # A cycle may start at any of its nodes (set order varies with the hash seed).
    assert [sorted(c) for c in nx.simple_cycles(graph)] == [["pkg.a", "pkg.sub.b"]]
    assert not graph.has_edge("pkg.c", "pkg.a")
