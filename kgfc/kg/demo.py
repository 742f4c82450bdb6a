"""The bundled demo KG: CoDEx-M train + English Wikidata labels, no network needed.

``kgfc/data/demo_kg.nq.gz`` is built by ``scripts/build_demo_kg.py`` (see
``kgfc/data/DEMO_KG.md``). Every part of it is a named graph under
``https://w3id.org/kgfc/source/demo/`` carrying its own PROV-O record, so once
loaded it is an ordinary set of sources: listed, queried and retracted like
any other.

Loading goes through :meth:`KnowledgeGraph.load_bundle` (a bulk load: a few seconds
instead of a minute of transactional inserts), which marks every demo graph as
loading first, so a killed load leaves no half-written demo behind and
:func:`demo_loaded` reports the demo as absent until a load has finished.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from kgfc.errors import StoreError
from kgfc.kg import vocab as V
from kgfc.kg.store import KnowledgeGraph

# kgfc/data sits inside the package, so it ships in the wheel beside this module.
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DEMO_PATH = DATA_DIR / "demo_kg.nq.gz"
DEMO_META = DATA_DIR / "demo_kg.json"
DEMO_GRAPH_PREFIX = V.KGFC_SOURCE + "demo/"


@cache
def demo_info() -> dict[str, Any]:
    """The demo's counts (facts, entities, labels, sources, quads...) and graphs, written at build time."""
    info: dict[str, Any] = json.loads(DEMO_META.read_text(encoding="utf-8"))
    return info


def demo_graphs() -> list[str]:
    return list(demo_info()["graphs"])


def demo_loaded(store: KnowledgeGraph) -> bool:
    """True when every demo graph is in the store and none is half-written."""
    return all(store.has_source(iri) for iri in demo_graphs())


def ensure_demo(store: KnowledgeGraph) -> bool:
    """Load the demo KG into ``store`` unless it is already there. Returns True if it loaded.

    A partly present demo (an interrupted load, a retracted demo graph, a
    demo from an older kgfc) is replaced whole, so the store ends up with
    exactly the shipped file. Callers that must respect a user's retraction
    check :func:`demo_loaded` and the store's sources first.
    """
    if demo_loaded(store):
        return False
    if store.read_only:
        raise StoreError(
            "The store is open read-only; cannot load the demo KG.",
            hint="Re-run without --read-only.",
        )
    if not DEMO_PATH.is_file():  # pragma: no cover - a broken install
        raise StoreError(f"The bundled demo KG is missing from this install ({DEMO_PATH}).")
    stale = [s.iri for s in store.sources() if s.iri.startswith(DEMO_GRAPH_PREFIX)]
    store.load_bundle(DEMO_PATH, sorted(set(demo_graphs()) | set(stale)))
    return True
