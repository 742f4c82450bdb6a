"""Source-tree rules: the store seam nothing bypasses, and layers that point one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

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
