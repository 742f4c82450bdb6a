"""Find the shipped ``queries/`` and ``ontology/`` folders.

In a wheel they sit in ``kgfc/_resources``; in a source checkout (editable
install) they are the top-level folders beside the package.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from kgfc.errors import UnknownQueryError, did_you_mean

_PKG = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    for candidate in (_PKG / "_resources" / name, _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"kgfc resource folder {name!r} is missing from this install")


def query_names(kind: str = "sparql") -> list[str]:
    ext = ".rq" if kind == "sparql" else ".cypher"
    return sorted(p.stem for p in (resource_dir("queries") / kind).glob(f"*{ext}"))


@cache
def load_query(name: str, kind: str = "sparql") -> str:
    """The text of ``queries/<kind>/<name>.rq`` (or ``.cypher``)."""
    ext = ".rq" if kind == "sparql" else ".cypher"
    path = resource_dir("queries") / kind / f"{name}{ext}"
    if not path.is_file():
        raise UnknownQueryError(
            f"No {kind} query named {name!r}.",
            hint=did_you_mean(name, query_names(kind), "queries"),
        )
    return path.read_text(encoding="utf-8")


def ontology_path() -> Path:
    return resource_dir("ontology") / "kgfc.ttl"
